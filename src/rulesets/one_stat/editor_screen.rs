//! The 1 Stat Skirmish scenario editor on screen (docs/editor.md): the inch table to scale with
//! each player's corner, terrain drawn as rectangles, circles and polygons from the text's
//! examples (or its three answers) and moved, turned, resized, copied and mirrored; the
//! players, their warbands and corners; the goal, the solitaire opponents and the Trigger
//! Device; `check`'s problems as you go; undo, redo, save and play at once. The edits are
//! [`super::editor`]'s; the mouse is [`table_canvas`]'s.

use std::collections::HashSet;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use glam::Vec2;

use super::builder::{add_fighters, fighter_rows, weapon_kinds};
use super::editor::{Edit, Editor, new_side};
use super::rules::fighter::{Specialisation, Tier, Weapon};
use super::rules::scenario::{
    Corner, DeviceDef, DeviceEffect, DeviceSide, Goal, START_AREA, Scenario, SolitaireDef,
    TerrainDef, corners,
};
use super::rules::solitaire::{Happening, OpponentProfile};
use super::rules::terrain::{Answers, PRESETS};
use super::{BUNDLED, ID};
use crate::rules::layout::Mirror;
use crate::rules::scenario::Control;
use crate::rules::terrain::TerrainKind;
use crate::ui::editor_bar::{self, Kept};
use crate::ui::table_canvas::{self, Canvas, Gesture, Outline, Picked, Tool, Zone};

/// The scenario being made, and the editor's choices; kept while a game of it is played.
#[derive(Resource)]
struct Making {
    editor: Editor,
    kept: Kept,
    canvas: Canvas,
    /// The example a drawn outline is.
    preset: String,
    /// What Ctrl+C copied.
    clip: Vec<TerrainDef>,
}

impl Making {
    fn with(editor: Editor, kept: Kept) -> Self {
        Self {
            editor,
            kept,
            canvas: Canvas::default(),
            preset: PRESETS[0].0.into(),
            clip: Vec::new(),
        }
    }

    fn apply(&mut self, edit: Edit) {
        match self.editor.apply(edit) {
            Ok(()) => self.kept.message = None,
            Err(why) if why == crate::rules::history::NOTHING => {}
            Err(why) => self.kept.message = Some((false, why)),
        }
    }

    fn selected_ids(&self) -> Vec<String> {
        self.canvas
            .selected
            .iter()
            .filter_map(|p| match p {
                Picked::Outline(id) => Some(id.clone()),
                Picked::Marker(_) => None,
            })
            .collect()
    }
}

/// Every goal of the text, in its order.
const GOALS: [Goal; 12] = [
    Goal::LastManStanding,
    Goal::KingOfTheHill,
    Goal::TreasureHunt,
    Goal::BombingRun,
    Goal::CaptureTheFlag,
    Goal::Bounty,
    Goal::Collect,
    Goal::Escort,
    Goal::Investigate,
    Goal::Rescue,
    Goal::RescueThenEscort,
    Goal::Shutdown,
];

