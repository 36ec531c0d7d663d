//! `gunbai moves`: list the legal moves of a position.
//!
//! The list is at most the move budget long (`--move-budget`), and it is
//! streamed: the texts are written into one buffer, sorted by index, and
//! printed through one buffered writer, text or JSON, without a string or
//! JSON value per move.

use super::{Failure, FormatArg, PositionArgs, fail, json_safe, notation_parser, stdout::Stdout, terminal_safe};
use gunbai::unstable::movegen::{Move, legal_moves};
use gunbai::unstable::notation::{Notation, write_move};
use gunbai::unstable::position::Position;
use gunbai::unstable::render::{self, json};
use std::io::{BufWriter, Write};
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "With --format json: {variant, position, sfen, side_to_move, moves, outcome}, where\noutcome is null while the game goes on, else {winner, reason, text}.\n\nA position may have at most 1000000 moves (more is an error, exit 2); the global\n--move-budget N raises the limit.\n\nExamples:\n  gunbai moves chu\n  gunbai moves chu --moves 'f4-f5 g9-g8'\n  gunbai moves chu --notation usi\n  gunbai moves chu --format json"
)]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
    /// Move notation (docs/notation.md); usi needs an [sfen] table, japanese Japanese piece names.
    #[arg(long, default_value = "native", value_parser = notation_parser())]
    notation: Notation,
    /// Output: text for people, json for scripts (shapes below and in docs/ci.md).
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let p = a.pos.load()?;
    let notation = a.notation;
    notation.check(p.rules()).map_err(fail)?;
    let mut moves: Vec<Move> = Vec::new();
    legal_moves(&p, &mut moves)?;
    let texts = Texts::of(&moves, |m| write_move(&p, m, notation));
    let mut out = BufWriter::new(Stdout);
    if a.format == FormatArg::Json {
        write_json(&mut out, &p, &texts).map_err(Failure::Write)?;
        return Ok(ExitCode::SUCCESS);
    }
    // Western and Japanese text may write several paths alike (passes,
    // the short form): each text once.
    let mut last = None;
    for t in texts.sorted() {
        if last.replace(t) == Some(t) {
            continue;
        }
        writeln!(out, "{}", terminal_safe(t)).map_err(Failure::Write)?;
    }
    out.flush().map_err(Failure::Write)?;
    drop(out);
    let rules = p.rules();
    match p.outcome() {
        Some(o) => note!("game over: {}", render::outcome_text(rules, &o)),
        None if moves.is_empty() => {
            note!("no legal moves: {}", render::outcome_text(rules, &p.no_moves_outcome()))
        }
        None => note!("{} legal moves for {}", moves.len(), p.side_to_move()),
    }
    Ok(ExitCode::SUCCESS)
}

/// The moves' texts in one buffer, and their order by text.
struct Texts {
    buffer: String,
    /// (start, end) in `buffer` of each text, sorted by text.
    spans: Vec<(usize, usize)>,
}

impl Texts {
    fn of(moves: &[Move], text: impl Fn(&Move) -> String) -> Texts {
        let mut buffer = String::new();
        let mut spans = Vec::with_capacity(moves.len());
        for m in moves {
            let start = buffer.len();
            buffer.push_str(&text(m));
            spans.push((start, buffer.len()));
        }
        spans.sort_unstable_by(|a, b| buffer[a.0..a.1].cmp(&buffer[b.0..b.1]));
        Texts { buffer, spans }
    }

    fn sorted(&self) -> impl Iterator<Item = &str> {
        self.spans.iter().map(|&(a, b)| &self.buffer[a..b])
    }
}

/// The JSON of `gunbai moves --format json`, as `print_json` would print
/// `json::moves`, with the moves written one by one where the empty list
/// stands.
fn write_json(out: &mut impl Write, p: &Position, texts: &Texts) -> std::io::Result<()> {
    let whole = json_safe(&serde_json::to_string_pretty(&json::moves(p, &[])).unwrap_or_default());
    // A newline inside a string is escaped, so this is the key itself.
    let empty = "\n  \"moves\": []";
    let (head, tail) = whole.split_once(empty).unwrap_or((whole.as_str(), ""));
    out.write_all(head.as_bytes())?;
    if texts.spans.is_empty() {
        out.write_all(empty.as_bytes())?;
    } else {
        out.write_all(b"\n  \"moves\": [")?;
        for (i, t) in texts.sorted().enumerate() {
            out.write_all(if i == 0 { b"\n    " } else { b",\n    " })?;
            out.write_all(json_safe(&serde_json::to_string(t).unwrap_or_default()).as_bytes())?;
        }
        out.write_all(b"\n  ]")?;
    }
    out.write_all(tail.as_bytes())?;
    out.write_all(b"\n")?;
    out.flush()
}
