//! What the rules' side sees and means to do now ([`Plan`]): its orders, a group's move
//! (where to, how far, and the Force users' moves on the way) or a group's Shoot/Act.

use bevy::prelude::*;

use super::force_users::{
    force_attacks, jumps_away, mind_tricks_past_guards, pushes_out_of_the_way,
};
use super::shoot_act::{against_walkers, works_doors};
use crate::rules::terrain::TerrainProperty;
use crate::rulesets::tyneside::board::{Board, GameView};
use crate::rulesets::tyneside::commands::Command;
use crate::rulesets::tyneside::components::Group;
use crate::rulesets::tyneside::input::side_to_act;
use crate::rulesets::tyneside::phases::melee::melee_pairs;
use crate::rulesets::tyneside::phases::{force_users_order, sabre_can_cut, situation};
use crate::rulesets::tyneside::rules::orders::{Order, allowance_left};
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::rules::random_movement::{Reaction, score};
use crate::rulesets::tyneside::turn::TurnPhase;

/// What the active group of a side the rules run must do now.
#[derive(Clone, Debug)]
pub(in crate::rulesets::tyneside) enum Plan {
    /// Orders: its Force users made ready to react, the counters of groups a hero leads,
    /// then end the side's orders.
    Orders(Vec<String>, Vec<(String, Order)>),
    /// Movement of `group` under `order`: its figures, whether each may run, and where to go.
    Move {
        group: String,
        order: Order,
        figures: Vec<String>,
        /// Unit direction to move in (towards or away), or none (Stand, nowhere to go).
        dir: Option<Vec2>,
        /// The longest move to try, inches.
        reach: f32,
        /// Where the group stands (its centre), inches.
        centre: Vec2,
        /// Whether a vehicle is among its figures (it turns 45° at most).
        has_vehicle: bool,
        /// Force jumps away of its Force users down to their last point, Pushes of enemies in
        /// the way, and Mind tricks on guards a hiding user gets past.
        jumps: Vec<Command>,
    },
    /// Shoot/Act of `group`: whether it has a close combat to fight (or a walker to cut),
    /// its figures' shots and throws at enemy walkers, else enemy groups nearest first.
    Act {
        group: String,
        in_contact: bool,
        against_walkers: Vec<Command>,
        force: Vec<Command>,
        targets: Vec<String>,
        /// The side's groups still to act that may combine their fire with it: (group, the
        /// enemy group nearest to it).
        partners: Vec<(String, String)>,
        /// Its figures' work on shut doors they touch, if it has nothing to shoot at.
        doors: Vec<Command>,
    },
}

