//! Taikyoku shogi rule scenarios: one test per special rule of the rules
//! reference (`shared/reference/taikyoku-shogi.md`, cited as §), each
//! named after the rule, with the expected moves taken from the reference
//! text.
//!
//! Positions are piece lists on the 36x36 board (`"K a1, k aj36, TF e10"`:
//! upper case Black, lower case White, `+CODE` a promoted piece under its
//! original code). Unless a test needs otherwise, Black's king stands on a1
//! and crown prince on b1, White's on aj36 and ai36, out of the way.

use gunbai::unstable::position::Position;
use gunbai::unstable::ruleset::Result3;

mod common;
use common::*;

const ROYALS: &str = "K a1, CP b1, k aj36, cp ai36";

fn position(opts: &[&str], pieces: &str, side: &str) -> Position {
    variant_position("taikyoku", opts, pieces, side)
}

fn with_royals(pieces: &str) -> String {
    format!("{ROYALS}, {pieces}")
}

/// The landings of the legal moves from `from` that end on `to`'s file
/// or line, as canonical texts.
fn reaches(pos: &Position, from: &str, to: &str) -> bool {
    moves_from(pos, from)
        .iter()
        .any(|m| m.rsplit(['-', 'x']).next().map(|t| t.trim_end_matches(['+', '='])) == Some(to))
}

// ---------------------------------------------------------------------------
// §2 End of the game

#[test]
fn losing_the_king_alone_does_not_end_the_game_while_the_crown_prince_lives() {
    // §2: a player loses when all of his royals are captured.
    let mut pos = position(&[], &with_royals("FCH aj10, FCH ai10"), "b");
    play(&mut pos, "aj10xaj36=");
    assert!(pos.outcome().is_none(), "White still has its crown prince");
    play(&mut pos, "ai36-ah35");
    play(&mut pos, "ai10-ai11");
    assert!(pos.outcome().is_none());
}

#[test]
fn capturing_the_last_royal_wins() {
    // §2: White's only royal is its crown prince.
    let mut pos = position(&[], "K a1, CP b1, cp ai36, FCH ai10", "b");
    play(&mut pos, "ai10xai36=");
    assert_eq!(pos.outcome().map(|o| o.black), Some(Result3::Win));
}

#[test]
fn there_is_no_check_rule() {
    // §1: royals may stand attacked; a move that leaves the king attacked
    // is legal.
    let pos = position(&[], "K e5, CP a1, fch h6, k aj36, cp ai36", "b");
    assert_legal(
        &pos,
        "e5-e6",
        "no check rule: the king may step onto an attacked square",
    );
}

// ---------------------------------------------------------------------------
// §6 Promotion

#[test]
fn promotion_zone_is_the_far_eleven_ranks() {
    // §6.1 default: Black's zone is ranks 26-36; a move must end there (§6.2
    // trigger `end`), and promotion is optional.
    let pos = position(&[], &with_royals("P e25, P g24"), "b");
    assert_legal(&pos, "e25-e26+", "ends in the zone");
    assert_legal(&pos, "e25-e26=", "promotion is optional by default");
    assert_legal(&pos, "g24-g25", "rank 25 is not in the zone");
    assert_illegal(&pos, "g24-g25+", "rank 25 is not in the zone");
}

#[test]
fn promotion_zone_of_seven_ranks_under_its_option() {
    // §6.1, Ludii: the far 7 ranks (30-36).
    let pos = position(&["zone_ranks=7"], &with_royals("P e29, P g26"), "b");
    assert_legal(&pos, "e29-e30+", "rank 30 is in a 7-rank zone");
    assert_illegal(&pos, "g26-g27+", "rank 27 is not in a 7-rank zone");
}

#[test]
fn promotion_on_leaving_the_zone_under_start_or_end() {
    // §6.2, Ludii: a move that starts in the zone may promote.
    let pos = position(&["promotion_trigger=start_or_end"], &with_royals("GB e26"), "b");
    assert_legal(&pos, "e26-e25+", "starts in the zone");
    let pos = position(&[], &with_royals("GB e26"), "b");
    assert_illegal(&pos, "e26-e25+", "default: the move must end in the zone");
}

