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

/// What a figure falling back knows: where it stands, how far it walks, its base, the table,
/// the terrain, the visible enemies' centres, and every other base it must not end on
/// (centre, radius), all in inches.
#[derive(Clone, Copy, Debug)]
pub struct FallBack<'a> {
    /// Centre of its base.
    pub from: Vec2,
    /// Its walk (the most it may move, terrain costs counted).
    pub walk: f32,
    /// Base radius.
    pub radius: f32,
    /// Table width and depth.
    pub table: Vec2,
    /// The terrain.
    pub terrain: &'a [TerrainPiece],
    /// Centres of the enemy figures it can see.
    pub visible_enemies: &'a [Vec2],
    /// Other bases (centre, radius), where it may not end.
    pub bases: &'a [(Vec2, f32)],
}

/// Where a figure falls back to, or `None` when no move is allowed.
///
/// tyneside-skirmish.txt, Morale: "they must move away from the nearest visible enemy, in such
/// a way as not to end closer to any visible enemy, or into a building/wood etc. The shortest
/// move option should be chosen." Ruling (docs/rules/tyneside.md): the move is a normal move of
/// up to the figure's walk (difficult ground and obstacles cost as usual; no impassable
/// terrain, gaps or table edge) that ends farther from the nearest visible enemy, no nearer to
/// any other visible enemy, not in a building, wood or other sight-blocking or impassable
/// piece, and not on a base. "The shortest move option" is the one that strays least from
/// straight away from the nearest enemy: directions are tried from straight away outwards in
/// steps of 11.25° up to 90° either side, and along each the longest allowed move is taken.
pub fn fall_back_point(f: &FallBack) -> Option<Vec2> {
    let nearest = f
        .visible_enemies
        .iter()
        .copied()
        .min_by(|a, b| a.distance(f.from).total_cmp(&b.distance(f.from)))?;
    let away = (f.from - nearest).normalize_or(Vec2::Y);
    let deviations = std::iter::once(0).chain((1..=8).flat_map(|k| [k, -k]));
    for k in deviations {
        let dir = Vec2::from_angle(k as f32 * std::f32::consts::PI / 16.0).rotate(away);
        let mut d = f.walk;
        while d >= 0.25 {
            let to = f.from + dir * d;
            if fall_back_allowed(f, nearest, to) {
                return Some(to);
            }
            d -= 0.25;
        }
    }
    None
}

/// Whether a fall-back to `to` keeps every condition of [`fall_back_point`].
fn fall_back_allowed(f: &FallBack, nearest: Vec2, to: Vec2) -> bool {
    let Ok(cost) = super::movement::path_cost(f.terrain, f.table, f.from, to, f.radius) else {
        return false;
    };
    let forbidden_end = f.terrain.iter().any(|t| {
        (t.has(TerrainProperty::Building)
            || t.has(TerrainProperty::BlocksLineOfSight)
            || t.has(TerrainProperty::Impassable))
            && t.shape.contains(to)
    });
    cost.gap == 0.0
        && cost.cost <= f.walk + 1e-3
        && !forbidden_end
        && to.distance(nearest) > f.from.distance(nearest) + 1e-3
        && f.visible_enemies
            .iter()
            .all(|e| to.distance(*e) >= f.from.distance(*e) - 1e-3)
        && f.bases
            .iter()
            .all(|(at, r)| to.distance(*at) >= f.radius + r - 0.01)
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

    fn hut() -> TerrainPiece {
        TerrainPiece {
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
        }
    }

    fn fall_back(
        terrain: &[TerrainPiece],
        enemies: &[Vec2],
        bases: &[(Vec2, f32)],
    ) -> Option<Vec2> {
        fall_back_point(&FallBack {
            from: Vec2::new(10.0, 10.0),
            walk: 5.0,
            radius: 0.5,
            table: Vec2::new(72.0, 48.0),
            terrain,
            visible_enemies: enemies,
            bases,
        })
    }

    #[test]
    fn fall_back_goes_straight_away_in_the_open() {
        let p = fall_back(&[], &[Vec2::new(10.0, 0.0)], &[]).unwrap();
        assert!((p - Vec2::new(10.0, 15.0)).length() < 1e-4, "{p}");
    }

    #[test]
    fn fall_back_never_ends_in_a_building_and_keeps_as_close_to_straight_away_as_it_can() {
        // Straight away ends in the hut; the longest move short of it is taken.
        let p = fall_back(&[hut()], &[Vec2::new(10.0, 0.0)], &[]).unwrap();
        assert!(p.y < 13.0 && p.y > 12.0 && (p.x - 10.0).abs() < 1e-4, "{p}");
        assert!(
            !hut().shape.contains(p),
            "\"not … into a building/wood etc\""
        );
    }

    #[test]
    fn fall_back_never_ends_nearer_another_visible_enemy_or_on_a_base() {
        // Straight away (north) would bring it nearer the enemy at (10, 20): it swings aside.
        let enemies = [Vec2::new(10.0, 0.0), Vec2::new(10.0, 20.0)];
        let p = fall_back(&[], &enemies, &[]);
        // Every direction that gains on the southern enemy loses on the northern one, but
        // moving sideways (90°) keeps both: due east or west.
        let p = p.expect("a sideways move keeps its distance from both");
        for e in enemies {
            assert!(
                p.distance(e) >= Vec2::new(10.0, 10.0).distance(e) - 1e-3,
                "{p}"
            );
        }
        // A friend standing where it would go: it stops short of his base.
        let p = fall_back(
            &[],
            &[Vec2::new(10.0, 0.0)],
            &[(Vec2::new(10.0, 15.0), 0.5)],
        )
        .unwrap();
        assert!(p.distance(Vec2::new(10.0, 15.0)) >= 1.0 - 0.01, "{p}");
        // Hemmed in by enemies on every side: no move at all.
        let ring: Vec<Vec2> = (0..8)
            .map(|k| Vec2::new(10.0, 10.0) + Vec2::from_angle(k as f32 * 0.785) * 3.0)
            .collect();
        assert_eq!(fall_back(&[], &ring, &[]), None);
    }
}
