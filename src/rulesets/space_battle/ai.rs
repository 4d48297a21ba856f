//! A side the rules fly, as the Action Report describes its craft: "The fighters flitted all
//! over the board while the bombers generally moved straight for the opposite edges. The
//! bombers fired defensively when attacked and only attacked when an opponent was in their
//! path." and OBJECTIVE: "The fighters will attempt to shoot and destroy the enemy bombers
//! and the fighters that protect them." The policy, written down in docs/rules/space_battle.md
//! (`A side the rules fly`):
//! - a fighter stops where it can attack with the most combats, a bomber before a fighter;
//!   with no attack in reach it ends its move as near as it can to the square behind the
//!   nearest enemy bomber (none flying: fighter);
//! - a bomber flies straight on and stops to attack an enemy it meets directly ahead; else it
//!   ends its move as far towards its far edge as it can, leaving by it when it can;
//! - nobody ends a move on an occupied square; every craft that can attack does, at the
//!   target worth most (combats times value).
//!
//! Every command goes through the pipeline, so the rules refuse its mistakes as a person's.

use bevy::prelude::*;

use super::SpaceBattle;
use super::battle::{Battle, Stage};
use super::commands::Command;
use super::phases::BattleRes;
use super::reach::{Reach, Reachable};
use super::rules::craft::Class;
use super::rules::facing::{Dir, Position, step};
use super::rules::scenario::Edge;
use crate::engine::game::rules_to_act;
use crate::engine::pipeline::{CommandOutcome, process};
use crate::engine::state::Played;

/// What an attack by craft `i` from `at` facing `facing` is worth to the policy: the best
/// target's combats times its value (0: none).
pub(super) fn attack_worth(b: &Battle, i: usize, at: (i32, i32), facing: Dir) -> u32 {
    b.targets_from(i, at, facing)
        .map(|(j, p)| u32::from(p.combats()) * b.craft[j].kind.class().value())
        .max()
        .unwrap_or(0)
}

/// [`attack_worth`] for a fighter (which attacks whatever its facing) on every square of the
/// board at once, row by row: worked out once a decision rather than once a square.
pub(super) fn fighter_worth(b: &Battle, i: usize) -> Vec<u32> {
    let mut worth = vec![0; (b.columns * b.rows) as usize];
    for e in b
        .craft
        .iter()
        .filter(|e| e.side != b.craft[i].side && e.flying())
    {
        for d in 0..8 {
            let sq = step(e.at, Dir(d));
            if !b.on_board(sq) {
                continue;
            }
            let w = Position::of(sq, e.at, e.facing)
                .map_or(0, |p| u32::from(p.combats()) * e.kind.class().value());
            let k = (sq.1 * b.columns + sq.0) as usize;
            worth[k] = worth[k].max(w);
        }
    }
    worth
}

/// The squares behind the enemy craft worth chasing for craft `i`: its bombers on the board,
/// or with none flying its fighters.
pub(super) fn quarry(b: &Battle, i: usize) -> Vec<(i32, i32)> {
    let side = b.craft[i].side;
    let behind = |class| {
        b.craft
            .iter()
            .filter(|c| c.side != side && c.flying() && b.on_board(c.at) && c.kind.class() == class)
            .map(|c| step(c.at, c.facing.turned(4)))
            .collect::<Vec<_>>()
    };
    let bombers = behind(Class::Bomber);
    if bombers.is_empty() {
        behind(Class::Fighter)
    } else {
        bombers
    }
}

/// How far `at` is from the nearest of `quarry`, in steps of a king.
pub(super) fn chase(quarry: &[(i32, i32)], at: (i32, i32)) -> i32 {
    quarry
        .iter()
        .map(|q| (at.0 - q.0).abs().max((at.1 - q.1).abs()))
        .min()
        .unwrap_or(0)
}

/// How far `at` lies towards craft `i`'s far edge, in columns.
pub(super) fn progress(b: &Battle, i: usize, at: (i32, i32)) -> i32 {
    match b.sides[b.craft[i].side].edge {
        Edge::Left => at.0,
        Edge::Right => b.columns - 1 - at.0,
    }
}

