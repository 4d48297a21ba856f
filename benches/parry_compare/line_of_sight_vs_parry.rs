//! Line of sight side by side with parry2d's ray casts, on one scene, in one run (issue 62).
//!
//! The scene is ours: parry2d ships no benchmark of rays against many 2D shapes (its own
//! benches cast rays at one 3D shape at a time), so this one puts 100 cuboids, balls and
//! convex polygons, scattered over a 6×4 ft table, in a parry2d `Compound` (its BVH, the way
//! parry2d answers "does this ray hit any of these shapes"), and casts rays from 200 viewers to
//! 200 targets standing in the open between them. Holotable is given the same shapes as
//! sight-blocking terrain pieces, and figures on bases of radius 0 (one sight
//! line, the segment from centre to centre). Both answer the same question for each of the
//! 40 000 segments: does it touch any shape. The answers are checked equal, ray by ray, before
//! anything is timed.
//!
//! ```sh
//! cargo bench --locked --manifest-path benches/parry_compare/Cargo.toml --bench line_of_sight_vs_parry
//! ```
//!
//! Criterion prints each contender's time and rays a second; at the end the bench prints the
//! median rays a second of each from the same run and Holotable's ratio to parry2d.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use glam::Vec2;
use holotable::rules::geometry::Shape;
use holotable::rules::los::{LosIndex, Sight};
use holotable::rules::terrain::{TerrainKind, TerrainPiece, TerrainProperty};
use parry2d::math::{Isometry, Point, Real, Vector};
use parry2d::query::{Ray, RayCast};
use parry2d::shape::{Ball, Compound, ConvexPolygon, Cuboid, SharedShape};

/// Table size, inches.
const TABLE: Vec2 = Vec2::new(72.0, 48.0);
/// Viewers and targets (every viewer looks at every target).
const FIGURES: usize = 200;
const RAYS: usize = FIGURES * FIGURES;
/// Criterion's samples per contender (the report's medians assume it is not changed).
const SAMPLE_SIZE: usize = 50;

/// A small fixed pseudo-random sequence (xorshift), so the scene is the same on every machine.
struct Sequence(u64);

impl Sequence {
    /// The next number in 0..1.
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// 100 shapes a few inches across, a third each rectangles, circles and convex quadrilaterals,
/// all blocking sight.
fn terrain(seq: &mut Sequence) -> Vec<TerrainPiece> {
    (0..100)
        .map(|i| {
            let (x, y) = (2.0 + seq.next() * 66.0, 2.0 + seq.next() * 42.0);
            let (w, h) = (1.0 + seq.next() * 3.0, 1.0 + seq.next() * 3.0);
            let shape = match i % 3 {
                0 => Shape::Rect {
                    min: (x, y),
                    max: (x + w, y + h),
                },
                1 => Shape::Circle {
                    centre: (x, y),
                    radius: 0.5 * w.min(h) + 0.25,
                },
                // Counter-clockwise, as parry2d's convex polygons are wound.
                _ => Shape::Polygon {
                    points: vec![
                        (x, y),
                        (x + w, y + 0.2 * h),
                        (x + 0.8 * w, y + h),
                        (x - 0.2 * w, y + 0.7 * h),
                    ],
                },
            };
            TerrainPiece {
                id: format!("t{i}"),
                kind: TerrainKind::Rocks,
                shape,
                properties: vec![TerrainProperty::BlocksLineOfSight],
            }
        })
        .collect()
}

/// The same shapes in parry2d's terms, in one compound (a BVH over the parts).
fn compound(terrain: &[TerrainPiece]) -> Compound {
    let parts = terrain
        .iter()
        .map(|t| match &t.shape {
            Shape::Rect { min, max } => {
                let (min, max) = (Vec2::from(*min), Vec2::from(*max));
                let (mid, half) = ((min + max) * 0.5, (max - min) * 0.5);
                (
                    Isometry::translation(mid.x, mid.y),
                    SharedShape::new(Cuboid::new(Vector::new(half.x, half.y))),
                )
            }
            Shape::Circle { centre, radius } => (
                Isometry::translation(centre.0, centre.1),
                SharedShape::new(Ball::new(*radius)),
            ),
            Shape::Polygon { points } => {
                let pts: Vec<Point<Real>> = points.iter().map(|&(x, y)| Point::new(x, y)).collect();
                let polygon = ConvexPolygon::from_convex_polyline(pts)
                    .expect("the scene's polygons are convex");
                (Isometry::identity(), SharedShape::new(polygon))
            }
        })
        .collect();
    Compound::new(parts)
}

/// `n` spots in the open: at least a quarter inch from every shape's bounding box.
fn spots(terrain: &[TerrainPiece], seq: &mut Sequence, n: usize) -> Vec<Vec2> {
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let p = Vec2::new(seq.next() * TABLE.x, seq.next() * TABLE.y);
        let clear = terrain.iter().all(|t| {
            let b = t.shape.aabb();
            p.cmplt(b.min - 0.25).any() || p.cmpgt(b.max + 0.25).any()
        });
        if clear {
            out.push(p);
        }
    }
    out
}

/// parry2d's answer: whether the segment `a`–`b` touches any part of the compound, as its
/// `RayCast` answers it (the nearest hit, found through the BVH best first).
fn parry_blocked(shapes: &Compound, a: Vec2, b: Vec2) -> bool {
    shapes.intersects_local_ray(&ray(a, b), 1.0)
}

/// parry2d's ray from `a` that reaches `b` at time 1.
fn ray(a: Vec2, b: Vec2) -> Ray {
    Ray::new(Point::new(a.x, a.y), Vector::new(b.x - a.x, b.y - a.y))
}

