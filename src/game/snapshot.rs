//! The state of a game as plain data: what `holotable run` prints and what the determinism
//! test compares.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::components::{Condition, Figure, Group, Member, Position, Status};
use super::dice::DiceRes;
use super::record::GameLog;
use super::turn::{GameResult, TurnPhase, TurnState};
use crate::rules::dice::RollRecord;
use crate::rules::tyneside::orders::Order;

/// One figure's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FigureState {
    /// Scenario id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Group id.
    pub group: String,
    /// Centre, inches.
    pub position: (f32, f32),
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
}

/// The whole game's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    /// Turn number.
    pub turn: u32,
    /// Phase.
    pub phase: TurnPhase,
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
    let phase = *world.resource::<State<TurnPhase>>().get();
    let mut groups: Vec<(usize, String, Option<Order>)> = world
        .query::<&Group>()
        .iter(world)
        .map(|g| (g.index, g.id.clone(), g.order))
        .collect();
    groups.sort_by_key(|g| g.0);
    let mut figs: Vec<(usize, FigureState)> = world
        .query::<(&Figure, &Member, &Position, &Condition)>()
        .iter(world)
        .map(|(f, m, p, c)| {
            (
                f.index,
                FigureState {
                    id: f.id.clone(),
                    name: f.name.clone(),
                    group: m.0.clone(),
                    position: (
                        (p.0.x * 100.0).round() / 100.0,
                        (p.0.y * 100.0).round() / 100.0,
                    ),
                    wounds: c.wounds,
                    status: c.status,
                    ducked_back: c.ducked_back(turn.turn),
                    knocked_out: c.knocked_out(turn.turn),
                    hidden: c.hidden,
                    force_points: c.force_points,
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