pub(super) fn observe(
    view: GameView,
    phase: Option<Res<State<TurnPhase>>>,
    sides: Option<Res<crate::engine::game::Sides>>,
) -> Option<Plan> {
    let phase = *phase?.get();
    let side = side_to_act(&view, phase)?;
    if !sides?.by_rules(side) {
        return None;
    }
    let board = view.board()?;
    let turn = view.turn.as_ref()?;
    match phase {
        TurnPhase::Orders => {
            // The groups a player's character leads on a side handed to the rules (`--ai`):
            // the rules stand in for the player and take the table's order, or the solo rules
            // for Force users'. The side the scenario gives the rules has its orders from the
            // turn's start (sequence.rs), a hero's group too.
            let groups: Vec<_> = view.all_groups().into_iter().cloned().collect();
            let scenario_rules_side = board.table.rules_run(side);
            let led = groups
                .iter()
                .filter(|g| g.side == side && !scenario_rules_side)
                .filter(|g| {
                    board
                        .members(&g.id)
                        .iter()
                        .any(|&m| board.figs[m].figure.hero)
                })
                .filter_map(|g| {
                    let s = situation(&board, &groups, g)?;
                    let members = board.members(&g.id);
                    let order = force_users_order(&board, &members, s.no_enemy_in_sight)
                        .map(|(o, _)| o)
                        .or_else(|| hero_order(&board, &members, g.side))
                        .unwrap_or_else(|| Reaction::of(score(&s)).order(s.in_cover));
                    Some((g.id.clone(), order))
                })
                .collect();
            // Solo rules for Force users: "(1): If under fire … they will use **Deflect**";
            // "If attacked by a Force attack, use **Block** instead if sufficiently powerful".
            let unready = board
                .figs
                .iter()
                .filter(|f| {
                    f.figure.side == side && f.figure.has(Ability::ForceUser) && !f.cond.ready
                })
                .map(|f| f.figure.id.clone())
                .collect();
            Some(Plan::Orders(unready, led))
        }
        TurnPhase::Movement => {
            let group = turn.active_group()?.to_string();
            let (order, reaction) = view.group(&group).map(|g| {
                (
                    g.order.unwrap_or(Order::Stand),
                    g.table_score.map(Reaction::of),
                )
            })?;
            let members = board.members(&group);
            let centre = members.iter().map(|&m| board.figs[m].pos).sum::<Vec2>()
                / members.len().max(1) as f32;
            // The nearest enemy to the group's centre: seen by one of its figures, or any.
            let (mut seen, mut any): (Option<Vec2>, Option<Vec2>) = (None, None);
            let closer = |best: Option<Vec2>, p: Vec2| match best {
                Some(b) if b.distance(centre) <= p.distance(centre) => Some(b),
                _ => Some(p),
            };
            for &m in &members {
                let view = board.viewpoint(m);
                for e in board.foes_of(m) {
                    let p = board.figs[e].pos;
                    any = closer(any, p);
                    if board.sees_from(&view, m, e) {
                        seen = closer(seen, p);
                    }
                }
            }
            let objective = objective_aim(&board, &members, side).map(|aim| match aim {
                Aim::Keep(at) | Aim::Take(at) => at,
            });
            let has = |a: Ability| members.iter().any(|&m| board.figs[m].figure.has(a));
            let toward = if has(Ability::AttacksNearest) || has(Ability::SimplyAdvances) {
                // "Attacks nearest creature"; "simply advance towards the nearest enemy".
                any
            } else {
                match (order, reaction) {
                    // "Must move at run towards one or more of the nearest enemy groups."
                    (Order::Attack, _) => seen.or(any),
                    // A hero's Move for an objective ([`hero_order`]).
                    (Order::Move, None) => objective.or(seen).or(any),
                    // The table's "Advance towards objective, or nearest enemy" (3-4, and
                    // "Advance as in (4)" at 1-2) against "… nearest enemy, or objective" (5+).
                    (
                        _,
                        Some(Reaction::AdvanceObjectiveOrEnemy | Reaction::StandInCoverOrAdvance),
                    ) => objective.or(seen).or(any),
                    _ => seen.or(objective).or(any),
                }
            };
            // "Retreat towards nearest cover further from the nearest visible enemy" (the
            // table's -3 to -1 out of cover): the nearest point of cover farther from it.
            let cover = (order == Order::Retreat
                && reaction == Some(Reaction::StandInCoverOrRetreat))
            .then(|| cover_further(&board, centre, seen))
            .flatten();
            let dir = match order {
                Order::Stand => None,
                Order::Attack | Order::Advance | Order::Move => {
                    toward.map(|t| (t - centre).normalize_or_zero())
                }
                Order::Retreat if cover.is_some() => {
                    cover.map(|c| (c - centre).normalize_or_zero())
                }
                Order::Retreat | Order::Rout => any.map(|e| (centre - e).normalize_or_zero()),
            };
            // The longest move worth trying: what is left, plus a run's best roll if it may run.
            let reach = members
                .iter()
                .map(|&m| {
                    let f = &board.figs[m];
                    let (left, run) =
                        allowance_left(board.walk(m), f.act.run_roll, f.act.moved, order, 1.0);
                    left + run.unwrap_or(0.0)
                })
                .fold(0.0, f32::max);
            // To the cover and no further, but at least half of it (a Retreat's least move).
            let reach = cover.map_or(reach, |c| {
                reach.min((c.distance(centre) + 1.0).max(reach / 2.0))
            });
            // "(4): If an enemy force is blocking a move by the Force user, he will Push the
            // enemy out of the way": on any move but a charge, short of where it heads (an
            // advance's own target is no enemy in its way).
            let push_reach = match order {
                Order::Retreat | Order::Rout => reach,
                Order::Advance | Order::Move => {
                    toward.map_or(reach, |t| reach.min(t.distance(centre) - 2.0))
                }
                Order::Attack | Order::Stand => 0.0,
            };
            let blockers = dir
                .filter(|d| *d != Vec2::ZERO && push_reach > 0.0)
                .map(|d| pushes_out_of_the_way(&board, &members, centre, d, push_reach))
                .unwrap_or_default();
            let tricks = dir
                .filter(|d| *d != Vec2::ZERO && !matches!(order, Order::Attack))
                .map(|d| mind_tricks_past_guards(&board, &members, centre, d, reach))
                .unwrap_or_default();
            Some(Plan::Move {
                jumps: jumps_away(&board, &members)
                    .into_iter()
                    .chain(blockers)
                    .chain(tricks)
                    .collect(),
                has_vehicle: members.iter().any(|&m| board.vehicle(m).is_some()),
                group,
                order,
                figures: members
                    .iter()
                    .map(|&m| board.figs[m].figure.id.clone())
                    .collect(),
                dir: dir.filter(|d| *d != Vec2::ZERO),
                reach,
                centre,
            })
        }
        TurnPhase::Action => {
            let group = turn.active_group()?.to_string();
            let members = board.members(&group);
            let all = view.all_groups();
            // Play sequence: "Shooting, etc, can be delayed to allow groups to combine their
            // fire": the side's groups still to act, with nothing of their own to do first
            // (no close combat, no Force user, no vehicle), join a fire at the group they
            // would shoot at anyway.
            let partners = turn
                .queue
                .iter()
                .skip(1)
                .filter(|g| all.iter().any(|a| &a.id == *g && a.side == side))
                .filter_map(|g| {
                    let ms = board.members(g);
                    let busy = ms.is_empty()
                        || !melee_pairs(&board, g).is_empty()
                        || ms.iter().any(|&m| {
                            board.figs[m].figure.has(Ability::ForceUser)
                                || board.vehicle(m).is_some()
                        });
                    let nearest = enemy_groups_nearest(&board, &all, side, &ms);
                    (!busy).then(|| (g.clone(), nearest.into_iter().next()))
                })
                .filter_map(|(g, t)| Some((g, t?)))
                .collect();
            Some(Plan::Act {
                in_contact: !melee_pairs(&board, &group).is_empty()
                    || sabre_can_cut(&board, &group),
                against_walkers: against_walkers(&board, &members),
                force: force_attacks(&board, &all, &members),
                doors: works_doors(&board, &members),
                // A group without firepower cannot lead a fire (the rules refuse it): no
                // target to try.
                targets: if members
                    .iter()
                    .any(|&m| board.figs[m].figure.profile.firepower.is_some())
                {
                    enemy_groups_nearest(&board, &all, side, &members)
                } else {
                    Vec::new()
                },
                partners,
                group,
            })
        }
        TurnPhase::EndOfTurn => None,
    }
}

