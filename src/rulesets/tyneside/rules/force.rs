//! Jedi powers: tyneside-skirmish.txt, Jedi powers (section 8). "these prevent shooting by the
//! user unless Jedi or better -- each action costs 1 Force point, which is immediately removed
//! from the characters' total. Any force user may use The Force to perform one action an
//! activation (Sith, and Jedi Masters may use 2 an activation)". Rulings in
//! docs/rules/tyneside.md.

use serde::{Deserialize, Serialize};

/// A Force action Holotable plays so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ForcePower {
    /// "Enhance: Double any movement up or down, +50% on the level." (Movement)
    Enhance,
    /// "Wound suppression: Force user may ignore a wound this turn, all values return to
    /// normal. Throw a D6 each turn this is done and score a 6 to make the heal permanent."
    WoundSuppression,
    /// "Force lightning: (Dark Side users only) May attack a figure within 24" Force lightning
    /// attacks victims – immobilising them, on a 4th continuous turn, it kills the victim."
    /// (Shoot/Act)
    Lightning {
        /// The victim's figure id.
        target: String,
    },
}

/// Each Force action costs this many Force points.
pub const COST: u32 = 1;
/// Enhance on the level: movement half as long again.
pub const ENHANCE: f32 = 1.5;
/// Force lightning's reach, inches.
pub const LIGHTNING_RANGE: f32 = 24.0;
/// Force lightning kills on this many continuous turns.
pub const LIGHTNING_KILLS_ON: u8 = 4;
/// The Force points of the text's Jedi (12) and Jedi Master (13): named characters are placed
/// on the generic table by their own Force points.
const JEDI: u32 = 12;
const JEDI_MASTER: u32 = 13;

/// Force actions an activation for a user whose profile has `force_points`: "Any force user
/// may use The Force to perform one action an activation (Sith, and Jedi Masters may use 2 an
/// activation)". Ruling: 13 or more (Jedi Master 13, Sith 14, Sith Lord 15) is two.
pub fn actions_per_activation(force_points: u32) -> u8 {
    if force_points >= JEDI_MASTER { 2 } else { 1 }
}

/// Whether a user may still shoot in an activation it used the Force in ("these prevent
/// shooting by the user unless Jedi or better"): 12 or more Force points.
pub fn jedi_or_better(force_points: u32) -> bool {
    force_points >= JEDI
}

/// Whether a wound suppressed with a die of `die` heals for good ("score a 6").
pub fn suppression_heals(die: i32) -> bool {
    die == 6
}

/// Lightning's run on a victim after a strike in `turn` by the user `user`: the continuing
/// count if the same user struck it last turn, else 1.
pub fn lightning_run(previous: Option<(usize, u8, u32)>, user: usize, turn: u32) -> u8 {
    match previous {
        Some((by, n, last)) if by == user && last + 1 == turn => n.saturating_add(1),
        Some((by, n, last)) if by == user && last == turn => n,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masters_act_twice_and_jedi_may_still_shoot() {
        assert_eq!(actions_per_activation(15), 2, "Sith Lord");
        assert_eq!(actions_per_activation(13), 2, "Jedi Master");
        assert_eq!(actions_per_activation(12), 1, "Jedi");
        assert!(jedi_or_better(12) && !jedi_or_better(10));
    }

    #[test]
    fn lightning_kills_on_the_fourth_continuous_turn() {
        let mut run = None;
        for turn in 1..=4 {
            let n = lightning_run(run, 7, turn);
            run = Some((7, n, turn));
        }
        assert_eq!(run.map(|r| r.1), Some(LIGHTNING_KILLS_ON));
        // A turn missed starts again; another user starts again.
        assert_eq!(lightning_run(Some((7, 3, 2)), 7, 4), 1);
        assert_eq!(lightning_run(Some((7, 3, 3)), 8, 4), 1);
        assert!(suppression_heals(6) && !suppression_heals(5));
    }
}
