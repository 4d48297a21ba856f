//! Line of sight between figures: raycasts from base to base against the terrain that blocks
//! sight. A [`Viewpoint`] lists every piece by how near it comes to one viewer, with the arc of
//! directions it can shadow and the arc in which it hides a whole base, sorted into sectors of
//! direction; each target then looks only at the pieces of its sector, in its direction and
//! nearer than it, and most hidden targets are settled by direction alone. A table of 100
//! pieces answers 40 000 pairs in under 2 ms (benches/line_of_sight.rs, docs/performance.md).
//!
//! tyneside-skirmish.txt, Visibility: "if a figure can draw a clear line of sight from his base
//! to an enemy base, they can see each other."

use std::cell::Cell;

use glam::Vec2;

use super::geometry::{Aabb, RIM_INSET, Shape, point_in_polygon, sight_lines};
use super::terrain::{SEE_OUT_OF_COVER, TerrainPiece, TerrainProperty};

/// [`Shadow::near`] is kept in these fractions of an inch.
const NEAR_UNITS: f32 = 64.0;
/// Slack added to each end of a piece's arc, in diamond-angle units (about 0.1°), so that
/// rounding never drops a piece a line touches.
const ARC_SLACK: f32 = 1e-3;
/// A [`Viewpoint`] sorts its pieces into this many equal sectors of direction, so that a
/// target looks only at the pieces whose shadows reach its own sector.
const SECTORS: usize = 64;

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
    /// Whether the outline is a convex polygon (rectangles are).
    convex: bool,
}

impl Blocker {
    #[inline]
    fn contains(&self, p: Vec2) -> bool {
        match &self.outline {
            Outline::Circle { centre, radius } => p.distance_squared(*centre) <= radius * radius,
            Outline::Polygon(pts) => point_in_polygon(pts, p),
        }
    }

