//! Dai-dai shogi rule scenarios.
//!
//! Each test builds a small position that isolates one rule of the
//! project's rules reference (`shared/reference/dai-dai-shogi.md`, cited as
//! §) and asserts which moves are legal. The expectations come from the
//! reference text, not from what the interpreter happens to do. Snapshots
//! (`tests/snapshots/dai_dai_rules__*.snap`) list the full legal moves of
//! the key piece for a reviewer to check by hand.
//!
//! Positions are written as piece lists (`"K a1, k q17, LD i9"`: upper case
//! Black, lower case White, `+CODE` a promoted piece under its original
//! code). Kings stand on a1 (Black) and q17 (White) unless a test needs them
//! elsewhere, out of reach of the pieces under test.

use gunbai::unstable::board::Colour::{Black, White};
use gunbai::unstable::position::{EndReason, Position};
use gunbai::unstable::ruleset::{Result3, Ruleset};
use std::collections::BTreeMap;

mod common;
use common::*;
use std::sync::Arc;

// ---------------------------------------------------------------------------
// Helpers

fn rules(opts: &[&str]) -> Arc<Ruleset> {
    variant_with("dai_dai", opts)
}

/// A position from a piece list like `"K a1, k q17, +EBA i9"` and the side
/// to move.
fn position(opts: &[&str], pieces: &str, side: &str) -> Position {
    variant_position("dai_dai", opts, pieces, side)
}

/// Moves listed more than once (the same path made by two alternatives).
fn duplicates(moves: &[String]) -> Vec<String> {
    let mut d: Vec<String> = moves
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| w[0].clone())
        .collect();
    d.dedup();
    d
}

/// The kind id the piece on a square moves as.
fn kind_at(pos: &Position, name: &str) -> String {
    let (_, ty) = pos
        .piece_at(sq(pos, name))
        .unwrap_or_else(|| panic!("no piece on {name}"));
    pos.rules().kind_of(ty).id.clone()
}

/// The landing squares of a move text (`i9xi10-i11+` -> [i10, i11]).
fn landings(text: &str) -> Vec<String> {
    let body = text.trim_end_matches(['+', '=']);
    body.split(['-', 'x']).skip(1).map(str::to_string).collect()
}

/// (file, rank) offsets of a square from another, from Black's side.
fn offset(from: &str, to: &str) -> (i32, i32) {
    let f = |s: &str| i32::from(s.as_bytes()[0]);
    let r = |s: &str| s[1..].parse::<i32>().unwrap();
    (f(to) - f(from), r(to) - r(from))
}

// ---------------------------------------------------------------------------
// §5.5 Hook mover

#[test]
fn hook_mover_turns_once_at_an_empty_square() {
    // §5.5, §10 Q4. White pawn on i11 (forward line), Black pawn on l9
    // (right line), White pawn on f10 (on the line of a turn at i10).
    let pos = position(&[], "K a1, k q17, HM i9, p i11, P l9, p f10", "b");
    assert_legal(&pos, "i9-i10", "§5.5 a plain rook move (turning is optional)");
    assert_legal(&pos, "i9xi11", "§5.5 a plain rook capture");
    assert_legal(&pos, "i9-i10-h10", "§5.5 turn at the empty i10");
    assert_legal(&pos, "i9-i10-q10", "§5.5 turn, then range on any distance");
    assert_legal(&pos, "i9-i10xf10", "§5.5 a capture after the turn");
    assert_illegal(&pos, "i9-i10-e10", "the second leg is blocked by f10");
    assert_illegal(
        &pos,
        "i9xi11-h11",
        "§5.5 no turn after a capture: a capture ends the move",
    );
    assert_illegal(&pos, "i9-i12", "a slide stops at the first piece");
    assert_legal(&pos, "i9-k9-k10", "§5.5 turn before the friendly pawn");
    assert_illegal(&pos, "i9-l9", "no landing on a friendly piece");
    assert_illegal(&pos, "i9-l9-l10", "§10 Q4 the turn square must be empty");
    assert_illegal(&pos, "i9-i10-i9", "§10 Q4 a 180° reversal is not a turn");
    assert_illegal(&pos, "i9-i10-j11", "the turn is 90°, not 45°");
    let moves = moves_from(&pos, "i9");
    assert!(duplicates(&moves).is_empty(), "{:?}", duplicates(&moves));
    for m in &moves {
        let l = landings(m);
        assert!(l.len() <= 2, "{m}: at most one turn");
        assert!(m.matches('x').count() <= 1, "{m}: at most one capture");
        if l.len() == 2 {
            assert!(
                !m[..m.rfind(['-', 'x']).unwrap()].contains('x'),
                "{m}: no capture before the turn"
            );
        }
    }
    insta::assert_snapshot!("hook_mover_turns", listing(&pos, &moves));
}

#[test]
fn hook_mover_on_an_empty_board() {
    // §5.5: 32 straight moves, and from each of those 32 empty squares a
    // turn each way along the perpendicular line (16 squares): 32 + 512.
    let pos = position(&[], "K a1, k q17, HM i9", "b");
    let moves = moves_from(&pos, "i9");
    // a1 is Black's own king: the turn at i1 going left and the one at a9
    // going back stop before it.
    assert_eq!(moves.len(), 32 + 32 * 16 - 2);
    assert!(duplicates(&moves).is_empty());
}

