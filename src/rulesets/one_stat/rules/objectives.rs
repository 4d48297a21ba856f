//! The scenarios' counters: the Trigger Device's stack, the Bombing Run's bomb, King of the
//! Hill's holder and the solitaire opponent's choice (one-stat-skirmish.txt, "Szenarios",
//! "Action Szenarios", "Turn Order").

use serde::{Deserialize, Serialize};

/// The Trigger Device: "Place a stack of 3 tokens ... One player's fighters can manipulate the
/// device by removing tokens, the other player manipulates the device by adding tokens ... If
/// either 0 or 6 tokens have been reached, the device works in favour of the player having
/// reached "his" goal."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Device {
    /// Tokens on the stack, 0 to 6.
    pub tokens: u8,
}

impl Default for Device {
    fn default() -> Self {
        Device { tokens: 3 }
    }
}

impl Device {
    /// A successful manipulation: a token added (`adding`) or removed. Returns the goal reached,
    /// `Some(true)` for the adding player's 6, `Some(false)` for the removing player's 0.
    pub fn manipulate(&mut self, adding: bool) -> Option<bool> {
        if self.done().is_some() {
            return self.done();
        }
        self.tokens = if adding {
            self.tokens + 1
        } else {
            self.tokens - 1
        };
        self.done()
    }

    /// The goal reached, if any.
    pub fn done(self) -> Option<bool> {
        match self.tokens {
            0 => Some(false),
            6.. => Some(true),
            _ => None,
        }
    }
}

/// The Bombing Run's bomb: "Place a D8 in the centre of the battlefield, showing the 8 face
/// ... If the bomb is picked up, reduce ist face at the end of a turn by 1. Whenever the bomb's
/// face drops below 1, the bomb detonates."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bomb {
    /// The face it shows.
    pub face: u8,
    /// Whether it has been picked up (it counts down from then on, carried or dropped).
    pub armed: bool,
}

impl Default for Bomb {
    fn default() -> Self {
        Bomb {
            face: 8,
            armed: false,
        }
    }
}

impl Bomb {
    /// The end of a turn: an armed bomb counts down; `true` when it detonates ("A detonating
    /// bomb kills the carrier and all other fighters within 2″").
    pub fn end_of_turn(&mut self) -> bool {
        if !self.armed {
            return false;
        }
        if self.face <= 1 {
            self.face = 0;
            return true;
        }
        self.face -= 1;
        false
    }
}

/// What a solitaire opponent does on its activation, by the text's tree ("Is an opponent able
/// to attack? … Yes: Is the opponent in cover? … Yes: Stay in position, attack closest
/// fighter! … No: Move to nearest cover, attack closest fighter! -> No: Is a player controlled
/// fighter within line of sight? … Yes: Move towards fighter, stay as good in cover as
/// possible. … No: Move randomly").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Behaviour {
    /// Stay in position, attack the closest fighter.
    AttackFromCover,
    /// Move to the nearest cover, attack the closest fighter.
    CoverThenAttack,
    /// Move towards the fighter in sight, keeping as much in cover as possible.
    Advance,
    /// Throw a d8 and move its stat that way.
    Wander,
}

/// The branch of the tree an opponent takes: `can_attack` whether it can attack a fighter
/// now (in base contact with a melee weapon, or in range and sight with a shooter),
/// `in_cover` whether it stands in cover, `sees` whether a fighter of the player's is in its
/// line of sight.
pub fn behaviour(can_attack: bool, in_cover: bool, sees: bool) -> Behaviour {
    match (can_attack, in_cover, sees) {
        (true, true, _) => Behaviour::AttackFromCover,
        (true, false, _) => Behaviour::CoverThenAttack,
        (false, _, true) => Behaviour::Advance,
        (false, _, false) => Behaviour::Wander,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_device_goes_from_3_to_0_or_6() {
        let mut d = Device::default();
        assert_eq!(d.manipulate(true), None);
        assert_eq!(d.manipulate(true), None);
        assert_eq!(d.manipulate(true), Some(true));
        let mut d = Device::default();
        for _ in 0..2 {
            assert_eq!(d.manipulate(false), None);
        }
        assert_eq!(d.manipulate(false), Some(false));
        // Once reached, it stays.
        assert_eq!(d.manipulate(true), Some(false));
    }

    #[test]
    fn the_bomb_counts_down_from_8_once_picked_up() {
        let mut b = Bomb::default();
        assert!(!b.end_of_turn());
        assert_eq!(b.face, 8, "not picked up: no countdown");
        b.armed = true;
        let ticks: Vec<bool> = (0..8).map(|_| b.end_of_turn()).collect();
        assert_eq!(
            ticks,
            [false, false, false, false, false, false, false, true]
        );
    }

    #[test]
    fn the_opponents_tree() {
        assert_eq!(behaviour(true, true, true), Behaviour::AttackFromCover);
        assert_eq!(behaviour(true, false, true), Behaviour::CoverThenAttack);
        assert_eq!(behaviour(false, true, true), Behaviour::Advance);
        assert_eq!(behaviour(false, false, false), Behaviour::Wander);
    }
}
