//! Jedi powers (tyneside-skirmish.txt, section 8) beyond those in rules_review.rs: Mind trick,
//! and the reactions a side makes ready: Defend/Deflect, Swipe and Block.
//! Forced dice make every outcome exact.

use crate::common::*;
use holotable::engine::session::Headless;
use holotable::rulesets::tyneside::commands::Command;
use holotable::rulesets::tyneside::components::Status;
use holotable::rulesets::tyneside::rules::force::ForcePower;

/// Obi-Wan (group O) faces stormtroopers s1–s3 within 5", s4 at 15", and an elite trooper, all
/// in the open; the Empire's group E stands.
const GUARDS: &str = r#"(
    name: "Guards",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "O", name: "Obi-Wan", order: Move, figures: [
                (id: "ben", profile: "Obi Wan Kenobi", at: (10.0, 10.0), hero: true),
            ]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "E", name: "Guards", order: Stand, figures: [
                (id: "s1", profile: "Stormtrooper", at: (13.0, 10.0)),
                (id: "s2", profile: "Stormtrooper", at: (13.0, 12.0)),
                (id: "s3", profile: "Stormtrooper", at: (13.0, 8.0)),
                (id: "elite", profile: "Elite trooper", at: (14.0, 14.0)),
            ]),
            (id: "F", name: "Far guard", order: Stand, figures: [
                (id: "s4", profile: "Stormtrooper", at: (25.0, 10.0)),
            ]),
        ]),
    ],
)"#;

fn trick(targets: &[&str]) -> Command {
    Command::Force {
        figure: "ben".into(),
        power: ForcePower::MindTrick {
            targets: targets.iter().map(|t| t.to_string()).collect(),
        },
    }
}

