//! `holotable club`: a player at a club server without a window. Lists the lobby, creates a
//! game, takes a seat, sits down and plays his side from a script or by the rules' own
//! policy, and exports a finished game. What the tests and a club's scripts use.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::client::Client;
use super::protocol::{GameInfo, IMPORT_BUSY, ToClient, ToServer};
use crate::engine::online::GuestGame;
use crate::engine::online::protocol::ToGuest;
use crate::engine::registry::Registry;

/// Where and who.
#[derive(Clone, Debug)]
pub struct ClubOptions {
    /// The server, `host:port`.
    pub address: String,
    /// The folder keeping the player's key.
    pub data: PathBuf,
    /// The display name.
    pub name: String,
    /// How long to wait for the server before giving up, seconds.
    pub patience: u64,
}

/// What to do there.
#[derive(Clone, Debug)]
pub enum ClubAction {
    /// Print the lobby.
    Lobby,
    /// Create a game (a bundled scenario or a file's text) and take `side`.
    Create {
        /// The scenario.
        scenario: String,
        /// The side, by id.
        side: String,
        /// By correspondence.
        correspondence: bool,
        /// By invitation only.
        private: bool,
        /// The time allowed a move, seconds.
        per_move: Option<u64>,
    },
    /// Take a seat in game `game`.
    Take {
        /// The game.
        game: u64,
        /// The side, by id (none: the one free).
        side: Option<String>,
        /// A private game's invitation code.
        invitation: Option<String>,
    },
    /// Sit down again at game `game`.
    Sit {
        /// The game.
        game: u64,
    },
    /// Watch game `game` to its end.
    Watch {
        /// The game.
        game: u64,
    },
    /// Give up the seat held in game `game`, not yet begun.
    Withdraw {
        /// The game.
        game: u64,
    },
    /// Write finished game `game`'s record to `out`.
    Export {
        /// The game.
        game: u64,
        /// Where.
        out: PathBuf,
    },
    /// Bring the finished game exported to `file` to this server.
    Import {
        /// The export.
        file: PathBuf,
    },
}

/// How the player plays once seated.
#[derive(Clone, Debug, Default)]
pub struct Playing {
    /// His side's commands for this sitting, a RON list; none: the rules' policy chooses
    /// them from what his side sees.
    pub commands: Option<PathBuf>,
    /// Leave as soon as it is not his move (a correspondence game's sitting).
    pub until_waiting: bool,
}

fn say(line: impl AsRef<str>) {
    println!("{}", line.as_ref());
}

