//! The engine every rule set shares (Bevy side): the top-level game state, the command
//! pipeline, the record, saves and verified replays, the headless session, randomness as
//! resources, board geometry and tokens, and the rule-set boundary. Nothing here names a
//! rule set: they plug in through [`ruleset::RuleSet`].

pub mod autosave;
pub mod away;
pub mod board;
pub mod by_email;
pub mod club_import;
pub mod club_proof;
pub mod dice;
pub mod game;
pub mod hash;
pub mod hint;
pub mod last_attack;
pub mod manual_dice;
pub mod online;
pub mod pieces;
pub mod pipeline;
pub mod record;
pub mod registry;
pub mod replay;
pub mod replay_view;
pub mod rules_side;
pub mod ruleset;
pub mod save;
pub mod seed_draw;
pub mod session;
pub mod signing;
pub mod state;
pub mod undo;

use bevy::prelude::*;

/// The shared game engine with no rule set and no rendering: states, the game's life, the
/// notice, the save-request message, and what the features share. Each rule set adds its own
/// plugin, which adds [`plugin`] for itself.
pub struct EnginePlugin;

impl Plugin for EnginePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            state::plugin,
            game::plugin,
            pipeline::shared,
            undo::shared,
            replay_view::shared,
            manual_dice::shared,
            by_email::shared,
            hint::shared,
            last_attack::shared,
        ));
    }
}

/// The engine for rule set `R`: its command pipeline, then each feature plugged into it (in
/// this order, which is the order of their hooks: the replay that puts a game back, undo's
/// marks, autosave, play by e-mail, manual dice, the replay viewer, the hint, online play). A
/// rule set's `plugin` calls this.
pub fn plugin<R: ruleset::RuleSet>(app: &mut App) {
    pipeline::plugin::<R>(app);
    replay::plugin::<R>(app);
    undo::plugin::<R>(app);
    autosave::plugin::<R>(app);
    by_email::plugin::<R>(app);
    manual_dice::plugin::<R>(app);
    replay_view::plugin::<R>(app);
    hint::plugin::<R>(app);
    online::plugin::<R>(app);
    away::plugin::<R>(app);
    last_attack::plugin::<R>(app);
}
