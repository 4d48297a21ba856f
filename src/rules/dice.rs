//! Dice: every random number in a game comes from one [`Dice`].
//!
//! The five rule texts use D3, D4, D6, D8, D10, D12, D20 and pools of D6 with pips:
//! - tyneside-skirmish.txt, Introduction: "Players will need at least 1 D6, a D4 and a D8";
//! - one-stat-skirmish.txt, What do you need: "1 D10 for the Boss. 1D8 for the Specialists,
//!   1D6 for the Rookies";
//! - imperial-alliance-battlefield.txt, JEDIS: a Jedi "can increase an attack dice by one for
//!   every force point spent" (a 1d8+1 becomes "1d20+1" with 3 force points, so D10 and D12
//!   lie between);
//! - star-wars-battle-space.txt, PROCEDURE: movement points from "the 1d6 roll";
//! - d6-mass-combat.txt, Units: dice codes such as "a combined action of 6D+2" (six D6 plus two
//!   pips).
//!
//! A [`Dice`] is either seeded (ChaCha8, so the same seed gives the same game) or forced (a
//! queue of results for tests, scripts, replays and players who roll physical dice). Every roll
//! is kept as a [`RollRecord`] with its reason.

use std::collections::VecDeque;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Every die size a rule text uses, in faces: D3, D4, D6, D8, D10, D12 and D20 (see the module
/// documentation for where each rule text names them).
pub const DIE_SIZES: [u8; 7] = [3, 4, 6, 8, 10, 12, 20];

/// The most dice [`DiceExpr::parse`] accepts in one expression.
const MAX_COUNT: u32 = 30;

/// Whether a die of `sides` faces is one the rule texts use, i.e. `sides` is in [`DIE_SIZES`].
pub fn is_die(sides: u8) -> bool {
    DIE_SIZES.contains(&sides)
}

/// A dice expression: `count` dice of `sides` faces plus `modifier` (e.g. 2D6, D4+1), or a D6
/// pool with pips (e.g. 5D+2; d6-mass-combat.txt, Units: "a combined action of 6D+2").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceExpr {
    /// How many dice are thrown (1 or more).
    pub count: u8,
    /// Faces on each die: 3, 4, 6, 8, 10, 12 or 20 (see [`DIE_SIZES`]); 6 for a pool.
    pub sides: u8,
    /// Added to the sum of the dice (may be negative); for a pool, its pips.
    pub modifier: i8,
    /// True for a D6 pool written as a dice code ("5D+2"): it is thrown like five D6 plus 2,
    /// and only the notation differs. False for every other expression.
    #[serde(default)]
    pub pool: bool,
}

impl DiceExpr {
    /// One die of `sides` faces (e.g. `d(8)` is D8).
    pub const fn d(sides: u8) -> Self {
        Self {
            count: 1,
            sides,
            modifier: 0,
            pool: false,
        }
    }
    /// `count` dice of `sides` faces (e.g. `nd(2, 6)` is 2D6).
    pub const fn nd(count: u8, sides: u8) -> Self {
        Self {
            count,
            sides,
            modifier: 0,
            pool: false,
        }
    }
    /// The same expression with `modifier` added (replacing any modifier it had; for a pool,
    /// the pips).
    pub const fn plus(self, modifier: i8) -> Self {
        Self { modifier, ..self }
    }
    /// A D6 dice code of the D6 system: `count` D6 plus `pips` (e.g. `pool(5, 2)` is "5D+2").
    ///
    /// d6-mass-combat.txt, Units: "a combined action of 6D+2"; a pip is one point added to the
    /// roll, and three pips make a die (The Combat System, Combined Action Chart:
    /// "+1D+1 +1D+2 +2D"). The pips are kept as given, not carried into dice.
    pub const fn pool(count: u8, pips: i8) -> Self {
        Self {
            count,
            sides: 6,
            modifier: pips,
            pool: true,
        }
    }

