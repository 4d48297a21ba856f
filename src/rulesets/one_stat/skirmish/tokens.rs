//! Tokens on the table and what fighters do with them: the treasure, the flags and the bomb
//! carried and dropped, the Trigger Device's stack worked, Victory Points scored, and the
//! Action scenarios' automatic recovery and respawn (one-stat-skirmish.txt, "Szenarios",
//! "Action Szenarios").

use glam::Vec2;
use serde::{Deserialize, Serialize};

use super::super::rules::fighter::Specialisation;
use super::super::rules::objectives::{Bomb, Device};
use super::super::rules::roll::Pick;
use super::super::rules::scenario::{DeviceEffect, Goal, START_AREA, start_places_at};
use super::super::rules::solitaire::Happening;
use super::{Activation, CONTACT, Skirmish, Standing};
use crate::engine::state::GameResult;
use crate::rules::dice::Dice;
use crate::rules::geometry::base_gap;

/// A token's radius, inches: a counter an inch across.
pub const TOKEN: f32 = 0.5;

/// Victory Points that win an Action scenario ("First Team with 2VP wins").
pub const VICTORY: u32 = 2;

/// The blast of a detonating bomb, inches ("kills the carrier and all other fighters within
/// 2″").
pub const BLAST: f32 = 2.0;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TokenKind {
    /// Treasure Hunt's treasure, or one of Collect's six.
    Treasure,
    /// Capture the Flag: the flag of the player with this index.
    Flag(usize),
    /// The Bombing Run's bomb and the face it shows.
    Bomb(Bomb),
    /// Investigate: a clue.
    Clue,
    /// Investigate: the doom device the clues lead to.
    Doom,
    /// Rescue: the hostage.
    Hostage,
    /// Investigate: the Mars Rover the clues lead to, to reactivate.
    Rover,
    /// Investigate: the robbers' hideout the clues lead to.
    Hideout,
}

/// A token on the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it lies, inches (while carried: where it was picked up).
    pub at: Vec2,
    /// Where it goes back to after it scores or detonates, inches.
    pub home: Vec2,
    /// The fighter carrying it (index).
    pub carrier: Option<usize>,
}

impl Token {
    /// A token of `kind` lying at its `home`.
    pub fn new(kind: TokenKind, home: Vec2) -> Self {
        Token {
            kind,
            at: home,
            home,
            carrier: None,
        }
    }
}

/// The Trigger Device on the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TriggerDevice {
    /// Its place, inches (the table's centre).
    pub at: Vec2,
    /// The stack of tokens.
    pub stack: Device,
    /// The player adding tokens, and what it does for him at 6.
    pub adding: (usize, DeviceEffect),
    /// The player removing tokens, and what it does for him at 0.
    pub removing: (usize, DeviceEffect),
    /// The player it has worked for: it works once.
    pub worked: Option<usize>,
}

/// A device a fighter manipulates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeviceId {
    /// The Trigger Device's stack.
    Trigger,
    /// Shutdown: spawn point k (from 0).
    SpawnPoint(usize),
    /// Investigate: the doom device.
    Doom,
    /// Investigate: the Mars Rover.
    Rover,
}

impl TokenKind {
    /// In words, with the player names `players` for a flag.
    pub fn word(&self, players: &[super::Player]) -> String {
        match self {
            TokenKind::Treasure => "the treasure".into(),
            TokenKind::Flag(p) => format!(
                "{} flag",
                super::possessive(players.get(*p).map_or("a player", |x| x.name.as_str()))
            ),
            TokenKind::Bomb(b) => format!("the bomb (showing {})", b.face),
            TokenKind::Clue => "a clue".into(),
            TokenKind::Doom => "the doom device".into(),
            TokenKind::Hostage => "the hostage".into(),
            TokenKind::Rover => "the Mars Rover".into(),
            TokenKind::Hideout => "the robbers' hideout".into(),
        }
    }
}

impl Skirmish {
    /// Where token `k` is now: with its carrier, or where it lies, inches.
    pub fn token_at(&self, k: usize) -> Vec2 {
        let t = &self.tokens[k];
        t.carrier.map_or(t.at, |c| self.fighters[c].at)
    }

