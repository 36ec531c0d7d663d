//! Positions: the board, the side to move, and the history that rules
//! depend on (the previous move's captures, earlier positions for the
//! repetition rule, a pending answerable win).
//!
//! A `Position` is only made from a ruleset's setup or from parsed text, and
//! only changed by playing legal moves (`crate::play`, through the
//! journalled setters of `change`), so it is always
//! consistent with its ruleset.

mod aura_hash;
mod change;
mod hash;
mod occupancy;
mod sfen;
mod text;
mod tsfen;

pub(crate) use change::{for_swept, placed_cell, promoted, victims};
pub(crate) use hash::hash_after;
pub(crate) use occupancy::{Occupancy, Squares};

pub use sfen::{parse_usi_square, usi_square};
pub use text::PositionError;
pub use tsfen::{MAX_TSFEN_LEN, TsfenDialect, TsfenInfo};

use crate::board::{Colour, Square};
use crate::ruleset::{Result3, Ruleset, TypeId};
use std::sync::Arc;

/// A board cell: 0 is empty, otherwise `(type + 1) << 1 | colour`.
pub(crate) type Cell = u16;

#[inline]
pub(crate) fn cell(colour: Colour, ty: TypeId) -> Cell {
    ((ty + 1) << 1) | colour as u16
}
#[inline]
pub(crate) fn cell_type(c: Cell) -> TypeId {
    (c >> 1) - 1
}
#[inline]
pub(crate) fn cell_colour(c: Cell) -> Colour {
    if c & 1 == 0 { Colour::Black } else { Colour::White }
}

/// What the previous move did, as far as rules can ask about it. The
/// pieces it killed are [`Position::last_captures`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LastMove {
    /// The moving piece's type before it moved (None: unknown, e.g. a
    /// position read from a format that does not record it).
    pub mover: Option<TypeId>,
    pub to: Option<Square>,
    /// Where this move's kills are in the position's kill log.
    pub(crate) first_kill: u32,
    pub(crate) n_kills: u32,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The result for Black (White's is the mirror).
    pub black: Result3,
    pub reason: EndReason,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// A side met the rule file's `loses_when` condition.
    Lost,
    /// A `wins_when` condition (index into the ruleset's list).
    Won(u8),
    /// An answerable win was answered in kind.
    Answered,
    Repetition,
    NoMoves,
    /// `[victory.move_limit]`: enough moves were played.
    MoveLimit,
}

impl Outcome {
    pub fn winner(&self) -> Option<Colour> {
        match self.black {
            Result3::Win => Some(Colour::Black),
            Result3::Loss => Some(Colour::White),
            Result3::Draw => None,
        }
    }
    pub fn for_side(side: Colour, result: Result3, reason: EndReason) -> Outcome {
        let black = match (side, result) {
            (Colour::Black, r) => r,
            (Colour::White, Result3::Win) => Result3::Loss,
            (Colour::White, Result3::Loss) => Result3::Win,
            (Colour::White, Result3::Draw) => Result3::Draw,
        };
        Outcome { black, reason }
    }
}

/// A position of a variant.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) rules: Arc<Ruleset>,
    pub(crate) cells: Vec<Cell>,
    pub(crate) side: Colour,
    pub(crate) last: LastMove,
    /// Every kill of the moves played, oldest first, as (square, type):
    /// the last move's are the tail that `last` points at. One log for the
    /// whole game, so that a move may kill any number of pieces without
    /// allocating (it is truncated when a move is taken back).
    pub(crate) kill_log: Vec<(Square, TypeId)>,
    /// Piece counts: `counts[colour][type]`.
    pub(crate) counts: [Vec<u16>; 2],
    /// Where each side's pieces stand ([`Position::pieces`]).
    pub(crate) occupancy: Occupancy,
    pub(crate) hash: u64,
    /// Per colour, the Zobrist keys of its pieces on the board and in hand
    /// (`hash` is both, with the side-to-move key).
    pub(crate) side_hash: [u64; 2],
    /// Hashes of earlier positions of this game, oldest first.
    pub(crate) history: Vec<u64>,
    /// For each earlier position (parallel to `history`), the journal's
    /// length then, so that a position whose hash matches an earlier one
    /// can be compared with it square by square (`Position::same_as_earlier`).
    pub(crate) history_journal: Vec<usize>,
    /// For each earlier position (parallel to `history`), the `side_hash`
    /// of its side to move: the repetition filter's test of which earlier
    /// positions a move that captures nothing could recreate.
    pub(crate) history_own: Vec<u64>,
    /// For each move of this game (parallel to `history`), whether it gave
    /// check; kept only under the creator-loses repetition policy.
    pub(crate) checks: Vec<bool>,
    /// The moves counted towards `[victory.move_limit]` so far (all, or
    /// those since the last capture or promotion); 0 without a limit.
    pub(crate) counted_plies: u32,
    pub(crate) outcome: Option<Outcome>,
    /// A win that the opponent may still answer (side, index of the win).
    pub(crate) pending_win: Option<(Colour, u8)>,
    /// A side whose `loses_when` is not judged: the attacker of a mate
    /// problem set up without a royal (set by `mate::solve` only).
    pub(crate) spared: Option<Colour>,
    /// Kill history, for rules about "X has been killed": per side, one bit
    /// per piece type (the first 256 types).
    pub(crate) killed: [[u64; 4]; 2],
    /// Squares changed by the moves played, with their old contents, so
    /// that moves can be taken back. Hand changes are journalled too, under
    /// [`hand_entry`] keys, with the old count.
    pub(crate) journal: Vec<(Square, Cell)>,
    /// Pieces in hand: `hands[colour][type]` (variants with drops).
    pub(crate) hands: [Vec<u16>; 2],
}

