//! Tenjiku shogi rule scenarios: one small position per special rule of
//! rules/tenjiku.toml. Expectations come from the project's reference
//! (shared/reference/tenjiku-shogi.md; § and Q numbers below are its
//! sections and questions), not from gunbai's output. Kings stand on a1
//! (Black) and p16 (White) unless a test needs them elsewhere.

use gunbai::unstable::board::Colour::{Black, White};
use gunbai::unstable::perft::{Convention, perft};
use gunbai::unstable::position::Position;

mod common;
use common::*;

fn position(opts: &[&str], pieces: &str, side: &str) -> Position {
    variant_position("tenjiku", opts, pieces, side)
}

#[test]
fn range_jump_passes_lower_ranks_of_both_sides() {
    // §4.1: a great general (rank 3) passes its own pawn and enemy pieces of
    // rank 0-2, capturing any of them, up to and including the first piece
    // of rank >= 3 (an enemy great general); nothing beyond it, and no
    // empty square beyond a passed piece (jump_non_capture = false).
    let pos = position(&[], "K a1, k p16, GG e5, P e6, b e8, rg e9, vg e10, gg e11, p e12", "b");
    for m in ["e5xe8", "e5xe9", "e5xe10", "e5xe11"] {
        assert_legal(&pos, m, "an enemy beyond pieces of lower rank");
    }
    assert_illegal(&pos, "e5-e7", "an empty square beyond a jumped piece");
    assert_illegal(&pos, "e5xe12", "beyond a piece of equal rank");
}

#[test]
fn range_jump_cannot_pass_equal_or_higher_rank_or_a_royal() {
    // §4.1: a rook general (rank 1) stops at a bishop general of either
    // side; a great general stops at a royal (rank 4) of either side, which
    // it may still take when it is the first enemy on the line.
    let pos = position(&[], "K a1, k p16, RG c3, BG c4, p c5, bg d3, p e3", "b");
    assert_illegal(&pos, "c3xc5", "its own bishop general is in the way");
    assert_legal(&pos, "c3xd3", "the first piece, an enemy, is taken");
    assert_illegal(&pos, "c3xe3", "an enemy bishop general cannot be passed");
    let pos = position(&[], "K h9, k h7, GG h8, p h10, p h6, P g8, cp f8, p e8, p a16", "b");
    assert_illegal(&pos, "h8xh10", "its own king cannot be passed");
    assert_legal(&pos, "h8xh7", "the enemy king, first on the line, is taken");
    assert_illegal(&pos, "h8xh6", "the enemy king cannot be passed");
    assert_legal(
        &pos,
        "h8xf8",
        "an enemy crown prince beyond a passed pawn is taken (any)",
    );
    assert_illegal(&pos, "h8xe8", "a crown prince cannot be passed");
}

#[test]
fn jump_capture_target_lower_takes_only_lower_ranks_beyond_a_jumped_piece() {
    // Q1: a vice general (rank 2) on d4 jumps its pawn on e5. Beyond it an
    // enemy rook general (rank 1) and great general (rank 3).
    let pieces = "K a1, k p16, VG d4, P e5, rg f6, gg g7, gg c5";
    let any = position(&[], pieces, "b");
    assert_legal(&any, "d4xf6", "any: a lower rank beyond");
    assert_legal(&any, "d4xg7", "any: the first piece of higher rank beyond");
    let lower = position(&["jump_capture_target=lower"], pieces, "b");
    assert_legal(&lower, "d4xf6", "lower: a lower rank beyond");
    assert_illegal(
        &lower,
        "d4xg7",
        "lower (HaChu): not a higher rank beyond a jumped piece",
    );
    assert_legal(&lower, "d4xc5", "the first piece of a line is taken whatever its rank");
}

#[test]
fn jump_non_capture_lets_a_general_jump_to_an_empty_square() {
    // Q2: by default a jumping general jumps only to capture.
    let pieces = "K a1, k p16, GG e5, P e6";
    let pos = position(&[], pieces, "b");
    assert_illegal(&pos, "e5-e7", "false (TSA): no jump to an empty square");
    let pos = position(&["jump_non_capture=true"], pieces, "b");
    assert_legal(&pos, "e5-e7", "true (ja-Wikipedia): it may always jump");
    assert_legal(&pos, "e5-e16", "on to the end of the line");
}

