//! `gunbai import-fsf`: a Fairy-Stockfish variants.ini section as a gunbai
//! rule file (the library's `fsf` module does the work), or the list of
//! the file's sections.

use super::{Failure, files};
use gunbai::unstable::diagnostics::{Source, Style};
use gunbai::unstable::fsf;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "Without NAME, lists the file's sections (`name` or `name:parent`, with the line).\nWith NAME, writes that section as a gunbai rule file: to stdout, or to --out FILE\n(atomically; a FILE that import-fsf did not write is refused unless --force). A\nsection may inherit from an earlier section or from Fairy-Stockfish's built-in shogi\nvariants. What gunbai cannot express is an error naming the key and its line (exit 2);\nwhat it converts approximately is a warning. docs/import-fsf.md lists both.\n\nExamples:\n  gunbai import-fsf variants.ini\n  gunbai import-fsf variants.ini cannonshogi\n  gunbai import-fsf variants.ini mygame --out mygame.toml"
)]
pub struct Args {
    /// A Fairy-Stockfish variants.ini.
    file: PathBuf,
    /// The section to convert; without it, the sections are listed.
    name: Option<String>,
    /// Write the rule file here instead of stdout.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Replace --out FILE even if import-fsf did not write it.
    #[arg(long)]
    force: bool,
}

pub fn run(a: Args, style: Style) -> Result<ExitCode, Failure> {
    let limit = gunbai::unstable::rules::MAX_FILE_BYTES as usize;
    let display = a.file.display().to_string();
    let text = match files::read_text(&a.file, limit) {
        Ok(Some(t)) => t,
        Ok(None) => {
            return Err(Failure::Message(format!(
                "cannot read `{display}`: larger than {} MiB or not UTF-8 text",
                limit >> 20
            )));
        }
        Err(_) => {
            return Err(Failure::Message(format!(
                "cannot read `{display}`: no such readable file"
            )));
        }
    };
    let source = Source::new(display, text);
    let Some(name) = a.name else {
        for s in fsf::sections(&source)? {
            match s.parent {
                Some(p) => outln!("{}:{}\tline {}", s.name, p, s.line),
                None => outln!("{}\tline {}", s.name, s.line),
            }
        }
        return Ok(ExitCode::SUCCESS);
    };
    let converted = fsf::convert(&source, &name)?;
    if !converted.warnings.diagnostics.is_empty() {
        super::report(&converted.warnings, style);
    }
    match a.out {
        None => out!("{}", converted.text),
        Some(path) => {
            let mode = files::mode_for(&path, a.force, |p| {
                let start = files::head(p, fsf::MARK.len())?;
                Ok(start == fsf::MARK.as_bytes())
            })?;
            files::write_atomic(&path, &converted.text, mode)?;
            note!("wrote {} (variant `{}`)", path.display(), converted.id);
        }
    }
    Ok(ExitCode::SUCCESS)
}
