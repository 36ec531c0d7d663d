//! [`SideFacts`]: the answers a side's victory conditions get after a move.

use super::super::attacked;
use super::{count, last_mover, near};
use crate::board::{Colour, Square};
use crate::dsl::{Facts, Metric, PieceFact, PieceRef, Protection, SquareRef, TypeSet};
use crate::position::{Position, cell_colour, cell_type};

/// Facts about one side after a move (victory conditions).
pub(crate) struct SideFacts<'a> {
    pub(crate) pos: &'a Position,
    pub(crate) side: Colour,
}

impl Facts for SideFacts<'_> {
    fn colour(&self) -> Option<Colour> {
        Some(self.side)
    }
    fn piece(&self, r: PieceRef) -> Option<PieceFact> {
        match r {
            PieceRef::LastMover => last_mover(self.pos),
            _ => None,
        }
    }
    fn square(&self, _: SquareRef) -> Option<Square> {
        None
    }
    fn captures(&self) -> i32 {
        0
    }
    fn distance(&self, a: Square, b: Square) -> i32 {
        self.pos.rules.geometry.distance(a, b)
    }
    fn in_zone(&self, _: Square) -> bool {
        false
    }
    fn rank(&self, sq: Square) -> i32 {
        self.pos.rules.geometry.relative_rank(sq, self.side)
    }
    fn count(&self, enemy: bool, set: &TypeSet) -> i32 {
        count(self.pos, if enemy { self.side.opposite() } else { self.side }, set)
    }
    fn last_captured(&self, set: &TypeSet) -> bool {
        self.pos.last_captures().iter().any(|(_, t)| set.contains(*t))
    }
    fn last_captured_at(&self, sq: Square) -> bool {
        self.pos.last_captures().iter().any(|(s, _)| *s == sq)
    }
    fn protected(&self, _: PieceRef, _: Protection) -> bool {
        false
    }
    fn killed(&self, enemy: bool, set: &TypeSet) -> bool {
        let side = if enemy { self.side.opposite() } else { self.side };
        set.meets(&self.pos.killed[side.index()])
    }
    fn near(&self, enemy: bool, sq: Square, dist: i32, metric: Metric, set: &TypeSet) -> bool {
        let side = if enemy { self.side.opposite() } else { self.side };
        near(
            self.pos,
            |s| self.pos.cells[usize::from(s)],
            true,
            side,
            sq,
            dist,
            metric,
            set,
        )
    }
    fn in_zone_unattacked(&self, enemy: bool, set: &TypeSet) -> bool {
        let Some(promo) = &self.pos.rules.promotion else {
            return false;
        };
        let side = if enemy { self.side.opposite() } else { self.side };
        let zone = &promo.zone[side.index()];
        self.pos.cells.iter().enumerate().any(|(sq, &c)| {
            c != 0
                && cell_colour(c) == side
                && zone[sq]
                && set.contains(cell_type(c))
                && !attacked(self.pos, &self.pos.cells, side.opposite(), sq as Square)
        })
    }
    fn captured_kind(&self, _: &TypeSet) -> bool {
        false
    }
    fn in_hand(&self, enemy: bool, set: &TypeSet) -> i32 {
        let side = if enemy { self.side.opposite() } else { self.side };
        let hand = &self.pos.hands[side.index()];
        set.iter()
            .map(|t| i32::from(hand.get(usize::from(t)).copied().unwrap_or(0)))
            .fold(0, i32::saturating_add)
    }
    fn count_in_zone(&self, set: &TypeSet) -> i32 {
        let Some(promo) = &self.pos.rules.promotion else {
            return 0;
        };
        let zone = &promo.zone[self.side.index()];
        self.pos
            .pieces(self.side)
            .filter(|&sq| zone[usize::from(sq)] && set.contains(cell_type(self.pos.cells[usize::from(sq)])))
            .count() as i32
    }
    fn enemy_in_check(&self) -> bool {
        let rules = &self.pos.rules;
        let royals = rules.royals.as_ref().unwrap_or(&rules.check_set);
        crate::movegen::threatened_among(self.pos, self.side.opposite(), royals)
    }
    fn in_check(&self) -> bool {
        let rules = &self.pos.rules;
        let royals = rules.royals.as_ref().unwrap_or(&rules.check_set);
        crate::movegen::threatened_among(self.pos, self.side, royals)
    }
    fn count_stuck(&self, enemy: bool, set: &TypeSet) -> i32 {
        let side = if enemy { self.side.opposite() } else { self.side };
        let rules = &self.pos.rules;
        self.pos
            .pieces(side)
            .filter(|&sq| {
                let ty = cell_type(self.pos.cells[usize::from(sq)]);
                set.contains(ty) && rules.stuck(side, ty, sq)
            })
            .count() as i32
    }
    fn count_near(&self, enemy: bool, set: &TypeSet, dist: i32, near: &TypeSet) -> i32 {
        let side = if enemy { self.side.opposite() } else { self.side };
        let geo = &self.pos.rules.geometry;
        let cells = &self.pos.cells;
        // Judged rarely (the last term of a victory condition): a plain
        // double loop over both sides' pieces, without allocating.
        self.pos
            .pieces(side)
            .filter(|&sq| {
                set.contains(cell_type(cells[usize::from(sq)]))
                    && self.pos.pieces(side.opposite()).any(|o| {
                        near.contains(cell_type(cells[usize::from(o)])) && (0..=dist).contains(&geo.distance(sq, o))
                    })
            })
            .count() as i32
    }
}
