//! Hostile sizes (issue 59): each rule set states the most pieces it plays, and a scenario
//! with one more is refused at the first piece past the limit, at its line and column; one at
//! the limit passes `check` and plays (the time it takes is measured in docs/reliability.md,
//! not here).

use holotable::engine::dice::Randomness;
use holotable::rulesets::registry;

/// A Tyneside scenario of `n` figures a side, in groups of ten standing in rows 2" apart.
fn tyneside(n: usize) -> String {
    let mut s = String::from(
        "(name: \"Crowd\", ruleset: \"tyneside\", description: \"x\", table: (120.0, 120.0), terrain: [], sides: [\n",
    );
    for (side, y0) in [("empire", 2.0), ("rebels", 62.0)] {
        s += &format!("(id: \"{side}\", name: \"{side}\", groups: [\n");
        for g in 0..n.div_ceil(10) {
            s += &format!(
                "(id: \"{side}{g}\", name: \"{side} {g}\", order: Some(Stand), figures: [\n"
            );
            for k in g * 10..(g * 10 + 10).min(n) {
                let (x, y) = (2.0 + (k % 50) as f32 * 2.0, y0 + (k / 50) as f32 * 2.0);
                s += &format!(
                    "(id: \"{side}_{k}\", profile: \"Stormtrooper\", at: ({x:.1}, {y:.1})),\n"
                );
            }
            s += "]),\n";
        }
        s += "]),\n";
    }
    s + "], turn_limit: Some(2))\n"
}

/// A battlefield scenario of `n` units a side on a 60x48-hex map of open ground.
fn battlefield(n: usize) -> String {
    let tiles: Vec<String> = (0..6)
        .flat_map(|x| (0..6).map(move |y| format!("(tile: \"open\", at: ({}, {}))", x * 10, y * 8)))
        .collect();
    let mut s = format!(
        "(name: \"Crowd\", ruleset: \"battlefield\", description: \"x\", turn_limit: 2, first_initiative: \"imperials\", attacker: \"imperials\", goal: EliminateAll, map: [{}], sides: [\n",
        tiles.join(", ")
    );
    for (side, profile, x0) in [
        ("imperials", "Stormtrooper", 0),
        ("alliance", "Rebel Trooper", 31),
    ] {
        s += &format!("(id: \"{side}\", name: \"{side}\", quality: Veteran, units: [\n");
        for k in 0..n {
            s += &format!(
                "(id: \"{side}_{k}\", profile: \"{profile}\", at: ({}, {})),\n",
                x0 + k % 29,
                k / 29
            );
        }
        s += "]),\n";
    }
    s + "])\n"
}

/// A mass combat scenario of `n` units a side on a ground 10 km square.
fn mass_combat(n: usize) -> String {
    let mut s = String::from(
        "(name: \"Crowd\", ruleset: \"mass_combat\", description: \"x\", sides: [(id: \"empire\", name: \"E\", control: Human, commander: (name: \"A\", command: \"2D\")), (id: \"rebels\", name: \"R\", control: Human, commander: (name: \"B\", command: \"3D\"))], turn_limit: 2, ground: (width: 10000, depth: 10000), command: false, units: [\n",
    );
    for k in 0..n {
        for (side, roster, x) in [
            ("empire", "stormtrooper_squad", 100),
            ("rebels", "rebel_soldier_squad", 200),
        ] {
            s += &format!(
                "(id: \"{side}_{k}\", side: \"{side}\", roster: \"{roster}\", at: ({x}, {})),\n",
                10 + k * 5
            );
        }
    }
    s + "])\n"
}

/// The 1-based line of the first line of `src` holding `needle`.
fn line_of(src: &str, needle: &str) -> usize {
    src.lines().position(|l| l.contains(needle)).expect("there") + 1
}

#[test]
fn a_scenario_past_its_rule_sets_limit_is_refused_at_the_first_piece_past_it() {
    let registry = registry();
    let cases = [
        (
            "tyneside",
            holotable::rulesets::tyneside::rules::MOST_FIGURES,
            tyneside as fn(usize) -> String,
            "figures",
        ),
        (
            "battlefield",
            holotable::rulesets::battlefield::rules::scenario::MOST_UNITS,
            battlefield,
            "units",
        ),
        (
            "mass_combat",
            holotable::rulesets::mass_combat::rules::scenario::MOST_UNITS,
            mass_combat,
            "units",
        ),
    ];
    let dir = std::env::temp_dir().join(format!("holotable-sizes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (id, most, make, pieces) in cases {
        let entry = registry.get(id).expect("a rule set");
        // At the limit: checked and played.
        let at = dir.join(format!("{id}-at.ron"));
        std::fs::write(&at, make(most / 2)).unwrap();
        let (loaded, _) = registry
            .load(at.to_str().unwrap())
            .unwrap_or_else(|e| panic!("{id}: {e:?}"));
        (entry.check)(&loaded).unwrap_or_else(|e| panic!("{id} at its limit: {e:?}"));
        let mut game = (entry.headless)(&loaded, Randomness::seeded(1)).expect("starts");
        game.set_rules_sides(&["all".into()]).expect("sides");
        game.play_rules(40).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(game.commands() > 0, "{id}: nothing played at the limit");
        // One more: refused at the first piece past it.
        let src = make(most / 2 + 1);
        let past = dir.join(format!("{id}-past.ron"));
        std::fs::write(&past, &src).unwrap();
        let errs = registry
            .load(past.to_str().unwrap())
            .and_then(|(l, _)| (entry.check)(&l).map(|_| ()))
            .expect_err("one piece too many");
        // The first piece past the limit: the sides list theirs in turn (Tyneside,
        // battlefield), or one of each side in turn (mass combat).
        let last = match id {
            "tyneside" => format!("rebels_{}", most / 2 - 1),
            "battlefield" => format!("alliance_{}", most / 2 - 1),
            _ => format!("empire_{}", most / 2),
        };
        let want = format!("{id}-past.ron:{}:", line_of(&src, &format!("\"{last}\"")));
        let all = errs.join("\n");
        assert!(
            errs.len() == 1
                && all.contains(&want)
                && all.contains(&format!("more than {most} {pieces}")),
            "{id}: {all}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}
