//! The Tyneside scenario editor, as edits of a scenario on the inch table: terrain pieces
//! drawn, moved, turned, resized and removed; figures of the roster placed into groups; portal
//! counters and objectives placed; a selection copied and pasted; one half of the terrain
//! mirrored onto the other; and any other field changed. Every edit is undone and redone, and
//! the scenario is checked as `holotable check` checks a file. Pure data in inches from the
//! table's bottom-left corner: the editor's screen turns the mouse into these edits
//! (docs/editor.md).

use glam::Vec2;

use super::rules::profile::Roster;
use super::rules::scenario::{
    EnemyForces, FigureDef, GroupDef, Objective, PoolEntry, PortalDef, Scenario, SideDef, Victory,
};
use crate::rules::geometry::Shape;
use crate::rules::history::History;
use crate::rules::layout::{self, Mirror};
use crate::rules::scenario::{Control, ScenarioError, ron_error, ron_options, write};
use crate::rules::terrain::{TerrainKind, TerrainPiece, TerrainProperty};

/// Something on the table, by id.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// A terrain piece.
    Terrain(String),
    /// A figure.
    Figure(String),
    /// A portal counter.
    Portal(String),
    /// An objective marker.
    Objective(String),
}

impl Item {
    /// Its id.
    pub fn id(&self) -> &str {
        match self {
            Item::Terrain(id) | Item::Figure(id) | Item::Portal(id) | Item::Objective(id) => id,
        }
    }
}

/// Things copied from the table, to paste elsewhere with new ids.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clip {
    /// Terrain pieces.
    pub terrain: Vec<TerrainPiece>,
    /// Figures by their side (index) and group: each group pastes as a new group.
    pub groups: Vec<(usize, GroupDef)>,
    /// Portal counters.
    pub portals: Vec<PortalDef>,
    /// Objective markers.
    pub objectives: Vec<Objective>,
}

impl Clip {
    /// Whether nothing was copied.
    pub fn is_empty(&self) -> bool {
        self.terrain.is_empty()
            && self.groups.is_empty()
            && self.portals.is_empty()
            && self.objectives.is_empty()
    }

    /// The middle of what was copied, inches (where a paste puts the mouse).
    pub fn centre(&self) -> Vec2 {
        let points: Vec<Vec2> = self
            .terrain
            .iter()
            .map(|t| t.shape.centre())
            .chain(
                self.groups
                    .iter()
                    .flat_map(|(_, g)| g.figures.iter().map(|f| Vec2::from(f.at))),
            )
            .chain(self.portals.iter().map(|p| Vec2::from(p.at)))
            .chain(self.objectives.iter().map(|o| Vec2::from(o.at)))
            .collect();
        let (min, max) = points.iter().fold(
            (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
            |(a, b), p| (a.min(*p), b.max(*p)),
        );
        if points.is_empty() {
            Vec2::ZERO
        } else {
            (min + max) / 2.0
        }
    }
}

/// One edit of a Tyneside scenario. Places are inches from the table's bottom-left corner.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// A terrain piece of `kind` with the kind's usual properties ([`usual_properties`]) and
    /// an id made from the kind's name.
    AddTerrain {
        /// How it is drawn.
        kind: TerrainKind,
        /// Its outline.
        shape: Shape,
    },
    /// Gives terrain piece `id` a new outline (moved, turned or resized).
    Reshape {
        /// The piece.
        id: String,
        /// Its new outline.
        shape: Shape,
    },
    /// A figure of `profile` (a roster name) for side `side` (by index) at `at`, in group
    /// `group`, or in a new group of its own when `None`; facing the table's centre; a hero
    /// when it is a named character ([`super::rules::profile::Profile::named`]) of a side people play.
    PlaceFigure {
        /// The side, by index.
        side: usize,
        /// The group it joins, by id.
        group: Option<String>,
        /// Its profile, e.g. "Stormtrooper".
        profile: String,
        /// The centre of its base.
        at: (f32, f32),
    },
    /// A portal counter at `at` (the scenario's enemy forces are made when it has none: the
    /// side played by the rules, or the second, with the text's stormtroopers).
    PlacePortal {
        /// Where.
        at: (f32, f32),
    },
    /// An objective marker at `at`, held within 3".
    PlaceObjective {
        /// Where.
        at: (f32, f32),
    },
    /// Moves `items` by `by`.
    Move {
        /// What moves.
        items: Vec<Item>,
        /// How far, inches.
        by: (f32, f32),
    },
    /// Removes `items`; a group left with no figure goes too.
    Remove(Vec<Item>),
    /// Puts a copy of `clip` on the table moved by `by`, with new ids.
    Paste {
        /// What was copied.
        clip: Clip,
        /// How far from where it was copied, inches.
        by: (f32, f32),
    },
    /// Copies one half of the terrain onto the other ([`layout::mirror`]); figures, portals
    /// and objectives stay where they are.
    Mirror(Mirror),
    /// Replaces the whole scenario (a field changed in the editor's forms).
    Set(Box<Scenario>),
}

