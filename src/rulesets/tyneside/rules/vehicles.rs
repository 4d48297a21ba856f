//! Vehicles: tyneside-skirmish.txt, Movement and Vehicle rules (walkers, jet bikes, chin
//! guns) and "Engaging vehicles, etc. with infantry" (heavy lasers, magnetic explosives,
//! light sabres). Rulings in docs/rules/tyneside.md, Vehicles.

use glam::Vec2;
use serde::{Deserialize, Serialize};

use super::range::RangeBand;

/// What kind of vehicle a profile is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Vehicle {
    /// An Imperial walker (AT-ST, AT-DP): armoured; "move at the speed of any infantry with
    /// them, or 12″"; turns 45 degrees per half move; retires backwards at 6".
    Walker,
    /// A jet bike: "may move up to 24″"; turns 45 degrees per quarter at half speed; its rider
    /// can be shot ("Figures on enemy vehicles can be shot at if the enemy fire cannot damage
    /// the vehicle!").
    JetBike,
}

/// A walker alone: "Imperial walkers move at the speed of any infantry with them, or 12″",
/// inches.
pub const WALKER_SPEED: f32 = 12.0;
/// "They may **Retire** backwards at 6″", inches.
pub const WALKER_RETIRE: f32 = 6.0;
/// "They may turn 45 degrees during each half of the move" (walkers); "in each quarter of
/// the move" (jet bikes). Degrees.
pub const TURN_LIMIT: f32 = 45.0;
/// A quarter of a jet bike's 24" move, inches.
pub const JET_BIKE_QUARTER: f32 = 6.0;
/// Chin guns fire "at the nearest group, engaging any figures in a 3″ radius", inches.
pub const ENGAGE_RADIUS: f32 = 3.0;
/// Magnetic explosives "may be thrown by a figure within 6″ of a vehicle", inches.
pub const EXPLOSIVE_REACH: f32 = 6.0;
/// "Explosives wreck a vehicle … (and kill any figure within 2″)", inches.
pub const WRECK_BLAST: f32 = 2.0;

/// Slack for angles read off a mouse drag, degrees.
const ANGLE_SLACK: f32 = 0.5;

/// The heading of direction `dir`, degrees counter-clockwise from +x.
pub fn heading(dir: Vec2) -> f32 {
    dir.y.atan2(dir.x).to_degrees()
}

/// The angle between facing `facing` (degrees) and direction `dir`, degrees in 0..=180.
pub fn turn_angle(facing: f32, dir: Vec2) -> f32 {
    let d = (heading(dir) - facing).rem_euclid(360.0);
    if d > 180.0 { 360.0 - d } else { d }
}

/// Degrees turned this activation: in each half of a walker's move (0 and 1) or each
/// quarter of a jet bike's (0 to 3).
pub type Turned = [f32; 4];

/// Where a vehicle's move stands: before a leg, or after it once checked.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Leg {
    /// Facing, degrees.
    pub facing: f32,
    /// Degrees turned so far this activation.
    pub turned: Turned,
    /// Movement allowance used, inches.
    pub moved: f32,
    /// Whether it has gone backwards (a walker retiring).
    pub backwards: bool,
}

