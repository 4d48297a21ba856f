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
}

impl<'a> Errors<'a> {
    /// An empty collector for the file `file` whose text is `src`.
    pub fn new(src: &'a str, file: &'a str) -> Self {
        Self {
            src,
            file,
            errors: Vec::new(),
        }
    }

    /// A problem at byte `offset` of the file.
    pub fn at(&mut self, offset: usize, message: impl Into<String>) {
        let (line, column) = line_col(self.src, offset);
        self.errors.push(ScenarioError {
            file: self.file.into(),
            line,
            column,
            message: message.into(),
        });
    }

    /// A problem at the `nth` (0-based) `key: "value"` written in the file, or at its start.
    pub fn at_value(&mut self, key: &str, value: &str, nth: usize, message: impl Into<String>) {
        let offset = super::find_value(self.src, key, value, nth).unwrap_or(0);
        self.at(offset, message);
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
