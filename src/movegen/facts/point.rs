//! [`PointFacts`]: the answers the Piece and Shot places get about one
//! piece standing on a board.

use super::{BoardView, count, fact, last_mover, near, on_file};
use crate::board::{Colour, Square};
use crate::dsl::{Facts, Metric, PieceFact, PieceRef, Protection, SquareRef, TypeSet};
use crate::position::{Cell, Position, cell_colour, cell_type};

/// Facts about one piece standing on a board (`cells`, which may be a
/// board in the middle of a move): the Piece place (`piece`) and the Shot
/// place (`shooter`, with `target`).
pub(crate) struct PointFacts<'a> {
    pub(crate) pos: &'a Position,
    /// The position's board, or one made from it in the middle of a move
    /// by removing pieces and moving the mover (`near` relies on it).
    pub(crate) cells: BoardView<'a>,
    /// The piece the condition is about and where it stands.
    pub(crate) subject: (Cell, Square),
    /// The other piece (a shot's target), if any.
    pub(crate) other: Option<(Cell, Square)>,
}

impl PointFacts<'_> {
    fn side(&self, enemy: bool) -> Colour {
        let own = cell_colour(self.subject.0);
        if enemy { own.opposite() } else { own }
    }
}

impl Facts for PointFacts<'_> {
    fn colour(&self) -> Option<Colour> {
        Some(self.side(false))
    }
    #[inline]
    fn piece_type(&self, r: PieceRef) -> Option<u16> {
        match r {
            PieceRef::Mover => Some(cell_type(self.subject.0)),
            PieceRef::Victim => self.other.map(|(c, _)| cell_type(c)),
            _ => self.piece(r).map(|p| p.ty),
        }
    }
    fn piece(&self, r: PieceRef) -> Option<PieceFact> {
        let rules = &*self.pos.rules;
        match r {
            PieceRef::Mover => Some(PieceFact {
                own: true,
                ..fact(rules, cell_type(self.subject.0), self.subject.1)
            }),
            PieceRef::Victim => self.other.map(|(c, sq)| PieceFact {
                own: cell_colour(c) == cell_colour(self.subject.0),
                ..fact(rules, cell_type(c), sq)
            }),
            PieceRef::Bridge => None,
            PieceRef::LastMover => last_mover(self.pos),
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
    fn in_zone(&self, sq: Square) -> bool {
        self.pos
            .rules
            .promotion
            .as_ref()
            .is_some_and(|p| p.zone[self.side(false).index()][usize::from(sq)])
    }
    fn rank(&self, sq: Square) -> i32 {
        self.pos.rules.geometry.relative_rank(sq, self.side(false))
    }
    fn count(&self, enemy: bool, set: &TypeSet) -> i32 {
        count(self.pos, self.side(enemy), set)
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
        set.meets(&self.pos.killed[self.side(enemy).index()])
    }
    fn near(&self, enemy: bool, sq: Square, dist: i32, metric: Metric, set: &TypeSet) -> bool {
        near(
            self.pos,
            |s| self.cells.at(s),
            true,
            self.side(enemy),
            sq,
            dist,
            metric,
            set,
        )
    }
    fn own_count_on_file(&self, sq: Square, set: &TypeSet) -> i32 {
        on_file(&self.pos.rules, |s| self.cells.at(s), self.side(false), sq, set)
    }
    fn captured_kind(&self, _: &TypeSet) -> bool {
        false
    }
}
