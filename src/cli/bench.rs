//! `gunbai bench`: perft and search speed from a position.

use super::{Failure, PositionArgs, fail};
use gunbai::unstable::perft::{Convention, Counter};
use gunbai::unstable::search::{Limits, Searcher};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
#[command(
    after_help = "The perft figure is on one thread unless --threads says otherwise (0: one per core);\nthe search is single-threaded.\n\nExample:\n  gunbai bench chu --depth 3 --search-nodes 50000\n  gunbai bench chu --depth 4 --threads 2"
)]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
    /// Plies the perft figure counts.
    #[arg(long, default_value_t = 3)]
    depth: u32,
    /// Nodes the search benchmark visits (after perft).
    #[arg(long, default_value_t = 20_000)]
    search_nodes: u64,
    /// Search to this depth instead (still stopping at --search-nodes),
    /// printing the nodes and seconds of every finished iteration:
    /// time to depth (scripts/time-to-depth).
    #[arg(long, value_name = "D")]
    search_depth: Option<u32>,
    /// Threads for the perft figure (0: one per core).
    #[arg(long, default_value_t = 1, value_name = "N")]
    threads: usize,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let mut p = a.pos.load()?;
    let depth = a.depth;
    let counter = Counter::new(Convention::Paths).threads(a.threads).map_err(fail)?;
    let start = Instant::now();
    let nodes = counter.count(&p, depth, &|_, _| ())?;
    let secs = start.elapsed().as_secs_f64();
    outln!(
        "perft({depth}) = {nodes} nodes in {secs:.3} s on {} thread{}: {:.0} nodes/s",
        counter.thread_count(),
        if counter.thread_count() == 1 { "" } else { "s" },
        nodes as f64 / secs.max(1e-9)
    );
    let mut searcher = Searcher::new(&p, 16);
    let limits = Limits {
        nodes: Some(a.search_nodes),
        depth: a.search_depth,
        ..Limits::default()
    };
    let mut reached = 0;
    let start = Instant::now();
    let each = a.search_depth.is_some();
    let mut lines = Vec::new();
    searcher.search(&mut p, limits, &mut |r| {
        reached = r.depth;
        if each && r.complete {
            lines.push(format!(
                "depth {} = {} nodes in {:.3} s, score {}",
                r.depth,
                r.nodes,
                r.elapsed.as_secs_f64(),
                r.score
            ));
        }
    })?;
    for line in lines {
        outln!("{line}");
    }
    let secs = start.elapsed().as_secs_f64();
    let n = searcher.nodes();
    outln!(
        "search = {n} nodes in {secs:.3} s (depth {reached} finished): {:.0} nodes/s",
        n as f64 / secs.max(1e-9)
    );
    Ok(ExitCode::SUCCESS)
}
