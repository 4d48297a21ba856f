//! Space battle scenarios (RON): the board of squares, the two sides with their edge and
//! craft, how the initiative is decided and the turn limit. Every problem names file, line
//! and column. Format: docs/scenario-format.md, "space_battle".

use std::collections::HashSet;

use serde::Deserialize;

use super::craft::{Class, Colour, CraftType};
use crate::rules::scenario::{Control, Errors, ScenarioError, ron_error, ron_options};

/// The edge a side's craft come on from; its bombers leave by the opposite one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
pub enum Edge {
    /// The short edge at column 0 (the craft fly rightwards).
    Left,
    /// The short edge at the last column (the craft fly leftwards).
    Right,
}

/// How the side that plays first each turn is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
pub enum Initiative {
    /// star-wars-battle-space.txt, PROCEDURE: "Each side will take the top card from a
    /// well-shuffled deck and the side with the higher score will play first each turn for
    /// the remainder of the game."
    #[default]
    Cards,
    /// The Action Report: "the black and white six-sided dice (d6) were rolled and the Empire
    /// won the roll 5 to 4".
    Dice,
}

/// One craft as the scenario lists it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CraftDef {
    /// Its type.
    pub kind: CraftType,
    /// Its colour (the order it moves and attacks in).
    pub colour: Colour,
}

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
    /// The edge its craft come on from.
    pub edge: Edge,
    /// Its fighters and bombers.
    pub craft: Vec<CraftDef>,
}

fn columns() -> i32 {
    14
}
fn rows() -> i32 {
    9
}

/// A whole scenario.
#[derive(Clone, Debug, PartialEq, serde::Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Title.
    pub name: String,
    /// `"space_battle"`.
    pub ruleset: String,
    /// For the scenario list.
    #[serde(default)]
    pub description: String,
    /// The two sides.
    pub sides: Vec<SideDef>,
    /// The game ends after this turn at the latest (none: 30).
    #[serde(default)]
    pub turn_limit: Option<u32>,
    /// How the first side is chosen.
    #[serde(default)]
    pub initiative: Initiative,
    /// Squares along the board (the short edges are at column 0 and the last): the text's 14
    /// (EQUIPMENT: "Make ranks of 9 squares and files of 14 squares").
    #[serde(default = "columns")]
    pub columns: i32,
    /// Squares across: the text's 9.
    #[serde(default = "rows")]
    pub rows: i32,
}

/// The turn limit where a scenario gives none: bombers cross the text's board in about 8.
pub const DEFAULT_TURN_LIMIT: u32 = 30;

/// The rows a side's craft of one class wait behind, top first, for `n` craft on an edge of
/// `rows` squares: star-wars-battle-space.txt, SETUP: "Skip the end squares and place one
/// behind every other square", i.e. rows 7, 5, 3, 1 of the text's 9; fewer craft take the
/// middle ones (docs/rules/space_battle.md, "Set-up"). `None` when they do not fit.
pub fn start_rows(n: usize, rows: i32) -> Option<Vec<i32>> {
    let slots: Vec<i32> = (1..rows - 1).rev().filter(|r| r % 2 == 1).collect();
    if n > slots.len() {
        return None;
    }
    let first = (slots.len() - n) / 2;
    Some(slots[first..first + n].to_vec())
}

/// A craft's id: its colour and type, e.g. `green-xwing` (commands and scripts name it).
pub fn craft_id(kind: CraftType, colour: Colour) -> String {
    let k = match kind {
        CraftType::XWing => "xwing",
        CraftType::YWing => "ywing",
        CraftType::TieFighter => "tie",
        CraftType::TieAdvanced => "x1",
    };
    format!("{}-{k}", colour.word())
}

