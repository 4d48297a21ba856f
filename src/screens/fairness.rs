//! "Is this scenario fair?": the balance report of `holotable sim` from the scenario list, its
//! games played on background threads while the list stays live, then shown with its plots
//! (egui_plot) in a window over the list.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::JoinHandle;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_plot::{Bar, BarChart, Legend, Line, Plot, PlotPoints};

use super::Screen;
use crate::engine::registry::RuleSetEntry;
use crate::engine::ruleset::Loaded;
use crate::rules::search::Budget;
use crate::sim::{Report, SimOptions};

/// Games the window plays by the rules' own policy: enough for an interval of about ±4
/// points, in seconds.
pub const GAMES: usize = 500;
/// Games the window then plays with the searching opponent on both sides: seconds to a minute
/// or two on two cores (a space battle 3 s in all, a battlefield about 40 s, 1 Stat
/// Skirmish's `bombing_run` 82 s), for an interval of about ±15 points.
pub const SEARCHED_GAMES: usize = 40;
/// The searching opponent's budget a decision in those games: short, and counted in playouts
/// so `holotable sim NAME --games 40 --search all --playouts 50` prints the same report.
pub const SEARCH_PLAYOUTS: u32 = 50;
/// The window's seed, so `holotable sim NAME --games 500` prints the same report.
pub const SEED: u64 = 1;

/// The button's tooltip: what the report plays for rule set `entry`.
pub fn what_it_plays(entry: Option<&RuleSetEntry>) -> String {
    let plain = format!(
        "The rules play both sides of {GAMES} games: win rates with their 95% intervals, \
         game length, what decided the games, casualties"
    );
    if entry.is_some_and(|e| e.searches) {
        format!(
            "{plain}; then the searching opponent plays both sides of {SEARCHED_GAMES} games \
             ({SEARCH_PLAYOUTS} playouts a decision, up to a minute or two), each side playing to win"
        )
    } else {
        plain
    }
}

/// One report being played on background threads, or played.
struct Run {
    /// Games it plays.
    games: usize,
    /// Games played so far (the workers count them).
    done: Arc<AtomicUsize>,
    /// The workers, until they finish.
    job: Option<JoinHandle<Result<Report, String>>>,
    /// The report, or why there is none.
    result: Option<Result<Report, String>>,
}

impl Run {
    /// Starts playing `options` of `loaded` on a thread of its own.
    fn start(entry: RuleSetEntry, loaded: Loaded, options: SimOptions) -> Self {
        let done = Arc::new(AtomicUsize::new(0));
        let counter = done.clone();
        let games = options.games;
        let job = std::thread::Builder::new()
            .name("balance report".into())
            .spawn(move || crate::sim::simulate(&entry, &loaded, &options, &counter));
        let (job, result) = match job {
            Ok(j) => (Some(j), None),
            Err(e) => (None, Some(Err(format!("cannot start the games: {e}")))),
        };
        Self {
            games,
            done,
            job,
            result,
        }
    }

    /// Takes the report once the workers have finished.
    fn collect(&mut self) {
        if self.job.as_ref().is_some_and(JoinHandle::is_finished)
            && let Some(job) = self.job.take()
        {
            self.result = Some(
                job.join()
                    .unwrap_or_else(|_| Err("the games stopped with an internal error".into())),
            );
        }
    }

    /// Its progress bar while it plays (asking for the next frame); `true` once played.
    fn progress(&self, ui: &mut egui::Ui) -> bool {
        if self.result.is_some() {
            return true;
        }
        let done = self.done.load(Ordering::Relaxed);
        ui.add(
            egui::ProgressBar::new(done as f32 / self.games.max(1) as f32)
                .text(format!("{done} of {} games", self.games)),
        );
        ui.ctx().request_repaint();
        false
    }
}

/// The reports being made or shown: the rules' own policy on both sides, then (where the
/// rule set has one) the searching opponent on both sides.
#[derive(Resource)]
pub struct Fairness {
    /// The scenario's name (bundled) or file, for the command line equivalent.
    name: String,
    /// Its title.
    title: String,
    /// The rules' own policy on every side.
    plain: Run,
    /// The searching opponent on every side, once the first report is done.
    searched: Option<Run>,
    /// What the searched report will play, until it starts.
    to_search: Option<(RuleSetEntry, Loaded)>,
}

