//! A Tyneside scenario (RON): the shared header's fields, the table, its terrain, the sides
//! with their groups and figures, and objectives. Format: docs/scenario-format.md.

use serde::{Deserialize, Serialize};

use super::force_generation::ForceProfiles;

use super::orders::Order;
use super::profile::Ability;
pub use super::victory::Victory;
pub use crate::rules::scenario::Control;
use crate::rules::terrain::TerrainPiece;

/// A whole scenario as written in its RON file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Title shown in the scenario list.
    pub name: String,
    /// Rule set id: `tyneside`.
    pub ruleset: String,
    /// A paragraph for the scenario list: the situation and how to win.
    #[serde(default)]
    pub description: String,
    /// Table width and depth, inches (6×4 ft = 72×48 by default).
    #[serde(default = "default_table")]
    pub table: (f32, f32),
    /// Terrain pieces.
    #[serde(default)]
    pub terrain: Vec<TerrainPiece>,
    /// The sides, two or more; the first listed places its orders first.
    pub sides: Vec<SideDef>,
    /// Objective markers.
    #[serde(default)]
    pub objectives: Vec<Objective>,
    /// The game ends after this turn (none: it ends only when a side is wiped out).
    #[serde(default)]
    pub turn_limit: Option<u32>,
    /// Groups no hero is with take their orders from the Random movement table each turn
    /// (tyneside-skirmish.txt, Orders); `false` is the scenario rule `orders stay as placed`
    /// (the worked shooting example).
    #[serde(default = "default_true")]
    pub random_movement: bool,
    /// Portal counters and the figures the enemy can bring on through them (solo play: Game
    /// setup, Enemy Force Generation).
    #[serde(default)]
    pub enemy_forces: Option<EnemyForces>,
    /// How the winner is decided.
    #[serde(default)]
    pub victory: Victory,
    /// The scenario rule that lets heroes die: "Killed: Figure is Killed or severely wounded,
    /// or otherwise disabled (*Heroes are never killed, just Disabled, unless a scenario rule
    /// allows this.*)" (tyneside-skirmish.txt, Shooting rules, the results). `true`: a hero's
    /// second wound or a killing result kills it like anyone else.
    #[serde(default)]
    pub heroes_can_die: bool,
}

fn default_true() -> bool {
    true
}

fn default_table() -> (f32, f32) {
    (72.0, 48.0)
}

/// One side (player) of a hotseat game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    /// Unique id, e.g. "rebels".
    pub id: String,
    /// Display name, e.g. `Rebel Alliance`.
    pub name: String,
    /// Who plays it: a person (hotseat), or the rules themselves (solo play: "a solo set,
    /// though opposed play is possible").
    #[serde(default)]
    pub control: Control,
    /// An Imperial side: its figures never target, and ignore, C3PO and R2D2
    /// (tyneside-skirmish.txt, Droids: "never targeted by Imperials, and are ignored by them").
    #[serde(default)]
    pub imperial: bool,
    /// The side's groups.
    pub groups: Vec<GroupDef>,
}

/// The enemy's portal counters and figure pool.
///
/// tyneside-skirmish.txt, Game Setup: "take an appropriate number of Entry Portal markers …
/// place them in positions where you would site a machine gun to engage your characters! These
/// MUST normally be placed in positions where your characters cannot see behind them … The
/// number of Portals should normally be 1.5 times the number of figures you are using";
/// Enemy Force Generation: "If you run out of figures, you cannot deploy any until casualties
/// are recycled!"
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyForces {
    /// The id of the side whose figures appear at the portals.
    pub side: String,
    /// The portal counters.
    pub portals: Vec<PortalDef>,
    /// The figures the enemy has to deploy: (profile, how many).
    pub pool: Vec<PoolEntry>,
    /// The profile of a "Leader" (result 10); an Elite trooper if absent.
    #[serde(default = "default_leader")]
    pub leader: String,
    /// What appears on 12–13, "AT:ST/DP and 2d4 Stormtroopers": a walker's profile (`AT-ST`,
    /// `AT-DP`), or a Force user's (the text's "** If desired, replace this selection with an
    /// Inquisitor, or another Force user!"); none: the options before it.
    #[serde(default)]
    pub walker: Option<String>,
    /// The profile of squads and escorts, in place of the text's "Stormtroopers" (a scenario
    /// of another era: Battle Droids).
    #[serde(default = "default_trooper")]
    pub trooper: String,
    /// The squad's heavy weapon (8–9), in place of the heavy weapon trooper.
    #[serde(default = "default_heavy_weapon")]
    pub heavy_weapon: String,
    /// The officer of an 11, in place of the Imperial officer.
    #[serde(default = "default_officer")]
    pub officer: String,
    /// What a 1–5 at a counter in the open brings, in place of the Probe droid.
    #[serde(default = "default_probe")]
    pub probe: String,
}

