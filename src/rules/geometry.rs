//! Table geometry in inches: terrain shapes, distances between bases, segment clipping and
//! the line-of-sight raycasts of tyneside-skirmish.txt, Visibility ("if a figure can draw a
//! clear line of sight from his base to an enemy base, they can see each other").

use glam::Vec2;
use serde::{Deserialize, Serialize};

/// A terrain outline on the table. Units: inches, table origin at the bottom-left corner.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Shape {
    /// Axis-aligned rectangle.
    Rect {
        /// Lowest corner.
        min: (f32, f32),
        /// Highest corner.
        max: (f32, f32),
    },
    /// Circle.
    Circle {
        /// Centre.
        centre: (f32, f32),
        /// Radius, inches.
        radius: f32,
    },
    /// Simple polygon (either winding, need not be convex).
    Polygon {
        /// Corners, 3 or more.
        points: Vec<(f32, f32)>,
    },
}

/// Axis-aligned bounding box, inches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb {
    /// Lowest x and y.
    pub min: Vec2,
    /// Highest x and y.
    pub max: Vec2,
}

impl Aabb {
    /// The part of segment `a`–`b` inside this box, as parameters `(t0, t1)` along it
    /// (0 at `a`, 1 at `b`), or `None` when it misses (slab test).
    pub fn clip_segment(&self, a: Vec2, b: Vec2) -> Option<(f32, f32)> {
        let d = b - a;
        let (mut t0, mut t1) = (0.0f32, 1.0f32);
        for axis in 0..2 {
            let (o, dd, lo, hi) = (a[axis], d[axis], self.min[axis], self.max[axis]);
            if dd.abs() < 1e-9 {
                if o < lo || o > hi {
                    return None;
                }
            } else {
                let (mut ta, mut tb) = ((lo - o) / dd, (hi - o) / dd);
                if ta > tb {
                    std::mem::swap(&mut ta, &mut tb);
                }
                t0 = t0.max(ta);
                t1 = t1.min(tb);
                if t0 > t1 {
                    return None;
                }
            }
        }
        Some((t0, t1))
    }

    /// Whether the segment `a`–`b` touches this box.
    pub fn hits_segment(&self, a: Vec2, b: Vec2) -> bool {
        self.clip_segment(a, b).is_some()
    }
}

impl Shape {
    /// The corners of a rectangle or polygon, as vectors (empty for a circle).
    pub fn corners(&self) -> Vec<Vec2> {
        match self {
            Shape::Rect { min, max } => vec![
                Vec2::new(min.0, min.1),
                Vec2::new(max.0, min.1),
                Vec2::new(max.0, max.1),
                Vec2::new(min.0, max.1),
            ],
            Shape::Polygon { points } => points.iter().map(|&(x, y)| Vec2::new(x, y)).collect(),
            Shape::Circle { .. } => Vec::new(),
        }
    }

    /// The bounding box.
    pub fn aabb(&self) -> Aabb {
        match self {
            Shape::Circle { centre, radius } => {
                let c = Vec2::new(centre.0, centre.1);
                Aabb {
                    min: c - Vec2::splat(*radius),
                    max: c + Vec2::splat(*radius),
                }
            }
            Shape::Rect { min, max } => Aabb {
                min: Vec2::from(*min).min(Vec2::from(*max)),
                max: Vec2::from(*min).max(Vec2::from(*max)),
            },
            // The corners as written, without copying them (a hot path of movement).
            Shape::Polygon { points } => {
                let pts = points.iter().map(|&p| Vec2::from(p));
                let min = pts.clone().fold(Vec2::splat(f32::MAX), Vec2::min);
                let max = pts.fold(Vec2::splat(f32::MIN), Vec2::max);
                Aabb { min, max }
            }
        }
    }

    /// The middle of the bounding box (where a label goes).
    pub fn centre(&self) -> Vec2 {
        let b = self.aabb();
        (b.min + b.max) * 0.5
    }

