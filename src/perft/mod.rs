//! Perft: counting the leaves of the legal-move tree, with the counting
//! convention made explicit.

mod counter;
mod effect;
pub mod jobs;
pub(crate) mod key;
pub(crate) mod table;

pub use counter::{Counter, MAX_THREADS, TABLE_UNSAFE};

use crate::movegen::{Move, TooManyMoves, legal_move_count, legal_moves};
use crate::position::{EndReason, Position};
use effect::{Scratch, merge_same_effects};

/// How moves are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// Every legal move counts: a move is its whole path (origin, every
    /// landing, shots, promotion choice), so a lion reaching a square by a
    /// jump and by two steps through an empty square makes two moves. A
    /// position where the game is over has no moves.
    Paths,
    /// Moves with the same effect count once: same origin, final square,
    /// set of captured squares, shots and promotion (and for a drop, the
    /// piece dropped).
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

/// Move generation as a convention sees it (an error past the move
/// budget, as [`legal_moves`]).
pub fn convention_moves(pos: &mut Position, conv: Convention, out: &mut Vec<Move>) -> Result<(), TooManyMoves> {
    convention_moves_with(pos, conv, out, &mut Scratch::default())
}

/// [`convention_moves`] with the caller's scratch buffers, so that a
/// perft allocates nothing per node.
pub(crate) fn convention_moves_with(
    pos: &mut Position,
    conv: Convention,
    out: &mut Vec<Move>,
    scratch: &mut Scratch,
) -> Result<(), TooManyMoves> {
    match conv {
        Convention::Paths => legal_moves(pos, out),
        Convention::Effects => {
            legal_moves(pos, out)?;
            merge_same_effects(pos, out, scratch);
            Ok(())
        }
        Convention::Shogiops | Convention::Fsf => {
            let saved = pos.outcome;
            let history = std::mem::take(&mut pos.history);
            let listed = if conv == Convention::Fsf {
                if pos.outcome.is_some_and(|o| o.reason == EndReason::Repetition) {
                    pos.outcome = None;
                }
                crate::movegen::ignoring_drop_mates(|| legal_moves(pos, out))
            } else {
                pos.outcome = None;
                legal_moves(pos, out)
            };
            pos.outcome = saved;
            pos.history = history;
            listed
        }
    }
}

/// How many moves [`convention_moves_with`] gives, without listing them
/// where the convention counts every legal move as it is (`Paths`; see
/// [`legal_move_count`]).
pub(crate) fn convention_count(
    pos: &mut Position,
    conv: Convention,
    out: &mut Vec<Move>,
    scratch: &mut Scratch,
) -> Result<u64, TooManyMoves> {
    if conv == Convention::Paths {
        return Ok(legal_move_count(pos, out)? as u64);
    }
    convention_moves_with(pos, conv, out, scratch)?;
    Ok(out.len() as u64)
}

/// Counts leaf nodes at `depth` (depth 0 is the position itself: 1), on
/// this thread, without a table ([`Counter`] has both). A position on the
/// way with more moves than the budget allows is an error.
///
#[doc = include_str!("../../docs/examples/perft_1.md")]
pub fn perft(pos: &mut Position, depth: u32, conv: Convention) -> Result<u64, TooManyMoves> {
    counter::serial(pos, depth, conv)
}

/// Per root move leaf counts at `depth`, in generation order.
pub fn divide(pos: &mut Position, depth: u32, conv: Convention) -> Result<Vec<(Move, u64)>, TooManyMoves> {
    let mut root = Vec::new();
    convention_moves(pos, conv, &mut root)?;
    root.into_iter()
        .map(|m| {
            let undo = pos.play_unchecked(&m);
            forget_end(pos, conv);
            let n = if depth <= 1 { Ok(1) } else { perft(pos, depth - 1, conv) };
            pos.unplay(&undo);
            Ok((m, n?))
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
