//! The space battle's scenario editor, as edits of a scenario: craft added to a side in the
//! first colour free for their class, removed, and any other field changed (the board's
//! squares, each side's edge, the turn limit, how initiative is drawn); every edit undone and
//! redone, and the scenario checked as `holotable check` checks a file. Pure data: the
//! editor's screen turns the mouse into these edits (docs/editor.md).

use super::rules::craft::{Colour, CraftType};
use super::rules::scenario::{CraftDef, Edge, Initiative, Scenario, SideDef, parse};
use crate::rules::history::History;
use crate::rules::scenario::{Control, ScenarioError, ron_error, ron_options, write};

/// Every colour, in the order craft move and attack (star-wars-battle-space.txt, PROCEDURE,
/// and docs/rules/space_battle.md, "Colours").
pub const COLOURS: [Colour; 8] = [
    Colour::Green,
    Colour::Blue,
    Colour::Red,
    Colour::Yellow,
    Colour::White,
    Colour::Purple,
    Colour::Orange,
    Colour::Grey,
];

/// One edit of a space battle scenario.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// A craft of `kind` for side `side` (by index), in the first colour its class has free
    /// on that side.
    Add {
        /// The side, by index.
        side: usize,
        /// Its type.
        kind: CraftType,
    },
    /// Removes side `side`'s craft number `index` (in its list).
    Remove {
        /// The side, by index.
        side: usize,
        /// Its place in the side's list.
        index: usize,
    },
    /// Replaces the whole scenario (a field changed in the editor's forms).
    Set(Box<Scenario>),
}

/// A space battle scenario being edited.
#[derive(Clone, Debug)]
pub struct Editor(History<Scenario>);

impl Editor {
    /// A new battle on the text's board of 14 by 9 squares: the Republic from the left with 2
    /// X-wings and 2 Y-wings, the Empire from the right with 2 TIE fighters and 2 TIE
    /// Advanced, 20 turns at most, initiative by cards.
    pub fn new() -> Self {
        let side = |id: &str, name: &str, edge, kinds: [CraftType; 2]| SideDef {
            id: id.into(),
            name: name.into(),
            control: Control::default(),
            edge,
            craft: kinds
                .iter()
                .flat_map(|&kind| {
                    COLOURS[..2]
                        .iter()
                        .map(move |&colour| CraftDef { kind, colour })
                })
                .collect(),
        };
        Self(History::new(Scenario {
            name: "New space battle".into(),
            ruleset: super::ID.into(),
            description: String::new(),
            sides: vec![
                side(
                    "republic",
                    "Republic",
                    Edge::Left,
                    [CraftType::XWing, CraftType::YWing],
                ),
                side(
                    "empire",
                    "Empire",
                    Edge::Right,
                    [CraftType::TieFighter, CraftType::TieAdvanced],
                ),
            ],
            turn_limit: Some(20),
            initiative: Initiative::Cards,
            columns: 14,
            rows: 9,
        }))
    }

    /// The scenario `src` to edit (named `file` in errors), checked or not.
    ///
    /// Errors: the RON does not read as a space battle scenario, with file, line and column.
    pub fn open(src: &str, file: &str) -> Result<Self, ScenarioError> {
        let s: Scenario = ron_options()
            .from_str(src)
            .map_err(|e| ron_error(file, &e))?;
        Ok(Self(History::new(s)))
    }

    /// The scenario as it stands.
    pub fn scenario(&self) -> &Scenario {
        self.0.now()
    }

    /// The scenario as the editor saves it ([`crate::rules::scenario::write`]).
    ///
    /// Errors: it cannot be written as RON (in words).
    pub fn text(&self) -> Result<String, String> {
        write(self.0.now())
    }

    /// What `holotable check` would say of it now, with `file` as its name.
    pub fn problems(&self, file: &str) -> Vec<ScenarioError> {
        match self.text() {
            Ok(src) => parse(&src, file).err().unwrap_or_default(),
            Err(message) => vec![ScenarioError {
                file: file.into(),
                line: 1,
                column: 1,
                message,
            }],
        }
    }

