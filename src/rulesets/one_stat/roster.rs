//! Warband files: a warband as RON with its rule set named, kept in the data folder's
//! `warbands/` (shareable as files), read with every problem at its line and column, written
//! whole or not at all; and the starting warbands that come with Holotable.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::rules::warband::{Warband, WarbandKind, check};
use crate::rules::scenario::{Errors, ron_error, ron_options};

/// A warband file: `(ruleset: "one_stat", warband: (name: ..., fighters: [...]))`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RosterFile {
    /// `"one_stat"`.
    pub ruleset: String,
    /// The warband.
    pub warband: Warband,
}

/// The starting warbands: (file name, RON text).
pub const STARTING: &[(&str, &str)] = &[
    (
        "rebel_cell.ron",
        include_str!("../../../assets/warbands/one_stat/rebel_cell.ron"),
    ),
    (
        "smugglers_crew.ron",
        include_str!("../../../assets/warbands/one_stat/smugglers_crew.ron"),
    ),
    (
        "imperial_patrol.ron",
        include_str!("../../../assets/warbands/one_stat/imperial_patrol.ron"),
    ),
    (
        "hutt_enforcers.ron",
        include_str!("../../../assets/warbands/one_stat/hutt_enforcers.ron"),
    ),
    (
        "hunting_party.ron",
        include_str!("../../../assets/warbands/one_stat/hunting_party.ron"),
    ),
];

/// Reads the warband file `src` (named `file` in messages) and checks it as a standard
/// warband (one-stat-skirmish.txt, "What do you need", "Specialists").
///
/// Errors: RON that does not parse (its line and column, what was expected), a file of
/// another rule set, and every limit the warband breaks, at the fighter it concerns, each as
/// `file:line:column: message`.
pub fn parse(src: &str, file: &str) -> Result<Warband, Vec<String>> {
    let r: RosterFile = ron_options()
        .from_str(src)
        .map_err(|e| vec![ron_error(file, &e).to_string()])?;
    let mut errs = Errors::new(src, file);
    if r.ruleset != super::ID {
        errs.at_value(
            "ruleset",
            &r.ruleset,
            0,
            format!("a warband of rule set \"{}\", not one_stat", r.ruleset),
        );
    }
    for problem in check(&r.warband, WarbandKind::Standard) {
        // At the fighter the problem names, else at the warband's name.
        let at = r
            .warband
            .fighters
            .iter()
            .find(|f| problem.starts_with(&f.name) || problem.contains(&format!("\"{}\"", f.id)))
            .map(|f| ("id", f.id.clone()))
            .unwrap_or(("name", r.warband.name.clone()));
        errs.at_value(at.0, &at.1, 0, problem);
    }
    errs.finish(r.warband)
        .map_err(|es| es.iter().map(ToString::to_string).collect())
}

/// The warband `w` as a file's text.
pub fn text(w: &Warband) -> String {
    let file = RosterFile {
        ruleset: super::ID.into(),
        warband: w.clone(),
    };
    let body =
        ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default()).unwrap_or_default();
    format!("// A 1 Stat Skirmish warband, made with Holotable's warband builder.\n{body}\n")
}

/// The folder the player's warbands are kept in: `warbands/` in the data folder.
pub fn folder() -> Option<PathBuf> {
    Some(crate::engine::autosave::data_folder()?.join("warbands"))
}

/// A file name for a warband called `name`: its letters and digits, lower case, `_` for the
/// rest.
pub fn file_name(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    let stem = stem.trim_matches('_');
    format!("{}.ron", if stem.is_empty() { "warband" } else { stem })
}

/// Saves `w` as `path`, whole or not at all (never a half-written file).
///
/// Errors: the folder or file cannot be written, in words with the path.
pub fn save(w: &Warband, path: &Path) -> Result<(), String> {
    crate::engine::save::write_atomically(path, text(w).as_bytes())
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

/// A warband offered to a player: where it comes from, and the warband or why it cannot be
/// read.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    /// `yours` or `starting`.
    pub origin: &'static str,
    /// Its file (none for a starting warband).
    pub path: Option<PathBuf>,
    /// The warband, or its problems in a line.
    pub warband: Result<Warband, String>,
}

/// The player's warbands (the folder's `.ron` files, by name), then the starting ones.
pub fn list() -> Vec<Listed> {
    let mut out = Vec::new();
    if let Some(dir) = folder()
        && let Ok(entries) = std::fs::read_dir(&dir)
    {
        let mut files: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "ron"))
            .collect();
        files.sort();
        for path in files {
            let warband = std::fs::read_to_string(&path)
                .map_err(|e| format!("{}: cannot read: {e}", path.display()))
                .and_then(|src| {
                    parse(&src, &path.display().to_string()).map_err(|es| es.join("; "))
                });
            out.push(Listed {
                origin: "yours",
                path: Some(path),
                warband,
            });
        }
    }
    for (name, src) in STARTING {
        out.push(Listed {
            origin: "starting",
            path: None,
            warband: parse(src, &format!("bundled:{name}")).map_err(|es| es.join("; ")),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starting_warbands_keep_the_limits_and_a_saved_one_reads_back_the_same() {
        for (name, src) in STARTING {
            let w = parse(src, name).unwrap_or_else(|e| panic!("{name}: {e:?}"));
            let again = parse(&text(&w), "again.ron").expect("its own text reads back");
            assert_eq!(again, w);
            assert_eq!(text(&again), text(&w), "saved twice, the same bytes");
        }
    }

    #[test]
    fn a_broken_warband_is_refused_at_the_fighter() {
        let src = "(\n  ruleset: \"one_stat\",\n  warband: (name: \"W\", fighters: [\n    (id: \"b\", name: \"Boss\", tier: Boss, stat: 6),\n    (id: \"r\", name: \"Rook\", tier: Rookie, stat: 7, weapons: [Shooter(name: \"gun\", class: Normal)]),\n  ]),\n)";
        let e = parse(src, "w.ron").expect_err("broken");
        assert!(
            e.iter()
                .any(|e| e.starts_with("w.ron:5:10:") && e.contains("Rook's stat is 7")),
            "{e:?}"
        );
        assert!(
            e.iter().any(|e| e.starts_with("w.ron:5:")
                && e.contains("Rook")
                && e.contains("light shooters")),
            "{e:?}"
        );
        let other = parse(
            "(ruleset: \"tyneside\", warband: (name: \"W\", fighters: []))",
            "o.ron",
        )
        .expect_err("another rule set");
        assert!(
            other.iter().any(|e| e.contains("not one_stat")),
            "{other:?}"
        );
        let bad = parse("(ruleset: \"one_stat\", warband: (name: 3))", "b.ron").expect_err("bad");
        assert!(bad[0].starts_with("b.ron:1:"), "{bad:?}");
    }
}
