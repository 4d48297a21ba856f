//! The phase bar: turn, phase, whose turn it is, what to do next, and the buttons that end
//! a step.

use bevy::prelude::*;
use bevy_egui::egui;

use super::UiState;
use crate::game::board::GameView;
use crate::game::commands::Command;
use crate::game::record::GameRecord;
use crate::game::save;
use crate::game::turn::TurnPhase;
use crate::input::pointer_side_to_act;
use crate::screens::Screen;

/// What the side to act should do now, in words.
fn hint(phase: TurnPhase) -> &'static str {
    match phase {
        TurnPhase::Orders => {
            "Choose an order counter for each group in command (left panel), then End orders."
        }
        TurnPhase::Movement => {
            "Drag a figure to move it (Shift-drag: whole group). R run · J jump · H hide. Then End activation."
        }
        TurnPhase::Action => {
            "Choose targets in the fire-fight panel (right) and Shoot, or Fight / Heal / Hero shot. Then End activation."
        }
        TurnPhase::EndOfTurn => "End of turn…",
        TurnPhase::GameOver => "The game is over.",
        TurnPhase::NoGame => "",
    }
}

/// Draws the bar; returns its rectangle.
pub fn show(
    root: &mut egui::Ui,
    view: &GameView,
    phase: TurnPhase,
    record: Option<&GameRecord>,
    state: &mut UiState,
    next_screen: &mut NextState<Screen>,
    out: &mut Vec<Command>,
) -> egui::Rect {
    egui::Panel::top("phase_bar")
        .show(root, |ui| {
            ui.horizontal_wrapped(|ui| {
                let (Some(turn), Some(table)) = (view.turn.as_ref(), view.table.as_ref()) else {
                    return;
                };
                ui.strong(format!(
                    "Turn {}{}",
                    turn.turn,
                    table
                        .scenario
                        .turn_limit
                        .map(|l| format!("/{l}"))
                        .unwrap_or_default()
                ));
                ui.separator();
                ui.strong(phase.to_string());
                ui.separator();
                if let Some(side) = pointer_side_to_act(view, phase) {
                    let colour = super::side_colour32(side);
                    let who = match (phase, turn.active_group().and_then(|g| view.group(g))) {
                        (TurnPhase::Orders, _) => {
                            format!("{} places orders", table.side_name(side))
                        }
                        (_, Some(g)) => format!(
                            "{} — {} ({})",
                            table.side_name(side),
                            g.name,
                            g.order.map(|o| o.to_string()).unwrap_or_default()
                        ),
                        _ => table.side_name(side).to_string(),
                    };
                    ui.colored_label(colour, egui::RichText::new(who).strong());
                    ui.separator();
                }
                match phase {
                    TurnPhase::Orders
                        if ui
                            .button("End orders")
                            .on_hover_text("This side has placed its order counters (Space/Enter)")
                            .clicked() =>
                    {
                        out.push(Command::EndPhase);
                    }
                    TurnPhase::Movement | TurnPhase::Action
                        if ui
                            .button("End activation")
                            .on_hover_text("This group is done (Space/Enter)")
                            .clicked() =>
                    {
                        out.push(Command::EndActivation);
                    }
                    _ => {}
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui
                        .button("Menu")
                        .on_hover_text("Leave this game for the title screen")
                        .clicked()
                    {
                        next_screen.set(Screen::Title);
                    }
                    if let Some(record) = record
                        && ui
                            .button("Save")
                            .on_hover_text("Save the game to saves/ (open it from the scenario list or with `holotable play FILE`)")
                            .clicked()
                    {
                        let stem = std::path::Path::new(record.scenario_file.trim_start_matches("bundled:"))
                            .file_stem()
                            .map(|s| s.to_string_lossy().to_string())
                            .unwrap_or_else(|| "game".into());
                        let turn = view.turn.as_ref().map(|t| t.turn).unwrap_or(0);
                        let path = std::path::PathBuf::from("saves").join(format!("{stem}-turn{turn}.ron"));
                        state.info = Some(match save::save(record, &path) {
                            Ok(()) => format!("Saved to {}", path.display()),
                            Err(e) => e.to_string(),
                        });
                    }
                    if ui.button("Help (F1)").clicked() {
                        state.help = !state.help;
                    }
                });
            });
            ui.horizontal_wrapped(|ui| {
                ui.weak(hint(phase));
                if let Some(n) = &state.notice {
                    ui.separator();
                    ui.colored_label(
                        egui::Color32::from_rgb(255, 110, 90),
                        format!("Refused: {n}"),
                    );
                }
                if let Some(n) = &state.info {
                    ui.separator();
                    ui.colored_label(egui::Color32::LIGHT_GREEN, n);
                }
            });
        })
        .response
        .rect
}
