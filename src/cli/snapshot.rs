//! `gunbai snapshot`: write or check one snapshot file per position.

use super::files::{self, Existing, Mode};
use super::{Failure, exit, fail, message};
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::diagnostics::{Severity, Source, Style};
use gunbai::unstable::render::snapshot;
use gunbai::unstable::rules::load_variant;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "The positions file has one position per line: native position text, or `sfen ` and an\nSFEN. `name: ` before a position names it; otherwise its line number does. Lines starting\nwith `#` and blank lines are skipped.\n\nWithout --check, writes DIR/<name>.txt for every position, and a manifest\nDIR/.gunbai-snapshots.<variant>.<positions file stem> listing them. It only ever replaces or\nremoves files that the manifest of the same variant and positions file lists: any other\nfile in the way is refused (exit 2) unless --force; the inputs and the files of another\nset's manifest never; links are never followed. With --check, writes nothing: it compares with DIR and exits 1 with the moves\nadded and removed per position, and missing or extra files.\nSee docs/ci.md for the CI recipe.\n\nExamples:\n  gunbai snapshot chu tests/data/chu_positions.txt --out chu-snapshots\n  gunbai snapshot taikyoku tests/data/taikyoku_positions.txt --out tests/move-snapshots/taikyoku --check\n  gunbai snapshot my_variant.toml positions.txt --out snapshots --option repetition=xboard"
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
    /// Set a rule option: NAME=VALUE (`gunbai options VARIANT` lists them); the flag may repeat.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<OptionOverride>,
    /// Use a named preset of the rule file (`gunbai options VARIANT` lists them); `--option`s win over it.
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
}

/// The set of snapshots one run writes: one variant and one positions file.
/// Its manifest in DIR names that owner and lists the files it wrote; only
/// those are ever replaced without `--force` or removed, and a file another
/// set's manifest lists is never touched, even with `--force`.
struct Manifest {
    /// The manifest's path: `DIR/.gunbai-snapshots.<variant>.<positions file stem>`.
    path: PathBuf,
    /// The owner, as the manifest's `variant` and `positions` lines say it.
    owner: Owner,
}

/// Who a manifest belongs to: the variant's id and the positions file's
/// path seen from DIR (so that it holds wherever the checkout is and
/// whatever directory gunbai runs in).
#[derive(Clone, PartialEq, Eq)]
struct Owner {
    variant: String,
    positions: String,
}

impl std::fmt::Display for Owner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "variant `{}`, positions file `{}`", self.variant, self.positions)
    }
}

/// A stored manifest: its text, owner and the file names it lists.
struct Stored {
    path: PathBuf,
    text: String,
    owner: Option<Owner>,
    names: Vec<String>,
}

const MANIFEST_HEAD: &str =
    "# gunbai snapshot manifest: the files this set wrote; gunbai replaces and removes only these";
/// The start of every manifest's file name.
const MANIFEST_PREFIX: &str = ".gunbai-snapshots.";
/// The most of a manifest or snapshot file read: far above any real one.
const MAX_READ: usize = 64 << 20;

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
            path: dir.join(format!("{MANIFEST_PREFIX}{}.{}", clean(variant), clean(&stem))),
            owner: Owner {
                variant: variant.to_string(),
                positions: seen_from(dir, positions),
            },
        }
    }

    /// The manifest's text for these file names.
    fn text(&self, names: &[String]) -> String {
        let mut out = format!(
            "{MANIFEST_HEAD}\nvariant {}\npositions {}\n",
            self.owner.variant, self.owner.positions
        );
        for n in names {
            out.push_str("file ");
            out.push_str(n);
            out.push('\n');
        }
        out
    }

    /// The stored manifest of this set, or None when there is none. A
    /// manifest that is not one (a link, another format) or that belongs to
    /// another set (a positions file of the same stem elsewhere) is an error.
    fn read(&self) -> Result<Option<Stored>, Failure> {
        let Some(stored) = read_manifest(&self.path)? else {
            return Ok(None);
        };
        match &stored.owner {
            Some(owner) if *owner == self.owner => Ok(Some(stored)),
            other => Err(fail(format!(
                "`{}` is the manifest of another set of snapshots ({}), not of this one ({}); gunbai does not touch another set's snapshots, even with --force.\nGive this set another --out DIR or rename its positions file; if that positions file was moved, remove the manifest.",
                self.path.display(),
                other
                    .as_ref()
                    .map_or_else(|| "owner not recorded".to_string(), Owner::to_string),
                self.owner
            ))),
        }
    }

    /// Every file that the other sets' manifests in `dir` list, with the
    /// manifest that lists it.
    fn others(&self, dir: &Path) -> Result<Vec<(String, PathBuf)>, Failure> {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Ok(Vec::new());
        };
        let mut listed = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            let is_manifest = entry
                .file_name()
                .to_str()
                .is_some_and(|n| n.starts_with(MANIFEST_PREFIX));
            if !is_manifest || path == self.path {
                continue;
            }
            // A manifest gunbai cannot read owns nothing it can name.
            if let Ok(Some(stored)) = read_manifest(&path) {
                listed.extend(stored.names.into_iter().map(|n| (n, stored.path.clone())));
            }
        }
        Ok(listed)
    }
}

