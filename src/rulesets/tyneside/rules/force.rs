//! Jedi powers: tyneside-skirmish.txt, Jedi powers (section 8). "these prevent shooting by the
//! user unless Jedi or better-- each action costs 1 Force point, which is immediately removed
//! from the characters' total … Any force user may use The Force to perform one action an
//! activation (Sith, and Jedi Masters may use 2 an activation)". Rulings in
//! docs/rules/tyneside.md.

use glam::Vec2;
use serde::{Deserialize, Serialize};

use crate::rules::geometry::point_segment_distance;
use crate::rules::terrain::{TerrainPiece, TerrainProperty};

/// A Force action Holotable plays so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ForcePower {
    /// "Enhance: Double any movement up or down, +50% on the level." (Movement)
    Enhance,
    /// "Wound suppression: Force user may ignore a wound this turn, all values return to
    /// normal. Throw a D6 each turn this is done and score a 6 to make the heal permanent."
    WoundSuppression,
    /// "Force lightning: (Dark Side users only) May attack a figure within 24″ Force lightning
    /// attacks victims – immobilising them, on a 4th continuous turn, it kills the victim."
    /// (Shoot/Act)
    Lightning {
        /// The victim's figure id.
        target: String,
    },
    /// "Force jump: Figure may jump up to (current Force level x D6″) (measure distance up or
    /// over obstacles) (This includes running Force assisted)". Ruling (docs/rules/tyneside.md):
    /// the level is the user's Force points before the jump's point is paid; the jump is the
    /// figure's whole move, over anything on the way. (Movement)
    ForceJump {
        /// Where the base's centre should come down, inches.
        to: (f32, f32),
    },
    /// "Push/pull: User may move (current Force level) figures up to 2D6″, figures are stunned
    /// for 3 turns if they hit a solid object." Ruling (docs/rules/tyneside.md): up to the
    /// user's Force points in figures it sees within [`PUSH_RANGE`], straight away from it (or
    /// towards it), or from a friendly figure it sees ("throw the nearest enemy to that group
    /// back"), one 2D6 roll or less ("up to"); one that hits a solid object is stunned
    /// (knocked out) for 3 turns. (Movement or Shoot/Act)
    Push {
        /// The figures' ids.
        targets: Vec<String>,
        /// Towards the user (or `from`), not away.
        pull: bool,
        /// The friendly figure (id) the figures are thrown straight away from; the user when
        /// none.
        #[serde(default)]
        from: Option<String>,
        /// The most inches to throw them ("up to 2D6″"); the whole roll when none.
        #[serde(default)]
        up_to: Option<f32>,
    },
    /// "'Seeing': Force users can 'see' figures which are hidden (a good way of determining
    /// this is to say if the target figure is within 3″ of a position in which it could be
    /// seen, it can be sensed by a Force user)". Ruling (docs/rules/tyneside.md): an action
    /// (1 FP) in either phase; for the rest of the turn the user senses as seen any figure
    /// within [`SEEING_REACH`] of a point it has a clear line to, hiding or not.
    Seeing,
    /// "Choke: Force user may choke a living opponent, choked force users can only **Block**. Dark
    /// side users may choke their target to death after 3 turns held uninterrupted."
    /// (Shoot/Act)
    Choke {
        /// The victim's figure id.
        target: String,
    },
    /// "Mind Trick: May control up to 3 figures (Basic trooper, Stormtrooper only) if within
    /// 5″, or one at up to 24″." Ruling (docs/rules/tyneside.md): enemy figures the user sees;
    /// for the rest of the turn they act for the user's side, as a group of their own that
    /// activates next; only a Dark Side user may have them attack their own side ("guide
    /// others to kill their friends"). (Movement or Shoot/Act)
    MindTrick {
        /// The figures' ids.
        targets: Vec<String>,
    },
    /// "Lift: User may lift up to (current Force level) mass units and move at users movement
    /// speed. (NB: Mass units are normally man size items, or any size required by the
    /// scenario)". Ruling (docs/rules/tyneside.md): up to the user's Force points in figures on
    /// foot (one unit each) it sees within 24", carried through the air together by one
    /// move of at most the user's walk. (Movement)
    Lift {
        /// The figures' ids.
        targets: Vec<String>,
        /// How far each is carried, inches (x, y).
        by: (f32, f32),
    },
    /// "Activate: Switch switches, activate door mechanisms etc., or deactivate them." Ruling
    /// (docs/rules/tyneside.md): opens a shut door, or shuts an open one, within 24" of the
    /// user. (Movement or Shoot/Act)
    Activate {
        /// The door's terrain id.
        door: String,
    },
}

/// A Force attack that holds its victim turn after turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Hold {
    /// Force lightning.
    Lightning,
    /// Choke.
    Choke,
}

