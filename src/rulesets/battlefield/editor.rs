//! The battlefield's scenario editor, as edits of a scenario: hexes painted with brushes of 1,
//! 7 and 19 hexes and a fill, the map resized, one half mirrored onto the other, units placed
//! from the roster, moved and removed, and any other field changed; every edit can be undone
//! and redone, and the scenario is checked as `holotable check` checks a file after each.
//! Pure data: the editor's screen turns the mouse into these edits (docs/editor.md).

use std::collections::{BTreeMap, HashSet};

use hexx::Hex;

use super::rules::map::{Ground, HexTerrain, Placement, TILES, col_row, hex_at, read_tile};
use super::rules::quality::Quality;
use super::rules::roster::Roster;
use super::rules::scenario::{Advanced, Goal, ScenarioDef, SideDef, UnitDef, compose};
use crate::rules::history::History;
use crate::rules::scenario::{Errors, ScenarioError, ron_error, ron_options, write};

/// What a brush lays on a hex: a ground (a building with its level), a hill level (0 takes
/// the hill away), or a road (or its removal). The other two stay as they were.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// The ground: clear, forest, building of level 1 or 2, rubble, river.
    Ground(Ground),
    /// The hill level, 0 to 2.
    Hill(u8),
    /// A road, or none.
    Road(bool),
}

impl Paint {
    /// `t` with this paint laid on it.
    fn on(self, mut t: HexTerrain) -> HexTerrain {
        match self {
            Paint::Ground(g) => t.ground = g,
            Paint::Hill(h) => t.hill = h.min(2),
            Paint::Road(r) => t.road = r,
        }
        t
    }
}

pub use crate::rules::layout::Mirror;

/// One edit of a battlefield scenario. Places are `(column, row)` hexes.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Lays `paint` on the hexes within `radius` of `at` (0: one hex, 1: seven, 2: nineteen)
    /// that lie within the map's columns and rows (a hole in the map is filled).
    Paint {
        /// The brush's centre.
        at: (i32, i32),
        /// 0, 1 or 2 hexes around it.
        radius: u32,
        /// What it lays.
        paint: Paint,
    },
    /// Lays `paint` on `at` and every hex joined to it through hexes of the same terrain.
    Fill {
        /// Where the fill starts.
        at: (i32, i32),
        /// What it lays.
        paint: Paint,
    },
    /// Lays `paint` on the hexes of the straight line from `from` to `to` (a road or a river
    /// drawn hex by hex along it); hexes off the map are left out.
    Line {
        /// Where the line starts.
        from: (i32, i32),
        /// Where it ends.
        to: (i32, i32),
        /// What it lays.
        paint: Paint,
    },
    /// Places the bundled geomorphic tile `tile` with its top-left hex at `at` (an even
    /// column, so its odd columns stay shifted as drawn); a tile it overlaps is taken off
    /// (its hexes stay, drawn), and the map grows to hold it.
    PlaceTile {
        /// The tile's name (`village`, `woods` …: `assets/maps/battlefield/`).
        tile: String,
        /// Its top-left `(column, row)`.
        at: (i32, i32),
    },
    /// Draws `cells` (rows from the top, as a tile has them: one of the player's own tiles)
    /// with the top-left cell at `at` (an even column); the map grows to hold them.
    Stamp {
        /// The cells, row by row.
        cells: Vec<Vec<HexTerrain>>,
        /// Their top-left `(column, row)`.
        at: (i32, i32),
    },
    /// Makes the map `columns` by `rows` hexes: hexes beyond are dropped, new ones are clear.
    Resize {
        /// Columns, 1 to [`MAX_SIDE`].
        columns: i32,
        /// Rows, 1 to [`MAX_SIDE`].
        rows: i32,
    },
    /// Copies one half of the map's terrain onto the other, mirrored (units stay where
    /// they are): column `c` onto `columns - 1 - c`, row `r` onto `rows - 1 - r`, or both.
    /// Exact left to right on a map with an odd number of columns (hexes of odd columns sit
    /// half a hex lower, so with an even number the right half is the left's mirror shifted
    /// half a hex).
    Mirror(Mirror),
    /// Places a unit of `profile` (a roster name) for side `side` (by index) at `at`, with
    /// an id made from its profile.
    Place {
        /// The side, by index.
        side: usize,
        /// Its unit chart row, e.g. "Stormtrooper".
        profile: String,
        /// Its hex.
        at: (i32, i32),
    },
    /// Moves unit `id`, and anything aboard it, to `to`.
    Move {
        /// The unit's id.
        id: String,
        /// Its new hex.
        to: (i32, i32),
    },
    /// Removes unit `id`; the units aboard it go with it.
    Remove {
        /// The unit's id.
        id: String,
    },
    /// Replaces the whole scenario (a field changed in the editor's forms: a name, the
    /// turn limit, a side's quality, the goal, the advanced rules).
    Set(Box<ScenarioDef>),
}

