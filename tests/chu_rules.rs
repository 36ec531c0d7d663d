//! Chu shogi rule scenarios.
//!
//! Each test builds a minimal position that isolates one rule of the
//! project's rules reference (`shared/reference/chu-shogi.md`, cited as §)
//! and asserts which moves are legal. The expectations come from the
//! reference text, not from what the interpreter happens to do. Snapshots
//! (`tests/snapshots/chu_rules__*.snap`) list the full legal moves of the key
//! piece for a reviewer to check by hand.
//!
//! Positions are written as piece lists (`"K a1, k l12, LN f6"`: upper case
//! Black, lower case White, `+CODE` a promoted piece under its original code)
//! and turned into gunbai's native position text by [`board`]. Kings stand on
//! a1 (Black) and l12 (White) unless a test needs them elsewhere, out of reach
//! of the pieces under test.

use gunbai::unstable::position::{EndReason, Outcome, Position};
use gunbai::unstable::ruleset::{Result3, Ruleset};
use std::sync::Arc;

// ---------------------------------------------------------------------------
// Helpers

fn rules(opts: &[&str]) -> Arc<Ruleset> {
    variant_with("chu", opts)
}

/// A position from a piece list like `"K a1, k l12, +KN f6"`, the side to
/// move and the `last` field.
fn position(opts: &[&str], pieces: &str, side: &str, last: &str) -> Position {
    pieces_position(rules(opts), pieces, &format!("{side} {last}"))
}

fn winner(o: Option<Outcome>) -> Option<Option<gunbai::unstable::board::Colour>> {
    o.map(|o| o.winner())
}

use gunbai::unstable::board::Colour::{Black, White};

mod common;
use common::*;

// ---------------------------------------------------------------------------
// §4.1 The lion move

#[test]
fn lion_on_empty_board_has_88_paths() {
    // §4.1: 8 steps, 16 jumps (distance-2 ring), and a second king step
    // after each of the 8 first steps (8 x 8 = 64, including the 8 jitto
    // returns). gunbai counts every path, so `f6-f7-f8` (two steps) and
    // `f6-f8` (jump) are distinct moves.
    let pos = position(&[], "K a1, k l12, LN f6", "b", "-");
    let moves = moves_from(&pos, "f6");
    assert_eq!(moves.len(), 88);
    let steps = moves.iter().filter(|m| m.len() == 5).count();
    let jumps = moves
        .iter()
        .filter(|m| {
            m.len() == 5 && {
                let f = (m.as_bytes()[3] as i32 - b'f' as i32).abs();
                let r = (m[4..].parse::<i32>().unwrap() - 6).abs();
                f.max(r) == 2
            }
        })
        .count();
    assert_eq!(steps, 8 + 16, "one-landing moves: 8 steps and 16 jumps");
    assert_eq!(jumps, 16);
    // Jitto (§4.1 item 3): step to an empty neighbour and back.
    for n in ["e5", "e6", "e7", "f5", "f7", "g5", "g6", "g7"] {
        assert_legal(&pos, &format!("f6-{n}-f6"), "§4.1.3 jitto");
    }
    assert_legal(&pos, "f6-f8", "§4.1.2 jump");
    assert_legal(&pos, "f6-f7-f8", "§4.1 two king steps");
    assert_legal(&pos, "f6-f7-g8", "§4.1 the second step may turn");
    assert_legal(&pos, "f6-f7-e6", "§4.1 second step to a square adjacent to the origin");
    assert_illegal(&pos, "f6-f9", "distance 3 is not a lion move");
    insta::assert_snapshot!("lion_empty_board_f6", listing(&pos, &moves));
}

#[test]
fn lion_igui_double_capture_and_capture_then_move() {
    // §4.1 items 4-6. White pawn f7 and gold g8 (g8 is adjacent to f7).
    let pos = position(&[], "K a1, k l12, LN f6, p f7, g g8", "b", "-");
    assert_legal(&pos, "f6xf7", "§4.1.1 step capture");
    assert_legal(&pos, "f6xf7-f6", "§4.1.4 igui: capture and return");
    assert_legal(&pos, "f6xf7xg8", "§4.1.6 double capture");
    assert_legal(&pos, "f6xf7-f8", "§4.1.5 capture then move on (distance 2 from origin)");
    assert_legal(&pos, "f6xf7-e7", "§4.1.5 capture then move on (distance 1 from origin)");
    assert_legal(&pos, "f6xg8", "§4.1.2 jump capture");
    assert_legal(&pos, "f6-g7xg8", "§4.1 step to an empty square then capture");
    assert_legal(&pos, "f6-g7xf7", "§4.1 step then capture a piece adjacent to both");
    assert_illegal(&pos, "f6xg8-f6", "igui only on an adjacent square");
    insta::assert_snapshot!("lion_igui_double_capture", listing(&pos, &moves_from(&pos, "f6")));
}

#[test]
fn lion_jitto_needs_an_empty_adjacent_square() {
    // §4.1.3: jitto is only possible if some adjacent square is empty. Here
    // seven neighbours are Black golds and f7 holds a White pawn: igui is
    // possible, jitto is not.
    let pos = position(
        &[],
        "K a1, k l12, LN f6, p f7, G e5, G f5, G g5, G e6, G g6, G e7, G g7",
        "b",
        "-",
    );
    let moves = moves_from(&pos, "f6");
    assert!(
        !moves.iter().any(|m| m.starts_with("f6-") && m.ends_with("-f6")),
        "no jitto without an empty neighbour: {moves:?}"
    );
    assert_legal(&pos, "f6xf7-f6", "§4.1.4 igui still possible");
    assert_legal(&pos, "f6xf7-f8", "§4.1.5 capture then move on");
    assert_illegal(&pos, "f6xf7-e7", "the second step may not land on a friendly piece");
    assert_legal(&pos, "f6-d8", "§4.1.2 jump over friendly pieces");
    insta::assert_snapshot!("lion_no_jitto_when_surrounded", listing(&pos, &moves));

    // Completely surrounded by friendly pieces: only the 16 jumps remain.
    let pos = position(
        &[],
        "K a1, k l12, LN f6, G f7, G e5, G f5, G g5, G e6, G g6, G e7, G g7",
        "b",
        "-",
    );
    let moves = moves_from(&pos, "f6");
    assert_eq!(moves.len(), 16, "{moves:?}");
    assert!(moves.iter().all(|m| m.matches(['-', 'x']).count() == 1));
}

#[test]
fn lion_first_step_cannot_land_on_friendly_but_jump_leaps() {
    // §4.1: "the first step may not land on a friendly piece"; the jump
    // ignores what stands between. Black pawns on f7 and g7.
    let pos = position(&[], "K a1, k l12, LN f6, P f7, P g7", "b", "-");
    assert_illegal(&pos, "f6-f7", "§4 no piece may end on a friendly piece");
    assert_illegal(&pos, "f6-f7-f8", "§4.1 first step onto a friendly piece");
    assert_illegal(&pos, "f6-f7-f6", "no jitto through a friendly piece");
    assert_legal(&pos, "f6-f8", "§4.1.2 the jump leaps over f7");
    assert_legal(&pos, "f6-h8", "§4.1.2 the jump leaps over g7");
    assert_legal(&pos, "f6-e7-f8", "f8 also reached via the empty e7");
    assert_illegal(&pos, "f6-e7-f7", "the second step may not land on a friendly piece");
}

