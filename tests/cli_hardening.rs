//! The command line under hostile conditions and new users' mistakes
//! (issue 9): exit statuses, failed writes to stdout, depth 0, the order of
//! arguments, and output files that must never be lost, replaced without
//! `--force`, written through a link or half written. Each test runs the
//! built binary. The exit statuses are documented in docs/cli.md.

mod cli_common;

use cli_common::{gunbai, gunbai_to, path_str, stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::Command;

fn temp_dir(name: &str) -> PathBuf {
    cli_common::temp_dir("cli-hardening", name)
}

const POSITIONS: &str = "tests/data/chu_positions.txt";

/// `gunbai snapshot chu POSITIONS --out SNAPS EXTRA...`.
fn snapshot(positions: &Path, snaps: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["snapshot", "chu", path_str(positions), "--out", path_str(snaps)];
    args.extend_from_slice(extra);
    gunbai(&args)
}

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

/// A Chu position with an unknown piece code at column 39.
const BAD_POSITION: &str = "12/12/12/12/12/12/12/12/12/12/12/K,10,ZZ b";

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
    let o = snapshot(Path::new(POSITIONS), &snaps, &["--check"]);
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
            &["moves", "chu", "--format", "json", "--position", BAD_POSITION],
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
    let o = gunbai(&["moves", "chu", "--format", "json", "--position", BAD_POSITION]);
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
    assert!(stderr(&o).contains("--moves takes one value"), "{}", stderr(&o));
}

// --- output files ----------------------------------------------------------

/// A positions file with one named Dai-dai and one named Chu position.
fn positions_file(dir: &Path, name: &str, lines: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, lines).expect("write positions");
    path
}

const CHU_LION: &str = "lion: 11,k/12/12/12/12/12/5,LN,6/12/12/12/12/K,11 b\n";

