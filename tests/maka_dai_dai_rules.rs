//! Maka-dai-dai shogi rule scenarios.
//!
//! Each test builds a small position that isolates one rule of the
//! project's rules reference (`shared/reference/maka-dai-dai-shogi.md`,
//! cited as § and Q) and asserts which moves are legal and what a move
//! leaves on the board. The expectations come from the reference text.
//!
//! Positions are piece lists (`"K a1, k s19, EM j10"`: upper case Black,
//! lower case White, `+CODE` a promoted piece under its original code).
//! Kings stand on a1 (Black) and s19 (White) unless a test needs them
//! elsewhere, out of reach of the pieces under test.

use gunbai::unstable::board::Colour::Black;
use gunbai::unstable::position::{EndReason, Position};
use gunbai::unstable::ruleset::Ruleset;
use std::sync::Arc;

mod common;
use common::*;

fn rules(opts: &[&str]) -> Arc<Ruleset> {
    variant_with("maka_dai_dai", opts)
}

fn position(opts: &[&str], pieces: &str, side: &str) -> Position {
    variant_position("maka_dai_dai", opts, pieces, side)
}

/// The kind id the piece on a square moves as.
fn kind_at(pos: &Position, name: &str) -> String {
    let (_, ty) = pos
        .piece_at(sq(pos, name))
        .unwrap_or_else(|| panic!("no piece on {name}"));
    pos.rules().kind_of(ty).id.clone()
}

fn is_royal_at(pos: &Position, name: &str) -> bool {
    let (_, ty) = pos.piece_at(sq(pos, name)).expect("a piece");
    pos.rules().kind_of(ty).tags.iter().any(|t| t == "royal")
}

// ---------------------------------------------------------------------------
// §6 Promotion by capture

#[test]
fn capture_promotion_is_compulsory_by_default() {
    // §6.1-2 (forced): a promotable piece that captures promotes, with no
    // choice; a move without a capture never promotes (no zone).
    let pos = position(&[], "K a1, k s19, G j10, p j11", "b");
    assert_eq!(
        moves_from(&pos, "j10"),
        ["j10-i10", "j10-i11", "j10-j9", "j10-k10", "j10-k11", "j10xj11+"]
    );
}

#[test]
fn capture_promotion_forced_if_promoted_victim() {
    // §6.2, Q1: only the capture of a promoted piece forces promotion;
    // capturing an unpromoted one may be declined.
    let o = ["capture_promotion=forced_if_promoted_victim"];
    let pos = position(&o, "K a1, k s19, G j10, p j11", "b");
    assert_legal(&pos, "j10xj11+", "Q1 may promote");
    assert_legal(&pos, "j10xj11=", "Q1 may decline: the pawn is unpromoted");
    let pos = position(&o, "K a1, k s19, G j10, +p j11", "b");
    assert_legal(&pos, "j10xj11+", "Q1 must promote");
    assert_illegal(&pos, "j10xj11=", "Q1: the victim is promoted");
}

#[test]
fn capture_promotion_optional() {
    let pos = position(&["capture_promotion=optional"], "K a1, k s19, +p j11, G j10", "b");
    assert_legal(&pos, "j10xj11+", "Q1 optional");
    assert_legal(&pos, "j10xj11=", "Q1 optional");
}

#[test]
fn strong_pieces_promote_to_gold_and_a_promoted_piece_never_promotes_again() {
    // §6.3: a rook that captures becomes a gold general (a demotion).
    let mut pos = position(&[], "K a1, k s19, R j5, p j11", "b");
    play(&mut pos, "j5xj11+");
    assert_eq!(code_at(&pos, "j11").as_deref(), Some("+R"));
    assert_eq!(kind_at(&pos, "j11"), "gold");
    // §6.4: that gold (and any promoted piece) promotes no more.
    let pos = position(&[], "K a1, k s19, +R j10, p j11", "b");
    assert_legal(&pos, "j10xj11", "§6.4 promotes once only");
    assert_illegal(&pos, "j10xj11+", "§6.4 promotes once only");
}

#[test]
fn dragon_king_dragon_horse_and_free_king_never_promote() {
    // §6.3: these three have no promoted rank.
    for piece in ["DK", "DH", "FK"] {
        let pos = position(&[], &format!("K a1, k s19, {piece} j10, p j11"), "b");
        assert_legal(&pos, "j10xj11", "§6.3 no promotion");
        assert_illegal(&pos, "j10xj11+", "§6.3 no promotion");
    }
}

