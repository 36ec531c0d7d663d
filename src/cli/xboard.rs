//! `gunbai xboard`: the XBoard/WinBoard engine protocol on stdin/stdout.

use super::Failure;
use gunbai::unstable::engine::clock::Caps;
use gunbai::unstable::engine::xboard::{self, Offered};
use gunbai::unstable::rules::{bundled_names, load_variant};
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "Variants are announced under XBoard's names where the rule file gives one\n(`xboard = ...`), else under their ids. Rule options are engine options.\nSee docs/engine.md.\n\nExamples:\n  gunbai xboard\n  gunbai xboard chu my_variant.toml\n  xboard -fcp 'gunbai xboard chu' -variant chu"
)]
pub struct Args {
    /// Bundled names or rule files (default: every bundled variant).
    variants: Vec<String>,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let specs: Vec<String> = if a.variants.is_empty() {
        bundled_names().iter().map(|s| s.to_string()).collect()
    } else {
        a.variants
    };
    let mut offered = Vec::new();
    for spec in specs {
        let rules = load_variant(&spec, &[])?;
        offered.push(Offered { spec, rules });
    }
    let name = format!("gunbai {}", env!("CARGO_PKG_VERSION"));
    let stdin = std::io::BufReader::new(std::io::stdin());
    xboard::run(stdin, &mut super::stdout::Stdout, offered, &name, Caps::default()).map_err(Failure::Write)?;
    Ok(ExitCode::SUCCESS)
}
