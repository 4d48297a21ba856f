//! Tooltips wait for the player's hand: none opens until the pointer has moved once. A
//! window that opens under a resting pointer (Xvfb puts it in the middle, over the title's
//! second button) showed a tooltip over the buttons below before anything was touched.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// Until the pointer moves or a button is pressed, tooltips wait for ever; then egui's own
/// delay, kept in `kept`, is given back.
fn wait_for_the_hand(
    mut ctx: EguiContexts,
    mut kept: Local<Option<f32>>,
    mut done: Local<bool>,
) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = ctx.ctx_mut()?;
    let delay = *kept.get_or_insert_with(|| ctx.global_style().interaction.tooltip_delay);
    if ctx.input(|i| i.pointer.delta() != egui::Vec2::ZERO || i.pointer.any_down()) {
        ctx.all_styles_mut(|s| s.interaction.tooltip_delay = delay);
        *done = true;
    } else {
        ctx.all_styles_mut(|s| s.interaction.tooltip_delay = f32::INFINITY);
    }
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        wait_for_the_hand.before(super::ShellSet),
    );
}
