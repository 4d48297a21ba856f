//! The playing screen: a game is on the table; when it ends, the results show.

use bevy::prelude::*;

use super::Screen;
use crate::game::components::InGame;
use crate::game::turn::TurnPhase;

fn to_results(phase: Res<State<TurnPhase>>, mut next: ResMut<NextState<Screen>>) {
    if *phase.get() == TurnPhase::GameOver {
        next.set(Screen::Results);
    }
}

/// Leaving the game: everything of it goes.
fn clear_game(
    mut commands: Commands,
    game: Query<Entity, With<InGame>>,
    mut phase: ResMut<NextState<TurnPhase>>,
) {
    for e in &game {
        commands.entity(e).despawn();
    }
    phase.set(TurnPhase::NoGame);
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, to_results.run_if(in_state(Screen::Playing)))
        .add_systems(OnEnter(Screen::Title), clear_game)
        .add_systems(OnEnter(Screen::ScenarioSelect), clear_game);
}
