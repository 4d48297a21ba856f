//! Native open and save dialogs (rfd, through the desktop's xdg-desktop-portal), run on their
//! own thread so the window keeps drawing while one is open. A desktop with no portal shows
//! no dialog: the player is told so, and types the path instead.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use bevy::prelude::*;

use crate::engine::pipeline::{Notice, SaveRequest};

/// What a dialog is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Open a scenario file or a saved game (the scenario list's path).
    Open,
    /// Save the game being played to a file of the player's choice.
    SaveAs,
    /// Save the scenario being made to a file of the player's choice (the editor's Save as).
    SaveScenario,
}

/// A file the player chose to open (a save chosen goes straight to a
/// [`SaveRequest`]).
#[derive(Message, Clone, Debug)]
pub struct Picked(pub PathBuf);

/// The dialog open now, if any, and why the last one showed nothing.
#[derive(Resource, Default)]
pub struct FileDialogs {
    open: Option<(Purpose, Mutex<Receiver<Option<PathBuf>>>, Instant)>,
    /// Said on the scenario list when its dialog came back at once with nothing: the desktop
    /// has no file dialog.
    pub unavailable: Option<String>,
    /// The file chosen to save the scenario being made to, until the editor takes it.
    pub scenario_target: Option<PathBuf>,
}

/// A dialog that answers "nothing" sooner than this never showed (a person takes longer to
/// cancel one).
const TOO_QUICK: Duration = Duration::from_millis(400);

impl FileDialogs {
    /// Whether a dialog is open.
    pub fn busy(&self) -> bool {
        self.open.is_some()
    }

    /// Opens a dialog for `purpose`, starting in `folder` (relative to the current folder
    /// unless absolute; a save is suggested as `name`). Does nothing while another is open.
    pub fn ask(&mut self, purpose: Purpose, folder: impl AsRef<Path>, name: &str) {
        if self.open.is_some() {
            return;
        }
        let (tx, rx) = channel();
        // No session bus, no portal: answered "nothing" at once, which [`poll`] says (under
        // Xvfb the portal's connection failed after more than TOO_QUICK, and Browse… seemed
        // to do nothing: a walk).
        if !session_bus() {
            let _ = tx.send(None);
            self.open = Some((purpose, Mutex::new(rx), Instant::now()));
            self.unavailable = None;
            return;
        }
        let dir = std::env::current_dir().unwrap_or_default().join(folder);
        let name = name.to_string();
        std::thread::spawn(move || {
            let dialog = rfd::FileDialog::new()
                .add_filter("Holotable scenario or saved game (RON)", &["ron"])
                .set_directory(&dir);
            let path = match purpose {
                Purpose::Open => dialog
                    .set_title("Open a scenario or a saved game")
                    .pick_file(),
                Purpose::SaveAs => dialog
                    .set_title("Save the game")
                    .set_file_name(&name)
                    .save_file(),
                Purpose::SaveScenario => dialog
                    .set_title("Save the scenario")
                    .set_file_name(&name)
                    .save_file(),
            };
            let _ = tx.send(path);
        });
        self.open = Some((purpose, Mutex::new(rx), Instant::now()));
        self.unavailable = None;
    }
}

/// Why no dialog showed for `purpose`, and what to do instead.
fn unavailable(purpose: Purpose) -> String {
    let why = match purpose {
        Purpose::Open | Purpose::SaveScenario => "type the path instead",
        Purpose::SaveAs => "Save writes to the data folder's saves/ instead",
    };
    format!("No file dialog opened (this desktop runs no xdg-desktop-portal): {why}")
}

/// Whether a D-Bus session bus is there for the portal: its address in the environment, or
/// the socket where the desktop puts it (`$XDG_RUNTIME_DIR/bus`).
fn session_bus() -> bool {
    std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
        || std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|d| Path::new(&d).join("bus").exists())
}

/// Hands on the file chosen, once the dialog closes: a file to open as [`Picked`], a file to
/// save to as a [`SaveRequest`]. A dialog that never showed is said: in the notice under the
/// phase bar, or on the scenario list.
fn poll(
    mut dialogs: ResMut<FileDialogs>,
    mut picked: MessageWriter<Picked>,
    mut saves: MessageWriter<SaveRequest>,
    notice: Option<ResMut<Notice>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let Some((purpose, rx, since)) = &dialogs.open else {
        return;
    };
    // The answer comes from another thread, not as input: look again next frame.
    redraw.write(bevy::window::RequestRedraw);
    let answer = match rx.lock() {
        Ok(rx) => rx.try_recv(),
        Err(_) => return,
    };
    let (purpose, since) = (*purpose, *since);
    match answer {
        Ok(Some(path)) => {
            dialogs.open = None;
            match purpose {
                Purpose::Open => {
                    picked.write(Picked(path));
                }
                Purpose::SaveAs => {
                    saves.write(SaveRequest(path));
                }
                Purpose::SaveScenario => dialogs.scenario_target = Some(path),
            }
        }
        Ok(None) => {
            dialogs.open = None;
            if since.elapsed() < TOO_QUICK {
                let said = unavailable(purpose);
                match (purpose, notice) {
                    (Purpose::SaveAs, Some(mut n)) => n.refusal = Some(said),
                    _ => dialogs.unavailable = Some(said),
                }
            }
        }
        Err(std::sync::mpsc::TryRecvError::Empty) => {}
        Err(std::sync::mpsc::TryRecvError::Disconnected) => dialogs.open = None,
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FileDialogs>()
        .add_message::<Picked>()
        .add_systems(Update, poll);
}
