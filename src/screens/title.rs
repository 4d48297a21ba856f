//! The title screen, with the reason a game named on the command line could not start.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use crate::engine::pipeline::Notice;
use crate::engine::ruleset::Registry;

fn title(
    mut ctx: EguiContexts,
    registry: Res<Registry>,
    notice: Res<Notice>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = ctx.ctx_mut()?;
    let mut root = crate::ui::root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() * 0.25);
            ui.heading(egui::RichText::new("HOLOTABLE").size(56.0).strong());
            ui.label(
                egui::RichText::new("Star Wars miniature wargames, played entirely on screen")
                    .size(18.0),
            );
            ui.add_space(8.0);
            let titles: Vec<&str> = registry.0.iter().map(|e| e.title).collect();
            ui.label(format!("{} · hotseat for two players", titles.join(" · ")));
            // A game asked for on the command line that could not start says why here.
            if let Some(why) = &notice.refusal {
                ui.add_space(16.0);
                ui.colored_label(egui::Color32::from_rgb(255, 110, 100), why);
            }
            ui.add_space(32.0);
            if ui
                .add_sized(
                    [240.0, 40.0],
                    egui::Button::new(egui::RichText::new("Play a scenario").size(20.0)),
                )
                .clicked()
            {
                next.set(Screen::ScenarioSelect);
            }
            ui.add_space(8.0);
            if ui
                .add_sized([240.0, 32.0], egui::Button::new("Quit"))
                .clicked()
            {
                exit.write(AppExit::Success);
            }
        });
    });
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        title.run_if(in_state(Screen::Title)),
    );
}
