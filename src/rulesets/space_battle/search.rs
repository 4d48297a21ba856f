//! The space battle as the searching opponent sees it ([`crate::rules::search`]): the battle
//! and the deck as one side knows them (the cards left, their order unknown), the sensible
//! commands of the side playing (for the craft to move, the plain policy's place, the best
//! places to attack from, the square nearest the chase, the furthest towards the far edge and
//! the furthest from the enemy; for the attacks, each craft that must attack and each of its
//! targets, in the order the side chooses),
//! and a score for a battle not yet decided. The ruling is in docs/rules/space_battle.md,
//! `The searching opponent`.

use rand_chacha::ChaCha8Rng;

use super::ai::{attack_worth, chase, decide, fighter_worth, progress, quarry};
use super::battle::{Battle, Stage, Status};
use super::commands::Command;
use super::reach::Reach;
use super::rules::craft::Class;
use crate::rules::cards::Deck;
use crate::rules::dice::Dice;
use crate::rules::search::{Searchable, decided};

/// A space battle the search plays forward: the battle (quiet, its fights not kept) and the
/// deck its combats draw from, dealt from the searching side's view
/// ([`Searchable::sample_hidden`]).
#[derive(Clone, Debug)]
pub struct SpaceGame {
    /// The battle.
    pub battle: Battle,
    /// The deck as the searching side knows it.
    pub deck: Deck,
}

impl SpaceGame {
    /// The search's copy of battle `b`, drawing from `deck` as the players see it: the same
    /// cards left, in an order of its own until [`Searchable::sample_hidden`] deals them.
    pub fn new(b: &Battle, deck: &Deck) -> Self {
        use rand::SeedableRng;
        let mut battle = b.clone();
        battle.quiet = true;
        battle.events.clear();
        battle.fights.clear();
        Self {
            battle,
            deck: deck.unseen(&mut ChaCha8Rng::seed_from_u64(0)),
        }
    }
}

impl Searchable for SpaceGame {
    type Command = Command;

    fn to_act(&self) -> Option<usize> {
        self.battle.result.is_none().then_some(self.battle.side)
    }

    fn sides(&self) -> usize {
        self.battle.sides.len()
    }

    /// The plain policy's command first; then, for the craft to move, stopping to fire where
    /// it could attack and the places of [`places`]; in the Fire stage, each attack a craft
    /// that must attack could make next.
    fn candidates(&self) -> Vec<Command> {
        let b = &self.battle;
        if b.result.is_some() {
            return Vec::new();
        }
        let mut out: Vec<Command> = decide(b).into_iter().collect();
        if let Some(i) = b.mover() {
            let c = &b.craft[i];
            if b.stage == Stage::Move
                && c.moved > 0
                && b.occupant(c.at, i).is_none()
                && attack_worth(b, i, c.at, c.facing) > 0
            {
                out.push(Command::Stop {
                    craft: c.id.clone(),
                });
            }
            let options = b.reach(i);
            out.extend(
                places(b, i, &options.places().collect::<Vec<_>>()).map(|k| Command::Move {
                    craft: c.id.clone(),
                    path: options.path(k),
                }),
            );
        } else {
            for i in b.attackers() {
                let id = &b.craft[i].id;
                out.extend(b.targets(i).into_iter().map(|(j, _)| Command::Attack {
                    craft: id.clone(),
                    target: b.craft[j].id.clone(),
                }));
            }
        }
        crate::rules::search::unique(out)
    }

    /// The Action Report's way ([`super::ai::decide`]).
    fn plain(&self) -> Vec<Command> {
        decide(&self.battle).into_iter().collect()
    }

    fn play(&mut self, command: &Command, dice: &mut Dice) -> Result<(), String> {
        // A refused command may leave the battle half changed: play it on a copy.
        let mut b = self.battle.clone();
        let before = self.deck.checkpoint();
        match b.apply(command, dice, &mut self.deck) {
            Ok(()) => {
                // Nobody reads a searched battle's log or its fights.
                b.events.clear();
                b.fights.clear();
                self.battle = b;
                Ok(())
            }
            Err(e) => {
                self.deck.restore(before);
                Err(e)
            }
        }
    }

