//! Online play in the window: the title's *Host a game* and *Join a game*, the wire each
//! frame (a host's guests and their commands; a guest's host, its commands and its dropped
//! connection), and the *Online* panel of the playing screen (the join code, who is
//! connected, chat). The game itself is the window's own; the engine's online feature
//! ([`crate::engine::online`]) follows it. docs/online-play.md.

use std::net::{SocketAddr, ToSocketAddrs};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bevy_replicon::prelude::ClientState;

use super::Screen;
use crate::engine::online::guest::GuestOutbox;
use crate::engine::online::host::Outbox;
use crate::engine::online::protocol::{ToGuest, ToHost};
use crate::engine::online::{code, net};
use crate::engine::pipeline::Notice;
use crate::engine::registry::Registry;
use crate::rules::scenario::Control;

/// The port a host listens on unless told otherwise.
pub(super) const PORT: u16 = 7777;

/// An online game in this window.
#[derive(Resource, Clone, Debug)]
pub enum Online {
    /// This window hosts it.
    Host {
        /// The rule set's id.
        ruleset: &'static str,
        /// The join code.
        code: String,
        /// The port listened on.
        port: u16,
        /// The guests connected now.
        connected: Vec<u64>,
    },
    /// This window joined it.
    Guest {
        /// The host's address.
        addr: SocketAddr,
        /// The join code.
        code: String,
        /// This window's seat key for the game ([`crate::engine::online::protocol::seat_key`]):
        /// the seat it takes is bound to it.
        key: String,
        /// The rule set's id, once welcomed.
        ruleset: Option<String>,
        /// Whether the host has answered the hello on this connection.
        seated: bool,
        /// When the hello last went.
        hello_at: Option<Instant>,
        /// Whether this connection was ever up (a drop is told from a first try).
        was_connected: bool,
        /// When the last connection began.
        since: Instant,
        /// Tries in a row that never connected.
        tries: u32,
        /// When the connection was lost, while it stays lost.
        lost_at: Option<Instant>,
    },
    /// This window plays a game at a club server ([`super::club`]).
    Club {
        /// The server's address.
        server: String,
        /// The game's number there.
        game: u64,
        /// The rule set's id, once welcomed.
        ruleset: Option<String>,
    },
}

/// What leaving says becomes of the game, for the kind of online game it is (a walk: the
/// question named hosted games and their codes to a player at a club server). A club game's
/// words are the club's ([`super::club`]), which knows whether it is by correspondence.
fn leave_words(online: Res<Online>, mut commands: Commands) {
    let words = match *online {
        Online::Host { .. } => {
            "Leaving ends the online game here; it is kept, and `holotable host --resume` opens it to your guest again."
        }
        Online::Guest { .. } => {
            "The host keeps the game: join again with the same code while the host keeps it open."
        }
        Online::Club { .. } => return,
    };
    commands.insert_resource(crate::ui::LeaveOnline(words.into()));
}

/// How often an online window looks at the wire when nothing else wakes it: the other
/// player's command shows within this (and the network's own latency).
const POLL: Duration = Duration::from_millis(30);

/// Present while the window must look at a connection though no game is on (a club server's
/// lobby): it wakes as in an online game.
#[derive(Resource)]
pub(super) struct KeepPolling;

/// The window's pace before online play began, put back when it ends.
#[derive(Resource)]
struct PaceBefore(bevy::winit::WinitSettings);

/// While online, the window wakes every [`POLL`] to look at the wire, focused or not: a
/// window that slept until the next input would not see the other player's move.
fn keep_polling(world: &mut World) {
    // Connected to a club server, the lobby too hears the other player's moves.
    let online = world.contains_resource::<Online>() || world.contains_resource::<KeepPolling>();
    let polling = world.contains_resource::<PaceBefore>();
    if online && !polling {
        if let Some(before) = world.get_resource::<bevy::winit::WinitSettings>().cloned() {
            world.insert_resource(PaceBefore(before));
        }
        world.insert_resource(bevy::winit::WinitSettings {
            focused_mode: bevy::winit::UpdateMode::reactive(POLL),
            unfocused_mode: bevy::winit::UpdateMode::reactive_low_power(POLL),
        });
    } else if !online && let Some(PaceBefore(before)) = world.remove_resource::<PaceBefore>() {
        world.insert_resource(before);
    }
}

/// The online panel's lines: chat and what the wire did.
#[derive(Resource, Default)]
pub(super) struct Chat {
    lines: Vec<String>,
    draft: String,
    /// How the connection stands, when there is something to say.
    pub(super) status: String,
    /// The lines read: those there when the panel was last seen open.
    seen: usize,
    /// The connection's news the panel last opened itself for.
    opened_for: String,
}

