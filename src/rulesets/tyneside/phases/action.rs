//! The Shoot/Act phase's one system: fire fights, hero shots, close combat, medics, delaying
//! and ending an activation. tyneside-skirmish.txt, Play sequence (5).

use bevy::prelude::*;

use super::medics::heal;
use super::melee::{fight, pending_melee};
use super::sequence::next_activation;
use super::shooting::{grenade, hero_shot, shoot};
use super::vehicles::{fire_at_vehicle, magnetic_explosive};
use super::{Effects, delay, run};
use crate::rulesets::tyneside::board::Game;
use crate::rulesets::tyneside::commands::{Command, not_in_phase};
use crate::rulesets::tyneside::rules::force::recovers_force_point;
use crate::rulesets::tyneside::turn::TurnPhase;

/// Applies one command in the Shoot/Act phase.
pub(super) fn apply(
    In(command): In<Command>,
    mut game: Game,
    mut out: Effects,
    mut next: ResMut<NextState<TurnPhase>>,
    mut commands: Commands,
) -> Result<(), String> {
    {
        let turn = game.turn.turn;
        match &command {
            Command::Shoot { groups, targets } => run(&mut out, |out| {
                shoot(&mut game, out, &mut next, groups, targets)
            }),
            Command::HeroShot { hero, target } => {
                run(&mut out, |out| hero_shot(&mut game, out, hero, target))
            }
            Command::Delay => delay(&mut game, &mut out, "shooting"),
            Command::Force { figure, power } => super::force::use_power(
                &mut game,
                &mut out,
                figure,
                power,
                TurnPhase::Action,
                &mut commands,
            ),
            Command::Ready { figure, ready } => {
                let side = game.active_side();
                super::force::make_ready(&mut game, &mut out, figure, *ready, side)
            }
            Command::EndActivation => run(&mut out, |out| {
                let group = game
                    .turn
                    .active_group()
                    .ok_or("no group is active")?
                    .to_string();
                let board = game.board();
                if let Some(m) = board
                    .members(&group)
                    .into_iter()
                    .find(|&m| pending_melee(&board, m))
                {
                    return Err(format!(
                        "Close combat: {} is within 1\" of an enemy and must fight first (Fight)",
                        board.figs[m].figure.name
                    ));
                }
                drop(board);
                rest(&mut game, out, &group, TurnPhase::Action);
                let name = super::sequence::group_names(&game, std::slice::from_ref(&group));
                out.log.push(turn, format!("{name} ends its activation"));
                next_activation(&mut game, &mut next, TurnPhase::Action);
                Ok(())
            }),
            Command::Grenade { figure, target } => grenade(&mut game, &mut out, figure, target),
            Command::FireAtVehicle { figure, vehicle } => {
                fire_at_vehicle(&mut game, &mut out, figure, vehicle)
            }
            Command::Explosive { figure, vehicle } => {
                magnetic_explosive(&mut game, &mut out, figure, vehicle)
            }
            Command::Access { figure, door } => run(&mut out, |out| {
                super::doors::access(&mut game, out, figure, door)
            }),
            Command::Demolish { figure, door } => run(&mut out, |out| {
                super::doors::demolish(&mut game, out, figure, door)
            }),
            Command::Cut { figure, surface } => run(&mut out, |out| {
                super::doors::cut(&mut game, out, figure, surface)
            }),
            Command::Fight { group } => fight(&mut game, &mut out, group),
            Command::Heal { medic, patient } => heal(&mut game, &mut out, medic, patient),
            Command::PlaceOrder { .. }
            | Command::IssueOrder { .. }
            | Command::JoinGroup { .. }
            | Command::LeaveGroup { .. }
            | Command::MergeGroups { .. }
            | Command::EndPhase
            | Command::PlaceFaceDown { .. }
            | Command::TurnOver { .. }
            | Command::Run { .. }
            | Command::Move { .. }
            | Command::MoveGroup { .. }
            | Command::Jump { .. }
            | Command::Hide { .. }
            | Command::Fly { .. } => Err(not_in_phase(&command, TurnPhase::Action)),
        }
    }
}

/// The Force users of `group` that rested through the activation of `phase` now ending
/// recover a Force point each, logged (see [`recovers`]).
pub(super) fn rest(game: &mut Game, out: &mut Effects, group: &str, phase: TurnPhase) {
    let turn = game.turn.turn;
    let under_fire = game.group(group).is_some_and(|g| g.fire_this_turn > 0);
    let board = game.board();
    let resting: Vec<(Entity, String)> = board
        .members(group)
        .into_iter()
        .map(|m| &board.figs[m])
        .filter(|f| !under_fire && recovers(f, phase))
        .map(|f| (f.entity, f.figure.name.clone()))
        .collect();
    drop(board);
    for (e, name) in resting {
        if let Ok(mut f) = game.figures.get_mut(e) {
            f.4.force_points += 1;
            out.log.push(
                turn,
                format!(
                    "{name} rests and recovers 1 Force point ({})",
                    f.4.force_points
                ),
            );
        }
    }
}

/// Whether figure `f` recovers a Force point as its activation in `phase` ends (see
/// [`recovers_force_point`]; "under fire" is checked by the caller): Recovering Force points,
/// "1 FP per activation", the same unit as "one action an activation", so a user that rests
/// through both of its activations in a turn (Movement and Shoot/Act) recovers one in each.
/// Resting is judged on that activation's doings: no Force action in it, no more than 3"
/// moved this turn, and, in Shoot/Act, no shot, throw, fight or heal.
fn recovers(f: &crate::rulesets::tyneside::board::Fig, phase: TurnPhase) -> bool {
    let (moving, acting) = f.act.force_actions;
    let acted = match phase {
        TurnPhase::Movement => moving > 0,
        _ => acting > 0 || f.act.fired || f.act.hero_shot || f.act.fought || f.act.healed,
    };
    f.figure
        .has(crate::rulesets::tyneside::rules::profile::Ability::ForceUser)
        && recovers_force_point(
            f.cond.force_points,
            f.figure.profile.force_points,
            f.act.travelled,
            acted,
            false,
        )
}
