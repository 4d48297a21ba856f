//! Whole turns through the command path, headless, with forced dice.

use crate::common::*;
use holotable::rulesets::tyneside::commands::Command;
use holotable::rulesets::tyneside::components::Status;
use holotable::rulesets::tyneside::rules::orders::Order;

/// Rebels (a trooper pair, Chewbacca with a medic) against stormtroopers, with woods, a wall,
/// a rock and a chasm. Rebels are listed first, so they place orders first.
const FIELD: &str = r#"(
    name: "Test field",
    ruleset: "tyneside",
    random_movement: false,
    terrain: [
        (id: "woods", kind: Woods, shape: Rect(min: (20.0, 0.0), max: (30.0, 10.0)), properties: [Difficult, Cover]),
        (id: "rock", kind: Rocks, shape: Circle(centre: (10.0, 30.0), radius: 3.0), properties: [Impassable, BlocksLineOfSight]),
        (id: "chasm", kind: Chasm, shape: Rect(min: (40.0, 0.0), max: (42.5, 20.0)), properties: [Gap]),
    ],
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "pair", name: "Rebel pair", order: Some(Move), figures: [
                (id: "r1", profile: "Basic trooper", at: (18.0, 5.0)),
                (id: "r2", profile: "Basic trooper", at: (18.0, 7.0)),
            ]),
            (id: "chewie", name: "Chewbacca", order: Some(Move), figures: [
                (id: "chew", profile: "Chewbacca", at: (38.0, 5.0), hero: true),
                (id: "medic", profile: "Basic trooper", at: (38.0, 7.0), abilities: [Medic]),
            ]),
        ]),
        (id: "empire", name: "Empire", groups: [
            (id: "st", name: "Stormtroopers", order: Some(Stand), figures: [
                (id: "s1", profile: "Stormtrooper", at: (60.0, 40.0)),
                (id: "s2", profile: "Stormtrooper", at: (62.0, 40.0)),
            ]),
        ]),
    ],
    turn_limit: Some(3),
)"#;

fn to_movement(s: &mut crate::common::Game) {
    ok(s, Command::EndPhase);
    ok(s, Command::EndPhase);
    assert_eq!(s.phase(), "Movement");
}

#[test]
fn movement_in_ascending_initiative_with_terrain_halving() {
    // Movement order: Stormtroopers (1), Rebel pair (2), Chewbacca's group (4).
    let mut s = session_from(FIELD, &[]);
    to_movement(&mut s);
    let why = refused(
        &mut s,
        Command::Move {
            figure: "r1".into(),
            to: (20.0, 5.0),
        },
    );
    assert!(
        why.contains("activation of Stormtroopers") && why.contains("is in Rebel pair"),
        "{why}"
    );
    ok(&mut s, Command::EndActivation); // Stand: no minimum
    // 2" open then 2" of woods: 2 + 4 = 6" > 5" walk.
    let why = refused(
        &mut s,
        Command::Move {
            figure: "r1".into(),
            to: (22.0, 5.0),
        },
    );
    assert!(why.contains("costs 6.0\""), "{why}");
    assert!(
        why.contains("Halve movement if in difficult terrain"),
        "{why}"
    );
    // 6" over open ground: only the allowance refuses it, so the halving is not quoted.
    let why = refused(
        &mut s,
        Command::Move {
            figure: "r2".into(),
            to: (18.0, 13.0),
        },
    );
    assert!(why.contains("costs 6.0\""), "{why}");
    assert!(
        why.contains("longer than the movement left") && !why.contains("Halve"),
        "{why}"
    );
    ok(
        &mut s,
        Command::Move {
            figure: "r1".into(),
            to: (21.0, 5.0),
        },
    ); // 2 + 2 = 4"
    assert_eq!(fig(&mut s, "r1").position, (21.0, 5.0));
    // Under Move orders each figure must use half its walk before the group ends.
    let why = refused(&mut s, Command::EndActivation);
    assert!(why.contains("at least half speed"), "{why}");
    ok(
        &mut s,
        Command::Move {
            figure: "r2".into(),
            to: (18.0, 10.0),
        },
    );
    ok(&mut s, Command::EndActivation);
}

