//! The interpreter's move generator: walks each piece's compiled movement
//! programs over the board, with the shots a shooter may fire on the way,
//! then applies the rule file's promotion conditions, capture restrictions,
//! freezing lines and the repetition rule.
//!
//! It never asks what a piece is called, only what its program says. The
//! hot path allocates nothing: paths live in fixed arrays and moves are
//! pushed into a caller-owned buffer. (Shooting conditions and mid-move
//! effects, which only some variants have, build a scratch board.)

mod check;
mod effects;
mod enemy_rows;
mod facts;
mod paths;
mod rare;
mod sweep;
mod walker;

pub use crate::moves::{MAX_LEGS, MAX_SHOTS, Move, Promotion};
pub(crate) use check::{attacked, attacked_at};
pub use check::{attacked_among, in_check};
pub(crate) use effects::on_board;
pub(crate) use facts::{BoardView, DropFacts, PathFacts, PointFacts, SideFacts, ignoring_drop_mates};
pub use paths::chain_candidates;
pub(crate) use walker::{Walker, walk_piece_at};

use crate::board::{NO_SQUARE, Square};
use crate::dsl::eval;
use crate::position::{Position, cell_colour, cell_type};
use crate::ruleset::{FreezeMode, RepetitionPolicy};

/// Squares whose pieces cannot move this turn: each is seen along a
/// freezing line of an enemy source.
fn frozen(pos: &Position) -> Vec<bool> {
    let rules = &*pos.rules;
    let mut out = vec![false; pos.cells.len()];
    for sq in pos.occupied() {
        let c = pos.cells[usize::from(sq)];
        let owner = cell_colour(c);
        for z in rules.effects.freezes.iter().filter(|z| z.source.contains(cell_type(c))) {
            for &o in &z.lines[owner.index()] {
                let mut t = sq;
                loop {
                    t = rules.offsets.target(o, t);
                    if t == NO_SQUARE {
                        break;
                    }
                    let v = pos.cells[usize::from(t)];
                    if v == 0 {
                        continue;
                    }
                    let enemy = cell_colour(v) != owner;
                    if enemy {
                        out[usize::from(t)] = true;
                    }
                    match z.mode {
                        FreezeMode::FirstPiece => break,
                        FreezeMode::UntilFriendly if !enemy => break,
                        _ => {}
                    }
                }
            }
        }
    }
    out
}

/// Is the piece on `sq` frozen (it cannot move this turn)?
pub fn is_frozen(pos: &Position, sq: Square) -> bool {
    !pos.rules.effects.freezes.is_empty() && frozen(pos)[usize::from(sq)]
}

