//! The `gunbai` command line: thin argument handling over the library.

use clap::{Parser, Subcommand, ValueEnum};
use gunbai::compile::{OptionOverride, compile};
use gunbai::movegen::{Move, legal_moves};
use gunbai::notation::{Notation, parse_move, write_move};
use gunbai::perft::{Convention, divide, perft};
use gunbai::position::Position;
use gunbai::rules::{LoadError, load_variant, variant_source};
use std::process::ExitCode;
use std::time::Instant;

/// `println!` that ends the program quietly when stdout is closed (for
/// example when piped into `head`), instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// `print!` with the same behaviour as [`outln!`].
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if write!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

#[derive(Parser)]
#[command(
    name = "gunbai",
    version,
    about = "A rules interpreter for the great historical shogi variants."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Args)]
struct PositionArgs {
    /// Variant: a bundled name (see `gunbai validate --list`) or a path to a .toml rule file.
    variant: String,
    /// Start from this position (native text; see docs/notation.md) instead of the setup.
    #[arg(long, conflicts_with = "sfen")]
    position: Option<String>,
    /// Start from this SFEN (variants whose rule file has an [sfen] table).
    #[arg(long)]
    sfen: Option<String>,
    /// Play these moves first (native or USI notation).
    #[arg(long = "moves", num_args = 1.., value_name = "MOVE")]
    moves: Vec<String>,
    /// Set a rule option: NAME=VALUE, NAME with or without the `<variant>.` prefix.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<OptionOverride>,
}

#[derive(Clone, Copy, ValueEnum)]
enum ConventionArg {
    /// Every path is a move (gunbai's canonical count).
    Paths,
    /// Moves with the same effect count once.
    Effects,
    /// lishogi shogiops' perft: every path; game end and repetition not applied.
    Shogiops,
}

#[derive(Clone, Copy, ValueEnum)]
enum NotationArg {
    Native,
    Usi,
}

#[derive(Subcommand)]
enum Command {
    /// Check rule files and report every problem with file:line:col.
    #[command(
        after_help = "Examples:\n  gunbai validate rules/chu.toml\n  gunbai validate my_variant.toml other.toml\n  gunbai validate --list"
    )]
    Validate {
        files: Vec<String>,
        /// List the bundled variants.
        #[arg(long)]
        list: bool,
    },
    /// Count the leaves of the legal-move tree, one line `<depth>\t<nodes>` per depth.
    #[command(
        after_help = "Counting conventions (--convention):\n  paths     (default) every legal move counts; a move is its whole path, so a lion\n            reaching a square by a jump and by two steps via an empty square is two moves;\n            a finished game has no moves.\n  effects   moves with the same origin, final square, captures, shots and promotion count once.\n  shogiops  as lishogi's shogiops perft: every path, but the game never ends and the\n            repetition rule is not applied.\nA move that may promote counts twice (promote, decline).\n\nExamples:\n  gunbai perft chu 3\n  gunbai perft chu 2 --divide\n  gunbai perft chu 2 --sfen '<SFEN>' --convention shogiops --divide --notation usi"
    )]
    Perft {
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
    },
    /// List the legal moves of a position, sorted, one per line.
    #[command(
        after_help = "Examples:\n  gunbai moves chu\n  gunbai moves chu --moves f4-f5 g9-g8\n  gunbai moves chu --notation usi"
    )]
    Moves {
        #[command(flatten)]
        pos: PositionArgs,
        #[arg(long, value_enum, default_value = "native")]
        notation: NotationArg,
    },
    /// Print a position: the board, the side to move, its text and SFEN.
    #[command(after_help = "Example:\n  gunbai show chu --moves f4-f5")]
    Show {
        #[command(flatten)]
        pos: PositionArgs,
    },
    /// Draw a piece's moves on an empty board in the source tables' symbols.
    #[command(
        after_help = "Symbols: arrows slide, ● step, □ first step of a multi-leg (lion-type) move,\n■ jump or later leg, * the piece.\n\nExamples:\n  gunbai diagram chu lion --radius 2\n  gunbai diagram chu 角鷹\n  gunbai diagram chu HF --square a1"
    )]
    Diagram {
        /// Variant: a bundled name or a path to a .toml rule file.
        variant: String,
        /// The piece: id, code (promoted: +CODE) or any of its names.
        piece: String,
        /// The square to draw from (default: near the centre).
        #[arg(long)]
        square: Option<String>,
        /// Draw for the second player (White) instead of Black.
        #[arg(long)]
        white: bool,
        /// Draw only this many squares around the piece.
        #[arg(long)]
        radius: Option<i32>,
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<OptionOverride>,
    },
    /// Measure perft speed (nodes per second) from a position.
    #[command(after_help = "Example:\n  gunbai bench chu --depth 3")]
    Bench {
        #[command(flatten)]
        pos: PositionArgs,
        #[arg(long, default_value_t = 3)]
        depth: u32,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("{}", msg.trim_end());
            ExitCode::from(1)
        }
    }
}

