//! A club server in the window: the title's *Play online → Club server* tab (the server's
//! address, your name, the lobby: your games and whose move it is, the open games, a new
//! game), and the wire to the server while a game there is played: what the server sends
//! goes through online play's guest ([`super::online::hear`]), what the player does goes to the
//! server signed. docs/club-server.md.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::egui;

use super::online::{ClubLost, Heard, Online};
use crate::club::client::Client;
use crate::club::protocol::{GameInfo, ToClient, ToServer};
use crate::engine::online::guest::GuestOutbox;
use crate::engine::online::protocol::{ToGuest, ToHost};
use crate::engine::registry::Registry;

/// The club tab's state: the form, and the lobby as the server last sent it.
#[derive(Resource)]
pub struct ClubDesk {
    address: String,
    name: String,
    /// Signed in to this server (its name).
    pub connected: Option<String>,
    /// A sign-in is under way ([`Connecting`]).
    connecting: bool,
    /// The club game on the table, as last seen: leaving it tells the server
    /// ([`ToServer::Stand`]).
    seated: Option<u64>,
    status: String,
    open: Vec<GameInfo>,
    mine: Vec<GameInfo>,
    /// The game the player asked to play: its welcome opens it.
    want: Option<u64>,
    /// When the lobby was last asked for: it is asked again every few seconds while shown.
    asked: Option<std::time::Instant>,
    scenario: String,
    side: String,
    correspondence: bool,
    listed: bool,
    /// The time allowed a move for a new game, seconds (none: no limit).
    per_move: Option<u64>,
    private_game: String,
    invitation: String,
    /// The path of an export to bring here, as typed.
    import_path: String,
    /// An export being brought here, until the server answers.
    importing: Option<Importing>,
    /// The scenarios a new game may be, read when first shown.
    choices: Option<Vec<Choice>>,
}

/// A finished game being brought to the server: its record, the file it came from, and when
/// to send it again (the server verifies one game at a time and says so).
struct Importing {
    record: String,
    file: String,
    again: Option<std::time::Instant>,
    tries: u32,
}

/// The file in the data folder that remembers the last club server and name.
const REMEMBERED: &str = "club-server";

/// The club server and name last signed in with, from the data folder's [`REMEMBERED`]
/// file: (address, name), either empty where the file does not say; none without the file.
fn remembered() -> Option<(String, String)> {
    let kept = crate::engine::autosave::data_folder()
        .and_then(|d| std::fs::read_to_string(d.join(REMEMBERED)).ok())?;
    let mut kept = kept.lines().map(|l| l.trim().to_string());
    Some((
        kept.next().unwrap_or_default(),
        kept.next().unwrap_or_default(),
    ))
}

impl Default for ClubDesk {
    fn default() -> Self {
        let (address, name) = remembered().unwrap_or_default();
        Self {
            address: Some(address)
                .filter(|a| !a.is_empty())
                .unwrap_or_else(|| "127.0.0.1:7780".into()),
            name: Some(name)
                .filter(|n| !n.is_empty())
                .or_else(|| std::env::var("USER").ok())
                .unwrap_or_else(|| "Player".into()),
            connected: None,
            connecting: false,
            seated: None,
            status: String::new(),
            open: Vec::new(),
            mine: Vec::new(),
            want: None,
            asked: None,
            scenario: String::new(),
            side: String::new(),
            correspondence: false,
            listed: true,
            per_move: None,
            private_game: String::new(),
            invitation: String::new(),
            import_path: String::new(),
            importing: None,
            choices: None,
        }
    }
}

/// The connection to the club server (its reader's channel is not shared between threads).
struct ClubLink(Client);

fn send(world: &mut World, message: ToServer) {
    let sent = world
        .get_non_send_mut::<ClubLink>()
        .map(|mut link| link.0.send(&message));
    if let Some(Err(e)) = sent {
        lost(world, &e);
    }
}

fn lost(world: &mut World, why: &str) {
    world.remove_non_send::<ClubLink>();
    world.remove_resource::<super::online::KeepPolling>();
    let mut desk = world.resource_mut::<ClubDesk>();
    desk.connected = None;
    desk.status = format!("The connection to the club server closed: {why}");
    if let Some(mut glance) = world.get_resource_mut::<ClubGlance>() {
        glance.began = None;
    }
    // At the table the game's panel says so (a walk: the panel went on saying "Your turn",
    // Shoot did nothing, and only leaving the game told why), and offers to sit down again.
    if matches!(world.get_resource::<Online>(), Some(Online::Club { .. })) {
        world.insert_resource(ClubLost::default());
        super::online::tell(
            world,
            format!(
                "The connection to the club server closed: {why}. The game waits there: Reconnect once the server is back."
            ),
        );
    }
}

/// The panel's Reconnect ([`ClubLost::asked`]): signs in again and sits down at the game on
/// the table ([`signed_in`]).
fn reconnect(world: &mut World) {
    let Some(Online::Club { game, .. }) = world.get_resource::<Online>().cloned() else {
        return;
    };
    super::online::tell(world, "Reconnecting to the club server…".into());
    connect(world);
    if let Some(mut connecting) = world.get_non_send_mut::<Connecting>() {
        connecting.sit = Some(game);
    }
}

