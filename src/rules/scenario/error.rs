//! Errors that name the file, line and column.

/// One problem in a scenario file, at a place a person can find.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct ScenarioError {
    /// The file as the user named it.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

/// The 1-based line and column of byte `offset` in `src`.
pub fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let before = &src[..offset.min(src.len())];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rsplit('\n')
        .next()
        .map(|l| l.chars().count())
        .unwrap_or(0)
        + 1;
    (line, column)
}

/// Every problem found in one scenario file, each at its place: the one collector every rule
/// set's `check` uses, so all report alike (`file:line:column: message`).
#[derive(Debug)]
pub struct Errors<'a> {
    src: &'a str,
    file: &'a str,
    /// The problems so far, in the order found.
    pub errors: Vec<ScenarioError>,
    /// Where each line of the file begins (byte offsets), worked out at the first problem, so
    /// placing thousands of problems (a hostile file's) stays linear in the file.
    lines: Vec<usize>,
    /// The last `key: "value"` found of each pair looked for, as (its index, its offset), so
    /// the next of a run of duplicates is looked for from there, not from the start.
    found: std::collections::BTreeMap<(String, String), (usize, usize)>,
}

impl<'a> Errors<'a> {
    /// An empty collector for the file `file` whose text is `src`.
    pub fn new(src: &'a str, file: &'a str) -> Self {
        Self {
            src,
            file,
            errors: Vec::new(),
            lines: Vec::new(),
            found: Default::default(),
        }
    }

    /// A problem at byte `offset` of the file.
    pub fn at(&mut self, offset: usize, message: impl Into<String>) {
        if self.lines.is_empty() {
            self.lines = std::iter::once(0)
                .chain(self.src.match_indices('\n').map(|(i, _)| i + 1))
                .collect();
        }
        // As [`line_col`], by the index of the lines.
        let offset = offset.min(self.src.len());
        let line = self.lines.partition_point(|&start| start <= offset);
        let start = self.lines[line - 1];
        let column = self.src[start..offset].chars().count() + 1;
        self.errors.push(ScenarioError {
            file: self.file.into(),
            line,
            column,
            message: message.into(),
        });
    }

    /// A problem at the `nth` (0-based) `key: "value"` written in the file, or at its start.
    pub fn at_value(&mut self, key: &str, value: &str, nth: usize, message: impl Into<String>) {
        let pair = (key.to_string(), value.to_string());
        let found = match self.found.get(&pair) {
            Some(&(n, at)) if nth == n + 1 => {
                super::find_value(&self.src[at + 1..], key, value, 0).map(|o| o + at + 1)
            }
            _ => super::find_value(self.src, key, value, nth),
        };
        if let Some(offset) = found {
            self.found.insert(pair, (nth, offset));
        }
        self.at(found.unwrap_or(0), message);
    }

    /// A problem at the first place `text` is written in the file (a string's contents:
    /// just inside its quotes), or at its start.
    pub fn at_text(&mut self, text: &str, message: impl Into<String>) {
        let offset = self.src.find(&format!("\"{text}\"")).map_or(0, |i| i + 1);
        self.at(offset, message);
    }

    /// A problem at the first `key: (c, r)` written in the file, or at its start.
    pub fn at_pair(&mut self, key: &str, pair: (i32, i32), message: impl Into<String>) {
        let offset = super::find_pair(self.src, key, pair).unwrap_or(0);
        self.at(offset, message);
    }

    /// A problem found elsewhere (another file, e.g. a bundled map tile).
    pub fn push(&mut self, error: ScenarioError) {
        self.errors.push(error);
    }

    /// Whether no problem was found.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// `value` if no problem was found.
    ///
    /// Errors: every problem, this file's first and in the order they are written, then
    /// those of other files.
    pub fn finish<T>(mut self, value: T) -> Result<T, Vec<ScenarioError>> {
        if self.errors.is_empty() {
            return Ok(value);
        }
        let file = self.file;
        self.errors
            .sort_by_key(|e| (e.file != file, e.line, e.column));
        Err(self.errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index of lines and the run of duplicates place each problem where [`line_col`] and
    /// [`super::super::find_value`] do, whatever order they are asked in.
    #[test]
    fn problems_are_placed_as_by_a_scan_from_the_start() {
        let src = "(\n  id: \"a\",\n  x: (id: \"a\"), id: \"é\",\n\n  id: \"a\")";
        let mut e = Errors::new(src, "f.ron");
        for (n, k) in [0, 1, 2, 1, 0, 2].into_iter().enumerate() {
            e.at_value("id", "a", k, "dup");
            let at = super::super::find_value(src, "id", "a", k).expect("there");
            let (line, column) = line_col(src, at);
            assert_eq!(
                (e.errors[n].line, e.errors[n].column),
                (line, column),
                "{k}"
            );
        }
        e.at_value("id", "é", 0, "accent");
        e.at(src.len(), "end");
        let want: Vec<(usize, usize)> = [
            line_col(
                src,
                super::super::find_value(src, "id", "é", 0).expect("there"),
            ),
            line_col(src, src.len()),
        ]
        .to_vec();
        let got: Vec<(usize, usize)> = e.errors[6..].iter().map(|p| (p.line, p.column)).collect();
        assert_eq!(got, want);
    }
}
