//! `gunbai show`: print a position.

use super::{Failure, PositionArgs};
use gunbai::render;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  gunbai show chu\n  gunbai show chu --moves f4-f5")]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let p = a.pos.load()?;
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
