//! The Orders phase: order counters, heroes joining and leaving groups, merging groups.
//! tyneside-skirmish.txt, Play sequence (1), Groups, Orders, Random movement, Gifted commander.

use bevy::prelude::*;

use super::{Effects, run};
use crate::rules::dice::DiceExpr;
use crate::rulesets::tyneside::board::{Board, Game};
use crate::rulesets::tyneside::commands::{Command, not_in_phase};
use crate::rulesets::tyneside::components::{Group, InGame, Member};
use crate::rulesets::tyneside::rules::movement::COHESION;
use crate::rulesets::tyneside::rules::orders::{Order, command_range};
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::rules::random_movement::{
    ENEMY_VEHICLE_NEAR, RETREATING_FRIENDS_NEAR, SUPPORT_NEAR, Situation, UnderFire, reachable,
};
use crate::rulesets::tyneside::turn::TurnPhase;

/// Whether group `group` is in command: it has a hero (or R2D2, who "Always acts as player
/// wants") with it, or one of its side's heroes is within 6" (12" for a Gifted commander) of
/// one of its figures.
///
/// tyneside-skirmish.txt, Orders: counters are placed "based on the Random movement rules
/// unless a Hero is with the unit (In which case he chooses one)"; Random movement: "if within
/// 6″, a player's figure can issue an order to them"; Gifted commander: "any group within 12″".
pub fn in_command(board: &Board, group: &str, side: usize) -> bool {
    let members = board.members(group);
    if members
        .iter()
        .any(|&m| board.figs[m].figure.hero || board.figs[m].figure.has(Ability::ActsAsPlayerWants))
    {
        return true;
    }
    board.figs.iter().enumerate().any(|(h, f)| {
        f.figure.hero
            && f.figure.side == side
            && members.iter().any(|&m| {
                board.gap(h, m) <= command_range(f.figure.has(Ability::GiftedCommander)) + 1e-4
            })
    })
}

fn within(board: &Board, a: &[usize], b: &[usize], inches: f32) -> bool {
    a.iter()
        .any(|&i| b.iter().any(|&j| board.gap(i, j) <= inches + 1e-4))
}

