//! The Shoot/Act phase: fire fights, hero shots, delaying and ending an activation.
//! tyneside-skirmish.txt, Play sequence (5), Shooting rules, Hero shooting.

use bevy::prelude::*;

use super::Effects;
use super::damage::apply_fire_result;
use super::fire_plan::{HeroShotOdds, hero_shot_odds, plan_fire_fight};
use super::sequence::next_activation;
use crate::rules::dice::DiceExpr;
use crate::rulesets::tyneside::board::Game;
use crate::rulesets::tyneside::rules::fire::{
    FireResult, GRENADE_BLAST, GRENADE_RANGE, fire_result, grenade_kills, resolve_fire_fight,
};
use crate::rulesets::tyneside::rules::vehicles::{ENGAGE_RADIUS, Vehicle};
use crate::rulesets::tyneside::turn::TurnPhase;

/// The group ids of a fire fight in stable (scenario) order: the shooting groups, their
/// targets, and every enemy group with a figure within 3" of what a shooting walker's chin
/// guns aim at (Vehicle rules: "engaging any figures in a 3″ radius").
fn involved(game: &Game, groups: &[String], targets: &[String]) -> Vec<String> {
    let mut engaged: Vec<String> = Vec::new();
    let walkers = game
        .figures
        .iter()
        .any(|(_, f, m, ..)| f.profile.vehicle == Some(Vehicle::Walker) && groups.contains(&m.0));
    if walkers {
        let board = game.board();
        for w in groups.iter().flat_map(|g| board.members(g)) {
            if !board.armoured_vehicle(w) {
                continue;
            }
            let Some(t) = board.walker_aim(w) else {
                continue;
            };
            for m in board.foes_of(w) {
                if m == t || board.gap(t, m) <= ENGAGE_RADIUS + 1e-3 {
                    engaged.push(board.figs[m].group.to_string());
                }
            }
        }
    }
    let mut all: Vec<String> = groups
        .iter()
        .chain(targets)
        .cloned()
        .chain(engaged)
        .collect();
    all.sort_by_key(|g| game.group(g).map(|g| g.index).unwrap_or(usize::MAX));
    all.dedup();
    all
}

