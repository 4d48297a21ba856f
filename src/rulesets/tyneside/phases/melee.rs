//! Close combat in the Shoot/Act phase: light sabre duels and other melee.
//! tyneside-skirmish.txt, Close Combat, Jedi/Sith light sabre battles, Other melee.

use bevy::prelude::*;

use super::Effects;
use super::damage::{take_out, wound};
use crate::rules::dice::DiceExpr;
use crate::rulesets::tyneside::board::{Board, Game};
use crate::rulesets::tyneside::components::Status;
use crate::rulesets::tyneside::rules::melee::{
    Brawler, MeleeResult, duel, in_reach, melee_chart, melee_contests,
};
use crate::rulesets::tyneside::rules::movement::retreat_is_clear;
use crate::rulesets::tyneside::rules::profile::Ability;

/// Whether figures `i` and `j` (opponents) are in close combat: within 1", neither knocked out,
/// neither ignoring the other (Droids: "ignored by them"), neither a walker, and not a light
/// sabre against a jet bike (Engaging vehicles: a light sabre's contact destroys a vehicle,
/// [`super::vehicles::sabre_cuts`]).
fn engaged(board: &Board, i: usize, j: usize) -> bool {
    let sabre_on_vehicle = |a: usize, b: usize| {
        board.figs[a].figure.has(Ability::Lightsaber) && board.vehicle(b).is_some()
    };
    board.figs[i].figure.side != board.figs[j].figure.side
        && !board.armoured_vehicle(i)
        && !board.armoured_vehicle(j)
        && !sabre_on_vehicle(i, j)
        && !sabre_on_vehicle(j, i)
        && !board.ignores(i, j)
        && !board.ignores(j, i)
        && in_reach(board.gap(i, j))
        && !board.figs[i].cond.knocked_out(board.turn)
        && !board.figs[j].cond.knocked_out(board.turn)
}

/// Whether figure `m` is in close combat and has not fought this turn.
pub fn pending_melee(board: &Board, m: usize) -> bool {
    !board.figs[m].act.fought && (0..board.figs.len()).any(|e| engaged(board, m, e))
}

/// A light sabre duel is fought between two lightsaber users who both still have Force points
/// ("When a figure reaches '0' FPs … he is considered as a normal figure").
fn duelists(board: &Board, i: usize, j: usize) -> bool {
    let sabre = |k: usize| {
        board.figs[k].figure.has(Ability::Lightsaber) && board.figs[k].cond.force_points > 0
    };
    sabre(i) && sabre(j)
}

enum Change {
    ForceLoss {
        fig: usize,
        lost: u32,
        killed: bool,
    },
    Melee {
        fig: usize,
        winner: usize,
        result: MeleeResult,
        captured: bool,
        ko_turns: i32,
    },
}

/// The close combats `group` would fight now: (its figure, the enemy) in base contact, board
/// indices, leaving out pairs that have both fought this turn.
pub(in crate::rulesets::tyneside) fn melee_pairs(
    board: &Board,
    group: &str,
) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for m in board.members(group) {
        for e in 0..board.figs.len() {
            if engaged(board, m, e) && !(board.figs[m].act.fought && board.figs[e].act.fought) {
                pairs.push((m, e));
            }
        }
    }
    pairs
}

