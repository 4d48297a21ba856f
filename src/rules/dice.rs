//! Dice: every random number in a game comes from one [`Dice`].
//!
//! The rule texts use D3, D4, D6 and D8 (tyneside-skirmish.txt, Introduction: "Players will
//! need at least 1 D6, a D4 and a D8"). A [`Dice`] is either seeded (ChaCha8, so the same seed
//! gives the same game) or forced (a queue of results for tests, scripts and players who roll
//! physical dice). Every roll is kept as a [`RollRecord`] with its reason.

use std::collections::VecDeque;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A dice expression: `count` dice of `sides` faces plus `modifier` (e.g. 2D6, D4+1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceExpr {
    /// How many dice are thrown (1 or more).
    pub count: u8,
    /// Faces on each die: 3, 4, 6 or 8.
    pub sides: u8,
    /// Added to the sum of the dice (may be negative).
    pub modifier: i8,
}

impl DiceExpr {
    /// One die of `sides` faces.
    pub const fn d(sides: u8) -> Self {
        Self {
            count: 1,
            sides,
            modifier: 0,
        }
    }
    /// `count` dice of `sides` faces.
    pub const fn nd(count: u8, sides: u8) -> Self {
        Self {
            count,
            sides,
            modifier: 0,
        }
    }
    /// The same expression with `modifier` added.
    pub const fn plus(self, modifier: i8) -> Self {
        Self { modifier, ..self }
    }
}

impl std::fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.count > 1 {
            write!(f, "{}", self.count)?;
        }
        write!(f, "D{}", self.sides)?;
        if self.modifier != 0 {
            write!(f, "{:+}", self.modifier)?;
        }
        Ok(())
    }
}

/// One roll as the dice log shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollRecord {
    /// The expression thrown, e.g. "D8".
    pub expr: String,
    /// Each die's face, in the order thrown.
    pub faces: Vec<u8>,
    /// The total: the faces' sum plus the modifier.
    pub total: i32,
    /// Why it was thrown, e.g. "fire fight: Rebel trooper 1 on the Worse row".
    pub reason: String,
    /// The table row or result it selected, filled in by the rule that used it.
    pub outcome: String,
}

/// The error when a forced-dice queue runs dry or holds a face the die does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// The forced queue is empty but the rules need another die.
    #[error("no forced die left for {expr} ({reason}); give more results with --dice")]
    Exhausted {
        /// The expression that needed a die.
        expr: String,
        /// Why it was thrown.
        reason: String,
    },
    /// A forced result is not a face of the die thrown (e.g. 7 on a D6).
    #[error("forced result {face} is not a face of a D{sides} ({reason})")]
    BadFace {
        /// The forced value.
        face: u8,
        /// The die's faces.
        sides: u8,
        /// Why it was thrown.
        reason: String,
    },
}

/// The one source of randomness in a game, with the log of every roll: forced faces (typed in,
/// scripted or replayed) are used first, then the seeded generator if there is one.
#[derive(Clone, Debug)]
pub struct Dice {
    forced: VecDeque<u8>,
    rng: Option<ChaCha8Rng>,
    log: Vec<RollRecord>,
}

impl Dice {
    /// Dice from a seed: the same seed gives the same faces, roll for roll.
    pub fn seeded(seed: u64) -> Self {
        Self {
            forced: VecDeque::new(),
            rng: Some(ChaCha8Rng::seed_from_u64(seed)),
            log: Vec::new(),
        }
    }

    /// Dice that give `faces` in order, one per die thrown; an error once they run out.
    pub fn forced(faces: impl IntoIterator<Item = u8>) -> Self {
        Self {
            forced: faces.into_iter().collect(),
            rng: None,
            log: Vec::new(),
        }
    }

    /// These dice, falling back to a generator seeded with `seed` once the forced faces run
    /// out (a loaded game replays its recorded faces, then rolls afresh).
    pub fn then_seeded(mut self, seed: u64) -> Self {
        self.rng = Some(ChaCha8Rng::seed_from_u64(seed));
        self
    }

