//! The turn's data: its phases (tyneside-skirmish.txt, Play sequence) and its bookkeeping.
//! The systems that move through it are in `phases/sequence.rs`.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::engine::state::{GameResult, GameState};

/// The phase of the turn: a sub-state of `GameState::Playing("tyneside")`, so it exists only
/// while a Tyneside game is on (entering the game enters Orders).
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[source(GameState = GameState::Playing("tyneside"))]
pub enum TurnPhase {
    /// "Players place order counters behind their figure/group" (each side in turn, hidden
    /// from the other in hotseat).
    #[default]
    Orders,
    /// Groups move, lowest initiative first.
    Movement,
    /// Groups shoot or act, highest initiative first.
    Action,
    /// Morale fall-backs, recovery, the turn limit.
    EndOfTurn,
}

impl std::fmt::Display for TurnPhase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TurnPhase::Orders => "Orders",
            TurnPhase::Movement => "Movement",
            TurnPhase::Action => "Shoot/Act",
            TurnPhase::EndOfTurn => "End of turn",
        })
    }
}

/// Turn bookkeeping: the turn number, who places orders, the activation queue.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnState {
    /// Turn number, from 1.
    pub turn: u32,
    /// In the Orders phase: the side placing orders.
    pub orders_side: usize,
    /// In Movement and Shoot/Act: group ids still to activate; the first is active.
    pub queue: Vec<String>,
    /// Set when the game ends.
    pub result: Option<GameResult>,
    /// In the Orders phase of a game by e-mail: every side has placed its counters and the
    /// face-down ones wait to be turned over by their sides.
    #[serde(default)]
    pub turning_over: bool,
}

impl TurnState {
    /// Turn 1, nothing queued.
    pub fn new() -> Self {
        Self {
            turn: 1,
            orders_side: 0,
            queue: Vec::new(),
            result: None,
            turning_over: false,
        }
    }

    /// The active group in Movement or Shoot/Act.
    pub fn active_group(&self) -> Option<&str> {
        self.queue.first().map(String::as_str)
    }
}

impl Default for TurnState {
    fn default() -> Self {
        Self::new()
    }
}

/// End-of-turn steps, in order.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum EndOfTurnSet {
    /// Morale fall-backs.
    Morale,
    /// Recovery and the next turn.
    Finish,
}
