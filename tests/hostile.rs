//! Hostile input: every case runs the `gunbai` binary as a subprocess under
//! a hard memory and CPU-time limit (`prlimit`), and must end cleanly: the
//! expected exit (0, or one of the documented failure codes 1 and 2), the
//! expected message, and never a signal (stack overflow, abort, out of
//! memory, CPU limit) or a panic (101).
//!
//! The corpus is table-driven, so that a case is a file, not code:
//! - `tests/hostile/NAME.toml` is a rule file. Its commands are in
//!   `NAME.expect` if there is one, else `validate`, `show` and `moves` on
//!   it, each expected to fail cleanly.
//! - `tests/hostile/NAME.cli` is a list of commands with no file of their
//!   own.
//!
//! A command line is `ARGS => OUTCOME "TEXT"`: `FILE` in ARGS stands for the
//! rule file's path; OUTCOME is `ok` (exit 0, TEXT in stdout), `error`
//! (exit 1 or 2, TEXT in stderr) or `fails` (exit 1, TEXT in stderr,
//! without the word `error`: a match whose games ended by a fault); TEXT
//! may be left out. Lines starting with `#` are comments. In ARGS, `'...'`
//! is one argument (spaces kept), `ENGINES/` stands for the directory of
//! rogue engines (`tests/data/engines/`), and `< NAME` feeds the file
//! `tests/hostile/NAME` (a `.stdin` file, any bytes) to standard input:
//! XBoard and USI command streams are cases too.
//!
//! Cases too large to keep in git are written by [`generated`] into a
//! temporary directory.

use std::fmt::Write as _;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Address space each run may use: far above what any case needs when it
/// behaves, far below what the runaways asked for (10 GB and more).
const MEMORY_BYTES: u64 = 1 << 30;
/// CPU seconds each run may use (a debug build is slower than release).
const CPU_SECONDS: u64 = 20;

#[derive(Debug, PartialEq)]
enum Outcome {
    Ok,
    Error,
    Fails,
}

#[derive(Debug)]
struct Expectation {
    args: Vec<String>,
    outcome: Outcome,
    text: Option<String>,
    /// A file fed to standard input (otherwise none: an empty input).
    stdin: Option<PathBuf>,
}

/// Splits ARGS into words: whitespace separates them, except inside
/// `'...'`, which is one word without its quotes.
fn words(args: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in args.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            c if c.is_whitespace() && !quoted => out.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(!quoted, "`{args}`: a quote is not closed");
    out.extend(word);
    out
}

/// Reads command lines; `FILE` becomes `file`.
fn expectations(text: &str, file: Option<&Path>, origin: &str) -> Vec<Expectation> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (args, expect) = line
                .split_once("=>")
                .unwrap_or_else(|| panic!("{origin}: `{line}` has no `=>`"));
            let expect = expect.trim();
            let (outcome, rest) = expect.split_once(' ').unwrap_or((expect, ""));
            let outcome = match outcome {
                "ok" => Outcome::Ok,
                "error" => Outcome::Error,
                "fails" => Outcome::Fails,
                other => panic!("{origin}: outcome `{other}` is not `ok`, `error` or `fails`"),
            };
            let rest = rest.trim();
            let text = (!rest.is_empty()).then(|| rest.trim_matches('"').to_string());
            let (args, stdin) = match args.split_once(" < ") {
                Some((a, input)) => (a, Some(corpus_dir().join(input.trim()))),
                None => (args, None),
            };
            let engines = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/engines/");
            let args = words(args)
                .into_iter()
                .map(|a| match (a.as_str(), file) {
                    ("FILE", Some(f)) => f.display().to_string(),
                    ("FILE", None) => panic!("{origin}: FILE in a .cli case"),
                    _ => a.replace("ENGINES/", &engines.display().to_string()),
                })
                .collect();
            Expectation {
                args,
                outcome,
                text,
                stdin,
            }
        })
        .collect()
}

/// The default for a rule file without `.expect`: three commands that must
/// each fail cleanly.
fn default_expectations(file: &Path) -> Vec<Expectation> {
    ["validate", "show", "moves"]
        .iter()
        .map(|cmd| Expectation {
            args: vec![cmd.to_string(), file.display().to_string()],
            outcome: Outcome::Error,
            text: None,
            stdin: None,
        })
        .collect()
}