#[test]
fn compulsory_promotion_under_its_option() {
    // §6.2, taikyoku-shogi.github.io promotes automatically.
    let pos = position(&["promotion_compulsory=true"], &with_royals("P e25"), "b");
    assert_legal(&pos, "e25-e26+", "promotes");
    assert_illegal(&pos, "e25-e26=", "may not decline");
}

#[test]
fn a_lion_touching_the_zone_comes_back_promoted_under_touch() {
    // §6.2 touch, §7.5.1 (taikyoku-shogi.github.io): the first step of a
    // lion's move lands in the zone (rank 26), so e25-e26-e25 promotes.
    let touch = ["promotion_trigger=touch"];
    let pos = position(&touch, &with_royals("L e25"), "b");
    assert_legal(&pos, "e25-e26-e25+", "its first landing is in the zone");
    assert_legal(&pos, "e25-e26-e25=", "optional by default");
    assert_illegal(&pos, "e25-d24-e25+", "no landing in the zone");
    let pos = position(
        &["promotion_trigger=touch", "promotion_compulsory=true"],
        &with_royals("L e25"),
        "b",
    );
    assert_illegal(&pos, "e25-e26-e25=", "the program's option set promotes automatically");
    let pos = position(&[], &with_royals("L e25"), "b");
    assert_illegal(&pos, "e25-e26-e25+", "default end: the move ends outside the zone");
}

#[test]
fn the_turning_square_of_a_hook_move_does_not_touch_the_zone() {
    // §7.5.1: only a lion's or free eagle's first step counts; a goblin
    // turning on rank 26 and ending on rank 25 does not promote.
    let pos = position(&["promotion_trigger=touch"], &with_royals("T e24"), "b");
    assert_legal(&pos, "e24-g26-h25", "the hook itself is legal");
    assert_illegal(&pos, "e24-g26-h25+", "its turning square does not count");
}

#[test]
fn a_promoted_piece_never_promotes_again() {
    // §6.4: a crown prince made from a drunk elephant does not become a
    // king; a drunk elephant that has not promoted does.
    let pos = position(&[], &with_royals("+DE e26, DE h26"), "b");
    assert_legal(&pos, "e26-e27", "a promoted piece moves in the zone without promoting");
    assert_illegal(&pos, "e26-e27+", "it never promotes again");
    assert_legal(&pos, "h26-h27+", "an unpromoted drunk elephant promotes in the zone");
}

#[test]
fn promotion_by_capture_under_its_option() {
    // §6.1, §6.3 (older English Wikipedia): no zone; a promotable piece
    // promotes, compulsorily, at the end of a capturing move.
    let pos = position(&["promotion_rule=capture"], &with_royals("P e10, p e11, P g25"), "b");
    assert_legal(&pos, "e10xe11+", "a capture promotes");
    assert_illegal(&pos, "e10xe11=", "compulsorily");
    assert_legal(&pos, "g25-g26", "entering the camp does nothing");
    assert_illegal(&pos, "g25-g26+", "no zone");
}

#[test]
fn stranded_pieces_must_promote_under_the_last_rank_option() {
    // §6.2, yetiowin805/taikyoku_shogi: a pawn that could not move again.
    let pos = position(&["last_rank_forced_promotion=true"], &with_royals("P e35, P g34"), "b");
    assert_legal(&pos, "e35-e36+", "forced");
    assert_illegal(&pos, "e35-e36=", "a pawn on the last rank could not move");
    assert_legal(&pos, "g34-g35=", "a pawn on rank 35 can still move");
    let pos = position(&[], &with_royals("P e35"), "b");
    assert_legal(&pos, "e35-e36=", "default: it may stay, stranded");
}

// ---------------------------------------------------------------------------
// §5.2 Lion moves

#[test]
fn lion_move_igui_double_capture_and_pass() {
    // §5.2 (chu lion): capture an adjacent enemy and return (igui), capture
    // two, pass by stepping out and back, jump to distance two.
    let pos = position(&[], &with_royals("L e10, p e11, p e12"), "b");
    assert_legal(&pos, "e10xe11-e10", "igui");
    assert_legal(&pos, "e10xe11xe12", "double capture");
    assert_legal(&pos, "e10-d10-e10", "a pass through an empty neighbour (R6)");
    assert_legal(&pos, "e10xe12", "a jump to the second square");
    assert_legal(&pos, "e10-g12", "a jump over nothing");
}

