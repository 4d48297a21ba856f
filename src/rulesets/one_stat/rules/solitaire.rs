//! The solitaire game's arithmetic: spawn points on a 6" grid, the spawn dice and their table,
//! and the Bounty's shrinking die (one-stat-skirmish.txt, "1 Stat Skirmish – for 1 Player",
//! "Solitaire Scenarios").

use glam::Vec2;
use serde::{Deserialize, Serialize};

use super::fighter::{Specialisation, Tier, Weapon};

/// The square of a 6" grid that a 2d6 roll names ("use 1d6 for the X-axis and 1d6 for the
/// Y-axis to determine the square"): its centre, inches from the table's lower-left corner
/// (a 3' table is six squares a side).
pub fn grid_square(x: u8, y: u8) -> Vec2 {
    Vec2::new(
        (f32::from(x.clamp(1, 6)) - 0.5) * 6.0,
        (f32::from(y.clamp(1, 6)) - 0.5) * 6.0,
    )
}

/// What the spawn dice bring: `(tier, spawn point)` for each opponent, in the order of the
/// spawn points. "Each die showing a unique result = 1 rookie at the spawnpoint with that
/// die's number. Each double = 1 Specialist ... Each triple = 1 Boss ... A quadruple = 2
/// Specialists ... a quintuple = a Boss and a Specialist ... Six in a row = 2 bosses" (six of
/// a kind: docs/rules/one_stat.md, "Six in a row").
pub fn spawn(faces: &[u8; 6]) -> Vec<(Tier, u8)> {
    let mut out = Vec::new();
    for point in 1..=6u8 {
        let n = faces.iter().filter(|f| **f == point).count();
        let tiers: &[Tier] = match n {
            0 => &[],
            1 => &[Tier::Rookie],
            2 => &[Tier::Specialist],
            3 => &[Tier::Boss],
            4 => &[Tier::Specialist, Tier::Specialist],
            5 => &[Tier::Boss, Tier::Specialist],
            _ => &[Tier::Boss, Tier::Boss],
        };
        out.extend(tiers.iter().map(|t| (*t, point)));
    }
    out
}

/// The Bounty's die after `wounds` wounds: "using a d12 ... Each time the Boss receives a
/// wound, his die is reduced by 1 type (i.e. down to d10 after the first wound, and so on).
/// The d6 is his final die." `None` once a wound comes on the d6: he is finished.
pub fn bounty_die(wounds: u32) -> Option<u8> {
    [12, 10, 8, 6].get(wounds as usize).copied()
}

/// One of the eight directions a d8 points ("Move randomly (throw a d8, move stat into
/// direction the d8 is pointing)"): 1 up the table, then clockwise by 45°.
pub fn d8_direction(face: u8) -> Vec2 {
    let turn = f32::from(face.clamp(1, 8) - 1) * std::f32::consts::FRAC_PI_4;
    Vec2::new(turn.sin(), turn.cos())
}

/// The opponents' shared statistics ("all Rookies use the same stat, all Specialists use the
/// same stat and all Bosses use the same stat").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OpponentStats {
    /// Every Rookie's stat (1-6).
    pub rookie: u8,
    /// Every Specialist's stat (1-8).
    pub specialist: u8,
    /// Every Boss's stat (1-10).
    pub boss: u8,
}

impl OpponentStats {
    /// The stat of an opponent of `tier`.
    pub fn of(&self, tier: Tier) -> u8 {
        match tier {
            Tier::Rookie => self.rookie,
            Tier::Specialist => self.specialist,
            Tier::Boss => self.boss,
        }
    }
}

/// One kind of opponent past the shared stats ("For starters, all Rookies use the same stat,
/// all Specialists use the same stat and all Bosses use the same stat. Also, all opposing
/// specialists use the same specialization for starters, but feel free to add variation, as
/// long as you can tell everything apart! Also, make sure you can tell which boss uses which
/// additional specialization!"): an opponent of its tier with its own name, stat,
/// specialisation and, where given, weapons.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpponentProfile {
    /// The tier it is one of.
    pub tier: Tier,
    /// What it is called on the table (`Ghoul`): each spawned one is this and a number, so
    /// one kind is told from another.
    pub name: String,
    /// Its stat, within its tier's die.
    pub stat: u8,
    /// Its specialisation (a Specialist's, or a Boss's additional one; none for a Rookie).
    #[serde(default)]
    pub specialisation: Option<Specialisation>,
    /// Its own weapons (none: the opponents' shared ones).
    #[serde(default)]
    pub weapons: Option<Vec<Weapon>>,
}

/// The profile the `nth` opponent of `tier` to spawn (from 0) takes: the scenario's profiles
/// of that tier in turn, over again from the first once all have come
/// (docs/rules/one_stat.md, "Opponents of their own"); `None` where it lists none of the tier
/// (the shared stat and specialisation).
pub fn profile_for(
    profiles: &[OpponentProfile],
    tier: Tier,
    nth: usize,
) -> Option<&OpponentProfile> {
    let of_tier: Vec<&OpponentProfile> = profiles.iter().filter(|p| p.tier == tier).collect();
    of_tier.get(nth % of_tier.len().max(1)).copied()
}

