//! Diagnostics: errors and warnings that point into a source text.
//!
//! Every user-facing error about a rule file, a DSL expression, a position or
//! a move carries the source name and a byte span, and renders as
//! `file:line:col: error: message` followed by the line and a caret, in
//! colour for a terminal ([`Style`]).

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

/// How diagnostics are drawn: plain text, or with ANSI colours for a
/// terminal. The text is the same either way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    #[default]
    Plain,
    Coloured,
}

/// Where a span starts and ends in a source: 1-based lines and columns
/// (columns count characters). The end is the position just after the
/// span, as in most editors' diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
}

impl Source {
    /// The lines and columns a byte span covers.
    pub fn location(&self, span: &Range<usize>) -> Location {
        let (line, column) = self.line_col(span.start);
        let (end_line, end_column) = self.line_col(span.end.max(span.start));
        Location {
            line,
            column,
            end_line,
            end_column,
        }
    }
}

impl Report {
    /// Renders every diagnostic as `file:line:col: error: message`, the
    /// line, a caret under the span and the help, in colour if asked.
    pub fn render(&self, style: Style) -> String {
        let mut out = String::new();
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            write_diagnostic(&mut out, &self.source, d, style);
        }
        out
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Style::Plain))
    }
}

impl std::error::Error for Report {}

/// A message that points into no source, as `error: message` or
/// `warning: message`, coloured like a diagnostic's first line.
pub fn render_message(severity: Severity, message: &str, style: Style) -> String {
    let p = Palette::new(style, severity);
    let (sev, msg) = (p.severity, p.message);
    let kind = match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    format!("{sev}{kind}{sev:#}: {msg}{message}{msg:#}")
}

/// The ANSI styles of one diagnostic's parts (all empty when plain).
struct Palette {
    severity: anstyle::Style,
    location: anstyle::Style,
    message: anstyle::Style,
    gutter: anstyle::Style,
    help: anstyle::Style,
}

impl Palette {
    fn new(style: Style, severity: Severity) -> Palette {
        use anstyle::{AnsiColor, Style as S};
        if style == Style::Plain {
            return Palette {
                severity: S::new(),
                location: S::new(),
                message: S::new(),
                gutter: S::new(),
                help: S::new(),
            };
        }
        let colour = match severity {
            Severity::Error => AnsiColor::BrightRed,
            Severity::Warning => AnsiColor::BrightYellow,
        };
        Palette {
            severity: S::new().bold().fg_color(Some(colour.into())),
            location: S::new().bold(),
            message: S::new().bold(),
            gutter: S::new().bold().fg_color(Some(AnsiColor::BrightBlue.into())),
            help: S::new().bold().fg_color(Some(AnsiColor::BrightCyan.into())),
        }
    }
}

fn write_diagnostic(out: &mut String, src: &Source, d: &Diagnostic, style: Style) {
    use std::fmt::Write as _;
    let p = Palette::new(style, d.severity);
    let (sev, loc, msg, gut, help) = (p.severity, p.location, p.message, p.gutter, p.help);
    let at = src.location(&d.span);
    let (line, col) = (at.line, at.column);
    let kind = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    // Writing into a String cannot fail.
    let _ = writeln!(
        out,
        "{loc}{}:{}:{}:{loc:#} {sev}{kind}{sev:#}: {msg}{}{msg:#}",
        src.name, line, col, d.message
    );
    if let Some(text) = src.text.lines().nth(line - 1) {
        let gutter = line.to_string();
        let _ = writeln!(out, "{gut}{} |{gut:#} {}", gutter, text);
        let line_chars = text.chars().count();
        let width = if at.end_line == line && at.end_column > col {
            at.end_column - col
        } else {
            1
        };
        let width = width.min(line_chars.saturating_sub(col - 1).max(1));
        let _ = writeln!(
            out,
            "{gut}{} |{gut:#} {}{sev}{}{sev:#}",
            " ".repeat(gutter.len()),
            " ".repeat(col - 1),
            "^".repeat(width)
        );
    }
    if let Some(h) = &d.help {
        let _ = writeln!(out, "  {help}= help:{help:#} {h}");
    }
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
    fn coloured_rendering_has_the_same_text() {
        let report = Report {
            source: Source::new("x.toml", "a = 1\nbad = 2\n"),
            diagnostics: vec![
                Diagnostic::error(6..9, "unknown key `bad`").with_help("remove it"),
                Diagnostic::warning(0..1, "unused"),
            ],
        };
        let coloured = report.render(Style::Coloured);
        assert!(coloured.contains('\u{1b}'), "{coloured}");
        let stripped = strip_ansi(&coloured);
        assert_eq!(stripped, report.render(Style::Plain));
    }

    #[test]
    fn locations_end_after_the_span() {
        let src = Source::new("x.toml", "a = 1\nbad = 2\n");
        let at = src.location(&(6..9));
        assert_eq!((at.line, at.column, at.end_line, at.end_column), (2, 1, 2, 4));
    }

    fn strip_ansi(s: &str) -> String {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\u{1b}' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn suggests_close_names_only() {
        assert_eq!(did_you_mean("gmama", ["gamma", "beta"]), Some("gamma"));
        assert_eq!(did_you_mean("xyzzy", ["gamma", "beta"]), None);
        assert_eq!(did_you_mean("zz", ["k"]), None);
    }
}
