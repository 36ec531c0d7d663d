//! `gunbai validate`: check rule files, report every problem.

use super::{Failure, FormatArg, fail, print_json};
use gunbai::compile::compile;
use gunbai::diagnostics::{Severity, Style, render_message};
use gunbai::render::json;
use gunbai::rules::variant_source;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "With --format json, stdout is one JSON array of every error and warning:\n  {file, severity, line, column, end_line, end_column, message, help}\n(columns count characters; the end is just after the span). The exit status is 1 if any file has an error.\n\nExamples:\n  gunbai validate rules/chu.toml\n  gunbai validate my_variant.toml other.toml\n  gunbai validate --format json my_variant.toml\n  gunbai validate --list"
)]
pub struct Args {
    files: Vec<String>,
    /// List the bundled variants.
    #[arg(long)]
    list: bool,
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
}

pub fn run(a: Args, style: Style) -> Result<ExitCode, Failure> {
    let Args { files, list, format } = a;
    if list {
        for name in gunbai::rules::bundled_names() {
            outln!("{name}");
        }
        if files.is_empty() {
            return Ok(ExitCode::SUCCESS);
        }
    }
    if files.is_empty() {
        return Err(fail("give at least one rule file (or --list)"));
    }
    let mut failed = false;
    let mut found: Vec<serde_json::Value> = Vec::new();
    for f in &files {
        let src = match variant_source(f) {
            Ok(src) => src,
            Err(e) => {
                failed = true;
                match format {
                    FormatArg::Json => found.push(json::file_error(f, &e.to_string())),
                    FormatArg::Text => eprintln!("{}", render_message(Severity::Error, &e.to_string(), style)),
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
                failed = true;
                report
            }
        };
        match format {
            FormatArg::Json => found.extend(json::diagnostics(&report)),
            FormatArg::Text if !report.diagnostics.is_empty() => eprintln!("{}", report.render(style)),
            FormatArg::Text => {}
        }
    }
    if format == FormatArg::Json {
        print_json(&serde_json::Value::Array(found))?;
    }
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}