impl Hold {
    /// After how many turns running the hold kills: lightning "on a 4th continuous turn";
    /// choke "after 3 turns held uninterrupted", and only by the Dark Side.
    pub fn kills_after(self, dark_side: bool) -> Option<u8> {
        match self {
            Hold::Lightning => Some(LIGHTNING_KILLS_ON),
            Hold::Choke if dark_side => Some(CHOKE_KILLS_ON),
            Hold::Choke => None,
        }
    }
}

/// Each Force action costs this many Force points.
pub const COST: u32 = 1;
/// Enhance on the level: movement half as long again.
pub const ENHANCE: f32 = 1.5;
/// Force lightning's reach, inches.
pub const LIGHTNING_RANGE: f32 = 24.0;
/// Force lightning kills on this many continuous turns.
pub const LIGHTNING_KILLS_ON: u8 = 4;
/// A Dark Side choke kills after this many turns held.
pub const CHOKE_KILLS_ON: u8 = 3;
/// How far a Force jump reaches, inches: "jump up to (current Force level x D6″)", the level
/// being the user's Force points before the jump's point is paid (docs/rules/tyneside.md).
pub fn force_jump_reach(level: u32, die: i32) -> f32 {
    level as f32 * die as f32
}

/// R2D2's flight: "May fly at 24″ per turn", inches.
pub const FLIGHT: f32 = 24.0;
/// Boba Fett "May fly as Jedi force jump": the Force level of a Jedi (the text's Jedi has 12
/// Force points), so his flight reaches 12 x D6" (ruling, docs/rules/tyneside.md).
pub const JET_PACK_LEVEL: u32 = JEDI;

/// Push/pull's reach, inches: the text gives none; ruling: as far as the Force attacks that
/// have one (lightning's 24").
pub const PUSH_RANGE: f32 = 24.0;
/// Turns a figure thrown against a solid object is stunned ("stunned for 3 turns").
pub const PUSH_STUN_TURNS: u32 = 3;

/// Where a base of radius `r` at `from` ends when thrown `inches` along `dir` (Push/pull), and
/// whether it hit a solid object on the way. It stops short of the first piece that blocks
/// sight, is impassable, is an obstacle or a building (a solid object: "into a wall/trees"),
/// which stuns it; and, unhurt, short of a gap, another base in `bases`, or the table's edge
/// (`size`, inches).
pub fn throw(
    (from, r): (Vec2, f32),
    dir: Vec2,
    inches: f32,
    terrain: &[TerrainPiece],
    size: Vec2,
    bases: &[(Vec2, f32)],
) -> (Vec2, bool) {
    const STEP: f32 = 0.05;
    let touches = |t: &TerrainPiece, p: Vec2| t.shape.contains(p) || t.shape.distance_to(p) < r;
    // Only the pieces the base can come to touch on its way (within r of the whole line, with
    // a hair to spare for rounding), and not those it touches already: the same stops, found
    // without measuring every piece at every step.
    let end = from + dir * (inches + STEP);
    let near: Vec<&TerrainPiece> = terrain
        .iter()
        .filter(|t| t.shape.distance_to_segment(from, end) < r + 1e-3 && !touches(t, from))
        .collect();
    // Likewise only the bases near enough the line to be met.
    let bases: Vec<&(Vec2, f32)> = bases
        .iter()
        .filter(|(c, br)| point_segment_distance(*c, from, end) < r + br)
        .collect();
    let mut at = from;
    let mut d = STEP;
    while d <= inches + 1e-4 {
        let p = from + dir * d;
        if p.x < r || p.y < r || p.x > size.x - r || p.y > size.y - r {
            return (at, false);
        }
        if bases.iter().any(|(c, br)| p.distance(*c) < r + br - 0.01) {
            return (at, false);
        }
        for t in near.iter().filter(|t| touches(t, p)) {
            let solid = [
                TerrainProperty::BlocksLineOfSight,
                TerrainProperty::Impassable,
                TerrainProperty::Obstacle,
                TerrainProperty::Building,
            ]
            .iter()
            .any(|q| t.has(*q));
            if solid {
                return (at, true);
            }
            if t.has(TerrainProperty::Gap) {
                return (at, false);
            }
        }
        at = p;
        d += STEP;
    }
    (at, false)
}

/// Mind trick: "up to 3 figures … if within 5″, or one at up to 24″" (inches, base edge to
/// base edge).
pub const MIND_TRICK_MANY: usize = 3;
/// Mind trick's reach for up to three figures, inches.
pub const MIND_TRICK_NEAR: f32 = 5.0;
/// Mind trick's reach for one figure, inches.
pub const MIND_TRICK_FAR: f32 = 24.0;