// ---------------------------------------------------------------------------
// §5.5, §10 Q3 Long-nosed goblin

#[test]
fn long_nosed_goblin_hooks_diagonally() {
    // §5.5: the hook move on the diagonals. White pawns on k11 (on the FR
    // line) and k13 (on the FR line of a turn at h10).
    let pos = position(&[], "K a1, k q17, LO i9, p k11, p k13", "b");
    assert_legal(&pos, "i9-j10-k9", "turn at the empty j10 (FR then BR)");
    assert_legal(&pos, "i9-j10-e15", "turn at j10, then range FL");
    assert_legal(&pos, "i9xk11", "a plain diagonal capture");
    assert_illegal(&pos, "i9xk11-l10", "§5.5 no turn after a capture");
    assert_legal(&pos, "i9-h10xk13", "a capture after the turn");
    assert_illegal(&pos, "i9-h10-l14", "the second leg stops at k13");
    assert_illegal(&pos, "i9-h10-g11", "going on in the same direction is not a turn");
    assert_illegal(&pos, "i9-i10", "§10 Q3 default: no orthogonal step (seed 003)");
    assert_illegal(&pos, "i9-j10-k10", "the turn is 90°");
    let moves = moves_from(&pos, "i9");
    assert!(duplicates(&moves).is_empty());
    insta::assert_snapshot!("long_nosed_goblin_hooks", listing(&pos, &moves));
}

#[test]
fn long_nosed_goblin_is_colour_bound_without_the_orthogonal_step() {
    // §10 Q3: without the step the goblin keeps its square colour; the
    // option goblin_orthogonal_step = true adds the four orthogonal steps.
    let colour = |s: &str| {
        let (df, dr) = offset("i9", s);
        (df + dr).rem_euclid(2)
    };
    let off = moves_from(&position(&[], "K a1, k q17, LO i9", "b"), "i9");
    for m in &off {
        for l in landings(m) {
            assert_eq!(colour(&l), 0, "{m}: left the goblin's colour");
        }
    }
    let on_pos = position(&["goblin_orthogonal_step=true"], "K a1, k q17, LO i9", "b");
    let on = moves_from(&on_pos, "i9");
    assert_eq!(on.len(), off.len() + 4);
    for s in ["i10", "i8", "h9", "j9"] {
        assert_legal(&on_pos, &format!("i9-{s}"), "§5.5 option: orthogonal step");
    }
    assert_illegal(&on_pos, "i9-i11", "only one square orthogonally");
    assert_illegal(&on_pos, "i9-i10-j11", "the step does not start a hook move");
}

// ---------------------------------------------------------------------------
// §5.2 Lion dog

#[test]
fn lion_dog_has_ten_paths_along_each_line() {
    // §5.2 (a)-(e) along the forward line from i9 (S1 = i10, S2 = i11,
    // S3 = i12), on an empty board.
    let pos = position(&[], "K a1, k q17, LD i9", "b");
    let moves = moves_from(&pos, "i9");
    assert_eq!(moves.len(), 8 * 10, "§5.2: 10 path shapes on each of 8 lines");
    assert!(duplicates(&moves).is_empty());
    let mut forward: Vec<&str> = moves
        .iter()
        .filter(|m| {
            landings(m)
                .iter()
                .all(|l| l.starts_with('i') && l[1..].parse::<u32>().unwrap() >= 9)
        })
        .map(String::as_str)
        .collect();
    forward.sort();
    let mut expected = vec![
        "i9-i10",         // (a) S1
        "i9-i10-i9",      // (b) S1 and back: jitto (a pass)
        "i9-i10-i11",     // (c) S1-S2
        "i9-i11",         // (c) jump over S1 to S2
        "i9-i10-i11-i10", // (d) S1-S2-S1
        "i9-i11-i10",     // (d) jump to S2, back to S1
        "i9-i10-i11-i12", // (e) three steps
        "i9-i10-i12",     // (e) S1, jump over S2
        "i9-i11-i12",     // (e) jump over S1, step to S3
        "i9-i12",         // (e) jump over S1 and S2
    ];
    expected.sort();
    assert_eq!(forward, expected);
    // §10 Q5: reversals only S1 -> origin and S2 -> S1, within 3 steps.
    assert_illegal(&pos, "i9-i10-i11-i10-i9", "more than 3 steps");
    assert_illegal(&pos, "i9-i11-i10-i9", "back home from S2 takes more than 3 steps");
    assert_illegal(&pos, "i9-i12-i11", "no reversal from S3");
    assert_illegal(&pos, "i9-i10-j11", "§5.2 one line only");
    assert_illegal(&pos, "i9-i10-i9-i8", "no continuing through the origin");
    for m in &moves {
        let l = landings(m);
        assert!(l.len() <= 3, "{m}");
        for s in &l {
            let (df, dr) = offset("i9", s);
            assert!(df == 0 || dr == 0 || df.abs() == dr.abs(), "{m}: off the lines");
            assert!(df.abs().max(dr.abs()) <= 3, "{m}: beyond S3");
        }
    }
    insta::assert_snapshot!("lion_dog_empty_board", listing(&pos, &moves));
}

