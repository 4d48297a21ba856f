//! Every bundled battlefield scenario plays to its result through the command path: a plain
//! policy (fire at an enemy in range and sight, else close in on the nearest enemy, else end
//! the impulse) for both sides, with seeded dice; and a saved battle replays.

use holotable::engine::dice::Randomness;
use holotable::engine::pipeline::CommandOutcome;
use holotable::engine::session::Session;
use holotable::rulesets::battlefield::battle::Battle;
use holotable::rulesets::battlefield::commands::Command;
use holotable::rulesets::battlefield::phases::BattleRes;
use holotable::rulesets::battlefield::rules::map::col_row;
use holotable::rulesets::battlefield::rules::movement::reachable;
use holotable::rulesets::battlefield::rules::roster::Kind;
use holotable::rulesets::battlefield::{BUNDLED, Battlefield};
use holotable::rulesets::registry;

/// The plain policy's next commands for the side playing, best first.
fn choices(b: &Battle) -> Vec<Command> {
    let side = b.impulse.side;
    let mut out = Vec::new();
    for (i, u) in b.units.iter().enumerate() {
        if u.side != side || !u.on_map() || u.activated || u.profile.kind == Kind::Leader {
            continue;
        }
        let enemies: Vec<usize> = (0..b.units.len())
            .filter(|j| {
                let e = &b.units[*j];
                e.side != side && e.on_map() && !e.hidden && e.profile.kind != Kind::Leader
            })
            .collect();
        for &j in &enemies {
            let t = b.units[j].at;
            if u.at.unsigned_distance_to(t) <= u.profile.range && b.sight(i, t).clear {
                out.push(Command::Fire {
                    unit: u.id.clone(),
                    target: col_row(t),
                    leader: false,
                    force: 0,
                    weapon_target: None,
                });
            }
        }
        let Some(near) = enemies
            .iter()
            .map(|j| b.units[*j].at)
            .min_by_key(|t| u.at.unsigned_distance_to(*t))
        else {
            continue;
        };
        let counts = u.profile.kind.counts_in_stacking();
        let best = reachable(&b.map, &u.profile, u.at, u.profile.movement, |h| {
            b.passage(h, side, counts)
        })
        .into_iter()
        .min_by_key(|h| h.unsigned_distance_to(near));
        let closer =
            best.filter(|h| h.unsigned_distance_to(near) < u.at.unsigned_distance_to(near));
        if let Some((route, _)) =
            closer.and_then(|h| holotable::rulesets::battlefield::input::route_for(b, i, h, false))
        {
            out.push(Command::Move {
                unit: u.id.clone(),
                path: route.iter().map(|h| col_row(*h)).collect(),
            });
        }
    }
    out.push(Command::EndImpulse);
    out
}

#[test]
fn every_bundled_battle_plays_to_its_result() {
    for (name, _) in BUNDLED {
        let (loaded, _) = registry().load(name).unwrap_or_else(|e| panic!("{e:?}"));
        for seed in [1, 2, 3] {
            let mut s = Session::<Battlefield>::start(&loaded, Randomness::seeded(seed))
                .unwrap_or_else(|e| panic!("{name}: {e:?}"));
            let mut steps = 0;
            while s.phase() != "GameOver" {
                steps += 1;
                assert!(
                    steps < 5000,
                    "{name} seed {seed}: no result after 5000 commands"
                );
                let b = s.world().resource::<BattleRes>().0.clone();
                let sent = choices(&b)
                    .into_iter()
                    .any(|c| matches!(s.send(c), CommandOutcome::Accepted(_)));
                assert!(sent, "{name} seed {seed}: even EndImpulse was refused");
            }
            let b = &s.world().resource::<BattleRes>().0;
            assert!(b.result.is_some(), "{name}");
            // The record replays to the same state.
            let replayed = Session::<Battlefield>::replay(s.record())
                .unwrap_or_else(|e| panic!("{name}: {e:?}"));
            assert_eq!(
                replayed.world().resource::<BattleRes>().0.result,
                b.result,
                "{name}"
            );
        }
    }
}

#[test]
fn a_refused_command_changes_nothing() {
    let (loaded, _) = registry()
        .load("capture_the_village")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut s = Session::<Battlefield>::start(&loaded, Randomness::seeded(7))
        .unwrap_or_else(|e| panic!("{e:?}"));
    let before = s.world().resource::<BattleRes>().0.clone();
    let id = before
        .units
        .iter()
        .find(|u| u.side == before.impulse.side)
        .map(|u| u.id.clone())
        .unwrap_or_default();
    // A route that jumps: refused, and nothing moved.
    let out = s.send(Command::Move {
        unit: id,
        path: vec![(39, 31)],
    });
    assert!(
        matches!(out, CommandOutcome::Refused(_, ref why) if why.contains("adjacent") || why.contains("off the map")),
        "{out:?}"
    );
    assert_eq!(s.world().resource::<BattleRes>().0, before);
}

#[test]
fn the_impulse_ends_when_every_unit_of_the_side_has_played() {
    use holotable::rules::dice::Dice;
    use holotable::rulesets::battlefield::actions::apply;
    let (loaded, _) = registry()
        .load("capture_the_village")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let s = Session::<Battlefield>::start(&loaded, Randomness::seeded(7))
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut b = s.world().resource::<BattleRes>().0.clone();
    let side = b.impulse.side;
    // Every unit of the side but one has played; the impulse still allows five.
    let last = b
        .units
        .iter()
        .position(|u| u.side == side && u.profile.kind != Kind::Leader)
        .unwrap_or_else(|| panic!("no unit"));
    for (i, u) in b.units.iter_mut().enumerate() {
        u.activated = u.side == side && i != last;
    }
    b.impulse.allowed = 5;
    b.impulse.used = 0;
    let number = b.impulse.number;
    let route = b.units[last]
        .at
        .all_neighbors()
        .into_iter()
        .filter(|h| b.at(*h).next().is_none())
        .find_map(|h| holotable::rulesets::battlefield::input::route_for(&b, last, h, false))
        .unwrap_or_else(|| panic!("no route"))
        .0;
    let mut dice = Dice::seeded(1);
    let step = Command::Move {
        unit: b.units[last].id.clone(),
        path: route.iter().map(|h| col_row(*h)).collect(),
    };
    apply(&mut b, &step, &mut dice).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.impulse.number, number + 1, "the impulse did not end");
    assert_ne!(b.impulse.side, side, "the other side plays next");
}