/// The longest side of a map the editor makes, in hexes.
pub const MAX_SIDE: i32 = 60;

/// A battlefield scenario being edited: the scenario, and what undo and redo bring back.
#[derive(Clone, Debug)]
pub struct Editor(History<ScenarioDef>);

impl Editor {
    /// A new scenario: the Galactic Empire against the Rebel Alliance on a clear map of
    /// `columns` by `rows` hexes (each clamped to 1 to [`MAX_SIDE`]), 8 turns, no unit yet.
    pub fn new(columns: i32, rows: i32) -> Self {
        let side = |id: &str, name: &str| SideDef {
            id: id.into(),
            name: name.into(),
            control: Default::default(),
            quality: Quality::Veteran,
            units: Vec::new(),
            artillery: 0,
            aerial_support: 0,
            space_bombardment: 0,
            entrenchments: Vec::new(),
        };
        let mut def = ScenarioDef {
            name: "New battle".into(),
            ruleset: super::ID.into(),
            description: String::new(),
            sides: vec![
                side("imperials", "Galactic Empire"),
                side("alliance", "Rebel Alliance"),
            ],
            turn_limit: 8,
            first_initiative: "imperials".into(),
            attacker: "imperials".into(),
            map: Vec::new(),
            rows: Vec::new(),
            advanced: Advanced::default(),
            goal: Goal::EliminateAll,
        };
        let (c, r) = (columns.clamp(1, MAX_SIDE), rows.clamp(1, MAX_SIDE));
        set_grid(
            &mut def,
            (0..c)
                .flat_map(|c| (0..r).map(move |r| ((c, r), HexTerrain::CLEAR)))
                .collect(),
        );
        Self::of(def)
    }

    /// The scenario `src` to edit (named `file` in errors). It need not pass `check`: a
    /// half-made scenario opens, with its problems listed ([`Editor::problems`]).
    ///
    /// Errors: the RON does not read as a battlefield scenario, with file, line and column.
    pub fn open(src: &str, file: &str) -> Result<Self, ScenarioError> {
        let def: ScenarioDef = ron_options()
            .from_str(src)
            .map_err(|e| ron_error(file, &e))?;
        Ok(Self::of(def))
    }

    fn of(def: ScenarioDef) -> Self {
        Self(History::new(def))
    }

    /// The scenario as it stands.
    pub fn scenario(&self) -> &ScenarioDef {
        self.0.now()
    }

    /// The scenario as the editor saves it ([`crate::rules::scenario::write`]).
    ///
    /// Errors: it cannot be written as RON (in words).
    pub fn text(&self) -> Result<String, String> {
        write(self.0.now())
    }

    /// What `holotable check` would say of the scenario now, with `file` as its name: no
    /// problem, or each with its line, column and what was expected.
    pub fn problems(&self, file: &str, roster: &Roster) -> Vec<ScenarioError> {
        match self.text() {
            Ok(src) => super::rules::scenario::parse(&src, file, roster)
                .err()
                .unwrap_or_default(),
            Err(why) => vec![ScenarioError {
                file: file.into(),
                line: 1,
                column: 1,
                message: why,
            }],
        }
    }

    /// Every hex of the map with its terrain, the tiles and the drawn rows together.
    pub fn grid(&self) -> BTreeMap<(i32, i32), HexTerrain> {
        grid(self.0.now())
    }

    /// The map's columns and rows (the rectangle its hexes span).
    pub fn size(&self) -> (i32, i32) {
        size(&self.grid())
    }