#[test]
fn lion_dog_captures_up_to_three_and_igui() {
    // §5.2: every enemy on a landed square is captured, up to three; it may
    // capture on S1 and return (igui), or capture on S1 and S2 and step back
    // to S1.
    let pos = position(&[], "K a1, k q17, LD i9, p i10, p i11, p i12", "b");
    assert_legal(&pos, "i9xi10xi11xi12+", "§5.2 (e) three captures, one promotion (§7.1)");
    assert_legal(&pos, "i9xi10-i9+", "§5.2 (b) igui on S1");
    assert_legal(&pos, "i9xi10xi11-i10+", "§5.2 (d) two captures, back to S1");
    assert_legal(&pos, "i9xi11+", "§5.2 (c) jump over the enemy on S1, capturing only S2");
    assert_legal(
        &pos,
        "i9xi12+",
        "§5.2 (e) jump over S1 and S2 (lion_dog_jump_any default)",
    );
    assert_legal(&pos, "i9xi10xi12+", "§5.2 (e) capture S1, jump over S2 to S3");
    assert_legal(&pos, "i9xi11xi12+", "§5.2 (e) jump to S2, step to S3");
    assert_legal(&pos, "i9xi11xi10+", "§5.2 (d) jump to S2, back to S1 capturing it");
    let mut p = pos.clone();
    play(&mut p, "i9xi10xi11xi12+");
    for s in ["i10", "i11"] {
        assert_eq!(code_at(&p, s), None, "{s} captured and left");
    }
    assert_eq!(code_at(&p, "i12").as_deref(), Some("+LD"));
    insta::assert_snapshot!("lion_dog_captures", listing(&pos, &moves_from(&pos, "i9")));
}

#[test]
fn lion_dog_jumps_over_pieces_but_never_lands_on_friends() {
    // §5.2, §8: jumps pass over anything; a friendly piece on S1 blocks the
    // steps through it, on S2 the landings there.
    let pos = position(&[], "K a1, k q17, LD i9, P i10, P i12", "b");
    assert_illegal(&pos, "i9-i10", "no landing on a friend");
    assert_legal(&pos, "i9-i11", "§5.2 (c) jump over the friend on S1");
    assert_illegal(&pos, "i9-i11-i10", "(d) would land on the friend on S1");
    assert_illegal(&pos, "i9-i11-i12", "(e) would land on the friend on S3");
    assert_illegal(&pos, "i9-i12", "(e) would land on the friend on S3");
    let pos = position(&[], "K a1, k q17, LD i9, P i11", "b");
    assert_illegal(&pos, "i9-i10-i11", "no landing on the friend on S2");
    assert_legal(&pos, "i9-i10-i12", "§5.2 (e) step to S1, jump over the friend on S2");
    assert_legal(&pos, "i9-i12", "§5.2 (e) jump over S1 and the friend on S2");
    assert_illegal(&pos, "i9-i11", "no landing on a friend");
}

#[test]
fn lion_dog_jitto_needs_an_empty_first_square() {
    // §8: a pass (jitto) only by stepping to an empty S1 and back. All
    // eight neighbours are friendly: no pass, only jumps remain (S2, S2-S3,
    // S3 on each line).
    let ring = "G h8, G h9, G h10, G i8, G i10, G j8, G j9, G j10";
    let pos = position(&[], &format!("K a1, k q17, LD i9, {ring}"), "b");
    let moves = moves_from(&pos, "i9");
    assert!(!moves.iter().any(|m| m.ends_with("-i9")), "{moves:?}");
    assert_eq!(moves.len(), 8 * 3, "{moves:?}");
    // An enemy on S1: stepping there and back is igui (a capture), not a
    // pass.
    let pos = position(&[], "K a1, k q17, LD i9, p i10", "b");
    assert_legal(&pos, "i9xi10-i9+", "§5.2 (b) igui");
    assert_legal(&pos, "i9-h9-i9", "§5.2 (b) jitto over the empty h9");
}

// ---------------------------------------------------------------------------
// §5.1, §8 Lion: no lion-trading restrictions

#[test]
fn lion_has_no_trading_restrictions() {
    // §5.1, §8: unlike chu shogi, a lion may take a protected lion two
    // squares away, without a bridge.
    let pos = position(&[], "K a1, k q17, LN i9, ln i11, g i12", "b");
    assert_legal(
        &pos,
        "i9xi11+",
        "§8 no protected-lion rule; the capture promotes (§7.1)",
    );
    assert_legal(&pos, "i9-i10xi11+", "§8 two steps to the protected lion");
    assert!(
        pos.rules().restrictions.is_empty(),
        "dai-dai has no capture restrictions"
    );
    // No counter-strike rule: White's rook takes Black's lion, then Black's
    // rook may take White's lion at once.
    let mut pos = position(&[], "K a1, k q17, LN i9, ln c9, r i15, R c1", "w");
    play(&mut pos, "i15xi9");
    assert_legal(
        &pos,
        "c1xc9",
        "§8 a non-lion may take a lion right after losing its own",
    );
    let pos = position(&[], "K a1, k q17, LN i9", "b");
    assert_eq!(
        moves_from(&pos, "i9").len(),
        88,
        "§5.1 as in chu: 16 jumps, 8 steps, 64 two-step paths"
    );
}

// ---------------------------------------------------------------------------
// §5.3 Furious fiend

