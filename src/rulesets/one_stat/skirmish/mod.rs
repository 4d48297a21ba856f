//! A 1 Stat Skirmish game as plain data, and what each command does to it: initiative, single
//! activations of two actions, moves, melee and ranged attacks, recovery, phases, and Last Man
//! Standing and King of the Hill (one-stat-skirmish.txt, "Turn Sequence", "Movement", "Other
//! Actions", "Szenarios"). The rule set keeps a [`Skirmish`] as a resource
//! ([`super::phases`]); nothing here runs as a Bevy system.

use bevy::prelude::Message;
use glam::Vec2;
use serde::{Deserialize, Serialize};

use super::rules::INCH;
use super::rules::combat::{AttackKind, Combatant, WoundResult, attack, wound};
use super::rules::fighter::{Fighter, Specialisation, Tier, Weapon};
use super::rules::movement::{step, straight_on};
use super::rules::roll::{
    Band, FORCE_USER_REACH, HeavyMode, LONG_RANGE, Pick, Test, roll, shooter_pick,
};
use super::rules::scenario::{Goal, StartLayout, start_places_at};
use super::rules::sequence::next_player;
use super::rules::solitaire::{
    Happening, OpponentProfile, OpponentStats, bounty_die, grid_square, profile_for, spawn,
};
use super::rules::warband::{Warband, WarbandKind, check};
use crate::engine::state::GameResult;
use crate::rules::dice::{Dice, DiceExpr};
use crate::rules::geometry::{base_gap, sight_lines};
use crate::rules::terrain::{TerrainPiece, TerrainProperty};
use crate::rules::words::verb;

mod climbing;
mod copies;
mod missions;
mod powers;
mod tokens;
mod trigger;

pub use missions::RESCUE_TURNS;
pub use powers::INFLUENCE;
pub use tokens::{BLAST, DeviceId, TOKEN, Token, TokenKind, TriggerDevice, VICTORY};
pub use trigger::{AREA, DeviceAttack, Rerollable};

pub use crate::rules::words::possessive;

/// Inches between bases that still count as base to base contact (a hair, for the mouse).
pub const CONTACT: f32 = 0.05;

/// How a fighter stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Standing {
    /// Upright: two actions on activation.
    Upright,
    /// "Place a miniature on ist back to show it has been wounded": only recover.
    Down,
    /// Out of the game.
    Removed,
}

/// A fighter on the table.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct OnTable {
    /// Its roster entry.
    #[serde(with = "shared_fighter")]
    pub fighter: std::sync::Arc<Fighter>,
    /// The player it belongs to (index).
    pub player: usize,
    /// Where its base's centre stands, inches.
    pub at: Vec2,
    /// Its base's radius, inches.
    pub base: f32,
    /// How it stands.
    pub standing: Standing,
    /// "After activation place a token next to the fighter": it has gone this phase.
    pub activated: bool,
    /// A Boss has ignored a wound this phase ("ignores the 1st wound he receives per turn").
    pub wound_ignored: bool,
    /// The die he rolls where it is not his tier's (the Bounty's d12 and the dice it drops
    /// to).
    #[serde(default)]
    pub die: Option<u8>,
    /// A Shapeshifter in his animal shape.
    #[serde(default)]
    pub animal: bool,
    /// A demon: the Controller who summoned it (index).
    #[serde(default)]
    pub demon: Option<usize>,
    /// A demon out of its Controller's control ("attack whoever is closest").
    #[serde(default)]
    pub wild: bool,
    /// The terrain piece he stands on top of, having climbed it (its id).
    #[serde(default)]
    pub on: Option<String>,
}

impl OnTable {
    /// `fighter` of player `player` at `at` (inches) on a 25 mm base, upright, not yet
    /// activated.
    pub fn new(fighter: Fighter, player: usize, at: Vec2) -> Self {
        OnTable {
            fighter: std::sync::Arc::new(fighter),
            player,
            at,
            base: super::rules::scenario::BASE,
            standing: Standing::Upright,
            activated: false,
            wound_ignored: false,
            die: None,
            animal: false,
            demon: None,
            wild: false,
            on: None,
        }
    }

    /// Faces of the die he rolls now.
    pub fn die(&self) -> u8 {
        self.die.unwrap_or(self.fighter.tier.die())
    }
}

/// The solitaire game (one-stat-skirmish.txt, "1 Stat Skirmish – for 1 Player"): player 0 is
/// the person, player 1 the opponents the rules run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Solitaire {
    /// The spawn points, numbered 1 to 6 in order, inches (placed when the game begins).
    pub spawn_points: Vec<Vec2>,
    /// The opponents' shared stats.
    pub stats: OpponentStats,
    /// What every opponent carries ("The opponents' equipment tells you, how they can
    /// attack").
    pub weapons: Vec<Weapon>,
    /// The opponent Specialists' one specialisation ("all opposing specialists use the same
    /// specialization for starters").
    pub specialisation: Option<Specialisation>,
    /// Bounty: the Bounty's index among the fighters and the wounds he has taken.
    pub bounty: Option<(usize, u32)>,
    /// Opponents spawned so far (for their names).
    pub spawned: u32,
    /// Shutdown: which spawn points are shut down.
    #[serde(default)]
    pub shut: Vec<bool>,
    /// Collect: treasures collected.
    #[serde(default)]
    pub collected: u32,
    /// Investigate: the doom device's turns left and the phase it was placed in.
    #[serde(default)]
    pub doom: Option<(u32, u32)>,
    /// Escort, Rescue then Escort: the one escorted (index).
    #[serde(default)]
    pub escort: Option<usize>,
    /// Rescue: the hostage has been reached.
    #[serde(default)]
    pub rescued: bool,
    /// The opponents' own profiles, taken in turn by tier (none: all alike).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub profiles: Vec<OpponentProfile>,
    /// Investigate: what the clues on the table lead to (none: the doom device, the text's
    /// first example).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<Happening>,
    /// Investigate: what the pairs of clues still to be placed lead to, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub happenings: Vec<Happening>,
    /// Investigate: the deity the cultists awoke (index), while it is to be finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deity: Option<usize>,
    /// Investigate: the robbers of the hideout (indices), while any is in the game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub robbers: Vec<usize>,
}

impl Solitaire {
    /// A solitaire game of opponents with `stats`, `weapons` and their Specialists'
    /// `specialisation`, before its spawn points are placed.
    pub fn new(
        stats: OpponentStats,
        weapons: Vec<Weapon>,
        specialisation: Option<Specialisation>,
    ) -> Self {
        Solitaire {
            spawn_points: Vec::new(),
            stats,
            weapons,
            specialisation,
            bounty: None,
            spawned: 0,
            shut: Vec::new(),
            collected: 0,
            doom: None,
            escort: None,
            rescued: false,
            profiles: Vec::new(),
            next: None,
            happenings: Vec::new(),
            deity: None,
            robbers: Vec::new(),
        }
    }
}

/// A player.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// Id.
    pub id: String,
    /// Name (the warband's).
    pub name: String,
    /// The corner his warband started in, inches ("within 5″ of a corner").
    pub corner: Vec2,
}

/// The fighter activated now and what it has done.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Activation {
    /// The fighter (index).
    pub fighter: usize,
    /// Its movement action is spent.
    pub moved: bool,
    /// Its other action is spent ("1 movement action, 1 other action").
    pub acted: bool,
    /// The straight steps of its moves, for a jump's run-up.
    pub steps: Vec<(Vec2, Vec2)>,
    /// A fighter the Boss commands: one action, then back to the Boss.
    #[serde(default)]
    pub commanded: bool,
    /// A Maniac whose two straight moves brought him into base contact: an attack at once.
    #[serde(default)]
    pub maniac: bool,
    /// A Berserker whose first attack removed its target: his second ("May attack twice in
    /// melee") is still to make, on another enemy in base contact.
    #[serde(default)]
    pub berserk: bool,
    /// An Assassin has rolled to stalk this activation (one roll, pass or fail).
    #[serde(default)]
    pub stalked: bool,
    /// An opposing fighter the Influencer's player acts with: that player.
    #[serde(default)]
    pub by: Option<usize>,
    /// An activation the Trigger Device gives besides the fighter's own.
    #[serde(default)]
    pub extra: bool,
}

impl Activation {
    /// Fighter `fighter`'s activation, nothing spent yet.
    pub fn new(fighter: usize) -> Self {
        Activation {
            fighter,
            moved: false,
            acted: false,
            steps: Vec::new(),
            commanded: false,
            maniac: false,
            berserk: false,
            stalked: false,
            by: None,
            extra: false,
        }
    }
}

/// Where the phase is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Before the first phase, each player in turn plays the scenario's warband or brings one
    /// of his own: those still to muster, in order.
    Mustering(Vec<usize>),
    /// Players choose their places in the order, highest initiative roll first: those still
    /// to choose, in that order.
    Choosing(Vec<usize>),
    /// Activations in the chosen order.
    Activating,
}

