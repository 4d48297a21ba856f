//! The Tyneside skirmish rules' phases as Bevy systems: one system per phase applies the
//! commands of that phase (one exhaustive match each, so a command no phase handles does not
//! compile), plus the systems that run on entering phases (morale, the end of the turn).

mod action;
mod damage;
mod doors;
mod fire_plan;
mod flight;
mod force;
mod generation;
mod medics;
pub(in crate::rulesets::tyneside) mod melee;
mod morale;
mod move_commands;
pub(in crate::rulesets::tyneside) mod movement;
mod orders;
pub mod portals;
mod reactions;
mod sequence;
mod shooting;
mod vehicles;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

pub use damage::apply_fire_result;
pub use fire_plan::{FirePlan, HeroShotOdds, hero_shot_odds, plan_fire_fight};
pub use melee::pending_melee;
pub use movement::{MovePlan, plan_force_jump, plan_lift, plan_step};
pub use orders::{
    face_down, force_users_order, group_in_cover, in_command, situation, turn_over_command,
    turning_over_side,
};
pub(super) use sequence::check_wipe_out;
pub use shooting::cannot_shoot;
pub use vehicles::sabre_can_cut;

use super::commands::Command;
use super::turn::TurnPhase;
use crate::engine::dice::DiceRes;
use crate::engine::record::GameLog;

/// The dice and the event log, for the phase systems (the pipeline puts both back when a
/// command is refused).
#[derive(SystemParam)]
pub struct Effects<'w> {
    /// The dice.
    pub dice: ResMut<'w, DiceRes>,
    /// The event log.
    pub log: ResMut<'w, GameLog>,
}

/// Runs one command's handler with the phase's effects (a closure, so a handler can `return`
/// its refusal early).
fn run(
    out: &mut Effects,
    f: impl FnOnce(&mut Effects) -> Result<(), String>,
) -> Result<(), String> {
    f(out)
}

/// The active group waits until after the next one (Play sequence: "Shooting, etc, can be
/// delayed to allow groups to combine their fire/movement"), in Movement and Shoot/Act alike;
/// `what` is "movement" or "shooting", for the log.
///
/// Errors: no other group is left to wait for.
fn delay(
    game: &mut crate::rulesets::tyneside::board::Game,
    out: &mut Effects,
    what: &str,
) -> Result<(), String> {
    let queue = &mut game.turn.queue;
    if queue.len() < 2 {
        return Err("no group is left to wait for".into());
    }
    queue.swap(0, 1);
    out.log.push(
        game.turn.turn,
        format!(
            "{} delays its {what} (\"Shooting, etc, can be delayed to allow groups to combine their fire/movement\")",
            sequence::group_names(game, &game.turn.queue[1..2])
        ),
    );
    Ok(())
}

/// Applies `command` in the current phase by running that phase's system.
///
/// Errors: the refusal (naming the rule), or `no Tyneside game is on`.
pub fn apply(world: &mut World, command: &Command) -> Result<(), String> {
    let phase = *world
        .get_resource::<State<TurnPhase>>()
        .ok_or("no Tyneside game is on")?
        .get();
    let c = command.clone();
    let ran = match phase {
        TurnPhase::Orders => world.run_system_cached_with(orders::apply, c),
        TurnPhase::Movement => world.run_system_cached_with(move_commands::apply, c),
        TurnPhase::Action => world.run_system_cached_with(action::apply, c),
        TurnPhase::EndOfTurn => {
            return Err(super::commands::not_in_phase(command, phase));
        }
    };
    ran.map_err(|e| format!("internal error: {e}"))?
}

/// The turn sequence and morale at the end of the turn (the commands of each phase run
/// through [`apply`]).
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((sequence::plugin, morale::plugin));
}
