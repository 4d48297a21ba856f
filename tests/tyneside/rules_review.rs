//! The fixes a rules review of tyneside-skirmish.txt asked for: duck back holds a figure only in
//! its next turn, each figure fires once a turn, a hero who returned fire may not hero-shoot,
//! Imperials ignore C3PO and R2D2, and officers are not heroes.

use crate::common::*;
use holotable::rulesets::tyneside::commands::Command;
use holotable::rulesets::tyneside::rules::force::ForcePower;

/// Three stormtroopers (e1–e3) and a bounty hunter against two Rebel troopers (r1, r2), Han and
/// C3PO, 5.5" apart in the open: each trooper is at point blank of its nearest enemy.
fn skirmish(imperial: bool) -> String {
    format!(
        r#"(
    name: "Skirmish",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "empire", name: "Empire", imperial: {imperial}, groups: [
            (id: "E", name: "Stormtroopers", order: Stand, figures: [
                (id: "e1", profile: "Stormtrooper", at: (10.0, 10.0)),
                (id: "e2", profile: "Stormtrooper", at: (10.0, 12.0)),
                (id: "e3", profile: "Stormtrooper", at: (10.0, 14.0)),
            ]),
            (id: "H", name: "Hunter", order: Stand, figures: [
                (id: "boba", profile: "Bounty Hunter", at: (10.0, 18.0), hero: true),
            ]),
        ]),
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Rebel troopers", order: Stand, figures: [
                (id: "r1", profile: "Basic trooper", at: (15.5, 12.0)),
                (id: "r2", profile: "Basic trooper", at: (15.5, 14.0)),
            ]),
            (id: "han", name: "Han", order: Stand, figures: [
                (id: "hansolo", profile: "Han Solo", at: (15.5, 10.0), hero: true),
            ]),
            (id: "droids", name: "Droids", order: Stand, figures: [
                (id: "c3po", profile: "C3PO", at: (16.0, 20.0)),
            ]),
        ]),
    ],
)"#
    )
}

/// Orders, then every movement activation, to the Shoot/Act phase.
fn to_action(s: &mut Game) {
    ok(s, Command::EndPhase);
    ok(s, Command::EndPhase);
    while s.phase() == "Movement" {
        ok(s, Command::EndActivation);
    }
    assert_eq!(s.phase(), "Action");
}

#[test]
fn duck_back_holds_a_figure_only_in_its_next_turn_and_each_figure_fires_once() {
    // Han's hero shot (6 against a stormtrooper's 3, "Half enemies total") rolls 4: duck back.
    // Then every fire-fight die is a 1: no effect. One of three ducked back is less than half
    // the group, so E takes no morale fall-back.
    let mut s = session_from(&skirmish(true), &[4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    to_action(&mut s);
    // Shoot/act, highest initiative first: Han (5), Boba (4), R (2), E (1), droids (1).
    ok(
        &mut s,
        Command::HeroShot {
            hero: "hansolo".into(),
            target: "e1".into(),
        },
    );
    assert!(fig(&mut s, "e1").ducked_back);
    ok(&mut s, Command::EndActivation); // Han
    ok(&mut s, Command::EndActivation); // Boba
    // R shoots at E: e1, ducked back this turn, still returns fire ("unable to move or shoot
    // in their next turn"), so R faces all three stormtroopers.
    ok(
        &mut s,
        Command::Shoot {
            groups: vec!["R".into()],
            targets: vec!["E".into()],
        },
    );
    assert!(
        events(&mut s).contains("Rebel troopers: 6.0 against 9.0 — Less than"),
        "{}",
        events(&mut s)
    );
    // E returned fire in R's fight: each figure fires once a turn, so E cannot lead another.
    let why = refused(
        &mut s,
        Command::Shoot {
            groups: vec!["E".into()],
            targets: vec!["R".into()],
        },
    );
    assert!(why.contains("can shoot at those targets"), "{why}");
    assert!(why.contains("have fired already this turn"), "{why}");
    ok(&mut s, Command::EndActivation); // E
    ok(&mut s, Command::EndActivation); // droids
    // Turn 2: e1 is held now.
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    let why = refused(
        &mut s,
        Command::Move {
            figure: "e1".into(),
            to: (9.0, 10.0),
        },
    );
    assert!(
        why.contains("unable to move or shoot in their next turn"),
        "{why}"
    );
    while s.phase() == "Movement" {
        ok(&mut s, Command::EndActivation);
    }
    ok(&mut s, Command::EndActivation); // Han
    ok(&mut s, Command::EndActivation); // Boba
    ok(
        &mut s,
        Command::Shoot {
            groups: vec!["R".into()],
            targets: vec!["E".into()],
        },
    );
    assert!(
        events(&mut s).contains("Rebel troopers: 6.0 against 6.0 — Equal"),
        "only e2 and e3 return fire in turn 2:\n{}",
        events(&mut s)
    );
}

#[test]
fn a_hero_who_returned_fire_may_not_hero_shoot() {
    let mut s = session_from(&skirmish(true), &[1; 4]);
    to_action(&mut s);
    // Queue: Han, Boba (H), R, E, droids. Han waits until E has shot at him.
    ok(&mut s, Command::Delay); // H, Han, R, E
    ok(&mut s, Command::EndActivation); // H
    ok(&mut s, Command::Delay); // R, Han, E
    ok(&mut s, Command::EndActivation); // R
    ok(&mut s, Command::Delay); // E, Han
    ok(
        &mut s,
        Command::Shoot {
            groups: vec!["E".into()],
            targets: vec!["han".into()],
        },
    );
    assert!(
        events(&mut s).contains("Han: 6.0 against"),
        "Han returned fire:\n{}",
        events(&mut s)
    );
    let why = refused(
        &mut s,
        Command::HeroShot {
            hero: "hansolo".into(),
            target: "e1".into(),
        },
    );
    assert!(why.contains("not fired this turn"), "{why}");
}

#[test]
fn imperials_never_target_c3po_but_others_may() {
    let mut s = session_from(&skirmish(true), &[1; 8]);
    to_action(&mut s);
    ok(&mut s, Command::EndActivation); // Han
    let why = refused(
        &mut s,
        Command::HeroShot {
            hero: "boba".into(),
            target: "c3po".into(),
        },
    );
    assert!(why.contains("never targeted by Imperials"), "{why}");
    let why = refused(
        &mut s,
        Command::Shoot {
            groups: vec!["H".into()],
            targets: vec!["droids".into()],
        },
    );
    assert!(why.contains("can shoot at those targets"), "{why}");
    // The same hunter on a side that is not Imperial may shoot the droid.
    let mut s = session_from(&skirmish(false), &[1; 8]);
    to_action(&mut s);
    ok(&mut s, Command::EndActivation); // Han
    ok(
        &mut s,
        Command::HeroShot {
            hero: "boba".into(),
            target: "c3po".into(),
        },
    );
}

#[test]
fn bundled_officers_are_not_heroes() {
    for (name, src) in holotable::rulesets::tyneside::BUNDLED {
        for line in src.lines().filter(|l| l.contains("\"Imperial officer\"")) {
            assert!(!line.contains("hero: true"), "{name}: {line}");
        }
    }
}

#[test]
fn delay_works_in_the_movement_phase_too() {
    let mut s = session_from(&skirmish(true), &[]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    // Movement, lowest initiative first: E (1), droids (1), R (2), H (4), Han (5).
    let active = |s: &Game| {
        s.world()
            .resource::<holotable::rulesets::tyneside::turn::TurnState>()
            .active_group()
            .map(str::to_string)
    };
    assert_eq!(active(&s).as_deref(), Some("E"));
    ok(&mut s, Command::Delay);
    assert_eq!(active(&s).as_deref(), Some("droids"));
    assert!(events(&mut s).contains("Stormtroopers delays its movement"));
    ok(&mut s, Command::EndActivation); // droids
    assert_eq!(
        active(&s).as_deref(),
        Some("E"),
        "E moves after the group it waited for"
    );
}

/// A Rebel trooper (melee 2) in contact with a stormtrooper (melee 1), and maybe a second
/// Rebel where a 1" retreat would end.
fn brawl(blocker: bool) -> String {
    let r2 = if blocker {
        r#"(id: "r2", profile: "Basic trooper", at: (12.8, 10.0)),"#
    } else {
        r#"(id: "r2", profile: "Basic trooper", at: (11.0, 13.0)),"#
    };
    format!(
        r#"(
    name: "Brawl",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "E", name: "Stormtroopers", order: Stand, figures: [
                (id: "e1", profile: "Stormtrooper", at: (10.0, 10.0)),
            ]),
        ]),
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Rebel troopers", order: Stand, figures: [
                (id: "r1", profile: "Basic trooper", at: (11.0, 10.0)),
                {r2}
            ]),
        ]),
    ],
)"#
    )
}

