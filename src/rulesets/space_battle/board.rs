//! The board as the shared view draws it: the text's black board of 3" squares with white
//! dots at their corners ("A white paint pen was used to make the dots at the corners of the
//! 3″ squares"), and a column beyond each short edge where craft wait to come on.

use bevy::prelude::*;

use super::battle::Battle;
use super::rules::scenario::Edge;
use crate::engine::board::{BoardGeometry, SquareCell, Zone};
use crate::rules::terrain::TerrainKind;

/// A square's side, inches (EQUIPMENT: "divided into 3″ squares").
pub const SQUARE: f32 = 3.0;

/// The centre of square `at` on the table, inches: the drawn grid has a waiting column beyond
/// each short edge, so the battle's column 0 is the grid's column 1.
pub fn centre(at: (i32, i32)) -> Vec2 {
    Vec2::new((at.0 + 1) as f32 + 0.5, at.1 as f32 + 0.5) * SQUARE
}

/// The square under table point `p` (a waiting column included), if on the drawn grid.
pub fn square_at(b: &Battle, p: Vec2) -> Option<(i32, i32)> {
    let at = (
        (p.x / SQUARE).floor() as i32 - 1,
        (p.y / SQUARE).floor() as i32,
    );
    ((-1..=b.columns).contains(&at.0) && (0..b.rows).contains(&at.1)).then_some(at)
}

/// The board of `b`: its squares in the black of space, the waiting columns tinted and named
/// by side.
pub fn board(b: &Battle) -> BoardGeometry {
    let space = Color::srgb(0.03, 0.03, 0.06);
    let mut cells = Vec::new();
    for c in 0..b.columns {
        for r in 0..b.rows {
            cells.push(SquareCell {
                column: (c + 1) as u32,
                row: r as u32,
                name: String::new(),
                fill: space,
                kind: TerrainKind::Other,
            });
        }
    }
    // The sides' colours from their names here: the board is built while the game is set
    // up, before the view takes up the new game's sides.
    let names: Vec<&str> = b.sides.iter().map(|s| s.name.as_str()).collect();
    let slots = crate::view::palette::slots(&names);
    let zones = b
        .sides
        .iter()
        .enumerate()
        .map(|(s, side)| {
            let x = match side.edge {
                Edge::Left => 0.0,
                Edge::Right => (b.columns + 1) as f32 * SQUARE,
            };
            Zone {
                name: side.name.clone(),
                area: Rect::new(x, 0.0, x + SQUARE, b.rows as f32 * SQUARE),
                fill: crate::view::palette::slot_colour(slots[s]).with_alpha(0.18),
            }
        })
        .collect();
    BoardGeometry::SquareGrid {
        columns: (b.columns + 2) as u32,
        rows: b.rows as u32,
        square: SQUARE,
        cells,
        zones,
        // The waiting column at the left edge is drawn as the grid's first.
        numbered_from: (-1, 0),
    }
}
