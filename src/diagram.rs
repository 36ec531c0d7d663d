//! Movement diagrams: what one piece can reach from a square of an empty
//! board, marked the way the source tables draw it.
//!
//! Marks follow seed 002's legend: an arrow for a slide in that direction,
//! `●` a single step, `□` the first step of a multi-leg (lion-type) move,
//! `■` a square leapt to (a jump, or a later leg of a multi-leg move).
//! A hop, which an empty board gives nothing to hop over, is drawn with a
//! screen `○` on the first square of each of its lines and `◇` where it
//! would land beyond it.

use crate::board::{Colour, NO_SQUARE, Offset, Square};
use crate::movegen::Walker;
use crate::position::cell;
use crate::ruleset::{LegMode, Ruleset, TypeId};

/// How a square is reached. Ordered by drawing priority (highest first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// Where a hop's screen is drawn: the first square of its line.
    Screen,
    /// Reached by sliding in this (board) direction.
    Slide(Offset),
    /// The first step of a multi-leg move.
    FirstLeg,
    /// A single step.
    Step,
    /// A jump, or a later leg of a multi-leg move.
    Leap,
    /// Where a hop lands beyond the screen drawn on its line.
    Hop,
}

impl Mark {
    pub fn symbol(self) -> char {
        match self {
            Mark::Slide(d) => match (d.dx, d.dy) {
                (0, 1) => '↑',
                (1, 1) => '↗',
                (1, 0) => '→',
                (1, -1) => '↘',
                (0, -1) => '↓',
                (-1, -1) => '↙',
                (-1, 0) => '←',
                (-1, 1) => '↖',
                _ => '⇢',
            },
            Mark::FirstLeg => '□',
            Mark::Step => '●',
            Mark::Leap => '■',
            Mark::Screen => '○',
            Mark::Hop => '◇',
        }
    }
}

/// Every square one piece reaches from `origin` on an otherwise empty
/// board, with its mark, and the number of distinct move paths.
#[derive(Clone, Debug)]
pub struct MoveMap {
    pub origin: Square,
    pub marks: Vec<Option<Mark>>,
    /// For squares reached by a multi-leg move: the earliest leg (1-based)
    /// at which some path lands there (the source tables' ①–⑤).
    pub leg_numbers: Vec<Option<u8>>,
    pub paths: usize,
}

/// Computes the move map of a piece type for a colour.
pub fn move_map(rules: &Ruleset, ty: TypeId, colour: Colour, origin: Square) -> MoveMap {
    let geo = &rules.geometry;
    let mut cells = vec![0; geo.len()];
    cells[usize::from(origin)] = cell(colour, ty);
    let mut marks: Vec<Option<Mark>> = vec![None; geo.len()];
    let mut leg_numbers: Vec<Option<u8>> = vec![None; geo.len()];
    let mut paths = 0;
    let mut seen: std::collections::HashSet<Vec<Square>> = std::collections::HashSet::new();
    let kind = rules.types[usize::from(ty)].kind;
    for prog in &rules.programs[colour.index()][kind] {
        if let [leg] = &prog.legs[..]
            && leg.hop.is_some()
        {
            hop_marks(rules, leg, origin, &mut marks);
            continue;
        }
        let multi = prog.legs.len() > 1;
        let mut w = Walker::new(rules, None, &cells, colour, origin);
        w.walk(prog, 0, origin, 0, &mut |w: &Walker| {
            // One path is one move, whichever alternative makes it.
            if seen.insert(w.path[..w.len].to_vec()) {
                paths += 1;
            }
            let mut prev = origin;
            for i in 0..w.len {
                let sq = w.path[i];
                // A `per_destination` path is its destination alone: drawn
                // as its last leg lands (a slide's arrow, else a leap).
                let leg = if prog.per_destination {
                    &prog.legs[prog.legs.len() - 1]
                } else {
                    &prog.legs[i]
                };
                let mark = match (leg.mode, multi, i) {
                    (LegMode::Step | LegMode::Jump, _, _) if prog.per_destination => Mark::Leap,
                    (LegMode::Slide { .. }, _, _) => {
                        let (x0, y0) = geo.xy(prev);
                        let (x1, y1) = geo.xy(sq);
                        let d = Offset::new((x1 - x0).signum() as i8, (y1 - y0).signum() as i8);
                        // Draw in the owner's frame: White's view is rotated.
                        Mark::Slide(d.for_colour(colour))
                    }
                    (_, true, 0) => Mark::FirstLeg,
                    (LegMode::Step, false, _) => Mark::Step,
                    _ => Mark::Leap,
                };
                prev = sq;
                if sq == origin {
                    continue;
                }
                if multi {
                    let n = &mut leg_numbers[usize::from(sq)];
                    let leg = i as u8 + 1;
                    if n.is_none_or(|k| leg < k) {
                        *n = Some(leg);
                    }
                }
                let slot = &mut marks[usize::from(sq)];
                if slot.is_none_or(|m| mark < m) {
                    *slot = Some(mark);
                }
            }
            false
        });
    }
    MoveMap {
        origin,
        marks,
        leg_numbers,
        paths,
    }
}

