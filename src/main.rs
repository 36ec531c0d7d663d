//! The `gunbai` command line. `main` parses the arguments, hands them to the
//! subcommand (one module each under `cli/`) and turns the outcome into an
//! exit status; failures are reported here and nowhere else.

mod cli;

use clap::Parser as _;
use gunbai::diagnostics::{Severity, render_message};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    let style = cli::stderr_style(args.color);
    let text = match cli::run(args.command, style) {
        Ok(code) => return code,
        // A closed stdout (e.g. piped into `head`) ends the program quietly.
        Err(cli::Failure::Write(_)) => return ExitCode::SUCCESS,
        Err(cli::Failure::Report(r)) => r.render(style),
        Err(cli::Failure::Message(m)) => render_message(Severity::Error, &m, style),
    };
    eprintln!("{}", text.trim_end());
    ExitCode::from(1)
}
