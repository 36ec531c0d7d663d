//! Writing output files safely. Every file the program writes goes through
//! [`write_atomic`]: a temporary file in the same directory, then a rename
//! (to replace) or a hard link (to create, which fails if something
//! appeared at the path meanwhile), so a crash or kill never leaves a
//! truncated file and nothing is replaced that was not judged replaceable.
//! [`existing`] says what is already at a path without following a symbolic
//! link and without reading it; [`head`] and [`read_text`] read a bounded
//! part of a file, so that callers refuse to replace what they did not write
//! (unless `--force`) and never write through a link to a place outside
//! their directory.

use super::Failure;
use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// What is at a path that is about to be written.
pub enum Existing {
    /// Nothing.
    Absent,
    /// A regular file.
    File,
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
    Ok(Existing::File)
}

/// At most the first `n` bytes of the file at `path`.
pub fn head(path: &Path, n: usize) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::with_capacity(n.min(1 << 16));
    std::fs::File::open(path)
        .and_then(|f| f.take(n as u64).read_to_end(&mut bytes))
        .map_err(|e| Failure::Output(format!("cannot read `{}`: {e}", path.display())))?;
    Ok(bytes)
}

/// The text of the file at `path`, or None when it is not UTF-8 or longer
/// than `limit` bytes (then at most `limit + 1` bytes were read).
pub fn read_text(path: &Path, limit: usize) -> Result<Option<String>, Failure> {
    let bytes = head(path, limit.saturating_add(1))?;
    if bytes.len() > limit {
        return Ok(None);
    }
    Ok(String::from_utf8(bytes).ok())
}

/// How [`write_atomic`] may treat a file already at its path.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The path was free: create the file, and refuse if something has
    /// appeared there since.
    Create,
    /// Replace what is there (judged ours, or `--force`, or named as the
    /// output explicitly).
    Replace,
}

/// The mode to write `path` in: [`Mode::Create`] when nothing is there,
/// [`Mode::Replace`] when a regular file is there and `ours` says gunbai
/// wrote it (or `force`); anything else is refused.
pub fn mode_for(path: &Path, force: bool, ours: impl FnOnce(&Path) -> Result<bool, Failure>) -> Result<Mode, Failure> {
    let replace = match existing(path)? {
        Existing::Absent => return Ok(Mode::Create),
        Existing::File => force || ours(path)?,
        Existing::Other(what) if !force => return Err(refuse(what, &[path.display().to_string()])),
        Existing::Other(_) => true,
    };
    if !replace {
        return Err(refuse("a file", &[path.display().to_string()]));
    }
    Ok(Mode::Replace)
}

/// Writes `text` to `path` atomically: into a new temporary file beside it
/// (created exclusively, so a planted link is never followed), flushed to
/// disk, then renamed over `path` ([`Mode::Replace`]) or linked to `path`,
/// which fails if anything is there ([`Mode::Create`]). A link at `path`
/// itself is replaced, never written through. When `Create` finds the path
/// taken, the temporary file is kept and the error names it, so the output
/// (a match record that took an hour) is not lost.
pub fn write_atomic(path: &Path, text: &str, mode: Mode) -> Result<(), Failure> {
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
        });
    let placed = written.and_then(|()| match mode {
        Mode::Replace => std::fs::rename(&temp, path),
        Mode::Create => create_from(&temp, path, text),
    });
    match placed {
        Ok(()) => Ok(()),
        Err(e) if mode == Mode::Create && e.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(Failure::Message(format!(
                "refusing to replace `{}`: it appeared while gunbai was working, and gunbai did not write it.\nThe output is kept in `{}`.",
                path.display(),
                temp.display()
            )))
        }
        Err(e) => {
            let _ = std::fs::remove_file(&temp);
            Err(fail(e))
        }
    }
}

/// Puts the written `temp` at `path` only if nothing is there: a hard link
/// (atomic, fails if the path is taken), then `temp` is removed. Where the
/// file system has no hard links, `path` is created exclusively and written
/// (not atomic, but still never replacing).
fn create_from(temp: &Path, path: &Path, text: &str) -> std::io::Result<()> {
    match std::fs::hard_link(temp, path) {
        Ok(()) => {
            let _ = std::fs::remove_file(temp);
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(e),
        Err(_) => {
            let mut f = std::fs::OpenOptions::new().write(true).create_new(true).open(path)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()?;
            let _ = std::fs::remove_file(temp);
            Ok(())
        }
    }
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
