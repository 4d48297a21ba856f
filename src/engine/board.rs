//! Board geometry every rule set's table is one of, in the units its rule text measures in,
//! so the shared view can draw it and the camera fit it: an open table in inches with terrain,
//! a hex map (hexx), a grid of squares, or abstract ground in metres. One world unit is one of
//! the board's units.

use bevy::prelude::*;
use hexx::{Hex, HexLayout};

use crate::rules::terrain::{TerrainKind, TerrainPiece};

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

/// One hex of a hex map: its terrain's name (for tooltips and the legend), the colour the
/// rule set paints it and the kind of terrain the 3D view stands on it.
#[derive(Clone, Debug, PartialEq)]
pub struct HexCell {
    /// The hex.
    pub hex: Hex,
    /// Its terrain in words, e.g. "forest, hill level 1".
    pub name: String,
    /// Its fill colour.
    pub fill: Color,
    /// What stands on it in 3D (trees for [`TerrainKind::Woods`]; other kinds lie flat).
    pub kind: TerrainKind,
}

/// One square of a grid with terrain on it (the squares not listed are open): its column and
/// row from the bottom-left square (0, 0), its terrain in words, its colour and kind.
#[derive(Clone, Debug, PartialEq)]
pub struct SquareCell {
    /// Column, from 0 at the left.
    pub column: u32,
    /// Row, from 0 at the bottom.
    pub row: u32,
    /// Its terrain in words, e.g. "asteroid field".
    pub name: String,
    /// Its fill colour.
    pub fill: Color,
    /// What stands on it in 3D (as [`HexCell::kind`]).
    pub kind: TerrainKind,
}

/// A named area of the board (an entry edge, a deployment zone, a sector of open ground),
/// drawn as a tinted rectangle with its name.
#[derive(Clone, Debug, PartialEq)]
pub struct Zone {
    /// Its name, as shown on the board.
    pub name: String,
    /// The rectangle it covers, board units.
    pub area: Rect,
    /// Its tint (drawn translucent).
    pub fill: Color,
}

/// A rule set's words for a terrain property: its name and what it does.
pub type PropertyWords = fn(crate::rules::terrain::TerrainProperty) -> (&'static str, &'static str);

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
        /// How the rule set words each terrain property for the terrain key and tooltips
        /// (its name, what it does).
        words: PropertyWords,
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
        /// The squares with terrain on them (the rest are open).
        cells: Vec<SquareCell>,
        /// Named areas (entry squares, edges).
        zones: Vec<Zone>,
    },
    /// Ground with no grid: units stand where the rules put them, in metres.
    Abstract {
        /// Width and depth, metres.
        size: Vec2,
        /// Named areas (deployment zones, sectors).
        zones: Vec<Zone>,
    },
}

impl BoardGeometry {
    /// The squares of a grid: square (`column`, `row`) as a rectangle, board units; `None` on
    /// a board that is no grid.
    pub fn square(&self, column: u32, row: u32) -> Option<Rect> {
        match self {
            BoardGeometry::SquareGrid { square, .. } => {
                let min = Vec2::new(column as f32, row as f32) * *square;
                Some(Rect::from_corners(min, min + Vec2::splat(*square)))
            }
            _ => None,
        }
    }

    /// The rectangle the board covers, in world units (for the camera to fit).
    pub fn extent(&self) -> Rect {
        match self {
            BoardGeometry::InchTable { size, .. } | BoardGeometry::Abstract { size, .. } => {
                Rect::from_corners(Vec2::ZERO, *size)
            }
            BoardGeometry::SquareGrid {
                columns,
                rows,
                square,
                ..
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
            cells: Vec::new(),
            zones: Vec::new(),
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
                    kind: TerrainKind::Other,
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
