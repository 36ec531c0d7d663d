//! `gunbai match`: referee games between two XBoard engines, or replay a
//! record of them.

use super::files::{self, Mode};
use super::{Failure, exit};
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::engine::referee::{self, MatchArgs, RECORD_MARK};
use std::path::Path;
use std::path::PathBuf;
use std::process::ExitCode;

const HELP: &str = "Each engine is a shell command that speaks XBoard's protocol (CECP v2). The two\n\
engines alternate colours from game to game. Every move is checked by gunbai; the\n\
record (--out) is XBoard PGN, one game per block, its moves in SAN (docs/engine.md),\n\
and `gunbai match --replay FILE` replays it and checks every move and result.\n\
A record file gunbai did not write is not replaced unless --force.\n\
Exit status: 0 when every game ended normally, 1 when a game ended by an illegal\n\
move, a refused move, a crash or a time forfeit.\n\n\
Examples:\n  gunbai match chu --engine 'gunbai xboard chu' --engine '/usr/games/hachu' --games 20 --tc 20+0.3 --out chu.pgn\n  gunbai match ko --engine 'gunbai xboard ko' --engine 'gunbai xboard ko' --games 10 --st 0.2 --max-moves 200\n  gunbai match --replay chu.pgn";

#[derive(clap::Args)]
#[command(after_help = HELP)]
pub struct Args {
    /// The variant (bundled name or rule file), as the referee knows it.
    #[arg(required_unless_present = "replay")]
    variant: Option<String>,
    /// An engine's shell command (give it twice).
    #[arg(long = "engine", num_args = 1)]
    engines: Vec<String>,
    /// Games to play; the engines change colours from game to game.
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
    /// Use a named preset of the rule file (`gunbai options VARIANT` lists them); `--option`s win over it.
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
    /// Where to write the record (default: stdout).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Replace an --out file that gunbai did not write.
    #[arg(long)]
    force: bool,
    /// Replay a record instead of playing.
    #[arg(long, conflicts_with = "engines")]
    replay: Option<String>,
    /// Also print each engine's protocol traffic to stderr.
    #[arg(long)]
    verbose: bool,
    /// A fixed search depth for both engines (`sd`); with a long --tc, games that do not depend on the machine's load.
    #[arg(long, value_name = "PLIES")]
    depth: Option<u32>,
    /// Openings: a file of lines of moves in gunbai's notation (`#` comments); games 2k and 2k+1 play line k, colours swapped.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    if let Some(path) = &a.replay {
        let n = referee::replay(path).map_err(Failure::Message)?;
        outln!("{n} games replayed: every move legal, every result as recorded");
        return Ok(ExitCode::SUCCESS);
    }
    // Refuse before playing, and again when writing: the file may appear,
    // or change, while the games are played.
    if let Some(out) = &a.out {
        record_mode(out, a.force)?;
        let dir = out
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        if !dir.is_dir() {
            return Err(Failure::Message(format!(
                "cannot write the record to `{}`: `{}` is not a directory",
                out.display(),
                dir.display()
            )));
        }
    }
    let args = MatchArgs {
        variant: a.variant,
        engines: a.engines,
        games: a.games,
        tc: a.tc,
        st: a.st,
        max_moves: a.max_moves,
        options: OptionOverride::with_preset(a.preset.as_deref(), &a.options),
        verbose: a.verbose,
        depth: a.depth,
        openings: match &a.openings {
            Some(path) => std::fs::read_to_string(path)
                .map_err(|e| Failure::Message(format!("cannot read the openings `{}`: {e}", path.display())))?
                .lines()
                .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
                .filter(|l| !l.is_empty())
                .collect(),
            None => Vec::new(),
        },
    };
    // With --out the record is written after every game, so a match
    // stopped half-way keeps its games. Refused then, the record is still
    // kept (beside `out`), not lost, and the match stops with that error.
    let mut unwritten = None;
    let mut write = |record: &str| -> Result<(), String> {
        let Some(out) = &a.out else { return Ok(()) };
        let mode = record_mode(out, a.force).unwrap_or(Mode::Create);
        files::write_atomic(out, record, mode).map_err(|failure| {
            unwritten = Some(failure);
            String::new()
        })
    };
    let result = referee::play_match(&args, &mut write);
    if let Some(failure) = unwritten {
        return Err(failure);
    }
    let result = result.map_err(Failure::Message)?;
    if a.out.is_none() {
        out!("{}", result.record);
    }
    Ok(ExitCode::from(if result.faults == 0 {
        exit::SUCCESS
    } else {
        exit::PROBLEMS
    }))
}

/// How the record may be written to `out`: created, or replacing a file
/// whose first line is a record's (one gunbai wrote), or anything with
/// `--force`. Only that first line is read.
fn record_mode(out: &Path, force: bool) -> Result<Mode, Failure> {
    files::mode_for(out, force, |path| {
        Ok(files::head(path, RECORD_MARK.len())? == RECORD_MARK.as_bytes())
    })
}
