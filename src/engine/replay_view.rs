//! The replay viewer: the game in progress (or one opened from a save) shown as it stood after
//! any of its commands. Stepping replays the record up to that command (verified like any
//! replay), so the board, the dice log and the events are those of that moment. "Continue from
//! here" branches a new game from it with its own record; "Back to the game" returns to the
//! last command.

use bevy::prelude::*;

use super::autosave::Autosave;
use super::dice::{DeckRes, DiceRes};
use super::record::{GameLog, GameRecord};
use super::replay;
use super::ruleset::RuleSet;

/// The whole record being viewed, while the viewer is open.
#[derive(Resource, Clone, Debug)]
pub struct Viewed<C> {
    /// The game's full record.
    pub record: GameRecord<C>,
    /// The autosaving of the game viewed, set aside while viewing.
    pub autosave: Option<Autosave>,
    /// The dice and the deck as the game left them, so going back to it rolls on exactly as
    /// it would have.
    pub dice: Option<(DiceRes, DeckRes)>,
    /// The side a person played for each command (`None`: the rules' side, or nobody).
    pub actors: Vec<Option<usize>>,
}

/// What the viewer shows (the same for every rule set, for the shell to draw).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ReplayStatus {
    /// Open.
    pub open: bool,
    /// Commands applied now (0: the set-up).
    pub at: usize,
    /// Commands in the record.
    pub len: usize,
    /// Stepping forward by itself.
    pub playing: bool,
    /// Commands a second when playing.
    pub speed: f32,
    /// The first command of each turn: (turn, commands before it).
    pub turns: Vec<(u32, usize)>,
    /// The last command applied, in words.
    pub last: String,
    /// The side whose eyes the game is seen through: the side a person was to play when the
    /// viewer opened (in a game by e-mail, the side signed in), so it shows nothing that side
    /// could not see; `None` (nobody was to play: the game is over, or the rules were acting):
    /// everything.
    pub viewing_side: Option<usize>,
    /// Whether "Continue from here" may branch a new game: not in a game by e-mail, whose
    /// record both players share.
    pub may_branch: bool,
    /// The last command applied, drawn on the table ([`RuleSet::hint_marks`], measured before
    /// it): a move's way, an attack's line (issue 61: the replay drew neither). Another side's
    /// command is drawn only where it is an attack, which its side does in the open; its
    /// moves may be hidden ones.
    pub marks: Vec<super::ruleset::HintMark>,
}

/// Asked by the shell's replay bar.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum ViewRequest {
    /// Open the viewer on the game in progress, at its last command.
    Open,
    /// Open the viewer where the side it is seen through last acted, and play from there:
    /// "since your last turn".
    OpenSince,
    /// Show the game after this many commands.
    Goto(usize),
    /// Play or pause.
    Play(bool),
    /// Commands a second.
    Speed(f32),
    /// Branch a new game from the command shown.
    Continue,
    /// Back to the game at its last command.
    Close,
}

/// Run condition: the viewer is closed (a person or the rules may act).
pub fn not_viewing(status: Option<Res<ReplayStatus>>) -> bool {
    !status.is_some_and(|s| s.open)
}

/// Shows the game after `at` commands of the record viewed.
///
/// Errors: the viewer is not open, or the record does not replay that far (a bug, reported).
pub fn goto<R: RuleSet>(world: &mut World, at: usize) -> Result<(), String> {
    let Some(viewed) = world.get_resource::<Viewed<R::Command>>() else {
        return Err("the replay viewer is not open".into());
    };
    let mut record = viewed.record.clone();
    let at = at.min(record.commands.len());
    record.commands.truncate(at);
    let seed = record.seed.unwrap_or(0);
    let shown = (at > 0).then(|| (at - 1, record.commands[at - 1].command.clone()));
    let open = shown.as_ref().is_some_and(|(k, c)| {
        let viewing = world.resource::<ReplayStatus>().viewing_side;
        let actor = viewed.actors.get(*k).copied().flatten();
        viewing.is_none() || actor == viewing || R::is_attack(c)
    });
    let mut marks = Vec::new();
    step_through::<R>(world, &record, seed, |w, n| {
        if let Some((k, c)) = shown.as_ref().filter(|_| open)
            && n == *k
        {
            marks = R::hint_marks(w, c);
        }
    })
    .map_err(|e| format!("Replay: {e}"))?;
    let last = describe::<R>(world, &record, at);
    let mut s = world.resource_mut::<ReplayStatus>();
    s.at = at;
    s.last = last;
    s.marks = marks;
    Ok(())
}

/// Set while the viewer replays its record: the game it leaves to set the record up again
/// is not the game being left ([`forget`]).
#[derive(Resource)]
struct Stepping;

