//! Figures that fly (tyneside-skirmish.txt, Droids and Additional Character statistics): R2D2
//! "May fly at 24" per turn", Boba Fett "May fly as Jedi force jump". Forced dice.

use crate::common::*;
use holotable::rulesets::tyneside::commands::Command;

/// R2D2 (group R) and Boba Fett (group B) west of a building 10" wide; Rebel troopers far off.
const FLYERS: &str = r#"(
    name: "Flyers",
    ruleset: "tyneside",
    random_movement: false,
    terrain: [
        (id: "block", kind: Building, shape: Rect(min: (15.0, 0.0), max: (25.0, 30.0)),
         properties: [BlocksLineOfSight, Building, Impassable]),
    ],
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "R2", order: Move, figures: [(id: "r2", profile: "R2D2", at: (10.0, 10.0))]),
        ]),
        (id: "hunters", name: "Hunters", groups: [
            (id: "B", name: "Boba", order: Move, figures: [(id: "boba", profile: "Boba Fett", at: (10.0, 20.0), hero: true)]),
            (id: "X", name: "Far away", order: Stand, figures: [(id: "x", profile: "Stormtrooper", at: (70.0, 46.0))]),
        ]),
    ],
)"#;

fn fly(figure: &str, x: f32, y: f32) -> Command {
    Command::Fly {
        figure: figure.into(),
        to: (x, y),
    }
}

#[test]
fn r2d2_flies_up_to_24_inches_over_a_building_and_others_cannot_fly() {
    let mut s = session_from(FLYERS, &[2]);
    ok(&mut s, Command::EndPhase);
    ok(&mut s, Command::EndPhase);
    // Movement, lowest initiative first: X (1), then R2 and Boba (7 each, scenario order).
    ok(&mut s, Command::EndActivation);
    let why = refused(&mut s, fly("x", 60.0, 46.0));
    assert!(
        why.contains("activation") || why.contains("cannot fly"),
        "{why}"
    );
    let why = refused(&mut s, fly("r2", 35.0, 10.0));
    assert!(why.contains("May fly at 24\" per turn"), "25\": {why}");
    ok(&mut s, fly("r2", 30.0, 10.0));
    assert_eq!(
        fig(&mut s, "r2").position,
        (30.0, 10.0),
        "over the building"
    );
    let why = refused(
        &mut s,
        Command::Move {
            figure: "r2".into(),
            to: (31.0, 10.0),
        },
    );
    assert!(why.contains("left"), "the flight was its whole move: {why}");
    ok(&mut s, Command::EndActivation);
    // Boba's jet pack: 12 x D6 2 = 24"; he wants 30" and comes down 24" along the line.
    ok(&mut s, fly("boba", 40.0, 20.0));
    assert_eq!(fig(&mut s, "boba").position, (34.0, 20.0));
    assert!(
        events(&mut s).contains("Boba Fett flies 24.0\" on his jet pack of the 30.0\" wanted"),
        "{}",
        events(&mut s)
    );
}
