//! The mass combat's scenario editor on screen (docs/editor.md): the open ground in metres,
//! units of the roster placed by clicking, dragged, removed with a right click, the sides and
//! their commanders, with `check`'s problems as you go, undo and redo, save, and play at once.
//! The edits are [`super::editor`]'s.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::editor::{Edit, Editor};
use super::rules::code::Code;
use super::rules::scenario::Scenario;
use super::{BUNDLED, ID};
use crate::rules::scenario::Control;
use crate::ui::editor_bar::{self, Kept};

/// The scenario being made, and the editor's choices; kept while a game of it is played.
#[derive(Resource)]
struct Making {
    editor: Editor,
    kept: Kept,
    /// The side and roster entry a click places.
    side: usize,
    roster: String,
    /// The unit chosen, and the one being dragged.
    selected: Option<String>,
    dragging: Option<String>,
}

impl Making {
    fn with(editor: Editor, kept: Kept) -> Self {
        let roster = editor
            .roster()
            .first()
            .map(|(id, _)| id.clone())
            .unwrap_or_default();
        Self {
            editor,
            kept,
            side: 0,
            roster,
            selected: None,
            dragging: None,
        }
    }

    fn apply(&mut self, edit: Edit) {
        match self.editor.apply(edit) {
            Ok(()) => self.kept.message = None,
            Err(why) if why == crate::rules::history::NOTHING => {}
            Err(why) => self.kept.message = Some((false, why)),
        }
    }
}

fn editor_screen(
    mut ctx: EguiContexts,
    mut making: ResMut<Making>,
    mut shell: editor_bar::Shell,
) -> Result {
    let ctx = ctx.ctx_mut()?.clone();
    let s = &mut *making;
    let problems = s.editor.problems(&s.kept.file_name());
    // The units the problems concern, to ring on the ground and to choose on a click.
    let text = s.editor.text().unwrap_or_default();
    let concerned: Vec<Option<String>> = problems
        .iter()
        .map(|p| {
            editor_bar::id_at_line(&text, p.line)
                .filter(|id| s.editor.scenario().units.iter().any(|u| &u.id == id))
        })
        .collect();
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
            "Scenario editor · Star Wars D6 Mass Combat",
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
                if let Some(k) = editor_bar::problems(ui, &problems)
                    && let Some(id) = &concerned[k]
                {
                    s.selected = Some(id.clone());
                }
                ui.separator();
                placing(ui, s);
                ui.separator();
                let mut def = s.editor.scenario().clone();
                fields(ui, &mut def, s.selected.as_deref());
                if &def != s.editor.scenario() {
                    s.apply(Edit::Set(Box::new(def)));
                }
            });
        });
    let flagged: Vec<String> = concerned.into_iter().flatten().collect();
    egui::CentralPanel::default().show(&mut root, |ui| ground(ui, s, &flagged));
    Ok(())
}

/// What a click places: the side and the roster entry; and the chosen unit's Remove.
fn placing(ui: &mut egui::Ui, s: &mut Making) {
    ui.heading("Units");
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
    let roster = s.editor.roster();
    let entries: Vec<(String, String)> = roster.clone();
    editor_bar::drag_list(ui, "units", &entries, &mut s.roster);
    ui.weak("Drag a unit from the list onto the ground, or choose it and click the ground; drag a unit on the ground to move it; right-click it to remove it.");
    if let Some(id) = s.selected.clone()
        && ui
            .button(format!("Copy {id}"))
            .on_hover_text("Another unit like it, 10 m to the right, with a new id")
            .clicked()
    {
        let mut def = s.editor.scenario().clone();
        if let Some(u) = def.units.iter().find(|u| u.id == id).cloned() {
            let copy =
                crate::rules::layout::fresh_id(&u.id, |x| def.units.iter().any(|v| v.id == x));
            let mut unit = u;
            unit.id = copy.clone();
            unit.at.0 = (unit.at.0 + 10.0).min(def.ground.width);
            unit.aboard = None;
            def.units.push(unit);
            s.apply(Edit::Set(Box::new(def)));
            s.selected = Some(copy);
        }
    }
    if let Some(id) = s.selected.clone()
        && ui.button(format!("Remove {id}")).clicked()
    {
        s.apply(Edit::Remove { id });
        s.selected = None;
    }
}

/// A code's text box: the code as typed, kept only when it reads ("2D+1").
fn code_field(ui: &mut egui::Ui, label: &str, code: &mut Code) {
    let mut text = code.to_string();
    ui.horizontal(|ui| {
        ui.label(label);
        if ui
            .add(egui::TextEdit::singleline(&mut text).desired_width(60.0))
            .changed()
            && let Ok(c) = Code::parse(&text)
        {
            *code = c;
        }
    });
}