/// One command a player sends: the player is the one to act ([`Skirmish::to_act`]). Fighters
/// are named by their index in [`Skirmish::fighters`] (the players' warbands in order).
#[derive(Message, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Before the game, player `player` plays the scenario's warband (`None`) or brings
    /// `warband`, placed within 5" of his corner in its place (its limits checked).
    Muster {
        /// The player.
        player: usize,
        /// His own warband, or none to keep the scenario's.
        warband: Option<Warband>,
    },
    /// The player choosing now takes place `place` (0: first) in the order.
    ChoosePlace {
        /// The player.
        player: usize,
        /// The place, from 0.
        place: usize,
    },
    /// Activates fighter `fighter` (index) of the player to act.
    Activate {
        /// The fighter.
        fighter: usize,
    },
    /// The active fighter moves along `path` (inches): its movement action, or its other
    /// action as a second move once the first is spent.
    Move {
        /// The points it passes through, the last where it stops.
        path: Vec<Vec2>,
    },
    /// The active fighter attacks `target` in melee.
    Melee {
        /// The target (index).
        target: usize,
    },
    /// The active fighter shoots at `target`; `area`: a heavy shooter's area mode; `weapon`:
    /// the shooter he fires (its place in his weapons), none for
    /// [`Fighter::shooter_for`]'s choice (as every command written before the field).
    Shoot {
        /// The target (index).
        target: usize,
        /// Area mode (heavy shooters).
        area: bool,
        /// The shooter fired (index into the fighter's weapons).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<usize>,
    },
    /// The active fighter, lying wounded, tries to get up (both actions).
    Recover,
    /// The active Healer tends `target`, a wounded fighter of his warband within 5".
    Heal {
        /// The fighter tended (index).
        target: usize,
    },
    /// The active fighter moves randomly: "throw a d8, move stat into direction the d8 is
    /// pointing" (as far that way as the terrain lets it), as its movement action or second
    /// move. The solitaire opponents' move when no fighter is in sight.
    Wander,
    /// The active Boss commands `fighter`, a fighter of his warband within 5", to perform one
    /// other action now (the Boss's other action); the commanded fighter's next command is
    /// that action, or `EndActivation` to let it go.
    Command {
        /// The fighter commanded (index).
        fighter: usize,
    },
    /// The active Driver rolls to activate `rookie`, a Rookie of his warband within 10", at
    /// once: an activation besides the Rookie's own; his `EndActivation` hands back to the
    /// Driver.
    Drive {
        /// The Rookie (index).
        rookie: usize,
    },
    /// The active Assassin's movement action straight to `to`, into base contact with an
    /// enemy, ignoring all terrain if he rolls at or under his stat (failing, he may still
    /// move as usual).
    Stalk {
        /// Where he stops, inches.
        to: Vec2,
    },
    /// The active fighter picks up `token` ([`Skirmish::tokens`]), his base touching it: his
    /// other action ("1 action to pick up the treasure").
    PickUp {
        /// The token (index).
        token: usize,
    },
    /// The active fighter manipulates `device`, his base touching it: his other action, a
    /// roll at or under his stat (an Engineer rolls two and keeps the better).
    Manipulate {
        /// The device.
        device: DeviceId,
    },
    /// The active Controller summons his demon at `at` (inches, in base contact) with `stat`
    /// (within his die): both actions.
    Summon {
        /// Where the demon stands, inches.
        at: Vec2,
        /// The demon's stat.
        stat: u8,
    },
    /// The active Influencer rolls `fighter`'s die against his stat to perform one action
    /// with that opposing fighter (within 15"): the player's next command is that action.
    Influence {
        /// The opposing fighter (index).
        fighter: usize,
    },
    /// The active Shapeshifter rolls to change shape, animal or humanoid: both actions.
    Shapeshift,
    /// The active fighter's activation ends (a commanded fighter's action let go: back to
    /// the Boss).
    EndActivation,
    /// The Trigger Device, worked for the player to act, attacks `target`, a fighter of
    /// another player anywhere on the table ("attack an opposing fighter").
    DeviceAttack {
        /// The fighter attacked (index).
        target: usize,
    },
    /// The Trigger Device, worked for the player to act, attacks every fighter within 2" of
    /// `at` (inches, on the table), each separately ("attack an area").
    DeviceArea {
        /// The area's centre, inches.
        at: Vec2,
    },
    /// The player to act spends the reroll the Trigger Device gave him ("gain a reroll"): his
    /// last command, which threw dice, is undone and made again with new ones.
    Reroll,
}

/// The whole game.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct Skirmish {
    /// The table, inches.
    pub table: Vec2,
    /// The terrain, shared between copies of the game until one changes it (a gate the device
    /// opens): the tree and the search try each command on a copy.
    #[serde(with = "shared_terrain")]
    pub terrain: std::sync::Arc<Vec<TerrainPiece>>,
    /// The players.
    pub players: Vec<Player>,
    /// Every fighter.
    pub fighters: Vec<OnTable>,
    /// The phase, from 1.
    pub phase: u32,
    /// The order of play this phase: `order[k]` the player in place k (`None` while
    /// unchosen).
    pub order: Vec<Option<usize>>,
    /// Where the phase is.
    pub stage: Stage,
    /// The fighter active now (a fighter the Boss commands, while he performs his action).
    pub active: Option<Activation>,
    /// The Boss's activation, while a fighter he commands performs his action.
    #[serde(default)]
    pub commanding: Option<Activation>,
    /// The place in the order of the last player to activate this phase.
    pub last_place: Option<usize>,
    /// The result, once decided.
    pub result: Option<GameResult>,
    /// What wins.
    pub goal: Goal,
    /// King of the Hill: the token's centre, inches.
    pub hill: Option<Vec2>,
    /// King of the Hill: the player alone in contact with the token now, and whether he has
    /// held it so through the end of a phase (a full phase more wins).
    pub holder: Option<(usize, bool)>,
    /// The last phase played, if the scenario sets one.
    pub turn_limit: Option<u32>,
    /// The solitaire game, where it is one.
    #[serde(default)]
    pub solitaire: Option<Solitaire>,
    /// The tokens on the table: treasure, flags, the bomb, clues, the hostage.
    #[serde(default)]
    pub tokens: Vec<Token>,
    /// The Trigger Device, where the scenario has it.
    #[serde(default)]
    pub device: Option<TriggerDevice>,
    /// How a warband stands in its corner when it musters.
    #[serde(default)]
    pub start: StartLayout,
    /// Victory Points by player (Action scenarios).
    #[serde(default)]
    pub score: Vec<u32>,
    /// A player the Trigger Device owes an activation besides the regular ones.
    #[serde(default)]
    pub extra: Option<usize>,
    /// The terrain pieces a fighter may climb onto: id and height, inches.
    #[serde(default)]
    pub heights: Vec<(String, f32)>,
    /// What happened since the shell last read it.
    pub events: Vec<String>,
    /// Rerolls by player, the Trigger Device's "gain a reroll" (empty: nobody has one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rerolls: Vec<u32>,
    /// The Trigger Device's attack, owed to the player it worked for until he aims it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device_attack: Option<DeviceAttack>,
    /// The game before the last command, kept while its player holds a reroll and may throw
    /// that command's dice again ([`Command::Reroll`]). Not written: a saved game is its
    /// commands, and replaying them keeps it again.
    #[serde(skip)]
    pub reroll_from: Option<std::sync::Arc<Rerollable>>,
}

/// The KOTH token's radius, inches: a token an inch across.
pub const HILL_TOKEN: f32 = 0.5;

/// [`OnTable::fighter`] written and read as the fighter it holds.
mod shared_fighter {
    use std::sync::Arc;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::rulesets::one_stat::rules::fighter::Fighter;

    pub fn serialize<S: Serializer>(f: &Arc<Fighter>, s: S) -> Result<S::Ok, S::Error> {
        f.as_ref().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Arc<Fighter>, D::Error> {
        Fighter::deserialize(d).map(Arc::new)
    }
}

/// [`Skirmish::terrain`] written and read as the list it holds.
mod shared_terrain {
    use std::sync::Arc;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::rules::terrain::TerrainPiece;

    pub fn serialize<S: Serializer>(t: &Arc<Vec<TerrainPiece>>, s: S) -> Result<S::Ok, S::Error> {
        t.as_slice().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Arc<Vec<TerrainPiece>>, D::Error> {
        Vec::deserialize(d).map(Arc::new)
    }
}

impl Skirmish {
    /// A game on `table` with `terrain`, `players` and their `fighters`; the first phase's
    /// initiative is rolled with `dice`.
    ///
    /// Errors: the dice's.
    pub fn new(
        table: Vec2,
        terrain: Vec<TerrainPiece>,
        players: Vec<Player>,
        fighters: Vec<OnTable>,
        dice: &mut Dice,
    ) -> Result<Skirmish, String> {
        let mut s = Skirmish::mustering(table, terrain, players, fighters);
        s.stage = Stage::Activating;
        s.new_phase(dice)?;
        Ok(s)
    }

    /// Fighters of different players who share a name are told apart by their player's (the
    /// side's) name, in brackets, on the table and in every log line: with the builder's default names,
    /// `Rookie 4: attack on Rookie 5` read as a quarrel within one warband.
    pub(super) fn tell_apart(&mut self) {
        let clash: Vec<usize> = (0..self.fighters.len())
            .filter(|&i| {
                let f = &self.fighters[i];
                self.fighters
                    .iter()
                    .any(|o| o.player != f.player && o.fighter.name == f.fighter.name)
            })
            .collect();
        for i in clash {
            let p = self.fighters[i].player;
            let named = self.players.get(p).map(|x| x.name.as_str());
            let unique =
                named.filter(|n| self.players.iter().filter(|x| x.name == *n).count() == 1);
            let by = unique.map_or(format!("player {}", p + 1), str::to_string);
            let f = std::sync::Arc::make_mut(&mut self.fighters[i].fighter);
            f.name = format!("{} ({by})", f.name);
        }
    }

    /// A game like [`Skirmish::new`], but first each player musters his warband
    /// ([`Command::Muster`]); the first initiative is rolled when the last has.
    pub fn mustering(
        table: Vec2,
        terrain: Vec<TerrainPiece>,
        players: Vec<Player>,
        fighters: Vec<OnTable>,
    ) -> Skirmish {
        let mut s = Skirmish {
            table,
            terrain: std::sync::Arc::new(terrain),
            order: vec![None; players.len()],
            stage: Stage::Mustering((0..players.len()).collect()),
            players,
            fighters,
            phase: 0,
            active: None,
            commanding: None,
            last_place: None,
            result: None,
            goal: Goal::LastManStanding,
            hill: None,
            holder: None,
            turn_limit: None,
            solitaire: None,
            tokens: Vec::new(),
            device: None,
            start: StartLayout::default(),
            score: Vec::new(),
            extra: None,
            heights: Vec::new(),
            events: Vec::new(),
            rerolls: Vec::new(),
            device_attack: None,
            reroll_from: None,
        };
        s.tell_apart();
        s
    }

    /// The warband player `p` fields now.
    pub fn warband_of(&self, p: usize) -> Vec<&Fighter> {
        self.fighters
            .iter()
            .filter(|f| f.player == p)
            .map(|f| f.fighter.as_ref())
            .collect()
    }

