//! Enemy Force Generation at portal counters (tyneside-skirmish.txt, Game setup and Enemy Force
//! Generation), with forced dice.

use crate::common::*;
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
            (id: "p1", at: (30.0, 20.0), open: {open}, in_sight: true),
            (id: "p2", at: (30.0, 10.0), in_sight: true),
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
    let mut s = session_from(
        &raid(false, r#"(profile: "Stormtrooper", count: 6)"#),
        &[6, 2],
    );
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
    // Each named apart from every other reinforcement (issue 30: all were "Stormtrooper").
    let names: Vec<&str> = squad.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Stormtrooper 1.1",
            "Stormtrooper 1.2",
            "Stormtrooper 1.3",
            "Stormtrooper 1.4"
        ]
    );
    for f in &squad {
        let d = ((f.position.0 - 30.0).powi(2) + (f.position.1 - 10.0).powi(2)).sqrt();
        assert!(
            d < 2.5,
            "{} comes on beside the counter: {:?}",
            f.id,
            f.position
        );
    }
    let order = st
        .groups
        .iter()
        .find(|(g, _)| g == "p2-1")
        .and_then(|(_, o)| *o);
    assert_eq!(order, Some(Order::Advance));
    // The new group moves this very turn (Movement, lowest initiative first).
    assert!(
        ev.contains("Movement, lowest initiative first:") && ev.contains("p2-1"),
        "{ev}"
    );
}

#[test]
fn a_garrison_nobody_has_seen_is_no_contact_yet() {
    // "-1: No contact today with the enemy": a stormtrooper stands behind the bunker from the
    // start, unseen; the Rebels have not met the Empire, so the -1 still applies.
    let src = raid(false, r#"(profile: "Stormtrooper", count: 6)"#).replace(
        r#"(id: "empire", name: "Empire", imperial: true, groups: []),"#,
        r#"(id: "empire", name: "Empire", imperial: true, groups: [
            (id: "G", name: "Garrison", order: Stand, figures: [
                (id: "g1", profile: "Stormtrooper", at: (55.0, 35.0)),
            ]),
        ]),"#,
    );
    let mut s = session_from(&src, &[6, 2]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    let ev = events(&mut s);
    assert!(
        ev.contains("Enemy force generation: D6 6 (No contact today with the enemy -1, Each other counter after the first, in LOS +1) = 6 at p2"),
        "{ev}"
    );
}

