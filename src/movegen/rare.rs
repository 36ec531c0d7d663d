//! The rare walks of the leg walker: legs that jump only over their own
//! pieces, leap anywhere, pass over pieces (and may sweep them up), jump
//! over lower ranks or hop over a screen, and the landing checks only such legs need
//! (`may_land_here`). The plain leaps and slides stay in `walker.rs`, which
//! dispatches here through the leg's [`crate::ruleset::LegWalk`].

use super::{PathFacts, Walker, attacked_at};
use crate::board::{NO_SQUARE, Square};
use crate::dsl::eval;
use crate::position::{Cell, cell_colour, cell_type};
use crate::ruleset::{CaptureMode, Leg, LegMode, Program};

impl Walker<'_> {
    /// Does the straight line from `a` to `b` pass over an enemy?
    fn leaps_over_enemy(&self, a: Square, b: Square) -> bool {
        let geo = &self.rules.geometry;
        let ((x0, y0), (x1, y1)) = (geo.xy(a), geo.xy(b));
        let (dx, dy) = ((x1 - x0).signum(), (y1 - y0).signum());
        let steps = (x1 - x0).abs().max((y1 - y0).abs());
        (1..steps).any(|k| {
            geo.square(x0 + dx * k, y0 + dy * k).is_some_and(|s| {
                let c = self.occupant(s);
                c != 0 && cell_colour(c) != self.colour
            })
        })
    }

    /// A straight jump that may not pass over an enemy.
    #[inline(never)]
    pub(super) fn leap_over_own<F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        cur: Square,
        offs: &[u8],
        f: &mut F,
    ) -> bool {
        let table = &self.rules.offsets;
        for &o in offs {
            let sq = table.target(o, cur);
            if sq != NO_SQUARE && !self.leaps_over_enemy(cur, sq) {
                let occ = self.occupant(sq);
                if self.land(prog, leg, sq, o, occ, 0, f) {
                    return true;
                }
            }
        }
        false
    }

    /// A leap to every square but `cur`. Not walked two protection
    /// judgments deep (see [`Walker::depth`]).
    #[inline(never)]
    pub(super) fn anywhere<F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        cur: Square,
        f: &mut F,
    ) -> bool {
        if self.depth >= 2 {
            return false;
        }
        for sq in 0..self.rules.geometry.len() as Square {
            if sq != cur {
                let occ = self.occupant(sq);
                if self.land(prog, leg, sq, 0, occ, 0, f) {
                    return true;
                }
            }
        }
        false
    }

    /// A slide along `o` that may pass over pieces (`pass_over`,
    /// `pass_within`); with `captures_passed` each landing takes the pieces
    /// passed on the way.
    #[inline(never)]
    pub(super) fn passing_slide<F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        cur: Square,
        o: u8,
        f: &mut F,
    ) -> bool {
        let l = &prog.legs[leg];
        let LegMode::Slide { max } = l.mode else {
            return false;
        };
        let table = &self.rules.offsets;
        self.sweep_spares_own = l.spares_own;
        let mut sq = cur;
        // `sweeping`: the pieces passed that a range capture takes.
        let (mut n, mut passed, mut sweeping) = (0u8, 0u8, 0u8);
        loop {
            sq = table.target(o, sq);
            if sq == NO_SQUARE {
                return false;
            }
            n += 1;
            let occ = self.occupant(sq);
            let swept = if l.captures_passed { sweeping } else { 0 };
            if self.land(prog, leg, sq, o, occ, swept, f) {
                return true;
            }
            if max.is_some_and(|m| n >= m) {
                return false;
            }
            if occ != 0 {
                if !l.pass.may_pass(passed, n) {
                    return false;
                }
                passed += 1;
                sweeping += u8::from(self.sweeps_away(occ));
            }
        }
    }

    /// A slide that may pass over pieces (of either side) whose rank is
    /// lower than the mover's. Up to the first piece it is a plain slide;
    /// beyond a passed piece it lands on enemies (of lower rank only, with
    /// `beyond_lower_only`) and, with `beyond_empty`, on empty squares. The
    /// first piece it cannot pass ends the line.
    #[inline(never)]
    pub(super) fn range_jump<F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        cur: Square,
        o: u8,
        f: &mut F,
    ) -> bool {
        // The paths reported from here end with this leg (`range_move`).
        let outer = std::mem::replace(&mut self.range_leg, true);
        let stop = self.range_jump_walk(prog, leg, cur, o, f);
        self.range_leg = outer;
        stop
    }

    fn range_jump_walk<F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        cur: Square,
        o: u8,
        f: &mut F,
    ) -> bool {
        let l = &prog.legs[leg];
        let (Some(rj), LegMode::Slide { max }) = (l.over_lower, l.mode) else {
            return false;
        };
        let types = &self.rules.types;
        let rank = types[usize::from(cell_type(self.piece))].rank;
        let table = &self.rules.offsets;
        // A range capture (`captures_passed`) takes every piece it passes
        // (`sweeping`: not its own with `spares_own`), and its
        // `beyond_lower_only` holds from the first square on. With
        // `lands_on_own` it may also end on an own piece of lower rank.
        let sweeps = l.captures_passed;
        self.sweep_spares_own = l.spares_own;
        let (mut sq, mut n, mut passed, mut sweeping) = (cur, 0u8, 0u8, 0u8);
        loop {
            sq = table.target(o, sq);
            if sq == NO_SQUARE {
                return false;
            }
            n += 1;
            let occ = self.occupant(sq);
            let lower = occ != 0 && types[usize::from(cell_type(occ))].rank < rank;
            let may_land = if occ == 0 {
                passed == 0 || rj.beyond_empty
            } else {
                (passed == 0 && (!sweeps || rj.first_any)) || lower || !rj.beyond_lower_only
            };
            if may_land {
                let swept = if sweeps { sweeping } else { 0 };
                let stop = if l.lands_on_own && lower && cell_colour(occ) == self.colour {
                    l.capture != CaptureMode::Never && self.enter(prog, leg, sq, o, occ, swept, f)
                } else {
                    self.land(prog, leg, sq, o, occ, swept, f)
                };
                if stop {
                    return true;
                }
            }
            if (occ != 0 && !lower) || max.is_some_and(|m| n >= m) {
                return false;
            }
            passed += u8::from(occ != 0);
            sweeping += u8::from(occ != 0 && self.sweeps_away(occ));
        }
    }

    /// A hop along `o`: a slide through empty squares to the first piece,
    /// the screen (not one of `screen_not`), which it passes; beyond it,
    /// it lands on the square right behind (`behind`) or on every empty
    /// square up to the next piece, and on that piece as its capture mode
    /// allows (not one of `victim_not`). The slide's `range` counts from
    /// the origin, screen included.
    #[inline(never)]
    pub(super) fn hop<F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        cur: Square,
        o: u8,
        f: &mut F,
    ) -> bool {
        let l = &prog.legs[leg];
        let (Some(h), LegMode::Slide { max }) = (l.hop.as_deref(), l.mode) else {
            return false;
        };
        let max = max.unwrap_or(u8::MAX);
        let table = &self.rules.offsets;
        let (mut sq, mut n, mut screened) = (cur, 0u8, false);
        loop {
            sq = table.target(o, sq);
            if sq == NO_SQUARE {
                return false;
            }
            n += 1;
            let occ = self.occupant(sq);
            if !screened {
                if occ != 0 {
                    if h.screen_not.contains(cell_type(occ)) {
                        return false;
                    }
                    screened = true;
                }
            } else {
                let allowed = occ == 0 || !h.victim_not.contains(cell_type(occ));
                if allowed && self.land(prog, leg, sq, o, occ, 0, f) {
                    return true;
                }
                if occ != 0 || h.behind {
                    return false;
                }
            }
            if n >= max {
                return false;
            }
        }
    }

    /// A straight jump that captures every piece on the squares it passes
    /// over (`captures_passed`; not the mover's own with `spares_own`).
    #[inline(never)]
    pub(super) fn sweeping_leap<F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        cur: Square,
        offs: &[u8],
        f: &mut F,
    ) -> bool {
        let l = &prog.legs[leg];
        self.sweep_spares_own = l.spares_own;
        let table = &self.rules.offsets;
        for &o in offs {
            let sq = table.target(o, cur);
            if sq == NO_SQUARE || l.only_over_own && self.leaps_over_enemy(cur, sq) {
                continue;
            }
            let sweeping = crate::moves::between(&self.rules.geometry, cur, sq)
                .filter(|&s| {
                    let c = self.occupant(s);
                    c != 0 && self.sweeps_away(c)
                })
                .count() as u8;
            let occ = self.occupant(sq);
            if self.land(prog, leg, sq, o, occ, sweeping, f) {
                return true;
            }
        }
        false
    }

    /// Whether the range capture being walked takes the piece `c` it
    /// passes: every piece, or only enemies with `spares_own`.
    #[inline]
    pub(super) fn sweeps_away(&self, c: Cell) -> bool {
        !(self.sweep_spares_own && cell_colour(c) == self.colour)
    }

    /// A landing of a rare leg ([`Walker::land_as`], judged or not as the
    /// leg says).
    #[allow(clippy::too_many_arguments)]
    fn land<F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        sq: Square,
        o: u8,
        occ: Cell,
        swept: u8,
        f: &mut F,
    ) -> bool {
        self.may_take(&prog.legs[leg], occ) && self.enter(prog, leg, sq, o, occ, swept, f)
    }

    /// Lands on `sq`, whatever stands there, judged or not as the leg says
    /// ([`Walker::enter_as`]): every landing of a rare leg once
    /// [`Walker::may_take`] allows it, and an own piece a range capture
    /// ends on (`lands_on_own`).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn enter<F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        sq: Square,
        o: u8,
        occ: Cell,
        swept: u8,
        f: &mut F,
    ) -> bool {
        if prog.legs[leg].judged {
            self.enter_as::<true, F>(prog, leg, sq, o, occ, swept, f)
        } else {
            self.enter_as::<false, F>(prog, leg, sq, o, occ, swept, f)
        }
    }

    /// The checks of a leap to anywhere and of an `unattacked` leg on the
    /// landing just made: a capture by a leap to anywhere must pass the
    /// capture restrictions here, so that protection judgments count it
    /// only where it is allowed; an `unattacked` landing must be one no
    /// enemy could land on after the move. Both look one level deeper,
    /// where leaps to anywhere are left out. A bare board (a diagram) has
    /// nothing to judge.
    #[inline(never)]
    pub(super) fn may_land_here(&mut self, l: &Leg, occ: Cell) -> bool {
        let Some(pos) = self.pos else { return true };
        let rules = self.rules;
        let i = self.len - 1;
        if l.mode == LegMode::Anywhere && occ != 0 {
            let vt = cell_type(occ);
            let facts = PathFacts {
                pos,
                w: self,
                victim: i,
            };
            let forbidden = rules.restricted_victims.as_ref().is_none_or(|s| s.contains(vt))
                && rules
                    .restrictions
                    .iter()
                    .any(|r| r.guard.as_ref().is_none_or(|g| g.contains(vt)) && eval(&r.forbid, &facts) != 0);
            if forbidden {
                return false;
            }
            self.judged = self.len;
        }
        if l.unattacked {
            let board = self.board_now();
            if attacked_at(pos, &board, self.colour.opposite(), self.path[i], self.depth + 1) {
                return false;
            }
        }
        true
    }
}
