//! Western (Hodges) move text, as lishogi shows it and shogiops writes it
//! (docs/notation.md#western): the piece's abbreviation, its origin only
//! when another piece of its type aims at the same square, `-` or `x` and
//! the square, `+` / `=`; drops `P*7f`; a lion's double move `Lnx7g-6f`,
//! igui `Lnx!7g` and a pass `--`. Squares are USI's (`7f`, file number
//! from the right, rank letter from the top) or, in the numeric style,
//! lishogi's `76` (file and rank from 10 on as letters, `a` = 10).

use super::captures_at;
use crate::board::{Geometry, Square};
use crate::movegen::{Move, pseudo_legal_moves};
use crate::position::{Position, usi_square};
use crate::ruleset::{Ruleset, TypeId};

/// How Western text is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Style {
    /// lishogi's numeric squares (`76`) instead of USI's (`7f`).
    pub(super) numeric: bool,
    /// One entry per distinct effect: a landing that captures nothing and
    /// shoots nothing on the way is left out (lishogi issue #929).
    pub(super) short: bool,
    /// Write the origin even where no other piece needs telling apart.
    pub(super) origin: bool,
}

/// What the side to move's pieces aim at: its moves before the filters
/// that keep royals safe and forbid repetitions, as shogiops judges which
/// pieces a move text must tell apart.
pub(super) struct Aims(Vec<Move>);

impl Aims {
    pub(super) fn of(pos: &Position) -> Aims {
        let mut out = Vec::new();
        if pseudo_legal_moves(pos, &mut out).is_err() {
            out.clear();
        }
        Aims(out)
    }

    /// The squares, other than `from`, of the side to move's pieces whose
    /// type passes `same` and that aim at `to`, each once.
    pub(super) fn others(
        &self,
        pos: &Position,
        from: Option<Square>,
        to: Square,
        same: impl Fn(TypeId) -> bool,
    ) -> Vec<Square> {
        let mut out: Vec<Square> = Vec::new();
        for m in &self.0 {
            if m.drop.is_none()
                && Some(m.from) != from
                && m.to() == to
                && !out.contains(&m.from)
                && pos.piece_at(m.from).is_some_and(|(_, t)| same(t))
            {
                out.push(m.from);
            }
        }
        out
    }
}

/// The Western abbreviation of a piece type: the kind's `records.western`
/// or its code; a promoted piece is `+` and its origin's.
pub(super) fn name(rules: &Ruleset, ty: TypeId) -> String {
    let t = &rules.types[usize::from(ty)];
    let of = |kind: usize| {
        let k = &rules.kinds[kind];
        k.records.western.clone().unwrap_or_else(|| k.code.clone())
    };
    match t.promoted_from {
        Some(k) => format!("+{}", of(k)),
        None => of(t.kind),
    }
}

/// A square: USI's `7f`, or lishogi's numeric `76` (from 10 on, a letter).
fn square(geo: &Geometry, sq: Square, numeric: bool) -> String {
    if !numeric {
        return usi_square(geo, sq);
    }
    let (x, y) = geo.xy(sq);
    let digit = |n: i32| match n {
        1..=9 => char::from(b'0' + n as u8),
        10..=35 => char::from(b'a' + (n - 10) as u8),
        _ => '?',
    };
    let (file, rank) = (geo.width as i32 - x, geo.height as i32 - y);
    format!("{}{}", digit(file), digit(rank))
}

/// Whether the variant's squares can be written in Western text: USI's
/// rank letters go to 26, the numeric style's digits to 35.
pub(super) fn fits(geo: &Geometry) -> bool {
    geo.height <= 26 && geo.width <= 35
}

/// Western text of a legal move of `pos`.
pub(super) fn write(pos: &Position, m: &Move, style: Style, aims: &Aims) -> String {
    let rules = pos.rules();
    let geo = &rules.geometry;
    let sq = |s: Square| square(geo, s, style.numeric);
    if let Some(ty) = m.drop {
        return format!("{}*{}", name(rules, ty), sq(m.to()));
    }
    let Some((_, ty)) = pos.piece_at(m.from) else {
        return super::move_text(pos, m);
    };
    let captures = captures_at(pos, m);
    // (square, captures there, index of the landing) of each landing written.
    let all = m.landings();
    let last = all.len() - 1;
    let written: Vec<(Square, bool, usize)> = all
        .iter()
        .enumerate()
        .filter(|&(i, _)| !style.short || i == last || captures[i] || m.shots_after(i).next().is_some())
        .map(|(i, &s)| (s, captures[i], i))
        .collect();
    let returns = m.to() == m.from;
    if returns && written.iter().all(|&(_, c, i)| !c && m.shots_after(i).next().is_none()) {
        return "--".into();
    }
    let mut s = name(rules, ty);
    if style.origin || !aims.others(pos, Some(m.from), m.to(), |t| t == ty).is_empty() {
        s.push_str(&sq(m.from));
    }
    // A move back to its origin (igui) leaves the origin out, and marks
    // the last landing before it with `!`.
    let shown = if returns {
        &written[..written.len() - 1]
    } else {
        &written[..]
    };
    for (k, &(at, capture, i)) in shown.iter().enumerate() {
        s.push(if capture { 'x' } else { '-' });
        if returns && k == shown.len() - 1 {
            s.push('!');
        }
        s.push_str(&sq(at));
        for t in m.shots_after(i) {
            s.push('*');
            s.push_str(&sq(t));
        }
    }
    s.push_str(super::write::promotion_suffix(m.promotion));
    s
}

/// The legal move that `text` names in Western text of any style (USI or
/// numeric squares, long or short, with or without the origin). Where
/// several do (the short form, a pass), the one with fewest landings.
pub(super) fn read(pos: &Position, legal: &[Move], text: &str) -> Option<Move> {
    let aims = Aims::of(pos);
    let mut best: Option<&Move> = None;
    for m in legal {
        let hit = [false, true].into_iter().any(|numeric| {
            [false, true].into_iter().any(|short| {
                [false, true]
                    .into_iter()
                    .any(|origin| write(pos, m, Style { numeric, short, origin }, &aims) == text)
            })
        });
        if hit && best.is_none_or(|b| m.len < b.len) {
            best = Some(m);
        }
    }
    best.copied()
}