fn editor_screen(
    mut ctx: EguiContexts,
    mut making: ResMut<Making>,
    mut shell: editor_bar::Shell,
) -> Result {
    let ctx = ctx.ctx_mut()?.clone();
    let s = &mut *making;
    let problems = s.editor.problems(&s.kept.file_name());
    let text = s.editor.text().unwrap_or_default();
    let concerned: Vec<Option<String>> = problems
        .iter()
        .map(|p| editor_bar::id_at_line(&text, p.line))
        .collect();
    let names: Vec<&str> = s
        .editor
        .scenario()
        .sides
        .iter()
        .map(|x| x.name.as_str())
        .collect();
    crate::view::palette::use_sides(&names);
    let mut root = crate::ui::root_ui(&ctx);
    let (mirror, replaced) = editor_bar::top_bar(
        &mut root,
        &ctx,
        (
            "Scenario editor · 1 Stat Skirmish",
            problems.is_empty(),
            true,
        ),
        (&mut s.editor, &mut s.kept),
        (ID, BUNDLED),
        &mut shell,
    );
    if let Some(m) = mirror {
        mirror_terrain(s, m);
    }
    if let Some((e, kept)) = replaced {
        *s = Making::with(e, kept);
    }
    egui::Panel::left("editor-fields")
        .resizable(true)
        .default_size(380.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                if let Some(k) = editor_bar::problems(ui, &problems)
                    && let Some(id) = &concerned[k]
                    && s.editor.scenario().terrain.iter().any(|t| &t.id == id)
                {
                    s.canvas.tool = Tool::Select;
                    s.canvas.selected = vec![Picked::Outline(id.clone())];
                }
                ui.separator();
                tools(ui, s);
                ui.separator();
                let mut def = s.editor.scenario().clone();
                let ids = s.selected_ids();
                chosen(ui, s, &mut def, &ids);
                fields(ui, &mut def);
                if &def != s.editor.scenario() {
                    let (players, table) = {
                        let now = s.editor.scenario();
                        (now.sides.len(), now.table)
                    };
                    let (fewer, smaller) = (def.sides.len() < players, def.table != table);
                    let solitaire = def.solitaire.is_some();
                    s.apply(Edit::Set(Box::new(def)));
                    // What a new goal changed besides, said (Undo brings it back).
                    if fewer && solitaire {
                        s.kept.message = Some((
                            true,
                            "A solitaire game is one warband against the opponents: the other players were taken out (Undo brings them back)".into(),
                        ));
                    } else if smaller && s.editor.scenario().goal.is_action() {
                        s.kept.message = Some((
                            true,
                            "An Action scenario is played on 2' by 2': the table was made so".into(),
                        ));
                    }
                }
            });
        });
    let flagged: HashSet<String> = concerned.into_iter().flatten().collect();
    egui::CentralPanel::default().show(&mut root, |ui| table(ui, s, &flagged));
    Ok(())
}

/// Mirrors the terrain, and says what it did: what was copied, and what was taken away
/// from the other half (undo brings it back).
fn mirror_terrain(s: &mut Making, how: Mirror) {
    let ids = |s: &Making| -> HashSet<String> {
        s.editor
            .scenario()
            .terrain
            .iter()
            .map(|t| t.id.clone())
            .collect()
    };
    let before = ids(s);
    s.apply(Edit::Mirror(how));
    let after = ids(s);
    let (copied, gone) = (
        after.difference(&before).count(),
        before.difference(&after).count(),
    );
    if copied + gone > 0 {
        s.kept.message = Some((
            true,
            format!(
                "Mirrored: {copied} pieces copied, {gone} that stood in the other half taken away (Undo brings them back)"
            ),
        ));
    }
}

/// The tools, and the example a drawn outline is.
fn tools(ui: &mut egui::Ui, s: &mut Making) {
    ui.heading("Terrain");
    let before = s.canvas.tool;
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(&mut s.canvas.tool, Tool::Select, "Select");
        ui.selectable_value(&mut s.canvas.tool, Tool::Rect, "Rectangle");
        ui.selectable_value(&mut s.canvas.tool, Tool::Circle, "Circle");
        ui.selectable_value(&mut s.canvas.tool, Tool::Polygon, "Polygon");
    });
    if before != s.canvas.tool {
        s.canvas.reset();
    }
    ui.checkbox(&mut s.canvas.snap, "Snap to 0.5\"");
    let entries: Vec<(String, String)> = PRESETS
        .iter()
        .map(|(n, _, _)| (n.to_string(), n.to_string()))
        .collect();
    ui.label("The text's examples: what a drawn piece is; or drag one onto the table.");
    editor_bar::drag_list(ui, "presets", &entries, &mut s.preset);
    ui.weak(match s.canvas.tool {
        Tool::Select | Tool::Place => "Click to select, Shift+click to add, drag a box to select many; drag to move; drag a white corner to resize; Q and E turn; right-click or Delete removes; Ctrl+C and Ctrl+V copy and paste at the mouse.",
        Tool::Rect => "Drag from corner to corner.",
        Tool::Circle => "Drag from the centre out.",
        Tool::Polygon => "Click each corner; click the first again, double-click or press Enter to close; right-click takes the last corner back.",
    });
}

/// A choice of the text's terrain examples, with their answers.
fn preset_combo(ui: &mut egui::Ui, label: &str, preset: &mut String) {
    egui::ComboBox::from_label(label)
        .selected_text(preset.as_str())
        .show_ui(ui, |ui| {
            for (name, _, a) in PRESETS {
                ui.selectable_value(preset, name.to_string(), name)
                    .on_hover_text(answers_words(a));
            }
        });
}