/// The policy's place to go for craft `i` (the mover), from `options`: (whether to stop
/// there to fire, the place's index).
fn place(b: &Battle, i: usize, options: &Reachable) -> Option<(bool, usize)> {
    let c = &b.craft[i];
    // The squares other craft fly in, looked up for every place rather than searched for.
    let mut taken = vec![false; (b.columns * b.rows) as usize];
    for (j, o) in b.craft.iter().enumerate() {
        if j != i && o.flying() && b.on_board(o.at) {
            taken[(o.at.1 * b.columns + o.at.0) as usize] = true;
        }
    }
    let free =
        |r: &Reach| r.exits || !b.on_board(r.at) || !taken[(r.at.1 * b.columns + r.at.0) as usize];
    let may_stop = b.stage == Stage::Move;
    let goal = match b.sides[c.side].edge {
        Edge::Left => Dir::EAST,
        Edge::Right => Dir::WEST,
    };
    let ends = || options.places().filter(|(_, r)| r.ends);
    if c.kind.class() == Class::Bomber {
        // Straight on (every step cost 1), stopping for an enemy met directly ahead.
        if may_stop
            && let Some((k, _)) = options.places().find(|(_, r)| {
                !r.ends
                    && free(r)
                    && c.points - r.points == r.steps
                    && attack_worth(b, i, r.at, r.facing) > 0
            })
        {
            return Some((true, k));
        }
        return ends()
            .filter(|(_, r)| free(r))
            .max_by_key(|(_, r)| {
                (
                    r.exits,
                    progress(b, i, r.at),
                    -i32::from(goal.rel(r.facing).abs()),
                    -(r.at.1 - b.rows / 2).abs(),
                )
            })
            // Every end taken: the move must still be made (and ends in a crash).
            .or_else(|| ends().next())
            .map(|(k, _)| (false, k));
    }
    let worth = fighter_worth(b, i);
    let attack = options
        .places()
        .filter(|(_, r)| may_stop && free(r) && !r.exits && b.on_board(r.at))
        .map(|(k, r)| (worth[(r.at.1 * b.columns + r.at.0) as usize], r.ends, k))
        .filter(|(w, _, _)| *w > 0)
        .max_by_key(|(w, ends, _)| (*w, *ends));
    if let Some((_, ends, k)) = attack {
        return Some((!ends, k));
    }
    // Every point used where it can be (a craft that strands points looks lost), then as near
    // the chase as it gets.
    let quarry = quarry(b, i);
    ends()
        .filter(|(_, r)| free(r))
        .min_by_key(|(_, r)| (r.points, chase(&quarry, r.at)))
        .or_else(|| ends().next())
        .map(|(k, _)| (false, k))
}

/// The policy's next command for the side playing, or `None` when it has nothing to do (the
/// battle moves on by itself, so that is only at the end).
pub fn decide(b: &Battle) -> Option<Command> {
    if b.stage == Stage::Initiative && b.result.is_none() {
        return Some(Command::Initiative);
    }
    if let Some(i) = b.mover() {
        let c = &b.craft[i];
        let id = c.id.clone();
        if b.stage == Stage::Move
            && c.moved > 0
            && b.occupant(c.at, i).is_none()
            && attack_worth(b, i, c.at, c.facing) > 0
        {
            return Some(Command::Stop { craft: id });
        }
        let options = b.reach(i);
        let (_, k) = place(b, i, &options)?;
        return Some(Command::Move {
            craft: id,
            path: options.path(k),
        });
    }
    let i = b.attacker()?;
    let (j, _) = b
        .targets(i)
        .into_iter()
        .max_by_key(|&(j, p)| u32::from(p.combats()) * b.craft[j].kind.class().value())?;
    Some(Command::Attack {
        craft: b.craft[i].id.clone(),
        target: b.craft[j].id.clone(),
    })
}

/// One step of a side the rules fly.
///
/// Errors: `Some(Err(why))` when the policy finds nothing to do or the rules refuse it (a
/// bug to report).
pub fn act(world: &mut World) -> Option<Result<String, String>> {
    rules_to_act::<SpaceBattle>(world).first()?;
    let command = decide(&world.get_resource::<BattleRes>()?.0);
    let Some(command) = command else {
        return Some(Err("the rules' side finds nothing to do".into()));
    };
    let words = <SpaceBattle as crate::engine::ruleset::RuleSet>::describe(world, &command);
    Some(match process::<SpaceBattle>(world, command) {
        CommandOutcome::Accepted(_) => Ok(words),
        CommandOutcome::Refused(_, why) => Err(format!("{words}: refused: {why}")),
    })
}

/// A whole battle of scenario `s` with the policy on both sides and no pipeline: each command's
/// dice and cards reseeded from `seed` and its place as the pipeline reseeds them, so it is
/// the same battle `holotable play --seed` shows (tested against the pipeline); cut once past
/// turn `max_turns` without an end, as the pipeline's games are
/// ([`crate::engine::session::autoplay`]).
///
/// Errors: the policy finds nothing to do or is refused (a bug), or the battle has not ended
/// after 100 000 commands.
pub fn play_fast(
    s: &super::rules::scenario::Scenario,
    seed: u64,
    max_turns: u32,
) -> Result<Played, String> {
    use crate::rules::dice::command_seed;
    let mut b = Battle::new(s);
    b.quiet = true;
    let (mut dice, mut deck) = (
        crate::rules::dice::Dice::seeded(seed).unlogged(),
        crate::rules::cards::Deck::seeded(seed).unlogged(),
    );
    for k in 0..100_000 {
        if let Some(result) = b.result.clone() {
            return Ok(Played::Ended(super::phases::finished(&b, result)));
        }
        let command = decide(&b)
            .ok_or_else(|| format!("seed {seed}: the rules' side finds nothing to do"))?;
        let reseed = command_seed(seed, k);
        dice.reseed(reseed);
        deck.reseed(reseed);
        b.apply(&command, &mut dice, &mut deck)
            .map_err(|e| format!("seed {seed}: {command:?} refused: {e}"))?;
        b.events.clear();
        if b.result.is_none() && b.turn > max_turns {
            return Ok(Played::Cut);
        }
    }
    Err(format!(
        "seed {seed}: the battle did not end after 100 000 commands"
    ))
}