/// Sits down again at `game` once signed in anew after the connection was lost: the server
/// sends it whole (what was played meanwhile included); commands not sent before the
/// connection closed are dropped, as the server never took them.
fn sit_again(world: &mut World, game: u64) {
    world.remove_resource::<ClubLost>();
    if let Some(mut out) = world.get_resource_mut::<GuestOutbox>() {
        out.0.clear();
    }
    world.resource_mut::<ClubDesk>().want = Some(game);
    // The server sends the game's chat again as it sits the player down: the lines kept
    // here would show twice (a walk).
    super::online::fresh_chat(world);
    send(world, ToServer::Sit { game, have: 0 });
}

/// What leaving a club game does, for the question asked first: a correspondence game (`by
/// post`) is left between moves as a matter of course.
fn leave_words(by_post: bool) -> String {
    format!(
        "{}The game stays at the club server, and the other player is told you left. To come back to it: Sit down, in the club's lobby.",
        if by_post {
            "A correspondence game: each player moves when next connected. "
        } else {
            ""
        }
    )
}

/// Leaves the server by the player's choice: its games stay there.
fn disconnect(world: &mut World) {
    world.remove_non_send::<ClubLink>();
    world.remove_resource::<super::online::KeepPolling>();
    let mut desk = world.resource_mut::<ClubDesk>();
    let server = desk.connected.take().unwrap_or_default();
    desk.open.clear();
    desk.mine.clear();
    desk.status = format!("Disconnected from {server}: your games there wait for you.");
    // The title's line looks afresh: what it saw before Connect is stale.
    if let Some(mut glance) = world.get_resource_mut::<ClubGlance>() {
        glance.began = None;
    }
}

/// A sign-in under way in its own thread (the window went on drawing: an address that does
/// not answer held it still for the connection's 5 s), and the game to sit down at again once
/// signed in (a Reconnect).
struct Connecting {
    answer: std::sync::mpsc::Receiver<Result<Client, String>>,
    address: String,
    name: String,
    sit: Option<u64>,
}

/// Starts signing in to the server the form names, as the form's name ([`signed_in`] takes
/// the answer); one sign-in at a time.
fn connect(world: &mut World) {
    if world.get_non_send::<Connecting>().is_some() {
        return;
    }
    let (address, name) = {
        let desk = world.resource::<ClubDesk>();
        (
            desk.address.trim().to_string(),
            desk.name.trim().to_string(),
        )
    };
    let Some(folder) = crate::engine::autosave::data_folder() else {
        world.resource_mut::<ClubDesk>().status = "no data folder to keep your key in".into();
        return;
    };
    let key = match crate::club::identity::key_in(&folder) {
        Ok(key) => key,
        Err(e) => {
            world.resource_mut::<ClubDesk>().status = e;
            return;
        }
    };
    let (tx, answer) = std::sync::mpsc::channel();
    let (at, who) = (address.clone(), name.clone());
    std::thread::spawn(move || {
        let _ = tx.send(Client::connect(&at, key, &who, Duration::from_secs(5)));
    });
    let mut desk = world.resource_mut::<ClubDesk>();
    desk.status = format!("Connecting to {address}…");
    desk.connecting = true;
    // The window keeps drawing while nothing is pressed, so the answer is seen when it comes.
    world.insert_resource(super::online::KeepPolling);
    world.insert_non_send(Connecting {
        answer,
        address,
        name,
        sit: None,
    });
}

/// Takes the answer of a sign-in under way, if it has come: signed in, the lobby is asked for
/// (and a lost game sat down at again); refused or not reached, why.
fn signed_in(world: &mut World) {
    let answer = match world
        .get_non_send::<Connecting>()
        .map(|c| c.answer.try_recv())
    {
        None | Some(Err(std::sync::mpsc::TryRecvError::Empty)) => return,
        Some(Ok(answer)) => answer,
        Some(Err(std::sync::mpsc::TryRecvError::Disconnected)) => {
            Err("the sign-in stopped without an answer".into())
        }
    };
    let Some(Connecting {
        address, name, sit, ..
    }) = world.remove_non_send::<Connecting>()
    else {
        return;
    };
    world.resource_mut::<ClubDesk>().connecting = false;
    match answer {
        Ok(client) => {
            // Best effort: the next start offers the same server and name.
            if let Some(folder) = crate::engine::autosave::data_folder() {
                let _ = crate::engine::save::write_atomically(
                    &folder.join(REMEMBERED),
                    format!("{address}\n{name}\n").as_bytes(),
                );
            }
            let server = client.server.clone();
            world.insert_non_send(ClubLink(client));
            let mut desk = world.resource_mut::<ClubDesk>();
            desk.connected = Some(server);
            desk.status.clear();
            send(world, ToServer::Lobby);
            if let Some(game) = sit {
                sit_again(world, game);
            }
        }
        Err(e) => {
            if world.get_non_send::<ClubLink>().is_none() && !world.contains_resource::<Online>() {
                world.remove_resource::<super::online::KeepPolling>();
            }
            if sit.is_some() {
                super::online::tell(world, format!("{e}. Reconnect to try again."));
            }
            world.resource_mut::<ClubDesk>().status = e;
        }
    }
}

