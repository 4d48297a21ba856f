//! Enemy Force Generation at portal counters (tyneside-skirmish.txt, Game setup and Enemy Force
//! Generation), with forced dice.

mod common;

use common::*;
use holotable::rulesets::tyneside::commands::Command;
use holotable::rulesets::tyneside::rules::orders::Order;

/// Luke and two troopers against an Empire with no figures on the table yet, two portal
/// counters in plain sight of Luke (p1, p2) and one behind the bunker (p3); `open` makes p1 a
/// counter in the open.
fn raid(open: bool, pool: &str) -> String {
    format!(
        r#"(
    name: "Raid",
    ruleset: "tyneside",
    terrain: [(id: "bunker", kind: Building, shape: Rect(min: (40.0, 30.0), max: (50.0, 40.0)),
               properties: [Building, BlocksLineOfSight, Impassable])],
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "L", name: "Luke's troopers", order: Stand, figures: [
                (id: "luke", profile: "Luke Skywalker", at: (10.0, 20.0), hero: true),
                (id: "r1", profile: "Basic trooper", at: (10.0, 22.0)),
            ]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: []),
    ],
    enemy_forces: (
        side: "empire",
        portals: [
            (id: "p1", at: (30.0, 20.0), open: {open}),
            (id: "p2", at: (30.0, 10.0)),
            (id: "p3", at: (60.0, 35.0)),
        ],
        pool: [{pool}],
    ),
)"#
    )
}

#[test]
fn a_squad_appears_at_a_random_counter_in_sight_on_advance_orders() {
    // D6 6, no contact yet -1, a second counter in sight +1 = 6: "4 Stormtroopers"; then the
    // counter: a D3 (two in sight) shows 2, the second of them, p2.
    let mut s = session_from(&raid(false, r#"(profile: "Stormtrooper", count: 6)"#), &[6, 2]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    let ev = events(&mut s);
    assert!(
        ev.contains("Enemy force generation: D6 6 (No contact today with the enemy -1, Each other counter after the first, in LOS +1) = 6 at p2"),
        "{ev}"
    );
    let st = s.state();
    let squad: Vec<_> = st.figures.iter().filter(|f| f.group == "p2-1").collect();
    assert_eq!(squad.len(), 4, "{:?}", st.figures);
    for f in &squad {
        let d = ((f.position.0 - 30.0).powi(2) + (f.position.1 - 10.0).powi(2)).sqrt();
        assert!(d < 2.5, "{} comes on beside the counter: {:?}", f.id, f.position);
    }
    let order = st.groups.iter().find(|(g, _)| g == "p2-1").and_then(|(_, o)| *o);
    assert_eq!(order, Some(Order::Advance));
    // The new group moves this very turn (Movement, lowest initiative first).
    assert!(ev.contains("Movement, lowest initiative first:") && ev.contains("p2-1"), "{ev}");
}

#[test]
fn a_low_throw_brings_a_probe_droid_only_at_a_counter_in_the_open_and_a_short_pool_falls_back() {
    // 3 - 1 + 1 = 3 at p1 (D3 shows 1): nothing, unless p1 is in the open.
    let probe = r#"(profile: "Imperial Probe Droid", count: 1)"#;
    let mut s = session_from(&raid(true, probe), &[3, 1]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    assert_eq!(
        s.state().figures.iter().filter(|f| f.group == "p1-1").count(),
        1,
        "{}",
        events(&mut s)
    );
    let mut s = session_from(&raid(false, probe), &[3, 1]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    assert!(s.state().figures.iter().all(|f| !f.group.starts_with('p')));
    // 6 with three stormtroopers left: 4 cannot be fielded and nothing comes before a squad.
    let mut s = session_from(&raid(false, r#"(profile: "Stormtrooper", count: 3)"#), &[6, 1]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    assert!(
        events(&mut s).contains("p1: 4 Stormtroopers — not enough figures left, nothing appears"),
        "{}",
        events(&mut s)
    );
    // With reserves in the pool the Empire, with nobody on the table yet, has not lost.
    assert_ne!(s.phase(), "GameOver");
}
