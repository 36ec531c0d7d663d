//! Writing output files safely. Every file the program writes goes through
//! [`write_atomic`]: a temporary file in the same directory, then a rename,
//! so a crash or kill never leaves a truncated file. [`existing`] says what
//! is already at a path without following a symbolic link, so that callers
//! refuse to replace what they did not write (unless `--force`) and never
//! write through a link to a place outside their directory.

use super::Failure;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// What is at a path that is about to be written.
pub enum Existing {
    /// Nothing.
    Absent,
    /// A regular file, with its text (None when it is not UTF-8).
    File(Option<String>),
    /// Something gunbai never replaces without `--force`: a symbolic link,
    /// a directory, a device.
    Other(&'static str),
}

/// What is at `path`, never following a symbolic link.
pub fn existing(path: &Path) -> Result<Existing, Failure> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Existing::Absent),
        Err(e) => return Err(Failure::Output(format!("cannot inspect `{}`: {e}", path.display()))),
    };
    if meta.file_type().is_symlink() {
        return Ok(Existing::Other("a symbolic link"));
    }
    if !meta.is_file() {
        return Ok(Existing::Other("not a regular file"));
    }
    let bytes = std::fs::read(path).map_err(|e| Failure::Output(format!("cannot read `{}`: {e}", path.display())))?;
    Ok(Existing::File(String::from_utf8(bytes).ok()))
}

/// Writes `text` to `path` atomically: into a new temporary file beside it
/// (created exclusively, so a planted link is never followed), flushed to
/// disk, then renamed over `path`. A link at `path` itself is replaced,
/// never written through.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), Failure> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let fail = |e: std::io::Error| Failure::Output(format!("cannot write `{}`: {e}", path.display()));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let temp = dir.join(format!(
        ".{name}.{}-{}.gunbai-tmp",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .and_then(|mut f| {
            f.write_all(text.as_bytes())?;
            f.sync_all()
        })
        .and_then(|()| std::fs::rename(&temp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(fail(e));
    }
    Ok(())
}

/// The same file, judged by canonical paths (false when either is absent).
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The error for files that are there and not ours, listing them all.
pub fn refuse(what: &str, conflicts: &[String]) -> Failure {
    Failure::Message(format!(
        "refusing to replace {} that gunbai did not write:\n  {}\nMove them away, or pass --force to replace them.",
        what,
        conflicts.join("\n  ")
    ))
}
