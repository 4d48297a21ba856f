//! The app: screens (title, scenario list, playing, results), the window, and the hand-off
//! from the command line. Games are started and resumed through the [`Registry`].

mod club;
pub mod editor;
mod fairness;
mod online;
mod online_title;
mod pacing;
mod playing;
mod results;
mod scenario_select;
mod screenshot;
pub mod settings;
pub mod startup;
#[cfg(test)]
pub(crate) mod test_window;
mod title;

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;

use crate::engine::EnginePlugin;
use crate::engine::dice::Randomness;
use crate::engine::registry::Registry;
use crate::engine::ruleset::Loaded;
use crate::engine::state::GameState;

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
    /// A rule set's roster screen ([`crate::ui::RosterScreen`]).
    Rosters,
    /// The scenario editor ([`editor`]).
    Editor,
}

/// What the window measures of itself, for the benchmarks (none by default).
#[derive(Default)]
pub struct Measure {
    /// The frame rate, once a second (`--frame-log`).
    pub frame_log: Option<crate::ui::frame_time::FrameLog>,
    /// When the title and a scenario's table were first drawn (`--startup-log`).
    pub startup_log: Option<startup::StartupLog>,
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
        /// The sides the rules play (side ids, or `all`).
        rules_play: Vec<String>,
        /// Those the searching opponent plays, and how long it thinks (`None`: as the
        /// settings say).
        searched: (Vec<String>, Option<crate::engine::rules_side::Thinking>),
        /// Play it by e-mail, kept in this file.
        by_email: Option<PathBuf>,
    },
    /// Resume a saved game.
    Resume {
        /// The save.
        path: PathBuf,
        /// Open it in the replay viewer.
        replay: bool,
    },
    /// Host an online game (docs/online-play.md).
    Host {
        /// The scenario: a bundled name or a file.
        scenario: String,
        /// The side played here, by id.
        side: String,
        /// The UDP port.
        port: u16,
        /// The join code (`None`: a new one).
        code: Option<String>,
        /// Host again this saved game, from where it stopped.
        resume: Option<PathBuf>,
    },
    /// The scenario editor, on a new scenario or a copy of this one (a bundled name or a
    /// file).
    Edit(Option<String>),
    /// Join an online game.
    Join {
        /// The host's address, `HOST:PORT`.
        addr: String,
        /// The join code.
        code: String,
    },
    /// Render the opening position, save a PNG, quit.
    Screenshot {
        /// The scenario.
        loaded: Loaded,
        /// Where to write.
        out: PathBuf,
        /// Window size in pixels.
        size: (u32, u32),
        /// Seen from above, or in 3D.
        view: crate::view::ViewMode,
    },
}

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

/// Lets the searching opponent play `sides` (side ids, or `all`) of the game just begun
/// (none where `sides` is empty), thinking as `thinking` says where it is given (`--think`),
/// else as the settings say.
///
/// Errors: its rule set cannot be played by the search, or an id the scenario does not have
/// (the game then ends, back to the title).
pub fn search_sides(
    world: &mut World,
    sides: &[String],
    thinking: Option<crate::engine::rules_side::Thinking>,
) -> Result<(), Vec<String>> {
    if let Some(t) = thinking {
        world.insert_resource(t);
    }
    if sides.is_empty() {
        return Ok(());
    }
    let registry = world.resource::<Registry>().clone();
    let searches = world
        .get_resource::<CurrentScenario>()
        .and_then(|c| registry.get(&c.0.header.ruleset))
        .is_some_and(|e| e.searches);
    let done = if searches {
        crate::engine::game::set_searched_sides(world, sides)
    } else {
        Err("the searching opponent cannot play this rule set yet".into())
    };
    if let Err(e) = done {
        world
            .resource_mut::<NextState<GameState>>()
            .set(GameState::NoGame);
        world.resource_mut::<NextState<Screen>>().set(Screen::Title);
        return Err(vec![e]);
    }
    Ok(())
}