#[test]
fn furious_fiend_moves_as_a_lion_or_a_lion_dog() {
    // §5.3: the lion's 88 paths plus the lion dog's shapes the lion lacks
    // (S1-S2-S1, S1-S2-S3, S1 then a jump to S3, a jump to S2 then S1 or S3,
    // a jump to S3): 88 + 6 x 8.
    let pos = position(&[], "K a1, k q17, FF i9", "b");
    let moves = moves_from(&pos, "i9");
    assert_eq!(moves.len(), 88 + 6 * 8);
    assert!(duplicates(&moves).is_empty(), "{:?}", duplicates(&moves));
    assert_legal(&pos, "i9-j11", "§5.1 lion jump (knight's offset)");
    assert_legal(&pos, "i9-i10-j11", "§5.1 two king steps that turn");
    assert_legal(&pos, "i9-i10-i11-i12", "§5.2 three steps on a line");
    assert_legal(&pos, "i9-i12", "§5.2 jump to S3");
    assert_legal(&pos, "i9-i11-i10", "§5.2 (d) jump to S2, back to S1");
    assert_illegal(&pos, "i9-i10-j11-k12", "three steps must stay on one line");
    assert_illegal(&pos, "i9-k12", "not a lion or lion-dog square");
    // A promoted lion (+LN) is a furious fiend and moves the same.
    let promoted = position(&[], "K a1, k q17, +LN i9", "b");
    assert_eq!(kind_at(&promoted, "i9"), "furious_fiend");
    assert_eq!(moves_from(&promoted, "i9").len(), moves.len());
    insta::assert_snapshot!("furious_fiend_empty_board", listing(&pos, &moves));
}

// ---------------------------------------------------------------------------
// §5.4 Great elephant

#[test]
fn great_elephant_has_no_lion_dog_power_diagonally_forward() {
    // §5.4: FL/FR only range up to 2; on the other six lines it ranges and
    // has the lion dog's moves.
    let pos = position(&[], "K a1, k q17, GE i9, P j10, P j8, P i10, p h8", "b");
    assert_illegal(&pos, "i9-k11", "§5.4 no jump diagonally forward over j10");
    assert_legal(&pos, "i9-h10", "§5.4 FL range");
    assert_legal(&pos, "i9-g11", "§5.4 FL range up to 2");
    assert_illegal(&pos, "i9-f12", "§5.4 FL at most 2");
    assert_illegal(&pos, "i9-h10-g11", "§5.4 no lion-dog steps diagonally forward");
    assert_illegal(&pos, "i9-h10-i9", "§5.4 no lion-dog pass diagonally forward");
    assert_legal(&pos, "i9-k7", "§5.4 lion-dog jump BR over the friend on j8");
    assert_legal(&pos, "i9-l6", "§5.4 lion-dog jump BR to S3");
    assert_legal(&pos, "i9-i11", "§5.4 lion-dog jump F over the friend on i10");
    assert_legal(&pos, "i9-i12", "§5.4 lion-dog jump F to S3");
    assert_illegal(
        &pos,
        "i9-i13",
        "a slide cannot pass the friend on i10; a jump reaches S3 only",
    );
    assert_legal(&pos, "i9xh8-i9", "§5.4 igui BL");
    assert_legal(&pos, "i9xh8-g7", "§5.4 capture S1 (BL), step on to S2");
    assert_legal(&pos, "i9-h9-i9", "§5.4 jitto sideways");
    let moves = moves_from(&pos, "i9");
    for m in &moves {
        let l = landings(m);
        if l.len() > 1 || offset("i9", &l[0]).0.abs().max(offset("i9", &l[0]).1.abs()) > 2 {
            let (df, dr) = offset("i9", &l[0]);
            assert!(!(dr > 0 && df != 0), "{m}: lion-dog move diagonally forward");
        }
    }
    insta::assert_snapshot!("great_elephant_blocked", listing(&pos, &moves));
}

#[test]
fn great_elephant_slide_and_jump_to_the_same_square_are_one_move() {
    // On its six lion-dog lines the great elephant's jump to S2 or S3 over
    // empty squares is the same path as its slide there: one move (a move
    // is its path), listed once.
    let pos = position(&[], "K a1, k q17, GE i9", "b");
    let moves = moves_from(&pos, "i9");
    assert!(duplicates(&moves).is_empty(), "{:?}", duplicates(&moves));
    // Slides: 32 orthogonal + 15 back-diagonal (a1 is Black's king) + 4
    // forward-diagonal; lion-dog paths other than single landings: 7 x 6.
    assert_eq!(moves.len(), 32 + 15 + 4 + 7 * 6);
    // Under great_dragon = ja the great dragon's sideways jumps coincide
    // with its sideways slides in the same way.
    let gd = position(&["great_dragon=ja"], "K a1, k q17, GD i9", "b");
    assert!(duplicates(&moves_from(&gd, "i9")).is_empty());
}

// ---------------------------------------------------------------------------
// §7 Promotion by capture

