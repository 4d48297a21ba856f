//! 1 Stat Skirmish scenarios (RON): the table, the terrain with the text's three answers (or
//! one of its examples by name), the players with their warbands and corners, and what wins.
//! Every problem names file, line and column. Format: docs/scenario-format.md, "one_stat".

use std::collections::HashSet;

use glam::Vec2;
use serde::{Deserialize, Serialize};

use super::terrain::{Answers, PRESETS};
use super::warband::{Warband, WarbandKind, check};
use crate::rules::geometry::Shape;
use crate::rules::scenario::{Control, Errors, ScenarioError, ron_error, ron_options};
use crate::rules::terrain::{TerrainKind, TerrainPiece};

/// A corner of the table, where a warband starts ("Each plaxer starts with his warband
/// within 5″ of a corner. Take opposing corners for 2 players").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Corner {
    /// At (0, 0).
    BottomLeft,
    /// At (width, depth).
    TopRight,
    /// At (0, depth).
    TopLeft,
    /// At (width, 0).
    BottomRight,
}

impl Corner {
    /// The corners in the order players take them: two players opposing corners, a third
    /// and a fourth the others.
    pub const IN_TURN: [Corner; 4] = [
        Corner::BottomLeft,
        Corner::TopRight,
        Corner::TopLeft,
        Corner::BottomRight,
    ];

    /// The corner's point on a table of `size`, inches.
    pub fn point(self, size: Vec2) -> Vec2 {
        match self {
            Corner::BottomLeft => Vec2::ZERO,
            Corner::TopRight => size,
            Corner::TopLeft => Vec2::new(0.0, size.y),
            Corner::BottomRight => Vec2::new(size.x, 0.0),
        }
    }

    /// The corner across the table from it ("Take opposing corners for 2 players").
    pub fn opposite(self) -> Corner {
        match self {
            Corner::BottomLeft => Corner::TopRight,
            Corner::TopRight => Corner::BottomLeft,
            Corner::TopLeft => Corner::BottomRight,
            Corner::BottomRight => Corner::TopLeft,
        }
    }

    /// The corner in words.
    pub fn word(self) -> &'static str {
        match self {
            Corner::BottomLeft => "bottom left",
            Corner::TopRight => "top right",
            Corner::TopLeft => "top left",
            Corner::BottomRight => "bottom right",
        }
    }
}

/// How far from its corner a warband starts, inches ("within 5″ of a corner").
pub const START_AREA: f32 = 5.0;

/// A fighter's base radius, inches: a 25 mm round base.
pub const BASE: f32 = 0.5;

/// One player.
#[derive(Clone, Debug, PartialEq, serde::Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// A person or the rules.
    #[serde(default)]
    pub control: Control,
    /// Its corner (none: the next of [`Corner::IN_TURN`] in the players' order).
    #[serde(default)]
    pub corner: Option<Corner>,
    /// Its warband.
    pub warband: Warband,
}

/// One terrain piece: one of the text's examples by name, or its three answers.
#[derive(Clone, Debug, PartialEq, serde::Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainDef {
    /// Unique id.
    pub id: String,
    /// One of the text's examples (`high grass`, `wall`, `lake` …: [`PRESETS`]).
    #[serde(default)]
    pub preset: Option<String>,
    /// Its answers, where it is no example (or to change one's).
    #[serde(default)]
    pub answers: Option<Answers>,
    /// How it is drawn (the example's where not given, else "other").
    #[serde(default)]
    pub kind: Option<TerrainKind>,
    /// Its outline, inches.
    pub shape: Shape,
    /// How high its top is, inches, for a piece a fighter may climb onto ("A fighter can
    /// climb terrain if the top of the terrain piece to climb on lies within movement
    /// allowance"); none: it is not climbed.
    #[serde(default)]
    pub height: Option<f32>,
}

/// What wins (one-stat-skirmish.txt, "Szenarios").
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum Goal {
    /// "The classic – fight, until there is only 1 warband left."
    #[default]
    LastManStanding,
    /// "Place a KOTH coken in the centre. The first player to being the only player with at
    /// least 1 fighter in base to base contact to the token for 1 full turn wins."
    KingOfTheHill,
    /// "Place a treasure token in the centre. 1 action to pick up the treasure, 1 wound to let
    /// it drop in place. Whoever carries the token back to the starting area wins."
    TreasureHunt,
    /// An Action scenario: "Place a D8 in the centre of the battlefield, showing the 8 face.
    /// That's the bomb ... Whoever carries the bomb into the opposing starting area,
    /// detonates the bomb and scores a Victory Point. First Team with 2VP wins."
    BombingRun,
    /// An Action scenario: "Place a flag token in the corner of your starting area ...
    /// Whoever carries the flag back to his starting area scores a Victory Point. First team
    /// with 2VP wins."
    CaptureTheFlag,
    /// Solitaire: "In the opposing corner there is a Boss type opponent, stat 5, using a d12
    /// and the veteran specialization ... Go and finish him!"
    Bounty,
    /// Solitaire: "Place 6 treasure tokens randomly ... Collect all of them."
    Collect,
    /// Solitaire: "Escort a separate, additional miniature from one corner to the other. The
    /// miniature to be escorted is a Rookie, stat 4, who cannot attack."
    Escort,
    /// Solitaire: "Place 2 clue tokens randomly ... Once you got both tokens, place the 3rd
    /// token randomly": a doom device with d6 turns left (docs/rules/one_stat.md,
    /// "Investigate").
    Investigate,
    /// Solitaire: "Place a hostage (a separate miniature) in the opposing corner. You've got 6
    /// turns to bring one of your fighters in base to base contact to the hostage".
    Rescue,
    /// Solitaire, Rescue's "Increased difficulty: Play directly an Escort mission afterwards
    /// and escort the hostage back to your home corner."
    RescueThenEscort,
    /// Solitaire: "Treat the spawnpoints as devices ... Shut all of them down and eliminate
    /// the opponents."
    Shutdown,
}

