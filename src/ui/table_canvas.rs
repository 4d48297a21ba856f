//! The inch table of a scenario editor, drawn with egui: the cloth to scale with a line every
//! inch and every 6", terrain outlines and markers (figures, counters, tokens), and the mouse
//! turned into gestures: draw a rectangle, circle or polygon, select (click, Shift+click, drag
//! a box), move what is selected, drag a corner or edge to resize, turn with Q and E, remove
//! with a right click or Delete, copy and paste with Ctrl+C and Ctrl+V. The rule sets' editors
//! (Tyneside, 1 Stat Skirmish) turn the gestures into their edits (docs/editor.md).

use bevy_egui::egui;
use glam::Vec2;

use crate::rules::geometry::Shape;
use crate::rules::layout::{snap, snap_point};

/// What a press of the mouse on the table does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Select, move, resize.
    Select,
    /// Draw a rectangle corner to corner.
    Rect,
    /// Draw a circle from its centre.
    Circle,
    /// Click a polygon's corners; click the first again, double-click or press Enter to close.
    Polygon,
    /// Click to place the rule set's marker (a figure, a counter).
    Place,
}

/// A terrain outline as drawn.
pub struct Outline<'a> {
    /// Its key (the rule set's id of the piece).
    pub key: &'a str,
    /// Its outline, inches.
    pub shape: &'a Shape,
    /// Its fill.
    pub fill: egui::Color32,
    /// A problem concerns it (drawn in red).
    pub problem: bool,
}

/// How a marker is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// A round base.
    Disc,
    /// A portal counter.
    Diamond,
    /// An objective or token.
    Square,
}

/// A marker on the table: a figure, a counter, a token.
pub struct Marker {
    /// Its key (chosen by the rule set, unique among markers).
    pub key: String,
    /// Where, inches.
    pub at: Vec2,
    /// Its radius, inches (drawn at least 7 px).
    pub radius: f32,
    /// Its fill.
    pub fill: egui::Color32,
    /// How it looks.
    pub look: Look,
    /// A word under it.
    pub label: String,
    /// A problem concerns it.
    pub problem: bool,
}

/// An area drawn on the cloth under the terrain, not picked: a start area, an objective's
/// reach, where a token lies.
pub struct Zone {
    /// Its centre, inches.
    pub centre: Vec2,
    /// Its radius, inches.
    pub radius: f32,
    /// Its colour (drawn faint).
    pub colour: egui::Color32,
    /// A word at its centre.
    pub label: String,
}

/// Something picked on the table, by key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Picked {
    /// A terrain outline.
    Outline(String),
    /// A marker.
    Marker(String),
}

/// What the mouse or keyboard did, for the rule set to turn into an edit.
#[derive(Clone, Debug, PartialEq)]
pub enum Gesture {
    /// A new outline was drawn.
    Drawn(Shape),
    /// The selection was dragged by `by`, inches.
    Moved(Vec<Picked>, Vec2),
    /// An outline's handle was dragged: its new outline.
    Reshaped(String, Shape),
    /// An outline was turned, degrees counter-clockwise.
    Turned(String, f32),
    /// A click with the Place tool on open table.
    Place(Vec2),
    /// Remove these.
    Removed(Vec<Picked>),
    /// Copy the selection.
    Copy,
    /// Paste what was copied, centred at this point.
    Paste(Vec2),
    /// A roster entry dragged from the editor's list was let go here
    /// ([`crate::ui::editor_bar::Dragged`]).
    Dropped(String, Vec2),
}

/// What the table keeps between frames.
#[derive(Clone, Debug)]
pub struct Canvas {
    /// The tool in hand.
    pub tool: Tool,
    /// What is selected.
    pub selected: Vec<Picked>,
    /// Snap places and sizes to 0.5".
    pub snap: bool,
    /// A polygon's corners clicked so far.
    corners: Vec<Vec2>,
    /// What a drag began on.
    drag: Option<Drag>,
}

#[derive(Clone, Debug)]
enum Drag {
    Moving(Vec2),
    Handle(String, usize),
    Drawing(Vec2),
    Boxing(Vec2),
}

/// The snapping step, inches.
pub const SNAP: f32 = 0.5;

