//! Arbitrary text as a position, native and SFEN, on the bundled Chu rules
//! and on a small 5x5 file: reading never panics, and a position that reads
//! writes back to text that reads to the same position.

#![no_main]

use gunbai::compile::compile;
use gunbai::diagnostics::Source;
use gunbai::movegen::legal_moves;
use gunbai::position::Position;
use gunbai::ruleset::Ruleset;
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, LazyLock};

/// A small variant with SFEN letters, promotion and a restriction, so that
/// positions reach other board sizes than Chu's.
const MINI: &str = r#"
[variant]
id = "mini"
[board]
files = 5
ranks = 6
[tags]
royal = ""
[[piece]]
id = "king"
code = "K"
tags = ["royal"]
moves = [{ step = "all" }]
[[piece]]
id = "gold"
code = "G"
moves = [{ step = "F FL FR L R B" }]
[[piece]]
id = "pawn"
code = "P"
moves = [{ step = "F" }]
promotes_to = "gold"
[[piece]]
id = "lion"
code = "LN"
moves = [{ jump = [[2, 2], [2, 1], [2, 0]], symmetry = "all" }, { legs = [{ step = "all" }, { step = "all", optional = true }] }]
[setup]
board = """
. . k . .
p p p p p
. . . . .
. . . . .
P P P P P
. LN K . .
"""
[promotion]
zone_ranks = 2
may = "in_zone(to)"
[[restriction]]
id = "lion-for-lion"
forbid_capture = "victim is lion and not mover is lion and last.captured(lion)"
[victory]
loses_when = "count(royal) == 0"
no_moves = "loss"
[sfen]
last_capture_of = "lion"
letters = { king = "k", gold = "g", pawn = "p" }
"#;

static RULES: LazyLock<Vec<Arc<Ruleset>>> = LazyLock::new(|| {
    let chu = gunbai::rules::load_variant("chu", &[]).expect("chu compiles");
    let mini = compile(&Source::new("mini.toml", MINI), &[])
        .expect("mini compiles")
        .ruleset;
    vec![chu, Arc::new(mini)]
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
    legal_moves(pos, &mut moves);
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
