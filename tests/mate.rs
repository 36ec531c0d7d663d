//! The mate solver (`gunbai::unstable::mate`, `gunbai mate`): classic Chu problems
//! from the shared sample (their published length and first move), the
//! published lines replayed to a mate, multi-royal and royal-less rules,
//! shogi tsume checked with cshogi's df-pn (`tests/mate_cshogi.rs` runs it
//! live), the limits, and the command line.

mod cli_common;
mod common;

use cli_common::{gunbai, stdout};
use common::variant_with;
use gunbai::unstable::board::Colour;
use gunbai::unstable::mate::{AttackerMoves, Config, MateError, Solution, Verdict, solve, spare_royalless};
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
    line_in(pos, line, Notation::Usi)
}

fn line_in(pos: &mut Position, line: &[Move], notation: Notation) -> Vec<String> {
    let mut out = Vec::new();
    let mut undos = Vec::new();
    for m in line {
        out.push(write_move(pos, m, notation));
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
fn a_lion_takes_both_royals_at_once() {
    // White's king on 6a and crown prince (a promoted drunk elephant) on
    // 5a, Black's lion on 6b: the lion's double step takes both in one
    // move (6b6a5a or 6b5a6a), which ends the game: mate in 1 (worked by
    // hand). On 8b the lion reaches the king (two squares away) but not
    // the prince (three).
    let mut p = chu("6k+e4/6N5/12/12/12/12/12/12/12/12/12/12 b - 1");
    let found = solve(&mut p, &config(1), None).unwrap();
    assert_eq!((found.verdict, found.plies), (Verdict::Mate, Some(1)));
    let line = usi_line(&mut p, &found.line);
    assert!(line == ["6b6a5a"] || line == ["6b5a6a"], "{line:?}");
    let mut q = chu("6k+e4/4N7/12/12/12/12/12/12/12/12/12/12 b - 1");
    assert_eq!(solve(&mut q, &config(1), None).unwrap().verdict, Verdict::NoMate);
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
    // The root's numbers say how far the search got: neither solved.
    let (pn, dn) = found.root.expect("an unknown result gives the root's numbers");
    assert!(pn > 0 && dn > 0 && pn < u32::MAX / 2 && dn < u32::MAX / 2, "{pn} {dn}");
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

/// tumechu8 of the sample: a mate in 23 as published.
const TUMECHU8: &str = "12/9cfm/5r2+a1k1/6M5/6p2p2/11L/9+i2/12/12/12/12/12 b - 1";

#[test]
fn a_mate_found_without_the_shortest_proof_says_so() {
    // Any mate is looked for first, then shortened: a budget that runs out
    // while shortening leaves a sound mate, at least as long as the
    // published 23 plies, that is not claimed shortest.
    let found = tumechu8_within(20_000);
    assert!(!found.shortest);
    assert!(found.root.is_none());
    let plies = found.plies.unwrap();
    assert!(plies >= 23 && plies % 2 == 1, "{plies}");
    let o = gunbai(&[
        "mate",
        "chu",
        "--sfen",
        TUMECHU8,
        "--option",
        CHU_OPTIONS[0],
        "--option",
        CHU_OPTIONS[1],
        "--nodes",
        "20000",
    ]);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    assert!(
        text.starts_with("mate in ") && text.lines().next().unwrap().ends_with(" (not proven shortest)"),
        "{text}"
    );
}

#[test]
fn a_longer_first_mate_is_shortened_to_the_published_length() {
    // tumechu8 within 255 plies: the budgeted short limits (up to 15
    // plies) cannot decide it, the whole limit's first mate is longer than
    // the collection's 23 plies, and shortening brings it down to 23,
    // proven shortest (no mate within 21).
    let found = tumechu8_within(150_000);
    assert_eq!(found.plies, Some(23));
    assert!(found.shortest);
}

/// tumechu8 solved within 255 plies and `nodes`: a mate whose line, as
/// long as its `plies`, replays and ends in mate.
fn tumechu8_within(nodes: u64) -> Solution {
    let mut p = chu(TUMECHU8);
    let found = solve(
        &mut p,
        &Config {
            nodes: Some(nodes),
            ..config(255)
        },
        None,
    )
    .unwrap();
    assert_eq!(found.verdict, Verdict::Mate);
    let line = usi_line(&mut p, &found.line);
    assert_eq!(Some(line.len() as u32), found.plies);
    let texts: Vec<&str> = line.iter().map(String::as_str).collect();
    assert!(ends_in_mate(&mut p.clone(), &texts), "{line:?}");
    found
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
    let o = gunbai(&chu_json_args(sfen, &["--max-moves", &plies.to_string()]));
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["result"], "mate");
    assert_eq!(v["plies"], plies);
    assert_eq!(v["line"][0], published.split(' ').next().unwrap());
    assert_eq!(v["line"].as_array().map(Vec::len), Some(plies as usize));
    assert_eq!(v["proof_number"], serde_json::Value::Null);
    let o = gunbai(&[
        "mate",
        "chu",
        "--sfen",
        SAMPLE[1].1,
        "--option",
        CHU_OPTIONS[0],
        "--option",
        CHU_OPTIONS[1],
        "--nodes",
        "1000",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["result"], "unknown");
    assert!(v["proof_number"].as_u64().is_some_and(|n| n > 0), "{v}");
    assert!(v["disproof_number"].as_u64().is_some_and(|n| n > 0), "{v}");
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

/// A position text of `ranks` ranks: `rows` gives some ranks (counted
/// from the top, 0 = the top rank) their text, every other rank is empty.
fn board_text(files: usize, ranks: usize, rows: &[(usize, &str)]) -> String {
    let lines: Vec<String> = (0..ranks)
        .map(|r| {
            rows.iter()
                .find(|(i, _)| *i == r)
                .map_or(files.to_string(), |(_, t)| t.to_string())
        })
        .collect();
    format!("{} b", lines.join("/"))
}

fn text_position(variant: &str, text: &str) -> Position {
    let mut p = Position::from_text(variant_with(variant, &[]), text).unwrap_or_else(|e| panic!("{text}: {e}"));
    spare_royalless(&mut p);
    p
}

#[test]
fn ko_kill_history_mate_in_one() {
    // Ko has no royals: White loses once its general and its middle troop
    // are both killed (`[victory] loses_when`), so the mate is searched
    // with any attacking move. White: general on a19, middle troop on s19.
    // Black: chariots (1 to 5 points orthogonally) on a15, r14 and s14.
    // Worked by hand: a15 takes the general (a16-a18 are empty); then the
    // troop's only moves are to r19, r18 and s18 (a corner), each within
    // five points of the r14 or the s14 chariot, and staying put is no
    // move: whatever White plays, Black kills the troop next, so a mate in
    // 1 (the kill that follows is not counted, as the capture of a king
    // is not). Without the r14 chariot the troop escapes to the r file,
    // and no single move kills both: no mate in 1.
    let rows = [(0, "g,17,mt"), (4, "CH,18"), (5, "17,CH,CH")];
    let mut p = text_position("ko", &board_text(19, 19, &rows));
    let any = |max| Config {
        moves: AttackerMoves::Any,
        ..config(max)
    };
    let found = solve(&mut p, &any(3), None).unwrap();
    assert_eq!(
        (found.verdict, found.plies, found.shortest),
        (Verdict::Mate, Some(1), true)
    );
    let line = line_in(&mut p, &found.line, Notation::Native);
    // The move is the chariot's capture of the general (promoting: the
    // general is a special merit), and the game goes on.
    assert_eq!(line, ["a15xa19+"]);
    let general = p.rules().type_by_code("G").unwrap();
    assert!(!p.was_killed(Colour::White, general));
    p.play(&found.line[0]).unwrap();
    assert!(p.was_killed(Colour::White, general), "{line:?}");
    assert_eq!(p.outcome(), None, "{line:?}");
    // Every reply lets Black win at once.
    let mut replies = Vec::new();
    legal_moves(&p, &mut replies).unwrap();
    assert_eq!(replies.len(), 3);
    for r in &replies {
        let u = p.play(r).unwrap();
        let mut answers = Vec::new();
        legal_moves(&p, &mut answers).unwrap();
        let wins = answers.iter().any(|m| {
            let v = p.play_unchecked(m);
            let won = p.outcome().is_some_and(|o| o.winner() == Some(Colour::Black));
            p.unplay(&v);
            won
        });
        assert!(wins, "{r:?}");
        p.unplay(&u);
    }
    // Tsume rule: Ko names no royal, so no move gives check.
    assert_eq!(solve(&mut p, &config(3), None).unwrap_err(), MateError::NoCheck);
    let rows = [(0, "g,17,mt"), (4, "CH,18"), (5, "18,CH")];
    let mut q = text_position("ko", &board_text(19, 19, &rows));
    assert_eq!(solve(&mut q, &any(1), None).unwrap().verdict, Verdict::NoMate);
}

#[test]
fn taikyoku_corner_mate_and_the_crown_prince() {
    // Taikyoku (36x36): White's king on a36 slides up to two squares in
    // every direction: a35, a34, b36, c36, b35, c34. Black's rooks on b1
    // and c1 hold the b and c files; the rook on d10 checks from a10 and
    // then also holds a35 and a34: mate in 1 (worked by hand). With a
    // crown prince (a second royal) on s36 the king's capture no longer
    // ends the game: no mate in 1.
    let rows = [(0, "k,35"), (26, "3,FCH,32"), (35, "1,FCH,FCH,33")];
    let text = board_text(36, 36, &rows);
    let mut p = text_position("taikyoku", &text);
    let found = solve(&mut p, &config(1), None).unwrap();
    assert_eq!((found.verdict, found.plies), (Verdict::Mate, Some(1)), "{text}");
    let line = line_in(&mut p, &found.line, Notation::Native);
    assert!(
        ends_in_mate(&mut p.clone(), &line.iter().map(String::as_str).collect::<Vec<_>>()),
        "{line:?}"
    );
    let rows = [(0, "k,17,cp,17"), (26, "3,FCH,32"), (35, "1,FCH,FCH,33")];
    let mut q = text_position("taikyoku", &board_text(36, 36, &rows));
    assert_eq!(solve(&mut q, &config(1), None).unwrap().verdict, Verdict::NoMate);
}

/// `gunbai mate chu` in USI and JSON, with the sample's readings, then
/// `extra`.
fn chu_json_args<'a>(sfen: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
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
        "--format",
        "json",
    ];
    args.extend(extra);
    args
}

/// `gunbai mate --check-line` in JSON, with the sample's readings.
fn check_line_json(sfen: &str, line: &str, extra: &[&str]) -> serde_json::Value {
    let mut more = vec!["--check-line", line];
    more.extend(extra);
    let o = gunbai(&chu_json_args(sfen, &more));
    assert!(o.status.success(), "{o:?}");
    serde_json::from_str(&stdout(&o)).unwrap()
}

#[test]
fn claimed_chu_lines_are_checked() {
    // kinu01's published line is sound (the collection's claim: a mate
    // in 7; the solver agrees, proven shortest).
    let (_, sfen, plies, published) = SAMPLE[1];
    let v = check_line_json(sfen, published, &[]);
    assert_eq!(
        (v["result"].as_str(), v["claimed"].as_u64()),
        (Some("verified"), Some(plies.into())),
        "{v}"
    );
    assert_eq!(v["ends_in_mate"], true);
    assert_eq!(v["defences"].as_array().map(Vec::len), Some(3));
    // tukurimono02 claims a mate in 5 from kinu07's very position; kinu07's
    // published line answers the third ply 4f6d with the king's 4b5b, which
    // escapes the mate in 1 tukurimono02's 7c6d gives.
    let tukurimono02 = "3b3+M3+H/7k1c2/5tt1e3/5p3p2/7g3p/8+D3/1+F1r8/12/12/9+a2/3R3q4/12 b - 1";
    let v = check_line_json(tukurimono02, "5a4b 5b4b 4f6d 7c6d 1a5a", &[]);
    assert_eq!(
        (v["result"].as_str(), v["at"].as_u64()),
        (Some("refuted"), Some(4)),
        "{v}"
    );
    let escapes = &v["defences"][1]["escapes"];
    assert!(escapes.as_array().unwrap().iter().any(|e| e == "4b5b"), "{v}");
    // The same line claimed at 13 plies (kinu07's length): 4b5b is then
    // mated within the claim.
    let v = check_line_json(tukurimono02, "5a4b 5b4b 4f6d 7c6d 1a5a", &["--max-moves", "13"]);
    assert_ne!(v["result"], "refuted", "{v}");
    // Cut short, the line does not end in mate; a quiet first move is no
    // check.
    let v = check_line_json(sfen, "10d7d 8e7d 4c6a+ 5b6a 6e8c", &["--max-moves", "7"]);
    assert_eq!(v["result"], "not_mate", "{v}");
    let v = check_line_json(sfen, "10d10e", &[]);
    assert_eq!(
        (v["result"].as_str(), v["at"].as_u64()),
        (Some("no_check"), Some(1)),
        "{v}"
    );
    // Bad lines are errors naming the move; a line over 2047 plies is refused.
    let long = vec!["10d7d"; 2048].join(" ");
    for line in ["10d7d 10d7d", long.as_str()] {
        let o = gunbai(&["mate", "chu", "--sfen", sfen, "--check-line", line]);
        assert_eq!(o.status.code(), Some(2), "{o:?}");
    }
}

/// Checks a Chu line claimed at its own length, each alternative defence
/// given one node (the solver reads its count every 1,024); the position
/// after the check, and what it found.
fn check_at_one_node(sfen: &str, published: &str) -> (Position, gunbai::unstable::mate::LineCheck) {
    let mut p = chu(sfen);
    let texts: Vec<&str> = published.split(' ').collect();
    let line = gunbai::unstable::notation::parse_line(&mut p, &texts, "line").unwrap();
    let tight = Config {
        nodes: Some(1),
        ..config(texts.len() as u32)
    };
    let found = gunbai::unstable::mate::check_line(&mut p, &line, &tight, None).unwrap();
    (p, found)
}

#[test]
fn a_line_proves_the_defences_that_come_back_into_it() {
    // tumechu8's published mate in 23, each alternative defence given a
    // budget of one node (the solver reads its count every 1,024): walked
    // forward, the king's 4c4d at ply 8 is left undecided; walked back,
    // the line's own positions are proofs (each mated within what the
    // line takes from it), and 4c4d comes back into them in time.
    let published = "1f1d+ 2c3c 1d1e 3c2c 1e2d 2c1d 2d2f 1d1c 2f3e 1c2c 3e2d 2c1d 2d2g 1d1e 6d6e+ 1e1d 6e5d 1d1c 2g1f 1c2c 1f2e 2c1c 2e1d";
    let (p, found) = check_at_one_node(TUMECHU8, published);
    assert_eq!(
        found.verdict,
        gunbai::unstable::mate::LineVerdict::Verified,
        "{found:?}"
    );
    let ply8 = found.defences.iter().find(|d| d.ply == 8).unwrap();
    assert_eq!((ply8.mated, ply8.alternatives), (ply8.alternatives, ply8.alternatives));
    assert!(ply8.undecided.is_empty() && ply8.escapes.is_empty(), "{ply8:?}");
    // The root is given back unchanged.
    assert_eq!(p.to_sfen(), chu(TUMECHU8).to_sfen());
}

#[test]
fn a_defence_that_leaves_the_line_is_followed_along_it() {
    // tumechu45's published mate in 19 at a budget of one node an
    // alternative: the king's 12e12d at ply 2 neither comes back into the
    // line nor is mated within the budget; followed along the line (the
    // attacker's moves where they still play, the line's defences, a short
    // search at each attacker's ply) it is mated within the 17 plies left,
    // as the collection's claim says.
    let sfen = "+r+Sm1+Cmn3+A1/5g3+G2/5g3M2/9M2/k4P3+C2/a4+p1N4/2P5+B3/12/12/5+b6/12/12 b - 1";
    let published = "7e7d 7f7e 3e7e 12e12d 7d7c 12d12c 7c7b 12c12b 7b7a 12b11a 8a10a 11a10a 5f6d 10a11a 4g10a 11a10a 6d8b 10a11a 8b10b";
    let (p, found) = check_at_one_node(sfen, published);
    assert_eq!(
        found.verdict,
        gunbai::unstable::mate::LineVerdict::Verified,
        "{found:?}"
    );
    let ply2 = &found.defences[0];
    assert_eq!((ply2.ply, ply2.mated), (2, ply2.alternatives), "{ply2:?}");
    // The longest of ply 2's mates fits the 17 plies left.
    let (_, plies, _) = ply2.longest.unwrap();
    assert!(plies <= 17 && plies % 2 == 1, "{ply2:?}");
    assert_eq!(p.to_sfen(), chu(sfen).to_sfen());
}

#[test]
fn check_line_stops_at_its_limits() {
    use gunbai::unstable::mate::{LineVerdict, check_line};
    let (_, sfen, plies, published) = SAMPLE[1];
    let mut p = chu(sfen);
    let mut line = Vec::new();
    let mut undos = Vec::new();
    for t in published.split(' ') {
        let m = gunbai::unstable::notation::parse_move(&p, t).unwrap();
        undos.push(p.play_unchecked(&m));
        line.push(m);
    }
    while let Some(u) = undos.pop() {
        p.unplay(&u);
    }
    // A budget of one node (the solver reads its count every 1,024)
    // leaves the harder alternatives undecided.
    let tight = Config {
        nodes: Some(1),
        ..config(plies)
    };
    let found = check_line(&mut p, &line, &tight, None).unwrap();
    assert_eq!(found.verdict, LineVerdict::Undecided, "{found:?}");
    assert!(found.defences.iter().any(|d| !d.undecided.is_empty()));
    // A stop flag already set leaves it unknown at the first defence.
    let stop = std::sync::atomic::AtomicBool::new(true);
    let found = check_line(&mut p, &line, &config(plies), Some(&stop)).unwrap();
    assert_eq!((found.verdict, found.walked), (LineVerdict::Unknown, 1), "{found:?}");
    // A line with a move that is not legal where it stands.
    let wrong = [line[0], line[0]];
    let found = check_line(&mut p, &wrong, &config(plies), None).unwrap();
    assert_eq!((found.verdict, found.at), (LineVerdict::Illegal, Some(2)), "{found:?}");
}