// ---------------------------------------------------------------------------
// §4.2 Linear lion moves: horned falcon and soaring eagle

#[test]
fn horned_falcon_lion_move_only_straight_forward() {
    // §4.2, §5: horned falcon slides diagonally, sideways and back; straight
    // forward it has the linear lion move only (no forward slide past f8).
    let pos = position(&[], "K b1, k l11, HF f6", "b", "-");
    assert_legal(&pos, "f6-f7", "§4.2(a) step");
    assert_legal(&pos, "f6-f8", "§4.2(b) jump to the 2nd square");
    assert_legal(&pos, "f6-f7-f8", "§4.2(c) two steps on the line");
    assert_legal(&pos, "f6-f7-f6", "§4.2(c) jitto on the line");
    assert_illegal(&pos, "f6-f9", "no forward slide");
    assert_illegal(&pos, "f6-f7-g8", "§4.2 may not turn");
    assert_illegal(&pos, "f6-f7-e7", "§4.2 may not turn");
    assert_illegal(
        &pos,
        "f6-g7-h8",
        "no lion move on the diagonals (a slide is one landing)",
    );
    assert_illegal(&pos, "f6-g7-f6", "no jitto on a diagonal");
    assert_illegal(&pos, "f6-e7-f8", "not on the line");
    assert_legal(&pos, "f6-k11", "diagonal slide");
    assert_legal(&pos, "f6-f1", "backward slide");
    assert_legal(&pos, "f6-l6", "sideways slide");
    insta::assert_snapshot!("horned_falcon_empty_board_f6", listing(&pos, &moves_from(&pos, "f6")));
}

#[test]
fn horned_falcon_igui_and_double_capture_on_its_forward_line() {
    // §4.2(c): igui and double capture along the forward line only.
    let pos = position(&[], "K b1, k l11, HF f6, p f7, p f8, p g7, p e7", "b", "-");
    assert_legal(&pos, "f6xf7", "§4.2(a) step capture");
    assert_legal(&pos, "f6xf7-f6", "§4.2(c) igui");
    assert_legal(&pos, "f6xf7xf8", "§4.2(c) double capture");
    assert_legal(&pos, "f6xf8", "§4.2(b) jump capture over f7");
    assert_illegal(&pos, "f6xf7xg7", "§4.2 may not turn");
    assert_illegal(&pos, "f6xf7xe7", "§4.2 may not turn");
    assert_legal(&pos, "f6xg7", "diagonal slide capture");
    assert_illegal(&pos, "f6xg7-f6", "no igui on a diagonal");
    assert_illegal(&pos, "f6xg7xf8", "no double capture off the forward line");
    insta::assert_snapshot!("horned_falcon_captures_f6", listing(&pos, &moves_from(&pos, "f6")));

    // A friendly piece on the first square blocks the step but not the jump.
    let pos = position(&[], "K b1, k l11, HF f6, P f7", "b", "-");
    assert_legal(&pos, "f6-f8", "§4.2(b) jump over a friendly piece");
    assert_illegal(&pos, "f6-f7-f8", "first step onto a friendly piece");
    assert_illegal(&pos, "f6-f7-f6", "no jitto through a friendly piece");
}

#[test]
fn soaring_eagle_lion_moves_on_forward_diagonals_only() {
    // §4.2, §5: soaring eagle slides F, B, L, R, BL, BR; along both forward
    // diagonals it has the linear lion move.
    let pos = position(&[], "K b1, k l11, SE f6", "b", "-");
    for (a, b) in [("g7", "h8"), ("e7", "d8")] {
        assert_legal(&pos, &format!("f6-{a}"), "§4.2(a) step");
        assert_legal(&pos, &format!("f6-{b}"), "§4.2(b) jump");
        assert_legal(&pos, &format!("f6-{a}-{b}"), "§4.2(c) two steps");
        assert_legal(&pos, &format!("f6-{a}-f6"), "§4.2(c) jitto");
    }
    assert_illegal(&pos, "f6-i9", "no slide along the forward diagonal");
    assert_illegal(&pos, "f6-g7-g8", "§4.2 may not turn");
    assert_illegal(&pos, "f6-g7-h7", "§4.2 may not turn");
    assert_illegal(&pos, "f6-f7-f6", "no jitto straight forward (a slide)");
    assert_legal(&pos, "f6-f12", "forward slide");
    assert_legal(&pos, "f6-b2", "back-left slide");
    insta::assert_snapshot!("soaring_eagle_empty_board_f6", listing(&pos, &moves_from(&pos, "f6")));
}

#[test]
fn white_soaring_eagle_igui_and_double_capture() {
    // §4.2 for White: forward is towards rank 1, so the lion diagonals of a
    // White eagle on f7 are e6-d5 and g6-h5.
    let pos = position(&[], "K a1, k l12, se f7, P g6, P h5, P e8", "w", "-");
    assert_legal(&pos, "f7xg6xh5", "§4.2(c) double capture");
    assert_legal(&pos, "f7xg6-f7", "§4.2(c) igui");
    assert_legal(&pos, "f7xh5", "§4.2(b) jump capture");
    assert_legal(&pos, "f7-e6-d5", "§4.2(c) two steps");
    assert_legal(&pos, "f7-e6-f7", "§4.2(c) jitto");
    assert_legal(&pos, "f7xe8", "back-diagonal slide capture");
    assert_illegal(&pos, "f7xe8-f7", "no igui on a back diagonal");
    assert_illegal(&pos, "f7-g8-h9", "no lion move on a back diagonal");
    assert_illegal(&pos, "f7xg6-g5", "§4.2 may not turn");
    insta::assert_snapshot!("white_soaring_eagle_f7", listing(&pos, &moves_from(&pos, "f7")));
}

// ---------------------------------------------------------------------------
// §7 Lion trading: L1-L3 and "protected"

/// Moves that capture on `target`.
fn captures_on(pos: &Position, target: &str) -> Vec<String> {
    let x = format!("x{target}");
    all_moves(pos)
        .into_iter()
        .filter(|m| {
            m.contains(&x) && {
                let i = m.find(&x).unwrap() + x.len();
                !m[i..].starts_with(|c: char| c.is_ascii_digit())
            }
        })
        .collect()
}

