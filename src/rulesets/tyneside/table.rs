//! The table: terrain and scenario as a resource, and setting a game up from a scenario.

use bevy::prelude::*;

use super::components::{
    Condition, EnemyPool, Facing, Figure, Group, Member, Portal, Position, Status, TurnActivity,
};
use super::rules::profile::{Ability, Roster};
use super::rules::scenario::{FigureDef, Scenario};
use super::turn::TurnState;
use crate::engine::board::{BoardGeometry, Marker};
use crate::engine::game::InGame;
use crate::engine::record::GameLog;
use crate::rules::los::LosIndex;
use crate::rules::terrain::TerrainPiece;

/// The scenario being played, its terrain and the sight index over it.
#[derive(Resource, Clone, Debug)]
pub struct TableRes {
    /// The scenario as loaded.
    pub scenario: Scenario,
    /// Table width and depth, inches.
    pub size: Vec2,
    /// Terrain pieces (the scenario's, in order).
    pub terrain: Vec<TerrainPiece>,
    /// Line-of-sight index over the terrain.
    pub los: LosIndex,
    /// Doors (terrain indices) blown or cut open: they no longer shut.
    pub broken: std::collections::BTreeSet<usize>,
    /// Doors (terrain indices) an explosive was stuck to, and the turn: blown open at the
    /// beginning of the next.
    pub mined: Vec<(usize, u32)>,
}

impl TableRes {
    /// Builds the table of `scenario`.
    pub fn new(scenario: Scenario) -> Self {
        let terrain = scenario.terrain.clone();
        let los = LosIndex::new(&terrain);
        Self {
            size: Vec2::new(scenario.table.0, scenario.table.1),
            terrain,
            los,
            scenario,
            broken: Default::default(),
            mined: Vec::new(),
        }
    }

    /// Shuts or opens door `k` (a terrain index) and rebuilds the line-of-sight index.
    pub fn set_door(&mut self, k: usize, shut: bool) {
        if let Some(piece) = self.terrain.get_mut(k) {
            super::rules::doors::set_shut(piece, shut);
            self.los = LosIndex::new(&self.terrain);
        }
    }

    /// Cuts a hole [`HOLE`](super::rules::doors::HOLE) wide across wall `k` (a terrain index)
    /// where a figure at `at` stands: the piece keeps the part on one side, a new piece
    /// (`"<id> (cut N)"`, appended so no index moves) the part on the other; a wall the hole
    /// takes whole no longer stops, slows or hides. Rebuilds the line-of-sight index.
    pub fn cut_wall(&mut self, k: usize, at: Vec2) {
        let Some(piece) = self.terrain.get(k).cloned() else {
            return;
        };
        match super::rules::doors::cut_hole(&piece.shape, at) {
            (Some(a), Some(b)) => {
                self.terrain[k].shape = a;
                let n = self.terrain.len();
                self.terrain.push(crate::rules::terrain::TerrainPiece {
                    id: format!("{} (cut {n})", piece.id),
                    shape: b,
                    ..piece
                });
            }
            (Some(part), None) | (None, Some(part)) => self.terrain[k].shape = part,
            (None, None) => self.terrain[k].properties.clear(),
        }
        self.los = LosIndex::new(&self.terrain);
    }

    /// The door of id `id`, as its terrain index.
    ///
    /// Errors: no terrain piece of that id, or it is not a door.
    pub fn door(&self, id: &str) -> Result<usize, String> {
        self.terrain
            .iter()
            .position(|t| t.id == id && super::rules::doors::is_door(t))
            .ok_or(format!("no door '{id}' on this table"))
    }

    /// The door or wall of id `id` a light sabre can cut a hole in, as its terrain index.
    ///
    /// Errors: no terrain piece of that id, or one that is neither a door nor a straight wall
    /// (tyneside-skirmish.txt: "cut a hole in any surface"; docs/rules/tyneside.md, Doors).
    pub fn surface(&self, id: &str) -> Result<usize, String> {
        let k = self
            .terrain
            .iter()
            .position(|t| t.id == id)
            .ok_or(format!("no door or wall '{id}' on this table"))?;
        let t = &self.terrain[k];
        if super::rules::doors::is_door(t) || super::rules::doors::cuttable_wall(t) {
            Ok(k)
        } else {
            Err(format!(
                "a light sabre cuts holes in doors and straight walls, not in {id} ({:?})",
                t.kind
            ))
        }
    }

    /// Display name of side `side`.
    pub fn side_name(&self, side: usize) -> &str {
        self.scenario
            .sides
            .get(side)
            .map(|s| s.name.as_str())
            .unwrap_or("?")
    }

