//! Arbitrary text as a position, native and SFEN, on the bundled Chu and
//! shogi rules (hands) and on a small 5x5 file: reading never panics, and a position that reads
//! writes back to text that reads to the same position.

#![no_main]

use gunbai::unstable::compile::compile;
use gunbai::unstable::diagnostics::Source;
use gunbai::unstable::movegen::legal_moves;
use gunbai::unstable::position::Position;
use gunbai::unstable::ruleset::Ruleset;
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, LazyLock};

/// A small variant with SFEN letters, promotion and a restriction, so that
/// positions reach other board sizes than Chu's.
const MINI: &str = include_str!("../../tests/data/toy/fuzz_mini.toml");

static RULES: LazyLock<Vec<Arc<Ruleset>>> = LazyLock::new(|| {
    let chu = gunbai::unstable::rules::load_variant("chu", &[]).expect("chu compiles");
    let mini = compile(&Source::new("mini.toml", MINI), &[])
        .expect("mini compiles")
        .ruleset;
    // Shogi for hands (`[R,2P,p]` and SFEN's `R2Pp`).
    let shogi = gunbai::unstable::rules::load_variant("shogi", &[]).expect("shogi compiles");
    vec![chu, Arc::new(mini), shogi]
});

fn check(pos: &Position) {
    let rules = pos.rules().clone();
    let text = pos.to_text();
    let back = Position::from_text(rules.clone(), &text).expect("own text parses");
    assert_eq!(back.to_text(), text, "text round trip");
    assert_eq!(back.hash(), pos.hash());
    if let Some(sfen) = pos.to_sfen() {
        let back = Position::from_sfen(rules.clone(), &sfen).expect("own SFEN parses");
        assert_eq!(back.to_sfen().as_deref(), Some(sfen.as_str()), "SFEN round trip");
    }
    let mut moves = Vec::new();
    let _ = legal_moves(pos, &mut moves);
    for m in moves.iter().take(40) {
        let mut after = pos.clone();
        let undo = after.play_unchecked(m);
        after.unplay(&undo);
        assert_eq!(after.to_text(), text, "unplay restores");
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for rules in RULES.iter() {
        if let Ok(pos) = Position::from_text(rules.clone(), text) {
            check(&pos);
        }
        if let Ok(pos) = Position::from_sfen(rules.clone(), text) {
            check(&pos);
        }
    }
});
