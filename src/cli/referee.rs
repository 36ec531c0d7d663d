//! `gunbai match`: referee games between two XBoard engines.

use super::Failure;
use gunbai::compile::OptionOverride;
use gunbai::engine::referee::{self, HELP, MatchArgs};
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(after_help = HELP)]
pub struct Args {
    /// The variant (bundled name or rule file), as the referee knows it.
    #[arg(required_unless_present = "replay")]
    variant: Option<String>,
    /// An engine's shell command (give it twice).
    #[arg(long = "engine", num_args = 1)]
    engines: Vec<String>,
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Time control: BASE+INC in seconds for the whole game.
    #[arg(long, default_value = "60+1")]
    tc: String,
    /// A fixed time per move in seconds, instead of --tc.
    #[arg(long)]
    st: Option<f64>,
    /// Plies after which a game is adjudicated a draw.
    #[arg(long, default_value_t = 600)]
    max_moves: u32,
    /// Rule options for the referee, also sent to the engines as `option <variant>.NAME=VALUE`.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<OptionOverride>,
    /// Where to write the record (default: stdout).
    #[arg(long)]
    out: Option<String>,
    /// Replay a record instead of playing.
    #[arg(long, conflicts_with = "engines")]
    replay: Option<String>,
    /// Also print each engine's protocol traffic to stderr.
    #[arg(long)]
    verbose: bool,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let args = MatchArgs {
        variant: a.variant,
        engines: a.engines,
        games: a.games,
        tc: a.tc,
        st: a.st,
        max_moves: a.max_moves,
        options: a.options,
        out: a.out,
        replay: a.replay,
        verbose: a.verbose,
    };
    let code = referee::run(&args).map_err(Failure::Message)?;
    Ok(ExitCode::from(code))
}
