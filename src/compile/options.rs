//! `[options]`: each option's default and allowed values, the
//! command-line `--option` overrides applied on top (errors point into the
//! overrides' text), and the keys that may depend only on options.

use super::{Checker, OptionOverride, is_name};
use crate::diagnostics::Diagnostic;
use crate::dsl::{self, OptionValue, Place, Scope, TypeSet};
use crate::rules::file::{RuleFile, Text};
use crate::ruleset::OptionInfo;
use std::collections::BTreeMap;
use std::ops::Range;

impl Checker<'_> {
    /// `[promotion] repromote`: folded with the options to true or false.
    pub(super) fn repromote(&mut self, f: &RuleFile) -> bool {
        f.promotion
            .as_ref()
            .and_then(|p| p.repromote.as_ref())
            .is_some_and(|t| self.options_condition(t))
    }

    /// A condition that only options decide, folded to true or false.
    pub(crate) fn options_condition(&mut self, t: &Text) -> bool {
        let values = self.opts.clone();
        let (none, all) = (BTreeMap::new(), TypeSet::default());
        let scope = Scope {
            place: Place::Side,
            kinds: &none,
            origins: &none,
            all_types: &all,
            options: &values,
            files: 0,
            ranks: 0,
        };
        match dsl::compile(t.get_ref(), self.content_start(t), &scope) {
            Ok(dsl::Expr::Const(v)) => v != 0,
            Ok(_) => {
                self.err(t.span(), "this may depend only on options");
                false
            }
            Err(errs) => {
                self.diags.extend(errs);
                false
            }
        }
    }

    pub(super) fn options(
        &mut self,
        f: &RuleFile,
        variant: &str,
        overrides: &[OptionOverride],
    ) -> BTreeMap<String, OptionInfo> {
        let mut out = BTreeMap::new();
        for (name, spec) in &f.options {
            let n = name.get_ref();
            if !is_name(n) {
                self.err(name.span(), "option names must be lower-case letters, digits and `_`");
            }
            let default = match (spec.default.get_ref(), &spec.values) {
                (toml::Value::Boolean(b), None) => OptionValue::Bool(*b),
                (toml::Value::Boolean(b), Some(v)) => {
                    self.err(
                        v.first().map(|t| t.span()).unwrap_or(spec.default.span()),
                        "a true/false option takes no `values`",
                    );
                    // Keep the option, so that conditions reading it do
                    // not also fail.
                    OptionValue::Bool(*b)
                }
                (toml::Value::String(s), Some(values)) => {
                    let allowed: Vec<String> = values.iter().map(|v| v.get_ref().clone()).collect();
                    if !allowed.contains(s) {
                        let d = Diagnostic::error(
                            spec.default.span(),
                            format!("default `{s}` is not among the option's values"),
                        )
                        .suggest(s, allowed.iter().map(|a| a.as_str()));
                        self.push(d);
                    }
                    OptionValue::Enum {
                        value: s.clone(),
                        allowed,
                    }
                }
                (toml::Value::String(s), None) => {
                    self.err(
                        spec.default.span(),
                        "a text option needs `values = [...]` listing its allowed values",
                    );
                    // Keep the option with its one known value.
                    OptionValue::Enum {
                        value: s.clone(),
                        allowed: vec![s.clone()],
                    }
                }
                _ => {
                    self.err(
                        spec.default.span(),
                        "an option's default must be true/false or a text value",
                    );
                    continue;
                }
            };
            out.insert(
                n.clone(),
                OptionInfo {
                    value: default.clone(),
                    default,
                    doc: spec.doc.clone(),
                },
            );
        }
        for (i, o) in overrides.iter().enumerate() {
            let name = o.name.strip_prefix(&format!("{variant}.")).unwrap_or(&o.name);
            let Some(info) = out.get_mut(name) else {
                let d = Diagnostic::error(
                    cli_span(overrides, i, false),
                    format!("unknown option `{}` for variant `{variant}`", o.name),
                )
                .suggest(name, f.options.keys().map(|k| k.get_ref().as_str()));
                self.cli.push(d);
                continue;
            };
            let allowed: Vec<String> = match &info.default {
                OptionValue::Bool(_) => vec!["true".into(), "false".into()],
                OptionValue::Enum { allowed, .. } => allowed.clone(),
            };
            if !allowed.contains(&o.value) {
                let d = Diagnostic::error(
                    cli_span(overrides, i, true),
                    format!("option `{name}` takes one of: {}", allowed.join(", ")),
                )
                .suggest(&o.value, allowed.iter().map(|a| a.as_str()));
                self.cli.push(d);
                continue;
            }
            info.value = match &info.default {
                OptionValue::Bool(_) => OptionValue::Bool(o.value == "true"),
                OptionValue::Enum { .. } => OptionValue::Enum {
                    value: o.value.clone(),
                    allowed,
                },
            };
        }
        out
    }
}

/// The overrides as one text (`a=1 b=2`) that option errors point into.
pub(super) fn cli_text(overrides: &[OptionOverride]) -> String {
    overrides
        .iter()
        .map(|o| format!("{}={}", o.name, o.value))
        .collect::<Vec<_>>()
        .join(" ")
}

fn cli_span(overrides: &[OptionOverride], i: usize, value: bool) -> Range<usize> {
    let start: usize = overrides[..i].iter().map(|o| o.name.len() + o.value.len() + 2).sum();
    let o = &overrides[i];
    if value {
        start + o.name.len() + 1..start + o.name.len() + 1 + o.value.len().max(1)
    } else {
        start..start + o.name.len().max(1)
    }
}
