//! The command-line interface: argument definitions, the shared helpers
//! every subcommand uses, and dispatch to one module per subcommand.
//!
//! Adding a subcommand is a new file here (its clap `Args` struct and a
//! `run(args, style) -> Result<ExitCode, Failure>`) plus one arm in
//! [`Command`] and one in [`run`]. Output goes through [`outln!`] and
//! [`out!`], which hand a failed write back as a [`Failure`] instead of
//! deciding the exit themselves; `main` treats it once.

use clap::{Parser, Subcommand, ValueEnum};
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::diagnostics::{Report, Severity, Source, Style, hides_text, render_message};
use gunbai::unstable::notation::{Notation, play_moves};
use gunbai::unstable::position::Position;
use gunbai::unstable::rules::{LoadError, load_variant};
use std::borrow::Cow;
use std::io::IsTerminal as _;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// `println!` to stdout, with control characters escaped (see
/// [`terminal_safe`]); a failed write returns [`Failure::Write`] from the
/// enclosing function.
macro_rules! outln {
    () => {
        $crate::cli::emit(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        $crate::cli::emit(format_args!("{}\n", format_args!($($arg)*)))?
    };
}

/// `print!` with the same behaviour as [`outln!`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::emit(format_args!($($arg)*))?
    };
}

/// `eprintln!` with control characters escaped, that never fails: a
/// message about progress is not worth a panic when stderr is gone.
macro_rules! note {
    ($($arg:tt)*) => {
        $crate::cli::note(format_args!($($arg)*))
    };
}

mod analyse;
mod atsi;
mod bench;
mod book;
mod completions;
mod diagram;
mod files;
mod import_fsf;
mod mate;
mod moves;
mod options;
mod perft;
mod record;
mod referee;
mod serve;
mod show;
mod snapshot;
pub mod stdout;
mod usi;
mod validate;
mod xboard;

#[derive(Parser)]
#[command(
    name = "gunbai",
    version,
    about = "A rules interpreter for the great historical shogi variants.",
    after_help = "Examples:\n  gunbai validate rules/chu.toml\n  gunbai perft chu 3\n  gunbai diagram chu lion --svg lion.svg\n  gunbai book chu\n  gunbai snapshot taikyoku tests/data/taikyoku_positions.txt --out tests/move-snapshots/taikyoku --check"
)]
pub struct Cli {
    /// Colour diagnostics: auto (when stderr is a terminal and NO_COLOR is unset), always, never.
    #[arg(long, global = true, value_enum, default_value = "auto", value_name = "WHEN")]
    pub color: ColorArg,
    /// The most moves one position may have (1 to 10000000): a position with more is an error.
    #[arg(long, global = true, value_name = "N", default_value_t = gunbai::unstable::movegen::MAX_MOVES as u64,
          value_parser = clap::value_parser!(u64).range(1..=gunbai::unstable::movegen::MAX_MOVE_LIMIT as u64))]
    pub move_budget: u64,
    /// Print only errors on stderr: no warnings, notes or progress.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Check rule files and report every problem with file:line:col.
    Validate(validate::Args),
    /// Count the leaves of the legal-move tree, one line `<depth>\t<nodes>` per depth.
    Perft(perft::Args),
    /// List the legal moves of a position, sorted, one per line.
    Moves(moves::Args),
    /// Look for a forced mate by the side to move (proof-number search): mate, no mate or unknown.
    Mate(mate::Args),
    /// Print a position: the board, the side to move, its text and SFEN.
    Show(show::Args),
    /// Draw a piece's moves on an empty board in the source tables' symbols, as text or SVG.
    Diagram(diagram::Args),
    /// Write a browsable HTML rule book of a variant: every piece with its names and moves.
    Book(book::Args),
    /// Write (or --check) one snapshot file per position: its board, text, legal moves and result.
    Snapshot(snapshot::Args),
    /// List a variant's rule options: values, default and help.
    Options(options::Args),
    /// Measure perft and search speed (nodes per second) from a position.
    Bench(bench::Args),
    /// Play as an XBoard/WinBoard engine (CECP v2) on stdin/stdout.
    Xboard(xboard::Args),
    /// Play as a USI engine on stdin/stdout (variants with an SFEN form).
    Usi(usi::Args),
    /// Referee games between two XBoard engines, checking every move.
    Match(referee::Args),
    /// Print a shell completion script.
    Completions(completions::Args),
    /// Serve a local web playground: play any variant, see every piece's moves, edit rule files live.
    Serve(serve::Args),
    /// Convert a game record between formats (KIF, CSA, PGN, TSFEN, a move list), checking every move.
    Convert(record::ConvertArgs),
    /// Check every move of a game record (KIF, CSA, PGN, TSFEN, a move list) against the rules, and its result.
    Replay(record::ReplayArgs),
    /// Convert a Fairy-Stockfish variants.ini section into a gunbai rule file, or list the sections.
    ImportFsf(import_fsf::Args),
    /// Annotate a game record: per move its score, the best move and its line, mistakes marked.
    Analyse(analyse::Args),
    /// Play as an ATSI v0 engine (taikyoku-shogi.github.io's protocol) on stdin/stdout.
    Atsi(atsi::Args),
}

