//! What a space battle player can do: every command the mouse, a script or a replay sends.
//! Craft are named by id (`green-xwing`, `blue-tie`, `red-ywing`, `yellow-x1`); squares are
//! `(column, row)` from the bottom-left. Script syntax: docs/commands.md, "space_battle".

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// One space battle command: a move for the craft whose turn it is in the order of movement
/// (its colour's), an attack for any craft of the side that has one to make.
#[derive(Message, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Decide which side plays first each turn, as the scenario says (cards: "Each side will
    /// take the top card from a well-shuffled deck"; dice: the Action Report's roll). The
    /// battle's first command, sent by the first side listed.
    Initiative,
    /// Fly `craft` through `path`, the squares stepped into in order (each straight ahead,
    /// diagonally ahead or 90° to a side of the way it faces then). Its move ends when its
    /// points are spent; with points left it may go on (another `Move`) or `Stop`.
    Move {
        /// Craft id.
        craft: String,
        /// Squares stepped into, in order.
        path: Vec<(i32, i32)>,
    },
    /// Stop `craft` part-way to fire, its points left kept for after the side's attacks.
    Stop {
        /// Craft id.
        craft: String,
    },
    /// `craft` attacks `target` from the square next to it. Every craft with an enemy to
    /// attack must attack; the side chooses which attacks next.
    Attack {
        /// Craft id.
        craft: String,
        /// The target's id.
        target: String,
    },
}