pub(super) fn apply(
    In(command): In<Command>,
    mut game: Game,
    mut out: Effects,
    mut next: ResMut<NextState<TurnPhase>>,
    mut commands: Commands,
) -> Result<(), String> {
    {
        let side = game.turn.orders_side;
        let turn = game.turn.turn;
        let side_name = game.table.side_name(side).to_string();
        if game.turn.turning_over && !matches!(command, Command::TurnOver { .. }) {
            return Err(
                "every side has placed its order counters: the face-down ones are turned over next"
                    .into(),
            );
        }
        match &command {
            Command::PlaceOrder { group, order } => {
                run(&mut out, |_| place_order(&mut game, group, *order, side))
            }
            Command::PlaceFaceDown { group, seal } => run(&mut out, |out| {
                let g = may_place(&game, group, side)?;
                set_group(&mut game, group, |grp| grp.face_down = Some(seal.clone()));
                out.log.push(
                    turn,
                    format!(
                        "{side_name} places an order counter face down behind {}",
                        g.name
                    ),
                );
                Ok(())
            }),
            Command::TurnOver { orders } => {
                run(&mut out, |out| turn_over(&mut game, out, orders, &mut next))
            }
            Command::IssueOrder { group } => {
                run(&mut out, |out| issue_order(&mut game, out, group, side))
            }
            Command::JoinGroup { hero, group } => run(&mut out, |out| {
                let board = game.board();
                let h = board.fighting(hero)?;
                let f = &board.figs[h];
                if !f.figure.hero || f.figure.side != side {
                    return Err(format!(
                        "'{hero}' is not one of {side_name}'s heroes (Groups: \"Heroes may join groups\")"
                    ));
                }
                let g = game.group(group).ok_or(format!("no group '{group}'"))?;
                if g.side != side || f.group == *group {
                    return Err(format!(
                        "'{hero}' cannot join '{group}': not another group of {side_name}"
                    ));
                }
                if !within(&board, &[h], &board.members(group), COHESION) {
                    return Err(format!(
                        "Groups: heroes join groups \"within 5\" of them at turn start\" — '{group}' is further away"
                    ));
                }
                let (entity, old, name) = (f.entity, f.group.to_string(), f.figure.name.clone());
                let left_alone = board.members(&old).len() == 1;
                drop(board);
                *game.figures.get_mut(entity).map_err(|e| e.to_string())?.2 = Member(group.clone());
                if left_alone {
                    despawn_group(&mut game, &mut commands, &old);
                }
                // The hero by name, as the log names everyone (it read `chewie joins …`).
                out.log.push(turn, format!("{name} joins {}", g.name));
                Ok(())
            }),
            Command::LeaveGroup { hero } => run(&mut out, |out| {
                let board = game.board();
                let h = board.fighting(hero)?;
                let f = &board.figs[h];
                if !f.figure.hero || f.figure.side != side {
                    return Err(format!(
                        "'{hero}' is not one of {side_name}'s heroes (Groups: \"Heroes may … leave them\")"
                    ));
                }
                if board.members(f.group).len() < 2 {
                    return Err(format!("'{hero}' is already alone"));
                }
                let old = game.group(f.group).ok_or("group vanished")?;
                let id = format!("{hero}-alone");
                let index = game.all_groups().iter().map(|g| g.index).max().unwrap_or(0) + 1;
                let entity = f.entity;
                let name = f.figure.name.clone();
                drop(board);
                commands.spawn((
                    InGame,
                    Group::new((id.clone(), name.clone()), side, old.order, 1, index),
                ));
                *game.figures.get_mut(entity).map_err(|e| e.to_string())?.2 = Member(id);
                out.log.push(turn, format!("{name} leaves {}", old.name));
                Ok(())
            }),
            Command::MergeGroups { group, into } => run(&mut out, |out| {
                let (a, b) = (
                    game.group(group).ok_or(format!("no group '{group}'"))?,
                    game.group(into).ok_or(format!("no group '{into}'"))?,
                );
                if a.side != side || b.side != side || group == into {
                    return Err(format!(
                        "only two different groups of {side_name} can merge"
                    ));
                }
                let board = game.board();
                let (ma, mb) = (board.members(group), board.members(into));
                if !within(&board, &ma, &mb, COHESION) {
                    return Err("Groups: groups merge only within 5\" of each other".into());
                }
                let limit = a.start_size.max(b.start_size);
                if ma.len() + mb.len() > limit {
                    return Err(format!(
                        "Groups: \"Groups can be merged so long as the total group is not larger than at game start\" ({} > {limit})",
                        ma.len() + mb.len()
                    ));
                }
                let entities: Vec<Entity> = ma.iter().map(|&m| board.figs[m].entity).collect();
                drop(board);
                for e in entities {
                    *game.figures.get_mut(e).map_err(|e| e.to_string())?.2 = Member(into.clone());
                }
                despawn_group(&mut game, &mut commands, group);
                out.log
                    .push(turn, format!("{} merges into {}", a.name, b.name));
                Ok(())
            }),
            Command::EndPhase => run(&mut out, |out| {
                out.log
                    .push(turn, format!("{side_name} has placed its order counters"));
                let sides = game.table.scenario.sides.len();
                if side + 1 < sides {
                    game.turn.orders_side += 1;
                } else if game.all_groups().iter().any(|g| g.face_down.is_some()) {
                    game.turn.turning_over = true;
                } else {
                    reveal(&game, out, &mut next);
                }
                Ok(())
            }),
            Command::Ready { figure, ready } => {
                let side = (!game.turn.turning_over).then_some(game.turn.orders_side);
                super::force::make_ready(&mut game, &mut out, figure, *ready, side)
            }
            Command::Run { .. }
            | Command::Move { .. }
            | Command::MoveGroup { .. }
            | Command::Jump { .. }
            | Command::Hide { .. }
            | Command::Fly { .. }
            | Command::Shoot { .. }
            | Command::HeroShot { .. }
            | Command::Grenade { .. }
            | Command::FireAtVehicle { .. }
            | Command::Access { .. }
            | Command::Demolish { .. }
            | Command::Cut { .. }
            | Command::Explosive { .. }
            | Command::Force { .. }
            | Command::Fight { .. }
            | Command::Heal { .. }
            | Command::Delay
            | Command::EndActivation => Err(not_in_phase(&command, TurnPhase::Orders)),
        }
    }
}

