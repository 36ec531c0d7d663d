//! Shogi's `impasse = jsa27` option (the 27-point declaration, written
//! with the side place's `count_in_zone`, `in_hand`, `*` and `black`, and
//! judged for the side to move) against cshogi's `Board.is_nyugyoku()`
//! (PyPI, run from the virtualenv `.ci/install-python` makes), the CSA
//! 27-point rule: random positions whose side to move has its king in or
//! near the enemy camp, some of them in check, with between 5 and 16 of its
//! pieces in the camp and the rest of the 40 pieces in either hand. For
//! each, gunbai's start-of-turn judgment (a win for the side to move, or
//! none) must equal cshogi's answer. Without the option, nothing is won.

mod common;

use common::Rng;
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::movegen::in_check;
use gunbai::unstable::position::Position;
use std::io::Write as _;
use std::process::{Command, Stdio};

const POSITIONS: usize = 300;

fn python() -> String {
    let venv = concat!(env!("CARGO_MANIFEST_DIR"), "/target/py-venv/bin/python");
    assert!(
        std::path::Path::new(venv).exists(),
        "{venv} is missing: run .ci/install-python (it installs cshogi from PyPI)"
    );
    venv.to_string()
}

/// A random position as SFEN, either side to move.
fn random_position(rng: &mut Rng) -> String {
    // board[row][col]: row 0 is SFEN's first rank (White's back rank).
    let mut board: [[String; 9]; 9] = Default::default();
    let black = rng.below(2) == 0;
    // Our camp: the three rows nearest the enemy's back rank.
    let camp = |row: usize| if black { row < 3 } else { row > 5 };
    let case = |s: &str, ours: bool| {
        if ours == black {
            s.to_uppercase()
        } else {
            s.to_lowercase()
        }
    };
    let mut left = [("r", 2), ("b", 2), ("g", 4), ("s", 4), ("n", 4), ("l", 4), ("p", 18)];
    let mut take = |rng: &mut Rng| -> Option<&'static str> {
        let total: usize = left.iter().map(|e| e.1).sum();
        if total == 0 {
            return None;
        }
        let mut i = rng.below(total);
        for e in left.iter_mut() {
            if i < e.1 {
                e.1 -= 1;
                return Some(e.0);
            }
            i -= e.1;
        }
        None
    };
    // Our king: in the camp four times in five.
    let king_row = if rng.below(5) < 4 {
        if black { rng.below(3) } else { 6 + rng.below(3) }
    } else {
        3 + rng.below(3)
    };
    let king_col = rng.below(9);
    board[king_row][king_col] = case("k", true);
    // Their king, far from ours.
    let their_row = if black { 6 + rng.below(3) } else { rng.below(3) };
    let their_col = rng.below(9);
    board[their_row][their_col] = case("k", false);
    // Our pieces in the camp (one in three promoted where it can be).
    for _ in 0..5 + rng.below(12) {
        let (row, col) = (if black { rng.below(3) } else { 6 + rng.below(3) }, rng.below(9));
        if !board[row][col].is_empty() {
            continue;
        }
        let Some(p) = take(rng) else { break };
        let promoted = p != "g" && rng.below(3) == 0;
        board[row][col] = if promoted {
            format!("+{}", case(p, true))
        } else {
            case(p, true)
        };
    }
    // A few of theirs in or next to our camp: some give check.
    for _ in 0..rng.below(3) {
        let (row, col) = (if black { rng.below(4) } else { 5 + rng.below(4) }, rng.below(9));
        if !board[row][col].is_empty() || !camp(row) && rng.below(2) == 0 {
            continue;
        }
        let Some(p) = take(rng) else { break };
        // Their pieces move away from their own back rank, which is far
        // from here: none is stuck.
        board[row][col] = case(p, false);
    }
    // The rest in hand: ours with a probability drawn for this position.
    let share = rng.below(101);
    let (mut ours, mut theirs) = (String::new(), String::new());
    while let Some(p) = take(rng) {
        if rng.below(100) < share {
            ours.push_str(p);
        } else {
            theirs.push_str(p);
        }
    }
    let hand_text = |s: &str, upper: bool| -> String {
        let mut out = String::new();
        for p in ["r", "b", "g", "s", "n", "l", "p"] {
            let n = s.matches(p).count();
            if n > 0 {
                if n > 1 {
                    out.push_str(&n.to_string());
                }
                out.push_str(&if upper { p.to_uppercase() } else { p.to_string() });
            }
        }
        out
    };
    let (b_hand, w_hand) = if black { (&ours, &theirs) } else { (&theirs, &ours) };
    let mut hands = hand_text(b_hand, true) + &hand_text(w_hand, false);
    if hands.is_empty() {
        hands.push('-');
    }
    let rows: Vec<String> = board.iter().map(|rank| common::sfen_rank(rank)).collect();
    format!("{} {} {} 1", rows.join("/"), if black { "b" } else { "w" }, hands)
}

/// cshogi's `is_nyugyoku()` (27-point rule) for each SFEN, in order.
fn cshogi_declarations(sfens: &[String]) -> Vec<bool> {
    let script = "import sys, cshogi\n\
                  for line in sys.stdin:\n\
                  \x20   b = cshogi.Board(line.strip())\n\
                  \x20   print(1 if b.is_nyugyoku() else 0)\n";
    let mut child = Command::new(python())
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("running cshogi");
    child
        .stdin
        .take()
        .unwrap()
        .write_all((sfens.join("\n") + "\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "cshogi failed: {out:?}");
    let answers: Vec<bool> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l == "1")
        .collect();
    assert_eq!(answers.len(), sfens.len(), "one answer per position");
    answers
}

#[test]
fn the_27_point_declaration_agrees_with_cshogi() {
    let option: OptionOverride = "impasse=jsa27".parse().unwrap();
    let rules = gunbai::unstable::rules::load_variant("shogi", &[option]).unwrap();
    let plain = gunbai::unstable::rules::load_variant("shogi", &[]).unwrap();
    let mut rng = Rng(0x2701_5eed_0bad_cafe);
    let mut sfens = Vec::new();
    while sfens.len() < POSITIONS {
        let sfen = random_position(&mut rng);
        let p = Position::from_sfen(rules.clone(), &sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        // The side that has just moved may not have left its king in check.
        if !in_check(&p, p.side_to_move().opposite()) {
            sfens.push(sfen);
        }
    }
    let answers = cshogi_declarations(&sfens);
    let mut wins = 0;
    for (sfen, &want) in sfens.iter().zip(&answers) {
        let p = Position::from_sfen(rules.clone(), sfen).unwrap();
        let side = p.side_to_move();
        let got = p.outcome().and_then(|o| o.winner()) == Some(side);
        assert_eq!(got, want, "{sfen}: gunbai {got}, cshogi {want}");
        wins += usize::from(want);
        // Without the option nothing is declared.
        assert_eq!(
            Position::from_sfen(plain.clone(), sfen).unwrap().outcome(),
            None,
            "{sfen}"
        );
    }
    // The sample must hold both answers.
    assert!(
        (30..=POSITIONS - 30).contains(&wins),
        "{wins} declarations of {POSITIONS}"
    );
}