    /// Player `player` musters: the scenario's warband, or `warband` in its place, which must
    /// keep the text's limits ("Make sure, each player's warband features 1 Boss and 2 Rookies
    /// per Specialist fielded. Also, make sure each player's warband has the same number of
    /// Specialists!") and fit within 5" of his corner.
    fn muster(
        &mut self,
        player: usize,
        warband: Option<&Warband>,
        dice: &mut Dice,
    ) -> Result<(), String> {
        let Stage::Mustering(waiting) = &self.stage else {
            return Err("the warbands are mustered; the game is on".into());
        };
        let mut waiting = waiting.clone();
        waiting.retain(|&p| p != player);
        let name = self.players[player].name.clone();
        match warband {
            None => self.events.push(format!(
                "{name} {} the scenario's warband",
                verb(&name, "plays", "play")
            )),
            Some(w) => {
                let kind = if self.solitaire.is_some() {
                    WarbandKind::Solitaire
                } else if self.goal.is_action() {
                    WarbandKind::Action
                } else {
                    WarbandKind::Standard
                };
                let mut problems = check(w, kind);
                let n = w.count(Tier::Specialist);
                for (q, other) in self.players.iter().enumerate() {
                    let theirs = self
                        .warband_of(q)
                        .iter()
                        .filter(|f| f.tier == Tier::Specialist)
                        .count();
                    if q != player && theirs != n && self.solitaire.is_none() {
                        problems.push(format!(
                            "{} fields {n} Specialists and {} fields {theirs}: \"make sure each player's warband has the same number of Specialists!\"",
                            w.name, other.name
                        ));
                    }
                }
                if !problems.is_empty() {
                    return Err(problems.join("; "));
                }
                let mut band = w.fighters.clone();
                band.sort_by_key(|f| std::cmp::Reverse(f.tier));
                // Capture the Flag: the flag has the corner's first place.
                let skip = usize::from(self.goal == Goal::CaptureTheFlag);
                let places =
                    start_places_at(self.players[player].corner, band.len() + skip, self.start)
                        .into_iter()
                        .skip(skip);
                let at = self
                    .fighters
                    .iter()
                    .position(|f| f.player == player)
                    .unwrap_or(self.fighters.len());
                self.fighters.retain(|f| f.player != player);
                let new: Vec<OnTable> = band
                    .into_iter()
                    .zip(places)
                    .map(|(fighter, at)| OnTable::new(fighter, player, at))
                    .collect();
                let at = at.min(self.fighters.len());
                self.fighters.splice(at..at, new);
                self.tell_apart();
                self.events.push(format!(
                    "{name} brings {} ({} fighters)",
                    w.name,
                    w.fighters.len()
                ));
            }
        }
        if waiting.is_empty() {
            if self.solitaire.is_some() {
                self.begin_solitaire(dice)?;
            } else {
                self.new_phase(dice)?;
            }
        } else {
            self.stage = Stage::Mustering(waiting);
        }
        Ok(())
    }

    /// The solitaire game begins: the 6 spawn points placed by 2d6 each on a 6" grid, the
    /// first spawn roll, the Bounty in the opposing corner; then the first turn, the player
    /// first (one-stat-skirmish.txt, "1 Stat Skirmish – for 1 Player", "Bounty").
    fn begin_solitaire(&mut self, dice: &mut Dice) -> Result<(), String> {
        let mut points = Vec::new();
        for k in 1..=6 {
            let x = dice
                .roll(DiceExpr::d(6), format!("spawn point {k}: across"))
                .map_err(|e| e.to_string())? as u8;
            let y = dice
                .roll(DiceExpr::d(6), format!("spawn point {k}: up"))
                .map_err(|e| e.to_string())? as u8;
            // The 6" grid spread over the table (a 3' table is six squares a side), off any
            // piece a fighter could not reach it on.
            let square = grid_square(x, y) * (self.table / 36.0);
            let at = self.clear_place_near(square, false).unwrap_or(square);
            points.push(at);
            self.events.push(format!(
                "spawn point {k} in square ({x}, {y}), at ({:.0}, {:.0})",
                at.x, at.y
            ));
        }
        if let Some(sol) = &mut self.solitaire {
            sol.spawn_points = points;
        }
        self.set_up_mission(dice)?;
        if self.goal == Goal::Bounty {
            let corner = self.table - self.players[0].corner;
            let at = start_places_at(corner, 1, self.start)[0];
            let weapons = self
                .solitaire
                .as_ref()
                .map(|s| s.weapons.clone())
                .unwrap_or_default();
            let mut bounty = OnTable::new(
                Fighter {
                    id: "bounty".into(),
                    name: "The Bounty".into(),
                    tier: Tier::Boss,
                    stat: 5,
                    weapons,
                    specialisation: Some(Specialisation::Veteran),
                },
                1,
                at,
            );
            bounty.die = Some(12);
            self.fighters.push(bounty);
            self.tell_apart();
            let b = self.fighters.len() - 1;
            if let Some(sol) = &mut self.solitaire {
                sol.bounty = Some((b, 0));
            }
            self.events.push(format!(
                "the Bounty waits in the opposing corner: stat 5, a d12, a Veteran"
            ));
        }
        self.spawn_wave(dice)?;
        self.phase = 0;
        self.new_phase(dice)
    }

    /// The spawn dice: "Each die showing a unique result = 1 rookie at the spawnpoint with
    /// that die's number", and so on up the table ([`spawn`]); each opponent placed at his
    /// spawn point, or as near it as the terrain and the fighters there allow.
    fn spawn_wave(&mut self, dice: &mut Dice) -> Result<(), String> {
        self.spawn_wave_at(dice, None).map(|_| ())
    }

    /// The spawn dice as [`Skirmish::spawn_wave`], each opponent at `place` (inches) where
    /// given, else at his spawn point; the fighters spawned (indices).
    ///
    /// Errors: the dice's.
    pub(super) fn spawn_wave_at(
        &mut self,
        dice: &mut Dice,
        place: Option<Vec2>,
    ) -> Result<Vec<usize>, String> {
        let Some(sol) = self.solitaire.clone() else {
            return Ok(Vec::new());
        };
        let mut faces = [0u8; 6];
        for (k, f) in faces.iter_mut().enumerate() {
            *f = dice
                .roll(DiceExpr::d(6), format!("spawn die {}", k + 1))
                .map_err(|e| e.to_string())? as u8;
        }
        let mut spawned = sol.spawned;
        let mut words = Vec::new();
        let mut new = Vec::new();
        for (tier, point) in spawn(&faces) {
            spawned += 1;
            let Some(&centre) = sol.spawn_points.get(usize::from(point) - 1) else {
                continue;
            };
            if place.is_none() && sol.shut.get(usize::from(point) - 1) == Some(&true) {
                words.push(format!("nothing at spawn point {point}, shut down"));
                continue;
            }
            let Some(at) = self.free_place_near(place.unwrap_or(centre)) else {
                continue;
            };
            let f = self.new_opponent(&sol, tier, spawned);
            words.push(match place {
                Some(_) => f.name.clone(),
                None => format!("{} at spawn point {point}", f.name),
            });
            self.fighters.push(OnTable::new(f, 1, at));
            new.push(self.fighters.len() - 1);
        }
        self.tell_apart();
        if let Some(s) = &mut self.solitaire {
            s.spawned = spawned;
        }
        self.events.push(format!(
            "the spawn dice show {}: {}",
            faces.map(|f| f.to_string()).join(" "),
            words.join(", ")
        ));
        Ok(new)
    }

    /// The `number`th opponent to spawn, of `tier`: the tier's next profile in turn where the
    /// scenario gives the opponents profiles ([`profile_for`]; "feel free to add variation, as
    /// long as you can tell everything apart!"), named after it; else the tier's shared stat,
    /// the shared weapons and, for a Specialist, the shared specialisation ("For starters").
    fn new_opponent(&self, sol: &Solitaire, tier: Tier, number: u32) -> Fighter {
        let bounty = sol.bounty.map(|b| b.0);
        let nth = (0..self.fighters.len())
            .filter(|&k| {
                let f = &self.fighters[k];
                f.player == 1 && f.fighter.tier == tier && f.demon.is_none() && Some(k) != bounty
            })
            .count();
        match profile_for(&sol.profiles, tier, nth) {
            Some(p) => Fighter {
                id: format!("opponent{number}"),
                name: format!("{} {number}", p.name),
                tier,
                stat: p.stat,
                weapons: p.weapons.clone().unwrap_or_else(|| sol.weapons.clone()),
                specialisation: p.specialisation,
            },
            None => Fighter {
                id: format!("opponent{number}"),
                name: format!("{} {number}", tier.word()),
                tier,
                stat: sol.stats.of(tier),
                weapons: sol.weapons.clone(),
                specialisation: (tier == Tier::Specialist)
                    .then_some(sol.specialisation)
                    .flatten(),
            },
        }
    }

    /// The nearest place to `centre` where a base stands clear of the other fighters and of
    /// terrain that blocks movement, on the table: rings of half an inch outwards.
    fn free_place_near(&self, centre: Vec2) -> Option<Vec2> {
        self.clear_place_near(centre, true)
    }

    /// The nearest place to `centre` a base reaches and stands on: clear of terrain that
    /// blocks movement and on the table, and (`fighters`) of the other fighters' bases; rings
    /// of 0.6" outwards.
    fn clear_place_near(&self, centre: Vec2, fighters: bool) -> Option<Vec2> {
        let base = super::rules::scenario::BASE;
        let clear = |p: Vec2| {
            p.x >= base
                && p.y >= base
                && p.x <= self.table.x - base
                && p.y <= self.table.y - base
                && (!fighters
                    || self.fighters.iter().all(|f| {
                        f.standing == Standing::Removed || f.at.distance(p) >= f.base + base
                    }))
                && !self.terrain.iter().any(|t| {
                    t.has(crate::rules::terrain::TerrainProperty::Impassable)
                        && t.shape.distance_to(p) < base
                })
        };
        (0..12).find_map(|ring| {
            let r = ring as f32 * 0.6;
            let n = if ring == 0 { 1 } else { 6 * ring };
            (0..n)
                .map(|k| centre + Vec2::from_angle(k as f32 / n as f32 * std::f32::consts::TAU) * r)
                .find(|p| clear(*p))
        })
    }

    /// "Each player picks the highest die available to him": his highest tier's die among
    /// the fighters he has left.
    fn highest_die(&self, player: usize) -> u8 {
        self.fighters
            .iter()
            .filter(|f| f.player == player && f.standing != Standing::Removed)
            .map(OnTable::die)
            .max()
            .unwrap_or(6)
    }

