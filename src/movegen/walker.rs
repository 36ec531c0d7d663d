//! The leg walker: follows one piece's compiled movement programs over a
//! board, leg by leg, in fixed arrays (the origin counts as empty, and
//! pieces captured or shot earlier on the path are gone), and hands every
//! path that may end to a callback.

use super::PathFacts;
use crate::board::{Colour, NO_SQUARE, Square};
use crate::dsl::eval;
use crate::moves::{MAX_LEGS, MAX_SHOTS};
use crate::position::{Cell, Occupancy, Position, cell_colour, cell_type};
use crate::ruleset::{CaptureMode, Leg, LegWalk, OnlyRays, PlanStep, Program, Ray, Relation, Ruleset, WalkPlan};

/// A partial or complete path being walked for one piece.
pub(crate) struct Walker<'a> {
    /// The position being played, when there is one (a diagram walks a
    /// bare board); needed for conditions and effects.
    pub(crate) pos: Option<&'a Position>,
    pub(crate) rules: &'a Ruleset,
    /// The ruleset's walk plan ([`Ruleset::walk_plan`]).
    plan: &'a WalkPlan,
    /// Where each side's pieces stand, if `cells` is the position's own
    /// board: a piece whose every ray starts on an own piece is passed
    /// over without looking at the squares.
    occupancy: Option<&'a Occupancy>,
    pub(crate) cells: &'a [Cell],
    pub(crate) colour: Colour,
    pub(crate) from: Square,
    /// The plan's entry for the piece on `from` and its edge class (set
    /// with `from` by [`Walker::start`]).
    entry: Option<&'a OnlyRays>,
    /// Which of those rays' first squares hold an own piece, as bits from
    /// the entry's `low` ([`OnlyRays::first_squares`]), when `start` read
    /// them from the occupancy bits (0 otherwise: then the squares are
    /// read).
    own_firsts: u64,
    pub(crate) path: [Square; MAX_LEGS],
    /// The enemy captured at each landing (0: none).
    pub(crate) victims: [Cell; MAX_LEGS],
    /// How many pieces a range capture took on the way to each landing.
    pub(crate) swept: [u8; MAX_LEGS],
    /// The range capture being walked leaves the mover's own pieces it
    /// passes (`spares_own`). A move's one sweeping leg is its last.
    pub(crate) sweep_spares_own: bool,
    /// The path being reported ends with a range jump (an
    /// `over_lower_rank` slide): set while [`Walker::range_jump`] walks.
    pub(crate) range_leg: bool,
    /// How many of the landings so far captured (`victims` not 0): while
    /// none did and nothing was shot, `occupant` needs no search.
    pub(super) taken: u8,
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
    /// Where the sources of killing auras stand, when the caller listed
    /// them (`None`: look around each landing).
    pub(super) aura_sources: Option<&'a [Square]>,
    /// What a landing of the piece being walked can set off (effects.rs).
    pub(super) landing: super::effects::Landing<'a>,
    /// The aura sources that harm each colour, once worked out (effects.rs).
    pub(super) aura_threats: super::effects::AuraThreats,
    /// Where the enemies of the shooters walked stand (effects.rs).
    pub(super) enemy_rows: super::enemy_rows::EnemyRows,
    /// How deep in protection judgments this walk is: 0 for a move, 1 for
    /// a protection or attack question, 2 for the protection question a
    /// leap to anywhere asks inside one of those. Leaps to anywhere are not
    /// walked at depth 2: a universal leaper protects a square only if its
    /// own capture there would be allowed with the other pieces counted
    /// (one level deep).
    pub(crate) depth: u8,
    /// The victims `path[..judged]` already passed the capture
    /// restrictions while the path was walked (leaps to anywhere).
    pub(crate) judged: usize,
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
            plan: rules.walk_plan(),
            occupancy: None,
            cells,
            colour,
            from,
            entry: None,
            own_firsts: 0,
            path: [NO_SQUARE; MAX_LEGS],
            victims: [0; MAX_LEGS],
            swept: [0; MAX_LEGS],
            sweep_spares_own: false,
            range_leg: false,
            taken: 0,
            len: 0,
            shots: [NO_SQUARE; MAX_SHOTS],
            shot_after: [0; MAX_SHOTS],
            shot_victims: [0; MAX_SHOTS],
            n_shots: 0,
            effects: false,
            piece: cells[usize::from(from)],
            aura_sources: None,
            landing: super::effects::Landing::NONE,
            aura_threats: super::effects::AuraThreats::UNKNOWN,
            enemy_rows: super::enemy_rows::EnemyRows::UNKNOWN,
            depth: 0,
            judged: 0,
        }
    }

    /// What stands on `sq` now: the origin is vacated and pieces captured
    /// or shot earlier on this path are gone.
    #[inline(always)]
    pub(super) fn occupant(&self, sq: Square) -> Cell {
        let c = self.cells[usize::from(sq)];
        if c == 0 || sq == self.from {
            return 0;
        }
        if self.taken == 0 && self.n_shots == 0 {
            return c;
        }
        self.occupant_after_captures(sq, c)
    }

    /// [`Walker::occupant`] of a square holding `c` once this path has
    /// captured or shot something.
    #[inline(never)]
    fn occupant_after_captures(&self, sq: Square, c: Cell) -> Cell {
        let captured = (0..self.len).any(|i| self.path[i] == sq && self.victims[i] != 0);
        if captured || self.shots[..self.n_shots].contains(&sq) {
            0
        } else {
            c
        }
    }

    /// Is `occ` (an occupant) one of the mover's own pieces? Such a square
    /// is never landed on: the plain walks skip it before `land_as`.
    #[inline(always)]
    pub(super) fn own(&self, occ: Cell) -> bool {
        occ != 0 && cell_colour(occ) == self.colour
    }

    /// Walks `prog` from leg `leg`; `f` receives every path that may end
    /// there and returns true to stop the whole walk. Each kind of leg has
    /// its own walk ([`LegWalk`]), so the plain ones test nothing per square
    /// for what only rare legs do.
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
        // The first leg starts from the origin with nothing captured or
        // shot, so it reads the board as it is (`FIRST`).
        match l.walk {
            LegWalk::Leap if l.judged => self.leap::<true, false, F>(prog, leg, cur, offs, f),
            LegWalk::Leap if leg == 0 => self.leap::<false, true, F>(prog, leg, cur, offs, f),
            LegWalk::Leap => self.leap::<false, false, F>(prog, leg, cur, offs, f),
            LegWalk::Slide { max } if l.judged => self.slide::<true, false, F>(prog, leg, cur, offs, max, f),
            LegWalk::Slide { max } if leg == 0 => self.slide::<false, true, F>(prog, leg, cur, offs, max, f),
            LegWalk::Slide { max } => self.slide::<false, false, F>(prog, leg, cur, offs, max, f),
            LegWalk::LeapOverOwn => self.leap_over_own(prog, leg, cur, offs, f),
            LegWalk::SweepingLeap => self.sweeping_leap(prog, leg, cur, offs, f),
            LegWalk::PassingSlide => offs.iter().any(|&o| self.passing_slide(prog, leg, cur, o, f)),
            LegWalk::RangeJump => offs.iter().any(|&o| self.range_jump(prog, leg, cur, o, f)),
            LegWalk::Anywhere => self.anywhere(prog, leg, cur, f),
            LegWalk::Hop => offs.iter().any(|&o| self.hop(prog, leg, cur, o, f)),
        }
    }

    /// What stands on `sq`, for a leg that is the first (`FIRST`: the
    /// origin, which a first leg never reaches, is the only vacated square)
    /// or not.
    #[inline(always)]
    fn occupant_for<const FIRST: bool>(&self, sq: Square) -> Cell {
        if FIRST {
            self.cells[usize::from(sq)]
        } else {
            self.occupant(sq)
        }
    }

    /// A step or jump: one landing per offset.
    #[inline]
    fn leap<const JUDGED: bool, const FIRST: bool, F: FnMut(&Walker) -> bool>(
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
            if sq != NO_SQUARE {
                let occ = self.occupant_for::<FIRST>(sq);
                if !self.own(occ) && self.land_as::<JUDGED, F>(prog, leg, sq, o, occ, 0, f) {
                    return true;
                }
            }
        }
        false
    }

    /// A slide that ends at the first piece or after `max` squares.
    #[inline]
    fn slide<const JUDGED: bool, const FIRST: bool, F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        cur: Square,
        offs: &[u8],
        max: u8,
        f: &mut F,
    ) -> bool {
        let table = &self.rules.offsets;
        for &o in offs {
            let mut sq = cur;
            let mut n = 0u8;
            loop {
                sq = table.target(o, sq);
                if sq == NO_SQUARE {
                    break;
                }
                n += 1;
                let occ = self.occupant_for::<FIRST>(sq);
                if self.own(occ) {
                    break;
                }
                if self.land_as::<JUDGED, F>(prog, leg, sq, o, occ, 0, f) {
                    return true;
                }
                if occ != 0 || n >= max {
                    break;
                }
            }
        }
        false
    }

    /// Hands a finished path to `f`. A `per_destination` path is handed
    /// over as its last landing alone (its earlier landings are empty
    /// squares), and not at all if it ends on the origin. Paths with shots
    /// keep their landings, which the shots refer to.
    #[inline]
    pub(super) fn end<F: FnMut(&Walker) -> bool>(&mut self, prog: &Program, f: &mut F) -> bool {
        if !prog.per_destination || self.n_shots > 0 {
            return f(self);
        }
        let last = self.len - 1;
        if self.path[last] == self.from {
            return false;
        }
        let saved = (self.len, self.path[0], self.victims[0], self.swept[0]);
        self.path[0] = self.path[last];
        self.victims[0] = self.victims[last];
        self.swept[0] = self.swept[last];
        self.len = 1;
        let stop = f(self);
        (self.len, self.path[0], self.victims[0], self.swept[0]) = saved;
        stop
    }

    /// Lands on `sq` (holding `occ`, with `swept` pieces taken on the way
    /// by a range capture) if the leg may, and goes on: the path may end
    /// here, the next leg is walked. `JUDGED`: the leg's landings are
    /// judged ([`Walker::may_land_here`]).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn land_as<const JUDGED: bool, F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        sq: Square,
        o: u8,
        occ: Cell,
        swept: u8,
        f: &mut F,
    ) -> bool {
        self.may_take(&prog.legs[leg], occ) && self.enter_as::<JUDGED, F>(prog, leg, sq, o, occ, swept, f)
    }

    /// Whether leg `l` may land on a square holding `occ`: empty or an
    /// enemy, as its capture mode says; never an own piece.
    #[inline]
    pub(super) fn may_take(&self, l: &Leg, occ: Cell) -> bool {
        if occ != 0 {
            cell_colour(occ) != self.colour && l.capture != CaptureMode::Never
        } else {
            l.capture != CaptureMode::Must
        }
    }

    /// Lands on `sq`, which the leg may land on, and goes on: the path may
    /// end here, the next leg is walked.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn enter_as<const JUDGED: bool, F: FnMut(&Walker) -> bool>(
        &mut self,
        prog: &Program,
        leg: usize,
        sq: Square,
        o: u8,
        occ: Cell,
        swept: u8,
        f: &mut F,
    ) -> bool {
        let l = &prog.legs[leg];
        self.path[self.len] = sq;
        self.victims[self.len] = occ;
        self.swept[self.len] = swept;
        self.len += 1;
        let taken = u8::from(occ != 0);
        self.taken += taken;
        if JUDGED && !self.may_land_here(l, occ) {
            self.len -= 1;
            self.taken -= taken;
            return false;
        }
        let more = leg + 1 < prog.legs.len();
        let stop = if self.landing.any {
            self.after_landing(prog, leg, sq, o, more, f)
        } else {
            let mut stop = l.can_stop_after && self.end(prog, f);
            if !stop && more {
                stop = self.walk(prog, leg + 1, sq, o, f);
            }
            stop
        };
        self.len -= 1;
        self.taken -= taken;
        stop
    }

    pub(crate) fn mover(&self) -> Cell {
        self.piece
    }
}

