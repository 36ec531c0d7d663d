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
    /// HAND_KEYS + count]` for counts below [`HAND_KEYS`], zero for a
    /// count of zero ([`Drops::hand_key`] works out the larger ones).
    pub hand_keys: Vec<u64>,
}

/// Pieces in hand as written in a setup or read from text: per colour,
/// (type, count).
pub type Hands = [Vec<(TypeId, u16)>; 2];

/// The error for a hand count out of range, in `[setup] hand`, position
/// text and SFEN.
pub const HAND_COUNT_RANGE: &str = "a hand holds 1 to 65535 pieces of a kind";

/// Adds a hand entry read from text (`COUNT` pieces of `ty`). A type given
/// twice (`P,2P`, `P2P`) adds up; the total may not pass what a hand count
/// holds (`u16::MAX`), so that every hand read, and every hand a game
/// reaches from it (captures stop at the same bound), is written back as
/// text that reads.
pub fn add_to_hand(hands: &mut Hands, colour: Colour, ty: TypeId, count: u16) -> Result<(), String> {
    let hand = &mut hands[colour.index()];
    match hand.iter_mut().find(|(t, _)| *t == ty) {
        Some((_, n)) => *n = n.checked_add(count).ok_or_else(|| HAND_COUNT_RANGE.to_string())?,
        None => hand.push((ty, count)),
    }
    Ok(())
}

/// Hand counts whose keys are kept in a table; the keys of larger counts
/// are worked out from the count.
pub const HAND_KEYS: usize = 64;

impl Drops {
    /// The hash contribution of `count` pieces of `ty` in `colour`'s hand:
    /// a different key for every count a hand may hold (0 to 65,535), so
    /// that two hands that differ never share a key by construction (only
    /// by a 64-bit collision, which repetition checks against the
    /// positions themselves).
    #[inline]
    pub fn hand_key(&self, types: usize, colour: Colour, ty: TypeId, count: u16) -> u64 {
        let slot = (colour.index() * types + usize::from(ty)) * HAND_KEYS;
        match self.hand_keys.get(slot + usize::from(count)) {
            Some(&k) if usize::from(count) < HAND_KEYS => k,
            // The slot's count-1 key mixed with the count (Murmur3's
            // finaliser): as random as the table's keys.
            _ => {
                let mut x = self.hand_keys.get(slot + 1).copied().unwrap_or(0) ^ u64::from(count) << 40;
                x = (x ^ x >> 33).wrapping_mul(0xff51_afd7_ed55_8ccd);
                x = (x ^ x >> 33).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
                x ^ x >> 33
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every count a hand may hold has its own key (issue 22: counts from
    /// 63 up shared one, so a hand of 64 pawns hashed as one of 70).
    #[test]
    fn every_hand_count_has_its_own_key() {
        let keys = (0..2 * 3 * HAND_KEYS as u64)
            .map(|i| {
                if i % HAND_KEYS as u64 == 0 {
                    0
                } else {
                    i.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                }
            })
            .collect();
        let drops = Drops {
            forbid: None,
            to_hand: Vec::new(),
            hand_types: Vec::new(),
            promoted_drops: TypeSet::default(),
            hand_keys: keys,
        };
        for colour in [Colour::Black, Colour::White] {
            for ty in 0..3 {
                let mut seen: Vec<u64> = (0..=u16::MAX).map(|n| drops.hand_key(3, colour, ty, n)).collect();
                assert_eq!(seen[0], 0, "an empty hand adds nothing");
                seen.sort_unstable();
                seen.dedup();
                assert_eq!(seen.len(), 1 << 16, "{colour:?} type {ty}");
            }
        }
    }
}
