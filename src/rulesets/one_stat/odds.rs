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
    /// The target takes a wound (lies down, is removed, or a Boss spends the wound he
    /// ignores this turn).
    pub wound: f32,
}

/// Tries per estimate: within about 2 points of the true figure.
const TRIES: u64 = 600;

/// The odds of `attack` (a `Melee` or `Shoot` command) on `target` in `s`; `None` where the
/// rules refuse it.
pub fn odds(s: &Skirmish, attack: &Command, target: usize) -> Option<Odds> {
    let player = s.to_act()?;
    let before = s.fighters.get(target)?.clone();
    let (mut hits, mut wounds) = (0u32, 0u32);
    for k in 0..TRIES {
        let mut t = s.clone();
        t.events.clear();
        t.apply(player, attack, &mut Dice::seeded(0x0dd5 ^ k).unlogged())
            .ok()?;
        let after = &t.fighters[target];
        let hurt =
            after.standing != before.standing || (after.wound_ignored && !before.wound_ignored);
        wounds += u32::from(hurt);
        hits += u32::from(hurt || t.events.iter().any(|e| e.ends_with(": a hit")));
    }
    Some(Odds {
        hit: hits as f32 / TRIES as f32,
        wound: wounds as f32 / TRIES as f32,
    })
}
