//! The 1 Stat Skirmish scenario editor, as edits of a scenario on the inch table: terrain
//! pieces (one of the text's examples, or the three answers) drawn, moved, turned, resized,
//! copied and removed; one half of the terrain mirrored onto the other; and any other field
//! changed (the players, their warbands and corners, the table, the goal, the solitaire
//! opponents, the Trigger Device). Warbands start in their corners and the goal lays its
//! tokens, as the text says, so nothing else is placed. Every edit is undone and redone, and
//! the scenario is checked as `holotable check` checks a file (docs/editor.md).

use glam::Vec2;

use super::rules::fighter::{Fighter, Shooter, Specialisation, Tier, Weapon};
use super::rules::scenario::{Goal, Scenario, SideDef, SolitaireDef, TerrainDef, parse};
use super::rules::solitaire::OpponentStats;
use super::rules::terrain::PRESETS;
use super::rules::warband::Warband;
use crate::rules::geometry::Shape;
use crate::rules::history::History;
use crate::rules::layout::{self, Laid, Mirror};
use crate::rules::scenario::{Control, ScenarioError, ron_error, ron_options, write};

impl Laid for TerrainDef {
    fn id(&self) -> &str {
        &self.id
    }
    fn set_id(&mut self, id: String) {
        self.id = id;
    }
    fn shape(&self) -> &Shape {
        &self.shape
    }
    fn shape_mut(&mut self) -> &mut Shape {
        &mut self.shape
    }
}

/// One edit of a 1 Stat Skirmish scenario. Places are inches from the table's bottom-left
/// corner.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// A piece of the text's example `preset` ("high grass", "wall" …: [`PRESETS`]), with an
    /// id made from it.
    AddTerrain {
        /// The example's name.
        preset: String,
        /// Its outline.
        shape: Shape,
    },
    /// Gives piece `id` a new outline (moved, turned or resized).
    Reshape {
        /// The piece.
        id: String,
        /// Its new outline.
        shape: Shape,
    },
    /// Moves pieces `ids` by `by`, inches.
    Move {
        /// The pieces.
        ids: Vec<String>,
        /// How far.
        by: (f32, f32),
    },
    /// Removes pieces `ids`.
    Remove(Vec<String>),
    /// Puts copies of `pieces` on the table moved by `by`, with new ids.
    Paste {
        /// What was copied.
        pieces: Vec<TerrainDef>,
        /// How far from where they were copied, inches.
        by: (f32, f32),
    },
    /// Copies one half of the terrain onto the other ([`layout::mirror`]).
    Mirror(Mirror),
    /// Replaces the whole scenario (a field changed in the editor's forms).
    Set(Box<Scenario>),
}

/// A 1 Stat Skirmish scenario being edited.
#[derive(Clone, Debug)]
pub struct Editor(History<Scenario>);

/// A starting warband named `name`: a Boss, a Ranger Specialist and his two Rookies ("1 Boss
/// and 2 Rookies per Specialist fielded"), to change.
pub fn starting_warband(name: &str) -> Warband {
    let rookie = |n: u8| Fighter {
        id: format!("rookie{n}"),
        name: format!("Rookie {n}"),
        tier: Tier::Rookie,
        stat: 3,
        weapons: vec![Weapon::Melee {
            name: "knife".into(),
            two_handed: false,
        }],
        specialisation: None,
    };
    Warband {
        name: name.into(),
        fighters: vec![
            Fighter {
                id: "boss".into(),
                name: "The Boss".into(),
                tier: Tier::Boss,
                stat: 6,
                weapons: vec![Weapon::Shooter {
                    name: "blaster pistol".into(),
                    class: Shooter::Light,
                }],
                specialisation: None,
            },
            Fighter {
                id: "specialist1".into(),
                name: "Specialist 1".into(),
                tier: Tier::Specialist,
                stat: 5,
                weapons: vec![Weapon::Shooter {
                    name: "blaster rifle".into(),
                    class: Shooter::Normal,
                }],
                specialisation: Some(Specialisation::Ranger),
            },
            rookie(1),
            rookie(2),
        ],
    }
}