    /// Whether fighter `i`'s base touches a token at `at` (or lies over it).
    pub fn touches(&self, i: usize, at: Vec2) -> bool {
        let f = &self.fighters[i];
        base_gap(f.at, f.base, at, TOKEN) <= CONTACT
    }

    /// Whether `at` lies in player `p`'s starting area ("within 5″ of a corner").
    pub fn in_start_area(&self, at: Vec2, p: usize) -> bool {
        at.distance(self.players[p].corner) <= START_AREA
    }

    /// The token fighter `i` carries, if any.
    pub fn carried_by(&self, i: usize) -> Option<usize> {
        self.tokens.iter().position(|t| t.carrier == Some(i))
    }

    /// "1 action to pick up the treasure" (the flag, the bomb): the active fighter's other
    /// action, upright, his base touching token `k`, carrying nothing else and not in animal
    /// shape ("cannot carry treasures ... in animal shape!"). A clue or one of Collect's
    /// treasures is taken off the table; a player's own flag lying out goes back to its
    /// corner (docs/rules/one_stat.md, "Capture the Flag").
    ///
    /// Errors: no such token, not touching, carrying already, an animal, a token that is not
    /// picked up (the doom device, the hostage), his own flag at home.
    pub(super) fn pick_up(&mut self, k: usize, dice: &mut Dice) -> Result<(), String> {
        let i = self.other_action()?;
        let token = self.tokens.get(k).ok_or("no such token")?.clone();
        let f = &self.fighters[i];
        let name = f.fighter.name.clone();
        let what = token.kind.word(&self.players);
        if f.animal {
            return Err(format!(
                "{name} is in animal shape: he \"cannot carry treasures\""
            ));
        }
        if token.carrier.is_some() {
            return Err(format!("{what} is carried already"));
        }
        let returning = token.kind == TokenKind::Flag(f.player);
        if self.carried_by(i).is_some() && !returning {
            return Err(format!("{name} carries a token already"));
        }
        if !self.touches(i, token.at) {
            return Err(format!("{name}'s base must touch {what} to pick it up"));
        }
        match token.kind {
            TokenKind::Doom | TokenKind::Hostage | TokenKind::Rover | TokenKind::Hideout => {
                return Err(format!("{what} is not picked up"));
            }
            TokenKind::Flag(p) if p == f.player => {
                if token.at == token.home {
                    return Err(format!("{what} is at home in its corner"));
                }
                self.tokens[k].at = token.home;
                self.events
                    .push(format!("{name} takes his own flag back to its corner"));
            }
            TokenKind::Clue => {
                self.tokens.remove(k);
                self.events.push(format!("{name} finds a clue"));
                self.clue_found(dice)?;
            }
            TokenKind::Treasure if self.goal == Goal::Collect => {
                self.tokens.remove(k);
                if let Some(sol) = &mut self.solitaire {
                    sol.collected += 1;
                }
                let left = self
                    .tokens
                    .iter()
                    .filter(|t| t.kind == TokenKind::Treasure)
                    .count();
                self.events
                    .push(format!("{name} collects a treasure: {left} left"));
            }
            TokenKind::Bomb(mut b) => {
                b.armed = true;
                let t = &mut self.tokens[k];
                t.kind = TokenKind::Bomb(b);
                t.carrier = Some(i);
                self.events.push(format!(
                    "{name} picks up the bomb: it counts down from {} at the end of each turn",
                    b.face
                ));
            }
            _ => {
                self.tokens[k].carrier = Some(i);
                self.events.push(format!("{name} picks up {what}"));
            }
        }
        self.active.as_mut().expect("active").acted = true;
        Ok(())
    }

    /// "1 wound to let it drop in place": fighter `i` drops what he carries where he stands.
    pub(super) fn drop_tokens(&mut self, i: usize) {
        let at = self.fighters[i].at;
        for k in 0..self.tokens.len() {
            if self.tokens[k].carrier == Some(i) {
                self.tokens[k].carrier = None;
                self.tokens[k].at = at;
                let what = self.tokens[k].kind.word(&self.players);
                self.events
                    .push(format!("{} drops {what}", self.fighters[i].fighter.name));
            }
        }
    }