/// Does `action` at the club. Prints what happens; a game played to its end prints
/// `over: state hash H` last.
///
/// Errors: the server cannot be reached or refused, the game the server sent does not
/// verify, a script does not read, or the server was silent for longer than `patience`.
pub fn club(
    registry: &Registry,
    o: &ClubOptions,
    action: &ClubAction,
    playing: &Playing,
) -> Result<(), String> {
    let key = super::identity::key_in(&o.data)?;
    let wait = Duration::from_secs(o.patience.max(1));
    let mut client = Client::connect(&o.address, key, &o.name, wait)?;
    say(format!("signed in to {} as {}", client.server, o.name));
    let mut next = |client: &mut Client| -> Result<ToClient, String> {
        client
            .incoming
            .recv_timeout(wait)
            .map_err(|_| format!("nothing from the server for {} s", o.patience))
    };
    let game = match action {
        ClubAction::Lobby => {
            client.send(&ToServer::Lobby)?;
            loop {
                if let ToClient::Lobby { open, mine } = next(&mut client)? {
                    say(super::protocol::your_move_in(
                        super::protocol::moves_waiting(&mine),
                    ));
                    for g in &mine {
                        say(format!("mine: {}", line(g)));
                    }
                    for g in &open {
                        say(format!("open: {}", line(g)));
                    }
                    return Ok(());
                }
            }
        }
        ClubAction::Withdraw { game } => {
            client.send(&ToServer::Withdraw { game: *game })?;
            loop {
                match next(&mut client)? {
                    // The lobby answers a seat given up; a refusal says why not.
                    ToClient::Lobby { .. } => {
                        say(format!(
                            "game {game}: your seat given up (a game nobody holds a seat in goes)"
                        ));
                        return Ok(());
                    }
                    ToClient::Refused { reason, .. } => {
                        return Err(format!("game {game}: {reason}"));
                    }
                    _ => {}
                }
            }
        }
        ClubAction::Export { game, out } => {
            client.send(&ToServer::Export { game: *game })?;
            loop {
                match next(&mut client)? {
                    ToClient::Exported { record, .. } => {
                        crate::engine::save::write_atomically(out, record.as_bytes())
                            .map_err(|e| format!("{}: {e}", out.display()))?;
                        say(format!("game {game} written to {}", out.display()));
                        return Ok(());
                    }
                    ToClient::Refused { reason, .. } => return Err(reason),
                    _ => {}
                }
            }
        }
        ClubAction::Import { file } => {
            let record = crate::engine::save::read(file)?;
            // Checked here first, as the server will: a fault is told with this file's name,
            // line and column.
            let entry = registry.for_save(&record, file)?;
            (entry.club_import)(&record, file)?;
            client.send(&ToServer::Import {
                record: record.clone(),
            })?;
            let mut tries = 1;
            loop {
                match next(&mut client)? {
                    ToClient::Imported { info } => {
                        say(format!("game {} brought here: {}", info.game, line(&info)));
                        return Ok(());
                    }
                    // The server verifies one game at a time: again, a moment later.
                    ToClient::Refused { reason, .. } if reason == IMPORT_BUSY && tries < 30 => {
                        std::thread::sleep(Duration::from_secs(1));
                        tries += 1;
                        client.send(&ToServer::Import {
                            record: record.clone(),
                        })?;
                    }
                    ToClient::Refused { reason, .. } => {
                        return Err(format!("{}: {reason}", file.display()));
                    }
                    _ => {}
                }
            }
        }
        ClubAction::Create {
            scenario,
            side,
            correspondence,
            private,
            per_move,
        } => {
            let text = if std::path::Path::new(scenario).is_file() {
                std::fs::read_to_string(scenario).map_err(|e| format!("{scenario}: {e}"))?
            } else {
                scenario.clone()
            };
            client.send(&ToServer::Create {
                scenario: text,
                side: side.clone(),
                correspondence: *correspondence,
                public: !private,
                per_move: *per_move,
            })?;
            let info = loop {
                match next(&mut client)? {
                    ToClient::Created { info, invitation } => {
                        say(format!(
                            "game {} created{}",
                            info.game,
                            invitation
                                .map(|i| format!(", invitation {i}"))
                                .unwrap_or_default()
                        ));
                        break info;
                    }
                    ToClient::Refused { reason, .. } => return Err(reason),
                    _ => {}
                }
            };
            let info = take(&mut client, &mut next, info.game, Some(side.clone()), None)?;
            if !info.started && playing.until_waiting {
                say("waiting: the game waits for players");
                return Ok(());
            }
            info.game
        }
        ClubAction::Take {
            game,
            side,
            invitation,
        } => {
            let info = take(
                &mut client,
                &mut next,
                *game,
                side.clone(),
                invitation.clone(),
            )?;
            if !info.started && playing.until_waiting {
                say("waiting: the game waits for players");
                return Ok(());
            }
            *game
        }
        ClubAction::Watch { game } => {
            client.send(&ToServer::Watch { game: *game })?;
            *game
        }
        ClubAction::Sit { game } => {
            client.send(&ToServer::Sit {
                game: *game,
                have: 0,
            })?;
            *game
        }
    };
    play(registry, &mut client, game, playing, wait)
}

/// One line of the lobby for `g`: the lobby's own, with where the game stands.
fn line(g: &GameInfo) -> String {
    format!(
        "{}{}{}",
        g.line(),
        if g.over {
            " · over"
        } else if !g.started {
            " · waiting for players"
        } else {
            ""
        },
        if g.your_move() && !g.over {
            " · your move"
        } else {
            ""
        }
    )
}

fn take(
    client: &mut Client,
    next: &mut impl FnMut(&mut Client) -> Result<ToClient, String>,
    game: u64,
    side: Option<String>,
    invitation: Option<String>,
) -> Result<GameInfo, String> {
    let part = client.part(game);
    client.send(&ToServer::Take {
        game,
        side,
        invitation,
        part,
    })?;
    loop {
        match next(client)? {
            ToClient::Seated { info } => {
                say(format!(
                    "seated at game {} as {}",
                    info.game,
                    info.yours.clone().unwrap_or_default()
                ));
                return Ok(info);
            }
            ToClient::Refused { reason, .. } => return Err(reason),
            _ => {}
        }
    }
}