#[test]
fn run_adds_the_d4_and_cohesion_holds_the_group() {
    let mut s = session_from(FIELD, &[3]);
    to_movement(&mut s);
    ok(&mut s, Command::EndActivation);
    // 6.1" from r2 (5.1" between bases) breaks the 5" cohesion.
    let why = refused(
        &mut s,
        Command::Move {
            figure: "r1".into(),
            to: (14.5, 2.0),
        },
    );
    assert!(why.contains("within 5\""), "{why}");
    // The whole group moves together: 7" needs a run (D4 = 3, so 8").
    let why = refused(
        &mut s,
        Command::MoveGroup {
            group: "pair".into(),
            by: (-7.0, 0.0),
        },
    );
    assert!(why.contains("a run adds D4"), "{why}");
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
            to: (13.0, 7.5),
        },
    );
    let st = s.state();
    assert_eq!(st.dice[0].expr, "D4");
    assert_eq!(st.dice[0].total, 3);
}

#[test]
fn impassable_and_gaps_refuse_and_jumps_roll() {
    let mut s = session_from(FIELD, &[1, 3]);
    to_movement(&mut s);
    ok(&mut s, Command::EndActivation);
    ok(
        &mut s,
        Command::MoveGroup {
            group: "pair".into(),
            by: (-3.0, 0.0),
        },
    );
    ok(&mut s, Command::EndActivation);
    // Chewbacca (walks 7") at x=38: the chasm from 40 to 42.5 needs a jump.
    let why = refused(
        &mut s,
        Command::Move {
            figure: "chew".into(),
            to: (44.0, 5.0),
        },
    );
    assert!(why.contains("gap"), "{why}");
    // D4+1 = 2 falls short of 2.5": he stops at the near edge and his move ends.
    ok(
        &mut s,
        Command::Jump {
            figure: "chew".into(),
            to: (43.0, 5.0),
        },
    );
    let c = fig(&mut s, "chew");
    assert!(
        c.position.0 < 40.0 && c.position.0 > 38.5,
        "{:?}",
        c.position
    );
    // The medic jumps with D4+1 = 4: over.
    ok(
        &mut s,
        Command::Jump {
            figure: "medic".into(),
            to: (42.9, 7.0),
        },
    );
    assert_eq!(fig(&mut s, "medic").position, (42.9, 7.0));
}

#[test]
fn stand_limits_to_two_inches_and_out_of_command_groups_keep_orders() {
    let mut s = session_from(FIELD, &[]);
    // The Rebel pair has no hero within 6": it keeps its order.
    let why = refused(
        &mut s,
        Command::PlaceOrder {
            group: "pair".into(),
            order: Order::Attack,
        },
    );
    assert!(why.contains("out of command"), "{why}");
    ok(
        &mut s,
        Command::PlaceOrder {
            group: "chewie".into(),
            order: Order::Stand,
        },
    );
    let why = refused(
        &mut s,
        Command::PlaceOrder {
            group: "st".into(),
            order: Order::Attack,
        },
    );
    assert!(why.contains("not a group of Rebels"), "{why}");
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndActivation);
    ok(
        &mut s,
        Command::MoveGroup {
            group: "pair".into(),
            by: (-3.0, 0.0),
        },
    );
    ok(&mut s, Command::EndActivation);
    let why = refused(
        &mut s,
        Command::Move {
            figure: "chew".into(),
            to: (35.5, 5.0),
        },
    );
    assert!(why.contains("Stand orders"), "{why}");
    // Beyond the walk's allowance too, the Stand order's 2" is what is said, as the card says
    // it (a walk read `5.0" of its 5.0" left` while the card said `of 2.0"`).
    let why = refused(
        &mut s,
        Command::Move {
            figure: "chew".into(),
            to: (30.0, 5.0),
        },
    );
    assert!(
        why.starts_with("Stand orders: may only move up to 2\""),
        "{why}"
    );
    ok(
        &mut s,
        Command::Move {
            figure: "chew".into(),
            to: (36.0, 5.0),
        },
    );
    let why = refused(
        &mut s,
        Command::Run {
            figure: "chew".into(),
        },
    );
    assert!(why.contains("may not run"), "{why}");
}

