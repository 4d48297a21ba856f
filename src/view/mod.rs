//! How the table looks: camera, terrain, figures and overlays, drawn with Bevy's 2D renderer
//! in inches (one world unit is one inch). Reads the game; changes nothing in it.

mod camera;
mod figures;
mod overlays;
mod palette;
mod table;

use bevy::prelude::*;

pub use camera::{PanelInsets, TableCamera};
pub use palette::side_colour;

/// Marks every entity the view spawned for the current game.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct TableVisual;

/// Camera, table, figures and overlays.
pub struct ViewPlugin;

impl Plugin for ViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            camera::plugin,
            table::plugin,
            figures::plugin,
            overlays::plugin,
        ));
    }
}
