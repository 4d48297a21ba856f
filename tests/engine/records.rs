//! Every save replays, as a property: every bundled scenario of every rule set is played to
//! its end over many seeds, saved, replayed with the check, and resumed in another headless
//! game, and each must come to the very state the game left (its state hash). One test per
//! rule set, so the suite's threads share them out.

use std::path::{Path, PathBuf};

use holotable::engine::dice::Randomness;
use holotable::engine::registry::RuleSetEntry;
use holotable::engine::rules_side::Thinking;
use holotable::engine::session::Headless;
use holotable::rules::search::Budget;
use holotable::rulesets::registry;

use super::conformance::{ending, scenarios};

/// Seeds played for each bundled scenario with the rules on every side: 20, or
/// `$HOLOTABLE_REPLAY_SEEDS` (docs/reliability.md gives a longer run's figures).
fn seeds() -> u64 {
    std::env::var("HOLOTABLE_REPLAY_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20)
}
/// Seeds played for each bundled scenario with the searching opponent on its first side.
const SEARCHED_SEEDS: u64 = 2;

fn entry(id: &str) -> RuleSetEntry {
    registry()
        .0
        .into_iter()
        .find(|e| e.id == id)
        .unwrap_or_else(|| panic!("no rule set {id}"))
}

fn scratch(id: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("holotable-records-{id}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp folder");
    d
}

/// Saves `game` to `path`, replays the save with the check and resumes it in a new headless
/// game: both must reach `game`'s state hash with as many commands.
fn saved_replays(entry: &RuleSetEntry, game: &mut dyn Headless, path: &Path, what: &str) {
    game.save(path)
        .unwrap_or_else(|e| panic!("{what}: save: {e}"));
    let text = std::fs::read_to_string(path).expect("reads");
    let hash = game.state_hash();
    let mut replayed =
        (entry.replay)(&text, path).unwrap_or_else(|e| panic!("{what}: replay: {e}"));
    assert_eq!(replayed.state_hash(), hash, "{what}: replayed");
    assert_eq!(replayed.commands(), game.commands(), "{what}: replayed");
    let mut resumed = (entry.headless)(&scenarios(entry)[0], Randomness::seeded(0))
        .unwrap_or_else(|e| panic!("{what}: {e:?}"));
    (entry.resume)(resumed.world_mut(), &text, path, 0)
        .unwrap_or_else(|e| panic!("{what}: resume: {e}"));
    assert_eq!(resumed.state_hash(), hash, "{what}: resumed");
    assert_eq!(resumed.commands(), game.commands(), "{what}: resumed");
}

/// Plays every bundled scenario of rule set `id` to its end over [`seeds`] seeds with the
/// rules on every side, and over [`SEARCHED_SEEDS`] with the searching opponent on the first
/// side (a few playouts a decision), each save replayed and resumed ([`saved_replays`]). A
/// scenario with no turn limit whose rule set leaves one to the players is played with one
/// ([`ending`]), so its game ends, and its save names a scenario that is no bundled one.
fn every_game_replays(id: &str) {
    let entry = entry(id);
    let dir = scratch(id);
    let mut games = 0;
    for loaded in scenarios(&entry).iter().map(|l| ending(&entry, l)) {
        let searched = if entry.searches { SEARCHED_SEEDS } else { 0 };
        for (seed, search) in (1..=seeds())
            .map(|s| (s, false))
            .chain((1..=searched).map(|s| (s, true)))
        {
            let what = format!(
                "{} seed {seed}{}",
                loaded.file,
                if search { " searched" } else { "" }
            );
            let mut game = (entry.headless)(&loaded, Randomness::seeded(seed))
                .unwrap_or_else(|e| panic!("{what}: {e:?}"));
            game.set_rules_sides(&["all".into()])
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            if search {
                let first = loaded.header.sides[0].id.clone();
                let world = game.world_mut();
                world.insert_resource(Thinking {
                    seed,
                    ..Thinking::new(Budget::Playouts(24))
                });
                holotable::engine::game::set_searched_sides(world, &[first])
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
            }
            game.play_rules(100_000)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            assert!(game.over(), "{what}: the game did not end");
            let path = dir.join(format!("{id}-{seed}.ron"));
            saved_replays(&entry, game.as_mut(), &path, &what);
            games += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("{id}: {games} games saved, replayed and resumed");
    assert!(games as u64 >= seeds(), "{id}: too few games");
}

#[test]
fn every_tyneside_game_replays() {
    every_game_replays("tyneside");
}

#[test]
fn every_battlefield_game_replays() {
    every_game_replays("battlefield");
}

#[test]
fn every_one_stat_game_replays() {
    every_game_replays("one_stat");
}

#[test]
fn every_space_battle_game_replays() {
    every_game_replays("space_battle");
}

#[test]
fn every_mass_combat_game_replays() {
    every_game_replays("mass_combat");
}

/// Seeds played for each bundled scenario with random legal moves.
const LEGAL_SEEDS: u64 = 3;
/// Moves tried a game with random legal moves.
const LEGAL_STEPS: usize = 60;

/// The next number of a SplitMix64 stream: the picks of a random game, the same for a seed.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Drives every bundled scenario of rule set `id` with random legal moves (the search's
/// candidates, [`Headless::play_legal`]) over [`LEGAL_SEEDS`] seeds: every few moves the last
/// command is undone and redone (where undo allows) and must come back to the same state;
/// each game is then saved, replayed and resumed ([`saved_replays`]). A candidate the rules
/// refuse fails the test.
fn random_legal_games(id: &str) {
    let entry = entry(id);
    let dir = scratch(&format!("{id}-legal"));
    let (mut moves, mut undone) = (0, 0);
    for loaded in scenarios(&entry) {
        for seed in 1..=LEGAL_SEEDS {
            let what = format!("{} seed {seed} random legal moves", loaded.file);
            let mut game = (entry.headless)(&loaded, Randomness::seeded(seed))
                .unwrap_or_else(|e| panic!("{what}: {e:?}"));
            let mut picks = seed;
            for _ in 0..LEGAL_STEPS {
                if game.over() {
                    break;
                }
                let pick = splitmix(&mut picks);
                let played = game
                    .play_legal(pick)
                    .unwrap_or_else(|e| panic!("{what}: a legal move refused: {e}"));
                if played == 0 {
                    // Nothing for a person to pick: the rules' own side acts, or nobody can.
                    let ruled = game.play_rules(1).unwrap_or_else(|e| panic!("{what}: {e}"));
                    if ruled == 0 {
                        break;
                    }
                    continue;
                }
                moves += 1;
                if pick % 4 == 0 {
                    let (after, n) = (game.state_hash(), game.commands());
                    if game.undo_last().is_ok() {
                        game.redo_last()
                            .unwrap_or_else(|e| panic!("{what}: redo: {e}"));
                        assert_eq!(game.state_hash(), after, "{what}: undo and redo");
                        assert_eq!(game.commands(), n, "{what}: undo and redo");
                        undone += 1;
                    }
                }
            }
            let path = dir.join(format!("{id}-{seed}.ron"));
            saved_replays(&entry, game.as_mut(), &path, &what);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("{id}: {moves} random legal moves, {undone} undone and redone");
    assert!(moves > 0, "{id}: no legal move was played");
}

#[test]
fn random_legal_tyneside_games_replay() {
    random_legal_games("tyneside");
}

#[test]
fn random_legal_battlefield_games_replay() {
    random_legal_games("battlefield");
}

#[test]
fn random_legal_one_stat_games_replay() {
    random_legal_games("one_stat");
}

#[test]
fn random_legal_space_battle_games_replay() {
    random_legal_games("space_battle");
}

#[test]
fn random_legal_mass_combat_games_replay() {
    random_legal_games("mass_combat");
}