#[test]
fn a_mind_trick_controls_three_troopers_within_5_inches_or_one_at_24_for_the_turn() {
    let mut s = session_from(GUARDS, &[1, 6, 1, 6, 1, 6, 1, 6, 1]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    assert!(
        events(&mut s).contains("lowest initiative first: Far guard, Guards, Obi-Wan"),
        "{}",
        events(&mut s)
    );
    ok(&mut s, Command::EndActivation); // F
    ok(&mut s, Command::EndActivation); // E
    let fp = fig(&mut s, "ben").force_points;
    let why = refused(&mut s, trick(&["elite"]));
    assert!(why.contains("Basic trooper, Stormtrooper only"), "{why}");
    let why = refused(&mut s, trick(&["s1", "s2", "s4"]));
    assert!(why.contains("within 5"), "s4 is 14\" away: {why}");
    let why = refused(&mut s, trick(&["s1", "s2", "s3", "s4"]));
    assert!(why.contains("up to 3"), "{why}");
    ok(&mut s, trick(&["s1", "s2", "s3"]));
    assert_eq!(fig(&mut s, "ben").force_points, fp - 1, "1 FP");
    assert!(
        events(&mut s).contains("uses a Mind trick (1 FP): Stormtrooper"),
        "{}",
        events(&mut s)
    );
    // Controlled, the three act for the Rebels this turn, in a group of their own.
    let s1 = fig(&mut s, "s1");
    assert_eq!((s1.side, s1.group.as_str()), (0, "ben-trick-1"));
    // Obi-Wan walks past s1 within 1" (no close combat with a controlled figure).
    ok(
        &mut s,
        Command::Move {
            figure: "ben".into(),
            to: (13.0, 11.0),
        },
    );
    ok(&mut s, Command::EndActivation);
    // Their activation comes next, and the Rebels take them where they like (Move orders):
    // each walks at least half speed (2.5") out of his way.
    for (id, to) in [
        ("s1", (13.0, 5.5)),
        ("s2", (15.5, 12.0)),
        ("s3", (16.0, 7.0)),
    ] {
        ok(
            &mut s,
            Command::Move {
                figure: id.into(),
                to,
            },
        );
    }
    assert_eq!(fig(&mut s, "s1").position, (13.0, 5.5));
    ok(&mut s, Command::EndActivation);
    assert_eq!(s.phase(), "Action");
    // Shoot/act: no close combat with the tricked guards he touches.
    let why = refused(&mut s, Command::Fight { group: "O".into() });
    assert!(why.contains("no figure of 'O'"), "{why}");
    // Obi-Wan (8) first, then E, F and the trick's group: of the guards only the elite
    // trooper counts its firepower (5 at point blank) against Obi-Wan's defence 9; the
    // tricked three are not in E now.
    assert!(
        events(&mut s).contains("highest initiative first: Obi-Wan, Guards, Far guard, Stormtrooper, Stormtrooper, Stormtrooper (Mind trick)"),
        "{}",
        events(&mut s)
    );
    ok(&mut s, Command::EndActivation);
    ok(
        &mut s,
        Command::Shoot {
            groups: vec!["E".into()],
            targets: vec!["O".into()],
        },
    );
    assert!(
        events(&mut s).contains("Obi-Wan: 9.0 against 5.0"),
        "{}",
        events(&mut s)
    );
    ok(&mut s, Command::EndActivation); // F
    // A Light Side user does not "guide others to kill their friends".
    let why = refused(
        &mut s,
        Command::Shoot {
            groups: vec!["ben-trick-1".into()],
            targets: vec!["E".into()],
        },
    );
    assert!(why.contains("only the Dark Side"), "{why}");
    // Next turn the trick is over: back in E, for the Empire.
    while s.phase() != "Orders" {
        ok(&mut s, Command::EndActivation);
    }
    let s1 = fig(&mut s, "s1");
    assert_eq!((s1.side, s1.group.as_str()), (1, "E"));
    assert!(
        !s.state().groups.iter().any(|g| g.0 == "ben-trick-1"),
        "the trick's group is gone"
    );
}

#[test]
fn one_trooper_can_be_mind_tricked_at_24_inches() {
    let mut s = session_from(&GUARDS.replace("order: Move", "order: Stand"), &[]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    while s.phase() == "Movement" {
        ok(&mut s, Command::EndActivation);
    }
    // Shoot/act: Obi-Wan (initiative 8) acts first.
    ok(&mut s, trick(&["s4"]));
    let f = fig(&mut s, "s4");
    assert_eq!((f.position, f.side), ((25.0, 10.0), 0));
    ok(&mut s, Command::EndActivation);
    // The trick's group acts next, before E.
    let why = refused(
        &mut s,
        Command::Shoot {
            groups: vec!["E".into()],
            targets: vec!["O".into()],
        },
    );
    assert!(
        why.contains("activation of ") && why.contains("(Mind trick)"),
        "{why}"
    );
}

/// Darth Vader (Dark Side) and a Rebel squad of three basic troopers 4" in front of him.
const SQUAD: &str = r#"(
    name: "Squad",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Squad", order: Stand, figures: [
                (id: "r1", profile: "Basic trooper", at: (14.0, 10.0)),
                (id: "r2", profile: "Basic trooper", at: (14.0, 12.0)),
                (id: "r3", profile: "Basic trooper", at: (18.0, 11.0)),
            ]),
        ]),
        (id: "empire", name: "Empire", groups: [
            (id: "V", name: "Vader", order: Stand, figures: [
                (id: "vader", profile: "Darth Vader", at: (10.0, 11.0)),
            ]),
        ]),
    ],
)"#;