impl Goal {
    /// Its name as the text prints it.
    pub fn word(&self) -> &'static str {
        match self {
            Goal::LastManStanding => "Last Man Standing",
            Goal::KingOfTheHill => "King of the Hill",
            Goal::TreasureHunt => "Treasure Hunt",
            Goal::BombingRun => "Bombing Run",
            Goal::CaptureTheFlag => "Capture the Flag",
            Goal::Bounty => "Bounty",
            Goal::Collect => "Collect",
            Goal::Escort => "Escort",
            Goal::Investigate => "Investigate",
            Goal::Rescue => "Rescue",
            Goal::RescueThenEscort => "Rescue, then Escort",
            Goal::Shutdown => "Shutdown",
        }
    }

    /// An Action scenario ("Action Szenarios follow some special rules: The battlefield is
    /// reduced to 2'x2' ... 1 Boss, 2 Specialists and 2 Rookies ... A wounded fighter
    /// recovers automatically ... A killed fighter spawns at the beginning of a player's turn
    /// in his starting area").
    pub fn is_action(&self) -> bool {
        matches!(self, Goal::BombingRun | Goal::CaptureTheFlag)
    }

    /// One of the solitaire scenarios ("Solitaire Scenarios").
    pub fn is_solitaire(&self) -> bool {
        matches!(
            self,
            Goal::Bounty
                | Goal::Collect
                | Goal::Escort
                | Goal::Investigate
                | Goal::Rescue
                | Goal::RescueThenEscort
                | Goal::Shutdown
        )
    }
}

/// The Trigger Device ("Regard this as an addon rather than a separate mission: Place a stack
/// of 3 tokens in the centre of the board ... One player's fighters can manipulate the device
/// by removing tokens, the other player manipulates the device by adding tokens. Players
/// agree, who moves the stack in which direction!").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeviceDef {
    /// The player who adds tokens, and what the device does for him at 6.
    pub adding: DeviceSide,
    /// The player who removes tokens, and what the device does for him at 0.
    pub removing: DeviceSide,
}

/// One player's end of the Trigger Device.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeviceSide {
    /// The player's side id.
    pub side: String,
    /// What the device does in his favour when he reaches his goal.
    pub effect: DeviceEffect,
}

/// What the device does in favour of the player who reaches his goal ("Examples are: Open a
/// gate, activate any fighter additionally to his regular activation, gain a reroll,
/// resurrect a friendly fighter, attack an opposing fighter, attack an area – you decide!").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DeviceEffect {
    /// "Open a gate": the terrain piece with this id is gone.
    OpenGate(String),
    /// "activate any fighter additionally to his regular activation": the player activates
    /// one fighter of his at once, besides its own activation.
    Activate,
    /// "resurrect a friendly fighter": his first fighter out of the game (highest tier first)
    /// stands again in his starting area.
    Resurrect,
    /// The device wins the game for him (a scenario's own choice).
    Win,
    /// "gain a reroll": he may throw one roll of his own again, right after the command that
    /// threw it (docs/rules/one_stat.md, "The Trigger Device").
    Reroll,
    /// "attack an opposing fighter": the device attacks one he chooses, anywhere on the
    /// table, with the die and stat of the fighter who worked it.
    AttackFighter,
    /// "attack an area": the device attacks every fighter within 2" of a point he chooses,
    /// each separately, with the die and stat of the fighter who worked it.
    AttackArea,
}

impl DeviceEffect {
    /// In words.
    pub fn word(&self) -> String {
        match self {
            DeviceEffect::OpenGate(id) => format!("opens the {}", id.replace('_', " ")),
            DeviceEffect::Activate => "activates a fighter besides his own activation".into(),
            DeviceEffect::Resurrect => "resurrects a fighter".into(),
            DeviceEffect::Win => "wins the game".into(),
            DeviceEffect::Reroll => "gives a reroll".into(),
            DeviceEffect::AttackFighter => "attacks an opposing fighter".into(),
            DeviceEffect::AttackArea => "attacks an area".into(),
        }
    }
}

/// A whole scenario.
#[derive(Clone, Debug, PartialEq, serde::Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Title.
    pub name: String,
    /// `"one_stat"`.
    pub ruleset: String,
    /// For the scenario list.
    #[serde(default)]
    pub description: String,
    /// The players, two to four.
    pub sides: Vec<SideDef>,
    /// The game ends after this phase at the latest (none: only when the goal is reached).
    #[serde(default)]
    pub turn_limit: Option<u32>,
    /// Width and depth, inches ("A gaming area, roughly 3'x3'").
    #[serde(default = "three_feet")]
    pub table: (f32, f32),
    /// The terrain ("Place as much terrain as desired").
    #[serde(default)]
    pub terrain: Vec<TerrainDef>,
    /// What wins.
    #[serde(default)]
    pub goal: Goal,
    /// A solitaire game: the second player is the opponents, spawned and run by the rules.
    #[serde(default)]
    pub solitaire: Option<SolitaireDef>,
    /// The Trigger Device add-on, in the table's centre.
    #[serde(default)]
    pub device: Option<DeviceDef>,
    /// How each warband stands in its corner at the start: packed (the default, as every
    /// game saved before the choice was made began) or spread.
    #[serde(default, skip_serializing_if = "StartLayout::is_packed")]
    pub start: StartLayout,
}

