//! Crash-safe autosave: a game killed with SIGKILL at random moments while it autosaves
//! after every command always leaves a last autosave that loads and replays; a damaged one is
//! refused with the file named, and the older ones are still there.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};

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

#[test]
fn a_game_killed_at_random_moments_leaves_an_autosave_that_replays() {
    let dir = scratch("kill");
    let script = passes(&dir);
    // How long a whole run takes here, so the kills fall across it.
    let whole = dir.join("whole");
    let t = Instant::now();
    let status = run_autosaving(&script, &whole).status().expect("runs");
    let span = t.elapsed();
    assert!(status.success(), "the uninterrupted run failed");
    assert_eq!(autosaves(&whole).len(), 3, "the last three are kept");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let (mut cut_short, mut checked) = (0, 0);
    for k in 0..100 {
        let folder = dir.join(k.to_string());
        let mut child = run_autosaving(&script, &folder).spawn().expect("runs");
        let wait = rng.random_range(0..span.as_micros().max(1) as u64);
        std::thread::sleep(Duration::from_micros(wait));
        let _ = child.kill(); // SIGKILL
        let status = child.wait().expect("waits");
        if status.code().is_none() {
            cut_short += 1;
        }
        if let Some(newest) = autosaves(&folder).first() {
            replays(newest).unwrap_or_else(|e| panic!("kill {k}: {}: {e}", newest.display()));
            checked += 1;
        }
    }
    eprintln!("{cut_short} of 100 runs cut short, {checked} autosaves replayed");
    // Kills before the first autosave and runs that finished first check nothing: enough
    // of the hundred must have been cut short with autosaves behind them.
    assert!(
        cut_short >= 10 && checked >= 10,
        "{cut_short} runs cut short, {checked} autosaves checked"
    );
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