impl Default for Canvas {
    fn default() -> Self {
        Self {
            tool: Tool::Select,
            selected: Vec::new(),
            snap: true,
            corners: Vec::new(),
            drag: None,
        }
    }
}

/// Inches to screen and back.
#[derive(Clone, Copy)]
struct View {
    origin: egui::Pos2,
    scale: f32,
}

impl View {
    fn screen(self, p: Vec2) -> egui::Pos2 {
        self.origin + egui::vec2(p.x * self.scale, -p.y * self.scale)
    }
    fn table(self, p: egui::Pos2) -> Vec2 {
        Vec2::new(
            (p.x - self.origin.x) / self.scale,
            (self.origin.y - p.y) / self.scale,
        )
    }
}

impl Canvas {
    fn snapped(&self, p: Vec2) -> Vec2 {
        if self.snap {
            snap_point(p.into(), SNAP).into()
        } else {
            p
        }
    }

    /// Draws a table of `size` inches with `zones`, `outlines` and `markers` in all the space
    /// `ui` has, and what the mouse and keys did this frame.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        size: Vec2,
        zones: &[Zone],
        outlines: &[Outline],
        markers: &[Marker],
    ) -> Vec<Gesture> {
        let (rect, response) =
            ui.allocate_exact_size(ui.available_size(), egui::Sense::click_and_drag());
        let painter = ui.painter_at(rect);
        let scale = (rect.width() / size.x).min(rect.height() / size.y) * 0.95;
        let view = View {
            origin: rect.center() + egui::vec2(-size.x, size.y) * scale / 2.0,
            scale,
        };
        let mut out = Vec::new();
        // While something is dragged from a list the table is not hovered: the pointer is.
        let pointer = response
            .interact_pointer_pos()
            .or(response.hover_pos())
            .or_else(|| ui.ctx().pointer_latest_pos().filter(|p| rect.contains(*p)));
        let at = pointer.map(|p| view.table(p));
        // The offset of a move being dragged, to draw the selection where it will go.
        let moving = match (&self.drag, at) {
            (Some(Drag::Moving(from)), Some(at)) => self.snapped(at - *from),
            _ => Vec2::ZERO,
        };
        let handle_drag = match (&self.drag, at) {
            (Some(Drag::Handle(key, k)), Some(at)) => Some((key.clone(), *k, self.snapped(at))),
            _ => None,
        };
        draw_cloth(&painter, view, size);
        let cloth = painter.with_clip_rect(
            egui::Rect::from_two_pos(view.screen(Vec2::ZERO), view.screen(size)).intersect(rect),
        );
        for z in zones {
            let c = view.screen(z.centre);
            cloth.circle(
                c,
                z.radius * scale,
                z.colour.gamma_multiply(0.25),
                egui::Stroke::new(1.5, z.colour),
            );
            cloth.text(
                c,
                egui::Align2::CENTER_CENTER,
                &z.label,
                egui::FontId::proportional(12.0),
                egui::Color32::WHITE,
            );
        }
        for o in outlines {
            let picked = self.selected.contains(&Picked::Outline(o.key.to_string()));
            let mut shape = if picked {
                o.shape.moved(moving)
            } else {
                o.shape.clone()
            };
            if let Some((key, k, to)) = &handle_drag
                && key == o.key
                && let Some(s) = shape.with_handle(*k, *to)
            {
                shape = s;
            }
            // A problem's red shows under the white of a selection.
            if o.problem {
                draw_shape(
                    &painter,
                    view,
                    &shape,
                    o.fill,
                    egui::Stroke::new(5.0, egui::Color32::from_rgb(255, 90, 70)),
                );
            }
            let stroke = if picked {
                egui::Stroke::new(2.5, egui::Color32::WHITE)
            } else if o.problem {
                egui::Stroke::NONE
            } else {
                egui::Stroke::new(1.0, egui::Color32::from_black_alpha(160))
            };
            draw_shape(&painter, view, &shape, o.fill, stroke);
            painter.text(
                view.screen(shape.centre()),
                egui::Align2::CENTER_CENTER,
                o.key.replace('_', " "),
                egui::FontId::proportional(12.0),
                egui::Color32::from_white_alpha(200),
            );
            if picked && self.selected.len() == 1 {
                for h in shape.handles() {
                    painter.rect_filled(
                        egui::Rect::from_center_size(view.screen(h), egui::vec2(9.0, 9.0)),
                        1.0,
                        egui::Color32::WHITE,
                    );
                }
            }
        }
        // Labels that would run into one already written are left out; the one under the
        // mouse and those selected are written first, so they always show.
        let hovered = pointer.map(|p| view.table(p));
        let mut order: Vec<&Marker> = markers.iter().collect();
        order.sort_by_key(|m| {
            let first = self.selected.contains(&Picked::Marker(m.key.clone()))
                || hovered.is_some_and(|h| m.at.distance(h) * scale <= (m.radius * scale).max(7.0));
            !first
        });
        let mut written: Vec<egui::Rect> = Vec::new();
        let mut labels = Vec::new();
        for m in &order {
            let picked = self.selected.contains(&Picked::Marker(m.key.clone()));
            let centre = view.screen(if picked { m.at + moving } else { m.at });
            let r = (m.radius * scale).max(7.0);
            let galley = painter.layout_no_wrap(
                m.label.clone(),
                egui::FontId::proportional(12.0),
                egui::Color32::WHITE,
            );
            let at = egui::Rect::from_center_size(centre + egui::vec2(0.0, r + 7.0), galley.size());
            if !written.iter().any(|w| w.intersects(at)) {
                written.push(at);
                labels.push((at.min, galley));
            }
        }
        for m in markers {
            let picked = self.selected.contains(&Picked::Marker(m.key.clone()));
            let centre = view.screen(if picked { m.at + moving } else { m.at });
            let r = (m.radius * scale).max(7.0);
            if m.problem {
                painter.circle_stroke(
                    centre,
                    r * 1.3 + 3.0,
                    egui::Stroke::new(3.0, egui::Color32::from_rgb(255, 90, 70)),
                );
            }
            let stroke = if picked {
                egui::Stroke::new(2.5, egui::Color32::WHITE)
            } else {
                egui::Stroke::new(1.0, egui::Color32::BLACK)
            };
            match m.look {
                Look::Disc => {
                    painter.circle(centre, r, m.fill, stroke);
                }
                Look::Diamond => {
                    let pts = vec![
                        centre + egui::vec2(0.0, -r * 1.3),
                        centre + egui::vec2(r * 1.3, 0.0),
                        centre + egui::vec2(0.0, r * 1.3),
                        centre + egui::vec2(-r * 1.3, 0.0),
                    ];
                    painter.add(egui::Shape::convex_polygon(pts, m.fill, stroke));
                }
                Look::Square => {
                    painter.rect(
                        egui::Rect::from_center_size(centre, egui::vec2(r * 2.0, r * 2.0)),
                        2.0,
                        m.fill,
                        stroke,
                        egui::StrokeKind::Middle,
                    );
                }
            }
        }
        for (at, galley) in labels {
            painter.galley(at, galley, egui::Color32::WHITE);
        }
        // A polygon being clicked, and what a drag is drawing.
        if !self.corners.is_empty() {
            let mut pts: Vec<egui::Pos2> = self.corners.iter().map(|p| view.screen(*p)).collect();
            if let Some(at) = at {
                pts.push(view.screen(self.snapped(at)));
            }
            painter.add(egui::Shape::line(
                pts,
                egui::Stroke::new(2.0, egui::Color32::WHITE),
            ));
        }
        if let (Some(Drag::Drawing(from)), Some(at)) = (&self.drag, at)
            && let Some(shape) = self.drawn(*from, self.snapped(at))
        {
            draw_shape(
                &painter,
                view,
                &shape,
                egui::Color32::from_white_alpha(40),
                egui::Stroke::new(2.0, egui::Color32::WHITE),
            );
        }
        if let (Some(Drag::Boxing(from)), Some(at)) = (&self.drag, at) {
            painter.rect_stroke(
                egui::Rect::from_two_pos(view.screen(*from), view.screen(at)),
                0.0,
                egui::Stroke::new(1.0, egui::Color32::WHITE),
                egui::StrokeKind::Middle,
            );
        }
        if let Some(at) = at {
            painter.text(
                rect.left_bottom() + egui::vec2(8.0, -8.0),
                egui::Align2::LEFT_BOTTOM,
                format!("{:.1}\", {:.1}\"", at.x, at.y),
                egui::FontId::proportional(14.0),
                egui::Color32::WHITE,
            );
        }
        let hit = |p: Vec2| -> Option<Picked> {
            markers
                .iter()
                .rev()
                .find(|m| m.at.distance(p) * scale <= (m.radius * scale).max(7.0))
                .map(|m| Picked::Marker(m.key.clone()))
                .or_else(|| {
                    outlines
                        .iter()
                        .rev()
                        .find(|o| o.shape.contains(p))
                        .map(|o| Picked::Outline(o.key.to_string()))
                })
        };
        let handle_at = |p: egui::Pos2| -> Option<(String, usize)> {
            let [Picked::Outline(key)] = self.selected.as_slice() else {
                return None;
            };
            let o = outlines.iter().find(|o| o.key == key)?;
            let k = o
                .shape
                .handles()
                .iter()
                .position(|h| view.screen(*h).distance(p) <= 7.0)?;
            Some((key.clone(), k))
        };
        if let Some(d) = response.dnd_release_payload::<crate::ui::editor_bar::Dragged>()
            && let Some(at) = at
        {
            out.push(Gesture::Dropped(d.0.clone(), self.snapped(at)));
        }
        let shift = ui.input(|i| i.modifiers.shift);
        if response.drag_started()
            && let Some(press) = ui.input(|i| i.pointer.press_origin())
            && response.dragged_by(egui::PointerButton::Primary)
        {
            let from = view.table(press);
            self.drag = match self.tool {
                Tool::Rect | Tool::Circle => Some(Drag::Drawing(self.snapped(from))),
                Tool::Polygon => None,
                Tool::Select | Tool::Place => match (handle_at(press), hit(from)) {
                    (Some((key, k)), _) => Some(Drag::Handle(key, k)),
                    (None, Some(p)) => {
                        if !self.selected.contains(&p) {
                            self.selected = vec![p];
                        }
                        Some(Drag::Moving(from))
                    }
                    (None, None) if self.tool == Tool::Select => Some(Drag::Boxing(from)),
                    (None, None) => None,
                },
            };
        }
        if response.drag_stopped()
            && let (Some(drag), Some(at)) = (self.drag.take(), at)
        {
            match drag {
                Drag::Moving(from) => {
                    let by = self.snapped(at - from);
                    if by != Vec2::ZERO {
                        out.push(Gesture::Moved(self.selected.clone(), by));
                    }
                }
                Drag::Handle(key, k) => {
                    if let Some(shape) = outlines
                        .iter()
                        .find(|o| o.key == key)
                        .and_then(|o| o.shape.with_handle(k, self.snapped(at)))
                    {
                        out.push(Gesture::Reshaped(key, shape));
                    }
                }
                Drag::Drawing(from) => {
                    if let Some(shape) = self.drawn(from, self.snapped(at)) {
                        out.push(Gesture::Drawn(shape));
                    }
                }
                Drag::Boxing(from) => {
                    let (lo, hi) = (from.min(at), from.max(at));
                    let inside = |p: Vec2| p.cmpge(lo).all() && p.cmple(hi).all();
                    let mut picked: Vec<Picked> = outlines
                        .iter()
                        .filter(|o| inside(o.shape.centre()))
                        .map(|o| Picked::Outline(o.key.to_string()))
                        .chain(
                            markers
                                .iter()
                                .filter(|m| inside(m.at))
                                .map(|m| Picked::Marker(m.key.clone())),
                        )
                        .collect();
                    if shift {
                        picked.retain(|p| !self.selected.contains(p));
                        self.selected.extend(picked);
                    } else {
                        self.selected = picked;
                    }
                }
            }
        }
        if response.clicked()
            && let Some(at) = at
        {
            let under = hit(at);
            match (self.tool, under) {
                (Tool::Polygon, _) => {
                    let p = self.snapped(at);
                    let closes = self
                        .corners
                        .first()
                        .is_some_and(|f| view.screen(*f).distance(view.screen(p)) <= 8.0);
                    if closes {
                        out.extend(self.close_polygon());
                    } else {
                        self.corners.push(p);
                    }
                }
                (_, Some(p)) if shift => {
                    if let Some(k) = self.selected.iter().position(|s| *s == p) {
                        self.selected.remove(k);
                    } else {
                        self.selected.push(p);
                    }
                }
                (_, Some(p)) => self.selected = vec![p],
                (Tool::Place, None) => out.push(Gesture::Place(self.snapped(at))),
                (_, None) => self.selected.clear(),
            }
        }
        if response.double_clicked() && self.tool == Tool::Polygon {
            out.extend(self.close_polygon());
        }
        if response.secondary_clicked()
            && let Some(at) = at
        {
            if self.tool == Tool::Polygon && !self.corners.is_empty() {
                self.corners.pop();
            } else if let Some(p) = hit(at) {
                let gone = if self.selected.contains(&p) {
                    std::mem::take(&mut self.selected)
                } else {
                    vec![p]
                };
                self.selected.retain(|s| !gone.contains(s));
                out.push(Gesture::Removed(gone));
            }
        }
        if !ui.ctx().egui_wants_keyboard_input() {
            let (enter, escape, delete, q, e, copy, paste) = ui.input(|i| {
                let command = i.modifiers.command;
                (
                    i.key_pressed(egui::Key::Enter),
                    i.key_pressed(egui::Key::Escape),
                    i.key_pressed(egui::Key::Delete) || i.key_pressed(egui::Key::Backspace),
                    i.key_pressed(egui::Key::Q) && !command,
                    i.key_pressed(egui::Key::E) && !command,
                    i.events.iter().any(|e| matches!(e, egui::Event::Copy))
                        || (command && i.key_pressed(egui::Key::C)),
                    i.events.iter().any(|e| matches!(e, egui::Event::Paste(_)))
                        || (command && i.key_pressed(egui::Key::V)),
                )
            });
            if enter && self.tool == Tool::Polygon {
                out.extend(self.close_polygon());
            }
            if escape {
                self.corners.clear();
                self.drag = None;
            }
            if delete && !self.selected.is_empty() {
                out.push(Gesture::Removed(std::mem::take(&mut self.selected)));
            }
            for (pressed, degrees) in [(q, 15.0), (e, -15.0)] {
                if pressed {
                    out.extend(self.selected.iter().filter_map(|p| match p {
                        Picked::Outline(key) => Some(Gesture::Turned(key.clone(), degrees)),
                        Picked::Marker(_) => None,
                    }));
                }
            }
            if copy && !self.selected.is_empty() {
                out.push(Gesture::Copy);
            }
            if paste && let Some(at) = at.filter(|_| response.hovered()) {
                out.push(Gesture::Paste(self.snapped(at)));
            }
        }
        out
    }

    /// The rectangle or circle a drag from `from` to `to` draws (none while it is too small).
    fn drawn(&self, from: Vec2, to: Vec2) -> Option<Shape> {
        match self.tool {
            Tool::Rect => {
                let (min, max) = (from.min(to), from.max(to));
                ((max - min).cmpge(Vec2::splat(0.25)).all()).then(|| Shape::Rect {
                    min: min.into(),
                    max: max.into(),
                })
            }
            Tool::Circle => {
                let r = from.distance(to);
                let r = if self.snap { snap(r, SNAP) } else { r };
                (r >= 0.25).then(|| Shape::Circle {
                    centre: from.into(),
                    radius: r,
                })
            }
            _ => None,
        }
    }

    /// The polygon clicked so far, when it has three corners or more.
    fn close_polygon(&mut self) -> Option<Gesture> {
        let corners = std::mem::take(&mut self.corners);
        (corners.len() >= 3).then(|| {
            Gesture::Drawn(Shape::Polygon {
                points: corners.into_iter().map(Into::into).collect(),
            })
        })
    }

    /// Forgets a polygon half clicked and a drag (another tool was taken).
    pub fn reset(&mut self) {
        self.corners.clear();
        self.drag = None;
    }
}

