//! A mass combat as plain data, and what each command does to it: d6-mass-combat.txt, Mass
//! Combat Sequence. No Bevy here; [`super::phases`] keeps a [`Battle`] as a resource.
//!
//! A round (Mass Combat Sequence): "First, any anticipate enemy or deceive enemy rolls are
//! made"; then each commander declares the side's orders in the open, lowest command first (1.
//! "The character with the lowest command skill code declares actions first"), each seeing
//! what was declared before; the reactions are declared, highest command first (2.), and then
//! a commander whose deception succeeded may declare again (2.: "Deceptions ... are
//! declared"); then the orders are resolved in order of haste (3.), the damage is done (4.)
//! and morale is checked (5.).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::rules::attack::{AttackInput, ScaleEdge, resolve};
use super::rules::charts::{
    DamageResult, Difficulty, MoraleFailure, RangeBand, combined_action, morale_failure,
    range_band, vehicle_damage,
};
use super::rules::code::Code;
use super::rules::command::{CommandPlan, UNCOMMANDED, haste_penalty};
use super::rules::march::Fatigue;
use super::rules::scenario::{DEFAULT_TURN_LIMIT, Scenario, roster};
use super::rules::unit::UnitType;
use crate::engine::state::GameResult;
use crate::rules::dice::Dice;
use crate::rules::words::verb;

/// Metres a unit deploys in a round for each point of MOVE (docs/rules/mass_combat.md, "Movement":
/// the text's MOVE is "relative to each other", and its MOVE and speed keep one ratio, 2 to 6
/// KPH, 21 to 60, 175 to 500, 350 to 1000).
pub const METRES_PER_MOVE: f32 = 10.0;

/// Metres between a unit and the part split off from it, side by side.
pub const SPLIT_APART: f32 = 10.0;

/// Where a unit is in the battle.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    /// On the ground, fighting.
    Fighting,
    /// Its morale broke: in full retreat, "no other action until the unit passes its morale
    /// check" (Morale Failure Chart); it retreats each round without an order. A retreat its
    /// commander orders is that round's action and leaves it fighting.
    Retreating,
    /// Riding in a transport unit (its id).
    Aboard(String),
    /// Surrendered ("Winner > 3x Loser").
    Surrendered,
    /// Retreated off the ground.
    Fled,
    /// Every member lost.
    Destroyed,
    /// Joined into another unit (its id).
    Joined(String),
}

/// One unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// Id (orders name it).
    pub id: String,
    /// On its counter.
    pub name: String,
    /// Its side.
    pub side: usize,
    /// Its statistics, the scenario's changes made.
    pub kind: UnitType,
    /// Members left.
    pub size: u32,
    /// Members at the start, or since reinforced.
    pub start: u32,
    /// Where it stands, metres.
    pub at: (f32, f32),
    /// Of each weapon type (by index) that is used up, how many are left.
    pub left: BTreeMap<usize, u32>,
    /// In the battle or out of it.
    pub status: Status,
    /// The worst lasting damage result since it was last reinforced: its morale penalty
    /// holds "until reinforcements arrive".
    pub lasting: Option<DamageResult>,
    /// Under heavy fire last round: -1D to all its actions this round (docs/rules/
    /// mass_combat.md, "Under heavy fire").
    pub under_fire: bool,
    /// Failed its last morale check by 0-3: -1D to the next.
    pub shaken: bool,
    /// Failed its last morale check: "all orders given to it the following round are
    /// ignored".
    pub ignores_orders: bool,
    /// Its march fatigue.
    pub fatigue: Fatigue,
    /// The referee's modifiers this battle: (to all actions, to morale checks).
    pub referee: (Code, Code),
    /// Its own commander's command skill, the roster's COMMAND (a unit split off has a new
    /// commander, [`NEW_LEADER`]): what he spends on bonus pips to the unit's statistics.
    #[serde(default)]
    pub leader: Code,
    /// Whether its deployments arrive on time is in question, at this difficulty; none:
    /// they are automatic (Deployment: "Generally, non-combat deployment is automatic").
    #[serde(default)]
    pub arrival: Option<Difficulty>,
    /// A deployment that failed to arrive on schedule, rolled for again at the beginning of
    /// each round until it arrives or the unit is given another order.
    #[serde(default)]
    pub en_route: Option<EnRoute>,
}

/// A deployment under way that failed its arrival roll: Deployment, "Failure indicates the
/// force has failed to reach the desired position on schedule and is at some point in between
/// their origin and their destination. A new roll is made at the beginning of the next round
/// at a reduced difficulty."
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EnRoute {
    /// Where it was to be, metres.
    pub to: (f32, f32),
    /// The difficulty of the next roll.
    pub difficulty: Difficulty,
}

/// The command skill of the new commander a unit split off is given: "Dividing a unit takes
/// one action and new commanders must be assigned to each unit." A man of its ranks made its
/// leader, with a squad leader's command, as the roster gives a unit without a COMMAND, or his
/// old commander's where that is lower (docs/rules/mass_combat.md, "Splitting and joining").
pub const NEW_LEADER: Code = Code::d(2);

impl Unit {
    /// Still in the battle (fighting, retreating or aboard).
    pub fn in_battle(&self) -> bool {
        matches!(
            self.status,
            Status::Fighting | Status::Retreating | Status::Aboard(_)
        )
    }

    /// On the ground and in the battle: it may be fired on.
    pub fn on_ground(&self) -> bool {
        matches!(self.status, Status::Fighting | Status::Retreating)
    }

    /// What its members are: `vehicles` for a unit of vehicles, else `men`.
    pub fn members(&self) -> &'static str {
        if self.kind.vehicle { "vehicles" } else { "men" }
    }

    /// How many of its members weapon `w` may be given in a fire order already allocating
    /// `weapons` (weapon index, members): (the weapon's left, of those how many the other
    /// weapons leave free). A weapon used up has only what is left ("The next round, the unit
    /// would have 20 less grenades to allocate"), and "the members of the unit must be
    /// allocated to using a certain type of weapon" (d6-mass-combat.txt): the fire panel's
    /// sliders stop there (sliders that each went to the unit's size added up past it, and
    /// the order was refused by [`Battle::check_declaration`]).
    pub fn allocatable(&self, w: usize, weapons: &[(usize, u32)]) -> (u32, u32) {
        let others: u32 = weapons.iter().filter(|x| x.0 != w).map(|x| x.1).sum();
        let left = self
            .left
            .get(&w)
            .copied()
            .unwrap_or(self.size)
            .min(self.size);
        (left, left.min(self.size.saturating_sub(others)))
    }

    /// `n` of its members in words, agreeing in number: `1 vehicle`, `4 vehicles`, `1 man`,
    /// `10 men`.
    pub fn counted(&self, n: u32) -> String {
        let word = match (self.kind.vehicle, n) {
            (true, 1) => "vehicle",
            (false, 1) => "man",
            _ => self.members(),
        };
        format!("{n} {word}")
    }

    /// Its lasting damage in the Unit Damage Chart's words for its kind: the vehicle row
    /// ("Lightly damaged") for vehicles, the soldiers' ("Light Casualties") for soldiers.
    pub fn damage_words(&self) -> Option<&'static str> {
        self.lasting.map(|l| {
            if self.kind.vehicle {
                l.vehicle_word()
            } else {
                l.word()
            }
        })
    }
}

/// A commander.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Commander {
    /// Name.
    pub name: String,
    /// Command skill.
    pub command: Code,
    /// Tactics.
    pub tactics: Code,
    /// A player character (declares after an NPC of equal command).
    pub pc: bool,
}

/// One side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideState {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Its commander.
    pub commander: Commander,
}

/// Where the round is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    /// The commanders say which tactics rolls they make, lowest command first; the rolls are
    /// thrown when both have.
    Tactics,
    /// The commanders declare, in the open, lowest command first.
    Declare,
    /// A commander whose deception succeeded may declare again, after the reactions.
    Redeclare,
    /// Reactions, highest command first.
    React,
}

impl Stage {
    /// Where a round starts: the tactics rolls, or the declarations where the battle ignores
    /// commanders (the scenario's `command: false`, after the text's tip "ignore commanders
    /// and simply resolve actions between units"): anticipating and deceiving the enemy are
    /// the commanders' rolls.
    pub fn first(command: bool) -> Self {
        if command {
            Self::Tactics
        } else {
            Self::Declare
        }
    }

    /// A round's start in words, as the log says it.
    pub fn opening(command: bool) -> &'static str {
        if command {
            "the commanders choose their tactics rolls"
        } else {
            "the sides declare their orders (no tactics rolls: this battle ignores commanders)"
        }
    }
}

use super::commands::Command;
pub use super::orders::{Declaration, Order, Reaction, Tactic};

/// The whole battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Battle {
    /// Scenario name.
    pub name: String,
    /// Ground, metres.
    pub ground: (f32, f32),
    /// The two sides.
    pub sides: Vec<SideState>,
    /// Every unit, in scenario order (new ones from splits at the end).
    pub units: Vec<Unit>,
    /// The round, from 1.
    pub round: u32,
    /// The last round.
    pub turn_limit: u32,
    /// Commanders count (the scenario's `command`).
    pub command: bool,
    /// Where the round is.
    pub stage: Stage,
    /// The declarations made this round, by side, seen by both as soon as made.
    pub declared: [Option<Declaration>; 2],
    /// The tactics rolls each side chose to make this round (none is a choice too).
    #[serde(default)]
    pub chose_tactics: [Option<Vec<Tactic>>; 2],
    /// The tactics rolls this round: (side, tactic, roll, success).
    pub tactics: Vec<(usize, Tactic, i32, bool)>,
    /// Sides still to redeclare (deceived successfully), in order.
    pub redeclare: Vec<usize>,
    /// Sides that have declared their reactions this round.
    pub reacted: [bool; 2],
    /// The range difficulty numbers the referee set (by band); the band's highest otherwise.
    pub range_numbers: BTreeMap<RangeBand, i32>,
    /// Referee mode: one person runs both sides and may set modifiers.
    pub referee: bool,
    /// The result, once decided.
    pub result: Option<GameResult>,
    /// What happened since the last command, by round: the shell moves it into the log.
    pub events: Vec<(u32, String)>,
    /// Every attack of the last round resolved, for the dice panel and the charts.
    pub last_attacks: Vec<(String, super::rules::attack::AttackReport)>,
    /// Every fire of the last round resolved: the firing unit, its target (indices into
    /// `units`) and the men (or vehicles) the target lost to it, drawn on the table until the
    /// next round is resolved (issue 61: a round's results were in the log alone). Left out
    /// of the state hash, and so written only when it holds something: older records' hashes
    /// stay as they were.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub last_fire: Vec<(usize, usize, u32)>,
}

impl Battle {
    /// The battle at the start of `scenario`: round 1, the declarations to make.
    pub fn new(s: &Scenario) -> Battle {
        let roster = roster(s);
        let side_of = |id: &str| s.sides.iter().position(|d| d.id == id).unwrap_or(0);
        let units = s
            .units
            .iter()
            .filter_map(|d| {
                let mut kind = roster.get(&d.roster)?.clone();
                kind.weapons.extend(d.extra_weapons.iter().cloned());
                if let Some(e) = d.experience {
                    kind.with_experience(e.level, e.army);
                }
                for (k, v) in &d.skills {
                    kind.skills.insert(k.clone(), *v);
                }
                if let Some(st) = d.strength {
                    kind.strength = st;
                }
                let size = d.size.unwrap_or(kind.size);
                let left = kind
                    .weapons
                    .iter()
                    .enumerate()
                    .filter(|(_, w)| w.used_up)
                    .map(|(i, _)| (i, size))
                    .collect();
                Some(Unit {
                    id: d.id.clone(),
                    name: d.name.clone().unwrap_or_else(|| kind.name.clone()),
                    side: side_of(&d.side),
                    size,
                    start: size,
                    at: d.at,
                    left,
                    status: match &d.aboard {
                        Some(t) => Status::Aboard(t.clone()),
                        None => Status::Fighting,
                    },
                    lasting: None,
                    under_fire: false,
                    shaken: false,
                    ignores_orders: false,
                    fatigue: Fatigue::default(),
                    referee: (Code::ZERO, Code::ZERO),
                    leader: kind.command,
                    arrival: d.arrival,
                    en_route: None,
                    kind,
                })
            })
            .collect();
        Battle {
            name: s.name.clone(),
            ground: (s.ground.width, s.ground.depth),
            sides: s
                .sides
                .iter()
                .map(|d| SideState {
                    id: d.id.clone(),
                    name: d.name.clone(),
                    commander: Commander {
                        name: d.commander.name.clone(),
                        command: d.commander.command,
                        tactics: d.commander.tactics.unwrap_or(d.commander.command),
                        pc: d.commander.pc,
                    },
                })
                .collect(),
            units,
            round: 1,
            turn_limit: s.turn_limit.unwrap_or(DEFAULT_TURN_LIMIT),
            command: s.command,
            stage: Stage::first(s.command),
            declared: [None, None],
            chose_tactics: [None, None],
            tactics: Vec::new(),
            redeclare: Vec::new(),
            reacted: [false, false],
            range_numbers: BTreeMap::new(),
            referee: s.referee,
            result: None,
            events: Vec::new(),
            last_attacks: Vec::new(),
            last_fire: Vec::new(),
        }
    }

    fn event(&mut self, text: impl Into<String>) {
        self.events.push((self.round, text.into()));
    }

