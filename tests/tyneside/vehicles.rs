//! Vehicles (tyneside-skirmish.txt, Movement, Vehicle rules, Engaging vehicles): walkers turn
//! 45° per half move and retire 6", jet bikes turn at half speed, chin guns fire at the
//! nearest group in a 3" radius ignoring armour, heavy weapons, magnetic explosives and light
//! sabres destroy walkers. Forced dice make every outcome exact.

use crate::common::*;
use holotable::rulesets::tyneside::commands::Command;
use holotable::rulesets::tyneside::components::Status;

/// An AT-ST at (10, 20) facing +x (group W) and a jet bike at (10, 40) (group B) against the
/// Rebels' group R of `rebels`; `orders` for R, W and B.
fn field(rebels: &str, [rebel_order, walker_order, bike_order]: [&str; 3]) -> String {
    format!(
        r#"(
    name: "Walker",
    ruleset: "tyneside",
    random_movement: false,
    table: (72.0, 48.0),
    sides: [
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "W", name: "Walker", order: {walker_order}, figures: [
                (id: "atst", profile: "AT-ST", at: (10.0, 20.0), base: 1.25),
            ]),
            (id: "B", name: "Bike", order: {bike_order}, figures: [
                (id: "bike", profile: "Jet bike", at: (10.0, 40.0), base: 0.75),
            ]),
        ]),
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Rebel troopers", order: {rebel_order}, figures: [{rebels}]),
        ]),
    ],
)"#
    )
}

const TROOPERS: &str = r#"
    (id: "r1", profile: "Basic trooper", at: (17.0, 20.0), armour: Some(true)),
    (id: "r2", profile: "Basic trooper", at: (17.0, 22.5)),
    (id: "r3", profile: "Basic trooper", at: (17.0, 26.0)),"#;

fn mv(figure: &str, x: f32, y: f32) -> Command {
    Command::Move {
        figure: figure.into(),
        to: (x, y),
    }
}

/// Both sides' orders, then to the first movement activation.
fn to_movement(s: &mut Game) {
    ok(s, Command::EndPhase);
    ok(s, Command::EndPhase);
    assert_eq!(s.phase(), "Movement");
}

#[test]
fn a_walker_turns_45_degrees_in_each_half_of_its_move_and_never_runs() {
    let far = r#"(id: "r1", profile: "Basic trooper", at: (70.0, 2.0)),"#;
    let mut s = session_from(&field(far, ["Stand", "Move", "Stand"]), &[]);
    to_movement(&mut s);
    let why = refused(
        &mut s,
        Command::Run {
            figure: "atst".into(),
        },
    );
    assert!(why.contains("does not run"), "{why}");
    // 45° to the left in the first half: allowed.
    ok(&mut s, mv("atst", 13.0, 23.0));
    // Another 45° in the same half (4.2" of 12 used): refused.
    let why = refused(&mut s, mv("atst", 13.0, 24.5));
    assert!(why.contains("45 degrees during each half"), "{why}");
    // Straight on past half way, then the second half's 45°.
    ok(&mut s, mv("atst", 15.0, 25.0));
    ok(&mut s, mv("atst", 15.0, 28.0));
    let f = fig(&mut s, "atst");
    assert_eq!(f.position, (15.0, 28.0));
    assert!(
        (f.facing - 90.0).abs() < 0.1,
        "faces up the table now: {}",
        f.facing
    );
    // 4.24 + 2.83 + 3 = 10.1" used of 12: 2" more is over.
    let why = refused(&mut s, mv("atst", 15.0, 30.0));
    assert!(why.contains("12\""), "{why}");
}

#[test]
fn a_walker_retires_backwards_at_six_inches_and_keeps_its_face() {
    let far = r#"(id: "r1", profile: "Basic trooper", at: (70.0, 2.0)),"#;
    let mut s = session_from(&field(far, ["Stand", "Move", "Stand"]), &[]);
    to_movement(&mut s);
    let why = refused(&mut s, mv("atst", 3.0, 20.0));
    assert!(why.contains("Retreat backwards at 6"), "7\" back: {why}");
    ok(&mut s, mv("atst", 4.0, 20.0));
    let f = fig(&mut s, "atst");
    assert!(f.facing.abs() < 0.1, "still faces +x: {}", f.facing);
    let why = refused(&mut s, mv("atst", 3.5, 20.0));
    assert!(
        why.contains("6\""),
        "a retiring walker is done at 6\": {why}"
    );
}

