//! Morale at the end of the turn: tyneside-skirmish.txt, Morale.

use bevy::prelude::*;

use crate::rulesets::tyneside::board::Game;
use crate::engine::record::GameLog;
use crate::rulesets::tyneside::turn::{EndOfTurnSet, TurnPhase};
use crate::rulesets::tyneside::rules::wounds::{fall_back_point, must_fall_back};

/// "If half or more figures in a group containing a players character are wounded or ducked
/// back, they must move away from the nearest visible enemy … This move takes place at the end
/// of the current turn and replaces the group's next activation. Heroes, run by players, even
/// if part of a larger group, may always ignore morale!" Ruling (docs/rules/tyneside.md): in
/// opposed play every group is a player's, so every group tests; heroes always stand.
fn fall_back(mut game: Game, mut log: ResMut<GameLog>) {
    let turn = game.turn.turn;
    let board = game.board();
    let mut moves: Vec<(Entity, Vec2)> = Vec::new();
    let mut fell_back: Vec<String> = Vec::new();
    for g in game.all_groups() {
        let members = board.members(&g.id);
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
            let nearest = board
                .foes_of(m)
                .into_iter()
                .filter(|&e| board.sees_from(&view, m, e))
                .min_by(|&a, &b| board.gap(m, a).total_cmp(&board.gap(m, b)));
            if let Some(e) = nearest {
                let to = fall_back_point(
                    f.pos,
                    board.figs[e].pos,
                    f.figure.profile.move_inches,
                    f.figure.base,
                    board.table.size,
                    &board.table.terrain,
                );
                moves.push((f.entity, to));
                moved_any = true;
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
