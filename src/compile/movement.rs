//! Compiles movement specs (steps, slides, jumps, legs) into per-colour
//! programs of board offsets.

use super::Checker;
use crate::board::{Colour, Geometry, Offset, direction_vocabulary, resolve_direction};
use crate::diagnostics::Diagnostic;
use crate::rules::file::{LegKeys, LegSpec, MoveSpec, RuleFile, Text};
use crate::ruleset::*;
use toml::Spanned;

/// Both colours' programs for every kind, in file order (a move that does
/// not compile is left out), over one shared offset table; each kind's
/// number of paths from one square is checked against the limits.
pub(super) type Programs = [Vec<Vec<Program>>; 2];

impl Checker<'_> {
    pub(super) fn programs(&mut self, f: &RuleFile, geo: &Geometry) -> (Offsets, Programs) {
        let mut offsets = Offsets {
            list: Vec::new(),
            next: Vec::new(),
            squares: geo.len(),
        };
        let mut programs: Programs = [Vec::new(), Vec::new()];
        for p in &f.pieces {
            for colour in Colour::BOTH {
                let progs = p
                    .moves
                    .iter()
                    .filter_map(|m| program(self, m, &p.id, geo, &mut offsets, colour))
                    .collect();
                programs[colour.index()].push(progs);
            }
        }
        for (p, progs) in f.pieces.iter().zip(&programs[Colour::Black.index()]) {
            let paths = progs
                .iter()
                .map(|prog| paths_bound(prog, &offsets, geo))
                .fold(0u64, u64::saturating_add);
            let span = p.id.span();
            if paths > MAX_PATHS {
                let d = Diagnostic::error(
                    span,
                    format!(
                        "piece `{}` can make up to {paths} different paths from one square on this board; the limit is {}",
                        p.id.get_ref(),
                        MAX_PATHS
                    ),
                )
                .with_help("limit the slides' `range`, or use fewer legs");
                self.push(d);
            } else if paths > WARN_PATHS {
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
        (offsets, programs)
    }
}

/// The fields one leg is made of, whether written inline or under `legs`:
/// its keys (read through `Deref`), and the two only an entry of `legs` has.
struct LegFields<'a> {
    keys: &'a LegKeys,
    direction: Option<&'a Text>,
    optional: bool,
}

impl std::ops::Deref for LegFields<'_> {
    type Target = LegKeys;
    fn deref(&self) -> &LegKeys {
        self.keys
    }
}

impl<'a> From<&'a LegSpec> for LegFields<'a> {
    fn from(l: &'a LegSpec) -> Self {
        LegFields {
            keys: &l.keys,
            direction: l.direction.as_ref(),
            optional: l.optional,
        }
    }
}

impl<'a> LegFields<'a> {
    /// The one leg of a move written inline (no `legs`).
    fn inline(m: &'a MoveSpec) -> Self {
        LegFields {
            keys: &m.inline,
            direction: None,
            optional: false,
        }
    }
}

