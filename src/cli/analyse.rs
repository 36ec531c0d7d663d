//! `gunbai analyse VARIANT GAME`: annotates a game record move by move.
//!
//! GAME is a game record read at the record door (KIF, CSA, TSFEN, a
//! `.moves` list: src/record), a move list (gunbai's text, USI or XBoard
//! notation, separated by white space) or a PGN record as `gunbai match`
//! writes it (tags,
//! move numbers, comments and the result are skipped). For each move the
//! position before it is searched twice within the same limits: once for
//! the best move, score and PV, once with the root narrowed to the move
//! played ([`Limits::root_moves`]). The drop between the two scores marks
//! the move: `??` at [`BLUNDER`] or more, `?` at [`MISTAKE`] or more.
//!
//! Bounded: the file at most [`MAX_BYTES`], at most `--max-moves` moves
//! (default [`MAX_MOVES`]), each search by `--depth` and `--time`.

use super::{Failure, FormatArg, fail, json_safe, notation_parser, stdout::Stdout, terminal_safe};
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::engine::parse_xboard_move;
use gunbai::unstable::movegen::Move;
use gunbai::unstable::notation::{Notation, write_move};
use gunbai::unstable::position::Position;
use gunbai::unstable::record::{self, Format, Record};
use gunbai::unstable::rules::load_variant;
use gunbai::unstable::search::{Limits, MATE, MAX_PLY, Report, Searcher};
use std::io::{BufWriter, Read, Write};
use std::process::ExitCode;
use std::time::Duration;

/// A score drop (centipawns, the mover's view) that marks a mistake, `?`.
pub const MISTAKE: i32 = 100;
/// A score drop that marks a blunder, `??`.
pub const BLUNDER: i32 = 300;
/// The largest record read.
const MAX_BYTES: u64 = 4 << 20;
/// Moves analysed at most unless `--max-moves` says otherwise.
const MAX_MOVES: usize = 1000;

#[derive(clap::Args)]
#[command(
    after_help = "Marks: `?` when the move played scores 100 or more centipawns below the best\n\
move at the same depth, `??` at 300 or more. See docs/engine.md.\n\n\
Examples:\n  gunbai analyse minishogi tests/data/analyse/minishogi.txt --depth 2\n  \
gunbai analyse minishogi tests/data/analyse/minishogi.txt --depth 2 --format json\n  \
gunbai analyse minishogi tests/data/analyse/minishogi.txt --depth 2 --notation western"
)]
pub struct Args {
    /// Variant: a bundled name or a path to a .toml rule file.
    variant: String,
    /// The game: a record (KIF, CSA, TSFEN, a `.moves` list: docs/records.md), a file of moves
    /// (native, USI, XBoard notation or SAN) or a `gunbai match` PGN record.
    game: std::path::PathBuf,
    /// Search depth per move (plies, 1 to 64).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: u32,
    /// Search time per move and per search, in milliseconds (at most 600000).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=600_000))]
    time: Option<u64>,
    /// Analyse at most this many moves (1 to 100000).
    #[arg(long, default_value_t = MAX_MOVES as u64, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_moves: u64,
    /// Output: text for people, json for scripts.
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
    /// Set a rule option: NAME=VALUE (`gunbai options VARIANT` lists them); the flag may repeat.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<OptionOverride>,
    /// Use a named preset of the rule file.
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
    /// Move notation of the output (docs/notation.md); default: usi for a variant with an [sfen]
    /// table, else native.
    #[arg(long, value_parser = notation_parser())]
    notation: Option<Notation>,
}

