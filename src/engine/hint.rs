//! The Hint button: what the searching opponent would play for the person to act
//! ([`RuleSet::search`], from that side's view alone), in the players' words with the outcome
//! it expects, under the phase bar. Offered where the rule set gives the search its game.

use bevy::prelude::*;

use super::game::persons_to_act;
use super::ruleset::RuleSet;

/// Asked by the phase bar's Hint button.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintRequest;

/// Whether the phase bar offers Hint now: the game's rule set can be searched and a person is
/// to act, outside the replay viewer.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HintOffered(pub bool);

/// The hint for the person to act in `world`: the search's choice for the side to act, in
/// words, with what it expects; `None` when the rule set gives the search no game or nobody
/// may act.
pub fn hint<R: RuleSet>(world: &World) -> Option<String> {
    let choice = R::search(world, &super::rules_side::search_settings::<R>(world))?()?;
    Some(format!(
        "Hint: {} (the search expects {:.0}% for your side after {} playouts)",
        R::describe(world, &choice.command),
        100.0 * choice.expected,
        choice.playouts
    ))
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

fn answer<R: RuleSet>(world: &mut World) {
    let asked = world
        .resource_mut::<Messages<HintRequest>>()
        .drain()
        .count();
    if asked == 0 || !world.resource::<HintOffered>().0 {
        return;
    }
    let told =
        hint::<R>(world).unwrap_or_else(|| "Hint: the search has nothing to offer here".into());
    world.resource_mut::<super::pipeline::Notice>().info = Some(told);
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

/// The resources every rule set's hint shares.
pub(super) fn shared(app: &mut App) {
    app.init_resource::<HintOffered>()
        .add_message::<HintRequest>();
}
