//! Mass combat scenarios (RON): the open ground, the two sides with their commanders, and
//! the units, each a roster entry with its size and place. Every problem names file, line
//! and column. Format: docs/scenario-format.md, "mass_combat".

use std::collections::HashSet;

use serde::Deserialize;

use super::charts::{Army, Difficulty, Experience};
use super::code::Code;
use super::unit::{Roster, UnitType, Weapon, parse_roster};
use crate::rules::scenario::{Control, Errors, ScenarioError, ron_error, ron_options};

/// One side.
#[derive(Clone, Debug, PartialEq, serde::Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// A person or the rules.
    #[serde(default)]
    pub control: Control,
    /// The side's commander: the text's "Characters in command of an army".
    pub commander: CommanderDef,
}

/// A side's commander.
#[derive(Clone, Debug, PartialEq, serde::Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommanderDef {
    /// Name.
    pub name: String,
    /// Command skill: it orders the declarations and pays for command actions.
    pub command: Code,
    /// Tactics, the Knowledge skill of Mass Combat Tactics (anticipate, deceive); the
    /// command skill's where not given (docs/rules/mass_combat.md, "Missing statistics").
    #[serde(default)]
    pub tactics: Option<Code>,
    /// A player character: "If a PC has the same command as an NPC, the NPC must declare
    /// first."
    #[serde(default)]
    pub pc: bool,
}

/// One unit on the ground.
#[derive(Clone, Debug, PartialEq, serde::Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDef {
    /// Unique id (orders name it).
    pub id: String,
    /// Its side's id.
    pub side: String,
    /// Its statistics: a roster id.
    pub roster: String,
    /// Its name on the counter (the roster's name where not given).
    #[serde(default)]
    pub name: Option<String>,
    /// Men or vehicles (the roster's UNIT SIZE where not given).
    #[serde(default)]
    pub size: Option<u32>,
    /// Where it stands, metres from the ground's lower-left corner.
    pub at: (f32, f32),
    /// Weapons carried besides the roster's ("each equipped with a Blaster Rifle ... and a
    /// grenade").
    #[serde(default)]
    pub extra_weapons: Vec<Weapon>,
    /// Skills that differ from the roster's ("Blaster Rifle (3D in armor)").
    #[serde(default)]
    pub skills: std::collections::BTreeMap<String, Code>,
    /// Strength that differs from the roster's.
    #[serde(default)]
    pub strength: Option<Code>,
    /// Aboard this transport unit at the start (it rides until it disembarks).
    #[serde(default)]
    pub aboard: Option<String>,
    /// Its skills made from its experience on the chart ("Quick statistics can be
    /// manufactured for units by basing them on the unit's overall experience level"): its
    /// dodge and every weapon's skill, where `skills` does not set them.
    #[serde(default)]
    pub experience: Option<ExperienceDef>,
    /// Whether its deployments arrive on time is in question, at this difficulty (Deployment:
    /// "make a combined DEX or SPEED roll versus a difficulty based on terrain, environmental
    /// conditions, unit and deadline"); none: they are automatic.
    #[serde(default)]
    pub arrival: Option<Difficulty>,
}

/// Where a unit stands on the experience chart: its column and its row.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExperienceDef {
    /// The column: "Recruit Average Veteran Elite Hand-Picked Elite".
    pub level: Experience,
    /// The row: "Imperial" or "Rebel".
    pub army: Army,
}

/// The open ground, in metres: d6-mass-combat.txt has no board ("Using counters or miniatures
/// can help keep track of position ... Sketching shapes on paper").
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ground {
    /// Left to right.
    pub width: f32,
    /// Bottom to top.
    pub depth: f32,
}

