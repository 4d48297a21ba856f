//! Enemy Force Generation: what appears at a portal counter when a player's figures see it.
//!
//! tyneside-skirmish.txt, Enemy Force Generation: "When a player's figure(s) get within LOS of
//! one or more, throw a D6: -1: No contact today with the enemy. +2: Imperial Officer on the
//! table. +1: Each other counter after the first, in LOS of the same enemy. … A natural '1' is
//! always nothing. 1-5: nothing (unless counter is in the open, when an Imperial Probe Droid
//! appears) 6-7: 4 Stormtroopers 8-9: 4 Stormtroopers and a Heavy weapon trooper 10-11 Leader
//! and 2d4 Stormtroopers (Use an Officer instead on a result of 11) 12-13: AT:ST/DP and 2d4
//! Stormtroopers** 14+: Redice for all counters in LOS. Ignore results over 10! If no figures
//! are available to represent the generated force, use the options before in order instead
//! until a deployable force is generated." Rulings in docs/rules/tyneside.md.

use std::collections::BTreeMap;

use glam::Vec2;
use serde::{Deserialize, Serialize};

use crate::rules::terrain::{TerrainPiece, TerrainProperty};

/// What the table calls for, before the figure pool is consulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generated {
    /// Nothing appears.
    Nothing,
    /// "an Imperial Probe Droid appears" (a counter in the open, results 1–5).
    ProbeDroid,
    /// 6–7: "4 Stormtroopers".
    Squad,
    /// 8–9: "4 Stormtroopers and a Heavy weapon trooper".
    SquadWithHeavyWeapon,
    /// 10–11: "Leader and 2d4 Stormtroopers (Use an Officer instead on a result of 11)".
    Leader {
        /// An officer leads (a result of 11).
        officer: bool,
    },
    /// 12–13: "AT:ST/DP and 2d4 Stormtroopers", or a Force user if the scenario says so.
    Walker,
    /// 14+: "Redice for all counters in LOS. Ignore results over 10!"
    Redice,
}

impl std::fmt::Display for Generated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Generated::Nothing => "nothing",
            Generated::ProbeDroid => "an Imperial Probe Droid",
            Generated::Squad => "4 Stormtroopers",
            Generated::SquadWithHeavyWeapon => "4 Stormtroopers and a Heavy weapon trooper",
            Generated::Leader { officer: false } => "a Leader and 2D4 Stormtroopers",
            Generated::Leader { officer: true } => "an Officer and 2D4 Stormtroopers",
            Generated::Walker => "an AT:ST/DP (or a Force user) and 2D4 Stormtroopers",
            Generated::Redice => "a redice for every counter in sight",
        })
    }
}

/// The modifiers of one throw: (name, value).
pub fn modifiers(
    contact: bool,
    officer_on_table: bool,
    counters_in_sight: usize,
) -> Vec<(&'static str, i32)> {
    let mut m = Vec::new();
    if !contact {
        m.push(("No contact today with the enemy", -1));
    }
    if officer_on_table {
        m.push(("Imperial Officer on the table", 2));
    }
    if counters_in_sight > 1 {
        m.push((
            "Each other counter after the first, in LOS",
            counters_in_sight as i32 - 1,
        ));
    }
    m
}

/// The result for a die `natural` (1–6) and modified total `total` at a counter that is in
/// the open or not; `redice` is a throw made for a 14+ ("Ignore results over 10!").
pub fn result(natural: i32, total: i32, in_open: bool, redice: bool) -> Generated {
    if natural == 1 {
        return Generated::Nothing;
    }
    if redice && total > 10 {
        return Generated::Nothing;
    }
    match total {
        i32::MIN..=5 if in_open => Generated::ProbeDroid,
        i32::MIN..=5 => Generated::Nothing,
        6..=7 => Generated::Squad,
        8..=9 => Generated::SquadWithHeavyWeapon,
        10 => Generated::Leader { officer: false },
        11 => Generated::Leader { officer: true },
        12..=13 => Generated::Walker,
        _ => Generated::Redice,
    }
}

