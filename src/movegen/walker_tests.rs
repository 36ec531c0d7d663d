//! Tests of the walker (kept apart so that walker.rs stays short).

use crate::movegen::legal_moves;
use crate::position::Position;

/// A piece said to be hemmed in has no path, and in the big variants'
/// openings many pieces are: the shortcut is taken, and never wrongly.
#[test]
fn a_hemmed_in_piece_has_no_path() {
    let mut hemmed = 0;
    for (variant, _) in crate::rules::BUNDLED {
        let rules = crate::rules::load_variant(variant, &[]).expect("bundled variant compiles");
        let mut pos = Position::start(rules);
        let mut moves = Vec::new();
        for ply in 0..12 {
            for sq in pos.pieces(pos.side) {
                let mut walker = super::playing(&pos, None);
                if !walker.start(sq) {
                    hemmed += 1;
                    let mut paths = 0;
                    super::walk_piece_with(&pos, &pos.cells, sq, None, true, 0, &mut |_| {
                        paths += 1;
                        false
                    });
                    assert_eq!(paths, 0, "{variant} ply {ply}: {sq} is not hemmed in");
                }
            }
            legal_moves(&pos, &mut moves).unwrap();
            let Some(&m) = moves.get(ply * 7 % moves.len().max(1)) else {
                break;
            };
            pos.play_unchecked(&m);
        }
    }
    assert!(hemmed > 1000, "{hemmed} hemmed-in pieces");
}