fn answers_words(a: Answers) -> String {
    let yes = |b: bool| if b { "yes" } else { "no" };
    format!(
        "Accessible: {}, Visible: {}, Cover: {}",
        yes(a.accessible),
        yes(a.visible),
        yes(a.cover)
    )
}

/// The selected piece's form (its example or answers, how it is drawn, its height), copy,
/// paste and remove.
fn chosen(ui: &mut egui::Ui, s: &mut Making, def: &mut Scenario, ids: &[String]) {
    ui.horizontal(|ui| {
        if ui
            .add_enabled(!ids.is_empty(), egui::Button::new("Copy"))
            .on_hover_text("Ctrl+C")
            .clicked()
        {
            s.clip = s.editor.copy(ids);
        }
        if ui
            .add_enabled(!s.clip.is_empty(), egui::Button::new("Paste"))
            .on_hover_text("Ctrl+V pastes at the mouse; this button 3\" right of the copy")
            .clicked()
        {
            paste(s, (3.0, 0.0));
        }
        if ui
            .add_enabled(!ids.is_empty(), egui::Button::new("Remove"))
            .on_hover_text("Delete, or a right click")
            .clicked()
        {
            s.apply(Edit::Remove(ids.to_vec()));
            s.canvas.selected.clear();
        }
    });
    let [id] = ids else {
        if ids.len() > 1 {
            ui.label(format!("{} pieces selected", ids.len()));
        }
        ui.separator();
        return;
    };
    let Some(t) = def.terrain.iter_mut().find(|t| &t.id == id) else {
        return;
    };
    ui.heading(format!("Piece: {}", t.id.replace('_', " ")));
    let mut own = t.answers.is_some() || t.preset.is_none();
    ui.horizontal(|ui| {
        ui.radio_value(&mut own, false, "One of the text's examples");
        ui.radio_value(&mut own, true, "Its own answers");
    });
    if own {
        let from_preset = t
            .preset
            .as_ref()
            .and_then(|p| PRESETS.iter().find(|x| &x.0 == p))
            .map(|x| x.2);
        let a = t.answers.get_or_insert(from_preset.unwrap_or(Answers {
            accessible: true,
            visible: true,
            cover: true,
        }));
        ui.checkbox(
            &mut a.accessible,
            "Accessible: can you walk onto, into or through it?",
        );
        ui.checkbox(&mut a.visible, "Visible: does it grant line of sight?");
        ui.add_enabled(
            a.visible,
            egui::Checkbox::new(&mut a.cover, "Cover: does it provide cover?"),
        );
        t.preset = None;
        let mut kind = t.kind.unwrap_or(TerrainKind::Other);
        egui::ComboBox::from_label("Drawn as")
            .selected_text(kind.name())
            .show_ui(ui, |ui| {
                for k in TerrainKind::ALL {
                    ui.selectable_value(&mut kind, k, k.name());
                }
            });
        t.kind = Some(kind);
    } else {
        let mut p = t.preset.clone().unwrap_or(PRESETS[0].0.into());
        preset_combo(ui, "Example", &mut p);
        t.preset = Some(p);
        t.answers = None;
    }
    let mut climbed = t.height.is_some();
    ui.horizontal(|ui| {
        if ui.checkbox(&mut climbed, "Climbed onto; its top").changed() {
            t.height = climbed.then_some(1.0);
        }
        if let Some(h) = &mut t.height {
            ui.add(
                egui::DragValue::new(h)
                    .range(0.5..=12.0)
                    .speed(0.1)
                    .suffix("\" high"),
            );
        }
    });
    ui.horizontal(|ui| {
        for (label, degrees) in [
            ("Turn left 15°", 15.0),
            ("Turn right 15°", -15.0),
            ("Quarter turn", 90.0),
        ] {
            if ui.button(label).clicked() {
                t.shape = t.shape.turned(degrees);
            }
        }
    });
    ui.separator();
}

