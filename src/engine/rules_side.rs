//! The window's pacing of a computer-played side's steps, so a person can follow them (which
//! sides the rules play is [`super::game::Sides`]).

use bevy::prelude::*;

use super::game::Sides;
use super::pipeline::{CommandOutcome, process};
use super::record::GameRecord;
use super::ruleset::RuleSet;
use crate::rules::dice::command_seed;
use crate::rules::search::{Budget, Choice, Settings};
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

/// How long the searching opponent thinks over each decision, and the seed of its sampling
/// (each decision's seed is this and the decision's place in the game, so a game with a
/// budget in playouts plays the same every time). The default: 1 s a decision, seed 1, one
/// tree (the window's background search takes every core: [`Settings::on_all_cores`]).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// Its budget per decision.
    pub budget: Budget,
    /// Its seed.
    pub seed: u64,
    /// Trees grown at once for a decision, one a thread ([`Settings::threads`]).
    pub threads: usize,
}

impl Thinking {
    /// `budget` a decision, seed 1, one tree.
    pub fn new(budget: Budget) -> Self {
        Self {
            budget,
            ..Self::default()
        }
    }
}

impl Default for Thinking {
    fn default() -> Self {
        Self {
            budget: Budget::Millis(1000),
            seed: 1,
            threads: 1,
        }
    }
}

/// One step of a side the rules play ([`RuleSet::ai_step`]), as the window, `holotable run`,
/// the balance report and the tests take it. While a roll or a card the players roll or draw
/// themselves is wanted (manual dice), no step: a person must type it in first. A step that
/// came to want one waits for it: the choice that wanted it is made again once it is there,
/// and every other choice was refused meanwhile ([`super::manual_dice`]), so the typed face
/// goes to the throw it was asked for.
///
/// Errors: as [`RuleSet::ai_step`]'s, a side that cannot go on.
pub fn step<R: RuleSet>(world: &mut World) -> Option<Result<String, String>> {
    if super::manual_dice::waiting(world).is_some() {
        return None;
    }
    if let Some(step) = search_step::<R>(world) {
        return Some(step);
    }
    let step = R::ai_step(world)?;
    Some(match super::manual_dice::waiting(world) {
        Some(what) => Ok(format!("waits for {what}")),
        None => step,
    })
}

/// The search's settings for a decision now in the game in `world`: its budget from
/// [`Thinking`], its seed from [`Thinking`]'s and the decision's place in the game.
pub fn search_settings<R: RuleSet>(world: &World) -> Settings {
    let thinking = world
        .get_resource::<Thinking>()
        .copied()
        .unwrap_or_default();
    let place = world
        .get_resource::<GameRecord<R::Command>>()
        .map_or(0, |r| r.commands.len());
    Settings {
        threads: thinking.threads,
        ..Settings::new(thinking.budget, command_seed(thinking.seed, place))
    }
}

/// One step of the searching opponent, where it plays the side to act
/// ([`Sides::searched`]) and rule set `R` gives it a game ([`RuleSet::search`]): its choice,
/// through the pipeline as a person's command. `None` otherwise.
///
/// Errors: the rules refused its choice (a bug to report: it chose among their commands).
fn search_step<R: RuleSet>(world: &mut World) -> Option<Result<String, String>> {
    searched_to_act::<R>(world)?;
    let choice = R::search(world, &search_settings::<R>(world))?()?;
    Some(play_choice::<R>(world, choice))
}

/// Plays the search's `choice` through the pipeline, then the commands that carry it on
/// while the rules accept them ([`Choice::then`]; one refused, as the dice fell otherwise,
/// leaves the rest to the next decision): what it did, in words.
///
/// Errors: the rules refused its first command.
fn play_choice<R: RuleSet>(
    world: &mut World,
    choice: Choice<R::Command>,
) -> Result<String, String> {
    let words = R::describe(world, &choice.command);
    match process::<R>(world, choice.command) {
        CommandOutcome::Accepted(_) => {
            let mut more = 0;
            for c in choice.then {
                if !matches!(process::<R>(world, c), CommandOutcome::Accepted(_)) {
                    break;
                }
                more += 1;
            }
            let more = match more {
                0 => String::new(),
                1 => " and 1 command more".into(),
                n => format!(" and {n} commands more"),
            };
            Ok(format!(
                "{words}{more} (expects {:.0}%, {} playouts)",
                100.0 * choice.expected,
                choice.playouts
            ))
        }
        CommandOutcome::Refused(_, why) => Err(format!(
            "the searching opponent chose {words}, and the rules refused it: {why}"
        )),
    }
}

