//! The battlefield text's arithmetic, pure (no Bevy): dice and the die ladder, quality
//! levels, the hex map and its tiles, unit charts, line of sight, movement, combat, support
//! weapons and the scenario schema. What happens when lives in the rule set's other modules.

pub mod combat;
pub mod die;
pub mod map;
pub mod movement;
pub mod quality;
pub mod roster;
pub mod scenario;
pub mod sight;
pub mod support;