/// Runs one command under the limits; `None` if it behaved, else what went
/// wrong.
fn check(e: &Expectation) -> Option<String> {
    let mut command = Command::new("prlimit");
    command
        .arg(format!("--as={MEMORY_BYTES}"))
        .arg(format!("--cpu={CPU_SECONDS}"))
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_gunbai"))
        .args(&e.args)
        .env("NO_COLOR", "1");
    if let Some(path) = &e.stdin {
        let file = std::fs::File::open(path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        command.stdin(file);
    }
    let out = command
        .output()
        .expect("prlimit runs (util-linux, see .ci/packages.d/limits)");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    let cut = |s: &str| s.chars().take(600).collect::<String>();
    let shown = || format!("\n  stderr: {}\n  stdout: {}", cut(&stderr), cut(&stdout));
    let cmd = e.args.iter().map(|a| cut(a)).collect::<Vec<_>>().join(" ");
    let code = match out.status.code() {
        Some(c) => c,
        None => {
            return Some(format!(
                "`{cmd}` was killed by signal {:?} (limits: {MEMORY_BYTES} bytes, {CPU_SECONDS} s){}",
                out.status.signal(),
                shown()
            ));
        }
    };
    let (want, stream) = match e.outcome {
        Outcome::Ok => (code == 0, &stdout),
        Outcome::Error => (code == 1 || code == 2, &stderr),
        Outcome::Fails => (code == 1, &stderr),
    };
    if !want {
        return Some(format!("`{cmd}` exited {code}, expected {:?}{}", e.outcome, shown()));
    }
    if e.outcome == Outcome::Error && !stderr.contains("error") {
        return Some(format!("`{cmd}` failed without saying `error`{}", shown()));
    }
    // Every diagnostic cuts what it quotes (src/diagnostics.rs:
    // `MAX_QUOTED`), records and rule files alike (huge_identifier).
    if stderr.len() > MAX_STDERR {
        return Some(format!(
            "`{cmd}` wrote {} bytes to stderr: a message may have at most {MAX_STDERR}{}",
            stderr.len(),
            shown()
        ));
    }
    match &e.text {
        Some(t) if !stream.contains(t.as_str()) => Some(format!("`{cmd}` did not say `{t}`{}", shown())),
        _ => None,
    }
}

/// The most bytes a command may write to stderr on hostile input: a
/// message quotes the input it refuses, but a 10^6-character token must
/// not come back whole.
const MAX_STDERR: usize = 64 << 10;

fn run_all(cases: &[(String, Vec<Expectation>)]) {
    let mut failures = String::new();
    for (name, exps) in cases {
        assert!(!exps.is_empty(), "{name}: no commands");
        for e in exps {
            if let Some(f) = check(e) {
                let _ = writeln!(failures, "{name}: {f}");
            }
        }
    }
    assert!(failures.is_empty(), "hostile cases misbehaved:\n{failures}");
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile")
}

/// The checked-in cases, sorted by name.
fn corpus() -> Vec<(String, Vec<Expectation>)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/hostile exists")
        .flatten()
        .map(|e| e.path())
        .collect();
    paths.sort();
    let mut cases = Vec::new();
    for p in &paths {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        match p.extension().and_then(|x| x.to_str()) {
            Some("toml") => {
                let expect = p.with_extension("expect");
                let exps = if expect.exists() {
                    expectations(&read(&expect), Some(p), &name)
                } else {
                    default_expectations(p)
                };
                cases.push((name, exps));
            }
            Some("cli") => cases.push((name.clone(), expectations(&read(p), None, &name))),
            Some("expect") => assert!(p.with_extension("toml").exists(), "{name} has no .toml beside it"),
            // Standard input of the cases that name it (`< NAME`).
            Some("stdin") => {}
            _ => panic!("{name}: tests/hostile holds only .toml, .expect, .cli and .stdin files"),
        }
    }
    cases
}

#[test]
fn every_checked_in_hostile_case_ends_cleanly() {
    let cases = corpus();
    assert!(cases.len() >= 6, "only {} cases", cases.len());
    run_all(&cases);
}

