//! General primitives shown on tiny rule files written here: a move that
//! exists only under a condition, promotion chains, promotion without a
//! zone (by capture). None of this names a real variant.

mod common;

use gunbai::compile::compile;
use gunbai::diagnostics::Source;
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
/// orthogonally over lower-ranked pieces of either side and takes them
/// (sparing its own under `spare`, and ending on its own lower pieces under
/// `own_landing`); a hopper jumps two squares forward or back and takes
/// the piece it leaps.
const SWEEPERS: &str = r#"
[variant]
id = "sweepers"

[board]
files = 7
ranks = 7

[options.captor]
default = false

[options.spare]
default = false

[options.own_landing]
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
moves = [{ slide = "orth", over_lower_rank = "true", captures_passed = "true", beyond_empty = "true", beyond_lower_only = "true", spares_own = "opt.spare", lands_on_own = "opt.own_landing" }]
promotes_to = "champion"

[[piece]]
id = "hopper"
code = "H"
moves = [{ jump = [[0, 2]], symmetry = "vertical", captures_passed = "true" }]

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

fn sweepers(options: &[&str], text: &str) -> Position {
    Position::from_text(common::compile_text("sweepers.toml", SWEEPERS, options), text).expect("position")
}

#[test]
fn a_range_capture_that_spares_own_pieces_passes_them_and_takes_only_enemies() {
    // `spares_own`: the sweeper on a1 passes its own pawn (a3) without
    // taking it, and still takes the enemy minor (a5) it passes.
    let text = "6,k/7/m,6/7/P,6/7/W,5,K b";
    let mut pos = sweepers(&["spare=true"], text);
    let moves = moves_from(&pos, "a1");
    assert!(
        moves.contains(&"a1-a4".to_string()),
        "only its own pawn passed: {moves:?}"
    );
    assert!(moves.contains(&"a1xa6=".to_string()), "{moves:?}");
    let mv = gunbai::notation::parse_move(&pos, "a1xa6=").unwrap_or_else(|r| panic!("{r}"));
    pos.play_unchecked(&mv);
    assert_eq!(common::code_at(&pos, "a3"), Some("P".into()), "its own pawn stays");
    assert_eq!(common::code_at(&pos, "a5"), None, "the enemy minor is taken");
    let pos = sweepers(&[], text);
    assert!(
        moves_from(&pos, "a1").contains(&"a1xa4".to_string()),
        "without it the pawn is taken"
    );
}

#[test]
fn a_range_capture_may_end_on_an_own_lower_piece_with_lands_on_own() {
    // `lands_on_own`: the sweeper (rank 2) may end on its own pawn (rank 0),
    // which is taken; never on its own king (rank 4), which ends the line.
    let text = "6,k/7/7/7/P,6/7/W,5,K b";
    let mut pos = sweepers(&["own_landing=true"], text);
    let moves = moves_from(&pos, "a1");
    assert!(moves.contains(&"a1xa3".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.ends_with("g1")), "not on its king: {moves:?}");
    let mv = gunbai::notation::parse_move(&pos, "a1xa3").unwrap_or_else(|r| panic!("{r}"));
    pos.play_unchecked(&mv);
    assert_eq!(common::code_at(&pos, "a3"), Some("W".into()));
    assert_eq!(pieces_on_board(&pos), 3, "the pawn is gone");
    let pos = sweepers(&[], text);
    assert!(!moves_from(&pos, "a1").contains(&"a1xa3".to_string()), "without it: no");
}

#[test]
fn a_jump_with_captures_passed_takes_the_piece_it_leaps() {
    // The hopper on c3 leaps to c5 over its own pawn and to c1 over an
    // enemy minor, taking each.
    let mut pos = sweepers(&[], "6,k/7/7/2,P,4/2,H,4/2,m,4/6,K b");
    assert_eq!(moves_from(&pos, "c3"), ["c3xc1", "c3xc5"]);
    let mv = gunbai::notation::parse_move(&pos, "c3xc1").unwrap_or_else(|r| panic!("{r}"));
    pos.play_unchecked(&mv);
    assert_eq!(common::code_at(&pos, "c2"), None, "the minor leapt over is taken");
    assert_eq!(
        common::code_at(&pos, "c4"),
        Some("P".into()),
        "the other way was not taken"
    );
}

#[test]
fn the_range_capture_keys_are_checked() {
    let hopper = "{ jump = [[0, 2]], symmetry = \"vertical\", captures_passed = \"true\" }";
    for (bad, error) in [
        (
            "{ jump = [[1, 2]], captures_passed = \"true\" }",
            "needs straight offsets",
        ),
        (
            "{ jump = [[0, 2]], spares_own = \"true\" }",
            "`spares_own` belongs to a range capture",
        ),
        (
            "{ jump = [[0, 2]], captures_passed = \"true\", lands_on_own = \"true\" }",
            "`lands_on_own` belongs to a range capture over lower ranks",
        ),
    ] {
        let text = SWEEPERS.replace(hopper, bad);
        let err = compile(&Source::new("sweepers.toml", &text), &[])
            .err()
            .expect("an error")
            .to_string();
        assert!(err.contains(error), "{bad}: {err}");
    }
}

fn pieces_on_board(pos: &Position) -> usize {
    let (b, w) = common::pieces_per_side(pos);
    b + w
}
