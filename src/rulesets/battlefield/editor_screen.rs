//! The battlefield's scenario editor on screen (docs/editor.md): paint terrain with brushes of 1, 7 and 19 hexes or a fill, place units from
//! the roster by clicking, drag them, right-click to remove, mirror a half, resize, fill in the
//! header and the sides, see what `check` says as you go, undo and redo, save, and play the
//! scenario at once. The edits are [`super::editor`]'s; this screen
//! only turns the mouse into them.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::editor::{Edit, Editor, MAX_SIDE, Paint};
use super::rules::map::{Ground, HexTerrain, TILES, col_row, hex_at, layout, read_tile};
use super::rules::quality::Quality;
use super::rules::roster::{Kind, Roster};
use super::rules::scenario::{Goal, ScenarioDef};
use super::{BUNDLED, ID, roster};
use crate::ui::editor_bar::{self, Kept};

/// What the mouse does on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tool {
    /// Lays the chosen paint with the brush.
    Brush,
    /// Fills the joined hexes of one terrain.
    Fill,
    /// Lays the chosen paint along a straight line, from where the drag starts to where it
    /// ends: a road or a river.
    Line,
    /// Places a geomorphic tile (bundled, or one of the player's own).
    Tiles,
    /// Copies the hexes of a rectangle dragged over the map, and draws them again where a
    /// click puts their top-left corner.
    Copy,
    /// Places, moves (drag) and removes (right click) units.
    Units,
    /// Puts an entrenchment marker of the chosen side on a hex, or takes it off.
    Entrench,
    /// Makes a building one the capture goal counts, or not.
    GoalBuildings,
}

/// The scenario being made, and the editor's choices. Kept while a game of it is played, so
/// the title offers to go back to it.
#[derive(Resource)]
struct Making {
    editor: Editor,
    kept: Kept,
    tool: Tool,
    paint: Paint,
    radius: u32,
    side: usize,
    profile: String,
    /// The unit chosen (by id), and the unit being dragged.
    selected: Option<String>,
    dragging: Option<String>,
    /// The undo depth when the stroke now painting began.
    stroke: Option<usize>,
    /// The last hex a stroke painted (a drag paints each hex once).
    last_hex: Option<(i32, i32)>,
    size: (i32, i32),
    /// The tile the Tiles tool places: its name, and its cells when it is one of the
    /// player's own (bundled tiles are placed by name).
    tile: (String, Option<Vec<Vec<HexTerrain>>>),
    /// A tile to save: its name, top-left hex and size.
    new_tile: (String, (i32, i32), (i32, i32)),
    /// The hexes the Copy tool copied, rows from the top.
    clip: Vec<Vec<HexTerrain>>,
    /// The hex a line or a copy's drag began on.
    drag_from: Option<(i32, i32)>,
}

impl Making {
    fn with(editor: Editor, kept: Kept) -> Self {
        let size = editor.size();
        Self {
            editor,
            kept,
            tool: Tool::Brush,
            paint: Paint::Ground(Ground::Forest),
            radius: 0,
            side: 0,
            profile: "Stormtrooper".into(),
            selected: None,
            dragging: None,
            stroke: None,
            last_hex: None,
            size,
            tile: ("village".into(), None),
            new_tile: ("my tile".into(), (0, 0), (10, 8)),
            clip: Vec::new(),
            drag_from: None,
        }
    }

    fn apply(&mut self, edit: Edit, roster: &Roster) {
        match self.editor.apply(edit, roster) {
            Ok(()) => self.kept.message = None,
            Err(why) if why == crate::rules::history::NOTHING => {}
            Err(why) => self.kept.message = Some((false, why)),
        }
        self.size = self.editor.size();
    }
}

/// The fill colour of a hex, as the table draws its terrain.
fn colour(t: &HexTerrain) -> egui::Color32 {
    let base = match t.ground {
        Ground::Clear => egui::Color32::from_rgb(112, 138, 84),
        Ground::Forest => egui::Color32::from_rgb(46, 92, 48),
        Ground::Building(1) => egui::Color32::from_rgb(150, 120, 96),
        Ground::Building(_) => egui::Color32::from_rgb(120, 88, 70),
        Ground::Rubble => egui::Color32::from_rgb(110, 104, 96),
        Ground::River => egui::Color32::from_rgb(62, 108, 160),
    };
    // Hills lighter by level.
    base.lerp_to_gamma(
        egui::Color32::from_rgb(220, 200, 150),
        0.22 * f32::from(t.hill),
    )
}