/// Walks every available program of the piece on `from` on the board
/// `cells` (the position's own board, or a changed copy of it; `pos`
/// answers the programs' `when` conditions); see [`Walker::walk`]. `depth`
/// counts protection judgments (see [`Walker`]); 1 for a plain question.
/// Shots and effects are not walked: this answers where the piece can go.
pub(crate) fn walk_piece_at<F: FnMut(&Walker) -> bool>(
    pos: &Position,
    cells: &[Cell],
    from: Square,
    depth: u8,
    f: &mut F,
) -> bool {
    walk_piece_with(pos, cells, from, None, false, depth, f)
}

/// A walker for the moves of the game in `pos`: with shots, deaths in
/// auras and demotions on landing. `aura_sources`: where every source of a
/// killing aura stands, if known. One walker serves every piece
/// ([`Walker::walk_piece`]).
pub(super) fn playing<'a>(pos: &'a Position, aura_sources: Option<&'a [Square]>) -> Walker<'a> {
    let mut w = Walker::new(&pos.rules, Some(pos), &pos.cells, pos.side, 0);
    w.effects = pos.rules.has_effects;
    w.aura_sources = aura_sources;
    w.occupancy = Some(&pos.occupancy);
    w
}

fn walk_piece_with<'a, F: FnMut(&Walker) -> bool>(
    pos: &'a Position,
    cells: &'a [Cell],
    from: Square,
    aura_sources: Option<&'a [Square]>,
    effects: bool,
    depth: u8,
    f: &mut F,
) -> bool {
    let mut w = Walker::new(
        &pos.rules,
        Some(pos),
        cells,
        cell_colour(cells[usize::from(from)]),
        from,
    );
    w.effects = effects;
    w.aura_sources = aura_sources;
    w.depth = depth;
    w.start(from);
    w.walk_piece(f)
}

