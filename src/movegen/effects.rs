//! The effect parts of a walk, only in variants that have them: shots
//! after a landing (`shots_then`, `shot_targets`), death in a killing aura
//! (`dies_at`), demotion on a landing (`demoted_at`). Their conditions
//! read the board of the move so far through the walker (`cell_now`).
//! What a landing of a piece can set off is worked out once per piece
//! ([`Landing`]), so that the landings of a piece that can neither shoot,
//! die nor be demoted there are walked as in a variant without effects.

use super::enemy_rows::EnemyRows;
use super::{BoardView, PointFacts, Walker};
use crate::board::{Colour, NO_SQUARE, Square};
use crate::dsl::{Expr, TypeSet, eval};
use crate::moves::MAX_SHOTS;
use crate::position::{Cell, Position, cell_colour, cell_type};
use crate::ruleset::{KillAura, Over, Program, Shooting};

/// What a landing of the piece being walked can set off, worked out when
/// its walk starts ([`Walker::set_landing`]).
#[derive(Clone, Copy)]
pub(crate) struct Landing<'a> {
    /// Anything at all: without it a landing ends the path or goes on to
    /// the next leg, as in a variant without effects.
    pub(crate) any: bool,
    /// How the piece shoots.
    shooting: Option<&'a Shooting>,
    /// It may die in a killing aura (a source that harms it may stand on
    /// the board), on its last landing.
    may_die: bool,
    /// ... and on an intermediate landing (an aura that counts those).
    may_die_midway: bool,
    /// A demotion names its type.
    demotable: bool,
}

impl Landing<'_> {
    /// Nothing happens on a landing (no effects, or not walking a move of
    /// the game).
    pub(crate) const NONE: Landing<'static> = Landing {
        any: false,
        shooting: None,
        may_die: false,
        may_die_midway: false,
        demotable: false,
    };
}

/// The eight lines a shot may follow, as (dx, dy).
pub(super) const SHOT_LINES: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// How many aura sources on the board harm a piece of each colour, by
/// aura, and the box of squares within their reach: worked out once per
/// walk of the game, at its first piece, when the sources are listed and
/// there are at most `AURAS` auras.
#[derive(Clone, Copy)]
pub(crate) struct AuraThreats {
    known: bool,
    counts: [[u8; AURAS]; 2],
    /// For each colour, the files and ranks (`x0..=x1`, `y0..=y1`) of the
    /// squares within reach of a source that harms it (empty: none).
    reach: [[i32; 4]; 2],
}

const AURAS: usize = 4;

impl AuraThreats {
    /// Not worked out yet.
    pub(crate) const UNKNOWN: AuraThreats = AuraThreats {
        known: false,
        counts: [[0; AURAS]; 2],
        reach: [[0, -1, 0, -1]; 2],
    };

    /// Known to list no source that harms a piece of `colour`.
    #[inline]
    fn none_harm(&self, colour: Colour) -> bool {
        let [x0, x1, ..] = self.reach[colour.index()];
        self.known && x0 > x1
    }
}

impl<'a> Walker<'a> {
    /// Works out what a landing of `piece`, about to walk from `self.from`
    /// for `self.colour`, can set off ([`Walker::landing`]). A killing
    /// aura can harm it only if one of its sources stands elsewhere on the
    /// board (when the sources are listed) and it is not itself a source
    /// the aura spares.
    #[inline(always)]
    pub(super) fn set_landing(&mut self, piece: Cell) {
        let lt = self.rules.effects.landing_types[usize::from(cell_type(piece))];
        // Most pieces, most of the time: nothing to work out.
        if !lt.shoots && !lt.demotable && (lt.harmed_by == 0 || self.aura_threats.none_harm(self.colour)) {
            self.landing = Landing::NONE;
        } else {
            self.work_out_landing(piece);
        }
    }