pub(super) fn shoot(
    game: &mut Game,
    out: &mut Effects,
    next: &mut NextState<TurnPhase>,
    groups: &[String],
    targets: &[String],
) -> Result<(), String> {
    let turn = game.turn.turn;
    let active = game
        .turn
        .active_group()
        .ok_or("no group is active")?
        .to_string();
    if groups.first() != Some(&active) {
        let name = game.group(&active).map_or(active.clone(), |g| g.name);
        return Err(format!(
            "it is the activation of {name}: it must lead the fire fight (Play sequence: highest initiative first)"
        ));
    }
    let side = game.group(&active).ok_or("no active group")?.side;
    for g in groups {
        let grp = game.group(g).ok_or(format!("no group '{g}'"))?;
        if grp.side != side || !game.turn.queue.contains(g) {
            return Err(format!(
                "'{g}' cannot join the fire: only groups of the same side that have not yet acted this turn may combine their fire"
            ));
        }
    }
    if targets.is_empty() {
        return Err("name at least one enemy group to shoot at".into());
    }
    for t in targets {
        let grp = game.group(t).ok_or(format!("no group '{t}'"))?;
        if grp.side == side {
            return Err(format!("'{t}' is not an enemy group"));
        }
    }
    let units = involved(game, groups, targets);
    let board = game.board();
    if targets.iter().all(|t| {
        board
            .members(t)
            .into_iter()
            .all(|m| board.armoured_vehicle(m))
    }) {
        return Err("Engaging vehicles: \"Only Heavy lasers and bigger weapons can hurt armoured vehicles\" — fire a heavy weapon at it, throw a magnetic explosive, or cut it with a light sabre".into());
    }
    let spared = board.members(&active).into_iter().all(|m| {
        board.figs[m].cond.tricked_from.as_ref().is_some_and(|t| {
            !t.kill
                && targets
                    .iter()
                    .all(|g| game.group(g).is_some_and(|g| g.side == t.side))
        })
    });
    if spared {
        return Err(format!(
            "Jedi powers: only the Dark Side may \"guide others to kill their friends\" — '{active}' is under a Mind trick by a user who is not"
        ));
    }
    // The active group must lead the fire (below): a figure of it free to shoot, with
    // firepower, that sees a target. Where none is, the refusal is known without planning
    // the whole fire fight (the rules' side tries its targets in turn).
    let group_name = game
        .group(&active)
        .map_or_else(|| active.clone(), |g| g.name.clone());
    let target_figs: Vec<usize> = targets.iter().flat_map(|t| board.members(t)).collect();
    let may_lead = board.members(&active).into_iter().any(|m| {
        let f = &board.figs[m];
        f.figure.profile.firepower.is_some()
            && !f.act.fired
            && !f.act.hero_shot
            && board.can_shoot(m)
            && !board.in_close_combat(m)
            && target_figs.iter().any(|&t| board.sees(m, t))
    });
    if !may_lead {
        return Err(cannot_shoot(&board, &active, &group_name));
    }
    let plan = plan_fire_fight(&board, &units);
    let leads = plan.combatants.iter().enumerate().any(|(c, comb)| {
        comb.unit
            == units
                .iter()
                .position(|u| *u == active)
                .unwrap_or(usize::MAX)
            && comb.firepower > 0.0
            && plan.odds.iter().any(|o| {
                targets.contains(&plan.units[o.unit])
                    && o.targets
                        .iter()
                        .any(|&t| board.sees(plan.figs[c], plan.figs[t]))
            })
    });
    if !leads {
        return Err(cannot_shoot(&board, &active, &group_name));
    }
    let mut hits = resolve_fire_fight(&plan.combatants, &plan.odds, &plan.names, &mut out.dice)
        .map_err(|e| e.to_string())?;
    let shown = hits.clone();
    let by_rules: Vec<bool> = (0..game.table.scenario.sides.len())
        .map(|s| game.by_rules(s))
        .collect();
    let reactions = super::reactions::in_fire_fight(&board, &plan, &hits, side, &by_rules);
    let told = super::reactions::tell(&board, &plan, &hits, &reactions);
    super::reactions::stop_hits(&reactions, &mut hits);
    for o in &plan.odds {
        out.log.push(
            turn,
            format!(
                "{}: {:.1} against {:.1} — {}{}",
                super::sequence::group_names(game, std::slice::from_ref(&plan.units[o.unit])),
                o.own,
                o.enemy,
                o.row,
                if o.extra > 0 {
                    format!(", +{} extra figures", o.extra)
                } else {
                    String::new()
                }
            ),
        );
    }
    // (entity, hero, the result that stands, the result the die gave, name, die).
    let updates: Vec<(Entity, bool, FireResult, FireResult, String, u8)> = hits
        .iter()
        .zip(&shown)
        .map(|(h, seen)| {
            let f = &board.figs[plan.figs[h.figure]];
            (
                f.entity,
                f.figure.spared,
                h.result,
                seen.result,
                f.figure.name.clone(),
                h.die,
            )
        })
        .collect();
    let shooters: Vec<Entity> = plan
        .figs
        .iter()
        .zip(&plan.combatants)
        .filter(|(_, c)| c.firepower > 0.0)
        .map(|(&i, _)| board.figs[i].entity)
        .collect();
    // Each group's count of enemy figures that fired at it (Random movement: "Under fire
    // from greater numbers").
    let fired_at: Vec<(String, u32)> = plan
        .units
        .iter()
        .enumerate()
        .map(|(u, id)| {
            let shots = (0..plan.figs.len())
                .filter(|&a| {
                    let c = &plan.combatants[a];
                    c.firepower > 0.0
                        && c.unit != u
                        && c.side
                            != plan
                                .combatants
                                .iter()
                                .find(|o| o.unit == u)
                                .map_or(c.side, |o| o.side)
                        && (0..plan.figs.len()).any(|m| {
                            plan.combatants[m].unit == u && board.sees(plan.figs[a], plan.figs[m])
                        })
                })
                .count() as u32;
            (id.clone(), shots)
        })
        .collect();
    drop(board);
    for (_, mut g) in &mut game.groups {
        if let Some((_, n)) = fired_at.iter().find(|(id, _)| *id == g.id) {
            g.fire_this_turn += n;
        }
    }
    for e in shooters {
        if let Ok(mut f) = game.figures.get_mut(e) {
            f.4.hidden = false;
            f.5.fired = true;
        }
    }
    for (e, hero, result, seen, name, die) in updates {
        if let Ok(mut f) = game.figures.get_mut(e) {
            let what = apply_fire_result(&mut f.4, hero, result, turn);
            out.log.push(
                turn,
                if result == seen {
                    format!(
                        "  {name}: D8 {die} -> {}",
                        super::damage::told(result, what)
                    )
                } else {
                    format!("  {name}: D8 {die} -> {seen}, stopped by the Force")
                },
            );
        }
    }
    super::reactions::finish(game, out, told)?;
    game.turn
        .queue
        .retain(|g| g == &active || !groups.contains(g));
    next_activation(game, next, TurnPhase::Action);
    Ok(())
}

