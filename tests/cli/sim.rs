//! The balance report (`holotable sim`): reproducible from its seed whatever the number of
//! workers, each game the one `--seed S+i --ai all` plays, and the command line's outputs.

use crate::common::holotable;
use std::sync::atomic::AtomicUsize;

use holotable::engine::session::autoplay;
use holotable::engine::state::{Finished, Played};
use holotable::rulesets::registry;
use holotable::rulesets::tyneside::Tyneside;
use holotable::sim::{DEFAULT_MAX_TURNS, SimOptions, simulate};

fn report(scenario: &str, games: usize, seed: u64, jobs: usize) -> holotable::sim::Report {
    let (loaded, entry) = registry().load(scenario).expect("bundled");
    let done = AtomicUsize::new(0);
    let r = simulate(&entry, &loaded, &SimOptions::new(games, seed, jobs), &done).expect("plays");
    assert_eq!(
        done.into_inner(),
        games,
        "the progress counter counts every game"
    );
    r
}

#[test]
fn the_same_seed_gives_the_same_report_on_any_number_of_workers() {
    let one = report("lothal_ambush", 40, 7, 1);
    let two = report("lothal_ambush", 40, 7, 2);
    assert_eq!(one, two);
    assert_eq!(one.games, 40);
    let wins: usize = one.sides.iter().map(|s| s.wins).sum();
    assert_eq!(wins + one.draws, 40);
    assert_eq!(
        (one.cut, one.max_turns),
        (0, 300),
        "the scenario's own limit ends every game before the cap"
    );
    assert_eq!(one.length.histogram.iter().map(|h| h.1).sum::<usize>(), 40);
    assert_eq!(one.decided_by.iter().map(|d| d.1).sum::<usize>(), 40);
    assert_eq!(one.convergence.last().map(|p| p.games), Some(40));
    // Another seed plays other games: the report is made from the games, not fixed.
    let other = report("lothal_ambush", 40, 1000, 2);
    assert_ne!(one.convergence, other.convergence);
}

#[test]
fn game_i_of_a_report_is_the_game_seed_s_plus_i_plays() {
    let loaded = crate::common::loaded("lothal_ambush");
    // One app for four games, as a worker plays them.
    let ends = autoplay::<Tyneside>(&loaded, &[11, 12, 13, 14], DEFAULT_MAX_TURNS);
    for (i, end) in ends.into_iter().enumerate() {
        let Ok(Played::Ended(end)) = end else {
            panic!("plays to the end: {end:?}");
        };
        let seed = 11 + i as u64;
        let mut alone = crate::common::seeded_session("lothal_ambush", seed);
        use holotable::engine::session::Headless;
        alone.set_rules_sides(&["all".into()]).expect("sides");
        alone.play_script(None, "").expect("plays");
        let fresh = alone.world().get_resource::<Finished>().cloned();
        assert_eq!(Some(end), fresh, "seed {seed}");
    }
}

#[test]
fn casualties_count_the_pieces_lost_per_game() {
    let r = report("shooting_example", 20, 3, 2);
    let fielded: f64 = r.casualties.iter().map(|c| c.fielded).sum();
    // The shooting example brings 16 figures and no reinforcements.
    assert!((fielded - 16.0).abs() < 1e-9, "{:?}", r.casualties);
    assert!(r.casualties.iter().all(|c| c.lost <= c.fielded));
    assert!(
        r.casualties.iter().any(|c| c.lost > 0.0),
        "no figure was lost in 20 games: {:?}",
        r.casualties
    );
}

