//! Cards: the space-fighter rule set draws playing cards where the others roll dice. A
//! [`Deck`] is to cards what [`crate::rules::dice::Dice`] is to dice.
//!
//! star-wars-battle-space.txt, EQUIPMENT: "1 deck of regular playing cards to use for combat
//! (include the Jokers)", i.e. 52 cards and 2 jokers, 54 in all ([`DECK_SIZE`]). COMBAT: "both
//! sides (the attacker and the defender) will take the top card of a well-shuffled deck and
//! compare the values of each card" (see [`Card::value`]).
//!
//! A [`Deck`] is either seeded (shuffled with ChaCha8, so the same seed gives the same game) or
//! forced (a queue of cards for tests, scripts, replays and players who draw from a physical
//! deck). Every draw is kept as a [`CardRecord`] with its reason.

use std::collections::VecDeque;

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Cards in a full deck: 52 and the 2 jokers (star-wars-battle-space.txt, EQUIPMENT: "1 deck
/// of regular playing cards to use for combat (include the Jokers)").
pub const DECK_SIZE: usize = 54;

/// A playing card's suit. Suits carry no value in the rules (star-wars-battle-space.txt,
/// COMBAT, "A Chart Showing the Value of the Cards" ranks cards by face only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    /// ♣, written C.
    Clubs,
    /// ♦, written D.
    Diamonds,
    /// ♥, written H.
    Hearts,
    /// ♠, written S.
    Spades,
}

impl Suit {
    /// The four suits in deck order: clubs, diamonds, hearts, spades.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's letter in card notation: C, D, H or S.
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// The suit written `c` (C, D, H or S, either case); None for any other character.
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }
}

/// One card of the 54-card deck. Written "AS", "10H", "QD", "KC", "2C", "JK1", "JK2" (see
/// [`Card::parse`] and the `Display` impl).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Card {
    /// One of the 52 suited cards.
    Standard {
        /// 1 = ace, 2–10 the number cards, 11 = jack, 12 = queen, 13 = king.
        rank: u8,
        /// Its suit.
        suit: Suit,
    },
    /// One of the two jokers, numbered 1 or 2 to tell them apart.
    Joker(u8),
}

impl Card {
    /// The card as printed, for a person: "Q♥", "10♠", "A♦", "Joker" (the `Display` form,
    /// "QH", is what a typed card is read from).
    pub fn face(self) -> String {
        match self {
            Card::Joker(_) => "Joker".into(),
            Card::Standard { rank, suit } => {
                let symbol = match suit {
                    Suit::Clubs => '♣',
                    Suit::Diamonds => '♦',
                    Suit::Hearts => '♥',
                    Suit::Spades => '♠',
                };
                match rank {
                    1 => format!("A{symbol}"),
                    11 => format!("J{symbol}"),
                    12 => format!("Q{symbol}"),
                    13 => format!("K{symbol}"),
                    n => format!("{n}{symbol}"),
                }
            }
        }
    }

    /// Whether it is printed in red: a diamond or a heart.
    pub fn is_red(self) -> bool {
        matches!(
            self,
            Card::Standard {
                suit: Suit::Diamonds | Suit::Hearts,
                ..
            }
        )
    }

    /// The card's value in combat, 0 to 13: star-wars-battle-space.txt, COMBAT, "A Chart
    /// Showing the Value of the Cards": "King = 13 Queen = 12 … The number cards are worth the
    /// number shown on the card. An Ace is worth 1 and a Joker is worth 0." (The jack, between
    /// 10 and the queen, is 11.)
    pub const fn value(self) -> u8 {
        match self {
            Card::Standard { rank, .. } => rank,
            Card::Joker(_) => 0,
        }
    }

    /// Whether this is a card of the 54-card deck: rank 1..=13, or joker 1 or 2.
    pub const fn is_valid(self) -> bool {
        match self {
            Card::Standard { rank, .. } => rank >= 1 && rank <= 13,
            Card::Joker(n) => n == 1 || n == 2,
        }
    }

    /// The 54 cards in a fixed order (clubs ace to king, then diamonds, hearts, spades, then
    /// JK1, JK2): the order a deck holds before it is shuffled.
    pub fn full_deck() -> Vec<Card> {
        let mut cards = Vec::with_capacity(DECK_SIZE);
        for suit in Suit::ALL {
            for rank in 1..=13 {
                cards.push(Card::Standard { rank, suit });
            }
        }
        cards.push(Card::Joker(1));
        cards.push(Card::Joker(2));
        cards
    }

