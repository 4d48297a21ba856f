//! Line of sight between figures: raycasts from base to base against the terrain that blocks
//! sight, through a uniform grid so a table of 100 pieces answers 40 000 pairs quickly
//! (benches/line_of_sight.rs, docs/performance.md).
//!
//! tyneside-skirmish.txt, Visibility: "if a figure can draw a clear line of sight from his base
//! to an enemy base, they can see each other."

use glam::Vec2;

use super::geometry::{Aabb, sight_lines};
use super::terrain::{TerrainPiece, TerrainProperty};

/// Grid cell size, inches: about the size of a typical terrain piece.
const CELL: f32 = 6.0;

/// The terrain that can block sight, bucketed into a grid over the table.
#[derive(Clone, Debug)]
pub struct LosIndex {
    pieces: Vec<(usize, Aabb)>,
    cols: usize,
    rows: usize,
    cells: Vec<Vec<u32>>,
    origin: Vec2,
}

/// What a sight line met: clear, or the index (into the terrain slice given to
/// [`LosIndex::new`]) of the first piece that blocks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    /// At least one line from base to base is clear.
    Clear,
    /// Every line is blocked; the centre line first meets this piece.
    BlockedBy(usize),
}

impl LosIndex {
    /// Indexes the pieces of `terrain` that block sight (hills and sight-blocking pieces).
    pub fn new(terrain: &[TerrainPiece]) -> Self {
        let pieces: Vec<(usize, Aabb)> = terrain
            .iter()
            .enumerate()
            .filter(|(_, t)| {
                t.has(TerrainProperty::BlocksLineOfSight) || t.has(TerrainProperty::Hill)
            })
            .map(|(i, t)| (i, t.shape.aabb()))
            .collect();
        let min = pieces
            .iter()
            .fold(Vec2::splat(f32::MAX), |m, (_, b)| m.min(b.min));
        let max = pieces
            .iter()
            .fold(Vec2::splat(f32::MIN), |m, (_, b)| m.max(b.max));
        if pieces.is_empty() {
            return Self {
                pieces,
                cols: 0,
                rows: 0,
                cells: Vec::new(),
                origin: Vec2::ZERO,
            };
        }
        let cols = (((max.x - min.x) / CELL).floor() as usize + 1).min(512);
        let rows = (((max.y - min.y) / CELL).floor() as usize + 1).min(512);
        let mut cells = vec![Vec::new(); cols * rows];
        for (k, (_, b)) in pieces.iter().enumerate() {
            let (c0, r0) = Self::cell_of(min, cols, rows, b.min);
            let (c1, r1) = Self::cell_of(min, cols, rows, b.max);
            for r in r0..=r1 {
                for c in c0..=c1 {
                    cells[r * cols + c].push(k as u32);
                }
            }
        }
        Self {
            pieces,
            cols,
            rows,
            cells,
            origin: min,
        }
    }

    fn cell_of(origin: Vec2, cols: usize, rows: usize, p: Vec2) -> (usize, usize) {
        let c = ((p.x - origin.x) / CELL)
            .floor()
            .clamp(0.0, (cols - 1) as f32) as usize;
        let r = ((p.y - origin.y) / CELL)
            .floor()
            .clamp(0.0, (rows - 1) as f32) as usize;
        (c, r)
    }

