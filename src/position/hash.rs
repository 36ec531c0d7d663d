//! Zobrist hashing: the key of a piece on a square, the hash of a whole
//! board, and the hash of the position a move leads to, worked out from
//! the squares and hands the move changes (no copy of the position).

use super::{Cell, Position, cell, cell_colour, cell_type, for_swept, placed_cell, victims};
use crate::board::{Colour, Square};
use crate::compile::splitmix;
use crate::moves::{MAX_LEGS, Move};
use crate::ruleset::{Ruleset, TypeId};

/// The Zobrist key of the piece `c` on `sq`: worked out from the pair's
/// index rather than read from a table, which on Taikyoku's 36x36 board
/// would hold some 800 piece codes x 1,296 squares x 8 bytes (10 MB, half
/// of what loading that rule file took).
#[inline]
pub(crate) fn piece_key(rules: &Ruleset, c: Cell, sq: Square) -> u64 {
    let i = (usize::from(c) * rules.geometry.len() + usize::from(sq)) as u64;
    splitmix(i.wrapping_mul(0x2545_F491_4F6C_DD1D).wrapping_add(1))
}

/// The keys of `colour`'s pieces on a board (its part of the board hash).
pub(super) fn side_board_hash(rules: &Ruleset, cells: &[Cell], colour: Colour) -> u64 {
    let mut hash = 0;
    for (sq, &c) in cells.iter().enumerate() {
        if c != 0 && cell_colour(c) == colour {
            hash ^= piece_key(rules, c, sq as Square);
        }
    }
    hash
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
/// effects (shots, promotion effects, demotions, several auras), which can
/// change any square so that only playing the move tells which; a single
/// aura is worked out (`aura_hash`).
pub(crate) fn hash_after(pos: &Position, m: &Move) -> Option<u64> {
    let rules = &*pos.rules;
    if rules.has_effects && !rules.single_aura {
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
    if m.sweep != 0 && rules.drops.is_some() {
        // The pieces a range capture passes go to hand too: not worked out.
        return None;
    }
    for_swept(pos, m, |sq, c| h ^= piece_key(rules, c, sq));
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
    if rules.has_effects {
        return Some(super::aura_hash::landing(pos, m, &caps[..n_caps], h));
    }
    Some(h ^ piece_key(rules, placed_cell(pos, m), m.to()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::legal_moves;

    /// In every bundled variant without effects, along a fixed game, the
    /// hash each legal move leads to is the one playing it gives.
    #[test]
    fn hash_after_is_the_hash_playing_gives() {
        let mut checked = 0;
        for name in crate::rules::bundled_names() {
            let rules = crate::rules::load_variant(name, &[]).expect("bundled rules compile");
            if rules.has_effects {
                continue;
            }
            let mut pos = Position::start(rules);
            let mut moves = Vec::new();
            for ply in 0..60usize {
                legal_moves(&pos, &mut moves).unwrap();
                if moves.is_empty() {
                    break;
                }
                for m in &moves {
                    let undo = pos.play_unchecked(m);
                    let played = pos.hash;
                    let side_key = if pos.side == Colour::White {
                        pos.rules.zobrist_side
                    } else {
                        0
                    };
                    assert_eq!(
                        pos.side_hash[0] ^ pos.side_hash[1] ^ side_key,
                        played,
                        "{name}: side hashes"
                    );
                    pos.unplay(&undo);
                    assert_eq!(hash_after(&pos, m), Some(played), "{name}: {}", pos.to_text());
                    checked += 1;
                }
                // Prefer captures, so that hands fill and drops follow.
                let pick = moves
                    .iter()
                    .position(|m| m.landings().iter().any(|&s| pos.cells[usize::from(s)] != 0))
                    .unwrap_or(ply * 7919 % moves.len());
                let m = moves[pick];
                pos.play_unchecked(&m);
            }
        }
        assert!(checked > 10_000, "only {checked} moves checked");
    }

    /// Hands of 63 and more pieces of a kind hash apart (issue 22: every
    /// count from 63 up shared a key, so a game could be drawn by a
    /// repetition that never happened). In each bundled variant with drops,
    /// its first kind in hand, 60 to 1,000 of it in Black's hand.
    #[test]
    fn large_hands_hash_apart() {
        let mut checked = 0;
        for name in crate::rules::bundled_names() {
            let rules = crate::rules::load_variant(name, &[]).expect("bundled");
            let Some(&ty) = rules.drops.as_ref().and_then(|d| d.hand_types.first()) else {
                continue;
            };
            let code = rules.types[usize::from(ty)].code.clone();
            let start = Position::start(rules.clone()).to_text();
            let (board, rest) = start.split_once(' ').expect("board, then side");
            let hash = |n: u32| {
                // A start that already has a hand (a setup `hand`) gets one more entry.
                let text = match board.strip_suffix(']') {
                    Some(open) => format!("{open},{n}{code}] {rest}"),
                    None => format!("{board}[{n}{code}] {rest}"),
                };
                Position::from_text(rules.clone(), &text).expect("a position").hash
            };
            let hashes: Vec<u64> = (60..=1000).map(hash).collect();
            let mut distinct = hashes.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), hashes.len(), "{name}");
            checked += 1;
        }
        assert!(checked > 3, "{checked} variants with drops");
    }

    /// Repetition is judged on positions: a piece of each side moves out
    /// and back (the start position again, found), then an earlier entry
    /// of the history is forged to the current hash while its position
    /// differed (no repetition). In every bundled variant without effects
    /// where such moves exist.
    #[test]
    fn a_hash_match_is_checked_against_the_position() {
        let mut checked = 0;
        for name in crate::rules::bundled_names() {
            let rules = crate::rules::load_variant(name, &[]).expect("bundled");
            if rules.has_effects {
                continue;
            }
            let mut pos = Position::start(rules);
            let start = pos.hash;
            let quiet = |pos: &Position, m: &Move| {
                m.drop.is_none()
                    && m.len == 1
                    && m.promotion == crate::moves::Promotion::None
                    && pos.cells[usize::from(m.to())] == 0
            };
            let mut out = Vec::new();
            for _ in 0..2 {
                let mut moves = Vec::new();
                legal_moves(&pos, &mut moves).unwrap();
                let Some(&m) = moves.iter().find(|m| quiet(&pos, m)) else {
                    break;
                };
                pos.play_unchecked(&m);
                out.push(m);
            }
            for o in &out {
                let mut moves = Vec::new();
                legal_moves(&pos, &mut moves).unwrap();
                let back = moves
                    .iter()
                    .find(|m| quiet(&pos, m) && m.from == o.to() && m.to() == o.from);
                let Some(&m) = back else { break };
                pos.play_unchecked(&m);
            }
            if pos.history.len() != 4 || pos.hash != start {
                continue;
            }
            assert!(pos.occurred_at(0), "{name}: the start position again");
            pos.history[1] = pos.hash;
            assert!(!pos.occurred_at(1), "{name}: a hash alone is no repetition");
            assert!(!pos.occurred_at(2) && !pos.occurred_at(99));
            checked += 1;
        }
        assert!(checked >= 2, "{checked} variants");
    }
}
