//! The `gunbai` command line: thin argument handling over the library.

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use gunbai::board::Colour;
use gunbai::compile::{OptionOverride, compile};
use gunbai::diagnostics::{Report, Severity, Source, Style, render_message};
use gunbai::movegen::{Move, legal_moves};
use gunbai::notation::{Notation, parse_move, write_move};
use gunbai::perft::{Convention, divide, perft};
use gunbai::position::Position;
use gunbai::render::{self, json, snapshot};
use gunbai::rules::{LoadError, load_variant, variant_source};
use gunbai::ruleset::{Ruleset, TypeId};
use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
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
    about = "A rules interpreter for the great historical shogi variants.",
    after_help = "Examples:\n  gunbai validate rules/chu.toml\n  gunbai perft chu 3\n  gunbai diagram chu lion --svg lion.svg\n  gunbai book chu\n  gunbai snapshot chu tests/data/chu_positions.txt --out snapshots --check"
)]
struct Cli {
    /// Colour diagnostics: auto (when stderr is a terminal and NO_COLOR is unset), always, never.
    #[arg(long, global = true, value_enum, default_value = "auto", value_name = "WHEN")]
    color: ColorArg,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    /// For people.
    Text,
    /// For scripts and editors (shapes in docs/ci.md).
    Json,
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

impl ConventionArg {
    fn convention(self) -> Convention {
        match self {
            ConventionArg::Paths => Convention::Paths,
            ConventionArg::Effects => Convention::Effects,
            ConventionArg::Shogiops => Convention::Shogiops,
        }
    }
    fn name(self) -> &'static str {
        match self {
            ConventionArg::Paths => "paths",
            ConventionArg::Effects => "effects",
            ConventionArg::Shogiops => "shogiops",
        }
    }
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
        after_help = "With --format json, stdout is one JSON array of every error and warning:\n  {file, severity, line, column, end_line, end_column, message, help}\n(columns count characters; the end is just after the span). The exit status is 1 if any file has an error.\n\nExamples:\n  gunbai validate rules/chu.toml\n  gunbai validate my_variant.toml other.toml\n  gunbai validate --format json my_variant.toml\n  gunbai validate --list"
    )]
    Validate {
        files: Vec<String>,
        /// List the bundled variants.
        #[arg(long)]
        list: bool,
        #[arg(long, value_enum, default_value = "text")]
        format: FormatArg,
    },
    /// Count the leaves of the legal-move tree, one line `<depth>\t<nodes>` per depth.
    #[command(
        after_help = "Counting conventions (--convention):\n  paths     (default) every legal move counts; a move is its whole path, so a lion\n            reaching a square by a jump and by two steps via an empty square is two moves;\n            a finished game has no moves.\n  effects   moves with the same origin, final square, captures, shots and promotion count once.\n  shogiops  as lishogi's shogiops perft: every path, but the game never ends and the\n            repetition rule is not applied.\nA move that may promote counts twice (promote, decline).\n\nWith --format json: {variant, position, convention, depths: [{depth, nodes}]}, or with\n--divide {variant, position, convention, depth, moves: [{move, nodes}], total}.\n\nExamples:\n  gunbai perft chu 3\n  gunbai perft chu 2 --divide\n  gunbai perft chu 3 --format json\n  gunbai perft chu 2 --sfen '<SFEN>' --convention shogiops --divide --notation usi"
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
        #[arg(long, value_enum, default_value = "text")]
        format: FormatArg,
    },
    /// List the legal moves of a position, sorted, one per line.
    #[command(
        after_help = "With --format json: {variant, position, sfen, side_to_move, moves, outcome}, where\noutcome is null while the game goes on, else {winner, reason, text}.\n\nExamples:\n  gunbai moves chu\n  gunbai moves chu --moves f4-f5 g9-g8\n  gunbai moves chu --notation usi\n  gunbai moves chu --format json"
    )]
    Moves {
        #[command(flatten)]
        pos: PositionArgs,
        #[arg(long, value_enum, default_value = "native")]
        notation: NotationArg,
        #[arg(long, value_enum, default_value = "text")]
        format: FormatArg,
    },
    /// Print a position: the board, the side to move, its text and SFEN.
    #[command(after_help = "Examples:\n  gunbai show chu\n  gunbai show chu --moves f4-f5")]
    Show {
        #[command(flatten)]
        pos: PositionArgs,
    },
    /// Draw a piece's moves on an empty board in the source tables' symbols, as text or SVG.
    #[command(
        after_help = "Symbols: arrows slide, ● step, □ first step of a multi-leg (lion-type) move,\n■ jump or later leg, * the piece. The SVG draws the same marks (slides as lines with\narrows), the piece's kanji on its square, and a legend.\n\nExamples:\n  gunbai diagram chu lion --radius 2\n  gunbai diagram chu 角鷹\n  gunbai diagram chu HF --square a1\n  gunbai diagram chu lion --svg lion.svg\n  gunbai diagram chu king --radius 2 --svg -"
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
        /// Number the squares of multi-leg moves by the earliest leg that lands there (①–⑥).
        #[arg(long)]
        numbered: bool,
        /// Also write an SVG picture to FILE (`-`: print the SVG instead of the text diagram).
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<OptionOverride>,
    },
    /// Write a browsable HTML rule book of a variant: every piece with its names and moves.
    #[command(
        after_help = "Writes DIR/index.html (default DIR: book-<variant id>): the variant's names, the setup\nas a board, the options table, the capture restrictions, and for every piece kind its\nnames in every script, code, promotion, notes and move diagram (inline SVG). The page\nis self-contained; open it in any browser.\n\nExamples:\n  gunbai book chu\n  gunbai book my_variant.toml --out site/my_variant\n  gunbai book chu --option repetition=xboard --out /tmp/chu-book"
    )]
    Book {
        /// Variant: a bundled name or a path to a .toml rule file.
        variant: String,
        /// Directory to write index.html into (created if missing).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<OptionOverride>,
    },
    /// Write (or --check) one snapshot file per position: its board, text, legal moves and result.
    #[command(
        after_help = "The positions file has one position per line: native position text, or `sfen ` and an\nSFEN. `name: ` before a position names it; otherwise its line number does. Lines starting\nwith `#` and blank lines are skipped.\n\nWithout --check, writes DIR/<name>.txt for every position (and removes snapshot files\nof positions no longer listed). With --check, writes nothing: it compares with DIR and\nexits 1 with the moves added and removed per position, and missing or extra files.\nSee docs/ci.md for the CI recipe.\n\nExamples:\n  gunbai snapshot chu tests/data/chu_positions.txt --out tests/move-snapshots/chu\n  gunbai snapshot chu tests/data/chu_positions.txt --out tests/move-snapshots/chu --check\n  gunbai snapshot my_variant.toml positions.txt --out snapshots --option repetition=xboard"
    )]
    Snapshot {
        /// Variant: a bundled name or a path to a .toml rule file.
        variant: String,
        /// The positions file.
        positions: PathBuf,
        /// The snapshot directory.
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// Compare with the snapshots in DIR instead of writing them.
        #[arg(long)]
        check: bool,
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<OptionOverride>,
    },
    /// Measure perft and search speed (nodes per second) from a position.
    #[command(after_help = "Example:\n  gunbai bench chu --depth 3 --search-nodes 50000")]
    Bench {
        #[command(flatten)]
        pos: PositionArgs,
        #[arg(long, default_value_t = 3)]
        depth: u32,
        /// Nodes the search benchmark visits (after perft).
        #[arg(long, default_value_t = 20_000)]
        search_nodes: u64,
    },
    /// Play as an XBoard/WinBoard engine (CECP v2) on stdin/stdout.
    #[command(
        after_help = "Variants are announced under XBoard's names where the rule file gives one\n(`xboard = ...`), else under their ids. Rule options are engine options.\nSee docs/engine.md.\n\nExamples:\n  gunbai xboard\n  gunbai xboard chu my_variant.toml\n  xboard -fcp 'gunbai xboard chu' -variant chu"
    )]
    Xboard {
        /// Bundled names or rule files (default: every bundled variant).
        variants: Vec<String>,
    },
    /// Play as a USI engine on stdin/stdout (variants with an SFEN form).
    #[command(after_help = "Example:\n  gunbai usi chu")]
    Usi { variant: String },
    /// Referee games between two XBoard engines, checking every move.
    #[command(after_help = gunbai::engine::referee::HELP)]
    Match(gunbai::engine::referee::MatchArgs),
    /// Print a shell completion script.
    #[command(
        after_help = "Examples:\n  gunbai completions bash > ~/.local/share/bash-completion/completions/gunbai\n  gunbai completions zsh > ~/.zfunc/_gunbai\n  gunbai completions fish > ~/.config/fish/completions/gunbai.fish"
    )]
    Completions { shell: clap_complete::Shell },
}

