//! Games for the Tyneside rule set's unit tests: a scenario from RON text started headless
//! with forced dice, and questions put to the board as the rules' side sees it.

use bevy::ecs::system::RunSystemOnce;

use super::Tyneside;
use super::board::{Board, GameView};
use super::components::Group;
use crate::engine::dice::Randomness;
use crate::engine::ruleset::Loaded;
use crate::engine::session::Session;
use crate::rules::scenario::read_header;

/// A game of `src` (a scenario's RON text) with `dice` forced, set up and in its first phase.
pub fn game(src: &str, dice: &[u8]) -> Session<Tyneside> {
    let header = read_header(src, "test.ron", &["tyneside"]).expect("a scenario header");
    let loaded = Loaded {
        file: "test.ron".into(),
        src: src.into(),
        header,
    };
    Session::start(&loaded, Randomness::forced(dice.iter().copied(), [])).expect("it sets up")
}

/// What `ask` answers of the game's board (mutable: a test may change a figure's copy) and
/// its groups.
pub fn on_board<T: Send + 'static>(
    s: &mut Session<Tyneside>,
    ask: impl Fn(&mut Board, &[&Group]) -> T + Send + Sync + 'static,
) -> T {
    s.world_mut()
        .run_system_once(move |view: GameView| {
            let mut board = view.board().expect("a game on the table");
            ask(&mut board, &view.all_groups())
        })
        .expect("the board can be read")
}

/// The index of figure `id` on `board`.
pub fn fig(board: &Board, id: &str) -> usize {
    board.find(id).expect("a figure of the test scenario")
}

/// Luke at (10, 10), a stormtrooper at (20, 10) (group E, `ORDER`), Vader at (10, 20); the
/// Empire is the rules' side.
pub const DUEL: &str = r#"(
    name: "Duel", ruleset: "tyneside", random_movement: false, table: (48.0, 32.0),
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "L", name: "Luke", order: Stand, figures: [
                (id: "luke", profile: "Luke Skywalker", at: (10.0, 10.0), hero: true),
            ]),
        ]),
        (id: "empire", name: "Empire", imperial: true, control: Rules, groups: [
            (id: "E", name: "Trooper", order: ORDER, figures: [
                (id: "e1", profile: "Stormtrooper", at: (20.0, 10.0)),
            ]),
            (id: "V", name: "Vader", order: Stand, figures: [
                (id: "darth", profile: "Darth Vader", at: (10.0, 20.0), hero: true),
            ]),
        ]),
    ],
)"#;

/// Ends activations (sending the commands as a player would) until group `group` is the
/// active one in the Movement phase.
pub fn to_movement_of(s: &mut Session<Tyneside>, group: &str) {
    use super::commands::Command;
    use super::turn::TurnState;
    for _ in 0..20 {
        let turn = s.world().resource::<TurnState>();
        if s.phase() == "Movement" && turn.active_group() == Some(group) {
            return;
        }
        let c = if s.phase() == "Orders" {
            Command::EndPhase
        } else {
            Command::EndActivation
        };
        let out = s.send(c);
        assert!(
            matches!(out, crate::engine::pipeline::CommandOutcome::Accepted(_)),
            "{out:?}"
        );
    }
    panic!("{group} never moved");
}
