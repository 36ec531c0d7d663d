//! The answers conditions get while a move is judged ([`PathFacts`]) or a
//! side is judged after a move ([`SideFacts`]), one file a kind of
//! question: a move path (`path.rs`), a side (`side.rs`), one piece on a
//! board (`point.rs`), a drop (`drop.rs`); the helpers they share and
//! [`BoardView`] are here.

mod drop;
mod path;
mod point;
mod side;

pub(crate) use drop::{DropFacts, ignoring_drop_mates};
pub(crate) use path::PathFacts;
pub(crate) use point::PointFacts;
pub(crate) use side::SideFacts;

use super::Walker;
use crate::board::{Colour, NO_SQUARE, Square};
use crate::dsl::{Metric, PieceFact, TypeSet};
use crate::position::{Cell, Position, cell_colour, cell_type};
use crate::ruleset::{Ruleset, TypeId};

fn fact(rules: &Ruleset, ty: TypeId, square: Square) -> PieceFact {
    PieceFact {
        ty,
        origin: rules.origin(ty),
        square,
        promoted: rules.types[usize::from(ty)].promoted_from.is_some(),
        own: false,
    }
}

fn count(pos: &Position, colour: Colour, set: &TypeSet) -> i32 {
    let counts = &pos.counts[colour.index()];
    set.iter()
        .map(|t| i32::from(counts.get(usize::from(t)).copied().unwrap_or(0)))
        .sum()
}

/// Is a piece of `set` belonging to `side` within `dist` of `sq` on the
/// board `cell_at` describes? With `counted`, that board is the
/// position's, or one made from it in the middle of a move (pieces
/// removed, the mover moved): no piece stands on it that the position
/// does not count, so a set the side has none of is answered without
/// looking.
#[allow(clippy::too_many_arguments)]
pub(crate) fn near(
    pos: &Position,
    cell_at: impl Fn(Square) -> Cell,
    counted: bool,
    side: Colour,
    sq: Square,
    dist: i32,
    metric: Metric,
    set: &TypeSet,
) -> bool {
    if counted && count(pos, side, set) == 0 {
        return false;
    }
    let geo = &pos.rules.geometry;
    let (x0, y0) = geo.xy(sq);
    for y in (y0 - dist).max(0)..=(y0 + dist).min(geo.height as i32 - 1) {
        for x in (x0 - dist).max(0)..=(x0 + dist).min(geo.width as i32 - 1) {
            let (dx, dy) = ((x - x0).abs(), (y - y0).abs());
            let inside = match metric {
                Metric::Chebyshev => true,
                Metric::Manhattan => dx + dy <= dist,
                Metric::Lines => dx == 0 || dy == 0 || dx == dy,
            };
            if !inside || (dx == 0 && dy == 0) {
                continue;
            }
            let Some(s) = geo.square(x, y) else { continue };
            let c = cell_at(s);
            if c != 0 && cell_colour(c) == side && set.contains(cell_type(c)) {
                return true;
            }
        }
    }
    false
}

/// How many pieces of `set` belonging to `side` stand on the file of
/// `sq`, on the board `cell_at` describes?
fn on_file(rules: &Ruleset, cell_at: impl Fn(Square) -> Cell, side: Colour, sq: Square, set: &TypeSet) -> i32 {
    let geo = &rules.geometry;
    let (x, _) = geo.xy(sq);
    (0..geo.height as i32)
        .filter(|&y| {
            geo.square(x, y).is_some_and(|s| {
                let c = cell_at(s);
                c != 0 && cell_colour(c) == side && set.contains(cell_type(c))
            })
        })
        .count() as i32
}

/// The board a piece's conditions are judged on: the position's (or
/// another whole board), or the one a walk has reached in the middle of a
/// move, read through the walker without copying it.
#[derive(Clone, Copy)]
pub(crate) enum BoardView<'a> {
    Cells(&'a [Cell]),
    Walk(&'a Walker<'a>),
}

impl BoardView<'_> {
    #[inline]
    pub(crate) fn at(&self, sq: Square) -> Cell {
        match self {
            BoardView::Cells(cells) => cells[usize::from(sq)],
            BoardView::Walk(w) => w.cell_now(sq),
        }
    }
}

fn last_mover(pos: &Position) -> Option<PieceFact> {
    pos.last
        .mover
        .map(|ty| fact(&pos.rules, ty, pos.last.to.unwrap_or(NO_SQUARE)))
}
