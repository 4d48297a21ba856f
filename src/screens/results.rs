//! The results screen: who won and why, and what became of every piece.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{CurrentScenario, Screen, begin, clock_seed};
use crate::engine::replay_view::ViewRequest;
use crate::engine::state::Finished;

fn results(
    mut ctx: EguiContexts,
    finished: Res<Finished>,
    current: Option<Res<CurrentScenario>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    mut view: MessageWriter<ViewRequest>,
    (status, notice, mut saves): (
        Res<crate::ui::ShellStatus>,
        Res<crate::engine::pipeline::Notice>,
        MessageWriter<crate::engine::pipeline::SaveRequest>,
    ),
    mut asked_to_save: Local<bool>,
    online: Option<Res<super::online::Online>>,
) -> Result {
    // The game's last notice is not this screen's: only a save's outcome is shown.
    if finished.is_added() {
        *asked_to_save = false;
    }
    let ctx = ctx.ctx_mut()?;
    let sides: Vec<String> = current
        .as_ref()
        .map(|c| c.0.header.sides.iter().map(|s| s.name.clone()).collect())
        .unwrap_or_default();
    let side_name = |s: usize| {
        sides
            .get(s)
            .cloned()
            .unwrap_or_else(|| format!("side {}", s + 1))
    };
    egui::Window::new("Result")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            let headline = match finished.result.winner {
                Some(w) => format!("Victory: {}", side_name(w)),
                None => "A draw".to_string(),
            };
            ui.heading(egui::RichText::new(headline).size(28.0));
            ui.label(&finished.result.reason);
            if let Some(cur) = &current {
                ui.label(format!(
                    "{} — after turn {}",
                    cur.0.header.name, finished.turn
                ));
            }
            ui.separator();
            ui.columns(sides.len().max(1), |cols| {
                for (s, col) in cols.iter_mut().enumerate() {
                    // Left-aligned: a justified column stretches wrapped lines letter by letter.
                    col.with_layout(egui::Layout::top_down(egui::Align::Min), |col| {
                        col.strong(side_name(s));
                        for f in finished.fates.iter().filter(|f| f.side == s) {
                            col.label(format!("{} — {}", f.name, f.fate));
                        }
                    });
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                // Online, "Play again" would start a game on this computer alone: a club's
                // player goes back to its lobby instead.
                let club = matches!(online.as_deref(), Some(super::online::Online::Club { .. }));
                if club
                    && ui
                        .button("Back to the club's lobby")
                        .on_hover_text("Your games and the open ones at this server")
                        .clicked()
                {
                    commands.queue(|world: &mut World| {
                        super::online_title::open_club(world);
                        world
                            .resource_mut::<NextState<Screen>>()
                            .set(Screen::Title);
                    });
                }
                if let Some(cur) = current.as_ref().filter(|_| online.is_none())
                    && ui.button("Play again").clicked()
                {
                    let loaded = cur.0.clone();
                    commands.queue(move |world: &mut World| {
                        if let Err(es) = begin(world, loaded, clock_seed(), &[]) {
                            es.iter().for_each(|e| error!("{e}"));
                        }
                    });
                }
                if ui
                    .button("Replay this game")
                    .on_hover_text(
                        "Step through the game command by command, from its set-up to its end",
                    )
                    .clicked()
                {
                    view.write(ViewRequest::Open);
                }
                if ui
                    .button("Save this game")
                    .on_hover_text("Save the finished game to saves/ in the data folder, to replay it later (Open as replay in the scenario list, or `holotable play --replay FILE`)")
                    .clicked()
                {
                    *asked_to_save = true;
                    // Stamped with the clock, so a second finished game of one scenario
                    // never overwrites the first.
                    let stamp = std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs());
                    saves.write(crate::engine::pipeline::SaveRequest(
                        crate::engine::autosave::saves_folder()
                            .join(format!("{}-finished-{stamp}.ron", status.save_stem)),
                    ));
                }
                if online.is_none() && ui.button("Other scenario").clicked() {
                    next.set(Screen::ScenarioSelect);
                }
                if ui.button("Title").clicked() {
                    next.set(Screen::Title);
                }
            });
            if let Some(saved) = notice.info.as_ref().filter(|_| *asked_to_save) {
                ui.weak(saved);
            }
        });
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        results.run_if(in_state(Screen::Results).and_then(resource_exists::<Finished>)),
    );
}
