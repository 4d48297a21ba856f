//! What every rule set shares, pure and free of the engine: dice and cards, inch-table
//! geometry, line of sight, terrain, the scenario header, victory arithmetic, the searching
//! opponent and the words their sentences share. Rule sets' own rules live in
//! `src/rulesets/<id>/rules/`.

pub mod cards;
pub mod dice;
pub mod geometry;
pub mod history;
pub mod layout;
pub mod los;
pub mod scenario;
pub mod search;
pub mod terrain;
pub mod words;