/// Present while the club game on the table has lost its server; the club's wire signs in
/// again and sits down at it once the player asks (the panel's Reconnect).
#[derive(Resource, Default)]
pub(super) struct ClubLost {
    /// Reconnect was pressed.
    pub(super) asked: bool,
}

/// Says `status` on the online panel (how the connection stands), which opens for it.
pub(super) fn tell(world: &mut World, status: String) {
    if let Some(mut chat) = world.get_resource_mut::<Chat>() {
        chat.status = status;
    }
}

/// A new online game begins with an empty chat and status.
pub(super) fn fresh_chat(world: &mut World) {
    world.insert_resource(Chat::default());
}

/// This computer's address on its network, as others would dial it (the interface the
/// system routes out of; no packet is sent), or `None` when there is no network.
fn own_address() -> Option<std::net::IpAddr> {
    let s = std::net::UdpSocket::bind(("0.0.0.0", 0)).ok()?;
    s.connect(("192.0.2.1", 9)).ok()?;
    s.local_addr().ok().map(|a| a.ip())
}

/// Hosts `scenario` (a bundled name or a file) with the host playing side `side` (by id) on
/// UDP `port`, with join code `code` (`None`: a new one): the game begins here, and every
/// other side a person plays waits for a guest.
///
/// Errors: the scenario does not start, the side is not one of it, the port is not a number
/// or cannot be bound.
pub(super) fn host(
    world: &mut World,
    scenario: &str,
    side: &str,
    port: &str,
    code: Option<String>,
) -> Result<(), String> {
    let port: u16 = port
        .trim()
        .parse()
        .map_err(|_| format!("the port must be a number from 1 to 65535, not '{port}'"))?;
    let registry = world.resource::<Registry>().clone();
    let (loaded, entry) = registry.load(scenario).map_err(|e| e.join("\n"))?;
    let own = loaded
        .header
        .sides
        .iter()
        .position(|s| s.id == side)
        .ok_or_else(|| {
            let ids: Vec<&str> = loaded.header.sides.iter().map(|s| s.id.as_str()).collect();
            format!("no side '{side}' (sides: {})", ids.join(", "))
        })?;
    let remote: Vec<usize> = (0..loaded.header.sides.len())
        .filter(|&i| i != own && loaded.header.sides[i].control != Control::Rules)
        .collect();
    let code = code.unwrap_or_else(code::new_code);
    super::begin(world, loaded, super::clock_seed(), &[]).map_err(|e| e.join("\n"))?;
    let port = match net::listen(world, port, &code)
        .and_then(|port| (entry.online.open)(world, &remote, &code).map(|()| port))
    {
        Ok(port) => port,
        Err(e) => {
            // No game half online: back to the title, which says why.
            world
                .resource_mut::<NextState<crate::engine::state::GameState>>()
                .set(crate::engine::state::GameState::NoGame);
            world.resource_mut::<NextState<Screen>>().set(Screen::Title);
            return Err(e);
        }
    };
    now_hosting(world, entry.id, code, port, own);
    Ok(())
}

/// The game in `world` is hosted now, by this window playing side `own`.
fn now_hosting(world: &mut World, ruleset: &'static str, code: String, port: u16, own: usize) {
    world.insert_resource(crate::engine::game::Seated(Some(own)));
    world.insert_resource(Online::Host {
        ruleset,
        code,
        port,
        connected: Vec::new(),
    });
    world.insert_resource(Chat::default());
}

/// Hosts again the game saved at `path` (the host's autosave or save of an online game),
/// from where it stopped, with the host playing side `side` on UDP `port`, with join code
/// `code` (the old one, so the guest that waits rejoins by itself; `None`: a new one).
///
/// Errors: the save does not resume, the side is not one of it, the port cannot be bound.
pub(super) fn host_again(
    world: &mut World,
    path: &std::path::Path,
    side: &str,
    port: u16,
    code: Option<String>,
) -> Result<(), String> {
    let code = code.unwrap_or_else(code::new_code);
    let port = net::listen(world, port, &code)?;
    super::resume(world, path)?;
    let sides = world
        .get_resource::<crate::engine::game::Sides>()
        .cloned()
        .unwrap_or_default();
    let own = sides.ids.iter().position(|s| s == side).ok_or_else(|| {
        format!(
            "--side {side}: the saved game has no side of that id (sides: {})",
            sides.ids.join(", ")
        )
    })?;
    let remote: Vec<usize> = (0..sides.ids.len())
        .filter(|&i| i != own && !sides.by_rules(i))
        .collect();
    let registry = world.resource::<Registry>().clone();
    let text = crate::engine::save::read(path)?;
    let entry = registry.for_save(&text, path)?;
    (entry.online.open)(world, &remote, &code)?;
    now_hosting(world, entry.id, code, port, own);
    Ok(())
}

