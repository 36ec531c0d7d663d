//! Compiles one leg of a move: its kind (step, slide, jump, anywhere),
//! directions or offsets, capture mode, relation to the previous leg, and
//! the keys for passing over pieces.

use super::Checker;
use super::movement::{LegFields, is_straight};
use crate::board::{Colour, Geometry, Offset, direction_vocabulary, resolve_direction};
use crate::diagnostics::Diagnostic;
use crate::dsl::TypeSet;
use crate::rules::file::{RuleFile, Text};
use crate::ruleset::*;
use std::collections::BTreeMap;
use toml::Spanned;

#[allow(clippy::too_many_arguments)]
pub(super) fn leg(
    c: &mut Checker,
    s: &LegFields,
    index: usize,
    piece: &Text,
    geo: &Geometry,
    offsets: &mut Offsets,
    colour: Colour,
    report: bool,
) -> Option<Leg> {
    let given = [
        s.step.is_some(),
        s.slide.is_some(),
        s.jump.is_some(),
        s.anywhere.is_some(),
    ]
    .iter()
    .filter(|b| **b)
    .count();
    let any_span = s.span().unwrap_or_else(|| piece.span());
    if given != 1 {
        if report {
            c.err(
                any_span,
                "each move or leg needs exactly one of `step`, `slide`, `jump` or `anywhere`",
            );
        }
        return None;
    }
    let mut rel_offsets: Vec<Offset> = Vec::new();
    let mode;
    if let Some(a) = &s.anywhere {
        if !*a.get_ref() {
            if report {
                c.err(
                    a.span(),
                    "`anywhere` can only be `true`: leave it out for another kind of leg",
                );
            }
            return None;
        }
        mode = LegMode::Anywhere;
        for (key, given) in [
            ("range", s.range.as_ref().map(|r| r.span())),
            ("symmetry", s.symmetry.as_ref().map(|t| t.span())),
        ] {
            if let Some(span) = given
                && report
            {
                c.err(
                    span,
                    format!("`{key}` does not apply to `anywhere`, which reaches every square"),
                );
            }
        }
    } else if let Some(dirs) = &s.step.as_ref().or(s.slide.as_ref()) {
        rel_offsets = directions(c, dirs, report)?;
        if s.step.is_some() {
            mode = LegMode::Step;
            if let Some(r) = &s.range
                && report
            {
                c.err(r.span(), "`range` belongs to a slide; a step always goes one square");
            }
        } else {
            let max = match &s.range {
                Some(r) => {
                    let v = *r.get_ref();
                    if v == 0 || v > 64 {
                        if report {
                            c.err(r.span(), "range must be between 1 and 64");
                        }
                        return None;
                    }
                    Some(v as u8)
                }
                None => None,
            };
            mode = LegMode::Slide { max };
        }
        if let Some(sym) = &s.symmetry
            && report
        {
            c.err(
                sym.span(),
                "`symmetry` belongs to a jump; directions already name every side",
            );
        }
    } else {
        let jumps = s.jump.as_ref()?;
        mode = LegMode::Jump;
        let sym = s.symmetry.as_ref().map(|t| t.get_ref().as_str()).unwrap_or("none");
        for [dx, dy] in jumps.get_ref() {
            let (dx, dy) = (*dx, *dy);
            // `unsigned_abs`: `i32::MIN` has no `abs`.
            if dx.unsigned_abs() > 35 || dy.unsigned_abs() > 35 || (dx == 0 && dy == 0) {
                if report {
                    c.err(
                        jumps.span(),
                        "jump offsets must be non-zero and at most 35 squares in each direction",
                    );
                }
                return None;
            }
            let Some(images) = jump_images(sym, dx as i8, dy as i8) else {
                if report && let Some(t) = &s.symmetry {
                    let d = Diagnostic::error(t.span(), format!("unknown symmetry `{sym}`"))
                        .suggest(sym, SYMMETRIES)
                        .with_help("none | mirror (left-right) | vertical (forward-back) | both | all (8-fold)");
                    c.push(d);
                }
                return None;
            };
            for o in images {
                if !rel_offsets.contains(&o) {
                    rel_offsets.push(o);
                }
            }
        }
        if let Some(r) = &s.range
            && report
        {
            c.err(r.span(), "`range` belongs to a slide");
        }
    }
    let capture = match s.capture.as_ref().map(|t| t.get_ref().as_str()) {
        None | Some("may") => CaptureMode::May,
        Some("never") => CaptureMode::Never,
        Some("must") => CaptureMode::Must,
        Some(other) => {
            if report && let Some(t) = &s.capture {
                let d = Diagnostic::error(t.span(), format!("unknown capture mode `{other}`"))
                    .suggest(other, ["may", "never", "must"]);
                c.push(d);
            }
            return None;
        }
    };
    let relation = match s.direction {
        None => Relation::Any,
        Some(t) => match RELATION_NAMES.iter().find(|(n, _)| n == t.get_ref()) {
            Some((_, r)) if index > 0 => *r,
            Some(_) => {
                if report {
                    c.err(t.span(), "the first leg has no previous leg to relate its direction to");
                }
                return None;
            }
            None => {
                if report {
                    let d = Diagnostic::error(t.span(), format!("unknown direction relation `{}`", t.get_ref()))
                        .suggest(t.get_ref(), RELATION_NAMES.iter().map(|(n, _)| *n));
                    c.push(d);
                }
                return None;
            }
        },
    };
    if index == 0 && s.optional && report {
        // `optional` on the first leg would allow an empty move.
        c.err(any_span.clone(), "the first leg cannot be optional");
    }
    let offsets_idx = rel_offsets
        .iter()
        .map(|o| offsets.intern(geo, o.for_colour(colour)))
        .collect();
    let only_over_own = match &s.only_over_own {
        Some(t) if mode != LegMode::Jump => {
            if report {
                c.err(t.span(), "`only_over_own` belongs to a jump");
            }
            false
        }
        Some(t) => {
            let on = c.options_condition(t);
            if on
                && rel_offsets
                    .iter()
                    .any(|o| !(o.dx == 0 || o.dy == 0 || o.dx.abs() == o.dy.abs()))
            {
                if report {
                    c.err(t.span(), "`only_over_own` needs straight jumps (along a line), so that the squares passed over are defined");
                }
                return None;
            }
            on
        }
        None => false,
    };
    let pass = pass(c, s, mode, report)?;
    let over_lower = rank_jump(c, s, mode, report);
    let captures_passed = match &s.captures_passed {
        Some(t) if pass == Pass::NONE && over_lower.is_none() && mode != LegMode::Jump => {
            if report {
                c.err(
                    t.span(),
                    "`captures_passed` belongs to a slide that passes over pieces (`over_lower_rank`, `pass_over` or `pass_within`) or to a jump",
                );
            }
            return None;
        }
        Some(t) => {
            let on = c.options_condition(t);
            if on && mode == LegMode::Jump && !rel_offsets.iter().all(|&o| is_straight(o)) {
                if report {
                    c.err(
                        t.span(),
                        "a jump with `captures_passed` needs straight offsets (along a line), so that the squares it passes over are defined",
                    );
                }
                return None;
            }
            on
        }
        None => false,
    };
    let spares_own = match &s.spares_own {
        Some(t) if s.captures_passed.is_none() => {
            if report {
                c.err(t.span(), "`spares_own` belongs to a range capture (`captures_passed`)");
            }
            return None;
        }
        Some(t) => c.options_condition(t),
        None => false,
    };
    let lands_on_own = match &s.lands_on_own {
        Some(t) if s.captures_passed.is_none() || over_lower.is_none() => {
            if report {
                c.err(
                    t.span(),
                    "`lands_on_own` belongs to a range capture over lower ranks (`over_lower_rank` with `captures_passed`)",
                );
            }
            return None;
        }
        Some(t) => c.options_condition(t),
        None => false,
    };
    let unattacked = s.unattacked.as_ref().is_some_and(|t| c.options_condition(t));
    let hop = hop(c, s, mode, report)?;
    Some(Leg {
        mode,
        walk: LegWalk::of(mode, only_over_own, pass, over_lower, captures_passed, hop.is_some()),
        judged: mode == LegMode::Anywhere || unattacked,
        offsets: offsets_idx,
        relation,
        follow: Vec::new(),
        capture,
        only_over_own,
        pass,
        captures_passed,
        spares_own: captures_passed && spares_own,
        lands_on_own: captures_passed && lands_on_own,
        over_lower,
        can_stop_after: false,
        unattacked,
        hop,
    })
}