/// Whether a figure of roster profile `profile` can be mind-tricked: "(Basic trooper,
/// Stormtrooper only)"; the Heavy weapon trooper is a stormtrooper with the heavy blaster
/// (docs/rules/tyneside.md, Rosters).
pub fn mind_trickable(profile: &str) -> bool {
    matches!(
        profile,
        "Basic trooper" | "Stormtrooper" | "Heavy weapon trooper"
    )
}

/// Checks a Mind trick on figures `gaps` inches away (base edge to base edge): up to three
/// within 5", or a single one within 24" (tyneside-skirmish.txt, Jedi powers).
///
/// Errors: no figure, more than three, or one out of reach, with the text's words.
pub fn mind_trick_reach(gaps: &[f32]) -> Result<(), String> {
    let far = gaps.iter().copied().fold(0.0, f32::max);
    let ok = match gaps.len() {
        0 => false,
        1 => far <= MIND_TRICK_FAR + 1e-3,
        n => n <= MIND_TRICK_MANY && far <= MIND_TRICK_NEAR + 1e-3,
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "Mind Trick: \"May control up to 3 figures … if within 5\", or one at up to 24\"\" — {} figure(s), the furthest {far:.1}\" away",
            gaps.len()
        ))
    }
}

/// Defend/Deflect: "stop a hit on themselves or another figure within 2″", inches, base edge
/// to base edge.
pub const DEFLECT_REACH: f32 = 2.0;
/// Swipe: "under fire at Point blank range from a group with Firepower 5 or more".
pub const SWIPE_FIREPOWER: f32 = 5.0;
/// Block: "they can block the enemy action if they expend 2 Force Points themselves".
pub const BLOCK_COST: u32 = 2;

/// 'Seeing': a figure "within 3″ of a position in which it could be seen" is sensed.
pub const SEEING_REACH: f32 = 3.0;
/// Choke's reach, inches: the text gives none; ruling (docs/rules/tyneside.md): as far as the
/// other Force attack at a distance, lightning.
pub const CHOKE_RANGE: f32 = 24.0;
/// The Force points of the text's Jedi (12) and Jedi Master (13): named characters are placed
/// on the generic table by their own Force points.
const JEDI: u32 = 12;
const JEDI_MASTER: u32 = 13;

/// Force actions an activation for a user whose profile has `force_points`: "Any force user
/// may use The Force to perform one action an activation (Sith, and Jedi Masters may use 2 an
/// activation)". Ruling: 13 or more (Jedi Master 13, Sith 14, Sith Lord 15) is two.
pub fn actions_per_activation(force_points: u32) -> u8 {
    if force_points >= JEDI_MASTER { 2 } else { 1 }
}

/// Whether a user may still shoot in an activation it used the Force in ("these prevent
/// shooting by the user unless Jedi or better"): 12 or more Force points.
pub fn jedi_or_better(force_points: u32) -> bool {
    force_points >= JEDI
}

/// Whether a wound suppressed with a die of `die` heals for good ("score a 6").
pub fn suppression_heals(die: i32) -> bool {
    die == 6
}

/// A hold's run on a victim after `user` holds it with `hold` in `turn`: the continuing count
/// if the same user held it the same way last turn, else 1.
pub fn hold_run(
    previous: Option<(usize, Hold, u8, u32)>,
    user: usize,
    hold: Hold,
    turn: u32,
) -> u8 {
    match previous {
        Some((by, h, n, last)) if by == user && h == hold && last + 1 == turn => {
            n.saturating_add(1)
        }
        Some((by, h, n, last)) if by == user && h == hold && last == turn => n,
        _ => 1,
    }
}

/// Whether a Force user with `points` of its profile's `full` recovers one as its activation
/// ends: Recovering Force points, "1 FP per activation by a user if the figure rests, and does
/// not move more than 3″. If under fire, or doing anything else, FP's cannot be recovered."
/// `moved` is the distance moved this turn, inches (not the allowance used: a 2" walk through
/// woods is a 2" move); `acted` whether it shot, threw, fought or healed.
pub fn recovers_force_point(
    points: u32,
    full: u32,
    moved: f32,
    acted: bool,
    under_fire: bool,
) -> bool {
    points < full && moved <= REST_MOVE + 1e-3 && !acted && !under_fire
}

