//! The exceptions: `GunbaiError` (a `ValueError`) and one subclass per
//! kind of failure, each carrying `kind`, `message`, `diagnostics` and,
//! for text that was read, the first error's `line`, `column` and `hint`.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    gunbai,
    GunbaiError,
    PyValueError,
    "Every error gunbai raises for bad input: `kind`, `message`, `diagnostics` (a list of Diagnostic), and `line`, `column`, `hint` of the first one (None without)."
);
create_exception!(
    gunbai,
    UnknownVariantError,
    GunbaiError,
    "A variant name that is neither bundled nor loaded."
);
create_exception!(
    gunbai,
    RulesError,
    GunbaiError,
    "A rule file that does not read or compile; `diagnostics` has every finding with line, column and hint."
);
create_exception!(
    gunbai,
    OptionError,
    GunbaiError,
    "A rule option that does not exist, or a value it does not take."
);
create_exception!(
    gunbai,
    PositionError,
    GunbaiError,
    "Position text or an SFEN that does not read."
);
create_exception!(
    gunbai,
    MoveError,
    GunbaiError,
    "Move text that is not a legal move of the position."
);
create_exception!(
    gunbai,
    TooManyMovesError,
    GunbaiError,
    "A position with more legal moves than the move budget (1,000,000) allows."
);
create_exception!(
    gunbai,
    UnsupportedError,
    GunbaiError,
    "Something the variant does not have (an SFEN or USI form, check without royals, chess960)."
);
create_exception!(
    gunbai,
    GameOverError,
    GunbaiError,
    "The game is over (a search or mate from a finished game), or is not over where a result was asked."
);
create_exception!(
    gunbai,
    LimitError,
    GunbaiError,
    "An argument out of range: text too long, too many moves, a depth or table beyond the module's limits, an unknown piece or square."
);

/// One finding about a text that was read: where it is (1-based lines
/// and columns counting characters; the end is just after the span), what
/// is wrong and, when one is obvious, a hint.
#[pyclass(module = "gunbai", frozen, get_all, skip_from_py_object)]
#[derive(Clone)]
pub struct Diagnostic {
    /// `"error"` or `"warning"`.
    pub severity: String,
    /// The text it is about: the rule file's origin, `--option`, `position`.
    pub origin: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub message: String,
    pub hint: Option<String>,
}

#[pymethods]
impl Diagnostic {
    fn __repr__(&self) -> String {
        format!(
            "<Diagnostic {}:{}:{}: {}: {}>",
            self.origin, self.line, self.column, self.severity, self.message
        )
    }
}

impl Diagnostic {
    pub fn of(d: &gunbai::Diagnostic) -> Diagnostic {
        Diagnostic {
            severity: match d.severity {
                gunbai::Severity::Error => "error",
                _ => "warning",
            }
            .to_string(),
            origin: d.origin.clone(),
            line: d.line,
            column: d.column,
            end_line: d.end_line,
            end_column: d.end_column,
            message: d.message.clone(),
            hint: d.hint.clone(),
        }
    }
}

/// The exception for a façade error: its class from the kind, its text
/// the error as the command line prints it.
pub fn raise(e: &gunbai::Error) -> PyErr {
    use gunbai::ErrorKind as K;
    let (kind, err) = match e.kind() {
        K::UnknownVariant => ("unknown_variant", UnknownVariantError::new_err(e.to_string())),
        K::InvalidRules => ("invalid_rules", RulesError::new_err(e.to_string())),
        K::InvalidOption => ("invalid_option", OptionError::new_err(e.to_string())),
        K::InvalidPosition => ("invalid_position", PositionError::new_err(e.to_string())),
        K::IllegalMove => ("illegal_move", MoveError::new_err(e.to_string())),
        K::TooManyMoves => ("too_many_moves", TooManyMovesError::new_err(e.to_string())),
        K::Unsupported => ("unsupported", UnsupportedError::new_err(e.to_string())),
        K::GameOver => ("game_over", GameOverError::new_err(e.to_string())),
        _ => ("invalid_argument", LimitError::new_err(e.to_string())),
    };
    let diagnostics: Vec<Diagnostic> = e.diagnostics().iter().map(Diagnostic::of).collect();
    decorate(err, kind, e.message(), diagnostics)
}

/// Sets the attributes every `GunbaiError` has.
fn decorate(err: PyErr, kind: &str, message: &str, diagnostics: Vec<Diagnostic>) -> PyErr {
    Python::attach(|py| {
        let value = err.value(py).clone();
        let first = diagnostics
            .iter()
            .find(|d| d.severity == "error")
            .or(diagnostics.first())
            .cloned();
        let set = || -> PyResult<()> {
            value.setattr("kind", kind)?;
            value.setattr("message", message)?;
            value.setattr("line", first.as_ref().map(|d| d.line))?;
            value.setattr("column", first.as_ref().map(|d| d.column))?;
            value.setattr("hint", first.as_ref().and_then(|d| d.hint.clone()))?;
            value.setattr("diagnostics", diagnostics)?;
            Ok(())
        };
        match set() {
            Ok(()) => err,
            Err(e) => e,
        }
    })
}

/// A `LimitError` for an argument the module refuses.
pub fn limit(message: impl Into<String>) -> PyErr {
    let message = message.into();
    decorate(
        LimitError::new_err(message.clone()),
        "invalid_argument",
        &message,
        Vec::new(),
    )
}

/// An error of another class with the same attributes.
pub fn error_of(err: PyErr, kind: &str, message: &str) -> PyErr {
    decorate(err, kind, message, Vec::new())
}

/// Adds the exception classes and `Diagnostic` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GunbaiError", py.get_type::<GunbaiError>())?;
    m.add("UnknownVariantError", py.get_type::<UnknownVariantError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("OptionError", py.get_type::<OptionError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("TooManyMovesError", py.get_type::<TooManyMovesError>())?;
    m.add("UnsupportedError", py.get_type::<UnsupportedError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("LimitError", py.get_type::<LimitError>())?;
    m.add_class::<Diagnostic>()?;
    Ok(())
}