#[test]
fn lion_without_the_pass_steps_twice_only_after_a_capture() {
    // §5.2, `lion_pass = false`: no pass, and no two-step path through an
    // empty square (each such path ends on the origin, on a neighbour a
    // step reaches, or at distance two, which the jump reaches). Counted by
    // hand on an open board: 8 steps + 16 jumps = 24 moves; with the pass
    // (default) also 8 x 8 two-step paths through the empty neighbours
    // (passes included), 88 in all (§7.5.8).
    let pos = position(&["lion_pass=false"], &with_royals("L e10"), "b");
    assert_eq!(moves_from(&pos, "e10").len(), 24, "{:?}", moves_from(&pos, "e10"));
    assert_illegal(&pos, "e10-d10-e10", "no pass");
    assert_illegal(&pos, "e10-e11-e12", "no two steps through an empty square");
    assert_legal(&pos, "e10-e12", "the jump");
    assert_legal(&pos, "e10-e11", "the step");
    let pos = position(&[], &with_royals("L e10"), "b");
    assert_eq!(
        moves_from(&pos, "e10").len(),
        88,
        "default: the pass and the two-step paths"
    );
    let pos = position(&["lion_pass=false"], &with_royals("L e10, p e11, p e12"), "b");
    assert_legal(&pos, "e10xe11-e10", "igui stays");
    assert_legal(&pos, "e10xe11xe12", "double capture stays");
    assert_legal(&pos, "e10xe11-d12", "capture, then on to an empty square");
    assert_illegal(&pos, "e10-d11xe12", "an empty first square allows no second step");
    assert_legal(&pos, "e10xe12", "the jump takes it instead");
}

// ---------------------------------------------------------------------------
// §5.3 Jump-then-slide and pass-over moves

#[test]
fn jump_then_slide_passes_pieces_only_on_the_squares_before_its_jump_square() {
    // §5.3, treacherous fox: along F it may jump to the 2nd or 3rd square
    // (over anything) and slide on from there.
    let pos = position(&[], &with_royals("TF e10, P e11, p e12"), "b");
    assert_legal(&pos, "e10xe12", "captures on the 2nd square, jumping the 1st");
    assert_legal(&pos, "e10-e13", "jumps to the 3rd square");
    assert_legal(&pos, "e10-e20", "and slides on");
    let pos = position(&[], &with_royals("TF e10, P e11, p e13"), "b");
    assert_legal(&pos, "e10xe13", "captures on the 3rd square");
    assert!(!reaches(&pos, "e10", "e14"), "an enemy on the 3rd square stops it");
    let pos = position(&[], &with_royals("TF e10, P e11, P e12, P e13"), "b");
    assert!(
        !moves_from(&pos, "e10")
            .iter()
            .any(|m| m.starts_with("e10-e1") && m.len() == 7),
        "three pieces in a row block it: {:?}",
        moves_from(&pos, "e10")
    );
}

#[test]
fn wooden_dove_jumps_to_the_third_diagonal_square_only_then_slides_up_to_two() {
    // §3, §5.3 (taikyoku-pieces.tsv, taikyoku-shogi.github.io): a jump to
    // (+-3,+-3) only, then optionally a slide of up to 2 more along the
    // same line; the 2nd square is reached only by the plain slide, so
    // never over an occupied 1st square (issue 22's repro).
    let pos = position(&[], &with_royals("WDV r18, P q19, P s19"), "b");
    for m in ["r18-p20", "r18-t20"] {
        assert_illegal(&pos, m, "no stop on the 2nd square over a piece");
    }
    for m in ["r18-o21", "r18-n22", "r18-m23", "r18-u21", "r18-v22", "r18-w23"] {
        assert_legal(&pos, m, "the jump to the 3rd square, then up to 2 more");
    }
    for m in ["r18-l24", "r18-x24"] {
        assert_illegal(&pos, m, "not beyond 2 more");
    }
    assert_legal(&pos, "r18-q17", "the plain diagonal slide where it is free");
    assert_legal(&pos, "r18-p16", "the plain slide reaches the 2nd square");
    // An enemy on the 3rd square is taken and ends the move; an own piece
    // there, or a piece on the 4th, stops the slide on.
    let pos = position(&[], &with_royals("WDV r18, P q19, p o21, P s19, P v22"), "b");
    assert_legal(&pos, "r18xo21", "takes on the 3rd square");
    assert!(!reaches(&pos, "r18", "n22"), "and stops there");
    assert_legal(&pos, "r18-u21", "the 3rd square");
    assert!(!reaches(&pos, "r18", "w23"), "its own piece on the 4th blocks");
}

