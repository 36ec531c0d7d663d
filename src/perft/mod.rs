//! Perft: counting the leaves of the legal-move tree, with the counting
//! convention made explicit.

mod counter;
pub mod jobs;
mod key;
mod table;

pub use counter::{Counter, TABLE_UNSAFE};

use crate::movegen::{Move, Promotion, legal_moves};
use crate::position::{EndReason, Position};

/// How moves are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// Every legal move counts: a move is its whole path (origin, every
    /// landing, shots, promotion choice), so a lion reaching a square by a
    /// jump and by two steps through an empty square makes two moves. A
    /// position where the game is over has no moves.
    Paths,
    /// Moves with the same effect count once: same origin, final square,
    /// set of captured squares, shots and promotion.
    Effects,
    /// As lishogi's `shogiops` counts: every path as in `Paths`, but the
    /// game does not end (a side without royals still moves) and the
    /// repetition rule is not applied.
    Shogiops,
    /// As Fairy-Stockfish's `go perft` counts: as `Paths`, but repetition
    /// is not applied, and a drop that mates where the rules forbid it
    /// (`gives_mate`) is a move: Fairy-Stockfish scores that mate as a
    /// loss for the dropper instead of forbidding the drop.
    Fsf,
}

/// Move generation as a convention sees it.
pub fn convention_moves(pos: &mut Position, conv: Convention, out: &mut Vec<Move>) {
    match conv {
        Convention::Paths => legal_moves(pos, out),
        Convention::Effects => {
            legal_moves(pos, out);
            let pos_ref: &Position = pos;
            let mut keyed: Vec<(EffectKey, Move)> = out.iter().map(|m| (effect_key(pos_ref, m), *m)).collect();
            keyed.sort_by_key(|a| a.0);
            keyed.dedup_by(|a, b| a.0 == b.0);
            out.clear();
            out.extend(keyed.into_iter().map(|(_, m)| m));
        }
        Convention::Shogiops | Convention::Fsf => {
            let saved = (pos.outcome, pos.history.len());
            let history = std::mem::take(&mut pos.history);
            if conv == Convention::Fsf {
                if pos.outcome.is_some_and(|o| o.reason == EndReason::Repetition) {
                    pos.outcome = None;
                }
                crate::movegen::ignoring_drop_mates(|| legal_moves(pos, out));
            } else {
                pos.outcome = None;
                legal_moves(pos, out);
            }
            pos.outcome = saved.0;
            pos.history = history;
        }
    }
}

type EffectKey = (
    u16,
    u16,
    [u16; crate::movegen::MAX_LEGS],
    Promotion,
    u16,
    [u16; crate::movegen::MAX_SHOTS],
);

fn effect_key(pos: &Position, m: &Move) -> EffectKey {
    let mut caps = [u16::MAX; crate::movegen::MAX_LEGS];
    let mover = pos.piece_at(m.from).map(|(c, _)| c);
    // A set: a path that comes back to a square it captured on captures
    // there once (`e5xe6-e7-e6` and `e5xe6` take the same piece).
    for (i, &sq) in m.landings().iter().enumerate() {
        if sq != m.from && !m.landings()[..i].contains(&sq) && pos.piece_at(sq).is_some_and(|(c, _)| Some(c) != mover) {
            caps[i] = sq;
        }
    }
    caps.sort_unstable();
    let mut shots = m.shots;
    shots.sort_unstable();
    (m.from, m.to(), caps, m.promotion, m.chain, shots)
}

/// Counts leaf nodes at `depth` (depth 0 is the position itself: 1), on
/// this thread, without a table ([`Counter`] has both).
///
#[doc = include_str!("../../docs/examples/perft_1.md")]
pub fn perft(pos: &mut Position, depth: u32, conv: Convention) -> u64 {
    counter::serial(pos, depth, conv)
}

/// Per root move leaf counts at `depth`, in generation order.
pub fn divide(pos: &mut Position, depth: u32, conv: Convention) -> Vec<(Move, u64)> {
    let mut root = Vec::new();
    convention_moves(pos, conv, &mut root);
    root.into_iter()
        .map(|m| {
            let undo = pos.play_unchecked(&m);
            forget_end(pos, conv);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1, conv) };
            pos.unplay(&undo);
            (m, n)
        })
        .collect()
}

/// The game ends a convention does not count: every end for `Shogiops`,
/// a repetition for `Fsf`.
fn forget_end(pos: &mut Position, conv: Convention) {
    match conv {
        Convention::Shogiops => pos.outcome = None,
        Convention::Fsf if pos.outcome.is_some_and(|o| o.reason == EndReason::Repetition) => pos.outcome = None,
        _ => {}
    }
}