#[test]
fn commands_out_of_phase_are_refused_and_change_nothing() {
    let mut s = session_from(FIELD, &[]);
    let before = s.state();
    let why = refused(
        &mut s,
        Command::Move {
            figure: "r1".into(),
            to: (19.0, 5.0),
        },
    );
    assert!(why.contains("not allowed in the Orders phase"), "{why}");
    let why = refused(
        &mut s,
        Command::Shoot {
            groups: vec!["pair".into()],
            targets: vec!["st".into()],
        },
    );
    assert!(why.contains("Orders"), "{why}");
    assert_eq!(s.state().figures, before.figures);
}

/// A close fight: Chewbacca against two stormtroopers; a medic; morale; the end.
const MELEE: &str = r#"(
    name: "Melee",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "chewie", name: "Chewbacca", order: Some(Stand), figures: [
                (id: "chew", profile: "Chewbacca", at: (10.0, 10.0), hero: true),
                (id: "medic", profile: "Basic trooper", at: (10.0, 8.5), abilities: [Medic]),
            ]),
        ]),
        (id: "empire", name: "Empire", groups: [
            (id: "st", name: "Stormtroopers", order: Some(Stand), figures: [
                (id: "s1", profile: "Stormtrooper", at: (11.5, 10.8)),
                (id: "s2", profile: "Stormtrooper", at: (11.5, 9.2)),
            ]),
        ]),
    ],
)"#;

#[test]
fn other_melee_against_two_with_the_highest_die() {
    // Shoot/act order: Chewbacca's group (4) first. One D6 per figure in board order: chew 2,
    // medic 6, s1 5, s2 1. Chewie (9+2=11) fights both troopers, so each of them counts the
    // highest die among Chewie's opponents (5): 1+5=6, losing by 5 — killed. The medic is
    // within 1" of s2 too: 2+6=8 against 1+5=6 (s2 also faces two), another loss for s2.
    let mut s = session_from(MELEE, &[2, 6, 5, 1]);
    to_movement(&mut s);
    ok(&mut s, Command::EndActivation);
    ok(&mut s, Command::EndActivation);
    assert_eq!(s.phase(), "Action");
    let why = refused(&mut s, Command::EndActivation);
    assert!(why.contains("must fight first"), "{why}");
    ok(
        &mut s,
        Command::Fight {
            group: "chewie".into(),
        },
    );
    assert_eq!(fig(&mut s, "s1").status, Status::Killed);
    assert_eq!(fig(&mut s, "s2").status, Status::Killed);
    // The chart's result told once: `killed`, not `killed — is killed`.
    let log = &s.world().resource::<holotable::engine::record::GameLog>().0;
    let lost: Vec<&str> = log
        .iter()
        .map(|e| e.text.as_str())
        .filter(|t| t.contains("loses the melee"))
        .collect();
    assert!(
        lost.len() >= 2 && lost.iter().all(|t| t.ends_with(": killed")),
        "{lost:?}"
    );
    // The Empire has no figure left: Rebels win at once.
    let st = s.state();
    assert_eq!(s.phase(), "GameOver");
    assert_eq!(st.result.unwrap().winner, Some(0));
}

const MEDIC: &str = r#"(
    name: "Medic",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "pair", name: "Rebel pair", order: Some(Stand), figures: [
                (id: "medic", profile: "Basic trooper", at: (10.0, 10.0), abilities: [Medic]),
                (id: "r1", profile: "Basic trooper", at: (10.0, 11.2)),
            ]),
        ]),
        (id: "empire", name: "Empire", groups: [
            (id: "elite", name: "Elite troopers", order: Some(Stand), figures: [
                (id: "e1", profile: "Elite trooper", at: (8.0, 21.0)),
                (id: "e2", profile: "Elite trooper", at: (10.0, 21.0)),
                (id: "e3", profile: "Elite trooper", at: (12.0, 21.0)),
            ]),
        ]),
    ],
)"#;

