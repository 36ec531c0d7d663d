//! Deep perft: worker threads and the transposition table.
//!
//! The tree is split at the root, and at the second ply as well when the
//! root has fewer than four moves per thread; each part is counted on its
//! own copy of the position (a copy per split point, none per node) by a
//! rayon thread pool, whose work stealing keeps every thread busy. An
//! optional [`Table`] shared by all threads remembers exact subtree
//! counts ([`super::key`] says what a key holds).

use super::effect::Scratch;
use super::key::{HistoryUse, key, root_salt};
use super::table::Table;
use super::{Convention, convention_count, convention_moves, convention_moves_with, forget_end};
use crate::movegen::{Move, TooManyMoves};
use crate::position::Position;
#[cfg(feature = "threads")]
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Counts perft with a number of threads and an optional table.
///
#[doc = include_str!("../../docs/examples/perft_counter.md")]
pub struct Counter {
    conv: Convention,
    pool: Option<Pool>,
    threads: usize,
    table: Option<Table>,
}

/// The worker threads of a [`Counter`]: a rayon pool with the `threads`
/// feature; without it there are none and a perft counts on the caller's
/// thread.
#[cfg(feature = "threads")]
type Pool = rayon::ThreadPool;
#[cfg(not(feature = "threads"))]
enum Pool {}

/// The most worker threads a [`Counter`] starts: each reserves a stack, and
/// more threads than cores only wait their turn.
pub const MAX_THREADS: usize = 256;

/// Why a table given to a [`Counter`] is not used for a perft.
pub const TABLE_UNSAFE: &str = "the transposition table is not used: the repetition rule counts occurrences \
     and a fourth one is possible within this depth, so counts depend on the path";

impl Counter {
    /// One thread, no table: the same work as [`super::perft`].
    pub fn new(conv: Convention) -> Counter {
        Counter {
            conv,
            pool: None,
            threads: 1,
            table: None,
        }
    }

    /// Counts with `threads` worker threads (0: one per core). More than
    /// [`MAX_THREADS`] is an error, as is a pool the system cannot start.
    /// Without the `threads` feature, only 0 and 1 are accepted (one
    /// thread).
    pub fn threads(self, threads: usize) -> Result<Counter, String> {
        if threads > MAX_THREADS {
            return Err(format!(
                "--threads {threads}: at most {MAX_THREADS} threads (0: one per core)"
            ));
        }
        #[cfg(feature = "threads")]
        {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
            let threads = pool.current_num_threads();
            Ok(Counter {
                threads,
                pool: (threads > 1).then_some(pool),
                ..self
            })
        }
        #[cfg(not(feature = "threads"))]
        match threads {
            0 | 1 => Ok(self),
            _ => Err(format!(
                "--threads {threads}: this build counts on one thread (no `threads` feature)"
            )),
        }
    }

    /// Uses a transposition table of at most `mb` MiB (0: none).
    pub fn hash_mb(mut self, mb: usize) -> Result<Counter, String> {
        self.table = if mb == 0 { None } else { Some(Table::new(mb)?) };
        Ok(self)
    }

    /// The number of worker threads.
    pub fn thread_count(&self) -> usize {
        self.threads
    }

    /// The bytes of the table (0 without one).
    pub fn table_bytes(&self) -> usize {
        self.table.as_ref().map_or(0, Table::bytes)
    }

    /// Whether the table can be used for a perft of `depth` from `pos`
    /// (false with a note in [`TABLE_UNSAFE`] when the counts would depend on
    /// the path; true without a table).
    pub fn table_usable(&self, pos: &Position, depth: u32) -> bool {
        self.table.is_none() || HistoryUse::of(pos, self.conv, depth) != HistoryUse::Unsafe
    }

    /// The moves at the root, as the convention counts them.
    pub fn root_moves(&self, pos: &Position) -> Result<Vec<Move>, TooManyMoves> {
        let mut p = pos.clone();
        let mut out = Vec::new();
        convention_moves(&mut p, self.conv, &mut out)?;
        Ok(out)
    }

    /// Leaf count at `depth` (depth 0: 1). `done(i)` is called as each
    /// root move `i` finishes, from any thread. A position on the way with
    /// more moves than the budget allows is an error.
    pub fn count(&self, pos: &Position, depth: u32, done: &(dyn Fn(usize, u64) + Sync)) -> Result<u64, TooManyMoves> {
        if depth == 0 {
            return Ok(1);
        }
        let roots = self.root_moves(pos)?;
        if depth == 1 {
            return Ok(roots.len() as u64);
        }
        Ok(self
            .divide(pos, depth, &roots, done, &AtomicBool::new(false))?
            .iter()
            .sum())
    }

