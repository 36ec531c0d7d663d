//! Playing a move: captures, promotion, the previous-move record, the
//! history for repetition, and judging the result (victory conditions,
//! answerable wins, repetition outcomes).

use crate::board::{Colour, Square};
use crate::dsl::eval;
use crate::movegen::MAX_LEGS;
use crate::movegen::{Move, PointFacts, Promotion, SideFacts, in_check};
use crate::position::{
    Cell, EndReason, HAND_ENTRY, LastMove, Outcome, Position, cell, cell_colour, cell_type, hand_entry,
};
use crate::ruleset::{BothLose, RepetitionPolicy, Result3, TypeId};

/// What is needed to take a move back. The squares a move changed are
/// kept in the position's journal; this records where its entries start.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    journal: usize,
    side: Colour,
    last: LastMove,
    /// The kill log's length before the move.
    kills: u32,
    hash: u64,
    outcome: Option<Outcome>,
    pending_win: Option<(Colour, u8)>,
    killed: [[u64; 4]; 2],
}

/// A move given to [`Position::play`] that is not legal in the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove;

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the move is not legal in this position")
    }
}

impl std::error::Error for IllegalMove {}

/// The pieces a move captures by moving, in path order (each square once).
fn victims(pos: &Position, m: &Move, out: &mut [(Square, Cell); MAX_LEGS]) -> usize {
    let mover = pos.cells[usize::from(m.from)];
    let colour = cell_colour(mover);
    let mut n = 0;
    for &sq in m.landings() {
        let c = pos.cells[usize::from(sq)];
        if sq != m.from && c != 0 && cell_colour(c) != colour && !out[..n].iter().any(|(s, _)| *s == sq) {
            out[n] = (sq, c);
            n += 1;
        }
    }
    n
}

/// The type a piece of type `ty` becomes by promoting, if it can.
fn promoted(pos: &Position, ty: TypeId) -> Option<TypeId> {
    pos.rules.types[usize::from(ty)].promotes_to
}

fn placed_cell(pos: &Position, m: &Move) -> Cell {
    let mover = pos.cells[usize::from(m.from)];
    if !pos.rules.on_captures.is_empty() {
        let mut caps = [(0, 0); MAX_LEGS];
        let n = victims(pos, m, &mut caps);
        let taken = caps[..n].iter().map(|&(_, c)| cell_type(c));
        if let Some(ty) = pos.rules.captor_becomes(cell_type(mover), taken) {
            return cell(cell_colour(mover), ty);
        }
    }
    match m.promotion {
        Promotion::Promote | Promotion::PromoteWithChain => match promoted(pos, cell_type(mover)) {
            Some(p) => cell(cell_colour(mover), p),
            None => mover,
        },
        Promotion::Revert => cell(cell_colour(mover), pos.rules.origin(cell_type(mover))),
        _ => mover,
    }
}

/// The hash of the position a move leads to, without changing `pos`.
pub(crate) fn hash_after(pos: &Position, m: &Move) -> u64 {
    let rules = &pos.rules;
    if rules.has_effects || rules.drops.is_some() {
        // Shots, auras and promotion effects can change any square, and
        // hands change with captures and drops: play it.
        let mut p = pos.clone();
        p.play_unchecked(m);
        return p.hash;
    }
    let n = pos.cells.len();
    let z = |c: Cell, sq: Square| rules.zobrist[usize::from(c) * n + usize::from(sq)];
    let mut h = pos.hash ^ rules.zobrist_side;
    let mover = pos.cells[usize::from(m.from)];
    h ^= z(mover, m.from);
    let mut caps = [(0, 0); MAX_LEGS];
    let n_caps = victims(pos, m, &mut caps);
    for &(sq, c) in &caps[..n_caps] {
        h ^= z(c, sq);
    }
    h ^ z(placed_cell(pos, m), m.to())
}

impl Position {
    /// Changes one square, keeping counts and hash, and journals it.
    fn set(&mut self, sq: Square, new: Cell) {
        let old = self.cells[usize::from(sq)];
        if old == new {
            return;
        }
        let n = self.cells.len();
        let z = |c: Cell| self.rules.zobrist[usize::from(c) * n + usize::from(sq)];
        let mut h = self.hash;
        if old != 0 {
            h ^= z(old);
            self.counts[cell_colour(old).index()][usize::from(cell_type(old))] -= 1;
        }
        if new != 0 {
            h ^= z(new);
            self.counts[cell_colour(new).index()][usize::from(cell_type(new))] += 1;
        }
        self.hash = h;
        self.journal.push((sq, old));
        self.cells[usize::from(sq)] = new;
    }

