//! Board geometry every rule set's table is one of, in the units its rule text measures in,
//! so the shared view can draw it and the camera fit it: an open table in inches with terrain,
//! a hex map (hexx), a grid of squares, or abstract ground in metres. One world unit is one of
//! the board's units.

use bevy::prelude::*;
use hexx::{Hex, HexLayout};

use crate::rules::terrain::TerrainPiece;

/// A marker on the board (an objective), in board units.
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    /// Its name, as shown.
    pub name: String,
    /// Its centre.
    pub at: Vec2,
    /// Its radius.
    pub radius: f32,
}

/// One hex of a hex map: its terrain's name (for tooltips and the legend) and the colour the
/// rule set paints it.
#[derive(Clone, Debug, PartialEq)]
pub struct HexCell {
    /// The hex.
    pub hex: Hex,
    /// Its terrain in words, e.g. "forest, hill level 1".
    pub name: String,
    /// Its fill colour.
    pub fill: Color,
}

/// The board of the game being played.
#[derive(Resource, Clone, Debug)]
pub enum BoardGeometry {
    /// An open table measured in inches, bottom-left corner at the origin.
    InchTable {
        /// Width and depth, inches.
        size: Vec2,
        /// Terrain pieces.
        terrain: Vec<TerrainPiece>,
        /// Objective markers.
        markers: Vec<Marker>,
    },
    /// A map of hexes: hexx's layout, and each hex with its terrain (in the rule set's order).
    HexMap {
        /// Orientation, origin and size of the hexes.
        layout: HexLayout,
        /// Every hex of the map.
        hexes: Vec<HexCell>,
    },
    /// A grid of squares, bottom-left square at the origin.
    SquareGrid {
        /// Columns (x).
        columns: u32,
        /// Rows (y).
        rows: u32,
        /// Side of a square, board units (inches).
        square: f32,
    },
    /// Ground with no grid: units stand where the rules put them, in metres.
    Abstract {
        /// Width and depth, metres.
        size: Vec2,
    },
}

impl BoardGeometry {
    /// The rectangle the board covers, in world units (for the camera to fit).
    pub fn extent(&self) -> Rect {
        match self {
            BoardGeometry::InchTable { size, .. } | BoardGeometry::Abstract { size } => {
                Rect::from_corners(Vec2::ZERO, *size)
            }
            BoardGeometry::SquareGrid {
                columns,
                rows,
                square,
            } => Rect::from_corners(
                Vec2::ZERO,
                Vec2::new(*columns as f32, *rows as f32) * *square,
            ),
            BoardGeometry::HexMap { layout, hexes } => {
                let mut r = Rect::from_center_size(layout.origin, Vec2::ZERO);
                for cell in hexes {
                    for c in layout.hex_corners(cell.hex) {
                        r = r.union_point(c);
                    }
                }
                r
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extents_cover_the_board() {
        let grid = BoardGeometry::SquareGrid {
            columns: 14,
            rows: 9,
            square: 3.0,
        };
        assert_eq!(grid.extent().max, Vec2::new(42.0, 27.0));
        let layout = HexLayout::flat().with_hex_size(1.0);
        let hexes = BoardGeometry::HexMap {
            layout: layout.clone(),
            hexes: [Hex::ZERO, Hex::new(2, 0)]
                .into_iter()
                .map(|hex| HexCell {
                    hex,
                    name: "clear".into(),
                    fill: Color::WHITE,
                })
                .collect(),
        };
        let e = hexes.extent();
        assert!(
            e.min.x <= -1.0 + 1e-4
                && e.max.x >= layout.hex_to_world_pos(Hex::new(2, 0)).x + 1.0 - 1e-4,
            "{e:?}"
        );
    }
}
