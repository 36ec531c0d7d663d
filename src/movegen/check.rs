//! Attack and check: can a side land on a square, is a royal attacked,
//! can a move of the other side remove it (check), and the filter that
//! removes moves leaving one of the mover's royals attacked.

use super::{Walker, walk_piece_at};
use crate::board::{Colour, NO_SQUARE, Square};
use crate::moves::{MAX_LEGS, Move};
use crate::position::{Cell, Position, cell, cell_colour, cell_type, for_swept};
use crate::ruleset::CaptureMode;

/// Could a piece of colour `by` land on `target` (treated as holding an
/// enemy of `by`)? Capture restrictions are not applied: this is the
/// "could recapture by a legal-looking move" of protection rules.
///
/// One-leg attacks are looked up backwards from `target`
/// ([`crate::ruleset::AttackRays`]); only pieces of types with other
/// programs are walked. A leap to anywhere counts only where its capture
/// would pass the capture restrictions, judged one level deep (see
/// [`Walker`]).
pub(crate) fn attacked(pos: &Position, cells: &[Cell], by: Colour, target: Square) -> bool {
    attacked_at(pos, cells, by, target, 1)
}

/// [`attacked`] at a depth of protection judgments.
pub(crate) fn attacked_at(pos: &Position, cells: &[Cell], by: Colour, target: Square, depth: u8) -> bool {
    attackers_at(pos, cells, by, target, depth, |_| true)
}

/// The pieces of colour `by` that could land on `target` ([`attacked_at`]'s
/// judgment), each given to `found` (a piece may be given twice) until it
/// returns true; returns whether it did.
#[inline(always)]
pub(crate) fn attackers_at(
    pos: &Position,
    cells: &[Cell],
    by: Colour,
    target: Square,
    depth: u8,
    mut found: impl FnMut(Square) -> bool,
) -> bool {
    let rules = &*pos.rules;
    let table = rules.attack_rays();
    let squares = rules.offsets.squares;
    let occ = cells[usize::from(target)];
    for ray in &table.rays[by.index()] {
        // What a landing on `target` needs (as `Walker::land` judges it).
        let lands = match ray.capture {
            CaptureMode::Never => occ == 0,
            CaptureMode::Must => occ != 0 && cell_colour(occ) != by,
            CaptureMode::May => occ == 0 || cell_colour(occ) != by,
        };
        if !lands {
            continue;
        }
        let back = &table.back[usize::from(ray.offset) * squares..][..squares];
        let mut sq = target;
        for _ in 0..ray.reach {
            sq = back[usize::from(sq)];
            if sq == NO_SQUARE {
                break;
            }
            let c = cells[usize::from(sq)];
            if c != 0 {
                if cell_colour(c) == by && ray.types.contains(cell_type(c)) && found(sq) {
                    return true;
                }
                break;
            }
        }
    }
    let walked = &table.walked[by.index()];
    if walked.is_empty() {
        return false;
    }
    // How far each walked type can reach (Chebyshev, from its programs'
    // legs: `CheckTables::walked`), so that a piece too far away is not
    // walked. Not where pieces hop over screens, as there the bound is
    // not used anywhere.
    let reach = (!table.screens).then(|| &rules.check_tables().walked[by.index()]);
    let geo = &rules.geometry;
    for (sq, &c) in cells.iter().enumerate() {
        if c != 0 && cell_colour(c) == by && sq != usize::from(target) && walked.contains(cell_type(c)) {
            if let Some(reach) = reach
                && geo.distance(sq as Square, target) as u32 > reach[usize::from(cell_type(c))]
            {
                continue;
            }
            let mut hit = |w: &Walker| w.path[w.len - 1] == target;
            if walk_piece_at(pos, cells, sq as Square, depth, &mut hit) && found(sq as Square) {
                return true;
            }
        }
    }
    false
}

