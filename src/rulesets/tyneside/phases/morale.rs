//! Morale at the end of the turn: tyneside-skirmish.txt, Morale.

use bevy::prelude::*;

use crate::engine::record::GameLog;
use crate::rulesets::tyneside::board::Game;
use crate::rulesets::tyneside::rules::wounds::{FallBack, fall_back_point, must_fall_back};
use crate::rulesets::tyneside::turn::{EndOfTurnSet, TurnPhase};

/// "If half or more figures in a group containing a players character are wounded or ducked
/// back, they must move away from the nearest visible enemy, in such a way as not to end
/// closer to any visible enemy, or into a building/wood etc. The shortest move option should be
/// chosen. This move takes place at the end of the current turn and replaces the group's next
/// activation. Heroes, run by players, even if part of a larger group, may always ignore
/// morale!" Only groups with a player's character in them test (a hero of a side a person
/// plays: the scenario's `control`); the heroes stand; each other figure moves as
/// [`fall_back_point`] rules, none ending on another's base.
fn fall_back(mut game: Game, mut log: ResMut<GameLog>) {
    let turn = game.turn.turn;
    let board = game.board();
    let mut moves: Vec<(Entity, Vec2)> = Vec::new();
    let mut fell_back: Vec<String> = Vec::new();
    // Where every base stands, kept up to date as figures fall back.
    let mut bases: Vec<(Vec2, f32)> = board.figs.iter().map(|f| (f.pos, f.figure.base)).collect();
    for g in game.all_groups() {
        let members = board.members(&g.id);
        // "a group containing a players character": a hero of a side a person plays.
        let rules_run = game.table.rules_run(g.side);
        if rules_run || !members.iter().any(|&m| board.figs[m].figure.hero) {
            continue;
        }
        let shaken = members
            .iter()
            .filter(|&&m| board.figs[m].cond.wounded() || board.figs[m].cond.ducked_back(turn))
            .count();
        if !must_fall_back(members.len(), shaken) {
            continue;
        }
        let mut moved_any = false;
        for &m in &members {
            let f = &board.figs[m];
            if f.figure.hero || f.cond.knocked_out(turn) {
                continue;
            }
            let view = board.viewpoint(m);
            let visible: Vec<Vec2> = board
                .foes_of(m)
                .into_iter()
                .filter(|&e| board.sees_from(&view, m, e))
                .map(|e| board.figs[e].pos)
                .collect();
            let others: Vec<(Vec2, f32)> = bases
                .iter()
                .enumerate()
                .filter(|(k, _)| *k != m)
                .map(|(_, b)| *b)
                .collect();
            let to = fall_back_point(&FallBack {
                from: f.pos,
                walk: f.figure.profile.move_inches,
                radius: f.figure.base,
                table: board.table.size,
                terrain: &board.table.terrain,
                visible_enemies: &visible,
                bases: &others,
            });
            match to {
                Some(to) => {
                    moves.push((f.entity, to));
                    bases[m].0 = to;
                    moved_any = true;
                }
                None if !visible.is_empty() => log.push(
                    turn,
                    format!(
                        "Morale: {} has nowhere to fall back to and stands",
                        f.figure.name
                    ),
                ),
                None => {}
            }
        }
        if moved_any {
            log.push(
                turn,
                format!(
                    "Morale: {} has {shaken} of {} wounded or ducked back and falls back",
                    g.name,
                    members.len()
                ),
            );
            fell_back.push(g.id.clone());
        }
    }
    drop(board);
    for (e, to) in moves {
        if let Ok(mut f) = game.figures.get_mut(e) {
            f.3.0 = to;
        }
    }
    for (_, mut g) in &mut game.groups {
        if fell_back.contains(&g.id) {
            g.fell_back_for_turn = Some(turn + 1);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(TurnPhase::EndOfTurn),
        fall_back.in_set(EndOfTurnSet::Morale),
    );
}