#[test]
fn a_melee_retreat_never_ends_on_a_base() {
    for blocker in [false, true] {
        // e1 throws 3 (+1 = 4), r1 throws 1 (+2 = 3): r1 loses by 1, "Retreat 1"".
        let mut s = session_from(&brawl(blocker), &[3, 1]);
        to_action(&mut s);
        ok(&mut s, Command::Fight { group: "R".into() });
        let ev = events(&mut s);
        assert!(ev.contains("loses the melee"), "{ev}");
        let at = fig(&mut s, "r1").position;
        if blocker {
            assert_eq!(at, (11.0, 10.0), "r2 stands where r1 would go:\n{ev}");
            assert!(ev.contains("cannot retreat (blocked) and stands"), "{ev}");
        } else {
            assert_eq!(at, (12.0, 10.0), "{ev}");
        }
    }
}

/// A hero with two troopers, both wounded, facing stormtroopers; and a group of troopers with
/// no hero, both wounded too.
const SHAKEN: &str = r#"(
    name: "Shaken",
    ruleset: "tyneside",
    random_movement: false,
    terrain: [
        (id: "hut", kind: Building, shape: Rect(min: (0.0, 24.0), max: (40.0, 30.0)),
         properties: [Building, BlocksLineOfSight, Impassable]),
    ],
    sides: [
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "E", name: "Stormtroopers", order: Stand, figures: [
                (id: "e1", profile: "Stormtrooper", at: (20.0, 10.0)),
            ]),
        ]),
        (id: "rebels", name: "Rebels", groups: [
            (id: "L", name: "Luke's troopers", order: Stand, figures: [
                (id: "luke", profile: "Luke Skywalker", at: (18.0, 20.0), hero: true),
                (id: "l1", profile: "Basic trooper", at: (20.0, 20.0)),
                (id: "l2", profile: "Basic trooper", at: (22.0, 20.0)),
            ]),
            (id: "R", name: "Rebel troopers", order: Stand, figures: [
                (id: "r1", profile: "Basic trooper", at: (30.0, 20.0)),
                (id: "r2", profile: "Basic trooper", at: (32.0, 20.0)),
            ]),
        ]),
    ],
)"#;

