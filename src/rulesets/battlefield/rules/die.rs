//! Attack and combat dice as the unit charts print them ("1d8+1"), and the die ladder that
//! leaders, Force points, moving and shooting, and range step along.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::dice::DiceExpr;

/// The die ladder, smallest first: imperial-alliance-battlefield.txt, Jedis: "increase an
/// attack dice by one for every force point spent ... 1d8+1 ... 3 force points so the attack
/// strengh is now 1d20+1" (d8 → d10 → d12 → d20), and Components: "4 sided, 6 sided, 8 sided,
/// 10 sided, 12 sided and 20 sided".
pub const LADDER: [u8; 6] = [4, 6, 8, 10, 12, 20];

/// One die plus a modifier, e.g. 1d8+1 (Unit chart explanation: "a Stormtrooper unit uses 1d8
/// to attack a squad"). Serialised as its text, "1d8+1".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct AttackDie {
    /// Faces: one of [`LADDER`].
    pub sides: u8,
    /// Added to the face (the chart's "+1").
    pub plus: i8,
}

impl AttackDie {
    /// One die of `sides` faces with no modifier.
    pub const fn d(sides: u8) -> Self {
        Self { sides, plus: 0 }
    }

    /// Reads a chart die: "1d8", "d8+1", "1d4+2", "4" (a strength of 4 is 1d4: see
    /// docs/rules/battlefield.md, "A rate of 4").
    ///
    /// Errors: more than one die, or a die that is not on the ladder (d4 … d20), in words.
    pub fn parse(text: &str) -> Result<Self, String> {
        let t = text.trim();
        if let Ok(n) = t.parse::<u8>() {
            return if LADDER.contains(&n) {
                Ok(Self::d(n))
            } else {
                Err(format!(
                    "'{t}': a strength is a die size (4, 6, 8, 10, 12 or 20)"
                ))
            };
        }
        let e = DiceExpr::parse(t).map_err(|e| e.to_string())?;
        if e.count != 1 || e.pool {
            return Err(format!("'{t}': a chart die is one die, e.g. 1d8 or 1d8+1"));
        }
        if !LADDER.contains(&e.sides) {
            return Err(format!(
                "'{t}': the die must be d4, d6, d8, d10, d12 or d20"
            ));
        }
        Ok(Self {
            sides: e.sides,
            plus: e.modifier,
        })
    }

    /// This die `n` steps up the ladder (down when `n` is negative), the modifier kept.
    /// Stepping stops at the ends: below d4 stays d4, above d20 stays d20 (ruling `Off the
    /// ladder` in docs/rules/battlefield.md: the text names no smaller or larger die).
    pub fn step(self, n: i32) -> Self {
        let i = LADDER.iter().position(|&s| s == self.sides).unwrap_or(0) as i32;
        let j = (i + n).clamp(0, LADDER.len() as i32 - 1) as usize;
        Self {
            sides: LADDER[j],
            ..self
        }
    }

    /// This die with positive modifiers dropped (Moving and shooting: "all positive modifiers
    /// are dropped").
    pub fn without_bonus(self) -> Self {
        Self {
            plus: self.plus.min(0),
            ..self
        }
    }

    /// The dice expression to throw.
    pub fn expr(self) -> DiceExpr {
        DiceExpr::d(self.sides).plus(self.plus)
    }

    /// The chance that one throw scores at least `need`, 0.0..=1.0.
    pub fn chance_at_least(self, need: i32) -> f64 {
        let hits = (1..=self.sides as i32)
            .filter(|f| f + self.plus as i32 >= need)
            .count();
        hits as f64 / self.sides as f64
    }
}

impl fmt::Display for AttackDie {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plus {
            0 => write!(f, "1d{}", self.sides),
            p if p > 0 => write!(f, "1d{}+{p}", self.sides),
            p => write!(f, "1d{}{p}", self.sides),
        }
    }
}

impl TryFrom<String> for AttackDie {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        Self::parse(&s)
    }
}

impl From<AttackDie> for String {
    fn from(d: AttackDie) -> String {
        d.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_force_points_make_the_speeders_1d8_plus_1_a_1d20_plus_1() {
        // Jedis: "The speeder has an attack strenght of 1d8+1. The Jedi choose to use 3 force
        // points so the attack strengh is now 1d20+1."
        let d = AttackDie::parse("1d8+1").unwrap();
        assert_eq!(d.step(3).to_string(), "1d20+1");
    }

    #[test]
    fn moving_and_shooting_makes_the_rapid_caaks_1d8_plus_1_a_1d6() {
        // Moving and shooting: "its attack dice to 1d6 instead of 1d8+1".
        let d = AttackDie::parse("1d8+1").unwrap();
        assert_eq!(d.step(-1).without_bonus().to_string(), "1d6");
    }

    #[test]
    fn the_ladder_stops_at_its_ends_and_bad_dice_are_refused() {
        assert_eq!(AttackDie::d(4).step(-1), AttackDie::d(4));
        assert_eq!(AttackDie::d(12).step(5), AttackDie::d(20));
        assert_eq!(AttackDie::parse("4").unwrap(), AttackDie::d(4));
        assert!(AttackDie::parse("2d6").is_err());
        assert!(AttackDie::parse("1d3").is_err());
        assert!((AttackDie::d(8).chance_at_least(4) - 0.625).abs() < 1e-9);
    }
}
