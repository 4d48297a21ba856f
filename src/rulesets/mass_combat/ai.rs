//! A side the rules command, from its view of the battle (the whole battle: the declarations
//! are made in the open). The policy, written down in docs/rules/mass_combat.md, "A side
//! the rules command":
//! - a unit whose morale broke gets no order (it retreats without one); one aboard a
//!   transport disembarks once an enemy unit is within 300 m of it;
//! - a unit of soldiers whose nearest enemy is farther than 300 m and a round's ride of a
//!   faster transport of its side, with room and within its deployment, boards it;
//! - a transport carrying troops deploys towards the nearest enemy until it is within
//!   300 m of it (where they get out), stopping at 270 m;
//! - a unit with an enemy within its main weapon's medium range fires on the nearest,
//!   everyone with the main weapon, and with grenades left and the target within a
//!   grenade's short range, a quarter of the unit throws grenades;
//! - else it deploys towards the nearest enemy unit, stopping at its main weapon's short
//!   range;
//! - the commander commands the largest units the command skill allows; no tactics rolls,
//!   no bonus actions, no coordination; it keeps its orders after a deception and reacts with
//!   nothing;
//! - each unit's own commander gives the pips his command pays for to the skill of the
//!   weapon the unit fires with most, or to its stamina when it does not fire.

use bevy::prelude::*;

use super::MassCombat;
use super::battle::{Battle, Declaration, Order, Stage, Status};
use super::commands::Command;
use super::phases::BattleRes;
use super::rules::charts::RangeBand;
use super::rules::code::Code;
use crate::engine::game::rules_to_act;
use crate::engine::pipeline::{CommandOutcome, process};

/// The battle as side `side` sees it: everything, the declarations made so far included
/// (they are made in the open), without the log's last lines.
pub fn view(b: &Battle, side: usize) -> Battle {
    let _ = side;
    let mut v = b.clone();
    v.events.clear();
    v
}

/// Metres from the nearest enemy within which troops aboard a transport get out.
const DISEMBARK_WITHIN: f32 = 300.0;

/// The weapon a unit fights with (its first that is not used up), by index.
fn main_weapon(b: &Battle, i: usize) -> Option<usize> {
    b.units[i].kind.weapons.iter().position(|w| !w.used_up)
}

/// The declaration the policy makes for `side` from view `v`.
pub fn declaration(v: &Battle, side: usize) -> Declaration {
    let mut orders = Vec::new();
    let enemies: Vec<usize> = (0..v.units.len())
        .filter(|&j| v.units[j].side != side && v.units[j].on_ground())
        .collect();
    let nearest = |i: usize| {
        enemies
            .iter()
            .copied()
            .min_by(|&a, &b| v.distance(i, a).total_cmp(&v.distance(i, b)))
    };
    // Room left in each transport, less the units this declaration boards.
    let mut room: Vec<u32> = (0..v.units.len())
        .map(|t| v.capacity(t).saturating_sub(v.aboard(t)))
        .collect();
    for i in 0..v.units.len() {
        let u = &v.units[i];
        // A unit whose morale broke retreats without an order (Battle::resolve_round).
        if u.side != side || !u.in_battle() || u.ignores_orders || u.status == Status::Retreating {
            continue;
        }
        let id = u.id.clone();
        if let Status::Aboard(_) = &u.status {
            if nearest(i).is_some_and(|e| v.distance(i, e) <= DISEMBARK_WITHIN) {
                orders.push(Order::Disembark { unit: id });
            }
            continue;
        }
        let (Some(e), Some(w)) = (nearest(i), main_weapon(v, i)) else {
            continue;
        };
        let weapon = &u.kind.weapons[w];
        let d = v.distance(i, e);
        if let Some(t) = ride(v, i, d, &room) {
            room[t] -= u.size;
            orders.push(Order::Board {
                unit: id,
                transport: v.units[t].id.clone(),
            });
            continue;
        }
        let carrying = v.aboard(i) > 0 && d > DISEMBARK_WITHIN;
        if d <= weapon.ranges[1] && d >= weapon.min_range && !carrying {
            let grenade = u
                .kind
                .weapons
                .iter()
                .enumerate()
                .find(|(k, g)| g.used_up && u.left.get(k).copied().unwrap_or(0) > 0)
                .filter(|(k, _)| {
                    matches!(
                        v.range(i, *k, e).map(|r| r.0),
                        Some(RangeBand::PointBlank | RangeBand::Short)
                    )
                })
                .map(|(k, _)| (k, (u.size / 4).min(u.left[&k])));
            let mut weapons = Vec::new();
            let thrown = grenade.map_or(0, |(_, n)| n);
            if u.size > thrown {
                weapons.push((w, u.size - thrown));
            }
            if let Some((k, n)) = grenade.filter(|(_, n)| *n > 0) {
                weapons.push((k, n));
            }
            orders.push(Order::Fire {
                unit: id,
                target: v.units[e].id.clone(),
                weapons,
                haste: 0,
            });
        } else {
            let stop = if carrying {
                DISEMBARK_WITHIN * 0.9
            } else {
                weapon.ranges[0].max(weapon.min_range) * 0.9
            };
            let (from, to) = (u.at, v.units[e].at);
            let k = ((d - stop) / d.max(0.001)).clamp(0.0, 1.0);
            orders.push(Order::Deploy {
                unit: id,
                to: (from.0 + (to.0 - from.0) * k, from.1 + (to.1 - from.1) * k),
                haste: 0,
            });
        }
    }
    // A transport its troops are boarding waits for them.
    let boarded: Vec<String> = orders
        .iter()
        .filter_map(|o| match o {
            Order::Board { transport, .. } => Some(transport.clone()),
            _ => None,
        })
        .collect();
    orders.retain(|o| !matches!(o, Order::Deploy { unit, .. } if boarded.contains(unit)));
    let mut commanded = Vec::new();
    if v.command {
        let mut units: Vec<usize> = (0..v.units.len())
            .filter(|&i| v.units[i].side == side && v.units[i].in_battle())
            .collect();
        units.sort_by_key(|&i| std::cmp::Reverse(v.units[i].size));
        let mut d = Declaration {
            orders: orders.clone(),
            ..Default::default()
        };
        for i in units {
            d.commanded.push(v.units[i].id.clone());
            let cost = v.plan(side, &d).cost();
            if cost > v.sides[side].commander.command || cost.0 < Code::d(1).0 {
                d.commanded.pop();
                break;
            }
        }
        commanded = d.commanded;
    }
    let leader_bonuses = if v.command {
        leader_pips(v, side, &orders, &commanded)
    } else {
        Vec::new()
    };
    Declaration {
        orders,
        commanded,
        leader_bonuses,
        ..Default::default()
    }
}

