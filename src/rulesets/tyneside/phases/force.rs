//! Force actions in the Movement and Shoot/Act phases: tyneside-skirmish.txt, Jedi powers.
//! "Force actions are declared as done, and will normally take effect during movement or
//! combat."

use bevy::prelude::*;

use super::Effects;
use super::damage::take_out;
use super::movement::{come_down, movable, plan_force_jump, plan_lift};
use crate::rules::dice::DiceExpr;
use crate::rulesets::tyneside::board::Game;
use crate::rulesets::tyneside::components::{Group, InGame, TrickedFrom};
use crate::rulesets::tyneside::rules::doors::{ACTIVATE_REACH, is_shut};
use crate::rulesets::tyneside::rules::force::{
    BLOCK_COST, CHOKE_RANGE, COST, ENHANCE, ForcePower, Hold, LIGHTNING_RANGE, PUSH_RANGE,
    PUSH_STUN_TURNS, actions_per_activation, force_jump_reach, hold_run, jedi_or_better,
    mind_trick_reach, mind_trickable, suppression_heals, throw,
};
use crate::rulesets::tyneside::rules::movement::allowance;
use crate::rulesets::tyneside::rules::orders::Order;
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::turn::TurnPhase;

/// Figure `figure` of the active group uses `power` in `phase`.
///
/// Errors: not a Force user of the active group, no Force point left, the activation's
/// actions used up (one, two for Sith and Jedi Masters), the power not of this phase
/// (Enhance in Movement, lightning and choke in Shoot/Act), lightning by a user not of the Dark
/// Side, a hold on a figure not an enemy it sees within 24" (or a droid, for a choke: "a living
/// opponent"), a choked user ("choked force users can only **Block**"), or a suppression with no
/// wound to suppress.
pub(super) fn use_power(
    game: &mut Game,
    out: &mut Effects,
    figure: &str,
    power: &ForcePower,
    phase: TurnPhase,
    commands: &mut Commands,
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
        return Err(format!(
            "{name} may use the Force only in his own group's activation"
        ));
    }
    if f.cond.held.is_some_and(|(_, h, ..)| h == Hold::Choke) && f.cond.immobilised(turn) {
        return Err(format!(
            "Choke: \"choked force users can only\" Block — {name} is choked"
        ));
    }
    if f.cond.knocked_out(turn) {
        return Err(format!("{name} is knocked out and can use no power"));
    }
    if f.cond.force_points < COST {
        return Err(format!(
            "Jedi powers: \"each action costs 1 Force point\" — {name} has none left"
        ));
    }
    let used = if phase == TurnPhase::Movement {
        f.act.force_actions.0
    } else {
        f.act.force_actions.1
    };
    let allowed = actions_per_activation(f.figure.profile.force_points);
    if used >= allowed {
        return Err(format!(
            "Jedi powers: \"one action an activation (Sith, and Jedi Masters may use 2 an activation)\" — {name} has used {used}"
        ));
    }
    let (user, user_index, side, shoots_after, dark) = (
        f.entity,
        f.figure.index,
        f.figure.side,
        jedi_or_better(f.figure.profile.force_points),
        f.figure.has(Ability::DarkSide),
    );
    // What the power does, checked before anything changes.
    enum Effect {
        Enhance,
        Suppress,
        Seeing,
        Throw {
            moves: Vec<(Entity, String, Vec2, bool)>,
            pull: bool,
            roll: i32,
        },
        Jump {
            landing: Vec2,
            wanted: f32,
            level: u32,
            die: i32,
            allowance: f32,
        },
        Hold(Hold, Entity, bool, String, Option<(usize, Hold, u8, u32)>),
        Trick(Vec<(Entity, String)>),
        Blocked,
        Door(usize, String, bool),
        Lift(Vec<(Entity, String)>, Vec2),
    }
    // Block: "If a Force user is attacked with the Force, they can block the enemy action if
    // they expend 2 Force Points themselves" — an enemy its side has made ready.
    let blocks = |j: usize| {
        let t = &board.figs[j];
        t.cond.ready
            && t.figure.side != f.figure.side
            && t.figure.has(Ability::ForceUser)
            && t.cond.force_points >= BLOCK_COST
            && !t.cond.knocked_out(turn)
    };
    let mut blocked: Vec<usize> = Vec::new();
    let effect = match power {
        ForcePower::Enhance if phase != TurnPhase::Movement => {
            return Err("Enhance doubles movement: use it in the Movement phase".into());
        }
        ForcePower::Enhance if f.act.enhanced => {
            return Err(format!("{name} is already enhanced this turn"));
        }
        ForcePower::Enhance => Effect::Enhance,
        ForcePower::WoundSuppression if !f.cond.wounded() || f.act.suppressed => {
            return Err(format!("{name} has no wound to suppress this turn"));
        }
        ForcePower::WoundSuppression => Effect::Suppress,
        ForcePower::Seeing if f.act.seeing => {
            return Err(format!("{name} already senses hidden figures this turn"));
        }
        ForcePower::Seeing => Effect::Seeing,
        ForcePower::Push {
            targets,
            pull,
            from,
            up_to,
        } => {
            // "current Force level": its Force points before this action's point is paid.
            let level = f.cond.force_points as usize;
            if targets.is_empty() || targets.len() > level {
                return Err(format!(
                    "Push/pull: \"User may move (current Force level) figures\" — 1 to {level} for {name}"
                ));
            }
            let mut chosen: Vec<usize> = Vec::new();
            for t in targets {
                let j = board.fighting(t)?;
                if board.armoured_vehicle(j) {
                    return Err(format!(
                        "Push/pull: a walker is no man-size figure to throw — not {}",
                        board.figs[j].figure.name
                    ));
                }
                if j == u || chosen.contains(&j) {
                    return Err(format!(
                        "Push/pull: each figure once, and not {name} himself"
                    ));
                }
                if board.gap(u, j) > PUSH_RANGE + 1e-3 || !board.sees(u, j) {
                    return Err(format!(
                        "Push/pull: the user must see each figure within 24\" — not {}",
                        board.figs[j].figure.name
                    ));
                }
                chosen.push(j);
            }
            // Thrown away from (or towards) the user, or a friendly figure it sees.
            let origin = match from {
                None => f.pos,
                Some(id) => {
                    let k = board.fighting(id)?;
                    if board.figs[k].figure.side != f.figure.side || !board.sees(u, k) {
                        return Err(format!(
                            "Push/pull: figures are thrown from the user or a friendly figure it sees — not {}",
                            board.figs[k].figure.name
                        ));
                    }
                    board.figs[k].pos
                }
            };
            if up_to.is_some_and(|d| !(d.is_finite() && d > 0.0)) {
                return Err("Push/pull: \"up to\" 2D6\" is a distance over 0\"".into());
            }
            let roll = out
                .dice
                .roll(
                    DiceExpr::nd(2, 6),
                    format!("{}: {name}", if *pull { "Pull" } else { "Push" }),
                )
                .map_err(|e| e.to_string())?;
            out.dice.note_outcome(match up_to {
                Some(d) if *d < roll as f32 => format!("each thrown {d:.1}\" (up to {roll}\")"),
                _ => format!("each thrown {roll}\""),
            });
            // One after another, each stopping short of the bases already where they are.
            let mut bases: Vec<(Vec2, f32)> =
                board.figs.iter().map(|o| (o.pos, o.figure.base)).collect();
            let mut moves = Vec::new();
            blocked.extend(chosen.iter().copied().filter(|&j| blocks(j)));
            for &j in chosen.iter().filter(|j| !blocked.contains(j)) {
                let t = &board.figs[j];
                let away = (t.pos - origin).normalize_or_zero();
                let dir = if *pull { -away } else { away };
                let others: Vec<(Vec2, f32)> = bases
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| *k != j)
                    .map(|(_, b)| *b)
                    .collect();
                let (to, hit) = throw(
                    (t.pos, t.figure.base),
                    dir,
                    up_to.map_or(roll as f32, |d| d.min(roll as f32)),
                    &board.table.terrain,
                    board.table.size,
                    &others,
                );
                bases[j].0 = to;
                moves.push((t.entity, t.figure.name.clone(), to, hit));
            }
            Effect::Throw {
                moves,
                pull: *pull,
                roll,
            }
        }
        ForcePower::ForceJump { .. } if phase != TurnPhase::Movement => {
            return Err("Force jump is a move: use it in the Movement phase".into());
        }
        ForcePower::ForceJump { to } => {
            let (i, order) = movable(&board, game, figure)?;
            let to = Vec2::new(to.0, to.1);
            let wanted = plan_force_jump(&board, i, to, order)?;
            // "current Force level": its Force points before this action's point is paid.
            let level = f.cond.force_points;
            let die = out
                .dice
                .roll(
                    DiceExpr::d(6),
                    format!("Force jump: {name}, level {level} x D6 (wants {wanted:.1}\")"),
                )
                .map_err(|e| e.to_string())?;
            let reach = force_jump_reach(level, die);
            let landing = come_down(&board, i, to, reach);
            out.dice.note_outcome(if reach >= wanted {
                "clears the jump"
            } else {
                "falls short"
            });
            let enhance = if f.act.enhanced { ENHANCE } else { 1.0 };
            Effect::Jump {
                landing,
                wanted,
                level,
                die,
                allowance: allowance(f.figure.profile.move_inches, None) * enhance,
            }
        }
        ForcePower::Lift { .. } if phase != TurnPhase::Movement => {
            return Err(
                "Lift carries figures at the user's movement speed: use it in the Movement phase"
                    .into(),
            );
        }
        ForcePower::Lift { targets, by } => {
            let mut chosen = Vec::new();
            for t in targets {
                chosen.push(board.fighting(t)?);
            }
            let by = Vec2::new(by.0, by.1);
            plan_lift(&board, u, &chosen, by)?;
            // An enemy ready to Block is not lifted.
            blocked.extend(chosen.iter().copied().filter(|&j| blocks(j)));
            Effect::Lift(
                chosen
                    .iter()
                    .filter(|j| !blocked.contains(j))
                    .map(|&j| (board.figs[j].entity, board.figs[j].figure.name.clone()))
                    .collect(),
                by,
            )
        }
        ForcePower::Activate { door } => {
            let k = board.table.door(door)?;
            let piece = &board.table.terrain[k];
            let reach = crate::rulesets::tyneside::rules::doors::gap(piece, f.pos, f.figure.base);
            if reach > ACTIVATE_REACH + 1e-3 {
                return Err(format!(
                    "Activate: {door} is {reach:.1}\" from {name}, beyond the 24\" of the Force's reach"
                ));
            }
            let shut = is_shut(piece);
            if !shut && board.table.broken.contains(&k) {
                return Err(format!(
                    "{door} is broken open: no mechanism is left to shut it"
                ));
            }
            Effect::Door(k, door.clone(), shut)
        }
        ForcePower::MindTrick { targets } => {
            let mut chosen: Vec<usize> = Vec::new();
            for t in targets {
                let j = board.fighting(t)?;
                let tf = &board.figs[j];
                if tf.figure.side == f.figure.side || chosen.contains(&j) {
                    return Err(format!(
                        "Mind Trick: each enemy figure once — not {}",
                        tf.figure.name
                    ));
                }
                if !mind_trickable(&tf.figure.profile.name) {
                    return Err(format!(
                        "Mind Trick: \"(Basic trooper, Stormtrooper only)\" — {} is a {}",
                        tf.figure.name, tf.figure.profile.name
                    ));
                }
                if !board.sees(u, j) {
                    return Err(format!("Visibility: {name} cannot see {}", tf.figure.name));
                }
                chosen.push(j);
            }
            let gaps: Vec<f32> = chosen.iter().map(|&j| board.gap(u, j)).collect();
            mind_trick_reach(&gaps)?;
            Effect::Trick(
                chosen
                    .iter()
                    .map(|&j| (board.figs[j].entity, board.figs[j].figure.name.clone()))
                    .collect(),
            )
        }
        ForcePower::Lightning { .. } | ForcePower::Choke { .. } if phase != TurnPhase::Action => {
            return Err("Force lightning and choke attack in the Shoot/Act phase".into());
        }
        ForcePower::Lightning { .. } if !dark => {
            return Err(format!(
                "Force lightning: \"(Dark Side users only)\" — {name} is not"
            ));
        }
        ForcePower::Lightning { target } | ForcePower::Choke { target } => {
            let (hold, range) = match power {
                ForcePower::Lightning { .. } => (Hold::Lightning, LIGHTNING_RANGE),
                _ => (Hold::Choke, CHOKE_RANGE),
            };
            let t = board.fighting(target)?;
            let tf = &board.figs[t];
            if tf.figure.side == f.figure.side {
                return Err(format!("{} is on the same side", tf.figure.name));
            }
            if board.vehicle(t).is_some() {
                return Err(format!(
                    "Engaging vehicles: \"Only Heavy lasers and bigger weapons can hurt armoured vehicles\" — not the Force; {} is a vehicle",
                    tf.figure.name
                ));
            }
            if hold == Hold::Choke && tf.figure.has(Ability::Droid) {
                return Err(format!(
                    "Choke: \"a living opponent\" — {} is a droid",
                    tf.figure.name
                ));
            }
            if board.gap(u, t) > range + 1e-3 || !board.sees(u, t) {
                return Err(format!(
                    "Jedi powers: the victim must be a figure the user sees within 24\" — not {}",
                    tf.figure.name
                ));
            }
            if blocks(t) {
                blocked.push(t);
                Effect::Blocked
            } else {
                Effect::Hold(
                    hold,
                    tf.entity,
                    tf.figure.spared,
                    tf.figure.name.clone(),
                    tf.cond.held,
                )
            }
        }
    };
    let blockers: Vec<(Entity, String)> = blocked
        .iter()
        .map(|&j| (board.figs[j].entity, board.figs[j].figure.name.clone()))
        .collect();
    drop(board);
    for (blocker, bname) in &blockers {
        if let Ok(mut b) = game.figures.get_mut(*blocker) {
            b.4.force_points -= BLOCK_COST;
        }
        out.log.push(
            turn,
            format!("{bname} blocks {name}'s Force attack (Block, 2 FP)"),
        );
    }
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
                out.log.push(
                    turn,
                    format!("{name} uses Enhance: movement half as long again this turn (1 FP)"),
                );
            }
            Effect::Suppress => {
                me.5.suppressed = true;
                let die = heal.unwrap_or(0);
                out.dice.note_outcome(if suppression_heals(die) {
                    "healed for good"
                } else {
                    "suppressed this turn"
                });
                if suppression_heals(die) {
                    me.4.wounds = me.4.wounds.saturating_sub(1);
                }
                out.log.push(
                    turn,
                    format!(
                        "{name} suppresses a wound (1 FP): values whole this turn; D6 {die}{}",
                        if suppression_heals(die) {
                            " — healed for good"
                        } else {
                            ""
                        }
                    ),
                );
            }
            Effect::Jump {
                landing,
                wanted,
                level,
                die,
                allowance,
            } => {
                let from = me.3.0;
                me.3.0 = *landing;
                me.4.hidden = false;
                // The jump is its whole move: nothing of its allowance is left.
                me.5.moved = allowance.max(from.distance(*landing));
                me.5.travelled += from.distance(*landing);
                me.5.jumped = true;
                out.log.push(
                    turn,
                    format!(
                        "{name} Force-jumps {:.1}\" of the {wanted:.1}\" wanted (1 FP; reach {level} x D6 {die} = {}\")",
                        from.distance(*landing),
                        force_jump_reach(*level, *die)
                    ),
                );
            }
            Effect::Seeing => {
                me.5.seeing = true;
                out.log.push(
                    turn,
                    format!(
                        "{name} uses 'Seeing' (1 FP): hidden figures within 3\" of where they could be seen are sensed this turn"
                    ),
                );
            }
            Effect::Hold(..)
            | Effect::Throw { .. }
            | Effect::Trick(_)
            | Effect::Blocked
            | Effect::Door(..)
            | Effect::Lift(..) => {}
        }
    }
    if let Effect::Throw { moves, pull, roll } = &effect {
        let mut told = Vec::new();
        for (victim, vname, to, hit) in moves {
            if let Ok(mut v) = game.figures.get_mut(*victim) {
                let from = v.3.0;
                v.3.0 = *to;
                v.4.hidden = false;
                if *hit {
                    v.4.knocked_out_until = Some(turn + PUSH_STUN_TURNS);
                }
                told.push(format!(
                    "{vname} {:.1}\"{}",
                    from.distance(*to),
                    if *hit {
                        ", into a solid object: stunned for 3 turns"
                    } else {
                        ""
                    }
                ));
            }
        }
        out.log.push(
            turn,
            format!(
                "{name} {} (1 FP, 2D6 {roll}\"): {}",
                if *pull { "pulls" } else { "pushes" },
                told.join("; ")
            ),
        );
    }
    if let Effect::Lift(lifted, by) = &effect {
        for (e, _) in lifted {
            if let Ok(mut v) = game.figures.get_mut(*e) {
                v.3.0 += *by;
                v.4.hidden = false;
            }
        }
        out.log.push(
            turn,
            format!(
                "{name} lifts {} {:.1}\" (Lift, 1 FP)",
                lifted
                    .iter()
                    .map(|(_, n)| n.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                by.length()
            ),
        );
    }
    if let Effect::Door(k, door, shut) = &effect {
        game.table.set_door(*k, !*shut);
        out.log.push(
            turn,
            format!(
                "{name} uses Activate (1 FP): {door} {}",
                if *shut { "opens" } else { "shuts" }
            ),
        );
    }
    if let Effect::Trick(victims) = &effect {
        let id = trick_group(game, figure, turn, side, dark, victims, commands);
        out.log.push(
            turn,
            format!(
                "{name} uses a Mind trick (1 FP): {} under the control of {} this turn ({id}, acting next{})",
                victims
                    .iter()
                    .map(|(_, n)| n.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                game.table.side_name(side),
                if dark {
                    ", to kill their friends"
                } else {
                    "; no harm to their friends: only the Dark Side guides others to kill them"
                }
            ),
        );
    }
    if let Effect::Hold(hold, victim, hero, vname, previous) = effect {
        let run = hold_run(previous, user_index, hold, turn);
        if let Ok(mut v) = game.figures.get_mut(victim) {
            v.4.held = Some((user_index, hold, run, turn));
            let what = match hold.kills_after(dark) {
                Some(n) if run >= n => take_out(&mut v.4, hero).to_string(),
                Some(n) => format!("is held (turn {run} of {n})"),
                None => format!("is held (turn {run})"),
            };
            let how = match hold {
                Hold::Lightning => "strikes {} with Force lightning",
                Hold::Choke => "chokes {}",
            }
            .replace("{}", &vname);
            out.log.push(turn, format!("{name} {how} (1 FP): {what}"));
        }
    }
    Ok(())
}

/// Force user `figure` is made ready (or stood down) to react in the other sides' turns, by
/// its own side, `side` being the side to act now (none: nobody may).
///
/// tyneside-skirmish.txt, Jedi powers: "Force actions are declared as done". Ruling
/// (docs/rules/tyneside.md): Defend/Deflect, Swipe and Block happen in another side's turn, so
/// the user's side declares them beforehand; readiness costs nothing, and stays until stood
/// down; each reaction pays its Force points when it happens.
///
/// Errors: no such figure fighting, not a Force user, or not of the side to act.
/// Mind trick, tyneside-skirmish.txt, Jedi powers: "May control up to 3 figures (Basic
/// trooper, Stormtrooper only) if within 5″, or one at up to 24″". The `victims` (entity,
/// name) leave their group for a new one of side `side`, `<user>-trick-<turn>`, which acts
/// right after the user's group in this phase and the next and goes back at the end of the
/// turn ([`end_tricks`]). Under a Dark Side user (`kill`) they may attack their own side
/// ("guide others to kill their friends"); otherwise they and their side ignore each other.
/// Its order is Move ("in any direction, and may run"): the controller takes them where it
/// likes. Returns the new group's id.
fn trick_group(
    game: &mut Game,
    user: &str,
    turn: u32,
    side: usize,
    kill: bool,
    victims: &[(Entity, String)],
    commands: &mut Commands,
) -> String {
    let groups = game.all_groups();
    let base = format!("{user}-trick-{turn}");
    let id = (1..)
        .map(|n| {
            if n == 1 {
                base.clone()
            } else {
                format!("{base}-{n}")
            }
        })
        .find(|id| groups.iter().all(|g| &g.id != id))
        .unwrap_or(base);
    let index = groups.iter().map(|g| g.index).max().unwrap_or(0) + 1;
    for (victim, _) in victims {
        if let Ok((_, mut f, mut m, _, mut c, ..)) = game.figures.get_mut(*victim) {
            c.controlled = Some((side, turn));
            c.tricked_from = Some(TrickedFrom {
                side: f.side,
                group: std::mem::replace(&mut m.0, id.clone()),
                kill,
            });
            f.side = side;
        }
    }
    commands.spawn((
        InGame,
        Group::new(
            (
                id.clone(),
                format!(
                    "{} (Mind trick)",
                    victims
                        .iter()
                        .map(|(_, n)| n.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
            side,
            Some(Order::Move),
            victims.len(),
            index,
        ),
    ));
    let at = 1.min(game.turn.queue.len());
    game.turn.queue.insert(at, id.clone());
    id
}

/// The end of a turn: every mind-tricked figure goes back to its own side and group, and the
/// groups the tricks made are gone (Jedi powers, Mind trick: control lasts the turn; ruling,
/// docs/rules/tyneside.md).
pub(super) fn end_tricks(mut game: Game, mut commands: Commands) {
    let mut emptied: Vec<String> = Vec::new();
    for (_, mut f, mut m, _, mut c, ..) in &mut game.figures {
        if let Some(t) = c.tricked_from.take() {
            f.side = t.side;
            emptied.push(std::mem::replace(&mut m.0, t.group));
            c.controlled = None;
        }
    }
    for (e, g) in &game.groups {
        if emptied.contains(&g.id) {
            commands.entity(e).despawn();
        }
    }
}

pub(super) fn make_ready(
    game: &mut Game,
    out: &mut Effects,
    figure: &str,
    ready: bool,
    side: Option<usize>,
) -> Result<(), String> {
    let turn = game.turn.turn;
    let board = game.board();
    let u = board.fighting(figure)?;
    let f = &board.figs[u];
    if !f.figure.has(Ability::ForceUser) {
        return Err(format!("{} does not use the Force", f.figure.name));
    }
    if side != Some(f.figure.side) {
        return Err(format!(
            "{}'s side readies its reactions in its own turn (\"Force actions are declared as done\")",
            f.figure.name
        ));
    }
    let (entity, name) = (f.entity, f.figure.name.clone());
    drop(board);
    if let Ok(mut me) = game.figures.get_mut(entity) {
        me.4.ready = ready;
    }
    out.log.push(
        turn,
        if ready {
            format!("{name} is ready to Deflect or Swipe shots and Block Force attacks")
        } else {
            format!("{name} stands down from reacting with the Force")
        },
    );
    Ok(())
}
