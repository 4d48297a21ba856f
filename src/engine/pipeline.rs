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

/// Parses one command sent as RON text by another computer (online play): a number that is
/// not finite, or past what the game's floats hold, is refused before the command is read.
///
/// Errors: such a number, or RON that is not a command of this game, in words.
pub fn parse_command<C: serde::de::DeserializeOwned>(ron: &str) -> Result<C, String> {
    crate::rules::scenario::sane_numbers(ron, "the command", None)
        .map_err(|e| format!("that is not a command of this game: {}", e.message))?;
    crate::rules::scenario::ron_options()
        .from_str(ron)
        .map_err(|e| format!("that is not a command of this game: {e}"))
}

/// Parses a command script: a RON list of a rule set's commands (docs/commands.md).
///
/// Errors: `file:line:column: what was expected`, or a number that is not finite.
pub fn parse_script<C: serde::de::DeserializeOwned>(
    src: &str,
    file: &str,
) -> Result<Vec<C>, String> {
    crate::rules::scenario::sane_numbers(src, file, None).map_err(|e| e.to_string())?;
    crate::rules::scenario::ron_options()
        .from_str(src)
        .map_err(|e| {
            format!(
                "{}: {} (see docs/commands.md)",
                crate::rules::scenario::ron_at(file, &e),
                crate::rules::scenario::ron_words(&e.code)
            )
        })
}

/// Up to six hooks of one kind, in the order added: a fixed array, so the whole
/// [`Hooks`] is copied out of the world with one look-up per command.
#[derive(Clone, Copy, Debug)]
pub struct HookList<F: Copy>([Option<F>; 6]);

impl<F: Copy> Default for HookList<F> {
    fn default() -> Self {
        Self([None; 6])
    }
}

impl<F: Copy> HookList<F> {
    /// Adds `f` after those already there.
    ///
    /// Panics when six are there already: a feature added while building the app, never
    /// anything a player does.
    pub fn push(&mut self, f: F) {
        let slot = self.0.iter_mut().find(|s| s.is_none());
        *slot.expect("at most six pipeline hooks of one kind") = Some(f);
    }

    /// The hooks, in order.
    pub fn iter(&self) -> impl Iterator<Item = F> + '_ {
        self.0.iter().flatten().copied()
    }
}

/// What the engine's features add to rule set `R`'s pipeline, each in the order the features
/// were added: the pipeline names none of them (play by e-mail, undo, autosave, the replay
/// viewer, manual dice and the replay that puts a game back plug in here).
#[derive(Resource)]
pub struct Hooks<R: RuleSet> {
    /// Before a command is applied: may refuse it (another person's part), or put another form
    /// of it in its place (a counter sent face down).
    pub before:
        HookList<fn(&mut World, R::Command) -> Result<R::Command, CommandOutcome<R::Command>>>,
    /// After a command was accepted, recorded and hashed.
    pub accepted: HookList<fn(&mut World, &Applied)>,
    /// After the record was changed outside a command (an undo): where it is kept, write it.
    pub rewritten: HookList<fn(&mut World)>,
    /// A refused command changed the game before it was refused (a die the typed or forced
    /// dice did not have, thrown half-way): put the game back as its record has it.
    pub restore: HookList<fn(&mut World)>,
    /// In the window: the queue waits while any of these says so (the replay viewer shows the
    /// past).
    pub hold: HookList<fn(&World) -> bool>,
    /// In the window: a refusal that one of these takes up is not shown as one (manual dice:
    /// the roll the command needs is asked for, and the command waits for it).
    pub refused: HookList<fn(&mut World, &R::Command) -> bool>,
    /// In the window: a command from the queue (a person's at this computer) about to be
    /// processed (the last attack notes what it needs).
    pub queued: HookList<fn(&mut World, &R::Command)>,
    /// In the window: a command from the queue was accepted.
    pub queued_accepted: HookList<fn(&mut World)>,
}

impl<R: RuleSet> Clone for Hooks<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: RuleSet> Copy for Hooks<R> {}

