//! The Random movement table: the orders of groups no player's hero leads.
//!
//! tyneside-skirmish.txt, Orders: "Order counters are placed behind groups at the start of a
//! turn, based on the Random movement rules unless a Hero is with the unit (In which case he
//! chooses one)." Random movement: "This is movement made by solo run forces, or groups out of
//! a 6″ radius of a player's character – if within 6″, a player's figure can issue an order to
//! them … If a player issues an order to units, the unit may add/subtract up to D6 to this
//! score."
//!
//! The text prints the table as two columns run together, with most modifier values lost.
//! Holotable's reading (docs/rules/tyneside.md, "The Random movement table", says why):
//!
//! ```text
//! Modifier                                                      | Score      Result
//! Under fire from greater numbers                         -1    | -6 or less Rout
//! Friends within 6" retreating                            -1    | -5 to -4   Retreat
//! No other friends within 12"                             -1    | -3 to -1   Stand if in cover, or Retreat towards
//! Enemy vehicle within 24"                                -1    |            nearest cover further from the
//! Each quarter of unit killed                             -1    |            nearest visible enemy
//! Advancing                                               +1    | 0          Stand in position
//! In cover                                                -1    | 1 to 2     Stand in cover, or Advance
//! Per Hero/Officer within 12"                             +1    | 3 to 4     Advance towards objective, or nearest enemy
//! Under fire from less than half own numbers, or not      +1    | 5 or more  Advance towards nearest enemy, or objective
//!   under fire at all                                           |
//! No enemy in sight                                       +1    |
//! ```
//! No die is rolled for the score itself; the only die is the player's D6 (2D6 for a Gifted
//! commander within 12").

use super::orders::Order;

/// How a group was shot at last turn, by the number of enemy figures that fired at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnderFire {
    /// By more figures than the group has.
    FromGreaterNumbers,
    /// By at least half its numbers, and no more than its numbers.
    FromAsMany,
    /// By fewer than half its numbers, or not at all.
    FromFewOrNone,
}

impl UnderFire {
    /// The band for `shooters` enemy figures firing at a group of `own` figures.
    pub fn of(shooters: u32, own: u32) -> Self {
        if shooters > own {
            UnderFire::FromGreaterNumbers
        } else if 2 * shooters < own || shooters == 0 {
            UnderFire::FromFewOrNone
        } else {
            UnderFire::FromAsMany
        }
    }
}

/// A retreating friendly group this close (inches, figure to figure) is "Friends
/// within 6″ retreating".
pub const RETREATING_FRIENDS_NEAR: f32 = 6.0;
/// Friendly groups, heroes and officers count within this distance, inches.
pub const SUPPORT_NEAR: f32 = 12.0;
/// "Enemy vehicle within 24″", inches, base edge to base edge.
pub const ENEMY_VEHICLE_NEAR: f32 = 24.0;

/// What the table asks about a group at the start of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Situation {
    /// Last turn's fire at it.
    pub under_fire: UnderFire,
    /// A friendly group within 6" is retreating (a Retreat or Rout order, or falling back).
    pub friends_retreating_within_6: bool,
    /// No figure of another friendly group within 12".
    pub no_friends_within_12: bool,
    /// An enemy vehicle within 24".
    pub enemy_vehicle_within_24: bool,
    /// Quarters of the group killed (of its size at game start), 0 to 4.
    pub quarters_killed: u32,
    /// Its order is Advance (or Attack).
    pub advancing: bool,
    /// Half or more of its figures are in cover.
    pub in_cover: bool,
    /// Friendly heroes and officers within 12" (not in the group).
    pub heroes_and_officers_within_12: u32,
    /// None of its figures sees an enemy figure.
    pub no_enemy_in_sight: bool,
}

/// Every modifier that applies to `s`, with its name as the table prints it.
pub fn modifiers(s: &Situation) -> Vec<(&'static str, i32)> {
    let mut m = Vec::new();
    match s.under_fire {
        UnderFire::FromGreaterNumbers => m.push(("Under fire from greater numbers", -1)),
        UnderFire::FromFewOrNone => m.push((
            "Under fire from less than half own numbers, or not under fire at all",
            1,
        )),
        UnderFire::FromAsMany => {}
    }
    if s.friends_retreating_within_6 {
        m.push(("Friends within 6\" retreating", -1));
    }
    if s.no_friends_within_12 {
        m.push(("No other friends within 12\"", -1));
    }
    if s.enemy_vehicle_within_24 {
        m.push(("Enemy vehicle within 24\"", -1));
    }
    if s.quarters_killed > 0 {
        m.push(("Each quarter of unit killed", -(s.quarters_killed as i32)));
    }
    if s.advancing {
        m.push(("Advancing", 1));
    }
    if s.in_cover {
        m.push(("In cover", -1));
    }
    if s.heroes_and_officers_within_12 > 0 {
        m.push((
            "Per Hero/Officer within 12\"",
            s.heroes_and_officers_within_12 as i32,
        ));
    }
    if s.no_enemy_in_sight {
        m.push(("No enemy in sight", 1));
    }
    m
}