    /// Reads a card in notation: rank then suit letter, "AS", "10H", "TH" (T for ten), "QD",
    /// "KC", "2C", or a joker "JK1", "JK2". Case and surrounding spaces do not matter.
    ///
    /// Errors: [`CardError::BadCard`] with the text and why, for an empty text, a rank other
    /// than A, 2–10, T, J, Q, K, a suit other than C, D, H, S, or a joker other than 1 or 2.
    pub fn parse(text: &str) -> Result<Card, CardError> {
        let bad = |why: &str| CardError::BadCard {
            text: text.to_string(),
            why: why.to_string(),
        };
        let s = text.trim().to_ascii_uppercase();
        if s.is_empty() {
            return Err(bad("it is empty; write e.g. AS, 10H, QD, KC or JK1"));
        }
        if let Some(n) = s.strip_prefix("JK") {
            return match n {
                "1" => Ok(Card::Joker(1)),
                "2" => Ok(Card::Joker(2)),
                _ => Err(bad("a joker is JK1 or JK2")),
            };
        }
        let mut chars = s.chars();
        let last = chars.next_back().unwrap_or(' ');
        let Some(suit) = Suit::from_letter(last) else {
            return Err(bad("it must end with the suit: C, D, H or S"));
        };
        let rank_txt = chars.as_str();
        let rank: u8 = match rank_txt {
            "A" => 1,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            "T" | "10" => 10,
            "2" => 2,
            "3" => 3,
            "4" => 4,
            "5" => 5,
            "6" => 6,
            "7" => 7,
            "8" => 8,
            "9" => 9,
            "" => return Err(bad("the rank is missing: A, 2–10 (or T), J, Q or K")),
            _ => return Err(bad("the rank must be A, 2–10 (or T), J, Q or K")),
        };
        Ok(Card::Standard { rank, suit })
    }
}

impl std::str::FromStr for Card {
    type Err = CardError;

    /// The same as [`Card::parse`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl std::fmt::Display for Card {
    /// "AS", "10H", "QD", "KC", "2C", "JK1": rank (A, 2–10, J, Q, K) then suit letter.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Card::Standard { rank, suit } => {
                match rank {
                    1 => write!(f, "A")?,
                    11 => write!(f, "J")?,
                    12 => write!(f, "Q")?,
                    13 => write!(f, "K")?,
                    n => write!(f, "{n}")?,
                }
                write!(f, "{}", suit.letter())
            }
            Card::Joker(n) => write!(f, "JK{n}"),
        }
    }
}

/// One draw as the card log shows it (the counterpart of
/// [`crate::rules::dice::RollRecord`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardRecord {
    /// The card drawn.
    pub card: Card,
    /// Why it was drawn, e.g. "combat: blue Tie fighter attacks red X-Wing".
    pub reason: String,
    /// What it decided ("hit", "miss", "tie"), filled in by the rule that used it.
    pub outcome: String,
    /// True when a player typed the card in, drawing from a physical deck (see
    /// [`Deck::push_typed`]); false for shuffled, scripted and replayed cards.
    #[serde(default)]
    pub typed: bool,
}

/// The error when a card cannot be read or drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    /// A card's notation that cannot be read, or a forced card that is not in a 54-card deck.
    #[error("bad card \"{text}\": {why}")]
    BadCard {
        /// The text (or card) as given.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// A forced or typed card that is not in the draw pile because it was already drawn (a
    /// card cannot be drawn twice before the discards are shuffled back).
    #[error("{card} is not in the draw pile: it was already drawn ({reason})")]
    NotInDeck {
        /// The card asked for.
        card: Card,
        /// Why it was to be drawn.
        reason: String,
    },
    /// The players draw from their own deck ([`Deck::set_manual`]) and no card they drew is
    /// waiting: the card this draw wants must be typed in first ([`Deck::take_wanted`]).
    #[error("draw a card ({reason}) and type it in")]
    Wanted {
        /// Why it is to be drawn.
        reason: String,
    },
    /// No card can be drawn: a forced deck's queue ran out, or every card is out of the draw
    /// pile and none has been discarded.
    #[error("no card left to draw ({reason}): {why}")]
    Exhausted {
        /// Why it was to be drawn.
        reason: String,
        /// Which way the deck ran out.
        why: String,
    },
}

