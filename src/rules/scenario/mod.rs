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

impl Header {
    /// The sides (indices, in order) a person plays: those not given to the rules.
    pub fn persons(&self) -> Vec<usize> {
        self.sides
            .iter()
            .enumerate()
            .filter(|(_, s)| s.control == Control::Human)
            .map(|(i, _)| i)
            .collect()
    }
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

/// A scenario written as the editor writes it: readable RON (4-space indents, one field a
/// line, short lists of numbers such as `(3, 4)` kept on one line), the same bytes every time
/// for the same data, and read back by [`ron_options`] as the same data.
///
/// Errors: the data cannot be written as RON (a map with keys RON cannot hold), in words.
pub fn write<T: serde::Serialize>(def: &T) -> Result<String, String> {
    let config = ron::ser::PrettyConfig::new()
        .indentor("    ".to_string())
        .separate_tuple_members(false)
        .enumerate_arrays(false);
    ron::ser::to_string_pretty(def, config)
        .map(|mut s| {
            s.push('\n');
            s
        })
        .map_err(|e| format!("the scenario could not be written: {e}"))
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
        message: format!("{} (see docs/scenario-format.md)", ron_words(&e.code)),
    }
}

/// What RON's parser found wrong, in a player's words: the kind of thing by its name in the
/// file's terms ("terrain kind", "figure"), not the program's types (`TerrainKind`,
/// `FigureDef`); the parser's own text for what has no better words.
pub fn ron_words(code: &ron::Error) -> String {
    use ron::Error as E;
    let list = |names: &[&str]| {
        names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let what = |outer: &Option<String>| outer.as_deref().map_or("value".into(), type_words);
    match code {
        E::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => format!(
            "`{found}` is not a {} here: expected one of {}",
            what(outer),
            list(expected)
        ),
        E::NoSuchStructField {
            expected,
            found,
            outer,
        } => format!(
            "a {} has no `{found}`: expected one of {}",
            what(outer),
            list(expected)
        ),
        E::MissingStructField { field, outer } => {
            format!("this {} needs `{field}`", what(outer))
        }
        E::DuplicateStructField { field, outer } => {
            format!("`{field}` is given twice in this {}", what(outer))
        }
        E::ExpectedNamedStructLike(name) if !name.is_empty() => {
            format!("expected `(` to open a {}", type_words(name))
        }
        E::ExpectedStructLike => "expected `(`".into(),
        E::ExpectedStructLikeEnd => "expected `)` or a `,` before the next field".into(),
        E::InvalidValueForType { expected, found } => format!("expected {expected}, found {found}"),
        E::ExpectedDifferentLength { expected, found } => {
            format!("expected {expected}, found {found} values")
        }
        E::ExpectedStructName(name) => format!("expected the name {name}"),
        // "expected a scenario, found `Scenario`" read as a contradiction: say what to write.
        E::ExpectedDifferentStructName { expected, found } => format!(
            "a {} opens with `(`, with no name before it: leave out `{found}`",
            type_words(expected)
        ),
        other => other.to_string(),
    }
}

/// A type's name as the file's terms say it: `TerrainKind` "terrain kind", `FigureDef`
/// "figure", `Header` "scenario".
fn type_words(name: &str) -> String {
    let name = name.strip_suffix("Def").unwrap_or(name);
    if matches!(name, "Header" | "Scenario") {
        return "scenario".into();
    }
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out
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
    sane_numbers(src, file, Some(LARGEST_NUMBER))?;
    if let Some(limit) = header.turn_limit.filter(|&l| l > MOST_TURNS) {
        let offset = src.find("turn_limit").unwrap_or(0);
        let (line, column) = line_col(src, offset);
        return Err(ScenarioError {
            file: file.into(),
            line,
            column,
            message: format!("turn_limit {limit} is past {MOST_TURNS} turns"),
        });
    }
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

/// The most turns a scenario may last (`turn_limit`): far past any game's length, short of
/// numbers that only a damaged or hostile file holds.
pub const MOST_TURNS: u32 = 1000;

/// The largest number a scenario may hold, in magnitude: inches, hexes, squares, metres,
/// points and counts alike stay far below it.
pub const LARGEST_NUMBER: f64 = 1_000_000.0;

/// Checks that every number in the RON `src` (named `file`) is finite and, with `largest`, no
/// larger in magnitude: a `NaN` or `inf` would play on as a position no rule can measure, and
/// a column of 2,147,483,646 overflows what is computed from it. Strings and comments are
/// skipped (a save's scenario, a string, is checked when it is read as a scenario).
///
/// Errors: the first such number, at its line and column.
pub fn sane_numbers(src: &str, file: &str, largest: Option<f64>) -> Result<(), ScenarioError> {
    let bytes = src.as_bytes();
    let at = |offset: usize, message: String| {
        let (line, column) = line_col(src, offset);
        Err(ScenarioError {
            file: file.into(),
            line,
            column,
            message,
        })
    };
    let word =
        |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'+' || b == b'-';
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < bytes.len() && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b if word(b) && (i == 0 || !word(bytes[i - 1])) => {
                let start = i;
                while i < bytes.len() && word(bytes[i]) {
                    i += 1;
                }
                let token = &src[start..i];
                let bare = token.trim_start_matches(['+', '-']);
                if matches!(bare, "NaN" | "inf" | "infinity" | "Infinity") {
                    return at(
                        start,
                        format!("{token} is not a number a table can hold: numbers must be finite"),
                    );
                }
                let numeric = bare.starts_with(|c: char| c.is_ascii_digit());
                let value = numeric
                    .then(|| token.replace('_', "").parse::<f64>().ok())
                    .flatten();
                // The game keeps its numbers as 32-bit floats: 1e39 would be read as infinity.
                if let Some(v) = value
                    && (v as f32).is_infinite()
                {
                    return at(
                        start,
                        format!(
                            "{token} is past the largest number the game can hold ({:e})",
                            f32::MAX
                        ),
                    );
                }
                if let Some(v) = value
                    && let Some(largest) = largest
                    && v.abs() > largest
                {
                    return at(
                        start,
                        format!(
                            "{token} is past the largest number a scenario may hold ({largest})"
                        ),
                    );
                }
            }
            _ => i += 1,
        }
    }
    Ok(())
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

    /// The sides a person plays are those the scenario does not give the rules, in order.
    #[test]
    fn the_persons_sides_are_those_not_given_to_the_rules() {
        let h = read_header(
            r#"(name: "Raid", ruleset: "tyneside", sides: [
                (id: "rebels", name: "Rebels"),
                (id: "garrison", name: "Garrison", control: Rules),
                (id: "hutts", name: "Hutts", control: Human),
            ])"#,
            "raid.ron",
            &["tyneside"],
        )
        .unwrap();
        assert_eq!(h.persons(), [0, 2]);
    }

    #[test]
    fn parser_errors_are_told_in_the_files_terms() {
        let e = ron::Error::NoSuchEnumVariant {
            expected: &["Woods", "Rocks"],
            found: "Bunker".into(),
            outer: Some("TerrainKind".into()),
        };
        assert_eq!(
            ron_words(&e),
            "`Bunker` is not a terrain kind here: expected one of `Woods`, `Rocks`"
        );
        let e = ron::Error::MissingStructField {
            field: "profile",
            outer: Some("FigureDef".into()),
        };
        assert_eq!(ron_words(&e), "this figure needs `profile`");
        assert_eq!(
            ron_words(&ron::Error::ExpectedNamedStructLike("Header")),
            "expected `(` to open a scenario"
        );
    }

    const SRC: &str = "(\n    name: \"Skirmish\",\n    ruleset: \"battlefield\",\n    sides: [(id: \"a\", name: \"A\", groups: []), (id: \"b\", name: \"B\")],\n    table: (72.0, 48.0),\n)";

    #[test]
    fn numbers_must_be_finite_and_sane() {
        let with = |table: &str| SRC.replace("(72.0, 48.0)", table);
        let e = read_header(&with("(NaN, 48.0)"), "s.ron", &["battlefield"]).unwrap_err();
        assert_eq!((e.line, e.column), (5, 13), "{e}");
        assert!(e.message.contains("finite"), "{e}");
        let e = read_header(&with("(72.0, -inf)"), "s.ron", &["battlefield"]).unwrap_err();
        assert!(e.message.contains("-inf"), "{e}");
        let e = read_header(&with("(2147483646, 48.0)"), "s.ron", &["battlefield"]).unwrap_err();
        assert!(e.message.contains("largest number"), "{e}");
        let long = SRC.replace("    table:", "    turn_limit: 4294967295,\n    table:");
        let e = read_header(&long, "s.ron", &["battlefield"]).unwrap_err();
        assert!(e.message.contains("largest number"), "{e}");
        let long = SRC.replace("    table:", "    turn_limit: 5000,\n    table:");
        let e = read_header(&long, "s.ron", &["battlefield"]).unwrap_err();
        assert!(e.message.contains("past 1000 turns"), "{e}");
        // A name may say anything, and a negative or exponent number is fine.
        let named = SRC
            .replace("Skirmish", "NaN inf 99999999")
            .replace("(72.0, 48.0)", "(7.2e1, -4.8e1)");
        assert!(read_header(&named, "s.ron", &["battlefield"]).is_ok());
    }

    /// Issue 59: 1e39 is finite as written but infinite as the game's 32-bit float: refused
    /// wherever a limit is set or not (scripts, saves and commands from the wire set none).
    #[test]
    fn a_number_past_what_a_float_holds_is_refused_with_or_without_a_limit() {
        let command = "Declare(side: 0, declaration: (orders: [Deploy(unit: \"troopers\", \
                       to: (1e39, 80.0), haste: 0)]))";
        let e = sane_numbers(command, "c.ron", None).unwrap_err();
        assert_eq!((e.line, e.column), (1, 71), "{e}");
        assert!(e.message.contains("1e39 is past the largest number"), "{e}");
        assert!(sane_numbers("(-3.4e38, 1e300)", "c.ron", None).is_err());
        assert!(sane_numbers("(-3.4e38, 18446744073709551615)", "c.ron", None).is_ok());
    }

    /// Issue 61: a scenario written `Scenario(…)` is told to leave the name out, not that a
    /// scenario was expected where it found one.
    #[test]
    fn a_named_scenario_is_told_to_leave_its_name_out() {
        let e = read_header(&format!("Scenario{SRC}"), "s.ron", &["battlefield"]).unwrap_err();
        assert_eq!((e.line, e.column), (1, 1), "{e}");
        assert_eq!(
            e.message,
            "a scenario opens with `(`, with no name before it: leave out `Scenario` (see docs/scenario-format.md)"
        );
    }

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
