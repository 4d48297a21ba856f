//! One combat: the card game of War, attacker's card against defender's.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use crate::rules::cards::Card;

/// What one pair of cards decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Draw {
    /// The firer's card is higher: the target is destroyed.
    Hit,
    /// The target's card is higher: the fire misses.
    Miss,
    /// The same value: both draw again at once.
    Tie,
}

/// The firer's card against the target's: star-wars-battle-space.txt, COMBAT: "compare the
/// values of each card. The side with the higher score wins. … A tie results in immediately
/// drawing cards to do combat again. If the defender's card is more valuable than the
/// attacker's card, the fire misses. If the attacker's card is more valuable than the
/// defender's card, the defender's spacecraft is hit and destroyed." Values are
/// [`Card::value`] (King 13, Queen 12, Jack 11, numbers at face, Ace 1, Joker 0).
pub fn compare(firer: Card, target: Card) -> Draw {
    match firer.value().cmp(&target.value()) {
        Ordering::Greater => Draw::Hit,
        Ordering::Less => Draw::Miss,
        Ordering::Equal => Draw::Tie,
    }
}

/// A card as the report writes it: "King", "Queen", "Jack", "Ace", "Joker", or its number.
pub fn card_name(card: Card) -> String {
    match card {
        Card::Joker(_) => "Joker".into(),
        Card::Standard { rank: 1, .. } => "Ace".into(),
        Card::Standard { rank: 11, .. } => "Jack".into(),
        Card::Standard { rank: 12, .. } => "Queen".into(),
        Card::Standard { rank: 13, .. } => "King".into(),
        Card::Standard { rank, .. } => rank.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(t: &str) -> Card {
        Card::parse(t).expect("card")
    }

    #[test]
    fn the_reports_draws_decide_as_it_says() {
        // Turn 2: "missed by drawing a 7 card, which was topped by the defender's 10".
        assert_eq!(compare(c("7H"), c("10S")), Draw::Miss);
        // Turn 3: "both sides drew a card showing a 10" then "a Joker and … a 7".
        assert_eq!(compare(c("10H"), c("10C")), Draw::Tie);
        assert_eq!(compare(c("JK1"), c("7D")), Draw::Miss);
        // "drawing a 2 against an Ace" destroys.
        assert_eq!(compare(c("2S"), c("AD")), Draw::Hit);
        // Turn 4: "(Jack, Queen)" misses; the jack is between 10 and the queen.
        assert_eq!(compare(c("JH"), c("QS")), Draw::Miss);
        assert_eq!(compare(c("JH"), c("8S")), Draw::Hit);
        assert_eq!(compare(c("KH"), c("AS")), Draw::Hit);
        assert_eq!(compare(c("QH"), c("JS")), Draw::Hit);
        assert_eq!(card_name(c("QD")), "Queen");
        assert_eq!(card_name(c("JK2")), "Joker");
        assert_eq!(card_name(c("9C")), "9");
    }
}
