//! Portal retreat: tyneside-skirmish.txt, Eliminating Portals. "If approached, when a figure
//! moves within 8" of any portal in cover, and visible, (or one that is in the open, after the
//! 'Enemy Force Generation' phase), a portal counter will move to the next corner/cover**
//! within 12". (** is cover which could conceivably hold figures (Building, etc) or a point in
//! terrain facing any of the player's figures - with 'dead ground' behind.)" With nowhere to
//! go it is eliminated (Example 2). Rulings in docs/rules/tyneside.md.

use bevy::prelude::*;

use crate::engine::record::GameLog;
use crate::rules::los::Sight;
use crate::rules::terrain::TerrainProperty;
use crate::rulesets::tyneside::components::{Condition, EnemyPool, Figure, Portal, Position};
use crate::rulesets::tyneside::table::TableRes;
use crate::rulesets::tyneside::turn::TurnState;

/// A portal in cover retreats from a player's figure that sees it this close, inches.
pub const APPROACH: f32 = 8.0;
/// How far a portal may retreat, inches.
pub const RETREAT: f32 = 12.0;
/// Spots behind a piece of cover stand this far out from its outline, inches.
const SPOT_OFFSET: f32 = 1.0;

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
    let sees = |from: (Vec2, f32), at: Vec2| {
        table.los.sight(&table.terrain, from.0, from.1, at, 0.5) == Sight::Clear
    };
    let mut moves: Vec<(Entity, Option<Vec2>, String)> = Vec::new();
    let mut taken: Vec<Vec2> = portals.iter().map(|(_, p)| p.at).collect();
    for (k, (e, p)) in portals.iter().enumerate() {
        let approached = !p.open
            && players
                .iter()
                .any(|&f| f.0.distance(p.at) - f.1 <= APPROACH + 1e-3 && sees(f, p.at));
        let spotted_open = open_too && p.open && players.iter().any(|&f| sees(f, p.at));
        if !approached && !spotted_open {
            continue;
        }
        // Dead ground: spots just outside pieces that block sight, within 12", that no
        // player's figure sees, not within 8" of one, on the table, not on another counter.
        let mut spots: Vec<Vec2> = Vec::new();
        for t in table
            .terrain
            .iter()
            .filter(|t| t.has(TerrainProperty::BlocksLineOfSight))
        {
            let c = t.shape.centre();
            let outline: Vec<Vec2> = match &t.shape {
                crate::rules::geometry::Shape::Circle { centre, radius } => (0..12)
                    .map(|i| {
                        Vec2::new(centre.0, centre.1)
                            + Vec2::from_angle(i as f32 * std::f32::consts::TAU / 12.0) * *radius
                    })
                    .collect(),
                _ => {
                    // Corners and the middle of each side.
                    let corners = t.shape.corners();
                    let n = corners.len();
                    (0..n)
                        .flat_map(|i| [corners[i], (corners[i] + corners[(i + 1) % n]) / 2.0])
                        .collect()
                }
            };
            spots.extend(
                outline
                    .into_iter()
                    .map(|corner| corner + (corner - c).normalize_or_zero() * SPOT_OFFSET),
            );
        }
        let others: Vec<Vec2> = taken
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != k)
            .map(|(_, a)| *a)
            .collect();
        let dest = spots
            .into_iter()
            .filter(|s| {
                s.distance(p.at) <= RETREAT + 1e-3
                    && s.distance(p.at) > 1e-3
                    && s.x >= 0.5
                    && s.y >= 0.5
                    && s.x <= table.size.x - 0.5
                    && s.y <= table.size.y - 0.5
                    && table.terrain.iter().all(|t| {
                        !(t.has(TerrainProperty::Impassable)
                            || t.has(TerrainProperty::BlocksLineOfSight))
                            || !t.shape.contains(*s)
                    })
                    && others.iter().all(|o| o.distance(*s) >= 1.0)
                    && players
                        .iter()
                        .all(|&f| f.0.distance(*s) - f.1 > APPROACH && !sees(f, *s))
            })
            .min_by(|a, b| {
                a.distance(p.at)
                    .total_cmp(&b.distance(p.at))
                    .then(a.x.total_cmp(&b.x))
                    .then(a.y.total_cmp(&b.y))
            });
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