/// Puts `order` behind `group`: any order for a group a hero is with ("he chooses one"); for
/// a group in command that the Random movement table orders, only an order its score reaches
/// once the player has rolled (tyneside-skirmish.txt, Random movement: "the unit may
/// add/subtract up to D6 to this score"); none for a group out of command.
fn place_order(game: &mut Game, group: &str, order: Order, side: usize) -> Result<(), String> {
    let g = may_place(game, group, side)?;
    order_reaches(game, &g, order)?;
    set_group(game, group, |grp| {
        grp.order = Some(order);
        grp.face_down = None;
    });
    Ok(())
}

fn set_group(game: &mut Game, group: &str, change: impl Fn(&mut Group)) {
    for (_, mut grp) in &mut game.groups {
        if grp.id == group {
            change(&mut grp);
        }
    }
}

/// Shows every order counter: the Orders phase is over (tyneside-skirmish.txt, Play
/// sequence: orders are placed, then movement).
fn reveal(game: &Game, out: &mut Effects, next: &mut NextState<TurnPhase>) {
    let board = game.board();
    // The enemy that comes on at portals calculates its orders after generation (Play
    // sequence 3): they are logged then.
    let enemy = game.table.generating_side();
    let revealed: Vec<String> = game
        .all_groups()
        .iter()
        .filter(|g| !board.members(&g.id).is_empty() && Some(g.side) != enemy)
        .map(|g| {
            format!(
                "{}: {}",
                g.name,
                g.order.map(|o| o.to_string()).unwrap_or("-".into())
            )
        })
        .collect();
    out.log.push(
        game.turn.turn,
        format!("Orders revealed — {}", revealed.join("; ")),
    );
    next.set(TurnPhase::Movement);
}

/// The side whose face-down counters are turned over next: the first side, in scenario
/// order, that has any.
pub fn turning_over_side(groups: &[Group]) -> Option<usize> {
    groups
        .iter()
        .filter(|g| g.face_down.is_some())
        .map(|g| g.side)
        .min()
}

/// Turns over the face-down counters of the side [`turning_over_side`] names: each must be
/// there once, match its commitment (docs/play-by-email.md) and be an order the group could
/// take ([`order_reaches`]); once none is left face down, the orders are revealed.
fn turn_over(
    game: &mut Game,
    out: &mut Effects,
    orders: &[super::super::commands::TurnedOver],
    next: &mut NextState<TurnPhase>,
) -> Result<(), String> {
    let groups = game.all_groups();
    let side = turning_over_side(&groups).ok_or("no order counter lies face down")?;
    let side_name = game.table.side_name(side).to_string();
    let face_down: Vec<&Group> = groups
        .iter()
        .filter(|g| g.side == side && g.face_down.is_some())
        .collect();
    for g in &face_down {
        let Some(t) = orders.iter().find(|t| t.group == g.id) else {
            return Err(format!(
                "{side_name} must turn over every face-down counter: '{}' is missing",
                g.id
            ));
        };
        let placed = Command::PlaceOrder {
            group: t.group.clone(),
            order: t.order,
        };
        if g.face_down.as_deref() != Some(&crate::engine::by_email::commitment(&t.salt, &placed)) {
            return Err(format!(
                "the counter turned over for '{}' is not the one placed face down (its commitment does not match)",
                g.id
            ));
        }
        order_reaches(game, g, t.order)?;
    }
    if orders.len() != face_down.len() {
        return Err(format!(
            "{side_name} turns over only its own face-down counters, each once"
        ));
    }
    for t in orders {
        set_group(game, &t.group, |grp| {
            grp.order = Some(t.order);
            grp.face_down = None;
        });
    }
    out.log.push(
        game.turn.turn,
        format!("{side_name} turns its order counters over"),
    );
    if turning_over_side(&game.all_groups()).is_none() {
        game.turn.turning_over = false;
        reveal(game, out, next);
    }
    Ok(())
}