/// Brings the finished game exported to the typed path here: checked on this computer first,
/// as `holotable club … import` does, so a fault names the file.
fn import(world: &mut World) {
    let file = world.resource::<ClubDesk>().import_path.trim().to_string();
    let path = std::path::Path::new(&file);
    let checked = crate::engine::save::read(path).and_then(|record| {
        let entry = world.resource::<Registry>().for_save(&record, path)?;
        (entry.club_import)(&record, path)?;
        Ok(record)
    });
    match checked {
        Ok(record) => {
            world.resource_mut::<ClubDesk>().importing = Some(Importing {
                record: record.clone(),
                file,
                again: None,
                tries: 1,
            });
            world.resource_mut::<ClubDesk>().status = "Sent: the server verifies it…".into();
            send(world, ToServer::Import { record });
        }
        Err(e) => world.resource_mut::<ClubDesk>().status = e,
    }
}

fn take(world: &mut World, game: u64, side: Option<String>, invitation: Option<String>) {
    let part = world.get_non_send::<ClubLink>().map(|l| l.0.part(game));
    if let Some(part) = part {
        world.resource_mut::<ClubDesk>().want = Some(game);
        send(
            world,
            ToServer::Take {
                game,
                side,
                invitation,
                part,
            },
        );
    }
}

/// The wire to the club, each frame: the server's messages in, the player's commands out.
fn wire(world: &mut World) {
    if world.get_resource::<ClubLost>().is_some_and(|l| l.asked) {
        world.resource_mut::<ClubLost>().asked = false;
        reconnect(world);
    }
    signed_in(world);
    // Left the table for the lobby (Menu), still signed in: the server tells the others.
    let on = match world.get_resource::<Online>() {
        Some(Online::Club { game, .. }) => Some(*game),
        _ => None,
    };
    let was = world.resource::<ClubDesk>().seated;
    if was != on {
        world.resource_mut::<ClubDesk>().seated = on;
        if let Some(game) = on {
            let desk = world.resource::<ClubDesk>();
            let by_post = desk
                .mine
                .iter()
                .chain(&desk.open)
                .find(|g| g.game == game)
                .is_some_and(|g| g.correspondence);
            world.insert_resource(crate::ui::LeaveOnline(leave_words(by_post)));
        }
        if let Some(game) = was.filter(|_| world.get_non_send::<ClubLink>().is_some()) {
            send(world, ToServer::Stand { game });
        }
    }
    let mut arrived = Vec::new();
    let mut closed = false;
    if let Some(link) = world.get_non_send::<ClubLink>() {
        loop {
            match link.0.incoming.try_recv() {
                Ok(m) => arrived.push(m),
                Err(std::sync::mpsc::TryRecvError::Empty) => break,
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    closed = true;
                    break;
                }
            }
        }
    } else {
        // The club game on the table has lost its server: what the player does now goes
        // nowhere, and says so (a walk's moves vanished without a word).
        let lost = world.contains_resource::<ClubLost>();
        let unsent = world
            .get_resource_mut::<GuestOutbox>()
            .filter(|_| lost)
            .map(|mut o| std::mem::take(&mut o.0).len())
            .unwrap_or(0);
        if unsent > 0 {
            world
                .resource_mut::<crate::engine::pipeline::Notice>()
                .refusal = Some(
                "not sent: the connection to the club server is lost (Reconnect, on the Online panel)"
                    .into(),
            );
        }
        return;
    }
    let registry = world.resource::<Registry>().clone();
    for message in arrived {
        match message {
            ToClient::Lobby { open, mine } => {
                let mut desk = world.resource_mut::<ClubDesk>();
                desk.open = open;
                desk.mine = mine;
            }
            ToClient::Created { info, invitation } => {
                world.resource_mut::<ClubDesk>().status = match &invitation {
                    Some(code) => format!(
                        "Game {} created. It is by invitation: give the other player its number and the code {code}.",
                        info.game
                    ),
                    None => format!("Game {} created: waiting for another player.", info.game),
                };
                take(world, info.game, info.yours.clone(), None);
            }
            ToClient::Seated { info } => {
                if !info.started {
                    let side = info
                        .seats
                        .iter()
                        .find(|s| Some(&s.side) == info.yours.as_ref())
                        .map_or_else(String::new, |s| s.name.clone());
                    let before = world.resource::<ClubDesk>().status.clone();
                    world.resource_mut::<ClubDesk>().status = format!(
                        "{before} You hold {side} in game {}; it begins when every seat is taken.",
                        info.game
                    );
                }
                send(world, ToServer::Lobby);
            }
            ToClient::Imported { info } => {
                let mut desk = world.resource_mut::<ClubDesk>();
                desk.importing = None;
                desk.import_path.clear();
                desk.status = format!("Game {} brought here: {}", info.game, info.line());
                send(world, ToServer::Lobby);
            }
            ToClient::Refused {
                reason,
                import: true,
                ..
            } if world.resource::<ClubDesk>().importing.is_some() => {
                let mut desk = world.resource_mut::<ClubDesk>();
                let busy = reason == crate::club::protocol::IMPORT_BUSY;
                match desk.importing.as_mut() {
                    // The server verifies one game at a time: again, a moment later.
                    Some(i) if busy && i.tries < 30 => {
                        i.again = Some(std::time::Instant::now() + Duration::from_secs(1));
                        i.tries += 1;
                    }
                    _ => {
                        let file = desk.importing.take().map(|i| i.file).unwrap_or_default();
                        desk.status = format!("{file}: {reason}");
                    }
                }
            }
            ToClient::Refused { reason, .. } => {
                world.resource_mut::<ClubDesk>().status = reason.clone();
                world
                    .resource_mut::<crate::engine::pipeline::Notice>()
                    .refusal = Some(reason);
            }
            ToClient::Game { game, message } => {
                let playing = match world.get_resource::<Online>() {
                    Some(Online::Club { game: g, .. }) => Some(*g),
                    _ => None,
                };
                let wanted = world.resource::<ClubDesk>().want == Some(game);
                if playing.is_none() && wanted && matches!(message, ToGuest::Welcome { .. }) {
                    let server = world.resource::<ClubDesk>().address.clone();
                    world.insert_resource(Online::Club {
                        server,
                        game,
                        ruleset: None,
                    });
                    world.init_resource::<GuestOutbox>();
                    super::online::fresh_chat(world);
                    world.resource_mut::<ClubDesk>().status.clear();
                } else if playing != Some(game) {
                    // A game not on the table now: the lobby says where it stands.
                    send(world, ToServer::Lobby);
                    continue;
                }
                if let Heard::Left = super::online::hear(world, &registry, message, false) {
                    world.resource_mut::<ClubDesk>().want = None;
                }
            }
            ToClient::Challenge { .. } | ToClient::SignedIn { .. } | ToClient::Exported { .. } => {}
        }
    }
    if let Some(Online::Club { game, ruleset, .. }) = world.get_resource::<Online>().cloned() {
        let out = world
            .get_resource_mut::<GuestOutbox>()
            .map(|mut o| std::mem::take(&mut o.0))
            .unwrap_or_default();
        let held = ruleset
            .as_deref()
            .and_then(|id| registry.get(id))
            .map_or(0, |e| (e.online.held)(world));
        for m in out {
            let result = match m {
                ToHost::Command { ron } => world
                    .get_non_send_mut::<ClubLink>()
                    .map(|mut l| l.0.play(game, held, &ron)),
                ToHost::Resync { index, why } => {
                    send(world, ToServer::Resync { game, index, why });
                    None
                }
                ToHost::Chat { text } => {
                    send(world, ToServer::Chat { game, text });
                    None
                }
                ToHost::Hello { .. } | ToHost::Watch { .. } => None,
            };
            if let Some(Err(e)) = result {
                lost(world, &e);
            }
        }
    }
    let again = world
        .resource::<ClubDesk>()
        .importing
        .as_ref()
        .and_then(|i| {
            i.again
                .filter(|t| *t <= std::time::Instant::now())
                .map(|_| i.record.clone())
        });
    if let Some(record) = again {
        if let Some(i) = world.resource_mut::<ClubDesk>().importing.as_mut() {
            i.again = None;
        }
        send(world, ToServer::Import { record });
    }
    if closed {
        lost(world, "the server is gone");
    }
    // The lobby keeps itself current while it is what the player sees.
    let stale = world
        .resource::<ClubDesk>()
        .asked
        .is_none_or(|t| t.elapsed() > Duration::from_secs(5));
    if stale && !world.contains_resource::<Online>() {
        world.resource_mut::<ClubDesk>().asked = Some(std::time::Instant::now());
        send(world, ToServer::Lobby);
    }
}

