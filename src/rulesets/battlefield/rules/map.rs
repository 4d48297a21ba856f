//! The hex map: each hex's terrain (the terrain effects chart: movement cost, resistance
//! modifier, what blocks line of sight), geomorphic tiles in RON and the map a scenario
//! composes from them, on hexx's flat-topped layout.
//!
//! Orientation: flat-topped hexes, so that every hex has a neighbour straight above it, as the
//! artillery scatter needs ("1 being the hex on top of the initially targeted hex, 2 is the one
//! just following clockwise"). Hexes are written `(column, row)`: columns left to right, rows
//! top to bottom, odd columns shifted half a hex down (hexx's `OffsetHexMode::Odd`).

use glam::Vec2;
use hexx::{EdgeDirection, Hex, HexLayout, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};

/// What covers a hex's ground (the terrain effects chart; hills and roads are laid over it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ground {
    /// Clear terrain: "it cost 1 point to move in a clear hex".
    Clear,
    /// Forest: "2 for a forest hex"; blocks line of sight; +1 resistance.
    Forest,
    /// A building of level 1 or 2 (Buildings: "Level 1 buildings (lower buildings) have a
    /// resistance of 2 and Level 2 buildings (higher buildings) have a resistance of 3").
    Building(u8),
    /// What a destroyed building becomes (Buildings: "Destroyed units become rubbles").
    Rubble,
    /// A river hex (Entrenchment: "any type of terrain exept river hexes").
    River,
}

/// One hex's terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HexTerrain {
    /// The ground.
    pub ground: Ground,
    /// Hill level: 0 (none), 1 or 2.
    pub hill: u8,
    /// A road runs through ("Roads do not affect movement").
    pub road: bool,
}

impl HexTerrain {
    /// Clear, flat, no road.
    pub const CLEAR: HexTerrain = HexTerrain {
        ground: Ground::Clear,
        hill: 0,
        road: false,
    };

    /// Movement points to enter this hex. Movement: "it cost 1 point to move in a clear hex, 2
    /// for a forest hex, etc. When a +1 is shown, that means to add 1 to the type of terrain in
    /// wich you move. A forest cost 2 but a hill in a forest will cost 3 to enter (2+1). Move
    /// down a hill (exit a hill hex) cost nothing more than the cost of the hex in wich a unit
    /// move. Roads do not affect movement." Buildings cost 2 to enter (the worked close
    /// combat: "then enter the building (2 mov points)"); rubble 2 and river 3 are Holotable's
    /// (docs/rules/battlefield.md, "Terrain chart"). This is the cost from lower ground: a
    /// hill's +1 is for climbing it, see [`HexTerrain::step_cost`].
    pub fn entry_cost(&self) -> u32 {
        self.step_cost(&HexTerrain::CLEAR)
    }

    /// Movement points to enter this hex from `from`: the ground's cost, and the hill's +1 only
    /// where the step climbs (this hill is higher than the hex left). Ruling `Hills`: "Move down
    /// a hill (exit a hill hex) cost nothing more than the cost of the hex in wich a unit
    /// move", and along a hilltop nothing is climbed.
    pub fn step_cost(&self, from: &HexTerrain) -> u32 {
        let base = match self.ground {
            Ground::Clear => 1,
            Ground::Forest | Ground::Building(_) | Ground::Rubble => 2,
            Ground::River => 3,
        };
        base + u32::from(self.hill > from.hill)
    }

    /// Added to the resistance of a unit shot at in this hex (Shooting: "a Calamari in a
    /// forest hex has a resistance of 4 (3 + 1 for the forest)"). Forest +1 is the text's;
    /// building +1 and rubble +1 are Holotable's (docs/rules/battlefield.md).
    pub fn resistance_bonus(&self) -> u32 {
        match self.ground {
            Ground::Forest | Ground::Building(_) | Ground::Rubble => 1,
            Ground::Clear | Ground::River => 0,
        }
    }