/// What a piece of `kind` usually does under the rules, as the bundled scenarios give it: a
/// building blocks sight and movement, woods are difficult cover that hides, a wall or rocks
/// are cover to cross as an obstacle, a shut door blocks both, a chasm is a gap.
pub fn usual_properties(kind: TerrainKind) -> Vec<TerrainProperty> {
    use TerrainProperty::*;
    match kind {
        TerrainKind::Woods => vec![Difficult, Cover, BlocksLineOfSight],
        TerrainKind::Rocks | TerrainKind::Wall => vec![Cover, Obstacle],
        TerrainKind::Building => vec![BlocksLineOfSight, Building, Impassable],
        TerrainKind::Hill => vec![Hill],
        TerrainKind::Water => vec![Difficult],
        TerrainKind::Crates => vec![Cover, Difficult],
        TerrainKind::Chasm => vec![Gap],
        TerrainKind::Door => vec![BlocksLineOfSight, Impassable],
        TerrainKind::Other => Vec::new(),
    }
}

/// A Tyneside scenario being edited.
#[derive(Clone, Debug)]
pub struct Editor(History<Scenario>);

impl Editor {
    /// A new hotseat skirmish on a 6 by 4 foot table (72" by 48"): the Rebel Alliance against
    /// the Galactic Empire, both played by people, 10 turns, no terrain or figure yet.
    pub fn new() -> Self {
        let side = |id: &str, name: &str, imperial: bool| SideDef {
            id: id.into(),
            name: name.into(),
            control: Control::Human,
            imperial,
            groups: Vec::new(),
        };
        Self(History::new(Scenario {
            name: "New skirmish".into(),
            ruleset: super::ID.into(),
            description: String::new(),
            table: (72.0, 48.0),
            terrain: Vec::new(),
            sides: vec![
                side("rebels", "Rebel Alliance", false),
                side("empire", "Galactic Empire", true),
            ],
            objectives: Vec::new(),
            turn_limit: Some(10),
            random_movement: true,
            enemy_forces: None,
            victory: Victory::LastSideStanding,
            heroes_can_die: false,
        }))
    }

    /// The scenario `src` to edit (named `file` in errors), checked or not.
    ///
    /// Errors: the RON does not read as a Tyneside scenario, with file, line and column.
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

    /// What `holotable check` would say of it now, with `file` as its name; a side with no
    /// figure is told too (it could not play).
    pub fn problems(&self, file: &str, roster: &Roster) -> Vec<ScenarioError> {
        let mut found = match self.text() {
            Ok(src) => super::rules::parse(&src, file, roster)
                .err()
                .unwrap_or_default(),
            Err(message) => vec![ScenarioError {
                file: file.into(),
                line: 1,
                column: 1,
                message,
            }],
        };
        let s = self.0.now();
        for side in &s.sides {
            let pool = s.enemy_forces.as_ref().is_some_and(|e| e.side == side.id);
            if !pool && side.groups.iter().all(|g| g.figures.is_empty()) {
                found.push(ScenarioError {
                    file: file.into(),
                    line: 1,
                    column: 1,
                    message: format!("{} has no figure yet", side.name),
                });
            }
        }
        found
    }

