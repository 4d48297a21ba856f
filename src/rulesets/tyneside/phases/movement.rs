//! The Movement phase: groups move in ascending initiative; each figure walks, runs, jumps or
//! hides; terrain halves movement; orders constrain where it may go.
//! tyneside-skirmish.txt, Play sequence (4), Movement, Orders, Groups, Visibility.

use bevy::prelude::*;

use super::Effects;
use crate::rulesets::tyneside::board::{Board, Game};
use crate::rulesets::tyneside::rules::force::ENHANCE;
use crate::rulesets::tyneside::rules::melee::CLOSE_COMBAT_RANGE;
use crate::rulesets::tyneside::rules::movement::{
    COHESION, PathBlocked, activation_cost, allowance, first_gap, in_cohesion, path_cost,
};
use crate::rulesets::tyneside::rules::orders::{
    Order, Step, allowance_left, check_stand, check_step,
};
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::rules::vehicles::{Leg, Vehicle, heading, jet_bike_leg, walker_leg};

/// One figure's planned move, checked and not yet made.
#[derive(Clone, Debug, PartialEq)]
pub struct MovePlan {
    /// Index in the board.
    pub fig: usize,
    /// Where it ends, inches.
    pub to: Vec2,
    /// Allowance used after the move, inches.
    pub moved: f32,
    /// Allowance this step costs, inches (with the moves before it, if this step is the
    /// first to touch an obstacle: they now count double too).
    pub cost: f32,
    /// Whether the figure's move this turn has touched an obstacle.
    pub obstacle: bool,
    /// A vehicle's facing, turning and retiring after the step (Vehicle rules).
    pub leg: Option<Leg>,
}

/// The figure `id` if it may move now: fighting, in the active group, not pinned by last
/// turn's duck back, not knocked out. Returns its board index and its group's order.
pub fn movable(board: &Board, game: &Game, id: &str) -> Result<(usize, Order), String> {
    let i = board.fighting(id)?;
    let f = &board.figs[i];
    let active = game.turn.active_group().unwrap_or("");
    if f.group != active {
        let name = |g: &str| game.group(g).map_or(g.to_string(), |g| g.name);
        return Err(format!(
            "it is the activation of {} (Play sequence: groups move in initiative order, lowest first); {} is in {}",
            name(active),
            f.figure.name,
            name(f.group)
        ));
    }
    if f.cond.immobilised(board.turn) {
        return Err(format!(
            "Jedi powers: {} is held by the Force, unable to move",
            f.figure.name
        ));
    }
    if f.cond.pinned(board.turn) {
        return Err(format!(
            "Duck Back: {} \"is unable to move or shoot in their next turn\"",
            f.figure.name
        ));
    }
    if f.cond.knocked_out(board.turn) {
        return Err(format!(
            "{} is knocked out (Other melee: recovers in D3 turns)",
            f.figure.name
        ));
    }
    let order = game
        .group(f.group)
        .and_then(|g| g.order)
        .unwrap_or(Order::Stand);
    Ok((i, order))
}