    /// A decided battle: 1 won, 0 lost, 0.5 drawn. Else the lead in the text's score
    /// (OBJECTIVE: craft destroyed plus bombing), a bomber gone to bomb counted at its
    /// 1d6's mean, 3.5, and one still flying at half that, mapped onto 0 to 1 (a lead of
    /// 4 points, one fighter and a half, is worth 0.73).
    fn score(&self, side: usize) -> f32 {
        let b = &self.battle;
        if let Some(r) = &b.result {
            return decided(r.winner, side);
        }
        let standing = |s: usize| -> f32 {
            let (destroyed, bombing) = b.score(s);
            let bombers = |status: Status| {
                b.craft
                    .iter()
                    .filter(|c| {
                        c.side == s && c.kind.class() == Class::Bomber && c.status == status
                    })
                    .count() as f32
            };
            (destroyed + bombing) as f32
                + 3.5 * bombers(Status::Exited)
                + 1.75 * (bombers(Status::Flying) + bombers(Status::Waiting))
        };
        let lead = standing(side) - standing(1 - side);
        1.0 / (1.0 + (-lead / 4.0).exp())
    }

    /// The deck's draw pile is shuffled anew: the players know which cards are left, not
    /// their order (COMBAT: "take the top card of a well-shuffled deck").
    fn sample_hidden(&mut self, side: usize, rng: &mut ChaCha8Rng) {
        let _ = side;
        self.deck = self.deck.unseen(rng);
    }
}

