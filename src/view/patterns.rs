//! The pattern drawn over each terrain piece by its kind, so a piece reads without words:
//! difficult ground hatched, woods as tree crowns, rocks as boulders, buildings with a hipped
//! roof, hills with contour lines, water with ripples, crates as a crate grid. Worked out once
//! per table, in inches.

use bevy::prelude::*;

use crate::rules::geometry::Shape;
use crate::rules::terrain::{TerrainKind, TerrainPiece, TerrainProperty};

/// Lines and rings over the terrain of one table.
#[derive(Default)]
pub struct Patterns {
    /// Straight strokes: (from, to, colour).
    pub lines: Vec<(Vec2, Vec2, Color)>,
    /// Rings: (centre, radius, colour).
    pub rings: Vec<(Vec2, f32, Color)>,
    /// Closed outlines inside pieces (contours, roof lines): points and colour.
    pub outlines: Vec<(Vec<Vec2>, Color)>,
}

impl Patterns {
    /// Adds the patterns of `piece` (the `index`-th of its table, to vary the scatter).
    pub fn add(&mut self, piece: &TerrainPiece, index: usize) {
        if piece.has(TerrainProperty::Difficult) {
            let shade = Color::srgba(0.0, 0.0, 0.0, 0.35);
            for (a, b) in hatch(&piece.shape, Vec2::new(1.0, 1.0)) {
                self.lines.push((a, b, shade));
            }
        }
        match piece.kind {
            TerrainKind::Woods => {
                let crown = Color::srgba(0.45, 0.70, 0.35, 0.8);
                for p in scatter(&piece.shape, 2.2, index) {
                    self.rings.push((p, 0.8, crown));
                }
            }
            TerrainKind::Rocks => {
                let stone = Color::srgba(0.85, 0.83, 0.80, 0.7);
                for (k, p) in scatter(&piece.shape, 1.6, index).into_iter().enumerate() {
                    self.rings.push((p, 0.3 + 0.15 * (k % 3) as f32, stone));
                }
            }
            TerrainKind::Building => {
                // A hipped roof: a ridge outline inside, joined to each corner.
                let roof = Color::srgba(0.75, 0.75, 0.85, 0.7);
                let c = piece.shape.centre();
                let corners = piece.shape.corners();
                let ridge: Vec<Vec2> = corners.iter().map(|p| c + (*p - c) * 0.35).collect();
                for (p, r) in corners.iter().zip(&ridge) {
                    self.lines.push((*p, *r, roof));
                }
                self.outlines.push((closed(ridge), roof));
            }
            TerrainKind::Hill => {
                let contour = Color::srgba(0.20, 0.14, 0.06, 0.6);
                for k in [0.7, 0.4] {
                    match &piece.shape {
                        Shape::Circle { centre, radius } => {
                            self.rings
                                .push((Vec2::new(centre.0, centre.1), radius * k, contour));
                        }
                        shape => {
                            let c = shape.centre();
                            let pts = shape.corners().iter().map(|p| c + (*p - c) * k).collect();
                            self.outlines.push((closed(pts), contour));
                        }
                    }
                }
            }
            TerrainKind::Water => {
                let ripple = Color::srgba(0.70, 0.85, 1.0, 0.6);
                for p in scatter(&piece.shape, 1.5, index) {
                    self.lines
                        .push((p - Vec2::new(0.5, 0.0), p + Vec2::new(0.5, 0.0), ripple));
                }
            }
            TerrainKind::Crates => {
                let slat = Color::srgba(0.20, 0.12, 0.05, 0.5);
                for (a, b) in hatch(&piece.shape, Vec2::new(1.0, 0.0))
                    .into_iter()
                    .chain(hatch(&piece.shape, Vec2::new(0.0, 1.0)))
                {
                    self.lines.push((a, b, slat));
                }
            }
            TerrainKind::Wall | TerrainKind::Chasm | TerrainKind::Door | TerrainKind::Other => {}
        }
    }
}

