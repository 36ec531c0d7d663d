//! General primitives shown on tiny rule files written here: a move that
//! exists only under a condition, promotion chains, promotion without a
//! zone (by capture). None of this names a real variant.

mod common;

use gunbai::movegen::legal_moves;
use gunbai::notation::move_text;
use gunbai::position::Position;
use std::sync::Arc;

const TINY: &str = r#"
[variant]
id = "tiny"

[board]
files = 5
ranks = 5

[options.side_step]
default = false

[options.chain]
default = false

[tags]
royal = "the piece to keep"

[[piece]]
id = "king"
code = "K"
tags = ["royal"]
moves = [{ step = "all" }]

[[piece]]
id = "scout"
code = "S"
moves = [
  { step = "F" },
  { step = "side", when = "opt.side_step" },
  { step = "B", when = "count(royal) < enemy_count(royal)" },
]
promotes_to = "runner"

[[piece]]
id = "runner"
code = "RU"
moves = [{ slide = "F" }]
promotes_to = "flyer"

[[piece]]
id = "flyer"
code = "FY"
moves = [{ slide = "all" }]

[setup]
board = """
. . k . .
. . . . .
. . . . .
. . S . .
. . K . .
"""

[promotion]
may = "captures > 0"
must = "captures > 0"
repromote = "opt.chain"

[victory]
loses_when = "count(royal) == 0"
no_moves = "loss"
"#;

fn tiny(options: &[&str]) -> Arc<gunbai::ruleset::Ruleset> {
    common::compile_text("tiny.toml", TINY, options)
}

fn moves_from(pos: &Position, sq: &str) -> Vec<String> {
    let from = pos.rules().geometry.parse_square(sq).expect("square");
    let mut v = Vec::new();
    legal_moves(pos, &mut v);
    let mut t: Vec<String> = v
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| move_text(pos, m))
        .collect();
    t.sort();
    t
}

#[test]
fn a_move_under_an_option_exists_only_when_the_option_is_on() {
    let off = Position::start(tiny(&[]));
    assert_eq!(moves_from(&off, "c2"), ["c2-c3"]);
    let on = Position::start(tiny(&["side_step=true"]));
    assert_eq!(moves_from(&on, "c2"), ["b2", "c3", "d2"].map(|s| format!("c2-{s}")));
}

#[test]
fn a_move_under_a_position_condition_is_judged_before_each_move() {
    // The scout may step back only while its side has fewer royals than the
    // enemy: never with one king each, but here White has two.
    let rules = tiny(&[]);
    let even = Position::start(rules.clone());
    assert_eq!(moves_from(&even, "c2"), ["c2-c3"]);
    let pos = Position::from_text(rules.clone(), "2,k,2/5/5/2,S,2/K,4 b").expect("position");
    assert_eq!(moves_from(&pos, "c2"), ["c2-c3"], "one king each: no back step");
    let pos = Position::from_text(rules, "2,k,k,1/5/5/2,S,2/K,4 b").expect("position");
    assert_eq!(moves_from(&pos, "c2"), ["c2-c1", "c2-c3"]);
}

#[test]
fn capture_promotes_and_a_promoted_piece_promotes_again_only_if_allowed() {
    // Black scout c2 captures on c3 and must promote to a runner; the runner
    // then captures on c4 without promoting again (promotion happens once).
    let text = "2,k,2/2,s,2/2,s,2/2,S,2/K,4 b";
    let mut pos = Position::from_text(tiny(&[]), text).expect("position");
    assert_eq!(moves_from(&pos, "c2"), ["c2xc3+"], "promotion by capture is compulsory");
    for m in ["c2xc3+", "c5-b5"] {
        let mv = gunbai::notation::parse_move(&pos, m).unwrap_or_else(|r| panic!("{r}"));
        pos.play_unchecked(&mv);
    }
    assert_eq!(
        moves_from(&pos, "c3"),
        ["c3xc4"],
        "a promoted piece does not promote again"
    );
    // With repromote allowed, the promoted scout (+S) becomes a flyer (++S).
    let chain = tiny(&["chain=true"]);
    let codes: Vec<&str> = chain.types.iter().map(|t| t.code.as_str()).collect();
    assert!(codes.contains(&"++S"), "{codes:?}");
    let pos = Position::from_text(chain, "2,k,2/2,s,2/2,+S,2/5/K,4 b").expect("position");
    assert_eq!(moves_from(&pos, "c3"), ["c3xc4+"]);
}

/// Range captures (`captures_passed`) on a toy: a sweeper (rank 2) slides
/// orthogonally over lower-ranked pieces of either side and takes them.
const SWEEPERS: &str = r#"
[variant]
id = "sweepers"

[board]
files = 7
ranks = 7

[options.captor]
default = false

[tags]
royal = "the piece to keep"

[[piece]]
id = "king"
code = "K"
tags = ["royal"]
rank = 4
moves = [{ step = "all" }]

[[piece]]
id = "sweeper"
code = "W"
rank = 2
moves = [{ slide = "orth", over_lower_rank = "true", captures_passed = "true", beyond_empty = "true", beyond_lower_only = "true" }]
promotes_to = "champion"

[[piece]]
id = "champion"
code = "C"
moves = [{ step = "all" }]

[[piece]]
id = "minor"
code = "M"
moves = [{ step = "F" }]

[[piece]]
id = "pawn"
code = "P"
moves = [{ step = "F" }]

[setup]
board = """
. . . . . . k
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
W . . . . . K
"""

[promotion]
may = "captured(minor)"

[[on_capture]]
id = "minor-captor"
victims = "[minor]"
becomes = "K"
when = "opt.captor"

[victory]
loses_when = "count(royal) == 0"
no_moves = "loss"
"#;

#[test]
fn captured_sees_the_pieces_a_range_capture_passes() {
    // The sweeper on a1 passes its own pawn (a3) and an enemy minor (a5).
    // `captured(minor)` holds for a capture on a5 and for every landing
    // beyond it, where the minor is taken by being passed; not for a4,
    // which passes only the pawn.
    let pos = Position::from_text(
        common::compile_text("sweepers.toml", SWEEPERS, &[]),
        "6,k/7/m,6/7/P,6/7/W,5,K b",
    )
    .expect("position");
    let moves = moves_from(&pos, "a1");
    for m in [
        "a1xa5+", "a1xa5=", "a1xa6+", "a1xa6=", "a1xa7+", "a1xa7=", "a1xa4", "a1-a2",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
    assert!(
        !moves.contains(&"a1xa4+".to_string()),
        "only the pawn was passed: {moves:?}"
    );
}

#[test]
fn on_capture_counts_the_pieces_a_range_capture_passes() {
    // With the rule on, whoever captures a minor becomes a king: passing
    // one counts as capturing it.
    let mut pos = Position::from_text(
        common::compile_text("sweepers.toml", SWEEPERS, &["captor=true"]),
        "6,k/7/m,6/7/P,6/7/W,5,K b",
    )
    .expect("position");
    let mv = gunbai::notation::parse_move(&pos, "a1xa6=").unwrap_or_else(|r| panic!("{r}"));
    pos.play_unchecked(&mv);
    assert_eq!(common::code_at(&pos, "a6"), Some("K".into()));
    assert_eq!(common::code_at(&pos, "a5"), None, "the minor was taken");
    assert_eq!(common::code_at(&pos, "a3"), None, "and the pawn");
}
