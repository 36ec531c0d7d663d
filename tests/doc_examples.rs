//! Every command example in `README.md` and `docs/*.md` runs, and prints
//! what the page shows, so the docs cannot drift from the program.
//!
//! The convention (docs/ci.md, "Command examples in the docs"):
//!
//! - A fenced block whose info string is `console` holds `$ COMMAND` lines,
//!   each followed by its expected output: what it prints on stdout, then
//!   what it prints on stderr. A line `...` stands for any number of lines,
//!   `[..]` inside a line for any text, and a last line `(exit status N)`
//!   for a non-zero exit status (otherwise it must be 0).
//! - A fenced block whose info string is `sh` (or `bash`, `shell`) is run as
//!   one script under `set -e`: it must exit 0; its output is not compared.
//! - Either kind with `norun: REASON` after the language (`sh norun: starts
//!   a server`) is not run. The reason is required; the test prints every
//!   such example with its reason and counts it.
//! - A fenced block with `file=NAME` in its info string (`toml
//!   file=mini.toml`) is written to NAME before any command runs, for the
//!   examples of every page.
//! - A command outside these blocks (a `$ ` line or a line starting with
//!   `gunbai ` in another fenced block, or an indented code block starting
//!   with `gunbai `, `cargo ` or `$ `) is an error: mark it. A `markdown`
//!   block (page source, such as this convention) is not read.
//!
//! `DOC_EXAMPLES=bless` writes the printed output into the pages, for the
//! differing examples without wildcards.
//!
//! Each page runs in its own temporary directory holding copies of the
//! repository's `rules/` and `tests/` and, as `my_variant.toml` (the
//! reader's own file of many examples), `tests/data/toy/tiny.toml`, with
//! `HOME` pointing inside it and
//! `gunbai` on `PATH` the binary under test. Commands run with `bash -c`,
//! stdin empty, and at most 60 seconds each.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const GUNBAI: &str = env!("CARGO_BIN_EXE_gunbai");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// The longest a single example may take; the slowest take about a second.
const TIMEOUT_SECONDS: u32 = 60;

/// A fenced code block: the line of its opening fence (from 1), its info
/// string, and its lines with the fence's indentation removed.
struct Block {
    line: usize,
    indent: usize,
    info: String,
    lines: Vec<String>,
}

/// What a page holds: its blocks, and the commands found outside any
/// block kind that runs (reported as errors).
struct Page {
    blocks: Vec<Block>,
    stray: Vec<String>,
}

fn parse(name: &str, text: &str) -> Page {
    let mut blocks = Vec::new();
    let mut stray = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let indent = line.len() - line.trim_start_matches(' ').len();
        let rest = &line[indent..];
        let fence_char = rest.chars().next();
        let fence_len = rest.chars().take_while(|&c| Some(c) == fence_char).count();
        if matches!(fence_char, Some('`' | '~')) && fence_len >= 3 {
            let fence = &rest[..fence_len];
            let info = rest[fence_len..].trim().to_string();
            let start = i + 1;
            let mut body = Vec::new();
            i += 1;
            while i < lines.len() {
                let l = lines[i];
                let t = l.trim_start_matches(' ');
                if t.starts_with(fence) && t[fence.len()..].trim().is_empty() {
                    break;
                }
                let strip = (l.len() - t.len()).min(indent);
                body.push(l[strip..].to_string());
                i += 1;
            }
            blocks.push(Block {
                line: start,
                indent,
                info,
                lines: body,
            });
        } else if indent >= 4 && ["$ ", "gunbai ", "cargo "].iter().any(|p| rest.starts_with(p)) {
            stray.push(format!(
                "{name}:{}: a command in an indented code block; make it a fenced `console` or `sh` block: {rest}",
                i + 1
            ));
        }
        i += 1;
    }
    Page { blocks, stray }
}