/// Draws a one-leg hop from `origin`: a screen on the first square of each
/// of its lines (where a square lies beyond it), and the squares it would
/// land on past that screen on an otherwise empty line.
fn hop_marks(rules: &Ruleset, leg: &crate::ruleset::Leg, origin: Square, marks: &mut [Option<Mark>]) {
    let (Some(hop), LegMode::Slide { max }) = (leg.hop.as_deref(), leg.mode) else {
        return;
    };
    let max = max.unwrap_or(u8::MAX);
    let table = &rules.offsets;
    let mut put = |sq: Square, mark: Mark| {
        let slot = &mut marks[usize::from(sq)];
        if slot.is_none_or(|m| mark < m) {
            *slot = Some(mark);
        }
    };
    for &o in &leg.offsets {
        let screen = table.target(o, origin);
        if screen == NO_SQUARE || table.target(o, screen) == NO_SQUARE {
            continue;
        }
        put(screen, Mark::Screen);
        let (mut sq, mut n) = (screen, 1u8);
        while n < max {
            sq = table.target(o, sq);
            if sq == NO_SQUARE {
                break;
            }
            n += 1;
            put(sq, Mark::Hop);
            if hop.behind {
                break;
            }
        }
    }
}

/// A window radius no wider than the board needs: from any square, every
/// other square is within `max(files, ranks) - 1`, so a larger radius
/// would only add blank rows (and a huge one would exhaust memory).
pub fn clip_radius(geo: &crate::board::Geometry, radius: i32) -> i32 {
    radius.clamp(0, geo.width.max(geo.height) as i32 - 1)
}

impl MoveMap {
    /// Renders the map in the owner's frame (forward is up): the whole
    /// board, or a window of `radius` squares around the origin (a radius
    /// past the board's edges is clipped to it: see [`clip_radius`]). The piece
    /// is `*`, unreachable squares `.`, squares off the board blank.
    pub fn render(&self, rules: &Ruleset, colour: Colour, radius: Option<i32>) -> String {
        self.render_with(rules, colour, radius, false)
    }

    /// As [`MoveMap::render`]; with `numbered`, a square reached by a
    /// multi-leg move (and not by a slide) shows the earliest leg number
    /// that lands there, ① to ⑥, as the Ko shogi tables do.
    pub fn render_with(&self, rules: &Ruleset, colour: Colour, radius: Option<i32>, numbered: bool) -> String {
        let geo = &rules.geometry;
        let (ox, oy) = geo.xy(self.origin);
        // Coordinates in the owner's frame: for White, rotate 180°.
        let to_board = |u: i32, v: i32| match colour {
            Colour::Black => (u, v),
            Colour::White => (geo.width as i32 - 1 - u, geo.height as i32 - 1 - v),
        };
        let (ou, ov) = match colour {
            Colour::Black => (ox, oy),
            Colour::White => (geo.width as i32 - 1 - ox, geo.height as i32 - 1 - oy),
        };
        let (u0, u1, v0, v1) = match radius.map(|r| clip_radius(geo, r)) {
            Some(r) => (ou - r, ou + r, ov - r, ov + r),
            None => (0, geo.width as i32 - 1, 0, geo.height as i32 - 1),
        };
        let mut out = String::new();
        for v in (v0..=v1).rev() {
            let row: Vec<String> = (u0..=u1)
                .map(|u| {
                    let (x, y) = to_board(u, v);
                    match geo.square(x, y) {
                        None => " ".to_string(),
                        Some(sq) if sq == self.origin => "*".to_string(),
                        Some(sq) => {
                            let mark = self.marks[usize::from(sq)];
                            match (numbered, mark, self.leg_numbers[usize::from(sq)]) {
                                (true, Some(m), Some(n)) if !matches!(m, Mark::Slide(_)) => {
                                    char::from_u32(0x2460 + u32::from(n) - 1).unwrap_or('?').to_string()
                                }
                                _ => mark.map_or('.', |m| m.symbol()).to_string(),
                            }
                        }
                    }
                })
                .collect();
            out.push_str(row.join(" ").trim_end());
            out.push('\n');
        }
        out
    }
}