/// Runs one subcommand.
pub fn run(command: Command, style: Style) -> Result<ExitCode, Failure> {
    match command {
        Command::Validate(a) => validate::run(a, style),
        Command::Perft(a) => perft::run(a),
        Command::Moves(a) => moves::run(a),
        Command::Mate(a) => mate::run(a),
        Command::Show(a) => show::run(a),
        Command::Diagram(a) => diagram::run(a),
        Command::Book(a) => book::run(a),
        Command::Snapshot(a) => snapshot::run(a, style),
        Command::Options(a) => options::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Xboard(a) => xboard::run(a),
        Command::Usi(a) => usi::run(a),
        Command::Analyse(a) => analyse::run(a),
        Command::Match(a) => referee::run(a),
        Command::Completions(a) => completions::run(a),
        Command::Serve(a) => serve::run(a, style),
        Command::ImportFsf(a) => import_fsf::run(a, style),
        Command::Convert(a) => record::convert(a),
        Command::Replay(a) => record::replay(a),
        Command::Atsi(a) => atsi::run(a),
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub enum ColorArg {
    Auto,
    Always,
    Never,
}

/// Colour on stderr only for a terminal, and never under `NO_COLOR`.
pub fn stderr_style(arg: ColorArg) -> Style {
    match arg {
        ColorArg::Always => Style::Coloured,
        ColorArg::Never => Style::Plain,
        ColorArg::Auto => {
            let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            if std::io::stderr().is_terminal() && !no_color {
                Style::Coloured
            } else {
                Style::Plain
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// For people.
    Text,
    /// For scripts and editors (shapes in docs/ci.md).
    Json,
}

/// `--notation`'s parser: the names of [`Notation::ALL`], each listed in
/// `--help` with its summary, read into the library's own [`Notation`]
/// (one type at every door: CLI, façade, bindings).
pub fn notation_parser() -> impl clap::builder::TypedValueParser<Value = Notation> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser as _};
    PossibleValuesParser::new(Notation::ALL.map(|n| PossibleValue::new(n.name()).help(n.summary())))
        .map(|s| Notation::by_name(&s).unwrap_or(Notation::Native))
}

/// The arguments that choose a position: variant, start and moves played.
#[derive(clap::Args)]
pub struct PositionArgs {
    /// Variant: a bundled name (see `gunbai validate --list`) or a path to a .toml rule file.
    pub variant: String,
    /// Start from this position (native text; see docs/notation.md) instead of the setup.
    #[arg(long, conflicts_with_all = ["sfen", "tsfen"])]
    pub position: Option<String>,
    /// Start from this SFEN (variants whose rule file has an [sfen] table).
    #[arg(long, conflicts_with = "tsfen")]
    pub sfen: Option<String>,
    /// Start from this TSFEN, in either dialect (variants whose rule file has a [tsfen] table;
    /// docs/notation.md#tsfen).
    #[arg(long)]
    pub tsfen: Option<String>,
    /// Play these moves first (any notation: native, USI, Western, Japanese): one value with the moves separated by
    /// spaces, so quote a list (`--moves 'f4-f5 g9-g8'`); the flag may also repeat.
    #[arg(long = "moves", value_name = "MOVES")]
    pub moves: Vec<String>,
    /// Set a rule option: NAME=VALUE, NAME with or without the `<variant>.` prefix.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<OptionOverride>,
    /// Use a named preset of the rule file (`gunbai options VARIANT` lists them); `--option`s win over it.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
}

impl PositionArgs {
    /// The rule options: the preset's (if any), then the explicit ones.
    pub fn overrides(&self) -> Vec<OptionOverride> {
        OptionOverride::with_preset(self.preset.as_deref(), &self.options)
    }

    /// Loads the variant, sets up the start position and plays the moves.
    pub fn load(&self) -> Result<Position, Failure> {
        self.load_then(|_| {})
    }

    /// As [`PositionArgs::load`], with `prepare` applied to the position
    /// before the moves are played.
    pub fn load_then(&self, prepare: impl FnOnce(&mut Position)) -> Result<Position, Failure> {
        self.load_counted(prepare).map(|(pos, _)| pos)
    }

    /// As [`PositionArgs::load_then`], also counting the plies played since
    /// the game's start as far as known: a TSFEN's move counter, then the
    /// `--moves` (TSFEN writes it).
    pub fn load_counted(&self, prepare: impl FnOnce(&mut Position)) -> Result<(Position, u32), Failure> {
        let rules = load_variant(&self.variant, &self.overrides())?;
        let mut plies = 0u32;
        let mut pos = match (&self.position, &self.sfen, &self.tsfen) {
            (Some(text), _, _) => Position::from_text(rules, text)?,
            (None, Some(sfen), _) => Position::from_sfen(rules, sfen)?,
            (None, None, Some(tsfen)) => {
                let (pos, info) = Position::from_tsfen(rules, tsfen)?;
                plies = info.plies(pos.side_to_move());
                pos
            }
            (None, None, None) => Position::start(rules),
        };
        prepare(&mut pos);
        let moves: Vec<&str> = self.moves.iter().flat_map(|list| list.split_whitespace()).collect();
        play_moves(&mut pos, &moves, "--moves")?;
        Ok((pos, plies.saturating_add(moves.len() as u32)))
    }
}

/// The exit statuses (docs/cli.md). Nothing exits with 101 or above: a
/// panic would, and is a bug.
pub mod exit {
    /// Done; for a check, nothing found.
    pub const SUCCESS: u8 = 0;
    /// A check found problems: `validate` errors, `snapshot --check` differences.
    pub const PROBLEMS: u8 = 1;
    /// Bad invocation or bad input: unknown flag or variant, invalid rule
    /// file, position or move, unreadable input, a refused overwrite.
    pub const BAD_INPUT: u8 = 2;
    /// Output failed: stdout could not be written (a closed pipe, a full
    /// disk) or an output file could not be written.
    pub const OUTPUT: u8 = 3;
}

/// Why a command failed.
pub enum Failure {
    /// Diagnostics that point into a source (bad input).
    Report(Report),
    /// A message that points nowhere (bad input or invocation).
    Message(String),
    /// Writing to stdout failed (closed pipe, full disk).
    Write(std::io::Error),
    /// An output file could not be written.
    Output(String),
}

impl Failure {
    /// The exit status this failure ends the program with.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Report(_) | Failure::Message(_) => exit::BAD_INPUT,
            Failure::Write(_) | Failure::Output(_) => exit::OUTPUT,
        }
    }
}

impl From<Report> for Failure {
    fn from(r: Report) -> Self {
        Failure::Report(r)
    }
}

/// A position with more moves than the budget allows is bad input (exit 2).
impl From<gunbai::unstable::movegen::TooManyMoves> for Failure {
    fn from(e: gunbai::unstable::movegen::TooManyMoves) -> Self {
        Failure::Message(e.to_string())
    }
}

impl From<LoadError> for Failure {
    fn from(e: LoadError) -> Self {
        match e {
            LoadError::NotFound(m) => Failure::Message(m),
            LoadError::Invalid(r) => Failure::Report(r),
        }
    }
}

pub fn fail(message: impl Into<String>) -> Failure {
    Failure::Message(message.into())
}

/// Writes `value` as pretty JSON on stdout. JSON escapes control
/// characters itself; the other characters that [`hides_text`] are written
/// as JSON escapes too (`\u202e`), so that the text stays valid JSON.
pub fn print_json(value: &serde_json::Value) -> Result<(), Failure> {
    use std::io::Write as _;
    let mut shown = json_safe(&serde_json::to_string_pretty(value).unwrap_or_default());
    shown.push('\n');
    stdout::Stdout.write_all(shown.as_bytes()).map_err(Failure::Write)
}

/// JSON text with the characters that [`hides_text`] (DEL and above; serde_json
/// escapes those below U+0020 itself) written as JSON escapes.
pub fn json_safe(text: &str) -> String {
    let mut shown = String::with_capacity(text.len() + 1);
    for c in text.chars() {
        if hides_text(c) && c >= '\u{7f}' {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                shown.push_str(&format!("\\u{u:04x}"));
            }
        } else {
            shown.push(c);
        }
    }
    shown
}