    /// After every command: a carried token that has come where it scores. "Whoever carries
    /// the token back to the starting area wins" (Treasure Hunt); "Whoever carries the flag
    /// back to his starting area scores a Victory Point"; "Whoever carries the bomb into the
    /// opposing starting area, detonates the bomb and scores a Victory Point"; "First team
    /// with 2VP wins".
    pub(super) fn watch_tokens(&mut self) {
        for k in 0..self.tokens.len() {
            let Some(c) = self.tokens[k].carrier else {
                continue;
            };
            let (p, at) = (self.fighters[c].player, self.fighters[c].at);
            let name = self.fighters[c].fighter.name.clone();
            match self.tokens[k].kind {
                TokenKind::Treasure if self.in_start_area(at, p) && self.result.is_none() => {
                    self.result = Some(GameResult {
                        winner: Some(p),
                        reason: format!(
                            "{name} carries the treasure back to {} starting area",
                            super::possessive(&self.players[p].name)
                        ),
                        decided_by: "Treasure Hunt".into(),
                    });
                }
                TokenKind::Flag(owner) if owner != p && self.in_start_area(at, p) => {
                    let t = &mut self.tokens[k];
                    t.carrier = None;
                    t.at = t.home;
                    self.score_point(p, format!("{name} carries the flag home"));
                }
                TokenKind::Bomb(_)
                    if (0..self.players.len()).any(|q| q != p && self.in_start_area(at, q)) =>
                {
                    self.score_point(
                        p,
                        format!("{name} carries the bomb into the opposing starting area"),
                    );
                    self.detonate(k);
                }
                _ => {}
            }
        }
    }

    /// A Victory Point for player `p`, `how`; the second wins.
    fn score_point(&mut self, p: usize, how: String) {
        if self.score.len() < self.players.len() {
            self.score.resize(self.players.len(), 0);
        }
        self.score[p] += 1;
        self.events.push(format!(
            "{how}: a Victory Point for {} ({})",
            self.players[p].name, self.score[p]
        ));
        if self.score[p] >= VICTORY && self.result.is_none() {
            self.result = Some(GameResult {
                winner: Some(p),
                reason: format!("{} scores {VICTORY} Victory Points", self.players[p].name),
                decided_by: format!("{} (\"First Team with 2VP wins\")", self.goal.word()),
            });
        }
    }

    /// "A detonating bomb kills the carrier and all other fighters within 2″": token `k`
    /// (the bomb) goes off where it is, then back to the centre showing 8
    /// (docs/rules/one_stat.md, "The bomb").
    fn detonate(&mut self, k: usize) {
        let at = self.token_at(k);
        let carrier = self.tokens[k].carrier.take();
        self.events
            .push("the bomb detonates: everyone within 2\" is killed".into());
        for i in 0..self.fighters.len() {
            let f = &self.fighters[i];
            if f.standing != Standing::Removed
                && (carrier == Some(i) || base_gap(f.at, f.base, at, 0.0) <= BLAST)
            {
                self.fighters[i].standing = Standing::Removed;
                let name = self.fighters[i].fighter.name.clone();
                self.events.push(format!("{name} is killed by the blast"));
                self.struck_down(i);
            }
        }
        let t = &mut self.tokens[k];
        t.at = t.home;
        t.kind = TokenKind::Bomb(Bomb::default());
        self.events
            .push("a new bomb lies in the centre, showing 8".into());
    }

    /// The end of a turn for the tokens: "If the bomb is picked up, reduce ist face at the end
    /// of a turn by 1. Whenever the bomb's face drops below 1, the bomb detonates."
    pub(super) fn tokens_end_of_turn(&mut self) {
        for k in 0..self.tokens.len() {
            if let TokenKind::Bomb(mut b) = self.tokens[k].kind {
                let boom = b.end_of_turn();
                self.tokens[k].kind = TokenKind::Bomb(b);
                if boom {
                    self.detonate(k);
                } else if b.armed {
                    self.events
                        .push(format!("the bomb counts down to {}", b.face));
                }
            }
        }
    }