    /// A new phase: tokens removed, initiative rolled ("Determine Initiative").
    fn new_phase(&mut self, dice: &mut Dice) -> Result<(), String> {
        self.phase += 1;
        for f in &mut self.fighters {
            f.activated = false;
            f.wound_ignored = false;
        }
        if self.goal.is_action() {
            self.respawn();
        }
        if self.solitaire.is_some() {
            self.stage = Stage::Activating;
            self.last_place = None;
            // A new wave when the spawned opponents are all gone
            // (docs/rules/one_stat.md, "Later spawns"); the Bounty waits on his own.
            let bounty = self.solitaire.as_ref().and_then(|x| x.bounty).map(|b| b.0);
            let spawned_left = (0..self.fighters.len()).any(|k| {
                Some(k) != bounty
                    && self.fighters[k].player == 1
                    && self.fighters[k].standing != Standing::Removed
            });
            if !spawned_left {
                self.spawn_wave(dice)?;
            }
            self.events.push(format!(
                "turn {}: {} activate all their fighters, then the opponents",
                self.phase, self.players[0].name
            ));
            return Ok(());
        }
        self.last_place = None;
        self.order = vec![None; self.players.len()];
        let live: Vec<usize> = (0..self.players.len())
            .filter(|&p| self.has_fighters(p))
            .collect();
        let dies: Vec<u8> = live.iter().map(|&p| self.highest_die(p)).collect();
        let names: Vec<String> = live.iter().map(|&p| self.players[p].name.clone()).collect();
        let by_roll =
            super::rules::sequence::initiative(dice, &dies, &names).map_err(|e| e.to_string())?;
        let choosing: Vec<usize> = by_roll.into_iter().map(|k| live[k]).collect();
        let first = choosing
            .first()
            .map_or("nobody", |&p| self.players[p].name.as_str());
        self.events.push(format!(
            "phase {}: initiative, {first} {} first",
            self.phase,
            verb(first, "chooses", "choose")
        ));
        self.order.truncate(live.len());
        self.stage = Stage::Choosing(choosing);
        Ok(())
    }

    /// Whether player `player` has a fighter in the game (a demon keeps no warband in it,
    /// docs/rules/one_stat.md, "The Controller's demon").
    fn has_fighters(&self, player: usize) -> bool {
        self.fighters
            .iter()
            .any(|f| f.player == player && f.standing != Standing::Removed && f.demon.is_none())
    }

    fn ready(&self, player: usize) -> bool {
        self.fighters
            .iter()
            .any(|f| f.player == player && f.standing != Standing::Removed && !f.activated)
    }

    /// The player to act now: the one choosing a place, or the next to activate.
    pub fn to_act(&self) -> Option<usize> {
        if self.result.is_some() {
            return None;
        }
        match &self.stage {
            Stage::Mustering(c) | Stage::Choosing(c) => c.first().copied(),
            Stage::Activating => {
                // The device's attack is aimed at once by the player it worked for.
                if let Some(d) = &self.device_attack {
                    return Some(d.player);
                }
                if let Some(a) = &self.active {
                    return Some(a.by.unwrap_or(self.fighters[a.fighter].player));
                }
                if let Some(p) = self.extra
                    && self.has_fighters(p)
                {
                    return Some(p);
                }
                // "Each turn you activate all of your fighters one by one. When you're done,
                // you activate all of the opponents one by one."
                if self.solitaire.is_some() {
                    return [0, 1].into_iter().find(|&p| self.ready(p));
                }
                let order: Vec<usize> = self.order.iter().flatten().copied().collect();
                let k = next_player(&order, self.last_place, |p| self.ready(p))?;
                Some(order[k])
            }
        }
    }

    /// Applies `command` sent by `player` with `dice`; on an error the game may be part-changed,
    /// so the caller applies it to a copy.
    ///
    /// Errors: the refusal, naming the rule that forbids it; a die that could not be thrown.
    pub fn apply(
        &mut self,
        player: usize,
        command: &Command,
        dice: &mut Dice,
    ) -> Result<(), String> {
        if self.result.is_some() {
            return Err("the game is over".into());
        }
        if self.to_act() != Some(player) {
            return Err(format!(
                "it is {} turn (Turn Sequence: \"each player activates 1 miniature per turn\")",
                self.to_act().map_or("nobody's".to_string(), |p| possessive(
                    &self.players[p].name
                ))
            ));
        }
        let points: &[Vec2] = match command {
            Command::Move { path } => path,
            Command::Stalk { to }
            | Command::Summon { at: to, .. }
            | Command::DeviceArea { at: to } => std::slice::from_ref(to),
            _ => &[],
        };
        if points.iter().any(|p| !p.is_finite()) {
            return Err("a point of the command is no number of inches".into());
        }
        self.device_first(command)?;
        // Any other command lets the last one's reroll go; one that throws dice may be thrown
        // again while its player holds a reroll.
        let last = self.reroll_from.take();
        let before = self.may_reroll(player, command).then(|| self.clone());
        match command {
            Command::Muster { warband, .. } => self.muster(player, warband.as_ref(), dice)?,
            Command::ChoosePlace { place, .. } => self.choose(player, *place)?,
            Command::Activate { fighter } => self.activate(player, *fighter, dice)?,
            Command::Move { path } => self.move_along(path)?,
            Command::Melee { target } => self.melee(*target, dice)?,
            Command::Shoot {
                target,
                area,
                weapon,
            } => self.shoot(*target, *area, *weapon, dice)?,
            Command::Recover => self.recover(dice)?,
            Command::Heal { target } => self.heal(*target, dice)?,
            Command::Wander => self.wander(dice)?,
            Command::Command { fighter } => self.command(*fighter)?,
            Command::Drive { rookie } => self.drive(*rookie, dice)?,
            Command::Stalk { to } => self.stalk(*to, dice)?,
            Command::PickUp { token } => self.pick_up(*token, dice)?,
            Command::Manipulate { device } => self.manipulate(*device, dice)?,
            Command::Summon { at, stat } => self.summon(*at, *stat)?,
            Command::Influence { fighter } => self.influence(*fighter, dice)?,
            Command::Shapeshift => self.shapeshift(dice)?,
            Command::EndActivation => self.end_activation(dice)?,
            Command::DeviceAttack { target } => self.device_attack_on(*target, dice)?,
            Command::DeviceArea { at } => self.device_area(*at, dice)?,
            // The command made again from the game before it, which keeps its own reroll.
            Command::Reroll => return self.reroll(player, last, dice),
        }
        // A commanded fighter's one action done: the Boss's activation goes on.
        if self.commanding.is_some() && self.active.as_ref().is_some_and(|a| a.commanded && a.acted)
        {
            self.active = self.commanding.take();
        }
        self.watch_hill();
        self.watch_tokens();
        self.watch_hostage();
        self.decide();
        if let Some(before) = before
            && self.result.is_none()
        {
            self.reroll_from = Some(std::sync::Arc::new(Rerollable {
                before,
                player,
                command: command.clone(),
            }));
        }
        Ok(())
    }

    fn choose(&mut self, player: usize, place: usize) -> Result<(), String> {
        let Stage::Choosing(c) = &mut self.stage else {
            return Err("the places are chosen; now the activations".into());
        };
        if self.order.get(place).is_none_or(Option::is_some) {
            return Err(format!("place {} is not free", place + 1));
        }
        self.order[place] = Some(player);
        c.remove(0);
        self.events.push(format!(
            "{} {} place {} in the order",
            self.players[player].name,
            verb(&self.players[player].name, "takes", "take"),
            place + 1
        ));
        // The last to choose has one place left, and takes it.
        if let [last] = c[..]
            && let Some(free) = self.order.iter().position(Option::is_none)
        {
            self.order[free] = Some(last);
            c.clear();
            self.events.push(format!(
                "{} takes place {}, the one left",
                self.players[last].name,
                free + 1
            ));
        }
        if c.is_empty() {
            self.stage = Stage::Activating;
        }
        Ok(())
    }

    fn activate(&mut self, player: usize, i: usize, dice: &mut Dice) -> Result<(), String> {
        if self.stage != Stage::Activating || self.active.is_some() {
            return Err("a fighter is active already: end its activation first".into());
        }
        let f = self.fighters.get(i).ok_or("no such fighter")?;
        if f.player != player || f.standing == Standing::Removed {
            return Err(format!(
                "{} is not one of your fighters in the game",
                f.fighter.name
            ));
        }
        let extra = self.extra == Some(player);
        if f.activated && !extra {
            return Err(format!(
                "{} has been activated this phase (\"he cannot activate again this phase\")",
                f.fighter.name
            ));
        }
        let wild = f.wild;
        self.events.push(format!(
            "{} activates{}",
            f.fighter.name,
            if extra {
                ", besides his own activation (the device)"
            } else {
                ""
            }
        ));
        self.extra = None;
        let mut a = Activation {
            extra,
            ..Activation::new(i)
        };
        self.auto_recover(i, &mut a);
        self.active = Some(a);
        if wild {
            // Out of control, it acts by itself: its whole activation.
            self.wild_turn(i, dice)?;
            self.end_activation(dice)?;
        }
        Ok(())
    }

    fn active(&self) -> Result<(usize, &Activation), String> {
        let a = self.active.as_ref().ok_or("activate a fighter first")?;
        Ok((a.fighter, a))
    }

    fn must_stand(&self, i: usize) -> Result<(), String> {
        if self.fighters[i].standing == Standing::Removed {
            return Err(format!(
                "{} is out of the game",
                self.fighters[i].fighter.name
            ));
        }
        if self.fighters[i].standing == Standing::Down {
            return Err(format!(
                "{} lies wounded: \"the only action available is *recover*\"",
                self.fighters[i].fighter.name
            ));
        }
        Ok(())
    }