/// Checks one straight leg of a walker from `from` to `to`: the turn it starts with, and the
/// allowance it uses. `now` is the move so far; `cost` what the leg costs over the terrain,
/// `speed` the walker's speed ([`walker_speed`]), inches.
///
/// tyneside-skirmish.txt, Movement: "Imperial walkers move at the speed of any infantry with
/// them, or 12″. They may turn 45 degrees during each half of the move. They may **Retire**
/// backwards at 6″." Rulings (docs/rules/tyneside.md): a leg turns at its start, in the half
/// of the move where it starts; a leg more than 90° off the facing goes backwards (the turn
/// is then measured from straight back, and the walker keeps facing the other way); a walker
/// that retires moves no more than 6" that activation.
///
/// Errors: the leg turns more than is left of the half's 45°, or the move is longer than the
/// allowance (6" once it retires).
pub fn walker_leg(now: Leg, from: Vec2, to: Vec2, cost: f32, speed: f32) -> Result<Leg, String> {
    let dir = to - from;
    let mut leg = Leg {
        moved: now.moved + cost,
        ..now
    };
    if dir.length() < 1e-4 {
        return Ok(leg);
    }
    let off = turn_angle(now.facing, dir);
    let backwards = off > 90.0;
    let turn = if backwards { 180.0 - off } else { off };
    let half = usize::from(now.moved >= speed / 2.0 - 1e-3);
    if now.turned[half] + turn > TURN_LIMIT + ANGLE_SLACK {
        return Err(format!(
            "Vehicle rules: walkers \"may turn 45 degrees during each half of the move\" — this turns {turn:.0}°, {:.0}° left in this half",
            (TURN_LIMIT - now.turned[half]).max(0.0)
        ));
    }
    leg.turned[half] += turn;
    leg.facing = heading(if backwards { -dir } else { dir });
    leg.backwards = now.backwards || backwards;
    let limit = if leg.backwards { WALKER_RETIRE } else { speed };
    if leg.moved > limit + 1e-3 {
        return Err(format!(
            "Vehicle rules: that uses {:.1}\" of the walker's {limit:.0}\"{}",
            leg.moved,
            if leg.backwards {
                " (\"They Retreat backwards at 6\"\")"
            } else {
                " (\"the speed of any infantry with them, or 12\"\")"
            }
        ));
    }
    Ok(leg)
}

/// Checks one straight leg of a jet bike from `from` to `to` over `length` inches of table
/// whose terrain costs `extra` inches more; `now` is the move so far.
///
/// tyneside-skirmish.txt, Movement: "Jet bikes may move up to 24″. They may turn 45 degrees
/// in each quarter of the move – but move at half speed during each quarter they are
/// turning." Rulings (docs/rules/tyneside.md): a quarter is 6" of the allowance; a leg turns
/// at its start, in the quarter where it starts; every inch moved in a quarter the bike turned
/// in costs two.
///
/// Errors: a turn over 45° in a quarter, or over the 24".
pub fn jet_bike_leg(now: Leg, from: Vec2, to: Vec2, extra: f32) -> Result<Leg, String> {
    let dir = to - from;
    let mut leg = now;
    let length = dir.length();
    if length < 1e-4 {
        return Ok(leg);
    }
    let allowance = JET_BIKE_QUARTER * 4.0;
    let quarter = |m: f32| ((m + 1e-4) / JET_BIKE_QUARTER).floor() as usize;
    let turn = turn_angle(now.facing, dir);
    if turn > ANGLE_SLACK {
        let q = quarter(now.moved);
        if q >= 4 || now.turned[q] + turn > TURN_LIMIT + ANGLE_SLACK {
            return Err(format!(
                "Vehicle rules: jet bikes \"may turn 45 degrees in each quarter of the move\" — this turns {turn:.0}°{}",
                if q < 4 {
                    format!(
                        ", {:.0}° left in this quarter",
                        (TURN_LIMIT - now.turned[q]).max(0.0)
                    )
                } else {
                    String::new()
                }
            ));
        }
        // The whole quarter is at half speed: what it already moved straight in this
        // quarter costs its second inch too, and must still fit in the quarter.
        if now.turned[q] == 0.0 {
            let straight = now.moved - q as f32 * JET_BIKE_QUARTER;
            if 2.0 * straight > JET_BIKE_QUARTER + 1e-3 {
                return Err(format!(
                    "Vehicle rules: jet bikes \"move at half speed during each quarter they are turning\" — it has moved {straight:.1}\" of this quarter, more than the {:.0}\" a turning quarter allows",
                    JET_BIKE_QUARTER / 2.0
                ));
            }
            leg.moved += straight;
        }
        leg.turned[q] += turn;
        leg.facing = heading(dir);
    }
    let mut left = length;
    while left > 1e-4 {
        let q = quarter(leg.moved);
        if q >= 4 {
            leg.moved += left;
            break;
        }
        let rate = if leg.turned[q] > 0.0 { 2.0 } else { 1.0 };
        let end = (q + 1) as f32 * JET_BIKE_QUARTER;
        let step = left.min((end - leg.moved) / rate).max(1e-4);
        leg.moved += step * rate;
        left -= step;
    }
    leg.moved += extra;
    if leg.moved > allowance + 1e-3 {
        return Err(format!(
            "Vehicle rules: that uses {:.1}\" of the jet bike's {allowance:.0}\" (\"move at half speed during each quarter they are turning\")",
            leg.moved
        ));
    }
    Ok(leg)
}

