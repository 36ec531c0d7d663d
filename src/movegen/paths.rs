//! From a walked path to moves: capture restrictions, then the promotion
//! choices (`+`, `+&` with the pieces that promote along, `=`, reverting),
//! and the sort key that merges paths two alternatives both produced.

use super::{PathFacts, Walker};
use crate::board::{NO_SQUARE, Square};
use crate::dsl::{Decision, DecisionRow, Expr, eval, judge};
use crate::moves::{MAX_LEGS, MAX_SHOTS, Move, Promotion, SWEEP_SPARES_OWN};
use crate::position::{Position, cell_colour, cell_type};
use crate::ruleset::{OnPromotion, Ruleset, TypeId};

type MoveKey = (
    u8,
    u8,
    [Square; MAX_LEGS],
    u8,
    [Square; MAX_SHOTS],
    [u8; MAX_SHOTS],
    Promotion,
    u16,
);

pub(super) fn move_key(m: &Move) -> MoveKey {
    (
        m.len,
        m.sweep,
        m.path,
        m.n_shots,
        m.shots,
        m.shot_after,
        m.promotion,
        m.chain,
    )
}

/// What a path took, in one pass over its landings: how many pieces (by
/// moving onto them and by range captures, as `captures` counts them),
/// and [`Move::sweep`] (the landings a range capture took pieces on the
/// way to, and whether it spared the mover's own).
fn taken(w: &Walker) -> (i32, u8) {
    let (mut captures, mut sweep) = (0, 0u8);
    for (i, (&victim, &swept)) in w.victims[..w.len].iter().zip(&w.swept[..w.len]).enumerate() {
        captures += i32::from(victim != 0) + i32::from(swept);
        if swept > 0 {
            sweep |= 1 << i;
        }
    }
    if sweep != 0 && w.sweep_spares_own {
        sweep |= SWEEP_SPARES_OWN;
    }
    (captures, sweep)
}

/// Whether a capture restriction forbids one of the pieces the path
/// captured by moving (those the walk has not judged already).
fn forbidden(pos: &Position, w: &Walker) -> bool {
    let rules = w.rules;
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
                return true;
            }
        }
    }
    false
}

/// Where [`push_path`] puts the moves of a path: a list, or a tally when
/// only their number matters ([`super::legal_move_count`]). A tally's
/// `push` reads nothing of the move, so once inlined, building the move
/// is dead code and only the decisions that say how many moves a path
/// makes are left.
pub(super) trait Sink {
    fn push(&mut self, m: Move);
    /// How many moves it holds or counted.
    fn len(&self) -> usize;
}

impl Sink for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
    fn len(&self) -> usize {
        Vec::len(self)
    }
}

/// A count of moves, for a [`Sink`] that keeps no list.
pub(super) struct Tally(pub(super) usize);

impl Sink for Tally {
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    fn len(&self) -> usize {
        self.0
    }
}

/// What every path of one walked piece shares about becoming moves,
/// worked out at its first path: whether a path of one landing that
/// shoots and sweeps nothing may skip the general [`push_any_path`], and
/// what it pushes then.
#[derive(Clone, Copy)]
pub(super) enum Mover<'a> {
    /// Every path goes the general way: effects (a mover may die on
    /// arrival), a `revert_when` condition, or promotion judged by the
    /// conditions.
    General,
    /// No promotion rules: the move as walked.
    Plain,
    /// A promoted piece that moves turns back (`revert_on_move`).
    Reverts,
    /// Promotion decided by the table row of the piece's colour, type
    /// and origin.
    Decided(DecisionRow<'a>),
}

