//! The move vocabulary: [`Move`] (a fully specified path with its shots
//! and promotion choice), [`Promotion`], and the fixed limits of a path.
//! It is a leaf: `compile` checks programs against [`MAX_LEGS`], the
//! position layer hashes moves, and the move generator makes them.
//!
//! It also holds the move budget: the most moves one position may have
//! ([`move_limit`], [`MAX_MOVES`] unless raised by [`set_move_limit`]), which
//! every list of moves passes through (`movegen::legal_moves`), and the error
//! ([`TooManyMoves`]) that every door reports when a position has more.

use crate::board::{Geometry, NO_SQUARE, Square};
use crate::ruleset::TypeId;

/// Most legs one move may have.
pub const MAX_LEGS: usize = 6;
/// Most shots one move may fire.
pub const MAX_SHOTS: usize = 4;

/// The most moves one position may have, unless raised: a list of them
/// takes about 36 MB. The bundled variants stay far below (their start
/// positions have at most 307, Tai's); a rule file of a few KB could
/// otherwise ask for about 10^10.
pub const MAX_MOVES: usize = 1_000_000;
/// The most [`set_move_limit`] accepts: a list of that many moves takes
/// about 360 MB, up to twice that while it grows.
pub const MAX_MOVE_LIMIT: usize = 10_000_000;

/// The budget in force for this process (see [`move_limit`]).
static MOVE_LIMIT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(MAX_MOVES);

/// The most moves one position may have in this process: [`MAX_MOVES`]
/// unless [`set_move_limit`] changed it.
#[inline]
pub fn move_limit() -> usize {
    MOVE_LIMIT.load(std::sync::atomic::Ordering::Relaxed)
}

/// Sets the most moves one position may have, for every position of this
/// process from now on (`gunbai --move-budget N`). Refuses 0 and anything above
/// [`MAX_MOVE_LIMIT`], naming the range.
pub fn set_move_limit(limit: usize) -> Result<(), String> {
    if !(1..=MAX_MOVE_LIMIT).contains(&limit) {
        return Err(format!(
            "the move limit must be from 1 to {MAX_MOVE_LIMIT} moves per position, not {limit}"
        ));
    }
    MOVE_LIMIT.store(limit, std::sync::atomic::Ordering::Relaxed);
    Ok(())
}

/// A position has more moves than the move budget allows ([`move_limit`]):
/// generating them stopped there. Every door reports it as an error (the
/// CLI with exit status 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyMoves {
    /// The limit that was exceeded.
    pub limit: usize,
}

impl std::fmt::Display for TooManyMoves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "this position has more than {} moves, the most one position may have; \
             `gunbai --move-budget N` raises the limit (up to {MAX_MOVE_LIMIT})",
            self.limit
        )
    }
}

impl std::error::Error for TooManyMoves {}

/// The bit of [`Move::sweep`] that says the range capture spares the
/// mover's own pieces it passes (`spares_own`).
pub(crate) const SWEEP_SPARES_OWN: u8 = 0x80;

/// What happens to promotion at the end of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Promotion {
    /// Promotion was not possible.
    None,
    /// The piece promotes (by choice or because it must).
    Promote,
    /// The piece promotes, and its side promotes the pieces the rule
    /// file's `also_promote` names along with it.
    PromoteWithChain,
    /// Promotion was possible and declined.
    Decline,
    /// A promoted piece moved and turns back into its kind before
    /// promotion (`revert_on_move`).
    Revert,
}

/// A move: the origin, every landing square in order, the shots fired
/// (each after a given landing) and the promotion choice. Two moves are
/// equal only if all of it is equal.
///
/// Moves come only from the move generator ([`crate::movegen::legal_moves`]) or from
/// reading text ([`crate::notation::parse_move`]), so a `Move` always
/// describes a path some piece can take; its parts are read through the
/// accessors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: Square,
    pub(crate) path: [Square; MAX_LEGS],
    pub(crate) len: u8,
    pub(crate) promotion: Promotion,
    pub(crate) shots: [Square; MAX_SHOTS],
    /// The landing (index into `path`) each shot follows.
    pub(crate) shot_after: [u8; MAX_SHOTS],
    pub(crate) n_shots: u8,
    /// With [`Promotion::PromoteWithChain`]: which of the pieces that may
    /// promote along (see [`crate::movegen::chain_candidates`], in that order) do.
    pub(crate) chain: u16,
    /// A drop from the hand: the type placed (`from` and the one landing
    /// are the drop square).
    pub(crate) drop: Option<TypeId>,
    /// Landings (one bit each, below [`SWEEP_SPARES_OWN`]) reached by a
    /// range capture: every piece strictly between the previous point of
    /// the path and that landing is captured, the mover's own ones too
    /// unless the [`SWEEP_SPARES_OWN`] bit is set.
    pub(crate) sweep: u8,
}

