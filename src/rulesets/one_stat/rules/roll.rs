//! The one test of 1 Stat Skirmish and its variants: a fighter's die against its stat, one die
//! or two with the better or the worse kept, and the ranges of shooters
//! (one-stat-skirmish.txt, "Melee Attack", "Ranged Attack", "Recover", "Terrain": Cover).

use serde::{Deserialize, Serialize};

use super::fighter::Shooter;
use crate::rules::dice::{Dice, DiceError, DiceExpr};

/// How many dice a roll throws and which it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pick {
    /// One die.
    One,
    /// "roll 2 dice … and take the better roll".
    Better,
    /// "rolling 2 dice but taking the worse result".
    Worse,
}

impl Pick {
    /// Which face was kept, in words after it (` (the worse)`; nothing for one die): a walk
    /// read `[6, 8] kept 8: failed` and could not tell why the 8.
    pub fn kept_words(self) -> &'static str {
        match self {
            Pick::One => "",
            Pick::Better => " (the better)",
            Pick::Worse => " (the worse)",
        }
    }
}

/// Which faces pass a test against the stat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Test {
    /// "equal to or below the attacking fighter's stat, he scores a hit" (and every other
    /// roll "against stat", "below stat" or "stat or below": docs/rules/one_stat.md, "Below
    /// stat").
    AtMost,
    /// "If he rolls higher than his stat, he defended the hit."
    Above,
    /// "If the result is equal to or higher than his stat" (recover; an animal's melee hit).
    AtLeast,
    /// An animal defends: "roll under his stat to defend".
    Below,
}

impl Test {
    /// Whether `result` (the kept face with its modifiers) passes against `stat`.
    pub fn passes(self, result: i32, stat: u8) -> bool {
        let s = i32::from(stat);
        match self {
            Test::AtMost => result <= s,
            Test::Above => result > s,
            Test::AtLeast => result >= s,
            Test::Below => result < s,
        }
    }

    /// Of two faces, the one a player would keep as "the better": the low one where low
    /// passes, the high one where high passes.
    pub fn better(self, a: u8, b: u8) -> u8 {
        match self {
            Test::AtMost | Test::Below => a.min(b),
            Test::Above | Test::AtLeast => a.max(b),
        }
    }
}

/// A roll as thrown: its faces, the one kept, the result with the modifier, and whether it
/// passed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rolled {
    /// Faces thrown (one or two).
    pub faces: Vec<u8>,
    /// The face kept.
    pub kept: u8,
    /// Kept face plus the modifier.
    pub result: i32,
    /// Whether the result passed the test.
    pub passed: bool,
}

impl Rolled {
    /// The faces in words: `4`, or `2 and 6, kept 6` where two were thrown.
    pub fn shown(&self) -> String {
        match self.faces[..] {
            [a, b] => format!("{a} and {b}, kept {}", self.kept),
            _ => self.kept.to_string(),
        }
    }
}

/// Throws a `die`-sided die (two where `pick` says) against `stat` for `test`, adding
/// `modifier` to the face kept ("the player may reduce the result by 1": -1; "+1 on defense
/// rolls": +1).
///
/// Errors: the dice's ([`Dice::roll`]): no face left to force, or a face that is not on the
/// die.
pub fn roll(
    dice: &mut Dice,
    die: u8,
    stat: u8,
    test: Test,
    pick: Pick,
    modifier: i32,
    reason: &str,
) -> Result<Rolled, DiceError> {
    let n = if pick == Pick::One { 1 } else { 2 };
    let mut faces = Vec::with_capacity(n);
    for k in 0..n {
        let why = if n == 1 {
            reason.to_string()
        } else {
            format!("{reason} ({} of 2)", k + 1)
        };
        faces.push(dice.roll(DiceExpr::d(die), why)? as u8);
    }
    let kept = match pick {
        Pick::One => faces[0],
        Pick::Better => test.better(faces[0], faces[1]),
        // The worse of two is the one the better is not.
        Pick::Worse => {
            if test.better(faces[0], faces[1]) == faces[0] {
                faces[1]
            } else {
                faces[0]
            }
        }
    };
    let result = i32::from(kept) + modifier;
    let passed = test.passes(result, stat);
    let outcome = if passed { "passed" } else { "failed" };
    // The log notes the outcome on the last die thrown: with two, say which was kept.
    if n == 2 {
        dice.note_outcome(format!("kept {kept}{}: {outcome}", pick.kept_words()));
    } else {
        dice.note_outcome(outcome);
    }
    Ok(Rolled {
        faces,
        kept,
        result,
        passed,
    })
}

/// How far a Force User attacks, inches from base edge to base edge: "May attack any target
/// within 20″ and line of sight" (one-stat-skirmish.txt, Force User).
pub const FORCE_USER_REACH: f32 = 20.0;

/// How far a shot reaches, inches from base edge to base edge: "long range (up tp 15″ away)".
pub const LONG_RANGE: f32 = 15.0;

/// The range bands of a ranged attack: "short range (up to 5″), medium range (up tp 10″) or
/// long range (up tp 15″ away)".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Band {
    /// Up to 5".
    Short,
    /// Up to 10".
    Medium,
    /// Up to 15".
    Long,
}

impl Band {
    /// The band of a target `inches` away (base edge to base edge); none beyond 15".
    pub fn of(inches: f32) -> Option<Band> {
        if inches <= 5.0 {
            Some(Band::Short)
        } else if inches <= 10.0 {
            Some(Band::Medium)
        } else if inches <= LONG_RANGE {
            Some(Band::Long)
        } else {
            None
        }
    }

    /// The band in words.
    pub fn word(self) -> &'static str {
        match self {
            Band::Short => "short",
            Band::Medium => "medium",
            Band::Long => "long",
        }
    }
}