/// The battle's fields, each side's commander, and the chosen unit's name and size.
fn fields(ui: &mut egui::Ui, def: &mut Scenario, chosen: Option<&str>) {
    if let Some(u) = chosen.and_then(|id| def.units.iter_mut().find(|u| u.id == id)) {
        ui.heading(format!("Chosen: {}", u.id));
        let mut name = u.name.clone().unwrap_or_default();
        ui.horizontal(|ui| {
            ui.label("Name");
            if ui.text_edit_singleline(&mut name).changed() {
                u.name = (!name.trim().is_empty()).then_some(name);
            }
        });
        let mut size = u.size.unwrap_or(0);
        if ui
            .add(
                egui::DragValue::new(&mut size)
                    .range(0..=10_000)
                    .prefix("Size (0: the roster's): "),
            )
            .changed()
        {
            u.size = (size > 0).then_some(size);
        }
        ui.separator();
    }
    unit_rules(ui, def, chosen);
    ui.heading("Battle");
    ui.horizontal(|ui| {
        ui.label("Name");
        ui.text_edit_singleline(&mut def.name);
    });
    ui.label("Description");
    ui.add(egui::TextEdit::multiline(&mut def.description).desired_rows(2));
    let mut rounds = def
        .turn_limit
        .unwrap_or(super::rules::scenario::DEFAULT_TURN_LIMIT);
    if ui
        .add(
            egui::DragValue::new(&mut rounds)
                .range(1..=60)
                .prefix("Rounds at most: "),
        )
        .changed()
    {
        def.turn_limit = Some(rounds);
    }
    ui.horizontal(|ui| {
        ui.add(
            egui::DragValue::new(&mut def.ground.width)
                .range(20.0..=20_000.0)
                .suffix(" m wide"),
        );
        ui.add(
            egui::DragValue::new(&mut def.ground.depth)
                .range(20.0..=20_000.0)
                .suffix(" m deep"),
        );
    });
    ui.checkbox(&mut def.command, "Commanders' command counts")
        .on_hover_text("Off: \"ignore commanders and simply resolve actions between units\"");
    ui.checkbox(&mut def.referee, "Referee mode: one person runs both sides");
    for (i, side) in def.sides.iter_mut().enumerate() {
        ui.separator();
        ui.push_id(i, |ui| {
            ui.horizontal(|ui| {
                ui.colored_label(crate::ui::side_colour32(i), "■");
                ui.text_edit_singleline(&mut side.name);
            });
            let mut rules = side.control == Control::Rules;
            if ui.checkbox(&mut rules, "played by the app").changed() {
                side.control = if rules {
                    Control::Rules
                } else {
                    Control::Human
                };
            }
            ui.horizontal(|ui| {
                ui.label("Commander");
                ui.text_edit_singleline(&mut side.commander.name);
            });
            code_field(ui, "Command", &mut side.commander.command);
            ui.checkbox(&mut side.commander.pc, "a player character");
        });
    }
}