#[test]
fn the_command_line_prints_the_report_and_writes_its_plots() {
    let dir = std::env::temp_dir().join(format!("holotable-sim-{}", std::process::id()));
    let html = dir.join("report.html");
    let (code, out, err) = holotable(&[
        "sim",
        "lothal_ambush",
        "--games",
        "24",
        "--seed",
        "5",
        "--json",
        "--out",
        html.to_str().expect("utf-8"),
    ]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(json["games"], 24);
    assert_eq!(json["seed"], 5);
    let page = std::fs::read_to_string(&html).expect("written");
    assert!(page.contains("<svg") && page.contains("Win rate as the games came in"));
    assert!(page.contains("Ghost crew"), "the sides are named");

    let (code, text, err) = holotable(&["sim", "lothal_ambush", "--games", "24", "--seed", "5"]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("24 games, seeds 5 to 28"), "{text}");
    assert!(text.contains("Wins (95% interval)"), "{text}");

    let (code, _, err) = holotable(&["sim", "lothal_ambush", "--games", "2", "--out", "x.png"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("x.png: --out writes a .html report or an .svg"),
        "{err}"
    );
    let (code, _, err) = holotable(&["sim", "lothal_ambush", "--games", "0"]);
    assert_eq!(code, 1);
    assert!(err.contains("--games must be at least 1"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_tyneside_report_says_few_casualties_are_the_texts() {
    // Issue 26, opposed play: "Find out whether that is the text (then say so in the balance
    // report)".
    let r = report("outpost_raid", 4, 1, 1);
    let text = r.text();
    assert!(
        text.contains("Reading it") && text.contains("only the Less, Half and Worse rows can kill"),
        "{text}"
    );
    let html = holotable::sim::plots::html(&r).expect("draws");
    assert!(html.contains("<h2>Reading it</h2>"), "{html}");
}

/// The searching opponent in the balance report: counted in playouts, the same games every
/// run; the report names who played which side; Tyneside's players' side too.
#[test]
fn the_searching_opponent_plays_a_side_of_the_report_the_same_way_each_run() {
    let args = [
        "sim",
        "capture_the_village",
        "--games",
        "2",
        "--jobs",
        "1",
        "--search",
        "imperials",
        "--playouts",
        "30",
        "--json",
    ];
    let (code, first, err) = holotable(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        first.contains("except imperials, played by the searching opponent"),
        "{first}"
    );
    assert!(first.contains("30 playouts a decision"), "{first}");
    let (_, second, _) = holotable(&args);
    assert_eq!(first, second, "a budget in playouts plays the same games");
    // Tyneside too: the players' side searched against the text's rules-run side.
    let (code, out, err) = holotable(&[
        "sim",
        "shooting_example",
        "--games",
        "2",
        "--jobs",
        "1",
        "--policy",
        "rebels=search",
        "--playouts",
        "8",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Rebel Alliance: search"), "{out}");
}

/// `--policy SIDE=POLICY` names who plays each side: `search`, or the rule set's own by its
/// name (`rules` for a text's solo rules, `plain` for the app's); the report lists each side's;
/// a policy the rule set does not have, or a side the scenario lacks, is refused with why.
#[test]
fn policy_names_who_plays_each_side_and_refuses_what_the_rule_set_lacks() {
    let (code, out, err) = holotable(&[
        "sim",
        "walker_assault",
        "--games",
        "1",
        "--policy",
        "imperials=search,alliance=plain",
        "--playouts",
        "20",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Sides: Galactic Empire: search; Rebel Alliance: plain"),
        "{out}"
    );
    let (code, out, err) = holotable(&[
        "sim",
        "lothal_ambush",
        "--games",
        "2",
        "--policy",
        "all=rules",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Sides: Ghost crew: rules; Inquisitorius: rules"),
        "{out}"
    );
    let (code, _, err) = holotable(&[
        "sim",
        "walker_assault",
        "--games",
        "1",
        "--policy",
        "alliance=rules",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("has no rules policy; its own is `plain`"),
        "{err}"
    );
    let (code, _, err) = holotable(&[
        "sim",
        "walker_assault",
        "--games",
        "1",
        "--policy",
        "rebels=search",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("no side of that id (sides: imperials, alliance, or all)"),
        "{err}"
    );
}

/// Draws are reported by their cause: what decided them, and whether anybody lost a piece
/// (a draw where nobody did is two sides that never reached each other).
#[test]
fn draws_are_counted_by_their_cause() {
    let r = report("lothal_ambush", 60, 1, 2);
    assert!(r.draws > 0, "lothal_ambush draws often");
    assert_eq!(
        r.draws_by_cause.iter().map(|(_, n)| n).sum::<usize>(),
        r.draws,
        "every draw has one cause"
    );
    for (cause, _) in &r.draws_by_cause {
        assert!(
            cause.starts_with("objectives held at the turn limit, level: "),
            "{cause}"
        );
    }
    assert!(r.text().contains("\nDraws by cause\n"), "{}", r.text());
    let html = holotable::sim::plots::html(&r).expect("draws");
    assert!(html.contains("<h2>Draws by cause</h2>"), "{html}");
}

/// Issue 60: the balance report never runs for ever. 1 Stat Skirmish's scenarios are the
/// text's and have no turn limit, so a game the rules play on both sides may go on; the report
/// cuts it at the cap (`--max-turns`, in phases here) and counts it on a line of its own,
/// neither won nor drawn, and out of the length and what decided the games.
#[test]
fn the_cap_cuts_a_game_still_going_and_the_report_counts_it() {
    let (loaded, entry) = registry().load("first_skirmish").expect("bundled");
    assert_eq!(loaded.header.turn_limit, None);
    let mut options = SimOptions::new(12, 1, 2);
    options.max_turns = Some(3);
    let r = simulate(&entry, &loaded, &options, &AtomicUsize::new(0)).expect("plays");
    assert_eq!(r.max_turns, 3);
    assert!(r.cut > 0, "no game of 12 went past phase 3");
    let wins: usize = r.sides.iter().map(|s| s.wins).sum();
    assert_eq!(
        wins + r.draws + r.cut,
        12,
        "a cut game is neither won nor drawn"
    );
    let ended = r.length.histogram.iter().map(|h| h.1).sum::<usize>();
    assert_eq!(ended, 12 - r.cut, "the length counts the games that ended");
    assert_eq!(r.decided_by.iter().map(|d| d.1).sum::<usize>(), ended);
    assert!(r.length.max <= 3, "{:?}", r.length);
    let text = r.text();
    assert!(
        text.lines().any(|l| l.trim_start().starts_with("Cut")
            && l.contains(&r.cut.to_string())
            && l.contains("still going after 3 turns")),
        "{text}"
    );

    // The command line: the cap, the count in the JSON, and a cap of 0 refused.
    let (code, out, err) = holotable(&[
        "sim",
        "first_skirmish",
        "--games",
        "4",
        "--max-turns",
        "2",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(json["max_turns"], 2);
    assert!(json["cut"].as_u64().is_some_and(|n| n > 0), "{out}");
    let (code, _, err) = holotable(&["sim", "first_skirmish", "--games", "1", "--max-turns", "0"]);
    assert_eq!(code, 1);
    assert!(err.contains("--max-turns must be at least 1"), "{err}");
}
