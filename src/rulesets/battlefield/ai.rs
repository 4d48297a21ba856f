//! A side the app plays in the battlefield rules. imperial-alliance-battlefield.txt has no
//! solo rules, so this is not the text's: it is a plain policy, written down in
//! docs/rules/battlefield.md (`A side the app plays`), for solo games, demos and the balance
//! report. Each step, for the side whose impulse it is: the support weapons the scenario gives
//! ([`support_choices`]); then, in scenario order of its units not yet activated (leaders stay
//! with their troops): fire at a visible enemy in range and sight; else close combat with the
//! nearest where the odds favour it; else move to the reachable hex nearest the nearest
//! visible enemy (none in sight: the middle of the map), if that is nearer; else end the
//! impulse. Every command goes through the pipeline, so the rules refuse whatever they forbid,
//! as for a person; the policy sees no hidden unit.

use bevy::prelude::*;

use super::Battlefield;
use super::actions::{assault_dice, defence};
use super::battle::{Battle, ImpulseKind};
use super::commands::Command;
use super::phases::BattleRes;
use super::rules::combat;
use super::rules::map::{col_row, hex_at};
use super::rules::movement::reachable;
use super::rules::roster::Kind;
use crate::engine::pipeline::{CommandOutcome, process};

/// The enemies the side whose impulse it is can see and attack: on the map, not hidden, not
/// a leader (a leader goes with its troops), by index.
fn visible_enemies(b: &Battle) -> Vec<usize> {
    let side = b.impulse.side;
    (0..b.units.len())
        .filter(|&j| {
            let e = &b.units[j];
            e.side != side && e.on_map() && !e.hidden && e.profile.kind != Kind::Leader
        })
        .collect()
}

/// The units the policy may activate now, in scenario order: the impulse side's units on the
/// map, not activated, not leaders.
pub fn candidates(b: &Battle) -> Vec<usize> {
    let side = b.impulse.side;
    (0..b.units.len())
        .filter(|&i| {
            let u = &b.units[i];
            u.side == side && u.on_map() && !u.activated && u.profile.kind != Kind::Leader
        })
        .collect()
}

/// The policy's commands for unit `i`, best first: a shot at each visible enemy in range and
/// sight, nearest first; then a move to the hex it can reach nearest the nearest visible
/// enemy (with none in sight, the middle of the map), if that is nearer than where it stands.
pub fn unit_choices(b: &Battle, i: usize) -> Vec<Command> {
    let u = &b.units[i];
    let mut enemies = visible_enemies(b);
    enemies.sort_by_key(|&j| u.at.unsigned_distance_to(b.units[j].at));
    let mut out = Vec::new();
    let pos = b.positions();
    // Jedis: a Jedi stacked with a unit adds its strength to that unit's attack, so it does
    // not fire by itself.
    let fires = u.profile.kind != Kind::Jedi
        || b.counting_at(u.at)
            .is_none_or(|k| b.units[k].side != u.side);
    for &j in enemies.iter().filter(|_| fires) {
        let t = b.units[j].at;
        if u.at.unsigned_distance_to(t) <= u.profile.range && b.sight_in(&pos, i, t).clear {
            out.push(Command::Fire {
                unit: u.id.clone(),
                target: col_row(t),
                leader: false,
                force: 0,
                weapon_target: None,
            });
        }
    }
    // Close combat with the nearest enemy it can reach, where the odds favour it.
    if let Some(&j) = enemies.first() {
        let t = b.units[j].at;
        // Every step costs a movement point or more: a farther enemy is out of reach, and
        // the route need not be looked for.
        let from = u.carried_by.map_or(u.at, |c| b.units[c].at);
        let near = from.unsigned_distance_to(t) <= u.profile.movement;
        let reach = near.then(|| b.route_for(i, t, true)).flatten();
        if let Some((route, cost)) = reach.filter(|(_, c)| *c <= u.profile.movement) {
            let attack: Vec<_> = assault_dice(b, i, j, false, 0)
                .into_iter()
                .map(|(_, d)| d)
                .collect();
            let defence: Vec<_> = defence(b, t, i)
                .dice
                .into_iter()
                .map(|(_, d, _)| d)
                .collect();
            let odds = combat::close_combat_odds(&attack, &defence);
            if cost > 0 && odds.win > odds.lose {
                out.push(Command::Assault {
                    unit: u.id.clone(),
                    path: route.iter().map(|h| col_row(*h)).collect(),
                    leader: false,
                    force: 0,
                });
            }
        }
    }
    // With no enemy in sight (all hidden), it heads for the middle of the map to find them.
    let near = enemies
        .first()
        .map(|&j| b.units[j].at)
        .unwrap_or_else(|| hex_at(b.map.size.0 / 2, b.map.size.1 / 2));
    let counts = u.profile.kind.counts_in_stacking();
    let closer = reachable(&b.map, &u.profile, u.at, u.profile.movement, |h| {
        b.passage_in(&pos, h, u.side, counts)
    })
    .into_iter()
    .min_by_key(|h| h.unsigned_distance_to(near))
    .filter(|h| h.unsigned_distance_to(near) < u.at.unsigned_distance_to(near));
    if let Some((route, _)) = closer.and_then(|h| b.route_for(i, h, false)) {
        out.push(Command::Move {
            unit: u.id.clone(),
            path: route.iter().map(|h| col_row(*h)).collect(),
        });
    }
    out
}

