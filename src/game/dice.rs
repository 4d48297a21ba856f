//! The dice resource: the game's one source of randomness (see rules::dice).

use bevy::prelude::*;

use crate::rules::dice::Dice;

/// The game's dice: seeded or forced, with the log of every roll.
#[derive(Resource, Clone, Debug, Deref, DerefMut)]
pub struct DiceRes(pub Dice);