    /// Whether this hex blocks a line of sight through it (Shooting: "If this line cross a
    /// forest hex, a building, a friendly or enemy unit, the line of sight is blocked").
    pub fn blocks_sight(&self) -> bool {
        matches!(self.ground, Ground::Forest | Ground::Building(_))
    }

    /// The building's resistance, if this is a building (Buildings).
    pub fn building_resistance(&self) -> Option<u32> {
        match self.ground {
            Ground::Building(1) => Some(2),
            Ground::Building(_) => Some(3),
            _ => None,
        }
    }

    /// Its name for the legend and tooltips, e.g. `forest hill (level 1), road`.
    pub fn describe(&self) -> String {
        let mut s = match self.ground {
            Ground::Clear => "clear".to_string(),
            Ground::Forest => "forest".to_string(),
            Ground::Building(l) => format!("building (level {l})"),
            Ground::Rubble => "rubble".to_string(),
            Ground::River => "river".to_string(),
        };
        if self.hill > 0 {
            s = format!("{s}, hill level {}", self.hill);
        }
        if self.road {
            s.push_str(", road");
        }
        s
    }

    /// The cell that reads back as this terrain ([`HexTerrain::parse_cell`]): the ground's
    /// letter, then `h`/`H` for a hill and `=` for a road, e.g. `f`, `.h=`, `B`.
    pub fn cell(&self) -> String {
        let mut s = match self.ground {
            Ground::Clear => ".",
            Ground::Forest => "f",
            Ground::Building(1) => "b",
            Ground::Building(_) => "B",
            Ground::Rubble => "x",
            Ground::River => "~",
        }
        .to_string();
        match self.hill {
            0 => {}
            1 => s.push('h'),
            _ => s.push('H'),
        }
        if self.road {
            s.push('=');
        }
        s
    }

    /// Reads one cell of a tile: a ground letter (`.` clear, `f` forest, `b` building level 1,
    /// `B` level 2, `x` rubble, `~` river) followed by any of `h`/`H` (hill level 1/2) and `=`
    /// (road), e.g. `f`, `.h`, `=`, `.H=`. A cell may also start with `h`, `H` or `=` on clear
    /// ground (`h` is `.h`).
    ///
    /// Errors: a character that is none of these, in words.
    pub fn parse_cell(cell: &str) -> Result<HexTerrain, String> {
        let mut t = HexTerrain::CLEAR;
        let mut grounds = 0;
        for c in cell.chars() {
            let ground = match c {
                '.' => Some(Ground::Clear),
                'f' => Some(Ground::Forest),
                'b' => Some(Ground::Building(1)),
                'B' => Some(Ground::Building(2)),
                'x' => Some(Ground::Rubble),
                '~' => Some(Ground::River),
                'h' => {
                    t.hill = 1;
                    None
                }
                'H' => {
                    t.hill = 2;
                    None
                }
                '=' => {
                    t.road = true;
                    None
                }
                other => {
                    return Err(format!(
                        "'{other}' in cell '{cell}': expected . f b B x ~ (ground), h H (hill) or = (road)"
                    ));
                }
            };
            if let Some(g) = ground {
                grounds += 1;
                t.ground = g;
            }
        }
        if grounds > 1 {
            return Err(format!("cell '{cell}' names two grounds; a hex has one"));
        }
        Ok(t)
    }
}

/// The layout every battlefield map uses: flat-topped hexes of circumradius 1 world unit,
/// rows growing downwards on screen (y up in the world, so hexx's y is inverted).
pub fn layout() -> HexLayout {
    HexLayout::flat().with_scale(Vec2::new(1.0, -1.0))
}

/// The hex at `(column, row)` (see the module doc).
pub fn hex_at(col: i32, row: i32) -> Hex {
    Hex::from_offset_coordinates([col, row], OffsetHexMode::Odd, HexOrientation::Flat)
}