/// The groups of sides other than `side`, nearest first to the centre of the figures
/// `members` (the distance to their nearest figure; ties by id).
fn enemy_groups_nearest(
    board: &Board,
    all: &[&Group],
    side: usize,
    members: &[usize],
) -> Vec<String> {
    let centre =
        members.iter().map(|&m| board.figs[m].pos).sum::<Vec2>() / members.len().max(1) as f32;
    let mut targets: Vec<(f32, String)> = all
        .iter()
        .filter(|g| g.side != side)
        .filter_map(|g| {
            let d = board
                .members(&g.id)
                .iter()
                .map(|&e| board.figs[e].pos.distance(centre))
                .fold(f32::MAX, f32::min);
            (d < f32::MAX).then(|| (d, g.id.clone()))
        })
        .collect();
    targets.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    targets.into_iter().map(|(_, g)| g).collect()
}

/// The nearest point of a piece that gives cover from `centre`, farther than `centre` from
/// the nearest visible enemy at `enemy` (any cover when none is visible); `None` if there is
/// none. Inches.
fn cover_further(board: &Board, centre: Vec2, enemy: Option<Vec2>) -> Option<Vec2> {
    board
        .table
        .terrain
        .iter()
        .filter(|t| t.has(TerrainProperty::Cover))
        .map(|t| t.shape.closest_point(centre))
        .filter(|p| enemy.is_none_or(|e| p.distance(e) > centre.distance(e)))
        .min_by(|a, b| a.distance(centre).total_cmp(&b.distance(centre)))
}

