//! Helpers shared by the integration tests.
#![allow(dead_code)]

use holotable::engine::dice::Randomness;
use holotable::engine::pipeline::CommandOutcome;
use holotable::engine::ruleset::Loaded;
use holotable::engine::session::Session;
use holotable::rules::scenario::read_header;
use holotable::rulesets::registry;
use holotable::rulesets::tyneside::Tyneside;
use holotable::rulesets::tyneside::commands::Command;

/// A headless Tyneside game.
pub type Game = Session<Tyneside>;

/// A bundled scenario (or file), read through the registry.
pub fn loaded(scenario: &str) -> Loaded {
    registry()
        .load(scenario)
        .unwrap_or_else(|e| panic!("{e:?}"))
        .0
}

/// A session on a bundled scenario (or file) with forced dice.
pub fn session(scenario: &str, dice: &[u8]) -> Game {
    Game::start(
        &loaded(scenario),
        Randomness::forced(dice.iter().copied(), []),
    )
    .unwrap_or_else(|e| panic!("{e:?}"))
}

/// A session on a bundled scenario (or file) with seeded dice.
pub fn seeded_session(scenario: &str, seed: u64) -> Game {
    Game::start(&loaded(scenario), Randomness::seeded(seed)).unwrap_or_else(|e| panic!("{e:?}"))
}

/// A scenario from RON text, as if read from `test.ron`.
pub fn loaded_from(src: &str) -> Loaded {
    let header = read_header(src, "test.ron", &["tyneside"]).unwrap_or_else(|e| panic!("{e}"));
    Loaded {
        file: "test.ron".into(),
        src: src.into(),
        header,
    }
}

/// A session from RON text with forced dice.
pub fn session_from(src: &str, dice: &[u8]) -> Game {
    Game::start(
        &loaded_from(src),
        Randomness::forced(dice.iter().copied(), []),
    )
    .unwrap_or_else(|e| panic!("{e:?}"))
}

/// Sends a command that must be accepted.
pub fn ok(s: &mut Game, c: Command) {
    match s.send(c) {
        CommandOutcome::Accepted(_) => {}
        CommandOutcome::Refused(c, why) => panic!("{c:?} refused: {why}"),
    }
}

/// Sends a command that must be refused; returns the reason.
pub fn refused(s: &mut Game, c: Command) -> String {
    match s.send(c) {
        CommandOutcome::Accepted(c) => panic!("{c:?} was accepted"),
        CommandOutcome::Refused(_, why) => why,
    }
}

/// The events so far, joined.
pub fn events(s: &mut Game) -> String {
    s.state().events.join("\n")
}

/// A figure's state by id.
pub fn fig(s: &mut Game, id: &str) -> holotable::rulesets::tyneside::snapshot::FigureState {
    s.state()
        .figures
        .into_iter()
        .find(|f| f.id == id)
        .unwrap_or_else(|| panic!("no figure {id}"))
}

/// Changes the condition of figure `id` directly (to set up a situation the rules reach only
/// after many turns).
pub fn set_condition(
    s: &mut Game,
    id: &str,
    change: impl Fn(&mut holotable::rulesets::tyneside::components::Condition),
) {
    use holotable::rulesets::tyneside::components::{Condition, Figure};
    let world = s.app.world_mut();
    let mut q = world.query::<(&Figure, &mut Condition)>();
    for (f, mut c) in q.iter_mut(world) {
        if f.id == id {
            change(&mut c);
        }
    }
}

/// Runs the `holotable` binary with `args` in the project folder: (exit code, standard
/// output, standard error).
pub fn holotable(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}
