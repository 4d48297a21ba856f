//! Line of sight between figures: raycasts from base to base against the terrain that blocks
//! sight, walked cell by cell through a uniform grid, so a table of 100 pieces answers 40 000
//! pairs in a few milliseconds (benches/line_of_sight.rs, docs/performance.md).
//!
//! tyneside-skirmish.txt, Visibility: "if a figure can draw a clear line of sight from his base
//! to an enemy base, they can see each other."

use glam::Vec2;

use super::geometry::{Aabb, Shape, point_in_polygon, sight_lines};
use super::terrain::{SEE_OUT_OF_COVER, TerrainPiece, TerrainProperty};

/// Grid cell size, inches.
const CELL: f32 = 5.0;
/// Pieces are filed in every cell within this many inches of them, so that one walk along the
/// centre line finds every piece the rim lines of bases up to this radius can touch.
const MARGIN: f32 = 1.0;

/// A sight-blocking piece's outline, copied out for allocation-free tests.
#[derive(Clone, Debug)]
enum Outline {
    Circle { centre: Vec2, radius: f32 },
    Polygon(Vec<Vec2>),
}

#[derive(Clone, Debug)]
struct Blocker {
    /// Index into the terrain slice.
    piece: usize,
    aabb: Aabb,
    /// A circle around the whole outline, for a quick "far from the line" test.
    bound_centre: Vec2,
    bound_radius: f32,
    outline: Outline,
    /// Blocks only lines across it when neither figure stands on it.
    hill_only: bool,
}

impl Blocker {
    #[inline]
    fn contains(&self, p: Vec2) -> bool {
        match &self.outline {
            Outline::Circle { centre, radius } => p.distance_squared(*centre) <= radius * radius,
            Outline::Polygon(pts) => point_in_polygon(pts, p),
        }
    }

    /// Whether segment `a`–`b`, with neither end inside, crosses the outline.
    #[inline]
    fn crossed(&self, a: Vec2, b: Vec2) -> bool {
        match &self.outline {
            Outline::Circle { centre, radius } => {
                let ab = b - a;
                let t = ((*centre - a).dot(ab) / ab.length_squared().max(1e-12)).clamp(0.0, 1.0);
                (a + ab * t).distance_squared(*centre) <= radius * radius
            }
            Outline::Polygon(pts) => {
                // Segments cross when each one's ends lie on opposite sides of the other.
                let r = b - a;
                let mut prev = pts[pts.len() - 1];
                let mut side_prev = r.perp_dot(prev - a);
                for &c in pts {
                    let side_c = r.perp_dot(c - a);
                    if side_prev * side_c <= 0.0 {
                        let e = c - prev;
                        if e.perp_dot(a - prev) * e.perp_dot(b - prev) <= 0.0 {
                            return true;
                        }
                    }
                    prev = c;
                    side_prev = side_c;
                }
                false
            }
        }
    }

    /// Inches of segment `a`–`b` inside the outline, without allocating (polygons of up to 32
    /// corners; larger ones take [`Shape::length_inside`]).
    fn length_inside(&self, terrain: &[TerrainPiece], a: Vec2, b: Vec2) -> f32 {
        let d = b - a;
        let len = d.length();
        match &self.outline {
            Outline::Circle { centre, radius } => {
                let f = a - *centre;
                let (qa, qb, qc) = (d.dot(d), 2.0 * f.dot(d), f.dot(f) - radius * radius);
                let disc = qb * qb - 4.0 * qa * qc;
                if qa < 1e-12 || disc < 0.0 {
                    return 0.0;
                }
                let s = disc.sqrt();
                let (t0, t1) = (
                    ((-qb - s) / (2.0 * qa)).max(0.0),
                    ((-qb + s) / (2.0 * qa)).min(1.0),
                );
                (t1 - t0).max(0.0) * len
            }
            Outline::Polygon(pts) if pts.len() <= 32 => {
                let mut ts = [0.0f32; 34];
                let mut n = 1;
                for i in 0..pts.len() {
                    let (c, e) = (pts[i], pts[(i + 1) % pts.len()] - pts[i]);
                    let denom = d.perp_dot(e);
                    if denom.abs() < 1e-12 {
                        continue;
                    }
                    let t = (c - a).perp_dot(e) / denom;
                    let u = (c - a).perp_dot(d) / denom;
                    if t > 0.0 && t < 1.0 && (0.0..=1.0).contains(&u) {
                        ts[n] = t;
                        n += 1;
                    }
                }
                ts[n] = 1.0;
                n += 1;
                ts[1..n - 1].sort_by(f32::total_cmp);
                ts[..n]
                    .windows(2)
                    .filter(|w| self.contains(a + d * ((w[0] + w[1]) * 0.5)))
                    .map(|w| (w[1] - w[0]) * len)
                    .sum()
            }
            Outline::Polygon(_) => terrain[self.piece].shape.length_inside(a, b),
        }
    }

