//! The egui panels of the playing screen: phase bar, orders and groups, unit card, fire
//! fight, dice and event log, hand-over screen, help, and the words by the cursor. Panels read
//! the game and send `Command`s; they never change the game themselves.

mod dice_log;
mod firefight;
mod handover;
mod help;
mod orders;
mod phase_bar;
mod tooltips;
mod unit_card;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub use handover::Handover;

use crate::game::board::GameView;
use crate::game::commands::{Command, CommandOutcome, Outcomes};
use crate::game::dice::DiceRes;
use crate::game::record::{GameLog, GameRecord};
use crate::game::turn::TurnPhase;
use crate::input::{MovePreview, PointerState, SightPreview};
use crate::screens::Screen;
use crate::view::PanelInsets;

/// A root `Ui` over the whole window, for panels (egui 0.36 shows panels inside a `Ui`).
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// A side's colour for egui text.
pub fn side_colour32(side: usize) -> egui::Color32 {
    let c = crate::view::side_colour(side).to_srgba();
    egui::Color32::from_rgb(
        (c.red * 255.0) as u8,
        (c.green * 255.0) as u8,
        (c.blue * 255.0) as u8,
    )
}

/// What the panels remember between frames.
#[derive(Resource, Default)]
pub struct UiState {
    /// The last refusal to show in the phase bar.
    pub notice: Option<String>,
    /// A note that is not a refusal (where a game was saved).
    pub info: Option<String>,
    /// Help overlay open.
    pub help: bool,
    /// Fire-fight choices for the active group.
    pub fire: firefight::FireChoice,
    /// Typed-in dice for players who roll their own.
    pub dice_text: String,
}

#[allow(clippy::too_many_arguments)]
fn layout(
    mut ctx: EguiContexts,
    view: GameView,
    phase: Res<State<TurnPhase>>,
    dice: Option<ResMut<DiceRes>>,
    record: Option<Res<GameRecord>>,
    log: Option<Res<GameLog>>,
    mut outcomes: ResMut<Outcomes>,
    mut pointer: ResMut<PointerState>,
    preview: Res<MovePreview>,
    sight: Res<SightPreview>,
    mut state: ResMut<UiState>,
    mut handover: ResMut<Handover>,
    mut insets: ResMut<PanelInsets>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut send: MessageWriter<Command>,
) -> Result {
    let ctx = ctx.ctx_mut()?.clone();
    for o in outcomes.0.drain(..) {
        state.info = None;
        if let CommandOutcome::Refused(_, reason) = o {
            state.notice = Some(reason);
        } else {
            state.notice = None;
        }
    }
    if ctx.input(|i| i.key_pressed(egui::Key::F1)) {
        state.help = !state.help;
    }
    let mut root = root_ui(&ctx);
    let mut out: Vec<Command> = Vec::new();
    let phase = *phase.get();
    if handover.showing {
        handover::show(&mut root, &view, phase, &mut handover);
        *insets = PanelInsets::default();
        return Ok(());
    }
    let top = phase_bar::show(
        &mut root,
        &view,
        phase,
        record.as_deref(),
        &mut state,
        &mut next_screen,
        &mut out,
    )
    .height();
    let bottom = dice_log::show(&mut root, dice, log, &mut state).height();
    let left = orders::show(&mut root, &view, phase, &mut pointer, &mut out).width();
    let right = egui::Panel::right("right")
        .default_size(330.0)
        .resizable(true)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                unit_card::show(ui, &view, &pointer);
                ui.separator();
                firefight::show(ui, &view, phase, &mut state.fire, &mut out);
            });
        });
    let right = right.response.rect.width();
    let new = PanelInsets {
        left,
        right,
        top,
        bottom,
    };
    if *insets != new {
        *insets = new;
    }
    tooltips::show(&ctx, &pointer, &preview, &sight);
    if state.help {
        help::show(&ctx, &mut state.help);
    }
    for c in out {
        send.write(c);
    }
    Ok(())
}

/// The panels of the playing screen.
pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<UiState>()
            .add_plugins(handover::plugin)
            .add_systems(
                EguiPrimaryContextPass,
                layout.run_if(in_state(Screen::Playing)),
            );
    }
}