#[test]
fn lion_may_capture_adjacent_protected_lion() {
    // §7 L1: a lion may always capture an adjacent enemy lion, protected or
    // not, by step, by igui, or by capturing and moving on. White lion f7 is
    // protected by the White gold f8 (a White gold steps F = towards rank 1).
    // A White pawn on e7 may be taken on the way: the bridge rule (L3) is
    // for distant lions only.
    let pos = position(&[], "K a1, k l12, LN f6, ln f7, g f8, p e7", "b", "-");
    assert_legal(&pos, "f6xf7", "§7 L1 step");
    assert_legal(&pos, "f6xf7-f6", "§7 L1 igui");
    assert_legal(&pos, "f6xf7-e8", "§7 L1 capture and move on");
    assert_legal(&pos, "f6xf7xf8", "§7 L1 capture lion then the gold");
    assert_legal(
        &pos,
        "f6-g7xf7",
        "§7 L1 'adjacent' is judged from the starting square: f7 is next to f6",
    );
    assert_legal(&pos, "f6xe7xf7", "§7 L1 a pawn first, then the adjacent lion");
    insta::assert_snapshot!("l1_adjacent_protected_lion", listing(&pos, &captures_on(&pos, "f7")));
}

#[test]
fn lion_may_capture_unprotected_distant_lion() {
    // §7 L2: a non-adjacent lion that nothing protects may be taken, by the
    // jump or by two steps.
    let pos = position(&[], "K a1, k l12, LN f6, ln f8", "b", "-");
    assert_legal(&pos, "f6xf8", "§7 L2 jump");
    assert_legal(&pos, "f6-f7xf8", "§7 L2 two steps");
    assert_legal(&pos, "f6-e7xf8", "§7 L2 two steps");
    // L2 also holds when the first step captures a pawn: the bridge
    // exclusion is only for a *protected* lion (§7 L3).
    let pos = position(&[], "K a1, k l12, LN f6, ln f8, p f7", "b", "-");
    assert_legal(&pos, "f6xf7xf8", "§7 L2 unprotected: any path");
    assert_legal(&pos, "f6xf8", "§7 L2 jump");
}

#[test]
fn lion_may_not_capture_protected_distant_lion_without_bridge() {
    // §7 L3: White lion f8 protected by the White gold f9. A jump, or a step
    // through an empty square, to the protected lion is illegal.
    let pos = position(&[], "K a1, k l12, LN f6, ln f8, g f9", "b", "-");
    assert_illegal(&pos, "f6xf8", "§7 L3 jump to a protected lion");
    assert_illegal(&pos, "f6-f7xf8", "§7 L3 step through an empty square");
    assert_illegal(&pos, "f6-e7xf8", "§7 L3 step through an empty square");
    assert_illegal(&pos, "f6-g7xf8", "§7 L3 step through an empty square");
    assert_eq!(captures_on(&pos, "f8"), Vec::<String>::new());
    // The lion's other moves are unaffected.
    assert_legal(&pos, "f6-f7", "ordinary step");
    assert_legal(&pos, "f6-f7-f6", "jitto");
    // The same for White: Black's lion f5 is protected by the Black gold f4.
    let pos = position(&[], "K a1, k l12, ln f7, LN f5, G f4", "w", "-");
    assert_illegal(&pos, "f7xf5", "§7 L3 White jumping to a protected lion");
    assert_illegal(&pos, "f7-f6xf5", "§7 L3 White stepping through an empty square");
    let pos = position(&[], "K a1, k l12, ln f7, LN f5", "w", "-");
    assert_legal(&pos, "f7xf5", "§7 L2 unprotected");
}

/// The L3 position with a bridge piece on f7 (White, `bridge` its code).
fn bridge_position(opts: &[&str], bridge: &str) -> Position {
    position(opts, &format!("K a1, k l12, LN f6, ln f8, g f9, {bridge} f7"), "b", "-")
}

#[test]
fn lion_may_capture_protected_distant_lion_over_gold_bridge() {
    // §7 L3: a double capture whose first victim (the bridge) is not a pawn
    // or go-between is legal even though the lion is protected.
    let pos = bridge_position(&[], "g");
    assert_legal(&pos, "f6xf7xf8", "§7 L3 gold bridge");
    assert_illegal(&pos, "f6xf8", "§7 L3 jump still illegal");
    assert_illegal(&pos, "f6-e7xf8", "§7 L3 no bridge on this path");
    insta::assert_snapshot!("l3_gold_bridge", listing(&pos, &captures_on(&pos, "f8")));
}

#[test]
fn pawn_and_go_between_are_not_bridges() {
    // §7 L3: the bridge must not be a pawn or a go-between.
    let pos = bridge_position(&[], "p");
    assert_illegal(&pos, "f6xf7xf8", "§7 L3 pawn bridge");
    assert_legal(&pos, "f6xf7", "capturing the pawn alone is fine");
    assert_eq!(captures_on(&pos, "f8"), Vec::<String>::new());

    let pos = bridge_position(&[], "gb");
    assert_illegal(
        &pos,
        "f6xf7xf8",
        "§7 L3 go-between bridge (bridge_excludes_go_between=true)",
    );

    // §7 L3 / §10 bridge_excludes_go_between=false (the later JCSA rule):
    // the go-between becomes a valid bridge, the pawn stays excluded.
    let pos = bridge_position(&["bridge_excludes_go_between=false"], "gb");
    assert_legal(&pos, "f6xf7xf8", "§10 go-between bridge allowed");
    let pos = bridge_position(&["bridge_excludes_go_between=false"], "p");
    assert_illegal(&pos, "f6xf7xf8", "pawn still excluded");
}

#[test]
fn tokin_and_promoted_go_between_are_bridges_by_default() {
    // §7 L3 [REC]: a tokin and a drunk elephant from a go-between are valid
    // bridges; option bridge_excludes_promoted_pawn_gb=true excludes them.
    for bridge in ["+p", "+gb"] {
        let pos = bridge_position(&[], bridge);
        assert_legal(&pos, "f6xf7xf8", "§7 L3 [REC] promoted bridge");
        let pos = bridge_position(&["bridge_excludes_promoted_pawn_gb=true"], bridge);
        assert_illegal(&pos, "f6xf7xf8", "§10 bridge_excludes_promoted_pawn_gb");
    }
    // A drunk elephant that started as one is always a valid bridge.
    let pos = bridge_position(&["bridge_excludes_promoted_pawn_gb=true"], "de");
    assert_legal(&pos, "f6xf7xf8", "an original drunk elephant is no go-between");
    // Rule-file option doc: the promoted go-between is excluded only while
    // the go-between itself is.
    let pos = bridge_position(
        &[
            "bridge_excludes_promoted_pawn_gb=true",
            "bridge_excludes_go_between=false",
        ],
        "+gb",
    );
    assert_legal(&pos, "f6xf7xf8", "promoted go-between allowed with go-between allowed");
}

#[test]
fn promoted_kirin_is_a_lion_for_trading_rules() {
    // §7: the rules apply to every lion, including one from a kirin.
    let pos = position(&[], "K a1, k l12, +KN f6, +kn f8, g f9", "b", "-");
    assert_illegal(&pos, "f6xf8", "§7 L3 promoted kirin vs protected promoted kirin");
    let pos = position(&[], "K a1, k l12, LN f6, +kn f8, g f9", "b", "-");
    assert_illegal(&pos, "f6xf8", "§7 L3 victim is a lion from a kirin");
    let pos = position(&[], "K a1, k l12, +KN f6, ln f8, g f9, g f7", "b", "-");
    assert_illegal(&pos, "f6xf8", "§7 L3 mover is a lion from a kirin");
    assert_legal(&pos, "f6xf7xf8", "§7 L3 gold bridge");
    // A kirin (not yet promoted) is not a lion: it may jump onto f8.
    let pos = position(&[], "K a1, k l12, KN f6, ln f8, g f9", "b", "-");
    assert_legal(&pos, "f6xf8", "a kirin is not a lion");
}

