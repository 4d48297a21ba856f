//! The Hint button: what the searching opponent would play for the person to act
//! ([`RuleSet::search`], from that side's view alone), in the players' words with the outcome
//! it expects, under the phase bar. Offered where the rule set gives the search its game.

use bevy::prelude::*;

use bevy::tasks::AsyncComputeTaskPool;
use bevy::tasks::futures::check_ready;

use super::game::persons_to_act;
use super::record::GameRecord;
use super::rules_side::Pending;
use super::ruleset::RuleSet;
use crate::rules::search::Choice;

/// Asked by the phase bar's Hint button.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintRequest;

/// Whether the phase bar offers Hint now: the game's rule set can be searched and a person is
/// to act, outside the replay viewer.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HintOffered(pub bool);

pub use super::ruleset::HintMark;

/// The hint drawn on the table: its marks, for the game's place (commands so far) it was
/// given at; gone once the game moves on.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct HintShown {
    /// Commands played when it was given.
    pub place: usize,
    /// What is drawn.
    pub marks: Vec<HintMark>,
}

/// The hint in words: the search's `choice` for the person to act, with what it expects
/// first, so a long choice (a whole declaration) cut off at the bar's end still shows it; a
/// forced choice, searched no further, says so instead.
fn told<R: RuleSet>(world: &World, choice: &Choice<R::Command>) -> String {
    let what = std::iter::once(&choice.command)
        .chain(&choice.then)
        .map(|c| R::describe(world, c))
        .collect::<Vec<_>>()
        .join("; ");
    if choice.playouts == 0 {
        return format!("Hint (the only sensible choice here): {what}");
    }
    format!(
        "Hint (about {:.0}% for your side, from {} games played ahead): {what}",
        100.0 * choice.expected,
        choice.playouts
    )
}

fn offer<R: RuleSet>(world: &mut World) {
    let viewing = world
        .get_resource::<super::replay_view::ReplayStatus>()
        .is_some_and(|r| r.open);
    let now = HintOffered(R::SEARCHES && !viewing && !persons_to_act::<R>(world).is_empty());
    if world.get_resource::<HintOffered>() != Some(&now) {
        world.insert_resource(now);
    }
}

/// Starts the search when Hint is pressed, on the async compute pool so the window keeps
/// drawing, and says its choice under the phase bar once ready, if the game is still where
/// it was asked.
fn answer<R: RuleSet>(world: &mut World, mut pending: Local<Pending<R::Command>>) {
    let asked = world
        .resource_mut::<Messages<HintRequest>>()
        .drain()
        .count();
    let place = world
        .get_resource::<GameRecord<R::Command>>()
        .map_or(0, |r| r.commands.len());
    if world
        .get_resource::<HintShown>()
        .is_some_and(|h| h.place != place)
    {
        world.remove_resource::<HintShown>();
    }
    if asked > 0 && world.resource::<HintOffered>().0 && pending.is_none() {
        let settings = super::rules_side::search_settings::<R>(world).on_all_cores();
        let info = match R::search(world, &settings) {
            Some(job) => {
                *pending = Some((
                    place,
                    AsyncComputeTaskPool::get().spawn(async move { job() }),
                ));
                "Hint: the search is thinking…"
            }
            None => "Hint: the search has nothing to offer here",
        };
        world.resource_mut::<super::pipeline::Notice>().info = Some(info.into());
    }
    let Some((at, task)) = pending.as_mut() else {
        return;
    };
    if *at != place {
        // The game moved on: the hint would be for a position that is gone.
        *pending = None;
        return;
    }
    super::rules_side::keep_drawing(world);
    if let Some(found) = check_ready(task) {
        let info = match found {
            Some(choice) => {
                let marks = std::iter::once(&choice.command)
                    .chain(&choice.then)
                    .flat_map(|c| R::hint_marks(world, c))
                    .collect();
                world.insert_resource(HintShown { place, marks });
                told::<R>(world, &choice)
            }
            None => "Hint: the search has nothing to offer here".into(),
        };
        world.resource_mut::<super::pipeline::Notice>().info = Some(info);
        *pending = None;
    }
}

/// Hint for rule set `R` in the window.
pub fn plugin<R: RuleSet>(app: &mut App) {
    app.add_systems(
        Update,
        (answer::<R>, offer::<R>)
            .chain()
            .after(super::pipeline::CommandPipeline)
            .run_if(super::state::playing(R::ID)),
    );
}

/// Leaving a game: a hint drawn for it is not the next game's.
fn forget(mut commands: Commands) {
    commands.remove_resource::<HintShown>();
}

/// The resources every rule set's hint shares.
pub(super) fn shared(app: &mut App) {
    app.init_resource::<HintOffered>()
        .add_message::<HintRequest>()
        .add_systems(OnEnter(super::state::GameState::NoGame), forget);
}
