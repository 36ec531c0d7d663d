//! Taikyoku's `wikipedia` preset: the reading of TaikyokuShogi-Stockfish
//! (github.com/Belzedar94/TaikyokuShogi-Stockfish, rules generated from the
//! English Wikipedia piece table), and the three option values it brought.
//! The expected moves are what that program's generator does, as read in
//! its `position.cpp` (`Position::generate`) and `rules_data.h` (a copy
//! vendored in hamproductions/shogigym, `vendor/taikyoku-engine/`); the
//! expected counts are the start perft its README publishes.
//!
//! Positions are piece lists on the 36x36 board (upper case Black, lower
//! case White), as in taikyoku_rules.rs.

use gunbai::unstable::perft::{Convention, perft};
use gunbai::unstable::position::Position;

mod common;
use common::*;

const ROYALS: &str = "K a1, CP b1, k aj36, cp ai36";

fn position(opts: &[&str], pieces: &str) -> Position {
    variant_position("taikyoku", opts, &format!("{ROYALS}, {pieces}"), "b")
}

#[test]
fn the_preset_gives_the_published_start_perft() {
    // TaikyokuShogi-Stockfish's README (perft audit; also checked by
    // hamproductions/shogigym when it vendored the engine): perft(1) = 488,
    // perft(2) = 237,684 from the start. It counts a move once per effect
    // (its generator deduplicates by effect); at one ply every path is its
    // own effect.
    let rules = variant_with("taikyoku", &["preset=wikipedia"]);
    for convention in [Convention::Paths, Convention::Effects] {
        let mut pos = Position::start(rules.clone());
        assert_eq!(perft(&mut pos, 1, convention).unwrap(), 488, "{convention:?}");
    }
    let mut pos = Position::start(rules);
    assert_eq!(perft(&mut pos, 2, Convention::Effects).unwrap(), 237_684);
}

#[test]
fn a_range_capture_takes_a_first_enemy_of_any_rank_under_first_any() {
    // position.cpp (the revision vendored at 1a9e83a; the one that gave
    // the published counts, 5a22fd3, stops without taking): a piece of
    // equal or higher rank stops the line, and is taken if it is an enemy
    // and nothing was jumped.
    let pieces = "FLG e10, flg e14, FLG j10, p j11, flg j14";
    let pos = position(&["range_capture_target=lower_any_side"], pieces);
    assert_illegal(&pos, "e10xe14", "default: only lower ranks are taken");
    let pos = position(
        &["range_capture_target=lower_any_side", "range_capture_first_any=true"],
        pieces,
    );
    assert_legal(&pos, "e10xe14", "the first piece, an equal enemy");
    assert_legal(&pos, "j10xj13", "beyond the pawn it passes, an empty square");
    assert_illegal(&pos, "j10xj14", "after a passed piece, only lower ranks");
}

#[test]
fn range_capture_moves_never_promote_under_range_capture_promotes_false() {
    // position.cpp: the range-capture generator offers its moves without
    // promotion; the fierce dragon's own steps (not range moves) promote.
    let pieces = "FLG e20, FID m24";
    let pos = position(&[], pieces);
    assert_legal(&pos, "e20-e30+", "default: a range move into the zone may promote");
    let pos = position(&["range_capture_promotes=false"], pieces);
    assert_legal(&pos, "e20-e30", "it may still move there");
    assert_illegal(&pos, "e20-e30+", "but never promotes");
    assert_illegal(&pos, "m24-o26+", "the dragon's diagonal is a range capture");
    assert_legal(&pos, "m24-m26+", "its orthogonal move of two is not");
}

#[test]
fn the_free_eagle_has_a_lion_move_in_the_lion_reading() {
    // rules_data.h: the free eagle's atoms are a queen, jumps to the 2nd
    // and 3rd squares of every line (4th of the forward diagonals) and on,
    // and the lion's two-step move (area2), which reaches the knight
    // squares through an empty or enemy neighbour and holds igui and a
    // pass.
    let pos = position(&[], "FE j10");
    assert!(
        !moves_from(&pos, "j10").iter().any(|m| m.ends_with("k12")),
        "tsg: no knight square"
    );
    let pos = position(&["free_eagle=lion"], "FE j10, p k11");
    let moves = moves_from(&pos, "j10");
    assert!(moves.iter().any(|m| m.ends_with("k12")), "a knight square: {moves:?}");
    assert_legal(&pos, "j10xk11-j10", "igui");
    assert_legal(&pos, "j10-j11-j10", "a pass");
    assert_legal(&pos, "j10xk11-l12", "a capture, then a step on");
    // Surrounded by its own pieces, the lion move has nowhere to start.
    let pos = position(
        &["free_eagle=lion"],
        "FE j10, P i9, P j9, P k9, P i10, P k10, P i11, P j11, P k11",
    );
    assert!(
        !moves_from(&pos, "j10").iter().any(|m| m.ends_with("k12")),
        "no knight square"
    );
}