#[test]
fn a_low_throw_brings_a_probe_droid_only_at_a_counter_in_the_open_and_a_short_pool_falls_back() {
    // 3 - 1 + 1 = 3 at p1 (D3 shows 1): nothing, unless p1 is in the open.
    let probe = r#"(profile: "Imperial Probe Droid", count: 1)"#;
    let mut s = session_from(&raid(true, probe), &[3, 1]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    assert_eq!(
        s.state()
            .figures
            .iter()
            .filter(|f| f.group == "p1-1")
            .count(),
        1,
        "{}",
        events(&mut s)
    );
    let mut s = session_from(&raid(false, probe), &[3, 1]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    assert!(s.state().figures.iter().all(|f| !f.group.starts_with('p')));
    // 6 with three stormtroopers left: 4 cannot be fielded and nothing comes before a squad.
    let mut s = session_from(
        &raid(false, r#"(profile: "Stormtrooper", count: 3)"#),
        &[6, 1],
    );
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    assert!(
        events(&mut s).contains("p1: 4 Stormtroopers — not enough figures left, nothing appears"),
        "{}",
        events(&mut s)
    );
    // With reserves in the pool the Empire, with nobody on the table yet, has not lost.
    assert_ne!(s.phase(), "GameOver");
    // The same at a counter in the open, with a probe droid left: "use the options before in
    // order" reaches the 1-5's probe droid.
    let pool =
        r#"(profile: "Stormtrooper", count: 3), (profile: "Imperial Probe Droid", count: 1)"#;
    let mut s = session_from(&raid(true, pool), &[6, 1]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    let droids = s
        .state()
        .figures
        .iter()
        .filter(|f| f.group == "p1-1")
        .count();
    assert_eq!(droids, 1, "{}", events(&mut s));
}

/// Eliminating Portals, Example 1, laid out so the text's outcomes follow (the diagrams are
/// missing): building A with Luke at its north-east corner, building B to the east; counter (a)
/// in cover by B's west side within 8" of Luke, counter (b) in the open north of B, both in his
/// sight.
fn example_one(a_at: (f32, f32)) -> String {
    format!(
        r#"(
    name: "Portals, example 1",
    ruleset: "tyneside",
    terrain: [
        (id: "A", kind: Building, shape: Rect(min: (20.0, 20.0), max: (30.0, 30.0)),
         properties: [Building, BlocksLineOfSight, Impassable]),
        (id: "B", kind: Building, shape: Rect(min: (40.0, 20.0), max: (50.0, 30.0)),
         properties: [Building, BlocksLineOfSight, Impassable]),
    ],
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "L", name: "Luke", order: Stand, figures: [
                (id: "luke", profile: "Luke Skywalker", at: (31.0, 31.0), hero: true),
            ]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: []),
    ],
    enemy_forces: (
        side: "empire",
        portals: [
            (id: "a", at: ({}, {}), in_sight: true),
            (id: "b", at: (47.0, 33.0), open: true, in_sight: true),
        ],
        pool: [(profile: "Stormtrooper", count: 8)],
    ),
)"#,
        a_at.0, a_at.1
    )
}

fn portal(s: &mut Game, id: &str) -> Option<((f32, f32), bool)> {
    use holotable::rulesets::tyneside::components::Portal;
    let world = s.app.world_mut();
    let mut q = world.query::<&Portal>();
    q.iter(world)
        .find(|p| p.id == id)
        .map(|p| ((p.at.x, p.at.y), p.open))
}

#[test]
fn example_one_a_counter_approached_falls_back_behind_the_building_and_one_in_the_open_after_generation()
 {
    // (a) is 7.3" from Luke's base and in his sight: it falls back at once.
    let mut s = session_from(&example_one((38.5, 29.0)), &[1]);
    ok(&mut s, Command::EndPhase);
    let (a, _) = portal(&mut s, "a").expect("(a) falls back, it is not eliminated");
    assert_ne!(a, (38.5, 29.0), "{}", events(&mut s));
    assert!(a.0 > 40.0, "(a) goes behind building B: {a:?}");
    // (b), in the open, stays until the Enemy Force Generation step (a natural 1: nothing
    // appears), then moves back behind the building too.
    assert_eq!(portal(&mut s, "b"), Some(((47.0, 33.0), true)));
    ok(&mut s, Command::EndPhase);
    let (b, open) =
        portal(&mut s, "b").unwrap_or_else(|| panic!("(b) falls back:\n{}", events(&mut s)));
    assert!(
        !open && b.0 > 50.0,
        "(b) goes to the rear of building B: {b:?}\n{}",
        events(&mut s)
    );
    assert!(events(&mut s).contains("Portal b (it stands in the open and has been seen) moves"));
    // "If the distance was over 8" between the counters, PC(a) would remain."
    let mut s = session_from(&example_one((39.0, 25.0)), &[1]);
    ok(&mut s, Command::EndPhase);
    assert_eq!(portal(&mut s, "a"), Some(((39.0, 25.0), false)));
}

#[test]
fn example_two_a_counter_with_no_dead_ground_within_twelve_inches_is_eliminated() {
    // Two figures bracket building B, as the "sneaky rebels" of Example 2 do: every spot
    // behind B is seen, and nothing else within 12" hides a counter.
    let src = r#"(
    name: "Portals, example 2",
    ruleset: "tyneside",
    terrain: [
        (id: "B", kind: Building, shape: Rect(min: (40.0, 20.0), max: (50.0, 30.0)),
         properties: [Building, BlocksLineOfSight, Impassable]),
    ],
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "L", name: "Luke", order: Stand, figures: [
                (id: "luke", profile: "Luke Skywalker", at: (53.0, 33.0), hero: true),
            ]),
            (id: "H", name: "Han", order: Stand, figures: [
                (id: "han", profile: "Han Solo", at: (53.0, 17.0), hero: true),
            ]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: []),
    ],
    enemy_forces: (
        side: "empire",
        portals: [(id: "a", at: (51.5, 31.0), in_sight: true)],
        pool: [(profile: "Stormtrooper", count: 8)],
    ),
)"#;
    let mut s = session_from(src, &[]);
    ok(&mut s, Command::EndPhase);
    assert_eq!(portal(&mut s, "a"), None, "{}", events(&mut s));
    assert!(events(&mut s).contains("is eliminated"));
}

