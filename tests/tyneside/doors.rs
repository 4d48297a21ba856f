//! Doors (tyneside-skirmish.txt): a Tech works one "on a 6 (D6) if stationary and in contact",
//! the Force's Activate works one at a distance, an explosive blows one open the turn after
//! (killing within 2"), a light sabre cuts a hole in one in a stationary turn. Forced dice.

use crate::common::*;
use holotable::engine::session::Headless;
use holotable::rulesets::tyneside::commands::Command;
use holotable::rulesets::tyneside::components::Status;
use holotable::rulesets::tyneside::rules::force::ForcePower;

/// A shut door (x 20–20.5, y 0–10) in a wall (the Rebels' order replaces ORDER); R2D2 and Luke touch it, a Rebel trooper stands
/// 4.5" from it; a stormtrooper waits beyond.
const CORRIDOR: &str = r#"(
    name: "Corridor",
    ruleset: "tyneside",
    random_movement: false,
    table: (48.0, 32.0),
    terrain: [
        (id: "door", kind: Door, shape: Rect(min: (20.0, 0.0), max: (20.5, 10.0)),
         properties: [Impassable, BlocksLineOfSight]),
        (id: "wall", kind: Wall, shape: Rect(min: (20.0, 10.0), max: (20.5, 32.0)),
         properties: [Impassable, BlocksLineOfSight]),
    ],
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Rebels", order: ORDER, figures: [
                (id: "r2", profile: "R2D2", at: (19.45, 3.0)),
                (id: "luke", profile: "Luke Skywalker", at: (19.45, 7.0), hero: true),
                (id: "r1", profile: "Basic trooper", at: (15.0, 5.0)),
            ]),
        ]),
        (id: "empire", name: "Empire", imperial: true, groups: [
            (id: "E", name: "Guard", order: Stand, figures: [(id: "e1", profile: "Stormtrooper", at: (40.0, 25.0))]),
        ]),
    ],
)"#;

fn through(s: &mut Game) -> Result<(), String> {
    let c = Command::Move {
        figure: "r2".into(),
        to: (21.1, 3.0),
    };
    match s.send(c) {
        holotable::engine::pipeline::CommandOutcome::Accepted(_) => Ok(()),
        holotable::engine::pipeline::CommandOutcome::Refused(_, why) => Err(why),
    }
}

/// To the Rebels' movement activation (the guard, initiative 1, moves first).
fn to_rebel_movement(s: &mut Game) {
    ok(s, Command::EndPhase);
    ok(s, Command::EndPhase);
    ok(s, Command::EndActivation); // E
}

#[test]
fn a_tech_in_contact_opens_a_door_on_a_six() {
    let mut s = session_from(&CORRIDOR.replace("ORDER", "Stand"), &[5, 6]);
    to_rebel_movement(&mut s);
    assert!(through(&mut s).is_err(), "the shut door blocks the way");
    ok(&mut s, Command::EndActivation);
    let access = Command::Access {
        figure: "r2".into(),
        door: "door".into(),
    };
    let why = refused(
        &mut s,
        Command::Access {
            figure: "r1".into(),
            door: "door".into(),
        },
    );
    assert!(why.contains("only a Tech"), "{why}");
    ok(&mut s, access.clone());
    assert!(events(&mut s).contains("fails to work door"), "a 5");
    let why = refused(&mut s, access.clone());
    assert!(why.contains("already acted"), "{why}");
    // Next turn: a 6 opens it, and R2D2 goes through the turn after.
    while s.phase() != "Orders" {
        ok(&mut s, Command::EndActivation);
    }
    to_rebel_movement(&mut s);
    ok(&mut s, Command::EndActivation);
    ok(&mut s, access);
    assert!(events(&mut s).contains("R2D2 opens door (Tech, D6 6)"));
    while s.phase() != "Orders" {
        ok(&mut s, Command::EndActivation);
    }
    to_rebel_movement(&mut s);
    through(&mut s).expect("the open door lets R2D2 through");
}

#[test]
fn the_force_activates_a_door_and_a_light_sabre_cuts_one_open() {
    let mut s = session_from(&CORRIDOR.replace("ORDER", "Stand"), &[]);
    to_rebel_movement(&mut s);
    let activate = Command::Force {
        figure: "luke".into(),
        power: ForcePower::Activate {
            door: "door".into(),
        },
    };
    ok(&mut s, activate.clone());
    assert!(events(&mut s).contains("uses Activate (1 FP): door opens"));
    ok(&mut s, Command::EndActivation);
    // Shoot/act: another action shuts it again.
    ok(&mut s, activate);
    assert!(events(&mut s).contains("door shuts"));
    // Luke, stationary and touching it, cuts a hole: open at the end of the turn, for good.
    let mut s = session_from(&CORRIDOR.replace("ORDER", "Stand"), &[]);
    to_rebel_movement(&mut s);
    ok(&mut s, Command::EndActivation);
    ok(
        &mut s,
        Command::Cut {
            figure: "luke".into(),
            surface: "door".into(),
        },
    );
    while s.phase() != "Orders" {
        ok(&mut s, Command::EndActivation);
    }
    assert!(events(&mut s).contains("has cut through door: it stands open"));
    to_rebel_movement(&mut s);
    through(&mut s).expect("the cut door lets R2D2 through");
}