/// A walker's speed, inches: "the speed of any infantry with them, or 12″" — the slowest
/// walk of the infantry in its group (`infantry`, inches), or 12" with none.
pub fn walker_speed(infantry: impl Iterator<Item = f32>) -> f32 {
    infantry
        .fold(None, |s: Option<f32>, w| Some(s.map_or(w, |s| s.min(w))))
        .unwrap_or(WALKER_SPEED)
}

/// Chin guns: "Count 1 range band further away if moving and shooting" — point blank reads
/// as medium, medium as long; at long range a moving walker cannot hit (ruling).
pub fn band_when_moving(band: RangeBand) -> Option<RangeBand> {
    match band {
        RangeBand::PointBlank => Some(RangeBand::Medium),
        RangeBand::Medium => Some(RangeBand::Long),
        RangeBand::Long => None,
    }
}

/// The D6 score a heavy laser or missile launcher needs to destroy an armoured vehicle at
/// `band`: "hit and destroy them on a D6 roll of 5+ (Long range) 3+ (Medium range) and 2+
/// (Point blank)" (tyneside-skirmish.txt, Engaging vehicles).
pub fn destroy_score(band: RangeBand) -> i32 {
    match band {
        RangeBand::Long => 5,
        RangeBand::Medium => 3,
        RangeBand::PointBlank => 2,
    }
}

/// Whether a shot from `shooter` strikes the rear of a vehicle at `vehicle` facing `facing`
/// degrees: "Add one to the dice result if firing at a vehicles rear." Ruling: the rear is
/// the quarter within 45° of straight back.
pub fn at_rear(facing: f32, vehicle: Vec2, shooter: Vec2) -> bool {
    turn_angle(facing + 180.0, shooter - vehicle) <= 45.0
}

/// Whether a heavy weapon's D6 `die` destroys a vehicle at `band` (+1 from the rear).
pub fn destroys(die: i32, band: RangeBand, rear: bool) -> bool {
    die + i32::from(rear) >= destroy_score(band)
}