/// Pastes what was copied `by` inches from where it was, and selects the copy.
fn paste(s: &mut Making, by: (f32, f32)) {
    let before: HashSet<String> = s
        .editor
        .scenario()
        .terrain
        .iter()
        .map(|t| t.id.clone())
        .collect();
    let pieces = s.clip.clone();
    s.apply(Edit::Paste { pieces, by });
    let new: Vec<Picked> = s
        .editor
        .scenario()
        .terrain
        .iter()
        .filter(|t| !before.contains(&t.id))
        .map(|t| Picked::Outline(t.id.clone()))
        .collect();
    if !new.is_empty() {
        s.canvas.selected = new;
    }
}

/// The scenario's own fields, the goal with its solitaire opponents or device, and the players.
fn fields(ui: &mut egui::Ui, def: &mut Scenario) {
    ui.heading("Scenario");
    ui.horizontal(|ui| {
        ui.label("Name");
        ui.text_edit_singleline(&mut def.name);
    });
    ui.label("Description");
    ui.add(egui::TextEdit::multiline(&mut def.description).desired_rows(2));
    ui.horizontal(|ui| {
        ui.add(
            egui::DragValue::new(&mut def.table.0)
                .range(12.0..=120.0)
                .suffix("\" wide"),
        );
        ui.add(
            egui::DragValue::new(&mut def.table.1)
                .range(12.0..=120.0)
                .suffix("\" deep"),
        );
    });
    let mut limited = def.turn_limit.is_some();
    ui.horizontal(|ui| {
        if ui.checkbox(&mut limited, "Turn limit").changed() {
            def.turn_limit = limited.then_some(12);
        }
        if let Some(t) = &mut def.turn_limit {
            ui.add(egui::DragValue::new(t).range(1..=99));
        }
    });
    let goal = def.goal.clone();
    egui::ComboBox::from_label("Goal")
        .selected_text(def.goal.word())
        .show_ui(ui, |ui| {
            for g in GOALS {
                let w = g.word();
                ui.selectable_value(&mut def.goal, g, w);
            }
        });
    if def.goal != goal {
        super::editor::goal_changed(def);
    }
    let investigate = def.goal == Goal::Investigate;
    if let Some(sol) = &mut def.solitaire {
        solitaire(ui, sol);
        profiles(ui, sol);
        if investigate {
            happenings(ui, sol);
        }
    } else {
        device(ui, def);
    }
    players(ui, def);
}

/// The solitaire opponents' stats, weapons and the Specialists' specialisation.
fn solitaire(ui: &mut egui::Ui, sol: &mut SolitaireDef) {
    ui.label("The opponents: \"all Rookies use the same stat, all Specialists use the same stat and all Bosses use the same stat\"");
    ui.horizontal(|ui| {
        ui.add(
            egui::DragValue::new(&mut sol.stats.rookie)
                .range(1..=6)
                .prefix("Rookies "),
        );
        ui.add(
            egui::DragValue::new(&mut sol.stats.specialist)
                .range(1..=8)
                .prefix("Specialists "),
        );
        ui.add(
            egui::DragValue::new(&mut sol.stats.boss)
                .range(1..=10)
                .prefix("Bosses "),
        );
    });
    weapons(ui, &mut sol.weapons, "Add a weapon they all carry");
    egui::ComboBox::from_label("Their Specialists")
        .selected_text(sol.specialisation.map_or("none", |x| x.word()))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut sol.specialisation, None, "none");
            for x in Specialisation::ALL {
                ui.selectable_value(&mut sol.specialisation, Some(x), x.word());
            }
        });
}

/// Weapons by name, each with a button taking it away, and a menu adding one of the text's
/// kinds under `add`.
fn weapons(ui: &mut egui::Ui, list: &mut Vec<Weapon>, add: &str) {
    let mut gone = None;
    for (k, w) in list.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.push_id(("weapon", k), |ui| {
                let name = match w {
                    Weapon::Melee { name, .. } | Weapon::Shooter { name, .. } => name,
                };
                ui.add(egui::TextEdit::singleline(name).desired_width(140.0));
                if ui.small_button("✖").clicked() {
                    gone = Some(k);
                }
            });
        });
    }
    if let Some(k) = gone {
        list.remove(k);
    }
    ui.menu_button(add, |ui| {
        for (label, w) in weapon_kinds() {
            if ui.button(label).clicked() {
                list.push(w);
                ui.close();
            }
        }
    });
}