/// Is `side` in check: has the other side a pseudo-legal move that
/// removes one of `side`'s pieces of the ruleset's check set
/// ([`threatened_among`])?
pub fn in_check(pos: &Position, side: Colour) -> bool {
    threatened_among(pos, side, &pos.rules.check_set)
}

/// Has the other side a pseudo-legal move (one the move generator would
/// list were it that side's turn, before the royal-safety and repetition
/// filters) that removes a piece of `side` in `set`? A move removes what
/// playing it removes: the pieces on its landings (igui's too) and those a
/// range capture passes, and in a variant with effects what its shots,
/// burning and promotion effects kill (Tenjiku §8.2: burning removes like
/// a capture, §4.3).
///
/// Where a move removes a piece only by ending on it and no capture
/// restriction concerns `set` (`AttackRays::last_landing_only`), that is
/// whether the piece is attacked, looked up backwards ([`attacked_among`], as
/// fast as before). Otherwise the other side's moves are generated on a
/// copy of the position and, in a variant with effects, played. When they
/// are more than the move budget allows, the answer is yes: a threat
/// cannot be ruled out.
pub fn threatened_among(pos: &Position, side: Colour, set: &crate::dsl::TypeSet) -> bool {
    let rules = &*pos.rules;
    let restricted = !rules.restrictions.is_empty()
        && rules
            .restricted_victims
            .as_ref()
            .is_none_or(|victims| victims.iter().any(|ty| set.contains(ty)));
    if rules.attack_rays().last_landing_only && !restricted {
        return attacked_among(pos, side, set);
    }
    let targets: Vec<Square> = pos
        .pieces(side)
        .filter(|&sq| set.contains(cell_type(pos.cells[usize::from(sq)])))
        .collect();
    if targets.is_empty() {
        return false;
    }
    let mut other = pos.clone();
    other.side = side.opposite();
    let mut moves = Vec::new();
    if super::generate::<false, { super::ALL }>(&other, &mut moves, super::move_limit(), None).is_err() {
        // More moves than the budget allows: a threat cannot be ruled out.
        return true;
    }
    if !rules.has_effects {
        // Without effects a move removes the pieces on its landings and
        // those its range capture passes (as `play` kills them).
        return moves.iter().any(|m| {
            let mut swept = false;
            for_swept(pos, m, |sq, _| swept |= targets.contains(&sq));
            swept || m.landings().iter().any(|sq| targets.contains(sq))
        });
    }
    // (Compile refuses the repetition policies that judge checks after
    // every move in variants with effects: playing here asks no check.)
    moves.iter().any(|m| {
        let undo = other.play_unchecked(m);
        let removed = targets.iter().any(|&k| {
            let c = other.cells[usize::from(k)];
            c == 0 || cell_colour(c) != side
        });
        other.unplay(&undo);
        removed
    })
}

/// Whether the piece on `sq` could take an enemy piece with one of its
/// moves on the board as it stands (the side to move aside): lishogi's
/// "attack" that counts as a check in its perpetual-check rule
/// (`[repetition] attacks_count_as_check`).
pub(crate) fn attacks_an_enemy(pos: &Position, sq: Square) -> bool {
    let cells = &pos.cells;
    let c = cells[usize::from(sq)];
    if c == 0 {
        return false;
    }
    let by = cell_colour(c);
    let mut hit = |w: &Walker| {
        w.path[..w.len].iter().any(|&t| {
            let v = cells[usize::from(t)];
            v != 0 && cell_colour(v) != by
        })
    };
    walk_piece_at(pos, cells, sq, 1, &mut hit)
}

/// Whether the other side attacks a piece of `side` in `set`.
pub fn attacked_among(pos: &Position, side: Colour, set: &crate::dsl::TypeSet) -> bool {
    pos.pieces(side)
        .any(|sq| set.contains(cell_type(pos.cells[usize::from(sq)])) && attacked(pos, &pos.cells, side.opposite(), sq))
}