    /// Reads an expression as the rule texts write it: "D8", "d8", "2D6", "D4+1", "1d4+2",
    /// "d20", "D6-1", or a D6 pool "5D+2", "3D" (a count and a D with no faces). Case and
    /// spaces do not matter.
    ///
    /// Errors: [`DiceError::BadExpr`] when there is no D, the die is not one of [`DIE_SIZES`],
    /// the count is 0 or more than 30, a pool has no count, the modifier is outside -128..=127,
    /// or anything else is in the text.
    pub fn parse(text: &str) -> Result<DiceExpr, DiceError> {
        let bad = |why: &str| DiceError::BadExpr {
            text: text.to_string(),
            why: why.to_string(),
        };
        let s: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if s.is_empty() {
            return Err(bad("it is empty; write e.g. D6, 2D6, D4+1 or 5D+2"));
        }
        let Some(dpos) = s.find(['D', 'd']) else {
            return Err(bad("there is no D; write e.g. D6, 2D6, D4+1 or 5D+2"));
        };
        let count_txt = &s[..dpos];
        let rest = &s[dpos + 1..];
        let split = rest.find(['+', '-']).unwrap_or(rest.len());
        let (sides_txt, mod_txt) = rest.split_at(split);
        let all_digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());

        let count: Option<u8> = if count_txt.is_empty() {
            None
        } else if !all_digits(count_txt) {
            return Err(bad(
                "the number of dice before the D must be a whole number",
            ));
        } else {
            match count_txt.parse::<u32>() {
                Ok(0) => return Err(bad("it throws no dice (count 0)")),
                Ok(n) if n <= MAX_COUNT => Some(n as u8),
                _ => return Err(bad("more than 30 dice")),
            }
        };
        let sides: Option<u8> = if sides_txt.is_empty() {
            None
        } else if !all_digits(sides_txt) {
            return Err(bad(
                "the faces after the D must be a number (3, 4, 6, 8, 10, 12 or 20)",
            ));
        } else {
            match sides_txt.parse::<u32>() {
                Ok(n) if n <= u8::MAX as u32 && is_die(n as u8) => Some(n as u8),
                _ => {
                    return Err(bad("no such die: a die has 3, 4, 6, 8, 10, 12 or 20 faces"));
                }
            }
        };
        let modifier: i8 = if mod_txt.is_empty() {
            0
        } else {
            let (sign, digits) = mod_txt.split_at(1);
            if !all_digits(digits) {
                return Err(bad(
                    "the modifier must be + or - followed by a whole number",
                ));
            }
            let magnitude = match digits.parse::<i32>() {
                Ok(m) => m,
                Err(_) => return Err(bad("the modifier is too large (-128 to 127)")),
            };
            let value = if sign == "-" { -magnitude } else { magnitude };
            match i8::try_from(value) {
                Ok(v) => v,
                Err(_) => return Err(bad("the modifier is too large (-128 to 127)")),
            }
        };
        match (count, sides) {
            (Some(count), None) => Ok(Self::pool(count, modifier)),
            (None, None) => Err(bad(
                "a D6 pool needs its number of dice before the D, e.g. 3D or 5D+2",
            )),
            (count, Some(sides)) => Ok(Self::nd(count.unwrap_or(1), sides).plus(modifier)),
        }
    }

    /// The faces of one die: 1..=sides.
    pub fn faces(&self) -> std::ops::RangeInclusive<u8> {
        1..=self.sides
    }

    /// The lowest and highest total the expression can throw, (min, max): every die showing
    /// 1, then every die showing `sides`, each plus the modifier (pips for a pool).
    pub fn range(&self) -> (i32, i32) {
        let count = self.count as i32;
        let modifier = self.modifier as i32;
        (count + modifier, count * self.sides as i32 + modifier)
    }
}

impl std::str::FromStr for DiceExpr {
    type Err = DiceError;

    /// The same as [`DiceExpr::parse`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl std::fmt::Display for DiceExpr {
    /// "D8", "2D6", "D4+1", "D6-1"; a pool always shows its count: "5D+2", "3D", "1D".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.pool {
            write!(f, "{}D", self.count)?;
        } else {
            if self.count > 1 {
                write!(f, "{}", self.count)?;
            }
            write!(f, "D{}", self.sides)?;
        }
        if self.modifier != 0 {
            write!(f, "{:+}", self.modifier)?;
        }
        Ok(())
    }
}

/// One roll as the dice log shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollRecord {
    /// The expression thrown, e.g. "D8" or "5D+2".
    pub expr: String,
    /// Each die's face, in the order thrown.
    pub faces: Vec<u8>,
    /// The total: the faces' sum plus the modifier.
    pub total: i32,
    /// Why it was thrown, e.g. "fire fight: Rebel trooper 1 on the Worse row".
    pub reason: String,
    /// The table row or result it selected, filled in by the rule that used it.
    pub outcome: String,
    /// True when any of its faces was typed in by a player who rolled physical dice (see
    /// [`Dice::push_forced`]); false for generated, scripted and replayed faces.
    #[serde(default)]
    pub typed: bool,
}