/// The transport unit `i` of soldiers boards, `d` metres from its nearest enemy: the nearest
/// of its side's transports on the ground with `room` for it, within its deployment and
/// faster than it, where the enemy is farther than [`DISEMBARK_WITHIN`] and the transport's
/// deployment (a round's ride brings it forward before its troops get out); none otherwise.
fn ride(v: &Battle, i: usize, d: f32, room: &[u32]) -> Option<usize> {
    let u = &v.units[i];
    if u.kind.vehicle || u.status != Status::Fighting {
        return None;
    }
    (0..v.units.len())
        .filter(|&t| {
            let o = &v.units[t];
            t != i
                && o.side == u.side
                && o.on_ground()
                && room[t] >= u.size
                && v.distance(i, t) <= v.reach(i, 0)
                && v.reach(t, 0) > v.reach(i, 0)
                && d > DISEMBARK_WITHIN + v.reach(t, 0)
        })
        .min_by(|&a, &b| v.distance(i, a).total_cmp(&v.distance(i, b)))
}

/// The pips each of `side`'s units' own commanders gives (Subordinate Bonus), as many as his
/// command pays for: to the skill of the weapon the unit fires with most, or, when it does not
/// fire, to its stamina for its morale.
fn leader_pips(
    v: &Battle,
    side: usize,
    orders: &[Order],
    commanded: &[String],
) -> Vec<(String, String)> {
    let d = Declaration {
        commanded: commanded.to_vec(),
        ..Default::default()
    };
    let mut out = Vec::new();
    for (i, u) in v.units.iter().enumerate() {
        if u.side != side || !u.in_battle() {
            continue;
        }
        let stat = match orders.iter().find(|o| o.unit() == u.id) {
            Some(Order::Fire { weapons, .. }) => weapons
                .iter()
                .max_by_key(|(_, n)| *n)
                .and_then(|(w, _)| u.kind.weapons.get(*w))
                .map(|w| w.skill.clone()),
            _ => None,
        }
        .unwrap_or_else(|| "stamina".to_string());
        let (uses, _) = v.leader_command(i, &d).split();
        out.extend(std::iter::repeat_n((u.id.clone(), stat), uses as usize));
    }
    out
}

/// The policy's next command for `side` in view `v`, if that side is to act.
pub fn decide(v: &Battle, side: usize) -> Option<Command> {
    if v.to_act() != Some(side) {
        return None;
    }
    Some(match v.stage {
        Stage::Tactics => Command::Tactics {
            side,
            tactics: Vec::new(),
        },
        Stage::Declare => Command::Declare {
            side,
            declaration: declaration(v, side),
        },
        Stage::Redeclare => Command::Redeclare {
            side,
            declaration: None,
        },
        Stage::React => Command::React {
            side,
            reactions: Vec::new(),
        },
    })
}

/// One step of a side the rules command.
///
/// Errors: `Some(Err(why))` when the rules refuse the policy's command (a bug to report).
pub fn act(world: &mut World) -> Option<Result<String, String>> {
    let side = *rules_to_act::<MassCombat>(world).first()?;
    let b = &world.get_resource::<BattleRes>()?.0;
    let command = decide(&view(b, side), side)?;
    let words = <MassCombat as crate::engine::ruleset::RuleSet>::describe(world, &command);
    Some(match process::<MassCombat>(world, command) {
        CommandOutcome::Accepted(_) => Ok(words),
        CommandOutcome::Refused(_, why) => Err(format!("{words}: refused: {why}")),
    })
}

