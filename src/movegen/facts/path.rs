//! [`PathFacts`]: the answers a move path's conditions get (move,
//! promotion and restriction conditions, protection included).

use super::super::{Walker, attacked_at, walk_piece_at};
use super::{count, fact, last_mover, near, on_file};
use crate::board::{Colour, Square};
use crate::dsl::{Facts, Metric, PieceFact, PieceRef, Protection, SquareRef, TypeSet};
use crate::position::{Cell, Position, cell, cell_colour, cell_type};

/// Facts about a move path. `victim` indexes the landing whose capture is
/// being judged (`usize::MAX` when judging promotion).
pub(crate) struct PathFacts<'a, 'w> {
    pub(crate) pos: &'a Position,
    pub(crate) w: &'a Walker<'w>,
    pub(crate) victim: usize,
}

impl PathFacts<'_, '_> {
    fn victim_cell(&self, i: usize) -> Option<(Cell, Square)> {
        let c = *self.w.victims.get(i)?;
        (i < self.w.len && c != 0).then(|| (c, self.w.path[i]))
    }

    /// Whether the enemy could land on the victim's square, judged as
    /// `when` says, on a board lent by [`with_board`] (no allocation once
    /// the thread has judged one).
    fn victim_protected(&self, when: Protection) -> bool {
        let Some((victim, target)) = self.victim_cell(self.victim) else {
            return false;
        };
        let defender = cell_colour(victim);
        let w = self.w;
        let mover = w.mover();
        let depth = w.depth + 1;
        // The board the path was walked on (the position's, or a changed
        // one when this is judged inside another protection judgment).
        with_board(w.cells, |board| {
            if when == Protection::BeforeXray {
                board[usize::from(w.from)] = 0;
            } else if when != Protection::Before {
                board[usize::from(w.from)] = 0;
                for i in 0..w.len {
                    if w.victims[i] != 0 {
                        board[usize::from(w.path[i])] = 0;
                    }
                }
                // Pieces a range capture passed are captured too.
                w.for_swept(|sq, _| board[usize::from(sq)] = 0);
                board[usize::from(w.path[w.len - 1])] = mover;
            }
            // The square is judged as if it held an enemy of the defender.
            let t = usize::from(target);
            if board[t] == 0 || cell_colour(board[t]) == defender {
                board[t] = cell(defender.opposite(), cell_type(mover));
            }
            if attacked_at(self.pos, board, defender, target, depth) {
                return true;
            }
            if when != Protection::AfterCountingCaptured {
                return false;
            }
            // Captured pieces that still count: each moves on the board of
            // after the move (its own square is empty to the others).
            let mut ghost_reaches = |sq: Square, c: Cell| {
                let before = std::mem::replace(&mut board[usize::from(sq)], c);
                let hit = walk_piece_at(self.pos, board, sq, depth, &mut |g: &Walker| {
                    g.path[g.len - 1] == target
                });
                board[usize::from(sq)] = before;
                hit
            };
            // Those a range capture passed count as much as those taken on
            // a landing: each is a piece the move captured.
            let mut swept_reach = false;
            w.for_swept(|sq, c| swept_reach = swept_reach || ghost_reaches(sq, c));
            swept_reach
                || (0..w.len)
                    .filter(|&i| w.victims[i] != 0 && w.path[i] != target)
                    .any(|i| ghost_reaches(w.path[i], w.victims[i]))
        })
    }
}

