//! The command pipeline every rule set shares: a command from the mouse, a script, a test, the
//! AI or a replay goes through [`process`]: the rule set applies it (one exhaustive match per
//! phase), a refusal puts the dice, cards and log back and changes nothing, an acceptance is
//! recorded with the dice and cards it used and the state hash after it, and phase changes are
//! settled at once. The window feeds it one queued command per frame; the headless path calls
//! it directly, with no app update in between.

use std::collections::VecDeque;
use std::path::PathBuf;

use bevy::prelude::*;

use super::dice::{DeckRes, DiceRes};
use super::record::{CameraPlace, GameLog, GameRecord, RecordedCommand};
use super::ruleset::RuleSet;
use super::state::{self, playing};

/// What became of a command.
#[derive(Clone, Debug, PartialEq)]
pub enum CommandOutcome<C> {
    /// Applied; the record holds it.
    Accepted(C),
    /// Refused: nothing changed. The reason names the rule.
    Refused(C, String),
}

impl<C> CommandOutcome<C> {
    /// Whether it was accepted.
    pub fn accepted(&self) -> bool {
        matches!(self, CommandOutcome::Accepted(_))
    }
}

/// Commands sent in the window, waiting to be applied one per frame, in the order sent.
#[derive(Resource, Debug)]
pub struct CommandQueue<C>(pub VecDeque<C>);

impl<C> Default for CommandQueue<C> {
    fn default() -> Self {
        Self(VecDeque::new())
    }
}

/// What the shell shows under the phase bar: the last refusal (cleared by the next accepted
/// command) and a note that is not a refusal (where a game was saved).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Notice {
    /// The last refusal's reason.
    pub refusal: Option<String>,
    /// Any other note.
    pub info: Option<String>,
}

/// Asks the rule set playing to save its record to this path (the shell's Save button).
#[derive(Message, Clone, Debug)]
pub struct SaveRequest(pub PathBuf);

/// Parses a command script: a RON list of a rule set's commands (docs/commands.md).
///
/// Errors: `file:line:column: what was expected`.
pub fn parse_script<C: serde::de::DeserializeOwned>(
    src: &str,
    file: &str,
) -> Result<Vec<C>, String> {
    crate::rules::scenario::ron_options()
        .from_str(src)
        .map_err(|e| {
            format!(
                "{}: {} (see docs/commands.md)",
                crate::rules::scenario::ron_at(file, &e),
                e.code
            )
        })
}

/// Applies `command` to the game in `world` through rule set `R` and returns what became of
/// it. The same function serves the window, scripts, tests, replays and the benchmarks.
pub fn process<R: RuleSet>(world: &mut World, command: R::Command) -> CommandOutcome<R::Command> {
    // A game by e-mail may send the command face down (engine::by_email).
    let super::by_email::Sending {
        command,
        secret: sealed,
    } = match super::by_email::before::<R>(world, command) {
        Ok(sending) => sending,
        Err(refused) => return refused,
    };
    let dice = world.resource::<DiceRes>();
    let (dice_cp, dice_mark) = (dice.checkpoint(), dice.log().len());
    let deck = world.resource::<DeckRes>();
    let (deck_cp, deck_mark) = (deck.checkpoint(), deck.log().len());
    let log_len = world.resource::<GameLog>().0.len();
    let secret = R::secret_digest(world);
    match R::apply(world, &command) {
        Ok(()) => {
            R::after_command(world);
            state::settle(world, pending::<R>);
            let hash = R::state_hash(world);
            let dice = world.resource::<DiceRes>().log()[dice_mark..].to_vec();
            let cards = world.resource::<DeckRes>().log()[deck_mark..].to_vec();
            let undoable =
                super::undo::may_undo(dice.len(), cards.len(), secret, R::secret_digest(world));
            let done = world.resource::<GameRecord<R::Command>>().commands.len();
            if let Some(mut marks) = world.get_resource_mut::<super::undo::UndoMarks>() {
                // A new game's record starts empty: the marks follow it.
                marks.0.truncate(done);
                marks.0.push(undoable);
            }
            world
                .resource_mut::<GameRecord<R::Command>>()
                .commands
                .push(RecordedCommand {
                    command: command.clone(),
                    dice,
                    cards,
                    hash,
                });
            autosave::<R>(world);
            super::by_email::after::<R>(world, sealed);
            CommandOutcome::Accepted(command)
        }
        Err(reason) => {
            world.resource_mut::<DiceRes>().restore(dice_cp);
            world.resource_mut::<DeckRes>().restore(deck_cp);
            world.resource_mut::<GameLog>().0.truncate(log_len);
            // A refused command may have asked for a phase change before it failed.
            if let Some(mut next) = world.get_resource_mut::<NextState<R::Phase>>() {
                *next = NextState::Unchanged;
            }
            CommandOutcome::Refused(command, reason)
        }
    }
}

