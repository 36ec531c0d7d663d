//! Playing a move: captures, promotion, the previous-move record, the
//! history for repetition, and judging the result (victory conditions,
//! answerable wins, repetition outcomes).

use crate::board::{Colour, Square};
use crate::dsl::eval;
use crate::movegen::{Move, Promotion, SideFacts, in_check};
use crate::position::{Cell, EndReason, LastMove, MAX_CAPTURES, Outcome, Position, cell, cell_colour, cell_type};
use crate::ruleset::{RepetitionPolicy, Result3};

/// What is needed to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    mv: Move,
    moving: Cell,
    placed: Cell,
    captured: [(Square, Cell); MAX_CAPTURES],
    n_captured: u8,
    last: LastMove,
    hash: u64,
    outcome: Option<Outcome>,
    pending_win: Option<(Colour, u8)>,
    killed: [[u64; 4]; 2],
}

/// The pieces a move captures, in path order (each square once).
fn victims(pos: &Position, m: &Move, out: &mut [(Square, Cell); MAX_CAPTURES]) -> usize {
    let mover = pos.cells[usize::from(m.from)];
    let colour = cell_colour(mover);
    let mut n = 0;
    for &sq in m.landings() {
        let c = pos.cells[usize::from(sq)];
        if sq != m.from
            && c != 0
            && cell_colour(c) != colour
            && !out[..n].iter().any(|(s, _)| *s == sq)
            && n < MAX_CAPTURES
        {
            out[n] = (sq, c);
            n += 1;
        }
    }
    n
}

fn placed_cell(pos: &Position, m: &Move) -> Cell {
    let mover = pos.cells[usize::from(m.from)];
    match m.promotion {
        Promotion::Promote => {
            let ty = cell_type(mover);
            match pos.rules.types[usize::from(ty)].promotes_to {
                Some(p) => cell(cell_colour(mover), p),
                None => mover,
            }
        }
        _ => mover,
    }
}

/// The hash of the position a move leads to, without playing it.
pub(crate) fn hash_after(pos: &Position, m: &Move) -> u64 {
    let rules = &pos.rules;
    let n = pos.cells.len();
    let z = |c: Cell, sq: Square| rules.zobrist[usize::from(c) * n + usize::from(sq)];
    let mut h = pos.hash ^ rules.zobrist_side;
    let mover = pos.cells[usize::from(m.from)];
    h ^= z(mover, m.from);
    let mut caps = [(0, 0); MAX_CAPTURES];
    let n_caps = victims(pos, m, &mut caps);
    for &(sq, c) in &caps[..n_caps] {
        h ^= z(c, sq);
    }
    h ^ z(placed_cell(pos, m), m.to())
}

impl Position {
    /// Plays a move that `legal_moves` generated for this position.
    pub fn play(&mut self, m: &Move) -> Undo {
        let moving = self.cells[usize::from(m.from)];
        let placed = placed_cell(self, m);
        let mut captured = [(0, 0); MAX_CAPTURES];
        let n_captured = victims(self, m, &mut captured);
        let undo = Undo {
            mv: *m,
            moving,
            placed,
            captured,
            n_captured: n_captured as u8,
            last: self.last,
            hash: self.hash,
            outcome: self.outcome,
            pending_win: self.pending_win,
            killed: self.killed,
        };
        self.history.push(self.hash);
        self.hash = hash_after(self, m);
        let mut last = LastMove {
            mover: Some(cell_type(moving)),
            to: Some(m.to()),
            ..LastMove::default()
        };
        self.cells[usize::from(m.from)] = 0;
        for &(sq, c) in &captured[..n_captured] {
            self.cells[usize::from(sq)] = 0;
            self.counts[cell_colour(c).index()][usize::from(cell_type(c))] -= 1;
            self.mark_killed(cell_colour(c), cell_type(c));
            last.push_capture(sq, cell_type(c));
        }
        self.cells[usize::from(m.to())] = placed;
        let side = cell_colour(moving);
        self.counts[side.index()][usize::from(cell_type(moving))] -= 1;
        self.counts[side.index()][usize::from(cell_type(placed))] += 1;
        self.last = last;
        self.side = side.opposite();
        if self.rules.repetition == RepetitionPolicy::CreatorLoses {
            let gave_check = in_check(self, side.opposite());
            self.checks.push(gave_check);
        }
        let (outcome, pending) = self.judge_after_move(side);
        self.outcome = outcome;
        self.pending_win = pending;
        undo
    }