    /// The first piece (lowest index in `terrain`) that blocks the single ray `a`–`b`.
    /// `terrain` must be the slice this index was built from.
    pub fn ray_blocker(&self, terrain: &[TerrainPiece], a: Vec2, b: Vec2) -> Option<usize> {
        if self.pieces.is_empty() {
            return None;
        }
        let seg = Aabb {
            min: a.min(b),
            max: a.max(b),
        };
        let (c0, r0) = Self::cell_of(self.origin, self.cols, self.rows, seg.min);
        let (c1, r1) = Self::cell_of(self.origin, self.cols, self.rows, seg.max);
        let mut seen = [0u64; 8];
        let mut best: Option<usize> = None;
        let dir = b - a;
        for r in r0..=r1 {
            for c in c0..=c1 {
                // Skip cells the ray does not pass through.
                let lo = self.origin + Vec2::new(c as f32, r as f32) * CELL;
                let cell = Aabb {
                    min: lo,
                    max: lo + Vec2::splat(CELL),
                };
                let is_edge_cell = c == 0 || r == 0 || c == self.cols - 1 || r == self.rows - 1;
                if !is_edge_cell && dir != Vec2::ZERO && !cell.hits_segment(a, b) {
                    continue;
                }
                for &k in &self.cells[r * self.cols + c] {
                    let k = k as usize;
                    if k < 512 {
                        let (w, bit) = (k / 64, 1u64 << (k % 64));
                        if seen[w] & bit != 0 {
                            continue;
                        }
                        seen[w] |= bit;
                    }
                    let (idx, bb) = self.pieces[k];
                    if best.is_some_and(|b| b <= idx) || !bb.hits_segment(a, b) {
                        continue;
                    }
                    if terrain[idx].blocks_sight(a, b) {
                        best = Some(idx);
                    }
                }
            }
        }
        best
    }

    /// Whether a figure on a base of radius `ra` at `a` can see one of radius `rb` at `b`
    /// (inches), trying the centre line and both rim lines ([`sight_lines`]).
    pub fn sight(&self, terrain: &[TerrainPiece], a: Vec2, ra: f32, b: Vec2, rb: f32) -> Sight {
        let lines = sight_lines(a, ra, b, rb);
        let centre = self.ray_blocker(terrain, lines[0].0, lines[0].1);
        let Some(first) = centre else {
            return Sight::Clear;
        };
        for (p, q) in &lines[1..] {
            if self.ray_blocker(terrain, *p, *q).is_none() {
                return Sight::Clear;
            }
        }
        Sight::BlockedBy(first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::Shape;
    use crate::rules::terrain::TerrainKind;

    fn wall(id: &str, min: (f32, f32), max: (f32, f32)) -> TerrainPiece {
        TerrainPiece {
            id: id.into(),
            kind: TerrainKind::Building,
            shape: Shape::Rect { min, max },
            properties: vec![TerrainProperty::BlocksLineOfSight],
        }
    }

    #[test]
    fn building_between_blocks_and_names_itself() {
        let t = vec![
            wall("hut", (10.0, 0.0), (14.0, 20.0)),
            wall("far", (40.0, 40.0), (44.0, 44.0)),
        ];
        let idx = LosIndex::new(&t);
        assert_eq!(
            idx.sight(&t, Vec2::new(0.0, 10.0), 0.5, Vec2::new(30.0, 10.0), 0.5),
            Sight::BlockedBy(0)
        );
        assert_eq!(
            idx.sight(&t, Vec2::new(0.0, 30.0), 0.5, Vec2::new(30.0, 30.0), 0.5),
            Sight::Clear
        );
    }

    #[test]
    fn a_rim_peeking_past_a_corner_sees() {
        // The building ends at y=20; centres at y=19.8 are blocked but the upper rims are clear.
        let t = vec![wall("hut", (10.0, 0.0), (14.0, 20.0))];
        let idx = LosIndex::new(&t);
        assert_eq!(
            idx.sight(&t, Vec2::new(0.0, 19.8), 0.5, Vec2::new(30.0, 19.8), 0.5),
            Sight::Clear
        );
        assert_eq!(
            idx.sight(&t, Vec2::new(0.0, 18.0), 0.5, Vec2::new(30.0, 18.0), 0.5),
            Sight::BlockedBy(0)
        );
    }

    #[test]
    fn index_agrees_with_brute_force() {
        let mut t = Vec::new();
        for i in 0..30 {
            let x = (i * 37 % 70) as f32;
            let y = (i * 53 % 46) as f32;
            t.push(wall(&format!("w{i}"), (x, y), (x + 3.0, y + 2.0)));
        }
        let idx = LosIndex::new(&t);
        for i in 0..200 {
            let a = Vec2::new((i * 7 % 72) as f32, (i * 11 % 48) as f32);
            let b = Vec2::new((i * 13 % 72) as f32, (i * 17 % 48) as f32);
            let brute = t.iter().position(|p| p.blocks_sight(a, b));
            assert_eq!(idx.ray_blocker(&t, a, b), brute, "ray {a} -> {b}");
        }
    }
}
