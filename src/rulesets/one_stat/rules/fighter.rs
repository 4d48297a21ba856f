//! A 1 Stat Skirmish fighter: its tier and die, its one stat, its weapons by hands and its
//! specialisation (one-stat-skirmish.txt, "What do you need", "Specialists").

use serde::{Deserialize, Serialize};

/// The three tiers of a warband, each with its own die ("1 D10 for the Boss. 1D8 for the
/// Specialists, 1D6 for the Rookies").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Tier {
    /// A d6; removed at its first wound.
    Rookie,
    /// A d8, with one specialisation.
    Specialist,
    /// A d10: commands, ignores his first wound a turn, and picks a specialisation of his own.
    Boss,
}

impl Tier {
    /// Faces of the tier's die: 6, 8 or 10.
    pub fn die(self) -> u8 {
        match self {
            Tier::Rookie => 6,
            Tier::Specialist => 8,
            Tier::Boss => 10,
        }
    }

    /// The tier in words.
    pub fn word(self) -> &'static str {
        match self {
            Tier::Rookie => "Rookie",
            Tier::Specialist => "Specialist",
            Tier::Boss => "Boss",
        }
    }
}

/// The sixteen specialisations ("Each specialist has a unique skill"); the Boss "may select
/// any one specialization from the list".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Specialisation {
    /// Ignores terrain on a move into base contact, on a roll equal to or below stat.
    Assassin,
    /// May attack twice in melee.
    Berserker,
    /// Cannot attack; summons a demon with both actions.
    Controller,
    /// Rolls below stat to activate a Rookie within 10" at once.
    Driver,
    /// Rolls two dice, the better, when manipulating a device.
    Engineer,
    /// Attacks within 20" and line of sight, two dice, the worse; no weapons.
    ForceUser,
    /// Removes a wound from another fighter within 5" on a roll of stat or below.
    Healer,
    /// Performs one action with an opposing fighter within 15", with that fighter's die.
    Influencer,
    /// Attacks at once after two straight moves into base contact.
    Maniac,
    /// Rookies within 2": +1 on defence rolls, -1 on attack rolls.
    Preacher,
    /// Attacks any target within 15", two dice, the better.
    Ranger,
    /// Shifts into an animal shape and back with two actions and a roll.
    Shapeshifter,
    /// Defends with two dice, the better; friends in base contact may defend with its stat.
    Tank,
    /// -1 on melee attacks, +1 on defence.
    Veteran,
    /// Defending in melee on a roll of stat or below, makes the attacker defend too.
    Warrior,
}

impl Specialisation {
    /// Every specialisation, in the text's order.
    pub const ALL: [Specialisation; 15] = [
        Specialisation::Assassin,
        Specialisation::Berserker,
        Specialisation::Controller,
        Specialisation::Driver,
        Specialisation::Engineer,
        Specialisation::ForceUser,
        Specialisation::Healer,
        Specialisation::Influencer,
        Specialisation::Maniac,
        Specialisation::Preacher,
        Specialisation::Ranger,
        Specialisation::Shapeshifter,
        Specialisation::Tank,
        Specialisation::Veteran,
        Specialisation::Warrior,
    ];

    /// The name as the text prints it.
    pub fn word(self) -> &'static str {
        match self {
            Specialisation::Assassin => "Assassin",
            Specialisation::Berserker => "Berserker",
            Specialisation::Controller => "Controller",
            Specialisation::Driver => "Driver",
            Specialisation::Engineer => "Engineer",
            Specialisation::ForceUser => "Force User",
            Specialisation::Healer => "Healer",
            Specialisation::Influencer => "Influencer",
            Specialisation::Maniac => "Maniac",
            Specialisation::Preacher => "Preacher",
            Specialisation::Ranger => "Ranger",
            Specialisation::Shapeshifter => "Shapeshifter",
            Specialisation::Tank => "Tank",
            Specialisation::Veteran => "Veteran",
            Specialisation::Warrior => "Warrior",
        }
    }
}

/// A shooter's class ("Shooters come in the three categories").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Shooter {
    /// "light" (requires 1 hand).
    Light,
    /// "normal" (2 hands).
    Normal,
    /// "heavy" (2 hands, with drawback): no melee attack for its bearer.
    Heavy,
}

