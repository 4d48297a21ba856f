//! Force reactions in another side's fire fight or hero shot (tyneside-skirmish.txt, Jedi
//! powers): a Force user its side has made ready stops a hit with Defend/Deflect (a light
//! sabre user, for itself or a figure within 2", sending the shot back) or Swipe (one
//! without, for itself, under point-blank fire from a group of firepower 5 or more). Rulings
//! in docs/rules/tyneside.md, Jedi powers.

use bevy::prelude::*;

use super::Effects;
use super::damage::apply_fire_result;
use super::fire_plan::FirePlan;
use crate::rules::dice::DiceExpr;
use crate::rulesets::tyneside::board::{Board, Game};
use crate::rulesets::tyneside::rules::fire::{
    FigureHit, FireResult, FireRow, fire_result, hero_shot_row,
};
use crate::rulesets::tyneside::rules::force::{
    COST, DEFLECT_REACH, SWIPE_FIREPOWER, actions_per_activation,
};
use crate::rulesets::tyneside::rules::profile::{Ability, RangeBand};
use crate::rulesets::tyneside::rules::wounds::wounded_value;

/// How bad a result is, for choosing which hit to stop.
fn severity(r: FireResult) -> u8 {
    match r {
        FireResult::NoEffect => 0,
        FireResult::DuckBack => 1,
        FireResult::Wound => 2,
        FireResult::Killed => 3,
    }
}

/// The shot a deflection sends back: at `target` (board index), with the user's bracketed
/// firepower `fp` against `value`, from `band`.
struct ShotBack {
    target: usize,
    band: RangeBand,
    fp: f32,
    value: f32,
    cover: bool,
}

/// One hit a Force user stops.
pub(super) struct Reaction {
    /// The user (board index).
    user: usize,
    /// The hit stopped (index into the fire fight's hits).
    hit: usize,
    /// What it would have done.
    stopped: FireResult,
    /// Deflect's shot back, or none (Swipe; or nobody to send it at).
    back: Option<ShotBack>,
}

/// Whether figure `u` may react now: ready, a Force user with a Force point, fighting, not
/// knocked out or held ("choked force users can only **Block**").
fn can_react(board: &Board, u: usize) -> bool {
    let f = &board.figs[u];
    f.cond.ready
        && f.figure.has(Ability::ForceUser)
        && f.cond.force_points >= COST
        && !f.cond.knocked_out(board.turn)
        && !f.cond.immobilised(board.turn)
}

/// The enemy combatants of `plan` that shoot at board figure `u`: (board index, band).
fn shooting_at(board: &Board, plan: &FirePlan, u: usize) -> Vec<(usize, RangeBand)> {
    plan.figs
        .iter()
        .zip(&plan.combatants)
        .filter(|&(&e, c)| {
            c.firepower > 0.0
                && board.figs[e].figure.side != board.figs[u].figure.side
                && !board.ignores(e, u)
                && board.sees(e, u)
        })
        .filter_map(|(&e, _)| board.band(e, u).map(|b| (e, b)))
        .collect()
}

/// Whether board figure `u` is "under fire, from at least equal fire points" in the fire
/// fight `plan`: its unit is in the fight and the enemy firepower against it is at least its
/// own total (the totals are worked out before any die is thrown).
pub(super) fn under_equal_fire(plan: &FirePlan, u: usize) -> bool {
    let Some(c) = plan.figs.iter().position(|&f| f == u) else {
        return false;
    };
    let unit = plan.combatants[c].unit;
    plan.odds
        .iter()
        .any(|o| o.unit == unit && o.enemy > 0.0 && o.enemy >= o.own)
}

