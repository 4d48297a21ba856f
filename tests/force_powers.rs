//! Jedi powers (tyneside-skirmish.txt, section 8) beyond those in rules_review.rs: Mind trick.
//! Forced dice make every outcome exact.

mod common;

use common::*;
use holotable::rulesets::tyneside::commands::Command;
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
        events(&mut s).contains("lowest initiative first: F, E, O"),
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
    // Obi-Wan walks past s1 within 1" (no close combat with a controlled figure).
    ok(
        &mut s,
        Command::Move {
            figure: "ben".into(),
            to: (13.0, 11.0),
        },
    );
    ok(&mut s, Command::EndActivation);
    assert_eq!(s.phase(), "Action");
    // Shoot/act: no close combat with the tricked guards he touches.
    let why = refused(&mut s, Command::Fight { group: "O".into() });
    assert!(why.contains("no figure of 'O'"), "{why}");
    // Obi-Wan (8) first, then E: of the guards only the elite trooper, not
    // tricked, counts its firepower (5 at point blank) against Obi-Wan's defence 9; the
    // tricked three add nothing.
    ok(&mut s, Command::EndActivation);
    ok(
        &mut s,
        Command::Shoot {
            groups: vec!["E".into()],
            targets: vec!["O".into()],
        },
    );
    assert!(
        events(&mut s).contains("O: 9.0 against 5.0"),
        "{}",
        events(&mut s)
    );
    // Next turn the trick is over: Obi-Wan, touching s1 and s2, is in close combat again.
    while s.phase() != "Orders" {
        ok(&mut s, Command::EndActivation);
    }
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    while s.phase() == "Movement" {
        ok(&mut s, Command::EndActivation);
    }
    ok(&mut s, Command::Fight { group: "O".into() });
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
    assert_eq!(f.position, (25.0, 10.0));
    ok(&mut s, Command::EndActivation);
    ok(&mut s, Command::EndActivation); // E
    let why = refused(
        &mut s,
        Command::Shoot {
            groups: vec!["F".into()],
            targets: vec!["O".into()],
        },
    );
    assert!(why.contains("no figure of 'F' can shoot"), "{why}");
}
