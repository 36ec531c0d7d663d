//! `[tsfen]`: the piece code of every kind in each TSFEN dialect the rule
//! file declares. A kind the table leaves out is written by its own `code`.
//! Codes must fit the dialect's syntax and be distinct within it.

use super::Checker;
use crate::diagnostics::Diagnostic;
use crate::rules::file::{Text, TsfenSpec};
use crate::ruleset::{Kind, TsfenFormat};
use std::collections::BTreeMap;

impl Checker<'_> {
    pub(super) fn tsfen(&mut self, t: &TsfenSpec, kinds: &[Kind]) -> TsfenFormat {
        TsfenFormat {
            tsg: t.tsg.as_ref().map(|m| self.tsfen_dialect(m, kinds, false)),
            jh85: t.jh85.as_ref().map(|m| self.tsfen_dialect(m, kinds, true)),
        }
    }

    /// One dialect's codes, indexed by kind. `parenthesised`: the dialect
    /// writes a code of several characters in parentheses, and allows a
    /// leading `+` and digits after the first letter; otherwise a code is
    /// letters only (a digit after it is a run length).
    fn tsfen_dialect(&mut self, map: &BTreeMap<Text, Text>, kinds: &[Kind], parenthesised: bool) -> Vec<String> {
        let mut codes: Vec<String> = kinds.iter().map(|k| k.code.to_ascii_uppercase()).collect();
        let mut spans = vec![None; kinds.len()];
        for (id, code) in map {
            let Some(k) = kinds.iter().position(|k| &k.id == id.get_ref()) else {
                let d = Diagnostic::error(id.span(), format!("unknown piece `{}`", id.get_ref()))
                    .suggest(id.get_ref(), kinds.iter().map(|k| k.id.as_str()));
                self.push(d);
                continue;
            };
            codes[k] = code.get_ref().clone();
            spans[k] = Some(code.span());
        }
        let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
        for (k, code) in codes.iter().enumerate() {
            let body = if parenthesised {
                code.strip_prefix('+').unwrap_or(code)
            } else {
                code
            };
            let fits = body.starts_with(|c: char| c.is_ascii_uppercase())
                && body
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || parenthesised && c.is_ascii_digit());
            let span = spans[k].clone().unwrap_or(0..0);
            if !fits {
                self.err(
                    span.clone(),
                    format!(
                        "TSFEN code `{code}` of `{}` must be {}",
                        kinds[k].id,
                        if parenthesised {
                            "upper-case ASCII letters and digits, starting with a letter, with an optional leading `+`"
                        } else {
                            "upper-case ASCII letters only (a digit after a code is a run length)"
                        }
                    ),
                );
            }
            if let Some(prev) = seen.insert(code, k) {
                self.err(
                    span,
                    format!(
                        "TSFEN code `{code}` is used by both `{}` and `{}`",
                        kinds[prev].id, kinds[k].id
                    ),
                );
            }
        }
        codes
    }
}
