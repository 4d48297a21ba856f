//! `--startup-log FILE`: when the window's screens were first drawn in full, to measure how
//! long a player waits for the title and for a scenario to open (benches/window/startup.sh,
//! docs/performance.md).
//!
//! A screen counts as drawn at the first of [`QUIET`] frames in a row, on it, with no render
//! pipeline compiling: a mesh or panel whose pipeline is not ready is not drawn, so the first
//! frame alone would flatter the renderer.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use bevy::prelude::*;

use super::Screen;

/// Frames in a row, with nothing compiling, that make a screen drawn.
const QUIET: u32 = 3;

/// Where `--startup-log` writes, and what it has written. Lines, each `what seconds`:
/// `title T` (the title drawn, T seconds of the Unix clock), `opening T` (a game asked to
/// start), `table T` (its table drawn) and `opened S` (S seconds from `opening` to `table`).
#[derive(Resource)]
pub struct StartupLog {
    path: PathBuf,
    file: std::fs::File,
    /// When a game was asked to start and not yet drawn.
    opening: Option<Instant>,
    /// Frames in a row with nothing compiling, and the first of them.
    quiet: (u32, Option<(Instant, SystemTime)>),
    title_logged: bool,
}

impl StartupLog {
    /// Creates (or empties) `path`.
    ///
    /// Errors: the file cannot be created (the path named).
    pub fn create(path: &Path) -> Result<Self, String> {
        let file = std::fs::File::create(path)
            .map_err(|e| format!("{}: cannot write the startup log: {e}", path.display()))?;
        Ok(Self {
            path: path.to_path_buf(),
            file,
            opening: None,
            quiet: (0, None),
            title_logged: false,
        })
    }

    fn line(&mut self, what: &str, seconds: f64) {
        if let Err(e) = writeln!(self.file, "{what} {seconds:.3}").and_then(|()| self.file.flush())
        {
            error!("{}: {e}", self.path.display());
        }
    }
}

/// Notes that a game was asked to start now (the scenario list's Play, or `play SCENARIO`).
pub fn note_opening(world: &mut World) {
    if let Some(mut log) = world.get_resource_mut::<StartupLog>() {
        log.opening = Some(Instant::now());
        log.quiet = (0, None);
    }
}

fn unix(t: SystemTime) -> f64 {
    t.duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

fn watch(
    log: Option<ResMut<StartupLog>>,
    compiling: Res<crate::view::Compiling>,
    screen: Res<State<Screen>>,
) {
    let Some(mut log) = log else {
        return;
    };
    let waiting_for = match screen.get() {
        Screen::Title => !log.title_logged,
        Screen::Playing => log.opening.is_some(),
        _ => false,
    };
    if !waiting_for || compiling.busy() || screen.is_changed() {
        log.quiet = (0, None);
        return;
    }
    let first = *log
        .quiet
        .1
        .get_or_insert_with(|| (Instant::now(), SystemTime::now()));
    log.quiet.0 += 1;
    if log.quiet.0 < QUIET {
        return;
    }
    log.quiet = (0, None);
    match screen.get() {
        Screen::Title => {
            log.title_logged = true;
            log.line("title", unix(first.1));
        }
        _ => {
            let opened = log.opening.take().map(|o| first.0.duration_since(o));
            log.line("table", unix(first.1));
            if let Some(d) = opened {
                log.line("opened", d.as_secs_f64());
            }
        }
    }
}

/// Writes the [`StartupLog`] where the window has one.
pub fn plugin(app: &mut App) {
    app.add_systems(Last, watch.run_if(resource_exists::<StartupLog>));
}