/// The hits ready Force users stop in a fire fight worked out as `plan` whose dice gave
/// `hits`: each user stops as many as it has actions an activation, the worst first (itself
/// first on a tie), while its Force points last.
///
/// tyneside-skirmish.txt, Jedi powers: "Defend/Deflect: Light Saber users may stop a hit on
/// themselves or another figure within 2″ and deflect the shot back. Force users use their
/// bracketed firepower values for this"; the worked example: "deflect any 'Duck back' or
/// worse result at any chosen target figure as a standard 'Hero shooting' attack, his FP value
/// being the ones in brackets at the range of the nearest enemy figure shooting at him";
/// "Swipe: A Force user under fire at Point blank range from a group with Firepower 5 or more
/// may Swipe their enemy's weapon to one side, and so miss!"; "If a Force user cannot use a
/// light sabre, use **Swipe** instead." Rulings (docs/rules/tyneside.md): the shot goes back at
/// the nearest enemy figure shooting at the user (solo rule 1's "nearest enemy shooter").
/// A user of a side the rules play (`by_rules`, by side) reacts only as the Solo rules for
/// Force users say, "(1): If under fire, from at least equal fire points, they will use
/// **Deflect**" ([`under_equal_fire`]).
pub(super) fn in_fire_fight(
    board: &Board,
    plan: &FirePlan,
    hits: &[FigureHit],
    acting_side: usize,
    by_rules: &[bool],
) -> Vec<Reaction> {
    let mut out: Vec<Reaction> = Vec::new();
    // Reactions come in another side's turn: not the acting side's own users.
    for u in (0..board.figs.len()).filter(|&u| {
        let side = board.figs[u].figure.side;
        side != acting_side
            && can_react(board, u)
            && (!by_rules.get(side).copied().unwrap_or(false) || under_equal_fire(plan, u))
    }) {
        let f = &board.figs[u];
        let deflects = f.figure.has(Ability::Lightsaber) && f.figure.profile.deflect.is_some();
        let mut points = f.cond.force_points;
        let shooters = shooting_at(board, plan, u);
        // Swipe: under fire at point blank from a group of firepower 5 or more.
        let swipe_ok = plan.units.iter().enumerate().any(|(unit, _)| {
            let total: f32 = plan
                .combatants
                .iter()
                .zip(&plan.figs)
                .filter(|(c, e)| c.unit == unit && shooters.iter().any(|(s, _)| s == *e))
                .map(|(c, _)| c.firepower)
                .sum();
            total >= SWIPE_FIREPOWER
                && shooters.iter().any(|&(s, b)| {
                    b == RangeBand::PointBlank
                        && plan
                            .figs
                            .iter()
                            .zip(&plan.combatants)
                            .any(|(&e, c)| e == s && c.unit == unit)
                })
        });
        for _ in 0..actions_per_activation(f.figure.profile.force_points) {
            if points < COST {
                break;
            }
            let eligible = |h: &(usize, &FigureHit)| {
                let m = plan.figs[h.1.figure];
                h.1.result != FireResult::NoEffect
                    && !out.iter().any(|r| r.hit == h.0)
                    && if deflects {
                        m == u
                            || (board.figs[m].figure.side == f.figure.side
                                && board.gap(u, m) <= DEFLECT_REACH + 1e-3)
                    } else {
                        m == u && swipe_ok
                    }
            };
            let Some((hit, h)) =
                hits.iter()
                    .enumerate()
                    .filter(|h| eligible(h))
                    .max_by_key(|(k, h)| {
                        (
                            severity(h.result),
                            plan.figs[h.figure] == u,
                            std::cmp::Reverse(*k),
                        )
                    })
            else {
                break;
            };
            // The nearest enemy shooting at the user; if none sees it (it saved a friend),
            // the nearest shooting at that friend.
            let saved = plan.figs[h.figure];
            let nearest = |list: &[(usize, RangeBand)]| {
                list.iter()
                    .copied()
                    .min_by(|a, b| board.gap(u, a.0).total_cmp(&board.gap(u, b.0)))
            };
            let back = deflects
                .then(|| nearest(&shooters).or_else(|| nearest(&shooting_at(board, plan, saved))))
                .flatten()
                .map(|(t, band)| {
                    let bracketed = f.figure.profile.deflect.map_or(0, |d| d.at(band)) as f32;
                    let tf = &board.figs[t];
                    ShotBack {
                        target: t,
                        band,
                        fp: wounded_value(bracketed, f.wounded()),
                        value: if tf.figure.profile.firepower.is_some() {
                            board.firepower_at(t, board.band(t, u).unwrap_or(RangeBand::Long))
                        } else {
                            board.defence(t)
                        },
                        cover: board.in_cover(t, f.pos),
                    }
                });
            points -= COST;
            out.push(Reaction {
                user: u,
                hit,
                stopped: h.result,
                back,
            });
        }
    }
    out
}

