//! Every Maka-dai-dai piece kind on an empty board, drawn from the rule file,
//! against the movement table transcribed from the rules reference
//! (tests/tables/maka_dai_dai_moves.txt: its §5 moves and §11 counts).

mod common;
mod giant_tables;

#[test]
fn every_maka_dai_dai_piece_matches_the_reference_table() {
    let rules = gunbai::unstable::rules::load_variant("maka_dai_dai", &[]).expect("bundled maka_dai_dai compiles");
    giant_tables::check(&rules, include_str!("tables/maka_dai_dai_moves.txt"), "j10", 4);
}
