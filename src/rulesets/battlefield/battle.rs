//! The state of a battle as plain data (units, sides, the turn and the impulse) and the turn
//! sequence: initiative, impulses with their activation dice, passing, the extra activations
//! once a side is done, the end of the turn and the goal. The actions themselves are in
//! [`super::actions`]. No Bevy here: the phases hold a [`Battle`] in a resource.

use std::collections::HashMap;

use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::rules::map::{Ground, Map, col_row, hex_at};
use super::rules::movement::{Passage, cheapest_route, reachable};
use super::rules::quality::Quality;
use super::rules::roster::{Kind, Profile, Roster, Support, Weapon};
use super::rules::scenario::{Advanced, Goal, Scenario};
use super::rules::sight::{End, Occupant, Sight, line_of_sight};
use crate::engine::state::GameResult;
use crate::rules::dice::Dice;

/// A unit on the battlefield.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// Scenario id.
    pub id: String,
    /// Its unit chart row.
    pub profile: Profile,
    /// Side index.
    pub side: usize,
    /// Its hex (a carried unit's is its transporter's).
    pub at: Hex,
    /// Still in the game.
    pub alive: bool,
    /// Activated this turn (Activation: "Each unit can only be activated once in every
    /// turn"); a transporter loading or unloading is marked too.
    pub activated: bool,
    /// The transporter carrying it, by index.
    pub carried_by: Option<usize>,
    /// A Jedi's Force points left.
    pub force_points: u32,
    /// Force points a Jedi spends when attacked in close combat.
    pub guard: u32,
    /// Its special weapon.
    pub weapon: Option<Weapon>,
    /// A transporter standing idle this turn to load or unload (it may take more).
    pub idle: bool,
    /// Hidden from the other side.
    pub hidden: bool,
    /// How it left the game, in words.
    pub fate: Option<String>,
}

impl Unit {
    /// "Stormtrooper st1".
    pub fn label(&self) -> String {
        format!("{} {}", self.profile.name, self.id)
    }

    /// On the map and fighting (not carried, not eliminated).
    pub fn on_map(&self) -> bool {
        self.alive && self.carried_by.is_none()
    }
}

/// A side's state.
#[derive(Clone, Debug, PartialEq)]
pub struct SideState {
    /// Scenario id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Quality level now (a dead leader may drop it).
    pub quality: Quality,
    /// Passes this turn (Impulses: "He can do this two times").
    pub passes: u32,
    /// Leader bonuses left this turn.
    pub leader_bonuses: u32,
    /// Its leader has been eliminated.
    pub leader_lost: bool,
    /// Its leader's bonus goes to its units attacked in close combat (while bonuses last); the
    /// side switches this with [`crate::rulesets::battlefield::commands::Command::LeaderDefence`].
    pub leader_defends: bool,
    /// Off-map artillery pieces left.
    pub artillery: u32,
    /// Aerial support shots left.
    pub aerial_support: u32,
    /// Space bombardments left.
    pub space_bombardment: u32,
    /// Units it started with (those counting in stacking and Jedis).
    pub start_units: usize,
    /// Won initiative this turn.
    pub initiative: bool,
}

/// Which impulse is being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ImpulseKind {
    /// An ordinary impulse: activations from the activation die.
    Normal,
    /// The last impulse once the other side is done: the quality's extra activations.
    Extra,
}

/// The impulse being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Impulse {
    /// Whose it is.
    pub side: usize,
    /// Its number in the turn, from 1.
    pub number: u32,
    /// Normal or extra.
    pub kind: ImpulseKind,
    /// Activations it allows.
    pub allowed: u32,
    /// Activations used.
    pub used: u32,
}

/// A support weapon's marker on the map, shown until the next impulse.
#[derive(Clone, Debug, PartialEq)]
pub struct SupportMarker {
    /// What ("Artillery", "Aerial support", "Space bombardment").
    pub what: String,
    /// Where it was aimed.
    pub aimed: Hex,
    /// Where it came down.
    pub landed: Option<Hex>,
}