#[test]
fn pass_over_three_passes_up_to_three_pieces_anywhere_on_the_line() {
    // §5.3, ancient dragon (pass-over-3 F B): up to three pieces passed,
    // friend or foe, unaffected.
    let pieces = with_royals("AD e10, P e12, p e14, P e16, p e20, p e22");
    let pos = position(&[], &pieces, "b");
    assert_legal(&pos, "e10-e19", "past three pieces to an empty square");
    assert_legal(&pos, "e10xe20", "captures the fourth piece");
    assert!(!reaches(&pos, "e10", "e21"), "but may not pass a fourth");
    assert_legal(&pos, "e10xe14", "captures a piece it could pass");
    let pos = position(&["pass_over_limit=2"], &pieces, "b");
    assert_legal(&pos, "e10-e15", "MB: past two pieces");
    assert!(!reaches(&pos, "e10", "e17"), "but not three");
}

#[test]
fn free_eagle_jumps_further_along_the_forward_diagonals() {
    // §7.2 tsg: along ALL8 a jump to the 2nd or 3rd square, along FL FR
    // also to the 4th, then a slide on.
    let pieces = with_royals("FE j10, P j11, P j12, P j13, P k11, P l12, P m13");
    let pos = position(&[], &pieces, "b");
    assert!(!reaches(&pos, "j10", "j14"), "forward: pieces on 3 squares block it");
    assert_legal(&pos, "j10-n14", "forward-right: jumps to the 4th square");
    assert_legal(&pos, "j10-p16", "and slides on");
}

#[test]
fn free_eagle_igui_only_in_the_tsg_reading() {
    // §5.5: the free eagle captures an adjacent enemy without moving
    // ([EXT-TSG]); [EXT-MB] has no igui.
    let pos = position(&[], &with_royals("FE j10, p j11"), "b");
    assert_legal(&pos, "j10xj11-j10", "igui");
    let pos = position(&["free_eagle=mb"], &with_royals("FE j10, p j11"), "b");
    assert_illegal(&pos, "j10xj11-j10", "no igui under mb");
}

#[test]
fn free_eagle_passes_through_an_empty_neighbour_under_free_eagle_pass() {
    // §7.5.4: taikyoku-shogi.github.io's program lets the step-and-return
    // go through an empty neighbour (a pass); the default igui needs an
    // enemy there.
    let pos = position(&[], &with_royals("FE j10, p j11"), "b");
    assert_illegal(&pos, "j10-k10-j10", "default: no pass");
    assert_legal(&pos, "j10xj11-j10", "default: igui");
    let pos = position(&["free_eagle_pass=true"], &with_royals("FE j10, p j11"), "b");
    assert_legal(&pos, "j10-k10-j10", "a pass through an empty neighbour");
    assert_legal(&pos, "j10xj11-j10", "igui still");
    let passes = moves_from(&pos, "j10").iter().filter(|m| m.ends_with("-j10")).count();
    assert_eq!(
        passes, 8,
        "one return through each of the 8 neighbours (7 passes, 1 igui)"
    );
}