/// The places worth weighing for craft `i` among `options` (index and place), each at most
/// once: the three worth most to attack from (a fighter anywhere, a bomber only straight
/// ahead, as the text lets each attack), and of the places its move may end on, the nearest
/// to the chase ([`super::ai`]'s quarry), the furthest towards its far edge (a bomber's exit
/// first) and the furthest from every enemy. No square another craft flies in, where a move
/// ending would destroy it (MOVEMENT).
fn places<'a>(
    b: &'a Battle,
    i: usize,
    options: &'a [(usize, &'a Reach)],
) -> impl Iterator<Item = usize> + 'a {
    let free = |r: &Reach| r.exits || !b.on_board(r.at) || b.occupant(r.at, i).is_none();
    let fighter = b.craft[i].kind.class() == Class::Fighter;
    let worth = if fighter {
        fighter_worth(b, i)
    } else {
        Vec::new()
    };
    let attack = |r: &Reach| -> u32 {
        if r.exits || !b.on_board(r.at) {
            0
        } else if fighter {
            worth[(r.at.1 * b.columns + r.at.0) as usize]
        } else {
            attack_worth(b, i, r.at, r.facing)
        }
    };
    let mut attacks: Vec<(u32, usize)> = options
        .iter()
        .filter(|(_, r)| free(r))
        .map(|&(k, r)| (attack(r), k))
        .filter(|&(w, _)| w > 0)
        .collect();
    attacks.sort_by_key(|&(w, k)| (std::cmp::Reverse(w), k));
    let ends: Vec<(usize, &Reach)> = options
        .iter()
        .copied()
        .filter(|(_, r)| r.ends && free(r))
        .collect();
    let quarry = quarry(b, i);
    let nearest = ends
        .iter()
        .min_by_key(|(_, r)| (r.points, chase(&quarry, r.at)))
        .map(|(k, _)| *k);
    let furthest = ends
        .iter()
        .max_by_key(|(_, r)| (r.exits, progress(b, i, r.at)))
        .map(|(k, _)| *k);
    let enemies: Vec<(i32, i32)> = b
        .craft
        .iter()
        .filter(|e| e.side != b.craft[i].side && e.flying() && b.on_board(e.at))
        .map(|e| e.at)
        .collect();
    let safest = ends
        .iter()
        .max_by_key(|(_, r)| chase(&enemies, r.at))
        .filter(|_| !enemies.is_empty())
        .map(|(k, _)| *k);
    let mut chosen: Vec<usize> = attacks.into_iter().take(3).map(|(_, k)| k).collect();
    for k in [nearest, furthest, safest].into_iter().flatten() {
        if !chosen.contains(&k) {
            chosen.push(k);
        }
    }
    chosen.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::search::{Budget, Settings, choose};

    fn battle(n: usize) -> Battle {
        let s = super::super::rules::scenario::parse(super::super::BUNDLED[n].1, "t.ron")
            .expect("scenario");
        Battle::new(&s)
    }

    /// Plays battle `b` on by the plain policy until `until` holds.
    fn on_until(g: &mut SpaceGame, dice: &mut Dice, until: impl Fn(&Battle) -> bool) {
        for _ in 0..500 {
            if until(&g.battle) {
                return;
            }
            let c = decide(&g.battle).expect("a command");
            g.play(&c, dice).expect("accepted");
        }
        panic!("never came");
    }

    #[test]
    fn every_candidate_is_one_the_rules_accept_and_a_refusal_changes_nothing() {
        let mut g = SpaceGame::new(&battle(0), &Deck::seeded(1));
        let mut dice = Dice::seeded(1);
        let mut seen_attack = false;
        for _ in 0..200 {
            if g.battle.result.is_some() {
                break;
            }
            let cs = g.candidates();
            assert!(!cs.is_empty());
            seen_attack |= cs.iter().any(|c| matches!(c, Command::Attack { .. }));
            for c in &cs {
                let mut copy = g.clone();
                assert!(copy.play(c, &mut Dice::seeded(2)).is_ok(), "{c:?}");
            }
            let first = cs[0].clone();
            g.play(&first, &mut dice).expect("the policy's command");
        }
        assert!(seen_attack, "no attack offered in 200 commands");
        // A refused command leaves the battle as it was.
        let before = format!("{:?}", g.battle);
        let refused = Command::Attack {
            craft: "nobody".into(),
            target: "nobody".into(),
        };
        assert!(g.play(&refused, &mut dice).is_err());
        assert_eq!(format!("{:?}", g.battle), before);
    }

    #[test]
    fn the_deck_dealt_anew_keeps_the_cards_left() {
        let mut deck = Deck::seeded(5);
        for _ in 0..10 {
            deck.draw("t").expect("a card");
        }
        let mut rng = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(9);
        let mut seen = deck.unseen(&mut rng);
        assert_eq!(seen.left(), deck.left());
        let mut a: Vec<String> = Vec::new();
        let mut b: Vec<String> = Vec::new();
        for _ in 0..deck.left() {
            a.push(deck.draw("t").expect("a card").to_string());
            b.push(seen.draw("t").expect("a card").to_string());
        }
        assert_ne!(a, b, "the order is dealt anew");
        a.sort();
        b.sort();
        assert_eq!(a, b, "the same cards");
    }

    #[test]
    fn a_lead_scores_above_a_half_and_a_result_is_exact() {
        let mut g = SpaceGame::new(&battle(0), &Deck::seeded(1));
        assert!((g.score(0) - 0.5).abs() < 1e-6);
        let j = g.battle.of_side(1).next().expect("a craft");
        g.battle.craft[j].status = Status::Destroyed { by: 0 };
        assert!(g.score(0) > 0.6 && g.score(1) < 0.4);
        g.battle.result = Some(crate::engine::state::GameResult {
            winner: Some(1),
            reason: String::new(),
            decided_by: String::new(),
        });
        assert_eq!((g.score(0), g.score(1)), (0.0, 1.0));
    }

    #[test]
    fn the_search_chooses_among_the_candidates_the_same_each_time() {
        let mut g = SpaceGame::new(&battle(1), &Deck::seeded(3));
        let mut dice = Dice::seeded(3);
        on_until(&mut g, &mut dice, |b| b.mover().is_some() && b.turn > 1);
        let settings = Settings::new(Budget::Playouts(200), 4);
        let c = choose(&g, &settings).expect("a choice");
        assert!(g.candidates().contains(&c.command), "{c:?}");
        assert_eq!(choose(&g, &settings), Some(c));
    }
}
