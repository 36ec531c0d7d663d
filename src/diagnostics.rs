//! Diagnostics: errors and warnings that point into a source text.
//!
//! Every user-facing error about a rule file, a DSL expression, a position or
//! a move carries the source name and a byte span, and renders as
//! `file:line:col: error: message` followed by the line and a caret.

use std::fmt;
use std::ops::Range;

/// A named source text (a rule file, or a command-line argument).
#[derive(Clone, Debug)]
pub struct Source {
    pub name: String,
    pub text: String,
}

impl Source {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        Source {
            name: name.into(),
            text: text.into(),
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
        (line, col)
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
}

/// One finding, with where it is and, optionally, what to do about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub span: Range<usize>,
    pub message: String,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(span: Range<usize>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            span,
            message: message.into(),
            help: None,
        }
    }
    pub fn warning(span: Range<usize>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            span,
            message: message.into(),
            help: None,
        }
    }
    /// Adds a hint; a second hint is appended to the first.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        let help = help.into();
        self.help = Some(match self.help.take() {
            Some(first) => format!("{first}; {help}"),
            None => help,
        });
        self
    }
    /// Adds a "did you mean" hint when a close candidate exists.
    pub fn suggest<'a>(self, wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> Self {
        match did_you_mean(wrong, candidates) {
            Some(best) => self.with_help(format!("did you mean `{best}`?")),
            None => self,
        }
    }
}

/// Diagnostics about one source, ready to print.
#[derive(Clone, Debug)]
pub struct Report {
    pub source: Source,
    pub diagnostics: Vec<Diagnostic>,
}

impl Report {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity == Severity::Error)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write_diagnostic(f, &self.source, d)?;
        }
        Ok(())
    }
}

impl std::error::Error for Report {}

fn write_diagnostic(f: &mut fmt::Formatter<'_>, src: &Source, d: &Diagnostic) -> fmt::Result {
    let (line, col) = src.line_col(d.span.start);
    let kind = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    writeln!(f, "{}:{}:{}: {}: {}", src.name, line, col, kind, d.message)?;
    if let Some(text) = src.text.lines().nth(line - 1) {
        let gutter = line.to_string();
        writeln!(f, "{} | {}", gutter, text)?;
        let line_chars = text.chars().count();
        let (_, end_col) = src.line_col(d.span.end.max(d.span.start));
        let (end_line, _) = src.line_col(d.span.end.max(d.span.start));
        let width = if end_line == line && end_col > col {
            end_col - col
        } else {
            1
        };
        let width = width.min(line_chars.saturating_sub(col - 1).max(1));
        writeln!(
            f,
            "{} | {}{}",
            " ".repeat(gutter.len()),
            " ".repeat(col - 1),
            "^".repeat(width)
        )?;
    }
    if let Some(help) = &d.help {
        writeln!(f, "  = help: {help}")?;
    }
    Ok(())
}

/// The candidate closest to `wrong` by edit distance, if it is close enough
/// to be a plausible typo.
pub fn did_you_mean<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (wrong.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .map(|c| (edit_distance(&wrong.to_lowercase(), &c.to_lowercase()), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, c)| (*d, c.len()))
        .map(|(_, c)| c)
}

/// Edit distance counting a swap of two neighbours as one edit.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_file_line_column_and_caret() {
        let src = Source::new("x.toml", "a = 1\nbad = 2\n");
        let report = Report {
            source: src,
            diagnostics: vec![Diagnostic::error(6..9, "unknown key `bad`").with_help("remove it")],
        };
        let text = report.to_string();
        assert!(
            text.starts_with("x.toml:2:1: error: unknown key `bad`\n2 | bad = 2\n  | ^^^\n"),
            "{text}"
        );
        assert!(text.contains("help: remove it"));
    }

    #[test]
    fn suggests_close_names_only() {
        assert_eq!(did_you_mean("gmama", ["gamma", "beta"]), Some("gamma"));
        assert_eq!(did_you_mean("xyzzy", ["gamma", "beta"]), None);
        assert_eq!(did_you_mean("zz", ["k"]), None);
    }
}
