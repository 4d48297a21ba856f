//! `holotable screenshot`: wait for the table to be drawn, save the frame, quit.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

/// Frames to wait before the shot (the software renderer needs a few to settle), and after
/// it before quitting (the file is written asynchronously).
const SHOOT_AT: u32 = 30;
const QUIT_AT: u32 = 60;

#[derive(Resource)]
struct ShotPlan {
    out: PathBuf,
    frame: u32,
}

fn tick(mut plan: ResMut<ShotPlan>, mut commands: Commands, mut exit: MessageWriter<AppExit>) {
    plan.frame += 1;
    if plan.frame == SHOOT_AT {
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(plan.out.clone()));
    }
    if plan.frame >= QUIT_AT && plan.out.exists() {
        exit.write(AppExit::Success);
    }
    if plan.frame > QUIT_AT * 10 {
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
        })
        .insert_resource(crate::ui::Handover {
            disabled: true,
            ..default()
        })
        .add_systems(Update, tick);
    }
}