    /// Action scenarios: "A killed fighter spawns at the beginning of a player's turn in his
    /// starting area" (each phase's beginning, docs/rules/one_stat.md, "Respawn"): upright, at
    /// the free places nearest his corner.
    pub(super) fn respawn(&mut self) {
        for i in 0..self.fighters.len() {
            if self.fighters[i].standing != Standing::Removed || self.fighters[i].demon.is_some() {
                continue;
            }
            let p = self.fighters[i].player;
            if let Some(at) = self.free_start_place(p) {
                let f = &mut self.fighters[i];
                f.at = at;
                f.standing = Standing::Upright;
                f.animal = false;
                f.on = None;
                self.events.push(format!(
                    "{} spawns again in {} starting area",
                    f.fighter.name,
                    super::possessive(&self.players[p].name)
                ));
            }
        }
    }

    /// The first place in player `p`'s starting area no other fighter stands on.
    pub(super) fn free_start_place(&self, p: usize) -> Option<Vec2> {
        start_places_at(
            self.players[p].corner,
            // Room for every fighter on the table, and never fewer than a corner holds, so
            // a small warband's places are those it always had.
            (super::super::rules::scenario::MOST_IN_CORNER).max(self.fighters.len() + 1),
            super::super::rules::scenario::StartLayout::Packed,
        )
        .into_iter()
        .find(|at| {
            self.fighters
                .iter()
                .all(|o| o.standing == Standing::Removed || o.at.distance(*at) >= o.base * 2.0)
                && self
                    .tokens
                    .iter()
                    .all(|t| t.carrier.is_some() || t.at.distance(*at) >= TOKEN * 2.0)
        })
    }

    /// "To manipulate a device, a fighter needs to roll below his stat" (at or under it,
    /// docs/rules/one_stat.md, "Below stat"); "Wehen manipulating devices on the battlefield,
    /// the Engineer may roll 2 dice and use the better result." The active fighter's other
    /// action, upright, his base touching `device`, not in animal shape.
    ///
    /// Investigate's Mars Rover is such a device ("you are tasked with reactivating it": the
    /// same roll, docs/rules/one_stat.md, "Investigate").
    ///
    /// Errors: no such device, not touching it, an animal, the wrong player for the Trigger
    /// Device, a device already worked, shut down, stopped or reactivated.
    pub(super) fn manipulate(&mut self, device: DeviceId, dice: &mut Dice) -> Result<(), String> {
        let i = self.other_action()?;
        let f = &self.fighters[i];
        let (name, p) = (f.fighter.name.clone(), f.player);
        if f.animal {
            return Err(format!("{name} is in animal shape: paws work no devices"));
        }
        let at = match device {
            DeviceId::Trigger => {
                let d = self.device.as_ref().ok_or("there is no Trigger Device")?;
                if d.worked.is_some() {
                    return Err("the device has worked".into());
                }
                if d.adding.0 != p && d.removing.0 != p {
                    return Err(format!(
                        "{} neither adds nor removes tokens (\"Players agree, who moves the stack in which direction\")",
                        self.players[p].name
                    ));
                }
                d.at
            }
            DeviceId::SpawnPoint(k) => {
                let sol = self.solitaire.as_ref().ok_or("there are no spawn points")?;
                if self.goal != Goal::Shutdown {
                    return Err("spawn points are devices only in Shutdown".into());
                }
                let at = *sol.spawn_points.get(k).ok_or("no such spawn point")?;
                if sol.shut.get(k).copied().unwrap_or(false) {
                    return Err(format!("spawn point {} is shut down", k + 1));
                }
                at
            }
            DeviceId::Doom => {
                let k = self
                    .tokens
                    .iter()
                    .position(|t| t.kind == TokenKind::Doom)
                    .ok_or("the doom device is not found yet, or stopped")?;
                self.tokens[k].at
            }
            DeviceId::Rover => {
                let k = self
                    .tokens
                    .iter()
                    .position(|t| t.kind == TokenKind::Rover)
                    .ok_or("the Mars Rover is not found yet, or reactivated")?;
                self.tokens[k].at
            }
        };
        if !self.touches(i, at) {
            return Err(format!("{name}'s base must touch the device"));
        }
        let f = &self.fighters[i];
        let pick = if f.fighter.is(Specialisation::Engineer) {
            Pick::Better
        } else {
            Pick::One
        };
        let r = self.stat_test(i, pick, "manipulate the device", dice)?;
        self.active.as_mut().expect("active").acted = true;
        let stat = self.fighters[i].fighter.stat;
        if !r.passed {
            self.events.push(format!(
                "{name} rolls {} against {stat}: the device does not give",
                r.shown()
            ));
            return Ok(());
        }
        match device {
            DeviceId::Trigger => {
                let d = self.device.as_mut().expect("checked");
                let adding = d.adding.0 == p;
                let reached = d.stack.manipulate(adding);
                let tokens = d.stack.tokens;
                self.events.push(format!(
                    "{name} rolls {}: he {} a token, {tokens} on the stack",
                    r.shown(),
                    if adding { "adds" } else { "removes" }
                ));
                if reached.is_some() {
                    let effect = if adding {
                        d.adding.1.clone()
                    } else {
                        d.removing.1.clone()
                    };
                    d.worked = Some(p);
                    self.device_works(p, &effect, i);
                }
            }
            DeviceId::SpawnPoint(k) => {
                if let Some(sol) = &mut self.solitaire {
                    sol.shut.resize(sol.spawn_points.len(), false);
                    sol.shut[k] = true;
                }
                self.events.push(format!(
                    "{name} rolls {}: spawn point {} is shut down",
                    r.shown(),
                    k + 1
                ));
            }
            DeviceId::Doom => {
                self.events.push(format!(
                    "{name} rolls {}: the doom device is stopped",
                    r.shown()
                ));
                if self.investigation_open(Some(Happening::Doom)) {
                    // More the clues led to: it stops ticking and goes.
                    self.tokens.retain(|t| t.kind != TokenKind::Doom);
                    if let Some(sol) = &mut self.solitaire {
                        sol.doom = None;
                    }
                } else {
                    self.result = Some(GameResult {
                        winner: Some(0),
                        reason: format!("{name} stops the doom device in time"),
                        decided_by: "Investigate".into(),
                    });
                }
            }
            DeviceId::Rover => {
                self.tokens.retain(|t| t.kind != TokenKind::Rover);
                self.events.push(format!(
                    "{name} rolls {}: the Mars Rover is reactivated",
                    r.shown()
                ));
            }
        }
        Ok(())
    }

