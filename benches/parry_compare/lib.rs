//! Holotable's line of sight alone: the game's own src/rules/geometry.rs, terrain.rs and los.rs
//! (the same files, not copies), under the paths the game gives them, for the benches beside
//! parry2d in this package (Cargo.toml says why it is a package of its own).

#[path = "../../src/rules/geometry.rs"]
pub mod geometry;
#[path = "../../src/rules/los.rs"]
pub mod los;
#[path = "../../src/rules/terrain.rs"]
pub mod terrain;

/// The game's `holotable::rules`, as far as line of sight goes.
pub mod rules {
    pub use crate::{geometry, los, terrain};
}
