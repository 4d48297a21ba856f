//! A save proves what it claims (issue 59): a Tyneside game the rules played, saved, then
//! tampered with as a cheat would; every kind is refused by the replay, naming the field.

use std::path::{Path, PathBuf};

use holotable::engine::dice::Randomness;
use holotable::engine::record::{GameRecord, scenario_hash};
use holotable::engine::registry::RuleSetEntry;
use holotable::engine::save;
use holotable::rulesets::registry;
use holotable::rulesets::tyneside::commands::Command;

use super::conformance::scenarios;

fn tyneside() -> RuleSetEntry {
    registry()
        .0
        .into_iter()
        .find(|e| e.id == "tyneside")
        .expect("tyneside")
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("holotable-forged-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp folder");
    d
}

/// `lothal_ambush` played by the rules for a dozen steps with seed 4, saved at `path`: the
/// save's text and record.
fn played(entry: &RuleSetEntry, path: &Path) -> (String, GameRecord<Command>) {
    let loaded = scenarios(entry)
        .into_iter()
        .find(|l| l.file == "bundled:lothal_ambush.ron")
        .expect("lothal_ambush");
    let mut game = (entry.headless)(&loaded, Randomness::seeded(4)).expect("starts");
    game.set_rules_sides(&["all".into()]).expect("sides");
    game.play_rules(12).expect("plays");
    game.save(path).expect("saves");
    let text = std::fs::read_to_string(path).expect("reads");
    let record = save::parse::<Command>(&text, path).expect("parses");
    (text, record)
}

