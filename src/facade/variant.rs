//! [`Variant`]: a compiled rule file, with its source kept so that rule
//! options can be set again.

use super::error::{Diagnostic, Error, ErrorKind};
use super::{Colour, Position};
use crate::board::Square;
use crate::compile::{OptionOverride, compile};
use crate::diagnostics::{Source, did_you_mean};
use crate::render::{english_name, option_text, option_values};
use crate::ruleset::{Ruleset, TypeId};
use std::sync::Arc;

/// A variant: its compiled rules. Cloning is cheap (the rules are shared).
///
#[doc = include_str!("../../docs/examples/facade_variant.md")]
#[derive(Clone, Debug)]
pub struct Variant {
    rules: Arc<Ruleset>,
    source: Arc<Source>,
    overrides: Arc<[OptionOverride]>,
    warnings: Arc<[Diagnostic]>,
}

/// A rule option of a variant: its value, default, help and the values it
/// takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantOption {
    pub name: String,
    pub value: String,
    pub default: String,
    /// The option's help, which names its source.
    pub help: String,
    /// Every value it takes (`true`, `false` for a switch).
    pub choices: Vec<String>,
}

/// A kind of piece (or a promoted form of one) of a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    /// Its code, as position text writes it (`+P` for a promoted one).
    pub code: String,
    /// The rule file's id of its kind.
    pub id: String,
    /// Its English name.
    pub name: String,
    /// Whether it is a promoted form.
    pub promoted: bool,
}

