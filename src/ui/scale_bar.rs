//! The table's scale: on ground measured in metres (mass combat's) or inches, a bar in the
//! table's foot-left corner as long as a round distance (`100 m`, `6"`) at the zoom of the
//! moment, as a map's scale. A walk read weapon ranges and moves in metres on a field with
//! nothing to measure them by; hexes and squares are counted, so those boards have none.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::{TableArea, handover};
use crate::engine::board::BoardGeometry;
use crate::view::{TableZoom, ViewMode};

/// The bar's longest, egui points: it stays a corner's mark, not a ruler across
/// the table.
const LONGEST_PX: f32 = 150.0;

/// Room between the bar's box and the table's edges, egui points.
const MARGIN: f32 = 10.0;

/// The unit a board is measured in, as the scale writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unit {
    /// Inches (`6"`).
    Inches,
    /// Metres (`100 m`, `1 km`).
    Metres,
}

impl Unit {
    /// The unit of `board`; `None` on hexes and squares, which are counted.
    fn of(board: &BoardGeometry) -> Option<Self> {
        match board {
            BoardGeometry::InchTable { .. } => Some(Unit::Inches),
            BoardGeometry::Abstract { .. } => Some(Unit::Metres),
            BoardGeometry::HexMap { .. } | BoardGeometry::SquareGrid { .. } => None,
        }
    }

    /// The round lengths a scale may show, shortest first, board units.
    fn lengths(self) -> &'static [f32] {
        match self {
            Unit::Inches => &[0.5, 1.0, 2.0, 3.0, 6.0, 12.0, 24.0, 36.0, 48.0, 72.0],
            Unit::Metres => &[
                1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0, 2000.0, 5000.0,
                10000.0,
            ],
        }
    }

    /// `length` (board units, one of [`Unit::lengths`]) as the scale writes it.
    fn words(self, length: f32) -> String {
        match self {
            Unit::Inches => format!("{length}\""),
            Unit::Metres if length >= 1000.0 => format!("{} km", length / 1000.0),
            Unit::Metres => format!("{length} m"),
        }
    }
}

/// The scale at `px_per_unit` egui points a board unit: the longest round length of `unit`
/// drawn no longer than [`LONGEST_PX`] (the shortest where even that is longer), as (length
/// in board units, its length in points, its words).
fn scale(unit: Unit, px_per_unit: f32) -> (f32, f32, String) {
    let lengths = unit.lengths();
    let length = lengths
        .iter()
        .rev()
        .copied()
        .find(|l| l * px_per_unit <= LONGEST_PX)
        .unwrap_or(lengths[0]);
    (length, length * px_per_unit, unit.words(length))
}

/// The bar, in the table's foot-left corner, drawn only: it takes no clicks and the pieces
/// under it show through its shading. Shown while the table is seen from above (the 3D
/// view's perspective has no one scale).
fn show(
    mut ctx: EguiContexts,
    (area, zoom, mode): (Res<TableArea>, Res<TableZoom>, Res<ViewMode>),
    board: Option<Res<BoardGeometry>>,
    handover: Res<handover::Handover>,
) -> Result {
    let Some(unit) = board.as_deref().and_then(Unit::of) else {
        return Ok(());
    };
    if *mode != ViewMode::Flat || handover.showing || zoom.px_per_unit <= 0.0 {
        return Ok(());
    }
    let ctx = ctx.ctx_mut()?.clone();
    // The zoom is in window logical pixels, egui draws in points.
    let (_, px, words) = scale(unit, zoom.px_per_unit / ctx.zoom_factor());
    let text = egui::FontId::proportional(12.0);
    let ink = egui::Color32::from_gray(235);
    let galley = ctx.fonts_mut(|f| f.layout_no_wrap(words, text, ink));
    let size = egui::vec2(px.max(galley.size().x) + 16.0, galley.size().y + 18.0);
    let at = area.0.left_bottom() + egui::vec2(MARGIN, -MARGIN - size.y);
    let drawn = egui::Area::new(egui::Id::new("scale-bar"))
        .fixed_pos(at)
        .interactable(false)
        .order(egui::Order::Background)
        .show(&ctx, |ui| {
            let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
            let p = ui.painter();
            p.rect_filled(rect, 4.0, egui::Color32::from_black_alpha(120));
            p.galley(
                egui::pos2(rect.center().x - galley.size().x / 2.0, rect.min.y + 2.0),
                galley,
                ink,
            );
            let y = rect.max.y - 7.0;
            let (x0, x1) = (rect.center().x - px / 2.0, rect.center().x + px / 2.0);
            let stroke = egui::Stroke::new(2.0, ink);
            p.line_segment([egui::pos2(x0, y), egui::pos2(x1, y)], stroke);
            for x in [x0, x1] {
                p.line_segment([egui::pos2(x, y - 5.0), egui::pos2(x, y + 2.0)], stroke);
            }
            response
        });
    super::key_widget(&super::root_ui(&ctx), "scale-bar", &drawn.inner);
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        show.after(super::ShellSet).run_if(super::game_on),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_is_a_round_length_no_longer_than_its_corner() {
        for unit in [Unit::Inches, Unit::Metres] {
            let mut px_per_unit = 0.01;
            while px_per_unit < 400.0 {
                let (length, px, words) = scale(unit, px_per_unit);
                assert!(unit.lengths().contains(&length), "{length} is not round");
                assert!((px - length * px_per_unit).abs() < 1e-3);
                // The longest that fits: the next round length would not.
                if px <= LONGEST_PX
                    && let Some(next) = unit.lengths().iter().find(|&&l| l > length)
                {
                    assert!(next * px_per_unit > LONGEST_PX, "{unit:?} at {px_per_unit}");
                }
                // Only where even the shortest is too long is the bar longer than its room.
                assert!(px <= LONGEST_PX || length == unit.lengths()[0]);
                assert!(!words.is_empty());
                px_per_unit *= 1.1;
            }
        }
        assert_eq!(scale(Unit::Metres, 1.0), (100.0, 100.0, "100 m".into()));
        assert_eq!(scale(Unit::Metres, 0.1).2, "1 km");
        assert_eq!(scale(Unit::Inches, 20.0), (6.0, 120.0, "6\"".into()));
        assert_eq!(scale(Unit::Inches, 200.0).2, "0.5\"");
    }
}
