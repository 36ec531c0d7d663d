//! The broken rule files in `tests/broken/`: each one fails to compile (or,
//! for `lint_*` files, compiles with warnings), and its diagnostics are
//! snapshotted. Each file's first line says what is wrong with it, so a
//! snapshot can be read against that: the message must name the right
//! `file:line:col` and say how to fix the mistake.

use gunbai::unstable::compile::compile;
use gunbai::unstable::diagnostics::{Report, Source};
use std::path::Path;

/// Every file in the corpus, sorted, as (stem, text).
fn corpus() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/broken");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("tests/broken exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| {
            let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
            let text = std::fs::read_to_string(&p).expect("readable");
            (stem, text)
        })
        .collect();
    files.sort();
    files
}

/// Compiles a corpus file: the rendered diagnostics, and whether it was
/// an error.
fn diagnose(stem: &str, text: &str) -> (Report, bool) {
    let source = Source::new(format!("tests/broken/{stem}.toml"), text);
    match compile(&source, &[]) {
        Ok(c) => (c.warnings, false),
        Err(r) => (r, true),
    }
}

#[test]
fn the_corpus_is_large_enough() {
    let n = corpus().len();
    assert!(n >= 40, "only {n} broken files");
}

#[test]
fn every_file_says_what_is_wrong_with_it() {
    for (stem, text) in corpus() {
        assert!(text.starts_with("# "), "{stem}.toml must start with a `#` comment");
    }
}

#[test]
fn every_broken_file_fails_and_every_lint_file_warns() {
    for (stem, text) in corpus() {
        let (report, failed) = diagnose(&stem, &text);
        if stem.starts_with("lint_") {
            assert!(!failed, "{stem}: a lint file compiles:\n{report}");
            assert!(!report.diagnostics.is_empty(), "{stem}: a lint file warns");
        } else {
            assert!(failed, "{stem}: a broken file must fail to compile");
            assert!(report.has_errors(), "{stem}: a failure reports an error");
        }
        for d in &report.diagnostics {
            assert!(
                d.span.start < text.len() && d.span.end <= text.len(),
                "{stem}: span {:?} is inside the file",
                d.span
            );
        }
    }
}

#[test]
fn diagnostics_match_their_snapshots() {
    for (stem, text) in corpus() {
        let (report, _) = diagnose(&stem, &text);
        let comment = text.lines().next().unwrap_or_default();
        insta::assert_snapshot!(stem.as_str(), format!("{comment}\n\n{report}"));
    }
}