#[test]
fn promotion_table_has_the_21_kinds_of_the_reference() {
    // §7.1, §7.2.
    let r = rules(&[]);
    let mut got = BTreeMap::new();
    for k in &r.kinds {
        if let Some(t) = k.promotes_to {
            got.insert(k.id.as_str(), r.kinds[t].id.as_str());
        }
    }
    let expected: BTreeMap<&str, &str> = [
        ("blind_monkey", "mountain_witch"),
        ("old_rat", "wizard_stork"),
        ("lion_dog", "great_elephant"),
        ("lion", "furious_fiend"),
        ("enchanted_badger", "dove"),
        ("enchanted_fox", "she_devil"),
        ("kirin", "great_dragon"),
        ("phoenix", "golden_bird"),
        ("western_barbarian", "lion_dog"),
        ("eastern_barbarian", "lion"),
        ("southern_barbarian", "white_elephant"),
        ("northern_barbarian", "fragrant_elephant"),
        ("neighboring_king", "standard_bearer"),
        ("cat_sword", "dragon_horse"),
        ("flying_dragon", "dragon_king"),
        ("water_buffalo", "free_dream_eater"),
        ("rushing_bird", "free_demon"),
        ("prancing_stag", "square_mover"),
        ("flying_horse", "free_king"),
        ("old_kite", "long_nosed_goblin"),
        ("poisonous_snake", "hook_mover"),
    ]
    .into_iter()
    .collect();
    assert_eq!(got, expected);
    assert_eq!(r.kinds.len(), 68, "§1: 64 starting kinds + 4 promotion-only kinds");
}

#[test]
fn capture_promotes_compulsorily_anywhere() {
    // §7.1: no zone; a capture by a promotable piece promotes it at the end
    // of the move, wherever it is, and it cannot decline.
    let pos = position(&[], "K a1, k q17, CS c3, p d4", "b");
    let moves = moves_from(&pos, "c3");
    assert_eq!(
        moves,
        ["c3-b2", "c3-b4", "c3-d2", "c3xd4+"],
        "§7.1 compulsory, no '=' choice"
    );
    let mut p = pos.clone();
    play(&mut p, "c3xd4+");
    assert_eq!(code_at(&p, "d4").as_deref(), Some("+CS"));
    assert_eq!(kind_at(&p, "d4"), "dragon_horse");
    // A non-capturing move into the far ranks offers nothing (no zone).
    let pos = position(&[], "K a1, k q17, CS c15", "b");
    assert!(moves_from(&pos, "c15").iter().all(|m| !m.ends_with(['+', '='])));
    insta::assert_snapshot!("promotion_cat_sword", listing(&pos, &moves_from(&pos, "c15")));
}

#[test]
fn igui_and_multi_capture_promote_once() {
    // §7.1: igui counts; several captures give one promotion.
    let mut pos = position(&[], "K a1, k q17, LN i9, p i10, p i11", "b");
    assert_legal(&pos, "i9xi10-i9+", "§7.1 igui promotes");
    assert_illegal(&pos, "i9xi10-i9", "§7.1 compulsory");
    assert_legal(&pos, "i9xi10xi11+", "§7.1 a double capture promotes once");
    play(&mut pos, "i9xi10-i9+");
    assert_eq!(code_at(&pos, "i9").as_deref(), Some("+LN"));
    assert_eq!(kind_at(&pos, "i9"), "furious_fiend");
    assert_eq!(code_at(&pos, "i10"), None);
    // A jitto (no capture) does not promote.
    let pos = position(&[], "K a1, k q17, LN i9", "b");
    assert_legal(&pos, "i9-i10-i9", "§8 a pass, no promotion");
}

#[test]
fn kinds_that_do_not_promote_never_do() {
    // §7.1: a pawn, lance, iron, stone or wood general on the last rank
    // stays there, immobile; a capture by a non-promotable piece offers no
    // promotion.
    let pos = position(
        &[],
        "K a1, k a17, P c16, p c17, L e12, SG g16, I k16, W m15, R q2, p q9",
        "b",
    );
    let moves = all_moves(&pos);
    assert!(moves.iter().all(|m| !m.ends_with(['+', '='])), "{moves:?}");
    assert_legal(
        &pos,
        "c16xc17",
        "§7.1 the pawn captures on the last rank and stays a pawn",
    );
    assert_legal(&pos, "e12-e17", "§7.1 the lance reaches the last rank");
    assert_legal(&pos, "q2xq9", "§7.1 a rook's capture does not promote");
    let mut pos = pos;
    play(&mut pos, "c16xc17");
    assert_eq!(code_at(&pos, "c17").as_deref(), Some("P"));
    play(&mut pos, "a17-b17");
    assert_eq!(
        moves_from(&pos, "c17"),
        Vec::<String>::new(),
        "§7.1 immobile on the last rank"
    );
    play(&mut pos, "g16-h17");
    play(&mut pos, "b17-a17");
    assert_eq!(
        moves_from(&pos, "h17"),
        Vec::<String>::new(),
        "stone general on the last rank"
    );
    insta::assert_snapshot!("non_promotable_last_rank", listing(&pos, &all_moves(&pos)));
}