#[test]
fn snapshot_touches_only_its_own_variant_and_position_set() {
    let dir = temp_dir("shared-dir");
    let snaps = dir.join("snaps");
    let a = positions_file(&dir, "a.txt", CHU_LION);
    let b = positions_file(&dir, "b.txt", "other: 11,k/12/12/12/12/12/5,LN,6/12/12/12/12/K,11 w\n");
    for p in [&a, &b] {
        let o = snapshot(p, &snaps, &[]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    // A file that looks like a snapshot but no manifest lists.
    std::fs::write(snaps.join("stray.txt"), "# gunbai snapshot `stray`\n").expect("write");
    // Set a drops its position: its own file goes, b's and the stray stay.
    std::fs::write(
        &a,
        "# nothing left\nkept: 11,k/12/12/12/12/12/5,LN,6/12/12/12/12/K,11 b\n",
    )
    .expect("write");
    let o = snapshot(&a, &snaps, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("1 new, 0 changed, 1 removed"), "{}", stdout(&o));
    assert!(!snaps.join("lion.txt").exists());
    assert!(snaps.join("other.txt").is_file(), "another set's snapshot is kept");
    assert!(snaps.join("stray.txt").is_file(), "an unlisted file is kept");
    let o = snapshot(&b, &snaps, &["--check"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn snapshot_never_replaces_or_removes_its_input() {
    let dir = temp_dir("input");
    // The positions file sits in DIR under the name a snapshot would take.
    let positions = positions_file(&dir, "lion.txt", CHU_LION);
    let before = std::fs::read_to_string(&positions).expect("read");
    for extra in [&[][..], &["--force"]] {
        let o = snapshot(&positions, &dir, extra);
        assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
        assert!(stderr(&o).contains("would replace an input file"), "{}", stderr(&o));
        assert_eq!(std::fs::read_to_string(&positions).expect("read"), before);
    }
    // A manifest edited to list the positions file: it is still never removed.
    let positions = positions_file(&dir, "p.txt", "kept: 11,k/12/12/12/12/12/5,LN,6/12/12/12/12/K,11 w\n");
    let o = snapshot(&positions, &dir, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let manifest = dir.join(".gunbai-snapshots.chu.p");
    let listed = std::fs::read_to_string(&manifest).expect("manifest");
    std::fs::write(&manifest, format!("{listed}file p.txt\n")).expect("write");
    let o = snapshot(&positions, &dir, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(positions.is_file(), "the positions file is still there");
    assert!(
        stderr(&o).contains("is an input of this run; left in place"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn snapshot_refuses_to_replace_a_file_it_did_not_write_unless_forced() {
    let dir = temp_dir("foreign");
    let snaps = dir.join("snaps");
    std::fs::create_dir_all(&snaps).expect("dir");
    std::fs::write(snaps.join("lion.txt"), "my notes\n").expect("write");
    let positions = positions_file(&dir, "p.txt", CHU_LION);
    let o = snapshot(&positions, &snaps, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("refusing to replace") && stderr(&o).contains("--force"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read_to_string(snaps.join("lion.txt")).expect("read"),
        "my notes\n"
    );
    let o = snapshot(&positions, &snaps, &["--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        std::fs::read_to_string(snaps.join("lion.txt"))
            .expect("read")
            .starts_with("# gunbai snapshot")
    );
}

#[test]
fn snapshot_never_writes_through_a_link_out_of_its_directory() {
    let dir = temp_dir("symlink");
    let snaps = dir.join("snaps");
    std::fs::create_dir_all(&snaps).expect("dir");
    let outside = dir.join("outside.txt");
    std::fs::write(&outside, "precious\n").expect("write");
    std::os::unix::fs::symlink(&outside, snaps.join("lion.txt")).expect("symlink");
    let positions = positions_file(&dir, "p.txt", CHU_LION);
    let o = snapshot(&positions, &snaps, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("symbolic link"), "{}", stderr(&o));
    // Even forced, the link itself is replaced; its target is untouched.
    let o = snapshot(&positions, &snaps, &["--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&outside).expect("read"), "precious\n");
    let meta = std::fs::symlink_metadata(snaps.join("lion.txt")).expect("meta");
    assert!(meta.is_file(), "a regular file replaced the link");
}

#[test]
fn book_refuses_to_replace_an_index_it_did_not_write_unless_forced() {
    let dir = temp_dir("book");
    let out = dir.join("book");
    std::fs::create_dir_all(&out).expect("dir");
    std::fs::write(out.join("index.html"), "<p>my site</p>\n").expect("write");
    let o = gunbai(&["book", "chu", "--out", path_str(&out)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("refusing to replace"), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(out.join("index.html")).expect("read"),
        "<p>my site</p>\n"
    );
    let o = gunbai(&["book", "chu", "--out", path_str(&out), "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Its own page it replaces without being asked.
    let o = gunbai(&["book", "chu", "--out", path_str(&out)]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// Files written by renaming a new file into place: a hard link to the
/// old file keeps the old text, which an in-place (truncating) write
/// would have destroyed halfway.
#[test]
fn output_files_are_written_atomically_by_rename() {
    let dir = temp_dir("atomic");
    let svg = dir.join("lion.svg");
    std::fs::write(&svg, "old\n").expect("write");
    std::fs::hard_link(&svg, dir.join("alias.svg")).expect("link");
    let o = gunbai(&["diagram", "chu", "lion", "--svg", path_str(&svg)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&svg).expect("read").starts_with("<svg"));
    assert_eq!(std::fs::read_to_string(dir.join("alias.svg")).expect("read"), "old\n");
    // No temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.contains("gunbai-tmp")), "{names:?}");
}

// --- untrusted text --------------------------------------------------------

#[test]
fn control_characters_from_input_never_reach_the_terminal() {
    let o = gunbai(&["diagram", "chu", "\u{1b}[2Jlion\u{7}"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    assert!(err.contains("\\u{1b}[2Jlion\\u{7}"), "{err}");
}

/// A valid 3x3 rule file whose option help carries terminal escapes.
const ESCAPING_MINI: &str = r#"[variant]
id = "mini"

[board]
files = 3
ranks = 3

[options.shout]
default = true
doc = "Q1. \u001b[2J\u0007A bell."

[tags]
royal = "Losing every royal piece loses the game."

[[piece]]
id = "king"
code = "K"
tags = ["royal"]
moves = [{ step = "all" }]

[setup]
board = """
. k .
. . .
. K .
"""

[victory]
loses_when = "count(royal) == 0 or opt.shout and not opt.shout"
no_moves = "loss"
"#;

#[test]
fn help_is_plain_when_piped_and_usage_errors_never_echo_escapes() {
    let o = gunbai(&["perft", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("Usage: gunbai perft"), "{}", stdout(&o));
    assert!(!stdout(&o).contains('\u{1b}'), "{:?}", stdout(&o));
    let o = gunbai(&["perft", "chu", "1", "\u{1b}[2J"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!stderr(&o).contains('\u{1b}'), "{:?}", stderr(&o));
    assert!(stderr(&o).contains("error: unexpected argument"), "{}", stderr(&o));
}

#[test]
fn control_characters_in_rule_file_strings_are_escaped_on_output() {
    let dir = temp_dir("escapes");
    let file = dir.join("mini.toml");
    std::fs::write(&file, ESCAPING_MINI).expect("write");
    let o = gunbai(&["options", path_str(&file)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out:?}");
    assert!(out.contains("Q1. \\u{1b}[2J\\u{7}A bell."), "{out}");
    // A raw escape in a rule file's text is blanked in the quoted line,
    // and the caret still points at the same column.
    let raw = dir.join("raw.toml");
    std::fs::write(&raw, "[variant]\nid = \"x\u{1b}[2J\"\n").expect("write");
    let o = gunbai(&["--color", "never", "validate", path_str(&raw)]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("id = \"x?[2J\""), "{err}");
}

// --- options, show, validate by name ----------------------------------------

#[test]
fn options_lists_name_values_default_and_help() {
    let o = gunbai(&["options", "chu", "--option", "repetition=xboard"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // rules/chu.toml: repetition takes forbid_repeat, xboard, sennichite4, lishogi, hachu.
    assert!(
        out.contains(
            "repetition = xboard\n  values: forbid_repeat, xboard, sennichite4, lishogi, hachu; default: forbid_repeat\n"
        ),
        "{out}"
    );
    let o = gunbai(&["options", "ko", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let net = v["options"]
        .as_array()
        .and_then(|a| a.iter().find(|o| o["name"] == "net_freeze_mode"))
        .expect("net_freeze_mode listed");
    assert_eq!(net["default"], "first_piece", "{net}");
    assert_eq!(
        net["values"],
        serde_json::json!(["first_piece", "whole_line", "until_friendly"])
    );
    assert!(net["help"].as_str().is_some_and(|h| h.contains("Q1")), "{net}");
}

/// Every option of every bundled variant has help that names its source:
/// the rule reference's question (`Q`) or section (`§`), or a source text.
#[test]
fn every_bundled_option_has_help_naming_its_source() {
    let sources = [
        "Q",
        "§",
        "seed",
        "Wikipedia",
        "HaChu",
        "QBoard",
        "JCSA",
        "XBoard",
        "shogiops",
        "JSA",
        "Fairy-Stockfish",
        "ShogiVar",
        "lishogi",
    ];
    for name in gunbai::unstable::rules::bundled_names() {
        let rules = gunbai::unstable::rules::load_variant(name, &[]).expect("bundled variant compiles");
        for (option, info) in &rules.options {
            let help = info.doc.trim();
            assert!(!help.is_empty(), "{name}.{option} has no help text");
            assert!(
                sources.iter().any(|s| help.contains(s)),
                "{name}.{option}: the help names no source: {help}"
            );
        }
    }
}

#[test]
fn show_writes_json_and_svg_of_any_position() {
    let dir = temp_dir("show");
    let svg = dir.join("board.svg");
    let position = "11,k/12/12/12/12/12/5,LN,6/12/12/12/12/K,11 b";
    let o = gunbai(&[
        "show",
        "chu",
        "--position",
        position,
        "--svg",
        path_str(&svg),
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["side_to_move"], "black");
    // The position text: a lion on f6, the Black king on a1, White's on l12.
    let pieces: Vec<(String, String, String)> = v["pieces"]
        .as_array()
        .expect("pieces")
        .iter()
        .map(|p| {
            (
                p["square"].as_str().unwrap_or("").into(),
                p["colour"].as_str().unwrap_or("").into(),
                p["kind"].as_str().unwrap_or("").into(),
            )
        })
        .collect();
    assert_eq!(
        pieces,
        [
            ("a1".into(), "black".into(), "king".into()),
            ("f6".into(), "black".into(), "lion".into()),
            ("l12".into(), "white".into(), "king".into())
        ]
    );
    let picture = std::fs::read_to_string(&svg).expect("svg written");
    assert!(picture.starts_with("<svg") && picture.contains("獅"), "{picture}");
    let o = gunbai(&["show", "chu", "--svg", "-"]);
    assert!(stdout(&o).trim_end().ends_with("</svg>"));
}

#[test]
fn validate_accepts_a_bundled_name_outside_the_checkout() {
    let dir = temp_dir("elsewhere");
    let o = Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .args(["validate", "chu", "ko"])
        .current_dir(&dir)
        .output()
        .expect("runs");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("rules/chu.toml: ok: variant `chu`"),
        "{}",
        stdout(&o)
    );
}

// --- issue 22: closed stdout, files that appear, colliding sets ----------

const GUNBAI: &str = env!("CARGO_BIN_EXE_gunbai");

/// Runs gunbai with stdout closed (`>&-`), feeding `input` on stdin, under
/// a time limit so that a command that fails to notice cannot hang.
fn gunbai_closed_stdout(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write as _;
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("exec \"$@\" >&-")
        .args(["sh", "timeout", "60", GUNBAI])
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("sh runs");
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    child.wait_with_output().expect("waits")
}

/// The subcommands `gunbai --help` lists.
fn subcommands() -> Vec<String> {
    let help = stdout(&gunbai(&["--help"]));
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// A match of `games` games of at most 4 plies between two gunbai engines.
fn tiny_match_args(first: &str, out: Option<&Path>) -> Vec<String> {
    let engine = format!("{GUNBAI} xboard shogi");
    let mut args: Vec<String> = [
        "match",
        "shogi",
        "--engine",
        first,
        "--engine",
        &engine,
        "--games",
        "1",
        "--st",
        "0.05",
        "--max-moves",
        "4",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    if let Some(out) = out {
        args.extend(["--out".to_string(), path_str(out).to_string()]);
    }
    args
}

#[test]
fn closed_stdout_fails_every_command_that_writes_to_it_with_exit_3() {
    let dir = temp_dir("closed-stdout");
    let positions = positions_file(&dir, "p.txt", CHU_LION);
    let snaps = dir.join("snaps");
    assert!(snapshot(&positions, &snaps, &[]).status.success());
    let job = stdout(&gunbai(&["perft", "shogi", "2", "--split", "1"]))
        .lines()
        .next()
        .expect("a job line")
        .to_string();
    let jobs = positions_file(
        &dir,
        "jobs.txt",
        &stdout(&gunbai(&["perft", "shogi", "2", "--split", "1"])),
    );
    let result = stdout(&gunbai(&["perft", "--jobs", path_str(&jobs)]));
    let results = positions_file(&dir, "results.txt", &result);
    assert!(gunbai(&["perft", "--sum", path_str(&results)]).status.success());
    let engine = format!("{GUNBAI} xboard shogi");
    let record = dir.join("record.pgn");
    let o = gunbai(
        &tiny_match_args(&engine, Some(&record))
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let book = dir.join("book");
    let s = |p: &Path| p.to_str().expect("utf-8").to_string();
    let (positions, snaps, jobs, results, book, record) =
        (s(&positions), s(&snaps), s(&jobs), s(&results), s(&book), s(&record));
    let mut cases: Vec<(Vec<String>, &str)> = [
        "--help",
        "--version",
        "perft --help",
        "validate chu",
        "validate --list",
        "validate --format json chu",
        "perft chu 1",
        "perft chu 1 --divide",
        "perft chu 1 --format json",
        "perft shogi 2 --split 1",
        &format!("perft --jobs {jobs}"),
        &format!("perft --sum {results}"),
        "moves chu",
        "moves chu --format json",
        "mate shogi --max-moves 1",
        "show chu",
        "show chu --svg -",
        "diagram chu lion",
        &format!("book chu --out {book}"),
        &format!("snapshot chu {positions} --out {snaps}"),
        &format!("snapshot chu {positions} --out {snaps} --check"),
        "options chu",
        "bench shogi --depth 1 --search-nodes 100",
        &format!("match --replay {record}"),
        "completions bash",
        "serve --port 0",
        "import-fsf tests/data/fsf/shogi_family.ini",
        "import-fsf tests/data/fsf/shogi_family.ini fsfcannonshogi",
        "convert tests/records/shogi/cshogi-1.kif --to csa",
        "replay tests/records/shogi/cshogi-1.kif",
        &format!("analyse shogi {record} --depth 1"),
    ]
    .iter()
    .map(|line| (line.split_whitespace().map(str::to_string).collect(), ""))
    .collect();
    cases.extend([
        (vec!["perft".into(), "--job".into(), job.clone()], ""),
        (vec!["xboard".into(), "shogi".into()], "xboard\nprotover 2\nquit\n"),
        (vec!["usi".into(), "shogi".into()], "usi\nquit\n"),
        (vec!["atsi".into(), "taikyoku".into()], "atsiinit v0\nquit\n"),
        (tiny_match_args(&engine, None), ""),
    ]);
    let mut failures = Vec::new();
    for (args, input) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = gunbai_closed_stdout(&args, input);
        let err = stderr(&o);
        if o.status.code() != Some(3) || !err.contains("error: cannot write to standard output") {
            failures.push(format!("{args:?}: exit {:?}, stderr {err}", o.status.code()));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    // Every subcommand has a case.
    for name in subcommands() {
        assert!(
            cases.iter().any(|(args, _)| args.first() == Some(&name)),
            "no closed-stdout case for `{name}`"
        );
    }
    // An open stdout that discards (/dev/null) is no failure.
    let o = gunbai_to(
        &["perft", "chu", "1"],
        std::fs::File::create("/dev/null").expect("/dev/null"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn match_out_file_that_appears_during_the_match_is_never_replaced() {
    let dir = temp_dir("match-out");
    let out = dir.join("chu.pgn");
    // The first engine writes the out file as it starts: after the check
    // at start, before the record is written.
    let sneaky = format!("sh -c 'echo mine > {}; exec {GUNBAI} xboard shogi'", path_str(&out));
    let args = tiny_match_args(&sneaky, Some(&out));
    let o = gunbai(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("appeared while gunbai was working"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).expect("read"), "mine\n");
    // The record is kept beside it, and the error names where.
    let kept: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("dir")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p != &out)
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let record = std::fs::read_to_string(&kept[0]).expect("read");
    assert!(record.starts_with("[Event \"gunbai match\"]"), "{record}");
    assert!(
        err.contains(kept[0].file_name().and_then(|n| n.to_str()).expect("name")),
        "{err}"
    );
    // A file there from the start is refused before any game is played;
    // a record gunbai wrote is replaced.
    let engine = format!("{GUNBAI} xboard shogi");
    let plain = tiny_match_args(&engine, Some(&out));
    let o = gunbai(&plain.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(!stderr(&o).contains("game 1"), "{}", stderr(&o));
    // So is an out file in a directory that does not exist.
    let nowhere = tiny_match_args(&engine, Some(&dir.join("missing/chu.pgn")));
    let o = gunbai(&nowhere.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("is not a directory") && !stderr(&o).contains("game 1"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_file(&out).expect("remove");
    for _ in 0..2 {
        let o = gunbai(&plain.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(o.status.success(), "{}", stderr(&o));
    }
}

#[test]
fn snapshot_sets_with_colliding_stems_never_touch_each_other() {
    let dir = temp_dir("stems");
    let snaps = dir.join("snaps");
    for sub in ["a", "b"] {
        std::fs::create_dir_all(dir.join(sub)).expect("dir");
    }
    let first = positions_file(&dir.join("a"), "pos.txt", CHU_LION);
    let o = snapshot(&first, &snaps, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lion = std::fs::read_to_string(snaps.join("lion.txt")).expect("read");
    // Same stem in another directory; then a stem that sanitises to the
    // same manifest name (`pos.x` and `pos_x`). Neither may touch the
    // first set, with or without --force.
    let second = positions_file(
        &dir.join("b"),
        "pos.txt",
        "other: 11,k/12/12/12/12/12/5,LN,6/12/12/12/12/K,11 w\n",
    );
    let third = positions_file(
        &dir,
        "pos_x.txt",
        "third: 11,k/12/12/12/12/12/5,LN,6/12/12/12/12/K,11 w\n",
    );
    let fourth = positions_file(
        &dir,
        "pos.x.txt",
        "fourth: 11,k/12/12/12/12/12/5,LN,6/12/12/12/12/K,11 w\n",
    );
    assert!(snapshot(&third, &snaps, &[]).status.success());
    for (positions, manifest) in [(&second, "pos"), (&fourth, "pos_x")] {
        for extra in [&[][..], &["--force"], &["--check"]] {
            let o = snapshot(positions, &snaps, extra);
            assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stderr(&o));
            let err = stderr(&o);
            assert!(err.contains(&format!(".gunbai-snapshots.chu.{manifest}")), "{err}");
            assert!(err.contains("another set of snapshots"), "{err}");
        }
    }
    assert_eq!(std::fs::read_to_string(snaps.join("lion.txt")).expect("read"), lion);
    assert!(!snaps.join("other.txt").exists() && !snaps.join("fourth.txt").exists());
    for set in [&first, &third] {
        let o = snapshot(set, &snaps, &["--check"]);
        assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    }
    // A set whose position takes a name another set's manifest lists is
    // refused, even with --force.
    let taker = positions_file(&dir, "taker.txt", CHU_LION);
    for extra in [&[][..], &["--force"]] {
        let o = snapshot(&taker, &snaps, extra);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("snapshots of another set"), "{}", stderr(&o));
    }
    assert_eq!(std::fs::read_to_string(snaps.join("lion.txt")).expect("read"), lion);
}

/// Characters that reorder or hide text: bidirectional overrides and
/// isolates, marks, zero-width characters, separators, tags, fillers.
const HIDING: &[char] = &[
    '\u{202a}',
    '\u{202b}',
    '\u{202c}',
    '\u{202d}',
    '\u{202e}',
    '\u{2066}',
    '\u{2067}',
    '\u{2068}',
    '\u{2069}',
    '\u{200e}',
    '\u{200f}',
    '\u{200b}',
    '\u{200d}',
    '\u{2060}',
    '\u{feff}',
    '\u{00ad}',
    '\u{061c}',
    '\u{2028}',
    '\u{2029}',
    '\u{e0041}',
    '\u{3164}',
    '\u{fe0f}',
    '\u{85}',
];

fn assert_nothing_hides(what: &str, text: &str) {
    let found: Vec<String> = text
        .chars()
        .filter(|c| HIDING.contains(c))
        .map(|c| format!("U+{:04X}", c as u32))
        .collect();
    assert!(found.is_empty(), "{what}: {found:?} reached the output:\n{text}");
}

#[test]
fn bidirectional_and_invisible_characters_never_reach_the_output() {
    let dir = temp_dir("bidi");
    let hiding: String = HIDING.iter().collect();
    // In a rule file's strings (option help, a piece's name) and an id.
    let strings = ESCAPING_MINI
        .replace("A bell.", &format!("A bell.\\u007F{hiding}"))
        .replace(
            "id = \"king\"",
            &format!("id = \"king\"\nnames = {{ en = \"k{hiding}ing\" }}"),
        );
    let file = dir.join("mini.toml");
    std::fs::write(&file, &strings).expect("write");
    for args in [
        &["options", path_str(&file)][..],
        &["book", path_str(&file), "--out", path_str(&dir.join("book"))],
        &["diagram", path_str(&file), "king"],
        &["show", path_str(&file)],
    ] {
        let o = gunbai(args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        if args[0] != "book" {
            assert_nothing_hides(args[0], &stdout(&o));
        }
    }
    let o = gunbai(&["options", path_str(&file)]);
    assert!(
        stdout(&o).contains("A bell.\\u{7f}\\u{202a}\\u{202b}"),
        "{}",
        stdout(&o)
    );
    let o = gunbai(&["options", path_str(&file), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("still JSON");
    let help = v["options"][0]["help"].as_str().expect("help");
    assert!(
        help.ends_with(&format!("A bell.\u{7f}{hiding}")),
        "JSON keeps the text: {help:?}"
    );
    assert!(!stdout(&o).contains('\u{7f}'), "DEL is escaped in JSON too");
    assert_nothing_hides("options json", &stdout(&o));
    // In an id: the error quotes the line with each character blanked
    // byte for byte, the caret still under the id, and the message escaped.
    let bad = dir.join("bad.toml");
    let line = format!("id = \"x{}y\"", '\u{202e}');
    std::fs::write(&bad, format!("[variant]\n{line}\n")).expect("write");
    let o = gunbai(&["--color", "never", "validate", path_str(&bad)]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert_nothing_hides("validate", &err);
    let quoted = err.lines().find(|l| l.contains("id = ")).expect("quoted line");
    assert!(quoted.ends_with("id = \"x???y\""), "{err}");
    let o = gunbai(&["validate", "--format", "json", path_str(&bad)]);
    serde_json::from_str::<serde_json::Value>(&stdout(&o)).expect("JSON");
    assert_nothing_hides("validate json", &stdout(&o));
    // In a file name.
    let named = dir.join(format!("evil{}lmth.toml", '\u{202e}'));
    std::fs::write(&named, format!("[variant]\n{line}\n")).expect("write");
    let o = gunbai(&["validate", path_str(&named)]);
    assert_nothing_hides("file name", &stderr(&o));
    assert!(stderr(&o).contains("evil\\u{202e}lmth.toml"), "{}", stderr(&o));
    // In a position, a move and a variant name given on the command line.
    for args in [
        &["moves", "chu", "--position", &format!("12/12{hiding} b")][..],
        &["moves", "chu", "--moves", &format!("f4-f5{}", '\u{2066}')],
        &["moves", &format!("chu{}", '\u{200b}')],
        &["snapshot", "chu", path_str(&named), "--out", path_str(&dir)],
    ] {
        let o = gunbai(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_nothing_hides("argument", &stderr(&o));
        assert!(stderr(&o).contains("\\u{"), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn errors_come_without_follow_on_warnings_and_quiet_silences_warnings() {
    let dir = temp_dir("quiet");
    // A misspelt promotion target: `gold` is then "never on the board".
    let file = dir.join("mini.toml");
    let broken = ESCAPING_MINI.replace(
        "[setup]",
        "[[piece]]\nid = \"gold\"\ncode = \"G\"\nmoves = [{ step = \"all\" }]\n\n[[piece]]\nid = \"pawn\"\ncode = \"P\"\nmoves = [{ step = \"all\" }]\npromotes_to = \"golde\"\n\n[setup]",
    );
    std::fs::write(&file, &broken).expect("write");
    let o = gunbai(&["--color", "never", "validate", path_str(&file)]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("error: unknown piece `golde`"), "{err}");
    assert!(!err.contains("warning:"), "{err}");
    assert!(err.contains("not shown until its errors are fixed"), "{err}");
    // JSON, for editors, keeps every diagnostic.
    let o = gunbai(&["validate", "--format", "json", path_str(&file)]);
    assert!(stdout(&o).contains("\"severity\": \"warning\""), "{}", stdout(&o));
    // Fixed, the warnings show, unless --quiet (before or after the command).
    std::fs::write(&file, broken.replace("golde", "gold")).expect("write");
    let o = gunbai(&["validate", path_str(&file)]);
    assert!(o.status.success() && stderr(&o).contains("warning:"), "{}", stderr(&o));
    for args in [
        &["-q", "validate", path_str(&file)][..],
        &["validate", path_str(&file), "--quiet"],
    ] {
        let o = gunbai(args);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stderr(&o), "", "{args:?}");
    }
    let o = gunbai(&["--quiet", "moves", "chuu"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("error: unknown variant"),
        "errors stay: {}",
        stderr(&o)
    );
    let o = gunbai(&["--quiet", "moves", "chu"]);
    assert_eq!(stderr(&o), "", "no note under --quiet");
}

/// Pieces in hand as the SFEN's hand field says: (colour is Black, code)
/// with counts, `-` for none.
fn sfen_hands(sfen: &str) -> std::collections::BTreeMap<(bool, String), u32> {
    let field = sfen.split_whitespace().nth(2).expect("a hand field");
    let mut hands = std::collections::BTreeMap::new();
    let mut count = String::new();
    for c in field.chars().filter(|&c| c != '-') {
        if c.is_ascii_digit() {
            count.push(c);
            continue;
        }
        let n: u32 = std::mem::take(&mut count).parse().unwrap_or(1);
        *hands
            .entry((c.is_ascii_uppercase(), c.to_ascii_uppercase().to_string()))
            .or_insert(0) += n;
    }
    hands
}

/// Pieces in hand as the board text's `in hand, COLOUR:` lines say.
fn board_hands(text: &str) -> std::collections::BTreeMap<(bool, String), u32> {
    let mut hands = std::collections::BTreeMap::new();
    for (colour, black) in [("black", true), ("white", false)] {
        let prefix = format!("in hand, {colour}: ");
        let lines: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix(&prefix)).collect();
        assert_eq!(lines.len(), 1, "one hand line for {colour}:\n{text}");
        for item in lines[0].split(", ").filter(|i| *i != "-") {
            let digits: String = item.chars().take_while(char::is_ascii_digit).collect();
            let code = &item[digits.len()..];
            assert_eq!(
                code.chars().all(|c| c.is_ascii_uppercase()),
                black,
                "{item} for {colour}"
            );
            *hands.entry((black, code.to_ascii_uppercase())).or_insert(0) += digits.parse().unwrap_or(1);
        }
    }
    hands
}

#[test]
fn show_and_snapshots_print_the_hands_of_drop_variants() {
    // Bishops exchanged, then a pawn taken by each side.
    let moves = "c3-c4 g7-g6 b2xh8+ g9xh8 e3-e4 a7-a6 e4-e5 a6-a5 e5-e6 a5-a4 e6xe7+ a4xa3+";
    let o = gunbai(&["show", "shogi", "--moves", moves]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let sfen = out.lines().find_map(|l| l.strip_prefix("sfen: ")).expect("sfen");
    let want = sfen_hands(sfen);
    assert_eq!(want.values().sum::<u32>(), 4, "{sfen}");
    assert_eq!(board_hands(&out), want, "{out}");
    // White's hand above the board, Black's below.
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("in hand, white: "), "{out}");
    // The same in a snapshot file.
    let dir = temp_dir("hands");
    let position = out
        .lines()
        .find_map(|l| l.strip_prefix("position: "))
        .expect("position");
    let positions = positions_file(&dir, "p.txt", &format!("hands: {position}\n"));
    let snaps = dir.join("snaps");
    let o = gunbai(&["snapshot", "shogi", path_str(&positions), "--out", path_str(&snaps)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let snap = std::fs::read_to_string(snaps.join("hands.txt")).expect("snapshot");
    assert_eq!(board_hands(&snap), want, "{snap}");
    // The same in `show --format json`'s `hands`.
    let o = gunbai(&["show", "shogi", "--moves", moves, "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let mut from_json = std::collections::BTreeMap::new();
    for (colour, black) in [("black", true), ("white", false)] {
        for item in json["hands"][colour].as_array().expect("a hand list") {
            let code = item["code"].as_str().expect("code").to_string();
            from_json.insert((black, code), item["count"].as_u64().expect("count") as u32);
        }
    }
    assert_eq!(from_json, want, "{json}");
    let chu = stdout(&gunbai(&["show", "chu", "--format", "json"]));
    let chu: serde_json::Value = serde_json::from_str(&chu).expect("JSON");
    assert!(chu["hands"].is_null(), "{chu}");
    // Empty hands at the start; no hand lines without drops.
    let start = stdout(&gunbai(&["show", "shogi"]));
    assert!(
        start.contains("in hand, black: -") && start.contains("in hand, white: -"),
        "{start}"
    );
    assert!(!stdout(&gunbai(&["show", "chu"])).contains("in hand"));
}
