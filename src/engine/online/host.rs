//! The host: the one computer that holds the whole game (its seed, every side's secrets) and
//! decides. A guest's command goes through the same pipeline as one played at the host's own
//! screen; an accepted command goes to each guest as that guest's side may see it, with its
//! dice, cards and state hash; a refusal goes back to the sender only.
//!
//! The host's game is the world it is played in (the window's, or a headless session's);
//! [`Host`] sits beside it as a non-send resource and follows every accepted command through
//! the pipeline's hooks, whoever sent it (the host's player, a guest, the rules' side), so the
//! window plays online with nothing changed in it. What the guests are sent waits in
//! [`Outbox`] for the wire.
//!
//! Each guest's side has a *view* here: a second game, fed every accepted command with the
//! host's dice, in which the other sides' secrets lie face down (the rule set's play-by-e-mail
//! forms, [`RuleSet::face_down`]) until the game shows them ([`RuleSet::turn_over`]). What a
//! guest is sent is its view's record, command for command, so its game and its state hashes
//! are the view's, and nothing in it is anything its side may not see.

use std::collections::BTreeMap;

use bevy::prelude::*;
use blake2::{Blake2s256, Digest};

use super::protocol::{ToGuest, ToHost};
use crate::engine::dice::{DeckRes, DiceRes, Randomness};
use crate::engine::pipeline::{Applied, CommandOutcome, process};
use crate::engine::record::{GameRecord, RecordedCommand, Secret};
use crate::engine::ruleset::{Loaded, RuleSet};
use crate::engine::session::{Headless, Session};
use crate::rules::cards::Deck;
use crate::rules::dice::Dice;
use crate::rules::words::possessive;

/// The side of the spectators' view: the game as no side sees it, every side's secrets face
/// down until the game shows them.
pub const NOBODY: usize = usize::MAX;

/// A message for one guest, by the transport's id for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Outgoing {
    /// The guest's connection.
    pub peer: u64,
    /// The message.
    pub message: ToGuest,
}

/// The messages for the guests, waiting for the wire, oldest first.
#[derive(Resource, Default, Debug)]
pub struct Outbox(pub Vec<Outgoing>);

/// One side played from another computer: its view of the game and who holds the seat.
struct Seat<R: RuleSet> {
    side: usize,
    /// The game as this side may see it, its dice forced from the host's.
    view: Session<R>,
    /// The other sides' commands this view holds face down, by side, with their salts.
    secrets: BTreeMap<usize, Vec<Secret<R::Command>>>,
    /// The connection seated here, if any.
    peer: Option<u64>,
    /// The digest of the seat key of the guest who took the seat ([`key_digest`]): only that
    /// key takes it again, until the host frees it.
    key: Option<[u8; 32]>,
}

/// The digest a seat keeps of a guest's seat key (BLAKE2s-256), so the host's memory holds no
/// key a guest could be impersonated with.
fn key_digest(key: &str) -> [u8; 32] {
    use blake2::{Blake2s256, Digest};
    Blake2s256::digest(key.as_bytes()).into()
}

/// The host of an online game of rule set `R`: the guests' seats and views. Lives beside the
/// game as a non-send resource ([`open`]).
pub struct Host<R: RuleSet> {
    seed: u64,
    code: String,
    seats: Vec<Seat<R>>,
    /// The side that sent each accepted command, by index.
    senders: Vec<usize>,
    /// The side a guest's command is played for, set just before it is processed.
    sending_for: Option<usize>,
    /// The side that sends the command being processed now.
    sending: usize,
    /// What the game hid from each seat's side just before the command being processed
    /// ([`RuleSet::hidden_from`]), in seat order.
    hidden_before: Vec<Vec<(String, R::Command)>>,
    /// The chat so far (who, what), the newest [`CHAT_KEPT`] lines: a guest that joins anew
    /// is sent them after the game.
    chat: Vec<(String, String)>,
    /// What happened on the wire that the host's player should know (seats taken and left,
    /// messages dropped, chat), oldest first.
    pub log: Vec<String>,
    /// The connections watching, sent the [`NOBODY`] seat's view (made when the first comes).
    watchers: Vec<u64>,
}