#[test]
fn only_a_heros_group_falls_back_and_never_into_a_building_or_nearer_an_enemy() {
    use holotable::rulesets::tyneside::components::Condition;
    let mut s = session_from(SHAKEN, &[]);
    // Wound both troopers of each group (the Condition component, as a fire fight would).
    let world = s.app.world_mut();
    let mut q = world.query::<(
        &holotable::rulesets::tyneside::components::Figure,
        &mut Condition,
    )>();
    for (f, mut c) in q.iter_mut(world) {
        if ["l1", "l2", "r1", "r2"].contains(&f.id.as_str()) {
            c.wounds = 1;
        }
    }
    to_action(&mut s);
    while s.phase() == "Action" {
        ok(&mut s, Command::EndActivation);
    }
    let ev = events(&mut s);
    assert!(
        ev.contains("Morale: Luke's troopers has 2 of 3 wounded or ducked back and falls back"),
        "{ev}"
    );
    assert!(
        !ev.contains("Morale: Rebel troopers"),
        "no hero, no morale test:\n{ev}"
    );
    assert_eq!(fig(&mut s, "r1").position, (30.0, 20.0));
    assert_eq!(
        fig(&mut s, "luke").position,
        (18.0, 20.0),
        "heroes ignore morale"
    );
    let e1 = (20.0f32, 10.0f32);
    let dist = |p: (f32, f32)| ((p.0 - e1.0).powi(2) + (p.1 - e1.1).powi(2)).sqrt();
    for (id, was) in [("l1", (20.0, 20.0)), ("l2", (22.0, 20.0))] {
        let p = fig(&mut s, id).position;
        assert!(dist(p) > dist(was), "{id} moved away: {p:?}");
        // Straight away runs into the hut (y from 24): it stops short of the wall.
        assert!(
            p.1 < 24.0 - 0.5 + 0.01,
            "{id} does not end in the building: {p:?}"
        );
        assert_ne!(p, was, "{id} moved");
    }
    // On a side the rules run, Luke is no player's character: his group takes no test.
    let mut s = session_from(
        &SHAKEN.replace(
            r#"name: "Rebels", groups"#,
            r#"name: "Rebels", control: Rules, groups"#,
        ),
        &[],
    );
    set_condition(&mut s, "l1", |c| c.wounds = 1);
    set_condition(&mut s, "l2", |c| c.wounds = 1);
    to_action(&mut s);
    while s.phase() == "Action" {
        ok(&mut s, Command::EndActivation);
    }
    let ev = events(&mut s);
    assert!(!ev.contains("Morale: Luke's troopers"), "{ev}");
    assert_eq!(fig(&mut s, "l1").position, (20.0, 20.0));
}

#[test]
fn a_figure_on_a_hill_is_in_cover_from_below_but_not_from_the_hill() {
    use bevy::ecs::system::RunSystemOnce;
    use holotable::rulesets::tyneside::board::GameView;
    let src = r#"(
    name: "Ridge",
    ruleset: "tyneside",
    terrain: [(id: "ridge", kind: Hill, shape: Circle(centre: (30.0, 20.0), radius: 6.0), properties: [Hill])],
    sides: [
        (id: "a", name: "A", groups: [(id: "A", name: "A", figures: [
            (id: "top", profile: "Basic trooper", at: (30.0, 20.0)),
            (id: "slope", profile: "Basic trooper", at: (33.0, 20.0)),
        ])]),
        (id: "b", name: "B", groups: [(id: "B", name: "B", figures: [
            (id: "below", profile: "Basic trooper", at: (30.0, 8.0)),
        ])]),
    ],
)"#;
    let mut s = session_from(src, &[]);
    let cover = s
        .app
        .world_mut()
        .run_system_once(|view: GameView| {
            let b = view.board().unwrap();
            let (top, slope, below) = (
                b.find("top").unwrap(),
                b.find("slope").unwrap(),
                b.find("below").unwrap(),
            );
            (
                b.in_cover(top, b.figs[below].pos),
                b.in_cover(top, b.figs[slope].pos),
                b.in_cover(below, b.figs[top].pos),
            )
        })
        .unwrap();
    assert_eq!(
        cover,
        (true, false, false),
        "(on the hill from below, from the hill, below from the hill)"
    );
}

/// Stormtroopers alone; Rebel troopers far from any hero (R); Rebel troopers with Luke 3"
/// away (X), the table ordering both Rebel groups.
const TABLE_ORDERS: &str = r#"(
    name: "Orders by the table",
    ruleset: "tyneside",
    sides: [
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "E", name: "Stormtroopers", order: Stand, figures: [
                (id: "e1", profile: "Stormtrooper", at: (40.0, 30.0)),
                (id: "e2", profile: "Stormtrooper", at: (40.0, 32.0)),
            ]),
        ]),
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Far troopers", order: Move, figures: [
                (id: "r1", profile: "Basic trooper", at: (10.0, 10.0)),
                (id: "r2", profile: "Basic trooper", at: (10.0, 12.0)),
            ]),
            (id: "X", name: "Luke's troopers", order: Move, figures: [
                (id: "x1", profile: "Basic trooper", at: (30.0, 10.0)),
                (id: "x2", profile: "Basic trooper", at: (30.0, 12.0)),
            ]),
            (id: "L", name: "Luke", figures: [
                (id: "luke", profile: "Luke Skywalker", at: (33.0, 10.0), hero: true),
            ]),
        ]),
    ],
)"#;

#[test]
fn groups_no_hero_is_with_take_the_random_movement_table_and_a_hero_nearby_may_move_it_by_a_d6() {
    let mut s = session_from(TABLE_ORDERS, &[2]);
    let ev = events(&mut s);
    // E: not under fire +1, no other friends within 12" -1 = 0: Stand in position.
    assert!(
        ev.contains("Random movement, Stormtroopers: Under fire from less than half own numbers, or not under fire at all +1, No other friends within 12\" -1 = 0 -> Stand in position: Stand"),
        "{ev}"
    );
    // X: +1 not under fire, +1 Luke within 12" = 2: "Stand in cover, or Advance", in the open.
    assert!(
        ev.contains("Random movement, Luke's troopers:")
            && ev.contains("= 2 -> Stand in cover, or Advance: Advance"),
        "{ev}"
    );
    // R, out of command, keeps what the table gave it (Stand: 0), not its scenario order.
    let order = |s: &mut Game, g: &str| {
        s.state()
            .groups
            .into_iter()
            .find(|(id, _)| id == g)
            .and_then(|(_, o)| o)
    };
    use holotable::rulesets::tyneside::rules::orders::Order;
    assert_eq!(order(&mut s, "R"), Some(Order::Stand));
    assert_eq!(order(&mut s, "X"), Some(Order::Advance));
    ok(&mut s, Command::EndPhase); // the Empire
    let why = refused(
        &mut s,
        Command::PlaceOrder {
            group: "R".into(),
            order: Order::Advance,
        },
    );
    assert!(why.contains("out of command"), "{why}");
    let why = refused(
        &mut s,
        Command::PlaceOrder {
            group: "X".into(),
            order: Order::Stand,
        },
    );
    assert!(why.contains("roll the D6 first"), "{why}");
    // Luke issues an order: the D6 shows 2, so the score 2 may become 0 to 4.
    ok(&mut s, Command::IssueOrder { group: "X".into() });
    let why = refused(
        &mut s,
        Command::PlaceOrder {
            group: "X".into(),
            order: Order::Retreat,
        },
    );
    assert!(why.contains("reaches only Stand, Advance"), "{why}");
    ok(
        &mut s,
        Command::PlaceOrder {
            group: "X".into(),
            order: Order::Stand,
        },
    );
    assert_eq!(order(&mut s, "X"), Some(Order::Stand));
    let why = refused(&mut s, Command::IssueOrder { group: "X".into() });
    assert!(why.contains("already been issued"), "{why}");
    // Luke himself is a hero: he chooses any order, no table.
    ok(
        &mut s,
        Command::PlaceOrder {
            group: "L".into(),
            order: Order::Attack,
        },
    );
    let why = refused(&mut s, Command::IssueOrder { group: "L".into() });
    assert!(why.contains("place its order directly"), "{why}");
}

