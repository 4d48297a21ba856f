//! Force actions in the Movement and Shoot/Act phases: tyneside-skirmish.txt, Jedi powers.
//! "Force actions are declared as done, and will normally take effect during movement or
//! combat."

use bevy::prelude::*;

use super::Effects;
use super::damage::take_out;
use crate::rules::dice::DiceExpr;
use crate::rulesets::tyneside::board::Game;
use crate::rulesets::tyneside::rules::force::{
    COST, ForcePower, LIGHTNING_KILLS_ON, LIGHTNING_RANGE, actions_per_activation, jedi_or_better,
    lightning_run, suppression_heals,
};
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::turn::TurnPhase;

/// Figure `figure` of the active group uses `power` in `phase`.
///
/// Errors: not a Force user of the active group, no Force point left, the activation's
/// actions used up (one, two for Sith and Jedi Masters), the power not of this phase
/// (Enhance in Movement, lightning in Shoot/Act), lightning by a user not of the Dark Side, at
/// a figure not an enemy it sees within 24", or a suppression with no wound to suppress.
pub(super) fn use_power(
    game: &mut Game,
    out: &mut Effects,
    figure: &str,
    power: &ForcePower,
    phase: TurnPhase,
) -> Result<(), String> {
    let turn = game.turn.turn;
    let board = game.board();
    let u = board.fighting(figure)?;
    let f = &board.figs[u];
    let name = f.figure.name.clone();
    if !f.figure.has(Ability::ForceUser) {
        return Err(format!("{name} does not use the Force"));
    }
    if game.turn.active_group() != Some(f.group) {
        return Err(format!("{name} may use the Force only in his own group's activation"));
    }
    if f.cond.force_points < COST {
        return Err(format!("Jedi powers: \"each action costs 1 Force point\" — {name} has none left"));
    }
    let used = if phase == TurnPhase::Movement { f.act.force_actions.0 } else { f.act.force_actions.1 };
    let allowed = actions_per_activation(f.figure.profile.force_points);
    if used >= allowed {
        return Err(format!(
            "Jedi powers: \"one action an activation (Sith, and Jedi Masters may use 2 an activation)\" — {name} has used {used}"
        ));
    }
    let (user, user_index, shoots_after) = (f.entity, f.figure.index, jedi_or_better(f.figure.profile.force_points));
    // What the power does, checked before anything changes.
    enum Effect {
        Enhance,
        Suppress,
        Lightning(Entity, bool, String, Option<(usize, u8, u32)>),
    }
    let effect = match power {
        ForcePower::Enhance if phase != TurnPhase::Movement => {
            return Err("Enhance doubles movement: use it in the Movement phase".into());
        }
        ForcePower::Enhance => Effect::Enhance,
        ForcePower::WoundSuppression if !f.cond.wounded() || f.act.suppressed => {
            return Err(format!("{name} has no wound to suppress this turn"));
        }
        ForcePower::WoundSuppression => Effect::Suppress,
        ForcePower::Lightning { .. } if phase != TurnPhase::Action => {
            return Err("Force lightning attacks in the Shoot/Act phase".into());
        }
        ForcePower::Lightning { .. } if !f.figure.has(Ability::DarkSide) => {
            return Err(format!("Force lightning: \"(Dark Side users only)\" — {name} is not"));
        }
        ForcePower::Lightning { target } => {
            let t = board.fighting(target)?;
            let tf = &board.figs[t];
            if tf.figure.side == f.figure.side {
                return Err(format!("{} is on the same side", tf.figure.name));
            }
            if board.gap(u, t) > LIGHTNING_RANGE + 1e-3 || !board.sees(u, t) {
                return Err(format!(
                    "Force lightning: \"May attack a figure within 24\"\" that the user sees — not {}",
                    tf.figure.name
                ));
            }
            Effect::Lightning(tf.entity, tf.figure.hero, tf.figure.name.clone(), tf.cond.lightning)
        }
    };
    drop(board);
    let heal = match effect {
        Effect::Suppress => Some(
            out.dice
                .roll(DiceExpr::d(6), format!("wound suppression: {name}"))
                .map_err(|e| e.to_string())?,
        ),
        _ => None,
    };
    if let Ok(mut me) = game.figures.get_mut(user) {
        me.4.force_points -= COST;
        if phase == TurnPhase::Movement {
            me.5.force_actions.0 += 1;
        } else {
            me.5.force_actions.1 += 1;
        }
        // "these prevent shooting by the user unless Jedi or better"
        if !shoots_after {
            me.5.fired = true;
        }
        match &effect {
            Effect::Enhance => {
                me.5.enhanced = true;
                out.log.push(turn, format!("{name} uses Enhance: movement half as long again this turn (1 FP)"));
            }
            Effect::Suppress => {
                me.5.suppressed = true;
                let die = heal.unwrap_or(0);
                out.dice.note_outcome(if suppression_heals(die) { "healed for good" } else { "suppressed this turn" });
                if suppression_heals(die) {
                    me.4.wounds = me.4.wounds.saturating_sub(1);
                }
                out.log.push(turn, format!(
                    "{name} suppresses a wound (1 FP): values whole this turn; D6 {die}{}",
                    if suppression_heals(die) { " — healed for good" } else { "" }
                ));
            }
            Effect::Lightning(..) => {}
        }
    }
    if let Effect::Lightning(victim, hero, vname, previous) = effect {
        let run = lightning_run(previous, user_index, turn);
        if let Ok(mut v) = game.figures.get_mut(victim) {
            v.4.lightning = Some((user_index, run, turn));
            let what = if run >= LIGHTNING_KILLS_ON {
                take_out(&mut v.4, hero).to_string()
            } else {
                format!("is immobilised (turn {run} of {LIGHTNING_KILLS_ON})")
            };
            out.log.push(turn, format!("{name} strikes {vname} with Force lightning (1 FP): {what}"));
        }
    }
    Ok(())
}
