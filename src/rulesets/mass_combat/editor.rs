//! The mass combat's scenario editor, as edits of a scenario: units of the roster placed on
//! the open ground (metres from its lower-left corner), moved and removed, and any other field
//! changed (the ground's size, the commanders, the round limit, whether command counts);
//! every edit undone and redone, and the scenario checked as `holotable check` checks a file.
//! Pure data: the editor's screen turns the mouse into these edits (docs/editor.md).

use std::collections::HashSet;

use super::rules::code::Code;
use super::rules::scenario::{CommanderDef, Ground, Scenario, SideDef, UnitDef, parse, roster};
use crate::rules::history::History;
use crate::rules::scenario::{Control, ScenarioError, ron_error, ron_options, write};

/// One edit of a mass combat scenario. Places are metres from the ground's lower-left corner.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// A unit of roster entry `roster` for side `side` (by index) at `at`, with an id made
    /// from the roster's.
    Place {
        /// The side, by index.
        side: usize,
        /// The roster id, e.g. `stormtrooper_squad`.
        roster: String,
        /// Where it stands, metres.
        at: (f32, f32),
    },
    /// Moves unit `id` (and what rides aboard it) to `to`.
    Move {
        /// The unit's id.
        id: String,
        /// Where it goes, metres.
        to: (f32, f32),
    },
    /// Removes unit `id`; what rides aboard it leaves with it.
    Remove {
        /// The unit's id.
        id: String,
    },
    /// Replaces the whole scenario (a field changed in the editor's forms).
    Set(Box<Scenario>),
}

/// A mass combat scenario being edited.
#[derive(Clone, Debug)]
pub struct Editor(History<Scenario>);

impl Editor {
    /// A new battle on open ground of 240 by 160 metres: the Galactic Empire (its commander's
    /// command 2D+1) against the Rebel Alliance (3D), 10 rounds at most, no unit yet.
    pub fn new() -> Self {
        let side = |id: &str, name: &str, commander: &str, command: i32| SideDef {
            id: id.into(),
            name: name.into(),
            control: Control::default(),
            commander: CommanderDef {
                name: commander.into(),
                command: Code(command),
                tactics: None,
                pc: false,
            },
        };
        Self(History::new(Scenario {
            name: "New mass battle".into(),
            ruleset: super::ID.into(),
            description: String::new(),
            sides: vec![
                side("empire", "Galactic Empire", "Lieutenant", 7),
                side("rebels", "Rebel Alliance", "Sergeant", 9),
            ],
            turn_limit: Some(10),
            ground: Ground {
                width: 240.0,
                depth: 160.0,
            },
            roster: Vec::new(),
            units: Vec::new(),
            command: true,
            referee: false,
        }))
    }

    /// The scenario `src` to edit (named `file` in errors), checked or not.
    ///
    /// Errors: the RON does not read as a mass combat scenario, with file, line and column.
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

    /// The roster ids and names its units may come from (the bundled roster's and its own).
    pub fn roster(&self) -> Vec<(String, String)> {
        roster(self.0.now())
            .units
            .into_iter()
            .map(|u| (u.id, u.name))
            .collect()
    }

    /// The scenario as the editor saves it ([`crate::rules::scenario::write`]).
    ///
    /// Errors: it cannot be written as RON (in words).
    pub fn text(&self) -> Result<String, String> {
        write(self.0.now())
    }

    /// What `holotable check` would say of it now, with `file` as its name (a battle with no
    /// unit of a side is told too: it could not be fought).
    pub fn problems(&self, file: &str) -> Vec<ScenarioError> {
        let mut found = match self.text() {
            Ok(src) => parse(&src, file).err().unwrap_or_default(),
            Err(message) => vec![ScenarioError {
                file: file.into(),
                line: 1,
                column: 1,
                message,
            }],
        };
        for side in &self.0.now().sides {
            if !self.0.now().units.iter().any(|u| u.side == side.id) {
                found.push(ScenarioError {
                    file: file.into(),
                    line: 1,
                    column: 1,
                    message: format!("{} has no unit yet", side.name),
                });
            }
        }
        found
    }