/// Play by e-mail: `PlaceOrder` sent face down, checked first as it would be.
pub fn face_down(
    In((group, order, seal)): In<(String, Order, String)>,
    game: Game,
) -> Result<Command, String> {
    let side = game.turn.orders_side;
    let g = may_place(&game, &group, side)?;
    order_reaches(&game, &g, order)?;
    Ok(Command::PlaceFaceDown { group, seal })
}

/// Play by e-mail: the command that turns `side`'s face-down counters over, from the orders it
/// sealed (the last one placed for each group whose commitment matches), when the game waits
/// for that side; `None` otherwise.
pub fn turn_over_command(
    groups: &[Group],
    turning_over: bool,
    side: usize,
    sealed: &[crate::engine::by_email::Secret<Command>],
) -> Option<Command> {
    if !turning_over || turning_over_side(groups) != Some(side) {
        return None;
    }
    let orders = groups
        .iter()
        .filter(|g| g.side == side)
        .filter_map(|g| {
            let seal = g.face_down.as_deref()?;
            sealed.iter().rev().find_map(|s| match &s.command {
                Command::PlaceOrder { group, order }
                    if *group == g.id
                        && crate::engine::by_email::commitment(&s.salt, &s.command) == seal =>
                {
                    Some(super::super::commands::TurnedOver {
                        group: group.clone(),
                        order: *order,
                        salt: s.salt.clone(),
                    })
                }
                _ => None,
            })
        })
        .collect();
    Some(Command::TurnOver { orders })
}

/// Whether `side` may put an order counter behind `group` now, whatever the order: its own
/// group, with figures fighting, in command, and for a group the Random movement table orders,
/// the player's D6 rolled (tyneside-skirmish.txt, Orders; Random movement). The group.
fn may_place(game: &Game, group: &str, side: usize) -> Result<Group, String> {
    let g = game.group(group).ok_or(format!("no group '{group}'"))?;
    if g.side != side {
        return Err(format!(
            "'{group}' is not a group of {} (they are placing orders now)",
            game.table.side_name(side)
        ));
    }
    let board = game.board();
    if board.members(group).is_empty() {
        return Err(format!("'{group}' has no figures left fighting"));
    }
    if !in_command(&board, group, side) {
        return Err(format!(
            "Random movement: '{group}' is out of command — no hero is with it or within 6\" (12\" for a Gifted commander), so it keeps its {} order",
            g.order.map(|o| o.to_string()).unwrap_or("current".into())
        ));
    }
    if g.table_score.is_some() && g.leeway.is_none() {
        return Err(format!(
            "Random movement: '{group}' takes the table's order unless a player issues one — roll the D6 first (Issue an order)"
        ));
    }
    Ok(g)
}

/// Whether `g` may take `order`: any order with a hero; within its score moved by the
/// player's roll for a group the Random movement table orders (tyneside-skirmish.txt, Random
/// movement: "the unit may add/subtract up to D6 to this score").
fn order_reaches(game: &Game, g: &Group, order: Order) -> Result<(), String> {
    let group = &g.id;
    if let (Some(score), Some(leeway)) = (g.table_score, g.leeway) {
        let in_cover = group_in_cover(&game.board(), group);
        let allowed = reachable(score, leeway, in_cover);
        if !allowed.contains(&order) {
            let names: Vec<String> = allowed.iter().map(|o| o.to_string()).collect();
            return Err(format!(
                "Random movement: score {score} moved by up to {leeway} (\"the unit may add/subtract up to D6 to this score\") reaches only {}",
                names.join(", ")
            ));
        }
    }
    Ok(())
}