/// How many chat lines the host keeps for a guest that joins anew.
pub const CHAT_KEPT: usize = 200;

/// The salt of the commitment that hides command `index` from the other sides: drawn from the
/// game's seed (a guest never has it), so a host that restarts from its save seals the same
/// commands the same way.
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

/// The dice and deck that set a game up as `record`'s was: its set-up's faces and cards
/// forced as thrown, and nothing after them (each command brings its own).
pub(super) fn as_set_up<C>(record: &GameRecord<C>) -> Randomness {
    let faces = record
        .setup_dice
        .iter()
        .flat_map(|r| r.faces.iter().copied());
    let cards = record.setup_cards.iter().map(|c| c.card);
    Randomness {
        dice: Dice::forced(faces),
        deck: Deck::forced(cards),
        seed: None,
    }
}

/// A new view for side `side`: the scenario as that side may know it ([`RuleSet::conceal`]),
/// set up as `record`'s game was ([`as_set_up`]).
fn new_view<R: RuleSet>(
    loaded: &Loaded,
    record: &GameRecord<R::Command>,
    side: usize,
) -> Result<Session<R>, String> {
    let concealed = match R::conceal(&loaded.src, side)? {
        Some(src) => Loaded {
            src,
            ..loaded.clone()
        },
        None => loaded.clone(),
    };
    Session::<R>::start(&concealed, as_set_up(record)).map_err(|e| e.join("\n"))
}

/// For each seat (its side in `sides`), the commands that tell its view where the pieces
/// hidden from it stood before a command, for those the command changed: each piece's key in
/// `before` that the game in `after` no longer has ([`RuleSet::hidden_from`]).
fn places<R: RuleSet>(
    sides: &[usize],
    before: &[Vec<(String, R::Command)>],
    after: &World,
) -> Vec<Vec<R::Command>> {
    sides
        .iter()
        .enumerate()
        .map(|(k, &side)| {
            let now: Vec<String> = R::hidden_from(after, side)
                .into_iter()
                .map(|(key, _)| key)
                .collect();
            before
                .get(k)
                .into_iter()
                .flatten()
                .filter(|(key, _)| !now.contains(key))
                .map(|(_, place)| place.clone())
                .collect()
        })
        .collect()
}

/// Hosts the game on in `world` (just begun, or resumed from the host's save): the sides in
/// `remote` (by index) are seats for guests with `code`. Where the game has commands already,
/// each guest's view is made again command by command (the seals drawn from the seed come
/// out the same), so a guest that rejoins finds its game where it left it.
///
/// Errors: no game is on, its dice are not seeded, `remote` is empty or names a side the
/// rules play or the scenario lacks, or a view cannot follow the game (in words).
pub fn open<R: RuleSet>(world: &mut World, remote: &[usize], code: &str) -> Result<(), String> {
    let record = world
        .get_resource::<GameRecord<R::Command>>()
        .ok_or("no game is on")?
        .clone();
    let seed = record
        .seed
        .ok_or("an online game is hosted with seeded dice; this game has none")?;
    let loaded = loaded_of::<R>(&record)?;
    if remote.is_empty() {
        return Err("an online game needs a side played from another computer".into());
    }
    let sides = world
        .get_resource::<crate::engine::game::Sides>()
        .cloned()
        .unwrap_or_default();
    let mut seats = Vec::new();
    for &side in remote {
        let name = sides
            .names
            .get(side)
            .ok_or_else(|| format!("the scenario has no side {side}"))?;
        if sides.by_rules(side) {
            return Err(format!(
                "{name} is played by the rules in this game, not from another computer"
            ));
        }
        seats.push(Seat {
            side,
            view: new_view::<R>(&loaded, &record, side)?,
            secrets: BTreeMap::new(),
            peer: None,
            key: None,
        });
    }
    let mut host = Host::<R> {
        seed,
        code: code.to_string(),
        seats,
        senders: Vec::new(),
        sending_for: None,
        sending: 0,
        hidden_before: Vec::new(),
        chat: Vec::new(),
        log: Vec::new(),
        watchers: Vec::new(),
    };
    host.catch_up(&loaded, &record, &sides.rules, 0)?;
    world.insert_non_send(host);
    world.init_resource::<Outbox>();
    super::go_online(world);
    Ok(())
}

