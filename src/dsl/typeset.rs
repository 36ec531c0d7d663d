//! `TypeSet`: a set of compiled piece types, as a bitset over type ids.
//! Conditions, restrictions and the kill history use it; it knows nothing
//! of names.

/// A set of compiled piece types, as a bitset over type ids.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TypeSet {
    bits: Vec<u64>,
}

impl TypeSet {
    pub fn with_capacity(types: usize) -> Self {
        TypeSet {
            bits: vec![0; types.div_ceil(64).max(1)],
        }
    }
    pub fn insert(&mut self, ty: u16) {
        let i = usize::from(ty >> 6);
        if i >= self.bits.len() {
            self.bits.resize(i + 1, 0);
        }
        self.bits[i] |= 1 << (ty & 63);
    }
    #[inline]
    pub fn contains(&self, ty: u16) -> bool {
        self.bits
            .get(usize::from(ty >> 6))
            .is_some_and(|w| w >> (ty & 63) & 1 == 1)
    }
    pub fn union_with(&mut self, other: &TypeSet) {
        if other.bits.len() > self.bits.len() {
            self.bits.resize(other.bits.len(), 0);
        }
        for (a, b) in self.bits.iter_mut().zip(&other.bits) {
            *a |= b;
        }
    }
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|w| *w == 0)
    }
    /// Whether any type of this set is marked in a fixed 256-type bitset.
    #[inline]
    pub fn meets(&self, flags: &[u64; 4]) -> bool {
        self.bits.iter().zip(flags).any(|(a, b)| a & b != 0)
    }
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        // One step per member, not per bit: `count` and the kill-history
        // checks walk sets on every judged move.
        self.bits.iter().enumerate().flat_map(|(i, &w)| {
            let mut rest = w;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let b = rest.trailing_zeros();
                    rest &= rest - 1;
                    (i * 64) as u16 + b as u16
                })
            })
        })
    }
}