fn notation(n: NotationArg) -> Notation {
    match n {
        NotationArg::Native => Notation::Native,
        NotationArg::Usi => Notation::Usi,
    }
}

fn load_position(a: &PositionArgs) -> Result<Position, String> {
    let rules = load_variant(&a.variant, &a.options).map_err(|e| match e {
        LoadError::NotFound(m) => format!("error: {m}"),
        LoadError::Invalid(r) => r.to_string(),
    })?;
    let mut pos = match (&a.position, &a.sfen) {
        (Some(text), _) => Position::from_text(rules, text).map_err(|r| r.to_string())?,
        (None, Some(sfen)) => Position::from_sfen(rules, sfen).map_err(|r| r.to_string())?,
        (None, None) => Position::start(rules),
    };
    for m in &a.moves {
        let mv = parse_move(&pos, m).map_err(|r| r.to_string())?;
        pos.play(&mv);
    }
    Ok(pos)
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Validate { files, list } => {
            if list {
                for name in gunbai::rules::bundled_names() {
                    outln!("{name}");
                }
                if files.is_empty() {
                    return Ok(ExitCode::SUCCESS);
                }
            }
            if files.is_empty() {
                return Err("error: give at least one rule file (or --list)".into());
            }
            let mut failed = false;
            for f in &files {
                let src = variant_source(f).map_err(|e| format!("error: {e}"))?;
                match compile(&src, &[]) {
                    Ok(c) => {
                        if !c.warnings.diagnostics.is_empty() {
                            eprintln!("{}", c.warnings);
                        }
                        let r = &c.ruleset;
                        let pieces = r.setup.len();
                        outln!(
                            "{}: ok: variant `{}`, {}x{} board, {} kinds, {} piece types, {} pieces in the setup, {} options",
                            src.name,
                            r.id,
                            r.geometry.width,
                            r.geometry.height,
                            r.kinds.len(),
                            r.types.len(),
                            pieces,
                            r.options.len()
                        );
                    }
                    Err(report) => {
                        eprintln!("{report}");
                        failed = true;
                    }
                }
            }
            Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
        }
        Command::Perft {
            pos,
            depth,
            divide: div,
            convention,
            notation: nota,
        } => {
            let mut p = load_position(&pos)?;
            let conv = match convention {
                ConventionArg::Paths => Convention::Paths,
                ConventionArg::Effects => Convention::Effects,
                ConventionArg::Shogiops => Convention::Shogiops,
            };
            if div {
                let mut rows: Vec<(String, u64)> = Vec::new();
                let snapshot = p.clone();
                for (m, n) in divide(&mut p, depth, conv) {
                    rows.push((write_move(&snapshot, &m, notation(nota)), n));
                }
                rows.sort();
                let total: u64 = rows.iter().map(|r| r.1).sum();
                for (m, n) in &rows {
                    outln!("{m}\t{n}");
                }
                outln!();
                outln!("moves\t{}", rows.len());
                outln!("total\t{total}");
            } else {
                for d in 1..=depth {
                    outln!("{d}\t{}", perft(&mut p, d, conv));
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Moves { pos, notation: nota } => {
            let p = load_position(&pos)?;
            let mut moves: Vec<Move> = Vec::new();
            legal_moves(&p, &mut moves);
            let mut texts: Vec<String> = moves.iter().map(|m| write_move(&p, m, notation(nota))).collect();
            texts.sort();
            for t in &texts {
                outln!("{t}");
            }
            match p.outcome() {
                Some(o) => eprintln!("game over: {}", describe_outcome(&o)),
                None if moves.is_empty() => eprintln!("no legal moves: {}", describe_outcome(&p.no_moves_outcome())),
                None => eprintln!("{} legal moves for {}", moves.len(), p.side_to_move()),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Show { pos } => {
            let p = load_position(&pos)?;
            out!("{}", board_diagram(&p));
            outln!("to move: {}", p.side_to_move());
            outln!("position: {}", p.to_text());
            if let Some(s) = p.to_sfen() {
                outln!("sfen: {s}");
            }
            if let Some(o) = p.result() {
                outln!("game over: {}", describe_outcome(&o));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Diagram {
            variant,
            piece,
            square,
            white,
            radius,
            options,
        } => {
            let rules = load_variant(&variant, &options).map_err(|e| match e {
                LoadError::NotFound(m) => format!("error: {m}"),
                LoadError::Invalid(r) => r.to_string(),
            })?;
            let ty = rules
                .type_by_code(&piece)
                .or_else(|| rules.find_kind(&piece).map(|k| rules.unpromoted_type(k)))
                .ok_or_else(|| {
                    let names: Vec<&str> = rules.kinds.iter().map(|k| k.id.as_str()).collect();
                    let hint = gunbai::diagnostics::did_you_mean(&piece, names.iter().copied())
                        .map(|n| format!(" Did you mean `{n}`?"))
                        .unwrap_or_default();
                    format!("error: unknown piece `{piece}` in variant `{}`.{hint}", rules.id)
                })?;
            let geo = &rules.geometry;
            let sq = match square {
                Some(s) => geo.parse_square(&s).ok_or_else(|| {
                    format!(
                        "error: `{s}` is not a square of this {}x{} board",
                        geo.width, geo.height
                    )
                })?,
                None => geo
                    .square((geo.width as i32 - 1) / 2, (geo.height as i32 - 1) / 2)
                    .unwrap_or(0),
            };
            let colour = if white {
                gunbai::board::Colour::White
            } else {
                gunbai::board::Colour::Black
            };
            let map = gunbai::diagram::move_map(&rules, ty, colour, sq);
            let kind = rules.kind_of(ty);
            outln!(
                "{} ({}) from {}, {}:",
                kind.id,
                rules.types[usize::from(ty)].code,
                geo.square_name(sq),
                colour
            );
            out!("{}", map.render(&rules, colour, radius));
            outln!("{} move paths on an empty board", map.paths);
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench { pos, depth } => {
            let mut p = load_position(&pos)?;
            let start = Instant::now();
            let nodes = perft(&mut p, depth, Convention::Paths);
            let secs = start.elapsed().as_secs_f64();
            outln!(
                "perft({depth}) = {nodes} nodes in {secs:.3} s: {:.0} nodes/s",
                nodes as f64 / secs.max(1e-9)
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn describe_outcome(o: &gunbai::position::Outcome) -> String {
    let who = match o.winner() {
        Some(c) => format!("{c} wins"),
        None => "draw".to_string(),
    };
    format!("{who} ({:?})", o.reason)
}

fn board_diagram(p: &Position) -> String {
    let rules = p.rules();
    let geo = &rules.geometry;
    let w = rules.types.iter().map(|t| t.code.len()).max().unwrap_or(1).max(2) + 1;
    let mut s = String::new();
    for y in (0..geo.height as i32).rev() {
        s.push_str(&format!("{:>3} ", y + 1));
        for x in 0..geo.width as i32 {
            let sq = geo.square(x, y).unwrap_or(0);
            let cell = match p.piece_at(sq) {
                None => ".".to_string(),
                Some((c, ty)) => {
                    let code = &rules.types[usize::from(ty)].code;
                    if c == gunbai::board::Colour::Black {
                        code.clone()
                    } else {
                        code.to_ascii_lowercase()
                    }
                }
            };
            s.push_str(&format!("{cell:<w$}"));
        }
        s.push('\n');
    }
    s.push_str("    ");
    for x in 0..geo.width {
        let name = geo.square_name(geo.square(x as i32, 0).unwrap_or(0));
        s.push_str(&format!("{:<w$}", name.trim_end_matches(char::is_numeric)));
    }
    s.push('\n');
    s
}