    /// "A fighter can move anywhere within his stat in inches"; a second move is the other
    /// action ("A fighter may move a 2nd time his stat in inches").
    fn move_along(&mut self, path: &[Vec2]) -> Result<(), String> {
        let (i, a) = self.active()?;
        self.must_stand(i)?;
        let second = a.moved;
        if second && a.acted {
            return Err("both actions are spent".into());
        }
        let allowance = self.allowance(i);
        let f = &self.fighters[i];
        let end = *path.last().ok_or("a move goes somewhere")?;
        let climb = self.climb(i, end);
        // The piece he climbs down from is left out of the first leg's checks, the one he
        // climbs onto out of the last leg's (of every leg, walking along its top): a leg in
        // between crosses either as any other piece (docs/rules/one_stat.md, "Climbing").
        let along = climb.onto.is_some() && climb.onto == f.on;
        let legs = path.len();
        let terrain_of = |k: usize| -> Vec<TerrainPiece> {
            self.terrain
                .iter()
                .filter(|t| {
                    let leaving = f.on.as_ref() == Some(&t.id) && (k == 0 || along);
                    let arriving = climb.onto.as_ref() == Some(&t.id) && (k + 1 == legs || along);
                    !(leaving || arriving)
                })
                .cloned()
                .collect()
        };
        // The length first: a move past the allowance is refused for that, whatever terrain
        // lies beyond the ring (a pointer far off named a vaporator it would brush: a walk).
        let total = crate::rules::geometry::path_length(f.at, path);
        if total + climb.height > allowance + 1e-3 {
            return Err(if climb.height > 0.0 {
                format!(
                    "{} moves {total:.1}{INCH} and climbs {:.1}{INCH} of {allowance}{INCH}: \"A fighter can climb terrain if the top of the terrain piece to climb on lies within movement allowance\"",
                    f.fighter.name, climb.height
                )
            } else {
                format!(
                    "{} moves {total:.1}{INCH} of {allowance}{INCH}: \"A fighter can move anywhere within his stat in inches\"",
                    f.fighter.name
                )
            });
        }
        let mut from = f.at;
        let mut run = 0.0f32;
        let mut prev = a.steps.last().copied();
        let mut steps = Vec::new();
        let others: Vec<(Vec2, f32)> = self
            .fighters
            .iter()
            .enumerate()
            .filter(|(k, o)| *k != i && o.standing != Standing::Removed)
            .map(|(_, o)| (o.at, o.base))
            .collect();
        for (k, &to) in path.iter().enumerate() {
            run = match prev {
                Some(p) if straight_on(p, (from, to)) => run + p.0.distance(p.1),
                _ => 0.0,
            };
            step(&terrain_of(k), self.table, from, to, f.base, run)?;
            steps.push((from, to));
            prev = Some((from, to));
            from = to;
        }
        if let Some((at, _)) = others
            .iter()
            .find(|(at, r)| at.distance(from) < r + f.base - CONTACT)
        {
            return Err(format!(
                "another fighter stands at ({:.1}, {:.1})",
                at.x, at.y
            ));
        }
        let name = f.fighter.name.clone();
        let maniac = f.fighter.is(Specialisation::Maniac);
        let last_step = a.steps.last().copied();
        self.fighters[i].at = from;
        self.fighters[i].on = climb.onto.clone();
        // "If 2 Movement actions in a straight line bring the Maniac in base to base contact,
        // he may immediately perform an Attack action."
        let charged = maniac
            && second
            && last_step
                .zip(steps.first())
                .is_some_and(|(p, n)| straight_on(p, *n))
            && steps.windows(2).all(|w| straight_on(w[0], w[1]))
            && (0..self.fighters.len()).any(|k| {
                self.fighters[k].player != self.fighters[i].player
                    && self.fighters[k].standing != Standing::Removed
                    && self.in_contact(i, k)
            });
        let a = self.active.as_mut().expect("active");
        if second {
            a.acted = true;
        } else {
            a.moved = true;
        }
        a.maniac = charged;
        // A move between them ends a Berserker's two attacks.
        a.berserk = false;
        a.steps.extend(steps);
        if charged {
            self.events.push(format!(
                "{name} charges into base contact: he may attack at once"
            ));
        }
        self.events.push(format!(
            "{name} moves {total:.1}\"{}{}",
            if climb.height > 0.0 {
                format!(" and climbs {:.1}\"", climb.height)
            } else {
                String::new()
            },
            match (second, self.active.as_ref().is_some_and(|a| a.commanded)) {
                (_, true) => " (his one action)",
                (true, false) => " (second move)",
                (false, false) => "",
            }
        ));
        if let Some(id) = climb.onto.filter(|_| climb.up) {
            // "His movement ends there, though, no matter how high he actually climbed."
            self.events.push(format!(
                "{name} is on top of {}: his move ends there",
                id.replace('_', " ")
            ));
        }
        Ok(())
    }

    /// "Move randomly (throw a d8, move stat into direction the d8 is pointing)": the whole
    /// stat that way, or as far as the terrain, the table's edge and the other fighters let
    /// it go in a straight line (docs/rules/one_stat.md, "Moving randomly").
    fn wander(&mut self, dice: &mut Dice) -> Result<(), String> {
        let (i, a) = self.active()?;
        self.must_stand(i)?;
        if a.moved && a.acted {
            return Err("both actions are spent".into());
        }
        let f = &self.fighters[i];
        let face = dice
            .roll(
                DiceExpr::d(8),
                format!("{}: moves randomly", f.fighter.name),
            )
            .map_err(|e| e.to_string())?;
        let dir = super::rules::solitaire::d8_direction(face as u8);
        let (at, stat) = (f.at, self.allowance(i));
        // The farthest straight move that way, in quarter inches.
        let mut d = stat;
        while d > 0.0 {
            let mut tried = self.clone();
            if tried.move_along(&[at + dir * d]).is_ok() {
                *self = tried;
                return Ok(());
            }
            d -= 0.25;
        }
        let name = self.fighters[i].fighter.name.clone();
        let a = self.active.as_mut().expect("active");
        if a.moved {
            a.acted = true;
        } else {
            a.moved = true;
        }
        self.events.push(format!(
            "{name} rolls {face} to move randomly, and cannot go that way"
        ));
        Ok(())
    }

    /// Fighter `i`'s test at or under his stat on his own die, `pick` where he rolls two (the
    /// Healer's, Driver's, Assassin's, Shapeshifter's rolls and a device's:
    /// docs/rules/one_stat.md, "Below stat"); `what` names the roll in the dice log.
    ///
    /// Errors: the dice's.
    fn stat_test(
        &self,
        i: usize,
        pick: Pick,
        what: &str,
        dice: &mut Dice,
    ) -> Result<super::rules::roll::Rolled, String> {
        let f = &self.fighters[i];
        roll(
            dice,
            f.die(),
            f.fighter.stat,
            Test::AtMost,
            pick,
            0,
            &format!("{}: {what}", f.fighter.name),
        )
        .map_err(|e| e.to_string())
    }

    /// Whether fighters `a` and `b` are in base to base contact.
    pub fn in_contact(&self, a: usize, b: usize) -> bool {
        let (x, y) = (&self.fighters[a], &self.fighters[b]);
        base_gap(x.at, x.base, y.at, y.base) <= CONTACT
    }

    /// Fighter `i` defending: as [`Skirmish::combatant`], but with a friendly Tank's die and
    /// stat where `i` stands in base contact with him and they defend better than his own
    /// ("each friendly fighter in base to base contact to the tank may use the tank's stat
    /// and die for defense"; docs/rules/one_stat.md, "The Tank"); then the line that says so.
    fn defender(&self, i: usize) -> (Combatant, Option<String>) {
        let mut c = self.combatant(i);
        if c.down || c.animal || c.tank {
            return (c, None);
        }
        // A defence passes on a roll above the stat: (die - stat) faces of die.
        let odds = |die: u8, stat: u8| f32::from(die.saturating_sub(stat)) / f32::from(die);
        let tank = (0..self.fighters.len())
            .filter(|&k| {
                let t = &self.fighters[k];
                k != i
                    && t.player == self.fighters[i].player
                    && t.standing == Standing::Upright
                    && !t.animal
                    && t.fighter.is(Specialisation::Tank)
                    && self.in_contact(i, k)
            })
            .max_by(|&x, &y| {
                let (fx, fy) = (&self.fighters[x], &self.fighters[y]);
                odds(fx.die(), fx.fighter.stat).total_cmp(&odds(fy.die(), fy.fighter.stat))
            });
        let Some(k) = tank else { return (c, None) };
        let t = &self.fighters[k];
        if odds(t.die(), t.fighter.stat) <= odds(c.die, c.stat) {
            return (c, None);
        }
        c.die = t.die();
        c.stat = t.fighter.stat;
        let note = format!(
            "{} stands by {}, the Tank: he defends with the Tank's d{} and stat {}",
            c.name, t.fighter.name, c.die, c.stat
        );
        (c, Some(note))
    }

    fn combatant(&self, i: usize) -> Combatant {
        let f = &self.fighters[i];
        let preached = f.fighter.tier == Tier::Rookie
            && self.fighters.iter().any(|p| {
                p.player == f.player
                    && p.standing != Standing::Removed
                    && p.fighter.is(Specialisation::Preacher)
                    // "at least partially within 2″": the nearest edges, as every distance.
                    && base_gap(p.at, p.base, f.at, f.base) <= 2.0
            });
        Combatant {
            name: f.fighter.name.clone(),
            die: f.die(),
            stat: f.fighter.stat,
            veteran: f.fighter.is(Specialisation::Veteran),
            preached,
            tank: f.fighter.is(Specialisation::Tank),
            animal: f.animal,
            warrior: f.fighter.is(Specialisation::Warrior),
            down: f.standing == Standing::Down,
            rookie: f.fighter.tier == Tier::Rookie,
        }
    }

    /// The active fighter, for an attack: his other action, or a Maniac's charge's attack.
    fn attack_action(&self) -> Result<usize, String> {
        let i = match &self.active {
            Some(a) if a.maniac => {
                self.must_stand(a.fighter)?;
                a.fighter
            }
            _ => self.other_action()?,
        };
        self.may_attack(i)?;
        Ok(i)
    }

    /// Refused unless fighter `i` has specialisation `s` (a Specialist's, or the Boss's pick).
    fn require(&self, i: usize, s: Specialisation) -> Result<(), String> {
        let f = &self.fighters[i].fighter;
        if f.is(s) {
            Ok(())
        } else {
            Err(format!("{} is not a {}", f.name, s.word()))
        }
    }

