//! Tables derived from the finished ruleset, in one pass after checking
//! (no diagnostics): which victims restrictions can concern, the kinds
//! whose alternatives can overlap, whether one aura is the only effect, the kill-history
//! tracking set, whether a rule reads the previous move, the Zobrist keys
//! and the `stuck` table; and every condition lowered for the board
//! (`dsl::lower`), the promotion's tabled where it can be (`dsl::decide`).

use super::{drops, movement};
use crate::board::Colour;
use crate::dsl::{self, Expr, TypeSet};
use crate::ruleset::Ruleset;

pub(super) fn conclude(r: &mut Ruleset) {
    let n_types = r.types.len();
    r.restricted_victims = r
        .restrictions
        .iter()
        .try_fold(TypeSet::with_capacity(n_types), |mut acc, r| {
            acc.union_with(r.guard.as_ref()?);
            Some(acc)
        });
    r.overlapping = r.programs[Colour::Black.index()]
        .iter()
        .map(|progs| movement::overlapping(progs, &r.offsets))
        .collect();
    r.single_aura = r.effects.auras.len() == 1
        && r.effects.shooting.iter().all(|s| s.is_none())
        && r.effects.demotions.is_empty()
        && r.effects.on_promotions.is_empty()
        && r.drops.is_none();
    let (tracked, reads_last_move) = {
        let conditions = conditions(r);
        let reads_last_move = conditions.iter().any(|e| dsl::reads_last_move(e));
        (tracked_kills(&conditions), reads_last_move)
    };
    r.tracked_kills = tracked;
    r.reads_last_move = reads_last_move;
    // Before lowering: a tabled promotion decision may read `stuck_at`.
    r.stuck = drops::stuck_table(&r.programs, &r.offsets, r.geometry.len());
    lower_conditions(r);
}

/// Walks every condition of the rule set that positions are asked about
/// (those on options alone are folded away by now), by shared reference
/// or, with `mut`, by mutable one: `$f(expr, boolean)`, where `boolean` is
/// false for a number (a shot's range). One list, so that the analyses
/// and the lowering cannot disagree about which conditions exist.
macro_rules! each_condition {
    ($r:expr, $f:expr $(, $m:ident)?) => {{
        let r = $r;
        let mut f = $f;
        let f = &mut f;
        for x in & $($m)? r.restrictions {
            f(& $($m)? x.forbid, true);
        }
        f(& $($m)? r.victory.loses_when, true);
        for w in & $($m)? r.victory.wins {
            f(& $($m)? w.condition, true);
        }
        if let Some(p) = & $($m)? r.promotion {
            f(& $($m)? p.may, true);
            f(& $($m)? p.must, true);
            f(& $($m)? p.revert_when, true);
        }
        for side in & $($m)? r.programs {
            for progs in side {
                for p in progs {
                    if let Some(w) = & $($m)? p.when {
                        f(w, true);
                    }
                }
            }
        }
        for d in & $($m)? r.effects.demotions {
            f(& $($m)? d.when, true);
        }
        for s in (& $($m)? r.effects.shooting).into_iter().flatten() {
            f(& $($m)? s.range, false);
            for e in (& $($m)? s.screen).into_iter().chain(& $($m)? s.target).chain(& $($m)? s.when) {
                f(e, true);
            }
        }
        if let Some(d) = & $($m)? r.drops
            && let Some(e) = & $($m)? d.forbid
        {
            f(e, true);
        }
    }};
}

/// Every condition of the rule set, for the analyses.
fn conditions(r: &Ruleset) -> Vec<&Expr> {
    let mut exprs = Vec::new();
    each_condition!(r, |e, _| exprs.push(e));
    exprs
}

/// The types (below 256) whose kills some `killed(...)` of some condition
/// asks about: the kill history tracks only these.
fn tracked_kills(exprs: &[&Expr]) -> [u64; 4] {
    let mut tracked = [0u64; 4];
    for e in exprs {
        dsl::killed_sets(e, &mut |set| {
            for t in set.iter().filter(|t| *t < 256) {
                tracked[usize::from(t >> 6)] |= 1 << (t & 63);
            }
        });
    }
    tracked
}

/// Every condition is folded for each type of its mover and victim, and
/// its square-only parts become per-square tables; then the promotion
/// conditions become one decision per type (`dsl::decide`).
fn lower_conditions(r: &mut Ruleset) {
    let zone = r.promotion.as_ref().map(|p| p.zone.clone());
    let types: Vec<dsl::TypeFacts> = (0..r.types.len())
        .map(|t| dsl::TypeFacts {
            origin: r.origin(t as u16),
            promoted: r.types[t].promoted_from.is_some(),
        })
        .collect();
    let geometry = r.geometry.clone();
    let (stuck, kinds) = (r.stuck.clone(), r.types.iter().map(|t| t.kind).collect::<Vec<_>>());
    let stuck_at = |colour: Colour, ty: u16, sq: u16| {
        kinds
            .get(usize::from(ty))
            .and_then(|k| stuck[colour.index()].get(k * geometry.len() + usize::from(sq)))
            .is_some_and(|s| *s)
    };
    let board = dsl::Board {
        geo: &geometry,
        zone: zone.as_ref(),
        types: &types,
        stuck: Some(&stuck_at),
    };
    each_condition!(
        &mut *r,
        |e: &mut Expr, boolean| {
            if boolean {
                dsl::lower_condition(e, &board)
            }
        },
        mut
    );
    let promotable: Vec<bool> = r.types.iter().map(|t| t.promotes_to.is_some()).collect();
    if let Some(p) = &mut r.promotion {
        p.decider = dsl::decider(&p.must, &p.may, &board, &|ty| {
            promotable.get(usize::from(ty)) == Some(&true)
        });
    }
}
