//! The balance report's speed (the records issue): whole games played by the rules on both
//! sides, headless, through the same rules code as the window, on one core. Targets: at least
//! 1 000 games a second on `shooting_example` (1 ms a game), at least 200 on the costliest
//! bundled scenarios (5 ms a game): `outpost_raid` (portals), and the battlefield's
//! `forest_ambush` and `walker_assault` (16 units, played by the app's plain policy); the
//! space battle's text battle (16 craft) and escort battle (28 craft), both sides flown as the
//! Action Report flies them (target: 5 000 games a second, space_battle issue); the largest
//! of the other rule sets, `clone_wars_foundry`, `king_of_the_hill` and `ridge_battle` (at
//! least 200 a second, the opponents issue). And the searching opponent's playouts a second,
//! per rule set it plays.
//! Criterion reports time per batch and games (or playouts) per second. Beside them, a
//! reference: a fixed workload no commit of Holotable changes (issue 62), to be run in the same
//! sitting as any figure here so that figures from other machines or other days compare by their
//! ratio to it (docs/performance.md).

use criterion::{BatchSize, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use holotable::engine::dice::Randomness;
use holotable::engine::ruleset::RuleSet;
use holotable::engine::session::Session;
use holotable::rules::search::{Budget, Settings};
use holotable::rulesets::battlefield::Battlefield;
use holotable::rulesets::mass_combat::MassCombat;
use holotable::rulesets::one_stat::OneStat;
use holotable::rulesets::registry;
use holotable::rulesets::space_battle::SpaceBattle;
use holotable::rulesets::tyneside::Tyneside;
use holotable::rulesets::tyneside::turn::TurnPhase;
use holotable::sim::DEFAULT_MAX_TURNS;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

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
        // The largest bundled scenario of the other rule sets (the opponents issue's 200 a
        // second): Tyneside's droid foundry, three warbands on the hill, the ridge battle.
        ("clone_wars_foundry", 20),
        ("king_of_the_hill", 20),
        ("ridge_battle", 20),
    ] {
        let (loaded, entry) = registry().load(scenario).expect("bundled");
        let seeds: Vec<u64> = (1..=batch).collect();
        group.throughput(Throughput::Elements(batch));
        group.bench_function(scenario, |b| {
            b.iter(|| {
                let ends = (entry.autoplay)(&loaded, &seeds, DEFAULT_MAX_TURNS);
                assert!(ends.iter().all(Result::is_ok));
                ends
            })
        });
    }
    group.finish();
}

/// The searching opponent's speed (the opponents issue): 200 playouts of the first decision of
/// a scenario, on one core, through [`RuleSet::search`] as the window and the report call it.
fn searches(c: &mut Criterion) {
    let mut group = c.benchmark_group("searching opponent, playouts on one core");
    group.sample_size(10);
    let playouts = 200u32;
    group.throughput(Throughput::Elements(u64::from(playouts)));
    let settings = Settings::new(Budget::Playouts(playouts), 1);
    let walker = session::<Battlefield>("walker_assault");
    group.bench_function("walker_assault (battlefield)", |b| {
        b.iter(|| {
            Battlefield::search(walker.world(), &settings).expect("a game")().expect("a choice")
        })
    });
    // 1 Stat Skirmish: first each player musters and the places are chosen.
    let mut bombing = session::<OneStat>("bombing_run");
    for _ in 0..4 {
        let c = OneStat::search(bombing.world(), &Settings::new(Budget::Playouts(1), 1))
            .expect("a game")()
        .expect("a command")
        .command;
        bombing.send(c);
    }
    group.bench_function("bombing_run (1 Stat Skirmish)", |b| {
        b.iter(|| OneStat::search(bombing.world(), &settings).expect("a game")().expect("a choice"))
    });
    // The space battle: the initiative is drawn first (a forced choice).
    let mut space = session::<SpaceBattle>("a_star_wars_battle");
    space.send(holotable::rulesets::space_battle::commands::Command::Initiative);
    group.bench_function("a_star_wars_battle (space battle)", |b| {
        b.iter(|| {
            SpaceBattle::search(space.world(), &settings).expect("a game")().expect("a choice")
        })
    });
    // Tyneside: the rules play both sides up to the Rebels' first move, a choice of ways.
    let mut example = session::<Tyneside>("shooting_example");
    let world = example.world_mut();
    holotable::engine::game::set_rules_sides(world, &["all".into()]).expect("sides");
    while holotable::engine::state::phase_name::<TurnPhase>(world) != "Movement"
        || Tyneside::sides_to_act(world) != [1]
    {
        holotable::engine::rules_side::step::<Tyneside>(world)
            .expect("a side acts")
            .expect("accepted");
    }
    // What the window's main thread spends before the search runs elsewhere: the game copied
    // for it (the job is dropped on another thread, as the window's runs there, so its worlds
    // do not come back to this thread's pool).
    group.bench_function("shooting_example (Tyneside), the job made", |b| {
        b.iter(|| {
            let job = Tyneside::search(example.world(), &settings).expect("a game");
            std::thread::spawn(move || drop(job))
                .join()
                .expect("dropped");
        })
    });
    group.bench_function("shooting_example (Tyneside)", |b| {
        b.iter(|| {
            Tyneside::search(example.world(), &settings).expect("a game")().expect("a choice")
        })
    });
    let ridge = session::<MassCombat>("ridge_battle");
    group.bench_function("ridge_battle (mass combat)", |b| {
        b.iter(|| {
            MassCombat::search(ridge.world(), &settings).expect("a game")().expect("a choice")
        })
    });
    group.finish();
}

/// How many numbers the reference sorts: 8 MB of `u64`, a sort of tens of milliseconds on this
/// project's VMs.
const REFERENCE_NUMBERS: usize = 1_000_000;

/// The reference (issue 62): a fixed workload that no commit of Holotable changes, run beside
/// any figure of this file in the same sitting. It sorts one million `u64`s drawn from
/// `ChaCha8Rng` seeded 1 (the same numbers on every machine: the ChaCha stream is fixed) with
/// std's `sort_unstable`, a fresh unsorted copy each time (the copy is not timed), and no
/// allocation in the timed part (the global allocator plays no part). A figure divided by the
/// reference's time run at the same time compares across machines and sittings; the reference
/// itself changes only with the Rust toolchain (std's sort), so give the toolchain with it.
/// Criterion reports its time per sort and numbers sorted a second.
fn reference(c: &mut Criterion) {
    let mut group = c.benchmark_group("reference, a fixed workload");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(20);
    group.throughput(Throughput::Elements(REFERENCE_NUMBERS as u64));
    let numbers: Vec<u64> = ChaCha8Rng::seed_from_u64(1)
        .random_iter()
        .take(REFERENCE_NUMBERS)
        .collect();
    group.bench_function("sort a million numbers", |b| {
        b.iter_batched(
            || numbers.clone(),
            |mut copy| {
                copy.sort_unstable();
                copy
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

fn session<R: RuleSet>(scenario: &str) -> Session<R> {
    let (loaded, _) = registry().load(scenario).expect("bundled");
    Session::<R>::start(&loaded, Randomness::seeded(1)).expect("starts")
}

criterion_group!(benches, reference, games, searches);
criterion_main!(benches);
