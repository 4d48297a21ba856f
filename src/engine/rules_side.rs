//! The window's pacing of a computer-played side's steps, so a person can follow them (which
//! sides the rules play is [`super::game::Sides`]).

use bevy::prelude::*;

use super::ruleset::RuleSet;

/// One step of a side the rules play ([`RuleSet::ai_step`]), as the window, `holotable run`,
/// the balance report and the tests take it. While a roll or a card the players roll or draw
/// themselves is wanted (manual dice), no step: a person must type it in first. A step that
/// came to want one waits for it: the choice that wanted it is made again once it is there,
/// and every other choice was refused meanwhile ([`super::manual_dice`]), so the typed face
/// goes to the throw it was asked for.
///
/// Errors: as [`RuleSet::ai_step`]'s, a side that cannot go on.
pub fn step<R: RuleSet>(world: &mut World) -> Option<Result<String, String>> {
    if super::manual_dice::waiting(world).is_some() {
        return None;
    }
    let step = R::ai_step(world)?;
    Some(match super::manual_dice::waiting(world) {
        Some(what) => Ok(format!("waits for {what}")),
        None => step,
    })
}

/// How long the window waits between two steps of a computer-played side, seconds.
pub const STEP_PAUSE: f32 = 0.6;

/// Asks the window for another frame (where there is one: not in headless tests).
fn keep_drawing(world: &mut World) {
    if world.contains_resource::<Messages<bevy::window::RequestRedraw>>() {
        world.write_message(bevy::window::RequestRedraw);
    }
}

/// In the window: when a side the computer plays is to act, one step of
/// [`RuleSet::ai_step`] every [`STEP_PAUSE`], told under the phase bar as `who: what it did`;
/// a step that cannot go on is shown as the refusal it is. Runs while rule set `R`'s game is
/// on and the replay viewer is closed.
pub fn drive_plugin<R: RuleSet>(app: &mut App, who: &'static str) {
    let drive = move |world: &mut World, mut wait: Local<f32>| {
        let dt = world.resource::<Time>().delta_secs();
        *wait -= dt;
        if *wait > 0.0 {
            // The window draws on a change only: the pause is a change to come.
            keep_drawing(world);
            return;
        }
        if let Some(step) = step::<R>(world) {
            *wait = STEP_PAUSE;
            keep_drawing(world);
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
