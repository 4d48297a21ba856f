//! Undo and redo without re-rolls: the last command can be taken back only when it rolled no
//! die, drew no card and changed nothing the rule set keeps secret or whose turn it is
//! ([`RuleSet::secret_digest`]); so a die once seen always stands. Undo replays the record
//! without its last command (verified like any replay); redo applies the command again.

use bevy::prelude::*;

use super::pipeline::{Applied, CommandOutcome, process};
use super::record::GameRecord;
use super::replay;
use super::ruleset::RuleSet;

/// For each command of the record, whether it may be undone (set as it is applied).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct UndoMarks(pub Vec<bool>);

/// Commands undone, the last undone on top; any other command clears it.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct RedoStack<C>(pub Vec<C>);

impl<C> Default for RedoStack<C> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

/// What Undo and Redo would do now, in words (the phase bar shows it); `None`: nothing.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct UndoStatus {
    /// The command undo would take back.
    pub undo: Option<String>,
    /// The command redo would apply again.
    pub redo: Option<String>,
}

/// Asked by the phase bar's buttons or Ctrl+Z / Ctrl+Y.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndoRequest {
    /// Take back the last command.
    Undo,
    /// Apply the last undone command again.
    Redo,
}

/// Present while nothing of the game may be taken back, with why (a game played online: the
/// other player has seen every command). Put in by the feature that bars it.
#[derive(Resource, Clone, Debug)]
pub struct UndoBarred(pub String);

/// Whether the command just applied may be undone: no dice, no cards, the secret digest
/// unchanged (`before` and `after`, `None` where the rule set offers no undo).
pub fn may_undo(dice: usize, cards: usize, before: Option<u64>, after: Option<u64>) -> bool {
    dice == 0 && cards == 0 && before.is_some() && before == after
}

/// Takes back the last command of the game in `world`.
///
/// Errors: there is none, it rolled dice, drew a card or revealed something, or undo is
/// barred ([`UndoBarred`]) (then nothing changes); or the shortened record does not replay (a
/// bug, reported, not a panic).
pub fn undo<R: RuleSet>(world: &mut World) -> Result<(), String> {
    if let Some(UndoBarred(why)) = world.get_resource::<UndoBarred>() {
        return Err(format!("Undo: {why}"));
    }
    let marks = world
        .get_resource::<UndoMarks>()
        .cloned()
        .unwrap_or_default();
    let mut record = world.resource::<GameRecord<R::Command>>().clone();
    if record.commands.is_empty() || marks.0.last() != Some(&true) {
        return Err(
            "Undo: the last command rolled dice, drew a card or showed something hidden (or passed the turn), so it stands".into(),
        );
    }
    let Some(undone) = record.commands.pop() else {
        return Err("Undo: nothing to undo".into());
    };
    let redo = world
        .remove_resource::<RedoStack<R::Command>>()
        .unwrap_or_default();
    // The undone command threw no die and drew no card, so the dice and the deck go on
    // exactly where they were: the next roll is the one the game would have made anyway.
    let replayed = replay::rebuild::<R>(world, &record).map_err(|e| format!("Undo: {e}"));
    // The shortened record is kept where the game is kept (autosave, the e-mail file).
    super::pipeline::rewritten::<R>(world);
    let mut redo = redo;
    redo.0.push(undone.command);
    world.insert_resource(redo);
    replayed
}

/// Applies the last undone command again.
///
/// Errors: nothing to redo, or the rules refuse it now.
pub fn redo<R: RuleSet>(world: &mut World) -> Result<(), String> {
    let Some(command) = world
        .get_resource_mut::<RedoStack<R::Command>>()
        .and_then(|mut s| s.0.pop())
    else {
        return Err("Redo: nothing to redo".into());
    };
    // The rest of the stack stays to be redone: a redo is no new command.
    let stack = world.remove_resource::<RedoStack<R::Command>>();
    let outcome = process::<R>(world, command);
    if let Some(stack) = stack {
        world.insert_resource(stack);
    }
    match outcome {
        CommandOutcome::Accepted(_) => Ok(()),
        CommandOutcome::Refused(_, why) => Err(format!("Redo: {why}")),
    }
}

/// The pipeline's hook after an accepted command: whether it may be undone, and a new command
/// (not one replayed) leaves nothing to redo.
fn mark<R: RuleSet>(world: &mut World, a: &Applied) {
    let undoable = may_undo(a.dice, a.cards, a.secret.0, a.secret.1);
    if let Some(mut marks) = world.get_resource_mut::<UndoMarks>() {
        // A new game's record starts empty: the marks follow it.
        marks.0.truncate(a.index);
        marks.0.push(undoable);
    }
    if !a.replaying
        && let Some(mut redo) = world.get_resource_mut::<RedoStack<R::Command>>()
    {
        redo.0.clear();
    }
}

