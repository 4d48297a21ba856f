//! The rule-set boundary, checked on the source tree: shared folders never name a rule set,
//! and `rules/` folders (shared or a rule set's) never import Bevy. docs/architecture.md.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted.
pub(crate) fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The lines of `path` that are code (not comments), with their numbers.
fn code_lines(path: &Path) -> Vec<(usize, String)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .enumerate()
        .filter(|(_, l)| {
            let t = l.trim_start();
            !t.starts_with("//")
        })
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect()
}

/// Places in `files` whose code contains any of `needles`, as `file:line: text`.
fn offenders(files: &[PathBuf], needles: &[&str]) -> Vec<String> {
    files
        .iter()
        .flat_map(|f| {
            code_lines(f)
                .into_iter()
                .filter(|(_, l)| needles.iter().any(|n| l.contains(n)))
                .map(move |(n, l)| format!("{}:{n}: {}", f.display(), l.trim()))
        })
        .collect()
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The shared folders: everything under src/ but src/rulesets/ and main.rs (which hands the
/// registry to the command line).
fn shared_files() -> Vec<PathBuf> {
    let src = src();
    rust_files(&src)
        .into_iter()
        .filter(|f| !f.starts_with(src.join("rulesets")) && *f != src.join("main.rs"))
        .collect()
}

#[test]
fn shared_folders_never_import_a_rule_set() {
    let bad = offenders(
        &shared_files(),
        &["rulesets::", "crate::rulesets", "mod rulesets"],
    );
    // lib.rs declares the module tree; that is the one mention allowed.
    let bad: Vec<String> = bad
        .into_iter()
        .filter(|l| !l.contains("lib.rs") || !l.ends_with("pub mod rulesets;"))
        .collect();
    assert!(
        bad.is_empty(),
        "shared code names a rule set:\n{}",
        bad.join("\n")
    );
}

#[test]
fn rules_folders_never_import_bevy() {
    let rules_dirs: Vec<PathBuf> = std::iter::once(src().join("rules"))
        .chain(
            std::fs::read_dir(src().join("rulesets"))
                .unwrap()
                .map(|e| e.unwrap().path().join("rules"))
                .filter(|p| p.is_dir()),
        )
        .collect();
    assert!(rules_dirs.len() >= 2, "found {rules_dirs:?}");
    let files: Vec<PathBuf> = rules_dirs.iter().flat_map(|d| rust_files(d)).collect();
    let bad = offenders(&files, &["bevy"]);
    assert!(
        bad.is_empty(),
        "a rules/ folder imports Bevy:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_checks_see_a_violation() {
    // The scanners themselves must be able to fail: a planted file is caught by each.
    let dir = std::env::temp_dir().join(format!("holotable-boundary-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let planted = dir.join("planted.rs");
    std::fs::write(
        &planted,
        "// use bevy::prelude::*; in a comment is fine\nuse bevy::prelude::*;\nuse crate::rulesets::tyneside::ID;\n",
    )
    .unwrap();
    let files = rust_files(&dir);
    assert_eq!(offenders(&files, &["bevy"]).len(), 1);
    assert_eq!(offenders(&files, &["rulesets::"]).len(), 1);
    std::fs::remove_dir_all(dir).unwrap();
}