/// A message from guest `peer`, into the game in `world`: a hello takes a seat (or is
/// denied), a command is played for the guest's side through the pipeline (a refusal goes back
/// to that guest alone), a chat line goes to the others. Anything oversized, malformed or
/// from a connection without a seat is dropped and logged, never a panic. What the guests are
/// sent goes to the [`Outbox`].
pub fn receive<R: RuleSet>(world: &mut World, peer: u64, message: ToHost) {
    let Some(mut host) = world.remove_non_send::<Host<R>>() else {
        return;
    };
    let mut out = Vec::new();
    let mut play = None;
    if let Err(why) = message.check() {
        host.log
            .push(format!("dropped a message from connection {peer}: {why}"));
    } else {
        let seat = host.seats.iter().position(|s| s.peer == Some(peer));
        match (message, seat) {
            (
                ToHost::Hello {
                    code,
                    side,
                    have,
                    key,
                },
                _,
            ) => {
                out = host.hello(world, peer, (&code, &key), side.as_deref(), have);
            }
            (ToHost::Watch { code, have }, _) => {
                out = host.watch(world, peer, &code, have);
            }
            (ToHost::Resync { .. }, None) if host.watchers.contains(&peer) => {
                if let Some(s) = host.seats.iter().position(|s| s.side == NOBODY) {
                    out.push(host.welcome(s, peer));
                }
            }
            (_, None) => host.log.push(format!(
                "dropped a message from connection {peer}, which holds no seat"
            )),
            (ToHost::Command { ron }, Some(s)) => {
                let side = host.seats[s].side;
                match crate::engine::pipeline::parse_command::<R::Command>(&ron) {
                    Err(reason) => out.push(Outgoing {
                        peer,
                        message: ToGuest::Refused { reason },
                    }),
                    Ok(_) if !crate::engine::game::persons_to_act::<R>(world).contains(&side) => {
                        out.push(Outgoing {
                            peer,
                            message: ToGuest::Refused {
                                reason: format!(
                                    "it is not {} turn to act",
                                    possessive(&side_name(world, side))
                                ),
                            },
                        })
                    }
                    Ok(command) => play = Some((side, command)),
                }
            }
            (ToHost::Resync { index, why }, Some(s)) => {
                host.log.push(format!(
                    "{} game differed from the host's at command {index} ({why}): sent the whole game again",
                    possessive(&side_name(world, host.seats[s].side))
                ));
                out.push(host.welcome(s, peer));
            }
            (ToHost::Chat { text }, Some(s)) => {
                let from = side_name(world, host.seats[s].side);
                host.said(&from, &text);
                out = host.to_others(Some(peer), &from, &text);
            }
        }
    }
    if let Some((side, _)) = &play {
        host.sending_for = Some(*side);
    }
    world.insert_non_send(host);
    world.resource_mut::<Outbox>().0.extend(out);
    if let Some((_, command)) = play {
        let outcome = process::<R>(world, command);
        // Refused before the hooks saw it (the game is over): the next command is nobody's.
        if let Some(mut host) = world.get_non_send_mut::<Host<R>>() {
            host.sending_for = None;
        }
        if let CommandOutcome::Refused(_, reason) = outcome {
            world.resource_mut::<Outbox>().0.push(Outgoing {
                peer,
                message: ToGuest::Refused { reason },
            });
        }
    }
}

/// A chat line from the host's player (named `from`), to every guest.
pub fn chat<R: RuleSet>(world: &mut World, from: &str, text: &str) {
    let Some(mut host) = world.remove_non_send::<Host<R>>() else {
        return;
    };
    let text: String = text.chars().take(super::protocol::MAX_CHAT).collect();
    host.said(from, &text);
    let out = host.to_others(None, from, &text);
    world.insert_non_send(host);
    world.resource_mut::<Outbox>().0.extend(out);
}