/// Writes formatted text to stdout with control characters escaped.
pub fn emit(args: std::fmt::Arguments) -> Result<(), Failure> {
    use std::io::Write as _;
    let text = args.to_string();
    stdout::Stdout
        .write_all(terminal_safe(&text).as_bytes())
        .map_err(Failure::Write)
}

/// Writes one line to stderr with control characters escaped, ignoring
/// a failed write.
pub fn note(args: std::fmt::Arguments) {
    if !quiet() {
        say(args);
    }
}

/// Writes one line to stderr with control characters escaped, even under
/// `--quiet` (for errors), ignoring a failed write.
pub fn say(args: std::fmt::Arguments) {
    use std::io::Write as _;
    let text = args.to_string();
    let _ = writeln!(std::io::stderr(), "{}", terminal_safe(&text));
}

/// Set once by `main` from `--quiet`: warnings and notes are not printed.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Makes [`note`], warnings and the warnings of reports silent.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether `--quiet` was given.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// A diagnostic without a source, rendered in `style`, on stderr (the
/// message is made terminal-safe first, the colours are ours); a warning
/// is not printed under `--quiet`.
pub fn message(severity: Severity, text: &str, style: Style) {
    use std::io::Write as _;
    if severity == Severity::Warning && quiet() {
        return;
    }
    let shown = render_message(severity, &terminal_safe(text), style);
    let _ = writeln!(std::io::stderr(), "{}", shown.trim_end());
}