#[test]
fn active_burn_removes_adjacent_enemies_only() {
    // §4.3: after a fire demon moves, every enemy on the 8 squares around
    // its destination is removed; its own pieces stay.
    let mut pos = position(&[], "K a1, k p16, FI d4, p e7, s g7, P g5, b f8", "b");
    play(&mut pos, "d4-f6");
    assert_eq!(code_at(&pos, "f6").as_deref(), Some("FI"));
    assert_eq!(code_at(&pos, "e7"), None, "enemy pawn burnt");
    assert_eq!(code_at(&pos, "g7"), None, "enemy silver burnt");
    assert_eq!(code_at(&pos, "g5").as_deref(), Some("P"), "own pawn spared");
    assert_eq!(code_at(&pos, "f8").as_deref(), Some("b"), "two squares away: spared");
}

#[test]
fn passive_burn_removes_a_piece_that_ends_next_to_an_enemy_fire_demon() {
    // §4.3: a piece that ends its move next to an enemy fire demon is
    // removed; its capture stands.
    let mut pos = position(&[], "K a1, k p16, R b7, p e7, fi f8", "b");
    play(&mut pos, "b7xe7");
    assert_eq!(
        code_at(&pos, "e7"),
        None,
        "the rook is burnt, the pawn it took stays taken"
    );
    assert_eq!(code_at(&pos, "f8").as_deref(), Some("fi"));
    assert_eq!(code_at(&pos, "b7"), None);
    // A piece that captures the fire demon itself is not burnt.
    let mut pos = position(&[], "K a1, k p16, R f2, fi f8", "b");
    play(&mut pos, "f2xf8");
    assert_eq!(code_at(&pos, "f8").as_deref(), Some("R"));
    // Only the final square counts (Q10): a lion passing next to the demon
    // on its first step and ending two squares from it survives.
    let mut pos = position(&[], "K a1, k p16, LN c6, fi e8", "b");
    play(&mut pos, "c6-d7-c8");
    assert_eq!(code_at(&pos, "c8").as_deref(), Some("LN"));
    // A piece next to an enemy demon that has not moved there stays.
    let mut pos = position(&[], "K a1, k p16, P d7, fi e8, G h3", "b");
    play(&mut pos, "h3-h4");
    assert_eq!(code_at(&pos, "d7").as_deref(), Some("P"));
}

/// A Black fire demon slides from b4 to e4, next to a White fire demon on
/// f5 and a White pawn on e5; returns (e4, f5, e5) afterwards.
fn demon_meets_demon(reading: &str) -> [Option<String>; 3] {
    let opt = format!("fire_demon_meets_fire_demon={reading}");
    let mut pos = position(&[opt.as_str()], "K a1, k p16, FI b4, fi f5, p e5", "b");
    play(&mut pos, "b4-e4");
    ["e4", "f5", "e5"].map(|s| code_at(&pos, s))
}

#[test]
fn fire_demon_meets_fire_demon_mutual() {
    // Q6 default: the mover burns all adjacent enemies, the other demon
    // included, and is burnt itself.
    assert_eq!(demon_meets_demon("mutual"), [None, None, None]);
}

#[test]
fn fire_demon_meets_fire_demon_active() {
    // Q6 active: the mover burns the other demon and survives.
    assert_eq!(demon_meets_demon("active"), [Some("FI".into()), None, None]);
}

#[test]
fn fire_demon_meets_fire_demon_mover_only() {
    // Q6 mover_only (HaChu 0.21): the mover is burnt and burns nothing.
    assert_eq!(
        demon_meets_demon("mover_only"),
        [None, Some("fi".into()), Some("p".into())]
    );
}