/// The solitaire opponents (one-stat-skirmish.txt, "1 Stat Skirmish – for 1 Player").
#[derive(Clone, Debug, PartialEq, serde::Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolitaireDef {
    /// "all Rookies use the same stat, all Specialists use the same stat and all Bosses use
    /// the same stat".
    pub stats: super::solitaire::OpponentStats,
    /// What every opponent carries.
    pub weapons: Vec<super::fighter::Weapon>,
    /// The opponent Specialists' one specialisation.
    #[serde(default)]
    pub specialisation: Option<super::fighter::Specialisation>,
    /// Opponents of their own ("feel free to add variation"): an opponent of a tier listed
    /// here spawns as the tier's next profile in turn, the others with the shared stat and
    /// specialisation (docs/rules/one_stat.md, "Opponents of their own").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub profiles: Vec<super::solitaire::OpponentProfile>,
    /// Investigate: what each pair of clues leads to, in order (none: the doom device alone,
    /// the text's first example); a pair of clues more for each after the first ("feel free to
    /// place more clue counters for more events to reveal").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub happenings: Vec<super::solitaire::Happening>,
}

fn three_feet() -> (f32, f32) {
    (36.0, 36.0)
}

/// The table's size limits, inches: a fighter's move must fit, and nothing is as large as a
/// hall.
const TABLE: std::ops::RangeInclusive<f32> = 12.0..=120.0;

impl TerrainDef {
    /// The piece as the shared rules read it.
    ///
    /// Errors: a preset the text does not have.
    pub fn piece(&self) -> Result<TerrainPiece, String> {
        let preset = match &self.preset {
            Some(p) => Some(PRESETS.iter().find(|(n, _, _)| n == p).ok_or_else(|| {
                format!(
                    "terrain {}: no example \"{p}\" in the text; it has {}",
                    self.id,
                    PRESETS.map(|p| p.0).join(", ")
                )
            })?),
            None => None,
        };
        let answers = self.answers.or(preset.map(|p| p.2)).ok_or_else(|| {
            format!(
                "terrain {}: give a preset or its answers (accessible, visible, cover): \"Players have to agree before a match, which piece of terrain falls under yes or no\"",
                self.id
            )
        })?;
        Ok(TerrainPiece {
            id: self.id.clone(),
            kind: self
                .kind
                .or(preset.map(|p| p.1))
                .unwrap_or(TerrainKind::Other),
            shape: self.shape.clone(),
            properties: answers.properties(),
        })
    }
}

/// How a warband stands in its corner at the start. The text says only "Each plaxer starts
/// with his warband within 5″ of a corner" (Setup), so the layout is ours: ruling in
/// docs/rules/one_stat.md, "Setting up".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum StartLayout {
    /// As far apart as the warband's size allows (2.4", 1.8", 1.5" or 1.2"): each base keeps room
    /// to be drawn with its stat readable while the whole table is in view. The bundled
    /// scenarios and the editor's new ones ask for it.
    Spread,
    /// 1.2" apart whatever the warband's size. The default: a save carries its scenario's
    /// text, and every game saved before this choice existed began packed, so it must replay
    /// so.
    #[default]
    Packed,
}

impl StartLayout {
    fn is_packed(&self) -> bool {
        *self == StartLayout::Packed
    }
}

/// Where each fighter of a warband of `n` starts in `corner` of a table of `size`: its
/// base wholly within 5" of the corner, nearest the corner first, laid out by `layout`; past
/// the [`MOST_IN_CORNER`] that fit, in further ranks behind them at the same spacing (the text
/// sets no cap on a warband: docs/rules/one_stat.md, "Setting up").
pub fn start_places(corner: Corner, size: Vec2, n: usize, layout: StartLayout) -> Vec<Vec2> {
    start_places_at(corner.point(size), n, layout)
}