#[test]
fn free_eagle_walks_like_a_lion_in_the_yw_reading() {
    // §7.2, yetiowin805/taikyoku_shogi: single steps along one line,
    // capturing each enemy stepped on, up to 4 along the forward diagonals
    // and 3 along the others. Counted by hand from j10 with only the
    // royals on the board: the queen reaches 9 + 26 (left, right) + 9 + 26
    // (back, forward) + 9 + 26 (FL, FR: it takes White's king on aj36) + 8
    // (BL: Black's king on a1 stops it) + 9 (BR) = 122 squares; the walks
    // add the paths of 2 to 4 steps along FL and FR (3 each) and of 2 or 3
    // along the other six lines (2 each): 18 (a one-step walk is the
    // queen's step).
    let pos = position(&["free_eagle=yw"], &with_royals("FE j10"), "b");
    assert_eq!(moves_from(&pos, "j10").len(), 140, "{:?}", moves_from(&pos, "j10"));
    let pos = position(&["free_eagle=yw"], &with_royals("FE j10, p j11, p k11"), "b");
    assert_legal(&pos, "j10xj11-j12", "captures on the way forward and goes on");
    assert_legal(&pos, "j10xj11-j12-j13", "three steps forward");
    assert_illegal(&pos, "j10xj11-j12-j13-j14", "not four");
    assert_legal(&pos, "j10xk11-l12-m13-n14", "four along a forward diagonal");
    assert_legal(&pos, "j10xj11-j10", "igui");
    let pos = position(&["free_eagle=yw"], &with_royals("FE j10, P j11"), "b");
    assert!(
        !reaches(&pos, "j10", "j12"),
        "its own piece blocks the walk: {:?}",
        moves_from(&pos, "j10")
    );
    // A capture on the 2nd square of any line, then one step back.
    let pos = position(&["free_eagle=yw"], &with_royals("FE j10, p h10"), "b");
    assert_legal(&pos, "j10-i10xh10-i10", "2 left, capture, 1 back");
    // On the 3rd square of a forward diagonal, then one step back.
    let pos = position(&["free_eagle=yw"], &with_royals("FE j10, p m13"), "b");
    assert_legal(&pos, "j10-k11-l12xm13-l12", "3 forward-right, capture, 1 back");
    // On the 2nd square of a forward diagonal, then straight home.
    let pos = position(&["free_eagle=yw"], &with_royals("FE j10, p l12"), "b");
    assert_legal(&pos, "j10-k11xl12-j10", "capture on the 2nd square and home");
    let pos = position(&[], &with_royals("FE j10, p l12"), "b");
    assert_illegal(&pos, "j10-k11xl12-j10", "not in the default reading");
    assert_illegal(&pos, "j10-k11xl12", "nor the step-by-step walk");
}

#[test]
fn heavenly_tetrarch_king_igui_under_its_option() {
    // §7.2: igui only in the [EXT-MB] reading.
    let pos = position(&[], &with_royals("HTK j10, p j11"), "b");
    assert_illegal(&pos, "j10xj11-j10", "default: no igui");
    let pos = position(
        &["heavenly_tetrarch_king_igui=true"],
        &with_royals("HTK j10, p j11"),
        "b",
    );
    assert_legal(&pos, "j10xj11-j10", "igui under the option");
}

#[test]
fn rain_demon_may_only_pass_its_jump_square_under_pass_only() {
    // §7.2, §7.5.5. From e10 the forward-right diagonal is f11, g12, h13...
    // Default may_stop: with a piece on f11 the demon jumps to g12 and may
    // stop or capture there. pass_only: it must go on past g12, and only
    // if g12 is empty.
    let pos = position(&[], &with_royals("RAD e10, P f11"), "b");
    assert_legal(&pos, "e10-g12", "may_stop: stops on the jump square");
    assert_legal(&pos, "e10-h13", "and slides on");
    let pos = position(
        &["rain_demon_jump_square=pass_only"],
        &with_royals("RAD e10, P f11"),
        "b",
    );
    assert_illegal(&pos, "e10-g12", "pass_only: may not stop there");
    assert_legal(&pos, "e10-h13", "goes on past it");
    assert_legal(&pos, "e10-c12", "the plain slide forward-left is unchanged");
    let pos = position(
        &["rain_demon_jump_square=pass_only"],
        &with_royals("RAD e10, P f11, p g12"),
        "b",
    );
    assert!(!reaches(&pos, "e10", "g12"), "may not capture on the jump square");
    assert!(!reaches(&pos, "e10", "h13"), "nor pass an occupied one");
    let pos = position(&[], &with_royals("RAD e10, P f11, p g12"), "b");
    assert_legal(&pos, "e10xg12", "may_stop: captures there");
}