/// The same through parry2d's BVH, stopping at the first part hit rather than looking for
/// the nearest: parry2d's quickest way to ask "any hit".
fn parry_any_hit(shapes: &Compound, a: Vec2, b: Vec2) -> bool {
    let ray = ray(a, b);
    let parts = shapes.shapes();
    shapes
        .bvh()
        .leaves(|node| node.cast_ray(&ray, 1.0) <= 1.0)
        .any(|i| {
            let (pose, part) = &parts[i as usize];
            part.intersects_ray(pose, &ray, 1.0)
        })
}

/// Each contender's (iterations, time) per sample, kept to work out the ratio at the end.
static SAMPLES: Mutex<Vec<(&'static str, u64, Duration)>> = Mutex::new(Vec::new());

/// Criterion's timing loop, also keeping what it measured.
fn timed(b: &mut criterion::Bencher<'_>, name: &'static str, mut round: impl FnMut() -> u32) {
    b.iter_custom(|iters| {
        let start = Instant::now();
        for _ in 0..iters {
            std::hint::black_box(round());
        }
        let took = start.elapsed();
        SAMPLES.lock().unwrap().push((name, iters, took));
        took
    });
}

const PARRY: &str = "parry2d: Compound::intersects_local_ray (BVH, nearest hit)";
const PARRY_ANY: &str = "parry2d: Bvh::leaves, first hit";
const VIEWPOINT: &str = "holotable: LosIndex viewpoint per viewer";
const PAIR: &str = "holotable: LosIndex::sight, one pair at a time";

fn main() {
    let mut seq = Sequence(0x9E37_79B9_7F4A_7C15);
    let t = terrain(&mut seq);
    let shapes = compound(&t);
    let idx = LosIndex::new(&t);
    let viewers = spots(&t, &mut seq, FIGURES);
    let targets = spots(&t, &mut seq, FIGURES);

    // The same answer for every ray, or the comparison means nothing.
    let mut blocked = 0;
    for &a in &viewers {
        let view = idx.viewpoint(&t, a, 0.0, 0.0);
        for &b in &targets {
            let parry = parry_blocked(&shapes, a, b);
            assert_eq!(parry_any_hit(&shapes, a, b), parry, "{a} -> {b}");
            let ours = view.sight(b, 0.0) != Sight::Clear;
            assert_eq!(parry, ours, "{a} -> {b}: parry2d {parry}, holotable {ours}");
            assert_eq!(idx.sight(&t, a, 0.0, b, 0.0) != Sight::Clear, ours);
            blocked += usize::from(ours);
        }
    }
    println!(
        "scene: {} shapes, {RAYS} rays, {blocked} blocked ({:.0}%); both agree on every ray",
        t.len(),
        100.0 * blocked as f64 / RAYS as f64
    );

    let mut c = Criterion::default()
        .sample_size(SAMPLE_SIZE)
        .measurement_time(Duration::from_secs(8))
        .configure_from_args();
    let mut g = c.benchmark_group("line of sight vs parry2d");
    g.throughput(Throughput::Elements(RAYS as u64));
    g.bench_function(PARRY, |b| {
        timed(b, PARRY, || {
            let mut clear = 0;
            for &a in &viewers {
                for &q in &targets {
                    clear += u32::from(!parry_blocked(&shapes, a, q));
                }
            }
            clear
        })
    });
    g.bench_function(PARRY_ANY, |b| {
        timed(b, PARRY_ANY, || {
            let mut clear = 0;
            for &a in &viewers {
                for &q in &targets {
                    clear += u32::from(!parry_any_hit(&shapes, a, q));
                }
            }
            clear
        })
    });
    g.bench_function(VIEWPOINT, |b| {
        timed(b, VIEWPOINT, || {
            let mut clear = 0;
            for &a in &viewers {
                let view = idx.viewpoint(&t, a, 0.0, 0.0);
                for &q in &targets {
                    clear += u32::from(view.sight(q, 0.0) == Sight::Clear);
                }
            }
            clear
        })
    });
    g.bench_function(PAIR, |b| {
        timed(b, PAIR, || {
            let mut clear = 0;
            for &a in &viewers {
                for &q in &targets {
                    clear += u32::from(idx.sight(&t, a, 0.0, q, 0.0) == Sight::Clear);
                }
            }
            clear
        })
    });
    g.finish();
    c.final_summary();
    report();
}

/// Rays a second of each contender that ran (the median over the samples criterion measured
/// after warming up), and Holotable's ratio to the quicker parry2d way.
fn report() {
    let samples = SAMPLES.lock().unwrap();
    let rate = |name: &str| {
        let per_iter: Vec<f64> = samples
            .iter()
            .filter(|s| s.0 == name)
            .map(|s| s.2.as_secs_f64() / s.1 as f64)
            .collect();
        // The warm-up's calls come first; the last SAMPLE_SIZE are the measured samples.
        let mut measured = per_iter[per_iter.len().saturating_sub(SAMPLE_SIZE)..].to_vec();
        measured.sort_by(f64::total_cmp);
        measured.get(measured.len() / 2).map(|t| RAYS as f64 / t)
    };
    let parry = [PARRY, PARRY_ANY]
        .iter()
        .filter_map(|name| rate(name))
        .reduce(f64::max);
    println!();
    for name in [PARRY, PARRY_ANY, VIEWPOINT, PAIR] {
        let Some(r) = rate(name) else { continue };
        match parry {
            Some(p) if !name.starts_with("parry2d") => println!(
                "{name}: {:.2} M rays/s, {:.2}x parry2d's quicker way",
                r / 1e6,
                r / p
            ),
            _ => println!("{name}: {:.2} M rays/s", r / 1e6),
        }
    }
}