/// Which objective a group of `side` (its `members`) plays for.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Aim {
    /// One it holds (a member within its radius, and its side the holder): it stays.
    Keep(Vec2),
    /// The nearest its side does not hold: it goes for it.
    Take(Vec2),
}

/// The objective `members` of `side` play for: one they hold themselves, else the nearest
/// their side does not hold (an objective already held by a friend is left to it); `None`
/// when the scenario has none to take (ruling `A side the rules stand in for`).
fn objective_aim(board: &Board, members: &[usize], side: usize) -> Option<Aim> {
    let figures: Vec<(usize, Vec2)> = board.figs.iter().map(|f| (f.figure.side, f.pos)).collect();
    let objectives = &board.table.scenario.objectives;
    let held = |o: &crate::rulesets::tyneside::rules::scenario::Objective| {
        let at = Vec2::new(o.at.0, o.at.1);
        crate::rulesets::tyneside::rules::victory::objective_holder(at, o.radius, &figures)
            == Some(side)
    };
    let centre =
        members.iter().map(|&m| board.figs[m].pos).sum::<Vec2>() / members.len().max(1) as f32;
    if let Some(o) = objectives.iter().find(|o| {
        let at = Vec2::new(o.at.0, o.at.1);
        held(o)
            && members
                .iter()
                .any(|&m| board.figs[m].pos.distance(at) <= o.radius)
    }) {
        return Some(Aim::Keep(Vec2::new(o.at.0, o.at.1)));
    }
    objectives
        .iter()
        .filter(|o| !held(o))
        .map(|o| Vec2::new(o.at.0, o.at.1))
        .min_by(|a, b| a.distance(centre).total_cmp(&b.distance(centre)))
        .map(Aim::Take)
}

/// The order a hero chooses for the group it leads when the rules stand in for its player
/// (`--ai`, the balance report): the text lets a hero choose any order (Orders: "In which case he
/// chooses one"), so it holds an objective the group stands on (Stand), else makes for the
/// nearest objective its side does not hold (Move); `None` (no objective to play for) leaves
/// it to the Random movement table. Holotable's policy, not the text's (ruling `A side the
/// rules stand in for`).
fn hero_order(board: &Board, members: &[usize], side: usize) -> Option<Order> {
    match objective_aim(board, members, side)? {
        Aim::Keep(_) => Some(Order::Stand),
        Aim::Take(_) => Some(Order::Move),
    }
}

#[cfg(test)]
mod tests {
    use bevy::ecs::system::RunSystemOnce;

    use super::*;
    use crate::rulesets::tyneside::testing::{DUEL, game, to_movement_of};

    fn plan(
        s: &mut crate::engine::session::Session<crate::rulesets::tyneside::Tyneside>,
    ) -> Option<Plan> {
        s.world_mut().run_system_once(observe).expect("runs")
    }

