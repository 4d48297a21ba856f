//! The turn sequence: tyneside-skirmish.txt, Play sequence — order counters, then "Move
//! figures/groups in order of Initiative, starting with the lowest", then "Shoot/Act in
//! Initiative order, starting with the highest", then the end of the turn (morale fall-backs,
//! recovery) — and the end of the game.

use bevy::prelude::*;

use crate::engine::record::GameLog;
use crate::engine::state::{GameResult, GameState};
use crate::rulesets::tyneside::ID;
use crate::rulesets::tyneside::board::Game;
use crate::rulesets::tyneside::components::{
    Condition, EnemyPool, Figure, Group, Status, TurnActivity,
};
use crate::rulesets::tyneside::phases::{force_users_order, situation};
use crate::rulesets::tyneside::rules::orders::{Order, group_initiative};
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::rules::random_movement::{Reaction, modifiers, score};
use crate::rulesets::tyneside::rules::victory::{Victory, leader};
use crate::rulesets::tyneside::table::TableRes;
use crate::rulesets::tyneside::turn::{EndOfTurnSet, TurnPhase, TurnState};

/// The active group is done: the next one with figures still fighting activates, or the
/// phase ends.
pub fn next_activation(game: &mut Game, next: &mut NextState<TurnPhase>, phase: TurnPhase) {
    if !game.turn.queue.is_empty() {
        game.turn.queue.remove(0);
    }
    // Groups with nobody left fighting lose their activation (no board needed: one pass).
    let fighting: Vec<&str> = game
        .figures
        .iter()
        .filter(|(_, _, _, _, c, _, _)| c.active())
        .map(|(_, _, m, ..)| m.0.as_str())
        .collect();
    let emptied: Vec<String> = game
        .turn
        .queue
        .iter()
        .filter(|g| !fighting.contains(&g.as_str()))
        .cloned()
        .collect();
    game.turn.queue.retain(|g| !emptied.contains(g));
    if game.turn.queue.is_empty() {
        next.set(match phase {
            TurnPhase::Movement => TurnPhase::Action,
            _ => TurnPhase::EndOfTurn,
        });
    }
}

