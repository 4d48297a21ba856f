//! The help overlay: the shell's keys and the rule set's.

use bevy_egui::egui;

use super::RuleSetHelp;

/// The shell's own shortcuts, as shown.
pub const SHELL_SHORTCUTS: &[(&str, &str)] = &[
    (
        "Middle drag / arrows",
        "pan the table (3D: middle drag turns and tilts, Shift+middle drag pans)",
    ),
    ("Mouse wheel", "zoom"),
    ("F", "fit the table to the window"),
    ("V", "the table in 3D, and back"),
    ("F1", "this help"),
    ("F3", "frames per second and frame time"),
];

/// Draws the help window.
/// `guide`: whether the first-game guide shows (a checkbox here); `reading`: the rule book
/// window, opened from here ([`super::rule_book`]).
pub fn show(
    ctx: &egui::Context,
    open: &mut bool,
    rules: &RuleSetHelp,
    guide: &mut bool,
    reading: &mut Option<super::rule_book::Reading>,
) {
    // Over the phase bar's whole hint or refusal (Foreground too): a walk opened Help under
    // the Hint's box, its first rows hidden.
    egui::Window::new("Help")
        .order(egui::Order::Foreground)
        .open(open)
        .collapsible(false)
        .show(ctx, |ui| {
            egui::Grid::new("keys")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for (k, v) in rules.shortcuts.iter().chain(SHELL_SHORTCUTS) {
                        ui.strong(*k);
                        ui.label(*v);
                        ui.end_row();
                    }
                });
            ui.separator();
            for line in &rules.lines {
                ui.label(*line);
            }
            if let Some(book) = &rules.book {
                ui.horizontal(|ui| {
                    for (rulings, label) in [(false, "Read the rules"), (true, "Our rulings")] {
                        let file = if rulings {
                            book.rulings_file
                        } else {
                            book.file
                        };
                        if ui
                            .button(label)
                            .on_hover_text(format!("{file}, built in: read it here, with a search"))
                            .clicked()
                        {
                            *reading = Some(super::rule_book::Reading {
                                rulings,
                                ..Default::default()
                            });
                        }
                    }
                });
            }
            ui.separator();
            ui.checkbox(
                guide,
                "Guide: what to do next, and each rule as it comes up",
            );
        });
}
