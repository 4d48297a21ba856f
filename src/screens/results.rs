//! The results screen: who won and why, and what became of every figure.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{CurrentScenario, Screen, begin, clock_seed};
use crate::game::components::{Condition, Figure, Status};
use crate::game::table::TableRes;
use crate::game::turn::TurnState;

fn results(
    mut ctx: EguiContexts,
    turn: Res<TurnState>,
    table: Res<TableRes>,
    figures: Query<(&Figure, &Condition)>,
    current: Option<Res<CurrentScenario>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) -> Result {
    let ctx = ctx.ctx_mut()?;
    let mut figs: Vec<(&Figure, &Condition)> = figures.iter().collect();
    figs.sort_by_key(|(f, _)| f.index);
    egui::Window::new("Result")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            let headline = match turn.result.as_ref().and_then(|r| r.winner) {
                Some(w) => format!("{} wins", table.side_name(w)),
                None => "A draw".to_string(),
            };
            ui.heading(egui::RichText::new(headline).size(28.0));
            if let Some(r) = &turn.result {
                ui.label(&r.reason);
            }
            ui.label(format!(
                "{} — after turn {}",
                table.scenario.name, turn.turn
            ));
            ui.separator();
            ui.columns(table.scenario.sides.len(), |cols| {
                for (s, col) in cols.iter_mut().enumerate() {
                    col.strong(table.side_name(s));
                    for (f, c) in figs.iter().filter(|(f, _)| f.side == s) {
                        let state = match c.status {
                            Status::Active if c.wounded() => "wounded",
                            Status::Active => "fighting",
                            Status::Disabled => "disabled",
                            Status::Killed => "killed",
                            Status::Captured => "captured",
                        };
                        col.label(format!("{} — {state}", f.name));
                    }
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                if let Some(cur) = &current
                    && ui.button("Play again").clicked()
                {
                    let loaded = cur.0.clone();
                    commands.queue(move |world: &mut World| begin(world, loaded, clock_seed()));
                }
                if ui.button("Other scenario").clicked() {
                    next.set(Screen::ScenarioSelect);
                }
                if ui.button("Title").clicked() {
                    next.set(Screen::Title);
                }
            });
        });
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        results.run_if(in_state(Screen::Results).and_then(resource_exists::<TableRes>)),
    );
}
