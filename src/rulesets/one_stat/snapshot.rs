//! A 1 Stat Skirmish as plain data: what `holotable run` prints (and `--json` gives), and the
//! stable hash a save carries after each command.

use bevy::prelude::*;
use serde::Serialize;

use super::phases::{OneStatPhase, SkirmishRes};
use super::skirmish::{Skirmish, Stage, Standing};
use crate::engine::dice::DiceRes;
use crate::engine::record::GameLog;
use crate::rules::dice::RollRecord;

/// The game, the phase, every roll, every event.
#[derive(Clone, Debug, Serialize)]
pub struct OneStatState {
    /// `Initiative`, `Activation`, `GameOver` or `NoGame`.
    pub phase: String,
    /// The game.
    pub skirmish: Skirmish,
    /// Every roll.
    pub dice: Vec<RollRecord>,
    /// Every event, in words.
    pub events: Vec<String>,
}

/// The phase's name.
pub fn phase_name(world: &World) -> String {
    crate::engine::state::phase_name::<OneStatPhase>(world)
}

/// The game in `world` as plain data.
pub fn snapshot(world: &mut World) -> OneStatState {
    OneStatState {
        phase: phase_name(world),
        skirmish: world.resource::<SkirmishRes>().0.clone(),
        dice: world.resource::<DiceRes>().0.log().to_vec(),
        events: world.resource::<GameLog>().lines(),
    }
}

/// A stable hash of the game (its events, and the dice, which the replay compares roll by
/// roll, left out).
pub fn state_hash(world: &mut World) -> u64 {
    let Some(s) = world.get_resource::<SkirmishRes>() else {
        return 0;
    };
    let mut s = s.0.clone();
    s.events.clear();
    crate::engine::hash::json_hash(&s)
}

/// The game as text for `holotable run`: the events, then the phase, the order, every
/// fighter, the result.
pub fn printout(st: &OneStatState) -> String {
    let s = &st.skirmish;
    let mut out = String::new();
    for e in &st.events {
        out.push_str(e);
        out.push('\n');
    }
    out.push_str(&format!("Phase {} — {}\n", s.phase, st.phase));
    match &s.stage {
        Stage::Mustering(c) if !c.is_empty() => {
            out.push_str(&format!("{} musters his warband\n", s.players[c[0]].name));
        }
        Stage::Choosing(c) if !c.is_empty() => {
            out.push_str(&format!(
                "{} chooses a place in the order\n",
                s.players[c[0]].name
            ));
        }
        _ => {}
    }
    if let Some(r) = &s.result {
        out.push_str(&format!("Result: {}\n", r.reason));
    }
    for (p, player) in s.players.iter().enumerate() {
        let place = s.order.iter().position(|o| *o == Some(p));
        out.push_str(&format!(
            "{}{}:\n",
            player.name,
            place.map_or(String::new(), |k| format!(" (place {})", k + 1))
        ));
        for (i, f) in s.fighters.iter().enumerate().filter(|(_, f)| f.player == p) {
            let state = match f.standing {
                Standing::Upright => "upright",
                Standing::Down => "wounded, lying down",
                Standing::Removed => "out of the game",
            };
            out.push_str(&format!(
                "  [{i}] {} ({} d{}, stat {}) at ({:.1}, {:.1}): {state}{}{}{}\n",
                f.fighter.name,
                f.fighter.tier.word(),
                f.die(),
                f.fighter.stat,
                f.at.x,
                f.at.y,
                if f.activated { ", activated" } else { "" },
                if f.animal { ", in animal shape" } else { "" },
                match (f.demon, f.wild) {
                    (Some(_), true) => ", a demon out of control",
                    (Some(_), false) => ", a demon",
                    _ => "",
                }
            ));
        }
    }
    if s.score.iter().any(|v| *v > 0) || s.goal.is_action() {
        out.push_str(&format!(
            "Victory Points: {}\n",
            s.score
                .iter()
                .enumerate()
                .map(|(p, v)| format!("{} {v}", s.players[p].name))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    for (k, t) in s.tokens.iter().enumerate() {
        let at = s.token_at(k);
        out.push_str(&format!(
            "token [{k}] {} at ({:.1}, {:.1}){}\n",
            t.kind.word(&s.players),
            at.x,
            at.y,
            t.carrier.map_or(String::new(), |c| format!(
                ", carried by {}",
                s.fighters[c].fighter.name
            ))
        ));
    }
    if let Some(d) = &s.device {
        out.push_str(&format!(
            "Trigger Device: {} tokens{}\n",
            d.stack.tokens,
            d.worked.map_or(String::new(), |p| format!(
                ", worked for {}",
                s.players[p].name
            ))
        ));
    }
    for (p, player) in s.players.iter().enumerate() {
        if s.rerolls_of(p) > 0 {
            let n = s.rerolls_of(p);
            out.push_str(&format!(
                "{} {} {n} reroll{}\n",
                player.name,
                crate::rules::words::verb(&player.name, "holds", "hold"),
                if n == 1 { "" } else { "s" }
            ));
        }
    }
    if let Some(d) = &s.device_attack {
        out.push_str(&format!(
            "The Trigger Device owes {} an attack on {}\n",
            s.players[d.player].name,
            if d.area {
                "an area"
            } else {
                "an opposing fighter"
            }
        ));
    }
    if let Some(sol) = &s.solitaire {
        if !sol.spawn_points.is_empty() {
            out.push_str(&format!(
                "Spawn points: {}\n",
                sol.spawn_points
                    .iter()
                    .enumerate()
                    .map(|(k, at)| format!(
                        "{} ({:.0}, {:.0}){}",
                        k + 1,
                        at.x,
                        at.y,
                        if sol.shut.get(k) == Some(&true) {
                            " shut down"
                        } else {
                            ""
                        }
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if let Some((left, _)) = sol.doom {
            out.push_str(&format!("The doom device: {left} turns left\n"));
        }
    }
    out
}