/// Opponents of their own ("feel free to add variation"; docs/rules/one_stat.md, "Opponents
/// of their own"): each profile's tier, name, stat on its tier's die, specialisation and
/// weapons (the shared ones unless it has its own); `check`'s problems name what breaks the
/// text's limits.
fn profiles(ui: &mut egui::Ui, sol: &mut SolitaireDef) {
    ui.label(
        "Opponents of their own: each of a tier listed here spawns as its next profile in turn",
    );
    let shared = sol.weapons.clone();
    let mut gone = None;
    for (k, p) in sol.profiles.iter_mut().enumerate() {
        ui.push_id(("profile", k), |ui| {
            ui.horizontal(|ui| {
                egui::ComboBox::from_id_salt("tier")
                    .selected_text(p.tier.word())
                    .width(90.0)
                    .show_ui(ui, |ui| {
                        for t in [Tier::Rookie, Tier::Specialist, Tier::Boss] {
                            ui.selectable_value(&mut p.tier, t, t.word());
                        }
                    });
                ui.add(egui::TextEdit::singleline(&mut p.name).desired_width(100.0));
                ui.add(
                    egui::DragValue::new(&mut p.stat)
                        .range(1..=p.tier.die())
                        .prefix("stat "),
                );
                if ui
                    .small_button("✖")
                    .on_hover_text("Take this profile away")
                    .clicked()
                {
                    gone = Some(k);
                }
            });
            ui.horizontal(|ui| {
                egui::ComboBox::from_id_salt("specialisation")
                    .selected_text(p.specialisation.map_or("no specialisation", |x| x.word()))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut p.specialisation, None, "no specialisation");
                        for x in Specialisation::ALL {
                            ui.selectable_value(&mut p.specialisation, Some(x), x.word());
                        }
                    });
                let mut own = p.weapons.is_some();
                if ui.checkbox(&mut own, "weapons of its own").changed() {
                    p.weapons = own.then(|| shared.clone());
                }
            });
            if let Some(list) = &mut p.weapons {
                ui.indent("own", |ui| weapons(ui, list, "Add a weapon it carries"));
            }
        });
    }
    if let Some(k) = gone {
        sol.profiles.remove(k);
    }
    if ui.button("Add an opponent of their own").clicked() {
        let n = sol.profiles.len() + 1;
        sol.profiles.push(OpponentProfile {
            tier: Tier::Rookie,
            name: format!("Opponent {n}"),
            stat: sol.stats.rookie,
            specialisation: None,
            weapons: None,
        });
    }
}

/// Investigate's happenings: what each pair of clues leads to, in order, each of the text's
/// examples once (none: the doom device alone, its first example).
fn happenings(ui: &mut egui::Ui, sol: &mut SolitaireDef) {
    ui.label("What the clues lead to, a pair of clues each (none listed: the doom device)");
    let mut gone = None;
    for (k, h) in sol.happenings.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("{}. {}", k + 1, h.word()));
            if ui
                .push_id(("happening", k), |ui| ui.small_button("✖"))
                .inner
                .clicked()
            {
                gone = Some(k);
            }
        });
    }
    if let Some(k) = gone {
        sol.happenings.remove(k);
    }
    let left: Vec<Happening> = Happening::ALL
        .into_iter()
        .filter(|h| !sol.happenings.contains(h))
        .collect();
    ui.add_enabled_ui(!left.is_empty(), |ui| {
        ui.menu_button("Add what the next clues lead to", |ui| {
            for h in left {
                if ui.button(h.word()).clicked() {
                    sol.happenings.push(h);
                    ui.close();
                }
            }
        });
    });
}