#[test]
fn fire_fight_wounds_and_a_stationary_medic_heals_on_five_or_six() {
    // Elite troopers (initiative 3) act first: 9 FP at medium range against the pair's 4 —
    // the pair dices on Worse (medic 1: nothing; r1 6: wounded), the elites on Twice (1s).
    // Then the medic treats r1: 5 heals.
    let mut s = session_from(MEDIC, &[1, 6, 1, 1, 1, 5]);
    to_movement(&mut s);
    ok(&mut s, Command::EndActivation);
    ok(&mut s, Command::EndActivation);
    assert_eq!(s.phase(), "Action");
    ok(
        &mut s,
        Command::Shoot {
            groups: vec!["elite".into()],
            targets: vec!["pair".into()],
        },
    );
    let ev = events(&mut s);
    assert!(ev.contains("Rebel pair: 4.0 against 9.0 — Worse"), "{ev}");
    assert!(
        ev.contains("Elite troopers: 9.0 against 4.0 — Twice"),
        "{ev}"
    );
    assert_eq!(fig(&mut s, "r1").wounds, 1);
    let why = refused(
        &mut s,
        Command::Heal {
            medic: "r1".into(),
            patient: "medic".into(),
        },
    );
    assert!(why.contains("not a medic"), "{why}");
    ok(
        &mut s,
        Command::Heal {
            medic: "medic".into(),
            patient: "r1".into(),
        },
    );
    assert_eq!(fig(&mut s, "r1").wounds, 0);
    let why = refused(
        &mut s,
        Command::Heal {
            medic: "medic".into(),
            patient: "r1".into(),
        },
    );
    assert!(
        why.contains("not another wounded figure") || why.contains("already treated"),
        "{why}"
    );
}

#[test]
fn determinism_same_seed_same_game() {
    let play = |seed: u64| {
        let mut s = seeded_session("shooting_example", seed);
        let script = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/scripts/shooting_example.ron"
        ))
        .unwrap();
        for c in holotable::engine::pipeline::parse_script::<Command>(&script, "s").unwrap() {
            s.send(c);
        }
        // Turn 2: everyone stands and shoots again where they can.
        for _ in 0..2 {
            s.send(Command::EndPhase);
        }
        for _ in 0..12 {
            s.send(Command::EndActivation);
        }
        serde_json::to_string(&s.state()).unwrap()
    };
    let a = play(42);
    assert_eq!(a, play(42));
    assert_ne!(a, play(43), "a different seed gives a different game");
}

#[test]
fn a_figure_hemmed_in_is_not_held_to_half_speed() {
    // A lone trooper on Retreat at the left edge, enemies above, below and in front: every
    // legal direction ends nearer an enemy, so it may end its activation standing.
    let src = |with_above: bool| {
        format!(
            r#"(
    name: "Hemmed in",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "r", name: "Trooper", order: Retreat, figures: [(id: "r1", profile: "Basic trooper", at: (0.6, 24.0))]),
        ]),
        (id: "empire", name: "Empire", groups: [
            (id: "front", name: "Front", order: Stand, figures: [(id: "s1", profile: "Stormtrooper", at: (20.0, 24.0))]),
            (id: "below", name: "Below", order: Stand, figures: [(id: "s2", profile: "Stormtrooper", at: (0.6, 17.0))]),
            {}
        ]),
    ],
)"#,
            if with_above {
                r#"(id: "above", name: "Above", order: Stand, figures: [(id: "s3", profile: "Stormtrooper", at: (0.6, 31.0))]),"#
            } else {
                ""
            }
        )
    };
    let mut s = session_from(&src(true), &[]);
    to_movement(&mut s);
    while end_until_ours(&mut s) {}
    ok(&mut s, Command::EndActivation);
    // With the way up open, the minimum holds.
    let mut s = session_from(&src(false), &[]);
    to_movement(&mut s);
    while end_until_ours(&mut s) {}
    let why = refused(&mut s, Command::EndActivation);
    assert!(why.contains("at least half speed"), "{why}");
}

