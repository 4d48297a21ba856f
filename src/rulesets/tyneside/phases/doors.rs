//! Doors in play: a Tech works one on a 6, an explosive blows one open the turn after, a light
//! sabre cuts a hole in one in a stationary turn, the Force's Activate works one at a distance
//! ([`super::force`]). tyneside-skirmish.txt; rulings in docs/rules/tyneside.md, Doors.

use bevy::prelude::*;

use super::Effects;
use super::damage::take_out;
use crate::engine::record::GameLog;
use crate::rules::dice::DiceExpr;
use crate::rulesets::tyneside::board::{Board, Game};
use crate::rulesets::tyneside::rules::doors::{
    HOLE, gap, in_contact, is_door, is_shut, tech_works,
};
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::rules::vehicles::{EXPLOSIVE_REACH, WRECK_BLAST, explosive_sticks};

/// Figure `figure` of the active group, free to act now: not fired, pinned, knocked out or in
/// close combat. Returns its board index.
///
/// Errors: the rule that stops it.
fn actor(board: &Board, game: &Game, figure: &str) -> Result<usize, String> {
    let f = board.fighting(figure)?;
    let fig = &board.figs[f];
    if game.turn.active_group() != Some(fig.group) {
        return Err(format!(
            "{} may act only in his own group's activation",
            fig.figure.name
        ));
    }
    if fig.act.fired || fig.act.hero_shot || fig.act.fought {
        return Err(format!("{} has already acted this turn", fig.figure.name));
    }
    if fig.cond.pinned(board.turn) || fig.cond.knocked_out(board.turn) || board.in_close_combat(f) {
        return Err(format!(
            "{} cannot act now (pinned, knocked out or in close combat)",
            fig.figure.name
        ));
    }
    Ok(f)
}

/// A Tech, stationary and in base contact with door `door`, works it on a 6 (D6): a shut door
/// opens, an open one shuts (unless broken).
///
/// tyneside-skirmish.txt, Additional qualities: "Tech: Figure can access or repair machines on
/// a 6 (D6) if stationary and in contact with the machine. Astro-droids always have this
/// ability." Rulings (docs/rules/tyneside.md): "stationary" is not having moved this turn;
/// the try is the figure's act for the turn.
///
/// Errors: no such door, not a Tech, moved this turn, not in contact, a broken door to shut,
/// or the figure cannot act now.
pub(super) fn access(
    game: &mut Game,
    out: &mut Effects,
    figure: &str,
    door: &str,
) -> Result<(), String> {
    let turn = game.turn.turn;
    let k = game.table.door(door)?;
    let board = game.board();
    let f = actor(&board, game, figure)?;
    let fig = &board.figs[f];
    let name = fig.figure.name.clone();
    if !fig.figure.has(Ability::Tech) {
        return Err(format!(
            "Tech: only a Tech (or an astromech) can work a door — not {name}"
        ));
    }
    if fig.act.moved > 0.0 {
        return Err(format!(
            "Tech: \"if stationary\" — {name} has moved this turn"
        ));
    }
    let piece = &board.table.terrain[k];
    if !in_contact(piece, fig.pos, fig.figure.base) {
        return Err(format!(
            "Tech: \"in contact with the machine\" — {name} is not touching {door}"
        ));
    }
    let shut = is_shut(piece);
    if !shut && board.table.broken.contains(&k) {
        return Err(format!("{door} is broken open: it no longer shuts"));
    }
    let entity = fig.entity;
    drop(board);
    let die = out
        .dice
        .roll(
            DiceExpr::d(6),
            format!("Tech: {name} works {door} (needs a 6)"),
        )
        .map_err(|e| e.to_string())?;
    let works = tech_works(die);
    out.dice
        .note_outcome(if works { "it works" } else { "no luck" });
    if let Ok(mut me) = game.figures.get_mut(entity) {
        me.5.fired = true;
        me.4.hidden = false;
    }
    if works {
        game.table.set_door(k, !shut);
    }
    out.log.push(
        turn,
        match (works, shut) {
            (true, true) => format!("{name} opens {door} (Tech, D6 {die})"),
            (true, false) => format!("{name} shuts {door} (Tech, D6 {die})"),
            (false, _) => format!("{name} fails to work {door} (Tech, D6 {die}; needs a 6)"),
        },
    );
    Ok(())
}