    fn other_action(&self) -> Result<usize, String> {
        let (i, a) = self.active()?;
        self.must_stand(i)?;
        if a.acted {
            return Err("its other action is spent (\"1 movement action, 1 other action\")".into());
        }
        Ok(i)
    }

    /// The player fighter `i` acts for now: the Influencer's while influenced, nobody's for a
    /// demon out of control, else his own.
    fn side(&self, i: usize) -> Option<usize> {
        match &self.active {
            Some(a) if a.fighter == i && a.by.is_some() => a.by,
            _ if self.fighters[i].wild => None,
            _ => Some(self.fighters[i].player),
        }
    }

    /// Whether `t` is a fighter `i` may attack: an enemy in the game (of the player acting
    /// for `i`; anyone but itself for a demon out of control).
    fn target(&self, i: usize, t: usize) -> Result<(), String> {
        let tf = self.fighters.get(t).ok_or("no such fighter")?;
        if tf.standing == Standing::Removed || t == i || Some(tf.player) == self.side(i) {
            return Err(format!(
                "{} is not an enemy fighter in the game",
                tf.fighter.name
            ));
        }
        Ok(())
    }

    /// "If a miniature is in base to base contact to another miniature, it may attack in
    /// melee ... Melee Attacks require a melee weapon equipped!"
    ///
    /// Berserker (one-stat-skirmish.txt, "Specialists"): "May attack twice in melee." Both
    /// attacks at `t`; where the first removes him, the second is kept for another enemy in
    /// base contact, the next melee command (docs/rules/one_stat.md, "The Berserker").
    fn melee(&mut self, t: usize, dice: &mut Dice) -> Result<(), String> {
        let berserk = self
            .active
            .as_ref()
            .filter(|a| a.berserk)
            .map(|a| a.fighter);
        let i = match berserk {
            Some(i) => {
                self.must_stand(i)?;
                self.may_attack(i)?;
                i
            }
            None => self.attack_action()?,
        };
        self.target(i, t)?;
        let f = &self.fighters[i];
        if !self.in_contact(i, t) {
            return Err(format!(
                "{} is not in base to base contact with {}",
                f.fighter.name, self.fighters[t].fighter.name
            ));
        }
        // An animal fights with tooth and claw (docs/rules/one_stat.md, "The Shapeshifter").
        let two_handed = match f.fighter.melee_weapon() {
            _ if f.animal => false,
            Some(w) => w.hands() == 2,
            None => {
                return Err(format!(
                    "{} has no melee weapon: \"Melee Attacks require a melee weapon equipped!\"",
                    f.fighter.name
                ));
            }
        };
        if f.fighter.has_heavy_shooter() && !f.animal {
            return Err(format!(
                "{} carries a heavy shooter: \"A fighter with a heavy shooter cannot use the *Melee Attack* action!\"",
                f.fighter.name
            ));
        }
        // "For each other miniature of his own warband in base to base contact to the target,
        // the player may reduce the result by 1": each one in the game, lying wounded or not
        // (docs/rules/one_stat.md, "Friends in contact"); the friends of the side acting for
        // him (the Influencer's; none for a wild demon).
        let side = self.side(i);
        let friends = (0..self.fighters.len())
            .filter(|&k| {
                k != i
                    && Some(self.fighters[k].player) == side
                    && self.fighters[k].standing != Standing::Removed
                    && self.in_contact(k, t)
            })
            .count() as u32;
        let kind = AttackKind::Melee {
            friends,
            two_handed,
        };
        let times = if f.fighter.is(Specialisation::Berserker) && berserk.is_none() {
            2
        } else {
            1
        };
        let mut made = 0;
        for _ in 0..times {
            // A Berserker laid down by a Warrior's counter makes no second attack.
            if self.fighters[t].standing == Standing::Removed
                || self.fighters[i].standing != Standing::Upright
            {
                break;
            }
            made += 1;
            // Cover counts in melee too: "when defending against attacks from the other side
            // of the covering terrain" (docs/rules/one_stat.md, "Cover and crowds").
            let cover = self.in_cover(i, t);
            let (defender, note) = self.defender(t);
            self.events.extend(note);
            let r = attack(dice, &self.combatant(i), &defender, kind, cover)
                .map_err(|e| e.to_string())?;
            self.events.extend(r.lines.iter().cloned());
            self.take_wounds(t, r.wounds);
            if let Some((_, true)) = r.counter {
                self.take_wounds(i, 1);
            }
        }
        // His target gone after one attack, a Berserker still upright keeps his second for
        // another enemy in base contact.
        let keep = made < times
            && self.fighters[i].standing == Standing::Upright
            && (0..self.fighters.len()).any(|k| {
                k != i
                    && self.fighters[k].standing != Standing::Removed
                    && Some(self.fighters[k].player) != self.side(i)
                    && self.in_contact(i, k)
            });
        if keep {
            self.events.push(format!(
                "{} may make his second attack on another enemy in base contact",
                self.fighters[i].fighter.name
            ));
        }
        let a = self.active.as_mut().expect("active");
        a.acted = true;
        a.maniac = false;
        a.berserk = keep;
        Ok(())
    }

    /// Whether there is a line of sight from fighter `a` to `b` past terrain that blocks it
    /// ("Does the piece of terrain grant line of sight?").
    pub fn sees(&self, a: usize, b: usize) -> bool {
        let (x, y) = (&self.fighters[a], &self.fighters[b]);
        // The piece a fighter stands on top of hides nobody from him, nor him from anyone
        // (docs/rules/one_stat.md, "Climbing").
        let below = |t: &TerrainPiece| x.on.as_ref() == Some(&t.id) || y.on.as_ref() == Some(&t.id);
        sight_lines(x.at, x.base, y.at, y.base)
            .iter()
            .any(|(p, q)| {
                !self
                    .terrain
                    .iter()
                    .any(|t| !below(t) && t.blocks_sight(*p, *q))
            })
    }

    /// Whether `b` is in cover from `a`: the line between them crosses a piece that grants
    /// cover, `a` not standing in it ("when defending against attacks from the other side of
    /// the covering terrain"); an attacker on `b`'s own side of it gives no cover
    /// (docs/rules/one_stat.md, "Cover and crowds").
    pub fn in_cover(&self, a: usize, b: usize) -> bool {
        self.covered_from(self.fighters[a].at, b)
    }

    /// Whether fighter `b` is in cover from an attack from the point `p` (inches), as
    /// [`Skirmish::in_cover`] from a fighter standing there.
    pub fn covered_from(&self, p: Vec2, b: usize) -> bool {
        let q = self.fighters[b].at;
        self.terrain.iter().any(|t| {
            t.has(TerrainProperty::Cover) && t.shape.touches_segment(p, q) && !t.shape.contains(p)
        })
    }

    /// "Ranged attacks can be made at targets in short range (up to 5″), medium range (up tp
    /// 10″) or long range (up tp 15″ away) as long as the target is within line of sight";
    /// "if you fire into a crowd, you determine the target randomly"; with `weapon`, the
    /// shooter he fires ([`Fighter::shooter_for`]).
    fn shoot(
        &mut self,
        t: usize,
        area: bool,
        weapon: Option<usize>,
        dice: &mut Dice,
    ) -> Result<(), String> {
        let i = self.attack_action()?;
        self.target(i, t)?;
        let f = &self.fighters[i];
        if f.animal {
            return Err(format!(
                "{} is in animal shape: an animal attacks in melee",
                f.fighter.name
            ));
        }
        let gap = base_gap(f.at, f.base, self.fighters[t].at, self.fighters[t].base);
        if !self.sees(i, t) {
            // Out of range as well: both said, so the player is not sent round the pillar
            // to find the target still too far.
            let reach = if f.fighter.is(Specialisation::ForceUser) {
                FORCE_USER_REACH
            } else {
                LONG_RANGE
            };
            let far = if gap > reach {
                format!(", and is {gap:.1}{INCH} away (the most is {reach}\")")
            } else {
                String::new()
            };
            return Err(format!(
                "{} has no line of sight to {}{far}",
                f.fighter.name, self.fighters[t].fighter.name
            ));
        }
        let (pick, extra_wound) = if f.fighter.is(Specialisation::ForceUser) {
            // "May attack any target within 20″ and line of sight by rolling 2 dice and
            // taking the worse result."
            if gap > FORCE_USER_REACH {
                return Err(format!(
                    "{} is {gap:.1}{INCH} away: the Force User attacks within {FORCE_USER_REACH}\"",
                    self.fighters[t].fighter.name
                ));
            }
            (Pick::Worse, false)
        } else {
            let class = f.fighter.shooter_for(weapon, area)?;
            let Some(band) = Band::of(gap) else {
                return Err(format!(
                    "{} is {gap:.1}{INCH} away: long range is up to {LONG_RANGE}\"",
                    self.fighters[t].fighter.name
                ));
            };
            let mode = if area {
                HeavyMode::Area
            } else {
                HeavyMode::ExtraWound
            };
            if area && class != super::rules::fighter::Shooter::Heavy {
                return Err("only a heavy shooter attacks an area".into());
            }
            // Ranger: "May attack any target within 15″ by rolling 2 dice and taking the
            // better result": with any shooter, at any band (a heavy shooter's area fire
            // keeps its medium range; docs/rules/one_stat.md, "The Ranger").
            let pick = if f.fighter.is(Specialisation::Ranger) && !area {
                Some(Pick::Better)
            } else {
                shooter_pick(class, band, mode)
            };
            let Some(pick) = pick else {
                return Err(format!(
                    "{} is at {} range ({gap:.1}\"): out of this shooter's reach",
                    self.fighters[t].fighter.name,
                    band.word()
                ));
            };
            (
                pick,
                class == super::rules::fighter::Shooter::Heavy && !area,
            )
        };
        let targets: Vec<usize> = if area {
            (0..self.fighters.len())
                .filter(|&k| {
                    k != i
                        && self.fighters[k].standing != Standing::Removed
                        && base_gap(
                            self.fighters[k].at,
                            self.fighters[k].base,
                            self.fighters[t].at,
                            self.fighters[t].base,
                        ) <= 2.0
                })
                .collect()
        } else {
            let hit = self.crowd_target(i, t, dice)?;
            if hit != t {
                self.events.push(format!(
                    "{} fires into a crowd: the roll picks {}",
                    self.fighters[i].fighter.name, self.fighters[hit].fighter.name
                ));
            }
            vec![hit]
        };
        for k in targets {
            let cover = self.in_cover(i, k);
            let (defender, note) = self.defender(k);
            self.events.extend(note);
            let r = attack(
                dice,
                &self.combatant(i),
                &defender,
                AttackKind::Ranged { pick, extra_wound },
                cover,
            )
            .map_err(|e| e.to_string())?;
            self.events.extend(r.lines.iter().cloned());
            self.take_wounds(k, r.wounds);
        }
        let a = self.active.as_mut().expect("active");
        a.acted = true;
        a.maniac = false;
        Ok(())
    }

