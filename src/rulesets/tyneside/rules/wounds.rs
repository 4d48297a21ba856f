//! Wounds, medics and morale: tyneside-skirmish.txt, Wounds, Additional qualities (Medic) and
//! Morale.

use glam::Vec2;

use crate::rules::terrain::{TerrainPiece, TerrainProperty};

/// A value after wounds: "Wounds result in halving of all values (Initiative, Attack/Defence
/// etc – but not Force points or movement)". Fractions are kept (ruling: halves are not
/// rounded, so 3 becomes 1.5).
pub fn wounded_value(value: f32, wounded: bool) -> f32 {
    if wounded { value / 2.0 } else { value }
}

/// "2 wounds Disable/kill a figure."
pub const WOUNDS_TO_DISABLE: u8 = 2;

/// A medic's treatment: "the wound is healed on a 5,6 (D6) each turn treatment is given."
pub fn medic_heals(die: u8) -> bool {
    die >= 5
}

/// Whether a group must fall back: "If half or more figures in a group containing a players
/// character are wounded or ducked back, they must move away from the nearest visible enemy"
/// (tyneside-skirmish.txt, Morale). `shaken` counts wounded or ducked-back figures of `total`.
pub fn must_fall_back(total: usize, shaken: usize) -> bool {
    total > 0 && shaken * 2 >= total
}

/// Where a figure at `from` falls back to: straight away from `enemy` by `distance` inches,
/// stopping short of buildings, woods (sight-blocking pieces), impassable terrain and the
/// table edge.
///
/// tyneside-skirmish.txt, Morale: "move away from the nearest visible enemy, in such a way as
/// not to end closer to any visible enemy, or into a building/wood etc. The shortest move
/// option should be chosen." Ruling: the move is the figure's walk straight away from the
/// nearest visible enemy, shortened (in 1/4" steps) until it ends clear of such terrain.
pub fn fall_back_point(
    from: Vec2,
    enemy: Vec2,
    distance: f32,
    radius: f32,
    table: Vec2,
    terrain: &[TerrainPiece],
) -> Vec2 {
    let dir = (from - enemy).normalize_or(Vec2::Y);
    let mut d = distance;
    while d > 0.0 {
        let to = (from + dir * d).clamp(Vec2::splat(radius), table - Vec2::splat(radius));
        let blocked = terrain.iter().any(|t| {
            let forbidden = t.has(TerrainProperty::Building)
                || t.has(TerrainProperty::BlocksLineOfSight)
                || t.has(TerrainProperty::Impassable);
            forbidden
                && (t.shape.touches_segment(from, to) && !t.shape.contains(from)
                    || t.shape.contains(to))
        });
        if !blocked {
            return to;
        }
        d -= 0.25;
    }
    from
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::Shape;
    use crate::rules::terrain::TerrainKind;

    #[test]
    fn half_or_more_shaken_falls_back() {
        assert!(must_fall_back(4, 2));
        assert!(!must_fall_back(5, 2));
        assert!(must_fall_back(1, 1));
        assert!(!must_fall_back(0, 0));
    }

    #[test]
    fn medic_heals_on_five_or_six() {
        assert_eq!(
            (1..=6).filter(|&d| medic_heals(d)).collect::<Vec<_>>(),
            vec![5, 6]
        );
    }

    #[test]
    fn wounds_halve_values() {
        assert_eq!(wounded_value(3.0, true), 1.5);
        assert_eq!(wounded_value(3.0, false), 3.0);
    }

    #[test]
    fn fall_back_stops_short_of_a_building() {
        let hut = TerrainPiece {
            id: "hut".into(),
            kind: TerrainKind::Building,
            shape: Shape::Rect {
                min: (0.0, 13.0),
                max: (20.0, 20.0),
            },
            properties: vec![
                TerrainProperty::Building,
                TerrainProperty::BlocksLineOfSight,
            ],
        };
        let table = Vec2::new(72.0, 48.0);
        let p = fall_back_point(
            Vec2::new(10.0, 10.0),
            Vec2::new(10.0, 0.0),
            5.0,
            0.5,
            table,
            &[],
        );
        assert!((p - Vec2::new(10.0, 15.0)).length() < 1e-4);
        let p = fall_back_point(
            Vec2::new(10.0, 10.0),
            Vec2::new(10.0, 0.0),
            5.0,
            0.5,
            table,
            &[hut],
        );
        assert!(p.y < 13.0 && p.y > 12.0, "{p}");
    }
}
