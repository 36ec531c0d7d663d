//! Tables derived from the finished ruleset, in one pass after checking
//! (no diagnostics): which victims restrictions can concern, the kinds
//! whose alternatives can overlap, whether one aura is the only effect, the kill-history
//! tracking set, whether a rule reads the previous move, the Zobrist keys
//! and the `stuck` table; and every condition lowered for the board
//! (`dsl::lower`).

use super::{drops, movement, splitmix};
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
    r.single_aura = r.auras.len() == 1
        && r.shooting.iter().all(|s| s.is_none())
        && r.demotions.is_empty()
        && r.on_promotions.is_empty()
        && r.drops.is_none();
    let (tracked, reads_last_move) = {
        let conditions = conditions(r);
        let reads_last_move = conditions.iter().any(|e| dsl::reads_last_move(e));
        (tracked_kills(&conditions), reads_last_move)
    };
    r.tracked_kills = tracked;
    r.reads_last_move = reads_last_move;
    lower_conditions(r);
    r.zobrist = zobrist_keys((n_types + 1) * 2 + 2, r.geometry.len());
    r.stuck = drops::stuck_table(&r.programs, &r.offsets, r.geometry.len());
}

/// Every condition of the rule set that positions are asked about (those
/// on options alone are folded away by now).
fn conditions(r: &Ruleset) -> Vec<&Expr> {
    let mut exprs: Vec<&Expr> = r.restrictions.iter().map(|r| &r.forbid).collect();
    exprs.push(&r.victory.loses_when);
    exprs.extend(r.victory.wins.iter().map(|w| &w.condition));
    if let Some(p) = &r.promotion {
        exprs.extend([&p.may, &p.must, &p.revert_when]);
    }
    for side in &r.programs {
        for progs in side {
            exprs.extend(progs.iter().filter_map(|p| p.when.as_ref()));
        }
    }
    exprs.extend(r.demotions.iter().map(|d| &d.when));
    for s in r.shooting.iter().flatten() {
        exprs.push(&s.range);
        exprs.extend(s.screen.iter().chain(&s.target).chain(&s.when));
    }
    exprs.extend(r.drops.iter().filter_map(|d| d.forbid.as_ref()));
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

fn zobrist_keys(cells: usize, squares: usize) -> Vec<u64> {
    (0..cells * squares)
        .map(|i| splitmix((i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D).wrapping_add(1)))
        .collect()
}

/// Every condition's square-only parts become per-square tables.
fn lower_conditions(r: &mut Ruleset) {
    let zone = r.promotion.as_ref().map(|p| p.zone.clone());
    let board = dsl::Board {
        geo: &r.geometry,
        zone: zone.as_ref(),
    };
    let mut conditions: Vec<&mut Expr> = Vec::new();
    conditions.extend(r.restrictions.iter_mut().map(|x| &mut x.forbid));
    conditions.push(&mut r.victory.loses_when);
    conditions.extend(r.victory.wins.iter_mut().map(|w| &mut w.condition));
    if let Some(p) = &mut r.promotion {
        conditions.extend([&mut p.may, &mut p.must, &mut p.revert_when]);
    }
    for side in &mut r.programs {
        for progs in side {
            conditions.extend(progs.iter_mut().filter_map(|p| p.when.as_mut()));
        }
    }
    conditions.extend(r.demotions.iter_mut().map(|d| &mut d.when));
    for s in r.shooting.iter_mut().flatten() {
        conditions.extend(s.screen.iter_mut().chain(&mut s.target).chain(&mut s.when));
    }
    if let Some(d) = &mut r.drops {
        conditions.extend(d.forbid.as_mut());
    }
    for e in conditions {
        dsl::lower(e, &board);
    }
}