#[test]
fn horned_falcon_and_soaring_eagle_are_not_lions_for_trading() {
    // §7: the rules apply to lions only, not to the horned falcon or the
    // soaring eagle [REC].
    let pos = position(&[], "K a1, k l12, HF f6, ln f8, g f9", "b", "-");
    assert_legal(&pos, "f6xf8", "§7 horned falcon jump onto a protected lion");
    assert_legal(&pos, "f6-f7xf8", "§7 horned falcon two steps onto a protected lion");
    let pos = position(&[], "K a1, k l12, SE f6, ln h8, g h9", "b", "-");
    assert_legal(&pos, "f6xh8", "§7 soaring eagle jump onto a protected lion");
    assert_legal(&pos, "f6-g7xh8", "§7 soaring eagle two steps onto a protected lion");
    // And a lion may take a protected distant horned falcon.
    let pos = position(&[], "K a1, k l12, LN f6, hf f8, g f9", "b", "-");
    assert_legal(&pos, "f6xf8", "§7 a horned falcon victim is no lion");
}

#[test]
fn hidden_protector_behind_lion_counts_after_move() {
    // §7 item 4: protection judged after the move counts a protector whose
    // line the capturing lion opens. The White rook on f2 is blocked by the
    // Black lion f6; once the lion leaves f6 for f8 the rook can recapture.
    let text = "K a1, k l12, LN f6, ln f8, r f2";
    let pos = position(&[], text, "b", "-");
    assert_illegal(&pos, "f6xf8", "§7.4 hidden protector (after)");
    assert_illegal(&pos, "f6-f7xf8", "§7.4 hidden protector (after)");
    assert_illegal(&pos, "f6-e7xf8", "§7.4 hidden protector (after)");
    // JCSA: judged before the move the rook does not reach f8.
    let pos = position(&["protection_judged=before"], text, "b", "-");
    assert_legal(&pos, "f6xf8", "§7.4 protection_judged=before: unprotected");
    assert_legal(&pos, "f6-f7xf8", "§7.4 protection_judged=before: unprotected");
    // after_counting_captured is "as after": the hidden rook counts.
    let pos = position(&["protection_judged=after_counting_captured"], text, "b", "-");
    assert_illegal(&pos, "f6xf8", "after_counting_captured: hidden protector");
}

#[test]
fn protector_revealed_by_capturing_the_bridge_counts() {
    // §7 item 4 (judged after the move): the White rook f2 is blocked by the
    // White pawn f7; a Black lion on g6 that takes the pawn and then the
    // lion f8 opens the file, so the lion is protected after the move and
    // the pawn bridge makes it illegal (§7 L3). Judged before, the rook does
    // not reach f8: unprotected, legal (§7 L2).
    let text = "K a1, k l12, LN g6, ln f8, p f7, r f2";
    let pos = position(&[], text, "b", "-");
    assert_illegal(&pos, "g6xf7xf8", "§7.4 after: the rook recaptures; pawn bridge");
    let pos = position(&["protection_judged=before"], text, "b", "-");
    assert_legal(&pos, "g6xf7xf8", "§7.4 before: unprotected");
    // With a gold as the bridge it is legal either way (§7 L3).
    let text = "K a1, k l12, LN g6, ln f8, g f7, r f2";
    let pos = position(&[], text, "b", "-");
    assert_legal(&pos, "g6xf7xf8", "§7 L3 gold bridge");
}

#[test]
fn captured_only_protector_bridge_legal_after_illegal_before() {
    // §7 item 4, the reference's example: the White lion f8 stands directly
    // in front of the White pawn f9, its only protector. The Black lion f10
    // takes the pawn first and then the lion.
    let text = "K a1, k l12, LN f10, ln f8, p f9";
    let pos = position(&[], text, "b", "-");
    assert_legal(&pos, "f10xf9xf8", "§7.4 judged after: nothing can recapture");
    assert_illegal(&pos, "f10xf8", "§7 L3 the pawn still protects f8 after a jump");
    assert_illegal(&pos, "f10-e9xf8", "§7 L3 the pawn still protects f8");
    let pos = position(&["protection_judged=before"], text, "b", "-");
    assert_illegal(&pos, "f10xf9xf8", "§7.4 judged before: protected, pawn bridge");
    assert_illegal(&pos, "f10xf8", "§7 L3");
    // Rule-file option value after_counting_captured (lishogi's reading, not
    // in the reference): the captured pawn still counts as a protector.
    let pos = position(&["protection_judged=after_counting_captured"], text, "b", "-");
    assert_illegal(&pos, "f10xf9xf8", "after_counting_captured: the pawn counts");
}

// ---------------------------------------------------------------------------
// §7 L4 / L5: the counter-strike rule

/// White's gold on e6 has just captured Black's lion there. White's lion
/// h8 is unprotected; Black has a rook h3 that reaches it, a gold e5 that
/// can take the White gold, and a second lion (from a kirin) on g9 next to
/// h8.
const CS: &str = "K a1, k l12, g e6, ln h8, R h3, G e5, +KN g9";

#[test]
fn counter_strike_forbids_non_lion_capturing_lion() {
    // §7 L4: the opponent's non-lion captured our lion on the previous move,
    // so our non-lion may not capture a lion now.
    let pos = position(&[], CS, "b", "G-e6xLN@e6");
    assert_illegal(&pos, "h3xh8", "§7 L4 rook may not capture the lion");
    assert_legal(&pos, "e5xe6", "§7 L4 only lion victims are restricted");
    assert_legal(&pos, "g9xh8", "§7 L4 a lion may still capture the lion");
    assert_legal(&pos, "g9-g8xh8", "§7 L4 a lion may still capture the lion");
    // Without the previous capture (§7 L4: no restriction)...
    let pos = position(&[], CS, "b", "-");
    assert_legal(&pos, "h3xh8", "§7 L4 no lion lost on the previous move");
    // ... or when the previous move captured a non-lion.
    let pos = position(&[], CS, "b", "G-e6xP@e6");
    assert_legal(&pos, "h3xh8", "§7 L4 previous capture was not a lion");
    // A horned falcon (a promoted dragon horse) is a non-lion capturer too
    // (§7, §9 Q10).
    let pos = position(&[], CS, "b", "+DH-e6xLN@e6");
    assert_illegal(&pos, "h3xh8", "§7 L4 the capturer was a horned falcon");
}

#[test]
fn counter_strike_applies_after_losing_promoted_kirin_lion() {
    // §7: a lion from a kirin is a lion; losing it to a non-lion triggers L4.
    let pos = position(&[], CS, "b", "G-e6x+KN@e6");
    assert_illegal(&pos, "h3xh8", "§7 L4 lost lion was a promoted kirin");
}

