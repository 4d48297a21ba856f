//! Online play's speed (the network issue): the time from a command sent at one end to it
//! being played and shown at the other, over loopback, host and guest in one process each
//! updated as fast as it can (a window adds up to its 30 ms look at the wire); and the bytes
//! a command costs on the wire (the RON the guest is sent, before netcode's framing and
//! encryption). Goal: under 50 ms plus the network's own latency.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use criterion::{Criterion, criterion_group, criterion_main};
use holotable::engine::dice::Randomness;
use holotable::engine::game::Sides;
use holotable::engine::online::protocol::{ToGuest, ToHost};
use holotable::engine::online::{GuestGame, HostGame, net};
use holotable::engine::ruleset::RuleSet;
use holotable::engine::session::{Headless, Session};
use holotable::rulesets::battlefield::Battlefield;
use holotable::rulesets::registry;
use holotable::rulesets::tyneside::Tyneside;

const CODE: &str = "ACDE-FGHJ-KMNP";
const SEED: u64 = 7;

/// A whole game played by persons on both sides (the rules choosing), as (side, RON) pairs.
fn script<R: RuleSet>(scenario: &str) -> Vec<(usize, String)> {
    let loaded = registry().load(scenario).unwrap().0;
    let mut s = Session::<R>::start(&loaded, Randomness::seeded(SEED)).unwrap();
    s.world_mut().resource_mut::<Sides>().rules.clear();
    let mut out = Vec::new();
    while let Some(side) = R::sides_to_act(s.world()).first().copied() {
        s.world_mut().resource_mut::<Sides>().rules = vec![side];
        let before = s.commands();
        s.play_rules(1).unwrap();
        s.world_mut().resource_mut::<Sides>().rules.clear();
        out.extend(
            s.command_texts()[before..]
                .iter()
                .map(|c| (side, c.clone())),
        );
    }
    out
}

/// A host and a guest on loopback, the guest welcomed.
struct Ends {
    host: Box<dyn HostGame>,
    host_app: App,
    guest: Option<Box<dyn GuestGame>>,
    guest_app: App,
    bytes: usize,
    commands: usize,
}

impl Ends {
    fn new(scenario: &str) -> Self {
        let reg = registry();
        let (loaded, entry) = reg.load(scenario).unwrap();
        let host = (entry.online_host)(&loaded, SEED, &[1], CODE).unwrap();
        let mut host_app = net::app();
        let port = net::listen(host_app.world_mut(), 0, CODE).unwrap();
        let mut guest_app = net::app();
        net::connect(
            guest_app.world_mut(),
            format!("127.0.0.1:{port}").parse().unwrap(),
            CODE,
        )
        .unwrap();
        let mut ends = Self {
            host,
            host_app,
            guest: None,
            guest_app,
            bytes: 0,
            commands: 0,
        };
        let until = Instant::now() + Duration::from_secs(20);
        while ends.guest.is_none() && Instant::now() < until {
            if net::guest_state(ends.guest_app.world())
                == bevy_replicon::prelude::ClientState::Connected
            {
                net::send_to_host(
                    ends.guest_app.world_mut(),
                    ToHost::Hello {
                        code: CODE.into(),
                        side: None,
                        have: 0,
                        key: "the bench guest's seat key".into(),
                    },
                );
            }
            ends.step();
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(ends.guest.is_some(), "the guest was welcomed");
        ends
    }

    /// One update of each end, every message passed on.
    fn step(&mut self) {
        self.host_app.update();
        for (peer, m) in net::take_from_guests(self.host_app.world_mut()) {
            for o in self.host.receive(peer, m) {
                net::send_to_guest(self.host_app.world_mut(), o.peer, o.message);
            }
        }
        self.host_app.update();
        self.guest_app.update();
        for m in net::take_from_host(self.guest_app.world_mut()) {
            match m {
                ToGuest::Welcome {
                    ruleset,
                    record,
                    side,
                } => {
                    let entry = registry().get(&ruleset).copied().unwrap();
                    self.guest = Some((entry.online_guest)(&record, side).unwrap());
                }
                ToGuest::Commands { from, commands } => {
                    self.bytes += commands.iter().map(String::len).sum::<usize>();
                    self.commands += commands.len();
                    self.guest.as_mut().unwrap().apply(from, &commands).unwrap();
                }
                other => panic!("{other:?}"),
            }
        }
    }

    /// Plays `command` from `side`'s end and returns how long until the other end had it.
    fn play(&mut self, side: usize, command: &str) -> Duration {
        let start = Instant::now();
        let held = self.guest.as_ref().unwrap().held();
        if side == 1 {
            let before = self.host.game().commands();
            net::send_to_host(
                self.guest_app.world_mut(),
                ToHost::Command {
                    ron: command.into(),
                },
            );
            while self.host.game().commands() == before {
                self.step();
            }
            let took = start.elapsed();
            // Its result back at the guest before the next command.
            while self.guest.as_ref().unwrap().held() == held {
                self.step();
            }
            took
        } else {
            let out = self.host.play_text(side, command).unwrap();
            for o in out {
                net::send_to_guest(self.host_app.world_mut(), o.peer, o.message);
            }
            while self.guest.as_ref().unwrap().held() == held {
                self.step();
            }
            start.elapsed()
        }
    }
}

fn latency(c: &mut Criterion) {
    let mut group = c.benchmark_group("online, a command to the other end, loopback");
    for (scenario, commands) in [
        ("walker_assault", script::<Battlefield>("walker_assault")),
        ("lothal_ambush", script::<Tyneside>("lothal_ambush")),
    ] {
        let mut ends = Ends::new(scenario);
        let mut next = 0;
        group.bench_function(scenario, |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    if next == commands.len() {
                        ends = Ends::new(scenario);
                        next = 0;
                    }
                    let (side, command) = &commands[next];
                    total += ends.play(*side, command);
                    next += 1;
                }
                total
            })
        });
        eprintln!(
            "{scenario}: {} bytes of RON a command on average, over {} commands",
            ends.bytes / ends.commands.max(1),
            ends.commands
        );
    }
    group.finish();
}

criterion_group!(benches, latency);
criterion_main!(benches);
