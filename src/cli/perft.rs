//! `gunbai perft`: count the leaves of the legal-move tree.

use super::{Failure, FormatArg, NotationArg, PositionArgs, print_json};
use clap::ValueEnum;
use gunbai::notation::write_move;
use gunbai::perft::{Convention, divide, perft};
use gunbai::render::json;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "Counting conventions (--convention):\n  paths     (default) every legal move counts; a move is its whole path, so a lion\n            reaching a square by a jump and by two steps via an empty square is two moves;\n            a finished game has no moves.\n  effects   moves with the same origin, final square, captures, shots and promotion count once.\n  shogiops  as lishogi's shogiops perft: every path, but the game never ends and the\n            repetition rule is not applied.\n  fsf       as Fairy-Stockfish's go perft: as paths, but no repetition rule, and a drop\n            forbidden for mating (shogi's pawn-drop mate) is a move.\nA move that may promote counts twice (promote, decline). Depth 0 is one node (the\nposition); with --divide it prints only the total.\n\nWith --format json: {variant, position, convention, depths: [{depth, nodes}]}, or with\n--divide {variant, position, convention, depth, moves: [{move, nodes}], total}.\n\nExamples:\n  gunbai perft chu 3\n  gunbai perft chu 2 --divide\n  gunbai perft chu 3 --format json\n  gunbai perft chu 2 --sfen '<SFEN>' --convention shogiops --divide --notation usi"
)]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
    depth: u32,
    /// Print the count below each root move instead of per-depth totals.
    #[arg(long)]
    divide: bool,
    #[arg(long, value_enum, default_value = "paths")]
    convention: ConventionArg,
    #[arg(long, value_enum, default_value = "native")]
    notation: NotationArg,
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
}

#[derive(Clone, Copy, ValueEnum)]
enum ConventionArg {
    /// Every path is a move (gunbai's canonical count).
    Paths,
    /// Moves with the same effect count once.
    Effects,
    /// lishogi shogiops' perft: every path; game end and repetition not applied.
    Shogiops,
    /// Fairy-Stockfish's go perft: no repetition; pawn-drop mates are moves.
    Fsf,
}

impl ConventionArg {
    fn convention(self) -> Convention {
        match self {
            ConventionArg::Paths => Convention::Paths,
            ConventionArg::Effects => Convention::Effects,
            ConventionArg::Shogiops => Convention::Shogiops,
            ConventionArg::Fsf => Convention::Fsf,
        }
    }
    fn name(self) -> &'static str {
        match self {
            ConventionArg::Paths => "paths",
            ConventionArg::Effects => "effects",
            ConventionArg::Shogiops => "shogiops",
            ConventionArg::Fsf => "fsf",
        }
    }
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let mut p = a.pos.load()?;
    let conv = a.convention.convention();
    let depth = a.depth;
    if a.divide && depth == 0 {
        // Depth 0 is the position itself: one node, and no root move to divide by.
        if a.format == FormatArg::Json {
            print_json(&json::divide(&p, a.convention.name(), 0, &[]))?;
        } else {
            note!("depth 0 has no moves to divide by: the position itself is the one node");
            outln!("moves\t0");
            outln!("total\t1");
        }
    } else if a.divide {
        let mut rows: Vec<(String, u64)> = Vec::new();
        let snapshot = p.clone();
        for (m, n) in divide(&mut p, depth, conv) {
            rows.push((write_move(&snapshot, &m, a.notation.notation()), n));
        }
        rows.sort();
        if a.format == FormatArg::Json {
            print_json(&json::divide(&snapshot, a.convention.name(), depth, &rows))?;
            return Ok(ExitCode::SUCCESS);
        }
        let total: u64 = rows.iter().map(|r| r.1).sum();
        for (m, n) in &rows {
            outln!("{m}\t{n}");
        }
        outln!();
        outln!("moves\t{}", rows.len());
        outln!("total\t{total}");
    } else if a.format == FormatArg::Json {
        let counts: Vec<(u32, u64)> = depths(depth).map(|d| (d, perft(&mut p, d, conv))).collect();
        print_json(&json::perft(&p, a.convention.name(), &counts))?;
    } else {
        for d in depths(depth) {
            outln!("{d}\t{}", perft(&mut p, d, conv));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The depths reported: 1 to `depth`, or just 0 (one node) for depth 0.
fn depths(depth: u32) -> std::ops::RangeInclusive<u32> {
    depth.min(1)..=depth
}
