//! The transposition-table key of a perft node: everything the count
//! below a node can depend on, folded into 64 bits.
//!
//! The position hash covers the board, the side to move and the hands.
//! The count below a node also depends on the last move (when a rule
//! reads it: `Ruleset::reads_last_move`), the kill history, the outcome and a pending answerable
//! win, which are mixed in here; and, under a repetition rule, on the
//! earlier positions of the game. Two paths to the same position differ
//! in those, so the key takes in only the earlier positions that the
//! subtree could reach again ([`HistoryUse`]), which keeps transpositions
//! as hits while staying exact.

use super::Convention;
use crate::position::{HAND_ENTRY, Position};
use crate::ruleset::RepetitionPolicy;

/// How the earlier positions of the game enter the key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HistoryUse {
    /// The count cannot depend on them (no repetition rule applies, or the
    /// tree is too shallow for a fourth occurrence).
    Ignored,
    /// A move may not make an n-th occurrence: the key takes in each
    /// earlier position of the path that the remaining depth could reach
    /// again. With `effects`, a move may change squares it does not land
    /// on, so the bound below does not hold and every earlier position of
    /// the path is taken in.
    Reachable { effects: bool },
    /// A fourth occurrence is possible within the depth: the count may
    /// depend on how often and with which checks a position occurred, so
    /// the table is not used.
    Unsafe,
}

impl HistoryUse {
    /// How the history matters for a perft of `depth` from `pos`.
    pub(crate) fn of(pos: &Position, conv: Convention, depth: u32) -> HistoryUse {
        if matches!(conv, Convention::Shogiops | Convention::Fsf) {
            // These conventions never apply the repetition rule.
            return HistoryUse::Ignored;
        }
        match pos.rules.repetition {
            RepetitionPolicy::Ignore => HistoryUse::Ignored,
            // A move may not make the n-th occurrence of a position: the key
            // sums the reachable earlier positions with their repeats, so
            // any n is told apart.
            RepetitionPolicy::ForbidUnlessInCheck | RepetitionPolicy::Forbid => HistoryUse::Reachable {
                effects: pos.rules.has_effects,
            },
            _ => {
                // A position seen m times (the root counts) needs n - m more
                // occurrences to end the game (n: `ending_occurrence`, 4 by
                // default); the first can come at ply 1 and, since a side
                // may have a move that changes nothing (a lion's pass), each
                // next one two plies later.
                let last = u32::from(pos.rules.ending_occurrence) - 1;
                let seen = pos.history.iter().filter(|&&h| h == pos.hash).count() + 1;
                let most = pos
                    .history
                    .iter()
                    .map(|h| pos.history.iter().filter(|&x| x == h).count())
                    .max()
                    .unwrap_or(0)
                    .max(seen)
                    .min(last as usize) as u32;
                let first_fourth = 1 + 2 * (last - most);
                if depth < first_fourth {
                    HistoryUse::Ignored
                } else {
                    HistoryUse::Unsafe
                }
            }
        }
    }
}

/// A 64-bit mixer (SplitMix64's finaliser): every input bit reaches every
/// output bit.
#[inline]
pub(crate) fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The key of the node `pos` with `depth` plies left. `root_history` is
/// the length of the game history at the perft's root and `marks[i]` the
/// journal length at ply `i` of the path from the root to this node;
/// `salt` stands for the game before the root ([`root_salt`]).
pub(crate) fn key(
    pos: &Position,
    depth: u32,
    history: HistoryUse,
    salt: u64,
    root_history: usize,
    marks: &[usize],
) -> u64 {
    let mut s = mix(salt);
    // The previous move matters only to rules that read it; leaving it out
    // otherwise lets move orders that end differently meet.
    if pos.rules.reads_last_move {
        s = mix(s ^ pos.last.mover.map_or(0xffff, u64::from) | pos.last.to.map_or(0xffff, u64::from) << 16);
        for &(sq, ty) in pos.last_captures() {
            s = mix(s ^ (u64::from(sq) << 16 | u64::from(ty) | 1 << 40));
        }
    }
    for word in pos.killed.iter().flatten() {
        s = mix(s ^ word);
    }
    s = mix(s ^ outcome_code(pos));
    s = mix(s ^ pos
        .pending_win
        .map_or(0, |(c, i)| 1 << 16 | (c as u64) << 8 | u64::from(i)));
    // Under a move limit the count below depends on how many moves were
    // counted, once the limit is within reach of the remaining depth.
    if let Some(limit) = pos.rules.victory.move_limit
        && pos.counted_plies.saturating_add(depth) >= limit.plies
    {
        s = mix(s ^ u64::from(pos.counted_plies) << 20);
    }
    if let HistoryUse::Reachable { effects } = history {
        // A sum, so that the same set of positions gives the same value
        // whatever ply each was at.
        let mut earlier = 0u64;
        let ply = marks.len();
        for (i, &mark) in marks.iter().enumerate() {
            let Some(&h) = pos.history.get(root_history + i) else {
                continue;
            };
            if effects || could_return(pos, mark, ply - i, depth) {
                earlier = earlier.wrapping_add(mix(h ^ 0x5bd1_e995));
            }
        }
        s = mix(s ^ earlier);
    }
    pos.hash ^ s
}

/// What the game before the root adds to every key of one perft: under a
/// repetition rule the counts depend on it, so a table shared by perfts
/// from different roots (`--jobs`) must not mix them.
pub(crate) fn root_salt(pos: &Position, history: HistoryUse) -> u64 {
    match history {
        HistoryUse::Ignored => 0,
        _ => pos.history.iter().fold(mix(pos.hash), |s, &h| mix(s ^ h)),
    }
}

fn outcome_code(pos: &Position) -> u64 {
    use crate::position::EndReason;
    pos.outcome.map_or(0, |o| {
        let reason = match o.reason {
            EndReason::Lost => 1,
            EndReason::Won(i) => 2 | u64::from(i) << 8,
            EndReason::Answered => 3,
            EndReason::Repetition => 4,
            EndReason::NoMoves => 5,
            EndReason::MoveLimit => 6,
        };
        1 << 32 | (o.black as u64) << 24 | reason
    })
}

/// Whether the position `back` plies before `pos` (the one whose journal
/// length was `mark`) could be reached again within `depth` plies, in a
/// variant where a move puts exactly one piece on a square (its last
/// landing, or a drop). Every square where that position had a piece and
/// `pos` has something else needs its own move, and the plies to come
/// back have the parity of `back`.
fn could_return(pos: &Position, mark: usize, back: usize, depth: u32) -> bool {
    let parity_min = if back.is_multiple_of(2) { 2 } else { 1 };
    if depth < parity_min {
        return false;
    }
    let changed = &pos.journal[mark.min(pos.journal.len())..];
    let mut displaced = 0u32;
    for (i, &(sq, old)) in changed.iter().enumerate() {
        // The first entry of a square holds its content at that ply.
        if sq >= HAND_ENTRY || old == 0 || changed[..i].iter().any(|e| e.0 == sq) {
            continue;
        }
        if pos.cells[usize::from(sq)] != old {
            displaced += 1;
        }
    }
    let mut needed = displaced.max(parity_min);
    if (needed - parity_min) % 2 == 1 {
        needed += 1;
    }
    needed <= depth
}
