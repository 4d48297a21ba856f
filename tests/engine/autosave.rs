//! Crash-safe autosave: a crash at any point of any autosave leaves a last autosave that loads
//! and replays; a damaged one is refused with the file named, and the older ones are still
//! there.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use holotable::engine::autosave::{KEEP, unfinished};
use holotable::engine::dice::Randomness;
use holotable::rulesets::registry;

const BIN: &str = env!("CARGO_BIN_EXE_holotable");

/// A fresh folder under the system's temporary one.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("holotable-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp folder");
    d
}

/// Thirty passes: the battle goes on to turn 8 without ending, an autosave after each.
fn passes(dir: &Path) -> PathBuf {
    let script = dir.join("passes.ron");
    let list = vec!["EndImpulse"; 30].join(", ");
    std::fs::write(&script, format!("[{list}]")).expect("script");
    script
}

fn run_autosaving(script: &Path, folder: &Path) -> Command {
    let mut c = Command::new(BIN);
    c.args(["run", "capture_the_village", "--commands"])
        .arg(script)
        .arg("--autosave")
        .arg(folder)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    c
}

/// The autosaves in `folder`, newest (highest number) first.
fn autosaves(folder: &Path) -> Vec<PathBuf> {
    let mut v: Vec<(u64, PathBuf)> = std::fs::read_dir(folder)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter_map(|p| {
                    let name = p.file_name()?.to_str()?.strip_suffix(".ron")?.to_string();
                    let seq = name.rsplit_once('.')?.1.parse().ok()?;
                    Some((seq, p))
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort_by_key(|(seq, _)| std::cmp::Reverse(*seq));
    v.into_iter().map(|(_, p)| p).collect()
}

fn replays(file: &Path) -> Result<(), String> {
    let out = Command::new(BIN)
        .arg("replay")
        .arg(file)
        .output()
        .expect("runs");
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into())
    }
}

/// Every autosave a game writes, in order: the text of file 1, 2, ... as the pipeline wrote it
/// (the folder keeps only the last few, so each is read as soon as it is written).
fn every_autosave(dir: &Path, commands: usize) -> (String, Vec<String>) {
    let folder = dir.join("whole");
    let (loaded, entry) = registry()
        .load("capture_the_village")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut game =
        (entry.headless)(&loaded, Randomness::seeded(4)).unwrap_or_else(|e| panic!("{e:?}"));
    game.autosave(folder.clone());
    let mut texts = Vec::new();
    for _ in 0..commands {
        game.play_script(Some("[EndImpulse]"), "passes.ron")
            .unwrap_or_else(|e| panic!("{e}"));
        let newest = autosaves(&folder)[0].clone();
        texts.push(std::fs::read_to_string(&newest).expect("reads"));
    }
    let name = autosaves(&folder)[0]
        .file_name()
        .and_then(|n| n.to_str())
        .map(String::from);
    let game_name = name
        .and_then(|n| {
            n.strip_suffix(".ron")
                .and_then(|n| n.rsplit_once('.'))
                .map(|(g, _)| g.to_string())
        })
        .expect("an autosave name <game>.<seq>.ron");
    (game_name, texts)
}

/// A crash can stop an autosave at any of these points (engine::save::write_atomically, then
/// the pruning in engine::autosave): every one is laid out on disk and resumed, so the test
/// covers each moment exactly instead of killing a process at random times.
#[test]
fn a_crash_at_any_point_of_any_autosave_leaves_one_that_replays() {
    let dir = scratch("crash");
    let commands = 12;
    let (game, texts) = every_autosave(&dir, commands);
    let file = |n: usize| format!("{game}.{n:06}.ron");
    let mut checked = 0;
    for done in 1..commands {
        let next = done + 1;
        // (files on disk, a partial file's text if any, the autosave that must be resumed)
        let kept: Vec<usize> = (done.saturating_sub(KEEP - 1).max(1)..=done).collect();
        let half = &texts[next - 1][..texts[next - 1].len() / 2];
        let mut with_next = kept.clone();
        with_next.push(next);
        let points: Vec<(&str, Vec<usize>, Option<&str>, usize)> = vec![
            ("before the temporary file", kept.clone(), None, done),
            (
                "half-way through the temporary file",
                kept.clone(),
                Some(half),
                done,
            ),
            (
                "the temporary file whole, not renamed",
                kept.clone(),
                Some(&texts[next - 1]),
                done,
            ),
            ("renamed, nothing pruned", with_next.clone(), None, next),
            ("pruning the oldest", with_next[1..].to_vec(), None, next),
        ];
        for (moment, files, partial, newest) in points {
            let folder = dir.join(format!("{done}-{checked}"));
            std::fs::create_dir_all(&folder).expect("folder");
            for n in &files {
                std::fs::write(folder.join(file(*n)), &texts[n - 1]).expect("writes");
            }
            if let Some(p) = partial {
                std::fs::write(folder.join(format!("{}.partial", file(next))), p).expect("writes");
            }
            let games = unfinished(&folder);
            assert_eq!(
                games.len(),
                1,
                "crash {moment} of autosave {next}: {games:?}"
            );
            let resumed = &games[0][0];
            assert_eq!(
                resumed.file_name().and_then(|n| n.to_str()),
                Some(file(newest).as_str()),
                "crash {moment} of autosave {next}"
            );
            replays(resumed).unwrap_or_else(|e| panic!("crash {moment} of autosave {next}: {e}"));
            checked += 1;
        }
    }
    assert_eq!(checked, (commands - 1) * 5);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_autosave_is_refused_by_name_and_the_older_ones_remain() {
    let dir = scratch("damaged");
    let script = passes(&dir);
    let folder = dir.join("saves");
    assert!(
        run_autosaving(&script, &folder)
            .status()
            .expect("runs")
            .success()
    );
    let files = autosaves(&folder);
    assert_eq!(files.len(), 3);
    // Cut the newest in half, as a full disk might.
    let text = std::fs::read_to_string(&files[0]).expect("reads");
    std::fs::write(&files[0], &text[..text.len() / 2]).expect("writes");
    let why = replays(&files[0]).expect_err("a truncated save replays");
    let name = files[0].file_name().and_then(|n| n.to_str()).unwrap_or("?");
    assert!(
        why.contains(name),
        "the error does not name the file: {why}"
    );
    // The one before it is whole and replays.
    replays(&files[1]).unwrap_or_else(|e| panic!("{e}"));
    let _ = std::fs::remove_dir_all(&dir);
}
