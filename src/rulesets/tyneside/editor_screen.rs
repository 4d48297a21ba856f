//! The Tyneside scenario editor on screen (docs/editor.md): the inch table to scale, terrain
//! drawn as rectangles, circles and polygons of each kind and moved, turned and resized;
//! figures of the roster placed into groups; portal counters and objectives; a selection
//! copied and pasted; the terrain of one half mirrored; the sides, groups and every field of
//! the scenario; `check`'s problems as you go, each marked on its piece; undo, redo, save and
//! play at once. The edits are [`super::editor`]'s; the mouse is [`table_canvas`]'s.

use std::collections::HashSet;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use glam::Vec2;

use super::editor::{Clip, Edit, Editor, Item};
use super::rules::orders::Order;
use super::rules::profile::Roster;
use super::rules::scenario::{EnemyForces, PoolEntry, Scenario, Victory};
use super::{BUNDLED, ID, roster};
use crate::rules::layout::Mirror;
use crate::rules::scenario::Control;
use crate::rules::terrain::{TerrainKind, TerrainProperty};
use crate::ui::editor_bar::{self, Kept};
use crate::ui::table_canvas::{self, Canvas, Gesture, Look, Marker, Outline, Picked, Tool, Zone};

/// What a click with the Place tool puts down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Placing {
    Figure,
    Portal,
    Objective,
}

/// The scenario being made, and the editor's choices; kept while a game of it is played.
#[derive(Resource)]
struct Making {
    editor: Editor,
    kept: Kept,
    canvas: Canvas,
    /// What a drawn outline is.
    kind: TerrainKind,
    placing: Placing,
    /// The side, group (none: a new group) and profile a placed figure gets.
    side: usize,
    group: Option<String>,
    profile: String,
    /// What Ctrl+C copied.
    clip: Clip,
}

impl Making {
    fn with(editor: Editor, kept: Kept) -> Self {
        Self {
            editor,
            kept,
            canvas: Canvas::default(),
            kind: TerrainKind::Building,
            placing: Placing::Figure,
            side: 0,
            group: None,
            profile: "Basic trooper".into(),
            clip: Clip::default(),
        }
    }

    fn apply(&mut self, edit: Edit, roster: &Roster) {
        match self.editor.apply(edit, roster) {
            Ok(()) => self.kept.message = None,
            Err(why) if why == crate::rules::history::NOTHING => {}
            Err(why) => self.kept.message = Some((false, why)),
        }
    }
}

/// The marker key of a figure, portal or objective, and back.
fn key(item: &Item) -> Picked {
    match item {
        Item::Terrain(id) => Picked::Outline(id.clone()),
        Item::Figure(id) => Picked::Marker(format!("f:{id}")),
        Item::Portal(id) => Picked::Marker(format!("p:{id}")),
        Item::Objective(id) => Picked::Marker(format!("o:{id}")),
    }
}

fn item(p: &Picked) -> Option<Item> {
    match p {
        Picked::Outline(id) => Some(Item::Terrain(id.clone())),
        Picked::Marker(k) => {
            let (tag, id) = k.split_once(':')?;
            let id = id.to_string();
            match tag {
                "f" => Some(Item::Figure(id)),
                "p" => Some(Item::Portal(id)),
                _ => Some(Item::Objective(id)),
            }
        }
    }
}