#[test]
fn promotion_to_fire_demon_does_not_burn() {
    // Q12: a water buffalo promoting on entering the zone (rank 12) next to
    // enemies does not burn them on that move; it burns passively after.
    let mut pos = position(&[], "K a1, k p16, WB f10, p e13, s g13", "b");
    play(&mut pos, "f10-f12+");
    assert_eq!(code_at(&pos, "f12").as_deref(), Some("+WB"));
    assert_eq!(code_at(&pos, "e13").as_deref(), Some("p"), "not burnt by the promotion");
    assert_eq!(code_at(&pos, "g13").as_deref(), Some("s"), "not burnt by the promotion");
    play(&mut pos, "g13-g12");
    assert_eq!(code_at(&pos, "g12"), None, "the silver ends next to the new fire demon");
}

#[test]
fn burnt_mover_gets_no_promotion_choice() {
    // §4.3: in the start position the rook general on g4 can jump to g13,
    // next to White's fire demon on g14: it is burnt, so the move is one
    // move without a promotion choice; g12 is two squares from the demon.
    let pos = Position::start(gunbai::unstable::rules::load_variant("tenjiku", &[]).expect("bundled"));
    assert_legal(&pos, "g4xg13", "burnt on arrival");
    assert_illegal(&pos, "g4xg13+", "no promotion for a burnt mover");
    assert_illegal(&pos, "g4xg13=", "no promotion for a burnt mover");
    assert_legal(&pos, "g4xg12+", "entering the zone");
    assert_legal(&pos, "g4xg12=", "declining");
}

#[test]
fn area_move_is_one_move_per_destination() {
    // §4.2, §5: on an empty board a fire demon on h8 has 74 moves (the
    // reference's count): its 44 slides and the 48 squares within three
    // king steps, 18 of them on its slide lines; never back to h8.
    let pos = position(&[], "K p1, k a16, FI h8", "b");
    let moves = moves_from(&pos, "h8");
    assert_eq!(moves.len(), 74, "{moves:?}");
    let mut dests: Vec<&str> = moves.iter().map(|m| &m[3..]).collect();
    dests.dedup();
    assert_eq!(dests.len(), 74, "one move per destination");
    assert!(!dests.contains(&"h8"), "no pass");
    // It stops at its first capture and never steps through a piece.
    let pos = position(&[], "K p2, k p16, FI a1, P a2, P b2, p b1", "b");
    assert_eq!(moves_from(&pos, "a1"), ["a1xb1"]);
    // The vice general's area move too, with its diagonal range jump.
    let pos = position(&[], "K p1, k a16, VG h8", "b");
    assert_eq!(moves_from(&pos, "h8").len(), 65, "the reference's count");
}

#[test]
fn area_moves_false_removes_the_area_move() {
    // Q4: with area_moves = false (HaChu 0.21) the fire demon only slides.
    let pieces = "K a1, k p16, FI e5";
    assert_legal(&position(&[], pieces, "b"), "e5-f7", "two king steps");
    assert_illegal(&position(&["area_moves=false"], pieces, "b"), "e5-f7", "no area move");
}

#[test]
fn fire_demon_slides_diag_vert_replaces_sideways_by_vertical() {
    // Q3: diagonal and sideways by default, diagonal and vertical in HaChu.
    let pieces = "K a1, k p16, FI e5";
    let side = position(&[], pieces, "b");
    assert_legal(&side, "e5-a5", "a sideways slide of four");
    assert_illegal(&side, "e5-e9", "no vertical slide beyond the area move");
    let vert = position(&["fire_demon_slides=diag_vert"], pieces, "b");
    assert_illegal(&vert, "e5-a5", "no sideways slide beyond the area move");
    assert_legal(&vert, "e5-e9", "a vertical slide of four");
}