/// Starts joining the game at `address` with `code`: the game begins once the host
/// answers.
///
/// Errors: the address does not read or resolve, or no socket can be opened.
pub(super) fn join(world: &mut World, address: &str, code: &str) -> Result<(), String> {
    if !code::well_formed(code) {
        return Err(format!(
            "'{}' is not a join code: it is 12 letters and digits in three groups, like ACDE-FGHJ-KMNP",
            code.trim()
        ));
    }
    let with_port = if address.contains(':') {
        address.trim().to_string()
    } else {
        format!("{}:{PORT}", address.trim())
    };
    let addr = with_port
        .to_socket_addrs()
        .map_err(|e| format!("'{address}' is not an address: {e}"))?
        .next()
        .ok_or_else(|| format!("'{address}' is not an address"))?;
    net::connect(world, addr, code)?;
    world.insert_resource(Online::Guest {
        addr,
        code: code.to_string(),
        key: crate::engine::online::protocol::seat_key(),
        ruleset: None,
        seated: false,
        hello_at: None,
        was_connected: false,
        since: Instant::now(),
        tries: 0,
        lost_at: None,
    });
    world.insert_resource(Chat::default());
    Ok(())
}

/// Messages that arrived while the replay viewer showed the past, played once it closes.
#[derive(Resource, Default)]
struct Inbox {
    from_guests: Vec<(u64, ToHost)>,
    from_host: Vec<ToGuest>,
}

/// Whether the replay viewer shows the past: the game's world is not the game as it stands.
fn viewing_the_past(world: &World) -> bool {
    world
        .get_resource::<crate::engine::replay_view::ReplayStatus>()
        .is_some_and(|s| s.open)
}

/// The wire, each frame: messages in, commands played, messages out.
fn wire(world: &mut World) {
    let Some(online) = world.get_resource::<Online>().cloned() else {
        return;
    };
    let registry = world.resource::<Registry>().clone();
    match online {
        Online::Host {
            ruleset, connected, ..
        } => {
            let Some(fns) = registry.get(ruleset).map(|e| e.online) else {
                return;
            };
            let now = net::guests(world);
            for gone in connected.iter().filter(|p| !now.contains(p)) {
                (fns.dropped)(world, *gone);
            }
            if let Some(Online::Host { connected, .. }) =
                world.get_resource_mut::<Online>().as_deref_mut()
            {
                *connected = now;
            }
            // Messages are taken every frame (unread ones would be gone in two), and played
            // only while the table shows the game as it stands, not the replay viewer's past.
            let arrived = net::take_from_guests(world);
            let mut inbox = world.resource_mut::<Inbox>();
            inbox.from_guests.extend(arrived);
            if !viewing_the_past(world) {
                let waiting = std::mem::take(&mut world.resource_mut::<Inbox>().from_guests);
                let before = (fns.held)(world);
                for (peer, message) in waiting {
                    (fns.receive)(world, peer, message);
                }
                // The game moved on: an earlier refusal here is no longer news.
                if (fns.held)(world) != before {
                    world.resource_mut::<Notice>().refusal = None;
                }
            }
            let out = world
                .get_resource_mut::<Outbox>()
                .map(|mut o| std::mem::take(&mut o.0))
                .unwrap_or_default();
            for o in out {
                net::send_to_guest(world, o.peer, o.message);
            }
            let log = (fns.take_log)(world);
            world.resource_mut::<Chat>().lines.extend(log);
        }
        Online::Guest { .. } => guest_wire(world, &registry),
        // The club's wire is its own ([`super::club`]).
        Online::Club { .. } => {}
    }
}