    /// For three parallel segments that start `offsets` inches across from `a` (to the left of
    /// the unit direction `u`) and run `len` inches along it, with neither end inside: which of
    /// them cross this circle or convex polygon. One pass serves all three, but only when the
    /// whole outline lies between the segments' ends (`None` otherwise, and for concave
    /// outlines).
    #[inline]
    fn span_crossed(&self, a: Vec2, u: Vec2, len: f32, offsets: [f32; 3]) -> Option<[bool; 3]> {
        let (lo, hi) = match &self.outline {
            Outline::Circle { centre, radius } => {
                let rel = *centre - a;
                let along = u.dot(rel);
                if along < *radius || along > len - radius {
                    return None;
                }
                let across = u.perp_dot(rel);
                (across - radius, across + radius)
            }
            Outline::Polygon(pts) if self.convex => {
                let (mut lo, mut hi) = (f32::MAX, f32::MIN);
                for &c in pts {
                    let rel = c - a;
                    let along = u.dot(rel);
                    if !(0.0..=len).contains(&along) {
                        return None;
                    }
                    let across = u.perp_dot(rel);
                    lo = lo.min(across);
                    hi = hi.max(across);
                }
                (lo, hi)
            }
            Outline::Polygon(_) => return None,
        };
        // A line crosses a convex outline that lies wholly between its ends exactly when the
        // outline reaches both sides of it (or touches it).
        Some(offsets.map(|o| lo <= o && o <= hi))
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

    /// [`TerrainPiece::blocks_sight`] without allocating; `near_a` and `near_b` say whether
    /// each end of segment `a`–`b` could be inside the piece at all.
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

/// The terrain that can block sight: hills and sight-blocking pieces, copied out for fast tests.
#[derive(Clone, Debug)]
pub struct LosIndex {
    blockers: Vec<Blocker>,
}

/// What a sight line met: clear, or the index (into the terrain slice given to
/// [`LosIndex::new`]) of the piece that blocks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    /// At least one line from base to base is clear.
    Clear,
    /// Every line is blocked, and this piece blocks the centre line: for one pair
    /// ([`LosIndex::sight`]) the one nearest the viewer; from a [`Viewpoint`], one that hides
    /// the whole target base on its own if there is one.
    BlockedBy(usize),
}

/// One piece as seen from a viewer: how near it comes and the arc of directions it can shadow.
#[derive(Clone, Debug)]
struct Shadow {
    /// Sixty-fourths of an inch from the viewer to the nearest point of the piece's bound
    /// circle grown by the reach of the rim lines, rounded towards zero (0 or less when the
    /// viewer is within that). Whole numbers sort faster than floats.
    near: i32,
    /// Start of the arc, diamond-angle units (0..4 for a whole turn, counter-clockwise from +x).
    from: f32,
    /// Width of the arc in the same units (4: every direction).
    width: f32,
    /// Index into [`LosIndex::blockers`].
    blocker: u32,
    /// The first sector the arc reaches, and how many (counter-clockwise, wrapping).
    sector: u8,
    sectors: u8,
    /// Whether the viewer's end of a sight line could be inside the piece.
    near_viewer: bool,
    /// Where the piece hides everything beyond it ([`cover_arc`]), worked out when first asked.
    cover: Cell<Cover>,
}

/// A [`Shadow`]'s cover arc, once known.
#[derive(Clone, Copy, Debug)]
enum Cover {
    Unknown,
    None,
    /// Start and width of the arc (diamond-angle units), and the square of the inches a target
    /// must be beyond.
    Arc {
        from: f32,
        width: f32,
        far: f32,
    },
}

/// Where a far piece hides everything: the arc of directions from `at` in which it crosses the
/// centre line and both rim lines (`inset` inches either side) of every target further than
/// the square root of the returned distance, and a target's whole base is beyond it. Returns
/// `(from, width, far²)`, or `None` when the piece is too near or too wide to say (it is then
/// tested line by line).
///
/// A convex outline lying wholly between a line's ends is crossed when it reaches both sides of
/// the line; so it hides a direction when its leftmost corner is at least `inset` to the left
/// of the centre line and its rightmost at least `inset` to the right. The rim lines of a
/// target base no wider than the viewer's lie within `inset` of the centre line, so they are
/// crossed too.
fn cover_arc(bl: &Blocker, at: Vec2, inset: f32) -> Option<(f32, f32, f32)> {
    // `v` turned counter-clockwise by the angle whose sine is `sin`.
    let turn = |v: Vec2, sin: f32| {
        let cos = (1.0 - sin * sin).sqrt();
        Vec2::new(v.x * cos - v.y * sin, v.x * sin + v.y * cos)
    };
    let (right, left, far) = match &bl.outline {
        Outline::Circle { centre, radius } => {
            let w = *centre - at;
            let d2 = w.length_squared();
            let spare = radius - inset;
            // In front of both ends in every covered direction: d·cos β > radius.
            if spare <= 0.0 || d2 <= radius * radius + spare * spare {
                return None;
            }
            let sin = spare / d2.sqrt();
            let far = d2.sqrt() + radius;
            (turn(w, -sin), turn(w, sin), far * far)
        }
        Outline::Polygon(pts) if bl.convex => {
            let w = bl.bound_centre - at;
            let (mut r, mut l, mut far) = (pts[0] - at, pts[0] - at, 0.0f32);
            for &c in pts {
                let v = c - at;
                if w.dot(v) <= 0.0 {
                    return None;
                }
                // Compare directions by the sign of their cross product (all lie within a
                // half-turn of `w`).
                if v.perp_dot(r) > 0.0 {
                    r = v;
                }
                if l.perp_dot(v) > 0.0 {
                    l = v;
                }
                far = far.max(v.length_squared());
            }
            // Every covered direction must be within a quarter turn of every corner.
            if r.dot(l) <= 0.0 || r.perp_dot(l) < 0.0 {
                return None;
            }
            let (sr, sl) = (inset / r.length(), inset / l.length());
            if sr >= 1.0 || sl >= 1.0 {
                return None;
            }
            (turn(r, sr), turn(l, -sl), far)
        }
        Outline::Polygon(_) => return None,
    };
    if right.perp_dot(left) <= 0.0 || right.dot(left) <= 0.0 {
        return None;
    }
    // Shrunk by the slack, so rounding never claims a direction the piece does not cover.
    let from = diamond_angle(right) + ARC_SLACK;
    let width = wrap_turn(diamond_angle(left) - ARC_SLACK - from);
    let from = if from >= 4.0 { from - 4.0 } else { from };
    (width < 2.0).then_some((from, width, far))
}

/// The view from one figure's base: every sight-blocking piece, nearest first, with the arc of
/// directions it can shadow and (worked out when first needed) the arc in which it hides a
/// whole base. Built once per viewer ([`LosIndex::viewpoint`]) and asked for as
/// many targets as needed ([`Viewpoint::sight`]).
#[derive(Clone, Debug)]
pub struct Viewpoint<'a> {
    index: &'a LosIndex,
    terrain: &'a [TerrainPiece],
    at: Vec2,
    radius: f32,
    /// The largest target base radius the arcs allow for, inches.
    reach: f32,
    /// Every sight-blocking piece, in the order of [`LosIndex::blockers`].
    shadows: Vec<Shadow>,
    /// Indices into `shadows`, nearest first.
    order: Vec<u32>,
    /// Whether `starts` and `lists` are filled.
    by_sector: bool,
    /// Where each sector's list starts in `lists` (the last entry is where the lists end).
    starts: [u32; SECTORS + 1],
    /// Each sector's pieces (indices into `shadows`), nearest first.
    lists: Vec<u32>,
}

