//! Tyneside commands: every player intent, from the mouse, a script, a test, a replay, is a
//! [`Command`], applied through the engine's pipeline by the one system of the phase it is
//! sent in (an exhaustive match per phase). Format of scripts: docs/commands.md.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::rules::force::ForcePower;
use super::rules::orders::Order;
use super::turn::TurnPhase;

/// A player's intent. Ids are the scenario's figure and group ids; points are inches.
#[derive(Message, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Orders phase: put an order counter behind a group in command.
    PlaceOrder {
        /// Group id.
        group: String,
        /// The counter.
        order: Order,
    },
    /// Orders phase: a player's hero within 6" (a Gifted commander within 12") issues an order
    /// to a group no hero is with: rolls the D6 (2D6) by which the table score may move.
    IssueOrder {
        /// Group id.
        group: String,
    },
    /// Orders phase: a hero joins a group within 5".
    JoinGroup {
        /// The hero's figure id.
        hero: String,
        /// The group joined.
        group: String,
    },
    /// Orders phase: a hero leaves his group and acts alone (new group `<hero>-alone`).
    LeaveGroup {
        /// The hero's figure id.
        hero: String,
    },
    /// Orders phase: merge group `group` into `into` (same side, within 5", no larger than at
    /// game start).
    MergeGroups {
        /// The group that goes.
        group: String,
        /// The group that stays.
        into: String,
    },
    /// Movement: declare a run (rolls the D4 at once).
    Run {
        /// Figure id.
        figure: String,
    },
    /// Movement: move one figure of the active group in a straight line.
    Move {
        /// Figure id.
        figure: String,
        /// Destination of the base's centre, inches.
        to: (f32, f32),
    },
    /// Movement: move every figure of the active group by the same offset.
    MoveGroup {
        /// Group id (the active group).
        group: String,
        /// Offset, inches.
        by: (f32, f32),
    },
    /// Movement: jump across a gap (rolls D4+1").
    Jump {
        /// Figure id.
        figure: String,
        /// Destination beyond the gap, inches.
        to: (f32, f32),
    },
    /// Movement: declare a figure hiding.
    Hide {
        /// Figure id.
        figure: String,
    },
    /// Shoot/act: a fire fight between the active group (first) plus any own groups that
    /// have not acted yet, and the target groups.
    Shoot {
        /// Shooting groups: the active one first, then groups combining their fire.
        groups: Vec<String>,
        /// Enemy groups shot at.
        targets: Vec<String>,
    },
    /// Shoot/act: a hero shoots one enemy figure.
    HeroShot {
        /// The hero's figure id.
        hero: String,
        /// The target's figure id.
        target: String,
    },
    /// Shoot/act: a figure of the active group throws a grenade at a figure 6–12" away.
    Grenade {
        /// The thrower's figure id.
        figure: String,
        /// The target's figure id.
        target: String,
    },
    /// Shoot/act: a figure of the active group with a heavy laser or missile launcher fires
    /// at an enemy walker (D6: 5+ long, 3+ medium, 2+ point blank; +1 at the rear).
    FireAtVehicle {
        /// The shooter's figure id.
        figure: String,
        /// The walker's figure id.
        vehicle: String,
    },
    /// Shoot/act: a figure of the active group throws a magnetic explosive at an enemy walker
    /// within 6" (sticks on a D6 of at least the range in inches; wrecks it next turn).
    Explosive {
        /// The thrower's figure id.
        figure: String,
        /// The walker's figure id.
        vehicle: String,
    },
    /// Movement: a figure that flies (R2D2 up to 24"; Boba Fett's jet pack, a Force jump at a
    /// Jedi's level, 12 x D6") makes its whole move through the air, over anything on the way.
    Fly {
        /// The figure's id.
        figure: String,
        /// Where its base's centre should come down, inches.
        to: (f32, f32),
    },
    /// Shoot/act: a Tech of the active group, stationary and in contact with a door, works it
    /// (opens it, or shuts it) on a 6 (D6).
    Access {
        /// The Tech's figure id.
        figure: String,
        /// The door's terrain id.
        door: String,
    },
    /// Shoot/act: a figure of the active group throws (or places) an explosive at a door
    /// within 6" (sticks on a D6 of at least the range; blows the door open next turn).
    Demolish {
        /// The thrower's figure id.
        figure: String,
        /// The door's terrain id.
        door: String,
    },
    /// Shoot/act: a light sabre user of the active group, stationary and in contact with a
    /// door or a straight wall, cuts a hole in it: through at the end of the turn, half
    /// defence till then.
    Cut {
        /// The user's figure id.
        figure: String,
        /// The door's or wall's terrain id.
        surface: String,
    },
    /// Movement or shoot/act: a Force user of the active group uses a power (1 FP).
    Force {
        /// The user's figure id.
        figure: String,
        /// The power.
        power: ForcePower,
    },
    /// Any phase, by the side to act: a Force user of that side is made ready (or not) to
    /// react in the other sides' turns: Defend/Deflect or Swipe in their fire fights, Block
    /// against their Force attacks (each reaction pays its Force points as it happens).
    Ready {
        /// The Force user's figure id.
        figure: String,
        /// Ready, or stood down.
        ready: bool,
    },
    /// Shoot/act: the active group's figures within 1" of enemies fight.
    Fight {
        /// Group id (the active group).
        group: String,
    },
    /// Shoot/act: a stationary medic treats a wounded figure in contact.
    Heal {
        /// The medic's figure id.
        medic: String,
        /// The wounded figure's id.
        patient: String,
    },
    /// Movement or shoot/act: the active group waits until after the next group (Play
    /// sequence: "Shooting, etc, can be delayed to allow groups to combine their
    /// fire/movement").
    Delay,
    /// Movement or shoot/act: the active group is done.
    EndActivation,
    /// Orders phase: the side placing orders is done.
    EndPhase,
    /// Orders phase of a game by e-mail: a [`Command::PlaceOrder`] sent face down. The
    /// app sends it in place of the player's own (docs/play-by-email.md).
    PlaceFaceDown {
        /// Group id.
        group: String,
        /// The commitment to the order placed (engine::by_email::commitment).
        seal: String,
    },
    /// Orders phase of a game by e-mail, once every side has placed: a side turns its
    /// face-down counters over, each checked against its commitment. The app sends it.
    TurnOver {
        /// Every face-down counter of the side.
        orders: Vec<TurnedOver>,
    },
}