#[test]
fn a_grenade_kills_on_four_plus_or_ducks_back_everyone_within_three_inches() {
    let src = r#"(
    name: "Grenade",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "E", name: "Stormtroopers", order: Stand, figures: [
                (id: "e1", profile: "Stormtrooper", at: (10.0, 10.0)),
                (id: "e2", profile: "Stormtrooper", at: (10.0, 12.0)),
                (id: "e3", profile: "Stormtrooper", at: (10.0, 16.0)),
            ]),
        ]),
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Rebel troopers", order: Stand, figures: [
                (id: "r1", profile: "Basic trooper", at: (20.0, 10.0)),
                (id: "r2", profile: "Basic trooper", at: (16.5, 13.0)),
            ]),
        ]),
    ],
)"#;
    // e1 throws 4 (killed), e2 (1" from e1) throws 2 (duck back); e3 is 5" away.
    let mut s = session_from(src, &[4, 2]);
    to_action(&mut s);
    let why = refused(
        &mut s,
        Command::Grenade {
            figure: "r2".into(),
            target: "e2".into(),
        },
    );
    assert!(why.contains("Range is 6-12"), "{why}");
    ok(
        &mut s,
        Command::Grenade {
            figure: "r1".into(),
            target: "e1".into(),
        },
    );
    use holotable::rulesets::tyneside::components::Status;
    assert_eq!(fig(&mut s, "e1").status, Status::Killed);
    assert!(fig(&mut s, "e2").ducked_back && fig(&mut s, "e2").status == Status::Active);
    assert!(!fig(&mut s, "e3").ducked_back);
    // "Throwing a grenade takes a full activation": r1 has no second throw or shot this turn.
    let why = refused(
        &mut s,
        Command::Grenade {
            figure: "r1".into(),
            target: "e3".into(),
        },
    );
    assert!(why.contains("full activation"), "{why}");
}

#[test]
fn a_resting_force_user_recovers_one_force_point_an_activation() {
    let src = r#"(
    name: "Rest",
    ruleset: "tyneside",
    random_movement: false,
    terrain: [(id: "wall", kind: Building, shape: Rect(min: (30.0, 0.0), max: (32.0, 48.0)),
               properties: [Building, BlocksLineOfSight, Impassable])],
    sides: [
        (id: "light", name: "Jedi", groups: [
            (id: "ben", name: "Ben", order: Move, figures: [(id: "obiwan", profile: "Obi Wan Kenobi", at: (10.0, 10.0), hero: true)]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "E", name: "Stormtroopers", order: Stand, figures: [(id: "e1", profile: "Stormtrooper", at: (60.0, 10.0))]),
        ]),
    ],
)"#;
    let mut s = session_from(src, &[]);
    let full = fig(&mut s, "obiwan").force_points;
    set_condition(&mut s, "obiwan", |c| c.force_points = full - 3);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    // Movement: stormtroopers (1) first, then Ben walks 2.5" (Move: at least half speed) and
    // rests through his movement activation: +1 ("1 FP per activation").
    ok(&mut s, Command::EndActivation);
    ok(
        &mut s,
        Command::Move {
            figure: "obiwan".into(),
            to: (12.5, 10.0),
        },
    );
    ok(&mut s, Command::EndActivation);
    assert_eq!(fig(&mut s, "obiwan").force_points, full - 2);
    // Shoot/act: Ben (7) first; he rests through it too: +1.
    ok(&mut s, Command::EndActivation);
    assert_eq!(fig(&mut s, "obiwan").force_points, full - 1);
    assert!(
        events(&mut s).contains("rests and recovers 1 Force point"),
        "{}",
        events(&mut s)
    );
    ok(&mut s, Command::EndActivation); // E
    // Turn 2: a 4" move is more than resting allows.
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndActivation);
    ok(
        &mut s,
        Command::Move {
            figure: "obiwan".into(),
            to: (16.5, 10.0),
        },
    );
    ok(&mut s, Command::EndActivation);
    ok(&mut s, Command::EndActivation);
    assert_eq!(
        fig(&mut s, "obiwan").force_points,
        full - 1,
        "moved more than 3\""
    );
}

