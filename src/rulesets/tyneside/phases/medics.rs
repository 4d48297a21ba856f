//! Medics treating wounds in the Shoot/Act phase.
//! tyneside-skirmish.txt, Additional qualities (Medic) and Wounds.

use bevy::prelude::*;

use super::Effects;
use crate::rules::dice::DiceExpr;
use crate::rulesets::tyneside::board::Game;
use crate::rulesets::tyneside::rules::melee::in_reach;
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::rules::wounds::medic_heals;

/// "Medic: Can heal other figures wounds if stationary and in contact with a wounded figure
/// (5,6 – D6)"; Wounds: "a stationary medic can treat a wound if in contact with the wounded
/// figure, the wound is healed on a 5,6 (D6) each turn treatment is given." Ruling: contact
/// is within 1" (as close combat), once per medic per turn.
pub(super) fn heal(
    game: &mut Game,
    out: &mut Effects,
    medic: &str,
    patient: &str,
) -> Result<(), String> {
    let turn = game.turn.turn;
    let board = game.board();
    let m = board.fighting(medic)?;
    let p = board.fighting(patient)?;
    let (mf, pf) = (&board.figs[m], &board.figs[p]);
    if !mf.figure.has(Ability::Medic) {
        return Err(format!("{} is not a medic", mf.figure.name));
    }
    if game.turn.active_group() != Some(mf.group) {
        return Err(format!(
            "{} may treat wounds only in its own group's activation",
            mf.figure.name
        ));
    }
    if mf.act.moved > 0.0 {
        return Err(format!(
            "Medic: {} must be stationary to heal (it moved this turn)",
            mf.figure.name
        ));
    }
    if mf.act.healed {
        return Err(format!(
            "{} has already treated a wound this turn",
            mf.figure.name
        ));
    }
    if mf.cond.knocked_out(turn) {
        return Err(format!("{} is knocked out", mf.figure.name));
    }
    if pf.figure.side != mf.figure.side || !pf.cond.wounded() || m == p {
        return Err(format!(
            "Medic: {} is not another wounded figure of the same side",
            pf.figure.name
        ));
    }
    if !in_reach(board.gap(m, p)) {
        return Err(format!(
            "Medic: {} must be in contact with {} (within 1\")",
            mf.figure.name, pf.figure.name
        ));
    }
    let (me, pe, mname, pname) = (
        mf.entity,
        pf.entity,
        mf.figure.name.clone(),
        pf.figure.name.clone(),
    );
    drop(board);
    let die = out
        .dice
        .roll(DiceExpr::d(6), format!("medic: {mname} treats {pname}"))
        .map_err(|e| e.to_string())? as u8;
    let healed = medic_heals(die);
    out.dice
        .note_outcome(if healed { "healed" } else { "not healed" });
    if let Ok(mut f) = game.figures.get_mut(me) {
        f.5.healed = true;
    }
    if healed && let Ok(mut f) = game.figures.get_mut(pe) {
        f.4.wounds -= 1;
    }
    out.log.push(
        turn,
        format!(
            "{mname} treats {pname}: D6 {die} — {}",
            if healed {
                "the wound is healed"
            } else {
                "no luck"
            }
        ),
    );
    Ok(())
}