/// How a heavy shooter fires ("Heavy shooters either ... or ...").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HeavyMode {
    /// "deal 1 additional wound if the defender does not defend, but use 2 dice and take the
    /// worse result for all distances".
    ExtraWound,
    /// "attack everything within 2″ from the target separately but may fire at medium
    /// distance at most".
    Area,
}

/// The dice a shooter of `class` throws at `band` (the heavy one in `mode`); `None` where it
/// cannot reach. The area mode rolls as a normal shooter, the worse-of-two being the extra
/// wound's price (docs/rules/one_stat.md, "Heavy shooters").
pub fn shooter_pick(class: Shooter, band: Band, mode: HeavyMode) -> Option<Pick> {
    match (class, band) {
        // "Light shooters attack by rolling 1 die at short range and rolling 2 dice but taking
        // the worse result at medium range."
        (Shooter::Light, Band::Short) => Some(Pick::One),
        (Shooter::Light, Band::Medium) => Some(Pick::Worse),
        (Shooter::Light, Band::Long) => None,
        // "For normal shooters roll 2 dice at short range and take the better roll, 1 die at
        // medium range and 2 dice but take the worse roll at long range."
        (Shooter::Normal, Band::Short) => Some(Pick::Better),
        (Shooter::Normal, Band::Medium) => Some(Pick::One),
        (Shooter::Normal, Band::Long) => Some(Pick::Worse),
        (Shooter::Heavy, _) if mode == HeavyMode::ExtraWound => Some(Pick::Worse),
        (Shooter::Heavy, Band::Long) => None,
        (Shooter::Heavy, b) => shooter_pick(Shooter::Normal, b, mode),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_is_equal_to_or_below_the_stat_and_friends_reduce_the_result() {
        let mut dice = Dice::forced([5, 6, 6]);
        let r = roll(&mut dice, 8, 5, Test::AtMost, Pick::One, 0, "attack").unwrap();
        assert!(r.passed);
        let r = roll(&mut dice, 8, 5, Test::AtMost, Pick::One, 0, "attack").unwrap();
        assert!(!r.passed);
        // Two friends in base contact with the target: 6 - 2 = 4, a hit.
        let r = roll(&mut dice, 8, 5, Test::AtMost, Pick::One, -2, "attack").unwrap();
        assert_eq!((r.result, r.passed), (4, true));
    }

    #[test]
    fn a_defence_passes_above_the_stat_and_recovery_at_or_above() {
        let mut dice = Dice::forced([4, 5, 3, 4]);
        assert!(
            !roll(&mut dice, 6, 4, Test::Above, Pick::One, 0, "d")
                .unwrap()
                .passed
        );
        assert!(
            roll(&mut dice, 6, 4, Test::Above, Pick::One, 0, "d")
                .unwrap()
                .passed
        );
        // Recover: 3 + 1 friend in contact = 4 >= 4.
        assert!(
            roll(&mut dice, 6, 4, Test::AtLeast, Pick::One, 1, "r")
                .unwrap()
                .passed
        );
        assert!(
            roll(&mut dice, 6, 4, Test::AtLeast, Pick::One, 0, "r")
                .unwrap()
                .passed
        );
    }

    #[test]
    fn better_and_worse_follow_the_test() {
        // Attacking (low passes): the better of 2 and 7 is 2, the worse 7.
        let mut dice = Dice::forced([2, 7, 2, 7]);
        assert_eq!(
            roll(&mut dice, 8, 4, Test::AtMost, Pick::Better, 0, "a")
                .unwrap()
                .kept,
            2
        );
        assert_eq!(
            roll(&mut dice, 8, 4, Test::AtMost, Pick::Worse, 0, "a")
                .unwrap()
                .kept,
            7
        );
        // Defending in cover (high passes): the better of 2 and 7 is 7.
        let mut dice = Dice::forced([2, 7]);
        let r = roll(&mut dice, 8, 4, Test::Above, Pick::Better, 0, "cover").unwrap();
        assert_eq!((r.kept, r.passed, r.faces.len()), (7, true, 2));
        // An animal defends under its stat: the better is the lower.
        let mut dice = Dice::forced([2, 7]);
        assert_eq!(
            roll(&mut dice, 8, 4, Test::Below, Pick::Better, 0, "animal")
                .unwrap()
                .kept,
            2
        );
    }

    #[test]
    fn the_range_bands_are_5_10_15_inches() {
        assert_eq!(Band::of(5.0), Some(Band::Short));
        assert_eq!(Band::of(5.01), Some(Band::Medium));
        assert_eq!(Band::of(10.0), Some(Band::Medium));
        assert_eq!(Band::of(15.0), Some(Band::Long));
        assert_eq!(Band::of(15.01), None);
    }

    #[test]
    fn each_shooter_throws_its_dice_at_each_band() {
        use Band::*;
        use HeavyMode::*;
        use Pick::*;
        let table = [
            (Shooter::Light, ExtraWound, [Some(One), Some(Worse), None]),
            (
                Shooter::Normal,
                ExtraWound,
                [Some(Better), Some(One), Some(Worse)],
            ),
            (
                Shooter::Heavy,
                ExtraWound,
                [Some(Worse), Some(Worse), Some(Worse)],
            ),
            (Shooter::Heavy, Area, [Some(Better), Some(One), None]),
        ];
        for (class, mode, picks) in table {
            for (band, pick) in [Short, Medium, Long].into_iter().zip(picks) {
                assert_eq!(
                    shooter_pick(class, band, mode),
                    pick,
                    "{class:?} {mode:?} {band:?}"
                );
            }
        }
    }
}
