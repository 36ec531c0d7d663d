//! Sho shogi rule scenarios (rules/sho.toml): one small position per rule.
//! Expectations come from the rules as the sources state them (English
//! Wikipedia "Sho shogi"; standard shogi's promotion rules), not from
//! gunbai's output.

use gunbai::unstable::board::Colour::Black;
use gunbai::unstable::perft::{Convention, perft};
use gunbai::unstable::position::Position;
use gunbai::unstable::rules::load_variant;

mod common;
use common::*;

fn position(opts: &[&str], pieces: &str, side: &str) -> Position {
    variant_position("sho", opts, pieces, side)
}

#[test]
fn start_position_has_26_moves_counted_by_hand() {
    // Black at the start: 9 pawn steps; each lance 1; knights 0 (own pawns);
    // silvers 2 each; golds 2 each; king 2 (d2, f2); drunk elephant 2 (d2,
    // f2); bishop 0; rook 3 (g2, f2, i2). White mirrors Black, and no first
    // move reaches the other side, so depth 2 is 26 x 26.
    let mut pos = Position::start(load_variant("sho", &[]).expect("sho"));
    assert_eq!(perft(&mut pos, 1, Convention::Paths).unwrap(), 26);
    assert_eq!(perft(&mut pos, 2, Convention::Paths).unwrap(), 26 * 26);
}

#[test]
fn drunk_elephant_promotes_to_a_royal_crown_prince() {
    let mut pos = position(&[], "K a1, k i9, DE e6", "b");
    assert_legal(&pos, "e6-e7=", "promotion is never compulsory for it");
    play(&mut pos, "e6-e7+");
    let (_, ty) = pos.piece_at(sq(&pos, "e7")).expect("promoted");
    let kind = pos.rules().kind_of(ty);
    assert_eq!(kind.id, "crown_prince");
    assert!(kind.tags.iter().any(|t| t == "royal"));
}

#[test]
fn game_goes_on_while_one_royal_remains() {
    let mut pos = position(&[], "K a1, k e5, +de i9, R e2", "b");
    play(&mut pos, "e2xe5");
    assert_eq!(pos.outcome(), None, "White's crown prince lives");
    let mut pos = position(&[], "K a1, +de e5, R e2", "b");
    play(&mut pos, "e2xe5");
    assert_eq!(
        pos.outcome().and_then(|o| o.winner()),
        Some(Black),
        "the last royal is gone"
    );
}

#[test]
fn promotion_on_moves_into_within_or_out_of_the_zone() {
    // Standard shogi: a move that starts or ends in the far three ranks.
    let pos = position(&[], "K a1, k i9, S c6, S e8, R g8", "b");
    assert_legal(&pos, "c6-c7+", "into the zone");
    assert_legal(&pos, "e8-e9+", "within the zone, without capturing");
    assert_legal(&pos, "e8-d7+", "within the zone");
    assert_legal(&pos, "g8-g3+", "out of the zone");
    assert_illegal(&pos, "c6-c5+", "outside the zone");
}

#[test]
fn pieces_without_a_further_move_must_promote() {
    let pos = position(&[], "K a1, k i9, P b8, L c8, N d7, N f6", "b");
    assert_illegal(&pos, "b8-b9=", "a pawn on the last rank");
    assert_legal(&pos, "b8-b9+", "a pawn on the last rank");
    assert_illegal(&pos, "c8-c9=", "a lance on the last rank");
    assert_illegal(&pos, "d7-c9=", "a knight on the last rank");
    assert_legal(&pos, "f6-e8+", "a knight on the eighth rank may promote");
    assert_illegal(&pos, "f6-e8=", "a knight on the eighth rank must promote");
}

#[test]
fn no_drops() {
    // Captured pieces leave the game: no move puts a piece on the board.
    let mut pos = position(&[], "K a1, k i9, R e2, g e7", "b");
    play(&mut pos, "e2xe7+");
    assert!(all_moves(&pos).iter().all(|m| !m.contains('*')));
    assert_eq!(
        pos.count(
            Black,
            pos.rules().kinds.iter().position(|k| k.id == "gold").unwrap() as u16
        ),
        0
    );
}