#[test]
fn a_dark_side_user_guides_tricked_troopers_to_kill_their_friends() {
    // Shoot/act: Vader (initiative 7) first; he tricks r1 and r2, who then shoot r3 at once.
    let mut s = session_from(SQUAD, &[1, 1, 1]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    while s.phase() == "Movement" {
        ok(&mut s, Command::EndActivation);
    }
    ok(
        &mut s,
        Command::Force {
            figure: "vader".into(),
            power: ForcePower::MindTrick {
                targets: vec!["r1".into(), "r2".into()],
            },
        },
    );
    assert!(
        events(&mut s).contains("to kill their friends"),
        "{}",
        events(&mut s)
    );
    ok(&mut s, Command::EndActivation);
    ok(
        &mut s,
        Command::Shoot {
            groups: vec!["vader-trick-1".into()],
            targets: vec!["R".into()],
        },
    );
    // Two basic troopers at point blank (3 + 3) against r3's 3: r3 dices on the chart.
    assert!(
        events(&mut s).contains("Basic trooper, Basic trooper (Mind trick): 6.0 against 3.0"),
        "{}",
        events(&mut s)
    );
    // The game goes on: the Rebels still have r1 and r2, tricked or not.
    assert!(s.state().result.is_none());
}
/// Luke with Rebel 1 a base's width (1") to his side, and a Force user with no light sabre
/// (Kanan-like, `ofu`) in group K, under point-blank fire from four stormtroopers (E).
const UNDER_FIRE: &str = r#"(
    name: "Under fire",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "L", name: "Luke", order: Stand, figures: [
                (id: "luke", profile: "Luke Skywalker", at: (10.0, 10.0), hero: true),
                (id: "r1", name: "Rebel 1", profile: "Basic trooper", at: (10.0, 12.0)),
            ]),
            (id: "K", name: "Seer", order: Stand, figures: [
                (id: "ofu", name: "Seer", profile: "Other Force user", at: (10.0, 30.0), hero: true),
            ]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "E", name: "Stormtroopers", order: Stand, figures: [
                (id: "e1", profile: "Stormtrooper", at: (15.5, 9.0)),
                (id: "e2", profile: "Stormtrooper", at: (15.0, 10.0)),
                (id: "e3", profile: "Stormtrooper", at: (15.5, 11.0)),
                (id: "e4", profile: "Stormtrooper", at: (15.5, 12.0)),
            ]),
            (id: "S", name: "Patrol", order: Stand, figures: [
                (id: "s1", profile: "Stormtrooper", at: (14.0, 29.0)),
                (id: "s2", profile: "Stormtrooper", at: (14.0, 31.0)),
            ]),
        ]),
    ],
)"#;

/// Orders (the Rebels make `ready` Force users ready in theirs), then to the Shoot/Act phase
/// with the Rebels' groups done.
fn to_imperial_fire(s: &mut Game, ready: &[&str]) {
    for id in ready {
        ok(
            s,
            Command::Ready {
                figure: id.to_string(),
                ready: true,
            },
        );
    }
    ok(s, Command::EndPhase);
    ok(s, Command::EndPhase);
    while s.phase() == "Movement" {
        ok(s, Command::EndActivation);
    }
    ok(s, Command::EndActivation); // L
    ok(s, Command::EndActivation); // K
}

#[test]
fn a_ready_light_sabre_user_deflects_a_hit_within_2_inches_back_at_the_nearest_shooter() {
    // E (4 x 3 = 12 at point blank) on L (Luke's defence 8 + Rebel 1's 3 = 11): Less than.
    // D8s: Luke 1 (no effect), Rebel 1 8 (K), then E's four (Rebel 1's 3 against their 12)
    // 1s. Luke deflects the K and sends it back at e2, the nearest shooter, with his
    // bracketed 8 at point blank against e2's 3: D8 8.
    let mut s = session_from(UNDER_FIRE, &[1, 8, 1, 1, 1, 1, 8]);
    let fp = fig(&mut s, "luke").force_points;
    to_imperial_fire(&mut s, &["luke"]);
    assert!(fig(&mut s, "luke").ready);
    ok(
        &mut s,
        Command::Shoot {
            groups: vec!["E".into()],
            targets: vec!["L".into()],
        },
    );
    let ev = events(&mut s);
    assert!(
        ev.contains("Luke Skywalker deflects the shot at Rebel 1 (Defend/Deflect, 1 FP): K"),
        "{ev}"
    );
    assert!(ev.contains("back at Stormtrooper"), "{ev}");
    assert_eq!(fig(&mut s, "r1").status, Status::Active, "the K is stopped");
    assert_eq!(fig(&mut s, "luke").force_points, fp - 1);
    assert_eq!(fig(&mut s, "e2").status, Status::Killed, "8 back at e2");

    // Not ready: the same dice kill Rebel 1.
    let mut s = session_from(UNDER_FIRE, &[1, 8, 1, 1, 1, 1]);
    to_imperial_fire(&mut s, &[]);
    ok(
        &mut s,
        Command::Shoot {
            groups: vec!["E".into()],
            targets: vec!["L".into()],
        },
    );
    assert_eq!(fig(&mut s, "r1").status, Status::Killed);
    assert_eq!(fig(&mut s, "luke").force_points, fp);
}

