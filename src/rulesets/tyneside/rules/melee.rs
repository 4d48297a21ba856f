//! Close combat: tyneside-skirmish.txt, Close Combat ("This occurs when opposing figures are
//! within 1″ of each other"), Jedi/Sith light sabre battles and Other melee.

use serde::{Deserialize, Serialize};

/// Figures within this many inches (base edge to base edge) of an enemy are in close combat.
pub const CLOSE_COMBAT_RANGE: f32 = 1.0;

/// Whether two figures `gap` inches apart, base edge to base edge, are in close combat:
/// "This occurs when opposing figures are within 1″ of each other" (tyneside-skirmish.txt,
/// Close combat); "within" takes in 1″ itself, and a ten-thousandth more for a move's
/// rounding that put bases 1″ apart a hair further.
pub fn in_reach(gap: f32) -> bool {
    gap <= CLOSE_COMBAT_RANGE + 1e-4
}

/// The outcome of a light sabre duel for the loser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelOutcome {
    /// Which fighter lost: 0 for the first, 1 for the second; `None` on a tie.
    pub loser: Option<usize>,
    /// Force points the loser loses.
    pub force_points_lost: u32,
    /// Whether this was the 6-against-1 blow: "If this -8 makes his Force Point total 0, he is
    /// killed."
    pub crushing: bool,
}

/// A light sabre duel between two lightsaber-armed Force users.
///
/// tyneside-skirmish.txt, Jedi/Sith light sabre battles: "Each side rolls D6 and add to the
/// figure's melee value, compare the results, the loser losing the difference (up to a
/// maximum of 4) in Force Points. If one figure rolls a 6, and his opponent a 1, this means the
/// loser loses -8FP."
pub fn duel(melee: [u32; 2], dice: [u8; 2]) -> DuelOutcome {
    let score = [melee[0] + dice[0] as u32, melee[1] + dice[1] as u32];
    if dice[0] == 6 && dice[1] == 1 {
        return DuelOutcome {
            loser: Some(1),
            force_points_lost: 8,
            crushing: true,
        };
    }
    if dice[1] == 6 && dice[0] == 1 {
        return DuelOutcome {
            loser: Some(0),
            force_points_lost: 8,
            crushing: true,
        };
    }
    match score[0].cmp(&score[1]) {
        std::cmp::Ordering::Equal => DuelOutcome {
            loser: None,
            force_points_lost: 0,
            crushing: false,
        },
        std::cmp::Ordering::Greater => DuelOutcome {
            loser: Some(1),
            force_points_lost: (score[0] - score[1]).min(4),
            crushing: false,
        },
        std::cmp::Ordering::Less => DuelOutcome {
            loser: Some(0),
            force_points_lost: (score[1] - score[0]).min(4),
            crushing: false,
        },
    }
}

/// A result of the Other melee chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MeleeResult {
    /// Nothing happens.
    NoEffect,
    /// "Retreat 1″".
    Retreat,
    /// "Knocked out (recovers in D3 turns)*".
    KnockedOut,
    /// "Continue melee normally".
    Continue,
    /// "Wounded*".
    Wounded,
    /// "Killed".
    Killed,
}

impl MeleeResult {
    /// The starred results: "figure is captured if the only friendly figure in contact with
    /// winner".
    pub fn can_capture(self) -> bool {
        matches!(self, MeleeResult::KnockedOut | MeleeResult::Wounded)
    }
}

impl std::fmt::Display for MeleeResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MeleeResult::NoEffect => "no effect",
            MeleeResult::Retreat => "retreat 1\"",
            MeleeResult::KnockedOut => "knocked out",
            MeleeResult::Continue => "continue melee",
            MeleeResult::Wounded => "wounded",
            MeleeResult::Killed => "killed",
        })
    }
}

/// The Other melee chart for a loser who lost by `difference`.
///
/// tyneside-skirmish.txt, Other melee:
/// ```text
///      Unarmoured            Armoured
/// -1   Retreat 1"            No effect
/// -2   Knocked out (D3)*     Retreat 1"
/// -3   Continue melee        Knocked out (D3)*
/// -4   Wounded*              Continue melee
/// -5   Killed                Wounded*
/// -6   Killed                Killed
/// ```
/// "NB: If facing a figure with a light sabre, count unarmoured" (the caller passes
/// `armoured = false` then). Differences beyond 6 read as 6.
pub fn melee_chart(difference: u32, armoured: bool) -> MeleeResult {
    use MeleeResult::*;
    match (difference.min(6), armoured) {
        (0, _) => NoEffect,
        (1, false) => Retreat,
        (2, false) => KnockedOut,
        (3, false) => Continue,
        (4, false) => Wounded,
        (_, false) => Killed,
        (1, true) => NoEffect,
        (2, true) => Retreat,
        (3, true) => KnockedOut,
        (4, true) => Continue,
        (5, true) => Wounded,
        (_, true) => Killed,
    }
}

/// One figure in an Other melee: its melee value and its D6.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Brawler {
    /// Melee value (halved when wounded).
    pub melee: u32,
    /// The D6 it threw.
    pub die: u8,
}

