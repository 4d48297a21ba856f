//! The bottom panel: every roll with its reason and the row it chose, the event log, and
//! typed-in dice for players who roll their own.

use bevy::prelude::*;
use bevy_egui::egui;

use super::UiState;
use crate::game::dice::DiceRes;
use crate::game::record::GameLog;

/// Draws the panel; returns its rectangle.
pub fn show(
    root: &mut egui::Ui,
    dice: Option<ResMut<DiceRes>>,
    log: Option<Res<GameLog>>,
    state: &mut UiState,
) -> egui::Rect {
    egui::Panel::bottom("dice_log")
        .resizable(true)
        .default_size(150.0)
        .min_size(110.0)
        .show(root, |ui| {
            ui.columns(2, |cols| {
                if let Some(mut d) = dice {
                    cols[0].horizontal(|ui| {
                        ui.strong("Dice");
                        ui.separator();
                        ui.label("Rolled your own?");
                        ui.add(egui::TextEdit::singleline(&mut state.dice_text).desired_width(90.0).hint_text("e.g. 6,3,1"))
                            .on_hover_text("Type the faces you rolled, in order; the next rolls use them instead of the computer's dice");
                        if ui.button("Use").clicked() {
                            let faces: Vec<u8> =
                                state.dice_text.split([',', ' ']).filter_map(|s| s.trim().parse().ok()).filter(|f| (1..=8).contains(f)).collect();
                            d.push_forced(faces);
                            state.dice_text.clear();
                        }
                        if d.forced_left() > 0 {
                            ui.weak(format!("{} typed dice waiting", d.forced_left()));
                        }
                    });
                    egui::ScrollArea::vertical().id_salt("dice").stick_to_bottom(true).auto_shrink([false, false]).show(&mut cols[0], |ui| {
                        for r in d.log() {
                            ui.label(format!("{} {:?} = {}: {} -> {}", r.expr, r.faces, r.total, r.reason, r.outcome))
                                .on_hover_text("expression, faces, total — why it was thrown -> what it selected");
                        }
                    });
                }
                cols[1].strong("Events");
                if let Some(log) = log {
                    egui::ScrollArea::vertical().id_salt("events").stick_to_bottom(true).auto_shrink([false, false]).show(&mut cols[1], |ui| {
                        for e in &log.0 {
                            ui.label(format!("T{} {}", e.turn, e.text));
                        }
                    });
                }
            });
        })
        .response
        .rect
}
