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
/// `guide`: whether the first-game guide shows (a checkbox here).
pub fn show(ctx: &egui::Context, open: &mut bool, rules: &RuleSetHelp, guide: &mut bool) {
    egui::Window::new("Help")
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
            ui.separator();
            ui.checkbox(
                guide,
                "Guide: what to do next, and each rule as it comes up",
            );
        });
}