    /// What `items` are, copied.
    pub fn copy(&self, items: &[Item]) -> Clip {
        let s = self.0.now();
        let has = |i: Item| items.contains(&i);
        Clip {
            terrain: s
                .terrain
                .iter()
                .filter(|t| has(Item::Terrain(t.id.clone())))
                .cloned()
                .collect(),
            groups: s
                .sides
                .iter()
                .enumerate()
                .flat_map(|(k, side)| side.groups.iter().map(move |g| (k, g)))
                .filter_map(|(k, g)| {
                    let figures: Vec<FigureDef> = g
                        .figures
                        .iter()
                        .filter(|f| has(Item::Figure(f.id.clone())))
                        .cloned()
                        .collect();
                    (!figures.is_empty()).then(|| {
                        (
                            k,
                            GroupDef {
                                figures,
                                ..g.clone()
                            },
                        )
                    })
                })
                .collect(),
            portals: s
                .enemy_forces
                .iter()
                .flat_map(|e| &e.portals)
                .filter(|p| has(Item::Portal(p.id.clone())))
                .cloned()
                .collect(),
            objectives: s
                .objectives
                .iter()
                .filter(|o| has(Item::Objective(o.id.clone())))
                .cloned()
                .collect(),
        }
    }

    /// Applies `edit`, checking names against `roster`; undo takes it back.
    ///
    /// Errors (nothing changes): a place off the table, an unknown profile, side, group or
    /// item, a terrain outline that is not a shape, or an edit that changes nothing.
    pub fn apply(&mut self, edit: Edit, roster: &Roster) -> Result<(), String> {
        self.0.change(|s| apply(s, edit, roster))
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

/// Whether `id` names anything in `s` (ids are kept unique across kinds, so a command script
/// can name anything).
fn taken(s: &Scenario, id: &str) -> bool {
    s.terrain.iter().any(|t| t.id == id)
        || s.objectives.iter().any(|o| o.id == id)
        || s.sides.iter().any(|d| {
            d.id == id
                || d.groups
                    .iter()
                    .any(|g| g.id == id || g.figures.iter().any(|f| f.id == id))
        })
        || s.enemy_forces
            .iter()
            .any(|e| e.portals.iter().any(|p| p.id == id))
}

fn on_table(s: &Scenario, (x, y): (f32, f32)) -> Result<(), String> {
    let (w, d) = s.table;
    if (0.0..=w).contains(&x) && (0.0..=d).contains(&y) {
        Ok(())
    } else {
        Err(format!(
            "({x:.1}\", {y:.1}\") is off the table ({w}\" by {d}\")"
        ))
    }
}

/// An outline the rules can read: a rectangle wider and deeper than nothing, a circle with
/// a radius, a polygon of three corners or more; its centre on the table.
fn check_shape(s: &Scenario, shape: &Shape) -> Result<(), String> {
    match shape {
        Shape::Rect { min, max } if min.0 >= max.0 || min.1 >= max.1 => {
            Err("a rectangle needs width and depth".into())
        }
        Shape::Circle { radius, .. } if *radius <= 0.0 => Err("a circle needs a radius".into()),
        Shape::Polygon { points } if points.len() < 3 => {
            Err("a polygon needs three corners or more".into())
        }
        _ => on_table(s, shape.centre().into()),
    }
}

/// Degrees from `at` towards the table's centre (0 = towards +x, counter-clockwise).
fn facing_centre(s: &Scenario, at: (f32, f32)) -> f32 {
    let d = Vec2::new(s.table.0, s.table.1) / 2.0 - Vec2::from(at);
    if d.length() < 1e-3 {
        0.0
    } else {
        d.y.atan2(d.x).to_degrees().round()
    }
}

fn apply(s: &mut Scenario, edit: Edit, roster: &Roster) -> Result<(), String> {
    match edit {
        Edit::AddTerrain { kind, shape } => {
            check_shape(s, &shape)?;
            let id = layout::fresh_id(kind.name(), |id| taken(s, id));
            s.terrain.push(TerrainPiece {
                id,
                kind,
                shape,
                properties: usual_properties(kind),
            });
        }
        Edit::Reshape { id, shape } => {
            check_shape(s, &shape)?;
            let t = s
                .terrain
                .iter_mut()
                .find(|t| t.id == id)
                .ok_or_else(|| format!("no terrain piece '{id}'"))?;
            t.shape = shape;
        }
        Edit::PlaceFigure {
            side,
            group,
            profile,
            at,
        } => {
            on_table(s, at)?;
            let p = roster
                .profile(&profile)
                .ok_or_else(|| format!("no profile '{profile}' in the roster"))?;
            let stem = layout::id_stem(&p.name);
            let id = layout::fresh_id(&stem, |id| taken(s, id));
            let facing = facing_centre(s, at);
            let group_id = match group {
                Some(g) => g,
                None => layout::fresh_id(&format!("{stem}_group"), |x| taken(s, x) || x == id),
            };
            let name = p.name.clone();
            let d = s.sides.get_mut(side).ok_or("no such side")?;
            // "Heroes, run by players" (tyneside-skirmish.txt, Morale): a named character of
            // a side people play.
            let hero = p.named && d.control == Control::Human;
            let figure = FigureDef {
                id,
                name: None,
                profile: name.clone(),
                at,
                facing,
                armour: None,
                weapon: None,
                abilities: Vec::new(),
                hero,
                helmet: false,
                force_points: None,
                hidden: false,
                base: 0.5,
            };
            match d.groups.iter_mut().find(|g| g.id == group_id) {
                Some(g) => g.figures.push(figure),
                None => d.groups.push(GroupDef {
                    id: group_id,
                    name,
                    order: None,
                    figures: vec![figure],
                }),
            }
        }
        Edit::PlacePortal { at } => {
            on_table(s, at)?;
            let id = (1..)
                .map(|n| format!("P{n}"))
                .find(|id| !taken(s, id))
                .unwrap_or_default();
            let side = s
                .sides
                .iter()
                .rev()
                .find(|d| d.control == Control::Rules)
                .or(s.sides.get(1))
                .ok_or("a portal counter needs a second side")?
                .id
                .clone();
            let forces = s.enemy_forces.get_or_insert_with(|| EnemyForces {
                side,
                portals: Vec::new(),
                pool: vec![PoolEntry {
                    profile: "Stormtrooper".into(),
                    count: 12,
                }],
                leader: ron_default("leader"),
                walker: None,
                trooper: ron_default("trooper"),
                heavy_weapon: ron_default("heavy_weapon"),
                officer: ron_default("officer"),
                probe: ron_default("probe"),
            });
            forces.portals.push(PortalDef {
                id,
                at,
                open: false,
                once: false,
                in_sight: false,
            });
        }
        Edit::PlaceObjective { at } => {
            on_table(s, at)?;
            let id = layout::fresh_id("objective", |id| taken(s, id));
            let n = s.objectives.len() + 1;
            s.objectives.push(Objective {
                id,
                name: format!("Objective {n}"),
                at,
                radius: 3.0,
            });
        }
        Edit::Move { items, by } => {
            let by = Vec2::from(by);
            let moved = |p: &mut (f32, f32)| *p = (Vec2::from(*p) + by).into();
            for item in &items {
                let found = match item {
                    Item::Terrain(id) => s.terrain.iter_mut().find(|t| &t.id == id).map(|t| {
                        t.shape = t.shape.moved(by);
                    }),
                    Item::Figure(id) => s
                        .sides
                        .iter_mut()
                        .flat_map(|d| d.groups.iter_mut())
                        .flat_map(|g| g.figures.iter_mut())
                        .find(|f| &f.id == id)
                        .map(|f| moved(&mut f.at)),
                    Item::Portal(id) => s
                        .enemy_forces
                        .iter_mut()
                        .flat_map(|e| e.portals.iter_mut())
                        .find(|p| &p.id == id)
                        .map(|p| moved(&mut p.at)),
                    Item::Objective(id) => s
                        .objectives
                        .iter_mut()
                        .find(|o| &o.id == id)
                        .map(|o| moved(&mut o.at)),
                };
                found.ok_or_else(|| format!("nothing called '{}'", item.id()))?;
            }
            let snapshot = s.clone();
            for item in &items {
                match item {
                    Item::Terrain(id) => {
                        if let Some(t) = snapshot.terrain.iter().find(|t| &t.id == id) {
                            check_shape(&snapshot, &t.shape)?;
                        }
                    }
                    _ => {
                        if let Some(at) = place_of(&snapshot, item) {
                            on_table(&snapshot, at)?;
                        }
                    }
                }
            }
        }
        Edit::Remove(items) => {
            for item in &items {
                let before = count(s);
                match item {
                    Item::Terrain(id) => s.terrain.retain(|t| &t.id != id),
                    Item::Figure(id) => {
                        for d in &mut s.sides {
                            for g in &mut d.groups {
                                g.figures.retain(|f| &f.id != id);
                            }
                            d.groups.retain(|g| !g.figures.is_empty());
                        }
                    }
                    Item::Portal(id) => {
                        if let Some(e) = &mut s.enemy_forces {
                            e.portals.retain(|p| &p.id != id);
                        }
                    }
                    Item::Objective(id) => s.objectives.retain(|o| &o.id != id),
                }
                if count(s) == before {
                    return Err(format!("nothing called '{}'", item.id()));
                }
            }
        }
        Edit::Paste { clip, by } => {
            let by = Vec2::from(by);
            let shift = |p: (f32, f32)| -> (f32, f32) { (Vec2::from(p) + by).into() };
            for mut t in clip.terrain {
                t.id = layout::fresh_id(&t.id, |id| taken(s, id));
                t.shape = t.shape.moved(by);
                check_shape(s, &t.shape)?;
                s.terrain.push(t);
            }
            let mut made: Vec<String> = Vec::new();
            let mut fresh = |s: &Scenario, stem: &str| {
                let id = layout::fresh_id(stem, |id| taken(s, id) || made.iter().any(|m| m == id));
                made.push(id.clone());
                id
            };
            for (side, mut g) in clip.groups {
                g.id = fresh(s, &g.id);
                for f in &mut g.figures {
                    f.id = fresh(s, &f.id);
                    f.at = shift(f.at);
                    on_table(s, f.at)?;
                }
                s.sides.get_mut(side).ok_or("no such side")?.groups.push(g);
            }
            if !clip.portals.is_empty() {
                let e = s
                    .enemy_forces
                    .as_mut()
                    .ok_or("portal counters need the enemy's forces")?;
                let mut ids: Vec<String> = Vec::new();
                for mut p in clip.portals {
                    let id = (1..)
                        .map(|n| format!("P{n}"))
                        .find(|id| !e.portals.iter().any(|q| &q.id == id) && !ids.contains(id))
                        .unwrap_or_default();
                    ids.push(id.clone());
                    p.id = id;
                    p.at = shift(p.at);
                    e.portals.push(p);
                }
            }
            for mut o in clip.objectives {
                o.id = layout::fresh_id(&o.id, |id| taken(s, id));
                o.at = shift(o.at);
                on_table(s, o.at)?;
                s.objectives.push(o);
            }
            if let Some(e) = &s.enemy_forces {
                for p in &e.portals {
                    on_table(s, p.at)?;
                }
            }
        }
        Edit::Mirror(how) => {
            let size = Vec2::new(s.table.0, s.table.1);
            let others = s.clone();
            layout::mirror(&mut s.terrain, how, size, |id| {
                taken(&others, id) && !others.terrain.iter().any(|t| t.id == id)
            });
        }
        Edit::Set(new) => *s = *new,
    }
    Ok(())
}

/// How many things stand on the table (to tell a removal that found nothing).
fn count(s: &Scenario) -> usize {
    s.terrain.len()
        + s.objectives.len()
        + s.sides
            .iter()
            .flat_map(|d| &d.groups)
            .map(|g| g.figures.len())
            .sum::<usize>()
        + s.enemy_forces.as_ref().map_or(0, |e| e.portals.len())
}

/// Where a figure, portal or objective stands.
pub fn place_of(s: &Scenario, item: &Item) -> Option<(f32, f32)> {
    match item {
        Item::Terrain(id) => s
            .terrain
            .iter()
            .find(|t| &t.id == id)
            .map(|t| t.shape.centre().into()),
        Item::Figure(id) => s
            .sides
            .iter()
            .flat_map(|d| &d.groups)
            .flat_map(|g| &g.figures)
            .find(|f| &f.id == id)
            .map(|f| f.at),
        Item::Portal(id) => s
            .enemy_forces
            .iter()
            .flat_map(|e| &e.portals)
            .find(|p| &p.id == id)
            .map(|p| p.at),
        Item::Objective(id) => s.objectives.iter().find(|o| &o.id == id).map(|o| o.at),
    }
}

/// A field of [`EnemyForces`] as the scenario format fills it when left out.
fn ron_default(field: &str) -> String {
    let d = super::rules::force_generation::ForceProfiles::default();
    match field {
        "leader" => d.leader,
        "trooper" => d.trooper,
        "heavy_weapon" => d.heavy_weapon,
        "officer" => d.officer,
        _ => d.probe,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roster() -> &'static Roster {
        crate::rulesets::tyneside::roster().unwrap()
    }

    fn rect(x: f32, y: f32) -> Shape {
        Shape::Rect {
            min: (x, y),
            max: (x + 4.0, y + 3.0),
        }
    }

    #[test]
    fn terrain_is_drawn_reshaped_moved_removed_and_undone() {
        let r = roster();
        let mut e = Editor::new();
        e.apply(
            Edit::AddTerrain {
                kind: TerrainKind::Building,
                shape: rect(10.0, 10.0),
            },
            r,
        )
        .unwrap();
        e.apply(
            Edit::AddTerrain {
                kind: TerrainKind::Building,
                shape: rect(30.0, 10.0),
            },
            r,
        )
        .unwrap();
        let ids: Vec<&str> = e.scenario().terrain.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, ["building", "building_2"]);
        assert_eq!(
            e.scenario().terrain[0].properties,
            usual_properties(TerrainKind::Building)
        );
        let turned = rect(30.0, 10.0).turned(30.0);
        e.apply(
            Edit::Reshape {
                id: "building_2".into(),
                shape: turned.clone(),
            },
            r,
        )
        .unwrap();
        assert_eq!(e.scenario().terrain[1].shape, turned);
        e.apply(
            Edit::Move {
                items: vec![Item::Terrain("building".into())],
                by: (2.0, -1.0),
            },
            r,
        )
        .unwrap();
        assert_eq!(e.scenario().terrain[0].shape, rect(12.0, 9.0));
        e.apply(Edit::Remove(vec![Item::Terrain("building".into())]), r)
            .unwrap();
        assert_eq!(e.scenario().terrain.len(), 1);
        assert!(e.undo() && e.undo());
        assert_eq!(e.scenario().terrain[0].shape, rect(10.0, 10.0));
        assert!(e.redo());
        assert_eq!(e.scenario().terrain[0].shape, rect(12.0, 9.0));
    }

    #[test]
    fn figures_portals_and_objectives_are_placed_with_ids_made_for_them() {
        let r = roster();
        let mut e = Editor::new();
        let said: Vec<String> = e
            .problems("new.ron", r)
            .into_iter()
            .map(|p| p.message)
            .collect();
        assert!(
            said.contains(&"Rebel Alliance has no figure yet".to_string()),
            "{said:?}"
        );
        assert!(
            said.contains(&"Galactic Empire has no figure yet".to_string()),
            "{said:?}"
        );
        let place = |e: &mut Editor, side, group: Option<&str>, profile: &str, at| {
            e.apply(
                Edit::PlaceFigure {
                    side,
                    group: group.map(Into::into),
                    profile: profile.into(),
                    at,
                },
                r,
            )
            .unwrap()
        };
        place(&mut e, 0, None, "Han Solo", (4.0, 30.0));
        assert!(
            e.scenario().sides[0].groups[0].figures[0].hero,
            "a named character leads"
        );
        e.apply(Edit::Remove(vec![Item::Figure("han_solo".into())]), r)
            .unwrap();
        place(&mut e, 0, None, "Basic trooper", (6.0, 20.0));
        place(
            &mut e,
            0,
            Some("basic_trooper_group"),
            "Basic trooper",
            (7.5, 20.0),
        );
        place(&mut e, 1, None, "Stormtrooper", (60.0, 24.0));
        let s = e.scenario();
        assert_eq!(s.sides[0].groups.len(), 1);
        let ids: Vec<&str> = s.sides[0].groups[0]
            .figures
            .iter()
            .map(|f| f.id.as_str())
            .collect();
        assert_eq!(ids, ["basic_trooper", "basic_trooper_2"]);
        assert_eq!(
            s.sides[0].groups[0].figures[0].facing, 8.0,
            "towards the centre"
        );
        assert_eq!(s.sides[1].groups[0].figures[0].facing, 180.0);
        assert!(
            e.problems("x.ron", r).is_empty(),
            "{:?}",
            e.problems("x.ron", r)
        );
        e.apply(Edit::PlacePortal { at: (50.0, 40.0) }, r).unwrap();
        e.apply(Edit::PlacePortal { at: (52.0, 40.0) }, r).unwrap();
        e.apply(Edit::PlaceObjective { at: (36.0, 24.0) }, r)
            .unwrap();
        let forces = e.scenario().enemy_forces.clone().unwrap();
        assert_eq!(forces.side, "empire");
        let portals: Vec<&str> = forces.portals.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(portals, ["P1", "P2"]);
        assert_eq!(e.scenario().objectives[0].id, "objective");
        let text = e.text().unwrap();
        assert_eq!(Editor::open(&text, "x.ron").unwrap().text().unwrap(), text);
        e.apply(Edit::Remove(vec![Item::Figure("stormtrooper".into())]), r)
            .unwrap();
        assert!(
            e.scenario().sides[1].groups.is_empty(),
            "its group went too"
        );
    }

    #[test]
    fn a_selection_is_copied_and_pasted_with_new_ids() {
        let r = roster();
        let mut e = Editor::new();
        e.apply(
            Edit::AddTerrain {
                kind: TerrainKind::Crates,
                shape: rect(10.0, 10.0),
            },
            r,
        )
        .unwrap();
        e.apply(
            Edit::PlaceFigure {
                side: 1,
                group: None,
                profile: "Stormtrooper".into(),
                at: (12.0, 15.0),
            },
            r,
        )
        .unwrap();
        let clip = e.copy(&[
            Item::Terrain("crates".into()),
            Item::Figure("stormtrooper".into()),
        ]);
        assert_eq!((clip.terrain.len(), clip.groups.len()), (1, 1));
        e.apply(
            Edit::Paste {
                clip: clip.clone(),
                by: (20.0, 0.0),
            },
            r,
        )
        .unwrap();
        let s = e.scenario();
        assert_eq!(s.terrain[1].id, "crates_2");
        assert_eq!(s.terrain[1].shape, rect(30.0, 10.0));
        assert_eq!(s.sides[1].groups.len(), 2);
        assert_eq!(s.sides[1].groups[1].figures[0].id, "stormtrooper_2");
        assert_eq!(s.sides[1].groups[1].figures[0].at, (32.0, 15.0));
        let before = e.text().unwrap();
        assert!(
            e.apply(
                Edit::Paste {
                    clip,
                    by: (70.0, 0.0)
                },
                r
            )
            .is_err(),
            "off the table"
        );
        assert_eq!(e.text().unwrap(), before);
    }

    #[test]
    fn bad_edits_are_refused_and_change_nothing() {
        let r = roster();
        let mut e = Editor::new();
        let before = e.text().unwrap();
        for bad in [
            Edit::PlaceFigure {
                side: 0,
                group: None,
                profile: "Basic trooper".into(),
                at: (-1.0, 5.0),
            },
            Edit::PlaceFigure {
                side: 0,
                group: None,
                profile: "Wookiee chieftain".into(),
                at: (5.0, 5.0),
            },
            Edit::PlaceFigure {
                side: 5,
                group: None,
                profile: "Basic trooper".into(),
                at: (5.0, 5.0),
            },
            Edit::AddTerrain {
                kind: TerrainKind::Rocks,
                shape: Shape::Polygon {
                    points: vec![(1.0, 1.0), (2.0, 2.0)],
                },
            },
            Edit::AddTerrain {
                kind: TerrainKind::Rocks,
                shape: rect(100.0, 10.0),
            },
            Edit::Move {
                items: vec![Item::Figure("nobody".into())],
                by: (1.0, 1.0),
            },
            Edit::Remove(vec![Item::Portal("P9".into())]),
        ] {
            assert!(e.apply(bad.clone(), r).is_err(), "{bad:?}");
            assert_eq!(e.text().unwrap(), before);
        }
    }

    #[test]
    fn holding_objectives_with_none_placed_is_a_problem() {
        let r = roster();
        let mut e = Editor::new();
        let mut s = e.scenario().clone();
        s.victory = Victory::HoldObjectives;
        e.apply(Edit::Set(Box::new(s)), r).unwrap();
        let told = |e: &Editor| {
            e.problems("x.ron", r)
                .iter()
                .any(|p| p.message.contains("needs at least one objective"))
        };
        assert!(told(&e));
        e.apply(Edit::PlaceObjective { at: (36.0, 24.0) }, r)
            .unwrap();
        assert!(!told(&e));
    }

    #[test]
    fn mirroring_copies_the_terrain_of_one_half() {
        let r = roster();
        let mut e = Editor::new();
        e.apply(
            Edit::AddTerrain {
                kind: TerrainKind::Woods,
                shape: Shape::Circle {
                    centre: (10.0, 30.0),
                    radius: 4.0,
                },
            },
            r,
        )
        .unwrap();
        e.apply(Edit::Mirror(Mirror::LeftToRight), r).unwrap();
        let t = &e.scenario().terrain;
        assert_eq!(t.len(), 2);
        assert_eq!(t[1].id, "woods_mirror");
        assert_eq!(
            t[1].shape,
            Shape::Circle {
                centre: (62.0, 30.0),
                radius: 4.0
            }
        );
    }
}