// ---------------------------------------------------------------------------
// §5.4 Hook moves

#[test]
fn hook_mover_turns_once_at_an_empty_square() {
    // §5.4 (dai-dai §5.5): a rook move with at most one 90-degree turn at
    // an empty square.
    let pos = position(&[], &with_royals("HM e10, P e14, p h12"), "b");
    assert_legal(&pos, "e10-e12-g12", "turns at e12");
    assert_legal(&pos, "e10-e12xh12", "and captures after the turn");
    assert!(!reaches(&pos, "e10", "e15"), "its own pawn blocks the line");
}

#[test]
fn goblin_hooks_diagonally_and_steps_orthogonally_only_under_the_option() {
    // §5.4: the long-nosed goblin's diagonal hook; the orthogonal step is
    // [EXT-MB]'s option.
    let pos = position(&[], &with_royals("T j10"), "b");
    assert_legal(&pos, "j10-l12-n10", "diagonal hook");
    assert_illegal(&pos, "j10-j11", "no orthogonal step by default");
    let pos = position(&["goblin_orthogonal_step=true"], &with_royals("T j10"), "b");
    assert_legal(&pos, "j10-j11", "orthogonal step under the option");
}

// ---------------------------------------------------------------------------
// §5.6 Burning

#[test]
fn the_fire_demon_burns_only_under_fire_demon_burns() {
    // §5.6: no source gives the Taikyoku fire demon burning; the option
    // lends it Tenjiku's (tenjiku-shogi.md §4.3): arriving on e12 it burns
    // the enemies around it, spares its own side, and an enemy that ends
    // its move next to it is burnt.
    let pieces = with_royals("FD e10, p d12, p f12, P e13, p f14");
    let mut pos = position(&["fire_demon_burns=true"], &pieces, "b");
    play(&mut pos, "e10-e12");
    assert_eq!(code_at(&pos, "d12"), None, "burnt");
    assert_eq!(code_at(&pos, "f12"), None, "burnt");
    assert_eq!(code_at(&pos, "e13").as_deref(), Some("P"), "its own side is spared");
    play(&mut pos, "f14-f13");
    assert_eq!(code_at(&pos, "f13"), None, "an enemy that ends next to it is burnt");
    let mut pos = position(&[], &pieces, "b");
    play(&mut pos, "e10-e12");
    assert_eq!(code_at(&pos, "d12").as_deref(), Some("p"), "default: no burning");
    assert_eq!(code_at(&pos, "f12").as_deref(), Some("p"), "default: no burning");
}

// ---------------------------------------------------------------------------
// §2 Repetition and no legal move

#[test]
fn repeating_a_position_is_forbidden_by_default() {
    // §2, R9: forbid_repeat (chu's rule): White's fourth move would bring
    // back the start position with Black to move.
    let mut pos = position(&[], &with_royals("FCH e10, fch g20"), "b");
    for m in ["e10-e11", "g20-g21", "e11-e10"] {
        play(&mut pos, m);
    }
    assert_illegal(&pos, "g21-g20", "would recreate a position with Black to move");
    let mut pos = position(&["repetition=none"], &with_royals("FCH e10, fch g20"), "b");
    for m in ["e10-e11", "g20-g21", "e11-e10"] {
        play(&mut pos, m);
    }
    assert_legal(&pos, "g21-g20", "no repetition rule under none");
}