/// Replays `record` for the viewer ([`replay::resume_watching`]), marked as the viewer's own.
fn step_through<R: RuleSet>(
    world: &mut World,
    record: &GameRecord<R::Command>,
    seed: u64,
    after: impl FnMut(&World, usize),
) -> Result<(), replay::ResumeError> {
    world.insert_resource(Stepping);
    let done = replay::resume_watching::<R>(world, record, seed, after);
    world.remove_resource::<Stepping>();
    done
}

/// The game is left with the viewer open (Menu, then the title; another game started or
/// opened): the viewer closes with it, its record dropped, so the next game is not shown
/// through a replay bar over its table with every button dead (a new player's walk).
fn forget<R: RuleSet>(world: &mut World) {
    if world.contains_resource::<Stepping>() {
        return;
    }
    world.remove_resource::<Viewed<R::Command>>();
    *world.resource_mut::<ReplayStatus>() = ReplayStatus::default();
}

/// The last of the first `at` commands of `record` in words: as written when the side the
/// viewer sees through sent it (or it sees through nobody's eyes), else only what it shows
/// the others ([`RuleSet::public_text`]).
fn describe<R: RuleSet>(world: &World, record: &GameRecord<R::Command>, at: usize) -> String {
    let Some(c) = at.checked_sub(1).and_then(|i| record.commands.get(i)) else {
        return "the set-up".into();
    };
    let viewing = world.resource::<ReplayStatus>().viewing_side;
    let actor = world
        .get_resource::<Viewed<R::Command>>()
        .and_then(|v| v.actors.get(at - 1).copied().flatten());
    if viewing.is_none() || actor == viewing {
        R::describe(world, &c.command)
    } else {
        R::public_text(world, &c.command)
    }
}

/// Opens the viewer on the game in `world`, seen through the eyes of the side a person is to
/// play now (in a game by e-mail, the side signed in): each turn's first command, and the
/// side to act before each command, are found by stepping through once. `since`: it opens
/// after that side's last command and plays on from there.
///
/// Errors: the game's own record does not replay (a bug, reported).
pub fn open<R: RuleSet>(world: &mut World, since: bool) -> Result<(), String> {
    let viewing_side = world
        .get_resource::<super::game::Seated>()
        .and_then(|s| s.0)
        .or_else(|| super::game::persons_to_act::<R>(world).first().copied());
    let record = world.resource::<GameRecord<R::Command>>().clone();
    let len = record.commands.len();
    let autosave = world.remove_resource::<Autosave>();
    let dice = world
        .get_resource::<DiceRes>()
        .cloned()
        .zip(world.get_resource::<DeckRes>().cloned());
    world.insert_resource(Viewed {
        record,
        autosave,
        dice,
        actors: Vec::new(),
    });
    *world.resource_mut::<ReplayStatus>() = ReplayStatus {
        open: true,
        len,
        speed: 2.0,
        viewing_side,
        may_branch: !world.contains_resource::<super::game::Seated>(),
        ..default()
    };
    // One pass over the record: the turn the log is in after each command, and the last
    // command the side seen through made.
    let mut turns: Vec<(u32, usize)> = Vec::new();
    let mut last_own = 0;
    let mut actors = Vec::with_capacity(len);
    let mut last_marks = Vec::new();
    let full = world.resource::<Viewed<R::Command>>().record.clone();
    step_through::<R>(world, &full, full.seed.unwrap_or(0), |w, at| {
        let turn = w.resource::<GameLog>().0.last().map_or(1, |e| e.turn);
        if turns.last().is_none_or(|(t, _)| *t != turn) {
            turns.push((turn, at));
        }
        if at < len {
            // Sides acting together (secret declarations) leave the command's sender unknown:
            // it is shown to the viewer only as public text, so nothing is revealed.
            let actor = match super::game::persons_to_act::<R>(w)[..] {
                [one] => Some(one),
                _ => None,
            };
            if viewing_side.is_some() && actor == viewing_side {
                last_own = at + 1;
            }
            // Opened at the end, the last command is drawn as a step to it would draw it.
            if at + 1 == len {
                let c = &full.commands[at].command;
                if viewing_side.is_none() || actor == viewing_side || R::is_attack(c) {
                    last_marks = R::hint_marks(w, c);
                }
            }
            actors.push(actor);
        }
    })
    .map_err(|e| format!("Replay: {e}"))?;
    world.resource_mut::<Viewed<R::Command>>().actors = actors;
    let last = describe::<R>(world, &full, len);
    let mut s = world.resource_mut::<ReplayStatus>();
    s.turns = turns;
    s.at = len;
    s.last = last;
    s.marks = last_marks;
    if since {
        // From the state the side left, its own last command shown, paused: the person steps
        // through what came after, or plays it (playing at once, it had run to the end
        // before a new player looked: issue 61).
        goto::<R>(world, last_own)?;
        world.resource_mut::<ReplayStatus>().playing = false;
    }
    Ok(())
}

