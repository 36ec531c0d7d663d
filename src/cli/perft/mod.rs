//! `gunbai perft`: count the leaves of the legal-move tree, on every core,
//! with an optional transposition table, or spread as jobs ([`jobs`]).

mod jobs;

use super::{Failure, FormatArg, PositionArgs, emit, fail, notation_parser, print_json};
use clap::ValueEnum;
use gunbai::unstable::movegen::Move;
use gunbai::unstable::notation::{Notation, write_move};
use gunbai::unstable::perft::{Convention, Counter, TABLE_UNSAFE};
use gunbai::unstable::position::Position;
use gunbai::unstable::render::json;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

#[derive(clap::Args)]
#[command(
    // The variant is required unless a job mode replaces it (checked in run).
    mut_arg("variant", |a| a.required(false).index(1)),
    after_help = "Counting conventions (--convention):\n  paths     (default) every legal move counts; a move is its whole path, so a lion\n            reaching a square by a jump and by two steps via an empty square is two moves;\n            a finished game has no moves.\n  effects   moves with the same origin, final square, captures, shots and promotion count once.\n  shogiops  as lishogi's shogiops perft: every path, but the game never ends and the\n            repetition rule is not applied.\n  fsf       as Fairy-Stockfish's go perft: as paths, but no repetition rule, and a drop\n            forbidden for mating (shogi's pawn-drop mate) is a move.\nA move that may promote counts twice (promote, decline). Depth 0 is one node (the\nposition); with --divide it prints only the total.\n\nWith --format json: {variant, position, convention, depths: [{depth, nodes}]}, or with\n--divide {variant, position, convention, depth, moves: [{move, nodes}], total}.\n\nDeep counts: --threads (default: every core) splits the tree at the root; --hash MB adds\nan exact transposition table. --divide prints each root move's line as soon as it and\nevery move before it (sorted by text) are counted. A progress bar shows on stderr when\nstderr is a terminal.\n\nSpread over machines (docs/performance.md, \"Deep counts\"): --split D writes one JSON job\nline per position D plies deep; --job LINE or --jobs FILE (- for stdin) counts jobs and\nprints one result line each; --sum [FILE...] (stdin without files) checks that every job\nof the split has exactly one result and prints DEPTH<TAB>TOTAL as perft does.\n\nExamples:\n  gunbai perft chu 3\n  gunbai perft chu 2 --divide\n  gunbai perft chu 3 --format json\n  gunbai perft chu 5 --threads 8 --hash 1024\n  gunbai perft chu 2 --sfen '<SFEN>' --convention shogiops --divide --notation usi\n  gunbai perft chu 6 --split 2 > jobs.txt\n  parallel --pipe -N 50 gunbai perft --jobs - < jobs.txt | gunbai perft --sum"
)]
pub struct Args {
    #[command(flatten)]
    pos: Option<PositionArgs>,
    /// Plies to count.
    #[arg(index = 2, required_unless_present_any = ["job", "jobs", "sum"])]
    depth: Option<u32>,
    /// Print the count below each root move instead of per-depth totals.
    #[arg(long)]
    divide: bool,
    /// How moves are counted: paths, effects, shogiops or fsf (see below).
    #[arg(long, value_enum, default_value = "paths")]
    convention: ConventionArg,
    /// Move notation of --divide (docs/notation.md); usi needs an [sfen] table, japanese Japanese piece names.
    #[arg(long, default_value = "native", value_parser = notation_parser())]
    notation: Notation,
    /// Output: text for people, json for scripts (shapes below and in docs/ci.md).
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
    /// Worker threads; 0 (the default) is one per core.
    #[arg(long, default_value_t = 0, value_name = "N")]
    threads: usize,
    /// An exact transposition table of at most MB mebibytes, shared by the threads (0: none).
    #[arg(long, default_value_t = 0, value_name = "MB")]
    hash: usize,
    /// Write the positions D plies deep as job lines (stdout) instead of counting.
    #[arg(long, value_name = "D", conflicts_with_all = ["divide", "job", "jobs", "sum"])]
    split: Option<u32>,
    /// Count one job line written by --split and print its result line.
    #[arg(long, value_name = "LINE", conflicts_with_all = ["variant", "divide", "jobs", "sum"])]
    job: Option<String>,
    /// Count every job line of FILE (- for stdin), printing one result line each as it finishes.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["variant", "divide", "sum"])]
    jobs: Option<PathBuf>,
    /// Add the result lines of FILEs (stdin without files) and print DEPTH<TAB>TOTAL.
    #[arg(long, value_name = "FILE", num_args = 0.., conflicts_with_all = ["variant", "divide"])]
    sum: Option<Vec<PathBuf>>,
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
    if let Some(line) = &a.job {
        return jobs::run_one(line, a.threads, a.hash);
    }
    if let Some(file) = &a.jobs {
        return jobs::run_file(file, a.threads, a.hash);
    }
    if let Some(files) = &a.sum {
        return jobs::sum(files);
    }
    let (Some(pos_args), Some(depth)) = (&a.pos, a.depth) else {
        return Err(fail("perft needs a VARIANT and a DEPTH (or --job, --jobs or --sum)"));
    };
    let mut p = pos_args.load()?;
    a.notation.check(p.rules()).map_err(fail)?;
    let conv = a.convention.convention();
    if let Some(at) = a.split {
        return jobs::split(pos_args, &mut p, a.convention, depth, at, a.threads);
    }
    let counter = counter(conv, a.threads, a.hash)?;
    if !counter.table_usable(&p, depth) {
        note!("note: {TABLE_UNSAFE}");
    }
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
        divide(&a, &counter, &p, depth)?;
    } else {
        let mut counts = Vec::new();
        for d in depth.min(1)..=depth {
            let bar = progress(counter.root_moves(&p)?.len(), &format!("depth {d}"));
            let n = counter.count(&p, d, &|_, _| bar.inc(1));
            bar.finish_and_clear();
            let n = n?;
            if a.format == FormatArg::Text {
                outln!("{d}\t{n}");
            }
            counts.push((d, n));
        }
        if a.format == FormatArg::Json {
            print_json(&json::perft(&p, a.convention.name(), &counts))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A counter with the flags' threads and table.
fn counter(conv: Convention, threads: usize, hash: usize) -> Result<Counter, Failure> {
    Counter::new(conv)
        .threads(threads)
        .and_then(|c| c.hash_mb(hash))
        .map_err(fail)
}

/// A progress bar over `len` root moves on stderr, or a hidden one when
/// stderr is not a terminal or under `--quiet`.
fn progress(len: usize, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() || super::quiet() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len as u64);
    let style = ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} root moves, {elapsed}, about {eta} left")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style.progress_chars("=> "));
    bar.set_message(what.to_string());
    bar
}

