//! Self-play smoke: every bundled variant, Taikyoku included, plays a few
//! plies against itself under a node limit (no time limit, so the test does
//! not depend on the machine's speed). Every move the search picks must be
//! one of the position's legal moves, and the game must not end in the
//! first plies (no bundled setup loses a royal within four plies of
//! sensible play). `scripts/selfplay-smoke` plays whole short games per
//! variant through the referee.

use gunbai::unstable::movegen::legal_moves;
use gunbai::unstable::notation::move_text;
use gunbai::unstable::position::Position;
use gunbai::unstable::rules::{bundled_names, load_variant};
use gunbai::unstable::search::{Limits, Searcher};

/// Plies per variant, and the nodes each search may spend.
const PLIES: usize = 4;
const NODES: u64 = 2_000;

#[test]
fn every_bundled_variant_plays_legal_moves_under_a_node_limit() {
    let mut failures = Vec::new();
    for name in bundled_names() {
        let rules = load_variant(name, &[]).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut pos = Position::start(rules);
        let mut searcher = Searcher::new(&pos, 1);
        let mut played = Vec::new();
        for ply in 0..PLIES {
            let mut legal = Vec::new();
            legal_moves(&pos, &mut legal).unwrap_or_else(|_| panic!("{name}: too many moves"));
            let limits = Limits {
                nodes: Some(NODES),
                ..Limits::default()
            };
            let best = searcher.search(&mut pos, limits, &mut |_| {});
            let Ok(Some(m)) = best else {
                failures.push(format!("{name}: no move at ply {ply} after {played:?}"));
                break;
            };
            if !legal.contains(&m) {
                failures.push(format!("{name}: ply {ply}: {} is not legal", move_text(&pos, &m)));
                break;
            }
            played.push(move_text(&pos, &m));
            pos.play_unchecked(&m);
            if let Some(o) = pos.result() {
                failures.push(format!("{name}: the game ended at ply {ply}: {o:?} after {played:?}"));
                break;
            }
        }
        // A node-limited search stops within a small overshoot.
        assert!(searcher.nodes() <= NODES * 2, "{name}: {} nodes", searcher.nodes());
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