#[test]
fn a_king_that_captures_becomes_the_emperor() {
    // §6.5: the king promotes to the Emperor by capturing; still royal.
    let mut pos = position(&[], "K j10, k s19, p j11", "b");
    play(&mut pos, "j10xj11+");
    assert_eq!(kind_at(&pos, "j11"), "emperor");
    assert!(is_royal_at(&pos, "j11"));
}

#[test]
fn a_drunk_elephant_that_captures_becomes_a_royal_prince() {
    // §6.5, §8.1: the prince is royal: a side that loses its king but keeps
    // a prince plays on; losing both loses.
    let mut pos = position(&[], "K a1, k s19, DE j10, p j11, r a10", "b");
    play(&mut pos, "j10xj11+");
    assert_eq!(kind_at(&pos, "j11"), "prince");
    play(&mut pos, "a10xa1+");
    assert_eq!(pos.outcome(), None, "§8.1 the prince is still royal");
    let mut pos = position(&[], "K a1, k s19, CP j10, r a10, b g13", "w");
    play(&mut pos, "a10xa1+");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "j10-k9");
    play(&mut pos, "g13xk9+");
    let o = pos.outcome().expect("§8.1 no royal left");
    assert_eq!(o.winner(), Some(gunbai::unstable::board::Colour::White));
    assert_eq!(o.reason, EndReason::Lost);
}

#[test]
fn a_pawn_on_the_last_rank_stays_immobile() {
    // §6.7: no zone, no promotion without a capture: a pawn on the last
    // rank has no move until it is captured.
    let pos = position(&[], "K a1, k s18, P j19", "b");
    assert_eq!(moves_from(&pos, "j19"), Vec::<String>::new());
}

// ---------------------------------------------------------------------------
// §5.1 The Emperor

#[test]
fn the_emperor_leaps_to_any_empty_square() {
    // §5.1, §11: every square of an empty board but its own (360).
    let pos = position(&[], "EM j10, k s19", "b");
    let moves = moves_from(&pos, "j10");
    assert_eq!(moves.len(), 360, "359 empty squares and the unprotected king on s19");
    assert!(moves.contains(&"j10-a1".to_string()));
    assert!(moves.contains(&"j10-s1".to_string()));
    assert!(!moves.iter().any(|m| m.ends_with("j10")), "§5.1 no pass");
    assert!(!moves.iter().any(|m| m.ends_with('+')), "§5.1 it does not promote");
}

#[test]
fn the_emperor_takes_only_unprotected_pieces() {
    // §5.1: a protected enemy (royals included) cannot be taken.
    // A White gold on j15 is protected by a White silver on j16 (its
    // forward step is down); the pawn on c3 and the king on s19 are not.
    let pos = position(&[], "EM j10, k s19, g j15, s j16, p c3", "b");
    assert_illegal(&pos, "j10xj15", "§5.1 the gold is protected");
    assert_legal(&pos, "j10xc3", "§5.1 the pawn is unprotected");
    assert_legal(&pos, "j10xs19", "§5.1 an unprotected king may be taken");
    let pos = position(&[], "EM j10, k s19, g s18", "b");
    assert_illegal(&pos, "j10xs19", "§5.1 a protected king may not be taken");
}

#[test]
fn the_enemy_emperor_protects_only_where_it_could_recapture() {
    // §5.1 one level deep: the White Emperor protects the gold on j15 only
    // if it could itself take the Black Emperor there, i.e. if no other
    // Black piece protects j15.
    let pos = position(&[], "EM j10, em a19, g j15", "b");
    assert_illegal(&pos, "j10xj15", "§5.1 the White Emperor would recapture");
    let pos = position(&[], "EM j10, em a19, g j15, R j2", "b");
    assert_legal(
        &pos,
        "j10xj15",
        "§5.1 the rook protects j15: the Emperor cannot recapture",
    );
    assert_legal(&pos, "j10xa19", "§5.1 the Emperor itself is unprotected");
}

#[test]
fn emperor_protection_judged_after_or_before() {
    // §5.1, Q12: a White rook on j1 is blocked by the Emperor on j5; the
    // gold on j12 is protected only once the Emperor has left j5.
    let pieces = "EM j5, r j1, g j12, k s19, K a19";
    let pos = position(&[], pieces, "b");
    assert_illegal(&pos, "j5xj12", "Q12 after: the rook sees j12 once the Emperor leaves");
    let pos = position(&["emperor_protection_judged=before"], pieces, "b");
    assert_legal(&pos, "j5xj12", "Q12 before: the rook was blocked");
}

