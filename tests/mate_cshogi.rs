//! `gunbai::unstable::mate` against cshogi's df-pn mate search (PyPI, run from the
//! virtualenv `.ci/install-python` makes): random tsume positions of
//! standard shogi (a White king near the top edge, a few Black pieces
//! around it, a piece or two in Black's hand, every other piece in
//! White's hand) and the composed ones of `tests/mate.rs`. Mate or not
//! within 7 plies, and the shortest length, must agree; the defender's
//! hand built by `give_defender_the_rest` (`--defender-hand rest`) must
//! be the one the SFEN writes out, and change the answer as it does in
//! cshogi.

mod common;

use common::Rng;
use gunbai::unstable::board::Colour;
use gunbai::unstable::mate::{Config, Verdict, give_defender_the_rest, solve};
use gunbai::unstable::movegen::in_check;
use gunbai::unstable::position::Position;
use std::io::Write as _;
use std::process::{Command, Stdio};
use std::time::Duration;

const MAX_PLIES: u32 = 7;
const POSITIONS: usize = 24;
/// The composed positions that come first in `tsume_lengths_agree_with_cshogi`.
const COMPOSED: usize = 2;

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
    let answers = cshogi_lengths(&sfens);
    let mut mates = 0;
    for (i, (sfen, (want, line))) in sfens.iter().zip(&answers).enumerate() {
        let mut p = Position::from_sfen(rules.clone(), sfen).unwrap();
        let got = gunbai_length(&mut p, sfen);
        assert_eq!(got, *want, "{sfen}: gunbai {got:?}, cshogi {want:?} ({line})");
        mates += usize::from(want.is_some());
        // The random ones give the defender every piece left: from only
        // the board and Black's hand, `give_defender_the_rest` rebuilds
        // the same hands.
        if i < COMPOSED {
            continue;
        }
        let mut bare = Position::from_sfen(rules.clone(), &without_white_hand(sfen)).unwrap();
        give_defender_the_rest(&mut bare).unwrap();
        assert_eq!(bare.to_text(), p.to_text(), "{sfen}");
    }
    // The sample must hold both answers.
    assert!((4..=POSITIONS - 4).contains(&mates), "{mates} mates of {POSITIONS}");
}

/// What `scripts/SCRIPT` (run with `MAX_PLIES`) prints for the SFENs,
/// one a line on its stdin.
fn run_cshogi(script: &str, sfens: &[String]) -> String {
    let mut child = Command::new(python())
        .arg(format!("{}/scripts/{script}", env!("CARGO_MANIFEST_DIR")))
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
    String::from_utf8(out.stdout).unwrap()
}

/// cshogi's shortest mate within `MAX_PLIES` for each SFEN, and its line.
fn cshogi_lengths(sfens: &[String]) -> Vec<(Option<u32>, String)> {
    let answers: Vec<(Option<u32>, String)> = run_cshogi("cshogi-mate.py", sfens)
        .lines()
        .zip(sfens)
        .map(|(line, sfen)| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields[0], sfen);
            (fields[1].parse::<u32>().ok(), fields[2..].join(" "))
        })
        .collect();
    assert_eq!(answers.len(), sfens.len());
    answers
}

/// gunbai's shortest mate within `MAX_PLIES`.
fn gunbai_length(p: &mut Position, sfen: &str) -> Option<u32> {
    let config = Config {
        max_plies: MAX_PLIES,
        time: Some(Duration::from_secs(120)),
        hash_mb: 16,
        ..Config::default()
    };
    let found = solve(p, &config, None).unwrap();
    match found.verdict {
        Verdict::Mate => found.plies,
        Verdict::NoMate => None,
        Verdict::Unknown => panic!("{sfen}: unknown"),
    }
}

