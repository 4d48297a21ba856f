//! How the board looks, for every rule set: camera, the board by its geometry, and pieces by
//! their tokens, drawn with Bevy's 2D renderer in the board's units (one world unit is one
//! inch on an inch table), and the same table in 3D ([`ViewMode`]). Rule sets draw their own
//! overlays. Reads the game; changes nothing.

mod camera;
mod canvas;
mod contact;
mod cursor_note;
mod hint;
mod loupe;
mod marks;
mod models;
pub mod palette;
mod patterns;
mod plain;
mod press;
mod sharp_text;
mod strokes;
mod table;
mod tags_3d;
mod three_d;
mod tokens;

use bevy::prelude::*;

pub use camera::{PanelInsets, TableCamera, TableCamera3d, TablePointer, ViewMode};
pub use canvas::Compiling;
pub use cursor_note::{CursorNote, CursorNoteSet, NotePart};
pub use marks::Marks;
pub use palette::side_colour;
pub use sharp_text::{LeastPx, TableText, TableZoom, font_px};
pub use strokes::Strokes;
pub use table::{BoardDrawn, spawn_strokes};
#[cfg(test)]
pub(crate) use tokens::check::fixed_texts_apart as check_fixed_texts_apart;
#[cfg(test)]
pub(crate) use tokens::check::flat_texts_shown;
#[cfg(test)]
pub(crate) use tokens::check::state_marks as check_state_marks;
pub use tokens::{
    FixedText, KeepClear, Pointed, TableTextScale, clear_at, clear_place, shown_base, text_heights,
};

/// Marks every entity the view spawned for the current game.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct TableVisual;

/// Camera, board and tokens.
pub struct ViewPlugin;

impl Plugin for ViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            camera::plugin,
            cursor_note::plugin,
            hint::plugin,
            loupe::plugin,
            marks::plugin,
            canvas::plugin,
            contact::plugin,
            table::plugin,
            tokens::plugin,
            three_d::plugin,
            tags_3d::plugin,
            plain::plugin,
            press::plugin,
            sharp_text::plugin,
        ));
    }
}
