//! The club server under load (issue 63, "Scale, measured"): `holotable serve` on loopback and,
//! in this process, two players a game signed in over TCP as the window's lobby signs in, each
//! holding his side's view and playing by the rules' policy at a person's pace. Measured: the
//! time from a command sent to both players' views having played it (the 50th, 99th and
//! largest), the server's memory with every game live, and with the games let go (a game
//! nobody sits at lives in the database, not in memory).
//!
//! Not a criterion benchmark: one run of minutes, its figures printed.
//! `cargo bench --bench club_load -- --games 1000 --pace-ms 2000 --seconds 60`
//! (docs/performance.md, "The club server").

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ed25519_dalek::SigningKey;
use holotable::club::client::Client;
use holotable::club::protocol::{ToClient, ToServer};
use holotable::engine::online::GuestGame;
use holotable::engine::online::protocol::ToGuest;

const SCENARIO: &str = "cantina_brawl";

/// What the run was asked.
struct Options {
    games: usize,
    pace: Duration,
    seconds: u64,
}

fn options() -> Options {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str, default: u64| -> u64 {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .map(|v| v.parse().unwrap_or_else(|_| panic!("{flag}: a number")))
            .unwrap_or(default)
    };
    Options {
        games: value("--games", 1000) as usize,
        pace: Duration::from_millis(value("--pace-ms", 2000)),
        seconds: value("--seconds", 60),
    }
}

/// The commands sent and heard: for each (game, index) the moment it was sent and the moments
/// each seat's view played it.
#[derive(Default)]
struct Clock {
    pending: HashMap<(u64, usize), (Option<Instant>, Vec<Instant>)>,
    /// Sent to both views updated, for commands sent while measuring.
    took: Vec<Duration>,
    measuring: bool,
}

impl Clock {
    fn note(&mut self, key: (u64, usize), sent: Option<Instant>, heard: Option<Instant>) {
        let e = self.pending.entry(key).or_default();
        if sent.is_some() {
            e.0 = sent;
        }
        e.1.extend(heard);
        if let (Some(s), 2) = (e.0, e.1.len()) {
            let last = e.1.iter().max().copied().unwrap_or(s);
            if self.measuring {
                self.took.push(last.saturating_duration_since(s));
            }
            self.pending.remove(&key);
        }
    }
}