/// One lost contest in an Other melee.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contest {
    /// The loser (index into the brawlers).
    pub loser: usize,
    /// The winner.
    pub winner: usize,
    /// Score difference (1 or more).
    pub difference: u32,
}

/// Scores every pair in base contact and says who lost each contest.
///
/// tyneside-skirmish.txt, Other melee: "throw a D6 for each figure in contact with an enemy
/// figure and compare the results, added to the figure's Melee value. If a figure is fighting
/// multiple opponents, he rolls once and compares his score with the highest D6 score rolled
/// by any of his opponents, which is added to each opponent's melee value." `contacts` lists
/// pairs (i, j) of opposing figures in contact; each pair is one contest, returned in order.
pub fn melee_contests(brawlers: &[Brawler], contacts: &[(usize, usize)]) -> Vec<Contest> {
    let opponents = |f: usize| -> Vec<usize> {
        contacts
            .iter()
            .filter_map(|&(a, b)| {
                if a == f {
                    Some(b)
                } else if b == f {
                    Some(a)
                } else {
                    None
                }
            })
            .collect()
    };
    // The die a figure counts against `against`: if `against` fights several opponents, each
    // of them uses the highest die any of them threw.
    let die_against = |f: usize, against: usize| -> u32 {
        let opps = opponents(against);
        if opps.len() > 1 {
            opps.iter()
                .map(|&o| brawlers[o].die as u32)
                .max()
                .unwrap_or(0)
        } else {
            brawlers[f].die as u32
        }
    };
    contacts
        .iter()
        .filter_map(|&(a, b)| {
            let sa = brawlers[a].melee + die_against(a, b);
            let sb = brawlers[b].melee + die_against(b, a);
            match sa.cmp(&sb) {
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(Contest {
                    loser: b,
                    winner: a,
                    difference: sa - sb,
                }),
                std::cmp::Ordering::Less => Some(Contest {
                    loser: a,
                    winner: b,
                    difference: sb - sa,
                }),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Close combat's reach: within 1″, 1″ itself included, and no further.
    #[test]
    fn close_combat_is_within_one_inch_and_at_it() {
        assert!(in_reach(0.0));
        assert!(in_reach(1.0));
        assert!(!in_reach(1.01));
        assert!(!in_reach(3.0));
    }

    #[test]
    fn duel_difference_capped_at_four() {
        // Vader 10 + 5 against Obi-Wan 10 + 2: Obi-Wan loses 3.
        assert_eq!(
            duel([10, 10], [5, 2]),
            DuelOutcome {
                loser: Some(1),
                force_points_lost: 3,
                crushing: false
            }
        );
        // Luke 9 + 1 against Vader 10 + 5 would be 5: capped at 4 — but a 1 against a 5 is not 6 v 1.
        assert_eq!(
            duel([9, 10], [1, 5]),
            DuelOutcome {
                loser: Some(0),
                force_points_lost: 4,
                crushing: false
            }
        );
        assert_eq!(duel([9, 9], [3, 3]).loser, None);
    }

    #[test]
    fn six_against_one_loses_eight() {
        assert_eq!(
            duel([8, 12], [6, 1]),
            DuelOutcome {
                loser: Some(1),
                force_points_lost: 8,
                crushing: true
            }
        );
        assert_eq!(duel([12, 8], [1, 6]).loser, Some(0));
    }

    #[test]
    fn chart_both_columns() {
        let un: Vec<_> = (1..=7).map(|d| melee_chart(d, false)).collect();
        let ar: Vec<_> = (1..=7).map(|d| melee_chart(d, true)).collect();
        use MeleeResult::*;
        assert_eq!(
            un,
            vec![
                Retreat, KnockedOut, Continue, Wounded, Killed, Killed, Killed
            ]
        );
        assert_eq!(
            ar,
            vec![
                NoEffect, Retreat, KnockedOut, Continue, Wounded, Killed, Killed
            ]
        );
        assert!(KnockedOut.can_capture() && Wounded.can_capture() && !Killed.can_capture());
    }

    #[test]
    fn one_against_two_uses_the_highest_opposing_die() {
        // Chewbacca (9, rolls 2) against two stormtroopers (1, roll 5 and 1): each trooper
        // counts the 5, scoring 6 against Chewie's 11; both lose by 5.
        let b = [
            Brawler { melee: 9, die: 2 },
            Brawler { melee: 1, die: 5 },
            Brawler { melee: 1, die: 1 },
        ];
        let c = melee_contests(&b, &[(0, 1), (0, 2)]);
        assert_eq!(
            c,
            vec![
                Contest {
                    loser: 1,
                    winner: 0,
                    difference: 5
                },
                Contest {
                    loser: 2,
                    winner: 0,
                    difference: 5
                },
            ]
        );
        // One on one: plain dice.
        let b = [Brawler { melee: 2, die: 6 }, Brawler { melee: 1, die: 1 }];
        assert_eq!(
            melee_contests(&b, &[(0, 1)]),
            vec![Contest {
                loser: 1,
                winner: 0,
                difference: 6
            }]
        );
    }
}
