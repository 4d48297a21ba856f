//! Solo play: the sides the rules run take their orders from the Random movement table and
//! carry them out through the same command path as a person.

use crate::common::*;
use holotable::engine::session::Headless;

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

/// Stormtroopers the rules run, under `order` (kept: no Random movement table), 30" from
/// Rebel troopers a person plays.
fn under_orders(order: &str) -> String {
    format!(
        r#"(
    name: "Orders",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "empire", name: "Empire", imperial: true, control: Rules, groups: [
            (id: "E", name: "Stormtroopers", order: Some({order}), figures: [
                (id: "e1", profile: "Stormtrooper", at: (40.0, 20.0)),
                (id: "e2", profile: "Stormtrooper", at: (40.0, 22.0)),
            ]),
        ]),
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Rebel troopers", order: Some(Stand), figures: [
                (id: "r1", profile: "Basic trooper", at: (10.0, 20.0)),
                (id: "r2", profile: "Basic trooper", at: (10.0, 22.0)),
            ]),
        ]),
    ],
)"#
    )
}

#[test]
fn the_rules_side_obeys_each_order() {
    use holotable::engine::dice::Randomness;
    // Each order: what the Stormtroopers' 5" walk (a D4 more when running) must do, by the
    // Orders table of tyneside-skirmish.txt. `dx` is how far each moved along the table
    // (negative: towards the Rebels at x = 10), `moved` how far in all.
    type Check = fn(f32, f32) -> bool;
    let orders: [(&str, Check, &str); 6] = [
        (
            "Attack",
            |dx, _| dx < -5.0,
            "\"Must move at run towards … the nearest enemy groups\"",
        ),
        (
            "Advance",
            |dx, _| (-5.0 - 1e-3..=-2.5 + 1e-3).contains(&dx),
            "\"Must move directly Half–full speed… towards an objective or enemy group\"",
        ),
        (
            "Move",
            |_, moved| moved >= 2.5 - 1e-3,
            "\"Must move at least Half speed in any direction\"",
        ),
        (
            "Stand",
            |_, moved| moved <= 2.0 + 1e-3,
            "\"May only move up to 2\"\"",
        ),
        (
            "Retreat",
            |dx, moved| dx > 0.0 && moved >= 2.5 - 1e-3,
            "\"Must move at least half speed away from any enemy\"",
        ),
        (
            "Rout",
            |dx, _| dx > 0.0,
            "\"Run away from nearest enemy and end move further from all enemies\"",
        ),
    ];
    for (order, obeys, rule) in orders {
        let mut s = Game::start(&loaded_from(&under_orders(order)), Randomness::seeded(3))
            .unwrap_or_else(|e| panic!("{e:?}"));
        // The person: the Rebels' orders, then their movement; the rules move the Empire.
        s.play_script(Some("[EndPhase, EndActivation]"), "script")
            .unwrap_or_else(|e| panic!("{order}: {e}"));
        for (id, y) in [("e1", 20.0), ("e2", 22.0)] {
            let at = fig(&mut s, id).position;
            let (dx, moved) = (
                at.0 - 40.0,
                ((at.0 - 40.0).powi(2) + (at.1 - y).powi(2)).sqrt(),
            );
            assert!(
                obeys(dx, moved),
                "{order}: {id} went from (40, {y}) to {at:?} — {rule}"
            );
        }
    }
}

/// Stormtroopers the rules run, alone (no friends within 12") and 18" from a Rebel jet bike (an
/// enemy vehicle within 24"), out of cover: the table scores them +1 − 1 − 1 = −1, "Stand if
/// in cover, or Retreat towards nearest cover further from the nearest visible enemy". Woods
/// lie to the south-west, farther from the bike; a crate nearer them is nearer the bike too.
const SHAKEN_IN_THE_OPEN: &str = r#"(
    name: "Into cover",
    ruleset: "tyneside",
    terrain: [
        (id: "woods", kind: Woods, shape: Rect(min: (18.0, 4.0), max: (26.0, 9.0)), properties: [Cover]),
        (id: "crate", kind: Crates, shape: Rect(min: (36.0, 14.0), max: (38.0, 16.0)), properties: [Cover]),
    ],
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "B", name: "Bike", order: Some(Stand), figures: [
                (id: "bike", profile: "Jet bike", at: (50.0, 20.0), base: 0.75, facing: 180.0),
            ]),
        ]),
        (id: "empire", name: "Empire", imperial: true, control: Rules, groups: [
            (id: "E", name: "Stormtroopers", order: Some(Stand), figures: [
                (id: "e1", profile: "Stormtrooper", at: (30.0, 20.0)),
                (id: "e2", profile: "Stormtrooper", at: (32.0, 20.0)),
            ]),
        ]),
    ],
)"#;

#[test]
fn the_rules_retreat_towards_the_nearest_cover_further_from_the_nearest_visible_enemy() {
    use holotable::engine::dice::Randomness;
    let mut s = Game::start(&loaded_from(SHAKEN_IN_THE_OPEN), Randomness::seeded(5))
        .unwrap_or_else(|e| panic!("{e:?}"));
    let ev = events(&mut s);
    assert!(
        ev.contains("Random movement, Stormtroopers: Under fire from less than half own numbers, or not under fire at all +1, No other friends within 12\" -1, Enemy vehicle within 24\" -1 = -1 -> Stand if in cover, or Retreat towards nearest cover further from the nearest visible enemy: Retreat"),
        "{ev}"
    );
    until_e_has_moved(&mut s);
    let ev = events(&mut s);
    for (id, x) in [("e1", 30.0), ("e2", 32.0)] {
        let at = fig(&mut s, id).position;
        // Towards the woods (south-west), not straight away from the bike (due west).
        assert!(at.1 < 18.5 && at.0 < x, "{id} at {at:?}:\n{ev}");
    }
}

