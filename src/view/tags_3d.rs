//! The 3D view's tags: over each miniature, a small plate with its counter's mark (a hex
//! counter's emblem, a figure's short name) and its state chips, so pieces can be told apart
//! and their state read at any zoom. The flat table's labels and chips lie on the table top
//! under the models, too small to read at the framed zoom, and a hex map's squads, leaders
//! and scouts stand as alike models (issue 61). State is never dropped: where plates would
//! cover each other, a name gives way and its chips stay.

use std::collections::HashMap;

use bevy::camera::primitives::MeshAabb;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::camera::{PanelInsets, TableCamera3d, ViewMode};
use super::models;
use crate::engine::board::BoardGeometry;
use crate::engine::pieces::{Model, Token};
use crate::ui::Handover;

/// The tags' letters, logical pixels high.
const TEXT_PX: f32 = 11.0;
/// Room inside a plate around its text, logical pixels.
const PAD: egui::Vec2 = egui::vec2(3.0, 1.0);
/// Room between a chip and the next.
const GAP: f32 = 2.0;

/// One piece's tag as laid out: its anchor (the screen point over the model's top) and the
/// widths of its parts, logical pixels.
#[derive(Clone, Debug, PartialEq)]
struct Plan {
    anchor: egui::Pos2,
    /// The name's plate width, or 0 with no name.
    name: f32,
    /// Each chip's plate width.
    chips: Vec<f32>,
}

/// Where each tag's parts go: `Some(rect)` for the name where it covers no plate already laid
/// (nearer pieces first: `plans` sorted nearest first), and a rect for every chip, always. A
/// row sits centred over its anchor, raised a row at a time (up to three) where it would cover
/// another; the chips then go where the row ends up.
fn lay(plans: &[Plan]) -> Vec<(Option<egui::Rect>, Vec<egui::Rect>)> {
    let h = TEXT_PX + 2.0 * PAD.y;
    let mut taken: Vec<egui::Rect> = Vec::new();
    let mut out = Vec::with_capacity(plans.len());
    for p in plans {
        let chips: f32 = p.chips.iter().map(|w| w + GAP).sum();
        let row = |name: bool, raise: f32| {
            let width = if name { p.name + GAP } else { 0.0 } + chips - GAP;
            let left = p.anchor.x - width.max(0.0) / 2.0;
            let top = p.anchor.y - h - raise * (h + GAP);
            egui::Rect::from_min_size(egui::pos2(left, top), egui::vec2(width.max(0.0), h))
        };
        let clear = |r: egui::Rect| !taken.iter().any(|t| t.intersects(r));
        let named = p.name > 0.0;
        let (name, raise) = match (0..4).find(|&k| clear(row(named, k as f32))) {
            Some(k) => (named, k as f32),
            None => match (0..4).find(|&k| clear(row(false, k as f32))) {
                Some(k) => (false, k as f32),
                None => (false, 0.0),
            },
        };
        let r = row(name, raise);
        let mut x = r.left();
        let name_rect = name.then(|| {
            let n = egui::Rect::from_min_size(egui::pos2(x, r.top()), egui::vec2(p.name, h));
            x += p.name + GAP;
            n
        });
        let chip_rects: Vec<egui::Rect> = p
            .chips
            .iter()
            .map(|&w| {
                let c = egui::Rect::from_min_size(egui::pos2(x, r.top()), egui::vec2(w, h));
                x += w + GAP;
                c
            })
            .collect();
        taken.extend(name_rect.iter().chain(&chip_rects));
        out.push((name_rect, chip_rects));
    }
    out
}

/// A piece's mark on its tag: a counter's emblem ("ST", "AT-ST"), else its label shortened as
/// the flat table shortens it.
fn mark(t: &Token) -> String {
    if !t.emblem.is_empty() && t.emblem.chars().count() > 1 || t.label.is_empty() {
        t.emblem.clone()
    } else {
        super::tokens::short_name(&t.label)
    }
}