/// The `(column, row)` of `hex`.
pub fn col_row(hex: Hex) -> (i32, i32) {
    let [c, r] = hex.to_offset_coordinates(OffsetHexMode::Odd, HexOrientation::Flat);
    (c, r)
}

/// Where `hex` is kept in a map of `size` columns and rows ([`Map::index`]).
pub fn index_in(size: (i32, i32), hex: Hex) -> Option<usize> {
    let (c, r) = col_row(hex);
    (c >= 0 && r >= 0 && c < size.0 && r < size.1).then(|| (c * size.1 + r) as usize)
}

/// A stable sort key for hexes (hexx's `Hex` has no order): column, then row.
pub fn sort_key(hex: &Hex) -> (i32, i32) {
    col_row(*hex)
}

/// The direction of a d6 scatter roll, 1 to 6: "1 being the hex on top of the initially
/// targeted hex, 2 is the one just following clockwise and so on" (Support weapons, Campain
/// artillery). With [`layout`], hexx's flat north is the top of the screen.
pub fn scatter_direction(face: i32) -> EdgeDirection {
    const CLOCKWISE: [EdgeDirection; 6] = [
        EdgeDirection::FLAT_NORTH,
        EdgeDirection::FLAT_NORTH_EAST,
        EdgeDirection::FLAT_SOUTH_EAST,
        EdgeDirection::FLAT_SOUTH,
        EdgeDirection::FLAT_SOUTH_WEST,
        EdgeDirection::FLAT_NORTH_WEST,
    ];
    CLOCKWISE[((face - 1).rem_euclid(6)) as usize]
}

/// A geomorphic tile: rows of cells (see [`HexTerrain::parse_cell`]), read from
/// `assets/maps/battlefield/*.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tile {
    /// Its name, as scenarios place it.
    pub name: String,
    /// Rows, top first; each a string of cells separated by spaces, one per column.
    pub rows: Vec<String>,
}

/// Where a scenario puts a tile: its top-left hex's `(column, row)` on the map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Placement {
    /// The tile's name.
    pub tile: String,
    /// Top-left `(column, row)`. The column must be even, so the tile's odd columns stay
    /// shifted as drawn.
    pub at: (i32, i32),
}

/// The bundled tiles: (file name, RON text).
pub const TILES: &[(&str, &str)] = &[
    (
        "village.ron",
        include_str!("../../../../assets/maps/battlefield/village.ron"),
    ),
    (
        "woods.ron",
        include_str!("../../../../assets/maps/battlefield/woods.ron"),
    ),
    (
        "hills.ron",
        include_str!("../../../../assets/maps/battlefield/hills.ron"),
    ),
    (
        "open.ron",
        include_str!("../../../../assets/maps/battlefield/open.ron"),
    ),
    (
        "river.ron",
        include_str!("../../../../assets/maps/battlefield/river.ron"),
    ),
    (
        "outskirts.ron",
        include_str!("../../../../assets/maps/battlefield/outskirts.ron"),
    ),
];

/// A tile's problem: the byte offset in its source and what is wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct TileProblem {
    /// Byte offset in the tile's RON text.
    pub offset: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

