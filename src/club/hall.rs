//! The hall: the server's one thread that holds the games. Every player's message comes here
//! as an [`Event`]; a game is hosted as `holotable host` hosts one ([`HostGame`]), every side a
//! person plays a seat taken by a player's key; what each player is sent goes back through his
//! connection's queue. A command is kept in the store before anyone hears of it. A game with
//! nobody sitting at it is let go from memory after a while and hosted again from the store
//! when someone sits down, so an idle correspondence game costs a row, not a game.

use std::collections::HashMap;
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::time::{Duration, Instant};

use super::identity;
use super::protocol::{
    GameInfo, IMPORT_BUSY, MAX_NAME, MAX_SCENARIO, SeatInfo, ToClient, ToServer,
};
use super::store::{CommandRow, GameRow, Store};
use crate::engine::club_proof::{ClubProof, ClubSeat};
use crate::engine::online::HostGame;
use crate::engine::online::host::CHAT_KEPT;
use crate::engine::online::host::Outgoing;
use crate::engine::online::protocol::{MAX_CHAT, ToGuest, ToHost};
use crate::engine::registry::{Registry, RuleSetEntry};
use crate::engine::ruleset::Loaded;

/// What a connection tells the hall.
pub enum Event {
    /// A player signed in on connection `conn`: what he is sent goes into `tx`; `close` shuts
    /// the connection (a player who does not read his messages is let go).
    SignedIn {
        /// The connection.
        conn: u64,
        /// His queue.
        tx: SyncSender<ToClient>,
        /// Shuts his connection.
        close: Box<dyn Fn() + Send>,
        /// His public key, base64.
        public: String,
        /// His display name.
        name: String,
    },
    /// A message from a signed-in player.
    Message {
        /// The connection.
        conn: u64,
        /// The message.
        message: ToServer,
    },
    /// A connection closed.
    Closed {
        /// The connection.
        conn: u64,
    },
}

/// The hall's limits and hooks.
#[derive(Clone, Debug)]
pub struct HallOptions {
    /// The most games not over a player may have created.
    pub games_per_player: usize,
    /// How long a game nobody sits at stays in memory.
    pub idle: Duration,
    /// A command run (by `sh -c`) when a player not connected must move in a correspondence
    /// game, with `HOLOTABLE_GAME`, `HOLOTABLE_PLAYER` (his name) and `HOLOTABLE_PUBLIC` (his
    /// key) set: to send him an e-mail, say.
    pub on_move: Option<String>,
}

impl Default for HallOptions {
    fn default() -> Self {
        Self {
            games_per_player: 20,
            idle: Duration::from_secs(60),
            on_move: None,
        }
    }
}

struct Player {
    tx: SyncSender<ToClient>,
    close: Box<dyn Fn() + Send>,
    public: String,
    name: String,
    /// Games sat at: the peer the game's host knows this connection by.
    sat: HashMap<u64, u64>,
}

struct Live {
    host: Box<dyn HostGame>,
    code: String,
    /// When someone last sat at it or played.
    touched: Instant,
}

/// The hall: the store, the games in memory and the players connected.
pub struct Hall {
    registry: Registry,
    store: Store,
    options: HallOptions,
    live: HashMap<u64, Live>,
    players: HashMap<u64, Player>,
    /// Peer → (connection, game).
    peers: HashMap<u64, (u64, u64)>,
    next_peer: u64,
    /// When a game was last brought here ([`ToServer::Import`]).
    last_import: Option<Instant>,
}

/// A refusal for a player, in words.
type Refusal = String;

impl Hall {
    /// A hall over `store`.
    pub fn new(registry: Registry, store: Store, options: HallOptions) -> Self {
        Self {
            registry,
            store,
            options,
            live: HashMap::new(),
            players: HashMap::new(),
            peers: HashMap::new(),
            next_peer: 0,
            last_import: None,
        }
    }

    /// Handles events until every sender is gone, letting idle games go between them.
    pub fn run(mut self, events: Receiver<Event>) {
        let mut swept = Instant::now();
        loop {
            match events.recv_timeout(Duration::from_millis(500)) {
                Ok(event) => self.handle(event),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return,
            }
            if swept.elapsed() > Duration::from_secs(1) {
                self.sweep();
                swept = Instant::now();
            }
        }
    }