/// The club tab of the title's *Play online* window.
pub(super) fn tab(
    ui: &mut egui::Ui,
    registry: &Registry,
    desk: &mut ClubDesk,
    commands: &mut Commands,
) {
    // A long lobby line wraps rather than widening the window over the title's buttons.
    ui.set_max_width(400.0);
    ui.separator();
    if desk.connected.is_none() {
        egui::Grid::new("club-connect")
            .num_columns(2)
            .show(ui, |ui| {
                ui.label("Server");
                ui.text_edit_singleline(&mut desk.address).on_hover_text(
                    "The club server's address and port, e.g. club.example.org:7780",
                );
                ui.end_row();
                ui.label("Your name");
                ui.add(egui::TextEdit::singleline(&mut desk.name).char_limit(40));
                ui.end_row();
            });
        if ui
            .add_enabled(!desk.connecting, egui::Button::new("Connect"))
            .on_hover_text("You are known by a key kept in your data folder; no password travels")
            .clicked()
        {
            commands.queue(connect);
        }
        status_line(ui, &desk.status);
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(format!(
            "Connected to {} at {} · you are {}",
            desk.connected.as_deref().unwrap_or_default(),
            desk.address.trim(),
            desk.name
        ));
        if ui.small_button("Refresh").clicked() {
            desk.status.clear();
            commands.queue(|world: &mut World| send(world, ToServer::Lobby));
        }
        if ui
            .small_button("Disconnect")
            .on_hover_text("Leave this server: your games stay there, to sit down at again")
            .clicked()
        {
            commands.queue(disconnect);
        }
    });
    // How many games wait for the player's move is the window's first line (glance_line).
    status_line(ui, &desk.status);
    egui::ScrollArea::vertical()
        .id_salt("club-lobby")
        .max_height(190.0)
        // A bar always there says the list goes on below (a walk saw the open games cut off,
        // and found them only by the wheel).
        .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
        .show(ui, |ui| {
            ui.label(egui::RichText::new("Your games").strong());
            if desk.mine.is_empty() {
                ui.weak("None yet: create one below, or take a seat in an open one.");
            }
            for g in desk.mine.clone() {
                ui.horizontal_wrapped(|ui| {
                    let state = if g.over && !g.started {
                        // Closed when its last seat was taken: it did not set up (hall).
                        "closed unplayed: it did not set up".to_string()
                    } else if g.over {
                        "over".to_string()
                    } else if !g.started {
                        "waiting for players".to_string()
                    } else if g.your_move() {
                        "your move".to_string()
                    } else {
                        // Whose, by name: "their move" left a player of three guessing.
                        match g.movers() {
                            m if m.is_empty() => "their move".to_string(),
                            m => format!("{m} to move"),
                        }
                    };
                    if !g.started
                        && !g.over
                        && ui
                            .button("Withdraw")
                            .on_hover_text("Give up your seat before the game begins: a game nobody holds a seat in goes")
                            .clicked()
                    {
                        desk.status = format!("Game {}: your seat given up.", g.game);
                        let game = g.game;
                        commands.queue(move |world: &mut World| {
                            send(world, ToServer::Withdraw { game })
                        });
                    }
                    if g.started && !g.over && ui.button("Sit down").clicked() {
                        desk.want = Some(g.game);
                        let game = g.game;
                        commands.queue(move |world: &mut World| {
                            send(world, ToServer::Sit { game, have: 0 })
                        });
                    }
                    // A finished game (played here, or brought from another club) opens as
                    // it ended, to look over or replay.
                    if g.over
                        && g.started
                        && ui
                            .button("Look")
                            .on_hover_text(
                                "Open the finished game as it ended; Replay steps through it",
                            )
                            .clicked()
                    {
                        desk.want = Some(g.game);
                        let game = g.game;
                        commands
                            .queue(move |world: &mut World| send(world, ToServer::Watch { game }));
                    }
                    ui.label(format!("{} · {}", g.line(), state));
                    if let Some(code) = g.invitation.as_ref().filter(|_| !g.started) {
                        ui.label(format!("game {}, invitation {code}", g.game));
                        if ui.small_button("Copy").clicked() {
                            ui.ctx()
                                .copy_text(format!("game {}, invitation {code}", g.game));
                        }
                    }
                });
            }
            ui.separator();
            ui.label(egui::RichText::new("Open games").strong());
            let open: Vec<GameInfo> = desk
                .open
                .iter()
                .filter(|g| g.yours.is_none() && !g.started)
                .cloned()
                .collect();
            if open.is_empty() {
                ui.weak("No game is waiting for a player.");
            }
            for g in open {
                ui.horizontal_wrapped(|ui| {
                    if ui.button("Take a seat").clicked() {
                        let game = g.game;
                        commands.queue(move |world: &mut World| take(world, game, None, None));
                    }
                    ui.label(g.line());
                });
            }
            let going: Vec<GameInfo> = desk
                .open
                .iter()
                .filter(|g| g.yours.is_none() && g.started && !g.over)
                .cloned()
                .collect();
            if !going.is_empty() {
                ui.separator();
                ui.label(egui::RichText::new("Games being played").strong());
            }
            for g in going {
                ui.horizontal_wrapped(|ui| {
                    if ui
                        .button("Watch")
                        .on_hover_text("See the game as no side sees it: hidden things stay hidden")
                        .clicked()
                    {
                        desk.want = Some(g.game);
                        let game = g.game;
                        commands
                            .queue(move |world: &mut World| send(world, ToServer::Watch { game }));
                    }
                    ui.label(g.line());
                });
            }
        });
    ui.separator();
    ui.horizontal(|ui| {
        ui.label("By invitation: game");
        ui.add(egui::TextEdit::singleline(&mut desk.private_game).desired_width(40.0));
        ui.label("code");
        ui.add(egui::TextEdit::singleline(&mut desk.invitation).desired_width(120.0));
        if ui.button("Take").clicked() {
            match desk.private_game.trim().parse::<u64>() {
                Ok(game) => {
                    let code = desk.invitation.trim().to_string();
                    commands.queue(move |world: &mut World| take(world, game, None, Some(code)));
                }
                Err(_) => desk.status = "give the game's number".into(),
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label("Bring a finished game here:");
        ui.add(
            egui::TextEdit::singleline(&mut desk.import_path)
                .hint_text("its export's path")
                .desired_width(150.0),
        );
        let ready = desk.importing.is_none() && !desk.import_path.trim().is_empty();
        if ui
            .add_enabled(ready, egui::Button::new("Bring"))
            .on_hover_text("A game you played, exported from this or another club server (`holotable club … export`): verified, and kept here as it was played")
            .clicked()
        {
            commands.queue(import);
        }
    });
    ui.separator();
    ui.label(egui::RichText::new("A new game").strong());
    // Each by its title, with its rule set and length, its description on hover and under the
    // list once chosen: a new player met bare file names and could not pick a short game.
    let choices = desk
        .choices
        .get_or_insert_with(|| {
            scenario_choices(
                registry
                    .bundled()
                    .map(|(e, n, src)| (e.id, e.title, n, src)),
            )
        })
        .clone();
    let chosen = choices.iter().find(|c| c.name == desk.scenario);
    egui::ComboBox::from_id_salt("club-scenario")
        // The list scrolls inside the window rather than running past its foot.
        .height(300.0)
        .selected_text(chosen.map_or("choose a scenario", |c| c.title.as_str()))
        .show_ui(ui, |ui| {
            for c in &choices {
                ui.selectable_value(&mut desk.scenario, c.name.clone(), &c.label)
                    .on_hover_text(&c.description);
            }
        });
    if let Some(c) = chosen {
        ui.weak(&c.description);
    }
    let sides: Vec<(String, String)> = registry
        .read(&desk.scenario)
        .map(|(l, _)| {
            l.header
                .sides
                .iter()
                .filter(|s| s.control == crate::rules::scenario::Control::Human)
                .map(|s| (s.id.clone(), s.name.clone()))
                .collect()
        })
        .unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        ui.label("Your side:");
        if sides.is_empty() {
            ui.weak("choose a scenario first");
        }
        for (id, name) in &sides {
            ui.radio_value(&mut desk.side, id.clone(), name);
        }
    });
    ui.checkbox(
        &mut desk.correspondence,
        "By correspondence (each player moves when next connected)",
    );
    ui.checkbox(&mut desk.listed, "Listed in the lobby (else by invitation)");
    let span = |s: Option<u64>| s.map_or("no limit".to_string(), crate::club::protocol::span);
    egui::ComboBox::from_label("Time allowed a move")
        .selected_text(span(desk.per_move))
        .show_ui(ui, |ui| {
            for choice in [
                None,
                Some(600),
                Some(3600),
                Some(86_400),
                Some(3 * 86_400),
                Some(7 * 86_400),
            ] {
                ui.selectable_value(&mut desk.per_move, choice, span(choice));
            }
        })
        .response
        .on_hover_text(
            "Shown in the lobby with how long each move has waited; nothing is decided by it",
        );
    let ready = sides.iter().any(|(id, _)| *id == desk.side);
    if ui
        .add_enabled(ready, egui::Button::new("Create"))
        .on_disabled_hover_text("Choose a scenario and your side")
        .clicked()
    {
        let message = ToServer::Create {
            scenario: desk.scenario.clone(),
            side: desk.side.clone(),
            correspondence: desk.correspondence,
            public: desk.listed,
            per_move: desk.per_move,
        };
        commands.queue(move |world: &mut World| send(world, message));
    }
}