/// A small rule file around the given parts: a king each on a board of the
/// given size, then `pieces`, `setup` (or kings in the corners), `extra`
/// tables and a victory condition.
fn rule_file(files: usize, ranks: usize, pieces: &str, setup: Option<&str>, victory: &str) -> String {
    let mut s = format!(
        "[variant]\nid = \"hostile\"\n[board]\nfiles = {files}\nranks = {ranks}\n[tags]\nroyal = \"\"\n\
         [[piece]]\nid = \"king\"\ncode = \"K\"\ntags = [\"royal\"]\nmoves = [{{ step = \"all\" }}]\n{pieces}"
    );
    let corners = {
        let empty = vec!["."; files];
        let mut rows: Vec<String> = (0..ranks).map(|_| empty.join(" ")).collect();
        rows[0].replace_range(0..1, "k");
        rows[ranks - 1].replace_range(0..1, "K");
        rows.join("\n")
    };
    let _ = write!(
        s,
        "[setup]\nboard = \"\"\"\n{}\n\"\"\"\n[victory]\nloses_when = '''{victory}'''\nno_moves = \"loss\"\n",
        setup.unwrap_or(&corners)
    );
    s
}

/// A piece code for a number: four letters, so that 26^4 kinds differ.
fn code(mut i: usize) -> String {
    (0..4)
        .map(|_| {
            let c = char::from(b'A' + (i % 26) as u8);
            i /= 26;
            c
        })
        .collect()
}

/// Cases too large for git, written into `dir`: (name, text, commands).
fn generated(dir: &Path) -> Vec<(String, Vec<Expectation>)> {
    let royal = "count(royal) == 0";
    let many_kinds: String = (0..33_000)
        .map(|i| {
            format!(
                "[[piece]]\nid = \"p{i}\"\ncode = \"{}\"\nmoves = [{{ step = \"F\" }}]\n",
                code(i)
            )
        })
        .collect();
    let chain: String = (0..1000)
        .map(|i| {
            format!(
                "[[piece]]\nid = \"p{i}\"\ncode = \"{}\"\nmoves = [{{ step = \"F\" }}]\npromotes_to = \"p{}\"\n",
                code(i),
                (i + 1) % 1000
            )
        })
        .collect();
    let chain =
        rule_file(36, 36, &chain, None, royal) + "[promotion]\nzone_ranks = 2\nrepromote = \"true\"\nmay = \"true\"\n";
    let unknown_board = vec![vec!["zz"; 36].join(" "); 36 * 80].join("\n");
    // Fewer than the type limit, which would stop the check first.
    let duplicates: String = (0..2000)
        .map(|_| "[[piece]]\nid = \"twin\"\ncode = \"T\"\nmoves = [{ step = \"F\" }]\n".to_string())
        .collect();
    let long_or = vec!["count(royal) == 0"; 20_000].join(" or ");
    let too_large = "#".repeat(5 << 20);
    let table: Vec<(&str, String, &str, Outcome)> = vec![
        (
            "many_kinds",
            rule_file(5, 5, &many_kinds, None, royal),
            "too many piece types",
            Outcome::Error,
        ),
        ("repromote_chain_36x36", chain, "too many piece types", Outcome::Error),
        (
            "huge_setup_of_unknown_codes",
            rule_file(36, 36, "", Some(&unknown_board), royal),
            "more errors not shown",
            Outcome::Error,
        ),
        (
            "many_duplicate_ids",
            rule_file(5, 5, &duplicates, None, royal),
            "more errors not shown",
            Outcome::Error,
        ),
        (
            "huge_identifier",
            rule_file(5, 5, "", None, &format!("count({}) == 0", "r".repeat(200_000))),
            "unknown piece kind or tag",
            Outcome::Error,
        ),
        (
            "huge_unknown_key",
            rule_file(5, 5, "", None, "count(royal) == 0") + &format!("{} = 1\n", "k".repeat(200_000)),
            "unknown field",
            Outcome::Error,
        ),
        (
            "huge_unknown_section",
            rule_file(5, 5, "", None, "count(royal) == 0") + &format!("[{}]\n", "s".repeat(200_000)),
            "unknown field",
            Outcome::Error,
        ),
        (
            "long_sum",
            rule_file(5, 5, "", None, &format!("count(royal){} == 0", " + 1".repeat(100_000))),
            "condition nests too deeply",
            Outcome::Error,
        ),
        (
            "larger_than_the_cap",
            too_large,
            "larger than the limit",
            Outcome::Error,
        ),
        // A flat chain is fine however long: it is not nested.
        ("long_or_chain", rule_file(5, 5, "", None, &long_or), "", Outcome::Ok),
    ];
    table
        .into_iter()
        .map(|(name, text, message, outcome)| {
            let path = dir.join(format!("{name}.toml"));
            std::fs::write(&path, text).expect("temporary directory is writable");
            let exps = ["validate", "show", "moves"]
                .iter()
                .map(|cmd| Expectation {
                    args: vec![cmd.to_string(), path.display().to_string()],
                    outcome: match outcome {
                        Outcome::Ok => Outcome::Ok,
                        Outcome::Error => Outcome::Error,
                        Outcome::Fails => Outcome::Fails,
                    },
                    text: (!message.is_empty()).then(|| message.to_string()),
                    stdin: None,
                })
                .collect();
            (name.to_string(), exps)
        })
        .collect()
}