#[test]
fn five_hundred_quiet_moves_draw_under_move_limit_500() {
    // §2, yetiowin805/taikyoku_shogi: 500 moves in a row (plies) without a
    // capture or a promotion draw; a promotion starts the count again.
    let shuffle = ["e10-e11", "g20-g21", "e11-e10", "g21-g20"];
    let mut pos = position(
        &["repetition=move_limit_500"],
        &with_royals("FCH e10, fch g20, P h25"),
        "b",
    );
    for i in 0..499 {
        play(&mut pos, shuffle[i % 4]);
    }
    assert!(pos.outcome().is_none(), "499 quiet moves");
    play(&mut pos, shuffle[499 % 4]);
    assert_eq!(pos.outcome().map(|o| o.black), Some(Result3::Draw), "the 500th draws");

    let mut pos = position(
        &["repetition=move_limit_500"],
        &with_royals("FCH e10, fch g20, P h25"),
        "b",
    );
    for i in 0..498 {
        play(&mut pos, shuffle[i % 4]);
    }
    play(&mut pos, "h25-h26+");
    let after = ["g21-g20", "e11-e10", "g20-g21", "e10-e11"];
    for i in 0..499 {
        play(&mut pos, after[i % 4]);
    }
    assert!(pos.outcome().is_none(), "the promotion started the count again");
    play(&mut pos, after[499 % 4]);
    assert_eq!(pos.outcome().map(|o| o.black), Some(Result3::Draw));

    let mut pos = position(&["repetition=none"], &with_royals("FCH e10, fch g20"), "b");
    for i in 0..500 {
        play(&mut pos, shuffle[i % 4]);
    }
    assert!(pos.outcome().is_none(), "no move limit under none");
}

// ---------------------------------------------------------------------------
// §5.1 Range capture

#[test]
fn range_capture_takes_every_lower_ranked_piece_it_passes_friend_or_foe() {
    // §5.1: a great general (rank 3) slides over pieces of lower rank and
    // captures all of them, its own included (R5); the destination is empty
    // or a lower-ranked enemy (R4 `lower`); a king (rank 4) ends the line.
    let pieces = with_royals("GG r10, P r12, p r14, vg r17, k r20");
    let pieces = pieces.replace("k aj36, ", "");
    let pos = position(&[], &pieces, "b");
    assert_legal(&pos, "r10-r11", "a plain step");
    assert_legal(&pos, "r10xr13", "passes (and takes) its own pawn");
    assert_legal(&pos, "r10xr14", "takes the enemy pawn too");
    assert_legal(&pos, "r10xr17", "a vice general (rank 2) is lower");
    assert_legal(&pos, "r10xr19", "an empty square beyond them all");
    assert!(!reaches(&pos, "r10", "r20"), "the king (rank 4) cannot be taken");
    assert!(!reaches(&pos, "r10", "r21"), "nor passed");
    let mut after = pos.clone();
    play(&mut after, "r10xr19");
    for gone in ["r12", "r14", "r17"] {
        assert_eq!(code_at(&after, gone), None, "{gone} was passed over: captured");
    }
    assert_eq!(code_at(&after, "r20"), Some("k".into()));
}

#[test]
fn range_capture_may_take_the_first_higher_enemy_under_any_enemy() {
    // §5.1 R4 `any_enemy` (Ludii): the first piece of equal or higher rank
    // ends the line and may be taken if it is an enemy.
    let pieces = with_royals("GG r10, p r14, k r20").replace("k aj36, ", "");
    let pos = position(&["range_capture_target=any_enemy"], &pieces, "b");
    assert_legal(&pos, "r10xr20", "takes the king beyond a pawn");
    let pos = position(&[], &pieces, "b");
    assert!(!reaches(&pos, "r10", "r20"), "default lower: it may not");
}

#[test]
fn range_capture_stops_at_a_piece_of_equal_or_higher_rank() {
    // §3.3, §5.1: a rook general (rank 1) may not pass a vice general
    // (rank 2) or another rook general; an ordinary piece (rank 0) may
    // not pass anything.
    let pos = position(&[], &with_royals("FLG e10, vg e13, P e11, FLG h10, flg h12"), "b");
    assert_legal(&pos, "e10xe12", "passes its own pawn");
    assert!(!reaches(&pos, "e10", "e13"), "a vice general outranks it");
    assert!(!reaches(&pos, "e10", "e14"), "and ends the line");
    assert!(!reaches(&pos, "h10", "h12"), "equal rank: not taken under `lower`");
    assert!(!reaches(&pos, "h10", "h13"), "equal rank: not passed");
}

