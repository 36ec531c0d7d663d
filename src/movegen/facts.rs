//! The answers conditions get while a move is judged ([`PathFacts`]) or a
//! side is judged after a move ([`SideFacts`]).

use super::{Move, Walker, attacked, attacked_at, in_check, legal_moves, walk_piece_at};
use crate::board::{Colour, NO_SQUARE, Square};
use crate::dsl::{Facts, Metric, PieceFact, PieceRef, Protection, SquareRef, TypeSet};
use crate::position::{Cell, Position, cell, cell_colour, cell_type};
use crate::ruleset::{Ruleset, TypeId};

fn fact(rules: &Ruleset, ty: TypeId, square: Square) -> PieceFact {
    PieceFact {
        ty,
        origin: rules.origin(ty),
        square,
        promoted: rules.types[usize::from(ty)].promoted_from.is_some(),
        own: false,
    }
}

fn count(pos: &Position, colour: Colour, set: &TypeSet) -> i32 {
    let counts = &pos.counts[colour.index()];
    set.iter()
        .map(|t| i32::from(counts.get(usize::from(t)).copied().unwrap_or(0)))
        .sum()
}

/// Is a piece of `set` belonging to `side` within `dist` of `sq` on the
/// board `cell_at` describes? With `counted`, that board is the
/// position's, or one made from it in the middle of a move (pieces
/// removed, the mover moved): no piece stands on it that the position
/// does not count, so a set the side has none of is answered without
/// looking.
#[allow(clippy::too_many_arguments)]
pub(crate) fn near(
    pos: &Position,
    cell_at: impl Fn(Square) -> Cell,
    counted: bool,
    side: Colour,
    sq: Square,
    dist: i32,
    metric: Metric,
    set: &TypeSet,
) -> bool {
    if counted && count(pos, side, set) == 0 {
        return false;
    }
    let geo = &pos.rules.geometry;
    let (x0, y0) = geo.xy(sq);
    for y in (y0 - dist).max(0)..=(y0 + dist).min(geo.height as i32 - 1) {
        for x in (x0 - dist).max(0)..=(x0 + dist).min(geo.width as i32 - 1) {
            let (dx, dy) = ((x - x0).abs(), (y - y0).abs());
            let inside = match metric {
                Metric::Chebyshev => true,
                Metric::Manhattan => dx + dy <= dist,
                Metric::Lines => dx == 0 || dy == 0 || dx == dy,
            };
            if !inside || (dx == 0 && dy == 0) {
                continue;
            }
            let Some(s) = geo.square(x, y) else { continue };
            let c = cell_at(s);
            if c != 0 && cell_colour(c) == side && set.contains(cell_type(c)) {
                return true;
            }
        }
    }
    false
}

/// How many pieces of `set` belonging to `side` stand on the file of
/// `sq`, on the board `cell_at` describes?
fn on_file(rules: &Ruleset, cell_at: impl Fn(Square) -> Cell, side: Colour, sq: Square, set: &TypeSet) -> i32 {
    let geo = &rules.geometry;
    let (x, _) = geo.xy(sq);
    (0..geo.height as i32)
        .filter(|&y| {
            geo.square(x, y).is_some_and(|s| {
                let c = cell_at(s);
                c != 0 && cell_colour(c) == side && set.contains(cell_type(c))
            })
        })
        .count() as i32
}

/// The board a piece's conditions are judged on: the position's (or
/// another whole board), or the one a walk has reached in the middle of a
/// move, read through the walker without copying it.
#[derive(Clone, Copy)]
pub(crate) enum BoardView<'a> {
    Cells(&'a [Cell]),
    Walk(&'a Walker<'a>),
}

impl BoardView<'_> {
    #[inline]
    pub(crate) fn at(&self, sq: Square) -> Cell {
        match self {
            BoardView::Cells(cells) => cells[usize::from(sq)],
            BoardView::Walk(w) => w.cell_now(sq),
        }
    }
}

fn last_mover(pos: &Position) -> Option<PieceFact> {
    pos.last
        .mover
        .map(|ty| fact(&pos.rules, ty, pos.last.to.unwrap_or(NO_SQUARE)))
}

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
    /// `when` says. This rare check copies the board.
    fn victim_protected(&self, when: Protection) -> bool {
        let Some((victim, target)) = self.victim_cell(self.victim) else {
            return false;
        };
        let defender = cell_colour(victim);
        let mover = self.w.mover();
        // The board the path was walked on (the position's, or a changed
        // copy when this is judged inside another protection judgment).
        let mut board = self.w.cells.to_vec();
        let captured = (0..self.w.len).filter(|&i| self.w.victims[i] != 0 && self.w.path[i] != target);
        let ghosts: Vec<(Square, Cell)> = match when {
            Protection::AfterCountingCaptured => captured.map(|i| (self.w.path[i], self.w.victims[i])).collect(),
            _ => Vec::new(),
        };
        if when != Protection::Before {
            board[usize::from(self.w.from)] = 0;
            for i in 0..self.w.len {
                if self.w.victims[i] != 0 {
                    board[usize::from(self.w.path[i])] = 0;
                }
            }
            board[usize::from(self.w.path[self.w.len - 1])] = mover;
        }
        // The square is judged as if it held an enemy of the defender.
        if board[usize::from(target)] == 0 || cell_colour(board[usize::from(target)]) == defender {
            board[usize::from(target)] = cell(defender.opposite(), cell_type(mover));
        }
        let depth = self.w.depth + 1;
        if attacked_at(self.pos, &board, defender, target, depth) {
            return true;
        }
        // Captured pieces that still count: each moves on the board of
        // after the move (its own square is empty to the others).
        ghosts.iter().any(|&(sq, c)| {
            let mut with_ghost = board.clone();
            with_ghost[usize::from(sq)] = c;
            walk_piece_at(self.pos, &with_ghost, sq, depth, &mut |w: &Walker| {
                w.path[w.len - 1] == target
            })
        })
    }
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
    fn in_zone_unattacked(&self, set: &TypeSet) -> bool {
        let Some(promo) = &self.pos.rules.promotion else {
            return false;
        };
        let zone = &promo.zone[self.side.index()];
        self.pos.cells.iter().enumerate().any(|(sq, &c)| {
            c != 0
                && cell_colour(c) == self.side
                && zone[sq]
                && set.contains(cell_type(c))
                && !attacked(self.pos, &self.pos.cells, self.side.opposite(), sq as Square)
        })
    }
    fn captured_kind(&self, _: &TypeSet) -> bool {
        false
    }
}

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
        ignoring_drop_mates(|| legal_moves(&after, &mut replies));
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
