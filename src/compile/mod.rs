//! Load → check → compile: a rule file's text becomes a [`Ruleset`].
//!
//! The checker reports every problem it finds at once, each with its span.
//! Option overrides (from the command line) are applied here, so that
//! conditions can fold options into constants.

mod covers;
mod drops;
mod effects;
mod lint;
mod movement;
mod setup;

pub use setup::{BoardToken, parse_board};

use crate::board::{Colour, Geometry, MAX_SIDE, Square};
use crate::diagnostics::{Diagnostic, Report, Severity, Source};
use crate::dsl::{self, OptionValue, Place, Scope, TypeSet};
use crate::rules::file::{RuleFile, Text};
use crate::ruleset::*;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

/// An option override, as given on the command line (`name=value`, with or
/// without the `<variant>.` prefix).
#[derive(Clone, Debug)]
pub struct OptionOverride {
    pub name: String,
    pub value: String,
}

impl std::str::FromStr for OptionOverride {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let (name, value) = s.split_once('=').ok_or_else(|| format!("`{s}`: expected NAME=VALUE"))?;
        Ok(OptionOverride {
            name: name.trim().to_string(),
            value: value.trim().to_string(),
        })
    }
}

/// A compiled ruleset and the warnings found on the way.
pub struct Compiled {
    pub ruleset: Ruleset,
    pub warnings: Report,
}

/// Loads, checks and compiles a rule file.
pub fn compile(source: &Source, overrides: &[OptionOverride]) -> Result<Compiled, Report> {
    let file: RuleFile = match toml::from_str(&source.text) {
        Ok(f) => f,
        Err(e) => {
            // serde reports a missing top-level table with an empty span.
            if let Some(d) = e
                .span()
                .is_none_or(|s| s.is_empty())
                .then(|| unknown_field_in("missing field `", e.message()))
                .flatten()
                .and_then(|table| missing_table(&source.text, &table))
            {
                return Err(Report {
                    source: source.clone(),
                    diagnostics: vec![d],
                });
            }
            let span = e.span().unwrap_or(0..1);
            // serde names Rust types; say what the file should hold.
            let msg = e
                .message()
                .trim()
                .replace("expected u32", "expected a whole number, 0 or more")
                .replace("expected a sequence", "expected an array");
            let mut d = Diagnostic::error(span, msg.clone());
            if let Some(field) = unknown_field(&msg) {
                let expected = expected_fields(&msg);
                d = suggest_name(d, &field, expected.iter().map(|s| s.as_str()));
            }
            return Err(Report {
                source: source.clone(),
                diagnostics: vec![d],
            });
        }
    };
    let mut c = Checker {
        source,
        src: &source.text,
        diags: Vec::new(),
        cli: Vec::new(),
        opts: BTreeMap::new(),
    };
    let ruleset = c.compile(&file, overrides);
    if !c.cli.is_empty() {
        return Err(Report {
            source: Source::new("--option", cli_text(overrides)),
            diagnostics: c.cli,
        });
    }
    let (errors, mut warnings): (Vec<_>, Vec<_>) = c.diags.into_iter().partition(|d| d.severity == Severity::Error);
    warnings.sort_by_key(|d| d.span.start);
    crate::diagnostics::cap(&mut warnings);
    match ruleset {
        Some(r) if errors.is_empty() => Ok(Compiled {
            ruleset: r,
            warnings: Report {
                source: source.clone(),
                diagnostics: warnings,
            },
        }),
        _ => {
            let mut all = errors;
            all.extend(warnings);
            all.sort_by_key(|d| (d.span.start, d.severity));
            crate::diagnostics::cap(&mut all);
            Err(Report {
                source: source.clone(),
                diagnostics: all,
            })
        }
    }
}

/// Most piece types a variant may have: its kinds plus one type per
/// promotion step. Tables are kept per type and square (hash keys, kill
/// history), so the bound keeps a hostile file's memory in check; the
/// largest historical variants need a few hundred.
pub const MAX_TYPES: usize = 2048;

