//! Crash-safe autosave: after every accepted command the game's record is written whole (a
//! temporary file, fsync, rename: [`super::save::save`]) as a new file in the autosave folder,
//! and only the last [`KEEP`] of a game are kept, so a crash at any moment leaves the last
//! complete one, and a damaged file is never written over. A finished game's autosaves are
//! removed; an unfinished one is offered again on the title screen.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::Serialize;

use super::pipeline::Applied;
use super::record::GameRecord;
use super::ruleset::RuleSet;
use super::save::SaveError;

/// How many autosaves of one game are kept.
pub const KEEP: usize = 3;

/// The environment variable that moves the data folder (tests, portable installs).
pub const DATA_DIR_VAR: &str = "HOLOTABLE_DATA_DIR";

/// Holotable's data folder: `$HOLOTABLE_DATA_DIR`, else the platform's data folder for
/// Holotable (the `directories` crate: e.g. `~/.local/share/holotable` on Linux). `None` when
/// the platform names no home folder.
pub fn data_folder() -> Option<PathBuf> {
    match std::env::var_os(DATA_DIR_VAR) {
        Some(d) if !d.is_empty() => Some(PathBuf::from(d)),
        _ => Some(
            directories::ProjectDirs::from("", "", "holotable")?
                .data_dir()
                .to_path_buf(),
        ),
    }
}

/// The autosave folder: `autosave` in the [`data_folder`].
pub fn folder() -> Option<PathBuf> {
    Some(data_folder()?.join("autosave"))
}

/// The folder the window's Save writes games to, given the data folder `data`: its `saves`,
/// beside the warbands, scenarios and autosaves, so a save does not depend on the folder the
/// window was started from; `saves` in the current folder only where there is no data folder.
pub fn saves_folder_in(data: Option<&Path>) -> PathBuf {
    data.map_or_else(|| PathBuf::from("saves"), |d| d.join("saves"))
}

/// [`saves_folder_in`] the [`data_folder`].
pub fn saves_folder() -> PathBuf {
    saves_folder_in(data_folder().as_deref())
}

/// `path`, or where a file is there already the first of `<stem>-2.<ext>`, `<stem>-3.<ext>`…
/// that is free: Save never writes over another save (two games of one scenario saved at
/// the same turn, say) without asking.
pub fn unused(path: PathBuf) -> PathBuf {
    if !path.exists() {
        return path;
    }
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().to_string());
    let ext = path
        .extension()
        .map_or_else(String::new, |e| format!(".{}", e.to_string_lossy()));
    (2..)
        .map(|n| path.with_file_name(format!("{stem}-{n}{ext}")))
        .find(|p| !p.exists())
        .unwrap_or(path)
}

/// Autosaving for the game being played: present in a world only while it autosaves.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Autosave {
    /// The folder written to.
    pub folder: PathBuf,
    /// This game's name in file names: `<scenario stem>-<start time in ms>`.
    pub game: String,
    /// The last file number written.
    pub seq: u64,
}

/// What a guided first game's name in file names begins with: the title names it as it
/// began (`First game (guided)`, not its scenario) and resumes it with the guide on.
pub const GUIDED: &str = "guided-";

impl Autosave {
    /// Whether this game is a guided first game ([`GUIDED`]).
    pub fn is_guided(game_file: &Path) -> bool {
        split_name(game_file).is_some_and(|(game, _)| game.starts_with(GUIDED))
    }

    /// From now on this game's files are a guided first game's ([`GUIDED`]); one it wrote
    /// already keeps its name.
    pub fn guided(&mut self) {
        if !self.game.starts_with(GUIDED) {
            self.game = format!("{GUIDED}{}", self.game);
        }
    }

    /// Autosaving into `folder` for a game of the scenario `stem`, named by the clock; when
    /// the game resumes from one of its own autosaves (`from`), it keeps that game's name and
    /// numbers on.
    pub fn new(folder: PathBuf, stem: &str, from: Option<&Path>) -> Self {
        if let Some((game, seq)) = from.and_then(split_name) {
            return Self { folder, game, seq };
        }
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        Self {
            folder,
            game: format!("{stem}-{secs}"),
            seq: 0,
        }
    }

    /// Writes `record` as this game's next autosave and removes all but the last [`KEEP`].
    /// Returns the file written.
    ///
    /// Errors: [`SaveError`] when the file cannot be written (the older ones stay).
    pub fn write<C: Serialize>(&mut self, record: &GameRecord<C>) -> Result<PathBuf, SaveError> {
        let path = self
            .folder
            .join(format!("{}.{:06}.ron", self.game, self.seq + 1));
        super::save::save(record, &path)?;
        self.seq += 1;
        for (old, _) in self.files().into_iter().rev().skip(KEEP) {
            // A file that cannot be removed is only kept longer.
            let _ = std::fs::remove_file(old);
        }
        Ok(path)
    }