/// A whole battle.
#[derive(Clone, Debug, PartialEq)]
pub struct Battle {
    /// Title.
    pub name: String,
    /// The map (buildings may turn to rubble).
    pub map: Map,
    /// Advanced rules in use.
    pub advanced: Advanced,
    /// The goal.
    pub goal: Goal,
    /// The last turn.
    pub turn_limit: u32,
    /// The attacking side.
    pub attacker: usize,
    /// The support weapon chart.
    pub support: Support,
    /// Every unit, in scenario order.
    pub units: Vec<Unit>,
    /// Both sides.
    pub sides: Vec<SideState>,
    /// Entrenchment markers.
    pub entrenchments: Vec<Hex>,
    /// Turn number, from 1.
    pub turn: u32,
    /// The impulse being played.
    pub impulse: Impulse,
    /// The side whose artillery fired in the impulse just played (counterfire may answer).
    pub artillery_fired_by: Option<usize>,
    /// The last support marker.
    pub marker: Option<SupportMarker>,
    /// The result, once over.
    pub result: Option<GameResult>,
    /// What happened since the phases last took it: (turn, in words).
    pub events: Vec<(u32, String)>,
}

/// Hex → the unit a shot there is against (see [`Battle::positions`]).
#[derive(Clone, Debug, Default)]
pub struct Positions(pub HashMap<Hex, usize>);

/// Why a command cannot be done: the rule that forbids it.
pub type Refusal = String;

impl Battle {
    /// The battle `scenario` sets up, before turn 1 starts.
    pub fn new(scenario: &Scenario, roster: &Roster) -> Battle {
        let def = &scenario.def;
        let side_index = |id: &str| def.sides.iter().position(|s| s.id == id).unwrap_or(0);
        let mut units = Vec::new();
        for (si, s) in def.sides.iter().enumerate() {
            for u in &s.units {
                let Some(profile) = roster.profile(&u.profile) else {
                    continue;
                };
                units.push(Unit {
                    id: u.id.clone(),
                    profile: profile.clone(),
                    side: si,
                    at: hex_at(u.at.0, u.at.1),
                    alive: true,
                    activated: false,
                    carried_by: None,
                    force_points: if profile.kind == Kind::Jedi {
                        u.force_points.unwrap_or(6)
                    } else {
                        0
                    },
                    guard: 0,
                    weapon: u.weapon.as_deref().and_then(|w| roster.weapon(w)).cloned(),
                    idle: false,
                    hidden: u.hidden,
                    fate: None,
                });
            }
        }
        for s in &def.sides {
            for u in &s.units {
                if let Some(t) = &u.aboard {
                    let carrier = units.iter().position(|x| &x.id == t);
                    if let Some(me) = units.iter_mut().find(|x| x.id == u.id) {
                        me.carried_by = carrier;
                    }
                }
            }
        }
        let sides = def
            .sides
            .iter()
            .enumerate()
            .map(|(si, s)| SideState {
                id: s.id.clone(),
                name: s.name.clone(),
                quality: s.quality,
                passes: 0,
                leader_bonuses: 0,
                leader_lost: false,
                leader_defends: true,
                artillery: s.artillery,
                aerial_support: s.aerial_support,
                space_bombardment: s.space_bombardment,
                start_units: units
                    .iter()
                    .filter(|u| u.side == si && u.profile.kind != Kind::Leader)
                    .count(),
                initiative: false,
            })
            .collect();
        let first = side_index(&def.first_initiative);
        Battle {
            name: def.name.clone(),
            map: scenario.map.clone(),
            advanced: def.advanced,
            goal: def.goal.clone(),
            turn_limit: def.turn_limit,
            attacker: side_index(&def.attacker),
            support: roster.support.clone(),
            units,
            sides,
            entrenchments: def
                .sides
                .iter()
                .flat_map(|s| s.entrenchments.iter().map(|(c, r)| hex_at(*c, *r)))
                .collect(),
            turn: 1,
            impulse: Impulse {
                side: first,
                number: 0,
                kind: ImpulseKind::Normal,
                allowed: 0,
                used: 0,
            },
            artillery_fired_by: None,
            marker: None,
            result: None,
            events: Vec::new(),
        }
    }

    /// Logs an event.
    pub fn log(&mut self, text: impl Into<String>) {
        self.events.push((self.turn, text.into()));
    }

    /// The index of the unit with id `id`.
    ///
    /// Errors: no such unit.
    pub fn unit_index(&self, id: &str) -> Result<usize, Refusal> {
        self.units
            .iter()
            .position(|u| u.id == id)
            .ok_or_else(|| format!("there is no unit '{id}'"))
    }

