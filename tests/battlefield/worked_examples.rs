//! The battlefield text's worked examples, each played through `holotable run` with forced
//! dice (imperial-alliance-battlefield.txt), and `holotable check` on broken maps and
//! scenarios.

use crate::common::holotable;

/// Plays `script` on `scenario` with `dice` and returns the final state as JSON.
fn run(scenario: &str, script: &str, dice: &str) -> serde_json::Value {
    let (code, out, err) = holotable(&[
        "run",
        scenario,
        "--commands",
        script,
        "--dice",
        dice,
        "--json",
    ]);
    assert_eq!(code, 0, "{err}\n{out}");
    serde_json::from_str(&out).expect("JSON")
}

fn events(s: &serde_json::Value) -> Vec<String> {
    s["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e.as_str().unwrap_or_default().to_string())
        .collect()
}

fn has(events: &[String], want: &str) -> bool {
    events.iter().any(|e| e.contains(want))
}

fn unit<'a>(s: &'a serde_json::Value, id: &str) -> &'a serde_json::Value {
    s["units"]
        .as_array()
        .expect("units")
        .iter()
        .find(|u| u["id"] == id)
        .expect("unit")
}

const SHOOTING: &str = "tests/battlefield/shooting.ron";
const SHOOTING_DICE: &str = "3,4,4,4,4,4,4,4,4,8,4,4,8,3,2,1,1,1,1";

#[test]
fn the_worked_shooting_movement_and_close_combat_examples() {
    let s = run(
        SHOOTING,
        "tests/battlefield/shooting_script.ron",
        SHOOTING_DICE,
    );
    let ev = events(&s);
    // Impulses: "If he rolls a 3, he adds 2 for a total of 5 units activated."
    assert!(
        has(&ev, "Impulse 1: Galactic Empire may activate 5 units"),
        "{ev:#?}"
    );
    // Movement into close combat: 1 + 2 movement points, 4 against 5, the Stormtrooper removed.
    assert!(
        has(&ev, "Stormtrooper moves to (2, 4) (3 movement points)"),
        "{ev:#?}"
    );
    assert!(
        has(
            &ev,
            "Close combat: Stormtrooper 1d8 = 4 against Mon Calamari 1 1d4+1 = 5"
        ),
        "{ev:#?}"
    );
    assert_eq!(unit(&s, "st1")["alive"], false);
    // The hill example: the knoll's AT-ST sees the Calamari in the building 4 hexes away.
    assert!(has(&ev, "AT-ST 1 attacks Mon Calamari 1"), "{ev:#?}");
    assert_eq!(unit(&s, "mc1")["alive"], false);
    // Shooting: "scores 4,4 and 8 ... the Calamari unit is destroyed."
    assert!(
        has(
            &ev,
            "AT-ST 2 attacks Mon Calamari 2: 1d8 against resistance 3 (its own 3): 4, 4, 8 — destroyed"
        ),
        "{ev:#?}"
    );
    // "a Calamari in a forest hex has a resistance of 4 (3 + 1 for the forest)".
    assert!(
        has(
            &ev,
            "against resistance 4 (its own 3, terrain +1): 4, 4, 8, 3 — the attack fails (1 roll under 4: each must make 4+)"
        ),
        "{ev:#?}"
    );
    assert_eq!(unit(&s, "mc3")["alive"], true);
    // "if a player roll an activation dice of 5 and plays only 3 units, the other 2 are lost".
    assert!(
        has(&ev, "1 activation(s) of Galactic Empire lost"),
        "{ev:#?}"
    );
    // Moving and shooting: "movement rate reduced to 4 and its attack dice to 1d6".
    assert!(
        has(&ev, "Rapid Caak moves to (4, 3) (4 movement points)"),
        "{ev:#?}"
    );
    assert!(
        has(&ev, "Rapid Caak attacks AT-ST 3: 1d6 against"),
        "{ev:#?}"
    );
}

