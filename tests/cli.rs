//! The command line: exit codes and diagnostics that name file, line and
//! column; and the rule that no variant knowledge lives in src/.

mod cli_common;

use cli_common::{gunbai, stderr, stdout};
use std::path::{Path, PathBuf};

/// A copy of the bundled Chu rule file with one edit, in a temp dir.
fn broken_chu(name: &str, from: &str, to: &str) -> PathBuf {
    let text = gunbai::unstable::rules::bundled("chu").expect("bundled chu");
    assert!(text.contains(from), "edit anchor `{from}` not found");
    let dir = std::env::temp_dir().join(format!("gunbai-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
    path
}

fn line_of(path: &Path, needle: &str) -> usize {
    let text = std::fs::read_to_string(path).expect("read");
    text.lines().position(|l| l.contains(needle)).expect("needle") + 1
}

#[test]
fn bundled_chu_validates() {
    let o = gunbai(&["validate", "rules/chu.toml"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("ok: variant `chu`"));
}

#[test]
fn perft_prints_one_line_per_depth() {
    let o = gunbai(&["perft", "chu", "2"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "1\t36\n2\t1296\n");
}

#[test]
fn unknown_key_is_an_error_with_file_line_column() {
    let p = broken_chu("unknown_key.toml", "zone_ranks = 4", "zone_ranks = 4\nzone_rank = 4");
    let o = gunbai(&["validate", p.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(1));
    let line = line_of(&p, "zone_rank = 4");
    let err = stderr(&o);
    assert!(
        err.contains(&format!("unknown_key.toml:{line}:1: error: unknown field `zone_rank`")),
        "{err}"
    );
    assert!(err.contains("did you mean `zone_ranks`?"), "{err}");
}

#[test]
fn bad_piece_id_is_an_error_with_a_suggestion() {
    let p = broken_chu("bad_id.toml", "promotes_to = \"tokin\"", "promotes_to = \"tokn\"");
    let o = gunbai(&["validate", p.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(1));
    let line = line_of(&p, "promotes_to = \"tokn\"");
    let err = stderr(&o);
    assert!(
        err.contains(&format!("bad_id.toml:{line}:15: error: unknown piece `tokn`")),
        "{err}"
    );
    assert!(err.contains("did you mean `tokin`?"), "{err}");
}

#[test]
fn dsl_syntax_error_points_into_the_condition() {
    // Chu's `loses_when` is a multi-line string: the error points into its
    // first line of text, not at the key.
    let p = broken_chu(
        "dsl.toml",
        "loses_when = \"\"\"\n    count(royal) == 0\n",
        "loses_when = \"\"\"\n    count(royal) == == 0\n",
    );
    let o = gunbai(&["validate", p.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(1));
    let line = line_of(&p, "count(royal) == == 0");
    let err = stderr(&o);
    // Column of the second `==`: after `    count(royal) == `.
    assert!(
        err.contains(&format!("dsl.toml:{line}:21: error: syntax error in condition")),
        "{err}"
    );
}

#[test]
fn every_error_is_reported_at_once() {
    let p = broken_chu(
        "many.toml",
        "moves = [{ step = \"F\" }]",
        "moves = [{ step = \"Fwd\" }]\nspeed = 3",
    );
    let o = gunbai(&["validate", p.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(1));
    // TOML structure errors stop at the first; fix that and the semantic
    // errors come together.
    let p = broken_chu(
        "many2.toml",
        "moves = [{ step = \"F\" }]\npromotes_to = \"tokin\"",
        "moves = [{ step = \"Fwd\" }]\npromotes_to = \"tokn\"",
    );
    let err = stderr(&gunbai(&["validate", p.to_str().expect("utf-8")]));
    assert!(
        err.contains("unknown direction `Fwd`") && err.contains("unknown piece `tokn`"),
        "{err}"
    );
}

#[test]
fn unknown_variant_and_bad_option_fail_cleanly() {
    let o = gunbai(&["perft", "chuu", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("Did you mean `chu`?"), "{}", stderr(&o));
    let o = gunbai(&["perft", "chu", "1", "--option", "chu.repetition=never"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--option:1:16: error: option `repetition` takes one of"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn bad_position_and_illegal_move_fail_cleanly() {
    let o = gunbai(&[
        "moves",
        "chu",
        "--position",
        "12/12/12/12/12/12/12/12/12/12/12/K,10,ZZ b",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("position:1:39: error: unknown piece code `ZZ`"), "{err}");
    assert!(!err.contains("expected 12 squares"), "one error, not a cascade: {err}");
    let o = gunbai(&["moves", "chu", "--moves", "f3-f6"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("`f3-f6` is not a legal move")
            && err.contains("legal moves from f3: f3-d2 f3-e5 f3-f5 f3-g5 f3-h5"),
        "{err}"
    );
    let o = gunbai(&["moves", "chu", "--sfen", "lfcsgekgscfl/a1b1txot1b1a b"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("sfen:1:1: error: expected 12 ranks"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn moves_accepts_usi_and_prints_usi() {
    // 7i7h is f4-f5 (USI files count from the right, ranks from the top).
    let o = gunbai(&["moves", "chu", "--moves", "7i7h 6d6e", "--notation", "usi"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).lines().any(|l| l == "7h7g"), "{}", stdout(&o));
}

#[test]
fn no_variant_or_piece_names_in_src() {
    let mut names: Vec<String> = Vec::new();
    for name in gunbai::unstable::rules::bundled_names() {
        names.push(name.to_string());
        let rules = gunbai::unstable::rules::load_variant(name, &[]).expect("bundled compiles");
        names.extend(rules.kinds.iter().map(|k| k.id.clone()));
    }
    let mut hits = Vec::new();
    let mut stack = vec![PathBuf::from("src")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("src readable").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                // Comments too: doc examples that load a bundled variant
                // live in docs/examples/.
                let code = std::fs::read_to_string(&p).expect("utf-8 source");
                for n in &names {
                    if code.contains(&format!("\"{n}\"")) {
                        hits.push(format!("{}: \"{n}\"", p.display()));
                    }
                }
            }
        }
    }
    assert!(hits.is_empty(), "{hits:?}");
}