/// The refusal of the save `record` written to `path`, or a panic if it replays.
fn refusal(entry: &RuleSetEntry, record: &GameRecord<Command>, path: &Path) -> String {
    save::save(record, path).expect("saves");
    let text = std::fs::read_to_string(path).expect("reads");
    match (entry.replay)(&text, path) {
        Ok(_) => panic!("a forged save replayed"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_forged_scenario_version_or_name_is_refused() {
    let entry = tyneside();
    let dir = scratch("scenario");
    let path = dir.join("game.ron");
    let (text, record) = played(&entry, &path);
    assert!(
        (entry.replay)(&text, &path).is_ok(),
        "the save itself replays"
    );

    // The scenario edited and its hash recomputed: not the bundled text it names.
    let mut edited = record.clone();
    edited.scenario_src =
        edited
            .scenario_src
            .replacen("turn_limit: Some(6)", "turn_limit: Some(60)", 1);
    assert_ne!(
        edited.scenario_src, record.scenario_src,
        "the turn limit is there"
    );
    edited.scenario_hash = Some(scenario_hash(&edited.scenario_src));
    let err = refusal(&entry, &edited, &path);
    assert!(
        err.contains("names this bundled scenario but holds another text")
            && err.contains("`turn_limit: Some(6),` in the bundled one"),
        "{err}"
    );
    assert!(
        err.contains("game.ron:") && err.contains("bundled:lothal_ambush.ron"),
        "{err}"
    );

    // Another bundled scenario's name: its text is not this one.
    let mut swapped = record.clone();
    swapped.scenario_file = "bundled:death_star_escape.ron".into();
    let err = refusal(&entry, &swapped, &path);
    assert!(err.contains("holds another text"), "{err}");

    // A bundled name this Holotable does not have.
    let mut unknown = record.clone();
    unknown.scenario_file = "bundled:no_such_place.ron".into();
    let err = refusal(&entry, &unknown, &path);
    assert!(err.contains("no bundled scenario of that name"), "{err}");

    // Relabelled version 3, which reads without the scenario's hash: the hash betrays it.
    let mut older = record.clone();
    older.version = 3;
    let err = refusal(&entry, &older, &path);
    assert!(err.contains("its version was changed"), "{err}");

    // Relabelled, the hash taken out and the scenario edited: still not the bundled text.
    older.scenario_hash = None;
    older.scenario_src = edited.scenario_src.clone();
    let err = refusal(&entry, &older, &path);
    assert!(err.contains("holds another text"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_seeded_save_turned_unseeded_no_longer_claims_proven_dice() {
    let entry = tyneside();
    let dir = scratch("unseeded");
    let path = dir.join("game.ron");
    let (text, mut record) = played(&entry, &path);
    assert!(
        save::read_header(&text, &path)
            .expect("header")
            .dice_proven()
    );
    record.seed = None;
    save::save(&record, &path).expect("saves");
    let text = std::fs::read_to_string(&path).expect("reads");
    let header = save::read_header(&text, &path).expect("header");
    assert!(!header.dice_proven(), "forced dice are the file's word");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every rule set's first bundled scenario, played by the rules, saved and tampered with in
/// the ways a file can be whatever its rule set: each refused. (The tests above show the
/// messages on a Tyneside game.)
#[test]
fn every_rule_set_refuses_the_same_tamperings() {
    let dir = scratch("every");
    let mut caught = 0;
    for entry in registry().0.iter().filter(|e| e.plays_sides) {
        let loaded = scenarios(entry)
            .into_iter()
            .next()
            .expect("a bundled scenario");
        let mut game = (entry.headless)(&loaded, Randomness::seeded(4)).expect("starts");
        game.set_rules_sides(&["all".into()]).expect("sides");
        game.play_rules(12).expect("plays");
        let path = dir.join(format!("{}.ron", entry.id));
        game.save(&path).expect("saves");
        let text = std::fs::read_to_string(&path).expect("reads");
        assert!(
            (entry.replay)(&text, &path).is_ok(),
            "{}: the save replays",
            entry.id
        );
        let other = registry()
            .bundled()
            .find(|(e, n, _)| e.id == entry.id && format!("bundled:{n}") != loaded.file)
            .map(|(_, n, _)| format!("bundled:{n}"));
        let tamper: Vec<(&str, &str, Box<dyn Fn(&str) -> String>)> = vec![
            (
                "the scenario renamed, its hash recomputed",
                "holds another text",
                Box::new(rename_scenario),
            ),
            (
                "relabelled version 3",
                "its version was changed",
                Box::new(|t: &str| t.replacen("version: 4", "version: 3", 1)),
            ),
            (
                "another bundled name",
                "bundled scenario",
                Box::new(move |t: &str| match &other {
                    Some(o) => t.replacen(&format!("\"{}\"", loaded.file), &format!("\"{o}\""), 1),
                    None => t.replacen(
                        &format!("\"{}\"", loaded.file),
                        "\"bundled:nowhere.ron\"",
                        1,
                    ),
                }),
            ),
        ];
        for (what, why, f) in &tamper {
            let forged = f(&text);
            assert_ne!(forged, text, "{}: {what}: the tampering took", entry.id);
            match (entry.replay)(&forged, &path) {
                Ok(_) => panic!("{}: {what}: replayed", entry.id),
                Err(e) => assert!(e.to_string().contains(why), "{}: {what}: {e}", entry.id),
            }
            caught += 1;
        }
    }
    assert_eq!(caught, 15, "three tamperings each of five rule sets");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The save `text` with its scenario's name changed in its text and its hash recomputed, as a
/// forger with the program would.
fn rename_scenario(text: &str) -> String {
    #[derive(serde::Deserialize)]
    struct Src {
        scenario_src: String,
        scenario_hash: Option<String>,
    }
    let r: Src = holotable::rules::scenario::ron_options()
        .from_str(text)
        .expect("a record");
    let edited = r.scenario_src.replacen("name: \"", "name: \"Forged ", 1);
    assert_ne!(edited, r.scenario_src, "the scenario has a name");
    text.replacen("name: \\\"", "name: \\\"Forged ", 1)
        .replacen(
            &r.scenario_hash.expect("a version 4 save"),
            &scenario_hash(&edited),
            1,
        )
}