fn guest_wire(world: &mut World, registry: &Registry) {
    let state = net::guest_state(world);
    let Some(Online::Guest {
        addr,
        code,
        key,
        ruleset,
        seated,
        hello_at,
        was_connected,
        since,
        tries,
        lost_at,
    }) = world.get_resource::<Online>().cloned()
    else {
        return;
    };
    let fns = ruleset
        .as_deref()
        .and_then(|id| registry.get(id))
        .map(|e| e.online);
    let mut next = (seated, hello_at, was_connected, since, tries, lost_at);
    match state {
        ClientState::Connected => {
            next.2 = true;
            next.4 = 0;
            next.5 = None;
            if !seated && hello_at.is_none_or(|t| t.elapsed() > Duration::from_secs(1)) {
                let have = fns.map_or(0, |f| (f.held)(world));
                // Once welcomed, the side it plays, so a rejoin takes the same seat back.
                let side = world
                    .get_resource::<crate::engine::online::guest::Guest>()
                    .map(|g| g.0)
                    .and_then(|s| {
                        world
                            .get_resource::<crate::engine::game::Sides>()
                            .and_then(|sides| sides.ids.get(s).cloned())
                    });
                net::send_to_host(
                    world,
                    ToHost::Hello {
                        code: code.clone(),
                        side,
                        have,
                        key: key.clone(),
                    },
                );
                next.1 = Some(Instant::now());
            }
        }
        ClientState::Disconnected if since.elapsed() > Duration::from_secs(2) => {
            // Dropped, or never came: try again, as long as the player stays.
            if was_connected {
                next.5 = Some(Instant::now());
            } else {
                next.4 += 1;
            }
            if let Err(e) = net::connect(world, addr, &code) {
                world.resource_mut::<Chat>().status = e;
            }
            (next.0, next.1, next.2, next.3) = (false, None, false, Instant::now());
        }
        _ => {}
    }
    world.resource_mut::<Chat>().status = match (next.5, next.4) {
        (Some(t), _) if t.elapsed() > Duration::from_secs(20) => format!(
            "The host has not answered for {} s: it may have left the game. Keep waiting, or Menu to leave.",
            t.elapsed().as_secs()
        ),
        (Some(_), _) => "Connection lost: reconnecting…".into(),
        (None, n) if n >= 1 => format!(
            "No answer from {addr}. Check the address, the port and the join code (a wrong code gets no answer), and that the host's port is open."
        ),
        (None, _) if !next.0 => format!("Connecting to {addr}…"),
        _ => String::new(),
    };
    let arrived = net::take_from_host(world);
    world.resource_mut::<Inbox>().from_host.extend(arrived);
    let waiting = if viewing_the_past(world) {
        Vec::new()
    } else {
        std::mem::take(&mut world.resource_mut::<Inbox>().from_host)
    };
    for message in waiting {
        match hear(world, registry, message, lost_at.is_some()) {
            Heard::Seated => next.0 = true,
            Heard::Left => return,
            Heard::Nothing => {}
        }
    }
    let out = world
        .get_resource_mut::<GuestOutbox>()
        .map(|mut o| std::mem::take(&mut o.0))
        .unwrap_or_default();
    for m in out {
        net::send_to_host(world, m);
    }
    if let Some(Online::Guest {
        seated,
        hello_at,
        was_connected,
        since,
        tries,
        lost_at,
        ..
    }) = world.get_resource_mut::<Online>().as_deref_mut()
    {
        (*seated, *hello_at, *was_connected, *since, *tries, *lost_at) = next;
    }
}

/// What a message from the host did to this guest's game.
pub(super) enum Heard {
    /// Nothing that changes the seat.
    Nothing,
    /// The host has seated this guest (a welcome, or commands on a rejoin).
    Seated,
    /// The host said no: online play was left.
    Left,
}