#[test]
fn a_ready_force_user_without_a_sabre_swipes_point_blank_fire_from_a_group_of_5_or_more() {
    // S (2 x 3 = 6 at point blank) on the Seer (defence 7): D8 8 would be a hit; Swipe makes
    // it a miss, and nothing goes back.
    let mut s = session_from(UNDER_FIRE, &[8]);
    let fp = fig(&mut s, "ofu").force_points;
    to_imperial_fire(&mut s, &["ofu"]);
    ok(&mut s, Command::EndActivation); // E does nothing
    ok(
        &mut s,
        Command::Shoot {
            groups: vec!["S".into()],
            targets: vec!["K".into()],
        },
    );
    let ev = events(&mut s);
    assert!(
        ev.contains("Seer swipes the weapon aside (Swipe, 1 FP)"),
        "{ev}"
    );
    let seer = fig(&mut s, "ofu");
    assert_eq!((seer.wounds, seer.ducked_back), (0, false));
    assert_eq!(seer.force_points, fp - 1);
}

#[test]
fn readiness_is_the_own_sides_to_declare_and_block_stops_a_force_attack_for_2_points() {
    let duel = r#"(
    name: "Duel",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "L", name: "Luke", order: Stand, figures: [(id: "luke", profile: "Luke Skywalker", at: (10.0, 10.0), hero: true)]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "V", name: "Vader", order: Stand, figures: [(id: "darth", profile: "Darth Vader", at: (23.0, 10.0), hero: true)]),
        ]),
    ],
)"#;
    let mut s = session_from(duel, &[]);
    let why = refused(
        &mut s,
        Command::Ready {
            figure: "darth".into(),
            ready: true,
        },
    );
    assert!(why.contains("in its own turn"), "{why}");
    let (luke, vader) = (
        fig(&mut s, "luke").force_points,
        fig(&mut s, "darth").force_points,
    );
    ok(
        &mut s,
        Command::Ready {
            figure: "luke".into(),
            ready: true,
        },
    );
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    while s.phase() == "Movement" {
        ok(&mut s, Command::EndActivation);
    }
    // Shoot/act: Vader (7) first: lightning at Luke, blocked.
    ok(
        &mut s,
        Command::Force {
            figure: "darth".into(),
            power: ForcePower::Lightning {
                target: "luke".into(),
            },
        },
    );
    assert!(
        events(&mut s).contains("Luke Skywalker blocks Darth Vader's Force attack (Block, 2 FP)"),
        "{}",
        events(&mut s)
    );
    assert_eq!(fig(&mut s, "luke").force_points, luke - 2);
    assert_eq!(fig(&mut s, "darth").force_points, vader - 1);
    let l = fig(&mut s, "luke");
    assert!(l.status == Status::Active && !l.ducked_back);
    // Luke stands down in his own activation; next turn the lightning holds him.
    ok(&mut s, Command::EndActivation); // Vader
    ok(
        &mut s,
        Command::Ready {
            figure: "luke".into(),
            ready: false,
        },
    );
    ok(&mut s, Command::EndActivation); // Luke
    assert_eq!((s.state().turn, s.phase()), (2, "Orders".into()));
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    while s.phase() == "Movement" {
        ok(&mut s, Command::EndActivation);
    }
    ok(
        &mut s,
        Command::Force {
            figure: "darth".into(),
            power: ForcePower::Lightning {
                target: "luke".into(),
            },
        },
    );
    assert!(
        events(&mut s).contains("with Force lightning (1 FP): is held"),
        "{}",
        events(&mut s)
    );
}

