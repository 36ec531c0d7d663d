//! The `gunbai` command line. `main` parses the arguments, hands them to the
//! subcommand (one module each under `cli/`) and turns the outcome into an
//! exit status (the codes are in `cli::exit` and docs/cli.md); failures,
//! including a failed write to stdout, are reported here and nowhere else.

mod cli;

use clap::Parser as _;
use cli::exit;
use std::io::Write as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let json = cli::wants_json(&argv);
    let args = match cli::Cli::try_parse_from(&argv) {
        Ok(args) => args,
        Err(e) => return ExitCode::from(bad_invocation(&e, &argv, json)),
    };
    let style = cli::stderr_style(args.color);
    let limit = usize::try_from(args.move_budget).unwrap_or(usize::MAX);
    if let Err(e) = gunbai::unstable::movegen::set_move_limit(limit) {
        return ExitCode::from(cli::report_failure(cli::fail(e), style, json));
    }
    cli::set_quiet(args.quiet);
    let result = cli::run(args.command, style).and_then(|code| {
        // Text still in stdout's buffer may fail to be written too.
        cli::stdout::Stdout.flush().map_err(cli::Failure::Write)?;
        Ok(code)
    });
    match result {
        Ok(code) => code,
        Err(failure) => ExitCode::from(cli::report_failure(failure, style, json)),
    }
}

/// Help and version go to stdout (exit 0, or 3 if that fails), coloured
/// only on a terminal; a usage error goes to stderr, plain and
/// terminal-safe (it quotes the arguments), or to stdout as JSON, with
/// exit 2.
fn bad_invocation(e: &clap::Error, argv: &[std::ffi::OsString], json: bool) -> u8 {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let written = cli::stdout::check()
            .and_then(|()| e.print())
            .and_then(|()| std::io::stdout().flush());
        return match written {
            Ok(()) => exit::SUCCESS,
            Err(e) => cli::report_failure(
                cli::Failure::Write(e),
                gunbai::unstable::diagnostics::Style::Plain,
                false,
            ),
        };
    }
    let text = e.render().to_string();
    if json {
        let value = cli::json_failure(exit::BAD_INPUT, text.trim_end(), Vec::new());
        if cli::print_json(&value).is_ok() {
            return exit::BAD_INPUT;
        }
    }
    cli::say(format_args!("{}", text.trim_end()));
    if e.kind() == ErrorKind::UnknownArgument && argv.iter().any(|a| a == "--moves") {
        cli::say(format_args!(
            "  tip: --moves takes one value: quote a list of moves, as in --moves 'f4-f5 g9-g8'"
        ));
    }
    exit::BAD_INPUT
}