impl<R: RuleSet> Default for Hooks<R> {
    fn default() -> Self {
        Self {
            before: HookList::default(),
            accepted: HookList::default(),
            rewritten: HookList::default(),
            restore: HookList::default(),
            hold: HookList::default(),
            refused: HookList::default(),
            queued: HookList::default(),
            queued_accepted: HookList::default(),
        }
    }
}

/// A command just accepted, as the [`Hooks::accepted`] see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Applied {
    /// Its index in the record (0-based).
    pub index: usize,
    /// Dice it threw.
    pub dice: usize,
    /// Cards it drew.
    pub cards: usize,
    /// The rule set's secret digest before and after it ([`RuleSet::secret_digest`]).
    pub secret: (Option<u64>, Option<u64>),
    /// Whether it was replayed from a record ([`Replaying`]), not played.
    pub replaying: bool,
}

/// Present while a record is being replayed (resuming a save, undo, the replay viewer): the
/// commands are the record's own, so the features that write files, seal secrets or clear what
/// could be redone stand aside.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct Replaying;

/// Whether a record is being replayed in `world` ([`Replaying`]).
pub fn replaying(world: &World) -> bool {
    world.contains_resource::<Replaying>()
}

/// Rule set `R`'s hooks, copied out of the world (one look-up), so each may use the world
/// and the pipeline freely.
fn hooks<R: RuleSet>(world: &World) -> Hooks<R> {
    world
        .get_resource::<Hooks<R>>()
        .copied()
        .unwrap_or_default()
}

/// Runs the [`Hooks::rewritten`] of rule set `R`: the record changed outside a command.
pub fn rewritten<R: RuleSet>(world: &mut World) {
    for f in hooks::<R>(world).rewritten.iter() {
        f(world);
    }
}

