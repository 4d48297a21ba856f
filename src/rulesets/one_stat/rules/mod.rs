//! 1 Stat Skirmish's arithmetic, pure (no Bevy systems): fighters and warbands with the text's
//! limits, the one roll against the stat and its variants, the shooters' range bands, and the
//! solitaire game's spawn table (one-stat-skirmish.txt).

pub mod combat;
pub mod fighter;
pub mod movement;
pub mod objectives;
pub mod roll;
pub mod scenario;
pub mod sequence;
pub mod solitaire;
pub mod terrain;
pub mod warband;

/// The inch mark in a message, after a distance filled in (`{gap:.1}{INCH}`) or inside a
/// quotation of the text: written `\"` there it would read as a quote mark (docs/rules/
/// quoting.md), and the window's font has no `″` to write instead.
pub const INCH: char = '"';