/// The table score of `s`: the sum of its modifiers.
pub fn score(s: &Situation) -> i32 {
    modifiers(s).iter().map(|(_, v)| v).sum()
}

/// A result of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reaction {
    /// −6 or less.
    Rout,
    /// −5 to −4.
    Retreat,
    /// −3 to −1: "Stand if in cover, or Retreat towards nearest cover further from the nearest
    /// visible enemy."
    StandInCoverOrRetreat,
    /// 0: "Stand in position".
    StandInPosition,
    /// 1 to 2: "Stand in cover, or Advance".
    StandInCoverOrAdvance,
    /// 3 to 4: "Advance towards objective, or nearest enemy".
    AdvanceObjectiveOrEnemy,
    /// 5 or more: "Advance towards nearest enemy, or objective."
    AdvanceEnemyOrObjective,
}

impl Reaction {
    /// The result for `score`.
    pub fn of(score: i32) -> Self {
        match score {
            i32::MIN..=-6 => Reaction::Rout,
            -5..=-4 => Reaction::Retreat,
            -3..=-1 => Reaction::StandInCoverOrRetreat,
            0 => Reaction::StandInPosition,
            1..=2 => Reaction::StandInCoverOrAdvance,
            3..=4 => Reaction::AdvanceObjectiveOrEnemy,
            _ => Reaction::AdvanceEnemyOrObjective,
        }
    }

    /// The order counter it puts behind a group, in cover or not.
    pub fn order(self, in_cover: bool) -> Order {
        match self {
            Reaction::Rout => Order::Rout,
            Reaction::Retreat => Order::Retreat,
            Reaction::StandInCoverOrRetreat if in_cover => Order::Stand,
            Reaction::StandInCoverOrRetreat => Order::Retreat,
            Reaction::StandInPosition => Order::Stand,
            Reaction::StandInCoverOrAdvance if in_cover => Order::Stand,
            Reaction::StandInCoverOrAdvance
            | Reaction::AdvanceObjectiveOrEnemy
            | Reaction::AdvanceEnemyOrObjective => Order::Advance,
        }
    }

    /// The result as the table prints it.
    pub fn text(self) -> &'static str {
        match self {
            Reaction::Rout => "Rout",
            Reaction::Retreat => "Retreat",
            Reaction::StandInCoverOrRetreat => {
                "Stand if in cover, or Retreat towards nearest cover further from the nearest visible enemy"
            }
            Reaction::StandInPosition => "Stand in position",
            Reaction::StandInCoverOrAdvance => "Stand in cover, or Advance",
            Reaction::AdvanceObjectiveOrEnemy => "Advance towards objective, or nearest enemy",
            Reaction::AdvanceEnemyOrObjective => "Advance towards nearest enemy, or objective",
        }
    }
}

/// The table's bands as shown in the app: (score, result).
pub const BANDS: &[(&str, Reaction)] = &[
    ("-6 or less", Reaction::Rout),
    ("-5 to -4", Reaction::Retreat),
    ("-3 to -1", Reaction::StandInCoverOrRetreat),
    ("0", Reaction::StandInPosition),
    ("1 to 2", Reaction::StandInCoverOrAdvance),
    ("3 to 4", Reaction::AdvanceObjectiveOrEnemy),
    ("5 or more", Reaction::AdvanceEnemyOrObjective),
];

/// The modifiers as shown in the app: (condition, value).
pub const MODIFIERS: &[(&str, &str)] = &[
    ("Under fire from greater numbers", "-1"),
    ("Friends within 6\" retreating", "-1"),
    ("No other friends within 12\"", "-1"),
    ("Enemy vehicle within 24\"", "-1"),
    ("Each quarter of unit killed", "-1 each"),
    ("Advancing", "+1"),
    ("In cover", "-1"),
    ("Per Hero/Officer within 12\"", "+1 each"),
    (
        "Under fire from less than half own numbers, or not under fire at all",
        "+1",
    ),
    ("No enemy in sight", "+1"),
];

