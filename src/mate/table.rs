//! The solver's transposition table. One entry per position holds what
//! every search of it found, whatever the plies left: the shortest mate
//! proven from it, the most plies left within which it was disproven, and
//! the proof and disproof numbers of its last unsolved search with the
//! plies that search had left (the solver reads them as bounds for other
//! limits only in the direction that holds). Fixed size, allocated once;
//! a full bucket drops the entry that cost the least work to find.

/// Entries per bucket: a key may sit in any of these four.
const WAYS: usize = 4;

/// No proof: the `proof` of an entry that has none.
pub(super) const NO_PROOF: i16 = i16::MAX;
/// No disproof: the `disproof` of an entry that has none.
pub(super) const NO_DISPROOF: i16 = -1;

/// One position's numbers. `work` is 0 for an empty slot.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub key: u64,
    /// The last unsolved search's numbers (1, 1 when none), and the
    /// plies it had left (`NO_DISPROOF` when none).
    pub pn: u32,
    pub dn: u32,
    pub open_rem: i16,
    /// The shortest mate proven from here, in plies (`NO_PROOF` if none):
    /// a proof for any node with at least that many plies left.
    pub proof: i16,
    /// The most plies left within which no mate exists (`NO_DISPROOF` if
    /// none): a disproof for any node with at most that many left.
    pub disproof: i16,
    /// Nodes the searches of this position took (at least 1), which
    /// decides what a full bucket keeps.
    pub work: u32,
}

impl Default for Entry {
    fn default() -> Entry {
        Entry {
            key: 0,
            pn: 1,
            dn: 1,
            open_rem: NO_DISPROOF,
            proof: NO_PROOF,
            disproof: NO_DISPROOF,
            work: 0,
        }
    }
}

/// What one search of a node found, to merge into its entry.
#[derive(Clone, Copy, Debug)]
pub(super) enum Found {
    /// Unsolved, with these proof and disproof numbers.
    Open { pn: u32, dn: u32, rem: i16 },
    /// A mate in this many plies.
    Proof(i16),
    /// No mate within this many plies.
    Disproof(i16),
}

/// A fixed-size table of position key → `Entry`.
pub(super) struct Table {
    entries: Vec<Entry>,
    /// Buckets - 1 (a power of two minus one).
    mask: usize,
}

impl Table {
    /// A table of at most `mb` mebibytes (rounded down to a power of two
    /// of buckets; at least one bucket). Fails, rather than aborting, when
    /// the memory cannot be had.
    pub fn new(mb: usize) -> Result<Table, String> {
        let buckets = crate::perft::table::buckets_within(mb, std::mem::size_of::<Entry>() * WAYS)
            .ok_or_else(|| format!("hash {mb} MiB: too large"))?;
        let mut entries = Vec::new();
        entries
            .try_reserve_exact(buckets * WAYS)
            .map_err(|_| format!("hash {mb} MiB: could not allocate the table"))?;
        entries.resize(buckets * WAYS, Entry::default());
        Ok(Table {
            entries,
            mask: buckets - 1,
        })
    }

    fn bucket(&mut self, key: u64) -> &mut [Entry] {
        let start = (key as usize & self.mask) * WAYS;
        &mut self.entries[start..start + WAYS]
    }

    pub fn get(&mut self, key: u64) -> Option<Entry> {
        self.bucket(key).iter().find(|e| e.work != 0 && e.key == key).copied()
    }

    /// Merges what a search of `key` found, which took `work` nodes, into
    /// its entry (a new one over the bucket's least-work entry): the
    /// shorter proof, the deeper disproof, the latest open numbers.
    pub fn put(&mut self, key: u64, found: Found, work: u32) {
        let bucket = self.bucket(key);
        let e = match bucket.iter().position(|o| o.work != 0 && o.key == key) {
            Some(i) => &mut bucket[i],
            None => {
                let Some(slot) = bucket.iter_mut().min_by_key(|o| o.work) else {
                    return;
                };
                *slot = Entry {
                    key,
                    ..Entry::default()
                };
                slot
            }
        };
        e.work = e.work.saturating_add(work.max(1));
        match found {
            Found::Open { pn, dn, rem } => (e.pn, e.dn, e.open_rem) = (pn, dn, rem),
            Found::Proof(len) => e.proof = e.proof.min(len),
            Found::Disproof(rem) => e.disproof = e.disproof.max(rem),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_bucket_keeps_the_costly_entries() {
        let mut t = Table::new(0).unwrap();
        assert_eq!(t.entries.len(), WAYS);
        for (i, work) in [5, 1, 9, 7, 3].into_iter().enumerate() {
            t.put(i as u64 + 1, Found::Open { pn: 1, dn: 1, rem: 1 }, work);
        }
        // The fifth went over the entry of work 1 (key 2).
        assert!(t.get(2).is_none());
        assert_eq!(t.get(5).map(|e| e.work), Some(3));
        assert_eq!(t.get(3).map(|e| e.work), Some(9));
    }

    #[test]
    fn proofs_and_disproofs_of_every_depth_are_kept() {
        let mut t = Table::new(1).unwrap();
        t.put(42, Found::Disproof(3), 10);
        t.put(42, Found::Open { pn: 4, dn: 2, rem: 5 }, 10);
        t.put(42, Found::Proof(9), 10);
        t.put(42, Found::Proof(11), 10);
        t.put(42, Found::Disproof(1), 10);
        let e = t.get(42).unwrap();
        assert_eq!(
            (e.proof, e.disproof, e.pn, e.dn, e.open_rem, e.work),
            (9, 3, 4, 2, 5, 50)
        );
    }
}
