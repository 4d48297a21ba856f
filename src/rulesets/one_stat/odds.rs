//! The odds of an attack as the table shows them on hover: the chance of a hit and of a
//! wound, found by playing the attack through the very rules many times on copies of the
//! game, with dice of their own (so every clause counts: cover, crowds, Tanks, Warriors,
//! Berserkers, two-handed weapons), never touching the game's dice.

use super::skirmish::{Command, Skirmish};
use crate::rules::dice::Dice;

/// The chance of a hit and of a wound, 0 to 1.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Odds {
    /// The attack hits the target (at least once).
    pub hit: f32,
    /// The target takes a wound (lies down, is removed, the Bounty's die drops, or a Boss
    /// spends the wound he ignores this turn).
    pub wound: f32,
}

/// Tries per estimate: within about a point of the true figure.
const TRIES: u64 = 4000;

/// The odds of `attack` (a `Melee` or `Shoot` command) on `target` in `s`; `None` where the
/// rules refuse it.
pub fn odds(s: &Skirmish, attack: &Command, target: usize) -> Option<Odds> {
    let player = s.to_act()?;
    let before = s.fighters.get(target)?.clone();
    let (mut hits, mut wounds) = (0u32, 0u32);
    for k in 0..TRIES {
        let mut t = s.clone();
        t.events.clear();
        t.apply(
            player,
            attack,
            &mut Dice::seeded(k.wrapping_mul(0x9e37_79b9_7f4a_7c15)).unlogged(),
        )
        .ok()?;
        let after = &t.fighters[target];
        // The Bounty's wound drops his die rather than laying him down.
        let hurt = after.standing != before.standing
            || after.die != before.die
            || (after.wound_ignored && !before.wound_ignored);
        wounds += u32::from(hurt);
        hits += u32::from(hurt || t.events.iter().any(|e| e.ends_with(": a hit")));
    }
    Some(Odds {
        hit: hits as f32 / TRIES as f32,
        wound: wounds as f32 / TRIES as f32,
    })
}

#[cfg(test)]
mod tests {
    use super::super::skirmish::tests::game;
    use super::*;

    #[test]
    fn the_odds_of_a_melee_attack_are_the_texts_arithmetic() {
        // Kara (d8, stat 5) on Thug (d6, stat 3), in base contact: a hit on 1-5 of 8, a wound
        // when Thug then rolls 1-3 of 6 (over 3 defends): 5/8 and 5/16.
        let (mut s, mut dice) = game(vec![]);
        s.apply(
            0,
            &Command::ChoosePlace {
                player: 0,
                place: 0,
            },
            &mut dice,
        )
        .unwrap();
        s.apply(0, &Command::Activate { fighter: 0 }, &mut dice)
            .unwrap();
        let o = odds(&s, &Command::Melee { target: 2 }, 2).expect("allowed");
        assert!(
            (o.hit - 0.625).abs() < 0.02 && (o.wound - 0.3125).abs() < 0.02,
            "{o:?}"
        );
        assert!(
            odds(&s, &Command::Melee { target: 3 }, 3).is_none(),
            "the Boss is not in base contact: no odds"
        );
    }
}
