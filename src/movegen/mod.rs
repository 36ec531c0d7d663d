//! The interpreter's move generator: walks each piece's compiled movement
//! programs over the board, then applies the rule file's promotion
//! conditions, capture restrictions and the repetition rule.
//!
//! It never asks what a piece is called, only what its program says. The
//! hot path allocates nothing: paths live in fixed arrays and moves are
//! pushed into a caller-owned buffer.

mod facts;

pub(crate) use facts::{PathFacts, SideFacts};

use crate::board::{Colour, NO_SQUARE, Square};
use crate::dsl::eval;
use crate::position::{Cell, Position, cell_colour, cell_type};
use crate::ruleset::{CaptureMode, LegMode, Program, Relation, RepetitionPolicy, Ruleset};

/// Most legs one move may have.
pub const MAX_LEGS: usize = 6;
/// Most shots one move may fire.
pub const MAX_SHOTS: usize = 2;

/// What happens to promotion at the end of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Promotion {
    /// Promotion was not possible.
    None,
    /// The piece promotes (by choice or because it must).
    Promote,
    /// Promotion was possible and declined.
    Decline,
}

/// A move: the origin, every landing square in order, the shots fired and
/// the promotion choice. Two moves are equal only if all of it is equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub path: [Square; MAX_LEGS],
    pub len: u8,
    pub promotion: Promotion,
    pub shots: [Square; MAX_SHOTS],
    pub n_shots: u8,
}

impl Move {
    pub fn landings(&self) -> &[Square] {
        &self.path[..usize::from(self.len)]
    }
    pub fn to(&self) -> Square {
        self.path[usize::from(self.len) - 1]
    }
    pub fn shots(&self) -> &[Square] {
        &self.shots[..usize::from(self.n_shots)]
    }
}

/// A partial or complete path being walked for one piece.
pub(crate) struct Walker<'a> {
    pub(crate) rules: &'a Ruleset,
    pub(crate) cells: &'a [Cell],
    pub(crate) colour: Colour,
    pub(crate) from: Square,
    pub(crate) path: [Square; MAX_LEGS],
    /// The enemy captured at each landing (0: none).
    pub(crate) victims: [Cell; MAX_LEGS],
    pub(crate) len: usize,
}

impl<'a> Walker<'a> {
    pub(crate) fn new(rules: &'a Ruleset, cells: &'a [Cell], colour: Colour, from: Square) -> Self {
        Walker {
            rules,
            cells,
            colour,
            from,
            path: [NO_SQUARE; MAX_LEGS],
            victims: [0; MAX_LEGS],
            len: 0,
        }
    }

    /// What stands on `sq` now: the origin is vacated and pieces captured
    /// earlier on this path are gone.
    #[inline]
    fn occupant(&self, sq: Square) -> Cell {
        if sq == self.from {
            return 0;
        }
        let c = self.cells[usize::from(sq)];
        if c != 0 {
            for i in 0..self.len {
                if self.path[i] == sq && self.victims[i] != 0 {
                    return 0;
                }
            }
        }
        c
    }

    /// Walks `prog` from leg `leg`; `f` receives every path that may end
    /// there and returns true to stop the whole walk.
    pub(crate) fn walk<F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        cur: Square,
        prev: u8,
        f: &mut F,
    ) -> bool {
        let l = &prog.legs[leg];
        let offs: &[u8] = if leg == 0 || l.relation == Relation::Any {
            &l.offsets
        } else {
            &l.follow[usize::from(prev)]
        };
        let table = &self.rules.offsets;
        for &o in offs {
            match l.mode {
                LegMode::Step | LegMode::Jump => {
                    let sq = table.target(o, cur);
                    if sq != NO_SQUARE {
                        let occ = self.occupant(sq);
                        if self.land(prog, leg, sq, o, occ, f) {
                            return true;
                        }
                    }
                }
                LegMode::Slide { max } => {
                    let mut sq = cur;
                    let mut n = 0u8;
                    loop {
                        sq = table.target(o, sq);
                        if sq == NO_SQUARE {
                            break;
                        }
                        n += 1;
                        let occ = self.occupant(sq);
                        if self.land(prog, leg, sq, o, occ, f) {
                            return true;
                        }
                        if occ != 0 || max.is_some_and(|m| n >= m) {
                            break;
                        }
                    }
                }
            }
        }
        false
    }

    #[inline]
    fn land<F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        sq: Square,
        o: u8,
        occ: Cell,
        f: &mut F,
    ) -> bool {
        let l = &prog.legs[leg];
        if occ != 0 {
            if cell_colour(occ) == self.colour || l.capture == CaptureMode::Never {
                return false;
            }
        } else if l.capture == CaptureMode::Must {
            return false;
        }
        self.path[self.len] = sq;
        self.victims[self.len] = occ;
        self.len += 1;
        let mut stop = l.can_stop_after && f(self);
        if !stop && leg + 1 < prog.legs.len() {
            stop = self.walk(prog, leg + 1, sq, o, f);
        }
        self.len -= 1;
        stop
    }

    pub(crate) fn mover(&self) -> Cell {
        self.cells[usize::from(self.from)]
    }
}

