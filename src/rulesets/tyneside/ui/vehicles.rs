//! The fire-fight panel's vehicle actions (Shoot/Act phase): a heavy laser or missile
//! launcher fires at an enemy walker, a figure on foot throws a magnetic explosive at a
//! walker or jet bike within 6". tyneside-skirmish.txt, "Engaging vehicles, etc. with infantry". Light sabre
//! cuts go with **Fight** (close combat).

use bevy_egui::egui;

use crate::rulesets::tyneside::board::Board;
use crate::rulesets::tyneside::commands::Command;
use crate::rulesets::tyneside::rules::vehicles::{EXPLOSIVE_REACH, at_rear, destroy_score};

/// Whether figure `m` may still make a shot or throw of its own this turn.
fn ready(board: &Board, m: usize) -> bool {
    let f = &board.figs[m];
    !f.act.fired
        && !f.act.hero_shot
        && !f.cond.pinned(board.turn)
        && !f.cond.knocked_out(board.turn)
        && !board.in_close_combat(m)
}

/// Enemy walkers of figure `m`.
fn enemy_walkers(board: &Board, m: usize) -> Vec<usize> {
    board
        .foes_of(m)
        .into_iter()
        .filter(|&v| board.armoured_vehicle(v))
        .collect()
}

/// Draws the vehicle actions of the active group's `members` into `ui` (nothing when no
/// enemy vehicle is near or in sight), pushing the chosen command to `out`.
pub fn show(ui: &mut egui::Ui, board: &Board, members: &[usize], out: &mut Vec<Command>) {
    let mut shown_heading = false;
    let mut heading = |ui: &mut egui::Ui| {
        if !shown_heading {
            ui.separator();
            ui.label("Against vehicles:").on_hover_text(
                "\"Only Heavy lasers and bigger weapons can hurt armoured vehicles\"",
            );
            shown_heading = true;
        }
    };
    for &m in members {
        let f = &board.figs[m];
        if !ready(board, m) {
            continue;
        }
        let walkers = enemy_walkers(board, m);
        let heavy = f.figure.weapon.as_ref().is_some_and(|w| w.heavy) && board.can_shoot(m);
        if heavy {
            for &v in &walkers {
                let Some(band) = board.band(m, v).filter(|_| board.sees(m, v)) else {
                    continue;
                };
                let rear = at_rear(board.figs[v].facing, board.figs[v].pos, f.pos);
                let need = destroy_score(band) - i32::from(rear);
                heading(ui);
                if ui
                    .button(format!(
                        "{} fires at {} ({band}{}: {}+ on D6)",
                        f.figure.name,
                        board.figs[v].figure.name,
                        if rear { ", rear +1" } else { "" },
                        need.max(1)
                    ))
                    .on_hover_text(
                        "Heavy lasers and missile launchers destroy a walker on a D6 of 5+ at long range, 3+ at medium, 2+ point blank; +1 at its rear. The figure's shot for the turn.",
                    )
                    .clicked()
                {
                    out.push(Command::FireAtVehicle {
                        figure: f.figure.id.clone(),
                        vehicle: board.figs[v].figure.id.clone(),
                    });
                }
            }
        }
        if f.figure.weapon.is_none() || board.vehicle(m).is_some() {
            continue;
        }
        let vehicles = board
            .foes_of(m)
            .into_iter()
            .filter(|&v| board.vehicle(v).is_some());
        for v in vehicles {
            let range = board.gap(m, v);
            if range > EXPLOSIVE_REACH + 1e-3 {
                continue;
            }
            let need = (range - 1e-3).ceil().max(1.0) as i32;
            heading(ui);
            if ui
                .button(format!(
                    "{}: magnetic explosive on {} ({range:.1}\": {need}+ on D6)",
                    f.figure.name, board.figs[v].figure.name
                ))
                .on_hover_text(
                    "Sticks on a D6 of at least the range in inches; wrecks the walker at the beginning of next turn and kills every figure within 2\" of it. The figure's shot for the turn.",
                )
                .clicked()
            {
                out.push(Command::Explosive {
                    figure: f.figure.id.clone(),
                    vehicle: board.figs[v].figure.id.clone(),
                });
            }
        }
    }
}