    /// The shape moved by `by` inches.
    pub fn moved(&self, by: Vec2) -> Shape {
        let at = |p: (f32, f32)| (Vec2::from(p) + by).into();
        match self {
            Shape::Rect { min, max } => Shape::Rect {
                min: at(*min),
                max: at(*max),
            },
            Shape::Circle { centre, radius } => Shape::Circle {
                centre: at(*centre),
                radius: *radius,
            },
            Shape::Polygon { points } => Shape::Polygon {
                points: points.iter().map(|p| at(*p)).collect(),
            },
        }
    }

    /// The shape turned `degrees` counter-clockwise about its [`Shape::centre`]. A rectangle
    /// turned by a quarter turn stays a rectangle (its sides swap); by any other angle it
    /// becomes the polygon of its four corners.
    pub fn turned(&self, degrees: f32) -> Shape {
        let c = self.centre();
        let quarter = (degrees / 90.0).round();
        match self {
            Shape::Circle { .. } => self.clone(),
            Shape::Rect { min, max } if (degrees / 90.0 - quarter).abs() < 1e-4 => {
                let half = (Vec2::from(*max) - Vec2::from(*min)).abs() / 2.0;
                let half = if quarter.rem_euclid(2.0) == 1.0 {
                    Vec2::new(half.y, half.x)
                } else {
                    half
                };
                Shape::Rect {
                    min: (c - half).into(),
                    max: (c + half).into(),
                }
            }
            _ => {
                let turn = Vec2::from_angle(degrees.to_radians());
                Shape::Polygon {
                    points: self
                        .corners()
                        .into_iter()
                        .map(|p| (c + turn.rotate(p - c)).into())
                        .collect(),
                }
            }
        }
    }

    /// The points a scenario editor offers to drag: a rectangle's four corners, a circle's
    /// point on its right-hand edge, a polygon's corners.
    pub fn handles(&self) -> Vec<Vec2> {
        match self {
            Shape::Circle { centre, radius } => vec![Vec2::from(*centre) + Vec2::X * *radius],
            _ => self.corners(),
        }
    }

    /// The shape with handle `k` of [`Shape::handles`] dragged to `to`: a rectangle's opposite
    /// corner stays, a circle's centre stays (the radius reaches `to`, at least 0.25"), a
    /// polygon's other corners stay. `None` when there is no handle `k`, or a rectangle would
    /// be thinner than 0.25".
    pub fn with_handle(&self, k: usize, to: Vec2) -> Option<Shape> {
        match self {
            Shape::Circle { centre, .. } if k == 0 => Some(Shape::Circle {
                centre: *centre,
                radius: Vec2::from(*centre).distance(to).max(0.25),
            }),
            Shape::Rect { .. } if k < 4 => {
                let fixed = self.corners()[(k + 2) % 4];
                let (min, max) = (fixed.min(to), fixed.max(to));
                (max - min)
                    .cmpge(Vec2::splat(0.25))
                    .all()
                    .then(|| Shape::Rect {
                        min: min.into(),
                        max: max.into(),
                    })
            }
            Shape::Polygon { points } if k < points.len() => {
                let mut points = points.clone();
                points[k] = to.into();
                Some(Shape::Polygon { points })
            }
            _ => None,
        }
    }

    /// Whether `p` lies inside (or on the edge of) the shape.
    pub fn contains(&self, p: Vec2) -> bool {
        match self {
            Shape::Circle { centre, radius } => {
                p.distance(Vec2::new(centre.0, centre.1)) <= *radius
            }
            Shape::Rect { min, max } => {
                p.x >= min.0 && p.x <= max.0 && p.y >= min.1 && p.y <= max.1
            }
            Shape::Polygon { points } => {
                // point_in_polygon's crossing test, on the points as written (no copy).
                let mut inside = false;
                let Some(mut j) = points.len().checked_sub(1) else {
                    return false;
                };
                for i in 0..points.len() {
                    let (a, b) = (Vec2::from(points[i]), Vec2::from(points[j]));
                    if (a.y > p.y) != (b.y > p.y)
                        && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x
                    {
                        inside = !inside;
                    }
                    j = i;
                }
                inside
            }
        }
    }

