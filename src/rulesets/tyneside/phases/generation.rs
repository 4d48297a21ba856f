//! Enemy Force Generation, step 2 of the turn (tyneside-skirmish.txt, Play sequence: "2) Dice
//! for Enemy Force Generation"): when a player's figures see portal counters, a D6 on the
//! Enemy Force Generation table decides what appears at one of them; new forces come on at
//! the counter on Advance orders, drawn from the scenario's figure pool, casualties recycled.

use bevy::prelude::*;

use crate::engine::dice::DiceRes;
use crate::engine::record::GameLog;
use crate::rules::dice::{DIE_SIZES, DiceExpr};
use crate::rulesets::tyneside::components::{
    Condition, EnemyPool, Figure, Group, InGame, Portal, Position, Status,
};
use crate::rulesets::tyneside::rules::force_generation::{
    Generated, arrival_spots, deployable, fallbacks, figures, modifiers, result,
};
use crate::rulesets::tyneside::rules::orders::Order;
use crate::rulesets::tyneside::rules::portals::Ground;
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::rules::scenario::FigureDef;
use crate::rulesets::tyneside::table::{TableRes, spawn_figure};
use crate::rulesets::tyneside::turn::TurnState;

/// One fighting figure, as generation needs it.
struct Seen {
    side: usize,
    pos: Vec2,
    base: f32,
    officer: bool,
}

/// The generation step (see the module). Runs on entering Movement, before the queue is
/// built, so new groups move this turn. A die that cannot be thrown (forced dice run out) is
/// logged and ends the step.
pub(super) fn generate(world: &mut World) {
    let Some(mut pool) = world.get_resource::<EnemyPool>().cloned() else {
        return;
    };
    pool.arrived.clear();
    let turn = world.resource::<TurnState>().turn;
    // "casualties are recycled"
    let mut q = world.query::<(&Figure, &Condition)>();
    let fallen: Vec<(usize, String)> = q
        .iter(world)
        .filter(|(f, c)| {
            f.side == pool.side
                && matches!(c.status, Status::Killed | Status::Captured)
                && !pool.recycled.contains(&f.index)
        })
        .map(|(f, _)| (f.index, f.profile.name.clone()))
        .collect();
    for (index, profile) in fallen {
        pool.recycled.insert(index);
        *pool.pool.entry(profile).or_insert(0) += 1;
    }
    let mut q = world.query::<(&Figure, &Position, &Condition)>();
    let figs: Vec<Seen> = q
        .iter(world)
        .filter(|(_, _, c)| c.active())
        .map(|(f, p, _)| Seen {
            side: f.side,
            pos: p.0,
            base: f.base,
            officer: f.has(Ability::Officer),
        })
        .collect();
    let mut q = world.query::<(Entity, &Portal)>();
    let mut counters: Vec<(Entity, Portal)> = q.iter(world).map(|(e, p)| (e, p.clone())).collect();
    counters.sort_by_key(|(_, p)| p.index);
    let (entities, portals): (Vec<Entity>, Vec<Portal>) = counters.into_iter().unzip();
    let table = world.resource::<TableRes>();
    let ground = Ground {
        size: table.size,
        terrain: &table.terrain,
        los: &table.los,
    };
    // Which counters each of the players' figures sees.
    let per_observer: Vec<Vec<usize>> = figs
        .iter()
        .filter(|f| f.side != pool.side)
        .map(|f| {
            (0..portals.len())
                .filter(|&k| ground.sees((f.pos, f.base), portals[k].at))
                .collect()
        })
        .collect();
    let mut in_sight: Vec<usize> = per_observer.iter().flatten().copied().collect();
    in_sight.sort_unstable();
    in_sight.dedup();
    if in_sight.is_empty() {
        world.insert_resource(pool);
        return;
    }
    // "No contact today with the enemy": until the players' side has seen a figure of the
    // generating side or fought it (one of its figures fallen or taken, or its fire on a
    // player's group); once met, always met (ruling `Contact`).
    let seen = figs.iter().filter(|p| p.side != pool.side).any(|p| {
        figs.iter()
            .filter(|e| e.side == pool.side)
            .any(|e| ground.sees((p.pos, p.base), e.pos))
    });
    let mut q = world.query::<(&Figure, &Condition)>();
    let fallen = q
        .iter(world)
        .any(|(f, c)| f.side == pool.side && c.status != Status::Active);
    let mut q = world.query::<&Group>();
    let fired_on = q
        .iter(world)
        .any(|g| g.side != pool.side && (g.fire_last_turn > 0 || g.fire_this_turn > 0));
    pool.contact |= seen || fallen || fired_on;
    let contact = pool.contact;
    let officer = figs.iter().any(|f| f.side == pool.side && f.officer);
    let most = per_observer.iter().map(Vec::len).max().unwrap_or(1);
    let mods = modifiers(contact, officer, most);
    let names: Vec<&str> = in_sight.iter().map(|&k| portals[k].id.as_str()).collect();
    let why = format!(
        "Enemy force generation: portal counter{} {} in sight",
        if names.len() > 1 { "s" } else { "" },
        names.join(", ")
    );
    let mut log = Vec::new();
    let thrown = {
        let mut dice = world.resource_mut::<DiceRes>();
        throw(
            &mut dice, &mut pool, &portals, &in_sight, &mods, why, &mut log,
        )
    };
    let spawns = thrown.unwrap_or_else(|e| {
        log.push(format!("Enemy force generation could not be thrown: {e}"));
        Vec::new()
    });
    for (k, need) in spawns {
        pool.generated += 1;
        let group = format!("{}-{}", portals[k].id, pool.generated);
        bring_on(world, &pool, &group, portals[k].at, &need);
        pool.arrived.push(group);
        if portals[k].once {
            // "it can only produce figures once (They were hiding behind the rock!) -- then
            // the portal is removed from play"
            world.despawn(entities[k]);
            log.push(format!(
                "  {}: they were hiding behind the rock! The counter is removed from play",
                portals[k].id
            ));
        }
    }
    let mut game_log = world.resource_mut::<GameLog>();
    for line in log {
        game_log.push(turn, line);
    }
    world.insert_resource(pool);
    // "(or one that is in the open, after the 'Enemy Force Generation' phase)"
    super::portals::retreat(world, true);
}

