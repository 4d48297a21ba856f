//! Shooting and close combat arithmetic: the attack die after every step, the resistance to
//! beat, whether the rolls destroy, and who a close combat eliminates.

use super::die::AttackDie;
use super::roster::{Kind, Weapon};

/// The face each roll must reach: Shooting, "The attacking system is based on the number 4. An
/// attacker must have 4 or greater to destroy the target". The text's "If one roll is lower
/// than 3" is ruled a slip for 4 (docs/rules/battlefield.md, "4 or 3").
pub const NEEDED: i32 = 4;

/// Steps applied to an attack die, netted before the ladder clamps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DieSteps {
    /// Moving and shooting: "its attack dice is reduced by 1 and all positive modifiers are
    /// dropped".
    pub moved: bool,
    /// Range: "All units that fire for more than half of its range capacity has its attack
    /// dice reduced by one."
    pub long_range: bool,
    /// Leaders: "a increment bonus of 1 dice" (ruled a die step).
    pub leader: bool,
    /// Jedis: "can increase an attack dice by one for every force point spent".
    pub force: u32,
}

/// `base` after `steps` (net steps, then the ladder's ends). Moving and shooting: "its attack
/// dice is reduced by 1 and all positive modifiers are dropped": after moving, the die's own
/// "+" goes and neither a leader's bonus nor Force points step it up.
pub fn stepped(base: AttackDie, steps: DieSteps) -> AttackDie {
    let up = if steps.moved {
        0
    } else {
        steps.force as i32 + i32::from(steps.leader)
    };
    let net = up - i32::from(steps.moved) - i32::from(steps.long_range);
    let d = base.step(net);
    if steps.moved { d.without_bonus() } else { d }
}

/// Whether `distance` hexes is more than half of `range` (exact halves, so no rounding: ruling
/// `Half ranges`).
pub fn beyond_half_range(distance: u32, range: u32) -> bool {
    distance * 2 > range
}

/// The movement a unit that moves and fires may spend: Moving and shooting, "The unit cannot
/// move more than half its movement rate (fractions rounded up)" (7 → 4).
pub fn moving_fire_allowance(movement: u32) -> u32 {
    movement.div_ceil(2)
}

/// Whether every roll reaches [`NEEDED`]: Shooting, "If a unit's resistance is 3, then the
/// attacker must roll his attack dice 3 times and have at least 4 on each roll to destroy the
/// target".
pub fn destroys(rolls: &[i32]) -> bool {
    rolls.iter().all(|r| *r >= NEEDED)
}

/// The chance that `die` thrown `resistance` times destroys, 0.0..=1.0.
pub fn destroy_chance(die: AttackDie, resistance: u32) -> f64 {
    die.chance_at_least(NEEDED).powi(resistance as i32)
}

/// Who a close combat eliminates: Movement into close combat, "The highest dice wins and
/// stays in the game but the lowest is eliminated and removed. If there is a tie, both units
/// are eliminated."
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CloseCombat {
    /// The attacker rolled higher: the defender is eliminated.
    AttackerWins,
    /// The defender rolled higher: the attacker is eliminated.
    DefenderWins,
    /// A tie: both are eliminated.
    BothEliminated,
}

/// The close combat result of the attacker's and defender's totals.
pub fn close_combat(attacker: i32, defender: i32) -> CloseCombat {
    match attacker.cmp(&defender) {
        std::cmp::Ordering::Greater => CloseCombat::AttackerWins,
        std::cmp::Ordering::Less => CloseCombat::DefenderWins,
        std::cmp::Ordering::Equal => CloseCombat::BothEliminated,
    }
}

/// Special weapon `w`'s die against a target of `kind` (Support weapons, "Special weapons
/// carried by infantry"; a building is attacked as a vehicle). After moving, one step down and
/// without its bonus (Moving and shooting); beyond half the weapon's range with the range rule
/// on (`long_range`), one step down (Range: "All units that fire for more than half of its
/// range capacity has its attack dice reduced by one"). "A leader does not affect the
/// performance of the special weapon", so no bonus steps it.
pub fn weapon_die(w: &Weapon, kind: Kind, moved: bool, long_range: bool) -> AttackDie {
    let die = if kind.is_vehicle() {
        w.vs_vehicle
    } else {
        w.vs_squad
    };
    stepped(
        die,
        DieSteps {
            moved,
            long_range,
            ..Default::default()
        },
    )
}

/// The chances of a close combat, each 0.0..=1.0: the attacker throws `attacker`, the
/// defenders `defenders` added together; higher wins, a tie eliminates both (see
/// [`close_combat`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CloseCombatOdds {
    /// The defender is eliminated.
    pub win: f64,
    /// Both are eliminated.
    pub tie: f64,
    /// The attacker is eliminated.
    pub lose: f64,
}

