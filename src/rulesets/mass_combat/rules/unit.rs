//! Unit statistics and the army roster: d6-mass-combat.txt, Units ("Units are measured by
//! their move, dexterity, their blaster skill, their dodge skill, their strength, their
//! stamina skill, their commander's command skill, and their overall training") and Army
//! Statistics. The bundled roster is `assets/rosters/mass_combat/army.ron`: every value the
//! text prints as printed, each value it leaves out named in the unit's `ours`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::charts::{Army, Experience, Loyalty, experience_skill};
use super::code::Code;
use crate::rules::scenario::{ScenarioError, ron_error, ron_options};

/// The bundled roster: the text's army statistics.
pub const BUNDLED: &str = include_str!("../../../../assets/rosters/mass_combat/army.ron");

/// The scale a unit fights at (docs/rules/mass_combat.md, "Scale": the text says "All the
/// normal scale rules apply" and prints no chart; these are the D6 system's).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Scale {
    /// People: 0D.
    #[default]
    Character,
    /// Speeders and speeder bikes: 2D.
    Speeder,
    /// Walkers: 4D.
    Walker,
    /// Starfighters: 6D.
    Starfighter,
}

impl Scale {
    /// Its dice on the scale chart.
    pub fn dice(self) -> Code {
        Code::d(match self {
            Scale::Character => 0,
            Scale::Speeder => 2,
            Scale::Walker => 4,
            Scale::Starfighter => 6,
        })
    }
}

/// One weapon type a unit carries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// As the text names it ("Blaster rifle").
    pub name: String,
    /// The skill it is fired with (`blaster`, `grenade`, `heavy weapons`, `melee combat`);
    /// a vehicle's weapons use its pilots' heavy weapons skill plus the fire control.
    pub skill: String,
    /// Its damage code.
    pub damage: Code,
    /// Short, medium and long range limits in metres ("range: 30m/100m/200m").
    pub ranges: [f32; 3],
    /// The least range it fires at, in metres (the AT-AT's "50-500"); 0 for most.
    #[serde(default)]
    pub min_range: f32,
    /// A vehicle weapon's fire control, added to the skill.
    #[serde(default)]
    pub fire_control: Code,
    /// Thrown once and gone (a grenade): "The next round, the unit would have 20 less
    /// grenades to allocate."
    #[serde(default)]
    pub used_up: bool,
    /// Energy (blasters, lasers) rather than physical (grenades, melee): which armour bonus
    /// stands against it.
    #[serde(default = "yes")]
    pub energy: bool,
}

fn yes() -> bool {
    true
}

/// A unit's armour: "field armor and helmet(+1D physical, +2 energy)".
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armour {
    /// As the text names it.
    pub name: String,
    /// Added to strength against physical damage.
    #[serde(default)]
    pub physical: Code,
    /// Added to strength against energy weapons.
    #[serde(default)]
    pub energy: Code,
    /// Off dexterity and the skills under it (stormtrooper armour's "1D Dexterity and related
    /// skills", read as a penalty), as a negative code.
    #[serde(default)]
    pub dexterity: Code,
}

/// The statistics of one kind of unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitType {
    /// Roster id (`stormtrooper_squad`).
    pub id: String,
    /// As the text names it ("Stormtrooper Squad").
    pub name: String,
    /// MOVE, the text's relative move ("MOVE: 2 (6 KPH)").
    #[serde(rename = "move")]
    pub move_: u32,
    /// Its speed in kilometres an hour ("6 KPH").
    pub kph: f32,
    /// DEXTERITY; for vehicles the pilots' (the text: "The vehicle's Maneuver Code plus the
    /// average pilots' Dexterity code is used instead of Dexterity").
    pub dexterity: Code,
    /// A vehicle's maneuverability ("MANEUVERABILITY: 3D+2"; the AT-AT's "none" is 0D),
    /// added to its pilots' dexterity to dodge; `None` for soldiers.
    #[serde(default)]
    pub maneuverability: Option<Code>,
    /// Skills by name, lower case ("blaster", "dodge", "grenade", "brawling parry"…).
    #[serde(default)]
    pub skills: BTreeMap<String, Code>,
    /// STRENGTH; for vehicles the body strength ("BODY STRENGTH: 6D").
    pub strength: Code,
    /// Stamina, the morale and march roll.
    pub stamina: Code,
    /// Its commander's COMMAND (and tactics, which the text does not list).
    pub command: Code,
    /// The weapons it carries, one entry per weapon type.
    pub weapons: Vec<Weapon>,
    /// Its armour, if any.
    #[serde(default)]
    pub armour: Option<Armour>,
    /// UNIT SIZE: men or vehicles.
    pub size: u32,
    /// The scale it fights at.
    #[serde(default)]
    pub scale: Scale,
    /// A unit of vehicles: the Unit Damage Chart's vehicle row names its damage, and its
    /// pilots' skills are ours where the text gives the vehicle only.
    #[serde(default)]
    pub vehicle: bool,
    /// Its loyalty.
    #[serde(default)]
    pub loyalty: Loyalty,
    /// Troops it can carry ("carries 40 (troops) or 2 AT-ST's"), in men.
    #[serde(default)]
    pub carries: u32,
    /// The fields whose values are ours, not the text's (the text leaves them out).
    #[serde(default)]
    pub ours: Vec<String>,
}