    /// Adds `delta` to `colour`'s hand count of `ty`, keeping the hash,
    /// and journals it.
    fn change_hand(&mut self, colour: Colour, ty: TypeId, delta: i32) {
        let types = self.rules.types.len();
        let Some(drops) = &self.rules.drops else { return };
        let slot = &mut self.hands[colour.index()][usize::from(ty)];
        let old = *slot;
        let new = (i32::from(old) + delta).clamp(0, i32::from(u16::MAX)) as u16;
        *slot = new;
        self.hash ^= drops.hand_key(types, colour, ty, old) ^ drops.hand_key(types, colour, ty, new);
        self.journal.push((hand_entry(colour, ty), old));
    }

    /// Removes the piece on `sq` as killed: kill history, the move's kill
    /// log, and the other side's hand in variants with drops.
    fn kill(&mut self, sq: Square) {
        let c = self.cells[usize::from(sq)];
        if c == 0 {
            return;
        }
        self.record_kill(sq, cell_colour(c), cell_type(c));
        self.set(sq, 0);
        if let Some(ty) = self
            .rules
            .drops
            .as_ref()
            .and_then(|d| d.to_hand[usize::from(cell_type(c))])
        {
            self.change_hand(cell_colour(c).opposite(), ty, 1);
        }
    }

    /// Notes a death in the kill history and the move's kill log.
    fn record_kill(&mut self, sq: Square, colour: Colour, ty: TypeId) {
        self.mark_killed(colour, ty);
        self.kill_log.push((sq, ty));
    }

    /// Plays `m` if it is one of this position's legal moves, and returns
    /// what [`Position::unplay`] needs to take it back. An illegal move
    /// leaves the position unchanged. This generates the legal moves to
    /// check: for moves that come from [`crate::movegen::legal_moves`] or
    /// [`crate::notation::parse_move`] on this position, use
    /// [`Position::play_unchecked`].
    ///
    #[doc = include_str!("../docs/examples/play_1.md")]
    pub fn play(&mut self, m: &Move) -> Result<Undo, IllegalMove> {
        let mut legal = Vec::new();
        crate::movegen::legal_moves(self, &mut legal);
        if legal.contains(m) {
            Ok(self.play_unchecked(m))
        } else {
            Err(IllegalMove)
        }
    }

    /// Plays a move that [`crate::movegen::legal_moves`] generated for this
    /// position (or [`crate::notation::parse_move`] read for it), without
    /// checking. Any other move leaves the position in an unspecified
    /// (though memory-safe) state: counts, hash and outcome may no longer
    /// agree with the board. Use [`Position::play`] for moves from elsewhere.
    pub fn play_unchecked(&mut self, m: &Move) -> Undo {
        let undo = Undo {
            journal: self.journal.len(),
            side: self.side,
            last: self.last,
            kills: self.kill_log.len() as u32,
            hash: self.hash,
            outcome: self.outcome,
            pending_win: self.pending_win,
            killed: self.killed,
        };
        self.history.push(self.hash);
        let side = self.side;
        if let Some(ty) = m.drop {
            // A drop: from the hand onto the empty square.
            self.change_hand(side, self.rules.origin(ty), -1);
            self.set(m.to(), cell(side, ty));
            self.last = LastMove {
                mover: Some(ty),
                to: Some(m.to()),
                first_kill: self.kill_log.len() as u32,
                n_kills: 0,
            };
            return self.finish_move(side, undo);
        }
        let moving = self.cells[usize::from(m.from)];
        let first_kill = self.kill_log.len();
        if self.rules.has_effects {
            self.play_with_effects(m, moving);
        } else {
            let placed = placed_cell(self, m);
            let mut caps = [(0, 0); MAX_LEGS];
            let n = victims(self, m, &mut caps);
            self.set(m.from, 0);
            for &(sq, _) in &caps[..n] {
                self.kill(sq);
            }
            self.set(m.to(), placed);
        }
        // Rules judged during the move still saw the previous move.
        self.last = LastMove {
            mover: Some(cell_type(moving)),
            to: Some(m.to()),
            first_kill: first_kill as u32,
            n_kills: (self.kill_log.len() - first_kill) as u32,
        };
        self.finish_move(side, undo)
    }

