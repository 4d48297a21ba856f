//! The arithmetic of 'A Star Wars Battle' (star-wars-battle-space.txt), pure: the craft and
//! their values, facing and the cost of a step, the attack positions, the cards' fight and
//! the bombing rating, and the scenario schema. No Bevy here.

pub mod combat;
pub mod craft;
pub mod facing;
pub mod scenario;
