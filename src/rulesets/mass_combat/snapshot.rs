//! A mass combat as plain data: what `holotable run` prints (and `--json` gives), and the
//! stable hash a save carries after each command.

use bevy::prelude::*;
use serde::Serialize;

use super::battle::{Battle, Status};
use super::phases::{BattleRes, MassPhase};
use crate::engine::dice::DiceRes;
use crate::engine::record::GameLog;
use crate::rules::dice::RollRecord;

/// The battle, the phase, every roll, every event.
#[derive(Clone, Debug, Serialize)]
pub struct MassState {
    /// `Declare`, `Redeclare`, `React`, `GameOver` or `NoGame`.
    pub phase: String,
    /// The battle.
    pub battle: Battle,
    /// Every roll.
    pub dice: Vec<RollRecord>,
    /// Every event, in words.
    pub events: Vec<String>,
}

/// The phase's name. While the battle is on, its stage's: the phase state follows the battle a
/// schedule run later, so a battle just set up that opens with the declarations (commanders
/// ignored) read `Tactics` until then.
pub fn phase_name(world: &World) -> String {
    let name = crate::engine::state::phase_name::<MassPhase>(world);
    match world.get_resource::<BattleRes>() {
        Some(b) if world.get_resource::<State<MassPhase>>().is_some() => {
            format!("{:?}", MassPhase::of(b.0.stage))
        }
        _ => name,
    }
}

/// The battle in `world` as plain data.
pub fn snapshot(world: &mut World) -> MassState {
    MassState {
        phase: phase_name(world),
        battle: world.resource::<BattleRes>().0.clone(),
        dice: world.resource::<DiceRes>().0.log().to_vec(),
        events: world.resource::<GameLog>().lines(),
    }
}

/// A stable hash of the battle (its events, the last round's reports, and the dice, which the
/// replay compares roll by roll, left out).
pub fn state_hash(world: &mut World) -> u64 {
    let Some(b) = world.get_resource::<BattleRes>() else {
        return 0;
    };
    let mut b = b.0.clone();
    b.events.clear();
    b.last_attacks.clear();
    b.last_fire.clear();
    crate::engine::hash::json_hash(&b)
}

/// The battle as text for `holotable run`: the round log (which reads like the text's worked
/// example), then the round, every unit, the result.
pub fn printout(s: &MassState) -> String {
    let b = &s.battle;
    let mut out = String::new();
    for e in &s.events {
        out.push_str(e);
        out.push('\n');
    }
    out.push_str(&format!("Round {} — {}\n", b.round, s.phase));
    if let Some(r) = &b.result {
        out.push_str(&format!("Result: {}\n", r.reason));
    }
    for (i, side) in b.sides.iter().enumerate() {
        out.push_str(&format!(
            "{} (commander {}, command {}):\n",
            side.name, side.commander.name, side.commander.command
        ));
        for u in b.units.iter().filter(|u| u.side == i) {
            let state = match &u.status {
                Status::Fighting => "fighting".to_string(),
                Status::Retreating => "in full retreat".into(),
                Status::Aboard(t) => format!("aboard {t}"),
                Status::Surrendered => "surrendered".into(),
                Status::Fled => "fled".into(),
                Status::Destroyed => "destroyed".into(),
                Status::Joined(t) => format!("joined {t}"),
            };
            out.push_str(&format!(
                "  {} ({}): {} of {} at ({:.0}, {:.0}) m, {state}{}\n",
                u.name,
                u.id,
                u.size,
                u.start,
                u.at.0,
                u.at.1,
                u.damage_words().map_or(String::new(), |w| format!(", {w}"))
            ));
        }
    }
    out
}