#[test]
fn promoted_pieces_promote_again_only_without_single_promotion() {
    // §7.3, §10 Q1: a lion from an eastern barbarian (+EBA) captures but
    // stays a lion; with single_promotion = false it becomes a furious
    // fiend (++EBA). The same for a lion dog from a western barbarian.
    let pos = position(&[], "K a1, k q17, +EBA i9, p i10, +WBA c3, p c4", "b");
    assert_eq!(kind_at(&pos, "i9"), "lion");
    assert_eq!(kind_at(&pos, "c3"), "lion_dog");
    assert_legal(&pos, "i9xi10", "§7.3 no second promotion");
    assert_illegal(&pos, "i9xi10+", "§7.3 no second promotion");
    assert_legal(&pos, "c3xc4", "§7.3 no second promotion");
    assert!(all_moves(&pos).iter().all(|m| !m.ends_with('+')));

    let opts = ["single_promotion=false"];
    let mut pos = position(&opts, "K a1, k q17, +EBA i9, p i10, +WBA c3, p c4", "b");
    assert_legal(&pos, "i9xi10+", "§10 Q1 option: a second promotion");
    assert_illegal(&pos, "i9xi10", "still compulsory");
    play(&mut pos, "i9xi10+");
    assert_eq!(code_at(&pos, "i10").as_deref(), Some("++EBA"));
    assert_eq!(kind_at(&pos, "i10"), "furious_fiend");
    play(&mut pos, "q17-p17");
    play(&mut pos, "c3xc4+");
    assert_eq!(code_at(&pos, "c4").as_deref(), Some("++WBA"));
    assert_eq!(kind_at(&pos, "c4"), "great_elephant");
    // A furious fiend or great elephant has nowhere further to go.
    let pos = position(&opts, "K a1, k q17, +LN i9, p i10, +LD c3, p c4", "b");
    assert!(all_moves(&pos).iter().all(|m| !m.ends_with('+')));
}

#[test]
fn zone_option_promotes_by_choice_in_the_enemy_camp() {
    // §7.4, option zone_ranks = 6: the enemy camp is the far six ranks (12
    // to 17 for Black); a promotable piece may promote on a move that
    // starts or ends there; a capture elsewhere does not promote.
    let opts = ["zone_ranks=6"];
    let pos = position(&opts, "K a1, k q17, CS c10, p d9, PR h11", "b");
    assert_legal(&pos, "c10-d11", "outside the camp: no choice");
    assert_legal(
        &pos,
        "c10xd9",
        "§7.4 camps: a capture outside the camp does not promote",
    );
    assert_legal(&pos, "h11-i12+", "§7.4 entering the camp: promote");
    assert_legal(&pos, "h11-i12=", "§7.4 or decline");
    assert_legal(&pos, "h11-g10", "outside the camp: nothing");
    let pos = position(&opts, "K a1, k q17, PR h12", "b");
    assert_legal(&pos, "h12-g11+", "§7.4 a move starting in the camp may promote");
    assert_legal(&pos, "h12-g11=", "§7.4 or decline");
    // Default: no zone.
    let pos = position(&[], "K a1, k q17, PR h11", "b");
    assert_legal(&pos, "h11-i12", "§7.1 no zone by default");
}

// ---------------------------------------------------------------------------
// §2 Victory

#[test]
fn capturing_the_king_ends_the_game() {
    // §2: the king is the only royal piece; taking it wins at once.
    let mut pos = position(&[], "K a1, k i17, NK c3, R i2", "b");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "i2xi17");
    let o = pos.outcome().expect("game over");
    assert_eq!(o.winner(), Some(Black));
    assert_eq!(o.black, Result3::Win);
    assert_eq!(o.reason, EndReason::Lost);
    assert_eq!(all_moves(&pos), Vec::<String>::new(), "no moves after the end");
    // §10 Q2: a promotable piece that takes the king promotes; the game
    // ends all the same.
    let mut pos = position(&[], "K a1, k i10, LN i9", "b");
    play(&mut pos, "i9xi10+");
    assert_eq!(winner(&pos), Some(Black));
    // The neighboring king is not royal.
    let mut pos = position(&[], "K a1, k q17, nk c4, R c2", "b");
    play(&mut pos, "c2xc4");
    assert_eq!(pos.outcome(), None, "§2 only the king is royal");
    // White captures Black's king.
    let mut pos = position(&[], "K a1, k q17, r a9", "w");
    play(&mut pos, "a9xa1");
    assert_eq!(winner(&pos), Some(White));
}

fn winner(pos: &Position) -> Option<gunbai::unstable::board::Colour> {
    pos.outcome().and_then(|o| o.winner())
}

#[test]
fn no_legal_moves_loses() {
    // §10 Q6 [REC]: a side without a legal move loses. White's king on q1
    // is boxed in by its own pawns, which cannot move (p1 is on White's
    // last rank, p2 and q2 are blocked).
    let pos = position(&[], "K a17, k q1, p p1, p p2, p q2", "w");
    assert_eq!(all_moves(&pos), Vec::<String>::new());
    assert_eq!(pos.no_moves_outcome().winner(), Some(Black));
}

// ---------------------------------------------------------------------------
// §2, §10 Q6 Repetition

/// Two lions with room to pass; kings far away.
const LIONS: &str = "K a1, k q17, LN e5, ln e12";

#[test]
fn repeating_a_position_is_illegal_by_default() {
    // Option repetition = forbid_repeat (chu's rule): Black passes, then
    // White's pass would recreate the start with Black to move.
    let mut pos = position(&[], LIONS, "b");
    play(&mut pos, "e5-e4-e5");
    assert_illegal(&pos, "e12-e13-e12", "forbid_repeat");
    assert_legal(&pos, "e12-e11", "other moves are fine");
    // In check (the king attacked) the repetition is allowed.
    let mut pos = position(&[], "K a1, k q17, LN e5, ln e12, R q3", "b");
    play(&mut pos, "e5-e4-e5");
    assert_legal(&pos, "e12-e13-e12", "in check: repetition allowed");
}