/// A bundled scenario offered for a new club game.
#[derive(Clone, Debug)]
struct Choice {
    /// Its bundled name (what the server is sent).
    name: String,
    /// Its title.
    title: String,
    /// Its title, rule set and turn limit, as listed.
    label: String,
    /// What it is about.
    description: String,
}

/// Every scenario of `bundled` (rule set id and title, file name, text) that two people or
/// more play, as a new club game's choice, in that order, each read once.
fn scenario_choices<'a>(
    bundled: impl Iterator<Item = (&'static str, &'a str, &'a str, &'a str)>,
) -> Vec<Choice> {
    bundled
        .filter_map(|(id, ruleset, n, src)| {
            let name = n.trim_end_matches(".ron").to_string();
            let header = crate::rules::scenario::read_header(src, n, &[id]).ok();
            // A solo scenario (one side the rules play) is no club game: offered, it was
            // refused on Create (a walk).
            if header.as_ref().map_or(0, |h| h.persons().len()) < 2 {
                return None;
            }
            let title = header.as_ref().map_or(name.clone(), |h| h.name.clone());
            let turns = header
                .as_ref()
                .and_then(|h| h.turn_limit)
                .map(|t| format!(" · {t} turns"))
                .unwrap_or_default();
            Some(Choice {
                label: format!("{title} · {ruleset}{turns}"),
                description: header.map(|h| h.description).unwrap_or_default(),
                title,
                name,
            })
        })
        .collect()
}

