//! Zobrist hashing: the key of a piece on a square, the hash of a whole
//! board, and the hash of the position a move leads to, worked out from
//! the squares and hands the move changes (no copy of the position).

use super::{Cell, Position, cell, cell_colour, cell_type, placed_cell, victims};
use crate::board::{Colour, Square};
use crate::moves::{MAX_LEGS, Move};
use crate::ruleset::{Ruleset, TypeId};

/// The Zobrist key of the piece `c` on `sq`.
#[inline]
pub(crate) fn piece_key(rules: &Ruleset, c: Cell, sq: Square) -> u64 {
    rules.zobrist[usize::from(c) * rules.geometry.len() + usize::from(sq)]
}

/// The hash of a board with `side` to move (hands not included).
pub(super) fn board_hash(rules: &Ruleset, cells: &[Cell], side: Colour) -> u64 {
    let mut hash = 0;
    for (sq, &c) in cells.iter().enumerate() {
        if c != 0 {
            hash ^= piece_key(rules, c, sq as Square);
        }
    }
    if side == Colour::White {
        hash ^= rules.zobrist_side;
    }
    hash
}

/// The hash of the position a move leads to, without changing `pos`, as
/// [`Position::play_unchecked`] would leave it. `None` in variants with
/// effects: shots, auras, promotion effects and demotions can change any
/// square, and only playing the move tells which.
pub(crate) fn hash_after(pos: &Position, m: &Move) -> Option<u64> {
    let rules = &*pos.rules;
    if rules.has_effects {
        return None;
    }
    let side = pos.side;
    let mut h = pos.hash ^ rules.zobrist_side;
    let types = rules.types.len();
    if let Some(ty) = m.drop {
        // From the hand (counted under its unpromoted type) onto the board.
        if let Some(drops) = &rules.drops {
            let base = rules.origin(ty);
            let old = pos.in_hand(side, base);
            h ^= drops.hand_key(types, side, base, old) ^ drops.hand_key(types, side, base, old.saturating_sub(1));
        }
        return Some(h ^ piece_key(rules, cell(side, ty), m.to()));
    }
    let mover = pos.cells[usize::from(m.from)];
    h ^= piece_key(rules, mover, m.from);
    let mut caps = [(0, 0); MAX_LEGS];
    let n_caps = victims(pos, m, &mut caps);
    // Hand counts this move has raised so far: (type, count now).
    let mut raised: [(TypeId, u16); MAX_LEGS] = [(0, 0); MAX_LEGS];
    let mut n_raised = 0;
    for &(sq, c) in &caps[..n_caps] {
        h ^= piece_key(rules, c, sq);
        if let Some(drops) = &rules.drops
            && let Some(ty) = drops.to_hand[usize::from(cell_type(c))]
        {
            // The capturer is the side to move (victims are enemies).
            let owner = cell_colour(c).opposite();
            let slot = match raised[..n_raised].iter().position(|&(t, _)| t == ty) {
                Some(i) => i,
                None => {
                    raised[n_raised] = (ty, pos.in_hand(owner, ty));
                    n_raised += 1;
                    n_raised - 1
                }
            };
            let old = raised[slot].1;
            let new = old.saturating_add(1);
            raised[slot].1 = new;
            h ^= drops.hand_key(types, owner, ty, old) ^ drops.hand_key(types, owner, ty, new);
        }
    }
    Some(h ^ piece_key(rules, placed_cell(pos, m), m.to()))
}