#[test]
fn lift_carries_up_to_force_level_figures_at_the_users_speed() {
    let mut s = session_from(GUARDS, &[]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndActivation); // F
    ok(&mut s, Command::EndActivation); // E
    let lift = |targets: &[&str], by: (f32, f32)| Command::Force {
        figure: "ben".into(),
        power: ForcePower::Lift {
            targets: targets.iter().map(|t| t.to_string()).collect(),
            by,
        },
    };
    let why = refused(&mut s, lift(&["s1", "s2"], (0.0, 6.0)));
    assert!(
        why.contains("move at users movement speed"),
        "6\" of a 5\" walk: {why}"
    );
    let why = refused(&mut s, lift(&["s2"], (0.0, -2.0)));
    assert!(why.contains("come down on"), "onto s1: {why}");
    let fp = fig(&mut s, "ben").force_points;
    // s1 and s2 carried 2" together: s1 comes down where s2 stood, s2 moving on too.
    ok(&mut s, lift(&["s1", "s2"], (0.0, 2.0)));
    assert_eq!(fig(&mut s, "s1").position, (13.0, 12.0));
    assert_eq!(fig(&mut s, "s2").position, (13.0, 14.0));
    assert_eq!(fig(&mut s, "ben").force_points, fp - 1);
    assert!(
        events(&mut s).contains("lifts Stormtrooper"),
        "{}",
        events(&mut s)
    );
}

/// Darth Vader run by the rules, 13" from Luke and a Rebel trooper a person plays.
const VADER_SOLO: &str = r#"(
    name: "Vader",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "L", name: "Luke", order: Stand, figures: [
                (id: "luke", profile: "Luke Skywalker", at: (10.0, 10.0), hero: true),
                (id: "r1", profile: "Basic trooper", at: (10.0, 14.0)),
            ]),
        ]),
        (id: "empire", name: "Empire", imperial: true, control: Rules, groups: [
            (id: "V", name: "Vader", order: Stand, figures: [(id: "darth", profile: "Darth Vader", at: (23.0, 10.0), hero: true)]),
        ]),
    ],
)"#;

#[test]
fn the_rules_side_uses_the_force_by_the_solo_rules() {
    // Vader is made ready (rule 1) and strikes the nearest enemy he sees with lightning (6).
    let mut s = session_from(VADER_SOLO, &[]);
    s.play_script(Some("[EndPhase, EndActivation]"), "script")
        .unwrap();
    let ev = events(&mut s);
    assert!(ev.contains("Darth Vader is ready to Deflect"), "{ev}");
    assert!(
        ev.contains("Darth Vader strikes Luke Skywalker with Force lightning (1 FP)"),
        "{ev}"
    );
    // At his last Force point he jumps away from the nearest threat instead (rule 2): D6 3.
    let mut s = session_from(
        &VADER_SOLO.replace(
            r#"profile: "Darth Vader","#,
            r#"profile: "Darth Vader", force_points: Some(1),"#,
        ),
        &[3],
    );
    assert_eq!(fig(&mut s, "darth").force_points, 1);
    s.play_script(Some("[EndPhase, EndActivation]"), "script")
        .unwrap();
    let ev = events(&mut s);
    assert!(
        ev.contains("Vader: solo rules for Force users, \"If at 1 Force point, the figure will use the last point\" to Force jump away: Retreat"),
        "{ev}"
    );
    assert!(ev.contains("Darth Vader Force-jumps"), "{ev}");
    assert!(fig(&mut s, "darth").position.0 > 23.0, "away from Luke");
}