#[test]
fn counter_strike_applies_to_horned_falcon_and_soaring_eagle() {
    // §9 Q10 / §7: the horned falcon and soaring eagle are non-lions.
    let cs = "K a1, k l12, g e6, ln h8, HF h6, SE f6";
    let pos = position(&[], cs, "b", "G-e6xLN@e6");
    assert_illegal(&pos, "h6xh8", "§7 L4 horned falcon is a non-lion");
    assert_illegal(&pos, "h6-h7xh8", "§7 L4 horned falcon is a non-lion");
    assert_illegal(&pos, "f6xh8", "§7 L4 soaring eagle is a non-lion");
    let pos = position(&[], cs, "b", "-");
    assert_legal(&pos, "h6xh8", "no restriction without a lion capture");
    assert_legal(&pos, "f6xh8", "no restriction without a lion capture");
}

#[test]
fn any_piece_may_capture_lion_after_lion_takes_lion() {
    // §7 L5: our lion was captured by the enemy lion, now on e6: any piece
    // may capture it at once.
    let pos = position(&[], "K a1, k l12, ln e6, R e3", "b", "LN-e6xLN@e6");
    assert_legal(&pos, "e3xe6", "§7 L5 recapture after lion x lion");
    // The capturer was a lion from a kirin: still lion x lion.
    let pos = position(&[], "K a1, k l12, +kn e6, R e3", "b", "+KN-e6xLN@e6");
    assert_legal(&pos, "e3xe6", "§7 L5 a promoted kirin is a lion");
    // Same board but the capturer was a kirin that promoted on e6 (§7 L4
    // [REC]: it counts as a non-lion capturer).
    let pos = position(&[], "K a1, k l12, +kn e6, R e3", "b", "KN-e6xLN@e6");
    assert_illegal(&pos, "e3xe6", "§7 L4 kirin that promoted is a non-lion capturer");
}

#[test]
fn kirin_capturing_lion_and_promoting_counts_as_non_lion() {
    // §7 L4 [REC], played out: Black's kirin jumps f8xf10 taking the White
    // lion and promotes (entering the zone, §6.2). White's gold f11 may not
    // recapture the new lion; White's own lion (from a kirin) on g11 may.
    let text = "K a1, k l12, KN f8, ln f10, g f11, +kn g11";
    let mut pos = position(&[], text, "b", "-");
    assert_legal(&pos, "f8xf10=", "the kirin may also decline");
    play(&mut pos, "f8xf10+");
    assert_eq!(code_at(&pos, "f10").as_deref(), Some("+KN"));
    assert!(pos.to_text().ends_with(" w KN-f10xLN@f10"), "{}", pos.to_text());
    assert_illegal(&pos, "f11xf10", "§7 L4 non-lion may not counter-strike");
    assert_legal(&pos, "g11xf10", "§7 L4 a lion may");

    // The same after declining: the victim is then a kirin, not a lion, so
    // L4 does not restrict taking it.
    let mut pos = position(&[], text, "b", "-");
    play(&mut pos, "f8xf10=");
    assert_legal(&pos, "f11xf10", "a kirin is no lion");

    // Option counterstrike_allows_recapture: the new lion may be recaptured
    // on the capture square by any piece.
    let mut pos = position(&["counterstrike_allows_recapture=true"], text, "b", "-");
    play(&mut pos, "f8xf10+");
    assert_legal(&pos, "f11xf10", "§10 counterstrike_allows_recapture");

    // Option okazaki_counterstrike: the new lion on f10 is unprotected (no
    // Black piece can reach f10), so the gold may take it.
    let mut pos = position(&["okazaki_counterstrike=true"], text, "b", "-");
    play(&mut pos, "f8xf10+");
    assert_legal(&pos, "f11xf10", "§7 L4 Okazaki: unprotected lion");
}

#[test]
fn counterstrike_allows_recapture_only_on_the_capture_square() {
    // Option counterstrike_allows_recapture: only the piece that captured
    // (and now stands on the capture square) may be taken; another lion
    // stays protected by L4. White to move; Black's kirin took White's lion
    // on f10 and promoted; Black also has a lion on c8, reachable by White's
    // rook c12.
    let text = "K a1, k l12, +KN f10, g f11, LN c8, r c12";
    let pos = position(&["counterstrike_allows_recapture=true"], text, "w", "KN-f10xLN@f10");
    assert_legal(&pos, "f11xf10", "§10 recapture on the capture square");
    assert_illegal(&pos, "c12xc8", "§7 L4 another lion stays off limits");
    let pos = position(&[], text, "w", "KN-f10xLN@f10");
    assert_illegal(&pos, "f11xf10", "§7 L4 default");
}

#[test]
fn counter_strike_lasts_one_move() {
    // §7 L4: "The restriction lasts exactly one move (your reply)".
    let text = "K a1, k l12, KN f8, ln f10, g f11";
    let mut pos = position(&[], text, "b", "-");
    play(&mut pos, "f8xf10+");
    assert_illegal(&pos, "f11xf10", "§7 L4 reply");
    play(&mut pos, "l12-k12");
    play(&mut pos, "a1-b1");
    assert_legal(&pos, "f11xf10", "§7 L4 over after one move");
}

#[test]
fn okazaki_counterstrike_allows_capturing_unprotected_lion() {
    // §7 L4 variant / §10 okazaki_counterstrike: the counter-strike is
    // allowed against an unprotected lion.
    let opts = ["okazaki_counterstrike=true"];
    let pos = position(&opts, CS, "b", "G-e6xLN@e6");
    assert_legal(&pos, "h3xh8", "§10 Okazaki: h8 is unprotected");
    // Protected by the White gold h9: still forbidden.
    let pos = position(&opts, &format!("{CS}, g h9"), "b", "G-e6xLN@e6");
    assert_illegal(&pos, "h3xh8", "§10 Okazaki: h8 is protected");
    // Default: forbidden even if unprotected.
    let pos = position(&[], CS, "b", "G-e6xLN@e6");
    assert_illegal(&pos, "h3xh8", "§7 L4 default");
}

// ---------------------------------------------------------------------------
// §6 Promotion

fn no_promotion_choice(moves: &[String]) -> bool {
    moves.iter().all(|m| !m.ends_with('+') && !m.ends_with('='))
}

#[test]
fn entering_the_zone_offers_promotion() {
    // §6.2.1: a move from outside (rank 8) into the zone (ranks 9-12 for
    // Black) may promote or decline; moves that stay outside offer nothing.
    let pos = position(&[], "K a1, k l12, G e8", "b", "-");
    assert_legal(&pos, "e8-e9+", "§6.2.1 entering, promote");
    assert_legal(&pos, "e8-e9=", "§6.2.1 entering, decline");
    assert_illegal(&pos, "e8-e9", "a choice must be made");
    assert_legal(&pos, "e8-d8", "outside the zone");
    assert_illegal(&pos, "e8-d8+", "outside the zone");
    let moves = moves_from(&pos, "e8");
    insta::assert_snapshot!("promotion_gold_entering", listing(&pos, &moves));

    // White's zone is ranks 1-4.
    let pos = position(&[], "K a1, k l12, g e5", "w", "-");
    assert_legal(&pos, "e5-e4+", "§1.1 White's zone is ranks 1-4");
    assert_legal(&pos, "e5-e4=", "§1.1 White's zone is ranks 1-4");
    // Squares passed over do not matter, only start and end (§6.2.1).
    let pos = position(&[], "K a1, k l12, R e2", "b", "-");
    assert_legal(&pos, "e2-e10+", "§6.2.1 a long slide into the zone");
    assert_legal(&pos, "e2-e8", "outside");
}