/// Applies `command` to the game in `world` through rule set `R` and returns what became of
/// it. The same function serves the window, scripts, tests, replays and the benchmarks.
/// Once the game is over every command is refused: nothing is played after the end.
pub fn process<R: RuleSet>(world: &mut World, command: R::Command) -> CommandOutcome<R::Command> {
    if super::state::over(world) {
        return CommandOutcome::Refused(
            command,
            "The game is over: nothing more can be played in it".into(),
        );
    }
    let hooks = hooks::<R>(world);
    let mut command = command;
    for f in hooks.before.iter() {
        command = match f(world, command) {
            Ok(c) => c,
            Err(refused) => return refused,
        };
    }
    // The state before, to tell a refusal that changed something: the last command's
    // recorded hash (computed only for the first command).
    let record = world.resource::<GameRecord<R::Command>>();
    let (index, seed) = (record.commands.len(), record.seed);
    let before = record.commands.last().map(|c| c.hash);
    let before = before.unwrap_or_else(|| R::state_hash(world));
    // A seeded game's dice and cards for this command come from its seed and its place.
    if let Some(seed) = seed {
        let s = crate::rules::dice::command_seed(seed, index);
        world.resource_mut::<DiceRes>().reseed(s);
        world.resource_mut::<DeckRes>().reseed(s);
    }
    let dice = world.resource::<DiceRes>();
    let (dice_cp, dice_mark, dice_tried) = (dice.checkpoint(), dice.log().len(), dice.tried());
    let deck = world.resource::<DeckRes>();
    let (deck_cp, deck_mark, deck_tried) = (deck.checkpoint(), deck.log().len(), deck.tried());
    let log_len = world.resource::<GameLog>().0.len();
    let secret = R::secret_digest(world);
    // The hands this command is played with go with the game (a replay plays with them).
    keep_hands::<R>(world);
    match R::apply(world, &command) {
        Ok(()) => {
            R::after_command(world);
            state::settle(world, pending::<R>);
            let hash = R::state_hash(world);
            let dice = world.resource::<DiceRes>().log()[dice_mark..].to_vec();
            let cards = world.resource::<DeckRes>().log()[deck_mark..].to_vec();
            let applied = Applied {
                index,
                dice: dice.len(),
                cards: cards.len(),
                secret: (secret, R::secret_digest(world)),
                replaying: replaying(world),
            };
            world
                .resource_mut::<GameRecord<R::Command>>()
                .commands
                .push(RecordedCommand {
                    command: command.clone(),
                    dice,
                    cards,
                    hash,
                    signed: None,
                });
            for f in hooks.accepted.iter() {
                f(world, &applied);
            }
            CommandOutcome::Accepted(command)
        }
        Err(reason) => {
            let randomness = world.resource::<DiceRes>().tried() > dice_tried
                || world.resource::<DeckRes>().tried() > deck_tried;
            world.resource_mut::<DiceRes>().restore(dice_cp);
            world.resource_mut::<DeckRes>().restore(deck_cp);
            world.resource_mut::<GameLog>().0.truncate(log_len);
            // A refused command may have asked for a phase change before it failed.
            if let Some(mut next) = world.get_resource_mut::<NextState<R::Phase>>() {
                *next = NextState::Unchanged;
            }
            // A rule set checks before it changes anything; where a refusal still came after
            // a change (a die the typed or forced dice did not have; any refusal of a rule set
            // that does not check everything first), the state hash tells, and the game is put
            // back from its record, so a refusal never leaves a trace.
            if (randomness || !R::CHECKS_FIRST) && R::state_hash(world) != before {
                for f in hooks.restore.iter() {
                    f(world);
                }
            }
            CommandOutcome::Refused(command, reason)
        }
    }
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
    let hooks = hooks::<R>(world);
    if hooks.hold.iter().any(|f| f(world)) {
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
    for f in hooks.queued.iter() {
        f(world, &command);
    }
    let refusal = match process::<R>(world, command) {
        CommandOutcome::Accepted(_) => {
            for f in hooks.queued_accepted.iter() {
                f(world);
            }
            None
        }
        CommandOutcome::Refused(command, reason) => {
            let taken_up = hooks.refused.iter().any(|f| f(world, &command));
            (!taken_up).then_some(reason)
        }
    };
    let mut notice = world.resource_mut::<Notice>();
    notice.info = None;
    notice.refusal = refusal;
}

/// Leaving a game: commands sent for it are not played in the next.
fn forget_queue<R: RuleSet>(mut queue: ResMut<CommandQueue<R::Command>>) {
    queue.0.clear();
}

/// Leaving a game: its record goes, and what the rule set kept of it ([`RuleSet::left`]).
fn forget_game<R: RuleSet>(world: &mut World) {
    world.remove_resource::<GameRecord<R::Command>>();
    R::left(world);
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

/// The pipeline of rule set `R`: its command messages, queue, [`Hooks`], and the systems that
/// feed the queue to [`process`] in the window.
pub fn plugin<R: RuleSet>(app: &mut App) {
    app.add_message::<R::Command>()
        .init_resource::<CommandQueue<R::Command>>()
        .add_systems(
            Update,
            (
                (enqueue::<R>, drain::<R>).run_if(playing(R::ID)),
                // A finished game too: the results screen saves it for its replay.
                save_on_request::<R>.run_if(state::game_of(R::ID)),
            )
                .chain()
                .in_set(CommandPipeline),
        )
        .add_systems(
            Last,
            (keep_camera::<R>, keep_hands::<R>).run_if(playing(R::ID)),
        )
        .add_systems(
            OnEnter(state::GameState::NoGame),
            (forget_queue::<R>, forget_game::<R>),
        );
    app.init_resource::<Hooks<R>>();
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

/// Keeps the game record's hands with the game's [`super::game::Sides`], so every save says
/// who played which side (a game by e-mail has a person at each end: none).
fn keep_hands<R: RuleSet>(world: &mut World) {
    let Some(hands) = world
        .get_resource::<super::game::Sides>()
        .map(super::game::Sides::hands)
    else {
        return;
    };
    let Some(mut record) = world.get_resource_mut::<GameRecord<R::Command>>() else {
        return;
    };
    if record.by_email.is_none() && record.hands.as_ref() != Some(&hands) {
        // Not a move: nothing that watches the record for new commands should see it.
        record.bypass_change_detection().hands = Some(hands);
    }
}

/// What every rule set's pipeline shares: the notice, the camera kept with the game, the
/// save request.
pub(super) fn shared(app: &mut App) {
    app.init_resource::<Notice>()
        .init_resource::<CameraPlace>()
        .add_message::<SaveRequest>();
}