fn paint_name(p: Paint) -> &'static str {
    match p {
        Paint::Ground(Ground::Clear) => "Clear",
        Paint::Ground(Ground::Forest) => "Forest",
        Paint::Ground(Ground::Building(1)) => "Building, level 1",
        Paint::Ground(Ground::Building(_)) => "Building, level 2",
        Paint::Ground(Ground::Rubble) => "Rubble",
        Paint::Ground(Ground::River) => "River",
        Paint::Hill(0) => "No hill",
        Paint::Hill(1) => "Hill, level 1",
        Paint::Hill(_) => "Hill, level 2",
        Paint::Road(true) => "Road",
        Paint::Road(false) => "No road",
    }
}

const PAINTS: [Paint; 11] = [
    Paint::Ground(Ground::Clear),
    Paint::Ground(Ground::Forest),
    Paint::Ground(Ground::Building(1)),
    Paint::Ground(Ground::Building(2)),
    Paint::Ground(Ground::Rubble),
    Paint::Ground(Ground::River),
    Paint::Hill(0),
    Paint::Hill(1),
    Paint::Hill(2),
    Paint::Road(true),
    Paint::Road(false),
];

fn editor_screen(
    mut ctx: EguiContexts,
    mut screen: ResMut<Making>,
    mut shell: editor_bar::Shell,
) -> Result {
    let ctx = ctx.ctx_mut()?.clone();
    let roster = roster()?;
    let s = &mut *screen;
    let mut root = crate::ui::root_ui(&ctx);
    let problems = s.editor.problems(&s.kept.file_name(), roster);
    // The sides in their factions' colours, as the table will show them.
    let names: Vec<&str> = s
        .editor
        .scenario()
        .sides
        .iter()
        .map(|x| x.name.as_str())
        .collect();
    crate::view::palette::use_sides(&names);
    let (mirror, replaced) = editor_bar::top_bar(
        &mut root,
        &ctx,
        (
            "Map editor · Imperial/Alliance battlefield",
            problems.is_empty(),
            true,
        ),
        (&mut s.editor, &mut s.kept),
        (ID, BUNDLED),
        &mut shell,
    );
    if let Some(m) = mirror {
        s.apply(Edit::Mirror(m), roster);
    }
    if let Some((e, kept)) = replaced {
        *s = Making::with(e, kept);
    }
    egui::Panel::left("editor-tools")
        .resizable(true)
        .default_size(300.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| tools(ui, s, roster, &problems));
        });
    egui::CentralPanel::default().show(&mut root, |ui| map(ui, s, roster, &problems));
    Ok(())
}