    /// The game is over: its autosaves are removed (nothing to resume).
    pub fn finish(&self) {
        for (f, _) in self.files() {
            let _ = std::fs::remove_file(f);
        }
    }

    /// This game's autosaves, oldest first.
    fn files(&self) -> Vec<(PathBuf, u64)> {
        let mut v: Vec<(PathBuf, u64)> = listing(&self.folder)
            .into_iter()
            .filter(|(_, game, _)| *game == self.game)
            .map(|(p, _, seq)| (p, seq))
            .collect();
        v.sort_by_key(|(_, seq)| *seq);
        v
    }
}

/// The pipeline's hook after an accepted command: the game is autosaved, or, once over, its
/// autosaves are removed. A failed write is logged and the game goes on (the older autosaves
/// stay). A replay writes nothing: its commands are saved already.
fn after_command<R: RuleSet>(world: &mut World, applied: &Applied) {
    if applied.replaying || !world.contains_resource::<Autosave>() {
        return;
    }
    if super::state::over(world) {
        if let Some(a) = world.remove_resource::<Autosave>() {
            a.finish();
        }
        return;
    }
    rewrite::<R>(world);
}

/// The pipeline's hook when the record changed outside a command (undo), and the write after a
/// command: the game as it stands now is the next autosave.
fn rewrite<R: RuleSet>(world: &mut World) {
    let Some(mut a) = world.remove_resource::<Autosave>() else {
        return;
    };
    if let Err(e) = a.write(world.resource::<GameRecord<R::Command>>()) {
        warn!("autosave: {e}");
    }
    world.insert_resource(a);
}

/// Autosaving for rule set `R`: its hooks in the pipeline. A game autosaves while an
/// [`Autosave`] is in its world.
pub fn plugin<R: RuleSet>(app: &mut App) {
    let mut hooks = app.world_mut().resource_mut::<super::pipeline::Hooks<R>>();
    hooks.accepted.push(after_command::<R>);
    hooks.rewritten.push(rewrite::<R>);
}

/// `<game>.<seq>.ron` → (game, seq).
fn split_name(path: &Path) -> Option<(String, u64)> {
    let name = path.file_name()?.to_str()?.strip_suffix(".ron")?;
    let (game, seq) = name.rsplit_once('.')?;
    Some((game.to_string(), seq.parse().ok()?))
}

/// Every autosave in `folder`: (path, game, number). Partial files left by a crash are not
/// autosaves.
fn listing(folder: &Path) -> Vec<(PathBuf, String, u64)> {
    let Ok(dir) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    dir.flatten()
        .map(|e| e.path())
        .filter_map(|p| split_name(&p).map(|(g, s)| (p, g, s)))
        .collect()
}

/// The folder, inside the autosaves' `folder`, that games set aside from the title go to.
pub const SET_ASIDE: &str = "set-aside";

/// Sets an unfinished game aside: its autosaves `files` (all in one folder) move into that
/// folder's [`SET_ASIDE`] folder, out of the title's list, and nothing is deleted. Returns the
/// folder they went to.
///
/// Errors: the [`std::io::Error`] of the first file that could not be moved (those moved
/// before it stay moved; the game stays in the list with the rest).
pub fn set_aside(files: &[PathBuf]) -> std::io::Result<PathBuf> {
    let Some(folder) = files.first().and_then(|f| f.parent()) else {
        return Ok(PathBuf::new());
    };
    let to = folder.join(SET_ASIDE);
    std::fs::create_dir_all(&to)?;
    for f in files {
        if let Some(name) = f.file_name() {
            std::fs::rename(f, to.join(name))?;
        }
    }
    Ok(to)
}

