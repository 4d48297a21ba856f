//! The Bevy side of a mass combat: the battle as a resource, its stage as a sub-state, the
//! commands applied to a copy of it (kept only when accepted), and the end of the game.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::ID;
use super::battle::{Battle, Stage, Status};
use super::commands::Command;
use super::rules::scenario::Scenario;
use crate::engine::dice::DiceRes;
use crate::engine::record::GameLog;
use crate::engine::state::{Fate, Finished, GameResult, GameState};

/// The battle being played.
#[derive(Resource, Clone, Debug, Deref, DerefMut)]
pub struct BattleRes(pub Battle);

/// Where the round is (d6-mass-combat.txt, Mass Combat Sequence).
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[source(GameState = GameState::Playing("mass_combat"))]
pub enum MassPhase {
    /// 1. "First, any anticipate enemy or deceive enemy rolls are made".
    #[default]
    Tactics,
    /// 1. Declare Actions, Orders and Full Reactions.
    Declare,
    /// A commander who deceived the enemy declares again.
    Redeclare,
    /// 2. Declare Combat Reaction Skills (the round is resolved when both have).
    React,
}

impl MassPhase {
    /// The phase of a battle at `stage`.
    pub fn of(stage: Stage) -> Self {
        match stage {
            Stage::Tactics => Self::Tactics,
            Stage::Declare => Self::Declare,
            Stage::Redeclare => Self::Redeclare,
            Stage::React => Self::React,
        }
    }
}

/// Sets up `scenario`: the units on the ground, round 1's declarations to make.
///
/// Errors: none beyond the scenario's own (kept for the rule-set boundary).
pub fn setup(world: &mut World, scenario: &Scenario) -> Result<(), Vec<String>> {
    let battle = Battle::new(scenario);
    let mut log = GameLog::default();
    log.push(
        1,
        format!(
            "{} — round 1: {}",
            battle.name,
            super::battle::Stage::opening(battle.command)
        ),
    );
    world.insert_resource(log);
    world.insert_resource(super::board::board(&battle));
    world.insert_resource(BattleRes(battle));
    Ok(())
}

/// Applies `command` to a copy of the battle and keeps it if accepted; a refusal changes
/// nothing (the pipeline puts back the dice and the log).
///
/// Errors: the refusal, naming the rule.
pub fn apply(world: &mut World, command: &Command) -> Result<(), String> {
    let mut b = world.resource::<BattleRes>().0.clone();
    b.apply(command, &mut world.resource_mut::<DiceRes>().0)?;
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
    let want = MassPhase::of(b.stage);
    if world
        .get_resource::<State<MassPhase>>()
        .is_some_and(|s| *s.get() != want)
    {
        world.resource_mut::<NextState<MassPhase>>().set(want);
    }
}

/// The end of battle `b`, decided as `result`: the result, the last round and what became of
/// every unit.
pub fn finished(b: &Battle, result: GameResult) -> Finished {
    let fates = b
        .units
        .iter()
        .filter(|u| !matches!(u.status, Status::Joined(_)))
        .map(|u| Fate {
            side: u.side,
            name: u.name.clone(),
            profile: u.kind.name.clone(),
            fate: match &u.status {
                Status::Fighting => format!("fighting, {} of {}", u.size, u.start),
                Status::Retreating => format!("in full retreat, {} of {}", u.size, u.start),
                Status::Aboard(_) => format!("aboard its transport, {}", u.size),
                Status::Surrendered => format!("surrendered, {}", u.counted(u.size)),
                Status::Fled => format!("fled the field, {} of {}", u.size, u.start),
                Status::Destroyed => "destroyed".into(),
                Status::Joined(_) => "joined another unit".into(),
            },
            lost: matches!(
                u.status,
                Status::Surrendered | Status::Fled | Status::Destroyed
            ),
        })
        .collect();
    Finished {
        result,
        turn: b.round,
        fates,
    }
}

/// Leaving a battle: the battle goes with it.
pub fn left(world: &mut World) {
    world.remove_resource::<BattleRes>();
}

pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<MassPhase>();
}
