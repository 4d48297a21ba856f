//! The engine every rule set shares (Bevy side): the top-level game state, the command
//! pipeline, the record, saves and verified replays, the headless session, randomness as
//! resources, board geometry and tokens, and the rule-set boundary. Nothing here names a
//! rule set: they plug in through [`ruleset::RuleSet`].

pub mod autosave;
pub mod board;
pub mod by_email;
pub mod dice;
pub mod hash;
pub mod manual_dice;
pub mod pieces;
pub mod pipeline;
pub mod record;
pub mod replay;
pub mod replay_view;
pub mod rules_side;
pub mod ruleset;
pub mod save;
pub mod session;
pub mod state;
pub mod undo;

use bevy::prelude::*;

/// The shared game engine with no rule set and no rendering: states, the notice, the
/// save-request message. Each rule set adds its own plugin (and its pipeline) to it.
pub struct EnginePlugin;

impl Plugin for EnginePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((state::plugin, pipeline::shared));
    }
}
