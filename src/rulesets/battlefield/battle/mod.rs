//! The state of a battle as plain data (units, sides, the turn and the impulse) and what may
//! be asked of it (who is where, passage, sight, routes). The turn sequence is in [`turn`],
//! the goal and the losses in [`goal`], the actions themselves in [`super::actions`]. No Bevy
//! here: the phases hold a [`Battle`] in a resource.

mod goal;
mod turn;

use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::rules::map::{Map, hex_at, index_in};
use super::rules::movement::{Passage, cheapest_route, reach};
use super::rules::quality::Quality;
use super::rules::roster::{Kind, Profile, Roster, Support, Weapon};
use super::rules::scenario::{Advanced, Goal, Scenario};
use super::rules::sight::{End, Occupant, Sight, line_of_sight};
use crate::engine::state::GameResult;

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
    /// Its name for players: its profile's, numbered in the order the scenario lists its
    /// side's units of that profile when there are more than one (`Stormtrooper 2`; `AT-AT`).
    pub name: String,
}

/// Where a hidden unit whose hex its enemy does not know stands in that enemy's copy of the
/// game (online play, [`crate::rulesets::battlefield::rules::scenario::conceal`]): off the
/// map, far from it and from each other, so nothing on the map meets it until the host tells
/// where it is (`Command::HiddenAt`).
fn unknown_place(k: usize) -> Hex {
    hex_at(-1000 - 4 * k as i32, -1000)
}

impl Unit {
    /// Its name for players: "Stormtrooper 1" (see [`Unit::name`]).
    pub fn label(&self) -> String {
        self.name.clone()
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
    /// What (`Artillery`, `Aerial support`, `Space bombardment`).
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

/// Hex → the unit a shot there is against (see [`Battle::positions`]): the map's cells, each
/// with the unit's index or `NONE`. A grid, not a hash map: the search asks this in every step
/// of every move it weighs.
#[derive(Clone, Debug)]
pub struct Positions {
    cells: Vec<usize>,
    size: (i32, i32),
}

impl Positions {
    const NONE: usize = usize::MAX;

    /// The unit a shot at `hex` is against, if any stands there.
    pub fn get(&self, hex: Hex) -> Option<usize> {
        let k = index_in(self.size, hex)?;
        let i = self.cells[k];
        (i != Self::NONE).then_some(i)
    }
}

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
                let same: Vec<&str> = s
                    .units
                    .iter()
                    .filter(|o| o.profile == u.profile)
                    .map(|o| o.id.as_str())
                    .collect();
                let name = match same.iter().position(|id| *id == u.id) {
                    Some(k) if same.len() > 1 => format!("{} {}", profile.name, k + 1),
                    _ => profile.name.clone(),
                };
                units.push(Unit {
                    name,
                    id: u.id.clone(),
                    profile: profile.clone(),
                    side: si,
                    at: if u.unknown {
                        unknown_place(units.len())
                    } else {
                        hex_at(u.at.0, u.at.1)
                    },
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
                    let carrier_at = carrier.map(|k| units[k].at);
                    if let Some(me) = units.iter_mut().find(|x| x.id == u.id) {
                        me.carried_by = carrier;
                        if u.unknown
                            && let Some(at) = carrier_at
                        {
                            me.at = at;
                        }
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
        let mut pos = Positions {
            cells: vec![Positions::NONE; self.map.cells()],
            size: self.map.size,
        };
        for (i, u) in self.units.iter().enumerate() {
            if !u.on_map() || u.profile.kind == Kind::Leader {
                continue;
            }
            let Some(k) = index_in(pos.size, u.at) else {
                continue;
            };
            let counts = u.profile.kind.counts_in_stacking();
            let j = pos.cells[k];
            let replace = j == Positions::NONE
                || (counts && !self.units[j].profile.kind.counts_in_stacking());
            if replace {
                pos.cells[k] = i;
            }
        }
        pos
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
        match pos.get(hex) {
            Some(i) if self.units[i].side != side && self.units[i].hidden => Passage::Free,
            Some(i) if self.units[i].side != side => Passage::Enemy,
            Some(i) if mover_counts && self.units[i].profile.kind.counts_in_stacking() => {
                Passage::Friend
            }
            _ => Passage::Free,
        }
    }

    /// What stands in `hex` as far as sight goes: units counting in stacking and Jedis block
    /// (leaders and weapons are counters on a unit, not units: Holotable's ruling).
    pub fn occupant(&self, pos: &Positions, hex: Hex) -> Occupant {
        match pos.get(hex) {
            Some(i) if self.units[i].profile.kind == Kind::Walker => Occupant::Walker,
            Some(_) => Occupant::Unit,
            None => Occupant::Empty,
        }
    }

    /// The line of sight from unit `from` to `hex` (the target's own exceptions apply when a
    /// unit stands there); a hidden enemy of `from` does not block it (ruling `Hidden units`).
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
        // A hidden enemy is not known to be in the way (ruling `Hidden units`).
        line_of_sight(
            &self.map,
            end(Some(from), u.at),
            end(pos.get(hex), hex),
            |h| match pos.get(h) {
                Some(j) if self.units[j].hidden && self.units[j].side != u.side => Occupant::Empty,
                _ => self.occupant(pos, h),
            },
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

    /// Where unit `i` can end a move with `budget` movement points, with the cost of each
    /// (its cheapest route's, as [`Battle::route_for`] finds it).
    pub fn reach_of(&self, i: usize, budget: u32) -> Vec<(Hex, u32)> {
        let u = &self.units[i];
        let counts = u.profile.kind.counts_in_stacking();
        let pos = self.positions();
        reach(&self.map, &u.profile, u.at, budget, |h| {
            self.passage_in(&pos, h, u.side, counts)
        })
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

    /// Whether `side` is done for this turn: it has passed twice (ruling `Two passes`) or every
    /// unit of it that can still play has played (Turn sequence: "When all units of both sides
    /// have played or when both players have passed, this marks the end of a turn"). Ruling
    /// `Done`: a leader is a counter, not a unit ("A leader counter cannot attack by itself"),
    /// and a unit aboard a transporter that has moved cannot play ("Once on board, the unit
    /// cannot move further"; unloading needs a transporter that does nothing this turn), so
    /// neither keeps the turn going.
    pub fn done(&self, side: usize) -> bool {
        self.sides[side].passes >= 2
            || !self.units.iter().any(|u| {
                u.side == side
                    && u.alive
                    && !u.activated
                    && u.profile.kind != Kind::Leader
                    && u.carried_by.is_none_or(|c| {
                        let c = &self.units[c];
                        !c.activated || c.idle
                    })
            })
    }
}