/// The chosen unit's rules where they differ from its roster entry's: its strength, its
/// skills, the weapons it carries besides, and the transport it starts aboard.
fn unit_rules(ui: &mut egui::Ui, def: &mut Scenario, chosen: Option<&str>) {
    let roster = super::rules::scenario::roster(def);
    let Some(k) = chosen.and_then(|id| def.units.iter().position(|u| u.id == id)) else {
        return;
    };
    let carriers: Vec<(String, (f32, f32))> = def
        .units
        .iter()
        .filter(|t| {
            t.side == def.units[k].side
                && t.id != def.units[k].id
                && roster.get(&t.roster).is_some_and(|r| r.carries > 0)
        })
        .map(|t| (t.id.clone(), t.at))
        .collect();
    let u = &mut def.units[k];
    let Some(kind) = roster.get(&u.roster).cloned() else {
        return;
    };
    ui.label(format!("Rules ({}'s where left as they are)", kind.name));
    let mut strength = u.strength.unwrap_or(kind.strength);
    code_field(ui, "Strength", &mut strength);
    u.strength = (strength != kind.strength).then_some(strength);
    experience_and_arrival(ui, u);
    let mut names: Vec<String> = kind.skills.keys().cloned().collect();
    names.extend(
        u.skills
            .keys()
            .filter(|n| !kind.skills.contains_key(*n))
            .cloned(),
    );
    for name in names {
        let base = kind.skill(&name);
        let mut code = u.skills.get(&name).copied().unwrap_or(base);
        ui.push_id(("skill", &name), |ui| {
            code_field(ui, &name, &mut code);
        });
        if code == base {
            u.skills.remove(&name);
        } else {
            u.skills.insert(name, code);
        }
    }
    let mut gone = None;
    for (i, w) in u.extra_weapons.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("Also carries: {} ({})", w.name, w.damage));
            if ui.small_button("✖").clicked() {
                gone = Some(i);
            }
        });
    }
    if let Some(i) = gone {
        u.extra_weapons.remove(i);
    }
    let mut weapons: Vec<super::rules::unit::Weapon> = Vec::new();
    for w in roster.units.iter().flat_map(|t| &t.weapons) {
        if !weapons.iter().any(|x| x.name == w.name) {
            weapons.push(w.clone());
        }
    }
    ui.menu_button("Carries a weapon besides…", |ui| {
        egui::ScrollArea::vertical()
            .max_height(360.0)
            .show(ui, |ui| {
                for w in &weapons {
                    if ui
                        .button(format!("{} ({}, {})", w.name, w.skill, w.damage))
                        .clicked()
                    {
                        u.extra_weapons.push(w.clone());
                        ui.close();
                    }
                }
            });
    });
    if !carriers.is_empty() || u.aboard.is_some() {
        let before = u.aboard.clone();
        egui::ComboBox::from_label("Starts aboard")
            .selected_text(u.aboard.as_deref().unwrap_or("none"))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut u.aboard, None, "none");
                for (id, _) in &carriers {
                    ui.selectable_value(&mut u.aboard, Some(id.clone()), id);
                }
            });
        // Aboard, it stands where its transport does.
        if u.aboard != before
            && let Some((_, at)) = carriers
                .iter()
                .find(|(id, _)| Some(id) == u.aboard.as_ref())
        {
            u.at = *at;
        }
    }
    ui.separator();
}

/// The unit's place on the experience chart, which makes its dodge and weapon skills, and the
/// difficulty of arriving on time its deployments roll against (docs/rules/mass_combat.md, on
/// `The experience chart` and `Arriving on time`).
fn experience_and_arrival(ui: &mut egui::Ui, u: &mut super::rules::scenario::UnitDef) {
    use super::rules::charts::{Army, Difficulty, Experience};
    use super::rules::scenario::ExperienceDef;
    let levels = [
        (Experience::Recruit, "Recruit"),
        (Experience::Average, "Average"),
        (Experience::Veteran, "Veteran"),
        (Experience::Elite, "Elite"),
        (Experience::HandPickedElite, "Hand-Picked Elite"),
    ];
    let word = |e: Option<ExperienceDef>| {
        e.map_or("the roster's skills".to_string(), |e| {
            let level = levels.iter().find(|l| l.0 == e.level).map_or("", |l| l.1);
            let army = if e.army == Army::Imperial {
                "Imperial"
            } else {
                "Rebel"
            };
            format!("{army} {level}")
        })
    };
    egui::ComboBox::from_label("Experience")
        .selected_text(word(u.experience))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut u.experience, None, word(None));
            for army in [Army::Imperial, Army::Rebel] {
                for (level, _) in levels {
                    let e = Some(ExperienceDef { level, army });
                    ui.selectable_value(&mut u.experience, e, word(e));
                }
            }
        })
        .response
        .on_hover_text("Quick statistics from the text's experience chart: the unit's dodge and weapon skills at the middle of its range");
    let difficulty = |d: Option<Difficulty>| d.map_or("automatic", Difficulty::word);
    egui::ComboBox::from_label("Arriving on time")
        .selected_text(difficulty(u.arrival))
        .show_ui(ui, |ui| {
            for d in std::iter::once(None).chain(Difficulty::ALL.map(Some)) {
                ui.selectable_value(&mut u.arrival, d, difficulty(d));
            }
        })
        .response
        .on_hover_text("Each of its deployments makes a combined DEX (vehicles: SPEED) roll against this to arrive on time");
}

