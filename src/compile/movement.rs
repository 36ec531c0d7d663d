//! Compiles movement specs (steps, slides, jumps, legs) into per-colour
//! programs of board offsets: a move's legs and the relations between
//! them. Each leg's own keys are compiled in `leg`; the paths a kind may
//! make are bounded in `bounds`.

use super::Checker;
use super::bounds::{MAX_PATHS, WARN_PATHS, paths_bound};
use super::leg::leg;
use crate::board::{Colour, Geometry, Offset};
use crate::diagnostics::Diagnostic;
use crate::rules::file::{LegKeys, LegSpec, MoveSpec, RuleFile, Text};
use crate::ruleset::*;

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
pub(super) struct LegFields<'a> {
    keys: &'a LegKeys,
    pub(super) direction: Option<&'a Text>,
    pub(super) optional: bool,
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

/// The longer component of an offset, as (axis, value); `None` when both
/// components are equally long.
fn major(o: Offset) -> Option<(bool, i8)> {
    match o.dx.abs().cmp(&o.dy.abs()) {
        std::cmp::Ordering::Greater => Some((true, o.dx)),
        std::cmp::Ordering::Less => Some((false, o.dy)),
        std::cmp::Ordering::Equal => None,
    }
}

pub(super) fn is_straight(o: Offset) -> bool {
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
    pub(super) fn span(&self) -> Option<std::ops::Range<usize>> {
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

/// Whether two of these alternatives can produce the same path: their
/// first legs can land on a common square (on an open board), or one
/// alternative alone can (`per_destination`). A hop never lands where a
/// plain step or slide along its line does (that one stops at or before
/// the first piece, the hop only beyond it), so those two never meet.
pub(super) fn overlapping(progs: &[Program], offsets: &Offsets) -> bool {
    // Paths of a `per_destination` alternative meet one another.
    if progs.iter().any(|p| p.per_destination) {
        return true;
    }
    /// How a first leg reaches a square: along its line up to the first
    /// piece, only beyond a screen, or otherwise.
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Way {
        Plain,
        Hop,
        Other,
    }
    let reach = |p: &Program| -> Vec<((i32, i32), Way)> {
        let Some(l) = p.legs.first() else { return Vec::new() };
        let way = match l.walk {
            LegWalk::Hop => Way::Hop,
            LegWalk::Slide { .. } => Way::Plain,
            LegWalk::Leap if l.mode == LegMode::Step => Way::Plain,
            _ => Way::Other,
        };
        let mut out = Vec::new();
        for &o in &l.offsets {
            let off = offsets.list[usize::from(o)];
            let (dx, dy) = (i32::from(off.dx), i32::from(off.dy));
            match l.mode {
                LegMode::Slide { max } => {
                    let first = if way == Way::Hop { 2 } else { 1 };
                    for k in first..=i32::from(max.unwrap_or(36)) {
                        out.push(((dx * k, dy * k), way));
                    }
                }
                LegMode::Anywhere => {}
                _ => out.push(((dx, dy), way)),
            }
        }
        out
    };
    // A leap to anywhere meets every other alternative's squares.
    let anywhere = |p: &Program| p.legs.first().is_some_and(|l| l.mode == LegMode::Anywhere);
    if progs.len() > 1 && progs.iter().any(anywhere) {
        return true;
    }
    let meet = |(a, wa): &((i32, i32), Way), (b, wb): &((i32, i32), Way)| {
        a == b && !matches!((wa, wb), (Way::Plain, Way::Hop) | (Way::Hop, Way::Plain))
    };
    let sets: Vec<Vec<((i32, i32), Way)>> = progs.iter().map(reach).collect();
    sets.iter().enumerate().any(|(i, a)| {
        sets[i + 1..]
            .iter()
            .any(|b| a.iter().any(|x| b.iter().any(|y| meet(x, y))))
    })
}
