//! Orders, command and initiative: tyneside-skirmish.txt, Play sequence, Groups, Additional
//! qualities (Gifted commander), Orders and Random movement.

use glam::Vec2;
use serde::{Deserialize, Serialize};

use super::movement::{ADVANCE_HALT, RUN_DIE, STAND_LIMIT, allowance};
use crate::rules::geometry::base_gap;

/// An order counter (tyneside-skirmish.txt, Orders).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Order {
    /// "Must move at run towards one or more of the nearest enemy groups. They will enter
    /// melee if in reach."
    Attack,
    /// "Must move directly Half –full speed... towards an objective or enemy group. They halt
    /// at 5″ from enemy figures."
    Advance,
    /// "Must move at least Half speed in any direction, and may run."
    Move,
    /// "May only move up to 2″, and only to face an enemy, or for another valid reason."
    Stand,
    /// "Must move at least half speed away from any enemy, and may run."
    Retreat,
    /// "Run away from nearest enemy and end move further from all enemies."
    Rout,
}

impl Order {
    /// Every order, in the text's order.
    pub const ALL: [Order; 6] = [
        Order::Attack,
        Order::Advance,
        Order::Move,
        Order::Stand,
        Order::Retreat,
        Order::Rout,
    ];

    /// The text's wording, for tooltips.
    pub fn rule_text(self) -> &'static str {
        match self {
            Order::Attack => {
                "Must move at run towards one or more of the nearest enemy groups. They will enter melee if in reach."
            }
            Order::Advance => {
                "Must move directly half–full speed towards an objective or enemy group. They halt at 5\" from enemy figures."
            }
            Order::Move => "Must move at least half speed in any direction, and may run.",
            Order::Stand => {
                "May only move up to 2\", and only to face an enemy, or for another valid reason."
            }
            Order::Retreat => "Must move at least half speed away from any enemy, and may run.",
            Order::Rout => "Run away from nearest enemy and end move further from all enemies.",
        }
    }

    /// Whether the order lets a figure run.
    pub fn may_run(self) -> bool {
        matches!(
            self,
            Order::Attack | Order::Move | Order::Retreat | Order::Rout
        )
    }

    /// Whether the order obliges the figure to run.
    pub fn must_run(self) -> bool {
        matches!(self, Order::Attack | Order::Rout)
    }
}

impl std::fmt::Display for Order {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self, f)
    }
}

/// How far a player's character can give orders, inches.
///
/// tyneside-skirmish.txt, Random movement: "if within 6″, a player's figure can issue an order
/// to them"; Additional qualities: a Gifted commander can "change the order of any group within
/// 12″".
pub fn command_range(gifted_commander: bool) -> f32 {
    if gifted_commander { 12.0 } else { 6.0 }
}

/// One step of a move as the order checks see it: a base of `radius` from `from` to `to`,
/// with enemy bases `(centre, radius)` and objective points, inches.
#[derive(Clone, Debug)]
pub struct Step<'a> {
    /// Where the base starts.
    pub from: Vec2,
    /// Where it ends.
    pub to: Vec2,
    /// Its radius.
    pub radius: f32,
    /// Whether the figure declared a run this activation.
    pub running: bool,
    /// Inches of allowance used by earlier steps this activation plus this one.
    pub used: f32,
    /// Every enemy figure still on the table.
    pub enemies: &'a [(Vec2, f32)],
    /// The scenario's objective points.
    pub objectives: &'a [Vec2],
}

fn nearest_gap(p: Vec2, r: f32, enemies: &[(Vec2, f32)]) -> f32 {
    enemies
        .iter()
        .map(|(e, er)| base_gap(p, r, *e, *er))
        .fold(f32::MAX, f32::min)
}

