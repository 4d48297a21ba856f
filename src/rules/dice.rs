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

/// Where the faces come from.
#[derive(Clone, Debug)]
enum Source {
    Seeded(ChaCha8Rng),
    Forced(VecDeque<u8>),
}

/// The one source of randomness in a game, with the log of every roll.
#[derive(Clone, Debug)]
pub struct Dice {
    source: Source,
    log: Vec<RollRecord>,
}

impl Dice {
    /// Dice from a seed: the same seed gives the same faces, roll for roll.
    pub fn seeded(seed: u64) -> Self {
        Self {
            source: Source::Seeded(ChaCha8Rng::seed_from_u64(seed)),
            log: Vec::new(),
        }
    }

    /// Dice that give `faces` in order, one per die thrown; an error once they run out.
    pub fn forced(faces: impl IntoIterator<Item = u8>) -> Self {
        Self {
            source: Source::Forced(faces.into_iter().collect()),
            log: Vec::new(),
        }
    }

    /// Throws `expr` for `reason`, logs it and returns the total.
    ///
    /// Errors: [`DiceError::Exhausted`] when forced dice run out, [`DiceError::BadFace`] when a
    /// forced face is outside 1..=sides. A failed roll logs nothing.
    pub fn roll(&mut self, expr: DiceExpr, reason: impl Into<String>) -> Result<i32, DiceError> {
        let reason = reason.into();
        let mut faces = Vec::with_capacity(expr.count as usize);
        for _ in 0..expr.count {
            let face = match &mut self.source {
                Source::Seeded(rng) => rng.random_range(1..=expr.sides),
                Source::Forced(queue) => {
                    let face = queue.front().copied().ok_or_else(|| DiceError::Exhausted {
                        expr: expr.to_string(),
                        reason: reason.clone(),
                    })?;
                    if face == 0 || face > expr.sides {
                        return Err(DiceError::BadFace {
                            face,
                            sides: expr.sides,
                            reason,
                        });
                    }
                    queue.pop_front();
                    face
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

    /// How many forced faces are left (0 for seeded dice).
    pub fn forced_left(&self) -> usize {
        match &self.source {
            Source::Seeded(_) => 0,
            Source::Forced(q) => q.len(),
        }
    }

    /// Adds faces to the forced queue (turning seeded dice into forced ones), for players who
    /// roll physical dice and type the results in.
    pub fn push_forced(&mut self, faces: impl IntoIterator<Item = u8>) {
        match &mut self.source {
            Source::Forced(q) => q.extend(faces),
            Source::Seeded(_) => self.source = Source::Forced(faces.into_iter().collect()),
        }
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
    fn forced_face_outside_die_is_refused() {
        let mut d = Dice::forced([7]);
        assert!(matches!(
            d.roll(DiceExpr::d(6), "x"),
            Err(DiceError::BadFace { face: 7, .. })
        ));
        assert_eq!(d.forced_left(), 1, "nothing consumed");
    }
}
