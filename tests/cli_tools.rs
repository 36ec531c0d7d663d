//! The rule-author and CI tools of the command line: move diagrams (text
//! and SVG), the HTML rule book, move-list snapshots and their check,
//! JSON output, coloured diagnostics, completions and help texts.

mod cli_common;

use cli_common::{gunbai, path_str, stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh, empty temp directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    cli_common::temp_dir("cli-tools", name)
}

/// A copy of the bundled Chu rule file with one edit.
fn edited_chu(dir: &Path, from: &str, to: &str) -> PathBuf {
    let text = gunbai::unstable::rules::bundled("chu").expect("bundled chu");
    assert!(text.contains(from), "edit anchor `{from}` not found");
    let path = dir.join("chu.toml");
    std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
    path
}

const POSITIONS: &str = "tests/data/chu_positions.txt";

// --- diagrams ---------------------------------------------------------------

#[test]
fn text_diagram_of_the_lion() {
    let o = gunbai(&["diagram", "chu", "lion", "--radius", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    insta::assert_snapshot!("diagram_text_lion", stdout(&o));
}

#[test]
fn text_diagram_of_a_white_horned_falcon_by_kanji() {
    let o = gunbai(&["diagram", "chu", "角鷹", "--white"]);
    assert!(o.status.success(), "{}", stderr(&o));
    insta::assert_snapshot!("diagram_text_white_horned_falcon", stdout(&o));
}

#[test]
fn svg_diagram_of_the_king() {
    let o = gunbai(&["diagram", "chu", "king", "--radius", "1", "--svg", "-"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"), "{svg}");
    // Eight steps, and one more dot in the legend.
    assert_eq!(svg.matches("<circle").count(), 9, "{svg}");
    assert!(
        svg.contains(">玉</tspan><tspan x=\"0\" y=\"14.8\">将</tspan>"),
        "kanji stacked: {svg}"
    );
    insta::assert_snapshot!("diagram_svg_king", svg);
}

#[test]
fn svg_diagram_marks_slides_jumps_and_lion_steps() {
    let dir = temp_dir("svg-falcon");
    let file = dir.join("hf.svg");
    let o = gunbai(&["diagram", "chu", "HF", "--svg", path_str(&file)]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The text diagram still prints; the SVG goes to the file.
    assert!(
        stdout(&o).starts_with("horned_falcon (HF) from f6, black:"),
        "{}",
        stdout(&o)
    );
    let svg = std::fs::read_to_string(&file).expect("svg written");
    for meaning in [
        "slides any number of squares",
        "first step of a lion-type move",
        "jumps there",
    ] {
        assert!(svg.contains(meaning), "legend lacks `{meaning}`");
    }
    assert!(!svg.contains("steps one square"), "the falcon has no plain step");
    // Seven slide directions, each ending in an arrow head (and one in
    // the legend).
    assert_eq!(svg.matches("<polygon points=").count() - 2, 7 + 1, "{svg}");
}

#[test]
fn unknown_piece_suggests_a_name() {
    let o = gunbai(&["diagram", "chu", "lino", "--svg", "-"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("Did you mean `lion`?"), "{}", stderr(&o));
}

// --- the rule book ----------------------------------------------------------

#[test]
fn book_lists_every_piece_with_names_promotion_and_diagram() {
    let dir = temp_dir("book");
    let out = dir.join("chu-book");
    let o = gunbai(&["book", "chu", "--out", path_str(&out)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let html = std::fs::read_to_string(out.join("index.html")).expect("index.html");
    let rules = gunbai::unstable::rules::load_variant("chu", &[]).expect("chu");
    for kind in &rules.kinds {
        assert!(
            html.contains(&format!("<article id=\"piece-{}\">", kind.id)),
            "{}",
            kind.id
        );
        for name in kind.names.values() {
            assert!(html.contains(name.as_str()), "name {name}");
        }
    }
    // One diagram per kind, and the setup board.
    assert_eq!(html.matches("<svg ").count(), rules.kinds.len() + 1);
    assert!(html.contains("<tr><th>promotes to</th><td><a href=\"#piece-lion\">"));
    assert!(html.contains("<tr><th>promoted from</th><td><a href=\"#piece-kirin\">"));
    for option in rules.options.keys() {
        assert!(html.contains(&format!("<td><code>{option}</code></td>")), "{option}");
    }
    assert!(html.contains("<td>after, before, after_counting_captured, before_xray</td>"));
}

#[test]
fn book_draws_a_giant_setup_at_its_own_size_and_mentions_only_drawn_zones() {
    // Shrunk to the page's 640 px, a 25x25 board's pieces cannot be read:
    // boards of more than 16 files keep 40 px a square and scroll.
    let setup = |variant: &str| {
        let rules = gunbai::unstable::rules::load_variant(variant, &[]).expect(variant);
        let html = gunbai::unstable::render::book::book_html(&rules);
        let start = html.find("<section id=\"setup\"").expect("setup section");
        let end = start + html[start..].find("</section>").expect("end of setup");
        html[start..end].to_string()
    };
    let tai = setup("tai");
    assert!(tai.contains("<div class=\"wide\">\n<svg"), "{}", &tai[..200]);
    let chu = setup("chu");
    assert!(!chu.contains("class=\"wide\""));
    assert!(chu.contains("Shaded squares are the promotion zones."));
    // Taikyoku's zone is a condition on ranks, not a drawn zone.
    assert!(!setup("taikyoku").contains("Shaded squares"));
}

#[test]
fn book_escapes_rule_file_text() {
    let dir = temp_dir("book-escape");
    let rules = edited_chu(
        &dir,
        "description = \"Middle shogi",
        "description = \"<script>alert(1)</script> & Middle shogi",
    );
    let out = dir.join("book");
    let o = gunbai(&["book", path_str(&rules), "--out", path_str(&out)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let html = std::fs::read_to_string(out.join("index.html")).expect("index.html");
    assert!(!html.contains("<script>"));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Middle shogi"));
}

#[test]
fn book_defaults_to_a_directory_named_after_the_variant() {
    let dir = temp_dir("book-default");
    let o = Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .args(["book", "chu"])
        .current_dir(&dir)
        .output()
        .expect("runs");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(dir.join("book-chu").join("index.html").is_file());
}

// --- snapshots --------------------------------------------------------------

#[test]
fn snapshots_are_written_and_then_match() {
    let dir = temp_dir("snapshots");
    let snaps = dir.join("snaps");
    let o = gunbai(&["snapshot", "chu", POSITIONS, "--out", path_str(&snaps)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("wrote 11 snapshots to"), "{}", stdout(&o));
    // The unnamed start position is named by its line number.
    for name in ["7", "lion_alone", "counter_strike_sfen", "no_black_king"] {
        assert!(snaps.join(format!("{name}.txt")).is_file(), "{name}");
    }
    let lion = std::fs::read_to_string(snaps.join("lion_alone.txt")).expect("snapshot");
    // 88 lion paths and the Black king's three moves (docs/notation.md).
    assert!(lion.contains("\nlegal moves: 91\n"), "{lion}");
    insta::assert_snapshot!(
        "snapshot_file_counter_strike",
        std::fs::read_to_string(snaps.join("counter_strike.txt")).expect("snapshot")
    );
    let over = std::fs::read_to_string(snaps.join("no_black_king.txt")).expect("snapshot");
    assert!(
        over.contains("result: white wins (loses_when)\nlegal moves: 0\n"),
        "{over}"
    );

    let o = gunbai(&["snapshot", "chu", POSITIONS, "--out", path_str(&snaps), "--check"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).starts_with("11 snapshots match"), "{}", stdout(&o));
}

#[test]
fn snapshot_check_fails_with_the_moves_a_rule_edit_changed() {
    let dir = temp_dir("snapshot-edit");
    let snaps = dir.join("snaps");
    let o = gunbai(&["snapshot", "chu", POSITIONS, "--out", path_str(&snaps)]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The gold steps diagonally back instead of straight back.
    let edited = edited_chu(
        &dir,
        "moves = [{ step = \"F FL FR L R B\" }]",
        "moves = [{ step = \"F FL FR L R BL BR\" }]",
    );
    let o = gunbai(&[
        "snapshot",
        path_str(&edited),
        POSITIONS,
        "--out",
        path_str(&snaps),
        "--check",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let report = stdout(&o).replace(path_str(&snaps), "<DIR>");
    insta::assert_snapshot!("snapshot_check_gold_steps_back_diagonally", report);
    assert!(
        stderr(&o).contains("error: snapshots do not match") && stderr(&o).contains("3 of 11 differ"),
        "{}",
        stderr(&o)
    );
    // The check wrote nothing.
    let o = gunbai(&["snapshot", "chu", POSITIONS, "--out", path_str(&snaps), "--check"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn snapshot_check_reports_missing_and_extra_files() {
    let dir = temp_dir("snapshot-files");
    let snaps = dir.join("snaps");
    let longer = dir.join("positions.txt");
    let listed = std::fs::read_to_string(POSITIONS).expect("positions");
    std::fs::write(
        &longer,
        format!("{listed}retired: 11,k/12/12/12/12/12/5,LN,6/12/12/12/12/K,11 b\n"),
    )
    .expect("write");
    let o = gunbai(&["snapshot", "chu", path_str(&longer), "--out", path_str(&snaps)]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The position `retired` is no longer listed, and lion_alone's file is gone.
    std::fs::write(&longer, &listed).expect("write");
    std::fs::remove_file(snaps.join("lion_alone.txt")).expect("remove");
    let o = gunbai(&[
        "snapshot",
        "chu",
        path_str(&longer),
        "--out",
        path_str(&snaps),
        "--check",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let report = stdout(&o).replace(path_str(&dir), "<DIR>");
    assert!(
        report.contains("<DIR>/snaps/lion_alone.txt (line 10 of <DIR>/positions.txt): missing"),
        "{report}"
    );
    assert!(report.contains("<DIR>/snaps/retired.txt: extra"), "{report}");
    // Writing again restores the missing file and removes the stale one.
    let o = gunbai(&["snapshot", "chu", path_str(&longer), "--out", path_str(&snaps)]);
    assert!(stdout(&o).contains("1 new, 0 changed, 1 removed"), "{}", stdout(&o));
    assert!(!snaps.join("retired.txt").exists());
}

#[test]
fn bad_positions_file_lines_are_reported_at_once() {
    let dir = temp_dir("snapshot-bad");
    let file = dir.join("positions.txt");
    std::fs::write(
        &file,
        "# two bad lines\nok: 11,k/12/12/12/12/12/5,LN,6/12/12/12/12/K,11 b\nbad name: 12/12 b\nzz: 11,k/12/12/12/12/12/5,ZZ,6/12/12/12/12/K,11 b\nok: 11,k/12/12/12/12/12/5,LN,6/12/12/12/12/K,11 w\n",
    )
    .expect("write");
    let o = gunbai(&["snapshot", "chu", path_str(&file), "--out", path_str(&dir.join("out"))]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o).replace(path_str(&dir), "<DIR>");
    insta::assert_snapshot!("snapshot_bad_positions_file", err);
    assert!(!dir.join("out").exists(), "nothing written");
}

// --- JSON -------------------------------------------------------------------

/// A small rule file with two errors (a bad direction, a bad promotion
/// target) and a warning (an option no condition reads).
const BROKEN_MINI: &str = r#"[variant]
id = "mini"

[board]
files = 3
ranks = 3

[options.unused]
default = true
doc = "Never read."

[tags]
royal = "Losing every royal piece loses the game."

[[piece]]
id = "king"
code = "K"
tags = ["royal"]
moves = [{ step = "all" }]

[[piece]]
id = "pawn"
code = "P"
moves = [{ step = "Fwd" }]
promotes_to = "kign"

[setup]
board = """
. k .
. . .
P K .
"""

[victory]
loses_when = "count(royal) == 0"
no_moves = "loss"
"#;

#[test]
fn validate_json_lists_every_error_with_its_span() {
    let dir = temp_dir("validate-json");
    let file = dir.join("broken.toml");
    std::fs::write(&file, BROKEN_MINI).expect("write");
    let o = gunbai(&["validate", "--format", "json", path_str(&file), "missing.toml"]);
    // 2: an unreadable file is bad input, worse than the errors found (1).
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o), "", "JSON mode prints nothing else");
    let out = stdout(&o).replace(path_str(&dir), "<DIR>");
    let value: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(
        value.as_array().map(Vec::len),
        Some(5),
        "two errors, two warnings, the missing file: {out}"
    );
    insta::assert_snapshot!("validate_json_errors", out);
}

#[test]
fn validate_json_includes_warnings_and_is_empty_when_clean() {
    let o = gunbai(&["validate", "--format", "json", "chu"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).trim(), "[]");
    let dir = temp_dir("validate-warning");
    let file = dir.join("mini.toml");
    let fixed = BROKEN_MINI.replace("\"Fwd\"", "\"F\"").replace("\"kign\"", "\"king\"");
    std::fs::write(&file, fixed).expect("write");
    let o = gunbai(&["validate", "--format", "json", path_str(&file)]);
    assert!(o.status.success(), "warnings do not fail: {}", stdout(&o));
    let value: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(value[0]["severity"], "warning", "{value}");
    assert_eq!(value[0]["message"], "option `unused` is never read by any condition");
    // In text mode the warning goes to stderr.
    let o = gunbai(&["validate", path_str(&file)]);
    assert!(o.status.success());
    assert!(
        stderr(&o).contains("warning: option `unused` is never read"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn moves_json_has_the_position_side_moves_and_outcome() {
    let o = gunbai(&[
        "moves",
        "chu",
        "--position",
        "11,k/12/12/12/12/12/12/12/12/12/12/K,11 b",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    insta::assert_snapshot!("moves_json_kings", stdout(&o));
    let o = gunbai(&[
        "moves",
        "chu",
        "--position",
        "11,k/12/12/12/12/12/12/12/2,G,9/12/12/12 b",
        "--format",
        "json",
    ]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(value["moves"], serde_json::json!([]));
    assert_eq!(value["outcome"]["winner"], "white");
    assert_eq!(value["outcome"]["reason"], "loses_when");
}

#[test]
fn perft_json_per_depth_and_divided() {
    let o = gunbai(&["perft", "chu", "2", "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    insta::assert_snapshot!("perft_json_start", stdout(&o));
    let o = gunbai(&["perft", "chu", "2", "--divide", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(value["total"], 1296);
    assert_eq!(value["moves"].as_array().map(Vec::len), Some(36));
    assert_eq!(value["moves"][0], serde_json::json!({"move": "a4-a5", "nodes": 36}));
}

// --- diagnostics, completions, help ------------------------------------------

#[test]
fn diagnostics_are_plain_when_piped_and_coloured_on_request() {
    let dir = temp_dir("colour");
    let file = edited_chu(&dir, "promotes_to = \"tokin\"", "promotes_to = \"tokn\"");
    let piped = gunbai(&["validate", path_str(&file)]);
    assert_eq!(piped.status.code(), Some(1));
    assert!(!stderr(&piped).contains('\u{1b}'), "{}", stderr(&piped));
    let coloured = gunbai(&["--color", "always", "validate", path_str(&file)]);
    let err = stderr(&coloured);
    assert!(err.contains("\u{1b}["), "{err}");
    assert!(err.contains("did you mean `tokin`?"), "{err}");
    let plain = gunbai(&["--color", "never", "validate", path_str(&file)]);
    assert_eq!(stderr(&plain), stderr(&piped));
}

#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let o = gunbai(&["completions", shell]);
        assert!(o.status.success(), "{shell}: {}", stderr(&o));
        let script = stdout(&o);
        assert!(script.contains("gunbai") && script.contains("snapshot"), "{shell}");
    }
}

#[test]
fn every_command_has_help_with_examples() {
    let commands = [
        "validate",
        "perft",
        "moves",
        "show",
        "diagram",
        "book",
        "options",
        "snapshot",
        "bench",
        "completions",
    ];
    for command in commands {
        let o = gunbai(&[command, "--help"]);
        assert!(o.status.success(), "{command}");
        assert!(stdout(&o).contains("Example"), "{command} --help has no examples");
    }
}

/// A preset that sets no option (ShogiVar plays yari with gunbai's
/// defaults) says so instead of ending its line in a bare colon.
#[test]
fn options_lists_a_preset_without_options_as_the_defaults() {
    let o = gunbai(&["options", "yari"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("preset shogivar: (every option at its default)"),
        "{text}"
    );
    assert!(!text.lines().any(|l| l.ends_with(": ")), "{text}");
}
