//! Line of sight for 200 × 200 figure pairs against 100 terrain pieces (target: under 5 ms).

use criterion::{Criterion, criterion_group, criterion_main};
use glam::Vec2;
use holotable::rules::geometry::Shape;
use holotable::rules::los::{LosIndex, Sight};
use holotable::rules::terrain::{TerrainKind, TerrainPiece, TerrainProperty};

/// 100 pieces spread over a 6×4 ft table: rectangles, circles and polygons.
fn terrain() -> Vec<TerrainPiece> {
    (0..100)
        .map(|i| {
            let x = 4.0 + ((i * 37) % 64) as f32;
            let y = 4.0 + ((i * 53) % 40) as f32;
            let shape = match i % 3 {
                0 => Shape::Rect {
                    min: (x, y),
                    max: (x + 3.0, y + 2.0),
                },
                1 => Shape::Circle {
                    centre: (x, y),
                    radius: 1.5,
                },
                _ => Shape::Polygon {
                    points: vec![
                        (x, y),
                        (x + 3.0, y + 0.5),
                        (x + 2.0, y + 3.0),
                        (x - 0.5, y + 2.0),
                    ],
                },
            };
            let props = if i % 4 == 0 {
                vec![TerrainProperty::Hill]
            } else {
                vec![TerrainProperty::BlocksLineOfSight]
            };
            TerrainPiece {
                id: format!("t{i}"),
                kind: TerrainKind::Rocks,
                shape,
                properties: props,
            }
        })
        .collect()
}

fn figures(n: usize, x0: f32) -> Vec<Vec2> {
    (0..n)
        .map(|i| Vec2::new(x0 + (i % 10) as f32 * 1.3, 2.0 + (i / 10) as f32 * 2.2))
        .collect()
}

fn bench(c: &mut Criterion) {
    let t = terrain();
    let idx = LosIndex::new(&t);
    let (a, b) = (figures(200, 1.0), figures(200, 56.0));
    // The same targets asked in rank order, and scrambled (stride 77 visits all 200), so the
    // figure shows whether the viewpoint's occluder cache depends on the order.
    let scrambled: Vec<Vec2> = (0..200).map(|i| b[(i * 77) % 200]).collect();
    for (name, targets) in [
        ("line of sight 200x200 pairs, 100 pieces", &b),
        (
            "line of sight 200x200 pairs, 100 pieces, scrambled",
            &scrambled,
        ),
    ] {
        c.bench_function(name, |bench| {
            bench.iter(|| {
                let mut clear = 0u32;
                for p in &a {
                    let view = idx.viewpoint(&t, *p, 0.5, 0.5);
                    for q in targets {
                        if view.sight(*q, 0.5) == Sight::Clear {
                            clear += 1;
                        }
                    }
                }
                std::hint::black_box(clear)
            })
        });
    }
    c.bench_function("line of sight one pair, 100 pieces", |bench| {
        let (p, q) = (a[95], b[104]);
        bench.iter(|| idx.sight(&t, std::hint::black_box(p), 0.5, q, 0.5))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
