//! The dice and events, at the foot of the sidebar: every roll with its reason and the row it chose (typed ones marked),
//! every card drawn, the event log, and typed-in dice for players who roll their own (with
//! "We roll our own", each roll asked for in turn) and, where the rule set draws cards,
//! typed-in cards for players who draw from their own deck ("We draw our own").

use bevy::prelude::*;
use bevy_egui::egui;

use super::UiState;
use crate::engine::dice::{DeckRes, DiceRes};
use crate::engine::manual_dice::{CardWanted, RollWanted};
use crate::engine::record::GameLog;
use crate::rules::cards::Card;

/// The faces typed into the dice field that a die of this rule set can show (1..=`largest`),
/// in order; anything else is left out.
pub fn typed_faces(text: &str, largest: u8) -> Vec<u8> {
    text.split([',', ' '])
        .filter_map(|s| s.trim().parse().ok())
        .filter(|f| (1..=largest).contains(f))
        .collect()
}

/// Why dice and cards cannot be given by hand online.
const ONLINE_DICE: &str = "Online, the host's computer throws every die and draws every card, and both players see each as it falls";

/// The game's dice, deck and event log, as the shell has them.
pub type Records<'w> = (
    Option<ResMut<'w, DiceRes>>,
    Option<ResMut<'w, DeckRes>>,
    Option<Res<'w, GameLog>>,
);

