//! `gunbai usi`: the USI engine protocol on stdin/stdout.

use super::Failure;
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::rules::load_variant;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "Positions and moves use lishogi's SFEN and USI forms. See docs/engine.md.\n\nExamples:\n  gunbai usi chu\n  gunbai usi dobutsu --preset fsf"
)]
pub struct Args {
    /// A variant whose rule file has an [sfen] table.
    variant: String,
    /// Set a rule option: NAME=VALUE (`gunbai options VARIANT` lists them); the flag may repeat.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<OptionOverride>,
    /// Use a named preset of the rule file (`gunbai options VARIANT` lists them); `--option`s win over it.
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let overrides = OptionOverride::with_preset(a.preset.as_deref(), &a.options);
    let rules = load_variant(&a.variant, &overrides)?;
    if rules.sfen.is_none() {
        return Err(Failure::Message(format!(
            "variant `{}` has no SFEN form ([sfen] in its rule file), so it cannot speak USI; use `gunbai xboard`",
            rules.id
        )));
    }
    let stdin = std::io::BufReader::new(std::io::stdin());
    let start = gunbai::unstable::engine::usi::Start {
        spec: a.variant,
        overrides,
    };
    gunbai::unstable::engine::usi::run_from(
        stdin,
        &mut super::stdout::Stdout,
        rules,
        start,
        gunbai::unstable::engine::clock::Caps::default(),
    )
    .map_err(Failure::Write)?;
    Ok(ExitCode::SUCCESS)
}
