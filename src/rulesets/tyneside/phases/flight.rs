//! Figures that fly (tyneside-skirmish.txt, Droids and Additional Character statistics):
//! R2D2 "May fly at 24″ per turn"; Boba Fett "May fly as Jedi force jump". Rulings in
//! docs/rules/tyneside.md, Movement.

use bevy::prelude::*;

use super::Effects;
use super::movement::{come_down, movable, plan_force_jump};
use crate::rules::dice::DiceExpr;
use crate::rulesets::tyneside::board::Game;
use crate::rulesets::tyneside::rules::force::{FLIGHT, JET_PACK_LEVEL, force_jump_reach};
use crate::rulesets::tyneside::rules::movement::allowance;
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::rules::vehicles::heading;

/// Figure `figure` of the active group flies for `to` (inches): its whole move, through the
/// air over anything on the way, coming down clear of bases, gaps and impassable ground, as
/// a run for its group's order (as a Force jump: "This includes running Force assisted").
/// R2D2 reaches up to 24" ("May fly at 24″ per turn"); Boba Fett's jet pack reaches as a
/// Jedi's Force jump, 12 x D6" ("May fly as Jedi force jump"; ruling: a Jedi's level is the
/// text's Jedi's 12 Force points, and no Force point is paid), coming down short along the
/// line when the roll falls short.
///
/// Errors: the figure cannot fly, cannot move now, has moved already, R2D2's 24" is exceeded,
/// or the landing or the order forbids it (see [`plan_force_jump`]).
pub(super) fn fly(
    game: &mut Game,
    out: &mut Effects,
    figure: &str,
    to: (f32, f32),
) -> Result<(), String> {
    let turn = game.turn.turn;
    let board = game.board();
    let (i, order) = movable(&board, game, figure)?;
    let f = &board.figs[i];
    let name = f.figure.name.clone();
    let jet = f.figure.has(Ability::JetPack);
    if !jet && !f.figure.has(Ability::Flies) {
        return Err(format!(
            "{name} cannot fly (R2D2 \"May fly\" 24\" a turn; Boba Fett \"May fly as Jedi force jump\")"
        ));
    }
    if f.act.moved > 0.0 || f.act.run_roll.is_some() {
        return Err(format!(
            "a flight is {name}'s whole move: it has moved or run already this activation"
        ));
    }
    let to = Vec2::new(to.0, to.1);
    let wanted = plan_force_jump(&board, i, to, order)?;
    if !jet && wanted > FLIGHT + 1e-3 {
        return Err(format!(
            "{name} \"May fly at 24\" per turn\" — that is {wanted:.1}\""
        ));
    }
    let reach = if jet {
        let die = out
            .dice
            .roll(
                DiceExpr::d(6),
                format!("jet pack: {name}, as a Jedi's Force jump, {JET_PACK_LEVEL} x D6 (wants {wanted:.1}\")"),
            )
            .map_err(|e| e.to_string())?;
        let reach = force_jump_reach(JET_PACK_LEVEL, die);
        out.dice.note_outcome(if reach >= wanted {
            "makes the flight"
        } else {
            "comes down short"
        });
        reach
    } else {
        FLIGHT
    };
    let landing = come_down(&board, i, to, reach);
    let (entity, from, walk) = (f.entity, f.pos, allowance(board.walk(i), None));
    drop(board);
    if let Ok(mut me) = game.figures.get_mut(entity) {
        me.3.0 = landing;
        me.4.hidden = false;
        // The flight is its whole move: nothing of its allowance is left.
        me.5.moved = walk.max(from.distance(landing));
        me.5.travelled += from.distance(landing);
        me.5.jumped = true;
        if from.distance(landing) > 1e-3 {
            me.6.0 = heading(landing - from);
        }
    }
    out.log.push(
        turn,
        format!(
            "{name} flies {:.1}\"{}",
            from.distance(landing),
            if jet {
                format!(" on his jet pack of the {wanted:.1}\" wanted (reach {reach:.0}\")")
            } else {
                " (\"May fly at 24\" per turn\")".into()
            }
        ),
    );
    Ok(())
}