/// Removes the moves after which one of the mover's royals (`[victory]
/// check`) is attacked. The board is copied once per call, and each move
/// is tried on the copy and taken back.
pub(super) fn keep_royals_safe(pos: &Position, royals: &crate::dsl::TypeSet, out: &mut Vec<Move>) {
    let side = pos.side;
    let mut kings = [NO_SQUARE; 8];
    let mut n_kings = 0;
    let mut n_royals = 0;
    for sq in pos.pieces(side) {
        if royals.contains(cell_type(pos.cells[usize::from(sq)])) {
            n_royals += 1;
            if n_kings < kings.len() {
                kings[n_kings] = sq;
                n_kings += 1;
            }
        }
    }
    // `[victory] check_up_to`: with more royals than that, none is kept safe.
    if n_kings == 0 || n_royals > pos.rules.check_up_to {
        return;
    }
    let mut board = pos.cells.clone();
    let enemy = side.opposite();
    let in_check = kings[..n_kings].iter().any(|&k| attacked(pos, &board, enemy, k));
    // Out of check, a one-landing move of a non-royal piece can expose a
    // royal only by vacating its origin (the landing only blocks, and the
    // piece it takes stood there), and a drop cannot: judge each origin
    // once. Not where pieces hop: a landing or a drop can be a screen.
    let mut exposes_from: (Square, bool) = (NO_SQUARE, false);
    let only_origins = !in_check && !pos.rules.attack_rays().screens;
    out.retain(|m| {
        if only_origins {
            match m.drop {
                Some(_) => return true,
                None if m.len == 1 && !royals.contains(cell_type(board[usize::from(m.from)])) => {
                    if exposes_from.0 != m.from {
                        let mover = board[usize::from(m.from)];
                        board[usize::from(m.from)] = 0;
                        let exposed = kings[..n_kings].iter().any(|&k| attacked(pos, &board, enemy, k));
                        board[usize::from(m.from)] = mover;
                        exposes_from = (m.from, exposed);
                    }
                    if !exposes_from.1 {
                        return true;
                    }
                }
                None => {}
            }
        }
        if m.sweep != 0 {
            // A range capture clears a whole line: judge it on a copy.
            let mut after = board.clone();
            let mover = after[usize::from(m.from)];
            for_swept(pos, m, |sq, _| after[usize::from(sq)] = 0);
            after[usize::from(m.from)] = 0;
            for &sq in m.landings() {
                after[usize::from(sq)] = 0;
            }
            after[usize::from(m.to())] = mover;
            return kings[..n_kings].iter().all(|&k| {
                let k = if royals.contains(cell_type(mover)) && k == m.from {
                    m.to()
                } else {
                    k
                };
                after[usize::from(k)] == 0 && k != m.to() || !attacked(pos, &after, enemy, k)
            });
        }
        let mut saved = [(NO_SQUARE, 0 as Cell); MAX_LEGS + 2];
        let mut n_saved = 0;
        let mut put = |board: &mut Vec<Cell>, sq: Square, c: Cell| {
            saved[n_saved] = (sq, board[usize::from(sq)]);
            n_saved += 1;
            board[usize::from(sq)] = c;
        };
        let mut moved_king = NO_SQUARE;
        match m.drop {
            Some(ty) => put(&mut board, m.to(), cell(side, ty)),
            None => {
                let mover = board[usize::from(m.from)];
                if royals.contains(cell_type(mover)) {
                    moved_king = m.from;
                }
                put(&mut board, m.from, 0);
                for &sq in m.landings() {
                    put(&mut board, sq, 0);
                }
                put(&mut board, m.to(), mover);
            }
        }
        let safe = kings[..n_kings].iter().all(|&k| {
            let k = if k == moved_king { m.to() } else { k };
            !attacked(pos, &board, enemy, k)
        });
        for &(sq, c) in saved[..n_saved].iter().rev() {
            board[usize::from(sq)] = c;
        }
        safe
    });
}