impl Variant {
    /// The names of the bundled variants, in order.
    ///
    /// ```
    /// let names = gunbai::Variant::bundled_names();
    /// assert!(names.len() > 10);
    /// assert!(names.windows(2).all(|w| w[0] < w[1]));
    /// ```
    pub fn bundled_names() -> Vec<&'static str> {
        crate::rules::bundled_names()
    }

    /// A bundled variant by name; an unknown name is
    /// [`ErrorKind::UnknownVariant`] (with the nearest name as a hint).
    ///
    #[doc = include_str!("../../docs/examples/facade_variant_bundled.md")]
    pub fn bundled(name: &str) -> Result<Variant, Error> {
        match crate::rules::bundled(name) {
            Some(text) => Variant::compile(Source::new(format!("rules/{name}.toml"), text), Vec::new()),
            None => {
                let names = Variant::bundled_names();
                let hint = did_you_mean(name, names.iter().copied())
                    .map(|n| format!(" Did you mean `{n}`?"))
                    .unwrap_or_default();
                Err(Error::new(
                    ErrorKind::UnknownVariant,
                    format!(
                        "unknown variant `{name}`: bundled variants are {}.{hint}",
                        names.join(", ")
                    ),
                ))
            }
        }
    }

    /// Compiles a rule file's text; `origin` names it in diagnostics. A
    /// file with errors, or longer than the 4 MiB the command line reads,
    /// is [`ErrorKind::InvalidRules`], with every diagnostic; warnings of a file that compiles are
    /// [`Variant::warnings`].
    ///
    #[doc = include_str!("../../docs/examples/facade_variant_from_toml.md")]
    pub fn from_toml(text: &str, origin: &str) -> Result<Variant, Error> {
        let limit = crate::rules::MAX_FILE_BYTES;
        if text.len() as u64 > limit {
            return Err(Error::new(
                ErrorKind::InvalidRules,
                format!(
                    "{origin}: {} bytes, larger than the limit of {} MiB for a rule file",
                    text.len(),
                    limit >> 20
                ),
            ));
        }
        Variant::compile(Source::new(origin, text), Vec::new())
    }

    fn compile(source: Source, overrides: Vec<OptionOverride>) -> Result<Variant, Error> {
        match compile(&source, &overrides) {
            Ok(c) => Ok(Variant {
                rules: Arc::new(c.ruleset),
                warnings: Diagnostic::all_of(&c.warnings).into(),
                source: Arc::new(source),
                overrides: overrides.into(),
            }),
            Err(report) => {
                let kind = if report.source.name == "--option" {
                    ErrorKind::InvalidOption
                } else {
                    ErrorKind::InvalidRules
                };
                Err(Error::from_report(kind, &report))
            }
        }
    }

    /// The same variant with rule options set (`(name, value)`, the name
    /// with or without the `<variant>.` prefix), on top of those already
    /// set. An unknown option or value is [`ErrorKind::InvalidOption`].
    ///
    #[doc = include_str!("../../docs/examples/facade_variant_options.md")]
    pub fn with_options(&self, options: &[(&str, &str)]) -> Result<Variant, Error> {
        let mut overrides: Vec<OptionOverride> = self.overrides.to_vec();
        for &(name, value) in options {
            overrides.retain(|o| o.name != name);
            overrides.push(OptionOverride {
                name: name.to_string(),
                value: value.to_string(),
            });
        }
        Variant::compile((*self.source).clone(), overrides)
    }

    /// The variant's id (`[variant] id`).
    ///
    #[doc = include_str!("../../docs/examples/facade_variant.md")]
    pub fn name(&self) -> &str {
        &self.rules.id
    }

    /// Its English title (the id when the rule file has none).
    ///
    #[doc = include_str!("../../docs/examples/facade_variant.md")]
    pub fn title(&self) -> &str {
        self.rules.names.get("en").unwrap_or(&self.rules.id)
    }

    /// The board's width in files.
    ///
    #[doc = include_str!("../../docs/examples/facade_variant.md")]
    pub fn files(&self) -> u32 {
        self.rules.geometry.width
    }

    /// The board's height in ranks.
    ///
    #[doc = include_str!("../../docs/examples/facade_variant.md")]
    pub fn ranks(&self) -> u32 {
        self.rules.geometry.height
    }

    /// Whether pieces are dropped from the hand.
    ///
    #[doc = include_str!("../../docs/examples/facade_variant.md")]
    pub fn has_drops(&self) -> bool {
        self.rules.drops.is_some()
    }

    /// Whether positions and moves can be written as SFEN and USI.
    ///
    #[doc = include_str!("../../docs/examples/facade_variant.md")]
    pub fn has_usi(&self) -> bool {
        crate::notation::Notation::Usi.check(&self.rules).is_ok()
    }

    /// The rule options, in name order.
    ///
    #[doc = include_str!("../../docs/examples/facade_variant_options.md")]
    pub fn options(&self) -> Vec<VariantOption> {
        self.rules
            .options
            .iter()
            .map(|(name, o)| VariantOption {
                name: name.clone(),
                value: option_text(&o.value),
                default: option_text(&o.default),
                help: o.doc.clone(),
                choices: option_values(&o.default),
            })
            .collect()
    }

    /// The warnings found while compiling (a file with errors does not
    /// compile at all).
    ///
    /// ```
    /// let v = gunbai::Variant::bundled(&gunbai::Variant::bundled_names()[0]).unwrap();
    /// assert!(v.warnings().iter().all(|w| w.severity == gunbai::Severity::Warning));
    /// ```
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }

    /// The rule file's text.
    ///
    #[doc = include_str!("../../docs/examples/facade_variant_from_toml.md")]
    pub fn rules_text(&self) -> &str {
        &self.source.text
    }

    /// Every piece type: each kind, then its promoted forms, in the rule
    /// file's order.
    ///
    #[doc = include_str!("../../docs/examples/facade_variant.md")]
    pub fn piece_kinds(&self) -> Vec<PieceKind> {
        let r = &self.rules;
        (0..r.types.len())
            .map(|ty| {
                let t = &r.types[ty];
                PieceKind {
                    code: t.code.clone(),
                    id: r.kinds[t.kind].id.clone(),
                    name: english_name(r, t.kind).to_string(),
                    promoted: t.promoted_from.is_some(),
                }
            })
            .collect()
    }

    /// The starting position.
    ///
    #[doc = include_str!("../../docs/examples/facade_position.md")]
    pub fn start(&self) -> Position {
        Position::start(self)
    }

    /// The move diagram of a piece (by code, kind id or name) for `colour`
    /// on an empty board, standing on the centre square, as text: one
    /// cell per square, marks as `gunbai diagram` prints them.
    ///
    #[doc = include_str!("../../docs/examples/facade_diagram.md")]
    pub fn piece_diagram_text(&self, piece: &str, colour: Colour) -> Result<String, Error> {
        let (ty, sq) = self.diagram_of(piece)?;
        let map = crate::diagram::move_map(&self.rules, ty, colour, sq);
        Ok(map.render(&self.rules, colour, None))
    }

    /// The move diagram of a piece as [`Variant::piece_diagram_text`]
    /// finds it, as an SVG picture (`gunbai diagram --svg`).
    ///
    #[doc = include_str!("../../docs/examples/facade_diagram.md")]
    pub fn piece_diagram_svg(&self, piece: &str, colour: Colour) -> Result<String, Error> {
        let (ty, sq) = self.diagram_of(piece)?;
        let map = crate::diagram::move_map(&self.rules, ty, colour, sq);
        Ok(crate::render::svg::move_map_svg(&self.rules, ty, colour, &map, None))
    }

    /// The type of a piece named by code, kind id or name, and the centre
    /// square it is drawn on.
    fn diagram_of(&self, piece: &str) -> Result<(TypeId, Square), Error> {
        let r = &self.rules;
        let ty = r
            .type_by_code(piece)
            .or_else(|| r.find_kind(piece).map(|k| r.unpromoted_type(k)))
            .ok_or_else(|| {
                let hint = did_you_mean(piece, r.kinds.iter().map(|k| k.id.as_str()))
                    .map(|n| format!(" Did you mean `{n}`?"))
                    .unwrap_or_default();
                Error::new(
                    ErrorKind::InvalidArgument,
                    format!("no piece `{piece}` in variant `{}`.{hint}", r.id),
                )
            })?;
        let geo = &r.geometry;
        let sq = geo
            .square((geo.width as i32 - 1) / 2, (geo.height as i32 - 1) / 2)
            .unwrap_or(0);
        Ok((ty, sq))
    }

    /// The compiled rules, for the unstable modules.
    pub(crate) fn rules(&self) -> &Arc<Ruleset> {
        &self.rules
    }
}