pub(super) fn fight(game: &mut Game, out: &mut Effects, group: &str) -> Result<(), String> {
    let turn = game.turn.turn;
    if game.turn.active_group() != Some(group) {
        return Err(format!("it is not '{group}''s activation"));
    }
    let board = game.board();
    let pairs = melee_pairs(&board, group);
    let busy: Vec<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    let cuts = super::vehicles::sabre_cuts(&board, group, &busy);
    if pairs.is_empty() && cuts.is_empty() {
        return Err(format!(
            "Close combat: no figure of '{group}' is within 1\" of an enemy it has not fought this turn"
        ));
    }
    let name = |k: usize| board.figs[k].figure.name.clone();
    let mut changes = Vec::new();
    // Light sabre duels, pair by pair.
    let (duels, brawls): (Vec<_>, Vec<_>) = pairs
        .iter()
        .copied()
        .partition(|(a, b)| duelists(&board, *a, *b));
    for &(a, b) in &duels {
        let da = out
            .dice
            .roll(DiceExpr::d(6), format!("duel: {}", name(a)))
            .map_err(|e| e.to_string())? as u8;
        let db = out
            .dice
            .roll(DiceExpr::d(6), format!("duel: {}", name(b)))
            .map_err(|e| e.to_string())? as u8;
        let o = duel([board.melee(a), board.melee(b)], [da, db]);
        if let Some(l) = o.loser {
            let loser = if l == 0 { a } else { b };
            let left = board.figs[loser]
                .cond
                .force_points
                .saturating_sub(o.force_points_lost);
            out.dice.note_outcome(format!(
                "{} loses {} Force points",
                name(loser),
                o.force_points_lost
            ));
            changes.push(Change::ForceLoss {
                fig: loser,
                lost: o.force_points_lost,
                killed: o.crushing && left == 0,
            });
        } else {
            out.dice.note_outcome("a draw");
        }
    }
    // Other melee: one D6 per figure, in board order.
    if !brawls.is_empty() {
        let mut fighters: Vec<usize> = brawls.iter().flat_map(|(a, b)| [*a, *b]).collect();
        fighters.sort_unstable();
        fighters.dedup();
        let mut brawlers = Vec::new();
        for &f in &fighters {
            let die = out
                .dice
                .roll(
                    DiceExpr::d(6),
                    format!("melee: {} (melee {})", name(f), board.melee(f)),
                )
                .map_err(|e| e.to_string())? as u8;
            brawlers.push(Brawler {
                melee: board.melee(f),
                die,
            });
        }
        let local = |k: usize| fighters.iter().position(|&f| f == k).unwrap_or(0);
        let contacts: Vec<(usize, usize)> =
            brawls.iter().map(|(a, b)| (local(*a), local(*b))).collect();
        // Each loser takes the worst of the contests it lost.
        let mut worst: Vec<Option<(u32, usize)>> = vec![None; fighters.len()];
        for c in melee_contests(&brawlers, &contacts) {
            if worst[c.loser].is_none_or(|(d, _)| c.difference > d) {
                worst[c.loser] = Some((c.difference, c.winner));
            }
        }
        for (k, w) in worst.iter().enumerate() {
            let Some((diff, winner)) = *w else { continue };
            let (loser, winner) = (fighters[k], fighters[winner]);
            let armoured = board.figs[loser].figure.armoured
                && !board.figs[winner].figure.has(Ability::Lightsaber);
            let result = melee_chart(diff, armoured);
            let friends_in_contact = (0..board.figs.len())
                .filter(|&f| {
                    board.figs[f].figure.side == board.figs[loser].figure.side
                        && in_reach(board.gap(f, winner))
                })
                .count();
            let captured = result.can_capture() && friends_in_contact == 1;
            let ko_turns = if result == MeleeResult::KnockedOut && !captured {
                let r = out
                    .dice
                    .roll(
                        DiceExpr::d(3),
                        format!("knocked out: {} recovers in D3 turns", name(loser)),
                    )
                    .map_err(|e| e.to_string())?;
                out.dice.note_outcome(format!("{r} turns"));
                r
            } else {
                0
            };
            changes.push(Change::Melee {
                fig: loser,
                winner,
                result,
                captured,
                ko_turns,
            });
        }
    }
    let involved: Vec<Entity> = pairs
        .iter()
        .flat_map(|(a, b)| [board.figs[*a].entity, board.figs[*b].entity])
        .collect();
    let snapshot: Vec<(Entity, String, bool, Vec2, f32)> = board
        .figs
        .iter()
        .map(|f| {
            (
                f.entity,
                f.figure.name.clone(),
                f.figure.spared,
                f.pos,
                f.figure.base,
            )
        })
        .collect();
    let (terrain, size) = (board.table.terrain.clone(), board.table.size);
    drop(board);
    // Where every base stands, kept up to date as losers retreat.
    let mut bases: Vec<(Vec2, f32)> = snapshot.iter().map(|s| (s.3, s.4)).collect();
    for e in involved {
        if let Ok(mut f) = game.figures.get_mut(e) {
            f.5.fought = true;
        }
    }
    for c in changes {
        match c {
            Change::ForceLoss { fig, lost, killed } => {
                let (e, ref n, hero, ..) = snapshot[fig];
                if let Ok(mut f) = game.figures.get_mut(e) {
                    f.4.force_points = f.4.force_points.saturating_sub(lost);
                    let left = f.4.force_points;
                    let what = if killed {
                        take_out(&mut f.4, hero)
                    } else {
                        "fights on"
                    };
                    out.log.push(
                        turn,
                        format!("{n} loses the duel: −{lost} Force points ({left} left), {what}"),
                    );
                }
            }
            Change::Melee {
                fig,
                winner,
                result,
                captured,
                ko_turns,
            } => {
                let (e, ref n, hero, pos, base) = snapshot[fig];
                let wpos = snapshot[winner].3;
                let Ok(mut f) = game.figures.get_mut(e) else {
                    continue;
                };
                let what = if captured {
                    f.4.status = Status::Captured;
                    "is captured".to_string()
                } else {
                    match result {
                        MeleeResult::Retreat => {
                            let to = pos + (pos - wpos).normalize_or(Vec2::Y) * 1.0;
                            if retreat_is_clear(&terrain, size, &bases, fig, pos, to, base) {
                                f.3.0 = to;
                                bases[fig].0 = to;
                                "retreats 1\"".to_string()
                            } else {
                                "cannot retreat (blocked) and stands".to_string()
                            }
                        }
                        MeleeResult::KnockedOut => {
                            f.4.knocked_out_until = Some(turn + ko_turns as u32);
                            format!("is knocked out for {ko_turns} turns")
                        }
                        MeleeResult::Wounded => wound(&mut f.4, hero).to_string(),
                        MeleeResult::Killed => take_out(&mut f.4, hero).to_string(),
                        MeleeResult::Continue | MeleeResult::NoEffect => String::new(),
                    }
                };
                // The chart's result, then what came of it where that says more (`continue
                // melee` is said once, not `continue melee — continue melee`; nor `killed —
                // is killed`, `wounded — is wounded`: a walk).
                let same = matches!(
                    (result, what.as_str()),
                    (MeleeResult::Killed, "is killed") | (MeleeResult::Wounded, "is wounded")
                );
                let what = if what.is_empty() || same {
                    String::new()
                } else {
                    format!(" — {what}")
                };
                out.log.push(
                    turn,
                    format!(
                        "{n} loses the melee to {}: {result}{what}",
                        snapshot[winner].1
                    ),
                );
            }
        }
    }
    super::vehicles::cut(game, out, cuts);
    Ok(())
}