/// The window's driver: the rules' side takes its steps at a pace a person can follow.
pub(super) fn plugin(app: &mut App) {
    crate::engine::rules_side::drive_plugin::<MassCombat>(app, "The rules' side");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::Dice;

    /// Plays `b` with the policy on both sides from `seed` to its end.
    fn play(mut b: Battle, seed: u64) -> Battle {
        let mut dice = Dice::seeded(seed);
        for step in 0..2000 {
            if b.result.is_some() {
                return b;
            }
            let side = b.to_act().expect("someone acts");
            let c = decide(&view(&b, side), side).expect("a command");
            b.apply(&c, &mut dice)
                .unwrap_or_else(|e| panic!("seed {seed} step {step}: {c:?} refused: {e}"));
        }
        panic!("seed {seed}: no result");
    }

    #[test]
    fn the_policy_plays_the_platoon_fight_to_a_result() {
        for seed in 0..20 {
            let b = play(super::super::battle::tests::platoon(), seed);
            assert!(b.result.is_some());
            assert!(b.round >= 2, "seed {seed}: over in round {}", b.round);
        }
    }

    /// The bundled Snowfield Assault, as bundled: two squads aboard the AT-ATs.
    fn snowfield() -> Battle {
        let (file, src) = super::super::BUNDLED[1];
        Battle::new(&super::super::rules::scenario::parse(src, file).expect("scenario"))
    }

    /// Issue 60: the AT-ATs bring their troops within 300 m of the enemy, where they get out
    /// and fight, in every game (before, the walkers stopped at their guns' short range,
    /// 450 m, and the 80 stormtroopers rode to the end of the battle).
    #[test]
    fn the_transports_troops_get_out_and_fight() {
        for seed in 0..20 {
            let b = play(snowfield(), seed);
            for troops in ["troops1", "troops2"] {
                let u = &b.units[b.unit(troops).unwrap()];
                assert!(
                    !matches!(u.status, Status::Aboard(_)),
                    "seed {seed}: {} still aboard at the end",
                    u.name
                );
                let out = format!("{} disembark", u.name);
                assert!(
                    b.events.iter().any(|(_, l)| l.contains(&out)),
                    "seed {seed}: no line '{out}'"
                );
            }
        }
    }

    /// Issue 60: soldiers far from the enemy board a faster transport of their side within
    /// their deployment, as far as its room goes, and it waits for them; near the enemy they
    /// stay on the ground.
    #[test]
    fn soldiers_far_from_the_enemy_board_a_faster_transport() {
        let mut b = snowfield();
        for troops in ["troops1", "troops2"] {
            let i = b.unit(troops).unwrap();
            b.units[i].status = Status::Fighting;
        }
        let mut dice = Dice::forced([]);
        super::super::battle::tests::no_tactics(&mut b, &mut dice);
        let d = declaration(&view(&b, 0), 0);
        let boards: Vec<&Order> = d
            .orders
            .iter()
            .filter(|o| matches!(o, Order::Board { transport, .. } if transport == "walkers"))
            .collect();
        assert_eq!(boards.len(), 2, "{:?}", d.orders);
        assert!(
            !d.orders
                .iter()
                .any(|o| o.unit() == "walkers" && matches!(o, Order::Deploy { .. })),
            "the walkers wait: {:?}",
            d.orders
        );
        assert_eq!(b.check_declaration(0, &d), Ok(()));
        // Room for one squad only: the other walks.
        let w = b.unit("walkers").unwrap();
        b.units[w].kind.carries = 10;
        let d = declaration(&view(&b, 0), 0);
        let n = d
            .orders
            .iter()
            .filter(|o| matches!(o, Order::Board { .. }))
            .count();
        assert_eq!(n, 1, "{:?}", d.orders);
        // The enemy close: nobody boards.
        b.units[w].kind.carries = 40;
        b.units[w].at = (2000.0, 750.0);
        for troops in ["troops1", "troops2"] {
            let i = b.unit(troops).unwrap();
            b.units[i].at = (2000.0, 750.0);
        }
        let d = declaration(&view(&b, 0), 0);
        assert!(
            !d.orders.iter().any(|o| matches!(o, Order::Board { .. })),
            "{:?}",
            d.orders
        );
    }

    /// Issue 60: declarations are made in the open, so the second commander sees the
    /// first's orders as declared ("leaving the character with the highest command skill the
    /// advantage of declaring last").
    #[test]
    fn the_second_commander_sees_the_first_commanders_orders() {
        let mut b = super::super::battle::tests::platoon();
        let mut dice = Dice::forced([]);
        super::super::battle::tests::no_tactics(&mut b, &mut dice);
        let d = declaration(&view(&b, 0), 0);
        assert!(!d.orders.is_empty());
        b.apply(
            &Command::Declare {
                side: 0,
                declaration: d.clone(),
            },
            &mut dice,
        )
        .unwrap();
        assert_eq!(view(&b, 1).declared[0], Some(d));
    }
}