thread_local! {
    /// Boards lent to protection judgments, one for each judgment under
    /// way (they nest: a protector's own move may ask again), kept for
    /// the next so that judging a capture allocates nothing.
    static BOARDS: std::cell::RefCell<Vec<Vec<Cell>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` on a copy of `cells` in a board kept between calls.
fn with_board<R>(cells: &[Cell], f: impl FnOnce(&mut [Cell]) -> R) -> R {
    let mut board = BOARDS.with(|b| b.borrow_mut().pop()).unwrap_or_default();
    board.clear();
    board.extend_from_slice(cells);
    let r = f(&mut board);
    BOARDS.with(|b| b.borrow_mut().push(board));
    r
}

impl Facts for PathFacts<'_, '_> {
    fn colour(&self) -> Option<Colour> {
        Some(self.w.colour)
    }
    #[inline]
    fn piece_type(&self, r: PieceRef) -> Option<u16> {
        match r {
            PieceRef::Mover => Some(cell_type(self.w.mover())),
            PieceRef::Victim => self.victim_cell(self.victim).map(|(c, _)| cell_type(c)),
            _ => self.piece(r).map(|p| p.ty),
        }
    }
    fn piece(&self, r: PieceRef) -> Option<PieceFact> {
        let rules = &*self.pos.rules;
        match r {
            PieceRef::Mover => Some(PieceFact {
                own: true,
                ..fact(rules, cell_type(self.w.mover()), self.w.from)
            }),
            PieceRef::Victim => self
                .victim_cell(self.victim)
                .map(|(c, sq)| fact(rules, cell_type(c), sq)),
            PieceRef::Bridge => {
                if self.victim == 0 || self.victim == usize::MAX {
                    return None;
                }
                self.victim_cell(self.victim - 1)
                    .map(|(c, sq)| fact(rules, cell_type(c), sq))
            }
            PieceRef::LastMover => last_mover(self.pos),
        }
    }
    fn square(&self, r: SquareRef) -> Option<Square> {
        match r {
            SquareRef::From => Some(self.w.from),
            SquareRef::To => (self.w.len > 0).then(|| self.w.path[self.w.len - 1]),
        }
    }
    fn moves_on(&self) -> bool {
        self.victim != usize::MAX && self.victim + 1 < self.w.len
    }
    fn captures(&self) -> i32 {
        let swept: i32 = self.w.swept[..self.w.len].iter().map(|&n| i32::from(n)).sum();
        self.w.victims[..self.w.len].iter().filter(|v| **v != 0).count() as i32 + swept
    }
    fn farthest_rank(&self) -> i32 {
        let geo = &self.pos.rules.geometry;
        self.w.path[..self.w.len]
            .iter()
            .map(|&s| geo.relative_rank(s, self.w.colour))
            .max()
            .unwrap_or(-1)
    }
    fn range_move(&self) -> bool {
        self.w.range_leg
    }
    fn distance(&self, a: Square, b: Square) -> i32 {
        self.pos.rules.geometry.distance(a, b)
    }
    fn in_zone(&self, sq: Square) -> bool {
        self.pos
            .rules
            .promotion
            .as_ref()
            .is_some_and(|p| p.zone[self.w.colour.index()][usize::from(sq)])
    }
    fn rank(&self, sq: Square) -> i32 {
        self.pos.rules.geometry.relative_rank(sq, self.w.colour)
    }
    fn count(&self, enemy: bool, set: &TypeSet) -> i32 {
        let side = if enemy { self.w.colour.opposite() } else { self.w.colour };
        count(self.pos, side, set)
    }
    fn last_captured(&self, set: &TypeSet) -> bool {
        self.pos.last_captures().iter().any(|(_, t)| set.contains(*t))
    }
    fn last_captured_at(&self, sq: Square) -> bool {
        self.pos.last_captures().iter().any(|(s, _)| *s == sq)
    }
    fn killed(&self, enemy: bool, set: &TypeSet) -> bool {
        let side = if enemy { self.w.colour.opposite() } else { self.w.colour };
        set.meets(&self.pos.killed[side.index()])
    }
    fn near(&self, enemy: bool, sq: Square, dist: i32, metric: Metric, set: &TypeSet) -> bool {
        // Judged on the board as the path leaves it: pieces this move
        // captured or shot are gone.
        let side = if enemy { self.w.colour.opposite() } else { self.w.colour };
        // A board changed for a protection question, or a piece about to
        // be dropped, may show pieces the position does not count.
        let w = self.w;
        let counted = std::ptr::eq(w.cells, &self.pos.cells[..]) && w.cells[usize::from(w.from)] == w.mover();
        near(self.pos, |s| w.cell_now(s), counted, side, sq, dist, metric, set)
    }
    fn captured_kind(&self, set: &TypeSet) -> bool {
        let hit = |c: &Cell| *c != 0 && set.contains(cell_type(*c));
        let mut swept = false;
        self.w.for_swept(|_, c| swept |= hit(&c));
        swept || self.w.victims[..self.w.len].iter().any(hit) || self.w.shot_victims[..self.w.n_shots].iter().any(hit)
    }
    fn own_count_on_file(&self, sq: Square, set: &TypeSet) -> i32 {
        on_file(&self.pos.rules, |s| self.w.cell_now(s), self.w.colour, sq, set)
    }
    fn stuck_at(&self, sq: Square) -> bool {
        self.pos.rules.stuck(self.w.colour, cell_type(self.w.mover()), sq)
    }
    fn protected(&self, piece: PieceRef, when: Protection) -> bool {
        match piece {
            PieceRef::Victim => self.victim_protected(when),
            _ => false,
        }
    }
}