    /// The sides in the order they declare: "The character with the lowest command skill
    /// code declares actions first ... If a PC has the same command as an NPC, the NPC must
    /// declare first." (equal otherwise: the scenario's order).
    pub fn declaring_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.sides.len()).collect();
        order.sort_by_key(|&s| (self.sides[s].commander.command, self.sides[s].commander.pc));
        order
    }

    /// The sides in the order they declare reactions: d6-mass-combat.txt, Mass Combat
    /// Sequence, 2.: "The character with the highest command code declares reaction skills
    /// first, followed by other characters in descending order of command codes. If a PC has
    /// the same command as an NPC, the NPC must declare first." (equal otherwise: the
    /// scenario's order).
    pub fn reacting_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.sides.len()).collect();
        order.sort_by_key(|&s| {
            let c = &self.sides[s].commander;
            (std::cmp::Reverse(c.command), c.pc)
        });
        order
    }

    /// The side to act now (one at a time, in the text's order); none once decided.
    pub fn to_act(&self) -> Option<usize> {
        if self.result.is_some() {
            return None;
        }
        match self.stage {
            Stage::Tactics => self
                .declaring_order()
                .into_iter()
                .find(|&s| self.chose_tactics[s].is_none()),
            Stage::Declare => self
                .declaring_order()
                .into_iter()
                .find(|&s| self.declared[s].is_none()),
            Stage::Redeclare => self.redeclare.first().copied(),
            Stage::React => self
                .reacting_order()
                .into_iter()
                .find(|&s| !self.reacted[s]),
        }
    }

    /// Whether no commander has chosen tactics or declared this round.
    pub fn nothing_declared(&self) -> bool {
        self.declared.iter().all(Option::is_none) && self.chose_tactics.iter().all(Option::is_none)
    }

    /// The index of unit `id`.
    ///
    /// Errors: no such unit.
    pub fn unit(&self, id: &str) -> Result<usize, String> {
        self.units
            .iter()
            .position(|u| u.id == id)
            .ok_or_else(|| format!("there is no unit \"{id}\""))
    }

    /// Distance between two units' counters, metres.
    pub fn distance(&self, a: usize, b: usize) -> f32 {
        let (p, q) = (self.units[a].at, self.units[b].at);
        ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt()
    }

    /// The range band of weapon `w` of unit `a` at unit `b`, with the number it adds; `None`
    /// out of range.
    pub fn range(&self, a: usize, w: usize, b: usize) -> Option<(RangeBand, i32)> {
        let weapon = self.units[a].kind.weapons.get(w)?;
        let band = range_band(self.distance(a, b), weapon.min_range, weapon.ranges)?;
        Some((
            band,
            self.range_numbers
                .get(&band)
                .copied()
                .unwrap_or(band.difficulty()),
        ))
    }

    /// Whether side `side` anticipated the enemy this round: "If the roll is successful, a
    /// commander's army receives a "free" haste action" (Mass Combat Tactics).
    pub fn anticipated(&self, side: usize) -> bool {
        self.tactics
            .iter()
            .any(|t| t.0 == side && t.1 == Tactic::Anticipate && t.3)
    }

    /// What declaration `d` costs side `side`'s commander, as a command plan, with the free
    /// haste action of a successful anticipation.
    pub fn plan(&self, side: usize, d: &Declaration) -> CommandPlan {
        let free_haste = self.anticipated(side);
        // The basic haste of the force is the haste most of its orders share (the lowest on a
        // tie): each order at another costs a haste order.
        let mut counts: BTreeMap<u32, u32> = BTreeMap::new();
        for o in &d.orders {
            *counts.entry(o.haste()).or_default() += 1;
        }
        let basic = counts
            .iter()
            .max_by_key(|(h, n)| (**n, std::cmp::Reverse(**h)))
            .map_or(0, |(h, _)| *h);
        CommandPlan {
            commanded: d.commanded.len() as u32,
            bonuses: d.bonuses.len() as u32,
            coordinations: d
                .coordinated
                .iter()
                .map(|g| g.len().saturating_sub(1) as u32)
                .sum(),
            haste_orders: d.orders.iter().filter(|o| o.haste() != basic).count() as u32,
            free_haste: u32::from(free_haste),
        }
    }

    /// Whether unit `i` may be given an order this round.
    ///
    /// Errors: it broke and is in full retreat; it failed its morale check last round.
    pub fn takes_orders(&self, i: usize) -> Result<(), String> {
        let u = &self.units[i];
        if u.status == Status::Retreating {
            return Err(format!(
                "{} {} in full retreat: {} without an order, \"no other action until the unit passes its morale check\" (Morale Failure Chart)",
                u.name,
                verb(&u.name, "broke and is", "broke and are"),
                verb(&u.name, "it retreats", "they retreat")
            ));
        }
        if u.ignores_orders {
            return Err(format!(
                "{} {} morale check last round: \"all orders given to it the following round are ignored\" (Mass Combat Sequence, 5.)",
                u.name,
                verb(&u.name, "failed its", "failed their")
            ));
        }
        Ok(())
    }

    /// Checks `d` as side `side`'s declaration.
    ///
    /// Errors: an order for a unit not of the side or out of the battle; two orders for one
    /// unit; a unit in full retreat given another order, or one whose orders are ignored
    /// this round; members allocated beyond the unit's size or its grenades left; a target
    /// not an enemy on the ground; a split leaving nobody; a join into a unit of another
    /// kind or side; a disembark by a unit not aboard; a command plan beyond the commander's
    /// skill; a coordinated group naming another side's unit; a deployment off the ground;
    /// a unit commanded or given bonus actions that is not the side's, or not in the battle.
    pub fn check_declaration(&self, side: usize, d: &Declaration) -> Result<(), String> {
        let mut seen = BTreeSet::new();
        for o in &d.orders {
            let i = self.unit(o.unit())?;
            let u = &self.units[i];
            if u.side != side {
                return Err(format!(
                    "{} not {}'s unit",
                    named(&u.name, "is", "are"),
                    self.sides[side].name
                ));
            }
            if !u.in_battle() {
                return Err(format!("{} out of the battle", named(&u.name, "is", "are")));
            }
            if !seen.insert(i) {
                return Err(format!(
                    "{} two orders: one order a unit a round",
                    named(&u.name, "has", "have")
                ));
            }
            self.takes_orders(i)?;
            if matches!(u.status, Status::Aboard(_)) && !matches!(o, Order::Disembark { .. }) {
                return Err(format!(
                    "{} transport: {} only disembark",
                    named(&u.name, "rides in its", "ride in their"),
                    verb(&u.name, "it can", "they can")
                ));
            }
            match o {
                Order::Fire {
                    target, weapons, ..
                } => {
                    let t = self.unit(target)?;
                    if self.units[t].side == side || !self.units[t].on_ground() {
                        return Err(format!(
                            "{} not an enemy unit on the ground",
                            named(&self.units[t].name, "is", "are")
                        ));
                    }
                    let total: u32 = weapons.iter().map(|(_, n)| n).sum();
                    if total == 0 || total > u.size {
                        return Err(format!(
                            "{} {} members to allocate, not {total}: \"the members of the unit must be allocated to using a certain type of weapon\"",
                            named(&u.name, "has", "have"),
                            u.size
                        ));
                    }
                    for (w, n) in weapons {
                        let Some(weapon) = u.kind.weapons.get(*w) else {
                            return Err(format!("{} no weapon {w}", named(&u.name, "has", "have")));
                        };
                        if *n > 0 && self.range(i, *w, t).is_none() {
                            return Err(format!(
                                "{}: the {} cannot reach {} at {:.0} m (range {:.0}/{:.0}/{:.0} m{})",
                                u.name,
                                weapon.name,
                                self.units[t].name,
                                self.distance(i, t),
                                weapon.ranges[0],
                                weapon.ranges[1],
                                weapon.ranges[2],
                                if weapon.min_range > 0.0 {
                                    format!(", not inside {:.0} m", weapon.min_range)
                                } else {
                                    String::new()
                                }
                            ));
                        }
                        if let Some(&left) = u.left.get(w)
                            && *n > left
                        {
                            return Err(format!(
                                "{} {left} {}s left, not {n}: \"The next round, the unit would have 20 less grenades to allocate.\"",
                                named(&u.name, "has", "have"),
                                weapon.name
                            ));
                        }
                    }
                }
                Order::Split { size, .. } if *size == 0 || *size >= u.size => {
                    return Err(format!(
                        "{} {} members: split off 1 to {}",
                        named(&u.name, "has", "have"),
                        u.size,
                        u.size.saturating_sub(1)
                    ));
                }
                Order::Join { into, .. } => {
                    let t = self.unit(into)?;
                    let o = &self.units[t];
                    if t == i || o.side != side || o.kind.id != u.kind.id || !o.on_ground() {
                        return Err(format!(
                            "{} can only join another unit of {} own kind and side on the ground",
                            u.name,
                            verb(&u.name, "its", "their")
                        ));
                    }
                }
                Order::Disembark { .. } if !matches!(u.status, Status::Aboard(_)) => {
                    return Err(format!(
                        "{} not aboard a transport",
                        named(&u.name, "is", "are")
                    ));
                }
                Order::Board { transport, .. } => self.check_board(d, i, transport)?,
                Order::Deploy { to: (x, y), .. }
                    if !(0.0..=self.ground.0).contains(x) || !(0.0..=self.ground.1).contains(y) =>
                {
                    return Err(format!(
                        "{} cannot deploy to ({x}, {y}): off the ground of {} x {} m",
                        u.name, self.ground.0, self.ground.1
                    ));
                }
                _ => {}
            }
        }
        // Command and bonus actions go to the commander's own units in the battle.
        for (id, what) in d
            .commanded
            .iter()
            .map(|id| (id, "command"))
            .chain(d.bonuses.iter().map(|id| (id, "give a bonus action to")))
        {
            let u = &self.units[self.unit(id)?];
            if u.side != side || !u.in_battle() {
                return Err(format!(
                    "{} cannot {what} {}: not one of {}'s units in the battle",
                    self.sides[side].commander.name, u.name, self.sides[side].name
                ));
            }
        }
        self.check_leader_bonuses(side, d)?;
        for g in &d.coordinated {
            for id in g {
                let i = self.unit(id)?;
                if self.units[i].side != side {
                    return Err(format!(
                        "{} not {}'s unit to coordinate",
                        named(&self.units[i].name, "is", "are"),
                        self.sides[side].name
                    ));
                }
            }
        }
        if self.command {
            self.plan(side, d)
                .left(self.sides[side].commander.command)
                .map_err(|e| format!("{}: {e}", self.sides[side].commander.name))?;
        }
        Ok(())
    }

    /// The men transport `t` carries: each vehicle's `carries` ("carries 40 (troops)",
    /// docs/rules/mass_combat.md, "Missing statistics").
    pub fn capacity(&self, t: usize) -> u32 {
        let u = &self.units[t];
        u.kind.carries.saturating_mul(u.size)
    }

    /// The men aboard transport `t`.
    pub fn aboard(&self, t: usize) -> u32 {
        let id = &self.units[t].id;
        self.units
            .iter()
            .filter(|u| matches!(&u.status, Status::Aboard(x) if x == id))
            .map(|u| u.size)
            .sum()
    }

    /// Checks unit `i`'s order in `d` to board `transport`
    /// (docs/rules/mass_combat.md, "Transports").
    ///
    /// Errors: a unit of vehicles, or one not fighting on the ground; no transport of the
    /// side on the ground; the transport beyond the unit's deployment this round; more men
    /// boarding than it has room for, with those aboard.
    fn check_board(&self, d: &Declaration, i: usize, transport: &str) -> Result<(), String> {
        let u = &self.units[i];
        let t = self.unit(transport)?;
        let o = &self.units[t];
        if u.kind.vehicle || u.status != Status::Fighting {
            return Err(format!(
                "{} cannot board: a unit of soldiers on the ground boards a transport",
                u.name
            ));
        }
        if t == i || o.side != u.side || !o.on_ground() || o.kind.carries == 0 {
            return Err(format!(
                "{} no transport of {} on the ground",
                named(&o.name, "is", "are"),
                self.sides[u.side].name
            ));
        }
        let (far, reach) = (self.distance(i, t), self.reach(i, 0));
        if far > reach {
            return Err(format!(
                "{} {far:.0} m from {}: a unit boards a transport within its deployment this round ({reach:.0} m)",
                named(&u.name, "is", "are"),
                o.name
            ));
        }
        let boarding: u32 = d
            .orders
            .iter()
            .filter_map(|x| match x {
                Order::Board { unit, transport: b } if b == transport => {
                    self.unit(unit).ok().map(|j| self.units[j].size)
                }
                _ => None,
            })
            .sum();
        let (cap, aboard) = (self.capacity(t), self.aboard(t));
        if aboard + boarding > cap {
            return Err(format!(
                "{} carries {cap} (NOTES: \"carries 40 (troops)\"): {aboard} aboard and {boarding} boarding",
                o.name
            ));
        }
        Ok(())
    }

    /// The command of unit `i`'s own commander this round under declaration `d`: the
    /// roster's COMMAND, 1D less when the chief commander does not command him ("Failure to
    /// command a character results in a minus 1D penalty to all the actions taken by that
    /// officer").
    pub fn leader_command(&self, i: usize, d: &Declaration) -> Code {
        let u = &self.units[i];
        if self.command && !d.commanded.contains(&u.id) {
            u.leader + UNCOMMANDED
        } else {
            u.leader
        }
    }

    /// Checks the bonus pips the units' own commanders give in `d` (Subordinate Bonus: "the
    /// pips are added to one of the unit's average statistics"; "Each bonus action counts as
    /// one skill use. A commander may not reduce his command skill below zero").
    ///
    /// Errors: pips in a battle that ignores commanders; to a unit not the side's in the
    /// battle, or to a statistic the unit does not have; more than its commander's command
    /// pays for, 1D a pip.
    fn check_leader_bonuses(&self, side: usize, d: &Declaration) -> Result<(), String> {
        if d.leader_bonuses.is_empty() {
            return Ok(());
        }
        if !self.command {
            return Err(
                "this battle ignores commanders (`command: false`): no commander gives bonus pips"
                    .into(),
            );
        }
        let mut pips: BTreeMap<usize, u32> = BTreeMap::new();
        for (id, stat) in &d.leader_bonuses {
            let i = self.unit(id)?;
            let u = &self.units[i];
            if u.side != side || !u.in_battle() {
                return Err(format!(
                    "{} not one of {}'s units in the battle: its commander gives pips to his own troops",
                    named(&u.name, "is", "are"),
                    self.sides[side].name
                ));
            }
            let stats = u.kind.statistics();
            if !stats.contains(stat) {
                return Err(format!(
                    "{} no statistic `{stat}` to give a pip to: {}",
                    named(&u.name, "has", "have"),
                    stats.join(", ")
                ));
            }
            *pips.entry(i).or_default() += 1;
        }
        for (i, n) in pips {
            let plan = CommandPlan {
                bonuses: n,
                ..Default::default()
            };
            let command = self.leader_command(i, d);
            plan.left(command).map_err(|e| {
                format!(
                    "{}'s commander (command {command}{}): {e}",
                    self.units[i].name,
                    if command < self.units[i].leader {
                        ", -1D not commanded"
                    } else {
                        ""
                    }
                )
            })?;
        }
        Ok(())
    }

    /// The pips unit `i`'s own commander gives its statistic `stat` this round; a skill it
    /// has not (used untrained, at its dexterity) and a vehicle's dodge (its pilots'
    /// dexterity and the maneuverability) take the pips on dexterity too.
    pub fn stat_pips(&self, i: usize, stat: &str) -> Code {
        let u = &self.units[i];
        let Some(d) = self.declared[u.side].as_ref() else {
            return Code::ZERO;
        };
        let from_dexterity = match stat {
            "dexterity" | "strength" | "stamina" => false,
            "dodge" => u.kind.maneuverability.is_some() || !u.kind.skills.contains_key(stat),
            _ => !u.kind.skills.contains_key(stat),
        };
        let n = d
            .leader_bonuses
            .iter()
            .filter(|(id, s)| *id == u.id && (s == stat || from_dexterity && s == "dexterity"))
            .count();
        Code(n as i32)
    }
}

/// `name` and the verb that agrees with it: `Red squad is`, `Stormtroopers are`.
fn named(name: &str, singular: &str, plural: &str) -> String {
    format!("{name} {}", verb(name, singular, plural))
}

/// One order as the resolution sees it: (side, its place in the declarations, the order).
type Queued = (usize, Order);

