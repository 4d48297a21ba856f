//! Marches, fatigue and sleep: d6-mass-combat.txt, Deployment.

use serde::{Deserialize, Serialize};

use super::charts::Difficulty;
use super::code::Code;
use crate::rules::dice::Dice;

/// Kilometres an hour on foot: "most soldiers on foot, carrying approximately 31kg (70lbs) of
/// gear, can traverse 3-6km per hour" and "if troops are forced to march for 12 hours, they
/// will have traveled approximately 54 km": 4.5, the middle of 3 to 6.
pub const MARCH_KPH: f32 = 4.5;

/// Hours of walking for each stamina roll: "Walking three hours requires a Very Easy stamina
/// roll. Each additional three hours of continuous walking increases the difficulty by one
/// level."
pub const HOURS_PER_ROLL: u32 = 3;

/// A unit's fatigue: the difficulty of its next stamina roll on the march and the stamina
/// it has lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fatigue {
    /// The next roll's difficulty.
    pub next: Difficulty,
    /// Stamina lost to failed rolls ("A failed roll reduces the units' stamina by 1D").
    pub lost: Code,
    /// Hours walked since the last roll (under three).
    pub walked: u32,
}

impl Default for Fatigue {
    fn default() -> Self {
        Fatigue {
            next: Difficulty::VeryEasy,
            lost: Code::ZERO,
            walked: 0,
        }
    }
}

/// One stamina roll on the march.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarchRoll {
    /// After this many hours of walking.
    pub hour: u32,
    /// Against.
    pub difficulty: Difficulty,
    /// The stamina thrown (the unit's stamina less what it had lost).
    pub stamina: Code,
    /// Its total.
    pub rolled: i32,
    /// Whether it reached the difficulty.
    pub passed: bool,
}

impl Fatigue {
    /// Marches `hours` more with `stamina` (the unit's own): a stamina roll each third hour
    /// against the next difficulty, which then rises a level; a failed roll costs 1D of
    /// stamina, never below 0D. Returns each roll and the kilometres walked
    /// ([`MARCH_KPH`]).
    ///
    /// Errors: a die could not be thrown (forced faces ran out; the players' own not typed).
    pub fn march(
        &mut self,
        hours: u32,
        stamina: Code,
        dice: &mut Dice,
        unit: &str,
    ) -> Result<(Vec<MarchRoll>, f32), String> {
        let mut rolls = Vec::new();
        for h in 1..=hours {
            self.walked += 1;
            if self.walked < HOURS_PER_ROLL {
                continue;
            }
            self.walked = 0;
            let left = Code((stamina - self.lost).0.max(0));
            let rolled = left.throw(
                dice,
                format!(
                    "{unit}: stamina after {h} hours' march, against {}",
                    self.next.word()
                ),
            )?;
            let passed = rolled >= self.next.number();
            if !passed {
                self.lost = Code((self.lost + Code::d(1)).0.min(stamina.0.max(0)));
            }
            rolls.push(MarchRoll {
                hour: h,
                difficulty: self.next,
                stamina: left,
                rolled,
                passed,
            });
            self.next = self.next.harder();
        }
        Ok((rolls, hours as f32 * MARCH_KPH))
    }

    /// Sleeps `hours`: "One hour of sleep lowers the difficulty by 1 level" and "Four hours
    /// of sleep puts them back to Very Easy and returns up to 4D of lost Stamina" (1D an
    /// hour). Sleep breaks the march, so the hours walked towards the next roll start again.
    pub fn sleep(&mut self, hours: u32) {
        for _ in 0..hours {
            self.next = self.next.easier();
            self.lost = Code((self.lost - Code::d(1)).0.max(0));
        }
        self.walked = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deployment: "if troops are forced to march for 12 hours, they will have traveled
    /// approximately 54 km (32.4 miles). They would have to make a Stamina Roll vs. Very
    /// Easy, Easy, Moderate, Difficult. Four hours of sleep puts them back to Very Easy and
    /// returns up to 4D of lost Stamina."
    #[test]
    fn the_twelve_hour_march_and_four_hours_of_sleep() {
        // A unit of stamina 5D fails the last three rolls: 5D (6) v 5 passes, 5D (9) v 10
        // fails, 4D (12) v 15 fails, 3D (10) v 20 fails.
        let mut dice = Dice::forced([1, 1, 1, 1, 2, 1, 1, 1, 1, 5, 3, 2, 1, 6, 3, 1, 6]);
        let mut f = Fatigue::default();
        let (rolls, km) = f.march(12, Code::d(5), &mut dice, "Rebel squad").unwrap();
        assert_eq!(km, 54.0);
        let seen: Vec<(u32, Difficulty, Code, i32, bool)> = rolls
            .iter()
            .map(|r| (r.hour, r.difficulty, r.stamina, r.rolled, r.passed))
            .collect();
        assert_eq!(
            seen,
            vec![
                (3, Difficulty::VeryEasy, Code::d(5), 6, true),
                (6, Difficulty::Easy, Code::d(5), 9, false),
                (9, Difficulty::Moderate, Code::d(4), 12, false),
                (12, Difficulty::Difficult, Code::d(3), 10, false),
            ]
        );
        assert_eq!((f.next, f.lost), (Difficulty::VeryDifficult, Code::d(3)));
        f.sleep(4);
        assert_eq!((f.next, f.lost), (Difficulty::VeryEasy, Code::ZERO));
    }

    #[test]
    fn stamina_is_never_lost_below_nothing() {
        let mut dice = Dice::forced([1; 12]);
        let mut f = Fatigue::default();
        let (rolls, _) = f.march(9, Code::d(1), &mut dice, "u").unwrap();
        assert_eq!(rolls.iter().filter(|r| !r.passed).count(), 3);
        assert_eq!(f.lost, Code::d(1));
        assert_eq!(rolls[2].stamina, Code::ZERO);
    }
}