/// The window's driver: the rules' side takes its steps at a pace a person can follow.
pub(super) fn plugin(app: &mut App) {
    crate::engine::rules_side::drive_plugin::<SpaceBattle>(app, "The rules' side");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::Deck;
    use crate::rules::dice::Dice;

    /// Plays `scenario` with the policy on both sides, pure (no Bevy), from `seed`.
    pub(crate) fn play(src: &str, seed: u64) -> Battle {
        let s = super::super::rules::scenario::parse(src, "t.ron").expect("scenario");
        let mut b = Battle::new(&s);
        let (mut dice, mut deck) = (Dice::seeded(seed), Deck::seeded(seed));
        for step in 0..5000 {
            if b.result.is_some() {
                return b;
            }
            let c = decide(&b).unwrap_or_else(|| panic!("seed {seed} step {step}: nothing to do in {:?} {:?}, mover {:?} {:?} reach {:?}", b.stage, b.side, b.mover(), b.mover().map(|i| b.craft[i].clone()), b.mover().map(|i| b.reach(i))));
            b.apply(&c, &mut dice, &mut deck)
                .unwrap_or_else(|e| panic!("seed {seed} step {step}: {c:?} refused: {e}"));
        }
        panic!("seed {seed}: no result in 5000 commands");
    }

    /// A long battle spends the deck: the discards come back shuffled, the log says so, and
    /// every draw's reason names the attack, its place in the attack and the position.
    #[test]
    fn a_spent_deck_is_shuffled_anew_from_the_discards() {
        let src = super::super::BUNDLED[2].1;
        let s = super::super::rules::scenario::parse(src, "t.ron").expect("scenario");
        (0..40)
            .find(|&seed| {
                let (mut dice, mut deck) = (Dice::seeded(seed), Deck::seeded(seed));
                let mut b = Battle::new(&s);
                while b.result.is_none() {
                    let c = decide(&b).expect("a command");
                    b.apply(&c, &mut dice, &mut deck).expect("accepted");
                    if b.events
                        .iter()
                        .any(|(_, e)| e.contains("the deck is spent"))
                    {
                        assert!(deck.log().len() > crate::rules::cards::DECK_SIZE);
                        let rear = deck
                            .log()
                            .iter()
                            .find(|r| r.reason.contains(", from the rear: "));
                        assert!(
                            rear.is_none_or(|r| r.reason.starts_with("attack ")),
                            "{rear:?}"
                        );
                        return true;
                    }
                }
                false
            })
            .expect("an escort battle that spends its deck");
    }

    /// The balance report's battles without the pipeline are the pipeline's, die for die:
    /// the same result, turn and fate of every craft, seed by seed; and cut at the same turn
    /// where the cap is shorter than the battle.
    #[test]
    fn battles_played_without_the_pipeline_are_the_pipelines() {
        for (name, _) in super::super::BUNDLED {
            let (loaded, _) = crate::rulesets::registry()
                .load(name.trim_end_matches(".ron"))
                .expect("a bundled scenario");
            let s = super::super::parse(&loaded).expect("scenario");
            for (seeds, cap) in [((1..=6).collect::<Vec<u64>>(), 1000), (vec![1], 2)] {
                let piped = crate::engine::session::autoplay_through_pipeline::<SpaceBattle>(
                    &loaded, &seeds, cap,
                );
                for (seed, end) in seeds.iter().zip(piped) {
                    let end = end.expect("the pipeline plays it");
                    assert_eq!(
                        end == Played::Cut,
                        cap == 2,
                        "{name} seed {seed}: cut only by the short cap"
                    );
                    assert_eq!(play_fast(&s, *seed, cap), Ok(end), "{name} seed {seed}");
                }
            }
        }
    }

    #[test]
    fn the_policy_plays_every_bundled_battle_to_its_score() {
        for (name, src) in super::super::BUNDLED {
            for seed in 0..40 {
                let b = play(src, seed);
                let r = b.result.as_ref().expect("a result");
                assert!(!r.reason.is_empty(), "{name} seed {seed}");
            }
        }
    }
}