/// Plays one message from the host in this guest's game (a welcome sets the game up; commands
/// are checked and played, and a game out of step asks for the whole game again), whether it
/// came through online play's wire or a club server's. `lost`: the connection had dropped.
pub(super) fn hear(world: &mut World, registry: &Registry, message: ToGuest, lost: bool) -> Heard {
    let fns = match world.get_resource::<Online>() {
        Some(Online::Guest { ruleset, .. } | Online::Club { ruleset, .. }) => ruleset
            .as_deref()
            .and_then(|id| registry.get(id))
            .map(|e| e.online),
        _ => None,
    };
    let mut heard = Heard::Nothing;
    match message {
        ToGuest::Welcome {
            ruleset: id,
            side,
            record,
        } => {
            let Some(entry) = registry.get(&id) else {
                world.resource_mut::<Notice>().refusal = Some(format!(
                    "the host plays a rule set this program does not know: {id}"
                ));
                return Heard::Nothing;
            };
            // The view frames the table anew, as for any new game.
            world.insert_resource(crate::engine::record::CameraPlace::default());
            match (entry.online.welcome)(world, &record, side) {
                Ok(()) => {
                    heard = Heard::Seated;
                    if let Some(Online::Guest { ruleset, .. } | Online::Club { ruleset, .. }) =
                        world.get_resource_mut::<Online>().as_deref_mut()
                    {
                        *ruleset = Some(id.clone());
                    }
                    welcomed(world, registry, &id);
                }
                Err(e) => world.resource_mut::<Notice>().refusal = Some(e),
            }
        }
        ToGuest::Commands { from, commands } => {
            let Some(f) = fns else {
                return Heard::Nothing;
            };
            heard = Heard::Seated;
            if lost {
                world
                    .resource_mut::<Chat>()
                    .lines
                    .push("Reconnected.".into());
            }
            // The game moved on: an earlier refusal is no longer news.
            if !commands.is_empty() {
                world.resource_mut::<Notice>().refusal = None;
            }
            if let Err(e) = (f.apply)(world, from, &commands) {
                let index = match &e {
                    crate::engine::online::guest::OutOfStep::Diverged { index, .. } => *index,
                    crate::engine::online::guest::OutOfStep::Gap { held, .. } => held + 1,
                };
                world.resource_mut::<Chat>().status =
                    format!("Out of step ({e}): asking the host for the whole game");
                if let Some(mut out) = world.get_resource_mut::<GuestOutbox>() {
                    out.0.push(ToHost::Resync {
                        index,
                        why: e.to_string(),
                    });
                }
            }
        }
        ToGuest::Refused { reason } => world.resource_mut::<Notice>().refusal = Some(reason),
        ToGuest::Denied { reason } => {
            world.resource_mut::<Notice>().refusal = Some(format!("The host said no: {reason}"));
            leave(world);
            return Heard::Left;
        }
        ToGuest::Chat { from, text } => world
            .resource_mut::<Chat>()
            .lines
            .push(format!("{from}: {text}")),
        // Said in the panel's status and kept among the chat, so one who looked away sees it.
        ToGuest::Presence { side, here } => {
            let said = crate::engine::online::protocol::presence(&side, here);
            world.resource_mut::<Chat>().lines.push(format!("— {said}"));
            tell(world, format!("{said}."));
        }
    }
    heard
}

/// A guest's game has begun (or begun again from the host's record): the sides take their
/// factions' colours, the game autosaves as any, and the playing screen shows it.
fn welcomed(world: &mut World, registry: &Registry, ruleset: &str) {
    let Some(entry) = registry.get(ruleset) else {
        return;
    };
    if let Some((file, src)) = (entry.online.scenario)(world)
        && let Ok(header) = crate::rules::scenario::read_header(&src, &file, &[entry.id])
    {
        let loaded = crate::engine::ruleset::Loaded { file, src, header };
        super::use_palette(&loaded);
        // A club game is kept by its server: no local copy to resume offline by mistake.
        if matches!(world.get_resource::<Online>(), Some(Online::Club { .. })) {
            world.remove_resource::<crate::engine::autosave::Autosave>();
        } else {
            super::autosave_from(world, &loaded.file, None);
        }
        // The result screen names the sides from it.
        world.insert_resource(super::CurrentScenario(loaded));
    }
    // Why an earlier try could not join is no longer news.
    world.resource_mut::<Notice>().refusal = None;
    if *world.resource::<State<Screen>>().get() != Screen::Playing {
        world
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
    }
}

/// Leaves online play: the connection closes, the host or guest beside the game goes.
pub(super) fn leave(world: &mut World) {
    let Some(online) = world.remove_resource::<Online>() else {
        return;
    };
    world.remove_resource::<ClubLost>();
    world.insert_resource(Inbox::default());
    net::close(world);
    let registry = world.resource::<Registry>().clone();
    let id = match online {
        Online::Host { ruleset, .. } => Some(ruleset.to_string()),
        Online::Guest { ruleset, .. } | Online::Club { ruleset, .. } => ruleset,
    };
    if let Some(e) = id.as_deref().and_then(|id| registry.get(id)) {
        (e.online.leave)(world);
    }
    net::forget(world);
}