/// Every legal move of the side to move, in generation order.
///
#[doc = include_str!("../../docs/examples/movegen_mod_1.md")]
pub fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    out.clear();
    if pos.outcome.is_some() {
        return;
    }
    let rules = &*pos.rules;
    let side = pos.side;
    let frozen = if rules.effects.freezes.iter().all(|z| !effects::on_board(pos, &z.source)) {
        Vec::new()
    } else {
        frozen(pos)
    };
    // Where the aura sources stand, so that a landing looks only at them.
    let mut sources = [NO_SQUARE; 16];
    let mut n_sources = 0;
    let mut sources_listed = rules.has_effects && !rules.effects.auras.is_empty();
    // (The piece counts say when none stands, as Ko's flames mostly do.)
    if sources_listed && rules.effects.auras.iter().any(|a| effects::on_board(pos, &a.source)) {
        for sq in pos.occupied() {
            let c = pos.cells[usize::from(sq)];
            if rules.effects.auras.iter().any(|a| a.source.contains(cell_type(c))) {
                if n_sources == sources.len() {
                    sources_listed = false;
                    break;
                }
                sources[n_sources] = sq;
                n_sources += 1;
            }
        }
    }
    let aura_sources = sources_listed.then_some(&sources[..n_sources]);
    let mut walker = walker::playing(pos, aura_sources);
    for sq in pos.pieces(side) {
        if frozen.get(usize::from(sq)) == Some(&true) {
            continue;
        }
        let c = pos.cells[usize::from(sq)];
        let start = out.len();
        let mut emit = |w: &Walker| {
            paths::push_path(pos, w, out);
            false
        };
        walker.walk_piece(sq, &mut emit);
        if rules.overlapping[rules.types[usize::from(cell_type(c))].kind] {
            // The same path from two alternatives is one move.
            out[start..].sort_unstable_by_key(paths::move_key);
            let mut kept = start;
            for i in start..out.len() {
                if i == start || out[i] != out[kept - 1] {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
    }
    if rules.drops.is_some() {
        push_drops(pos, out);
    }
    if let Some(royals) = &rules.royals {
        check::keep_royals_safe(pos, royals, out);
    }
    if matches!(
        rules.repetition,
        RepetitionPolicy::ForbidUnlessInCheck | RepetitionPolicy::Forbid
    ) {
        keep_unrepeated(pos, out);
    }
}

/// Removes the moves that would create the `forbidden_occurrence`th
/// occurrence of a position (unless the mover is in check, under
/// `forbid-unless-in-check`). The position after a move has the other
/// side to move, as every second earlier one has.
///
/// Most moves need no hash: without effects, a move that captures nothing
/// leaves the other side's pieces (board and hand) as they stand, so it can
/// recreate only an earlier position in which they stood the same
/// (`Position::history_own`). When fewer such positions than needed exist,
/// only capturing moves are looked at, and without drops not even those:
/// then no move adds a piece to the board, so a capture leaves fewer
/// pieces than every earlier position had.
fn keep_unrepeated(pos: &Position, out: &mut Vec<Move>) {
    let rules = &*pos.rules;
    let side = pos.side;
    let earlier = usize::from(rules.forbidden_occurrence) - 1;
    if pos.history.len().div_ceil(2) < earlier {
        return;
    }
    let other = pos.side_hash[side.opposite().index()];
    let quiet_cannot_repeat = !rules.has_effects
        && pos
            .history_own
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&h| h == other)
            .take(earlier)
            .count()
            < earlier;
    if quiet_cannot_repeat && rules.drops.is_none() {
        return;
    }
    let exempt_in_check = rules.repetition == RepetitionPolicy::ForbidUnlessInCheck;
    let mut check: Option<bool> = None;
    out.retain(|m| {
        if quiet_cannot_repeat && !captures(pos, m) {
            return true;
        }
        // (Compile refuses these policies in variants with effects, the
        // only ones whose next hash is not known without playing.)
        let Some(h) = crate::position::hash_after(pos, m) else {
            return true;
        };
        let seen = pos
            .history
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&old| old == h)
            .take(earlier)
            .count();
        if seen < earlier {
            return true;
        }
        exempt_in_check && *check.get_or_insert_with(|| in_check(pos, side))
    });
}

/// Does `m` capture a piece (by landing or by passing)?
fn captures(pos: &Position, m: &Move) -> bool {
    m.sweep != 0
        || m.drop.is_none()
            && m.landings().iter().any(|&sq| {
                let c = pos.cells[usize::from(sq)];
                c != 0 && cell_colour(c) != pos.side
            })
}

/// Every drop the side to move may make: each type in its hand on each
/// empty square (promoted too, for `promoted_drops`), unless `[drops]
/// forbid` holds.
fn push_drops(pos: &Position, out: &mut Vec<Move>) {
    let rules = &*pos.rules;
    let Some(drops) = &rules.drops else { return };
    let side = pos.side;
    for &ty in &drops.hand_types {
        if pos.in_hand(side, ty) == 0 {
            continue;
        }
        let promoted = if drops.promoted_drops.contains(ty) {
            rules.types[usize::from(ty)].promotes_to
        } else {
            None
        };
        for sq in pos.empty_squares() {
            for placed in [Some(ty), promoted].into_iter().flatten() {
                let facts = DropFacts {
                    pos,
                    colour: side,
                    ty: placed,
                    to: sq,
                };
                if drops.forbid.as_ref().is_some_and(|f| eval(f, &facts) != 0) {
                    continue;
                }
                out.push(Move::dropping(placed, sq));
            }
        }
    }
}