impl UnitType {
    /// Skill `name` with the armour's dexterity penalty, or its dexterity (with the penalty)
    /// if the unit has no such skill: the D6 system's untrained use of a skill.
    /// A vehicle dodges with its maneuverability plus its pilots' dexterity.
    pub fn skill(&self, name: &str) -> Code {
        if let (Some(m), "dodge") = (self.maneuverability, name) {
            return m + self.dexterity;
        }
        let base = self.skills.get(name).copied().unwrap_or(self.dexterity);
        let penalty = if matches!(
            name,
            "blaster" | "dodge" | "grenade" | "heavy weapons" | "blaster artillery"
        ) {
            self.armour.as_ref().map_or(Code::ZERO, |a| a.dexterity)
        } else {
            Code::ZERO
        };
        base + penalty
    }

    /// What its combined DEX or SPEED roll throws before the combined actions modifier
    /// (Deployment: "make a combined DEX or SPEED roll"): its dexterity with the armour's
    /// penalty; for vehicles, whose speed the text gives as MOVE and kilometres an hour and not
    /// as a code, its stand-in for dexterity: "The vehicle's Maneuver Code plus the average
    /// pilots' Dexterity code is used instead of Dexterity"
    /// (docs/rules/mass_combat.md, "Arriving on time").
    pub fn dex_or_speed(&self) -> Code {
        match self.maneuverability {
            Some(m) => m + self.dexterity,
            None => self.dexterity + self.armour.as_ref().map_or(Code::ZERO, |a| a.dexterity),
        }
    }

    /// The unit's statistics a leader's bonus pip may go to (Subordinate Bonus: "the pips are
    /// added to one of the unit's average statistics"): dexterity, dodge, each skill its
    /// weapons fire with, strength and stamina.
    pub fn statistics(&self) -> Vec<String> {
        let mut out = vec!["dexterity".to_string(), "dodge".to_string()];
        for w in &self.weapons {
            if !out.contains(&w.skill) {
                out.push(w.skill.clone());
            }
        }
        out.extend(["strength".to_string(), "stamina".to_string()]);
        out
    }

    /// Its skills made from experience `level` on `army`'s row of the chart: its dodge (a
    /// unit of vehicles dodges with its maneuverability and its pilots' dexterity, which the
    /// chart leaves) and each skill its weapons fire with, at the chart's middle
    /// ([`experience_skill`]; docs/rules/mass_combat.md, "The experience chart").
    pub fn with_experience(&mut self, level: Experience, army: Army) {
        let skill = experience_skill(level, army);
        let mut names: Vec<String> = self.weapons.iter().map(|w| w.skill.clone()).collect();
        if self.maneuverability.is_none() {
            names.push("dodge".into());
        }
        for n in names {
            self.skills.insert(n, skill);
        }
    }

    /// Strength against `weapon`: strength plus the armour's energy or physical bonus
    /// (docs/rules/mass_combat.md, "Armour").
    pub fn strength_against(&self, energy: bool) -> Code {
        self.strength
            + self.armour.as_ref().map_or(
                Code::ZERO,
                |a| {
                    if energy { a.energy } else { a.physical }
                },
            )
    }
}

/// A roster file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roster {
    /// Its units.
    pub units: Vec<UnitType>,
}

impl Roster {
    /// The unit with roster id `id`.
    pub fn get(&self, id: &str) -> Option<&UnitType> {
        self.units.iter().find(|u| u.id == id)
    }
}