/// Root moves sorted by their text, counted in parallel; in text format
/// each line is printed once it and every line before it are counted.
fn divide(a: &Args, counter: &Counter, p: &Position, depth: u32) -> Result<(), Failure> {
    let mut rows: Vec<(String, Move)> = counter
        .root_moves(p)?
        .into_iter()
        .map(|m| (write_move(p, &m, a.notation), m))
        .collect();
    rows.sort_by(|x, y| x.0.cmp(&y.0));
    let moves: Vec<Move> = rows.iter().map(|r| r.1).collect();
    let stream = a.format == FormatArg::Text;
    let bar = progress(rows.len(), &format!("depth {depth}"));
    let state = Mutex::new(Streamed {
        counts: vec![None; rows.len()],
        printed: 0,
        failed: None,
    });
    let stop = AtomicBool::new(false);
    let done = |i: usize, n: u64| {
        bar.inc(1);
        let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
        s.counts[i] = Some(n);
        while stream && s.failed.is_none() {
            let Some(Some(n)) = s.counts.get(s.printed).copied() else {
                break;
            };
            let line = format!("{}\t{n}\n", rows[s.printed].0);
            if let Err(e) = bar.suspend(|| emit(format_args!("{line}"))) {
                s.failed = Some(e);
                stop.store(true, Ordering::Relaxed);
            }
            s.printed += 1;
        }
    };
    let counts = counter.divide(p, depth, &moves, &done, &stop);
    bar.finish_and_clear();
    if let Some(e) = state.into_inner().unwrap_or_else(|e| e.into_inner()).failed {
        return Err(e);
    }
    let counts = counts?;
    let total: u64 = counts.iter().sum();
    if stream {
        outln!();
        outln!("moves\t{}", rows.len());
        outln!("total\t{total}");
    } else {
        let rows: Vec<(String, u64)> = rows.into_iter().map(|r| r.0).zip(counts).collect();
        print_json(&json::divide(p, a.convention.name(), depth, &rows))?;
    }
    Ok(())
}

/// Divide lines counted so far, and how many are printed.
struct Streamed {
    counts: Vec<Option<u64>>,
    printed: usize,
    failed: Option<Failure>,
}