#[test]
fn resting_measures_the_distance_moved_not_the_allowance_used() {
    // Recovering Force points: "does not move more than 3"": 2" through woods uses 4" of
    // allowance (each inch costs two), but it is a 2" move.
    let src = r#"(
    name: "Rest in the woods",
    ruleset: "tyneside",
    random_movement: false,
    terrain: [(id: "woods", kind: Woods, shape: Rect(min: (8.0, 5.0), max: (20.0, 15.0)),
               properties: [Difficult])],
    sides: [
        (id: "light", name: "Jedi", groups: [
            (id: "ben", name: "Ben", order: Move, figures: [(id: "obiwan", profile: "Obi Wan Kenobi", at: (10.0, 10.0), hero: true)]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "E", name: "Stormtroopers", order: Stand, figures: [(id: "e1", profile: "Stormtrooper", at: (60.0, 40.0))]),
        ]),
    ],
)"#;
    let mut s = session_from(src, &[]);
    let full = fig(&mut s, "obiwan").force_points;
    set_condition(&mut s, "obiwan", |c| c.force_points = full - 2);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndActivation); // E
    ok(
        &mut s,
        Command::Move {
            figure: "obiwan".into(),
            to: (12.0, 10.0),
        },
    );
    assert!(
        events(&mut s).contains("moves 2.0\", using 4.0\" of its move"),
        "{}",
        events(&mut s)
    );
    ok(&mut s, Command::EndActivation); // Ben rests through his movement: +1
    assert_eq!(fig(&mut s, "obiwan").force_points, full - 1);
    ok(&mut s, Command::EndActivation); // and through his Shoot/Act: +1
    assert_eq!(fig(&mut s, "obiwan").force_points, full);
}

/// Vader and Luke 12" apart on an open table, with a stormtrooper beside Vader.
const DUEL_AT_RANGE: &str = r#"(
    name: "Jedi powers",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "L", name: "Luke", order: Move, figures: [(id: "luke", profile: "Luke Skywalker", at: (10.0, 10.0), hero: true)]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "V", name: "Vader", order: Stand, figures: [(id: "darth", profile: "Darth Vader", at: (23.0, 10.0), hero: true)]),
        ]),
    ],
)"#;

#[test]
fn jedi_powers_enhance_lightning_and_wound_suppression() {
    // The wound suppression D6 shows 6: healed for good.
    let mut s = session_from(DUEL_AT_RANGE, &[6]);
    let luke_fp = fig(&mut s, "luke").force_points;
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    // Movement: Luke (6) after Vader (7)? Lowest first: Luke moves first.
    let power = |figure: &str, power: ForcePower| Command::Force {
        figure: figure.into(),
        power,
    };
    // Enhance: 5" walk becomes 7.5".
    let why = refused(
        &mut s,
        Command::Move {
            figure: "luke".into(),
            to: (16.0, 10.0),
        },
    );
    assert!(why.contains("5.0\" left"), "{why}");
    ok(&mut s, power("luke", ForcePower::Enhance));
    ok(
        &mut s,
        Command::Move {
            figure: "luke".into(),
            to: (16.0, 10.0),
        },
    );
    assert_eq!(fig(&mut s, "luke").force_points, luke_fp - 1);
    // One action an activation for a Jedi (12 FP).
    let why = refused(&mut s, power("luke", ForcePower::Enhance));
    assert!(why.contains("one action an activation"), "{why}");
    let why = refused(
        &mut s,
        power(
            "luke",
            ForcePower::Lightning {
                target: "darth".into(),
            },
        ),
    );
    assert!(
        why.contains("Shoot/Act") || why.contains("one action"),
        "{why}"
    );
    ok(&mut s, Command::EndActivation); // Luke
    ok(&mut s, Command::EndActivation); // Vader
    // Shoot/act: Vader (7) first. Lightning is for the Dark Side: Luke may not.
    ok(
        &mut s,
        power(
            "darth",
            ForcePower::Lightning {
                target: "luke".into(),
            },
        ),
    );
    assert!(
        events(&mut s).contains("with Force lightning (1 FP): is held (turn 1 of 4)"),
        "{}",
        events(&mut s)
    );
    // Vader has 14 FP at the start: two actions an activation.
    ok(
        &mut s,
        power(
            "darth",
            ForcePower::Lightning {
                target: "luke".into(),
            },
        ),
    );
    let why = refused(
        &mut s,
        power(
            "darth",
            ForcePower::Lightning {
                target: "luke".into(),
            },
        ),
    );
    assert!(why.contains("has used 2"), "{why}");
    ok(&mut s, Command::EndActivation); // Vader
    let why = refused(&mut s, power("luke", ForcePower::WoundSuppression));
    assert!(why.contains("no wound to suppress"), "{why}");
    // A wounded Luke suppresses it: D6 6, healed for good.
    set_condition(&mut s, "luke", |c| c.wounds = 1);
    ok(&mut s, power("luke", ForcePower::WoundSuppression));
    assert_eq!(fig(&mut s, "luke").wounds, 0);
    // Turn 2: Luke is still immobilised by last turn's lightning.
    ok(&mut s, Command::EndActivation); // Luke
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    let why = refused(
        &mut s,
        Command::Move {
            figure: "luke".into(),
            to: (15.0, 10.0),
        },
    );
    assert!(why.contains("unable to move"), "{why}");
}

#[test]
fn a_dark_side_choke_kills_after_three_turns_and_the_choked_can_use_no_power() {
    let mut s = session_from(DUEL_AT_RANGE, &[]);
    let choke = || Command::Force {
        figure: "darth".into(),
        power: ForcePower::Choke {
            target: "luke".into(),
        },
    };
    for turn in 1..=3 {
        ok(&mut s, Command::EndPhase);
        ok(&mut s, Command::EndPhase);
        if turn == 1 {
            ok(
                &mut s,
                Command::Move {
                    figure: "luke".into(),
                    to: (12.5, 10.0),
                },
            );
        }
        ok(&mut s, Command::EndActivation); // Luke (held from turn 2: no minimum)
        ok(&mut s, Command::EndActivation); // Vader
        ok(&mut s, choke());
        if turn == 3 {
            break;
        }
        ok(&mut s, Command::EndActivation); // Vader
        let why = refused(
            &mut s,
            Command::Force {
                figure: "luke".into(),
                power: ForcePower::Enhance,
            },
        );
        assert!(why.contains("choked force users can only\" Block"), "{why}");
        ok(&mut s, Command::EndActivation); // Luke
    }
    use holotable::rulesets::tyneside::components::Status;
    assert_eq!(
        fig(&mut s, "luke").status,
        Status::Disabled,
        "{}",
        events(&mut s)
    );
    assert!(
        events(&mut s).contains("Darth Vader chokes Luke Skywalker (1 FP): is held (turn 2 of 3)")
    );
}

