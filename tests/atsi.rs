//! `gunbai atsi`: scripted ATSI v0 sessions (docs/atsi.md), as
//! taikyoku-shogi.github.io's host (`src/lib/atsi/GameHost.ts`) speaks
//! them, and hostile input that must get `log error:` lines, never a crash.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;
use common::*;
use gunbai::unstable::engine::atsi::{parse_atsi_square, read_move};

/// Runs `gunbai atsi taikyoku` on `input`; its stdout lines and exit code.
fn session(input: &[u8]) -> (Vec<String>, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .args(["atsi", "taikyoku"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    (lines, out.status.code())
}

#[test]
fn squares_are_read_as_the_host_reads_them() {
    // GameHost's boardPosToVec: file = 36 - number, rank = letter index,
    // + 26 for a doubled letter; (0, 0) is the top left.
    let rules = variant_with("taikyoku", &[]);
    let geo = &rules.geometry;
    for (text, x, top) in [
        ("36a", 0, 0),
        ("1a", 35, 0),
        ("1jj", 35, 35),
        ("19z", 17, 25),
        ("10aa", 26, 26),
    ] {
        let sq = parse_atsi_square(geo, text).unwrap_or_else(|| panic!("{text}"));
        assert_eq!(geo.xy(sq), (x, 35 - top), "{text}");
        assert_eq!(gunbai::unstable::engine::atsi::atsi_square(geo, sq), text);
    }
    for bad in ["37a", "0a", "1ab", "1kk", "1aaa", "a1", "1", "", "1A"] {
        assert_eq!(parse_atsi_square(geo, bad), None, "{bad}");
    }
}

#[test]
fn a_game_as_gote_answers_each_opponent_move() {
    let (lines, code) =
        session(b"atsiinit v0\nidentify\nplayer 1\ntime 10 0\nstartgame initial\nopmove 19z 19y 10 10\nloss\nquit\n");
    assert_eq!(code, Some(0));
    assert_eq!(lines[0], "atsiok");
    assert!(lines[1].starts_with("info \"gunbai\" "), "{lines:?}");
    assert!(lines[2].starts_with("param hash int "), "{lines:?}");
    // Nothing after `startgame` (sente moves first), a move after `opmove`.
    let moves: Vec<&String> = lines.iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(moves.len(), 1, "{lines:?}");
    // The move is gote's and legal after sente's 19z-19y.
    let mut pos = variant_start("taikyoku", &[]);
    let m = read_move(&pos, &["19z", "19y"]).unwrap();
    pos.play(&m).unwrap();
    let squares: Vec<&str> = moves[0].split(' ').skip(1).collect();
    let reply = read_move(&pos, &squares).unwrap_or_else(|e| panic!("{}: {e}", moves[0]));
    assert_eq!(
        pos.piece_at(reply.from()).unwrap().0,
        gunbai::unstable::board::Colour::White
    );
    assert!(lines.iter().any(|l| l.starts_with("log TSFEN: ")), "{lines:?}");
}

#[test]
fn as_sente_it_moves_at_once_from_a_tsfen() {
    let start = include_str!("data/tsfen/tsg_initial.tsfen").trim();
    let input = format!("atsiinit v0\nplayer 0\ntime 10 0\nstartgame {start}\nquit\n");
    let (lines, code) = session(input.as_bytes());
    assert_eq!(code, Some(0));
    let m = lines.iter().find(|l| l.starts_with("move ")).expect("a move");
    let squares: Vec<&str> = m.split(' ').skip(1).collect();
    read_move(&variant_start("taikyoku", &[]), &squares).unwrap_or_else(|e| panic!("{m}: {e}"));
}

#[test]
fn hostile_input_gets_error_lines_and_the_session_goes_on() {
    let mut input = Vec::new();
    input.extend_from_slice(b"identify\n"); // before atsiinit
    input.extend_from_slice(b"atsiinit v9\n");
    input.extend_from_slice(b"atsiinit v0\n");
    input.extend_from_slice(b"frobnicate\n");
    input.extend_from_slice(b"opmove 19z 19y 1 1\n"); // no game yet
    input.extend_from_slice(b"player 7\n");
    input.extend_from_slice(b"time -5 x\n");
    input.extend_from_slice(b"setparam depth 999999999999999999999999\n");
    input.extend_from_slice(b"setparam colour blue\n");
    input.extend_from_slice(b"setparam hash 0\n");
    input.extend_from_slice(b"startgame 36 0\n");
    input.extend_from_slice(b"player 1\ntime 10 0\nsetparam depth 0\nstartgame initial\n");
    input.extend_from_slice(b"opmove 19z\n");
    input.extend_from_slice(b"opmove 99z 19y 1 1\n");
    input.extend_from_slice(b"opmove 19z 19w 1 1\n"); // not legal
    input.extend_from_slice(b"opmove 19z 19y 19x 19w 19v 19u 19t 19s 19r 19q 19p 1 1\n");
    input.extend_from_slice(b"opmove \xff\xfe 1 1\n");
    input.extend_from_slice(&vec![b'x'; 70 * 1024]);
    input.extend_from_slice(b"\n");
    input.extend_from_slice(b"opmove 19z 19y NaN 1\n"); // a bad clock is ignored
    input.extend_from_slice(b"identify\n");
    input.extend_from_slice(b"quit\n");
    let (lines, code) = session(&input);
    assert_eq!(code, Some(0), "{lines:?}");
    let errors = lines.iter().filter(|l| l.starts_with("log error: ")).count();
    assert_eq!(errors, 16, "{lines:#?}");
    assert!(lines.iter().all(|l| l.len() < 1000), "an echoed line is cut");
    assert_eq!(lines.iter().filter(|l| *l == "atsiok").count(), 1);
    assert_eq!(lines.iter().filter(|l| l.starts_with("move ")).count(), 1, "{lines:#?}");
    assert!(lines.last().unwrap().starts_with("param depth"), "{lines:#?}");
}
