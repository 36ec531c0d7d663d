//! The mate solver (`gunbai::unstable::mate`, `gunbai mate`): classic Chu problems
//! from the shared sample (their published length and first move), the
//! published lines replayed to a mate, multi-royal and royal-less rules,
//! shogi tsume checked with cshogi's df-pn (`tests/mate_cshogi.rs` runs it
//! live), the limits, and the command line.

mod cli_common;
mod common;

use cli_common::{gunbai, stdout};
use common::variant_with;
use gunbai::unstable::mate::{AttackerMoves, Config, MateError, Verdict, solve, spare_royalless};
use gunbai::unstable::movegen::{Move, legal_moves};
use gunbai::unstable::notation::{Notation, play_moves, write_move};
use gunbai::unstable::position::Position;
use std::time::Duration;

/// The readings the Chu problems assume (the sample's README).
const CHU_OPTIONS: [&str; 2] = [
    "protection_judged=after_counting_captured",
    "okazaki_counterstrike=true",
];

fn chu(sfen: &str) -> Position {
    let mut p = Position::from_sfen(variant_with("chu", &CHU_OPTIONS), sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    spare_royalless(&mut p);
    p
}

fn config(max_plies: u32) -> Config {
    Config {
        max_plies,
        time: Some(Duration::from_secs(120)),
        hash_mb: 16,
        ..Config::default()
    }
}

fn usi_line(pos: &mut Position, line: &[Move]) -> Vec<String> {
    let mut out = Vec::new();
    let mut undos = Vec::new();
    for m in line {
        out.push(write_move(pos, m, Notation::Usi));
        undos.push(pos.play(m).expect("the main line is legal"));
    }
    while let Some(u) = undos.pop() {
        pos.unplay(&u);
    }
    out
}

/// Whether the attacker, to move, can win at once in `pos`.
fn wins_at_once(pos: &mut Position) -> bool {
    let found = solve(pos, &config(1), None).unwrap();
    found.verdict == Verdict::Mate && found.plies == Some(1) && found.line.len() == 1 && {
        let u = pos.play_unchecked(&found.line[0]);
        let won = pos.outcome().is_some();
        pos.unplay(&u);
        won
    }
}

/// After `line`, the defender is to move and every move it has lets the
/// attacker take its last royal at once.
fn ends_in_mate(pos: &mut Position, line: &[&str]) -> bool {
    play_moves(pos, line, "line").unwrap_or_else(|e| panic!("{line:?}: {e}"));
    let mut replies = Vec::new();
    legal_moves(pos, &mut replies).expect("within the move budget");
    !replies.is_empty()
        && replies.iter().all(|m| {
            let u = pos.play_unchecked(m);
            let lost = wins_at_once(pos);
            pos.unplay(&u);
            lost
        })
}

/// (id, SFEN, published length, published solution) from
/// /work/shared/tsume/chu-sample.tsv: the short ones.
const SAMPLE: [(&str, &str, u32, &str); 3] = [
    (
        "tsukuri10",
        "6r1g3/6s1m3/5+P1k1ts1/6p+M1p2/8G3/5+H+r3N1/11+a/12/12/12/12/12 b - 1",
        5,
        "5d4d 5c5b 4e5d+ 5b4c 5d5c",
    ),
    (
        "kinu01",
        "5ex1+Pc2/6okt3/3s4X2+H/2+D9/3p+v1+Dpt3/12/12/2+a6q2/12/12/12/12 b - 1",
        7,
        "10d7d 8e7d 4c6a+ 5b6a 6e8c 7d8c 1c6c",
    ),
    (
        "tumechu41",
        "12/12/1+O7N2/12/12/4+ls+l5/4gkg2h2/3+h+as+a5/7n4/3+t3q4/1+D7X2/7+D4 b - 1",
        9,
        "3c5e 3g5e 11c9e 9h9e 11k9i 9j9i 3k5i 5j5i 5l5i",
    ),
];

#[test]
fn chu_sample_problems_are_solved_at_their_published_length() {
    for (id, sfen, plies, published) in SAMPLE {
        let mut p = chu(sfen);
        let found = solve(&mut p, &config(plies), None).unwrap();
        assert_eq!(found.verdict, Verdict::Mate, "{id}");
        assert_eq!(found.plies, Some(plies), "{id}");
        assert!(found.shortest, "{id}");
        let line = usi_line(&mut p, &found.line);
        assert_eq!(line.len() as u32, plies, "{id}: {line:?}");
        assert_eq!(line[0], published.split(' ').next().unwrap(), "{id}: {line:?}");
        // The solver's own line ends in mate too.
        let texts: Vec<&str> = line.iter().map(String::as_str).collect();
        assert!(ends_in_mate(&mut p.clone(), &texts), "{id}: {line:?}");
        // No shorter mate.
        let shorter = solve(&mut p, &config(plies - 2), None).unwrap();
        assert_eq!(shorter.verdict, Verdict::NoMate, "{id}");
    }
}

#[test]
fn chu_sample_published_lines_end_in_mate() {
    for (id, sfen, _, published) in SAMPLE {
        let line: Vec<&str> = published.split(' ').collect();
        assert!(ends_in_mate(&mut chu(sfen), &line), "{id}");
        // One ply short, the attacker still has to give the mate.
        assert!(!ends_in_mate(&mut chu(sfen), &line[..line.len() - 2]), "{id}");
    }
}

#[test]
fn every_royal_must_fall() {
    // White's king on 6a, a black rook on the file: taking the king wins
    // at once, unless a crown prince (a second royal) stands on 1a.
    let king_only = chu("6k5/12/12/12/12/12/12/12/12/12/12/6R5 b - 1");
    let with_prince = chu("6k4+e/12/12/12/12/12/12/12/12/12/12/6R5 b - 1");
    let found = solve(&mut king_only.clone(), &config(1), None).unwrap();
    assert_eq!((found.verdict, found.plies), (Verdict::Mate, Some(1)));
    assert_eq!(usi_line(&mut king_only.clone(), &found.line), ["6l6a+"]);
    let found = solve(&mut with_prince.clone(), &config(1), None).unwrap();
    assert_eq!(found.verdict, Verdict::NoMate);
}

#[test]
fn the_root_is_given_back_unchanged() {
    let (_, sfen, plies, _) = SAMPLE[0];
    let mut p = chu(sfen);
    let before = (p.to_text(), p.hash(), p.outcome());
    solve(&mut p, &config(plies), None).unwrap();
    assert_eq!(before, (p.to_text(), p.hash(), p.outcome()));
    // Without the convention the royal-less attacker has lost already.
    let lost = Position::from_sfen(variant_with("chu", &CHU_OPTIONS), sfen).unwrap();
    assert!(lost.outcome().is_some());
}

/// Shogi tsume with cshogi 1.1.0's answers (`scripts/cshogi-mate.py`:
/// DfPn, the first depth 1, 3, 5, 7 that proves a mate): (SFEN, mate
/// length or None for no mate within 7 plies).
const SHOGI: [(&str, Option<u32>); 5] = [
    ("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", Some(1)),
    ("7gk/7p1/8P/9/9/9/9/9/K7L b G 1", Some(3)),
    ("7nl/7k1/9/7P1/9/9/9/9/9 b GS2r2b3g3s3n3l16p 1", None),
    ("3gkg3/9/4P4/9/9/9/9/9/9 b N2r2b2g4s3n4l17p 1", None),
    ("8k/9/8P/9/9/9/9/9/9 b S2r2b4g3s4n4l17p 1", None),
];

#[test]
fn shogi_tsume_agrees_with_cshogi() {
    for (sfen, want) in SHOGI {
        let mut p = Position::from_sfen(variant_with("shogi", &[]), sfen).unwrap();
        let found = solve(&mut p, &config(7), None).unwrap();
        match want {
            Some(n) => {
                assert_eq!((found.verdict, found.plies), (Verdict::Mate, Some(n)), "{sfen}");
                assert_eq!(found.line.len() as u32, n, "{sfen}");
            }
            None => assert_eq!(found.verdict, Verdict::NoMate, "{sfen}"),
        }
    }
}

#[test]
fn limits_give_unknown_and_bad_settings_are_errors() {
    let (_, sfen, plies, _) = SAMPLE[1];
    let mut p = chu(sfen);
    let found = solve(
        &mut p,
        &Config {
            nodes: Some(2_000),
            ..config(plies)
        },
        None,
    )
    .unwrap();
    assert_eq!(found.verdict, Verdict::Unknown);
    assert!(found.nodes < 4_000, "{}", found.nodes);
    let stop = std::sync::atomic::AtomicBool::new(true);
    assert_eq!(
        solve(&mut p, &config(plies), Some(&stop)).unwrap().verdict,
        Verdict::Unknown
    );
    let huge = Config {
        hash_mb: usize::MAX,
        ..config(3)
    };
    assert!(matches!(solve(&mut p, &huge, None), Err(MateError::Table(_))));
    // A finished game (no royal on either side) has nothing to solve.
    let mut done = Position::from_sfen(variant_with("shogi", &[]), "9/9/9/9/9/9/9/9/9 b - 1").unwrap();
    assert_eq!(solve(&mut done, &config(3), None).unwrap_err(), MateError::GameOver);
}

#[test]
fn both_conventions_mate_where_every_move_checks() {
    // cshogi's mate in 3 (G*1b 2a1b 1c1b+) gives check with every move,
    // so allowing any attacking move finds it too.
    let sfen = SHOGI[1].0;
    for moves in [AttackerMoves::Checks, AttackerMoves::Any] {
        let mut p = Position::from_sfen(variant_with("shogi", &[]), sfen).unwrap();
        let found = solve(&mut p, &Config { moves, ..config(3) }, None).unwrap();
        assert_eq!((found.verdict, found.plies), (Verdict::Mate, Some(3)), "{moves:?}");
    }
}

#[test]
fn command_line_json_and_errors() {
    let (_, sfen, plies, published) = SAMPLE[0];
    let o = gunbai(&[
        "mate",
        "chu",
        "--sfen",
        sfen,
        "--option",
        CHU_OPTIONS[0],
        "--option",
        CHU_OPTIONS[1],
        "--notation",
        "usi",
        "--max-moves",
        &plies.to_string(),
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["result"], "mate");
    assert_eq!(v["plies"], plies);
    assert_eq!(v["line"][0], published.split(' ').next().unwrap());
    assert_eq!(v["line"].as_array().map(Vec::len), Some(plies as usize));
    let o = gunbai(&["mate", "shogi", "--sfen", SHOGI[2].0, "--max-moves", "3"]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(stdout(&o).trim(), "no mate within 3 plies");
    for bad in [
        &["mate", "shogi", "--max-moves", "4000"][..],
        &["mate", "shogi", "--hash", "0"],
        &["mate", "shogi", "--time", "-1"],
        &["mate", "shogi", "--time", "NaN"],
        &["mate", "shogi", "--sfen", "9/9/9/9/9/9/9/9/9 b - 1"],
    ] {
        let o = gunbai(bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}: {o:?}");
    }
}

#[test]
fn usi_go_mate() {
    use std::io::Write as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .args(["usi", "shogi"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let script = format!(
        "usi\nposition sfen {}\ngo mate 60000\nposition sfen {}\ngo mate infinite\nposition sfen {}\ngo mate 60000\nquit\n",
        SHOGI[0].0, SHOGI[1].0, SHOGI[4].0
    );
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = text.lines().filter(|l| l.starts_with("checkmate")).collect();
    // cshogi: G*5b; G*1b 2a1b 1c1b+; no mate within 7 plies (and none
    // within 255: the silver runs out of checks).
    assert_eq!(
        answers,
        ["checkmate G*5b", "checkmate G*1b 2a1b 1c1b+", "checkmate nomate"],
        "{text}"
    );
}
