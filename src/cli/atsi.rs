//! `gunbai atsi`: the ATSI v0 engine protocol on stdin/stdout.

use super::Failure;
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::rules::load_variant;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "Positions are TSFEN, moves ATSI's `START [STEP...] END`. See docs/atsi.md.\n\nExamples:\n  gunbai atsi taikyoku\n  websocat -s 8080 sh-c:'gunbai atsi taikyoku'"
)]
pub struct Args {
    /// A variant whose rule file has a [tsfen] table.
    variant: String,
    /// Set a rule option: NAME=VALUE (`gunbai options VARIANT` lists them); the flag may repeat.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<OptionOverride>,
    /// Use a named preset of the rule file (`gunbai options VARIANT` lists them); `--option`s win over it.
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let rules = load_variant(
        &a.variant,
        &OptionOverride::with_preset(a.preset.as_deref(), &a.options),
    )?;
    if rules.tsfen.tsg.is_none() && rules.tsfen.jh85.is_none() {
        return Err(Failure::Message(format!(
            "variant `{}` has no TSFEN form ([tsfen] in its rule file), so it cannot speak ATSI; use `gunbai xboard`",
            rules.id
        )));
    }
    let stdin = std::io::BufReader::new(std::io::stdin());
    gunbai::unstable::engine::atsi::run(
        stdin,
        &mut super::stdout::Stdout,
        rules,
        gunbai::unstable::engine::clock::Caps::default(),
    )
    .map_err(Failure::Write)?;
    Ok(ExitCode::SUCCESS)
}