#[test]
fn a_walker_moves_at_the_speed_of_the_infantry_with_it() {
    let src = field(
        r#"(id: "r1", profile: "Basic trooper", at: (70.0, 2.0)),"#,
        ["Stand", "Move", "Stand"],
    )
    .replace(
        r#"(id: "atst", profile: "AT-ST", at: (10.0, 20.0), base: 1.25),"#,
        r#"(id: "atst", profile: "AT-ST", at: (10.0, 20.0), base: 1.25),
                (id: "st", profile: "Stormtrooper", at: (10.0, 23.0)),"#,
    );
    let mut s = session_from(&src, &[]);
    to_movement(&mut s);
    let why = refused(
        &mut s,
        Command::MoveGroup {
            group: "W".into(),
            by: (6.0, 0.0),
        },
    );
    assert!(why.contains("speed of any infantry"), "{why}");
    ok(
        &mut s,
        Command::MoveGroup {
            group: "W".into(),
            by: (5.0, 0.0),
        },
    );
}

#[test]
fn a_jet_bike_moves_at_half_speed_in_a_quarter_it_turns_and_then_cannot_shoot() {
    let mut s = session_from(&field(TROOPERS, ["Stand", "Stand", "Move"]), &[]);
    to_movement(&mut s);
    ok(&mut s, Command::EndActivation); // the walker stands
    // The bike: 45° right for 3" (its first quarter at half speed), then 18" straight: 24".
    let d = std::f32::consts::FRAC_1_SQRT_2 * 3.0;
    ok(&mut s, mv("bike", 10.0 + d, 40.0 - d));
    let (x, y) = (
        10.0 + d + 18.0 * std::f32::consts::FRAC_1_SQRT_2,
        40.0 - d - 18.0 * std::f32::consts::FRAC_1_SQRT_2,
    );
    ok(&mut s, mv("bike", x, y));
    let why = refused(&mut s, mv("bike", x + 0.5, y - 0.5));
    assert!(why.contains("24\""), "{why}");
    ok(&mut s, Command::EndActivation);
    ok(&mut s, Command::EndActivation);
    assert_eq!(s.phase(), "Action");
    ok(&mut s, Command::EndActivation); // the Rebels (initiative 2) act first
    ok(&mut s, Command::EndActivation); // the walker
    let why = refused(
        &mut s,
        Command::Shoot {
            groups: vec!["B".into()],
            targets: vec!["R".into()],
        },
    );
    assert!(
        why.contains("can shoot at those targets"),
        "a bike that turned: {why}"
    );
}

#[test]
fn chin_guns_hit_the_nearest_group_within_3_inches_ignoring_armour_and_the_walker_never_dices() {
    // r1 is nearest (5.25" edge to edge: point blank, 12); r2 is 1.5" from r1, r3 5" from it.
    // The Rebels' own total is 9: "Less than" row. D8s: r1 7 (W, armour ignored), r2 8 (K).
    let mut s = session_from(&field(TROOPERS, ["Stand"; 3]), &[7, 8]);
    to_movement(&mut s);
    while s.phase() == "Movement" {
        ok(&mut s, Command::EndActivation);
    }
    let why = refused(
        &mut s,
        Command::Shoot {
            groups: vec!["R".into()],
            targets: vec!["W".into()],
        },
    );
    assert!(why.contains("Only Heavy lasers"), "{why}");
    ok(&mut s, Command::EndActivation);
    ok(
        &mut s,
        Command::Shoot {
            groups: vec!["W".into()],
            targets: vec!["R".into()],
        },
    );
    let r1 = fig(&mut s, "r1");
    assert_eq!(
        (r1.wounds, r1.status),
        (1, Status::Active),
        "W stands: armour ignored"
    );
    assert_eq!(fig(&mut s, "r2").status, Status::Killed);
    let r3 = fig(&mut s, "r3");
    assert!(
        r3.wounds == 0 && !r3.ducked_back,
        "r3 is outside the 3\" radius"
    );
    assert_eq!(fig(&mut s, "atst").status, Status::Active);
    assert!(
        events(&mut s).contains("Rebel troopers: 9.0 against 12.0"),
        "{}",
        events(&mut s)
    );
}