    /// The device "works in favour of the player having reached "his" goal": `effect` for
    /// player `p`, fighter `worker` having worked it.
    fn device_works(&mut self, p: usize, effect: &DeviceEffect, worker: usize) {
        let who = self.players[p].name.clone();
        self.events
            .push(format!("the device works for {who}: it {}", effect.word()));
        match effect {
            DeviceEffect::OpenGate(id) => {
                std::sync::Arc::make_mut(&mut self.terrain).retain(|t| &t.id != id);
                self.heights.retain(|(k, _)| k != id);
                for f in &mut self.fighters {
                    if f.on.as_ref() == Some(id) {
                        f.on = None;
                    }
                }
            }
            DeviceEffect::Activate => self.extra = Some(p),
            DeviceEffect::Resurrect => {
                let mut gone: Vec<usize> = (0..self.fighters.len())
                    .filter(|&i| {
                        self.fighters[i].player == p
                            && self.fighters[i].standing == Standing::Removed
                            && self.fighters[i].demon.is_none()
                    })
                    .collect();
                gone.sort_by_key(|&i| std::cmp::Reverse(self.fighters[i].fighter.tier));
                match (gone.first(), self.free_start_place(p)) {
                    (Some(&i), Some(at)) => {
                        let f = &mut self.fighters[i];
                        f.at = at;
                        f.standing = Standing::Upright;
                        f.activated = true;
                        f.on = None;
                        f.animal = false;
                        f.wound_ignored = false;
                        self.events.push(format!(
                            "{} stands again in {} starting area",
                            f.fighter.name,
                            super::possessive(&who)
                        ));
                    }
                    _ => self
                        .events
                        .push(format!("{who} has nobody out of the game to resurrect")),
                }
            }
            DeviceEffect::Win => {
                self.result = Some(GameResult {
                    winner: Some(p),
                    reason: format!("the Trigger Device works for {who}"),
                    decided_by: "the Trigger Device".into(),
                });
            }
            DeviceEffect::Reroll => self.gain_reroll(p),
            DeviceEffect::AttackFighter => self.owe_device_attack(p, false, worker),
            DeviceEffect::AttackArea => self.owe_device_attack(p, true, worker),
        }
    }