/// The playing screen's online panel: whose turn it is, who is connected, the join code,
/// chat.
fn panel(
    mut ctx: EguiContexts,
    (online, status): (Res<Online>, Res<crate::ui::ShellStatus>),
    (seated, sides): (
        Option<Res<crate::engine::game::Seated>>,
        Option<Res<crate::engine::game::Sides>>,
    ),
    (mut chat, mut view): (
        ResMut<Chat>,
        MessageWriter<crate::engine::replay_view::ViewRequest>,
    ),
    mut commands: Commands,
    (replay, lost): (
        Option<Res<crate::engine::replay_view::ReplayStatus>>,
        Option<ResMut<ClubLost>>,
    ),
) -> Result {
    let ctx = ctx.ctx_mut()?;
    let (lost, mut reconnect) = (lost.is_some(), lost);
    // While the replay viewer shows an earlier moment, whose turn it was then is not news: the
    // panel said "Waiting for" a side long done (a club walk).
    let looking = replay.is_some_and(|r| r.open);
    // A watcher's game is seen as no side sees it: he plays no side.
    let seat = seated.and_then(|s| s.0);
    let watching = seat == Some(crate::engine::online::host::NOBODY);
    let mine = seat.filter(|_| !watching);
    let name = |s: usize| {
        sides
            .as_ref()
            .and_then(|sides| sides.names.get(s).cloned())
            .unwrap_or_default()
    };
    // The title says whose turn it is, so the panel folded away still tells; it can be
    // dragged off whatever it covers.
    let turn = match (mine, status.acting) {
        _ if lost => "Connection lost".to_string(),
        _ if looking => "looking back".to_string(),
        _ if watching => "Watching".to_string(),
        (Some(me), Some(s)) if s == me => "Your turn".to_string(),
        // Short, as the folded title bar has room for little (a walk read "Waiting for Ghost
        // c…"); the panel says it in full.
        (Some(_), Some(s)) => format!("{} to play", name(s)),
        _ => String::new(),
    };
    // Folded to its title bar unless there is something to read: open over the table it
    // took the table's lower left from the pointer (a drag there moved nothing). It opens
    // itself while a host waits for the other player (the join code) and when the
    // connection has news; the title counts the chat lines not yet seen.
    let id = egui::Id::new("online-panel");
    let news = match &*online {
        Online::Host { connected, .. } if connected.is_empty() => "waiting for a guest".into(),
        _ => chat.status.clone(),
    };
    if !looking {
        open_for_news(ctx, id, &mut chat.opened_for, news);
    }
    let title = panel_title(&turn, chat.lines.len().saturating_sub(chat.seen));
    let screen = ctx.content_rect();
    let shown = egui::Window::new(title)
        .id(id)
        // Held by its lower left corner: opened for news it grows upwards, and folded again
        // it goes back to the table's foot (held by its top, it was pushed up the window to
        // fit its open height and stayed there folded, over the pieces: a walk).
        .pivot(egui::Align2::LEFT_BOTTOM)
        .default_pos([16.0, screen.height() - 8.0])
        .default_width(300.0)
        .default_open(false)
        .collapsible(true)
        .resizable(false)
        .show(ctx, |ui| {
            if watching {
                ui.label("You are watching: what a side keeps hidden stays hidden");
                if let Some(s) = status.acting.filter(|_| !looking) {
                    ui.label(format!("{} to act", name(s)));
                }
            }
            if looking {
                ui.label("Looking back over the game: Back to the game, under the table, returns to it as it stands");
            }
            if let Some(me) = mine {
                ui.label(format!("You play {}", name(me)));
                match status.acting.filter(|_| !looking && !lost) {
                    Some(s) if s == me => {
                        ui.label(egui::RichText::new("Your turn").strong());
                    }
                    Some(s) => {
                        ui.label(format!("Waiting for {} (the other player)", name(s)));
                    }
                    None => {}
                }
            }
            match &*online {
                Online::Host {
                    ruleset,
                    code,
                    port,
                    connected,
                } => {
                    let here = own_address()
                        .map_or("this computer's address".to_string(), |a| a.to_string());
                    ui.label(format!("Hosting at {here}:{port}"))
                        .on_hover_text("On your home network. From outside it, give your router's public address and forward UDP port to this computer (docs/online-play.md).");
                    ui.horizontal(|ui| {
                        ui.label("Join code:");
                        ui.label(egui::RichText::new(code).monospace().strong());
                        if ui.small_button("Copy").clicked() {
                            ui.ctx().copy_text(code.clone());
                        }
                    });
                    if connected.is_empty() {
                        ui.label("Waiting for the other player to join…");
                    }
                    // A seat is bound to the guest who took it; the host lets it go for
                    // another player (a guest whose computer broke, say).
                    let ruleset = *ruleset;
                    for side in (0..sides.as_ref().map_or(0, |s| s.names.len()))
                        .filter(|&s| Some(s) != mine)
                    {
                        let free = ui
                            .small_button(format!(
                                "Free {} seat",
                                crate::rules::words::possessive(&name(side))
                            ))
                            .on_hover_text("Lets another guest with the join code take this side: the one who held it is let go");
                        if free.clicked() {
                            commands.queue(move |world: &mut World| {
                                let fns = world
                                    .resource::<Registry>()
                                    .get(ruleset)
                                    .map(|e| e.online.free_seat);
                                if let Some(free) = fns {
                                    free(world, side);
                                }
                            });
                        }
                    }
                }
                Online::Guest { addr, .. } => {
                    ui.weak(format!("Joined the game at {addr}"));
                }
                Online::Club { server, game, .. } => {
                    ui.weak(format!("Game {game} at the club server {server}"));
                }
            }
            if !chat.status.is_empty() {
                ui.colored_label(egui::Color32::from_rgb(255, 190, 90), &chat.status);
            }
            if lost
                && ui
                    .button("Reconnect")
                    .on_hover_text("Sign in to the club server again and sit down at this game where it stands there")
                    .clicked()
            {
                if let Some(r) = reconnect.as_mut() {
                    r.asked = true;
                }
            }
            if ui
                .small_button("What happened since my last turn")
                .on_hover_text("The replay viewer plays the other side's moves since your last command, seen as your side")
                .clicked()
            {
                view.write(crate::engine::replay_view::ViewRequest::OpenSince);
            }
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(80.0)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    for line in &chat.lines {
                        ui.label(line);
                    }
                });
            // With the connection lost a line would go nowhere (a walk's showed as said).
            let sent = ui
                .add_enabled_ui(!lost, |ui| ui.horizontal(|ui| {
                    let edit = ui.add(
                        egui::TextEdit::singleline(&mut chat.draft)
                            .hint_text("Say something")
                            .char_limit(crate::engine::online::protocol::MAX_CHAT),
                    );
                    let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    if enter {
                        // The next line is typed into the chat too, not into the table's keys
                        // (a walk's second line ended an activation).
                        edit.request_focus();
                    }
                    ui.button("Send").clicked() || enter
                }).inner)
                .inner;
            if sent && !chat.draft.trim().is_empty() {
                let text = std::mem::take(&mut chat.draft);
                chat.lines.push(format!("you: {text}"));
                let online = online.clone();
                commands.queue(move |world: &mut World| say(world, &online, &text));
            }
        });
    // Open (not folded to its title), its lines are read.
    if shown.is_some_and(|r| r.inner.is_some()) {
        chat.seen = chat.lines.len();
    }
    Ok(())
}