/// The left panel: tools, the scenario's fields and sides, the map's size, the problems.
fn tools(
    ui: &mut egui::Ui,
    s: &mut Making,
    roster: &Roster,
    problems: &[crate::rules::scenario::ScenarioError],
) {
    // Clicking a problem that names a unit chooses that unit.
    if let Some(k) = editor_bar::problems(ui, problems)
        && let Some(u) = s
            .editor
            .scenario()
            .sides
            .iter()
            .flat_map(|x| &x.units)
            .find(|u| problems[k].message.contains(&u.id))
    {
        s.tool = Tool::Units;
        s.selected = Some(u.id.clone());
    }
    ui.separator();
    ui.heading("Tools");
    ui.horizontal(|ui| {
        ui.selectable_value(&mut s.tool, Tool::Brush, "Brush");
        ui.selectable_value(&mut s.tool, Tool::Fill, "Fill");
        ui.selectable_value(&mut s.tool, Tool::Line, "Line");
        ui.selectable_value(&mut s.tool, Tool::Tiles, "Tiles");
        ui.selectable_value(&mut s.tool, Tool::Copy, "Copy");
        ui.selectable_value(&mut s.tool, Tool::Units, "Units");
        ui.selectable_value(&mut s.tool, Tool::Entrench, "Entrenchments");
        ui.selectable_value(&mut s.tool, Tool::GoalBuildings, "Goal");
    });
    match s.tool {
        Tool::Tiles => tiles(ui, s),
        Tool::Copy => {
            ui.weak(if s.clip.is_empty() {
                "Drag over the map to copy the hexes of a rectangle."
            } else {
                "Click the map to draw the copy with its top-left corner there (at an even column); drag again to copy another rectangle."
            });
        }
        Tool::Brush | Tool::Fill | Tool::Line => {
            egui::ComboBox::from_label("Paint")
                .height(420.0)
                .selected_text(paint_name(s.paint))
                .show_ui(ui, |ui| {
                    for p in PAINTS {
                        ui.selectable_value(&mut s.paint, p, paint_name(p));
                    }
                });
            if s.tool == Tool::Brush {
                ui.horizontal(|ui| {
                    ui.label("Brush");
                    ui.selectable_value(&mut s.radius, 0, "1 hex");
                    ui.selectable_value(&mut s.radius, 1, "7 hexes");
                    ui.selectable_value(&mut s.radius, 2, "19 hexes");
                });
                ui.weak("Click or drag on the map to paint.");
            } else if s.tool == Tool::Line {
                ui.weak(
                    "Drag from hex to hex: a road or a river along the straight line between them.",
                );
            } else {
                ui.weak("Click a hex: it and every hex joined to it of the same terrain.");
            }
        }
        Tool::Units => {
            let names: Vec<String> = s
                .editor
                .scenario()
                .sides
                .iter()
                .map(|x| x.name.clone())
                .collect();
            ui.horizontal(|ui| {
                for (i, n) in names.iter().enumerate() {
                    ui.selectable_value(&mut s.side, i, n);
                }
            });
            let entries: Vec<(String, String)> = roster
                .profiles
                .iter()
                .map(|p| (p.name.clone(), p.name.clone()))
                .collect();
            editor_bar::drag_list(ui, "units", &entries, &mut s.profile);
            ui.weak(
                "Drag a unit from the list onto a hex, or choose it and click a hex; drag a unit on the map to move it; right-click it to remove it.",
            );
            if let Some(id) = s.selected.clone() {
                ui.horizontal(|ui| {
                    let what = s
                        .editor
                        .scenario()
                        .sides
                        .iter()
                        .flat_map(|x| &x.units)
                        .find(|u| u.id == id)
                        .map_or(String::new(), |u| u.profile.clone());
                    ui.label(format!("Chosen: {what} ({id})"));
                    if ui.button("Remove").clicked() {
                        s.apply(Edit::Remove { id: id.clone() }, roster);
                        s.selected = None;
                    }
                });
                let mut def = s.editor.scenario().clone();
                unit_fields(ui, &mut def, &id, roster);
                if &def != s.editor.scenario() {
                    s.apply(Edit::Set(Box::new(def)), roster);
                }
            }
        }
        Tool::Entrench => {
            let names: Vec<String> = s
                .editor
                .scenario()
                .sides
                .iter()
                .map(|x| x.name.clone())
                .collect();
            ui.horizontal(|ui| {
                for (i, n) in names.iter().enumerate() {
                    ui.selectable_value(&mut s.side, i, n);
                }
            });
            ui.weak("Click a hex to put the side's entrenchment marker there, or take it off (the advanced rule Entrenchment).");
        }
        Tool::GoalBuildings => {
            ui.weak("Click a building: the capture goal counts it, or no longer does. With none chosen, any building counts.");
        }
    }
    ui.separator();
    ui.heading("Map");
    ui.horizontal(|ui| {
        ui.add(
            egui::DragValue::new(&mut s.size.0)
                .range(1..=MAX_SIDE)
                .suffix(" columns"),
        );
        ui.add(
            egui::DragValue::new(&mut s.size.1)
                .range(1..=MAX_SIDE)
                .suffix(" rows"),
        );
        if ui.button("Resize").clicked() {
            let (columns, rows) = s.size;
            s.apply(Edit::Resize { columns, rows }, roster);
        }
    });
    save_tile(ui, s);
    ui.separator();
    ui.heading("Scenario");
    let mut def: ScenarioDef = s.editor.scenario().clone();
    fields(ui, &mut def);
    if &def != s.editor.scenario() {
        s.apply(Edit::Set(Box::new(def)), roster);
    }
}