fn editor_screen(
    mut ctx: EguiContexts,
    mut making: ResMut<Making>,
    mut shell: editor_bar::Shell,
) -> Result {
    let ctx = ctx.ctx_mut()?.clone();
    let Ok(roster) = roster() else {
        return Ok(());
    };
    let s = &mut *making;
    let problems = s.editor.problems(&s.kept.file_name(), roster);
    let text = s.editor.text().unwrap_or_default();
    // The ids the problems concern, to mark on the table and to select on a click.
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
            "Scenario editor · Tyneside skirmish rules",
            problems.is_empty(),
            true,
        ),
        (&mut s.editor, &mut s.kept),
        (ID, BUNDLED),
        &mut shell,
    );
    if let Some(m) = mirror {
        mirror_terrain(s, m, roster);
    }
    if let Some((e, kept)) = replaced {
        *s = Making::with(e, kept);
    }
    egui::Panel::left("editor-fields")
        .resizable(true)
        .default_size(360.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                if let Some(k) = editor_bar::problems(ui, &problems)
                    && let Some(id) = &concerned[k]
                {
                    select(s, id);
                }
                ui.separator();
                tools(ui, s, roster);
                ui.separator();
                let mut def = s.editor.scenario().clone();
                chosen(ui, s, &mut def, roster);
                fields(ui, &mut def, roster);
                if &def != s.editor.scenario() {
                    s.apply(Edit::Set(Box::new(def)), roster);
                }
            });
        });
    let flagged: HashSet<String> = concerned.into_iter().flatten().collect();
    egui::CentralPanel::default().show(&mut root, |ui| table(ui, s, roster, &flagged));
    Ok(())
}

/// Mirrors the terrain, and says what it did: what was copied, and what was taken away
/// from the other half (undo brings it back).
fn mirror_terrain(s: &mut Making, how: Mirror, roster: &Roster) {
    let ids = |s: &Making| -> HashSet<String> {
        s.editor
            .scenario()
            .terrain
            .iter()
            .map(|t| t.id.clone())
            .collect()
    };
    let before = ids(s);
    s.apply(Edit::Mirror(how), roster);
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

/// Selects what has id `id`, if anything on the table has.
fn select(s: &mut Making, id: &str) {
    let sc = s.editor.scenario();
    let candidates = [
        Item::Terrain(id.into()),
        Item::Figure(id.into()),
        Item::Portal(id.into()),
        Item::Objective(id.into()),
    ];
    if let Some(i) = candidates
        .into_iter()
        .find(|i| super::editor::place_of(sc, i).is_some())
    {
        s.canvas.tool = Tool::Select;
        s.canvas.selected = vec![key(&i)];
    }
}

/// The tools, what a drawn outline is, and what a click places.
fn tools(ui: &mut egui::Ui, s: &mut Making, roster: &Roster) {
    ui.heading("Tools");
    let before = (s.canvas.tool, s.placing);
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(&mut s.canvas.tool, Tool::Select, "Select");
        ui.selectable_value(&mut s.canvas.tool, Tool::Rect, "Rectangle");
        ui.selectable_value(&mut s.canvas.tool, Tool::Circle, "Circle");
        ui.selectable_value(&mut s.canvas.tool, Tool::Polygon, "Polygon");
    });
    ui.horizontal_wrapped(|ui| {
        for (p, label) in [
            (Placing::Figure, "Figures"),
            (Placing::Portal, "Portals"),
            (Placing::Objective, "Objectives"),
        ] {
            let on = s.canvas.tool == Tool::Place && s.placing == p;
            if ui.selectable_label(on, label).clicked() {
                s.canvas.tool = Tool::Place;
                s.placing = p;
            }
        }
    });
    if before != (s.canvas.tool, s.placing) {
        s.canvas.reset();
    }
    ui.checkbox(&mut s.canvas.snap, "Snap to 0.5\"");
    match s.canvas.tool {
        Tool::Select => {
            ui.weak("Click to select, Shift+click to add, drag a box to select many; drag to move; drag a white corner to resize; Q and E turn; right-click or Delete removes; Ctrl+C and Ctrl+V copy and paste at the mouse.");
        }
        Tool::Rect | Tool::Circle | Tool::Polygon => {
            egui::ComboBox::from_label("Kind")
                .selected_text(s.kind.name())
                .show_ui(ui, |ui| {
                    for k in TerrainKind::ALL {
                        ui.selectable_value(&mut s.kind, k, k.name());
                    }
                });
            ui.weak(match s.canvas.tool {
                Tool::Rect => "Drag from corner to corner.",
                Tool::Circle => "Drag from the centre out.",
                _ => "Click each corner; click the first again, double-click or press Enter to close; right-click takes the last corner back.",
            });
        }
        Tool::Place => placing(ui, s, roster),
    }
}

