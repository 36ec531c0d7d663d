//! Compiles the rule-file tables for effects beyond movement: shooting,
//! killing auras, freezing lines, demotions and promotion side effects.

use super::Checker;
use super::conditions::Context;
use crate::board::{Colour, direction_vocabulary, resolve_direction};
use crate::diagnostics::Diagnostic;
use crate::dsl::{self, Expr, OptionValue, Place, TypeSet};
use crate::rules::file::{RuleFile, Text};
use crate::ruleset::*;

/// Shot conditions compiled so far, by text (`true`: a range, a number).
type ShotConditions = std::collections::HashMap<(bool, String), Expr>;

impl Checker<'_> {
    pub(super) fn effects(
        &mut self,
        f: &RuleFile,
        cx: &Context,
        offsets: &mut Offsets,
        types: &[PieceType],
        programs: &[Vec<Vec<Program>>; 2],
    ) -> Effects {
        // Shooters often share a condition word for word (Ko's guns and
        // bows are all silenced by the same fog): each text is compiled once.
        let mut compiled = ShotConditions::new();
        let shooting: Vec<_> = f
            .pieces
            .iter()
            .map(|p| p.shoot.as_ref().and_then(|s| self.shooting(s, cx, &mut compiled)))
            .collect();
        let auras: Vec<_> = f
            .auras
            .iter()
            .filter_map(|a| {
                // Every part is checked, even of an aura its options turn off.
                let on = a.when.as_ref().is_none_or(|t| self.option_flag(t, cx));
                let aura = KillAura {
                    id: a.id.get_ref().clone(),
                    source: self.kind_set(&a.source, cx),
                    distance: match &a.distance {
                        Some(d) if (1..=35).contains(d.get_ref()) => *d.get_ref() as u8,
                        Some(d) => {
                            self.err(d.span(), "an aura's distance must be between 1 and 35");
                            1
                        }
                        None => 1,
                    },
                    intermediate_landings: a.intermediate_landings.as_ref().is_none_or(|t| self.option_flag(t, cx)),
                    on_creation: a.on_creation.as_ref().is_none_or(|t| self.option_flag(t, cx)),
                    enemies_only: a.enemies_only.as_ref().is_some_and(|t| self.option_flag(t, cx)),
                    meeting: a.meeting.as_ref().map_or(Meeting::MoverDies, |t| {
                        let names = Meeting::NAMES.map(|(n, _)| n);
                        let chosen = self.choice(t, cx, &names);
                        Meeting::NAMES
                            .iter()
                            .find(|(n, _)| *n == chosen)
                            .map_or(Meeting::MoverDies, |(_, m)| *m)
                    }),
                };
                on.then_some(aura)
            })
            .collect();
        let freezes = f
            .freezes
            .iter()
            .map(|z| {
                let lines = self.lines(&z.lines);
                Freeze {
                    id: z.id.get_ref().clone(),
                    source: self.kind_set(&z.source, cx),
                    lines: Colour::BOTH
                        .map(|c| lines.iter().map(|o| offsets.intern(cx.geo, o.for_colour(c))).collect()),
                    mode: match self
                        .choice(&z.mode, cx, &["first_piece", "whole_line", "until_friendly"])
                        .as_str()
                    {
                        "whole_line" => FreezeMode::WholeLine,
                        "until_friendly" => FreezeMode::UntilFriendly,
                        _ => FreezeMode::FirstPiece,
                    },
                }
            })
            .collect();
        let demotions: Vec<_> = f
            .demotions
            .iter()
            .map(|d| Demotion {
                id: d.id.get_ref().clone(),
                kinds: self.kind_set(&d.kinds, cx),
                when: self.condition(&d.when, cx, Place::Piece),
                each_landing: d.each_landing.as_ref().is_none_or(|t| self.option_flag(t, cx)),
            })
            .collect();
        let on_promotions = f
            .on_promotions
            .iter()
            .map(|o| OnPromotion {
                id: o.id.get_ref().clone(),
                kinds: self.kind_set(&o.kinds, cx),
                kill_enemy: o.kill_enemy.as_ref().map(|t| self.kind_set(t, cx)).unwrap_or_default(),
                also_promote: o
                    .also_promote
                    .as_ref()
                    .map(|t| self.kind_set(t, cx))
                    .unwrap_or_default(),
                per_piece: o.per_piece.as_ref().is_some_and(|t| self.option_flag(t, cx)),
            })
            .collect();
        let on_captures = f
            .on_captures
            .iter()
            .filter_map(|o| {
                // Every part is checked, even of a rule its options turn off.
                let on = o.when.as_ref().is_none_or(|t| self.option_flag(t, cx));
                let victims = self.kind_set(&o.victims, cx);
                let except = o.except.as_ref().map(|t| self.kind_set(t, cx)).unwrap_or_default();
                let capturers = o.capturers.as_ref().map(|t| self.kind_set(t, cx));
                let becomes = self.type_code(&o.becomes, types)?;
                on.then_some(OnCapture {
                    id: o.id.get_ref().clone(),
                    victims,
                    capturers,
                    except,
                    becomes,
                })
            })
            .collect();
        let landing_types = landing_types(types, &shooting, &auras, &demotions, programs, offsets);
        Effects {
            shooting,
            auras,
            freezes,
            demotions,
            on_promotions,
            on_captures,
            landing_types,
        }
    }

    fn shooting(
        &mut self,
        s: &crate::rules::file::ShootSpec,
        cx: &Context,
        compiled: &mut ShotConditions,
    ) -> Option<Shooting> {
        let range = match s.range.get_ref() {
            toml::Value::Integer(n) if (1..=35).contains(n) => Expr::Const(*n as i32),
            toml::Value::String(text) => match compiled.get(&(true, text.clone())) {
                Some(e) => e.clone(),
                None => {
                    let t = toml::Spanned::new(s.range.span(), text.clone());
                    match dsl::compile_number(text, self.content_start(&t), &(cx.scope)(Place::Shot)) {
                        Ok(e) => compiled.entry((true, text.clone())).or_insert(e).clone(),
                        Err(errs) => {
                            self.diags.extend(errs);
                            return None;
                        }
                    }
                }
            },
            _ => {
                self.err(
                    s.range.span(),
                    "range must be a number from 1 to 35, or a number-valued expression",
                );
                return None;
            }
        };
        let shots = match &s.shots {
            Some(n) if (1..=2).contains(n.get_ref()) => *n.get_ref() as u8,
            Some(n) => {
                self.err(n.span(), "at most 2 shots per opportunity");
                1
            }
            None => 1,
        };
        let each_leg = match s.after.as_ref().map(|t| t.get_ref().as_str()) {
            None | Some("end") => false,
            Some("each_leg") => true,
            Some(other) => {
                let t = s.after.as_ref().map(|t| t.span()).unwrap_or(0..1);
                self.push(
                    Diagnostic::error(t, format!("unknown `after` value `{other}`"))
                        .suggest(other, ["end", "each_leg"]),
                );
                false
            }
        };
        let over = match &s.over {
            None => Over::Never,
            Some(t) => match self.choice(t, cx, &["never", "any", "exactly_one"]).as_str() {
                "any" => Over::Any,
                "exactly_one" => Over::ExactlyOne,
                _ => Over::Never,
            },
        };
        Some(Shooting {
            range,
            shots,
            each_leg,
            over,
            screen: s.screen.as_ref().map(|t| self.shot_condition(t, cx, compiled)),
            target: s.target.as_ref().map(|t| self.shot_condition(t, cx, compiled)),
            when: s.when.as_ref().map(|t| self.shot_condition(t, cx, compiled)),
        })
    }

    /// A condition of a shot, compiled once per text: a text that compiles
    /// means the same wherever a shooter writes it (a text with errors is
    /// compiled again, so that each place reports its own).
    fn shot_condition(&mut self, t: &Text, cx: &Context, compiled: &mut ShotConditions) -> Expr {
        let key = (false, t.get_ref().clone());
        if let Some(e) = compiled.get(&key) {
            return e.clone();
        }
        match dsl::compile(t.get_ref(), self.content_start(t), &(cx.scope)(Place::Shot)) {
            Ok(e) => compiled.entry(key).or_insert(e).clone(),
            Err(errs) => {
                self.diags.extend(errs);
                Expr::Const(0)
            }
        }
    }

    /// A condition that may depend only on options, folded to a flag.
    pub(super) fn option_flag(&mut self, t: &Text, cx: &Context) -> bool {
        match self.condition(t, cx, Place::Side) {
            Expr::Const(v) => v != 0,
            _ => {
                self.err(t.span(), "this may depend only on options");
                true
            }
        }
    }

    /// One of `allowed`, written literally or as `opt.NAME` of a text option
    /// whose values are all allowed.
    fn choice(&mut self, t: &Text, cx: &Context, allowed: &[&str]) -> String {
        let text = t.get_ref();
        if let Some(name) = text.strip_prefix("opt.") {
            match cx.options.get(name) {
                Some(OptionValue::Enum { value, allowed: values }) => {
                    for v in values {
                        if !allowed.contains(&v.as_str()) {
                            self.err(
                                t.span(),
                                format!(
                                    "option `{name}` has the value `{v}`, which is not one of {}",
                                    allowed.join(", ")
                                ),
                            );
                        }
                    }
                    return value.clone();
                }
                _ => {
                    let d = Diagnostic::error(t.span(), format!("`{name}` is not a text option"))
                        .suggest(name, cx.options.keys().map(|k| k.as_str()));
                    self.push(d);
                    return allowed[0].to_string();
                }
            }
        }
        if !allowed.contains(&text.as_str()) {
            let d = Diagnostic::error(
                t.span(),
                format!("unknown value `{text}`: expected {} or opt.NAME", allowed.join(", ")),
            )
            .suggest(text, allowed.iter().copied());
            self.push(d);
            return allowed[0].to_string();
        }
        text.clone()
    }

    /// A piece type written as in board text (`DV`, `+DV`).
    fn type_code(&mut self, t: &Text, types: &[PieceType]) -> Option<TypeId> {
        let code = t.get_ref().trim();
        let found = types.iter().position(|ty| ty.code.eq_ignore_ascii_case(code));
        if found.is_none() {
            let d = Diagnostic::error(t.span(), format!("no piece type is written `{code}`"))
                .suggest(code, types.iter().map(|ty| ty.code.as_str()))
                .with_help("write a piece code as in board text: `DV`, or `+DV` for a promoted deva");
            self.push(d);
        }
        found.map(|i| i as TypeId)
    }

    /// A kind set written as one name or a `[list]` of names.
    pub(super) fn kind_set(&mut self, t: &Text, cx: &Context) -> TypeSet {
        let text = t.get_ref();
        let base = self.content_start(t);
        let inner = text
            .trim()
            .strip_prefix('[')
            .and_then(|x| x.strip_suffix(']'))
            .unwrap_or(text);
        let mut set = TypeSet::default();
        let mut pos = text.find(inner).unwrap_or(0);
        for word in inner.split(',') {
            let name = word.trim();
            let at = base + pos + word.find(name).unwrap_or(0);
            pos += word.len() + 1;
            match cx.kind_sets.get(name) {
                Some(s) => set.union_with(s),
                // As in conditions: every type, or none.
                None if name == "any" => set.union_with((cx.scope)(Place::Side).all_types),
                None if name == "none" => {}
                None => {
                    let d = Diagnostic::error(
                        at..at + name.len().max(1),
                        format!("unknown piece kind or tag `{name}`"),
                    )
                    .suggest(name, cx.kind_sets.keys().map(|k| k.as_str()));
                    self.push(d);
                }
            }
        }
        set
    }

    fn lines(&mut self, t: &Text) -> Vec<crate::board::Offset> {
        let mut out = Vec::new();
        for word in t.get_ref().split([',', ' ']).filter(|w| !w.is_empty()) {
            match resolve_direction(word) {
                Some(offs) => out.extend(offs),
                None => {
                    let vocab = direction_vocabulary();
                    let d = Diagnostic::error(t.span(), format!("unknown direction `{word}`"))
                        .suggest(word, vocab.iter().copied());
                    self.push(d);
                }
            }
        }
        out
    }
}

