//! Saved games: the game record as RON, written whole or not at all, and resumed by replaying
//! its commands with the dice they threw.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::commands::Command;
use super::record::GameRecord;
use super::table::GameSetup;
use crate::rules::dice::Dice;
use crate::rules::scenario::{self, ron_options};
use crate::rules::tyneside::profile::Roster;

/// Why a save could not be written.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file system refused.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The record could not be turned into RON.
    #[error("cannot encode the game: {0}")]
    Encode(#[from] ron::Error),
}

/// Writes `record` to `path` as RON. The text goes to a temporary file beside it, is flushed
/// to disk and then renamed over `path`, so a save is never half-written.
///
/// Errors: [`SaveError::Io`] naming the file when it cannot be created, written or renamed.
pub fn save(record: &GameRecord, path: &Path) -> Result<(), SaveError> {
    let text = ron::ser::to_string_pretty(record, ron::ser::PrettyConfig::default())?;
    let io = |source| SaveError::Io {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let tmp = path.with_extension("ron.partial");
    let mut f = std::fs::File::create(&tmp).map_err(io)?;
    f.write_all(text.as_bytes()).map_err(io)?;
    f.sync_all().map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

/// Reads a saved game.
///
/// Errors: the file cannot be read, or is not a saved game (`file:line:column: expected …`).
pub fn load(path: &Path) -> Result<GameRecord, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    ron_options().from_str(&text).map_err(|e| {
        format!(
            "{}:{}:{}: not a saved game: {}",
            path.display(),
            e.span.start.line,
            e.span.start.col,
            e.code
        )
    })
}

/// What resuming `record` needs: the game set up with the recorded faces as forced dice
/// (falling back to a generator seeded with `seed` afterwards), and the commands to replay.
///
/// Errors: the scenario inside the save no longer validates (every problem, with its place).
pub fn resume(
    record: &GameRecord,
    roster: &Roster,
    seed: u64,
) -> Result<(GameSetup, Vec<Command>), Vec<String>> {
    let sc = scenario::parse(&record.scenario_src, &record.scenario_file, roster)
        .map_err(|es| es.iter().map(|e| e.to_string()).collect::<Vec<_>>())?;
    let faces: Vec<u8> = record
        .commands
        .iter()
        .flat_map(|c| c.dice.iter().flat_map(|r| r.faces.clone()))
        .collect();
    let setup = GameSetup {
        scenario: sc,
        file: record.scenario_file.clone(),
        src: record.scenario_src.clone(),
        dice: Dice::forced(faces).then_seeded(seed),
        seed: record.seed,
    };
    Ok((
        setup,
        record.commands.iter().map(|c| c.command.clone()).collect(),
    ))
}
