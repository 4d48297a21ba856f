//! The side the rules run (solo play): tyneside-skirmish.txt, Introduction, "they are a solo
//! set, though opposed play is possible". The rules' side takes its orders from the Random
//! movement table (a group a hero leads takes the table's order too) and its groups carry them
//! out: Attack runs at the nearest enemy, Advance moves at it (or at an objective if none is in
//! sight) and halts 5" short, Move goes the same way, Stand stays, Retreat and Rout run away.
//! In the Shoot/Act phase a group fights if it is in contact, else shoots at the nearest enemy
//! group it can, else works the shut doors its figures touch (a Tech, a light sabre). Its Force users follow the solo rules for Force users: kept ready to
//! Deflect, Swipe and Block (1), a last point spent on a Force jump away (2), Push for a
//! friendly group losing its fire fight (3) and for an enemy in the way (4), and lightning by
//! the Dark Side (6). Every action goes through the command pipeline, so the rules refuse whatever
//! an order forbids, exactly as for a person.

use bevy::prelude::*;

use super::Tyneside;
use super::board::{Board, Game, GameView, HIDDEN_SEEN_WITHIN};
use super::commands::Command;
use super::components::Group;
use super::input::side_to_act;
use super::phases::melee::melee_pairs;
use super::phases::movement::{group_movers, melee_in_reach, movable, plan_group, plan_step};
use super::phases::{force_users_order, sabre_can_cut, situation};
use super::rules::doors::{in_contact, is_door, is_shut};
use super::rules::force::{
    ForcePower, MIND_TRICK_FAR, MIND_TRICK_MANY, MIND_TRICK_NEAR, PUSH_RANGE, mind_trickable,
};
use super::rules::orders::{Order, allowance_left};
use super::rules::profile::Ability;
use super::rules::random_movement::{Reaction, SUPPORT_NEAR, score};
use super::rules::vehicles::{EXPLOSIVE_REACH, WRECK_BLAST};
use super::turn::{TurnPhase, TurnState};
use crate::engine::pipeline::{CommandOutcome, process};
use crate::rules::terrain::TerrainProperty;

/// Where the rules' groups meant to go this turn: (from, to) arrows for the table to show
/// ("can be shown on the table as an intent arrow"). Not game state.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Intents {
    /// The turn they belong to.
    pub turn: u32,
    /// The arrows, inches.
    pub arrows: Vec<(Vec2, Vec2)>,
}

/// What the active group of a side the rules run must do now.
#[derive(Clone, Debug)]
enum Plan {
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
        /// Its figures' work on shut doors they touch, if it has nothing to shoot at.
        doors: Vec<Command>,
    },
}

fn observe(
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
                        .unwrap_or_else(|| Reaction::of(score(&s)).order(s.in_cover));
                    Some((g.id.clone(), order))
                })
                .collect();
            // Solo rules for Force users: "(1): If under fire … they will use Deflect"; "If
            // attacked by a Force attack, use Block instead if sufficiently powerful".
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
            let objective = board
                .table
                .scenario
                .objectives
                .iter()
                .map(|o| Vec2::new(o.at.0, o.at.1))
                .min_by(|a, b| a.distance(centre).total_cmp(&b.distance(centre)));
            let has = |a: Ability| members.iter().any(|&m| board.figs[m].figure.has(a));
            let toward = if has(Ability::AttacksNearest) || has(Ability::SimplyAdvances) {
                // "Attacks nearest creature"; "simply advance towards the nearest enemy".
                any
            } else {
                match (order, reaction) {
                    // "Must move at run towards one or more of the nearest enemy groups."
                    (Order::Attack, _) => seen.or(any),
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
            // Only a retreat can find an enemy in its way: an advance heads for the nearest
            // enemy it sees, so none stands nearer on its line.
            let blockers = dir
                .filter(|d| *d != Vec2::ZERO && matches!(order, Order::Retreat | Order::Rout))
                .map(|d| pushes_out_of_the_way(&board, &members, centre, d, reach))
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
            let centre = members.iter().map(|&m| board.figs[m].pos).sum::<Vec2>()
                / members.len().max(1) as f32;
            let mut targets: Vec<(f32, String)> = view
                .all_groups()
                .into_iter()
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
            Some(Plan::Act {
                in_contact: !melee_pairs(&board, &group).is_empty()
                    || sabre_can_cut(&board, &group),
                against_walkers: against_walkers(&board, &members),
                force: force_attacks(&board, &view.all_groups(), &members),
                doors: works_doors(&board, &members),
                group,
                targets: targets.into_iter().map(|(_, g)| g).collect(),
            })
        }
        TurnPhase::EndOfTurn => None,
    }
}

