//! Movement: tyneside-skirmish.txt, Movement and Groups.

use glam::Vec2;
use serde::{Deserialize, Serialize};

use crate::rules::dice::DiceExpr;
use crate::rules::terrain::{TerrainPiece, TerrainProperty};

/// "add D4″ to that rate if running".
pub const RUN_DIE: DiceExpr = DiceExpr::d(4);
/// "Figures can jump across gaps up to D4+1″ as part of their movement."
pub const JUMP_DIE: DiceExpr = DiceExpr::d(4).plus(1);
/// Groups: "must remain within 5″ of at least 1 other member of the group"; heroes join
/// groups "within 5″ of them at turn start". Inches, base edge to base edge.
pub const COHESION: f32 = 5.0;
/// Orders, Stand: "May only move up to 2″".
pub const STAND_LIMIT: f32 = 2.0;
/// Orders: Advance — "They halt at 5″ from enemy figures."
pub const ADVANCE_HALT: f32 = 5.0;

/// What a straight move from one point to another costs, inches.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PathCost {
    /// Length of the path on the table.
    pub length: f32,
    /// Movement allowance it uses on its own: difficult inches count double, and the whole
    /// move counts double if it touches an obstacle (see [`activation_cost`] for a move that
    /// is one step of several).
    pub cost: f32,
    /// Inches of the path inside difficult terrain.
    pub difficult: f32,
    /// Whether it touches an obstacle: crosses it, steps onto it or off it.
    pub crosses_obstacle: bool,
    /// Inches of the path over gaps (which need a jump).
    pub gap: f32,
}

/// Why a path cannot be taken at all.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PathBlocked {
    /// The path or the base at its end touches impassable terrain.
    #[error("impassable terrain '{0}' is in the way (Movement: impassable terrain blocks)")]
    Impassable(String),
    /// The destination is off the table.
    #[error("the destination is off the table")]
    OffTable,
    /// The path crosses a gap and no jump was declared.
    #[error(
        "'{0}' is a gap: declare a jump to cross it (\"Figures can jump across gaps up to D4+1\"\")"
    )]
    Gap(String),
}

/// The cost of moving a base of `radius` inches straight from `from` to `to` on a table of
/// `table` inches.
///
/// tyneside-skirmish.txt, Movement: "Halve movement if in difficult terrain or crossing an
/// obstacle." Ruling (docs/rules/tyneside.md): each inch inside difficult terrain costs two;
/// a move that touches an obstacle (over it, onto it or off it) costs double throughout.
///
/// Errors: [`PathBlocked`] when the move touches impassable terrain (a base may leave
/// impassable terrain it already overlaps, never enter it), ends off the table, or crosses a
/// gap.
pub fn path_cost(
    terrain: &[TerrainPiece],
    table: Vec2,
    from: Vec2,
    to: Vec2,
    radius: f32,
) -> Result<PathCost, PathBlocked> {
    if to.x < 0.0 || to.y < 0.0 || to.x > table.x || to.y > table.y {
        return Err(PathBlocked::OffTable);
    }
    let length = from.distance(to);
    let (mut difficult, mut gap, mut crosses_obstacle) = (0.0f32, 0.0f32, false);
    for t in terrain {
        if t.has(TerrainProperty::Impassable) {
            let start_clear = t.shape.distance_to(from) >= radius;
            if start_clear && t.shape.distance_to_segment(from, to) < radius
                || t.shape.distance_to(to) < radius
            {
                return Err(PathBlocked::Impassable(t.id.clone()));
            }
        }
        if !t.shape.aabb().hits_segment(from, to) {
            continue;
        }
        if t.has(TerrainProperty::Difficult) {
            difficult += t.shape.length_inside(from, to);
        }
        if t.has(TerrainProperty::Obstacle) && t.shape.touches_segment(from, to) {
            crosses_obstacle = true;
        }
        if t.has(TerrainProperty::Gap) {
            gap += t.shape.length_inside(from, to);
        }
    }
    let difficult = difficult.min(length);
    let mut cost = length + difficult;
    if crosses_obstacle {
        cost *= 2.0;
    }
    Ok(PathCost {
        length,
        cost,
        difficult,
        crosses_obstacle,
        gap,
    })
}

