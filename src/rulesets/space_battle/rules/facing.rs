//! Facing and the squares around a craft: the eight directions, the cost of a step
//! (Figure 1) and where an attacker stands against its target (Figure 2). Both figures are
//! missing from the text; our readings are in docs/rules/space_battle.md, "Figure 1" and
//! "Figure 2". Squares are `(column, row)`, column 0 at the left edge, row 0 at the bottom.

use serde::{Deserialize, Serialize};

/// One of the eight ways a craft can face, by its number of eighths of a turn anticlockwise
/// from the board's +x (0 east, 2 north, 4 west, 6 south).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dir(pub u8);

impl Dir {
    /// Facing the +x edge (rightwards).
    pub const EAST: Dir = Dir(0);
    /// Facing the -x edge (leftwards).
    pub const WEST: Dir = Dir(4);

    /// The square one step this way: `(dcolumn, drow)`.
    pub const fn delta(self) -> (i32, i32) {
        /// Right, up-right, up, up-left, left, down-left, down, down-right.
        const DELTAS: [(i32, i32); 8] = [
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
            (0, -1),
            (1, -1),
        ];
        DELTAS[(self.0 & 7) as usize]
    }

    /// The direction of the step `(dc, dr)` to a neighbouring square; `None` when it is no
    /// neighbour.
    pub fn of(dc: i32, dr: i32) -> Option<Dir> {
        (0..8).map(Dir).find(|d| d.delta() == (dc, dr))
    }

    /// `eighths` eighths of a turn anticlockwise from this one (negative: clockwise).
    pub const fn turned(self, eighths: i8) -> Dir {
        Dir(((self.0 as i16 + eighths as i16).rem_euclid(8)) as u8)
    }

    /// How far `other` is turned from this, -3 to 4 eighths (4: opposite).
    pub const fn rel(self, other: Dir) -> i8 {
        let d = (other.0 as i16 - self.0 as i16).rem_euclid(8) as i8;
        if d > 4 { d - 8 } else { d }
    }

    /// Degrees anticlockwise from +x.
    pub fn degrees(self) -> f32 {
        f32::from(self.0 % 8) * 45.0
    }

    /// The compass word for the board (`right`, `up-right` …): rows grow upwards.
    pub fn word(self) -> &'static str {
        [
            "right",
            "up-right",
            "up",
            "up-left",
            "left",
            "down-left",
            "down",
            "down-right",
        ][usize::from(self.0 % 8)]
    }
}

/// A square plus a step.
pub const fn step(at: (i32, i32), d: Dir) -> (i32, i32) {
    let (dc, dr) = d.delta();
    (at.0 + dc, at.1 + dr)
}

/// The movement points a step costs, by how far it turns from the craft's facing, or `None`
/// where no step is allowed: star-wars-battle-space.txt, MOVEMENT: "Spacecraft may move 1 space
/// at the following cost of movement points: straight ahead = -1; diagonally = -2; or 90° to
/// either side = -3." Our reading of the missing Figure 1 (docs/rules/space_battle.md, "Figure
/// 1"): "diagonally" is either square diagonally ahead; there is no step backwards; after a
/// step the craft faces the way it stepped.
pub const fn step_cost(turn: i8) -> Option<u8> {
    match turn {
        0 => Some(1),
        -1 | 1 => Some(2),
        -2 | 2 => Some(3),
        _ => None,
    }
}

/// Every step a craft facing `facing` may take: (the way it steps, which it then faces, and
/// the cost), straight ahead first and cheapest first (the reach search relies on it).
pub fn steps(facing: Dir) -> [(Dir, u8); 5] {
    // Eighths of a turn are modulo 8: a mask, in the rules' side's hottest loop.
    let f = facing.0;
    [
        (Dir(f & 7), 1),
        (Dir((f + 1) & 7), 2),
        (Dir((f + 7) & 7), 2),
        (Dir((f + 2) & 7), 3),
        (Dir((f + 6) & 7), 3),
    ]
}

/// Where an attacker stands against its target, as Figure 2 names the squares around a craft
/// (the figure is missing; our drawing is in docs/rules/space_battle.md, "Figure 2").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Position {
    /// The square in front of the target.
    HeadOn,
    /// Either square diagonally in front.
    FrontDiagonal,
    /// Either square beside it.
    Side,
    /// Either square diagonally behind.
    RearDiagonal,
    /// The square behind it.
    Rear,
}

impl Position {
    /// Where a craft at `from` stands against a target at `target` facing `facing`; `None`
    /// unless the squares are adjacent ("A spacecraft must attack from a square adjacent to
    /// the target", COMBAT).
    pub fn of(from: (i32, i32), target: (i32, i32), facing: Dir) -> Option<Position> {
        let d = Dir::of(from.0 - target.0, from.1 - target.1)?;
        Some(match facing.rel(d).abs() {
            0 => Position::HeadOn,
            1 => Position::FrontDiagonal,
            2 => Position::Side,
            3 => Position::RearDiagonal,
            _ => Position::Rear,
        })
    }

    /// How many combats an attack from here makes: star-wars-battle-space.txt, COMBAT: "A
    /// spacecraft attacking head-on or from the front diagonal squares, or from either of the
    /// side squares may engage in combat once, from either of the rear diagonal squares twice,
    /// and from the rear square three times."
    pub const fn combats(self) -> u8 {
        match self {
            Position::HeadOn | Position::FrontDiagonal | Position::Side => 1,
            Position::RearDiagonal => 2,
            Position::Rear => 3,
        }
    }

    /// In words, as the report writes it ("from the rear").
    pub const fn words(self) -> &'static str {
        match self {
            Position::HeadOn => "head-on",
            Position::FrontDiagonal => "from the front diagonal",
            Position::Side => "from the side",
            Position::RearDiagonal => "from the rear diagonal",
            Position::Rear => "from the rear",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_costs_by_its_turn_and_faces_the_way_it_went() {
        let s = steps(Dir::EAST);
        assert_eq!(s[0], (Dir(0), 1));
        assert_eq!(s[1], (Dir(1), 2));
        assert_eq!(s[2], (Dir(7), 2));
        assert_eq!(s[3], (Dir(2), 3));
        assert_eq!(s[4], (Dir(6), 3));
        assert_eq!(step_cost(4), None, "no step backwards");
        assert_eq!(step((3, 3), Dir(3)), (2, 4));
        // Facing diagonally, straight ahead is the diagonal square.
        assert_eq!(step((3, 3), steps(Dir(1))[0].0), (4, 4));
    }

    #[test]
    fn positions_around_a_target_give_the_texts_combats() {
        // A target at (5, 5) facing right (+x).
        let t = (5, 5);
        let f = Dir::EAST;
        let at = |c, r| Position::of((c, r), t, f).map(Position::combats);
        assert_eq!(Position::of((6, 5), t, f), Some(Position::HeadOn));
        assert_eq!(at(6, 6), Some(1));
        assert_eq!(at(5, 4), Some(1));
        assert_eq!(Position::of((4, 6), t, f), Some(Position::RearDiagonal));
        assert_eq!(at(4, 4), Some(2));
        assert_eq!(Position::of((4, 5), t, f), Some(Position::Rear));
        assert_eq!(at(4, 5), Some(3));
        assert_eq!(at(7, 5), None, "not adjacent");
        // Facing up-left, the rear is down-right.
        assert_eq!(Position::of((6, 4), t, Dir(3)), Some(Position::Rear));
    }
}
