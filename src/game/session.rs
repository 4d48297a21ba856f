//! A headless game driven one command at a time: what `holotable run`, the tests and the
//! benchmarks use. The same plugins and command path as the window.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use super::GamePlugin;
use super::commands::{Command, CommandOutcome, Outcomes as OutcomeList};
use super::snapshot::{GameState, snapshot};
use super::table::{GameSetup, start_game};
use super::turn::TurnPhase;
use crate::rules::tyneside::profile::Roster;

/// A headless app with a game in it.
pub struct Session {
    /// The app (MinimalPlugins, StatesPlugin, GamePlugin).
    pub app: App,
}

/// The headless app with no game loaded.
pub fn headless_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, GamePlugin));
    app
}

impl Session {
    /// Starts `setup`'s game and runs it to the first Orders phase.
    pub fn new(setup: GameSetup, roster: &Roster) -> Self {
        let mut app = headless_app();
        app.update();
        start_game(app.world_mut(), setup, roster);
        let mut s = Self { app };
        s.settle();
        s
    }

    /// Runs updates until no phase change is pending (the end of a turn takes a few).
    fn settle(&mut self) {
        for _ in 0..16 {
            self.app.update();
            let pending = matches!(
                self.app.world().resource::<NextState<TurnPhase>>(),
                NextState::Pending(_)
            );
            if !pending {
                break;
            }
        }
    }

    /// Applies one command and returns what became of it.
    pub fn send(&mut self, command: Command) -> CommandOutcome {
        self.app.world_mut().resource_mut::<OutcomeList>().0.clear();
        self.app.world_mut().write_message(command.clone());
        for _ in 0..8 {
            self.app.update();
            if let Some(o) = self.app.world_mut().resource_mut::<OutcomeList>().0.pop() {
                self.settle();
                return o;
            }
        }
        CommandOutcome::Refused(
            command,
            "the command was not handled (internal error)".into(),
        )
    }

    /// The current phase.
    pub fn phase(&self) -> TurnPhase {
        *self.app.world().resource::<State<TurnPhase>>().get()
    }

    /// The game's state as plain data.
    pub fn state(&mut self) -> GameState {
        snapshot(self.app.world_mut())
    }
}
