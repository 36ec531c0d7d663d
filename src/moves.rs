//! The move vocabulary: [`Move`] (a fully specified path with its shots
//! and promotion choice), [`Promotion`], and the fixed limits of a path.
//! It is a leaf: `compile` checks programs against [`MAX_LEGS`], the
//! position layer hashes moves, and the move generator makes them.

use crate::board::{NO_SQUARE, Square};
use crate::ruleset::TypeId;

/// Most legs one move may have.
pub const MAX_LEGS: usize = 6;
/// Most shots one move may fire.
pub const MAX_SHOTS: usize = 4;

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
}

impl Move {
    /// A drop of a piece of type `ty` on `to`.
    pub(crate) fn dropping(ty: TypeId, to: Square) -> Move {
        let mut path = [NO_SQUARE; MAX_LEGS];
        path[0] = to;
        Move {
            from: to,
            path,
            len: 1,
            promotion: Promotion::None,
            shots: [NO_SQUARE; MAX_SHOTS],
            shot_after: [0; MAX_SHOTS],
            n_shots: 0,
            chain: 0,
            drop: Some(ty),
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
    /// The shots fired after landing `i`.
    pub fn shots_after(&self, i: usize) -> impl Iterator<Item = Square> + '_ {
        (0..usize::from(self.n_shots))
            .filter(move |&j| usize::from(self.shot_after[j]) == i)
            .map(|j| self.shots[j])
    }
}