/// What a click places: a figure of a profile for a side and group, a portal, an objective.
fn placing(ui: &mut egui::Ui, s: &mut Making, roster: &Roster) {
    match s.placing {
        Placing::Figure => {
            let sides: Vec<(String, Vec<(String, String)>)> = s
                .editor
                .scenario()
                .sides
                .iter()
                .map(|d| {
                    (
                        d.name.clone(),
                        d.groups
                            .iter()
                            .map(|g| (g.id.clone(), g.name.clone()))
                            .collect(),
                    )
                })
                .collect();
            ui.horizontal_wrapped(|ui| {
                for (i, (n, _)) in sides.iter().enumerate() {
                    if ui.selectable_label(s.side == i, n).clicked() {
                        s.side = i;
                        s.group = None;
                    }
                }
            });
            let groups = sides.get(s.side).map(|x| x.1.clone()).unwrap_or_default();
            if s.group
                .as_ref()
                .is_some_and(|g| !groups.iter().any(|x| &x.0 == g))
            {
                s.group = None;
            }
            egui::ComboBox::from_label("Group")
                .selected_text(
                    s.group
                        .as_ref()
                        .and_then(|g| groups.iter().find(|x| &x.0 == g))
                        .map_or("A new group".into(), |x| x.1.clone()),
                )
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut s.group, None, "A new group");
                    for (id, name) in &groups {
                        ui.selectable_value(&mut s.group, Some(id.clone()), name);
                    }
                });
            let entries: Vec<(String, String)> = roster
                .profiles
                .iter()
                .map(|p| (p.name.clone(), p.name.clone()))
                .collect();
            editor_bar::drag_list(ui, "profiles", &entries, &mut s.profile);
            ui.weak("Drag a profile from the list onto the table, or choose it and click the table; the first figure of a new group starts it, and the next join it. A group keeps within 5\".");
        }
        Placing::Portal => {
            ui.weak("Click the table to place a portal counter where the enemy's reinforcements come on: out of sight of the players' figures (Game setup).");
        }
        Placing::Objective => {
            ui.weak("Click the table to place an objective marker.");
        }
    }
}

/// The form of what is selected: a terrain piece's kind and properties, a figure, a portal or
/// an objective; copy, paste and remove.
fn chosen(ui: &mut egui::Ui, s: &mut Making, def: &mut Scenario, roster: &Roster) {
    let items: Vec<Item> = s.canvas.selected.iter().filter_map(item).collect();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(!items.is_empty(), egui::Button::new("Copy"))
            .on_hover_text("Ctrl+C")
            .clicked()
        {
            s.clip = s.editor.copy(&items);
        }
        if ui
            .add_enabled(!s.clip.is_empty(), egui::Button::new("Paste"))
            .on_hover_text("Ctrl+V pastes at the mouse; this button 3\" right of the copy")
            .clicked()
        {
            paste(s, (3.0, 0.0), roster);
        }
        if ui
            .add_enabled(!items.is_empty(), egui::Button::new("Remove"))
            .on_hover_text("Delete, or a right click")
            .clicked()
        {
            s.apply(Edit::Remove(items.clone()), roster);
            s.canvas.selected.clear();
        }
    });
    match items.as_slice() {
        [] => {}
        [Item::Terrain(id)] => {
            let Some(t) = def.terrain.iter_mut().find(|t| &t.id == id) else {
                return;
            };
            ui.heading(format!("Terrain: {}", t.id.replace('_', " ")));
            egui::ComboBox::from_label("Kind")
                .selected_text(t.kind.name())
                .show_ui(ui, |ui| {
                    for k in TerrainKind::ALL {
                        ui.selectable_value(&mut t.kind, k, k.name());
                    }
                });
            for p in PROPERTIES {
                let (word, what) = p.words();
                let mut has = t.has(p);
                if ui.checkbox(&mut has, word).on_hover_text(what).changed() {
                    if has {
                        t.properties.push(p);
                        t.properties.sort();
                    } else {
                        t.properties.retain(|q| *q != p);
                    }
                }
            }
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
        }
        [Item::Figure(id)] => figure_form(ui, def, id, roster),
        [Item::Portal(id)] => {
            let Some(p) = def
                .enemy_forces
                .iter_mut()
                .flat_map(|e| e.portals.iter_mut())
                .find(|p| &p.id == id)
            else {
                return;
            };
            ui.heading(format!("Portal counter {}", p.id));
            ui.checkbox(&mut p.open, "In the open (a 1-5 brings a probe droid)");
            ui.checkbox(&mut p.once, "Produces figures once (behind a rock)");
            ui.checkbox(
                &mut p.in_sight,
                "May start in sight of the players' figures",
            );
        }
        [Item::Objective(id)] => {
            let Some(o) = def.objectives.iter_mut().find(|o| &o.id == id) else {
                return;
            };
            ui.heading("Objective");
            ui.horizontal(|ui| {
                ui.label("Name");
                ui.text_edit_singleline(&mut o.name);
            });
            ui.add(
                egui::DragValue::new(&mut o.radius)
                    .range(0.5..=12.0)
                    .speed(0.1)
                    .prefix("Held within ")
                    .suffix("\""),
            );
        }
        many => {
            ui.label(format!("{} selected", many.len()));
        }
    }
    ui.separator();
}

