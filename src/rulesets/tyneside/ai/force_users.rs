//! The solo rules for Force users (tyneside-skirmish.txt, Solo rules for Force users): a
//! Force jump away on the last point, Push for a friend losing its fire fight and for an enemy
//! in the way, Mind tricks past guards, and lightning by the Dark Side.

use bevy::prelude::*;

use crate::rulesets::tyneside::board::{Board, HIDDEN_SEEN_WITHIN};
use crate::rulesets::tyneside::commands::Command;
use crate::rulesets::tyneside::components::Group;
use crate::rulesets::tyneside::rules::force::{
    ForcePower, MIND_TRICK_FAR, MIND_TRICK_MANY, MIND_TRICK_NEAR, PUSH_RANGE, mind_trickable, throw,
};

/// The most 2D6" throws a figure, inches (Push/pull: "up to 2D6″").
const PUSH_MOST: f32 = 12.0;
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::rules::random_movement::SUPPORT_NEAR;

/// Whether Force user `f` has used the Force in its (Movement, Shoot/Act) activation this
/// turn: the rules' side uses it once an activation, so a step that a roll the players type
/// in interrupted does not use it again when it is taken up.
fn used(f: &crate::rulesets::tyneside::board::Fig) -> (bool, bool) {
    (f.act.force_actions.0 > 0, f.act.force_actions.1 > 0)
}

/// Solo rules for Force users, "(2): If at 1 Force point, the figure will use the last point
/// to **Force jump** away from the nearest threat": straight away from the nearest enemy it sees,
/// as far as a level-1 jump may reach on a middling roll (3").
pub(super) fn jumps_away(board: &Board, members: &[usize]) -> Vec<Command> {
    members
        .iter()
        .filter_map(|&m| {
            let f = &board.figs[m];
            if !f.figure.has(Ability::ForceUser) || f.cond.force_points != 1 || used(f).0 {
                return None;
            }
            let view = board.viewpoint(m);
            let threat = board
                .foes_of(m)
                .into_iter()
                .filter(|&e| board.sees_from(&view, m, e))
                .min_by(|&a, &b| board.gap(m, a).total_cmp(&board.gap(m, b)))?;
            let away = (f.pos - board.figs[threat].pos).normalize_or_zero();
            let to = f.pos + away * 3.0;
            Some(Command::Force {
                figure: f.figure.id.clone(),
                power: ForcePower::ForceJump { to: (to.x, to.y) },
            })
        })
        .collect()
}

/// Solo rules for Force users, "(4): If an enemy force is blocking a move by the Force user,
/// he will Push the enemy out of the way": a Force user of `members` with two points or more
/// Pushes the nearest enemy it sees standing in the group's way (within 1" of the line from
/// its centre `centre` along `dir`, no further than `reach` inches ahead): a retreat's way,
/// since an advance heads for the nearest enemy itself.
pub(super) fn pushes_out_of_the_way(
    board: &Board,
    members: &[usize],
    centre: Vec2,
    dir: Vec2,
    reach: f32,
) -> Vec<Command> {
    let mut out = Vec::new();
    for &m in members {
        let f = &board.figs[m];
        if !f.figure.has(Ability::ForceUser) || f.cond.force_points < 2 || used(f).0 {
            continue;
        }
        let view = board.viewpoint(m);
        let in_the_way = board
            .foes_of(m)
            .into_iter()
            .filter(|&e| {
                let off = board.figs[e].pos - centre;
                let ahead = off.dot(dir);
                board.vehicle(e).is_none()
                    && ahead > 0.0
                    && ahead <= reach
                    && off.perp_dot(dir).abs() <= 1.0 + board.figs[e].figure.base
                    && board.gap(m, e) <= PUSH_RANGE
                    && board.sees_from(&view, m, e)
            })
            .min_by(|&a, &b| board.gap(m, a).total_cmp(&board.gap(m, b)));
        if let Some(e) = in_the_way {
            out.push(Command::Force {
                figure: f.figure.id.clone(),
                power: ForcePower::Push {
                    targets: vec![board.figs[e].figure.id.clone()],
                    pull: false,
                    from: None,
                    up_to: None,
                },
            });
        }
    }
    out
}

