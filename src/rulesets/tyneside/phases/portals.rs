//! Portal retreat: tyneside-skirmish.txt, Eliminating Portals. "If approached, when a figure
//! moves within 8″ of any portal in cover, and visible, (or one that is in the open, after the
//! 'Enemy Force Generation' phase), a portal counter will move to the next corner/cover**
//! within 12″. (** is cover which could conceivably hold figures (Building, etc) or a point in
//! terrain facing any of the player's figures - with 'dead ground' behind. …)" With nowhere to
//! go it is eliminated (Example 2). The geometry is in `rules/portals.rs`; rulings in
//! docs/rules/tyneside.md.

use bevy::prelude::*;

use crate::engine::record::GameLog;
use crate::rulesets::tyneside::components::{Condition, EnemyPool, Figure, Portal, Position};
use crate::rulesets::tyneside::rules::portals::Ground;
use crate::rulesets::tyneside::table::TableRes;
use crate::rulesets::tyneside::turn::TurnState;

/// Which portals retreat after a command (`open_too`: also every counter in the open that a
/// player's figure sees, at the end of Enemy Force Generation), where to, or their
/// elimination. Does nothing in a scenario with no portals.
pub fn retreat(world: &mut World, open_too: bool) {
    let Some(pool) = world.get_resource::<EnemyPool>() else {
        return;
    };
    let side = pool.side;
    let turn = world.resource::<TurnState>().turn;
    let mut q = world.query::<(&Figure, &Position, &Condition)>();
    let players: Vec<(Vec2, f32)> = q
        .iter(world)
        .filter(|(f, _, c)| f.side != side && c.active())
        .map(|(f, p, _)| (p.0, f.base))
        .collect();
    let mut pq = world.query::<(Entity, &Portal)>();
    let mut portals: Vec<(Entity, Portal)> = pq.iter(world).map(|(e, p)| (e, p.clone())).collect();
    portals.sort_by_key(|(_, p)| p.index);
    let table = world.resource::<TableRes>();
    let ground = Ground {
        size: table.size,
        terrain: &table.terrain,
        los: &table.los,
    };
    let mut moves: Vec<(Entity, Option<Vec2>, String)> = Vec::new();
    let mut taken: Vec<Vec2> = portals.iter().map(|(_, p)| p.at).collect();
    for (k, (e, p)) in portals.iter().enumerate() {
        let approached = !p.open && ground.approached(p.at, &players);
        let spotted_open = open_too && p.open && players.iter().any(|&f| ground.sees(f, p.at));
        if !approached && !spotted_open {
            continue;
        }
        let others: Vec<Vec2> = taken
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != k)
            .map(|(_, a)| *a)
            .collect();
        let dest = ground.retreat_spot(p.at, &others, &players);
        let why = if approached {
            "a player's figure came within 8\" and sees it"
        } else {
            "it stands in the open and has been seen"
        };
        if let Some(d) = dest {
            taken[k] = d;
        }
        moves.push((*e, dest, format!("{} ({why})", p.id)));
    }
    let mut log = Vec::new();
    for (e, dest, what) in moves {
        match dest {
            Some(d) => {
                if let Some(mut p) = world.get_mut::<Portal>(e) {
                    p.at = d;
                    p.open = false;
                }
                log.push(format!(
                    "Portal {what} moves to the next cover, ({:.1}, {:.1})",
                    d.x, d.y
                ));
            }
            None => {
                world.despawn(e);
                log.push(format!(
                    "Portal {what} has no cover within 12\" to go to and is eliminated"
                ));
            }
        }
    }
    let mut game_log = world.resource_mut::<GameLog>();
    for line in log {
        game_log.push(turn, line);
    }
}