/// One move's analysis.
struct Annotated {
    played: String,
    best: String,
    /// Scores from the mover's point of view.
    best_score: i32,
    played_score: i32,
    pv: Vec<String>,
    mark: &'static str,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let rules = load_variant(
        &a.variant,
        &OptionOverride::with_preset(a.preset.as_deref(), &a.options),
    )?;
    let game = read_game(&a.game, &rules)?;
    let count = match &game {
        Game::Record(r) => r.moves.len(),
        Game::Tokens(t) => t.len(),
    };
    if count as u64 > a.max_moves {
        return Err(fail(format!(
            "`{}` has {count} moves, more than --max-moves {}; raise it to analyse them all",
            a.game.display(),
            a.max_moves
        )));
    }
    let notation = match a.notation {
        Some(n) => n,
        None if rules.sfen.is_some() => Notation::Usi,
        None => Notation::Native,
    };
    notation.check(&rules).map_err(fail)?;
    let mut pos = match &game {
        Game::Record(r) => r.start_position(&rules),
        Game::Tokens(_) => Position::start(rules),
    };
    let mut searcher = Searcher::new(&pos, 16);
    let limits = Limits {
        depth: Some(a.depth),
        hard_time: a.time.map(Duration::from_millis),
        ..Limits::default()
    };
    let mut rows = Vec::new();
    for i in 0..count {
        let m = match &game {
            // Read at the record door: every move legal where played.
            Game::Record(r) => r.moves[i],
            Game::Tokens(tokens) => token_move(&pos, &tokens[i], i, &a.game)?,
        };
        let (best, best_report) = search(&mut searcher, &mut pos, limits.clone())?;
        let narrowed = Limits {
            root_moves: Some(vec![m]),
            ..limits.clone()
        };
        let (_, played_report) = search(&mut searcher, &mut pos, narrowed)?;
        let best_score = best_report.as_ref().map_or(0, |r| r.score);
        let played_score = if best == Some(m) {
            best_score
        } else {
            played_report.as_ref().map_or(best_score, |r| r.score)
        };
        let drop = best_score.saturating_sub(played_score);
        let mark = if drop >= BLUNDER {
            "??"
        } else if drop >= MISTAKE {
            "?"
        } else {
            ""
        };
        let pv = best_report.map(|r| pv_text(&pos, &r.pv, notation)).unwrap_or_default();
        rows.push(Annotated {
            played: write_move(&pos, &m, notation),
            best: best.map(|b| write_move(&pos, &b, notation)).unwrap_or_default(),
            best_score,
            played_score,
            pv,
            mark,
        });
        pos.play_unchecked(&m);
    }
    let mut out = BufWriter::new(Stdout);
    if a.format == FormatArg::Json {
        write_json(&mut out, &rows).map_err(Failure::Write)?;
    } else {
        for (i, r) in rows.iter().enumerate() {
            writeln!(
                out,
                "{:>4}. {}{}\t{}\tbest {} {}\tpv {}",
                i + 1,
                terminal_safe(&r.played),
                r.mark,
                score_text(r.played_score),
                terminal_safe(&r.best),
                score_text(r.best_score),
                terminal_safe(&r.pv.join(" "))
            )
            .map_err(Failure::Write)?;
        }
    }
    out.flush().map_err(Failure::Write)?;
    Ok(ExitCode::SUCCESS)
}

/// One search: the move found and the last depth's report.
fn search(
    searcher: &mut Searcher,
    pos: &mut Position,
    limits: Limits,
) -> Result<(Option<Move>, Option<Report>), Failure> {
    let mut last = None;
    let best = searcher.search(pos, limits, &mut |r| last = Some(r.clone()))?;
    Ok((best, last))
}

/// A game to analyse: a record read at the record door (KIF, CSA, TSFEN,
/// a move list), or move tokens (a plain list, `gunbai match` PGN).
enum Game {
    Record(Box<Record>),
    Tokens(Vec<String>),
}

/// The game in the file at `path`. A KIF, CSA, TSFEN or move-list file
/// (by its extension, or KIF and CSA by their text) is read as
/// `gunbai replay` reads it (src/record: UTF-8 or Shift_JIS, its size,
/// move and message limits); anything else as move tokens.
fn read_game(
    path: &std::path::Path,
    rules: &std::sync::Arc<gunbai::unstable::ruleset::Ruleset>,
) -> Result<Game, Failure> {
    let by_extension = path.extension().and_then(|e| e.to_str()).and_then(Format::by_extension);
    let name = path.display().to_string();
    let format = match by_extension {
        Some(Format::Pgn) => None,
        Some(f) => Some(f),
        None => {
            let bytes = super::files::head(path, record::MAX_RECORD_BYTES + 1)?;
            record::decode(&name, &bytes)
                .ok()
                .and_then(|t| Format::sniff(&t))
                .filter(|f| matches!(f, Format::Kif | Format::Csa))
        }
    };
    let Some(format) = format else {
        return Ok(Game::Tokens(move_tokens(&read_record(path)?)));
    };
    let bytes = super::files::head(path, record::MAX_RECORD_BYTES + 1)?;
    let text = record::decode(&name, &bytes)?;
    Ok(Game::Record(Box::new(record::read(format, &name, &text, rules)?)))
}

