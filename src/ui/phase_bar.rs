//! The phase bar: turn, phase, whose turn it is, what to do next, the End button the rule set
//! names, Hint where the searching opponent can give one, Replay, Undo and Redo (saying what
//! they would do), 2D/3D, Save as…, Save, Help and Menu, and under them the last refusal or
//! note.

use bevy_egui::egui;

use super::{ShellAction, ShellStatus, UiState};
use crate::engine::pipeline::Notice;
use crate::engine::undo::{UndoRequest, UndoStatus};
use crate::view::ViewMode;

/// The End button's width, egui points: its longest label ("End activation", "Declare
/// orders") fits, so every label leaves the bar as it was.
const END_WIDTH: f32 = 120.0;

/// How long the End button takes no click after its label or the side it ends for changed,
/// seconds: an impulse that ended by itself turned `End impulse` into the other side's `Pass`
/// under a click meant for the first (a walk).
pub const END_SETTLES: f64 = 0.6;

/// The End button as last seen: its label, the side it ends for and since when (egui's time,
/// seconds).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EndSeen(Option<(String, Option<usize>, f64)>);

impl EndSeen {
    /// Notes the button as it is `now` (`label`, for `side`); whether it has stood so for
    /// [`END_SETTLES`] seconds and may take a click.
    pub fn settled(&mut self, label: &str, side: Option<usize>, now: f64) -> bool {
        match &self.0 {
            Some((l, s, since)) if l == label && *s == side => now - since >= END_SETTLES,
            _ => {
                self.0 = Some((label.to_string(), side, now));
                false
            }
        }
    }
}

/// What the bar was asked to do this frame.
pub struct Bar {
    /// Its rectangle.
    pub rect: egui::Rect,
    /// A button for the rule set.
    pub action: Option<ShellAction>,
    /// Save the game here.
    pub save: Option<std::path::PathBuf>,
    /// Undo or redo.
    pub undo: Option<UndoRequest>,
    /// Open the replay viewer.
    pub replay: bool,
    /// Switch to this view of the table.
    pub view: Option<ViewMode>,
    /// Open the save dialog, suggesting this file name.
    pub save_as: Option<String>,
    /// Ask the searching opponent for a hint.
    pub hint: bool,
}