impl Fairness {
    /// Starts playing the report of `loaded` (bundled as `name`) on every core; the searched
    /// report follows it where the rule set has a searching opponent.
    pub fn start(entry: RuleSetEntry, loaded: Loaded, name: &str) -> Self {
        let title = loaded.header.name.clone();
        let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
        let to_search = entry.searches.then(|| (entry.clone(), loaded.clone()));
        let plain = Run::start(entry, loaded, SimOptions::new(GAMES, SEED, jobs));
        Self {
            name: name.trim_end_matches(".ron").to_string(),
            title,
            plain,
            searched: None,
            to_search,
        }
    }
}

fn show(
    mut ctx: EguiContexts,
    fairness: Option<ResMut<Fairness>>,
    mut commands: Commands,
) -> Result {
    let Some(mut f) = fairness else {
        return Ok(());
    };
    f.plain.collect();
    if f.plain.result.is_some()
        && let Some((entry, loaded)) = f.to_search.take()
    {
        let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
        let mut options = SimOptions::new(SEARCHED_GAMES, SEED, jobs);
        options.searched = vec!["all".into()];
        options.thinking.budget = Budget::Playouts(SEARCH_PLAYOUTS);
        f.searched = Some(Run::start(entry, loaded, options));
    }
    if let Some(run) = f.searched.as_mut() {
        run.collect();
    }
    let ctx = ctx.ctx_mut()?;
    let mut open = true;
    egui::Window::new(format!("Is this scenario fair? {}", f.title))
        .open(&mut open)
        .collapsible(false)
        .default_size([640.0, 560.0])
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                if let Some(run) = &f.searched {
                    ui.heading("Played by the searching opponent on both sides");
                    if run.progress(ui) {
                        match &run.result {
                            Some(Ok(r)) => report(
                                ui,
                                r,
                                &f.name,
                                &format!("--games {SEARCHED_GAMES} --search all --playouts {SEARCH_PLAYOUTS}"),
                            ),
                            Some(Err(e)) => {
                                ui.colored_label(egui::Color32::LIGHT_RED, e);
                            }
                            None => {}
                        }
                    } else {
                        ui.label(format!(
                            "{SEARCHED_GAMES} games, {SEARCH_PLAYOUTS} playouts a decision: \
                             up to a minute or two. Both sides play to win, so this says more of the \
                             scenario than the report below."
                        ));
                    }
                    ui.separator();
                    ui.heading("Played by the rules' own policy on both sides");
                }
                if !f.plain.progress(ui) {
                    ui.label(format!(
                        "The rules play both sides of {GAMES} games, on every core…"
                    ));
                }
                match &f.plain.result {
                    Some(Ok(r)) => report(ui, r, &f.name, &format!("--games {GAMES}")),
                    Some(Err(e)) => {
                        ui.colored_label(egui::Color32::LIGHT_RED, e);
                    }
                    None => {}
                }
            });
        });
    if !open {
        commands.remove_resource::<Fairness>();
    }
    Ok(())
}

/// The report: wins with their intervals, what decided the games and the draws, length,
/// casualties, and the two plots; `args` is what `holotable sim` takes to print it again.
fn report(ui: &mut egui::Ui, r: &Report, name: &str, args: &str) {
    // Two reports in one window: each its own ids for its grids and plots.
    ui.push_id(args, |ui| report_body(ui, r, name, args));
}