    /// [`Walker::set_landing`] of a piece that something may happen to.
    /// (Kept out of line: `walk_piece`, which calls `set_landing` only in
    /// variants with effects, stays small enough to inline.)
    #[inline(never)]
    fn work_out_landing(&mut self, piece: Cell) {
        let rules: &'a crate::ruleset::Ruleset = self.rules;
        let ty = cell_type(piece);
        let lt = rules.effects.landing_types[usize::from(ty)];
        let shooting = if lt.shoots {
            rules.effects.shooting[rules.types[usize::from(ty)].kind].as_ref()
        } else {
            None
        };
        if shooting.is_some() && !self.enemy_rows.lists_enemies_of(self.colour) {
            self.enemy_rows = self.enemy_rows();
        }
        // A shooter with no enemy within its range of any square it may
        // land on shoots at nothing this turn: its landings are plain.
        let shooting = shooting.filter(|s| self.may_find_targets(s, lt.reach));
        let (mut may_die, mut may_die_midway) = (false, false);
        if lt.harmed_by != 0 && !self.aura_threats.known {
            self.aura_threats = self.aura_threats();
        }
        // (Most often no source that harms this side stands on the board:
        // Ko's flames are promoted engineers.)
        if lt.harmed_by != 0 && !self.aura_threats.none_harm(self.colour) {
            let threats = &self.aura_threats;
            for (i, a) in rules.effects.auras.iter().enumerate() {
                let harmful = if threats.known {
                    // A source harms itself only by meeting another.
                    let own = (lt.harms_own >> i) & 1;
                    (lt.harmed_by >> i) & 1 == 1 && threats.counts[self.colour.index()][i] > own
                } else {
                    let is_source = a.source.contains(ty);
                    (!is_source || a.meeting.mover_dies()) && self.harmful_source_stands(a)
                };
                may_die |= harmful;
                may_die_midway |= harmful && a.intermediate_landings;
            }
        }
        self.landing = Landing {
            // Death on the last landing matters here only to a shooter
            // (a dead piece does not shoot).
            any: shooting.is_some() || lt.demotable || may_die_midway,
            shooting,
            may_die,
            may_die_midway,
            demotable: lt.demotable,
        };
    }

    /// May a shooter on `self.from` whose landings reach `reach` king
    /// steps find an enemy to shoot at (a fixed range, and an enemy
    /// within range of the farthest landing)?
    fn may_find_targets(&self, s: &Shooting, reach: u8) -> bool {
        let Expr::Const(range) = s.range else { return true };
        if reach == u8::MAX {
            return true;
        }
        let (x, y) = self.rules.geometry.xy(self.from);
        let d = range.clamp(0, 64) as usize + usize::from(reach);
        self.enemy_rows.in_box(x as usize, y as usize, d)
    }

    /// [`EnemyRows`] of the board walked, for `self.colour`.
    fn enemy_rows(&self) -> EnemyRows {
        let mut out = EnemyRows::of(self.colour);
        let geo = &self.rules.geometry;
        let add = |sq: Square| {
            let (x, y) = geo.xy(sq);
            out.add(x as usize, y as usize);
        };
        let enemy = self.colour.opposite();
        match self.pos {
            // The position's own board: its list of the enemy's pieces.
            Some(pos) if std::ptr::eq(self.cells, &pos.cells[..]) => pos.pieces(enemy).for_each(add),
            _ => (0..self.cells.len() as Square)
                .filter(|&sq| {
                    let c = self.cells[usize::from(sq)];
                    c != 0 && cell_colour(c) == enemy
                })
                .for_each(add),
        }
        out
    }

    /// [`AuraThreats`] of the board walked (not known without a list of
    /// the sources, or with many auras).
    fn aura_threats(&self) -> AuraThreats {
        let (Some(sources), true) = (self.aura_sources, self.rules.effects.auras.len() <= AURAS) else {
            return AuraThreats::UNKNOWN;
        };
        let mut counts = [[0u8; AURAS]; 2];
        let mut reach = AuraThreats::UNKNOWN.reach;
        let geo = &self.rules.geometry;
        for &t in sources {
            let c = self.cells[usize::from(t)];
            let (x, y) = geo.xy(t);
            for (i, a) in self.rules.effects.auras.iter().enumerate() {
                if c != 0 && a.source.contains(cell_type(c)) {
                    let d = i32::from(a.distance);
                    for side in Colour::BOTH {
                        if !a.enemies_only || cell_colour(c) != side {
                            let n = &mut counts[side.index()][i];
                            let r = &mut reach[side.index()];
                            if r[0] > r[1] {
                                *r = [x - d, x + d, y - d, y + d];
                            } else {
                                *r = [r[0].min(x - d), r[1].max(x + d), r[2].min(y - d), r[3].max(y + d)];
                            }
                            *n = n.saturating_add(1);
                        }
                    }
                }
            }
        }
        AuraThreats {
            known: true,
            counts,
            reach,
        }
    }

