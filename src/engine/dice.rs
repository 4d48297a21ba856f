//! The game's randomness as resources: the dice and the card deck (see rules::dice and
//! rules::cards). Nothing else in a game is random.

use bevy::prelude::*;

use crate::rules::cards::Deck;
use crate::rules::dice::Dice;

/// The game's dice: seeded, forced (scripts, replays) or typed in, with the log of every roll.
#[derive(Resource, Clone, Debug, Deref, DerefMut)]
pub struct DiceRes(pub Dice);

/// The game's card deck (rule sets that draw cards instead of rolling): seeded, forced or
/// typed in like the dice, with the log of every draw.
#[derive(Resource, Clone, Debug, Deref, DerefMut)]
pub struct DeckRes(pub Deck);

/// Where a new game's dice and cards come from.
#[derive(Clone, Debug)]
pub struct Randomness {
    /// The dice.
    pub dice: Dice,
    /// The deck.
    pub deck: Deck,
    /// The seed, when the dice are seeded (kept in the record).
    pub seed: Option<u64>,
}

impl Randomness {
    /// Dice and deck from one seed: the same seed gives the same game.
    pub fn seeded(seed: u64) -> Self {
        Self {
            dice: Dice::seeded(seed),
            deck: Deck::seeded(seed),
            seed: Some(seed),
        }
    }

    /// Forced dice faces and cards, used in order (scripts and tests); an error once a
    /// needed one runs out.
    pub fn forced(
        faces: impl IntoIterator<Item = u8>,
        cards: impl IntoIterator<Item = crate::rules::cards::Card>,
    ) -> Self {
        Self {
            dice: Dice::forced(faces),
            deck: Deck::forced(cards),
            seed: None,
        }
    }
}

/// Inserts the dice and deck of a new game.
pub fn insert(world: &mut World, r: Randomness) {
    world.insert_resource(DiceRes(r.dice));
    world.insert_resource(DeckRes(r.deck));
}
