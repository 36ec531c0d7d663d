//! The perft transposition table: exact counts of subtrees, shared by
//! every worker thread without locks.
//!
//! An entry is two 64-bit words: `check = key ^ data` and `data = count
//! << 8 | depth`. A reader takes both words and accepts the entry only if
//! `check ^ data` gives back the whole 64-bit key it looks for and the
//! depth matches, so an entry torn by two threads writing at once fails
//! the check and is a miss (Hyatt and Mann's lockless hashing). What the
//! key is made of, and so what a false hit would take, is in
//! [`super::key`] and docs/performance.md.

use std::sync::atomic::{AtomicU64, Ordering};

/// Entries per bucket: a key may sit in any of these four (64 bytes, one
/// cache line).
const WAYS: usize = 4;
/// Bytes one entry takes.
pub const ENTRY_BYTES: usize = 16;
/// Counts at or above this do not fit beside the depth and are not stored.
const MAX_COUNT: u64 = 1 << 56;

/// A fixed-size table of (key, depth) → leaf count.
pub struct Table {
    words: Vec<AtomicU64>,
    /// Buckets - 1 (a power of two minus one).
    mask: usize,
}

/// How many buckets of `bucket_bytes` a table of at most `mb` mebibytes
/// holds: a power of two, at least one; None when `mb` MiB overflows.
/// Every hash table of the crate is sized by it.
pub(crate) fn buckets_within(mb: usize, bucket_bytes: usize) -> Option<usize> {
    let buckets = (mb.checked_mul(1 << 20)? / bucket_bytes.max(1)).max(1);
    Some(1usize << (usize::BITS - 1 - buckets.leading_zeros()))
}

impl Table {
    /// A table of at most `mb` mebibytes (rounded down to a power of two
    /// of buckets; at least one bucket). Fails, rather than aborting, when
    /// the memory cannot be had.
    pub fn new(mb: usize) -> Result<Table, String> {
        let buckets = buckets_within(mb, ENTRY_BYTES * WAYS).ok_or_else(|| format!("--hash {mb}: too large"))?;
        let n = buckets * WAYS * 2;
        let mut words = Vec::new();
        words
            .try_reserve_exact(n)
            .map_err(|_| format!("--hash {mb}: could not allocate {mb} MiB"))?;
        words.resize_with(n, || AtomicU64::new(0));
        Ok(Table {
            words,
            mask: buckets - 1,
        })
    }

    /// The bytes the table holds.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    fn bucket(&self, key: u64) -> usize {
        // The low bits choose the bucket; the whole key is still checked.
        (key as usize & self.mask) * WAYS * 2
    }

    /// The stored count of `key` at `depth`, if any.
    pub fn get(&self, key: u64, depth: u32) -> Option<u64> {
        let base = self.bucket(key);
        for way in 0..WAYS {
            let check = self.words[base + 2 * way].load(Ordering::Relaxed);
            let data = self.words[base + 2 * way + 1].load(Ordering::Relaxed);
            if check ^ data == key && data & 0xff == u64::from(depth) && data != 0 {
                return Some(data >> 8);
            }
        }
        None
    }

    /// Stores a count, replacing in the bucket the entry of the same key,
    /// else an empty one, else the one of the smallest depth (the
    /// cheapest to recompute).
    pub fn put(&self, key: u64, depth: u32, count: u64) {
        if count >= MAX_COUNT || depth > 0xff || depth == 0 {
            return;
        }
        let base = self.bucket(key);
        let mut victim = 0;
        let mut victim_depth = u64::MAX;
        for way in 0..WAYS {
            let check = self.words[base + 2 * way].load(Ordering::Relaxed);
            let data = self.words[base + 2 * way + 1].load(Ordering::Relaxed);
            if data == 0 || check ^ data == key {
                victim = way;
                break;
            }
            if data & 0xff < victim_depth {
                victim_depth = data & 0xff;
                victim = way;
            }
        }
        let data = count << 8 | u64::from(depth);
        self.words[base + 2 * victim].store(key ^ data, Ordering::Relaxed);
        self.words[base + 2 * victim + 1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::Table;

    #[test]
    fn a_count_comes_back_only_for_its_key_and_depth() {
        let t = Table::new(1).unwrap();
        t.put(0x1234_5678_9abc_def0, 3, 42);
        assert_eq!(t.get(0x1234_5678_9abc_def0, 3), Some(42));
        assert_eq!(t.get(0x1234_5678_9abc_def0, 4), None);
        // Same bucket (same low bits), other key.
        assert_eq!(t.get(0xffff_5678_9abc_def0, 3), None);
    }

    #[test]
    fn a_full_bucket_keeps_the_deeper_entries() {
        let t = Table::new(1).unwrap();
        let buckets = t.mask as u64 + 1;
        for (i, depth) in [5, 2, 6, 7].into_iter().enumerate() {
            t.put(1 + buckets * i as u64, depth, 100 + i as u64);
        }
        t.put(1 + buckets * 9, 4, 999);
        assert_eq!(t.get(1 + buckets, 2), None, "the shallowest entry made room");
        assert_eq!(t.get(1 + buckets * 9, 4), Some(999));
        assert_eq!(t.get(1, 5), Some(100));
    }

    #[test]
    fn a_huge_size_is_an_error_not_an_abort() {
        assert!(Table::new(usize::MAX).is_err());
    }
}