/// Solo rules for Force users, "(5): If trying to get past guards stealthily, use a **Mind trick**
/// if possible": a hiding Force user of `members` with two points or more, whose group moves
/// along `dir` from `centre` (not an Attack: that is no stealth), tricks the guards it sees in
/// its way (troopers a Mind trick takes, ahead of it no further than `reach` inches and within
/// 6" of the line, where a hiding figure is seen): the three nearest within 5", else the
/// nearest within 24". Tricked, they act for the user's side for the rest of the turn.
pub(super) fn mind_tricks_past_guards(
    board: &Board,
    members: &[usize],
    centre: Vec2,
    dir: Vec2,
    reach: f32,
) -> Vec<Command> {
    let mut out = Vec::new();
    for &m in members {
        let f = &board.figs[m];
        if !f.figure.has(Ability::ForceUser)
            || !f.cond.hidden
            || f.cond.force_points < 2
            || used(f).0
        {
            continue;
        }
        let view = board.viewpoint(m);
        let mut guards: Vec<usize> = board
            .foes_of(m)
            .into_iter()
            .filter(|&e| {
                let g = &board.figs[e];
                let off = g.pos - centre;
                let ahead = off.dot(dir);
                mind_trickable(&g.figure.profile.name)
                    && ahead > 0.0
                    && ahead <= reach + HIDDEN_SEEN_WITHIN
                    && off.perp_dot(dir).abs() <= HIDDEN_SEEN_WITHIN + g.figure.base
                    && board.gap(m, e) <= MIND_TRICK_FAR
                    && board.sees_from(&view, m, e)
            })
            .collect();
        guards.sort_by(|&a, &b| board.gap(m, a).total_cmp(&board.gap(m, b)));
        let near: Vec<usize> = guards
            .iter()
            .copied()
            .filter(|&e| board.gap(m, e) <= MIND_TRICK_NEAR)
            .take(MIND_TRICK_MANY)
            .collect();
        let chosen = if near.is_empty() {
            guards.into_iter().take(1).collect()
        } else {
            near
        };
        if !chosen.is_empty() {
            out.push(Command::Force {
                figure: f.figure.id.clone(),
                power: ForcePower::MindTrick {
                    targets: chosen
                        .iter()
                        .map(|&e| board.figs[e].figure.id.clone())
                        .collect(),
                },
            });
        }
    }
    out
}

/// How far figure `t`, thrown straight away from figure `k` by the most 2D6 gives (12"),
/// goes before it hits a solid object ("into a wall/trees etc."), inches; `None` when it hits
/// none (Push/pull: "stunned for 3 turns if they hit a solid object").
fn thrown_into_solid(board: &Board, t: usize, k: usize) -> Option<f32> {
    let (target, back) = (&board.figs[t], board.figs[k].pos);
    let dir = (target.pos - back).normalize_or_zero();
    let others: Vec<(Vec2, f32)> = (0..board.figs.len())
        .filter(|&o| o != t)
        .map(|o| (board.figs[o].pos, board.figs[o].figure.base))
        .collect();
    let (to, hit) = throw(
        (target.pos, target.figure.base),
        dir,
        PUSH_MOST,
        &board.table.terrain,
        board.table.size,
        &others,
    );
    (hit && dir != Vec2::ZERO).then(|| to.distance(target.pos))
}

