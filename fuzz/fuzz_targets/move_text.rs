//! Arbitrary text as a move on a few fixed Chu positions and a 36x36 one
//! (files past `z`, and the file `x` beside the capture mark): reading
//! never panics, an error points inside the text, and a move that reads is
//! legal and writes back to itself.

#![no_main]

use gunbai::unstable::compile::compile;
use gunbai::unstable::diagnostics::Source;
use gunbai::unstable::movegen::legal_moves;
use gunbai::unstable::notation::{Notation, move_text, parse_move, usi_text};
use gunbai::unstable::position::Position;
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

const POSITIONS: [&str; 3] = [
    "11,k/12/12/12/2,P,9/5,p,6/5,p,6/5,LN,6/12/12/12/K,11 b",
    "11,k/12/12/12/12/12/12/2,ln,2,g,6/2,G,9/12/12/K,11 b G-f5xLN@f5",
    "k,11/ln,11/12/12/12/12/12/12/12/12/2,LN,9/K,11 w",
];

/// A 36x36 variant with a slider and a two-step mover.
const GIANT: &str = include_str!("../../tests/data/giant36.toml");

/// Rooks and twins around the files x and aa..aj.
const GIANT_POSITION: &str = "35,k/36/36/36/36/36/26,R,8,r/36/36/36/36/36/36/36/22,r,r,12/22,TW,r,12/36/36/36/36/36/36/36/36/36/36/36/36/23,r,12/36/36/36/23,R,12/36/36/K,35 b";

static POS: LazyLock<Vec<Position>> = LazyLock::new(|| {
    let rules = gunbai::unstable::rules::load_variant("chu", &[]).expect("chu compiles");
    let mut v = vec![Position::start(rules.clone())];
    for p in POSITIONS {
        v.push(Position::from_text(rules.clone(), p).expect("fixed position parses"));
    }
    let giant = std::sync::Arc::new(
        compile(&Source::new("giant.toml", GIANT), &[])
            .expect("giant compiles")
            .ruleset,
    );
    v.push(Position::from_text(giant, GIANT_POSITION).expect("giant position parses"));
    v
});

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for pos in POS.iter() {
        let m = match parse_move(pos, text) {
            Ok(m) => m,
            Err(report) => {
                for d in &report.diagnostics {
                    assert!(
                        d.span.start <= text.len() && d.span.start <= d.span.end,
                        "span inside the text"
                    );
                }
                continue;
            }
        };
        let mut legal = Vec::new();
        let _ = legal_moves(pos, &mut legal);
        assert!(legal.contains(&m), "a parsed move is legal");
        let canonical = move_text(pos, &m);
        assert_eq!(parse_move(pos, &canonical).ok(), Some(m), "canonical text reads back");
        let usi = Notation::Usi
            .check(pos.rules())
            .ok()
            .and_then(|()| usi_text(&pos.rules().geometry, &m));
        if let Some(usi) = usi {
            let back = parse_move(pos, &usi).ok();
            // USI has no decline mark: a declined promotion reads back as
            // the declining move, which is the same move.
            assert_eq!(back, Some(m), "USI text reads back: {usi}");
        }
    }
});