/// The cloth, a line every inch, a stronger one every 6" (half a foot), with the feet marked.
fn draw_cloth(painter: &egui::Painter, view: View, size: Vec2) {
    painter.rect_filled(
        egui::Rect::from_two_pos(view.screen(Vec2::ZERO), view.screen(size)),
        2.0,
        crate::ui::colour32(crate::view::palette::TABLE),
    );
    let mut inch = 0.0f32;
    while inch <= size.x.max(size.y) {
        let strong = inch % 6.0 == 0.0;
        let stroke = egui::Stroke::new(
            1.0,
            egui::Color32::from_black_alpha(if strong { 70 } else { 22 }),
        );
        if inch <= size.x {
            painter.line_segment(
                [
                    view.screen(Vec2::new(inch, 0.0)),
                    view.screen(Vec2::new(inch, size.y)),
                ],
                stroke,
            );
        }
        if inch <= size.y {
            painter.line_segment(
                [
                    view.screen(Vec2::new(0.0, inch)),
                    view.screen(Vec2::new(size.x, inch)),
                ],
                stroke,
            );
        }
        if inch % 12.0 == 0.0 && inch > 0.0 && inch <= size.x {
            painter.text(
                view.screen(Vec2::new(inch, 0.0)) + egui::vec2(0.0, 4.0),
                egui::Align2::CENTER_TOP,
                format!("{}'", inch / 12.0),
                egui::FontId::proportional(11.0),
                egui::Color32::from_white_alpha(160),
            );
        }
        inch += 1.0;
    }
}

