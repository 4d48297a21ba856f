//! Engaging vehicles in the Shoot/Act phase: heavy weapons fire at them, magnetic
//! explosives stick to them and wreck them the turn after, light sabres cut them.
//! tyneside-skirmish.txt, Vehicle rules and "Engaging vehicles, etc. with infantry".

use bevy::prelude::*;

use super::Effects;
use super::damage::take_out;
use crate::engine::record::GameLog;
use crate::rules::dice::DiceExpr;
use crate::rulesets::tyneside::board::{Board, Game};
use crate::rulesets::tyneside::components::Status;
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::rules::vehicles::{
    EXPLOSIVE_REACH, WRECK_BLAST, at_rear, destroy_score, destroys, explosive_sticks,
};

/// Whether figure `f` of the active group may make a shot or a throw of its own now, else
/// the rule that stops it.
fn ready(board: &Board, game: &Game, f: usize) -> Result<(), String> {
    let fig = &board.figs[f];
    if game.turn.active_group() != Some(fig.group) {
        return Err(format!(
            "{} may act only in his own group's activation",
            fig.figure.name
        ));
    }
    if fig.act.fired || fig.act.hero_shot {
        return Err(format!(
            "{} has fired this turn (each figure fires once a turn)",
            fig.figure.name
        ));
    }
    if fig.cond.pinned(board.turn) || fig.cond.knocked_out(board.turn) || board.in_close_combat(f) {
        return Err(format!(
            "{} cannot act now (pinned, knocked out or in close combat)",
            fig.figure.name
        ));
    }
    Ok(())
}

/// The enemy walker `id` for figure `f` to engage.
///
/// Errors: no such figure fighting, on the same side, or not an armoured vehicle.
fn enemy_walker(board: &Board, f: usize, id: &str) -> Result<usize, String> {
    let v = board.fighting(id)?;
    if board.figs[v].figure.side == board.figs[f].figure.side {
        return Err(format!("{} is on the same side", board.figs[v].figure.name));
    }
    if !board.armoured_vehicle(v) {
        return Err(format!(
            "{} is not an armoured vehicle: shoot it in a fire fight (\"Figures on enemy vehicles can be shot at\")",
            board.figs[v].figure.name
        ));
    }
    Ok(v)
}

/// The enemy vehicle (walker or jet bike) `id` for figure `f`'s magnetic explosive ("thrown
/// by a figure within 6″ of a vehicle").
///
/// Errors: no such figure fighting, on the same side, or not a vehicle.
fn enemy_vehicle(board: &Board, f: usize, id: &str) -> Result<usize, String> {
    let v = board.fighting(id)?;
    if board.figs[v].figure.side == board.figs[f].figure.side {
        return Err(format!("{} is on the same side", board.figs[v].figure.name));
    }
    if board.vehicle(v).is_none() {
        return Err(format!(
            "Engaging vehicles: magnetic explosives stick to vehicles — {} is none (throw a grenade)",
            board.figs[v].figure.name
        ));
    }
    Ok(v)
}

/// Wrecks vehicle `v`: "Crews are not considered in these rules, they are assumed to flee, be
/// killed or otherwise neutralised when their vehicle is destroyed."
fn wreck(game: &mut Game, entity: Entity) {
    if let Ok(mut f) = game.figures.get_mut(entity) {
        f.4.status = Status::Killed;
    }
}

