//! Where the enemies of the side whose shooters are walked stand, as one
//! bitmask of files per rank ([`EnemyRows`]), so that a shot (or a whole
//! shooter's walk) with no enemy within its range is not scanned for
//! targets.

use crate::board::{Colour, MAX_SIDE};

/// Where the enemies of the side whose shooters are walked stand, one
/// bitmask of files per rank: worked out at the walk's first shooter, so
/// that a shot from a square with no enemy on its eight lines within range
/// (most of them in Ko, whose armies start seven ranks apart) scans
/// nothing. Pieces only leave the board during a move, so an enemy the
/// move has taken away at most makes a line look worth scanning.
#[derive(Clone, Copy)]
pub(crate) struct EnemyRows {
    /// The side whose enemies are listed (`None`: not worked out).
    of: Option<Colour>,
    rows: [u64; MAX_SIDE as usize],
}

impl EnemyRows {
    /// Not worked out yet.
    pub(crate) const UNKNOWN: EnemyRows = EnemyRows {
        of: None,
        rows: [0; MAX_SIDE as usize],
    };

    /// None yet of the enemies of `colour`.
    pub(super) fn of(colour: Colour) -> EnemyRows {
        EnemyRows {
            of: Some(colour),
            ..EnemyRows::UNKNOWN
        }
    }

    /// An enemy stands on file `x` of rank `y`.
    pub(super) fn add(&mut self, x: usize, y: usize) {
        if let Some(row) = self.rows.get_mut(y) {
            *row |= 1u64.checked_shl(x as u32).unwrap_or(0);
        }
    }

    /// Are these the enemies of `colour`?
    pub(super) fn lists_enemies_of(&self, colour: Colour) -> bool {
        self.of == Some(colour)
    }

    /// Is an enemy within `range` squares of (`x`, `y`) on one of the
    /// eight lines? (Files and ranks are below `MAX_SIDE`.)
    pub(super) fn on_lines(&self, x: usize, y: usize, range: usize) -> bool {
        let bit = |x: usize| 1u64.checked_shl(x as u32).unwrap_or(0);
        let row = |y: usize| self.rows.get(y).copied().unwrap_or(0);
        let r = range.min(MAX_SIDE as usize);
        if x >= MAX_SIDE as usize {
            return true;
        }
        // Along the rank, both ways at once: files x - r ..= x + r but x
        // (where the shooter stands, perhaps having taken an enemy there).
        let along = (u64::MAX >> (63 - (x + r).min(63))) & (u64::MAX << x.saturating_sub(r).min(63)) & !bit(x);
        if row(y) & along != 0 {
            return true;
        }
        (1..=r).any(|k| {
            let files = bit(x) | bit(x + k) | x.checked_sub(k).map_or(0, bit);
            (row(y + k) | y.checked_sub(k).map_or(0, row)) & files != 0
        })
    }

    /// Is an enemy within `d` king steps of (`x`, `y`)?
    pub(super) fn in_box(&self, x: usize, y: usize, d: usize) -> bool {
        let d = d.min(MAX_SIDE as usize);
        if x >= MAX_SIDE as usize {
            return true;
        }
        let files = (u64::MAX >> (63 - (x + d).min(63))) & (u64::MAX << x.saturating_sub(d).min(63));
        let ranks = y.saturating_sub(d)..=(y + d).min(MAX_SIDE as usize - 1);
        self.rows
            .get(ranks)
            .is_none_or(|rows| rows.iter().any(|&row| row & files != 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::effects::SHOT_LINES;

    /// `on_lines` agrees with stepping along the eight lines square by
    /// square, and `in_box` with the king-step distance of every enemy, on
    /// boards up to the largest, with ranges past their edges.
    #[test]
    fn enemy_rows_see_what_the_lines_reach() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut hits = 0;
        for (w, h) in [(1, 1), (5, 3), (19, 19), (36, 36), (36, 7)] {
            for _ in 0..40 {
                let mut rows = EnemyRows::UNKNOWN;
                let mut enemy = vec![false; w * h];
                for _ in 0..next(6) {
                    let (x, y) = (next(w as u64) as usize, next(h as u64) as usize);
                    enemy[y * w + x] = true;
                    rows.add(x, y);
                }
                for y in 0..h {
                    for x in 0..w {
                        for range in [0, 1, 2, 5, 7, 40, 64] {
                            let seen = SHOT_LINES.iter().any(|&(dx, dy)| {
                                (1..=range as i32).any(|k| {
                                    let (tx, ty) = (x as i32 + dx * k, y as i32 + dy * k);
                                    (0..w as i32).contains(&tx)
                                        && (0..h as i32).contains(&ty)
                                        && enemy[ty as usize * w + tx as usize]
                                })
                            });
                            assert_eq!(rows.on_lines(x, y, range), seen, "{w}x{h} ({x}, {y}) range {range}");
                            let near = (0..h).any(|ty| {
                                (0..w).any(|tx| enemy[ty * w + tx] && tx.abs_diff(x).max(ty.abs_diff(y)) <= range)
                            });
                            assert_eq!(rows.in_box(x, y, range), near, "{w}x{h} ({x}, {y}) box {range}");
                            hits += usize::from(seen);
                        }
                    }
                }
            }
        }
        assert!(hits > 1000);
    }
}