/// Where a [`Deck`] stood at one moment, to put it back there with [`Deck::restore`] (a
/// refused command undoes its draws): both piles, the forced queue, the generator and the
/// log's length.
#[derive(Clone, Debug)]
pub struct DeckCheckpoint {
    pile: Vec<Card>,
    discards: Vec<Card>,
    rng: Option<ChaCha8Rng>,
    forced: VecDeque<(Card, bool)>,
    log_len: usize,
    last_outcome: Option<String>,
}

/// The game's card deck, with the log of every draw: forced cards (typed in, scripted or
/// replayed) are drawn first, then the top of the shuffled draw pile; an empty pile takes the
/// discards back, shuffled (star-wars-battle-space.txt, COMBAT: "take the top card of a
/// well-shuffled deck").
#[derive(Clone, Debug)]
pub struct Deck {
    /// The draw pile; its top is the last element.
    pile: Vec<Card>,
    /// Cards discarded since the last reshuffle, oldest first.
    discards: Vec<Card>,
    rng: Option<ChaCha8Rng>,
    /// Forced cards in order, each with whether a player typed it in.
    forced: VecDeque<(Card, bool)>,
    log: Vec<CardRecord>,
    /// The players draw from their own deck: a draw with no typed card waiting fails, saying
    /// why it draws ([`Deck::take_wanted`]).
    manual: bool,
    /// Why the last failed draw of a manual deck drew: what to ask the players for.
    wanted: Option<String>,
    /// Draws asked for so far, made or failed ([`Deck::tried`]).
    tried: usize,
    /// Draws are logged ([`Deck::unlogged`] turns it off).
    logged: bool,
}

impl Deck {
    /// A full 54-card deck shuffled with a generator seeded with `seed`: the same seed gives
    /// the same order, draw for draw, and later reshuffles of the discards follow it too.
    pub fn seeded(seed: u64) -> Self {
        Self::forced(std::iter::empty::<Card>()).then_seeded(seed)
    }

    /// A deck that gives `cards` in order, one per draw, then refuses with
    /// [`CardError::Exhausted`]. It holds the 54 cards unshuffled ([`Card::full_deck`]); each
    /// forced card is taken out of the draw pile when drawn, and one drawn already may be
    /// drawn again (no seed, so nothing to check against). Scripted or replayed cards: their
    /// draws are logged `typed: false`.
    pub fn forced(cards: impl IntoIterator<Item = Card>) -> Self {
        Self {
            pile: Card::full_deck(),
            discards: Vec::new(),
            rng: None,
            forced: cards.into_iter().map(|c| (c, false)).collect(),
            log: Vec::new(),
            manual: false,
            wanted: None,
            tried: 0,
            logged: true,
        }
    }

    /// Seeds the generator (the one that shuffles the discards back) anew with `seed`, if the
    /// deck has one: a command's reshuffles are a function of the game's seed and its place
    /// (`crate::rules::dice::command_seed`). The pile is not shuffled again.
    pub fn reseed(&mut self, seed: u64) {
        if self.rng.is_some() {
            self.rng = Some(ChaCha8Rng::seed_from_u64(seed));
        }
    }

    /// This deck, logging no draws: games played headless for the balance report, where
    /// nobody reads the log. The cards are the same, draw for draw.
    pub fn unlogged(mut self) -> Self {
        self.logged = false;
        self
    }

    /// This deck, with its draw pile shuffled by a generator seeded with `seed`, drawn from
    /// once the forced cards run out. `Deck::forced(cards).then_seeded(seed)` has the pile of
    /// `Deck::seeded(seed)`, so a loaded game replays its recorded cards (taking each out of
    /// the same pile, reshuffling at the same moments) and then draws afresh in step.
    pub fn then_seeded(mut self, seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        self.pile.shuffle(&mut rng);
        self.rng = Some(rng);
        self
    }

