//! The components that hold a game's state: figures and groups are entities.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::rules::force::Hold;
use super::rules::force_generation::ForceProfiles;
use super::rules::vehicles::Turned;

use crate::rulesets::tyneside::rules::orders::Order;
use crate::rulesets::tyneside::rules::profile::{Ability, Profile, Weapon};

/// A figure on the table: who it is and what it can do (fixed for the game, but for the side
/// a Mind trick lends it to for a turn).
#[derive(Component, Clone, Debug)]
pub struct Figure {
    /// Scenario id, used by command scripts.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Index of the side it acts for: its own in the scenario, or for the rest of a turn the
    /// side whose Force user has it under a Mind trick ([`Condition::tricked_from`]).
    pub side: usize,
    /// Its profile (tyneside-skirmish.txt tables).
    pub profile: Profile,
    /// Its weapon, if it shoots.
    pub weapon: Option<Weapon>,
    /// Wears armour.
    pub armoured: bool,
    /// A player-controlled hero.
    pub hero: bool,
    /// Never killed, only disabled: a hero, unless the scenario's `heroes_can_die`
    /// (tyneside-skirmish.txt: "Heroes are never killed, just Disabled, unless a scenario rule
    /// allows this").
    pub spared: bool,
    /// Base radius, inches.
    pub base: f32,
    /// Profile abilities plus the scenario's.
    pub abilities: Vec<Ability>,
    /// Spawn order: the stable order every rule iterates in.
    pub index: usize,
}

impl Figure {
    /// Whether it has ability `a`.
    pub fn has(&self, a: Ability) -> bool {
        self.abilities.contains(&a)
    }
}

/// Which group a figure belongs to (a group id).
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Member(pub String);

/// Centre of the figure's base, inches from the table's bottom-left corner.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Position(pub Vec2);

/// Facing, degrees counter-clockwise from +x: a vehicle's turns and rear (Vehicle rules)
/// follow it; every figure faces the way it last moved.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Facing(pub f32);

/// Whether a figure is still fighting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// On the table and fighting.
    Active,
    /// A hero taken out ("Heroes are never killed, just Disabled"), or two wounds.
    Disabled,
    /// Killed.
    Killed,
    /// Captured in close combat.
    Captured,
}

/// What has happened to a figure: wounds, duck back, knock-outs, Force points.
#[derive(Component, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Condition {
    /// Fighting, disabled, killed or captured.
    pub status: Status,
    /// Wounds taken (halve values; two disable).
    pub wounds: u8,
    /// Ducked back through the end of this turn: cannot move or shoot until then.
    pub ducked_back_until: Option<u32>,
    /// Knocked out through the end of this turn.
    pub knocked_out_until: Option<u32>,
    /// Declared hiding: neither sees nor is seen beyond 6".
    pub hidden: bool,
    /// Force points left.
    pub force_points: u32,
    /// A Force hold on it (lightning or choke): (the user's figure index, the hold, turns held
    /// in a row, the last turn).
    pub held: Option<(usize, Hold, u8, u32)>,
    /// A vehicle with a magnetic explosive stuck to it in this turn: wrecked at the beginning
    /// of the next (Engaging vehicles).
    #[serde(default)]
    pub explosive: Option<u32>,
    /// Mind-tricked: (the side that controls it, the turn), for the rest of that turn
    /// (Jedi powers: "May control up to 3 figures").
    #[serde(default)]
    pub controlled: Option<(usize, u32)>,
    /// While mind-tricked: where it came from, to go back at the end of the turn.
    #[serde(default)]
    pub tricked_from: Option<TrickedFrom>,
    /// A Force user its side has made ready to react in the other sides' turns: Defend/Deflect
    /// or Swipe in their fire fights, Block against their Force attacks (Jedi powers).
    #[serde(default)]
    pub ready: bool,
    /// A Force user of the rules' side halted to recover its points: it stays halted until
    /// they are all back (Solo rules for Force users: "will halt inactive to recover the lost
    /// points").
    #[serde(default)]
    pub resting: bool,
}