/// The profiles a generated force is made of: the text's Imperial figures ("4 Stormtroopers",
/// "a Heavy weapon trooper", "Imperial Officer", "Imperial Probe Droid"), unless the scenario
/// names others. Ruling (docs/rules/tyneside.md): a scenario of another era (Clone
/// Wars droids) brings on its own troops in the same places of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForceProfiles {
    /// Squads and escorts ("Stormtroopers").
    pub trooper: String,
    /// The squad's heavy weapon (8–9).
    pub heavy_weapon: String,
    /// The officer of an 11.
    pub officer: String,
    /// The leader of a 10.
    pub leader: String,
    /// A 1–5 at a counter in the open.
    pub probe: String,
    /// What comes on for 12–13 (a walker, or a Force user), if anything.
    pub walker: Option<String>,
}

impl Default for ForceProfiles {
    fn default() -> Self {
        Self {
            trooper: "Stormtrooper".into(),
            heavy_weapon: "Heavy weapon trooper".into(),
            officer: "Imperial officer".into(),
            leader: "Elite trooper".into(),
            probe: "Imperial Probe Droid".into(),
            walker: None,
        }
    }
}

/// The figures a result needs, by profile name: `escort` is the 2D4 thrown for a leader's or
/// walker's escort; `profiles` the scenario's figures for each place of the table.
pub fn figures(g: Generated, escort: u32, profiles: &ForceProfiles) -> Vec<(String, u32)> {
    let st = |n: u32| (profiles.trooper.clone(), n);
    match g {
        Generated::Nothing | Generated::Redice => Vec::new(),
        Generated::ProbeDroid => vec![(profiles.probe.clone(), 1)],
        Generated::Squad => vec![st(4)],
        Generated::SquadWithHeavyWeapon => vec![st(4), (profiles.heavy_weapon.clone(), 1)],
        Generated::Leader { officer } => vec![
            (
                if officer {
                    &profiles.officer
                } else {
                    &profiles.leader
                }
                .clone(),
                1,
            ),
            st(escort),
        ],
        Generated::Walker => match &profiles.walker {
            Some(w) => vec![(w.clone(), 1), st(escort)],
            None => vec![("(no walker)".into(), 1)],
        },
    }
}

/// The options the text allows when the pool is short at a counter (`open`: in the open): the
/// result itself, then "the options before in order", down to the lowest results: "1-5:
/// nothing (unless counter is in the open, when an Imperial Probe Droid appears)".
pub fn fallbacks(g: Generated, open: bool) -> Vec<Generated> {
    use Generated::*;
    let order = [
        Walker,
        Leader { officer: true },
        Leader { officer: false },
        SquadWithHeavyWeapon,
        Squad,
        ProbeDroid,
    ];
    let start = order.iter().position(|o| *o == g);
    let mut options = match start {
        Some(i) => order[i..].to_vec(),
        None => vec![g],
    };
    if !open {
        options.retain(|o| *o != ProbeDroid);
    }
    options
}

/// Whether `pool` (profile → figures left) can field `needed`.
pub fn deployable(pool: &BTreeMap<String, u32>, needed: &[(String, u32)]) -> bool {
    !needed.is_empty()
        && needed
            .iter()
            .all(|(p, n)| pool.get(p).is_some_and(|have| have >= n))
}

