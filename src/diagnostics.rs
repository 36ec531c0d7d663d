//! Diagnostics: errors and warnings that point into a source text.
//!
//! Every user-facing error about a rule file, a DSL expression, a position or
//! a move carries the source name and a byte span, and renders as
//! `file:line:col: error: message` followed by the line and a caret, in
//! colour for a terminal ([`Style`]).

use std::fmt;
use std::ops::Range;
use std::sync::OnceLock;
use unicode_width::UnicodeWidthChar;

/// A named source text (a rule file, or a command-line argument).
#[derive(Clone, Debug)]
pub struct Source {
    pub name: String,
    pub text: String,
    /// Byte offset of each line's start, computed on first use, so that
    /// placing many diagnostics in a large file stays cheap.
    line_starts: OnceLock<Vec<usize>>,
}

impl Source {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        Source {
            name: name.into(),
            text: text.into(),
            line_starts: OnceLock::new(),
        }
    }

    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        })
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(&self.text, offset.min(self.text.len()));
        let starts = self.line_starts();
        let line = starts.partition_point(|&s| s <= offset).max(1);
        let col = self.text[starts[line - 1]..offset].chars().count() + 1;
        (line, col)
    }

    /// The text of a 1-based line, without its line break.
    fn line_text(&self, line: usize) -> Option<&str> {
        let starts = self.line_starts();
        let start = *starts.get(line.checked_sub(1)?)?;
        let end = starts.get(line).map_or(self.text.len(), |&e| e - 1);
        let text = &self.text[start..end.max(start)];
        Some(text.strip_suffix('\r').unwrap_or(text))
    }
}

/// Whether `c` must not reach a terminal as itself: it is invisible or
/// changes how the text around it shows, so that quoted text would not be
/// what the file holds. These are the control characters (general category
/// Cc, newline and tab included: callers that keep them say so), the format
/// characters (Cf: the bidirectional overrides and isolates U+202A–U+202E and
/// U+2066–U+2069, the marks U+200E and U+200F, zero-width spaces and joiners,
/// the byte-order mark, tags, ...), the line and paragraph separators
/// (U+2028, U+2029), and the other default-ignorable code points of Unicode's
/// DerivedCoreProperties.txt (Hangul fillers, variation selectors, the
/// combining grapheme joiner, the Khmer inherent vowels), which draw nothing.
pub fn hides_text(c: char) -> bool {
    use unicode_properties::{GeneralCategory as G, UnicodeGeneralCategory as _};
    if c.is_ascii() {
        return c.is_ascii_control();
    }
    matches!(
        c.general_category(),
        G::Control | G::Format | G::LineSeparator | G::ParagraphSeparator
    ) || matches!(
        c,
        '\u{34f}'
            | '\u{115f}'..='\u{1160}'
            | '\u{17b4}'..='\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{2065}'
            | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{ffa0}'
            | '\u{fff0}'..='\u{fff8}'
            | '\u{e0000}'..='\u{e0fff}'
    )
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

/// The most characters of input a message quotes.
pub const MAX_QUOTED: usize = 60;

/// `msg` with every backtick-quoted part of more than [`MAX_QUOTED`]
/// characters cut to its start, `…` and its length. Every diagnostic's
/// message and hint pass here, so a 10^6-character name in a rule file or
/// record makes a short error. (A message that points into no source,
/// [`render_message`], is not cut: it names paths, which the user needs
/// whole and the file system bounds.)
pub fn clip_quotes(msg: &str) -> String {
    if !msg.contains('`') {
        return msg.to_string();
    }
    let mut out = String::with_capacity(msg.len().min(1024));
    for (i, part) in msg.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        let n = part.chars().count();
        if i % 2 == 1 && n > MAX_QUOTED {
            out.extend(part.chars().take(MAX_QUOTED));
            out.push_str(&format!("…({n} characters)"));
        } else {
            out.push_str(part);
        }
    }
    out
}