/// A weapon, as the roster names it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Weapon {
    /// A melee weapon, one- or two-handed ("When the attacker wields a two handed weapon,
    /// after receiveing a wound, the defender needs to defend successfully again").
    Melee {
        /// Its name (`vibro-axe`).
        name: String,
        /// Whether it takes both hands.
        two_handed: bool,
    },
    /// A shooter of `class`.
    Shooter {
        /// Its name (`blaster pistol`).
        name: String,
        /// Its class.
        class: Shooter,
    },
}

impl Weapon {
    /// Hands it takes: 1 or 2 (light shooters and one-handed melee weapons take one).
    pub fn hands(&self) -> u8 {
        match self {
            Weapon::Melee { two_handed, .. } => 1 + u8::from(*two_handed),
            Weapon::Shooter { class, .. } => {
                if *class == Shooter::Light {
                    1
                } else {
                    2
                }
            }
        }
    }

    /// Its name.
    pub fn name(&self) -> &str {
        match self {
            Weapon::Melee { name, .. } | Weapon::Shooter { name, .. } => name,
        }
    }
}

/// One fighter on a warband's roster.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fighter {
    /// Its id in the warband (unique there).
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its tier.
    pub tier: Tier,
    /// Its one stat, 1 to its die's faces ("the value for everything").
    pub stat: u8,
    /// What it carries.
    #[serde(default)]
    pub weapons: Vec<Weapon>,
    /// A Specialist's specialisation, or the Boss's pick; none for a Rookie.
    #[serde(default)]
    pub specialisation: Option<Specialisation>,
}

impl Fighter {
    /// Whether it has `s`.
    pub fn is(&self, s: Specialisation) -> bool {
        self.specialisation == Some(s)
    }

    /// Its melee weapon that takes the most hands, if any.
    pub fn melee_weapon(&self) -> Option<&Weapon> {
        self.weapons
            .iter()
            .filter(|w| matches!(w, Weapon::Melee { .. }))
            .max_by_key(|w| w.hands())
    }

    /// Its shooter of the class that reaches farthest (normal, then light, then heavy), if any.
    pub fn shooter(&self) -> Option<Shooter> {
        let classes: Vec<Shooter> = self
            .weapons
            .iter()
            .filter_map(|w| match w {
                Weapon::Shooter { class, .. } => Some(*class),
                Weapon::Melee { .. } => None,
            })
            .collect();
        [Shooter::Normal, Shooter::Light, Shooter::Heavy]
            .into_iter()
            .find(|c| classes.contains(c))
    }

    /// His shooters: each one's place in [`Fighter::weapons`] and its class.
    pub fn shooters(&self) -> Vec<(usize, Shooter)> {
        self.weapons
            .iter()
            .enumerate()
            .filter_map(|(k, w)| match w {
                Weapon::Shooter { class, .. } => Some((k, *class)),
                Weapon::Melee { .. } => None,
            })
            .collect()
    }

    /// The class of the shooter he fires: `weapon` (its place in [`Fighter::weapons`]) where
    /// the player chose one, else [`Fighter::shooter`], or for `area` fire his heavy shooter
    /// ("Shooters come in the three categories": each a weapon of its own, so a fighter who
    /// carries two fires whichever he likes).
    ///
    /// Errors: no shooter, or `weapon` no shooter of his.
    pub fn shooter_for(&self, weapon: Option<usize>, area: bool) -> Result<Shooter, String> {
        let class = match weapon {
            Some(k) => match self.weapons.get(k) {
                Some(Weapon::Shooter { class, .. }) => Some(*class),
                _ => return Err(format!("{} has no shooter {k}", self.name)),
            },
            None if area && self.has_heavy_shooter() => Some(Shooter::Heavy),
            None => self.shooter(),
        };
        class.ok_or_else(|| format!("{} has no shooter", self.name))
    }

    /// "A fighter with a heavy shooter cannot use the *Melee Attack* action!"
    pub fn has_heavy_shooter(&self) -> bool {
        self.weapons.iter().any(|w| {
            matches!(
                w,
                Weapon::Shooter {
                    class: Shooter::Heavy,
                    ..
                }
            )
        })
    }
}