    /// [`TerrainPiece::blocks_sight`], without allocating.
    fn blocks(&self, terrain: &[TerrainPiece], a: Vec2, b: Vec2) -> bool {
        if !self.aabb.hits_segment(a, b) {
            return false;
        }
        self.blocks_near(terrain, a, b, true, true)
    }

    /// [`Self::blocks`] for a segment already known to come near the piece; `near_a` and
    /// `near_b` say whether each end could be inside it at all.
    #[inline]
    fn blocks_near(
        &self,
        terrain: &[TerrainPiece],
        a: Vec2,
        b: Vec2,
        near_a: bool,
        near_b: bool,
    ) -> bool {
        if !near_a && !near_b {
            return self.crossed(a, b);
        }
        let in_box = |p: Vec2| p.cmpge(self.aabb.min).all() && p.cmple(self.aabb.max).all();
        let a_in = near_a && in_box(a) && self.contains(a);
        let b_in = near_b && in_box(b) && self.contains(b);
        if self.hill_only {
            return !(a_in || b_in) && self.crossed(a, b);
        }
        if a_in || b_in {
            return self.length_inside(terrain, a, b) > SEE_OUT_OF_COVER;
        }
        self.crossed(a, b)
    }
}

/// The terrain that can block sight, filed into a grid over the table.
#[derive(Clone, Debug)]
pub struct LosIndex {
    blockers: Vec<Blocker>,
    cols: usize,
    rows: usize,
    /// Where each cell's pieces start in `filed` (one more entry than cells).
    cell_start: Vec<u32>,
    /// Every cell's piece indices, cell after cell.
    filed: Vec<u32>,
    origin: Vec2,
}

/// What a sight line met: clear, or the index (into the terrain slice given to
/// [`LosIndex::new`]) of the piece that blocks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    /// At least one line from base to base is clear.
    Clear,
    /// Every line is blocked; the centre line is blocked by this piece (the first met, walking
    /// from the viewer).
    BlockedBy(usize),
}

impl LosIndex {
    /// Indexes the pieces of `terrain` that block sight (hills and sight-blocking pieces).
    pub fn new(terrain: &[TerrainPiece]) -> Self {
        let blockers: Vec<Blocker> = terrain
            .iter()
            .enumerate()
            .filter(|(_, t)| {
                t.has(TerrainProperty::BlocksLineOfSight) || t.has(TerrainProperty::Hill)
            })
            .map(|(i, t)| Blocker {
                piece: i,
                aabb: t.shape.aabb(),
                bound_centre: t.shape.centre(),
                bound_radius: match &t.shape {
                    Shape::Circle { radius, .. } => *radius,
                    s => (s.aabb().max - s.aabb().min).length() / 2.0,
                },
                outline: match &t.shape {
                    Shape::Circle { centre, radius } => Outline::Circle {
                        centre: Vec2::new(centre.0, centre.1),
                        radius: *radius,
                    },
                    s => Outline::Polygon(s.corners()),
                },
                hill_only: !t.has(TerrainProperty::BlocksLineOfSight),
            })
            .collect();
        if blockers.is_empty() {
            return Self {
                blockers,
                cols: 0,
                rows: 0,
                cell_start: vec![0],
                filed: Vec::new(),
                origin: Vec2::ZERO,
            };
        }
        let min = blockers
            .iter()
            .fold(Vec2::splat(f32::MAX), |m, b| m.min(b.aabb.min))
            - Vec2::splat(MARGIN);
        let max = blockers
            .iter()
            .fold(Vec2::splat(f32::MIN), |m, b| m.max(b.aabb.max))
            + Vec2::splat(MARGIN);
        let cols = (((max.x - min.x) / CELL).ceil() as usize).clamp(1, 512);
        let rows = (((max.y - min.y) / CELL).ceil() as usize).clamp(1, 512);
        let mut index = Self {
            blockers,
            cols,
            rows,
            cell_start: Vec::new(),
            filed: Vec::new(),
            origin: min,
        };
        let mut cells: Vec<Vec<u32>> = vec![Vec::new(); cols * rows];
        for k in 0..index.blockers.len() {
            let b = index.blockers[k].aabb;
            let (c0, r0) = index.cell_of(b.min - Vec2::splat(MARGIN));
            let (c1, r1) = index.cell_of(b.max + Vec2::splat(MARGIN));
            for r in r0..=r1 {
                for c in c0..=c1 {
                    cells[r * cols + c].push(k as u32);
                }
            }
        }
        index.cell_start.push(0);
        for cell in cells {
            index.filed.extend(cell);
            index.cell_start.push(index.filed.len() as u32);
        }
        index
    }