    /// Applies `edit`; undo takes it back.
    ///
    /// Errors (nothing changes): a place off the map, a brush wider than 19 hexes, a size
    /// out of 1 to [`MAX_SIDE`], an unknown profile, side or unit, or an edit that changes
    /// nothing — each in words.
    pub fn apply(&mut self, edit: Edit, roster: &Roster) -> Result<(), String> {
        self.0.change(|def| edit_scenario(def, edit, roster))
    }

    /// Takes the last edit back; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        self.0.undo()
    }

    /// Makes the last edit taken back again; `false` when there is none.
    pub fn redo(&mut self) -> bool {
        self.0.redo()
    }

    /// How many edits undo can take back now: a mark for [`Editor::squash`].
    pub fn undo_depth(&self) -> usize {
        self.0.undo_depth()
    }

    /// Makes the edits since `mark` (an [`Editor::undo_depth`]) one, which a single undo
    /// takes back: a brush stroke dragged over many hexes.
    pub fn squash(&mut self, mark: usize) {
        self.0.squash(mark);
    }

    /// Whether there is an edit to undo, and one to redo.
    pub fn can_undo_redo(&self) -> (bool, bool) {
        self.0.can_undo_redo()
    }
}

fn grid(def: &ScenarioDef) -> BTreeMap<(i32, i32), HexTerrain> {
    let map = compose(&def.map, &def.rows, &mut Errors::new("", "scenario"));
    map.hexes()
        .into_iter()
        .map(|(h, t)| (col_row(h), t))
        .collect()
}

fn size(grid: &BTreeMap<(i32, i32), HexTerrain>) -> (i32, i32) {
    grid.keys()
        .fold((0, 0), |(w, h), (c, r)| (w.max(c + 1), h.max(r + 1)))
}

/// Writes `grid` into `def`: the tiles kept where every hex of theirs is still in the grid,
/// with the hexes that differ from them drawn in `rows` (`-` where the tiles' hex stands);
/// otherwise the tiles dropped and every hex drawn.
fn set_grid(def: &mut ScenarioDef, grid: BTreeMap<(i32, i32), HexTerrain>) {
    let tiles = grid_of_tiles(def);
    if tiles.keys().any(|k| !grid.contains_key(k)) {
        def.map.clear();
        return set_grid(def, grid);
    }
    let (w, h) = size(&grid);
    let cells: Vec<Vec<String>> = (0..h)
        .map(|r| {
            (0..w)
                .map(|c| match grid.get(&(c, r)) {
                    Some(t) if tiles.get(&(c, r)) != Some(t) => t.cell(),
                    _ => "-".to_string(),
                })
                .collect()
        })
        .collect();
    let width = cells.iter().flatten().map(String::len).max().unwrap_or(1);
    let mut rows: Vec<String> = cells
        .iter()
        .map(|row| {
            let kept = row.iter().rposition(|c| c != "-").map_or(0, |i| i + 1);
            row[..kept]
                .iter()
                .map(|c| format!("{c:width$}"))
                .collect::<Vec<_>>()
                .join(" ")
                .trim_end()
                .to_string()
        })
        .collect();
    while rows.last().is_some_and(String::is_empty) {
        rows.pop();
    }
    def.rows = rows;
}

/// The cells of bundled tile `name`, rows from the top.
///
/// Errors: no bundled tile of that name (the names listed), or a broken bundled tile.
pub fn bundled_tile(name: &str) -> Result<Vec<Vec<HexTerrain>>, String> {
    let mut names = Vec::new();
    for (_, src) in TILES {
        let (t, cells) =
            read_tile(src).map_err(|_| format!("the bundled tile {name} is broken"))?;
        if t.name == name {
            return Ok(cells);
        }
        names.push(t.name);
    }
    Err(format!(
        "no tile '{name}'; the tiles are {}",
        names.join(", ")
    ))
}

/// Each bundled tile's (columns, rows).
fn tile_sizes() -> std::collections::HashMap<String, (i32, i32)> {
    TILES
        .iter()
        .filter_map(|(_, src)| read_tile(src).ok())
        .map(|(t, cells)| {
            let w = cells.first().map_or(0, Vec::len) as i32;
            (t.name, (w, cells.len() as i32))
        })
        .collect()
}