#[test]
fn move_inside_zone_without_capture_offers_nothing() {
    // §6.2.3: a non-capturing move within the zone gives no promotion.
    let pos = position(&[], "K a1, k l12, G e10", "b", "-");
    let moves = moves_from(&pos, "e10");
    assert!(no_promotion_choice(&moves), "{moves:?}");
    assert_legal(&pos, "e10-e11", "§6.2.3 plain move in the zone");
    assert_illegal(&pos, "e10-e11+", "§6.2.3");
    insta::assert_snapshot!("promotion_gold_inside_zone", listing(&pos, &moves));
}

#[test]
fn leaving_the_zone_offers_nothing() {
    // §6.2.3: a non-capturing move out of the zone gives no promotion.
    let pos = position(&[], "K a1, k l12, R e9", "b", "-");
    let moves = moves_from(&pos, "e9");
    assert!(no_promotion_choice(&moves), "{moves:?}");
    assert_legal(&pos, "e9-e3", "§6.2.3 leaving");
    insta::assert_snapshot!("promotion_rook_leaving_zone", listing(&pos, &moves));
}

#[test]
fn capture_starting_in_zone_offers_promotion_even_ending_outside() {
    // §6.2.2 / §9 Q4: a move that starts in the zone and captures may
    // promote, wherever it ends. The Black gold e9 steps back to e8 (outside
    // the zone) capturing a White pawn, or forward-left to d10 capturing.
    let text = "K a1, k l12, G e9, p e8, p d10";
    let pos = position(&[], text, "b", "-");
    assert_legal(&pos, "e9xe8+", "§6.2.2 capture from the zone, ending outside");
    assert_legal(&pos, "e9xe8=", "§6.2.2");
    assert_legal(&pos, "e9xd10+", "§6.2.2 capture inside the zone");
    assert_legal(&pos, "e9-e10", "§6.2.3 no capture: nothing");
    insta::assert_snapshot!(
        "promotion_gold_capturing_from_zone",
        listing(&pos, &moves_from(&pos, "e9"))
    );
    // §10 capture_promotion_requires_end_in_zone=true: the capture must end
    // in the zone too.
    let pos = position(&["capture_promotion_requires_end_in_zone=true"], text, "b", "-");
    assert_legal(&pos, "e9xe8", "§10 capture ends outside: no promotion");
    assert_illegal(&pos, "e9xe8+", "§10 capture ends outside: no promotion");
    assert_legal(&pos, "e9xd10+", "§10 capture inside the zone");
    assert_legal(&pos, "e9xd10=", "§10 capture inside the zone");
}

#[test]
fn pawn_and_lance_may_promote_or_decline_on_last_rank() {
    // §6.4: a pawn or lance reaching the last rank may promote even without a
    // capture and from inside the zone; declining is legal (default
    // last_rank_forced_promotion=false).
    let text = "K a1, k l12, P e11, L g10, L i8";
    let pos = position(&[], text, "b", "-");
    assert_legal(&pos, "e11-e12+", "§6.4 pawn to the last rank");
    assert_legal(&pos, "e11-e12=", "§6.4 declining is legal");
    assert_legal(&pos, "g10-g12+", "§6.4 lance to the last rank, from the zone");
    assert_legal(&pos, "g10-g12=", "§6.4 declining is legal");
    assert_legal(&pos, "g10-g11", "§6.2.3 inside the zone, not the last rank");
    assert_illegal(&pos, "g10-g11+", "§6.2.3");
    assert_legal(&pos, "i8-i12+", "§6.2.1 entering");
    assert_legal(&pos, "i8-i12=", "§6.2.1 entering");
    insta::assert_snapshot!(
        "promotion_pawn_lance_last_rank",
        listing(
            &pos,
            &all_moves(&pos)
                .into_iter()
                .filter(|m| !m.starts_with("a1"))
                .collect::<Vec<_>>()
        )
    );

    // §10 last_rank_forced_promotion=true: only `+` on the last rank.
    let pos = position(&["last_rank_forced_promotion=true"], text, "b", "-");
    assert_legal(&pos, "e11-e12+", "§10 forced");
    assert_illegal(&pos, "e11-e12=", "§10 forced");
    assert_legal(&pos, "g10-g12+", "§10 forced");
    assert_illegal(&pos, "g10-g12=", "§10 forced");
    assert_illegal(&pos, "i8-i12=", "§10 forced");
    assert_legal(&pos, "i8-i11=", "§10 only the last rank is forced");

    // White's last rank is rank 1.
    let pos = position(&[], "K a12, k l12, p e2", "w", "-");
    assert_legal(&pos, "e2-e1+", "§6.4 White pawn to rank 1");
    assert_legal(&pos, "e2-e1=", "§6.4 White pawn to rank 1");
}

#[test]
fn pawn_and_lance_on_last_rank_are_dead() {
    // §6.4: an unpromoted pawn or lance on the last rank has no move.
    let pos = position(&[], "K a1, k l12, P e12, L g12", "b", "-");
    assert_eq!(moves_from(&pos, "e12"), Vec::<String>::new());
    assert_eq!(moves_from(&pos, "g12"), Vec::<String>::new());
}

#[test]
fn promoted_pieces_never_promote_again() {
    // §6.2.4, §6.5: a piece promotes once only. `+G` is a rook (from a gold),
    // `+GB` a drunk elephant (from a go-between), `+P` a tokin, `+KN` a lion,
    // `+DH` a horned falcon, `+B` a dragon horse.
    for code in ["+G", "+GB", "+P", "+KN", "+DH", "+B", "+R", "+FL"] {
        let pos = position(&[], &format!("K a1, k l12, {code} e8, p e10, p d10"), "b", "-");
        let moves = moves_from(&pos, "e8");
        assert!(!moves.is_empty(), "{code} has moves");
        assert!(no_promotion_choice(&moves), "{code} must not promote: {moves:?}");
    }
}

#[test]
fn king_lion_and_free_king_never_promote() {
    // §6.5: king, free king and lion do not promote.
    for code in ["K", "LN", "FK"] {
        let kings = if code == "K" { "k l12" } else { "K a1, k l12" };
        let pos = position(&[], &format!("{kings}, {code} e8, p e10, p d9"), "b", "-");
        let moves = moves_from(&pos, "e8");
        assert!(!moves.is_empty());
        assert!(no_promotion_choice(&moves), "{code} must not promote: {moves:?}");
    }
    // The crown prince (an unpromoted CP code exists in the rule file) does
    // not promote either.
    let pos = position(&[], "K a1, k l12, CP e8", "b", "-");
    assert!(no_promotion_choice(&moves_from(&pos, "e8")));
}