/// Obi-Wan against one stormtrooper 12" off: in the open (`wall: false`), or behind a wall that
/// hides it from Obi-Wan's line, with open ground 3" to its side (`wall: true`).
fn sensing(wall: bool) -> String {
    format!(
        r#"(
    name: "Seeing",
    ruleset: "tyneside",
    random_movement: false,
    terrain: [{}],
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "O", name: "Obi-Wan", order: Stand, figures: [(id: "obiwan", profile: "Obi Wan Kenobi", at: (10.0, 10.0), hero: true)]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "S", name: "Stormtrooper", order: Stand, figures: [(id: "st", profile: "Stormtrooper", at: (22.0, 10.0))]),
        ]),
    ],
)"#,
        if wall {
            r#"(id: "wall", kind: Wall, shape: Rect(min: (20.0, 8.0), max: (21.0, 12.0)), properties: [BlocksLineOfSight, Impassable])"#
        } else {
            ""
        }
    )
}

#[test]
fn seeing_senses_a_hiding_figure_and_one_within_three_inches_of_where_it_could_be_seen() {
    let seeing = Command::Force {
        figure: "obiwan".into(),
        power: ForcePower::Seeing,
    };
    // A choke needs a victim the user sees (24"): it tells whether Obi-Wan sees the trooper.
    let choke = || Command::Force {
        figure: "obiwan".into(),
        power: ForcePower::Choke {
            target: "st".into(),
        },
    };
    // In the open, hiding: unseen beyond 6" until Obi-Wan uses 'Seeing'.
    let mut s = session_from(&sensing(false), &[5; 8]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    // Movement, lowest initiative first: the stormtrooper hides, then Obi-Wan.
    ok(
        &mut s,
        Command::Hide {
            figure: "st".into(),
        },
    );
    ok(&mut s, Command::EndActivation);
    ok(&mut s, Command::EndActivation);
    // Shoot/act: Obi-Wan (8) first; 14 FP, so two actions an activation.
    let why = refused(&mut s, choke());
    assert!(why.contains("sees within 24"), "{why}");
    let fp = fig(&mut s, "obiwan").force_points;
    ok(&mut s, seeing.clone());
    assert_eq!(fig(&mut s, "obiwan").force_points, fp - 1);
    ok(&mut s, choke());
    // Behind a wall: no line to it, but a clear line 3" to its side.
    let mut s = session_from(&sensing(true), &[5; 8]);
    to_action(&mut s);
    let why = refused(&mut s, choke());
    assert!(why.contains("sees within 24"), "{why}");
    ok(&mut s, seeing.clone());
    let why = refused(&mut s, seeing);
    assert!(why.contains("already senses"), "{why}");
    ok(&mut s, choke());
}

/// Obi-Wan (14 FP) with a wall 10" ahead, under `order`; a stormtrooper far off.
fn leap(order: &str) -> String {
    format!(
        r#"(
    name: "Force jump",
    ruleset: "tyneside",
    random_movement: false,
    terrain: [(id: "wall", kind: Wall, shape: Rect(min: (20.0, 5.0), max: (21.0, 15.0)), properties: [BlocksLineOfSight, Impassable])],
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "O", name: "Obi-Wan", order: {order}, figures: [(id: "obiwan", profile: "Obi Wan Kenobi", at: (10.0, 10.0), hero: true)]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "S", name: "Stormtrooper", order: Stand, figures: [(id: "st", profile: "Stormtrooper", at: (60.0, 40.0))]),
        ]),
    ],
)"#
    )
}

/// To Obi-Wan's movement activation (the stormtrooper, initiative 1, moves first).
fn to_obiwans_move(s: &mut Game) {
    ok(s, Command::EndPhase);
    ok(s, Command::EndPhase);
    ok(s, Command::EndActivation);
}

fn jump(to: (f32, f32)) -> Command {
    Command::Force {
        figure: "obiwan".into(),
        power: ForcePower::ForceJump { to },
    }
}

#[test]
fn a_force_jump_reaches_force_level_times_a_d6_over_anything_in_the_way() {
    // Level 14 x D6 2 = 28": the 20" over the wall is made.
    let mut s = session_from(&leap("Move"), &[2]);
    to_obiwans_move(&mut s);
    let fp = fig(&mut s, "obiwan").force_points;
    let why = refused(&mut s, jump((20.5, 10.0)));
    assert!(why.contains("cannot come down in 'wall'"), "{why}");
    ok(&mut s, jump((30.0, 10.0)));
    let o = fig(&mut s, "obiwan");
    assert_eq!((o.position, o.force_points), ((30.0, 10.0), fp - 1));
    assert!(
        events(&mut s)
            .contains("Force-jumps 20.0\" of the 20.0\" wanted (1 FP; reach 14 x D6 2 = 28\")")
    );
    // The jump was its whole move.
    let why = refused(
        &mut s,
        Command::Move {
            figure: "obiwan".into(),
            to: (31.0, 10.0),
        },
    );
    assert!(why.contains("left"), "{why}");

    // D6 1: 14" of the 20" wanted, past the wall, on open ground.
    let mut s = session_from(&leap("Move"), &[1]);
    to_obiwans_move(&mut s);
    ok(&mut s, jump((30.0, 10.0)));
    assert_eq!(fig(&mut s, "obiwan").position, (24.0, 10.0));

    // At 11 Force points a 1 is 11": that would come down on the wall, so it stops short.
    let mut s = session_from(&leap("Move"), &[1]);
    to_obiwans_move(&mut s);
    set_condition(&mut s, "obiwan", |c| c.force_points = 11);
    ok(&mut s, jump((30.0, 10.0)));
    let x = fig(&mut s, "obiwan").position.0;
    assert!((19.0..19.6).contains(&x), "came down at {x}");

    // "This includes running Force assisted": a jump is a run, which Stand orders forbid.
    let mut s = session_from(&leap("Stand"), &[2]);
    to_obiwans_move(&mut s);
    let why = refused(&mut s, jump((30.0, 10.0)));
    assert!(why.contains("may not run"), "{why}");
}