impl Diagnostic {
    pub fn error(span: Range<usize>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            span,
            message: clip_quotes(&message.into()),
            help: None,
        }
    }
    pub fn warning(span: Range<usize>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            span,
            message: clip_quotes(&message.into()),
            help: None,
        }
    }
    /// Adds a hint; a second hint is appended to the first.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        let help = clip_quotes(&help.into());
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

/// Most diagnostics one report lists. A file with thousands of mistakes
/// (a setup written for another board) says the first ones and how many
/// more there are; fixing those usually fixes the rest.
pub const MAX_REPORTED: usize = 100;
const _: () = assert!(MAX_REPORTED == 100, "OMITTED names the limit");

/// Keeps the first [`MAX_REPORTED`] diagnostics and replaces the rest by
/// one that says how many were left out, at the first one left out.
pub fn cap(diagnostics: &mut Vec<Diagnostic>) {
    if diagnostics.len() <= MAX_REPORTED {
        return;
    }
    let rest = diagnostics.split_off(MAX_REPORTED);
    let (errors, warnings) = rest
        .iter()
        .map(stands_for)
        .fold((0, 0), |(e, w), (a, b)| (e + a, w + b));
    diagnostics.push(omitted(rest[0].span.clone(), errors, warnings));
}

const OMITTED: &str = "not shown (a report lists at most 100)";

/// The diagnostic that stands for `errors` and `warnings` left out of a
/// report, placed at the first of them.
pub fn omitted(span: Range<usize>, errors: usize, warnings: usize) -> Diagnostic {
    let counted = |n: usize, what: &str| format!("{n} more {what}{}", if n == 1 { "" } else { "s" });
    let (what, severity) = match (errors, warnings) {
        (e, 0) => (counted(e, "error"), Severity::Error),
        (0, w) => (counted(w, "warning"), Severity::Warning),
        (e, w) => (
            format!("{} and {}", counted(e, "error"), counted(w, "warning")),
            Severity::Error,
        ),
    };
    Diagnostic {
        severity,
        span,
        message: format!("{what} {OMITTED}"),
        help: Some("fix the ones above and check again".to_string()),
    }
}

/// How many errors and warnings a diagnostic stands for: one, or the
/// count an [`omitted`] one says.
fn stands_for(d: &Diagnostic) -> (usize, usize) {
    if !d.message.ends_with(OMITTED) {
        return match d.severity {
            Severity::Error => (1, 0),
            Severity::Warning => (0, 1),
        };
    }
    let words: Vec<&str> = d.message.split(' ').collect();
    let (mut errors, mut warnings) = (0, 0);
    for w in words.windows(3) {
        let n = w[0].parse::<usize>().unwrap_or(0);
        if w[1] == "more" && w[2].starts_with("error") {
            errors += n;
        } else if w[1] == "more" && w[2].starts_with("warning") {
            warnings += n;
        }
    }
    (errors, warnings)
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
    if let Some(text) = src.line_text(line) {
        let gutter = line.to_string();
        let count = if at.end_line == line && at.end_column > col {
            at.end_column - col
        } else {
            1
        };
        let shown = Excerpt::new(text, col - 1, count);
        let _ = writeln!(out, "{gut}{} |{gut:#} {}", gutter, shown.text);
        let _ = writeln!(
            out,
            "{gut}{} |{gut:#} {}{sev}{}{sev:#}",
            " ".repeat(gutter.len()),
            " ".repeat(shown.pad),
            "^".repeat(shown.caret)
        );
    }
    if let Some(h) = &d.help {
        let _ = writeln!(out, "  {help}= help:{help:#} {h}");
    }
}

/// Display columns of a source line shown under a diagnostic; a longer
/// line is cut to a window around the span, marked with `...`.
const MAX_LINE_SHOWN: usize = 150;
/// Characters shown before the span when a long line is cut.
const CONTEXT_BEFORE: usize = 40;

/// The part of a source line shown under a diagnostic, and where its caret
/// goes, in display columns: a wide (CJK) character takes two, so the
/// caret stays under its span. Tabs show as one space and other characters
/// that [`hides_text`] as `\u{fffd}`, so a rule file can neither drive the
/// terminal nor show other text than it holds (as rustc does).
struct Excerpt {
    text: String,
    pad: usize,
    caret: usize,
}