#[test]
fn range_capture_may_end_on_a_lower_own_piece_under_lower_any_side() {
    // §5.1 R4 `lower_any_side` (taikyoku-shogi.github.io's program, §7.5.2):
    // as `lower`, and the great general (rank 3) may also end on an own
    // piece of lower rank, removing it; an own piece of equal rank still
    // ends the line untaken.
    let pieces = with_royals("GG r10, P r12, p r14, VG r17, GG h10, GG h13");
    let pos = position(&["range_capture_target=lower_any_side"], &pieces, "b");
    assert_legal(&pos, "r10xr12", "ends on its own pawn");
    assert_legal(&pos, "r10xr17", "ends on its own vice general (rank 2)");
    assert_legal(&pos, "r10xr14", "and on the enemy pawn, as under lower");
    assert!(
        !reaches(&pos, "h10", "h13"),
        "an own great general (equal rank) is not taken"
    );
    let mut after = pos.clone();
    play(&mut after, "r10xr17");
    assert_eq!(code_at(&after, "r17"), Some("GG".into()));
    for gone in ["r12", "r14"] {
        assert_eq!(code_at(&after, gone), None, "{gone} was passed over: captured");
    }
    let pos = position(&[], &pieces, "b");
    assert!(!reaches(&pos, "r10", "r12"), "default lower: not on its own pawn");
    assert!(!reaches(&pos, "r10", "r17"), "nor on its own vice general");
}

#[test]
fn range_capture_leaves_own_pieces_passed_under_range_capture_friendly_false() {
    // §5.1 R5 `range_capture_friendly = false`: the general passes its own
    // lower-ranked pieces (the reference leaves open whether they block;
    // gunbai passes them, as a range jump does) and takes only enemies.
    let pieces = with_royals("GG r10, P r12, p r14");
    let pos = position(&["range_capture_friendly=false"], &pieces, "b");
    assert_legal(&pos, "r10-r13", "passes its own pawn, taking nothing");
    assert_legal(&pos, "r10xr15", "takes the enemy pawn it passes");
    let mut after = pos.clone();
    play(&mut after, "r10xr15");
    assert_eq!(code_at(&after, "r12"), Some("P".into()), "its own pawn stays");
    assert_eq!(code_at(&after, "r14"), None, "the enemy pawn is taken");
    let pos = position(&[], &pieces, "b");
    assert_legal(&pos, "r10xr13", "default: its own pawn is taken too");
}

#[test]
fn vice_general_jump_removes_the_piece_it_jumps_under_its_option() {
    // §7.5.3 (taikyoku-shogi.github.io's program): the vice general's jump
    // to the 2nd orthogonal square removes the piece jumped over, whatever
    // its side or rank, royals included. By default it stays.
    let pieces = with_royals("VG e10, P e11, k f10");
    let pos = position(&["vice_general_jump_captures=true"], &pieces, "b");
    assert_legal(&pos, "e10xe12", "takes its own pawn by jumping it");
    assert_legal(&pos, "e10xg10", "and the enemy king");
    assert_legal(&pos, "e10-e8", "a jump over nothing takes nothing");
    let mut after = pos.clone();
    play(&mut after, "e10xg10");
    assert_eq!(code_at(&after, "f10"), None, "the king jumped over is gone");
    assert!(after.outcome().is_none(), "White still has its other royals");
    let pos = position(&[], &pieces, "b");
    assert_legal(&pos, "e10-e12", "default: the jump leaves the pawn");
    let mut after = pos.clone();
    play(&mut after, "e10-g10");
    assert_eq!(code_at(&after, "f10"), Some("k".into()));
}

// ---------------------------------------------------------------------------
// Scale (issue 14): move lists of 20 positions from random games

#[test]
fn move_lists_of_twenty_positions_from_random_games_are_unchanged() {
    // tests/data/taikyoku_positions.txt: the start and 19 positions of
    // seeded random games; any change to a move list is a rule change to
    // review (docs/ci.md, move-list snapshots).
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .args([
            "snapshot",
            "taikyoku",
            "tests/data/taikyoku_positions.txt",
            "--out",
            "tests/move-snapshots/taikyoku",
            "--check",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run gunbai");
    assert!(
        o.status.success(),
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("20 snapshots match"));
}