/// Everything on the table, by id.
fn everything(s: &Scenario) -> HashSet<Item> {
    s.terrain
        .iter()
        .map(|t| Item::Terrain(t.id.clone()))
        .chain(
            s.sides
                .iter()
                .flat_map(|d| &d.groups)
                .flat_map(|g| &g.figures)
                .map(|f| Item::Figure(f.id.clone())),
        )
        .chain(
            s.enemy_forces
                .iter()
                .flat_map(|e| &e.portals)
                .map(|p| Item::Portal(p.id.clone())),
        )
        .chain(s.objectives.iter().map(|o| Item::Objective(o.id.clone())))
        .collect()
}

/// Pastes what was copied `by` inches from where it was, and selects the copy.
fn paste(s: &mut Making, by: (f32, f32), roster: &Roster) {
    let before = everything(s.editor.scenario());
    let clip = s.clip.clone();
    s.apply(Edit::Paste { clip, by }, roster);
    let new: Vec<Picked> = everything(s.editor.scenario())
        .difference(&before)
        .map(key)
        .collect();
    if !new.is_empty() {
        s.canvas.selected = new;
    }
}

/// Every terrain property, for the checkboxes.
const PROPERTIES: [TerrainProperty; 8] = [
    TerrainProperty::Difficult,
    TerrainProperty::Obstacle,
    TerrainProperty::Impassable,
    TerrainProperty::BlocksLineOfSight,
    TerrainProperty::Cover,
    TerrainProperty::Building,
    TerrainProperty::Hill,
    TerrainProperty::Gap,
];