/// The unfinished games in `folder`, newest first: for each, its autosaves newest first (the
/// one to resume, then the fallbacks should it not load).
pub fn unfinished(folder: &Path) -> Vec<Vec<PathBuf>> {
    let mut games: Vec<(String, Vec<(u64, PathBuf)>)> = Vec::new();
    for (p, g, s) in listing(folder) {
        match games.iter_mut().find(|(name, _)| *name == g) {
            Some((_, v)) => v.push((s, p)),
            None => games.push((g, vec![(s, p)])),
        }
    }
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let mut out: Vec<(Option<std::time::SystemTime>, Vec<PathBuf>)> = games
        .into_iter()
        .map(|(_, mut v)| {
            v.sort_by_key(|(seq, _)| std::cmp::Reverse(*seq));
            let files: Vec<PathBuf> = v.into_iter().map(|(_, p)| p).collect();
            (files.first().and_then(|p| modified(p)), files)
        })
        .collect();
    out.sort_by_key(|(t, _)| std::cmp::Reverse(*t));
    out.into_iter().map(|(_, f)| f).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_set_aside_leaves_the_list_and_keeps_its_files() {
        let dir = std::env::temp_dir().join(format!("holotable-aside-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["a-1.000001.ron", "a-1.000002.ron", "b-2.000001.ron"] {
            std::fs::write(dir.join(name), "()").unwrap();
        }
        let games = unfinished(&dir);
        assert_eq!(games.len(), 2);
        let a = games
            .iter()
            .find(|g| g[0].to_string_lossy().contains("a-1"))
            .unwrap()
            .clone();
        let to = set_aside(&a).unwrap();
        assert_eq!(to, dir.join(SET_ASIDE));
        let left = unfinished(&dir);
        assert_eq!(left.len(), 1, "{left:?}");
        assert!(left[0][0].to_string_lossy().contains("b-2"));
        for name in ["a-1.000001.ron", "a-1.000002.ron"] {
            assert!(to.join(name).exists(), "{name} lost");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_save_never_takes_the_name_of_one_there() {
        let dir = std::env::temp_dir().join(format!("holotable-unused-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let first = dir.join("raid-turn2.ron");
        assert_eq!(unused(first.clone()), first);
        std::fs::write(&first, "a").unwrap();
        assert_eq!(unused(first.clone()), dir.join("raid-turn2-2.ron"));
        std::fs::write(dir.join("raid-turn2-2.ron"), "b").unwrap();
        assert_eq!(unused(first.clone()), dir.join("raid-turn2-3.ron"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn saves_go_to_the_data_folder() {
        assert_eq!(
            saves_folder_in(Some(Path::new("/home/p/.local/share/holotable"))),
            Path::new("/home/p/.local/share/holotable/saves")
        );
        assert_eq!(saves_folder_in(None), Path::new("saves"));
    }

    #[test]
    fn only_the_last_few_are_kept_and_a_finished_game_leaves_none() {
        let dir = std::env::temp_dir().join(format!("holotable-autosave-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut a = Autosave::new(dir.clone(), "raid", None);
        let record = GameRecord::<u32>::new("tyneside", "bundled:raid", "", Some(1));
        for _ in 0..5 {
            a.write(&record).unwrap_or_else(|e| panic!("{e}"));
        }
        let games = unfinished(&dir);
        assert_eq!(games.len(), 1);
        let names: Vec<String> = games[0]
            .iter()
            .map(|p| split_name(p).map(|(_, s)| s).unwrap_or(0).to_string())
            .collect();
        assert_eq!(names, ["5", "4", "3"], "newest first, the last {KEEP}");
        // Resuming from the newest keeps the game's name and numbers on.
        let mut b = Autosave::new(dir.clone(), "raid", Some(&games[0][0]));
        assert_eq!((b.game.as_str(), b.seq), (a.game.as_str(), 5));
        b.write(&record).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(unfinished(&dir)[0].len(), KEEP);
        b.finish();
        assert!(unfinished(&dir).is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A guided first game is known by its files, and stays one when resumed.
    #[test]
    fn a_guided_game_is_known_by_its_files() {
        let dir = std::env::temp_dir().join(format!("holotable-guided-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let record = GameRecord::<u32>::new("tyneside", "bundled:raid", "", Some(1));
        let mut plain = Autosave::new(dir.clone(), "raid", None);
        let mut guided = Autosave::new(dir.clone(), "raid", None);
        guided.guided();
        guided.guided();
        assert!(guided.game.starts_with(GUIDED) && !guided.game[GUIDED.len()..].contains(GUIDED));
        let plain_file = plain.write(&record).unwrap_or_else(|e| panic!("{e}"));
        let guided_file = guided.write(&record).unwrap_or_else(|e| panic!("{e}"));
        assert!(!Autosave::is_guided(&plain_file));
        assert!(Autosave::is_guided(&guided_file));
        let mut resumed = Autosave::new(dir.clone(), "raid", Some(&guided_file));
        let again = resumed.write(&record).unwrap_or_else(|e| panic!("{e}"));
        assert!(Autosave::is_guided(&again), "{again:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