    /// The point of the shape nearest `p`, inches (`p` itself inside).
    pub fn closest_point(&self, p: Vec2) -> Vec2 {
        if self.contains(p) {
            return p;
        }
        if let Shape::Circle { centre, radius } = self {
            let c = Vec2::new(centre.0, centre.1);
            return c + (p - c).normalize_or(Vec2::X) * *radius;
        }
        let pts = self.corners();
        let mut best = pts[0];
        for (k, &a) in pts.iter().enumerate() {
            let b = pts[(k + 1) % pts.len()];
            let ab = b - a;
            let t = if ab.length_squared() < 1e-12 {
                0.0
            } else {
                ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
            };
            let q = a + ab * t;
            if q.distance_squared(p) < best.distance_squared(p) {
                best = q;
            }
        }
        best
    }

    /// Distance in inches from segment `a`–`b` to the shape (0 where they touch): how close a
    /// base moving along it comes.
    pub fn distance_to_segment(&self, a: Vec2, b: Vec2) -> f32 {
        if self.touches_segment(a, b) {
            return 0.0;
        }
        let ends = self.distance_to(a).min(self.distance_to(b));
        match self {
            Shape::Circle { centre, radius } => {
                ends.min(point_segment_distance(Vec2::new(centre.0, centre.1), a, b) - radius)
            }
            _ => self
                .corners()
                .iter()
                .map(|c| point_segment_distance(*c, a, b))
                .fold(ends, f32::min),
        }
    }

    /// Distance in inches from `p` to the shape (0 inside).
    pub fn distance_to(&self, p: Vec2) -> f32 {
        if self.contains(p) {
            return 0.0;
        }
        match self {
            Shape::Circle { centre, radius } => p.distance(Vec2::new(centre.0, centre.1)) - radius,
            // The same edges as `corners`, without building them (a hot path of movement).
            Shape::Rect { min, max } => {
                let pts = [
                    Vec2::new(min.0, min.1),
                    Vec2::new(max.0, min.1),
                    Vec2::new(max.0, max.1),
                    Vec2::new(min.0, max.1),
                ];
                (0..4)
                    .map(|i| point_segment_distance(p, pts[i], pts[(i + 1) % 4]))
                    .fold(f32::MAX, f32::min)
            }
            Shape::Polygon { points } => (0..points.len())
                .map(|i| {
                    let (a, b) = (points[i], points[(i + 1) % points.len()]);
                    point_segment_distance(p, a.into(), b.into())
                })
                .fold(f32::MAX, f32::min),
        }
    }

    /// The parameters t in (0,1) where segment `a`–`b` crosses the outline, sorted.
    fn crossings(&self, a: Vec2, b: Vec2) -> Vec<f32> {
        let mut ts = Vec::new();
        match self {
            Shape::Circle { centre, radius } => {
                let c = Vec2::new(centre.0, centre.1);
                let d = b - a;
                let f = a - c;
                let qa = d.dot(d);
                if qa < 1e-12 {
                    return ts;
                }
                let qb = 2.0 * f.dot(d);
                let qc = f.dot(f) - radius * radius;
                let disc = qb * qb - 4.0 * qa * qc;
                if disc >= 0.0 {
                    let s = disc.sqrt();
                    for t in [(-qb - s) / (2.0 * qa), (-qb + s) / (2.0 * qa)] {
                        if t > 0.0 && t < 1.0 {
                            ts.push(t);
                        }
                    }
                }
            }
            _ => {
                let pts = self.corners();
                for i in 0..pts.len() {
                    if let Some(t) = segment_param(a, b, pts[i], pts[(i + 1) % pts.len()]) {
                        ts.push(t);
                    }
                }
            }
        }
        ts.sort_by(f32::total_cmp);
        ts
    }

