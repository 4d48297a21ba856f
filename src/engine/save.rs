//! Saved games: the game record as RON with its format tag and version, written whole or not
//! at all; read back with a clear error for anything that is not a save this version reads.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::record::{GameRecord, OLDEST_VERSION, SAVE_FORMAT, SAVE_VERSION};
use crate::rules::scenario::{ron_at, ron_options};

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
pub fn save<C: Serialize>(record: &GameRecord<C>, path: &Path) -> Result<(), SaveError> {
    let text = ron::ser::to_string_pretty(record, ron::ser::PrettyConfig::default())?;
    write_atomically(path, text.as_bytes()).map_err(|source| SaveError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Writes `bytes` to `path` whole or not at all: to a temporary file beside it (`.partial`
/// added to the extension), flushed to disk, renamed over `path`, and the folder synced.
/// Creates the folder if needed.
///
/// Errors: the folder or file cannot be created, written or renamed.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut ext = path.extension().unwrap_or_default().to_os_string();
    ext.push(".partial");
    let tmp = path.with_extension(ext);
    let mut f = std::fs::File::create(&tmp)?;
    f.write_all(bytes)?;
    f.sync_all()?;
    std::fs::rename(&tmp, path)?;
    // The rename itself reaches the disk with the folder's own sync (where the platform
    // allows opening a folder; elsewhere the rename stands as the system keeps it).
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(d) = std::fs::File::open(dir)
    {
        let _ = d.sync_all();
    }
    Ok(())
}

/// What a save says it is, read before the rest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveHeader {
    /// [`SAVE_FORMAT`].
    pub format: String,
    /// The format version.
    pub version: u32,
    /// The rule set id.
    pub ruleset: String,
    /// The game's seed, or `None` where its dice were forced (a script's, a test's): such a
    /// record's dice are the file's word, which no replay can prove.
    #[serde(default)]
    pub seed: Option<u64>,
}

impl SaveHeader {
    /// Whether the game's dice come from a seed the replay throws them from again (format
    /// version 3 on, with a seed): only then does a replay prove them.
    pub fn dice_proven(&self) -> bool {
        self.version >= 3 && self.seed.is_some()
    }
}

/// Reads a save's header from `text` (the file `path`).
///
/// Errors: a damaged save (file:line:column and what was expected), no `format` tag (an older
/// save, version 1, or another kind of file), another format, or a version outside
/// [`OLDEST_VERSION`]..=[`SAVE_VERSION`] — each naming the file.
pub fn read_header(text: &str, path: &Path) -> Result<SaveHeader, String> {
    let h: SaveHeader = ron_options().from_str(text).map_err(|e| {
        let at = ron_at(path.display(), &e);
        if looks_like_save(text) {
            format!("{at}: a damaged save: {}", crate::rules::scenario::ron_words(&e.code))
        } else {
            format!(
                "{at}: not a Holotable save of format version {SAVE_VERSION} ({}); saves from before format version 2 cannot be read",
                crate::rules::scenario::ron_words(&e.code)
            )
        }
    })?;
    if h.format != SAVE_FORMAT {
        let (line, column) =
            crate::rules::scenario::line_col(text, text.find("format").unwrap_or(0));
        return Err(format!(
            "{}:{line}:{column}: not a Holotable save (format '{}', expected '{SAVE_FORMAT}')",
            path.display(),
            h.format
        ));
    }
    if !(OLDEST_VERSION..=SAVE_VERSION).contains(&h.version) {
        let (line, column) =
            crate::rules::scenario::line_col(text, text.find("version").unwrap_or(0));
        return Err(format!(
            "{}:{line}:{column}: save format version {} — this Holotable reads versions {OLDEST_VERSION} to {SAVE_VERSION}{}",
            path.display(),
            h.version,
            if h.version > SAVE_VERSION {
                " (it was written by a newer Holotable)"
            } else {
                ""
            }
        ));
    }
    Ok(h)
}

/// Reads a whole save of command type `C`.
///
/// Errors: as [`read_header`], or a record that does not parse (`file:line:column: …`).
pub fn parse<C: DeserializeOwned>(text: &str, path: &Path) -> Result<GameRecord<C>, String> {
    read_header(text, path)?;
    // A command to (NaN, NaN) would play: no number in a save may be other than finite.
    crate::rules::scenario::sane_numbers(text, &path.display().to_string(), None)
        .map_err(|e| format!("{e} — not a valid saved game"))?;
    ron_options().from_str(text).map_err(|e| {
        format!(
            "{}: not a valid saved game: {}",
            ron_at(path.display(), &e),
            crate::rules::scenario::ron_words(&e.code)
        )
    })
}

/// `why` (a refusal of the save `text`, the file `path`, found while setting its game up) with
/// the place in the file it is about, where it names none: the seals (`by_email`) for a seal's
/// refusal, else the scenario's recorded hash, else the scenario; the file alone where that
/// field is gone.
pub fn placed(text: &str, path: &Path, why: &str) -> String {
    let named = why.split(':').collect::<Vec<_>>().windows(3).any(|w| {
        [w[1], w[2]].iter().all(|p| {
            let p = p.trim_start();
            p.chars().next().is_some_and(|c| c.is_ascii_digit())
        })
    });
    if named {
        return why.to_string();
    }
    let field = if why.contains("seal") {
        "by_email:"
    } else if text.contains("scenario_hash:") {
        "scenario_hash:"
    } else {
        "scenario_src:"
    };
    match text.find(field) {
        Some(at) => {
            let (line, column) = crate::rules::scenario::line_col(text, at);
            format!("{}:{line}:{column}: {why}", path.display())
        }
        // The field it is about was taken out: the file is named all the same.
        None => format!("{}: {why}", path.display()),
    }
}

/// `why` (a refusal of the save `text`, the file `path`) placed at the line and column of
/// the save's field `field` (its first occurrence; without one, `why` alone).
pub fn at_field(text: &str, path: &Path, field: &str, why: &str) -> String {
    match text.find(&format!("{field}:")) {
        Some(at) => {
            let (line, column) = crate::rules::scenario::line_col(text, at);
            format!("{}:{line}:{column}: {why}", path.display())
        }
        None => format!("{}: {why}", path.display()),
    }
}

/// Reads the text of a save file.
///
/// Errors: the file cannot be read (naming it).
pub fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))
}