    /// The other side of `side`.
    pub fn other(side: usize) -> usize {
        1 - side
    }

    /// Units on the map at `hex`, in scenario order.
    pub fn at(&self, hex: Hex) -> impl Iterator<Item = usize> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.on_map() && u.at == hex)
            .map(|(i, _)| i)
    }

    /// The unit at `hex` that counts in stacking, if any.
    pub fn counting_at(&self, hex: Hex) -> Option<usize> {
        self.at(hex)
            .find(|i| self.units[*i].profile.kind.counts_in_stacking())
    }

    /// The unit a shot or close combat at `hex` is against: the unit counting in stacking,
    /// else a Jedi (a leader alone is not a target: it dies when shot at or passed over).
    pub fn target_at(&self, hex: Hex) -> Option<usize> {
        self.counting_at(hex).or_else(|| {
            self.at(hex)
                .find(|i| self.units[*i].profile.kind == Kind::Jedi)
        })
    }

    /// Where every unit that can be shot at stands: hex → the unit [`Battle::target_at`] gives.
    /// Built once for many questions of sight and movement (the reach and sight of a whole
    /// army).
    pub fn positions(&self) -> Positions {
        let mut map: HashMap<Hex, usize> = HashMap::with_capacity(self.units.len());
        for (i, u) in self.units.iter().enumerate() {
            if !u.on_map() {
                continue;
            }
            if u.profile.kind == Kind::Leader {
                continue;
            }
            let counts = u.profile.kind.counts_in_stacking();
            let replace = match map.get(&u.at) {
                None => true,
                Some(j) => counts && !self.units[*j].profile.kind.counts_in_stacking(),
            };
            if replace {
                map.insert(u.at, i);
            }
        }
        Positions(map)
    }

    /// What `hex` holds for a unit of `side` moving (hidden enemies are not known to it, so
    /// they do not stop it: docs/rules/battlefield.md, "Hidden units").
    pub fn passage(&self, hex: Hex, side: usize, mover_counts: bool) -> Passage {
        self.passage_in(&self.positions(), hex, side, mover_counts)
    }

    /// [`Battle::passage`] with the positions already worked out.
    pub fn passage_in(
        &self,
        pos: &Positions,
        hex: Hex,
        side: usize,
        mover_counts: bool,
    ) -> Passage {
        match pos.0.get(&hex) {
            Some(&i) if self.units[i].side != side => Passage::Enemy,
            Some(&i) if mover_counts && self.units[i].profile.kind.counts_in_stacking() => {
                Passage::Friend
            }
            _ => Passage::Free,
        }
    }

    /// What stands in `hex` as far as sight goes: units counting in stacking and Jedis block
    /// (leaders and weapons are counters on a unit, not units: Holotable's ruling).
    pub fn occupant(&self, pos: &Positions, hex: Hex) -> Occupant {
        match pos.0.get(&hex) {
            Some(&i) if self.units[i].profile.kind == Kind::Walker => Occupant::Walker,
            Some(_) => Occupant::Unit,
            None => Occupant::Empty,
        }
    }

    /// The line of sight from unit `from` to `hex` (the target's own exceptions apply when a
    /// unit stands there).
    pub fn sight(&self, from: usize, hex: Hex) -> Sight {
        self.sight_in(&self.positions(), from, hex)
    }

    /// [`Battle::sight`] with the positions already worked out.
    pub fn sight_in(&self, pos: &Positions, from: usize, hex: Hex) -> Sight {
        let u = &self.units[from];
        let end = |i: Option<usize>, h: Hex| {
            let p = i.map(|i| &self.units[i].profile);
            End {
                hex: h,
                flies: p.is_some_and(|p| p.has(super::rules::roster::Ability::Flies)),
                walker_sight: p.is_some_and(|p| p.has(super::rules::roster::Ability::WalkerSight)),
            }
        };
        line_of_sight(
            &self.map,
            end(Some(from), u.at),
            end(pos.0.get(&hex).copied(), hex),
            |h| self.occupant(pos, h),
        )
    }

    /// Whether a leader of `side` on the map stands within 3 hexes of `hex` (Leaders: the
    /// bonus goes "to units that are within 3 hexes of it").
    pub fn leader_within_3(&self, side: usize, hex: Hex) -> bool {
        self.units.iter().any(|l| {
            l.side == side
                && l.on_map()
                && l.profile.kind == Kind::Leader
                && l.at.unsigned_distance_to(hex) <= 3
        })
    }

    /// The cheapest route for unit `i` into `to` (from its transporter's hex if it is
    /// carried), with its cost in movement points; the last hex may hold an enemy when
    /// `assault`. A hidden enemy's hex counts as free: the mover does not know it is there.
    /// `None` when there is no route.
    pub fn route_for(&self, i: usize, to: Hex, assault: bool) -> Option<(Vec<Hex>, u32)> {
        let u = &self.units[i];
        let counts = u.profile.kind.counts_in_stacking();
        let from = match u.carried_by {
            Some(c) => self.units[c].at,
            None => u.at,
        };
        let pos = self.positions();
        cheapest_route(&self.map, &u.profile, from, to, assault, |h| {
            let p = self.passage_in(&pos, h, u.side, counts);
            if p == Passage::Enemy && self.target_at(h).is_some_and(|j| self.units[j].hidden) {
                Passage::Free
            } else {
                p
            }
        })
    }

    /// Where unit `i` can end a move with `budget` movement points, with the cost of each.
    pub fn reach_of(&self, i: usize, budget: u32) -> Vec<(Hex, u32)> {
        let u = &self.units[i];
        let counts = u.profile.kind.counts_in_stacking();
        let pos = self.positions();
        reachable(&self.map, &u.profile, u.at, budget, |h| {
            self.passage_in(&pos, h, u.side, counts)
        })
        .into_iter()
        .filter_map(|h| self.route_for(i, h, false).map(|(_, c)| (h, c)))
        .filter(|(_, c)| *c <= budget)
        .collect()
    }

    /// Whether `side` has a unit it could still activate this turn.
    pub fn can_activate(&self, side: usize) -> bool {
        self.activatable(side) > 0
    }

    /// How many of `side`'s units have not been activated this turn.
    pub fn activatable(&self, side: usize) -> u32 {
        self.units
            .iter()
            .filter(|u| u.side == side && u.alive && !u.activated)
            .count() as u32
    }

    /// Whether `side` is done for this turn: it has passed twice (ruling "Two passes") or has
    /// no unit left to activate.
    pub fn done(&self, side: usize) -> bool {
        self.sides[side].passes >= 2 || !self.can_activate(side)
    }

    /// Starts turn `self.turn`: the leader-loss quality drops, initiative, the first impulse.
    ///
    /// Errors: a die could not be thrown (forced dice ran out).
    pub fn start_turn(&mut self, dice: &mut Dice) -> Result<(), Refusal> {
        if self.advanced.leaders && self.turn > 1 {
            self.leader_loss_drops(dice)?;
            if self.result.is_some() {
                return Ok(());
            }
        }
        let first = if self.turn == 1 {
            self.impulse.side
        } else {
            self.initiative(dice)?
        };
        for (i, s) in self.sides.iter_mut().enumerate() {
            s.passes = 0;
            s.initiative = i == first;
            s.leader_bonuses = if self.advanced.leaders && !s.leader_lost {
                s.quality.leader_bonuses()
            } else {
                0
            };
        }
        for u in &mut self.units {
            u.activated = false;
            u.idle = false;
        }
        self.log(format!(
            "Turn {}: {} have the initiative",
            self.turn, self.sides[first].name
        ));
        self.impulse.number = 0;
        self.begin_impulse(first, ImpulseKind::Normal, dice)
    }

    /// Initiative: "each player throws a dice according to the quality level of his units.
    /// The highest roll wins initiative and have to play first. If a tie is made, then the
    /// player that has won initiative the preceding turn wins."
    fn initiative(&mut self, dice: &mut Dice) -> Result<usize, Refusal> {
        let mut rolls = [0; 2];
        for (i, r) in rolls.iter_mut().enumerate() {
            let s = &self.sides[i];
            *r = dice
                .roll(
                    s.quality.initiative_die(),
                    format!("initiative, {} ({:?})", s.name, s.quality),
                )
                .map_err(|e| e.to_string())?;
        }
        let last = self.sides.iter().position(|s| s.initiative).unwrap_or(0);
        let winner = match rolls[0].cmp(&rolls[1]) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => last,
        };
        self.log(format!(
            "Initiative: {} {} against {} {}{}",
            self.sides[0].name,
            rolls[0],
            self.sides[1].name,
            rolls[1],
            if rolls[0] == rolls[1] {
                " (a tie: last turn's winner keeps it)"
            } else {
                ""
            }
        ));
        Ok(winner)
    }

    /// Leaders: "As each turn begins, the player rolls one 10-sided dice and if the result is
    /// within results indicated in the following chart, the quality level of all units drop by
    /// one ... the player simply loose automatically the game as the quality level cannot drop
    /// below Green ... If both players loose their leader on the same turn and they fall below
    /// Green, both player stop fighting but the attacking side lose the game."
    fn leader_loss_drops(&mut self, dice: &mut Dice) -> Result<(), Refusal> {
        let mut surrendered = Vec::new();
        for i in 0..self.sides.len() {
            if !self.sides[i].leader_lost {
                continue;
            }
            let q = self.sides[i].quality;
            let face = dice
                .roll(
                    crate::rules::dice::DiceExpr::d(10),
                    format!(
                        "{} without a leader ({q:?}): drops on 1-{}",
                        self.sides[i].name,
                        q.leader_loss_drop_on()
                    ),
                )
                .map_err(|e| e.to_string())?;
            if face <= q.leader_loss_drop_on() {
                match q.dropped() {
                    Some(lower) => {
                        self.sides[i].quality = lower;
                        self.log(format!(
                            "{} roll {face}: their quality drops to {lower:?}",
                            self.sides[i].name
                        ));
                    }
                    None => {
                        self.log(format!(
                            "{} roll {face}: below Green, their troops surrender",
                            self.sides[i].name
                        ));
                        surrendered.push(i);
                    }
                }
            } else {
                self.log(format!("{} roll {face}: they hold", self.sides[i].name));
            }
        }
        self.result = match surrendered[..] {
            [] => None,
            [s] => Some(GameResult {
                winner: Some(Self::other(s)),
                reason: format!("{} surrender after losing their leader", self.sides[s].name),
                decided_by: "a surrender after losing the leader".into(),
            }),
            _ => Some(GameResult {
                winner: Some(Self::other(self.attacker)),
                reason: format!(
                    "both sides lost their leaders and stop fighting: the attacker, {}, loses",
                    self.sides[self.attacker].name
                ),
                decided_by: "both leaders lost: the attacker loses".into(),
            }),
        };
        Ok(())
    }

    /// Begins an impulse of `side`: a normal one throws the activation die ("An activation
    /// dice is played at the begining of each impulse"); an extra one allows the quality's
    /// extra activations.
    fn begin_impulse(
        &mut self,
        side: usize,
        kind: ImpulseKind,
        dice: &mut Dice,
    ) -> Result<(), Refusal> {
        let s = &self.sides[side];
        let allowed = match kind {
            ImpulseKind::Normal => dice
                .roll(
                    s.quality.activation_die(),
                    format!("activation, {} ({:?})", s.name, s.quality),
                )
                .map_err(|e| e.to_string())? as u32,
            ImpulseKind::Extra => s.quality.extra_activations().min(self.activatable(side)),
        };
        self.impulse = Impulse {
            side,
            number: self.impulse.number + 1,
            kind,
            allowed,
            used: 0,
        };
        let name = self.sides[side].name.clone();
        self.log(match kind {
            ImpulseKind::Normal => format!(
                "Impulse {}: {name} may activate {allowed} units",
                self.impulse.number
            ),
            ImpulseKind::Extra => format!(
                "Impulse {}: the other side is done; {name} may still activate {allowed}",
                self.impulse.number
            ),
        });
        Ok(())
    }

    /// Ends the impulse being played and begins the next, or ends the turn.
    ///
    /// Impulses: "The activating result is valid only for one impulse ... the other 2 are
    /// lost"; "When a player has activated all his units or has passed, the other player may
    /// still activate 1 or 2 units that have not been previously activated" (ruling "The end
    /// of the turn").
    ///
    /// Errors: a die could not be thrown.
    pub fn end_impulse(&mut self, dice: &mut Dice, passed: bool) -> Result<(), Refusal> {
        let me = self.impulse.side;
        let other = Self::other(me);
        let lost = self.impulse.allowed.saturating_sub(self.impulse.used);
        if passed && self.impulse.kind == ImpulseKind::Normal {
            self.sides[me].passes += 1;
            self.log(format!(
                "{} pass ({} of 2)",
                self.sides[me].name, self.sides[me].passes
            ));
        } else if lost > 0 && self.impulse.used > 0 {
            self.log(format!(
                "{lost} activation(s) of {} lost",
                self.sides[me].name
            ));
        }
        if self.impulse.kind == ImpulseKind::Extra {
            return self.end_turn(dice);
        }
        match (self.done(me), self.done(other)) {
            (true, true) => self.end_turn(dice),
            (true, false) => self.extra_or_end(other, dice),
            (false, true) => self.extra_or_end(me, dice),
            (false, false) => self.begin_impulse(other, ImpulseKind::Normal, dice),
        }
    }

    fn extra_or_end(&mut self, side: usize, dice: &mut Dice) -> Result<(), Refusal> {
        if self.sides[side]
            .quality
            .extra_activations()
            .min(self.activatable(side))
            == 0
        {
            self.end_turn(dice)
        } else {
            self.begin_impulse(side, ImpulseKind::Extra, dice)
        }
    }

    /// Uses `n` of the impulse's activations, and ends the impulse when none is left.
    ///
    /// Errors: fewer than `n` left (names the activation rule).
    pub fn spend(&mut self, n: u32) -> Result<(), Refusal> {
        self.can_spend(n)?;
        self.impulse.used += n;
        Ok(())
    }

    /// Whether `n` activations are left in this impulse, nothing spent.
    ///
    /// Errors: as [`Battle::spend`].
    pub fn can_spend(&self, n: u32) -> Result<(), Refusal> {
        let left = self.impulse.allowed.saturating_sub(self.impulse.used);
        if left < n {
            return Err(format!(
                "Impulses: this impulse has {left} activation(s) left and this needs {n}"
            ));
        }
        Ok(())
    }

    /// Whether the impulse is over: no activation left, or nothing left to spend one on (every
    /// unit of the side has played and it has no aerial support shot), so the player need not
    /// end it by hand.
    pub fn impulse_spent(&self) -> bool {
        let side = self.impulse.side;
        let aerial = self.advanced.aerial_support && self.sides[side].aerial_support > 0;
        self.impulse.used >= self.impulse.allowed || (!self.can_activate(side) && !aerial)
    }

    /// End of turn: "When all units of both sides have played or when both players have
    /// passed, this marks the end of a turn. Units are just turned back to their normal
    /// sides". Checks the goal and the turn limit, then starts the next turn.
    fn end_turn(&mut self, dice: &mut Dice) -> Result<(), Refusal> {
        self.log(format!("End of turn {}", self.turn));
        self.check_goal(true);
        if self.result.is_some() {
            return Ok(());
        }
        self.turn += 1;
        self.start_turn(dice)
    }

    /// Units of `side` that can still fight (counting in stacking, or Jedis).
    pub fn fighting(&self, side: usize) -> usize {
        self.units
            .iter()
            .filter(|u| u.side == side && u.alive && u.profile.kind != Kind::Leader)
            .count()
    }

    /// Building hexes `side` holds: one of its units (on the map) stands in it.
    pub fn buildings_held(&self, side: usize) -> Vec<Hex> {
        let of: Vec<Hex> = match &self.goal {
            Goal::Capture { of, .. } => of.iter().map(|(c, r)| hex_at(*c, *r)).collect(),
            Goal::EliminateAll => Vec::new(),
        };
        let mut v: Vec<Hex> = self
            .map
            .hexes()
            .into_iter()
            .filter(|(h, t)| {
                matches!(t.ground, Ground::Building(_)) && (of.is_empty() || of.contains(h))
            })
            .filter(|(h, _)| {
                self.counting_at(*h)
                    .is_some_and(|i| self.units[i].side == side)
            })
            .map(|(h, _)| h)
            .collect();
        v.sort_by_key(|h| col_row(*h));
        v
    }

    /// Goal: a side with no unit left to fight loses ("eliminate all enemy units"); at the end
    /// of a turn, a capture goal met wins, and at its last turn or the turn limit the game is
    /// decided.
    pub fn check_goal(&mut self, end_of_turn: bool) {
        if self.result.is_some() {
            return;
        }
        let left = [self.fighting(0), self.fighting(1)];
        self.result = match left {
            [0, 0] => Some(GameResult {
                winner: None,
                reason: "both sides are eliminated".into(),
                decided_by: "every unit eliminated".into(),
            }),
            [0, _] | [_, 0] => {
                let loser = if left[0] == 0 { 0 } else { 1 };
                Some(GameResult {
                    winner: Some(Self::other(loser)),
                    reason: format!("every unit of {} is eliminated", self.sides[loser].name),
                    decided_by: "every unit eliminated".into(),
                })
            }
            _ => None,
        };
        if self.result.is_some() || !end_of_turn {
            return;
        }
        if let Goal::Capture {
            side,
            buildings,
            by_turn,
            ..
        } = self.goal.clone()
        {
            let s = self.sides.iter().position(|x| x.id == side).unwrap_or(0);
            let held = self.buildings_held(s).len() as u32;
            if held >= buildings {
                self.result = Some(GameResult {
                    winner: Some(s),
                    reason: format!(
                        "{} hold {held} buildings by the end of turn {}",
                        self.sides[s].name, self.turn
                    ),
                    decided_by: "the buildings captured".into(),
                });
            } else if self.turn >= by_turn {
                self.result = Some(GameResult {
                    winner: Some(Self::other(s)),
                    reason: format!(
                        "{} hold only {held} of the {buildings} buildings needed by turn {by_turn}",
                        self.sides[s].name
                    ),
                    decided_by: "the buildings not captured in time".into(),
                });
            }
        }
        if self.result.is_none() && self.turn >= self.turn_limit {
            let winner = match left[0].cmp(&left[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            self.result = Some(GameResult {
                winner,
                reason: format!(
                    "the turn limit: {} units against {} left fighting",
                    left[0], left[1]
                ),
                decided_by: "units left fighting at the turn limit".into(),
            });
        }
    }

    /// Eliminates unit `i` ("how" in words), with what goes with it: units it carries
    /// (Transport: "If the transporter is destroyed while transporting units, those units are
    /// destroyed too") and the leader and Jedi stacked with it (Leaders: "A leader is
    /// eliminated when the unit with wich it was stacked is eliminated"; a stacked Jedi shares
    /// the unit's fate, ruling "Jedi stacks").
    pub fn eliminate(&mut self, i: usize, how: &str) {
        if !self.units[i].alive {
            return;
        }
        let (side, hex, counts) = (
            self.units[i].side,
            self.units[i].at,
            self.units[i].profile.kind.counts_in_stacking(),
        );
        self.kill(i, how);
        let aboard: Vec<usize> = (0..self.units.len())
            .filter(|j| self.units[*j].carried_by == Some(i) && self.units[*j].alive)
            .collect();
        for j in aboard {
            self.kill(j, "destroyed with its transporter");
        }
        if counts {
            let stacked: Vec<usize> = self
                .at(hex)
                .filter(|j| self.units[*j].side == side)
                .collect();
            for j in stacked {
                self.kill(j, "eliminated with the unit it was stacked with");
            }
        }
    }

    fn kill(&mut self, i: usize, how: &str) {
        let u = &mut self.units[i];
        u.alive = false;
        u.fate = Some(how.to_string());
        let (label, kind, side) = (u.label(), u.profile.kind, u.side);
        self.log(format!("{label} is {how}"));
        if kind == Kind::Leader {
            self.sides[side].leader_lost = true;
            self.sides[side].leader_bonuses = 0;
            self.log(format!(
                "{} have lost their leader: their bonuses are gone",
                self.sides[side].name
            ));
        }
    }

    /// Leaders of the side other than `side` alone in `hex` (no unit of theirs there that
    /// counts in stacking or is a Jedi).
    pub fn lone_enemy_leaders(&self, hex: Hex, side: usize) -> Vec<usize> {
        if self
            .target_at(hex)
            .is_some_and(|i| self.units[i].side != side)
        {
            return Vec::new();
        }
        self.at(hex)
            .filter(|i| self.units[*i].side != side && self.units[*i].profile.kind == Kind::Leader)
            .collect()
    }

    /// Reveals `side`'s enemies that are hidden next to `hex` (docs/rules/battlefield.md,
    /// "Hidden units").
    pub fn reveal_near(&mut self, hex: Hex, side: usize) {
        for i in 0..self.units.len() {
            let u = &self.units[i];
            if u.hidden && u.alive && u.side != side && u.at.unsigned_distance_to(hex) <= 1 {
                self.units[i].hidden = false;
                let l = self.units[i].label();
                self.log(format!("{l} is discovered"));
            }
        }
    }
}