/// The host frees side `side`'s seat: the guest who held it (its connection and its seat
/// key) is let go, so another player may take the seat with the join code. Returns whether
/// the side is played from another computer.
pub fn free_seat<R: RuleSet>(world: &mut World, side: usize) -> bool {
    let name = side_name(world, side);
    let Some(mut host) = world.get_non_send_mut::<Host<R>>() else {
        return false;
    };
    let Some(seat) = host.seats.iter_mut().find(|s| s.side == side) else {
        return false;
    };
    seat.peer = None;
    seat.key = None;
    host.log.push(format!(
        "{} seat freed by the host: any guest with the code may take it",
        possessive(&name)
    ));
    true
}

/// A connection closed: its seat is free for the same guest to take again, and the other
/// guests are told ([`ToGuest::Presence`]) so nobody waits on a player who has gone.
pub fn dropped<R: RuleSet>(world: &mut World, peer: u64) {
    let names: Vec<String> = world
        .get_resource::<crate::engine::game::Sides>()
        .map(|s| s.names.clone())
        .unwrap_or_default();
    let Some(mut host) = world.get_non_send_mut::<Host<R>>() else {
        return;
    };
    host.watchers.retain(|&w| w != peer);
    let mut out = Vec::new();
    for i in 0..host.seats.len() {
        if host.seats[i].peer == Some(peer) {
            host.seats[i].peer = None;
            let name = names.get(host.seats[i].side).cloned().unwrap_or_default();
            host.log.push(format!(
                "{} connection dropped: waiting for it to rejoin",
                possessive(&name)
            ));
            out.extend(host.presence(peer, &name, false));
        }
    }
    world.resource_mut::<Outbox>().0.extend(out);
}

fn side_name(world: &World, side: usize) -> String {
    world
        .get_resource::<crate::engine::game::Sides>()
        .and_then(|s| s.names.get(side).cloned())
        .unwrap_or_else(|| format!("side {side}"))
}

/// The pipeline's hook before a command: notes the side that sends it (a guest's, or the
/// side to act at the host's own screen), and refuses one made at the host's screen while
/// only guests' sides may act.
fn before<R: RuleSet>(
    world: &mut World,
    command: R::Command,
) -> Result<R::Command, CommandOutcome<R::Command>> {
    if crate::engine::pipeline::replaying(world) {
        return Ok(command);
    }
    // Most games have no host: ask nothing of the rules for them (a balance report sends
    // millions of commands through this hook).
    let Some(host) = world.get_non_send::<Host<R>>() else {
        return Ok(command);
    };
    let to_act = R::sides_to_act(world);
    let hidden: Vec<_> = host
        .seats
        .iter()
        .map(|s| R::hidden_from(world, s.side))
        .collect();
    let mut host = world.non_send_mut::<Host<R>>();
    host.hidden_before = hidden;
    let sender = match host.sending_for.take() {
        Some(side) => side,
        None => {
            let remote: Vec<usize> = host.seats.iter().map(|s| s.side).collect();
            match to_act.iter().find(|s| !remote.contains(s)) {
                Some(&side) => side,
                None if to_act.is_empty() => 0,
                None => {
                    let side = to_act[0];
                    drop(host);
                    return Err(CommandOutcome::Refused(
                        command,
                        format!(
                            "{} is played from another computer: wait for its player",
                            side_name(world, side)
                        ),
                    ));
                }
            }
        }
    };
    host.sending = sender;
    Ok(command)
}

