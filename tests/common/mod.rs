//! Helpers shared by the integration tests.
#![allow(dead_code)]

use holotable::cli::load_scenario;
use holotable::game::commands::{Command, CommandOutcome};
use holotable::game::session::Session;
use holotable::game::table::GameSetup;
use holotable::rules::dice::Dice;
use holotable::rules::tyneside::profile::Roster;

/// A session on a bundled scenario (or file) with forced dice.
pub fn session(scenario: &str, dice: &[u8]) -> Session {
    let roster = Roster::bundled().unwrap();
    let (file, src, s) = load_scenario(scenario, &roster).unwrap_or_else(|e| panic!("{e:?}"));
    Session::new(
        GameSetup {
            scenario: s,
            file,
            src,
            dice: Dice::forced(dice.iter().copied()),
            seed: None,
        },
        &roster,
    )
}

/// A session on a bundled scenario (or file) with seeded dice.
pub fn seeded_session(scenario: &str, seed: u64) -> Session {
    let roster = Roster::bundled().unwrap();
    let (file, src, s) = load_scenario(scenario, &roster).unwrap_or_else(|e| panic!("{e:?}"));
    Session::new(
        GameSetup {
            scenario: s,
            file,
            src,
            dice: Dice::seeded(seed),
            seed: Some(seed),
        },
        &roster,
    )
}

/// A session from RON text with forced dice.
pub fn session_from(src: &str, dice: &[u8]) -> Session {
    let roster = Roster::bundled().unwrap();
    let s = holotable::rules::scenario::parse(src, "test.ron", &roster)
        .unwrap_or_else(|e| panic!("{e:?}"));
    Session::new(
        GameSetup {
            scenario: s,
            file: "test.ron".into(),
            src: src.into(),
            dice: Dice::forced(dice.iter().copied()),
            seed: None,
        },
        &roster,
    )
}

/// Sends a command that must be accepted.
pub fn ok(s: &mut Session, c: Command) {
    match s.send(c) {
        CommandOutcome::Accepted(_) => {}
        CommandOutcome::Refused(c, why) => panic!("{c:?} refused: {why}"),
    }
}

/// Sends a command that must be refused; returns the reason.
pub fn refused(s: &mut Session, c: Command) -> String {
    match s.send(c) {
        CommandOutcome::Accepted(c) => panic!("{c:?} was accepted"),
        CommandOutcome::Refused(_, why) => why,
    }
}

/// The events so far, joined.
pub fn events(s: &mut Session) -> String {
    s.state().events.join("\n")
}

/// A figure's state by id.
pub fn fig(s: &mut Session, id: &str) -> holotable::game::snapshot::FigureState {
    s.state()
        .figures
        .into_iter()
        .find(|f| f.id == id)
        .unwrap_or_else(|| panic!("no figure {id}"))
}
