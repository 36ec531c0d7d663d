//! The transposition table: buckets of four compact entries (16 bytes
//! each, a bucket is one 64-byte cache line), keyed by the position's key.
//!
//! An entry holds no move, only a 32-bit fingerprint of it
//! ([`fingerprint`]): the search finds the move again among those it
//! generates, so a fingerprint that matches nothing (another position
//! behind the same key bits, or a collision) costs an ordering, never an
//! illegal move.

use crate::moves::Move;

/// Bound kinds, in an entry's `flags` (two low bits; 0: empty slot).
pub(super) const EXACT: u8 = 1;
pub(super) const LOWER: u8 = 2;
pub(super) const UPPER: u8 = 3;
/// Flag bit: the entry's best move is quiet ([`crate::movegen::is_noisy`]
/// is false), so the search lists the quiet moves at once to try it first.
pub(super) const BEST_QUIET: u8 = 4;

/// Entries in a bucket.
const WAYS: usize = 4;

/// One stored result.
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    /// The key's high 32 bits (its low bits chose the bucket).
    check: u32,
    /// The best move's [`fingerprint`], 0 for none.
    pub(super) best: u32,
    pub(super) score: i32,
    pub(super) depth: i8,
    /// Bound (two bits) and [`BEST_QUIET`].
    pub(super) flags: u8,
    /// The search (counted by [`Table::new_search`]) that stored it.
    age: u8,
}

impl Entry {
    pub(super) fn bound(&self) -> u8 {
        self.flags & 3
    }
    pub(super) fn best_quiet(&self) -> bool {
        self.flags & BEST_QUIET != 0
    }
}

type Bucket = [Entry; WAYS];

pub(super) struct Table {
    buckets: Vec<Bucket>,
    age: u8,
}

impl Table {
    /// A table of about `mb` megabytes (at least one), halved until it can
    /// be allocated: the table and the megabytes it got.
    pub(super) fn new(mb: usize) -> (Table, usize) {
        let mut mb = mb.clamp(1, 4096);
        loop {
            let n = ((mb << 20) / std::mem::size_of::<Bucket>()).max(256);
            let mut buckets = Vec::new();
            if buckets.try_reserve_exact(n).is_ok() || mb == 1 {
                buckets.resize(n, Bucket::default());
                return (Table { buckets, age: 0 }, mb);
            }
            mb /= 2;
        }
    }

    pub(super) fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    pub(super) fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|b| *b = Bucket::default());
        self.age = 0;
    }

    /// Entries of earlier searches give way first.
    pub(super) fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn slot(&self, key: u64) -> usize {
        (key % self.buckets.len() as u64) as usize
    }

    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let check = (key >> 32) as u32;
        self.buckets[self.slot(key)]
            .iter()
            .find(|e| e.flags & 3 != 0 && e.check == check)
            .copied()
    }

    /// Stores a result: over the same key's entry unless that one is
    /// deeper and exact-or-as-good, else over the bucket's least worth
    /// keeping (oldest, then shallowest).
    pub(super) fn store(&mut self, key: u64, depth: i32, score: i32, bound: u8, best: u32, best_quiet: bool) {
        let check = (key >> 32) as u32;
        let age = self.age;
        let slot = self.slot(key);
        let bucket = &mut self.buckets[slot];
        let depth = depth.clamp(-1, 127) as i8;
        let i = match bucket.iter().position(|e| e.flags & 3 != 0 && e.check == check) {
            Some(i) => {
                let old = bucket[i];
                if old.depth > depth.saturating_add(2) && bound != EXACT {
                    // Keep the deeper result, but learn the move.
                    if best != 0 && old.best == 0 {
                        bucket[i].best = best;
                    }
                    return;
                }
                i
            }
            None => (0..WAYS)
                .min_by_key(|&i| {
                    let e = &bucket[i];
                    let empty = e.flags & 3 == 0;
                    let stale = e.age != age;
                    (!empty, !stale, e.depth)
                })
                .unwrap_or(0),
        };
        let keep_best = if best == 0 && bucket[i].check == check {
            bucket[i].best
        } else {
            best
        };
        bucket[i] = Entry {
            check,
            best: keep_best,
            score,
            depth,
            flags: bound | if best_quiet { BEST_QUIET } else { 0 },
            age,
        };
    }

    /// Permille of the first thousand buckets' entries used by this search.
    pub(super) fn permille_full(&self) -> usize {
        let n = self.buckets.len().min(1000);
        let used: usize = self.buckets[..n]
            .iter()
            .map(|b| b.iter().filter(|e| e.flags & 3 != 0 && e.age == self.age).count())
            .sum();
        used * 1000 / (n * WAYS).max(1)
    }
}

/// A move's 32-bit fingerprint (never 0): every field of the move mixed.
pub(super) fn fingerprint(m: &Move) -> u32 {
    let mut h = u64::from(m.from) | u64::from(m.len) << 16 | u64::from(m.sweep) << 24 | u64::from(m.chain) << 32;
    h |= (m.promotion as u64) << 48 | u64::from(m.drop.map_or(0, |t| u32::from(t) + 1)) << 52;
    let mut z = super::mix(h);
    for &sq in m.path.iter().chain(&m.shots) {
        z = super::mix(z ^ u64::from(sq));
    }
    for &a in &m.shot_after {
        z = super::mix(z ^ u64::from(a));
    }
    ((z >> 32) as u32) | 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_sixteen_bytes_and_a_bucket_a_cache_line() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
    }

    /// Four keys of one bucket are all kept; a fifth replaces the
    /// shallowest.
    #[test]
    fn a_bucket_keeps_four_keys_and_replaces_the_shallowest() {
        let (mut t, _) = Table::new(1);
        let n = t.buckets.len() as u64;
        let keys: Vec<u64> = (1..=5u64).map(|i| (i << 32) * n + 7).collect();
        for (d, &k) in keys[..4].iter().enumerate() {
            t.store(k, d as i32 + 1, 10 * d as i32, LOWER, 5, false);
        }
        for (d, &k) in keys[..4].iter().enumerate() {
            let e = t.probe(k).expect("kept");
            assert_eq!((e.depth, e.score), (d as i8 + 1, 10 * d as i32));
        }
        t.store(keys[4], 9, 1, EXACT, 0, true);
        assert!(t.probe(keys[0]).is_none(), "the shallowest went");
        let e = t.probe(keys[4]).expect("stored");
        assert!(e.best_quiet() && e.bound() == EXACT);
    }
}