/// The SFEN with White's pieces in hand left out.
fn without_white_hand(sfen: &str) -> String {
    let mut fields: Vec<String> = sfen.split(' ').map(str::to_string).collect();
    // A count before a White letter goes with it.
    let mut hand = String::new();
    let mut count = String::new();
    for c in fields[2].chars() {
        if c.is_ascii_digit() {
            count.push(c);
        } else {
            if c.is_ascii_uppercase() {
                hand.push_str(&count);
                hand.push(c);
            }
            count.clear();
        }
    }
    fields[2] = if hand.is_empty() { "-".to_string() } else { hand };
    fields.join(" ")
}

#[test]
fn the_defender_holding_the_rest_changes_the_answer_as_in_cshogi() {
    // Composed (found by a search for positions where the defender's
    // hand matters): a rook or dragon checks from afar, and with every
    // remaining piece in hand White can interpose. Each board with only
    // Black's hand is solved as given (defender's hand empty) and with
    // `--defender-hand rest`; cshogi solves the same boards with the hands
    // written out. With an empty hand: 1, 3, 3 plies; with the rest: 3
    // (R*1b 1a2a 1b2b+), 5 (5c2c+ P*2b G*3b 2a1a 2c2b), 5 (3d2c P*2b G*3b
    // 2a1a 2c2b).
    let rules = gunbai::unstable::rules::load_variant("shogi", &[]).unwrap();
    let boards = [
        ("8k/3R5/9/9/9/9/9/9/9 b R 1", "8k/3R5/9/9/9/9/9/9/9 b R2b4g4s4n4l18p 1"),
        (
            "7k1/9/4R4/9/9/9/9/9/9 b G 1",
            "7k1/9/4R4/9/9/9/9/9/9 b Gr2b3g4s4n4l18p 1",
        ),
        (
            "7k1/3S5/9/6+R2/9/9/9/9/9 b G 1",
            "7k1/3S5/9/6+R2/9/9/9/9/9 b Gr2b3g3s4n4l18p 1",
        ),
    ];
    let sfens: Vec<String> = boards
        .iter()
        .flat_map(|&(a, b)| [a.to_string(), b.to_string()])
        .collect();
    let answers = cshogi_lengths(&sfens);
    let wants: Vec<Option<u32>> = answers.iter().map(|a| a.0).collect();
    assert_eq!(
        wants,
        [Some(1), Some(3), Some(3), Some(5), Some(3), Some(5)],
        "{answers:?}"
    );
    for (i, (given, written)) in boards.into_iter().enumerate() {
        let mut p = Position::from_sfen(rules.clone(), given).unwrap();
        assert_eq!(gunbai_length(&mut p, given), wants[2 * i], "{given}");
        let added = give_defender_the_rest(&mut p).unwrap();
        let full = Position::from_sfen(rules.clone(), written).unwrap();
        assert_eq!(p.to_text(), full.to_text(), "{given}");
        assert_eq!(p.hash(), full.hash(), "{given}");
        assert!(added > 30, "{given}: {added}");
        assert_eq!(gunbai_length(&mut p, given), wants[2 * i + 1], "{given} with the rest");
    }
}

