//! A battle as plain data: what `holotable run` prints (and `--json` gives), and the stable
//! hash a save carries after each command.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::phases::{BattlePhase, BattleRes};
use super::rules::map::col_row;
use crate::engine::dice::DiceRes;
use crate::engine::record::GameLog;
use crate::engine::state::GameResult;
use crate::rules::dice::RollRecord;

/// One unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitState {
    /// Scenario id.
    pub id: String,
    /// Unit chart row.
    pub profile: String,
    /// Side index.
    pub side: usize,
    /// `(column, row)`.
    pub at: (i32, i32),
    /// Still in the game.
    pub alive: bool,
    /// Activated this turn.
    pub activated: bool,
    /// The transporter carrying it.
    pub aboard: Option<String>,
    /// Force points (Jedis).
    pub force_points: u32,
    /// Hidden from the other side.
    pub hidden: bool,
    /// How it left the game.
    pub fate: Option<String>,
}

/// One side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideView {
    /// Display name.
    pub name: String,
    /// Quality now.
    pub quality: String,
    /// Passes this turn.
    pub passes: u32,
    /// Leader bonuses left this turn.
    pub leader_bonuses: u32,
    /// Artillery pieces, aerial shots and bombardments left.
    pub support: (u32, u32, u32),
    /// Units still fighting.
    pub fighting: usize,
}

/// The whole battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleState {
    /// Turn number.
    pub turn: u32,
    /// `Impulse`, `Extra` or `GameOver`.
    pub phase: String,
    /// (side, number, activations allowed, used).
    pub impulse: (usize, u32, u32, u32),
    /// The result, once over.
    pub result: Option<GameResult>,
    /// Both sides.
    pub sides: Vec<SideView>,
    /// Every unit, in scenario order.
    pub units: Vec<UnitState>,
    /// Hexes whose building is rubble now.
    pub rubble: Vec<(i32, i32)>,
    /// Every roll.
    pub dice: Vec<RollRecord>,
    /// Every event, in words.
    pub events: Vec<String>,
}

/// The phase's name: `Impulse`, `Extra`, `GameOver` or `NoGame`.
pub fn phase_name(world: &World) -> String {
    crate::engine::state::phase_name::<BattlePhase>(world)
}

/// The battle in `world` as plain data.
pub fn snapshot(world: &mut World) -> BattleState {
    let phase = phase_name(world);
    let b = &world.resource::<BattleRes>().0;
    let sides = b
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| SideView {
            name: s.name.clone(),
            quality: format!("{:?}", s.quality),
            passes: s.passes,
            leader_bonuses: s.leader_bonuses,
            support: (s.artillery, s.aerial_support, s.space_bombardment),
            fighting: b.fighting(i),
        })
        .collect();
    let units = b
        .units
        .iter()
        .map(|u| UnitState {
            id: u.id.clone(),
            profile: u.profile.name.clone(),
            side: u.side,
            at: col_row(u.at),
            alive: u.alive,
            activated: u.activated,
            aboard: u.carried_by.map(|c| b.units[c].id.clone()),
            force_points: u.force_points,
            hidden: u.hidden,
            fate: u.fate.clone(),
        })
        .collect();
    let rubble = b.map.rubble().into_iter().map(col_row).collect();
    BattleState {
        turn: b.turn,
        phase,
        impulse: (
            b.impulse.side,
            b.impulse.number,
            b.impulse.allowed,
            b.impulse.used,
        ),
        result: b.result.clone(),
        sides,
        units,
        rubble,
        dice: world.resource::<DiceRes>().log().to_vec(),
        events: world.resource::<GameLog>().lines(),
    }
}

/// A stable hash of the battle: the snapshot less the dice and the events (the replay compares
/// the dice roll by roll).
pub fn state_hash(world: &mut World) -> u64 {
    let mut s = snapshot(world);
    s.dice.clear();
    s.events.clear();
    crate::engine::hash::json_hash(&s)
}

/// The battle as text for `holotable run`.
pub fn printout(s: &BattleState) -> String {
    let mut out = format!(
        "Turn {} — {} {} of {}: {} of {} activations used\n",
        s.turn,
        s.phase,
        s.impulse.1,
        s.sides.get(s.impulse.0).map_or("?", |x| x.name.as_str()),
        s.impulse.3,
        s.impulse.2
    );
    if let Some(r) = &s.result {
        let w = r
            .winner
            .and_then(|w| s.sides.get(w))
            .map_or("nobody", |x| x.name.as_str());
        out.push_str(&format!("Result: {w} win — {}\n", r.reason));
    }
    for (i, side) in s.sides.iter().enumerate() {
        out.push_str(&format!(
            "{} ({}): {} fighting, passes {}, leader bonuses {}, artillery {}, aerial {}, bombardment {}\n",
            side.name, side.quality, side.fighting, side.passes, side.leader_bonuses, side.support.0, side.support.1, side.support.2
        ));
        for u in s.units.iter().filter(|u| u.side == i) {
            let state = match (&u.fate, &u.aboard) {
                (Some(f), _) => f.clone(),
                (None, Some(t)) => format!("aboard {t}"),
                (None, None) if u.activated => "activated".into(),
                (None, None) => "ready".into(),
            };
            out.push_str(&format!(
                "  {:<8} {:<26} ({:>2}, {:>2})  {state}{}\n",
                u.id,
                u.profile,
                u.at.0,
                u.at.1,
                if u.force_points > 0 {
                    format!(", {} Force points", u.force_points)
                } else {
                    String::new()
                }
            ));
        }
    }
    out.push_str("Events:\n");
    for e in &s.events {
        out.push_str(&format!("  {e}\n"));
    }
    out
}