impl RollRecord {
    /// The roll as the dice panel writes it: the expression, each face, the modifier
    /// spelled out and the total ("6D+2: 4 5 1 6 3 2 +2 = 23"; "D8: 5 = 5").
    pub fn faces_text(&self) -> String {
        let sum: i32 = self.faces.iter().map(|f| i32::from(*f)).sum();
        let faces: Vec<String> = self.faces.iter().map(u8::to_string).collect();
        let modifier = match self.total - sum {
            0 => String::new(),
            m => format!(" {m:+}"),
        };
        format!(
            "{}: {}{modifier} = {}",
            self.expr,
            faces.join(" "),
            self.total
        )
    }
}

/// The error when a forced-dice queue runs dry, holds a face the die does not have, or an
/// expression is not one the rules can throw.
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
    /// A dice expression that cannot be read or thrown (e.g. "D7", "0D6", "2D6x").
    #[error("bad dice expression \"{text}\": {why}")]
    BadExpr {
        /// The expression as given.
        text: String,
        /// What is wrong with it.
        why: String,
    },
}

/// Where a [`Dice`] stood at one moment, to put it back there with [`Dice::restore`] (a
/// refused command undoes its rolls): the forced queue, the generator and the log's length.
#[derive(Clone, Debug)]
pub struct DiceCheckpoint {
    forced: VecDeque<(u8, bool)>,
    rng: Option<ChaCha8Rng>,
    log_len: usize,
    last_outcome: Option<String>,
}