/// Reads and checks the scenario `src` (named `file` in messages).
///
/// Errors: RON that does not parse (at its line and column, with what was expected); and,
/// each at its place: not two sides, two sides on one edge, a side with no bomber or two
/// craft of one class and colour, the same craft (type and colour) on both sides, more craft
/// of a class than the edge has places for, a board smaller than 4 x 3 squares or larger than
/// 60 x 60, a turn limit of 0.
pub fn parse(src: &str, file: &str) -> Result<Scenario, Vec<ScenarioError>> {
    let s: Scenario = ron_options()
        .from_str(src)
        .map_err(|e| vec![ron_error(file, &e)])?;
    let mut errs = Errors::new(src, file);
    if !(4..=60).contains(&s.columns) || !(3..=60).contains(&s.rows) {
        let at = src.find("columns").or(src.find("rows")).unwrap_or(0);
        errs.at(at, "the board is 4 to 60 squares along and 3 to 60 across");
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
            format!("a space battle has two sides, not {}", s.sides.len()),
        );
    } else if s.sides[0].edge == s.sides[1].edge {
        errs.at_value(
            "id",
            &s.sides[1].id,
            0,
            "the two sides come on from opposite edges: one Left, one Right",
        );
    }
    let mut ids = HashSet::new();
    for side in &s.sides {
        let mut seen = HashSet::new();
        for c in &side.craft {
            if !seen.insert((c.kind.class(), c.colour)) {
                errs.at_value(
                    "id",
                    &side.id,
                    0,
                    format!(
                        "{} has two {} {}s: the colour gives each craft its place in the order of movement, so one of each class per colour",
                        side.name,
                        c.colour.word(),
                        c.kind.class().word()
                    ),
                );
            }
            if !ids.insert(craft_id(c.kind, c.colour)) {
                errs.at_value(
                    "id",
                    &side.id,
                    0,
                    format!(
                        "the {} {} is on both sides: give one another colour",
                        c.colour.word(),
                        c.kind.name()
                    ),
                );
            }
        }
        for class in [Class::Fighter, Class::Bomber] {
            let n = side
                .craft
                .iter()
                .filter(|c| c.kind.class() == class)
                .count();
            if class == Class::Bomber && n == 0 {
                errs.at_value(
                    "id",
                    &side.id,
                    0,
                    format!(
                        "{} has no assault bomber: the battle is about the bombers (OBJECTIVE)",
                        side.name
                    ),
                );
            }
            if (4..=60).contains(&s.rows) && start_rows(n, s.rows).is_none() {
                errs.at_value(
                    "id",
                    &side.id,
                    0,
                    format!(
                        "{} has {n} {}s, but an edge of {} squares has places for {} (\"Skip the end squares and place one behind every other square\")",
                        side.name,
                        class.word(),
                        s.rows,
                        (s.rows - 1) / 2
                    ),
                );
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
    fn craft_wait_behind_every_other_square_skipping_the_ends() {
        assert_eq!(start_rows(4, 9), Some(vec![7, 5, 3, 1]));
        assert_eq!(start_rows(2, 9), Some(vec![5, 3]));
        assert_eq!(start_rows(5, 9), None);
        assert_eq!(start_rows(8, 17).map(|r| r.len()), Some(8));
    }

    #[test]
    fn a_broken_scenario_is_refused_at_its_place() {
        let src = "(\n  name: \"x\",\n  ruleset: \"space_battle\",\n  sides: [\n    (id: \"a\", name: \"A\", edge: Left, craft: [(kind: YWing, colour: Green)]),\n    (id: \"b\", name: \"B\", edge: Left, craft: [(kind: XWing, colour: Green)]),\n  ],\n)";
        let e = parse(src, "x.ron").expect_err("two errors");
        let text: Vec<String> = e.iter().map(ToString::to_string).collect();
        assert!(
            text.iter()
                .any(|t| t.starts_with("x.ron:6:10:") && t.contains("opposite edges")),
            "{text:?}"
        );
        assert!(
            text.iter().any(|t| t.contains("B has no assault bomber")),
            "{text:?}"
        );
        let bad = parse(
            "(name: \"x\", ruleset: \"space_battle\", sides: [], colums: 3)",
            "y.ron",
        )
        .expect_err("unknown field");
        assert!(bad[0].to_string().starts_with("y.ron:1:"), "{}", bad[0]);
    }
}
