//! The headless command path on a 60-figure scenario: one simple command through
//! `Session::send` (target: median under 20 µs); one full turn of scripted commands (target:
//! under 2 ms): orders, every group's movement, every group shooting at the nearest enemy
//! group, the end of the turn; and one whole turn decided and played by the rules for both
//! sides (target: under 20 ms).

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use holotable::engine::dice::Randomness;
use holotable::engine::pipeline::CommandOutcome;
use holotable::engine::ruleset::{Loaded, RuleSet};
use holotable::engine::session::Headless;
use holotable::engine::session::Session;
use holotable::rules::scenario::read_header;
use holotable::rulesets::tyneside::Tyneside;
use holotable::rulesets::tyneside::commands::Command;
use holotable::rulesets::tyneside::turn::TurnState;

/// Two sides of six groups of five, 30" apart, with some woods between.
/// `random_movement`: whether groups take the Random movement table's orders (the scripted
/// benches keep the scenario's Stand orders, so every command is accepted).
fn scenario(random_movement: bool) -> String {
    let mut sides = String::new();
    for (s, (name, x)) in [("rebels", 10.0f32), ("empire", 40.0)].iter().enumerate() {
        let mut groups = String::new();
        for g in 0..6 {
            let mut figs = String::new();
            for f in 0..5 {
                figs += &format!(
                    "(id: \"{name}{g}_{f}\", profile: \"{}\", at: ({:.1}, {:.1})),",
                    if s == 0 {
                        "Basic trooper"
                    } else {
                        "Stormtrooper"
                    },
                    x + f as f32 * 1.5,
                    4.0 + g as f32 * 7.0
                );
            }
            groups += &format!(
                "(id: \"{name}{g}\", name: \"{name} {g}\", order: Some(Stand), figures: [{figs}]),"
            );
        }
        sides += &format!("(id: \"{name}\", name: \"{name}\", groups: [{groups}]),");
    }
    format!(
        "(name: \"Sixty\", ruleset: \"tyneside\", random_movement: {random_movement}, terrain: [(id: \"w\", kind: Woods, shape: Circle(centre: (30.0, 24.0), radius: 5.0), properties: [Cover, Difficult, BlocksLineOfSight])], sides: [{sides}])"
    )
}

fn bench(c: &mut Criterion) {
    let loaded = |random_movement: bool| {
        let src = scenario(random_movement);
        Loaded {
            file: "sixty.ron".into(),
            header: read_header(&src, "sixty.ron", &["tyneside"]).unwrap(),
            src,
        }
    };
    let (scripted, by_table) = (loaded(false), loaded(true));
    let setup = || Session::<Tyneside>::start(&scripted, Randomness::seeded(7)).unwrap();
    // A game in progress: the movement phase's system has run once already.
    let in_movement = || {
        let mut s = setup();
        s.send(Command::EndPhase);
        s.send(Command::EndPhase);
        s.send(Command::EndActivation);
        s
    };
    c.bench_function("one EndActivation through Session::send", |b| {
        b.iter_batched_ref(
            &in_movement,
            |s| {
                assert!(s.send(Command::EndActivation).accepted());
            },
            BatchSize::SmallInput,
        )
    });
    // The same command with the window's crash-safe autosave on: the record written whole to
    // a new file (temp file, fsync, rename, folder fsync) after it.
    let folder =
        std::env::temp_dir().join(format!("holotable-bench-autosave-{}", std::process::id()));
    c.bench_function("one EndActivation with autosave", |b| {
        b.iter_batched_ref(
            || {
                let mut s = in_movement();
                s.autosave(folder.clone());
                s
            },
            |s| {
                assert!(s.send(Command::EndActivation).accepted());
            },
            BatchSize::SmallInput,
        )
    });
    let _ = std::fs::remove_dir_all(&folder);
    c.bench_function("the rules play one whole turn, 60 figures", |b| {
        b.iter_batched(
            || {
                let mut s = Session::<Tyneside>::start(&by_table, Randomness::seeded(7)).unwrap();
                s.set_rules_sides(&["all".into()]).unwrap();
                s
            },
            |mut s| {
                while s.world().resource::<TurnState>().turn == 1 {
                    Tyneside::ai_step(s.app.world_mut())
                        .expect("the rules' side acts")
                        .expect("and can go on");
                }
                s
            },
            BatchSize::SmallInput,
        )
    });
    c.bench_function("one full turn, 60 figures, headless", |b| {
        b.iter_batched(
            setup,
            |mut s| {
                s.send(Command::EndPhase);
                s.send(Command::EndPhase);
                for _ in 0..12 {
                    s.send(Command::EndActivation);
                }
                for _ in 0..12 {
                    let Some(active) = s
                        .world()
                        .resource::<TurnState>()
                        .active_group()
                        .map(str::to_string)
                    else {
                        break;
                    };
                    let target = if active.starts_with("rebels") {
                        active.replace("rebels", "empire")
                    } else {
                        active.replace("empire", "rebels")
                    };
                    if let CommandOutcome::Refused(..) = s.send(Command::Shoot {
                        groups: vec![active],
                        targets: vec![target],
                    }) {
                        s.send(Command::EndActivation);
                    }
                }
                assert_eq!(s.world().resource::<TurnState>().turn, 2, "the turn ended");
                s
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