/// A heavy laser or missile launcher of the active group fires at an enemy walker.
///
/// tyneside-skirmish.txt, Engaging vehicles: "Only Heavy lasers and bigger weapons can hurt
/// armoured vehicles"; "Heavy Lasers and missile launchers used against armoured vehicles hit
/// and destroy them on a D6 roll of 5+ (Long range) 3+ (Medium range) and 2+ (Point blank)";
/// "Add one to the dice result if firing at a vehicles rear." Rulings (docs/rules/tyneside.md):
/// it is the figure's shot for the turn; a walker's own chin guns are a heavy laser.
///
/// Errors: the shooter has no heavy weapon, cannot shoot now, or the vehicle is not an enemy
/// walker it sees in range.
pub(super) fn fire_at_vehicle(
    game: &mut Game,
    out: &mut Effects,
    figure: &str,
    vehicle: &str,
) -> Result<(), String> {
    let turn = game.turn.turn;
    let board = game.board();
    let f = board.fighting(figure)?;
    let fig = &board.figs[f];
    if !fig.figure.weapon.as_ref().is_some_and(|w| w.heavy) {
        return Err(format!(
            "Engaging vehicles: \"Only Heavy lasers and bigger weapons can hurt armoured vehicles\" — {} carries none",
            fig.figure.name
        ));
    }
    ready(&board, game, f)?;
    if !board.can_shoot(f) {
        return Err(format!("{} cannot shoot now", fig.figure.name));
    }
    let v = enemy_walker(&board, f, vehicle)?;
    let target = &board.figs[v];
    if board.armoured_vehicle(f)
        && board
            .foes_of(f)
            .into_iter()
            .filter(|&j| board.sees(f, j))
            .any(|j| board.gap(f, j) < board.gap(f, v) - 1e-3)
    {
        return Err(format!(
            "Vehicle rules: chin guns \"fire at the nearest group\" — {} is not the nearest enemy {} sees",
            target.figure.name, fig.figure.name
        ));
    }
    if !board.sees(f, v) {
        return Err(format!(
            "Visibility: {} cannot see {}",
            fig.figure.name, target.figure.name
        ));
    }
    let band = board.band(f, v).ok_or(format!(
        "{} is out of range of {}'s {}",
        target.figure.name,
        fig.figure.name,
        fig.figure.weapon.as_ref().map_or("", |w| w.name.as_str())
    ))?;
    let rear = at_rear(target.facing, target.pos, fig.pos);
    let (shooter, wreck_of, name, tname, tgroup) = (
        fig.entity,
        target.entity,
        fig.figure.name.clone(),
        target.figure.name.clone(),
        target.group.to_string(),
    );
    drop(board);
    let die = out
        .dice
        .roll(
            DiceExpr::d(6),
            format!(
                "{name} fires at {tname}: {}+ at {band}{}",
                destroy_score(band),
                if rear { ", +1 at the rear" } else { "" }
            ),
        )
        .map_err(|e| e.to_string())?;
    let hit = destroys(die, band, rear);
    out.dice
        .note_outcome(if hit { "destroyed" } else { "no effect" });
    if let Ok(mut s) = game.figures.get_mut(shooter) {
        s.5.fired = true;
        s.4.hidden = false;
    }
    for (_, mut g) in &mut game.groups {
        if g.id == tgroup {
            g.fire_this_turn += 1;
        }
    }
    if hit {
        wreck(game, wreck_of);
    }
    out.log.push(
        turn,
        format!(
            "{name} fires at {tname} ({band}{}): D6 {die} -> {}",
            if rear { ", rear" } else { "" },
            if hit { "destroyed" } else { "no effect" }
        ),
    );
    Ok(())
}

/// A figure of the active group throws a magnetic explosive at an enemy walker within 6".
///
/// tyneside-skirmish.txt, Engaging vehicles: "Most figures have magnetic explosives, which
/// may be thrown by a figure within 6″ of a vehicle. To hit, throw a D6 and score equal or
/// more than the range in inches to the target's base." Rulings (docs/rules/tyneside.md): any
/// figure with a weapon carries them, as for grenades; range is base edge to base edge; the
/// throw is the figure's shot for the turn, and needs no line of sight beyond the 6".
///
/// Errors: the thrower carries none or cannot act now, or the vehicle is not an enemy
/// vehicle (walker or jet bike) within 6".
pub(super) fn magnetic_explosive(
    game: &mut Game,
    out: &mut Effects,
    figure: &str,
    vehicle: &str,
) -> Result<(), String> {
    let turn = game.turn.turn;
    let board = game.board();
    let f = board.fighting(figure)?;
    let fig = &board.figs[f];
    if fig.figure.weapon.is_none() || board.vehicle(f).is_some() {
        return Err(format!(
            "{} carries no magnetic explosives (\"Most figures have magnetic explosives\": those with a weapon, on foot)",
            fig.figure.name
        ));
    }
    ready(&board, game, f)?;
    let v = enemy_vehicle(&board, f, vehicle)?;
    let range = board.gap(f, v);
    if range > EXPLOSIVE_REACH + 1e-3 {
        return Err(format!(
            "Engaging vehicles: magnetic explosives \"may be thrown by a figure within 6\" of a vehicle\" — {} is {range:.1}\" away",
            board.figs[v].figure.name
        ));
    }
    let (thrower, target, name, tname) = (
        fig.entity,
        board.figs[v].entity,
        fig.figure.name.clone(),
        board.figs[v].figure.name.clone(),
    );
    drop(board);
    let die = out
        .dice
        .roll(
            DiceExpr::d(6),
            format!(
                "magnetic explosive: {name} at {tname}, {range:.1}\" (needs {range:.1} or more)"
            ),
        )
        .map_err(|e| e.to_string())?;
    let sticks = explosive_sticks(die, range);
    out.dice
        .note_outcome(if sticks { "sticks" } else { "misses" });
    if let Ok(mut s) = game.figures.get_mut(thrower) {
        s.5.fired = true;
        s.4.hidden = false;
    }
    if sticks && let Ok(mut t) = game.figures.get_mut(target) {
        t.4.explosive = Some(turn);
    }
    out.log.push(
        turn,
        if sticks {
            format!("{name}'s magnetic explosive sticks to {tname} (D6 {die}): it wrecks the vehicle at the beginning of next turn")
        } else {
            format!("{name}'s magnetic explosive misses {tname} (D6 {die} against {range:.1}\")")
        },
    );
    Ok(())
}

