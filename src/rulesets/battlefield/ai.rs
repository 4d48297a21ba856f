//! A side the app plays in the battlefield rules. imperial-alliance-battlefield.txt has no
//! solo rules, so this is not the text's: it is a plain policy, written down in
//! docs/rules/battlefield.md ("A side the app plays"), for solo games, demos and the balance
//! report. Each step, for the side whose impulse it is, in scenario order of its units not
//! yet activated (leaders stay with their troops): fire at a visible enemy in range and sight;
//! else move to the reachable hex nearest the nearest visible enemy (none in sight: the middle
//! of the map), if that is nearer; else end the impulse. Every command goes through the pipeline, so the rules refuse whatever
//! they forbid, as for a person; the policy sees no hidden unit.

use bevy::prelude::*;

use super::Battlefield;
use super::battle::Battle;
use super::commands::Command;
use super::phases::BattleRes;
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
    for &j in &enemies {
        let t = b.units[j].at;
        if u.at.unsigned_distance_to(t) <= u.profile.range && b.sight(i, t).clear {
            out.push(Command::Fire {
                unit: u.id.clone(),
                target: col_row(t),
                leader: false,
                force: 0,
                weapon_target: None,
            });
        }
    }
    // With no enemy in sight (all hidden), it heads for the middle of the map to find them.
    let near = enemies
        .first()
        .map(|&j| b.units[j].at)
        .unwrap_or_else(|| hex_at(b.map.size.0 / 2, b.map.size.1 / 2));
    let counts = u.profile.kind.counts_in_stacking();
    let pos = b.positions();
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
    for i in candidates(b) {
        let options = unit_choices(&world.resource::<BattleRes>().0, i);
        for c in options {
            let what = match &c {
                Command::Fire { unit, target, .. } => format!("{unit} fires at {target:?}"),
                Command::Move { unit, path } => {
                    format!(
                        "{unit} moves to {:?}",
                        path.last().copied().unwrap_or_default()
                    )
                }
                _ => String::new(),
            };
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
    crate::engine::rules_side::drive_plugin::<Battlefield>(app, "The app's side");
}