/// The Force attacks of `members` in the Shoot/Act phase, by the solo rules for Force users,
/// "in the following order": "(3): If a friendly group within 12″ is losing a firefight, use
/// **Push** to throw the nearest enemy to that group back" (a group is losing when more enemy
/// figures fired at it last turn than it has figures: the Random movement table's "Under fire
/// from greater numbers"); else "(6): Use other Force actions as you deem appropriate"
/// (Holotable: a wounded user, light or dark, suppresses its wound; else a Dark Side user
/// strikes the nearest enemy it sees within 24" with Force lightning). A user keeps its last
/// point for rule (2), and uses nothing on a walker.
pub(super) fn force_attacks(board: &Board, groups: &[&Group], members: &[usize]) -> Vec<Command> {
    let mut out = Vec::new();
    for &m in members {
        let f = &board.figs[m];
        if !f.figure.has(Ability::ForceUser) || f.cond.force_points < 2 || used(f).1 {
            continue;
        }
        let view = board.viewpoint(m);
        let seen = |e: usize| {
            board.vehicle(e).is_none()
                && board.gap(m, e) <= PUSH_RANGE
                && board.sees_from(&view, m, e)
        };
        let id = f.figure.id.clone();
        // "(3): If a friendly group within 12″ is losing a firefight, use **Push** to throw the
        // nearest enemy to that group back" comes before "(6)": a Dark Side user pushes too.
        let losing = groups.iter().find(|g| {
            g.side == f.figure.side
                && g.fire_last_turn as usize > board.members(&g.id).len()
                && board
                    .members(&g.id)
                    .iter()
                    .any(|&k| board.gap(m, k) <= SUPPORT_NEAR)
        });
        if let Some(g) = losing {
            let friends = board.members(&g.id);
            let nearest = board
                .foes_of(m)
                .into_iter()
                .filter(|&e| seen(e))
                .min_by(|&a, &b| {
                    let d = |e: usize| {
                        friends
                            .iter()
                            .map(|&k| board.gap(k, e))
                            .fold(f32::MAX, f32::min)
                    };
                    d(a).total_cmp(&d(b))
                });
            if let Some(t) = nearest {
                // "throw the nearest enemy to that group back, if possible into a wall/trees
                // etc.": away from the friend (or the user) whose line back ends soonest
                // against a solid object within 2D6's most; else away from the friend nearest
                // to it, when the user sees one; else away from the user.
                let from: Vec<usize> = friends
                    .iter()
                    .copied()
                    .filter(|&k| k == m || board.sees(m, k))
                    .collect();
                let back_from = from
                    .iter()
                    .chain(std::iter::once(&m))
                    .filter_map(|&k| thrown_into_solid(board, t, k).map(|d| (k, d)))
                    .min_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|(k, _)| k)
                    .or_else(|| {
                        from.iter()
                            .copied()
                            .min_by(|&a, &b| board.gap(a, t).total_cmp(&board.gap(b, t)))
                    })
                    .filter(|&k| k != m)
                    .map(|k| board.figs[k].figure.id.clone());
                out.push(Command::Force {
                    figure: id,
                    power: ForcePower::Push {
                        targets: vec![board.figs[t].figure.id.clone()],
                        pull: false,
                        from: back_from,
                        up_to: None,
                    },
                });
                continue;
            }
        }
        // "(6): Use other Force actions as you deem appropriate": a wounded user suppresses
        // its wound ("all values return to normal"); a Dark Side user strikes with lightning.
        if f.cond.wounded() && !f.act.suppressed {
            out.push(Command::Force {
                figure: id,
                power: ForcePower::WoundSuppression,
            });
            continue;
        }
        if f.figure.has(Ability::DarkSide)
            && let Some(t) = board
                .foes_of(m)
                .into_iter()
                .filter(|&e| seen(e))
                .min_by(|&a, &b| board.gap(m, a).total_cmp(&board.gap(m, b)))
        {
            out.push(Command::Force {
                figure: id,
                power: ForcePower::Lightning {
                    target: board.figs[t].figure.id.clone(),
                },
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::tyneside::testing::{DUEL, fig, game, on_board};

    fn duel() -> crate::engine::session::Session<crate::rulesets::tyneside::Tyneside> {
        game(&DUEL.replace("ORDER", "Stand"), &[])
    }

    #[test]
    fn on_his_last_point_a_force_user_jumps_away_from_the_nearest_threat() {
        let mut s = duel();
        let (rested, last) = on_board(&mut s, |b, _| {
            let luke = fig(b, "luke");
            let rested = jumps_away(b, &[luke]);
            b.figs[luke].cond.to_mut().force_points = 1;
            (rested, jumps_away(b, &[luke]))
        });
        assert!(rested.is_empty(), "points to spare: no jump");
        let [
            Command::Force {
                figure,
                power: ForcePower::ForceJump { to },
            },
        ] = &last[..]
        else {
            panic!("one jump: {last:?}");
        };
        assert_eq!(figure, "luke");
        assert!(to.0 < 10.0, "away from the nearest enemy: {to:?}");
    }

    #[test]
    fn the_dark_side_strikes_the_nearest_enemy_it_sees_with_lightning() {
        let mut s = duel();
        let (fresh, spent) = on_board(&mut s, |b, groups| {
            let darth = fig(b, "darth");
            let fresh = force_attacks(b, groups, &[darth]);
            b.figs[darth].cond.to_mut().force_points = 1;
            (fresh, force_attacks(b, groups, &[darth]))
        });
        assert_eq!(
            fresh,
            vec![Command::Force {
                figure: "darth".into(),
                power: ForcePower::Lightning {
                    target: "luke".into()
                },
            }]
        );
        assert!(spent.is_empty(), "the last point is kept for a jump away");
    }

    /// Vader's Force attacks with the trooper e1 4" off (14, 16), its group under fire from
    /// more figures than it has last turn: losing its fire fight.
    fn vader_for_a_losing_trooper(
        s: &mut crate::engine::session::Session<crate::rulesets::tyneside::Tyneside>,
    ) -> Vec<Command> {
        on_board(s, |b, groups| {
            let (darth, e1) = (fig(b, "darth"), fig(b, "e1"));
            b.figs[e1].pos = Vec2::new(14.0, 16.0);
            let mut all: Vec<Group> = groups.iter().map(|g| (*g).clone()).collect();
            for g in all.iter_mut().filter(|g| g.id == "E") {
                g.fire_last_turn = 2;
            }
            force_attacks(b, &all.iter().collect::<Vec<_>>(), &[darth])
        })
    }

    #[test]
    fn a_dark_side_user_pushes_for_a_losing_friend_before_any_lightning() {
        // "(3): If a friendly group within 12″ is losing a firefight, use **Push** to throw the
        // nearest enemy to that group back" comes before "(6)".
        let mut s = duel();
        let chosen = vader_for_a_losing_trooper(&mut s);
        assert_eq!(
            chosen,
            vec![Command::Force {
                figure: "darth".into(),
                power: ForcePower::Push {
                    targets: vec!["luke".into()],
                    pull: false,
                    from: Some("e1".into()),
                    up_to: None,
                },
            }]
        );
    }

    #[test]
    fn a_push_for_a_losing_friend_throws_into_a_wall_if_possible() {
        // "... throw the nearest enemy to that group back, if possible into a wall/trees etc.":
        // a wall 5" below Luke stands on the line from Vader (straight above him) and not on
        // the line from e1 (above and to the right), so Vader pushes him from himself.
        let walled = DUEL.replace("ORDER", "Stand").replace(
            "sides: [",
            "terrain: [(id: \"wall\", kind: Wall, shape: Rect(min: (8.0, 4.0), max: (12.0, 5.0)), properties: [Cover, Obstacle])],\n    sides: [",
        );
        let mut s = game(&walled, &[]);
        let chosen = vader_for_a_losing_trooper(&mut s);
        let Some(Command::Force {
            power: ForcePower::Push { targets, from, .. },
            ..
        }) = chosen.first()
        else {
            panic!("no push: {chosen:?}");
        };
        assert_eq!(
            (targets.as_slice(), from),
            (&["luke".to_string()][..], &None)
        );
    }

    #[test]
    fn a_wounded_force_user_light_or_dark_suppresses_its_wound() {
        // "(6): Use other Force actions as you deem appropriate".
        let mut s = duel();
        let chosen = on_board(&mut s, |b, groups| {
            let (luke, darth) = (fig(b, "luke"), fig(b, "darth"));
            b.figs[luke].cond.to_mut().wounds = 1;
            b.figs[darth].cond.to_mut().wounds = 1;
            force_attacks(b, groups, &[luke, darth])
        });
        let suppress = |who: &str| Command::Force {
            figure: who.into(),
            power: ForcePower::WoundSuppression,
        };
        assert_eq!(chosen, vec![suppress("luke"), suppress("darth")]);
    }
}