pub(super) fn hero_shot(
    game: &mut Game,
    out: &mut Effects,
    hero: &str,
    target: &str,
) -> Result<(), String> {
    let turn = game.turn.turn;
    let board = game.board();
    let h = board.fighting(hero)?;
    let t = board.fighting(target)?;
    let (hf, tf) = (&board.figs[h], &board.figs[t]);
    if !hf.figure.hero {
        return Err(format!(
            "{} is not a hero (Hero shooting is for hero figures)",
            hf.figure.name
        ));
    }
    if game.turn.active_group() != Some(hf.group) {
        return Err(format!(
            "Hero shooting: {} may shoot only in his own group's activation",
            hf.figure.name
        ));
    }
    if hf.act.hero_shot || hf.act.fired {
        return Err(format!(
            "Hero shooting: \"They can only do this if they have not fired this turn\" — {} has",
            hf.figure.name
        ));
    }
    if !board.can_shoot(h) {
        return Err(format!(
            "{} cannot shoot now (no firepower, pinned by last turn's duck back, or knocked out)",
            hf.figure.name
        ));
    }
    if board.in_close_combat(h) {
        return Err(format!("{} is in close combat", hf.figure.name));
    }
    if tf.figure.side == hf.figure.side {
        return Err(format!("{} is on the same side", tf.figure.name));
    }
    if board.ignores(h, t) {
        return Err(format!(
            "Droids: {} is \"never targeted by Imperials\"",
            tf.figure.name
        ));
    }
    if board.armoured_vehicle(t) {
        return Err(format!(
            "Engaging vehicles: \"Only Heavy lasers and bigger weapons can hurt armoured vehicles\" — {} is one",
            tf.figure.name
        ));
    }
    if !board.sees(h, t) {
        return Err(format!(
            "Visibility: {} cannot see {}",
            hf.figure.name, tf.figure.name
        ));
    }
    let band = board.band(h, t).ok_or(format!(
        "{} is out of range of {}'s weapon",
        tf.figure.name, hf.figure.name
    ))?;
    if tf.cond.ducked_back(turn) && board.in_cover(t, hf.pos) {
        return Err(format!(
            "Duck Back: {} \"may not be targeted if behind cover\"",
            tf.figure.name
        ));
    }
    let HeroShotOdds {
        hero_fp,
        target_value,
        row,
        cover,
    } = hero_shot_odds(&board, h, t, band);
    let (he, te, hero_name, tname, thero, armoured, tgroup) = (
        hf.entity,
        tf.entity,
        hf.figure.name.clone(),
        tf.figure.name.clone(),
        tf.figure.spared,
        tf.figure.armoured,
        tf.group.to_string(),
    );
    let guard = super::reactions::guard_hero_shot(&board, h, t, (band, hero_fp), hf.figure.side);
    drop(board);
    let die = out
        .dice
        .roll(
            DiceExpr::d(8),
            format!(
                "hero shot: {hero_name} ({hero_fp:.1}) at {tname} ({target_value:.1}), {row}{}",
                if cover { ", cover −1" } else { "" }
            ),
        )
        .map_err(|e| e.to_string())? as u8;
    for (_, mut g) in &mut game.groups {
        if g.id == tgroup {
            g.fire_this_turn += 1;
        }
    }
    let mut result = fire_result(row, die, cover, 0, armoured);
    out.dice.note_outcome(result.to_string());
    let seen = result;
    let told = super::reactions::stop_hero_shot(guard, &mut result);
    if let Ok(mut f) = game.figures.get_mut(he) {
        f.5.hero_shot = true;
        f.4.hidden = false;
    }
    if let Ok(mut f) = game.figures.get_mut(te) {
        let what = apply_fire_result(&mut f.4, thero, result, turn);
        out.log.push(
            turn,
            if told.is_some() {
                format!("{hero_name} shoots {tname}: {target_value:.1} against {hero_fp:.1}, {row}; D8 {die} -> {seen}, stopped by the Force")
            } else {
                format!("{hero_name} shoots {tname}: {target_value:.1} against {hero_fp:.1}, {row}; D8 {die} -> {}", super::damage::told(result, what))
            },
        );
    }
    super::reactions::finish(game, out, told.into_iter().collect())
}