impl Condition {
    /// Still on the table and fighting.
    pub fn active(&self) -> bool {
        self.status == Status::Active
    }
    /// Ducked back during turn `turn` (from the result through the end of the next turn:
    /// "may not be targeted if behind cover", and unseen beyond 6" in cover).
    pub fn ducked_back(&self, turn: u32) -> bool {
        self.ducked_back_until.is_some_and(|t| t >= turn)
    }
    /// Pinned by a duck back in turn `turn`: tyneside-skirmish.txt, Fire results, "Duck Back:
    /// Figure is unable to move or shoot in their next turn" — the turn after the result, not
    /// the rest of the turn it came in.
    pub fn pinned(&self, turn: u32) -> bool {
        self.ducked_back_until == Some(turn) || self.immobilised(turn)
    }
    /// Whether the figure may move in turn `turn`: not pinned by a duck back or the Force, not
    /// knocked out, as [`movable`](super::phases::movement::movable) refuses it; the table
    /// draws no reach round one that may not.
    pub fn may_move(&self, turn: u32) -> bool {
        !self.pinned(turn) && !self.knocked_out(turn)
    }
    /// Held by Force lightning or a choke in turn `turn`: tyneside-skirmish.txt, Jedi powers,
    /// "Force lightning attacks victims – immobilising them"; a choked figure is held likewise
    /// (ruling: the turn it is struck and the next).
    pub fn immobilised(&self, turn: u32) -> bool {
        self.held
            .is_some_and(|(.., last)| last == turn || last + 1 == turn)
    }
    /// Knocked out during turn `turn`.
    pub fn knocked_out(&self, turn: u32) -> bool {
        self.knocked_out_until.is_some_and(|t| t >= turn)
    }
    /// Wounded (values halved).
    pub fn wounded(&self) -> bool {
        self.wounds > 0
    }
}

/// A mind-tricked figure's own side and group, and whether its controller may "guide" it "to
/// kill their friends" (tyneside-skirmish.txt, Jedi powers: only the Dark Side, and Padawans
/// dabbling with it). Ruling, docs/rules/tyneside.md.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TrickedFrom {
    /// Its own side's index.
    pub side: usize,
    /// Its own group's id.
    pub group: String,
    /// Controlled by a Dark Side user: it may attack its own side.
    pub kill: bool,
}

impl Condition {
    /// The side it fights for in the end: its own, even while a Mind trick has it act for
    /// another (`acting` is [`Figure::side`] now). Victory and the enemy's pool count this.
    pub fn allegiance(&self, acting: usize) -> usize {
        self.tricked_from.as_ref().map_or(acting, |t| t.side)
    }
}

/// What a figure has done this turn (reset at the start of every turn).
#[derive(Component, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnActivity {
    /// The D4 rolled when it declared a run.
    pub run_roll: Option<i32>,
    /// Movement allowance used, inches.
    pub moved: f32,
    /// Distance moved, inches (allowance counts difficult ground double; resting does not).
    #[serde(default)]
    pub travelled: f32,
    /// Its move this turn touched an obstacle: all of it counts double ("Halve movement if …
    /// crossing an obstacle").
    pub obstacle: bool,
    /// Whether it has jumped (one jump per activation).
    pub jumped: bool,
    /// Whether it made a hero shot.
    pub hero_shot: bool,
    /// Whether it shot in a fire fight (leading, combining or returning fire).
    pub fired: bool,
    /// Whether it fought in close combat.
    pub fought: bool,
    /// Whether it treated a wound as a medic.
    pub healed: bool,
    /// Force actions used in its Movement and Shoot/Act activations this turn.
    pub force_actions: (u8, u8),
    /// Enhance: its movement this turn is half as long again.
    pub enhanced: bool,
    /// Wound suppression: it ignores a wound this turn.
    pub suppressed: bool,
    /// 'Seeing': it senses hidden figures this turn.
    pub seeing: bool,
    /// A vehicle's turning so far this turn, degrees per half (walker) or quarter (jet bike)
    /// of its move (Vehicle rules).
    pub turned: Turned,
    /// The door or wall (terrain index) it is cutting a hole in with its light sabre this
    /// turn.
    pub cutting: Option<usize>,
    /// A walker that has retired backwards this turn ("They may **Retire** backwards at 6″").
    pub retired: bool,
}

