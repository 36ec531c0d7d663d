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

/// A two-step piece on a board whose promotion asks for the farthest rank
/// any landing of the move reached (`farthest_rank`), not only the last.
const TOUCH: &str = r#"
[variant]
id = "touch"

[board]
files = 5
ranks = 5

[tags]
royal = "the piece to keep"

[[piece]]
id = "king"
code = "K"
tags = ["royal"]
moves = [{ step = "all" }]

[[piece]]
id = "hopper"
code = "H"
moves = [{ legs = [{ step = "orth" }, { step = "orth", optional = true }] }]
promotes_to = "flyer"

[[piece]]
id = "flyer"
code = "FY"
moves = [{ slide = "all" }]

[setup]
board = """
. . . . k
. . . . .
. . H . .
. . . . .
K . . . .
"""

[promotion]
may = "farthest_rank >= 4"

[victory]
loses_when = "count(royal) == 0"
no_moves = "loss"
"#;

#[test]
fn farthest_rank_counts_every_landing_of_the_move_but_not_its_origin() {
    let pos = Position::start(common::compile_text("touch.toml", TOUCH, &[]));
    let moves = moves_from(&pos, "c3");
    for m in ["c3-c4-c3+", "c3-c4-c3=", "c3-c4+", "c3-c4-c5+", "c3-b3-b4+"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    for m in ["c3-c2-c3+", "c3-b3+", "c3-c2+", "c3-b3-b2+"] {
        assert!(!moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    assert!(moves.contains(&"c3-b3-b2".to_string()), "{moves:?}");
}

/// Two kings and a rook on a small board, with a draw after a number of
/// moves that an option switches on (`COUNTS` is replaced by the test).
const LIMIT: &str = r#"
[variant]
id = "limit"

[board]
files = 5
ranks = 5

[options.limit]
default = false

[tags]
royal = "the piece to keep"

[[piece]]
id = "king"
code = "K"
tags = ["royal"]
moves = [{ step = "all" }]

[[piece]]
id = "rook"
code = "R"
moves = [{ slide = "orth" }]

[setup]
board = """
k . . . .
. . . . p
. . . . .
. . . . .
K . . . R
"""

[[piece]]
id = "pawn"
code = "P"
moves = [{ step = "F" }]

[victory]
loses_when = "count(royal) == 0"
no_moves = "loss"

[victory.move_limit]
plies = 4
counts = "COUNTS"
when = "opt.limit"
"#;

fn limit_game(opts: &[&str], moves: &[&str]) -> Position {
    let counts = if opts.contains(&"quiet") { "quiet" } else { "all" };
    let opts: Vec<&str> = opts.iter().copied().filter(|o| *o != "quiet").collect();
    let text = LIMIT.replace("COUNTS", counts);
    let mut pos = Position::start(common::compile_text("limit.toml", &text, &opts));
    for m in moves {
        let mv = gunbai::notation::parse_move(&pos, m).unwrap_or_else(|r| panic!("{m}: {r}"));
        assert!(pos.outcome().is_none(), "the game ended before {m}");
        pos.play_unchecked(&mv);
    }
    pos
}

#[test]
fn a_move_limit_draws_after_its_count_of_moves() {
    let draw = |pos: &Position| pos.outcome().map(|o| o.black) == Some(gunbai::ruleset::Result3::Draw);
    let quiet = ["a1-a2", "a5-b5", "a2-a1", "b5-a5"];
    assert!(!draw(&limit_game(&[], &quiet)), "no limit by default");
    assert!(
        !draw(&limit_game(&["limit=true"], &quiet[..3])),
        "three moves are not four"
    );
    assert!(draw(&limit_game(&["limit=true"], &quiet)), "the fourth move draws");
    // Counting only quiet moves, the capture on the first move starts the
    // count again: four more moves are needed.
    let capture = ["e1xe4", "a5-b5", "a1-a2", "b5-a5", "a2-a1"];
    assert!(draw(&limit_game(&["limit=true"], &capture[..4])), "every move counts");
    assert!(
        !draw(&limit_game(&["limit=true", "quiet"], &capture[..4])),
        "three quiet moves after the capture"
    );
    assert!(
        draw(&limit_game(&["limit=true", "quiet"], &capture)),
        "four quiet moves after the capture"
    );
}