/// Checks one step of movement against the group's order; `Err` names the rule broken.
///
/// tyneside-skirmish.txt, Orders (quoted on [`Order`]). Rulings (docs/rules/tyneside.md):
/// "towards" means the step ends nearer the nearest enemy (or, for Advance, an objective);
/// "away from any enemy" means it ends no nearer any enemy; the "at least half speed"
/// minimum is checked when the group ends its activation ([`check_minimum_move`]).
pub fn check_step(order: Order, s: &Step) -> Result<(), String> {
    let eps = 1e-3;
    if s.running && !order.may_run() {
        return Err(format!(
            "{order} orders: may not run ({})",
            order.rule_text()
        ));
    }
    if order.must_run() && !s.running {
        return Err(format!(
            "{order} orders: must move at a run — declare a run first ({})",
            order.rule_text()
        ));
    }
    let before = nearest_gap(s.from, s.radius, s.enemies);
    let after = nearest_gap(s.to, s.radius, s.enemies);
    let has_enemy = !s.enemies.is_empty();
    match order {
        Order::Stand => check_stand(s.used),
        Order::Advance => {
            if has_enemy && after < ADVANCE_HALT - eps && after < before - eps {
                return Err(format!(
                    "Advance orders: \"They halt at 5\" from enemy figures\" (this ends {after:.1}\" from one)"
                ));
            }
            let obj_before = s
                .objectives
                .iter()
                .map(|o| o.distance(s.from))
                .fold(f32::MAX, f32::min);
            let obj_after = s
                .objectives
                .iter()
                .map(|o| o.distance(s.to))
                .fold(f32::MAX, f32::min);
            let towards_enemy = has_enemy && after < before - eps;
            let towards_objective = !s.objectives.is_empty() && obj_after < obj_before - eps;
            if towards_enemy || towards_objective || (!has_enemy && s.objectives.is_empty()) {
                Ok(())
            } else {
                Err("Advance orders: must move directly towards an objective or enemy group".into())
            }
        }
        Order::Attack if has_enemy && after >= before - eps && after > 0.0 => {
            Err("Attack orders: must move towards the nearest enemy group".into())
        }
        Order::Retreat | Order::Rout => {
            let strict = order == Order::Rout;
            for (e, er) in s.enemies {
                let (b, a) = (
                    base_gap(s.from, s.radius, *e, *er),
                    base_gap(s.to, s.radius, *e, *er),
                );
                if a < b - eps || (strict && a <= b + eps) {
                    return Err(if strict {
                        "Rout orders: must end the move further from all enemies".into()
                    } else {
                        "Retreat orders: must move away from any enemy (this ends nearer one)"
                            .into()
                    });
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The least a figure must have moved (inches of allowance) when its group ends its
/// movement activation: half its walk under Attack, Advance, Move, Retreat and Rout.
/// Waived (returns 0) for a figure in close combat, one that halted at 5" from an enemy under
/// Advance, or one that cannot move (ducked back, knocked out).
pub fn minimum_move(order: Order, walk: f32, waived: bool) -> f32 {
    if waived || order == Order::Stand {
        0.0
    } else {
        walk / 2.0
    }
}

/// Checks the "at least half speed" minimum; `Err` names the rule.
pub fn check_minimum_move(order: Order, walk: f32, moved: f32, waived: bool) -> Result<(), String> {
    let min = minimum_move(order, walk, waived);
    if moved + 1e-3 < min {
        Err(format!(
            "{order} orders: must move at least half speed ({min:.1}\"; moved {moved:.1}\")"
        ))
    } else {
        Ok(())
    }
}

/// A group's initiative: that of its best member ("Move figures/groups in order of Initiative"),
/// with wounded members' initiative halved ("Wounds result in halving of all values
/// (Initiative, …)"). Ruling: the highest member's value leads the group.
pub fn group_initiative(members: &[(u32, bool)]) -> f32 {
    members
        .iter()
        .map(|&(i, wounded)| if wounded { i as f32 / 2.0 } else { i as f32 })
        .fold(0.0, f32::max)
}

/// Orders, Stand: "May only move up to 2″". `used`: inches moved this activation, this step
/// included. Errors: the order's words and the inches the step would make.
pub fn check_stand(used: f32) -> Result<(), String> {
    if used > STAND_LIMIT + 1e-3 {
        return Err(format!(
            "Stand orders: may only move up to 2\" (this would be {used:.1}\")"
        ));
    }
    Ok(())
}

/// A figure's whole movement allowance this activation, inches, as its card shows it: under
/// a Stand order "May only move up to 2″" (Orders), else the walk plus any run roll, times
/// `factor` (1, or 1.5 with the Force's Enhance); `order`: its group's, `None` before one is
/// placed.
pub fn allowance_whole(walk: f32, run_roll: Option<i32>, order: Option<Order>, factor: f32) -> f32 {
    if order == Some(Order::Stand) {
        STAND_LIMIT
    } else {
        allowance(walk, run_roll) * factor
    }
}

/// What is left of a figure's movement this activation, inches, and the most a run could
/// still add (`None` when it may not run now): Orders, Stand — "May only move up to 2″";
/// otherwise the walk plus any run roll (Movement: running adds D4"), times `factor` (1, or
/// 1.5 with the Force's Enhance), less what it has moved.
pub fn allowance_left(
    walk: f32,
    run_roll: Option<i32>,
    moved: f32,
    order: Order,
    factor: f32,
) -> (f32, Option<f32>) {
    let left = if order == Order::Stand {
        (STAND_LIMIT - moved).max(0.0)
    } else {
        (allowance(walk, run_roll) * factor - moved).max(0.0)
    };
    let run = (run_roll.is_none() && order.may_run()).then(|| RUN_DIE.range().1 as f32 * factor);
    (left, run)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step<'a>(
        from: (f32, f32),
        to: (f32, f32),
        running: bool,
        used: f32,
        enemies: &'a [(Vec2, f32)],
    ) -> Step<'a> {
        Step {
            from: from.into(),
            to: to.into(),
            radius: 0.5,
            running,
            used,
            enemies,
            objectives: &[],
        }
    }

    #[test]
    fn stand_moves_at_most_two_inches() {
        let e = [(Vec2::new(30.0, 0.0), 0.5)];
        assert!(check_step(Order::Stand, &step((0.0, 0.0), (2.0, 0.0), false, 2.0, &e)).is_ok());
        assert!(
            check_step(Order::Stand, &step((0.0, 0.0), (2.5, 0.0), false, 2.5, &e))
                .unwrap_err()
                .contains("2\"")
        );
        assert!(
            check_step(Order::Stand, &step((0.0, 0.0), (1.0, 0.0), true, 1.0, &e)).is_err(),
            "no running"
        );
    }

    #[test]
    fn advance_halts_five_inches_from_enemies() {
        let e = [(Vec2::new(10.0, 0.0), 0.5)];
        // Ends with 10 − 4 − 1 = 5" between bases: allowed.
        assert!(
            check_step(
                Order::Advance,
                &step((0.0, 0.0), (4.0, 0.0), false, 4.0, &e)
            )
            .is_ok()
        );
        let err = check_step(
            Order::Advance,
            &step((0.0, 0.0), (5.0, 0.0), false, 5.0, &e),
        )
        .unwrap_err();
        assert!(err.contains("halt at 5"), "{err}");
        assert!(
            check_step(
                Order::Advance,
                &step((0.0, 0.0), (-3.0, 0.0), false, 3.0, &e)
            )
            .is_err(),
            "must go towards"
        );
    }

    #[test]
    fn attack_and_rout_must_run() {
        let e = [(Vec2::new(10.0, 0.0), 0.5)];
        assert!(check_step(Order::Attack, &step((0.0, 0.0), (4.0, 0.0), false, 4.0, &e)).is_err());
        assert!(check_step(Order::Attack, &step((0.0, 0.0), (8.0, 0.0), true, 8.0, &e)).is_ok());
        assert!(
            check_step(Order::Attack, &step((0.0, 0.0), (-4.0, 0.0), true, 4.0, &e)).is_err(),
            "towards"
        );
        assert!(check_step(Order::Rout, &step((0.0, 0.0), (-6.0, 0.0), true, 6.0, &e)).is_ok());
        assert!(
            check_step(Order::Rout, &step((0.0, 0.0), (6.0, 6.0), true, 8.5, &e)).is_err(),
            "ends nearer the enemy"
        );
    }

    #[test]
    fn retreat_never_ends_nearer_an_enemy() {
        let e = [(Vec2::new(10.0, 0.0), 0.5), (Vec2::new(-10.0, 0.0), 0.5)];
        assert!(
            check_step(
                Order::Retreat,
                &step((0.0, 0.0), (3.0, 0.0), false, 3.0, &e)
            )
            .is_err()
        );
        assert!(
            check_step(
                Order::Retreat,
                &step((0.0, 0.0), (0.0, 3.0), false, 3.0, &e)
            )
            .is_ok()
        );
    }

    #[test]
    fn half_speed_minimum() {
        assert!(check_minimum_move(Order::Move, 5.0, 2.5, false).is_ok());
        assert!(
            check_minimum_move(Order::Move, 5.0, 2.0, false)
                .unwrap_err()
                .contains("half speed")
        );
        assert!(check_minimum_move(Order::Move, 5.0, 0.0, true).is_ok());
        assert!(check_minimum_move(Order::Stand, 5.0, 0.0, false).is_ok());
    }

    #[test]
    fn command_ranges_and_initiative() {
        assert_eq!(command_range(false), 6.0);
        assert_eq!(command_range(true), 12.0);
        assert_eq!(group_initiative(&[(1, false), (3, false), (1, false)]), 3.0);
        assert_eq!(group_initiative(&[(1, false), (3, true)]), 1.5);
    }

    /// Issue 61: the card showed a figure's 5" under a Stand order, which allows 2".
    #[test]
    fn the_whole_allowance_follows_the_order() {
        assert_eq!(allowance_whole(5.0, None, Some(Order::Stand), 1.0), 2.0);
        assert_eq!(allowance_whole(5.0, None, Some(Order::Stand), 1.5), 2.0);
        assert_eq!(allowance_whole(5.0, None, Some(Order::Move), 1.0), 5.0);
        assert_eq!(allowance_whole(5.0, Some(3), None, 1.0), 8.0);
        assert_eq!(allowance_whole(4.0, None, Some(Order::Attack), 1.5), 6.0);
    }

    #[test]
    fn allowance_left_follows_the_order() {
        // Stand: "May only move up to 2″", and no run.
        assert_eq!(
            allowance_left(4.0, None, 0.5, Order::Stand, 1.0),
            (1.5, None)
        );
        // Move: the walk less what was moved; a run could still add the D4's 4".
        assert_eq!(
            allowance_left(4.0, None, 1.0, Order::Move, 1.0),
            (3.0, Some(4.0))
        );
        // Once running, the roll is in the allowance and no second run.
        assert_eq!(
            allowance_left(4.0, Some(3), 1.0, Order::Move, 1.0),
            (6.0, None)
        );
    }
}