/// A resting Force user moves no more than this, inches.
pub const REST_MOVE: f32 = 3.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mind_trick_takes_three_within_5_inches_or_one_at_24() {
        assert!(mind_trick_reach(&[1.0, 4.9, 5.0]).is_ok());
        assert!(
            mind_trick_reach(&[1.0, 5.5]).is_err(),
            "two, one beyond 5\""
        );
        assert!(mind_trick_reach(&[1.0, 1.0, 1.0, 1.0]).is_err(), "four");
        assert!(mind_trick_reach(&[23.9]).is_ok());
        assert!(mind_trick_reach(&[24.5]).is_err());
        assert!(mind_trick_reach(&[]).is_err());
        assert!(mind_trickable("Stormtrooper") && mind_trickable("Basic trooper"));
        assert!(
            mind_trickable("Heavy weapon trooper"),
            "a stormtrooper with a heavy blaster"
        );
        assert!(!mind_trickable("Elite trooper") && !mind_trickable("Battle Droid"));
    }

    #[test]
    fn a_throw_stops_stunned_at_a_solid_object_and_unhurt_at_a_gap_a_base_or_the_edge() {
        use crate::rules::geometry::Shape;
        let piece = |p: TerrainProperty| TerrainPiece {
            id: "x".into(),
            kind: crate::rules::terrain::TerrainKind::Other,
            shape: Shape::Rect {
                min: (20.0, 0.0),
                max: (21.0, 20.0),
            },
            properties: vec![p],
        };
        let size = Vec2::new(72.0, 48.0);
        let east = Vec2::X;
        let from = (Vec2::new(15.0, 10.0), 0.5);
        // Open ground: the whole roll.
        let (to, hit) = throw(from, east, 7.0, &[], size, &[]);
        assert!((to.x - 22.0).abs() < 0.06 && !hit, "{to}");
        // A wall (an obstacle): stopped against it, stunned.
        let (to, hit) = throw(
            from,
            east,
            7.0,
            &[piece(TerrainProperty::Obstacle)],
            size,
            &[],
        );
        assert!(to.x <= 19.5 + 1e-3 && to.x > 19.3 && hit, "{to}");
        // A gap: stopped at its edge, unhurt.
        let (to, hit) = throw(from, east, 7.0, &[piece(TerrainProperty::Gap)], size, &[]);
        assert!(to.x < 19.6 && !hit, "{to}");
        // Difficult ground is not solid: thrown across it.
        let (to, hit) = throw(
            from,
            east,
            7.0,
            &[piece(TerrainProperty::Difficult)],
            size,
            &[],
        );
        assert!(to.x > 21.9 && !hit, "{to}");
        // Another base, and the table's edge: stopped unhurt.
        let (to, hit) = throw(from, east, 7.0, &[], size, &[(Vec2::new(18.0, 10.0), 0.5)]);
        assert!(to.x < 17.05 && !hit, "{to}");
        let (to, hit) = throw((Vec2::new(70.0, 10.0), 0.5), east, 7.0, &[], size, &[]);
        assert!(to.x <= 71.5 + 1e-3 && !hit, "{to}");
    }

    #[test]
    fn a_force_jump_reaches_level_times_the_die() {
        assert_eq!(force_jump_reach(14, 2), 28.0);
        assert_eq!(force_jump_reach(1, 6), 6.0, "the last point still counts");
    }

    #[test]
    fn masters_act_twice_and_jedi_may_still_shoot() {
        assert_eq!(actions_per_activation(15), 2, "Sith Lord");
        assert_eq!(actions_per_activation(13), 2, "Jedi Master");
        assert_eq!(actions_per_activation(12), 1, "Jedi");
        assert!(jedi_or_better(12) && !jedi_or_better(10));
    }

    #[test]
    fn lightning_kills_on_the_fourth_continuous_turn_and_a_dark_choke_on_the_third() {
        let mut run = None;
        for turn in 1..=4 {
            let n = hold_run(run, 7, Hold::Lightning, turn);
            run = Some((7, Hold::Lightning, n, turn));
        }
        assert_eq!(run.map(|r| r.2), Hold::Lightning.kills_after(true));
        // A turn missed starts again; another user or another hold starts again.
        assert_eq!(
            hold_run(Some((7, Hold::Lightning, 3, 2)), 7, Hold::Lightning, 4),
            1
        );
        assert_eq!(
            hold_run(Some((7, Hold::Lightning, 3, 3)), 8, Hold::Lightning, 4),
            1
        );
        assert_eq!(
            hold_run(Some((7, Hold::Choke, 2, 3)), 7, Hold::Lightning, 4),
            1
        );
        assert_eq!(Hold::Choke.kills_after(true), Some(3));
        assert_eq!(
            Hold::Choke.kills_after(false),
            None,
            "only the Dark Side chokes to death"
        );
        assert!(suppression_heals(6) && !suppression_heals(5));
    }

    #[test]
    fn resting_recovers_a_point_up_to_the_profile() {
        assert!(recovers_force_point(10, 12, 3.0, false, false));
        assert!(
            !recovers_force_point(12, 12, 0.0, false, false),
            "never above the profile"
        );
        assert!(
            !recovers_force_point(10, 12, 3.5, false, false),
            "moved more than 3\""
        );
        assert!(
            !recovers_force_point(10, 12, 0.0, true, false),
            "did something else"
        );
        assert!(
            !recovers_force_point(10, 12, 0.0, false, true),
            "under fire"
        );
    }
}
