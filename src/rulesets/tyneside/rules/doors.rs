//! Doors: tyneside-skirmish.txt, Additional qualities ("Tech: Figure can access or repair
//! machines on a 6 (D6) if stationary and in contact with the machine"), Jedi powers
//! ("Activate: Switch switches, activate door mechanisms etc., or deactivate them"), Engaging
//! vehicles ("explosives can be used to demolish doors etc") and the notes on light sabres
//! ("Figures using Light Sabres may cut a hole in any surface/vehicle roof in 1 stationary
//! turn, count half defence value while doing this!"). Rulings in docs/rules/tyneside.md,
//! Doors.

use glam::Vec2;

use crate::rules::geometry::Shape;
use crate::rules::terrain::{TerrainKind, TerrainPiece, TerrainProperty};

/// A Tech opens (or shuts) a door "on a 6 (D6)".
pub const TECH_SCORE: i32 = 6;
/// Slack for base contact with a door, inches.
pub const CONTACT: f32 = 0.1;
/// How far the Force's Activate reaches, inches: the text gives none; ruling: as far as the
/// other Force actions at a distance (lightning's 24").
pub const ACTIVATE_REACH: f32 = 24.0;

/// Whether `piece` is a door.
pub fn is_door(piece: &TerrainPiece) -> bool {
    piece.kind == TerrainKind::Door
}

/// Whether door `piece` is shut: it blocks movement and sight.
pub fn is_shut(piece: &TerrainPiece) -> bool {
    piece.has(TerrainProperty::Impassable)
}

/// Shuts door `piece` (impassable, blocking sight) or opens it (neither).
pub fn set_shut(piece: &mut TerrainPiece, shut: bool) {
    piece.properties.retain(|p| {
        !matches!(
            p,
            TerrainProperty::Impassable | TerrainProperty::BlocksLineOfSight
        )
    });
    if shut {
        piece.properties.push(TerrainProperty::Impassable);
        piece.properties.push(TerrainProperty::BlocksLineOfSight);
    }
}

/// Whether a base of `radius` at `centre` touches door `piece` (inches).
pub fn in_contact(piece: &TerrainPiece, centre: Vec2, radius: f32) -> bool {
    piece.shape.contains(centre) || piece.shape.distance_to(centre) <= radius + CONTACT
}

/// The gap from a base of `radius` at `centre` to door `piece`, base edge to the door, inches.
pub fn gap(piece: &TerrainPiece, centre: Vec2, radius: f32) -> f32 {
    (piece.shape.distance_to(centre) - radius).max(0.0)
}

/// How wide a hole a light sabre cuts in a wall, inches: room for a 25 mm base (1") and its
/// user's arm. The text gives no size; ruling in docs/rules/tyneside.md, Doors.
pub const HOLE: f32 = 1.5;

/// Whether a light sabre can cut a hole through `piece`: a straight (rectangular) wall that
/// stops or slows figures or blocks sight. "Figures using Light Sabres may cut a hole in any
/// surface/vehicle roof in 1 stationary turn" (tyneside-skirmish.txt, Jedi powers, notes);
/// rulings in docs/rules/tyneside.md, Doors.
pub fn cuttable_wall(piece: &TerrainPiece) -> bool {
    piece.kind == TerrainKind::Wall
        && matches!(piece.shape, Shape::Rect { .. })
        && [
            TerrainProperty::Impassable,
            TerrainProperty::Obstacle,
            TerrainProperty::BlocksLineOfSight,
        ]
        .iter()
        .any(|p| piece.has(*p))
}

/// What is left of rectangular wall `shape` after a hole [`HOLE`] wide is cut across it where
/// a figure at `at` stands: the parts on either side along its length (inches), `None` for a
/// side the hole reaches the end of. Not a rectangle: nothing is cut, `(Some(shape), None)`.
pub fn cut_hole(shape: &Shape, at: Vec2) -> (Option<Shape>, Option<Shape>) {
    let Shape::Rect { min, max } = *shape else {
        return (Some(shape.clone()), None);
    };
    let along_x = max.0 - min.0 >= max.1 - min.1;
    let (lo, hi, p) = if along_x {
        (min.0, max.0, at.x)
    } else {
        (min.1, max.1, at.y)
    };
    let c = p.clamp(lo, hi);
    let (a, b) = (c - HOLE / 2.0, c + HOLE / 2.0);
    let part = |from: f32, to: f32| {
        (to - from > 1e-3).then(|| {
            if along_x {
                Shape::Rect {
                    min: (from, min.1),
                    max: (to, max.1),
                }
            } else {
                Shape::Rect {
                    min: (min.0, from),
                    max: (max.0, to),
                }
            }
        })
    };
    (part(lo, a), part(b, hi))
}

/// Whether a Tech's D6 `die` works the door ("on a 6").
pub fn tech_works(die: i32) -> bool {
    die >= TECH_SCORE
}

#[cfg(test)]
mod tests {
    use super::*;

    fn door() -> TerrainPiece {
        TerrainPiece {
            id: "d".into(),
            kind: TerrainKind::Door,
            shape: Shape::Rect {
                min: (10.0, 0.0),
                max: (11.0, 4.0),
            },
            properties: vec![
                TerrainProperty::Impassable,
                TerrainProperty::BlocksLineOfSight,
            ],
        }
    }

    #[test]
    fn a_door_shuts_and_opens_and_a_base_touches_it() {
        let mut d = door();
        assert!(is_door(&d) && is_shut(&d));
        set_shut(&mut d, false);
        assert!(!is_shut(&d) && !d.has(TerrainProperty::BlocksLineOfSight));
        set_shut(&mut d, true);
        assert!(is_shut(&d) && d.has(TerrainProperty::BlocksLineOfSight));
        assert!(in_contact(&d, Vec2::new(9.5, 2.0), 0.5));
        assert!(!in_contact(&d, Vec2::new(9.0, 2.0), 0.5));
        assert!((gap(&d, Vec2::new(4.5, 2.0), 0.5) - 5.0).abs() < 1e-4);
        assert!(tech_works(6) && !tech_works(5));
    }

    #[test]
    fn a_hole_cut_across_a_wall_leaves_the_parts_either_side() {
        let wall = Shape::Rect {
            min: (20.0, 10.0),
            max: (20.5, 32.0),
        };
        let (a, b) = cut_hole(&wall, Vec2::new(19.45, 15.0));
        assert_eq!(
            a,
            Some(Shape::Rect {
                min: (20.0, 10.0),
                max: (20.5, 14.25)
            })
        );
        assert_eq!(
            b,
            Some(Shape::Rect {
                min: (20.0, 15.75),
                max: (20.5, 32.0)
            })
        );
        // At the wall's end nothing is left on that side.
        let (a, b) = cut_hole(&wall, Vec2::new(19.45, 10.2));
        assert_eq!(a, None);
        assert!(b.is_some());
        let mut piece = door();
        assert!(!cuttable_wall(&piece), "a door is cut as a door");
        piece.kind = TerrainKind::Wall;
        assert!(cuttable_wall(&piece));
    }
}