/// The allowance a figure has used after one more step, inches, however its move is split:
/// tyneside-skirmish.txt, Movement, "Halve movement if … crossing an obstacle". Ruling
/// (docs/rules/tyneside.md): once any step of a figure's move this turn touches an obstacle,
/// the whole move is at half rate, the steps before it included, so stepping onto an obstacle
/// and off it in two moves costs what crossing it in one does. `moved` is the allowance used so
/// far (already doubled if `obstacle_before`); `step` the step's [`PathCost`].
pub fn activation_cost(moved: f32, obstacle_before: bool, step: &PathCost) -> f32 {
    match (obstacle_before, step.crosses_obstacle) {
        (false, false) | (true, true) => moved + step.cost,
        // The step's own cost is already doubled; the move before it now is too.
        (false, true) => 2.0 * moved + step.cost,
        (true, false) => moved + 2.0 * step.cost,
    }
}

/// Whether the loser `fig` (base `radius` at `from`) can make its "Retreat 1″" (Other melee)
/// straight away from the winner to `to`: not into impassable terrain or off the table, not
/// across or into a gap, and not onto another base (ruling, docs/rules/tyneside.md: a blocked
/// retreat is not made and the figure stands).
pub fn retreat_is_clear(
    terrain: &[TerrainPiece],
    size: Vec2,
    bases: &[(Vec2, f32)],
    fig: usize,
    from: Vec2,
    to: Vec2,
    radius: f32,
) -> bool {
    path_cost(terrain, size, from, to, radius).is_ok_and(|c| c.gap == 0.0)
        && bases
            .iter()
            .enumerate()
            .all(|(k, (at, r))| k == fig || to.distance(*at) >= radius + r - 0.01)
}

/// The first gap piece a path crosses, for messages.
pub fn first_gap(terrain: &[TerrainPiece], from: Vec2, to: Vec2) -> Option<&TerrainPiece> {
    terrain
        .iter()
        .find(|t| t.has(TerrainProperty::Gap) && t.shape.length_inside(from, to) > 0.0)
}

/// A figure's movement allowance for one activation, inches: its walk, plus the D4 if it runs.
///
/// tyneside-skirmish.txt, Movement: "foot figures walk at 5″ an activation, and add D4″ to
/// that rate if running". Wounds do not change it ("halving of all values … but not Force
/// points or movement").
pub fn allowance(walk: f32, run_roll: Option<i32>) -> f32 {
    walk + run_roll.unwrap_or(0) as f32
}