/// The values `hop` takes.
const HOPS: [&str; 2] = ["beyond", "behind"];

/// A slide's `hop` (its exclusions, `screen_not` and `victim_not`, name
/// kinds and are resolved later by [`hop_exclusions`]). A hop passes
/// exactly one piece, so it takes none of the other keys for passing.
fn hop(c: &mut Checker, s: &LegFields, mode: LegMode, report: bool) -> Option<Option<Box<Hop>>> {
    let Some(t) = &s.hop else {
        for (key, given) in [("screen_not", &s.screen_not), ("victim_not", &s.victim_not)] {
            if let Some(g) = given
                && report
            {
                let d = Diagnostic::error(g.span(), format!("`{key}` needs `hop`"))
                    .with_help("it names the kinds a hop may not jump over (`screen_not`) or take (`victim_not`)");
                c.push(d);
            }
        }
        return Some(None);
    };
    let behind = match t.get_ref().as_str() {
        "beyond" => false,
        "behind" => true,
        other => {
            if report {
                let d = Diagnostic::error(t.span(), format!("unknown hop `{other}`"))
                    .suggest(other, HOPS)
                    .with_help("beyond (any square past the screen, up to the next piece) | behind (only the square right behind it)");
                c.push(d);
            }
            return None;
        }
    };
    let LegMode::Slide { max } = mode else {
        if report {
            c.err(
                t.span(),
                "`hop` belongs to a slide: the piece slides to the screen and on past it",
            );
        }
        return None;
    };
    let others = [
        ("pass_over", s.pass_over.as_ref().map(|v| v.span())),
        ("pass_within", s.pass_within.as_ref().map(|v| v.span())),
        ("over_lower_rank", s.over_lower_rank.as_ref().map(|v| v.span())),
        ("captures_passed", s.captures_passed.as_ref().map(|v| v.span())),
    ];
    if let Some((key, Some(span))) = others.into_iter().find(|(_, span)| span.is_some()) {
        if report {
            let d = Diagnostic::error(span, format!("`{key}` cannot be combined with `hop`"))
                .with_help("a hop passes exactly one piece, its screen, which stays on the board");
            c.push(d);
        }
        return None;
    }
    if max == Some(1) {
        if report && let Some(r) = &s.range {
            c.err(
                r.span(),
                "a hop needs `range` of at least 2: one square for the screen, one to land on",
            );
        }
        return None;
    }
    Some(Some(Box::new(Hop {
        behind,
        screen_not: TypeSet::default(),
        victim_not: TypeSet::default(),
    })))
}

