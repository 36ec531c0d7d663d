//! Tai shogi rule scenarios: one per rule of the project's rules reference
//! (`shared/reference/tai-shogi.md`, cited as § and Q). Expectations come
//! from the reference text. Positions are piece lists (`"EM a1, em y25"`).

use gunbai::unstable::board::Colour::{Black, White};
use gunbai::unstable::position::{EndReason, Position};
use gunbai::unstable::ruleset::Ruleset;
use std::sync::Arc;

mod common;
use common::*;

fn rules(opts: &[&str]) -> Arc<Ruleset> {
    variant_with("tai", opts)
}

fn position(opts: &[&str], pieces: &str, side: &str) -> Position {
    variant_position("tai", opts, pieces, side)
}

fn kind_at(pos: &Position, name: &str) -> String {
    let (_, ty) = pos.piece_at(sq(pos, name)).expect("a piece");
    pos.rules().kind_of(ty).id.clone()
}

#[test]
fn the_start_position_follows_the_reference() {
    // §3: 177 pieces a side; Emperor m1, deva l1, dark spirit n1, crown
    // prince m2, go-betweens h8 and r8; White's array rotated.
    let pos = Position::start(rules(&[]));
    assert_eq!(pieces_per_side(&pos), (177, 177));
    for (square, code) in [
        ("m1", "EM"),
        ("l1", "DV"),
        ("n1", "DS"),
        ("m2", "CP"),
        ("h8", "GB"),
        ("r8", "GB"),
    ] {
        assert_eq!(code_at(&pos, square).as_deref(), Some(code), "§3 {square}");
    }
    for (square, code) in [
        ("m25", "em"),
        ("n25", "dv"),
        ("l25", "ds"),
        ("m24", "cp"),
        ("b1", "TSN"),
        ("x1", "WT"),
    ] {
        assert_eq!(code_at(&pos, square).as_deref(), Some(code), "§3 {square}");
    }
}

#[test]
fn the_royals_are_the_emperor_and_every_crown_prince() {
    // §7, §8.1: taking the Emperor does not end the game while a prince
    // lives; taking the last royal does.
    let mut pos = position(&[], "EM a1, CP b3, P x10, em y25, r a5, r b10", "w");
    play(&mut pos, "a5xa1+");
    assert_eq!(pos.outcome(), None, "§8.1 the prince is still royal");
    play(&mut pos, "x10-x11");
    play(&mut pos, "b10xb3+");
    let o = pos.outcome().expect("§8.1 no royal left");
    assert_eq!(o.winner(), Some(White));
    assert_eq!(o.reason, EndReason::Lost);
}

#[test]
fn the_emperor_takes_only_unprotected_pieces() {
    // §7: a protected piece, a royal included, cannot be taken; the enemy
    // Emperor protects only where it could take ours (one level deep).
    let pos = position(&[], "EM m13, em a25, cp y25, g y24, p c3", "b");
    assert_illegal(&pos, "m13xy25", "§7 the prince is protected by the gold");
    assert_illegal(&pos, "m13xc3", "§7 the White Emperor would take ours on c3");
    assert_legal(&pos, "m13xa25", "§7 the White Emperor itself is unprotected");
    let pos = position(&[], "EM m13, em a25, cp y25, p c3, R c1", "b");
    assert_legal(&pos, "m13xc3", "§7 our rook protects c3");
}

#[test]
fn the_crown_prince_does_not_promote_unless_the_option_says() {
    // §6.3, Q4.
    let pos = position(&[], "EM a1, em y25, CP m13, p m14", "b");
    assert_legal(&pos, "m13xm14", "Q4 no promotion");
    assert_illegal(&pos, "m13xm14+", "Q4 no promotion");
    let mut pos = position(
        &["prince_promotes_to_emperor=true"],
        "EM a1, em y25, CP m13, p m14",
        "b",
    );
    play(&mut pos, "m13xm14+");
    assert_eq!(kind_at(&pos, "m14"), "emperor");
}

#[test]
fn promotion_by_capture_follows_the_wp_table() {
    // §6.1-2 wp: a pawn that captures becomes gold; a gold a free gold.
    let mut pos = position(&[], "EM a1, em y25, P m13, p m14", "b");
    assert_eq!(moves_from(&pos, "m13"), ["m13xm14+"]);
    play(&mut pos, "m13xm14+");
    assert_eq!(kind_at(&pos, "m14"), "gold");
}

#[test]
fn promotion_table_sv() {
    // Q1 sv: a pawn never promotes; a blind monkey becomes a mountain witch
    // and an old rat a wizard stork; a rook still becomes gold.
    let o = ["promotion_table=sv"];
    let pos = position(&o, "EM a1, em y25, P m13, p m14", "b");
    assert_eq!(moves_from(&pos, "m13"), ["m13xm14"]);
    let mut pos = position(&o, "EM a1, em y25, BM m13, p l14", "b");
    play(&mut pos, "m13xl14");
    assert_eq!(kind_at(&pos, "l14"), "mountain_witch");
    let mut pos = position(&o, "EM a1, em y25, OR m13, p m12", "b");
    play(&mut pos, "m13xm12");
    assert_eq!(kind_at(&pos, "m12"), "wizard_stork");
    let mut pos = position(&o, "EM a1, em y25, R m13, p m14", "b");
    play(&mut pos, "m13xm14+");
    assert_eq!(kind_at(&pos, "m14"), "gold");
}

#[test]
fn no_deva_rule_by_default() {
    // §6.5, Q5: off in Tai; on, the captor becomes a teaching king.
    let mut pos = position(&[], "EM a1, em y25, P m13, dv m14", "b");
    play(&mut pos, "m13xm14+");
    assert_eq!(kind_at(&pos, "m14"), "gold");
    let mut pos = position(&["deva_dark_spirit_rule=true"], "EM a1, em y25, P m13, dv m14", "b");
    play(&mut pos, "m13xm14");
    assert_eq!(kind_at(&pos, "m14"), "teaching_king");
}

#[test]
fn peacock_hooks_only_from_the_forward_diagonals() {
    // §4: the peacock ranges forward-diagonally, may turn once by 90°, and
    // ranges at most 2 backwards-diagonally.
    let pos = position(&[], "EM a1, em y25, PC m13", "b");
    let to = |s: &str| moves_from(&pos, "m13").iter().any(|m| m.ends_with(s));
    assert!(to("k11"), "§4 2 squares BL");
    assert!(!to("j10"), "§4 not 3 squares BL");
    assert!(to("q11"), "§4 FR to n14, a turn BR, on to q11");
}

#[test]
fn fierce_eagle_readings() {
    // Q6: sz (default) steps F, FL, FR and ranges up to 2 sideways and
    // backwards-diagonally; ssz ranges up to 2 diagonally and steps L, R.
    let n = |o: &[&str]| moves_from(&position(o, "EM a1, em y25, FEG m13", "b"), "m13").len();
    assert_eq!(n(&[]), 11, "§11 FEG 11");
    assert_eq!(n(&["fierce_eagle=ssz"]), 10);
    assert_eq!(n(&["fierce_eagle=srz"]), 11);
}

#[test]
fn no_lion_trading_restrictions() {
    // §8.5: a lion may take a protected lion two squares away.
    let pos = position(&[], "EM a1, em y25, LN m13, ln m15, g m16", "b");
    assert_legal(&pos, "m13xm15+", "§8.5");
    let _ = Black;
}