/// The Trigger Device add-on: who adds tokens and who removes them, and what it does for each.
fn device(ui: &mut egui::Ui, def: &mut Scenario) {
    let mut on = def.device.is_some();
    if ui
        .checkbox(&mut on, "The Trigger Device in the centre")
        .changed()
    {
        def.device = on.then(|| DeviceDef {
            adding: DeviceSide {
                side: def.sides.first().map_or(String::new(), |x| x.id.clone()),
                effect: DeviceEffect::Activate,
            },
            removing: DeviceSide {
                side: def.sides.get(1).map_or(String::new(), |x| x.id.clone()),
                effect: DeviceEffect::Activate,
            },
        });
    }
    let sides: Vec<(String, String)> = def
        .sides
        .iter()
        .map(|x| (x.id.clone(), x.name.clone()))
        .collect();
    let pieces: Vec<String> = def.terrain.iter().map(|t| t.id.clone()).collect();
    let Some(d) = &mut def.device else {
        return;
    };
    for (label, end) in [
        ("Adds tokens", &mut d.adding),
        ("Removes tokens", &mut d.removing),
    ] {
        ui.push_id(label, |ui| {
            egui::ComboBox::from_label(label)
                .selected_text(
                    sides
                        .iter()
                        .find(|x| x.0 == end.side)
                        .map_or(end.side.clone(), |x| x.1.clone()),
                )
                .show_ui(ui, |ui| {
                    for (id, name) in &sides {
                        ui.selectable_value(&mut end.side, id.clone(), name);
                    }
                });
            egui::ComboBox::from_label("and then")
                .selected_text(end.effect.word())
                .show_ui(ui, |ui| {
                    let mut choices = vec![
                        DeviceEffect::Activate,
                        DeviceEffect::Reroll,
                        DeviceEffect::Resurrect,
                        DeviceEffect::AttackFighter,
                        DeviceEffect::AttackArea,
                        DeviceEffect::Win,
                    ];
                    choices.extend(pieces.iter().map(|p| DeviceEffect::OpenGate(p.clone())));
                    for c in choices {
                        let w = c.word();
                        ui.selectable_value(&mut end.effect, c, w);
                    }
                });
        });
    }
}

/// The players: names, who plays, corners, warbands.
fn players(ui: &mut egui::Ui, def: &mut Scenario) {
    let solitaire = def.solitaire.is_some();
    let mut gone = None;
    let n = def.sides.len();
    for (i, side) in def.sides.iter_mut().enumerate() {
        ui.separator();
        ui.push_id(("player", i), |ui| {
            ui.horizontal(|ui| {
                ui.colored_label(crate::ui::side_colour32(i), "■");
                ui.text_edit_singleline(&mut side.name);
                if n > 2
                    && ui
                        .small_button("✖")
                        .on_hover_text("Take this player out")
                        .clicked()
                {
                    gone = Some(i);
                }
            });
            if solitaire && i == 1 {
                ui.weak("The opponents: spawned and played by the rules.");
                return;
            }
            let mut rules = side.control == Control::Rules;
            if ui.checkbox(&mut rules, "played by the app").changed() {
                side.control = if rules {
                    Control::Rules
                } else {
                    Control::Human
                };
            }
            egui::ComboBox::from_label("Corner")
                .selected_text(side.corner.map_or("the next free", Corner::word))
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut side.corner, None, "the next free");
                    for c in Corner::IN_TURN {
                        ui.selectable_value(&mut side.corner, Some(c), c.word());
                    }
                });
            ui.horizontal(|ui| {
                ui.label("Warband");
                ui.text_edit_singleline(&mut side.warband.name);
            });
            ui.menu_button("Use a warband…", |ui| {
                for listed in super::roster::list() {
                    if let Ok(w) = listed.warband {
                        if ui
                            .button(format!("{} ({})", w.name, listed.origin))
                            .clicked()
                        {
                            side.warband = w;
                            ui.close();
                        }
                    }
                }
            });
            egui::CollapsingHeader::new(format!("{} fighters", side.warband.fighters.len()))
                .id_salt(("fighters", i))
                .show(ui, |ui| {
                    fighter_rows(ui, &mut side.warband);
                    add_fighters(ui, &mut side.warband);
                });
        });
    }
    if let Some(i) = gone {
        def.sides.remove(i);
    }
    if !solitaire
        && def.sides.len() < 4
        && ui
            .button("Add a player")
            .on_hover_text("Two to four players, one per corner")
            .clicked()
    {
        let n = def.sides.len() + 1;
        let side = new_side(n, |id| def.sides.iter().any(|x| x.id == id));
        def.sides.push(side);
    }
}

