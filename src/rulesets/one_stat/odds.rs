//! The odds of an attack as the table shows them on hover: the chance of a hit and of a
//! wound, found by playing the attack through the very rules on copies of the game (so every
//! clause counts: cover, crowds, Tanks, Warriors, Berserkers, two-handed weapons), never
//! touching the game's dice. Worked out exactly, every face of every die the attack throws
//! in turn, where the attack throws few enough dice; sampled where it throws more (a
//! play-test saw 64% shown for the exact 5/8 when every figure was sampled).

use super::skirmish::{Command, OnTable, Skirmish};
use crate::rules::dice::Dice;

/// The chance of a hit and of a wound, 0 to 1.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Odds {
    /// The attack hits the target (at least once).
    pub hit: f32,
    /// The target takes a wound that counts: lies down, is removed, or the Bounty's die drops.
    pub wound: f32,
    /// The target is a Boss whose wound is ignored: he spends "the 1st wound he receives per
    /// turn" and stands (counted apart from `wound`, or a Boss looks easier to hurt than he is).
    pub ignored: f32,
}

/// The most outcomes (every face of every die thrown) worked out one by one; an attack with
/// more is sampled.
const EXACT: usize = 20_000;

/// Tries when sampled: within about a point of the true figure.
const TRIES: u64 = 4000;

/// The odds of `attack` (a `Melee` or `Shoot` command) on `target` in `s`; `None` where the
/// rules refuse it.
pub fn odds(s: &Skirmish, attack: &Command, target: usize) -> Option<Odds> {
    let player = s.to_act()?;
    let before = s.fighters.get(target)?;
    match exact(s, player, attack, (target, before)) {
        Ok(odds) => odds,
        Err(TooMany) => sampled(s, player, attack, (target, before)),
    }
}

/// An attack throws too many dice to work out one by one.
struct TooMany;

/// What one play of the attack did to the target: (hit, wound, ignored wound).
fn outcome(t: &Skirmish, target: usize, before: &OnTable) -> (bool, bool, bool) {
    let after = &t.fighters[target];
    // The Bounty's wound drops his die rather than laying him down.
    let wound = after.standing != before.standing || after.die != before.die;
    let ignored = !wound && after.wound_ignored && !before.wound_ignored;
    let hit = wound || ignored || t.events.iter().any(|e| e.ends_with(": a hit"));
    (hit, wound, ignored)
}

/// Every way the attack's dice can fall, each with its chance: the attack is played with the
/// faces chosen so far; where it wants another die, each of that die's faces is tried.
fn exact(
    s: &Skirmish,
    player: usize,
    attack: &Command,
    (target, before): (usize, &OnTable),
) -> Result<Option<Odds>, TooMany> {
    let mut ways: Vec<(Vec<u8>, f64)> = vec![(Vec::new(), 1.0)];
    let (mut tried, mut odds) = (0, [0.0f64; 3]);
    while let Some((faces, chance)) = ways.pop() {
        tried += 1;
        if tried > EXACT {
            return Err(TooMany);
        }
        let mut t = s.clone();
        t.events.clear();
        let mut dice = Dice::forced(faces.iter().copied()).unlogged();
        if t.apply(player, attack, &mut dice).is_ok() {
            let (hit, wound, ignored) = outcome(&t, target, before);
            for (sum, happened) in odds.iter_mut().zip([hit, wound, ignored]) {
                *sum += if happened { chance } else { 0.0 };
            }
            continue;
        }
        // Refused for want of a die: each of its faces in turn. Refused otherwise: no odds.
        let Some((expr, _)) = dice.wanted() else {
            return Ok(None);
        };
        let sides = expr.sides;
        for face in 1..=sides {
            let mut more = faces.clone();
            more.push(face);
            ways.push((more, chance / f64::from(sides)));
        }
    }
    Ok(Some(Odds {
        hit: odds[0] as f32,
        wound: odds[1] as f32,
        ignored: odds[2] as f32,
    }))
}

/// The odds sampled: the attack played [`TRIES`] times with dice of its own.
fn sampled(
    s: &Skirmish,
    player: usize,
    attack: &Command,
    (target, before): (usize, &OnTable),
) -> Option<Odds> {
    let mut counts = [0u32; 3];
    for k in 0..TRIES {
        let mut t = s.clone();
        t.events.clear();
        t.apply(
            player,
            attack,
            &mut Dice::seeded(k.wrapping_mul(0x9e37_79b9_7f4a_7c15)).unlogged(),
        )
        .ok()?;
        let (hit, wound, ignored) = outcome(&t, target, before);
        for (n, happened) in counts.iter_mut().zip([hit, wound, ignored]) {
            *n += u32::from(happened);
        }
    }
    let share = |n: u32| n as f32 / TRIES as f32;
    Some(Odds {
        hit: share(counts[0]),
        wound: share(counts[1]),
        ignored: share(counts[2]),
    })
}

#[cfg(test)]
mod tests {
    use super::super::skirmish::tests::game;
    use super::*;
    use bevy::math::Vec2;

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
        // Exactly, not within sampling's point.
        assert!(
            (o.hit - 0.625).abs() < 1e-6 && (o.wound - 0.3125).abs() < 1e-6,
            "{o:?}"
        );
        assert_eq!(o.ignored, 0.0);
        assert!(
            odds(&s, &Command::Melee { target: 3 }, 3).is_none(),
            "the Boss is not in base contact: no odds"
        );
        // Brought into base contact, the Boss ignores the first wound of the turn: the attack
        // can spend it but cannot wound him; once spent, a wound counts.
        s.fighters[3].at = Vec2::new(10.0, 9.0);
        let fresh = odds(&s, &Command::Melee { target: 3 }, 3).expect("allowed");
        assert_eq!(fresh.wound, 0.0, "{fresh:?}");
        assert!(
            fresh.ignored > 0.0 && fresh.hit >= fresh.ignored,
            "{fresh:?}"
        );
        s.fighters[3].wound_ignored = true;
        let spent = odds(&s, &Command::Melee { target: 3 }, 3).expect("allowed");
        assert_eq!(spent.ignored, 0.0, "{spent:?}");
        assert!(
            (spent.wound - fresh.ignored).abs() < 1e-6,
            "{spent:?} v {fresh:?}"
        );
    }
}