/// Whether `text` looks like a save (has the format tag), so `play FILE` can tell saves from
/// scenarios.
pub fn looks_like_save(text: &str) -> bool {
    text.contains(SAVE_FORMAT)
}

/// The title of the scenario a save plays (its `name`, as the scenario list shows it), read
/// from the scenario the save carries; `None` for a file that is not a readable save.
pub fn scenario_title(text: &str) -> Option<String> {
    #[derive(Deserialize)]
    struct Carried {
        scenario_src: String,
    }
    #[derive(Deserialize)]
    struct Named {
        name: String,
    }
    let carried: Carried = ron_options().from_str(text).ok()?;
    let named: Named = ron_options().from_str(&carried.scenario_src).ok()?;
    Some(named.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_names_its_scenario_by_title() {
        let save = r#"(format: "holotable-save", version: 4, ruleset: "tyneside",
            scenario_file: "bundled:x.ron",
            scenario_src: "(name: \"Escape from the Death Star\", ruleset: \"tyneside\")",
            commands: [])"#;
        assert_eq!(
            scenario_title(save).as_deref(),
            Some("Escape from the Death Star")
        );
        assert_eq!(scenario_title("(format: \"holotable-save\")"), None);
    }

    #[test]
    fn header_errors_name_the_file_and_the_version() {
        let p = Path::new("g.ron");
        let old = "(scenario_file: \"x\", scenario_src: \"\", seed: None, commands: [])";
        assert!(
            read_header(old, p)
                .unwrap_err()
                .contains("before format version 2")
        );
        let newer = "(format: \"holotable-save\", version: 9, ruleset: \"tyneside\")";
        let e = read_header(newer, p).unwrap_err();
        assert!(
            e.starts_with("g.ron:1:") && e.contains("save format version 9") && e.contains("newer"),
            "{e}"
        );
        let foreign = "(format: \"chess\", version: 2, ruleset: \"tyneside\")";
        assert!(
            read_header(foreign, p)
                .unwrap_err()
                .contains("not a Holotable save")
        );
        let good = "(format: \"holotable-save\", version: 2, ruleset: \"tyneside\", commands: [])";
        assert_eq!(read_header(good, p).unwrap().ruleset, "tyneside");
        let damaged =
            "(format: \"holotable-save\", version: 2, ruleset: \"tyneside\", commands: [(]";
        let e = read_header(damaged, p).unwrap_err();
        assert!(
            e.starts_with("g.ron:1:") && e.contains("a damaged save"),
            "{e}"
        );
    }

    #[test]
    fn a_save_round_trips_and_leaves_no_partial_file() {
        let dir = std::env::temp_dir().join(format!("holotable-save-{}", std::process::id()));
        let path = dir.join("g.ron");
        let mut rec: GameRecord<String> = GameRecord::new("tyneside", "f.ron", "()", Some(3));
        rec.commands.push(super::super::record::RecordedCommand {
            command: "EndPhase".into(),
            dice: vec![],
            cards: vec![],
            hash: 42,
            signed: None,
        });
        save(&rec, &path).unwrap();
        let text = read(&path).unwrap();
        assert_eq!(parse::<String>(&text, &path).unwrap(), rec);
        assert!(!path.with_extension("ron.partial").exists());
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_save_keeps_where_the_cameras_were_and_one_without_them_still_loads() {
        use super::super::record::CameraPlace;
        let dir = std::env::temp_dir().join(format!("holotable-camera-{}", std::process::id()));
        let path = dir.join("g.ron");
        let mut rec: GameRecord<String> = GameRecord::new("tyneside", "f.ron", "()", Some(3));
        let text = ron::ser::to_string(&rec).unwrap();
        assert!(!text.contains("camera"), "{text}");
        assert_eq!(parse::<String>(&text, &path).unwrap().camera, None);
        rec.camera = Some(CameraPlace {
            flat: Some(([22.5, 27.25], 0.11)),
            orbit: Some(([32.0, 24.0, 0.0], 4.7, 0.95, 60.5)),
        });
        save(&rec, &path).unwrap();
        let back = parse::<String>(&read(&path).unwrap(), &path).unwrap();
        assert_eq!(back.camera, rec.camera);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