/// The pipeline's hook after a command was accepted: every guest's view follows it, and what
/// each guest is sent goes to the [`Outbox`].
fn accepted<R: RuleSet>(world: &mut World, applied: &Applied) {
    if applied.replaying {
        return;
    }
    let Some(mut host) = world.remove_non_send::<Host<R>>() else {
        return;
    };
    let rc = world.resource::<GameRecord<R::Command>>().commands[applied.index].clone();
    let sender = host.sending;
    host.senders.push(sender);
    let sides: Vec<usize> = host.seats.iter().map(|s| s.side).collect();
    let places = places::<R>(&sides, &std::mem::take(&mut host.hidden_before), world);
    match host.follow(&rc, applied.index, sender, places) {
        Ok(out) => world.resource_mut::<Outbox>().0.extend(out),
        Err(e) => {
            error!("{e}");
            host.log.push(e);
        }
    }
    world.insert_non_send(host);
}

/// Online play's hooks into rule set `R`'s pipeline.
pub fn plugin<R: RuleSet>(app: &mut App) {
    let mut hooks = app
        .world_mut()
        .resource_mut::<crate::engine::pipeline::Hooks<R>>();
    hooks.before.push(before::<R>);
    hooks.accepted.push(accepted::<R>);
}

impl<R: RuleSet> Host<R> {
    /// Plays `record`'s commands into the views of the seats from `from` on (made new, at the
    /// set-up), as they were played: what each view's side could not see before each command
    /// found by playing the game again with the same hands (`rules`: the sides the rules
    /// play). Where `from` is 0, notes each command's sender too.
    ///
    /// Errors: the game does not replay, or a view cannot follow it.
    fn catch_up(
        &mut self,
        loaded: &Loaded,
        record: &GameRecord<R::Command>,
        rules: &[usize],
        from: usize,
    ) -> Result<(), String> {
        if record.commands.is_empty() {
            return Ok(());
        }
        let mut earlier: Vec<Seat<R>> = self.seats.drain(..from).collect();
        let seated: Vec<usize> = self.seats.iter().map(|s| s.side).collect();
        let mut again =
            Session::<R>::start(loaded, Randomness::seeded(self.seed)).map_err(|e| e.join("\n"))?;
        again
            .world_mut()
            .resource_mut::<crate::engine::game::Sides>()
            .rules = rules.to_vec();
        let mut played = Ok(());
        for (i, rc) in record.commands.iter().enumerate() {
            let sender = R::sides_to_act(again.world()).first().copied().unwrap_or(0);
            let before: Vec<_> = seated
                .iter()
                .map(|&s| R::hidden_from(again.world(), s))
                .collect();
            if let CommandOutcome::Refused(_, why) = again.send(rc.command.clone()) {
                played = Err(format!(
                    "the game does not replay at command {}: {why}",
                    i + 1
                ));
                break;
            }
            if from == 0 {
                self.senders.push(sender);
            }
            let places = places::<R>(&seated, &before, again.world());
            if let Err(e) = self.follow(rc, i, sender, places) {
                played = Err(e);
                break;
            }
        }
        earlier.append(&mut self.seats);
        self.seats = earlier;
        played
    }

    /// A connection asks to watch with `code`, holding `have` commands: the game as no side
    /// sees it (made on the first watcher's asking), from the start or from `have`.
    fn watch(&mut self, world: &World, peer: u64, code: &str, have: usize) -> Vec<Outgoing> {
        if !super::code::same(code, &self.code) {
            self.log
                .push(format!("connection {peer} gave a wrong join code to watch"));
            return vec![Outgoing {
                peer,
                message: ToGuest::Denied {
                    reason: "that is not this game's join code".into(),
                },
            }];
        }
        if !self.seats.iter().any(|s| s.side == NOBODY) {
            let made = (|| {
                let record = world
                    .get_resource::<GameRecord<R::Command>>()
                    .ok_or("no game is on")?
                    .clone();
                let loaded = loaded_of::<R>(&record)?;
                let rules = world
                    .get_resource::<crate::engine::game::Sides>()
                    .map(|s| s.rules.clone())
                    .unwrap_or_default();
                self.seats.push(Seat {
                    side: NOBODY,
                    view: new_view::<R>(&loaded, &record, NOBODY)?,
                    secrets: BTreeMap::new(),
                    peer: None,
                    key: None,
                });
                let from = self.seats.len() - 1;
                self.catch_up(&loaded, &record, &rules, from)
            })();
            if let Err(e) = made {
                self.seats.retain(|s| s.side != NOBODY);
                self.log.push(format!("no view for watchers: {e}"));
                return vec![Outgoing {
                    peer,
                    message: ToGuest::Denied {
                        reason: format!("this game cannot be watched: {e}"),
                    },
                }];
            }
        }
        if !self.watchers.contains(&peer) {
            self.watchers.push(peer);
            self.log.push(format!("connection {peer} is watching"));
        }
        let s = self
            .seats
            .iter()
            .position(|s| s.side == NOBODY)
            .unwrap_or(0);
        let held = self.seats[s].view.record().commands.len();
        if have > 0 && have <= held {
            return vec![Outgoing {
                peer,
                message: ToGuest::Commands {
                    from: have,
                    commands: self.seats[s].view.record().commands[have..]
                        .iter()
                        .map(recorded_text)
                        .collect(),
                },
            }];
        }
        vec![self.welcome(s, peer)]
    }