/// Why a command failed.
enum Failure {
    /// Diagnostics that point into a source.
    Report(Report),
    /// A message that points nowhere.
    Message(String),
}

impl From<Report> for Failure {
    fn from(r: Report) -> Self {
        Failure::Report(r)
    }
}

impl From<LoadError> for Failure {
    fn from(e: LoadError) -> Self {
        match e {
            LoadError::NotFound(m) => Failure::Message(m),
            LoadError::Invalid(r) => Failure::Report(r),
        }
    }
}

fn fail(message: impl Into<String>) -> Failure {
    Failure::Message(message.into())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let style = stderr_style(cli.color);
    match run(cli, style) {
        Ok(code) => code,
        Err(failure) => {
            let text = match failure {
                Failure::Report(r) => r.render(style),
                Failure::Message(m) => render_message(Severity::Error, &m, style),
            };
            eprintln!("{}", text.trim_end());
            ExitCode::from(1)
        }
    }
}

/// Colour on stderr only for a terminal, and never under `NO_COLOR`.
fn stderr_style(arg: ColorArg) -> Style {
    match arg {
        ColorArg::Always => Style::Coloured,
        ColorArg::Never => Style::Plain,
        ColorArg::Auto => {
            let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            if std::io::stderr().is_terminal() && !no_color {
                Style::Coloured
            } else {
                Style::Plain
            }
        }
    }
}