/// Checks one straight move of figure `i` to `to` against terrain, allowance, other bases,
/// the group's order and, unless `moving_with` lists figures moving alongside, group cohesion.
/// `jumping` lets the path cross gaps.
pub fn plan_step(
    board: &Board,
    i: usize,
    to: Vec2,
    order: Order,
    moving_with: &[usize],
    jumping: bool,
) -> Result<MovePlan, String> {
    let f = &board.figs[i];
    let cost = path_cost(
        &board.table.terrain,
        board.table.size,
        f.pos,
        to,
        f.figure.base,
    )
    .map_err(|e| e.to_string())?;
    if cost.gap > 0.0 && !jumping {
        let gap = first_gap(&board.table.terrain, f.pos, to)
            .map(|t| t.id.clone())
            .unwrap_or_default();
        return Err(PathBlocked::Gap(gap).to_string());
    }
    // Enhance: "+50% on the level".
    let enhance = if f.act.enhanced { ENHANCE } else { 1.0 };
    let allow = allowance(board.walk(i), f.act.run_roll) * enhance;
    let mut used = activation_cost(f.act.moved, f.act.obstacle, &cost);
    let now = Leg {
        facing: f.facing,
        turned: f.act.turned,
        moved: f.act.moved,
        backwards: f.act.retired,
    };
    let leg = match board.vehicle(i) {
        None => None,
        Some(Vehicle::Walker) => {
            let leg = walker_leg(now, f.pos, to, used - f.act.moved, board.walk(i))?;
            // Vehicle rules: "They Retreat backwards at 6″" — on Retreat or Rout orders a
            // walker goes backwards only.
            if matches!(order, Order::Retreat | Order::Rout) && !leg.backwards && to != f.pos {
                return Err(format!(
                    "Vehicle rules: walkers \"Retreat backwards at 6\"\" — {} is on {order} orders",
                    f.figure.name
                ));
            }
            Some(leg)
        }
        Some(Vehicle::JetBike) => {
            let extra = used - f.act.moved - cost.length;
            Some(jet_bike_leg(now, f.pos, to, extra)?)
        }
    };
    let enemies = board.enemy_bases(i);
    let objectives: Vec<Vec2> = board
        .table
        .scenario
        .objectives
        .iter()
        .map(|o| Vec2::new(o.at.0, o.at.1))
        .collect();
    if let Some(l) = leg {
        used = l.moved;
    } else if used > allow + 1e-3 {
        // A Stand order's 2" says so before the walk's allowance (a walk read `5.0" of its
        // 5.0" left` while the card said 2").
        if order == Order::Stand {
            check_stand(used)?;
        }
        // So does an order that forbids ending there at all (Advance's halt at 5"): a walk
        // read the obstacle rule, shortened the move, and met the order's refusal next.
        check_step(
            order,
            &Step {
                from: f.pos,
                to,
                radius: f.figure.base,
                running: f.act.run_roll.is_some(),
                used,
                enemies: &enemies,
                objectives: &objectives,
            },
        )?;
        let run = if f.act.run_roll.is_none() {
            "; a run adds D4"
        } else {
            ""
        };
        // The halving rule is quoted only where it made the move dearer than its length.
        let why = if cost.difficult > 0.0 || cost.crosses_obstacle || f.act.obstacle {
            format!("\"Halve movement if in difficult terrain or crossing an obstacle\"{run}")
        } else {
            format!("the move is longer than the movement left{run}")
        };
        return Err(format!(
            "Movement: that costs {:.1}\" but {} has {:.1}\" of its {:.1}\" left ({why})",
            used - f.act.moved,
            f.figure.name,
            (allow - f.act.moved).max(0.0),
            allow,
        ));
    }
    for (j, o) in board.figs.iter().enumerate() {
        if j != i
            && !moving_with.contains(&j)
            && to.distance(o.pos) < f.figure.base + o.figure.base - 0.01
        {
            return Err(format!(
                "{} would stand on {}'s base",
                f.figure.name, o.figure.name
            ));
        }
    }
    in_company(board, i, to)?;
    let step = Step {
        from: f.pos,
        to,
        radius: f.figure.base,
        // Ruling: a vehicle does not run; at full speed it meets an order to run.
        running: f.act.run_roll.is_some() || (leg.is_some() && order.must_run()),
        used,
        enemies: &enemies,
        objectives: &objectives,
    };
    check_step(order, &step)?;
    if moving_with.is_empty() {
        cohesion(board, i, to)?;
    }
    Ok(MovePlan {
        fig: i,
        to,
        moved: used,
        cost: used - f.act.moved,
        obstacle: f.act.obstacle || cost.crosses_obstacle,
        leg,
    })
}

/// Whether figure `i` may end at `to` and keep its group together: within 5" of another
/// member, or at least nearer the nearest than it was (Groups).
///
/// Errors: the figure would stray from its group.
fn cohesion(board: &Board, i: usize, to: Vec2) -> Result<(), String> {
    let f = &board.figs[i];
    let others: Vec<(Vec2, f32)> = board
        .members(f.group)
        .into_iter()
        .filter(|&j| j != i)
        .map(|j| (board.figs[j].pos, board.figs[j].figure.base))
        .collect();
    if in_cohesion(to, f.figure.base, &others) {
        return Ok(());
    }
    let nearest = |p: Vec2| {
        others
            .iter()
            .map(|(o, _)| o.distance(p))
            .fold(f32::MAX, f32::min)
    };
    if in_cohesion(f.pos, f.figure.base, &others) || nearest(to) >= nearest(f.pos) {
        return Err(format!(
            "Groups: {} must \"remain within 5\" of at least 1 other member of the group\" (move the group together, or move the others first)",
            f.figure.name
        ));
    }
    Ok(())
}

