//! Table texts drawn at the size they show. Bevy rasterises a `Text2d` at its font size and
//! then scales the glyphs with the entity's transform: a 26 px font shrunk to 10 px on screen
//! was resampled into smudges ("1d8 R2" read "1dg R2"). Every table text says how high its
//! letters are in board units ([`TableText`]); its font is set to that height in window
//! pixels at the current zoom, and its transform scaled back, so each glyph is drawn once at
//! the size it is seen.

use bevy::prelude::*;

use super::{TableCamera, ViewMode};

/// A text on the table whose letters are `0` board units high (inches on an inch table, hex
/// radii on a hex map). Spawn it with a `Text2d`; its `TextFont` size and its transform's
/// scale are set here.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct TableText(pub f32);

/// A table text's least size on screen, window pixels: where its [`TableText`] height would
/// show smaller (a large board seen whole), it is set at this instead. For marks that must
/// read at any zoom (a space battle's movement costs).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct LeastPx(pub f32);

/// The flat table camera's zoom, and whether small pieces are drawn larger than true.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct TableZoom {
    /// Window logical pixels a board unit (in the 3D view: pixels of the table top's texture).
    pub px_per_unit: f32,
    /// Whether a piece's base is drawn at least its least size ([`Token::min_px`](crate::engine::pieces::Token::min_px)): from
    /// above; not on the 3D view's table top, where the miniatures stand on true bases.
    pub enlarge: bool,
}

impl Default for TableZoom {
    fn default() -> Self {
        Self {
            px_per_unit: 20.0,
            enlarge: true,
        }
    }
}

impl TableZoom {
    /// The size a base of `base` board units with a least size of `min_px` pixels across is
    /// drawn at, board units.
    pub fn drawn(&self, base: f32, min_px: f32) -> f32 {
        if self.enlarge {
            base.max(min_px / 2.0 / self.px_per_unit.max(1e-3))
        } else {
            base
        }
    }
}

/// The font size, whole logical pixels, that draws letters `height` board units high at
/// `px_per_unit`; never under 4 px (a font that small is unreadable either way).
pub fn font_px(height: f32, px_per_unit: f32) -> f32 {
    (height * px_per_unit).round().max(4.0)
}

/// Follows the camera's zoom, written only when it changed by more than 1% (a change lays
/// every table text out again).
pub(super) fn note_zoom(
    cam: Query<&Projection, With<TableCamera>>,
    mode: Res<ViewMode>,
    mut zoom: ResMut<TableZoom>,
) {
    let Ok(Projection::Orthographic(o)) = cam.single() else {
        return;
    };
    let now = 1.0 / o.scale.max(1e-6);
    let was = zoom.px_per_unit;
    if (now - was).abs() > 0.01 * was {
        zoom.px_per_unit = now;
    }
    let enlarge = *mode == ViewMode::Flat;
    if zoom.enlarge != enlarge {
        zoom.enlarge = enlarge;
    }
}

/// Sets the font and scale of new and changed table texts, and of all of them when the zoom
/// changed.
fn sharpen(
    zoom: Res<TableZoom>,
    mut texts: Query<(
        Ref<TableText>,
        Option<&LeastPx>,
        &mut TextFont,
        &mut Transform,
    )>,
) {
    for (t, least, mut font, mut tf) in &mut texts {
        if !zoom.is_changed() && !t.is_changed() {
            continue;
        }
        let height = shown_height(t.0, least.map_or(0.0, |l| l.0), zoom.px_per_unit);
        let px = font_px(height, zoom.px_per_unit);
        if font.font_size != FontSize::Px(px) {
            font.font_size = FontSize::Px(px);
        }
        let scale = Vec3::splat(height.max(0.0) / px);
        if tf.scale != scale {
            tf.scale = scale;
        }
    }
}

/// The height, board units, a table text of `height` with a least size of `least_px` window
/// pixels is set at when a board unit is `px_per_unit` pixels.
fn shown_height(height: f32, least_px: f32, px_per_unit: f32) -> f32 {
    height.max(least_px / px_per_unit.max(1e-3))
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TableZoom>().add_systems(
        PostUpdate,
        (note_zoom, sharpen)
            .chain()
            .before(bevy::text::detect_text_needs_rerender),
    );
}

#[cfg(test)]
mod tests {
    use super::{font_px, shown_height};

    #[test]
    fn a_text_is_set_in_the_pixels_it_shows() {
        // 0.5 hex radii at 23.5 px a radius: a 12 px font; 0.83" at 12.5 px an inch: 10 px.
        assert_eq!(font_px(0.5, 23.5), 12.0);
        assert_eq!(font_px(0.83, 12.5), 10.0);
        assert_eq!(font_px(0.1, 5.0), 4.0);
    }

    #[test]
    fn a_text_with_a_least_size_grows_to_it_when_the_board_is_small() {
        // 0.7 of a unit at 11.7 px a unit would be 8 px: set at 12 px instead.
        let h = shown_height(0.7, 12.0, 11.7);
        assert_eq!(font_px(h, 11.7), 12.0);
        // Zoomed in, its own height is larger: kept.
        assert_eq!(shown_height(0.7, 12.0, 40.0), 0.7);
    }
}