#[test]
fn a_ready_light_sabre_user_deflects_a_hero_shot_back_at_the_hero() {
    // Boba Fett (8 at point blank) hero-shoots Luke (defence 8): Equal, D8 8 is a wound. Luke,
    // ready, deflects it back at Boba with his bracketed 8 against Boba's 8: D8 8, a wound.
    let src = r#"(
    name: "Hunter",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "L", name: "Luke", order: Stand, figures: [(id: "luke", profile: "Luke Skywalker", at: (10.0, 10.0), hero: true)]),
        ]),
        (id: "hunters", name: "Hunters", groups: [
            (id: "B", name: "Boba", order: Stand, figures: [(id: "boba", profile: "Boba Fett", at: (15.5, 10.0), hero: true)]),
        ]),
    ],
)"#;
    let mut s = session_from(src, &[8, 8]);
    ok(
        &mut s,
        Command::Ready {
            figure: "luke".into(),
            ready: true,
        },
    );
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    while s.phase() == "Movement" {
        ok(&mut s, Command::EndActivation);
    }
    ok(
        &mut s,
        Command::HeroShot {
            hero: "boba".into(),
            target: "luke".into(),
        },
    );
    let ev = events(&mut s);
    assert!(ev.contains("stopped by the Force"), "{ev}");
    assert_eq!(fig(&mut s, "luke").wounds, 0);
    assert_eq!(fig(&mut s, "boba").wounds, 1, "{ev}");
}

#[test]
fn a_retreating_force_user_of_the_rules_pushes_an_enemy_in_its_way() {
    // An Inquisitor, run by the rules on Retreat orders, falls back from Rebel troopers 4" to
    // the east and finds a trooper 6" to his west in his way: he Pushes it (2D6: 2, 2) on.
    let src = r#"(
    name: "Way out",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Rebels", order: Stand, figures: [
                (id: "r1", profile: "Basic trooper", at: (24.0, 20.0)),
                (id: "r2", profile: "Basic trooper", at: (24.0, 22.0)),
            ]),
            (id: "W", name: "Blocker", order: Stand, figures: [
                (id: "w", name: "Blocker", profile: "Basic trooper", at: (14.0, 20.0)),
            ]),
        ]),
        (id: "empire", name: "Empire", imperial: true, control: Rules, groups: [
            (id: "K", name: "Inquisitor", order: Retreat, figures: [(id: "inq", profile: "Padawan/Inquisitor", at: (20.0, 20.0))]),
        ]),
    ],
)"#;
    let mut s = session_from(src, &[2, 2]);
    s.play_script(Some("[EndPhase, EndActivation, EndActivation]"), "script")
        .unwrap();
    let ev = events(&mut s);
    assert!(
        ev.contains("Padawan/Inquisitor pushes (1 FP, 2D6 4\"): Blocker 4.0\""),
        "{ev}"
    );
    assert!(
        fig(&mut s, "w").position.0 < 17.0,
        "thrown west, out of the way"
    );
}

/// Obi-Wan, run by the rules and starting hidden (the scenario's `hidden: true`), moves on
/// three stormtroopers 2–3" off with an elite trooper among them, and a fourth guard 15" off.
const PAST_GUARDS: &str = r#"(
    name: "Past the guards",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "rebels", name: "Rebels", control: Rules, groups: [
            (id: "O", name: "Obi-Wan", order: Move, figures: [
                (id: "ben", profile: "Obi Wan Kenobi", at: (10.0, 10.0), hidden: true),
            ]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "E", name: "Guards", order: Stand, figures: [
                (id: "s1", name: "Guard 1", profile: "Stormtrooper", at: (13.0, 10.0)),
                (id: "s2", name: "Guard 2", profile: "Stormtrooper", at: (13.0, 12.0)),
                (id: "s3", name: "Guard 3", profile: "Stormtrooper", at: (13.0, 8.0)),
                (id: "s4", name: "Guard 4", profile: "Stormtrooper", at: (14.5, 10.0)),
                (id: "elite", profile: "Elite trooper", at: (12.5, 15.0)),
            ]),
        ]),
    ],
)"#;