/// What the title says of the remembered club server before anyone presses Connect (issue 63:
/// "the title screen shows \"Your move in 2 games\""): a thread signs in there, asks for the
/// lobby and leaves, as the title opens and every [`GLANCE_EVERY`] while it stays, so the
/// window never waits on the network.
#[derive(Resource, Default)]
pub struct ClubGlance {
    /// The remembered server looked at (none: no server remembered, nothing to say).
    address: Option<String>,
    seen: Glimpse,
    /// When the last look began.
    began: Option<std::time::Instant>,
    /// The look under way: its answer comes through here (a mutex only so the resource may be
    /// shared between threads; one system reads it).
    answer: Option<std::sync::Mutex<std::sync::mpsc::Receiver<Result<(String, usize), String>>>>,
}

/// Where the title's look at the club server stands.
#[derive(Default)]
enum Glimpse {
    #[default]
    Looking,
    /// Signed in to `server` (its name): `moves` of the player's games wait for his move.
    Seen { server: String, moves: usize },
    /// The server was not reached, or refused: why.
    Failed(String),
}

/// How often the title looks again at the remembered server while it stays open (an eighth
/// of it after the server was not reached).
const GLANCE_EVERY: Duration = Duration::from_secs(120);

/// Starts a look at the remembered server (none remembered, or signed in already: nothing),
/// and takes in the answer of one under way.
fn glance(
    mut glance: ResMut<ClubGlance>,
    mut desk: ResMut<ClubDesk>,
    wake: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
) {
    let answered = glance
        .answer
        .as_ref()
        .and_then(|a| a.lock().ok().and_then(|rx| rx.try_recv().ok()));
    if let Some(answer) = answered {
        glance.answer = None;
        glance.seen = match answer {
            Ok((server, moves)) => {
                // The server answers again: a word that its connection closed is stale (a
                // walk read it under "Your move in 1 game").
                if desk.connected.is_none() && !desk.connecting {
                    desk.status.clear();
                }
                Glimpse::Seen { server, moves }
            }
            Err(why) => Glimpse::Failed(why),
        };
    }
    // A server not reached is tried again sooner: it may be starting.
    let every = match glance.seen {
        Glimpse::Failed(_) => GLANCE_EVERY / 8,
        _ => GLANCE_EVERY,
    };
    let due = glance.began.is_none_or(|t| t.elapsed() > every);
    if glance.answer.is_some() || !due || desk.connected.is_some() {
        return;
    }
    let Some((address, name)) = remembered().filter(|(a, _)| !a.is_empty()) else {
        glance.address = None;
        return;
    };
    // No key to sign in with: said, and tried again when due, not every frame.
    glance.began = Some(std::time::Instant::now());
    let key = match crate::engine::autosave::data_folder()
        .ok_or_else(|| "no data folder to keep your key in".to_string())
        .and_then(|f| crate::club::identity::key_in(&f))
    {
        Ok(key) => key,
        Err(why) => {
            glance.address = Some(address);
            glance.seen = Glimpse::Failed(why);
            return;
        }
    };
    let (tx, rx) = std::sync::mpsc::channel();
    let at = address.clone();
    // The window sleeps while nothing is pressed (up to a minute): the thread wakes it with
    // the answer, and again when the next look is due (a walk read "not reached" for a minute
    // after the server was back).
    let wake = wake.map(|w| (**w).clone());
    std::thread::spawn(move || {
        let answer = Client::glance(&at, key, &name, Duration::from_secs(5));
        let again = if answer.is_ok() {
            GLANCE_EVERY
        } else {
            GLANCE_EVERY / 8
        };
        let _ = tx.send(answer);
        if let Some(wake) = wake {
            let _ = wake.send_event(bevy::winit::WinitUserEvent::WakeUp);
            std::thread::sleep(again + Duration::from_secs(1));
            let _ = wake.send_event(bevy::winit::WinitUserEvent::WakeUp);
        }
    });
    if glance.address.as_deref() != Some(address.as_str()) {
        glance.seen = Glimpse::Looking;
    }
    glance.address = Some(address);
    glance.answer = Some(std::sync::Mutex::new(rx));
}