/// Plays game `game` from the welcome on: each command the server sends checked and played,
/// this side's commands sent signed when it is to act.
fn play(
    registry: &Registry,
    client: &mut Client,
    game: u64,
    playing: &Playing,
    wait: Duration,
) -> Result<(), String> {
    let script_src = match &playing.commands {
        Some(p) => Some(std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?),
        None => None,
    };
    let mut guest: Option<Box<dyn GuestGame>> = None;
    let mut script: Option<std::collections::VecDeque<String>> = None;
    // The commands held when this side's last command was sent: it waits for them to grow.
    let mut sent_at: Option<usize> = None;
    // The rest of the rules' policy's last step, sent one by one as each is accepted.
    let mut chosen: std::collections::VecDeque<String> = Default::default();
    // The server's refusals of chosen commands since one was taken: once a step's tries are
    // all refused, a legal move is chosen.
    let mut refusals = 0u64;
    let mut played = 0usize;
    let mut waited = Instant::now();
    loop {
        if let Some(g) = guest.as_mut() {
            if g.game().over() {
                say(format!("over: state hash {:016x}", g.game().state_hash()));
                return Ok(());
            }
            let held = g.held();
            if sent_at.is_some_and(|s| held > s) {
                sent_at = None;
            }
            if sent_at.is_none() && g.to_act() {
                if script.is_none() && chosen.is_empty() {
                    if refusals > 10_000 {
                        return Err("the server refused 10,000 commands in a row: stopped".into());
                    }
                    chosen = g.choose(refusals)?.into();
                }
                let command = match script.as_mut() {
                    Some(s) => s.pop_front(),
                    None => chosen.pop_front(),
                };
                match command {
                    Some(ron) => {
                        client.play(game, held, &ron)?;
                        sent_at = Some(held);
                        played += 1;
                    }
                    None => return Err("this side must act and has no command left".into()),
                }
            } else if sent_at.is_none() && playing.until_waiting && !g.to_act() {
                say(format!(
                    "waiting: not this side's move (sent {played} commands this sitting)"
                ));
                return Ok(());
            }
        }
        let message = match client.incoming.recv_timeout(Duration::from_millis(200)) {
            Ok(m) => m,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if waited.elapsed() > wait {
                    return Err(format!("nothing from the server for {} s", wait.as_secs()));
                }
                continue;
            }
            Err(_) => return Err("the server closed the connection".into()),
        };
        waited = Instant::now();
        match message {
            ToClient::Refused { reason, .. } => {
                say(format!("refused: {reason}"));
                if guest.is_none() {
                    return Err(reason);
                }
                sent_at = None;
            }
            ToClient::Game { game: g, message } if g == game => match message {
                ToGuest::Welcome {
                    ruleset,
                    side,
                    record,
                } => {
                    let entry = registry
                        .get(&ruleset)
                        .ok_or_else(|| format!("a game of rule set '{ruleset}', unknown here"))?;
                    let g = (entry.online_guest)(&record, side)?;
                    if script.is_none()
                        && let Some(src) = &script_src
                    {
                        let file = playing
                            .commands
                            .as_ref()
                            .map(|p| p.display().to_string())
                            .unwrap_or_default();
                        let all: std::collections::VecDeque<String> = g.script(src, &file)?.into();
                        script = Some(all);
                    }
                    say(format!("sat at game {game}, holding {} commands", g.held()));
                    guest = Some(g);
                    sent_at = None;
                }
                ToGuest::Commands { from, commands } => {
                    let Some(g) = guest.as_mut() else { continue };
                    let before = g.held();
                    if let Err(e) = g.apply(from, &commands) {
                        say(format!("out of step: {e}"));
                        client.send(&ToServer::Resync {
                            game,
                            index: before + 1,
                            why: e.to_string(),
                        })?;
                        continue;
                    }
                    if g.held() > before && sent_at.is_some_and(|s| g.held() > s) {
                        refusals = 0;
                    }
                    for words in &g.game().command_words()[before..] {
                        say(format!("command: {words}"));
                    }
                }
                ToGuest::Refused { reason } => {
                    say(format!("refused: {reason}"));
                    sent_at = None;
                    // The policy's step may hold tries in order (the first the rules take is
                    // its choice, as the pipeline picks at the rules' own table): the next
                    // goes; once none is left, a legal move.
                    refusals += 1;
                    if script.is_some() {
                        return Err(format!("a command of the script was refused: {reason}"));
                    }
                }
                ToGuest::Denied { reason } => return Err(reason),
                ToGuest::Chat { from, text } => say(format!("chat: {from}: {text}")),
                ToGuest::Presence { side, here } => {
                    say(crate::engine::online::protocol::presence(&side, here))
                }
            },
            _ => {}
        }
    }
}