#[test]
fn kirin_promotes_to_lion_and_drunk_elephant_to_crown_prince() {
    // §6.5: kirin -> lion; drunk elephant -> crown prince, which is royal
    // (§5, §8.1).
    let mut pos = position(&[], "K a1, k l12, KN e8", "b", "-");
    play(&mut pos, "e8-e10+");
    assert_eq!(code_at(&pos, "e10").as_deref(), Some("+KN"));
    let ty = pos.piece_at(sq(&pos, "e10")).unwrap().1;
    assert_eq!(pos.rules().kind_of(ty).id, "lion");

    let mut pos = position(&[], "K a1, k l12, DE e8", "b", "-");
    assert_legal(&pos, "e8-e9=", "§6.1 never compulsory");
    play(&mut pos, "e8-e9+");
    assert_eq!(code_at(&pos, "e9").as_deref(), Some("+DE"));
    let ty = pos.piece_at(sq(&pos, "e9")).unwrap().1;
    let kind = pos.rules().kind_of(ty);
    assert_eq!(kind.id, "crown_prince");
    assert!(kind.tags.iter().any(|t| t == "royal"), "§5 the crown prince is royal");
}

// ---------------------------------------------------------------------------
// §8 End of the game

#[test]
fn capturing_the_only_king_ends_the_game() {
    // §8.1: with only a king, losing it loses the game.
    let mut pos = position(&[], "K a1, k f10, R f3", "b", "-");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "f3xf10=");
    let o = pos.outcome().expect("game over");
    assert_eq!(o.winner(), Some(Black));
    assert_eq!(o.black, Result3::Win);
    assert_eq!(o.reason, EndReason::Lost);
    assert_eq!(all_moves(&pos), Vec::<String>::new(), "no moves after the end");
}

#[test]
fn crown_prince_keeps_the_game_alive() {
    // §8.1: if the king is captured while a crown prince lives the game
    // continues; capturing both ends it. White's crown prince (+de) on l12.
    let mut pos = position(&[], "K a1, k f10, +de l12, R f3, R k3", "b", "-");
    play(&mut pos, "f3xf10=");
    assert_eq!(pos.outcome(), None, "§8.1 the crown prince lives");
    assert!(!all_moves(&pos).is_empty());
    play(&mut pos, "l12-k12");
    play(&mut pos, "k3xk12=");
    assert_eq!(winner(pos.outcome()), Some(Some(Black)), "§8.1 both royals gone");
}

#[test]
fn capturing_king_and_crown_prince_together_ends_the_game() {
    // §8.1 with a lion double capture of both royals in one move.
    let mut pos = position(&[], "K a1, k f9, +de f10, LN f8", "b", "-");
    play(&mut pos, "f8xf9xf10");
    assert_eq!(winner(pos.outcome()), Some(Some(Black)));
    // A crown prince alone (no king) is a live game.
    let pos = position(&[], "K a1, +de l12", "w", "-");
    assert_eq!(pos.outcome(), None, "§8.1 a crown prince alone still plays");
    assert!(!all_moves(&pos).is_empty());
}

#[test]
fn crown_prince_from_promotion_is_royal() {
    // §6.5 + §8.1 played out: Black promotes its drunk elephant, then White
    // captures Black's king: the game goes on.
    let mut pos = position(&[], "K a1, DE e8, k l12, r a12", "b", "-");
    play(&mut pos, "e8-e9+");
    play(&mut pos, "a12xa1=");
    assert_eq!(pos.outcome(), None, "§8.1 Black's new crown prince lives");
    assert_legal(&pos, "e9-e10", "the crown prince moves like a king");
}

#[test]
fn bare_king_win_when_unanswered() {
    // §8.3 (option bare_king_rule): Black's rook takes White's last
    // non-royal piece. The win is pending until White's reply; no reply
    // bares Black (the White king cannot reach f7), so Black wins.
    let opts = ["bare_king_rule=true"];
    let mut pos = position(&opts, "K a1, R f3, k l12, p f7", "b", "-");
    play(&mut pos, "f3xf7");
    assert_eq!(pos.outcome(), None, "§8.3 the opponent may still answer");
    let replies = all_moves(&pos);
    assert!(!replies.is_empty());
    for r in &replies {
        let mut p = pos.clone();
        play(&mut p, r);
        let o = p
            .outcome()
            .unwrap_or_else(|| panic!("after {r}: pending win not decided"));
        assert_eq!(o.winner(), Some(Black), "after {r}");
        assert!(matches!(o.reason, EndReason::Won(_)), "after {r}: {o:?}");
    }
}

#[test]
fn bare_king_rule_is_off_by_default() {
    // §10 bare_king_rule default false.
    let mut pos = position(&[], "K a1, R f3, k l12, p f7", "b", "-");
    play(&mut pos, "f3xf7");
    play(&mut pos, "l12-k12");
    assert_eq!(pos.outcome(), None);
}

#[test]
fn bare_king_answered_in_kind_is_a_draw() {
    // §8.3: "a player who captures every enemy piece except the royal
    // piece(s) wins, unless the opponent can bare that player's royal(s) in
    // turn on the very next move, in which case the game is drawn".
    // Black's rook takes White's last piece on k10, next to White's king,
    // which takes the rook: both sides are bare.
    let opts = ["bare_king_rule=true"];
    let mut pos = position(&opts, "K a1, R k3, k l11, p k10", "b", "-");
    play(&mut pos, "k3xk10=");
    assert_eq!(pos.outcome(), None, "§8.3 pending");
    let mut answered = pos.clone();
    play(&mut answered, "l11xk10");
    let o = answered.outcome().expect("decided after the reply");
    assert_eq!(o.black, Result3::Draw, "§8.3 answered in kind: draw, got {o:?}");
    assert_eq!(o.reason, EndReason::Answered);
    // Any other reply leaves the win standing.
    let mut other = pos.clone();
    play(&mut other, "l11-l12");
    assert_eq!(winner(other.outcome()), Some(Some(Black)));
}

#[test]
fn no_legal_moves_loses() {
    // §8.5 [REC]: a side without a legal move loses. White: king l1 boxed in
    // by its own pawns (k1 is on White's last rank, k2/l2 are blocked).
    let pos = position(&[], "K a12, k l1, p k1, p k2, p l2", "w", "-");
    assert_eq!(all_moves(&pos), Vec::<String>::new());
    assert_eq!(pos.no_moves_outcome().winner(), Some(Black));
}

// ---------------------------------------------------------------------------
// §8.4 Repetition

/// Two lions with room to pass; kings far away.
const LIONS: &str = "K a1, k l12, LN e5, ln e8";

