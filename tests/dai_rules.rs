//! Dai shogi rule scenarios: one small position per rule of rules/dai.toml.
//! Expectations come from the rules as the sources state them (English
//! Wikipedia "Dai shogi"; HaChu 0.21 for the readings it plays), not from
//! gunbai's output. Kings stand on a1 (Black) and o15 (White) unless a test
//! needs them elsewhere.

use gunbai::unstable::board::Colour::Black;
use gunbai::unstable::position::Position;

mod common;
use common::*;

fn position(opts: &[&str], pieces: &str, side: &str) -> Position {
    variant_position("dai", opts, pieces, side)
}

#[test]
fn promotion_zone_is_the_far_five_ranks() {
    // Black's zone is ranks 11-15: entering rank 11 offers promotion,
    // reaching rank 10 does not.
    let pos = position(&[], "K a1, k o15, S h9, S c10", "b");
    assert_legal(&pos, "c10-c11+", "entering rank 11");
    assert_legal(&pos, "c10-c11=", "promotion is never compulsory");
    assert_legal(&pos, "h9-h10", "rank 10 is outside the zone");
    assert_illegal(&pos, "h9-h10+", "rank 10 is outside the zone");
}

#[test]
fn new_pieces_promote_to_gold() {
    // The eight Dai pieces all promote to gold general.
    for code in ["AB", "CS", "EW", "FD", "I", "N", "SG", "VO"] {
        let pos = position(&[], &format!("K a1, k o15, {code} h10"), "b");
        let m = moves_from(&pos, "h10")
            .into_iter()
            .find(|m| m.ends_with('+'))
            .unwrap_or_else(|| panic!("{code} can promote entering the zone"));
        let mut pos = pos;
        play(&mut pos, &m);
        let to = &m[m.len() - 4..m.len() - 1];
        let (_, ty) = pos.piece_at(sq(&pos, to)).expect("promoted piece");
        assert_eq!(pos.rules().kind_of(ty).id, "gold", "{code} promotes to gold");
    }
}

#[test]
fn flying_dragon_and_violent_ox_move_two_squares_through_an_empty_one() {
    // Range 2 (Wikipedia, HaChu): blocked by a piece on the first square.
    let pos = position(&[], "K a1, k o15, FD e5, VO j5, P f6, P j6", "b");
    assert_legal(&pos, "e5-c7", "flying dragon: two diagonally");
    assert_illegal(&pos, "e5-g7", "flying dragon: the first square is occupied");
    assert_illegal(&pos, "e5-b8", "flying dragon: no further than two");
    assert_legal(&pos, "j5-l5", "violent ox: two orthogonally");
    assert_illegal(&pos, "j5-j7", "violent ox: the first square is occupied");
    assert_illegal(&pos, "j5-j8", "violent ox: no further than two");
}

#[test]
fn knight_jumps_and_may_promote_on_the_far_two_ranks() {
    // The knight jumps two forward and one aside, over pieces; reaching the
    // far two ranks it may promote even when it started inside the zone.
    let pos = position(&[], "K a1, k o15, N e11, P e12, P d12, P f12", "b");
    assert_legal(&pos, "e11-d13", "the knight jumps over the pawns");
    assert_illegal(&pos, "e11-d13+", "inside the zone, rank 13 is not yet the far two");
    let pos = position(&[], "K a1, k o15, N e12", "b");
    assert_legal(&pos, "e12-d14+", "far two ranks");
    assert_legal(&pos, "e12-d14=", "declining is allowed by default");
}

#[test]
fn last_rank_forced_promotion_option() {
    // HaChu's reading: pieces with no move left there must promote.
    let pos = position(
        &["last_rank_forced_promotion=true"],
        "K a1, k o15, N e12, I h14, SG j14, P l14",
        "b",
    );
    assert_illegal(&pos, "e12-d14=", "a knight on the far two ranks must promote");
    assert_legal(&pos, "e12-d14+", "a knight on the far two ranks must promote");
    assert_illegal(&pos, "h14-h15=", "an iron general on the last rank must promote");
    assert_illegal(&pos, "j14-i15=", "a stone general on the last rank must promote");
    assert_illegal(&pos, "l14-l15=", "a pawn on the last rank must promote");
    let pos = position(&[], "K a1, k o15, I h14", "b");
    assert_legal(&pos, "h14-h15=", "by default it may decline");
}

#[test]
fn defer_only_when_useful_option() {
    // HaChu's generator: no deferral for a piece whose promoted form does
    // all it can (iron -> gold); a cat sword (diagonal steps) keeps it.
    let pos = position(&["defer_only_when_useful=true"], "K a1, k o15, I h10, CS c10", "b");
    assert_illegal(&pos, "h10-h11=", "iron general gains by promoting");
    assert_legal(&pos, "h10-h11+", "iron general promotes");
    assert_legal(&pos, "c10-d11=", "cat sword may keep its back diagonals");
    let pos = position(&[], "K a1, k o15, I h10", "b");
    assert_legal(&pos, "h10-h11=", "by default every deferral is offered");
}

#[test]
fn no_lion_trading_rules() {
    // Dai has none of Chu's lion-trading rules: a lion may take a protected
    // lion two squares away, and a non-lion may take a lion right after a
    // lion was taken by a non-lion.
    let pos = position(&[], "K a1, k o15, LN f6, ln f8, g f9", "b");
    assert_legal(&pos, "f6xf8", "distant protected lion");
    let mut pos2 = position(&[], "K a1, k o15, ln f6, LN k10, g k11, R f1", "w");
    play(&mut pos2, "k11xk10");
    assert_legal(&pos2, "f1xf6", "counter-strike is allowed");
}

#[test]
fn drunk_elephant_promotes_to_a_royal_crown_prince() {
    // The crown prince is royal: losing the king while it lives goes on.
    let mut pos = position(&[], "K a1, k f10, +de o15, R f3", "b");
    play(&mut pos, "f3xf10");
    assert_eq!(pos.outcome(), None, "the crown prince keeps White alive");
    let mut pos = position(&[], "K a1, k f10, R f3", "b");
    play(&mut pos, "f3xf10");
    assert_eq!(pos.outcome().and_then(|o| o.winner()), Some(Black));
}

#[test]
fn repetition_forbidden_by_default() {
    // As in Chu (HaChu with repeats off): a move may not recreate an earlier
    // position with the same side to move.
    let mut pos = position(&[], "K a1, k o15, G e5, g k11", "b");
    play(&mut pos, "e5-e6");
    play(&mut pos, "k11-k10");
    play(&mut pos, "e6-e5");
    assert_illegal(&pos, "k10-k11", "recreates the first position");
    let mut pos = position(&["repetition=sennichite4"], "K a1, k o15, G e5, g k11", "b");
    play(&mut pos, "e5-e6");
    play(&mut pos, "k11-k10");
    play(&mut pos, "e6-e5");
    assert_legal(
        &pos,
        "k10-k11",
        "sennichite4 only ends the game at the fourth occurrence",
    );
}