    /// The parts of segment `a`–`b` inside the shape, as parameters `(t0, t1)` along it (0 at
    /// `a`, 1 at `b`), in order.
    pub fn inside_spans(&self, a: Vec2, b: Vec2) -> Vec<(f32, f32)> {
        let mut ts = vec![0.0];
        ts.extend(self.crossings(a, b));
        ts.push(1.0);
        ts.windows(2)
            .filter(|w| w[1] > w[0] && self.contains(a.lerp(b, (w[0] + w[1]) * 0.5)))
            .map(|w| (w[0], w[1]))
            .collect()
    }

    /// Length in inches of the part of segment `a`–`b` that lies inside the shape.
    pub fn length_inside(&self, a: Vec2, b: Vec2) -> f32 {
        let len = a.distance(b);
        self.inside_spans(a, b)
            .iter()
            .map(|(t0, t1)| (t1 - t0) * len)
            .sum()
    }

    /// Whether segment `a`–`b` touches the shape at all.
    pub fn touches_segment(&self, a: Vec2, b: Vec2) -> bool {
        self.contains(a) || self.contains(b) || !self.crossings(a, b).is_empty()
    }
}

/// Whether `p` lies inside the polygon with corners `pts` (even-odd rule; 3 or more corners,
/// either winding). An empty slice contains nothing.
#[inline]
pub fn point_in_polygon(pts: &[Vec2], p: Vec2) -> bool {
    let mut inside = false;
    let Some(mut j) = pts.len().checked_sub(1) else {
        return false;
    };
    for i in 0..pts.len() {
        let (a, b) = (pts[i], pts[j]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
        j = i;
    }
    inside
}

/// The length of a move from `from` through `path` in turn, inches: its legs' lengths added
/// in order.
pub fn path_length(from: Vec2, path: &[Vec2]) -> f32 {
    std::iter::once(&from)
        .chain(path)
        .zip(path)
        .map(|(a, b)| a.distance(*b))
        .sum()
}

/// The path through `points` (inches) cut `length` inches along it: the part up to there and
/// the rest, each a list of points sharing the cut (the rest empty where the path is no
/// longer than `length`). Drawing a move past its allowance: the part within it solid, the
/// rest faint.
pub fn split_path(points: &[Vec2], length: f32) -> (Vec<Vec2>, Vec<Vec2>) {
    let mut left = length.max(0.0);
    for (k, w) in points.windows(2).enumerate() {
        let d = w[0].distance(w[1]);
        if d > left {
            let cut = w[0] + (w[1] - w[0]) * (left / d);
            let mut before = points[..=k].to_vec();
            before.push(cut);
            let mut after = vec![cut];
            after.extend_from_slice(&points[k + 1..]);
            return (before, after);
        }
        left -= d;
    }
    (points.to_vec(), Vec::new())
}

/// Distance from `p` to the segment `a`–`b`, inches.
pub fn point_segment_distance(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let t = if ab.length_squared() < 1e-12 {
        0.0
    } else {
        ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
    };
    p.distance(a + ab * t)
}

/// Where segment `a`–`b` crosses segment `c`–`d`, as a parameter along `a`–`b`.
fn segment_param(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> Option<f32> {
    let r = b - a;
    let s = d - c;
    let denom = r.perp_dot(s);
    if denom.abs() < 1e-12 {
        return None;
    }
    let t = (c - a).perp_dot(s) / denom;
    let u = (c - a).perp_dot(r) / denom;
    (t > 0.0 && t < 1.0 && (0.0..=1.0).contains(&u)).then_some(t)
}

/// Edge-to-edge distance between two round bases, inches (0 when they overlap).
///
/// tyneside-skirmish.txt measures between bases: close combat "occurs when opposing figures
/// are within 1" of each other"; ranges are measured to the nearest enemy.
pub fn base_gap(a: Vec2, ra: f32, b: Vec2, rb: f32) -> f32 {
    (a.distance(b) - ra - rb).max(0.0)
}

/// The rim sight lines run this fraction of the base radius from the centre: slightly inside the
/// rim, so touching a wall with the base edge is not seeing through it.
pub const RIM_INSET: f32 = 0.9;

/// The sight lines tried between two round bases: centre to centre and the two outer
/// tangents (left rim to left rim, right rim to right rim).
///
/// tyneside-skirmish.txt, Visibility: a clear line "from his base to an enemy base" is enough,
/// so a figure peeking past a corner with part of its base sees and is seen.
pub fn sight_lines(a: Vec2, ra: f32, b: Vec2, rb: f32) -> [(Vec2, Vec2); 3] {
    let dir = (b - a).normalize_or_zero();
    let side = dir.perp();
    let (ka, kb) = (ra * RIM_INSET, rb * RIM_INSET);
    [
        (a, b),
        (a + side * ka, b + side * kb),
        (a - side * ka, b - side * kb),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_s_length_is_its_legs_added() {
        let path = [Vec2::new(3.0, 0.0), Vec2::new(3.0, 4.0)];
        assert_eq!(path_length(Vec2::ZERO, &path), 7.0);
        assert_eq!(path_length(Vec2::ZERO, &[]), 0.0);
    }

    #[test]
    fn a_path_is_split_where_its_length_runs_out() {
        let path = [Vec2::ZERO, Vec2::new(3.0, 0.0), Vec2::new(3.0, 4.0)];
        let (within, beyond) = split_path(&path, 5.0);
        assert_eq!(
            within,
            vec![Vec2::ZERO, Vec2::new(3.0, 0.0), Vec2::new(3.0, 2.0)]
        );
        assert_eq!(beyond, vec![Vec2::new(3.0, 2.0), Vec2::new(3.0, 4.0)]);
        let (all, none) = split_path(&path, 7.0);
        assert_eq!(all, path.to_vec());
        assert!(none.is_empty());
        let (start, rest) = split_path(&path, 0.0);
        assert_eq!(start, vec![Vec2::ZERO, Vec2::ZERO]);
        assert_eq!(
            rest,
            vec![Vec2::ZERO, Vec2::new(3.0, 0.0), Vec2::new(3.0, 4.0)]
        );
    }

    #[test]
    fn shapes_move_turn_and_take_a_dragged_handle() {
        let r = Shape::Rect {
            min: (0.0, 0.0),
            max: (4.0, 2.0),
        };
        assert_eq!(
            r.moved(Vec2::new(1.0, 1.0)),
            Shape::Rect {
                min: (1.0, 1.0),
                max: (5.0, 3.0)
            }
        );
        assert_eq!(
            r.turned(90.0),
            Shape::Rect {
                min: (1.0, -1.0),
                max: (3.0, 3.0)
            }
        );
        let Shape::Polygon { points } = r.turned(45.0) else {
            panic!("a rectangle turned 45 degrees is a polygon");
        };
        assert_eq!(points.len(), 4);
        let first = Vec2::from(points[0]);
        assert!((first.distance(Vec2::new(2.0, 1.0)) - 5f32.sqrt()).abs() < 1e-4);
        assert!(first.distance(Vec2::new(1.2929, -1.1213)) < 1e-3, "{first}");
        assert_eq!(
            r.with_handle(2, Vec2::new(6.0, 5.0)),
            Some(Shape::Rect {
                min: (0.0, 0.0),
                max: (6.0, 5.0)
            })
        );
        assert_eq!(r.with_handle(0, Vec2::new(3.9, 1.0)), None, "too thin");
        assert_eq!(r.with_handle(4, Vec2::ZERO), None);
        let c = Shape::Circle {
            centre: (5.0, 5.0),
            radius: 1.0,
        };
        assert_eq!(c.handles(), vec![Vec2::new(6.0, 5.0)]);
        assert_eq!(
            c.with_handle(0, Vec2::new(5.0, 8.0)),
            Some(Shape::Circle {
                centre: (5.0, 5.0),
                radius: 3.0
            })
        );
    }

    #[test]
    fn the_closest_point_of_a_rect_a_circle_and_a_polygon() {
        let rect = Shape::Rect {
            min: (0.0, 0.0),
            max: (4.0, 2.0),
        };
        assert_eq!(rect.closest_point(Vec2::new(6.0, 1.0)), Vec2::new(4.0, 1.0));
        assert_eq!(rect.closest_point(Vec2::new(1.0, 1.0)), Vec2::new(1.0, 1.0));
        let circle = Shape::Circle {
            centre: (10.0, 10.0),
            radius: 2.0,
        };
        assert!(
            circle
                .closest_point(Vec2::new(10.0, 15.0))
                .distance(Vec2::new(10.0, 12.0))
                < 1e-5
        );
        let tri = Shape::Polygon {
            points: vec![(0.0, 0.0), (4.0, 0.0), (0.0, 4.0)],
        };
        assert!(
            tri.closest_point(Vec2::new(3.0, 3.0))
                .distance(Vec2::new(2.0, 2.0))
                < 1e-5
        );
    }

    fn square() -> Shape {
        Shape::Rect {
            min: (0.0, 0.0),
            max: (4.0, 4.0),
        }
    }

    #[test]
    fn rect_contains_and_distance() {
        let s = square();
        assert!(s.contains(Vec2::new(2.0, 2.0)));
        assert!(!s.contains(Vec2::new(5.0, 2.0)));
        assert!((s.distance_to(Vec2::new(7.0, 2.0)) - 3.0).abs() < 1e-5);
        assert_eq!(s.distance_to(Vec2::new(1.0, 1.0)), 0.0);
    }

    #[test]
    fn length_inside_rect_and_circle() {
        let s = square();
        let l = s.length_inside(Vec2::new(-2.0, 2.0), Vec2::new(10.0, 2.0));
        assert!((l - 4.0).abs() < 1e-4, "{l}");
        let c = Shape::Circle {
            centre: (0.0, 0.0),
            radius: 2.0,
        };
        let l = c.length_inside(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0));
        assert!((l - 4.0).abs() < 1e-4, "{l}");
        // Starting inside: only the part up to the rim counts.
        let l = c.length_inside(Vec2::new(0.0, 0.0), Vec2::new(5.0, 0.0));
        assert!((l - 2.0).abs() < 1e-4, "{l}");
    }

    #[test]
    fn concave_polygon() {
        // An L shape: the notch at top right is outside.
        let l = Shape::Polygon {
            points: vec![
                (0.0, 0.0),
                (4.0, 0.0),
                (4.0, 2.0),
                (2.0, 2.0),
                (2.0, 4.0),
                (0.0, 4.0),
            ],
        };
        assert!(l.contains(Vec2::new(1.0, 3.0)));
        assert!(!l.contains(Vec2::new(3.0, 3.0)));
        assert!(!l.touches_segment(Vec2::new(3.0, 2.5), Vec2::new(3.0, 5.0)));
        assert!(l.touches_segment(Vec2::new(3.0, 5.0), Vec2::new(3.0, 1.0)));
        let inside = l.length_inside(Vec2::new(-1.0, 3.0), Vec2::new(5.0, 3.0));
        assert!((inside - 2.0).abs() < 1e-4, "{inside}");
    }

    #[test]
    fn aabb_slab_test() {
        let b = square().aabb();
        assert!(b.hits_segment(Vec2::new(-1.0, -1.0), Vec2::new(5.0, 5.0)));
        assert!(!b.hits_segment(Vec2::new(-1.0, 5.0), Vec2::new(5.0, 5.0)));
        assert!(b.hits_segment(Vec2::new(2.0, 2.0), Vec2::new(2.0, 2.0)));
    }

    #[test]
    fn base_gap_edge_to_edge() {
        assert!((base_gap(Vec2::ZERO, 0.5, Vec2::new(3.0, 0.0), 0.5) - 2.0).abs() < 1e-6);
        assert_eq!(base_gap(Vec2::ZERO, 0.5, Vec2::new(0.5, 0.0), 0.5), 0.0);
    }
}