impl<'a> Mover<'a> {
    /// The shared part for the side to move's piece on `from`.
    pub(super) fn new(pos: &'a Position, from: Square) -> Mover<'a> {
        let rules = &*pos.rules;
        let Some(promo) = &rules.promotion else {
            return Mover::Plain;
        };
        let ty = cell_type(pos.cells[usize::from(from)]);
        let promoted = rules
            .types
            .get(usize::from(ty))
            .is_some_and(|t| t.promoted_from.is_some());
        if rules.has_effects || promoted && !matches!(promo.revert_when, Expr::Const(0)) {
            return Mover::General;
        }
        if promoted && promo.revert_on_move {
            return Mover::Reverts;
        }
        match promo.decider.row(ty, pos.side, from) {
            Some(row) => Mover::Decided(row),
            None => Mover::General,
        }
    }
}

/// Pushes the moves a finished path makes (none if a capture restriction
/// forbids it; several for promotion choices). A path of one landing that
/// shoots and sweeps nothing, the common one, is made from `mover`'s
/// shared part without the general pass.
#[inline(always)]
pub(super) fn push_path<S: Sink>(pos: &Position, w: &Walker, mover: &Mover, out: &mut S) {
    if w.len != 1 || w.n_shots != 0 || w.swept[0] != 0 || matches!(mover, Mover::General) {
        return push_any_path(pos, w, out);
    }
    let captures = i32::from(w.victims[0] != 0);
    if captures > 0 && !w.rules.restrictions.is_empty() && forbidden(pos, w) {
        return;
    }
    let to = w.path[0];
    let mut m = Move::landing_once(w.from, to);
    match *mover {
        Mover::Decided(row) => match row.get(to, captures) {
            Some(decision) => push_choices(m, decision, || chain_size(pos, cell_type(w.mover())), out),
            None => push_any_path(pos, w, out),
        },
        Mover::Reverts => {
            m.promotion = Promotion::Revert;
            out.push(m);
        }
        Mover::Plain | Mover::General => out.push(m),
    }
}

/// [`push_path`] for any path.
#[inline(never)]
fn push_any_path<S: Sink>(pos: &Position, w: &Walker, out: &mut S) {
    let rules = w.rules;
    let (captures, sweep) = taken(w);
    // Capture restrictions: judged per piece captured by moving.
    if captures > 0 && !rules.restrictions.is_empty() && forbidden(pos, w) {
        return;
    }
    // Only the used part of the walker's arrays belongs to the move. (Each
    // element is chosen on its own: a copy or fill of a run-time length is
    // a call to memcpy or memset.)
    let path: [Square; MAX_LEGS] = std::array::from_fn(|i| if i < w.len { w.path[i] } else { NO_SQUARE });
    let (shots, shot_after) = if w.n_shots == 0 {
        ([NO_SQUARE; MAX_SHOTS], [0; MAX_SHOTS])
    } else {
        (
            std::array::from_fn(|i| if i < w.n_shots { w.shots[i] } else { NO_SQUARE }),
            std::array::from_fn(|i| if i < w.n_shots { w.shot_after[i] } else { 0 }),
        )
    };
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
        sweep,
    };
    let Some(promo) = &rules.promotion else {
        out.push(m);
        return;
    };
    let ty = cell_type(w.mover());
    let facts = PathFacts {
        pos,
        w,
        victim: usize::MAX,
    };
    if rules.types[usize::from(ty)].promoted_from.is_some()
        && (promo.revert_on_move || eval(&promo.revert_when, &facts) != 0)
    {
        m.promotion = Promotion::Revert;
        out.push(m);
        return;
    }
    let to = w.path[w.len - 1];
    let decision = promo.decider.decide(
        ty,
        (w.colour, w.from, to),
        || captures,
        || w.n_shots == 0 && captures == 0,
        || judge(&promo.must, &promo.may, &facts),
    );
    // A mover that dies on arrival does not promote.
    if rules.has_effects && decision != Decision::No && w.dies_at(to, false) {
        out.push(m);
        return;
    }
    push_choices(m, decision, || chain_size(pos, ty), out);
}

/// Pushes `m` with each promotion choice `decision` allows: as it is, or
/// promoted (with the pieces that may promote along, `chain()` of them:
/// all, or when the side chooses for each, every non-empty set of them),
/// or declined.
///
/// Choosing for each piece makes up to 2^16 − 1 moves of one path: those
/// stop one past the move budget (`out` then holds more than
/// [`crate::moves::move_limit`] moves), so that the generator, which
/// compares after each piece, reports the error without listing billions
/// first.
#[inline(always)]
fn push_choices<S: Sink>(mut m: Move, decision: Decision, chain: impl FnOnce() -> (usize, bool), out: &mut S) {
    if decision == Decision::No {
        out.push(m);
        return;
    }
    m.promotion = Promotion::Promote;
    out.push(m);
    let (candidates, per_piece) = chain();
    if candidates > 0 {
        m.promotion = Promotion::PromoteWithChain;
        let all = ((1u32 << candidates) - 1) as u16;
        if per_piece {
            let room = crate::moves::move_limit().saturating_add(1).saturating_sub(out.len());
            for mask in (1..=all).take(room) {
                m.chain = mask;
                out.push(m);
            }
        } else {
            m.chain = all;
            out.push(m);
        }
        m.chain = 0;
    }
    if decision == Decision::May {
        m.promotion = Promotion::Decline;
        out.push(m);
    }
}

/// The rules that let pieces promote along with a promoting piece of type
/// `ty` (`[[on_promotion]] also_promote`).
fn chain_rules(rules: &Ruleset, ty: TypeId) -> impl Iterator<Item = &OnPromotion> {
    rules.effects.on_promotions.iter().filter(move |o| o.kinds.contains(ty))
}

/// How many pieces may promote along with the side's promoting piece of
/// type `ty` (as many as [`chain_candidates`] lists, counted from the
/// piece counts instead of the board), and whether the side chooses for
/// each of them.
fn chain_size(pos: &Position, ty: TypeId) -> (usize, bool) {
    let rules = &*pos.rules;
    let counts = &pos.counts[pos.side.index()];
    let mut n = 0;
    let mut per_piece = false;
    for (i, o) in chain_rules(rules, ty).enumerate() {
        per_piece |= o.per_piece;
        // A type two rules name is counted for the first.
        let earlier = |t: TypeId| chain_rules(rules, ty).take(i).any(|e| e.also_promote.contains(t));
        for t in o.also_promote.iter() {
            if rules.types[usize::from(t)].promotes_to.is_some() && !earlier(t) {
                // The promoting piece itself does not promote along.
                n += usize::from(counts.get(usize::from(t)).copied().unwrap_or(0)).saturating_sub(usize::from(t == ty));
            }
        }
    }
    (n.min(MAX_CHAIN), per_piece)
}

/// Pieces that promote along with one, at most (`Move::chain` has a bit
/// for each).
const MAX_CHAIN: usize = 16;

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
    for o in chain_rules(rules, ty) {
        per_piece |= o.per_piece;
        for (sq, &x) in pos.cells.iter().enumerate() {
            let sq = sq as Square;
            if x != 0
                && sq != from
                && cell_colour(x) == side
                && o.also_promote.contains(cell_type(x))
                && rules.types[usize::from(cell_type(x))].promotes_to.is_some()
                && !out.contains(&sq)
                && out.len() < MAX_CHAIN
            {
                out.push(sq);
            }
        }
    }
    out.sort_unstable();
    (out, per_piece)
}