/// A whole scenario.
#[derive(Clone, Debug, PartialEq, serde::Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Title.
    pub name: String,
    /// `"mass_combat"`.
    pub ruleset: String,
    /// For the scenario list.
    #[serde(default)]
    pub description: String,
    /// The two sides.
    pub sides: Vec<SideDef>,
    /// The battle ends after this round at the latest (none: 12).
    #[serde(default)]
    pub turn_limit: Option<u32>,
    /// The ground.
    pub ground: Ground,
    /// Units of the scenario's own, beside the bundled roster's.
    #[serde(default)]
    pub roster: Vec<UnitType>,
    /// The units.
    pub units: Vec<UnitDef>,
    /// Commanders' command counts: false plays without it, as the text allows ("One way to
    /// speed up mass combat is to ignore commanders and simply resolve actions between
    /// units").
    #[serde(default = "yes")]
    pub command: bool,
    /// Referee mode: one person runs both sides (no hand-over) and sets the modifiers the
    /// text leaves to the referee (Introduction: "should only be used when the outcome of a
    /// battle is not predetermined by the Referee").
    #[serde(default)]
    pub referee: bool,
}

fn yes() -> bool {
    true
}

/// The most men (or vehicles) a unit may have: an army of a million is beyond any battle the
/// text imagines, and keeps the charts' arithmetic in range.
pub const MAX_SIZE: u32 = 1_000_000;

/// The round limit where a scenario gives none.
pub const DEFAULT_TURN_LIMIT: u32 = 12;

/// The roster a scenario's units come from: the bundled one and the scenario's own.
pub fn roster(s: &Scenario) -> Roster {
    let mut r =
        parse_roster(super::unit::BUNDLED, "army.ron").unwrap_or(Roster { units: Vec::new() });
    r.units.extend(s.roster.iter().cloned());
    r
}

/// The most units a mass combat scenario may hold, both sides together: far past the text's
/// example (a platoon against four squads), where a round still plays in well under a second
/// (docs/reliability.md, "Sizes").
pub const MOST_UNITS: usize = 1000;

