//! The balance report's speed (the records issue): whole games played by the rules on both
//! sides, headless, through the same rules code as the window, on one core. Targets: at least
//! 1 000 games a second on `shooting_example` (1 ms a game), at least 200 on the costliest
//! bundled scenarios (5 ms a game): `outpost_raid` (portals), and the battlefield's
//! `forest_ambush` and `walker_assault` (16 units, played by the app's plain policy); the
//! space battle's text battle (16 craft) and escort battle (28 craft), both sides flown as the
//! Action Report flies them (target: 5 000 games a second, space_battle issue).
//! Criterion reports time per batch and games per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use holotable::rulesets::registry;

/// As in the `holotable` binary: the allocator the report is played with.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("games played by the rules, one core");
    for (scenario, batch) in [
        ("shooting_example", 100u64),
        ("outpost_raid", 20),
        ("forest_ambush", 20),
        ("walker_assault", 20),
        ("a_star_wars_battle", 100),
        ("escort_battle", 20),
    ] {
        let (loaded, entry) = registry().load(scenario).expect("bundled");
        let seeds: Vec<u64> = (1..=batch).collect();
        group.throughput(Throughput::Elements(batch));
        group.bench_function(scenario, |b| {
            b.iter(|| {
                let ends = (entry.autoplay)(&loaded, &seeds);
                assert!(ends.iter().all(Result::is_ok));
                ends
            })
        });
    }
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
