//! One full turn of a 60-figure scenario through the headless app (target: under 20 ms):
//! orders, every group's movement, every group shooting at the nearest enemy group, the end
//! of the turn.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use holotable::game::commands::Command;
use holotable::game::session::Session;
use holotable::game::table::GameSetup;
use holotable::rules::dice::Dice;
use holotable::rules::scenario::parse;
use holotable::rules::tyneside::profile::Roster;

/// Two sides of six groups of five, 30" apart, with some woods between.
fn scenario() -> String {
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
        "(name: \"Sixty\", ruleset: \"tyneside\", terrain: [(id: \"w\", kind: Woods, shape: Circle(centre: (30.0, 24.0), radius: 5.0), properties: [Cover, Difficult, BlocksLineOfSight])], sides: [{sides}])"
    )
}

fn bench(c: &mut Criterion) {
    let roster = Roster::bundled().unwrap();
    let src = scenario();
    let sc = parse(&src, "sixty.ron", &roster).unwrap();
    let setup = || {
        Session::new(
            GameSetup {
                scenario: sc.clone(),
                file: "sixty.ron".into(),
                src: src.clone(),
                dice: Dice::seeded(7),
                seed: Some(7),
            },
            &roster,
        )
    };
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
                        .app
                        .world()
                        .resource::<holotable::game::turn::TurnState>()
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
                    if let holotable::game::commands::CommandOutcome::Refused(..) =
                        s.send(Command::Shoot {
                            groups: vec![active],
                            targets: vec![target],
                        })
                    {
                        s.send(Command::EndActivation);
                    }
                }
                s
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