/// Resolves every hop's `screen_not` and `victim_not` into type sets, once
/// the kinds and tags are known. An unknown name is reported once, with a
/// suggestion.
pub(super) fn hop_exclusions(
    c: &mut Checker,
    f: &RuleFile,
    kind_sets: &BTreeMap<String, TypeSet>,
    programs: &mut super::movement::Programs,
) {
    // Every name is checked, also on moves that did not compile.
    for keys in f.pieces.iter().flat_map(|p| &p.moves).flat_map(|m| m.leg_keys()) {
        for t in [&keys.screen_not, &keys.victim_not].into_iter().flatten() {
            kind_names(c, t, kind_sets, true);
        }
    }
    for colour in Colour::BOTH {
        for (k, p) in f.pieces.iter().enumerate() {
            let progs = &mut programs[colour.index()][k];
            // A move that did not compile is left out, and then the file
            // has an error already: nothing to line up.
            if progs.len() != p.moves.len() {
                continue;
            }
            for (m, prog) in p.moves.iter().zip(progs.iter_mut()) {
                for (keys, leg) in m.leg_keys().filter(|k| !k.is_empty()).zip(prog.legs.iter_mut()) {
                    let Some(h) = &mut leg.hop else { continue };
                    if let Some(t) = &keys.screen_not {
                        h.screen_not = kind_names(c, t, kind_sets, false);
                    }
                    if let Some(t) = &keys.victim_not {
                        h.victim_not = kind_names(c, t, kind_sets, false);
                    }
                }
            }
        }
    }
}

/// The types named by a list of kinds and tags (spaces or commas between).
fn kind_names(c: &mut Checker, t: &Text, kind_sets: &BTreeMap<String, TypeSet>, report: bool) -> TypeSet {
    let mut out = TypeSet::default();
    let base = c.content_start(t);
    let mut pos = 0;
    let mut any = false;
    for word in t.get_ref().split(|ch: char| ch == ',' || ch.is_whitespace()) {
        let start = pos;
        pos += word.len() + 1;
        if word.is_empty() {
            continue;
        }
        any = true;
        match kind_sets.get(word) {
            Some(set) => out.union_with(set),
            None if report => {
                let d = Diagnostic::error(
                    base + start..base + start + word.len(),
                    format!("unknown kind or tag `{word}`"),
                );
                let mut d = super::suggest_name(d, word, kind_sets.keys().map(String::as_str));
                if d.help.is_none() {
                    d = d.with_help("name piece ids or tags, separated by spaces");
                }
                c.push(d);
            }
            None => {}
        }
    }
    if !any && report {
        c.err(t.span(), "no kinds given: name at least one piece id or tag");
    }
    out
}

/// The names a jump's `symmetry` takes.
const SYMMETRIES: [&str; 5] = ["none", "mirror", "vertical", "both", "all"];

