//! The playing screen: a game is on the table; when it ends, the results show.

use bevy::prelude::*;

use super::Screen;
use crate::engine::replay_view::ReplayStatus;
use crate::engine::state::GameState;
use crate::ui::ShellAction;

/// A game over goes to its result, unless it is being looked back on in the replay viewer.
fn to_results(
    state: Res<State<GameState>>,
    replay: Res<ReplayStatus>,
    mut next: ResMut<NextState<Screen>>,
) {
    if matches!(state.get(), GameState::Over(_)) && !replay.open {
        next.set(Screen::Results);
    }
}

/// The replay viewer opened on a finished game (its result's Replay, or a finished save
/// opened as a replay): the playing screen shows it.
fn to_viewer(replay: Res<ReplayStatus>, mut next: ResMut<NextState<Screen>>) {
    if replay.open {
        next.set(Screen::Playing);
    }
}

/// The shell's Menu button: back to the title, leaving the game's last refusal behind (a
/// failed Save as… stood on the title screen, cut off behind its buttons: a walk).
fn menu(
    mut asked: MessageReader<ShellAction>,
    mut next: ResMut<NextState<Screen>>,
    mut notice: ResMut<crate::engine::pipeline::Notice>,
) {
    if asked.read().any(|a| *a == ShellAction::Menu) {
        next.set(Screen::Title);
        notice.refusal = None;
    }
}

/// Leaving the game: the rule set's phases exit and its entities go (each rule set despawns
/// its own on leaving its game).
fn clear_game(mut state: ResMut<NextState<GameState>>) {
    state.set(GameState::NoGame);
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (to_results, menu).run_if(in_state(Screen::Playing)))
        .add_systems(Update, to_viewer.run_if(in_state(Screen::Results)))
        .add_systems(OnEnter(Screen::Title), clear_game)
        .add_systems(OnEnter(Screen::ScenarioSelect), clear_game);
}
