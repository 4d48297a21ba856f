//! A space battle as plain data: what `holotable run` prints (and `--json` gives), and the
//! stable hash a save carries after each command.

use bevy::prelude::*;
use serde::Serialize;

use super::battle::{Battle, Status};
use super::phases::{BattleRes, SpacePhase};
use crate::engine::dice::{DeckRes, DiceRes};
use crate::engine::record::GameLog;
use crate::rules::cards::CardRecord;
use crate::rules::dice::RollRecord;

/// The battle, the phase, each side's score, every roll and card, every event.
#[derive(Clone, Debug, Serialize)]
pub struct SpaceState {
    /// `Move`, `Fire`, `Finish`, `GameOver` or `NoGame`.
    pub phase: String,
    /// The battle.
    pub battle: Battle,
    /// Each side's (craft destroyed, bombing) score.
    pub scores: Vec<(u32, u32)>,
    /// Every roll.
    pub dice: Vec<RollRecord>,
    /// Every card drawn.
    pub cards: Vec<CardRecord>,
    /// Every event, in words.
    pub events: Vec<String>,
}

/// The phase's name.
pub fn phase_name(world: &World) -> String {
    crate::engine::state::phase_name::<SpacePhase>(world)
}

/// The battle in `world` as plain data.
pub fn snapshot(world: &mut World) -> SpaceState {
    let b = world.resource::<BattleRes>().0.clone();
    SpaceState {
        phase: phase_name(world),
        scores: (0..b.sides.len()).map(|s| b.score(s)).collect(),
        battle: b,
        dice: world.resource::<DiceRes>().0.log().to_vec(),
        cards: world.resource::<DeckRes>().0.log().to_vec(),
        events: world.resource::<GameLog>().lines(),
    }
}

/// A stable hash of the battle (its events, and the dice and cards, which the replay compares
/// draw by draw, left out).
pub fn state_hash(world: &mut World) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = crate::engine::hash::StableHasher::default();
    if let Some(b) = world.get_resource::<BattleRes>() {
        b.0.hash(&mut h);
    }
    h.finish()
}

/// The battle as text for `holotable run`: the turn, the score, every craft.
pub fn printout(s: &SpaceState) -> String {
    let b = &s.battle;
    let mut out = format!(
        "Turn {} — {} of {}\n",
        b.turn,
        s.phase,
        b.sides.get(b.side).map_or("?", |x| x.name.as_str())
    );
    if let Some(r) = &b.result {
        out.push_str(&format!("Result: {}\n", r.reason));
    }
    for (i, side) in b.sides.iter().enumerate() {
        let (d, bo) = s.scores[i];
        out.push_str(&format!(
            "{}: destroyed {d} + bombing {bo} ({}) = {}\n",
            side.name,
            b.bombing_words(i),
            d + bo
        ));
        for c in b.craft.iter().filter(|c| c.side == i) {
            let state = match c.status {
                Status::Destroyed { .. } => "destroyed".to_string(),
                Status::Exited => format!(
                    "exited, bombing {}",
                    c.bombing.map_or("-".into(), |v| v.to_string())
                ),
                Status::Waiting => "waiting off the edge".into(),
                Status::Flying => format!(
                    "at {:?} facing {}, {} of {} points left",
                    c.at,
                    c.facing.word(),
                    c.points,
                    c.roll
                ),
            };
            out.push_str(&format!("  {} ({}): {state}\n", c.name(), c.id));
        }
    }
    out
}
