//! The hotseat hand-over screen: when the side to act changes, the table is hidden until the
//! next player clicks, so neither sees what the other must not (orders being placed).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::board::GameView;
use crate::game::turn::TurnPhase;
use crate::input::pointer_side_to_act;

/// Whether the hand-over screen is up, and for which side.
#[derive(Resource, Default, Debug)]
pub struct Handover {
    /// Showing now.
    pub showing: bool,
    /// The side the table was last handed to.
    pub side: Option<usize>,
    /// Never show it (screenshots).
    pub disabled: bool,
}

fn track(view: GameView, phase: Res<State<TurnPhase>>, mut handover: ResMut<Handover>) {
    if view.turn.as_ref().is_some_and(|t| t.is_added()) {
        *handover = Handover {
            disabled: handover.disabled,
            ..default()
        };
    }
    let side = pointer_side_to_act(&view, *phase.get());
    if side.is_some() && side != handover.side {
        handover.side = side;
        handover.showing = !handover.disabled;
    }
    if matches!(phase.get(), TurnPhase::GameOver | TurnPhase::NoGame) {
        handover.showing = false;
    }
}

/// Draws the full-window hand-over screen.
pub fn show(root: &mut egui::Ui, view: &GameView, phase: TurnPhase, handover: &mut Handover) {
    let frame = egui::Frame::central_panel(root.style()).fill(egui::Color32::from_rgb(12, 14, 18));
    egui::CentralPanel::default().frame(frame).show(root, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() * 0.3);
            let name = handover.side.and_then(|s| view.table.as_ref().map(|t| t.side_name(s).to_string())).unwrap_or_default();
            ui.heading(egui::RichText::new(format!("Pass the computer to {name}")).size(32.0));
            ui.add_space(8.0);
            ui.label(match phase {
                TurnPhase::Orders => "Orders are placed in secret: the other side's counters stay hidden until everyone has placed theirs.",
                TurnPhase::Movement => "Movement: your group moves next.",
                TurnPhase::Action => "Shoot/act: your group acts next.",
                _ => "",
            });
            ui.add_space(24.0);
            if ui.add_sized([380.0, 44.0], egui::Button::new(egui::RichText::new(format!("I am {name}: show the table")).size(18.0))).clicked() {
                handover.showing = false;
            }
        });
    });
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Handover>().add_systems(Update, track);
}
