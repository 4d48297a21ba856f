//! Doors: tyneside-skirmish.txt, Additional qualities ("Tech: Figure can access or repair
//! machines on a 6 (D6) if stationary and in contact with the machine"), Jedi powers
//! ("Activate: Switch switches, activate door mechanisms etc., or deactivate them"), Engaging
//! vehicles ("explosives can be used to demolish doors etc") and the notes on light sabres
//! ("Figures using Light Sabres may cut a hole in any surface/vehicle roof in 1 stationary
//! turn, count half defence value while doing this!"). Rulings in docs/rules/tyneside.md,
//! Doors.

use glam::Vec2;

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

/// Whether a Tech's D6 `die` works the door ("on a 6").
pub fn tech_works(die: i32) -> bool {
    die >= TECH_SCORE
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::Shape;

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
}