/// The trooper, 4.5" away, throws a 5 at the door: it sticks, and goes off at the start of
/// the next turn with R2D2 and Luke touching the door. `scenario` is CORRIDOR on Move orders.
fn blow_the_door(scenario: &str) -> Game {
    let mut s = session_from(scenario, &[5, 4]);
    to_rebel_movement(&mut s);
    // Move orders: the group walks 2.5" along the door, still touching it.
    ok(
        &mut s,
        Command::MoveGroup {
            group: "R".into(),
            by: (0.0, 2.5),
        },
    );
    ok(&mut s, Command::EndActivation);
    ok(
        &mut s,
        Command::Demolish {
            figure: "r1".into(),
            door: "door".into(),
        },
    );
    assert!(events(&mut s).contains("explosive sticks to door (D6 5)"));
    while s.phase() != "Orders" {
        ok(&mut s, Command::EndActivation);
    }
    s
}

#[test]
fn an_explosive_blows_a_door_open_next_turn_and_kills_within_2_inches() {
    // The door stands open, and R2D2 and Luke, touching it, are caught (Luke, a hero,
    // disabled).
    let mut s = blow_the_door(&CORRIDOR.replace("ORDER", "Move"));
    assert_eq!(fig(&mut s, "r2").status, Status::Killed);
    assert_eq!(fig(&mut s, "luke").status, Status::Disabled);
    assert_eq!(fig(&mut s, "r1").status, Status::Active, "4.5\" away");
    assert!(events(&mut s).contains("The explosive on door goes off"));
    // The trooper runs (D4 4) through where the door stood.
    to_rebel_movement(&mut s);
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
            to: (22.0, 7.5),
        },
    );
}

#[test]
fn a_scenario_rule_lets_heroes_be_killed() {
    // "Heroes are never killed, just Disabled, unless a scenario rule allows this": with
    // `heroes_can_die`, the blast that disables Luke above kills him.
    let src = CORRIDOR.replace("ORDER", "Move").replace(
        "random_movement: false,",
        "random_movement: false, heroes_can_die: true,",
    );
    let mut s = blow_the_door(&src);
    assert_eq!(
        fig(&mut s, "luke").status,
        Status::Killed,
        "{}",
        events(&mut s)
    );
    assert!(events(&mut s).contains("Luke Skywalker is killed"));
}

#[test]
fn a_light_sabre_cuts_a_gap_in_a_wall_to_walk_through() {
    // "Figures using Light Sabres may cut a hole in any surface … in 1 stationary turn": Luke,
    // touching the corridor's wall at y 12, cuts a 1.5" gap there; next turn he walks
    // through it, while the wall still stands 2" further along.
    let src = CORRIDOR
        .replace("ORDER", "Stand")
        .replace("at: (19.45, 3.0)", "at: (19.45, 8.5)")
        .replace("at: (19.45, 7.0)", "at: (19.45, 12.0)")
        .replace("at: (15.0, 5.0)", "at: (16.0, 8.0)");
    let mut s = session_from(&src, &[]);
    to_rebel_movement(&mut s);
    ok(&mut s, Command::EndActivation);
    let why = refused(
        &mut s,
        Command::Cut {
            figure: "r1".into(),
            surface: "wall".into(),
        },
    );
    assert!(why.contains("no light sabre"), "{why}");
    ok(
        &mut s,
        Command::Cut {
            figure: "luke".into(),
            surface: "wall".into(),
        },
    );
    while s.phase() != "Orders" {
        ok(&mut s, Command::EndActivation);
    }
    assert!(
        events(&mut s)
            .contains("Luke Skywalker has cut through wall: a gap 1.5\" wide stands open"),
        "{}",
        events(&mut s)
    );
    to_rebel_movement(&mut s);
    let why = refused(
        &mut s,
        Command::Move {
            figure: "luke".into(),
            to: (21.1, 14.5),
        },
    );
    assert!(
        why.contains("wall"),
        "the wall still stands beside the gap: {why}"
    );
    ok(
        &mut s,
        Command::Move {
            figure: "luke".into(),
            to: (21.1, 12.0),
        },
    );
}

#[test]
fn the_rules_side_works_a_shut_door_it_touches() {
    // A guard with Tech, run by the rules and standing at the door, has nobody to shoot at
    // (the shut door hides the Rebels): he works it, and opens it on the 6.
    let src = CORRIDOR
        .replace("ORDER", "Stand")
        .replace(
            r#"(id: "empire", name: "Empire", imperial: true, groups: ["#,
            r#"(id: "empire", name: "Empire", imperial: true, control: Rules, groups: ["#,
        )
        .replace(
            r#"(id: "e1", profile: "Stormtrooper", at: (40.0, 25.0))"#,
            r#"(id: "e1", profile: "Stormtrooper", at: (21.05, 5.0), abilities: [Tech])"#,
        );
    let script = Some("[EndPhase, EndActivation, EndActivation]");
    let mut s = session_from(&src, &[6]);
    s.play_script(script, "script").unwrap();
    let ev = events(&mut s);
    assert!(ev.contains("Stormtrooper opens door (Tech, D6 6)"), "{ev}");
    // A guard with no Tech nor light sabre leaves it shut.
    let mut s = session_from(&src.replace(", abilities: [Tech]", ""), &[6]);
    s.play_script(script, "script").unwrap();
    assert!(!events(&mut s).contains("works door"), "{}", events(&mut s));
    assert!(!events(&mut s).contains("opens door"), "{}", events(&mut s));
}