    /// This deck as a player sees it, for the searching opponent
    /// ([`crate::rules::search::Searchable::sample_hidden`]): the same cards in the draw pile
    /// and the same discards, but the pile's order unknown, so shuffled anew by `rng`, with a
    /// generator of its own for later reshuffles; no forced cards waiting, drawn by itself
    /// (never from the players' own deck) and unlogged.
    pub fn unseen(&self, rng: &mut ChaCha8Rng) -> Deck {
        let mut pile = self.pile.clone();
        // Forced cards still waiting are in the pile too, as unseen as the rest.
        pile.shuffle(rng);
        Deck {
            pile,
            discards: self.discards.clone(),
            rng: Some(ChaCha8Rng::seed_from_u64(rng.random())),
            forced: VecDeque::new(),
            log: Vec::new(),
            manual: false,
            wanted: None,
            tried: 0,
            logged: false,
        }
    }

    /// Draws a card for `reason`, logs it (unless [`Deck::unlogged`]) and returns it: the
    /// next forced card if there is one, else the top of the draw pile; when the pile is
    /// empty, the discards are shuffled back in first. A forced card is taken out of the draw
    /// pile, so it is never drawn twice while the pile holds it.
    ///
    /// Errors: [`CardError::BadCard`] when the forced card is not a card of the deck;
    /// [`CardError::NotInDeck`] when the forced card is not in the draw pile (already drawn)
    /// and the deck is seeded (a purely forced deck allows it); [`CardError::Exhausted`] when
    /// no forced card is left and the deck has no seed, or the pile and the discards are both
    /// empty. A failed draw logs nothing and consumes nothing.
    pub fn draw(&mut self, reason: impl Into<String>) -> Result<Card, CardError> {
        self.tried += 1;
        let reason = reason.into();
        let (card, typed) = if let Some(&(card, typed)) = self.forced.front() {
            if !card.is_valid() {
                return Err(CardError::BadCard {
                    text: card.to_string(),
                    why: "not a card of the 54-card deck".to_string(),
                });
            }
            let seeded = self.rng.is_some();
            if seeded && self.pile.is_empty() && self.discards.contains(&card) {
                // A seeded draw would shuffle the discards back in here: do the same, so a
                // replay stays in step with the game it replays.
                self.reshuffle();
            }
            match self.pile.iter().rposition(|&c| c == card) {
                Some(i) => {
                    self.pile.remove(i);
                }
                None if !seeded => {}
                None => return Err(CardError::NotInDeck { card, reason }),
            }
            self.forced.pop_front();
            (card, typed)
        } else {
            if self.manual {
                self.wanted = Some(reason.clone());
                return Err(CardError::Wanted { reason });
            }
            if self.rng.is_none() {
                return Err(CardError::Exhausted {
                    reason,
                    why: "no forced card is left and the deck has no seed; give more cards"
                        .to_string(),
                });
            }
            if self.pile.is_empty() {
                if self.discards.is_empty() {
                    return Err(CardError::Exhausted {
                        reason,
                        why: "every card has been drawn and none discarded".to_string(),
                    });
                }
                self.reshuffle();
            }
            match self.pile.pop() {
                Some(card) => (card, false),
                None => {
                    return Err(CardError::Exhausted {
                        reason,
                        why: "every card has been drawn and none discarded".to_string(),
                    });
                }
            }
        };
        if !self.logged {
            return Ok(card);
        }
        self.log.push(CardRecord {
            card,
            reason,
            outcome: String::new(),
            typed,
        });
        Ok(card)
    }

    /// Shuffles the discards back into the (empty) draw pile with the generator; does nothing
    /// without one.
    fn reshuffle(&mut self) {
        if let Some(rng) = self.rng.as_mut() {
            self.pile.append(&mut self.discards);
            self.pile.shuffle(rng);
        }
    }

    /// Puts a drawn card on the discard pile, to be shuffled back in when the draw pile runs
    /// out. A card already in the draw pile or on the discard pile is ignored, so the deck
    /// never holds a card twice.
    pub fn discard(&mut self, card: Card) {
        if !self.pile.contains(&card) && !self.discards.contains(&card) {
            self.discards.push(card);
        }
    }

    /// Writes what the last draw decided ("hit", "miss", "tie") into the log.
    pub fn note_outcome(&mut self, outcome: impl Into<String>) {
        if let Some(last) = self.log.last_mut() {
            last.outcome = outcome.into();
        }
    }

    /// How many draws were asked for so far, made or failed (a restore does not take them
    /// back): the pipeline tells by it whether a refused command got as far as the deck.
    pub fn tried(&self) -> usize {
        self.tried
    }

    /// Every draw so far, oldest first.
    pub fn log(&self) -> &[CardRecord] {
        &self.log
    }

