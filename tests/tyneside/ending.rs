//! What ending an activation throws away (issue 30: "a command that throws away activations or
//! actions asks first"): the shell asks before an End that loses a group's shots, and only
//! then. The figures that could still shoot are [`Board::could_still_shoot`]'s, those that could
//! still use the Force [`Board::could_still_use_the_force`]'s.

use bevy::ecs::system::SystemState;
use holotable::engine::pipeline::CommandOutcome;
use holotable::rulesets::tyneside::board::{Board, GameView};
use holotable::rulesets::tyneside::commands::Command;
use holotable::rulesets::tyneside::rules::force::ForcePower;

use crate::common::*;

/// Two stormtroopers and two Rebel troopers 6" apart in the open, and a droid with no
/// firepower beside the Rebels.
const SKIRMISH: &str = r#"(
    name: "Skirmish",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "empire", name: "Empire", groups: [
            (id: "E", name: "Stormtroopers", order: Stand, figures: [
                (id: "e1", profile: "Stormtrooper", at: (10.0, 10.0)),
                (id: "e2", profile: "Stormtrooper", at: (10.0, 12.0)),
            ]),
        ]),
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Rebel troopers", order: Stand, figures: [
                (id: "r1", profile: "Basic trooper", at: (16.0, 10.0)),
                (id: "r2", profile: "Basic trooper", at: (16.0, 12.0)),
            ]),
            (id: "droids", name: "Droids", order: Stand, figures: [
                (id: "c3po", profile: "C3PO", at: (17.0, 16.0)),
            ]),
        ]),
    ],
)"#;

/// Both sides' orders as the scenario gives them, every group's movement ended: the
/// Shoot/Act phase begins.
fn to_shoot_act(s: &mut Game) {
    ok(s, Command::EndPhase);
    ok(s, Command::EndPhase);
    while s.phase() == "Movement" {
        ok(s, Command::EndActivation);
    }
}

/// The ids of the figures `which` picks from the board now.
fn ids(s: &mut Game, which: impl Fn(&Board) -> Vec<usize>) -> Vec<String> {
    let world = s.app.world_mut();
    let mut state = SystemState::<GameView>::new(world);
    let view = state.get(world).expect("the game's resources are there");
    let board = view.board().expect("a game is on");
    which(&board)
        .into_iter()
        .map(|i| board.figs[i].figure.id.clone())
        .collect()
}

/// The ids of the figures of `group` that could still shoot now.
fn could_still_shoot(s: &mut Game, group: &str) -> Vec<String> {
    ids(s, |b| b.could_still_shoot(group))
}

/// The ids of the figures of `group` that could still use the Force now.
fn could_still_use_the_force(s: &mut Game, group: &str) -> Vec<String> {
    ids(s, |b| b.could_still_use_the_force(group))
}

#[test]
fn ending_with_a_force_action_left_loses_it_and_one_used_up_loses_nothing() {
    let src = SKIRMISH.replace(
        r#"            (id: "droids", name: "Droids""#,
        r#"            (id: "jedi", name: "Luke", order: Stand, figures: [
                (id: "ben", profile: "Luke Skywalker", at: (30.0, 30.0), hero: true),
            ]),
            (id: "droids", name: "Droids""#,
    );
    let mut s = session_from(&src, &[1, 1, 1, 1, 1, 1, 1, 1]);
    to_shoot_act(&mut s);
    assert_eq!(could_still_use_the_force(&mut s, "jedi"), ["ben"]);
    assert!(
        could_still_use_the_force(&mut s, "R").is_empty(),
        "no Force user"
    );
    // Luke (12 Force points) has one Force action an activation: once it is used, ending
    // his activation loses nothing.
    let seeing = || Command::Force {
        figure: "ben".into(),
        power: ForcePower::Seeing,
    };
    for _ in 0..6 {
        match s.send(seeing()) {
            CommandOutcome::Accepted(_) => {
                assert!(could_still_use_the_force(&mut s, "jedi").is_empty());
                return;
            }
            CommandOutcome::Refused(_, why) => {
                assert!(why.contains("own group's activation"), "{why}");
                ok(&mut s, Command::EndActivation);
            }
        }
    }
    panic!("Luke's group never came to act");
}

#[test]
fn ending_with_shots_left_loses_them_and_a_group_that_shot_loses_nothing() {
    let mut s = session_from(SKIRMISH, &[1, 1, 1, 1, 1, 1, 1, 1]);
    to_shoot_act(&mut s);
    assert_eq!(s.phase(), "Action");
    assert_eq!(could_still_shoot(&mut s, "R"), ["r1", "r2"]);
    assert_eq!(could_still_shoot(&mut s, "E"), ["e1", "e2"]);
    assert!(
        could_still_shoot(&mut s, "droids").is_empty(),
        "C3PO has no firepower: ending its activation loses nothing"
    );
    // R (initiative 2) acts first and shoots at E; E returns fire in the same fight.
    ok(
        &mut s,
        Command::Shoot {
            groups: vec!["R".into()],
            targets: vec!["E".into()],
        },
    );
    assert!(could_still_shoot(&mut s, "R").is_empty(), "R has fired");
    assert!(
        could_still_shoot(&mut s, "E").is_empty(),
        "E fired back: each figure fires once a turn"
    );
}

#[test]
fn a_figure_in_close_combat_could_not_shoot_so_ending_loses_nothing() {
    // Luke in base contact with e1: he fights; his group has nothing to lose by ending.
    let src = SKIRMISH.replace(
        r#"            (id: "droids", name: "Droids""#,
        r#"            (id: "luke", name: "Luke", order: Stand, figures: [
                (id: "luke", profile: "Basic trooper", at: (10.9, 10.0)),
            ]),
            (id: "droids", name: "Droids""#,
    );
    let mut s = session_from(&src, &[1, 1, 1, 1, 1, 1, 1, 1]);
    to_shoot_act(&mut s);
    assert!(
        could_still_shoot(&mut s, "luke").is_empty(),
        "in close combat: he fights instead"
    );
    assert_eq!(could_still_shoot(&mut s, "R"), ["r1", "r2"]);
    // When his turn to act comes, Shoot is refused for close combat, said as such.
    for _ in 0..6 {
        let why = refused(
            &mut s,
            Command::Shoot {
                groups: vec!["luke".into()],
                targets: vec!["E".into()],
            },
        );
        if why.contains("can shoot at those targets") {
            assert!(why.contains("every figure is in close combat"), "{why}");
            return;
        }
        ok(&mut s, Command::EndActivation);
    }
    panic!("Luke's group never came to act");
}
