//! The mass combat text's arithmetic, pure (no Bevy): dice codes, the charts, command, the
//! march, unit statistics and the resolution of an attack.

pub mod attack;
pub mod charts;
pub mod code;
pub mod command;
pub mod march;
pub mod scenario;
pub mod unit;
