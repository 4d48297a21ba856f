//! The Tyneside "Star Wars skirmish rules" (tyneside-skirmish.txt, v1b, 2018), rule set id
//! `tyneside`: the arithmetic of every table, free of any engine.

pub mod doors;
pub mod fire;
pub mod melee;
pub mod movement;
pub mod orders;
pub mod profile;
pub mod range;
pub mod scenario;
mod validate;
pub mod wounds;

pub use validate::{MOST_FIGURES, parse};
pub mod force;
pub mod force_generation;
pub mod portals;
pub mod random_movement;
pub mod vehicles;
pub mod victory;