/// The pipeline's hook when the record was cut back outside undo (the replay viewer's branch):
/// what was undone before no longer follows it.
fn forget_redo<R: RuleSet>(world: &mut World) {
    if let Some(mut redo) = world.get_resource_mut::<RedoStack<R::Command>>() {
        redo.0.clear();
    }
}

/// Leaving a game (not a replay setting it up again): nothing of it is left to undo or redo
/// in the next.
fn forget<R: RuleSet>(
    replaying: Option<Res<super::pipeline::Replaying>>,
    redo: Option<ResMut<RedoStack<R::Command>>>,
    marks: Option<ResMut<UndoMarks>>,
) {
    if replaying.is_some() {
        return;
    }
    if let Some(mut redo) = redo {
        redo.0.clear();
    }
    if let Some(mut marks) = marks {
        marks.0.clear();
    }
}

/// Keeps [`UndoStatus`] true to the game, each command in the players' words
/// ([`RuleSet::describe`]); worked out again only when the record, the undo marks, the redo
/// stack or the viewer changed (`last`: what it was worked out for).
fn status<R: RuleSet>(
    world: &mut World,
    mut last: Local<Option<(bool, usize, u64, usize, usize)>>,
) {
    // The viewer shows the past, or nothing may be taken back: the buttons say so.
    let open = world
        .get_resource::<super::replay_view::ReplayStatus>()
        .is_some_and(|r| r.open)
        || world.contains_resource::<UndoBarred>();
    let record = world.get_resource::<GameRecord<R::Command>>();
    let marks = world.get_resource::<UndoMarks>();
    let redo = world.get_resource::<RedoStack<R::Command>>();
    let now = (
        open,
        record.map_or(0, |r| r.commands.len()),
        record.and_then(|r| r.commands.last()).map_or(0, |c| c.hash),
        marks.map_or(0, |m| m.0.len()),
        redo.map_or(0, |r| r.0.len()),
    );
    if *last == Some(now) {
        return;
    }
    *last = Some(now);
    // Nothing to take back there (and nothing to tell).
    let next = if open {
        UndoStatus::default()
    } else {
        let undo = record.zip(marks).and_then(|(r, m)| {
            let last = r.commands.last()?;
            (m.0.len() == r.commands.len() && m.0.last() == Some(&true))
                .then(|| R::describe(world, &last.command))
        });
        let redo = redo.and_then(|r| r.0.last()).map(|c| R::describe(world, c));
        UndoStatus { undo, redo }
    };
    if world.get_resource::<UndoStatus>() != Some(&next) {
        world.insert_resource(next);
    }
}

/// Carries out undo and redo requests, the result under the phase bar.
fn requests<R: RuleSet>(world: &mut World) {
    let asked: Vec<UndoRequest> = world
        .resource_mut::<Messages<UndoRequest>>()
        .drain()
        .collect();
    if world
        .get_resource::<super::replay_view::ReplayStatus>()
        .is_some_and(|s| s.open)
    {
        return;
    }
    for r in asked {
        let done = match r {
            UndoRequest::Undo => undo::<R>(world),
            UndoRequest::Redo => redo::<R>(world),
        };
        let mut notice = world.resource_mut::<super::pipeline::Notice>();
        match done {
            Ok(()) => {
                notice.refusal = None;
                notice.info = Some(match r {
                    UndoRequest::Undo => "Undone".into(),
                    UndoRequest::Redo => "Redone".into(),
                });
            }
            Err(e) => notice.refusal = Some(e),
        }
    }
}

/// Undo and redo for rule set `R` in the window.
pub fn plugin<R: RuleSet>(app: &mut App) {
    app.world_mut()
        .resource_mut::<super::pipeline::Hooks<R>>()
        .accepted
        .push(mark::<R>);
    app.world_mut()
        .resource_mut::<super::pipeline::Hooks<R>>()
        .rewritten
        .push(forget_redo::<R>);
    app.init_resource::<RedoStack<R::Command>>()
        .add_systems(OnEnter(super::state::GameState::NoGame), forget::<R>)
        .add_systems(
            Update,
            (requests::<R>, status::<R>)
                .chain()
                .after(super::pipeline::CommandPipeline)
                .run_if(super::state::playing(R::ID)),
        );
}

/// The resources every rule set's undo shares.
pub(super) fn shared(app: &mut App) {
    app.init_resource::<UndoMarks>()
        .init_resource::<UndoStatus>()
        .add_message::<UndoRequest>();
}
