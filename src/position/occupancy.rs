//! Where each side's pieces stand: one bit per square and colour, kept
//! with the piece counts by the journalled setter and by taking a move
//! back, so that a side's pieces (or the empty squares) are found without
//! scanning the board.

use super::{Cell, cell_colour};
use crate::board::{Colour, Square};

/// One bit per square for each colour's pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Occupancy {
    /// Per colour, `words` words (bit `sq % 64` of word `sq / 64`).
    bits: [Vec<u64>; 2],
    /// The bits of the last word that are squares of the board.
    last_mask: u64,
}

impl Occupancy {
    /// The occupancy of a board.
    pub(crate) fn of(cells: &[Cell]) -> Occupancy {
        let words = cells.len().div_ceil(64);
        let tail = cells.len() % 64;
        let mut out = Occupancy {
            bits: [vec![0; words], vec![0; words]],
            last_mask: if tail == 0 { !0 } else { (1 << tail) - 1 },
        };
        for (sq, &c) in cells.iter().enumerate() {
            out.change(sq as Square, 0, c);
        }
        out
    }

    /// `sq` changes from `old` to `new`.
    #[inline]
    pub(crate) fn change(&mut self, sq: Square, old: Cell, new: Cell) {
        let (word, bit) = (usize::from(sq) / 64, 1u64 << (sq % 64));
        if old != 0 {
            self.bits[cell_colour(old).index()][word] &= !bit;
        }
        if new != 0 {
            self.bits[cell_colour(new).index()][word] |= bit;
        }
    }

    /// Whether `colour` has a piece on each of the 64 squares from `at`
    /// on: bit `i` for square `at + i` (0 past the board).
    #[inline]
    pub(crate) fn window(&self, colour: Colour, at: usize) -> u64 {
        let bits = &self.bits[colour.index()];
        let (word, shift) = (at / 64, at % 64);
        let low = bits.get(word).copied().unwrap_or(0) >> shift;
        // Shifted in two steps, so that a shift of 0 takes nothing from
        // the next word.
        let high = (bits.get(word + 1).copied().unwrap_or(0) << 1) << (63 - shift);
        low | high
    }

    /// The squares of `colour`'s pieces, in ascending order.
    #[inline]
    pub(crate) fn squares(&self, colour: Colour) -> Squares<'_> {
        let own = &self.bits[colour.index()];
        Squares::new(own, own, 0, self.last_mask)
    }

    /// The squares of every piece, in ascending order.
    #[inline]
    pub(crate) fn occupied(&self) -> Squares<'_> {
        Squares::new(&self.bits[0], &self.bits[1], 0, self.last_mask)
    }

    /// The empty squares, in ascending order.
    #[inline]
    pub(crate) fn empty(&self) -> Squares<'_> {
        Squares::new(&self.bits[0], &self.bits[1], !0, self.last_mask)
    }
}

/// Squares in ascending order: the set bits of `(a | b) ^ flip` over the
/// board's squares ([`Occupancy::squares`], `occupied`, `empty`).
pub(crate) struct Squares<'a> {
    a: &'a [u64],
    b: &'a [u64],
    flip: u64,
    last_mask: u64,
    /// The next word to read.
    next: usize,
    /// The first square of the word being read.
    base: usize,
    /// The bits of that word not yet handed out.
    bits: u64,
}

impl<'a> Squares<'a> {
    fn new(a: &'a [u64], b: &'a [u64], flip: u64, last_mask: u64) -> Self {
        Squares {
            a,
            b,
            flip,
            last_mask,
            next: 0,
            base: 0,
            bits: 0,
        }
    }
}

