//! The interpreter's move generator: walks each piece's compiled movement
//! programs over the board, with the shots a shooter may fire on the way,
//! then applies the rule file's promotion conditions, capture restrictions,
//! freezing lines and the repetition rule.
//!
//! It never asks what a piece is called, only what its program says. The
//! hot path allocates nothing: paths live in fixed arrays and moves are
//! pushed into a caller-owned buffer. (Shooting conditions and mid-move
//! effects, which only some variants have, build a scratch board.)

mod facts;

pub(crate) use facts::{DropFacts, PathFacts, PointFacts, SideFacts, ignoring_drop_mates};

use crate::board::{Colour, NO_SQUARE, Square};
use crate::dsl::eval;
use crate::position::{Cell, Position, cell, cell_colour, cell_type};
use crate::ruleset::{CaptureMode, FreezeMode, LegMode, Over, Program, Relation, RepetitionPolicy, Ruleset, TypeId};

/// Most legs one move may have.
pub const MAX_LEGS: usize = 6;
/// Most shots one move may fire.
pub const MAX_SHOTS: usize = 4;

/// What happens to promotion at the end of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Promotion {
    /// Promotion was not possible.
    None,
    /// The piece promotes (by choice or because it must).
    Promote,
    /// The piece promotes, and its side promotes the pieces the rule
    /// file's `also_promote` names along with it.
    PromoteWithChain,
    /// Promotion was possible and declined.
    Decline,
    /// A promoted piece moved and turns back into its kind before
    /// promotion (`revert_on_move`).
    Revert,
}

/// A move: the origin, every landing square in order, the shots fired
/// (each after a given landing) and the promotion choice. Two moves are
/// equal only if all of it is equal.
///
/// Moves come only from the move generator ([`legal_moves`]) or from
/// reading text ([`crate::notation::parse_move`]), so a `Move` always
/// describes a path some piece can take; its parts are read through the
/// accessors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: Square,
    pub(crate) path: [Square; MAX_LEGS],
    pub(crate) len: u8,
    pub(crate) promotion: Promotion,
    pub(crate) shots: [Square; MAX_SHOTS],
    /// The landing (index into `path`) each shot follows.
    pub(crate) shot_after: [u8; MAX_SHOTS],
    pub(crate) n_shots: u8,
    /// With [`Promotion::PromoteWithChain`]: which of the pieces that may
    /// promote along (see [`chain_candidates`], in that order) do.
    pub(crate) chain: u16,
    /// A drop from the hand: the type placed (`from` and the one landing
    /// are the drop square).
    pub(crate) drop: Option<TypeId>,
}

