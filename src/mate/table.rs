//! The solver's transposition table: proof and disproof numbers, the
//! depth they were found at and, for a proof, the mate's length. Fixed
//! size, allocated once; a full bucket drops the entry that cost the
//! least work to find.

/// Entries per bucket: a key may sit in any of these four.
const WAYS: usize = 4;

/// One position's numbers. `work` is 0 for an empty slot.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Entry {
    pub key: u64,
    pub pn: u32,
    pub dn: u32,
    /// Plies the numbers were found within (see `Numbers::rem`).
    pub rem: i16,
    /// For a proof (`pn == 0`): plies to the mate.
    pub len: i16,
    /// Nodes the search of this position took (at least 1), which decides
    /// what a full bucket keeps.
    pub work: u32,
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

    /// Stores `e`, over the same key's entry unless that one is solved and
    /// `e` is not, else over the bucket's least-work entry.
    pub fn put(&mut self, e: Entry) {
        let bucket = self.bucket(e.key);
        if let Some(old) = bucket.iter_mut().find(|o| o.work != 0 && o.key == e.key) {
            let solved = |x: &Entry| x.pn == 0 || x.dn == 0;
            if !solved(old) || solved(&e) {
                *old = e;
            }
            return;
        }
        if let Some(slot) = bucket.iter_mut().min_by_key(|o| o.work) {
            *slot = e;
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
            t.put(Entry {
                key: i as u64 + 1,
                work,
                pn: 1,
                dn: 1,
                ..Entry::default()
            });
        }
        // The fifth went over the entry of work 1 (key 2).
        assert!(t.get(2).is_none());
        assert_eq!(t.get(5).map(|e| e.work), Some(3));
        assert_eq!(t.get(3).map(|e| e.work), Some(9));
    }

    #[test]
    fn a_solved_entry_is_not_replaced_by_an_unsolved_one() {
        let mut t = Table::new(1).unwrap();
        let proof = Entry {
            key: 42,
            pn: 0,
            dn: u32::MAX,
            len: 3,
            rem: 5,
            work: 10,
        };
        t.put(proof);
        t.put(Entry { pn: 2, dn: 2, ..proof });
        assert_eq!(t.get(42).map(|e| e.pn), Some(0));
    }
}