/// Ends one Empire (Stand) activation if the trooper's group is not yet active; returns
/// whether it did.
fn end_until_ours(s: &mut crate::common::Game) -> bool {
    let active = s
        .app
        .world()
        .resource::<holotable::rulesets::tyneside::turn::TurnState>()
        .active_group()
        .map(str::to_string);
    if active.as_deref() == Some("r") {
        return false;
    }
    ok(s, Command::EndActivation);
    true
}

#[test]
fn hero_shot_compares_one_figure_with_another() {
    // Shooting example, turn 1: Han (6 at point blank) shoots Stormtrooper A1 (3 at point
    // blank): A1 dices on "Half enemies total"; a 6 wounds.
    let mut s = session("shooting_example", &[6]);
    to_movement(&mut s);
    for _ in 0..5 {
        ok(&mut s, Command::EndActivation);
    }
    ok(&mut s, Command::EndActivation); // Obi-Wan (8) acts first
    let why = refused(
        &mut s,
        Command::HeroShot {
            hero: "x1".into(),
            target: "a1".into(),
        },
    );
    assert!(why.contains("not a hero"), "{why}");
    ok(
        &mut s,
        Command::HeroShot {
            hero: "hansolo".into(),
            target: "a1".into(),
        },
    );
    assert_eq!(fig(&mut s, "a1").wounds, 1);
    assert!(
        events(&mut s)
            .contains("Han Solo shoots Stormtrooper A1: 3.0 against 6.0, Half enemies total; D8 6")
    );
    let why = refused(
        &mut s,
        Command::HeroShot {
            hero: "hansolo".into(),
            target: "a2".into(),
        },
    );
    assert!(why.contains("not fired this turn"), "{why}");
    let why = refused(
        &mut s,
        Command::HeroShot {
            hero: "hansolo".into(),
            target: "b1".into(),
        },
    );
    assert!(
        why.contains("not fired this turn") || why.contains("cannot see"),
        "{why}"
    );
}

#[test]
fn light_sabre_duel_six_against_one_costs_eight_force_points() {
    let src = r#"(
    name: "Duel",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "light", name: "Jedi", groups: [(id: "ben", name: "Ben", order: Stand, figures: [(id: "obiwan", profile: "Obi Wan Kenobi", at: (10.0, 10.0), hero: true)])]),
        (id: "dark", name: "Sith", groups: [(id: "vader", name: "Vader", order: Stand, figures: [(id: "darth", profile: "Darth Vader", at: (11.5, 10.0), hero: true)])]),
    ],
)"#;
    // Obi-Wan (initiative 8) acts first: 6 against Vader's 1.
    let mut s = session_from(src, &[6, 1, 2, 5]);
    to_movement(&mut s);
    ok(&mut s, Command::EndActivation);
    ok(&mut s, Command::EndActivation);
    ok(
        &mut s,
        Command::Fight {
            group: "ben".into(),
        },
    );
    assert_eq!(fig(&mut s, "darth").force_points, 14 - 8);
    assert_eq!(fig(&mut s, "darth").status, Status::Active);
    assert_eq!(fig(&mut s, "obiwan").force_points, 14);
    // Both have fought this turn: no second duel until next turn.
    let why = refused(
        &mut s,
        Command::Fight {
            group: "ben".into(),
        },
    );
    assert!(why.contains("not fought this turn"), "{why}");
    ok(&mut s, Command::EndActivation);
    // Vader fought in that duel too, so he may end his activation; turn 2 begins.
    ok(&mut s, Command::EndActivation);
    assert_eq!((s.state().turn, s.phase().as_str()), (2, "Orders"));
}

