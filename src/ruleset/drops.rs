//! Hands and drops.

use super::TypeId;
use crate::board::Colour;
use crate::dsl::{Expr, TypeSet};

/// Hands and drops.
#[derive(Clone, Debug)]
pub struct Drops {
    /// Drop place: true makes a drop illegal.
    pub forbid: Option<Expr>,
    /// `to_hand[type]`: what a captured piece of this type becomes in the
    /// captor's hand (`None`: it does not go to the hand).
    pub to_hand: Vec<Option<TypeId>>,
    /// The types a hand can hold, in the order drops are generated and
    /// hands are written.
    pub hand_types: Vec<TypeId>,
    /// Types that may also be dropped promoted.
    pub promoted_drops: TypeSet,
    /// Zobrist keys of hand contents: `hand_keys[(colour * types + type) *
    /// HAND_KEYS + min(count, HAND_KEYS - 1)]`, zero for a count of zero.
    pub hand_keys: Vec<u64>,
}

/// Distinct hand counts the hash tells apart (larger counts share a key).
pub const HAND_KEYS: usize = 64;

impl Drops {
    /// The hash contribution of `count` pieces of `ty` in `colour`'s hand.
    #[inline]
    pub fn hand_key(&self, types: usize, colour: Colour, ty: TypeId, count: u16) -> u64 {
        let i = (colour.index() * types + usize::from(ty)) * HAND_KEYS + usize::from(count).min(HAND_KEYS - 1);
        self.hand_keys[i]
    }
}