/// Whether the corners `pts` (3 or more) make a convex polygon, either winding. Empty (a
/// circle's corners) is not.
fn is_convex(pts: &[Vec2]) -> bool {
    let n = pts.len();
    let mut turns = (0..n).map(|i| (pts[(i + 1) % n] - pts[i]).perp_dot(pts[(i + 2) % n] - pts[i]));
    n >= 3 && (turns.clone().all(|x| x >= 0.0) || turns.all(|x| x <= 0.0))
}

/// A monotone stand-in for the angle of `v`: 0..4 for one turn counter-clockwise from +x, with
/// 1, 2 and 3 at +y, −x and −y (the "diamond angle"), so arcs compare without trigonometry.
fn diamond_angle(v: Vec2) -> f32 {
    let s = v.x.abs() + v.y.abs();
    match (v.y >= 0.0, v.x >= 0.0) {
        (true, true) => v.y / s,
        (true, false) => 1.0 - v.x / s,
        (false, false) => 2.0 - v.y / s,
        (false, true) => 3.0 + v.x / s,
    }
}

/// The sector (0..[`SECTORS`]) of a diamond angle in 0..4; an angle past 4 gives the sectors
/// after the last, to be taken modulo `SECTORS`.
#[inline]
fn sector_of(angle: f32) -> usize {
    (angle * (SECTORS as f32 / 4.0)) as usize
}

/// `x` (diamond-angle units, within one turn either way) brought into 0..4; cheaper than
/// `rem_euclid`, which calls into libm.
#[inline]
fn wrap_turn(x: f32) -> f32 {
    if x < 0.0 { x + 4.0 } else { x }
}

