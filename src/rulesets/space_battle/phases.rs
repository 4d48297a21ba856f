//! The Bevy side of a space battle: the battle as a resource, its stage as a sub-state, the
//! commands applied to a copy of it (kept only when accepted), and the end of the game.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::ID;
use super::battle::{Battle, Stage, Status};
use super::commands::Command;
use super::rules::scenario::Scenario;
use crate::engine::dice::{DeckRes, DiceRes};
use crate::engine::record::GameLog;
use crate::engine::ruleset::Loaded;
use crate::engine::state::{Fate, Finished, GameResult, GameState};

/// The battle being played.
#[derive(Resource, Clone, Debug, Deref, DerefMut)]
pub struct BattleRes(pub Battle);

/// The stage of the phase being played (PROCEDURE: the side moves, then fires; the craft
/// that stopped to fire finish their moves).
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[source(GameState = GameState::Playing("space_battle"))]
pub enum SpacePhase {
    /// Before turn 1: the initiative.
    #[default]
    Initiative,
    /// The side's craft move in colour order.
    Move,
    /// Every craft with an enemy to attack attacks, in the order the side chooses.
    Fire,
    /// The craft that stopped to fire use their points left.
    Finish,
}

/// Sets up `scenario`: the fighters off their edges, the initiative still to decide.
///
/// Errors: none yet beyond the scenario's own (kept for the rule-set boundary).
pub fn setup(world: &mut World, scenario: &Scenario, loaded: &Loaded) -> Result<(), Vec<String>> {
    let _ = loaded;
    let battle = Battle::new(scenario);
    let mut log = GameLog::default();
    log.push(
        1,
        format!("{} — the fighters wait off the short edges", battle.name),
    );
    world.insert_resource(log);
    world.insert_resource(super::board::board(&battle));
    world.insert_resource(BattleRes(battle));
    Ok(())
}

/// Applies `command` to a copy of the battle and keeps it if accepted; a refusal changes
/// nothing (the pipeline puts back the dice, the deck and the log).
///
/// Errors: the refusal, naming the rule.
pub fn apply(world: &mut World, command: &Command) -> Result<(), String> {
    let mut b = world.resource::<BattleRes>().0.clone();
    world.resource_scope(|world, mut deck: Mut<DeckRes>| {
        b.apply(command, &mut world.resource_mut::<DiceRes>().0, &mut deck.0)
    })?;
    let mut log = world.resource_mut::<GameLog>();
    for (t, e) in b.events.drain(..) {
        log.push(t, e);
    }
    world.resource_mut::<BattleRes>().0 = b;
    Ok(())
}

/// After an accepted command, and on entering the game: the stage follows the battle, and a
/// decided battle ends the game.
pub fn sync_phase(world: &mut World) {
    let b = &world.resource::<BattleRes>().0;
    if let Some(result) = b.result.clone() {
        let end = finished(b, result);
        world.insert_resource(end);
        world
            .resource_mut::<NextState<GameState>>()
            .set(GameState::Over(ID));
        return;
    }
    let want = match b.stage {
        Stage::Initiative => SpacePhase::Initiative,
        Stage::Move => SpacePhase::Move,
        Stage::Fire => SpacePhase::Fire,
        Stage::Finish => SpacePhase::Finish,
    };
    if world
        .get_resource::<State<SpacePhase>>()
        .is_some_and(|s| *s.get() != want)
    {
        world.resource_mut::<NextState<SpacePhase>>().set(want);
    }
}

/// The end of battle `b`, decided as `result`, for the results screen and the balance report:
/// the result, the last turn and what became of every craft.
pub fn finished(b: &Battle, result: GameResult) -> Finished {
    let fates = b
        .craft
        .iter()
        .map(|c| Fate {
            side: c.side,
            name: c.name(),
            profile: c.kind.name().into(),
            fate: match c.status {
                Status::Destroyed { .. } => "destroyed".into(),
                Status::Exited => format!("bombed the carrier: {}", c.bombing.unwrap_or(0)),
                Status::Flying | Status::Waiting => "still flying".into(),
            },
            lost: matches!(c.status, Status::Destroyed { .. }),
        })
        .collect();
    Finished {
        result,
        turn: b.turn,
        fates,
    }
}

/// Leaving a battle: the battle goes with it.
pub fn left(world: &mut World) {
    world.remove_resource::<BattleRes>();
}

pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<SpacePhase>();
}
