//! The effect parts of a walk, only in variants that have them: shots
//! after a landing (`shots_then`, `shot_targets`), death in a killing aura
//! (`dies_at`), demotion on a landing (`demoted_at`). These build a scratch
//! board of the move so far (`board_now`).

use super::{PointFacts, Walker};
use crate::board::NO_SQUARE;
use crate::board::Square;
use crate::dsl::eval;
use crate::moves::MAX_SHOTS;
use crate::position::{Cell, cell_colour, cell_type};
use crate::ruleset::{Over, Program};

impl Walker<'_> {
    /// A landing in a variant with effects: the mover may die here (an
    /// aura), be demoted (which ends its move), and shoot.
    #[inline(never)]
    pub(super) fn after_landing<F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        sq: Square,
        o: u8,
        more: bool,
        f: &mut F,
    ) -> bool {
        let l = &prog.legs[leg];
        if more && self.dies_at(sq, true) {
            // It dies on an intermediate landing: the move ends here.
            return self.end(prog, f);
        }
        let ends_early = more && self.demoted_at(sq);
        let shooting = self.rules.shooting[self.rules.types[usize::from(cell_type(self.mover()))].kind].as_ref();
        let shots = shooting.map_or(0, |s| s.shots);
        let mut stop = false;
        if l.can_stop_after || ends_early || !more {
            stop = if shots > 0 && !self.dies_at(sq, false) {
                self.shots_then(prog, leg, sq, o, shots, Then::End, f)
            } else {
                self.end(prog, f)
            };
        }
        if !stop && more && !ends_early {
            stop = if shooting.is_some_and(|s| s.each_leg) {
                self.shots_then(prog, leg, sq, o, shots, Then::NextLeg, f)
            } else {
                self.walk(prog, leg + 1, sq, o, f)
            };
        }
        stop
    }

    /// Offers every sequence of up to `k` shots from `sq`, then goes on as
    /// `then` says.
    #[allow(clippy::too_many_arguments)]
    fn shots_then<F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        sq: Square,
        o: u8,
        k: u8,
        then: Then,
        f: &mut F,
    ) -> bool {
        let stop = match then {
            Then::End => self.end(prog, f),
            Then::NextLeg => self.walk(prog, leg + 1, sq, o, f),
        };
        if stop || k == 0 || self.n_shots >= MAX_SHOTS {
            return stop;
        }
        let mut targets = [NO_SQUARE; 64];
        let n = self.shot_targets(sq, &mut targets);
        for &t in &targets[..n] {
            let i = self.n_shots;
            self.shots[i] = t;
            self.shot_after[i] = (self.len - 1) as u8;
            self.shot_victims[i] = self.cells[usize::from(t)];
            self.n_shots += 1;
            let stop = self.shots_then(prog, leg, sq, o, k - 1, then, f);
            self.n_shots -= 1;
            if stop {
                return true;
            }
        }
        false
    }

    /// What stands on `sq` at this point of the move: [`Walker::board_now`]
    /// for one square, without copying the board.
    #[inline]
    pub(crate) fn cell_now(&self, sq: Square) -> Cell {
        if self.len > 0 && self.path[self.len - 1] == sq {
            self.mover()
        } else {
            self.occupant(sq)
        }
    }

    /// The board as it stands at this point of the move.
    pub(crate) fn board_now(&self) -> Vec<Cell> {
        let mut b = self.cells.to_vec();
        b[usize::from(self.from)] = 0;
        for i in 0..self.len {
            if self.victims[i] != 0 {
                b[usize::from(self.path[i])] = 0;
            }
        }
        for i in 0..self.n_shots {
            b[usize::from(self.shots[i])] = 0;
        }
        self.for_swept(|sq, _| b[usize::from(sq)] = 0);
        if self.len > 0 {
            b[usize::from(self.path[self.len - 1])] = self.mover();
        }
        b
    }

    /// Squares the mover, standing on `sq`, may shoot at now.
    fn shot_targets(&self, sq: Square, out: &mut [Square; 64]) -> usize {
        let rules = self.rules;
        let kind = rules.types[usize::from(cell_type(self.mover()))].kind;
        let (Some(s), Some(pos)) = (rules.shooting[kind].as_ref(), self.pos) else {
            return 0;
        };
        let board = self.board_now();
        let me = (self.mover(), sq);
        let facts = PointFacts {
            pos,
            cells: &board,
            subject: me,
            other: None,
        };
        if s.when.as_ref().is_some_and(|w| eval(w, &facts) == 0) {
            return 0;
        }
        let range = eval(&s.range, &facts).clamp(0, 64);
        let geo = &rules.geometry;
        let (x0, y0) = geo.xy(sq);
        let mut n = 0;
        for (dx, dy) in [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)] {
            let mut passed = 0;
            for d in 1..=range {
                let Some(t) = geo.square(x0 + dx * d, y0 + dy * d) else {
                    break;
                };
                let c = board[usize::from(t)];
                if c == 0 {
                    continue;
                }
                let about = PointFacts {
                    pos,
                    cells: &board,
                    subject: me,
                    other: Some((c, t)),
                };
                let screen_ok = || s.screen.as_ref().is_none_or(|e| eval(e, &about) != 0);
                let may_target =
                    cell_colour(c) != self.colour && s.target.as_ref().is_none_or(|e| eval(e, &about) != 0);
                match s.over {
                    Over::Never => {
                        if may_target && n < out.len() {
                            out[n] = t;
                            n += 1;
                        }
                        break;
                    }
                    Over::Any => {
                        if may_target && n < out.len() {
                            out[n] = t;
                            n += 1;
                        }
                        if !screen_ok() {
                            break;
                        }
                    }
                    Over::ExactlyOne => {
                        if passed == 1 {
                            if may_target && n < out.len() {
                                out[n] = t;
                                n += 1;
                            }
                            break;
                        }
                        if !screen_ok() {
                            break;
                        }
                    }
                }
                passed += 1;
            }
        }
        n
    }

    /// Does the mover die on landing at `sq` (a killing aura)? With
    /// `intermediate`, only auras that count intermediate landings.
    pub(super) fn dies_at(&self, sq: Square, intermediate: bool) -> bool {
        let rules = self.rules;
        let geo = &rules.geometry;
        let (x0, y0) = geo.xy(sq);
        let mover = cell_type(self.piece);
        let harms = |a: &crate::ruleset::KillAura, t: Square| {
            let c = self.occupant(t);
            c != 0 && a.source.contains(cell_type(c)) && (!a.enemies_only || cell_colour(c) != self.colour)
        };
        rules.auras.iter().any(|a| {
            (!intermediate || a.intermediate_landings)
                // A source dies only by meeting another, if its aura says so.
                && (!a.source.contains(mover) || a.meeting.mover_dies())
                && {
                let d = i32::from(a.distance);
                match self.aura_sources {
                    // Sources only leave the board during a move: look at
                    // the listed ones within reach.
                    Some(sources) => sources.iter().any(|&t| {
                        let (x, y) = geo.xy(t);
                        t != sq && (x - x0).abs() <= d && (y - y0).abs() <= d && harms(a, t)
                    }),
                    None => (-d..=d).any(|dy| {
                        (-d..=d)
                            .any(|dx| (dx, dy) != (0, 0) && geo.square(x0 + dx, y0 + dy).is_some_and(|t| harms(a, t)))
                    }),
                }
            }
        })
    }

    /// Would the mover be demoted on landing at `sq`?
    fn demoted_at(&self, sq: Square) -> bool {
        let me = cell_type(self.mover());
        let rules = self.rules;
        let Some(pos) = self.pos else { return false };
        if !rules.demotions.iter().any(|d| d.kinds.contains(me)) {
            return false;
        }
        let board = self.board_now();
        let facts = PointFacts {
            pos,
            cells: &board,
            subject: (self.mover(), sq),
            other: None,
        };
        rules
            .demotions
            .iter()
            .any(|d| d.kinds.contains(me) && eval(&d.when, &facts) != 0)
    }
}

/// What follows a round of shots.
#[derive(Clone, Copy)]
enum Then {
    End,
    NextLeg,
}