    /// The end of every move: the other side moves next, and the result
    /// is judged.
    fn finish_move(&mut self, side: Colour, undo: Undo) -> Undo {
        self.hash ^= self.rules.zobrist_side;
        self.side = side.opposite();
        if matches!(
            self.rules.repetition,
            RepetitionPolicy::CreatorLoses | RepetitionPolicy::DrawUnlessPerpetualCheck
        ) {
            let gave_check = in_check(self, side.opposite());
            self.checks.push(gave_check);
        }
        let (outcome, pending) = self.judge_after_move(side);
        self.outcome = outcome;
        self.pending_win = pending;
        undo
    }

    /// A move in a variant with effects, in the order of a turn: each
    /// landing captures, then the shots fired after it; a mover that lands
    /// in a killing aura dies; a source of such an aura that arrives kills
    /// around it; promotion and what it sets off; compulsory demotions.
    fn play_with_effects(&mut self, m: &Move, moving: Cell) {
        let rules = self.rules.clone();
        let side = cell_colour(moving);
        let mut placed = placed_cell(self, m);
        let mut current = moving;
        let chain: Vec<Square> = if m.promotion == Promotion::PromoteWithChain {
            let (candidates, _) = crate::movegen::chain_candidates(self, m.from);
            candidates
                .into_iter()
                .enumerate()
                .filter(|(i, _)| m.chain >> i & 1 == 1)
                .map(|(_, s)| s)
                .collect()
        } else {
            Vec::new()
        };
        self.set(m.from, 0);
        for (i, &sq) in m.landings().iter().enumerate() {
            let c = self.cells[usize::from(sq)];
            if c != 0 && cell_colour(c) != side {
                self.kill(sq);
            }
            // Demotions are judged at each landing, with the mover standing
            // there, before its shots: its own (it then ends its move there)
            // and those its arrival causes (Ko §8.3: a fog near an arriving
            // lamp reverts before the lamp shoots).
            if !rules.demotions.is_empty() {
                self.set(sq, current);
                self.demote_all();
                let now = self.cells[usize::from(sq)];
                if now != current {
                    current = now;
                    placed = now;
                }
                self.set(sq, 0);
            }
            for t in m.shots_after(i) {
                let c = self.cells[usize::from(t)];
                if c != 0 && cell_colour(c) != side {
                    self.kill(t);
                }
            }
        }
        let to = m.to();
        let mover_ty = cell_type(moving);
        let source = rules.auras.iter().any(|a| a.source.contains(mover_ty));
        if !source && self.in_aura(to, side) {
            // Burnt on arrival: it dies where it lands (friendly fire counts).
            self.record_kill(to, side, mover_ty);
            self.demote_all();
            return;
        }
        self.set(to, placed);
        let promoted_now = placed != moving;
        // A source that arrives, or is created by promotion, kills around it.
        for a in rules.auras.iter() {
            let is_source = a.source.contains(cell_type(placed));
            if is_source && (!promoted_now || a.on_creation || a.source.contains(mover_ty)) {
                self.burn_around(to, a, side);
            }
        }
        if promoted_now {
            for o in rules.on_promotions.iter().filter(|o| o.kinds.contains(mover_ty)) {
                let enemies: Vec<Square> = (0..self.cells.len() as Square)
                    .filter(|&s| {
                        let c = self.cells[usize::from(s)];
                        c != 0 && cell_colour(c) != side && o.kill_enemy.contains(cell_type(c))
                    })
                    .collect();
                for s in enemies {
                    self.kill(s);
                }
                for &s in &chain {
                    let c = self.cells[usize::from(s)];
                    if c != 0
                        && cell_colour(c) == side
                        && o.also_promote.contains(cell_type(c))
                        && let Some(p) = promoted(self, cell_type(c))
                    {
                        self.set(s, cell(side, p));
                    }
                }
            }
        }
        self.demote_all();
    }

    /// Is `sq` within a killing aura that harms a piece of `side`?
    fn in_aura(&self, sq: Square, side: Colour) -> bool {
        let geo = &self.rules.geometry;
        let (x0, y0) = geo.xy(sq);
        self.rules.auras.iter().any(|a| {
            let d = i32::from(a.distance);
            (-d..=d).any(|dy| {
                (-d..=d).any(|dx| {
                    (dx, dy) != (0, 0)
                        && geo.square(x0 + dx, y0 + dy).is_some_and(|t| {
                            let c = self.cells[usize::from(t)];
                            c != 0 && a.source.contains(cell_type(c)) && (!a.enemies_only || cell_colour(c) != side)
                        })
                })
            })
        })
    }

