//! The space battle's scenario editor on screen (docs/editor.md): the board's squares, each
//! side's entry edge and its fighters and bombers waiting behind it, the turn limit and how
//! initiative is drawn, with `check`'s problems as you go, undo and redo, save, and play at
//! once. The edits are [`super::editor`]'s.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::editor::{Edit, Editor};
use super::rules::craft::{Class, CraftType};
use super::rules::scenario::{Edge, Initiative, Scenario, start_rows};
use super::{BUNDLED, ID};
use crate::rules::scenario::Control;
use crate::ui::editor_bar::{self, Kept};

/// The scenario being made, kept while a game of it is played.
#[derive(Resource)]
struct Making {
    editor: Editor,
    kept: Kept,
}

impl Making {
    fn with(editor: Editor, kept: Kept) -> Self {
        Self { editor, kept }
    }

    fn apply(&mut self, edit: Edit) {
        match self.editor.apply(edit) {
            Ok(()) => self.kept.message = None,
            Err(why) if why == crate::rules::history::NOTHING => {}
            Err(why) => self.kept.message = Some((false, why)),
        }
    }
}

const KINDS: [CraftType; 4] = [
    CraftType::XWing,
    CraftType::YWing,
    CraftType::TieFighter,
    CraftType::TieAdvanced,
];

fn editor_screen(
    mut ctx: EguiContexts,
    mut making: ResMut<Making>,
    mut shell: editor_bar::Shell,
) -> Result {
    let ctx = ctx.ctx_mut()?.clone();
    let s = &mut *making;
    let problems = s.editor.problems(&s.kept.file_name());
    // The sides in their factions' colours, as the table will show them.
    let names: Vec<&str> = s
        .editor
        .scenario()
        .sides
        .iter()
        .map(|x| x.name.as_str())
        .collect();
    crate::view::palette::use_sides(&names);
    let mut root = crate::ui::root_ui(&ctx);
    let (_, replaced) = editor_bar::top_bar(
        &mut root,
        &ctx,
        (
            "Scenario editor · A Star Wars Battle (space)",
            problems.is_empty(),
            false,
        ),
        (&mut s.editor, &mut s.kept),
        (ID, BUNDLED),
        &mut shell,
    );
    if let Some((e, kept)) = replaced {
        *s = Making::with(e, kept);
    }
    egui::Panel::left("editor-fields")
        .resizable(true)
        .default_size(340.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                editor_bar::problems(ui, &problems);
                ui.separator();
                let mut def = s.editor.scenario().clone();
                let mut edit = None;
                fields(ui, &mut def, &mut edit);
                if let Some(e) = edit {
                    s.apply(e);
                } else if &def != s.editor.scenario() {
                    s.apply(Edit::Set(Box::new(def)));
                }
            });
        });
    egui::CentralPanel::default().show(&mut root, |ui| board(ui, s.editor.scenario()));
    Ok(())
}

/// The scenario's fields, and each side's edge and craft; adding or removing a craft is
/// said in `edit`.
/// The height of a side's list of craft in the editor, points: about six rows.
const CRAFT_LIST: f32 = 130.0;

