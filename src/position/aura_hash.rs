//! The hash after a move in a variant whose only effect is one killing
//! aura ([`crate::ruleset::Ruleset::single_aura`]): the mover dies on
//! arrival, or stands and burns around it, as `play` would do it, worked
//! out on the position before the move without changing it.

use super::{Cell, Position, cell_colour, cell_type, hash::piece_key, placed_cell};
use crate::board::{Colour, Square};
use crate::moves::Move;
use crate::ruleset::{KillAura, Meeting};

/// `h` is the hash after the mover left its origin and the move's captures
/// (side to move already switched); returns it with the mover placed (or
/// burnt) and the aura's burning applied.
pub(super) fn landing(pos: &Position, m: &Move, caps: &[(Square, Cell)], mut h: u64) -> u64 {
    let rules = &*pos.rules;
    let Some(a) = rules.effects.auras.first() else {
        return h ^ piece_key(rules, placed_cell(pos, m), m.to());
    };
    // The board after the captures: origin and victims empty.
    let view = |sq: Square| -> Cell {
        if sq == m.from || caps.iter().any(|&(s, _)| s == sq) {
            0
        } else {
            pos.cells[usize::from(sq)]
        }
    };
    let mover = pos.cells[usize::from(m.from)];
    let side = cell_colour(mover);
    let placed = placed_cell(pos, m);
    let to = m.to();
    let mover_source = a.source.contains(cell_type(mover));
    if !mover_source && around(pos, a, to).any(|t| harms(a, view(t), side)) {
        // Burnt on arrival: nothing is placed.
        return h;
    }
    h ^= piece_key(rules, placed, to);
    let promoted_now = placed != mover;
    if !a.source.contains(cell_type(placed)) || (promoted_now && !a.on_creation && !mover_source) {
        return h;
    }
    // Burning, as `burn_around` does it.
    let hit = |t: Square| -> Option<(Cell, bool)> {
        let c = view(t);
        (t != to && c != 0 && !(a.enemies_only && cell_colour(c) == side)).then(|| (c, a.source.contains(cell_type(c))))
    };
    let met = around(pos, a, to).any(|t| hit(t).is_some_and(|(_, s)| s));
    let (burns_sources, burns_any) = match (met, a.meeting) {
        (false, _) | (true, Meeting::MoverDies) => (false, true),
        (true, Meeting::Mutual | Meeting::Active) => (true, true),
        (true, Meeting::MoverOnly) => (false, false),
    };
    for t in around(pos, a, to) {
        if let Some((c, source)) = hit(t)
            && burns_any
            && (!source || burns_sources)
        {
            h ^= piece_key(rules, c, t);
        }
    }
    if met && a.meeting.mover_dies() {
        h ^= piece_key(rules, placed, to);
    }
    h
}

/// The squares within the aura's distance of `sq` (and `sq` itself).
fn around<'a>(pos: &'a Position, a: &KillAura, sq: Square) -> impl Iterator<Item = Square> + 'a {
    let geo = &pos.rules.geometry;
    let (x0, y0) = geo.xy(sq);
    let d = i32::from(a.distance);
    (-d..=d).flat_map(move |dy| (-d..=d).filter_map(move |dx| geo.square(x0 + dx, y0 + dy)))
}

/// Is `c` a source of the aura that harms a piece of `side`?
fn harms(a: &KillAura, c: Cell, side: Colour) -> bool {
    c != 0 && a.source.contains(cell_type(c)) && (!a.enemies_only || cell_colour(c) != side)
}