/// Unfolds the online panel `id` once for each new piece of `news` (a host waiting for a guest,
/// the connection's status): `opened_for` is the news it last opened for, so a player who folds
/// it again is not overruled until there is other news; no news opens nothing.
fn open_for_news(ctx: &egui::Context, id: egui::Id, opened_for: &mut String, news: String) {
    if news == *opened_for {
        return;
    }
    if !news.is_empty() {
        let mut fold = egui::collapsing_header::CollapsingState::load_with_default_open(
            ctx,
            id.with("collapsing"),
            false,
        );
        fold.set_open(true);
        fold.store(ctx);
    }
    *opened_for = news;
}

/// The online panel's title: the chat lines not yet seen, then whose turn (`turn`). The
/// count comes first: after a long side's name it was cut off the folded panel, and a line
/// from the other player went unseen (a walk).
fn panel_title(turn: &str, unread: usize) -> String {
    match unread {
        0 => format!("Online · {turn}"),
        1 => format!("Online · 1 new line · {turn}"),
        n => format!("Online · {n} new lines · {turn}"),
    }
}

/// A chat line from this window's player.
fn say(world: &mut World, online: &Online, text: &str) {
    match online {
        Online::Host { ruleset, .. } => {
            let registry = world.resource::<Registry>().clone();
            let name = world
                .get_resource::<crate::engine::game::Seated>()
                .and_then(|s| s.0)
                .and_then(|s| {
                    world
                        .get_resource::<crate::engine::game::Sides>()
                        .and_then(|sides| sides.names.get(s).cloned())
                })
                .unwrap_or_else(|| "host".into());
            if let Some(e) = registry.get(ruleset) {
                (e.online.chat)(world, &name, text);
                // The host's own line is already on its panel.
                let _ = (e.online.take_log)(world);
            }
        }
        Online::Guest { .. } | Online::Club { .. } => {
            if let Some(mut out) = world.get_resource_mut::<GuestOutbox>() {
                out.0.push(ToHost::Chat {
                    text: text.to_string(),
                });
            }
        }
    }
}

