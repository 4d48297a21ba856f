//! Solo play: the sides the rules run take their orders from the Random movement table and
//! carry them out through the same command path as a person.

mod common;

use common::*;
use holotable::engine::ruleset::Headless;

#[test]
fn every_bundled_scenario_plays_to_a_result_with_both_sides_run_by_the_rules() {
    for (name, _) in holotable::rulesets::tyneside::BUNDLED {
        for seed in 1..=10 {
            let mut s = seeded_session(name, seed);
            s.set_rules_sides(&["all".into()]).unwrap();
            s.play_script(None, "")
                .unwrap_or_else(|e| panic!("{name} (seed {seed}): {e}"));
            assert_eq!(s.phase(), "GameOver", "{name} (seed {seed})");
            assert!(s.state().result.is_some());
        }
    }
}

/// Stormtroopers with their officer, run by the rules, 40" from Rebel troopers a person plays.
const ADVANCE: &str = r#"(
    name: "Advance",
    ruleset: "tyneside",
    sides: [
        (id: "empire", name: "Empire", imperial: true, control: Rules, groups: [
            (id: "E", name: "Stormtroopers", figures: [
                (id: "e1", profile: "Stormtrooper", at: (50.0, 20.0)),
                (id: "e2", profile: "Stormtrooper", at: (50.0, 22.0)),
                (id: "officer", profile: "Imperial officer", at: (52.0, 21.0)),
            ]),
        ]),
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Rebel troopers", figures: [
                (id: "r1", profile: "Basic trooper", at: (10.0, 20.0)),
                (id: "r2", profile: "Basic trooper", at: (10.0, 22.0)),
            ]),
        ]),
    ],
)"#;

#[test]
fn the_rules_side_carries_out_the_tables_order() {
    let mut s = session_from(ADVANCE, &[]);
    // The person plays the Rebels: orders, then R's movement; the rules play the rest.
    s.play_script(Some("[EndPhase, EndActivation]"), "script")
        .unwrap();
    let ev = events(&mut s);
    // Not under fire +1, no other friends -1, the officer +1 = 1, in the open: Advance.
    assert!(
        ev.contains("Random movement, Stormtroopers:")
            && ev.contains("= 1 -> Stand in cover, or Advance: Advance"),
        "{ev}"
    );
    // Advance: "Must move directly Half–full speed… towards an objective or enemy group".
    for id in ["e1", "e2", "officer"] {
        let f = fig(&mut s, id);
        let start = if id == "officer" { 52.0 } else { 50.0 };
        assert!(
            f.position.0 <= start - 2.5 + 1e-3,
            "{id} advanced at least half speed towards the Rebels: {:?}",
            f.position
        );
    }
    // The person's turn has come round again (R's Shoot/Act): the rules wait for it.
    assert_eq!(s.phase(), "Action");
}

#[test]
fn a_thousand_seeded_games_of_each_solo_scenario_end_with_a_result() {
    let solo: Vec<&str> = holotable::rulesets::tyneside::BUNDLED
        .iter()
        .filter(|(_, src)| src.contains("control: Rules"))
        .map(|(name, _)| *name)
        .collect();
    assert!(!solo.is_empty(), "a solo scenario is bundled");
    for name in solo {
        for seed in 1..=1000 {
            let mut s = seeded_session(name, seed);
            s.set_rules_sides(&["all".into()]).unwrap();
            s.play_script(None, "")
                .unwrap_or_else(|e| panic!("{name} (seed {seed}): {e}"));
            assert_eq!(s.phase(), "GameOver", "{name} (seed {seed})");
        }
    }
}

#[test]
fn battle_droids_simply_advance_and_a_nexu_attacks() {
    let src = r#"(
    name: "Droids",
    ruleset: "tyneside",
    sides: [
        (id: "cis", name: "Separatists", groups: [
            (id: "D", name: "Battle droids", figures: [
                (id: "d1", profile: "Battle Droid", at: (50.0, 20.0)),
                (id: "d2", profile: "Battle Droid", at: (50.0, 22.0)),
            ]),
            (id: "N", name: "Nexu", figures: [(id: "nexu", profile: "Nexu", at: (50.0, 30.0))]),
        ]),
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Rebel troopers", figures: [
                (id: "r1", profile: "Basic trooper", at: (10.0, 20.0)),
                (id: "r2", profile: "Basic trooper", at: (10.0, 22.0)),
            ]),
        ]),
    ],
)"#;
    let mut s = session_from(src, &[]);
    let ev = events(&mut s);
    assert!(
        ev.contains(
            "Battle droids: \"These should simply advance towards the nearest enemy\": Advance"
        ),
        "{ev}"
    );
    assert!(
        ev.contains("Nexu: \"Attacks nearest creature\": Attack"),
        "{ev}"
    );
    use holotable::rulesets::tyneside::rules::orders::Order;
    let order = |s: &mut Game, g: &str| {
        s.state()
            .groups
            .into_iter()
            .find(|(id, _)| id == g)
            .and_then(|(_, o)| o)
    };
    assert_eq!(order(&mut s, "D"), Some(Order::Advance));
    assert_eq!(order(&mut s, "N"), Some(Order::Attack));
}

#[test]
fn a_solo_game_with_reinforcements_replays_command_for_command() {
    for seed in [3, 7] {
        let mut s = seeded_session("outpost_raid", seed);
        s.set_rules_sides(&["all".into()]).unwrap();
        s.play_script(None, "").unwrap();
        let record = s.record().clone();
        assert!(
            events(&mut s).contains("Enemy force generation") || seed != 7,
            "seed 7 brings reinforcements on"
        );
        let mut again = Game::replay(&record).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(again.state().figures, s.state().figures);
        assert_eq!(again.phase(), "GameOver");
    }
}