#[test]
fn the_guerilla_at_7_hexes_is_out_of_the_at_sts_range_6() {
    let dir = std::env::temp_dir().join(format!("holotable-bf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("far.ron");
    std::fs::write(&script, "[Fire(unit: \"far\", target: (9, 7))]").unwrap();
    let (code, _, err) = holotable(&[
        "run",
        SHOOTING,
        "--commands",
        script.to_str().unwrap(),
        "--dice",
        "3",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("7 hexes, and AT-ST 4's range is 6"), "{err}");
    // And the Rapid Caak cannot move 5 hexes and fire.
    std::fs::write(
        &script,
        "[EndImpulse, MoveAndFire(unit: \"caak\", path: [(4, 6), (4, 5), (4, 4), (4, 3), (4, 2)], target: (6, 5))]",
    )
    .unwrap();
    let (code, _, err) = holotable(&[
        "run",
        SHOOTING,
        "--commands",
        script.to_str().unwrap(),
        "--dice",
        "3,2",
    ]);
    assert_ne!(code, 0);
    assert!(
        err.contains("cannot move more than half its movement rate"),
        "{err}"
    );
}

#[test]
fn the_calamari_on_the_road_hex_is_in_the_buildings_shadow() {
    let src = std::fs::read_to_string(SHOOTING).unwrap().replace(
        "(id: \"mc1\", profile: \"Mon Calamari\", at: (2, 4))",
        "(id: \"mc1\", profile: \"Mon Calamari\", at: (2, 3))",
    );
    let dir = std::env::temp_dir().join(format!("holotable-bf-shadow-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scen = dir.join("shadow.ron");
    std::fs::write(&scen, src).unwrap();
    let script = dir.join("s.ron");
    std::fs::write(&script, "[Fire(unit: \"hill\", target: (2, 3))]").unwrap();
    let (code, _, err) = holotable(&[
        "run",
        scen.to_str().unwrap(),
        "--commands",
        script.to_str().unwrap(),
        "--dice",
        "3",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("in the shadow of a building"), "{err}");
}

#[test]
fn the_worked_initiative_leader_and_jedi_examples() {
    let dice = "1,1,1,1,1,1,1,1,20,20,20,20,2,1,1,1,7,5,3,1,1,1,1,5,3,1,1,1,1";
    let s = run(
        "tests/battlefield/leaders.ron",
        "tests/battlefield/leaders_script.ron",
        dice,
    );
    let ev = events(&s);
    assert!(
        has(
            &ev,
            "Alliance Leader is shot alone in his hex by Stormtrooper 2"
        ),
        "{ev:#?}"
    );
    // Jedis: "a Wookie unit is stacked with a Jedi worth 6 in resisance".
    assert!(
        has(
            &ev,
            "attacks Wookie: 1d8 against resistance 6 (its own 2, Jedi +4)"
        ),
        "{ev:#?}"
    );
    // "The Jedi choose to use 3 force points so the attack strengh is now 1d20+1."
    assert!(has(&ev, "Airspeeder attacks AT-AT: 1d20+1"), "{ev:#?}");
    assert_eq!(unit(&s, "ben")["force_points"], 3);
    // Initiative: "The imperial side play 1d10, gets a 5, and the rebel 1d8 and gets a 3."
    assert!(
        has(
            &ev,
            "[turn 2] Initiative: Galactic Empire 5 against Rebel Alliance 3"
        ),
        "{ev:#?}"
    );
    // Leaders: the Veterans roll 1 and fall to Green; a second 1 and they surrender.
    assert!(
        has(
            &ev,
            "[turn 3] Rebel Alliance roll 1: their quality drops to Green"
        ),
        "{ev:#?}"
    );
    assert!(
        has(
            &ev,
            "Rebel Alliance roll 1: below Green, their troops surrender"
        ),
        "{ev:#?}"
    );
    assert_eq!(s["result"]["winner"], 0, "{:#?}", s["result"]);
    assert_eq!(s["phase"], "GameOver");
}

#[test]
fn check_refuses_broken_maps_and_scenarios_with_file_line_and_column() {
    let dir = std::env::temp_dir().join(format!("holotable-bf-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = std::fs::read_to_string(SHOOTING).unwrap();
    let cases = [
        (
            "(tile: \"outskirts\", at: (0, 0))",
            "(tile: \"outskirt\", at: (0, 0))",
            "unknown tile 'outskirt'",
        ),
        (
            "(tile: \"outskirts\", at: (0, 0))",
            "(tile: \"outskirts\", at: (1, 0))",
            "column must be even",
        ),
        (
            "profile: \"Guerilla\"",
            "profile: \"Gorilla\"",
            "unknown profile 'Gorilla'",
        ),
        ("at: (9, 7)),", "at: (19, 7)),", "off the map"),
        (
            "(id: \"far\", profile: \"AT-ST\", at: (9, 0))",
            "(id: \"far\", profile: \"AT-ST\", at: (2, 2))",
            "Buildings are interdicted to vehicles",
        ),
        (
            "(id: \"st1\", profile: \"Stormtrooper\", at: (2, 6))",
            "(id: \"st1\", profile: \"Stormtrooper\", at: (8, 7))",
            "Stacking allows one unit a hex",
        ),
        ("turn_limit: 3", "turn_limit 3", "Expected colon"),
    ];
    for (from, to, want) in cases {
        let bad = good.replacen(from, to, 1);
        assert_ne!(bad, good, "{from}");
        let path = dir.join("bad.ron");
        std::fs::write(&path, &bad).unwrap();
        let (code, _, err) = holotable(&["check", path.to_str().unwrap()]);
        assert_ne!(code, 0, "{to}");
        assert!(err.contains(want), "{to}: {err}");
        // file:line:column, pointing at the line that changed.
        let line = bad
            .lines()
            .position(|l| l.contains(to.split(',').next().unwrap_or(to).trim()))
            .map(|l| l + 1);
        let prefix = format!("{}:{}:", path.display(), line.unwrap_or(0));
        assert!(err.contains(&prefix), "{to}: want {prefix} in {err}");
    }
}

#[test]
fn a_leader_gives_his_bonus_to_a_unit_attacked_in_close_combat_unless_kept() {
    // Leaders: "a increment bonus of 1 dice for firing or close combat to units that are
    // within 3 hexes of it" (ruling "Leaders in defence").
    let s = run(
        "tests/battlefield/leader_defence.ron",
        "tests/battlefield/leader_defence_on.ron",
        "1,6,5",
    );
    let ev = events(&s);
    assert!(
        has(
            &ev,
            "Rebel Alliance's leader gives Rebel Trooper a die step in close combat (1 bonuses left)"
        ),
        "{ev:#?}"
    );
    assert!(
        has(&ev, "Stormtrooper 1d8 = 6 against Rebel Trooper 1d10 = 5"),
        "{ev:#?}"
    );
    let s = run(
        "tests/battlefield/leader_defence.ron",
        "tests/battlefield/leader_defence_off.ron",
        "1,1,1,6,5",
    );
    let ev = events(&s);
    assert!(
        has(&ev, "Stormtrooper 1d8 = 6 against Rebel Trooper 1d8 = 5"),
        "{ev:#?}"
    );
    assert!(!has(&ev, "a die step in close combat"), "{ev:#?}");
}

#[test]
fn a_special_weapon_may_aim_at_its_own_target_within_its_own_range() {
    // Support weapons: "The carrying unit may fire at the same time with its normal fire
    // strenght and with the special weapon" (ruling "Special weapon targets").
    let s = run(
        "tests/battlefield/special_weapon.ron",
        "tests/battlefield/special_weapon_script.ron",
        "1,4,4,5,6",
    );
    let ev = events(&s);
    assert!(
        has(
            &ev,
            "Stormtrooper attacks Rebel Trooper 1: 1d8 against resistance 2 (its own 2): 4, 4 — destroyed"
        ),
        "{ev:#?}"
    );
    assert!(
        has(
            &ev,
            "Stormtrooper's E-Web attacks Rebel Trooper 2: 1d10 against resistance 2 (its own 2): 5, 6 — destroyed"
        ),
        "{ev:#?}"
    );
    // Out of the E-Web's range 5, the whole shot is refused.
    let dir = std::env::temp_dir().join(format!("holotable-sw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("far.ron");
    std::fs::write(
        &script,
        "[Fire(unit: \"st1\", target: (2, 4), weapon_target: Some((9, 2)))]",
    )
    .unwrap();
    let (code, _, err) = holotable(&[
        "run",
        "tests/battlefield/special_weapon.ron",
        "--commands",
        script.to_str().unwrap(),
        "--dice",
        "1,4,4,5,6",
    ]);
    assert_ne!(code, 0);
    assert!(
        err.contains("the E-Web is 7 hexes from its target and its range is 5"),
        "{err}"
    );
}