/// The server's resident memory, in KiB (Linux's /proc).
fn rss_kib(child: &Child) -> u64 {
    std::fs::read_to_string(format!("/proc/{}/status", child.id()))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// The server's processor time so far, in seconds (Linux's /proc, at 100 ticks a second).
fn cpu_s(child: &Child) -> f64 {
    std::fs::read_to_string(format!("/proc/{}/stat", child.id()))
        .ok()
        .and_then(|s| {
            // The fields after the command's name, which is in parentheses.
            let rest = s.rsplit_once(')')?.1;
            let f: Vec<&str> = rest.split_whitespace().collect();
            Some((f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?) / 100.0)
        })
        .unwrap_or(0.0)
}

fn connect(address: &str, name: &str) -> Client {
    let key = SigningKey::from_bytes(&rand::random());
    Client::connect(address, key, name, Duration::from_secs(120)).expect("signs in")
}

/// Waits for the first message `pick` takes.
fn wait_for<T>(client: &Client, mut pick: impl FnMut(ToClient) -> Option<T>) -> T {
    loop {
        let m = client
            .incoming
            .recv_timeout(Duration::from_secs(120))
            .expect("the server answers");
        if let ToClient::Refused { reason, .. } = &m {
            panic!("refused: {reason}");
        }
        if let Some(t) = pick(m) {
            return t;
        }
    }
}

/// One seat: plays game `game` by the rules' policy, a command each `pace` when to act,
/// until `until`.
fn seat(mut client: Client, game: u64, pace: Duration, until: Instant, clock: Arc<Mutex<Clock>>) {
    let registry = holotable::rulesets::registry();
    let mut guest: Option<Box<dyn GuestGame>> = None;
    let mut chosen: std::collections::VecDeque<String> = Default::default();
    let mut sent_at: Option<usize> = None;
    let mut refusals = 0u64;
    // A person's pace, each seat a little apart so the sends spread.
    let mut next_send = Instant::now() + pace.mul_f64(rand::random::<f64>());
    while Instant::now() < until {
        if let Some(g) = guest.as_mut()
            && !g.game().over()
            && sent_at.is_none()
            && g.to_act()
            && Instant::now() >= next_send
        {
            if chosen.is_empty() {
                chosen = g.choose(refusals).expect("the policy chooses").into();
            }
            if let Some(ron) = chosen.pop_front() {
                let held = g.held();
                clock
                    .lock()
                    .unwrap()
                    .note((game, held), Some(Instant::now()), None);
                client.play(game, held, &ron).expect("sends");
                sent_at = Some(held);
                next_send = Instant::now() + pace;
            }
        }
        // Asleep until the next send is due or the server says something: thousands of seats
        // waking to look would cost the cores the server needs.
        let due = guest
            .as_mut()
            .is_some_and(|g| !g.game().over() && sent_at.is_none() && g.to_act());
        let wait = if due {
            next_send.saturating_duration_since(Instant::now())
        } else {
            Duration::from_millis(500)
        };
        let message = match client
            .incoming
            .recv_timeout(wait.max(Duration::from_millis(1)))
        {
            Ok(m) => m,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => continue,
            Err(_) => panic!("game {game}: the server closed the connection"),
        };
        let ToClient::Game { message, .. } = message else {
            continue;
        };
        match message {
            ToGuest::Welcome {
                ruleset,
                side,
                record,
            } => {
                let entry = registry.get(&ruleset).expect("a rule set");
                guest = Some((entry.online_guest)(&record, side).expect("the game verifies"));
            }
            ToGuest::Commands { from, commands } => {
                let Some(g) = guest.as_mut() else { continue };
                let before = g.held();
                g.apply(from, &commands).expect("in step");
                let now = Instant::now();
                let mut c = clock.lock().unwrap();
                for index in before..g.held() {
                    c.note((game, index), None, Some(now));
                }
                drop(c);
                if sent_at.is_some_and(|s| g.held() > s) {
                    sent_at = None;
                    refusals = 0;
                }
            }
            ToGuest::Refused { .. } => {
                sent_at = None;
                refusals += 1;
            }
            _ => {}
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

fn main() {
    let o = options();
    let data = std::env::temp_dir().join(format!("holotable-club-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut server = Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["serve", "--port", "0", "--idle", "5", "--data"])
        .arg(&data)
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut out = BufReader::new(server.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let port: u16 = first["listening on port ".len()..]
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    // The server says a line a sign-in: read and dropped, so its pipe never fills.
    std::thread::spawn(move || for _ in out.lines() {});
    let address = format!("127.0.0.1:{port}");
    std::thread::sleep(Duration::from_millis(300));
    let idle_rss = rss_kib(&server);

    let clock = Arc::new(Mutex::new(Clock::default()));
    let set_up = Instant::now();
    let mut pairs = Vec::new();
    for n in 0..o.games {
        let mut a = connect(&address, &format!("a{n}"));
        a.send(&ToServer::Create {
            scenario: SCENARIO.into(),
            side: "smugglers".into(),
            correspondence: false,
            public: true,
            per_move: None,
        })
        .unwrap();
        let game = wait_for(&a, |m| match m {
            ToClient::Created { info, .. } => Some(info.game),
            _ => None,
        });
        let part = a.part(game);
        a.send(&ToServer::Take {
            game,
            side: Some("smugglers".into()),
            invitation: None,
            part,
        })
        .unwrap();
        wait_for(&a, |m| matches!(m, ToClient::Seated { .. }).then_some(()));
        let mut b = connect(&address, &format!("b{n}"));
        let part = b.part(game);
        b.send(&ToServer::Take {
            game,
            side: None,
            invitation: None,
            part,
        })
        .unwrap();
        pairs.push((game, a, b));
    }
    let set_up = set_up.elapsed();
    std::thread::sleep(Duration::from_secs(2));
    let begun_rss = rss_kib(&server);
    let until = Instant::now() + Duration::from_secs(o.seconds + 10);
    let mut seats = Vec::new();
    for (game, a, b) in pairs {
        for client in [a, b] {
            let clock = clock.clone();
            let pace = o.pace;
            seats.push(
                std::thread::Builder::new()
                    .stack_size(512 * 1024)
                    .spawn(move || seat(client, game, pace, until, clock))
                    .expect("a seat's thread"),
            );
        }
    }
    // The first seconds go to the welcomes; then measure.
    std::thread::sleep(Duration::from_secs(5));
    clock.lock().unwrap().measuring = true;
    let cpu_before = cpu_s(&server);
    std::thread::sleep(Duration::from_secs(o.seconds));
    let server_cpu = (cpu_s(&server) - cpu_before) / o.seconds as f64;
    let live_rss = rss_kib(&server);
    clock.lock().unwrap().measuring = false;
    let mut took = std::mem::take(&mut clock.lock().unwrap().took);
    for s in seats {
        s.join().expect("a seat played to the end");
    }
    // Everyone gone: the games are let go after the server's idle time (5 s) and live on in
    // the database alone.
    std::thread::sleep(Duration::from_secs(12));
    let let_go_rss = rss_kib(&server);
    let db = std::fs::metadata(data.join("club.sqlite3"))
        .map(|m| m.len())
        .unwrap_or(0);
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&data);

    took.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "club load: {} games of {SCENARIO}, {} players, a command a seat every {} ms when to act",
        o.games,
        o.games * 2,
        o.pace.as_millis()
    );
    println!(
        "set-up (sign-ins, creations, seats): {:.1} s",
        set_up.as_secs_f64()
    );
    println!(
        "commands measured over {} s: {} ({:.0} a second)",
        o.seconds,
        took.len(),
        took.len() as f64 / o.seconds as f64
    );
    println!(
        "sent to both views updated: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        ms(percentile(&took, 0.5)),
        ms(percentile(&took, 0.99)),
        ms(took.last().copied().unwrap_or_default())
    );
    println!(
        "the server's share of the 2 cores while measuring: {:.0}% of one core (the players' views, in this process, took the rest)",
        server_cpu * 100.0
    );
    println!(
        "server memory: {} MiB with no game, {} MiB with every game begun ({} KiB a game), {} MiB with every game live ({} KiB a game), {} MiB once every game was let go ({} KiB a game left), database {} MiB",
        idle_rss / 1024,
        begun_rss / 1024,
        begun_rss.saturating_sub(idle_rss) / o.games.max(1) as u64,
        live_rss / 1024,
        live_rss.saturating_sub(idle_rss) / o.games.max(1) as u64,
        let_go_rss / 1024,
        let_go_rss.saturating_sub(idle_rss) / o.games.max(1) as u64,
        db / (1024 * 1024)
    );
}