/// Draws the dice and events at the foot of the sidebar (`cards`: the rule set draws cards);
/// returns, with manual dice, the faces typed for the roll asked for, with a manual deck the
/// card typed for the card asked for. `looking_back`: the replay viewer is open, and dice
/// and cards given now would go to the game looked back on: the controls are disabled.
pub fn show(
    sidebar: &mut egui::Ui,
    (dice, deck, log): Records<'_>,
    (wanted, card_wanted): (Option<&RollWanted>, Option<&CardWanted>),
    state: &mut UiState,
    (largest_die, cards, online, looking_back): (u8, bool, bool, bool),
) -> (Option<Vec<u8>>, Option<Card>) {
    let mut given = None;
    let mut card = None;
    let mut deck = deck;
    state.pointed = None;
    if wanted.is_none() && card_wanted.is_none() {
        state.asked = None;
    }
    // The sidebar's foot: the dice above, the events below, one under the other. Lower in a
    // short window, where the step's panels above it were cut at 720 px (walks: Tyneside's
    // figure card under it); it is resizable by its top edge.
    let tall = sidebar.ctx().content_rect().height();
    // The dice's own list two lines high in a short window, four else: at four, with the
    // events under it, the log took a third of a 720-point sidebar and hid the fire fight's
    // targets (two walks); the events list says the same throws in its lines.
    let dice_lines = if tall <= 800.0 { 44.0 } else { 80.0 };
    egui::Panel::bottom("dice_log")
        .resizable(true)
        .default_size(if tall <= 800.0 { 150.0 } else { 190.0 })
        .size_range(110.0..=520.0)
        .show(sidebar, |ui| {
            if looking_back {
                ui.disable();
            }
            {
                if let Some(mut d) = dice {
                    ui.horizontal(|ui| {
                        ui.strong("Dice");
                        ui.separator();
                        let mut manual = d.manual();
                        if ui
                            .add_enabled(!online, egui::Checkbox::new(&mut manual, "We roll our own"))
                            .on_hover_text("Every roll is asked for here, with what it is for; type the faces you rolled")
                            .on_disabled_hover_text(ONLINE_DICE)
                            .changed()
                        {
                            d.set_manual(manual);
                        }
                    });
                    if let Some(w) = wanted {
                        ui.horizontal_wrapped(|ui| {
                            ui.colored_label(
                                egui::Color32::from_rgb(255, 210, 90),
                                format!("Roll {} — {}:", w.expr, w.reason),
                            );
                            let r = ui.add(
                                egui::TextEdit::singleline(&mut state.roll_text)
                                    .desired_width(70.0)
                                    .hint_text(format!("{} face(s)", w.expr.count)),
                            );
                            if r.changed() {
                                state.dice_error = None;
                            }
                            // A new ask takes the keyboard, so its faces can be typed at once.
                            let asked = format!("{} {}", w.expr, w.reason);
                            if state.asked.as_deref() != Some(asked.as_str()) {
                                r.request_focus();
                                state.asked = Some(asked);
                            }
                            let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                            if ui.button("Roll").clicked() || enter {
                                match w.accept(&state.roll_text) {
                                    Ok(f) => {
                                        given = Some(f);
                                        state.roll_text.clear();
                                        state.dice_error = None;
                                    }
                                    // The box keeps the keyboard, so the next try is typed there.
                                    Err(e) => {
                                        state.dice_error = Some(e);
                                        r.request_focus();
                                    }
                                }
                            }
                            if let Some(e) = &state.dice_error {
                                ui.colored_label(egui::Color32::from_rgb(255, 110, 90), e);
                            }
                        });
                    }
                    if cards && let Some(k) = deck.as_mut() {
                        ui.horizontal_wrapped(|ui| {
                            let mut manual = k.manual();
                            if ui
                                .add_enabled(!online, egui::Checkbox::new(&mut manual, "We draw our own"))
                                .on_hover_text("Every card is asked for here, with what it is for; type the card you drew (e.g. KS, 10H, JK1)")
                                .on_disabled_hover_text(ONLINE_DICE)
                                .changed()
                            {
                                k.set_manual(manual);
                            }
                            if let Some(w) = card_wanted {
                                ui.colored_label(
                                    egui::Color32::from_rgb(255, 210, 90),
                                    format!("Draw a card — {}:", w.reason),
                                );
                                let r = ui.add(
                                    egui::TextEdit::singleline(&mut state.card_text)
                                        .desired_width(50.0)
                                        .hint_text("e.g. KS"),
                                );
                                let asked = format!("card {}", w.reason);
                                if state.asked.as_deref() != Some(asked.as_str()) {
                                    r.request_focus();
                                    state.asked = Some(asked);
                                }
                                let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                                if ui.button("Draw").clicked() || enter {
                                    match w.accept(&state.card_text, &k.0) {
                                        Ok(c) => {
                                            card = Some(c);
                                            state.card_text.clear();
                                            state.dice_error = None;
                                        }
                                        Err(e) => state.dice_error = Some(e),
                                    }
                                }
                            }
                        });
                    }
                    // While a roll is asked for, its box is the one place to type it: faces
                    // queued here too would go to that roll and push the answer to the next.
                    // Online the host's computer throws them all.
                    if wanted.is_none() && !online { ui.horizontal(|ui| {
                        ui.label("Rolled your own?");
                        ui.add(egui::TextEdit::singleline(&mut state.dice_text).desired_width(90.0).hint_text("e.g. 6,3,1"))
                            .on_hover_text(format!("Type the faces you rolled (1 to {largest_die}), in order; the next rolls use them instead of the computer's dice"));
                        if ui.button("Use").clicked() {
                            d.push_forced(typed_faces(&state.dice_text, largest_die));
                            state.dice_text.clear();
                        }
                        if d.forced_left() > 0 {
                            ui.weak(format!("{} typed dice waiting", d.forced_left()));
                        }
                    }); }
                    let rolls = d.log().len() + deck.iter().map(|k| k.log().len()).sum::<usize>();
                    let new_roll = rolls != state.logged.0;
                    state.logged.0 = rolls;
                    egui::ScrollArea::vertical().id_salt("dice").stick_to_bottom(true).max_height(dice_lines).auto_shrink([false, true]).show(ui, |ui| {
                        for r in d.log() {
                            let typed = if r.typed { " (typed)" } else { "" };
                            let outcome = if r.outcome.is_empty() { String::new() } else { format!(" -> {}", r.outcome) };
                            let text = format!("{}{typed}: {}{outcome}", r.faces_text(), r.reason);
                            if ui.label(&text)
                                .on_hover_text("expression: each face, the pips or modifier = total: why it was thrown -> what it selected; the pieces it names are ringed")
                                .hovered()
                            {
                                state.pointed = Some(text);
                            }
                        }
                        for c in deck.iter().flat_map(|d| d.log()) {
                            let typed = if c.typed { " (typed)" } else { "" };
                            let outcome = if c.outcome.is_empty() { String::new() } else { format!(" -> {}", c.outcome) };
                            ui.label(format!("card {}{typed}: {}{outcome}", c.card.face(), c.reason));
                        }
                        newest_in_view(ui, new_roll);
                    });
                }
                ui.separator();
                ui.strong("Events");
                if let Some(log) = log {
                    let new_event = log.0.len() != state.logged.1;
                    state.logged.1 = log.0.len();
                    egui::ScrollArea::vertical().id_salt("events").stick_to_bottom(true).auto_shrink([false, false]).show(ui, |ui| {
                        for e in &log.0 {
                            if ui.label(format!("T{} {}", e.turn, e.text)).hovered() {
                                state.pointed = Some(e.text.clone());
                            }
                        }
                        newest_in_view(ui, new_event);
                    });
                }
            }
        });
    (given, card)
}

