//! `gunbai snapshot`: write or check one snapshot file per position.

use super::files::{self, Existing};
use super::{Failure, exit, fail, message};
use gunbai::compile::OptionOverride;
use gunbai::diagnostics::{Severity, Source, Style};
use gunbai::render::snapshot;
use gunbai::rules::load_variant;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "The positions file has one position per line: native position text, or `sfen ` and an\nSFEN. `name: ` before a position names it; otherwise its line number does. Lines starting\nwith `#` and blank lines are skipped.\n\nWithout --check, writes DIR/<name>.txt for every position, and a manifest\nDIR/.gunbai-snapshots.<variant>.<positions file stem> listing them. It only ever replaces or\nremoves files that the manifest of the same variant and positions file lists: any other\nfile in the way is refused (exit 2) unless --force; the inputs never; links are never\nfollowed. With --check, writes nothing: it compares with DIR and exits 1 with the moves\nadded and removed per position, and missing or extra files.\nSee docs/ci.md for the CI recipe.\n\nExamples:\n  gunbai snapshot chu tests/data/chu_positions.txt --out tests/move-snapshots/chu\n  gunbai snapshot chu tests/data/chu_positions.txt --out tests/move-snapshots/chu --check\n  gunbai snapshot my_variant.toml positions.txt --out snapshots --option repetition=xboard"
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
    /// Replace files in DIR that this set did not write (never the inputs).
    #[arg(long, conflicts_with = "check")]
    force: bool,
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<OptionOverride>,
}

/// The set of snapshots one run writes: one variant and one positions file.
/// Its manifest in DIR lists the files it wrote; only those are ever
/// replaced without `--force` or removed.
struct Manifest {
    /// The manifest's path: `DIR/.gunbai-snapshots.<variant>.<positions file stem>`.
    path: PathBuf,
    variant: String,
    positions: String,
}

const MANIFEST_HEAD: &str =
    "# gunbai snapshot manifest: the files this set wrote; gunbai replaces and removes only these";

impl Manifest {
    fn new(dir: &Path, variant: &str, positions: &Path) -> Manifest {
        let stem = positions
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let clean = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || matches!(c, '_' | '-') {
                        c
                    } else {
                        '_'
                    }
                })
                .collect()
        };
        Manifest {
            path: dir.join(format!(".gunbai-snapshots.{}.{}", clean(variant), clean(&stem))),
            variant: variant.to_string(),
            positions: positions
                .file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
        }
    }

    /// The manifest's text for these file names.
    fn text(&self, names: &[String]) -> String {
        let mut out = format!(
            "{MANIFEST_HEAD}\nvariant {}\npositions {}\n",
            self.variant, self.positions
        );
        for n in names {
            out.push_str("file ");
            out.push_str(n);
            out.push('\n');
        }
        out
    }

    /// The file names the stored manifest lists, or None when there is none.
    /// A manifest that is not ours (a link, another format) is an error.
    fn read(&self) -> Result<Option<(String, Vec<String>)>, Failure> {
        let text = match files::existing(&self.path)? {
            Existing::Absent => return Ok(None),
            Existing::File(Some(t)) if t.starts_with(MANIFEST_HEAD) => t,
            Existing::File(_) => return Err(files::refuse("a file", &[self.path.display().to_string()])),
            Existing::Other(what) => {
                return Err(files::refuse(what, &[self.path.display().to_string()]));
            }
        };
        let names = text
            .lines()
            .filter_map(|l| l.strip_prefix("file "))
            .filter(|n| snapshot_name(n))
            .map(str::to_string)
            .collect();
        Ok(Some((text, names)))
    }
}