impl LosIndex {
    /// Copies out the pieces of `terrain` that block sight (hills and sight-blocking pieces).
    pub fn new(terrain: &[TerrainPiece]) -> Self {
        let blockers = terrain
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
                convex: is_convex(&t.shape.corners()),
            })
            .collect();
        Self { blockers }
    }

    /// The view from a base of radius `radius` at `at` (inches), for targets whose bases are
    /// at most `reach` inches in radius (a larger one is still answered exactly, but tests every
    /// piece). `terrain` must be the slice this index was built from.
    pub fn viewpoint<'a>(
        &'a self,
        terrain: &'a [TerrainPiece],
        at: Vec2,
        radius: f32,
        reach: f32,
    ) -> Viewpoint<'a> {
        self.view(terrain, at, radius, reach, true)
    }

    /// [`LosIndex::viewpoint`], with the pieces sorted into sectors of direction only when
    /// `by_sector` (worth it for many targets, not for one).
    fn view<'a>(
        &'a self,
        terrain: &'a [TerrainPiece],
        at: Vec2,
        radius: f32,
        reach: f32,
        by_sector: bool,
    ) -> Viewpoint<'a> {
        // Every point of a rim line lies within the larger base radius of the centre line, so
        // a piece can touch a line only if the centre line passes within its bound circle
        // grown by that much.
        let grow = radius.max(reach);
        let shadows: Vec<Shadow> = self
            .blockers
            .iter()
            .enumerate()
            .map(|(k, bl)| {
                let v = bl.bound_centre - at;
                let d = v.length();
                let r = bl.bound_radius + grow;
                let (from, width) = if d <= r {
                    (0.0, 4.0)
                } else {
                    // The two tangents from the viewer to the grown circle.
                    let (sin, cos) = (r / d, (1.0 - (r / d) * (r / d)).sqrt());
                    let (lo, hi) = (v * cos - v.perp() * sin, v * cos + v.perp() * sin);
                    let from = diamond_angle(lo) - ARC_SLACK;
                    let to = diamond_angle(hi) + ARC_SLACK;
                    (wrap_turn(from), wrap_turn(to - from))
                };
                let first = sector_of(from);
                // Past 4 (a whole turn) the sectors count on and are taken modulo.
                let last = sector_of(from + width);
                Shadow {
                    near: ((d - r) * NEAR_UNITS) as i32,
                    from,
                    width,
                    blocker: k as u32,
                    // Saturating: a position far off any table stays within the sectors.
                    sector: (first % SECTORS) as u8,
                    sectors: (last.saturating_sub(first).min(SECTORS - 1) + 1) as u8,
                    near_viewer: d <= r,
                    cover: Cell::new(Cover::Unknown),
                }
            })
            .collect();
        // Nearest first: whole numbers (the nearness above, the index below) sort faster than
        // the shadows themselves.
        let mut keys: Vec<u64> = shadows
            .iter()
            .enumerate()
            .map(|(k, s)| (((s.near as i64 - i32::MIN as i64) as u64) << 32) | k as u64)
            .collect();
        keys.sort_unstable();
        let order: Vec<u32> = keys.iter().map(|&key| key as u32).collect();
        // Each sector's list, by counting (how long each is, then where each starts), filled
        // nearest first.
        let mut starts = [0u32; SECTORS + 1];
        let mut lists = Vec::new();
        if by_sector {
            for s in &shadows {
                for j in 0..s.sectors as usize {
                    starts[(s.sector as usize + j) % SECTORS + 1] += 1;
                }
            }
            for j in 0..SECTORS {
                starts[j + 1] += starts[j];
            }
            let mut fill = starts;
            lists = vec![0u32; starts[SECTORS] as usize];
            for &k in &order {
                let s = &shadows[k as usize];
                for j in 0..s.sectors as usize {
                    let sector = (s.sector as usize + j) % SECTORS;
                    lists[fill[sector] as usize] = k;
                    fill[sector] += 1;
                }
            }
        }
        Viewpoint {
            index: self,
            terrain,
            at,
            radius,
            reach: grow,
            shadows,
            order,
            by_sector,
            starts,
            lists,
        }
    }

    /// Whether a figure on a base of radius `ra` at `a` can see one of radius `rb` at `b`
    /// (inches): [`Viewpoint::sight`] for one pair, naming the piece nearest the viewer that
    /// blocks the centre line (what the hover shows). To ask many targets from one viewer,
    /// build the [`Viewpoint`] once.
    pub fn sight(&self, terrain: &[TerrainPiece], a: Vec2, ra: f32, b: Vec2, rb: f32) -> Sight {
        let view = self.view(terrain, a, ra, rb, false);
        match view.sight(b, rb) {
            Sight::Clear => Sight::Clear,
            Sight::BlockedBy(k) => Sight::BlockedBy(
                view.order
                    .iter()
                    .map(|&s| &self.blockers[view.shadows[s as usize].blocker as usize])
                    .find(|bl| bl.blocks_near(terrain, a, b, true, true))
                    .map_or(k, |bl| bl.piece),
            ),
        }
    }
}