pub(crate) use crate::ruleset::{HAND_COUNT_RANGE, Hands, add_to_hand};

/// Journal keys at or above this stand for a hand, not a square (boards
/// have far fewer squares).
pub(crate) const HAND_ENTRY: Square = 0x8000;

/// The journal key of `colour`'s hand count of `ty`.
#[inline]
pub(crate) fn hand_entry(colour: Colour, ty: TypeId) -> Square {
    HAND_ENTRY | (colour as Square) << 14 | ty
}

impl Position {
    /// The variant's setup, unjudged ([`Position::start`] judges it).
    pub(crate) fn setup_of(rules: Arc<Ruleset>) -> Position {
        let mut cells = vec![0; rules.geometry.len()];
        for &(sq, col, ty) in &rules.setup {
            cells[usize::from(sq)] = cell(col, ty);
        }
        let side = rules.first;
        let start = rules.clone();
        Position::from_parts(rules, cells, side, LastMove::default(), Vec::new()).with_hands(&start.setup_hands)
    }

    /// A position from its board and last move (`last_kills`: the pieces
    /// that move killed, in order).
    pub(crate) fn from_parts(
        rules: Arc<Ruleset>,
        cells: Vec<Cell>,
        side: Colour,
        last: LastMove,
        last_kills: Vec<(Square, TypeId)>,
    ) -> Position {
        let last = LastMove {
            first_kill: 0,
            n_kills: last_kills.len() as u32,
            ..last
        };
        let n = rules.types.len();
        let mut counts = [vec![0u16; n], vec![0u16; n]];
        for &c in cells.iter().filter(|&&c| c != 0) {
            counts[cell_colour(c).index()][usize::from(cell_type(c))] += 1;
        }
        let occupancy = Occupancy::of(&cells);
        let side_hash = Colour::BOTH.map(|c| hash::side_board_hash(&rules, &cells, c));
        let hash = hash::board_hash(&rules, &cells, side);
        Position {
            rules,
            cells,
            side,
            last,
            kill_log: last_kills,
            counts,
            occupancy,
            hash,
            side_hash,
            history: Vec::new(),
            history_journal: Vec::new(),
            history_own: Vec::new(),
            checks: Vec::new(),
            counted_plies: 0,
            killed: [[0; 4]; 2],
            journal: Vec::new(),
            hands: [vec![0; n], vec![0; n]],
            outcome: None,
            pending_win: None,
            spared: None,
        }
    }

    pub fn rules(&self) -> &Arc<Ruleset> {
        &self.rules
    }
    pub fn side_to_move(&self) -> Colour {
        self.side
    }
    /// The piece on a square: colour and type.
    pub fn piece_at(&self, sq: Square) -> Option<(Colour, TypeId)> {
        let c = self.cells[usize::from(sq)];
        (c != 0).then(|| (cell_colour(c), cell_type(c)))
    }
    pub fn last_move(&self) -> &LastMove {
        &self.last
    }
    /// The pieces the previous move killed, in the order they died, as
    /// (square, type at death). Empty when unknown or none.
    pub fn last_captures(&self) -> &[(Square, TypeId)] {
        let start = self.last.first_kill as usize;
        self.kill_log
            .get(start..start + self.last.n_kills as usize)
            .unwrap_or(&[])
    }
    /// The game's result, if it is over (no legal moves are generated then).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    /// The Zobrist hash of pieces and side to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Whether a piece of `colour` was killed while of type `ty`.
    pub fn was_killed(&self, colour: Colour, ty: TypeId) -> bool {
        ty < 256 && self.killed[colour.index()][usize::from(ty >> 6)] >> (ty & 63) & 1 == 1
    }

    pub(crate) fn mark_killed(&mut self, colour: Colour, ty: TypeId) {
        if ty < 256 && self.rules.tracked_kills[usize::from(ty >> 6)] >> (ty & 63) & 1 == 1 {
            self.killed[colour.index()][usize::from(ty >> 6)] |= 1 << (ty & 63);
        }
    }

    /// The squares of `colour`'s pieces, in ascending order.
    #[inline]
    pub(crate) fn pieces(&self, colour: Colour) -> Squares<'_> {
        self.occupancy.squares(colour)
    }

    /// The squares of every piece on the board, in ascending order.
    #[inline]
    pub(crate) fn occupied(&self) -> Squares<'_> {
        self.occupancy.occupied()
    }

    /// The empty squares, in ascending order.
    #[inline]
    pub(crate) fn empty_squares(&self) -> Squares<'_> {
        self.occupancy.empty()
    }

    pub fn count(&self, colour: Colour, ty: TypeId) -> u16 {
        self.counts[colour.index()][usize::from(ty)]
    }

    /// How many pieces of type `ty` `colour` holds in hand.
    pub fn in_hand(&self, colour: Colour, ty: TypeId) -> u16 {
        self.hands[colour.index()].get(usize::from(ty)).copied().unwrap_or(0)
    }

    /// The position with these hands (`hands[colour]`: (type, count)),
    /// hash included.
    pub(crate) fn with_hands(mut self, hands: &Hands) -> Position {
        let rules = self.rules.clone();
        let Some(drops) = &rules.drops else { return self };
        for colour in Colour::BOTH {
            for &(ty, n) in &hands[colour.index()] {
                let slot = &mut self.hands[colour.index()][usize::from(ty)];
                let old = drops.hand_key(rules.types.len(), colour, ty, *slot);
                *slot = slot.saturating_add(n);
                let change = old ^ drops.hand_key(rules.types.len(), colour, ty, *slot);
                self.hash ^= change;
                self.side_hash[colour.index()] ^= change;
            }
        }
        self
    }
}