/// Reads a tile's RON `src` into its cells, row by row.
///
/// Errors: RON that does not parse (its offset and the parser's words), a bad cell, or rows of
/// different lengths, each at its place in `src`.
pub fn read_tile(src: &str) -> Result<(Tile, Vec<Vec<HexTerrain>>), Vec<TileProblem>> {
    let tile: Tile = crate::rules::scenario::ron_options()
        .from_str(src)
        .map_err(|e| {
            vec![TileProblem {
                offset: offset_of(src, e.span.start.line, e.span.start.col),
                message: crate::rules::scenario::ron_words(&e.code),
            }]
        })?;
    let mut problems = Vec::new();
    let mut grid = Vec::new();
    let mut search_from = 0;
    let mut width = None;
    for row in &tile.rows {
        let row_at = src[search_from..]
            .find(&format!("\"{row}\""))
            .map(|i| search_from + i + 1)
            .unwrap_or(0);
        search_from = row_at;
        let mut cells = Vec::new();
        let mut col_at = 0;
        for cell in row.split(' ') {
            if !cell.is_empty() {
                match HexTerrain::parse_cell(cell) {
                    Ok(t) => cells.push(t),
                    Err(message) => problems.push(TileProblem {
                        offset: row_at + col_at,
                        message,
                    }),
                }
            }
            col_at += cell.len() + 1;
        }
        match width {
            None => width = Some(cells.len()),
            Some(w) if w != cells.len() => problems.push(TileProblem {
                offset: row_at,
                message: format!("this row has {} cells; the first row has {w}", cells.len()),
            }),
            _ => {}
        }
        grid.push(cells);
    }
    if grid.is_empty() || width == Some(0) {
        problems.push(TileProblem {
            offset: 0,
            message: "a tile needs at least one row of cells".into(),
        });
    }
    if problems.is_empty() {
        Ok((tile, grid))
    } else {
        Err(problems)
    }
}

/// The byte offset of 1-based `line`, `col` in `src`.
pub fn offset_of(src: &str, line: usize, col: usize) -> usize {
    let start: usize = src
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let in_line = src[start.min(src.len())..]
        .chars()
        .take(col.saturating_sub(1))
        .map(char::len_utf8)
        .sum::<usize>();
    start + in_line
}

/// The map of a game: every hex on it with its terrain, kept column by column (a search
/// reads it millions of times: an index, not a hash).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Map {
    /// Column `c`, row `r` at `c * size.1 + r`; `None` where a map of tiles has a hole.
    terrain: Vec<Option<HexTerrain>>,
    /// Columns and rows the map spans.
    pub size: (i32, i32),
}

impl Map {
    /// A map from `(column, row, terrain)` cells (negative places are not on the map).
    pub fn from_cells(cells: impl IntoIterator<Item = ((i32, i32), HexTerrain)>) -> Self {
        let cells: Vec<((i32, i32), HexTerrain)> = cells
            .into_iter()
            .filter(|((c, r), _)| *c >= 0 && *r >= 0)
            .collect();
        let size = cells
            .iter()
            .fold((0, 0), |(w, h), ((c, r), _)| (w.max(c + 1), h.max(r + 1)));
        let mut map = Self {
            terrain: vec![None; (size.0 * size.1) as usize],
            size,
        };
        for ((c, r), t) in cells {
            map.terrain[(c * size.1 + r) as usize] = Some(t);
        }
        map
    }

    /// How many places the map keeps: its columns times its rows.
    pub fn cells(&self) -> usize {
        self.terrain.len()
    }

    /// Where `hex` is kept (0 to [`Map::cells`]), if it lies within the map's columns and
    /// rows.
    pub fn index(&self, hex: Hex) -> Option<usize> {
        index_in(self.size, hex)
    }

    /// The hex kept at `index` (see [`Map::index`]).
    pub fn hex_at_index(&self, index: usize) -> Hex {
        let i = index as i32;
        hex_at(i / self.size.1, i % self.size.1)
    }

    /// The terrain kept at `index` (see [`Map::index`]), if that hex is on the map.
    pub fn at_index(&self, index: usize) -> Option<&HexTerrain> {
        self.terrain.get(index).and_then(Option::as_ref)
    }

    /// The terrain of `hex`, if it is on the map.
    pub fn get(&self, hex: Hex) -> Option<&HexTerrain> {
        self.index(hex).and_then(|i| self.terrain[i].as_ref())
    }

    /// Whether `hex` is on the map.
    pub fn contains(&self, hex: Hex) -> bool {
        self.get(hex).is_some()
    }

