//! The Movement phase's commands, each dispatched to the move it makes: walking, running,
//! jumping and hiding (`super::movement`), flying (`super::flight`) and the Force
//! (`super::force`). tyneside-skirmish.txt, Play sequence (4), Movement.

use bevy::prelude::*;

use super::movement::{
    can_still_move, commit, entities, group_movers, melee_in_reach, movable, plan_group, plan_step,
};
use super::sequence::next_activation;
use super::{Effects, delay, run};
use crate::rulesets::tyneside::board::Game;
use crate::rulesets::tyneside::commands::{Command, not_in_phase};
use crate::rulesets::tyneside::rules::movement::{
    ADVANCE_HALT, JUMP_DIE, RUN_DIE, allowance, first_gap,
};
use crate::rulesets::tyneside::rules::orders::{Order, check_minimum_move};
use crate::rulesets::tyneside::turn::TurnPhase;

/// Applies one command of the Movement phase.
///
/// Errors: the refusal, naming the rule.
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
            Command::Run { figure } => run(&mut out, |out| {
                let board = game.board();
                let (i, order) = movable(&board, &game, figure)?;
                let f = &board.figs[i];
                if board.vehicle(i).is_some() {
                    return Err(format!(
                        "Vehicle rules: {} moves at its own speed and does not run",
                        f.figure.name
                    ));
                }
                if !order.may_run() {
                    return Err(format!(
                        "{order} orders: may not run ({})",
                        order.rule_text()
                    ));
                }
                if f.act.run_roll.is_some() {
                    return Err(format!("{} is already running", f.figure.name));
                }
                let (entity, name) = (f.entity, f.figure.name.clone());
                drop(board);
                let roll = out
                    .dice
                    .roll(RUN_DIE, format!("run: {name}"))
                    .map_err(|e| e.to_string())?;
                out.dice.note_outcome(format!("+{roll}\""));
                if let Ok(mut fig) = game.figures.get_mut(entity) {
                    fig.5.run_roll = Some(roll);
                }
                out.log.push(turn, format!("{name} runs: +{roll}\" (runners halve their shooting, and the enemy's at them)"));
                Ok(())
            }),
            Command::Move { figure, to } => run(&mut out, |out| {
                let board = game.board();
                let (i, order) = movable(&board, &game, figure)?;
                let plan = plan_step(&board, i, Vec2::new(to.0, to.1), order, &[], false)?;
                let ents = entities(&board);
                drop(board);
                commit(&mut game, out, &[plan], &ents);
                Ok(())
            }),
            Command::MoveGroup { group, by } => run(&mut out, |out| {
                let board = game.board();
                let (able, order) = group_movers(&board, &game, group)?;
                let plans = plan_group(&board, &able, order, Vec2::new(by.0, by.1))?;
                // A figure that cannot move stays, and the log says why (not silently).
                let stay: Vec<String> = board
                    .members(group)
                    .into_iter()
                    .filter(|m| !able.contains(m))
                    .filter_map(|m| {
                        let f = &board.figs[m].figure;
                        movable(&board, &game, &f.id)
                            .err()
                            .map(|why| format!("{} stays where it is: {why}", f.name))
                    })
                    .collect();
                let ents = entities(&board);
                drop(board);
                commit(&mut game, out, &plans, &ents);
                for line in stay {
                    out.log.push(turn, line);
                }
                Ok(())
            }),
            Command::Jump { figure, to } => run(&mut out, |out| {
                let board = game.board();
                let (i, order) = movable(&board, &game, figure)?;
                let f = &board.figs[i];
                if board.vehicle(i).is_some() {
                    return Err(format!(
                        "Movement: \"Figures can jump across gaps\" — {} is a vehicle",
                        f.figure.name
                    ));
                }
                if f.act.jumped {
                    return Err(format!(
                        "{} has already jumped this activation",
                        f.figure.name
                    ));
                }
                let to = Vec2::new(to.0, to.1);
                let mut plan = plan_step(&board, i, to, order, &[], true)?;
                let gap_piece = first_gap(&board.table.terrain, f.pos, to)
                    .ok_or("there is no gap to jump on that path")?;
                let width = gap_piece.shape.length_inside(f.pos, to);
                let (entity, name, from, base) =
                    (f.entity, f.figure.name.clone(), f.pos, f.figure.base);
                let allow = allowance(f.figure.profile.move_inches, f.act.run_roll);
                let roll = out
                    .dice
                    .roll(
                        JUMP_DIE,
                        format!("jump: {name} over {} ({width:.1}\")", gap_piece.id),
                    )
                    .map_err(|e| e.to_string())?;
                let made = width <= roll as f32;
                out.dice.note_outcome(if made {
                    "clears the gap"
                } else {
                    "falls short"
                });
                if !made {
                    // Stop at the near edge: the last point before the gap, less the base.
                    let dir = (to - from).normalize_or_zero();
                    let mut d = 0.0;
                    while d < from.distance(to)
                        && !gap_piece.shape.contains(from + dir * (d + base))
                    {
                        d += 0.05;
                    }
                    plan.to = from + dir * d;
                    plan.moved = allow;
                }
                let ents = entities(&board);
                drop(board);
                commit(&mut game, out, &[plan], &ents);
                if let Ok(mut fig) = game.figures.get_mut(entity) {
                    fig.5.jumped = true;
                }
                out.log.push(turn, if made {
                    format!("{name} jumps the {width:.1}\" gap (rolled {roll}\" on D4+1)")
                } else {
                    format!("{name} balks at the {width:.1}\" gap (rolled {roll}\" on D4+1) and stops at its edge")
                });
                Ok(())
            }),
            Command::Fly { figure, to } => run(&mut out, |out| {
                super::flight::fly(&mut game, out, figure, *to)
            }),
            Command::Hide { figure } => run(&mut out, |out| {
                let board = game.board();
                let (i, _) = movable(&board, &game, figure)?;
                if board.vehicle(i).is_some() {
                    return Err(format!(
                        "Visibility: a vehicle cannot hide ({})",
                        board.figs[i].figure.name
                    ));
                }
                let (entity, name) = (board.figs[i].entity, board.figs[i].figure.name.clone());
                drop(board);
                if let Ok(mut fig) = game.figures.get_mut(entity) {
                    fig.4.hidden = true;
                }
                out.log.push(
                    turn,
                    format!("{name} hides: unseen beyond 6\" until it moves or shoots"),
                );
                Ok(())
            }),
            Command::Delay => delay(&mut game, &mut out, "movement"),
            Command::Force { figure, power } => super::force::use_power(
                &mut game,
                &mut out,
                figure,
                power,
                TurnPhase::Movement,
                &mut commands,
            ),
            Command::Ready { figure, ready } => {
                let side = game.active_side();
                super::force::make_ready(&mut game, &mut out, figure, *ready, side)
            }
            Command::EndActivation => run(&mut out, |out| {
                let board = game.board();
                let group = game
                    .turn
                    .active_group()
                    .ok_or("no group is active")?
                    .to_string();
                let order = game
                    .group(&group)
                    .and_then(|g| g.order)
                    .unwrap_or(Order::Stand);
                for m in board.members(&group) {
                    let f = &board.figs[m];
                    if f.cond.pinned(turn) || f.cond.knocked_out(turn) {
                        continue;
                    }
                    if order == Order::Attack && melee_in_reach(&board, m).is_some() {
                        return Err(format!(
                            "Attack orders: \"They will enter melee if in reach\" — {} can still reach an enemy",
                            f.figure.name
                        ));
                    }
                    // The waivers cost path searches: ask them only of a figure short of its minimum.
                    if check_minimum_move(order, board.walk(m), f.act.moved, false).is_ok() {
                        continue;
                    }
                    let halted = order == Order::Advance
                        && board
                            .foes_of(m)
                            .iter()
                            .any(|&e| board.gap(m, e) <= ADVANCE_HALT + 0.25);
                    let waived =
                        halted || board.in_close_combat(m) || !can_still_move(&board, m, order);
                    check_minimum_move(order, board.walk(m), f.act.moved, waived)
                        .map_err(|e| format!("{}: {e}", f.figure.name))?;
                }
                drop(board);
                super::action::rest(&mut game, out, &group, TurnPhase::Movement);
                let name = super::sequence::group_names(&game, std::slice::from_ref(&group));
                out.log.push(turn, format!("{name} ends its movement"));
                next_activation(&mut game, &mut next, TurnPhase::Movement);
                Ok(())
            }),
            Command::PlaceOrder { .. }
            | Command::IssueOrder { .. }
            | Command::JoinGroup { .. }
            | Command::LeaveGroup { .. }
            | Command::MergeGroups { .. }
            | Command::EndPhase
            | Command::PlaceFaceDown { .. }
            | Command::TurnOver { .. }
            | Command::Shoot { .. }
            | Command::HeroShot { .. }
            | Command::Grenade { .. }
            | Command::FireAtVehicle { .. }
            | Command::Access { .. }
            | Command::Demolish { .. }
            | Command::Cut { .. }
            | Command::Explosive { .. }
            | Command::Fight { .. }
            | Command::Heal { .. } => Err(not_in_phase(&command, TurnPhase::Movement)),
        }
    }
}
