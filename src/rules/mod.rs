//! What the rule texts say: pure functions and plain data, with no engine import.

pub mod dice;
pub mod geometry;
pub mod los;
pub mod scenario;
pub mod terrain;
pub mod tyneside;
pub mod victory;