    /// Applies `edit`; undo takes it back.
    ///
    /// Errors (nothing changes): no such side or craft, every colour of the class taken on
    /// that side, or an edit that changes nothing.
    pub fn apply(&mut self, edit: Edit) -> Result<(), String> {
        self.0.change(|s| match edit {
            Edit::Add { side, kind } => {
                let side = s.sides.get_mut(side).ok_or("no such side")?;
                let colour = COLOURS
                    .into_iter()
                    .find(|c| {
                        !side
                            .craft
                            .iter()
                            .any(|x| x.colour == *c && x.kind.class() == kind.class())
                    })
                    .ok_or_else(|| {
                        format!(
                            "{} has a {} of every colour: {} at most",
                            side.name,
                            kind.name(),
                            COLOURS.len()
                        )
                    })?;
                side.craft.push(CraftDef { kind, colour });
                Ok(())
            }
            Edit::Remove { side, index } => {
                let side = s.sides.get_mut(side).ok_or("no such side")?;
                if index >= side.craft.len() {
                    return Err("no such craft".into());
                }
                side.craft.remove(index);
                Ok(())
            }
            Edit::Set(new) => {
                *s = *new;
                Ok(())
            }
        })
    }

    /// Takes the last edit back; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        self.0.undo()
    }

    /// Makes the last edit taken back again; `false` when there is none.
    pub fn redo(&mut self) -> bool {
        self.0.redo()
    }

    /// Whether there is an edit to undo, and one to redo.
    pub fn can_undo_redo(&self) -> (bool, bool) {
        self.0.can_undo_redo()
    }
}

impl Default for Editor {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_battle_is_ready_and_craft_take_the_first_free_colour() {
        let mut e = Editor::new();
        assert!(
            e.problems("new.ron").is_empty(),
            "{:?}",
            e.problems("new.ron")
        );
        e.apply(Edit::Add {
            side: 0,
            kind: CraftType::XWing,
        })
        .unwrap();
        let last = e.scenario().sides[0].craft.last().unwrap();
        assert_eq!((last.kind, last.colour), (CraftType::XWing, Colour::Red));
        // A Y-wing is another class: its own colours.
        e.apply(Edit::Add {
            side: 0,
            kind: CraftType::YWing,
        })
        .unwrap();
        assert_eq!(
            e.scenario().sides[0].craft.last().unwrap().colour,
            Colour::Red
        );
        e.apply(Edit::Remove { side: 0, index: 0 }).unwrap();
        assert_eq!(e.scenario().sides[0].craft.len(), 5);
        assert!(e.undo() && e.undo() && e.undo() && !e.undo());
        assert_eq!(e.scenario(), Editor::new().scenario());
        assert!(e.redo());
    }

    #[test]
    fn bad_edits_are_refused_and_problems_are_told() {
        let mut e = Editor::new();
        for _ in 0..6 {
            e.apply(Edit::Add {
                side: 1,
                kind: CraftType::TieFighter,
            })
            .unwrap();
        }
        let full = e.apply(Edit::Add {
            side: 1,
            kind: CraftType::TieFighter,
        });
        assert!(full.unwrap_err().contains("every colour"));
        assert!(e.apply(Edit::Remove { side: 0, index: 9 }).is_err());
        assert!(e.apply(Edit::Remove { side: 4, index: 0 }).is_err());
        // Eight fighters do not fit behind an edge of 9 squares: check says so.
        assert!(!e.problems("x.ron").is_empty());
        let mut both_left = e.scenario().clone();
        both_left.sides[1].edge = Edge::Left;
        e.apply(Edit::Set(Box::new(both_left))).unwrap();
        assert!(
            e.problems("x.ron")
                .iter()
                .any(|p| p.message.contains("opposite edges"))
        );
        let text = e.text().unwrap();
        assert_eq!(Editor::open(&text, "x.ron").unwrap().text().unwrap(), text);
    }
}