/// The shots and throws `members` make at enemy walkers before any fire fight, nearest
/// walker first: a heavy weapon fires at one it sees in range ("Only Heavy lasers and bigger
/// weapons can hurt armoured vehicles"); a figure on foot with a weapon throws a magnetic
/// explosive at one within 6", but not from within the 2" its blast kills next turn.
fn against_walkers(board: &Board, members: &[usize]) -> Vec<Command> {
    let mut out = Vec::new();
    for &m in members {
        let f = &board.figs[m];
        let Some(v) = board
            .foes_of(m)
            .into_iter()
            .filter(|&v| board.armoured_vehicle(v))
            .min_by(|&a, &b| board.gap(m, a).total_cmp(&board.gap(m, b)))
        else {
            continue;
        };
        let (figure, vehicle) = (f.figure.id.clone(), board.figs[v].figure.id.clone());
        let heavy = f.figure.weapon.as_ref().is_some_and(|w| w.heavy);
        if heavy && board.sees(m, v) && board.band(m, v).is_some() {
            out.push(Command::FireAtVehicle { figure, vehicle });
        } else if f.figure.weapon.is_some()
            && board.vehicle(m).is_none()
            && (WRECK_BLAST..=EXPLOSIVE_REACH).contains(&board.gap(m, v))
        {
            out.push(Command::Explosive { figure, vehicle });
        }
    }
    out
}

