//! A commander's command dice, spent on the round's command actions: d6-mass-combat.txt,
//! Mass Combat Tactics (Command Skill, Coordinating Attacks, Subordinate Bonus).

use serde::{Deserialize, Serialize};

use super::code::Code;

/// What a commander does with the command skill this round, each use costing 1D of it
/// (docs/rules/mass_combat.md, "Command actions": every use is one "skill use", and the text
/// prices the ones it prices at 1D).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CommandPlan {
    /// Subordinates commanded: "Each subordinate is considered to be successfully
    /// 'commanded' as long as the commander has 1D of command dice to allocate toward him."
    pub commanded: u32,
    /// Bonus actions, a pip each: "For every bonus action used by the commander, the chosen
    /// subordinate receives one additional pop to his roll."
    pub bonuses: u32,
    /// Units added to coordinated attacks: "only one additional unit can be added to the
    /// coordination per action".
    pub coordinations: u32,
    /// Haste orders beyond the force's basic haste: "Each haste order (beyond the basic haste
    /// of the force) costs 1D from the" "commander's command skill." (the sentence's end stands
    /// a page earlier in the copy).
    pub haste_orders: u32,
    /// Haste orders made free by anticipating the enemy: "his army receives no penalty for
    /// using the haste" (one per successful Moderate tactics roll).
    pub free_haste: u32,
}

impl CommandPlan {
    /// The dice the plan costs: 1D for each use, the free haste excepted.
    pub fn cost(&self) -> Code {
        let uses = self.commanded
            + self.bonuses
            + self.coordinations
            + self.haste_orders.saturating_sub(self.free_haste);
        Code::d(uses as i32)
    }

    /// The command left to commander of skill `command` after the plan: "the additional two
    /// haste orders given by the commander reduce his command by 2D".
    ///
    /// Errors: the plan costs more than the skill: "A commander may not reduce his command
    /// skill below zero through multiple skill use though. When a character's command skill
    /// reaches zero, no further skill use of any type is possible." A use needs a whole die
    /// left, so a commander of 2D+2 has two uses.
    pub fn left(&self, command: Code) -> Result<Code, String> {
        let left = command - self.cost();
        if left.0 < 0 {
            return Err(format!(
                "the plan needs {} of command and the commander has {command}: a commander \
                 may not reduce his command skill below zero (Subordinate Bonus)",
                self.cost()
            ));
        }
        Ok(left)
    }
}

/// The penalty on every action of a subordinate officer the commander did not command:
/// "Failure to command a character results in a minus 1D penalty to all the actions taken by
/// that officer as he is no longer in coordination with the rest of the force."
pub const UNCOMMANDED: Code = Code::d(-1);

/// The penalty on a unit's actions for acting at `haste` levels of haste (docs/rules/
/// mass_combat.md, "Haste": the text leaves "the normal die code reduction due to haste" to
/// the D6 rules; we take 1D a level, the D6 system's penalty for each extra action), less a
/// free haste won by anticipating the enemy.
pub fn haste_penalty(haste: u32, free: bool) -> Code {
    let paid = if free { haste.saturating_sub(1) } else { haste };
    Code::d(-(paid as i32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_extra_haste_orders_cost_the_commander_two_dice() {
        let plan = CommandPlan {
            haste_orders: 2,
            ..Default::default()
        };
        assert_eq!(plan.left(Code::new(3, 1)), Ok(Code::new(1, 1)));
        // Anticipating the enemy makes one of them free.
        let free = CommandPlan {
            free_haste: 1,
            ..plan.clone()
        };
        assert_eq!(free.left(Code::new(3, 1)), Ok(Code::new(2, 1)));
    }

    #[test]
    fn command_is_never_spent_below_zero() {
        let plan = CommandPlan {
            commanded: 2,
            bonuses: 1,
            ..Default::default()
        };
        assert_eq!(plan.left(Code::d(3)), Ok(Code::ZERO));
        let err = plan.left(Code::new(2, 2)).unwrap_err();
        assert!(err.contains("below zero"), "{err}");
        assert_eq!(haste_penalty(2, false), Code::d(-2));
        assert_eq!(haste_penalty(2, true), Code::d(-1));
        assert_eq!(haste_penalty(0, true), Code::ZERO);
    }
}
