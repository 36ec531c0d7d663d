//! `gunbai bench`: perft and search speed from a position.

use super::{Failure, PositionArgs};
use gunbai::perft::{Convention, perft};
use gunbai::search::{Limits, Searcher};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
#[command(after_help = "Example:\n  gunbai bench chu --depth 3 --search-nodes 50000")]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
    #[arg(long, default_value_t = 3)]
    depth: u32,
    /// Nodes the search benchmark visits (after perft).
    #[arg(long, default_value_t = 20_000)]
    search_nodes: u64,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let mut p = a.pos.load()?;
    let depth = a.depth;
    let start = Instant::now();
    let nodes = perft(&mut p, depth, Convention::Paths);
    let secs = start.elapsed().as_secs_f64();
    outln!(
        "perft({depth}) = {nodes} nodes in {secs:.3} s: {:.0} nodes/s",
        nodes as f64 / secs.max(1e-9)
    );
    let mut searcher = Searcher::new(&p, 16);
    let limits = Limits {
        nodes: Some(a.search_nodes),
        ..Limits::default()
    };
    let mut reached = 0;
    let start = Instant::now();
    searcher.search(&mut p, limits, &mut |r| reached = r.depth);
    let secs = start.elapsed().as_secs_f64();
    let n = searcher.nodes();
    outln!(
        "search = {n} nodes in {secs:.3} s (depth {reached} finished): {:.0} nodes/s",
        n as f64 / secs.max(1e-9)
    );
    Ok(ExitCode::SUCCESS)
}
