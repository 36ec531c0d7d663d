//! `gunbai bench`: perft speed from a position.

use super::{Failure, PositionArgs};
use gunbai::perft::{Convention, perft};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
#[command(after_help = "Example:\n  gunbai bench chu --depth 3")]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
    #[arg(long, default_value_t = 3)]
    depth: u32,
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
    Ok(ExitCode::SUCCESS)
}
