//! `holotable host` and `holotable join` without a window: each end plays its side from a
//! script of commands (`--commands FILE`), sending the next one whenever its side must act,
//! and prints what happens. Two such processes on one machine are how the tests play a game
//! over the network.

use std::io::Write as _;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy_replicon::prelude::ClientState;

use super::host::Outgoing;
use super::protocol::{ToGuest, ToHost};
use super::{GuestGame, HostGame, net};
use crate::engine::registry::Registry;

/// What `holotable host` was asked.
#[derive(Clone, Debug, Default)]
pub struct HostOptions {
    /// The scenario: a bundled name or a file.
    pub scenario: String,
    /// The side played at the host, by id.
    pub side: String,
    /// The UDP port (0: any free one).
    pub port: u16,
    /// The join code (`None`: a new one).
    pub code: Option<String>,
    /// The dice seed (`None`: a random one).
    pub seed: Option<u64>,
    /// The host side's commands (a RON list).
    pub commands: Option<PathBuf>,
    /// Where the game is written after every command (whole or not at all).
    pub save: Option<PathBuf>,
    /// A game to host again: a save the host wrote (`--save`).
    pub resume: Option<PathBuf>,
    /// For tests of a host that stops: exit once the game holds this many commands.
    pub stop_after: Option<usize>,
    /// The longest the game may wait, in seconds, for a command or a guest.
    pub patience: u64,
}

/// What `holotable join` was asked.
#[derive(Clone, Debug, Default)]
pub struct JoinOptions {
    /// The host's address and port.
    pub addr: Option<SocketAddr>,
    /// The join code.
    pub code: String,
    /// The side wanted, by id (`None`: the one free seat).
    pub side: Option<String>,
    /// This side's commands (a RON list).
    pub commands: Option<PathBuf>,
    /// Where this side's game is written after every command.
    pub save: Option<PathBuf>,
    /// For tests of a dropped connection: drop it once this many commands are held, then
    /// rejoin.
    pub drop_after: Option<usize>,
    /// The longest the game may wait, in seconds, for the host.
    pub patience: u64,
}

fn say(line: impl AsRef<str>) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{}", line.as_ref());
    let _ = out.flush();
}

fn send_all(app: &mut App, out: Vec<Outgoing>) {
    for o in out {
        net::send_to_guest(app.world_mut(), o.peer, o.message);
    }
}

fn read_script(path: &Option<PathBuf>) -> Result<Option<(String, String)>, String> {
    path.as_ref()
        .map(|p| {
            std::fs::read_to_string(p)
                .map(|src| (src, p.display().to_string()))
                .map_err(|e| format!("{}: {e}", p.display()))
        })
        .transpose()
}

