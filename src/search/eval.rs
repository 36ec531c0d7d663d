//! Static evaluation: material from piece values, plus a mobility term the
//! search supplies (the number of legal moves it generated anyway).
//!
//! Values come from the rule file's `value` key; a piece without one is
//! valued by its mobility on an empty board, so a new rule file plays
//! without tuning. Nothing here names a piece or a variant.
//!
//! Working the mobility out walks each kind's paths, so it is bounded: at
//! most [`VALUE_PATHS`] paths over all kinds (each kind gets an equal
//! share, at least [`KIND_PATHS`]), so that an engine given a rule file
//! of a thousand kinds answers at once. A kind with more paths than its
//! share is valued by the squares its first paths reach.

use crate::board::Colour;
use crate::movegen::Walker;
use crate::position::{Position, cell};
use crate::ruleset::{Ruleset, TypeId};

/// Paths walked at most, over all kinds, to value those without `value`:
/// far more than any bundled variant needs (a few hundred thousand for
/// Taikyoku's 300 kinds), a fraction of a second.
pub const VALUE_PATHS: usize = 4_000_000;
/// Paths each kind may walk at least, whatever the number of kinds.
pub const KIND_PATHS: usize = 2_000;

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
        let share = (VALUE_PATHS / rules.kinds.len().max(1)).max(KIND_PATHS);
        let by_kind: Vec<i32> = (0..rules.kinds.len())
            .map(|k| rules.kinds[k].value.unwrap_or_else(|| value_from(rules, k, share)))
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
    value_from(rules, kind, usize::MAX)
}

/// [`default_value`] from at most `max_paths` of the kind's paths.
fn value_from(rules: &Ruleset, kind: usize, max_paths: usize) -> i32 {
    let geo = &rules.geometry;
    let Some(centre) = geo.square(geo.width as i32 / 2, geo.height as i32 / 2) else {
        return 100;
    };
    // Every square a path lands on, as `diagram::move_map` marks them.
    let mut cells = vec![0; geo.len()];
    cells[usize::from(centre)] = cell(Colour::Black, rules.unpromoted_type(kind));
    let mut reached = vec![false; geo.len()];
    let mut paths = 0;
    for prog in &rules.programs[Colour::Black.index()][kind] {
        let mut w = Walker::new(rules, None, &cells, Colour::Black, centre);
        let stopped = w.walk(prog, 0, centre, 0, &mut |w: &Walker| {
            for &sq in &w.path[..w.len] {
                if sq != centre
                    && let Some(r) = reached.get_mut(usize::from(sq))
                {
                    *r = true;
                }
            }
            paths += 1;
            paths >= max_paths
        });
        if stopped {
            break;
        }
    }
    let n = reached.iter().filter(|&&r| r).count().max(1);
    (100.0 * (n as f64).powf(0.75)).round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bound on the paths walked never cuts a bundled variant's values
    /// short: each equals the value from every path.
    #[test]
    fn bundled_values_are_worked_out_from_every_path() {
        for variant in crate::rules::bundled_names() {
            let rules = crate::rules::load_variant(variant, &[]).expect("bundled");
            let values = PieceValues::new(&rules);
            for (k, kind) in rules.kinds.iter().enumerate() {
                let want = kind.value.unwrap_or_else(|| default_value(&rules, k));
                assert_eq!(
                    values.by_type[usize::from(rules.unpromoted_type(k))],
                    want,
                    "{variant} {}",
                    kind.id
                );
            }
        }
    }
}
