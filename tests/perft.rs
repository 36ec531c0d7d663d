//! Perft agrees with the independent implementation (lishogi's shogiops
//! 0.18.0, run by tools/oracle; counts recorded in tests/data).

use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::movegen::Move;
use gunbai::unstable::notation::move_text;
use gunbai::unstable::perft::{Convention, divide, perft};
use gunbai::unstable::position::Position;
use std::collections::BTreeSet;

fn chu(options: &[&str]) -> std::sync::Arc<gunbai::unstable::ruleset::Ruleset> {
    let o: Vec<OptionOverride> = options.iter().map(|s| s.parse().expect("NAME=VALUE")).collect();
    gunbai::unstable::rules::load_variant("chu", &o).expect("bundled chu compiles")
}

fn fixture(text: &str) -> Vec<(String, u32, u64)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[1].parse().expect("depth"),
                f[2].parse().expect("nodes"),
            )
        })
        .collect()
}

#[test]
fn chu_start_position_matches_shogiops_to_depth_3() {
    // shogiops: 36, 1296, 52599 (the and the oracle's numbers).
    for conv in [Convention::Paths, Convention::Shogiops] {
        let mut pos = Position::start(chu(&[]));
        let counts: Vec<u64> = (1..=3).map(|d| perft(&mut pos, d, conv).unwrap()).collect();
        assert_eq!(counts, [36, 1296, 52599], "{conv:?}");
    }
}

#[test]
fn chu_start_position_depth_4_matches_shogiops() {
    // tools/oracle/oracle.mjs perft 4 (shogiops' move list, played as its
    // own play() reads lion moves): 2134748.
    let mut pos = Position::start(chu(&[]));
    assert_eq!(perft(&mut pos, 4, Convention::Shogiops).unwrap(), 2_134_748);
}

#[test]
fn repetition_rule_removes_moves_that_recreate_the_start_position() {
    // Depth 4 from the start: some leaves are the start position again
    // (both sides moved out and back). forbid_repeat removes exactly those;
    // sennichite4 keeps them, like shogiops.
    let mut pos = Position::start(chu(&["repetition=sennichite4"]));
    assert_eq!(perft(&mut pos, 4, Convention::Paths).unwrap(), 2_134_748);
    let mut pos = Position::start(chu(&[]));
    let forbid = perft(&mut pos, 4, Convention::Paths).unwrap();
    assert!(forbid < 2_134_748, "{forbid}");
}

#[test]
fn random_positions_match_shogiops_perft_2() {
    let rules = chu(&["protection_judged=after_counting_captured"]);
    let rows = fixture(include_str!("data/chu_oracle_perft.tsv"));
    assert!(rows.len() >= 20);
    for (sfen, depth, nodes) in rows {
        let mut pos = Position::from_sfen(rules.clone(), &sfen).expect("oracle SFEN parses");
        assert_eq!(
            pos.to_sfen()
                .as_deref()
                .map(|s| s.split(' ').take(3).collect::<Vec<_>>()),
            Some(sfen.split(' ').take(3).collect()),
            "SFEN round trip"
        );
        assert_eq!(perft(&mut pos, depth, Convention::Shogiops).unwrap(), nodes, "{sfen}");
    }
}

fn root_moves(pos: &mut Position, conv: Convention) -> BTreeSet<String> {
    let snapshot = pos.clone();
    divide(pos, 1, conv)
        .unwrap()
        .into_iter()
        .map(|(m, _): (Move, u64)| move_text(&snapshot, &m))
        .collect()
}

#[test]
fn bridge_reading_is_the_only_difference_from_shogiops() {
    // Under the default reading (protection judged after the move, a
    // captured bridge does not protect) gunbai allows more lion captures
    // than shogiops; with after_counting_captured the counts agree.
    let default = chu(&[]);
    let lishogi = chu(&["protection_judged=after_counting_captured"]);
    for (sfen, depth, nodes) in fixture(include_str!("data/chu_oracle_bridge.tsv")) {
        let mut a = Position::from_sfen(lishogi.clone(), &sfen).expect("SFEN");
        assert_eq!(perft(&mut a, depth, Convention::Shogiops).unwrap(), nodes, "{sfen}");
        let mut b = Position::from_sfen(default.clone(), &sfen).expect("SFEN");
        assert_ne!(perft(&mut b, depth, Convention::Shogiops).unwrap(), nodes, "{sfen}");
        // Somewhere in the first two plies, the extra moves are lion double
        // captures whose bridge is a pawn or go-between.
        let mut extra = root_moves(&mut b, Convention::Shogiops);
        for m in root_moves(&mut a, Convention::Shogiops) {
            extra.remove(&m);
        }
        for m in &extra {
            assert_eq!(m.matches('x').count(), 2, "{m} in {sfen}");
        }
    }
}

#[test]
fn effects_convention_merges_paths_with_the_same_result() {
    // A lone Black lion on f6 with two kings far away: 8 steps + 16 jumps +
    // 1 pass (the 8 step-out-and-back paths have one effect); the paths via
    // an empty square coincide with a step or a jump.
    let rules = chu(&[]);
    let text = "11,k/12/12/12/12/12/5,LN,6/12/12/12/12/K,11 b";
    let mut pos = Position::from_text(rules, text).expect("position");
    let king_moves = 3;
    assert_eq!(perft(&mut pos, 1, Convention::Paths).unwrap(), 88 + king_moves);
    assert_eq!(perft(&mut pos, 1, Convention::Effects).unwrap(), 25 + king_moves);
}

#[test]
fn effects_convention_counts_drops_of_different_pieces_apart() {
    // The shogi position with the most legal moves known, 593 (Black
    // holds one of each piece, most of them droppable on most empty
    // squares). No two of them have the same effect; merging drops of
    // different pieces on one square would leave 195.
    let rules = gunbai::unstable::rules::load_variant("shogi", &[]).expect("bundled shogi");
    let sfen = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";
    let mut pos = Position::from_sfen(rules, sfen).expect("SFEN");
    assert_eq!(perft(&mut pos, 1, Convention::Paths).unwrap(), 593);
    assert_eq!(perft(&mut pos, 1, Convention::Effects).unwrap(), 593);
}