/// The manifest at `path`, or None when there is none.
fn read_manifest(path: &Path) -> Result<Option<Stored>, Failure> {
    let shown = || vec![path.display().to_string()];
    let text = match files::existing(path)? {
        Existing::Absent => return Ok(None),
        Existing::File => match files::read_text(path, MAX_READ)? {
            Some(t) if t.starts_with(MANIFEST_HEAD) => t,
            _ => return Err(files::refuse("a file", &shown())),
        },
        Existing::Other(what) => return Err(files::refuse(what, &shown())),
    };
    let field = |key: &str| text.lines().find_map(|l| l.strip_prefix(key)).map(str::to_string);
    let owner = match (field("variant "), field("positions ")) {
        (Some(variant), Some(positions)) => Some(Owner { variant, positions }),
        _ => None,
    };
    let names = text
        .lines()
        .filter_map(|l| l.strip_prefix("file "))
        .filter(|n| snapshot_name(n))
        .map(str::to_string)
        .collect();
    Ok(Some(Stored {
        path: path.to_path_buf(),
        text,
        owner,
        names,
    }))
}

/// `file`'s path relative to `dir` (`../data/positions.txt`), both made
/// absolute with links resolved; `dir` need not exist yet.
fn seen_from(dir: &Path, file: &Path) -> String {
    let file = file.canonicalize().unwrap_or_else(|_| file.to_path_buf());
    let dir = canonical_dir(dir);
    let (f, d): (Vec<_>, Vec<_>) = (file.components().collect(), dir.components().collect());
    let common = f.iter().zip(&d).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_string(); d.len() - common];
    parts.extend(f[common..].iter().map(|c| c.as_os_str().to_string_lossy().into_owned()));
    parts.join("/")
}

/// `dir` made absolute with links resolved, through its nearest existing
/// ancestor when it does not exist yet.
fn canonical_dir(dir: &Path) -> PathBuf {
    let mut missing = Vec::new();
    let mut at = dir.to_path_buf();
    loop {
        let probe = if at.as_os_str().is_empty() { Path::new(".") } else { &at };
        if let Ok(found) = probe.canonicalize() {
            return missing.iter().rev().fold(found, |p: PathBuf, n| p.join(n));
        }
        match at.file_name() {
            Some(name) => {
                missing.push(name.to_os_string());
                at.pop();
            }
            None => return dir.to_path_buf(),
        }
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
    let rules = load_variant(
        &a.variant,
        &OptionOverride::with_preset(a.preset.as_deref(), &a.options),
    )?;
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
    let listed: Vec<String> = stored.as_ref().map(|s| s.names.clone()).unwrap_or_default();
    let wanted: Vec<String> = entries.iter().map(|e| e.file_name()).collect();
    let extra: Vec<String> = listed.iter().filter(|n| !wanted.contains(n)).cloned().collect();
    // Files another set's manifest lists are that set's: never touched.
    let others = manifest.others(dir)?;
    let foreign: Vec<String> = others
        .iter()
        .filter(|(name, _)| wanted.contains(name))
        .map(|(name, owner)| format!("{} (listed by {})", dir.join(name).display(), owner.display()))
        .collect();
    if !foreign.is_empty() {
        return Err(fail(format!(
            "positions of this set would replace snapshots of another set in {}:\n  {}\nRename the positions (`name: ` before each) or give this set another --out DIR.",
            dir.display(),
            foreign.join("\n  ")
        )));
    }
    if a.check {
        return check(
            &entries,
            positions,
            dir,
            &manifest,
            stored.map(|s| s.text),
            &extra,
            style,
        );
    }
    // The inputs are never written or removed, with or without --force.
    let inputs: Vec<PathBuf> = std::iter::once(positions.clone())
        .chain(Some(PathBuf::from(&a.variant)).filter(|p| p.is_file()))
        .collect();
    let is_input = |path: &Path| inputs.iter().any(|i| files::same_file(i, path));
    let mut writes: Vec<(PathBuf, String, Mode)> = Vec::new();
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
                writes.push((path, fresh, Mode::Create));
                continue;
            }
            Existing::File if files::read_text(&path, fresh.len())?.as_deref() == Some(fresh.as_str()) => continue,
            Existing::File if ours => {
                writes.push((path, fresh, Mode::Replace));
                continue;
            }
            Existing::File => path.display().to_string(),
            Existing::Other(what) => format!("{} ({what})", path.display()),
        };
        conflicts.push(conflict);
        writes.push((path, fresh, Mode::Replace));
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
    let new = writes.iter().filter(|w| w.2 == Mode::Create).count();
    let changed = writes.len() - new;
    for (path, text, mode) in &writes {
        files::write_atomic(path, text, *mode)?;
    }
    let manifest_mode = if stored.is_some() { Mode::Replace } else { Mode::Create };
    files::write_atomic(&manifest.path, &manifest.text(&wanted), manifest_mode)?;
    let mut removed = 0;
    for name in &extra {
        let path = dir.join(name);
        if is_input(&path) {
            let msg = format!("{} is an input of this run; left in place", path.display());
            message(Severity::Warning, &msg, style);
            continue;
        }
        match files::existing(&path)? {
            Existing::File => {
                std::fs::remove_file(&path)
                    .map_err(|e| Failure::Output(format!("cannot remove `{}`: {e}", path.display())))?;
                removed += 1;
            }
            Existing::Absent => {}
            Existing::Other(_) => {
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
            Existing::File => match files::read_text(&path, MAX_READ)? {
                Some(old) => {
                    if let Some(diff) = snapshot::difference(&old, &fresh) {
                        differ += 1;
                        outln!("{place}: differs");
                        out!("{diff}");
                    }
                }
                None => {
                    differ += 1;
                    outln!("{place}: differs; it is not UTF-8 text or is over {MAX_READ} bytes");
                }
            },
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