    /// Applies `edit`; undo takes it back.
    ///
    /// Errors (nothing changes): a place off the ground, an unknown roster entry, side or
    /// unit, or an edit that changes nothing.
    pub fn apply(&mut self, edit: Edit) -> Result<(), String> {
        self.0.change(|s| {
            let on_ground = |(x, y): (f32, f32), g: &Ground| {
                if (0.0..=g.width).contains(&x) && (0.0..=g.depth).contains(&y) {
                    Ok(())
                } else {
                    Err(format!(
                        "({x:.0} m, {y:.0} m) is off the ground ({:.0} by {:.0} m)",
                        g.width, g.depth
                    ))
                }
            };
            match edit {
                Edit::Place {
                    side,
                    roster: r,
                    at,
                } => {
                    on_ground(at, &s.ground)?;
                    let side = s.sides.get(side).ok_or("no such side")?.id.clone();
                    if roster(s).get(&r).is_none() {
                        return Err(format!("no unit '{r}' in the roster"));
                    }
                    let taken: HashSet<&str> = s.units.iter().map(|u| u.id.as_str()).collect();
                    let id = (1..)
                        .map(|n| format!("{r}_{n}"))
                        .find(|id| !taken.contains(id.as_str()))
                        .unwrap_or_default();
                    s.units.push(UnitDef {
                        id,
                        side,
                        roster: r,
                        name: None,
                        size: None,
                        at,
                        extra_weapons: Vec::new(),
                        skills: Default::default(),
                        strength: None,
                        aboard: None,
                        experience: None,
                        arrival: None,
                    });
                }
                Edit::Move { id, to } => {
                    on_ground(to, &s.ground)?;
                    if !s.units.iter().any(|u| u.id == id) {
                        return Err(format!("no unit '{id}'"));
                    }
                    for u in s
                        .units
                        .iter_mut()
                        .filter(|u| u.id == id || u.aboard.as_deref() == Some(id.as_str()))
                    {
                        u.at = to;
                    }
                }
                Edit::Remove { id } => {
                    if !s.units.iter().any(|u| u.id == id) {
                        return Err(format!("no unit '{id}'"));
                    }
                    s.units
                        .retain(|u| u.id != id && u.aboard.as_deref() != Some(id.as_str()));
                }
                Edit::Set(new) => *s = *new,
            }
            Ok(())
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
    fn units_are_placed_moved_removed_and_undone() {
        let mut e = Editor::new();
        assert_eq!(e.problems("new.ron").len(), 2, "no unit on either side");
        let first = e.roster()[0].0.clone();
        for (side, at) in [(0, (40.0, 80.0)), (1, (200.0, 80.0)), (1, (200.0, 40.0))] {
            e.apply(Edit::Place {
                side,
                roster: first.clone(),
                at,
            })
            .unwrap();
        }
        let ids: Vec<String> = e.scenario().units.iter().map(|u| u.id.clone()).collect();
        assert_eq!(ids, [1, 2, 3].map(|n| format!("{first}_{n}")));
        assert!(e.problems("x.ron").is_empty(), "{:?}", e.problems("x.ron"));
        e.apply(Edit::Move {
            id: ids[0].clone(),
            to: (60.0, 70.0),
        })
        .unwrap();
        assert_eq!(e.scenario().units[0].at, (60.0, 70.0));
        e.apply(Edit::Remove { id: ids[2].clone() }).unwrap();
        assert_eq!(e.scenario().units.len(), 2);
        assert!(e.undo() && e.undo());
        assert_eq!(e.scenario().units.len(), 3);
        assert_eq!(e.scenario().units[0].at, (40.0, 80.0));
        let text = e.text().unwrap();
        assert_eq!(Editor::open(&text, "x.ron").unwrap().text().unwrap(), text);
    }

    #[test]
    fn bad_edits_are_refused_and_change_nothing() {
        let mut e = Editor::new();
        let first = e.roster()[0].0.clone();
        let before = e.text().unwrap();
        for bad in [
            Edit::Place {
                side: 0,
                roster: first.clone(),
                at: (-5.0, 10.0),
            },
            Edit::Place {
                side: 0,
                roster: "dewback_cavalry".into(),
                at: (5.0, 10.0),
            },
            Edit::Place {
                side: 3,
                roster: first,
                at: (5.0, 10.0),
            },
            Edit::Move {
                id: "nobody".into(),
                to: (5.0, 5.0),
            },
            Edit::Remove {
                id: "nobody".into(),
            },
        ] {
            assert!(e.apply(bad.clone()).is_err(), "{bad:?}");
            assert_eq!(e.text().unwrap(), before);
        }
    }
}