/// A face-down order counter turned over: the order placed and the salt of its commitment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnedOver {
    /// Group id.
    pub group: String,
    /// The order placed.
    pub order: Order,
    /// The commitment's salt.
    pub salt: String,
}

impl Command {
    /// The phase the command belongs to.
    pub fn phase(&self) -> &'static [TurnPhase] {
        use self::Command::*;
        match self {
            PlaceOrder { .. }
            | IssueOrder { .. }
            | JoinGroup { .. }
            | LeaveGroup { .. }
            | MergeGroups { .. }
            | EndPhase
            | PlaceFaceDown { .. }
            | TurnOver { .. } => &[TurnPhase::Orders],
            Run { .. }
            | Move { .. }
            | MoveGroup { .. }
            | Jump { .. }
            | Hide { .. }
            | Fly { .. } => &[TurnPhase::Movement],
            Shoot { .. }
            | HeroShot { .. }
            | Access { .. }
            | Demolish { .. }
            | Cut { .. }
            | Grenade { .. }
            | FireAtVehicle { .. }
            | Explosive { .. }
            | Fight { .. }
            | Heal { .. } => &[TurnPhase::Action],
            Delay | EndActivation | Force { .. } => &[TurnPhase::Movement, TurnPhase::Action],
            Ready { .. } => &[TurnPhase::Orders, TurnPhase::Movement, TurnPhase::Action],
        }
    }
}

/// The refusal for a command sent in a phase it does not belong to (tyneside-skirmish.txt,
/// Play sequence).
pub fn not_in_phase(command: &Command, now: TurnPhase) -> String {
    let wanted: Vec<String> = command.phase().iter().map(|p| p.to_string()).collect();
    format!(
        "not allowed in the {now} phase (Play sequence: only in {})",
        wanted.join(" or ")
    )
}
