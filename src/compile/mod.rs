//! Load → check → compile: a rule file's text becomes a [`Ruleset`].
//!
//! The checker reports every problem it finds at once, each with its span.
//! Option overrides (from the command line) are applied here, so that
//! conditions can fold options into constants.
//!
//! `Checker::compile` runs the passes in order, each in its own file:
//! kinds and types (`kinds.rs`), options (`options.rs`), movement
//! (`movement.rs`, `leg.rs`, `covers.rs`), conditions (`conditions.rs`),
//! effects (`effects.rs`), drops (`drops.rs`), game end (`victory.rs`),
//! setup (`setup.rs`), SFEN (`sfen.rs`), then the warnings (`lint.rs`),
//! the bounds on moves from one square (`bounds.rs`) and the tables
//! derived from the finished ruleset (`derived.rs`).

mod bounds;
mod conditions;
mod covers;
mod derived;
mod drops;
mod effects;
mod kinds;
mod leg;
mod lint;
mod movement;
mod options;
pub use options::PRESET;
mod setup;
mod sfen;
mod toml_error;
mod tsfen;
mod victory;

pub(crate) use setup::{BoardToken, parse_board, parse_hand};

use crate::board::{Geometry, MAX_SIDE};
use crate::diagnostics::{Diagnostic, Report, Severity, Source};
use crate::dsl::{OptionValue, Scope};
use crate::rules::file::{RuleFile, Text};
use crate::ruleset::*;
use std::collections::BTreeMap;
use std::ops::Range;

/// An option override, as given on the command line (`name=value`, with or
/// without the `<variant>.` prefix).
#[derive(Clone, Debug)]
pub struct OptionOverride {
    pub name: String,
    pub value: String,
}

impl OptionOverride {
    /// `--preset NAME`: an override of the reserved name [`PRESET`]. Its
    /// options are applied before every explicit one, which win.
    pub fn preset(name: &str) -> OptionOverride {
        OptionOverride {
            name: PRESET.to_string(),
            value: name.to_string(),
        }
    }

    /// The overrides of a command line: the preset (if any) first, then
    /// the explicit options.
    pub fn with_preset(preset: Option<&str>, options: &[OptionOverride]) -> Vec<OptionOverride> {
        preset
            .map(OptionOverride::preset)
            .into_iter()
            .chain(options.iter().cloned())
            .collect()
    }
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
        Err(e) => return Err(toml_error::report(source, &e)),
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
            source: Source::new("--option", options::cli_text(overrides)),
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
pub(crate) const MAX_TYPES: usize = 2048;
/// The highest rank a piece may have (`rank`, for range jumps).
pub const MAX_RANK: u8 = 100;

/// The built-in kind set of every promoted type (`captured(promoted)`).
pub(crate) const PROMOTED_SET: &str = "promoted";

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

pub(crate) struct Checker<'a> {
    source: &'a Source,
    pub(crate) src: &'a str,
    pub(crate) diags: Vec<Diagnostic>,
    /// Problems with `--option` overrides, with spans into `options::cli_text`.
    cli: Vec<Diagnostic>,
    /// Option values, once known: for conditions that only options decide.
    opts: BTreeMap<String, OptionValue>,
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
        let geo = self.geometry(f)?;
        let (options, presets, preset) = self.options(f, &id, overrides);
        self.opts = options.iter().map(|(k, v)| (k.clone(), v.value.clone())).collect();
        let tags = self.tags(f);
        self.rule_ids(f);
        let (kinds, duplicates) = self.kinds(f, &tags)?;
        let types = self.types(f, &kinds)?;
        let mut sets = kinds::KindSets::new(&kinds, &types, &tags);
        let (mut offsets, mut programs) = self.programs(f, &geo);
        let upward = covers::promotes_upward(f, &types, &offsets, &programs);
        sets.kinds.insert(covers::NAME.to_string(), upward);
        let mut promoted = crate::dsl::TypeSet::with_capacity(types.len());
        for (t, ty) in types.iter().enumerate() {
            if ty.promoted_from.is_some() {
                promoted.insert(t as TypeId);
            }
        }
        sets.kinds.insert(PROMOTED_SET.to_string(), promoted);