/// A figure's form: its name, hero, hiding, helmet, weapon, facing and Force points, and its
/// group's name and starting order.
fn figure_form(ui: &mut egui::Ui, def: &mut Scenario, id: &str, roster: &Roster) {
    let Some(g) = def
        .sides
        .iter_mut()
        .flat_map(|d| d.groups.iter_mut())
        .find(|g| g.figures.iter().any(|f| f.id == id))
    else {
        return;
    };
    ui.heading(format!("Group: {}", g.name));
    ui.horizontal(|ui| {
        ui.label("Name");
        ui.text_edit_singleline(&mut g.name);
    });
    egui::ComboBox::from_label("Starting order")
        .selected_text(g.order.map_or("none yet".into(), |o| o.to_string()))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut g.order, None, "none yet");
            for o in Order::ALL {
                ui.selectable_value(&mut g.order, Some(o), o.to_string())
                    .on_hover_text(o.rule_text());
            }
        });
    let Some(f) = g.figures.iter_mut().find(|f| f.id == id) else {
        return;
    };
    ui.heading(format!("Figure: {}", f.profile));
    let mut name = f.name.clone().unwrap_or_default();
    ui.horizontal(|ui| {
        ui.label("Name");
        if ui.text_edit_singleline(&mut name).changed() {
            f.name = (!name.trim().is_empty()).then_some(name);
        }
    });
    ui.checkbox(&mut f.hero, "A hero (never killed, only disabled)");
    ui.checkbox(&mut f.hidden, "Starts hiding");
    ui.checkbox(&mut f.helmet, "Wears a stormtrooper's helmet");
    egui::ComboBox::from_label("Weapon")
        .height(360.0)
        .selected_text(f.weapon.clone().unwrap_or("the profile's".into()))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut f.weapon, None, "the profile's");
            for w in &roster.weapons {
                ui.selectable_value(&mut f.weapon, Some(w.name.clone()), &w.name);
            }
        });
    ui.add(
        egui::DragValue::new(&mut f.facing)
            .range(-180.0..=360.0)
            .prefix("Facing ")
            .suffix("°"),
    );
    let mut fp = f.force_points.unwrap_or(0);
    if ui
        .add(
            egui::DragValue::new(&mut fp)
                .range(0..=20)
                .prefix("Force points (0: the profile's) "),
        )
        .changed()
    {
        f.force_points = (fp > 0).then_some(fp);
    }
}

/// The scenario's own fields, the sides, and the enemy's forces.
fn fields(ui: &mut egui::Ui, def: &mut Scenario, roster: &Roster) {
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
                .range(12.0..=144.0)
                .suffix("\" wide"),
        );
        ui.add(
            egui::DragValue::new(&mut def.table.1)
                .range(12.0..=144.0)
                .suffix("\" deep"),
        );
    });
    let mut limited = def.turn_limit.is_some();
    ui.horizontal(|ui| {
        if ui.checkbox(&mut limited, "Turn limit").changed() {
            def.turn_limit = limited.then_some(10);
        }
        if let Some(t) = &mut def.turn_limit {
            ui.add(egui::DragValue::new(t).range(1..=99));
        }
    });
    egui::ComboBox::from_label("Victory")
        .selected_text(victory_word(&def.victory))
        .show_ui(ui, |ui| {
            for v in [Victory::LastSideStanding, Victory::HoldObjectives] {
                let w = victory_word(&v);
                ui.selectable_value(&mut def.victory, v, w);
            }
        });
    ui.checkbox(
        &mut def.random_movement,
        "Groups with no hero take random orders",
    )
    .on_hover_text("Off: the scenario rule 'orders stay as placed'");
    ui.checkbox(
        &mut def.heroes_can_die,
        "Heroes can be killed (a scenario rule)",
    );
    for (i, side) in def.sides.iter_mut().enumerate() {
        ui.separator();
        ui.push_id(("side", i), |ui| {
            ui.horizontal(|ui| {
                ui.colored_label(crate::ui::side_colour32(i), "■");
                ui.text_edit_singleline(&mut side.name);
            });
            let mut rules = side.control == Control::Rules;
            if ui
                .checkbox(&mut rules, "played by the rules (solo)")
                .changed()
            {
                side.control = if rules {
                    Control::Rules
                } else {
                    Control::Human
                };
            }
            ui.checkbox(
                &mut side.imperial,
                "Imperial (ignores the droids C3PO and R2D2)",
            );
            let figures: usize = side.groups.iter().map(|g| g.figures.len()).sum();
            ui.weak(format!("{} groups, {figures} figures", side.groups.len()));
        });
    }
    ui.separator();
    enemy_forces(ui, def, roster);
}

fn victory_word(v: &Victory) -> &'static str {
    match v {
        Victory::LastSideStanding => "The last side standing",
        Victory::HoldObjectives => "Hold the objectives at the end",
    }
}

