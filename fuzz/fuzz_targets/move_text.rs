//! Arbitrary text as a move on a few fixed Chu positions: reading never
//! panics, and a move that reads is legal and writes back to itself.

#![no_main]

use gunbai::movegen::legal_moves;
use gunbai::notation::{move_text, parse_move, usi_text};
use gunbai::position::Position;
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

const POSITIONS: [&str; 3] = [
    "11,k/12/12/12/2,P,9/5,p,6/5,p,6/5,LN,6/12/12/12/K,11 b",
    "11,k/12/12/12/12/12/12/2,ln,2,g,6/2,G,9/12/12/K,11 b G-f5xLN@f5",
    "k,11/ln,11/12/12/12/12/12/12/12/12/2,LN,9/K,11 w",
];

static POS: LazyLock<Vec<Position>> = LazyLock::new(|| {
    let rules = gunbai::rules::load_variant("chu", &[]).expect("chu compiles");
    let mut v = vec![Position::start(rules.clone())];
    for p in POSITIONS {
        v.push(Position::from_text(rules.clone(), p).expect("fixed position parses"));
    }
    v
});

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for pos in POS.iter() {
        let Ok(m) = parse_move(pos, text) else {
            continue;
        };
        let mut legal = Vec::new();
        legal_moves(pos, &mut legal);
        assert!(legal.contains(&m), "a parsed move is legal");
        let canonical = move_text(pos, &m);
        assert_eq!(parse_move(pos, &canonical).ok(), Some(m), "canonical text reads back");
        if let Some(usi) = usi_text(&pos.rules().geometry, &m) {
            let back = parse_move(pos, &usi).ok();
            // USI has no decline mark: a declined promotion reads back as
            // the declining move, which is the same move.
            assert_eq!(back, Some(m), "USI text reads back: {usi}");
        }
    }
});
