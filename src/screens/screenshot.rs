//! `holotable screenshot`: wait for the table to be drawn, save the frame, quit.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

/// Frames to wait at least before the shot, and frames with no render pipeline compiling
/// (the table drawn in full: a mesh whose pipeline is not ready is not drawn) just before it;
/// then frames to wait after it before quitting (the file is written asynchronously).
const SHOOT_AT: u32 = 30;
const QUIET: u32 = 10;
const QUIT_AFTER: u32 = 30;
/// The shot is taken at this frame even with pipelines still compiling, and the app gives up
/// this long after it.
const LAST_CHANCE: u32 = 600;

#[derive(Resource)]
struct ShotPlan {
    out: PathBuf,
    frame: u32,
    /// Frames in a row with no pipeline compiling.
    quiet: u32,
    /// The frame the shot was taken at.
    shot: Option<u32>,
}

fn tick(
    mut plan: ResMut<ShotPlan>,
    compiling: Option<Res<crate::view::Compiling>>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    plan.frame += 1;
    let busy = compiling.is_some_and(|c| c.busy());
    plan.quiet = if busy { 0 } else { plan.quiet + 1 };
    let ready = plan.frame >= SHOOT_AT && plan.quiet >= QUIET;
    if plan.shot.is_none() && (ready || plan.frame >= LAST_CHANCE) {
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(plan.out.clone()));
        plan.shot = Some(plan.frame);
    }
    let Some(at) = plan.shot else {
        return;
    };
    if plan.frame >= at + QUIT_AFTER && plan.out.exists() {
        exit.write(AppExit::Success);
    }
    if plan.frame > at + LAST_CHANCE {
        error!("the screenshot was not written to {}", plan.out.display());
        exit.write(AppExit::error());
    }
}

/// Takes the screenshot to `out` and exits.
pub fn plugin(out: PathBuf) -> impl Fn(&mut App) {
    move |app: &mut App| {
        let _ = std::fs::remove_file(&out);
        app.insert_resource(ShotPlan {
            out: out.clone(),
            frame: 0,
            quiet: 0,
            shot: None,
        })
        .insert_resource(crate::ui::Handover {
            disabled: true,
            ..default()
        })
        .add_systems(Update, tick);
    }
}