/// Starts `loaded` in `world` with `seed` through its rule set, the rules playing the sides
/// `rules_play` (side ids, or `all`) besides those the scenario gives them, and switches to
/// the playing screen.
///
/// Errors: the rule set is unknown, the scenario does not validate (every problem), or the
/// rule set cannot play those sides.
pub fn begin(
    world: &mut World,
    loaded: Loaded,
    seed: u64,
    rules_play: &[String],
) -> Result<(), Vec<String>> {
    startup::note_opening(world);
    let registry = world.resource::<Registry>().clone();
    let entry = registry.get(&loaded.header.ruleset).ok_or_else(|| {
        vec![format!(
            "{}: unknown rule set '{}'",
            loaded.file, loaded.header.ruleset
        )]
    })?;
    // An earlier online game ends here (its connection and what followed it).
    online::leave(world);
    // An earlier game's autosaving stops here, before this one's commands, and an earlier
    // game by e-mail's seat goes with it.
    world.remove_resource::<crate::engine::autosave::Autosave>();
    world.remove_resource::<crate::engine::by_email::Seat>();
    // A new game: the view frames its table anew.
    world.insert_resource(crate::engine::record::CameraPlace::default());
    (entry.start)(world, &loaded, Randomness::seeded(seed))?;
    // The searching opponent and Hint think as long as the settings say.
    if let Some(s) = world.get_resource::<settings::Settings>() {
        let budget = crate::rules::search::Budget::Millis(s.think_ms);
        world.insert_resource(crate::engine::rules_side::Thinking::new(budget));
    }
    if !rules_play.is_empty()
        && let Err(e) = (entry.set_rules_sides)(world, rules_play)
    {
        // An unknown side: no game, and the title says why.
        world
            .resource_mut::<NextState<GameState>>()
            .set(GameState::NoGame);
        return Err(vec![e]);
    }
    use_palette(&loaded);
    autosave_from(world, &loaded.file, None);
    // A scenario from a file (not a bundled one, nor one the editor has not saved yet).
    if std::path::Path::new(&loaded.file).is_file() {
        settings::note_opened(world, std::path::Path::new(&loaded.file));
    }
    world.insert_resource(CurrentScenario(loaded));
    clear_notice(world);
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    Ok(())
}

/// Starts `loaded` as a game by e-mail kept in `file` (written at once, and after every
/// command): [`begin`], then the first side signs in on the hand-over screen.
///
/// Errors: as [`begin`], or the file cannot be written.
pub fn begin_by_email(
    world: &mut World,
    loaded: Loaded,
    seed: u64,
    file: PathBuf,
) -> Result<(), Vec<String>> {
    let registry = world.resource::<Registry>().clone();
    let by_email_start = registry
        .get(&loaded.header.ruleset)
        .map(|e| e.by_email_start);
    begin(world, loaded, seed, &[])?;
    // The game's file goes on the recent list: it is what the player opens next time.
    settings::note_opened(world, &file);
    if let Some(start) = by_email_start
        && let Err(e) = start(world, file)
    {
        world
            .resource_mut::<NextState<GameState>>()
            .set(GameState::NoGame);
        // The title says why.
        world.resource_mut::<NextState<Screen>>().set(Screen::Title);
        world
            .resource_mut::<crate::engine::pipeline::Notice>()
            .refusal = Some(e.clone());
        return Err(vec![e]);
    }
    Ok(())
}

/// Where a new game by e-mail of scenario `stem` is kept: `Holotable/<stem>-by-email.ron` in
/// the documents folder (the home folder where there is none), numbered when taken.
pub fn by_email_file(stem: &str) -> PathBuf {
    let dirs = directories::UserDirs::new();
    let base = dirs
        .as_ref()
        .and_then(|d| d.document_dir().map(|p| p.to_path_buf()))
        .or_else(|| dirs.as_ref().map(|d| d.home_dir().to_path_buf()))
        .unwrap_or_default()
        .join("Holotable");
    (1..)
        .map(|n| {
            base.join(if n == 1 {
                format!("{stem}-by-email.ron")
            } else {
                format!("{stem}-by-email-{n}.ron")
            })
        })
        .find(|p| !p.exists())
        .unwrap_or_else(|| base.join(format!("{stem}-by-email.ron")))
}

/// The game starting in `world` (from scenario `file`, or resumed from the save `from`)
/// autosaves into the data folder after every command ([`crate::engine::autosave`]); one
/// resumed from its own autosave goes on numbering it.
pub(super) fn autosave_from(world: &mut World, file: &str, from: Option<&std::path::Path>) {
    use crate::engine::autosave::{Autosave, folder};
    let Some(folder) = folder() else {
        world.remove_resource::<Autosave>();
        return;
    };
    let stem = crate::engine::record::scenario_stem(file, "game");
    let from = from.filter(|p| p.parent() == Some(folder.as_path()));
    world.insert_resource(Autosave::new(folder, &stem, from));
}

/// A game that starts forgets why an earlier one could not.
fn clear_notice(world: &mut World) {
    if let Some(mut n) = world.get_resource_mut::<crate::engine::pipeline::Notice>() {
        *n = default();
    }
}