/// What the third token of Investigate marks ("At this position *something* is happening.
/// Be creative: A doom device is ticking and you've only got d6 turns left to deactivate it
/// (1 roll versus stat or below needed). Cultists awaken a sleeping deity. It's the place of
/// a robbers' hideout. You found the location of the Mars Rover and you are tasked with
/// reactivating it."); how each is played is docs/rules/one_stat.md, "Investigate".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Happening {
    /// "A doom device is ticking and you've only got d6 turns left to deactivate it (1 roll
    /// versus stat or below needed)".
    Doom,
    /// "Cultists awaken a sleeping deity": the deity, a Boss opponent, and its cultists, a
    /// spawn roll, all come at the place; done when the deity is out of the game.
    Deity,
    /// "It's the place of a robbers' hideout": the robbers, a spawn roll, all come at the
    /// place; done when every one of them is out of the game.
    Hideout,
    /// "You found the location of the Mars Rover and you are tasked with reactivating it": a
    /// device, 1 roll at or under a stat in base contact, and no clock.
    Rover,
}

impl Happening {
    /// Every happening, in the text's order of its examples.
    pub const ALL: [Happening; 4] = [
        Happening::Doom,
        Happening::Deity,
        Happening::Hideout,
        Happening::Rover,
    ];

    /// In words.
    pub fn word(self) -> &'static str {
        match self {
            Happening::Doom => "a doom device",
            Happening::Deity => "a sleeping deity",
            Happening::Hideout => "a robbers' hideout",
            Happening::Rover => "the Mars Rover",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issues_spawn_roll() {
        // 1,1,2,3,3,3: a Specialist at 1, a Rookie at 2 and a Boss at 3.
        assert_eq!(
            spawn(&[1, 1, 2, 3, 3, 3]),
            [(Tier::Specialist, 1), (Tier::Rookie, 2), (Tier::Boss, 3)]
        );
    }

    #[test]
    fn the_spawn_table_over_every_pattern_the_text_names() {
        use Tier::*;
        // Six uniques, a double, a triple, a quadruple, a quintuple, six of a kind.
        let cases: [([u8; 6], Vec<(Tier, u8)>); 8] = [
            ([1, 2, 3, 4, 5, 6], (1..=6).map(|p| (Rookie, p)).collect()),
            (
                [4, 4, 1, 2, 3, 5],
                vec![
                    (Rookie, 1),
                    (Rookie, 2),
                    (Rookie, 3),
                    (Specialist, 4),
                    (Rookie, 5),
                ],
            ),
            (
                [6, 6, 6, 2, 2, 1],
                vec![(Rookie, 1), (Specialist, 2), (Boss, 6)],
            ),
            (
                [5, 5, 5, 5, 1, 2],
                vec![(Rookie, 1), (Rookie, 2), (Specialist, 5), (Specialist, 5)],
            ),
            (
                [2, 2, 2, 2, 2, 6],
                vec![(Boss, 2), (Specialist, 2), (Rookie, 6)],
            ),
            ([3, 3, 3, 3, 3, 3], vec![(Boss, 3), (Boss, 3)]),
            (
                [1, 1, 2, 2, 3, 3],
                vec![(Specialist, 1), (Specialist, 2), (Specialist, 3)],
            ),
            ([4, 4, 4, 5, 5, 5], vec![(Boss, 4), (Boss, 5)]),
        ];
        for (faces, want) in cases {
            assert_eq!(spawn(&faces), want, "{faces:?}");
        }
        // Every one of the 6^6 rolls spawns at the faces shown, one tier step per pattern.
        for k in 0..6u32.pow(6) {
            let faces: [u8; 6] = std::array::from_fn(|i| (k / 6u32.pow(i as u32) % 6) as u8 + 1);
            for (_, p) in spawn(&faces) {
                assert!(faces.contains(&p));
            }
        }
    }

    /// Issue 60, "feel free to add variation": each tier's profiles in turn, the first again
    /// after the last; a tier with none listed takes the shared stat.
    #[test]
    fn opponents_take_their_tiers_profiles_in_turn() {
        let p = |tier, name: &str, stat| OpponentProfile {
            tier,
            name: name.into(),
            stat,
            specialisation: None,
            weapons: None,
        };
        let profiles = [
            p(Tier::Rookie, "Ghoul", 2),
            p(Tier::Specialist, "Witch", 6),
            p(Tier::Rookie, "Zombie", 5),
        ];
        let names: Vec<&str> = (0..5)
            .map(|n| {
                profile_for(&profiles, Tier::Rookie, n)
                    .unwrap()
                    .name
                    .as_str()
            })
            .collect();
        assert_eq!(names, ["Ghoul", "Zombie", "Ghoul", "Zombie", "Ghoul"]);
        assert_eq!(profile_for(&profiles, Tier::Specialist, 3).unwrap().stat, 6);
        assert_eq!(profile_for(&profiles, Tier::Boss, 0), None);
    }

    #[test]
    fn the_bounty_drops_a_die_type_a_wound_to_the_d6() {
        let dice: Vec<Option<u8>> = (0..5).map(bounty_die).collect();
        assert_eq!(dice, [Some(12), Some(10), Some(8), Some(6), None]);
    }

    #[test]
    fn spawn_points_lie_in_6_inch_squares_and_a_d8_points_eight_ways() {
        assert_eq!(grid_square(1, 1), Vec2::new(3.0, 3.0));
        assert_eq!(grid_square(6, 2), Vec2::new(33.0, 9.0));
        assert!((d8_direction(1) - Vec2::Y).length() < 1e-6);
        assert!((d8_direction(3) - Vec2::X).length() < 1e-6);
        assert!((d8_direction(5) + Vec2::Y).length() < 1e-6);
    }
}
