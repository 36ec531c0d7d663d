//! `gunbai::unstable::mate` against cshogi's df-pn mate search (PyPI, run from the
//! virtualenv `.ci/install-python` makes): random tsume positions of
//! standard shogi (a White king near the top edge, a few Black pieces
//! around it, a piece or two in Black's hand, every other piece in
//! White's hand) and the composed ones of `tests/mate.rs`. Mate or not
//! within 7 plies, and the shortest length, must agree.

mod common;

use common::Rng;
use gunbai::unstable::board::Colour;
use gunbai::unstable::mate::{Config, Verdict, solve};
use gunbai::unstable::movegen::in_check;
use gunbai::unstable::position::Position;
use std::io::Write as _;
use std::process::{Command, Stdio};
use std::time::Duration;

const MAX_PLIES: u32 = 7;
const POSITIONS: usize = 24;

fn python() -> String {
    let venv = concat!(env!("CARGO_MANIFEST_DIR"), "/target/py-venv/bin/python");
    assert!(
        std::path::Path::new(venv).exists(),
        "{venv} is missing: run .ci/install-python (it installs cshogi from PyPI)"
    );
    venv.to_string()
}

/// A random tsume position as SFEN (pieces that could never move, and a
/// pawn on the king's file, are left out).
fn random_tsume(rng: &mut Rng) -> String {
    // board[rank][file], rank 0 = a (White's back rank), file 0 = 9.
    let mut board = [[""; 9]; 9];
    let mut left = [("R", 2), ("B", 2), ("G", 4), ("S", 4), ("N", 4), ("L", 4), ("P", 18)];
    let mut take = |letter: &str| {
        for e in left.iter_mut() {
            if e.0.eq_ignore_ascii_case(letter.trim_start_matches('+')) && e.1 > 0 {
                e.1 -= 1;
                return true;
            }
        }
        false
    };
    let (kr, kf) = (rng.below(3), rng.below(9));
    board[kr][kf] = "k";
    let near = |rng: &mut Rng| {
        let r = (kr + rng.below(5)).saturating_sub(1).min(8);
        let f = (kf + rng.below(5)).saturating_sub(2).min(8);
        (r, f)
    };
    let black = ["G", "S", "+R", "+B", "R", "B", "N", "L", "P", "+P"];
    for _ in 0..1 + rng.below(3) {
        let (r, f) = near(rng);
        let p = black[rng.below(black.len())];
        // No piece where it could never move; no pawn on the king's file.
        let stuck = matches!(p, "P" | "L") && r == 0 || p == "N" && r < 2 || p == "P" && f == kf;
        if board[r][f].is_empty() && !stuck && take(p) {
            board[r][f] = p;
        }
    }
    let white = ["g", "s", "l", "b"];
    for _ in 0..rng.below(3) {
        let (r, f) = near(rng);
        let p = white[rng.below(white.len())];
        if board[r][f].is_empty() && !(p == "l" && r == 8) && take(p) {
            board[r][f] = p;
        }
    }
    let mut hand = String::new();
    for _ in 0..1 + rng.below(2) {
        let p = ["G", "S", "R", "B", "N"][rng.below(5)];
        if take(p) {
            hand.push_str(p);
        }
    }
    for (letter, n) in left {
        if n > 0 {
            let l = letter.to_ascii_lowercase();
            hand.push_str(&if n > 1 { format!("{n}{l}") } else { l });
        }
    }
    let rows: Vec<String> = board.iter().map(|rank| common::sfen_rank(rank)).collect();
    format!("{} b {} 1", rows.join("/"), hand)
}

#[test]
fn tsume_lengths_agree_with_cshogi() {
    let rules = gunbai::unstable::rules::load_variant("shogi", &[]).unwrap();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut sfens = vec![
        "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1".to_string(),
        "7gk/7p1/8P/9/9/9/9/9/K7L b G 1".to_string(),
    ];
    while sfens.len() < POSITIONS {
        let sfen = random_tsume(&mut rng);
        let Ok(p) = Position::from_sfen(rules.clone(), &sfen) else {
            continue;
        };
        // Black to move may not be able to take the king already.
        if !in_check(&p, Colour::White) {
            sfens.push(sfen);
        }
    }
    let mut child = Command::new(python())
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/cshogi-mate.py"))
        .arg(MAX_PLIES.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("running cshogi");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(sfens.join("\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "cshogi failed: {out:?}");
    let answers = String::from_utf8(out.stdout).unwrap();
    let mut mates = 0;
    for (sfen, line) in sfens.iter().zip(answers.lines()) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields[0], sfen);
        let want = fields[1].parse::<u32>().ok();
        let mut p = Position::from_sfen(rules.clone(), sfen).unwrap();
        let config = Config {
            max_plies: MAX_PLIES,
            time: Some(Duration::from_secs(120)),
            hash_mb: 16,
            ..Config::default()
        };
        let found = solve(&mut p, &config, None).unwrap();
        let got = match found.verdict {
            Verdict::Mate => found.plies,
            Verdict::NoMate => None,
            Verdict::Unknown => panic!("{sfen}: unknown"),
        };
        assert_eq!(got, want, "{sfen}: gunbai {got:?}, cshogi {want:?} ({})", fields[2]);
        mates += usize::from(want.is_some());
    }
    assert_eq!(answers.lines().count(), sfens.len());
    // The sample must hold both answers.
    assert!((4..=POSITIONS - 4).contains(&mates), "{mates} mates of {POSITIONS}");
}
