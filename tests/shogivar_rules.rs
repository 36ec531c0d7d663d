//! Scenario tests for the games ShogiVar referees (micro, whale, yari,
//! tori): one test per special rule, on small positions built from the
//! rules texts (Micro.rul, Whale.rul, Yari.rul, Tori.rul of the Debian
//! package shogivar-data) and the published rules. Squares are native
//! (`a1` is Black's left corner, Black moves up).

mod common;
use common::*;
use gunbai::unstable::board::Colour;
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::position::{EndReason, Position};
use gunbai::unstable::ruleset::Result3;

/// A position of `variant` from a piece list (`"K d1, k a5, +P b2"`), the
/// hands in brackets (`"P,2s"`, may be empty) and the side to move.
fn position(variant: &str, option: &[(&str, &str)], pieces: &str, hands: &str, side: &str) -> Position {
    let opts: Vec<OptionOverride> = option
        .iter()
        .map(|(k, v)| OptionOverride {
            name: k.to_string(),
            value: v.to_string(),
        })
        .collect();
    let rules = gunbai::unstable::rules::load_variant(variant, &opts).expect("bundled variant compiles");
    let (files, ranks) = (rules.geometry.width as usize, rules.geometry.height as usize);
    let hands = if hands.is_empty() {
        String::new()
    } else {
        format!("[{hands}]")
    };
    let text = format!("{}{hands} {side}", board_text_rect(files, ranks, pieces));
    Position::from_text(rules, &text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn in_hand(pos: &Position, colour: Colour, kind: &str) -> u16 {
    let rules = pos.rules();
    let k = rules.find_kind(kind).expect("kind");
    pos.in_hand(colour, rules.unpromoted_type(k))
}

// ---- micro -------------------------------------------------------------

#[test]
fn micro_piece_turns_over_when_it_captures() {
    let mut pos = position("micro", &[], "K d1, k a5, P b2, p b3", "", "b");
    assert_eq!(
        moves_from(&pos, "b2"),
        ["b2xb3+"],
        "the flip is compulsory (Micro.rul, PROMOTION)"
    );
    play(&mut pos, "b2xb3+");
    assert_eq!(
        code_at(&pos, "b3").as_deref(),
        Some("+P"),
        "a pawn that captured is a knight"
    );
    assert_eq!(in_hand(&pos, Colour::Black, "pawn"), 1);
}

#[test]
fn micro_piece_does_not_turn_over_without_a_capture() {
    let pos = position("micro", &[], "K d1, k a5, P b2, +S c2", "", "b");
    assert_eq!(moves_from(&pos, "b2"), ["b2-b3"]);
    assert_eq!(
        moves_from(&pos, "c2"),
        ["c2-c3", "c2-c4", "c2-c5"],
        "a lance (turned silver) keeps its side"
    );
}

#[test]
fn micro_turned_piece_turns_back_on_its_next_capture() {
    let mut pos = position("micro", &[], "K d1, k a5, +P b2, p c4", "", "b");
    assert_eq!(moves_from(&pos, "b2"), ["b2-a4", "b2xc4-"]);
    play(&mut pos, "b2xc4-");
    assert_eq!(
        code_at(&pos, "c4").as_deref(),
        Some("P"),
        "a knight that captures is a pawn again"
    );
}

#[test]
fn micro_captured_piece_joins_the_hand_front_side_up() {
    let mut pos = position("micro", &[], "K d1, k a5, G b2, +g b3", "", "b");
    play(&mut pos, "b2xb3+");
    assert_eq!(
        in_hand(&pos, Colour::Black, "gold"),
        1,
        "a captured rook (turned gold) is a gold in hand"
    );
    assert_eq!(in_hand(&pos, Colour::Black, "rook"), 0);
}

#[test]
fn micro_drop_either_side_up() {
    let pos = position("micro", &[], "K d1, k a5", "G", "b");
    assert_legal(&pos, "G*b3", "front side up");
    assert_legal(&pos, "+G*b3", "back side up: a rook (Micro.rul, CAPTURES)");
}

#[test]
fn micro_drops_have_no_restriction() {
    // Micro.rul, DROPS: any empty square, even where the piece cannot
    // move, on a file with an own pawn, or giving mate.
    let pos = position("micro", &[], "K d1, k a5, P b2", "P", "b");
    assert_legal(&pos, "P*b5", "a pawn where it has no move");
    assert_legal(&pos, "P*b4", "a second pawn on the file");
    let mut mate = position("micro", &[], "K d1, k a5, p b5, G b3", "P", "b");
    assert_legal(&mate, "P*a4", "a pawn drop that mates");
    play(&mut mate, "P*a4");
    assert!(all_moves(&mate).is_empty(), "the drop mates");
}

// ---- whale -------------------------------------------------------------

#[test]
fn whale_captured_porpoise_joins_the_hand_as_a_killer_whale() {
    let mut pos = position("whale", &[], "W c1, w f6, G a1, p a5", "", "b");
    play(&mut pos, "a1xa5");
    assert_eq!(in_hand(&pos, Colour::Black, "porpoise"), 0);
    assert_eq!(in_hand(&pos, Colour::Black, "killer_whale"), 1);
    // And a killer whale stays one when it is captured in turn.
    let mut pos = position("whale", &[], "W c1, w f6, G a1, k a5", "", "b");
    play(&mut pos, "a1xa5");
    assert_eq!(in_hand(&pos, Colour::Black, "killer_whale"), 1);
}

#[test]
fn whale_dolphin_retreats_only_from_the_far_rank() {
    let pos = position("whale", &[], "W c1, w f4, D b6, D e4", "", "b");
    assert_eq!(
        moves_from(&pos, "b6"),
        ["b6-a5", "b6-c5", "b6-d4", "b6-e3", "b6-f2"],
        "like a bishop, backward"
    );
    assert_eq!(moves_from(&pos, "e4"), ["e4-e5"], "elsewhere only forward");
    let two = position("whale", &[("dolphin_retreat", "two")], "W c1, w f4, D b6", "", "b");
    assert_eq!(
        moves_from(&two, "b6"),
        ["b6-a5", "b6-c5", "b6-d4"],
        "the Zillions reading"
    );
}

#[test]
fn whale_has_no_promotion_on_the_board() {
    let pos = position("whale", &[], "W c1, w f4, D b5", "", "b");
    assert_eq!(moves_from(&pos, "b5"), ["b5-b6"]);
}

#[test]
fn whale_dolphin_drop_restrictions() {
    let pos = position("whale", &[], "W a1, w f6, D b2, D b3, D c2", "D", "b");
    assert_illegal(&pos, "D*b4", "a file with two dolphins of the dropper");
    assert_legal(&pos, "D*c4", "a file with one");
    assert_illegal(&pos, "D*d6", "the far rank");
    let mate = position("whale", &[], "W a1, w f6, K d5", "D,B", "b");
    assert_illegal(&mate, "D*f5", "a dolphin drop that mates");
    assert_legal(&mate, "B*f5", "other pieces may drop with mate");
}

// ---- yari --------------------------------------------------------------

#[test]
fn yari_promotion_is_optional_in_the_zone() {
    let pos = position("yari", &[], "K d1, k a9, P c6, YR f8", "", "b");
    assert_eq!(moves_from(&pos, "c6"), ["c6-c7+", "c6-c7="]);
    let rook: Vec<String> = moves_from(&pos, "f8")
        .into_iter()
        .filter(|m| m.starts_with("f8-f9"))
        .collect();
    assert_eq!(rook, ["f8-f9+", "f8-f9="], "a yari rook has moves on the last rank");
}

#[test]
fn yari_promotion_is_forced_where_the_piece_would_have_no_move() {
    let pos = position("yari", &[], "K d1, k a9, P c8, YB e8, YN g7", "", "b");
    assert_eq!(moves_from(&pos, "c8"), ["c8-c9+"]);
    assert!(moves_from(&pos, "e8").contains(&"e8-e9+".to_string()));
    assert!(!moves_from(&pos, "e8").contains(&"e8-e9=".to_string()));
    assert_eq!(moves_from(&pos, "g7"), ["g7-f9+", "g7-g8+", "g7-g8=", "g7-g9+"]);
}

#[test]
fn yari_drop_where_the_piece_has_a_move() {
    let pos = position("yari", &[], "K d1, k a9", "P,YN,YB,YR", "b");
    for illegal in ["P*c9", "YN*c9", "YB*c9"] {
        assert_illegal(&pos, illegal, "no further move (Yari.rul, DROPS a)");
    }
    assert_legal(&pos, "YR*c9", "the yari rook slides sideways");
    assert_legal(&pos, "YN*c8", "the yari knight's forward slide");
}

#[test]
fn yari_no_second_unpromoted_pawn_on_a_file() {
    let pos = position("yari", &[], "K d1, k a9, P c3, +P e3", "P", "b");
    assert_illegal(&pos, "P*c5", "nifu (Yari.rul, DROPS b)");
    assert_legal(&pos, "P*e5", "a promoted pawn does not count");
}

#[test]
fn yari_pawn_drop_mate_is_legal() {
    let mut pos = position("yari", &[], "K d1, k a9, yr b9, +YB b7", "P", "b");
    assert_legal(&pos, "P*a8", "Yari.rul, DROPS: NOTE");
    play(&mut pos, "P*a8");
    assert!(all_moves(&pos).is_empty(), "the drop mates");
}

#[test]
fn yari_stalemate_is_a_draw() {
    // Yari.rul, STALEMATE: no legal move and not in check is a draw.
    let stalemate = position("yari", &[], "K a1, k g9, +yr b3, +yr c2", "", "b");
    assert!(all_moves(&stalemate).is_empty(), "the king has no square");
    let o = stalemate.result().expect("no legal move ends the game");
    assert_eq!((o.black, o.reason), (Result3::Draw, EndReason::NoMoves));
    // Checkmate still loses.
    let mate = position("yari", &[], "K a1, k g9, +yr b3, +yr c2, +yr a5", "", "b");
    assert!(all_moves(&mate).is_empty());
    assert_eq!(mate.result().and_then(|o| o.winner()), Some(Colour::White));
}

#[test]
fn yari_no_move_may_repeat_a_position_a_third_time() {
    // Yari.rul, REPETITION OF MOVES. The start position occurs again after
    // four moves; the eighth would make it occur a third time.
    let shuffle = ["d1-d2", "d9-d8", "d2-d1", "d8-d9", "d1-d2", "d9-d8", "d2-d1"];
    let mut pos = position("yari", &[], "K d1, k d9, P a3, p a7", "", "b");
    for m in shuffle {
        play(&mut pos, m);
    }
    assert_illegal(&pos, "d8-d9", "the third occurrence");
    assert_legal(&pos, "d8-c8", "another move");
    let mut free = position("yari", &[("repetition", "ignore")], "K d1, k d9, P a3, p a7", "", "b");
    for m in shuffle {
        play(&mut free, m);
    }
    assert_legal(&free, "d8-d9", "option repetition=ignore");
}

// ---- tori --------------------------------------------------------------

#[test]
fn tori_promotion_is_compulsory_in_the_zone() {
    let pos = position("tori", &[], "PH d1, ph g7, SW c5, FA e6", "", "b");
    assert_eq!(moves_from(&pos, "c5"), ["c5-c6+"], "entering the zone");
    let falcon = moves_from(&pos, "e6");
    assert!(falcon.contains(&"e6-e7+".to_string()), "within the zone: {falcon:?}");
    assert!(falcon.contains(&"e6-d5+".to_string()), "leaving the zone: {falcon:?}");
    assert!(falcon.iter().all(|m| m.ends_with('+')), "never declined: {falcon:?}");
}

#[test]
fn tori_swallow_drop_restrictions() {
    let pos = position("tori", &[], "PH a1, ph g7, SW c2, SW c3, SW d2, +SW d3", "SW", "b");
    assert_illegal(&pos, "SW*c5", "a file with two unpromoted swallows");
    assert_legal(&pos, "SW*d5", "a goose does not count");
    assert_illegal(&pos, "SW*e7", "the far rank");
    let mate = position("tori", &[], "PH a1, ph g7, FA e6, CR f5", "SW,CR", "b");
    assert_illegal(&mate, "SW*g6", "a swallow drop that mates");
    assert_legal(&mate, "CR*g6", "other pieces may drop with mate");
}

#[test]
fn tori_swallow_dropped_in_the_zone_promotes_after_a_further_move() {
    let mut pos = position("tori", &[], "PH a1, ph g7", "SW", "b");
    play(&mut pos, "SW*c6");
    assert_eq!(code_at(&pos, "c6").as_deref(), Some("SW"));
    play(&mut pos, "g7-g6");
    assert_eq!(moves_from(&pos, "c6"), ["c6-c7+"]);
}

#[test]
fn tori_eagle_cannot_jump_diagonally_back() {
    let free = position("tori", &[], "PH a1, ph g7, +FA d4", "", "b");
    assert_legal(&free, "d4-b2", "two squares diagonally back");
    let blocked = position("tori", &[], "PH a1, ph g7, +FA d4, CR c3", "", "b");
    assert_illegal(&blocked, "d4-b2", "the first square must be empty (Tori.rul)");
}

#[test]
fn tori_no_move_may_repeat_a_position_a_third_time() {
    // Tori.rul, REPETITION OF MOVES. The crane checks the phoenix from f5
    // when it stands on g6; the phoenix steps back to g7 and out again.
    // From the start (Black to move, no check), White's evasion g6-g7 is
    // the first move to make a position occur a third time.
    let cycle = ["f5-e4", "g7-g6", "e4-f5", "g6-g7", "f5-e4", "g7-g6", "e4-f5"];
    let start = "PH a1, ph g7, CR f5";
    let mut pos = position("tori", &[], start, "", "b");
    for m in cycle {
        play(&mut pos, m);
    }
    assert_illegal(&pos, "g6-g7", "the repeating player must vary, even out of check");
    assert_legal(&pos, "g6-f7", "another evasion");
    // The Japanese reading: an evasion may repeat; then the checking side
    // is the one that must vary.
    let mut evading = position(
        "tori",
        &[("repetition", "third_forbidden_unless_evading")],
        start,
        "",
        "b",
    );
    for m in cycle {
        play(&mut evading, m);
    }
    assert_legal(&evading, "g6-g7", "a move out of check may repeat");
    play(&mut evading, "g6-g7");
    assert_illegal(&evading, "f5-e4", "the checking side must vary");
}

// ---- heian_dai ---------------------------------------------------------

#[test]
fn heian_dai_flying_dragon_promotes_to_a_dragon_every_other_piece_to_gold() {
    let mut pos = position("heian_dai", &[], "K g1, k a13, p m10, FD c10, C j10", "", "b");
    play(&mut pos, "c10-d11+");
    assert_eq!(code_at(&pos, "d11").as_deref(), Some("+FD"));
    play(&mut pos, "a13-a12");
    // The promoted dragon adds a step orthogonally (Heian.rul, PROMOTION).
    assert!(moves_from(&pos, "d11").contains(&"d11-d12".to_string()));
    play(&mut pos, "j10-j11+");
    let rules = pos.rules().clone();
    let (_, ty) = pos.piece_at(sq(&pos, "j11")).expect("copper");
    assert_eq!(rules.kinds[rules.types[usize::from(ty)].kind].id, "gold");
}

#[test]
fn heian_dai_promotion_is_forced_where_the_piece_would_have_no_move() {
    let pos = position("heian_dai", &[], "K g1, k a13, I c12, N e11, S g12", "", "b");
    assert_eq!(
        moves_from(&pos, "c12"),
        ["c12-b13+", "c12-c13+", "c12-d13+"],
        "iron general"
    );
    assert_eq!(
        moves_from(&pos, "e11"),
        ["e11-d13+", "e11-f13+"],
        "knight on the last two ranks"
    );
    assert!(
        moves_from(&pos, "g12").contains(&"g12-g13=".to_string()),
        "a silver may decline"
    );
}

/// Black plays `capture`, taking a pawn: it joins no hand, and no drop is
/// offered.
fn assert_capture_leaves_the_game(variant: &str, pieces: &str, capture: &str, why: &str) {
    let mut pos = position(variant, &[], pieces, "", "b");
    play(&mut pos, capture);
    assert_eq!(in_hand(&pos, Colour::Black, "pawn"), 0, "{why}");
    assert!(all_moves(&pos).iter().all(|m| !m.contains('*')), "{why}");
}

/// Black bares White with its first move; White's king bares Black back
/// with the second: a draw.
fn assert_baring_back_draws(variant: &str, pieces: &str, moves: [&str; 2]) {
    let mut pos = position(variant, &[], pieces, "", "b");
    for m in moves {
        play(&mut pos, m);
    }
    let o = pos.outcome().expect("the game ends");
    assert_eq!((o.winner(), o.black), (None, Result3::Draw), "bared back: a draw");
}

#[test]
fn heian_dai_captured_pieces_leave_the_game() {
    assert_capture_leaves_the_game(
        "heian_dai",
        "K g1, k a13, L c1, p c5",
        "c1xc5",
        "no drops (Heian.rul, CAPTURES)",
    );
}

#[test]
fn heian_dai_bare_king_loses_unless_it_bares_back() {
    let mut pos = position("heian_dai", &[], "K g1, k a13, L c1, p c5", "", "b");
    play(&mut pos, "c1xc5");
    assert!(pos.outcome().is_none(), "answerable: White may still bare Black");
    play(&mut pos, "a13-a12");
    assert_eq!(pos.outcome().and_then(|o| o.winner()), Some(Colour::Black));
    assert_baring_back_draws("heian_dai", "K g1, L f1, k g7, p f6", ["f1xf6", "g7xf6"]);
    let off = position(
        "heian_dai",
        &[("bare_king_rule", "false")],
        "K g1, k a13, L c1, p c5",
        "",
        "b",
    );
    let mut off = off;
    play(&mut off, "c1xc5");
    play(&mut off, "a13-a12");
    assert!(off.outcome().is_none(), "the option turns the rule off");
}

// ---- heian -------------------------------------------------------------

#[test]
fn heian_every_piece_promotes_to_gold_in_a_three_rank_zone() {
    let mut pos = position("heian", &[], "K e1, k a8, p i7, S d5, N f3, P h5", "", "b");
    assert_eq!(
        moves_from(&pos, "d5"),
        [
            "d5-c4", "d5-c6+", "d5-c6=", "d5-d6+", "d5-d6=", "d5-e4", "d5-e6+", "d5-e6="
        ],
        "the far three ranks of eight are the zone (HShogi.rul, PROMOTION)"
    );
    assert_eq!(moves_from(&pos, "f3"), ["f3-e5", "f3-g5"], "rank 5 is outside the zone");
    play(&mut pos, "d5-d6+");
    let rules = pos.rules().clone();
    let (_, ty) = pos.piece_at(sq(&pos, "d6")).expect("promoted silver");
    assert_eq!(rules.kinds[rules.types[usize::from(ty)].kind].id, "gold");
    play(&mut pos, "a8-a7");
    play(&mut pos, "h5-h6+");
    let (_, ty) = pos.piece_at(sq(&pos, "h6")).expect("tokin");
    assert_eq!(
        rules.kinds[rules.types[usize::from(ty)].kind].id,
        "gold",
        "the tokin moves as a gold"
    );
}

#[test]
fn heian_promotion_is_forced_where_the_piece_would_have_no_move() {
    let pos = position("heian", &[], "K e1, k i8, P c7, N e5, L a5, S g7", "", "b");
    assert_eq!(moves_from(&pos, "c7"), ["c7-c8+"], "a pawn on the last rank");
    assert_eq!(
        moves_from(&pos, "e5"),
        ["e5-d7+", "e5-f7+"],
        "a knight on the second last rank (HShogi.rul, PROMOTION)"
    );
    assert_eq!(
        moves_from(&pos, "a5"),
        ["a5-a6+", "a5-a6=", "a5-a7+", "a5-a7=", "a5-a8+"],
        "a lance on the last rank"
    );
    assert!(
        moves_from(&pos, "g7").contains(&"g7-g8=".to_string()),
        "a silver may decline"
    );
}

#[test]
fn heian_captured_pieces_leave_the_game() {
    assert_capture_leaves_the_game(
        "heian",
        "K e1, k a8, L c1, p c5",
        "c1xc5",
        "no drops (HShogi.rul, CAPTURES)",
    );
}

#[test]
fn heian_bare_king_loses_unless_it_bares_back() {
    // HShogi.rul, THE GAME: baring the other king wins, but the bared king
    // draws if it bares the other king on its very next move.
    let start = "K e1, k a8, L c1, p c5";
    let mut pos = position("heian", &[], start, "", "b");
    play(&mut pos, "c1xc5");
    assert!(pos.outcome().is_none(), "answerable: White may still bare Black");
    play(&mut pos, "a8-a7");
    assert_eq!(pos.outcome().and_then(|o| o.winner()), Some(Colour::Black));

    assert_baring_back_draws("heian", "K e1, L d1, k e6, p d5", ["d1xd5", "e6xd5"]);

    let mut immediate = position("heian", &[("bare_king", "immediate")], start, "", "b");
    play(&mut immediate, "c1xc5");
    assert_eq!(
        immediate.outcome().and_then(|o| o.winner()),
        Some(Colour::Black),
        "Wikipedia's reading: baring wins at once"
    );

    let mut off = position("heian", &[("bare_king", "off")], start, "", "b");
    play(&mut off, "c1xc5");
    play(&mut off, "a8-a7");
    assert!(off.outcome().is_none(), "the option turns the rule off");
}

// ---- the shogivar presets: readings no empty board shows ---------------
// (tests/shogivar_tables.rs compares every piece on the empty board.)

#[test]
fn sho_shogivar_preset_has_the_bare_king_rule() {
    // Sho.rul, THE GAME: capturing all but the king wins; a bare king may
    // draw by baring the other king on the next move.
    let start = "K e1, k i9, R a5, p a6";
    let mut pos = variant_position("sho", &["preset=shogivar"], start, "b");
    play(&mut pos, "a5xa6");
    assert!(pos.outcome().is_none(), "answerable: White may still bare Black");
    play(&mut pos, "i9-i8");
    assert_eq!(pos.outcome().and_then(|o| o.winner()), Some(Colour::Black));
    let mut off = variant_position("sho", &[], start, "b");
    play(&mut off, "a5xa6");
    play(&mut off, "i9-i8");
    assert!(off.outcome().is_none(), "no bare-king rule by default");
}

#[test]
fn tenjiku_shogivar_free_eagle_jumps_orthogonally_not_diagonally() {
    // Tenjiku.rul, JUMPING PIECES: the free eagle jumps to the second
    // square orthogonally; Tenjiku.dat gives it no lion power (code 64 on
    // the diagonals). The default (chessvariants.com) jumps diagonally.
    let pieces = "K a1, k p16, FE h8, P h9, P i9";
    let sv = variant_position("tenjiku", &["preset=shogivar"], pieces, "b");
    assert_legal(&sv, "h8-h10", "ShogiVar: orthogonal jump");
    assert_illegal(&sv, "h8-j10", "ShogiVar: no diagonal jump");
    let cv = variant_position("tenjiku", &[], pieces, "b");
    assert_legal(&cv, "h8-j10", "default: diagonal jump");
    assert_illegal(&cv, "h8-h10", "default: no orthogonal jump");
}

#[test]
fn tenjiku_shogivar_heavenly_tetrarchs_range_only_diagonally() {
    // Tenjiku.rul, THE HEAVENLY TETRARCHS: from the second square on the
    // diagonals, or to the second or third square sideways.
    let pieces = "K a1, k p16, HT h8";
    let sv = variant_position("tenjiku", &["preset=shogivar"], pieces, "b");
    assert_illegal(&sv, "h8-h10", "ShogiVar: no vertical range");
    assert_legal(&sv, "h8-j10", "ShogiVar: diagonal range");
    assert_legal(&sv, "h8-k8", "ShogiVar: third square sideways");
    assert_legal(
        &variant_position("tenjiku", &[], pieces, "b"),
        "h8-h10",
        "default: vertical range",
    );
}

#[test]
fn dai_dai_shogivar_lion_dog_slides_and_cannot_pass_a_piece() {
    // DaiDai.dat: code 3 (up to three squares through empty ones) on every
    // line; the default lion dog jumps over S1 and S2 (seed 003).
    let pieces = "K a1, k q17, LD h8, P h9";
    let sv = variant_position("dai_dai", &["preset=shogivar"], pieces, "b");
    assert_illegal(&sv, "h8-h10", "ShogiVar: a slide stops at the pawn");
    assert_legal(&sv, "h8-h7", "ShogiVar: one square back");
    assert_legal(
        &variant_position("dai_dai", &[], pieces, "b"),
        "h8-h10",
        "default: jumps",
    );
}