#[test]
fn push_throws_figures_a_2d6_and_stuns_those_it_throws_into_a_solid_object() {
    let src = r#"(
    name: "Push",
    ruleset: "tyneside",
    random_movement: false,
    terrain: [(id: "wall", kind: Wall, shape: Rect(min: (20.0, 5.0), max: (21.0, 15.0)), properties: [Obstacle])],
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "O", name: "Obi-Wan", order: Move, figures: [(id: "obiwan", profile: "Obi Wan Kenobi", at: (10.0, 10.0), hero: true)]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "S", name: "Stormtrooper", order: Stand, figures: [(id: "st", profile: "Stormtrooper", at: (15.0, 10.0))]),
            (id: "T", name: "Stormtrooper", order: Stand, figures: [(id: "st2", profile: "Stormtrooper", at: (10.0, 20.0))]),
        ]),
    ],
)"#;
    // Push: 2D6 3+4 = 7"; pull: 2+3 = 5".
    let mut s = session_from(src, &[3, 4, 2, 3]);
    to_obiwans_move(&mut s);
    ok(&mut s, Command::EndActivation); // the second stormtrooper
    let throw = |targets: &[&str], pull: bool| Command::Force {
        figure: "obiwan".into(),
        power: ForcePower::Push {
            targets: targets.iter().map(|t| t.to_string()).collect(),
            pull,
            from: None,
            up_to: None,
        },
    };
    let why = refused(&mut s, throw(&["obiwan"], false));
    assert!(why.contains("not Obi Wan Kenobi himself"), "{why}");
    // Away from Obi-Wan, into the wall 5" on: it stops against it, stunned.
    ok(&mut s, throw(&["st"], false));
    let st = fig(&mut s, "st");
    assert!((19.0..19.6).contains(&st.position.0), "{:?}", st.position);
    assert!(st.knocked_out, "stunned for 3 turns");
    // Towards him, over open ground: the whole 5", unhurt.
    ok(&mut s, throw(&["st2"], true));
    let st2 = fig(&mut s, "st2");
    assert_eq!(st2.position, (10.0, 15.0));
    assert!(!st2.knocked_out);
    assert!(
        events(&mut s).contains("pushes (1 FP, 2D6 7\"): Stormtrooper"),
        "{}",
        events(&mut s)
    );
}

#[test]
fn a_push_throws_up_to_the_distance_chosen_and_back_from_a_friend() {
    // "User may move (current Force level) figures up to 2D6"": Obi-Wan throws the
    // stormtrooper 2" of the 7" rolled, straight away from Rebel 1 (3" west and 4" south of
    // it), as the solo rules' "throw the nearest enemy to that group back".
    let src = r#"(
    name: "Push back",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "O", name: "Obi-Wan", order: Move, figures: [
                (id: "obiwan", profile: "Obi Wan Kenobi", at: (10.0, 10.0), hero: true),
                (id: "r1", profile: "Basic trooper", at: (12.0, 14.0)),
            ]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "S", name: "Stormtrooper", order: Stand, figures: [(id: "st", profile: "Stormtrooper", at: (15.0, 10.0))]),
        ]),
    ],
)"#;
    let mut s = session_from(src, &[3, 4]);
    to_obiwans_move(&mut s);
    let push = |from: &str, up_to: f32| Command::Force {
        figure: "obiwan".into(),
        power: ForcePower::Push {
            targets: vec!["st".into()],
            pull: false,
            from: Some(from.into()),
            up_to: Some(up_to),
        },
    };
    let why = refused(&mut s, push("st", 2.0));
    assert!(why.contains("or a friendly figure it sees"), "{why}");
    let why = refused(&mut s, push("r1", 0.0));
    assert!(why.contains("a distance over 0"), "{why}");
    ok(&mut s, push("r1", 2.0));
    let (x, y) = fig(&mut s, "st").position;
    assert!(
        (x - 16.2).abs() < 0.01 && (y - 8.4).abs() < 0.01,
        "({x}, {y})"
    );
}

/// An Imperial stormtrooper on Advance orders towards an objective, with WHO (R2D2 or a Rebel
/// trooper) standing 7" ahead of it.
fn advance_past(who: &str) -> String {
    format!(
        r#"(
    name: "Past the droid",
    ruleset: "tyneside",
    random_movement: false,
    objectives: [(id: "obj", name: "Console", at: (30.0, 10.0))],
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Droid", order: Stand, figures: [(id: "r", profile: "{who}", at: (17.0, 10.0))]),
            (id: "F", name: "Far", order: Stand, figures: [(id: "far", profile: "Basic trooper", at: (60.0, 40.0))]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "E", name: "Stormtroopers", order: Advance, figures: [(id: "s", profile: "Stormtrooper", at: (10.0, 10.0))]),
        ]),
    ],
)"#
    )
}

#[test]
fn imperial_orders_take_no_notice_of_c3po_and_r2d2() {
    // Droids: "ignored by them": an Imperial advance does not halt 5" from R2D2 …
    let mut s = session_from(&advance_past("R2D2"), &[]);
    to_stormtroopers(&mut s);
    let step = Command::Move {
        figure: "s".into(),
        to: (14.5, 10.0),
    };
    ok(&mut s, step.clone());
    // … as it does from a Rebel trooper standing there.
    let mut s = session_from(&advance_past("Basic trooper"), &[]);
    to_stormtroopers(&mut s);
    let why = refused(&mut s, step);
    assert!(why.contains("halt at 5"), "{why}");
}

/// Past the orders to the stormtroopers' movement: the groups before them in the initiative
/// order end theirs.
fn to_stormtroopers(s: &mut Game) {
    ok(s, Command::EndPhase);
    ok(s, Command::EndPhase);
    use holotable::rulesets::tyneside::turn::TurnState;
    loop {
        let active = s
            .world()
            .resource::<TurnState>()
            .active_group()
            .map(str::to_string);
        match active.as_deref() {
            Some("E") => break,
            Some(g) => assert!(g == "R" || g == "F", "{g}"),
            None => panic!("the stormtroopers never moved"),
        }
        ok(s, Command::EndActivation);
    }
}