/// Stormtroopers the rules run on Advance, not under fire, an officer 8" off: the table scores
/// them +1 + 1 + 1 = 3, "Advance towards objective, or nearest enemy". The objective lies
/// north; a Rebel trooper they see stands east.
const ADVANCE_ON_THE_OBJECTIVE: &str = r#"(
    name: "The objective first",
    ruleset: "tyneside",
    objectives: [(id: "obj", name: "Console", at: (30.0, 40.0))],
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Rebel", order: Some(Stand), figures: [
                (id: "r1", profile: "Basic trooper", at: (50.0, 20.0)),
            ]),
        ]),
        (id: "empire", name: "Empire", imperial: true, control: Rules, groups: [
            (id: "E", name: "Stormtroopers", order: Some(Advance), figures: [
                (id: "e1", profile: "Stormtrooper", at: (30.0, 20.0)),
                (id: "e2", profile: "Stormtrooper", at: (32.0, 20.0)),
            ]),
            (id: "O", name: "Officer", order: Some(Stand), figures: [
                (id: "o1", profile: "Imperial officer", at: (31.0, 12.0)),
            ]),
        ]),
    ],
)"#;

#[test]
fn the_rules_advance_on_the_objective_first_at_three_or_four() {
    use holotable::engine::dice::Randomness;
    let mut s = Game::start(
        &loaded_from(ADVANCE_ON_THE_OBJECTIVE),
        Randomness::seeded(5),
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    let ev = events(&mut s);
    assert!(
        ev.contains("Random movement, Stormtroopers: Under fire from less than half own numbers, or not under fire at all +1, Advancing +1, Per Hero/Officer within 12\" +1 = 3 -> Advance towards objective, or nearest enemy: Advance"),
        "{ev}"
    );
    until_e_has_moved(&mut s);
    let ev = events(&mut s);
    for (id, x) in [("e1", 30.0), ("e2", 32.0)] {
        let at = fig(&mut s, id).position;
        // North to the objective, not east to the Rebel they see.
        assert!(
            at.1 > 22.0 && (at.0 - x).abs() < 1.5,
            "{id} at {at:?}:\n{ev}"
        );
    }
}

/// Plays the person's part (ending orders and activations) until the rules' group E has moved.
fn until_e_has_moved(s: &mut Game) {
    for _ in 0..4 {
        if events(s).contains("Stormtroopers ends its movement") {
            break;
        }
        let c = if s.phase() == "Orders" {
            "EndPhase"
        } else {
            "EndActivation"
        };
        s.play_script(Some(&format!("[{c}]")), "script")
            .unwrap_or_else(|e| panic!("{e}\n{}", events(s)));
    }
    assert!(
        events(s).contains("Stormtroopers ends its movement"),
        "{}",
        events(s)
    );
}

/// Two groups of stormtroopers the rules run, both nearest to two Rebel troopers 8" away.
const TWO_GROUPS: &str = r#"(
    name: "Two groups",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "empire", name: "Empire", imperial: true, control: Rules, groups: [
            (id: "E1", name: "First squad", order: Stand, figures: [
                (id: "e1", profile: "Stormtrooper", at: (20.0, 22.0)),
                (id: "e2", profile: "Stormtrooper", at: (20.0, 24.0)),
            ]),
            (id: "E2", name: "Second squad", order: Stand, figures: [
                (id: "e3", profile: "Stormtrooper", at: (20.0, 26.0)),
                (id: "e4", profile: "Stormtrooper", at: (20.0, 28.0)),
            ]),
        ]),
        (id: "rebels", name: "Rebels", groups: [
            (id: "R", name: "Rebel troopers", order: Stand, figures: [
                (id: "r1", profile: "Basic trooper", at: (12.0, 24.0)),
                (id: "r2", profile: "Basic trooper", at: (12.0, 26.0)),
            ]),
        ]),
    ],
)"#;

#[test]
fn the_rules_groups_combine_their_fire_at_the_group_both_would_shoot() {
    // Play sequence: "Shooting, etc, can be delayed to allow groups to combine their
    // fire/movement": E2 would shoot at R too, so it joins E1's fire fight.
    let mut s = session_from(TWO_GROUPS, &[1; 12]);
    // The person: orders, R's movement, R's Shoot/act (R acts first: initiative 2).
    s.play_script(Some("[EndPhase, EndActivation, EndActivation]"), "script")
        .unwrap();
    let ev = events(&mut s);
    let fights: Vec<&str> = ev
        .lines()
        .filter(|l| l.contains("Rebel troopers: ") && l.contains(" against "))
        .collect();
    assert_eq!(fights.len(), 1, "one fire fight at Rebel troopers:\n{ev}");
    // Four stormtroopers' firepower (2 each at medium range) against R, not two's.
    assert!(
        fights[0].contains("Rebel troopers: 6.0 against 8.0"),
        "{ev}"
    );
    assert!(!ev.contains("Second squad ends its activation"), "{ev}");
}