/// Closes the viewer: `branch` keeps the game as shown (a new game with its own record and
/// autosaves), else the game goes back to its last command, its dice rolling on as before.
///
/// Errors: a game by e-mail asked to branch (nothing changes), or the record does not replay
/// to its end (a bug, reported).
pub fn close<R: RuleSet>(world: &mut World, branch: bool) -> Result<(), String> {
    let len = world.resource::<ReplayStatus>().len;
    if branch && !world.resource::<ReplayStatus>().may_branch {
        return Err(
            "A game by e-mail does not branch: both players play on from the same record".into(),
        );
    }
    if !branch {
        goto::<R>(world, len)?;
    }
    let viewed = world.remove_resource::<Viewed<R::Command>>();
    if !branch && let Some((dice, deck)) = viewed.as_ref().and_then(|v| v.dice.clone()) {
        world.insert_resource(dice);
        world.insert_resource(deck);
    }
    if branch {
        // With the game's seed the branch would roll the very dice the game rolled after this
        // point. It rolls afresh instead: a what-if game, whose record keeps every face and is
        // replayed by forcing them (its dice are no longer the seed's to prove).
        world.resource_mut::<GameRecord<R::Command>>().seed = None;
        let fresh = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let dice = world.resource::<DiceRes>().0.clone().then_seeded(fresh);
        world.resource_mut::<DiceRes>().0 = dice;
        let deck = world.resource::<DeckRes>().0.clone().then_seeded(fresh);
        world.resource_mut::<DeckRes>().0 = deck;
    }
    let autosave = viewed.and_then(|v| v.autosave).map(|a| {
        if branch {
            let stem =
                super::record::save_stem(Some(world.resource::<GameRecord<R::Command>>()), "game");
            Autosave::new(a.folder, &format!("{stem}-branch"), None)
        } else {
            a
        }
    });
    if let Some(a) = autosave {
        world.insert_resource(a);
    }
    *world.resource_mut::<ReplayStatus>() = ReplayStatus::default();
    if branch {
        // The branch's record is kept from now on, and what was undone belongs to the line
        // left behind.
        super::pipeline::rewritten::<R>(world);
    }
    Ok(())
}

/// Carries out the shell's requests, and steps forward while playing.
fn requests<R: RuleSet>(world: &mut World, mut wait: Local<f32>) {
    let asked: Vec<ViewRequest> = world
        .resource_mut::<Messages<ViewRequest>>()
        .drain()
        .collect();
    let mut done: Result<(), String> = Ok(());
    for r in asked {
        let status = world.resource::<ReplayStatus>().clone();
        done = match r {
            ViewRequest::Open if !status.open => open::<R>(world, false),
            ViewRequest::OpenSince if !status.open => open::<R>(world, true),
            ViewRequest::Open | ViewRequest::OpenSince => Ok(()),
            _ if !status.open => Ok(()),
            ViewRequest::Goto(at) => goto::<R>(world, at),
            ViewRequest::Play(on) => {
                world.resource_mut::<ReplayStatus>().playing = on;
                Ok(())
            }
            ViewRequest::Speed(s) => {
                world.resource_mut::<ReplayStatus>().speed = s.clamp(0.25, 20.0);
                Ok(())
            }
            ViewRequest::Continue => close::<R>(world, true),
            ViewRequest::Close => close::<R>(world, false),
        };
        if done.is_err() {
            break;
        }
    }
    let status = world.resource::<ReplayStatus>().clone();
    if done.is_ok() && status.open && status.playing {
        *wait -= world.resource::<Time>().delta_secs();
        if *wait <= 0.0 {
            *wait = 1.0 / status.speed.max(0.25);
            done = if status.at < status.len {
                goto::<R>(world, status.at + 1)
            } else {
                world.resource_mut::<ReplayStatus>().playing = false;
                Ok(())
            };
        }
    }
    if let Err(e) = done {
        world.resource_mut::<super::pipeline::Notice>().refusal = Some(e);
    }
}

/// The pipeline's hook in the window: nothing is played on the past the viewer shows.
fn viewing(world: &World) -> bool {
    world.get_resource::<ReplayStatus>().is_some_and(|s| s.open)
}

/// The viewer for rule set `R` in the window.
pub fn plugin<R: RuleSet>(app: &mut App) {
    app.world_mut()
        .resource_mut::<super::pipeline::Hooks<R>>()
        .hold
        .push(viewing);
    // A finished game opens in the viewer too (its result screen's Replay, or a finished
    // save opened as a replay).
    app.add_systems(
        Update,
        requests::<R>
            .after(super::pipeline::CommandPipeline)
            .run_if(super::state::game_of(R::ID)),
    )
    .add_systems(OnEnter(super::state::GameState::NoGame), forget::<R>);
}

/// What every rule set's viewer shares.
pub(super) fn shared(app: &mut App) {
    app.init_resource::<ReplayStatus>()
        .add_message::<ViewRequest>();
}
