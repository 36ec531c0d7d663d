//! General primitives shown on tiny rule files written here: a move that
//! exists only under a condition, promotion chains, promotion without a
//! zone (by capture), a leap to anywhere, a leg that may land only where no
//! enemy could land after the move (`unattacked`), a capturer replaced
//! by another piece (`[[on_capture]]`), and range captures
//! (`captures_passed` on slides and jumps, `spares_own`, `lands_on_own`). None of this names a real variant;
//! the expected moves follow from docs/rule-files.md, worked out by hand in
//! each test's comments.

mod common;

use common::{all_moves, code_at, moves_from, play};
use gunbai::unstable::position::Position;
use std::sync::Arc;

const TINY: &str = include_str!("data/toy/tiny.toml");

fn tiny(options: &[&str]) -> Arc<gunbai::unstable::ruleset::Ruleset> {
    common::compile_text("tiny.toml", TINY, options)
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
        let mv = gunbai::unstable::notation::parse_move(&pos, m).unwrap_or_else(|r| panic!("{r}"));
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

/// A leap to anywhere (`E`, with a restriction: it may not take a
/// protected piece), a step that may land only where no enemy could land
/// after the move (`S`, under the option `shy`), and rooks.
const LEAPS: &str = include_str!("data/toy/leaps.toml");

/// A position of `LEAPS` from a piece list, Black to move.
fn leaps(options: &[&str], pieces: &str) -> Position {
    common::toy_position("leaps.toml", LEAPS, options, 5, pieces)
}

#[test]
fn a_leap_to_anywhere_reaches_every_square_but_its_own_and_its_sides() {
    // docs/rule-files.md, `anywhere`: any square of the board but the
    // origin, whatever stands between. The emperor on c3 is walled in by
    // its own pawns on b3, c2, d3 and c4. Of the 25 squares, the origin,
    // the king a1 and the four pawns are Black's own: 19 remain, two of
    // them White's (the king e5 and the pawn a5, both unprotected: a pawn
    // of White steps down and the king's neighbours are empty).
    let pos = leaps(&[], "K a1, E c3, P b3, P c2, P d3, P c4, k e5, p a5");
    let moves = moves_from(&pos, "c3");
    assert_eq!(moves.len(), 19, "{moves:?}");
    for far in ["c3-a2", "c3-e1", "c3-c5", "c3-b1", "c3-e4"] {
        assert!(moves.iter().any(|m| m == far), "{far} missing from {moves:?}");
    }
    assert!(moves.iter().any(|m| m == "c3xe5") && moves.iter().any(|m| m == "c3xa5"));
    assert!(
        !moves.iter().any(|m| m.ends_with("b3") || m.ends_with("a1")),
        "never onto its own pieces"
    );
}

#[test]
fn a_leap_to_anywhere_obeys_the_capture_restrictions() {
    // The emperor may not take a protected piece (the file's restriction).
    // White's pawn a5 is protected by the rook a3 (after a capture there,
    // the rook slides a4, a5); the rook itself is not (White's pawn steps
    // down to a4, the king e5 reaches only d4, d5, e4); nor is the king
    // (the rook's lines are file a and rank 3).
    let pos = leaps(&[], "K a1, E c1, k e5, p a5, r a3");
    let captures: Vec<String> = moves_from(&pos, "c1").into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(captures, ["c1xa3", "c1xe5"]);
}

#[test]
fn an_unattacked_leg_lands_only_where_no_enemy_could_land_after_the_move() {
    // The shy piece on c3 steps one square any way, but only to a square no
    // White piece could land on after the move (`protected_after`). The rook
    // e4 reaches b4, c4 and d4 along rank 4; the rook c5 reaches c2 once the
    // shy piece has left c3 (the origin is empty after the move). That
    // leaves b2, b3, d2 and d3.
    let pieces = "K a1, S c3, k e5, r e4, r c5";
    assert_eq!(
        moves_from(&leaps(&[], pieces), "c3"),
        ["c3-b2", "c3-b3", "c3-d2", "c3-d3"]
    );
    // With the condition off, all eight neighbours.
    assert_eq!(moves_from(&leaps(&["shy=false"], pieces), "c3").len(), 8);
}

/// A pawn that promotes to a gold in the last rank, and a deva: whoever
/// captures a deva becomes a teacher, except a royal piece, while the
/// option `deva_rule` is on.
const CAPTORS: &str = include_str!("data/toy/captors.toml");

/// A position of `CAPTORS` from a piece list, Black to move.
fn captors(options: &[&str], pieces: &str) -> Position {
    common::toy_position("captors.toml", CAPTORS, options, 5, pieces)
}

#[test]
fn a_piece_that_captures_a_deva_becomes_a_teacher_unless_royal() {
    // docs/rule-files.md, `[[on_capture]]`: the capturer is replaced by a
    // piece of its own side; `except` leaves royals as they are; a capture
    // of another kind changes nothing.
    let pieces = "K b2, P c2, P a3, k e5, d c3, p a4";
    let mut pos = captors(&[], pieces);
    play(&mut pos, "c2xc3");
    assert_eq!(code_at(&pos, "c3").as_deref(), Some("T"), "the pawn became a teacher");
    let mut pos = captors(&[], pieces);
    play(&mut pos, "b2xc3");
    assert_eq!(code_at(&pos, "c3").as_deref(), Some("K"), "a royal stays as it is");
    let mut pos = captors(&[], pieces);
    play(&mut pos, "a3xa4");
    assert_eq!(code_at(&pos, "a4").as_deref(), Some("P"), "a pawn is no deva");
    // With the rule's condition off, the pawn stays a pawn.
    let mut pos = captors(&["deva_rule=false"], pieces);
    play(&mut pos, "c2xc3");
    assert_eq!(code_at(&pos, "c3").as_deref(), Some("P"));
}

#[test]
fn the_replacement_of_a_capturer_overrides_its_promotion() {
    // A pawn that takes a deva on the last rank may promote (`+`) or decline
    // (`=`, docs/notation.md); either way the replacement is its final type:
    // a teacher.
    let pieces = "K a1, P c4, k e1, d c5";
    assert_eq!(moves_from(&captors(&[], pieces), "c4"), ["c4xc5+", "c4xc5="]);
    for m in ["c4xc5+", "c4xc5="] {
        let mut pos = captors(&[], pieces);
        play(&mut pos, m);
        assert_eq!(code_at(&pos, "c5").as_deref(), Some("T"), "after {m}");
    }
}

/// Drops: a pawn may step back only while its side has no other pawn;
/// captured pawns go to the hand.
const HANDS: &str = include_str!("data/toy/hands.toml");

#[test]
fn count_counts_the_board_and_not_the_hand() {
    // docs/dsl.md, `count(K)`: pieces in hand are not counted. Black's one
    // pawn on the board may step back though Black holds two more in hand;
    // with a second pawn on the board neither may.
    let rules = common::compile_text("hands.toml", HANDS, &[]);
    let pos = Position::from_text(rules.clone(), "4,k/5/5/2,P,2/K,4[2P] b").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(moves_from(&pos, "c2"), ["c2-c1", "c2-c3"]);
    let pos = Position::from_text(rules, "4,k/5/5/2,P,P,1/K,4 b").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(moves_from(&pos, "c2"), ["c2-c3"]);
}

/// Drops under `forbid` (no position may occur twice).
const REPEAT_DROPS: &str = include_str!("data/toy/repeat_drops.toml");

#[test]
fn a_capture_that_recreates_an_earlier_position_is_forbidden_with_drops() {
    // Without drops a capture leaves fewer pieces than every earlier
    // position had; with them the captured piece goes to the hand, and
    // the same position can come back. From Q (Black K b2, White k e4,
    // each side a pawn in hand, White to move): k e5, Black drops P e4, k
    // takes it, K a1, White drops p b2. K a1xb2 would give Q again (Black
    // holds the pawn it took, White the one it took), so only the two
    // quiet king moves stay.
    let q = "5/4,k/5/1,K,3/5[P,p] w";
    let after = ["e4-e5", "P*e4", "e5xe4", "b2-a1", "P*b2"];
    for (option, expected) in [
        ("repetition=forbid", &["a1-a2", "a1-b1"][..]),
        ("repetition=ignore", &["a1-a2", "a1-b1", "a1xb2"][..]),
    ] {
        let rules = common::compile_text("repeat_drops.toml", REPEAT_DROPS, &[option]);
        let mut pos = Position::from_text(rules, q).unwrap_or_else(|e| panic!("{e}"));
        for m in after {
            play(&mut pos, m);
        }
        assert_eq!(all_moves(&pos), expected, "{option}");
    }
}

/// A two-step piece on a board whose promotion asks for the farthest rank
/// any landing of the move reached (`farthest_rank`), not only the last.
const TOUCH: &str = include_str!("data/toy/touch.toml");

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
/// moves that an option switches on (`counts` is switched by the test).
const LIMIT: &str = include_str!("data/toy/limit.toml");

fn limit_game(opts: &[&str], moves: &[&str]) -> Position {
    let counts = if opts.contains(&"quiet") { "quiet" } else { "all" };
    let opts: Vec<&str> = opts.iter().copied().filter(|o| *o != "quiet").collect();
    let text = LIMIT.replace(r#"counts = "all""#, &format!("counts = \"{counts}\""));
    let mut pos = Position::start(common::compile_text("limit.toml", &text, &opts));
    for m in moves {
        let mv = gunbai::unstable::notation::parse_move(&pos, m).unwrap_or_else(|r| panic!("{m}: {r}"));
        assert!(pos.outcome().is_none(), "the game ended before {m}");
        pos.play_unchecked(&mv);
    }
    pos
}

#[test]
fn a_move_limit_draws_after_its_count_of_moves() {
    let draw = |pos: &Position| pos.outcome().map(|o| o.black) == Some(gunbai::unstable::ruleset::Result3::Draw);
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

/// Range captures (`captures_passed`): a sweeper (rank 2) slides
/// orthogonally over lower-ranked pieces of either side and takes them
/// (sparing its own under `spare`, and ending on its own lower pieces under
/// `own_landing`); it promotes after taking a minor (`captured(minor)`); a
/// hopper jumps two squares forward or back and takes the piece it leaps.
const SWEEPERS: &str = include_str!("data/toy/sweepers.toml");

/// A position of `SWEEPERS` from a piece list, Black to move.
fn sweepers(options: &[&str], pieces: &str) -> Position {
    common::toy_position("sweepers.toml", SWEEPERS, options, 7, pieces)
}

#[test]
fn captured_sees_the_pieces_a_range_capture_passes() {
    // The sweeper on a1 passes its own pawn (a3) and an enemy minor (a5).
    // `captured(minor)` holds for a capture on a5 and for every landing
    // beyond it, where the minor is taken by being passed; not for a4,
    // which passes only the pawn.
    let pos = sweepers(&[], "k g7, m a5, P a3, W a1, K g1");
    let moves = moves_from(&pos, "a1");
    for m in [
        "a1xa5+", "a1xa5=", "a1xa6+", "a1xa6=", "a1xa7+", "a1xa7=", "a1xa4", "a1-a2",
    ] {
        assert!(moves.iter().any(|x| x == m), "{m} missing from {moves:?}");
    }
    assert!(
        !moves.iter().any(|x| x == "a1xa4+"),
        "only the pawn was passed: {moves:?}"
    );
}

#[test]
fn on_capture_counts_the_pieces_a_range_capture_passes() {
    // With the rule on, whoever captures a minor becomes a king: passing
    // one counts as capturing it.
    let mut pos = sweepers(&["captor=true"], "k g7, m a5, P a3, W a1, K g1");
    play(&mut pos, "a1xa6=");
    assert_eq!(code_at(&pos, "a6"), Some("K".into()));
    assert_eq!(code_at(&pos, "a5"), None, "the minor was taken");
    assert_eq!(code_at(&pos, "a3"), None, "and the pawn");
}

#[test]
fn a_range_capture_that_spares_own_pieces_passes_them_and_takes_only_enemies() {
    // `spares_own`: the sweeper on a1 passes its own pawn (a3) without
    // taking it, and still takes the enemy minor (a5) it passes.
    let pieces = "k g7, m a5, P a3, W a1, K g1";
    let mut pos = sweepers(&["spare=true"], pieces);
    let moves = moves_from(&pos, "a1");
    assert!(
        moves.iter().any(|x| x == "a1-a4"),
        "only its own pawn passed: {moves:?}"
    );
    play(&mut pos, "a1xa6=");
    assert_eq!(code_at(&pos, "a3"), Some("P".into()), "its own pawn stays");
    assert_eq!(code_at(&pos, "a5"), None, "the enemy minor is taken");
    let pos = sweepers(&[], pieces);
    assert!(
        moves_from(&pos, "a1").iter().any(|x| x == "a1xa4"),
        "without it the pawn is taken"
    );
}

#[test]
fn a_range_capture_may_end_on_an_own_lower_piece_with_lands_on_own() {
    // `lands_on_own`: the sweeper (rank 2) may end on its own pawn (rank 0),
    // which is taken; never on its own king (rank 4), which ends the line.
    let pieces = "k g7, P a3, W a1, K g1";
    let mut pos = sweepers(&["own_landing=true"], pieces);
    let moves = moves_from(&pos, "a1");
    assert!(moves.iter().any(|x| x == "a1xa3"), "{moves:?}");
    assert!(!moves.iter().any(|m| m.ends_with("g1")), "not on its king: {moves:?}");
    play(&mut pos, "a1xa3");
    assert_eq!(code_at(&pos, "a3"), Some("W".into()));
    assert_eq!(common::pieces_per_side(&pos), (2, 1), "the pawn is gone");
    let pos = sweepers(&[], pieces);
    assert!(!moves_from(&pos, "a1").iter().any(|x| x == "a1xa3"), "without it: no");
}

#[test]
fn a_jump_with_captures_passed_takes_the_piece_it_leaps() {
    // The hopper on c3 leaps to c5 over its own pawn and to c1 over an
    // enemy minor, taking each.
    let mut pos = sweepers(&[], "k g7, P c4, H c3, m c2, K g1");
    assert_eq!(moves_from(&pos, "c3"), ["c3xc1", "c3xc5"]);
    play(&mut pos, "c3xc1");
    assert_eq!(code_at(&pos, "c2"), None, "the minor leapt over is taken");
    assert_eq!(code_at(&pos, "c4"), Some("P".into()), "the other way was not taken");
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
        assert_ne!(text, SWEEPERS);
        let err = gunbai::unstable::compile::compile(
            &gunbai::unstable::diagnostics::Source::new("sweepers.toml", &text),
            &[],
        )
        .err()
        .expect("an error")
        .to_string();
        assert!(err.contains(error), "{bad}: {err}");
    }
}