/// How high a model of `model` on a base of `base` stands above its base's foot, board units.
fn model_top(model: Model, base: f32) -> f32 {
    models::shapes(model, base)
        .iter()
        .filter_map(|(mesh, _, at)| {
            let b = mesh.compute_aabb()?;
            let (c, e) = (Vec3::from(b.center), Vec3::from(b.half_extents));
            let corners = (0..8).map(|i| {
                let s = Vec3::new(
                    if i & 1 == 0 { -1.0 } else { 1.0 },
                    if i & 2 == 0 { -1.0 } else { 1.0 },
                    if i & 4 == 0 { -1.0 } else { 1.0 },
                );
                at.transform_point(c + e * s).z
            });
            corners.reduce(f32::max)
        })
        .fold(0.2, f32::max)
        + 0.16
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut ctx: EguiContexts,
    (mode, insets, handover): (Res<ViewMode>, Res<PanelInsets>, Res<Handover>),
    camera: Query<(&Camera, &GlobalTransform), With<TableCamera3d>>,
    tokens: Query<&Token>,
    board: Option<Res<BoardGeometry>>,
    mut tops: Local<HashMap<(Model, u32), f32>>,
) -> Result {
    if *mode != ViewMode::ThreeD || handover.showing || insets.covered {
        return Ok(());
    }
    let Ok((cam, at)) = camera.single() else {
        return Ok(());
    };
    let ctx = ctx.ctx_mut()?;
    let screen = ctx.content_rect();
    let table = egui::Rect::from_min_max(
        egui::pos2(insets.left, insets.top),
        egui::pos2(
            screen.right() - insets.right,
            screen.bottom() - insets.bottom,
        ),
    );
    let font = egui::FontId::proportional(TEXT_PX);
    let painter = ctx
        .layer_painter(egui::LayerId::new(
            egui::Order::Background,
            egui::Id::new("tags-3d"),
        ))
        .with_clip_rect(table);
    let width = |text: &str| {
        painter
            .layout_no_wrap(text.to_string(), font.clone(), egui::Color32::WHITE)
            .size()
            .x
            + 2.0 * PAD.x
    };
    // Each shown piece with its tag's texts, nearest the camera first.
    let eye = at.translation();
    let mut pieces: Vec<(f32, egui::Pos2, String, Vec<(String, egui::Color32)>)> = Vec::new();
    for t in tokens.iter().filter(|t| t.shown) {
        let top = *tops
            .entry((t.model, t.base.to_bits()))
            .or_insert_with(|| model_top(t.model, t.base));
        let foot = super::three_d::standing(board.as_deref(), t.at);
        let point = t.at.extend(foot + top);
        let Ok(p) = cam.world_to_viewport(at, point) else {
            continue;
        };
        let mut chips: Vec<(String, egui::Color32)> = t
            .badges
            .iter()
            .map(|b| (b.code.clone(), crate::ui::colour32(b.colour)))
            .collect();
        if t.done.is_some() {
            chips.push(("done".into(), egui::Color32::from_rgb(90, 90, 90)));
        }
        pieces.push((point.distance(eye), egui::pos2(p.x, p.y), mark(t), chips));
    }
    pieces.sort_by(|a, b| a.0.total_cmp(&b.0));
    let plans: Vec<Plan> = pieces
        .iter()
        .map(|(_, anchor, name, chips)| Plan {
            anchor: *anchor,
            name: if name.is_empty() { 0.0 } else { width(name) },
            chips: chips.iter().map(|(c, _)| width(c)).collect(),
        })
        .collect();
    let plate = egui::Color32::from_rgba_unmultiplied(12, 14, 18, 200);
    for ((_, _, name, chips), (name_rect, chip_rects)) in pieces.iter().zip(lay(&plans)) {
        if let Some(r) = name_rect {
            painter.rect_filled(r, 3.0, plate);
            painter.text(
                r.center(),
                egui::Align2::CENTER_CENTER,
                name,
                font.clone(),
                egui::Color32::WHITE,
            );
        }
        for ((code, colour), r) in chips.iter().zip(chip_rects) {
            painter.rect_filled(r, 3.0, *colour);
            painter.text(
                r.center(),
                egui::Align2::CENTER_CENTER,
                code,
                font.clone(),
                egui::Color32::WHITE,
            );
        }
    }
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(x: f32, y: f32, name: f32, chips: &[f32]) -> Plan {
        Plan {
            anchor: egui::pos2(x, y),
            name,
            chips: chips.to_vec(),
        }
    }

    /// Issue 61: every piece's chips are laid out however close the pieces stand; a name gives
    /// way where it would cover a nearer piece's tag, and no two plates laid overlap while
    /// there is room above.
    #[test]
    fn chips_always_show_and_names_give_way_in_a_crowd() {
        // Five pieces side by side, 10 px apart, each a 30 px name and a 20 px chip.
        let crowd: Vec<Plan> = (0..5)
            .map(|i| plan(100.0 + 10.0 * i as f32, 200.0, 30.0, &[20.0]))
            .collect();
        let laid = lay(&crowd);
        assert!(laid.iter().all(|(_, chips)| chips.len() == 1));
        assert!(laid[0].0.is_some(), "the nearest is named");
        let rects: Vec<egui::Rect> = laid
            .iter()
            .flat_map(|(n, c)| n.iter().chain(c).copied().collect::<Vec<_>>())
            .collect();
        for (i, a) in rects.iter().enumerate() {
            for b in &rects[i + 1..] {
                assert!(!a.intersects(*b), "{a:?} over {b:?}");
            }
        }
        // Alone, a piece's tag sits centred over it with its name first.
        let (name, chips) = &lay(&[plan(50.0, 80.0, 30.0, &[20.0])])[0];
        let name = name.expect("named");
        assert!((name.left() + (30.0 + GAP + 20.0) / 2.0 - 50.0).abs() < 1e-3);
        assert!(name.bottom() <= 80.0 && chips[0].left() > name.right());
    }

    #[test]
    fn a_counter_shows_its_emblem_and_a_figure_its_short_name() {
        let mut t = super::super::tokens::tests::token((0.0, 0.0), "Stormtrooper 3", 0);
        t.emblem = "ST".into();
        assert_eq!(mark(&t), "ST");
        // A hero's one-letter emblem says less than his name.
        t.label = "Luke Skywalker".into();
        t.emblem = "H".into();
        assert_eq!(mark(&t), "Luke Skywalker");
        t.label = "Imperial officer Captain Voss".into();
        assert_eq!(mark(&t), "Voss");
    }

    #[test]
    fn a_walker_stands_taller_than_a_trooper() {
        assert!(model_top(Model::Walker, 0.6) > model_top(Model::Trooper, 0.6));
        assert!(model_top(Model::Trooper, 0.6) > 0.16);
    }
}