/// The exact odds of a close combat of `attackers` (summed: a unit and the Jedi stacked with
/// it) against `defenders` (summed), by counting every throw.
pub fn close_combat_odds(attackers: &[AttackDie], defenders: &[AttackDie]) -> CloseCombatOdds {
    let defence = totals(defenders);
    let mut odds = CloseCombatOdds {
        win: 0.0,
        tie: 0.0,
        lose: 0.0,
    };
    for (a, p) in totals(attackers) {
        for (t, q) in &defence {
            match close_combat(a, *t) {
                CloseCombat::AttackerWins => odds.win += p * q,
                CloseCombat::BothEliminated => odds.tie += p * q,
                CloseCombat::DefenderWins => odds.lose += p * q,
            }
        }
    }
    odds
}

/// Every total `dice` thrown together can make, with its chance: (total, chance) pairs built
/// one die at a time.
fn totals(dice: &[AttackDie]) -> Vec<(i32, f64)> {
    let mut totals: Vec<(i32, f64)> = vec![(0, 1.0)];
    for d in dice {
        let mut next: Vec<(i32, f64)> = Vec::new();
        for (t, p) in &totals {
            for f in 1..=d.sides as i32 {
                let v = t + f + d.plus as i32;
                let q = p / d.sides as f64;
                match next.iter_mut().find(|(w, _)| *w == v) {
                    Some(e) => e.1 += q,
                    None => next.push((v, q)),
                }
            }
        }
        totals = next;
    }
    totals
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_at_sts_4_4_8_destroy_the_mon_calamari_and_one_roll_under_4_fails() {
        // Shooting: "The Imperial player rolls a d8 3 times and scores 4,4 and 8. Inspite of
        // it's good resistance, the Calamari unit is destroyed."
        assert!(destroys(&[4, 4, 8]));
        assert!(!destroys(&[4, 3, 8]));
    }

    #[test]
    fn steps_net_before_the_ladder_clamps() {
        let caak = AttackDie::parse("1d8+1").unwrap();
        let moved = DieSteps {
            moved: true,
            ..Default::default()
        };
        assert_eq!(stepped(caak, moved).to_string(), "1d6");
        let d4 = AttackDie::d(4);
        let s = DieSteps {
            long_range: true,
            leader: true,
            ..Default::default()
        };
        assert_eq!(stepped(d4, s), d4, "down then up nets to nothing");
        // Moving and shooting: "all positive modifiers are dropped", a leader's and the Force's.
        let boosted = DieSteps {
            moved: true,
            leader: true,
            force: 2,
            ..Default::default()
        };
        assert_eq!(stepped(caak, boosted).to_string(), "1d6");
        assert_eq!(
            moving_fire_allowance(7),
            4,
            "the Rapid Caak's movement reduced to 4"
        );
        assert!(beyond_half_range(3, 4) && !beyond_half_range(2, 4) && beyond_half_range(3, 5));
        assert_eq!(close_combat(4, 5), CloseCombat::DefenderWins);
        assert_eq!(close_combat(5, 5), CloseCombat::BothEliminated);
    }

    #[test]
    fn a_special_weapon_uses_its_vehicle_die_on_vehicles_and_steps_down_after_moving() {
        let d = |t: &str| AttackDie::parse(t).unwrap_or_else(|e| panic!("{e}"));
        let rocket = Weapon {
            name: "Rocket Launcher".into(),
            vs_squad: d("1d6"),
            vs_vehicle: d("1d12+1"),
            range: 5,
            abilities: vec![],
            carried_by: vec![],
        };
        assert_eq!(weapon_die(&rocket, Kind::Squad, false, false), d("1d6"));
        assert_eq!(weapon_die(&rocket, Kind::Walker, false, false), d("1d12+1"));
        assert_eq!(weapon_die(&rocket, Kind::Vehicle, true, false), d("1d10"));
        // Range: beyond half its 5 hexes, a step down, as for any unit.
        assert_eq!(weapon_die(&rocket, Kind::Vehicle, false, true), d("1d10+1"));
    }

    #[test]
    fn close_combat_odds_count_every_throw() {
        // d4 against d4: ties 4 in 16, wins and losses 6 in 16 each.
        let o = close_combat_odds(&[AttackDie::d(4)], &[AttackDie::d(4)]);
        assert!((o.tie - 0.25).abs() < 1e-9 && (o.win - 0.375).abs() < 1e-9);
        assert!((o.win - o.lose).abs() < 1e-9);
        // 1d4+4 always beats a lone d4. Against d4 + d4 (2..8) its 5..8 loses in 6+3+1 of
        // 64 throws and ties in 4+3+2+1.
        let strong = AttackDie::parse("1d4+4").unwrap();
        assert!((close_combat_odds(&[strong], &[AttackDie::d(4)]).win - 1.0).abs() < 1e-9);
        let two = close_combat_odds(&[strong], &[AttackDie::d(4), AttackDie::d(4)]);
        assert!((two.win + two.tie + two.lose - 1.0).abs() < 1e-9);
        assert!((two.lose - 10.0 / 64.0).abs() < 1e-9 && (two.tie - 10.0 / 64.0).abs() < 1e-9);
    }
}
