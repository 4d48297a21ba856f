//! The app: screens (title, scenario list, playing, results), the window, and the hand-off
//! from the command line.

mod playing;
mod results;
mod scenario_select;
mod screenshot;
mod title;

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;

use crate::cli::Loaded;
use crate::game::GamePlugin;
use crate::game::table::{GameSetup, start_game};
use crate::rules::dice::Dice;
use crate::rules::tyneside::profile::Roster;

/// Which screen is showing.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The title.
    #[default]
    Title,
    /// The list of scenarios.
    ScenarioSelect,
    /// A game in progress.
    Playing,
    /// The result of a finished game.
    Results,
}

/// What the window opens with.
pub enum Launch {
    /// The title screen.
    Title,
    /// Straight into a game.
    Play {
        /// The scenario.
        loaded: Loaded,
        /// Dice seed (from the clock if absent).
        seed: Option<u64>,
    },
    /// Resume a saved game.
    Resume(crate::game::record::GameRecord),
    /// Render the opening position, save a PNG, quit.
    Screenshot {
        /// The scenario.
        loaded: Loaded,
        /// Where to write.
        out: PathBuf,
        /// Window size in pixels.
        size: (u32, u32),
    },
}

/// The bundled roster, for starting games from the screens.
#[derive(Resource, Clone, Debug, Deref)]
pub struct RosterRes(pub Roster);

/// The scenario being played (to play it again).
#[derive(Resource, Clone, Debug)]
pub struct CurrentScenario(pub Loaded);

/// A seed from the clock, for games started without one.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

/// Starts `loaded` in `world` with `seed` and switches to the playing screen.
pub fn begin(world: &mut World, loaded: Loaded, seed: u64) {
    let roster = world.resource::<RosterRes>().0.clone();
    let (file, src, scenario) = loaded.clone();
    start_game(
        world,
        GameSetup {
            scenario,
            file,
            src,
            dice: Dice::seeded(seed),
            seed: Some(seed),
        },
        &roster,
    );
    world.insert_resource(CurrentScenario(loaded));
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
}

/// Resumes a saved game in `world`: the scenario set up again and the recorded commands queued
/// to replay with their dice; then the playing screen.
///
/// Errors: the scenario inside the save does not validate (every problem, with its place).
pub fn resume(
    world: &mut World,
    record: &crate::game::record::GameRecord,
) -> Result<(), Vec<String>> {
    let roster = world.resource::<RosterRes>().0.clone();
    let (setup, commands) = crate::game::save::resume(record, &roster, clock_seed())?;
    let loaded = (
        setup.file.clone(),
        setup.src.clone(),
        setup.scenario.clone(),
    );
    start_game(world, setup, &roster);
    world
        .resource_mut::<crate::game::commands::CommandQueue>()
        .0
        .extend(commands);
    world.insert_resource(CurrentScenario(loaded));
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    Ok(())
}

/// Opens the window and runs until it closes; returns the exit code.
pub fn run_window(launch: Launch, roster: Roster) -> ExitCode {
    let size = match &launch {
        Launch::Screenshot { size, .. } => *size,
        _ => (1280, 800),
    };
    let mut app = App::new();
    app.insert_resource(ClearColor(Color::srgb(0.07, 0.08, 0.10)))
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Holotable".into(),
                resolution: WindowResolution::new(size.0, size.1),
                ..default()
            }),
            ..default()
        }))
        .add_plugins(EguiPlugin::default())
        .insert_resource(RosterRes(roster))
        .init_state::<Screen>()
        .add_plugins((
            GamePlugin,
            crate::view::ViewPlugin,
            crate::ui::UiPlugin,
            crate::input::InputPlugin,
        ))
        .add_plugins((
            title::plugin,
            scenario_select::plugin,
            playing::plugin,
            results::plugin,
        ));
    match launch {
        Launch::Title => {}
        Launch::Play { loaded, seed } => {
            let seed = seed.unwrap_or_else(clock_seed);
            app.add_systems(Startup, move |world: &mut World| {
                begin(world, loaded.clone(), seed)
            });
        }
        Launch::Resume(record) => {
            app.add_systems(Startup, move |world: &mut World| {
                if let Err(es) = resume(world, &record) {
                    for e in es {
                        error!("{e}");
                    }
                }
            });
        }
        Launch::Screenshot { loaded, out, .. } => {
            app.add_systems(Startup, move |world: &mut World| {
                begin(world, loaded.clone(), 1)
            });
            app.add_plugins(screenshot::plugin(out));
        }
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(_) => ExitCode::FAILURE,
    }
}