/// `check_line` against an independent check by cshogi
/// (`scripts/cshogi-check-line.py`): on the composed positions and random
/// tsume positions that cshogi mates within `MAX_PLIES`, cshogi's own
/// mating line (sound: every other defence mated within the claim) and a
/// deliberately wrong line (a first check that some reply escapes, then a
/// reply cshogi mates and its mate). At every defender's ply up to the
/// first escape the other replies, those mated within the plies the claim
/// leaves and the escaping ones (cshogi: no mate from the position after
/// them) must be the same, and so must the verdict.
#[test]
fn claimed_lines_are_checked_as_cshogi_checks_them() {
    use gunbai::unstable::mate::{LineVerdict, check_line, spare_royalless};
    use gunbai::unstable::notation::{Notation, parse_move, write_move};
    let rules = gunbai::unstable::rules::load_variant("shogi", &[]).unwrap();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut sfens = vec![
        "7k1/9/4R4/9/9/9/9/9/9 b Gr2b3g4s4n4l18p 1".to_string(),
        "7k1/3S5/9/6+R2/9/9/9/9/9 b Gr2b3g3s4n4l18p 1".to_string(),
    ];
    while sfens.len() < 40 {
        let sfen = random_tsume(&mut rng);
        if Position::from_sfen(rules.clone(), &sfen).is_ok_and(|p| !in_check(&p, Colour::White)) {
            sfens.push(sfen);
        }
    }
    let (mut sound, mut wrong, mut longer) = (0, 0, 0);
    for text in run_cshogi("cshogi-check-line.py", &sfens).lines() {
        let case: serde_json::Value = serde_json::from_str(text).unwrap();
        let sfen = case["sfen"].as_str().unwrap();
        let claim = case["claim"].as_u64().unwrap() as u32;
        let mut p = Position::from_sfen(rules.clone(), sfen).unwrap();
        // Black has no king and plays on (as in the solver).
        spare_royalless(&mut p);
        let mut line = Vec::new();
        let mut undos = Vec::new();
        for usi in case["line"].as_array().unwrap() {
            let m = parse_move(&p, usi.as_str().unwrap()).unwrap();
            undos.push(p.play_unchecked(&m));
            line.push(m);
        }
        while let Some(u) = undos.pop() {
            p.unplay(&u);
        }
        let before = p.to_text();
        let config = Config {
            max_plies: claim,
            time: Some(Duration::from_secs(120)),
            nodes: Some(1_000_000),
            hash_mb: 16,
            ..Config::default()
        };
        let found = check_line(&mut p, &line, &config, None).unwrap();
        assert_eq!(p.to_text(), before, "{sfen}: the position comes back unchanged");
        let want = case["plies"].as_array().unwrap();
        assert_eq!(found.defences.len(), want.len(), "{text}: {found:?}");
        for (d, w) in found.defences.iter().zip(want) {
            // The replies are written from the position before the ply.
            for m in &line[..d.ply as usize - 1] {
                undos.push(p.play_unchecked(m));
            }
            let mut escapes: Vec<String> = d.escapes.iter().map(|m| write_move(&p, m, Notation::Usi)).collect();
            escapes.sort();
            while let Some(u) = undos.pop() {
                p.unplay(&u);
            }
            let want_escapes: Vec<&str> = w["escapes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e.as_str().unwrap())
                .collect();
            assert_eq!(u64::from(d.ply), w["ply"].as_u64().unwrap(), "{text}");
            assert_eq!(u64::from(d.alternatives), w["alternatives"].as_u64().unwrap(), "{text}");
            assert_eq!(u64::from(d.mated), w["mated"].as_u64().unwrap(), "{text}: {d:?}");
            assert_eq!(escapes, want_escapes, "{text}");
            assert!(d.undecided.is_empty() && d.unchecked == 0, "{text}: {d:?}");
            let line_left = line.len() as u32 - d.ply;
            longer += usize::from(d.stronger_defence(line_left).is_some());
        }
        assert_eq!(found.ends_in_mate, case["ends_in_mate"].as_bool(), "{text}");
        let refuted = want.iter().any(|w| !w["escapes"].as_array().unwrap().is_empty());
        let verdict = match (refuted, found.ends_in_mate) {
            (true, _) => LineVerdict::Refuted,
            (false, Some(true)) => LineVerdict::Verified,
            _ => LineVerdict::NotMate,
        };
        assert_eq!(found.verdict, verdict, "{text}");
        if case["kind"] == "sound" {
            sound += 1;
            assert_eq!(verdict, LineVerdict::Verified, "{text}");
        } else {
            wrong += 1;
            assert_eq!((verdict, found.at), (LineVerdict::Refuted, Some(2)), "{text}");
        }
    }
    // The sample must hold both kinds.
    assert!(sound >= 6 && wrong >= 4, "{sound} sound, {wrong} wrong lines");
    eprintln!("{sound} sound, {wrong} wrong lines; {longer} plies with a longer defence than the line's");
}