/// A light sabre user and the enemy vehicle (a walker or a jet bike) whose base it touches.
pub(super) struct Cut {
    sabre: Entity,
    walker: Entity,
    names: (String, String),
}

/// Light sabre users of `group` in base contact with an enemy vehicle, leaving out figures in
/// `busy` (board indices fighting other melee): "If using a light sabre, a figure only needs
/// to be in contact with a vehicles base to engage it."
pub(super) fn sabre_cuts(board: &Board, group: &str, busy: &[usize]) -> Vec<Cut> {
    let mut cuts = Vec::new();
    for m in board.members(group) {
        let f = &board.figs[m];
        if !f.figure.has(Ability::Lightsaber)
            || f.act.fought
            || busy.contains(&m)
            || f.cond.knocked_out(board.turn)
            || f.cond.pinned(board.turn)
        {
            continue;
        }
        if let Some(v) = board
            .foes_of(m)
            .into_iter()
            .find(|&v| board.vehicle(v).is_some() && board.gap(m, v) <= 0.05)
        {
            cuts.push(Cut {
                sabre: f.entity,
                walker: board.figs[v].entity,
                names: (f.figure.name.clone(), board.figs[v].figure.name.clone()),
            });
        }
    }
    cuts
}

/// Whether a light sabre user of `group` touches an enemy vehicle's base and may cut it when
/// the group fights (Engaging vehicles).
pub fn sabre_can_cut(board: &Board, group: &str) -> bool {
    !sabre_cuts(board, group, &[]).is_empty()
}

/// Light sabre cuts in close combat: "Light Sabre attacks cut a leg off, or damage a critical
/// area, destroying it." Ruling: no die; the cut is the figure's melee this turn.
pub(super) fn cut(game: &mut Game, out: &mut Effects, cuts: Vec<Cut>) {
    let turn = game.turn.turn;
    for Cut {
        sabre: m,
        walker: v,
        names: (name, tname),
    } in cuts
    {
        if let Ok(mut f) = game.figures.get_mut(m) {
            f.5.fought = true;
        }
        wreck(game, v);
        out.log.push(
            turn,
            format!(
                "{name}'s light sabre cuts {tname} down (\"Light Sabre attacks cut a leg off\")"
            ),
        );
    }
}

/// At the beginning of a turn, every vehicle an explosive stuck to last turn is wrecked, and
/// every figure within 2" of it is killed (heroes disabled).
///
/// tyneside-skirmish.txt, Engaging vehicles: "Explosives wreck a vehicle at the beginning of
/// the turn after being placed (and kill any figure within 2″)". Ruling: within 2" base edge
/// to base edge, friend or foe.
pub(super) fn wreck_mined(game: &mut Game, log: &mut GameLog) {
    let turn = game.turn.turn;
    let board = game.board();
    let mined: Vec<usize> = (0..board.figs.len())
        .filter(|&v| board.figs[v].cond.explosive.is_some_and(|t| t < turn))
        .collect();
    let mut gone: Vec<(Entity, bool, String)> = Vec::new();
    for &v in &mined {
        log.push(
            turn,
            format!(
                "The magnetic explosive on {} goes off",
                board.figs[v].figure.name
            ),
        );
        for k in 0..board.figs.len() {
            let caught = k == v || board.gap(v, k) <= WRECK_BLAST + 1e-3;
            if caught && !gone.iter().any(|(e, ..)| *e == board.figs[k].entity) {
                let f = &board.figs[k];
                gone.push((f.entity, f.figure.spared && k != v, f.figure.name.clone()));
            }
        }
    }
    drop(board);
    for (e, hero, name) in gone {
        if let Ok(mut f) = game.figures.get_mut(e) {
            let what = take_out(&mut f.4, hero);
            log.push(turn, format!("  {name} {what}"));
        }
    }
}