    /// How many cards are in the draw pile (0 to 54; discards not counted).
    pub fn left(&self) -> usize {
        self.pile.len()
    }

    /// The discard pile, oldest first.
    pub fn discards(&self) -> &[Card] {
        &self.discards
    }

    /// How many forced cards (scripted and typed) are left.
    pub fn forced_left(&self) -> usize {
        self.forced.len()
    }

    /// Players draw from their own deck (`true`): each draw with no typed card waiting is
    /// refused with [`CardError::Wanted`], and the card is asked for ("We draw our own").
    pub fn set_manual(&mut self, manual: bool) {
        self.manual = manual;
    }

    /// Whether the players draw from their own deck.
    pub fn manual(&self) -> bool {
        self.manual
    }

    /// Why the last refused draw of a manual deck drew, if one is waiting, left in place: the
    /// game waits for that card.
    pub fn wanted(&self) -> Option<&str> {
        self.wanted.as_deref()
    }

    /// Why the last refused draw of a manual deck drew, if one is waiting: the card to ask the
    /// players for.
    pub fn take_wanted(&mut self) -> Option<String> {
        self.wanted.take()
    }

    /// Whether `card` may be drawn now: it is in the draw pile, or every card of the pile is
    /// already waiting to be drawn (so the pile will be empty by then) and it is among the
    /// discards that would be shuffled back; and it is not itself already waiting to be drawn
    /// (typed in or forced for an earlier draw). A card typed in by players must pass this (a
    /// card cannot be drawn twice).
    pub fn can_draw(&self, card: Card) -> bool {
        let waiting = |c: Card| self.forced.iter().any(|(f, _)| *f == c);
        card.is_valid()
            && !waiting(card)
            && (self.pile.contains(&card)
                || self.pile.iter().all(|&c| waiting(c)) && self.discards.contains(&card))
    }

    /// Adds cards typed in by players who draw from a physical deck: they are drawn, after any
    /// forced cards already queued, before the shuffled pile's, and logged `typed: true`. A
    /// typed card already drawn is refused by [`Deck::draw`] with [`CardError::NotInDeck`]
    /// and stays queued.
    pub fn push_typed(&mut self, cards: impl IntoIterator<Item = Card>) {
        self.forced.extend(cards.into_iter().map(|c| (c, true)));
    }

    /// Adds cards drawn elsewhere and recorded (an online game's cards, drawn by the host):
    /// drawn after any forced cards already queued, and logged `typed: false`, as a replay's.
    pub fn push_recorded(&mut self, cards: impl IntoIterator<Item = Card>) {
        self.forced.extend(cards.into_iter().map(|c| (c, false)));
    }

    /// Where the deck stands now: both piles, the forced queue and the generator (cloned; at
    /// most 54 cards) and the log's length, so [`Deck::restore`] can undo every draw and
    /// discard made after it without cloning the log.
    pub fn checkpoint(&self) -> DeckCheckpoint {
        DeckCheckpoint {
            pile: self.pile.clone(),
            discards: self.discards.clone(),
            rng: self.rng.clone(),
            forced: self.forced.clone(),
            log_len: self.log.len(),
            last_outcome: self.log.last().map(|r| r.outcome.clone()),
        }
    }