/// The player's own tiles, saved in the data folder's `tiles/`: (name, cells), by name.
fn own_tiles() -> Vec<(String, Vec<Vec<HexTerrain>>)> {
    let Some(dir) = crate::engine::autosave::data_folder().map(|d| d.join("tiles")) else {
        return Vec::new();
    };
    let mut found: Vec<(String, Vec<Vec<HexTerrain>>)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .filter_map(|src| read_tile(&src).ok())
        .map(|(t, cells)| (t.name, cells))
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

/// The Tiles tool: which tile a click places.
fn tiles(ui: &mut egui::Ui, s: &mut Making) {
    egui::ComboBox::from_label("Tile")
        .selected_text(&s.tile.0)
        .show_ui(ui, |ui| {
            for (_, src) in TILES {
                if let Ok((t, _)) = read_tile(src)
                    && ui
                        .selectable_label(s.tile.1.is_none() && s.tile.0 == t.name, &t.name)
                        .clicked()
                {
                    s.tile = (t.name, None);
                }
            }
            let own = own_tiles();
            if !own.is_empty() {
                ui.separator();
                ui.weak("Your tiles");
            }
            for (name, cells) in own {
                if ui
                    .selectable_label(s.tile.1.is_some() && s.tile.0 == name, &name)
                    .clicked()
                {
                    s.tile = (name, Some(cells));
                }
            }
        });
    ui.weak("Click the map: the tile's top-left corner goes on that hex (at an even column, so its hexes stay as drawn). A tile it covers is taken off; the map grows to hold it. Your own tiles are drawn hex by hex.");
}

/// Saves a rectangle of the map as one of the player's own tiles, whole or not at all.
fn save_tile(ui: &mut egui::Ui, s: &mut Making) {
    ui.collapsing("Save part of the map as a tile", |ui| {
        let (name, from, size) = &mut s.new_tile;
        ui.horizontal(|ui| {
            ui.label("Name");
            ui.text_edit_singleline(name);
        });
        ui.horizontal(|ui| {
            ui.label("From");
            ui.add(
                egui::DragValue::new(&mut from.0)
                    .range(0..=MAX_SIDE)
                    .prefix("column "),
            );
            ui.add(
                egui::DragValue::new(&mut from.1)
                    .range(0..=MAX_SIDE)
                    .prefix("row "),
            );
        });
        ui.horizontal(|ui| {
            ui.add(
                egui::DragValue::new(&mut size.0)
                    .range(1..=MAX_SIDE)
                    .suffix(" columns"),
            );
            ui.add(
                egui::DragValue::new(&mut size.1)
                    .range(1..=MAX_SIDE)
                    .suffix(" rows"),
            );
        });
        if ui.button("Save the tile").clicked() {
            let stem = crate::rules::layout::id_stem(name);
            let saved = super::editor::tile_text(&s.editor.grid(), name.trim(), *from, *size)
                .and_then(|text| {
                    let dir = crate::engine::autosave::data_folder()
                        .ok_or("this computer names no data folder to save in")?
                        .join("tiles");
                    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                    let path = dir.join(format!(
                        "{}.ron",
                        if stem.is_empty() { "tile" } else { &stem }
                    ));
                    crate::engine::save::write_atomically(&path, text.as_bytes())
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                    Ok(path)
                });
            s.kept.message = Some(match saved {
                Ok(path) => (true, format!("Saved the tile {}", path.display())),
                Err(e) => (false, format!("Tile not saved: {e}")),
            });
        }
    });
}

/// The chosen unit `id`'s own fields: hidden, its special weapon, a Jedi's Force points, the
/// transporter it starts aboard.
fn unit_fields(ui: &mut egui::Ui, def: &mut ScenarioDef, id: &str, roster: &Roster) {
    let Some(side) = def
        .sides
        .iter()
        .position(|x| x.units.iter().any(|u| u.id == id))
    else {
        return;
    };
    let carriers: Vec<String> = {
        let me = def.sides[side].units.iter().find(|u| u.id == id);
        def.sides[side]
            .units
            .iter()
            .filter(|t| {
                me.is_some_and(|m| m.at == t.at && t.id != m.id)
                    && roster.profile(&t.profile).is_some_and(|p| p.transport > 0)
            })
            .map(|t| t.id.clone())
            .collect()
    };
    let Some(u) = def.sides[side].units.iter_mut().find(|u| u.id == id) else {
        return;
    };
    ui.checkbox(&mut u.hidden, "Hidden from the other side")
        .on_hover_text("It shows only to its side until it acts or an enemy comes next to it");
    let weapons: Vec<&str> = roster
        .weapons
        .iter()
        .filter(|w| w.carried_by.contains(&u.profile))
        .map(|w| w.name.as_str())
        .collect();
    if !weapons.is_empty() {
        egui::ComboBox::from_label("special weapon")
            .selected_text(u.weapon.as_deref().unwrap_or("none"))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut u.weapon, None, "none");
                for w in weapons {
                    ui.selectable_value(&mut u.weapon, Some(w.to_string()), w);
                }
            });
    }
    if roster
        .profile(&u.profile)
        .is_some_and(|p| p.kind == Kind::Jedi)
    {
        let mut points = u.force_points.unwrap_or(6);
        if ui
            .add(
                egui::DragValue::new(&mut points)
                    .range(0..=12)
                    .prefix("Force points: "),
            )
            .changed()
        {
            u.force_points = Some(points);
        }
    }
    if !carriers.is_empty() || u.aboard.is_some() {
        egui::ComboBox::from_label("aboard")
            .selected_text(u.aboard.as_deref().unwrap_or("none"))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut u.aboard, None, "none");
                for c in &carriers {
                    ui.selectable_value(&mut u.aboard, Some(c.clone()), c);
                }
            });
    }
}

