//! The replay viewer's bar: step back and forward a command, jump to a turn, play at a chosen
//! speed, continue from here (a new branch) or go back to the game.

use bevy_egui::egui;

use crate::engine::replay_view::{ReplayStatus, ViewRequest};

/// Docks the bar under the table in `root` (a window over the table hid the pieces at its
/// bottom, a play-test found); returns what was asked and the bar's height, egui points.
/// `sides`: the sides' names (to say whose eyes the game is seen through).
pub fn show(root: &mut egui::Ui, s: &ReplayStatus, sides: &[String]) -> (Vec<ViewRequest>, f32) {
    let mut out = Vec::new();
    let panel = egui::Panel::bottom("replay-bar")
        .resizable(false)
        .show(root, |ui| {
            ui.horizontal(|ui| {
                ui.strong("Replay");
                let at = s.at;
                if ui.button("⏮").on_hover_text("The set-up").clicked() {
                    out.push(ViewRequest::Goto(0));
                }
                if ui.add_enabled(at > 0, egui::Button::new("◀")).on_hover_text("One command back").clicked() {
                    out.push(ViewRequest::Goto(at - 1));
                }
                let play = if s.playing { "⏸" } else { "▶" };
                if ui.button(play).on_hover_text("Play or pause").clicked() {
                    out.push(ViewRequest::Play(!s.playing));
                }
                if ui.add_enabled(at < s.len, egui::Button::new("▶|")).on_hover_text("One command forward").clicked() {
                    out.push(ViewRequest::Goto(at + 1));
                }
                if ui.button("⏭").on_hover_text("The last command").clicked() {
                    out.push(ViewRequest::Goto(s.len));
                }
                let mut n = at;
                if ui.add(egui::Slider::new(&mut n, 0..=s.len).text("commands")).changed() {
                    out.push(ViewRequest::Goto(n));
                }
                let mut speed = s.speed;
                if ui.add(egui::Slider::new(&mut speed, 0.25..=20.0).logarithmic(true).text("a second")).changed() {
                    out.push(ViewRequest::Speed(speed));
                }
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("Turn:");
                for (turn, first) in &s.turns {
                    if ui.small_button(turn.to_string()).on_hover_text(format!("From command {}", first + 1)).clicked() {
                        out.push(ViewRequest::Goto(*first));
                    }
                }
            });
            // Every line is there at every step, each one line high: a bar that grew or
            // shrank as the player stepped moved its buttons from under the pointer and
            // re-framed the table (a walk: ▶| clicked the turn's row instead).
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!("After command {} of {}: {}", s.at, s.len, s.last))
                        .weak(),
                )
                .truncate(),
            );
            ui.label(if s.playing {
                "Playing: ⏸ pauses."
            } else if s.at < s.len {
                "▶| shows the next command; ▶ plays the rest."
            } else {
                "The last command: ◀ steps back; a turn's button goes to its first command."
            });
            if let Some(name) = s.viewing_side.and_then(|v| sides.get(v)) {
                ui.weak(format!("Seen as {name}: what the other side kept hidden stays hidden"));
            }
            ui.horizontal(|ui| {
                if s.may_branch && ui.button("Continue from here").on_hover_text("Play on from this moment as a new game (its own record); the later commands are left behind").clicked() {
                    out.push(ViewRequest::Continue);
                }
                if ui.button("Back to the game").clicked() {
                    out.push(ViewRequest::Close);
                }
            });
        });
    (out, panel.response.rect.height())
}