/// Whether figure `i`'s base may come down at `p`: on the table, clear of impassable ground
/// and gaps, and off every other base. A Force jump passes over anything on the way.
///
/// Errors: which of these it is not.
pub fn clear_landing(board: &Board, i: usize, p: Vec2) -> Result<(), String> {
    use crate::rules::terrain::TerrainProperty;
    let f = &board.figs[i];
    let (r, size) = (f.figure.base, board.table.size);
    if p.x < r || p.y < r || p.x > size.x - r || p.y > size.y - r {
        return Err(format!("{} would land off the table", f.figure.name));
    }
    if let Some(t) = board.table.terrain.iter().find(|t| {
        (t.has(TerrainProperty::Impassable) || t.has(TerrainProperty::Gap))
            && (t.shape.contains(p) || t.shape.distance_to(p) < r - 0.01)
    }) {
        return Err(format!(
            "{} cannot come down in '{}' (impassable or a gap)",
            f.figure.name, t.id
        ));
    }
    if let Some(o) = board
        .figs
        .iter()
        .enumerate()
        .find(|(j, o)| *j != i && p.distance(o.pos) < r + o.figure.base - 0.01)
    {
        return Err(format!(
            "{} would come down on {}'s base",
            f.figure.name, o.1.figure.name
        ));
    }
    Ok(())
}

/// Checks a Lift by figure `u` of the figures `targets` (board indices), carried together by
/// `by` inches: each is a figure on foot `u` sees within 24", no more of them than `u`'s
/// Force points ("up to (current Force level) mass units"), the carry no longer than `u`'s
/// walk ("move at users movement speed"; half as long again if enhanced), and each comes down
/// on the table, clear of impassable ground, gaps and every base (the others' where they end).
///
/// Errors: the rule the lift breaks.
pub fn plan_lift(board: &Board, u: usize, targets: &[usize], by: Vec2) -> Result<(), String> {
    use crate::rules::terrain::TerrainProperty;
    use crate::rulesets::tyneside::rules::force::{ENHANCE, PUSH_RANGE};
    let f = &board.figs[u];
    let level = f.cond.force_points as usize;
    if targets.is_empty() || targets.len() > level {
        return Err(format!(
            "Lift: \"up to (current Force level) mass units\" — 1 to {level} figures for {}",
            f.figure.name
        ));
    }
    let speed = allowance(board.walk(u), None) * if f.act.enhanced { ENHANCE } else { 1.0 };
    if by.length() > speed + 1e-3 {
        return Err(format!(
            "Lift: \"move at users movement speed\" — {:.1}\" is more than {}'s {speed:.1}\"",
            by.length(),
            f.figure.name
        ));
    }
    let size = board.table.size;
    for (n, &j) in targets.iter().enumerate() {
        let t = &board.figs[j];
        if j == u || targets[..n].contains(&j) {
            return Err(format!(
                "Lift: each figure once, and not {} himself",
                f.figure.name
            ));
        }
        if board.vehicle(j).is_some() {
            return Err(format!("Lift: {} is no man-size mass unit", t.figure.name));
        }
        if board.gap(u, j) > PUSH_RANGE + 1e-3 || !board.sees(u, j) {
            return Err(format!(
                "Lift: the user must see each figure within 24\" — not {}",
                t.figure.name
            ));
        }
        let (p, r) = (t.pos + by, t.figure.base);
        if p.x < r || p.y < r || p.x > size.x - r || p.y > size.y - r {
            return Err(format!("{} would come down off the table", t.figure.name));
        }
        if let Some(piece) = board.table.terrain.iter().find(|piece| {
            (piece.has(TerrainProperty::Impassable) || piece.has(TerrainProperty::Gap))
                && (piece.shape.contains(p) || piece.shape.distance_to(p) < r - 0.01)
        }) {
            return Err(format!(
                "{} cannot come down in '{}' (impassable or a gap)",
                t.figure.name, piece.id
            ));
        }
        let clash = (0..board.figs.len()).filter(|&k| k != j).find(|&k| {
            let at = if targets.contains(&k) {
                board.figs[k].pos + by
            } else {
                board.figs[k].pos
            };
            p.distance(at) < r + board.figs[k].figure.base - 0.01
        });
        if let Some(k) = clash {
            return Err(format!(
                "{} would come down on {}'s base",
                t.figure.name, board.figs[k].figure.name
            ));
        }
    }
    Ok(())
}