/// The side to act that the searching opponent plays, if any.
fn searched_to_act<R: RuleSet>(world: &World) -> Option<usize> {
    // Asked before every step of a computer-played side: no search, no question to the rules.
    let sides = world
        .get_resource::<Sides>()
        .filter(|s| !s.searched.is_empty())?;
    R::sides_to_act(world)
        .into_iter()
        .find(|s| sides.searched.contains(s))
}

/// A search running in the background for the window (the opponent's step, or a hint): the
/// game's place (commands so far) it was asked at, and the task.
pub(super) type Pending<C> = Option<(usize, Task<Option<Choice<C>>>)>;

/// In the window, the searching opponent's step without stopping the window: the search runs
/// on the async compute pool while the table keeps drawing; its choice is played once it is
/// ready, if the game is still where it was asked. `None` while it thinks, or when the side
/// to act is not the searching opponent's (or a typed die is awaited); the rule set's own
/// step (told as `who`'s) where it gives the search no game for that side.
fn search_in_background<R: RuleSet>(
    world: &mut World,
    pending: &mut Pending<R::Command>,
    who: &'static str,
) -> Option<(&'static str, Result<String, String>)> {
    const SEARCH: &str = "The searching opponent";
    if super::manual_dice::waiting(world).is_some() || searched_to_act::<R>(world).is_none() {
        *pending = None;
        return None;
    }
    let place = world
        .get_resource::<GameRecord<R::Command>>()
        .map_or(0, |r| r.commands.len());
    match pending.take() {
        Some((at, mut task)) if at == place => match check_ready(&mut task) {
            Some(Some(choice)) => Some((SEARCH, play_choice::<R>(world, choice))),
            Some(None) => Some((
                SEARCH,
                Err("the searching opponent found nothing to play".into()),
            )),
            None => {
                *pending = Some((at, task));
                None
            }
        },
        _ => {
            // No game for the search here (a side the text's own rules must play): theirs.
            // A person's game: the search has the machine's cores (the window draws little
            // while it waits for the opponent).
            let settings = search_settings::<R>(world).on_all_cores();
            let Some(job) = R::search(world, &settings) else {
                return step::<R>(world).map(|s| (who, s));
            };
            *pending = Some((
                place,
                AsyncComputeTaskPool::get().spawn(async move { job() }),
            ));
            world.resource_mut::<super::pipeline::Notice>().info =
                Some("The searching opponent thinks…".into());
            None
        }
    }
}

/// How long the window waits between two steps of a computer-played side, seconds.
pub const STEP_PAUSE: f32 = 0.6;

/// Asks the window for another frame (where there is one: not in headless tests).
pub(super) fn keep_drawing(world: &mut World) {
    if world.contains_resource::<Messages<bevy::window::RequestRedraw>>() {
        world.write_message(bevy::window::RequestRedraw);
    }
}

/// In the window: when a side the computer plays is to act, one step of
/// [`RuleSet::ai_step`] every [`STEP_PAUSE`], told under the phase bar as `who: what it did`;
/// a step that cannot go on is shown as the refusal it is. Runs while rule set `R`'s game is
/// on and the replay viewer is closed.
pub fn drive_plugin<R: RuleSet>(app: &mut App, who: &'static str) {
    let drive =
        move |world: &mut World, mut wait: Local<f32>, mut pending: Local<Pending<R::Command>>| {
            let dt = world.resource::<Time>().delta_secs();
            *wait -= dt;
            if *wait > 0.0 {
                // The window draws on a change only: the pause is a change to come.
                keep_drawing(world);
                return;
            }
            // The table as its person left it, for the screen's `While you waited`.
            if !super::game::rules_to_act::<R>(world).is_empty() {
                super::away::leave(world);
            }
            let step = if searched_to_act::<R>(world).is_some() {
                // Thinking is a change to come too.
                keep_drawing(world);
                search_in_background::<R>(world, &mut pending, who)
            } else {
                step::<R>(world).map(|s| (who, s))
            };
            if let Some((by, step)) = step {
                *wait = STEP_PAUSE;
                keep_drawing(world);
                let mut notice = world.resource_mut::<super::pipeline::Notice>();
                match step {
                    Ok(what) => notice.info = Some(format!("{by}: {what}")),
                    Err(why) => notice.refusal = Some(why),
                }
            }
        };
    app.add_systems(
        Update,
        drive
            .run_if(super::state::playing(R::ID))
            .run_if(super::replay_view::not_viewing)
            .after(super::pipeline::CommandPipeline)
            .after(super::last_attack::settle),
    );
}
