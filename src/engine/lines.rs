//! Searching for the best few root moves at once (USI's MultiPV), on top
//! of the single-line search: depth by depth, line `i` is the best move
//! of a search whose root leaves out the moves of lines `1..i`
//! ([`Limits::root_moves`]). The transposition table the lines share
//! makes each search after the first cheap at the depths already done.
//! The lines of a depth are reported together once all are found, best
//! score first (a later line's search can find more than an earlier one's,
//! the table having learnt meanwhile).
//!
//! One line is the search itself, unchanged.

use crate::movegen::{Move, TooManyMoves, legal_moves};
use crate::position::Position;
use crate::search::{Limits, MATE, MAX_PLY, Report, Searcher};
use std::time::{Duration, Instant};

/// The most lines a search is asked for (more are refused by the
/// protocols; a root with fewer moves gives fewer lines).
pub const MAX_LINES: usize = 256;

/// Searches `pos` (given back unchanged) for its best `lines` root moves
/// (1 to [`MAX_LINES`]) within `limits`, which hold for the whole: times
/// and nodes for all lines together. `report(i, r)` is called for line
/// `i` (1 first) each time a depth is finished, best first, with the
/// nodes and the time counted from the start of the whole. Returns the
/// best move.
pub fn search_lines(
    searcher: &mut Searcher,
    pos: &mut Position,
    limits: Limits,
    lines: usize,
    report: &mut dyn FnMut(usize, &Report),
) -> Result<Option<Move>, TooManyMoves> {
    let lines = lines.clamp(1, MAX_LINES);
    if lines == 1 {
        return searcher.search(pos, limits, &mut |r| report(1, r));
    }
    let start = Instant::now();
    let mut allowed = Vec::new();
    legal_moves(pos, &mut allowed)?;
    if let Some(only) = &limits.root_moves {
        allowed.retain(|m| only.contains(m));
    }
    let Some(&first) = allowed.first() else {
        return Ok(None);
    };
    let lines = lines.min(allowed.len());
    let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 / 2).clamp(1, MAX_PLY as u32 / 2);
    let mut best = first;
    let mut nodes = 0u64;
    'deeper: for depth in 1..=max_depth {
        let mut rest = allowed.clone();
        let mut all_mates = true;
        let mut found_here: Vec<(Move, Report)> = Vec::new();
        for _ in 0..lines {
            let elapsed = start.elapsed();
            let left = |t: Option<Duration>| t.map(|t| t.saturating_sub(elapsed));
            if limits.hard_time.is_some_and(|t| elapsed >= t) || limits.nodes.is_some_and(|n| nodes >= n) {
                break 'deeper;
            }
            let sub = Limits {
                depth: Some(depth),
                soft_time: None,
                hard_time: left(limits.hard_time),
                nodes: limits.nodes.map(|n| n - nodes),
                root_moves: Some(rest.clone()),
            };
            let mut last: Option<Report> = None;
            let found = searcher.search(pos, sub, &mut |r| last = Some(r.clone()))?;
            nodes += searcher.nodes();
            let Some(mut r) = last.filter(|r| r.complete) else {
                // Stopped: a depth cut short is not reported.
                break 'deeper;
            };
            let Some(m) = found else { break };
            all_mates &= r.score.abs() > MATE - MAX_PLY as i32;
            r.nodes = nodes;
            rest.retain(|x| *x != m);
            found_here.push((m, r));
        }
        found_here.sort_by_key(|(_, r)| std::cmp::Reverse(r.score));
        let elapsed = start.elapsed();
        for (i, (m, r)) in found_here.iter_mut().enumerate() {
            if i == 0 {
                best = *m;
            }
            r.elapsed = elapsed;
            r.nodes = nodes;
            report(i + 1, r);
        }
        let soft_out = limits.soft_time.is_some_and(|t| start.elapsed() >= t);
        if soft_out || all_mates {
            break;
        }
    }
    Ok(Some(best))
}