/// A player's hero issues an order to `group`: the D6 (2D6 when a Gifted commander of the side
/// is within 12") by which its table score may move this turn.
///
/// tyneside-skirmish.txt, Random movement: "if within 6″, a player's figure can issue an order
/// to them … If a player issues an order to units, the unit may add/subtract up to D6 to this
/// score"; Gifted commander: "any group within 12″".
fn issue_order(game: &mut Game, out: &mut Effects, group: &str, side: usize) -> Result<(), String> {
    let g = game.group(group).ok_or(format!("no group '{group}'"))?;
    if g.side != side {
        return Err(format!(
            "'{group}' is not a group of {}",
            game.table.side_name(side)
        ));
    }
    if g.table_score.is_none() {
        return Err(format!(
            "'{group}' does not take its orders from the Random movement table (a hero is with it, or the scenario says orders stay as placed): place its order directly"
        ));
    }
    if let Some(l) = g.leeway {
        return Err(format!(
            "an order has already been issued to '{group}' this turn (±{l})"
        ));
    }
    let board = game.board();
    let members = board.members(group);
    let commanders: Vec<(String, bool)> = board
        .figs
        .iter()
        .enumerate()
        .filter(|(h, f)| {
            f.figure.hero
                && f.figure.side == side
                && members.iter().any(|&m| {
                    board.gap(*h, m) <= command_range(f.figure.has(Ability::GiftedCommander)) + 1e-4
                })
        })
        .map(|(_, f)| {
            (
                f.figure.name.clone(),
                f.figure.has(Ability::GiftedCommander),
            )
        })
        .collect();
    drop(board);
    let Some((name, _)) = commanders.first() else {
        return Err(format!(
            "Random movement: no hero of {} is within 6\" of '{group}' (12\" for a Gifted commander)",
            game.table.side_name(side)
        ));
    };
    let gifted = commanders.iter().find(|(_, gifted)| *gifted);
    let (who, expr) = match gifted {
        Some((n, _)) => (n.clone(), DiceExpr::nd(2, 6)),
        None => (name.clone(), DiceExpr::d(6)),
    };
    let leeway = out
        .dice
        .roll(
            expr,
            format!("Random movement: {who} issues an order to {}", g.name),
        )
        .map_err(|e| e.to_string())?;
    out.dice
        .note_outcome(format!("score may move by up to {leeway}"));
    for (_, mut grp) in &mut game.groups {
        if grp.id == group {
            grp.leeway = Some(leeway);
        }
    }
    out.log.push(
        game.turn.turn,
        format!(
            "{who} issues an order to {}: its score may move by up to {leeway}",
            g.name
        ),
    );
    Ok(())
}

/// The order the solo rules for Force users give a group with a non-player Force user among
/// `members`, with the rule that gives it; `None` when they leave it to the table.
///
/// tyneside-skirmish.txt, Solo rules for Force users: "a Force user at half Force points, will
/// halt inactive to recover the lost points, but they will only do this if no enemy are in
/// sight" (Stand); "(2): If at 1 Force point, the figure will use the last point to
/// **Force jump** away from the nearest threat" (Retreat, the order that lets it jump: a jump
/// counts as a run). `no_enemy_in_sight` is the table's "No enemy in sight".
pub fn force_users_order(
    board: &Board,
    members: &[usize],
    no_enemy_in_sight: bool,
) -> Option<(Order, &'static str)> {
    let users = || {
        members
            .iter()
            .map(|&m| &board.figs[m])
            .filter(|f| f.figure.has(Ability::ForceUser))
    };
    if no_enemy_in_sight && users().any(|f| halts_to_recover(f)) {
        return Some((
            Order::Stand,
            "\"a Force user at half Force points, will halt inactive to recover the lost points\"",
        ));
    }
    if !no_enemy_in_sight && users().any(|f| f.cond.force_points == 1) {
        return Some((
            Order::Retreat,
            "\"If at 1 Force point, the figure will use the last point\" to Force jump away",
        ));
    }
    None
}

/// Whether Force user `f` halts to recover its points (no enemy in sight): it is at half its
/// points or fewer, or it halted for them already and they are not all back ("will halt
/// inactive to recover the lost points": until they are recovered, not for one point).
pub fn halts_to_recover(f: &crate::rulesets::tyneside::board::Fig) -> bool {
    let (now, full) = (f.cond.force_points, f.figure.profile.force_points);
    2 * now <= full || (f.cond.resting && now < full)
}