/// Walks every available program of the piece on `from` on the board
/// `cells` (the position's own board, or a changed copy of it; `pos`
/// answers the programs' `when` conditions); see [`Walker::walk`].
pub(crate) fn walk_piece<F: FnMut(&Walker) -> bool>(pos: &Position, cells: &[Cell], from: Square, f: &mut F) -> bool {
    let rules = &*pos.rules;
    let c = cells[usize::from(from)];
    let colour = cell_colour(c);
    let kind = rules.types[usize::from(cell_type(c))].kind;
    let mut w = Walker::new(rules, cells, colour, from);
    for prog in &rules.programs[colour.index()][kind] {
        if let Some(cond) = &prog.when
            && eval(
                cond,
                &PathFacts {
                    pos,
                    w: &w,
                    victim: usize::MAX,
                },
            ) == 0
        {
            continue;
        }
        if w.walk(prog, 0, from, 0, f) {
            return true;
        }
    }
    false
}

/// Could a piece of colour `by` land on `target` (treated as holding an
/// enemy of `by`)? Capture restrictions are not applied: this is the
/// "could recapture by a legal-looking move" of protection rules.
pub(crate) fn attacked(pos: &Position, cells: &[Cell], by: Colour, target: Square) -> bool {
    for (sq, &c) in cells.iter().enumerate() {
        if c != 0 && cell_colour(c) == by && sq != usize::from(target) {
            let mut hit = |w: &Walker| w.path[w.len - 1] == target;
            if walk_piece(pos, cells, sq as Square, &mut hit) {
                return true;
            }
        }
    }
    false
}

/// Is any of `side`'s pieces of the ruleset's check set attacked?
pub fn in_check(pos: &Position, side: Colour) -> bool {
    let rules = &pos.rules;
    pos.cells.iter().enumerate().any(|(sq, &c)| {
        c != 0
            && cell_colour(c) == side
            && rules.check_set.contains(cell_type(c))
            && attacked(pos, &pos.cells, side.opposite(), sq as Square)
    })
}

/// Every legal move of the side to move, in generation order.
pub fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    out.clear();
    if pos.outcome.is_some() {
        return;
    }
    let rules = &*pos.rules;
    let side = pos.side;
    for (sq, &c) in pos.cells.iter().enumerate() {
        if c == 0 || cell_colour(c) != side {
            continue;
        }
        let mut emit = |w: &Walker| {
            push_path(pos, w, out);
            false
        };
        walk_piece(pos, &pos.cells, sq as Square, &mut emit);
    }
    if rules.repetition == RepetitionPolicy::ForbidUnlessInCheck && !pos.history.is_empty() {
        let mut check: Option<bool> = None;
        out.retain(|m| {
            let h = crate::play::hash_after(pos, m);
            if !pos.history.iter().rev().step_by(2).any(|&old| old == h) {
                return true;
            }
            *check.get_or_insert_with(|| in_check(pos, side))
        });
    }
}

fn push_path(pos: &Position, w: &Walker, out: &mut Vec<Move>) {
    let rules = w.rules;
    // Capture restrictions: judged per captured piece.
    if !rules.restrictions.is_empty() {
        for i in 0..w.len {
            let v = w.victims[i];
            if v == 0 {
                continue;
            }
            let vt = cell_type(v);
            if rules.restricted_victims.as_ref().is_some_and(|s| !s.contains(vt)) {
                continue;
            }
            let facts = PathFacts { pos, w, victim: i };
            for r in &rules.restrictions {
                if r.guard.as_ref().is_some_and(|g| !g.contains(vt)) {
                    continue;
                }
                if eval(&r.forbid, &facts) != 0 {
                    return;
                }
            }
        }
    }
    let mut m = Move {
        from: w.from,
        path: w.path,
        len: w.len as u8,
        promotion: Promotion::None,
        shots: [NO_SQUARE; MAX_SHOTS],
        n_shots: 0,
    };
    let ty = cell_type(w.mover());
    if let (Some(promo), Some(_)) = (&rules.promotion, rules.types[usize::from(ty)].promotes_to) {
        let facts = PathFacts {
            pos,
            w,
            victim: usize::MAX,
        };
        if eval(&promo.may, &facts) != 0 || eval(&promo.must, &facts) != 0 {
            m.promotion = Promotion::Promote;
            out.push(m);
            if eval(&promo.must, &facts) == 0 {
                m.promotion = Promotion::Decline;
                out.push(m);
            }
            return;
        }
    }
    out.push(m);
}