impl Viewpoint<'_> {
    /// Whether the viewer can see a figure on a base of radius `rb` at `b` (inches), trying the
    /// centre line and both rim lines ([`sight_lines`]). Only pieces in the target's direction
    /// and nearer than it are looked at; the first that hides the whole base by its direction
    /// alone (a far convex piece or circle reaching at least the rim inset to both sides of the
    /// centre line) settles it, and otherwise the rest are tested line by line until all three
    /// lines are blocked.
    ///
    /// tyneside-skirmish.txt, Visibility: "if a figure can draw a clear line of sight from his
    /// base to an enemy base, they can see each other."
    pub fn sight(&self, b: Vec2, rb: f32) -> Sight {
        let a = self.at;
        let len = (b - a).length();
        // A wider target than the arcs allow for, or no direction at all: test every piece.
        let filtered = rb <= self.reach && len > 1e-6;
        let dir = if filtered { diamond_angle(b - a) } else { 0.0 };
        // Cover arcs hold for target bases no wider than the viewer's.
        let covers = filtered && rb <= self.radius;
        let (len_units, len2) = (len * NEAR_UNITS, len * len);
        let grow = self.reach.max(rb);
        // The sight lines, and the unit direction of the centre line, worked out only when a
        // piece is tested line by line (most targets are settled without).
        let mut geometry = None;
        let offsets = [0.0, self.radius * RIM_INSET, -self.radius * RIM_INSET];
        // Equal bases give three parallel lines, offset across the centre line.
        let parallel = rb == self.radius;
        // Bases of radius 0 give three times the same line (`sight_lines` adds ±0 to its ends).
        let one_line = self.radius == 0.0 && rb == 0.0;
        let mut blocked: [Option<usize>; 3] = [None; 3];
        // Tests one piece line by line; true once all three lines are blocked.
        let mut test = |s: &Shadow| {
            let (lines, u) = *geometry.get_or_insert_with(|| {
                (
                    sight_lines(a, self.radius, b, rb),
                    (b - a).normalize_or_zero(),
                )
            });
            let bl = &self.index.blockers[s.blocker as usize];
            let near_a = s.near_viewer || !filtered;
            let reach = bl.bound_radius + grow;
            let near_b = bl.bound_centre.distance_squared(b) <= reach * reach;
            let span = if parallel && !near_a && !near_b {
                bl.span_crossed(a, u, len, offsets)
            } else {
                None
            };
            let hits = span.unwrap_or_else(|| {
                if one_line {
                    let (p, q) = lines[0];
                    return [bl.blocks_near(self.terrain, p, q, near_a, near_b); 3];
                }
                let mut hits = [false; 3];
                for (line, (p, q)) in lines.iter().enumerate() {
                    hits[line] = blocked[line].is_none()
                        && bl.blocks_near(self.terrain, *p, *q, near_a, near_b);
                }
                hits
            });
            for line in 0..3 {
                if hits[line] && blocked[line].is_none() {
                    blocked[line] = Some(bl.piece);
                }
            }
            blocked.iter().all(Option::is_some)
        };
        // Most hidden targets have a piece that hides them whole, found by direction alone;
        // the pieces in the way but not covering are tested line by line only if none does.
        let mut pending = [0u32; 32];
        let mut waiting = 0;
        let mut hidden = false;
        for k in self.candidates(filtered.then_some(dir)) {
            let s = &self.shadows[k];
            if filtered {
                if s.near as f32 > len_units {
                    break;
                }
                if wrap_turn(dir - s.from) > s.width {
                    continue;
                }
                if covers
                    && let Cover::Arc { from, width, far } = self.cover(s)
                    && len2 > far
                    && wrap_turn(dir - from) <= width
                {
                    return Sight::BlockedBy(self.index.blockers[s.blocker as usize].piece);
                }
            }
            if waiting < pending.len() {
                pending[waiting] = k as u32;
                waiting += 1;
            } else if test(s) {
                hidden = true;
                break;
            }
        }
        if !hidden {
            for &k in &pending[..waiting] {
                if test(&self.shadows[k as usize]) {
                    break;
                }
            }
        }
        match blocked {
            [Some(first), Some(_), Some(_)] => Sight::BlockedBy(first),
            _ => Sight::Clear,
        }
    }

    /// The pieces whose shadows may reach direction `dir` (diamond angle), nearest first, as
    /// indices into `shadows`: those of its sector, or every piece when there is no direction
    /// or no sectors.
    fn candidates(&self, dir: Option<f32>) -> impl Iterator<Item = usize> + '_ {
        let list = match dir {
            Some(dir) if self.by_sector => {
                let sector = sector_of(dir).min(SECTORS - 1);
                &self.lists[self.starts[sector] as usize..self.starts[sector + 1] as usize]
            }
            _ => &self.order[..],
        };
        list.iter().map(|&k| k as usize)
    }

    /// The cover arc of `s` from this viewpoint, worked out on first use.
    fn cover(&self, s: &Shadow) -> Cover {
        if let Cover::Unknown = s.cover.get() {
            let arc = if s.near_viewer {
                None
            } else {
                cover_arc(
                    &self.index.blockers[s.blocker as usize],
                    self.at,
                    self.radius * RIM_INSET,
                )
            };
            s.cover.set(match arc {
                Some((from, width, far)) => Cover::Arc { from, width, far },
                None => Cover::None,
            });
        }
        s.cover.get()
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
            idx.sight(&t, Vec2::new(0.0, 10.0), 0.5, Vec2::new(30.0, 10.0), 0.5),
            Sight::BlockedBy(1)
        );
        assert_eq!(
            idx.sight(&t, Vec2::new(30.0, 10.0), 0.5, Vec2::new(0.0, 10.0), 0.5),
            Sight::BlockedBy(0)
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

    /// Every kind of outline, scattered over a 6×4 ft table: rectangles, circles, convex and
    /// concave polygons, some hills.
    fn mixed_terrain() -> Vec<TerrainPiece> {
        (0..80)
            .map(|i| {
                let (x, y) = ((i * 37 % 66) as f32 + 2.0, (i * 53 % 42) as f32 + 2.0);
                let mut w = wall(&format!("w{i}"), (x, y), (x + 3.0, y + 2.0));
                w.shape = match i % 4 {
                    0 => w.shape,
                    1 => Shape::Circle {
                        centre: (x, y),
                        radius: 1.5,
                    },
                    2 => Shape::Polygon {
                        points: vec![
                            (x, y),
                            (x + 3.0, y + 0.5),
                            (x + 2.0, y + 3.0),
                            (x - 0.5, y + 2.0),
                        ],
                    },
                    _ => Shape::Polygon {
                        points: vec![
                            (x, y),
                            (x + 4.0, y),
                            (x + 4.0, y + 1.0),
                            (x + 1.0, y + 1.0),
                            (x + 1.0, y + 4.0),
                            (x, y + 4.0),
                        ],
                    },
                };
                if i % 5 == 0 {
                    w.properties = vec![TerrainProperty::Hill];
                }
                w
            })
            .collect()
    }

    #[test]
    fn one_viewpoint_answers_every_target_as_brute_force_does() {
        let t = mixed_terrain();
        let idx = LosIndex::new(&t);
        let spots: Vec<Vec2> = (0..90)
            .map(|i| Vec2::new((i * 7 % 72) as f32 + 0.3, (i * 11 % 48) as f32 + 0.7))
            .collect();
        let mut outcomes = [0; 2];
        for (n, &a) in spots.iter().enumerate().step_by(3) {
            let ra = [0.5, 0.75, 1.0][n % 3];
            let view = idx.viewpoint(&t, a, ra, 0.75);
            // In turn, so the occluder cache is used, and some bases wider than it allows for.
            for (m, &b) in spots.iter().enumerate() {
                let rb = [0.5, ra, 0.75, 1.5][m % 4];
                let brute_clear = sight_lines(a, ra, b, rb)
                    .iter()
                    .any(|(p, q)| !t.iter().any(|w| w.blocks_sight(*p, *q)));
                let got = view.sight(b, rb);
                assert_eq!(got == Sight::Clear, brute_clear, "{a} r{ra} -> {b} r{rb}");
                if let Sight::BlockedBy(k) = got {
                    assert!(t[k].blocks_sight(a, b), "{a} -> {b}: {k} does not block");
                }
                outcomes[usize::from(brute_clear)] += 1;
            }
        }
        // Both answers occur, so the comparison means something.
        assert!(outcomes[0] > 100 && outcomes[1] > 100, "{outcomes:?}");
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
            // A base of radius 0 has one sight line: the ray from centre to centre.
            let found = match idx.sight(&t, a, 0.0, b, 0.0) {
                Sight::BlockedBy(k) => Some(k),
                Sight::Clear => None,
            };
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