#[test]
fn emperor_targets_unattacked_only() {
    // §5.1, Q2: under unattacked_only the Emperor may not land where an
    // enemy piece attacks. A White rook on a10 attacks rank 10 and file a.
    let pieces = "EM j5, r a10, k s19";
    let pos = position(&[], pieces, "b");
    assert_legal(&pos, "j5-c10", "Q2 default: empty squares are all allowed");
    let pos = position(&["emperor_targets=unattacked_only"], pieces, "b");
    assert_illegal(&pos, "j5-c10", "Q2: c10 is attacked by the rook");
    assert_illegal(&pos, "j5-a3", "Q2: a3 is attacked by the rook");
    assert_legal(&pos, "j5-c11", "Q2: c11 is not attacked");
    // Of the 360 other squares, the 18 + 18 on the rook's lines and the 3
    // next to the White king are out; the rook and the king themselves are
    // unprotected and may be taken.
    assert_eq!(moves_from(&pos, "j5").len(), 360 - 18 - 18 - 3);
    assert_legal(&pos, "j5xa10", "Q2 the rook is unprotected");
}

// ---------------------------------------------------------------------------
// §6.6 The deva and dark-spirit rule

#[test]
fn whoever_captures_a_deva_becomes_a_teaching_king() {
    // §6.6: a pawn that captures a deva becomes a (promoted) teaching king
    // of its own side; the replacement is the move's promotion.
    let mut pos = position(&[], "K a1, k s19, P j10, dv j11", "b");
    assert_eq!(moves_from(&pos, "j10"), ["j10xj11"]);
    play(&mut pos, "j10xj11");
    assert_eq!(code_at(&pos, "j11").as_deref(), Some("+DV"));
    assert_eq!(kind_at(&pos, "j11"), "teaching_king");
    // A piece that does not promote at all (a free king) is replaced too,
    // and capturing a teaching king counts as capturing a deva.
    let mut pos = position(&[], "K a1, k s19, FK j5, +dv j11", "b");
    play(&mut pos, "j5xj11");
    assert_eq!(code_at(&pos, "j11").as_deref(), Some("+DV"));
}

#[test]
fn whoever_captures_a_dark_spirit_becomes_a_buddhist_spirit() {
    let mut pos = position(&[], "K a1, k s19, +P j10, ds j11", "b");
    play(&mut pos, "j10xj11");
    assert_eq!(code_at(&pos, "j11").as_deref(), Some("+DS"));
    assert_eq!(kind_at(&pos, "j11"), "buddhist_spirit");
}

#[test]
fn the_last_deva_type_victim_decides() {
    // §6.6: a lion takes a deva, then a dark spirit: it becomes a Buddhist
    // spirit; the other way round, a teaching king.
    let mut pos = position(&[], "K a1, k s19, LN j10, dv j11, ds j12", "b");
    play(&mut pos, "j10xj11xj12");
    assert_eq!(kind_at(&pos, "j12"), "buddhist_spirit");
    let mut pos = position(&[], "K a1, k s19, LN j10, ds j11, dv j12", "b");
    play(&mut pos, "j10xj11xj12");
    assert_eq!(kind_at(&pos, "j12"), "teaching_king");
}

#[test]
fn a_royal_that_captures_a_deva_keeps_its_royalty() {
    // §6.6, Q11 keep_royal: the king stays royal; it still becomes the
    // Emperor by capturing (§6.5).
    let mut pos = position(&[], "K j10, k s19, dv j11", "b");
    play(&mut pos, "j10xj11+");
    assert_eq!(kind_at(&pos, "j11"), "emperor");
}

#[test]
fn royal_captures_deva_replace() {
    // Q11 replace: the king becomes a teaching king and is royal no more.
    let mut pos = position(&["royal_captures_deva=replace"], "K j10, k s19, dv j11, R a1", "b");
    play(&mut pos, "j10xj11");
    assert_eq!(kind_at(&pos, "j11"), "teaching_king");
    let o = pos.outcome().expect("§8.1 Black has no royal left");
    assert_eq!(o.winner(), Some(gunbai::unstable::board::Colour::White));
}

#[test]
fn royal_captures_deva_forbidden() {
    let pos = position(&["royal_captures_deva=forbidden"], "K j10, k s19, dv j11, ds k11", "b");
    assert_illegal(&pos, "j10xj11+", "Q11 forbidden");
    assert_illegal(&pos, "j10xk11+", "Q11 forbidden");
    assert_legal(&pos, "j10-i11", "Q11 other moves stay");
}

#[test]
fn deva_dark_spirit_rule_off() {
    // Q10 false (ShogiVar): a capture of a deva is an ordinary capture.
    let mut pos = position(&["deva_dark_spirit_rule=false"], "K a1, k s19, P j10, dv j11", "b");
    play(&mut pos, "j10xj11+");
    assert_eq!(kind_at(&pos, "j11"), "gold");
}

