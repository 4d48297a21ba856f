//! The help overlay: mouse and keyboard.

use bevy_egui::egui;

/// The shortcuts, as shown.
pub const SHORTCUTS: &[(&str, &str)] = &[
    (
        "Left click",
        "select a figure (its card shows on the right)",
    ),
    (
        "Left drag",
        "move the selected figure of the active group (Movement)",
    ),
    (
        "Shift + left drag",
        "move the whole active group by the same offset",
    ),
    ("Right drag", "tape measure"),
    (
        "Hover an enemy",
        "with a figure selected: line of sight, range band, what blocks it",
    ),
    ("Middle drag / arrows", "pan the table"),
    ("Mouse wheel", "zoom"),
    ("F", "fit the table to the window"),
    ("R", "declare a run for the selected figure (+D4\")"),
    ("J", "the next drag is a jump across a gap (D4+1\")"),
    ("H", "the selected figure hides"),
    (
        "Space / Enter",
        "end the activation (or this side's orders)",
    ),
    ("Esc", "clear selection and tape"),
    ("F1", "this help"),
];

/// Draws the help window.
pub fn show(ctx: &egui::Context, open: &mut bool) {
    egui::Window::new("Help").open(open).collapsible(false).show(ctx, |ui| {
        egui::Grid::new("keys").num_columns(2).striped(true).show(ui, |ui| {
            for (k, v) in SHORTCUTS {
                ui.strong(*k);
                ui.label(*v);
                ui.end_row();
            }
        });
        ui.separator();
        ui.label("Turn: orders (each side, hidden) -> movement, lowest initiative first -> shoot/act, highest first -> morale.");
        ui.label("Rules: tyneside-skirmish.txt; rulings in docs/rules/tyneside.md.");
    });
}
