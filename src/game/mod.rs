//! When things happen: the game state in the ECS world, the command flow, the turn sequence
//! and the Tyneside phase plugins. Runs headless.

pub mod board;
pub mod commands;
pub mod components;
pub mod dice;
pub mod outcomes;
pub mod record;
pub mod save;
pub mod session;
pub mod snapshot;
pub mod table;
pub mod turn;
pub mod tyneside;

use bevy::prelude::*;

/// Everything the rules need, with no rendering: commands, turn sequence, phase plugins.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((commands::plugin, turn::plugin, tyneside::TynesidePlugin));
    }
}

/// Run condition: no game is on (none loaded, or it is over).
pub fn game_over_or_none(phase: Res<State<turn::TurnPhase>>) -> bool {
    matches!(
        phase.get(),
        turn::TurnPhase::NoGame | turn::TurnPhase::GameOver
    )
}