/// One `$` command of a `console` block and the output it must print.
struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
    status: i32,
    /// Where the expected output (with its status line) stands in the
    /// page: the index of its first line, and how many lines it has.
    output_at: usize,
    output_len: usize,
}

fn console_examples(name: &str, block: &Block, errors: &mut Vec<String>) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut continued = false;
    for (k, line) in block.lines.iter().enumerate() {
        let at = block.line + 1 + k;
        if continued {
            let last = examples.last_mut().expect("a continued command");
            last.command.push('\n');
            last.command.push_str(line);
            last.output_at = at;
            continued = line.ends_with('\\');
        } else if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                line: at,
                command: command.to_string(),
                expected: Vec::new(),
                status: 0,
                output_at: at,
                output_len: 0,
            });
            continued = command.ends_with('\\');
        } else if let Some(last) = examples.last_mut() {
            last.expected.push(line.trim_end().to_string());
        } else if !line.trim().is_empty() {
            errors.push(format!(
                "{name}:{at}: output before any `$ ` command in a console block"
            ));
        }
    }
    for example in &mut examples {
        while example.expected.last().is_some_and(|l| l.is_empty()) {
            example.expected.pop();
        }
        example.output_len = example.expected.len();
        if let Some(last) = example.expected.last()
            && let Some(n) = last.strip_prefix("(exit status ").and_then(|r| r.strip_suffix(')'))
        {
            match n.parse() {
                Ok(n) if n != 0 => example.status = n,
                _ => errors.push(format!(
                    "{name}:{}: `{last}`: the status must be a non-zero number",
                    example.line
                )),
            }
            example.expected.pop();
        }
    }
    if examples.is_empty() {
        errors.push(format!(
            "{name}:{}: a console block without any `$ ` command",
            block.line
        ));
    }
    examples
}

/// Whether `text` matches `pattern`, where `[..]` stands for any text.
fn line_matches(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split("[..]").collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !text.starts_with(first) || text.len() < first.len() + last.len() {
        return false;
    }
    if !text.ends_with(last) {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether `text` matches `pattern` line by line, where a line `...`
/// stands for any number of lines.
fn lines_match(pattern: &[String], text: &[&str]) -> bool {
    match pattern.split_first() {
        None => text.is_empty(),
        Some((p, rest)) if p.trim() == "..." => (0..=text.len()).any(|skip| lines_match(rest, &text[skip..])),
        Some((p, rest)) => !text.is_empty() && line_matches(p, text[0]) && lines_match(rest, &text[1..]),
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        let kind = entry.file_type().unwrap();
        if kind.is_dir() {
            copy_dir(&entry.path(), &target);
        } else if kind.is_file() {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A page's scratch directory, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch(page: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!(
        "gunbai-doc-examples-{}-{}",
        std::process::id(),
        page.replace(['/', '.'], "_")
    ));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&Path::new(ROOT).join("rules"), &dir.join("rules"));
    copy_dir(&Path::new(ROOT).join("tests"), &dir.join("tests"));
    std::fs::create_dir_all(dir.join("home")).unwrap();
    // The reader's own rule file of the examples: a small valid one.
    std::fs::copy(
        Path::new(ROOT).join("tests/data/toy/tiny.toml"),
        dir.join("my_variant.toml"),
    )
    .unwrap();
    Scratch(dir)
}

/// Runs `script` with bash in `dir`; returns its exit status and its
/// stdout followed by its stderr (each is deterministic; their interleaving
/// in a pipeline is not).
fn run(dir: &Path, script: &str) -> (i32, String) {
    let bin = Path::new(GUNBAI).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let output = Command::new("timeout")
        .args(["-k", "5", &TIMEOUT_SECONDS.to_string(), "bash", "-c"])
        .arg(script)
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir.join("home"))
        .env("NO_COLOR", "1")
        .env("LC_ALL", "C.UTF-8")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::null())
        .output()
        .expect("run bash under timeout (coreutils)");
    let status = output.status.code().unwrap_or(-1);
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    (status, text)
}