impl EnemyForces {
    /// The figures each result of the Enemy Force Generation table brings on.
    pub fn profiles(&self) -> ForceProfiles {
        ForceProfiles {
            trooper: self.trooper.clone(),
            heavy_weapon: self.heavy_weapon.clone(),
            officer: self.officer.clone(),
            leader: self.leader.clone(),
            probe: self.probe.clone(),
            walker: self.walker.clone(),
        }
    }
}

fn default_leader() -> String {
    ForceProfiles::default().leader
}

fn default_trooper() -> String {
    ForceProfiles::default().trooper
}

fn default_heavy_weapon() -> String {
    ForceProfiles::default().heavy_weapon
}

fn default_officer() -> String {
    ForceProfiles::default().officer
}

fn default_probe() -> String {
    ForceProfiles::default().probe
}

/// A portal counter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PortalDef {
    /// Unique id.
    pub id: String,
    /// Where it is, inches.
    pub at: (f32, f32),
    /// "in the open" (an open area not in line of sight of the opposition at game start):
    /// a 1–5 there brings an Imperial Probe Droid.
    #[serde(default)]
    pub open: bool,
    /// Produces figures once, then is removed from play: "The large rock may not start a game
    /// with a portal marker behind it, except in a special scenario where it can only produce
    /// figures once (They were hiding behind the rock!) -- then the portal is removed from
    /// play" (tyneside-skirmish.txt, Eliminating Portals). A counter within 2" of a `Rocks`
    /// piece must have it.
    #[serde(default)]
    pub once: bool,
    /// Starts in sight of the players' figures: a special scenario's exception to "These MUST
    /// normally be placed in positions where your characters cannot see behind them"
    /// (tyneside-skirmish.txt, Game Setup), such as an ambush sprung at once. Without it, a
    /// counter that a figure of another side sees at the start is refused.
    #[serde(default)]
    pub in_sight: bool,
}

/// Figures of one profile in the enemy's pool.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PoolEntry {
    /// Profile name from the roster.
    pub profile: String,
    /// How many.
    pub count: u32,
}

/// A group: "at least 1 figure", kept within 5" of each other (tyneside-skirmish.txt, Groups).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupDef {
    /// Unique id within the scenario.
    pub id: String,
    /// Display name, e.g. "Stormtroopers (A)".
    pub name: String,
    /// The order counter it starts with (kept while it is out of command).
    #[serde(default)]
    pub order: Option<Order>,
    /// Its figures.
    pub figures: Vec<FigureDef>,
}

/// One figure on the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureDef {
    /// Unique id within the scenario, used by command scripts.
    pub id: String,
    /// Display name (the profile's name if absent).
    #[serde(default)]
    pub name: Option<String>,
    /// Profile name from assets/rosters/tyneside/profiles.ron, e.g. "Stormtrooper".
    pub profile: String,
    /// Centre of its base, inches from the bottom-left corner.
    pub at: (f32, f32),
    /// Facing in degrees (0 = towards +x, counter-clockwise).
    #[serde(default)]
    pub facing: f32,
    /// Wears armour ('W' becomes 'D'); the profile's value if absent.
    #[serde(default)]
    pub armour: Option<bool>,
    /// Weapon name from weapons.ron; the profile's if absent.
    #[serde(default)]
    pub weapon: Option<String>,
    /// Abilities added to the profile's (e.g. Medic).
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// A player-controlled hero: never killed, only disabled; may hero-shoot, join and leave
    /// groups, give orders, ignore morale.
    #[serde(default)]
    pub hero: bool,
    /// Wears a stormtrooper's helmet: "Stormtrooper values are used for other people wearing
    /// their helmets" (tyneside-skirmish.txt, Shooting rules, the range table's note): a
    /// Blaster shoots at the Stormtrooper blaster's ranges, a Heavy Blaster at the Stormtrooper
    /// heavy blaster's.
    #[serde(default)]
    pub helmet: bool,
    /// Its Force points, in place of its profile's, for a Force user: "The Force points a
    /// figure has is not fixed, it would be appropriate to raise some and reduce others
    /// dependant on the user's age, and experience" (tyneside-skirmish.txt, Jedi powers).
    /// It starts with them and recovers up to them.
    #[serde(default)]
    pub force_points: Option<u32>,
    /// Starts the game hiding: "If declared hiding … they can neither see or be seen unless
    /// within 6″" (tyneside-skirmish.txt, Visibility), until it moves or shoots. Not for a
    /// vehicle.
    #[serde(default)]
    pub hidden: bool,
    /// Base radius, inches (0.5 for a 25 mm base).
    #[serde(default = "default_base")]
    pub base: f32,
}

fn default_base() -> f32 {
    0.5
}

/// An objective marker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Where it is, inches.
    pub at: (f32, f32),
    /// A side holds it with a figure within this many inches and no enemy figure as close.
    #[serde(default = "default_objective_radius")]
    pub radius: f32,
}

fn default_objective_radius() -> f32 {
    3.0
}