fn fields(ui: &mut egui::Ui, def: &mut Scenario, edit: &mut Option<Edit>) {
    ui.horizontal(|ui| {
        ui.label("Name");
        ui.text_edit_singleline(&mut def.name);
    });
    ui.label("Description");
    ui.add(egui::TextEdit::multiline(&mut def.description).desired_rows(2));
    let mut turns = def
        .turn_limit
        .unwrap_or(super::rules::scenario::DEFAULT_TURN_LIMIT);
    if ui
        .add(
            egui::DragValue::new(&mut turns)
                .range(1..=60)
                .prefix("Turns at most: "),
        )
        .changed()
    {
        def.turn_limit = Some(turns);
    }
    ui.horizontal(|ui| {
        ui.label("Initiative");
        ui.selectable_value(&mut def.initiative, Initiative::Cards, "by cards")
            .on_hover_text(
                "PROCEDURE: each side takes the top card; the higher plays first each turn",
            );
        ui.selectable_value(&mut def.initiative, Initiative::Dice, "by dice")
            .on_hover_text("The Action Report: a d6 each, the higher plays first");
    });
    ui.horizontal(|ui| {
        ui.add(
            egui::DragValue::new(&mut def.columns)
                .range(4..=60)
                .suffix(" squares along"),
        );
        ui.add(
            egui::DragValue::new(&mut def.rows)
                .range(3..=60)
                .suffix(" across"),
        );
    });
    ui.weak("The text's board: 14 squares along, 9 across.");
    for (i, side) in def.sides.iter_mut().enumerate() {
        ui.separator();
        ui.push_id(i, |ui| {
            ui.horizontal(|ui| {
                ui.colored_label(crate::ui::side_colour32(i), "■");
                ui.text_edit_singleline(&mut side.name);
            });
            ui.horizontal(|ui| {
                ui.label("Comes on from the");
                ui.selectable_value(&mut side.edge, Edge::Left, "left");
                ui.selectable_value(&mut side.edge, Edge::Right, "right");
                ui.label("edge");
            });
            let mut rules = side.control == Control::Rules;
            if ui.checkbox(&mut rules, "played by the app").changed() {
                side.control = if rules {
                    Control::Rules
                } else {
                    Control::Human
                };
            }
            // The Add row above the craft, and the craft in a box of fixed height: a craft
            // added or removed moves no button (the Add row ran down under the pointer as
            // the list grew).
            ui.horizontal(|ui| {
                ui.label("Add");
                for kind in KINDS {
                    if ui.small_button(kind.name()).clicked() {
                        *edit = Some(Edit::Add { side: i, kind });
                    }
                }
            });
            egui::ScrollArea::vertical()
                .id_salt(("craft", i))
                .auto_shrink([false, false])
                .min_scrolled_height(CRAFT_LIST)
                .max_height(CRAFT_LIST)
                .show(ui, |ui| {
                    if side.craft.is_empty() {
                        ui.weak("No craft yet.");
                    }
                    for (k, c) in side.craft.iter().enumerate() {
                        ui.horizontal(|ui| {
                            ui.label(format!("{} {}", c.colour.word(), c.kind.name()));
                            if ui.small_button("Remove").clicked() {
                                *edit = Some(Edit::Remove { side: i, index: k });
                            }
                        });
                    }
                });
        });
    }
}

/// The board: its squares, each side's entry edge in its colour, and its craft waiting
/// behind it where the set-up puts them (fighters nearer, bombers behind).
fn board(ui: &mut egui::Ui, def: &Scenario) {
    let (rect, _) = ui.allocate_exact_size(ui.available_size(), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    // Two columns of waiting craft off each short edge.
    let (cols, rows) = (def.columns.max(1) as f32 + 4.0, def.rows.max(1) as f32);
    let square = (rect.width() / cols).min(rect.height() / rows) * 0.95;
    let origin = rect.center() - egui::vec2(cols * square, rows * square) / 2.0
        + egui::vec2(2.0 * square, 0.0);
    let at = |c: f32, r: f32| origin + egui::vec2(c * square, r * square);
    for c in 0..def.columns {
        for r in 0..def.rows {
            let cell =
                egui::Rect::from_min_size(at(c as f32, r as f32), egui::vec2(square, square));
            painter.rect(
                cell,
                0.0,
                egui::Color32::from_rgb(14, 16, 32),
                egui::Stroke::new(1.0, egui::Color32::from_rgb(60, 64, 96)),
                egui::StrokeKind::Inside,
            );
        }
    }
    for (i, side) in def.sides.iter().enumerate() {
        let colour = crate::ui::side_colour32(i);
        let (edge, out) = match side.edge {
            Edge::Left => (0.0, -1.0),
            Edge::Right => (def.columns as f32, 1.0),
        };
        painter.line_segment(
            [at(edge, 0.0), at(edge, rows)],
            egui::Stroke::new(4.0, colour),
        );
        for (depth, class) in [(0.5, Class::Fighter), (1.5, Class::Bomber)] {
            let craft: Vec<_> = side
                .craft
                .iter()
                .filter(|c| c.kind.class() == class)
                .collect();
            let Some(places) = start_rows(craft.len(), def.rows) else {
                continue;
            };
            for (c, r) in craft.iter().zip(places) {
                // The set-up counts rows from the bottom edge.
                let centre = at(edge + out * depth, (def.rows - 1 - r) as f32 + 0.5);
                painter.circle_filled(centre, square * 0.4, colour);
                painter.text(
                    centre,
                    egui::Align2::CENTER_CENTER,
                    format!("{}{}", c.kind.glyph(), c.colour.code()),
                    egui::FontId::proportional((square * 0.35).clamp(8.0, 16.0)),
                    egui::Color32::BLACK,
                );
            }
        }
    }
}

editor_bar::screen!(Making, Editor, Editor::new(), ID, editor_screen);