/// A grenade: tyneside-skirmish.txt, Engaging vehicles, "explosives … may be thrown as
/// grenades. Throwing a grenade takes a full activation. Range is 6-12″ and must be to a
/// figure, that figure and any within 3″ are killed on a 4+(D6) or Duck back." Rulings
/// (docs/rules/tyneside.md): any figure with a weapon carries explosives ("Most figures have
/// magnetic explosives"); the thrower must be in the active group, must not have moved or
/// fired this turn, and fires nothing else this turn; range and the 3" are base edge to base
/// edge; every figure within 3" of the target, friend or foe, throws its own D6.
///
/// Errors: the thrower cannot throw (not in the active group, no weapon, moved, fired,
/// pinned, knocked out or in close combat), or the target is not an enemy figure it sees
/// 6–12" away, or a ducked-back target in cover.
pub(super) fn grenade(
    game: &mut Game,
    out: &mut Effects,
    figure: &str,
    target: &str,
) -> Result<(), String> {
    let turn = game.turn.turn;
    let board = game.board();
    let t = board.fighting(figure)?;
    let f = &board.figs[t];
    let v = board.fighting(target)?;
    let tf = &board.figs[v];
    if game.turn.active_group() != Some(f.group) {
        return Err(format!(
            "{} may throw only in his own group's activation",
            f.figure.name
        ));
    }
    if f.figure.weapon.is_none() || board.vehicle(t).is_some() {
        return Err(format!(
            "{} carries no explosives (no weapon, or a vehicle: \"Shooting is invariably done by the chin turrets\")",
            f.figure.name
        ));
    }
    if f.act.moved > 0.0 || f.act.fired || f.act.hero_shot {
        return Err(format!(
            "Grenades: \"Throwing a grenade takes a full activation\" — {} has already moved or fired this turn",
            f.figure.name
        ));
    }
    if f.cond.pinned(turn) || f.cond.knocked_out(turn) || board.in_close_combat(t) {
        return Err(format!(
            "{} cannot throw now (pinned, knocked out or in close combat)",
            f.figure.name
        ));
    }
    if tf.figure.side == f.figure.side || board.ignores(t, v) || board.armoured_vehicle(v) {
        return Err(format!(
            "{} is not a target for {}",
            tf.figure.name, f.figure.name
        ));
    }
    let range = board.gap(t, v);
    if !(GRENADE_RANGE.start() - 1e-3..=GRENADE_RANGE.end() + 1e-3).contains(&range) {
        return Err(format!(
            "Grenades: \"Range is 6-12\"\" — {} is {range:.1}\" away",
            tf.figure.name
        ));
    }
    if !board.sees(t, v) {
        return Err(format!(
            "Visibility: {} cannot see {}",
            f.figure.name, tf.figure.name
        ));
    }
    if tf.cond.ducked_back(turn) && board.in_cover(v, f.pos) {
        return Err(format!(
            "Duck Back: {} \"may not be targeted if behind cover\"",
            tf.figure.name
        ));
    }
    let caught: Vec<(Entity, bool, String)> = (0..board.figs.len())
        .filter(|&k| {
            (k == v || board.gap(v, k) <= GRENADE_BLAST + 1e-3) && !board.armoured_vehicle(k)
        })
        .map(|k| {
            (
                board.figs[k].entity,
                board.figs[k].figure.spared,
                board.figs[k].figure.name.clone(),
            )
        })
        .collect();
    let (thrower, name, tname) = (f.entity, f.figure.name.clone(), tf.figure.name.clone());
    drop(board);
    let mut dice = Vec::with_capacity(caught.len());
    for (_, _, n) in &caught {
        let d = out
            .dice
            .roll(DiceExpr::d(6), format!("grenade from {name}: {n}"))
            .map_err(|e| e.to_string())?;
        out.dice
            .note_outcome(if d >= 4 { "killed" } else { "duck back" });
        dice.push(d);
    }
    out.log.push(
        turn,
        format!(
            "{name} throws a grenade at {tname} ({} caught within 3\")",
            caught.len()
        ),
    );
    for ((e, hero, n), d) in caught.into_iter().zip(dice) {
        if let Ok(mut c) = game.figures.get_mut(e) {
            let what = if grenade_kills(d) {
                super::damage::take_out(&mut c.4, hero)
            } else {
                apply_fire_result(&mut c.4, hero, FireResult::DuckBack, turn)
            };
            out.log.push(turn, format!("  {n}: D6 {d} -> {what}"));
        }
    }
    if let Ok(mut f) = game.figures.get_mut(thrower) {
        f.5.fired = true;
        f.4.hidden = false;
    }
    Ok(())
}