/// Reads and checks the scenario `src` (named `file` in messages).
///
/// Errors: RON that does not parse (at its line and column, with what was expected); and,
/// each at its place: not two sides, two units with one id, a unit of no side or of a
/// roster entry that does not exist, a unit of size 0 or over [`MAX_SIZE`] (or a roster
/// entry of the scenario's so, or with no weapon), a unit off the ground, a unit aboard
/// a unit that is not its side's transport or with more aboard than it carries, a ground
/// under 10 m or over 100 km a side, a round limit of 0; more than [`MOST_UNITS`] units
/// (alone, at the first past it).
pub fn parse(src: &str, file: &str) -> Result<Scenario, Vec<ScenarioError>> {
    let s: Scenario = ron_options()
        .from_str(src)
        .map_err(|e| vec![ron_error(file, &e)])?;
    let mut errs = Errors::new(src, file);
    // A battle past what Holotable plays is refused before anything else is checked.
    if let Some(u) = s.units.get(MOST_UNITS) {
        errs.at_value(
            "id",
            &u.id,
            0,
            format!(
                "more than {MOST_UNITS} units: Holotable plays at most {MOST_UNITS} in a battle"
            ),
        );
        return Err(errs.errors);
    }
    let ok_side = |m: f32| (10.0..=100_000.0).contains(&m);
    if !ok_side(s.ground.width) || !ok_side(s.ground.depth) {
        errs.at(
            src.find("ground").unwrap_or(0),
            "the ground is 10 m to 100 km a side",
        );
    }
    if s.turn_limit == Some(0) {
        errs.at(
            src.find("turn_limit").unwrap_or(0),
            "turn_limit must be 1 or more",
        );
    }
    if s.sides.len() != 2 {
        errs.at(
            src.find("sides").unwrap_or(0),
            format!("a mass combat has two sides, not {}", s.sides.len()),
        );
    }
    for k in &s.roster {
        if k.size == 0 || k.size > MAX_SIZE {
            errs.at_value(
                "id",
                &k.id,
                0,
                format!("{}: UNIT SIZE is 1 to {MAX_SIZE}", k.id),
            );
        }
        if k.weapons.is_empty() {
            errs.at_value(
                "id",
                &k.id,
                0,
                format!("{}: a unit carries at least one weapon (WEAPONS)", k.id),
            );
        }
    }
    let roster = roster(&s);
    let mut ids = HashSet::new();
    for u in &s.units {
        let mut bad = |m: String| errs.at_value("id", &u.id, 0, m);
        if !ids.insert(u.id.as_str()) {
            bad(format!("a second unit with id \"{}\"", u.id));
        }
        if !s.sides.iter().any(|d| d.id == u.side) {
            bad(format!("unit {}: no side \"{}\"", u.id, u.side));
        }
        if roster.get(&u.roster).is_none() {
            bad(format!(
                "unit {}: no roster entry \"{}\"; the bundled roster has {}",
                u.id,
                u.roster,
                roster
                    .units
                    .iter()
                    .map(|t| t.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
            continue;
        }
        if u.size.is_some_and(|n| n == 0 || n > MAX_SIZE) {
            bad(format!("unit {}: a unit has 1 to {MAX_SIZE} members", u.id));
        }
        let (x, y) = u.at;
        if !(0.0..=s.ground.width).contains(&x) || !(0.0..=s.ground.depth).contains(&y) {
            bad(format!(
                "unit {} stands at ({x}, {y}), off the ground of {} x {} m",
                u.id, s.ground.width, s.ground.depth
            ));
        }
        if let Some(t) = &u.aboard {
            match s.units.iter().find(|o| &o.id == t) {
                Some(o) if o.side == u.side => {
                    // "carries 40 (troops)" is each vehicle's
                    // (docs/rules/mass_combat.md, "Missing statistics").
                    let cap = roster
                        .get(&o.roster)
                        .map_or(0, |k| k.carries * o.size.unwrap_or(k.size));
                    let aboard: u32 = s
                        .units
                        .iter()
                        .filter(|v| v.aboard.as_deref() == Some(t))
                        .map(|v| {
                            v.size
                                .unwrap_or_else(|| roster.get(&v.roster).map_or(0, |k| k.size))
                        })
                        .sum();
                    if aboard > cap {
                        bad(format!(
                            "unit {t} carries {cap} and {aboard} are aboard (NOTES: \"carries 40 (troops)\")"
                        ));
                    }
                }
                _ => bad(format!(
                    "unit {} is aboard \"{t}\", which is no transport of its side",
                    u.id
                )),
            }
        }
    }
    if errs.is_empty() {
        Ok(s)
    } else {
        Err(errs.errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_scenario_is_refused_at_its_place() {
        let src = "(\n  name: \"x\",\n  ruleset: \"mass_combat\",\n  ground: (width: 200, depth: 100),\n  sides: [\n    (id: \"a\", name: \"A\", commander: (name: \"K\", command: \"3D\")),\n    (id: \"b\", name: \"B\", commander: (name: \"L\", command: \"2D\")),\n  ],\n  units: [\n    (id: \"u1\", side: \"a\", roster: \"stormtrooper_squad\", at: (10, 10)),\n    (id: \"u2\", side: \"b\", roster: \"jawa_squad\", at: (10, 10)),\n    (id: \"u3\", side: \"b\", roster: \"rebel_soldier_squad\", at: (500, 10)),\n  ],\n)";
        let e = parse(src, "x.ron").expect_err("errors");
        let text: Vec<String> = e.iter().map(ToString::to_string).collect();
        assert!(
            text.iter()
                .any(|t| t.starts_with("x.ron:11:10:")
                    && t.contains("no roster entry \"jawa_squad\"")),
            "{text:?}"
        );
        assert!(
            text.iter()
                .any(|t| t.starts_with("x.ron:12:10:") && t.contains("off the ground")),
            "{text:?}"
        );
        let huge = src.replace(
            "at: (10, 10)),\n    (id: \"u2\"",
            "size: 2000000, at: (10, 10)),\n    (id: \"u2\"",
        );
        let e = parse(&huge, "h.ron").expect_err("errors");
        assert!(
            e.iter().any(|e| e.to_string().starts_with("h.ron:10:10:")
                && e.message.contains("1 to 1000000 members")),
            "{e:?}"
        );
        let bad = parse("(name: \"x\", ruleset: \"mass_combat\", sides: [], ground: (width: 5, depth: 5), units: [], colour: 1)", "y.ron").expect_err("unknown field");
        assert!(bad[0].to_string().starts_with("y.ron:1:"), "{}", bad[0]);
    }
}