/// Where the figures of a new force stand, one spot per base radius in `radii` (inches), in
/// order: the counter at `at`, then rings 2" apart around it, nearest first; never on or in
/// contact with one of `bases` (centre, radius), the new figures 1" apart as a squad is set
/// down (so each is seen and none starts in base contact), never in impassable terrain or off
/// a table of `size` inches. Fewer spots than figures when the ground is that crowded.
/// Ruling (docs/rules/tyneside.md): "Figures appearing at Portals" stand at the counter.
pub fn arrival_spots(
    at: Vec2,
    radii: &[f32],
    bases: &[(Vec2, f32)],
    size: Vec2,
    terrain: &[TerrainPiece],
) -> Vec<Vec2> {
    let mut taken: Vec<(Vec2, f32)> = bases.to_vec();
    let mut out = Vec::new();
    let rings = (1..8).flat_map(|ring| {
        let n = 6 * ring;
        (0..n).map(move |k| {
            at + Vec2::from_angle(k as f32 * std::f32::consts::TAU / n as f32) * (ring as f32 * 2.0)
        })
    });
    let placed = taken.len();
    for &r in radii {
        let free = |p: Vec2, taken: &[(Vec2, f32)]| {
            p.x >= r
                && p.y >= r
                && p.x <= size.x - r
                && p.y <= size.y - r
                && taken.iter().enumerate().all(|(k, (b, br))| {
                    let gap = if k < placed { 0.0 } else { 1.0 };
                    b.distance(p) >= br + r + gap - 0.01
                })
                && terrain
                    .iter()
                    .all(|t| !t.has(TerrainProperty::Impassable) || t.shape.distance_to(p) >= r)
        };
        let Some(p) = std::iter::once(at)
            .chain(rings.clone())
            .find(|&p| free(p, &taken))
        else {
            break;
        };
        out.push(p);
        taken.push((p, r));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_result_table_row_by_row() {
        assert_eq!(
            result(1, 9, false, false),
            Generated::Nothing,
            "a natural 1"
        );
        assert_eq!(result(5, 5, false, false), Generated::Nothing);
        assert_eq!(result(5, 5, true, false), Generated::ProbeDroid);
        assert_eq!(result(6, 6, false, false), Generated::Squad);
        assert_eq!(result(6, 7, false, false), Generated::Squad);
        assert_eq!(result(6, 8, false, false), Generated::SquadWithHeavyWeapon);
        assert_eq!(
            result(6, 10, false, false),
            Generated::Leader { officer: false }
        );
        assert_eq!(
            result(6, 11, false, false),
            Generated::Leader { officer: true }
        );
        assert_eq!(result(6, 12, false, false), Generated::Walker);
        assert_eq!(result(6, 14, false, false), Generated::Redice);
        assert_eq!(
            result(6, 11, false, true),
            Generated::Nothing,
            "ignore results over 10"
        );
    }

    #[test]
    fn modifiers_as_listed() {
        assert_eq!(
            modifiers(false, false, 1),
            vec![("No contact today with the enemy", -1)]
        );
        let m = modifiers(true, true, 3);
        assert_eq!(m.iter().map(|(_, v)| v).sum::<i32>(), 4);
    }

    #[test]
    fn in_the_open_the_last_option_before_nothing_is_the_probe_droid() {
        // "1-5: nothing (unless counter is in the open, when an Imperial Probe Droid appears)"
        // is an option before the 4 Stormtroopers.
        let open = fallbacks(Generated::Squad, true);
        assert_eq!(open, vec![Generated::Squad, Generated::ProbeDroid]);
        assert_eq!(fallbacks(Generated::Squad, false), vec![Generated::Squad]);
        assert_eq!(
            fallbacks(Generated::ProbeDroid, true),
            vec![Generated::ProbeDroid]
        );
    }

    #[test]
    fn a_short_pool_falls_back_to_the_options_before() {
        let mut pool = BTreeMap::new();
        pool.insert("Stormtrooper".to_string(), 4);
        let imperial = ForceProfiles::default();
        let leader = figures(Generated::Leader { officer: false }, 5, &imperial);
        assert!(!deployable(&pool, &leader));
        let options = fallbacks(Generated::Leader { officer: false }, false);
        let first = options
            .iter()
            .copied()
            .find(|g| deployable(&pool, &figures(*g, 5, &imperial)));
        assert_eq!(first, Some(Generated::Squad));
        assert!(!deployable(
            &BTreeMap::new(),
            &figures(Generated::Squad, 0, &imperial)
        ));
        // A scenario's own troops take the Stormtroopers' places.
        let droids = ForceProfiles {
            trooper: "Battle Droid".into(),
            heavy_weapon: "Super Battle Droid heavy weapon".into(),
            ..ForceProfiles::default()
        };
        assert_eq!(
            figures(Generated::SquadWithHeavyWeapon, 0, &droids),
            vec![
                ("Battle Droid".to_string(), 4),
                ("Super Battle Droid heavy weapon".to_string(), 1)
            ]
        );
    }

    #[test]
    fn a_new_force_stands_around_its_counter_never_on_a_base() {
        let at = Vec2::new(10.0, 10.0);
        let spots = arrival_spots(at, &[0.5; 5], &[(at, 0.5)], Vec2::new(72.0, 48.0), &[]);
        assert_eq!(spots.len(), 5);
        assert!(
            spots
                .iter()
                .all(|p| p.distance(at) >= 1.0 - 0.01 && p.distance(at) < 4.5)
        );
        // A squad set down 1" apart: no two new bases within 1" of each other.
        for (i, a) in spots.iter().enumerate() {
            for b in &spots[i + 1..] {
                assert!(a.distance(*b) >= 2.0 - 0.01, "{a} {b}");
            }
        }
    }
}
