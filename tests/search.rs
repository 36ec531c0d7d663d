//! Search sanity: the generic search finds forced wins and takes what is
//! left hanging. Positions are small Chu endings built for one idea each;
//! the expected moves follow from the rules by hand (Chu has no check rule:
//! a side loses when its king is captured, so a mate in n is n moves and
//! then the king's capture).

use gunbai::notation::move_text;
use gunbai::position::Position;
use gunbai::rules::load_variant;
use gunbai::search::{Limits, MATE, Searcher};

fn search(text: &str, depth: u32) -> (String, i32) {
    let rules = load_variant("chu", &[]).expect("bundled chu");
    let mut pos = Position::from_text(rules, text).expect("position");
    let mut searcher = Searcher::new(&pos, 4);
    let mut score = 0;
    let best = searcher
        .search(
            &mut pos,
            Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            &mut |r| score = r.score,
        )
        .expect("a move");
    (move_text(&pos, &best), score)
}

/// White has a pawn to move (l8), so a king boxed in without check is no
/// win. White's king in the corner a12; Black's rook on b2 holds the b-file, so
/// the rook from c3 to a3 leaves the king no square (a11 on the a-file,
/// b11 and b12 on the b-file) and nothing to capture the rook with.
#[test]
fn rook_mate_in_one_is_found() {
    let (best, score) = search("k,11/12/12/12/11,p/12/12/12/12/2,R,9/1,R,10/11,K b", 4);
    assert_eq!(best, "c3-a3");
    assert_eq!(score, MATE - 3, "mate, then the king's capture on the third ply");
}

/// The gold from c9 cannot reach the king's side in one move, and no rook
/// move mates at once. Gold to b10 (or c10) takes a11 and b11 and threatens
/// gold to b11, protected by the rook on the b-file, which then covers
/// every square around a12 or b12: a mate in two.
#[test]
fn gold_and_rook_mate_in_two_is_found() {
    let text = "k,11/12/12/2,G,9/11,p/12/12/12/12/12/12/1,R,9,K b";
    let (_, shallow) = search(text, 3);
    assert!(shallow < MATE - 100, "no mate in one: {shallow}");
    let (best, score) = search(text, 5);
    assert_eq!(score, MATE - 5, "mate in two, then the king's capture");
    assert!(best.starts_with("c9-"), "the gold starts it: {best}");
}

/// Rook and dragon king face each other on the e-file with nothing
/// between: the side to move takes.
#[test]
fn hanging_piece_is_taken() {
    let (best, score) = search("11,k/12/12/4,dk,7/12/12/12/4,R,7/12/12/12/K,11 b", 2);
    assert!(best.starts_with("e5xe9"), "{best}");
    assert!(score > 0, "{score}");
}