impl Iterator for Squares<'_> {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.bits == 0 {
            let i = self.next;
            let (&a, &b) = (self.a.get(i)?, self.b.get(i)?);
            let mut word = (a | b) ^ self.flip;
            if i + 1 == self.a.len() {
                word &= self.last_mask;
            }
            self.bits = word;
            self.base = i * 64;
            self.next = i + 1;
        }
        let at = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some((self.base + at) as Square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::cell;

    #[test]
    fn squares_are_listed_by_colour_and_emptiness_in_order() {
        // 70 squares: two words, the second partly off the board.
        let mut cells = vec![0 as Cell; 70];
        cells[3] = cell(Colour::Black, 0);
        cells[64] = cell(Colour::Black, 1);
        cells[5] = cell(Colour::White, 0);
        cells[69] = cell(Colour::White, 2);
        let occ = Occupancy::of(&cells);
        assert_eq!(occ.squares(Colour::Black).collect::<Vec<_>>(), [3, 64]);
        assert_eq!(occ.squares(Colour::White).collect::<Vec<_>>(), [5, 69]);
        assert_eq!(occ.occupied().collect::<Vec<_>>(), [3, 5, 64, 69]);
        let empty: Vec<Square> = occ.empty().collect();
        assert_eq!(empty.len(), 66);
        assert!(empty.iter().all(|&sq| cells[usize::from(sq)] == 0 && sq < 70));
    }

    /// A window is the bits of the 64 squares from its start, whatever
    /// the start's place in a word.
    #[test]
    fn a_window_holds_the_next_64_squares() {
        let mut cells = vec![0 as Cell; 150];
        for sq in [0, 1, 63, 64, 70, 127, 128, 149] {
            cells[sq] = cell(Colour::White, 0);
        }
        cells[65] = cell(Colour::Black, 0);
        let occ = Occupancy::of(&cells);
        for at in 0..cells.len() + 70 {
            let expected = (0..64)
                .filter(|i| {
                    cells
                        .get(at + i)
                        .is_some_and(|&c| c != 0 && cell_colour(c) == Colour::White)
                })
                .fold(0u64, |bits, i| bits | 1 << i);
            assert_eq!(occ.window(Colour::White, at), expected, "from {at}");
        }
    }

    #[test]
    fn a_change_moves_the_bit() {
        let mut cells = vec![0 as Cell; 64];
        cells[10] = cell(Colour::White, 0);
        let mut occ = Occupancy::of(&cells);
        occ.change(10, cells[10], cell(Colour::Black, 1));
        occ.change(63, 0, cell(Colour::White, 0));
        assert_eq!(occ.squares(Colour::Black).collect::<Vec<_>>(), [10]);
        assert_eq!(occ.squares(Colour::White).collect::<Vec<_>>(), [63]);
        assert_eq!(occ.empty().count(), 62);
    }

    /// Playing and taking back moves keeps the occupancy that of the board.
    #[test]
    fn play_and_unplay_keep_the_occupancy_of_the_board() {
        use crate::movegen::legal_moves;
        use crate::position::Position;
        // Every bundled variant: captures, promotions, drops, burning by
        // an aura, range captures.
        for (variant, _) in crate::rules::BUNDLED {
            let rules = crate::rules::load_variant(variant, &[]).expect("bundled variant compiles");
            let mut pos = Position::start(rules);
            let mut undos = Vec::new();
            let mut moves = Vec::new();
            for ply in 0..60 {
                legal_moves(&pos, &mut moves).unwrap();
                if moves.is_empty() {
                    break;
                }
                // Prefer captures, so that pieces leave the board.
                let captures: Vec<_> = moves.iter().filter(|m| pos.cells[usize::from(m.to())] != 0).collect();
                let m = *if captures.is_empty() {
                    &moves[ply * 7 % moves.len()]
                } else {
                    captures[ply % captures.len()]
                };
                undos.push(pos.play_unchecked(&m));
                assert_eq!(pos.occupancy, Occupancy::of(&pos.cells), "{variant} after ply {ply}");
            }
            while let Some(undo) = undos.pop() {
                pos.unplay(&undo);
                assert_eq!(pos.occupancy, Occupancy::of(&pos.cells), "{variant} taken back");
            }
        }
    }
}
