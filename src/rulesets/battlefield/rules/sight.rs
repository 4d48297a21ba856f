//! Line of sight, centre to centre (Shooting: "Take a ruler and place it in a way that it will
//! cross the center of the attacker's hex and the defender's hex"), with the hill, AT-AT and
//! airspeeder exceptions. Rulings: docs/rules/battlefield.md, "Line of sight".

use hexx::Hex;

use super::map::{Map, layout};

/// One step of the line between two hex centres: a hex it enters, or a hexside it runs along
/// (the two hexes either side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The line passes through this hex.
    Hex(Hex),
    /// The line runs exactly along the side between these two hexes.
    Side(Hex, Hex),
}

impl Step {
    /// The hexes this step touches.
    pub fn hexes(self) -> Vec<Hex> {
        match self {
            Step::Hex(h) => vec![h],
            Step::Side(a, b) => vec![a, b],
        }
    }
}

/// The hexes strictly between `a` and `b` along the line joining their centres, from `a`'s
/// end. hexx's rounding decides each step; the line is nudged a hair to either side, and where
/// the two nudges round apart the line runs along a hexside ([`Step::Side`]).
pub fn between(a: Hex, b: Hex) -> Vec<Step> {
    let l = layout();
    let (pa, pb) = (l.hex_to_world_pos(a), l.hex_to_world_pos(b));
    let n = a.unsigned_distance_to(b);
    let d = pb - pa;
    let nudge = d.perp().normalize_or_zero() * 1e-3;
    (1..n)
        .map(|i| {
            let p = pa + d * (i as f32 / n as f32);
            let left = l.world_pos_to_hex(p + nudge);
            let right = l.world_pos_to_hex(p - nudge);
            if left == right {
                Step::Hex(left)
            } else {
                Step::Side(left, right)
            }
        })
        .collect()
}

/// One end of a line of sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    /// Its hex.
    pub hex: Hex,
    /// The unit there flies ("The Airspeeder is, of course, never blocked because it flies").
    pub flies: bool,
    /// The unit there is an AT-AT ("never blocked by anything exept another Walker").
    pub walker_sight: bool,
}

impl End {
    /// An end at `hex` with no exception.
    pub fn at(hex: Hex) -> Self {
        Self {
            hex,
            flies: false,
            walker_sight: false,
        }
    }
}

/// What stands in a hex, as far as sight goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    /// No unit.
    Empty,
    /// A unit (friend or enemy).
    Unit,
    /// A walker (blocks even an AT-AT).
    Walker,
}

/// The answer: whether the line is clear, and if not the hex that blocks it and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Sight {
    /// The line is clear.
    pub clear: bool,
    /// The hex that blocks it (the first, from the first end).
    pub blocked_at: Option<Hex>,
    /// Why, in words (empty when clear).
    pub why: String,
}

impl Sight {
    fn clear() -> Self {
        Self {
            clear: true,
            blocked_at: None,
            why: String::new(),
        }
    }

    fn blocked(at: Hex, why: impl Into<String>) -> Self {
        Self {
            clear: false,
            blocked_at: Some(at),
            why: why.into(),
        }
    }
}

