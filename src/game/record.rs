//! The game record (scenario, seed, every accepted command with the dice it used) and the
//! event log the screen and `holotable run` show.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::commands::Command;
use crate::rules::dice::RollRecord;

/// One accepted command and the rolls it consumed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordedCommand {
    /// The command as sent.
    pub command: Command,
    /// The dice it threw, in order.
    pub dice: Vec<RollRecord>,
}

/// Everything needed to replay a game: same scenario + seed + commands ⇒ same game.
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Where the scenario came from (file name).
    pub scenario_file: String,
    /// The scenario's RON text, so a record is self-contained.
    pub scenario_src: String,
    /// The dice seed, or `None` when the dice were forced.
    pub seed: Option<u64>,
    /// Accepted commands, in order.
    pub commands: Vec<RecordedCommand>,
}

/// A thing that happened, for the log panel and `holotable run`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEvent {
    /// Turn number.
    pub turn: u32,
    /// What happened, in words.
    pub text: String,
}

/// Every event so far, oldest first.
#[derive(Resource, Clone, Debug, Default, Serialize, Deserialize)]
pub struct GameLog(pub Vec<GameEvent>);

impl GameLog {
    /// Adds an event.
    pub fn push(&mut self, turn: u32, text: impl Into<String>) {
        self.0.push(GameEvent {
            turn,
            text: text.into(),
        });
    }
}