    fn cell_of(&self, p: Vec2) -> (usize, usize) {
        // Clamped first, so truncation is flooring (and avoids a libm call per lookup).
        let c = ((p.x - self.origin.x) / CELL).clamp(0.0, (self.cols - 1) as f32) as usize;
        let r = ((p.y - self.origin.y) / CELL).clamp(0.0, (self.rows - 1) as f32) as usize;
        (c, r)
    }

    /// Walks the grid cells segment `a`–`b` passes through, in order from `a`, calling `visit`
    /// once for each piece filed there, until `visit` returns true. Returns whether it was
    /// stopped.
    fn walk(&self, a: Vec2, b: Vec2, mut visit: impl FnMut(&Blocker) -> bool) -> bool {
        if self.blockers.is_empty() {
            return false;
        }
        // Clip the segment to the grid.
        let grid = Aabb {
            min: self.origin,
            max: self.origin + Vec2::new(self.cols as f32, self.rows as f32) * CELL,
        };
        let d = b - a;
        let Some((t0, t1)) = grid.clip_segment(a, b) else {
            return false;
        };
        let (p0, p1) = (a + d * t0, a + d * t1);
        let (mut c, mut r) = self.cell_of(p0);
        let end = self.cell_of(p1);
        let dir = p1 - p0;
        let step_c: isize = if dir.x > 0.0 { 1 } else { -1 };
        let step_r: isize = if dir.y > 0.0 { 1 } else { -1 };
        let first_edge = |cell: usize, step: isize, o: f32| {
            o + (cell as f32 + if step > 0 { 1.0 } else { 0.0 }) * CELL
        };
        let (mut t_max_x, t_dx) = if dir.x.abs() < 1e-9 {
            (f32::INFINITY, f32::INFINITY)
        } else {
            (
                (first_edge(c, step_c, self.origin.x) - p0.x) / dir.x,
                CELL / dir.x.abs(),
            )
        };
        let (mut t_max_y, t_dy) = if dir.y.abs() < 1e-9 {
            (f32::INFINITY, f32::INFINITY)
        } else {
            (
                (first_edge(r, step_r, self.origin.y) - p0.y) / dir.y,
                CELL / dir.y.abs(),
            )
        };
        let mut seen = [0u64; 8];
        for _ in 0..(self.cols + self.rows + 2) {
            let cell = r * self.cols + c;
            let filed =
                &self.filed[self.cell_start[cell] as usize..self.cell_start[cell + 1] as usize];
            for &k in filed {
                let k = k as usize;
                if k < 512 {
                    let (w, bit) = (k / 64, 1u64 << (k % 64));
                    if seen[w] & bit != 0 {
                        continue;
                    }
                    seen[w] |= bit;
                }
                if visit(&self.blockers[k]) {
                    return true;
                }
            }
            if (c, r) == end {
                break;
            }
            let (nc, nr) = if t_max_x < t_max_y {
                (c as isize + step_c, r as isize)
            } else {
                (c as isize, r as isize + step_r)
            };
            if nc < 0 || nr < 0 || nc >= self.cols as isize || nr >= self.rows as isize {
                break;
            }
            if nc != c as isize {
                t_max_x += t_dx;
            } else {
                t_max_y += t_dy;
            }
            (c, r) = (nc as usize, nr as usize);
        }
        false
    }

    /// A piece that blocks the single ray `a`–`b` (the first met walking from `a`), if any.
    /// `terrain` must be the slice this index was built from.
    pub fn ray_blocker(&self, terrain: &[TerrainPiece], a: Vec2, b: Vec2) -> Option<usize> {
        let mut found = None;
        self.walk(a, b, |bl| {
            if bl.blocks(terrain, a, b) {
                found = Some(bl.piece);
            }
            found.is_some()
        });
        found
    }