fn notation(n: NotationArg) -> Notation {
    match n {
        NotationArg::Native => Notation::Native,
        NotationArg::Usi => Notation::Usi,
    }
}

fn load_position(a: &PositionArgs) -> Result<Position, Failure> {
    let rules = load_variant(&a.variant, &a.options)?;
    let mut pos = match (&a.position, &a.sfen) {
        (Some(text), _) => Position::from_text(rules, text)?,
        (None, Some(sfen)) => Position::from_sfen(rules, sfen)?,
        (None, None) => Position::start(rules),
    };
    for m in &a.moves {
        let mv = parse_move(&pos, m)?;
        pos.play(&mv);
    }
    Ok(pos)
}

fn print_json(value: &serde_json::Value) {
    outln!("{}", serde_json::to_string_pretty(value).unwrap_or_default());
}

fn run(cli: Cli, style: Style) -> Result<ExitCode, Failure> {
    match cli.command {
        Command::Validate { files, list, format } => validate(&files, list, format, style),
        Command::Perft {
            pos,
            depth,
            divide: div,
            convention,
            notation: nota,
            format,
        } => {
            let mut p = load_position(&pos)?;
            let conv = convention.convention();
            if div {
                let mut rows: Vec<(String, u64)> = Vec::new();
                let snapshot = p.clone();
                for (m, n) in divide(&mut p, depth, conv) {
                    rows.push((write_move(&snapshot, &m, notation(nota)), n));
                }
                rows.sort();
                if format == FormatArg::Json {
                    print_json(&json::divide(&snapshot, convention.name(), depth, &rows));
                    return Ok(ExitCode::SUCCESS);
                }
                let total: u64 = rows.iter().map(|r| r.1).sum();
                for (m, n) in &rows {
                    outln!("{m}\t{n}");
                }
                outln!();
                outln!("moves\t{}", rows.len());
                outln!("total\t{total}");
            } else if format == FormatArg::Json {
                let counts: Vec<(u32, u64)> = (1..=depth).map(|d| (d, perft(&mut p, d, conv))).collect();
                print_json(&json::perft(&p, convention.name(), &counts));
            } else {
                for d in 1..=depth {
                    outln!("{d}\t{}", perft(&mut p, d, conv));
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Moves {
            pos,
            notation: nota,
            format,
        } => {
            let p = load_position(&pos)?;
            let mut moves: Vec<Move> = Vec::new();
            legal_moves(&p, &mut moves);
            let mut texts: Vec<String> = moves.iter().map(|m| write_move(&p, m, notation(nota))).collect();
            texts.sort();
            if format == FormatArg::Json {
                print_json(&json::moves(&p, &texts));
                return Ok(ExitCode::SUCCESS);
            }
            for t in &texts {
                outln!("{t}");
            }
            let rules = p.rules();
            match p.outcome() {
                Some(o) => eprintln!("game over: {}", render::outcome_text(rules, &o)),
                None if moves.is_empty() => {
                    eprintln!("no legal moves: {}", render::outcome_text(rules, &p.no_moves_outcome()))
                }
                None => eprintln!("{} legal moves for {}", moves.len(), p.side_to_move()),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Show { pos } => {
            let p = load_position(&pos)?;
            out!("{}", render::board::board_text(&p));
            outln!("to move: {}", p.side_to_move());
            outln!("position: {}", p.to_text());
            if let Some(s) = p.to_sfen() {
                outln!("sfen: {s}");
            }
            if let Some(o) = p.result() {
                outln!("game over: {}", render::outcome_text(p.rules(), &o));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Diagram {
            variant,
            piece,
            square,
            white,
            radius,
            numbered,
            svg,
            options,
        } => {
            let rules = load_variant(&variant, &options)?;
            let ty = find_piece(&rules, &piece)?;
            let geo = &rules.geometry;
            let sq = match square {
                Some(s) => geo.parse_square(&s).ok_or_else(|| {
                    fail(format!(
                        "`{s}` is not a square of this {}x{} board",
                        geo.width, geo.height
                    ))
                })?,
                None => geo
                    .square((geo.width as i32 - 1) / 2, (geo.height as i32 - 1) / 2)
                    .unwrap_or(0),
            };
            let colour = if white { Colour::White } else { Colour::Black };
            let map = gunbai::diagram::move_map(&rules, ty, colour, sq);
            if let Some(path) = &svg {
                let picture = render::svg::move_map_svg(&rules, ty, colour, &map, radius);
                if path.as_os_str() == "-" {
                    out!("{picture}");
                    return Ok(ExitCode::SUCCESS);
                }
                write_file(path, &picture)?;
                eprintln!("wrote {}", path.display());
            }
            let kind = rules.kind_of(ty);
            outln!(
                "{} ({}) from {}, {}:",
                kind.id,
                rules.types[usize::from(ty)].code,
                geo.square_name(sq),
                colour
            );
            out!("{}", map.render_with(&rules, colour, radius, numbered));
            outln!("{} move paths on an empty board", map.paths);
            Ok(ExitCode::SUCCESS)
        }
        Command::Book { variant, out, options } => {
            let rules = load_variant(&variant, &options)?;
            let dir = out.unwrap_or_else(|| PathBuf::from(format!("book-{}", rules.id)));
            std::fs::create_dir_all(&dir).map_err(|e| fail(format!("cannot create `{}`: {e}", dir.display())))?;
            let path = dir.join("index.html");
            write_file(&path, &render::book::book_html(&rules))?;
            outln!("wrote {} ({} piece kinds)", path.display(), rules.kinds.len());
            Ok(ExitCode::SUCCESS)
        }
        Command::Snapshot {
            variant,
            positions,
            out,
            check,
            options,
        } => {
            let rules = load_variant(&variant, &options)?;
            snapshots(&rules, &positions, &out, check, style)
        }
        Command::Bench {
            pos,
            depth,
            search_nodes,
        } => {
            let mut p = load_position(&pos)?;
            let start = Instant::now();
            let nodes = perft(&mut p, depth, Convention::Paths);
            let secs = start.elapsed().as_secs_f64();
            outln!(
                "perft({depth}) = {nodes} nodes in {secs:.3} s: {:.0} nodes/s",
                nodes as f64 / secs.max(1e-9)
            );
            let mut searcher = gunbai::search::Searcher::new(&p, 16);
            let limits = gunbai::search::Limits {
                nodes: Some(search_nodes),
                ..Default::default()
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
        Command::Xboard { variants } => {
            let specs: Vec<String> = if variants.is_empty() {
                gunbai::rules::bundled_names().iter().map(|s| s.to_string()).collect()
            } else {
                variants
            };
            let mut offered = Vec::new();
            for spec in specs {
                let rules = load_variant(&spec, &[])?;
                offered.push(gunbai::engine::xboard::Offered { spec, rules });
            }
            let name = format!("gunbai {}", env!("CARGO_PKG_VERSION"));
            let stdin = std::io::BufReader::new(std::io::stdin());
            gunbai::engine::xboard::run(stdin, &mut std::io::stdout(), offered, &name)
                .map_err(|e| fail(format!("xboard: {e}")))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Usi { variant } => {
            let rules = load_variant(&variant, &[])?;
            let stdin = std::io::BufReader::new(std::io::stdin());
            gunbai::engine::usi::run(stdin, &mut std::io::stdout(), rules).map_err(|e| fail(format!("usi: {e}")))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Match(args) => {
            let code = gunbai::engine::referee::run(&args).map_err(fail)?;
            Ok(ExitCode::from(code))
        }
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "gunbai", &mut script);
            out!("{}", String::from_utf8_lossy(&script));
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn validate(files: &[String], list: bool, format: FormatArg, style: Style) -> Result<ExitCode, Failure> {
    if list {
        for name in gunbai::rules::bundled_names() {
            outln!("{name}");
        }
        if files.is_empty() {
            return Ok(ExitCode::SUCCESS);
        }
    }
    if files.is_empty() {
        return Err(fail("give at least one rule file (or --list)"));
    }
    let mut failed = false;
    let mut found: Vec<serde_json::Value> = Vec::new();
    for f in files {
        let src = match variant_source(f) {
            Ok(src) => src,
            Err(e) => {
                failed = true;
                match format {
                    FormatArg::Json => found.push(json::file_error(f, &e.to_string())),
                    FormatArg::Text => eprintln!("{}", render_message(Severity::Error, &e.to_string(), style)),
                }
                continue;
            }
        };
        let report = match compile(&src, &[]) {
            Ok(c) => {
                if format == FormatArg::Text {
                    let r = &c.ruleset;
                    outln!(
                        "{}: ok: variant `{}`, {}x{} board, {} kinds, {} piece types, {} pieces in the setup, {} options",
                        src.name,
                        r.id,
                        r.geometry.width,
                        r.geometry.height,
                        r.kinds.len(),
                        r.types.len(),
                        r.setup.len(),
                        r.options.len()
                    );
                }
                c.warnings
            }
            Err(report) => {
                failed = true;
                report
            }
        };
        match format {
            FormatArg::Json => found.extend(json::diagnostics(&report)),
            FormatArg::Text if !report.diagnostics.is_empty() => eprintln!("{}", report.render(style)),
            FormatArg::Text => {}
        }
    }
    if format == FormatArg::Json {
        print_json(&serde_json::Value::Array(found));
    }
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// A piece type by code (`+P` for a promoted one), id or name.
fn find_piece(rules: &Ruleset, piece: &str) -> Result<TypeId, Failure> {
    rules
        .type_by_code(piece)
        .or_else(|| rules.find_kind(piece).map(|k| rules.unpromoted_type(k)))
        .ok_or_else(|| {
            let names: Vec<&str> = rules.kinds.iter().map(|k| k.id.as_str()).collect();
            let hint = gunbai::diagnostics::did_you_mean(piece, names.iter().copied())
                .map(|n| format!(" Did you mean `{n}`?"))
                .unwrap_or_default();
            fail(format!("unknown piece `{piece}` in variant `{}`.{hint}", rules.id))
        })
}

fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).map_err(|e| fail(format!("cannot write `{}`: {e}", path.display())))
}

/// Snapshot files in `dir` (`*.txt`), by file name, sorted.
fn snapshot_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| n.ends_with(".txt"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Marks the first line of every snapshot file, so that only files this
/// command wrote are ever removed.
const SNAPSHOT_MARK: &str = "# gunbai snapshot";

fn snapshots(
    rules: &Arc<Ruleset>,
    positions: &Path,
    dir: &Path,
    check: bool,
    style: Style,
) -> Result<ExitCode, Failure> {
    let text = std::fs::read_to_string(positions)
        .map_err(|e| fail(format!("cannot read positions file `{}`: {e}", positions.display())))?;
    let source = Source::new(positions.display().to_string(), text);
    let entries = snapshot::read_positions(rules, &source)?;
    if entries.is_empty() {
        return Err(fail(format!("`{}` has no positions", positions.display())));
    }
    let wanted: Vec<String> = entries.iter().map(|e| e.file_name()).collect();
    let extra: Vec<String> = snapshot_files(dir)
        .into_iter()
        .filter(|n| !wanted.contains(n))
        .collect();
    if !check {
        std::fs::create_dir_all(dir).map_err(|e| fail(format!("cannot create `{}`: {e}", dir.display())))?;
        let (mut new, mut changed) = (0, 0);
        for e in &entries {
            let path = dir.join(e.file_name());
            let fresh = snapshot::snapshot_text(e);
            match std::fs::read_to_string(&path) {
                Ok(old) if old == fresh => continue,
                Ok(_) => changed += 1,
                Err(_) => new += 1,
            }
            write_file(&path, &fresh)?;
        }
        let mut removed = 0;
        for name in &extra {
            let path = dir.join(name);
            let ours = std::fs::read_to_string(&path).is_ok_and(|t| t.starts_with(SNAPSHOT_MARK));
            if ours && std::fs::remove_file(&path).is_ok() {
                removed += 1;
            } else {
                let msg = format!("{} is not the snapshot of any position; left in place", path.display());
                eprintln!("{}", render_message(Severity::Warning, &msg, style));
            }
        }
        outln!(
            "wrote {} snapshots to {}: {new} new, {changed} changed, {removed} removed",
            entries.len(),
            dir.display()
        );
        return Ok(ExitCode::SUCCESS);
    }
    let (mut differ, mut missing) = (0, 0);
    for e in &entries {
        let path = dir.join(e.file_name());
        let fresh = snapshot::snapshot_text(e);
        let place = format!("{} (line {} of {})", path.display(), e.line, positions.display());
        match std::fs::read_to_string(&path) {
            Err(_) => {
                missing += 1;
                outln!("{place}: missing; run without --check to write it");
            }
            Ok(old) => {
                if let Some(diff) = snapshot::difference(&old, &fresh) {
                    differ += 1;
                    outln!("{place}: differs");
                    out!("{diff}");
                }
            }
        }
    }
    for name in &extra {
        outln!(
            "{}: extra; no position of {} has this name",
            dir.join(name).display(),
            positions.display()
        );
    }
    if differ + missing + extra.len() == 0 {
        outln!("{} snapshots match {}", entries.len(), dir.display());
        return Ok(ExitCode::SUCCESS);
    }
    let msg = format!(
        "snapshots do not match {}: {differ} of {} differ, {missing} missing, {} extra. If the change is intended, rerun without --check and commit the snapshots.",
        dir.display(),
        entries.len(),
        extra.len()
    );
    eprintln!("{}", render_message(Severity::Error, &msg, style));
    Ok(ExitCode::from(1))
}
