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
/// its own on leaving its game), and its replay viewer closes, so the next game does not open
/// in it (a walk left a replay for the title and played another scenario: the old replay's
/// bar and marks stayed over it, its buttons dead). Not on the engine's every leaving of a
/// game: the viewer itself replays a game from its start.
fn clear_game(
    mut state: ResMut<NextState<GameState>>,
    mut viewer: ResMut<crate::engine::replay_view::ReplayStatus>,
) {
    state.set(GameState::NoGame);
    viewer.set_if_neq(crate::engine::replay_view::ReplayStatus::default());
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (to_results, menu).run_if(in_state(Screen::Playing)))
        .add_systems(Update, to_viewer.run_if(in_state(Screen::Results)))
        .add_systems(OnEnter(Screen::Title), clear_game)
        .add_systems(OnEnter(Screen::ScenarioSelect), clear_game);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::replay_view::ReplayStatus;

    /// A game left with its replay open, for the title or the scenario list: the viewer is
    /// closed, so the next game does not open in it.
    #[test]
    fn leaving_for_the_title_or_the_list_closes_the_replay() {
        for to in [Screen::Title, Screen::ScenarioSelect] {
            let mut app = App::new();
            app.add_plugins(bevy::state::app::StatesPlugin)
                .init_state::<GameState>()
                .init_state::<Screen>()
                .insert_resource(ReplayStatus {
                    open: true,
                    len: 18,
                    at: 18,
                    ..default()
                })
                .add_systems(OnEnter(to), clear_game);
            app.world_mut()
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Playing);
            app.update();
            assert!(app.world().resource::<ReplayStatus>().open, "still playing");
            app.world_mut().resource_mut::<NextState<Screen>>().set(to);
            app.update();
            assert_eq!(
                *app.world().resource::<ReplayStatus>(),
                ReplayStatus::default(),
                "{to:?}"
            );
        }
    }
}
