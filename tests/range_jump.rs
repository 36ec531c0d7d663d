//! The range jump (`rank` and a slide's `over_lower_rank`), shown on a tiny
//! rule file written here: a general slides, passes over pieces of either
//! side whose rank is lower than its own, and may capture beyond them, with
//! the two readings of what lies beyond (`beyond_lower_only`,
//! `beyond_empty`) as options. None of this names a real variant; the
//! expected moves follow from the rule as docs/rule-files.md states it.

mod common;

use gunbai::unstable::compile::compile;
use gunbai::unstable::diagnostics::Source;
use gunbai::unstable::position::Position;
use std::sync::Arc;

const JUMPERS: &str = include_str!("data/toy/jumpers.toml");

fn rules(options: &[&str]) -> Arc<gunbai::unstable::ruleset::Ruleset> {
    common::compile_text("jumpers.toml", JUMPERS, options)
}

fn moves_from(options: &[&str], position: &str, sq: &str) -> Vec<String> {
    common::moves_from(&Position::from_text(rules(options), position).expect("position"), sq)
}

// File a, from the top: White king a7, pawn a6, general a5, minor a4, empty
// a3, Black pawn a2, Black general a1; the Black king on b1 closes rank 1.
const FILE_A: &str = "k,6/p,6/g,6/m,6/7/P,6/G,K,5 b";

#[test]
fn a_range_jump_passes_lower_ranks_of_both_sides_and_stops_at_an_equal_rank() {
    // Its own pawn (rank 0) and the enemy minor (rank 1) are passed over; the
    // enemy general (rank 2, equal) ends the line and may be taken; the
    // empty a3 beyond the pawn is not a landing by default.
    assert_eq!(moves_from(&[], FILE_A, "a1"), ["a1xa4", "a1xa5"]);
}

#[test]
fn beyond_lower_only_takes_only_lower_ranks_behind_a_passed_piece() {
    assert_eq!(moves_from(&["lower_only=true"], FILE_A, "a1"), ["a1xa4"]);
}

#[test]
fn beyond_empty_lands_on_empty_squares_behind_a_passed_piece() {
    assert_eq!(
        moves_from(&["empty_beyond=true"], FILE_A, "a1"),
        ["a1-a3", "a1xa4", "a1xa5"]
    );
}

#[test]
fn a_range_jump_never_passes_a_higher_rank() {
    // The White king (rank 4) stands behind a pawn: it may be taken, but
    // the line ends there, so the pawn beyond it on a7 is out of reach;
    // a Black king in the way cannot be passed at all.
    let pos = "p,6/k,6/p,6/7/7/7/G,K,5 b";
    assert_eq!(
        moves_from(&[], pos, "a1"),
        ["a1-a2", "a1-a3", "a1-a4", "a1xa5", "a1xa6"]
    );
    assert_eq!(
        moves_from(&["lower_only=true"], pos, "a1"),
        ["a1-a2", "a1-a3", "a1-a4", "a1xa5"]
    );
}

#[test]
fn a_first_piece_of_any_rank_is_taken_by_the_plain_slide() {
    // Nothing is passed before the king, so even with `lower_only` it is
    // taken: the restriction is about pieces beyond a passed one.
    assert_eq!(
        moves_from(&["lower_only=true"], "7/7/7/k,6/7/7/G,K,5 b", "a1"),
        ["a1-a2", "a1-a3", "a1xa4"]
    );
}

#[test]
fn a_rank_out_of_range_and_a_stray_beyond_key_are_errors() {
    let bad = JUMPERS.replace("rank = 2", "rank = 500");
    let err = compile(&Source::new("jumpers.toml", &bad), &[])
        .err()
        .expect("an error")
        .to_string();
    assert!(err.contains("rank must be a whole number from 0 to 100"), "{err}");
    let bad = JUMPERS.replace("over_lower_rank = \"true\", ", "");
    let err = compile(&Source::new("jumpers.toml", &bad), &[])
        .err()
        .expect("an error")
        .to_string();
    assert!(err.contains("`beyond_lower_only` needs `over_lower_rank`"), "{err}");
    let bad = JUMPERS.replace(
        "{ step = \"F\" }]\n\n[[piece]]\nid = \"pawn\"",
        "{ step = \"F\", over_lower_rank = \"true\" }]\n\n[[piece]]\nid = \"pawn\"",
    );
    let err = compile(&Source::new("jumpers.toml", &bad), &[])
        .err()
        .expect("an error")
        .to_string();
    assert!(err.contains("`over_lower_rank` belongs to a slide"), "{err}");
}