/// At the foot of a scroll area's content: where a line was added this frame (`new`), scrolls
/// the area to it, though the player had scrolled back (the area stops following the end
/// once scrolled). Only where the content overflows: a list that fits has nothing to scroll,
/// and egui leaves a scroll it does not need unclamped.
fn newest_in_view(ui: &mut egui::Ui, new: bool) {
    if new && ui.min_rect().height() > ui.clip_rect().height() {
        ui.scroll_to_cursor(Some(egui::Align::BOTTOM));
    }
}

#[cfg(test)]
mod tests {
    use super::typed_faces;
    use bevy_egui::egui;

    /// One frame of a log of `lines` lines in an 80-point scroll area (`back`: the player
    /// scrolls back to its first line); its scroll offset after it.
    fn log_frame(ctx: &egui::Context, lines: usize, new: bool, back: bool) -> f32 {
        ctx.begin_pass(egui::RawInput::default());
        let mut out = 0.0;
        egui::Area::new(egui::Id::new("log area")).show(ctx, |ui| {
            out = egui::ScrollArea::vertical()
                .id_salt("log")
                .stick_to_bottom(true)
                .animated(false)
                .max_height(80.0)
                .show(ui, |ui| {
                    for i in 0..lines {
                        let line = ui.label(format!("roll {i}"));
                        if back && i == 0 {
                            line.scroll_to_me(Some(egui::Align::TOP));
                        }
                    }
                    super::newest_in_view(ui, new);
                })
                .state
                .offset
                .y;
        });
        let _ = ctx.end_pass();
        out
    }

    /// A log scrolled back by the player shows a new line: it scrolls to the end; a log that
    /// fits stays where it is.
    #[test]
    fn a_new_line_brings_the_log_to_its_end() {
        let ctx = egui::Context::default();
        // An area's first frames measure it.
        let mut end = 0.0;
        for _ in 0..3 {
            end = log_frame(&ctx, 20, false, false);
        }
        assert!(end > 100.0, "stuck to the end of 20 lines: {end}");
        assert_eq!(log_frame(&ctx, 20, false, true), 0.0, "scrolled back");
        // Scrolled back, nothing new: it stays back.
        assert_eq!(log_frame(&ctx, 20, false, false), 0.0);
        assert_eq!(log_frame(&ctx, 21, false, false), 0.0, "not following");
        // A new line: at the end again.
        log_frame(&ctx, 22, true, false);
        let last = log_frame(&ctx, 22, false, false);
        assert!(
            last > end,
            "at the end of 22 lines: {last} (20 lines: {end})"
        );
        // Lines that fit: no scroll at all.
        let ctx = egui::Context::default();
        for lines in 1..4 {
            assert_eq!(log_frame(&ctx, lines, true, false), 0.0);
        }
    }

    #[test]
    fn typed_faces_follow_the_largest_die() {
        assert_eq!(typed_faces("6, 3 1", 6), vec![6, 3, 1]);
        assert_eq!(typed_faces("8,9,12,20,21,0", 8), vec![8]);
        assert_eq!(typed_faces("8,9,12,20,21,0", 20), vec![8, 9, 12, 20]);
    }
}