/// The support weapons the policy uses, best first, where the scenario gives them: at the start
/// of an ordinary impulse, counterfire when the enemy's artillery has just fired; space
/// bombardment on the visible enemy whose blast takes most enemies and none of its own; the
/// campaign artillery when the impulse allows 2 activations or fewer (it takes the whole
/// impulse), observed by the first unit that has not played and sees a target; and, at any
/// time, an aerial support shot at the nearest visible vehicle, else the nearest enemy, to
/// the side's units.
pub fn support_choices(b: &Battle) -> Vec<Command> {
    let side = b.impulse.side;
    let enemy = Battle::other(side);
    let s = &b.sides[side];
    let targets = visible_enemies(b);
    let mut out = Vec::new();
    let start = b.impulse.used == 0 && b.impulse.kind == ImpulseKind::Normal;
    let counter = b.artillery_fired_by == Some(enemy) && b.sides[enemy].artillery > 0;
    if start && b.advanced.artillery && s.artillery > 0 && counter {
        out.push(Command::Counterfire);
    }
    if start && b.advanced.space_bombardment && s.space_bombardment > 0 {
        let within = |h: hexx::Hex, of: usize| {
            (0..b.units.len())
                .filter(|&k| b.units[k].side == of && b.units[k].on_map())
                .filter(|&k| b.units[k].at.unsigned_distance_to(h) <= 2)
                .count()
        };
        let best = targets
            .iter()
            .map(|&j| b.units[j].at)
            .filter(|&h| within(h, side) == 0)
            .max_by_key(|&h| within(h, enemy));
        if let Some(h) = best {
            out.push(Command::SpaceBombardment { target: col_row(h) });
        }
    }
    if start && b.advanced.artillery && s.artillery > 0 && b.impulse.allowed <= 2 {
        let observed = candidates(b).into_iter().find_map(|o| {
            targets
                .iter()
                .find(|&&j| b.sight(o, b.units[j].at).clear)
                .map(|&j| (o, j))
        });
        if let Some((o, j)) = observed {
            out.push(Command::Artillery {
                observer: b.units[o].id.clone(),
                target: col_row(b.units[j].at),
            });
        }
    }
    if b.advanced.aerial_support && s.aerial_support > 0 {
        let ours: Vec<usize> = candidates(b);
        let near = |j: usize| {
            ours.iter()
                .map(|&o| b.units[o].at.unsigned_distance_to(b.units[j].at))
                .min()
                .unwrap_or(u32::MAX)
        };
        let target = targets
            .iter()
            .copied()
            .min_by_key(|&j| (!b.units[j].profile.kind.is_vehicle(), near(j)));
        if let Some(j) = target {
            out.push(Command::AerialSupport {
                target: col_row(b.units[j].at),
            });
        }
    }
    out
}

/// One step of a side the app plays, if its impulse is on: the first unit's first command of
/// [`unit_choices`] the rules accept, else the end of the impulse. `None` when a person's side
/// is to act, or the battle is over.
///
/// Errors: even ending the impulse was refused (a bug to report, not a panic).
pub fn act(world: &mut World) -> Option<Result<String, String>> {
    let b = &world.get_resource::<BattleRes>()?.0;
    if b.result.is_some() || !crate::engine::game::by_rules(world, b.impulse.side) {
        return None;
    }
    for c in support_choices(b) {
        // In the players' words, as the replay and Undo tell it (a unit's id and a
        // command's debug text were shown: a new player's walk).
        let what = super::describe::describe(world, &c);
        if let CommandOutcome::Accepted(_) = process::<Battlefield>(world, c) {
            return Some(Ok(what));
        }
    }
    for i in candidates(&world.resource::<BattleRes>().0) {
        let options = unit_choices(&world.resource::<BattleRes>().0, i);
        for c in options {
            let what = super::describe::describe(world, &c);
            if let CommandOutcome::Accepted(_) = process::<Battlefield>(world, c) {
                return Some(Ok(what));
            }
        }
    }
    Some(match process::<Battlefield>(world, Command::EndImpulse) {
        CommandOutcome::Accepted(_) => Ok("ends the impulse".into()),
        CommandOutcome::Refused(_, why) => Err(format!(
            "the app's side could not even end its impulse: {why}"
        )),
    })
}

/// The app's side in the window.
pub(super) fn plugin(app: &mut App) {
    crate::engine::rules_side::drive_plugin::<Battlefield>(app, "The rules' side");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::battlefield::testing::{battle, make, unit};

    #[test]
    fn the_policy_uses_the_support_weapons_the_scenario_gives() {
        let mut b = battle();
        assert!(
            support_choices(&b).is_empty(),
            "5 activations: no artillery yet"
        );
        b.advanced.aerial_support = true;
        b.sides[0].aerial_support = 1;
        b.impulse.allowed = 2;
        let chosen = support_choices(&b);
        assert!(
            matches!(
                &chosen[..],
                [Command::Artillery { .. }, Command::AerialSupport { .. }]
            ),
            "{chosen:?}"
        );
        b.artillery_fired_by = Some(1);
        assert!(matches!(support_choices(&b)[0], Command::Counterfire));
    }

    #[test]
    fn the_policy_charges_only_where_the_odds_favour_it() {
        let mut b = battle();
        let st1 = unit(&b, "st1");
        let charges = |b: &Battle| {
            unit_choices(b, st1)
                .iter()
                .any(|c| matches!(c, Command::Assault { .. }))
        };
        // 1d8 against the Calamari's 1d4+1: it wins 18 throws of 32 and loses 10.
        assert!(charges(&b));
        // Against a Wookie's 1d8+1 it would lose more often than win.
        make(&mut b, "mc1", "Wookie");
        assert!(!charges(&b));
    }
}