/// Looks again the next time the title opens.
fn glance_again(mut glance: ResMut<ClubGlance>) {
    glance.began = None;
}

/// The title's line on the remembered club server, above the *Play online* window's tabs:
/// "Your move in 2 games at Tyneside Club" (a button: it opens the club tab and connects),
/// nothing waiting, still looking, or not reached. Signed in, the lobby's own count; without a
/// remembered server, that there is none yet. True when the player asked to connect.
pub(super) fn glance_line(ui: &mut egui::Ui, glance: &ClubGlance, desk: &ClubDesk) -> bool {
    let seen = match &desk.connected {
        Some(server) => Glimpse::Seen {
            server: server.clone(),
            moves: crate::club::protocol::moves_waiting(&desk.mine),
        },
        None if glance.address.is_none() => {
            // Kept whether or not a server is remembered, so the tabs below never move.
            ui.weak("Club server: none yet (the tab below connects to one)");
            return false;
        }
        None => match &glance.seen {
            Glimpse::Looking => Glimpse::Looking,
            Glimpse::Seen { server, moves } => Glimpse::Seen {
                server: server.clone(),
                moves: *moves,
            },
            Glimpse::Failed(why) => Glimpse::Failed(why.clone()),
        },
    };
    let address = glance.address.as_deref().unwrap_or(desk.address.trim());
    match seen {
        Glimpse::Looking => {
            ui.weak(format!("Looking at the club server {address}…"));
            false
        }
        Glimpse::Failed(why) => {
            ui.weak(format!("The club server {address} was not reached"))
                .on_hover_text(why);
            false
        }
        Glimpse::Seen { server, moves: 0 } => {
            ui.weak(format!("No game waits for your move at {server}"));
            false
        }
        Glimpse::Seen { server, moves } => {
            let moves = crate::club::protocol::your_move_in(moves);
            let line = egui::RichText::new(format!("Y{} at {server}", &moves[1..])).strong();
            if desk.connected.is_some() {
                ui.label(line);
                return false;
            }
            ui.button(line)
                .on_hover_text("Connect to the club server and see them in its lobby")
                .clicked()
        }
    }
}

