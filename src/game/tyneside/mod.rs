//! The Tyneside skirmish rules as Bevy plugins, one per phase of the turn.

mod damage;
mod medics;
mod melee;
mod morale;
mod movement;
mod orders;
mod shooting;

use bevy::prelude::*;

pub use damage::apply_fire_result;
pub use movement::{MovePlan, plan_step};
pub use orders::in_command;
pub use shooting::{FirePlan, HeroShotOdds, hero_shot_odds, plan_fire_fight};

/// Orders, movement, shooting, close combat, medics and morale.
pub struct TynesidePlugin;

impl Plugin for TynesidePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            orders::plugin,
            movement::plugin,
            shooting::plugin,
            melee::plugin,
            medics::plugin,
            morale::plugin,
        ));
    }
}