#[test]
fn a_portal_behind_the_large_rock_produces_figures_once_and_is_removed() {
    // "except in a special scenario where it can only produce figures once (They were hiding
    // behind the rock!) -- then the portal is removed from play." p1 stands 1" behind a rock:
    // D6 6 - 1 + 1 = 6 there (D3 shows 1) brings four stormtroopers, and the counter goes.
    let src = raid(false, r#"(profile: "Stormtrooper", count: 8)"#).replace(
        "properties: [Building, BlocksLineOfSight, Impassable])]",
        r#"properties: [Building, BlocksLineOfSight, Impassable]),
              (id: "rock", kind: Rocks, shape: Circle(centre: (30.0, 22.0), radius: 1.0),
               properties: [Cover, Obstacle])]"#,
    );
    let roster = holotable::rulesets::tyneside::roster().expect("the bundled roster");
    let refused = holotable::rulesets::tyneside::rules::parse(&src, "rock.ron", roster);
    assert!(
        format!("{:?}", refused.err()).contains("portal 'p1' stands behind the rock 'rock'"),
        "the rock's portal must say it produces figures once"
    );
    let src = src.replace(
        "open: false, in_sight: true",
        "open: false, in_sight: true, once: true",
    );
    let mut s = session_from(&src, &[6, 1]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    let ev = events(&mut s);
    assert!(ev.contains("p1: 4 Stormtroopers come on"), "{ev}");
    assert!(
        ev.contains("p1: they were hiding behind the rock! The counter is removed from play"),
        "{ev}"
    );
    assert_eq!(portal(&mut s, "p1"), None);
    assert!(portal(&mut s, "p2").is_some(), "the other counter stays");
    assert_eq!(
        s.state()
            .figures
            .iter()
            .filter(|f| f.group == "p1-1")
            .count(),
        4
    );
}

#[test]
fn the_enemy_calculates_its_orders_after_generation_and_newcomers_keep_advance() {
    // Play sequence: "2) Dice for Enemy Force Generation. 3) Calculate orders for Enemy
    // force". A guard is on the table (so contact is made): D6 6 + 1 = 7 brings four
    // stormtroopers at p2 (D3 2); then the guard's order comes from the table, counting them.
    let src = raid(false, r#"(profile: "Stormtrooper", count: 8)"#).replace(
        r#"(id: "empire", name: "Empire", imperial: true, groups: []),"#,
        r#"(id: "empire", name: "Empire", imperial: true, groups: [
            (id: "G", name: "Guard", order: Stand, figures: [(id: "g1", profile: "Stormtrooper", at: (36.0, 8.0))]),
        ]),"#,
    );
    let mut s = session_from(&src, &[6, 2]);
    ok(&mut s, Command::EndPhase);
    let ev = events(&mut s);
    assert!(
        !ev.contains("Random movement, Guard"),
        "not before generation: {ev}"
    );
    ok(&mut s, Command::EndPhase);
    let ev = events(&mut s);
    let revealed = ev.find("Orders revealed").expect("revealed");
    let generated = ev.find("Enemy force generation: D6 6").expect("generated");
    let guard = ev
        .find("Random movement, Guard")
        .expect("the guard's order");
    assert!(revealed < generated && generated < guard, "{ev}");
    assert!(!ev[revealed..generated].contains("Guard"), "{ev}");
    // The new squad, 6" off, counts for the guard: no "No other friends within 12"".
    let line = ev[guard..].lines().next().unwrap();
    assert!(!line.contains("No other friends"), "{line}");
    assert!(!ev.contains("Random movement, p2-1"), "{ev}");
    let order = s
        .state()
        .groups
        .iter()
        .find(|(g, _)| g == "p2-1")
        .and_then(|(_, o)| *o);
    assert_eq!(order, Some(Order::Advance));
}