/// Carries out `reactions` on the fire fight's `hits` before they are applied: each stopped
/// hit becomes no effect.
pub(super) fn stop_hits(reactions: &[Reaction], hits: &mut [FigureHit]) {
    for r in reactions {
        hits[r.hit].result = FireResult::NoEffect;
    }
}

/// A shot back, ready to throw once the board is put away.
struct Returned {
    target: Entity,
    hero: bool,
    name: String,
    row: FireRow,
    cover: bool,
    armoured: bool,
    fp: f32,
    value: f32,
    band: RangeBand,
}

/// A reaction told in names and entities, so it can be carried out after the fire fight's
/// results have changed the board.
pub(super) struct Told {
    user: Entity,
    name: String,
    saved: String,
    stopped: FireResult,
    deflects: bool,
    back: Option<Returned>,
}

/// `reactions` on `board` (before any result is applied), for [`finish`].
pub(super) fn tell(
    board: &Board,
    plan: &FirePlan,
    hits: &[FigureHit],
    reactions: &[Reaction],
) -> Vec<Told> {
    reactions
        .iter()
        .map(|r| {
            let f = &board.figs[r.user];
            let back = r.back.as_ref().map(|b| {
                let t = &board.figs[b.target];
                Returned {
                    target: t.entity,
                    hero: t.figure.spared,
                    name: t.figure.name.clone(),
                    row: hero_shot_row(b.fp, b.value),
                    cover: b.cover,
                    armoured: t.figure.armoured,
                    fp: b.fp,
                    value: b.value,
                    band: b.band,
                }
            });
            Told {
                user: f.entity,
                name: f.figure.name.clone(),
                saved: board.figs[plan.figs[hits[r.hit].figure]]
                    .figure
                    .name
                    .clone(),
                stopped: r.stopped,
                deflects: f.figure.has(Ability::Lightsaber) && f.figure.profile.deflect.is_some(),
                back,
            }
        })
        .collect()
}