    /// The state hash of the game as side `side`'s guest holds it (its view), if `side` is
    /// played from another computer.
    pub fn view_hash(&mut self, side: usize) -> Option<u64> {
        let seat = self.seats.iter_mut().find(|s| s.side == side)?;
        Some(seat.view.state_hash())
    }

    /// How many commands side `side`'s view holds (what its guest holds once it has caught up).
    pub fn view_len(&self, side: usize) -> Option<usize> {
        let seat = self.seats.iter().find(|s| s.side == side)?;
        Some(seat.view.record().commands.len())
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
            .filter(|s| s.side != NOBODY)
            .map(|s| (s.side, s.peer.is_some()))
            .collect()
    }

    /// Side `side` sat down (`here`) or left, told to every other seated guest (not `peer`).
    fn presence(&self, peer: u64, side: &str, here: bool) -> Vec<Outgoing> {
        self.seats
            .iter()
            .filter_map(|s| s.peer)
            .filter(|&p| p != peer)
            .map(|p| Outgoing {
                peer: p,
                message: ToGuest::Presence {
                    side: side.to_string(),
                    here,
                },
            })
            .collect()
    }

    fn to_others(&self, except: Option<u64>, from: &str, text: &str) -> Vec<Outgoing> {
        self.seats
            .iter()
            .filter_map(|s| s.peer)
            .filter(|&p| Some(p) != except)
            .map(|peer| Outgoing {
                peer,
                message: ToGuest::Chat {
                    from: from.to_string(),
                    text: text.to_string(),
                },
            })
            .collect()
    }