fn too_many_types(span: Range<usize>) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("too many piece types: a variant may have at most {MAX_TYPES} (kinds and their promoted forms)"),
    )
}

/// Records the first place a name is used; on a repeat, returns that first
/// place (not the latest repeat's).
fn first_use(seen: &mut BTreeMap<String, Range<usize>>, name: &str, span: Range<usize>) -> Option<Range<usize>> {
    match seen.get(name) {
        Some(first) => Some(first.clone()),
        None => {
            seen.insert(name.to_string(), span);
            None
        }
    }
}

fn unknown_field(msg: &str) -> Option<String> {
    unknown_field_in("unknown field `", msg)
}

fn unknown_field_in(prefix: &str, msg: &str) -> Option<String> {
    let rest = msg.split(prefix).nth(1)?;
    Some(rest.split('`').next()?.to_string())
}

/// The tables every rule file needs, with what goes in each.
const REQUIRED_TABLES: [(&str, &str); 4] = [
    ("variant", "`id = \"name\"`"),
    ("board", "`files = 9` and `ranks = 9`"),
    ("setup", "`board = \"\"\"...\"\"\"`, one line per rank"),
    ("victory", "`loses_when = \"...\"` and `no_moves = \"loss\"`"),
];

/// A required table the file lacks: said at the end of the file, where it
/// can be added, with what it holds.
fn missing_table(text: &str, table: &str) -> Option<Diagnostic> {
    let (_, holds) = REQUIRED_TABLES.iter().find(|(t, _)| *t == table)?;
    let end = text.trim_end().len();
    let at = text[..end].rfind('\n').map_or(0, |i| i + 1);
    let present: Vec<String> = REQUIRED_TABLES
        .iter()
        .filter(|(t, _)| *t != table)
        .map(|(t, _)| format!("[{t}]"))
        .collect();
    Some(
        Diagnostic::error(at..end.max(at + 1), format!("the file has no `[{table}]` table")).with_help(format!(
            "every rule file needs `[{table}]` (with {holds}) as well as {}",
            present.join(", ")
        )),
    )
}

fn expected_fields(msg: &str) -> Vec<String> {
    msg.split("expected")
        .nth(1)
        .map(|s| s.split('`').skip(1).step_by(2).map(|x| x.to_string()).collect())
        .unwrap_or_default()
}

pub(crate) struct Checker<'a> {
    source: &'a Source,
    pub(crate) src: &'a str,
    pub(crate) diags: Vec<Diagnostic>,
    /// Problems with `--option` overrides, with spans into [`cli_text`].
    cli: Vec<Diagnostic>,
    /// Option values, once known: for conditions that only options decide.
    opts: BTreeMap<String, OptionValue>,
}