    /// The count below each of `roots` (moves of `pos`, as [`Counter::root_moves`]
    /// gives them, in any order or subset) at `depth` from `pos`. `done(i,
    /// count)` is called as root move `i` finishes; once `stop` is set, moves
    /// not yet started count 0. A position with more moves than the budget
    /// allows is an error (and the moves not yet started are not counted).
    pub fn divide(
        &self,
        pos: &Position,
        depth: u32,
        roots: &[Move],
        done: &(dyn Fn(usize, u64) + Sync),
        stop: &AtomicBool,
    ) -> Result<Vec<u64>, TooManyMoves> {
        let failed = AtomicBool::new(false);
        let history = HistoryUse::of(pos, self.conv, depth);
        let walk = Walk {
            conv: self.conv,
            table: self.table.as_ref().filter(|_| history != HistoryUse::Unsafe),
            history,
            salt: root_salt(pos, history),
            root_history: pos.history.len(),
        };
        let one = |i: usize, m: &Move, pos: &mut Position| {
            if stop.load(Ordering::Relaxed) || failed.load(Ordering::Relaxed) {
                return Ok(0);
            }
            let n = if depth <= 1 {
                1
            } else {
                let mut marks = vec![pos.journal.len()];
                let undo = pos.play_unchecked(m);
                forget_end(pos, self.conv);
                let n = walk.split(pos, depth - 1, &mut marks, self.split_second_ply(roots.len()));
                pos.unplay(&undo);
                n.inspect_err(|_| failed.store(true, Ordering::Relaxed))?
            };
            done(i, n);
            Ok(n)
        };
        match &self.pool {
            None => {
                let mut p = pos.clone();
                roots.iter().enumerate().map(|(i, m)| one(i, m, &mut p)).collect()
            }
            #[cfg(feature = "threads")]
            Some(pool) => pool.install(|| {
                roots
                    .par_iter()
                    .enumerate()
                    .map_with(pos.clone(), |p, (i, m)| one(i, m, p))
                    .collect()
            }),
            #[cfg(not(feature = "threads"))]
            Some(never) => match *never {},
        }
    }

    /// Whether to split again below the root: when the root has fewer
    /// than four moves per thread, so that no thread waits on one long
    /// subtree.
    fn split_second_ply(&self, roots: usize) -> bool {
        self.pool.is_some() && roots < 4 * self.threads
    }
}

/// What every node of one perft shares.
struct Walk<'a> {
    conv: Convention,
    table: Option<&'a Table>,
    history: HistoryUse,
    salt: u64,
    root_history: usize,
}

impl Walk<'_> {
    /// Counts below `pos`, splitting its moves among the threads when
    /// `split` is set and the subtree is deep enough to be worth it.
    fn split(&self, pos: &mut Position, depth: u32, marks: &mut Vec<usize>, split: bool) -> Result<u64, TooManyMoves> {
        if !split || depth < 3 {
            return self.count(pos, depth, marks, &mut Buffers::new(depth));
        }
        self.split_threads(pos, depth, marks)
    }

    /// Counts below `pos`, its moves shared among the threads.
    #[cfg(feature = "threads")]
    fn split_threads(&self, pos: &mut Position, depth: u32, marks: &[usize]) -> Result<u64, TooManyMoves> {
        let mut moves = Vec::new();
        convention_moves(pos, self.conv, &mut moves)?;
        moves
            .par_iter()
            .map_with((pos.clone(), marks.to_vec()), |(p, marks), m| {
                marks.push(p.journal.len());
                let undo = p.play_unchecked(m);
                forget_end(p, self.conv);
                let n = self.split(p, depth - 1, marks, false);
                p.unplay(&undo);
                marks.pop();
                n
            })
            .try_reduce(|| 0, |a, b| Ok(a + b))
    }

    /// Without threads there is nothing to share (and no split: there is
    /// no pool): counts on this thread.
    #[cfg(not(feature = "threads"))]
    fn split_threads(&self, pos: &mut Position, depth: u32, marks: &[usize]) -> Result<u64, TooManyMoves> {
        self.count(pos, depth, &mut marks.to_vec(), &mut Buffers::new(depth))
    }

    /// Counts below `pos` on this thread.
    fn count(
        &self,
        pos: &mut Position,
        depth: u32,
        marks: &mut Vec<usize>,
        buffers: &mut Buffers,
    ) -> Result<u64, TooManyMoves> {
        if depth == 0 {
            return Ok(1);
        }
        let key = match self.table {
            Some(table) if depth >= 2 => {
                let k = key(pos, depth, self.history, self.salt, self.root_history, marks);
                if let Some(n) = table.get(k, depth) {
                    return Ok(n);
                }
                Some((table, k))
            }
            _ => None,
        };
        let slot = (depth - 1) as usize;
        let mut moves = std::mem::take(&mut buffers.moves[slot]);
        let n = if depth == 1 {
            convention_count(pos, self.conv, &mut moves, &mut buffers.effects)
        } else {
            convention_moves_with(pos, self.conv, &mut moves, &mut buffers.effects).and_then(|()| {
                let mut n = 0;
                for m in &moves {
                    marks.push(pos.journal.len());
                    let undo = pos.play_unchecked(m);
                    forget_end(pos, self.conv);
                    let below = self.count(pos, depth - 1, marks, buffers);
                    pos.unplay(&undo);
                    marks.pop();
                    n += below?;
                }
                Ok(n)
            })
        };
        buffers.moves[slot] = moves;
        let n = n?;
        if let Some((table, k)) = key {
            table.put(k, depth, n);
        }
        Ok(n)
    }
}

/// One thread, no table, on the caller's position.
pub(super) fn serial(pos: &mut Position, depth: u32, conv: Convention) -> Result<u64, TooManyMoves> {
    let walk = Walk {
        conv,
        table: None,
        history: HistoryUse::Ignored,
        salt: 0,
        root_history: pos.history.len(),
    };
    walk.count(
        pos,
        depth,
        &mut Vec::with_capacity(depth as usize),
        &mut Buffers::new(depth),
    )
}

/// One thread's reusable buffers for a walk.
struct Buffers {
    /// `moves[d - 1]` holds the moves at `d` plies left.
    moves: Vec<Vec<Move>>,
    /// For the `effects` convention's merging.
    effects: Scratch,
}

impl Buffers {
    fn new(depth: u32) -> Buffers {
        Buffers {
            moves: (0..depth).map(|_| Vec::with_capacity(256)).collect(),
            effects: Scratch::default(),
        }
    }
}
