//! Kinds and types: piece ids, codes, tags and values are checked; each
//! kind is a type, and each step of a promotion chain one more (coded
//! `+CODE`, `++CODE` under `repromote`); kind ids and tags become the type
//! sets conditions name.

use super::{Checker, MAX_RANK, MAX_TYPES, covers, first_use, is_name, too_many_types};
use crate::diagnostics::Diagnostic;
use crate::dsl::TypeSet;
use crate::rules::file::RuleFile;
use crate::ruleset::{Kind, PieceType, TypeId};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

/// The kind sets conditions and keys may name.
pub(super) struct KindSets {
    /// Kind ids and tags -> the types they denote (current kind), plus the
    /// built-in `promotes_upward` once movement is compiled.
    pub kinds: BTreeMap<String, TypeSet>,
    /// Kind ids -> the types whose kind before promotion is that kind.
    pub origins: BTreeMap<String, TypeSet>,
    /// Every type.
    pub all: TypeSet,
}

impl Checker<'_> {
    /// The declared tags, each checked as a name.
    pub(super) fn tags(&mut self, f: &RuleFile) -> BTreeSet<String> {
        let tags: BTreeSet<String> = f.tags.keys().map(|k| k.get_ref().clone()).collect();
        for t in f.tags.keys() {
            let n = t.get_ref();
            if !is_name(n) || matches!(n.as_str(), "any" | "none") {
                self.err(
                    t.span(),
                    format!("tag `{n}` must be lower-case letters, digits and `_`, and not `any` or `none`"),
                );
            } else if n == covers::NAME || n == super::PROMOTED_SET {
                self.err(t.span(), format!("`{n}` is reserved: conditions use it as a kind set"));
            }
        }
        tags
    }

    /// The kinds, in file order, and the indices of kinds whose id an
    /// earlier kind already has (that error is enough for them). `None`
    /// when there are too many to go on.
    pub(super) fn kinds(&mut self, f: &RuleFile, tags: &BTreeSet<String>) -> Option<(Vec<Kind>, Vec<usize>)> {
        if let Some(p) = f.pieces.get(MAX_TYPES) {
            self.push(too_many_types(p.id.span()));
            return None;
        }
        let mut kinds: Vec<Kind> = Vec::new();
        let mut seen_ids: BTreeMap<String, Range<usize>> = BTreeMap::new();
        // Kinds whose id an earlier kind already has: that error is enough.
        let mut duplicates: Vec<usize> = Vec::new();
        let mut seen_codes: BTreeMap<String, Range<usize>> = BTreeMap::new();
        for p in &f.pieces {
            let pid = p.id.get_ref();
            if !is_name(pid) {
                self.err(p.id.span(), "piece id must be lower-case letters, digits and `_`");
            }
            if matches!(pid.as_str(), "any" | "none" | covers::NAME | super::PROMOTED_SET) {
                self.err(
                    p.id.span(),
                    format!("`{pid}` is reserved: conditions use it as a kind set"),
                );
            } else if tags.contains(pid) {
                let d = Diagnostic::error(p.id.span(), format!("`{pid}` is already the name of a tag"))
                    .with_help("a piece id and a tag cannot share a name: rename one of them");
                self.push(d);
            }
            if let Some(prev) = first_use(&mut seen_ids, pid, p.id.span()) {
                duplicates.push(kinds.len());
                let line = self.line_of(prev.start);
                self.err(
                    p.id.span(),
                    format!("duplicate piece id `{pid}` (first defined on line {line})"),
                );
            }
            let code = p.code.get_ref();
            if code.is_empty() || code.len() > 4 || !code.chars().all(|c| c.is_ascii_uppercase()) {
                self.err(p.code.span(), "piece code must be 1 to 4 upper-case ASCII letters");
            } else if let Some(prev) = first_use(&mut seen_codes, code, p.code.span()) {
                let line = self.line_of(prev.start);
                self.err(
                    p.code.span(),
                    format!("duplicate piece code `{code}` (first used on line {line})"),
                );
            }
            for t in &p.tags {
                if !tags.contains(t.get_ref()) {
                    let d = Diagnostic::error(t.span(), format!("unknown tag `{}`", t.get_ref()))
                        .suggest(t.get_ref(), tags.iter().map(|s| s.as_str()))
                        .with_help("declare tags in the [tags] table");
                    self.push(d);
                }
            }
            let value = p.value.as_ref().and_then(|v| match i32::try_from(*v.get_ref()) {
                Ok(n) if (1..=1_000_000).contains(&n) => Some(n),
                _ => {
                    let d = Diagnostic::error(v.span(), "piece value must be a whole number from 1 to 1000000")
                        .with_help("values are in hundredths of a pawn-like unit, e.g. `value = 100`");
                    self.push(d);
                    None
                }
            });
            let rank = p.rank.as_ref().map_or(0, |r| match u8::try_from(*r.get_ref()) {
                Ok(n) if n <= MAX_RANK => n,
                _ => {
                    let d = Diagnostic::error(
                        r.span(),
                        format!("a piece's rank must be a whole number from 0 to {MAX_RANK}"),
                    )
                    .with_help("ranks order the pieces a range jump may pass over, e.g. `rank = 1`");
                    self.push(d);
                    0
                }
            });
            kinds.push(Kind {
                id: pid.clone(),
                code: code.clone(),
                names: p.names.clone(),
                tags: p.tags.iter().map(|t| t.get_ref().clone()).collect(),
                promotes_to: None,
                value,
                rank,
                doc: p.doc.clone(),
                records: p.records.clone(),
            });
        }
        let kind_ids: Vec<String> = kinds.iter().map(|k| k.id.clone()).collect();
        for (i, p) in f.pieces.iter().enumerate() {
            if let Some(t) = &p.promotes_to {
                match kind_ids.iter().position(|k| k == t.get_ref()) {
                    Some(k) if k == i => self.err(t.span(), "a piece cannot promote to itself"),
                    Some(k) => kinds[i].promotes_to = Some(k),
                    None => {
                        let d = Diagnostic::error(t.span(), format!("unknown piece `{}`", t.get_ref()))
                            .suggest(t.get_ref(), kind_ids.iter().map(|s| s.as_str()));
                        self.push(d);
                    }
                }
            }
        }
        Some((kinds, duplicates))
    }

    /// Type k is kind k unpromoted; then one type per promotion step.
    /// `None` when there are too many types to go on.
    pub(super) fn types(&mut self, f: &RuleFile, kinds: &[Kind]) -> Option<Vec<PieceType>> {
        let mut types: Vec<PieceType> = kinds
            .iter()
            .enumerate()
            .map(|(k, kind)| PieceType {
                kind: k,
                promoted_from: None,
                promotes_to: None,
                code: kind.code.clone(),
                rank: kind.rank,
            })
            .collect();
        let repromote = self.repromote(f);
        for k in 0..kinds.len() {
            // Follow the promotion chain from kind k: a promoted piece
            // remembers its original kind; it promotes again only if
            // `repromote` allows, and never into a kind it has been.
            let mut prev = k;
            let mut seen = vec![k];
            let mut depth = 1;
            while let Some(t) = kinds[types[prev].kind].promotes_to {
                if seen.contains(&t) || (depth > 1 && !repromote) {
                    break;
                }
                if types.len() == MAX_TYPES {
                    let at = f.pieces[types[prev].kind]
                        .promotes_to
                        .as_ref()
                        .map_or(0..1, |t| t.span());
                    self.push(too_many_types(at).with_help(
                        "every step of a promotion chain is a type of its own; with `repromote`, a chain of n kinds makes about n²/2",
                    ));
                    return None;
                }
                seen.push(t);
                types.push(PieceType {
                    kind: t,
                    promoted_from: Some(k),
                    promotes_to: None,
                    code: format!("{}{}", "+".repeat(depth), kinds[k].code),
                    rank: kinds[t].rank,
                });
                let id = types.len() - 1;
                types[prev].promotes_to = Some(id as TypeId);
                prev = id;
                depth += 1;
            }
        }
        Some(types)
    }
}

impl KindSets {
    pub(super) fn new(kinds: &[Kind], types: &[PieceType], tags: &BTreeSet<String>) -> KindSets {
        let n_types = types.len();
        let mut all_types = TypeSet::with_capacity(n_types);
        for t in 0..n_types {
            all_types.insert(t as TypeId);
        }
        let mut kind_sets: BTreeMap<String, TypeSet> = BTreeMap::new();
        let mut origin_sets: BTreeMap<String, TypeSet> = BTreeMap::new();
        for (t, ty) in types.iter().enumerate() {
            let kind = &kinds[ty.kind];
            kind_sets.entry(kind.id.clone()).or_default().insert(t as TypeId);
            for tag in &kind.tags {
                kind_sets.entry(tag.clone()).or_default().insert(t as TypeId);
            }
            let origin = ty.promoted_from.unwrap_or(ty.kind);
            origin_sets
                .entry(kinds[origin].id.clone())
                .or_default()
                .insert(t as TypeId);
        }
        for tag in tags {
            kind_sets.entry(tag.clone()).or_default();
        }
        for k in kinds {
            origin_sets.entry(k.id.clone()).or_default();
        }
        KindSets {
            kinds: kind_sets,
            origins: origin_sets,
            all: all_types,
        }
    }
}
