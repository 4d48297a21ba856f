//! The host: the one computer that holds the whole game (its seed, every side's secrets) and
//! decides. A guest's command goes through the same pipeline as one played at the host's own
//! screen; an accepted command goes to each guest as that guest's side may see it, with its
//! dice, cards and state hash; a refusal goes back to the sender only.
//!
//! Each guest's side has a *view* here: a second game, fed every accepted command with the
//! host's dice, in which the other sides' secrets lie face down (the rule set's play-by-e-mail
//! forms, [`RuleSet::face_down`]) until the game shows them ([`RuleSet::turn_over`]). What a
//! guest is sent is its view's record, command for command, so its game and its state hashes
//! are the view's, and nothing in it is anything its side may not see.

use std::collections::BTreeMap;

use blake2::{Blake2s256, Digest};

use super::protocol::{ToGuest, ToHost};
use crate::engine::dice::{DeckRes, DiceRes, Randomness};
use crate::engine::pipeline::CommandOutcome;
use crate::engine::record::{GameRecord, RecordedCommand, Secret};
use crate::engine::ruleset::{Loaded, RuleSet};
use crate::engine::session::{Headless, Session};
use crate::rules::cards::Deck;
use crate::rules::dice::Dice;

/// A message for one guest, by the transport's id for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Outgoing {
    /// The guest's connection.
    pub peer: u64,
    /// The message.
    pub message: ToGuest,
}

/// One side played from another computer: its view of the game and who holds the seat.
struct Seat<R: RuleSet> {
    side: usize,
    /// The game as this side may see it, its dice forced from the host's.
    view: Session<R>,
    /// The other sides' commands this view holds face down, by side, with their salts.
    secrets: BTreeMap<usize, Vec<Secret<R::Command>>>,
    /// The connection seated here, if any.
    peer: Option<u64>,
}

/// The host of an online game of rule set `R`.
pub struct Host<R: RuleSet> {
    game: Session<R>,
    seed: u64,
    code: String,
    seats: Vec<Seat<R>>,
    /// The side that sent each accepted command, by index.
    senders: Vec<usize>,
    /// What happened on the wire that the host's player should know (seats taken and left,
    /// messages dropped, chat), oldest first.
    pub log: Vec<String>,
}

