//! The Bevy side of a battle: the battle as a resource, its phases as a sub-state (an ordinary
//! impulse, or the extra one once a side is done), one system per phase applying commands,
//! and the end of the game.

use bevy::prelude::*;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::ID;
use super::actions;
use super::battle::{Battle, ImpulseKind};
use super::board::board;
use super::commands::Command;
use super::rules::roster::Roster;
use super::rules::scenario::Scenario;
use crate::engine::dice::DiceRes;
use crate::engine::record::GameLog;
use crate::engine::ruleset::Loaded;
use crate::engine::state::{Finished, GameState};

/// The battle being played.
#[derive(Resource, Clone, Debug, Deref, DerefMut)]
pub struct BattleRes(pub Battle);

/// The phase of the turn (Turn sequence): impulses alternate until one side is done, then the
/// other may play its extra activations in one last impulse.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[source(GameState = GameState::Playing("battlefield"))]
pub enum BattlePhase {
    /// An impulse with the activation die's activations.
    #[default]
    Impulse,
    /// The last impulse of the turn, with the quality's extra activations.
    Extra,
}

/// Sets up `scenario` in `world` and starts turn 1 (its activation dice are the set-up's).
///
/// Errors: turn 1 could not start (the forced dice ran out), as one line.
pub fn setup(
    world: &mut World,
    scenario: &Scenario,
    roster: &Roster,
    loaded: &Loaded,
) -> Result<(), Vec<String>> {
    let mut battle = Battle::new(scenario, roster);
    let mut log = GameLog::default();
    log.push(1, format!("{} — the battle begins", battle.name));
    battle
        .start_turn(&mut world.resource_mut::<DiceRes>().0)
        .map_err(|e| vec![format!("{}: turn 1 cannot start: {e}", loaded.file)])?;
    for (t, e) in battle.events.drain(..) {
        log.push(t, e);
    }
    world.insert_resource(log);
    world.insert_resource(board(&battle));
    world.insert_resource(RubbleDrawn(battle.map.rubble()));
    world.insert_resource(BattleRes(battle));
    Ok(())
}

/// Applies `command` through the phase being played. A refusal changes nothing (the pipeline
/// puts back the dice and the log, and the game itself where a refusal came after a change).
///
/// Errors: the refusal, naming the rule.
pub fn apply(world: &mut World, command: &Command) -> Result<(), String> {
    let phase = *world.resource::<State<BattlePhase>>().get();
    let ran = match phase {
        BattlePhase::Impulse => world.run_system_cached_with(impulse, command.clone()),
        BattlePhase::Extra => world.run_system_cached_with(extra, command.clone()),
    };
    ran.map_err(|e| format!("the {phase:?} phase could not run: {e}"))?
}

/// An ordinary impulse: every command is for the side whose impulse it is.
fn impulse(
    In(command): In<Command>,
    battle: ResMut<BattleRes>,
    dice: ResMut<DiceRes>,
    log: ResMut<GameLog>,
) -> Result<(), String> {
    run(command, battle, dice, log)
}

/// The extra impulse: the same commands; support weapons, which must open an ordinary
/// impulse, are refused by the actions themselves.
fn extra(
    In(command): In<Command>,
    battle: ResMut<BattleRes>,
    dice: ResMut<DiceRes>,
    log: ResMut<GameLog>,
) -> Result<(), String> {
    match command {
        Command::Artillery { .. } | Command::Counterfire | Command::SpaceBombardment { .. } => {
            Err("Support weapons are announced at the start of an ordinary impulse, not in the extra activations".into())
        }
        Command::Move { .. }
        | Command::Fire { .. }
        | Command::MoveAndFire { .. }
        | Command::Assault { .. }
        | Command::Board { .. }
        | Command::Unload { .. }
        | Command::Guard { .. }
        | Command::LeaderDefence { .. }
        | Command::AerialSupport { .. }
        | Command::HiddenAt { .. }
        | Command::EndImpulse => run(command, battle, dice, log),
    }
}

/// Applies `command` to the battle. The actions check before they change anything; a refusal
/// that still comes after a change (a die the typed or forced dice did not have) is told by
/// the state hash and the game put back from its record by the pipeline, so the battle is not
/// copied before each command.
fn run(
    command: Command,
    mut battle: ResMut<BattleRes>,
    mut dice: ResMut<DiceRes>,
    mut log: ResMut<GameLog>,
) -> Result<(), String> {
    let done = actions::apply(&mut battle.0, &command, &mut dice.0);
    // The events of a refused command are not the game's.
    let events: Vec<(u32, String)> = battle.events.drain(..).collect();
    if done.is_ok() {
        for (t, e) in events {
            log.push(t, e);
        }
    }
    done
}

/// The rubble hexes the board was last built with.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
struct RubbleDrawn(Vec<Hex>);

/// After an accepted command: the phase follows the impulse, the board follows the map, and a
/// decided battle ends the game.
pub fn after_command(world: &mut World) {
    sync_phase(world);
    let b = &world.resource::<BattleRes>().0;
    // The map changes only when a building turns to rubble: rebuild the board then only.
    let rubble = b.map.rubble();
    if world
        .get_resource::<RubbleDrawn>()
        .is_some_and(|r| r.0 == rubble)
    {
        return;
    }
    world.insert_resource(RubbleDrawn(rubble));
    let new_board = board(&world.resource::<BattleRes>().0);
    world.insert_resource(new_board);
}

pub(super) fn sync_phase(world: &mut World) {
    let b = &world.resource::<BattleRes>().0;
    if let Some(result) = b.result.clone() {
        let fates = b
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| {
                let fate = b.fate_of(i);
                crate::engine::state::Fate {
                    side: u.side,
                    name: u.label(),
                    profile: u.profile.name.clone(),
                    fate,
                    lost: !u.alive,
                }
            })
            .collect();
        let turn = b.turn;
        world.insert_resource(Finished {
            result,
            turn,
            fates,
        });
        world
            .resource_mut::<NextState<GameState>>()
            .set(GameState::Over(ID));
        return;
    }
    let want = match b.impulse.kind {
        ImpulseKind::Normal => BattlePhase::Impulse,
        ImpulseKind::Extra => BattlePhase::Extra,
    };
    if world
        .get_resource::<State<BattlePhase>>()
        .is_some_and(|s| *s.get() != want)
    {
        world.resource_mut::<NextState<BattlePhase>>().set(want);
    }
}

/// Leaving a battle: the battle and the rubble drawn go with it.
pub(super) fn left(world: &mut World) {
    world.remove_resource::<BattleRes>();
    world.remove_resource::<RubbleDrawn>();
}

pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<BattlePhase>();
}