/// Why no figure of group `active` can open a fire fight at the targets chosen: said for the
/// figures as they stand, the commonest reason first (tyneside-skirmish.txt, Close combat:
/// "This occurs when opposing figures are within 1″ of each other"; Shooting: a figure needs
/// firepower, a clear line of sight and the range; a duck back pins it).
/// `name`: the group's name, as the player knows it.
pub fn cannot_shoot(
    board: &crate::rulesets::tyneside::board::Board,
    active: &str,
    name: &str,
) -> String {
    let members = board.members(active);
    let all = |p: &dyn Fn(usize) -> bool| !members.is_empty() && members.iter().all(|&m| p(m));
    let why = if all(&|m| board.in_close_combat(m)) {
        "every figure is in close combat (within 1\" of an enemy): they fight in the melee instead of shooting".to_string()
    } else if all(&|m| board.figs[m].figure.profile.firepower.is_none()) {
        "none has firepower".to_string()
    } else if all(&|m| board.in_close_combat(m) || !board.can_shoot(m)) {
        "those not in close combat are pinned by last turn's duck back, knocked out, or have no \
         weapon"
            .to_string()
    } else if all(&|m| board.in_close_combat(m) || !board.can_shoot(m) || board.figs[m].act.fired) {
        "those free to shoot have fired already this turn (each figure fires once a turn, \
         returning fire included)"
            .to_string()
    } else {
        "none free to shoot has a clear line of sight to them and the range".to_string()
    };
    format!("no figure of {name} can shoot at those targets: {why}")
}
