//! Static evaluation: material from piece values, plus a mobility term the
//! search supplies (the number of legal moves it generated anyway).
//!
//! Values come from the rule file's `value` key; a piece without one is
//! valued by its mobility on an empty board, so a new rule file plays
//! without tuning. Nothing here names a piece or a variant.

use crate::board::Colour;
use crate::diagram::move_map;
use crate::position::Position;
use crate::ruleset::{Ruleset, TypeId};

/// Centipawn-like units the search adds per legal move of difference.
pub const MOBILITY_WEIGHT: i32 = 2;

/// The value of every piece type of a ruleset.
#[derive(Clone, Debug)]
pub struct PieceValues {
    /// `by_type[ty]`.
    pub by_type: Vec<i32>,
}

impl PieceValues {
    /// Values from the rule file, with the mobility default where absent.
    pub fn new(rules: &Ruleset) -> PieceValues {
        let by_kind: Vec<i32> = (0..rules.kinds.len())
            .map(|k| rules.kinds[k].value.unwrap_or_else(|| default_value(rules, k)))
            .collect();
        let by_type = rules.types.iter().map(|t| by_kind[t.kind]).collect();
        PieceValues { by_type }
    }

    #[inline]
    pub fn of(&self, ty: TypeId) -> i32 {
        self.by_type[usize::from(ty)]
    }

    /// Material of `side` minus that of its opponent.
    pub fn material(&self, pos: &Position, side: Colour) -> i32 {
        let (mine, theirs) = (&pos.counts[side.index()], &pos.counts[side.opposite().index()]);
        let mut sum = 0i32;
        for (ty, &v) in self.by_type.iter().enumerate() {
            sum += v * (i32::from(mine[ty]) - i32::from(theirs[ty]));
        }
        sum
    }
}

/// A kind's default value: `100 × n^0.75`, with `n` the squares it reaches
/// from the centre of an empty board (at least one). The power below one
/// keeps long-range pieces from swamping the rest, as piece-value tables
/// of the chess family do (a queen is worth about three knights, not the
/// four its square count would say).
pub fn default_value(rules: &Ruleset, kind: usize) -> i32 {
    let geo = &rules.geometry;
    let Some(centre) = geo.square(geo.width as i32 / 2, geo.height as i32 / 2) else {
        return 100;
    };
    let map = move_map(rules, rules.unpromoted_type(kind), Colour::Black, centre);
    let n = map.marks.iter().filter(|m| m.is_some()).count().max(1);
    (100.0 * (n as f64).powf(0.75)).round() as i32
}
