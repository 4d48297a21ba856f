//! The state of a game as plain data: what `holotable run` prints and what the determinism
//! test compares.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::components::{
    Condition, EnemyPool, Facing, Figure, Group, Member, Portal, Position, Status, TurnActivity,
};
use super::rules::orders::Order;
use super::turn::{TurnPhase, TurnState};
use crate::engine::dice::DiceRes;
use crate::engine::hash::StableHasher;
use crate::engine::record::GameLog;
use crate::engine::state::GameResult;
use crate::rules::dice::RollRecord;

/// One figure's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FigureState {
    /// Scenario id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Group id.
    pub group: String,
    /// Side index, in scenario order.
    pub side: usize,
    /// Centre, inches.
    pub position: (f32, f32),
    /// Facing, degrees counter-clockwise from +x.
    pub facing: f32,
    /// Wounds taken.
    pub wounds: u8,
    /// Fighting, disabled, killed or captured.
    pub status: Status,
    /// Ducked back now.
    pub ducked_back: bool,
    /// Knocked out now.
    pub knocked_out: bool,
    /// Hiding.
    pub hidden: bool,
    /// Force points left.
    pub force_points: u32,
    /// A Force user ready to react in the other sides' turns.
    pub ready: bool,
}

/// The whole game's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    /// Turn number.
    pub turn: u32,
    /// Phase by name: `Orders`, `Movement`, `Action`, `EndOfTurn`, or `GameOver`.
    pub phase: String,
    /// The result, once over.
    pub result: Option<GameResult>,
    /// Groups and their order counters, in scenario order.
    pub groups: Vec<(String, Option<Order>)>,
    /// Every figure, in spawn order.
    pub figures: Vec<FigureState>,
    /// Every roll.
    pub dice: Vec<RollRecord>,
    /// Every event, in words.
    pub events: Vec<String>,
}

/// Reads the game's state out of `world` (which must hold a started game).
pub fn snapshot(world: &mut World) -> GameState {
    let turn = world
        .get_resource::<TurnState>()
        .cloned()
        .unwrap_or_default();
    let phase = phase_name(world);
    let mut groups: Vec<(usize, String, Option<Order>)> = world
        .query::<&Group>()
        .iter(world)
        .map(|g| (g.index, g.id.clone(), g.order))
        .collect();
    groups.sort_by_key(|g| g.0);
    let mut figs: Vec<(usize, FigureState)> = world
        .query::<(&Figure, &Member, &Position, &Condition, &Facing)>()
        .iter(world)
        .map(|(f, m, p, c, facing)| {
            (
                f.index,
                FigureState {
                    id: f.id.clone(),
                    name: f.name.clone(),
                    group: m.0.clone(),
                    side: f.side,
                    position: (
                        (p.0.x * 100.0).round() / 100.0,
                        (p.0.y * 100.0).round() / 100.0,
                    ),
                    facing: (facing.0 * 10.0).round() / 10.0,
                    wounds: c.wounds,
                    status: c.status,
                    ducked_back: c.ducked_back(turn.turn),
                    knocked_out: c.knocked_out(turn.turn),
                    hidden: c.hidden,
                    force_points: c.force_points,
                    ready: c.ready,
                },
            )
        })
        .collect();
    figs.sort_by_key(|f| f.0);
    GameState {
        turn: turn.turn,
        phase,
        result: turn.result.clone(),
        groups: groups.into_iter().map(|(_, id, o)| (id, o)).collect(),
        figures: figs.into_iter().map(|(_, f)| f).collect(),
        dice: world
            .get_resource::<DiceRes>()
            .map(|d| d.log().to_vec())
            .unwrap_or_default(),
        events: world
            .get_resource::<GameLog>()
            .map(|l| {
                l.0.iter()
                    .map(|e| format!("T{} {}", e.turn, e.text))
                    .collect()
            })
            .unwrap_or_default(),
    }
}

/// The phase by name: the sub-state's variant, or `GameOver` / `NoGame`.
pub fn phase_name(world: &World) -> String {
    crate::engine::state::phase_name::<TurnPhase>(world)
}