/// A name a manifest may list: a snapshot file name in DIR itself, so that
/// an edited manifest cannot point elsewhere.
fn snapshot_name(name: &str) -> bool {
    name.ends_with(".txt")
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

pub fn run(a: Args, style: Style) -> Result<ExitCode, Failure> {
    let rules = load_variant(&a.variant, &a.options)?;
    let (positions, dir) = (&a.positions, &a.out);
    let text = std::fs::read_to_string(positions)
        .map_err(|e| fail(format!("cannot read positions file `{}`: {e}", positions.display())))?;
    let source = Source::new(positions.display().to_string(), text);
    let entries = snapshot::read_positions(&rules, &source)?;
    if entries.is_empty() {
        return Err(fail(format!("`{}` has no positions", positions.display())));
    }
    let manifest = Manifest::new(dir, &rules.id, positions);
    let stored = manifest.read()?;
    let listed: Vec<String> = stored.as_ref().map(|s| s.1.clone()).unwrap_or_default();
    let wanted: Vec<String> = entries.iter().map(|e| e.file_name()).collect();
    let extra: Vec<String> = listed.iter().filter(|n| !wanted.contains(n)).cloned().collect();
    if a.check {
        return check(&entries, positions, dir, &manifest, stored.map(|s| s.0), &extra, style);
    }
    // The inputs are never written or removed, with or without --force.
    let inputs: Vec<PathBuf> = std::iter::once(positions.clone())
        .chain(Some(PathBuf::from(&a.variant)).filter(|p| p.is_file()))
        .collect();
    let is_input = |path: &Path| inputs.iter().any(|i| files::same_file(i, path));
    let mut writes: Vec<(PathBuf, String, bool)> = Vec::new();
    let (mut conflicts, mut touches_input) = (Vec::new(), Vec::new());
    for e in &entries {
        let path = dir.join(e.file_name());
        let fresh = snapshot::snapshot_text(e).map_err(|err| fail(format!("{} (line {}): {err}", e.name, e.line)))?;
        let ours = listed.contains(&e.file_name());
        if is_input(&path) {
            touches_input.push(path.display().to_string());
            continue;
        }
        let conflict = match files::existing(&path)? {
            Existing::Absent => {
                writes.push((path, fresh, true));
                continue;
            }
            Existing::File(Some(old)) if old == fresh => continue,
            Existing::File(_) if ours => {
                writes.push((path, fresh, false));
                continue;
            }
            Existing::File(_) => path.display().to_string(),
            Existing::Other(what) => format!("{} ({what})", path.display()),
        };
        conflicts.push(conflict);
        writes.push((path, fresh, false));
    }
    if !touches_input.is_empty() {
        return Err(fail(format!(
            "the snapshot of a position would replace an input file:\n  {}\nRename the position (`name: ` before it) or choose another --out DIR.",
            touches_input.join("\n  ")
        )));
    }
    if !conflicts.is_empty() && !a.force {
        return Err(files::refuse("files", &conflicts));
    }
    std::fs::create_dir_all(dir).map_err(|e| Failure::Output(format!("cannot create `{}`: {e}", dir.display())))?;
    let new = writes.iter().filter(|w| w.2).count();
    let changed = writes.len() - new;
    for (path, text, _) in &writes {
        files::write_atomic(path, text)?;
    }
    files::write_atomic(&manifest.path, &manifest.text(&wanted))?;
    let mut removed = 0;
    for name in &extra {
        let path = dir.join(name);
        if is_input(&path) {
            let msg = format!("{} is an input of this run; left in place", path.display());
            message(Severity::Warning, &msg, style);
            continue;
        }
        match files::existing(&path)? {
            Existing::File(_) => {
                std::fs::remove_file(&path)
                    .map_err(|e| Failure::Output(format!("cannot remove `{}`: {e}", path.display())))?;
                removed += 1;
            }
            Existing::Absent => {}
            _ => {
                let msg = format!(
                    "{} was a snapshot of this set but is no longer a regular file; left in place",
                    path.display()
                );
                message(Severity::Warning, &msg, style);
            }
        }
    }
    outln!(
        "wrote {} snapshots to {}: {new} new, {changed} changed, {removed} removed",
        entries.len(),
        dir.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// `--check`: compare, write nothing, exit 1 on any difference.
fn check(
    entries: &[snapshot::Entry],
    positions: &Path,
    dir: &Path,
    manifest: &Manifest,
    stored: Option<String>,
    extra: &[String],
    style: Style,
) -> Result<ExitCode, Failure> {
    let (mut differ, mut missing) = (0, 0);
    for e in entries {
        let path = dir.join(e.file_name());
        let fresh = snapshot::snapshot_text(e).map_err(|err| fail(format!("{} (line {}): {err}", e.name, e.line)))?;
        let place = format!("{} (line {} of {})", path.display(), e.line, positions.display());
        match files::existing(&path)? {
            Existing::Absent => {
                missing += 1;
                outln!("{place}: missing; run without --check to write it");
            }
            Existing::File(Some(old)) => {
                if let Some(diff) = snapshot::difference(&old, &fresh) {
                    differ += 1;
                    outln!("{place}: differs");
                    out!("{diff}");
                }
            }
            Existing::File(None) => {
                differ += 1;
                outln!("{place}: differs; it is not UTF-8 text");
            }
            Existing::Other(what) => {
                differ += 1;
                outln!("{place}: differs; it is {what}");
            }
        }
    }
    for name in extra {
        outln!(
            "{}: extra; no position of {} has this name",
            dir.join(name).display(),
            positions.display()
        );
    }
    let wanted: Vec<String> = entries.iter().map(|e| e.file_name()).collect();
    let manifest_ok = stored.as_deref() == Some(manifest.text(&wanted).as_str());
    if !manifest_ok {
        let state = if stored.is_some() { "differs" } else { "missing" };
        outln!(
            "{}: {state} (the list of files this set wrote); run without --check to write it",
            manifest.path.display()
        );
    }
    if differ + missing + extra.len() == 0 && manifest_ok {
        outln!("{} snapshots match {}", entries.len(), dir.display());
        return Ok(ExitCode::SUCCESS);
    }
    let msg = format!(
        "snapshots do not match {}: {differ} of {} differ, {missing} missing, {} extra{}. If the change is intended, rerun without --check and commit the snapshots.",
        dir.display(),
        entries.len(),
        extra.len(),
        if manifest_ok { "" } else { ", manifest out of date" }
    );
    message(Severity::Error, &msg, style);
    Ok(ExitCode::from(exit::PROBLEMS))
}
