//! Scenario files (RON): the shared header every rule set's scenario starts with, read before
//! the rule set's own schema, and the errors that name file, line and column.
//! Format: docs/scenario-format.md.

mod error;

pub use error::{Errors, ScenarioError, line_col};

use serde::{Deserialize, Serialize};

/// What every scenario says whatever its rule set: read first, to pick the rule set that
/// reads the rest. Unknown fields are left for the rule set's schema.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Header {
    /// Title shown in the scenario list.
    pub name: String,
    /// Rule set id (`tyneside`, …): the registry key.
    pub ruleset: String,
    /// A paragraph for the scenario list: the situation and how to win.
    #[serde(default)]
    pub description: String,
    /// The sides, in the scenario's order.
    pub sides: Vec<SideHeader>,
    /// The game ends after this turn (none: only when a side is wiped out).
    #[serde(default)]
    pub turn_limit: Option<u32>,
}

/// A side as the header sees it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct SideHeader {
    /// Unique id, e.g. "rebels".
    pub id: String,
    /// Display name, e.g. "Rebel Alliance".
    pub name: String,
    /// Who plays it: a person (the default) or the rules.
    #[serde(default)]
    pub control: Control,
}

/// Who plays a side, in every rule set's scenarios.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Control {
    /// A person, at the table (hotseat).
    #[default]
    Human,
    /// The rules: a rule set that has solo rules plays it by them (Tyneside: its orders come
    /// from the Random movement table); one without plays it by its documented plain policy.
    Rules,
}

/// RON as scenario files are read: `Some(…)` may be left out around optional values.
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// Where RON that does not parse went wrong, as `file:line:column` (every RON file Holotable
/// reads names its errors so).
pub fn ron_at(file: impl std::fmt::Display, e: &ron::error::SpannedError) -> String {
    format!("{file}:{}:{}", e.span.start.line, e.span.start.col)
}

/// The error for RON that does not parse: the parser's line, column and what it expected.
pub fn ron_error(file: &str, e: &ron::error::SpannedError) -> ScenarioError {
    ScenarioError {
        file: file.into(),
        line: e.span.start.line,
        column: e.span.start.col,
        message: format!("{} (see docs/scenario-format.md)", e.code),
    }
}

/// Reads the shared header of the scenario `src` (named `file` in messages) and checks its
/// rule set id against `known`.
///
/// Errors: RON that does not parse as a header (file:line:column and what was expected), or
/// a `ruleset:` id not in `known` (at the id, listing the known ids).
pub fn read_header(src: &str, file: &str, known: &[&str]) -> Result<Header, ScenarioError> {
    let header: Header = ron_options()
        .from_str(src)
        .map_err(|e| ron_error(file, &e))?;
    if !known.contains(&header.ruleset.as_str()) {
        let offset = find_value(src, "ruleset", &header.ruleset, 0).unwrap_or(0);
        let (line, column) = line_col(src, offset);
        return Err(ScenarioError {
            file: file.into(),
            line,
            column,
            message: format!(
                "unknown rule set '{}': expected one of {}",
                header.ruleset,
                known.join(", ")
            ),
        });
    }
    Ok(header)
}

/// Byte offset of the `nth` (0-based) `key: "value"` in `src`.
pub fn find_value(src: &str, key: &str, value: &str, nth: usize) -> Option<usize> {
    let quoted = format!("\"{value}\"");
    src.match_indices(&quoted)
        .filter(|(i, _)| {
            let before = src[..*i].trim_end();
            before
                .strip_suffix(':')
                .is_some_and(|b| b.trim_end().ends_with(key))
        })
        .map(|(i, _)| i)
        .nth(nth)
}

/// Byte offset of the first `key: (c, r)` in `src`, however it is spaced (`key` empty: the
/// first `(c, r)`).
pub fn find_pair(src: &str, key: &str, (c, r): (i32, i32)) -> Option<usize> {
    let compact = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let (want, anchor) = if key.is_empty() {
        (format!("({c},{r})"), "(")
    } else {
        (format!("{key}:({c},{r})"), key)
    };
    src.match_indices(anchor).map(|(i, _)| i).find(|&i| {
        let tail: String = src[i..].chars().take(want.len() + 12).collect();
        compact(&tail).starts_with(&want)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "(\n    name: \"Skirmish\",\n    ruleset: \"battlefield\",\n    sides: [(id: \"a\", name: \"A\", groups: []), (id: \"b\", name: \"B\")],\n    table: (72.0, 48.0),\n)";

    #[test]
    fn header_reads_past_the_rule_sets_own_fields() {
        let h = read_header(SRC, "s.ron", &["tyneside", "battlefield"]).unwrap();
        assert_eq!(h.ruleset, "battlefield");
        assert_eq!(h.sides[1].name, "B");
        assert_eq!(h.turn_limit, None);
    }

    #[test]
    fn unknown_rule_set_is_refused_at_its_id_with_the_known_ids() {
        let e = read_header(SRC, "s.ron", &["tyneside"]).unwrap_err();
        assert_eq!((e.line, e.column), (3, 14));
        assert!(
            e.message
                .contains("unknown rule set 'battlefield': expected one of tyneside"),
            "{e}"
        );
    }

    #[test]
    fn broken_header_names_line_and_column() {
        let e =
            read_header(&SRC.replace("name: \"A\"", "name \"A\""), "s.ron", &["x"]).unwrap_err();
        assert_eq!((e.file.as_str(), e.line), ("s.ron", 4));
    }
}