/// Whether a magnetic explosive sticks: "To hit, throw a D6 and score equal or more than the
/// range in inches to the target's base" (`range` base edge to base edge, inches).
pub fn explosive_sticks(die: i32, range: f32) -> bool {
    die as f32 >= range - 1e-3
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn at(facing: f32, moved: f32, turned: Turned, backwards: bool) -> Leg {
        Leg {
            facing,
            turned,
            moved,
            backwards,
        }
    }

    #[test]
    fn walker_turns_45_degrees_in_each_half() {
        // Facing +x, speed 12: 45° left at once, then straight on.
        let leg = walker_leg(
            at(0.0, 0.0, [0.0; 4], false),
            v(0., 0.),
            v(3., 3.),
            4.24,
            12.0,
        )
        .expect("45° in the first half");
        assert!((leg.facing - 45.0).abs() < 0.1 && (leg.turned[0] - 45.0).abs() < 0.1);
        let more = walker_leg(
            at(leg.facing, leg.moved, leg.turned, false),
            v(3., 3.),
            v(3., 6.),
            3.0,
            12.0,
        );
        assert!(more.is_err(), "another 45° in the same half: {more:?}");
        // Past half way (6" of 12), the second half's 45°.
        let later = walker_leg(
            at(45.0, 6.5, leg.turned, false),
            v(0., 0.),
            v(0., 3.),
            3.0,
            12.0,
        )
        .expect("the second half has its own 45°");
        assert!((later.facing - 90.0).abs() < 0.1 && (later.moved - 9.5).abs() < 1e-3);
        assert!(
            walker_leg(
                at(0.0, 0.0, [0.0; 4], false),
                v(0., 0.),
                v(0., 13.),
                13.0,
                12.0
            )
            .is_err()
        );
    }

    #[test]
    fn walker_retires_backwards_at_six_inches() {
        let back = walker_leg(
            at(0.0, 0.0, [0.0; 4], false),
            v(10., 0.),
            v(4., 0.),
            6.0,
            12.0,
        )
        .expect("straight back 6\"");
        assert!(
            back.backwards && back.facing.abs() < 0.1,
            "it keeps its face: {back:?}"
        );
        assert!(
            walker_leg(
                at(0.0, 0.0, [0.0; 4], false),
                v(10., 0.),
                v(3., 0.),
                7.0,
                12.0
            )
            .is_err()
        );
        assert!(
            walker_leg(
                at(0.0, 6.0, [0.0; 4], true),
                v(4., 0.),
                v(5., 0.),
                1.0,
                12.0
            )
            .is_err(),
            "once retired, 6\" is the whole move"
        );
        assert_eq!(walker_speed([5.0, 7.0].into_iter()), 5.0);
        assert_eq!(walker_speed(std::iter::empty()), WALKER_SPEED);
    }

    #[test]
    fn jet_bike_turning_quarters_are_half_speed() {
        // Straight 24".
        let s = jet_bike_leg(at(0.0, 0.0, [0.0; 4], false), v(0., 0.), v(24., 0.), 0.0).unwrap();
        assert!((s.moved - 24.0).abs() < 1e-3);
        assert!(jet_bike_leg(at(0.0, 0.0, [0.0; 4], false), v(0., 0.), v(25., 0.), 0.0).is_err());
        // A 45° turn at the start: the first quarter at half speed (3" for 6"), then 18".
        let d = Vec2::from_angle(45f32.to_radians());
        let t = jet_bike_leg(at(0.0, 0.0, [0.0; 4], false), v(0., 0.), d * 21.0, 0.0).unwrap();
        assert!((t.moved - 24.0).abs() < 1e-3, "{t:?}");
        assert!(jet_bike_leg(at(0.0, 0.0, [0.0; 4], false), v(0., 0.), d * 21.5, 0.0).is_err());
        assert!(
            jet_bike_leg(at(0.0, 0.0, [0.0; 4], false), v(0., 0.), v(0., 2.), 0.0).is_err(),
            "90°"
        );
        // 2" straight, then a 45° turn in the same quarter: the 2" cost double too (4"), and
        // 1" more at half speed ends the quarter (6").
        let straight =
            jet_bike_leg(at(0.0, 0.0, [0.0; 4], false), v(0., 0.), v(2., 0.), 0.0).unwrap();
        let turned = jet_bike_leg(straight, v(2., 0.), v(2., 0.) + d, 0.0).unwrap();
        assert!((turned.moved - 6.0).abs() < 1e-3, "{turned:?}");
        // 5" straight is more than a turning quarter's 3": no turn in that quarter.
        let far = jet_bike_leg(at(0.0, 0.0, [0.0; 4], false), v(0., 0.), v(5., 0.), 0.0).unwrap();
        assert!(jet_bike_leg(far, v(5., 0.), v(5., 0.) + d, 0.0).is_err());
    }

    #[test]
    fn heavy_weapons_against_vehicles() {
        assert!(destroys(5, RangeBand::Long, false) && !destroys(4, RangeBand::Long, false));
        assert!(destroys(4, RangeBand::Long, true), "+1 at the rear");
        assert!(destroys(3, RangeBand::Medium, false) && !destroys(2, RangeBand::Medium, false));
        assert!(
            destroys(2, RangeBand::PointBlank, false) && !destroys(1, RangeBand::PointBlank, false)
        );
        assert!(at_rear(0.0, v(0., 0.), v(-5., 1.)) && !at_rear(0.0, v(0., 0.), v(5., 0.)));
        assert!(
            !at_rear(0.0, v(0., 0.), v(-1., 5.)),
            "the flank is not the rear"
        );
        assert_eq!(
            band_when_moving(RangeBand::PointBlank),
            Some(RangeBand::Medium)
        );
        assert_eq!(band_when_moving(RangeBand::Long), None);
        assert!(explosive_sticks(3, 2.4) && !explosive_sticks(2, 2.4) && explosive_sticks(1, 0.0));
    }
}