        let opt_values = self.opts.clone();
        let scope = |place| Scope {
            place,
            kinds: &sets.kinds,
            origins: &sets.origins,
            all_types: &sets.all,
            options: &opt_values,
            files: geo.width as i32,
            ranks: geo.height as i32,
        };
        let cx = conditions::Context {
            kind_sets: &sets.kinds,
            options: &opt_values,
            scope: &scope,
            geo: &geo,
        };
        leg::hop_exclusions(self, f, &sets.kinds, &mut programs);
        self.move_conditions(f, &cx, &mut programs);
        let promotion = self.promotion(f, &cx);
        let restrictions = self.restrictions(f, &cx);
        let no_moves = self.no_moves(f, &opt_values);
        let both_lose = self.both_lose(f);
        let effects = self.effects(f, &cx, &mut offsets, &types, &programs);
        let drops = self.drops(f, &cx, &kinds, &types);
        let royals = self.royals(f, &cx);
        let check_up_to = self.check_up_to(f);
        let victory = self.victory(f, &cx, no_moves, both_lose);
        let (repetition, check_set) = self.repetition(f, &options, &sets.kinds);
        let has_effects = effects.any();
        let forbidden_occurrence = self.forbidden_occurrence(f);
        let ending_occurrence = self.ending_occurrence(f);
        let attacks_count_as_check = f
            .repetition
            .as_ref()
            .and_then(|r| r.attacks_count_as_check.as_ref())
            .is_some_and(|t| self.option_flag(t, &cx));

        let setup = setup::setup(self, f, &geo, &kinds, &types);
        let first = setup::first(self, f);
        let setup_hands = setup::hands(self, f, &types, drops.as_ref());
        let before = self.diags.len();
        let sfen = f.sfen.as_ref().map(|s| self.sfen(s, &kinds, &sets.kinds));
        // A misspelt or bad letter is reported already.
        if let Some(fmt) = sfen.as_ref().filter(|_| self.diags.len() == before) {
            self.sfen_letters_cover_the_setup(f, fmt, &kinds, &types, &setup, &setup_hands);
        }
        let tsfen = f.tsfen.as_ref().map(|t| self.tsfen(t, &kinds)).unwrap_or_default();

        let lint = lint::Compiled {
            geo: &geo,
            kinds: &kinds,
            types: &types,
            setup: &setup,
            setup_hands: &setup_hands,
            promotes: promotion.is_some(),
            duplicates: &duplicates,
        };
        lint::warn(self, f, &lint);

        let mut ruleset = Ruleset {
            id,
            names: f.variant.names.clone(),
            description: f.variant.description.clone(),
            xboard_name: f.variant.xboard.as_ref().map(|x| x.get_ref().clone()),
            xboard_parent: f.variant.xboard_parent.as_ref().map(|x| x.get_ref().clone()),
            geometry: geo,
            kinds,
            types,
            programs,
            overlapping: Vec::new(),
            offsets,
            setup,
            setup_hands,
            first,
            promotion,
            restrictions,
            restricted_victims: None,
            victory,
            repetition,
            forbidden_occurrence,
            ending_occurrence,
            attacks_count_as_check,
            check_set,
            sfen,
            tsfen,
            options,
            presets,
            preset,
            zobrist_side: splitmix(0x5eed_0f9a_7ba1),
            tracked_kills: [0; 4],
            reads_last_move: false,
            effects,
            has_effects,
            single_aura: false,
            stuck: [Vec::new(), Vec::new()],
            drops,
            royals,
            check_up_to,
            attack_rays: Default::default(),
            walk_plan: Default::default(),
            check_tables: Default::default(),
        };
        derived::conclude(&mut ruleset);
        self.shots_within_limit(f, &ruleset);
        self.walk_plan_within_limit(f, &ruleset);
        if ruleset.has_effects
            && !ruleset.single_aura
            && matches!(
                ruleset.repetition,
                RepetitionPolicy::ForbidUnlessInCheck | RepetitionPolicy::Forbid
            )
            && let Some(r) = &f.repetition
        {
            // The filter needs each move's resulting position before it is
            // played (`position::hash_after`), which effects make unknowable.
            let name = REPETITION_POLICIES
                .iter()
                .find(|(_, p)| *p == ruleset.repetition)
                .map_or("", |(n, _)| *n);
            self.err(
                r.option.span(),
                format!("the repetition policy `{name}` cannot be used in a variant with shots, demotions, promotion effects or more than one aura: choose another policy"),
            );
        }
        Some(ruleset)
    }

    /// The board's size, each side checked; `None` if either is out of
    /// range (nothing else can be compiled then).
    fn geometry(&mut self, f: &RuleFile) -> Option<Geometry> {
        let (files, ranks) = (*f.board.files.get_ref(), *f.board.ranks.get_ref());
        for (v, s) in [(files, f.board.files.span()), (ranks, f.board.ranks.span())] {
            if !(1..=MAX_SIDE).contains(&v) {
                self.err(s, format!("board sides must be between 1 and {MAX_SIDE}"));
            }
        }
        if !(1..=MAX_SIDE).contains(&files) || !(1..=MAX_SIDE).contains(&ranks) {
            return None;
        }
        Some(Geometry::new(files, ranks))
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

/// SplitMix64's finaliser: the Zobrist keys (`position::hash`) and the
/// hand keys are drawn from it.
pub(crate) fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
