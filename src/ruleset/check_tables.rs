//! The tables of the movegen's may-give-check filter (see
//! `movegen::gives_check`): derived from the rule set alone, so they live
//! with it and are built once, on first use.

use super::{LegWalk, Ruleset};
use crate::board::Colour;
use crate::dsl::Expr;

/// A walked reach that the filter cannot bound (or whose walk reads more
/// than the squares within it).
pub(crate) const UNBOUNDED: u32 = u32::MAX;

/// The per-rule-set tables of the movegen's may-give-check filter
/// (`movegen::CheckFilter`), built once per rule set
/// ([`Ruleset::check_tables`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct CheckTables {
    /// The rule set lets the filter decide at all (see the module's list
    /// of fallbacks).
    pub(crate) usable: bool,
    /// `rays[colour][type]`: indices into `attack_rays().rays[colour]` of
    /// the one-leg attacks the type has.
    pub(crate) rays: [Vec<Vec<u16>>; 2],
    /// `walked[colour][type]`: the Chebyshev distance the type's other
    /// programs can reach (0: none; [`UNBOUNDED`]).
    pub(crate) walked: [Vec<u32>; 2],
    /// Per offset index: its board displacement.
    pub(crate) deltas: Vec<(i32, i32)>,
}

impl CheckTables {
    pub(crate) fn build(rules: &Ruleset) -> CheckTables {
        let attack = rules.attack_rays();
        let deltas: Vec<(i32, i32)> = rules
            .offsets
            .list
            .iter()
            .map(|o| (i32::from(o.dx), i32::from(o.dy)))
            .collect();
        let mut out = CheckTables {
            usable: !rules.has_effects
                && rules.effects.freezes.is_empty()
                && !attack.screens
                && rules.victory.wins.iter().all(|w| matches!(w.condition, Expr::Const(0)))
                && quiet_safe(&rules.victory.loses_when),
            deltas,
            ..CheckTables::default()
        };
        for colour in Colour::BOTH {
            let c = colour.index();
            for (ty, t) in rules.types.iter().enumerate() {
                let ty = ty as u16;
                out.rays[c].push(
                    attack.rays[c]
                        .iter()
                        .enumerate()
                        .filter(|(_, r)| r.types.contains(ty))
                        .map(|(i, _)| i as u16)
                        .collect(),
                );
                let mut reach = 0u32;
                for prog in rules.programs[c][t.kind].iter().filter(|p| p.plain_ray().is_none()) {
                    let r = if prog.when.is_some() || prog.legs.iter().any(|l| l.judged) {
                        UNBOUNDED
                    } else {
                        prog.legs.iter().fold(0u32, |sum, leg| {
                            let extent = leg
                                .offsets
                                .iter()
                                .map(|&o| {
                                    let (dx, dy) = out.deltas[usize::from(o)];
                                    dx.unsigned_abs().max(dy.unsigned_abs())
                                })
                                .max()
                                .unwrap_or(0);
                            let leg_reach = match leg.walk {
                                LegWalk::Leap | LegWalk::LeapOverOwn | LegWalk::SweepingLeap => extent,
                                LegWalk::Slide { max } if max != u8::MAX => extent.saturating_mul(u32::from(max)),
                                _ => UNBOUNDED,
                            };
                            sum.saturating_add(leg_reach)
                        })
                    };
                    reach = reach.max(r);
                }
                out.walked[c].push(reach);
            }
        }
        out
    }
}

/// Can a move of one side (that takes nothing) make `e`, judged for the
/// other side, true when it was false? Not if it reads only constants,
/// that side's own piece counts and the kill history.
fn quiet_safe(e: &Expr) -> bool {
    match e {
        Expr::Const(_) | Expr::Count { enemy: false, .. } | Expr::Killed { .. } => true,
        Expr::Not(a) => quiet_safe(a),
        Expr::And(v) | Expr::Or(v) => v.iter().all(quiet_safe),
        Expr::If(b) => quiet_safe(&b.0) && quiet_safe(&b.1) && quiet_safe(&b.2),
        Expr::Cmp(_, b) | Expr::Add(b) | Expr::Mul(b) | Expr::Sub(b) => quiet_safe(&b.0) && quiet_safe(&b.1),
        Expr::Flat(f) => f.reads_only_own_counts(quiet_safe),
        _ => false,
    }
}
