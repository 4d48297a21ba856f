//! Battlefield: reachable hexes for every unit plus line of sight from every unit to every
//! enemy, on a 40 × 32 hex map of bundled tiles with 60 units (target: under 5 ms).

use criterion::{Criterion, criterion_group, criterion_main};
use holotable::rulesets::battlefield::battle::Battle;
use holotable::rulesets::battlefield::rules::movement::reachable;
use holotable::rulesets::battlefield::rules::roster::Roster;
use holotable::rulesets::battlefield::rules::scenario::parse;

/// The map: 4 × 4 tiles (40 columns, 32 rows); 30 units a side in open and wooded hexes.
fn scenario() -> String {
    let tiles = ["open", "woods", "village", "hills", "river", "outskirts"];
    let mut map = Vec::new();
    for ty in 0..4 {
        for tx in 0..4 {
            let t = tiles[(tx + ty * 3) % tiles.len()];
            map.push(format!("(tile: \"{t}\", at: ({}, {}))", tx * 10, ty * 8));
        }
    }
    let side = |id: &str, profile: &str, col: i32| {
        let units: Vec<String> = (0..30)
            .map(|k| {
                format!(
                    "(id: \"{id}{k}\", profile: \"{profile}\", at: ({}, {}))",
                    col + (k % 3) * 3,
                    1 + k
                )
            })
            .collect();
        format!(
            "(id: \"{id}\", name: \"{id}\", quality: Veteran, units: [{}])",
            units.join(", ")
        )
    };
    format!(
        "(name: \"bench\", ruleset: \"battlefield\", turn_limit: 5, first_initiative: \"a\", attacker: \"a\", map: [{}], goal: EliminateAll, sides: [{}, {}])",
        map.join(", "),
        side("a", "Rebel Trooper", 4),
        side("b", "Stormtrooper", 26)
    )
}

fn bench(c: &mut Criterion) {
    let roster = Roster::bundled().expect("roster");
    let src = scenario();
    let s = match parse(&src, "bench.ron", &roster) {
        Ok(s) => s,
        Err(es) => panic!("{es:?}"),
    };
    assert_eq!(s.map.size, (40, 32));
    let b = Battle::new(&s, &roster);
    assert_eq!(b.units.len(), 60);
    c.bench_function("battlefield reach + sight, 60 units, 40x32", |bench| {
        bench.iter(|| {
            let pos = b.positions();
            let mut n = 0usize;
            for (i, u) in b.units.iter().enumerate() {
                let counts = u.profile.kind.counts_in_stacking();
                n += reachable(&b.map, &u.profile, u.at, u.profile.movement, |h| {
                    b.passage_in(&pos, h, u.side, counts)
                })
                .len();
                for (j, e) in b.units.iter().enumerate() {
                    if e.side != u.side && b.sight_in(&pos, i, e.at).clear && i != j {
                        n += 1;
                    }
                }
            }
            std::hint::black_box(n)
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
