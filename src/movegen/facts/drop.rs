//! [`DropFacts`]: the answers a drop's conditions get, and the mate
//! question a drop may ask (`gives_mate`).

use super::super::{Move, Walker, in_check, legal_moves};
use super::{SideFacts, fact, last_mover, on_file};
use crate::board::{Colour, Square};
use crate::dsl::{Facts, Metric, PieceFact, PieceRef, Protection, SquareRef, TypeSet};
use crate::position::{Position, cell, cell_colour, cell_type};
use crate::ruleset::TypeId;

/// Facts about a drop: `mover` is the piece that would be dropped on `to`.
pub(crate) struct DropFacts<'a> {
    pub(crate) pos: &'a Position,
    pub(crate) colour: Colour,
    pub(crate) ty: TypeId,
    pub(crate) to: Square,
}

thread_local! {
    /// Set while `gives_mate` looks at the other side's replies, so that
    /// their own drops do not ask the same question again (a reply that
    /// only a mating drop would allow is not looked for), and while moves
    /// are generated as Fairy-Stockfish counts them ([`ignoring_drop_mates`]).
    static JUDGING_MATE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with `gives_mate` answering false: drops that the rules forbid
/// for mating are generated, as Fairy-Stockfish's perft does (it scores
/// such a mate as a loss for the dropper instead).
pub(crate) fn ignoring_drop_mates<R>(f: impl FnOnce() -> R) -> R {
    let before = JUDGING_MATE.with(|j| j.replace(true));
    let r = f();
    JUDGING_MATE.with(|j| j.set(before));
    r
}

impl DropFacts<'_> {
    fn as_side(&self) -> SideFacts<'_> {
        SideFacts {
            pos: self.pos,
            side: self.colour,
        }
    }

    /// Would the dropped piece attack a royal of the other side from `to`?
    /// Royals are `[victory] check`, or where a variant lets them be left
    /// attacked, the pieces `[repetition] check` names.
    fn gives_check(&self) -> bool {
        let rules = &*self.pos.rules;
        let royals = rules.royals.as_ref().unwrap_or(&rules.check_set);
        let enemy = self.colour.opposite();
        let mut w = Walker::new(rules, Some(self.pos), &self.pos.cells, self.colour, self.to);
        w.piece = cell(self.colour, self.ty);
        let kind = rules.types[usize::from(self.ty)].kind;
        let cells = &self.pos.cells;
        let mut hits = |w: &Walker| {
            let c = cells[usize::from(w.path[w.len - 1])];
            c != 0 && cell_colour(c) == enemy && royals.contains(cell_type(c))
        };
        rules.programs[self.colour.index()][kind]
            .iter()
            .any(|p| w.walk(p, 0, self.to, 0, &mut hits))
    }
}

impl Facts for DropFacts<'_> {
    fn colour(&self) -> Option<Colour> {
        Some(self.colour)
    }
    #[inline]
    fn piece_type(&self, r: PieceRef) -> Option<u16> {
        match r {
            PieceRef::Mover => Some(self.ty),
            _ => self.piece(r).map(|p| p.ty),
        }
    }
    fn piece(&self, r: PieceRef) -> Option<PieceFact> {
        match r {
            PieceRef::Mover => Some(PieceFact {
                own: true,
                ..fact(&self.pos.rules, self.ty, self.to)
            }),
            PieceRef::LastMover => last_mover(self.pos),
            _ => None,
        }
    }
    fn square(&self, r: SquareRef) -> Option<Square> {
        (r == SquareRef::To).then_some(self.to)
    }
    fn captures(&self) -> i32 {
        0
    }
    fn distance(&self, a: Square, b: Square) -> i32 {
        self.as_side().distance(a, b)
    }
    fn in_zone(&self, sq: Square) -> bool {
        self.pos
            .rules
            .promotion
            .as_ref()
            .is_some_and(|p| p.zone[self.colour.index()][usize::from(sq)])
    }
    // The drop is judged on the board before it: as the dropper's side.
    fn rank(&self, sq: Square) -> i32 {
        self.as_side().rank(sq)
    }
    fn count(&self, enemy: bool, set: &TypeSet) -> i32 {
        self.as_side().count(enemy, set)
    }
    fn last_captured(&self, set: &TypeSet) -> bool {
        self.as_side().last_captured(set)
    }
    fn last_captured_at(&self, sq: Square) -> bool {
        self.as_side().last_captured_at(sq)
    }
    fn protected(&self, _: PieceRef, _: Protection) -> bool {
        false
    }
    fn killed(&self, enemy: bool, set: &TypeSet) -> bool {
        self.as_side().killed(enemy, set)
    }
    fn near(&self, enemy: bool, sq: Square, dist: i32, metric: Metric, set: &TypeSet) -> bool {
        self.as_side().near(enemy, sq, dist, metric, set)
    }
    fn captured_kind(&self, _: &TypeSet) -> bool {
        false
    }
    fn own_count_on_file(&self, sq: Square, set: &TypeSet) -> i32 {
        on_file(
            &self.pos.rules,
            |s| self.pos.cells[usize::from(s)],
            self.colour,
            sq,
            set,
        )
    }
    fn stuck_at(&self, sq: Square) -> bool {
        self.pos.rules.stuck(self.colour, self.ty, sq)
    }
    /// Plays the drop on a copy of the position (rare: only a drop that
    /// gives check gets this far) and looks for a legal reply.
    fn gives_mate(&self) -> bool {
        if JUDGING_MATE.with(|j| j.get()) || !self.gives_check() {
            return false;
        }
        let mut after = self.pos.clone();
        after.play_unchecked(&Move::dropping(self.ty, self.to));
        let mut replies = Vec::new();
        if ignoring_drop_mates(|| legal_moves(&after, &mut replies)).is_err() {
            // More replies than the budget allows: not a mate.
            return false;
        }
        if self.pos.rules.royals.is_some() {
            return replies.is_empty();
        }
        // Royals may be left attacked: a reply that leaves one attacked is
        // no escape, unless it ends the game in the replier's favour.
        let enemy = self.colour.opposite();
        !replies.iter().any(|r| {
            let undo = after.play_unchecked(r);
            let escapes = after
                .outcome
                .map_or_else(|| !in_check(&after, enemy), |o| o.winner() == Some(enemy));
            after.unplay(&undo);
            escapes
        })
    }
}
