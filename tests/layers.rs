//! The modules of `src/` depend one way only (ARCHITECTURE.md, "Modules
//! depend one way only"): no code in a module names a module ranked above
//! it. Doc comments may link anywhere.

use std::path::Path;

/// Each ranked module and its rank; a module may name only modules of its
/// own rank or lower. Modules not listed (`rules`, `lib.rs`) are free.
const RANKS: &[(&str, u8)] = &[
    ("board", 0),
    ("diagnostics", 0),
    ("dsl", 1),
    ("ruleset", 2),
    ("moves", 3),
    ("compile", 4),
    ("position", 5),
    ("movegen", 6),
    ("judge", 7),
    ("play", 8),
    ("notation", 9),
    ("perft", 9),
    ("diagram", 9),
    ("render", 9),
    ("search", 9),
    ("engine", 10),
    ("serve", 10),
    ("cli", 10),
    ("facade", 10),
];

fn rank(module: &str) -> Option<u8> {
    RANKS.iter().find(|(m, _)| *m == module).map(|&(_, r)| r)
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The modules ranked above `own` that the code (not the comments) of
/// `text` names, one `line: name` each. A grouped `crate::{...}` import
/// counts as naming `{`, which is never ranked, so it is refused too.
/// Unit tests (from a `#[cfg(test)]` line on) may use any module.
fn upward_names(own: u8, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.trim_start();
        if code.starts_with("#[cfg(test)]") {
            break;
        }
        if code.starts_with("//") {
            continue;
        }
        for (at, _) in code.match_indices("crate::") {
            let rest = &code[at + "crate::".len()..];
            if rest.starts_with('{') {
                out.push(format!(
                    "{}: a grouped crate:: import (write one path per module)",
                    n + 1
                ));
                continue;
            }
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if rank(&name).is_some_and(|r| r > own) {
                out.push(format!("{}: {name}", n + 1));
            }
        }
    }
    out
}

#[test]
fn no_module_names_a_module_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut upward = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&src).expect("under src/");
        let first = rel.components().next().expect("a file").as_os_str().to_string_lossy();
        let module = first.trim_end_matches(".rs");
        let Some(own) = rank(module) else { continue };
        let text = std::fs::read_to_string(file).expect("a readable source file");
        for hit in upward_names(own, &text) {
            upward.push(format!("{}:{hit} (in {module})", rel.display()));
        }
    }
    assert!(upward.is_empty(), "upward dependencies:\n{}", upward.join("\n"));
}

#[test]
fn an_upward_name_in_code_is_found_and_one_in_a_comment_is_not() {
    let movegen = rank("movegen").expect("ranked");
    let text = "/// see [`crate::play::Undo`]\nuse crate::position::Position;\nlet h = crate::play::hash_after(p, m);\nuse crate::{play, board};\n#[cfg(test)]\nuse crate::play::Undo;\n";
    assert_eq!(
        upward_names(movegen, text),
        vec![
            "3: play".to_string(),
            "4: a grouped crate:: import (write one path per module)".to_string()
        ]
    );
}