/// Autosaves the game after an accepted command, when the world autosaves
/// ([`super::autosave::Autosave`]); a finished game's autosaves are removed. A failed write
/// is logged and the game goes on (the older autosaves stay).
fn autosave<R: RuleSet>(world: &mut World) {
    let Some(mut a) = world.remove_resource::<super::autosave::Autosave>() else {
        return;
    };
    if R::phase_name(world) == "GameOver" {
        a.finish();
        return;
    }
    if let Err(e) = a.write(world.resource::<GameRecord<R::Command>>()) {
        warn!("autosave: {e}");
    }
    world.insert_resource(a);
}

/// Whether rule set `R` has a phase change waiting.
fn pending<R: RuleSet>(world: &World) -> bool {
    world
        .get_resource::<NextState<R::Phase>>()
        .is_some_and(|n| matches!(n, NextState::Pending(_)))
}

/// Moves commands sent as messages into the queue, in the order sent.
fn enqueue<R: RuleSet>(
    mut sent: MessageReader<R::Command>,
    mut queue: ResMut<CommandQueue<R::Command>>,
) {
    queue.0.extend(sent.read().cloned());
}

/// Applies the next queued command (one per frame, so the screen shows each step).
fn drain<R: RuleSet>(world: &mut World) {
    if world
        .get_resource::<super::replay_view::ReplayStatus>()
        .is_some_and(|s| s.open)
    {
        // The replay viewer shows the past: nothing is played on it.
        world.resource_mut::<CommandQueue<R::Command>>().0.clear();
        return;
    }
    let Some(command) = world
        .resource_mut::<CommandQueue<R::Command>>()
        .0
        .pop_front()
    else {
        return;
    };
    let outcome = process::<R>(world, command);
    if matches!(outcome, CommandOutcome::Accepted(_))
        && let Some(mut redo) = world.get_resource_mut::<super::undo::RedoStack<R::Command>>()
    {
        // A new command: what was undone is no longer there to redo.
        redo.0.clear();
    }
    let wanted =
        if matches!(outcome, CommandOutcome::Refused(..)) && world.resource::<DiceRes>().manual() {
            world.resource_mut::<DiceRes>().take_wanted()
        } else {
            None
        };
    let refusal = match outcome {
        CommandOutcome::Accepted(_) => None,
        CommandOutcome::Refused(command, reason) => match wanted {
            // Manual dice: not a refusal, a roll to ask for; the command waits for it.
            Some((expr, why)) => {
                world.insert_resource(super::manual_dice::HeldCommand(command));
                world.insert_resource(super::manual_dice::RollWanted { expr, reason: why });
                None
            }
            None => Some(reason),
        },
    };
    let mut notice = world.resource_mut::<Notice>();
    notice.info = None;
    notice.refusal = refusal;
}

/// Saves the record where the shell asked.
fn save_on_request<R: RuleSet>(
    mut asked: MessageReader<SaveRequest>,
    record: Option<Res<GameRecord<R::Command>>>,
    mut notice: ResMut<Notice>,
) {
    for SaveRequest(path) in asked.read() {
        let Some(record) = record.as_ref() else {
            continue;
        };
        notice.info = Some(match super::save::save(record.as_ref(), path) {
            Ok(()) => format!("Saved to {}", path.display()),
            Err(e) => e.to_string(),
        });
    }
}

/// The window's pipeline systems: input that sends commands runs before them, so a command
/// is applied in the frame it was sent.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct CommandPipeline;

/// The pipeline of rule set `R`: its command messages, queue, and the systems that feed the
/// queue to [`process`] in the window.
pub fn plugin<R: RuleSet>(app: &mut App) {
    app.add_message::<R::Command>()
        .init_resource::<CommandQueue<R::Command>>()
        .add_systems(
            Update,
            (enqueue::<R>, drain::<R>, save_on_request::<R>)
                .chain()
                .in_set(CommandPipeline)
                .run_if(playing(R::ID)),
        )
        .add_systems(Last, keep_camera::<R>.run_if(playing(R::ID)));
    super::undo::plugin::<R>(app);
    super::replay_view::plugin::<R>(app);
    super::manual_dice::plugin::<R>(app);
    super::by_email::plugin::<R>(app);
}

/// Keeps the game record's camera with the view's ([`CameraPlace`]), so every save carries
/// it.
fn keep_camera<R: RuleSet>(
    record: Option<ResMut<GameRecord<R::Command>>>,
    place: Res<CameraPlace>,
) {
    let Some(mut record) = record else { return };
    if place.is_changed() && record.camera.as_ref() != Some(&*place) {
        // The camera is no part of the game: nothing that watches the record should see it.
        record.bypass_change_detection().camera = Some(place.clone());
    }
}

pub(super) fn shared(app: &mut App) {
    app.init_resource::<Notice>()
        .init_resource::<CameraPlace>()
        .add_message::<SaveRequest>();
    super::undo::shared(app);
    super::replay_view::shared(app);
    super::manual_dice::shared(app);
    super::by_email::shared(app);
}
