//! Scenario tests for the hand-and-drop family (shogi, kyotoshogi, dobutsu,
//! euroshogi): one test per rule, on small positions built from the rules
//! (JSA rules for shogi; Fairy-Stockfish's definitions for the others).
//! Squares and moves are USI (`5e`, `P*5e`), as the SFENs are.

use gunbai::unstable::board::Colour;
use gunbai::unstable::movegen::{Move, legal_moves};
use gunbai::unstable::notation::{Notation, move_text, parse_move, write_move};
use gunbai::unstable::perft::{Convention, perft};
use gunbai::unstable::position::{EndReason, Position};
use gunbai::unstable::ruleset::{Result3, Ruleset};
use std::sync::Arc;

fn rules(variant: &str) -> Arc<Ruleset> {
    gunbai::unstable::rules::load_variant(variant, &[]).expect("bundled variant compiles")
}

fn sfen(variant: &str, text: &str) -> Position {
    Position::from_sfen(rules(variant), text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// Every legal move in USI text, sorted.
fn usi(pos: &Position) -> Vec<String> {
    let mut moves: Vec<Move> = Vec::new();
    legal_moves(pos, &mut moves).unwrap();
    let mut v: Vec<String> = moves.iter().map(|m| write_move(pos, m, Notation::Usi)).collect();
    v.sort();
    v
}

fn has(pos: &Position, mv: &str) -> bool {
    usi(pos).iter().any(|m| m == mv)
}

fn from(pos: &Position, square: &str) -> Vec<String> {
    usi(pos).into_iter().filter(|m| m.starts_with(square)).collect()
}

fn play(pos: &mut Position, moves: &str) {
    for mv in moves.split_whitespace() {
        let m = parse_move(pos, mv).unwrap_or_else(|e| panic!("`{mv}`: {e:?}"));
        pos.play_unchecked(&m);
    }
}

fn kind(pos: &Position, id: &str) -> u16 {
    pos.rules().find_kind(id).expect("kind") as u16
}

#[test]
fn shogi_start_perft_matches_fairy_stockfish_to_depth_4() {
    // Fairy-Stockfish (UCI_Variant shogi): 30 / 900 / 25,470 / 719,731.
    let mut pos = Position::start(rules("shogi"));
    let counts: Vec<u64> = (1..=4)
        .map(|d| perft(&mut pos, d, Convention::Paths).unwrap())
        .collect();
    assert_eq!(counts, [30, 900, 25_470, 719_731]);
}

#[test]
fn captured_piece_goes_to_the_captors_hand_unpromoted() {
    let mut pos = sfen("shogi", "4k4/9/9/9/4+p4/4G4/9/9/4K4 b - 1");
    play(&mut pos, "5f5e");
    assert_eq!(pos.in_hand(Colour::Black, kind(&pos, "pawn")), 1);
    assert_eq!(pos.to_sfen().as_deref(), Some("4k4/9/9/9/4G4/9/9/9/4K4 w P 1"));
}

#[test]
fn nifu_no_pawn_drop_on_a_file_with_an_own_unpromoted_pawn() {
    let pos = sfen("shogi", "4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    assert!(!has(&pos, "P*5e"), "file 5 holds a black pawn");
    assert!(has(&pos, "P*4e"));
    let promoted = sfen("shogi", "4k4/9/9/9/9/9/4+P4/9/4K4 b P 1");
    assert!(has(&promoted, "P*5e"), "a promoted pawn does not count");
}

#[test]
fn uchifuzume_no_pawn_drop_that_mates() {
    // White king 1a: the knight covers 2a, silver and gold cover 2b, the
    // gold protects the pawn on 1b.
    let mate = sfen("shogi", "8k/9/6NSG/9/9/9/9/9/4K4 b P 1");
    assert!(!has(&mate, "P*1b"));
    // Without the knight the king escapes to 2a: the check is legal.
    let check = sfen("shogi", "8k/9/7SG/9/9/9/9/9/4K4 b P 1");
    assert!(has(&check, "P*1b"));
    // Mating by dropping another piece is legal.
    let gold = sfen("shogi", "8k/9/6NSG/9/9/9/9/9/4K4 b G 1");
    assert!(has(&gold, "G*1b"));
    // Fairy-Stockfish generates the pawn drop (and scores the mate as a
    // loss for the dropper): --convention fsf counts it.
    let mut fsf = mate.clone();
    let rules_count = perft(&mut fsf, 1, Convention::Paths).unwrap();
    assert_eq!(perft(&mut fsf, 1, Convention::Fsf).unwrap(), rules_count + 1);
}

#[test]
fn no_drop_where_the_piece_would_have_no_move() {
    let pos = sfen("shogi", "k8/9/9/9/9/9/9/9/4K4 b PLN 1");
    for dead in ["P*5a", "L*5a", "N*5a", "N*5b"] {
        assert!(!has(&pos, dead), "{dead}");
    }
    for live in ["P*5b", "L*5b", "N*5c"] {
        assert!(has(&pos, live), "{live}");
    }
}

#[test]
fn promotion_is_forced_where_the_piece_would_have_no_move() {
    let pos = sfen("shogi", "8k/4P4/9/4N4/9/9/L8/9/4K4 b - 1");
    assert_eq!(from(&pos, "5b"), ["5b5a+"]);
    assert_eq!(from(&pos, "5d"), ["5d4b+", "5d6b+"]);
    // A lance may decline on the second rank, not on the last.
    let lance = from(&pos, "9g");
    assert!(lance.contains(&"9g9b".to_string()) && lance.contains(&"9g9b+".to_string()));
    assert!(lance.contains(&"9g9a+".to_string()) && !lance.contains(&"9g9a".to_string()));
}

#[test]
fn check_must_be_answered() {
    let pos = sfen("shogi", "4k4/9/9/9/4r4/9/9/P8/4K4 b - 1");
    assert_eq!(usi(&pos), ["5i4h", "5i4i", "5i6h", "5i6i"]);
}

#[test]
fn sennichite_fourth_occurrence_is_a_draw() {
    let mut pos = sfen("shogi", "4k4/9/9/9/9/9/9/9/4K4 b - 1");
    play(&mut pos, "5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "5b5a");
    let o = pos.outcome().expect("fourth occurrence");
    assert_eq!((o.black, o.reason), (Result3::Draw, EndReason::Repetition));
}

#[test]
fn sennichite_perpetual_check_loses_for_the_checker() {
    let mut pos = sfen("shogi", "8k/9/9/9/9/9/9/9/4K2R1 b - 1");
    play(&mut pos, "2i1i 1a2a 1i2i 2a1a 2i1i 1a2a 1i2i 2a1a 2i1i 1a2a 1i2i");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "2a1a");
    let o = pos.outcome().expect("fourth occurrence");
    assert_eq!((o.black, o.reason), (Result3::Loss, EndReason::Repetition));
}

#[test]
fn hands_round_trip_through_sfen_and_position_text() {
    let text = "4k4/9/9/9/9/9/9/9/4K4 b R2Pp 1";
    let pos = sfen("shogi", text);
    assert_eq!(pos.to_sfen().as_deref(), Some(text));
    let native = pos.to_text();
    assert!(native.contains("[R,2P,p]"), "{native}");
    let back = Position::from_text(rules("shogi"), &native).expect("native text reads back");
    assert_eq!(back.hash(), pos.hash());
    assert_eq!(back.to_sfen().as_deref(), Some(text));
}

#[test]
fn hands_are_part_of_the_hash_and_of_make_unmake() {
    let a = sfen("shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1");
    let b = sfen("shogi", "4k4/9/9/9/9/9/9/9/4K4 b p 1");
    let c = sfen("shogi", "4k4/9/9/9/9/9/9/9/4K4 b 2P 1");
    assert_ne!(a.hash(), b.hash());
    assert_ne!(a.hash(), c.hash());
    let mut pos = sfen("shogi", "4k4/9/9/9/4+p4/4G4/9/9/4K4 b P 1");
    let (hash, text) = (pos.hash(), pos.to_text());
    let m = parse_move(&pos, "5f5e").expect("capture");
    let undo = pos.play_unchecked(&m);
    assert_eq!(pos.in_hand(Colour::Black, kind(&pos, "pawn")), 2);
    pos.unplay(&undo);
    assert_eq!((pos.hash(), pos.to_text()), (hash, text));
    let d = parse_move(&pos, "P*1e").expect("drop");
    let undo = pos.play_unchecked(&d);
    assert_eq!(pos.in_hand(Colour::Black, kind(&pos, "pawn")), 0);
    pos.unplay(&undo);
    assert_eq!(pos.hash(), hash);
}

#[test]
fn drops_are_written_and_read_in_usi_and_native_text() {
    let pos = sfen("shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1");
    let m = parse_move(&pos, "P*5e").expect("USI drop");
    assert_eq!(write_move(&pos, &m, Notation::Usi), "P*5e");
    assert_eq!(move_text(&pos, &m), "P*e5");
    assert_eq!(parse_move(&pos, "P*e5").expect("native drop"), m);
    assert!(parse_move(&pos, "G*5e").is_err(), "no gold in hand");
}

#[test]
fn kyotoshogi_every_move_flips_the_mover() {
    let mut pos = Position::start(rules("kyotoshogi"));
    // The silver on 4e must turn into a bishop; the tokin (+L) on 5e turns
    // back into a lance.
    assert_eq!(from(&pos, "4e"), ["4e3d+", "4e4d+", "4e5d+"]);
    assert_eq!(from(&pos, "5e"), ["5e4d-", "5e5d-"]);
    play(&mut pos, "5e5d-");
    let code = |p: &Position, s: &str| {
        let sq = gunbai::unstable::position::parse_usi_square(&p.rules().geometry, s).expect("square");
        p.piece_at(sq)
            .map(|(_, t)| p.rules().types[usize::from(t)].code.clone())
    };
    assert_eq!(code(&pos, "5d").as_deref(), Some("L"));
    play(&mut pos, "1a1b-");
    play(&mut pos, "4e4d+");
    assert_eq!(code(&pos, "4d").as_deref(), Some("+S"));
}

#[test]
fn kyotoshogi_drops_either_side_up() {
    let pos = sfen("kyotoshogi", "2k2/5/5/5/2K2 b P 1");
    assert!(has(&pos, "P*3c") && has(&pos, "+P*3c"));
}

#[test]
fn dobutsu_lion_reaching_the_far_rank_unattacked_wins() {
    // The black lion on 1b steps to 1a: nothing of White's attacks it.
    let mut safe = sfen("dobutsu", "l2/2L/3/3 b - 1");
    play(&mut safe, "1b1a");
    let o = safe.outcome().expect("try");
    assert_eq!(o.winner(), Some(Colour::Black));
    // With a white giraffe on 2a guarding 1a: under the published rules
    // (the default) the lion may go there, but a lion on 1a that is
    // attacked has not won; under FSF 11.1's check rule (`royal_check=always`)
    // it may not be left attacked, so the move is not legal.
    let mut guarded = sfen("dobutsu", "lg1/2L/3/3 b - 1");
    assert!(has(&guarded, "1b1a"));
    play(&mut guarded, "1b1a");
    assert_eq!(guarded.outcome(), None, "an attacked lion on the far rank has not won");
    let opts = ["royal_check=always".parse().expect("NAME=VALUE")];
    let fsf11 = Position::from_sfen(
        gunbai::unstable::rules::load_variant("dobutsu", &opts).expect("compiles"),
        "lg1/2L/3/3 b - 1",
    )
    .expect("sfen");
    assert!(!has(&fsf11, "1b1a"));
}

#[test]
fn dobutsu_chick_on_the_far_rank_must_promote() {
    let pos = sfen("dobutsu", "l2/2C/3/2L b - 1");
    assert_eq!(from(&pos, "1b"), ["1b1a+"]);
    let opts = ["optional_promotion=true".parse().expect("NAME=VALUE")];
    let fsf = Position::from_sfen(
        gunbai::unstable::rules::load_variant("dobutsu", &opts).expect("compiles"),
        "l2/2C/3/2L b - 1",
    )
    .expect("sfen");
    assert_eq!(from(&fsf, "1b"), ["1b1a", "1b1a+"]);
}

#[test]
fn euroshogi_promotion_is_compulsory_in_the_zone() {
    let pos = sfen("euroshogi", "k7/8/8/3P4/8/8/8/4K3 b - 1");
    assert_eq!(from(&pos, "5d"), ["5d5c+"]);
}