#[test]
fn fourfold_repetition_is_a_draw_under_sennichite4() {
    let mut pos = position(&["repetition=sennichite4"], LIONS, "b");
    play(&mut pos, "e5-e4-e5");
    assert_legal(&pos, "e12-e13-e12", "sennichite4 allows repeating");
    for _ in 0..2 {
        play(&mut pos, "e12-e13-e12");
        play(&mut pos, "e5-e4-e5");
    }
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "e12-e13-e12");
    let o = pos.outcome().expect("fourfold repetition");
    assert_eq!(o.black, Result3::Draw);
    assert_eq!(o.reason, EndReason::Repetition);
}

// ---------------------------------------------------------------------------
// §11 Options: every option, both (all) values

#[test]
fn option_defaults_are_the_references() {
    let r = rules(&[]);
    let value = |n: &str| format!("{:?}", r.options[n].value);
    let expected = [
        ("goblin_orthogonal_step", "false"),
        ("lion_dog_jump_any", "true"),
        ("single_promotion", "true"),
        ("zone_ranks", "\"0\""),
        ("poisonous_snake", "\"seed\""),
        ("great_dragon", "\"seed\""),
        ("neighboring_king", "\"all8\""),
        ("repetition", "\"forbid_repeat\""),
        ("lion_dog", "\"liondog\""),
        ("great_elephant", "\"dd\""),
        ("free_demon_back_diagonals", "false"),
    ];
    assert_eq!(r.options.len(), expected.len());
    for (n, v) in expected {
        let got = value(n);
        assert!(got.contains(v.trim_matches('"')), "{n}: {got}");
    }
}

#[test]
fn poisonous_snake_readings() {
    // §6.5, §9.
    let at = |opts: &[&str]| moves_from(&position(opts, "K a1, k q17, PS i9", "b"), "i9");
    let seed = at(&[]);
    assert_eq!(
        seed,
        ["i9-g7", "i9-h9", "i9-i11", "i9-j9", "i9-k7"],
        "seed: step L/R, jumps F2, BL2, BR2"
    );
    // The jumps pass over pieces.
    let blocked = position(&[], "K a1, k q17, PS i9, P i10, P h8, P j8", "b");
    assert_legal(&blocked, "i9-i11", "§6.5 jump over i10");
    assert_legal(&blocked, "i9-g7", "§6.5 jump over h8");
    let ja = at(&["poisonous_snake=ja_main"]);
    assert_eq!(
        ja,
        [
            "i9-g9", "i9-h10", "i9-h9", "i9-i10", "i9-i11", "i9-i8", "i9-j10", "i9-j9", "i9-k9"
        ],
        "ja_main: F, L, R up to 2; FL, FR, B 1"
    );
    let srz = at(&["poisonous_snake=srz"]);
    assert_eq!(srz.len(), 8 + 4, "srz: orthogonal up to 2, diagonal 1: {srz:?}");
    assert!(srz.contains(&"i9-i7".to_string()) && srz.contains(&"i9-h8".to_string()));
}

#[test]
fn great_dragon_readings() {
    // §6.3, §9.
    let seed = position(&[], "K a1, k q17, GD i9", "b");
    assert_legal(&seed, "i9-l12", "seed: forward diagonal up to 3");
    assert_illegal(&seed, "i9-m13", "at most 3");
    assert_legal(&seed, "i9-f6", "backward diagonal up to 3");
    assert_legal(&seed, "i9-a9", "sideways any distance");
    assert_legal(&seed, "i9-i11", "vertical up to 2");
    assert_illegal(&seed, "i9-i12", "vertical at most 2");
    let ja = position(&["great_dragon=ja"], "K a1, k q17, GD i9, P j9, P h9", "b");
    assert_illegal(&ja, "i9-j10", "ja: no forward diagonals");
    assert_legal(&ja, "i9-h8", "ja: backward diagonals");
    assert_legal(&ja, "i9-k9", "ja: jump to the 2nd square sideways over j9");
    assert_legal(&ja, "i9-f9", "ja: jump to the 3rd square sideways over h9");
    assert_illegal(&ja, "i9-e9", "ja: the sideways slide is blocked by h9");
    let seed_blocked = position(&[], "K a1, k q17, GD i9, P j9", "b");
    assert_illegal(&seed_blocked, "i9-k9", "seed: no sideways jump");
}

#[test]
fn neighboring_king_readings() {
    // §6.1, §9.
    let all8 = moves_from(&position(&[], "K a1, k q17, NK i9", "b"), "i9");
    assert_eq!(all8.len(), 8);
    assert!(all8.contains(&"i9-i8".to_string()));
    let no_back = moves_from(
        &position(&["neighboring_king=no_back"], "K a1, k q17, NK i9", "b"),
        "i9",
    );
    assert_eq!(no_back.len(), 7);
    assert!(!no_back.contains(&"i9-i8".to_string()));
    // White's "back" is up the board.
    let white = moves_from(
        &position(&["neighboring_king=no_back"], "K a1, k q17, nk i9", "w"),
        "i9",
    );
    assert!(!white.contains(&"i9-i10".to_string()) && white.contains(&"i9-i8".to_string()));
}