impl Excerpt {
    /// `first` and `count`: the span in characters of the line.
    fn new(line: &str, first: usize, count: usize) -> Excerpt {
        let shown = |c: char| match c {
            '\t' => ' ',
            c if hides_text(c) => '\u{fffd}',
            c => c,
        };
        let width = |c: &char| c.width().unwrap_or(0);
        let chars: Vec<char> = line.chars().map(shown).collect();
        let first = first.min(chars.len());
        let last = (first + count.max(1)).min(chars.len());
        let (mut from, mut to) = (0, chars.len());
        if chars.iter().map(width).sum::<usize>() > MAX_LINE_SHOWN {
            from = first.saturating_sub(CONTEXT_BEFORE);
            let mut used = 0;
            to = from;
            while to < chars.len() && used + width(&chars[to]) <= MAX_LINE_SHOWN {
                used += width(&chars[to]);
                to += 1;
            }
        }
        let mut text = String::new();
        let mut pad = 0;
        if from > 0 {
            text.push_str("...");
            pad += 3;
        }
        pad += chars[from..first].iter().map(width).sum::<usize>();
        text.extend(&chars[from..to]);
        if to < chars.len() {
            text.push_str("...");
        }
        let caret = chars[first..last.min(to).max(first)].iter().map(width).sum::<usize>();
        Excerpt {
            text,
            pad,
            caret: caret.max(1),
        }
    }
}

/// Longest name that gets a "did you mean": comparing two names costs the
/// product of their lengths, and a typo of a long name is not a typo.
const MAX_SUGGESTED_LEN: usize = 64;