/// Where figure `i` comes down when it leaps (a Force jump, a flight) for `to` with `reach`
/// inches: at `to` if it reaches, else as far along the line as the reach and the ground
/// allow ([`clear_landing`]); where it stands if nowhere on the line is clear.
pub fn come_down(board: &Board, i: usize, to: Vec2, reach: f32) -> Vec2 {
    let from = board.figs[i].pos;
    let dir = (to - from).normalize_or_zero();
    let mut d = from.distance(to).min(reach);
    loop {
        let p = from + dir * d;
        if d <= 0.0 {
            return from;
        }
        if clear_landing(board, i, p).is_ok() {
            return p;
        }
        d -= 0.05;
    }
}

/// Checks a Force jump of figure `i` to `to` under its group's `order`: it has not moved
/// this activation, the landing is clear ([`clear_landing`]), the order allows it as a run
/// (Jedi powers, Force jump: "This includes running Force assisted"), and it keeps to its
/// group. Returns the distance, inches.
///
/// Errors: the rule the jump breaks.
pub fn plan_force_jump(board: &Board, i: usize, to: Vec2, order: Order) -> Result<f32, String> {
    let f = &board.figs[i];
    if f.act.moved > 0.0 || f.act.run_roll.is_some() {
        return Err(format!(
            "Force jump: the jump is {}'s whole move (\"This includes running Force assisted\"): it has moved or run already",
            f.figure.name
        ));
    }
    clear_landing(board, i, to)?;
    let enemies = board.enemy_bases(i);
    let distance = f.pos.distance(to);
    check_step(
        order,
        &Step {
            from: f.pos,
            to,
            radius: f.figure.base,
            running: true,
            used: distance,
            enemies: &enemies,
            objectives: &[],
        },
    )?;
    cohesion(board, i, to)?;
    Ok(distance)
}

/// The figures of `group` that move when it moves as one, and its order: it must be the
/// group's activation, and a figure ducked back or knocked out stays put.
///
/// Errors: not this group's activation, or no figure of it can move.
pub fn group_movers(
    board: &Board,
    game: &Game,
    group: &str,
) -> Result<(Vec<usize>, Order), String> {
    let members = board.members(group);
    let active = game.turn.active_group().unwrap_or("");
    if members.is_empty() || active != group {
        let name = |g: &str| game.group(g).map_or(g.to_string(), |g| g.name);
        return Err(format!(
            "it is the activation of {}, not {} (Play sequence: lowest initiative first)",
            name(active),
            name(group)
        ));
    }
    let order = game
        .group(group)
        .and_then(|g| g.order)
        .unwrap_or(Order::Stand);
    let able: Vec<usize> = members
        .iter()
        .copied()
        .filter(|&m| movable(board, game, &board.figs[m].figure.id).is_ok())
        .collect();
    if able.is_empty() {
        return Err(format!(
            "no figure of '{group}' can move (ducked back or knocked out)"
        ));
    }
    Ok((able, order))
}

/// Checks moving the figures `able` of a group (see [`group_movers`]) by `by` (inches)
/// together: each figure's move must pass [`plan_step`] with the others moving alongside
/// (so cohesion is kept by the move as a whole).
///
/// Errors: the first figure's move the rules refuse (the rule quoted).
pub fn plan_group(
    board: &Board,
    able: &[usize],
    order: Order,
    by: Vec2,
) -> Result<Vec<MovePlan>, String> {
    able.iter()
        .map(|&m| plan_step(board, m, board.figs[m].pos + by, order, able, false))
        .collect()
}

/// Makes checked moves: positions, allowance used, facing (a vehicle's from its leg, any
/// other figure's the way it moved); moving ends hiding.
pub(super) fn commit(
    game: &mut Game,
    out: &mut Effects,
    plans: &[MovePlan],
    board_entities: &[(Entity, String)],
) {
    let turn = game.turn.turn;
    for p in plans {
        let (entity, name) = &board_entities[p.fig];
        if let Ok((_, _, _, mut pos, mut cond, mut act, mut facing)) = game.figures.get_mut(*entity)
        {
            let from = pos.0;
            pos.0 = p.to;
            act.moved = p.moved;
            act.travelled += from.distance(p.to);
            act.obstacle = p.obstacle;
            if let Some(leg) = p.leg {
                facing.0 = leg.facing;
                act.turned = leg.turned;
                act.retired = leg.backwards;
            } else if from.distance(p.to) > 1e-3 {
                facing.0 = heading(p.to - from);
            }
            cond.hidden = false;
            // The cost said as what it is where it is more than the ground covered: `moves
            // 2.5" (uses 5.0")` read as a contradiction (a walk).
            let gone = from.distance(p.to);
            let cost = if p.cost > gone + 0.05 {
                format!(", using {:.1}\" of its move", p.cost)
            } else {
                String::new()
            };
            out.log
                .push(turn, format!("{name} moves {gone:.1}\"{cost}"));
        }
    }
}