/// The enemy's forces: the side that comes on at the portals and its pool of figures.
fn enemy_forces(ui: &mut egui::Ui, def: &mut Scenario, roster: &Roster) {
    ui.heading("Reinforcements at the portals");
    let sides: Vec<(String, String)> = def
        .sides
        .iter()
        .map(|d| (d.id.clone(), d.name.clone()))
        .collect();
    let Some(e) = &mut def.enemy_forces else {
        ui.weak("None: place a portal counter to have some.");
        return;
    };
    egui::ComboBox::from_label("Side")
        .selected_text(
            sides
                .iter()
                .find(|x| x.0 == e.side)
                .map_or(e.side.clone(), |x| x.1.clone()),
        )
        .show_ui(ui, |ui| {
            for (id, name) in &sides {
                ui.selectable_value(&mut e.side, id.clone(), name);
            }
        });
    let mut gone = None;
    for (k, entry) in e.pool.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.push_id(("pool", k), |ui| {
                profile_combo(ui, "", &mut entry.profile, roster);
                ui.add(egui::DragValue::new(&mut entry.count).range(1..=99));
                if ui
                    .small_button("✖")
                    .on_hover_text("Take out of the pool")
                    .clicked()
                {
                    gone = Some(k);
                }
            });
        });
    }
    if let Some(k) = gone {
        e.pool.remove(k);
    }
    if ui.button("Add figures to the pool").clicked() {
        e.pool.push(PoolEntry {
            profile: "Stormtrooper".into(),
            count: 4,
        });
    }
    let EnemyForces {
        leader,
        trooper,
        heavy_weapon,
        officer,
        probe,
        walker,
        ..
    } = e;
    profile_combo(ui, "Squads of", trooper, roster);
    profile_combo(ui, "Heavy weapon", heavy_weapon, roster);
    profile_combo(ui, "Officer", officer, roster);
    profile_combo(ui, "Leader", leader, roster);
    profile_combo(ui, "In the open", probe, roster);
    let mut w = walker.clone().unwrap_or_default();
    egui::ComboBox::from_label("On 12-13")
        .height(360.0)
        .selected_text(if w.is_empty() { "none" } else { w.as_str() })
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut w, String::new(), "none");
            for p in &roster.profiles {
                ui.selectable_value(&mut w, p.name.clone(), &p.name);
            }
        });
    *walker = (!w.is_empty()).then_some(w);
    if ui
        .button("No reinforcements")
        .on_hover_text("Takes the portal counters off too")
        .clicked()
    {
        def.enemy_forces = None;
    }
}

fn profile_combo(ui: &mut egui::Ui, label: &str, value: &mut String, roster: &Roster) {
    egui::ComboBox::from_label(label)
        .height(360.0)
        .selected_text(value.as_str())
        .show_ui(ui, |ui| {
            for p in &roster.profiles {
                ui.selectable_value(value, p.name.clone(), &p.name);
            }
        });
}