    /// Sets the terrain of `hex`, a hex of the map (a building becoming rubble); a hex off
    /// the map stays off it.
    pub fn set(&mut self, hex: Hex, t: HexTerrain) {
        if let Some(cell) = self.index(hex).and_then(|i| self.terrain[i].as_mut()) {
            *cell = t;
        }
    }

    /// The hexes whose ground is rubble (a destroyed building), in column-then-row order.
    pub fn rubble(&self) -> Vec<Hex> {
        self.hexes()
            .into_iter()
            .filter(|(_, t)| t.ground == Ground::Rubble)
            .map(|(h, _)| h)
            .collect()
    }

    /// Every hex with its terrain, sorted by column then row.
    pub fn hexes(&self) -> Vec<(Hex, HexTerrain)> {
        self.terrain
            .iter()
            .enumerate()
            .filter_map(|(i, t)| {
                let (c, r) = (i as i32 / self.size.1, i as i32 % self.size.1);
                t.map(|t| (hex_at(c, r), t))
            })
            .collect()
    }

    /// Whether `hex` is a hill hex at the border of its hill: a neighbour on the map is lower
    /// (Shooting: "A unit located on a hill (on the border hexes if there are multiple hill
    /// hexes togheter)").
    pub fn hill_border(&self, hex: Hex) -> bool {
        let Some(t) = self.get(hex) else {
            return false;
        };
        t.hill > 0
            && hex
                .all_neighbors()
                .iter()
                .any(|n| self.get(*n).is_some_and(|o| o.hill < t.hill))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_follow_the_movement_paragraph() {
        let forest_hill = HexTerrain::parse_cell("fh").unwrap();
        assert_eq!(
            forest_hill.entry_cost(),
            3,
            "a hill in a forest will cost 3"
        );
        assert_eq!(HexTerrain::parse_cell("=").unwrap().entry_cost(), 1);
        // Along the hilltop and down off it, no +1: only climbing costs it.
        let hill = HexTerrain::parse_cell("h").unwrap();
        assert_eq!(hill.step_cost(&hill), 1, "along a plateau");
        assert_eq!(HexTerrain::CLEAR.step_cost(&hill), 1, "down a hill");
        assert_eq!(
            forest_hill.step_cost(&hill),
            2,
            "into the wood on the same hill"
        );
        assert_eq!(hill.step_cost(&HexTerrain::CLEAR), 2, "up a hill");
        assert_eq!(HexTerrain::parse_cell("b").unwrap().entry_cost(), 2);
        assert_eq!(HexTerrain::parse_cell("f").unwrap().resistance_bonus(), 1);
        assert!(HexTerrain::parse_cell("fq").is_err());
        assert!(HexTerrain::parse_cell("fb").is_err());
    }

    #[test]
    fn scatter_one_is_the_hex_on_top_and_two_follows_clockwise() {
        let l = layout();
        let centre = hex_at(4, 4);
        let top = centre.neighbor(scatter_direction(1));
        let c = l.hex_to_world_pos(centre);
        let t = l.hex_to_world_pos(top);
        assert!((t.x - c.x).abs() < 1e-4 && t.y > c.y, "1 is straight above");
        let two = l.hex_to_world_pos(centre.neighbor(scatter_direction(2)));
        assert!(two.x > c.x && two.y > c.y, "2 is up and to the right");
        let four = l.hex_to_world_pos(centre.neighbor(scatter_direction(4)));
        assert!(
            (four.x - c.x).abs() < 1e-4 && four.y < c.y,
            "4 is straight below"
        );
        assert_eq!(col_row(top), (4, 3), "rows grow downwards");
    }

    #[test]
    fn tiles_are_read_with_their_problems_placed() {
        let src = "(name: \"t\", rows: [\n\". f\",\n\". q\"])";
        let e = read_tile(src).unwrap_err();
        assert_eq!(&src[e[0].offset..e[0].offset + 1], "q", "{e:?}");
        for (name, src) in TILES {
            assert!(read_tile(src).is_ok(), "{name}");
        }
    }
}