    /// Action scenarios: "A wounded fighter recovers automatically on his activation, but
    /// cannot do anything else": fighter `i`'s activation `a`, both actions spent if he lay
    /// wounded.
    pub(super) fn auto_recover(&mut self, i: usize, a: &mut Activation) {
        if self.goal.is_action() && self.fighters[i].standing == Standing::Down {
            self.fighters[i].standing = Standing::Upright;
            a.moved = true;
            a.acted = true;
            self.events.push(format!(
                "{} recovers on his activation, and can do nothing else",
                self.fighters[i].fighter.name
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::super::super::rules::fighter::Specialisation;
    use super::super::super::rules::scenario::{DeviceEffect, Goal};
    use super::super::tests::{activate, game, ok, refused};
    use super::super::{Command, Skirmish, Standing};
    use super::*;
    use crate::rules::dice::Dice;

    /// The test game with `goal` and `tokens`, Kara (fighter 0, stat 5) moved to `kara`.
    fn with(goal: Goal, tokens: Vec<Token>, kara: (f32, f32)) -> (Skirmish, Dice) {
        let (mut s, dice) = game(vec![]);
        s.goal = goal;
        s.tokens = tokens;
        s.score = vec![0, 0];
        s.fighters[0].at = Vec2::new(kara.0, kara.1);
        (s, dice)
    }

    #[test]
    fn the_treasure_is_picked_up_with_an_action_dropped_at_a_wound_and_carried_home_to_win() {
        let treasure = Token::new(TokenKind::Treasure, Vec2::new(5.0, 6.0));
        let (mut s, mut dice) = with(Goal::TreasureHunt, vec![treasure], (5.0, 5.0));
        activate(&mut s, &mut dice, 0);
        // Rook (fighter 1) stands far from it.
        s.fighters[0].at = Vec2::new(5.0, 4.0);
        assert!(
            refused(&mut s, 0, Command::PickUp { token: 0 }, &mut dice)
                .contains("must touch the treasure")
        );
        s.fighters[0].at = Vec2::new(5.0, 5.0);
        ok(&mut s, 0, Command::PickUp { token: 0 }, &mut dice);
        assert_eq!(s.tokens[0].carrier, Some(0));
        assert!(s.active.as_ref().unwrap().acted, "1 action to pick up");
        // Carried, it goes with her; a wound drops it where she lies.
        let mut hurt = s.clone();
        hurt.take_wounds(0, 1);
        assert_eq!(hurt.fighters[0].standing, Standing::Down);
        assert_eq!(
            (hurt.tokens[0].carrier, hurt.tokens[0].at),
            (None, Vec2::new(5.0, 5.0))
        );
        // Back into her starting area (within 5" of her corner): the Hunters win.
        ok(
            &mut s,
            0,
            Command::Move {
                path: vec![Vec2::new(2.0, 2.0)],
            },
            &mut dice,
        );
        assert_eq!(s.token_at(0), Vec2::new(2.0, 2.0));
        let r = s.result.clone().expect("won");
        assert_eq!(r.winner, Some(0));
        assert!(
            r.reason.contains("carries the treasure back"),
            "{}",
            r.reason
        );
    }

    #[test]
    fn the_bomb_counts_down_once_picked_up_and_blasts_everyone_within_2_inches() {
        let bomb = Token::new(TokenKind::Bomb(Bomb::default()), Vec2::new(18.0, 18.0));
        let (mut s, mut dice) = with(Goal::BombingRun, vec![bomb], (18.0, 17.0));
        // Thug (fighter 2) 1.5" from her, the Boss (3) far.
        s.fighters[2].at = Vec2::new(19.0, 15.0);
        activate(&mut s, &mut dice, 0);
        ok(&mut s, 0, Command::PickUp { token: 0 }, &mut dice);
        let TokenKind::Bomb(b) = s.tokens[0].kind else {
            panic!("a bomb")
        };
        assert!(b.armed && b.face == 8);
        for _ in 0..7 {
            s.tokens_end_of_turn();
        }
        assert_eq!(
            s.tokens[0].kind,
            TokenKind::Bomb(Bomb {
                face: 1,
                armed: true
            })
        );
        assert_eq!(s.fighters[0].standing, Standing::Upright);
        s.tokens_end_of_turn();
        // Below 1: it detonates, killing the carrier and Thug within 2"; the Boss lives.
        let states: Vec<Standing> = s.fighters.iter().map(|f| f.standing).collect();
        assert_eq!(
            states,
            [
                Standing::Removed,
                Standing::Upright,
                Standing::Removed,
                Standing::Upright
            ]
        );
        assert_eq!(
            (s.tokens[0].carrier, s.tokens[0].at, s.tokens[0].kind),
            (
                None,
                Vec2::new(18.0, 18.0),
                TokenKind::Bomb(Bomb::default())
            )
        );
        assert_eq!(
            s.score,
            [0, 0],
            "a bomb going off on the way scores nothing"
        );
        // "A killed fighter spawns at the beginning of a player's turn in his starting area".
        s.respawn();
        assert_eq!(s.fighters[0].standing, Standing::Upright);
        assert!(s.in_start_area(s.fighters[0].at, 0));
        assert!(s.in_start_area(s.fighters[2].at, 1));
        assert!(
            s.result.is_none(),
            "nobody is out for good in an Action scenario"
        );
    }

    #[test]
    fn the_bomb_carried_into_the_opposing_starting_area_scores_and_two_points_win() {
        let bomb = Token::new(TokenKind::Bomb(Bomb::default()), Vec2::new(18.0, 18.0));
        let (mut s, mut dice) = with(Goal::BombingRun, vec![bomb], (29.0, 29.0));
        s.tokens[0].carrier = Some(0);
        activate(&mut s, &mut dice, 0);
        ok(
            &mut s,
            0,
            Command::Move {
                path: vec![Vec2::new(32.5, 32.5)],
            },
            &mut dice,
        );
        assert_eq!(s.score, [1, 0]);
        assert_eq!(
            s.fighters[0].standing,
            Standing::Removed,
            "it kills the carrier"
        );
        assert_eq!(s.tokens[0].at, Vec2::new(18.0, 18.0), "back in the centre");
        assert!(s.result.is_none());
        // The second point wins.
        s.tokens[0].carrier = Some(1);
        s.fighters[1].at = Vec2::new(33.0, 33.0);
        s.watch_tokens();
        assert_eq!(s.score, [2, 0]);
        assert_eq!(s.result.clone().expect("won").winner, Some(0));
    }

    #[test]
    fn a_flag_is_carried_to_the_home_area_to_score_and_a_dropped_own_flag_is_sent_home() {
        let home = Vec2::new(35.5, 35.5);
        let flags = vec![
            Token::new(TokenKind::Flag(0), Vec2::new(0.5, 0.5)),
            Token::new(TokenKind::Flag(1), home),
        ];
        let (mut s, mut dice) = with(Goal::CaptureTheFlag, flags, (34.5, 35.5));
        activate(&mut s, &mut dice, 0);
        ok(&mut s, 0, Command::PickUp { token: 1 }, &mut dice);
        ok(
            &mut s,
            0,
            Command::Move {
                path: vec![Vec2::new(30.5, 33.5)],
            },
            &mut dice,
        );
        // A wound drops it where she stands.
        s.take_wounds(0, 1);
        assert_eq!(
            (s.tokens[1].carrier, s.tokens[1].at),
            (None, Vec2::new(30.5, 33.5))
        );
        // The Gang's Boss (fighter 3) touches his own flag lying out: it goes home.
        s.active = None;
        s.fighters[3].at = Vec2::new(31.5, 33.5);
        s.active = Some(super::super::Activation::new(3));
        ok(&mut s, 1, Command::PickUp { token: 1 }, &mut dice);
        assert_eq!((s.tokens[1].carrier, s.tokens[1].at), (None, home));
        // Own flag at home: nothing to pick up.
        s.active = Some(super::super::Activation::new(3));
        s.fighters[3].at = Vec2::new(34.5, 35.5);
        assert!(refused(&mut s, 1, Command::PickUp { token: 1 }, &mut dice).contains("at home"));
        // Rook carries the Gang's flag into the Hunters' area: a point, the flag home.
        s.tokens[1].carrier = Some(1);
        s.fighters[1].at = Vec2::new(3.0, 3.0);
        s.watch_tokens();
        assert_eq!(s.score, [1, 0]);
        assert_eq!((s.tokens[1].carrier, s.tokens[1].at), (None, home));
    }

    #[test]
    fn the_trigger_device_moves_by_a_roll_under_the_stat_and_works_once_at_0_or_6() {
        let (mut s, mut dice) = with(Goal::LastManStanding, vec![], (18.0, 17.0));
        s.device = Some(TriggerDevice {
            at: Vec2::new(18.0, 18.0),
            stack: Device::default(),
            adding: (0, DeviceEffect::Resurrect),
            removing: (1, DeviceEffect::Win),
            worked: None,
        });
        // Rook is out of the game.
        s.fighters[1].standing = Standing::Removed;
        activate(&mut s, &mut dice, 0);
        // Kara, an Engineer, rolls two dice and keeps the better: 7 and 4 against 5.
        assert!(s.fighters[0].fighter.is(Specialisation::Engineer));
        dice.push_forced([7, 4]);
        ok(
            &mut s,
            0,
            Command::Manipulate {
                device: DeviceId::Trigger,
            },
            &mut dice,
        );
        assert_eq!(
            s.device.as_ref().unwrap().stack.tokens,
            4,
            "the Hunters add"
        );
        // Two more: the sixth token, and the device resurrects Rook in the Hunters' corner.
        for _ in 0..2 {
            s.active.as_mut().unwrap().acted = false;
            dice.push_forced([5, 8]);
            ok(
                &mut s,
                0,
                Command::Manipulate {
                    device: DeviceId::Trigger,
                },
                &mut dice,
            );
        }
        let d = s.device.clone().unwrap();
        assert_eq!((d.stack.tokens, d.worked), (6, Some(0)));
        assert_eq!(s.fighters[1].standing, Standing::Upright);
        assert!(s.in_start_area(s.fighters[1].at, 0));
        s.active.as_mut().unwrap().acted = false;
        assert!(
            refused(
                &mut s,
                0,
                Command::Manipulate {
                    device: DeviceId::Trigger
                },
                &mut dice
            )
            .contains("has worked")
        );
    }

    #[test]
    fn a_failed_roll_leaves_the_stack_and_the_device_can_give_an_extra_activation() {
        let (mut s, mut dice) = with(Goal::LastManStanding, vec![], (18.0, 17.0));
        s.device = Some(TriggerDevice {
            at: Vec2::new(18.0, 18.0),
            stack: Device { tokens: 5 },
            adding: (0, DeviceEffect::Activate),
            removing: (1, DeviceEffect::Win),
            worked: None,
        });
        // Rook (a Rookie, one die) on the device fails with a 5 against 4.
        s.fighters[1].at = Vec2::new(18.0, 19.0);
        activate(&mut s, &mut dice, 1);
        dice.push_forced([5]);
        ok(
            &mut s,
            0,
            Command::Manipulate {
                device: DeviceId::Trigger,
            },
            &mut dice,
        );
        assert_eq!(s.device.as_ref().unwrap().stack.tokens, 5);
        s.active.as_mut().unwrap().acted = false;
        dice.push_forced([4]);
        ok(
            &mut s,
            0,
            Command::Manipulate {
                device: DeviceId::Trigger,
            },
            &mut dice,
        );
        // The sixth token: the Hunters activate a fighter besides his own activation — Rook
        // again, who has just gone.
        ok(&mut s, 0, Command::EndActivation, &mut dice);
        assert!(s.fighters[1].activated);
        assert_eq!(s.to_act(), Some(0));
        ok(&mut s, 0, Command::Activate { fighter: 1 }, &mut dice);
        ok(&mut s, 0, Command::EndActivation, &mut dice);
        assert_eq!(s.to_act(), Some(1), "then the Gang's turn");
    }

    #[test]
    fn in_an_action_scenario_a_wounded_fighter_recovers_on_activation_and_does_nothing_else() {
        let (mut s, mut dice) = with(Goal::CaptureTheFlag, vec![], (10.0, 10.0));
        s.fighters[0].standing = Standing::Down;
        activate(&mut s, &mut dice, 0);
        assert_eq!(s.fighters[0].standing, Standing::Upright);
        assert!(
            refused(
                &mut s,
                0,
                Command::Move {
                    path: vec![Vec2::new(8.0, 8.0)]
                },
                &mut dice
            )
            .contains("spent")
        );
    }
}