/// [`start_places`] of the corner at `c`, inches (a corner at x 0 faces right, any other
/// left; at y 0 up, any other down). The first place is the same in every layout.
pub fn start_places_at(c: Vec2, n: usize, layout: StartLayout) -> Vec<Vec2> {
    // Cells of a square lattice within `reach` of the corner (each base wholly within it).
    let lattice_within = |spacing: f32, reach: f32| -> Vec<Vec2> {
        let steps: Vec<f32> = (0..)
            // To the tenth, as written: (3.0, 3.0) and (0.6, 4.2) lie equally far from the
            // corner, and float dust must not reorder them.
            .map(|k| ((0.6 + k as f32 * spacing) * 10.0).round() / 10.0)
            .take_while(|s| s + BASE <= reach)
            .collect();
        let mut cells: Vec<Vec2> = steps
            .iter()
            .flat_map(|&x| steps.iter().map(move |&y| Vec2::new(x, y)))
            .filter(|p| p.length() + BASE <= reach)
            .collect();
        cells.sort_by(|a, b| a.length().total_cmp(&b.length()).then(a.x.total_cmp(&b.x)));
        cells
    };
    let lattice = |spacing: f32| lattice_within(spacing, START_AREA);
    let spacings: &[f32] = match layout {
        StartLayout::Spread => &[2.4, 1.8, 1.5],
        StartLayout::Packed => &[],
    };
    let cells = spacings
        .iter()
        .map(|&s| lattice(s))
        .find(|cells| cells.len() >= n)
        .unwrap_or_else(|| {
            // The packed 1.2" lattice, reaching out rank by rank until all stand: its cells
            // within 5" come first, so the first eleven stand as in a smaller warband.
            let mut reach = START_AREA;
            loop {
                let cells = lattice_within(1.2, reach);
                if cells.len() >= n {
                    break cells;
                }
                reach += 1.2;
            }
        });
    let dir = Vec2::new(
        if c.x > 0.0 { -1.0 } else { 1.0 },
        if c.y > 0.0 { -1.0 } else { 1.0 },
    );
    cells.into_iter().take(n).map(|p| c + p * dir).collect()
}

/// The most fighters that stand within 5" of a corner ([`start_places`]); a larger warband's
/// others stand in ranks behind them.
pub const MOST_IN_CORNER: usize = 11;

/// Why the warbands of `s` cannot all stand at the start (a base off the table, or on another
/// warband's): a warband too large for its corner stands in ranks behind it, which a small
/// table cannot hold; `None` when they can.
pub fn crowded(s: &Scenario) -> Option<String> {
    let size = Vec2::new(s.table.0, s.table.1);
    let skip = usize::from(s.goal == Goal::CaptureTheFlag);
    let corners = corners(s);
    let mut placed: Vec<(usize, Vec2)> = Vec::new();
    for (k, d) in s.sides.iter().enumerate() {
        if s.solitaire.is_some() && k == 1 {
            continue;
        }
        for at in start_places(corners[k], size, d.warband.fighters.len() + skip, s.start) {
            if at.x < BASE || at.y < BASE || at.x > size.x - BASE || at.y > size.y - BASE {
                return Some(format!(
                    "{}'s {} fighters do not fit on a {}\" x {}\" table: the ranks behind its corner run off it",
                    d.warband.name,
                    d.warband.fighters.len(),
                    size.x,
                    size.y
                ));
            }
            if let Some((o, _)) = placed
                .iter()
                .find(|(o, p)| *o != k && p.distance(at) < 2.0 * BASE)
            {
                return Some(format!(
                    "{}'s and {}'s warbands would stand on each other at the start: a larger table, or fewer fighters",
                    s.sides[*o].warband.name, d.warband.name
                ));
            }
            placed.push((k, at));
        }
    }
    None
}

/// Each player's corner, by its `corner` or in turn.
pub fn corners(s: &Scenario) -> Vec<Corner> {
    // Two players, one corner given: the other takes the opposing one ("Take opposing
    // corners for 2 players"), not the first free, which could be adjacent.
    if let [a, b] = &s.sides[..] {
        match (a.corner, b.corner) {
            (Some(c), None) => return vec![c, c.opposite()],
            (None, Some(c)) => return vec![c.opposite(), c],
            _ => {}
        }
    }
    let mut free = Corner::IN_TURN
        .into_iter()
        .filter(|c| !s.sides.iter().any(|d| d.corner == Some(*c)));
    s.sides
        .iter()
        .map(|d| {
            d.corner
                .or_else(|| free.next())
                .unwrap_or(Corner::BottomLeft)
        })
        .collect()
}

/// What is wrong with the solitaire opponents' own profiles and Investigate's happenings of
/// `sol` in a game of `goal`: a profile whose stat is off its tier's die, a Rookie with a
/// specialisation, a Specialist without one, a profile's own weapons that break a fighter's
/// limits, two profiles with one name ("as long as you can tell everything apart"); happenings
/// outside Investigate, or one twice.
fn check_solitaire(sol: &SolitaireDef, goal: &Goal) -> Vec<String> {
    use super::fighter::Fighter;
    let mut out = Vec::new();
    let mut names = HashSet::new();
    for p in &sol.profiles {
        if p.name.trim().is_empty() || !names.insert(p.name.as_str()) {
            out.push(format!(
                "opponent profile \"{}\": each needs a name of its own (\"as long as you can tell everything apart!\")",
                p.name
            ));
        }
        let f = Fighter {
            id: p.name.clone(),
            name: p.name.clone(),
            tier: p.tier,
            stat: p.stat,
            weapons: p.weapons.clone().unwrap_or_default(),
            specialisation: p.specialisation,
        };
        // Without weapons of its own, only what the profile sets is checked (the shared
        // weapons are every opponent's).
        out.extend(super::warband::check_fighter(&f));
    }
    if !sol.happenings.is_empty() && *goal != Goal::Investigate {
        out.push("happenings are Investigate's: what its clues lead to".into());
    }
    let mut seen = HashSet::new();
    for h in &sol.happenings {
        if !seen.insert(*h) {
            out.push(format!(
                "Investigate reveals {} twice: each of the text's examples once",
                h.word()
            ));
        }
    }
    out
}

