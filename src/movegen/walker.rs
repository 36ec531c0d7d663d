//! The leg walker: follows one piece's compiled movement programs over a
//! board, leg by leg, in fixed arrays (the origin counts as empty, and
//! pieces captured or shot earlier on the path are gone), and hands every
//! path that may end to a callback.

use super::PathFacts;
use crate::board::{Colour, NO_SQUARE, Square};
use crate::dsl::eval;
use crate::moves::{MAX_LEGS, MAX_SHOTS};
use crate::position::{Cell, Position, cell_colour, cell_type};
use crate::ruleset::{CaptureMode, LegMode, Program, Relation, Ruleset};

/// A partial or complete path being walked for one piece.
pub(crate) struct Walker<'a> {
    /// The position being played, when there is one (a diagram walks a
    /// bare board); needed for conditions and effects.
    pub(crate) pos: Option<&'a Position>,
    pub(crate) rules: &'a Ruleset,
    pub(crate) cells: &'a [Cell],
    pub(crate) colour: Colour,
    pub(crate) from: Square,
    pub(crate) path: [Square; MAX_LEGS],
    /// The enemy captured at each landing (0: none).
    pub(crate) victims: [Cell; MAX_LEGS],
    pub(crate) len: usize,
    pub(crate) shots: [Square; MAX_SHOTS],
    pub(crate) shot_after: [u8; MAX_SHOTS],
    pub(crate) shot_victims: [Cell; MAX_SHOTS],
    pub(crate) n_shots: usize,
    /// Shots, deaths by auras and mid-move demotions are considered (not
    /// when only asking where a piece could go).
    pub(super) effects: bool,
    /// The moving piece (the origin's occupant, or a piece that would be
    /// dropped there).
    pub(super) piece: Cell,
}

impl<'a> Walker<'a> {
    pub(crate) fn new(
        rules: &'a Ruleset,
        pos: Option<&'a Position>,
        cells: &'a [Cell],
        colour: Colour,
        from: Square,
    ) -> Self {
        Walker {
            pos,
            rules,
            cells,
            colour,
            from,
            path: [NO_SQUARE; MAX_LEGS],
            victims: [0; MAX_LEGS],
            len: 0,
            shots: [NO_SQUARE; MAX_SHOTS],
            shot_after: [0; MAX_SHOTS],
            shot_victims: [0; MAX_SHOTS],
            n_shots: 0,
            effects: false,
            piece: cells[usize::from(from)],
        }
    }

    /// What stands on `sq` now: the origin is vacated and pieces captured
    /// or shot earlier on this path are gone.
    #[inline]
    pub(super) fn occupant(&self, sq: Square) -> Cell {
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
            for i in 0..self.n_shots {
                if self.shots[i] == sq {
                    return 0;
                }
            }
        }
        c
    }

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
                    if sq != NO_SQUARE && !(l.only_over_own && self.leaps_over_enemy(cur, sq)) {
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
        let more = leg + 1 < prog.legs.len();
        let stop = if self.effects && self.rules.has_effects {
            self.after_landing(prog, leg, sq, o, more, f)
        } else {
            let mut stop = l.can_stop_after && f(self);
            if !stop && more {
                stop = self.walk(prog, leg + 1, sq, o, f);
            }
            stop
        };
        self.len -= 1;
        stop
    }

    pub(crate) fn mover(&self) -> Cell {
        self.piece
    }
}

/// Walks every available program of the piece on `from` on the board
/// `cells` (the position's own board, or a changed copy of it; `pos`
/// answers the programs' `when` conditions); see [`Walker::walk`]. Shots
/// and effects are not walked: this answers where the piece can go.
pub(crate) fn walk_piece<F: FnMut(&Walker) -> bool>(pos: &Position, cells: &[Cell], from: Square, f: &mut F) -> bool {
    walk_piece_with(pos, cells, from, false, f)
}

/// Walks every available program of the piece on `from` as a move of the
/// game: with shots, deaths in auras and demotions on landing.
pub(super) fn walk_piece_playing<F: FnMut(&Walker) -> bool>(pos: &Position, from: Square, f: &mut F) -> bool {
    walk_piece_with(pos, &pos.cells, from, true, f)
}

fn walk_piece_with<F: FnMut(&Walker) -> bool>(
    pos: &Position,
    cells: &[Cell],
    from: Square,
    effects: bool,
    f: &mut F,
) -> bool {
    let rules = &*pos.rules;
    let c = cells[usize::from(from)];
    let colour = cell_colour(c);
    let kind = rules.types[usize::from(cell_type(c))].kind;
    let mut w = Walker::new(rules, Some(pos), cells, colour, from);
    w.effects = effects;
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