/// How the rules' side gets through a shut door (the text leaves it to the player; ruling in
/// docs/rules/tyneside.md, Doors): a figure of `members` that has not moved or acted this
/// turn (so not one falling back) and touches a shut door, works it:
/// a Tech tries to open it ("can access or repair machines on a 6 (D6) if stationary and in
/// contact with the machine"), else a light sabre user cuts a hole in it ("in 1 stationary
/// turn"). One figure to a door.
fn works_doors(board: &Board, members: &[usize]) -> Vec<Command> {
    let mut out = Vec::new();
    for (k, piece) in board.table.terrain.iter().enumerate() {
        if !is_door(piece) || !is_shut(piece) || board.table.broken.contains(&k) {
            continue;
        }
        let worker = members.iter().find_map(|&m| {
            let f = &board.figs[m];
            let free = f.act.moved == 0.0
                && !(f.act.fired || f.act.hero_shot || f.act.fought)
                && in_contact(piece, f.pos, f.figure.base);
            let (id, door) = (f.figure.id.clone(), piece.id.clone());
            if !free {
                None
            } else if f.figure.has(Ability::Tech) {
                Some(Command::Access { figure: id, door })
            } else if f.figure.has(Ability::Lightsaber) {
                Some(Command::Cut {
                    figure: id,
                    surface: door,
                })
            } else {
                None
            }
        });
        out.extend(worker);
    }
    out
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

/// Solo rules for Force users, "(2): If at 1 Force point, the figure will use the last point
/// to Force jump away from the nearest threat": straight away from the nearest enemy it sees,
/// as far as a level-1 jump may reach on a middling roll (3").
fn jumps_away(board: &Board, members: &[usize]) -> Vec<Command> {
    members
        .iter()
        .filter_map(|&m| {
            let f = &board.figs[m];
            if !f.figure.has(Ability::ForceUser) || f.cond.force_points != 1 {
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
fn pushes_out_of_the_way(
    board: &Board,
    members: &[usize],
    centre: Vec2,
    dir: Vec2,
    reach: f32,
) -> Vec<Command> {
    let mut out = Vec::new();
    for &m in members {
        let f = &board.figs[m];
        if !f.figure.has(Ability::ForceUser) || f.cond.force_points < 2 {
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
                },
            });
        }
    }
    out
}

/// Solo rules for Force users, "(5): If trying to get past guards stealthily, use a Mind trick
/// if possible": a hiding Force user of `members` with two points or more, whose group moves
/// along `dir` from `centre` (not an Attack: that is no stealth), tricks the guards it sees in
/// its way (troopers a Mind trick takes, ahead of it no further than `reach` inches and within
/// 6" of the line, where a hiding figure is seen): the three nearest within 5", else the
/// nearest within 24". Tricked, they neither move, shoot nor fight this turn.
fn mind_tricks_past_guards(
    board: &Board,
    members: &[usize],
    centre: Vec2,
    dir: Vec2,
    reach: f32,
) -> Vec<Command> {
    let mut out = Vec::new();
    for &m in members {
        let f = &board.figs[m];
        if !f.figure.has(Ability::ForceUser) || !f.cond.hidden || f.cond.force_points < 2 {
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
                    && g.cond.controlled_by(board.turn).is_none()
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

/// The Force attacks of `members` in the Shoot/Act phase, by the solo rules for Force users:
/// "(3): If a friendly group within 12" is losing a firefight, use Push to throw the nearest
/// enemy to that group back" (a group is losing when more enemy figures fired at it last turn
/// than it has figures: the Random movement table's "Under fire from greater numbers"); "(6):
/// Use other Force actions as you deem appropriate" (Holotable: a Dark Side user strikes the
/// nearest enemy it sees within 24" with Force lightning). A user keeps its last point for
/// rule (2), and uses nothing on a walker.
fn force_attacks(board: &Board, groups: &[&Group], members: &[usize]) -> Vec<Command> {
    let mut out = Vec::new();
    for &m in members {
        let f = &board.figs[m];
        if !f.figure.has(Ability::ForceUser) || f.cond.force_points < 2 {
            continue;
        }
        let view = board.viewpoint(m);
        let seen = |e: usize| {
            board.vehicle(e).is_none()
                && board.gap(m, e) <= PUSH_RANGE
                && board.sees_from(&view, m, e)
        };
        let id = f.figure.id.clone();
        if f.figure.has(Ability::DarkSide) {
            if let Some(t) = board
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
            continue;
        }
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
                out.push(Command::Force {
                    figure: id,
                    power: ForcePower::Push {
                        targets: vec![board.figs[t].figure.id.clone()],
                        pull: false,
                    },
                });
            }
        }
    }
    out
}

/// Where figure `id` stands now and how far it still lacks of "at least half speed", inches.
fn position_and_need(In(id): In<String>, view: GameView) -> Option<(Vec2, f32)> {
    let board = view.board()?;
    let i = board.find(&id)?;
    let f = &board.figs[i];
    Some((f.pos, board.walk(i) / 2.0 - f.act.moved))
}

/// A move that takes figure `id`, on Attack orders, into close combat ("They will enter melee
/// if in reach"), if one is legal now ([`melee_in_reach`]).
fn charge(In(id): In<String>, view: GameView) -> Option<Command> {
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
enum Mover {
    Group(String),
    Figure(String, Vec2),
}

/// The first of `tries` (moves, inches) the rules allow `who` to make now, as the command
/// to send and its length, inches: the movement phase's own checks ([`plan_group`],
/// [`plan_step`]) on one board, so the search costs no command per try.
fn first_legal(In((who, tries)): In<(Mover, Vec<Vec2>)>, game: Game) -> Option<(Command, f32)> {
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

fn send(world: &mut World, c: Command) -> bool {
    matches!(process::<Tyneside>(world, c), CommandOutcome::Accepted(_))
}

/// One step of a side the rules run, if one is to act now: its orders, one group's movement
/// or one group's shooting or close combat, through the command pipeline. `None` when a
/// person acts (or nobody: the game is over).
///
/// Errors: the group could not end its activation by any move the rules allow (reported,
/// not a panic, so a game is never stuck silently).
pub fn act(world: &mut World) -> Option<Result<String, String>> {
    let plan = world.run_system_cached(observe).ok()??;
    Some(match plan {
        Plan::Orders(unready, led) => {
            for figure in unready {
                send(
                    world,
                    Command::Ready {
                        figure,
                        ready: true,
                    },
                );
            }
            for (group, order) in led {
                send(world, Command::PlaceOrder { group, order });
            }
            if send(world, Command::EndPhase) {
                Ok("the rules' side has placed its orders".into())
            } else {
                Err("the rules' side could not end its orders".into())
            }
        }
        Plan::Move {
            group,
            order,
            figures,
            dir,
            reach,
            centre,
            has_vehicle,
            jumps,
        } => {
            for c in jumps {
                send(world, c);
            }
            if let Some(d) = dir {
                let turn = world.resource::<TurnState>().turn;
                let mut intents = world.get_resource_or_insert_with(Intents::default);
                if intents.turn != turn {
                    *intents = Intents {
                        turn,
                        arrows: Vec::new(),
                    };
                }
                intents.arrows.push((centre, centre + d * reach));
            }
            if order.must_run() || matches!(order, Order::Retreat) {
                for f in &figures {
                    send(world, Command::Run { figure: f.clone() });
                }
            }
            // The longest move of at least `least` inches in the direction nearest `base`.
            // Directions are tried nearest `base` first, out to `wide` sixteenths of a turn;
            // the rules' own checks pick the first legal one ([`first_legal`]), and only that
            // one goes through the pipeline. A vehicle held up to less than half its reach (a
            // building in the way: it cannot turn 90° at once to go round) takes instead the
            // move that gets furthest along `base`.
            let search = |world: &mut World, base: Vec2, least: f32, wide: i32, who: Mover| {
                let mut tries = Vec::new();
                for k in std::iter::once(0).chain((1..=wide).flat_map(|k| [k, -k])) {
                    let d = Vec2::from_angle(k as f32 * std::f32::consts::PI / 8.0).rotate(base);
                    let mut step = reach;
                    while step >= least.max(0.5) - 1e-3 {
                        tries.push(d * step);
                        step -= 0.5;
                    }
                }
                let found = world
                    .run_system_cached_with(first_legal, (who.clone(), tries.clone()))
                    .ok()
                    .flatten()?;
                let found = if has_vehicle && found.1 < reach / 2.0 {
                    tries.sort_by(|a, b| b.dot(base).total_cmp(&a.dot(base)));
                    world
                        .run_system_cached_with(first_legal, (who, tries))
                        .ok()
                        .flatten()
                        .unwrap_or(found)
                } else {
                    found
                };
                send(world, found.0).then_some(found.1)
            };
            let moved = dir.and_then(|d| search(world, d, 0.5, 4, Mover::Group(group.clone())));
            if order == Order::Attack {
                for f in &figures {
                    if let Some(c) = world
                        .run_system_cached_with(charge, f.clone())
                        .ok()
                        .flatten()
                    {
                        send(world, c);
                    }
                }
            }
            if let CommandOutcome::Accepted(_) = process::<Tyneside>(world, Command::EndActivation)
            {
                return Some(Ok(format!(
                    "{group} ({order}) moves {:.1}\"",
                    moved.unwrap_or(0.0)
                )));
            }
            // Short of its minimum (a figure held back by terrain): each figure on its own, a
            // move that makes up what it lacks if it can, else the longest it can make.
            for _ in 0..6 {
                if let CommandOutcome::Accepted(_) =
                    process::<Tyneside>(world, Command::EndActivation)
                {
                    return Some(Ok(format!("{group} ({order}) moves")));
                }
                for f in &figures {
                    let Some((at, lacks)) = world
                        .run_system_cached_with(position_and_need, f.clone())
                        .ok()
                        .flatten()
                    else {
                        continue;
                    };
                    if lacks <= 0.0 {
                        continue;
                    }
                    let who = Mover::Figure(f.clone(), at);
                    // Any direction the order allows (the rules refuse the others): nearest
                    // the plan first, then the sixteen the half-speed waiver itself tries.
                    let base = dir.unwrap_or(Vec2::X);
                    if search(world, base, lacks, 8, who.clone()).is_none()
                        && search(world, Vec2::X, lacks, 8, who.clone()).is_none()
                    {
                        search(world, base, 0.5, 8, who);
                    }
                }
            }
            match process::<Tyneside>(world, Command::EndActivation) {
                CommandOutcome::Accepted(_) => Ok(format!("{group} ({order}) moves")),
                CommandOutcome::Refused(_, why) => Err(format!(
                    "the rules' group {group} ({order}) cannot end its movement: {why}"
                )),
            }
        }
        Plan::Act {
            group,
            in_contact,
            against_walkers,
            force,
            targets,
            doors,
        } => {
            for c in against_walkers.into_iter().chain(force) {
                send(world, c);
            }
            let still_active = |world: &World| {
                world.resource::<TurnState>().active_group() == Some(group.as_str())
            };
            if in_contact
                && send(
                    world,
                    Command::Fight {
                        group: group.clone(),
                    },
                )
            {
                if still_active(world) {
                    send(world, Command::EndActivation);
                }
                return Some(Ok(format!("{group} fights")));
            }
            for t in targets.iter().take(3) {
                if send(
                    world,
                    Command::Shoot {
                        groups: vec![group.clone()],
                        targets: vec![t.clone()],
                    },
                ) {
                    if still_active(world) {
                        send(world, Command::EndActivation);
                    }
                    return Some(Ok(format!("{group} shoots at {t}")));
                }
            }
            let worked = doors.into_iter().filter(|c| send(world, c.clone())).count();
            if worked > 0 && !still_active(world) {
                return Some(Ok(format!("{group} works the doors in its way")));
            }
            match process::<Tyneside>(world, Command::EndActivation) {
                CommandOutcome::Accepted(_) if worked > 0 => {
                    Ok(format!("{group} works the doors in its way"))
                }
                CommandOutcome::Accepted(_) => Ok(format!("{group} has nothing to shoot at")),
                CommandOutcome::Refused(_, why) => Err(format!(
                    "the rules' group {group} cannot end its activation: {why}"
                )),
            }
        }
    })
}

/// Leaving a game: its arrows do not show over the next.
fn forget_intents(mut commands: Commands) {
    commands.remove_resource::<Intents>();
}

/// The rules' side in the window.
pub(super) fn plugin(app: &mut App) {
    crate::engine::rules_side::drive_plugin::<Tyneside>(app, "The rules");
    app.add_systems(
        OnEnter(crate::engine::state::GameState::NoGame),
        forget_intents,
    );
}