    /// The fighters of other warbands fighter `i` stands in base contact with, close enough
    /// for melee, by index: none for one out of the game.
    pub fn engaged(&self, i: usize) -> Vec<usize> {
        let f = &self.fighters[i];
        (0..self.fighters.len())
            .filter(|&j| {
                let g = &self.fighters[j];
                g.player != f.player
                    && g.standing != Standing::Removed
                    && f.standing != Standing::Removed
                    && self.in_contact(i, j)
            })
            .collect()
    }

    /// The fighters a shot of `i` at `t` may strike, `t` first: `t` and every other fighter
    /// (but `i`) in base contact with him, a crowd the dice pick from where there is more than
    /// one (docs/rules/one_stat.md, "A crowd").
    pub fn crowd(&self, i: usize, t: usize) -> Vec<usize> {
        let mut crowd: Vec<usize> = vec![t];
        crowd.extend((0..self.fighters.len()).filter(|&k| {
            k != t
                && k != i
                && self.fighters[k].standing != Standing::Removed
                && self.in_contact(k, t)
        }));
        crowd
    }

    /// The fighter a shot at `t` strikes: `t`, or, where `t` is in a crowd (in base contact
    /// with other fighters), one of the crowd at random (docs/rules/one_stat.md, "A crowd").
    fn crowd_target(&self, i: usize, t: usize, dice: &mut Dice) -> Result<usize, String> {
        let crowd = self.crowd(i, t);
        if crowd.len() == 1 {
            return Ok(t);
        }
        let sides = [3u8, 4, 6, 8, 10, 12, 20]
            .into_iter()
            .find(|&s| usize::from(s) >= crowd.len())
            .unwrap_or(20);
        loop {
            let k = dice
                .roll(DiceExpr::d(sides), "into a crowd: who is hit")
                .map_err(|e| e.to_string())? as usize;
            if k <= crowd.len() {
                return Ok(crowd[k - 1]);
            }
        }
    }

    /// Applies `n` wounds to fighter `i` by its tier ("If a rookie receives a wound, he is
    /// removed"; "A Boss ignores the 1st wound he receives per turn").
    ///
    /// The Bounty (one-stat-skirmish.txt, "Solitaire Scenarios", Bounty): "Each time the Boss
    /// receives a wound, his die is reduced by 1 type (i.e. down to d10 after the first wound,
    /// and so on). The d6 is his final die." The mission's own rule for him comes before the
    /// Boss's ignored first wound: every wound drops his die (docs/rules/one_stat.md, "The
    /// Bounty's die").
    fn take_wounds(&mut self, i: usize, n: u32) {
        for _ in 0..n {
            let f = &self.fighters[i];
            if f.standing == Standing::Removed {
                return;
            }
            if let Some(sol) = &mut self.solitaire
                && let Some((b, wounds)) = &mut sol.bounty
                && *b == i
            {
                *wounds += 1;
                let name = f.fighter.name.clone();
                match bounty_die(*wounds) {
                    Some(d) => {
                        self.fighters[i].die = Some(d);
                        self.events
                            .push(format!("{name} is wounded: his die drops to a d{d}"));
                    }
                    None => {
                        self.fighters[i].standing = Standing::Removed;
                        self.events
                            .push(format!("{name} takes a wound on his d6: finished"));
                    }
                }
                continue;
            }
            let r = wound(
                f.fighter.tier,
                f.standing == Standing::Down,
                f.wound_ignored,
            );
            let name = f.fighter.name.clone();
            let f = &mut self.fighters[i];
            match r {
                WoundResult::Ignored => {
                    f.wound_ignored = true;
                    self.events
                        .push(format!("{name} ignores his first wound this turn"));
                }
                WoundResult::Down => {
                    f.wound_ignored = true;
                    f.standing = Standing::Down;
                    self.events.push(format!("{name} is wounded and lies down"));
                    self.struck_down(i);
                }
                WoundResult::Removed => {
                    f.standing = Standing::Removed;
                    self.events.push(if self.goal.is_action() {
                        format!("{name} is killed: he spawns again at the next phase")
                    } else {
                        format!("{name} is out of the game")
                    });
                    self.struck_down(i);
                }
            }
        }
    }

    /// "To recover, roll the fighter's die against his stat and add 1 for each friendly
    /// miniature in base to base contact. If the result is equal to or higher than his stat,
    /// the miniature is put back on its base" (both actions).
    fn recover(&mut self, dice: &mut Dice) -> Result<(), String> {
        let (i, a) = self.active()?;
        let f = &self.fighters[i];
        if f.standing != Standing::Down {
            return Err(format!("{} is not wounded", f.fighter.name));
        }
        if a.moved || a.acted {
            return Err("recover uses both actions".into());
        }
        // "each friendly miniature", lying wounded or not (docs/rules/one_stat.md, "Friends
        // in contact").
        let friends = (0..self.fighters.len())
            .filter(|&k| {
                k != i
                    && self.fighters[k].player == f.player
                    && self.fighters[k].standing != Standing::Removed
                    && self.in_contact(k, i)
            })
            .count() as i32;
        let r = roll(
            dice,
            f.die(),
            f.fighter.stat,
            Test::AtLeast,
            Pick::One,
            friends,
            &format!("{}: recover", f.fighter.name),
        )
        .map_err(|e| e.to_string())?;
        let name = f.fighter.name.clone();
        if r.passed {
            self.fighters[i].standing = Standing::Upright;
        }
        self.events.push(format!(
            "{name} tries to recover: {}{} against {}: {}",
            r.kept,
            if friends > 0 {
                format!(" +{friends}")
            } else {
                String::new()
            },
            self.fighters[i].fighter.stat,
            if r.passed {
                "back on his feet"
            } else {
                "still down"
            }
        ));
        let a = self.active.as_mut().expect("active");
        a.moved = true;
        a.acted = true;
        Ok(())
    }

    /// Healer: "Roll the fighter's stat or below to remove 1 wound from another fighter within
    /// 5″" (his other action; a fighter of his own warband, docs/rules/one_stat.md, "Healer").
    fn heal(&mut self, t: usize, dice: &mut Dice) -> Result<(), String> {
        let i = self.other_action()?;
        self.require(i, Specialisation::Healer)?;
        let f = &self.fighters[i];
        let tf = self.fighters.get(t).ok_or("no such fighter")?;
        if t == i || tf.player != f.player || tf.standing != Standing::Down {
            return Err(format!(
                "{} is not another wounded fighter of the warband",
                tf.fighter.name
            ));
        }
        let gap = base_gap(f.at, f.base, tf.at, tf.base);
        if gap > 5.0 {
            return Err(format!(
                "{} is {gap:.1}{INCH} away: the Healer tends \"another fighter within 5{INCH}\"",
                tf.fighter.name
            ));
        }
        let r = self.stat_test(i, Pick::One, &format!("heal {}", tf.fighter.name), dice)?;
        let (name, patient) = (f.fighter.name.clone(), tf.fighter.name.clone());
        if r.passed {
            self.fighters[t].standing = Standing::Upright;
        }
        self.events.push(format!(
            "{name} tends {patient}: {} against {}: {}",
            r.kept,
            self.fighters[i].fighter.stat,
            if r.passed {
                "a wound removed, back on his feet"
            } else {
                "no better"
            }
        ));
        self.active.as_mut().expect("active").acted = true;
        Ok(())
    }

    /// "The Boss ... may use his special skill "command" for his 2nd action to have any party
    /// member within 5″ perform any one action from the selection of "other actions"": a
    /// fighter of his warband standing upright, base to base within 5"; he performs the one
    /// action now and keeps his own activation (docs/rules/one_stat.md, "The Boss's command").
    fn command(&mut self, t: usize) -> Result<(), String> {
        let i = self.other_action()?;
        self.one_at_a_time()?;
        let boss = &self.fighters[i];
        if boss.fighter.tier != Tier::Boss {
            return Err(format!(
                "{} is no Boss: only the Boss commands (\"The Boss\")",
                boss.fighter.name
            ));
        }
        let f = self.fighters.get(t).ok_or("no such fighter")?;
        if t == i || f.player != boss.player || f.standing != Standing::Upright || f.wild {
            return Err(format!(
                "{} is not another fighter of the warband standing upright",
                f.fighter.name
            ));
        }
        let gap = base_gap(boss.at, boss.base, f.at, f.base);
        if gap > 5.0 {
            return Err(format!(
                "{} is {gap:.1}{INCH} away: the Boss commands \"any party member within 5{INCH}\"",
                f.fighter.name
            ));
        }
        self.events.push(format!(
            "{} commands {}: one action",
            boss.fighter.name, f.fighter.name
        ));
        let mut boss_turn = self.active.take().ok_or("activate a fighter first")?;
        boss_turn.acted = true;
        self.commanding = Some(boss_turn);
        // His one action: a move counts as it (a second move), nothing else follows.
        self.active = Some(Activation {
            moved: true,
            commanded: true,
            ..Activation::new(t)
        });
        Ok(())
    }

