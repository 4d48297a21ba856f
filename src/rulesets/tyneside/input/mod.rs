//! How a person acts on a Tyneside table: the pointer selects, drags figures and measures;
//! keys run, hide, jump and end activations. Everything it does to the game is a `Command`.

mod keys;
mod pointer;

use bevy::prelude::*;

pub(crate) use keys::runs;
pub use pointer::{ForceReach, MovePreview, PointerState, SightLine, SightPreview, side_to_act};

/// Pointer and keyboard input on the table.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((pointer::plugin, keys::plugin));
}