#[test]
fn heavy_weapons_destroy_walkers_on_5_3_2_plus_by_band_and_one_more_at_the_rear() {
    // r1 with a missile launcher 5.25" from the walker: point blank, 2+. A 1 fails; the next
    // turn's 2 destroys it.
    let rebels = r#"
    (id: "r1", profile: "Basic trooper", at: (17.0, 20.0), weapon: Some("Missile launcher")),
    (id: "r2", profile: "Basic trooper", at: (17.0, 22.5)),"#;
    let mut s = session_from(&field(rebels, ["Stand"; 3]), &[1]);
    to_movement(&mut s);
    while s.phase() == "Movement" {
        ok(&mut s, Command::EndActivation);
    }
    let why = refused(
        &mut s,
        Command::FireAtVehicle {
            figure: "r2".into(),
            vehicle: "atst".into(),
        },
    );
    assert!(
        why.contains("carries none"),
        "a blaster cannot hurt it: {why}"
    );
    ok(
        &mut s,
        Command::FireAtVehicle {
            figure: "r1".into(),
            vehicle: "atst".into(),
        },
    );
    assert_eq!(fig(&mut s, "atst").status, Status::Active, "1 on 2+ fails");
    let why = refused(
        &mut s,
        Command::FireAtVehicle {
            figure: "r1".into(),
            vehicle: "atst".into(),
        },
    );
    assert!(why.contains("fired this turn"), "{why}");
    assert!(
        events(&mut s).contains("point blank): D6 1 -> no effect"),
        "{}",
        events(&mut s)
    );
    // From behind at 25": long range, 5+; a 4 with +1 at the rear destroys.
    let behind = r#"
    (id: "r1", profile: "Basic trooper", at: (5.0, 20.0), weapon: Some("Missile launcher")),"#;
    let src =
        field(behind, ["Stand"; 3]).replace("(10.0, 20.0), base: 1.25", "(30.0, 20.0), base: 1.25");
    let mut s = session_from(&src, &[4]);
    to_movement(&mut s);
    while s.phase() == "Movement" {
        ok(&mut s, Command::EndActivation);
    }
    let why = refused(
        &mut s,
        Command::FireAtVehicle {
            figure: "r1".into(),
            vehicle: "bike".into(),
        },
    );
    assert!(why.contains("not an armoured vehicle"), "{why}");
    ok(
        &mut s,
        Command::FireAtVehicle {
            figure: "r1".into(),
            vehicle: "atst".into(),
        },
    );
    assert_eq!(
        fig(&mut s, "atst").status,
        Status::Killed,
        "4 +1 rear on 5+"
    );
}

#[test]
fn a_magnetic_explosive_wrecks_the_walker_next_turn_and_kills_within_2_inches() {
    // r2 5.25" from the walker's base throws a 2: it misses. r1 1.75" away throws a 3: it
    // sticks. Next turn it goes off: the walker is wrecked and r1 (within 2") dies with it.
    let rebels = r#"
    (id: "r1", profile: "Basic trooper", at: (13.5, 20.0)),
    (id: "r2", profile: "Basic trooper", at: (17.0, 20.0)),"#;
    let mut s = session_from(&field(rebels, ["Stand"; 3]), &[2, 3]);
    to_movement(&mut s);
    while s.phase() == "Movement" {
        ok(&mut s, Command::EndActivation);
    }
    let why = refused(
        &mut s,
        Command::Explosive {
            figure: "r1".into(),
            vehicle: "bike".into(),
        },
    );
    assert!(why.contains("within 6"), "the bike is 20\" away: {why}");
    ok(
        &mut s,
        Command::Explosive {
            figure: "r2".into(),
            vehicle: "atst".into(),
        },
    );
    assert!(events(&mut s).contains("misses"), "{}", events(&mut s));
    ok(
        &mut s,
        Command::Explosive {
            figure: "r1".into(),
            vehicle: "atst".into(),
        },
    );
    assert_eq!(
        fig(&mut s, "atst").status,
        Status::Active,
        "not until next turn"
    );
    while s.phase() == "Action" {
        ok(&mut s, Command::EndActivation);
    }
    assert_eq!(s.state().turn, 2);
    assert_eq!(fig(&mut s, "atst").status, Status::Killed);
    assert_eq!(fig(&mut s, "r1").status, Status::Killed, "within 2\"");
    assert_eq!(fig(&mut s, "r2").status, Status::Active);
}

#[test]
fn a_light_sabre_in_base_contact_cuts_a_walker_or_a_jet_bike_down() {
    // "If using a light sabre, a figure only needs to be in contact with a vehicles base to
    // engage it"; "Light Sabre attacks cut a leg off, or damage a critical area, destroying
    // it": a walker, and a jet bike as much.
    for (at, vehicle, name) in [
        ("(11.75, 20.0)", "atst", "AT-ST"),
        ("(11.25, 40.0)", "bike", "Jet bike"),
    ] {
        let luke = format!(
            r#"
    (id: "luke", profile: "Luke Skywalker", at: {at}, hero: true),"#
        );
        let mut s = session_from(&field(&luke, ["Stand"; 3]), &[]);
        to_movement(&mut s);
        while s.phase() == "Movement" {
            ok(&mut s, Command::EndActivation);
        }
        ok(&mut s, Command::Fight { group: "R".into() });
        assert_eq!(fig(&mut s, vehicle).status, Status::Killed);
        assert!(
            events(&mut s).contains(&format!("cuts {name} down")),
            "{}",
            events(&mut s)
        );
    }
}

#[test]
fn a_walker_on_retreat_orders_goes_backwards_only() {
    let far = r#"(id: "r1", profile: "Basic trooper", at: (70.0, 2.0)),"#;
    let mut s = session_from(&field(far, ["Stand", "Retreat", "Stand"]), &[]);
    to_movement(&mut s);
    let why = refused(&mut s, mv("atst", 14.0, 20.0));
    assert!(why.contains("Retreat backwards at 6"), "forwards: {why}");
    ok(&mut s, mv("atst", 5.0, 20.0));
    assert!(fig(&mut s, "atst").facing.abs() < 0.1, "it keeps its face");
}