impl Battle {
    /// Applies `command` with `dice`; on an error the battle may be part-changed, so the
    /// caller applies it to a copy ([`super::phases::apply`]).
    ///
    /// Errors: the refusal, naming the rule; a die that could not be thrown.
    pub fn apply(&mut self, command: &Command, dice: &mut Dice) -> Result<(), String> {
        if self.result.is_some() {
            return Err("the battle is over".into());
        }
        let who = |s: &Battle, side: usize| -> Result<(), String> {
            match s.to_act() {
                Some(t) if t == side => Ok(()),
                Some(t) => Err(format!(
                    "it is {}'s turn to {} (Mass Combat Sequence)",
                    s.sides[t].name,
                    match s.stage {
                        Stage::Tactics => "choose its tactics rolls",
                        Stage::Declare => "declare",
                        Stage::Redeclare => "redeclare",
                        Stage::React => "react",
                    }
                )),
                None => Err("nobody acts now".into()),
            }
        };
        match command {
            Command::Tactics { side, tactics } => {
                if !self.command {
                    return Err("this battle ignores commanders (`command: false`): the tactics rolls are the commanders', so none are made (\"ignore commanders and simply resolve actions between units\")".into());
                }
                if self.stage != Stage::Tactics {
                    return Err("the tactics rolls are made first in the round (Mass Combat Sequence, 1.: \"First, any anticipate enemy or deceive enemy rolls are made\")".into());
                }
                who(self, *side)?;
                if tactics.len() > 1 && tactics[0] == tactics[1] || tactics.len() > 2 {
                    return Err("each tactics roll once a round: to anticipate the enemy, to deceive the enemy, or both".into());
                }
                self.chose_tactics[*side] = Some(tactics.clone());
                self.event(format!(
                    "{} {}",
                    self.sides[*side].commander.name,
                    match tactics[..] {
                        [] => "makes no tactics roll".to_string(),
                        _ => format!(
                            "rolls tactics to {}",
                            tactics
                                .iter()
                                .map(|t| t.aim())
                                .collect::<Vec<_>>()
                                .join(" and to ")
                        ),
                    }
                ));
                if self.chose_tactics.iter().all(Option::is_some) {
                    self.roll_tactics(dice)?;
                }
            }
            Command::Declare { side, declaration } => {
                if self.stage != Stage::Declare {
                    return Err(match self.stage {
                        Stage::Tactics => "first the tactics rolls (Mass Combat Sequence, 1.: \"First, any anticipate enemy or deceive enemy rolls are made\")",
                        _ => "the orders are declared; now the reactions",
                    }
                    .into());
                }
                who(self, *side)?;
                self.check_declaration(*side, declaration)?;
                self.declared[*side] = Some(declaration.clone());
                self.event(format!(
                    "{} declares: {}",
                    self.sides[*side].name,
                    self.orders_words(*side)
                ));
                if self.declared.iter().all(Option::is_some) {
                    self.all_declared();
                }
            }
            Command::Redeclare { side, declaration } => {
                if self.stage != Stage::Redeclare {
                    return Err("only a commander who deceived the enemy declares again".into());
                }
                who(self, *side)?;
                if let Some(d) = declaration {
                    self.check_declaration(*side, d)?;
                    self.declared[*side] = Some(d.clone());
                    self.event(format!(
                        "{} redeclares, having deceived the enemy: {}",
                        self.sides[*side].name,
                        self.orders_words(*side)
                    ));
                } else {
                    self.event(format!("{} keeps its orders", self.sides[*side].name));
                }
                self.redeclare.remove(0);
                if self.redeclare.is_empty() {
                    self.spend_command();
                    self.resolve_round(dice)?;
                }
            }
            Command::React { side, reactions } => {
                if self.stage != Stage::React {
                    return Err("the reactions come after the orders are declared".into());
                }
                who(self, *side)?;
                self.react(*side, reactions)?;
                self.reacted[*side] = true;
                if self.reacted.iter().all(|r| *r) {
                    self.all_reacted(dice)?;
                }
            }
            Command::RefereeMode => {
                if self.round != 1 || !self.nothing_declared() {
                    return Err(
                        "a referee takes the battle over before the first declaration, not later"
                            .into(),
                    );
                }
                if self.referee {
                    return Err("this battle has a referee already".into());
                }
                self.referee = true;
                self.event("a referee runs the battle: one person commands both sides and judges the modifiers");
            }
            Command::Referee {
                unit,
                actions,
                morale,
            } => {
                if !self.referee {
                    return Err("only a referee sets modifiers: this battle has none (play it in referee mode)".into());
                }
                let i = self.unit(unit)?;
                self.units[i].referee = (*actions, *morale);
                self.event(format!(
                    "the referee sets {}: {actions} to all actions, {morale} to morale checks",
                    self.units[i].name
                ));
            }
            Command::March { unit, hours } => {
                if !self.referee {
                    return Err("only a referee marches units: this battle has none".into());
                }
                if *hours == 0 || *hours > 72 {
                    return Err("a march is 1 to 72 hours".into());
                }
                let i = self.unit(unit)?;
                let (stamina, name) = (self.units[i].kind.stamina, self.units[i].name.clone());
                let mut f = self.units[i].fatigue;
                let (rolls, km) = f.march(*hours, stamina, dice, &name)?;
                self.units[i].fatigue = f;
                let said: Vec<String> = rolls
                    .iter()
                    .map(|r| {
                        format!(
                            "hour {}: stamina {} rolled {} against {} ({}){}",
                            r.hour,
                            r.stamina,
                            r.rolled,
                            r.difficulty.word(),
                            r.difficulty.number(),
                            if r.passed {
                                ""
                            } else {
                                ", failed: -1D stamina"
                            }
                        )
                    })
                    .collect();
                self.event(format!(
                    "{name} marches {hours} hours, about {km:.0} km: {}; stamina lost {}, next roll {}",
                    if said.is_empty() { "no roll yet".to_string() } else { said.join("; ") },
                    f.lost,
                    f.next.word()
                ));
            }
            Command::Sleep { unit, hours } => {
                if !self.referee {
                    return Err("only a referee lets units sleep: this battle has none".into());
                }
                if *hours == 0 || *hours > 72 {
                    return Err("a sleep is 1 to 72 hours".into());
                }
                let i = self.unit(unit)?;
                self.units[i].fatigue.sleep(*hours);
                let f = self.units[i].fatigue;
                self.event(format!(
                    "{} sleeps {hours} hours: next march roll {}, stamina lost {}",
                    self.units[i].name,
                    f.next.word(),
                    f.lost
                ));
            }
            Command::RangeNumber { band, number } => {
                if !self.referee {
                    return Err(
                        "only a referee sets the range difficulty: this battle has none".into(),
                    );
                }
                let (lo, hi) = band.numbers();
                if !(lo..=hi).contains(number) {
                    return Err(format!(
                        "{} range's difficulty is {lo} to {hi} (Range difficulty Chart)",
                        band.word()
                    ));
                }
                self.range_numbers.insert(*band, *number);
                self.event(format!(
                    "the referee sets {} range at {number}",
                    band.word()
                ));
            }
            Command::Arrival { unit, difficulty } => {
                if !self.referee {
                    return Err("only a referee judges whether a unit arrives on time: this battle has none".into());
                }
                let i = self.unit(unit)?;
                let u = &mut self.units[i];
                u.arrival = *difficulty;
                let name = u.name.clone();
                self.event(match difficulty {
                    Some(d) => format!(
                        "the referee puts {name}'s arrival in question: a combined DEX or SPEED roll against {} ({}) for each deployment",
                        d.word(),
                        d.number()
                    ),
                    None => format!("the referee makes {name}'s deployments automatic"),
                });
            }
        }
        Ok(())
    }