/// Draws the bar.
pub fn show(
    root: &mut egui::Ui,
    status: &ShellStatus,
    (undo_status, mode, hint_offered): (&UndoStatus, ViewMode, bool),
    notice: &Notice,
    state: &mut UiState,
) -> Bar {
    let mut action = None;
    let mut save = None;
    let mut undo = None;
    let mut replay = false;
    let mut view = None;
    let mut save_as = None;
    let mut hint = false;
    let rect = egui::Panel::top("phase_bar")
        .show(root, |ui| {
            ui.horizontal_wrapped(|ui| {
                // End first, one width whatever its label: after the turn, phase and who
                // (each as long as its words) it moved with every activation, and a click
                // where it had been missed it (play-test).
                if let Some((label, tip)) = &status.end {
                    let end = ui
                        .add(egui::Button::new(label).min_size(egui::vec2(END_WIDTH, 0.0)))
                        .on_hover_text(tip);
                    super::key_widget(ui, "end", &end);
                    let now = ui.input(|i| i.time);
                    if state.end_seen.settled(label, status.acting, now) && end.clicked() {
                        action = Some(ShellAction::End);
                    }
                    ui.separator();
                } else {
                    // Its room kept where there is nothing to end: the turn and phase moved
                    // sideways as `Stop to fire` came and went (a walk); greyed and saying so,
                    // as an empty box there read as broken (two walks).
                    let none = ui
                        .add_enabled(
                            false,
                            egui::Button::new("Nothing to end")
                                .min_size(egui::vec2(END_WIDTH, 0.0)),
                        )
                        .on_disabled_hover_text(
                            "Nothing to end now: the step in hand ends as it is played (a move made, a choice taken)",
                        );
                    super::key_widget(ui, "nothing-to-end", &none);
                    ui.separator();
                }
                ui.strong(&status.turn);
                ui.separator();
                ui.strong(&status.phase);
                ui.separator();
                if let Some(side) = status.acting {
                    ui.colored_label(
                        super::side_colour32(side),
                        egui::RichText::new(&status.who).strong(),
                    );
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui
                        .button("Menu")
                        .on_hover_text("Leave this game for the title screen")
                        .clicked()
                    {
                        action = Some(ShellAction::Menu);
                    }
                    let name = format!("{}-turn{}.ron", status.save_stem, status.turn_number);
                    if ui
                        .button("Save as…")
                        .on_hover_text("Save the game to a file you choose, in your desktop's file dialog")
                        .clicked()
                    {
                        save_as = Some(name.clone());
                    }
                    if ui
                        .button("Save")
                        .on_hover_text("Save the game to saves/ in the data folder (open it from the scenario list or with `holotable play FILE`)")
                        .clicked()
                    {
                        save = Some(crate::engine::autosave::unused(
                            crate::engine::autosave::saves_folder().join(name),
                        ));
                    }
                    if ui.button("Help (F1)").clicked() {
                        state.help = !state.help;
                    }
                    if ui
                        .add(egui::Button::new("Key").selected(state.terrain_key))
                        .on_hover_text("The terrain key: what each kind of ground is and what it does")
                        .clicked()
                    {
                        state.terrain_key = !state.terrain_key;
                    }
                    let (label, other, tip) = match mode {
                        ViewMode::Flat => ("3D (V)", ViewMode::ThreeD, "V: see the table in 3D (middle-drag turns and tilts, Shift+middle-drag pans, the wheel zooms, F frames the table)"),
                        ViewMode::ThreeD => ("2D (V)", ViewMode::Flat, "V: back to the table seen from above"),
                    };
                    if ui.button(label).on_hover_text(tip).clicked() {
                        view = Some(other);
                    }
                    if ui
                        .button("Replay")
                        .on_hover_text("Look back: step through this game command by command, and branch from any point")
                        .clicked()
                    {
                        replay = true;
                    }
                    let redo = ui
                        .add_enabled(undo_status.redo.is_some(), egui::Button::new("Redo"))
                        .on_hover_text(format!(
                            "Ctrl+Y: {}",
                            undo_status.redo.as_deref().unwrap_or("nothing undone")
                        ))
                        .on_disabled_hover_text("Ctrl+Y: nothing undone to redo");
                    if redo.clicked() {
                        undo = Some(UndoRequest::Redo);
                    }
                    let back = ui
                        .add_enabled(undo_status.undo.is_some(), egui::Button::new("Undo"))
                        .on_hover_text(format!(
                            "Ctrl+Z takes back: {}",
                            undo_status.undo.as_deref().unwrap_or("")
                        ))
                        .on_disabled_hover_text(
                            "Nothing to undo: the last command rolled dice, drew a card, showed something hidden or passed the turn, so it stands",
                        );
                    if back.clicked() {
                        undo = Some(UndoRequest::Undo);
                    }
                    if hint_offered
                        && ui
                            .button("Hint")
                            .on_hover_text("What the searching opponent would play for you, thinking about a second, and the outcome it expects")
                            .clicked()
                    {
                        hint = true;
                    }
                });
            });
            // One line each, cut short with the whole on hover: a long message never
            // pushes the table down under the pointer.
            if !status.objective.is_empty() {
                ui.horizontal(|ui| {
                    ui.strong("Objective:");
                    one_line(ui, egui::RichText::new(&status.objective));
                });
            }
            ui.horizontal(|ui| {
                if let Some(n) = state.waited {
                    let waited = ui
                        .selectable_label(
                            state.waited_shown,
                            format!(
                                "While you waited: {}",
                                crate::rules::words::counted(n, "event")
                            ),
                        )
                        .on_hover_text("What the other side did: the list, and Step through it");
                    super::key_widget(ui, "while-you-waited", &waited);
                    if waited.clicked() {
                        state.waited_shown = !state.waited_shown;
                    }
                    ui.separator();
                }
                // The refusal and the news take at most half the room left each, so what to do
                // now is never cut to nothing (a walk read mass combat's instruction only to
                // "right-click ground to de…" after a long line of the rules' side's news).
                let share = |ui: &egui::Ui| {
                    if status.hint.is_empty() {
                        ui.available_width()
                    } else {
                        ui.available_width() / 2.0
                    }
                };
                if let Some(n) = &notice.refusal {
                    let room = share(ui);
                    let refused = ui
                        .scope(|ui| {
                            ui.set_max_width(room);
                            ui.add(
                                egui::Label::new(
                                    egui::RichText::new(format!("Refused: {n}"))
                                        .color(egui::Color32::from_rgb(255, 110, 90)),
                                )
                                .truncate(),
                            )
                        })
                        .inner;
                    super::key_widget(ui, "refusal", &refused);
                    let red = egui::Color32::from_rgb(255, 110, 90);
                    whole_text(ui, &refused, &format!("Refused: {n}"), room, red);
                    ui.separator();
                }
                if let Some(n) = &notice.info {
                    let room = share(ui);
                    let green = egui::Color32::LIGHT_GREEN;
                    let shown = ui
                        .scope(|ui| {
                            ui.set_max_width(room);
                            ui.add(egui::Label::new(egui::RichText::new(n).color(green)).truncate())
                        })
                        .inner;
                    whole_text(ui, &shown, n, room, green);
                    ui.separator();
                }
                one_line(ui, egui::RichText::new(&status.hint).weak());
            });
        })
        .response
        .rect;
    Bar {
        rect,
        action,
        save,
        undo,
        replay,
        view,
        save_as,
        hint,
    }
}