/// A report on stderr, made terminal-safe first (see [`safe_report`]).
/// When it has errors only they are shown: the lints of a file with errors
/// mostly follow from them (a misspelt promotion target leaves the real one
/// "never on the board"), and a note counts the warnings left out. Under
/// `--quiet`, no warning is shown.
pub fn report(r: &Report, style: Style) {
    use std::io::Write as _;
    let mut shown = safe_report(r);
    let errors = r.has_errors();
    let before = shown.diagnostics.len();
    if errors || quiet() {
        shown.diagnostics.retain(|d| d.severity == Severity::Error);
    }
    if !shown.diagnostics.is_empty() {
        let _ = writeln!(std::io::stderr(), "{}", shown.render(style).trim_end());
    }
    let hidden = before - shown.diagnostics.len();
    if errors && hidden > 0 {
        let s = if hidden == 1 { "" } else { "s" };
        note!(
            "note: {hidden} warning{s} of {} not shown until its errors are fixed",
            shown.source.name
        );
    }
}

/// Text that cannot drive a terminal nor hide what it says: every
/// character that [`hides_text`] (controls, bidirectional and other format
/// characters, separators, invisibles) except newline and tab is written as
/// a `\u{..}` escape. Rule files, positions and names are untrusted, and
/// this is applied to all text output.
pub fn terminal_safe(text: &str) -> Cow<'_, str> {
    let unsafe_char = |c: char| hides_text(c) && c != '\n' && c != '\t';
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A copy of a report that is safe to print: messages and help escaped,
/// and the characters that [`hides_text`] in the quoted source replaced by
/// `?` of the same byte length, so that spans still point at the same
/// characters.
pub fn safe_report(r: &Report) -> Report {
    let blank = |c: char| hides_text(c) && c != '\n' && c != '\t' && c != '\r';
    let text: String = r
        .source
        .text
        .chars()
        .flat_map(|c| {
            let n = if blank(c) { c.len_utf8() } else { 0 };
            let keep = (n == 0).then_some(c);
            keep.into_iter().chain(std::iter::repeat_n('?', n))
        })
        .collect();
    let mut safe = r.clone();
    safe.source = Source::new(terminal_safe(&r.source.name).into_owned(), text);
    for d in &mut safe.diagnostics {
        d.message = terminal_safe(&d.message).into_owned();
        d.help = d.help.as_deref().map(|h| terminal_safe(h).into_owned());
    }
    safe
}

