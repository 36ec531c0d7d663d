//! `gunbai show`: print a position, as text, JSON or an SVG picture.

use super::{Failure, FormatArg, PositionArgs, files, print_json};
use gunbai::unstable::position::TsfenDialect;
use gunbai::unstable::render::{self, json};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "With --format json: {variant, position, sfen, side_to_move, pieces: [{square, colour,\ncode, kind}], outcome}. --svg FILE also writes the board as an SVG picture (written\natomically; `-` prints the SVG instead of the text).\n\nExamples:\n  gunbai show chu\n  gunbai show chu --moves f4-f5\n  gunbai show chu --moves 'f4-f5 g9-g8' --svg board.svg\n  gunbai show ko --position '<TEXT>' --format json"
)]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
    /// Also write the board as an SVG picture to FILE (`-`: print the SVG instead).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Output: text for people, json for scripts (shapes below and in docs/ci.md).
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let (p, plies) = a.pos.load_counted(|_| {})?;
    if let Some(path) = &a.svg {
        let picture = render::svg::board_svg(p.rules(), &render::pieces(&p));
        if path.as_os_str() == "-" {
            out!("{picture}");
            return Ok(ExitCode::SUCCESS);
        }
        files::write_atomic(path, &picture, files::Mode::Replace)?;
        note!("wrote {}", path.display());
    }
    if a.format == FormatArg::Json {
        print_json(&json::position(&p))?;
        return Ok(ExitCode::SUCCESS);
    }
    out!("{}", render::board::board_text(&p));
    outln!("to move: {}", p.side_to_move());
    outln!("position: {}", p.to_text());
    if let Some(s) = p.to_sfen() {
        outln!("sfen: {s}");
    }
    for dialect in [TsfenDialect::Tsg, TsfenDialect::Jh85] {
        if let Some(s) = p.to_tsfen(dialect, plies) {
            outln!("tsfen {}: {s}", dialect.name());
        }
    }
    if let Some(o) = p.result() {
        outln!("game over: {}", render::outcome_text(p.rules(), &o));
    }
    Ok(ExitCode::SUCCESS)
}