/// The candidate closest to `wrong` by edit distance (a swap of two
/// neighbours counts as one edit), if it is close enough to be a plausible
/// typo. Names longer than `MAX_SUGGESTED_LEN` (64 characters) get no
/// suggestion.
pub fn did_you_mean<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let n = wrong.chars().count();
    if n > MAX_SUGGESTED_LEN {
        return None;
    }
    let limit = (n / 3).max(1);
    let wrong = wrong.to_lowercase();
    candidates
        .into_iter()
        .filter(|c| c.len() <= 4 * MAX_SUGGESTED_LEN && c.chars().count().abs_diff(n) <= limit)
        .map(|c| (strsim::osa_distance(&wrong, &c.to_lowercase()), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, c)| (*d, c.len()))
        .map(|(_, c)| c)
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
    fn carets_stay_under_wide_characters() {
        // `駒` and `王` take two columns each in a terminal.
        let text = "name = \"駒王\" bad\n";
        let at = text.find("bad").unwrap_or_default();
        let report = Report {
            source: Source::new("x.toml", text),
            diagnostics: vec![Diagnostic::error(at..at + 3, "unknown")],
        };
        let rendered = report.to_string();
        let lines: Vec<&str> = rendered.lines().collect();
        assert_eq!(lines[1], "1 | name = \"駒王\" bad");
        assert_eq!(lines[2], "  |               ^^^");
    }

    #[test]
    fn a_long_line_is_cut_around_its_span() {
        let text = format!("x = \"{}\" oops {}", "a".repeat(5000), "b".repeat(5000));
        let at = text.find("oops").unwrap_or_default();
        let report = Report {
            source: Source::new("x.toml", text.as_str()),
            diagnostics: vec![Diagnostic::error(at..at + 4, "here")],
        };
        let rendered = report.to_string();
        let lines: Vec<&str> = rendered.lines().collect();
        assert!(lines[1].len() < 2 * MAX_LINE_SHOWN, "{}", lines[1]);
        assert!(
            lines[1].starts_with("1 | ...a") && lines[1].ends_with("b..."),
            "{}",
            lines[1]
        );
        let caret = lines[2].find('^').unwrap_or_default();
        assert_eq!(&lines[1][caret..caret + 4], "oops");
    }

    #[test]
    fn control_characters_are_not_echoed() {
        let report = Report {
            source: Source::new("x.toml", "a = \"\u{1b}[2J\" z\n"),
            diagnostics: vec![Diagnostic::error(12..13, "bad")],
        };
        let rendered = report.to_string();
        assert!(!rendered.contains('\u{1b}'), "{rendered}");
        assert!(rendered.contains("\u{fffd}[2J"), "{rendered}");
    }

    #[test]
    fn bidirectional_and_invisible_characters_are_not_echoed() {
        // The Trojan Source reordering (CVE-2021-42574): an override inside
        // a string shows the text after it backwards.
        let report = Report {
            source: Source::new("x.toml", "a = \"\u{202e}dlrow\u{2066}\" z\n"),
            diagnostics: vec![Diagnostic::error(18..19, "bad")],
        };
        let rendered = report.to_string();
        assert!(
            !rendered.contains('\u{202e}') && !rendered.contains('\u{2066}'),
            "{rendered}"
        );
        let lines: Vec<&str> = rendered.lines().collect();
        assert_eq!(lines[1], "1 | a = \"\u{fffd}dlrow\u{fffd}\" z");
        let z = lines[1].chars().position(|c| c == 'z');
        assert_eq!(lines[2].find('^'), z, "{rendered}");
    }

    #[test]
    fn hides_text_is_every_control_format_and_separator_character() {
        // General categories Cc, Cf, Zl and Zp (UnicodeData.txt), and
        // default-ignorable code points of other categories.
        let hidden = [
            '\u{0}',
            '\u{1b}',
            '\u{7f}',
            '\u{85}',
            '\u{9f}',
            '\u{ad}',
            '\u{600}',
            '\u{61c}',
            '\u{6dd}',
            '\u{70f}',
            '\u{180e}',
            '\u{200b}',
            '\u{200c}',
            '\u{200d}',
            '\u{200e}',
            '\u{200f}',
            '\u{202a}',
            '\u{202b}',
            '\u{202c}',
            '\u{202d}',
            '\u{202e}',
            '\u{2028}',
            '\u{2029}',
            '\u{2060}',
            '\u{2064}',
            '\u{2066}',
            '\u{2067}',
            '\u{2068}',
            '\u{2069}',
            '\u{206f}',
            '\u{feff}',
            '\u{fff9}',
            '\u{fffb}',
            '\u{110bd}',
            '\u{1d173}',
            '\u{e0001}',
            '\u{e007f}',
            '\u{34f}',
            '\u{115f}',
            '\u{3164}',
            '\u{fe0f}',
            '\u{ffa0}',
            '\u{e0100}',
        ];
        for c in hidden {
            assert!(hides_text(c), "U+{:04X}", c as u32);
        }
        for c in [
            'a', ' ', '~', '\u{a0}', '\u{e9}', '\u{3000}', '\u{9f8d}', '\u{5c07}', '\u{2191}', '\u{fffd}', '\u{25cf}',
        ] {
            assert!(!hides_text(c), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn lines_and_columns_of_many_lines() {
        let text = "a\nbb\r\nccc\n\n駒x";
        let src = Source::new("x", text);
        assert_eq!(src.line_col(0), (1, 1));
        assert_eq!(src.line_col(1), (1, 2));
        assert_eq!(src.line_col(2), (2, 1));
        assert_eq!(src.line_col(6), (3, 1));
        assert_eq!(src.line_col(11), (5, 1));
        assert_eq!(src.line_col(14), (5, 2));
        assert_eq!(src.line_col(1000), (5, 3));
        assert_eq!(src.line_text(2), Some("bb"));
        assert_eq!(src.line_text(4), Some(""));
        assert_eq!(src.line_text(6), None);
    }

    #[test]
    fn long_names_get_no_suggestion() {
        let long = "a".repeat(100_000);
        assert_eq!(did_you_mean(&long, [long.as_str()]), None);
        assert_eq!(did_you_mean("gamam", ["gamma", "delta"]), Some("gamma"));
    }

    #[test]
    fn suggests_close_names_only() {
        assert_eq!(did_you_mean("gmama", ["gamma", "beta"]), Some("gamma"));
        assert_eq!(did_you_mean("xyzzy", ["gamma", "beta"]), None);
        assert_eq!(did_you_mean("zz", ["k"]), None);
    }
}
