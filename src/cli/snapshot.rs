//! `gunbai snapshot`: write or check one snapshot file per position.

use super::{Failure, fail, write_file};
use gunbai::compile::OptionOverride;
use gunbai::diagnostics::{Severity, Source, Style, render_message};
use gunbai::render::snapshot;
use gunbai::rules::load_variant;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "The positions file has one position per line: native position text, or `sfen ` and an\nSFEN. `name: ` before a position names it; otherwise its line number does. Lines starting\nwith `#` and blank lines are skipped.\n\nWithout --check, writes DIR/<name>.txt for every position (and removes snapshot files\nof positions no longer listed). With --check, writes nothing: it compares with DIR and\nexits 1 with the moves added and removed per position, and missing or extra files.\nSee docs/ci.md for the CI recipe.\n\nExamples:\n  gunbai snapshot chu tests/data/chu_positions.txt --out tests/move-snapshots/chu\n  gunbai snapshot chu tests/data/chu_positions.txt --out tests/move-snapshots/chu --check\n  gunbai snapshot my_variant.toml positions.txt --out snapshots --option repetition=xboard"
)]
pub struct Args {
    /// Variant: a bundled name or a path to a .toml rule file.
    variant: String,
    /// The positions file.
    positions: PathBuf,
    /// The snapshot directory.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Compare with the snapshots in DIR instead of writing them.
    #[arg(long)]
    check: bool,
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<OptionOverride>,
}

/// Snapshot files in `dir` (`*.txt`), by file name, sorted.
fn snapshot_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| n.ends_with(".txt"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Marks the first line of every snapshot file, so that only files this
/// command wrote are ever removed.
const SNAPSHOT_MARK: &str = "# gunbai snapshot";

pub fn run(a: Args, style: Style) -> Result<ExitCode, Failure> {
    let rules = load_variant(&a.variant, &a.options)?;
    let (positions, dir, check) = (&a.positions, &a.out, a.check);
    let text = std::fs::read_to_string(positions)
        .map_err(|e| fail(format!("cannot read positions file `{}`: {e}", positions.display())))?;
    let source = Source::new(positions.display().to_string(), text);
    let entries = snapshot::read_positions(&rules, &source)?;
    if entries.is_empty() {
        return Err(fail(format!("`{}` has no positions", positions.display())));
    }
    let wanted: Vec<String> = entries.iter().map(|e| e.file_name()).collect();
    let extra: Vec<String> = snapshot_files(dir)
        .into_iter()
        .filter(|n| !wanted.contains(n))
        .collect();
    if !check {
        std::fs::create_dir_all(dir).map_err(|e| fail(format!("cannot create `{}`: {e}", dir.display())))?;
        let (mut new, mut changed) = (0, 0);
        for e in &entries {
            let path = dir.join(e.file_name());
            let fresh = snapshot::snapshot_text(e);
            match std::fs::read_to_string(&path) {
                Ok(old) if old == fresh => continue,
                Ok(_) => changed += 1,
                Err(_) => new += 1,
            }
            write_file(&path, &fresh)?;
        }
        let mut removed = 0;
        for name in &extra {
            let path = dir.join(name);
            let ours = std::fs::read_to_string(&path).is_ok_and(|t| t.starts_with(SNAPSHOT_MARK));
            if ours && std::fs::remove_file(&path).is_ok() {
                removed += 1;
            } else {
                let msg = format!("{} is not the snapshot of any position; left in place", path.display());
                eprintln!("{}", render_message(Severity::Warning, &msg, style));
            }
        }
        outln!(
            "wrote {} snapshots to {}: {new} new, {changed} changed, {removed} removed",
            entries.len(),
            dir.display()
        );
        return Ok(ExitCode::SUCCESS);
    }
    let (mut differ, mut missing) = (0, 0);
    for e in &entries {
        let path = dir.join(e.file_name());
        let fresh = snapshot::snapshot_text(e);
        let place = format!("{} (line {} of {})", path.display(), e.line, positions.display());
        match std::fs::read_to_string(&path) {
            Err(_) => {
                missing += 1;
                outln!("{place}: missing; run without --check to write it");
            }
            Ok(old) => {
                if let Some(diff) = snapshot::difference(&old, &fresh) {
                    differ += 1;
                    outln!("{place}: differs");
                    out!("{diff}");
                }
            }
        }
    }
    for name in &extra {
        outln!(
            "{}: extra; no position of {} has this name",
            dir.join(name).display(),
            positions.display()
        );
    }
    if differ + missing + extra.len() == 0 {
        outln!("{} snapshots match {}", entries.len(), dir.display());
        return Ok(ExitCode::SUCCESS);
    }
    let msg = format!(
        "snapshots do not match {}: {differ} of {} differ, {missing} missing, {} extra. If the change is intended, rerun without --check and commit the snapshots.",
        dir.display(),
        entries.len(),
        extra.len()
    );
    eprintln!("{}", render_message(Severity::Error, &msg, style));
    Ok(ExitCode::from(1))
}