/// The seed of the dice and cards of the command at 0-based `index` of a game seeded with
/// `game`: each command's randomness is a function of the game's seed and its place in the
/// game, so a game reopened throws the same dice, and a replay throws every die again and
/// compares it with the record (SplitMix64 of the two).
pub fn command_seed(game: u64, index: usize) -> u64 {
    let mut z = game
        ^ (index as u64)
            .wrapping_add(1)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The one source of randomness in a game, with the log of every roll: forced faces (typed in,
/// scripted or replayed) are used first, then the seeded generator if there is one.
#[derive(Clone, Debug)]
pub struct Dice {
    /// Forced faces in order, each with whether a player typed it in.
    forced: VecDeque<(u8, bool)>,
    rng: Option<ChaCha8Rng>,
    log: Vec<RollRecord>,
    /// Players roll their own dice: the generator is not used, and a roll with no typed face
    /// waiting fails, saying what it wants ([`Dice::wanted`]).
    manual: bool,
    /// The roll the last failed throw wanted: (expression, reason). Kept through
    /// [`Dice::restore`], so the shell can ask for it.
    wanted: Option<(DiceExpr, String)>,
    /// Throws asked for so far, made or failed ([`Dice::tried`]).
    tried: usize,
    /// Rolls are logged ([`Dice::unlogged`] turns it off).
    logged: bool,
}

impl Dice {
    /// Dice from a seed: the same seed gives the same faces, roll for roll.
    pub fn seeded(seed: u64) -> Self {
        Self {
            forced: VecDeque::new(),
            rng: Some(ChaCha8Rng::seed_from_u64(seed)),
            log: Vec::new(),
            manual: false,
            wanted: None,
            tried: 0,
            logged: true,
        }
    }

    /// Dice that give `faces` in order, one per die thrown; an error once they run out. These
    /// are scripted or replayed faces, not typed ones (their rolls are logged `typed: false`).
    pub fn forced(faces: impl IntoIterator<Item = u8>) -> Self {
        Self {
            forced: faces.into_iter().map(|f| (f, false)).collect(),
            rng: None,
            log: Vec::new(),
            manual: false,
            wanted: None,
            tried: 0,
            logged: true,
        }
    }

    /// Seeds the generator anew with `seed`, if these dice have one (forced-only dice stay
    /// without): what the game's seed and a command's place in the game make of it
    /// ([`command_seed`]), so each command's dice are a function of both and nothing else.
    pub fn reseed(&mut self, seed: u64) {
        if self.rng.is_some() {
            self.rng = Some(ChaCha8Rng::seed_from_u64(seed));
        }
    }

    /// These dice, logging no rolls: games played headless for the balance report, where
    /// nobody reads the log and writing each roll's words would be most of a roll's cost. The
    /// faces are the same, roll for roll.
    pub fn unlogged(mut self) -> Self {
        self.logged = false;
        self
    }

    /// These dice, falling back to a generator seeded with `seed` once the forced faces run
    /// out (a loaded game replays its recorded faces, then rolls afresh).
    pub fn then_seeded(mut self, seed: u64) -> Self {
        self.rng = Some(ChaCha8Rng::seed_from_u64(seed));
        self
    }

    /// Throws `expr` for `reason`, logs it (unless [`Dice::unlogged`]) and returns the total
    /// (faces' sum plus modifier).
    ///
    /// Errors: [`DiceError::BadExpr`] when `expr` throws no dice (count 0) or its die is not
    /// one of [`DIE_SIZES`], [`DiceError::Exhausted`] when no forced face is left and there is
    /// no seed, [`DiceError::BadFace`] when a forced face is outside 1..=sides. A failed roll
    /// logs nothing and consumes nothing.
    pub fn roll(&mut self, expr: DiceExpr, reason: impl Into<String>) -> Result<i32, DiceError> {
        self.tried += 1;
        if expr.count == 0 {
            return Err(DiceError::BadExpr {
                text: expr.to_string(),
                why: "it throws no dice (count 0)".to_string(),
            });
        }
        if !is_die(expr.sides) {
            return Err(DiceError::BadExpr {
                text: expr.to_string(),
                why: "no such die: a die has 3, 4, 6, 8, 10, 12 or 20 faces".to_string(),
            });
        }
        let reason = reason.into();
        let mut faces: Vec<u8> = Vec::with_capacity(expr.count as usize);
        let mut taken: Vec<(u8, bool)> = Vec::new();
        for _ in 0..expr.count {
            let face = match (self.forced.front().copied(), &mut self.rng) {
                (Some((face, typed)), _) if face >= 1 && face <= expr.sides => {
                    self.forced.pop_front();
                    taken.push((face, typed));
                    face
                }
                (Some((face, _)), _) => {
                    self.put_back(&taken);
                    return Err(DiceError::BadFace {
                        face,
                        sides: expr.sides,
                        reason,
                    });
                }
                (None, Some(rng)) if !self.manual => rng.random_range(1..=expr.sides),
                (None, _) => {
                    self.put_back(&taken);
                    self.wanted = Some((expr, reason.clone()));
                    return Err(DiceError::Exhausted {
                        expr: expr.to_string(),
                        reason,
                    });
                }
            };
            faces.push(face);
        }
        let total = faces.iter().map(|&f| f as i32).sum::<i32>() + expr.modifier as i32;
        if !self.logged {
            return Ok(total);
        }
        let typed = taken.iter().any(|&(_, t)| t);
        self.log.push(RollRecord {
            expr: expr.to_string(),
            faces,
            total,
            reason,
            outcome: String::new(),
            typed,
        });
        Ok(total)
    }

    /// Returns faces taken from the forced queue by a roll that failed, with their typed marks.
    fn put_back(&mut self, taken: &[(u8, bool)]) {
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

    /// How many throws were asked for so far, made or failed (a restore does not take them
    /// back): the pipeline tells by it whether a refused command got as far as the dice.
    pub fn tried(&self) -> usize {
        self.tried
    }

    /// Every roll so far, oldest first.
    pub fn log(&self) -> &[RollRecord] {
        &self.log
    }

    /// Players roll their own dice (`true`) or the generator does.
    pub fn set_manual(&mut self, manual: bool) {
        self.manual = manual;
    }

    /// Whether players roll their own dice.
    pub fn manual(&self) -> bool {
        self.manual
    }

    /// The roll the last failed throw wanted (expression, reason), if one is waiting, left
    /// in place: with manual dice, the game waits for it.
    pub fn wanted(&self) -> Option<&(DiceExpr, String)> {
        self.wanted.as_ref()
    }

    /// Takes the roll the last failed throw wanted (expression, reason), if one is waiting:
    /// with manual dice, what to ask the players to roll.
    pub fn take_wanted(&mut self) -> Option<(DiceExpr, String)> {
        self.wanted.take()
    }

    /// How many forced faces (scripted and typed) are left.
    pub fn forced_left(&self) -> usize {
        self.forced.len()
    }

    /// Adds faces typed in by players who roll physical dice: they are used, after any forced
    /// faces already queued, before the generator's, and the rolls that use them are logged
    /// `typed: true`. A typed face outside the die thrown is refused by [`Dice::roll`] with
    /// [`DiceError::BadFace`] and stays queued.
    pub fn push_forced(&mut self, faces: impl IntoIterator<Item = u8>) {
        self.forced.extend(faces.into_iter().map(|f| (f, true)));
    }

    /// Adds faces thrown elsewhere and recorded (an online game's dice, thrown by the host):
    /// used after any forced faces already queued, and logged `typed: false`, as a replay's.
    pub fn push_recorded(&mut self, faces: impl IntoIterator<Item = u8>) {
        self.forced.extend(faces.into_iter().map(|f| (f, false)));
    }

    /// Where the dice stand now: the forced queue and the generator (both cloned) and the log's
    /// length, so [`Dice::restore`] can undo every roll made after it without cloning the log.
    pub fn checkpoint(&self) -> DiceCheckpoint {
        DiceCheckpoint {
            forced: self.forced.clone(),
            rng: self.rng.clone(),
            log_len: self.log.len(),
            last_outcome: self.log.last().map(|r| r.outcome.clone()),
        }
    }

    /// Puts the dice back where `cp` found them: the log is cut to its length then (and the
    /// outcome of its last roll put back), the forced queue and the generator are restored, so
    /// the next roll gives what it would have given then. `cp` must come from these dice.
    pub fn restore(&mut self, cp: DiceCheckpoint) {
        self.log.truncate(cp.log_len);
        if self.log.len() == cp.log_len
            && let (Some(last), Some(outcome)) = (self.log.last_mut(), cp.last_outcome)
        {
            last.outcome = outcome;
        }
        self.forced = cp.forced;
        self.rng = cp.rng;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_command_has_its_own_seed_from_the_games() {
        let a: Vec<u64> = (0..4).map(|i| command_seed(7, i)).collect();
        assert_eq!(a, (0..4).map(|i| command_seed(7, i)).collect::<Vec<_>>());
        let mut seen = a.clone();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 4, "{a:?}");
        assert_ne!(command_seed(8, 0), a[0], "another game, other dice");
        // Reseeded for the same command, the dice throw the same faces.
        let mut d = Dice::seeded(1);
        d.reseed(a[2]);
        let x = d.roll(DiceExpr::parse("3d6").unwrap(), "x").unwrap();
        let mut e = Dice::seeded(99);
        e.reseed(a[2]);
        assert_eq!(e.roll(DiceExpr::parse("3d6").unwrap(), "x").unwrap(), x);
        let mut f = Dice::forced([2]);
        f.reseed(a[2]);
        assert_eq!(
            f.roll(DiceExpr::parse("d6").unwrap(), "forced stays forced"),
            Ok(2)
        );
    }

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
    fn unlogged_dice_throw_the_same_faces_and_log_none() {
        let mut a = Dice::seeded(11);
        let mut b = Dice::seeded(11).unlogged();
        for _ in 0..30 {
            let e = DiceExpr::nd(2, 6).plus(1);
            assert_eq!(a.roll(e, "t").unwrap(), b.roll(e, "t").unwrap());
        }
        assert_eq!((a.log().len(), b.log().len()), (30, 0));
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

    #[test]
    fn parse_reads_the_rule_texts_notation() {
        let cases: [(&str, DiceExpr); 9] = [
            ("D8", DiceExpr::d(8)),
            ("d8", DiceExpr::d(8)),
            ("2D6", DiceExpr::nd(2, 6)),
            ("D4+1", DiceExpr::d(4).plus(1)),
            ("1d4+2", DiceExpr::d(4).plus(2)),
            ("d20", DiceExpr::d(20)),
            ("5D+2", DiceExpr::pool(5, 2)),
            ("3D", DiceExpr::pool(3, 0)),
            ("D6-1", DiceExpr::d(6).plus(-1)),
        ];
        for (text, want) in cases {
            assert_eq!(DiceExpr::parse(text), Ok(want), "{text}");
        }
        assert!(DiceExpr::parse("5D+2").unwrap().pool);
        assert!(!DiceExpr::parse("5D6+2").unwrap().pool);
        assert_eq!(DiceExpr::parse("30D6").unwrap().count, 30);
        assert_eq!(
            " 2d6 + 1 ".parse::<DiceExpr>(),
            Ok(DiceExpr::nd(2, 6).plus(1))
        );
        for sides in DIE_SIZES {
            assert_eq!(
                DiceExpr::parse(&format!("D{sides}")),
                Ok(DiceExpr::d(sides))
            );
        }
    }

    #[test]
    fn parse_refuses_bad_expressions() {
        for text in [
            "", "D7", "2D5", "D100", "D0", "0D6", "0D", "31D6", "31D", "D", "D+2", "6", "2D6x",
            "x2D6", "D6+", "D6+1+1", "D6+200", "-1D6", "2.5D6", "D 6 6", "2D6D6",
        ] {
            match DiceExpr::parse(text) {
                Err(DiceError::BadExpr { text: t, why }) => {
                    assert_eq!(t, text);
                    assert!(!why.is_empty());
                }
                other => panic!("{text:?} gave {other:?}"),
            }
        }
        let msg = DiceExpr::parse("D7").unwrap_err().to_string();
        assert!(
            msg.contains("D7") && msg.contains("3, 4, 6, 8, 10, 12 or 20"),
            "{msg}"
        );
    }

    #[test]
    fn display_writes_pools_as_dice_codes() {
        assert_eq!(DiceExpr::pool(5, 2).to_string(), "5D+2");
        assert_eq!(DiceExpr::pool(3, 0).to_string(), "3D");
        assert_eq!(DiceExpr::pool(1, -1).to_string(), "1D-1");
        assert_eq!(DiceExpr::nd(5, 6).plus(2).to_string(), "5D6+2");
        assert_eq!(DiceExpr::d(6).plus(-1).to_string(), "D6-1");
        for text in ["D8", "2D6", "D4+1", "D20", "5D+2", "3D", "D6-1", "12D10-3"] {
            assert_eq!(DiceExpr::parse(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn faces_and_range() {
        assert_eq!(DiceExpr::d(20).faces(), 1..=20);
        assert_eq!(DiceExpr::d(3).faces(), 1..=3);
        assert_eq!(DiceExpr::pool(5, 2).range(), (7, 32));
        assert_eq!(DiceExpr::d(6).plus(-1).range(), (0, 5));
        assert_eq!(DiceExpr::nd(2, 6).range(), (2, 12));
        assert_eq!(DiceExpr::d(12).range(), (1, 12));
        assert!(is_die(3) && is_die(10) && is_die(12) && is_die(20));
        assert!(!is_die(0) && !is_die(7) && !is_die(100));
    }

    #[test]
    fn seeded_big_dice_cover_their_faces() {
        let mut d = Dice::seeded(11);
        for sides in [20u8, 12, 10] {
            let rolls: Vec<i32> = (0..1000)
                .map(|_| d.roll(DiceExpr::d(sides), "t").unwrap())
                .collect();
            assert!(
                rolls.iter().all(|&r| (1..=sides as i32).contains(&r)),
                "D{sides} out of range"
            );
            assert_eq!(*rolls.iter().min().unwrap(), 1, "D{sides}");
            assert_eq!(*rolls.iter().max().unwrap(), sides as i32, "D{sides}");
        }
        let mut p = Dice::seeded(11);
        let pool = DiceExpr::pool(3, 1);
        let (lo, hi) = pool.range();
        for _ in 0..200 {
            let t = p.roll(pool, "pool").unwrap();
            assert!((lo..=hi).contains(&t));
        }
        assert_eq!(p.log()[0].faces.len(), 3);
        assert_eq!(p.log()[0].expr, "3D+1");
    }

    #[test]
    fn a_pool_adds_its_pips() {
        let mut d = Dice::forced([6, 1, 4]);
        assert_eq!(d.roll(DiceExpr::pool(3, 1), "strength").unwrap(), 12);
        assert_eq!(d.log()[0].expr, "3D+1");
        assert_eq!(d.log()[0].faces, vec![6, 1, 4]);
        let mut seven = Dice::forced([7]);
        assert!(matches!(
            seven.roll(DiceExpr::pool(1, 0), "x"),
            Err(DiceError::BadFace {
                face: 7,
                sides: 6,
                ..
            })
        ));
    }

    #[test]
    fn roll_refuses_an_expression_it_cannot_throw() {
        let mut d = Dice::forced([3]).then_seeded(1);
        assert!(matches!(
            d.roll(DiceExpr::d(7), "x"),
            Err(DiceError::BadExpr { .. })
        ));
        assert!(matches!(
            d.roll(DiceExpr::nd(0, 6), "x"),
            Err(DiceError::BadExpr { .. })
        ));
        assert_eq!(d.forced_left(), 1, "nothing consumed");
        assert!(d.log().is_empty(), "nothing logged");
        let mut fresh = Dice::forced([3]).then_seeded(1);
        for _ in 0..10 {
            assert_eq!(
                d.roll(DiceExpr::d(20), "y").unwrap(),
                fresh.roll(DiceExpr::d(20), "y").unwrap()
            );
        }
    }

    #[test]
    fn checkpoint_restore_puts_the_dice_back() {
        let mut d = Dice::forced([2, 3]).then_seeded(5);
        d.push_forced([4]);
        d.roll(DiceExpr::d(6), "before").unwrap();
        d.note_outcome("kept");
        let cp = d.checkpoint();
        let run = |d: &mut Dice| -> Vec<RollRecord> {
            d.note_outcome("overwritten");
            d.roll(DiceExpr::nd(3, 6), "a").unwrap();
            for _ in 0..20 {
                d.roll(DiceExpr::d(20), "b").unwrap();
            }
            d.log()[1..].to_vec()
        };
        let first = run(&mut d);
        assert_eq!(first.len(), 21);
        assert_eq!(&first[0].faces[..2], &[3, 4]);
        assert!(first[0].typed);
        assert_eq!(d.forced_left(), 0);
        d.restore(cp.clone());
        assert_eq!(d.log().len(), 1);
        assert_eq!(d.log()[0].outcome, "kept");
        assert_eq!(d.forced_left(), 2);
        let second = run(&mut d);
        assert_eq!(second, first, "the same faces after restore");
        let d20s: Vec<i32> = first[1..].iter().map(|r| r.total).collect();
        assert!(d20s.iter().any(|&t| t != d20s[0]), "the generator varies");
        d.restore(cp);
        assert_eq!(d.log().len(), 1);
        assert_eq!(d.forced_left(), 2);
    }

    #[test]
    fn typed_marker_only_for_typed_faces() {
        let mut d = Dice::forced([1, 2]).then_seeded(9);
        d.push_forced([5, 6]);
        d.roll(DiceExpr::d(6), "scripted").unwrap();
        d.roll(DiceExpr::nd(2, 6), "scripted and typed").unwrap();
        d.roll(DiceExpr::d(6), "typed").unwrap();
        d.roll(DiceExpr::d(6), "generated").unwrap();
        let typed: Vec<bool> = d.log().iter().map(|r| r.typed).collect();
        assert_eq!(typed, vec![false, true, true, false]);
        assert_eq!(d.log()[1].faces, vec![2, 5]);
        assert_eq!(d.log()[2].faces, vec![6]);

        let mut t = Dice::forced(std::iter::empty::<u8>());
        t.push_forced([4]);
        assert!(matches!(
            t.roll(DiceExpr::nd(2, 6), "x"),
            Err(DiceError::Exhausted { .. })
        ));
        assert_eq!(t.forced_left(), 1, "the typed face is put back");
        assert_eq!(t.roll(DiceExpr::d(6), "y").unwrap(), 4);
        assert!(t.log()[0].typed, "and is still typed");
    }

    #[test]
    fn old_records_and_expressions_still_load() {
        let r: RollRecord = serde_json::from_str(
            r#"{"expr":"D6","faces":[3],"total":3,"reason":"r","outcome":""}"#,
        )
        .unwrap();
        assert!(!r.typed);
        let e: DiceExpr = serde_json::from_str(r#"{"count":2,"sides":6,"modifier":1}"#).unwrap();
        assert_eq!(e, DiceExpr::nd(2, 6).plus(1));
    }

    #[test]
    fn a_roll_is_written_with_its_faces_and_pips() {
        let mut d = Dice::forced([4, 5, 1, 6, 3, 2, 5]);
        d.roll(DiceExpr::parse("6D+2").unwrap(), "fire").unwrap();
        d.roll(DiceExpr::d(8), "attack").unwrap();
        assert_eq!(d.log()[0].faces_text(), "6D+2: 4 5 1 6 3 2 +2 = 23");
        assert_eq!(d.log()[1].faces_text(), "D8: 5 = 5");
    }
}