/// Where the refusal or the news `text` is cut at the bar's `room` (points), the whole of it,
/// wrapped in `colour`, just under the bar's line (`shown`: the cut label), until the next
/// action clears it: walks read refusals cut before their reason ("… (Must move at run towards
/// one or more of…") and a Hint cut before its last step, and did not find the hover that
/// showed the rest. It takes no clicks: the table under it still does.
fn whole_text(ui: &egui::Ui, shown: &egui::Response, text: &str, room: f32, colour: egui::Color32) {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let wide = ui
        .ctx()
        .fonts_mut(|f| f.layout_no_wrap(text.to_string(), font, egui::Color32::WHITE))
        .size()
        .x;
    if wide <= room {
        return;
    }
    egui::Area::new(egui::Id::new(("whole text", shown.id)))
        .fixed_pos(shown.rect.left_bottom() + egui::vec2(0.0, 6.0))
        .order(egui::Order::Foreground)
        .interactable(false)
        .fade_in(false)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(640.0);
                ui.label(egui::RichText::new(text).color(colour));
            });
        });
}

/// `text` on one line, cut short where it does not fit, the whole of it on hover (egui's own
/// tooltip for a cut label: one more of ours showed the text twice).
fn one_line(ui: &mut egui::Ui, text: egui::RichText) {
    ui.add(egui::Label::new(text).truncate());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn end_takes_no_click_until_it_has_stood_a_moment() {
        let mut seen = EndSeen::default();
        assert!(!seen.settled("End impulse", Some(0), 10.0), "new");
        assert!(!seen.settled("End impulse", Some(0), 10.3));
        assert!(seen.settled("End impulse", Some(0), 10.01 + END_SETTLES));
        // The impulse ended by itself: the other side's Pass, new again.
        assert!(!seen.settled("Pass", Some(1), 11.0));
        assert!(!seen.settled("Pass", Some(1), 11.5));
        assert!(seen.settled("Pass", Some(1), 11.7));
        // The same label for another side is new too.
        assert!(!seen.settled("Pass", Some(0), 12.0));
    }
}