    /// Driver: "Roll below stat to immediately activate a Rookie within 10″. This does not
    /// count as the Rookie's regular activation but is an additional activation instead!"
    /// (at or below, docs/rules/one_stat.md, "Below stat"); the Driver's other action.
    fn drive(&mut self, r: usize, dice: &mut Dice) -> Result<(), String> {
        let i = self.other_action()?;
        self.require(i, Specialisation::Driver)?;
        self.one_at_a_time()?;
        let d = &self.fighters[i];
        let rf = self.fighters.get(r).ok_or("no such fighter")?;
        if rf.player != d.player
            || rf.fighter.tier != Tier::Rookie
            || rf.standing != Standing::Upright
            || rf.demon.is_some()
        {
            return Err(format!(
                "{} is not a Rookie of the warband",
                rf.fighter.name
            ));
        }
        let gap = base_gap(d.at, d.base, rf.at, rf.base);
        if gap > 10.0 {
            return Err(format!(
                "{} is {gap:.1}{INCH} away: the Driver activates \"a Rookie within 10{INCH}\"",
                rf.fighter.name
            ));
        }
        let r_name = rf.fighter.name.clone();
        let rolled = self.stat_test(i, Pick::One, &format!("drive {r_name}"), dice)?;
        let name = d.fighter.name.clone();
        let mut own = self.active.take().ok_or("activate a fighter first")?;
        own.acted = true;
        if !rolled.passed {
            self.active = Some(own);
            self.events.push(format!(
                "{name} rolls {} against {}: {r_name} stays put",
                rolled.kept, self.fighters[i].fighter.stat
            ));
            return Ok(());
        }
        self.events.push(format!(
            "{name} rolls {} against {}: {r_name} is activated at once, besides his own activation",
            rolled.kept, self.fighters[i].fighter.stat
        ));
        self.commanding = Some(own);
        self.active = Some(Activation::new(r));
        Ok(())
    }

    /// Assassin: "If one movement action brings him in base to base contact to a target
    /// fighter, the Assassin may ignore all kinds of terrain if he rolls equal to or below
    /// stat. If he fails the roll, he can still move regularly." A straight move up to his
    /// stat, ending in base contact with an enemy, on the table and on no other base.
    fn stalk(&mut self, to: Vec2, dice: &mut Dice) -> Result<(), String> {
        let (i, a) = self.active()?;
        self.must_stand(i)?;
        if a.moved {
            return Err("his movement action is spent: the Assassin stalks with it".into());
        }
        if a.stalked {
            return Err(
                "the Assassin has rolled to stalk this activation: \"If he fails the roll, he can still move regularly\"".into(),
            );
        }
        self.require(i, Specialisation::Assassin)?;
        let f = &self.fighters[i];
        let length = f.at.distance(to);
        let allowance = self.allowance(i);
        if length > allowance + 1e-3 {
            return Err(format!(
                "{} moves {length:.1}{INCH} of {allowance}{INCH}: \"A fighter can move anywhere within his stat in inches\"",
                f.fighter.name
            ));
        }
        if to.x < 0.0 || to.y < 0.0 || to.x > self.table.x || to.y > self.table.y {
            return Err("the move ends off the table".into());
        }
        let (me, base) = (f.player, f.base);
        let others = self
            .fighters
            .iter()
            .enumerate()
            .filter(|(k, o)| *k != i && o.standing != Standing::Removed);
        let mut target = None;
        for (k, o) in others {
            // Edge to edge, negative where the bases would overlap.
            let gap = to.distance(o.at) - base - o.base;
            if gap < -CONTACT {
                return Err(format!("{} stands there", o.fighter.name));
            }
            if gap <= CONTACT && o.player != me {
                target = Some(k);
            }
        }
        let Some(t) = target else {
            return Err(
                "the Assassin's move must bring him into base contact with an enemy".into(),
            );
        };
        let rolled = self.stat_test(i, Pick::One, "stalk", dice)?;
        let (name, prey) = (
            f.fighter.name.clone(),
            self.fighters[t].fighter.name.clone(),
        );
        self.active.as_mut().expect("active").stalked = true;
        if !rolled.passed {
            self.events.push(format!(
                "{name} rolls {} against {}: no way through, he may still move as usual",
                rolled.kept, self.fighters[i].fighter.stat
            ));
            return Ok(());
        }
        let from = self.fighters[i].at;
        self.fighters[i].at = to;
        self.fighters[i].on = None;
        let a = self.active.as_mut().expect("active");
        a.moved = true;
        a.steps.push((from, to));
        self.events.push(format!(
            "{name} rolls {}: he slips past every obstacle to {prey} ({length:.1}\")",
            rolled.kept
        ));
        Ok(())
    }

    fn end_activation(&mut self, dice: &mut Dice) -> Result<(), String> {
        if let Some(boss) = self.commanding.take() {
            self.active = Some(boss);
            return Ok(());
        }
        let (i, a) = self.active()?;
        let player = self.fighters[i].player;
        if !a.extra {
            self.fighters[i].activated = true;
            self.last_place = self.order.iter().position(|p| *p == Some(player));
        }
        self.active = None;
        if self.to_act().is_none() && self.result.is_none() {
            self.decide();
            self.end_of_phase();
            if self.result.is_none() {
                self.new_phase(dice)?;
            }
        }
        Ok(())
    }

    /// The players with a fighter in base to base contact with the KOTH token ("The first
    /// player to being the only player with at least 1 fighter in base to base contact to the
    /// token for 1 full turn wins", one-stat-skirmish.txt, "Szenarios", King Of The Hill): a
    /// fighter lying wounded on it is still in contact (docs/rules/one_stat.md, "King of the
    /// Hill").
    pub fn on_hill(&self) -> Vec<usize> {
        let Some(hill) = self.hill else {
            return Vec::new();
        };
        let mut out: Vec<usize> = self
            .fighters
            .iter()
            .filter(|f| {
                // "cannot ... hold a KOTH token in animal shape!"
                f.standing != Standing::Removed
                    && !f.animal
                    && base_gap(f.at, f.base, hill, HILL_TOKEN) <= CONTACT
            })
            .map(|f| f.player)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// King of the Hill, after every command: the player alone on the hill, kept while he
    /// stays so, started again when that changes (docs/rules/one_stat.md, "King of the Hill").
    fn watch_hill(&mut self) {
        if self.goal != Goal::KingOfTheHill {
            return;
        }
        let alone = match self.on_hill()[..] {
            [p] => Some(p),
            _ => None,
        };
        if self.holder.map(|h| h.0) != alone {
            self.holder = alone.map(|p| (p, false));
            if let Some(p) = alone {
                self.events.push(format!(
                    "the hill is held alone by {}",
                    self.players[p].name
                ));
            }
        }
    }

    /// The end of a phase: King of the Hill's full turn held, and the turn limit
    /// (docs/rules/one_stat.md, `King of the Hill` and `The turn limit`).
    fn end_of_phase(&mut self) {
        self.tokens_end_of_turn();
        self.mission_end_of_turn();
        if self.result.is_some() {
            return;
        }
        if let Some((p, through)) = self.holder {
            if through {
                self.result = Some(GameResult {
                    winner: Some(p),
                    reason: format!(
                        "{} alone held the hill for a full turn",
                        self.players[p].name
                    ),
                    decided_by: "King of the Hill".into(),
                });
                return;
            }
            self.holder = Some((p, true));
        }
        if self.turn_limit.is_some_and(|l| self.phase >= l) {
            self.result = Some(if self.solitaire.is_some() {
                GameResult {
                    winner: Some(1),
                    reason: format!(
                        "after turn {}, the {} mission is not done: {} have failed",
                        self.phase,
                        self.goal.word(),
                        self.players[0].name
                    ),
                    decided_by: "the turn limit".into(),
                }
            } else {
                self.at_the_limit()
            });
        }
    }

    /// The result when the turn limit ends the game: the warband with the most fighters
    /// left wins, a tie is a draw (docs/rules/one_stat.md, "The turn limit").
    fn at_the_limit(&self) -> GameResult {
        let action = self.goal.is_action();
        let left: Vec<usize> = (0..self.players.len())
            .map(|p| {
                if action {
                    return self.score.get(p).copied().unwrap_or(0) as usize;
                }
                self.fighters
                    .iter()
                    .filter(|f| {
                        f.player == p && f.standing != Standing::Removed && f.demon.is_none()
                    })
                    .count()
            })
            .collect();
        let what = if action {
            "Victory Points"
        } else {
            "fighters left"
        };
        let most = left.iter().copied().max().unwrap_or(0);
        let top: Vec<usize> = (0..left.len()).filter(|&p| left[p] == most).collect();
        let decided_by = "the turn limit".to_string();
        match top[..] {
            [p] => GameResult {
                winner: Some(p),
                reason: format!(
                    "after phase {}, {} has the most {what} ({most})",
                    self.phase, self.players[p].name
                ),
                decided_by,
            },
            _ => GameResult {
                winner: None,
                reason: format!(
                    "after phase {}, a draw: {} have {most} {what} each",
                    self.phase,
                    top.iter()
                        .map(|&p| self.players[p].name.as_str())
                        .collect::<Vec<_>>()
                        .join(" and ")
                ),
                decided_by,
            },
        }
    }

    /// Last Man Standing: "fight, until there is only 1 warband left"; solitaire: the
    /// player's warband lost, or the Bounty finished ("Go and finish him!").
    fn decide(&mut self) {
        if let Some(sol) = &self.solitaire {
            if self.result.is_some() || matches!(self.stage, Stage::Mustering(_)) {
                return;
            }
            if !self.has_fighters(0) {
                self.result = Some(GameResult {
                    winner: Some(1),
                    reason: format!("{} have nobody left", self.players[0].name),
                    decided_by: "the player's warband lost".into(),
                });
            } else if let Some((b, _)) = sol.bounty
                && self.fighters[b].standing == Standing::Removed
            {
                self.result = Some(GameResult {
                    winner: Some(0),
                    reason: match self.fighters[b].fighter.name.as_str() {
                        n if n.eq_ignore_ascii_case("the bounty") => {
                            format!("{} finished the Bounty", self.players[0].name)
                        }
                        n => format!("{} finished the Bounty, {n}", self.players[0].name),
                    },
                    decided_by: "the Bounty finished".into(),
                });
            }
            self.decide_mission();
            return;
        }
        // Action scenarios: the killed spawn again; only Victory Points decide.
        if self.goal.is_action() {
            return;
        }
        let left: Vec<usize> = (0..self.players.len())
            .filter(|&p| self.has_fighters(p))
            .collect();
        if left.len() <= 1 && self.result.is_none() {
            self.result = Some(GameResult {
                winner: left.first().copied(),
                reason: left.first().map_or("no warband is left".into(), |&p| {
                    format!("{} is the last warband standing", self.players[p].name)
                }),
                decided_by: "the last warband standing".into(),
            });
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