/// Adds to `w` a Specialist, with the first specialisation it has not fielded, and his two
/// Rookies ("1 Boss and 2 Rookies per Specialist fielded"), named in turn, ids made again.
pub fn add_specialist(w: &mut Warband) {
    let count = |w: &Warband, t: Tier| w.fighters.iter().filter(|f| f.tier == t).count();
    let start = starting_warband("");
    let mut f = start.fighters[1].clone();
    f.name = format!("Specialist {}", count(w, Tier::Specialist) + 1);
    f.specialisation = Specialisation::ALL.into_iter().find(|s| {
        !w.fighters
            .iter()
            .any(|g| g.tier == Tier::Specialist && g.is(*s))
    });
    w.fighters.push(f);
    for _ in 0..2 {
        let mut f = start.fighters[2].clone();
        f.name = format!("Rookie {}", count(w, Tier::Rookie) + 1);
        w.fighters.push(f);
    }
    renumber(w);
}

/// Ids made from the fighters' names, unique in the warband (the player never types one).
pub(super) fn renumber(w: &mut Warband) {
    let mut seen = std::collections::HashSet::new();
    for f in &mut w.fighters {
        let base = super::roster::file_name(&f.name)
            .trim_end_matches(".ron")
            .to_string();
        let mut id = base.clone();
        let mut n = 2;
        while !seen.insert(id.clone()) {
            id = format!("{base}_{n}");
            n += 1;
        }
        f.id = id;
    }
}

/// A new player, the `n`th (from 1), with a starting warband.
pub fn new_side(n: usize, taken: impl Fn(&str) -> bool) -> SideDef {
    let name = format!("Player {n}");
    SideDef {
        id: layout::fresh_id(&format!("player{n}"), taken),
        name: name.clone(),
        control: Control::Human,
        corner: None,
        warband: starting_warband(&format!("{name}'s warband")),
    }
}

impl Editor {
    /// A new Last Man Standing on the text's 3' by 3' table (36" by 36"): two players, each
    /// with a starting warband, no terrain yet.
    pub fn new() -> Self {
        Self(History::new(Scenario {
            name: "New skirmish".into(),
            ruleset: super::ID.into(),
            description: String::new(),
            sides: vec![new_side(1, |_| false), new_side(2, |_| false)],
            turn_limit: None,
            table: (36.0, 36.0),
            terrain: Vec::new(),
            goal: Goal::LastManStanding,
            solitaire: None,
            device: None,
            start: super::rules::scenario::StartLayout::Spread,
        }))
    }

    /// The scenario `src` to edit (named `file` in errors), checked or not.
    ///
    /// Errors: the RON does not read as a 1 Stat Skirmish scenario, with file, line and
    /// column.
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

    /// The pieces `ids`, copied.
    pub fn copy(&self, ids: &[String]) -> Vec<TerrainDef> {
        self.0
            .now()
            .terrain
            .iter()
            .filter(|t| ids.contains(&t.id))
            .cloned()
            .collect()
    }

