//! The window's pacing of a computer-played side's steps, so a person can follow them (which
//! sides the rules play is [`super::game::Sides`]).

use bevy::prelude::*;

use super::ruleset::RuleSet;

/// How long the window waits between two steps of a computer-played side, seconds.
pub const STEP_PAUSE: f32 = 0.6;

/// In the window: when a side the computer plays is to act, one step of
/// [`RuleSet::ai_step`] every [`STEP_PAUSE`], told under the phase bar as `who: what it did`;
/// a step that cannot go on is shown as the refusal it is. Runs while rule set `R`'s game is
/// on and the replay viewer is closed.
pub fn drive_plugin<R: RuleSet>(app: &mut App, who: &'static str) {
    let drive = move |world: &mut World, mut wait: Local<f32>| {
        let dt = world.resource::<Time>().delta_secs();
        *wait -= dt;
        if *wait > 0.0 {
            return;
        }
        if let Some(step) = R::ai_step(world) {
            *wait = STEP_PAUSE;
            let mut notice = world.resource_mut::<super::pipeline::Notice>();
            match step {
                Ok(what) => notice.info = Some(format!("{who}: {what}")),
                Err(why) => notice.refusal = Some(why),
            }
        }
    };
    app.add_systems(
        Update,
        drive
            .run_if(super::state::playing(R::ID))
            .run_if(super::replay_view::not_viewing)
            .after(super::pipeline::CommandPipeline),
    );
}