/// The header, goal and sides of `def` as form fields.
fn fields(ui: &mut egui::Ui, def: &mut ScenarioDef) {
    ui.horizontal(|ui| {
        ui.label("Name");
        ui.text_edit_singleline(&mut def.name);
    });
    ui.label("Description");
    ui.add(egui::TextEdit::multiline(&mut def.description).desired_rows(2));
    ui.add(
        egui::DragValue::new(&mut def.turn_limit)
            .range(1..=30)
            .prefix("Turns: "),
    );
    let ids: Vec<(String, String)> = def
        .sides
        .iter()
        .map(|x| (x.id.clone(), x.name.clone()))
        .collect();
    let side_box = |ui: &mut egui::Ui, label: &str, value: &mut String| {
        egui::ComboBox::from_label(label)
            .selected_text(
                ids.iter()
                    .find(|(id, _)| id == value)
                    .map_or(value.clone(), |(_, n)| n.clone()),
            )
            .show_ui(ui, |ui| {
                for (id, n) in &ids {
                    ui.selectable_value(value, id.clone(), n);
                }
            });
    };
    side_box(ui, "Initiative on turn 1", &mut def.first_initiative);
    side_box(ui, "Attacker", &mut def.attacker);
    let mut capture = matches!(def.goal, Goal::Capture { .. });
    ui.horizontal(|ui| {
        ui.label("Goal");
        if ui
            .selectable_label(!capture, "Eliminate every enemy")
            .clicked()
        {
            capture = false;
        }
        if ui.selectable_label(capture, "Capture buildings").clicked() {
            capture = true;
        }
    });
    match (&mut def.goal, capture) {
        (Goal::Capture { .. }, false) => def.goal = Goal::EliminateAll,
        (Goal::EliminateAll, true) => {
            def.goal = Goal::Capture {
                side: def.attacker.clone(),
                buildings: 1,
                by_turn: def.turn_limit,
                of: Vec::new(),
            }
        }
        (
            Goal::Capture {
                side,
                buildings,
                by_turn,
                ..
            },
            true,
        ) => {
            side_box(ui, "Capturing side", side);
            ui.add(
                egui::DragValue::new(buildings)
                    .range(1..=20)
                    .prefix("Buildings: "),
            );
            ui.add(
                egui::DragValue::new(by_turn)
                    .range(1..=30)
                    .prefix("By turn: "),
            );
        }
        _ => {}
    }
    ui.collapsing("Advanced rules", |ui| {
        let a = &mut def.advanced;
        for (on, label) in [
            (&mut a.moving_and_shooting, "Moving and shooting"),
            (&mut a.leaders, "Leaders"),
            (&mut a.artillery, "Campaign artillery"),
            (&mut a.field_artillery, "Field artillery"),
            (&mut a.aerial_support, "Aerial support"),
            (&mut a.space_bombardment, "Space bombardment"),
            (&mut a.special_weapons, "Special weapons"),
            (&mut a.jedi, "Jedis"),
            (&mut a.entrenchment, "Entrenchment"),
            (&mut a.range, "Range"),
            (&mut a.buildings, "Buildings can be destroyed"),
        ] {
            ui.checkbox(on, label);
        }
    });
    for (i, side) in def.sides.iter_mut().enumerate() {
        ui.push_id(i, |ui| {
            ui.horizontal(|ui| {
                ui.colored_label(crate::ui::side_colour32(i), "■");
                ui.text_edit_singleline(&mut side.name);
            });
            ui.horizontal(|ui| {
                egui::ComboBox::from_label("quality")
                    .selected_text(format!("{:?}", side.quality))
                    .show_ui(ui, |ui| {
                        for q in [Quality::Green, Quality::Veteran, Quality::Elite] {
                            ui.selectable_value(&mut side.quality, q, format!("{q:?}"));
                        }
                    });
                let mut rules = side.control == crate::rules::scenario::Control::Rules;
                if ui.checkbox(&mut rules, "played by the app").changed() {
                    side.control = if rules {
                        crate::rules::scenario::Control::Rules
                    } else {
                        crate::rules::scenario::Control::Human
                    };
                }
            });
            ui.weak(format!("{} units", side.units.len()));
        });
    }
}