impl Move {
    /// A drop of a piece of type `ty` on `to`.
    pub(crate) fn dropping(ty: TypeId, to: Square) -> Move {
        Move {
            drop: Some(ty),
            ..Move::landing_once(to, to)
        }
    }
    /// A move from `from` with the one landing `to`: no shot, no range
    /// capture, no promotion.
    #[inline(always)]
    pub(crate) fn landing_once(from: Square, to: Square) -> Move {
        Move {
            from,
            path: [to, NO_SQUARE, NO_SQUARE, NO_SQUARE, NO_SQUARE, NO_SQUARE],
            len: 1,
            promotion: Promotion::None,
            shots: [NO_SQUARE; MAX_SHOTS],
            shot_after: [0; MAX_SHOTS],
            n_shots: 0,
            chain: 0,
            drop: None,
            sweep: 0,
        }
    }
    /// The type a drop places, or `None` for a move of a piece on the board.
    pub fn dropped(&self) -> Option<TypeId> {
        self.drop
    }
    /// The square the piece starts on (for a drop, the drop square).
    pub fn from(&self) -> Square {
        self.from
    }
    /// Every square the piece lands on, in order (at least one).
    pub fn landings(&self) -> &[Square] {
        &self.path[..usize::from(self.len)]
    }
    /// The final square.
    pub fn to(&self) -> Square {
        self.path[usize::from(self.len) - 1]
    }
    /// The promotion choice.
    pub fn promotion(&self) -> Promotion {
        self.promotion
    }
    /// With [`Promotion::PromoteWithChain`], which of the pieces that may
    /// promote along (see [`crate::movegen::chain_candidates`], in that order) do, one bit
    /// each.
    pub fn chain(&self) -> u16 {
        self.chain
    }
    /// Every square shot at, in the order fired.
    pub fn shots(&self) -> &[Square] {
        &self.shots[..usize::from(self.n_shots)]
    }
    /// Whether landing `i` was reached by a range capture, which captures
    /// every piece it passed over on the way there.
    pub fn sweeps_to(&self, i: usize) -> bool {
        i < MAX_LEGS && self.sweep >> i & 1 == 1
    }
    /// Whether the range capture leaves the mover's own pieces it passes
    /// on the board (it takes only enemies).
    pub fn sweep_spares_own(&self) -> bool {
        self.sweep & SWEEP_SPARES_OWN != 0
    }
    /// The squares strictly between landing `i` and the point before it
    /// (the origin, or landing `i - 1`), when they lie on one line.
    pub fn squares_before<'g>(&self, geo: &'g Geometry, i: usize) -> impl Iterator<Item = Square> + 'g {
        let a = if i == 0 { self.from } else { self.path[i - 1] };
        between(geo, a, self.path[i])
    }
    /// The shots fired after landing `i`.
    pub fn shots_after(&self, i: usize) -> impl Iterator<Item = Square> + '_ {
        (0..usize::from(self.n_shots))
            .filter(move |&j| usize::from(self.shot_after[j]) == i)
            .map(|j| self.shots[j])
    }
}

/// The squares strictly between `a` and `b` on their common line (none if
/// they share no line).
pub(crate) fn between(geo: &Geometry, a: Square, b: Square) -> impl Iterator<Item = Square> + '_ {
    let ((x0, y0), (x1, y1)) = (geo.xy(a), geo.xy(b));
    let (dx, dy) = (x1 - x0, y1 - y0);
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    let steps = if straight { dx.abs().max(dy.abs()) } else { 0 };
    (1..steps).filter_map(move |k| geo.square(x0 + dx.signum() * k, y0 + dy.signum() * k))
}