/// Reads and checks the scenario `src` (named `file` in messages).
///
/// Errors: RON that does not parse (at its line and column, with what was expected); and,
/// each at its place: not two to four players, two with one id or one corner, a warband that
/// breaks the text's limits (each limit named) or fields another number of Specialists than
/// the first, warbands that do not fit on the table at the start ([`crowded`]), a table outside
/// 12" to 120" a side, terrain
/// with an unknown example or no answers or its middle off the table, two pieces with one
/// id.
pub fn parse(src: &str, file: &str) -> Result<Scenario, Vec<ScenarioError>> {
    let s: Scenario = ron_options()
        .from_str(src)
        .map_err(|e| vec![ron_error(file, &e)])?;
    let mut errs = Errors::new(src, file);
    if !TABLE.contains(&s.table.0) || !TABLE.contains(&s.table.1) {
        errs.at(
            src.find("table").unwrap_or(0),
            "the table is 12\" to 120\" a side (\"A gaming area, roughly 3'x3'\")",
        );
    }
    if s.turn_limit == Some(0) {
        errs.at(
            src.find("turn_limit").unwrap_or(0),
            "turn_limit must be 1 or more",
        );
    }
    if !(2..=4).contains(&s.sides.len()) {
        errs.at(
            src.find("sides").unwrap_or(0),
            format!(
                "1 Stat Skirmish is for two to four players here, not {} (one per corner)",
                s.sides.len()
            ),
        );
    }
    if let Some(sol) = &s.solitaire {
        let at = src.find("solitaire").unwrap_or(0);
        if s.sides.len() != 2
            || s.sides
                .get(1)
                .is_some_and(|d| !d.warband.fighters.is_empty())
        {
            errs.at(
                at,
                "a solitaire game has two sides: the player's warband, and the opponents with no fighters (they spawn)",
            );
        }
        if !s.goal.is_solitaire() {
            errs.at(
                at,
                "a solitaire game plays a solitaire scenario (goal: Bounty, Collect, Escort, Investigate, Rescue, RescueThenEscort or Shutdown)",
            );
        }
        for e in check_solitaire(sol, &s.goal) {
            errs.at(at, e);
        }
        let st = sol.stats;
        if !(1..=6).contains(&st.rookie)
            || !(1..=8).contains(&st.specialist)
            || !(1..=10).contains(&st.boss)
        {
            errs.at(
                at,
                "the opponents' stats are within their dice: rookie 1-6, specialist 1-8, boss 1-10",
            );
        }
    } else if s.goal.is_solitaire() {
        errs.at(
            src.find("goal").unwrap_or(0),
            format!(
                "{} is a solitaire scenario: give `solitaire: (stats, weapons)`",
                s.goal.word()
            ),
        );
    }
    if s.goal.is_action() && s.table != (24.0, 24.0) {
        errs.at(
            src.find("table").or(src.find("goal")).unwrap_or(0),
            format!(
                "{} is an Action scenario: \"The battlefield is reduced to 2'x2'\" (table: (24, 24))",
                s.goal.word()
            ),
        );
    }
    // "Place your terrain however you deem appropriate on a 3'x3' battlefield": the
    // solitaire scenarios' table is the text's, not "roughly" (its spawn grid, "6″x6″
    // squares" numbered by a d6 each way, is this table's).
    if s.solitaire.is_some() && s.table != (36.0, 36.0) {
        errs.at(
            src.find("table").or(src.find("goal")).unwrap_or(0),
            format!(
                "{} is a solitaire scenario: \"Place your terrain however you deem appropriate on a 3'x3' battlefield\" (table: (36, 36))",
                s.goal.word()
            ),
        );
    }
    if let Some(d) = &s.device {
        let at = src.find("device").unwrap_or(0);
        for end in [&d.adding, &d.removing] {
            if !s.sides.iter().any(|x| x.id == end.side) {
                errs.at(
                    at,
                    format!("the device names side \"{}\", which is no player", end.side),
                );
            }
            if let DeviceEffect::OpenGate(id) = &end.effect
                && !s.terrain.iter().any(|t| &t.id == id)
            {
                errs.at(
                    at,
                    format!("the device opens \"{id}\", which is no terrain piece"),
                );
            }
        }
        if d.adding.side == d.removing.side {
            errs.at(
                at,
                "\"One player's fighters can manipulate the device by removing tokens, the other player ... by adding tokens\": two players",
            );
        }
        if s.solitaire.is_some() {
            errs.at(
                at,
                "the Trigger Device is for two players, not a solitaire game",
            );
        }
    }
    let mut ids = HashSet::new();
    let specialists = s
        .sides
        .first()
        .map(|d| d.warband.count(super::fighter::Tier::Specialist));
    for (k, d) in s.sides.iter().enumerate() {
        if !ids.insert(d.id.as_str()) {
            errs.at_value(
                "id",
                &d.id,
                1,
                format!("a second player with id \"{}\"", d.id),
            );
        }
        let mut bad = |m: String| errs.at_value("id", &d.id, 0, m);
        let solitaire = s.solitaire.is_some();
        if solitaire && k == 1 {
            continue;
        }
        let kind = if solitaire {
            WarbandKind::Solitaire
        } else if s.goal.is_action() {
            WarbandKind::Action
        } else {
            WarbandKind::Standard
        };
        for e in check(&d.warband, kind) {
            bad(e);
        }
        let n = d.warband.count(super::fighter::Tier::Specialist);
        if Some(n) != specialists && !solitaire {
            bad(format!(
                "{} fields {n} Specialists and {} fields {}: \"make sure each player's warband has the same number of Specialists!\"",
                d.warband.name,
                s.sides[0].warband.name,
                specialists.unwrap_or(0)
            ));
        }
        if d.corner.is_some() && s.sides[..k].iter().any(|o| o.corner == d.corner) {
            bad(format!(
                "a second player in the {} corner",
                d.corner.map_or("", Corner::word)
            ));
        }
    }
    // Setup: "Each plaxer starts with his warband within 5″ of a corner. Take opposing
    // corners for 2 players." Whether given or taken in turn; a third and a fourth player
    // take the others, and a solitaire game's opponents spawn.
    if s.sides.len() == 2 && s.solitaire.is_none() {
        let c = corners(&s);
        if c[1] != c[0].opposite() {
            let d = &s.sides[1];
            errs.at_value(
                "id",
                &d.id,
                0,
                format!(
                    "{} starts in the {} corner and {} in the {}: \"Take opposing corners for 2 players\"",
                    s.sides[0].name,
                    c[0].word(),
                    d.name,
                    c[1].word()
                ),
            );
        }
    }
    if let Some(m) = crowded(&s) {
        errs.at(
            src.find("table").or_else(|| src.find("sides")).unwrap_or(0),
            m,
        );
    }
    let mut pieces = HashSet::new();
    for t in &s.terrain {
        if !pieces.insert(t.id.as_str()) {
            errs.at_value(
                "id",
                &t.id,
                1,
                format!("a second piece with id \"{}\"", t.id),
            );
        }
        if let Err(e) = t.piece() {
            errs.at_value("id", &t.id, 0, e);
        }
        let c = t.shape.centre();
        if c.x < 0.0 || c.y < 0.0 || c.x > s.table.0 || c.y > s.table.1 {
            errs.at_value(
                "id",
                &t.id,
                0,
                format!(
                    "terrain {} lies off the {}\" by {}\" table (its middle at {:.1}\", {:.1}\")",
                    t.id, s.table.0, s.table.1, c.x, c.y
                ),
            );
        }
        if t.height.is_some_and(|h| !(h > 0.0 && h <= 12.0)) {
            errs.at_value(
                "id",
                &t.id,
                0,
                format!(
                    "terrain {}: a height is 0\" to 12\" (more than any fighter's move)",
                    t.id
                ),
            );
        }
    }
    errs.finish(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A two-player scenario on a table of `w` x `d` inches, each warband a Boss, `k`
    /// Specialists (each its own specialisation) and two Rookies each.
    fn with_warbands(k: usize, w: f32, d: f32) -> String {
        const KINDS: [&str; 14] = [
            "Assassin",
            "Berserker",
            "Controller",
            "Driver",
            "Engineer",
            "Healer",
            "Influencer",
            "Maniac",
            "Preacher",
            "Tank",
            "Veteran",
            "Warrior",
            "Shapeshifter",
            "Ranger",
        ];
        let knife = r#"weapons: [Melee(name: "knife", two_handed: false)]"#;
        let band = |p: &str| {
            let mut f = vec![format!(
                r#"(id: "{p}b", name: "{p} Boss", tier: Boss, stat: 5, {knife})"#
            )];
            for (i, kind) in KINDS.iter().take(k).enumerate() {
                f.push(format!(
                    r#"(id: "{p}s{i}", name: "{p} S{i}", tier: Specialist, stat: 4, specialisation: {kind}, {knife})"#
                ));
            }
            for i in 0..2 * k {
                f.push(format!(
                    r#"(id: "{p}r{i}", name: "{p} R{i}", tier: Rookie, stat: 3, {knife})"#
                ));
            }
            format!(
                r#"(id: "{p}", name: "{p}", warband: (name: "{p}", fighters: [{}]))"#,
                f.join(", ")
            )
        };
        format!(
            r#"(name: "x", ruleset: "one_stat", table: ({w}, {d}), goal: LastManStanding, sides: [{}, {}])"#,
            band("a"),
            band("z")
        )
    }

    /// Issue 60: a warband of twelve or more is accepted where the table holds it, and refused,
    /// naming the warbands, where its ranks run off the table or onto the other's.
    #[test]
    fn a_large_warband_is_accepted_where_the_table_holds_it() {
        let ok = parse(&with_warbands(5, 36.0, 36.0), "x.ron").map_err(|e| format!("{e:?}"));
        let s = ok.expect("16 fighters a side on a 3' table");
        assert_eq!(s.sides[0].warband.fighters.len(), 16);
        assert_eq!(crowded(&s), None);
        let err = parse(&with_warbands(14, 12.0, 12.0), "x.ron").unwrap_err();
        let text = format!("{err:?}");
        assert!(
            text.contains("do not fit on a 12\" x 12\" table")
                || text.contains("would stand on each other"),
            "{text}"
        );
    }

    /// Issue 60: the text sets no cap on a warband; the twelfth fighter on stand in ranks
    /// behind the eleven within 5″, no two bases overlapping, the first eleven where they stand
    /// in a warband of eleven.
    #[test]
    fn a_warband_larger_than_a_corner_holds_stands_in_ranks_behind() {
        let size = Vec2::new(72.0, 48.0);
        for layout in [StartLayout::Packed, StartLayout::Spread] {
            for c in Corner::IN_TURN {
                let eleven = start_places(c, size, 11, layout);
                for n in [12, 20, 40] {
                    let p = start_places(c, size, n, layout);
                    assert_eq!(p.len(), n);
                    assert_eq!(p[..11], start_places(c, size, 11, StartLayout::Packed)[..]);
                    if layout == StartLayout::Packed {
                        assert_eq!(p[..11], eleven[..]);
                    }
                    for (i, a) in p.iter().enumerate() {
                        assert!(p[i + 1..].iter().all(|b| a.distance(*b) >= 2.0 * BASE));
                        assert!(
                            a.x >= BASE && a.y >= BASE && a.x <= 72.0 - BASE && a.y <= 48.0 - BASE
                        );
                    }
                }
            }
        }
    }

    /// Two players, one corner written: the other takes the opposing corner, whichever it
    /// is (it took the first free one, which for a top left or bottom right was adjacent).
    #[test]
    fn a_second_player_without_a_corner_takes_the_opposing_one() {
        for c in Corner::IN_TURN {
            let src = with_warbands(1, 36.0, 36.0).replacen(
                r#"(id: "a", name: "a","#,
                &format!(r#"(id: "a", name: "a", corner: {c:?},"#),
                1,
            );
            let s = parse(&src, "x.ron").unwrap_or_else(|e| panic!("{c:?}: {e:?}"));
            assert_eq!(corners(&s), vec![c, c.opposite()]);
        }
    }

    /// Issue 60, Setup: "Take opposing corners for 2 players": two players in adjacent
    /// corners are refused; opposing ones, one written and the other left to take the
    /// opposing one, and three players in three corners, are not.
    #[test]
    fn two_players_take_opposing_corners() {
        let two = with_warbands(1, 36.0, 36.0);
        let with = |a: &str, z: &str| {
            two.replace(r#"(id: "a", "#, &format!(r#"(id: "a", {a}"#))
                .replace(r#"(id: "z", "#, &format!(r#"(id: "z", {z}"#))
        };
        for (a, z) in [
            ("corner: BottomLeft, ", "corner: BottomRight, "),
            ("corner: BottomLeft, ", "corner: TopLeft, "),
            ("corner: TopRight, ", "corner: TopLeft, "),
        ] {
            let e = parse(&with(a, z), "x.ron").expect_err(&format!("{a}{z}"));
            let text = format!("{e:?}");
            assert!(
                text.contains("Take opposing corners for 2 players"),
                "{text}"
            );
        }
        for (a, z) in [
            ("", ""),
            ("corner: BottomLeft, ", "corner: TopRight, "),
            ("corner: TopLeft, ", "corner: BottomRight, "),
            ("corner: TopRight, ", ""),
            // One corner written: the other player takes the opposing one.
            ("corner: TopLeft, ", ""),
            ("", "corner: BottomRight, "),
            ("corner: BottomRight, ", ""),
        ] {
            parse(&with(a, z), "x.ron").unwrap_or_else(|e| panic!("{a}{z}: {e:?}"));
        }
        let knife = r#"weapons: [Melee(name: "knife", two_handed: false)]"#;
        let three = format!(
            r#"{}, (id: "m", name: "m", corner: BottomRight, warband: (name: "m", fighters: [(id: "mb", name: "m Boss", tier: Boss, stat: 5, {knife}), (id: "ms", name: "m S", tier: Specialist, stat: 4, specialisation: Tank, {knife}), (id: "mr0", name: "m R0", tier: Rookie, stat: 3, {knife}), (id: "mr1", name: "m R1", tier: Rookie, stat: 3, {knife})]))])"#,
            two.strip_suffix("])").expect("the sides' end")
        );
        parse(&three, "x.ron").unwrap_or_else(|e| panic!("three players: {e:?}"));
    }

    /// Issue 60, Solitaire: "Place your terrain however you deem appropriate on a 3'x3'
    /// battlefield": a solitaire scenario on another table is refused.
    #[test]
    fn a_solitaire_scenario_is_played_on_a_three_foot_table() {
        let bundled = include_str!("../../../../scenarios/one_stat/escort.ron");
        assert!(bundled.contains("table: (36.0, 36.0)"));
        parse(bundled, "escort.ron").expect("the bundled Escort");
        let small = bundled.replace("table: (36.0, 36.0)", "table: (30.0, 36.0)");
        let e = parse(&small, "escort.ron").expect_err("a 30\" table");
        let text = format!("{e:?}");
        assert!(text.contains("on a 3'x3' battlefield"), "{text}");
    }

    /// Issue 60: opponents of their own and Investigate's happenings are read and checked: a
    /// profile off its tier's die, a Rookie with a specialisation, two of one name, a Rookie's
    /// own heavy shooter, a happening twice or outside Investigate are refused.
    #[test]
    fn opponent_profiles_and_happenings_are_checked() {
        let bundled = include_str!("../../../../scenarios/one_stat/investigate.ron");
        let with = |extra: &str| {
            bundled.replace(
                "specialisation: Warrior,",
                &format!("specialisation: Warrior, {extra}"),
            )
        };
        let good = with(
            r#"profiles: [(tier: Rookie, name: "Ghoul", stat: 2), (tier: Boss, name: "Lich", stat: 9, specialisation: Tank, weapons: [Shooter(name: "cannon", class: Heavy)])], happenings: [Rover, Doom],"#,
        );
        let s = parse(&good, "x.ron").unwrap_or_else(|e| panic!("{e:?}"));
        let sol = s.solitaire.expect("solitaire");
        assert_eq!(sol.profiles.len(), 2);
        assert_eq!(
            sol.happenings,
            [
                super::super::solitaire::Happening::Rover,
                super::super::solitaire::Happening::Doom
            ]
        );
        for (extra, why) in [
            (
                r#"profiles: [(tier: Rookie, name: "Ghoul", stat: 7)],"#,
                "between 1 and",
            ),
            (
                r#"profiles: [(tier: Rookie, name: "Ghoul", stat: 2, specialisation: Tank)],"#,
                "only Specialists and the Boss",
            ),
            (
                r#"profiles: [(tier: Rookie, name: "Ghoul", stat: 2), (tier: Boss, name: "Ghoul", stat: 5)],"#,
                "tell everything apart",
            ),
            (
                r#"profiles: [(tier: Rookie, name: "Ghoul", stat: 2, weapons: [Shooter(name: "cannon", class: Heavy)])],"#,
                "light shooters",
            ),
            ("happenings: [Rover, Rover],", "twice"),
        ] {
            let e = parse(&with(extra), "x.ron").expect_err(extra);
            let text = format!("{e:?}");
            assert!(text.contains(why), "{extra}: {text}");
        }
        let bounty = include_str!("../../../../scenarios/one_stat/bounty.ron");
        let marked = bounty.replacen("solitaire: (", "solitaire: (happenings: [Deity], ", 1);
        let e = parse(&marked, "bounty.ron").expect_err("happenings in a Bounty");
        assert!(format!("{e:?}").contains("Investigate's"), "{e:?}");
    }

    #[test]
    fn each_corner_holds_eleven_within_five_inches() {
        let size = Vec2::new(36.0, 36.0);
        for c in Corner::IN_TURN {
            let p = start_places(c, size, MOST_IN_CORNER, StartLayout::Packed);
            assert_eq!(p.len(), MOST_IN_CORNER);
            for q in &p {
                assert!(q.distance(c.point(size)) + BASE <= START_AREA, "{q}");
                assert!(q.x >= BASE && q.y >= BASE && q.x <= 36.0 - BASE && q.y <= 36.0 - BASE);
            }
            for (i, a) in p.iter().enumerate() {
                assert!(p[i + 1..].iter().all(|b| a.distance(*b) >= 2.0 * BASE));
            }
        }
    }

    #[test]
    fn a_small_warband_starts_spread_over_its_area_and_a_packed_one_close() {
        let c = Corner::BottomLeft.point(Vec2::new(36.0, 36.0));
        let gap = |n: usize, layout| {
            let p = start_places_at(c, n, layout);
            assert_eq!(p.len(), n);
            for q in &p {
                assert!(q.distance(c) + BASE <= START_AREA, "{q}");
            }
            p.iter()
                .enumerate()
                .flat_map(|(i, a)| p[i + 1..].iter().map(move |b| a.distance(*b)))
                .fold(f32::INFINITY, f32::min)
        };
        let close = |a: f32, b: f32| (a - b).abs() < 1e-4;
        assert!(close(gap(4, StartLayout::Spread), 2.4));
        assert!(close(gap(6, StartLayout::Spread), 1.8));
        assert!(close(gap(7, StartLayout::Spread), 1.5));
        assert!(close(gap(9, StartLayout::Spread), 1.2));
        assert!(close(gap(4, StartLayout::Packed), 1.2));
        assert_eq!(
            start_places_at(c, 1, StartLayout::Spread),
            start_places_at(c, 1, StartLayout::Packed)
        );
    }

    #[test]
    fn a_scenario_that_says_nothing_starts_packed_as_older_saves_did_and_the_bundled_spread() {
        let old = crate::rules::scenario::ron_options()
            .from_str::<Scenario>(include_str!(
                "../../../../tests/one_stat/close_quarters.ron"
            ))
            .expect("the test case reads");
        assert_eq!(old.start, StartLayout::Packed);
        let bundled = crate::rules::scenario::ron_options()
            .from_str::<Scenario>(include_str!(
                "../../../../scenarios/one_stat/first_skirmish.ron"
            ))
            .expect("the bundled scenario reads");
        assert_eq!(bundled.start, StartLayout::Spread);
    }

    #[test]
    fn a_broken_scenario_is_refused_at_its_place() {
        let src = "(\n  name: \"x\",\n  ruleset: \"one_stat\",\n  sides: [\n    (id: \"a\", name: \"A\", warband: (name: \"A\", fighters: [(id: \"b\", name: \"B\", tier: Boss, stat: 11)])),\n  ],\n  terrain: [(id: \"t\", preset: \"volcano\", shape: Circle(centre: (5, 5), radius: 1))],\n)";
        let e = parse(src, "x.ron").expect_err("errors");
        let text: Vec<String> = e.iter().map(ToString::to_string).collect();
        assert!(
            text.iter()
                .any(|t| t.starts_with("x.ron:4:") && t.contains("two to four players")),
            "{text:?}"
        );
        assert!(
            text.iter()
                .any(|t| t.starts_with("x.ron:5:10:") && t.contains("B's stat is 11")),
            "{text:?}"
        );
        assert!(
            text.iter()
                .any(|t| t.starts_with("x.ron:7:") && t.contains("no example \"volcano\"")),
            "{text:?}"
        );
    }
}