/// The map: hexes in their terrain, units as counters; the mouse paints, fills, places,
/// drags and removes.
fn map(
    ui: &mut egui::Ui,
    s: &mut Making,
    roster: &Roster,
    problems: &[crate::rules::scenario::ScenarioError],
) {
    let (rect, response) =
        ui.allocate_exact_size(ui.available_size(), egui::Sense::click_and_drag());
    let grid = s.editor.grid();
    let l = layout();
    let (w, h) = s.editor.size();
    // World bounds of the map's rectangle, then a scale that fits it in the panel.
    let corners: Vec<glam::Vec2> = [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (1, h - 1)]
        .iter()
        .map(|&(c, r)| l.hex_to_world_pos(hex_at(c, r)))
        .collect();
    let min = corners
        .iter()
        .fold(glam::Vec2::splat(f32::MAX), |m, p| m.min(*p))
        - 1.0;
    let max = corners
        .iter()
        .fold(glam::Vec2::splat(f32::MIN), |m, p| m.max(*p))
        + 1.0;
    let scale = (rect.width() / (max.x - min.x)).min(rect.height() / (max.y - min.y));
    // Centred in the panel; world y grows upwards, the screen's downwards.
    let origin = rect.center() - egui::vec2((max.x - min.x) * scale, (max.y - min.y) * scale) / 2.0;
    let to_screen = |p: glam::Vec2| {
        egui::pos2(
            origin.x + (p.x - min.x) * scale,
            origin.y + (max.y - p.y) * scale,
        )
    };
    let to_world = |p: egui::Pos2| {
        glam::Vec2::new(
            (p.x - origin.x) / scale + min.x,
            max.y - (p.y - origin.y) / scale,
        )
    };
    let def = s.editor.scenario().clone();
    let painter = ui.painter_at(rect);
    for (&(c, r), t) in &grid {
        let hex = hex_at(c, r);
        let points: Vec<egui::Pos2> = l.hex_corners(hex).iter().map(|p| to_screen(*p)).collect();
        painter.add(egui::Shape::convex_polygon(
            points,
            colour(t),
            egui::Stroke::new(1.0, egui::Color32::from_black_alpha(90)),
        ));
        let centre = to_screen(l.hex_to_world_pos(hex));
        if t.road {
            // A road runs to each neighbour with a road; a lone road hex is a dot.
            let road = egui::Stroke::new(
                (scale * 0.16).max(2.0),
                egui::Color32::from_rgb(200, 180, 140),
            );
            let mut joined = false;
            for n in hex.all_neighbors() {
                if grid.get(&col_row(n)).is_some_and(|o| o.road) {
                    let half = (l.hex_to_world_pos(hex) + l.hex_to_world_pos(n)) / 2.0;
                    painter.line_segment([centre, to_screen(half)], road);
                    joined = true;
                }
            }
            if !joined {
                painter.circle_filled(centre, scale * 0.18, road.color);
            }
        }
        if let Goal::Capture { of, .. } = &def.goal
            && of.contains(&(c, r))
        {
            painter.circle_stroke(
                centre,
                scale * 0.75,
                egui::Stroke::new(3.0, egui::Color32::from_rgb(240, 200, 60)),
            );
        }
        for (i, side) in def.sides.iter().enumerate() {
            if side.entrenchments.contains(&(c, r)) {
                painter.rect_filled(
                    egui::Rect::from_center_size(
                        centre - egui::vec2(0.0, scale * 0.62),
                        egui::vec2(scale * 0.9, scale * 0.16),
                    ),
                    1.0,
                    crate::ui::side_colour32(i),
                );
            }
        }
        if t.hill > 0 || matches!(t.ground, Ground::Building(_)) {
            painter.text(
                centre + egui::vec2(0.0, scale * 0.45),
                egui::Align2::CENTER_CENTER,
                t.cell(),
                egui::FontId::monospace((scale * 0.3).clamp(8.0, 14.0)),
                egui::Color32::from_white_alpha(170),
            );
        }
    }
    let units: Vec<(usize, String, String, (i32, i32), bool)> = def
        .sides
        .iter()
        .enumerate()
        .flat_map(|(i, x)| {
            x.units
                .iter()
                .filter(|u| u.aboard.is_none())
                .map(move |u| (i, u.id.clone(), u.profile.clone(), u.at, u.hidden))
        })
        .collect();
    for (k, (side, id, profile, at, hidden)) in units.iter().enumerate() {
        // Units sharing a hex (a leader or Jedi with its unit) step aside, so each shows.
        let below = units[..k].iter().filter(|u| u.3 == *at).count() as f32;
        let centre = to_screen(l.hex_to_world_pos(hex_at(at.0, at.1)))
            + egui::vec2(scale * 0.3, scale * 0.3) * below;
        let half = scale * 0.55;
        let chosen = s.selected.as_deref() == Some(id.as_str());
        let troubled = problems.iter().any(|p| p.message.contains(id.as_str()));
        let fill = crate::ui::side_colour32(*side);
        painter.rect(
            egui::Rect::from_center_size(centre, egui::vec2(half * 2.0, half * 1.4)),
            3.0,
            if *hidden {
                fill.gamma_multiply(0.55)
            } else {
                fill
            },
            egui::Stroke::new(
                if chosen || troubled { 3.0 } else { 1.0 },
                match (chosen, troubled) {
                    (true, _) => egui::Color32::WHITE,
                    (false, true) => egui::Color32::from_rgb(255, 60, 40),
                    _ => egui::Color32::BLACK,
                },
            ),
            egui::StrokeKind::Inside,
        );
        // The counter's mark, as the table shows it.
        let short = roster
            .profile(profile)
            .map_or_else(|| "?".to_string(), |p| p.symbol.clone());
        painter.text(
            centre,
            egui::Align2::CENTER_CENTER,
            short,
            egui::FontId::proportional((scale * 0.5).clamp(9.0, 18.0)),
            egui::Color32::BLACK,
        );
    }
    let hex_under = |p: egui::Pos2| col_row(l.world_pos_to_hex(to_world(p)));
    // A unit dragged from the list is placed where it is let go (the map is not hovered
    // while something else is dragged).
    let pointer = response
        .interact_pointer_pos()
        .or(response.hover_pos())
        .or_else(|| ui.ctx().pointer_latest_pos().filter(|p| rect.contains(*p)));
    if let Some(d) = response.dnd_release_payload::<editor_bar::Dragged>()
        && let Some(p) = pointer
    {
        let (side, at) = (s.side, hex_under(p));
        s.tool = Tool::Units;
        s.profile = d.0.clone();
        s.apply(
            Edit::Place {
                side,
                profile: d.0.clone(),
                at,
            },
            roster,
        );
    }
    let Some(at) = pointer.map(hex_under) else {
        return;
    };
    if let Some(t) = grid.get(&at) {
        let here: Vec<&String> = units.iter().filter(|u| u.3 == at).map(|u| &u.2).collect();
        let text = if here.is_empty() {
            format!("({}, {}) {}", at.0, at.1, t.describe())
        } else {
            format!(
                "({}, {}) {} · {}",
                at.0,
                at.1,
                t.describe(),
                here.iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        painter.text(
            rect.left_bottom() + egui::vec2(8.0, -8.0),
            egui::Align2::LEFT_BOTTOM,
            text,
            egui::FontId::proportional(14.0),
            egui::Color32::WHITE,
        );
    }
    let unit_at = units.iter().rev().find(|u| u.3 == at).map(|u| u.1.clone());
    let pressed = ui.input(|i| i.pointer.press_origin()).map_or(at, hex_under);
    // Where a line or a copied rectangle began: the press is forgotten once the button is up.
    if response.drag_started() {
        s.drag_from = Some(pressed);
    }
    let from = s.drag_from.unwrap_or(pressed);
    if response.drag_stopped() {
        s.drag_from = None;
    }
    match s.tool {
        Tool::Brush => {
            if response.drag_started() || response.clicked() {
                s.stroke = Some(s.editor.undo_depth());
                s.last_hex = None;
                // The hex where the button went down: the pointer may have left it already.
                if response.drag_started() && pressed != at {
                    let (paint, radius) = (s.paint, s.radius);
                    s.apply(
                        Edit::Paint {
                            at: pressed,
                            radius,
                            paint,
                        },
                        roster,
                    );
                }
            }
            if (response.dragged() || response.clicked()) && s.last_hex != Some(at) {
                s.last_hex = Some(at);
                let (paint, radius) = (s.paint, s.radius);
                s.apply(Edit::Paint { at, radius, paint }, roster);
            }
            if (response.drag_stopped() || response.clicked())
                && let Some(mark) = s.stroke.take()
            {
                s.editor.squash(mark);
            }
        }
        Tool::Fill => {
            if response.clicked() {
                let paint = s.paint;
                s.apply(Edit::Fill { at, paint }, roster);
            }
        }
        Tool::Line => {
            if response.dragged() {
                // The line as it will be laid.
                for hex in hex_at(from.0, from.1).line_to(hex_at(at.0, at.1)) {
                    let pts: Vec<egui::Pos2> =
                        l.hex_corners(hex).iter().map(|p| to_screen(*p)).collect();
                    painter.add(egui::Shape::closed_line(
                        pts,
                        egui::Stroke::new(2.0, egui::Color32::WHITE),
                    ));
                }
            }
            if response.drag_stopped() {
                let paint = s.paint;
                s.apply(
                    Edit::Line {
                        from: from,
                        to: at,
                        paint,
                    },
                    roster,
                );
            }
        }
        Tool::Copy => {
            // From an even column, as it is drawn again: the copy keeps its hexes' shifts.
            let left = from.0.min(at.0);
            let (lo, hi) = (
                (left - left.rem_euclid(2), from.1.min(at.1)),
                (from.0.max(at.0), from.1.max(at.1)),
            );
            if response.dragged() {
                for (c, r) in (lo.0..=hi.0).flat_map(|c| (lo.1..=hi.1).map(move |r| (c, r))) {
                    let pts: Vec<egui::Pos2> = l
                        .hex_corners(hex_at(c, r))
                        .iter()
                        .map(|p| to_screen(*p))
                        .collect();
                    painter.add(egui::Shape::closed_line(
                        pts,
                        egui::Stroke::new(1.5, egui::Color32::WHITE),
                    ));
                }
            }
            if response.drag_stopped() {
                s.clip = (lo.1..=hi.1)
                    .map(|r| {
                        (lo.0..=hi.0)
                            .map(|c| grid.get(&(c, r)).copied().unwrap_or(HexTerrain::CLEAR))
                            .collect()
                    })
                    .collect();
                s.kept.message = Some((
                    true,
                    format!("Copied {} by {} hexes", hi.0 - lo.0 + 1, hi.1 - lo.1 + 1),
                ));
            }
            if response.clicked() && !s.clip.is_empty() {
                let corner = (at.0 - at.0.rem_euclid(2), at.1);
                let cells = s.clip.clone();
                s.apply(Edit::Stamp { cells, at: corner }, roster);
                s.size = s.editor.size();
            }
        }
        Tool::Tiles => {
            // The tile's top-left at an even column, so its odd columns stay as drawn.
            let corner = (at.0 - at.0.rem_euclid(2), at.1);
            let (w, h) = match &s.tile.1 {
                Some(cells) => (cells.first().map_or(0, Vec::len) as i32, cells.len() as i32),
                None => super::editor::bundled_tile(&s.tile.0).map_or((0, 0), |c| {
                    (c.first().map_or(0, Vec::len) as i32, c.len() as i32)
                }),
            };
            let outline = [
                (corner.0, corner.1),
                (corner.0 + w - 1, corner.1),
                (corner.0 + w - 1, corner.1 + h - 1),
                (corner.0, corner.1 + h - 1),
            ]
            .map(|(c, r)| to_screen(l.hex_to_world_pos(hex_at(c, r))));
            painter.add(egui::Shape::closed_line(
                outline.to_vec(),
                egui::Stroke::new(2.0, egui::Color32::WHITE),
            ));
            if response.clicked() {
                let edit = match &s.tile.1 {
                    Some(cells) => Edit::Stamp {
                        cells: cells.clone(),
                        at: corner,
                    },
                    None => Edit::PlaceTile {
                        tile: s.tile.0.clone(),
                        at: corner,
                    },
                };
                s.apply(edit, roster);
                s.size = s.editor.size();
            }
        }
        Tool::Entrench => {
            if response.clicked() && grid.contains_key(&at) {
                let mut def = s.editor.scenario().clone();
                if let Some(side) = def.sides.get_mut(s.side) {
                    match side.entrenchments.iter().position(|e| *e == at) {
                        Some(k) => {
                            side.entrenchments.remove(k);
                        }
                        None => side.entrenchments.push(at),
                    }
                    s.apply(Edit::Set(Box::new(def)), roster);
                }
            }
        }
        Tool::GoalBuildings => {
            if response.clicked() {
                let mut def = s.editor.scenario().clone();
                match &mut def.goal {
                    Goal::Capture { of, .. } => {
                        match of.iter().position(|b| *b == at) {
                            Some(k) => {
                                of.remove(k);
                            }
                            None => of.push(at),
                        }
                        s.apply(Edit::Set(Box::new(def)), roster);
                    }
                    Goal::EliminateAll => {
                        s.kept.message =
                            Some((false, "Choose the goal 'Capture buildings' first".into()));
                    }
                }
            }
        }
        Tool::Units => {
            if response.drag_started() {
                // The unit where the button went down: the pointer has moved on by now.
                s.dragging = units
                    .iter()
                    .rev()
                    .find(|u| u.3 == pressed)
                    .map(|u| u.1.clone());
                s.selected = s.dragging.clone();
            }
            if response.drag_stopped()
                && let Some(id) = s.dragging.take()
            {
                s.apply(Edit::Move { id, to: at }, roster);
            }
            if response.clicked() {
                match unit_at.clone() {
                    Some(id) => s.selected = Some(id),
                    None => {
                        let (side, profile) = (s.side, s.profile.clone());
                        s.apply(Edit::Place { side, profile, at }, roster);
                    }
                }
            }
            if response.secondary_clicked()
                && let Some(id) = unit_at
            {
                s.apply(Edit::Remove { id: id.clone() }, roster);
                if s.selected.as_deref() == Some(id.as_str()) {
                    s.selected = None;
                }
            }
            if let (Some(_), Some(p)) = (&s.dragging, response.interact_pointer_pos()) {
                painter.circle_stroke(p, scale * 0.5, egui::Stroke::new(2.0, egui::Color32::WHITE));
            }
        }
    }
}

editor_bar::screen!(Making, Editor, Editor::new(16, 10), ID, editor_screen);
