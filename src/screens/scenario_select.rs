//! The scenario list: bundled scenarios, or a file opened by path.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{RosterRes, Screen, begin, clock_seed};
use crate::cli::load_scenario;
use crate::rules::scenario::BUNDLED;

/// The path typed into "Open a file" and the errors of the last try.
#[derive(Resource, Default)]
struct OpenFile {
    path: String,
    errors: Vec<String>,
}

fn select(
    mut ctx: EguiContexts,
    roster: Res<RosterRes>,
    mut open: ResMut<OpenFile>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) -> Result {
    let ctx = ctx.ctx_mut()?;
    let mut chosen = None;
    let mut root = crate::ui::root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.horizontal(|ui| {
            if ui.button("Back to title").clicked() {
                next.set(Screen::Title);
            }
            ui.heading("Choose a scenario");
        });
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            for (name, _) in BUNDLED {
                match load_scenario(name, &roster) {
                    Ok(loaded) => {
                        ui.group(|ui| {
                            ui.set_width(ui.available_width());
                            ui.horizontal(|ui| {
                                ui.heading(&loaded.2.name);
                                ui.with_layout(
                                    egui::Layout::right_to_left(egui::Align::Center),
                                    |ui| {
                                        if ui
                                            .add_sized([90.0, 28.0], egui::Button::new("Play"))
                                            .clicked()
                                        {
                                            chosen = Some(loaded.clone());
                                        }
                                    },
                                );
                            });
                            ui.label(&loaded.2.description);
                            let sides: Vec<&str> =
                                loaded.2.sides.iter().map(|s| s.name.as_str()).collect();
                            ui.weak(format!(
                                "{} · rules: {} · {}",
                                sides.join(" v "),
                                loaded.2.ruleset,
                                name
                            ));
                        });
                    }
                    Err(es) => {
                        ui.colored_label(egui::Color32::LIGHT_RED, es.join("\n"));
                    }
                }
                ui.add_space(6.0);
            }
            ui.separator();
            ui.heading("Open a scenario file or a saved game");
            ui.horizontal(|ui| {
                ui.label("Path:");
                ui.add(
                    egui::TextEdit::singleline(&mut open.path)
                        .desired_width(420.0)
                        .hint_text("scenarios/tyneside/my_fight.ron"),
                );
                if ui.button("Open").clicked() {
                    let path = open.path.trim().to_string();
                    if let Ok(record) = crate::game::save::load(std::path::Path::new(&path)) {
                        open.errors.clear();
                        commands.queue(move |world: &mut World| {
                            if let Err(es) = super::resume(world, &record) {
                                world.resource_mut::<OpenFile>().errors = es;
                            }
                        });
                    } else {
                        match load_scenario(&path, &roster) {
                            Ok(loaded) => {
                                open.errors.clear();
                                chosen = Some(loaded);
                            }
                            Err(es) => open.errors = es,
                        }
                    }
                }
            });
            for e in &open.errors {
                ui.colored_label(egui::Color32::LIGHT_RED, e);
            }
        });
    });
    if let Some(loaded) = chosen {
        commands.queue(move |world: &mut World| begin(world, loaded, clock_seed()));
    }
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OpenFile>().add_systems(
        EguiPrimaryContextPass,
        select.run_if(in_state(Screen::ScenarioSelect)),
    );
}