/// A force to bring on: (counter index, figures by profile).
type Arrival = (usize, Vec<(String, u32)>);

/// The throws of one generation step: the D6 and its modifiers, which counter, a redice on
/// 14+, the 2D4 escort, and the first option the pool can field. Returns the forces to bring
/// on, as (counter, figures by profile); the pool is drawn down.
///
/// Errors: a die that cannot be thrown (forced dice run out), in words.
fn throw(
    dice: &mut crate::rules::dice::Dice,
    pool: &mut EnemyPool,
    portals: &[Portal],
    in_sight: &[usize],
    mods: &[(&'static str, i32)],
    why: String,
    log: &mut Vec<String>,
) -> Result<Vec<Arrival>, String> {
    let bonus: i32 = mods.iter().map(|(_, v)| v).sum();
    let natural = dice.roll(DiceExpr::d(6), why).map_err(|e| e.to_string())?;
    let total = natural + bonus;
    dice.note_outcome(format!("total {total}"));
    // "randomise which counter in LOS the Imperials appear at"
    let portal = in_sight[pick(dice, in_sight.len())?];
    if in_sight.len() > 1 {
        dice.note_outcome(format!("at {}", portals[portal].id));
    }
    let first = result(natural, total, portals[portal].open, false);
    let mods_text: Vec<String> = mods.iter().map(|(n, v)| format!("{n} {v:+}")).collect();
    log.push(format!(
        "Enemy force generation: D6 {natural}{} = {total} at {}",
        if mods_text.is_empty() {
            String::new()
        } else {
            format!(" ({})", mods_text.join(", "))
        },
        portals[portal].id
    ));
    let mut plans: Vec<(usize, Generated)> = Vec::new();
    if first == Generated::Redice {
        // "14+: Redice for all counters in LOS. Ignore results over 10!"
        for &k in in_sight {
            let n = dice
                .roll(
                    DiceExpr::d(6),
                    format!("Enemy force generation: redice at {}", portals[k].id),
                )
                .map_err(|e| e.to_string())?;
            plans.push((k, result(n, n + bonus, portals[k].open, true)));
        }
    } else {
        plans.push((portal, first));
    }
    let mut spawns = Vec::new();
    for (k, g) in plans {
        let escort = if matches!(g, Generated::Leader { .. } | Generated::Walker) {
            dice.roll(
                DiceExpr::nd(2, 4),
                format!("Enemy force generation: 2D4 {}", pool.profiles.trooper),
            )
            .map_err(|e| e.to_string())? as u32
        } else {
            0
        };
        let chosen = fallbacks(g, portals[k].open)
            .into_iter()
            .find_map(|option| {
                let need = figures(option, escort, &pool.profiles);
                deployable(&pool.pool, &need).then_some((option, need))
            });
        match chosen {
            None if g == Generated::Nothing => {
                log.push(format!("  {}: nothing appears", portals[k].id))
            }
            None => log.push(format!(
                "  {}: {g} — not enough figures left, nothing appears",
                portals[k].id
            )),
            Some((option, need)) => {
                for (profile, n) in &need {
                    if let Some(left) = pool.pool.get_mut(profile) {
                        *left -= n;
                    }
                }
                log.push(format!(
                    "  {}: {option} come on, on Advance orders",
                    portals[k].id
                ));
                spawns.push((k, need));
            }
        }
    }
    Ok(spawns)
}

/// Brings a new group `group` of the pool's side on at `at`: its figures on free spots in
/// rings around the counter (never on a base, in impassable terrain or off the table), on
/// Advance orders ("Figures appearing at Portals are on **Advance** orders").
fn bring_on(world: &mut World, pool: &EnemyPool, group: &str, at: Vec2, need: &[(String, u32)]) {
    let mut q = world.query::<(&Figure, &Position, &Condition)>();
    let bases: Vec<(Vec2, f32)> = q
        .iter(world)
        .filter(|(_, _, c)| c.active())
        .map(|(f, p, _)| (p.0, f.base))
        .collect();
    let mut index = q
        .iter(world)
        .map(|(f, ..)| f.index)
        .max()
        .map_or(0, |m| m + 1);
    let mut gq = world.query::<&Group>();
    let gindex = gq.iter(world).map(|g| g.index).max().map_or(0, |m| m + 1);
    let (size, terrain) = {
        let t = world.resource::<TableRes>();
        (t.size, t.terrain.clone())
    };
    let total: u32 = need.iter().map(|(_, n)| n).sum();
    world.spawn((
        InGame,
        Group::new(
            (group.to_string(), format!("Reinforcements ({group})")),
            pool.side,
            Some(Order::Advance),
            total as usize,
            gindex,
        ),
    ));
    let Ok(roster) = crate::rulesets::tyneside::roster() else {
        return;
    };
    let base = |profile: &str| roster.profile(profile).map_or(0.5, |p| p.base);
    let radii: Vec<f32> = need
        .iter()
        .flat_map(|(profile, n)| std::iter::repeat_n(base(profile), *n as usize))
        .collect();
    let mut spot = arrival_spots(at, &radii, &bases, size, &terrain).into_iter();
    let mut k = 0;
    for (profile, n) in need {
        for _ in 0..*n {
            let Some(p) = spot.next() else {
                return;
            };
            k += 1;
            let def = FigureDef {
                id: format!("{group}-{k}"),
                // `Stormtrooper 3.2`: the second figure of the third arrival, told apart from
                // every other reinforcement of its kind in the log and on the table.
                name: Some(format!("{profile} {}.{k}", pool.generated)),
                profile: profile.clone(),
                at: (p.x, p.y),
                facing: 0.0,
                armour: None,
                weapon: None,
                abilities: Vec::new(),
                hero: false,
                hidden: false,
                force_points: None,
                helmet: false,
                base: base(profile),
            };
            if spawn_figure(world, roster, &def, pool.side, group, index, false) {
                index += 1;
            }
        }
    }
}

/// Which of `n` counters (0-based): a die of at least `n` faces, thrown again until it shows
/// one of them; no die for a single counter.
fn pick(dice: &mut crate::rules::dice::Dice, n: usize) -> Result<usize, String> {
    if n <= 1 {
        return Ok(0);
    }
    let sides = DIE_SIZES
        .iter()
        .copied()
        .find(|&s| s as usize >= n)
        .unwrap_or(20);
    for _ in 0..32 {
        let r = dice
            .roll(
                DiceExpr::d(sides),
                format!("Enemy force generation: which of {n} counters"),
            )
            .map_err(|e| e.to_string())? as usize;
        if r <= n {
            return Ok(r - 1);
        }
    }
    Ok(0)
}
