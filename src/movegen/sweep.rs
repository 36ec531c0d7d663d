//! Range captures seen from a path being walked: the pieces a leg with
//! `captures_passed` takes by passing over them. Conditions on the move
//! (`captured(K)`) and the board after the move read them here; `play`
//! removes them through `position::for_swept`, from the finished `Move`.

use super::Walker;
use crate::board::Square;
use crate::moves::between;
use crate::position::Cell;

impl Walker<'_> {
    /// Calls `f` with each piece the range captures of this path have
    /// taken so far (strictly between a sweeping landing and the point
    /// before it), as the board stands during the move.
    pub(crate) fn for_swept(&self, mut f: impl FnMut(Square, Cell)) {
        for i in (0..self.len).filter(|&i| self.swept[i] > 0) {
            let a = if i == 0 { self.from } else { self.path[i - 1] };
            for sq in between(&self.rules.geometry, a, self.path[i]) {
                let c = self.occupant(sq);
                if c != 0 && self.sweeps_away(c) {
                    f(sq, c);
                }
            }
        }
    }
}
