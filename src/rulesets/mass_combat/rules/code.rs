//! D6 dice codes ("5D+2": five D6 plus two pips), the unit every number of the mass combat
//! rules is written in, and their throw.

use std::fmt;
use std::ops::{Add, Neg, Sub};

use serde::{Deserialize, Serialize};

use crate::rules::dice::{Dice, DiceExpr};

/// A D6 dice code, held as pips: three pips make a die (d6-mass-combat.txt, Combined Action
/// Chart: "+1D+1 +1D+2 +2D"), so `Code(20)` is 6D+2. A code may go negative while penalties
/// are summed; it is thrown as at least 0D ([`Code::throw`]). Written in files and shown as
/// the text writes it: "6D+2", "3D", "+2".
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(try_from = "String", into = "String")]
pub struct Code(pub i32);

impl Code {
    /// Nothing: 0D.
    pub const ZERO: Code = Code(0);

    /// `dice` D and `pips` pips: `Code::new(6, 2)` is 6D+2.
    pub const fn new(dice: i32, pips: i32) -> Code {
        Code(dice * 3 + pips)
    }

    /// `dice` whole dice: `Code::d(3)` is 3D.
    pub const fn d(dice: i32) -> Code {
        Code(dice * 3)
    }

    /// The whole dice and the pips left over (0..=2), of the code floored at 0D.
    pub const fn split(self) -> (i32, i32) {
        let p = if self.0 < 0 { 0 } else { self.0 };
        (p / 3, p % 3)
    }

    /// Reads a code as the text writes one: "5D+2", "3D", "3d+1", "+2", "-1D", "0".
    ///
    /// Errors: anything else, saying what a code looks like.
    pub fn parse(text: &str) -> Result<Code, String> {
        let bad = || format!("\"{text}\" is not a dice code: write e.g. 5D+2, 3D, +2 or -1D");
        let s: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let (sign, body) = match s.strip_prefix('-') {
            Some(rest) => (-1, rest),
            None => (1, s.strip_prefix('+').unwrap_or(&s)),
        };
        let num = |t: &str| -> Result<i32, String> {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) || t.len() > 4 {
                return Err(bad());
            }
            t.parse::<i32>().map_err(|_| bad())
        };
        let Some(d) = body.find(['D', 'd']) else {
            return Ok(Code(sign * num(body)?));
        };
        let dice = num(&body[..d])?;
        let rest = &body[d + 1..];
        let pips = match rest.strip_prefix('+') {
            Some(p) => num(p)?,
            None if rest.is_empty() => 0,
            None => match rest.strip_prefix('-') {
                Some(p) => -num(p)?,
                None => return Err(bad()),
            },
        };
        Ok(Code(sign * (dice * 3 + pips)))
    }

    /// Throws the code with `dice` for `reason` and returns the total: its whole dice as a D6
    /// pool plus its pips; a code of less than 1D throws no die and gives its pips (at least
    /// 0), since a code is never below 0 (d6-mass-combat.txt, Subordinate Bonus: "A commander
    /// may not reduce his command skill below zero").
    ///
    /// Errors: the throw could not be made (forced faces ran out; the players' own not yet
    /// typed), in words.
    pub fn throw(self, dice: &mut Dice, reason: String) -> Result<i32, String> {
        let (d, p) = self.split();
        if d == 0 {
            return Ok(p);
        }
        dice.roll(DiceExpr::pool(d.min(255) as u8, p as i8), reason)
            .map_err(|e| e.to_string())
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (sign, p) = if self.0 < 0 {
            ("-", -self.0)
        } else {
            ("", self.0)
        };
        match (p / 3, p % 3) {
            (0, 0) => write!(f, "0D"),
            (0, r) => write!(f, "{}{r}", if sign.is_empty() { "+" } else { sign }),
            (d, 0) => write!(f, "{sign}{d}D"),
            (d, r) if sign.is_empty() => write!(f, "{d}D+{r}"),
            // A negative code: minus its dice and its pips.
            (d, r) => write!(f, "-{d}D-{r}"),
        }
    }
}

impl From<Code> for String {
    fn from(c: Code) -> String {
        c.to_string()
    }
}

impl TryFrom<String> for Code {
    type Error = String;
    fn try_from(s: String) -> Result<Code, String> {
        Code::parse(&s)
    }
}

impl Add for Code {
    type Output = Code;
    fn add(self, o: Code) -> Code {
        Code(self.0 + o.0)
    }
}

impl Sub for Code {
    type Output = Code;
    fn sub(self, o: Code) -> Code {
        Code(self.0 - o.0)
    }
}

impl Neg for Code {
    type Output = Code;
    fn neg(self) -> Code {
        Code(-self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_and_write_as_the_text_does() {
        for (text, pips, shown) in [
            ("6D+2", 20, "6D+2"),
            ("3D", 9, "3D"),
            ("4d+1", 13, "4D+1"),
            ("+2", 2, "+2"),
            ("-1D", -3, "-1D"),
            ("0", 0, "0D"),
            ("3d+1", 10, "3D+1"),
        ] {
            let c = Code::parse(text).unwrap();
            assert_eq!((c.0, c.to_string().as_str()), (pips, shown), "{text}");
        }
        for bad in ["", "D", "5D+", "five", "5D*2", "3D+1+1"] {
            assert!(Code::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_code_throws_its_dice_and_adds_its_pips() {
        let mut dice = Dice::forced([4, 5, 1, 6, 3, 2]);
        assert_eq!(Code::new(6, 2).throw(&mut dice, "t".into()), Ok(23));
        let r = &dice.log()[0];
        assert_eq!(
            (r.expr.as_str(), r.faces.as_slice()),
            ("6D+2", &[4, 5, 1, 6, 3, 2][..])
        );
        // Below 1D: no die, only the pips; below 0: nothing.
        assert_eq!(Code(2).throw(&mut dice, "t".into()), Ok(2));
        assert_eq!(Code(-4).throw(&mut dice, "t".into()), Ok(0));
        assert_eq!(dice.log().len(), 1);
    }
}
