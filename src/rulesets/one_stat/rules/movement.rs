//! Movement: up to the stat in inches, through what terrain permits, jumping what it does not
//! with a run-up (one-stat-skirmish.txt, "Movement").

use glam::Vec2;
use serde::{Deserialize, Serialize};

use super::INCH;
use crate::rules::terrain::{TerrainPiece, TerrainProperty};

/// One straight step of a move, as the rules allow it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// Its length, inches.
    pub length: f32,
    /// The pieces it jumps, with the inches of each jump.
    pub jumps: Vec<(String, f32)>,
}

/// A straight step of a base `radius` inches from `from` to `to` on a table of `table`
/// inches; `run_up`: inches already moved in this same straight line before the step.
///
/// "Terrain either blocks or permits movement – there is no such thing as terrain halving
/// movement! Jumping is permitted, too. A fighter may jump 1″ per inch it moved in a straight
/// line before." A step may cross a piece that blocks movement by jumping it: the jump's
/// length (the line's run inside the piece) at most the straight run before the piece.
///
/// Errors: the step ends off the table, or with its base on a piece that blocks movement, or
/// crosses one with too short a run-up (each naming the piece and the rule).
pub fn step(
    terrain: &[TerrainPiece],
    table: Vec2,
    from: Vec2,
    to: Vec2,
    radius: f32,
    run_up: f32,
) -> Result<Step, String> {
    if to.x < 0.0 || to.y < 0.0 || to.x > table.x || to.y > table.y {
        return Err("the move ends off the table".into());
    }
    let length = from.distance(to);
    let mut jumps = Vec::new();
    for t in terrain
        .iter()
        .filter(|t| t.has(TerrainProperty::Impassable))
    {
        if t.shape.distance_to(to) < radius {
            return Err(format!(
                "{} blocks movement: a fighter cannot stand on it (\"Terrain either blocks or permits movement\")",
                t.id.replace('_', " ")
            ));
        }
        let spans = t.shape.inside_spans(from, to);
        // A base that only brushes the piece, its centre passing by, is stopped by it too
        // (a base may leave a piece it already touches).
        if spans.is_empty()
            && t.shape.distance_to(from) >= radius
            && t.shape.distance_to_segment(from, to) < radius
        {
            return Err(format!(
                "{} blocks movement: the fighter's base would brush it (\"Terrain either blocks or permits movement\")",
                t.id.replace('_', " ")
            ));
        }
        for (t0, t1) in spans {
            let jump = (t1 - t0) * length;
            let before = run_up + t0 * length;
            if jump > before + 1e-3 {
                return Err(format!(
                    "{} blocks movement: jumping its {jump:.1}{INCH} needs {jump:.1}{INCH} of straight run-up, and there are {before:.1}{INCH} (\"A fighter may jump 1{INCH} per inch it moved in a straight line before\")",
                    t.id.replace('_', " ")
                ));
            }
            jumps.push((t.id.clone(), jump));
        }
    }
    Ok(Step { length, jumps })
}

/// Whether `next` carries on in the straight line of `previous` (a run-up counts only "in a
/// straight line"): the same direction within a degree.
pub fn straight_on(previous: (Vec2, Vec2), next: (Vec2, Vec2)) -> bool {
    let (a, b) = (
        (previous.1 - previous.0).normalize_or_zero(),
        (next.1 - next.0).normalize_or_zero(),
    );
    previous.1.distance(next.0) < 1e-3 && a.dot(b) > 0.99985
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::Shape;
    use crate::rules::terrain::TerrainKind;

    fn lake() -> Vec<TerrainPiece> {
        vec![TerrainPiece {
            id: "lake".into(),
            kind: TerrainKind::Water,
            shape: Shape::Rect {
                min: (10.0, 0.0),
                max: (12.0, 36.0),
            },
            properties: vec![TerrainProperty::Impassable],
        }]
    }

    const TABLE: Vec2 = Vec2::new(36.0, 36.0);

    #[test]
    fn terrain_permits_or_blocks_and_never_halves() {
        let s = step(
            &[],
            TABLE,
            Vec2::new(1.0, 1.0),
            Vec2::new(5.0, 4.0),
            0.5,
            0.0,
        )
        .unwrap();
        assert_eq!(s.length, 5.0);
        let e = step(
            &lake(),
            TABLE,
            Vec2::new(8.0, 5.0),
            Vec2::new(11.0, 5.0),
            0.5,
            0.0,
        )
        .unwrap_err();
        assert!(e.contains("cannot stand on it"), "{e}");
        assert!(
            step(
                &[],
                TABLE,
                Vec2::new(1.0, 1.0),
                Vec2::new(-1.0, 1.0),
                0.5,
                0.0
            )
            .is_err()
        );
    }

    #[test]
    fn a_jump_needs_an_inch_of_straight_run_up_an_inch() {
        // From 9" to 13.5": 1" before the 2" lake: too short.
        let e = step(
            &lake(),
            TABLE,
            Vec2::new(9.0, 5.0),
            Vec2::new(13.5, 5.0),
            0.5,
            0.0,
        )
        .unwrap_err();
        assert!(e.contains("needs 2.0\" of straight run-up"), "{e}");
        // With 1" more run in the same line before it, it jumps.
        let s = step(
            &lake(),
            TABLE,
            Vec2::new(9.0, 5.0),
            Vec2::new(13.5, 5.0),
            0.5,
            1.0,
        )
        .unwrap();
        assert_eq!(s.jumps.len(), 1);
        assert!(s.jumps[0].0 == "lake" && (s.jumps[0].1 - 2.0).abs() < 1e-4);
        // From 7": 3" of run-up in the step itself.
        assert!(
            step(
                &lake(),
                TABLE,
                Vec2::new(7.0, 5.0),
                Vec2::new(13.5, 5.0),
                0.5,
                0.0
            )
            .is_ok()
        );
    }

    #[test]
    fn a_base_passing_too_close_is_stopped() {
        let pillar = vec![TerrainPiece {
            id: "pillar".into(),
            kind: TerrainKind::Rocks,
            shape: Shape::Circle {
                centre: (15.0, 10.0),
                radius: 1.0,
            },
            properties: vec![TerrainProperty::Impassable],
        }];
        let go = |x: f32| {
            step(
                &pillar,
                TABLE,
                Vec2::new(x, 5.0),
                Vec2::new(x, 15.0),
                0.5,
                0.0,
            )
        };
        // The centre passes 0.3" from the pillar: the 0.5" base would brush it.
        let e = go(13.7).unwrap_err();
        assert!(e.contains("brush"), "{e}");
        assert!(go(13.4).is_ok());
    }

    #[test]
    fn a_run_up_is_straight() {
        let a = (Vec2::ZERO, Vec2::new(2.0, 0.0));
        assert!(straight_on(a, (Vec2::new(2.0, 0.0), Vec2::new(5.0, 0.0))));
        assert!(!straight_on(a, (Vec2::new(2.0, 0.0), Vec2::new(5.0, 1.0))));
        assert!(!straight_on(a, (Vec2::new(3.0, 0.0), Vec2::new(5.0, 0.0))));
    }
}