    /// Takes back the move that produced `undo` (the last one played).
    pub fn unplay(&mut self, undo: &Undo) {
        let m = &undo.mv;
        let side = cell_colour(undo.moving);
        self.cells[usize::from(m.to())] = 0;
        for &(sq, c) in &undo.captured[..usize::from(undo.n_captured)] {
            self.cells[usize::from(sq)] = c;
            self.counts[cell_colour(c).index()][usize::from(cell_type(c))] += 1;
        }
        self.cells[usize::from(m.from)] = undo.moving;
        self.counts[side.index()][usize::from(cell_type(undo.placed))] -= 1;
        self.counts[side.index()][usize::from(cell_type(undo.moving))] += 1;
        self.side = side;
        self.last = undo.last;
        self.hash = undo.hash;
        self.outcome = undo.outcome;
        self.pending_win = undo.pending_win;
        self.killed = undo.killed;
        self.history.pop();
        self.checks.truncate(self.history.len());
    }

    /// Judges the position after `mover` moved: losses, answerable wins,
    /// wins, repetition. Returns the outcome and the pending win.
    fn judge_after_move(&self, mover: Colour) -> (Option<Outcome>, Option<(Colour, u8)>) {
        if let Some(o) = judge_losses(self) {
            return (Some(o), None);
        }
        let rules = &*self.rules;
        let facts = SideFacts { pos: self, side: mover };
        if let Some((winner, idx)) = self.pending_win
            && winner != mover
        {
            let answered = eval(&rules.victory.wins[usize::from(idx)].condition, &facts) != 0;
            let outcome = if answered {
                Outcome::for_side(mover, Result3::Draw, EndReason::Answered)
            } else {
                Outcome::for_side(winner, Result3::Win, EndReason::Won(idx))
            };
            return (Some(outcome), None);
        }
        let mut pending = None;
        for (i, w) in rules.victory.wins.iter().enumerate() {
            if eval(&w.condition, &facts) != 0 {
                if w.answerable {
                    pending = Some((mover, i as u8));
                    break;
                }
                return (
                    Some(Outcome::for_side(mover, Result3::Win, EndReason::Won(i as u8))),
                    None,
                );
            }
        }
        (self.judge_repetition(mover), pending)
    }

    /// The outcome that repeating a position has under the repetition policy.
    fn judge_repetition(&self, mover: Colour) -> Option<Outcome> {
        let rules = &*self.rules;
        match rules.repetition {
            RepetitionPolicy::Ignore | RepetitionPolicy::ForbidUnlessInCheck => None,
            RepetitionPolicy::DrawFourfold => {
                (self.occurrences() >= 4).then(|| Outcome::for_side(mover, Result3::Draw, EndReason::Repetition))
            }
            RepetitionPolicy::CreatorLoses => {
                // The fourth occurrence ends the game. A side that gave
                // check with every one of its moves since the previous
                // occurrence is a perpetual checker and loses; otherwise
                // the side that created the repetition (the mover) loses.
                if self.occurrences() < 4 {
                    return None;
                }
                let start = self.history.iter().rposition(|&h| h == self.hash)?;
                // Moves start..len were played since; the last was `mover`'s.
                let n = self.checks.len();
                let all_checks = |by_mover: bool| {
                    (start..n)
                        .filter(|i| (n - 1 - i).is_multiple_of(2) == by_mover)
                        .all(|i| self.checks.get(i) == Some(&true))
                };
                let loser = if all_checks(false) && !all_checks(true) {
                    mover.opposite()
                } else {
                    mover
                };
                Some(Outcome::for_side(loser, Result3::Loss, EndReason::Repetition))
            }
        }
    }

    /// How often the current position (with its side to move) has occurred
    /// in this game, counting now.
    fn occurrences(&self) -> usize {
        1 + self.history.iter().filter(|&&h| h == self.hash).count()
    }

    /// The game's result: the outcome of the last move, or, when the side
    /// to move has no legal move, the rule file's `no_moves` result.
    pub fn result(&self) -> Option<Outcome> {
        self.outcome.or_else(|| {
            let mut moves = Vec::new();
            crate::movegen::legal_moves(self, &mut moves);
            moves.is_empty().then(|| self.no_moves_outcome())
        })
    }

    /// The result for the side to move when it has no legal move.
    pub fn no_moves_outcome(&self) -> Outcome {
        Outcome::for_side(self.side, self.rules.victory.no_moves, EndReason::NoMoves)
    }
}

/// Applies `loses_when` to both sides: one loser loses, both is a draw.
pub(crate) fn judge_losses(pos: &Position) -> Option<Outcome> {
    let rules = &pos.rules;
    let lost = |side| eval(&rules.victory.loses_when, &SideFacts { pos, side }) != 0;
    match (lost(Colour::Black), lost(Colour::White)) {
        (true, true) => Some(Outcome {
            black: Result3::Draw,
            reason: EndReason::Lost,
        }),
        (true, false) => Some(Outcome::for_side(Colour::Black, Result3::Loss, EndReason::Lost)),
        (false, true) => Some(Outcome::for_side(Colour::White, Result3::Loss, EndReason::Lost)),
        (false, false) => None,
    }
}