/// The table: terrain, figures in their sides' colours, portal counters and objectives, with
/// the canvas's gestures turned into edits.
fn table(ui: &mut egui::Ui, s: &mut Making, roster: &Roster, flagged: &HashSet<String>) {
    let def = s.editor.scenario().clone();
    let outlines: Vec<Outline> = def
        .terrain
        .iter()
        .map(|t| Outline {
            key: &t.id,
            shape: &t.shape,
            fill: table_canvas::terrain_fill(t.kind),
            problem: flagged.contains(&t.id),
        })
        .collect();
    let mut markers: Vec<Marker> = Vec::new();
    for (i, d) in def.sides.iter().enumerate() {
        for g in &d.groups {
            for f in &g.figures {
                markers.push(Marker {
                    key: format!("f:{}", f.id),
                    at: f.at.into(),
                    radius: f.base,
                    fill: crate::ui::side_colour32(i),
                    look: Look::Disc,
                    label: f.name.clone().unwrap_or_else(|| f.profile.clone()),
                    problem: flagged.contains(&f.id) || flagged.contains(&g.id),
                });
            }
        }
    }
    for p in def.enemy_forces.iter().flat_map(|e| &e.portals) {
        markers.push(Marker {
            key: format!("p:{}", p.id),
            at: p.at.into(),
            radius: 0.6,
            fill: egui::Color32::from_rgb(200, 60, 60),
            look: Look::Diamond,
            label: p.id.clone(),
            problem: flagged.contains(&p.id),
        });
    }
    for o in &def.objectives {
        markers.push(Marker {
            key: format!("o:{}", o.id),
            at: o.at.into(),
            radius: 0.6,
            fill: egui::Color32::from_rgb(240, 200, 60),
            look: Look::Square,
            label: o.name.clone(),
            problem: flagged.contains(&o.id),
        });
    }
    // Where each objective is held.
    let zones: Vec<Zone> = def
        .objectives
        .iter()
        .map(|o| Zone {
            centre: o.at.into(),
            radius: o.radius,
            colour: egui::Color32::from_rgb(240, 200, 60),
            label: String::new(),
        })
        .collect();
    let size = Vec2::new(def.table.0, def.table.1);
    for g in s.canvas.show(ui, size, &zones, &outlines, &markers) {
        match g {
            Gesture::Drawn(shape) => {
                let kind = s.kind;
                s.apply(Edit::AddTerrain { kind, shape }, roster);
            }
            Gesture::Moved(picked, by) => {
                let items = picked.iter().filter_map(item).collect();
                s.apply(
                    Edit::Move {
                        items,
                        by: by.into(),
                    },
                    roster,
                );
            }
            Gesture::Reshaped(id, shape) => s.apply(Edit::Reshape { id, shape }, roster),
            Gesture::Turned(id, degrees) => {
                if let Some(t) = def.terrain.iter().find(|t| t.id == id) {
                    let shape = t.shape.turned(degrees);
                    s.apply(Edit::Reshape { id, shape }, roster);
                }
            }
            Gesture::Place(at) => place(s, at, roster),
            Gesture::Dropped(profile, at) => {
                s.profile = profile;
                s.placing = Placing::Figure;
                place(s, at, roster);
            }
            Gesture::Removed(picked) => {
                let items = picked.iter().filter_map(item).collect();
                s.apply(Edit::Remove(items), roster);
            }
            Gesture::Copy => {
                let items: Vec<Item> = s.canvas.selected.iter().filter_map(item).collect();
                s.clip = s.editor.copy(&items);
                s.kept.message = Some((true, format!("Copied {} things", items.len())));
            }
            Gesture::Paste(at) => {
                if !s.clip.is_empty() {
                    let by = at - s.clip.centre();
                    paste(s, by.into(), roster);
                }
            }
        }
    }
    // Forget a selection whose things are gone (undone, removed).
    let now = s.editor.scenario().clone();
    s.canvas
        .selected
        .retain(|p| item(p).is_some_and(|i| super::editor::place_of(&now, &i).is_some()));
}

/// Places what the Place tool puts down at `at`: a figure (the first of a new group starts
/// it, and the next join it), a portal counter or an objective.
fn place(s: &mut Making, at: Vec2, roster: &Roster) {
    let edit = match s.placing {
        Placing::Figure => Edit::PlaceFigure {
            side: s.side,
            group: s.group.clone(),
            profile: s.profile.clone(),
            at: at.into(),
        },
        Placing::Portal => Edit::PlacePortal { at: at.into() },
        Placing::Objective => Edit::PlaceObjective { at: at.into() },
    };
    let new_group = matches!(&edit, Edit::PlaceFigure { group: None, .. });
    let groups_before: HashSet<String> = s
        .editor
        .scenario()
        .sides
        .get(s.side)
        .map(|d| d.groups.iter().map(|g| g.id.clone()).collect())
        .unwrap_or_default();
    s.apply(edit, roster);
    // The next figure joins the group the first one started.
    if new_group
        && let Some(g) = s
            .editor
            .scenario()
            .sides
            .get(s.side)
            .and_then(|d| d.groups.iter().find(|g| !groups_before.contains(&g.id)))
    {
        s.group = Some(g.id.clone());
    }
}

editor_bar::screen!(Making, Editor, Editor::new(), ID, editor_screen);
