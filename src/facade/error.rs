//! The façade's one error type: what went wrong ([`ErrorKind`]), a short
//! message, and for text that was read (a rule file, a position, a move)
//! the diagnostics with line, column and hint.

pub use crate::diagnostics::Severity;
use crate::diagnostics::{Report, Style};
use std::fmt;

/// What kind of thing went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A name that is not a bundled variant.
    UnknownVariant,
    /// A rule file that does not read or compile.
    InvalidRules,
    /// A rule option that does not exist or a value it does not take.
    InvalidOption,
    /// Position text or an SFEN that does not read.
    InvalidPosition,
    /// Move text that is not a legal move, or a move not legal here.
    IllegalMove,
    /// A position with more moves than the move budget allows.
    TooManyMoves,
    /// Something the variant does not have (USI notation without an
    /// `[sfen]` table, check without royals).
    Unsupported,
    /// The game is already over (a mate search from a finished game).
    GameOver,
    /// An argument out of range (a square off the board, an unknown piece).
    InvalidArgument,
}

/// One finding about a text, where it is (1-based lines and columns
/// counting characters; the end is just after the span) and, when one is
/// obvious, a hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// The text it is about: the rule file's origin, `--option`, `position`.
    pub origin: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub message: String,
    pub hint: Option<String>,
}

impl Diagnostic {
    /// The diagnostics of a report, located in its source.
    pub(crate) fn all_of(report: &Report) -> Vec<Diagnostic> {
        report
            .diagnostics
            .iter()
            .map(|d| {
                let at = report.source.location(&d.span);
                Diagnostic {
                    severity: d.severity,
                    origin: report.source.name.clone(),
                    line: at.line,
                    column: at.column,
                    end_line: at.end_line,
                    end_column: at.end_column,
                    message: d.message.clone(),
                    hint: d.help.clone(),
                }
            })
            .collect()
    }
}

/// Why a façade call failed.
///
/// ```
/// use gunbai::{ErrorKind, Variant};
///
/// let err = Variant::from_toml("[variant]\nid = 3\n", "mine.toml").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidRules);
/// let d = &err.diagnostics()[0];
/// assert_eq!((d.origin.as_str(), d.line), ("mine.toml", 2));
/// assert!(err.to_string().contains("mine.toml:2:"));
/// ```
#[derive(Clone, Debug)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    diagnostics: Vec<Diagnostic>,
    rendered: String,
}

impl Error {
    /// An error without diagnostics.
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        let message = message.into();
        Error {
            kind,
            rendered: message.clone(),
            message,
            diagnostics: Vec::new(),
        }
    }

    /// An error from a report about a text: the message is its first
    /// error's, the display the whole report as the command line prints it.
    pub(crate) fn from_report(kind: ErrorKind, report: &Report) -> Error {
        let diagnostics = Diagnostic::all_of(report);
        let message = diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
            .or(diagnostics.first())
            .map_or_else(|| "invalid input".to_string(), |d| d.message.clone());
        Error {
            kind,
            message,
            diagnostics,
            rendered: report.render(Style::Plain).trim_end().to_string(),
        }
    }

    /// What kind of failure this is.
    ///
    /// ```
    /// use gunbai::{ErrorKind, Variant};
    /// assert_eq!(Variant::bundled("nonesuch").unwrap_err().kind(), ErrorKind::UnknownVariant);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// A one-line summary (the first error's message).
    ///
    /// ```
    /// use gunbai::Variant;
    /// let err = Variant::bundled("nonesuch").unwrap_err();
    /// assert!(err.message().starts_with("unknown variant `nonesuch`"));
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The findings about the text read, with where they are (empty for
    /// errors not about a text).
    ///
    /// ```
    /// use gunbai::Variant;
    /// let err = Variant::from_toml("not toml at all", "bad.toml").unwrap_err();
    /// assert_eq!(err.diagnostics()[0].line, 1);
    /// ```
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }
}

impl fmt::Display for Error {
    /// The error as the command line prints it: each diagnostic with its
    /// place, the line quoted and the hint.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rendered)
    }
}

impl std::error::Error for Error {}

impl From<crate::movegen::TooManyMoves> for Error {
    fn from(e: crate::movegen::TooManyMoves) -> Error {
        Error::new(ErrorKind::TooManyMoves, e.to_string())
    }
}
