//! Quality levels and what they set: initiative and activation dice, the extra activations
//! once the other side is done, leader bonuses, the quality drop after a leader's death and
//! space bombardment's miss chance.

use serde::{Deserialize, Serialize};

use crate::rules::dice::DiceExpr;

/// A side's quality level (Quality level of units explanation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Quality {
    /// "units with no combat experience or/and poor motivation".
    Green,
    /// "units with some quality combat experience".
    Veteran,
    /// "units that received special training or fought in many victorious campains".
    Elite,
}

impl Quality {
    /// The initiative die, the quality level chart's "Initiative Dice": Green 1d6, Veteran 1d8,
    /// Elite 1d10.
    pub fn initiative_die(self) -> DiceExpr {
        DiceExpr::d(match self {
            Quality::Green => 6,
            Quality::Veteran => 8,
            Quality::Elite => 10,
        })
    }

    /// The activation die thrown at the start of each impulse, the quality level chart's "# of
    /// units activated on each impulses": Green 1d4, Veteran 1d4+1, Elite 1d4+2.
    pub fn activation_die(self) -> DiceExpr {
        DiceExpr::d(4).plus(self.extra_activations() as i8)
    }

    /// Impulses: "the other player may still activate 1 or 2 units ... green=0 more units to
    /// play, veteran=1 more unit to play, elite=2 more units to play".
    pub fn extra_activations(self) -> u32 {
        match self {
            Quality::Green => 0,
            Quality::Veteran => 1,
            Quality::Elite => 2,
        }
    }

    /// Leaders: "Number of bonuses given each turn": Green 1, Veteran 2, Elite 3.
    pub fn leader_bonuses(self) -> u32 {
        self.extra_activations() + 1
    }

    /// Leaders: the d10 at the start of each turn after the leader died drops the quality on
    /// Green 1-3, Veteran 1-2, Elite 1 (the chart under "Level:"): the highest face that drops it.
    pub fn leader_loss_drop_on(self) -> i32 {
        match self {
            Quality::Green => 3,
            Quality::Veteran => 2,
            Quality::Elite => 1,
        }
    }

    /// Space bombardment: the d6 misses on Green 1-3, Veteran 1-2, Elite 1 (its chart's
    /// "Result to miss"): the highest face that misses.
    pub fn bombardment_miss_on(self) -> i32 {
        self.leader_loss_drop_on()
    }

    /// One level lower, or `None` below Green (Leaders: "the player simply loose
    /// automatically the game as the quality level cannot drop below Green").
    pub fn dropped(self) -> Option<Quality> {
        match self {
            Quality::Green => None,
            Quality::Veteran => Some(Quality::Green),
            Quality::Elite => Some(Quality::Veteran),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_charts_dice() {
        assert_eq!(Quality::Elite.initiative_die().to_string(), "D10");
        assert_eq!(Quality::Elite.activation_die().to_string(), "D4+2");
        assert_eq!(Quality::Green.activation_die().to_string(), "D4");
        assert_eq!(Quality::Veteran.leader_bonuses(), 2);
        assert_eq!(Quality::Veteran.dropped(), Some(Quality::Green));
        assert_eq!(Quality::Green.dropped(), None);
    }
}
