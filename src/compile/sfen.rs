//! `[sfen]`: the SFEN letter of each kind and the kinds whose last
//! capture the SFEN records; every kind in the setup needs a letter.

use super::Checker;
use crate::board::{Colour, Square};
use crate::diagnostics::Diagnostic;
use crate::dsl::TypeSet;
use crate::rules::file::RuleFile;
use crate::ruleset::{Hands, Kind, PieceType, SfenFormat, TypeId};
use std::collections::{BTreeMap, BTreeSet};

impl Checker<'_> {
    /// Every piece of the setup (hands too) needs an SFEN letter (a promoted one is
    /// written `+` and its original kind's letter), or no position of the
    /// variant could be written as SFEN.
    pub(super) fn sfen_letters_cover_the_setup(
        &mut self,
        f: &RuleFile,
        fmt: &SfenFormat,
        kinds: &[Kind],
        types: &[PieceType],
        setup: &[(Square, Colour, TypeId)],
        hands: &Hands,
    ) {
        let lacking: BTreeSet<usize> = setup
            .iter()
            .map(|(_, _, t)| t)
            .chain(hands.iter().flatten().map(|(t, _)| t))
            .map(|t| {
                let t = &types[usize::from(*t)];
                t.promoted_from.unwrap_or(t.kind)
            })
            .filter(|k| fmt.letters.get(*k).is_some_and(|l| l.is_none()))
            .collect();
        let free: String = ('a'..='z').filter(|c| !fmt.letters.contains(&Some(*c))).collect();
        for k in lacking {
            let id = &kinds[k].id;
            let d = Diagnostic::error(
                f.pieces[k].id.span(),
                format!(
                    "piece `{id}` is in the setup but has no letter in [sfen] `letters`, so SFEN could not write the position"
                ),
            );
            self.push(if free.is_empty() {
                d.with_help("every letter is taken: SFEN has 26 letters, and a promoted piece uses its original's")
            } else {
                d.with_help(format!(
                    "add `{id} = \"x\"` to [sfen] `letters`, with a free letter for x: {free}"
                ))
            });
        }
    }

    pub(super) fn sfen(
        &mut self,
        s: &crate::rules::file::SfenSpec,
        kinds: &[Kind],
        kind_sets: &BTreeMap<String, TypeSet>,
    ) -> SfenFormat {
        let mut letters = vec![None; kinds.len()];
        let mut used: BTreeMap<char, String> = BTreeMap::new();
        for (id, letter) in &s.letters {
            let Some(k) = kinds.iter().position(|k| &k.id == id.get_ref()) else {
                let d = Diagnostic::error(id.span(), format!("unknown piece `{}`", id.get_ref()))
                    .suggest(id.get_ref(), kinds.iter().map(|k| k.id.as_str()));
                self.push(d);
                continue;
            };
            let mut chars = letter.get_ref().chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_lowercase() => {
                    if let Some(prev) = used.insert(c, id.get_ref().clone()) {
                        self.err(letter.span(), format!("letter `{c}` is already used by `{prev}`"));
                    }
                    letters[k] = Some(c);
                }
                _ => self.err(letter.span(), "an SFEN letter must be one lower-case ASCII letter"),
            }
        }
        let last_capture_of = s.last_capture_of.as_ref().map(|t| match kind_sets.get(t.get_ref()) {
            Some(set) => set.clone(),
            None => {
                let d = Diagnostic::error(t.span(), format!("unknown piece kind or tag `{}`", t.get_ref()))
                    .suggest(t.get_ref(), kind_sets.keys().map(|k| k.as_str()));
                self.push(d);
                TypeSet::default()
            }
        });
        SfenFormat {
            letters,
            last_capture_of,
        }
    }
}