/// Hosts a game and plays the host's side from its script until the game is over and the
/// guests have left (or `patience` runs out). Prints the port and code first
/// (`listening on port P, join code C`), then each command and what the wire did, and last
/// the state hash of each guest's game (`ID sees: state hash H`) and of the whole game
/// (`over: state hash H`).
///
/// Errors: the scenario or save does not load, the port cannot be bound, the host's own
/// script does not read, or the game waited longer than `patience`.
pub fn host(registry: &Registry, o: &HostOptions) -> Result<(), String> {
    let code = o.code.clone().unwrap_or_else(super::code::new_code);
    let mut game: Box<dyn HostGame> = match &o.resume {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let entry = registry.for_save(&text, path)?;
            let ids = save_sides(&text, entry.id);
            let remote = remote_sides(&ids, &o.side)?;
            (entry.online_resume)(&text, &remote, &code)?
        }
        None => {
            let (loaded, entry) = registry.load(&o.scenario).map_err(|e| e.join("\n"))?;
            let ids: Vec<String> = loaded
                .header
                .sides
                .iter()
                .filter(|s| s.control != crate::rules::scenario::Control::Rules)
                .map(|s| s.id.clone())
                .collect();
            let all: Vec<String> = loaded.header.sides.iter().map(|s| s.id.clone()).collect();
            let remote: Vec<usize> = remote_sides(&ids, &o.side)?
                .into_iter()
                .filter_map(|i| all.iter().position(|a| *a == ids[i]))
                .collect();
            let seed = o.seed.unwrap_or_else(rand::random);
            (entry.online_host)(&loaded, seed, &remote, &code)?
        }
    };
    let ids = game.side_ids();
    let side = ids.iter().position(|i| *i == o.side).ok_or_else(|| {
        format!(
            "--side {}: no side of that id (sides: {})",
            o.side,
            ids.join(", ")
        )
    })?;
    let mut script: std::collections::VecDeque<String> = match read_script(&o.commands)? {
        Some((src, file)) => game.script(&src, &file)?.into(),
        None => Default::default(),
    };
    // A host that resumes has played part of its script already.
    let played = game.sent_by(side).min(script.len());
    script.drain(..played);
    let mut app = net::app();
    let port = net::listen(app.world_mut(), o.port, &code)?;
    say(format!("listening on port {port}, join code {code}"));
    let mut connected: Vec<u64> = Vec::new();
    let mut waited = Instant::now();
    let mut over_since: Option<Instant> = None;
    loop {
        app.update();
        let now = net::guests(app.world_mut());
        for gone in connected.iter().filter(|p| !now.contains(p)) {
            let out = game.dropped(*gone);
            send_all(&mut app, out);
        }
        connected = now;
        for (peer, message) in net::take_from_guests(app.world_mut()) {
            let out = game.receive(peer, message);
            send_all(&mut app, out);
            waited = Instant::now();
        }
        for line in game.take_log() {
            say(format!("net: {line}"));
        }
        let before = game.game().commands();
        if let Some(step) = game.step_rules() {
            send_all(&mut app, step?);
        } else if game.persons_to_act().contains(&side)
            && let Some(next) = script.pop_front()
        {
            match game.play_text(side, &next) {
                Ok(out) => send_all(&mut app, out),
                Err(why) => say(format!("refused: {why}")),
            }
        }
        let after = game.game().commands();
        if after != before {
            waited = Instant::now();
            if let Some(path) = &o.save {
                game.game().save(path).map_err(|e| e.to_string())?;
            }
            for text in &game.game().command_words()[before..after] {
                say(format!("command: {text}"));
            }
            if o.stop_after.is_some_and(|n| after >= n) {
                say(format!("stopping after {after} commands"));
                return Ok(());
            }
        }
        if game.game().over() {
            let since = *over_since.get_or_insert_with(Instant::now);
            // Until every guest has what it needs and has left, or a bounded wait.
            if connected.is_empty() || since.elapsed() > Duration::from_secs(10) {
                for _ in 0..5 {
                    app.update();
                }
                for (seat, _) in game.seats() {
                    if let Some(h) = game.view_hash(seat) {
                        let id = ids.get(seat).cloned().unwrap_or_default();
                        say(format!("{id} sees: state hash {h:016x}"));
                    }
                }
                let hash = game.game().state_hash();
                say(format!("over: state hash {hash:016x}"));
                net::close(app.world_mut());
                app.update();
                return Ok(());
            }
        } else if waited.elapsed() > Duration::from_secs(o.patience) {
            return Err(format!(
                "nothing happened for {} s: the game waits for {}",
                o.patience,
                game.persons_to_act()
                    .iter()
                    .map(|&s| ids.get(s).cloned().unwrap_or_default())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The side ids of a saved game's scenario, as its header gives them.
fn save_sides(text: &str, ruleset: &str) -> Vec<String> {
    #[derive(serde::Deserialize)]
    struct Src {
        scenario_src: String,
    }
    let Ok(src) = ron::from_str::<Src>(text) else {
        return Vec::new();
    };
    crate::rules::scenario::read_header(&src.scenario_src, "save", &[ruleset])
        .map(|h| {
            h.sides
                .iter()
                .filter(|s| s.control != crate::rules::scenario::Control::Rules)
                .map(|s| s.id.clone())
                .collect()
        })
        .unwrap_or_default()
}

/// The sides (indices into `ids`) played from other computers: all but the host's.
///
/// Errors: the host's side is not one of `ids`.
fn remote_sides(ids: &[String], host_side: &str) -> Result<Vec<usize>, String> {
    if !ids.iter().any(|i| i == host_side) {
        return Err(format!(
            "--side {host_side}: no side of that id that a person plays (sides: {})",
            ids.join(", ")
        ));
    }
    Ok((0..ids.len()).filter(|&i| ids[i] != host_side).collect())
}

/// Joins a game and plays this side from its script until the game is over. Prints each
/// command as it arrives and, last, `over: state hash <hex>`.
///
/// Errors: no address, the host denied the seat, the game the host sent does not verify
/// and cannot be had again, or nothing came from the host for `patience` seconds.
pub fn join(registry: &Registry, o: &JoinOptions) -> Result<(), String> {
    let addr = o.addr.ok_or("give the host's address: ADDRESS:PORT")?;
    let script_src = read_script(&o.commands)?;
    let mut app = net::app();
    net::connect(app.world_mut(), addr, &o.code)?;
    say(format!("connecting to {addr}"));
    let mut game: Option<Box<dyn GuestGame>> = None;
    let mut script: std::collections::VecDeque<String> = Default::default();
    let mut script_read = false;
    let mut in_flight = false;
    let mut was_connected = false;
    let mut dropped_once = false;
    let mut hello_at: Option<Instant> = None;
    let mut seated = false;
    let mut heard = Instant::now();
    // The seat this guest takes is bound to its key, for every reconnection of this run.
    let key = super::protocol::seat_key();
    let mut tried_at = Instant::now();
    loop {
        app.update();
        let state = net::guest_state(app.world());
        if state == ClientState::Connected {
            was_connected = true;
            // Until the host answers, the hello goes again each second (it may arrive before
            // the host has counted the connection).
            let due = hello_at.is_none_or(|t| t.elapsed() > Duration::from_secs(1));
            if due && !seated {
                let have = game.as_ref().map_or(0, |g| g.held());
                // Once welcomed, the side it plays, so a rejoin takes the same seat back.
                let side = o
                    .side
                    .clone()
                    .or_else(|| game.as_mut().and_then(|g| own_side(g.game())));
                net::send_to_host(
                    app.world_mut(),
                    ToHost::Hello {
                        code: o.code.clone(),
                        side,
                        have,
                        key: key.clone(),
                    },
                );
                hello_at = Some(Instant::now());
            }
        } else if state == ClientState::Disconnected
            && (was_connected || tried_at.elapsed() > Duration::from_secs(2))
        {
            // Dropped, or a try that never connected: try again every 2 s, as the window
            // does, until nothing has come from the host for `patience` seconds.
            if game.as_mut().is_some_and(|g| g.game().over()) {
                break;
            }
            say("reconnecting");
            was_connected = false;
            seated = false;
            hello_at = None;
            in_flight = false;
            tried_at = Instant::now();
            net::connect(app.world_mut(), addr, &o.code)?;
        }
        for message in net::take_from_host(app.world_mut()) {
            heard = Instant::now();
            match message {
                ToGuest::Welcome {
                    ruleset,
                    side,
                    record,
                } => {
                    let entry = registry.get(&ruleset).ok_or_else(|| {
                        format!("the host plays a rule set this program does not know: {ruleset}")
                    })?;
                    let g = (entry.online_guest)(&record, side)?;
                    if !script_read && let Some((src, file)) = &script_src {
                        script = g.script(src, file)?.into();
                        script_read = true;
                    }
                    say(format!("welcome: side {}, {} commands", side, g.held()));
                    game = Some(g);
                    seated = true;
                    in_flight = false;
                }
                ToGuest::Commands { from, commands } => {
                    let Some(g) = game.as_mut() else { continue };
                    seated = true;
                    let before = g.held();
                    match g.apply(from, &commands) {
                        Ok(()) => {
                            in_flight = false;
                            for text in &g.game().command_words()[before..] {
                                say(format!("command: {text}"));
                            }
                            if let Some(path) = &o.save {
                                g.game().save(path).map_err(|e| e.to_string())?;
                            }
                        }
                        Err(e) => {
                            say(format!("out of step: {e}"));
                            let index = match e {
                                super::guest::OutOfStep::Diverged { index, .. } => index,
                                super::guest::OutOfStep::Gap { held, .. } => held + 1,
                            };
                            net::send_to_host(
                                app.world_mut(),
                                ToHost::Resync {
                                    index,
                                    why: e.to_string(),
                                },
                            );
                        }
                    }
                }
                ToGuest::Refused { reason } => {
                    say(format!("refused: {reason}"));
                    in_flight = false;
                }
                ToGuest::Denied { reason } => return Err(format!("the host said no: {reason}")),
                ToGuest::Chat { from, text } => say(format!("chat: {from}: {text}")),
                ToGuest::Presence { side, here } => say(super::protocol::presence(&side, here)),
            }
        }
        if let Some(g) = game.as_mut() {
            if g.game().over() {
                let hash = g.game().state_hash();
                say(format!("over: state hash {hash:016x}"));
                net::close(app.world_mut());
                for _ in 0..5 {
                    app.update();
                }
                return Ok(());
            }
            if !dropped_once && o.drop_after.is_some_and(|n| g.held() >= n) {
                dropped_once = true;
                say(format!(
                    "dropping the connection after {} commands",
                    g.held()
                ));
                net::close(app.world_mut());
                app.update();
                continue;
            }
            if !in_flight
                && state == ClientState::Connected
                && seated
                && g.to_act()
                && let Some(next) = script.pop_front()
            {
                net::send_to_host(app.world_mut(), ToHost::Command { ron: next });
                in_flight = true;
            }
        }
        if heard.elapsed() > Duration::from_secs(o.patience) {
            return Err(format!("nothing came from the host for {} s", o.patience));
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    Ok(())
}

/// The id of the side a guest's game is played for.
fn own_side(game: &mut dyn super::super::session::Headless) -> Option<String> {
    let world = game.world_mut();
    let side = world.get_resource::<super::guest::Guest>()?.0;
    world
        .get_resource::<crate::engine::game::Sides>()?
        .ids
        .get(side)
        .cloned()
}
