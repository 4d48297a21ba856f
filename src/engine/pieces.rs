//! Pieces as the shared view draws them: a token with a side, a label, a round base and
//! badges. A rule set keeps its own components and writes each piece's token; the view never
//! reads a rule set's components.

use bevy::prelude::*;

/// How a piece looks on the board. Units are the board's (inches on an inch table).
#[derive(Component, Clone, Debug, PartialEq)]
pub struct Token {
    /// Side index (its colour).
    pub side: usize,
    /// The label under the base.
    pub label: String,
    /// A mark on the base itself (e.g. "H" for a hero), or empty.
    pub emblem: String,
    /// Base radius.
    pub base: f32,
    /// Height of the label's letters, in board units ([`Token::LABEL`] on an inch table; less
    /// on a hex map, so a label fits its hex and does not run into the next one's).
    pub label_size: f32,
    /// Centre.
    pub at: Vec2,
    /// Status badges above the base (e.g. "W D FP2"), or empty.
    pub badges: String,
    /// Drawn faded (ducked back, hiding, already activated …).
    pub faded: bool,
    /// On the board at all (a piece out of the game is not drawn).
    pub shown: bool,
    /// Stable order for drawing (later pieces above earlier ones).
    pub order: usize,
}

impl Token {
    /// The label height on an inch table, board units.
    pub const LABEL: f32 = 0.83;
}
