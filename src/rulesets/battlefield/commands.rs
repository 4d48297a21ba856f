//! What a battlefield player can do: every command the mouse, a script or a replay sends.
//! Hexes are `(column, row)` (see rules::map). Script syntax: docs/commands.md, "battlefield".

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// One battlefield command. Unit commands use one of the impulse's activations (two for
/// `MoveAndFire`); support weapons are announced at the start of an impulse and end it.
#[derive(Message, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Move `unit` through `path` (the hexes entered, in order). Activation: "Move".
    Move {
        /// Unit id.
        unit: String,
        /// Hexes entered, in order.
        path: Vec<(i32, i32)>,
    },
    /// `unit` fires at the unit (or building) in `target`. Activation: "Fire".
    Fire {
        /// Unit id.
        unit: String,
        /// Target hex.
        target: (i32, i32),
        /// Use one of the leader's bonuses (a die step).
        #[serde(default)]
        leader: bool,
        /// Force points a Jedi stacked with it (or the Jedi itself) spends, a die step each.
        #[serde(default)]
        force: u32,
        /// Its special weapon's target hex, when not `target` (none: the same target).
        #[serde(default)]
        weapon_target: Option<(i32, i32)>,
    },
    /// Moving and shooting (advanced): half movement, then fire one die step down.
    MoveAndFire {
        /// Unit id.
        unit: String,
        /// Hexes entered, in order.
        path: Vec<(i32, i32)>,
        /// Target hex.
        target: (i32, i32),
        /// Use a leader's bonus.
        #[serde(default)]
        leader: bool,
        /// Force points spent.
        #[serde(default)]
        force: u32,
        /// Its special weapon's target hex, when not `target`.
        #[serde(default)]
        weapon_target: Option<(i32, i32)>,
    },
    /// Move into an enemy's hex (the last of `path`) and fight it in close combat.
    Assault {
        /// Unit id.
        unit: String,
        /// Hexes entered, in order; the last holds the enemy.
        path: Vec<(i32, i32)>,
        /// Use a leader's bonus.
        #[serde(default)]
        leader: bool,
        /// Force points spent.
        #[serde(default)]
        force: u32,
    },
    /// Move into a friendly transporter's hex (the last of `path`) and board it for 1 point.
    Board {
        /// Unit id.
        unit: String,
        /// Hexes entered, in order; the last holds the transporter.
        path: Vec<(i32, i32)>,
    },
    /// Leave the transporter for 1 point and move out through `path` (from a hex next to
    /// the transporter's).
    Unload {
        /// Unit id.
        unit: String,
        /// Hexes entered, in order.
        path: Vec<(i32, i32)>,
    },
    /// A Jedi sets how many Force points it will spend if attacked in close combat (no
    /// activation; kept until changed).
    Guard {
        /// The Jedi's id.
        unit: String,
        /// Force points.
        points: u32,
    },
    /// The side playing says whether its leader's bonus goes to its units attacked in close
    /// combat (no activation; kept until changed; on at the start).
    LeaderDefence {
        /// Give the bonus when attacked.
        on: bool,
    },
    /// One aerial support shot at `target` (one activation).
    AerialSupport {
        /// Target hex.
        target: (i32, i32),
    },
    /// Campaign artillery at `target`, seen by `observer`; announced at the impulse's start,
    /// it is the whole impulse.
    Artillery {
        /// The observing unit's id.
        observer: String,
        /// Target hex.
        target: (i32, i32),
    },
    /// Counterfire at the enemy's artillery just after it fired; the whole impulse.
    Counterfire,
    /// Space bombardment at `target`; the whole impulse.
    SpaceBombardment {
        /// Target hex.
        target: (i32, i32),
    },
    /// End this impulse (with no activation used, a pass).
    EndImpulse,
    /// Online play only: the host tells a guest's copy of the game, which does not know it
    /// (`unknown` in its scenario), the hex `at` where the enemy's hidden `unit` stands, just
    /// before the command that finds it or that it acts in. The unit stays hidden; no
    /// activation. Refused in any game that knows where the unit is.
    HiddenAt {
        /// The hidden unit's id.
        unit: String,
        /// Its hex.
        at: (i32, i32),
    },
}