impl Walker<'_> {
    /// Makes the piece on `from`, one of the walker's colour, the one
    /// [`Walker::walk_piece`] walks. False if it is hemmed in: its moves
    /// are plain rays only, and every ray's first square holds an own
    /// piece (read from the occupancy bits, when the walker has them).
    /// Such a piece has no path, effects or not (no leg lands on an own
    /// piece), so the move generator passes over it before it sets up
    /// anything for its walk.
    #[inline(always)]
    pub(super) fn start(&mut self, from: Square) -> bool {
        let c = self.cells.get(usize::from(from)).copied().unwrap_or(0);
        let entry = self.plan.piece(c, self.plan.class(from));
        (self.from, self.piece, self.entry, self.own_firsts) = (from, c, entry, 0);
        let (Some(occupancy), Some(entry)) = (self.occupancy, entry) else {
            return true;
        };
        let (firsts, low) = entry.first_squares();
        if firsts == 0 {
            return true;
        }
        let Ok(at) = usize::try_from(i32::from(from) + i32::from(low)) else {
            return true;
        };
        self.own_firsts = occupancy.window(self.colour, at) & firsts;
        self.own_firsts != firsts
    }

    /// Walks every available program of the piece [`Walker::start`]ed (the walker's
    /// position answers the programs' `when` conditions); see
    /// [`Walker::walk`]. Without effects, or when the piece's landings set
    /// nothing off ([`Walker::set_landing`]), the kind's plain one-leg
    /// programs are followed as the plan's rays ([`Walker::walk_rays`]), in
    /// the same order.
    #[inline(always)]
    pub(super) fn walk_piece<F: FnMut(&Walker) -> bool>(&mut self, f: &mut F) -> bool {
        let Some(pos) = self.pos else { return false };
        let rules = self.rules;
        let (from, c) = (self.from, self.piece);
        self.judged = 0;
        let ty = cell_type(c);
        if self.effects {
            self.set_landing(c);
            // A piece whose landings set nothing off walks as in a
            // variant without effects, by the plan.
            if rules.has_effects && self.landing.any {
                let kind = rules.types[usize::from(ty)].kind;
                return rules.programs[self.colour.index()][kind]
                    .iter()
                    .any(|prog| self.walk_program(pos, prog, from, f));
            }
        }
        if let Some(rays) = self.entry.and_then(|p| self.plan.rays_of(p)) {
            let (firsts, low) = self.entry.map_or((0, 0), OnlyRays::first_squares);
            if firsts != 0 && self.occupancy.is_some() {
                return self.walk_rays::<true, F>(rays, from, low, f);
            }
            return self.walk_rays::<false, F>(rays, from, 0, f);
        }
        let class = self.plan.class(from);
        for &step in self.plan.steps(c) {
            let stop = match step {
                PlanStep::Rays(run) => self.walk_rays::<false, F>(self.plan.rays(run, class), from, 0, f),
                PlanStep::Program(i) => {
                    let kind = rules.types[usize::from(ty)].kind;
                    self.walk_program(pos, &rules.programs[self.colour.index()][kind][i], from, f)
                }
            };
            if stop {
                return true;
            }
        }
        false
    }

    /// Walks `prog` from `from` if its `when` holds.
    #[inline]
    fn walk_program<F: FnMut(&Walker) -> bool>(
        &mut self,
        pos: &Position,
        prog: &Program,
        from: Square,
        f: &mut F,
    ) -> bool {
        if let Some(cond) = &prog.when
            && eval(
                cond,
                &PathFacts {
                    pos,
                    w: self,
                    victim: usize::MAX,
                },
            ) == 0
        {
            return false;
        }
        self.walk(prog, 0, from, 0, f)
    }

    /// Follows the rays of plain one-leg programs from `from` (no effects):
    /// each landing is a one-landing path handed to `f`, as
    /// [`Walker::walk`] would hand it, without its per-leg dispatch. The
    /// plan lists only the rays whose first step is on the board (unless
    /// [`Ray::CHECK`]), so a ray that meets a piece at once looks up
    /// nothing but that square.
    #[inline(always)]
    fn walk_rays<const BITS: bool, F: FnMut(&Walker) -> bool>(
        &mut self,
        rays: &[Ray],
        from: Square,
        low: i16,
        f: &mut F,
    ) -> bool {
        let (cells, plan, colour, own) = (self.cells, self.plan, self.colour, self.own_firsts);
        let mut next = 0;
        loop {
            // Most rays end at once on an own piece: they are passed over
            // in a loop of their own, which keeps little in registers.
            // (`BITS`: the piece's own-held first squares are known as
            // bits, `own_firsts`; a ray whose bit is not set goes the
            // general way, which reads its squares.)
            let blocked = |r: &Ray| {
                if BITS {
                    return (own >> (r.delta.wrapping_sub(low) as u32 & 63)) & 1 != 0;
                }
                r.flags & Ray::CHECK == 0
                    && cells
                        .get(usize::from(from.wrapping_add_signed(r.delta)))
                        .is_some_and(|&occ| occ != 0 && cell_colour(occ) == colour)
            };
            while rays.get(next).is_some_and(blocked) {
                next += 1;
            }
            let Some(&r) = rays.get(next) else {
                return false;
            };
            next += 1;
            if r.flags & Ray::CHECK != 0 && plan.room(&r, from) == 0 {
                continue;
            }
            let mut sq = from.wrapping_add_signed(r.delta);
            let mut occ = cells[usize::from(sq)];
            if occ == 0 {
                // A slide goes on while the squares are empty.
                let mut left = if r.flags & Ray::SLIDES != 0 {
                    plan.room(&r, from).saturating_sub(1)
                } else {
                    0
                };
                loop {
                    if r.flags & Ray::TO_EMPTY != 0 && self.land_one(sq, 0, f) {
                        return true;
                    }
                    if left == 0 {
                        break;
                    }
                    left -= 1;
                    sq = sq.wrapping_add_signed(r.delta);
                    occ = cells[usize::from(sq)];
                    if occ != 0 {
                        break;
                    }
                }
                if occ == 0 {
                    continue;
                }
            }
            if cell_colour(occ) != colour && r.flags & Ray::TO_ENEMY != 0 && self.land_one(sq, occ, f) {
                return true;
            }
        }
    }

    /// Hands `f` the one-landing path to `sq` (holding `occ`).
    #[inline]
    fn land_one<F: FnMut(&Walker) -> bool>(&mut self, sq: Square, occ: Cell, f: &mut F) -> bool {
        self.path[0] = sq;
        self.victims[0] = occ;
        self.swept[0] = 0;
        self.len = 1;
        self.taken = u8::from(occ != 0);
        let stop = f(self);
        self.len = 0;
        self.taken = 0;
        stop
    }
}

#[cfg(test)]
#[path = "walker_tests.rs"]
mod tests;