/// Draws `cells` into `grid` with the top-left cell at `at`.
///
/// Errors: an odd column, no cells, or a map that would grow past [`MAX_SIDE`].
fn stamp(
    grid: &mut BTreeMap<(i32, i32), HexTerrain>,
    cells: &[Vec<HexTerrain>],
    at: (i32, i32),
) -> Result<(), String> {
    if at.0 % 2 != 0 || at.0 < 0 || at.1 < 0 {
        return Err(format!(
            "a tile goes at an even column, not {at:?}: its odd columns sit half a hex lower as drawn"
        ));
    }
    let w = cells.iter().map(Vec::len).max().unwrap_or(0) as i32;
    if w == 0 {
        return Err("a tile needs at least one cell".into());
    }
    if at.0 + w > MAX_SIDE || at.1 + cells.len() as i32 > MAX_SIDE {
        return Err(format!(
            "the map would be more than {MAX_SIDE} hexes across"
        ));
    }
    // The rectangle the map and the tile span stays whole: new hexes beside both are clear.
    let (gw, gh) = size(grid);
    let (nw, nh) = (gw.max(at.0 + w), gh.max(at.1 + cells.len() as i32));
    for c in 0..nw {
        for r in 0..nh {
            grid.entry((c, r)).or_insert(HexTerrain::CLEAR);
        }
    }
    for (r, row) in cells.iter().enumerate() {
        for (c, t) in row.iter().enumerate() {
            grid.insert((at.0 + c as i32, at.1 + r as i32), *t);
        }
    }
    Ok(())
}