#[test]
fn tetrarchs_skip_the_first_square_and_capture_by_igui() {
    // §4.4: never to an adjacent square; the first square is ignored
    // (here an own pawn on d5 and an enemy pawn on e6); sideways to the 2nd
    // or 3rd square only; igui on any adjacent enemy.
    let pos = position(&[], "K a1, k p16, HT e5, p e6, P d5, p e8", "b");
    assert_illegal(&pos, "e5xe6", "no move to an adjacent square");
    assert_illegal(&pos, "e5-f6", "no move to an adjacent square");
    assert_legal(&pos, "e5xe6-e5", "igui");
    assert_legal(&pos, "e5-e7", "over the enemy pawn on e6");
    assert_legal(&pos, "e5xe8", "capture beyond");
    assert_illegal(&pos, "e5-e9", "e8 blocks");
    assert_legal(&pos, "e5-c5", "over its own pawn, the 2nd square");
    assert_legal(&pos, "e5-b5", "the 3rd square sideways");
    assert_illegal(&pos, "e5-a5", "not beyond the 3rd square sideways");
    assert_legal(&pos, "e5-h8", "on along the diagonal");
    assert_illegal(&pos, "e5xd5-e5", "no igui on its own piece");
}

#[test]
fn free_eagle_has_a_diagonal_lion_capture() {
    // §4.5: a queen with jumps to the 2nd diagonal square, and a diagonal
    // lion capture: take on a diagonal neighbour, then one more diagonal
    // step (home, on, or aside). No jitto (the first step must capture).
    let pos = position(&[], "K a1, k p16, FE e5, p f6, p g7, P c7", "b");
    assert_legal(&pos, "e5xf6-e5", "igui");
    assert_legal(&pos, "e5xf6xg7", "a double capture on along the line");
    assert_legal(&pos, "e5xf6-e7", "aside");
    assert_legal(&pos, "e5xf6-g5", "aside");
    assert_legal(&pos, "e5xf6", "the plain capture");
    assert_illegal(&pos, "e5-d6-e5", "no jitto");
    assert_illegal(&pos, "e5-d6-c7", "its first step must capture");
    assert_legal(&pos, "e5-c3", "the jump to the 2nd diagonal square");
    assert_legal(&pos, "e5-e16", "a queen slide");
}

#[test]
fn crown_prince_keeps_the_game_going_until_the_last_royal_falls() {
    // §8.1: king and crown prince are royal; a side loses when it has none.
    let mut pos = position(&[], "K a1, +DE h1, P p5, k p16, gg a8", "w");
    play(&mut pos, "a8xa1");
    assert_eq!(pos.outcome(), None, "the crown prince is left");
    play(&mut pos, "p5-p6");
    play(&mut pos, "a1xh1");
    assert_eq!(pos.outcome().and_then(|o| o.winner()), Some(White));
    assert!(all_moves(&pos).is_empty(), "a final position has no moves");
}

#[test]
fn repetition_forbids_recreating_a_position() {
    // §8.2: a move may not recreate an earlier position (not in check);
    // repetition = none allows it.
    let pieces = "K a1, k p16, R c3, r n14";
    let mut pos = position(&[], pieces, "b");
    for m in ["c3-c4", "n14-n13", "c4-c3"] {
        play(&mut pos, m);
    }
    assert_illegal(&pos, "n13-n14", "it recreates the first position");
    let mut pos = position(&["repetition=none"], pieces, "b");
    for m in ["c3-c4", "n14-n13", "c4-c3"] {
        play(&mut pos, m);
    }
    assert_legal(&pos, "n13-n14", "repetition allowed");
}

#[test]
fn repetition_is_allowed_in_check_by_burning_or_igui() {
    // §8.2: "in check" is "the opponent has a pseudo-legal move that
    // removes one of the mover's royals", and burning removes like a
    // capture (§4.3). Black's fire demon on l13 cannot land on p16, but its
    // area move to o15 burns the White king; Black's heavenly tetrarchs on
    // o15 cannot land on p16 either (never on an adjacent square, §4.4),
    // but takes it by igui. Either way White may recreate the first
    // position.
    for (threat, why) in [("FI l13", "burning"), ("HT o15", "igui")] {
        let pieces = format!("K a1, k p16, R c3, r n14, {threat}");
        let mut pos = position(&[], &pieces, "b");
        for m in ["c3-c4", "n14-n13", "c4-c3"] {
            play(&mut pos, m);
        }
        assert_legal(&pos, "n13-n14", &format!("in check by {why}"));
    }
}

