//! `gunbai convert` and `gunbai replay`: game records (src/record/,
//! docs/records.md) read from a file, checked move by move against the
//! rules, and written in another format.

use super::{Failure, exit, fail, files, notation_parser};
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::notation::Notation;
use gunbai::unstable::record::{self, Format, MAX_RECORD_BYTES, ReadError, Record};
use gunbai::unstable::rules::{bundled, bundled_names, load_variant};
use gunbai::unstable::ruleset::Ruleset;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// What chooses the rules a record is read under.
#[derive(clap::Args)]
pub struct RulesArgs {
    /// Use a named preset of the rule file (`gunbai options VARIANT` lists them); `--option`s win over it.
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
    /// Set a rule option: NAME=VALUE.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<OptionOverride>,
    /// The record's format (kif, csa, pgn, tsfen, moves); default: from the file's extension, else from its text.
    #[arg(long, value_name = "FORMAT")]
    from: Option<String>,
}

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  gunbai convert --to csa tests/records/shogi/cshogi-1.kif\n  gunbai convert --to kif tests/records/shogi/cshogi-1.csa -o game.kif\n  gunbai convert --to moves --notation western tests/records/shogi/cshogi-1.kif"
)]
pub struct ConvertArgs {
    /// The record to read (`-`: standard input).
    input: PathBuf,
    /// The format to write (kif, csa, pgn, tsfen, moves).
    #[arg(long, value_name = "FORMAT")]
    to: String,
    /// The notation of a move list (`--to moves`; docs/notation.md); KIF, CSA and PGN have their own.
    #[arg(long, value_parser = notation_parser())]
    notation: Option<Notation>,
    /// Write to FILE (atomically) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Replace FILE if it exists.
    #[arg(long)]
    force: bool,
    /// The variant (a bundled name or a rule file); default: what the record says.
    #[arg(long)]
    variant: Option<String>,
    #[command(flatten)]
    rules: RulesArgs,
}

#[derive(clap::Args)]
#[command(
    after_help = "Checks every move of the record against the rules and the record's result against the\nposition its moves end in. Exit 0: all legal; 1: an illegal move (its number and why) or a\nresult the rules contradict; 2: unreadable record.\n\nExamples:\n  gunbai replay tests/records/shogi/cshogi-1.kif\n  gunbai replay tests/records/chu/shogiops-1.kif chu --preset lishogi"
)]
pub struct ReplayArgs {
    /// The record to check (`-`: standard input).
    record: PathBuf,
    /// The variant (a bundled name or a rule file); default: what the record says.
    variant: Option<String>,
    #[command(flatten)]
    rules: RulesArgs,
}

/// A record file read: its text, format and rules.
struct Loaded {
    name: String,
    text: String,
    format: Format,
    rules: Arc<Ruleset>,
}

fn load(path: &Path, variant: Option<&str>, a: &RulesArgs) -> Result<Loaded, Failure> {
    let name = path.display().to_string();
    let bytes = if path.as_os_str() == "-" {
        use std::io::Read as _;
        let mut b = Vec::new();
        std::io::stdin()
            .take(MAX_RECORD_BYTES as u64 + 1)
            .read_to_end(&mut b)
            .map_err(|e| fail(format!("cannot read standard input: {e}")))?;
        b
    } else {
        files::head(path, MAX_RECORD_BYTES + 1).map_err(|_| fail(format!("cannot read `{name}`")))?
    };
    let text = record::decode(&name, &bytes)?;
    let format = match &a.from {
        Some(f) => Format::by_name(f)
            .ok_or_else(|| fail(format!("unknown record format `{f}`: use one of {}", Format::names())))?,
        None => path
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Format::by_extension)
            .or_else(|| Format::sniff(&text))
            .ok_or_else(|| {
                fail(format!(
                    "cannot tell the format of `{name}`: give --from ({})",
                    Format::names()
                ))
            })?,
    };
    let overrides = OptionOverride::with_preset(a.preset.as_deref(), &a.options);
    let spec = match variant {
        Some(v) => v.to_string(),
        None => {
            let candidates = candidates(format);
            (format.info().variant_of)(&text, &candidates).ok_or_else(|| {
                fail(format!(
                    "cannot tell the variant of `{name}` from its text: name it (e.g. `gunbai replay {name} VARIANT`)"
                ))
            })?
        }
    };
    let rules = load_variant(&spec, &overrides)?;
    Ok(Loaded {
        name,
        text,
        format,
        rules,
    })
}

/// The bundled variants whose rule files give the format's piece names.
fn candidates(format: Format) -> Vec<Arc<Ruleset>> {
    let key = format.info().rule_file_has;
    if key.is_empty() {
        // The format names no pieces, so it cannot tell a variant.
        return Vec::new();
    }
    bundled_names()
        .into_iter()
        .filter(|n| bundled(n).is_some_and(|t| t.contains(key)))
        .filter_map(|n| load_variant(n, &[]).ok())
        .collect()
}

fn read(l: &Loaded) -> Result<Record, Failure> {
    Ok(record::read(l.format, &l.name, &l.text, &l.rules)?)
}

pub fn convert(a: ConvertArgs) -> Result<ExitCode, Failure> {
    let to = Format::by_name(&a.to).ok_or_else(|| {
        fail(format!(
            "unknown record format `{}`: use one of {}",
            a.to,
            Format::names()
        ))
    })?;
    let l = load(&a.input, a.variant.as_deref(), &a.rules)?;
    let rec = read(&l)?;
    let notation = a.notation.unwrap_or(Notation::Native);
    let text = record::write_in(to, &rec, &l.rules, notation)
        .map_err(|e| fail(format!("cannot write `{}` as {}: {e}", l.name, a.to)))?;
    match &a.output {
        None => out!("{text}"),
        Some(path) => {
            let mode = files::mode_for(path, a.force, |_| Ok(false))?;
            files::write_atomic(path, &text, mode)?;
            note!("wrote {}", path.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn replay(a: ReplayArgs) -> Result<ExitCode, Failure> {
    let l = load(&a.record, a.variant.as_deref(), &a.rules)?;
    let rec = match record::read_game(l.format, &l.name, &l.text, &l.rules) {
        Ok(r) => r,
        // An illegal move is what replay looks for: exit 1, not 2.
        Err(ReadError::IllegalMove(r)) => {
            super::report(&super::safe_report(&r), gunbai::unstable::diagnostics::Style::Plain);
            return Ok(ExitCode::from(exit::PROBLEMS));
        }
        Err(ReadError::Unreadable(r)) => return Err(r.into()),
    };
    let end = match rec.replay(&l.rules) {
        Ok(p) => p,
        Err((i, why)) => {
            super::say(format_args!("{}: move {} is illegal: {why}", l.name, i + 1));
            return Ok(ExitCode::from(exit::PROBLEMS));
        }
    };
    if let Err(why) = rec.check_result(&end) {
        super::say(format_args!("{}: {why}", l.name));
        return Ok(ExitCode::from(exit::PROBLEMS));
    }
    outln!("{}: {} moves, all legal ({})", l.name, rec.moves.len(), l.rules.id);
    match end.outcome() {
        Some(o) => outln!("game over: {}", gunbai::unstable::render::outcome_text(&l.rules, &o)),
        None => outln!("final position: {}", end.to_sfen().unwrap_or_else(|| end.to_text())),
    }
    Ok(ExitCode::SUCCESS)
}