/// The groups `ids` by their names, for the log: `Stormtroopers (A), Rebels (X)`.
pub(super) fn group_names(game: &Game, ids: &[String]) -> String {
    ids.iter()
        .map(|id| game.group(id).map_or_else(|| id.clone(), |g| g.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Groups with figures still fighting, by initiative (ascending for movement, descending for
/// shooting); ties keep scenario order (ruling, docs/rules/tyneside.md).
fn initiative_queue(game: &Game, ascending: bool) -> Vec<String> {
    let board = game.board();
    let mut groups: Vec<(f32, usize, String)> = game
        .all_groups()
        .into_iter()
        .filter_map(|g| {
            let members = board.members(&g.id);
            if members.is_empty() {
                return None;
            }
            let inits: Vec<(u32, bool)> = members
                .iter()
                .map(|&m| {
                    (
                        board.figs[m].figure.profile.initiative,
                        board.figs[m].wounded(),
                    )
                })
                .collect();
            Some((group_initiative(&inits), g.index, g.id))
        })
        .collect();
    groups.sort_by(|a, b| {
        let by_init = if ascending {
            a.0.total_cmp(&b.0)
        } else {
            b.0.total_cmp(&a.0)
        };
        by_init.then(a.1.cmp(&b.1))
    });
    groups.into_iter().map(|g| g.2).collect()
}

/// The start of a turn's Orders phase. tyneside-skirmish.txt, Orders: "Order counters are
/// placed behind groups at the start of a turn, based on the Random movement rules unless a
/// Hero is with the unit": every group no hero is with gets the table's order now (unless the
/// scenario keeps orders as placed); a player's hero nearby may still change it
/// (IssueOrder, then PlaceOrder). The side that comes on at portals waits for
/// [`enemy_orders`].
fn enter_orders(mut game: Game, mut log: ResMut<GameLog>) {
    game.turn.orders_side = 0;
    let t = game.turn.turn;
    log.push(t, format!("Turn {t}: place order counters"));
    for (_, mut g) in &mut game.groups {
        g.leeway = None;
    }
    let enemy = game.table.generating_side();
    table_orders(&mut game, &mut log, |g| Some(g.side) != enemy);
}

/// Play sequence "3) Calculate orders for Enemy force", after "2) Dice for Enemy Force
/// Generation" (tyneside-skirmish.txt): the side that comes on at portals takes its orders
/// now, so the modifiers count the figures that have just appeared (an officer within 12",
/// friends within 12"). Groups that have just appeared keep Advance ("Figures appearing at
/// Portals are on **Advance** orders"). Nothing in a scenario without portals.
fn enemy_orders(mut game: Game, mut log: ResMut<GameLog>, pool: Option<Res<EnemyPool>>) {
    let (Some(enemy), Some(pool)) = (game.table.generating_side(), pool) else {
        return;
    };
    table_orders(&mut game, &mut log, |g| {
        g.side == enemy && !pool.arrived.contains(&g.id)
    });
}

/// Gives every group `which` accepts the order the turn's start decides (the table's, the
/// solo rules for Force users', a figure type's fixed one), logging each with its reasons; a
/// group a player's hero leads keeps what its player places.
fn table_orders(game: &mut Game, log: &mut GameLog, which: impl Fn(&Group) -> bool) {
    let t = game.turn.turn;
    let all = game.all_groups();
    let groups: Vec<&Group> = all.iter().filter(|g| which(g)).collect();
    // (group, table score, order): a score for groups the table orders, an order for every
    // group whose order the turn's start decides.
    let mut scored: Vec<(String, Option<i32>, Option<Order>)> = Vec::new();
    // Force users that halt to recover their points this turn (true) or no longer (false).
    let mut resting: Vec<(Entity, bool)> = Vec::new();
    {
        let board = game.board();
        for g in &groups {
            let members = board.members(&g.id);
            if members.is_empty() {
                continue; // nobody left fighting: no counter to place
            }
            // A player's character: a hero on a side a person plays (the scenario's control);
            // a hero of the side the rules run takes the table's order like any group.
            let rules_run = game.table.rules_run(g.side);
            // R2D2 "Always acts as player wants": his group is the player's to order too.
            let led = !rules_run
                && members.iter().any(|&m| {
                    board.figs[m].figure.hero
                        || board.figs[m].figure.has(Ability::ActsAsPlayerWants)
                });
            if led {
                scored.push((g.id.clone(), None, None));
                continue;
            }
            // "Non player Force users should use the following rules" — before the table.
            let solo = situation(&board, &all, g)
                .and_then(|s| force_users_order(&board, &members, s.no_enemy_in_sight));
            let halted = matches!(solo, Some((Order::Stand, _)));
            for &m in &members {
                let f = &board.figs[m];
                if f.figure.has(Ability::ForceUser) {
                    let rests = halted && f.cond.force_points < f.figure.profile.force_points;
                    resting.push((f.entity, rests));
                }
            }
            if let Some((order, rule)) = solo {
                log.push(
                    t,
                    format!("{}: solo rules for Force users, {rule}: {order}", g.name),
                );
                scored.push((g.id.clone(), None, Some(order)));
                continue;
            }
            if !game.table.scenario.random_movement {
                scored.push((g.id.clone(), None, None));
                continue;
            }
            // Figure types the text gives a fixed behaviour instead of the table.
            if members
                .iter()
                .any(|&m| board.figs[m].figure.has(Ability::AttacksNearest))
            {
                log.push(
                    t,
                    format!("{}: \"Attacks nearest creature\": Attack", g.name),
                );
                scored.push((g.id.clone(), None, Some(Order::Attack)));
                continue;
            }
            if members
                .iter()
                .all(|&m| board.figs[m].figure.has(Ability::SimplyAdvances))
            {
                log.push(
                    t,
                    format!(
                        "{}: \"These should simply advance towards the nearest enemy\": Advance",
                        g.name
                    ),
                );
                scored.push((g.id.clone(), None, Some(Order::Advance)));
                continue;
            }
            let Some(s) = situation(&board, &all, g) else {
                continue;
            };
            let score = score(&s);
            let reaction = Reaction::of(score);
            let order = reaction.order(s.in_cover);
            let why: Vec<String> = modifiers(&s)
                .iter()
                .map(|(n, v)| format!("{n} {v:+}"))
                .collect();
            log.push(
                t,
                format!(
                    "Random movement, {}: {} = {score} -> {}: {order}",
                    g.name,
                    if why.is_empty() {
                        "no modifiers".into()
                    } else {
                        why.join(", ")
                    },
                    reaction.text()
                ),
            );
            scored.push((g.id.clone(), Some(score), Some(order)));
        }
    }
    for (_, mut g) in &mut game.groups {
        if let Some((_, score, order)) = scored.iter().find(|(id, ..)| *id == g.id) {
            g.table_score = *score;
            if order.is_some() {
                g.order = *order;
            }
        }
    }
    for (e, _, _, _, mut cond, ..) in &mut game.figures {
        if let Some(&(_, rests)) = resting.iter().find(|(f, _)| *f == e) {
            cond.resting = rests;
        }
    }
}

fn enter_movement(
    mut game: Game,
    mut next: ResMut<NextState<TurnPhase>>,
    mut log: ResMut<GameLog>,
) {
    let t = game.turn.turn;
    let mut queue = initiative_queue(&game, true);
    queue.retain(|id| {
        let fell_back = game
            .group(id)
            .is_some_and(|g| g.fell_back_for_turn == Some(t));
        if fell_back {
            log.push(
                t,
                format!(
                    "{}: its morale fall-back replaces this activation",
                    group_names(&game, std::slice::from_ref(id))
                ),
            );
        }
        !fell_back
    });
    log.push(
        t,
        format!(
            "Movement, lowest initiative first: {}",
            group_names(&game, &queue)
        ),
    );
    game.turn.queue = queue;
    if game.turn.queue.is_empty() {
        next.set(TurnPhase::Action);
    }
}

fn enter_action(mut game: Game, mut next: ResMut<NextState<TurnPhase>>, mut log: ResMut<GameLog>) {
    let queue = initiative_queue(&game, false);
    log.push(
        game.turn.turn,
        format!(
            "Shoot/act, highest initiative first: {}",
            group_names(&game, &queue)
        ),
    );
    game.turn.queue = queue;
    if game.turn.queue.is_empty() {
        next.set(TurnPhase::EndOfTurn);
    }
}

/// Recovery and the next turn: duck back and knock-outs run out, this turn's doings are
/// cleared, and at the turn limit the scenario's victory condition decides.
fn finish_turn(
    mut game: Game,
    mut next: ResMut<NextState<TurnPhase>>,
    mut over: ResMut<NextState<GameState>>,
    mut log: ResMut<GameLog>,
) {
    let t = game.turn.turn;
    super::doors::finish_cuts(&mut game, &mut log);
    for (_, _, _, _, mut c, mut a, _) in &mut game.figures {
        if c.ducked_back_until.is_some_and(|u| u <= t) {
            c.ducked_back_until = None;
        }
        if c.knocked_out_until.is_some_and(|u| u <= t) {
            c.knocked_out_until = None;
        }
        *a = TurnActivity::default();
    }
    for (_, mut g) in &mut game.groups {
        g.fire_last_turn = std::mem::take(&mut g.fire_this_turn);
    }
    if game.turn.result.is_some() {
        over.set(GameState::Over(ID));
        return;
    }
    if game.table.scenario.turn_limit.is_some_and(|l| t >= l) {
        let result = decide_at_limit(&game);
        log.push(t, format!("Turn limit reached: {}", result.reason));
        game.turn.result = Some(result);
        over.set(GameState::Over(ID));
        return;
    }
    game.turn.turn += 1;
    super::vehicles::wreck_mined(&mut game, &mut log);
    super::doors::blow_mined(&mut game, &mut log);
    next.set(TurnPhase::Orders);
}

fn decide_at_limit(game: &Game) -> GameResult {
    let scores = game.board().scores();
    let winner = leader(&scores);
    let name = winner.map(|s| game.table.side_name(s));
    // `Galactic Empire 9, Rebel Alliance 7`: each side's count by name, not a raw list.
    let tally = game.table.tally(&scores);
    let (reason, decided_by) = match game.table.scenario.victory {
        Victory::LastSideStanding => (
            match name {
                Some(n) => format!("{n} wins with more figures still fighting ({tally})"),
                None => format!("a draw: equal figures still fighting ({tally})"),
            },
            "figures still fighting at the turn limit",
        ),
        Victory::HoldObjectives => (
            match name {
                Some(n) => format!("{n} wins, holding more objectives ({tally})"),
                None => format!("a draw: objectives held {tally}"),
            },
            "objectives held at the turn limit",
        ),
    };
    GameResult {
        winner,
        reason,
        decided_by: decided_by.into(),
    }
}

/// After every command: a side with no figures fighting has lost.
pub(in crate::rulesets::tyneside) fn check_wipe_out(
    mut turn: ResMut<TurnState>,
    table: Res<TableRes>,
    figures: Query<(&Figure, &Condition)>,
    enemy: Option<Res<crate::rulesets::tyneside::components::EnemyPool>>,
    portals: Query<(), With<crate::rulesets::tyneside::components::Portal>>,
    mut over: ResMut<NextState<GameState>>,
    mut log: ResMut<GameLog>,
) {
    if turn.result.is_some() {
        return;
    }
    // A side that brings forces on at portals is still in the game while it has a counter on
    // the table and figures left to bring on (ruling, docs/rules/tyneside.md).
    let reserves = |s: usize| {
        enemy
            .as_ref()
            .is_some_and(|e| e.side == s && e.pool.values().any(|&n| n > 0) && !portals.is_empty())
    };
    let sides = table.scenario.sides.len();
    let standing: Vec<usize> = (0..sides)
        .filter(|&s| {
            reserves(s)
                || figures
                    .iter()
                    .any(|(f, c)| c.allegiance(f.side) == s && c.active())
        })
        .collect();
    if standing.len() <= 1 {
        let winner = standing.first().copied();
        let reason = match winner {
            Some(w) => format!(
                "{} wins: no enemy figure is left fighting",
                table.side_name(w)
            ),
            None => "a draw: nobody is left fighting".into(),
        };
        log.push(turn.turn, reason.clone());
        turn.result = Some(GameResult {
            winner,
            reason,
            decided_by: "no enemy figure left fighting".into(),
        });
        over.set(GameState::Over(ID));
    }
}

/// The game is over: what the results screen shows.
fn publish_result(
    turn: Res<TurnState>,
    figures: Query<(&Figure, &Condition)>,
    mut commands: Commands,
) {
    let mut figs: Vec<_> = figures.iter().collect();
    figs.sort_by_key(|(f, _)| f.index);
    let fates = figs
        .into_iter()
        .map(|(f, c)| {
            let fate = match c.status {
                // Still fighting, as the count says: the wound beside it.
                Status::Active if c.wounded() => "fighting, wounded",
                Status::Active => "fighting",
                Status::Disabled => "disabled",
                Status::Killed => "killed",
                Status::Captured => "captured",
            };
            crate::engine::state::Fate {
                side: c.allegiance(f.side),
                name: f.name.clone(),
                profile: f.profile.name.clone(),
                fate: fate.to_string(),
                lost: !c.active(),
            }
        })
        .collect();
    commands.insert_resource(crate::engine::state::Finished {
        result: turn.result.clone().unwrap_or(GameResult {
            winner: None,
            reason: "the game was ended".into(),
            decided_by: "the game was ended".into(),
        }),
        turn: turn.turn,
        fates,
    });
}

pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<TurnPhase>()
        .configure_sets(
            OnEnter(TurnPhase::EndOfTurn),
            (EndOfTurnSet::Morale, EndOfTurnSet::Finish).chain(),
        )
        .add_systems(OnEnter(TurnPhase::Orders), enter_orders)
        .add_systems(
            OnEnter(TurnPhase::Movement),
            (super::generation::generate, enemy_orders, enter_movement).chain(),
        )
        .add_systems(OnEnter(TurnPhase::Action), enter_action)
        .add_systems(
            OnEnter(TurnPhase::EndOfTurn),
            (
                super::force::end_tricks.before(EndOfTurnSet::Morale),
                finish_turn.in_set(EndOfTurnSet::Finish),
            ),
        )
        .add_systems(OnEnter(GameState::Over(ID)), publish_result);
}