    /// Whether a figure on a base of radius `ra` at `a` can see one of radius `rb` at `b`
    /// (inches), trying the centre line and both rim lines ([`sight_lines`]). One walk along
    /// the centre line meets every piece the three lines can touch; it stops as soon as all
    /// three are blocked.
    pub fn sight(&self, terrain: &[TerrainPiece], a: Vec2, ra: f32, b: Vec2, rb: f32) -> Sight {
        let lines = sight_lines(a, ra, b, rb);
        let mut blocked: [Option<usize>; 3] = [None; 3];
        let len = (b - a).length();
        let along = if len > 0.0 { (b - a) / len } else { Vec2::ZERO };
        let reach = ra.max(rb);
        let mut test = |bl: &Blocker| {
            // Far from the centre line (beyond the rims' reach): none of the lines touches it.
            let rel = bl.bound_centre - a;
            let margin = bl.bound_radius + reach;
            let t = along.dot(rel);
            if along.perp_dot(rel).abs() > margin || t < -margin || t > len + margin {
                return false;
            }
            let (near_a, near_b) = (t <= margin, t >= len - margin);
            for (line, (p, q)) in lines.iter().enumerate() {
                if blocked[line].is_none() && bl.blocks_near(terrain, *p, *q, near_a, near_b) {
                    blocked[line] = Some(bl.piece);
                }
            }
            blocked.iter().all(Option::is_some)
        };
        if ra.max(rb) <= MARGIN {
            self.walk(a, b, &mut test);
        } else {
            // Bases wider than the filing margin: the rims may pass pieces the walk misses.
            self.blockers.iter().any(&mut test);
        }
        match blocked {
            [Some(first), Some(_), Some(_)] => Sight::BlockedBy(first),
            _ => Sight::Clear,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
    fn the_first_piece_met_is_named() {
        let t = vec![
            wall("far", (20.0, 0.0), (22.0, 20.0)),
            wall("near", (5.0, 0.0), (7.0, 20.0)),
        ];
        let idx = LosIndex::new(&t);
        assert_eq!(
            idx.ray_blocker(&t, Vec2::new(0.0, 10.0), Vec2::new(30.0, 10.0)),
            Some(1)
        );
        assert_eq!(
            idx.ray_blocker(&t, Vec2::new(30.0, 10.0), Vec2::new(0.0, 10.0)),
            Some(0)
        );
    }

    #[test]
    fn sight_agrees_with_testing_every_line_against_every_piece() {
        let t: Vec<TerrainPiece> = (0..60)
            .map(|i| {
                let (x, y) = ((i * 37 % 66) as f32 + 2.0, (i * 53 % 42) as f32 + 2.0);
                let mut w = wall(&format!("w{i}"), (x, y), (x + 3.0, y + 2.0));
                if i % 3 == 1 {
                    w.shape = Shape::Circle {
                        centre: (x, y),
                        radius: 1.5,
                    };
                }
                if i % 4 == 0 {
                    w.properties = vec![TerrainProperty::Hill];
                }
                w
            })
            .collect();
        let idx = LosIndex::new(&t);
        for i in 0..600 {
            let a = Vec2::new((i * 7 % 72) as f32 + 0.3, (i * 11 % 48) as f32 + 0.7);
            let b = Vec2::new((i * 13 % 72) as f32 + 0.1, (i * 19 % 48) as f32 + 0.9);
            let brute_clear = sight_lines(a, 0.5, b, 0.5)
                .iter()
                .any(|(p, q)| !t.iter().any(|w| w.blocks_sight(*p, *q)));
            assert_eq!(
                idx.sight(&t, a, 0.5, b, 0.5) == Sight::Clear,
                brute_clear,
                "{a} -> {b}"
            );
        }
    }

    #[test]
    fn index_agrees_with_brute_force() {
        let mut t = Vec::new();
        for i in 0..30 {
            let x = (i * 37 % 70) as f32;
            let y = (i * 53 % 46) as f32;
            let mut w = wall(&format!("w{i}"), (x, y), (x + 3.0, y + 2.0));
            if i % 3 == 0 {
                w.shape = Shape::Circle {
                    centre: (x, y),
                    radius: 1.5,
                };
            }
            if i % 5 == 0 {
                w.properties = vec![TerrainProperty::Hill];
            }
            t.push(w);
        }
        let idx = LosIndex::new(&t);
        for i in 0..400 {
            let a = Vec2::new((i * 7 % 72) as f32 + 0.3, (i * 11 % 48) as f32 + 0.7);
            let b = Vec2::new((i * 13 % 72) as f32 + 0.1, (i * 17 % 48) as f32 + 0.9);
            let brute = t.iter().any(|p| p.blocks_sight(a, b));
            let found = idx.ray_blocker(&t, a, b);
            assert_eq!(found.is_some(), brute, "ray {a} -> {b}");
            if let Some(k) = found {
                assert!(
                    t[k].blocks_sight(a, b),
                    "ray {a} -> {b}: {k} does not block"
                );
            }
        }
    }
}
