//! Leaving a game leaves nothing of it behind (issue 30, "Nothing stale"): a second scenario
//! started after a first, of another rule set, holds exactly the entities and resources it
//! holds when started alone, and none of the first's.

use bevy::prelude::*;
use holotable::engine::dice::Randomness;
use holotable::engine::game;
use holotable::engine::ruleset::RuleSet;
use holotable::engine::session::headless_app;
use holotable::rulesets::battlefield::Battlefield;
use holotable::rulesets::tyneside::Tyneside;
use holotable::rulesets::tyneside::components::{Figure, Group};

use super::common::loaded;

/// A headless app that can play both rule sets, no game on.
fn app() -> App {
    let mut app = headless_app::<Tyneside>();
    <Battlefield as RuleSet>::plugin(&mut app);
    app.update();
    app
}

/// The world's entities and resources by their type names (resources are entities too),
/// sorted: what a game leaves behind shows as a name the other world lacks.
fn contents(app: &mut App) -> Vec<String> {
    let world = app.world_mut();
    let all: Vec<Entity> = world.query::<Entity>().iter(world).collect();
    let mut names: Vec<String> = all
        .into_iter()
        .map(|e| {
            world
                .inspect_entity(e)
                .map(|it| {
                    it.map(|c| c.name().to_string())
                        .filter(|n| !n.ends_with("IsResource"))
                        .collect::<Vec<_>>()
                        .join(" + ")
                })
                .unwrap_or_default()
        })
        // Bevy's record of a sub-state's last value is its own, not the game's.
        .filter(|n| !n.is_empty() && !n.contains("PreviousState<"))
        .collect();
    names.sort();
    names
}

/// Starts bundled scenario `name` of rule set `R` in `app`, and runs two frames.
fn start<R: RuleSet>(app: &mut App, name: &str) {
    game::start::<R>(app.world_mut(), &loaded(name), Randomness::seeded(1))
        .unwrap_or_else(|e| panic!("{e:?}"));
    app.update();
    app.update();
}

#[test]
fn a_second_scenario_after_a_first_holds_none_of_the_first() {
    let mut alone = app();
    start::<Battlefield>(&mut alone, "capture_the_village");
    let battle_alone = contents(&mut alone);

    let mut after = app();
    start::<Tyneside>(&mut after, "shooting_example");
    let world = after.world_mut();
    let first = world.query::<&Figure>().iter(world).count();
    assert!(
        first > 10,
        "the first game is on the table: {first} figures"
    );
    start::<Battlefield>(&mut after, "capture_the_village");
    let world = after.world_mut();
    assert_eq!(world.query::<&Figure>().iter(world).count(), 0);
    assert_eq!(world.query::<&Group>().iter(world).count(), 0);
    assert_eq!(
        contents(&mut after),
        battle_alone,
        "the battle after a Tyneside game holds what it holds alone"
    );
}
