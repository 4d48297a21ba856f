//! Commands: every player intent, from the mouse, a script, a test or a replay, is a
//! [`Command`]. One command is applied per update, in the order sent, by the system of the
//! phase it belongs to; it is either accepted (and recorded with the dice it used) or refused
//! with the rule that forbids it, changing nothing. Format of scripts: docs/commands.md.

use std::collections::VecDeque;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::turn::TurnPhase;
use crate::rules::tyneside::orders::Order;

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
    /// Shoot/act: the active group waits until after the next group.
    Delay,
    /// Movement or shoot/act: the active group is done.
    EndActivation,
    /// Orders phase: the side placing orders is done.
    EndPhase,
}

impl Command {
    /// The phase the command belongs to.
    pub fn phase(&self) -> &'static [TurnPhase] {
        use self::Command::*;
        match self {
            PlaceOrder { .. }
            | JoinGroup { .. }
            | LeaveGroup { .. }
            | MergeGroups { .. }
            | EndPhase => &[TurnPhase::Orders],
            Run { .. } | Move { .. } | MoveGroup { .. } | Jump { .. } | Hide { .. } => {
                &[TurnPhase::Movement]
            }
            Shoot { .. } | HeroShot { .. } | Fight { .. } | Heal { .. } | Delay => {
                &[TurnPhase::Action]
            }
            EndActivation => &[TurnPhase::Movement, TurnPhase::Action],
        }
    }
}

/// A command on its way to the phase system that applies it, with the length of the dice log
/// when it started (so the record knows which rolls it used).
#[derive(Message, Clone, Debug)]
pub struct Routed {
    /// The command.
    pub command: Command,
    /// Dice log length before it.
    pub dice_mark: usize,
    /// The phase it was routed in: a message outlives a phase change by an update, so only
    /// that phase's systems may apply it.
    pub phase: TurnPhase,
}

/// What became of a command.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum CommandOutcome {
    /// Applied; the record holds it.
    Accepted(Command),
    /// Refused: nothing changed. The reason names the rule.
    Refused(Command, String),
}

/// Commands waiting to be applied, one per update.
#[derive(Resource, Default, Debug)]
pub struct CommandQueue(pub VecDeque<Command>);

/// The outcomes of recent commands, newest last (the screen shows refusals from it; it is
/// cleared by whoever reads it).
#[derive(Resource, Default, Debug)]
pub struct Outcomes(pub Vec<CommandOutcome>);

fn collect_outcomes(mut read: MessageReader<CommandOutcome>, mut list: ResMut<Outcomes>) {
    list.0.extend(read.read().cloned());
    // Keep the list short when nobody reads it.
    let len = list.0.len();
    if len > 64 {
        list.0.drain(..len - 64);
    }
}

/// Moves sent commands into the queue in the order sent.
fn enqueue(mut sent: MessageReader<Command>, mut queue: ResMut<CommandQueue>) {
    queue.0.extend(sent.read().cloned());
}

/// Takes the next command, refuses it if its phase is not the current one, else passes it on.
fn route(
    mut queue: ResMut<CommandQueue>,
    phase: Res<State<TurnPhase>>,
    next: Res<NextState<TurnPhase>>,
    dice: Option<Res<super::dice::DiceRes>>,
    mut routed: MessageWriter<Routed>,
    mut outcomes: MessageWriter<CommandOutcome>,
) {
    // A phase change waits for the next update, so the next command sees the new phase.
    if matches!(*next, NextState::Pending(_)) {
        return;
    }
    let Some(command) = queue.0.pop_front() else {
        return;
    };
    let now = *phase.get();
    if !command.phase().contains(&now) {
        let wanted: Vec<String> = command.phase().iter().map(|p| p.to_string()).collect();
        outcomes.write(CommandOutcome::Refused(
            command,
            format!(
                "not allowed in the {now} phase (Play sequence: only in {})",
                wanted.join(" or ")
            ),
        ));
        return;
    }
    let dice_mark = dice.map(|d| d.log().len()).unwrap_or(0);
    routed.write(Routed {
        command,
        dice_mark,
        phase: now,
    });
}

/// The system sets every update runs in order: route, then apply.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum CommandSet {
    /// Queue and route.
    Route,
    /// Phase systems apply the routed command.
    Apply,
    /// Bookkeeping after a command (victory checks).
    After,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Command>()
        .add_message::<Routed>()
        .add_message::<CommandOutcome>()
        .init_resource::<CommandQueue>()
        .init_resource::<Outcomes>()
        .configure_sets(
            Update,
            (CommandSet::Route, CommandSet::Apply, CommandSet::After).chain(),
        )
        .add_systems(Update, (enqueue, route).chain().in_set(CommandSet::Route))
        .add_systems(Update, collect_outcomes.in_set(CommandSet::After));
}