/// The table: each player's corner, the goal's token in the centre, and the terrain, with the
/// canvas's gestures turned into edits.
fn table(ui: &mut egui::Ui, s: &mut Making, flagged: &HashSet<String>) {
    let def = s.editor.scenario().clone();
    let size = Vec2::new(def.table.0, def.table.1);
    let mut zones: Vec<Zone> = corners(&def)
        .into_iter()
        .zip(&def.sides)
        .enumerate()
        .map(|(i, (c, _))| Zone {
            centre: c.point(size),
            radius: START_AREA,
            colour: crate::ui::side_colour32(i),
            label: String::new(),
        })
        .chain(corners(&def).into_iter().zip(&def.sides).map(|(c, side)| {
            // The name a little inside the corner, where it reads.
            let inward = Vec2::new(
                if c.point(size).x > 0.0 { -1.0 } else { 1.0 },
                if c.point(size).y > 0.0 { -1.0 } else { 1.0 },
            );
            Zone {
                centre: c.point(size) + inward * 2.5,
                radius: 0.0,
                colour: egui::Color32::TRANSPARENT,
                label: side.name.clone(),
            }
        }))
        .collect();
    let token = match def.goal {
        Goal::KingOfTheHill => Some("King of the Hill token"),
        Goal::TreasureHunt => Some("treasure"),
        Goal::BombingRun => Some("bomb"),
        _ if def.device.is_some() => Some("Trigger Device"),
        _ => None,
    };
    if let Some(t) = token {
        zones.push(Zone {
            centre: size / 2.0,
            radius: 0.5,
            colour: egui::Color32::from_rgb(240, 200, 60),
            label: t.into(),
        });
    }
    let pieces: Vec<(TerrainDef, TerrainKind)> = def
        .terrain
        .iter()
        .map(|t| {
            let kind = t.piece().map_or(TerrainKind::Other, |p| p.kind);
            (t.clone(), kind)
        })
        .collect();
    let outlines: Vec<Outline> = pieces
        .iter()
        .map(|(t, kind)| Outline {
            key: &t.id,
            shape: &t.shape,
            fill: table_canvas::terrain_fill(*kind),
            problem: flagged.contains(&t.id),
        })
        .collect();
    for g in s.canvas.show(ui, size, &zones, &outlines, &[]) {
        let ids = |picked: Vec<Picked>| -> Vec<String> {
            picked
                .into_iter()
                .filter_map(|p| match p {
                    Picked::Outline(id) => Some(id),
                    Picked::Marker(_) => None,
                })
                .collect()
        };
        match g {
            Gesture::Drawn(shape) => {
                let preset = s.preset.clone();
                s.apply(Edit::AddTerrain { preset, shape });
            }
            Gesture::Moved(picked, by) => s.apply(Edit::Move {
                ids: ids(picked),
                by: by.into(),
            }),
            Gesture::Reshaped(id, shape) => s.apply(Edit::Reshape { id, shape }),
            Gesture::Turned(id, degrees) => {
                if let Some(t) = def.terrain.iter().find(|t| t.id == id) {
                    let shape = t.shape.turned(degrees);
                    s.apply(Edit::Reshape { id, shape });
                }
            }
            Gesture::Removed(picked) => s.apply(Edit::Remove(ids(picked))),
            Gesture::Copy => {
                s.clip = s.editor.copy(&s.selected_ids());
                s.kept.message = Some((true, format!("Copied {} pieces", s.clip.len())));
            }
            Gesture::Paste(at) => {
                if !s.clip.is_empty() {
                    let centre = s.clip.iter().fold(Vec2::ZERO, |a, t| a + t.shape.centre())
                        / s.clip.len() as f32;
                    paste(s, (at - centre).into());
                }
            }
            Gesture::Dropped(preset, at) => {
                // An example dragged from the list: a circle 2" across the inch, to reshape.
                s.preset = preset.clone();
                s.apply(Edit::AddTerrain {
                    preset,
                    shape: crate::rules::geometry::Shape::Circle {
                        centre: at.into(),
                        radius: 2.0,
                    },
                });
            }
            Gesture::Place(_) => {}
        }
    }
    let now = s.editor.scenario().clone();
    s.canvas.selected.retain(|p| match p {
        Picked::Outline(id) => now.terrain.iter().any(|t| &t.id == id),
        Picked::Marker(_) => false,
    });
}

editor_bar::screen!(Making, Editor, Editor::new(), ID, editor_screen);