// ---------------------------------------------------------------------------
// §7 No lion trading, §8 end of the game

#[test]
fn no_lion_trading_restrictions() {
    // §7: a lion may take a protected lion two squares away, and a
    // non-lion may take a lion at any time.
    let mut pos = position(&[], "K a1, k s19, LN j10, ln j12, g j13", "b");
    assert_legal(&pos, "j10xj12+", "§7 no restriction on capturing lions");
    play(&mut pos, "j10xj12+");
    assert_eq!(kind_at(&pos, "j12"), "furious_fiend");
    play(&mut pos, "j13xj12+");
}

#[test]
fn losing_every_royal_loses() {
    // §8.1: capturing the last royal ends the game at once.
    let mut pos = position(&[], "K a1, k j11, R j2", "b");
    play(&mut pos, "j2xj11+");
    let o = pos.outcome().expect("game over");
    assert_eq!(o.winner(), Some(Black));
    assert_eq!(o.reason, EndReason::Lost);
}

#[test]
fn the_start_position_has_every_piece_of_the_reference() {
    // §3: 96 pieces a side, 50 kinds; White's array is Black's rotated.
    let pos = Position::start(rules(&[]));
    assert_eq!(pieces_per_side(&pos), (96, 96));
    for (square, code) in [
        ("j1", "K"),
        ("i1", "DV"),
        ("k1", "DS"),
        ("j19", "k"),
        ("k19", "dv"),
        ("i19", "ds"),
    ] {
        assert_eq!(code_at(&pos, square).as_deref(), Some(code), "§3 {square}");
    }
    for (square, code) in [("i5", "CA"), ("k5", "HM"), ("f7", "GB"), ("k15", "ca"), ("i15", "hm")] {
        assert_eq!(code_at(&pos, square).as_deref(), Some(code), "§3 {square}");
    }
}

// ---------------------------------------------------------------------------
// §9 The other readings of disputed moves (the defaults are checked square
// by square in tests/maka_dai_dai_diagrams.rs)

/// The destinations of the piece on j10, alone with the kings (off its
/// lines).
fn destinations(opts: &[&str], piece: &str) -> Vec<String> {
    let pos = position(opts, &format!("K b1, k r19, {piece} j10"), "b");
    let mut d: Vec<String> = moves_from(&pos, "j10")
        .iter()
        .map(|m| m.rsplit(['-', 'x']).next().expect("a landing").to_string())
        .filter(|s| s != "j10")
        .collect();
    d.sort();
    d.dedup();
    d
}

#[test]
fn teaching_king_readings() {
    // Q3: fk_only is a free king (72 squares, one path each); fk_lion3 adds
    // up to three king steps (every square within 3: 48, of which the 24
    // off the lines are new).
    let pos = position(&["teaching_king=fk_only"], "K b1, k r19, +DV j10", "b");
    assert_eq!(moves_from(&pos, "j10").len(), 72);
    assert_eq!(destinations(&["teaching_king=fk_lion3"], "+DV").len(), 72 + 24);
    assert!(destinations(&[], "+DV").len() == 72, "§11 TK 72");
}

#[test]
fn lion_dog_range3_reading() {
    // Q4 (ShogiVar): a plain slide of up to 3: 24 squares, one path each.
    let pos = position(&["lion_dog=range3"], "K a1, k s19, LD j10", "b");
    assert_eq!(moves_from(&pos, "j10").len(), 24);
    let pos = position(&["lion_dog=range3"], "K a1, k s19, LD j10, P j11", "b");
    assert!(
        !moves_from(&pos, "j10").iter().any(|m| m.ends_with("j12")),
        "Q4 a slide is blocked"
    );
}

#[test]
fn deva_variant_readings() {
    // Q5: sz steps L, FL, FR, BL; srz steps orthogonally and FL, BL; the
    // dark spirit mirrors them.
    assert_eq!(destinations(&["deva_variant=sz"], "DV"), ["i10", "i11", "i9", "k11"]);
    assert_eq!(
        destinations(&["deva_variant=srz"], "DV"),
        ["i10", "i11", "i9", "j11", "j9", "k10"]
    );
    assert_eq!(destinations(&["deva_variant=sz"], "DS"), ["i11", "k10", "k11", "k9"]);
    assert_eq!(destinations(&[], "DV"), ["i10", "i11", "k11", "k9"], "§5 ssz default");
}