/// What a landing of each type can set off, by type id ([`LandingType`]).
fn landing_types(
    types: &[PieceType],
    shooting: &[Option<Shooting>],
    auras: &[KillAura],
    demotions: &[Demotion],
    programs: &[Vec<Vec<Program>>; 2],
    offsets: &Offsets,
) -> Vec<LandingType> {
    (0..types.len())
        .map(|t| {
            let ty = t as TypeId;
            let shoots = shooting.get(types[t].kind).is_some_and(|s| s.is_some());
            let mut lt = LandingType {
                shoots,
                demotable: demotions.iter().any(|d| d.each_landing && d.kinds.contains(ty)),
                // Only a shooter's is asked for.
                reach: if shoots {
                    reach(programs, types[t].kind, offsets)
                } else {
                    u8::MAX
                },
                ..LandingType::default()
            };
            for (i, a) in auras.iter().enumerate().take(8) {
                let source = a.source.contains(ty);
                if !source || a.meeting.mover_dies() {
                    lt.harmed_by |= 1 << i;
                }
                if source && !a.enemies_only {
                    lt.harms_own |= 1 << i;
                }
            }
            lt
        })
        .collect()
}

/// How far from its origin, in king steps, a landing of a piece of `kind`
/// may be: the farthest offset of each leg, times a slide's range, added
/// up over the legs ([`LandingType::reach`]).
fn reach(programs: &[Vec<Vec<Program>>; 2], kind: usize, offsets: &Offsets) -> u8 {
    let mut most = 0u32;
    for p in programs.iter().filter_map(|by_kind| by_kind.get(kind)).flatten() {
        let mut sum = 0u32;
        for l in &p.legs {
            let step = l
                .offsets
                .iter()
                .chain(l.follow.iter().flatten())
                .map(|&o| {
                    offsets.list.get(usize::from(o)).map_or(u32::from(u8::MAX), |d| {
                        u32::from(d.dx.unsigned_abs().max(d.dy.unsigned_abs()))
                    })
                })
                .max()
                .unwrap_or(0);
            sum += match l.mode {
                LegMode::Step | LegMode::Jump => step,
                LegMode::Slide { max: Some(n) } => step * u32::from(n),
                LegMode::Slide { max: None } | LegMode::Anywhere => return u8::MAX,
            };
        }
        most = most.max(sum);
    }
    most.min(u32::from(u8::MAX)) as u8
}
