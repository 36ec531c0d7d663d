//! `gunbai usi`: the USI engine protocol on stdin/stdout.

use super::Failure;
use gunbai::unstable::rules::load_variant;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "Positions and moves use lishogi's SFEN and USI forms. See docs/engine.md.\n\nExample:\n  gunbai usi chu"
)]
pub struct Args {
    /// A variant whose rule file has an [sfen] table.
    variant: String,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let rules = load_variant(&a.variant, &[])?;
    if rules.sfen.is_none() {
        return Err(Failure::Message(format!(
            "variant `{}` has no SFEN form ([sfen] in its rule file), so it cannot speak USI; use `gunbai xboard`",
            rules.id
        )));
    }
    let stdin = std::io::BufReader::new(std::io::stdin());
    gunbai::unstable::engine::usi::run(
        stdin,
        &mut super::stdout::Stdout,
        rules,
        gunbai::unstable::engine::clock::Caps::default(),
    )
    .map_err(Failure::Write)?;
    Ok(ExitCode::SUCCESS)
}
