//! `gunbai completions`: print a shell completion script.

use super::{Cli, Failure};
use clap::CommandFactory as _;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  gunbai completions bash > ~/.local/share/bash-completion/completions/gunbai\n  gunbai completions zsh > ~/.zfunc/_gunbai\n  gunbai completions fish > ~/.config/fish/completions/gunbai.fish"
)]
pub struct Args {
    /// The shell to complete for.
    shell: clap_complete::Shell,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let mut script = Vec::new();
    clap_complete::generate(a.shell, &mut Cli::command(), "gunbai", &mut script);
    out!("{}", String::from_utf8_lossy(&script));
    Ok(ExitCode::SUCCESS)
}
