//! How the game ends: `[victory]` (the result when a side has no move,
//! when both sides lose at once, and the side conditions) and
//! `[repetition]` (the policy an option selects, and the kinds whose
//! checks count).

use super::Checker;
use super::conditions::Context;
use crate::diagnostics::Diagnostic;
use crate::dsl::{OptionValue, Place, TypeSet};
use crate::rules::file::{MoveLimitSpec, RuleFile, Text};
use crate::ruleset::*;
use std::collections::BTreeMap;

impl Checker<'_> {
    /// `no_moves`, and `stalemate` (which needs `check`).
    pub(super) fn no_moves(
        &mut self,
        f: &RuleFile,
        opt_values: &BTreeMap<String, OptionValue>,
    ) -> (Result3, Option<Result3>) {
        let no_moves = self.result_key(&f.victory.no_moves, opt_values);
        let stalemate = f.victory.stalemate.as_ref().map(|t| {
            if f.victory.check.is_none() {
                let d = Diagnostic::error(
                    t.span(),
                    "`stalemate` needs `check`: it is the result when no piece of `check` is attacked",
                )
                .with_help("add `check = \"royal\"` (the pieces that may not be left attacked) or remove `stalemate`");
                self.push(d);
            }
            self.result_key(t, opt_values)
        });
        (no_moves, stalemate)
    }

    /// A game result key (`no_moves`, `stalemate`): `loss`, `draw`, `win`,
    /// or `opt.NAME`, a text option whose chosen value is one of them.
    fn result_key(&mut self, t: &Text, opt_values: &BTreeMap<String, OptionValue>) -> Result3 {
        let text = match t.get_ref().strip_prefix("opt.") {
            Some(name) => match opt_values.get(name) {
                Some(OptionValue::Enum { value, .. }) => value.clone(),
                _ => {
                    let d = Diagnostic::error(t.span(), format!("`{name}` is not a text option"))
                        .suggest(name, opt_values.keys().map(|k| k.as_str()));
                    self.push(d);
                    return Result3::Loss;
                }
            },
            None => t.get_ref().clone(),
        };
        match text.as_str() {
            "loss" => Result3::Loss,
            "draw" => Result3::Draw,
            "win" => Result3::Win,
            other => {
                let d = Diagnostic::error(t.span(), format!("unknown result `{other}`"))
                    .suggest(other, ["loss", "draw", "win"]);
                self.push(d);
                Result3::Loss
            }
        }
    }

    /// `[repetition] forbidden_occurrence`: 2 (any repetition) unless set.
    pub(super) fn forbidden_occurrence(&mut self, f: &RuleFile) -> u8 {
        let n = f.repetition.as_ref().and_then(|r| r.forbidden_occurrence.as_ref());
        self.occurrence_key(
            n,
            "forbidden_occurrence",
            2,
            "2 forbids any repetition, 3 the third occurrence of a position",
        )
    }

    /// `[repetition] ending_occurrence`: 4 (shogi's sennichite) unless set.
    pub(super) fn ending_occurrence(&mut self, f: &RuleFile) -> u8 {
        let n = f.repetition.as_ref().and_then(|r| r.ending_occurrence.as_ref());
        self.occurrence_key(
            n,
            "ending_occurrence",
            4,
            "4 ends the game at the fourth occurrence of a position, 3 at the third",
        )
    }

    /// An occurrence count key: between 2 and 255, `default` when absent.
    fn occurrence_key(&mut self, n: Option<&toml::Spanned<u32>>, key: &str, default: u8, help: &str) -> u8 {
        let Some(n) = n else {
            return default;
        };
        match u8::try_from(*n.get_ref()) {
            Ok(v) if v >= 2 => v,
            _ => {
                let d = Diagnostic::error(n.span(), format!("`{key}` must be between 2 and 255")).with_help(help);
                self.push(d);
                default
            }
        }
    }

    pub(super) fn both_lose(&mut self, f: &RuleFile) -> BothLose {
        match f.victory.both_lose.as_ref().map(|t| (t.span(), t.get_ref().as_str())) {
            None | Some((_, "draw")) => BothLose::Draw,
            Some((_, "mover_loses")) => BothLose::MoverLoses,
            Some((span, other)) => {
                self.push(
                    Diagnostic::error(span, format!("unknown value `{other}`")).suggest(other, ["draw", "mover_loses"]),
                );
                BothLose::Draw
            }
        }
    }

    /// The side conditions: `loses_when` and each `[[victory.wins_when]]`.
    pub(super) fn victory(
        &mut self,
        f: &RuleFile,
        cx: &Context,
        (no_moves, stalemate): (Result3, Option<Result3>),
        both_lose: BothLose,
    ) -> Victory {
        Victory {
            both_lose,
            loses_when: self.condition(&f.victory.loses_when, cx, Place::Side),
            no_moves,
            stalemate,
            wins: f
                .victory
                .wins_when
                .iter()
                .map(|w| Win {
                    id: w.id.get_ref().clone(),
                    condition: self.condition(&w.condition, cx, Place::Side),
                    answerable: w.answerable,
                    to_move: self.judged(w),
                })
                .collect(),
            move_limit: f.victory.move_limit.as_ref().and_then(|m| self.move_limit(m, cx)),
        }
    }

    /// A win's `judged`: whether it is judged for the side to move.
    fn judged(&mut self, w: &crate::rules::file::WinSpec) -> bool {
        let Some(j) = &w.judged else { return false };
        match j.get_ref().as_str() {
            "mover" => false,
            "to_move" if w.answerable => {
                self.push(
                    Diagnostic::error(j.span(), "a win judged for the side to move cannot be `answerable`")
                        .with_help("an answerable win is answered by the next move of the side that did not win; use `judged = \"mover\"`"),
                );
                false
            }
            "to_move" => true,
            other => {
                self.err(
                    j.span(),
                    format!("`judged` must be `mover` or `to_move`, not `{other}`"),
                );
                false
            }
        }
    }

    /// `[victory.move_limit]`, if its `when` holds.
    fn move_limit(&mut self, m: &MoveLimitSpec, cx: &Context) -> Option<MoveLimit> {
        let plies = match u32::try_from(*m.plies.get_ref()) {
            Ok(n) if n >= 1 => n,
            _ => {
                let d = Diagnostic::error(m.plies.span(), "`plies` must be a positive number of moves")
                    .with_help("one side's move is one ply: 100 plies are 50 moves a side");
                self.push(d);
                1
            }
        };
        let counts = match m.counts.as_ref().map(|t| (t.span(), t.get_ref().as_str())) {
            None | Some((_, "all")) => MoveCount::All,
            Some((_, "quiet")) => MoveCount::Quiet,
            Some((span, other)) => {
                self.push(Diagnostic::error(span, format!("unknown value `{other}`")).suggest(other, ["all", "quiet"]));
                MoveCount::All
            }
        };
        let applies = m.when.as_ref().is_none_or(|t| self.option_flag(t, cx));
        applies.then_some(MoveLimit { plies, counts })
    }

    pub(super) fn repetition(
        &mut self,
        f: &RuleFile,
        options: &BTreeMap<String, OptionInfo>,
        kind_sets: &BTreeMap<String, TypeSet>,
    ) -> (RepetitionPolicy, TypeSet) {
        let Some(r) = &f.repetition else {
            return (RepetitionPolicy::Ignore, TypeSet::default());
        };
        let check_set = match kind_sets.get(r.check.get_ref()) {
            Some(s) => s.clone(),
            None => {
                let d = Diagnostic::error(
                    r.check.span(),
                    format!("unknown piece kind or tag `{}`", r.check.get_ref()),
                )
                .suggest(r.check.get_ref(), kind_sets.keys().map(|k| k.as_str()));
                self.push(d);
                TypeSet::default()
            }
        };
        let mut mapped: BTreeMap<String, RepetitionPolicy> = BTreeMap::new();
        for (value, policy) in &r.policies {
            match REPETITION_POLICIES.iter().find(|(n, _)| n == policy.get_ref()) {
                Some((_, p)) => {
                    mapped.insert(value.get_ref().clone(), *p);
                }
                None => {
                    let d = Diagnostic::error(
                        policy.span(),
                        format!("unknown repetition policy `{}`", policy.get_ref()),
                    )
                    .suggest(policy.get_ref(), REPETITION_POLICIES.iter().map(|(n, _)| *n));
                    self.push(d);
                }
            }
        }
        let Some(info) = options.get(r.option.get_ref()) else {
            let d = Diagnostic::error(r.option.span(), format!("unknown option `{}`", r.option.get_ref()))
                .suggest(r.option.get_ref(), options.keys().map(|k| k.as_str()));
            self.push(d);
            return (RepetitionPolicy::Ignore, check_set);
        };
        let OptionValue::Enum { value, allowed } = &info.value else {
            self.err(r.option.span(), "the repetition option must be a text option");
            return (RepetitionPolicy::Ignore, check_set);
        };
        for a in allowed {
            if !mapped.contains_key(a) {
                self.err(
                    r.option.span(),
                    format!("option value `{a}` has no repetition policy in `policies`"),
                );
            }
        }
        for v in r.policies.keys() {
            if !allowed.contains(v.get_ref()) {
                let d = Diagnostic::error(
                    v.span(),
                    format!("`{}` is not a value of option `{}`", v.get_ref(), r.option.get_ref()),
                )
                .suggest(v.get_ref(), allowed.iter().map(|a| a.as_str()));
                self.push(d);
            }
        }
        (
            mapped.get(value).copied().unwrap_or(RepetitionPolicy::Ignore),
            check_set,
        )
    }
}
