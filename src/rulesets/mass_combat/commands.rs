//! What a mass combat commander (or the referee) can do: every command the mouse, a script
//! or a replay sends. Units are named by their scenario id. Script syntax:
//! docs/commands.md, `mass_combat commands`.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::orders::{Declaration, Reaction, Tactic};
use super::rules::charts::{Difficulty, RangeBand};
use super::rules::code::Code;

/// One mass combat command.
#[derive(Message, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Side `side`'s commander makes these tactics rolls (none, one or both; each once) before
    /// the orders: "First, any anticipate enemy or deceive enemy rolls are made" (Mass Combat
    /// Sequence, 1.). The rolls are thrown once both commanders have chosen.
    Tactics {
        /// The side (0 or 1, in scenario order).
        side: usize,
        /// The rolls to make.
        tactics: Vec<Tactic>,
    },
    /// Side `side` declares its orders for the round, in the open: "The character with the
    /// lowest command skill code declares actions first" (Mass Combat Sequence, 1.).
    Declare {
        /// The side (0 or 1, in scenario order).
        side: usize,
        /// Its orders and command actions.
        declaration: Declaration,
    },
    /// Side `side`, having deceived the enemy, declares again (or keeps its orders, with
    /// `None`).
    Redeclare {
        /// The side.
        side: usize,
        /// The new declaration, or none to keep the first.
        declaration: Option<Declaration>,
    },
    /// Side `side` declares its reactions (none is fine); the last side's reactions resolve
    /// the round.
    React {
        /// The side.
        side: usize,
        /// Its reactions.
        reactions: Vec<Reaction>,
    },
    /// Play this battle with a referee: one person runs both sides (no hand-over) and may set
    /// the modifiers the text leaves to the referee. Only before the first declaration.
    RefereeMode,
    /// The referee sets unit `unit`'s modifiers: to all its actions (terrain, weather) and to
    /// its morale checks ("These modifiers must be judged by the Referee. Generally, each
    /// advantage is worth +1-3D modification."). Referee mode only.
    Referee {
        /// The unit.
        unit: String,
        /// Added to all its actions.
        actions: Code,
        /// Added to its morale checks.
        morale: Code,
    },
    /// The referee marches unit `unit` for `hours` before or between the fighting (Deployment:
    /// "Walking three hours requires a Very Easy stamina roll"): its stamina rolls are thrown
    /// and its fatigue kept. Referee mode only.
    March {
        /// The unit.
        unit: String,
        /// Hours of walking.
        hours: u32,
    },
    /// The referee lets unit `unit` sleep `hours` ("One hour of sleep lowers the difficulty by
    /// 1 level"). Referee mode only.
    Sleep {
        /// The unit.
        unit: String,
        /// Hours of sleep.
        hours: u32,
    },
    /// The referee sets the number a range band adds to the dodge, within the band's printed
    /// numbers. Referee mode only.
    RangeNumber {
        /// The band.
        band: RangeBand,
        /// Its number.
        number: i32,
    },
    /// The referee puts unit `unit`'s arrival in question at `difficulty` (none: its
    /// deployments are automatic again): Deployment, "If, for some reason, the question of
    /// whether the unit arrives at its destination on time is ever in question, simply make a
    /// combined DEX or SPEED roll versus a difficulty based on terrain, environmental
    /// conditions, unit and deadline." Referee mode only.
    Arrival {
        /// The unit.
        unit: String,
        /// The difficulty of its arrival rolls.
        difficulty: Option<Difficulty>,
    },
}