    /// Applies `edit`; undo takes it back.
    ///
    /// Errors (nothing changes): an example the text does not have, an outline that is not
    /// a shape or whose centre is off the table, an unknown piece, or an edit that changes
    /// nothing.
    pub fn apply(&mut self, edit: Edit) -> Result<(), String> {
        self.0.change(|s| apply(s, edit))
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

fn check_shape(s: &Scenario, shape: &Shape) -> Result<(), String> {
    match shape {
        Shape::Rect { min, max } if min.0 >= max.0 || min.1 >= max.1 => {
            return Err("a rectangle needs width and depth".into());
        }
        Shape::Circle { radius, .. } if *radius <= 0.0 => {
            return Err("a circle needs a radius".into());
        }
        Shape::Polygon { points } if points.len() < 3 => {
            return Err("a polygon needs three corners or more".into());
        }
        _ => {}
    }
    let c = shape.centre();
    let (w, d) = s.table;
    if (0.0..=w).contains(&c.x) && (0.0..=d).contains(&c.y) {
        Ok(())
    } else {
        Err(format!(
            "({:.1}\", {:.1}\") is off the table ({w}\" by {d}\")",
            c.x, c.y
        ))
    }
}

fn apply(s: &mut Scenario, edit: Edit) -> Result<(), String> {
    let taken = |s: &Scenario, id: &str| s.terrain.iter().any(|t| t.id == id);
    match edit {
        Edit::AddTerrain { preset, shape } => {
            if !PRESETS.iter().any(|p| p.0 == preset) {
                return Err(format!("no example \"{preset}\" in the text"));
            }
            check_shape(s, &shape)?;
            let id = layout::fresh_id(&layout::id_stem(&preset), |id| taken(s, id));
            s.terrain.push(TerrainDef {
                id,
                preset: Some(preset),
                answers: None,
                kind: None,
                shape,
                height: None,
            });
        }
        Edit::Reshape { id, shape } => {
            check_shape(s, &shape)?;
            s.terrain
                .iter_mut()
                .find(|t| t.id == id)
                .ok_or_else(|| format!("no terrain piece '{id}'"))?
                .shape = shape;
        }
        Edit::Move { ids, by } => {
            for id in &ids {
                let t = s
                    .terrain
                    .iter()
                    .position(|t| &t.id == id)
                    .ok_or_else(|| format!("no terrain piece '{id}'"))?;
                let moved = s.terrain[t].shape.moved(Vec2::from(by));
                check_shape(s, &moved)?;
                s.terrain[t].shape = moved;
            }
        }
        Edit::Remove(ids) => {
            for id in &ids {
                if !taken(s, id) {
                    return Err(format!("no terrain piece '{id}'"));
                }
                s.terrain.retain(|t| &t.id != id);
            }
        }
        Edit::Paste { pieces, by } => {
            for mut t in pieces {
                t.id = layout::fresh_id(&t.id, |id| taken(s, id));
                t.shape = t.shape.moved(Vec2::from(by));
                check_shape(s, &t.shape)?;
                s.terrain.push(t);
            }
        }
        Edit::Mirror(how) => {
            let size = Vec2::new(s.table.0, s.table.1);
            layout::mirror(&mut s.terrain, how, size, |_| false);
        }
        Edit::Set(new) => *s = *new,
    }
    Ok(())
}

/// What a new goal brings with it, as the text asks: a solitaire game's opponents ("1 Stat
/// Skirmish – for 1 Player": the second player, spawned by the rules, a third or fourth
/// taken out) and table ("Place your terrain however you deem appropriate on a 3'x3'
/// battlefield"), Investigate's happenings kept only while it is the goal, an Action
/// scenario's table ("The battlefield is reduced to 2'x2'"); leaving
/// solitaire gives the second player a starting warband again.
pub fn goal_changed(def: &mut Scenario) {
    if def.goal.is_solitaire() {
        def.table = (36.0, 36.0);
        def.sides.truncate(2);
        if def.sides.len() < 2 {
            def.sides.push(new_side(2, |_| false));
        }
        // The player's warband as the text makes it: "Create a warband with 1 Boss, 3
        // Specialists and 6 Rookies" (a starting warband has one Specialist and two Rookies).
        let mine = &mut def.sides[0].warband;
        while mine.count(Tier::Specialist) < 3 && mine.count(Tier::Rookie) < 6 {
            add_specialist(mine);
        }
        let opponents = &mut def.sides[1];
        opponents.control = Control::Rules;
        opponents.warband.fighters.clear();
        def.device = None;
        def.solitaire.get_or_insert(SolitaireDef {
            stats: OpponentStats {
                rookie: 3,
                specialist: 4,
                boss: 6,
            },
            weapons: vec![Weapon::Shooter {
                name: "blaster pistol".into(),
                class: Shooter::Light,
            }],
            specialisation: None,
            profiles: Vec::new(),
            happenings: Vec::new(),
        });
        if def.goal != Goal::Investigate
            && let Some(sol) = &mut def.solitaire
        {
            sol.happenings.clear();
        }
    } else if def.solitaire.take().is_some()
        && let Some(second) = def.sides.get_mut(1)
    {
        second.control = Control::Human;
        second.warband = starting_warband(&format!("{}'s warband", second.name));
    }
    if def.goal.is_action() {
        def.table = (24.0, 24.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn circle(x: f32, y: f32) -> Shape {
        Shape::Circle {
            centre: (x, y),
            radius: 2.0,
        }
    }

    #[test]
    fn a_new_skirmish_plays_and_its_terrain_is_edited_and_undone() {
        let mut e = Editor::new();
        assert!(
            e.problems("new.ron").is_empty(),
            "{:?}",
            e.problems("new.ron")
        );
        for at in [(10.0, 10.0), (20.0, 20.0)] {
            e.apply(Edit::AddTerrain {
                preset: "high grass".into(),
                shape: circle(at.0, at.1),
            })
            .unwrap();
        }
        let ids: Vec<&str> = e.scenario().terrain.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, ["high_grass", "high_grass_2"]);
        e.apply(Edit::Move {
            ids: vec!["high_grass".into()],
            by: (1.0, 2.0),
        })
        .unwrap();
        assert_eq!(e.scenario().terrain[0].shape, circle(11.0, 12.0));
        e.apply(Edit::Reshape {
            id: "high_grass_2".into(),
            shape: circle(30.0, 30.0),
        })
        .unwrap();
        let copied = e.copy(&["high_grass_2".into()]);
        e.apply(Edit::Paste {
            pieces: copied,
            by: (-20.0, 0.0),
        })
        .unwrap();
        assert_eq!(e.scenario().terrain[2].id, "high_grass_3");
        assert_eq!(e.scenario().terrain[2].shape, circle(10.0, 30.0));
        e.apply(Edit::Mirror(Mirror::LeftToRight)).unwrap();
        let right: Vec<&str> = e
            .scenario()
            .terrain
            .iter()
            .filter(|t| t.shape.centre().x > 18.0)
            .map(|t| t.id.as_str())
            .collect();
        assert_eq!(right, ["high_grass_mirror", "high_grass_3_mirror"]);
        e.apply(Edit::Remove(vec!["high_grass".into()])).unwrap();
        assert!(e.problems("x.ron").is_empty(), "{:?}", e.problems("x.ron"));
        let text = e.text().unwrap();
        assert_eq!(Editor::open(&text, "x.ron").unwrap().text().unwrap(), text);
        while e.undo() {}
        assert!(e.scenario().terrain.is_empty());
        assert!(e.redo());
        assert_eq!(e.scenario().terrain.len(), 1);
    }

    #[test]
    fn a_solitaire_goal_makes_the_second_player_the_opponents_and_back() {
        let mut s = Editor::new().scenario().clone();
        s.sides.push(new_side(3, |_| false));
        s.table = (30.0, 30.0);
        s.goal = Goal::Bounty;
        goal_changed(&mut s);
        assert_eq!(s.table, (36.0, 36.0), "a 3'x3' battlefield");
        assert_eq!(s.sides.len(), 2, "one warband against the opponents");
        assert_eq!(s.sides[1].control, Control::Rules);
        assert!(s.sides[1].warband.fighters.is_empty() && s.solitaire.is_some());
        let mine = &s.sides[0].warband;
        assert_eq!(
            (mine.count(Tier::Specialist), mine.count(Tier::Rookie)),
            (3, 6),
            "a solitaire warband"
        );
        let said: Vec<String> = parse(&write(&s).unwrap(), "s.ron")
            .err()
            .unwrap_or_default()
            .into_iter()
            .map(|p| p.message)
            .collect();
        assert!(!said.iter().any(|m| m.contains("3'x3'")), "{said:?}");
        s.goal = Goal::BombingRun;
        goal_changed(&mut s);
        assert!(s.solitaire.is_none());
        assert_eq!(s.sides[1].control, Control::Human);
        assert_eq!(s.sides[1].warband.fighters.len(), 4);
        assert_eq!(s.table, (24.0, 24.0));
    }

    /// Issue 60: opponents of their own and Investigate's happenings made in the editor are
    /// written and read back; the happenings go when the goal leaves Investigate (they are
    /// its), the profiles stay with the opponents.
    #[test]
    fn opponents_of_their_own_and_happenings_are_made_and_kept_to_investigate() {
        use super::super::rules::solitaire::{Happening, OpponentProfile};
        let src = include_str!("../../../scenarios/one_stat/investigate.ron");
        let mut s = Editor::open(src, "investigate.ron")
            .unwrap()
            .scenario()
            .clone();
        let sol = s.solitaire.as_mut().unwrap();
        sol.profiles.push(OpponentProfile {
            tier: Tier::Boss,
            name: "Lich".into(),
            stat: 9,
            specialisation: Some(Specialisation::Tank),
            weapons: None,
        });
        sol.happenings = vec![Happening::Rover, Happening::Deity];
        let back = parse(&write(&s).unwrap(), "s.ron").expect("a scenario as written");
        assert_eq!(back.solitaire, s.solitaire);
        s.goal = Goal::Bounty;
        goal_changed(&mut s);
        let sol = s.solitaire.as_ref().unwrap();
        assert!(sol.happenings.is_empty(), "{:?}", sol.happenings);
        assert_eq!(sol.profiles.len(), 1);
        assert!(
            parse(&write(&s).unwrap(), "s.ron").is_ok(),
            "the Bounty with the profile"
        );
    }

    #[test]
    fn bad_edits_are_refused_and_change_nothing() {
        let mut e = Editor::new();
        let before = e.text().unwrap();
        for bad in [
            Edit::AddTerrain {
                preset: "volcano".into(),
                shape: circle(5.0, 5.0),
            },
            Edit::AddTerrain {
                preset: "wall".into(),
                shape: circle(50.0, 5.0),
            },
            Edit::Move {
                ids: vec!["nothing".into()],
                by: (1.0, 1.0),
            },
            Edit::Remove(vec!["nothing".into()]),
        ] {
            assert!(e.apply(bad.clone()).is_err(), "{bad:?}");
            assert_eq!(e.text().unwrap(), before);
        }
    }

    #[test]
    fn an_action_goal_on_a_three_foot_table_and_terrain_off_a_smaller_one_are_problems() {
        let mut e = Editor::new();
        e.apply(Edit::AddTerrain {
            preset: "lake".into(),
            shape: circle(30.0, 30.0),
        })
        .unwrap();
        let mut s = e.scenario().clone();
        s.goal = Goal::BombingRun;
        e.apply(Edit::Set(Box::new(s))).unwrap();
        let said: Vec<String> = e.problems("x.ron").into_iter().map(|p| p.message).collect();
        assert!(said.iter().any(|m| m.contains("2'x2'")), "{said:?}");
        let mut s = e.scenario().clone();
        s.table = (24.0, 24.0);
        e.apply(Edit::Set(Box::new(s))).unwrap();
        let said: Vec<String> = e.problems("x.ron").into_iter().map(|p| p.message).collect();
        assert!(
            said.iter()
                .any(|m| m.contains("lake lies off the 24\" by 24\" table")),
            "{said:?}"
        );
    }
}