/// A group: "at least 1 figure" that keeps within 5" (tyneside-skirmish.txt, Groups).
#[derive(Component, Clone, Debug)]
pub struct Group {
    /// Id (scenario id, or `<hero>-alone` for a hero who left a group).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Side index.
    pub side: usize,
    /// Its order counter.
    pub order: Option<Order>,
    /// Figures at game start ("Groups can be merged so long as the total group is not larger
    /// than at game start").
    pub start_size: usize,
    /// Stable order among groups (scenario order; new groups after).
    pub index: usize,
    /// Its next movement activation is replaced by a morale fall-back made in turn n − 1.
    pub fell_back_for_turn: Option<u32>,
    /// Enemy figures that fired at it this turn (for the Random movement table next turn).
    pub fire_this_turn: u32,
    /// Enemy figures that fired at it last turn.
    pub fire_last_turn: u32,
    /// This turn's Random movement table score, for a group no hero is with.
    pub table_score: Option<i32>,
    /// The player's D6 (2D6) to move that score by, once rolled this turn (IssueOrder).
    pub leeway: Option<i32>,
    /// In a game by e-mail: its new order counter lies face down, this the commitment to it
    /// (engine::by_email), until its side turns it over.
    pub face_down: Option<String>,
}

impl Group {
    /// A new group of side `side` under order `order`, `start_size` figures at its start,
    /// `index` its place among the groups; no fire, scores or face-down counter yet.
    pub fn new(
        (id, name): (String, String),
        side: usize,
        order: Option<Order>,
        start_size: usize,
        index: usize,
    ) -> Self {
        Self {
            id,
            name,
            side,
            order,
            start_size,
            index,
            fell_back_for_turn: None,
            fire_this_turn: 0,
            fire_last_turn: 0,
            table_score: None,
            leeway: None,
            face_down: None,
        }
    }
}

/// A portal counter: where the enemy may appear (Game setup; Enemy Force Generation).
#[derive(Component, Clone, Debug, PartialEq)]
pub struct Portal {
    /// Scenario id.
    pub id: String,
    /// Where it is, inches.
    pub at: Vec2,
    /// In the open: a 1–5 there brings an Imperial Probe Droid.
    pub open: bool,
    /// Removed from play once it has produced figures (behind the large rock).
    pub once: bool,
    /// Stable order (scenario order).
    pub index: usize,
}

impl Portal {
    /// How far its counter's diamond reaches from its centre, inches.
    pub const REACH: f32 = 0.8;
    /// The radius of the ring round its counter when it is in the open, inches.
    pub const RING: f32 = 1.1;
}

/// The figures the enemy has left to bring on at portals, and who they are.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct EnemyPool {
    /// The side that generates.
    pub side: usize,
    /// Profile name → figures left.
    pub pool: std::collections::BTreeMap<String, u32>,
    /// Indices of casualties already returned to the pool ("casualties are recycled").
    pub recycled: std::collections::BTreeSet<usize>,
    /// The figures each result brings on.
    pub profiles: ForceProfiles,
    /// Groups generated so far (for new group ids).
    pub generated: usize,
    /// The groups this turn's generation step brought on: they keep their Advance orders
    /// when the enemy's orders are calculated ("Figures appearing at Portals are on **Advance**
    /// orders").
    pub arrived: Vec<String>,
    /// Whether the players' side has met the generating side this game: seen one of its
    /// figures, or fought it (ruling `Contact`: "-1: No contact today with the enemy").
    pub contact: bool,
}

/// Every entity of the current game is marked so the engine can clear it.
pub use crate::engine::game::InGame;
