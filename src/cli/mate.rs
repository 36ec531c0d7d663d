//! `gunbai mate`: look for a forced mate by the side to move
//! (`gunbai::unstable::mate`, docs/mate.md).

use super::{Failure, FormatArg, PositionArgs, fail, notation_parser, print_json};
use gunbai::unstable::mate::{AttackerMoves, Config, DefenderHand as Hand, MAX_PLIES, Verdict, solve, spare_royalless};
use gunbai::unstable::notation::{Notation, write_move};
use serde_json::json;
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args)]
#[command(
    after_help = "The side to move attacks. The answer is mate (with the main line: the shortest mate\nagainst the longest resistance), no_mate (none within --max-moves) or unknown (the\nlimits ran out); each exits 0.\n\nWith --format json: {result, plies, line, shortest, proof_number, disproof_number, nodes, seconds}.\n\nExamples:\n  gunbai mate shogi --sfen '4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1'\n  gunbai mate shogi --notation usi --format json --sfen '7gk/7p1/8P/9/9/9/9/9/K7L b G 1'\n  gunbai mate chu --max-moves 7 --time 30 --notation usi --sfen '...'\n  gunbai mate shogi --any-move --max-moves 3 --sfen '...'\n  gunbai mate shogi --defender-hand rest --sfen '4k4/9/4P4/9/9/9/9/9/9 b G 1'"
)]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
    /// Longest mate to look for, in plies (attacker and defender moves; at most 2047).
    #[arg(long, default_value_t = 255, value_name = "N")]
    max_moves: u32,
    /// Give up after S seconds (the answer is then unknown, or a mate not proven shortest).
    #[arg(long, default_value_t = 60.0, value_name = "S")]
    time: f64,
    /// Give up after about N nodes.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Transposition table size in MiB (1 to 65536).
    #[arg(long, default_value_t = 64, value_name = "MB")]
    hash: usize,
    /// Let the attacker make any move, not only checks (mate-in-N instead of the tsume rule).
    #[arg(long)]
    any_move: bool,
    /// The defender's hand: as-given (the position's), or rest (standard tsume: every piece of the set not on the board or in the attacker's hand).
    #[arg(long, value_enum, default_value = "as-given", value_name = "HAND")]
    defender_hand: DefenderHand,
    /// Move notation of the line (docs/notation.md); usi needs an [sfen] table, japanese Japanese piece names.
    #[arg(long, default_value = "native", value_parser = notation_parser())]
    notation: Notation,
    /// Output: text for people, json for scripts ({result, plies, line, shortest, proof_number, disproof_number, nodes, seconds}).
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
}

/// Whose pieces the defender holds in hand.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum DefenderHand {
    /// The position's hands, as given.
    AsGiven,
    /// Every piece of the set not on the board or in the attacker's hand.
    Rest,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    if a.max_moves > MAX_PLIES {
        return Err(fail(format!("--max-moves {}: at most {MAX_PLIES} plies", a.max_moves)));
    }
    if !(a.time.is_finite() && a.time > 0.0 && a.time <= 1e9) {
        return Err(fail(format!("--time {}: give a number of seconds above 0", a.time)));
    }
    if !(1..=65536).contains(&a.hash) {
        return Err(fail(format!("--hash {}: give 1 to 65536 MiB", a.hash)));
    }
    // A side set up without a royal plays on (docs/mate.md), from the
    // start of `--moves`.
    let mut p = a.pos.load_then(|p| {
        spare_royalless(p);
    })?;
    let notation = a.notation;
    notation.check(p.rules()).map_err(fail)?;
    let config = Config {
        moves: if a.any_move {
            AttackerMoves::Any
        } else {
            AttackerMoves::Checks
        },
        max_plies: a.max_moves,
        time: Some(Duration::from_secs_f64(a.time)),
        nodes: a.nodes,
        hash_mb: a.hash,
        defender_hand: match a.defender_hand {
            DefenderHand::AsGiven => Hand::AsGiven,
            DefenderHand::Rest => Hand::Rest,
        },
    };
    let found = solve(&mut p, &config, None).map_err(|e| fail(e.to_string()))?;
    let mut line = Vec::new();
    let mut undos = Vec::new();
    for m in &found.line {
        line.push(write_move(&p, m, notation));
        undos.push(p.play_unchecked(m));
    }
    while let Some(u) = undos.pop() {
        p.unplay(&u);
    }
    let seconds = found.elapsed.as_secs_f64();
    if a.format == FormatArg::Json {
        print_json(&json!({
            "result": found.verdict.as_str(),
            "plies": found.plies,
            "line": line,
            "shortest": found.shortest,
            "proof_number": found.root.map(|r| r.0),
            "disproof_number": found.root.map(|r| r.1),
            "nodes": found.nodes,
            "seconds": (seconds * 1000.0).round() / 1000.0,
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    match found.verdict {
        Verdict::Mate => {
            let plies = found.plies.unwrap_or(0);
            outln!(
                "mate in {plies}{}",
                if found.shortest { "" } else { " (not proven shortest)" }
            );
            outln!("{}", line.join(" "));
        }
        Verdict::NoMate => outln!("no mate within {} plies", a.max_moves),
        Verdict::Unknown => match found.root {
            Some((pn, dn)) => outln!("unknown: the limits ran out (root proof number {pn}, disproof number {dn})"),
            None => outln!("unknown: the limits ran out"),
        },
    }
    note!("{} nodes, {seconds:.2} s", found.nodes);
    Ok(ExitCode::SUCCESS)
}