#[test]
fn heroes_leave_and_join_groups_and_groups_merge_within_limits() {
    let mut s = session("lothal_ambush", &[]);
    ok(
        &mut s,
        Command::LeaveGroup {
            hero: "kanan".into(),
        },
    );
    assert_eq!(fig(&mut s, "kanan").group, "kanan-alone");
    ok(
        &mut s,
        Command::PlaceOrder {
            group: "kanan-alone".into(),
            order: Order::Advance,
        },
    );
    ok(
        &mut s,
        Command::JoinGroup {
            hero: "kanan".into(),
            group: "ghost".into(),
        },
    );
    assert_eq!(fig(&mut s, "kanan").group, "ghost");
    assert!(
        !s.state().groups.iter().any(|(g, _)| g == "kanan-alone"),
        "the empty group is gone"
    );
    let why = refused(
        &mut s,
        Command::JoinGroup {
            hero: "fifth".into(),
            group: "ghost".into(),
        },
    );
    assert!(why.contains("not one of Ghost crew's heroes"), "{why}");
    ok(&mut s, Command::EndPhase);
    // The Empire: the Inquisitors (2) and the patrol (5) may not merge: 7 > 5 at game start.
    let why = refused(
        &mut s,
        Command::MergeGroups {
            group: "inquisitors".into(),
            into: "patrol".into(),
        },
    );
    assert!(why.contains("not larger than at game start"), "{why}");
}

#[test]
fn the_game_record_replays_to_the_same_state() {
    use holotable::engine::dice::Randomness;
    use holotable::engine::record::GameRecord;
    let mut first = crate::common::seeded_session("shooting_example", 9);
    let script = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scripts/shooting_example.ron"
    ))
    .unwrap();
    for c in holotable::engine::pipeline::parse_script::<Command>(&script, "s").unwrap() {
        ok(&mut first, c);
    }
    first.send(Command::MoveGroup {
        group: "A".into(),
        by: (1.0, 0.0),
    }); // refused: not recorded
    let record = first.app.world().resource::<GameRecord<Command>>().clone();
    assert_eq!(
        record.commands.len(),
        11,
        "refused commands are not recorded"
    );
    // Replay: the recorded commands with the recorded faces as forced dice.
    let faces: Vec<u8> = record
        .commands
        .iter()
        .flat_map(|c| c.dice.iter().flat_map(|r| r.faces.clone()))
        .collect();
    assert_eq!(faces.len(), 16);
    let mut again = crate::common::Game::start(
        &crate::common::loaded("shooting_example"),
        Randomness::forced(faces, []),
    )
    .unwrap();
    for c in &record.commands {
        ok(&mut again, c.command.clone());
    }
    let (a, b) = (first.state(), again.state());
    assert_eq!(a.figures, b.figures);
    assert_eq!(
        a.dice.iter().map(|d| d.total).collect::<Vec<_>>(),
        b.dice.iter().map(|d| d.total).collect::<Vec<_>>()
    );
    let hashes = |r: &GameRecord<Command>| r.commands.iter().map(|c| c.hash).collect::<Vec<_>>();
    assert_eq!(
        hashes(&record),
        hashes(again.record()),
        "the same game leaves the same state hash after every command"
    );
}

/// The worked example saved to a file, as `holotable run --save` writes it.
fn saved_example(dir: &std::path::Path) -> (crate::common::Game, std::path::PathBuf) {
    use holotable::engine::session::Headless;
    let mut s = session(
        "shooting_example",
        &[8, 7, 6, 4, 1, 8, 5, 1, 7, 7, 7, 7, 7, 7, 8, 8],
    );
    let script = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scripts/shooting_example.ron"
    ))
    .unwrap();
    s.play_script(Some(&script), "s").unwrap();
    let path = dir.join("saves").join("example.ron");
    s.save(&path).unwrap();
    (s, path)
}