/// The open ground, to scale: units as discs in their side's colour with their names; the
/// mouse places, drags and removes them.
fn ground(ui: &mut egui::Ui, s: &mut Making, flagged: &[String]) {
    let (rect, response) =
        ui.allocate_exact_size(ui.available_size(), egui::Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    let g = s.editor.scenario().ground;
    let scale = (rect.width() / g.width).min(rect.height() / g.depth) * 0.95;
    let origin = rect.center() + egui::vec2(-g.width, g.depth) * scale / 2.0;
    // Metres up from the bottom edge; the screen's y grows downwards.
    let to_screen = |(x, y): (f32, f32)| origin + egui::vec2(x * scale, -y * scale);
    let to_ground = |p: egui::Pos2| ((p.x - origin.x) / scale, (origin.y - p.y) / scale);
    painter.rect_filled(
        egui::Rect::from_two_pos(to_screen((0.0, 0.0)), to_screen((g.width, g.depth))),
        2.0,
        egui::Color32::from_rgb(96, 112, 72),
    );
    // A line every 10 metres, stronger every 50.
    let mut m = 0.0;
    while m <= g.width.max(g.depth) {
        let stroke = egui::Stroke::new(
            1.0,
            egui::Color32::from_black_alpha(if m % 50.0 == 0.0 { 90 } else { 35 }),
        );
        if m <= g.width {
            painter.line_segment([to_screen((m, 0.0)), to_screen((m, g.depth))], stroke);
        }
        if m <= g.depth {
            painter.line_segment([to_screen((0.0, m)), to_screen((g.width, m))], stroke);
        }
        m += 10.0;
    }
    let def = s.editor.scenario().clone();
    let sides: Vec<&str> = def.sides.iter().map(|x| x.id.as_str()).collect();
    let roster = s.editor.roster();
    let radius = (scale * 6.0).clamp(8.0, 22.0);
    for u in def.units.iter().filter(|u| u.aboard.is_none()) {
        let side = sides.iter().position(|x| *x == u.side).unwrap_or(0);
        let centre = to_screen(u.at);
        let chosen = s.selected.as_deref() == Some(u.id.as_str());
        if flagged.contains(&u.id) {
            painter.circle_stroke(
                centre,
                radius + 4.0,
                egui::Stroke::new(3.0, egui::Color32::from_rgb(255, 90, 70)),
            );
        }
        painter.circle(
            centre,
            radius,
            crate::ui::side_colour32(side),
            egui::Stroke::new(
                if chosen { 3.0 } else { 1.0 },
                if chosen {
                    egui::Color32::WHITE
                } else {
                    egui::Color32::BLACK
                },
            ),
        );
        painter.text(
            centre + egui::vec2(0.0, radius + 8.0),
            egui::Align2::CENTER_CENTER,
            u.name.clone().unwrap_or_else(|| {
                roster
                    .iter()
                    .find(|(id, _)| *id == u.roster)
                    .map_or_else(|| u.id.clone(), |(_, n)| n.clone())
            }),
            egui::FontId::proportional(13.0),
            egui::Color32::WHITE,
        );
    }
    // A unit dragged from the list is placed where it is let go (the ground is not hovered
    // while something else is dragged).
    let Some(p) = response
        .interact_pointer_pos()
        .or(response.hover_pos())
        .or_else(|| ui.ctx().pointer_latest_pos().filter(|p| rect.contains(*p)))
    else {
        return;
    };
    if let Some(d) = response.dnd_release_payload::<editor_bar::Dragged>() {
        let (x, y) = to_ground(p);
        let side = s.side;
        s.roster = d.0.clone();
        s.apply(Edit::Place {
            side,
            roster: d.0.clone(),
            at: (x.round(), y.round()),
        });
    }
    let at = to_ground(p);
    painter.text(
        rect.left_bottom() + egui::vec2(8.0, -8.0),
        egui::Align2::LEFT_BOTTOM,
        format!("{:.0} m, {:.0} m", at.0, at.1),
        egui::FontId::proportional(14.0),
        egui::Color32::WHITE,
    );
    let unit_at = |p: egui::Pos2| {
        def.units
            .iter()
            .rev()
            .find(|u| to_screen(u.at).distance(p) <= radius)
            .map(|u| u.id.clone())
    };
    let under = unit_at(p);
    let at = (at.0.round(), at.1.round());
    if response.drag_started() {
        // The unit where the button went down: the pointer has moved on by now.
        let pressed = ui.input(|i| i.pointer.press_origin()).unwrap_or(p);
        s.dragging = unit_at(pressed);
        s.selected = s.dragging.clone();
    }
    if response.drag_stopped()
        && let Some(id) = s.dragging.take()
    {
        s.apply(Edit::Move { id, to: at });
    }
    if response.clicked() {
        match under.clone() {
            Some(id) => s.selected = Some(id),
            None => {
                let (side, roster) = (s.side, s.roster.clone());
                s.apply(Edit::Place { side, roster, at });
            }
        }
    }
    if response.secondary_clicked()
        && let Some(id) = under
    {
        if s.selected.as_deref() == Some(id.as_str()) {
            s.selected = None;
        }
        s.apply(Edit::Remove { id });
    }
}

editor_bar::screen!(Making, Editor, Editor::new(), ID, editor_screen);