/// One command of a generated case: arguments (`FILE` for its rule file),
/// outcome and text.
type Step = (Vec<String>, Outcome, &'static str);

/// Cases of the move budget too large for git, written into `dir`, each
/// with its own commands: (name, text, commands with `FILE`).
fn generated_budget(dir: &Path) -> Vec<(String, Vec<Expectation>)> {
    let royal = "count(royal) == 0";
    // 800 kinds, one of each in Black's hand, on an empty 36x36 board:
    // 800 x 1,294 drops, past the budget of 1,000,000 moves.
    let kinds: String = (0..800)
        .map(|i| {
            format!(
                "[[piece]]\nid = \"p{i}\"\ncode = \"{}\"\nmoves = [{{ step = \"F\" }}]\n",
                code(i)
            )
        })
        .collect();
    let drops = rule_file(36, 36, &kinds, None, royal) + "[drops]\n";
    let hand: Vec<String> = (0..800).map(code).collect();
    let position = format!("k,35/{}/K,35[{}] b -", vec!["36"; 34].join("/"), hand.join(","));
    // A hand of many pieces of one kind: every count hashes apart.
    let big_hand = format!("k,35/{}/K,35[1000{}] b -", vec!["36"; 34].join("/"), code(0));
    let cases: Vec<(&str, String, Vec<Step>)> = vec![(
        "budget_drops_of_800_kinds",
        drops,
        vec![
            (vec!["validate".into(), "FILE".into()], Outcome::Ok, ""),
            (
                vec!["moves".into(), "FILE".into(), "--position".into(), position.clone()],
                Outcome::Error,
                "more than 1000000 moves",
            ),
            (
                vec![
                    "perft".into(),
                    "FILE".into(),
                    "1".into(),
                    "--position".into(),
                    position.clone(),
                ],
                Outcome::Error,
                "more than 1000000 moves",
            ),
            (
                vec![
                    "moves".into(),
                    "FILE".into(),
                    "--position".into(),
                    position,
                    "--move-budget".into(),
                    "1100000".into(),
                ],
                Outcome::Ok,
                "",
            ),
            (
                vec!["moves".into(), "FILE".into(), "--position".into(), big_hand.clone()],
                Outcome::Ok,
                "*",
            ),
            (
                vec!["perft".into(), "FILE".into(), "2".into(), "--position".into(), big_hand],
                Outcome::Ok,
                "2\t",
            ),
        ],
    )];
    write_cases(dir, cases)
}

/// Writes each case's file into `dir` (as NAME.toml) and puts its path
/// for `FILE` in its commands.
fn write_cases(dir: &Path, cases: Vec<(&str, String, Vec<Step>)>) -> Vec<(String, Vec<Expectation>)> {
    cases
        .into_iter()
        .map(|(name, text, commands)| {
            let path = dir.join(format!("{name}.toml"));
            std::fs::write(&path, text).expect("temporary directory is writable");
            let exps = commands
                .into_iter()
                .map(|(args, outcome, message)| Expectation {
                    args: args
                        .into_iter()
                        .map(|a| if a == "FILE" { path.display().to_string() } else { a })
                        .collect(),
                    outcome,
                    text: (!message.is_empty()).then(|| message.to_string()),
                    stdin: None,
                })
                .collect();
            (name.to_string(), exps)
        })
        .collect()
}

#[test]
fn generated_hostile_cases_end_cleanly() {
    let dir = std::env::temp_dir().join(format!("gunbai-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let mut cases = generated(&dir);
    cases.extend(generated_budget(&dir));
    cases.extend(generated_fsf(&dir));
    cases.extend(generated_records(&dir));
    // Only this test's own files are removed, before any assertion.
    let result = std::panic::catch_unwind(|| run_all(&cases));
    for (name, _) in &cases {
        let _ = std::fs::remove_file(dir.join(format!("{name}.toml")));
    }
    let _ = std::fs::remove_dir(&dir);
    if let Err(e) = result {
        std::panic::resume_unwind(e);
    }
}

#[test]
fn command_lines_read_as_documented() {
    let file = Path::new("x.toml");
    let e = expectations(
        "# comment\n\nvalidate FILE => error \"too many\"\ndiagram chu lion => ok\n",
        Some(file),
        "t",
    );
    assert_eq!(e.len(), 2);
    assert_eq!(e[0].args, ["validate", "x.toml"]);
    assert_eq!(
        (&e[0].outcome, e[0].text.as_deref()),
        (&Outcome::Error, Some("too many"))
    );
    assert_eq!((&e[1].outcome, e[1].text.as_deref()), (&Outcome::Ok, None));
}

#[test]
fn arguments_in_quotes_and_standard_input_read_as_documented() {
    let e = expectations(
        "match chu --engine 'sh ENGINES/rogue.sh  flood' --games 1 => fails \"on time\"\nxboard chu < x.stdin => ok \"pong\"\n",
        None,
        "t",
    );
    let engines = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/engines/rogue.sh");
    assert_eq!(e[0].args[3], format!("sh {}  flood", engines.display()));
    assert_eq!(e[0].args.len(), 6);
    assert_eq!(e[0].outcome, Outcome::Fails);
    assert_eq!(e[1].args, ["xboard", "chu"]);
    assert_eq!(e[1].stdin.as_deref(), Some(corpus_dir().join("x.stdin").as_path()));
}

/// `gunbai import-fsf` on variants.ini files too large for git: a chain
/// of 200,000 sections each inheriting the one before (converted in linear
/// time), a Betza string of 3 MiB, 300,000 unknown keys and a hand of a
/// million pieces. Each ends with exit 2 and a message, or converts.
fn generated_fsf(dir: &Path) -> Vec<(String, Vec<Expectation>)> {
    let import = |name: &str| vec!["import-fsf".to_string(), "FILE".to_string(), name.to_string()];
    let chain: String = std::iter::once("[s0:shogi]\n".to_string())
        .chain((1..200_000).map(|i| format!("[s{i}:s{}]\n", i - 1)))
        .collect();
    let loop_back = chain.replacen("[s0:shogi]", "[s0:s199999]", 1);
    let betza = format!(
        "[b:shogi]\nstartFen = lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPAPPPP/1B5R1/LNSGKGSNL[-] w 0 1\ncustomPiece1 = a:{}W\n",
        "fb".repeat(3 << 19)
    );
    let junk = format!("[b:shogi]\ncustomPiece1 = a:{}\n", "\u{4e00}\u{4e01}x".repeat(300_000));
    let keys: String = (0..300_000).map(|i| format!("k{i} = 1\n")).collect();
    let hand = format!(
        "[h:shogi]\nstartFen = lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[{}] w 0 1\n",
        "P".repeat(1_000_000)
    );
    let cases: Vec<(&str, String, Vec<Step>)> = vec![
        (
            "fsf_long_chain",
            chain,
            vec![
                (import("s199999"), Outcome::Ok, "[variant]"),
                (vec!["import-fsf".into(), "FILE".into()], Outcome::Ok, "s199999:s199998"),
            ],
        ),
        (
            "fsf_chain_back_to_itself",
            loop_back,
            vec![(import("s199999"), Outcome::Error, "not defined before this section")],
        ),
        (
            "fsf_long_betza",
            betza,
            vec![(import("b"), Outcome::Ok, "custom_piece1")],
        ),
        (
            "fsf_unknown_betza_letters",
            junk,
            vec![(import("b"), Outcome::Ok, "[variant]")],
        ),
        (
            "fsf_million_unknown_keys",
            format!("[u:shogi]\n{keys}"),
            vec![(import("u"), Outcome::Error, "more errors not shown")],
        ),
        (
            "fsf_huge_hand",
            hand,
            vec![(import("h"), Outcome::Error, "more than 65535")],
        ),
    ];
    write_cases(dir, cases)
}

/// Command streams too large for git: one line of 8 MiB (longer than the
/// line limit, so refused, then the session goes on) and 100,000 commands
/// that each need an answer, for XBoard and USI.
#[test]
fn generated_command_streams_end_cleanly() {
    let dir = std::env::temp_dir().join(format!("gunbai-hostile-streams-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let long = "usermove ".to_string() + &"f".repeat(8 << 20);
    let streams = [
        (
            "xboard_long_line",
            format!("xboard\n{long}\nping 1\nquit\n"),
            "xboard",
            "pong 1",
        ),
        ("xboard_many_commands", "ping 2\n".repeat(100_000), "xboard", "pong 2"),
        (
            "usi_long_line",
            format!("usi\nposition startpos moves {long}\nisready\nquit\n"),
            "usi",
            "readyok",
        ),
        ("usi_many_commands", "isready\n".repeat(100_000), "usi", "readyok"),
    ];
    let cases: Vec<(String, Vec<Expectation>)> = streams
        .iter()
        .map(|(name, text, protocol, answer)| {
            let path = dir.join(format!("{name}.stdin"));
            std::fs::write(&path, text).expect("temporary directory is writable");
            let e = Expectation {
                args: vec![protocol.to_string(), "chu".to_string()],
                outcome: Outcome::Ok,
                text: Some(answer.to_string()),
                stdin: Some(path),
            };
            (name.to_string(), vec![e])
        })
        .collect();
    let result = std::panic::catch_unwind(|| run_all(&cases));
    for (name, _, _, _) in &streams {
        let _ = std::fs::remove_file(dir.join(format!("{name}.stdin")));
    }
    let _ = std::fs::remove_dir(&dir);
    if let Err(e) = result {
        std::panic::resume_unwind(e);
    }
}

/// An engine that starts a child and leaves it behind (`rogue.sh
/// orphan`, here under the `sh -c` the referee starts it with): when the
/// match ends, the child is gone too, because the referee kills the
/// engine's whole process group. A zombie waiting for its new parent to
/// reap it counts as gone.
#[test]
fn the_referee_leaves_no_engine_process_behind() {
    let dir = std::env::temp_dir().join(format!("gunbai-hostile-orphan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let pid_file = dir.join("child.pid");
    let engines = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/engines/rogue.sh");
    let rogue = format!("sh {} orphan {}", engines.display(), pid_file.display());
    let quiet = format!("sh {} silent", engines.display());
    let out = Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .args([
            "match", "chu", "--engine", &rogue, "--engine", &quiet, "--games", "1", "--st", "0.3",
        ])
        .output()
        .expect("gunbai runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let pid = std::fs::read_to_string(&pid_file).expect("the rogue engine wrote its child's id");
    let _ = std::fs::remove_file(&pid_file);
    let _ = std::fs::remove_dir(&dir);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("orphan") && stderr.contains("lost on time"), "{stderr}");
    let stat = Path::new("/proc").join(pid.trim()).join("stat");
    // The state is the field after the command's closing parenthesis.
    let state = std::fs::read_to_string(&stat)
        .ok()
        .and_then(|s| s.rsplit_once(") ").map(|(_, rest)| rest.chars().next()));
    if let Some(Some(st)) = state
        && st != 'Z'
        && st != 'X'
    {
        let _ = Command::new("kill").arg(pid.trim()).status();
        panic!("the engine's child {} is still running (state {st})", pid.trim());
    }
}

/// Game records from strangers (docs/records.md#encodings-and-limits), too
/// large or too odd to keep in git, of every format: KIF, CSA, PGN, TSFEN
/// in both dialects, a move list. Each is read by `gunbai replay` and
/// must end with the documented exit and a short message naming the
/// record, line and column and what is wrong.
fn generated_records(dir: &Path) -> Vec<(String, Vec<Expectation>)> {
    let kif_head = "手合割：平手\n手数----指手---------消費時間--\n";
    let csa_head = "V2.2\nPI\n+\n";
    let pgn_head = "[Variant \"shogi\"]\n\n";
    let long = |c: &str| c.repeat(1_000_000);
    let tsg_empty = vec!["36"; 36].join(",");
    let cases: Vec<(&str, &str, Vec<u8>, Outcome, String)> = vec![
        // Larger than the door lets in, in each format.
        (
            "huge.kif",
            "shogi",
            format!("{kif_head}*{}\n", long("xxxxxxxxx")).into_bytes(),
            Outcome::Error,
            "more than the 8388608 a record may have".into(),
        ),
        (
            "huge.pgn",
            "shogi",
            format!("{pgn_head}{{{}}}\n", long("         ")).into_bytes(),
            Outcome::Error,
            "more than the 8388608".into(),
        ),
        (
            "huge.csa",
            "shogi",
            format!("{csa_head}{}", long("'comment\n")).into_bytes(),
            Outcome::Error,
            "more than the 8388608".into(),
        ),
        (
            "huge.tsfen",
            "taikyoku",
            long("123456789").into_bytes(),
            Outcome::Error,
            "more than the 8388608".into(),
        ),
        // 10^6-character tokens: refused, and not quoted back whole.
        (
            "token.kif",
            "shogi",
            format!("{kif_head}   1 {}\n", long("７")).into_bytes(),
            Outcome::Error,
            "token.kif:3:6: error".into(),
        ),
        (
            "token.csa",
            "shogi",
            format!("{csa_head}+{}\n", long("7")).into_bytes(),
            Outcome::Error,
            "(1000001 characters)` is not a CSA move".into(),
        ),
        (
            "token.pgn",
            "shogi",
            format!("{pgn_head}1. {}\n", long("a")).into_bytes(),
            Outcome::Error,
            "(1000000 characters)`) is illegal".into(),
        ),
        (
            "token.tsfen",
            "taikyoku",
            format!("{},{} b\n", long("p"), vec!["36"; 35].join(",")).into_bytes(),
            Outcome::Error,
            "token.tsfen:1:1: error".into(),
        ),
        (
            "token_jh85.tsfen",
            "taikyoku",
            format!("{}/{} b 1\n", long("(P)"), vec!["36"; 35].join("/")).into_bytes(),
            Outcome::Error,
            "token_jh85.tsfen:1:1: error".into(),
        ),
        (
            "token.moves",
            "shogi",
            format!("7g7f\n{}\n", long("7g")).into_bytes(),
            Outcome::Error,
            "move 2 (`7g7g7g".into(),
        ),
        // Comments and variations that never end, or nest a million deep.
        (
            "open_comment.pgn",
            "shogi",
            format!("{pgn_head}1. c4 {{{}\n", long("{")).into_bytes(),
            Outcome::Error,
            "open_comment.pgn:3:7: error: a comment `{` that never ends".into(),
        ),
        (
            "open_variation.pgn",
            "shogi",
            format!("{pgn_head}1. c4 {}\n", long("(")).into_bytes(),
            Outcome::Error,
            "a variation `(` that never ends".into(),
        ),
        (
            "nested_variation.pgn",
            "shogi",
            format!("{pgn_head}1. c4 {}{} g6\n", long("("), long(")")).into_bytes(),
            Outcome::Ok,
            "2 moves, all legal".into(),
        ),
        (
            "deep_comment.kif",
            "shogi",
            format!("{kif_head}*{}\n   1 ７六歩(77)\n", long("{(")).into_bytes(),
            Outcome::Ok,
            "1 moves, all legal".into(),
        ),
        (
            "many_comments.csa",
            "shogi",
            format!("{csa_head}{}+7776FU\n", "'\n".repeat(3_000_000)).into_bytes(),
            Outcome::Ok,
            "1 moves, all legal".into(),
        ),
        (
            "variation.kif",
            "shogi",
            format!("{kif_head}   1 ７六歩(77)\n{}", "変化：1手\n".repeat(300_000)).into_bytes(),
            Outcome::Ok,
            "1 moves, all legal".into(),
        ),
        // Absurd move numbers are numbers, not moves: ignored, never overflowing.
        (
            "numbers.pgn",
            "shogi",
            format!("{pgn_head}{}. c4 18446744073709551617... g6\n", long("9")).into_bytes(),
            Outcome::Ok,
            "2 moves, all legal".into(),
        ),
        (
            "numbers.kif",
            "shogi",
            format!("{kif_head}{} ７六歩(77)\n", "9".repeat(100_000)).into_bytes(),
            Outcome::Ok,
            "1 moves, all legal".into(),
        ),
        // A move list of a million moves ends at the first illegal one.
        (
            "long.moves",
            "shogi",
            "7g7f\n".repeat(1_000_000).into_bytes(),
            Outcome::Error,
            "long.moves:2:1: error: move 2 (`7g7f`) is illegal".into(),
        ),
        // Bidi and control characters: named, escaped, not obeyed.
        (
            "bidi.kif",
            "shogi",
            format!("{kif_head}   1 ７六歩\u{202e}\u{1b}[2J(77)\n").into_bytes(),
            Outcome::Error,
            "bidi.kif:3:9: error".into(),
        ),
        (
            "bidi.pgn",
            "shogi",
            format!("{pgn_head}1. c4\u{202e}\u{1b}[31m g6\n").into_bytes(),
            Outcome::Error,
            "move 1 (`c4\\u{202e}\\u{1b}[31m`) is illegal".into(),
        ),
        (
            "bidi.csa",
            "shogi",
            format!("{csa_head}+77\u{2067}76FU\n").into_bytes(),
            Outcome::Error,
            "`+77\\u{2067}76FU` is not a CSA move".into(),
        ),
        (
            "control.tsfen",
            "taikyoku",
            "\u{7}\u{1b}[2J,\u{8}\n".as_bytes().to_vec(),
            Outcome::Error,
            "control.tsfen:1:1: error".into(),
        ),
        (
            "control_jh85.tsfen",
            "taikyoku",
            format!("{}/\u{1b}[2J b 1\n", vec!["36"; 35].join("/")).into_bytes(),
            Outcome::Error,
            "control_jh85.tsfen:1:".into(),
        ),
        // NUL bytes.
        (
            "nul.csa",
            "shogi",
            format!("{csa_head}+7776FU\0\n").into_bytes(),
            Outcome::Error,
            "`+7776FU\\u{0}` is not a CSA move".into(),
        ),
        (
            "nul.pgn",
            "shogi",
            format!("{pgn_head}1. c4\0\n").into_bytes(),
            Outcome::Error,
            "move 1 (`c4\\u{0}`) is illegal".into(),
        ),
        (
            "nul.kif",
            "shogi",
            format!("{kif_head}\0\0\0\n").into_bytes(),
            Outcome::Error,
            "nul.kif:3:1: error".into(),
        ),
        (
            "nul.tsfen",
            "taikyoku",
            format!("{tsg_empty}\0 b\n").into_bytes(),
            Outcome::Error,
            "nul.tsfen:1:".into(),
        ),
        // Bytes that are neither UTF-8 nor Shift_JIS; and real Shift_JIS.
        (
            "bytes.kif",
            "shogi",
            [kif_head.as_bytes(), b"\xff\xfe\x80\x81\n"].concat(),
            Outcome::Error,
            "neither UTF-8 nor Shift_JIS".into(),
        ),
        (
            "bytes.pgn",
            "shogi",
            [pgn_head.as_bytes(), b"1. c4 {\xff\xff}\n"].concat(),
            Outcome::Error,
            "byte 26 is neither UTF-8 nor Shift_JIS".into(),
        ),
        (
            "bytes.csa",
            "shogi",
            [csa_head.as_bytes(), b"+7776FU\xa0\xa0\n"].concat(),
            Outcome::Error,
            "neither UTF-8 nor Shift_JIS".into(),
        ),
        // Shift_JIS (encoded by encoding_rs, not by gunbai's writer).
        (
            "sjis.kif",
            "shogi",
            encoding_rs::SHIFT_JIS
                .encode(&format!("{kif_head}   1 ７六歩(77)\n"))
                .0
                .into_owned(),
            Outcome::Ok,
            "1 moves, all legal".into(),
        ),
    ];
    cases
        .into_iter()
        .map(|(file, variant, bytes, outcome, text)| {
            let path = dir.join(file);
            std::fs::write(&path, bytes).expect("temporary directory is writable");
            let args = vec!["replay".to_string(), path.display().to_string(), variant.to_string()];
            let e = Expectation {
                args,
                outcome,
                text: (!text.is_empty()).then_some(text),
                stdin: None,
            };
            (format!("record {file}"), vec![e])
        })
        .collect()
}