/// Resumes the saved game at `path` in `world`: set up again and replayed command by command,
/// each verified; then the playing screen.
///
/// Errors: the file cannot be read, is not a save this version reads, or a command does not
/// replay as recorded (the game is then cleared, not played on in a different state).
pub fn resume(world: &mut World, path: &std::path::Path) -> Result<(), String> {
    startup::note_opening(world);
    let registry = world.resource::<Registry>().clone();
    let text = crate::engine::save::read(path)?;
    let entry = registry.for_save(&text, path)?;
    // The replay must not autosave into an earlier game's files.
    world.remove_resource::<crate::engine::autosave::Autosave>();
    if let Err(e) = (entry.resume)(world, &text, path, clock_seed()) {
        world
            .resource_mut::<NextState<GameState>>()
            .set(GameState::NoGame);
        return Err(e);
    }
    // A save opened by hand goes on the recent list; an autosave resumed does not.
    let autosaved = crate::engine::autosave::folder().is_some_and(|f| path.starts_with(f));
    if !autosaved {
        settings::note_opened(world, path);
    }
    (entry.by_email_resume)(world, path.to_path_buf());
    if let Ok(loaded) = scenario_of_save(&registry, &text, path) {
        use_palette(&loaded);
        autosave_from(world, &loaded.file, Some(path));
        world.insert_resource(CurrentScenario(loaded));
    }
    clear_notice(world);
    // A save whose dice were forced proves nothing of them: say so as it opens.
    let forced = crate::engine::save::read_header(&text, path).is_ok_and(|h| !h.dice_proven());
    if forced && let Some(mut n) = world.get_resource_mut::<crate::engine::pipeline::Notice>() {
        n.info = Some(format!(
            "{}: this game's dice were forced, not thrown from a seed: its dice are the file's word",
            path.display()
        ));
    }
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    Ok(())
}

/// The sides of the game beginning take their factions' colours.
pub(super) fn use_palette(loaded: &Loaded) {
    let names: Vec<&str> = loaded
        .header
        .sides
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    crate::view::palette::use_sides(&names);
}

/// The scenario a save was made from, to offer "Play again".
fn scenario_of_save(
    registry: &Registry,
    text: &str,
    path: &std::path::Path,
) -> Result<Loaded, String> {
    #[derive(serde::Deserialize)]
    struct Source {
        scenario_file: String,
        scenario_src: String,
    }
    let s: Source = crate::rules::scenario::ron_options()
        .from_str(text)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let header =
        crate::rules::scenario::read_header(&s.scenario_src, &s.scenario_file, &registry.ids())
            .map_err(|e| e.to_string())?;
    Ok(Loaded {
        file: s.scenario_file,
        src: s.scenario_src,
        header,
    })
}

/// The game on the window's table and panels: egui, the engine, the shared view and shell,
/// and every rule set's game and shell (what the window shows a game with; the screens come
/// on top).
pub(crate) fn table_and_panels(app: &mut App, registry: &Registry) {
    app.add_plugins(EguiPlugin::default()).add_plugins((
        EnginePlugin,
        crate::view::ViewPlugin,
        crate::ui::UiPlugin,
    ));
    for entry in &registry.0 {
        (entry.plugin)(app);
        (entry.shell)(app);
    }
}