/// The legal move a token of a move list or a `gunbai match` PGN writes.
fn token_move(pos: &Position, token: &str, i: usize, game: &std::path::Path) -> Result<Move, Failure> {
    if pos.outcome().is_some() {
        return Err(fail(format!(
            "`{}`: move {} (`{}`) comes after the end of the game",
            game.display(),
            i + 1,
            terminal_safe(token)
        )));
    }
    // A `gunbai match` record is XBoard PGN: SAN when not XBoard's text.
    let san = |why: String| gunbai::unstable::record::pgn::parse_token(pos, token).ok_or(why);
    parse_xboard_move(pos, token).or_else(san).map_err(|why| {
        fail(format!(
            "`{}`: move {} (`{}`) is not legal here: {why}",
            game.display(),
            i + 1,
            terminal_safe(token)
        ))
    })
}

/// The record's text: at most [`MAX_BYTES`] of UTF-8.
fn read_record(path: &std::path::Path) -> Result<String, Failure> {
    let shown = path.display();
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| fail(format!("cannot read game record `{shown}`: {e}")))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(fail(format!(
            "game record `{shown}` is larger than {} MiB",
            MAX_BYTES >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        fail(format!(
            "game record `{shown}` is not UTF-8 text (byte {} is invalid)",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// The moves of a record: PGN tag lines, `{comments}`, `;` comments, move
/// numbers (`12.`, `12...`) and a result token are left out.
fn move_tokens(text: &str) -> Vec<String> {
    let mut body = String::new();
    let mut depth = 0usize;
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with('[') || t.starts_with(';') || t.starts_with('#') {
            continue;
        }
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ if depth == 0 => body.push(c),
                _ => {}
            }
        }
        body.push('\n');
    }
    body.split_whitespace()
        .map(strip_move_number)
        .filter(|w| !w.is_empty() && !matches!(*w, "*" | "1-0" | "0-1" | "1/2-1/2"))
        .map(str::to_string)
        .collect()
}

/// `12.f4-f5` or `12...` → the move after the number (`f4-f5`, ``);
/// a token without a number and dots (`7g7f`) is kept whole.
fn strip_move_number(token: &str) -> &str {
    let rest = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() < token.len() && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        token
    }
}

fn pv_text(pos: &Position, pv: &[Move], notation: Notation) -> Vec<String> {
    let mut p = pos.clone();
    pv.iter()
        .map(|m| {
            let t = write_move(&p, m, notation);
            p.play_unchecked(m);
            t
        })
        .collect()
}

/// `+0.45`-style centipawns as `cp 45`, mates as `mate N` (plies).
fn score_text(score: i32) -> String {
    if score.abs() > MATE - MAX_PLY as i32 {
        let plies = MATE - score.abs();
        format!("mate {}", if score > 0 { plies } else { -plies })
    } else {
        format!("cp {score}")
    }
}

fn write_json(out: &mut dyn Write, rows: &[Annotated]) -> std::io::Result<()> {
    let moves: Vec<serde_json::Value> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            serde_json::json!({
                "ply": i + 1,
                "move": json_safe(&r.played),
                "score": r.played_score,
                "best": json_safe(&r.best),
                "best_score": r.best_score,
                "pv": r.pv.iter().map(|m| json_safe(m)).collect::<Vec<_>>(),
                "mark": r.mark,
            })
        })
        .collect();
    serde_json::to_writer_pretty(&mut *out, &serde_json::json!({ "moves": moves }))?;
    writeln!(out)
}
