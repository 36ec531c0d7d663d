//! Arbitrary text as a claimed mating line (`gunbai::check_line`, the door
//! of `mate --check-line`, Python's `Board.check_line` and WASM's
//! `checkLine`) on a standard tsume position and a Chu one, within a tiny
//! budget (and the tsume position with only the attacker's gold in hand,
//! the defender given the rest of the set: `defender_hand` of the
//! bindings, `--defender-hand rest`): checking never panics, a text that does not read is an
//! illegal-move error naming a ply of the line, and a report points inside
//! the line it read.

#![no_main]

use gunbai::{DefenderHand, ErrorKind, LineLimits, Position, Variant, check_line};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;
use std::time::Duration;

static POS: LazyLock<Vec<(Position, DefenderHand)>> = LazyLock::new(|| {
    let at = |variant: &str, sfen: &str, hand| {
        let v = Variant::bundled(variant).expect("bundled");
        (Position::from_sfen(&v, sfen).expect("fixed position reads"), hand)
    };
    vec![
        at(
            "shogi",
            "7k1/9/4R4/9/9/9/9/9/9 b Gr2b3g4s4n4l18p 1",
            DefenderHand::AsGiven,
        ),
        at("shogi", "7k1/9/4R4/9/9/9/9/9/9 b G 1", DefenderHand::Rest),
        at(
            "chu",
            "5ex1+Pc2/6okt3/3s4X2+H/2+D9/3p+v1+Dpt3/12/12/2+a6q2/12/12/12/12 b - 1",
            DefenderHand::AsGiven,
        ),
    ]
});

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let plies = text.split_whitespace().count();
    for (pos, hand) in POS.iter() {
        let limits = LineLimits {
            nodes: Some(200),
            time: Some(Duration::from_millis(200)),
            hash_mb: 1,
            defender_hand: *hand,
            ..LineLimits::default()
        };
        match check_line(pos, text, &limits) {
            Ok(r) => {
                assert_eq!(r.line.len(), plies, "every text read as one move");
                assert!(r.walked as usize <= plies, "walked within the line");
                assert!(r.at.is_none_or(|at| at as usize <= plies), "points inside the line");
            }
            Err(e) if e.kind() == ErrorKind::IllegalMove => {
                let ply: usize = e
                    .message()
                    .strip_prefix("ply ")
                    .and_then(|m| m.split(':').next())
                    .and_then(|n| n.parse().ok())
                    .expect("an illegal move names its ply");
                assert!((1..=plies).contains(&ply), "the ply is one of the line's");
            }
            Err(_) => {}
        }
    }
});
