//! The effects of a turn in variants that have them (rule-files.md, "What
//! a move does"): captures and shots landing by landing, death in a
//! killing aura, a source burning around it, promotion effects and
//! compulsory demotions.

use crate::board::{Colour, Square};
use crate::dsl::eval;
use crate::movegen::{BoardView, PointFacts, on_board};
use crate::moves::{Move, Promotion};
use crate::position::{Cell, Position, cell, cell_colour, cell_type, placed_cell, promoted};
use crate::ruleset::{Demotion, Meeting};

/// When demotions are judged during a move.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Timing {
    /// At a landing, before its shots: only `each_landing` demotions.
    Landing,
    /// Once the move is done: every demotion.
    EndOfMove,
}

impl Position {
    /// A move in a variant with effects, in the order of a turn: each
    /// landing captures, then the shots fired after it; a mover that lands
    /// in a killing aura dies; a source of such an aura that arrives kills
    /// around it; promotion and what it sets off; compulsory demotions.
    pub(super) fn play_with_effects(&mut self, m: &Move, moving: Cell) {
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
        self.kill_swept(m);
        for (i, &sq) in m.landings().iter().enumerate() {
            // Any piece still on a landing is taken: an enemy, or an own
            // piece a range capture may end on (`victims`).
            if self.cells[usize::from(sq)] != 0 {
                self.kill(sq);
            }
            // Demotions judged at each landing (`each_landing`) apply with
            // the mover standing there, before its shots: its own (it then
            // ends its move there) and those its arrival causes (Ko §8.3: a
            // fog near an arriving lamp reverts before the lamp shoots).
            // The others wait for the end of the move (Ko §12 step 5: the
            // priest-killed demotion comes after every shot).
            if rules.effects.demotions.iter().any(|d| d.each_landing) {
                self.set(sq, current);
                self.demote_all(Timing::Landing);
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
        let source = rules.effects.auras.iter().any(|a| a.source.contains(mover_ty));
        if !source && self.in_aura(to, side) {
            // Burnt on arrival: it dies where it lands (friendly fire counts).
            self.record_kill(to, side, mover_ty);
            self.demote_all(Timing::EndOfMove);
            return;
        }
        self.set(to, placed);
        let promoted_now = placed != moving;
        // A source that arrives, or is created by promotion, kills around it.
        for a in rules.effects.auras.iter() {
            let is_source = a.source.contains(cell_type(placed));
            if is_source && (!promoted_now || a.on_creation || a.source.contains(mover_ty)) {
                self.burn_around(to, a, side);
            }
        }
        if promoted_now {
            for o in rules
                .effects
                .on_promotions
                .iter()
                .filter(|o| o.kinds.contains(mover_ty))
            {
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
        self.demote_all(Timing::EndOfMove);
    }

    /// Is `sq` within a killing aura that harms a piece of `side`?
    fn in_aura(&self, sq: Square, side: Colour) -> bool {
        let geo = &self.rules.geometry;
        let (x0, y0) = geo.xy(sq);
        self.rules.effects.auras.iter().any(|a| {
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
    /// distance (only enemies, for an `enemies_only` aura). If another
    /// source it would harm stands there, the aura's `meeting` decides
    /// whether that source burns too and whether the arriving one dies.
    fn burn_around(&mut self, sq: Square, a: &crate::ruleset::KillAura, side: Colour) {
        let geo = self.rules.geometry.clone();
        let (x0, y0) = geo.xy(sq);
        let d = i32::from(a.distance);
        // Two passes over the area: whether a source it harms stands
        // there decides what the second pass burns.
        let harmed = |pos: &Self, dx: i32, dy: i32| -> Option<(Square, bool)> {
            let t = geo.square(x0 + dx, y0 + dy)?;
            let c = pos.cells[usize::from(t)];
            (t != sq && c != 0 && !(a.enemies_only && cell_colour(c) == side))
                .then(|| (t, a.source.contains(cell_type(c))))
        };
        let met_source = (-d..=d).any(|dy| (-d..=d).any(|dx| harmed(self, dx, dy).is_some_and(|(_, s)| s)));
        let (burns_sources, burns_any) = match (met_source, a.meeting) {
            (false, _) | (true, Meeting::MoverDies) => (false, true),
            (true, Meeting::Mutual | Meeting::Active) => (true, true),
            (true, Meeting::MoverOnly) => (false, false),
        };
        for dy in -d..=d {
            for dx in -d..=d {
                if let Some((t, source)) = harmed(self, dx, dy)
                    && burns_any
                    && (!source || burns_sources)
                {
                    self.kill(t);
                }
            }
        }
        if met_source && a.meeting.mover_dies() {
            self.kill(sq);
        }
    }

    /// Applies the compulsory demotions judged at `timing` until none
    /// applies.
    fn demote_all(&mut self, timing: Timing) {
        let rules = self.rules.clone();
        let judged = |d: &Demotion| timing == Timing::EndOfMove || d.each_landing;
        if rules
            .effects
            .demotions
            .iter()
            .all(|d| !judged(d) || !on_board(self, &d.kinds))
        {
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
                    cells: BoardView::Cells(&self.cells),
                    subject: (c, sq),
                    other: None,
                };
                let demoted = rules
                    .effects
                    .demotions
                    .iter()
                    .any(|d| judged(d) && d.kinds.contains(ty) && eval(&d.when, &facts) != 0);
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
}

#[cfg(test)]
mod tests {
    use crate::movegen::legal_moves;
    use crate::position::Position;

    /// `position::hash_after` with a single aura (`position/aura_hash.rs`):
    /// along random games of every bundled variant with a single aura, the
    /// hash worked out before a move is the hash playing it leaves.
    #[test]
    fn the_hash_before_a_move_is_the_hash_after_playing_it() {
        let mut checked = 0;
        for name in crate::rules::bundled_names() {
            let rules = crate::rules::load_variant(name, &[]).expect("bundled compiles");
            if !rules.single_aura {
                continue;
            }
            let mut seed = 0x2545_F491_4F6C_DD1Du64;
            for _game in 0..4 {
                let mut pos = Position::start(rules.clone());
                let mut moves = Vec::new();
                for _ply in 0..200 {
                    legal_moves(&pos, &mut moves).unwrap();
                    if moves.is_empty() {
                        break;
                    }
                    for m in &moves {
                        let expected = crate::position::hash_after(&pos, m);
                        let undo = pos.play_unchecked(m);
                        assert_eq!(expected, Some(pos.hash()), "{name}: {}", pos.to_text());
                        pos.unplay(&undo);
                        checked += 1;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let m = moves[(seed % moves.len() as u64) as usize];
                    pos.play_unchecked(&m);
                }
            }
        }
        assert!(checked > 0, "no bundled variant has a single aura");
    }
}