/// A stable hash of the game state: the phase, turn bookkeeping, groups and their order
/// counters, every figure's group, position, condition and doings this turn, in spawn order,
/// and the portal counters and the enemy's pool. The dice are compared roll by roll by the replay, not hashed here.
pub fn state_hash(world: &mut World) -> u64 {
    let name = phase_name(world);
    world
        .run_system_cached_with(hash_state, name)
        .unwrap_or_default()
}

fn hash_state(
    In(phase): In<String>,
    turn: Option<Res<TurnState>>,
    groups: Query<&Group>,
    figures: Query<(&Figure, &Member, &Position, &Condition, &TurnActivity)>,
    portals: Query<&Portal>,
    pool: Option<Res<EnemyPool>>,
    table: Option<Res<super::table::TableRes>>,
) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = StableHasher::default();
    phase.hash(&mut h);
    // Doors, hashed only on a table that has any, so other games' hashes are as before.
    if let Some(t) = &table {
        let doors: Vec<(usize, bool, bool)> = t
            .terrain
            .iter()
            .enumerate()
            .filter(|(_, p)| super::rules::doors::is_door(p))
            .map(|(k, p)| (k, super::rules::doors::is_shut(p), t.broken.contains(&k)))
            .collect();
        if !doors.is_empty() {
            (doors, &t.mined).hash(&mut h);
        }
        // Walls cut by light sabres, hashed only once one is, for the same reason.
        if t.terrain != t.scenario.terrain {
            format!("{:?}", t.terrain).hash(&mut h);
        }
    }
    if let Some(t) = turn {
        (t.turn, t.orders_side, &t.queue).hash(&mut h);
        // Hashed only when set, so the hashes of games not by e-mail are as before.
        if t.turning_over {
            true.hash(&mut h);
        }
        if let Some(r) = &t.result {
            (r.winner, &r.reason).hash(&mut h);
        }
    }
    let mut gs: Vec<(usize, u64)> = groups
        .iter()
        .map(|g| {
            let mut gh = StableHasher::default();
            (
                &g.id,
                g.side,
                g.order.map(|o| o as u8),
                g.start_size,
                g.fell_back_for_turn,
            )
                .hash(&mut gh);
            (g.fire_this_turn, g.fire_last_turn, g.table_score, g.leeway).hash(&mut gh);
            if let Some(seal) = &g.face_down {
                seal.hash(&mut gh);
            }
            (g.index, gh.finish())
        })
        .collect();
    gs.sort_unstable();
    gs.hash(&mut h);
    let mut fs: Vec<(usize, u64)> = figures
        .iter()
        .map(|(f, m, p, c, a)| {
            let mut fh = StableHasher::default();
            m.0.hash(&mut fh);
            fh.write_f32(p.0.x);
            fh.write_f32(p.0.y);
            (
                c.status as u8,
                c.wounds,
                c.ducked_back_until,
                c.knocked_out_until,
                c.hidden,
                c.force_points,
                c.ready,
                c.controlled,
                c.explosive,
            )
                .hash(&mut fh);
            (
                a.run_roll,
                a.jumped,
                a.obstacle,
                a.hero_shot,
                a.fired,
                a.fought,
                a.healed,
            )
                .hash(&mut fh);
            (a.force_actions, a.enhanced, a.suppressed, c.held).hash(&mut fh);
            // Hashed only when set, so games without it keep their hashes.
            if a.seeing {
                a.seeing.hash(&mut fh);
            }
            if let Some(t) = &c.tricked_from {
                (f.side, t).hash(&mut fh);
            }
            fh.write_f32(a.moved);
            (f.index, fh.finish())
        })
        .collect();
    fs.sort_unstable();
    fs.hash(&mut h);
    let mut ps: Vec<(usize, u32, u32, bool)> = portals
        .iter()
        .map(|p| (p.index, p.at.x.to_bits(), p.at.y.to_bits(), p.open))
        .collect();
    ps.sort_unstable();
    ps.hash(&mut h);
    if let Some(pool) = pool {
        (&pool.pool, &pool.recycled, pool.generated).hash(&mut h);
    }
    h.finish()
}