#[test]
fn a_saved_game_resumes_where_it_was() {
    use holotable::engine::record::GameRecord;
    use holotable::engine::save;
    let dir = std::env::temp_dir().join(format!("holotable-save-{}", std::process::id()));
    let (mut s, path) = saved_example(&dir);
    assert!(
        !path.with_extension("ron.partial").exists(),
        "no temporary file is left"
    );
    let text = save::read(&path).unwrap();
    let record: GameRecord<Command> = save::parse(&text, &path).unwrap();
    let mut again = crate::common::Game::replay(&record).unwrap();
    assert_eq!(again.state().figures, s.state().figures);
    assert_eq!(again.state().turn, 2);
    assert_eq!(again.record().commands, record.commands);
    // A file that is not a save says where and what.
    std::fs::write(dir.join("junk.ron"), "(scenario_file: 3)").unwrap();
    let err = save::read_header("(scenario_file: 3)", &dir.join("junk.ron")).unwrap_err();
    assert!(
        err.contains("junk.ron:1:") && err.contains("not a Holotable save"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_tampered_save_stops_at_the_command_whose_die_was_changed() {
    use holotable::engine::record::GameRecord;
    use holotable::engine::replay::ResumeError;
    use holotable::engine::save;
    let dir = std::env::temp_dir().join(format!("holotable-tamper-{}", std::process::id()));
    let (_, path) = saved_example(&dir);
    let text = save::read(&path).unwrap();
    let mut record: GameRecord<Command> = save::parse(&text, &path).unwrap();
    // The fire fight is the 11th command; its first roll is Rebels (X)'s D8, an 8. Make it 1.
    let shoot = record.commands.len();
    assert!(matches!(
        record.commands[shoot - 1].command,
        Command::Shoot { .. }
    ));
    assert_eq!(record.commands[shoot - 1].dice[0].faces, vec![8]);
    record.commands[shoot - 1].dice[0].faces = vec![1];
    match crate::common::Game::replay(&record) {
        Err(ResumeError::Diverged(d)) => {
            assert_eq!((d.index, d.total), (shoot, shoot));
            assert!(d.command.starts_with("Shoot"), "{d}");
            // The recorded total (8) no longer follows from the face: the dice differ.
            assert!(d.what.contains("the dice differ"), "{d}");
        }
        Err(e) => panic!("wrong error: {e}"),
        Ok(_) => panic!("a tampered save replayed"),
    }
    // A command that is no longer legal stops the replay at that command, refused.
    let mut record: GameRecord<Command> = save::parse(&text, &path).unwrap();
    record.commands[0].command = Command::EndActivation;
    match crate::common::Game::replay(&record) {
        Err(ResumeError::Diverged(d)) => {
            assert_eq!(d.index, 1);
            assert!(
                d.what
                    .starts_with("refused on replay: not allowed in the Orders phase"),
                "{d}"
            );
        }
        other => panic!("{:?}", other.err()),
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn hidden_figures_are_unseen_beyond_six_inches() {
    let mut s = session("shooting_example", &[]);
    to_movement(&mut s);
    ok(&mut s, Command::EndActivation); // A
    ok(&mut s, Command::EndActivation); // B
    for x in ["x1", "x2", "x3", "x4", "x5"] {
        ok(&mut s, Command::Hide { figure: x.into() });
    }
    assert!(fig(&mut s, "x1").hidden);
    ok(&mut s, Command::EndActivation); // X (Stand: no minimum)
    ok(&mut s, Command::EndActivation); // Han
    ok(&mut s, Command::EndActivation); // Obi-Wan
    for _ in 0..3 {
        ok(&mut s, Command::EndActivation); // Obi-Wan, Han, X act first
    }
    // A (12" from X) and B (9") cannot see the hidden Rebels at all.
    let why = refused(
        &mut s,
        Command::Shoot {
            groups: vec!["A".into(), "B".into()],
            targets: vec!["X".into()],
        },
    );
    assert!(why.contains("can shoot at those targets"), "{why}");
}