    /// The source of `side` on `sq` kills every piece within the aura's
    /// distance (only enemies, for an `enemies_only` aura); if another source
    /// it would harm stands there, the arriving one dies too (the standing
    /// one survives).
    fn burn_around(&mut self, sq: Square, a: &crate::ruleset::KillAura, side: Colour) {
        let geo = self.rules.geometry.clone();
        let (x0, y0) = geo.xy(sq);
        let d = i32::from(a.distance);
        let sources = &a.source;
        let mut met_source = false;
        for dy in -d..=d {
            for dx in -d..=d {
                let Some(t) = geo.square(x0 + dx, y0 + dy) else {
                    continue;
                };
                let c = self.cells[usize::from(t)];
                if t == sq || c == 0 || (a.enemies_only && cell_colour(c) == side) {
                    continue;
                }
                if sources.contains(cell_type(c)) {
                    met_source = true;
                } else {
                    self.kill(t);
                }
            }
        }
        if met_source {
            self.kill(sq);
        }
    }

    /// Applies every compulsory demotion until none applies.
    fn demote_all(&mut self) {
        let rules = self.rules.clone();
        if rules.demotions.is_empty() {
            return;
        }
        loop {
            let mut changed = false;
            for sq in 0..self.cells.len() as Square {
                let c = self.cells[usize::from(sq)];
                if c == 0 {
                    continue;
                }
                let ty = cell_type(c);
                let origin = rules.origin(ty);
                if origin == ty {
                    continue;
                }
                let facts = PointFacts {
                    pos: self,
                    cells: &self.cells,
                    subject: (c, sq),
                    other: None,
                };
                let demoted = rules
                    .demotions
                    .iter()
                    .any(|d| d.kinds.contains(ty) && eval(&d.when, &facts) != 0);
                if demoted {
                    self.set(sq, cell(cell_colour(c), origin));
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Takes back the move that produced `undo` (the last one played).
    pub fn unplay(&mut self, undo: &Undo) {
        while self.journal.len() > undo.journal {
            let Some((sq, old)) = self.journal.pop() else { break };
            if sq >= HAND_ENTRY {
                let colour = if sq >> 14 & 1 == 1 {
                    Colour::White
                } else {
                    Colour::Black
                };
                self.hands[colour.index()][usize::from(sq & 0x3fff)] = old;
                continue;
            }
            let cur = self.cells[usize::from(sq)];
            if cur != 0 {
                self.counts[cell_colour(cur).index()][usize::from(cell_type(cur))] -= 1;
            }
            if old != 0 {
                self.counts[cell_colour(old).index()][usize::from(cell_type(old))] += 1;
            }
            self.cells[usize::from(sq)] = old;
        }
        self.side = undo.side;
        self.last = undo.last;
        self.kill_log.truncate(undo.kills as usize);
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
        if let Some(mut o) = judge_losses(self) {
            if o.black == Result3::Draw && self.rules.victory.both_lose == BothLose::MoverLoses {
                o = Outcome::for_side(mover, Result3::Loss, EndReason::Lost);
            }
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
            RepetitionPolicy::DrawUnlessPerpetualCheck => {
                // A perpetual checker loses; otherwise a draw.
                let (by_mover, by_other) = self.perpetual_checks()?;
                Some(if by_mover {
                    Outcome::for_side(mover, Result3::Loss, EndReason::Repetition)
                } else if by_other {
                    Outcome::for_side(mover.opposite(), Result3::Loss, EndReason::Repetition)
                } else {
                    Outcome::for_side(mover, Result3::Draw, EndReason::Repetition)
                })
            }
            RepetitionPolicy::CreatorLoses => {
                // The fourth occurrence ends the game. A side that gave
                // check with every one of its moves since the previous
                // occurrence is a perpetual checker and loses; otherwise
                // the side that created the repetition (the mover) loses.
                let (by_mover, by_other) = self.perpetual_checks()?;
                let loser = if by_other && !by_mover { mover.opposite() } else { mover };
                Some(Outcome::for_side(loser, Result3::Loss, EndReason::Repetition))
            }
        }
    }

    /// At the fourth occurrence of the current position: whether the side
    /// that just moved, and whether the other side, gave check with every
    /// one of its moves since the previous occurrence. `None` before.
    fn perpetual_checks(&self) -> Option<(bool, bool)> {
        if self.occurrences() < 4 {
            return None;
        }
        let start = self.history.iter().rposition(|&h| h == self.hash)?;
        // Moves start..n were played since; the last was the mover's.
        let n = self.checks.len();
        let all_checks = |by_mover: bool| {
            (start..n)
                .filter(|i| (n - 1 - i).is_multiple_of(2) == by_mover)
                .all(|i| self.checks.get(i) == Some(&true))
        };
        Some((all_checks(true), all_checks(false)))
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