/// The overrides as one text (`a=1 b=2`) that option errors point into.
fn cli_text(overrides: &[OptionOverride]) -> String {
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

impl Checker<'_> {
    /// The 1-based line of a byte offset, for "first defined on line N".
    fn line_of(&self, offset: usize) -> usize {
        self.source.line_col(offset).0
    }
    pub(crate) fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }
    pub(crate) fn err(&mut self, span: Range<usize>, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(span, msg));
    }

    /// Byte offset of the first character inside a string value's quotes.
    pub(crate) fn content_start(&self, t: &Text) -> usize {
        let start = t.span().start;
        let raw = &self.src.get(start..).unwrap_or("");
        for q in ["\"\"\"", "'''"] {
            if let Some(rest) = raw.strip_prefix(q) {
                let nl = if rest.starts_with("\r\n") {
                    2
                } else {
                    usize::from(rest.starts_with('\n'))
                };
                return start + 3 + nl;
            }
        }
        if raw.starts_with('"') || raw.starts_with('\'') {
            start + 1
        } else {
            start
        }
    }

    fn compile(&mut self, f: &RuleFile, overrides: &[OptionOverride]) -> Option<Ruleset> {
        let id = f.variant.id.get_ref().clone();
        if !is_name(&id) {
            self.err(
                f.variant.id.span(),
                "variant id must be lower-case letters, digits and `_`",
            );
        }
        let (files, ranks) = (*f.board.files.get_ref(), *f.board.ranks.get_ref());
        for (v, s) in [(files, f.board.files.span()), (ranks, f.board.ranks.span())] {
            if !(1..=MAX_SIDE).contains(&v) {
                self.err(s, format!("board sides must be between 1 and {MAX_SIDE}"));
            }
        }
        if !(1..=MAX_SIDE).contains(&files) || !(1..=MAX_SIDE).contains(&ranks) {
            return None;
        }
        let geo = Geometry::new(files, ranks);
        let options = self.options(f, &id, overrides);
        self.opts = options.iter().map(|(k, v)| (k.clone(), v.value.clone())).collect();
        let tags: BTreeSet<String> = f.tags.keys().map(|k| k.get_ref().clone()).collect();
        for t in f.tags.keys() {
            let n = t.get_ref();
            if !is_name(n) || matches!(n.as_str(), "any" | "none") {
                self.err(
                    t.span(),
                    format!("tag `{n}` must be lower-case letters, digits and `_`, and not `any` or `none`"),
                );
            } else if n == covers::NAME {
                self.err(t.span(), format!("`{n}` is reserved: conditions use it as a kind set"));
            }
        }
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

        // Kinds.
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
            if matches!(pid.as_str(), "any" | "none" | covers::NAME) {
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
            kinds.push(Kind {
                id: pid.clone(),
                code: code.clone(),
                names: p.names.clone(),
                tags: p.tags.iter().map(|t| t.get_ref().clone()).collect(),
                promotes_to: None,
                value,
                doc: p.doc.clone(),
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

        // Types: type k is kind k unpromoted; then one type per promotion.
        let mut types: Vec<PieceType> = kinds
            .iter()
            .enumerate()
            .map(|(k, kind)| PieceType {
                kind: k,
                promoted_from: None,
                promotes_to: None,
                code: kind.code.clone(),
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
                });
                let id = types.len() - 1;
                types[prev].promotes_to = Some(id as TypeId);
                prev = id;
                depth += 1;
            }
        }
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
        for tag in &tags {
            kind_sets.entry(tag.clone()).or_default();
        }
        for k in &kinds {
            origin_sets.entry(k.id.clone()).or_default();
        }

        // Movement.
        let mut offsets = Offsets {
            list: Vec::new(),
            next: Vec::new(),
            squares: geo.len(),
        };
        let mut programs: [Vec<Vec<Program>>; 2] = [Vec::new(), Vec::new()];
        for p in &f.pieces {
            for colour in Colour::BOTH {
                let progs = p
                    .moves
                    .iter()
                    .filter_map(|m| movement::program(self, m, &p.id, &geo, &mut offsets, colour))
                    .collect();
                programs[colour.index()].push(progs);
            }
        }
        for (p, progs) in f.pieces.iter().zip(&programs[Colour::Black.index()]) {
            let paths = progs
                .iter()
                .map(|prog| movement::paths_bound(prog, &offsets, &geo))
                .fold(0u64, u64::saturating_add);
            let span = p.id.span();
            if paths > movement::MAX_PATHS {
                let d = Diagnostic::error(
                    span,
                    format!(
                        "piece `{}` can make up to {paths} different paths from one square on this board; the limit is {}",
                        p.id.get_ref(),
                        movement::MAX_PATHS
                    ),
                )
                .with_help("limit the slides' `range`, or use fewer legs");
                self.push(d);
            } else if paths > movement::WARN_PATHS {
                self.push(Diagnostic::warning(
                    span,
                    format!(
                        "piece `{}` can make up to {paths} different paths from one square on this board, which is slow to generate",
                        p.id.get_ref()
                    ),
                ));
            }
        }
        if offsets.list.len() > 250 {
            self.err(0..1, "too many distinct movement offsets (at most 250)");
        }
        // The built-in kind set `promotes_upward` (see covers.rs), judged on
        // Black's programs (White's are their mirror image).
        let mut upward = TypeSet::with_capacity(n_types);
        let progs = &programs[Colour::Black.index()];
        let conditional = |k: usize| -> Vec<bool> { f.pieces[k].moves.iter().map(|m| m.when.is_some()).collect() };
        for (t, ty) in types.iter().enumerate() {
            let Some(up) = ty.promotes_to else { continue };
            let (small, big) = (ty.kind, types[usize::from(up)].kind);
            let aligned = |k: usize| progs[k].len() == f.pieces[k].moves.len();
            if aligned(small)
                && aligned(big)
                && covers::covers(
                    &offsets,
                    &progs[big],
                    &conditional(big),
                    &progs[small],
                    &conditional(small),
                )
            {
                upward.insert(t as TypeId);
            }
        }
        kind_sets.insert(covers::NAME.to_string(), upward);

        // Conditions.
        let opt_values: BTreeMap<String, OptionValue> =
            options.iter().map(|(k, v)| (k.clone(), v.value.clone())).collect();
        let scope = |place| Scope {
            place,
            kinds: &kind_sets,
            origins: &origin_sets,
            all_types: &all_types,
            options: &opt_values,
            files: files as i32,
            ranks: ranks as i32,
        };
        let cond = |c: &mut Checker, t: &Text, place: Place| -> dsl::Expr {
            let base = c.content_start(t);
            match dsl::compile(t.get_ref(), base, &scope(place)) {
                Ok(e) => e,
                Err(errs) => {
                    c.diags.extend(errs);
                    dsl::Expr::Const(0)
                }
            }
        };
        // Move conditions: options fold now; a move whose condition is false
        // for these options is dropped.
        for (k, p) in f.pieces.iter().enumerate() {
            for (j, m) in p.moves.iter().enumerate().rev() {
                let Some(t) = &m.when else { continue };
                let when = cond(self, t, Place::Move);
                for colour in Colour::BOTH {
                    let progs = &mut programs[colour.index()][k];
                    if j < progs.len() {
                        match when {
                            dsl::Expr::Const(0) => {
                                progs.remove(j);
                            }
                            dsl::Expr::Const(_) => {}
                            ref e => progs[j].when = Some(e.clone()),
                        }
                    }
                }
            }
        }
        let promotion = f.promotion.as_ref().map(|p| {
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
                may: cond(self, &p.may, Place::Promotion),
                must: p
                    .must
                    .as_ref()
                    .map(|m| cond(self, m, Place::Promotion))
                    .unwrap_or(dsl::Expr::Const(0)),
                revert_on_move: p.revert_on_move,
                revert_when: p
                    .revert_when
                    .as_ref()
                    .map(|m| cond(self, m, Place::Promotion))
                    .unwrap_or(dsl::Expr::Const(0)),
            }
        });
        let mut restrictions = Vec::new();
        for r in &f.restrictions {
            let forbid = cond(self, &r.forbid_capture, Place::Capture);
            let guard = dsl::victim_guard(&forbid);
            restrictions.push(Restriction {
                id: r.id.get_ref().clone(),
                doc: r.doc.clone(),
                forbid,
                guard,
            });
        }
        let restricted_victims = restrictions
            .iter()
            .try_fold(TypeSet::with_capacity(n_types), |mut acc, r| {
                acc.union_with(r.guard.as_ref()?);
                Some(acc)
            });
        // `no_moves` may name a text option whose value is the result.
        let no_moves_text = match f.victory.no_moves.get_ref().strip_prefix("opt.") {
            Some(name) => match opt_values.get(name) {
                Some(OptionValue::Enum { value, .. }) => value.clone(),
                _ => {
                    let d = Diagnostic::error(f.victory.no_moves.span(), format!("`{name}` is not a text option"))
                        .suggest(name, opt_values.keys().map(|k| k.as_str()));
                    self.push(d);
                    "loss".to_string()
                }
            },
            None => f.victory.no_moves.get_ref().clone(),
        };
        let no_moves = match no_moves_text.as_str() {
            "loss" => Result3::Loss,
            "draw" => Result3::Draw,
            "win" => Result3::Win,
            other => {
                let d = Diagnostic::error(f.victory.no_moves.span(), format!("unknown result `{other}`"))
                    .suggest(other, ["loss", "draw", "win"]);
                self.push(d);
                Result3::Loss
            }
        };
        let both_lose = match f.victory.both_lose.as_ref().map(|t| (t.span(), t.get_ref().as_str())) {
            None | Some((_, "draw")) => BothLose::Draw,
            Some((_, "mover_loses")) => BothLose::MoverLoses,
            Some((span, other)) => {
                self.push(
                    Diagnostic::error(span, format!("unknown value `{other}`")).suggest(other, ["draw", "mover_loses"]),
                );
                BothLose::Draw
            }
        };
        let overlapping = programs[Colour::Black.index()]
            .iter()
            .map(|progs| movement::overlapping(progs, &offsets))
            .collect();
        let drops_and_royals;
        let effects = {
            let cx = effects::Context {
                kind_sets: &kind_sets,
                options: &opt_values,
                scope: &scope,
                geo: &geo,
            };
            let effects = self.effects(f, &cx, &mut offsets);
            drops_and_royals = (self.drops(f, &cx, &kinds, &types), self.royals(f, &cx));
            effects
        };
        let has_effects = effects.shooting.iter().any(|s| s.is_some())
            || !effects.auras.is_empty()
            || !effects.demotions.is_empty()
            || !effects.on_promotions.is_empty();
        let victory = Victory {
            both_lose,
            loses_when: cond(self, &f.victory.loses_when, Place::Side),
            no_moves,
            wins: f
                .victory
                .wins_when
                .iter()
                .map(|w| Win {
                    id: w.id.get_ref().clone(),
                    condition: cond(self, &w.condition, Place::Side),
                    answerable: w.answerable,
                })
                .collect(),
        };
        let (repetition, check_set) = self.repetition(f, &options, &kind_sets);
        if has_effects
            && repetition == RepetitionPolicy::ForbidUnlessInCheck
            && let Some(r) = &f.repetition
        {
            // The filter needs each move's resulting position before it is
            // played (`position::hash_after`), which effects make unknowable.
            self.err(
                r.option.span(),
                "the repetition policy `forbid-unless-in-check` cannot be used in a variant with shots, auras, demotions or promotion effects: choose another policy",
            );
        }

        // Setup.
        let setup = setup::setup(self, f, &geo, &kinds, &types);
        let first = match f.setup.first.get_ref().as_str() {
            "black" => Colour::Black,
            "white" => Colour::White,
            other => {
                self.err(
                    f.setup.first.span(),
                    format!("`first` must be `black` or `white`, not `{other}`"),
                );
                Colour::Black
            }
        };
        let before = self.diags.len();
        let sfen = f.sfen.as_ref().map(|s| self.sfen(s, &kinds, &kind_sets));
        // A misspelt or bad letter is reported already.
        if let Some(fmt) = sfen.as_ref().filter(|_| self.diags.len() == before) {
            self.sfen_letters_cover_the_setup(f, fmt, &kinds, &types, &setup);
        }
        let mut tracked_kills = [0u64; 4];
        let mut reads_last_move = false;
        {
            let mut exprs: Vec<&dsl::Expr> = restrictions.iter().map(|r| &r.forbid).collect();
            exprs.push(&victory.loses_when);
            exprs.extend(victory.wins.iter().map(|w| &w.condition));
            if let Some(p) = &promotion {
                exprs.extend([&p.may, &p.must]);
            }
            for side in &programs {
                for progs in side {
                    exprs.extend(progs.iter().filter_map(|p| p.when.as_ref()));
                }
            }
            exprs.extend(effects.demotions.iter().map(|d| &d.when));
            exprs.extend(drops_and_royals.0.iter().filter_map(|d| d.forbid.as_ref()));
            for s in effects.shooting.iter().flatten() {
                exprs.push(&s.range);
                exprs.extend(s.screen.iter().chain(&s.target).chain(&s.when));
            }
            for e in exprs {
                reads_last_move |= dsl::reads_last_move(e);
                dsl::killed_sets(e, &mut |set| {
                    for t in set.iter().filter(|t| *t < 256) {
                        tracked_kills[usize::from(t >> 6)] |= 1 << (t & 63);
                    }
                });
            }
        }

        // Warnings: kinds that can never be on the board, options never read.
        let mut reachable: BTreeSet<usize> = setup.iter().map(|(_, _, t)| types[usize::from(*t)].kind).collect();
        // A promoted piece turns back into its original kind when it goes
        // to a hand or reverts on moving.
        if f.drops.is_some()
            || f.promotion
                .as_ref()
                .is_some_and(|p| p.revert_on_move || p.revert_when.is_some())
        {
            reachable.extend(
                setup
                    .iter()
                    .filter_map(|(_, _, t)| types[usize::from(*t)].promoted_from),
            );
        }
        // A kind that captured pieces join the hand as (`hand_kind`).
        if let Some(d) = &f.drops {
            reachable.extend(
                d.hand_kind
                    .values()
                    .filter_map(|to| kinds.iter().position(|k| k.id == *to.get_ref())),
            );
        }
        let mut grew = true;
        while grew {
            grew = false;
            for (k, kind) in kinds.iter().enumerate() {
                if reachable.contains(&k)
                    && let Some(t) = kind.promotes_to
                {
                    grew |= reachable.insert(t);
                }
            }
        }
        for (k, p) in f.pieces.iter().enumerate() {
            // A kind that unreachable kinds promote to: `lint` says which.
            if !reachable.contains(&k) && !kinds.iter().any(|s| s.promotes_to == Some(k)) && !duplicates.contains(&k) {
                self.push(Diagnostic::warning(
                    p.id.span(),
                    format!(
                        "piece `{}` is not in the setup and no piece promotes to it",
                        kinds[k].id
                    ),
                ));
            }
        }
        let mut read: BTreeSet<String> = BTreeSet::new();
        let mut texts: Vec<&Text> = f.restrictions.iter().map(|r| &r.forbid_capture).collect();
        texts.push(&f.victory.loses_when);
        texts.extend(f.victory.wins_when.iter().map(|w| &w.condition));
        if let Some(p) = &f.promotion {
            texts.push(&p.may);
            texts.extend(p.must.as_ref());
            texts.extend(p.repromote.as_ref());
        }
        texts.push(&f.victory.no_moves);
        texts.extend(f.drops.as_ref().and_then(|d| d.forbid.as_ref()));
        texts.extend(f.victory.both_lose.as_ref());
        for p in &f.pieces {
            texts.extend(p.moves.iter().filter_map(|m| m.when.as_ref()));
            texts.extend(p.moves.iter().filter_map(|m| m.only_over_own.as_ref()));
            texts.extend(
                p.moves
                    .iter()
                    .flat_map(|m| m.legs.iter().flatten())
                    .filter_map(|l| l.only_over_own.as_ref()),
            );
            if let Some(s) = &p.shoot {
                texts.extend(
                    s.over
                        .iter()
                        .chain(&s.screen)
                        .chain(&s.target)
                        .chain(&s.when)
                        .chain(&s.after),
                );
                if let toml::Value::String(r) = s.range.get_ref() {
                    read.extend(dsl::mentioned_options(r));
                }
            }
        }
        for a in &f.auras {
            texts.extend(a.intermediate_landings.iter().chain(&a.on_creation));
        }
        texts.extend(f.freezes.iter().map(|z| &z.mode));
        texts.extend(f.demotions.iter().map(|d| &d.when));
        texts.extend(f.on_promotions.iter().filter_map(|o| o.per_piece.as_ref()));
        for t in texts {
            read.extend(dsl::mentioned_options(t.get_ref()));
        }
        if let Some(r) = &f.repetition {
            read.insert(r.option.get_ref().clone());
        }
        for k in f.options.keys() {
            if !read.contains(k.get_ref()) {
                self.push(Diagnostic::warning(
                    k.span(),
                    format!("option `{}` is never read by any condition", k.get_ref()),
                ));
            }
        }
        let lint = lint::Compiled {
            geo: &geo,
            kinds: &kinds,
            types: &types,
            setup: &setup,
            promotes: promotion.is_some(),
        };
        lint::warn(self, f, &lint);

        let zobrist = zobrist_keys((n_types + 1) * 2 + 2, geo.len());
        let stuck = drops::stuck_table(&programs, &offsets, geo.len());
        Some(Ruleset {
            id,
            names: f.variant.names.clone(),
            description: f.variant.description.clone(),
            xboard_name: f.variant.xboard.as_ref().map(|x| x.get_ref().clone()),
            geometry: geo,
            kinds,
            types,
            programs,
            overlapping,
            offsets,
            setup,
            first,
            promotion,
            restrictions,
            restricted_victims,
            victory,
            repetition,
            check_set,
            sfen,
            options,
            zobrist_side: splitmix(0x5eed_0f9a_7ba1),
            tracked_kills,
            reads_last_move,
            shooting: effects.shooting,
            auras: effects.auras,
            freezes: effects.freezes,
            demotions: effects.demotions,
            on_promotions: effects.on_promotions,
            has_effects,
            zobrist,
            stuck,
            drops: drops_and_royals.0,
            royals: drops_and_royals.1,
        })
    }

    /// `[promotion] repromote`: folded with the options to true or false.
    fn repromote(&mut self, f: &RuleFile) -> bool {
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

    fn options(&mut self, f: &RuleFile, variant: &str, overrides: &[OptionOverride]) -> BTreeMap<String, OptionInfo> {
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

    fn repetition(
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

    /// Every piece of the setup needs an SFEN letter (a promoted one is
    /// written `+` and its original kind's letter), or no position of the
    /// variant could be written as SFEN.
    fn sfen_letters_cover_the_setup(
        &mut self,
        f: &RuleFile,
        fmt: &SfenFormat,
        kinds: &[Kind],
        types: &[PieceType],
        setup: &[(Square, Colour, TypeId)],
    ) {
        let lacking: BTreeSet<usize> = setup
            .iter()
            .map(|(_, _, t)| {
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

    fn sfen(
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

/// Adds a "did you mean" for a misspelt name, or for a name that is the
/// start of a longer one (`forbid` for `forbid_capture`, `orthogonal`
/// for `orth`).
pub(crate) fn suggest_name<'a>(
    d: Diagnostic,
    wrong: &str,
    candidates: impl IntoIterator<Item = &'a str> + Clone,
) -> Diagnostic {
    if let Some(best) = crate::diagnostics::did_you_mean(wrong, candidates.clone()) {
        return d.with_help(format!("did you mean `{best}`?"));
    }
    let (w, n) = (wrong.to_ascii_lowercase(), wrong.chars().count());
    let mut prefixed = candidates.into_iter().filter(|c| {
        let c = c.to_ascii_lowercase();
        n >= 3 && c.len() >= 3 && (c.starts_with(&w) || w.starts_with(&c))
    });
    match (prefixed.next(), prefixed.next()) {
        (Some(only), None) => d.with_help(format!("did you mean `{only}`?")),
        _ => d,
    }
}

/// Ids, option names and tags: lower-case ASCII letters, digits and `_`.
fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

pub(super) fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn zobrist_keys(cells: usize, squares: usize) -> Vec<u64> {
    (0..cells * squares)
        .map(|i| splitmix((i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D).wrapping_add(1)))
        .collect()
}