/// C3PO's move of figure `i` to `to`: he ends it within 5" of a player's figure or R2D2 of
/// his side, or nearer one than he was; free when one is in his group (its cohesion keeps
/// them together) or none is left.
///
/// tyneside-skirmish.txt, Droids: C3PO, "He will move in company with the player's figure, or
/// R2D2." Ruling (docs/rules/tyneside.md): "in company" is a group's 5".
///
/// Errors: the move leaves them behind.
fn in_company(board: &Board, i: usize, to: Vec2) -> Result<(), String> {
    let f = &board.figs[i];
    if !f.figure.has(Ability::InCompany) {
        return Ok(());
    }
    let company: Vec<usize> = (0..board.figs.len())
        .filter(|&j| {
            let o = &board.figs[j];
            j != i
                && o.figure.side == f.figure.side
                && o.cond.active()
                && (o.figure.hero || o.figure.has(Ability::ActsAsPlayerWants))
        })
        .collect();
    if company.is_empty() || company.iter().any(|&j| board.figs[j].group == f.group) {
        return Ok(());
    }
    let gap = |at: Vec2| {
        company
            .iter()
            .map(|&j| {
                let o = &board.figs[j];
                (at.distance(o.pos) - o.figure.base - f.figure.base).max(0.0)
            })
            .fold(f32::MAX, f32::min)
    };
    let (now, after) = (gap(f.pos), gap(to));
    if after <= COHESION + 1e-3 || after < now {
        return Ok(());
    }
    Err(format!(
        "C3PO: \"He will move in company with the player's figure, or R2D2\" — {} would end {after:.1}\" from them",
        f.figure.name
    ))
}

/// Where figure `i`, on Attack orders and not yet in close combat, could still come within
/// 1" of an enemy it may fight with one legal straight move: that point (half an inch from
/// the enemy's base, tried from eight sides, nearest enemy first), or `None`.
///
/// tyneside-skirmish.txt, Orders: Attack, "Must move at run towards one or more of the nearest
/// enemy groups. They will enter melee if in reach."
pub fn melee_in_reach(board: &Board, i: usize) -> Option<Vec2> {
    let f = &board.figs[i];
    if board.in_close_combat(i) || board.armoured_vehicle(i) {
        return None;
    }
    let (left, _) = allowance_left(
        board.walk(i),
        f.act.run_roll,
        f.act.moved,
        Order::Attack,
        1.0,
    );
    let mut foes: Vec<usize> = board
        .foes_of(i)
        .into_iter()
        .filter(|&e| {
            !board.armoured_vehicle(e)
                && !board.ignores(e, i)
                && !board.figs[e].cond.knocked_out(board.turn)
                && board.gap(i, e) <= left + CLOSE_COMBAT_RANGE
        })
        .collect();
    foes.sort_by(|&a, &b| board.gap(i, a).total_cmp(&board.gap(i, b)));
    foes.into_iter().find_map(|e| {
        let o = &board.figs[e];
        let toward = (f.pos - o.pos).normalize_or(Vec2::X);
        (0..8).find_map(|k| {
            let side = Vec2::from_angle(k as f32 * std::f32::consts::TAU / 8.0).rotate(toward);
            let to = o.pos + side * (o.figure.base + f.figure.base + CLOSE_COMBAT_RANGE / 2.0);
            plan_step(board, i, to, Order::Attack, &[], false)
                .is_ok()
                .then_some(to)
        })
    })
}

/// Whether figure `i` could still make up its "at least half speed" with one legal straight
/// move in any of 16 directions (so a figure hemmed in by the table edge, terrain or its
/// order is not held to a minimum it cannot meet).
pub(super) fn can_still_move(board: &Board, i: usize, order: Order) -> bool {
    let f = &board.figs[i];
    let need = board.walk(i) / 2.0 - f.act.moved;
    if need <= 0.0 {
        return true;
    }
    (0..16).any(|k| {
        let dir = Vec2::from_angle(k as f32 * std::f32::consts::TAU / 16.0);
        plan_step(board, i, f.pos + dir * need, order, &[], false).is_ok()
    })
}

pub(super) fn entities(board: &Board) -> Vec<(Entity, String)> {
    board
        .figs
        .iter()
        .map(|f| (f.entity, f.figure.name.clone()))
        .collect()
}