fn closed(mut pts: Vec<Vec2>) -> Vec<Vec2> {
    if let Some(first) = pts.first().copied() {
        pts.push(first);
    }
    pts
}

/// Points every `step` inches across `shape`, every other row shifted, nudged by `seed` so
/// neighbouring pieces do not line up; only those inside.
fn scatter(shape: &Shape, step: f32, seed: usize) -> Vec<Vec2> {
    let b = shape.aabb();
    let nudge = (seed % 5) as f32 * 0.13 * step;
    let mut out = Vec::new();
    let mut y = b.min.y + step * 0.5;
    let mut row = 0;
    while y < b.max.y {
        let mut x = b.min.x + step * 0.5 + nudge + if row % 2 == 1 { step * 0.5 } else { 0.0 };
        while x < b.max.x {
            let p = Vec2::new(x, y);
            if shape.contains(p) {
                out.push(p);
            }
            x += step;
        }
        y += step * 0.87;
        row += 1;
    }
    if out.is_empty() {
        out.push(shape.centre());
    }
    out
}

/// Parallel strokes across `shape` in direction `dir`, every 1.5", clipped to it.
fn hatch(shape: &Shape, dir: Vec2) -> Vec<(Vec2, Vec2)> {
    let dir = dir.normalize();
    let across = Vec2::new(-dir.y, dir.x);
    let b = shape.aabb();
    let centre = (b.min + b.max) * 0.5;
    let span = (b.max - b.min).length();
    let mut out = Vec::new();
    let mut k = -span * 0.5;
    while k < span * 0.5 {
        let start = centre + across * k - dir * span * 0.5;
        let mut run: Option<Vec2> = None;
        let mut t = 0.0;
        while t <= span {
            let p = start + dir * t;
            match (shape.contains(p), run) {
                (true, None) => run = Some(p),
                (false, Some(s)) => {
                    out.push((s, p - dir * 0.25));
                    run = None;
                }
                _ => {}
            }
            t += 0.25;
        }
        if let Some(s) = run {
            out.push((s, start + dir * span));
        }
        k += 1.5;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(kind: TerrainKind, properties: Vec<TerrainProperty>) -> TerrainPiece {
        TerrainPiece {
            id: "p".into(),
            kind,
            shape: Shape::Rect {
                min: (0.0, 0.0),
                max: (10.0, 6.0),
            },
            properties,
        }
    }

    #[test]
    fn every_mark_lies_inside_its_piece() {
        for kind in [
            TerrainKind::Woods,
            TerrainKind::Rocks,
            TerrainKind::Building,
            TerrainKind::Hill,
            TerrainKind::Water,
            TerrainKind::Crates,
        ] {
            let p = piece(kind, vec![TerrainProperty::Difficult]);
            let mut pat = Patterns::default();
            pat.add(&p, 3);
            let inside = |v: Vec2| p.shape.contains(v) || p.shape.distance_to(v) < 0.3;
            assert!(
                !(pat.lines.is_empty() && pat.rings.is_empty() && pat.outlines.is_empty()),
                "{kind:?} has a pattern"
            );
            for (a, b, _) in &pat.lines {
                assert!(inside(*a) && inside(*b), "{kind:?}: {a} {b}");
            }
            for (c, _, _) in &pat.rings {
                assert!(inside(*c), "{kind:?}: {c}");
            }
            for (pts, _) in &pat.outlines {
                assert!(pts.iter().all(|v| inside(*v)), "{kind:?}");
            }
        }
    }

    #[test]
    fn a_wall_has_no_pattern_and_difficult_ground_is_hatched() {
        let mut pat = Patterns::default();
        pat.add(&piece(TerrainKind::Wall, vec![]), 0);
        assert!(pat.lines.is_empty() && pat.rings.is_empty());
        pat.add(
            &piece(TerrainKind::Other, vec![TerrainProperty::Difficult]),
            0,
        );
        assert!(pat.lines.len() > 4);
    }
}
