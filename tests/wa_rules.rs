//! Wa shogi rule scenarios (rules/wa.toml): one small position per rule.
//! Expectations come from the rules as the sources state them (English
//! Wikipedia "Wa shogi"; HaChu 0.21's piece table), not from gunbai's output.

use gunbai::unstable::perft::{Convention, perft};
use gunbai::unstable::position::Position;
use gunbai::unstable::rules::load_variant;

mod common;
use common::*;

fn position(opts: &[&str], pieces: &str, side: &str) -> Position {
    variant_position("wa", opts, pieces, side)
}

#[test]
fn start_position_has_51_moves_counted_by_hand() {
    // Black at the start: 11 pawn steps; treacherous fox 8 (d2 c2 e2 c4 e4,
    // jumps d5 b5 f5); running rabbit 5 (g4 i4 g2 i2 h2); swallow's wings 6;
    // cloud eagle 2 (i2 k2); flying falcon 0; oxcart 1; blind dog 2;
    // strutting crow 1; flying goose 3; violent wolf 2; king 2; violent
    // stag 2; flying cock 2; swooping owl 1; climbing monkey 2; liberated
    // horse 1. No first move reaches the other side: depth 2 is 51 x 51.
    let mut pos = Position::start(load_variant("wa", &[]).expect("wa"));
    assert_eq!(perft(&mut pos, 1, Convention::Paths).unwrap(), 51);
    assert_eq!(perft(&mut pos, 2, Convention::Paths).unwrap(), 51 * 51);
}

#[test]
fn liberated_horse_goes_back_at_most_two_squares() {
    let pos = position(&[], "K a1, k k11, LH f6, p f9", "b");
    assert_legal(&pos, "f6-f4", "two back");
    assert_illegal(&pos, "f6-f3", "not three back");
    assert_legal(&pos, "f6xf9=", "any distance forward");
}

#[test]
fn cloud_eagle_goes_up_to_three_squares_diagonally_forward() {
    let pos = position(&[], "K a1, k k11, CE f5", "b");
    assert_legal(&pos, "f5-i8", "three diagonally forward");
    assert_illegal(&pos, "f5-j9", "not four");
    assert_legal(&pos, "f5-e4", "one diagonally back");
    assert_illegal(&pos, "f5-d3", "not two diagonally back");
    assert_legal(&pos, "f5-f1", "any distance back");
}

#[test]
fn treacherous_fox_jumps_to_the_second_square() {
    let pos = position(&[], "K a1, k k11, TF f5, P f6, P g6, P e5", "b");
    assert_legal(&pos, "f5-f7", "jumps over its own pawn");
    assert_legal(&pos, "f5-h7", "jumps diagonally");
    assert_illegal(&pos, "f5-d5", "no sideways jump");
    assert_illegal(&pos, "f5-e5", "no sideways step");
}

#[test]
fn sparrow_pawn_promotes_to_golden_bird() {
    let mut pos = position(&[], "K a1, k k11, P c8", "b");
    play(&mut pos, "c8-c9+");
    let (_, ty) = pos.piece_at(sq(&pos, "c9")).expect("promoted");
    assert_eq!(pos.rules().kind_of(ty).id, "golden_bird");
}

#[test]
fn sparrow_pawn_and_oxcart_must_promote_on_the_last_rank() {
    let pos = position(&[], "K a1, k k11, P c10, OC e9, LH g9", "b");
    assert_illegal(&pos, "c10-c11=", "a sparrow pawn on the last rank");
    assert_illegal(&pos, "e9-e11=", "an oxcart on the last rank");
    assert_legal(&pos, "g9-g11=", "a liberated horse can still move back");
}

#[test]
fn promotion_on_moves_into_within_or_out_of_the_zone() {
    let pos = position(&[], "K a1, k k11, VS c8, VW e10", "b");
    assert_legal(&pos, "c8-c9+", "into the zone");
    assert_legal(&pos, "e10-e9+", "within the zone");
    assert_illegal(&pos, "c8-c7+", "outside the zone");
}

#[test]
fn no_drops() {
    let mut pos = position(&[], "K a1, k k11, GS e2, p e7", "b");
    play(&mut pos, "e2xe7");
    assert!(all_moves(&pos).iter().all(|m| !m.contains('*')));
}

#[test]
fn repetition_is_a_draw_at_the_fourth_occurrence_by_default() {
    let mut pos = position(&[], "K a1, k k11, VW e5, vw g7", "b");
    for _ in 0..3 {
        play(&mut pos, "e5-e6");
        play(&mut pos, "g7-g6");
        play(&mut pos, "e6-e5");
        if pos.outcome().is_some() {
            break;
        }
        play(&mut pos, "g6-g7");
    }
    let o = pos.outcome().expect("the fourth occurrence ends the game");
    assert_eq!(o.winner(), None, "a draw");
    let mut pos = position(&["repetition=forbid_repeat"], "K a1, k k11, VW e5, vw g7", "b");
    play(&mut pos, "e5-e6");
    play(&mut pos, "g7-g6");
    play(&mut pos, "e6-e5");
    assert_illegal(&pos, "g6-g7", "HaChu's reading forbids the repeat");
}

/// A position with Black's hand (`"P"`), under `opts`.
fn position_with_hand(opts: &[&str], pieces: &str, hand: &str, side: &str) -> Position {
    let o: Vec<gunbai::unstable::compile::OptionOverride> =
        opts.iter().map(|s| s.parse().expect("NAME=VALUE")).collect();
    let rules = load_variant("wa", &o).expect("wa");
    let text = format!("{}[{hand}] {side}", board_text(11, pieces));
    Position::from_text(rules, &text).unwrap_or_else(|e| panic!("{text}:\n{e}"))
}

#[test]
fn drops_by_option_with_wa_rul_restrictions() {
    // Option drops=true (ShogiVar's Wa.rul): a captured piece joins the
    // hand unpromoted and may be dropped, with Wa.rul's restrictions a-c.
    let mut pos = position(&["drops=true"], "K a1, k k11, P b3, VW e5, +p e6", "b");
    play(&mut pos, "e5xe6");
    play(&mut pos, "k11-k10");
    assert_legal(&pos, "P*c5", "a captured golden bird is a sparrow pawn in hand");
    assert_illegal(&pos, "P*c11", "a: no further move from the last rank");
    assert_illegal(&pos, "P*b5", "b: a second unpromoted sparrow pawn on the file");
    // c: the oxcart holds the j file, the flying falcon guards k10.
    let mate = position_with_hand(&["drops=true"], "K a1, OC j1, FF h7, k k11", "P", "b");
    assert_illegal(&mate, "P*k10", "c: a sparrow pawn drop that mates");
    let check = position_with_hand(&["drops=true"], "K a1, FF h7, k k11", "P", "b");
    assert_legal(&check, "P*k10", "a check the king can leave");
}
