//! Figure profiles and weapons: tyneside-skirmish.txt, Figure/Unit types table, the weapon
//! range table (Shooting rules), Droids and Additional Character statistics.
//! The data itself is in assets/rosters/tyneside/*.ron.

use serde::{Deserialize, Serialize};

pub use super::range::RangeBand;
use super::vehicles::Vehicle;

/// Firepower values "for shooting at Long/Medium/Point Blank – ranges", in firepower points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Firepower {
    /// At long range.
    pub long: u32,
    /// At medium range.
    pub medium: u32,
    /// At point blank.
    pub point_blank: u32,
}

impl Firepower {
    /// The value for a range band.
    pub fn at(&self, band: RangeBand) -> u32 {
        match band {
            RangeBand::Long => self.long,
            RangeBand::Medium => self.medium,
            RangeBand::PointBlank => self.point_blank,
        }
    }
}

/// A weapon's ranges in inches (tyneside-skirmish.txt, Shooting rules, weapon table).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weapon {
    /// Name as in the table, e.g. "Blaster".
    pub name: String,
    /// Long range limit, inches.
    pub long: f32,
    /// Medium range limit, inches.
    pub medium: f32,
    /// Point blank limit, inches.
    pub point_blank: f32,
    /// Targets closer than this cannot be engaged (vehicle guns: "(Min 2″)"), inches.
    #[serde(default)]
    pub minimum: f32,
    /// A heavy weapon that can hurt armoured vehicles: "Only Heavy lasers and bigger weapons
    /// can hurt armoured vehicles"; "Missile launchers count the same as Heavy lasers".
    #[serde(default)]
    pub heavy: bool,
}

impl Weapon {
    /// The band a target `distance` inches away falls in, or `None` when out of range.
    ///
    /// tyneside-skirmish.txt, Shooting rules: "Measure ranges to the nearest enemy group."
    pub fn band(&self, distance: f32) -> Option<RangeBand> {
        if distance < self.minimum {
            None
        } else if distance <= self.point_blank {
            Some(RangeBand::PointBlank)
        } else if distance <= self.medium {
            Some(RangeBand::Medium)
        } else if distance <= self.long {
            Some(RangeBand::Long)
        } else {
            None
        }
    }
}

/// Special abilities (tyneside-skirmish.txt, Additional qualities and character notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Ability {
    /// "Can heal other figures wounds if stationary and in contact with a wounded figure (5,6 – D6)".
    Medic,
    /// "Figure can access or repair machines on a 6 (D6) if stationary and in contact with the
    /// machine."
    Tech,
    /// "These can change the order of any group within 12″" (player characters only).
    GiftedCommander,
    /// Carries a lightsaber: duels other lightsaber users, and any opponent counts unarmoured.
    Lightsaber,
    /// Wears armour: 'W' fire results become 'D'; the armoured melee column.
    Armoured,
    /// Uses the Force (Force points in [`Profile::force_points`]).
    ForceUser,
    /// Dark side Force user.
    DarkSide,
    /// Ignored by Imperials ("These droids are never targeted by Imperials").
    IgnoredByImperials,
    /// A droid: not "a living opponent" for a Force choke.
    Droid,
    /// Battle droids: "These should simply advance towards the nearest enemy" (Advance, whatever
    /// the Random movement table says).
    SimplyAdvances,
    /// The Nexu: "Attacks nearest creature" (Attack, whatever the table says).
    AttacksNearest,
    /// An officer: counts with heroes on the Random movement table ("Per Hero/Officer within
    /// 12″") and in Enemy force generation ("+2: Imperial Officer on the table").
    Officer,
    /// R2D2: "May fly at 24″ per turn" (a flight of up to 24", over anything on the way).
    Flies,
    /// R2D2: "Always acts as player wants": its group takes the order its player picks, never
    /// the Random movement table's.
    ActsAsPlayerWants,
    /// C3PO: "He will move in company with the player's figure, or R2D2": he ends every move
    /// within 5" of one of them, or nearer one than he was.
    InCompany,
    /// Boba Fett: "May fly as Jedi force jump" (a Force jump at a Jedi's level, no Force point).
    JetPack,
}

