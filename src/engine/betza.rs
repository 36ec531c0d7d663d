//! A piece's movement as XBetza, the move description XBoard's `piece`
//! command takes, derived from the compiled programs.
//!
//! Only what XBetza says the way XBoard reads it is written: one-leg
//! moves (steps, leaps, slides with or without a range) in direction
//! sets XBoard's modifiers name, with their capture mode, and hops over a
//! screen of any kind (`p`, and `g` for landing right behind it). A piece with a
//! conditional, multi-leg, own-piece-only jump, one-sided oblique or
//! shooting move gets no description ([`xbetza`] returns `None`); the GUI
//! then needs the engine's highlights. It reads the ruleset and changes
//! nothing.

use crate::board::Offset;
use crate::ruleset::{CaptureMode, Hop, LegMode, Pass, Ruleset};

/// The XBetza text of `kind`'s moves, as its owner sees them (forward is
/// up for the first player), or `None` if XBetza as XBoard reads it
/// cannot say them all.
pub fn xbetza(rules: &Ruleset, kind: usize) -> Option<String> {
    if rules.effects.shooting.get(kind).is_some_and(Option::is_some) {
        return None;
    }
    let first = rules.first;
    // Groups of moves that differ only in direction, in order of appearance.
    let mut groups: Vec<Group> = Vec::new();
    for prog in &rules.programs[first.index()][kind] {
        let [leg] = prog.legs.as_slice() else { return None };
        // Legs that pass or sweep pieces, judge attacks or leap anywhere
        // have no XBetza.
        if prog.when.is_some()
            || leg.only_over_own
            || !leg.can_stop_after
            || leg.pass != Pass::NONE
            || leg.captures_passed
            || leg.over_lower.is_some()
            || leg.unattacked
            || leg.mode == LegMode::Anywhere
            || leg.hop.as_deref().is_some_and(Hop::excludes)
        {
            return None;
        }
        let hop = match &leg.hop {
            None => "",
            Some(h) if h.behind => "g",
            Some(_) => "p",
        };
        for &o in &leg.offsets {
            let off = rules.offsets.list[usize::from(o)].for_colour(first);
            let (unit, range) = match leg.mode {
                LegMode::Step | LegMode::Jump => (off, 1),
                LegMode::Slide { max } => (off, max.unwrap_or(0)),
                LegMode::Anywhere => return None,
            };
            let atom = Atom::of(unit)?;
            let dir = (unit.dx.signum(), unit.dy.signum());
            let dir = if atom.shape == Shape::Oblique {
                // Which of the eight: the signs and which side is longer.
                (
                    unit.dx.signum() * (1 + i8::from(unit.dx.abs() > unit.dy.abs())),
                    unit.dy.signum(),
                )
            } else {
                dir
            };
            match groups
                .iter_mut()
                .find(|g| g.0 == atom && g.1 == range && g.2 == leg.capture && g.4 == hop)
            {
                Some(g) => {
                    if !g.3.contains(&dir) {
                        g.3.push(dir)
                    }
                }
                None => groups.push(Group(atom, range, leg.capture, vec![dir], hop)),
            }
        }
    }
    let mut out = String::new();
    for Group(atom, range, capture, dirs, hop) in &groups {
        let mode = match capture {
            CaptureMode::May => "",
            CaptureMode::Never => "m",
            CaptureMode::Must => "c",
        };
        for prefix in atom.shape.prefixes(dirs)? {
            out.push_str(&prefix);
            out.push_str(mode);
            out.push_str(hop);
            out.push_str(&atom.text(*range));
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Moves that differ only in direction: atom, range (0: unlimited),
/// capture mode, the owner-relative directions, and the hop modifier
/// (`p` over a screen and beyond, `g` right behind it, `""` none).
struct Group(Atom, u8, CaptureMode, Vec<(i8, i8)>, &'static str);

/// A leap's shape and length: XBetza's one-letter atoms.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Atom {
    letter: char,
    shape: Shape,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shape {
    Orthogonal,
    Diagonal,
    Oblique,
}

impl Atom {
    fn of(o: Offset) -> Option<Atom> {
        let (a, b) = {
            let (x, y) = (o.dx.unsigned_abs(), o.dy.unsigned_abs());
            (x.min(y), x.max(y))
        };
        let (letter, shape) = match (a, b) {
            (0, 1) => ('W', Shape::Orthogonal),
            (0, 2) => ('D', Shape::Orthogonal),
            (0, 3) => ('H', Shape::Orthogonal),
            (1, 1) => ('F', Shape::Diagonal),
            (2, 2) => ('A', Shape::Diagonal),
            (3, 3) => ('G', Shape::Diagonal),
            (1, 2) => ('N', Shape::Oblique),
            (1, 3) => ('C', Shape::Oblique),
            (2, 3) => ('Z', Shape::Oblique),
            _ => return None,
        };
        Some(Atom { letter, shape })
    }

    /// The atom with its range: `W`, `W3`, `R` (unlimited), `N0`.
    fn text(self, range: u8) -> String {
        match (self.letter, range) {
            (l, 1) => l.to_string(),
            ('W', 0) => "R".into(),
            ('F', 0) => "B".into(),
            (l, n) => format!("{l}{n}"),
        }
    }
}

impl Shape {
    /// Direction modifiers covering exactly `dirs` (owner-relative signs;
    /// for oblique atoms x is ±2 on the wide side), one atom each, as
    /// XBoard's parser reads them; `None` where it has no words for them.
    fn prefixes(self, dirs: &[(i8, i8)]) -> Option<Vec<String>> {
        let has = |d: (i8, i8)| dirs.contains(&d);
        match self {
            Shape::Orthogonal => {
                let (f, b, l, r) = (has((0, 1)), has((0, -1)), has((-1, 0)), has((1, 0)));
                if f && b && l && r {
                    return Some(vec![String::new()]);
                }
                let mut p = String::new();
                p.push_str(match (f, b) {
                    (true, true) => "v",
                    (true, false) => "f",
                    (false, true) => "b",
                    _ => "",
                });
                p.push_str(match (l, r) {
                    (true, true) => "s",
                    (true, false) => "l",
                    (false, true) => "r",
                    _ => "",
                });
                Some(vec![p])
            }
            Shape::Diagonal => {
                let all = [(-1, 1), (1, 1), (-1, -1), (1, -1)];
                if all.iter().all(|&d| has(d)) {
                    return Some(vec![String::new()]);
                }
                let mut left: Vec<(i8, i8)> = all.iter().copied().filter(|&d| has(d)).collect();
                let mut out = Vec::new();
                // Pairs first (f, b, then l, r), then single directions.
                for (name, pair) in [
                    ("f", [(-1, 1), (1, 1)]),
                    ("b", [(-1, -1), (1, -1)]),
                    ("l", [(-1, 1), (-1, -1)]),
                    ("r", [(1, 1), (1, -1)]),
                ] {
                    if pair.iter().all(|d| left.contains(d)) {
                        left.retain(|d| !pair.contains(d));
                        out.push(name.to_string());
                    }
                }
                for (dx, dy) in left {
                    let v = if dy > 0 { 'f' } else { 'b' };
                    let h = if dx > 0 { 'r' } else { 'l' };
                    out.push(format!("{v}{h}"));
                }
                Some(out)
            }
            Shape::Oblique => {
                let all = [(-1, 1), (1, 1), (-2, 1), (2, 1), (-1, -1), (1, -1), (-2, -1), (2, -1)];
                if all.iter().all(|&d| has(d)) {
                    return Some(vec![String::new()]);
                }
                let mut out = Vec::new();
                let mut covered = 0;
                // XBoard: `ff` the two narrow forward leaps, `fs` the two
                // wide ones; likewise `bb`, `bs`. Single leaps are not said.
                for (name, pair) in [
                    ("ff", [(-1, 1), (1, 1)]),
                    ("fs", [(-2, 1), (2, 1)]),
                    ("bb", [(-1, -1), (1, -1)]),
                    ("bs", [(-2, -1), (2, -1)]),
                ] {
                    match pair.iter().filter(|&&d| has(d)).count() {
                        2 => {
                            out.push(name.to_string());
                            covered += 2;
                        }
                        0 => {}
                        _ => return None,
                    }
                }
                (covered == dirs.len()).then_some(out)
            }
        }
    }
}