/// What a page's test did.
#[derive(Default)]
struct Tally {
    compared: usize,
    scripts: usize,
    not_run: Vec<String>,
    errors: Vec<String>,
}

fn check_page(name: &str) -> Tally {
    let text = std::fs::read_to_string(Path::new(ROOT).join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let page = parse(name, &text);
    let mut tally = Tally {
        errors: page.stray,
        ..Tally::default()
    };
    let dir = scratch(name);
    // DOC_EXAMPLES=bless: write what the commands print into the page, for
    // the examples that differ and have no wildcards.
    let bless = std::env::var("DOC_EXAMPLES").is_ok_and(|v| v == "bless");
    let mut rewrites: Vec<(usize, usize, Vec<String>)> = Vec::new();
    let mut written: Vec<(String, String, String)> = Vec::new();
    for other in TESTED {
        let text = std::fs::read_to_string(Path::new(ROOT).join(other)).unwrap();
        for block in parse(other, &text).blocks {
            for file in block.info.split_whitespace().filter_map(|w| w.strip_prefix("file=")) {
                let content = block.lines.join("\n") + "\n";
                let at = format!("{other}:{}", block.line);
                match written.iter().find(|(f, _, _)| f == file) {
                    Some((_, c, first)) if *c != content => tally
                        .errors
                        .push(format!("{at}: `file={file}` differs from the one at {first}")),
                    Some(_) => {}
                    None => {
                        let path = dir.0.join(file);
                        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                        std::fs::write(&path, &content).unwrap();
                        written.push((file.to_string(), content, at));
                    }
                }
            }
        }
    }
    for block in &page.blocks {
        let lang = block.info.split_whitespace().next().unwrap_or("");
        let runs = matches!(lang, "console" | "sh" | "bash" | "shell");
        // A `markdown` block shows page source, such as this convention.
        if !runs && lang != "markdown" {
            for (k, line) in block.lines.iter().enumerate() {
                let t = line.trim_start();
                if t.starts_with("$ ") || t.starts_with("gunbai ") {
                    tally.errors.push(format!(
                        "{name}:{}: a command in a `{lang}` block; make it a `console` or `sh` block: {t}",
                        block.line + 1 + k
                    ));
                }
            }
        }
        if runs && let Some(at) = block.info.find("norun") {
            let reason = block.info[at + "norun".len()..].trim_start_matches(':').trim();
            if reason.is_empty() {
                tally.errors.push(format!(
                    "{name}:{}: `norun` needs a reason: `{lang} norun: REASON`",
                    block.line
                ));
            }
            tally.not_run.push(format!("{name}:{}: not run: {reason}", block.line));
        }
    }
    for block in &page.blocks {
        let lang = block.info.split_whitespace().next().unwrap_or("");
        if block.info.contains("norun") {
            continue;
        }
        match lang {
            "console" => {
                for example in console_examples(name, block, &mut tally.errors) {
                    let (status, output) = run(&dir.0, &example.command);
                    let lines: Vec<&str> = output.lines().map(str::trim_end).collect();
                    let mut end = lines.len();
                    while end > 0 && lines[end - 1].is_empty() {
                        end -= 1;
                    }
                    tally.compared += 1;
                    if status != example.status || !lines_match(&example.expected, &lines[..end]) {
                        let wildcards = example.expected.iter().any(|l| l.trim() == "..." || l.contains("[..]"));
                        if bless && !wildcards {
                            let mut new: Vec<String> = lines[..end].iter().map(|l| l.to_string()).collect();
                            if status != 0 {
                                new.push(format!("(exit status {status})"));
                            }
                            let indent = " ".repeat(block.indent);
                            let new = new
                                .into_iter()
                                .map(|l| if l.is_empty() { l } else { format!("{indent}{l}") })
                                .collect();
                            rewrites.push((example.output_at, example.output_len, new));
                            continue;
                        }
                        let mut report = format!(
                            "{name}:{}: $ {}\n  exit status {status}, expected {}\n  --- expected\n",
                            example.line, example.command, example.status
                        );
                        for l in &example.expected {
                            let _ = writeln!(report, "  {l}");
                        }
                        report.push_str("  --- printed\n");
                        for l in &lines[..end] {
                            let _ = writeln!(report, "  {l}");
                        }
                        tally.errors.push(report);
                    }
                }
            }
            "sh" | "bash" | "shell" => {
                let script = format!("set -e\n{}", block.lines.join("\n"));
                let (status, output) = run(&dir.0, &script);
                tally.scripts += 1;
                if status != 0 {
                    tally.errors.push(format!(
                        "{name}:{}: the `{lang}` block exits {status}:\n{output}",
                        block.line
                    ));
                }
            }
            _ => {}
        }
    }
    if !rewrites.is_empty() {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        rewrites.sort_by_key(|r| std::cmp::Reverse(r.0));
        for (at, len, new) in &rewrites {
            lines.splice(*at..at + len, new.iter().cloned());
        }
        std::fs::write(Path::new(ROOT).join(name), lines.join("\n") + "\n").unwrap();
        println!("{name}: rewrote the output of {} examples", rewrites.len());
    }
    tally
}

fn test_page(name: &str) {
    let tally = check_page(name);
    println!(
        "{name}: {} command examples compared, {} scripts run, {} blocks not run",
        tally.compared,
        tally.scripts,
        tally.not_run.len()
    );
    for line in &tally.not_run {
        println!("  {line}");
    }
    assert!(
        tally.errors.is_empty(),
        "{} problem(s) in {name} (see docs/ci.md, \"Command examples in the docs\"):\n\n{}",
        tally.errors.len(),
        tally.errors.join("\n")
    );
}

macro_rules! pages {
    ($($test:ident => $page:literal,)*) => {
        $(
            #[test]
            fn $test() {
                test_page($page);
            }
        )*
        const TESTED: &[&str] = &[$($page),*];
    };
}

pages! {
    readme => "README.md",
    api => "docs/api.md",
    atsi => "docs/atsi.md",
    ci => "docs/ci.md",
    cli => "docs/cli.md",
    dsl => "docs/dsl.md",
    engine => "docs/engine.md",
    library => "docs/library.md",
    import_fsf => "docs/import-fsf.md",
    mate => "docs/mate.md",
    notation => "docs/notation.md",
    performance => "docs/performance.md",
    perft_tables => "docs/perft-tables.md",
    records => "docs/records.md",
    python => "docs/python.md",
    rule_files => "docs/rule-files.md",
    site => "docs/site.md",
    variants => "docs/variants.md",
    wasm => "docs/wasm.md",
}

/// A new page under docs/ gets its examples tested once it is listed.
#[test]
fn every_page_is_tested() {
    let mut found = vec!["README.md".to_string()];
    for entry in std::fs::read_dir(Path::new(ROOT).join("docs")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".md") {
            found.push(format!("docs/{name}"));
        }
    }
    found.sort();
    let mut listed: Vec<String> = TESTED.iter().map(|p| p.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed, "list every page in pages! in tests/doc_examples.rs");
}

/// The matcher itself: wildcards match what they should and no more.
#[test]
fn wildcards() {
    let p = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(lines_match(&p(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(lines_match(&p(&["a", "...", "d"]), &["a", "d"]));
    assert!(!lines_match(&p(&["a", "...", "d"]), &["a", "b"]));
    assert!(!lines_match(&p(&["a"]), &["a", "b"]));
    assert!(line_matches("x [..] s", "x in 0.05 s"));
    assert!(!line_matches("x [..] s", "x in 0.05 ms!"));
    assert!(line_matches("[..]=[..]", "a=b"));
    assert!(!line_matches("ab[..]ba", "aba"));
}