#[test]
fn free_dragon_wolf_sv_table() {
    // Q6: ShogiVar's free dragon ranges F, FL, FR (27) and steps B, BL, BR;
    // its free wolf ranges F, B, diagonally (54) and up to 5 sideways (10).
    assert_eq!(destinations(&["free_dragon_wolf=sv_table"], "+RD").len(), 27 + 3);
    assert_eq!(destinations(&["free_dragon_wolf=sv_table"], "+EW").len(), 54 + 10);
}

#[test]
fn capricorn_hook_forward_bdiag2() {
    // Q7 (HaChu): the hook starts only forward-diagonally; backwards it
    // ranges at most 2.
    let d = destinations(&["capricorn=hook_forward_bdiag2"], "CA");
    assert!(d.contains(&"h8".to_string()), "Q7 2 squares BL");
    assert!(!d.contains(&"g7".to_string()), "Q7 not 3 squares BL");
    assert!(
        d.contains(&"n8".to_string()),
        "Q7 FR, then a turn BR, reaches behind its rank"
    );
    assert!(
        destinations(&[], "CA").contains(&"g7".to_string()),
        "Q7 default: a full diagonal hook"
    );
}

#[test]
fn free_bear_jump_reading() {
    // Q8 (ShogiVar): the free bear also jumps to the 2nd square forward-
    // diagonally, so a piece on the first square does not stop it.
    let pieces = "K a1, k s19, +BB j10, P k11";
    let pos = position(&[], pieces, "b");
    assert_illegal(&pos, "j10-l12", "Q8 default: the slide is blocked");
    let pos = position(&["free_bear_jump=true"], pieces, "b");
    assert_legal(&pos, "j10-l12", "Q8 ShogiVar's jump");
    // Maka.dat gives the forward diagonals 192 = 64 (range) + 128 (jump to
    // the 2nd square, as its kylin's orthogonals): on an empty board the
    // jump lands where the slide already goes, so the free bear reaches 54
    // squares either way (the reference's §11 "58 with the SV jump" is a
    // slip).
    assert_eq!(destinations(&[], "+BB").len(), 54);
    assert_eq!(destinations(&["free_bear_jump=true"], "+BB").len(), 54);
}

#[test]
fn kirin_phoenix_promotion_chu() {
    // Q9 chu: the kirin's promoted form moves as a lion (24 squares), the
    // phoenix's as a free king (72), and the lion does not promote.
    assert_eq!(destinations(&["kirin_phoenix_promotion=chu"], "+KN").len(), 24);
    assert_eq!(destinations(&["kirin_phoenix_promotion=chu"], "+PH").len(), 72);
    let pos = position(&["kirin_phoenix_promotion=chu"], "K a1, k s19, LN j10, p j11", "b");
    assert_legal(&pos, "j10xj11", "Q9 chu: the lion has no promotion");
    assert_illegal(&pos, "j10xj11+", "Q9 chu");
    assert_eq!(destinations(&[], "+KN").len(), 34, "§11 GD 34");
}

#[test]
fn repetition_forbids_recreating_a_position() {
    // §8.3 forbid_repeat: a move may not recreate an earlier position with
    // the same side to move (nobody is attacked here).
    let mut pos = position(&[], "K a1, k s19, G j10, g j15", "b");
    for m in ["j10-j11", "j15-j14", "j11-j10"] {
        play(&mut pos, m);
    }
    assert_illegal(&pos, "j14-j15", "§8.3 the start position would recur");
    let mut pos = position(&["repetition=none"], "K a1, k s19, G j10, g j15", "b");
    for m in ["j10-j11", "j15-j14", "j11-j10"] {
        play(&mut pos, m);
    }
    assert_legal(&pos, "j14-j15", "§8.3 none");
}

#[test]
fn the_start_position_has_78_moves_by_hand_count() {
    // §3 and §5, counted by hand piece by piece: 17 pawns and 2 go-betweens
    // (19); on rank 5 the left and right chariots step back and the two
    // dragon horses range 3 squares backwards (8); on rank 4 the donkeys
    // (1 each), violent oxen (3 each), the lion dog's three jumps to the
    // 3rd square and the she-devil's 2 (13); on rank 3 the old rats, blind
    // bears, evil wolves and kirin 1 each and the angry boars 4 each (15);
    // on rank 2 (9) and rank 1 (14) the remaining steps and slides. No move
    // of Black's reaches or opens a White piece's line, so the second ply
    // is 78 x 78.
    let pos = Position::start(rules(&[]));
    assert_eq!(legal(&pos).len(), 78);
    assert_eq!(
        gunbai::unstable::perft::perft(&mut pos.clone(), 2, gunbai::unstable::perft::Convention::Paths).unwrap(),
        78 * 78
    );
}
