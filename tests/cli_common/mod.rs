//! Helpers shared by the command-line tests (`cli*.rs`): run the built
//! binary, read its output, make temp directories.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs the built `gunbai` with `args`, capturing stdout and stderr.
pub fn gunbai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("runs")
}

/// Runs gunbai with stdout going to `stdout` (a file, a pipe).
pub fn gunbai_to(args: &[&str], stdout: impl Into<Stdio>) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .args(args)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("runs")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A fresh, empty temp directory for one test of one test binary.
pub fn temp_dir(suite: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gunbai-{suite}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

pub fn path_str(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}
