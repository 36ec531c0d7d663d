//! Conditions: every condition of the rule file goes through
//! `dsl::compile` with the scope of its place. Movement `when`s fold with
//! the options, and an alternative whose `when` is false is dropped; the
//! promotion conditions and zone; capture restrictions with their victim
//! guards; duplicate rule ids.

use super::movement::Programs;
use super::{Checker, first_use};
use crate::board::{Colour, Geometry, Square};
use crate::dsl::{self, Expr, OptionValue, Place, Scope, TypeSet};
use crate::rules::file::{RuleFile, Text};
use crate::ruleset::{Promotion, Restriction};
use std::collections::BTreeMap;
use std::ops::Range;

/// What compiling a condition or a key that names kinds or options needs.
pub(super) struct Context<'a> {
    pub kind_sets: &'a BTreeMap<String, TypeSet>,
    pub options: &'a BTreeMap<String, OptionValue>,
    pub scope: &'a dyn Fn(Place) -> Scope<'a>,
    pub geo: &'a Geometry,
}

impl Checker<'_> {
    /// Compiles a condition for a place; on errors, reports them and
    /// stands in `false`.
    pub(super) fn condition(&mut self, t: &Text, cx: &Context, place: Place) -> Expr {
        match dsl::compile(t.get_ref(), self.content_start(t), &(cx.scope)(place)) {
            Ok(e) => e,
            Err(errs) => {
                self.diags.extend(errs);
                Expr::Const(0)
            }
        }
    }

    /// Restriction and win ids are unique.
    pub(super) fn rule_ids(&mut self, f: &RuleFile) {
        let mut seen_rule_ids: BTreeMap<String, Range<usize>> = BTreeMap::new();
        for id in f
            .restrictions
            .iter()
            .map(|r| &r.id)
            .chain(f.victory.wins_when.iter().map(|w| &w.id))
        {
            if let Some(prev) = first_use(&mut seen_rule_ids, id.get_ref(), id.span()) {
                let line = self.line_of(prev.start);
                self.err(
                    id.span(),
                    format!("duplicate id `{}` (first used on line {line})", id.get_ref()),
                );
            }
        }
    }

    /// Move conditions: options fold now; a move whose condition is false
    /// for these options is dropped.
    pub(super) fn move_conditions(&mut self, f: &RuleFile, cx: &Context, programs: &mut Programs) {
        for (k, p) in f.pieces.iter().enumerate() {
            for (j, m) in p.moves.iter().enumerate().rev() {
                let Some(t) = &m.when else { continue };
                let when = self.condition(t, cx, Place::Move);
                for colour in Colour::BOTH {
                    let progs = &mut programs[colour.index()][k];
                    if j < progs.len() {
                        match when {
                            Expr::Const(0) => {
                                progs.remove(j);
                            }
                            Expr::Const(_) => {}
                            ref e => progs[j].when = Some(e.clone()),
                        }
                    }
                }
            }
        }
    }

    pub(super) fn promotion(&mut self, f: &RuleFile, cx: &Context) -> Option<Promotion> {
        let geo = cx.geo;
        let ranks = geo.height;
        f.promotion.as_ref().map(|p| {
            let depth = p.zone_ranks.as_ref().map_or(0, |z| *z.get_ref());
            if let Some(z) = &p.zone_ranks
                && (depth == 0 || depth > ranks)
            {
                self.err(z.span(), format!("zone_ranks must be between 1 and {ranks}"));
            }
            let zone = Colour::BOTH.map(|col| {
                (0..geo.len() as Square)
                    // A depth out of range is an error above; clamped, it cannot overflow.
                    .map(|sq| geo.relative_rank(sq, col) > ranks as i32 - depth.min(ranks) as i32)
                    .collect()
            });
            Promotion {
                zone,
                may: self.condition(&p.may, cx, Place::Promotion),
                must: p
                    .must
                    .as_ref()
                    .map(|m| self.condition(m, cx, Place::Promotion))
                    .unwrap_or(Expr::Const(0)),
                revert_on_move: p.revert_on_move,
                revert_when: p
                    .revert_when
                    .as_ref()
                    .map(|m| self.condition(m, cx, Place::Promotion))
                    .unwrap_or(Expr::Const(0)),
                decider: dsl::Decider::default(),
            }
        })
    }

    /// Capture restrictions, each with its victim guard.
    pub(super) fn restrictions(&mut self, f: &RuleFile, cx: &Context) -> Vec<Restriction> {
        let mut restrictions = Vec::new();
        for r in &f.restrictions {
            let forbid = self.condition(&r.forbid_capture, cx, Place::Capture);
            let guard = dsl::victim_guard(&forbid);
            restrictions.push(Restriction {
                id: r.id.get_ref().clone(),
                doc: r.doc.clone(),
                forbid,
                guard,
            });
        }
        restrictions
    }
}