impl Ability {
    /// The ability as a figure's card names it, with what it does in the words of
    /// tyneside-skirmish.txt, Additional qualities and character notes, shortened (the card
    /// showed `[Medic, Tech]`, the program's own spelling).
    pub fn words(self) -> &'static str {
        match self {
            Ability::Medic => "medic (stationary and in contact, heals a wound on 5-6)",
            Ability::Tech => {
                "tech (stationary and in contact, accesses or repairs a machine on a 6)"
            }
            Ability::GiftedCommander => {
                "gifted commander (changes the order of any group within 12\" by up to 2D6)"
            }
            Ability::Lightsaber => "lightsaber",
            Ability::Armoured => "armoured",
            Ability::ForceUser => "uses the Force",
            Ability::DarkSide => "dark side",
            Ability::IgnoredByImperials => "never targeted by Imperials",
            Ability::Droid => "droid",
            Ability::SimplyAdvances => "simply advances towards the nearest enemy",
            Ability::AttacksNearest => "attacks the nearest creature",
            Ability::Officer => "officer",
            Ability::Flies => "may fly at 24\" per turn",
            Ability::ActsAsPlayerWants => "acts as its player wishes",
            Ability::InCompany => "moves in company with the player's figure or R2D2",
            Ability::JetPack => "may fly as a Jedi Force jump",
        }
    }
}

/// A figure type or named character's statistics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    /// Name as in the text, e.g. "Stormtrooper", "Han Solo".
    pub name: String,
    /// Firepower (long/medium/point blank); `None` for "-" (uses defence instead).
    #[serde(default)]
    pub firepower: Option<Firepower>,
    /// Bracketed firepower of lightsaber users, used only to deflect shots (Jedi powers).
    #[serde(default)]
    pub deflect: Option<Firepower>,
    /// Defence: "used only if no Firepower value".
    #[serde(default)]
    pub defence: Option<u32>,
    /// Initiative: movement ascending, shooting descending.
    pub initiative: u32,
    /// Melee value, added to a D6 in close combat.
    pub melee: u32,
    /// Force points (0 for figures that do not use the Force).
    #[serde(default)]
    pub force_points: u32,
    /// Walking move in inches ("foot figures walk at 5″"; Chewbacca and Gaarkhan 7").
    #[serde(default = "default_move")]
    pub move_inches: f32,
    /// The weapon the figure carries unless a scenario says otherwise (name in weapons.ron).
    #[serde(default)]
    pub weapon: Option<String>,
    /// Special abilities.
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// A vehicle (Vehicle rules), or `None` for a figure on foot.
    #[serde(default)]
    pub vehicle: Option<Vehicle>,
    /// Base radius, inches, of a figure of this profile the rules bring on at a portal
    /// (scenarios give each of their own figures' bases).
    #[serde(default = "default_base")]
    pub base: f32,
    /// The text's notes column, shown on the unit card.
    #[serde(default)]
    pub notes: String,
    /// A named character of the text who leads (Han Solo, Darth Vader, the Ghost's crew):
    /// the scenario editor makes one a hero when it is placed for a side people play
    /// ("Heroes, run by players", tyneside-skirmish.txt, Morale).
    #[serde(default)]
    pub named: bool,
}

fn default_move() -> f32 {
    5.0
}

fn default_base() -> f32 {
    0.5
}

impl Profile {
    /// Whether the profile has `a`.
    pub fn has(&self, a: Ability) -> bool {
        self.abilities.contains(&a)
    }
}

/// All profiles and weapons of the rule set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Roster {
    /// Every profile, in the text's order.
    pub profiles: Vec<Profile>,
    /// Every weapon of the range table.
    pub weapons: Vec<Weapon>,
}

/// The bundled roster files, embedded so the game runs from any directory.
pub const PROFILES_RON: &str = include_str!("../../../../assets/rosters/tyneside/profiles.ron");
/// The bundled weapon table.
pub const WEAPONS_RON: &str = include_str!("../../../../assets/rosters/tyneside/weapons.ron");