/// The ready Force user that would stop a hit of hero `h`'s shot at `t` (from `band`, with
/// firepower `fp`), if any, the side `acting_side` shooting: a light sabre user that is `t`
/// or a friend within 2" of it (Defend/Deflect, the shot going back at the hero), or `t`
/// itself without a sabre under a point-blank shot of firepower 5 or more (Swipe). The
/// nearest to `t` reacts. Its `stopped` is filled in by [`stop_hero_shot`].
///
/// tyneside-skirmish.txt, Jedi powers: "Light Saber users may stop a hit on themselves or
/// another figure within 2″ and deflect the shot back"; "Swipe: A Force user under fire at
/// Point blank range from a group with Firepower 5 or more may Swipe their enemy's weapon to
/// one side, and so miss!" (a hero shooting alone counts as his own group).
pub(super) fn guard_hero_shot(
    board: &Board,
    h: usize,
    t: usize,
    (band, fp): (RangeBand, f32),
    acting_side: usize,
) -> Option<Told> {
    let side = board.figs[t].figure.side;
    let sabre = |u: usize| {
        let f = &board.figs[u];
        f.figure.has(Ability::Lightsaber) && f.figure.profile.deflect.is_some()
    };
    let u = (0..board.figs.len())
        .filter(|&u| {
            board.figs[u].figure.side == side && side != acting_side && can_react(board, u)
        })
        .filter(|&u| {
            if sabre(u) {
                u == t || board.gap(u, t) <= DEFLECT_REACH + 1e-3
            } else {
                u == t && band == RangeBand::PointBlank && fp >= SWIPE_FIREPOWER
            }
        })
        .min_by(|&a, &b| board.gap(t, a).total_cmp(&board.gap(t, b)))?;
    let f = &board.figs[u];
    let back = sabre(u).then(|| {
        let hf = &board.figs[h];
        let back_band = board.band(h, u).unwrap_or(band);
        let bracketed = f.figure.profile.deflect.map_or(0, |d| d.at(back_band)) as f32;
        let fp = wounded_value(bracketed, f.wounded());
        let value = board.firepower_at(h, back_band);
        Returned {
            target: hf.entity,
            hero: hf.figure.spared,
            name: hf.figure.name.clone(),
            row: hero_shot_row(fp, value),
            cover: board.in_cover(h, f.pos),
            armoured: hf.figure.armoured,
            fp,
            value,
            band: back_band,
        }
    });
    Some(Told {
        user: f.entity,
        name: f.figure.name.clone(),
        saved: board.figs[t].figure.name.clone(),
        stopped: FireResult::NoEffect,
        deflects: sabre(u),
        back,
    })
}

/// Stops a hero shot's `result` with `guard` ([`guard_hero_shot`]): the reaction to carry out
/// ([`finish`]) if there was a hit to stop.
pub(super) fn stop_hero_shot(guard: Option<Told>, result: &mut FireResult) -> Option<Told> {
    let mut told = guard.filter(|_| *result != FireResult::NoEffect)?;
    told.stopped = *result;
    *result = FireResult::NoEffect;
    Some(told)
}

/// Pays each reaction's Force point, logs it, and throws and applies Deflect's shots back.
///
/// Errors: forced dice ran out for a shot back.
pub(super) fn finish(game: &mut Game, out: &mut Effects, told: Vec<Told>) -> Result<(), String> {
    let turn = game.turn.turn;
    for Told {
        user,
        name,
        saved,
        stopped,
        deflects,
        back,
    } in told
    {
        if let Ok(mut me) = game.figures.get_mut(user) {
            me.4.force_points = me.4.force_points.saturating_sub(COST);
        }
        if !deflects {
            out.log.push(
                turn,
                format!(
                    "  {name} swipes the weapon aside (Swipe, 1 FP): {saved}'s {stopped} is a miss"
                ),
            );
            continue;
        }
        out.log.push(
            turn,
            format!(
                "  {name} deflects the shot at {saved} (Defend/Deflect, 1 FP): {stopped} stopped"
            ),
        );
        let Some(b) = back else {
            continue;
        };
        let die = out
            .dice
            .roll(
                DiceExpr::d(8),
                format!(
                    "deflected back: {name} ({:.1} at {}) at {} ({:.1}), {}{}",
                    b.fp,
                    b.band,
                    b.name,
                    b.value,
                    b.row,
                    if b.cover { ", cover −1" } else { "" }
                ),
            )
            .map_err(|e| e.to_string())? as u8;
        let result = fire_result(b.row, die, b.cover, 0, b.armoured);
        out.dice.note_outcome(result.to_string());
        if let Ok(mut t) = game.figures.get_mut(b.target) {
            let what = apply_fire_result(&mut t.4, b.hero, result, turn);
            out.log.push(
                turn,
                format!(
                    "  … back at {}: {:.1} against {:.1}, {}; D8 {die} -> {}",
                    b.name,
                    b.value,
                    b.fp,
                    b.row,
                    super::damage::told(result, what)
                ),
            );
        }
    }
    Ok(())
}