fn report_body(ui: &mut egui::Ui, r: &Report, name: &str, args: &str) {
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    // This scenario's sides in their factions' colours (no game is on here).
    let names: Vec<&str> = r.sides.iter().map(|s| s.name.as_str()).collect();
    let slots = crate::view::palette::slots(&names);
    let colour = |s: usize| {
        crate::ui::colour32(crate::view::palette::slot_colour(
            slots.get(s).copied().unwrap_or(s),
        ))
    };
    ui.label(format!(
        "{} games, every side played by {}.",
        r.games, r.players
    ));
    egui::Grid::new("wins").striped(true).show(ui, |ui| {
        ui.strong("Side");
        ui.strong("Wins");
        ui.strong("Win rate");
        ui.strong("95% interval");
        ui.end_row();
        for (s, side) in r.sides.iter().enumerate() {
            ui.colored_label(colour(s), &side.name);
            ui.label(side.wins.to_string());
            ui.label(pct(side.win_rate));
            ui.label(format!(
                "{} to {}",
                pct(side.interval.0),
                pct(side.interval.1)
            ));
            ui.end_row();
        }
        ui.label("Draws");
        ui.label(r.draws.to_string());
        ui.label(pct(r.draws as f64 / r.games.max(1) as f64));
        ui.end_row();
        ui.label("Cut").on_hover_text(
            "Games still going at the cap on a game's length: no result, neither won nor drawn, and not in the figures below",
        );
        ui.label(r.cut.to_string());
        ui.label(pct(r.cut as f64 / r.games.max(1) as f64));
        ui.label(r.cut_words());
        ui.end_row();
    });
    ui.label(format!(
        "Game length: mean {:.2} turns (shortest {}, longest {}). Decided by: {}.",
        r.length.mean,
        r.length.min,
        r.length.max,
        r.decided_by
            .iter()
            .map(|(d, n)| format!("{d} ({n})"))
            .collect::<Vec<_>>()
            .join("; ")
    ));
    if !r.draws_by_cause.is_empty() {
        ui.label(format!(
            "Draws by cause: {}.",
            r.draws_by_cause
                .iter()
                .map(|(d, n)| format!("{d} ({n})"))
                .collect::<Vec<_>>()
                .join("; ")
        ));
    }
    egui::CollapsingHeader::new("Casualties per game").show(ui, |ui| {
        egui::Grid::new("casualties").striped(true).show(ui, |ui| {
            ui.strong("Side");
            ui.strong("Profile");
            ui.strong("Lost of fielded");
            ui.end_row();
            for c in &r.casualties {
                ui.label(&c.side);
                ui.label(&c.profile);
                ui.label(format!("{:.2} of {:.2}", c.lost, c.fielded));
                ui.end_row();
            }
        });
    });
    ui.columns(2, |cols| {
        cols[0].label("Win rate as the games came in, %");
        Plot::new("convergence")
            .height(180.0)
            .legend(Legend::default())
            .include_y(0.0)
            .include_y(100.0)
            .allow_scroll(false)
            .show(&mut cols[0], |plot| {
                for (s, side) in r.sides.iter().enumerate() {
                    let points: Vec<[f64; 2]> = r
                        .convergence
                        .iter()
                        .map(|p| {
                            [
                                p.games as f64,
                                100.0 * p.win_rate.get(s).copied().unwrap_or(0.0),
                            ]
                        })
                        .collect();
                    plot.line(
                        Line::new(side.name.clone(), PlotPoints::from(points))
                            .color(colour(s))
                            .width(2.0),
                    );
                }
                let draws: Vec<[f64; 2]> = r
                    .convergence
                    .iter()
                    .map(|p| {
                        let won: f64 = p.win_rate.iter().sum();
                        [p.games as f64, 100.0 * (1.0 - won).max(0.0)]
                    })
                    .collect();
                plot.line(
                    Line::new("Draws", PlotPoints::from(draws))
                        .color(egui::Color32::GRAY)
                        .width(1.0),
                );
            });
        cols[1].label("Game length, turns");
        Plot::new("length")
            .height(180.0)
            .include_y(0.0)
            .include_x(r.length.min as f64 - 1.0)
            .include_x(r.length.max as f64 + 1.0)
            .allow_scroll(false)
            .show(&mut cols[1], |plot| {
                let bars = r
                    .length
                    .histogram
                    .iter()
                    .map(|&(t, n)| Bar::new(t as f64, n as f64).width(0.7))
                    .collect();
                plot.bar_chart(
                    BarChart::new("games", bars).color(egui::Color32::from_rgb(90, 150, 210)),
                );
            });
    });
    ui.weak(format!(
        "Seeds {} to {}: `holotable sim {name} {args}` gives this report{}",
        r.seed,
        r.last_seed(),
        if r.policies.iter().any(|(_, p)| p == "search") {
            ".".to_string()
        } else {
            format!("; `holotable play {name} --seed N --ai all` shows game N.")
        }
    ));
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        show.run_if(in_state(Screen::ScenarioSelect)),
    );
}
