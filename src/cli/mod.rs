//! The command-line interface: argument definitions, the shared helpers
//! every subcommand uses, and dispatch to one module per subcommand.
//!
//! Adding a subcommand is a new file here (its clap `Args` struct and a
//! `run(args, style) -> Result<ExitCode, Failure>`) plus one arm in
//! [`Command`] and one in [`run`]. Output goes through [`outln!`] and
//! [`out!`], which hand a failed write back as a [`Failure`] instead of
//! deciding the exit themselves; `main` treats it once.

use clap::{Parser, Subcommand, ValueEnum};
use gunbai::compile::OptionOverride;
use gunbai::diagnostics::{Report, Style};
use gunbai::notation::{Notation, parse_move};
use gunbai::position::Position;
use gunbai::rules::{LoadError, load_variant};
use std::io::IsTerminal as _;
use std::path::Path;
use std::process::ExitCode;

/// `println!` to stdout that returns a [`Failure::Write`] from the enclosing
/// function when the write fails (closed pipe, full disk).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*).map_err($crate::cli::Failure::Write)?
    }};
}

/// `print!` with the same behaviour as [`outln!`].
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout(), $($arg)*).map_err($crate::cli::Failure::Write)?
    }};
}

mod bench;
mod book;
mod completions;
mod diagram;
mod moves;
mod perft;
mod referee;
mod show;
mod snapshot;
mod usi;
mod validate;
mod xboard;

#[derive(Parser)]
#[command(
    name = "gunbai",
    version,
    about = "A rules interpreter for the great historical shogi variants.",
    after_help = "Examples:\n  gunbai validate rules/chu.toml\n  gunbai perft chu 3\n  gunbai diagram chu lion --svg lion.svg\n  gunbai book chu\n  gunbai snapshot chu tests/data/chu_positions.txt --out snapshots --check"
)]
pub struct Cli {
    /// Colour diagnostics: auto (when stderr is a terminal and NO_COLOR is unset), always, never.
    #[arg(long, global = true, value_enum, default_value = "auto", value_name = "WHEN")]
    pub color: ColorArg,
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
    /// Print a position: the board, the side to move, its text and SFEN.
    Show(show::Args),
    /// Draw a piece's moves on an empty board in the source tables' symbols, as text or SVG.
    Diagram(diagram::Args),
    /// Write a browsable HTML rule book of a variant: every piece with its names and moves.
    Book(book::Args),
    /// Write (or --check) one snapshot file per position: its board, text, legal moves and result.
    Snapshot(snapshot::Args),
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
}

/// Runs one subcommand.
pub fn run(command: Command, style: Style) -> Result<ExitCode, Failure> {
    match command {
        Command::Validate(a) => validate::run(a, style),
        Command::Perft(a) => perft::run(a),
        Command::Moves(a) => moves::run(a),
        Command::Show(a) => show::run(a),
        Command::Diagram(a) => diagram::run(a),
        Command::Book(a) => book::run(a),
        Command::Snapshot(a) => snapshot::run(a, style),
        Command::Bench(a) => bench::run(a),
        Command::Xboard(a) => xboard::run(a),
        Command::Usi(a) => usi::run(a),
        Command::Match(a) => referee::run(a),
        Command::Completions(a) => completions::run(a),
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

#[derive(Clone, Copy, ValueEnum)]
pub enum NotationArg {
    Native,
    Usi,
}

impl NotationArg {
    pub fn notation(self) -> Notation {
        match self {
            NotationArg::Native => Notation::Native,
            NotationArg::Usi => Notation::Usi,
        }
    }
}

/// The arguments that choose a position: variant, start and moves played.
#[derive(clap::Args)]
pub struct PositionArgs {
    /// Variant: a bundled name (see `gunbai validate --list`) or a path to a .toml rule file.
    pub variant: String,
    /// Start from this position (native text; see docs/notation.md) instead of the setup.
    #[arg(long, conflicts_with = "sfen")]
    pub position: Option<String>,
    /// Start from this SFEN (variants whose rule file has an [sfen] table).
    #[arg(long)]
    pub sfen: Option<String>,
    /// Play these moves first (native or USI notation).
    #[arg(long = "moves", num_args = 1.., value_name = "MOVE")]
    pub moves: Vec<String>,
    /// Set a rule option: NAME=VALUE, NAME with or without the `<variant>.` prefix.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<OptionOverride>,
}

impl PositionArgs {
    /// Loads the variant, sets up the start position and plays the moves.
    pub fn load(&self) -> Result<Position, Failure> {
        let rules = load_variant(&self.variant, &self.options)?;
        let mut pos = match (&self.position, &self.sfen) {
            (Some(text), _) => Position::from_text(rules, text)?,
            (None, Some(sfen)) => Position::from_sfen(rules, sfen)?,
            (None, None) => Position::start(rules),
        };
        for m in &self.moves {
            let mv = parse_move(&pos, m)?;
            pos.play(&mv);
        }
        Ok(pos)
    }
}

/// Why a command failed.
pub enum Failure {
    /// Diagnostics that point into a source.
    Report(Report),
    /// A message that points nowhere.
    Message(String),
    /// Writing to stdout failed (closed pipe, full disk).
    #[expect(dead_code, reason = "main ends quietly on any write error for now")]
    Write(std::io::Error),
}

impl From<Report> for Failure {
    fn from(r: Report) -> Self {
        Failure::Report(r)
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

pub fn print_json(value: &serde_json::Value) -> Result<(), Failure> {
    outln!("{}", serde_json::to_string_pretty(value).unwrap_or_default());
    Ok(())
}

pub fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).map_err(|e| fail(format!("cannot write `{}`: {e}", path.display())))
}