/// The salt of the commitment that hides command `index` from the other sides: drawn from the
/// game's seed (a guest never has it), so a host that restarts from its autosave seals the
/// same commands the same way.
fn salt(seed: u64, index: usize) -> String {
    let mut h = Blake2s256::new();
    h.update(b"holotable online salt\n");
    h.update(seed.to_le_bytes());
    h.update((index as u64).to_le_bytes());
    h.finalize()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A new view: the scenario set up with the set-up's dice and cards forced as thrown.
pub(super) fn new_view<R: RuleSet>(
    loaded: &Loaded,
    record: &GameRecord<R::Command>,
) -> Result<Session<R>, String> {
    let faces = record
        .setup_dice
        .iter()
        .flat_map(|r| r.faces.iter().copied());
    let cards = record.setup_cards.iter().map(|c| c.card);
    let randomness = Randomness {
        dice: Dice::forced(faces),
        deck: Deck::forced(cards),
        seed: None,
    };
    Session::<R>::start(loaded, randomness).map_err(|e| e.join("\n"))
}

impl<R: RuleSet> Host<R> {
    /// Hosts a new game of `loaded` with dice from `seed`; the sides in `remote` (by index)
    /// are played from other computers, each seat taken by the first guest with `code`; the
    /// others at this screen, or by the rules where the scenario gives them `control: Rules`.
    ///
    /// Errors: the scenario does not set up (every problem), or `remote` names no side.
    pub fn new(loaded: &Loaded, seed: u64, remote: &[usize], code: &str) -> Result<Self, String> {
        let game =
            Session::<R>::start(loaded, Randomness::seeded(seed)).map_err(|e| e.join("\n"))?;
        Self::around(game, loaded, seed, remote, code)
    }

    /// Hosts a game that was begun before: `record` (a host's autosave), replayed and verified,
    /// then the guests' views made again command by command, so a guest that rejoins finds
    /// its game where it left it.
    ///
    /// Errors: the record does not replay, it has no seed, or a view cannot follow it.
    pub fn resume(
        record: &GameRecord<R::Command>,
        remote: &[usize],
        code: &str,
    ) -> Result<Self, String> {
        let seed = record
            .seed
            .ok_or("an online game is hosted with seeded dice; this save has none")?;
        crate::engine::record::check_scenario(record, None)?;
        let loaded = loaded_of::<R>(record)?;
        let game =
            Session::<R>::start(&loaded, Randomness::seeded(seed)).map_err(|e| e.join("\n"))?;
        let mut host = Self::around(game, &loaded, seed, remote, code)?;
        if let Some(hands) = &record.hands {
            host.game.set_rules_sides(&hands.rules)?;
        }
        for (i, rc) in record.commands.iter().enumerate() {
            let sender = R::sides_to_act(host.game.world())
                .first()
                .copied()
                .unwrap_or(0);
            if let CommandOutcome::Refused(_, why) = host.game.send(rc.command.clone()) {
                return Err(format!(
                    "the saved game does not replay at command {}: {why}",
                    i + 1
                ));
            }
            if host.game.record().commands[i].hash != rc.hash {
                return Err(format!(
                    "the saved game does not replay at command {}: its state differs",
                    i + 1
                ));
            }
            host.senders.push(sender);
            host.follow(i, sender)?;
        }
        Ok(host)
    }

    fn around(
        game: Session<R>,
        loaded: &Loaded,
        seed: u64,
        remote: &[usize],
        code: &str,
    ) -> Result<Self, String> {
        if remote.is_empty() {
            return Err("an online game needs a side played from another computer".into());
        }
        let mut seats = Vec::new();
        for &side in remote {
            if side >= loaded.header.sides.len() {
                return Err(format!("the scenario has no side {side}"));
            }
            if crate::engine::game::by_rules(game.world(), side) {
                return Err(format!(
                    "{} is played by the rules in this scenario, not from another computer",
                    loaded.header.sides[side].name
                ));
            }
            seats.push(Seat {
                side,
                view: new_view::<R>(loaded, game.record())?,
                secrets: BTreeMap::new(),
                peer: None,
            });
        }
        Ok(Self {
            game,
            seed,
            code: code.to_string(),
            seats,
            senders: Vec::new(),
            log: Vec::new(),
        })
    }

    /// The authoritative game.
    pub fn game(&mut self) -> &mut Session<R> {
        &mut self.game
    }

    /// The authoritative game, to read.
    pub fn game_ref(&self) -> &Session<R> {
        &self.game
    }

    /// The state hash of the game as side `side`'s guest holds it (its view), if `side` is
    /// played from another computer.
    pub fn view_hash(&mut self, side: usize) -> Option<u64> {
        let seat = self.seats.iter_mut().find(|s| s.side == side)?;
        Some(seat.view.state_hash())
    }

    /// How many of the game's commands side `side` sent (a host that resumes skips as many of
    /// its script).
    pub fn sent_by(&self, side: usize) -> usize {
        self.senders.iter().filter(|&&s| s == side).count()
    }

    /// The sides played from other computers, and whether each has a guest now.
    pub fn seats(&self) -> Vec<(usize, bool)> {
        self.seats
            .iter()
            .map(|s| (s.side, s.peer.is_some()))
            .collect()
    }

    /// How many commands side `side`'s view holds (what its guest holds once it has caught up).
    pub fn view_len(&self, side: usize) -> Option<usize> {
        let seat = self.seats.iter().find(|s| s.side == side)?;
        Some(seat.view.record().commands.len())
    }

    fn side_name(&self, side: usize) -> String {
        self.game
            .world()
            .get_resource::<crate::engine::game::Sides>()
            .and_then(|s| s.names.get(side).cloned())
            .unwrap_or_else(|| format!("side {side}"))
    }

    /// A message from guest `peer`: a hello takes a seat (or is denied), a command is played
    /// for the guest's side (or refused, to the guest alone), a chat line goes to the others.
    /// Anything oversized, malformed or from a guest without a seat is dropped and logged,
    /// never a panic.
    pub fn receive(&mut self, peer: u64, message: ToHost) -> Vec<Outgoing> {
        if let Err(why) = message.check() {
            self.log
                .push(format!("dropped a message from connection {peer}: {why}"));
            return Vec::new();
        }
        let seat = self.seats.iter().position(|s| s.peer == Some(peer));
        match (message, seat) {
            (ToHost::Hello { code, side, have }, _) => {
                self.hello(peer, &code, side.as_deref(), have)
            }
            (_, None) => {
                self.log.push(format!(
                    "dropped a message from connection {peer}, which holds no seat"
                ));
                Vec::new()
            }
            (ToHost::Command { ron }, Some(s)) => {
                let side = self.seats[s].side;
                let refused = |reason: String| {
                    vec![Outgoing {
                        peer,
                        message: ToGuest::Refused { reason },
                    }]
                };
                let command: R::Command = match ron::from_str(&ron) {
                    Ok(c) => c,
                    Err(e) => return refused(format!("that is not a command of this game: {e}")),
                };
                match self.play(side, command) {
                    Ok(out) => out,
                    Err(reason) => refused(reason),
                }
            }
            (ToHost::Resync { index, why }, Some(s)) => {
                self.log.push(format!(
                    "{}'s game differed from the host's at command {index} ({why}): sent the whole game again",
                    self.side_name(self.seats[s].side)
                ));
                vec![self.welcome(s, peer)]
            }
            (ToHost::Chat { text }, Some(s)) => {
                let from = self.side_name(self.seats[s].side);
                self.log.push(format!("{from}: {text}"));
                self.seats
                    .iter()
                    .filter_map(|o| o.peer)
                    .filter(|&p| p != peer)
                    .map(|p| Outgoing {
                        peer: p,
                        message: ToGuest::Chat {
                            from: from.clone(),
                            text: text.clone(),
                        },
                    })
                    .collect()
            }
        }
    }

    /// A chat line from the host's own player, to every guest.
    pub fn chat(&mut self, from: &str, text: &str) -> Vec<Outgoing> {
        let text: String = text.chars().take(super::protocol::MAX_CHAT).collect();
        self.log.push(format!("{from}: {text}"));
        self.seats
            .iter()
            .filter_map(|s| s.peer)
            .map(|peer| Outgoing {
                peer,
                message: ToGuest::Chat {
                    from: from.to_string(),
                    text: text.clone(),
                },
            })
            .collect()
    }

    /// A connection closed: its seat is free for the same guest to take again.
    pub fn dropped(&mut self, peer: u64) {
        for i in 0..self.seats.len() {
            if self.seats[i].peer == Some(peer) {
                self.seats[i].peer = None;
                let name = self.side_name(self.seats[i].side);
                self.log.push(format!(
                    "{name}'s connection dropped: waiting for it to rejoin"
                ));
            }
        }
    }

    fn hello(&mut self, peer: u64, code: &str, side: Option<&str>, have: usize) -> Vec<Outgoing> {
        let deny = |reason: String| {
            vec![Outgoing {
                peer,
                message: ToGuest::Denied { reason },
            }]
        };
        if !super::code::same(code, &self.code) {
            self.log
                .push(format!("connection {peer} gave a wrong join code"));
            return deny("that is not this game's join code".into());
        }
        let ids = self
            .game
            .world()
            .get_resource::<crate::engine::game::Sides>()
            .map(|s| s.ids.clone())
            .unwrap_or_default();
        let wanted = match side {
            Some(id) => match ids.iter().position(|i| i == id) {
                Some(i) => self.seats.iter().position(|s| s.side == i),
                None => {
                    return deny(format!(
                        "this game has no side '{id}' (sides: {})",
                        ids.join(", ")
                    ));
                }
            },
            None => {
                let free: Vec<usize> = (0..self.seats.len())
                    .filter(|&s| self.seats[s].peer.is_none())
                    .collect();
                match free.as_slice() {
                    [one] => Some(*one),
                    [] => return deny("every seat of this game is taken".into()),
                    _ => {
                        let names: Vec<String> = free
                            .iter()
                            .map(|&s| ids.get(self.seats[s].side).cloned().unwrap_or_default())
                            .collect();
                        return deny(format!("choose a side: {}", names.join(", ")));
                    }
                }
            }
        };
        let Some(s) = wanted else {
            return deny("that side is played at the host's screen".into());
        };
        // The code proves the guest: one that rejoins before its old connection is seen to
        // close takes its seat back.
        if let Some(old) = self.seats[s].peer.filter(|&p| p != peer) {
            self.log
                .push(format!("connection {old} replaced by {peer}"));
        }
        self.seats[s].peer = Some(peer);
        let name = self.side_name(self.seats[s].side);
        let held = self.seats[s].view.record().commands.len();
        if have > 0 && have <= held {
            self.log.push(format!(
                "{name} rejoined, holding {have} of {held} commands"
            ));
            let commands = self.seats[s].view.record().commands[have..]
                .iter()
                .map(recorded_text)
                .collect();
            return vec![Outgoing {
                peer,
                message: ToGuest::Commands {
                    from: have,
                    commands,
                },
            }];
        }
        self.log.push(format!("{name} joined"));
        vec![self.welcome(s, peer)]
    }

    fn welcome(&self, s: usize, peer: u64) -> Outgoing {
        let record = self.seats[s].view.record();
        let mut public = record.clone();
        public.camera = None;
        public.hands = None;
        Outgoing {
            peer,
            message: ToGuest::Welcome {
                ruleset: R::ID.to_string(),
                side: self.seats[s].side,
                record: ron::to_string(&public).unwrap_or_default(),
            },
        }
    }

    /// Plays `command` for side `side` (the host's player, or a guest already checked to be
    /// seated for it) and tells every guest what it may see of it.
    ///
    /// Errors: the refusal, naming the rule; or a guest's view could not follow (a bug,
    /// reported in words).
    pub fn play(&mut self, side: usize, command: R::Command) -> Result<Vec<Outgoing>, String> {
        if !crate::engine::game::persons_to_act::<R>(self.game.world()).contains(&side) {
            return Err(format!("it is not {}'s turn to act", self.side_name(side)));
        }
        if let CommandOutcome::Refused(_, reason) = self.game.send(command) {
            return Err(reason);
        }
        let index = self.game.record().commands.len() - 1;
        self.senders.push(side);
        self.follow(index, side)
    }

    /// One step of a side the rules play, if one must act: `None` when none must.
    ///
    /// Errors: the rules' side cannot go on, or a view cannot follow.
    pub fn step_rules(&mut self) -> Option<Result<Vec<Outgoing>, String>> {
        let world = self.game.world_mut();
        let side = crate::engine::game::rules_to_act::<R>(world)
            .first()
            .copied()?;
        let before = self.game.record().commands.len();
        let step = crate::engine::rules_side::step::<R>(self.game.world_mut())?;
        Some(step.and_then(|_| {
            let mut out = Vec::new();
            for i in before..self.game.record().commands.len() {
                self.senders.push(side);
                out.extend(self.follow(i, side)?);
            }
            Ok(out)
        }))
    }

    /// Brings every view up to the game's command `index`, sent by `sender`, and says what
    /// each seated guest is sent.
    fn follow(&mut self, index: usize, sender: usize) -> Result<Vec<Outgoing>, String> {
        let rc = self.game.record().commands[index].clone();
        let salt = salt(self.seed, index);
        let mut out = Vec::new();
        for seat in &mut self.seats {
            let held = seat.view.record().commands.len();
            let world = seat.view.world_mut();
            world
                .resource_mut::<DiceRes>()
                .push_recorded(rc.dice.iter().flat_map(|r| r.faces.iter().copied()));
            world
                .resource_mut::<DeckRes>()
                .push_recorded(rc.cards.iter().map(|c| c.card));
            let mut sent = rc.command.clone();
            if sender != seat.side {
                let seal = crate::engine::by_email::commitment(&salt, &rc.command);
                if let Some(down) = R::face_down(world, &rc.command, &seal)? {
                    seat.secrets.entry(sender).or_default().push(Secret {
                        salt: salt.clone(),
                        command: rc.command.clone(),
                    });
                    sent = down;
                }
            }
            if let CommandOutcome::Refused(_, why) = seat.view.send(sent) {
                return Err(format!(
                    "the game as side {} sees it could not follow command {}: {why}",
                    seat.side,
                    index + 1
                ));
            }
            // Turn over whatever the game now waits to see, as the sides' next sittings would
            // by e-mail.
            for _ in 0..8 {
                let turned = seat
                    .secrets
                    .iter()
                    .find_map(|(&side, sealed)| R::turn_over(seat.view.world(), side, sealed));
                let Some(turned) = turned else { break };
                if let CommandOutcome::Refused(_, why) = seat.view.send(turned) {
                    return Err(format!(
                        "the game as side {} sees it could not turn counters over after command {}: {why}",
                        seat.side,
                        index + 1
                    ));
                }
            }
            let left = seat.view.world().resource::<DiceRes>().forced_left();
            if left > 0 {
                return Err(format!(
                    "the game as side {} sees it left {left} of command {}'s dice unthrown",
                    seat.side,
                    index + 1
                ));
            }
            if let Some(peer) = seat.peer {
                let commands: Vec<String> = seat.view.record().commands[held..]
                    .iter()
                    .map(recorded_text)
                    .collect();
                if !commands.is_empty() {
                    out.push(Outgoing {
                        peer,
                        message: ToGuest::Commands {
                            from: held,
                            commands,
                        },
                    });
                }
            }
        }
        Ok(out)
    }
}

/// A recorded command as a guest is sent it (RON), without the e-mail signature it never has
/// online.
fn recorded_text<C: serde::Serialize + Clone>(rc: &RecordedCommand<C>) -> String {
    ron::to_string(rc).unwrap_or_default()
}

/// The scenario of `record`, its header read.
///
/// Errors: the header does not read.
pub fn loaded_of<R: RuleSet>(record: &GameRecord<R::Command>) -> Result<Loaded, String> {
    let header =
        crate::rules::scenario::read_header(&record.scenario_src, &record.scenario_file, &[R::ID])
            .map_err(|e| e.to_string())?;
    Ok(Loaded {
        file: record.scenario_file.clone(),
        src: record.scenario_src.clone(),
        header,
    })
}
