//! `holotable serve`: the club server's listener. Each player connects out to it over TCP (no
//! port to open at his end); his connection gets a reader (sign-in, size and rate limits) and
//! a writer (a bounded queue); everything else happens in the hall's one thread
//! ([`super::hall`]). docs/club-server.md.

use std::io::BufReader;
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::mpsc::{Sender, sync_channel};
use std::time::{Duration, Instant};

use super::hall::{Event, Hall, HallOptions, good_name};
use super::identity;
use super::protocol::{FrameError, MAX_FROM_PLAYER, ToClient, ToServer, read_frame, write_frame};
use super::store::Store;
use crate::engine::registry::Registry;

/// How many messages a connection may send in a burst, and how many a second after it (more
/// wait their turn).
pub const BURST: f64 = 60.0;
/// See [`BURST`].
pub const PER_SECOND: f64 = 30.0;
/// How many messages wait for a player before he is let go as one who does not read them.
pub const QUEUE: usize = 1024;
/// How long a new connection has to sign in.
pub const SIGN_IN: Duration = Duration::from_secs(20);
/// The most connections at once.
pub const CONNECTIONS: usize = 4096;

/// What `holotable serve` was given.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The TCP port (0: any free one, printed).
    pub port: u16,
    /// The data folder: the database lives here.
    pub data: PathBuf,
    /// The server's name, shown to players.
    pub name: String,
    /// The hall's limits and hooks.
    pub hall: HallOptions,
}

/// Runs the server until it is killed. Prints `listening on port P` first.
///
/// Errors: the database cannot be opened, or the port cannot be bound.
pub fn serve(registry: Registry, options: ServeOptions) -> Result<(), String> {
    let store = Store::open(&options.data)?;
    let listener = TcpListener::bind(("0.0.0.0", options.port))
        .map_err(|e| format!("port {}: {e}", options.port))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    println!(
        "listening on port {port}, keeping games in {}",
        options.data.join(super::store::FILE).display()
    );
    let (events, rx) = std::sync::mpsc::channel();
    let hall = options.hall.clone();
    std::thread::Builder::new()
        .name("hall".into())
        .spawn(move || Hall::new(registry, store, hall).run(rx))
        .map_err(|e| e.to_string())?;
    let open = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    for (conn, stream) in (1u64..).zip(listener.incoming()) {
        let Ok(stream) = stream else { continue };
        if open.load(std::sync::atomic::Ordering::Relaxed) >= CONNECTIONS {
            let _ = stream.shutdown(Shutdown::Both);
            continue;
        }
        open.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let events = events.clone();
        let name = options.name.clone();
        let held = open.clone();
        let spawned = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || {
                connection(conn, stream, &name, &events);
                held.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
            });
        if spawned.is_err() {
            open.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
        }
    }
    Ok(())
}

/// One connection: the challenge, the sign-in, then every message to the hall, until it
/// closes, sends what it may not, or floods.
fn connection(conn: u64, stream: TcpStream, server: &str, events: &Sender<Event>) {
    let _ = stream.set_nodelay(true);
    let Ok(mut writer) = stream.try_clone() else {
        return;
    };
    let nonce = identity::random_hex();
    let _ = stream.set_read_timeout(Some(SIGN_IN));
    let mut reader = BufReader::new(&stream);
    let challenge = ToClient::Challenge {
        nonce: nonce.clone(),
        server: server.to_string(),
    };
    if write_frame(&mut writer, &challenge).is_err() {
        return;
    }
    let refuse = |writer: &mut TcpStream, reason: &str| {
        let _ = write_frame(
            writer,
            &ToClient::Refused {
                game: None,
                reason: reason.to_string(),
                import: false,
            },
        );
        let _ = writer.shutdown(Shutdown::Both);
    };
    let (public, name) = match read_frame::<ToServer>(&mut reader, MAX_FROM_PLAYER) {
        Ok(ToServer::SignIn {
            name,
            public,
            signature,
        }) => {
            if !good_name(&name) {
                return refuse(&mut writer, "a display name is 1 to 40 characters");
            }
            if !identity::verify(
                &public,
                &identity::sign_in_message(&nonce, &name, &public),
                &signature,
            ) {
                println!("connection {conn}: a sign-in not signed by its key: refused");
                return refuse(&mut writer, "the sign-in is not signed by that key");
            }
            (public, name.trim().to_string())
        }
        Ok(_) => return refuse(&mut writer, "sign in first"),
        Err(e) => {
            println!("connection {conn}: {e}");
            return refuse(&mut writer, "sign in first");
        }
    };
    let _ = stream.set_read_timeout(None);
    let (tx, queue) = sync_channel::<ToClient>(QUEUE);
    let Ok(shut) = stream.try_clone() else {
        return;
    };
    let mut out = writer;
    let writing = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            for message in queue {
                if write_frame(&mut out, &message).is_err() {
                    break;
                }
            }
            let _ = out.shutdown(Shutdown::Both);
        });
    if writing.is_err() {
        return;
    }
    // The hall answers the sign-in (SignedIn, or a name another player holds refused).
    let signed_in = Event::SignedIn {
        conn,
        tx,
        close: Box::new(move || {
            let _ = shut.shutdown(Shutdown::Both);
        }),
        public,
        name,
    };
    if events.send(signed_in).is_err() {
        return;
    }
    let mut tokens = BURST;
    let mut last = Instant::now();
    loop {
        match read_frame::<ToServer>(&mut reader, MAX_FROM_PLAYER) {
            Ok(message) => {
                tokens = (tokens + last.elapsed().as_secs_f64() * PER_SECOND).min(BURST);
                last = Instant::now();
                // A flood is slowed, not served: the reader waits for its next token, and
                // what the player sends meanwhile waits in his own socket.
                if tokens < 1.0 {
                    std::thread::sleep(Duration::from_secs_f64((1.0 - tokens) / PER_SECOND));
                    tokens = 1.0;
                    last = Instant::now();
                }
                tokens -= 1.0;
                if events.send(Event::Message { conn, message }).is_err() {
                    break;
                }
            }
            Err(FrameError::Closed(_)) => break,
            Err(e) => {
                println!("connection {conn}: {e}: let go");
                break;
            }
        }
    }
    let _ = stream.shutdown(Shutdown::Both);
    let _ = events.send(Event::Closed { conn });
}