    /// Each side's count by name, in scenario order: `Galactic Empire 9, Rebel Alliance 7`.
    pub fn tally(&self, counts: &[usize]) -> String {
        counts
            .iter()
            .enumerate()
            .map(|(s, n)| format!("{} {n}", self.side_name(s)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Whether the scenario gives side `side` to the rules (`control: Rules`): its heroes are
    /// no player's characters (docs/rules/tyneside.md, Orders and command).
    pub fn rules_run(&self, side: usize) -> bool {
        self.scenario
            .sides
            .get(side)
            .is_some_and(|s| s.control == super::rules::scenario::Control::Rules)
    }

    /// The side that brings forces on at portals (the scenario's `enemy_forces`), if any: its
    /// orders are calculated after the Enemy Force Generation step (tyneside-skirmish.txt,
    /// Play sequence: "2) Dice for Enemy Force Generation … 3) Calculate orders for
    /// Enemy force").
    pub fn generating_side(&self) -> Option<usize> {
        let ef = self.scenario.enemy_forces.as_ref()?;
        self.scenario.sides.iter().position(|s| s.id == ef.side)
    }
}

/// Sets up `scenario` (it must have passed [`super::rules::parse`] with `roster`; unknown
/// profiles are skipped, not a panic): groups, figures, portals and the enemy's pool spawned,
/// the table and turn 1 ready for its Orders phase. The engine clears the last game and puts
/// in the record, log and dice first ([`crate::engine::game::start`]).
pub fn setup(world: &mut World, scenario: Scenario, roster: &Roster) {
    let mut index = 0;
    for (side, s) in scenario.sides.iter().enumerate() {
        for (gi, g) in s.groups.iter().enumerate() {
            world.spawn((
                InGame,
                Group::new(
                    (g.id.clone(), g.name.clone()),
                    side,
                    Some(g.order.unwrap_or(super::rules::orders::Order::Stand)),
                    g.figures.len(),
                    side * 1000 + gi,
                ),
            ));
            for f in &g.figures {
                if spawn_figure(
                    world,
                    roster,
                    f,
                    side,
                    &g.id,
                    index,
                    scenario.heroes_can_die,
                ) {
                    index += 1;
                }
            }
        }
    }
    world
        .resource_mut::<GameLog>()
        .push(1, format!("{} — turn 1 begins", scenario.name));
    let table = TableRes::new(scenario);
    world.insert_resource(BoardGeometry::InchTable {
        size: table.size,
        terrain: table.terrain.clone(),
        markers: table
            .scenario
            .objectives
            .iter()
            .map(|o| Marker {
                name: o.name.clone(),
                at: Vec2::new(o.at.0, o.at.1),
                radius: o.radius,
            })
            .collect(),
        words: crate::rules::terrain::TerrainProperty::words,
    });
    if let Some(ef) = &table.scenario.enemy_forces {
        for (i, p) in ef.portals.iter().enumerate() {
            world.spawn((
                InGame,
                Portal {
                    id: p.id.clone(),
                    at: Vec2::new(p.at.0, p.at.1),
                    open: p.open,
                    once: p.once,
                    index: i,
                },
                // Figures' labels keep off its diamond (and the ring of one in the open).
                crate::view::KeepClear {
                    at: Vec2::new(p.at.0, p.at.1),
                    half: Vec2::splat(if p.open { Portal::RING } else { Portal::REACH }),
                },
            ));
        }
        let side = table
            .scenario
            .sides
            .iter()
            .position(|s| s.id == ef.side)
            .unwrap_or(0);
        let mut pool = std::collections::BTreeMap::new();
        for e in &ef.pool {
            *pool.entry(e.profile.clone()).or_insert(0) += e.count;
        }
        world.insert_resource(EnemyPool {
            side,
            pool,
            recycled: Default::default(),
            profiles: ef.profiles(),
            generated: 0,
            arrived: Vec::new(),
            contact: false,
        });
    } else {
        world.remove_resource::<EnemyPool>();
    }
    world.insert_resource(table);
    world.insert_resource(TurnState::new());
}

/// The weapon a figure in a stormtrooper's helmet shoots at the ranges of: tyneside-skirmish.txt,
/// Shooting rules, "(* Ranges are for Blasters, Stormtrooper heavy blasters are in brackets.
/// NB: Stormtrooper values are used for other people wearing their helmets.)" Other weapons
/// have no stormtrooper row and keep their own.
pub fn helmet_ranges(weapon: &str) -> &str {
    match weapon {
        "Blaster" => "Stormtrooper blaster",
        "Heavy Blaster" => "Stormtrooper heavy blaster",
        w => w,
    }
}

/// Spawns figure `f` of side `side` in group `group` with stable index `index`; a hero is
/// spared death unless `heroes_can_die`. `false` (and nothing spawned) if its profile is not in
/// `roster` (a validated scenario never has one).
pub fn spawn_figure(
    world: &mut World,
    roster: &Roster,
    f: &FigureDef,
    side: usize,
    group: &str,
    index: usize,
    heroes_can_die: bool,
) -> bool {
    let Some(mut profile) = roster.profile(&f.profile).cloned() else {
        return false;
    };
    if let Some(fp) = f.force_points {
        profile.force_points = fp;
    }
    let weapon = f
        .weapon
        .as_deref()
        .or(profile.weapon.as_deref())
        .map(|w| if f.helmet { helmet_ranges(w) } else { w })
        .and_then(|w| roster.weapon(w).cloned());
    let mut abilities = profile.abilities.clone();
    abilities.extend(f.abilities.iter().copied());
    abilities.sort();
    abilities.dedup();
    let armoured = f
        .armour
        .unwrap_or(profile.abilities.contains(&Ability::Armoured));
    if armoured && !abilities.contains(&Ability::Armoured) {
        abilities.push(Ability::Armoured);
    }
    if !armoured {
        abilities.retain(|a| *a != Ability::Armoured);
    }
    let force_points = profile.force_points;
    world.spawn((
        InGame,
        Figure {
            id: f.id.clone(),
            name: f.name.clone().unwrap_or_else(|| profile.name.clone()),
            side,
            weapon,
            armoured,
            hero: f.hero,
            spared: f.hero && !heroes_can_die,
            base: f.base,
            abilities,
            index,
            profile,
        },
        Member(group.to_string()),
        Position(Vec2::new(f.at.0, f.at.1)),
        Facing(f.facing),
        Condition {
            status: Status::Active,
            wounds: 0,
            ducked_back_until: None,
            knocked_out_until: None,
            hidden: f.hidden,
            force_points,
            held: None,
            explosive: None,
            controlled: None,
            tricked_from: None,
            ready: false,
            resting: false,
        },
        TurnActivity::default(),
    ));
    true
}