/// Whether half or more of `group`'s figures are in cover (the table's "In cover").
pub fn group_in_cover(board: &Board, group: &str) -> bool {
    let members = board.members(group);
    let covered = members
        .iter()
        .filter(|&&m| board.in_cover_anywhere(m))
        .count();
    !members.is_empty() && 2 * covered >= members.len()
}

/// What the Random movement table asks about `group` now (tyneside-skirmish.txt, Random
/// movement; Holotable's reading in docs/rules/tyneside.md), or `None` if it has no figures.
pub fn situation(board: &Board, groups: &[Group], group: &Group) -> Option<Situation> {
    let members = board.members(&group.id);
    if members.is_empty() {
        return None;
    }
    let own = members.len() as u32;
    let friends: Vec<&Group> = groups
        .iter()
        .filter(|g| g.side == group.side && g.id != group.id)
        .collect();
    let near = |g: &Group, inches: f32| within(board, &members, &board.members(&g.id), inches);
    let retreating = |g: &Group| {
        matches!(g.order, Some(Order::Retreat | Order::Rout))
            || g.fell_back_for_turn == Some(board.turn)
    };
    let lost = (group.start_size as u32).saturating_sub(own);
    let heroes_and_officers = board
        .figs
        .iter()
        .enumerate()
        .filter(|(h, f)| {
            f.figure.side == group.side
                && (f.figure.hero || f.figure.has(Ability::Officer))
                && members
                    .iter()
                    .any(|&m| board.gap(*h, m) <= SUPPORT_NEAR + 1e-4)
        })
        .count() as u32;
    let enemy_vehicles: Vec<usize> = (0..board.figs.len())
        .filter(|&v| board.figs[v].figure.side != group.side && board.vehicle(v).is_some())
        .collect();
    let sees_enemy = members.iter().any(|&m| {
        let view = board.viewpoint(m);
        board
            .foes_of(m)
            .into_iter()
            .any(|e| board.sees_from(&view, m, e))
    });
    Some(Situation {
        under_fire: UnderFire::of(group.fire_last_turn, own),
        friends_retreating_within_6: friends
            .iter()
            .any(|g| retreating(g) && near(g, RETREATING_FRIENDS_NEAR)),
        no_friends_within_12: !friends.iter().any(|g| near(g, SUPPORT_NEAR)),
        enemy_vehicle_within_24: within(board, &members, &enemy_vehicles, ENEMY_VEHICLE_NEAR),
        quarters_killed: (4 * lost) / (group.start_size.max(1) as u32),
        advancing: matches!(group.order, Some(Order::Advance | Order::Attack)),
        in_cover: group_in_cover(board, &group.id),
        heroes_and_officers_within_12: heroes_and_officers,
        no_enemy_in_sight: !sees_enemy,
    })
}

fn despawn_group(game: &mut Game, commands: &mut Commands, id: &str) {
    if let Some((e, _)) = game.groups.iter().find(|(_, g)| g.id == id) {
        commands.entity(e).despawn();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::tyneside::testing::{DUEL, fig, game, on_board};

    #[test]
    fn a_force_user_halted_at_half_its_points_stays_halted_until_all_are_back() {
        // Solo rules for Force users: "a Force user at half Force points, will halt inactive
        // to recover the lost points".
        let mut s = game(&DUEL.replace("ORDER", "Stand"), &[]);
        let answers = on_board(&mut s, |b, _| {
            let darth = fig(b, "darth");
            let full = b.figs[darth].figure.profile.force_points;
            let mut at = |points: u32, resting: bool| {
                b.figs[darth].cond.to_mut().force_points = points;
                b.figs[darth].cond.to_mut().resting = resting;
                force_users_order(b, &[darth], true).map(|(o, _)| o)
            };
            [
                at(full / 2, false),
                at(full / 2 + 1, false),
                at(full / 2 + 1, true),
                at(full, true),
            ]
        });
        assert_eq!(
            answers,
            [Some(Order::Stand), None, Some(Order::Stand), None],
            "halts at half, not above it unless already resting, and rests until full"
        );
    }
}
