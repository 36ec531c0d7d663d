//! Standard output, the one door every byte gunbai prints passes: the
//! text macros (`outln!`, `out!`), JSON, help, and the engine protocols.
//!
//! A stdout closed by the caller (`gunbai perft chu 3 >&-`) must be a failed
//! write (exit 3), but Rust's runtime hides it: before `main` it opens
//! `/dev/null` on a closed descriptor 0, 1 or 2, and every write then
//! succeeds. So whether descriptor 1 was open is recorded earlier still, by
//! a function in the program's initialisation list, which the C runtime
//! runs before Rust's (ELF platforms; elsewhere nothing is recorded and a
//! closed stdout is not noticed). [`Stdout`] then refuses every write.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether descriptor 1 was closed when the process started.
static CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

/// The record, on the platforms whose executables have an `.init_array`.
#[cfg(any(
    target_os = "linux",
    target_os = "android",
    target_os = "freebsd",
    target_os = "netbsd",
    target_os = "openbsd",
    target_os = "dragonfly",
    target_os = "illumos",
    target_os = "solaris"
))]
mod record {
    use super::CLOSED_AT_START;
    use std::sync::atomic::Ordering;

    /// Records whether descriptor 1 is open. Duplicating it (to a
    /// descriptor of 3 or above, so 0 to 2 stay as they are) fails only if
    /// it is closed.
    extern "C" fn record_stdout() {
        use std::os::fd::AsFd as _;
        let open = std::io::stdout().as_fd().try_clone_to_owned().is_ok();
        CLOSED_AT_START.store(!open, Ordering::Relaxed);
    }

    // SAFETY: `.init_array` holds pointers to functions the C runtime
    // calls before `main`; `record_stdout` reads no argument, touches no
    // state Rust's runtime sets up, and cannot unwind.
    #[used]
    #[unsafe(link_section = ".init_array")]
    static RECORD_STDOUT: extern "C" fn() = record_stdout;
}

/// The error of every write to a stdout that was closed at start.
fn closed() -> std::io::Error {
    std::io::Error::other("it was closed when gunbai started (`>&-`)")
}

/// Fails when stdout was closed at start, so that a caller that writes
/// through another path (clap's help) can refuse first.
pub fn check() -> std::io::Result<()> {
    if CLOSED_AT_START.load(Ordering::Relaxed) {
        return Err(closed());
    }
    Ok(())
}

/// Standard output that reports a stdout closed at start as a failed
/// write; otherwise `std::io::stdout()`.
pub struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        check()?;
        std::io::stdout().write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        check()?;
        std::io::stdout().write_all(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        check()?;
        std::io::stdout().flush()
    }
}
