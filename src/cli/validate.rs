//! `gunbai validate`: check rule files, report every problem.

use super::{Failure, FormatArg, exit, fail, message, print_json};
use gunbai::unstable::compile::compile;
use gunbai::unstable::diagnostics::{Severity, Style};
use gunbai::unstable::render::json;
use gunbai::unstable::rules::variant_source;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "With --format json, stdout is one JSON array of every error and warning:\n  {file, severity, line, column, end_line, end_column, message, help}\n(columns count characters; the end is just after the span). The exit status is 1 if any rule file has an error, 2 if a file cannot be read\n(docs/cli.md).\n\nExamples:\n  gunbai validate rules/chu.toml\n  gunbai validate my_variant.toml other.toml\n  gunbai validate --format json my_variant.toml\n  gunbai validate --list"
)]
pub struct Args {
    /// Rule files to check: paths to .toml files, or bundled names.
    files: Vec<String>,
    /// List the bundled variants.
    #[arg(long)]
    list: bool,
    /// Output: text for people, json for scripts (shapes below and in docs/ci.md).
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
}

pub fn run(a: Args, style: Style) -> Result<ExitCode, Failure> {
    let Args { files, list, format } = a;
    if list {
        for name in gunbai::unstable::rules::bundled_names() {
            outln!("{name}");
        }
        if files.is_empty() {
            return Ok(ExitCode::SUCCESS);
        }
    }
    if files.is_empty() {
        return Err(fail("give at least one rule file (or --list)"));
    }
    // The worst outcome over all files: an unreadable file is bad input (2),
    // a rule file with errors is a problem found (1).
    let mut code = exit::SUCCESS;
    let mut found: Vec<serde_json::Value> = Vec::new();
    for f in &files {
        let src = match variant_source(f) {
            Ok(src) => src,
            Err(e) => {
                code = code.max(exit::BAD_INPUT);
                match format {
                    FormatArg::Json => found.push(json::file_error(f, &e.to_string())),
                    FormatArg::Text => message(Severity::Error, &e.to_string(), style),
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
                code = code.max(exit::PROBLEMS);
                report
            }
        };
        match format {
            FormatArg::Json => found.extend(json::diagnostics(&report)),
            FormatArg::Text if !report.diagnostics.is_empty() => super::report(&report, style),
            FormatArg::Text => {}
        }
    }
    if format == FormatArg::Json {
        print_json(&serde_json::Value::Array(found))?;
    }
    Ok(ExitCode::from(code))
}