#[test]
fn perft_where_only_burning_gives_check() {
    // §8.2, §4.3: the White fire demon on d3 threatens to burn the Black
    // king on h1 (an area move to g2). After each of White's 3 lion passes
    // (a16), Black's 5 lion passes (a9) recreate the first position and
    // are allowed, being in check: 15 more moves at depth 2 than when
    // burning was not counted (81 / 4066 before). Issue 22's count.
    let text = "ln,14,k/16/16/16/16/16/16/LN,15/16/16/16/16/16/16/3,fi,12/7,K,8 w -";
    assert_eq!(text_perft("tenjiku", text, 2), [81, 4081]);
}

#[test]
fn last_rank_forced_promotion_option() {
    // §6, Q15: a pawn reaching the last rank may decline by default (a dead
    // piece); with the option it must promote. Likewise a knight on the
    // last two ranks.
    let pieces = "K a1, k p16, P c15, N h13";
    let pos = position(&[], pieces, "b");
    assert_legal(&pos, "c15-c16+", "may promote");
    assert_legal(&pos, "c15-c16=", "may decline");
    assert_legal(&pos, "h13-g15=", "may decline");
    let pos = position(&["last_rank_forced_promotion=true"], pieces, "b");
    assert_legal(&pos, "c15-c16+", "must promote");
    assert_illegal(&pos, "c15-c16=", "must promote");
    assert_illegal(&pos, "h13-g15=", "must promote");
}

#[test]
fn lion_hawk_free_king_and_others_promote_as_in_tenjiku() {
    // §2.1: unlike Chu, the lion, free king, horned falcon and soaring eagle
    // promote (to lion hawk, free eagle, bishop general, rook general).
    for (code, to) in [
        ("LN", "lion_hawk"),
        ("FK", "free_eagle"),
        ("HF", "bishop_general"),
        ("SE", "rook_general"),
    ] {
        let mut pos = position(&[], &format!("K a1, k p16, {code} h10"), "b");
        let m = moves_from(&pos, "h10")
            .into_iter()
            .find(|m| m == "h10-h12+" || m == "h10-h11+")
            .unwrap_or_else(|| panic!("{code} promotes entering the zone"));
        play(&mut pos, &m);
        let (_, ty) = pos.piece_at(sq(&pos, &m[4..m.len() - 1])).expect("promoted piece");
        assert_eq!(pos.rules().kind_of(ty).id, to, "{code}");
    }
}

#[test]
fn perft_1_from_the_start_is_72_by_hand_count() {
    // Counted by hand from §3 and §5 (Black to move; the zone is ranks
    // 12-16; White's fire demons stand on g14 and j14):
    //   14 pawn steps (e5, l5 blocked by the dogs) + 2 dog steps = 16
    //   horned falcons d4-d6, m4-m6 = 2; soaring eagles to c6 g6 j6 n6 = 4
    //   vertical soldiers, bishops, dragon horses, dragon kings, water
    //   buffaloes, chariot soldiers (2 each, chariot soldiers 4), blind
    //   tigers, ferocious leopards, irons, coppers, silvers (2 each) and
    //   the kirin (e2) into b2 e2 l2 o2 = 2+2+2+2+2+4+2+2+2+2+2+1 = 25
    //   bishop generals f4 x n12 o13 p14 and k4 x c12 b13 a14 (jumping
    //   pawns of rank 0), each entering the zone: promote or not = 12
    //   rook generals g4 x g12 (promote or not) and x g13 (burnt next to
    //   the demon on g14: one move), the same from j4 = 6
    //   great general h4 x h12 h13 h14 h15 h16 and x p12 = 6
    //   vice general i4 x a12 = 1 (no area move: no empty neighbour)
    // 16 + 2 + 4 + 25 + 12 + 6 + 6 + 1 = 72.
    let mut pos = Position::start(gunbai::unstable::rules::load_variant("tenjiku", &[]).expect("bundled"));
    assert_eq!(pos.side_to_move(), Black);
    assert_eq!(perft(&mut pos, 1, Convention::Paths).unwrap(), 72);
}