impl Move {
    /// A drop of a piece of type `ty` on `to`.
    pub(crate) fn dropping(ty: TypeId, to: Square) -> Move {
        let mut path = [NO_SQUARE; MAX_LEGS];
        path[0] = to;
        Move {
            from: to,
            path,
            len: 1,
            promotion: Promotion::None,
            shots: [NO_SQUARE; MAX_SHOTS],
            shot_after: [0; MAX_SHOTS],
            n_shots: 0,
            chain: 0,
            drop: Some(ty),
        }
    }
    /// The type a drop places, or `None` for a move of a piece on the board.
    pub fn dropped(&self) -> Option<TypeId> {
        self.drop
    }
    /// The square the piece starts on (for a drop, the drop square).
    pub fn from(&self) -> Square {
        self.from
    }
    /// Every square the piece lands on, in order (at least one).
    pub fn landings(&self) -> &[Square] {
        &self.path[..usize::from(self.len)]
    }
    /// The final square.
    pub fn to(&self) -> Square {
        self.path[usize::from(self.len) - 1]
    }
    /// The promotion choice.
    pub fn promotion(&self) -> Promotion {
        self.promotion
    }
    /// With [`Promotion::PromoteWithChain`], which of the pieces that may
    /// promote along (see [`chain_candidates`], in that order) do, one bit
    /// each.
    pub fn chain(&self) -> u16 {
        self.chain
    }
    /// Every square shot at, in the order fired.
    pub fn shots(&self) -> &[Square] {
        &self.shots[..usize::from(self.n_shots)]
    }
    /// The shots fired after landing `i`.
    pub fn shots_after(&self, i: usize) -> impl Iterator<Item = Square> + '_ {
        (0..usize::from(self.n_shots))
            .filter(move |&j| usize::from(self.shot_after[j]) == i)
            .map(|j| self.shots[j])
    }
}

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
    effects: bool,
    /// The moving piece (the origin's occupant, or a piece that would be
    /// dropped there).
    piece: Cell,
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
            depth: 0,
            judged: 0,
        }
    }

    /// What stands on `sq` now: the origin is vacated and pieces captured
    /// or shot earlier on this path are gone.
    #[inline]
    fn occupant(&self, sq: Square) -> Cell {
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
        if l.mode == LegMode::Anywhere {
            if self.depth >= 2 {
                return false;
            }
            for sq in 0..self.rules.geometry.len() as Square {
                if sq != cur {
                    let occ = self.occupant(sq);
                    if self.land(prog, leg, sq, 0, occ, f) {
                        return true;
                    }
                }
            }
            return false;
        }
        for &o in offs {
            match l.mode {
                LegMode::Anywhere => {}
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
        if (l.mode == LegMode::Anywhere || l.unattacked) && !self.may_land_here(l, occ) {
            self.len -= 1;
            return false;
        }
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

    /// The checks of a leap to anywhere and of an `unattacked` leg on the
    /// landing just made: a capture by a leap to anywhere must pass the
    /// capture restrictions here, so that protection judgments count it
    /// only where it is allowed; an `unattacked` landing must be one no
    /// enemy could land on after the move. Both look one level deeper,
    /// where leaps to anywhere are left out. A bare board (a diagram) has
    /// nothing to judge.
    #[inline(never)]
    fn may_land_here(&mut self, l: &crate::ruleset::Leg, occ: Cell) -> bool {
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

    /// A landing in a variant with effects: the mover may die here (an
    /// aura), be demoted (which ends its move), and shoot.
    #[inline(never)]
    fn after_landing<F: FnMut(&Walker) -> bool>(
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
            return f(self);
        }
        let ends_early = more && self.demoted_at(sq);
        let shooting = self.rules.shooting[self.rules.types[usize::from(cell_type(self.mover()))].kind].as_ref();
        let shots = shooting.map_or(0, |s| s.shots);
        let mut stop = false;
        if l.can_stop_after || ends_early || !more {
            stop = if shots > 0 && !self.dies_at(sq, false) {
                self.shots_then(prog, leg, sq, o, shots, Then::End, f)
            } else {
                f(self)
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
            Then::End => f(self),
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
    fn dies_at(&self, sq: Square, intermediate: bool) -> bool {
        let rules = self.rules;
        rules.auras.iter().any(|a| {
            (!intermediate || a.intermediate_landings) && {
                let geo = &rules.geometry;
                let (x0, y0) = geo.xy(sq);
                let d = i32::from(a.distance);
                (-d..=d).any(|dy| {
                    (-d..=d).any(|dx| {
                        (dx, dy) != (0, 0)
                            && geo.square(x0 + dx, y0 + dy).is_some_and(|t| {
                                let c = self.occupant(t);
                                c != 0
                                    && a.source.contains(cell_type(c))
                                    && (!a.enemies_only || cell_colour(c) != self.colour)
                            })
                    })
                })
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

    pub(crate) fn mover(&self) -> Cell {
        self.piece
    }
}

/// What follows a round of shots.
#[derive(Clone, Copy)]
enum Then {
    End,
    NextLeg,
}

/// Walks every available program of the piece on `from` on the board
/// `cells` (the position's own board, or a changed copy of it; `pos`
/// answers the programs' `when` conditions); see [`Walker::walk`]. `depth` counts
/// protection judgments (see [`Walker`]); 0 for a plain question. Shots
/// and effects are not walked: this answers where the piece can go.
pub(crate) fn walk_piece_at<F: FnMut(&Walker) -> bool>(
    pos: &Position,
    cells: &[Cell],
    from: Square,
    depth: u8,
    f: &mut F,
) -> bool {
    walk_piece_with(pos, cells, from, false, depth, f)
}

fn walk_piece_with<F: FnMut(&Walker) -> bool>(
    pos: &Position,
    cells: &[Cell],
    from: Square,
    effects: bool,
    depth: u8,
    f: &mut F,
) -> bool {
    let rules = &*pos.rules;
    let c = cells[usize::from(from)];
    let colour = cell_colour(c);
    let kind = rules.types[usize::from(cell_type(c))].kind;
    let mut w = Walker::new(rules, Some(pos), cells, colour, from);
    w.effects = effects;
    w.depth = depth;
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

/// Could a piece of colour `by` land on `target` (treated as holding an
/// enemy of `by`)? Capture restrictions are not applied: this is the
/// "could recapture by a legal-looking move" of protection rules.
///
/// A leap to anywhere counts only where its capture would pass the capture
/// restrictions, judged one level deep (see [`Walker`]).
pub(crate) fn attacked(pos: &Position, cells: &[Cell], by: Colour, target: Square) -> bool {
    attacked_at(pos, cells, by, target, 1)
}

/// [`attacked`] at a depth of protection judgments.
pub(crate) fn attacked_at(pos: &Position, cells: &[Cell], by: Colour, target: Square, depth: u8) -> bool {
    for (sq, &c) in cells.iter().enumerate() {
        if c != 0 && cell_colour(c) == by && sq != usize::from(target) {
            let mut hit = |w: &Walker| w.path[w.len - 1] == target;
            if walk_piece_at(pos, cells, sq as Square, depth, &mut hit) {
                return true;
            }
        }
    }
    false
}

/// Is any of `side`'s pieces of the ruleset's check set attacked?
pub fn in_check(pos: &Position, side: Colour) -> bool {
    let rules = &pos.rules;
    pos.cells.iter().enumerate().any(|(sq, &c)| {
        c != 0
            && cell_colour(c) == side
            && rules.check_set.contains(cell_type(c))
            && attacked(pos, &pos.cells, side.opposite(), sq as Square)
    })
}

/// Squares whose pieces cannot move this turn: each is seen along a
/// freezing line of an enemy source.
fn frozen(pos: &Position) -> Vec<bool> {
    let rules = &*pos.rules;
    let mut out = vec![false; pos.cells.len()];
    for (sq, &c) in pos.cells.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let owner = cell_colour(c);
        for z in rules.freezes.iter().filter(|z| z.source.contains(cell_type(c))) {
            for &o in &z.lines[owner.index()] {
                let mut t = sq as Square;
                loop {
                    t = rules.offsets.target(o, t);
                    if t == NO_SQUARE {
                        break;
                    }
                    let v = pos.cells[usize::from(t)];
                    if v == 0 {
                        continue;
                    }
                    let enemy = cell_colour(v) != owner;
                    if enemy {
                        out[usize::from(t)] = true;
                    }
                    match z.mode {
                        FreezeMode::FirstPiece => break,
                        FreezeMode::UntilFriendly if !enemy => break,
                        _ => {}
                    }
                }
            }
        }
    }
    out
}

/// Is the piece on `sq` frozen (it cannot move this turn)?
pub fn is_frozen(pos: &Position, sq: Square) -> bool {
    !pos.rules.freezes.is_empty() && frozen(pos)[usize::from(sq)]
}

/// Every legal move of the side to move, in generation order.
///
#[doc = include_str!("../../docs/examples/movegen_mod_1.md")]
pub fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    out.clear();
    if pos.outcome.is_some() {
        return;
    }
    let rules = &*pos.rules;
    let side = pos.side;
    let frozen = if rules.freezes.is_empty() {
        Vec::new()
    } else {
        frozen(pos)
    };
    for (sq, &c) in pos.cells.iter().enumerate() {
        if c == 0 || cell_colour(c) != side || frozen.get(sq) == Some(&true) {
            continue;
        }
        let start = out.len();
        let mut emit = |w: &Walker| {
            push_path(pos, w, out);
            false
        };
        walk_piece_with(pos, &pos.cells, sq as Square, true, 0, &mut emit);
        if rules.overlapping[rules.types[usize::from(cell_type(c))].kind] {
            // The same path from two alternatives is one move.
            out[start..].sort_unstable_by_key(move_key);
            let mut kept = start;
            for i in start..out.len() {
                if i == start || out[i] != out[kept - 1] {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
    }
    if rules.drops.is_some() {
        push_drops(pos, out);
    }
    if let Some(royals) = &rules.royals {
        keep_royals_safe(pos, royals, out);
    }
    if rules.repetition == RepetitionPolicy::ForbidUnlessInCheck && !pos.history.is_empty() {
        let mut check: Option<bool> = None;
        out.retain(|m| {
            let h = crate::play::hash_after(pos, m);
            if !pos.history.iter().rev().step_by(2).any(|&old| old == h) {
                return true;
            }
            *check.get_or_insert_with(|| in_check(pos, side))
        });
    }
}

/// Every drop the side to move may make: each type in its hand on each
/// empty square (promoted too, for `promoted_drops`), unless `[drops]
/// forbid` holds.
fn push_drops(pos: &Position, out: &mut Vec<Move>) {
    let rules = &*pos.rules;
    let Some(drops) = &rules.drops else { return };
    let side = pos.side;
    for &ty in &drops.hand_types {
        if pos.in_hand(side, ty) == 0 {
            continue;
        }
        let promoted = if drops.promoted_drops.contains(ty) {
            rules.types[usize::from(ty)].promotes_to
        } else {
            None
        };
        for (sq, &c) in pos.cells.iter().enumerate() {
            if c != 0 {
                continue;
            }
            for placed in [Some(ty), promoted].into_iter().flatten() {
                let facts = DropFacts {
                    pos,
                    colour: side,
                    ty: placed,
                    to: sq as Square,
                };
                if drops.forbid.as_ref().is_some_and(|f| eval(f, &facts) != 0) {
                    continue;
                }
                out.push(Move::dropping(placed, sq as Square));
            }
        }
    }
}

/// Removes the moves after which one of the mover's royals (`[victory]
/// check`) is attacked. The board is copied once per call, and each move
/// is tried on the copy and taken back.
fn keep_royals_safe(pos: &Position, royals: &crate::dsl::TypeSet, out: &mut Vec<Move>) {
    let side = pos.side;
    let mut kings = [NO_SQUARE; 8];
    let mut n_kings = 0;
    for (sq, &c) in pos.cells.iter().enumerate() {
        if c != 0 && cell_colour(c) == side && royals.contains(cell_type(c)) && n_kings < kings.len() {
            kings[n_kings] = sq as Square;
            n_kings += 1;
        }
    }
    if n_kings == 0 {
        return;
    }
    let mut board = pos.cells.clone();
    let enemy = side.opposite();
    let in_check = kings[..n_kings].iter().any(|&k| attacked(pos, &board, enemy, k));
    // Out of check, a one-landing move of a non-royal piece can expose a
    // royal only by vacating its origin (the landing only blocks, and the
    // piece it takes stood there), and a drop cannot: judge each origin
    // once.
    let mut exposes_from: (Square, bool) = (NO_SQUARE, false);
    out.retain(|m| {
        if !in_check {
            match m.drop {
                Some(_) => return true,
                None if m.len == 1 && !royals.contains(cell_type(board[usize::from(m.from)])) => {
                    if exposes_from.0 != m.from {
                        let mover = board[usize::from(m.from)];
                        board[usize::from(m.from)] = 0;
                        let exposed = kings[..n_kings].iter().any(|&k| attacked(pos, &board, enemy, k));
                        board[usize::from(m.from)] = mover;
                        exposes_from = (m.from, exposed);
                    }
                    if !exposes_from.1 {
                        return true;
                    }
                }
                None => {}
            }
        }
        let mut saved = [(NO_SQUARE, 0 as Cell); MAX_LEGS + 2];
        let mut n_saved = 0;
        let mut put = |board: &mut Vec<Cell>, sq: Square, c: Cell| {
            saved[n_saved] = (sq, board[usize::from(sq)]);
            n_saved += 1;
            board[usize::from(sq)] = c;
        };
        let mut moved_king = NO_SQUARE;
        match m.drop {
            Some(ty) => put(&mut board, m.to(), cell(side, ty)),
            None => {
                let mover = board[usize::from(m.from)];
                if royals.contains(cell_type(mover)) {
                    moved_king = m.from;
                }
                put(&mut board, m.from, 0);
                for &sq in m.landings() {
                    put(&mut board, sq, 0);
                }
                put(&mut board, m.to(), mover);
            }
        }
        let safe = kings[..n_kings].iter().all(|&k| {
            let k = if k == moved_king { m.to() } else { k };
            !attacked(pos, &board, enemy, k)
        });
        for &(sq, c) in saved[..n_saved].iter().rev() {
            board[usize::from(sq)] = c;
        }
        safe
    });
}

type MoveKey = (
    u8,
    [Square; MAX_LEGS],
    u8,
    [Square; MAX_SHOTS],
    [u8; MAX_SHOTS],
    Promotion,
    u16,
);

fn move_key(m: &Move) -> MoveKey {
    (m.len, m.path, m.n_shots, m.shots, m.shot_after, m.promotion, m.chain)
}

fn push_path(pos: &Position, w: &Walker, out: &mut Vec<Move>) {
    let rules = w.rules;
    // Capture restrictions: judged per piece captured by moving.
    if !rules.restrictions.is_empty() {
        for i in w.judged..w.len {
            let v = w.victims[i];
            if v == 0 {
                continue;
            }
            let vt = cell_type(v);
            if rules.restricted_victims.as_ref().is_some_and(|s| !s.contains(vt)) {
                continue;
            }
            let facts = PathFacts { pos, w, victim: i };
            for r in &rules.restrictions {
                if r.guard.as_ref().is_some_and(|g| !g.contains(vt)) {
                    continue;
                }
                if eval(&r.forbid, &facts) != 0 {
                    return;
                }
            }
        }
    }
    // Only the used part of the walker's arrays belongs to the move.
    let mut path = [NO_SQUARE; MAX_LEGS];
    path[..w.len].copy_from_slice(&w.path[..w.len]);
    let (mut shots, mut shot_after) = ([NO_SQUARE; MAX_SHOTS], [0; MAX_SHOTS]);
    shots[..w.n_shots].copy_from_slice(&w.shots[..w.n_shots]);
    shot_after[..w.n_shots].copy_from_slice(&w.shot_after[..w.n_shots]);
    let mut m = Move {
        from: w.from,
        path,
        len: w.len as u8,
        promotion: Promotion::None,
        shots,
        shot_after,
        n_shots: w.n_shots as u8,
        chain: 0,
        drop: None,
    };
    let ty = cell_type(w.mover());
    if let Some(p) = &rules.promotion
        && rules.types[usize::from(ty)].promoted_from.is_some()
        && (p.revert_on_move
            || eval(
                &p.revert_when,
                &PathFacts {
                    pos,
                    w,
                    victim: usize::MAX,
                },
            ) != 0)
    {
        m.promotion = Promotion::Revert;
        out.push(m);
        return;
    }
    let alive = !(rules.has_effects && w.dies_at(w.path[w.len - 1], false));
    if let (Some(promo), Some(_), true) = (&rules.promotion, rules.types[usize::from(ty)].promotes_to, alive) {
        let facts = PathFacts {
            pos,
            w,
            victim: usize::MAX,
        };
        let must = eval(&promo.must, &facts) != 0;
        if must || eval(&promo.may, &facts) != 0 {
            m.promotion = Promotion::Promote;
            out.push(m);
            let (candidates, per_piece) = chain_candidates(pos, w.from);
            if !candidates.is_empty() {
                m.promotion = Promotion::PromoteWithChain;
                let all = ((1u32 << candidates.len()) - 1) as u16;
                if per_piece {
                    for mask in 1..=all {
                        m.chain = mask;
                        out.push(m);
                    }
                } else {
                    m.chain = all;
                    out.push(m);
                }
                m.chain = 0;
            }
            if !must {
                m.promotion = Promotion::Decline;
                out.push(m);
            }
            return;
        }
    }
    out.push(m);
}

/// The pieces that may promote along with the piece on `from` when it
/// promotes (a rule's `also_promote`: the side's other promotable pieces of
/// those kinds, in square order, at most 16), and whether the side chooses
/// for each of them.
pub fn chain_candidates(pos: &Position, from: Square) -> (Vec<Square>, bool) {
    let rules = &*pos.rules;
    let c = pos.cells[usize::from(from)];
    if c == 0 {
        return (Vec::new(), false);
    }
    let (ty, side) = (cell_type(c), cell_colour(c));
    let mut out = Vec::new();
    let mut per_piece = false;
    for o in rules.on_promotions.iter().filter(|o| o.kinds.contains(ty)) {
        per_piece |= o.per_piece;
        for (sq, &x) in pos.cells.iter().enumerate() {
            let sq = sq as Square;
            if x != 0
                && sq != from
                && cell_colour(x) == side
                && o.also_promote.contains(cell_type(x))
                && rules.types[usize::from(cell_type(x))].promotes_to.is_some()
                && !out.contains(&sq)
                && out.len() < 16
            {
                out.push(sq);
            }
        }
    }
    out.sort_unstable();
    (out, per_piece)
}
