//! `[options]`: each option's default and allowed values, the
//! command-line `--option` overrides applied on top (errors point into the
//! overrides' text), and the keys that may depend only on options.

use super::{Checker, OptionOverride, is_name};
use crate::diagnostics::Diagnostic;
use crate::dsl::{self, OptionValue, Place, Scope, TypeSet};
use crate::rules::file::{RuleFile, Text};
use crate::ruleset::{OptionInfo, PresetInfo};
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
    ) -> (BTreeMap<String, OptionInfo>, Vec<PresetInfo>, Option<String>) {
        let mut out = BTreeMap::new();
        for (name, spec) in &f.options {
            let n = name.get_ref();
            if !is_name(n) {
                self.err(name.span(), "option names must be lower-case letters, digits and `_`");
            }
            if n == PRESET {
                self.err(
                    name.span(),
                    "`preset` is reserved: `--preset NAME` selects a `[presets.NAME]` table",
                );
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
        let presets = self.presets(f, &out);
        let bare = |o: &OptionOverride| -> String {
            o.name
                .strip_prefix(&format!("{variant}."))
                .unwrap_or(&o.name)
                .to_string()
        };
        // The preset first, whatever its place among the overrides: the
        // options given explicitly win over it.
        let mut chosen: Option<String> = None;
        for (i, o) in overrides.iter().enumerate().filter(|(_, o)| bare(o) == PRESET) {
            if chosen.is_some() {
                self.cli.push(Diagnostic::error(
                    cli_span(overrides, i, false),
                    "only one preset may be given",
                ));
                continue;
            }
            let Some(p) = presets.iter().find(|p| p.name == o.value) else {
                let names: Vec<&str> = presets.iter().map(|p| p.name.as_str()).collect();
                let listed = if names.is_empty() {
                    "it has none".to_string()
                } else {
                    format!("its presets are {}", names.join(", "))
                };
                let d = Diagnostic::error(
                    cli_span(overrides, i, true),
                    format!(
                        "unknown preset `{}` for variant `{variant}`: {listed} (`gunbai options {variant}` lists them)",
                        o.value
                    ),
                )
                .suggest(&o.value, names.iter().copied());
                self.cli.push(d);
                continue;
            };
            chosen = Some(p.name.clone());
            for (name, value) in &p.options {
                if let Some(info) = out.get_mut(name) {
                    info.value = set_value(&info.default, value);
                }
            }
        }
        for (i, o) in overrides.iter().enumerate() {
            let name = bare(o);
            if name == PRESET {
                continue;
            }
            let Some(info) = out.get_mut(&name) else {
                let d = Diagnostic::error(
                    cli_span(overrides, i, false),
                    format!("unknown option `{}` for variant `{variant}`", o.name),
                )
                .suggest(&name, f.options.keys().map(|k| k.get_ref().as_str()));
                self.cli.push(d);
                continue;
            };
            let allowed = allowed_values(&info.default);
            if !allowed.contains(&o.value) {
                let d = Diagnostic::error(
                    cli_span(overrides, i, true),
                    format!("option `{name}` takes one of: {}", allowed.join(", ")),
                )
                .suggest(&o.value, allowed.iter().map(|a| a.as_str()));
                self.cli.push(d);
                continue;
            }
            info.value = set_value(&info.default, &o.value);
        }
        (out, presets, chosen)
    }

    /// `[presets.NAME]`: each name well formed, each option known, each
    /// value one the option takes.
    fn presets(&mut self, f: &RuleFile, options: &BTreeMap<String, OptionInfo>) -> Vec<PresetInfo> {
        let mut out = Vec::new();
        for (name, spec) in &f.presets {
            if !is_name(name.get_ref()) {
                self.err(name.span(), "preset names must be lower-case letters, digits and `_`");
            }
            let mut values = Vec::new();
            for (opt, value) in &spec.options {
                let Some(info) = options.get(opt.get_ref()) else {
                    let d = Diagnostic::error(
                        opt.span(),
                        format!(
                            "preset `{}` sets `{}`, which is not an option of this file",
                            name.get_ref(),
                            opt.get_ref()
                        ),
                    )
                    .suggest(opt.get_ref(), options.keys().map(|k| k.as_str()));
                    self.push(d);
                    continue;
                };
                let text = match value.get_ref() {
                    toml::Value::Boolean(b) => b.to_string(),
                    toml::Value::String(s) => s.clone(),
                    _ => String::new(),
                };
                let allowed = allowed_values(&info.default);
                let right_type = matches!(
                    (&info.default, value.get_ref()),
                    (OptionValue::Bool(_), toml::Value::Boolean(_))
                        | (OptionValue::Enum { .. }, toml::Value::String(_))
                );
                if !right_type || !allowed.contains(&text) {
                    let d = Diagnostic::error(
                        value.span(),
                        format!("option `{}` takes one of: {}", opt.get_ref(), allowed.join(", ")),
                    )
                    .suggest(&text, allowed.iter().map(|a| a.as_str()));
                    self.push(d);
                    continue;
                }
                values.push((opt.get_ref().clone(), text));
            }
            out.push(PresetInfo {
                name: name.get_ref().clone(),
                doc: spec.doc.clone(),
                options: values,
            });
        }
        out
    }
}

/// The option name `--preset NAME` travels under among the overrides
/// (`preset=NAME`); a rule file may not declare an option of that name.
pub const PRESET: &str = "preset";

/// The values an option takes, as text.
fn allowed_values(default: &OptionValue) -> Vec<String> {
    match default {
        OptionValue::Bool(_) => vec!["true".into(), "false".into()],
        OptionValue::Enum { allowed, .. } => allowed.clone(),
    }
}

/// The option's value set to `text` (one of its allowed values).
fn set_value(default: &OptionValue, text: &str) -> OptionValue {
    match default {
        OptionValue::Bool(_) => OptionValue::Bool(text == "true"),
        OptionValue::Enum { allowed, .. } => OptionValue::Enum {
            value: text.to_string(),
            allowed: allowed.clone(),
        },
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
