//! The fire-fight panel's door actions (Shoot/Act phase): a Tech works a door it touches (6
//! on a D6), a figure throws an explosive at a shut door within 6", a light sabre user cuts a
//! hole in a door or wall it touches. tyneside-skirmish.txt; rulings in docs/rules/tyneside.md, Doors.

use bevy_egui::egui;

use crate::rulesets::tyneside::board::Board;
use crate::rulesets::tyneside::commands::Command;
use crate::rulesets::tyneside::rules::doors::{cuttable_wall, gap, in_contact, is_door, is_shut};
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::rules::vehicles::EXPLOSIVE_REACH;

/// Draws the door actions open to the active group's `members` into `ui` (nothing when no
/// door is near), pushing the chosen command to `out`.
pub fn show(ui: &mut egui::Ui, board: &Board, members: &[usize], out: &mut Vec<Command>) {
    let doors: Vec<usize> = (0..board.table.terrain.len())
        .filter(|&k| is_door(&board.table.terrain[k]))
        .collect();
    let mut buttons: Vec<(String, &'static str, Command)> = Vec::new();
    for &m in members {
        let f = &board.figs[m];
        if f.act.fired || f.act.hero_shot || f.act.fought || f.cond.pinned(board.turn) {
            continue;
        }
        for &k in &doors {
            let piece = &board.table.terrain[k];
            let (id, name) = (piece.id.clone(), f.figure.name.clone());
            let touching = in_contact(piece, f.pos, f.figure.base);
            let still = f.act.moved == 0.0;
            let shut = is_shut(piece);
            if f.figure.has(Ability::Tech)
                && touching
                && still
                && (shut || !board.table.broken.contains(&k))
            {
                buttons.push((
                    format!("{name}: {} {id} (Tech, 6 on D6)", if shut { "open" } else { "shut" }),
                    "\"Tech: Figure can access or repair machines on a 6 (D6) if stationary and in contact with the machine\"",
                    Command::Access { figure: f.figure.id.clone(), door: id.clone() },
                ));
            }
            if !shut {
                continue;
            }
            let range = gap(piece, f.pos, f.figure.base);
            if f.figure.weapon.is_some() && board.vehicle(m).is_none() && range <= EXPLOSIVE_REACH {
                let need = (range - 1e-3).ceil().max(1.0) as i32;
                buttons.push((
                    format!("{name}: explosive at {id} ({range:.1}\": {need}+ on D6)"),
                    "\"explosives can be used to demolish doors\": it blows the door open at the beginning of next turn, killing every figure within 2\" of it",
                    Command::Demolish { figure: f.figure.id.clone(), door: id.clone() },
                ));
            }
            if f.figure.has(Ability::Lightsaber) && touching && still {
                buttons.push((
                    format!("{name}: cut a hole in {id} (light sabre)"),
                    "\"cut a hole in any surface … in 1 stationary turn, count half defence value while doing this!\": open at the end of the turn",
                    Command::Cut { figure: f.figure.id.clone(), surface: id },
                ));
            }
        }
        if !f.figure.has(Ability::Lightsaber) || f.act.moved > 0.0 {
            continue;
        }
        for piece in board.table.terrain.iter().filter(|t| cuttable_wall(t)) {
            if in_contact(piece, f.pos, f.figure.base) {
                buttons.push((
                    format!("{}: cut a hole in {} (light sabre)", f.figure.name, piece.id),
                    "\"Figures using Light Sabres may cut a hole in any surface … in 1 stationary turn, count half defence value while doing this!\": a 1.5\" gap at the end of the turn",
                    Command::Cut { figure: f.figure.id.clone(), surface: piece.id.clone() },
                ));
            }
        }
    }
    if buttons.is_empty() {
        return;
    }
    ui.separator();
    ui.label("Doors and walls:");
    for (label, hint, command) in buttons {
        if ui.button(label).on_hover_text(hint).clicked() {
            out.push(command);
        }
    }
}