/// Whether `a` and `b` see each other across `map`, with `occupant` saying what stands in each
/// hex between.
///
/// Shooting: "If this line cross a forest hex, a building, a friendly or enemy unit, the line
/// of sight is blocked ... If the line just cross a hexside with forest, the line is not
/// blocked." Exceptions: "A unit located on a hill (on the border hexes ...) can see above
/// units and above forest hexes exept for a shadow zone wich is the hex that follow an
/// obstacle in the line of sight"; "An Imperial Walker AT-AT is never blocked by anything
/// exept another Walker"; "The Airspeeder is ... never blocked because it flies".
///
/// Rulings (docs/rules/battlefield.md, "Line of sight"): sight is mutual ("The Calamari sees
/// the AT-ST too"), so an exception of either end serves both; a line along a hexside is
/// blocked only when both hexes block; a hill between is a ridge that blocks when it is higher
/// than both ends; a unit on a hill's border hex sees over forest, buildings (the worked
/// example sees past a building) and units unless the target stands in the hex just after one
/// of them, counted from the hill.
pub fn line_of_sight(map: &Map, a: End, b: End, occupant: impl Fn(Hex) -> Occupant) -> Sight {
    if a.flies || b.flies {
        return Sight::clear();
    }
    let steps = between(a.hex, b.hex);
    let level = |h: Hex| map.get(h).map_or(0, |t| t.hill);
    if a.walker_sight || b.walker_sight {
        for s in &steps {
            if let Some(&h) = s
                .hexes()
                .iter()
                .find(|h| occupant(**h) == Occupant::Walker)
                .filter(|_| s.hexes().iter().all(|h| occupant(*h) == Occupant::Walker))
            {
                return Sight::blocked(h, "another walker stands in the way of the AT-AT");
            }
        }
        return Sight::clear();
    }
    let ends_level = level(a.hex).max(level(b.hex));
    // The ridge rule comes first: higher ground hides everything behind it.
    for s in &steps {
        let hs = s.hexes();
        if hs.iter().all(|h| level(*h) > ends_level) {
            return Sight::blocked(hs[0], "a higher hill stands between");
        }
    }
    let obstacle = |h: Hex| -> Option<&'static str> {
        match map.get(h) {
            Some(t) if t.ground == super::map::Ground::Forest => Some("forest"),
            Some(t) if t.blocks_sight() => Some("a building"),
            _ if occupant(h) != Occupant::Empty => Some("a unit"),
            _ => None,
        }
    };
    let step_obstacle = |s: &Step| -> Option<(Hex, &'static str)> {
        let hs = s.hexes();
        let found: Vec<(Hex, &'static str)> = hs
            .iter()
            .filter_map(|h| obstacle(*h).map(|w| (*h, w)))
            .collect();
        (found.len() == hs.len()).then(|| found[0])
    };
    // The high end: an end on a hill's border hex, higher than the other end and than every
    // hex between (equal ends on hills both see over).
    let high = |e: End, other: End| {
        map.hill_border(e.hex)
            && level(e.hex) >= level(other.hex)
            && steps
                .iter()
                .all(|s| s.hexes().iter().all(|h| level(*h) < level(e.hex)))
    };
    let from_a = high(a, b);
    let from_b = high(b, a);
    if from_a || from_b {
        if from_a && from_b {
            return Sight::clear();
        }
        // The shadow: the hex next to the low end, if it holds an obstacle.
        let last = if from_a { steps.last() } else { steps.first() };
        return match last.and_then(step_obstacle) {
            Some((h, what)) => Sight::blocked(
                h,
                format!("the target is in the shadow of {what} seen from the hill"),
            ),
            None => Sight::clear(),
        };
    }
    for s in &steps {
        if let Some((h, what)) = step_obstacle(s) {
            return Sight::blocked(h, format!("{what} blocks the line"));
        }
    }
    Sight::clear()
}

#[cfg(test)]
mod tests {
    use super::super::map::{HexTerrain, hex_at};
    use super::*;

    fn map(rows: &[&str]) -> Map {
        Map::from_cells(rows.iter().enumerate().flat_map(|(r, row)| {
            row.split(' ')
                .enumerate()
                .map(move |(c, cell)| ((c as i32, r as i32), HexTerrain::parse_cell(cell).unwrap()))
        }))
    }

    #[test]
    fn forest_and_units_block_a_straight_line() {
        let m = map(&[". . . . . .", ". . f . . .", ". . . . . ."]);
        // Row 1 from column 0 to column 4 runs along hexsides and through hexes in turn.
        let s = line_of_sight(&m, End::at(hex_at(0, 1)), End::at(hex_at(4, 1)), |_| {
            Occupant::Empty
        });
        assert!(!s.clear, "{s:?}");
        let s = line_of_sight(&m, End::at(hex_at(0, 0)), End::at(hex_at(4, 0)), |h| {
            if h == hex_at(2, 0) {
                Occupant::Unit
            } else {
                Occupant::Empty
            }
        });
        assert!(!s.clear, "a unit blocks: {s:?}");
        let s = line_of_sight(&m, End::at(hex_at(0, 2)), End::at(hex_at(4, 2)), |_| {
            Occupant::Empty
        });
        assert!(s.clear, "{s:?}");
    }

    #[test]
    fn a_line_along_a_forest_hexside_is_not_blocked() {
        // Row 1 from column 0 to column 2 runs along the side between (1,0) and (1,1): odd
        // columns sit half a hex lower.
        let steps = between(hex_at(0, 1), hex_at(2, 1));
        assert_eq!(steps, vec![Step::Side(hex_at(1, 0), hex_at(1, 1))]);
        let m = map(&[". f .", ". . ."]);
        let s = line_of_sight(&m, End::at(hex_at(0, 1)), End::at(hex_at(2, 1)), |_| {
            Occupant::Empty
        });
        assert!(
            s.clear,
            "one forest hex beside the line does not block: {s:?}"
        );
        let m = map(&[". f .", ". f ."]);
        let s = line_of_sight(&m, End::at(hex_at(0, 1)), End::at(hex_at(2, 1)), |_| {
            Occupant::Empty
        });
        assert!(!s.clear, "forest on both sides does");
    }

    #[test]
    fn walkers_and_fliers() {
        let m = map(&[". f b f ."]);
        let (a, b) = (hex_at(0, 0), hex_at(4, 0));
        let atat = End {
            walker_sight: true,
            ..End::at(a)
        };
        assert!(line_of_sight(&m, atat, End::at(b), |_| Occupant::Empty).clear);
        let walker_between = |h: Hex| {
            if h == hex_at(2, 0) {
                Occupant::Walker
            } else {
                Occupant::Empty
            }
        };
        assert!(!line_of_sight(&m, atat, End::at(b), walker_between).clear);
        let speeder = End {
            flies: true,
            ..End::at(b)
        };
        assert!(line_of_sight(&m, End::at(a), speeder, walker_between).clear);
    }
}
