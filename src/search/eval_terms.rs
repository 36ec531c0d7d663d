//! The tables behind the positional terms of [`super::Evaluator`], worked
//! out once from the rules when the evaluator is made: for every piece
//! type, colour and square a bonus (reach on an empty board, nearness to
//! the promotion zone), and which types are royal.
//!
//! Everything is derived from the ruleset (programs, promotion zone,
//! royals); nothing names a piece or a variant. The work is bounded: at
//! most [`TABLE_PATHS`] paths are walked for the reach tables over all
//! kinds and squares, and a kind whose share would be exceeded gets no
//! reach term (a flat zero) rather than a partial one.

use crate::board::{Colour, Square};
use crate::movegen::Walker;
use crate::position::cell;
use crate::ruleset::Ruleset;

/// Paths walked at most, over all kinds and squares, for the reach
/// tables: Chu needs about 150,000, Taikyoku would need far more, so its
/// long-range kinds go without.
pub const TABLE_PATHS: usize = 3_000_000;

/// Centipawns per square of empty-board reach above the kind's average
/// over the board (a bishop in a corner reaches fewer squares than in the
/// centre; a rook reaches as many everywhere).
pub const REACH_WEIGHT: i32 = 2;

/// Share, in 1/64ths, of a promotion's gain (promoted value − value) that
/// a piece gets on a square of the zone, one rank short of it, two ranks
/// short of it.
pub const ZONE_SHARE: [i32; 3] = [24, 12, 6];

/// Walks Black's `kind` from `from` on `cells` (where it stands alone),
/// calling `mark` with every square a path lands on (the origin left
/// out), as `diagram::move_map` marks them. `paths` counts the paths
/// walked; returns true if it reached `max_paths` and the walk stopped.
pub(super) fn landings(
    rules: &Ruleset,
    kind: usize,
    cells: &[crate::position::Cell],
    from: Square,
    paths: &mut usize,
    max_paths: usize,
    mark: &mut dyn FnMut(Square),
) -> bool {
    for prog in &rules.programs[Colour::Black.index()][kind] {
        let mut w = Walker::new(rules, None, cells, Colour::Black, from);
        let stopped = w.walk(prog, 0, from, 0, &mut |w: &Walker| {
            for &sq in &w.path[..w.len] {
                if sq != from && usize::from(sq) < cells.len() {
                    mark(sq);
                }
            }
            *paths += 1;
            *paths >= max_paths
        });
        if stopped {
            return true;
        }
    }
    false
}

/// For each square, reach of a kind from that square, or `None` if its
/// share of the path budget ran out.
fn reach_table(rules: &Ruleset, kind: usize, max_paths: usize) -> Option<Vec<u16>> {
    let geo = &rules.geometry;
    let n = geo.len();
    let mut cells = vec![0; n];
    let mut seen = vec![u32::MAX; n];
    let piece = cell(Colour::Black, rules.unpromoted_type(kind));
    let mut out = vec![0u16; n];
    let mut paths = 0usize;
    for from in 0..n {
        let sq = from as Square;
        cells[from] = piece;
        let mut count = 0u16;
        let stopped = landings(rules, kind, &cells, sq, &mut paths, max_paths, &mut |to| {
            if seen[usize::from(to)] != from as u32 {
                seen[usize::from(to)] = from as u32;
                count = count.saturating_add(1);
            }
        });
        if stopped {
            return None;
        }
        cells[from] = 0;
        out[from] = count;
    }
    Some(out)
}

/// Per colour, `bonus[colour][type * squares + sq]` in centipawns, and
/// per type whether it is royal.
pub struct Tables {
    pub bonus: [Vec<i16>; 2],
    pub royal: Vec<bool>,
}

/// Works the tables out for `rules`, whose type values are `values`.
pub fn tables(rules: &Ruleset, values: &[i32]) -> Tables {
    let geo = &rules.geometry;
    let n = geo.len();
    let types = rules.types.len();
    let share = TABLE_PATHS / rules.kinds.len().max(1);
    let royal_set = rules.royals.as_ref().unwrap_or(&rules.check_set);
    let royal: Vec<bool> = (0..types).map(|t| royal_set.contains(t as u16)).collect();
    // Reach for Black; White's is the same board turned half round.
    let reach: Vec<Option<Vec<u16>>> = (0..rules.kinds.len())
        .map(|k| {
            let royal_kind = royal[usize::from(rules.unpromoted_type(k))];
            if royal_kind { None } else { reach_table(rules, k, share) }
        })
        .collect();
    // Ranks short of the zone, per colour and square (None: no zone or
    // further than the table reaches).
    let zone_gap = |colour: Colour, sq: Square| -> Option<usize> {
        let p = rules.promotion.as_ref()?;
        let zone = &p.zone[colour.index()];
        let first = (0..n)
            .filter(|&s| zone[s])
            .map(|s| geo.relative_rank(s as Square, colour))
            .min()?;
        let gap = (first - geo.relative_rank(sq, colour)).max(0) as usize;
        (gap < ZONE_SHARE.len()).then_some(gap)
    };
    let mut bonus = [vec![0i16; types * n], vec![0i16; types * n]];
    let gaps: [Vec<Option<usize>>; 2] = Colour::BOTH.map(|c| (0..n).map(|s| zone_gap(c, s as Square)).collect());
    for (ty, t) in rules.types.iter().enumerate() {
        let gain = t
            .promotes_to
            .map_or(0, |p| (values[usize::from(p)] - values[ty]).max(0));
        let reach = reach[t.kind].as_ref();
        let mean = reach.map_or(0, |r| r.iter().map(|&x| i64::from(x)).sum::<i64>() / n.max(1) as i64) as i32;
        for colour in Colour::BOTH {
            for sq in 0..n {
                let mut b = 0i32;
                if let Some(r) = reach {
                    // White's square `sq` is Black's `n - 1 - sq`.
                    let own = if colour == Colour::Black { sq } else { n - 1 - sq };
                    b += REACH_WEIGHT * (i32::from(r[own]) - mean);
                }
                if let Some(g) = gaps[colour.index()][sq] {
                    b += gain * ZONE_SHARE[g] / 64;
                }
                bonus[colour.index()][ty * n + sq] = b.clamp(i16::MIN.into(), i16::MAX.into()) as i16;
            }
        }
    }
    Tables { bonus, royal }
}
