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
    // rules/chu.toml: repetition takes forbid_repeat, xboard, sennichite4.
    assert!(
        out.contains("repetition = xboard\n  values: forbid_repeat, xboard, sennichite4; default: forbid_repeat\n"),
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
    ];
    for name in gunbai::rules::bundled_names() {
        let rules = gunbai::rules::load_variant(name, &[]).expect("bundled variant compiles");
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
