//! The journalled changes every move is made of: one setter per square
//! (`set`, keeping counts and hash), hand counts (`change_hand`), and kills
//! (`kill`, `record_kill`: kill history and the kill log). Also what a
//! plain move does: the pieces it captures by moving and the piece it
//! leaves on its last landing.

use super::{Cell, Position, cell, cell_colour, cell_type, hand_entry};
use crate::board::{Colour, Square};
use crate::moves::{MAX_LEGS, Move, Promotion};
use crate::ruleset::TypeId;

/// The pieces a move captures by moving, in path order (each square once).
/// Every piece on a landing but the origin is one: an enemy, or an own
/// piece a range capture may end on (`lands_on_own`); no other move lands
/// on its own side's pieces.
pub(crate) fn victims(pos: &Position, m: &Move, out: &mut [(Square, Cell); MAX_LEGS]) -> usize {
    let mut n = 0;
    for &sq in m.landings() {
        let c = pos.cells[usize::from(sq)];
        if sq != m.from && c != 0 && !out[..n].iter().any(|(s, _)| *s == sq) {
            out[n] = (sq, c);
            n += 1;
        }
    }
    n
}

/// Calls `f` with each piece a range capture of `m` takes by passing over
/// it (the squares strictly before each sweeping landing; not the mover's
/// own pieces if it spares them), as the board stands before the move.
pub(crate) fn for_swept(pos: &Position, m: &Move, mut f: impl FnMut(Square, Cell)) {
    if m.sweep == 0 {
        return;
    }
    let geo = &pos.rules.geometry;
    let own = cell_colour(pos.cells[usize::from(m.from)]);
    for i in (0..m.landings().len()).filter(|&i| m.sweeps_to(i)) {
        for sq in m.squares_before(geo, i) {
            let c = pos.cells[usize::from(sq)];
            if c != 0 && sq != m.from && !(m.sweep_spares_own() && cell_colour(c) == own) {
                f(sq, c);
            }
        }
    }
}

/// The type a piece of type `ty` becomes by promoting, if it can.
pub(crate) fn promoted(pos: &Position, ty: TypeId) -> Option<TypeId> {
    pos.rules.types[usize::from(ty)].promotes_to
}

pub(crate) fn placed_cell(pos: &Position, m: &Move) -> Cell {
    let mover = pos.cells[usize::from(m.from)];
    if !pos.rules.effects.on_captures.is_empty() {
        let mut caps = [(0, 0); MAX_LEGS];
        let n = victims(pos, m, &mut caps);
        let taken = caps[..n].iter().map(|&(_, c)| cell_type(c));
        // Pieces a range capture passed over count too, as taken before
        // those on the landings.
        let mut swept = None;
        for_swept(pos, m, |_, c| {
            swept = pos
                .rules
                .captor_becomes(cell_type(mover), std::iter::once(cell_type(c)))
                .or(swept)
        });
        if let Some(ty) = pos.rules.captor_becomes(cell_type(mover), taken).or(swept) {
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

impl Position {
    /// Changes one square, keeping counts and hash, and journals it.
    pub(crate) fn set(&mut self, sq: Square, new: Cell) {
        let old = self.cells[usize::from(sq)];
        if old == new {
            return;
        }
        let z = |c: Cell| super::hash::piece_key(&self.rules, c, sq);
        let mut h = self.hash;
        if old != 0 {
            h ^= z(old);
            self.side_hash[cell_colour(old).index()] ^= z(old);
        }
        if new != 0 {
            h ^= z(new);
            self.side_hash[cell_colour(new).index()] ^= z(new);
        }
        self.hash = h;
        self.journal.push((sq, old));
        self.put(sq, new);
    }

    /// Puts `new` on `sq`, keeping counts and occupancy (not the hash, not
    /// the journal): the part of [`Position::set`] that taking a move back
    /// repeats.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, new: Cell) {
        let old = self.cells[usize::from(sq)];
        if old != 0 {
            self.counts[cell_colour(old).index()][usize::from(cell_type(old))] -= 1;
        }
        if new != 0 {
            self.counts[cell_colour(new).index()][usize::from(cell_type(new))] += 1;
        }
        self.occupancy.change(sq, old, new);
        self.cells[usize::from(sq)] = new;
    }

    /// Adds `delta` to `colour`'s hand count of `ty`, keeping the hash,
    /// and journals it.
    pub(crate) fn change_hand(&mut self, colour: Colour, ty: TypeId, delta: i32) {
        let types = self.rules.types.len();
        let Some(drops) = &self.rules.drops else { return };
        let slot = &mut self.hands[colour.index()][usize::from(ty)];
        let old = *slot;
        let new = (i32::from(old) + delta).clamp(0, i32::from(u16::MAX)) as u16;
        *slot = new;
        let change = drops.hand_key(types, colour, ty, old) ^ drops.hand_key(types, colour, ty, new);
        self.hash ^= change;
        self.side_hash[colour.index()] ^= change;
        self.journal.push((hand_entry(colour, ty), old));
    }

    /// Removes the piece on `sq` as killed: kill history, the move's kill
    /// log, and the other side's hand in variants with drops.
    pub(crate) fn kill(&mut self, sq: Square) {
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

    /// Kills the pieces a range capture of `m` passes over (at most a
    /// board's length less two: the buffer has room for a 36-square line
    /// per landing, so nothing is allocated).
    pub(crate) fn kill_swept(&mut self, m: &Move) {
        if m.sweep == 0 {
            return;
        }
        let mut swept = [0 as Square; 36 * MAX_LEGS];
        let mut n = 0;
        for_swept(self, m, |sq, _| {
            if let Some(slot) = swept.get_mut(n) {
                *slot = sq;
                n += 1;
            }
        });
        for &sq in &swept[..n] {
            self.kill(sq);
        }
    }

    /// Notes a death in the kill history and the move's kill log.
    pub(crate) fn record_kill(&mut self, sq: Square, colour: Colour, ty: TypeId) {
        self.mark_killed(colour, ty);
        self.kill_log.push((sq, ty));
    }
}