    #[test]
    fn in_the_orders_phase_the_rules_ready_their_force_users_and_nobody_elses() {
        let mut s = game(&DUEL.replace("ORDER", "Stand"), &[]);
        let mut seen = Vec::new();
        for _ in 0..2 {
            if let Some(Plan::Orders(unready, _)) = plan(&mut s) {
                seen.extend(unready);
            }
            s.send(Command::EndPhase);
        }
        assert_eq!(seen, vec!["darth".to_string()]);
    }

    #[test]
    fn an_attack_moves_at_the_nearest_enemy_it_sees() {
        let mut s = game(&DUEL.replace("ORDER", "Attack"), &[1; 8]);
        to_movement_of(&mut s, "E");
        let Some(Plan::Move {
            group, dir, centre, ..
        }) = plan(&mut s)
        else {
            panic!("the trooper's group moves");
        };
        assert_eq!((group.as_str(), centre), ("E", Vec2::new(20.0, 10.0)));
        assert_eq!(dir, Some(Vec2::new(-1.0, 0.0)), "straight at Luke");
    }

    #[test]
    fn a_force_user_advancing_on_an_objective_pushes_an_enemy_in_its_way() {
        // "(4): If an enemy force is blocking a move by the Force user, he will Push the enemy
        // out of the way": Vader advances on an objective 20" east (the table's "Advance
        // towards objective"), a rebel trooper 5" ahead on his line.
        let src = DUEL
            .replace("ORDER", "Stand")
            .replace(
                r#"(id: "V", name: "Vader", order: Stand,"#,
                r#"(id: "V", name: "Vader", order: Advance,"#,
            )
            .replace(
                r#"(id: "L", name: "Luke", order: Stand,"#,
                r#"(id: "T", name: "Trooper", order: Stand, figures: [
                (id: "r1", profile: "Basic trooper", at: (15.0, 20.0)),
            ]),
            (id: "L", name: "Luke", order: Stand,"#,
            )
            .replace(
                "    sides: [",
                r#"    objectives: [(id: "gate", name: "Gate", at: (30.0, 20.0))],
    sides: ["#,
            );
        let mut s = game(&src, &[1; 8]);
        to_movement_of(&mut s, "V");
        let w = s.world_mut();
        let mut q = w.query::<&mut crate::rulesets::tyneside::components::Group>();
        for mut g in q.iter_mut(w).filter(|g| g.id == "V") {
            g.table_score = Some(3);
        }
        let Some(Plan::Move { jumps, .. }) = plan(&mut s) else {
            panic!("Vader's group moves");
        };
        assert_eq!(
            jumps,
            vec![Command::Force {
                figure: "darth".into(),
                power: crate::rulesets::tyneside::rules::force::ForcePower::Push {
                    targets: vec!["r1".into()],
                    pull: false,
                    from: None,
                    up_to: None,
                },
            }]
        );
    }

    #[test]
    fn a_hero_played_for_its_player_makes_for_an_objective_and_holds_it() {
        let src = DUEL.replace("ORDER", "Stand").replace(
            "    sides: [",
            r#"    objectives: [(id: "gate", name: "Gate", at: (30.0, 20.0))],
    sides: ["#,
        );
        let mut s = game(&src, &[]);
        let orders = crate::rulesets::tyneside::testing::on_board(&mut s, |b, _| {
            let luke = crate::rulesets::tyneside::testing::fig(b, "luke");
            let far = hero_order(b, &[luke], 0);
            b.figs[luke].pos = Vec2::new(30.0, 20.0);
            let holding = hero_order(b, &[luke], 0);
            [far, holding]
        });
        assert_eq!(
            orders,
            [Some(Order::Move), Some(Order::Stand)],
            "make for the gate, hold it once on it"
        );
        let mut s = game(&DUEL.replace("ORDER", "Stand"), &[]);
        let none = crate::rulesets::tyneside::testing::on_board(&mut s, |b, _| {
            let luke = crate::rulesets::tyneside::testing::fig(b, "luke");
            hero_order(b, &[luke], 0)
        });
        assert_eq!(none, None, "no objective: the table's order");
    }
}