    /// Handles one event.
    pub fn handle(&mut self, event: Event) {
        match event {
            Event::SignedIn {
                conn,
                tx,
                close,
                public,
                name,
            } => {
                // Two players of one name could not be told apart in the lobby or the chat:
                // the second is refused (dropping `tx` lets the refusal go, then closes).
                match self.store.name_taken(&public, &name) {
                    Ok(false) => {}
                    taken => {
                        let reason = match taken {
                            Err(e) => e,
                            _ => format!(
                                "another player is called {name} at this club: sign in under another name"
                            ),
                        };
                        println!("connection {conn}: {name} refused: {reason}");
                        let _ = tx.try_send(ToClient::Refused {
                            game: None,
                            reason,
                            import: false,
                        });
                        return;
                    }
                }
                if let Err(e) = self.store.player(&public, &name) {
                    eprintln!("{e}");
                }
                let _ = tx.try_send(ToClient::SignedIn { name: name.clone() });
                println!("connection {conn}: {name} signed in");
                self.players.insert(
                    conn,
                    Player {
                        tx,
                        close,
                        public,
                        name,
                        sat: HashMap::new(),
                    },
                );
            }
            Event::Message { conn, message } => {
                let game = game_of(&message);
                let import = matches!(message, ToServer::Import { .. });
                if let Err(reason) = self.message(conn, message) {
                    self.send(
                        conn,
                        ToClient::Refused {
                            game,
                            reason,
                            import,
                        },
                    );
                }
            }
            Event::Closed { conn } => self.closed(conn),
        }
    }

    /// Connection `conn` gets up from game `game`'s table ([`ToServer::Stand`]): the game
    /// forgets the connection, its other players are told. Nothing where it did not sit.
    fn stand(&mut self, conn: u64, game: u64) {
        let Some(peer) = self
            .players
            .get_mut(&conn)
            .and_then(|p| p.sat.remove(&game))
        else {
            return;
        };
        self.peers.remove(&peer);
        if let Some(live) = self.live.get_mut(&game) {
            let out = live.host.dropped(peer);
            live.touched = Instant::now();
            self.dispatch(game, out);
        }
    }

    fn closed(&mut self, conn: u64) {
        let Some(player) = self.players.remove(&conn) else {
            return;
        };
        println!("connection {conn}: {} left", player.name);
        for (game, peer) in player.sat {
            self.peers.remove(&peer);
            if let Some(live) = self.live.get_mut(&game) {
                let out = live.host.dropped(peer);
                live.touched = Instant::now();
                self.dispatch(game, out);
            }
        }
    }

    /// Lets go the games nobody sits at that have been idle longer than allowed.
    fn sweep(&mut self) {
        let sat: Vec<u64> = self.peers.values().map(|&(_, g)| g).collect();
        let idle = self.options.idle;
        self.live
            .retain(|id, live| sat.contains(id) || live.touched.elapsed() < idle);
    }