/// Compiles one movement alternative for one colour. Errors are reported
/// once (for Black) and yield `None`.
pub(super) fn program(
    c: &mut Checker,
    m: &MoveSpec,
    piece: &Text,
    geo: &Geometry,
    offsets: &mut Offsets,
    colour: Colour,
) -> Option<Program> {
    let report = colour == Colour::Black;
    let inline = LegFields::inline(m);
    let specs: Vec<LegFields> = match &m.legs {
        Some(legs) => {
            let has_inline = !m.inline.is_empty();
            if has_inline && report {
                let span = legs_span(m, piece);
                c.err(
                    span,
                    "a move with `legs` cannot also have step/slide/jump/range/symmetry/capture at its top level",
                );
            }
            if legs.is_empty() {
                if report {
                    c.err(
                        legs_span(m, piece),
                        format!("piece `{}` has a move whose `legs` is empty", piece.get_ref()),
                    );
                }
                return None;
            }
            legs.iter().map(LegFields::from).collect()
        }
        None => vec![inline],
    };
    if specs.len() > crate::moves::MAX_LEGS {
        if report {
            // Point at the first leg too many.
            let span = specs[crate::moves::MAX_LEGS]
                .span()
                .unwrap_or_else(|| legs_span(m, piece));
            c.err(
                span,
                format!(
                    "at most {} legs per move, this move has {}",
                    crate::moves::MAX_LEGS,
                    specs.len()
                ),
            );
        }
        return None;
    }
    if specs.len() > 1
        && let Some(a) = specs.iter().find_map(|s| s.anywhere.as_ref())
    {
        // A leap to anywhere has no direction for a next leg to relate to,
        // and no historical piece chains one.
        if report {
            c.err(a.span(), "`anywhere` must be the only leg of its move");
        }
        return None;
    }
    let mut legs = Vec::new();
    let mut ok = true;
    for (i, s) in specs.iter().enumerate() {
        match leg(c, s, i, piece, geo, offsets, colour, report) {
            Some(l) => legs.push(l),
            None => ok = false,
        }
    }
    if !ok {
        return None;
    }
    let n = legs.len();
    for i in 0..n {
        legs[i].can_stop_after = i + 1 == n || specs[i + 1].optional;
    }
    if legs[..n - 1].iter().any(|l| l.captures_passed) {
        // Later legs would have to see the passed pieces gone.
        if report {
            c.err(
                legs_span(m, piece),
                "a range capture (`captures_passed`) must be the move's last leg",
            );
        }
        return None;
    }
    // Relations: for each possible previous offset, the allowed offsets.
    for i in 1..n {
        let relation = legs[i].relation;
        if relation == Relation::Any {
            continue;
        }
        let mut follow = vec![Vec::new(); 256];
        for &prev in &legs[i - 1].offsets {
            let p = offsets.list[usize::from(prev)];
            follow[usize::from(prev)] = legs[i]
                .offsets
                .iter()
                .copied()
                .filter(|&o| {
                    let q = offsets.list[usize::from(o)];
                    let straight = is_straight(p) && is_straight(q);
                    match relation {
                        Relation::Any => true,
                        Relation::Same => straight && q.unit() == p.unit() || q == p,
                        Relation::Reverse => straight && q.unit() == p.unit().reversed() || q == p.reversed(),
                        Relation::Line => {
                            straight && (q.unit() == p.unit() || q.unit() == p.unit().reversed())
                                || q == p
                                || q == p.reversed()
                        }
                        Relation::Perpendicular => q.is_perpendicular_to(p),
                        Relation::SameMajor => major(p).is_some() && major(q) == major(p),
                    }
                })
                .collect();
        }
        legs[i].follow = follow;
    }
    let per_destination = m.per_destination.as_ref().is_some_and(|p| *p.get_ref());
    if per_destination && legs[..n - 1].iter().any(|l| l.capture != CaptureMode::Never) {
        if report && let Some(p) = &m.per_destination {
            let d = Diagnostic::error(
                p.span(),
                "`per_destination` needs `capture = \"never\"` on every leg but the last",
            )
            .with_help("a move written as origin and destination only cannot capture on the way");
            c.push(d);
        }
        return None;
    }
    Some(Program {
        legs,
        per_destination,
        when: None,
    })
}

/// Most paths a piece's moves may produce from one square, on its board:
/// more is an error, since generating (and listing) them would take
/// unbounded time and memory. Six unlimited slides in a row on 9x9 would
/// be about 10^12.
pub(super) const MAX_PATHS: u64 = 100_000;
/// Above this many paths from one square, `validate` warns: a hook mover on
/// a 36x36 board makes about 10,000, a lion 80.
pub(super) const WARN_PATHS: u64 = 10_000;

/// An upper bound on the paths a program produces from one square: per leg,
/// the choices of direction and distance the board allows (a slide goes at
/// most as far as the board is long in its direction), multiplied leg by
/// leg, counting every leg after which the move may stop.
pub(super) fn paths_bound(program: &Program, offsets: &Offsets, geo: &Geometry) -> u64 {
    moves_bound(program, offsets, geo, 1, 1)
}

/// As [`paths_bound`], with each path's landings multiplied by what may
/// follow them: `per_landing` after every landing, `per_end` once where the
/// move stops (the shots a shooter may fire there).
pub(super) fn moves_bound(program: &Program, offsets: &Offsets, geo: &Geometry, per_landing: u64, per_end: u64) -> u64 {
    let reach = |o: u8, mode: LegMode| -> u64 {
        let off = offsets.list[usize::from(o)];
        let along = |d: i8, side: u32| match d.unsigned_abs() {
            0 => u64::MAX,
            d => u64::from(side.saturating_sub(1)) / u64::from(d),
        };
        match mode {
            LegMode::Step | LegMode::Jump => 1,
            LegMode::Anywhere => u64::from(geo.width * geo.height).saturating_sub(1),
            LegMode::Slide { max } => {
                let r = along(off.dx, geo.width).min(along(off.dy, geo.height));
                max.map_or(r, |m| r.min(u64::from(m)))
            }
        }
    };
    let (mut total, mut product) = (0u64, 1u64);
    for (i, leg) in program.legs.iter().enumerate() {
        let choices = |set: &[u8]| set.iter().map(|&o| reach(o, leg.mode)).fold(0u64, u64::saturating_add);
        let n = match program.legs.get(i.wrapping_sub(1)) {
            Some(prev) if leg.relation != Relation::Any => prev
                .offsets
                .iter()
                .map(|&p| choices(&leg.follow[usize::from(p)]))
                .max()
                .unwrap_or(0),
            _ => choices(&leg.offsets),
        };
        product = product.saturating_mul(n).saturating_mul(per_landing);
        if leg.can_stop_after {
            total = total.saturating_add(product.saturating_mul(per_end));
        }
    }
    total
}