/// A jump offset and its images under the named `symmetry` (the offset
/// itself first), or `None` for a name that is not one of [`SYMMETRIES`].
pub(super) fn jump_images(symmetry: &str, dx: i8, dy: i8) -> Option<Vec<Offset>> {
    let images: &[(i8, i8)] = match symmetry {
        "none" => &[(dx, dy)],
        "mirror" => &[(dx, dy), (-dx, dy)],
        "vertical" => &[(dx, dy), (dx, -dy)],
        "both" => &[(dx, dy), (-dx, dy), (dx, -dy), (-dx, -dy)],
        "all" => &[
            (dx, dy),
            (-dx, dy),
            (dx, -dy),
            (-dx, -dy),
            (dy, dx),
            (-dy, dx),
            (dy, -dx),
            (-dy, -dx),
        ],
        _ => return None,
    };
    Some(images.iter().map(|&(x, y)| Offset::new(x, y)).collect())
}

/// A slide's `pass_over` and `pass_within`: `pass_over` alone lets it pass
/// that many pieces anywhere on its line; `pass_within` alone lets it pass
/// every piece on that many first squares (a jump to the next square, then
/// a slide on).
fn pass(c: &mut Checker, s: &LegFields, mode: LegMode, report: bool) -> Option<Pass> {
    let limit = |c: &mut Checker, v: &Option<Spanned<u32>>, key: &str| -> Option<Option<u8>> {
        match v {
            None => Some(None),
            Some(r) if !matches!(mode, LegMode::Slide { .. }) => {
                if report {
                    c.err(r.span(), format!("`{key}` belongs to a slide"));
                }
                None
            }
            Some(r) => {
                let n = *r.get_ref();
                if n == 0 || n > 35 {
                    if report {
                        c.err(r.span(), format!("`{key}` must be between 1 and 35"));
                    }
                    return None;
                }
                Some(Some(n as u8))
            }
        }
    };
    let pieces = limit(c, &s.pass_over, "pass_over")?;
    let within = limit(c, &s.pass_within, "pass_within")?;
    Some(match (pieces, within) {
        (None, None) => Pass::NONE,
        (Some(p), w) => Pass {
            pieces: p,
            within: w.unwrap_or(u8::MAX),
        },
        (None, Some(w)) => Pass { pieces: w, within: w },
    })
}

/// A slide's range-jump keys: `over_lower_rank` and the two readings of
/// what lies beyond a passed piece, each a condition on options.
fn rank_jump(c: &mut Checker, s: &LegFields, mode: LegMode, report: bool) -> Option<RankJump> {
    let slide = matches!(mode, LegMode::Slide { .. });
    let mut flag = |t: &Option<Text>, what: &str| -> bool {
        let Some(t) = t else { return false };
        if !slide {
            if report {
                c.err(t.span(), format!("`{what}` belongs to a slide"));
            }
            return false;
        }
        c.options_condition(t)
    };
    let on = flag(&s.over_lower_rank, "over_lower_rank");
    let beyond_lower_only = flag(&s.beyond_lower_only, "beyond_lower_only");
    let beyond_empty = flag(&s.beyond_empty, "beyond_empty");
    let first_any = flag(&s.first_any, "first_any");
    if s.over_lower_rank.is_none() && report && slide {
        for (t, what) in [
            (&s.beyond_lower_only, "beyond_lower_only"),
            (&s.beyond_empty, "beyond_empty"),
            (&s.first_any, "first_any"),
        ] {
            if let Some(t) = t {
                let d = Diagnostic::error(t.span(), format!("`{what}` needs `over_lower_rank`"))
                    .with_help("it says what a range jump may do beyond the pieces it passes over");
                c.push(d);
            }
        }
    }
    on.then_some(RankJump {
        beyond_lower_only,
        beyond_empty,
        first_any,
    })
}

fn directions(c: &mut Checker, t: &Text, report: bool) -> Option<Vec<Offset>> {
    let mut out = Vec::new();
    let base = c.content_start(t);
    let text = t.get_ref();
    let mut ok = true;
    let mut pos = 0;
    for word in text.split(|ch: char| ch == ',' || ch.is_whitespace()) {
        let start = pos;
        pos += word.len() + 1;
        if word.is_empty() {
            continue;
        }
        match resolve_direction(word) {
            Some(offs) => {
                for o in offs {
                    if !out.contains(&o) {
                        out.push(o);
                    }
                }
            }
            None => {
                ok = false;
                if report {
                    let vocab = direction_vocabulary();
                    let d = Diagnostic::error(
                        base + start..base + start + word.len(),
                        format!("unknown direction `{word}`"),
                    );
                    let d = super::suggest_name(d, word, vocab.iter().copied())
                        .with_help("directions: F B L R FL FR BL BR, groups: all orth diag vert side fdiag bdiag");
                    c.push(d);
                }
            }
        }
    }
    if out.is_empty() && ok {
        if report {
            c.err(t.span(), "no directions given");
        }
        return None;
    }
    if ok { Some(out) } else { None }
}