#[test]
fn every_option_value_compiles_without_duplicate_paths_except_the_known_gap() {
    // Every kind on an empty board, under every option value: no path is
    // made twice, except the great elephant's (and the great dragon's under
    // great_dragon = ja) slide/jump overlap (see the known-gap test).
    let sets: [&[&str]; 9] = [
        &[],
        &["goblin_orthogonal_step=true"],
        &["single_promotion=false"],
        &["zone_ranks=6"],
        &["poisonous_snake=ja_main"],
        &["poisonous_snake=srz"],
        &["great_dragon=ja"],
        &["neighboring_king=no_back"],
        &["repetition=sennichite4"],
    ];
    for opts in sets {
        let r = rules(opts);
        for (k, kind) in r.kinds.iter().enumerate() {
            if kind.id == "great_elephant" || (kind.id == "great_dragon" && opts == ["great_dragon=ja"]) {
                continue;
            }
            let code = &r.types[usize::from(r.unpromoted_type(k))].code;
            for colour in ["b", "w"] {
                let piece = if colour == "b" {
                    code.clone()
                } else {
                    code.to_ascii_lowercase()
                };
                let pos = position(opts, &format!("K a1, k q17, {piece} i9"), colour);
                let moves = moves_from(&pos, "i9");
                assert!(!moves.is_empty() || kind.id == "king", "{} {opts:?}", kind.id);
                assert!(
                    duplicates(&moves).is_empty(),
                    "{} {opts:?} {colour}: {:?}",
                    kind.id,
                    duplicates(&moves)
                );
            }
        }
    }
}

#[test]
fn the_start_position_has_no_duplicate_moves_and_no_promotion_choices() {
    let pos = Position::start(rules(&[]));
    let moves = all_moves(&pos);
    assert!(duplicates(&moves).is_empty());
    // The howling dogs can take each other (f7xf11), but no promotable piece
    // can capture anything yet.
    assert!(moves.contains(&"f7xf11".to_string()));
    assert!(
        moves.iter().all(|m| !m.ends_with(['+', '='])),
        "no promotion at the start"
    );
}

#[test]
fn lion_dog_jump_passes_over_an_enemy_without_capturing_it() {
    // The default (seed 003): a jump passes over an enemy on S1 and leaves it.
    let mut pos = position(&[], "K a1, k q17, LD i9, p i10", "b");
    play(&mut pos, "i9-i11");
    assert_eq!(code_at(&pos, "i10").as_deref(), Some("p"), "the jumped enemy stays");
}

#[test]
fn lion_dog_jumps_over_enemies_only_when_lion_dog_jump_any() {
    // §5.2, §11 dd.lion_dog_jump_any: by default (seed) the lion dog may
    // jump over any piece; with false (Japanese Wikipedia) only over its
    // own pieces, so an enemy on S1 must be captured to go past it.
    let text = "K a1, k q17, LD i8, p i9";
    let any = moves_from(&position(&[], text, "b"), "i8");
    for m in ["i8-i10", "i8-i11", "i8-i10xi9+"] {
        assert!(any.contains(&m.to_string()), "{m} in {any:?}");
    }
    let own = moves_from(&position(&["lion_dog_jump_any=false"], text, "b"), "i8");
    for m in ["i8-i10", "i8-i11", "i8-i10xi9+"] {
        assert!(!own.contains(&m.to_string()), "{m} not in {own:?}");
    }
    assert!(
        own.contains(&"i8xi9-i11+".to_string()),
        "capture S1, then jump from it: {own:?}"
    );
    // Over its own piece it still jumps.
    let friendly = moves_from(
        &position(&["lion_dog_jump_any=false"], "K a1, k q17, LD i8, P i9", "b"),
        "i8",
    );
    assert!(
        friendly.contains(&"i8-i10".to_string()) && friendly.contains(&"i8-i11".to_string()),
        "{friendly:?}"
    );
}

#[test]
fn shogivar_readings_of_the_free_demon_dream_eater_and_great_elephant() {
    // ShogiVar 1.55b DaiDai.dat: free demon 5 5 64 64 64 64 64 64, free
    // tapir (dream-eater) 64 64 5 5 64 64 64 64, great elephant
    // 3 3 5 5 3 3 5 5 (F B L R FL FR BL BR).
    for code in ["FR", "FT"] {
        let at = |opts: &[&str]| moves_from(&position(opts, &format!("K a1, k q17, {code} i9"), "b"), "i9");
        assert!(
            !at(&[]).contains(&"i9-f6".to_string()),
            "{code}: seed 003 has no BL range"
        );
        assert!(
            at(&["free_demon_back_diagonals=true"]).contains(&"i9-f6".to_string()),
            "{code}: ShogiVar's BL range"
        );
    }
    let ge = |opts: &[&str]| moves_from(&position(opts, "K a1, k q17, GE i9, P i10", "b"), "i9");
    let (dd, range) = (ge(&[]), ge(&["great_elephant=range"]));
    assert!(dd.contains(&"i9-i11".to_string()), "dd: the lion dog's jump over S1");
    assert!(
        !range.contains(&"i9-i11".to_string()),
        "range: a plain slide stops at the pawn"
    );
    assert!(
        range.contains(&"i9-n9".to_string()) && !range.contains(&"i9-o9".to_string()),
        "range: up to 5 sideways"
    );
    assert!(
        range.contains(&"i9-l12".to_string()) && !range.contains(&"i9-m13".to_string()),
        "range: up to 3 FR"
    );
    assert!(dd.contains(&"i9-o9".to_string()), "dd: ranges sideways");
}