    /// Throws `expr` for `reason`, logs it and returns the total.
    ///
    /// Errors: [`DiceError::Exhausted`] when no forced face is left and there is no seed,
    /// [`DiceError::BadFace`] when a forced face is outside 1..=sides. A failed roll logs
    /// nothing and consumes nothing.
    pub fn roll(&mut self, expr: DiceExpr, reason: impl Into<String>) -> Result<i32, DiceError> {
        let reason = reason.into();
        let mut faces: Vec<u8> = Vec::with_capacity(expr.count as usize);
        let mut from_queue = 0;
        for _ in 0..expr.count {
            let face = match (self.forced.front().copied(), &mut self.rng) {
                (Some(face), _) if face >= 1 && face <= expr.sides => {
                    self.forced.pop_front();
                    from_queue += 1;
                    face
                }
                (Some(face), _) => {
                    self.put_back(&faces[..from_queue]);
                    return Err(DiceError::BadFace {
                        face,
                        sides: expr.sides,
                        reason,
                    });
                }
                (None, Some(rng)) => rng.random_range(1..=expr.sides),
                (None, None) => {
                    self.put_back(&faces[..from_queue]);
                    return Err(DiceError::Exhausted {
                        expr: expr.to_string(),
                        reason,
                    });
                }
            };
            faces.push(face);
        }
        let total = faces.iter().map(|&f| f as i32).sum::<i32>() + expr.modifier as i32;
        self.log.push(RollRecord {
            expr: expr.to_string(),
            faces,
            total,
            reason,
            outcome: String::new(),
        });
        Ok(total)
    }

    /// Returns faces taken from the forced queue by a roll that failed.
    fn put_back(&mut self, taken: &[u8]) {
        for f in taken.iter().rev() {
            self.forced.push_front(*f);
        }
    }

    /// Writes what the last roll selected (a chart row, "wounded", …) into the log.
    pub fn note_outcome(&mut self, outcome: impl Into<String>) {
        if let Some(last) = self.log.last_mut() {
            last.outcome = outcome.into();
        }
    }

    /// Every roll so far, oldest first.
    pub fn log(&self) -> &[RollRecord] {
        &self.log
    }

    /// How many forced faces are left.
    pub fn forced_left(&self) -> usize {
        self.forced.len()
    }

    /// Adds faces to the forced queue, for players who roll physical dice and type the
    /// results in: they are used before the generator's.
    pub fn push_forced(&mut self, faces: impl IntoIterator<Item = u8>) {
        self.forced.extend(faces);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_faces() {
        let mut a = Dice::seeded(7);
        let mut b = Dice::seeded(7);
        let ra: Vec<i32> = (0..50)
            .map(|_| a.roll(DiceExpr::d(6), "t").unwrap())
            .collect();
        let rb: Vec<i32> = (0..50)
            .map(|_| b.roll(DiceExpr::d(6), "t").unwrap())
            .collect();
        assert_eq!(ra, rb);
        assert!(ra.iter().all(|&r| (1..=6).contains(&r)));
        assert!(ra.iter().any(|&r| r != ra[0]), "a seeded die varies");
    }

    #[test]
    fn forced_faces_in_order_then_exhausted() {
        let mut d = Dice::forced([3, 4, 1]);
        assert_eq!(d.roll(DiceExpr::d(4).plus(1), "jump").unwrap(), 4);
        assert_eq!(d.roll(DiceExpr::nd(2, 6), "commander").unwrap(), 5);
        assert!(matches!(
            d.roll(DiceExpr::d(6), "x"),
            Err(DiceError::Exhausted { .. })
        ));
        assert_eq!(d.log().len(), 2);
        assert_eq!(d.log()[1].faces, vec![4, 1]);
        assert_eq!(d.log()[0].expr, "D4+1");
    }

    #[test]
    fn typed_faces_first_then_the_seed() {
        let mut d = Dice::forced([2, 5]).then_seeded(3);
        let mut reference = Dice::seeded(3);
        assert_eq!(d.roll(DiceExpr::d(6), "a").unwrap(), 2);
        assert_eq!(d.roll(DiceExpr::d(6), "b").unwrap(), 5);
        assert_eq!(
            d.roll(DiceExpr::d(6), "c").unwrap(),
            reference.roll(DiceExpr::d(6), "c").unwrap()
        );
        let mut partial = Dice::forced([3]);
        assert!(partial.roll(DiceExpr::nd(2, 6), "2D6").is_err());
        assert_eq!(
            partial.forced_left(),
            1,
            "a failed 2D6 puts back the face it took"
        );
    }

    #[test]
    fn forced_face_outside_die_is_refused() {
        let mut d = Dice::forced([7]);
        assert!(matches!(
            d.roll(DiceExpr::d(6), "x"),
            Err(DiceError::BadFace { face: 7, .. })
        ));
        assert_eq!(d.forced_left(), 1, "nothing consumed");
    }
}
