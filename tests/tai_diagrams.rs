//! Every Tai shogi piece kind on an empty board, drawn from the rule file,
//! against the movement table transcribed from the rules reference
//! (tests/tables/tai_moves.txt: its §5 moves and §11 counts).

mod common;
mod giant_tables;

#[test]
fn every_tai_piece_matches_the_reference_table() {
    let rules = gunbai::unstable::rules::load_variant("tai", &[]).expect("bundled tai compiles");
    giant_tables::check(&rules, include_str!("tables/tai_moves.txt"), "m13", 4);
}