/// Connects to the server the form names (the title's glance line, clicked).
pub(super) fn connect_now(commands: &mut Commands) {
    commands.queue(connect);
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ClubDesk>()
        .init_resource::<ClubGlance>()
        .add_systems(Update, wire.after(crate::engine::pipeline::CommandPipeline))
        .add_systems(OnEnter(super::Screen::Title), glance_again)
        .add_systems(Update, glance.run_if(in_state(super::Screen::Title)));
}

/// The last word from the server or the desk, in room for two lines kept whether or not there
/// is one: a line that came and went moved the lobby's buttons under the pointer (issue 63).
fn status_line(ui: &mut egui::Ui, status: &str) {
    let two = 2.0 * ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    ui.scope(|ui| {
        ui.set_min_height(two);
        if !status.is_empty() {
            ui.colored_label(egui::Color32::from_rgb(255, 190, 90), status);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 63 (a walk): a club game whose server goes says so at the table, whose panel
    /// then offers Reconnect, rather than "Your turn" over commands that went nowhere; in the
    /// lobby, with no game on, only the lobby's line says it.
    #[test]
    fn a_club_game_that_loses_its_server_says_so_at_the_table() {
        let mut world = World::new();
        world.insert_resource(ClubDesk::default());
        super::super::online::fresh_chat(&mut world);
        let status = |world: &World| {
            world
                .resource::<super::super::online::Chat>()
                .status
                .clone()
        };
        lost(&mut world, "the server is gone");
        assert!(
            !world.contains_resource::<ClubLost>(),
            "no game on the table"
        );
        world.insert_resource(Online::Club {
            server: "127.0.0.1:7780".into(),
            game: 7,
            ruleset: None,
        });
        lost(&mut world, "the server is gone");
        assert!(world.contains_resource::<ClubLost>());
        let said = status(&world);
        assert!(
            said.contains("the server is gone") && said.contains("Reconnect"),
            "{said}"
        );
        assert!(world.resource::<ClubDesk>().connected.is_none());
        // Reconnect signs in off the window's thread; refused, the game stays lost and says
        // why, the desk free for another try.
        let (tx, answer) = std::sync::mpsc::channel();
        world.insert_non_send(Connecting {
            answer,
            address: "127.0.0.1:7780".into(),
            name: "Ann".into(),
            sit: Some(7),
        });
        signed_in(&mut world);
        assert!(
            world.get_non_send::<Connecting>().is_some(),
            "no answer yet"
        );
        tx.send(Err("127.0.0.1:7780: cannot connect: refused".into()))
            .unwrap();
        signed_in(&mut world);
        assert!(world.get_non_send::<Connecting>().is_none());
        assert!(world.contains_resource::<ClubLost>());
        let again = status(&world);
        assert!(
            again.contains("refused") && again.contains("Reconnect to try again"),
            "{again}"
        );
    }

    /// A walk: leaving a correspondence game was asked as if the other player waited on the
    /// table; it says it is a correspondence game, and where to come back.
    #[test]
    fn leaving_a_club_game_says_whether_it_is_by_correspondence() {
        let (post, live) = (leave_words(true), leave_words(false));
        assert!(post.starts_with("A correspondence game"), "{post}");
        assert!(!live.contains("correspondence"), "{live}");
        for said in [post, live] {
            assert!(
                said.contains("Sit down") && said.contains("told you left"),
                "{said}"
            );
        }
    }

    /// A new game's scenarios are offered by title, with rule set and description: every
    /// bundled one two people play reads, none by its file name alone; no solo one.
    #[test]
    fn a_new_games_scenarios_are_offered_by_title() {
        // Every scenario file of every rule set's folder, as the registry bundles them.
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let mut files = Vec::new();
        for id in [
            "tyneside",
            "battlefield",
            "one_stat",
            "space_battle",
            "mass_combat",
        ] {
            for entry in std::fs::read_dir(root.join(id)).unwrap() {
                let path = entry.unwrap().path();
                let name = path.file_name().unwrap().to_string_lossy().to_string();
                files.push((id, name, std::fs::read_to_string(&path).unwrap()));
            }
        }
        let choices = scenario_choices(
            files
                .iter()
                .map(|(id, n, src)| (*id, *id, n.as_str(), src.as_str())),
        );
        // The solo ones are not offered: the club refuses them.
        assert!(choices.len() >= 10, "{}", choices.len());
        assert!(choices.len() < files.len());
        assert!(!choices.iter().any(|c| c.name == "outpost_raid"));
        for c in &choices {
            assert_ne!(c.title, c.name, "{} read no title", c.name);
            assert!(!c.description.is_empty(), "{} has no description", c.name);
            assert!(c.label.starts_with(&c.title), "{}", c.label);
        }
        let example = choices.iter().find(|c| c.name == "shooting_example");
        assert!(
            example.is_some_and(|c| c.label.contains("tyneside") && c.label.contains("6 turns")),
            "{example:?}"
        );
    }
}