/// `columns` by `rows` hexes of `grid` from `from` (top-left) as a tile's RON file named
/// `name`, which the editor's Tiles tool stamps again.
///
/// Errors: the rectangle holds no hex of the map.
pub fn tile_text(
    grid: &BTreeMap<(i32, i32), HexTerrain>,
    name: &str,
    from: (i32, i32),
    (columns, rows): (i32, i32),
) -> Result<String, String> {
    let cells: Vec<String> = (from.1..from.1 + rows)
        .map(|r| {
            (from.0..from.0 + columns)
                .map(|c| {
                    grid.get(&(c, r))
                        .copied()
                        .unwrap_or(HexTerrain::CLEAR)
                        .cell()
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    if !(from.0..from.0 + columns)
        .any(|c| (from.1..from.1 + rows).any(|r| grid.contains_key(&(c, r))))
    {
        return Err("that rectangle holds no hex of the map".into());
    }
    let tile = super::rules::map::Tile {
        name: name.into(),
        rows: cells,
    };
    write(&tile)
}

fn grid_of_tiles(def: &ScenarioDef) -> BTreeMap<(i32, i32), HexTerrain> {
    grid(&ScenarioDef {
        rows: Vec::new(),
        ..def.clone()
    })
}

/// A fresh unit id for `profile`: its name in lower case with `_` for what is not a letter
/// or digit, and the first free number (`stormtrooper_3`).
fn new_id(def: &ScenarioDef, profile: &str) -> String {
    let stem: String = profile
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    let taken: HashSet<&str> = def
        .sides
        .iter()
        .flat_map(|s| s.units.iter().map(|u| u.id.as_str()))
        .collect();
    (1..)
        .map(|n| format!("{stem}_{n}"))
        .find(|id| !taken.contains(id.as_str()))
        .unwrap_or(stem)
}

fn find_unit<'a>(def: &'a mut ScenarioDef, id: &str) -> Result<&'a mut UnitDef, String> {
    def.sides
        .iter_mut()
        .flat_map(|s| s.units.iter_mut())
        .find(|u| u.id == id)
        .ok_or_else(|| format!("no unit '{id}'"))
}

fn edit_scenario(def: &mut ScenarioDef, edit: Edit, roster: &Roster) -> Result<(), String> {
    let mut grid = grid(def);
    let (w, h) = size(&grid);
    let within = |(c, r): (i32, i32)| c >= 0 && r >= 0 && c < w && r < h;
    let on_map = |at: (i32, i32), grid: &BTreeMap<(i32, i32), HexTerrain>| {
        if grid.contains_key(&at) {
            Ok(())
        } else {
            Err(format!("hex {at:?} is not on the map"))
        }
    };
    match edit {
        Edit::Paint { at, radius, paint } => {
            if radius > 2 {
                return Err("a brush covers 1, 7 or 19 hexes (radius 0 to 2)".into());
            }
            if !within(at) {
                return Err(format!("hex {at:?} is off the map ({w} x {h} hexes)"));
            }
            for hex in hex_at(at.0, at.1).range(radius) {
                let cr = col_row(hex);
                if within(cr) {
                    let t = grid.get(&cr).copied().unwrap_or(HexTerrain::CLEAR);
                    grid.insert(cr, paint.on(t));
                }
            }
            set_grid(def, grid);
        }
        Edit::Fill { at, paint } => {
            on_map(at, &grid)?;
            let like = grid[&at];
            let mut todo = vec![hex_at(at.0, at.1)];
            let mut seen: HashSet<Hex> = todo.iter().copied().collect();
            while let Some(hex) = todo.pop() {
                grid.insert(col_row(hex), paint.on(like));
                for n in hex.all_neighbors() {
                    if grid.get(&col_row(n)) == Some(&like) && seen.insert(n) {
                        todo.push(n);
                    }
                }
            }
            set_grid(def, grid);
        }
        Edit::Line { from, to, paint } => {
            on_map(from, &grid)?;
            on_map(to, &grid)?;
            for hex in hex_at(from.0, from.1).line_to(hex_at(to.0, to.1)) {
                let cr = col_row(hex);
                if let Some(t) = grid.get(&cr).copied() {
                    grid.insert(cr, paint.on(t));
                }
            }
            set_grid(def, grid);
        }
        Edit::PlaceTile { tile, at } => {
            let cells = bundled_tile(&tile)?;
            stamp(&mut grid, &cells, at)?;
            let (tw, th) = (cells[0].len() as i32, cells.len() as i32);
            let tiles = tile_sizes();
            // Tiles may not overlap: one the new tile covers is taken off, its hexes drawn.
            def.map.retain(|p| {
                let (pw, ph) = tiles.get(&p.tile).copied().unwrap_or((0, 0));
                p.at.0 + pw <= at.0
                    || at.0 + tw <= p.at.0
                    || p.at.1 + ph <= at.1
                    || at.1 + th <= p.at.1
            });
            def.map.push(Placement { tile, at });
            set_grid(def, grid);
        }
        Edit::Stamp { cells, at } => {
            stamp(&mut grid, &cells, at)?;
            set_grid(def, grid);
        }
        Edit::Resize { columns, rows } => {
            if !(1..=MAX_SIDE).contains(&columns) || !(1..=MAX_SIDE).contains(&rows) {
                return Err(format!(
                    "a map is 1 to {MAX_SIDE} hexes each way, not {columns} x {rows}"
                ));
            }
            let resized = (0..columns)
                .flat_map(|c| (0..rows).map(move |r| (c, r)))
                .map(|cr| (cr, grid.get(&cr).copied().unwrap_or(HexTerrain::CLEAR)))
                .collect();
            set_grid(def, resized);
        }
        Edit::Mirror(how) => {
            let from = |(c, r): (i32, i32)| match how {
                Mirror::LeftToRight => (c >= (w + 1) / 2).then_some((w - 1 - c, r)),
                Mirror::TopToBottom => (r >= (h + 1) / 2).then_some((c, h - 1 - r)),
                Mirror::Point => (c >= (w + 1) / 2).then_some((w - 1 - c, h - 1 - r)),
            };
            let mirrored = (0..w)
                .flat_map(|c| (0..h).map(move |r| (c, r)))
                .filter_map(|cr| match from(cr) {
                    Some(src) => grid.get(&src).map(|t| (cr, *t)),
                    None => grid.get(&cr).map(|t| (cr, *t)),
                })
                .collect();
            set_grid(def, mirrored);
        }
        Edit::Place { side, profile, at } => {
            if roster.profile(&profile).is_none() {
                return Err(format!("no unit '{profile}' in the battlefield's roster"));
            }
            on_map(at, &grid)?;
            let id = new_id(def, &profile);
            def.sides
                .get_mut(side)
                .ok_or_else(|| format!("no side {side}"))?
                .units
                .push(UnitDef {
                    id,
                    profile,
                    at,
                    weapon: None,
                    force_points: None,
                    aboard: None,
                    hidden: false,
                    unknown: false,
                });
        }
        Edit::Move { id, to } => {
            on_map(to, &grid)?;
            find_unit(def, &id)?.at = to;
            for u in def.sides.iter_mut().flat_map(|s| s.units.iter_mut()) {
                if u.aboard.as_deref() == Some(id.as_str()) {
                    u.at = to;
                }
            }
        }
        Edit::Remove { id } => {
            find_unit(def, &id)?;
            for s in &mut def.sides {
                s.units
                    .retain(|u| u.id != id && u.aboard.as_deref() != Some(id.as_str()));
            }
        }
        Edit::Set(new) => *def = *new,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::battlefield::roster;

    fn forest() -> Paint {
        Paint::Ground(Ground::Forest)
    }

    #[test]
    fn tiles_are_placed_stamped_and_saved_and_roads_drawn_as_lines() {
        let r = roster().unwrap();
        let mut e = Editor::new(13, 9);
        let village = bundled_tile("village").unwrap();
        e.apply(
            Edit::PlaceTile {
                tile: "village".into(),
                at: (0, 0),
            },
            r,
        )
        .unwrap();
        assert_eq!(e.scenario().map.len(), 1);
        let g = e.grid();
        for (row, cells) in village.iter().enumerate() {
            for (col, t) in cells.iter().enumerate() {
                assert_eq!(g[&(col as i32, row as i32)], *t, "({col}, {row})");
            }
        }
        assert!(
            e.scenario().rows.iter().take(village.len()).all(|row| row
                .split(' ')
                .take(village[0].len())
                .all(|c| c.is_empty() || c == "-")),
            "the tile's hexes are not drawn again: {:?}",
            e.scenario().rows
        );
        e.apply(
            Edit::PlaceTile {
                tile: "woods".into(),
                at: (4, 2),
            },
            r,
        )
        .unwrap();
        let tiles: Vec<&str> = e.scenario().map.iter().map(|p| p.tile.as_str()).collect();
        assert_eq!(tiles, ["woods"], "the village it overlaps is taken off");
        assert_eq!(e.grid()[&(0, 0)], village[0][0], "its hexes stay, drawn");
        assert_eq!(e.size(), (14, 10), "the map grew to hold the woods");
        assert!(
            e.problems("x.ron", r)
                .iter()
                .all(|p| !p.message.contains("tile"))
        );
        let text = tile_text(&e.grid(), "mine", (0, 0), (10, 8)).unwrap();
        let (t, cells) = read_tile(&text).unwrap();
        assert_eq!(t.name, "mine");
        assert_eq!(cells[0][0], village[0][0]);
        e.apply(
            Edit::Stamp {
                cells: cells.clone(),
                at: (4, 0),
            },
            r,
        )
        .unwrap();
        assert_eq!(e.grid()[&(4, 0)], cells[0][0]);
        for bad in [
            Edit::Stamp {
                cells: cells.clone(),
                at: (3, 0),
            },
            Edit::PlaceTile {
                tile: "volcano".into(),
                at: (0, 0),
            },
            Edit::Stamp {
                cells,
                at: (MAX_SIDE - 2, 0),
            },
        ] {
            assert!(e.apply(bad.clone(), r).is_err(), "{bad:?}");
        }
        e.apply(
            Edit::Line {
                from: (0, 4),
                to: (8, 4),
                paint: Paint::Road(true),
            },
            r,
        )
        .unwrap();
        // Hexes of odd columns sit half a hex lower: a line along a row zigzags over two,
        // one hex a column.
        let line: Vec<(i32, i32)> = hex_at(0, 4).line_to(hex_at(8, 4)).map(col_row).collect();
        assert_eq!(line.len(), 9, "{line:?}");
        assert!(line.iter().all(|cr| e.grid()[cr].road), "{line:?}");
        assert!(line.iter().all(|(_, r)| (3..=4).contains(r)), "{line:?}");
    }

    fn count(e: &Editor, g: Ground) -> usize {
        e.grid().values().filter(|t| t.ground == g).count()
    }

    #[test]
    fn brushes_paint_one_seven_and_nineteen_hexes() {
        let r = roster().unwrap();
        let mut e = Editor::new(15, 11);
        for (radius, n) in [(0, 1), (1, 7), (2, 19)] {
            let mut e = e.clone();
            e.apply(
                Edit::Paint {
                    at: (7, 5),
                    radius,
                    paint: forest(),
                },
                r,
            )
            .unwrap();
            assert_eq!(count(&e, Ground::Forest), n);
        }
        // At a corner the brush stops at the map's edge.
        e.apply(
            Edit::Paint {
                at: (0, 0),
                radius: 1,
                paint: forest(),
            },
            r,
        )
        .unwrap();
        assert_eq!(count(&e, Ground::Forest), 3);
        assert!(
            e.apply(
                Edit::Paint {
                    at: (15, 0),
                    radius: 0,
                    paint: forest()
                },
                r
            )
            .is_err()
        );
    }

    #[test]
    fn a_fill_covers_the_joined_hexes_of_the_same_terrain_only() {
        let r = roster().unwrap();
        let mut e = Editor::new(9, 5);
        // A river down column 4 cuts the map in two.
        for row in 0..5 {
            e.apply(
                Edit::Paint {
                    at: (4, row),
                    radius: 0,
                    paint: Paint::Ground(Ground::River),
                },
                r,
            )
            .unwrap();
        }
        e.apply(
            Edit::Fill {
                at: (0, 0),
                paint: forest(),
            },
            r,
        )
        .unwrap();
        assert_eq!(count(&e, Ground::Forest), 4 * 5);
        assert_eq!(count(&e, Ground::River), 5);
    }

    #[test]
    fn undo_and_redo_take_back_and_make_again_every_edit() {
        let r = roster().unwrap();
        let mut e = Editor::new(10, 8);
        let blank = e.text().unwrap();
        e.apply(
            Edit::Place {
                side: 0,
                profile: "Stormtrooper".into(),
                at: (1, 1),
            },
            r,
        )
        .unwrap();
        e.apply(
            Edit::Move {
                id: "stormtrooper_1".into(),
                to: (2, 3),
            },
            r,
        )
        .unwrap();
        e.apply(
            Edit::Resize {
                columns: 12,
                rows: 9,
            },
            r,
        )
        .unwrap();
        let done = e.text().unwrap();
        assert!(e.undo() && e.undo() && e.undo());
        assert!(!e.undo(), "nothing more to undo");
        assert_eq!(e.text().unwrap(), blank);
        assert!(e.redo() && e.redo() && e.redo());
        assert_eq!(e.text().unwrap(), done);
        assert_eq!(e.size(), (12, 9));
        assert_eq!(e.scenario().sides[0].units[0].at, (2, 3));
        // A new edit drops what was undone.
        e.undo();
        e.apply(
            Edit::Remove {
                id: "stormtrooper_1".into(),
            },
            r,
        )
        .unwrap();
        assert!(!e.redo());
    }

    #[test]
    fn a_stroke_of_many_hexes_is_one_undo() {
        let r = roster().unwrap();
        let mut e = Editor::new(8, 8);
        e.apply(
            Edit::Resize {
                columns: 9,
                rows: 8,
            },
            r,
        )
        .unwrap();
        let mark = e.undo_depth();
        for c in 0..5 {
            e.apply(
                Edit::Paint {
                    at: (c, 2),
                    radius: 0,
                    paint: forest(),
                },
                r,
            )
            .unwrap();
        }
        e.squash(mark);
        assert_eq!(count(&e, Ground::Forest), 5);
        assert!(e.undo());
        assert_eq!(count(&e, Ground::Forest), 0);
        assert_eq!(e.size(), (9, 8), "the resize before the stroke stays");
        assert!(e.redo());
        assert_eq!(count(&e, Ground::Forest), 5);
    }

    #[test]
    fn a_mirror_copies_one_half_onto_the_other() {
        let r = roster().unwrap();
        let mut e = Editor::new(11, 7);
        e.apply(
            Edit::Paint {
                at: (1, 2),
                radius: 0,
                paint: Paint::Ground(Ground::Building(2)),
            },
            r,
        )
        .unwrap();
        e.apply(
            Edit::Paint {
                at: (2, 1),
                radius: 0,
                paint: Paint::Hill(1),
            },
            r,
        )
        .unwrap();
        let mut lr = e.clone();
        lr.apply(Edit::Mirror(Mirror::LeftToRight), r).unwrap();
        let g = lr.grid();
        assert_eq!(g[&(9, 2)].ground, Ground::Building(2));
        assert_eq!(g[&(8, 1)].hill, 1);
        let mut tb = e.clone();
        tb.apply(Edit::Mirror(Mirror::TopToBottom), r).unwrap();
        assert_eq!(tb.grid()[&(1, 4)].ground, Ground::Building(2));
        let mut pt = e.clone();
        pt.apply(Edit::Mirror(Mirror::Point), r).unwrap();
        assert_eq!(pt.grid()[&(9, 4)].ground, Ground::Building(2));
        assert_eq!(pt.grid()[&(8, 5)].hill, 1);
    }

    #[test]
    fn painting_a_map_of_tiles_keeps_the_tiles_and_draws_only_the_difference() {
        let r = roster().unwrap();
        let (_, src) = crate::rulesets::battlefield::BUNDLED
            .iter()
            .find(|(n, _)| n.starts_with("walker_assault"))
            .unwrap();
        let mut e = Editor::open(src, "walker_assault.ron").unwrap();
        let before = e.grid();
        e.apply(
            Edit::Paint {
                at: (3, 3),
                radius: 0,
                paint: Paint::Road(true),
            },
            r,
        )
        .unwrap();
        assert!(!e.scenario().map.is_empty(), "the tiles stay");
        assert_eq!(e.scenario().rows.len(), 4, "{:?}", e.scenario().rows);
        let after = e.grid();
        assert!(after[&(3, 3)].road);
        assert_eq!(
            before
                .iter()
                .filter(|(k, v)| after.get(k) != Some(v))
                .count(),
            1
        );
        assert!(
            e.problems("w.ron", r).is_empty(),
            "{:?}",
            e.problems("w.ron", r)
        );
        // Shrunk, the tiles cannot stay whole: the map is drawn hex by hex, the same map.
        e.apply(
            Edit::Resize {
                columns: 6,
                rows: 6,
            },
            r,
        )
        .unwrap();
        assert!(e.scenario().map.is_empty());
        assert_eq!(e.size(), (6, 6));
        assert!(e.grid()[&(3, 3)].road);
    }

    #[test]
    fn a_scenario_written_opened_and_written_again_is_the_same_file() {
        let r = roster().unwrap();
        let mut e = Editor::new(13, 9);
        e.apply(
            Edit::Paint {
                at: (6, 4),
                radius: 2,
                paint: Paint::Hill(2),
            },
            r,
        )
        .unwrap();
        e.apply(
            Edit::Place {
                side: 1,
                profile: "Wookie".into(),
                at: (6, 4),
            },
            r,
        )
        .unwrap();
        let text = e.text().unwrap();
        let again = Editor::open(&text, "x.ron").unwrap();
        assert_eq!(again.text().unwrap(), text);
        assert_eq!(again.scenario(), e.scenario());
    }

    #[test]
    fn bad_edits_are_refused_and_change_nothing() {
        let r = roster().unwrap();
        let mut e = Editor::new(5, 5);
        let before = e.text().unwrap();
        for bad in [
            Edit::Place {
                side: 0,
                profile: "Tauntaun".into(),
                at: (1, 1),
            },
            Edit::Place {
                side: 5,
                profile: "Stormtrooper".into(),
                at: (1, 1),
            },
            Edit::Place {
                side: 0,
                profile: "Stormtrooper".into(),
                at: (9, 1),
            },
            Edit::Move {
                id: "nobody".into(),
                to: (1, 1),
            },
            Edit::Resize {
                columns: 0,
                rows: 4,
            },
            Edit::Paint {
                at: (1, 1),
                radius: 3,
                paint: Paint::Hill(1),
            },
            Edit::Paint {
                at: (1, 1),
                radius: 0,
                paint: Paint::Hill(0),
            },
        ] {
            assert!(e.apply(bad.clone(), r).is_err(), "{bad:?}");
            assert_eq!(e.text().unwrap(), before);
        }
        assert!(!e.can_undo_redo().0);
    }
}