#[test]
fn second_pass_recreating_the_position_is_illegal() {
    // §8.4 (default forbid_repeat): Black passes, then White's pass would
    // recreate the starting position with Black to move: illegal.
    let mut pos = position(&[], LIONS, "b", "-");
    assert_legal(
        &pos,
        "e5-e4-e5",
        "§8.4 a first pass creates a new position (White to move)",
    );
    play(&mut pos, "e5-e4-e5");
    for n in ["d7", "d8", "d9", "e7", "e9", "f7", "f8", "f9"] {
        assert_illegal(&pos, &format!("e8-{n}-e8"), "§8.4 second pass repeats the position");
    }
    assert_legal(&pos, "e8-e9", "§8.4 other moves are fine");
    insta::assert_snapshot!(
        "repetition_white_lion_after_black_pass",
        listing(&pos, &moves_from(&pos, "e8"))
    );
}

#[test]
fn repeating_pass_is_legal_when_in_check() {
    // §8.4 exception: a player in check (a royal attacked) may repeat. The
    // Black rook on l3 attacks White's king on l12.
    let mut pos = position(&[], "K a1, k l12, LN e5, ln e8, R l3", "b", "-");
    play(&mut pos, "e5-e4-e5");
    assert_legal(&pos, "e8-e9-e8", "§8.4 in check: the repeating pass is legal");
}

#[test]
fn repeating_pass_is_illegal_in_check_under_hachu() {
    // HaChu 0.21's reading (`repetition=hachu`): with its "Allow repeats"
    // option off (the default) its search erases every move that recreates
    // an earlier position with the same side to move, and looks at check
    // only when repeats are allowed. The position of the test above: the
    // repeating pass of the side in check is illegal here.
    let mut pos = position(&["repetition=hachu"], "K a1, k l12, LN e5, ln e8, R l3", "b", "-");
    play(&mut pos, "e5-e4-e5");
    assert_illegal(&pos, "e8-e9-e8", "HaChu: no repeat, in check or not");
    assert_legal(&pos, "e8-e9", "HaChu: other moves are fine");
}

#[test]
fn repeating_pass_is_legal_under_sennichite4() {
    // §8.4 / §10 repetition=sennichite4: repeating is allowed; the fourth
    // occurrence is a draw.
    let mut pos = position(&["repetition=sennichite4"], LIONS, "b", "-");
    play(&mut pos, "e5-e4-e5");
    assert_legal(&pos, "e8-e9-e8", "§10 sennichite4");
    play(&mut pos, "e8-e9-e8"); // start position, 2nd time
    play(&mut pos, "e5-e4-e5");
    play(&mut pos, "e8-e9-e8"); // 3rd
    play(&mut pos, "e5-e4-e5");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "e8-e9-e8"); // 4th
    let o = pos.outcome().expect("fourfold repetition");
    assert_eq!(o.black, Result3::Draw);
    assert_eq!(o.reason, EndReason::Repetition);
}

#[test]
fn rook_shuffle_recreating_a_position_is_illegal() {
    // §8.4: a move may not produce a position (pieces and side to move) that
    // has already occurred. White to move first; both rooks shuffle.
    let text = "K a1, R c3, k l12, r j10";
    let mut pos = position(&[], text, "w", "-");
    play(&mut pos, "j10-j9");
    play(&mut pos, "c3-c4");
    play(&mut pos, "j9-j10");
    assert_illegal(&pos, "c4-c3", "§8.4 recreates the starting position (White to move)");
    assert_legal(&pos, "c4-c5", "§8.4 a new position");
    // Had White not returned, c4-c3 would be fine.
    let mut pos = position(&[], text, "w", "-");
    play(&mut pos, "j10-j9");
    play(&mut pos, "c3-c4");
    play(&mut pos, "j9-j8");
    assert_legal(&pos, "c4-c3", "§8.4 not a repetition");
}

#[test]
fn repeating_pass_is_legal_when_crown_prince_is_attacked() {
    // §8.4 exception with the crown prince as the attacked royal (§8.1): the
    // Black rook on l3 attacks White's crown prince on l12; White's king is
    // safe on a12.
    let mut pos = position(&[], "K a1, k a12, +de l12, LN e5, ln e8, R l3", "b", "-");
    play(&mut pos, "e5-e4-e5");
    assert_legal(&pos, "e8-e9-e8", "§8.4 a royal is attacked");
}

#[test]
fn no_check_rule() {
    // §1: there is no check rule. A king may move onto an attacked square,
    // and a side may leave its king attacked.
    let pos = position(&[], "K a1, G e1, k l12, r b12", "b", "-");
    assert_legal(&pos, "a1-b1", "§1 the king may step into the rook's file");
    let pos = position(&[], "K a1, G e1, k l12, r a12", "b", "-");
    assert_legal(&pos, "e1-e2", "§1 a move that ignores the attack on the king");
}

#[test]
fn xboard_repetition_fourth_occurrence_loses_for_its_creator() {
    // §8.4 / §10 repetition=xboard: "other repetitions lose for the side that
    // creates them". Both lions pass; the start position (Black to move)
    // occurs for the fourth time after White's third pass.
    let mut pos = position(&["repetition=xboard"], LIONS, "b", "-");
    for _ in 0..2 {
        play(&mut pos, "e5-e4-e5");
        play(&mut pos, "e8-e9-e8");
    }
    play(&mut pos, "e5-e4-e5");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "e8-e9-e8");
    let o = pos.outcome().expect("fourfold repetition");
    assert_eq!(o.winner(), Some(Black), "§8.4 White created the repetition: {o:?}");
    assert_eq!(o.reason, EndReason::Repetition);
}

#[test]
fn xboard_repetition_perpetual_check_loses() {
    // §8.4 / §10 repetition=xboard: "perpetual checking loses on the 4-fold
    // repetition". Black's rook l3 attacks White's king after every Black
    // move (Black passes); White, in check each time, creates the repetition
    // but Black, the perpetual checker, loses.
    let mut pos = position(&["repetition=xboard"], "K a1, k l12, LN e5, ln e8, R l3", "b", "-");
    for _ in 0..3 {
        play(&mut pos, "e5-e4-e5");
        play(&mut pos, "e8-e9-e8");
    }
    let o = pos.outcome().expect("fourfold repetition");
    assert_eq!(o.winner(), Some(White), "§8.4 perpetual check by Black: {o:?}");
}

#[test]
fn xboard_repetition_intermittent_check_is_not_perpetual() {
    // §8.4 / §10 repetition=xboard: only *perpetual* checking loses; "other
    // repetitions lose for the side that creates them". Black's rook
    // alternates between l3 (checking the king l12) and k3 (no check); White
    // passes. The start position (Black to move, rook on l3) comes back a
    // fourth time by White's pass, made while in check, but Black gave check
    // on only every other move: White, the creator, loses.
    let mut pos = position(&["repetition=xboard"], "K a1, k l12, ln e8, R l3", "b", "-");
    for _ in 0..3 {
        play(&mut pos, "l3-k3");
        play(&mut pos, "e8-e9-e8");
        play(&mut pos, "k3-l3");
        play(&mut pos, "e8-e9-e8");
    }
    let o = pos.outcome().expect("fourfold repetition");
    assert_eq!(o.reason, EndReason::Repetition);
    assert_eq!(o.winner(), Some(Black), "§8.4 White created the repetition: {o:?}");
}