/// Reads roster `src` (named `file` in messages).
///
/// Errors: RON that does not parse or a field of the wrong shape (`file:line:column` and
/// what was expected); two units with one id; a unit of size 0 or with no weapon; an `ours`
/// naming no field.
pub fn parse_roster(src: &str, file: &str) -> Result<Roster, Vec<ScenarioError>> {
    let roster: Roster = ron_options()
        .from_str(src)
        .map_err(|e| vec![ron_error(file, &e)])?;
    let mut errors = Vec::new();
    let at = |id: &str| {
        let offset = src.find(&format!("\"{id}\"")).unwrap_or(0);
        crate::rules::scenario::line_col(src, offset)
    };
    let fields = [
        "move",
        "kph",
        "dexterity",
        "maneuverability",
        "skills",
        "strength",
        "stamina",
        "command",
        "weapons",
        "armour",
        "size",
        "scale",
        "loyalty",
        "carries",
    ];
    let mut seen = std::collections::HashSet::new();
    for u in &roster.units {
        let (line, column) = at(&u.id);
        let mut bad = |message: String| {
            errors.push(ScenarioError {
                file: file.into(),
                line,
                column,
                message,
            })
        };
        if !seen.insert(u.id.as_str()) {
            bad(format!(
                "a second unit with id \"{}\": ids must differ",
                u.id
            ));
        }
        if u.size == 0 {
            bad(format!(
                "{}: a unit has at least one member (UNIT SIZE)",
                u.id
            ));
        }
        if u.weapons.is_empty() {
            bad(format!(
                "{}: a unit carries at least one weapon (WEAPONS)",
                u.id
            ));
        }
        for o in &u.ours {
            let field = o.split('.').next().unwrap_or(o);
            if !fields.contains(&field) {
                bad(format!(
                    "{}: \"{o}\" in ours is no field; expected one of {}",
                    u.id,
                    fields.join(", ")
                ));
            }
        }
    }
    if errors.is_empty() {
        Ok(roster)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_roster_holds_the_texts_army_statistics() {
        let r = parse_roster(BUNDLED, "army.ron").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(r.units.len(), 10);
        // As printed: "Stormtrooper Squad MOVE: 2 (6 KPH) DEXTERITY 2D Blaster 4D Brawling
        // Parry 4D Dodge 4D STRENGTH 2D Brawling 3D COMMAND 2D ... UNIT SIZE: 6".
        let st = r.get("stormtrooper_squad").unwrap();
        assert_eq!(
            (st.move_, st.dexterity, st.strength, st.command, st.size),
            (2, Code::d(2), Code::d(2), Code::d(2), 6)
        );
        assert_eq!(st.skills["blaster"], Code::d(4));
        // "Blaster Rifle (3D in armor)": 4D less the armour's 1D.
        assert_eq!(st.skill("blaster"), Code::d(3));
        assert!(st.ours.contains(&"stamina".to_string()));
        let atat = r.get("at_at_platoon").unwrap();
        assert_eq!(
            (atat.strength, atat.size, atat.carries, atat.scale),
            (Code::d(6), 4, 40, Scale::Walker)
        );
        assert_eq!(atat.weapons[0].min_range, 50.0);
        assert_eq!(atat.weapons[0].ranges, [500.0, 1500.0, 3000.0]);
        let rebels = r.get("rebel_soldier_squad").unwrap();
        assert_eq!(rebels.weapons[1].damage, Code::d(5));
        assert!(rebels.weapons[1].used_up);
        assert!(rebels.ours.contains(&"skills.dodge".to_string()));
    }

    #[test]
    fn a_broken_roster_names_file_line_and_column() {
        let e = parse_roster("(units: [(id: \"x\", name: 3)])", "bad.ron").unwrap_err();
        assert_eq!(
            (e[0].file.as_str(), e[0].line, e[0].column),
            ("bad.ron", 1, 25)
        );
        let mut r = parse_roster(BUNDLED, "army.ron").unwrap();
        r.units[1].id = r.units[0].id.clone();
        r.units[2].ours.push("colour".into());
        let text = ron::ser::to_string_pretty(&r, Default::default()).unwrap();
        let e = parse_roster(&text, "twice.ron").unwrap_err();
        assert_eq!(e.len(), 2, "{e:?}");
        assert!(e[0].message.contains("second unit"), "{}", e[0].message);
        assert!(
            e[1].message.contains("\"colour\" in ours is no field"),
            "{}",
            e[1].message
        );
    }
}
