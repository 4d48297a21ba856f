//! Finding a move the rules allow: a whole group or one figure, the first of a list of tries
//! that the movement phase's own checks accept, and a charge into close combat.

use bevy::prelude::*;

use crate::rulesets::tyneside::board::{Game, GameView};
use crate::rulesets::tyneside::commands::Command;
use crate::rulesets::tyneside::phases::movement::{
    group_movers, melee_in_reach, movable, plan_group, plan_step,
};

/// Where figure `id` stands now and how far it still lacks of "at least half speed", inches.
pub(super) fn position_and_need(In(id): In<String>, view: GameView) -> Option<(Vec2, f32)> {
    let board = view.board()?;
    let i = board.find(&id)?;
    let f = &board.figs[i];
    Some((f.pos, board.walk(i) / 2.0 - f.act.moved))
}

/// A move that takes figure `id`, on Attack orders, into close combat ("They will enter melee
/// if in reach"), if one is legal now ([`melee_in_reach`]).
pub(super) fn charge(In(id): In<String>, view: GameView) -> Option<Command> {
    let board = view.board()?;
    let to = melee_in_reach(&board, board.find(&id)?)?;
    Some(Command::Move {
        figure: id,
        to: (to.x, to.y),
    })
}

/// What the rules' side is looking to move: a whole group, or one figure standing at a point
/// (inches).
#[derive(Clone, Debug)]
pub(super) enum Mover {
    Group(String),
    Figure(String, Vec2),
}

/// The first of `tries` (moves, inches) the rules allow `who` to make now, as the command
/// to send and its length, inches: the movement phase's own checks ([`plan_group`],
/// [`plan_step`]) on one board, so the search costs no command per try.
pub(super) fn first_legal(
    In((who, tries)): In<(Mover, Vec<Vec2>)>,
    game: Game,
) -> Option<(Command, f32)> {
    let board = game.board();
    match who {
        Mover::Group(group) => {
            let (able, order) = group_movers(&board, &game, &group).ok()?;
            tries
                .into_iter()
                .find(|&by| plan_group(&board, &able, order, by).is_ok())
                .map(|by| {
                    let c = Command::MoveGroup {
                        group,
                        by: (by.x, by.y),
                    };
                    (c, by.length())
                })
        }
        Mover::Figure(id, at) => {
            let (i, order) = movable(&board, &game, &id).ok()?;
            tries
                .into_iter()
                .find(|&by| plan_step(&board, i, at + by, order, &[], false).is_ok())
                .map(|by| {
                    let to = at + by;
                    let c = Command::Move {
                        figure: id,
                        to: (to.x, to.y),
                    };
                    (c, by.length())
                })
        }
    }
}

#[cfg(test)]
mod tests {
    use bevy::ecs::system::RunSystemOnce;

    use super::*;
    use crate::rulesets::tyneside::testing::{DUEL, fig, game, on_board, to_movement_of};

    #[test]
    fn the_first_try_the_movement_rules_allow_is_the_one_sent() {
        let mut s = game(&DUEL.replace("ORDER", "Move"), &[1; 8]);
        to_movement_of(&mut s, "E");
        let tries = vec![
            Vec2::new(-40.0, 0.0),
            Vec2::new(-1.0, 0.0),
            Vec2::new(-2.0, 0.0),
        ];
        let chosen = s
            .world_mut()
            .run_system_once_with(first_legal, (Mover::Group("E".into()), tries.clone()))
            .expect("runs");
        let (command, length) = chosen.expect("a legal try");
        assert_eq!(
            command,
            Command::MoveGroup {
                group: "E".into(),
                by: (-1.0, 0.0)
            },
            "40 inches is past any allowance"
        );
        assert_eq!(length, 1.0);
        // Another group's figure is not the one to move now.
        let luke = s
            .world_mut()
            .run_system_once_with(
                first_legal,
                (Mover::Figure("luke".into(), Vec2::new(10.0, 10.0)), tries),
            )
            .expect("runs");
        assert_eq!(luke, None);
    }

    #[test]
    fn half_speed_is_what_is_left_of_half_the_walk() {
        let mut s = game(&DUEL.replace("ORDER", "Move"), &[]);
        let walk = on_board(&mut s, |b, _| b.walk(fig(b, "e1")));
        let (at, need) = s
            .world_mut()
            .run_system_once_with(position_and_need, "e1".to_string())
            .expect("runs")
            .expect("on the table");
        assert_eq!(at, Vec2::new(20.0, 10.0));
        assert_eq!(need, walk / 2.0);
    }
}