    fn hello(
        &mut self,
        world: &World,
        peer: u64,
        (code, key): (&str, &str),
        side: Option<&str>,
        have: usize,
    ) -> Vec<Outgoing> {
        let proof = key_digest(key);
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
        let ids = world
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
            // A hello sent again on the same connection keeps its seat; with one seat in the
            // game, the code proves the guest, who may be back before its old connection is
            // seen to close.
            None if self.seats.iter().any(|s| s.peer == Some(peer)) => {
                self.seats.iter().position(|s| s.peer == Some(peer))
            }
            None if self.seats.len() == 1 => Some(0),
            None => {
                let free: Vec<usize> = (0..self.seats.len())
                    .filter(|&s| {
                        self.seats[s].peer.is_none() && self.seats[s].key.is_none_or(|k| k == proof)
                    })
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
        // The seat is the key's that took it: the join code alone does not take it over.
        if self.seats[s].key.is_some_and(|k| k != proof) {
            let name = side_name(world, self.seats[s].side);
            self.log.push(format!(
                "connection {peer} asked for {} seat with another seat key: refused",
                possessive(&name)
            ));
            return deny(format!(
                "{} seat is held by the player who took it (the host can free it)",
                possessive(&name)
            ));
        }
        self.seats[s].key = Some(proof);
        // The code proves the guest: one that rejoins before its old connection is seen to
        // close takes its seat back.
        let old = self.seats[s].peer;
        if let Some(old) = old.filter(|&p| p != peer) {
            self.log
                .push(format!("connection {old} replaced by {peer}"));
        }
        self.seats[s].peer = Some(peer);
        let name = side_name(world, self.seats[s].side);
        // The others are told a player sat down, not one whose new connection replaced his
        // old (nobody saw him go).
        let told = if old.is_none() {
            self.presence(peer, &name, true)
        } else {
            Vec::new()
        };
        let held = self.seats[s].view.record().commands.len();
        if have > 0 && have <= held {
            self.log.push(format!(
                "{name} rejoined, holding {have} of {held} commands"
            ));
            let commands = self.seats[s].view.record().commands[have..]
                .iter()
                .map(recorded_text)
                .collect();
            let mut out = vec![Outgoing {
                peer,
                message: ToGuest::Commands {
                    from: have,
                    commands,
                },
            }];
            out.extend(told);
            return out;
        }
        self.log.push(format!("{name} joined"));
        let mut out = told;
        out.push(self.welcome(s, peer));
        out.extend(self.chat.iter().map(|(from, text)| Outgoing {
            peer,
            message: ToGuest::Chat {
                from: from.clone(),
                text: text.clone(),
            },
        }));
        out
    }

    /// A chat line said: logged, and kept for guests that join later.
    fn said(&mut self, from: &str, text: &str) {
        self.log.push(format!("{from}: {text}"));
        self.chat.push((from.to_string(), text.to_string()));
        if self.chat.len() > CHAT_KEPT {
            self.chat.remove(0);
        }
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

    /// Brings every view up to the game's command `index`, sent by `sender`, and says what
    /// each seated guest is sent. `places` (by seat) tells each view first where the pieces
    /// hidden from it that the command changes stood ([`places`]).
    fn follow(
        &mut self,
        rc: &RecordedCommand<R::Command>,
        index: usize,
        sender: usize,
        places: Vec<Vec<R::Command>>,
    ) -> Result<Vec<Outgoing>, String> {
        let salt = salt(self.seed, index);
        let mut out = Vec::new();
        let watchers = self.watchers.clone();
        for (seat, places) in self
            .seats
            .iter_mut()
            .zip(places.into_iter().chain(std::iter::repeat_with(Vec::new)))
        {
            let held = seat.view.record().commands.len();
            for place in places {
                if let CommandOutcome::Refused(_, why) = seat.view.send(place) {
                    return Err(format!(
                        "the game as side {} sees it could not be told where a hidden piece stands before command {}: {why}",
                        seat.side,
                        index + 1
                    ));
                }
            }
            let world = seat.view.world_mut();
            force_recorded(world, rc);
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
            let world = seat.view.world();
            let left = world.resource::<DiceRes>().forced_left();
            let cards_left = world.resource::<DeckRes>().forced_left();
            if left > 0 || cards_left > 0 {
                return Err(format!(
                    "the game as side {} sees it left {left} dice and {cards_left} cards of command {} unused",
                    seat.side,
                    index + 1
                ));
            }
            let watching = if seat.side == NOBODY {
                watchers.as_slice()
            } else {
                &[]
            };
            let commands: Vec<String> = seat.view.record().commands[held..]
                .iter()
                .map(recorded_text)
                .collect();
            for &peer in seat.peer.iter().chain(watching) {
                if !commands.is_empty() {
                    out.push(Outgoing {
                        peer,
                        message: ToGuest::Commands {
                            from: held,
                            commands: commands.clone(),
                        },
                    });
                }
            }
        }
        Ok(out)
    }
}

/// Queues the dice and cards `rc` threw and drew, to be thrown and drawn again as recorded
/// by the next command played in `world` (a guest's view here, a guest's game there).
pub(super) fn force_recorded<C>(world: &mut World, rc: &RecordedCommand<C>) {
    world
        .resource_mut::<DiceRes>()
        .push_recorded(rc.dice.iter().flat_map(|r| r.faces.iter().copied()));
    world
        .resource_mut::<DeckRes>()
        .push_recorded(rc.cards.iter().map(|c| c.card));
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