/// A figure on foot with a weapon throws (or places) an explosive at door `door` within 6":
/// it sticks on a D6 of at least the range in inches, and at the beginning of the next turn
/// blows the door open for good, killing every figure within 2" of it.
///
/// tyneside-skirmish.txt, Engaging vehicles: "explosives can be used to demolish doors etc";
/// "thrown by a figure within 6″ … score equal or more than the range in inches"; "Explosives
/// wreck a vehicle at the beginning of the turn after being placed (and kill any figure within
/// 2″)". Ruling (docs/rules/tyneside.md): a door is demolished as a vehicle is wrecked.
///
/// Errors: no such door, a door already open, no explosives, out of reach, or the figure
/// cannot act now.
pub(super) fn demolish(
    game: &mut Game,
    out: &mut Effects,
    figure: &str,
    door: &str,
) -> Result<(), String> {
    let turn = game.turn.turn;
    let k = game.table.door(door)?;
    let board = game.board();
    let f = actor(&board, game, figure)?;
    let fig = &board.figs[f];
    let name = fig.figure.name.clone();
    if fig.figure.weapon.is_none() || board.vehicle(f).is_some() {
        return Err(format!(
            "{name} carries no explosives (\"Most figures have magnetic explosives\": those with a weapon, on foot)"
        ));
    }
    let piece = &board.table.terrain[k];
    if !is_shut(piece) {
        return Err(format!("{door} is open already"));
    }
    let range = gap(piece, fig.pos, fig.figure.base);
    if range > EXPLOSIVE_REACH + 1e-3 {
        return Err(format!(
            "explosives are thrown \"within 6\"\" — {door} is {range:.1}\" from {name}"
        ));
    }
    let entity = fig.entity;
    drop(board);
    let die = out
        .dice
        .roll(
            DiceExpr::d(6),
            format!("explosive: {name} at {door}, {range:.1}\" (needs {range:.1} or more)"),
        )
        .map_err(|e| e.to_string())?;
    let sticks = explosive_sticks(die, range);
    out.dice
        .note_outcome(if sticks { "sticks" } else { "misses" });
    if let Ok(mut me) = game.figures.get_mut(entity) {
        me.5.fired = true;
        me.4.hidden = false;
    }
    if sticks {
        game.table.mined.push((k, turn));
    }
    out.log.push(
        turn,
        if sticks {
            format!("{name}'s explosive sticks to {door} (D6 {die}): it blows at the beginning of next turn")
        } else {
            format!("{name}'s explosive misses {door} (D6 {die} against {range:.1}\")")
        },
    );
    Ok(())
}

/// A light sabre user, stationary and in base contact with a shut door, cuts a hole in it:
/// the door is open (for good) at the end of the turn, and till then the user counts half
/// its defence value.
///
/// tyneside-skirmish.txt, Jedi powers (notes): "Figures using Light Sabres may cut a hole in
/// any surface/vehicle roof in 1 stationary turn, count half defence value while doing
/// this!" Rulings (docs/rules/tyneside.md, Doors): Holotable cuts doors and straight walls
/// (buildings have no inside on a Tyneside table; a vehicle is destroyed by a light sabre's
/// contact already); the cut is the figure's act for the turn.
///
/// Errors: no such door or wall, a door open already, no light sabre, moved this turn, not
/// in contact, or the figure cannot act now.
pub(super) fn cut(
    game: &mut Game,
    out: &mut Effects,
    figure: &str,
    surface: &str,
) -> Result<(), String> {
    let turn = game.turn.turn;
    let door = surface;
    let k = game.table.surface(surface)?;
    let board = game.board();
    let f = actor(&board, game, figure)?;
    let fig = &board.figs[f];
    let name = fig.figure.name.clone();
    if !fig.figure.has(Ability::Lightsaber) {
        return Err(format!("{name} has no light sabre to cut with"));
    }
    if fig.act.moved > 0.0 {
        return Err(format!(
            "a hole is cut \"in 1 stationary turn\" — {name} has moved this turn"
        ));
    }
    let piece = &board.table.terrain[k];
    if is_door(piece) && !is_shut(piece) {
        return Err(format!("{door} is open already"));
    }
    if !in_contact(piece, fig.pos, fig.figure.base) {
        return Err(format!("{name} must touch {door} to cut it"));
    }
    let entity = fig.entity;
    drop(board);
    if let Ok(mut me) = game.figures.get_mut(entity) {
        me.5.cutting = Some(k);
        me.5.fired = true;
        me.4.hidden = false;
    }
    out.log.push(
        turn,
        format!("{name} cuts a hole in {door} with his light sabre: through at the end of the turn; half defence till then"),
    );
    Ok(())
}

/// At the end of a turn, the holes light sabres have cut go through: a door stands open for
/// good, a wall has a gap [`HOLE`] wide where the user stands (call before the turn's doings
/// are cleared).
pub(super) fn finish_cuts(game: &mut Game, log: &mut GameLog) {
    let turn = game.turn.turn;
    let cuts: Vec<(usize, String, Vec2)> = game
        .figures
        .iter()
        .filter(|(_, _, _, _, c, ..)| c.active())
        .filter_map(|(_, f, _, p, _, a, _)| a.cutting.map(|k| (k, f.name.clone(), p.0)))
        .collect();
    for (k, name, at) in cuts {
        let id = game.table.terrain[k].id.clone();
        if is_door(&game.table.terrain[k]) {
            game.table.set_door(k, false);
            game.table.broken.insert(k);
            log.push(turn, format!("{name} has cut through {id}: it stands open"));
        } else {
            game.table.cut_wall(k, at);
            log.push(
                turn,
                format!("{name} has cut through {id}: a gap {HOLE}\" wide stands open"),
            );
        }
    }
}

/// At the beginning of a turn, every door an explosive stuck to last turn is blown open for
/// good, and every figure within 2" of it is killed (heroes disabled).
pub(super) fn blow_mined(game: &mut Game, log: &mut GameLog) {
    let turn = game.turn.turn;
    let due: Vec<usize> = game
        .table
        .mined
        .iter()
        .filter(|(_, t)| *t < turn)
        .map(|(k, _)| *k)
        .collect();
    if due.is_empty() {
        return;
    }
    game.table.mined.retain(|(_, t)| *t >= turn);
    for k in due {
        let piece = game.table.terrain[k].clone();
        log.push(
            turn,
            format!("The explosive on {} goes off: it is blown open", piece.id),
        );
        game.table.set_door(k, false);
        game.table.broken.insert(k);
        for (_, f, _, p, mut c, ..) in &mut game.figures {
            if c.active() && gap(&piece, p.0, f.base) <= WRECK_BLAST + 1e-3 {
                let what = take_out(&mut c, f.spared);
                log.push(turn, format!("  {} {what}", f.name));
            }
        }
    }
}