/// The orders a player may give a group whose table score is `score`, having rolled `leeway`
/// ("the unit may add/subtract up to D6 to this score"): the order of every score from
/// `score - leeway` to `score + leeway`, in cover or not, without repeats, in table order.
pub fn reachable(score: i32, leeway: i32, in_cover: bool) -> Vec<Order> {
    let mut out: Vec<Order> = Vec::new();
    for s in (score - leeway)..=(score + leeway) {
        let o = Reaction::of(s).order(in_cover);
        if !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quiet() -> Situation {
        Situation {
            under_fire: UnderFire::FromFewOrNone,
            friends_retreating_within_6: false,
            no_friends_within_12: false,
            enemy_vehicle_within_24: false,
            quarters_killed: 0,
            advancing: false,
            in_cover: false,
            heroes_and_officers_within_12: 0,
            no_enemy_in_sight: false,
        }
    }

    #[test]
    fn every_band_and_its_order() {
        let cases = [
            (-7, Order::Rout, Order::Rout),
            (-6, Order::Rout, Order::Rout),
            (-5, Order::Retreat, Order::Retreat),
            (-4, Order::Retreat, Order::Retreat),
            (-3, Order::Retreat, Order::Stand),
            (-1, Order::Retreat, Order::Stand),
            (0, Order::Stand, Order::Stand),
            (1, Order::Advance, Order::Stand),
            (2, Order::Advance, Order::Stand),
            (3, Order::Advance, Order::Advance),
            (5, Order::Advance, Order::Advance),
            (9, Order::Advance, Order::Advance),
        ];
        for (score, open, cover) in cases {
            let r = Reaction::of(score);
            assert_eq!(
                (r.order(false), r.order(true)),
                (open, cover),
                "score {score}"
            );
        }
        // The bands shown cover every score once, in order.
        assert_eq!(BANDS.len(), 7);
        assert_eq!(Reaction::of(-6), BANDS[0].1);
        assert_eq!(Reaction::of(5), BANDS[6].1);
    }

    #[test]
    fn modifiers_add_up_with_their_names() {
        // Not under fire, enemy in sight: +1 — "Stand in cover, or Advance".
        assert_eq!(score(&quiet()), 1);
        let battered = Situation {
            under_fire: UnderFire::FromGreaterNumbers,
            quarters_killed: 2,
            in_cover: true,
            friends_retreating_within_6: true,
            ..quiet()
        };
        // -1 greater numbers, -1 friends retreating, -2 two quarters, -1 in cover = -5.
        assert_eq!(score(&battered), -5);
        assert_eq!(Reaction::of(score(&battered)), Reaction::Retreat);
        let led = Situation {
            heroes_and_officers_within_12: 2,
            advancing: true,
            no_enemy_in_sight: true,
            ..quiet()
        };
        // +1 not under fire, +1 advancing, +2 two heroes/officers, +1 no enemy in sight = 5.
        assert_eq!(score(&led), 5);
        let names: Vec<&str> = modifiers(&led).iter().map(|(n, _)| *n).collect();
        assert!(names.contains(&"No enemy in sight") && names.contains(&"Advancing"));
    }

    #[test]
    fn under_fire_bands() {
        assert_eq!(UnderFire::of(6, 5), UnderFire::FromGreaterNumbers);
        assert_eq!(UnderFire::of(5, 5), UnderFire::FromAsMany);
        assert_eq!(UnderFire::of(3, 5), UnderFire::FromAsMany);
        assert_eq!(UnderFire::of(2, 5), UnderFire::FromFewOrNone);
        assert_eq!(UnderFire::of(0, 1), UnderFire::FromFewOrNone);
    }

    #[test]
    fn a_players_d6_reaches_the_orders_within_it() {
        // Score 1 in the open is Advance; a 1 on the D6 reaches 0 (Stand) and 2 (Advance).
        assert_eq!(reachable(1, 1, false), vec![Order::Stand, Order::Advance]);
        // A 6 from -3 reaches Rout (-9) through to Advance (3).
        assert_eq!(
            reachable(-3, 6, false),
            vec![Order::Rout, Order::Retreat, Order::Stand, Order::Advance]
        );
        assert_eq!(reachable(0, 0, true), vec![Order::Stand]);
    }
}