#[test]
fn a_figure_in_a_stormtroopers_helmet_shoots_at_stormtrooper_ranges() {
    use holotable::rulesets::tyneside::components::Figure;
    // "NB: Stormtrooper values are used for other people wearing their helmets."
    let src = r#"(
    name: "Helmets",
    ruleset: "tyneside",
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Rebels", figures: [
                (id: "plain", profile: "Basic trooper", at: (10.0, 10.0)),
                (id: "disguised", profile: "Basic trooper", at: (11.0, 10.0), helmet: true),
                (id: "heavy", profile: "Basic trooper", weapon: Some("Heavy Blaster"), at: (12.0, 10.0), helmet: true),
            ]),
        ]),
        (id: "empire", name: "Empire", groups: [
            (id: "E", name: "Stormtroopers", figures: [(id: "e1", profile: "Stormtrooper", at: (50.0, 10.0))]),
        ]),
    ],
)"#;
    let mut s = session_from(src, &[]);
    let world = s.app.world_mut();
    let mut q = world.query::<&Figure>();
    let mut weapon = |id: &str| {
        q.iter(world)
            .find(|f| f.id == id)
            .and_then(|f| f.weapon.as_ref())
            .map(|w| (w.name.clone(), w.long, w.medium, w.point_blank))
            .unwrap()
    };
    assert_eq!(weapon("plain"), ("Blaster".into(), 40.0, 15.0, 8.0));
    assert_eq!(
        weapon("disguised"),
        ("Stormtrooper blaster".into(), 25.0, 10.0, 5.0)
    );
    assert_eq!(
        weapon("heavy"),
        ("Stormtrooper heavy blaster".into(), 40.0, 15.0, 8.0)
    );
}

#[test]
fn an_attack_enters_melee_when_it_is_in_reach() {
    // Attack: "Must move at run towards one or more of the nearest enemy groups. They will
    // enter melee if in reach." A Rebel trooper 6" from a stormtrooper runs (D4 2: 7") …
    let src = r#"(
    name: "Charge",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Rebels", order: Attack, figures: [(id: "r1", profile: "Basic trooper", at: (10.0, 10.0))]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "E", name: "Stormtroopers", order: Stand, figures: [(id: "e1", profile: "Stormtrooper", at: (17.0, 10.0))]),
        ]),
    ],
)"#;
    let mut s = session_from(src, &[2, 1, 1]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndActivation); // E (initiative 1) moves first
    ok(
        &mut s,
        Command::Run {
            figure: "r1".into(),
        },
    );
    ok(
        &mut s,
        Command::Move {
            figure: "r1".into(),
            to: (13.5, 10.0),
        },
    );
    // … so stopping 2.5" short of it is refused …
    let why = refused(&mut s, Command::EndActivation);
    assert!(why.contains("They will enter melee if in reach"), "{why}");
    // … and closing to within 1" is not.
    ok(
        &mut s,
        Command::Move {
            figure: "r1".into(),
            to: (15.6, 10.0),
        },
    );
    ok(&mut s, Command::EndActivation);
}

/// C3PO and R2D2 in groups of their own, Luke 4" from C3PO; stormtroopers far off.
const DROIDS: &str = r#"(
    name: "Droids",
    ruleset: "tyneside",
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "L", name: "Luke", order: Stand, figures: [(id: "luke", profile: "Luke Skywalker", at: (10.0, 10.0), hero: true)]),
            (id: "C", name: "C3PO", order: Move, figures: [(id: "c3po", profile: "C3PO", at: (10.0, 15.0))]),
            (id: "R", name: "R2", order: Stand, figures: [(id: "r2", profile: "R2D2", at: (40.0, 30.0))]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "E", name: "Stormtroopers", order: Stand, figures: [(id: "e1", profile: "Stormtrooper", at: (60.0, 10.0))]),
        ]),
    ],
)"#;

#[test]
fn r2d2_acts_as_the_player_wants_and_c3po_keeps_company() {
    let mut s = session_from(DROIDS, &[]);
    // R2D2, 30" from any hero, takes no order from the table: his player picks it.
    let ev = events(&mut s);
    assert!(!ev.contains("Random movement, R2"), "{ev}");
    assert!(ev.contains("Random movement, C3PO"), "{ev}");
    let rebels_place = |s: &mut Game| {
        ok(
            s,
            Command::PlaceOrder {
                group: "R".into(),
                order: holotable::rulesets::tyneside::rules::orders::Order::Move,
            },
        )
    };
    rebels_place(&mut s);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    // C3PO (initiative 1) moves first: 4" away from Luke (to 8.0" off) is refused …
    let why = refused(
        &mut s,
        Command::Move {
            figure: "c3po".into(),
            to: (10.0, 19.0),
        },
    );
    assert!(why.contains("in company with the player's figure"), "{why}");
    // … walking beside him is not.
    ok(
        &mut s,
        Command::Move {
            figure: "c3po".into(),
            to: (13.0, 13.0),
        },
    );
}

/// A move both longer than the movement left and ending within 5" of an enemy is refused by
/// the Advance order first: no shorter move there is allowed either (a walk read the
/// allowance's refusal, shortened the move, and met the order's next).
#[test]
fn an_advance_too_long_and_too_near_an_enemy_is_refused_by_the_order() {
    let scenario = advance_past("Basic trooper").replace("(17.0, 10.0)", "(20.0, 10.0)");
    let mut s = session_from(&scenario, &[]);
    to_stormtroopers(&mut s);
    let why = refused(
        &mut s,
        Command::Move {
            figure: "s".into(),
            to: (18.5, 10.0),
        },
    );
    assert!(why.contains("halt at 5"), "{why}");
    // Within its allowance and 5" off, the same way is taken.
    ok(
        &mut s,
        Command::Move {
            figure: "s".into(),
            to: (14.0, 10.0),
        },
    );
}
