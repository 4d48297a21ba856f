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

/// The colour of a road's line on a hex map (roads join hex centres, not a fill): the map
/// and its key draw it alike.
pub const ROAD_LINE: Color = Color::srgb(0.80, 0.70, 0.50);

/// One hex of a hex map: its terrain's name (for tooltips and the legend), the colour the
/// rule set paints it and the kind of terrain the 3D view stands on it.
#[derive(Clone, Debug, PartialEq)]
pub struct HexCell {
    /// The hex.
    pub hex: Hex,
    /// Its coordinates as the rule set writes a hex in its events and refusals, (column,
    /// row): "moves to (13, 2)".
    pub at: (i32, i32),
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
    /// Its terrain in words, e.g. "asteroid field"; empty for plain space, where a hover
    /// names only the square (a space battle's: "open space" over a craft read as if the
    /// square were empty).
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
        /// The coordinates the rule set gives the bottom-left square as it writes a square in
        /// its events, (column, row): a square `(c, r)` of the grid is written `(c + x, r + y)`.
        numbered_from: (i32, i32),
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

    /// Where `p` (board units) is as the rule set writes a place in its events: "hex (13, 2)",
    /// "square (12, 15)"; `None` off the hexes or squares and on a board with no grid.
    pub fn place_at(&self, p: Vec2) -> Option<String> {
        match self {
            BoardGeometry::HexMap { layout, hexes } => {
                let hex = layout.world_pos_to_hex(p);
                let c = hexes.iter().find(|c| c.hex == hex)?;
                Some(format!("hex ({}, {})", c.at.0, c.at.1))
            }
            BoardGeometry::SquareGrid {
                numbered_from: (x, y),
                ..
            } => {
                let (c, r) = self.square_at(p)?;
                Some(format!("square ({}, {})", c as i32 + x, r as i32 + y))
            }
            _ => None,
        }
    }

    /// The square of a grid (column, row, from the bottom-left (0, 0)) under `p`, board
    /// units; `None` off the grid and on a board that is no grid.
    pub fn square_at(&self, p: Vec2) -> Option<(u32, u32)> {
        let BoardGeometry::SquareGrid {
            columns,
            rows,
            square,
            ..
        } = self
        else {
            return None;
        };
        let (c, r) = ((p.x / square).floor(), (p.y / square).floor());
        (c >= 0.0 && r >= 0.0 && c < *columns as f32 && r < *rows as f32)
            .then_some((c as u32, r as u32))
    }

    /// The outlines (closed, board units) of the hexes or squares `text` names by their
    /// coordinates, "(13, 2)", as [`BoardGeometry::place_at`] writes them; none on a board
    /// with no grid, where a pair in brackets is a point in inches or metres.
    pub fn places_named(&self, text: &str) -> Vec<Vec<Vec2>> {
        let pairs = coordinate_pairs(text);
        match self {
            BoardGeometry::HexMap { layout, hexes } => hexes
                .iter()
                .filter(|c| pairs.contains(&c.at))
                .map(|c| {
                    let mut corners: Vec<Vec2> = layout.hex_corners(c.hex).to_vec();
                    corners.push(corners[0]);
                    corners
                })
                .collect(),
            BoardGeometry::SquareGrid {
                columns,
                rows,
                square,
                numbered_from: (x, y),
                ..
            } => pairs
                .iter()
                .map(|&(c, r)| (c - x, r - y))
                .filter(|&(c, r)| c >= 0 && r >= 0 && c < *columns as i32 && r < *rows as i32)
                .map(|(c, r)| {
                    let min = Vec2::new(c as f32, r as f32) * *square;
                    let max = min + Vec2::splat(*square);
                    vec![
                        min,
                        Vec2::new(max.x, min.y),
                        max,
                        Vec2::new(min.x, max.y),
                        min,
                    ]
                })
                .collect(),
            _ => Vec::new(),
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

/// Every "(a, b)" pair of whole numbers in `text`, in order.
fn coordinate_pairs(text: &str) -> Vec<(i32, i32)> {
    text.split('(')
        .skip(1)
        .filter_map(|rest| {
            let (inside, _) = rest.split_once(')')?;
            let (a, b) = inside.split_once(',')?;
            Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A grid of 14 x 9 squares of 3 units, its bottom-left square written `numbered_from`.
    fn grid(numbered_from: (i32, i32)) -> BoardGeometry {
        BoardGeometry::SquareGrid {
            columns: 14,
            rows: 9,
            square: 3.0,
            cells: Vec::new(),
            zones: Vec::new(),
            numbered_from,
        }
    }

    #[test]
    fn a_place_is_named_as_the_events_write_it_and_found_from_them() {
        assert_eq!(
            coordinate_pairs("Jaggernaud moves to (13, 2) (1 movement point); fires at (-1, 0)"),
            [(13, 2), (-1, 0)]
        );
        let grid = grid((-1, 0));
        // The second column of squares is the rule set's column 0.
        assert_eq!(
            grid.place_at(Vec2::new(4.0, 1.0)).as_deref(),
            Some("square (0, 0)")
        );
        assert_eq!(grid.square_at(Vec2::new(4.0, 1.0)), Some((1, 0)));
        assert_eq!(grid.place_at(Vec2::new(4.0, 30.0)), None);
        let named = grid.places_named("flies to (0, 2)");
        assert_eq!(named.len(), 1);
        assert_eq!(named[0][0], Vec2::new(3.0, 6.0));
        let layout = HexLayout::flat().with_hex_size(1.0);
        let map = BoardGeometry::HexMap {
            layout: layout.clone(),
            hexes: vec![HexCell {
                hex: Hex::new(2, 0),
                at: (2, 1),
                name: "clear".into(),
                fill: Color::WHITE,
                kind: TerrainKind::Other,
            }],
        };
        let centre = layout.hex_to_world_pos(Hex::new(2, 0));
        assert_eq!(map.place_at(centre).as_deref(), Some("hex (2, 1)"));
        assert_eq!(map.places_named("to (2, 1)").first().map(Vec::len), Some(7));
        assert!(map.places_named("to (2, 2)").is_empty());
        let table = BoardGeometry::Abstract {
            size: Vec2::splat(100.0),
            zones: Vec::new(),
        };
        assert!(table.places_named("deploys to (2, 1)").is_empty());
    }

    #[test]
    fn extents_cover_the_board() {
        let grid = grid((0, 0));
        assert_eq!(grid.extent().max, Vec2::new(42.0, 27.0));
        let layout = HexLayout::flat().with_hex_size(1.0);
        let hexes = BoardGeometry::HexMap {
            layout: layout.clone(),
            hexes: [Hex::ZERO, Hex::new(2, 0)]
                .into_iter()
                .map(|hex| HexCell {
                    hex,
                    at: (0, 0),
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
