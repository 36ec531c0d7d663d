//! The command line under hostile conditions and new users' mistakes
//! (issue 9): exit statuses, failed writes to stdout, depth 0, the order of
//! arguments, and output files that must never be lost, replaced without
//! `--force`, written through a link or half written. Each test runs the
//! built binary. The exit statuses are documented in docs/cli.md.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn gunbai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("runs")
}

/// Runs gunbai with stdout going to `stdout`.
fn gunbai_to(args: &[&str], stdout: impl Into<Stdio>) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .args(args)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gunbai-cli-hardening-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

const POSITIONS: &str = "tests/data/chu_positions.txt";

/// A pipe whose reading end is already closed.
fn closed_pipe() -> std::io::PipeWriter {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    writer
}

fn dev_full() -> std::fs::File {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full")
}

// --- exit statuses and failed writes ---------------------------------------

#[test]
fn failed_write_to_a_full_disk_exits_3_with_a_message() {
    for args in [
        &["moves", "chu"][..],
        &["perft", "chu", "1", "--format", "json"],
        &["show", "chu"],
        &["--help"],
    ] {
        let o = gunbai_to(args, dev_full());
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", stderr(&o));
    }
    let o = gunbai_to(&["moves", "chu"], dev_full());
    assert!(stderr(&o).contains("cannot write to standard output"), "{}", stderr(&o));
}

#[test]
fn closed_pipe_exits_3_quietly() {
    let o = gunbai_to(&["perft", "chu", "2", "--divide"], closed_pipe());
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(stderr(&o), "", "a closed pipe is not worth a message");
}

#[test]
fn snapshot_check_with_differences_never_exits_0_even_when_stdout_fails() {
    let dir = temp_dir("check-stdout");
    // No snapshots written: every position is missing.
    let snaps = dir.join("snaps");
    let o = gunbai_to(
        &["snapshot", "chu", POSITIONS, "--out", path_str(&snaps), "--check"],
        dev_full(),
    );
    assert_eq!(o.status.code(), Some(3));
    let o = gunbai_to(
        &["snapshot", "chu", POSITIONS, "--out", path_str(&snaps), "--check"],
        closed_pipe(),
    );
    assert_eq!(o.status.code(), Some(3));
    let o = gunbai(&["snapshot", "chu", POSITIONS, "--out", path_str(&snaps), "--check"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn exit_status_is_2_for_bad_invocation_and_bad_input() {
    for args in [
        &["perft", "chu"][..],
        &["perft", "chu", "1", "--bogus"],
        &["perft", "chuu", "1"],
        &["moves", "chu", "--position", "12/12 b"],
        &["moves", "chu", "--moves", "f3-f6"],
        &["diagram", "chu", "no-such-piece"],
        &["validate", "no/such/file.toml"],
    ] {
        let o = gunbai(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("error"), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn errors_are_json_when_json_is_asked_for() {
    for (args, needle) in [
        (
            &["perft", "chuu", "1", "--format", "json"][..],
            "unknown variant `chuu`",
        ),
        (&["perft", "chu", "1", "--bogus", "--format=json"], "--bogus"),
        (
            &[
                "moves",
                "chu",
                "--format",
                "json",
                "--position",
                "12/12/12/12/12/12/12/12/12/12/12/K,10,ZZ b",
            ],
            "unknown piece code `ZZ`",
        ),
    ] {
        let o = gunbai(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON on stdout");
        assert_eq!(v["error"]["exit_code"], 2, "{v}");
        assert!(
            v["error"]["message"].as_str().is_some_and(|m| m.contains(needle)),
            "{v}"
        );
        assert_eq!(stderr(&o), "", "{args:?}");
    }
    let o = gunbai(&[
        "moves",
        "chu",
        "--format",
        "json",
        "--position",
        "12/12/12/12/12/12/12/12/12/12/12/K,10,ZZ b",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let d = &v["error"]["diagnostics"][0];
    assert_eq!(
        (d["file"].as_str(), d["line"].as_u64(), d["column"].as_u64()),
        (Some("position"), Some(1), Some(39)),
        "{v}"
    );
}

// --- perft depth 0 and argument order ------------------------------------

#[test]
fn perft_depth_0_is_one_node() {
    let o = gunbai(&["perft", "chu", "0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "0\t1\n");
    let o = gunbai(&["perft", "chu", "0", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["depths"], serde_json::json!([{"depth": 0, "nodes": 1}]));
}

#[test]
fn perft_divide_at_depth_0_prints_only_the_total() {
    let o = gunbai(&["perft", "chu", "0", "--divide"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "moves\t0\ntotal\t1\n");
    assert!(
        stderr(&o).contains("depth 0 has no moves to divide by"),
        "{}",
        stderr(&o)
    );
    let o = gunbai(&["perft", "chu", "0", "--divide", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(
        (v["moves"].clone(), v["total"].clone()),
        (serde_json::json!([]), serde_json::json!(1))
    );
}

#[test]
fn moves_flag_takes_one_quoted_list_and_never_swallows_depth() {
    // The same two moves given as one quoted list, one per flag, and after
    // DEPTH all give the same position.
    let quoted = gunbai(&["perft", "chu", "--moves", "f4-f5 g9-g8", "1"]);
    let repeated = gunbai(&["perft", "chu", "--moves", "f4-f5", "--moves", "g9-g8", "1"]);
    let after = gunbai(&["perft", "chu", "1", "--moves", "f4-f5 g9-g8"]);
    assert!(quoted.status.success(), "{}", stderr(&quoted));
    assert_eq!(stdout(&quoted), stdout(&repeated));
    assert_eq!(stdout(&quoted), stdout(&after));
    assert!(stdout(&quoted).starts_with("1\t"), "{}", stdout(&quoted));
    // The old unquoted form is a clear usage error, never a silent misreading.
    let o = gunbai(&["perft", "chu", "--moves", "f4-f5", "g9-g8", "1"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
}