    /// The orders of `side` in words.
    pub fn orders_words(&self, side: usize) -> String {
        let Some(d) = &self.declared[side] else {
            return "none".into();
        };
        if d.orders.is_empty() {
            return "every unit to hold".into();
        }
        d.orders
            .iter()
            .map(|o| self.order_words(o))
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// One order in words, as an order is given: `Stormtroopers to fire on Red squad (10 with
    /// Blaster rifle)`, `AT-ATs to deploy 120 m, to 80 m from Red squad`. The infinitive reads for a
    /// unit named in the singular or the plural (`Stormtroopers fires on` did not).
    pub fn order_words(&self, o: &Order) -> String {
        let name = |id: &str| {
            self.unit(id)
                .map(|i| self.units[i].name.clone())
                .unwrap_or_else(|_| id.to_string())
        };
        let haste = |h: u32| {
            if h == 0 {
                String::new()
            } else {
                format!(" at {h} haste")
            }
        };
        match o {
            Order::Fire {
                unit,
                target,
                weapons,
                haste: h,
            } => {
                let u = self.unit(unit).ok().map(|i| &self.units[i]);
                let ws: Vec<String> = weapons
                    .iter()
                    .map(|(w, n)| {
                        let wn = u
                            .and_then(|u| u.kind.weapons.get(*w))
                            .map_or("?".to_string(), |w| w.name.clone());
                        format!("{n} with {wn}")
                    })
                    .collect();
                format!(
                    "{} to fire on {} ({}){}",
                    name(unit),
                    name(target),
                    ws.join(", "),
                    haste(*h)
                )
            }
            Order::Deploy { unit, to, haste: h } => {
                let dist = |a: (f32, f32), b: (f32, f32)| (a.0 - b.0).hypot(a.1 - b.1);
                let (far, goes, place, arrival) =
                    self.unit(unit)
                        .map_or((0.0, 0.0, String::new(), String::new()), |i| {
                            let u = &self.units[i];
                            (
                                dist(u.at, *to),
                                dist(u.at, self.deploys_to(i, *to, *h)),
                                self.place_words(u.side, *to),
                                u.arrival.map_or(String::new(), |a| {
                                    format!(", arriving on time on a {} roll", a.word())
                                }),
                            )
                        });
                if far - goes > 0.5 {
                    // The place first, then the round's share of the way (it read `deploy 20
                    // m of the 156 m to 134 m from Red`, three distances in a row: a walk).
                    format!(
                        "{} to deploy towards a point {place}, {far:.0} m off: {goes:.0} m this round, as far as {}{}{arrival}",
                        name(unit),
                        verb(&name(unit), "it reaches", "they reach"),
                        haste(*h)
                    )
                } else {
                    format!(
                        "{} to deploy {far:.0} m, to {place}{}{arrival}",
                        name(unit),
                        haste(*h)
                    )
                }
            }
            Order::Retreat { unit, haste: h } => format!("{} to retreat{}", name(unit), haste(*h)),
            Order::Split { unit, size } => {
                format!("{} to split off {size} under a new commander", name(unit))
            }
            Order::Join { unit, into } => format!("{} to join {}", name(unit), name(into)),
            Order::Disembark { unit } => format!("{} to disembark", name(unit)),
            Order::Board { unit, transport } => {
                format!("{} to board {}", name(unit), name(transport))
            }
        }
    }

    /// Both commanders have said which tactics rolls they make: "First, any anticipate enemy
    /// or deceive enemy rolls are made" (Mass Combat Sequence, 1.). Anticipate Enemy: "A
    /// Moderate tactics roll is needed"; Deceive Enemy: "A Difficult tactics roll is needed",
    /// and where the other commander rolled tactics too, "Deceptions which were at least 2x
    /// their opponent's roll" (docs/rules/mass_combat.md, "Deceive").
    ///
    /// Errors: a die that could not be thrown.
    fn roll_tactics(&mut self, dice: &mut Dice) -> Result<(), String> {
        self.tactics.clear();
        for side in self.declaring_order() {
            for t in self.chose_tactics[side].clone().unwrap_or_default() {
                let c = &self.sides[side].commander;
                let roll = c
                    .tactics
                    .throw(dice, format!("{}: tactics, to {}", c.name, t.aim()))?;
                self.tactics.push((side, t, roll, false));
            }
        }
        let rolls = self.tactics.clone();
        for (side, t, roll, ok) in self.tactics.iter_mut() {
            // The opponent's tactics roll: its highest, where it made one.
            let other = rolls.iter().filter(|r| r.0 != *side).map(|r| r.2).max();
            *ok = match t {
                Tactic::Anticipate => *roll >= Difficulty::Moderate.number(),
                Tactic::Deceive => {
                    *roll >= Difficulty::Difficult.number() && other.is_none_or(|o| *roll >= 2 * o)
                }
            };
        }
        for (side, t, roll, ok) in self.tactics.clone() {
            self.event(format!(
                "{}'s tactics roll to {}: {roll} against {} ({}): {}",
                self.sides[side].commander.name,
                t.aim(),
                match t {
                    Tactic::Anticipate => Difficulty::Moderate.word(),
                    Tactic::Deceive => Difficulty::Difficult.word(),
                },
                match t {
                    Tactic::Anticipate => Difficulty::Moderate.number(),
                    Tactic::Deceive => Difficulty::Difficult.number(),
                },
                if ok {
                    match t {
                        Tactic::Anticipate => "a free haste action",
                        Tactic::Deceive => "may redeclare after hearing the enemy's orders",
                    }
                } else {
                    "failed"
                }
            ));
        }
        self.stage = Stage::Declare;
        self.event("the commanders declare, lowest command first");
        Ok(())
    }

    /// Both have declared: the reactions, highest command first (Mass Combat Sequence, 2.).
    fn all_declared(&mut self) {
        self.stage = Stage::React;
    }

    /// Both have reacted: "Deceptions which were at least 2x their opponent's roll are
    /// declared, lowest deception roll to highest" (Mass Combat Sequence, 2., after the
    /// reactions), each deceiver redeclaring "after hearing what his opponent has delcared";
    /// with none, the round is resolved.
    ///
    /// Errors: a die that could not be thrown in the resolution.
    fn all_reacted(&mut self, dice: &mut Dice) -> Result<(), String> {
        let mut deceivers: Vec<(i32, usize)> = self
            .tactics
            .iter()
            .filter(|t| t.1 == Tactic::Deceive && t.3)
            .map(|t| (t.2, t.0))
            .collect();
        deceivers.sort();
        self.redeclare = deceivers.into_iter().map(|(_, s)| s).collect();
        if self.redeclare.is_empty() {
            self.spend_command();
            self.resolve_round(dice)
        } else {
            self.stage = Stage::Redeclare;
            Ok(())
        }
    }

    /// The orders stand: what each commander's command is spent on, in the log.
    fn spend_command(&mut self) {
        if !self.command {
            return;
        }
        for side in self.declaring_order() {
            let free = self.anticipated(side);
            let d = self.declared[side].clone().unwrap_or_default();
            let plan = self.plan(side, &d);
            let c = &self.sides[side].commander;
            self.event(format!(
                "{}: command {}, spends {} ({} commanded, {} bonuses, {} coordinated, {} haste orders{}), {} left",
                c.name,
                c.command,
                plan.cost(),
                plan.commanded,
                plan.bonuses,
                plan.coordinations,
                plan.haste_orders,
                if free { ", one free" } else { "" },
                plan.left(c.command).map_or("none".to_string(), |l| l.to_string())
            ));
        }
    }

    /// Side `side`'s reactions: "Characters declare combat redeployments during this segment.
    /// Haste for reaction skills, including full reactions, may be increased. (A full retreat
    /// may have its haste increased in this way.)" A redeployment replaces the unit's order
    /// with a deployment at the haste given, no lower than its order's.
    ///
    /// Errors: as [`Self::reacted`].
    pub(super) fn react(&mut self, side: usize, reactions: &[Reaction]) -> Result<(), String> {
        let (d, changed) = self.reacted(side, reactions)?;
        for o in changed {
            self.event(format!(
                "{} reacts: {}",
                self.sides[side].name,
                self.order_words(&o)
            ));
        }
        self.declared[side] = Some(d);
        Ok(())
    }

    /// Side `side`'s declaration with `reactions` made, as [`Self::react`] would leave it
    /// (the table draws it while the reactions are being chosen), and each reaction's new
    /// order in turn.
    ///
    /// Errors: a reaction the rules refuse (a unit not the side's on the ground, one whose
    /// orders are ignored, haste lowered, both a retreat and a redeployment, no order to
    /// hasten) or a declaration that no longer stands (the command it spends).
    pub fn reacted(
        &self,
        side: usize,
        reactions: &[Reaction],
    ) -> Result<(Declaration, Vec<Order>), String> {
        let mut d = self.declared[side].clone().unwrap_or_default();
        let mut changed = Vec::new();
        for r in reactions {
            let i = self.unit(&r.unit)?;
            let u = &self.units[i];
            if u.side != side || !u.on_ground() {
                return Err(format!(
                    "{} not {}'s unit on the ground",
                    named(&u.name, "is", "are"),
                    self.sides[side].name
                ));
            }
            if u.ignores_orders || u.status == Status::Retreating {
                return Err(format!(
                    "{} {} morale check last round: \"all orders given to it the following round are ignored\" (Mass Combat Sequence, 5.)",
                    u.name,
                    verb(&u.name, "failed its", "failed their")
                ));
            }
            let k = d.orders.iter().position(|o| o.unit() == r.unit);
            let old = k.map_or(0, |k| d.orders[k].haste());
            if r.haste < old {
                return Err(format!(
                    "{}: a reaction may increase haste, not lower it",
                    u.name
                ));
            }
            let new = if r.retreat && r.to.is_some() {
                return Err(format!(
                    "{}: a full retreat or a combat redeployment, not both",
                    u.name
                ));
            } else if let Some(to) = r.to {
                Order::Deploy {
                    unit: r.unit.clone(),
                    to,
                    haste: r.haste,
                }
            } else if r.retreat {
                Order::Retreat {
                    unit: r.unit.clone(),
                    haste: r.haste,
                }
            } else {
                match k.map(|k| d.orders[k].clone()) {
                    Some(Order::Fire {
                        unit,
                        target,
                        weapons,
                        ..
                    }) => Order::Fire {
                        unit,
                        target,
                        weapons,
                        haste: r.haste,
                    },
                    Some(Order::Deploy { unit, to, .. }) => Order::Deploy {
                        unit,
                        to,
                        haste: r.haste,
                    },
                    Some(Order::Retreat { unit, .. }) => Order::Retreat {
                        unit,
                        haste: r.haste,
                    },
                    _ => {
                        return Err(format!(
                            "{} no order whose haste can be raised",
                            named(&u.name, "has", "have")
                        ));
                    }
                }
            };
            changed.push(new.clone());
            match k {
                Some(k) => d.orders[k] = new,
                None => d.orders.push(new),
            }
        }
        self.check_declaration(side, &d)?;
        Ok((d, changed))
    }

    /// The modifier on every action of unit `i` this round with an order of `haste`:
    /// under heavy fire last round, a unit of vehicles' damage, haste, not commanded and the
    /// referee's (the bonus pips go to one roll: [`Self::bonus_pips`]).
    fn action_modifier(&self, i: usize, haste: u32) -> Code {
        let u = &self.units[i];
        let d = self.declared[u.side].as_ref();
        let mut m = haste_penalty(haste, self.anticipated(u.side)) + self.standing_modifier(i);
        if self.command && !d.is_some_and(|d| d.commanded.contains(&u.id)) {
            m = m + UNCOMMANDED;
        }
        m
    }

    /// The modifier on every action of unit `i` whatever its orders: under heavy fire last
    /// round, a unit of vehicles' damage and the referee's.
    fn standing_modifier(&self, i: usize) -> Code {
        let u = &self.units[i];
        let mut m = u.referee.0;
        if u.under_fire {
            m = m + Code::d(-1);
        }
        // Damaged vehicles: -1D lightly, -2D heavily, -3D severely damaged (docs/rules/
        // mass_combat.md, "Vehicle units").
        if u.kind.vehicle
            && let Some(l) = u.lasting
        {
            m = m - l.morale_penalty();
        }
        m
    }

    /// The code of unit `i`'s arrival roll: Deployment, "make a combined DEX or SPEED roll":
    /// its dexterity (a unit of vehicles, its maneuverability and its pilots' dexterity) with
    /// the combined actions modifier for its size, its commander's pips on dexterity and the
    /// modifier on its actions, at `haste` when it rolls for its order (none at the beginning
    /// of a round, before the orders).
    pub fn arrival_code(&self, i: usize, haste: Option<u32>) -> Code {
        let u = &self.units[i];
        u.kind.dex_or_speed()
            + combined_action(u.size).unwrap_or(Code::ZERO)
            + self.stat_pips(i, "dexterity")
            + haste.map_or_else(|| self.standing_modifier(i), |h| self.action_modifier(i, h))
    }

    /// Unit `i` makes its arrival roll against `difficulty` to reach `to` (Deployment: "If,
    /// for some reason, the question of whether the unit arrives at its destination on time is
    /// ever in question, simply make a combined DEX or SPEED roll versus a difficulty ...
    /// Failure indicates the force has failed to reach the desired position on schedule and is
    /// at some point in between their origin and their destination. A new roll is made at the
    /// beginning of the next round at a reduced difficulty."). Failing, it gets as far along
    /// the (rest of the) way as the roll is of the difficulty's number, and rolls again next
    /// round one level easier (docs/rules/mass_combat.md, "Arriving on time").
    ///
    /// Errors: a die that could not be thrown.
    fn arrival_roll(
        &mut self,
        i: usize,
        to: (f32, f32),
        difficulty: Difficulty,
        haste: Option<u32>,
        dice: &mut Dice,
    ) -> Result<(), String> {
        let code = self.arrival_code(i, haste);
        let (name, what) = (
            self.units[i].name.clone(),
            if self.units[i].kind.vehicle {
                "SPEED"
            } else {
                "DEX"
            },
        );
        let r = code.throw(dice, format!("{name}: combined {what}, to arrive on time"))?;
        let from = self.units[i].at;
        let far = (to.0 - from.0).hypot(to.1 - from.1);
        let rolled = format!(
            "{name} {} combined {what} {code}, {r} against {} ({})",
            verb(&name, "rolls", "roll"),
            difficulty.word(),
            difficulty.number()
        );
        if r >= difficulty.number() {
            self.units[i].en_route = None;
            self.move_unit(i, to);
            let side = self.units[i].side;
            self.event(format!(
                "{rolled}: {} on time, {far:.0} m, to {}",
                verb(&name, "arrives", "arrive"),
                self.place_words(side, to)
            ));
        } else {
            let k = (r.max(0) as f32 / difficulty.number() as f32).clamp(0.0, 1.0);
            self.move_unit(
                i,
                (from.0 + (to.0 - from.0) * k, from.1 + (to.1 - from.1) * k),
            );
            let next = difficulty.easier();
            self.units[i].en_route = Some(EnRoute {
                to,
                difficulty: next,
            });
            self.event(format!(
                "{rolled}: late, {:.0} m of the {far:.0} m; a new roll next round against {} ({})",
                far * k,
                next.word(),
                next.number()
            ));
        }
        Ok(())
    }

    /// Where a place is, in words a player reads off the table: how far from the nearest
    /// enemy unit on the ground of side `side` (`25 m from Red squad`), or its metres when
    /// there is none.
    pub fn place_words(&self, side: usize, at: (f32, f32)) -> String {
        let far = |j: usize| (self.units[j].at.0 - at.0).hypot(self.units[j].at.1 - at.1);
        (0..self.units.len())
            .filter(|&j| self.units[j].side != side && self.units[j].on_ground())
            .min_by(|&a, &b| far(a).total_cmp(&far(b)))
            .map_or_else(
                || format!("({:.0}, {:.0})", at.0, at.1),
                |j| format!("{:.0} m from {}", far(j), self.units[j].name),
            )
    }

    /// Where unit `i` ends a full retreat at `haste`: as far as it goes straight away from
    /// the nearest enemy unit on the ground (docs/rules/mass_combat.md, "Movement"); off the
    /// ground when it flees.
    pub fn retreats_to(&self, i: usize, haste: u32) -> (f32, f32) {
        let reach = self.reach(i, haste);
        let from = self.units[i].at;
        let side = self.units[i].side;
        let enemy = (0..self.units.len())
            .filter(|&j| self.units[j].side != side && self.units[j].on_ground())
            .min_by(|&a, &b| self.distance(i, a).total_cmp(&self.distance(i, b)));
        let away = match enemy {
            Some(e) => {
                let (dx, dy) = (from.0 - self.units[e].at.0, from.1 - self.units[e].at.1);
                let n = (dx * dx + dy * dy).sqrt().max(0.001);
                (dx / n, dy / n)
            }
            None => (0.0, 0.0),
        };
        (from.0 + away.0 * reach, from.1 + away.1 * reach)
    }

    /// The pips unit `i`'s leader gets from his commander's bonus actions this round:
    /// Subordinate Bonus, "For every bonus action used by the commander, the chosen
    /// subordinate receives one additional pop to his roll". One roll: the roll of the unit's
    /// order, its attack roll (the first weapon type's it fires), not its dodge, damage,
    /// strength or morale (docs/rules/mass_combat.md, "Command actions").
    fn bonus_pips(&self, i: usize) -> Code {
        let u = &self.units[i];
        let n = self.declared[u.side]
            .as_ref()
            .map_or(0, |d| d.bonuses.iter().filter(|b| **b == u.id).count());
        Code(n as i32)
    }

    /// The haste of unit `i`'s order this round (0 with none).
    fn haste_of(&self, i: usize) -> u32 {
        let u = &self.units[i];
        self.declared[u.side]
            .as_ref()
            .and_then(|d| d.orders.iter().find(|o| o.unit() == u.id))
            .map_or(0, Order::haste)
    }

    /// Steps 3 to 5 of the Mass Combat Sequence, then the next round or the end.
    ///
    /// A unit whose morale broke retreats with no order: "Should a unit fail its morale
    /// check, all orders given to it the following round are ignored. Determine their actions
    /// for the following round using the table below" (Mass Combat Sequence, 5.), and the
    /// Morale Failure Chart's action is "Full Retreat, no other action until the unit passes
    /// its morale check"; it retreats at no haste, with the deployments.
    fn resolve_round(&mut self, dice: &mut Dice) -> Result<(), String> {
        let mut queue: Vec<Queued> = (0..2)
            .flat_map(|s| {
                self.declared[s]
                    .iter()
                    .flat_map(|d| d.orders.iter().cloned())
                    .map(move |o| (s, o))
                    .collect::<Vec<_>>()
            })
            .collect();
        queue.extend(
            self.units
                .iter()
                .filter(|u| u.status == Status::Retreating)
                .map(|u| {
                    (
                        u.side,
                        Order::Retreat {
                            unit: u.id.clone(),
                            haste: 0,
                        },
                    )
                }),
        );
        // "Actions, orders and reactions are resolved in descending order of haste actions
        // taken ... Non-deployment actions with the same degree of haste are resolved,
        // followed by all deployment actions with that same degree of haste."
        queue.sort_by_key(|(_, o)| (std::cmp::Reverse(o.haste()), o.deployment()));
        // A new order replaces a deployment still under way
        // (docs/rules/mass_combat.md, "Arriving on time").
        for (_, o) in &queue {
            if let Ok(i) = self.unit(o.unit()) {
                self.units[i].en_route = None;
            }
        }
        let mut lost: BTreeMap<usize, u32> = BTreeMap::new();
        let mut results: BTreeMap<usize, DamageResult> = BTreeMap::new();
        let mut engaged: BTreeSet<(usize, usize)> = BTreeSet::new();
        self.last_attacks.clear();
        self.last_fire.clear();
        for (side, order) in queue {
            self.resolve_order(side, &order, dice, &mut lost, &mut results, &mut engaged)?;
        }
        // 4. Damage: the losses are taken at the end of the round ("reducing their unit size
        // by 10 to 30 the next round").
        for u in &mut self.units {
            u.under_fire = false;
        }
        for (&i, &n) in &lost {
            let u = &mut self.units[i];
            u.size = u.size.saturating_sub(n);
            for l in u.left.values_mut() {
                *l = (*l).min(u.size);
            }
        }
        for (&i, &r) in &results {
            let u = &mut self.units[i];
            if r == DamageResult::UnderHeavyFire {
                u.under_fire = true;
            } else if u.kind.vehicle {
                // The vehicle row's damage state, worse as hits add up; "Destroyed" leaves
                // none (docs/rules/mass_combat.md, "Vehicle units").
                u.lasting = vehicle_damage(u.lasting, r);
                if u.lasting == Some(DamageResult::Rout) {
                    u.size = 0;
                }
            } else {
                u.lasting = u.lasting.max(Some(r));
            }
        }
        let mut gone = Vec::new();
        for i in 0..self.units.len() {
            if self.units[i].size == 0 && self.units[i].in_battle() {
                self.units[i].status = Status::Destroyed;
                gone.push(self.units[i].id.clone());
                let n = &self.units[i].name;
                self.event(format!("{n} {} destroyed", verb(n, "is", "are")));
            }
        }
        // Those riding in a transport destroyed go with it.
        for i in 0..self.units.len() {
            if let Status::Aboard(t) = &self.units[i].status
                && gone.contains(t)
            {
                self.units[i].status = Status::Destroyed;
                let n = &self.units[i].name;
                self.event(format!(
                    "{n} {} lost with {} transport",
                    verb(n, "is", "are"),
                    verb(n, "its", "their")
                ));
            }
        }
        self.morale(dice, &engaged, &results)?;
        self.end_round(dice)
    }

    #[allow(clippy::too_many_arguments)]
    fn resolve_order(
        &mut self,
        side: usize,
        order: &Order,
        dice: &mut Dice,
        lost: &mut BTreeMap<usize, u32>,
        results: &mut BTreeMap<usize, DamageResult>,
        engaged: &mut BTreeSet<(usize, usize)>,
    ) -> Result<(), String> {
        let i = self.unit(order.unit())?;
        if !self.units[i].in_battle() {
            return Ok(());
        }
        match order {
            Order::Fire {
                target,
                weapons,
                haste,
                ..
            } => {
                let t = self.unit(target)?;
                if !self.units[t].on_ground() {
                    self.event(format!(
                        "{} {} no target: {} {} gone",
                        self.units[i].name,
                        verb(&self.units[i].name, "has", "have"),
                        self.units[t].name,
                        verb(&self.units[t].name, "is", "are")
                    ));
                    return Ok(());
                }
                let d = self.declared[side].clone().unwrap_or_default();
                let group: Vec<usize> = d
                    .coordinated
                    .iter()
                    .find(|g| g.contains(&self.units[i].id))
                    .map(|g| g.iter().filter_map(|id| self.unit(id).ok()).collect())
                    .unwrap_or_else(|| vec![i]);
                // The bonus pips go to "his roll": the first attack roll thrown.
                let mut bonus = self.bonus_pips(i);
                for &(w, n) in weapons {
                    let u = &self.units[i];
                    let Some(weapon) = u.kind.weapons.get(w).cloned() else {
                        continue;
                    };
                    let n = n
                        .min(u.size)
                        .min(u.left.get(&w).copied().unwrap_or(u32::MAX));
                    if n == 0 {
                        continue;
                    }
                    let Some(range) = self.range(i, w, t) else {
                        self.event(format!(
                            "{}: the {} cannot reach {} at {:.0} m",
                            u.name,
                            weapon.name,
                            self.units[t].name,
                            self.distance(i, t)
                        ));
                        continue;
                    };
                    // Coordinated units firing the same skill on the same target count
                    // together for the attack's modifier.
                    let coordinated: u32 = n + group
                        .iter()
                        .filter(|&&j| j != i)
                        .filter_map(|&j| {
                            let o = self.declared[side]
                                .as_ref()?
                                .orders
                                .iter()
                                .find(|o| o.unit() == self.units[j].id)?;
                            match o {
                                Order::Fire {
                                    target: tt,
                                    weapons: ww,
                                    ..
                                } if tt == target => Some(
                                    ww.iter()
                                        .filter(|(k, _)| {
                                            self.units[j]
                                                .kind
                                                .weapons
                                                .get(*k)
                                                .is_some_and(|x| x.skill == weapon.skill)
                                        })
                                        .map(|(_, m)| *m)
                                        .sum::<u32>(),
                                ),
                                _ => None,
                            }
                        })
                        .sum::<u32>();
                    let tu = &self.units[t];
                    let input = AttackInput {
                        attacker: u.name.clone(),
                        target: tu.name.clone(),
                        weapon: weapon.name.clone(),
                        people: n,
                        coordinated,
                        skill: u.kind.skill(&weapon.skill)
                            + weapon.fire_control
                            + self.action_modifier(i, *haste)
                            + self.stat_pips(i, &weapon.skill)
                            + std::mem::take(&mut bonus),
                        damage: weapon.damage,
                        dodge: tu.kind.skill("dodge")
                            + self.action_modifier(t, self.haste_of(t))
                            + self.stat_pips(t, "dodge"),
                        target_size: tu.size,
                        range,
                        strength: tu.kind.strength_against(weapon.energy)
                            + self.stat_pips(t, "strength"),
                        scale: ScaleEdge::between(u.kind.scale.dice(), tu.kind.scale.dice()),
                        grenade: weapon.used_up,
                        vehicles: tu.kind.vehicle,
                    };
                    let report = resolve(&input, dice)?;
                    if let Some(l) = self.units[i].left.get_mut(&w) {
                        *l = l.saturating_sub(n);
                    }
                    *lost.entry(t).or_default() += report.lost;
                    if let Some(r) = report.result {
                        let e = results.entry(t).or_insert(r);
                        *e = (*e).max(r);
                    }
                    if report.result.is_some() {
                        engaged.insert((t, i));
                    }
                    let head = format!(
                        "{} {} on {}:",
                        self.units[i].name,
                        verb(&self.units[i].name, "fires", "fire"),
                        self.units[t].name
                    );
                    self.event(format!("{head} {}", report.lines.join("; ")));
                    self.last_fire.push((i, t, report.lost));
                    self.last_attacks.push((head, report));
                }
            }
            Order::Deploy { to, haste, .. } => {
                let at = self.deploys_to(i, *to, *haste);
                match self.units[i].arrival {
                    Some(difficulty) => self.arrival_roll(i, at, difficulty, Some(*haste), dice)?,
                    None => self.deploy(i, at),
                }
            }
            Order::Retreat { haste, .. } => {
                let reach = self.reach(i, *haste);
                let at = self.retreats_to(i, *haste);
                if at.0 < 0.0 || at.1 < 0.0 || at.0 > self.ground.0 || at.1 > self.ground.1 {
                    self.units[i].status = Status::Fled;
                    let n = &self.units[i].name;
                    self.event(format!(
                        "{n} {} off the field",
                        verb(n, "retreats", "retreat")
                    ));
                } else {
                    // An ordered retreat is the round's action; only a unit whose morale
                    // broke stays in full retreat until it rallies (Self::morale).
                    self.move_unit(i, at);
                    let n = &self.units[i].name;
                    self.event(format!(
                        "{n} {} {reach:.0} m",
                        verb(n, "retreats", "retreat")
                    ));
                }
            }
            Order::Split { size, .. } => {
                let mut new = self.units[i].clone();
                let n = (2..)
                    .map(|k| format!("{}-{k}", self.units[i].id))
                    .find(|id| self.unit(id).is_err())
                    .unwrap_or_default();
                new.id = n;
                new.name = format!("{} (split)", self.units[i].name);
                new.size = *size;
                new.start = *size;
                // "new commanders must be assigned to each unit": the part split off is led
                // by a new commander (docs/rules/mass_combat.md, "Splitting and joining").
                new.leader = NEW_LEADER.min(self.units[i].leader);
                // It forms up beside the old unit, across the line to the nearest enemy
                // (docs/rules/mass_combat.md, "Splitting and joining").
                let from = self.units[i].at;
                let beside = (0..self.units.len())
                    .filter(|&j| self.units[j].side != side && self.units[j].on_ground())
                    .min_by(|&a, &b| self.distance(i, a).total_cmp(&self.distance(i, b)))
                    .map_or((0.0, -1.0), |e| {
                        let (dx, dy) = (self.units[e].at.0 - from.0, self.units[e].at.1 - from.1);
                        let n = dx.hypot(dy).max(0.001);
                        (-dy / n, dx / n)
                    });
                let at = (
                    from.0 + beside.0 * SPLIT_APART,
                    from.1 + beside.1 * SPLIT_APART,
                );
                new.at = (
                    at.0.clamp(0.0, self.ground.0),
                    at.1.clamp(0.0, self.ground.1),
                );
                for l in new.left.values_mut() {
                    *l = (*l).min(*size);
                }
                let u = &mut self.units[i];
                u.size = u.size.saturating_sub(*size);
                u.start = u.start.saturating_sub(*size).max(u.size);
                for l in u.left.values_mut() {
                    *l = (*l).min(u.size);
                }
                self.event(format!(
                    "{} {}: {} stay, {size} form {}, under a new commander of command {}",
                    self.units[i].name,
                    verb(&self.units[i].name, "splits", "split"),
                    self.units[i].size,
                    new.id,
                    new.leader
                ));
                self.units.push(new);
            }
            Order::Join { into, .. } => {
                let t = self.unit(into)?;
                if !self.units[t].on_ground() {
                    return Ok(());
                }
                let (n, left, damage) = (
                    self.units[i].size,
                    self.units[i].left.clone(),
                    self.units[i].lasting,
                );
                self.units[i].status = Status::Joined(into.clone());
                let o = &mut self.units[t];
                o.size += n;
                o.start += n;
                for (w, l) in left {
                    *o.left.entry(w).or_default() += l;
                }
                // Reinforced: the lasting morale penalties end ("until reinforcements arrive");
                // vehicles' damage is not repaired: the worse state holds.
                o.lasting = if o.kind.vehicle {
                    o.lasting.max(damage)
                } else {
                    None
                };
                self.event(format!(
                    "{} {} {}, now {} strong",
                    self.units[i].name,
                    verb(&self.units[i].name, "joins", "join"),
                    self.units[t].name,
                    self.units[t].size
                ));
            }
            Order::Board { transport, .. } => self.board(i, transport)?,
            Order::Disembark { .. } => {
                if let Status::Aboard(tid) = self.units[i].status.clone() {
                    let t = self.unit(&tid)?;
                    self.units[i].at = self.units[t].at;
                    self.units[i].status = Status::Fighting;
                    self.event(format!(
                        "{} {} from {}",
                        self.units[i].name,
                        verb(&self.units[i].name, "disembarks", "disembark"),
                        self.units[t].name
                    ));
                }
            }
        }
        Ok(())
    }

    /// Unit `i` deploys to `at`, as sure to arrive as "Generally, non-combat deployment is
    /// automatic" has it.
    fn deploy(&mut self, i: usize, at: (f32, f32)) {
        let from = self.units[i].at;
        self.move_unit(i, at);
        let (name, side) = (self.units[i].name.clone(), self.units[i].side);
        self.event(format!(
            "{name} {} {:.0} m, to {}",
            verb(&name, "deploys", "deploy"),
            (at.0 - from.0).hypot(at.1 - from.1),
            self.place_words(side, at)
        ));
    }

    /// Unit `i` boards `transport` if it is still within its deployment and has room; else it
    /// deploys towards it as far as it goes (docs/rules/mass_combat.md, "Transports").
    ///
    /// Errors: no such transport.
    fn board(&mut self, i: usize, transport: &str) -> Result<(), String> {
        let t = self.unit(transport)?;
        let name = self.units[i].name.clone();
        if !self.units[t].on_ground() {
            self.event(format!(
                "{name} {} nothing to board: {} {} gone",
                verb(&name, "has", "have"),
                self.units[t].name,
                verb(&self.units[t].name, "is", "are")
            ));
            return Ok(());
        }
        let room = self.capacity(t).saturating_sub(self.aboard(t));
        if self.distance(i, t) <= self.reach(i, 0) && self.units[i].size <= room {
            let at = self.units[t].at;
            self.units[i].at = at;
            self.units[i].status = Status::Aboard(transport.to_string());
            self.event(format!(
                "{name} {} {}",
                verb(&name, "boards", "board"),
                self.units[t].name
            ));
        } else {
            let at = self.deploys_to(i, self.units[t].at, 0);
            self.event(format!(
                "{name} cannot board {}: {}",
                self.units[t].name,
                if self.units[i].size > room {
                    format!("room for {room}")
                } else {
                    "out of reach".to_string()
                }
            ));
            self.deploy(i, at);
        }
        Ok(())
    }

    /// Metres unit `i` deploys this round at `haste` ([`METRES_PER_MOVE`] a point of MOVE,
    /// again for each haste action).
    pub fn reach(&self, i: usize, haste: u32) -> f32 {
        self.units[i].kind.move_ as f32 * METRES_PER_MOVE * (1 + haste) as f32
    }

    /// Where unit `i` ends a deployment towards `to` (metres) at `haste`: there, or as far
    /// along the way as its reach goes ([`Battle::reach`];
    /// docs/rules/mass_combat.md, "Movement").
    pub fn deploys_to(&self, i: usize, to: (f32, f32), haste: u32) -> (f32, f32) {
        let from = self.units[i].at;
        let d = ((to.0 - from.0).powi(2) + (to.1 - from.1).powi(2)).sqrt();
        let reach = self.reach(i, haste);
        let k = if d <= reach || d == 0.0 {
            1.0
        } else {
            reach / d
        };
        (from.0 + (to.0 - from.0) * k, from.1 + (to.1 - from.1) * k)
    }

    /// Moves unit `i` to `at`, with those aboard it, kept on the ground.
    fn move_unit(&mut self, i: usize, at: (f32, f32)) {
        let at = (
            at.0.clamp(0.0, self.ground.0),
            at.1.clamp(0.0, self.ground.1),
        );
        let id = self.units[i].id.clone();
        self.units[i].at = at;
        for u in &mut self.units {
            if u.status == Status::Aboard(id.clone()) {
                u.at = at;
            }
        }
    }

    /// 5. Determine Morale of Forces: "Make a Morale check on all forces based on the
    /// outcomes of this round's battles. Morale checks are made by comparing the Stamina skill
    /// dice rolls of each side." Each unit that fire damaged this round (under heavy fire or
    /// worse) compares with each unit that damaged it, and the lower roll fails, whichever of
    /// the two it is; each rolls once (docs/rules/mass_combat.md, "Morale").
    fn morale(
        &mut self,
        dice: &mut Dice,
        engaged: &BTreeSet<(usize, usize)>,
        results: &BTreeMap<usize, DamageResult>,
    ) -> Result<(), String> {
        let mut rolls: BTreeMap<usize, i32> = BTreeMap::new();
        let mut roll = |b: &Battle, i: usize, dice: &mut Dice| -> Result<i32, String> {
            if let Some(r) = rolls.get(&i) {
                return Ok(*r);
            }
            let code = b.morale_code(i, results.get(&i).copied());
            let r = code.throw(
                dice,
                format!("{}: morale (stamina {code})", b.units[i].name),
            )?;
            rolls.insert(i, r);
            Ok(r)
        };
        let mut outcome: BTreeMap<usize, Option<MoraleFailure>> = BTreeMap::new();
        for &(hit, by) in engaged {
            if !self.units[hit].on_ground() || !self.units[by].on_ground() {
                continue;
            }
            let (rh, rb) = (roll(self, hit, dice)?, roll(self, by, dice)?);
            // The lower roll fails, the unit that fired as well as the unit hit ("a Morale
            // check on all forces"); equal rolls: the unit hit fails by 0
            // (docs/rules/mass_combat.md, "Morale").
            let f = (rh <= rb).then(|| morale_failure(rb, rh));
            let e = outcome.entry(hit).or_insert(None);
            *e = (*e).max(f);
            let g = (rb < rh).then(|| morale_failure(rh, rb));
            let e = outcome.entry(by).or_insert(None);
            *e = (*e).max(g);
            self.event(format!(
                "morale: {} {rh} against {} {rb}",
                self.units[hit].name, self.units[by].name
            ));
        }
        // A unit in full retreat that fought nobody rallies on a Moderate morale roll; its
        // rally line says whether it failed (issue 60: a failed rally was logged twice).
        let mut rallying = BTreeSet::new();
        for i in 0..self.units.len() {
            if self.units[i].status == Status::Retreating && !outcome.contains_key(&i) {
                rallying.insert(i);
                let r = roll(self, i, dice)?;
                let passed = r >= Difficulty::Moderate.number();
                self.event(format!(
                    "{} {} to rally: morale {r} against Moderate: {}",
                    self.units[i].name,
                    verb(&self.units[i].name, "tries", "try"),
                    if passed {
                        verb(&self.units[i].name, "rallies", "rally")
                    } else {
                        "still retreating"
                    }
                ));
                outcome.insert(i, (!passed).then_some(MoraleFailure::FullRetreat));
            }
        }
        // "Should a unit fail its morale check, all orders given to it the following round are
        // ignored" and shaken is "-1D next round's Morale Check": both last the one round just
        // resolved, whether or not it checks morale again.
        for u in &mut self.units {
            u.ignores_orders = false;
            u.shaken = false;
        }
        for (i, f) in outcome {
            let u = &mut self.units[i];
            u.ignores_orders = f.is_some();
            u.shaken = f == Some(MoraleFailure::Shaken);
            match f {
                None => {
                    if u.status == Status::Retreating {
                        u.status = Status::Fighting;
                    }
                }
                Some(MoraleFailure::Shaken) => {}
                Some(MoraleFailure::FullRetreat) => u.status = Status::Retreating,
                Some(MoraleFailure::Surrender) => u.status = Status::Surrendered,
            }
            if let Some(f) = f
                && !rallying.contains(&i)
            {
                let name = self.units[i].name.clone();
                let why = if f == MoraleFailure::Surrender {
                    " (\"Winner > 3x Loser\": the other roll more than three times its own)"
                } else {
                    ""
                };
                self.event(format!(
                    "{name} {} morale check: {}{why}",
                    verb(&name, "fails its", "fail their"),
                    f.word()
                ));
            }
        }
        Ok(())
    }

    /// The morale roll's code for unit `i` this round: stamina (less what marching cost it)
    /// plus the combined actions modifier for its size, loyalty, the damage results'
    /// penalties ("-1D to Morale Checks that round only" under heavy fire `now`; the worst
    /// lasting one "until reinforcements arrive"), -1D when shaken, the referee's, and the
    /// pips its own commander gives its stamina this round.
    pub fn morale_code(&self, i: usize, now: Option<DamageResult>) -> Code {
        let u = &self.units[i];
        let mut c = u.kind.stamina - u.fatigue.lost
            + combined_action(u.size).unwrap_or(Code::ZERO)
            + u.kind.loyalty.morale()
            + u.referee.1;
        if let Some(l) = u.lasting.max(now.filter(|r| r.lasting())) {
            c = c - l.morale_penalty();
        }
        if now == Some(DamageResult::UnderHeavyFire) {
            c = c - DamageResult::UnderHeavyFire.morale_penalty();
        }
        if u.shaken {
            c = c + Code::d(-1);
        }
        // Its own commander's pips on stamina this round (Subordinate Bonus).
        c + self.stat_pips(i, "stamina")
    }

    /// The share of side `side`'s members still in the battle, 0 to 1: what decides a battle
    /// at the round limit (`the larger share still fighting`, docs/rules/mass_combat.md, "The
    /// end of a battle"); units joined into others count in the unit they joined.
    pub fn share_fighting(&self, side: usize) -> f32 {
        let (left, start) = self
            .units
            .iter()
            .filter(|u| u.side == side && !matches!(u.status, Status::Joined(_)))
            .fold((0u32, 0u32), |(l, t), u| {
                (l + if u.in_battle() { u.size } else { 0 }, t + u.start)
            });
        left as f32 / start.max(1) as f32
    }

    /// The end of a round: the battle decided, or the next round's declarations, after the
    /// arrival rolls of the deployments still under way ("A new roll is made at the beginning
    /// of the next round at a reduced difficulty").
    ///
    /// Errors: a die that could not be thrown.
    fn end_round(&mut self, dice: &mut Dice) -> Result<(), String> {
        let standing = |s: usize| self.units.iter().any(|u| u.side == s && u.in_battle());
        let (a, b) = (standing(0), standing(1));
        let why = if !a || !b {
            Some(String::from("a side has no unit left fighting"))
        } else if self.round >= self.turn_limit {
            Some(format!("the round limit ({})", self.turn_limit))
        } else {
            None
        };
        if let Some(why) = why {
            let share: Vec<f32> = (0..2).map(|s| self.share_fighting(s)).collect();
            let winner = if a && !b {
                Some(0)
            } else if b && !a {
                Some(1)
            } else if share[0] > share[1] {
                Some(0)
            } else if share[1] > share[0] {
                Some(1)
            } else {
                None
            };
            let words = format!(
                "{why}; still fighting: {} {:.0}%, {} {:.0}%",
                self.sides[0].name,
                share[0] * 100.0,
                self.sides[1].name,
                share[1] * 100.0
            );
            self.result = Some(GameResult {
                winner,
                reason: match winner {
                    Some(w) => format!("{} wins: {words}", self.sides[w].name),
                    None => format!("a draw: {words}"),
                },
                decided_by: if a && b {
                    "the larger share still fighting at the round limit".into()
                } else {
                    "no enemy unit left fighting".into()
                },
            });
            self.event("the battle is over");
            return Ok(());
        }
        self.round += 1;
        self.stage = Stage::first(self.command);
        self.declared = [None, None];
        self.chose_tactics = [None, None];
        self.reacted = [false, false];
        self.tactics.clear();
        self.event(format!(
            "round {}: {}",
            self.round,
            Stage::opening(self.command)
        ));
        for i in 0..self.units.len() {
            let Some(e) = self.units[i].en_route else {
                continue;
            };
            if self.units[i].status == Status::Fighting {
                self.arrival_roll(i, e.to, e.difficulty, None, dice)?;
            } else {
                self.units[i].en_route = None;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rulesets::mass_combat::rules::attack::tests::faces;
    use crate::rulesets::mass_combat::rules::scenario::parse;

    /// Issue 60: the stormtroopers' 40 share out among blaster and grenade, never more than
    /// 40 in all, and never more grenades than are left.
    #[test]
    fn a_weapon_is_allocated_at_most_the_members_the_others_leave() {
        let b = platoon();
        let mut u = b.units[0].clone();
        assert_eq!(u.size, 40);
        assert_eq!(u.allocatable(1, &[(0, 30)]), (40, 10));
        assert_eq!(u.allocatable(0, &[(0, 30)]), (40, 40));
        assert_eq!(u.allocatable(0, &[(0, 30), (1, 10)]), (40, 30));
        u.left.insert(1, 5);
        assert_eq!(u.allocatable(1, &[(0, 30)]), (5, 5));
        assert_eq!(u.allocatable(1, &[(0, 38)]), (5, 2));
        assert_eq!(u.allocatable(1, &[(0, 40)]), (5, 0));
    }

    /// The codes of the last round's attacks, in order: (attack, dodge).
    fn attack_codes(b: &Battle) -> Vec<(Code, Code)> {
        b.last_attacks
            .iter()
            .map(|(_, r)| (r.attack.code, r.dodge.code))
            .collect()
    }

    /// The bundled platoon fight, as bundled: it ignores commanders (`command: false`).
    pub(crate) fn platoon() -> Battle {
        let s = parse(
            include_str!("../../../scenarios/mass_combat/platoon_fight.ron"),
            "platoon_fight.ron",
        )
        .expect("scenario");
        Battle::new(&s)
    }

    /// The bundled platoon fight with its commanders counted (`command: true`), for the tests
    /// of the tactics rolls: its two commanders (2D+1 and 3D) make the declaring order plain.
    pub(crate) fn platoon_with_commanders() -> Battle {
        let src = include_str!("../../../scenarios/mass_combat/platoon_fight.ron")
            .replace("command: false", "command: true");
        Battle::new(&parse(&src, "platoon_fight.ron").expect("scenario"))
    }

    fn fire(unit: &str, target: &str, weapons: &[(usize, u32)]) -> Order {
        Order::Fire {
            unit: unit.into(),
            target: target.into(),
            weapons: weapons.to_vec(),
            haste: 0,
        }
    }

    /// Both commanders make no tactics roll, in the declaring order: the round's declarations
    /// come next.
    pub(crate) fn no_tactics(b: &mut Battle, dice: &mut Dice) {
        if b.stage != Stage::Tactics {
            // A battle that ignores commanders opens with the declarations.
            assert_eq!(b.stage, Stage::Declare);
            return;
        }
        for side in b.declaring_order() {
            b.apply(
                &Command::Tactics {
                    side,
                    tactics: vec![],
                },
                dice,
            )
            .unwrap();
        }
        assert_eq!(b.stage, Stage::Declare);
    }

    /// Both commanders declare no reaction, in the reacting order, the sergeant first.
    fn no_reactions(b: &mut Battle, dice: &mut Dice) {
        for side in b.reacting_order() {
            let none = Command::React {
                side,
                reactions: vec![],
            };
            b.apply(&none, dice).unwrap();
        }
    }

    fn declare(side: usize, orders: Vec<Order>) -> Command {
        Command::Declare {
            side,
            declaration: Declaration {
                orders,
                ..Default::default()
            },
        }
    }

    /// Issue 59: a deployment off the ground (or to a number read as infinity), and command
    /// or bonus actions for no unit or the enemy's, are refused; nothing changes.
    #[test]
    fn orders_off_the_ground_and_actions_for_units_not_the_sides_own_are_refused() {
        let b = platoon();
        let deploy = |to| Order::Deploy {
            unit: "troopers".into(),
            to,
            haste: 0,
        };
        let with = |orders, commanded: &[&str], bonuses: &[&str]| Declaration {
            orders,
            commanded: commanded.iter().map(|s| s.to_string()).collect(),
            bonuses: bonuses.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        };
        for to in [
            (f32::INFINITY, 80.0),
            (f32::NAN, 80.0),
            (241.0, 80.0),
            (10.0, -1.0),
        ] {
            let err = b
                .check_declaration(0, &with(vec![deploy(to)], &[], &[]))
                .unwrap_err();
            assert!(
                err.contains("off the ground of 240 x 160 m"),
                "{to:?}: {err}"
            );
        }
        b.check_declaration(0, &with(vec![deploy((240.0, 0.0))], &[], &[]))
            .expect("the ground's corner is on it");
        let err = b
            .check_declaration(0, &with(vec![], &["red"], &[]))
            .unwrap_err();
        assert!(err.contains("cannot command Red squad"), "{err}");
        let err = b
            .check_declaration(0, &with(vec![], &[], &["gold"]))
            .unwrap_err();
        assert!(err.contains("bonus action to Gold squad"), "{err}");
        let err = b
            .check_declaration(0, &with(vec![], &[], &["nobody"]))
            .unwrap_err();
        assert!(err.contains("no unit \"nobody\""), "{err}");
        b.check_declaration(0, &with(vec![], &[], &["troopers"]))
            .expect("a bonus action for the side's own unit");
    }

    /// A whole round: no tactics rolls, the Empire and the Rebels declare `empire` and
    /// `rebels`, neither reacts.
    fn round(b: &mut Battle, dice: &mut Dice, empire: Vec<Order>, rebels: Vec<Order>) {
        no_tactics(b, dice);
        for c in [
            declare(0, empire),
            declare(1, rebels),
            Command::React {
                side: 1,
                reactions: vec![],
            },
            Command::React {
                side: 0,
                reactions: vec![],
            },
        ] {
            b.apply(&c, dice).unwrap();
        }
    }

    /// Issue 60: the tactics rolls come first ("First, any anticipate enemy or deceive enemy
    /// rolls are made"), then the declarations, in the open, lowest command first.
    #[test]
    fn tactics_first_then_the_lowest_command_declares_first_in_the_open() {
        let mut b = platoon_with_commanders();
        let mut dice = Dice::forced([]);
        assert_eq!((b.stage, b.to_act()), (Stage::Tactics, Some(0)));
        let err = b.apply(&declare(0, vec![]), &mut dice).unwrap_err();
        assert!(err.contains("first the tactics rolls"), "{err}");
        no_tactics(&mut b, &mut dice);
        // The lieutenant (2D+1) declares before the sergeant (3D).
        assert_eq!(b.to_act(), Some(0));
        let err = b.apply(&declare(1, vec![]), &mut dice).unwrap_err();
        assert!(err.contains("Galactic Empire's turn to declare"), "{err}");
        b.apply(
            &declare(0, vec![fire("troopers", "red", &[(0, 40)])]),
            &mut dice,
        )
        .unwrap();
        // Heard by the other side: in the log and in the battle as it stands.
        assert!(
            b.events.iter().any(|e| e.1 == "Galactic Empire declares: Stormtroopers to fire on Red squad (40 with Blaster Rifle)"),
            "{:?}",
            b.events
        );
        assert_eq!(b.to_act(), Some(1));
        b.apply(&declare(1, vec![]), &mut dice).unwrap();
        // Reactions the other way round: the sergeant first.
        assert_eq!((b.stage, b.to_act()), (Stage::React, Some(1)));
        // Equal command: the NPC declares before the PC, its reactions too (issue 60: the PC
        // reacted first).
        b.sides[0].commander.command = Code::d(3);
        b.sides[0].commander.pc = true;
        assert_eq!(b.declaring_order(), [1, 0]);
        assert_eq!(b.reacting_order(), [1, 0]);
        b.sides[0].commander.pc = false;
        b.sides[1].commander.pc = true;
        assert_eq!(b.reacting_order(), [0, 1]);
        // Otherwise the highest command reacts first.
        b.sides[1].commander.pc = false;
        b.sides[0].commander.command = Code::new(2, 1);
        assert_eq!(b.reacting_order(), [1, 0]);
    }

    /// Issue 60: a commander may make both tactics rolls in a round; they are thrown once both
    /// commanders have chosen, before any declaration; a deception of at least twice the
    /// opponent's tactics roll lets its commander declare again after hearing the enemy's
    /// orders ("redeclare his orders after hearing what his opponent has delcared").
    #[test]
    fn both_tactics_rolls_come_before_the_orders_and_a_deceiver_declares_again() {
        let mut b = platoon_with_commanders();
        b.sides[0].commander.tactics = Code::d(5);
        b.sides[1].commander.tactics = Code::d(3);
        let mut f = faces(16, 5); // the lieutenant anticipates: 16 against Moderate (15)
        f.extend(faces(24, 5)); // and deceives: 24 against Difficult (20), and 2 x 9
        f.extend(faces(9, 3)); // the sergeant's deception: 9
        let mut dice = Dice::forced(f);
        let twice = Command::Tactics {
            side: 0,
            tactics: vec![Tactic::Deceive, Tactic::Deceive],
        };
        let err = b.apply(&twice, &mut dice).unwrap_err();
        assert!(err.contains("each tactics roll once a round"), "{err}");
        b.apply(
            &Command::Tactics {
                side: 0,
                tactics: vec![Tactic::Anticipate, Tactic::Deceive],
            },
            &mut dice,
        )
        .unwrap();
        assert!(b.tactics.is_empty(), "thrown only when both have chosen");
        b.apply(
            &Command::Tactics {
                side: 1,
                tactics: vec![Tactic::Deceive],
            },
            &mut dice,
        )
        .unwrap();
        assert_eq!(
            b.tactics,
            vec![
                (0, Tactic::Anticipate, 16, true),
                (0, Tactic::Deceive, 24, true),
                (1, Tactic::Deceive, 9, false)
            ]
        );
        assert!(b.anticipated(0) && !b.anticipated(1));
        b.apply(&declare(0, vec![]), &mut dice).unwrap();
        b.apply(&declare(1, vec![]), &mut dice).unwrap();
        // The reactions first, the sergeant's (3D) before the lieutenant's; then the
        // deception (Mass Combat Sequence, 2.).
        assert_eq!((b.stage, b.to_act()), (Stage::React, Some(1)));
        for side in [1, 0] {
            let react = Command::React {
                side,
                reactions: vec![],
            };
            b.apply(&react, &mut dice).unwrap();
        }
        assert_eq!((b.stage, b.to_act()), (Stage::Redeclare, Some(0)));
        let to = (b.units[0].at.0 + 10.0, b.units[0].at.1);
        b.apply(
            &Command::Redeclare {
                side: 0,
                declaration: Some(Declaration {
                    orders: vec![Order::Deploy {
                        unit: "troopers".into(),
                        to,
                        haste: 0,
                    }],
                    ..Default::default()
                }),
            },
            &mut dice,
        )
        .unwrap();
        // The redeclared orders are carried out: the round resolved, the stormtroopers moved.
        assert_eq!((b.round, b.stage), (2, Stage::Tactics));
        assert!((b.units[0].at.0 - to.0).abs() < 1e-3, "{:?}", b.units[0].at);
    }

    #[test]
    fn a_referee_takes_over_before_the_first_declaration_and_sets_the_modifiers() {
        let mut b = platoon();
        let mut dice = Dice::forced([]);
        let set = Command::Referee {
            unit: "red".into(),
            actions: Code::d(-1),
            morale: Code::d(2),
        };
        assert!(
            b.apply(&set, &mut dice)
                .unwrap_err()
                .contains("referee mode")
        );
        b.apply(&Command::RefereeMode, &mut dice).unwrap();
        b.apply(&set, &mut dice).unwrap();
        assert_eq!(b.units[1].referee, (Code::d(-1), Code::d(2)));
        // The morale modifier is in the morale roll: 3D stamina + 2D+1 for 10 + 2D.
        assert_eq!(b.morale_code(1, None), Code::new(7, 1));
        let long = |number| Command::RangeNumber {
            band: RangeBand::Long,
            number,
        };
        assert!(
            b.apply(&long(21), &mut dice)
                .unwrap_err()
                .contains("16 to 20")
        );
        b.apply(&long(18), &mut dice).unwrap();
        assert_eq!(b.range_numbers[&RangeBand::Long], 18);
        no_tactics(&mut b, &mut dice);
        b.apply(&declare(0, vec![]), &mut dice).unwrap();
        let mut late = platoon_with_commanders();
        late.apply(
            &Command::Tactics {
                side: 0,
                tactics: vec![],
            },
            &mut dice,
        )
        .unwrap();
        assert!(
            late.apply(&Command::RefereeMode, &mut dice)
                .unwrap_err()
                .contains("before the first declaration")
        );
    }

    /// Dividing and combining: "Dividing a unit takes one action" and "It takes one action to
    /// combine several units"; the combined unit is reinforced (its lasting penalty ends).
    #[test]
    fn units_split_and_join_as_their_action() {
        let mut b = platoon();
        b.units[1].lasting = Some(DamageResult::ModerateCasualties);
        b.units[0].leader = Code::d(4);
        let mut dice = Dice::forced([]);
        round(
            &mut b,
            &mut dice,
            vec![Order::Split {
                unit: "troopers".into(),
                size: 15,
            }],
            vec![Order::Join {
                unit: "blue".into(),
                into: "red".into(),
            }],
        );
        let t = b.unit("troopers-2").unwrap();
        assert_eq!((b.units[0].size, b.units[t].size), (25, 15));
        assert_eq!((b.units[0].left[&1], b.units[t].left[&1]), (25, 15));
        // Side by side, 10 m apart.
        assert!((b.distance(0, t) - SPLIT_APART).abs() < 1e-3);
        assert_eq!((b.units[1].size, b.units[1].lasting), (20, None));
        assert_eq!(b.units[2].status, Status::Joined("red".into()));
        assert_eq!(b.round, 2);
        // Issue 60: "new commanders must be assigned to each unit": the part split off has a
        // new commander of a squad leader's 2D; the unit that stays keeps its 4D.
        assert_eq!(
            (b.units[0].leader, b.units[t].leader),
            (Code::d(4), Code::d(2))
        );
        assert!(
            b.events
                .iter()
                .any(|e| e.1 == "Stormtroopers split: 25 stay, 15 form troopers-2, under a new commander of command 2D"),
            "{:?}",
            b.events
        );
        // Never better than the commander he served under.
        let mut b = platoon();
        b.units[0].leader = Code::new(1, 1);
        let split = Order::Split {
            unit: "troopers".into(),
            size: 15,
        };
        round(&mut b, &mut Dice::forced([]), vec![split], vec![]);
        let t = b.unit("troopers-2").unwrap();
        assert_eq!(b.units[t].leader, Code::new(1, 1));
    }

    #[test]
    fn a_declaration_the_rules_forbid_is_refused_with_the_rule() {
        let b = platoon();
        let bad = |side, orders| {
            b.check_declaration(
                side,
                &Declaration {
                    orders,
                    ..Default::default()
                },
            )
            .unwrap_err()
        };
        assert!(
            bad(1, vec![fire("troopers", "red", &[(0, 40)])]).contains("not Rebel Alliance's unit")
        );
        assert!(
            bad(0, vec![fire("troopers", "red", &[(0, 41)])])
                .contains("40 members to allocate, not 41")
        );
        assert!(
            bad(
                0,
                vec![
                    fire("troopers", "red", &[(0, 30)]),
                    Order::Retreat {
                        unit: "troopers".into(),
                        haste: 0
                    }
                ]
            )
            .contains("two orders")
        );
        assert!(bad(1, vec![fire("red", "blue", &[(0, 10)])]).contains("not an enemy unit"));
        assert!(
            bad(
                1,
                vec![Order::Split {
                    unit: "red".into(),
                    size: 10
                }]
            )
            .contains("split off 1 to 9")
        );
    }

    /// One round of the platoon fight at 30 m, every die forced: the stormtroopers fire 30
    /// rifles and 10 grenades on Red squad, Red squad fires back; the losses are taken at the
    /// end of the round and the two units check morale against each other.
    #[test]
    fn a_failed_morale_check_costs_the_next_round_only() {
        let mut b = platoon();
        b.units[0].ignores_orders = true;
        b.units[0].shaken = true;
        let mut dice = Dice::forced([]);
        no_tactics(&mut b, &mut dice);
        let err = b
            .apply(
                &declare(0, vec![fire("troopers", "red", &[(0, 40)])]),
                &mut dice,
            )
            .unwrap_err();
        // Issue 60: the plural agrees (`AT-ATs broke and is` was written).
        assert!(
            err.contains("Stormtroopers failed their morale check last round"),
            "{err}"
        );
        // A round in which nothing fires: no morale check, and the failure is spent.
        for c in [
            declare(0, vec![]),
            declare(1, vec![]),
            Command::React {
                side: 1,
                reactions: vec![],
            },
            Command::React {
                side: 0,
                reactions: vec![],
            },
        ] {
            b.apply(&c, &mut dice).unwrap();
        }
        assert_eq!(b.round, 2);
        assert!(!b.units[0].ignores_orders && !b.units[0].shaken);
        no_tactics(&mut b, &mut dice);
        b.apply(
            &declare(0, vec![fire("troopers", "red", &[(0, 40)])]),
            &mut dice,
        )
        .unwrap();
    }

    /// Issue 60: a full retreat that its commander orders is the round's action: the unit
    /// retreats and the next round it is given orders again, with no rally roll (none is
    /// thrown here).
    #[test]
    fn an_ordered_full_retreat_is_the_rounds_action_not_a_broken_morale() {
        let mut b = platoon();
        let mut dice = Dice::forced([]);
        let from = b.units[1].at;
        let retreat = Order::Retreat {
            unit: "red".into(),
            haste: 0,
        };
        round(&mut b, &mut dice, vec![], vec![retreat]);
        assert_ne!(b.units[1].at, from, "it retreated");
        assert_eq!(b.units[1].status, Status::Fighting);
        assert!(!b.units[1].ignores_orders);
        no_tactics(&mut b, &mut dice);
        b.apply(&declare(0, vec![]), &mut dice).unwrap();
        let advance = Order::Deploy {
            unit: "red".into(),
            to: (120.0, 20.0),
            haste: 0,
        };
        b.apply(&declare(1, vec![advance]), &mut dice)
            .expect("orders again the next round");
    }

    /// Issue 60: a unit whose morale broke (the Morale Failure Chart's "Full Retreat, no other
    /// action until the unit passes its morale check") ignores its orders, a retreat as well,
    /// and retreats without one; harmed by nobody, it then tries to rally.
    #[test]
    fn a_unit_whose_morale_broke_retreats_without_an_order() {
        let mut b = platoon();
        b.units[1].status = Status::Retreating;
        b.units[1].ignores_orders = true;
        let from = b.units[1].at;
        let mut dice = Dice::forced(vec![6; 12]);
        no_tactics(&mut b, &mut dice);
        b.apply(&declare(0, vec![]), &mut dice).unwrap();
        for o in [
            fire("red", "troopers", &[(0, 10)]),
            Order::Retreat {
                unit: "red".into(),
                haste: 1,
            },
        ] {
            let err = b.apply(&declare(1, vec![o]), &mut dice).unwrap_err();
            assert!(
                err.contains("no other action until the unit passes its morale check"),
                "{err}"
            );
        }
        b.apply(&declare(1, vec![]), &mut dice).unwrap();
        let err = b
            .apply(
                &Command::React {
                    side: 1,
                    reactions: vec![Reaction {
                        unit: "red".into(),
                        haste: 1,
                        retreat: true,
                        to: None,
                    }],
                },
                &mut dice,
            )
            .unwrap_err();
        assert!(
            err.contains("orders given to it the following round are ignored"),
            "{err}"
        );
        no_reactions(&mut b, &mut dice);
        let log: Vec<&str> = b.events.iter().map(|(_, e)| e.as_str()).collect();
        assert!(
            b.units[1].at.0 > from.0,
            "it retreated away from the stormtroopers: {log:#?}"
        );
        assert!(
            log.iter()
                .any(|e| e.starts_with("Red squad tries to rally")),
            "{log:#?}"
        );
        assert_eq!(b.units[1].status, Status::Fighting, "rallied: {log:#?}");
    }

    /// Issue 60: a bonus action is "one additional pop to his roll": the pip goes to the
    /// unit's first attack roll, not to its second weapon type's nor to its dodge.
    #[test]
    fn a_bonus_pip_goes_to_one_roll() {
        let mut b = platoon();
        b.units[1].at = (90.0, 80.0);
        let mut dice = Dice::forced(vec![1; 80]);
        no_tactics(&mut b, &mut dice);
        for (side, orders, bonuses) in [
            (
                0,
                vec![fire("troopers", "red", &[(0, 30), (1, 10)])],
                vec!["troopers"],
            ),
            (1, vec![fire("red", "troopers", &[(0, 10)])], vec!["red"]),
        ] {
            b.apply(
                &Command::Declare {
                    side,
                    declaration: Declaration {
                        orders,
                        bonuses: bonuses.into_iter().map(String::from).collect(),
                        ..Default::default()
                    },
                },
                &mut dice,
            )
            .unwrap();
        }
        no_reactions(&mut b, &mut dice);
        let codes = attack_codes(&b);
        // Rifles 3D + 3D+1 (30) and a pip; grenades 1D + 2D+1 (10) with none; Red's dodge
        // 3D+2 + 2D+1 with none. Red's pistols 5D+2 + 2D+1 and a pip; the dodge 3D + 3D+2.
        assert_eq!(
            codes,
            [
                (Code::new(6, 2), Code::new(6, 0)),
                (Code::new(3, 1), Code::new(6, 0)),
                (Code::new(8, 1), Code::new(6, 2)),
            ]
        );
    }

    /// Issue 60: "Characters declare combat redeployments during this segment": a reaction
    /// turns Red squad's fire into a deployment, resolved with the deployments.
    #[test]
    fn a_reaction_redeploys_a_unit() {
        let mut b = platoon();
        b.units[1].at = (90.0, 80.0);
        let mut dice = Dice::forced([]);
        no_tactics(&mut b, &mut dice);
        b.apply(&declare(0, vec![]), &mut dice).unwrap();
        b.apply(
            &declare(1, vec![fire("red", "troopers", &[(0, 10)])]),
            &mut dice,
        )
        .unwrap();
        let react = |to, retreat| Command::React {
            side: 1,
            reactions: vec![Reaction {
                unit: "red".into(),
                haste: 0,
                retreat,
                to,
            }],
        };
        let err = b
            .apply(&react(Some((95.0, 65.0)), true), &mut dice)
            .unwrap_err();
        assert!(err.contains("not both"), "{err}");
        b.apply(&react(Some((95.0, 65.0)), false), &mut dice)
            .unwrap();
        assert_eq!(
            b.declared[1].as_ref().unwrap().orders,
            [Order::Deploy {
                unit: "red".into(),
                to: (95.0, 65.0),
                haste: 0
            }]
        );
        b.apply(
            &Command::React {
                side: 0,
                reactions: vec![],
            },
            &mut dice,
        )
        .unwrap();
        assert_eq!(b.units[1].at, (95.0, 65.0));
    }

    /// Issue 60: a unit of vehicles lightly damaged is at -1D to all its actions (a unit of
    /// soldiers with light casualties only to its morale checks).
    #[test]
    fn damaged_vehicles_act_at_less() {
        let mut b = platoon();
        b.units[1].lasting = Some(DamageResult::LightCasualties);
        assert_eq!(b.action_modifier(1, 0), Code::ZERO);
        b.units[1].kind.vehicle = true;
        assert_eq!(b.action_modifier(1, 0), Code::d(-1));
        b.units[1].lasting = Some(DamageResult::HeavyCasualties);
        assert_eq!(b.action_modifier(1, 0), Code::d(-3));
    }

    /// The dice of one round of the platoon fight at 30 m before the morale checks: the
    /// stormtroopers fire 30 rifles and 10 grenades on Red squad, Red squad fires back.
    fn round_at_30_m() -> Vec<u8> {
        let mut f = Vec::new();
        // The stormtroopers' 30 rifles: 3D + 3D+1 (30 → the 32 row) = 6D+1, rolled 30; Red's
        // dodge 3D+2 + 2D+1 (10 → 12) = 6D, rolled 14, +10 at short range (30 m): beat by 6,
        // 1 in 4: 8 hit. Damage 5D + 2D (8) = 7D, rolled 30, against strength 3D + 2D+1 =
        // 5D+1, rolled 16: beat by 14, heavy casualties.
        f.extend(faces(29, 6));
        f.extend(faces(14, 6));
        f.extend(faces(30, 7));
        f.extend(faces(15, 5));
        // Their 10 grenades: 1D (untrained, in armour) + 2D+1 = 3D+1, rolled 10, against the
        // dodge rolled 20, +20 at long range for a grenade (20-40 m): missed by 30. The 10
        // deviate: 5D - 2D = 3D, + 2D+1 = 5D+1, rolled 16, against strength rolled 16: beat
        // by 0, under heavy fire.
        f.extend(faces(9, 3));
        f.extend(faces(20, 6));
        f.extend(faces(15, 5));
        f.extend(faces(15, 5));
        // Red's 10 pistols: 5D+2 + 2D+1 = 8D, rolled 34, against the stormtroopers' dodge 4D
        // - 1D armour + 3D+2 (40 → 48) = 6D+2, rolled 16, +15 at medium range for a pistol
        // (10-30 m): beat by 3, 1 in 5: 2 hit. Damage 4D + 2 (2) = 4D+2, rolled 10, against
        // strength 2D + 1D energy armour + 3D+2 = 6D+2, rolled 20: no damage.
        f.extend(faces(34, 8));
        f.extend(faces(14, 6));
        f.extend(faces(8, 4));
        f.extend(faces(18, 6));
        f
    }

    /// The round of [`round_at_30_m`] played through, Red squad's morale roll (2D) `red` and
    /// the stormtroopers' (6D+2) `troopers`: the battle after it, and the dice.
    pub(crate) fn played_at_30_m(red: i32, troopers: i32) -> (Battle, Dice) {
        let mut b = platoon();
        b.units[1].at = (90.0, 80.0); // Red squad 30 m from the stormtroopers
        let mut f = round_at_30_m();
        f.extend(faces(red, 2));
        f.extend(faces(troopers - 2, 6));
        let mut dice = Dice::forced(f);
        round(
            &mut b,
            &mut dice,
            vec![fire("troopers", "red", &[(0, 30), (1, 10)])],
            vec![fire("red", "troopers", &[(0, 10)])],
        );
        (b, dice)
    }

    #[test]
    fn a_round_resolves_fire_damage_and_morale_in_the_texts_order() {
        // Morale, Red (harmed) against the stormtroopers (who harmed it): Red, 7 left: 3D + 2D
        // (7 → 8) - 3D for heavy casualties = 2D, rolled 6; the stormtroopers' stamina 3D +
        // 3D+2 = 6D+2, rolled 25. Red fails by 19, and 25 is more than three times 6: it
        // surrenders ("Winner > 3x Loser"). The stormtroopers, higher, hold.
        let (b, dice) = played_at_30_m(6, 25);
        let log: Vec<&str> = b.events.iter().map(|(_, e)| e.as_str()).collect();
        let attacks: Vec<(i32, i32, u32)> = b
            .last_attacks
            .iter()
            .map(|(_, r)| (r.attack.total, r.beat_by, r.hits))
            .collect();
        assert_eq!(attacks, [(30, 6, 8), (10, -30, 0), (34, 3, 2)], "{log:#?}");
        // Red: heavy casualties, 25% of 10 rounded up = 3; the grenades' grenades gone.
        assert_eq!(b.units[1].size, 7, "{log:#?}");
        // Issue 61: the round's fire is kept for the table: who fired on whom, and the losses.
        let lost_by =
            |t: usize| -> u32 { b.last_fire.iter().filter(|f| f.1 == t).map(|f| f.2).sum() };
        assert_eq!(b.last_fire.len(), b.last_attacks.len());
        assert_eq!(lost_by(1), 3);
        assert_eq!(lost_by(0), b.units[0].start - b.units[0].size);
        assert_eq!(b.units[1].lasting, Some(DamageResult::HeavyCasualties));
        assert_eq!(b.units[0].left[&1], 30);
        assert_eq!(b.units[1].status, Status::Surrendered, "{log:#?}");
        assert_eq!((b.round, b.stage), (2, Stage::Declare));
        assert_eq!(dice.log().len(), 14, "every roll thrown");
        assert!(
            log.contains(&"morale: Red squad 6 against Stormtroopers 25"),
            "{log:#?}"
        );
    }

    /// Issue 60: "a Morale check on all forces": the stormtroopers, who fired, roll lower than
    /// Red squad and fail by 2 (0-3: -1D next round, their orders ignored); Red holds.
    #[test]
    fn the_unit_that_fired_fails_its_morale_check_on_the_lower_roll() {
        // Red's 2D rolled 12; the stormtroopers' 6D+2 rolled 10.
        let (b, _) = played_at_30_m(12, 10);
        let log: Vec<&str> = b.events.iter().map(|(_, e)| e.as_str()).collect();
        assert!(
            log.contains(&"morale: Red squad 12 against Stormtroopers 10"),
            "{log:#?}"
        );
        assert_eq!(b.units[1].status, Status::Fighting, "{log:#?}");
        assert!(!b.units[1].ignores_orders);
        assert!(b.units[0].ignores_orders && b.units[0].shaken, "{log:#?}");
    }
    /// Issue 60, Deployment: "make a combined DEX or SPEED roll versus a difficulty ...
    /// Failure indicates the force has failed to reach the desired position on schedule and is
    /// at some point in between ... A new roll is made at the beginning of the next round at a
    /// reduced difficulty." Red squad (dexterity 3D+2, 10 men: +2D+1, so 6D) deploys 10 m
    /// against Moderate (15): rolls 10, gets two thirds of the way; at the next round's
    /// beginning it rolls 12 against Easy (10) and arrives.
    #[test]
    fn a_deployment_in_question_rolls_to_arrive_and_again_next_round_easier() {
        let mut b = platoon();
        let mut dice = Dice::forced([]);
        let arrival = Command::Arrival {
            unit: "red".into(),
            difficulty: Some(Difficulty::Moderate),
        };
        let err = b.apply(&arrival, &mut dice).unwrap_err();
        assert!(err.contains("only a referee"), "{err}");
        b.apply(&Command::RefereeMode, &mut dice).unwrap();
        b.apply(&arrival, &mut dice).unwrap();
        assert_eq!(b.units[1].arrival, Some(Difficulty::Moderate));
        assert_eq!(b.arrival_code(1, Some(0)), Code::d(6));
        let mut f = faces(10, 6);
        f.extend(faces(12, 6));
        let mut dice = Dice::forced(f);
        let deploy = Order::Deploy {
            unit: "red".into(),
            to: (140.0, 20.0),
            haste: 0,
        };
        round(&mut b, &mut dice, vec![], vec![deploy]);
        let log: Vec<&str> = b.events.iter().map(|(_, e)| e.as_str()).collect();
        assert!(
            log.contains(&"Red squad rolls combined DEX 6D, 10 against Moderate (15): late, 7 m of the 10 m; a new roll next round against Easy (10)"),
            "{log:#?}"
        );
        assert!(
            log.iter().any(|e| e.starts_with(
                "Red squad rolls combined DEX 6D, 12 against Easy (10): arrives on time, 3 m, to"
            )),
            "{log:#?}"
        );
        assert_eq!(b.round, 2);
        assert_eq!((b.units[1].at, b.units[1].en_route), ((140.0, 20.0), None));
        assert_eq!(dice.log().len(), 2, "two arrival rolls");
        // Late again, a new order replaces the deployment under way: no roll is made for it.
        let mut b = platoon();
        b.units[1].arrival = Some(Difficulty::Moderate);
        let mut f = faces(6, 6);
        f.extend(faces(6, 6));
        let mut dice = Dice::forced(f);
        let deploy = Order::Deploy {
            unit: "red".into(),
            to: (140.0, 20.0),
            haste: 0,
        };
        round(&mut b, &mut dice, vec![], vec![deploy]);
        assert_eq!(
            b.units[1].en_route.map(|e| e.difficulty),
            Some(Difficulty::VeryEasy),
            "failed against Easy too: Very Easy next"
        );
        let retreat = Order::Retreat {
            unit: "red".into(),
            haste: 0,
        };
        round(&mut b, &mut dice, vec![], vec![retreat]);
        assert_eq!(b.units[1].en_route, None);
        assert_eq!(dice.log().len(), 2, "no roll for the deployment replaced");
    }

    /// Issue 60: a unit of soldiers boards a transport of its side within its deployment, if
    /// it has room ("carries 40 (troops)"); aboard, it rides until it disembarks.
    #[test]
    fn a_unit_boards_a_transport_within_its_deployment_with_room() {
        let mut b = platoon();
        // Blue squad made a transport for one squad, 15 m from Red squad.
        b.units[2].kind.carries = 1;
        b.units[2].at = (150.0, 35.0);
        let board = |unit: &str| Order::Board {
            unit: unit.into(),
            transport: "blue".into(),
        };
        let check = |b: &Battle, orders| {
            b.check_declaration(
                1,
                &Declaration {
                    orders,
                    ..Default::default()
                },
            )
        };
        let err = check(&b, vec![board("gold")]).unwrap_err();
        assert!(err.contains("is 105 m from Blue squad"), "{err}");
        b.units[4].at = (150.0, 40.0);
        let err = check(&b, vec![board("red"), board("gold")]).unwrap_err();
        assert!(err.contains("Blue squad carries 10"), "{err}");
        let err = check(&b, vec![board("green")]).unwrap_err();
        assert!(err.contains("is 65 m from"), "{err}");
        let err = check(
            &b,
            vec![Order::Board {
                unit: "red".into(),
                transport: "troopers".into(),
            }],
        )
        .unwrap_err();
        assert!(err.contains("no transport of Rebel Alliance"), "{err}");
        let mut dice = Dice::forced([]);
        round(&mut b, &mut dice, vec![], vec![board("red")]);
        assert_eq!(b.units[1].status, Status::Aboard("blue".into()));
        assert_eq!(b.units[1].at, b.units[2].at);
        assert!(
            b.events
                .iter()
                .any(|e| e.1 == "Red squad boards Blue squad")
        );
        let out = Order::Disembark { unit: "red".into() };
        round(&mut b, &mut dice, vec![], vec![out]);
        assert_eq!(b.units[1].status, Status::Fighting);
    }

    /// Issue 60, Subordinate Bonus: "The commanding officers subordinate to the chief
    /// commanding officer can also give bonuses to their subordinates. In this case, the pips
    /// are added to one of the unit's average statistics." Each pip 1D of the unit's own
    /// commander's command; on a skill it adds to the rolls made with it, on stamina to the
    /// morale roll.
    #[test]
    fn a_units_own_commander_gives_pips_to_its_statistics() {
        let mut b = platoon();
        b.command = true;
        b.units[1].at = (90.0, 80.0);
        let with = |orders, commanded: &[&str], pips: &[(&str, &str)]| Declaration {
            orders,
            commanded: commanded.iter().map(|s| s.to_string()).collect(),
            leader_bonuses: pips
                .iter()
                .map(|(u, s)| (u.to_string(), s.to_string()))
                .collect(),
            ..Default::default()
        };
        // The stormtroopers' commander has 2D: two pips commanded, one not.
        let three = [("troopers", "blaster"); 3];
        let err = b
            .check_declaration(0, &with(vec![], &["troopers"], &three))
            .unwrap_err();
        assert!(err.contains("below zero"), "{err}");
        let err = b
            .check_declaration(0, &with(vec![], &[], &three[..2]))
            .unwrap_err();
        assert!(err.contains("-1D not commanded"), "{err}");
        let err = b
            .check_declaration(0, &with(vec![], &["troopers"], &[("troopers", "brawling")]))
            .unwrap_err();
        assert!(err.contains("no statistic `brawling`"), "{err}");
        let mut dice = Dice::forced(vec![1; 80]);
        no_tactics(&mut b, &mut dice);
        for (side, d) in [
            (
                0,
                with(
                    vec![fire("troopers", "red", &[(0, 30), (1, 10)])],
                    &["troopers"],
                    &three[..2],
                ),
            ),
            (
                1,
                with(
                    vec![fire("red", "troopers", &[(0, 10)])],
                    &["red"],
                    &[("red", "dodge"), ("red", "stamina")],
                ),
            ),
        ] {
            b.apply(
                &Command::Declare {
                    side,
                    declaration: d,
                },
                &mut dice,
            )
            .unwrap();
        }
        // The pip on stamina is in Red's morale roll: 3D + 2D+1 (10) and a pip.
        assert_eq!(b.morale_code(1, None), Code::new(5, 2));
        assert_eq!(b.morale_code(0, None), Code::new(6, 2));
        no_reactions(&mut b, &mut dice);
        let codes = attack_codes(&b);
        // Rifles 3D + 3D+1 (30) and two pips on blaster; grenades 1D + 2D+1 (10), the
        // blaster's pips not on them; Red's dodge 3D+2 + 2D+1 and its pip. Red's pistols 5D+2
        // + 2D+1; the stormtroopers' dodge 3D + 3D+2, no pip.
        assert_eq!(
            codes,
            [
                (Code::d(7), Code::new(6, 1)),
                (Code::new(3, 1), Code::new(6, 1)),
                (Code::d(8), Code::new(6, 2)),
            ]
        );
        // No commanders, no pips.
        b.command = false;
        let err = b
            .check_declaration(0, &with(vec![], &[], &[("troopers", "dodge")]))
            .unwrap_err();
        assert!(err.contains("ignores commanders"), "{err}");
    }

    /// Issue 60: a unit's skills made from the experience chart ("Quick statistics can be
    /// manufactured for units by basing them on the unit's overall experience level"): Red
    /// squad as Rebel recruits dodges and fires its pistols at 2D+2, the middle of "2D to
    /// 3D+2"; a skill the scenario sets stands.
    #[test]
    fn a_unit_made_from_the_experience_chart() {
        let src = include_str!("../../../scenarios/mass_combat/platoon_fight.ron").replace(
            "name: \"Red squad\", at: (150, 20))",
            "name: \"Red squad\", at: (150, 20), experience: (level: Recruit, army: Rebel), skills: {\"grenade\": \"4D\"})",
        );
        let b = Battle::new(&parse(&src, "x.ron").expect("scenario"));
        let k = &b.units[1].kind;
        assert_eq!(
            (k.skill("dodge"), k.skill("blaster"), k.skill("grenade")),
            (Code::new(2, 2), Code::new(2, 2), Code::d(4))
        );
        // Blue squad, not made so, keeps the roster's blaster 5D+2.
        assert_eq!(b.units[2].kind.skill("blaster"), Code::new(5, 2));
    }

    /// A battle that ignores commanders (the Platoon Fight, `command: false`) makes no tactics
    /// rolls: each round opens with the declarations, and a tactics roll is refused (a new
    /// player was offered them there).
    #[test]
    fn a_battle_without_commanders_makes_no_tactics_rolls() {
        let mut b = platoon();
        let mut dice = Dice::forced([]);
        assert!(!b.command);
        assert_eq!(b.stage, Stage::Declare);
        let side = b.to_act().expect("a side declares");
        let err = b
            .apply(
                &Command::Tactics {
                    side,
                    tactics: vec![],
                },
                &mut dice,
            )
            .unwrap_err();
        assert!(err.contains("ignores commanders"), "{err}");
    }

    /// Issue 60: "Winner > 3x Loser" compares the morale rolls, not the units' sizes: Red
    /// squad, 7 left, rolls 10 against the 40 stormtroopers' 20: failing by 10 it retreats
    /// (by sizes, 40 against 7, it surrendered).
    #[test]
    fn surrender_compares_the_morale_rolls() {
        let (b, _) = played_at_30_m(10, 20);
        let log: Vec<&str> = b.events.iter().map(|(_, e)| e.as_str()).collect();
        assert_eq!(b.units[1].size, 7, "{log:#?}");
        assert_eq!(b.units[1].status, Status::Retreating, "{log:#?}");
        assert!(
            log.contains(&"Red squad fails its morale check: full retreat"),
            "{log:#?}"
        );
    }

    /// Issue 60: a unit in full retreat that fails to rally says so once, in its rally line.
    #[test]
    fn a_failed_rally_is_told_once() {
        let mut b = platoon();
        b.units[1].status = Status::Retreating;
        let mut dice = Dice::forced(vec![1; 12]);
        round(&mut b, &mut dice, vec![], vec![]);
        let log: Vec<&str> = b.events.iter().map(|(_, e)| e.as_str()).collect();
        // Its morale, 3D + 2D+1 (10), rolled 6.
        let red: Vec<&&str> = log
            .iter()
            .filter(|e| e.contains("Red squad") && e.contains("morale"))
            .collect();
        assert_eq!(
            red,
            [&"Red squad tries to rally: morale 6 against Moderate: still retreating"],
            "{log:#?}"
        );
        assert_eq!(b.units[1].status, Status::Retreating);
    }

    /// Issue 60: the words of a unit of vehicles are the vehicle row's, and its members
    /// vehicles; an order refused for a unit named in the plural agrees with it.
    #[test]
    fn vehicles_have_vehicle_words_and_plurals_agree() {
        let mut b = platoon();
        b.units[1].lasting = Some(DamageResult::LightCasualties);
        assert_eq!(
            (b.units[1].damage_words(), b.units[1].members()),
            (Some("light casualties"), "men")
        );
        b.units[1].kind.vehicle = true;
        assert_eq!(
            (b.units[1].damage_words(), b.units[1].members()),
            (Some("lightly damaged"), "vehicles")
        );
        // A count agrees with its number: `surrendered, 1 vehicles` was written.
        assert_eq!(
            (b.units[1].counted(1), b.units[1].counted(4)),
            ("1 vehicle".to_string(), "4 vehicles".to_string())
        );
        b.units[1].kind.vehicle = false;
        assert_eq!(b.units[1].counted(1), "1 man");
        b.units[1].kind.vehicle = true;
        b.units[0].status = Status::Retreating;
        let err = b.takes_orders(0).unwrap_err();
        assert!(
            err.starts_with(
                "Stormtroopers broke and are in full retreat: they retreat without an order"
            ),
            "{err}"
        );
    }
}