/// The longer component of an offset, as (axis, value); `None` when both
/// components are equally long.
fn major(o: Offset) -> Option<(bool, i8)> {
    match o.dx.abs().cmp(&o.dy.abs()) {
        std::cmp::Ordering::Greater => Some((true, o.dx)),
        std::cmp::Ordering::Less => Some((false, o.dy)),
        std::cmp::Ordering::Equal => None,
    }
}

fn is_straight(o: Offset) -> bool {
    o.dx == 0 || o.dy == 0 || o.dx.abs() == o.dy.abs()
}

/// Where a move is written: its first leg, an inline key, its `when`, or
/// failing all of those the piece's id.
fn legs_span(m: &MoveSpec, piece: &Text) -> std::ops::Range<usize> {
    m.legs
        .as_ref()
        .and_then(|l| l.first())
        .and_then(|l| LegFields::from(l).span())
        .or_else(|| {
            let inline = LegFields::inline(m);
            inline.span()
        })
        .or_else(|| m.when.as_ref().map(|t| t.span()))
        .unwrap_or_else(|| piece.span())
}

impl LegFields<'_> {
    /// The span of the first key the leg has, most telling first.
    fn span(&self) -> Option<std::ops::Range<usize>> {
        self.step
            .as_ref()
            .or(self.slide.as_ref())
            .map(|t| t.span())
            .or(self.jump.as_ref().map(|j| j.span()))
            .or(self.anywhere.as_ref().map(|a| a.span()))
            .or(self.range.as_ref().map(|r| r.span()))
            .or(self.symmetry.as_ref().map(|t| t.span()))
            .or(self.capture.as_ref().map(|t| t.span()))
            .or(self.direction.map(|t| t.span()))
    }
}

#[allow(clippy::too_many_arguments)]
fn leg(
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
            let (dx, dy) = (dx as i8, dy as i8);
            let images: Vec<(i8, i8)> = match sym {
                "none" => vec![(dx, dy)],
                "mirror" => vec![(dx, dy), (-dx, dy)],
                "vertical" => vec![(dx, dy), (dx, -dy)],
                "both" => vec![(dx, dy), (-dx, dy), (dx, -dy), (-dx, -dy)],
                "all" => vec![
                    (dx, dy),
                    (-dx, dy),
                    (dx, -dy),
                    (-dx, -dy),
                    (dy, dx),
                    (-dy, dx),
                    (dy, -dx),
                    (-dy, -dx),
                ],
                other => {
                    if report && let Some(t) = &s.symmetry {
                        let d = Diagnostic::error(t.span(), format!("unknown symmetry `{other}`"))
                            .suggest(other, ["none", "mirror", "vertical", "both", "all"])
                            .with_help("none | mirror (left-right) | vertical (forward-back) | both | all (8-fold)");
                        c.push(d);
                    }
                    return None;
                }
            };
            for (x, y) in images {
                let o = Offset::new(x, y);
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
    Some(Leg {
        mode,
        walk: LegWalk::of(mode, only_over_own, pass, over_lower, captures_passed),
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
    })
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
    if s.over_lower_rank.is_none() && report && slide {
        for (t, what) in [
            (&s.beyond_lower_only, "beyond_lower_only"),
            (&s.beyond_empty, "beyond_empty"),
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

/// Whether two of these alternatives can produce the same path: their
/// first legs can land on a common square (on an open board), or one
/// alternative alone can (`per_destination`).
pub(super) fn overlapping(progs: &[Program], offsets: &Offsets) -> bool {
    // Paths of a `per_destination` alternative meet one another.
    if progs.iter().any(|p| p.per_destination) {
        return true;
    }
    let reach = |p: &Program| -> Vec<(i32, i32)> {
        let Some(l) = p.legs.first() else { return Vec::new() };
        let mut out = Vec::new();
        for &o in &l.offsets {
            let off = offsets.list[usize::from(o)];
            let (dx, dy) = (i32::from(off.dx), i32::from(off.dy));
            match l.mode {
                LegMode::Slide { max } => {
                    for k in 1..=i32::from(max.unwrap_or(36)) {
                        out.push((dx * k, dy * k));
                    }
                }
                LegMode::Anywhere => {}
                _ => out.push((dx, dy)),
            }
        }
        out
    };
    // A leap to anywhere meets every other alternative's squares.
    let anywhere = |p: &Program| p.legs.first().is_some_and(|l| l.mode == LegMode::Anywhere);
    if progs.len() > 1 && progs.iter().any(anywhere) {
        return true;
    }
    let sets: Vec<Vec<(i32, i32)>> = progs.iter().map(reach).collect();
    sets.iter()
        .enumerate()
        .any(|(i, a)| sets[i + 1..].iter().any(|b| a.iter().any(|x| b.contains(x))))
}