    /// Does a source of `a` that harms the mover stand on the board, other
    /// than the mover itself?
    fn harmful_source_stands(&self, a: &KillAura) -> bool {
        self.aura_sources.is_none_or(|sources| {
            sources.iter().any(|&t| {
                let c = self.cells[usize::from(t)];
                t != self.from
                    && c != 0
                    && a.source.contains(cell_type(c))
                    && (!a.enemies_only || cell_colour(c) != self.colour)
            })
        })
    }

    /// A landing in a variant with effects, of a piece that something may
    /// happen to there ([`Landing`]): the mover may die here (an aura), be
    /// demoted (which ends its move), and shoot.
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
        let land = self.landing;
        if more && land.may_die_midway && self.dies_at(sq, true) {
            // It dies on an intermediate landing: the move ends here.
            return self.end(prog, f);
        }
        let ends_early = more && land.demotable && self.demoted_at(sq);
        let shooting = land.shooting;
        let shots = shooting.map_or(0, |s| s.shots);
        let mut stop = false;
        if l.can_stop_after || ends_early || !more {
            stop = if shots > 0 && !(land.may_die && self.dies_at(sq, false)) {
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
            return self.mover();
        }
        let c = self.occupant(sq);
        // Pieces a range capture of this path took are gone too (rare:
        // looked for only when the path swept some).
        if c != 0 && self.swept[..self.len].iter().any(|&n| n > 0) {
            let mut gone = false;
            self.for_swept(|s, _| gone |= s == sq);
            if gone {
                return 0;
            }
        }
        c
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
    ///
    /// Conditions are judged only where their answer can matter (they
    /// read the board and decide nothing else): `target` on enemies, a
    /// passed piece's `screen` once a target lies beyond it, and `when`
    /// once there is a target at all.
    fn shot_targets(&self, sq: Square, out: &mut [Square; 64]) -> usize {
        let (Some(s), Some(pos)) = (self.landing.shooting, self.pos) else {
            return 0;
        };
        let me = (self.mover(), sq);
        let facts = PointFacts {
            pos,
            cells: BoardView::Walk(self),
            subject: me,
            other: None,
        };
        let range = match s.range {
            Expr::Const(r) => r,
            ref e => eval(e, &facts),
        }
        .clamp(0, 64);
        let geo = &self.rules.geometry;
        let (x0, y0) = geo.xy(sq);
        // Only enemies are shot at: none on the lines, nothing to scan.
        if !self.enemy_rows.on_lines(x0 as usize, y0 as usize, range as usize) {
            return 0;
        }
        let width = geo.width as i32;
        // Squares from `sq` to the edge of the board going `d` along an
        // axis (`low`: room going -1, `high`: going +1).
        let room = |d: i32, low: i32, high: i32| match d {
            1 => high,
            -1 => low,
            _ => range,
        };
        let (east, north) = (width - 1 - x0, geo.height as i32 - 1 - y0);
        let last = if self.len > 0 {
            self.path[self.len - 1]
        } else {
            NO_SQUARE
        };
        // Pieces a range capture of this path took are gone: only then is
        // a square's occupant looked up through `cell_now`.
        let swept = self.swept[..self.len].iter().any(|&n| n > 0);
        let about = |c: Cell, t: Square| PointFacts {
            pos,
            cells: BoardView::Walk(self),
            subject: me,
            other: Some((c, t)),
        };
        let over_one = s.over == Over::ExactlyOne;
        // The pieces passed on the current line, and how many of them
        // have had their screen judged (and let the shot pass).
        let mut passed_pieces = [(0, NO_SQUARE); 64];
        let mut n = 0;
        for (dx, dy) in SHOT_LINES {
            let reach = range.min(room(dx, x0, east)).min(room(dy, y0, north));
            let step = dy * width + dx;
            let mut at = i32::from(sq);
            let (mut passed, mut screened) = (0, 0);
            for _ in 0..reach {
                at += step;
                let t = at as Square;
                // Only the last landing gains a piece during a move: an
                // empty square elsewhere is empty now.
                let c = if t == last {
                    self.mover()
                } else if self.cells[usize::from(t)] == 0 {
                    continue;
                } else if swept {
                    self.cell_now(t)
                } else {
                    self.occupant(t)
                };
                if c == 0 {
                    continue;
                }
                let last_chance = s.over == Over::Never || (over_one && passed == 1);
                let may_aim = !over_one || passed == 1;
                if may_aim
                    && cell_colour(c) != self.colour
                    && s.target.as_ref().is_none_or(|e| eval(e, &about(c, t)) != 0)
                {
                    // Reached only if every piece passed lets the shot over.
                    let blocked = s.screen.as_ref().is_some_and(|e| {
                        let blocked = passed_pieces[screened..passed]
                            .iter()
                            .position(|&(pc, ps)| eval(e, &about(pc, ps)) == 0);
                        screened = blocked.map_or(passed, |b| screened + b);
                        blocked.is_some()
                    });
                    if blocked {
                        break;
                    }
                    if n < out.len() {
                        out[n] = t;
                        n += 1;
                    }
                }
                if last_chance {
                    break;
                }
                passed_pieces[passed] = (c, t);
                passed += 1;
            }
        }
        if n > 0 && s.when.as_ref().is_some_and(|w| eval(w, &facts) == 0) {
            return 0;
        }
        n
    }

    /// Does the mover die on landing at `sq` (a killing aura)? With
    /// `intermediate`, only auras that count intermediate landings. A walk
    /// of the game knows when no aura can harm the mover ([`Landing`]).
    #[inline(always)]
    pub(super) fn dies_at(&self, sq: Square, intermediate: bool) -> bool {
        (self.landing.may_die || !self.effects) && self.burns_at(sq, intermediate)
    }

    /// May `sq` be within reach of a source that harms the mover (false
    /// only when [`AuraThreats`] are known and `sq` is outside their box)?
    #[inline(always)]
    fn within_reach(&self, sq: Square) -> bool {
        let threats = &self.aura_threats;
        if !threats.known {
            return true;
        }
        let [x0, x1, y0, y1] = threats.reach[self.colour.index()];
        let (x, y) = self.rules.geometry.xy(sq);
        (x0..=x1).contains(&x) && (y0..=y1).contains(&y)
    }

    /// [`Walker::dies_at`], looking at the sources.
    #[inline(never)]
    fn burns_at(&self, sq: Square, intermediate: bool) -> bool {
        if !self.within_reach(sq) {
            return false;
        }
        // No source on the board (Ko's flames are promoted engineers).
        if self.aura_sources.is_some_and(|s| s.is_empty()) {
            return false;
        }
        let rules = self.rules;
        let geo = &rules.geometry;
        let (x0, y0) = geo.xy(sq);
        let mover = cell_type(self.piece);
        let harms = |a: &KillAura, t: Square| {
            let c = self.occupant(t);
            c != 0 && a.source.contains(cell_type(c)) && (!a.enemies_only || cell_colour(c) != self.colour)
        };
        rules.effects.auras.iter().any(|a| {
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

    /// Would the mover be demoted on landing at `sq` (by a demotion judged
    /// at each landing)?
    fn demoted_at(&self, sq: Square) -> bool {
        let me = cell_type(self.mover());
        let rules = self.rules;
        let Some(pos) = self.pos else { return false };
        let facts = PointFacts {
            pos,
            cells: BoardView::Walk(self),
            subject: (self.mover(), sq),
            other: None,
        };
        rules
            .effects
            .demotions
            .iter()
            .any(|d| d.each_landing && d.kinds.contains(me) && eval(&d.when, &facts) != 0)
    }
}

/// Does a piece of `set`, of either side, stand on the board? Effects
/// whose sources are absent (a net or a lamp not yet promoted to) are
/// skipped without scanning the board.
pub(crate) fn on_board(pos: &Position, set: &TypeSet) -> bool {
    set.iter()
        .any(|t| pos.counts.iter().any(|c| c.get(usize::from(t)).is_some_and(|&n| n > 0)))
}

/// What follows a round of shots.
#[derive(Clone, Copy)]
enum Then {
    End,
    NextLeg,
}