/// Whether the command line asks for JSON (`--format json` or
/// `--format=json`): then failures are reported as JSON too, even when
/// the arguments themselves could not be parsed.
pub fn wants_json(args: &[std::ffi::OsString]) -> bool {
    args.iter()
        .zip(args.iter().skip(1))
        .any(|(a, b)| a == "--format" && b == "json")
        || args.iter().any(|a| a == "--format=json")
}

/// A failure as JSON on stdout: `{"error": {exit_code, message,
/// diagnostics}}`, diagnostics in `validate --format json`'s shape.
pub fn json_failure(exit_code: u8, message: &str, diagnostics: Vec<serde_json::Value>) -> serde_json::Value {
    serde_json::json!({
        "error": {
            "exit_code": exit_code,
            "message": message,
            "diagnostics": diagnostics,
        }
    })
}

/// Reports a failure on stderr (or as JSON on stdout) and returns its exit
/// status. A closed pipe on stdout is quiet; other write errors are named.
pub fn report_failure(failure: Failure, style: Style, json: bool) -> u8 {
    let code = failure.exit_code();
    let (text, diagnostics) = match &failure {
        Failure::Write(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return code,
        Failure::Write(e) => (format!("cannot write to standard output: {e}"), Vec::new()),
        Failure::Report(r) => {
            let safe = safe_report(r);
            (
                safe.render(Style::Plain),
                gunbai::unstable::render::json::diagnostics(&safe),
            )
        }
        Failure::Message(m) | Failure::Output(m) => (m.clone(), Vec::new()),
    };
    if json && !matches!(failure, Failure::Write(_)) {
        let value = json_failure(code, text.trim_end(), diagnostics);
        if print_json(&value).is_ok() {
            return code;
        }
    }
    match &failure {
        Failure::Report(r) => report(r, style),
        _ => message(Severity::Error, &text, style),
    }
    code
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory as _;

    /// Every argument of every subcommand says what it is in `--help`.
    #[test]
    fn every_argument_has_help() {
        fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for arg in cmd.get_arguments() {
                let builtin = matches!(arg.get_id().as_str(), "help" | "version");
                if !builtin && arg.get_help().is_none() && arg.get_long_help().is_none() {
                    missing.push(format!("{path} {}", arg.get_id()));
                }
            }
            for sub in cmd.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()), missing);
            }
        }
        let mut missing = Vec::new();
        walk(&Cli::command(), "gunbai", &mut missing);
        assert!(missing.is_empty(), "arguments without help: {missing:?}");
    }

    /// The examples of every help name only files of the checkout that
    /// exist (a `--check` of a directory that is not there helps no one).
    #[test]
    fn help_examples_name_existing_files() {
        fn walk(cmd: &mut clap::Command, missing: &mut Vec<String>) {
            let help = cmd.render_long_help().to_string();
            let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
            for line in help.lines() {
                let words: Vec<&str> = line.split_whitespace().collect();
                for (i, word) in words.iter().enumerate() {
                    let checkout = ["rules/", "tests/"].iter().any(|d| word.starts_with(d));
                    let checked = i > 0 && words[i - 1] == "--out" && words.contains(&"--check");
                    if (checkout || checked) && !root.join(word).exists() {
                        missing.push(format!("{}: {word}", cmd.get_name()));
                    }
                }
            }
            for sub in cmd.get_subcommands_mut() {
                walk(sub, missing);
            }
        }
        let mut missing = Vec::new();
        walk(&mut Cli::command(), &mut missing);
        assert!(missing.is_empty(), "help examples name missing files: {missing:?}");
    }
}