/// `shape` filled with `fill`, outlined with `stroke`.
fn draw_shape(
    painter: &egui::Painter,
    view: View,
    shape: &Shape,
    fill: egui::Color32,
    stroke: egui::Stroke,
) {
    match shape {
        Shape::Circle { centre, radius } => {
            painter.circle(
                view.screen(Vec2::from(*centre)),
                radius * view.scale,
                fill,
                stroke,
            );
        }
        _ => {
            let pts: Vec<egui::Pos2> = shape.corners().iter().map(|p| view.screen(*p)).collect();
            // egui fills convex polygons only: a concave one is filled by its ears (whose
            // seams show faintly, so a convex one is filled whole).
            if convex(&pts) {
                painter.add(egui::Shape::convex_polygon(
                    pts.clone(),
                    fill,
                    egui::Stroke::NONE,
                ));
            } else {
                for [a, b, c] in ears(&pts) {
                    painter.add(egui::Shape::convex_polygon(
                        vec![a, b, c],
                        fill,
                        egui::Stroke::NONE,
                    ));
                }
            }
            painter.add(egui::Shape::closed_line(pts, stroke));
        }
    }
}

/// Whether the polygon `pts` turns the same way at every corner.
fn convex(pts: &[egui::Pos2]) -> bool {
    let n = pts.len();
    let turns: Vec<f32> = (0..n)
        .map(|i| {
            let (a, b, c) = (pts[i], pts[(i + 1) % n], pts[(i + 2) % n]);
            (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
        })
        .filter(|t| t.abs() > 1e-3)
        .collect();
    turns.iter().all(|t| *t > 0.0) || turns.iter().all(|t| *t < 0.0)
}

/// The triangles of the simple polygon `pts` (either winding), by ear clipping.
fn ears(pts: &[egui::Pos2]) -> Vec<[egui::Pos2; 3]> {
    let cross = |o: egui::Pos2, a: egui::Pos2, b: egui::Pos2| {
        (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    };
    let area: f32 = (0..pts.len())
        .map(|i| cross(egui::Pos2::ZERO, pts[i], pts[(i + 1) % pts.len()]))
        .sum();
    let turn = area.signum();
    let mut left: Vec<egui::Pos2> = pts.to_vec();
    let mut out = Vec::new();
    while left.len() > 3 {
        let n = left.len();
        let ear = (0..n).find(|&i| {
            let (a, b, c) = (left[(i + n - 1) % n], left[i], left[(i + 1) % n]);
            cross(a, b, c) * turn > 0.0
                && !left.iter().any(|&p| {
                    p != a
                        && p != b
                        && p != c
                        && cross(a, b, p) * turn >= 0.0
                        && cross(b, c, p) * turn >= 0.0
                        && cross(c, a, p) * turn >= 0.0
                })
        });
        // A polygon that crosses itself has no ear left: the rest is drawn as it comes.
        let i = ear.unwrap_or(0);
        out.push([left[(i + n - 1) % n], left[i], left[(i + 1) % n]]);
        left.remove(i);
    }
    if left.len() == 3 {
        out.push([left[0], left[1], left[2]]);
    }
    out
}

/// A terrain kind's fill, as the table draws it.
pub fn terrain_fill(kind: crate::rules::terrain::TerrainKind) -> egui::Color32 {
    crate::ui::colour32(crate::view::palette::terrain_colour(kind))
}