/// A guest waiting for the host on the title: what it waits for, and Cancel.
fn waiting(
    mut ctx: EguiContexts,
    online: Res<Online>,
    chat: Res<Chat>,
    mut commands: Commands,
) -> Result {
    let Online::Guest { addr, .. } = &*online else {
        return Ok(());
    };
    let ctx = ctx.ctx_mut()?;
    egui::Window::new("Joining")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(format!("Waiting for the host at {addr}…"));
            if !chat.status.is_empty() {
                ui.weak(&chat.status);
            }
            if ui.button("Cancel").clicked() {
                commands.queue(leave);
            }
        });
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    net::plugin(app);
    app.init_resource::<Chat>()
        .init_resource::<Inbox>()
        .add_systems(
            Update,
            (
                wire.run_if(resource_exists::<Online>)
                    .after(crate::engine::pipeline::CommandPipeline),
                keep_polling,
                leave_words.run_if(resource_exists_and_changed::<Online>),
            ),
        )
        .add_systems(OnEnter(Screen::Title), leave)
        .add_systems(OnEnter(Screen::ScenarioSelect), leave)
        .add_systems(
            EguiPrimaryContextPass,
            (
                waiting.run_if(in_state(Screen::Title).and_then(resource_exists::<Online>)),
                panel.run_if(in_state(Screen::Playing).and_then(resource_exists::<Online>)),
            ),
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the panel `id` is unfolded, as egui keeps it.
    fn unfolded(ctx: &egui::Context, id: egui::Id) -> bool {
        egui::collapsing_header::CollapsingState::load_with_default_open(
            ctx,
            id.with("collapsing"),
            false,
        )
        .is_open()
    }

    /// Issue 63: the panel folds to its title and opens itself once for each piece of news (a
    /// host waiting for a guest, the connection's status); folded again by the player, it
    /// stays folded until there is other news.
    #[test]
    fn the_online_panel_opens_for_news_once() {
        let ctx = egui::Context::default();
        let id = egui::Id::new("online-panel");
        let mut opened_for = String::new();
        open_for_news(&ctx, id, &mut opened_for, String::new());
        assert!(!unfolded(&ctx, id), "folded with no news");
        open_for_news(&ctx, id, &mut opened_for, "waiting for a guest".into());
        assert!(unfolded(&ctx, id), "a host waiting: open");
        let mut fold = egui::collapsing_header::CollapsingState::load_with_default_open(
            &ctx,
            id.with("collapsing"),
            false,
        );
        fold.set_open(false);
        fold.store(&ctx);
        open_for_news(&ctx, id, &mut opened_for, "waiting for a guest".into());
        assert!(
            !unfolded(&ctx, id),
            "folded by the player: the same news leaves it"
        );
        open_for_news(&ctx, id, &mut opened_for, "connection lost".into());
        assert!(unfolded(&ctx, id), "other news: open again");
    }

    /// A walk: leaving a club game was asked with words about hosts and join codes; each
    /// kind says its own (a club game's: [`super::super::club`]).
    #[test]
    fn leaving_says_what_becomes_of_the_kind_of_game_on_the_table() {
        use bevy::ecs::system::RunSystemOnce;
        let mut said = Vec::new();
        for online in [
            Online::Guest {
                addr: "127.0.0.1:7777".parse().unwrap(),
                code: "ACDE-FGHJ-KMNP".into(),
                key: String::new(),
                ruleset: None,
                seated: false,
                hello_at: None,
                was_connected: false,
                since: Instant::now(),
                tries: 0,
                lost_at: None,
            },
            Online::Host {
                ruleset: "tyneside",
                code: "ACDE-FGHJ-KMNP".into(),
                port: PORT,
                connected: Vec::new(),
            },
        ] {
            let mut world = World::new();
            world.insert_resource(online);
            world.run_system_once(leave_words).unwrap();
            said.push(world.resource::<crate::ui::LeaveOnline>().0.clone());
        }
        assert!(
            said[0].contains("same code") && !said[0].contains("--resume"),
            "{}",
            said[0]
        );
        assert!(
            said[1].contains("--resume") && !said[1].contains("same code"),
            "{}",
            said[1]
        );
    }

    #[test]
    fn the_online_panels_title_counts_the_lines_unseen() {
        assert_eq!(panel_title("Your turn", 0), "Online · Your turn");
        assert_eq!(
            panel_title("Your turn", 1),
            "Online · 1 new line · Your turn"
        );
        assert_eq!(
            panel_title("Waiting for Empire", 3),
            "Online · 3 new lines · Waiting for Empire"
        );
    }
}