/// Opens the window with every rule set of `registry` and runs until it closes; returns the
/// exit code.
///
/// `manual_dice`: the players roll their own dice from the start (each roll asked for).
pub fn run_window(
    launch: Launch,
    registry: Registry,
    manual_dice: bool,
    measure: Measure,
) -> ExitCode {
    let (mut kept, file) = settings::read();
    if let Launch::Screenshot { view, .. } = &launch {
        // The command's view, not the player's (and not kept: a screenshot stores nothing).
        kept.view_3d = *view == crate::view::ViewMode::ThreeD;
    }
    let size = match &launch {
        Launch::Screenshot { size, .. } => *size,
        // As the player left it; else it fits a 1280x720 screen whole, so the events panel at
        // the bottom is on it.
        _ => kept.window.unwrap_or((1280, 720)),
    };
    let mut app = App::new();
    app.insert_resource(ClearColor(Color::srgb(0.07, 0.08, 0.10)))
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "Holotable".into(),
                        resolution: WindowResolution::new(size.0, size.1),
                        ..default()
                    }),
                    ..default()
                })
                // A stranger's packets (a wrong join code) are dropped unread, not logged one
                // error line each: the host's Online panel counts what matters.
                .set(bevy::log::LogPlugin {
                    filter: format!("{},renetcode=off", bevy::log::DEFAULT_FILTER),
                    ..default()
                }),
        )
        .init_state::<Screen>();
    table_and_panels(&mut app, &registry);
    // A screenshot counts frames and the frame log measures the renderer: both draw every frame.
    let Measure {
        frame_log,
        startup_log,
    } = measure;
    let continuous =
        matches!(launch, Launch::Screenshot { .. }) || frame_log.is_some() || startup_log.is_some();
    app.add_plugins((pacing::plugin(continuous), startup::plugin));
    if let Some(log) = frame_log {
        app.insert_resource(log);
    }
    if let Some(log) = startup_log {
        app.insert_resource(log);
    }
    app.insert_resource(kept).insert_resource(file);
    app.insert_resource(registry).add_plugins((
        title::plugin,
        scenario_select::plugin,
        fairness::plugin,
        settings::plugin,
        playing::plugin,
        results::plugin,
        online::plugin,
        club::plugin,
        online_title::plugin,
        editor::plugin,
    ));
    match launch {
        Launch::Title => {}
        Launch::Play {
            loaded,
            seed,
            rules_play,
            searched,
            by_email,
        } => {
            let seed = seed.unwrap_or_else(clock_seed);
            app.add_systems(Startup, move |world: &mut World| {
                let begun = match by_email.clone() {
                    Some(file) => begin_by_email(world, loaded.clone(), seed, file),
                    None => begin(world, loaded.clone(), seed, &rules_play)
                        .and_then(|()| search_sides(world, &searched.0, searched.1)),
                };
                if let Err(es) = begun {
                    es.iter().for_each(|e| error!("{e}"));
                    world
                        .resource_mut::<crate::engine::pipeline::Notice>()
                        .refusal = Some(es.join("\n"));
                }
            });
        }
        Launch::Resume { path, replay } => {
            app.add_systems(Startup, move |world: &mut World| {
                match resume(world, &path) {
                    Ok(()) if replay => {
                        world.write_message(crate::engine::replay_view::ViewRequest::Open);
                    }
                    Ok(()) => {}
                    Err(e) => {
                        error!("{e}");
                        world
                            .resource_mut::<crate::engine::pipeline::Notice>()
                            .refusal = Some(e);
                    }
                }
            });
        }
        Launch::Host {
            scenario,
            side,
            port,
            code,
            resume,
        } => {
            app.add_systems(Startup, move |world: &mut World| {
                let hosted = match &resume {
                    Some(path) => online::host_again(world, path, &side, port, code.clone()),
                    None => online::host(world, &scenario, &side, &port.to_string(), code.clone()),
                };
                if let Err(e) = hosted {
                    error!("{e}");
                    world
                        .resource_mut::<crate::engine::pipeline::Notice>()
                        .refusal = Some(e);
                }
            });
        }
        Launch::Edit(scenario) => {
            app.add_systems(Startup, move |world: &mut World| {
                if let Err(e) = editor::open(world, scenario.as_deref()) {
                    error!("{e}");
                    world
                        .resource_mut::<crate::engine::pipeline::Notice>()
                        .refusal = Some(e);
                }
            });
        }
        Launch::Join { addr, code } => {
            app.add_systems(Startup, move |world: &mut World| {
                if let Err(e) = online::join(world, &addr, &code) {
                    error!("{e}");
                    world
                        .resource_mut::<crate::engine::pipeline::Notice>()
                        .refusal = Some(e);
                }
            });
        }
        Launch::Screenshot { loaded, out, .. } => {
            app.insert_resource(settings::FixedWindow);
            app.add_systems(Startup, move |world: &mut World| {
                if let Err(es) = begin(world, loaded.clone(), 1, &[]) {
                    es.iter().for_each(|e| error!("{e}"));
                }
            });
            app.add_plugins(screenshot::plugin(out));
        }
    }
    app.add_systems(
        Update,
        // Each game's dice start manual when asked on the command line or in the settings (a
        // player may still switch them in the panel).
        // Not online, where the host's computer throws every die.
        move |mut dice: Option<ResMut<crate::engine::dice::DiceRes>>,
              settings: Res<settings::Settings>,
              online: Option<Res<crate::engine::online::Online>>| {
            if let Some(d) = dice.as_mut().filter(|d| d.is_added())
                && (manual_dice || settings.manual_dice)
                && online.is_none()
            {
                d.set_manual(true);
            }
        },
    );
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(_) => ExitCode::FAILURE,
    }
}