/// Dice enough for the close combats Obi-Wan walks into.
const MELEE_DICE: [u8; 8] = [6, 1, 6, 1, 6, 1, 6, 1];

#[test]
fn a_hiding_force_user_of_the_rules_mind_tricks_the_guards_it_gets_past() {
    // Solo rule (5): hidden and moving, Obi-Wan tricks the three nearest stormtroopers within
    // 5" (not the elite trooper: "Basic trooper, Stormtrooper only"), before his group moves.
    let mut s = session_from(PAST_GUARDS, &MELEE_DICE);
    assert!(fig(&mut s, "ben").hidden, "the scenario starts him hidden");
    if let Err(e) = s.play_script(Some("[EndPhase, EndActivation]"), "script") {
        panic!("{e}: {}", events(&mut s));
    }
    let ev = events(&mut s);
    assert!(
        ev.contains("Obi Wan Kenobi uses a Mind trick (1 FP): Guard 1, Guard 2, Guard 3"),
        "{ev}"
    );
    // Seen, he is no longer getting past anyone stealthily: no trick.
    let mut s = session_from(
        &PAST_GUARDS.replace("hidden: true", "hidden: false"),
        &MELEE_DICE,
    );
    if let Err(e) = s.play_script(Some("[EndPhase, EndActivation]"), "script") {
        panic!("{e}: {}", events(&mut s));
    }
    let ev = events(&mut s);
    assert!(!ev.contains("Mind trick"), "{ev}");
    // On Attack orders he charges them: no stealth, no trick.
    let mut s = session_from(
        &PAST_GUARDS.replace("order: Move", "order: Attack"),
        &[[3, 3].as_slice(), &MELEE_DICE].concat(),
    );
    if let Err(e) = s.play_script(Some("[EndPhase, EndActivation]"), "script") {
        panic!("{e}: {}", events(&mut s));
    }
    let ev = events(&mut s);
    assert!(!ev.contains("Mind trick"), "{ev}");
}

#[test]
fn the_rules_force_user_deflects_only_under_at_least_equal_fire() {
    // Solo rules for Force users, "(1): If under fire, from at least equal fire points, they
    // will use Deflect". Three stormtroopers (9 at point blank) on Luke and Rebel 1 (11): less
    // than their own. A person's ready Luke deflects the hit on Rebel 1; the rules' does not.
    let three = UNDER_FIRE.replace(
        r#"(id: "e4", profile: "Stormtrooper", at: (15.5, 12.0)),"#,
        "",
    );
    for (rules, deflects) in [(false, true), (true, false)] {
        let mut s = session_from(&three, &[1, 8, 1, 1, 1, 8]);
        if rules {
            holotable::engine::game::set_rules_sides(s.world_mut(), &["rebels".into()])
                .unwrap_or_else(|e| panic!("{e}"));
        }
        to_imperial_fire(&mut s, &["luke"]);
        ok(
            &mut s,
            Command::Shoot {
                groups: vec!["E".into()],
                targets: vec!["L".into()],
            },
        );
        let ev = events(&mut s);
        assert_eq!(
            ev.contains("Luke Skywalker deflects the shot at Rebel 1"),
            deflects,
            "rules: {rules}\n{ev}"
        );
    }
    // Four stormtroopers (12 against 11): at least equal, and the rules' Luke deflects.
    let mut s = session_from(UNDER_FIRE, &[1, 8, 1, 1, 1, 1, 8]);
    holotable::engine::game::set_rules_sides(s.world_mut(), &["rebels".into()])
        .unwrap_or_else(|e| panic!("{e}"));
    to_imperial_fire(&mut s, &["luke"]);
    ok(
        &mut s,
        Command::Shoot {
            groups: vec!["E".into()],
            targets: vec!["L".into()],
        },
    );
    assert!(events(&mut s).contains("Luke Skywalker deflects the shot at Rebel 1"));
}