    /// Puts the deck back where `cp` found it: the log is cut to its length then (and the
    /// outcome of its last draw put back), the piles, the forced queue and the generator are
    /// restored, so the next draw gives what it would have given then. `cp` must come from
    /// this deck.
    pub fn restore(&mut self, cp: DeckCheckpoint) {
        self.log.truncate(cp.log_len);
        if self.log.len() == cp.log_len
            && let (Some(last), Some(outcome)) = (self.log.last_mut(), cp.last_outcome)
        {
            last.outcome = outcome;
        }
        self.pile = cp.pile;
        self.discards = cp.discards;
        self.rng = cp.rng;
        self.forced = cp.forced;
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn a_card_is_shown_as_printed() {
        let q = Card::Standard {
            rank: 12,
            suit: Suit::Hearts,
        };
        assert_eq!((q.face(), q.is_red()), ("Q♥".to_string(), true));
        let ten = Card::Standard {
            rank: 10,
            suit: Suit::Spades,
        };
        assert_eq!((ten.face(), ten.is_red()), ("10♠".to_string(), false));
        assert_eq!(Card::Joker(1).face(), "Joker");
    }

    fn c(text: &str) -> Card {
        Card::parse(text).unwrap()
    }

    fn draw_all(deck: &mut Deck, n: usize) -> Vec<Card> {
        (0..n)
            .map(|i| deck.draw(format!("draw {i}")).unwrap())
            .collect()
    }

    #[test]
    fn an_unlogged_deck_draws_the_same_cards_and_logs_none() {
        let (mut a, mut b) = (Deck::seeded(5), Deck::seeded(5).unlogged());
        for i in 0..DECK_SIZE + 10 {
            let (x, y) = (a.draw("t").unwrap(), b.draw("t").unwrap());
            assert_eq!(x, y, "draw {i}");
            a.discard(x);
            b.discard(y);
        }
        assert_eq!((a.log().len(), b.log().len()), (DECK_SIZE + 10, 0));
    }

    #[test]
    fn a_seeded_deck_holds_54_distinct_cards() {
        let mut deck = Deck::seeded(1);
        assert_eq!(deck.left(), DECK_SIZE);
        let drawn = draw_all(&mut deck, DECK_SIZE);
        let set: BTreeSet<Card> = drawn.iter().copied().collect();
        assert_eq!(set.len(), DECK_SIZE);
        assert_eq!(
            set,
            Card::full_deck().into_iter().collect::<BTreeSet<Card>>()
        );
        assert!(drawn.iter().all(|c| c.is_valid()));
        assert_eq!(deck.left(), 0);
        assert_eq!(deck.log().len(), DECK_SIZE);
        assert!(matches!(
            deck.draw("55th"),
            Err(CardError::Exhausted { .. })
        ));
        assert_eq!(deck.log().len(), DECK_SIZE, "a failed draw logs nothing");
    }

    #[test]
    fn same_seed_same_order_different_seeds_differ() {
        let a = draw_all(&mut Deck::seeded(3), DECK_SIZE);
        let b = draw_all(&mut Deck::seeded(3), DECK_SIZE);
        let other = draw_all(&mut Deck::seeded(4), DECK_SIZE);
        assert_eq!(a, b);
        assert_ne!(a, other);
        let mut unshuffled = Card::full_deck();
        unshuffled.reverse();
        assert_ne!(a, unshuffled, "the deck is shuffled");
    }

    #[test]
    fn forced_then_seeded() {
        let mut deck = Deck::forced([c("AS"), c("JK1")]).then_seeded(7);
        assert_eq!(deck.draw("a").unwrap(), c("AS"));
        assert_eq!(deck.draw("b").unwrap(), c("JK1"));
        assert_eq!(deck.left(), DECK_SIZE - 2);
        let rest = draw_all(&mut deck, DECK_SIZE - 2);
        let expected: Vec<Card> = draw_all(&mut Deck::seeded(7), DECK_SIZE)
            .into_iter()
            .filter(|&x| x != c("AS") && x != c("JK1"))
            .collect();
        assert_eq!(rest, expected);
        assert!(
            deck.log().iter().all(|r| !r.typed),
            "forced cards are not typed"
        );
    }

    #[test]
    fn forced_deck_gives_its_cards_then_errors() {
        let mut deck = Deck::forced([c("KC"), c("KC")]);
        assert_eq!(deck.draw("a").unwrap(), c("KC"));
        assert_eq!(deck.left(), DECK_SIZE - 1, "taken out of the pile");
        assert_eq!(
            deck.draw("b").unwrap(),
            c("KC"),
            "no seed: a repeat is allowed"
        );
        assert!(matches!(deck.draw("c"), Err(CardError::Exhausted { .. })));
        let mut bad = Deck::forced([Card::Standard {
            rank: 14,
            suit: Suit::Hearts,
        }]);
        assert!(matches!(bad.draw("x"), Err(CardError::BadCard { .. })));
        assert_eq!(bad.forced_left(), 1, "nothing consumed");
    }

    #[test]
    fn a_manual_deck_asks_for_each_card_and_takes_only_one_still_in_the_deck() {
        let mut deck = Deck::seeded(4);
        deck.set_manual(true);
        assert_eq!(
            deck.draw("combat: red attacks blue"),
            Err(CardError::Wanted {
                reason: "combat: red attacks blue".into()
            })
        );
        assert!(deck.log().is_empty(), "a refused draw logs nothing");
        assert_eq!(
            deck.take_wanted().as_deref(),
            Some("combat: red attacks blue")
        );
        assert_eq!(deck.take_wanted(), None, "asked once");
        let king = Card::parse("KS").unwrap();
        assert!(deck.can_draw(king));
        deck.push_typed([king]);
        assert!(!deck.can_draw(king), "typed in already for this draw");
        assert_eq!(deck.draw("combat: red attacks blue"), Ok(king));
        assert!(deck.log()[0].typed);
        assert!(!deck.can_draw(king), "drawn already");
    }

    /// One command may draw past the end of the pile (a rear attack's three combats, each
    /// drawn again on a tie): once every card left in the pile is typed in for it, the next
    /// card typed comes from the discards that will be shuffled back.
    #[test]
    fn typed_cards_run_on_past_the_end_of_the_pile_into_the_discards() {
        let mut deck = Deck::seeded(3);
        while deck.left() > 2 {
            let c = deck.draw("earlier combats").expect("a card");
            deck.discard(c);
        }
        deck.set_manual(true);
        let left: Vec<Card> = deck.pile.clone();
        let old = deck.discards()[0];
        assert!(
            !deck.can_draw(old),
            "the pile still holds cards not typed in"
        );
        deck.push_typed(left.iter().copied());
        assert!(
            deck.can_draw(old),
            "the pile is spoken for: the discards come next"
        );
        deck.push_typed([old]);
        for want in left.iter().chain([&old]) {
            assert_eq!(deck.draw("a long attack"), Ok(*want));
        }
    }

    #[test]
    fn a_typed_card_is_taken_out_of_the_pile() {
        let mut deck = Deck::seeded(5);
        let target = deck.pile[10];
        deck.push_typed([target]);
        assert_eq!(deck.draw("typed").unwrap(), target);
        assert_eq!(deck.left(), DECK_SIZE - 1);
        assert!(!deck.pile.contains(&target));
        let rest = draw_all(&mut deck, DECK_SIZE - 1);
        assert!(!rest.contains(&target), "never drawn twice");
        let typed: Vec<bool> = deck.log().iter().map(|r| r.typed).collect();
        assert!(typed[0]);
        assert!(typed[1..].iter().all(|&t| !t));
    }

    #[test]
    fn a_card_already_drawn_is_not_in_the_deck() {
        let mut deck = Deck::seeded(5);
        let first = deck.draw("first").unwrap();
        deck.push_typed([first]);
        assert_eq!(
            deck.draw("again"),
            Err(CardError::NotInDeck {
                card: first,
                reason: "again".to_string()
            })
        );
        assert_eq!(deck.forced_left(), 1, "nothing consumed");
        assert_eq!(deck.left(), DECK_SIZE - 1);
        assert_eq!(deck.log().len(), 1);
        deck.discard(first);
        assert!(
            matches!(deck.draw("discarded"), Err(CardError::NotInDeck { .. })),
            "a discarded card is not back until the pile runs out"
        );
        let msg = CardError::NotInDeck {
            card: c("QD"),
            reason: "r".into(),
        }
        .to_string();
        assert!(msg.contains("QD"), "{msg}");
    }

    #[test]
    fn exhaustion_and_reshuffle_of_discards() {
        let mut deck = Deck::seeded(2);
        let all = draw_all(&mut deck, DECK_SIZE);
        assert!(matches!(deck.draw("x"), Err(CardError::Exhausted { .. })));
        let back: Vec<Card> = all[..10].to_vec();
        for &card in &back {
            deck.discard(card);
        }
        deck.discard(back[0]);
        assert_eq!(deck.discards().len(), 10, "no card discarded twice");
        let again = draw_all(&mut deck, 10);
        assert_eq!(
            again.iter().copied().collect::<BTreeSet<Card>>(),
            back.iter().copied().collect::<BTreeSet<Card>>()
        );
        assert!(deck.discards().is_empty());
        assert!(matches!(deck.draw("y"), Err(CardError::Exhausted { .. })));
        let mut unseeded = Deck::forced(std::iter::empty::<Card>());
        assert!(matches!(
            unseeded.draw("z"),
            Err(CardError::Exhausted { .. })
        ));
    }

    #[test]
    fn a_replay_stays_in_step_across_a_reshuffle() {
        let mut game = Deck::seeded(8);
        let mut recorded = draw_all(&mut game, DECK_SIZE);
        for &card in &recorded.clone() {
            game.discard(card);
        }
        recorded.extend(draw_all(&mut game, 5));
        let mut replay = Deck::forced(recorded.clone()).then_seeded(8);
        let mut replayed = draw_all(&mut replay, DECK_SIZE);
        for &card in &replayed.clone() {
            replay.discard(card);
        }
        replayed.extend(draw_all(&mut replay, 5));
        assert_eq!(replayed, recorded);
        assert_eq!(replay.forced_left(), 0);
        assert_eq!(draw_all(&mut replay, 20), draw_all(&mut game, 20));
    }

    #[test]
    fn notation_round_trips_for_all_54() {
        let all = Card::full_deck();
        assert_eq!(all.len(), DECK_SIZE);
        for card in all {
            let text = card.to_string();
            assert_eq!(Card::parse(&text), Ok(card), "{text}");
            assert_eq!(Card::parse(&text.to_lowercase()), Ok(card), "{text}");
        }
        let spades = Suit::Spades;
        assert_eq!(
            c("AS"),
            Card::Standard {
                rank: 1,
                suit: spades
            }
        );
        assert_eq!(
            c("10H"),
            Card::Standard {
                rank: 10,
                suit: Suit::Hearts
            }
        );
        assert_eq!(c("TH"), c("10H"));
        assert_eq!(c("th"), c("10H"));
        assert_eq!(
            c("QD"),
            Card::Standard {
                rank: 12,
                suit: Suit::Diamonds
            }
        );
        assert_eq!(
            c("KC"),
            Card::Standard {
                rank: 13,
                suit: Suit::Clubs
            }
        );
        assert_eq!(
            c("2C"),
            Card::Standard {
                rank: 2,
                suit: Suit::Clubs
            }
        );
        assert_eq!(c("JK1"), Card::Joker(1));
        assert_eq!(c("jk2"), Card::Joker(2));
        assert_eq!(
            c(" js "),
            Card::Standard {
                rank: 11,
                suit: spades
            }
        );
        assert_eq!(c("TH").to_string(), "10H");
        assert_eq!("KC".parse::<Card>(), Ok(c("KC")));
        for bad in [
            "", "1S", "11H", "0C", "ZS", "AX", "JK3", "JK", "10", "AS1", "A S", "S",
        ] {
            match Card::parse(bad) {
                Err(CardError::BadCard { text, why }) => {
                    assert_eq!(text, bad);
                    assert!(!why.is_empty());
                }
                other => panic!("{bad:?} gave {other:?}"),
            }
        }
    }

    #[test]
    fn card_values_follow_the_chart() {
        assert_eq!(c("KH").value(), 13);
        assert_eq!(c("QS").value(), 12);
        assert_eq!(c("JD").value(), 11);
        assert_eq!(c("7C").value(), 7);
        assert_eq!(c("AS").value(), 1);
        assert_eq!(c("JK2").value(), 0);
    }

    #[test]
    fn checkpoint_restore_puts_the_deck_back() {
        let mut deck = Deck::forced([c("KC")]).then_seeded(3);
        deck.draw("before").unwrap();
        deck.note_outcome("kept");
        let pile_before = deck.pile.clone();
        let cp = deck.checkpoint();
        let typed_card = pile_before[0];
        let run = |deck: &mut Deck| -> Vec<CardRecord> {
            deck.note_outcome("overwritten");
            deck.push_typed([typed_card]);
            let a = deck.draw("a").unwrap();
            let b = deck.draw("b").unwrap();
            deck.discard(a);
            deck.discard(b);
            draw_all(deck, 5);
            deck.log()[1..].to_vec()
        };
        let first = run(&mut deck);
        assert_eq!(first.len(), 7);
        assert!(first[0].typed && !first[1].typed);
        deck.restore(cp.clone());
        assert_eq!(deck.log().len(), 1);
        assert_eq!(deck.log()[0].outcome, "kept");
        assert_eq!(deck.pile, pile_before);
        assert!(deck.discards().is_empty());
        assert_eq!(deck.forced_left(), 0);
        let second = run(&mut deck);
        assert_eq!(second, first);
        deck.restore(cp);
        assert_eq!(deck.left(), DECK_SIZE - 1);
        assert_eq!(deck.log().len(), 1);
    }
}
