//! `gunbai moves`: list the legal moves of a position.

use super::{Failure, FormatArg, NotationArg, PositionArgs, fail, print_json};
use gunbai::movegen::{Move, legal_moves};
use gunbai::notation::write_move;
use gunbai::render::{self, json};
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "With --format json: {variant, position, sfen, side_to_move, moves, outcome}, where\noutcome is null while the game goes on, else {winner, reason, text}.\n\nExamples:\n  gunbai moves chu\n  gunbai moves chu --moves 'f4-f5 g9-g8'\n  gunbai moves chu --notation usi\n  gunbai moves chu --format json"
)]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
    /// Move notation: native (gunbai's), or usi (variants whose rule file has an [sfen] table).
    #[arg(long, value_enum, default_value = "native")]
    notation: NotationArg,
    /// Output: text for people, json for scripts (shapes below and in docs/ci.md).
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let p = a.pos.load()?;
    a.notation.notation().check(p.rules()).map_err(fail)?;
    let mut moves: Vec<Move> = Vec::new();
    legal_moves(&p, &mut moves);
    let mut texts: Vec<String> = moves.iter().map(|m| write_move(&p, m, a.notation.notation())).collect();
    texts.sort();
    if a.format == FormatArg::Json {
        print_json(&json::moves(&p, &texts))?;
        return Ok(ExitCode::SUCCESS);
    }
    for t in &texts {
        outln!("{t}");
    }
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