    fn send(&mut self, conn: u64, message: ToClient) {
        let Some(player) = self.players.get(&conn) else {
            return;
        };
        match player.tx.try_send(message) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                println!(
                    "connection {conn}: {} does not read what he is sent: let go",
                    player.name
                );
                (player.close)();
                self.closed(conn);
            }
            Err(TrySendError::Disconnected(_)) => self.closed(conn),
        }
    }

    fn dispatch(&mut self, game: u64, out: Vec<Outgoing>) {
        for o in out {
            if let Some(&(conn, _)) = self.peers.get(&o.peer) {
                self.send(
                    conn,
                    ToClient::Game {
                        game,
                        message: o.message,
                    },
                );
            }
        }
    }

    fn who(&self, conn: u64) -> Result<(String, String), Refusal> {
        self.players
            .get(&conn)
            .map(|p| (p.public.clone(), p.name.clone()))
            .ok_or_else(|| "sign in first".to_string())
    }

    fn message(&mut self, conn: u64, message: ToServer) -> Result<(), Refusal> {
        let (public, _) = self.who(conn)?;
        match message {
            ToServer::SignIn { .. } => Err("already signed in".into()),
            ToServer::Lobby => self.lobby(conn, &public),
            ToServer::Withdraw { game } => {
                self.withdraw(&public, game)?;
                self.lobby(conn, &public)
            }
            ToServer::Stand { game } => {
                self.stand(conn, game);
                Ok(())
            }
            ToServer::Create {
                scenario,
                side,
                correspondence,
                public: listed,
                per_move,
            } => self.create(
                conn,
                &public,
                (&scenario, &side),
                (correspondence, listed, per_move),
            ),
            ToServer::Take {
                game,
                side,
                invitation,
                part,
            } => self.take(
                conn,
                &public,
                game,
                side.as_deref(),
                invitation.as_deref(),
                &part,
            ),
            ToServer::Sit { game, have } => self.sit(conn, &public, game, have),
            ToServer::Watch { game } => self.watch(conn, &public, game),
            ToServer::Play {
                game,
                ron,
                index,
                signature,
            } => self.play(conn, &public, game, &ron, index, &signature),
            ToServer::Resync { game, index, why } => {
                self.to_host(conn, game, ToHost::Resync { index, why })
            }
            ToServer::Chat { game, text } => self.chat(conn, game, &text),
            ToServer::Import { record } => self.import(conn, &public, &record),
            ToServer::Export { game } => {
                let row = self.store.game(game)?.ok_or("no such game")?;
                if !row.over {
                    return Err("a game is exported once it is over".into());
                }
                let proof = self.proof(&row)?;
                let live = self.hosted(game)?;
                live.host.prove(proof);
                let record = live.host.record_text();
                self.send(conn, ToClient::Exported { game, record });
                Ok(())
            }
        }
    }

    /// The lobby as player `public` sees it, sent to `conn`.
    fn lobby(&mut self, conn: u64, public: &str) -> Result<(), Refusal> {
        let (open, mine) = self.store.lobby(public, 200)?;
        let info = |g: &GameRow| self.info(g, public);
        let open = open.iter().map(info).collect::<Result<_, _>>()?;
        let mine = mine.iter().map(info).collect::<Result<_, _>>()?;
        self.send(conn, ToClient::Lobby { open, mine });
        Ok(())
    }

    /// Player `public` gives up his seat in game `game`, which has not begun
    /// ([`ToServer::Withdraw`]); the game goes once nobody holds a seat.
    ///
    /// Errors: no such game, it has begun (a game begun is played, or waits, to its end), or
    /// he holds no seat in it.
    fn withdraw(&mut self, public: &str, game: u64) -> Result<(), Refusal> {
        let row = self.store.game(game)?.ok_or("no such game")?;
        if row.set_up.is_some() {
            return Err(
                "the game has begun: it is played to its end, or waits for its players".into(),
            );
        }
        if row.over {
            return Err("this game was closed before it began".into());
        }
        let seat = self
            .store
            .seats(game)?
            .into_iter()
            .find(|s| s.public.as_deref() == Some(public))
            .ok_or("you hold no seat in this game")?;
        if self.store.withdraw(game, seat.side)? {
            println!("game {game}: withdrawn by its last player, gone");
        }
        Ok(())
    }

    /// A finished game exported from a club server, brought here by one of its players
    /// (`public`): verified as `holotable replay --check` verifies it (every command, the
    /// seed's parts, every signature), then kept as it was played, under a number of its own
    /// here, listed, to be watched and exported again with the same proof.
    fn import(&mut self, conn: u64, public: &str, record: &str) -> Result<(), Refusal> {
        // Verifying replays the whole game in the hall's one thread: one a second, server-wide,
        // so a stream of forged games cannot take the thread from the games being played.
        if self
            .last_import
            .is_some_and(|t| t.elapsed() < Duration::from_secs(1))
        {
            return Err(IMPORT_BUSY.into());
        }
        self.last_import = Some(Instant::now());
        let path = std::path::Path::new("the game brought");
        let entry = self.registry.for_save(record, path)?;
        let game = (entry.club_import)(record, path)?;
        if !game.proof.seats.iter().any(|s| s.public == public) {
            return Err("only one of its players may bring a game here".into());
        }
        if let Some(id) = self.store.with_commitment(&game.proof.commitment)? {
            return Err(format!("this game is kept here already, as game {id}"));
        }
        let header = crate::rules::scenario::read_header(
            &game.scenario_src,
            &game.scenario_file,
            &[entry.id],
        )
        .map_err(|e| e.to_string())?;
        let row = GameRow {
            id: 0,
            ruleset: entry.id.to_string(),
            scenario_file: game.scenario_file,
            scenario_src: game.scenario_src,
            title: header.name,
            correspondence: false,
            public: true,
            invitation: None,
            server_part: game.proof.server_part.clone(),
            commitment: game.proof.commitment.clone(),
            code: crate::engine::online::code::new_code(),
            set_up: Some(game.set_up),
            over: true,
            to_move: String::new(),
            signed_as: game.proof.game,
            per_move: None,
            since: None,
        };
        let seats: Vec<(usize, String, String)> = game
            .proof
            .seats
            .iter()
            .map(|s| (s.side, s.public.clone(), s.part.clone()))
            .collect();
        let commands: Vec<CommandRow> = game
            .recorded
            .into_iter()
            .zip(game.proof.signed)
            .map(|(recorded, signed)| CommandRow { recorded, signed })
            .collect();
        let id = self.store.import(&row, public, &seats, &commands)?;
        let row = self.store.game(id)?.ok_or("the game was not kept")?;
        println!(
            "game {id}: {} brought from game {} elsewhere",
            row.title, row.signed_as
        );
        let info = self.info(&row, public)?;
        self.send(conn, ToClient::Imported { info });
        Ok(())
    }

    /// How a chat line of player `name`, holding side `side` of game `game`, is signed:
    /// "Name (Side)".
    fn speaker(&self, name: &str, game: u64, side: usize) -> Result<String, Refusal> {
        let header = self.store.game(game)?.ok_or("no such game")?.header()?;
        Ok(match header.sides.get(side) {
            Some(s) => format!("{name} ({})", s.name),
            None => name.to_string(),
        })
    }

    /// A line of chat from connection `conn`'s player, seated at game `game`: kept with the
    /// game (so it outlives the sitting and the server) and sent to everyone else at the game,
    /// players and watchers, as "Name (Side)".
    fn chat(&mut self, conn: u64, game: u64, text: &str) -> Result<(), Refusal> {
        let (public, name) = self.who(conn)?;
        let (side, _) = self.seat_of(&public, game)?;
        if !self
            .players
            .get(&conn)
            .is_some_and(|p| p.sat.contains_key(&game))
        {
            return Err("sit down at the game first".into());
        }
        let line: String = text.trim().chars().take(MAX_CHAT).collect();
        if line.is_empty() {
            return Ok(());
        }
        let speaker = self.speaker(&name, game, side)?;
        self.store.said(game, &speaker, &line)?;
        let others: Vec<u64> = self
            .peers
            .values()
            .filter(|&&(c, g)| g == game && c != conn)
            .map(|&(c, _)| c)
            .collect();
        for c in others {
            self.send(
                c,
                ToClient::Game {
                    game,
                    message: ToGuest::Chat {
                        from: speaker.clone(),
                        text: line.clone(),
                    },
                },
            );
        }
        Ok(())
    }

    /// Game `row`'s proof for its export: the server's part revealed, every seat's key and
    /// part, every player's signature.
    fn proof(&self, row: &GameRow) -> Result<ClubProof, Refusal> {
        let seats = self
            .store
            .seats(row.id)?
            .into_iter()
            .map(|s| ClubSeat {
                side: s.side,
                public: s.public.unwrap_or_default(),
                part: s.part.unwrap_or_default(),
            })
            .collect();
        let signed = self
            .store
            .commands(row.id)?
            .into_iter()
            .map(|c| c.signed)
            .collect();
        Ok(ClubProof {
            game: row.signed_as,
            server_part: row.server_part.clone(),
            commitment: row.commitment.clone(),
            seats,
            signed,
        })
    }

    /// The lobby's line for game `g`, for the player with key `public`.
    fn info(&self, g: &GameRow, public: &str) -> Result<GameInfo, Refusal> {
        let header = g.header()?;
        let seats = self.store.seats(g.id)?;
        let yours = seats
            .iter()
            .find(|s| s.public.as_deref() == Some(public))
            .and_then(|s| header.sides.get(s.side))
            .map(|s| s.id.clone());
        Ok(GameInfo {
            game: g.id,
            ruleset: self
                .registry
                .get(&g.ruleset)
                .map_or(g.ruleset.clone(), |e| e.title.to_string()),
            scenario: g.title.clone(),
            seats: seats
                .iter()
                .filter_map(|s| {
                    let side = header.sides.get(s.side)?;
                    Some(SeatInfo {
                        side: side.id.clone(),
                        name: side.name.clone(),
                        player: s.player.clone().filter(|_| s.public.is_some()),
                    })
                })
                .collect(),
            correspondence: g.correspondence,
            public: g.public,
            started: g.set_up.is_some(),
            over: g.over,
            to_move: g
                .to_move
                .split(',')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect(),
            invitation: yours.as_ref().and(g.invitation.clone()),
            yours,
            commitment: g.commitment.clone(),
            per_move: g.per_move,
            waiting: g
                .since
                .map(|t| super::store::now().saturating_sub(t as i64).max(0) as u64),
        })
    }

    /// A scenario a player sent: a bundled one by name, or RON text; checked by its rule set.
    fn scenario(&self, scenario: &str) -> Result<(Loaded, RuleSetEntry), Refusal> {
        if scenario.len() > MAX_SCENARIO {
            return Err(format!("a scenario longer than {MAX_SCENARIO} bytes"));
        }
        let bundled = scenario.trim_end_matches(".ron");
        let (loaded, entry) = match self
            .registry
            .bundled()
            .find(|(_, n, _)| n.trim_end_matches(".ron") == bundled)
        {
            Some((_, n, src)) => self
                .registry
                .read_text(format!("bundled:{n}"), src.to_string()),
            None if scenario.contains('(') => self
                .registry
                .read_text("the scenario sent".to_string(), scenario.to_string()),
            None => return Err(format!("no bundled scenario is named '{scenario}'")),
        }
        .map_err(|e| e.join("\n"))?;
        (entry.check)(&loaded).map_err(|e| e.join("\n"))?;
        Ok((loaded, entry))
    }

    fn create(
        &mut self,
        conn: u64,
        public: &str,
        (scenario, side): (&str, &str),
        (correspondence, listed, per_move): (bool, bool, Option<u64>),
    ) -> Result<(), Refusal> {
        if per_move.is_some_and(|s| !super::protocol::PER_MOVE.contains(&s)) {
            return Err("the time allowed a move is from a minute to 30 days".into());
        }
        if self.store.created_going(public)? >= self.options.games_per_player {
            return Err(format!(
                "you have {} games going that you created: finish one first",
                self.options.games_per_player
            ));
        }
        let (loaded, entry) = self.scenario(scenario)?;
        let persons = persons(&loaded);
        let creator_side = loaded
            .header
            .sides
            .iter()
            .position(|s| s.id == side)
            .filter(|i| persons.contains(i))
            .ok_or_else(|| {
                format!(
                    "no side '{side}' that a person plays (sides: {})",
                    persons
                        .iter()
                        .map(|&i| loaded.header.sides[i].id.clone())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })?;
        if persons.len() < 2 {
            return Err("a club game needs two sides that people play".into());
        }
        let server_part = identity::random_hex();
        let row = GameRow {
            id: 0,
            ruleset: entry.id.to_string(),
            scenario_file: loaded.file.clone(),
            scenario_src: loaded.src.clone(),
            title: loaded.header.name.clone(),
            correspondence,
            public: listed,
            invitation: (!listed).then(crate::engine::online::code::new_code),
            commitment: crate::engine::seed_draw::commitment(&server_part),
            server_part,
            code: crate::engine::online::code::new_code(),
            set_up: None,
            over: false,
            to_move: String::new(),
            signed_as: 0,
            per_move,
            since: None,
        };
        let id = self.store.create(&row, public, &persons, creator_side)?;
        let row = self.store.game(id)?.ok_or("the game was not kept")?;
        println!("game {id}: {} created", row.title);
        let info = self.info(&row, public)?;
        self.send(
            conn,
            ToClient::Created {
                info,
                invitation: row.invitation.clone(),
            },
        );
        Ok(())
    }

    fn take(
        &mut self,
        conn: u64,
        public: &str,
        game: u64,
        side: Option<&str>,
        invitation: Option<&str>,
        part: &str,
    ) -> Result<(), Refusal> {
        let row = self.store.game(game)?.ok_or("no such game")?;
        if row.over && row.set_up.is_none() {
            return Err("this game was closed before it began".into());
        }
        let seats = self.store.seats(game)?;
        let mine = seats.iter().find(|s| s.public.as_deref() == Some(public));
        if row.set_up.is_some() {
            return Err(match mine {
                Some(_) => "the game has begun: sit down at it".into(),
                None => "every seat of this game is taken".into(),
            });
        }
        if mine.is_none()
            && let Some(code) = &row.invitation
            && !invitation.is_some_and(|i| crate::engine::online::code::same(i, code))
        {
            return Err("this game is by invitation: give its code".into());
        }
        if !identity::is_part(part) {
            return Err("a part of the seed is 64 hex digits".into());
        }
        let header = row.header()?;
        let free =
            |s: &&super::store::SeatRow| s.public.is_none() || s.public.as_deref() == Some(public);
        let seat = match side {
            Some(id) => seats
                .iter()
                .find(|s| header.sides.get(s.side).is_some_and(|h| h.id == id))
                .ok_or_else(|| format!("this game has no seat for side '{id}'"))?,
            None => match mine {
                Some(s) => s,
                None => {
                    let open: Vec<_> = seats.iter().filter(free).collect();
                    match open.as_slice() {
                        [one] => *one,
                        [] => return Err("every seat of this game is taken".into()),
                        _ => return Err("choose a side".into()),
                    }
                }
            },
        };
        if !free(&seat) {
            return Err(format!(
                "{} seat is held by another player",
                crate::rules::words::possessive(
                    header
                        .sides
                        .get(seat.side)
                        .map_or("that side", |s| s.name.as_str())
                )
            ));
        }
        if mine.is_some_and(|m| m.side != seat.side) {
            return Err("you hold another seat of this game".into());
        }
        if seat.part.is_some() {
            return Err("you have taken this seat already".into());
        }
        self.store.take(game, seat.side, public, part)?;
        let row = self.store.game(game)?.ok_or("no such game")?;
        let begins = self.store.seats(game)?.iter().all(|s| s.part.is_some());
        if begins && let Err(why) = self.begin(&row) {
            // Every seat is taken, so nobody else will come to start it: left waiting it
            // would hold its players' seats for ever. It is over, unplayed, and the lobby
            // shows it so to every seat holder.
            self.store.moved(game, "", true)?;
            println!("game {game}: every seat taken, but it does not set up: {why}");
            return Err(format!(
                "every seat is taken but the game does not set up, so it is closed: {why}"
            ));
        }
        let row = self.store.game(game)?.ok_or("no such game")?;
        let info = self.info(&row, public)?;
        self.send(conn, ToClient::Seated { info });
        if begins {
            // Every seat holder connected now sits down at it.
            let seats = self.store.seats(game)?;
            let holders: Vec<(u64, String)> = self
                .players
                .iter()
                .filter(|(_, p)| seats.iter().any(|s| s.public.as_deref() == Some(&p.public)))
                .map(|(&c, p)| (c, p.public.clone()))
                .collect();
            for (conn, public) in holders {
                self.sit(conn, &public, game, 0)?;
            }
            self.notify_to_move(game);
        }
        Ok(())
    }

    /// Every seat is taken: the seed is drawn, the game set up and kept.
    fn begin(&mut self, row: &GameRow) -> Result<(), Refusal> {
        let (loaded, entry) = self.scenario_of(row)?;
        let seats = self.store.seats(row.id)?;
        let parts: Vec<String> = seats.iter().filter_map(|s| s.part.clone()).collect();
        let seed = identity::seed(&row.server_part, &parts);
        let sides: Vec<usize> = seats.iter().map(|s| s.side).collect();
        let host = (entry.online_host)(&loaded, seed, &sides, &row.code)?;
        self.store.begin(row.id, &host.record_text())?;
        println!("game {}: every seat taken, begun", row.id);
        self.live.insert(
            row.id,
            Live {
                host,
                code: row.code.clone(),
                touched: Instant::now(),
            },
        );
        self.after(row.id, 0, None, Vec::new())
    }

    fn scenario_of(&self, row: &GameRow) -> Result<(Loaded, RuleSetEntry), Refusal> {
        let (loaded, entry) = self
            .registry
            .read_text(row.scenario_file.clone(), row.scenario_src.clone())
            .map_err(|e| e.join("\n"))?;
        Ok((loaded, entry))
    }

    /// Game `id` in memory: hosted again from the store where it was let go.
    fn hosted(&mut self, id: u64) -> Result<&mut Live, Refusal> {
        if !self.live.contains_key(&id) {
            let row = self.store.game(id)?.ok_or("no such game")?;
            let set_up = row
                .set_up
                .as_deref()
                .ok_or("the game has not begun: it waits for players")?;
            let entry = *self
                .registry
                .get(&row.ruleset)
                .ok_or("a game of a rule set this server does not know")?;
            let sides: Vec<usize> = self.store.seats(id)?.iter().map(|s| s.side).collect();
            let recorded: Vec<String> = self
                .store
                .commands(id)?
                .into_iter()
                .map(|c| c.recorded)
                .collect();
            let host = (entry.online_resume_recorded)(set_up, &recorded, &sides, &row.code)
                .map_err(|e| format!("game {id} does not host again: {e}"))?;
            self.live.insert(
                id,
                Live {
                    host,
                    code: row.code,
                    touched: Instant::now(),
                },
            );
        }
        let live = self.live.get_mut(&id).ok_or("no such game")?;
        live.touched = Instant::now();
        Ok(live)
    }

    fn seat_of(&self, public: &str, game: u64) -> Result<(usize, String), Refusal> {
        let row = self.store.game(game)?.ok_or("no such game")?;
        let seat = self
            .store
            .seats(game)?
            .into_iter()
            .find(|s| s.public.as_deref() == Some(public) && s.part.is_some())
            .ok_or("you hold no seat in this game")?;
        let header = row.header()?;
        let id = header
            .sides
            .get(seat.side)
            .map(|s| s.id.clone())
            .ok_or("a seat of a side the scenario lacks")?;
        Ok((seat.side, id))
    }

    fn sit(&mut self, conn: u64, public: &str, game: u64, have: usize) -> Result<(), Refusal> {
        let (_, side_id) = self.seat_of(public, game)?;
        let key = public.to_string();
        // One who sits down holding part of the game (a dropped connection) has its chat.
        self.arrive(conn, game, have == 0, |code| ToHost::Hello {
            code,
            side: Some(side_id),
            have,
            key,
        })
    }

    /// A player watches game `game`: a public game, or one he holds a seat in.
    fn watch(&mut self, conn: u64, public: &str, game: u64) -> Result<(), Refusal> {
        let row = self.store.game(game)?.ok_or("no such game")?;
        let seated = self
            .store
            .seats(game)?
            .iter()
            .any(|s| s.public.as_deref() == Some(public));
        if !row.public && !seated {
            return Err("a game by invitation is watched only by its players".into());
        }
        self.arrive(conn, game, true, |code| ToHost::Watch { code, have: 0 })
    }

    /// Connection `conn` comes to game `game` (hosted again if let go) with the host's message
    /// `hello` makes of the game's code: the game knows the connection by a peer of its own
    /// from now on, and what the host answers is sent, then (`with_chat`) the game's kept chat.
    fn arrive(
        &mut self,
        conn: u64,
        game: u64,
        with_chat: bool,
        hello: impl FnOnce(String) -> ToHost,
    ) -> Result<(), Refusal> {
        let peer = match self.players.get(&conn).and_then(|p| p.sat.get(&game)) {
            Some(&peer) => peer,
            None => {
                self.next_peer += 1;
                self.next_peer
            }
        };
        let live = self.hosted(game)?;
        let message = hello(live.code.clone());
        let out = live.host.receive(peer, message);
        self.peers.insert(peer, (conn, game));
        if let Some(p) = self.players.get_mut(&conn) {
            p.sat.insert(game, peer);
        }
        self.dispatch(game, out);
        // The game's chat so far, from the store: it outlives sittings and restarts. His own
        // lines read "you", as the window shows a line as he sends it.
        let kept = if with_chat {
            self.store.chat(game, CHAT_KEPT)?
        } else {
            Vec::new()
        };
        let me = match self.who(conn) {
            Ok((public, name)) => match self.seat_of(&public, game) {
                Ok((side, _)) => Some(self.speaker(&name, game, side)?),
                Err(_) => None,
            },
            Err(_) => None,
        };
        for (from, text) in kept {
            let from = if me.as_ref() == Some(&from) {
                "you".to_string()
            } else {
                from
            };
            self.send(
                conn,
                ToClient::Game {
                    game,
                    message: ToGuest::Chat { from, text },
                },
            );
        }
        Ok(())
    }

    fn to_host(&mut self, conn: u64, game: u64, message: ToHost) -> Result<(), Refusal> {
        let peer = *self
            .players
            .get(&conn)
            .and_then(|p| p.sat.get(&game))
            .ok_or("sit down at the game first")?;
        let out = self.hosted(game)?.host.receive(peer, message);
        self.dispatch(game, out);
        Ok(())
    }

    fn play(
        &mut self,
        conn: u64,
        public: &str,
        game: u64,
        ron: &str,
        index: usize,
        signature: &str,
    ) -> Result<(), Refusal> {
        if !identity::verify(
            public,
            &identity::command_message(game, index, ron),
            signature,
        ) {
            return Err("the command's signature is not yours: refused".into());
        }
        let (side, _) = self.seat_of(public, game)?;
        let peer = *self
            .players
            .get(&conn)
            .and_then(|p| p.sat.get(&game))
            .ok_or("sit down at the game first")?;
        let live = self.hosted(game)?;
        // The signature covers the text: only the text this program writes for the command
        // is taken, so the export's proof (which signs the command as recorded) verifies.
        match live.host.script(&format!("[{ron}]"), "the command") {
            Ok(c) if c.len() == 1 && c[0] == ron => {}
            Ok(_) => return Err("one command, written as Holotable writes it, is taken".into()),
            Err(e) => return Err(format!("not a command of this game: {e}")),
        }
        let held = live.host.game().commands();
        if index != held {
            return Err(format!(
                "the game holds {held} commands, not {index}: it moved on before your command came"
            ));
        }
        // What the guests are sent waits until the command is kept.
        let out = live.host.receive(
            peer,
            ToHost::Command {
                ron: ron.to_string(),
            },
        );
        self.after(game, held, Some((side, signature.to_string())), out)?;
        self.notify_to_move(game);
        Ok(())
    }

    /// Keeps the commands game `id` added since it held `from` (the first signed by `signed`,
    /// where a player sent it), then sends what they tell the players (`pending`); plays the
    /// rules' sides' steps, each kept before it is sent, likewise.
    fn after(
        &mut self,
        id: u64,
        from: usize,
        signed: Option<(usize, String)>,
        pending: Vec<Outgoing>,
    ) -> Result<(), Refusal> {
        let mut kept = from;
        let mut signed = signed;
        let mut pending = pending;
        loop {
            let live = self.live.get_mut(&id).ok_or("no such game")?;
            let recorded = live.host.recorded(kept);
            if !recorded.is_empty() {
                let rows: Vec<CommandRow> = recorded
                    .into_iter()
                    .map(|recorded| CommandRow {
                        recorded,
                        signed: signed.take(),
                    })
                    .collect();
                let to_move = to_move(live);
                let over = live.host.game().over();
                let n = rows.len();
                if let Err(e) = self.store.add_commands(id, kept, &rows, &to_move, over) {
                    // Nobody was told of what was not kept: the game goes from memory and is
                    // hosted again from what the store holds when next sat at.
                    self.live.remove(&id);
                    return Err(e);
                }
                kept += n;
                if over {
                    println!("game {id}: over");
                }
            }
            // Only a command the player sent carries his signature: the rules' steps none.
            signed = None;
            self.dispatch(id, std::mem::take(&mut pending));
            let live = self.live.get_mut(&id).ok_or("no such game")?;
            match live.host.step_rules() {
                // The game waits for a person (or is over): the lobby says whom, from the start.
                None => {
                    let to_move = to_move(live);
                    let over = live.host.game().over();
                    return self.store.moved(id, &to_move, over);
                }
                Some(Ok(out)) => pending = out,
                Some(Err(e)) => return Err(format!("the rules' side cannot go on: {e}")),
            }
        }
    }

    /// Runs the club's command for each player who must move in correspondence game `id` and
    /// is not connected.
    fn notify_to_move(&mut self, id: u64) {
        let Some(command) = self.options.on_move.clone() else {
            return;
        };
        let Ok(Some(row)) = self.store.game(id) else {
            return;
        };
        if !row.correspondence || row.over {
            return;
        }
        let Ok(header) = row.header() else {
            return;
        };
        for seat in self.store.seats(id).unwrap_or_default() {
            let moves = header
                .sides
                .get(seat.side)
                .is_some_and(|s| row.to_move.split(',').any(|m| m == s.id));
            let public = seat.public.clone().unwrap_or_default();
            let connected = self.players.values().any(|p| p.public == public);
            if moves && !connected {
                let spawned = std::process::Command::new("sh")
                    .arg("-c")
                    .arg(&command)
                    .env("HOLOTABLE_GAME", id.to_string())
                    .env("HOLOTABLE_PLAYER", seat.player.unwrap_or_default())
                    .env("HOLOTABLE_PUBLIC", public)
                    .spawn();
                if let Err(e) = spawned {
                    eprintln!("game {id}: the on-move command did not start: {e}");
                }
            }
        }
    }
}

/// The side ids of the sides whose person must act in `live`'s game, comma-separated.
fn to_move(live: &Live) -> String {
    let ids = live.host.side_ids();
    live.host
        .persons_to_act()
        .iter()
        .filter_map(|&s| ids.get(s).cloned())
        .collect::<Vec<_>>()
        .join(",")
}

/// The sides (indices) of `loaded` a person plays.
fn persons(loaded: &Loaded) -> Vec<usize> {
    loaded.header.persons()
}

/// The game a message concerns, for its refusal.
fn game_of(message: &ToServer) -> Option<u64> {
    match message {
        ToServer::Take { game, .. }
        | ToServer::Sit { game, .. }
        | ToServer::Watch { game }
        | ToServer::Play { game, .. }
        | ToServer::Resync { game, .. }
        | ToServer::Chat { game, .. }
        | ToServer::Withdraw { game }
        | ToServer::Stand { game }
        | ToServer::Export { game } => Some(*game),
        _ => None,
    }
}

/// Whether `name` is a display name a player may use: 1 to [`MAX_NAME`] characters, no
/// control characters.
pub fn good_name(name: &str) -> bool {
    let n = name.trim().chars().count();
    (1..=MAX_NAME).contains(&n) && !name.chars().any(char::is_control)
}