impl Roster {
    /// The roster bundled with Holotable (assets/rosters/tyneside/).
    ///
    /// Errors: a RON error if the bundled files are malformed (a build-time test keeps them valid).
    pub fn bundled() -> Result<Self, ron::error::SpannedError> {
        let profiles: Vec<Profile> = ron::from_str(PROFILES_RON)?;
        let weapons: Vec<Weapon> = ron::from_str(WEAPONS_RON)?;
        Ok(Self { profiles, weapons })
    }

    /// The profile called `name` (case-insensitive).
    pub fn profile(&self, name: &str) -> Option<&Profile> {
        self.profiles
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name))
    }

    /// The weapon called `name` (case-insensitive).
    pub fn weapon(&self, name: &str) -> Option<&Weapon> {
        self.weapons
            .iter()
            .find(|w| w.name.eq_ignore_ascii_case(name))
    }

    /// The known name closest to `name` (by edit distance), for `did you mean` hints.
    pub fn nearest_profile(&self, name: &str) -> Option<&str> {
        nearest(name, self.profiles.iter().map(|p| p.name.as_str()))
    }

    /// The weapon name closest to `name`.
    pub fn nearest_weapon(&self, name: &str) -> Option<&str> {
        nearest(name, self.weapons.iter().map(|w| w.name.as_str()))
    }
}

/// The candidate with the smallest edit distance to `name` (case-insensitive).
pub fn nearest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let lower = name.to_lowercase();
    candidates.min_by_key(|c| strsim::levenshtein(&lower, &c.to_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_roster_has_the_texts_tables() {
        let r = Roster::bundled().expect("bundled roster parses");
        let st = r.profile("stormtrooper").unwrap();
        assert_eq!(
            st.firepower,
            Some(Firepower {
                long: 1,
                medium: 2,
                point_blank: 3
            })
        );
        assert_eq!((st.initiative, st.melee), (1, 1));
        let obi = r.profile("Obi Wan Kenobi").unwrap();
        assert_eq!(
            (obi.firepower, obi.defence, obi.force_points),
            (None, Some(9), 14)
        );
        assert!(obi.has(Ability::Lightsaber));
        assert_eq!(r.profile("Chewbacca").unwrap().move_inches, 7.0);
        assert!(
            r.profile("Gideon Argus")
                .unwrap()
                .has(Ability::GiftedCommander)
        );
        assert!(r.profile("Battle Droid").unwrap().has(Ability::Armoured));
        assert_eq!(r.profile("Nexu").unwrap().defence, Some(5));
        for p in &r.profiles {
            assert!(
                p.firepower.is_some() || p.defence.is_some(),
                "{} has neither",
                p.name
            );
            if let Some(w) = &p.weapon {
                assert!(r.weapon(w).is_some(), "{}: unknown weapon {w}", p.name);
            }
        }
        assert_eq!(r.profiles.len(), 55);
    }

    #[test]
    fn weapon_table_bands() {
        let r = Roster::bundled().unwrap();
        let blaster = r.weapon("Blaster").unwrap();
        assert_eq!(blaster.band(8.0), Some(RangeBand::PointBlank));
        assert_eq!(blaster.band(8.1), Some(RangeBand::Medium));
        assert_eq!(blaster.band(15.0), Some(RangeBand::Medium));
        assert_eq!(blaster.band(40.0), Some(RangeBand::Long));
        assert_eq!(blaster.band(40.5), None);
        let st = r.weapon("Stormtrooper blaster").unwrap();
        assert_eq!((st.long, st.medium, st.point_blank), (25.0, 10.0, 5.0));
        let sth = r.weapon("Stormtrooper heavy blaster").unwrap();
        assert_eq!((sth.long, sth.medium, sth.point_blank), (40.0, 15.0, 8.0));
        let chin = r.weapon("Walker chin guns").unwrap();
        assert_eq!(chin.band(1.5), None, "(Min 2\")");
    }

    #[test]
    fn nearest_name_suggestion() {
        let r = Roster::bundled().unwrap();
        assert_eq!(r.nearest_profile("Storm trooper"), Some("Stormtrooper"));
        assert_eq!(r.nearest_profile("Dart Vader"), Some("Darth Vader"));
    }
}