/// Whether a figure at `pos` (base `radius`) is within [`COHESION`] of at least one other
/// member at `others` (with their radii). A lone figure is always in cohesion.
///
/// tyneside-skirmish.txt, Groups: "must remain within 5″ of at least 1 other member of the
/// group, or attempt to get within 5″ if further away."
pub fn in_cohesion(pos: Vec2, radius: f32, others: &[(Vec2, f32)]) -> bool {
    others.is_empty()
        || others
            .iter()
            .any(|(p, r)| crate::rules::geometry::base_gap(pos, radius, *p, *r) <= COHESION + 1e-4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::Shape;
    use crate::rules::terrain::TerrainKind;

    fn piece(
        id: &str,
        props: Vec<TerrainProperty>,
        min: (f32, f32),
        max: (f32, f32),
    ) -> TerrainPiece {
        TerrainPiece {
            id: id.into(),
            kind: TerrainKind::Other,
            shape: Shape::Rect { min, max },
            properties: props,
        }
    }
    const TABLE: Vec2 = Vec2::new(72.0, 48.0);

    #[test]
    fn open_ground_costs_its_length() {
        let c = path_cost(&[], TABLE, Vec2::new(1.0, 1.0), Vec2::new(4.0, 5.0), 0.5).unwrap();
        assert!((c.cost - 5.0).abs() < 1e-5);
    }

    #[test]
    fn difficult_inches_count_double() {
        let woods = piece(
            "woods",
            vec![TerrainProperty::Difficult],
            (10.0, 0.0),
            (12.0, 20.0),
        );
        let c = path_cost(
            &[woods],
            TABLE,
            Vec2::new(9.0, 5.0),
            Vec2::new(13.0, 5.0),
            0.5,
        )
        .unwrap();
        assert!((c.difficult - 2.0).abs() < 1e-4);
        assert!(
            (c.cost - 6.0).abs() < 1e-4,
            "4\" with 2\" in woods costs 6\""
        );
    }

    #[test]
    fn crossing_an_obstacle_halves_the_move() {
        let wall = piece(
            "wall",
            vec![TerrainProperty::Obstacle],
            (10.0, 0.0),
            (10.2, 20.0),
        );
        let c = path_cost(
            &[wall],
            TABLE,
            Vec2::new(9.0, 5.0),
            Vec2::new(11.0, 5.0),
            0.5,
        )
        .unwrap();
        assert!(c.crosses_obstacle);
        assert!((c.cost - 4.0).abs() < 1e-4, "2\" over a wall uses 4\"");
    }

    #[test]
    fn an_obstacle_crossed_in_two_steps_costs_what_one_step_does() {
        let wall = piece(
            "wall",
            vec![TerrainProperty::Obstacle],
            (10.0, 0.0),
            (10.2, 20.0),
        );
        let cost = |a: (f32, f32), b: (f32, f32)| {
            path_cost(
                std::slice::from_ref(&wall),
                TABLE,
                Vec2::new(a.0, a.1),
                Vec2::new(b.0, b.1),
                0.5,
            )
            .unwrap()
        };
        let whole = activation_cost(0.0, false, &cost((9.0, 5.0), (11.0, 5.0)));
        // Onto the wall, then off it.
        let onto = cost((9.0, 5.0), (10.1, 5.0));
        assert!(
            onto.crosses_obstacle,
            "stepping onto an obstacle touches it"
        );
        let first = activation_cost(0.0, false, &onto);
        let both = activation_cost(first, true, &cost((10.1, 5.0), (11.0, 5.0)));
        assert!(
            (whole - 4.0).abs() < 1e-4 && (both - whole).abs() < 1e-4,
            "{whole} v {both}"
        );
        // Up to the wall first, then over it: the first inch now counts double too.
        let up = activation_cost(0.0, false, &cost((8.0, 5.0), (9.0, 5.0)));
        assert!((up - 1.0).abs() < 1e-4);
        let over = activation_cost(up, false, &cost((9.0, 5.0), (11.0, 5.0)));
        assert!(
            (over - 6.0).abs() < 1e-4,
            "3\" at half rate uses 6\", got {over}"
        );
        // After the crossing, plain ground still counts double this turn.
        let on = activation_cost(over, true, &cost((11.0, 5.0), (12.0, 5.0)));
        assert!((on - 8.0).abs() < 1e-4, "{on}");
    }

    #[test]
    fn impassable_gap_and_edge_refuse() {
        let rock = piece(
            "rock",
            vec![TerrainProperty::Impassable],
            (10.0, 0.0),
            (12.0, 20.0),
        );
        let chasm = piece(
            "chasm",
            vec![TerrainProperty::Gap],
            (20.0, 0.0),
            (22.0, 20.0),
        );
        let t = [rock, chasm];
        assert_eq!(
            path_cost(&t, TABLE, Vec2::new(8.0, 5.0), Vec2::new(14.0, 5.0), 0.5),
            Err(PathBlocked::Impassable("rock".into()))
        );
        assert_eq!(
            path_cost(&t, TABLE, Vec2::new(8.0, 5.0), Vec2::new(9.7, 5.0), 0.5),
            Err(PathBlocked::Impassable("rock".into())),
            "base would overlap"
        );
        assert!(path_cost(&t, TABLE, Vec2::new(8.0, 5.0), Vec2::new(9.4, 5.0), 0.5).is_ok());
        let c = path_cost(&t, TABLE, Vec2::new(19.0, 5.0), Vec2::new(23.0, 5.0), 0.5).unwrap();
        assert!((c.gap - 2.0).abs() < 1e-4);
        assert_eq!(
            path_cost(&t, TABLE, Vec2::new(70.0, 5.0), Vec2::new(73.0, 5.0), 0.5),
            Err(PathBlocked::OffTable)
        );
    }

    #[test]
    fn cohesion_five_inches_edge_to_edge() {
        assert!(in_cohesion(Vec2::ZERO, 0.5, &[(Vec2::new(6.0, 0.0), 0.5)]));
        assert!(!in_cohesion(Vec2::ZERO, 0.5, &[(Vec2::new(6.2, 0.0), 0.5)]));
        assert!(in_cohesion(Vec2::ZERO, 0.5, &[]));
    }

    #[test]
    fn run_adds_the_d4() {
        assert_eq!(allowance(5.0, Some(3)), 8.0);
        assert_eq!(allowance(7.0, None), 7.0);
    }

    #[test]
    fn a_melee_retreat_is_blocked_by_a_base_or_a_gap() {
        let clear = |terrain: &[TerrainPiece], bases: &[(Vec2, f32)]| {
            retreat_is_clear(
                terrain,
                TABLE,
                bases,
                0,
                Vec2::new(10.0, 10.0),
                Vec2::new(11.0, 10.0),
                0.5,
            )
        };
        let me = (Vec2::new(10.0, 10.0), 0.5);
        assert!(clear(&[], &[me]));
        assert!(
            !clear(&[], &[me, (Vec2::new(11.8, 10.0), 0.5)]),
            "would end on a base"
        );
        let gap = piece("gap", vec![TerrainProperty::Gap], (10.8, 0.0), (12.0, 20.0));
        assert!(!clear(&[gap], &[me]), "would end in a gap");
    }
}
