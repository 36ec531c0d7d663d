//! A generic game-tree search for any rule file: iterative deepening,
//! alpha-beta (negamax) with a transposition table keyed by the position
//! hash, move ordering (hash move, captures by victim value, killers), and
//! a quiescence search over captures.
//!
//! It plays through `legal_moves`, `Position::play` and `unplay` only, so
//! every rule the interpreter knows (lion trading, shots, auras, repetition,
//! kill-history wins) is obeyed in the tree too. Nothing here is specific
//! to a variant: the evaluation is material from the rule file's piece
//! values plus mobility ([`eval`]). The loop clones no position and
//! allocates only when it first reaches a new ply.
//!
//! Every position's work is at most O(n log n) in its n moves: the first
//! few moves to search are picked one by one (most nodes cut off there),
//! the rest are sorted once. The clock is read every few nodes and after
//! every few thousand moves generated, so a position with a huge number of
//! moves does not hold the search past its time. A position in the tree
//! with more moves than the move budget allows is scored by its material
//! alone; at the root it is an error.

pub mod eval;

use crate::board::Colour;
use crate::movegen::{Move, Promotion, TooManyMoves, legal_moves};
use crate::position::{Outcome, Position, cell_colour, cell_type};
use crate::ruleset::Result3;
use eval::{MOBILITY_WEIGHT, PieceValues};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use web_time::{Duration, Instant};

/// A won game: scores above `MATE - MAX_PLY` are wins in `MATE - score` plies.
pub const MATE: i32 = 1_000_000;
/// Deepest ply the search reaches (main search plus quiescence).
pub const MAX_PLY: usize = 128;
const INF: i32 = MATE + 1;
/// Plies of captures the quiescence search follows at most.
const MAX_QUIESCENCE: usize = 8;
/// Moves of a node picked one at a time, best first, before the rest are
/// sorted at once: a cut-off usually comes among the first.
const PICKED: usize = 8;
/// Nodes between two readings of the clock.
const NODES_PER_CHECK: u64 = 32;
/// Moves generated between two readings of the clock.
const MOVES_PER_CHECK: usize = 4096;

/// When to stop thinking.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration (plies).
    pub depth: Option<u32>,
    /// Do not start another iteration after this much time.
    pub soft_time: Option<Duration>,
    /// Stop at once after this much time.
    pub hard_time: Option<Duration>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Search only these root moves (those that are legal; MultiPV and
    /// XBoard's `exclude` narrow the root with it). `None`: every legal
    /// move. A list that keeps none of the legal moves searches none and
    /// the search returns `None`, as if there were no move.
    pub root_moves: Option<Vec<Move>>,
}

/// What one finished (or interrupted) iteration found.
#[derive(Clone, Debug)]
pub struct Report {
    pub depth: u32,
    /// The deepest ply any line of this search reached (quiescence
    /// included).
    pub seldepth: u32,
    /// How full the transposition table is, in thousandths
    /// ([`Searcher::hashfull`]).
    pub hashfull: u32,
    /// From the side to move's point of view.
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The principal variation, starting with the move to play.
    pub pv: Vec<Move>,
    /// Every root move was searched (the iteration was not cut short).
    pub complete: bool,
}

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    best: Option<Move>,
    score: i32,
    depth: i8,
    bound: Bound,
}

/// A searcher: its transposition table, killer moves and move buffers
/// survive between searches of one game.
pub struct Searcher {
    values: PieceValues,
    table: Vec<Option<Entry>>,
    killers: Vec<[Option<Move>; 2]>,
    /// Move and ordering-score buffers, one per ply.
    moves: Vec<Vec<Move>>,
    scores: Vec<Vec<i32>>,
    nodes: u64,
    start: Instant,
    limits: Limits,
    stop: Arc<AtomicBool>,
    aborted: bool,
    /// Moves generated since the clock was last read.
    work: usize,
    /// The deepest ply reached in this search.
    seldepth: usize,
}

impl Searcher {
    /// A searcher for positions of `pos`'s ruleset, with a transposition
    /// table of about `table_mb` megabytes (1 to 4096; see
    /// [`Searcher::with_table`] when that much memory cannot be had).
    pub fn new(pos: &Position, table_mb: usize) -> Searcher {
        Searcher::with_table(pos, table_mb).0
    }

    /// Like [`Searcher::new`], but a table that cannot be allocated is
    /// halved until it can be, never aborting: returns the searcher and the
    /// megabytes its table got.
    pub fn with_table(pos: &Position, table_mb: usize) -> (Searcher, usize) {
        let mut mb = table_mb.clamp(1, 4096);
        let table = loop {
            let entries = ((mb << 20) / std::mem::size_of::<Option<Entry>>()).max(1024);
            let mut table = Vec::new();
            if table.try_reserve_exact(entries).is_ok() || mb == 1 {
                table.resize(entries, None);
                break table;
            }
            mb /= 2;
        };
        let searcher = Searcher {
            values: PieceValues::new(&pos.rules),
            table,
            killers: vec![[None; 2]; MAX_PLY + 1],
            moves: Vec::new(),
            scores: Vec::new(),
            nodes: 0,
            start: Instant::now(),
            limits: Limits::default(),
            stop: Arc::new(AtomicBool::new(false)),
            aborted: false,
            work: 0,
            seldepth: 0,
        };
        (searcher, mb)
    }

    /// The bytes of the transposition table.
    pub fn table_bytes(&self) -> usize {
        self.table.len() * std::mem::size_of::<Option<Entry>>()
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// How full the transposition table is, in thousandths (USI's
    /// `hashfull`), from its first thousand slots.
    pub fn hashfull(&self) -> u32 {
        let sample = &self.table[..self.table.len().min(1000)];
        let used = sample.iter().filter(|e| e.is_some()).count();
        (used * 1000 / sample.len().max(1)) as u32
    }

    /// The piece values the evaluation uses.
    pub fn values(&self) -> &PieceValues {
        &self.values
    }

    /// A flag that stops the running search when set (from another thread).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Uses `flag` as the stop flag (shared with whoever may set it).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    /// Forgets everything learnt (for a new game).
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = None);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    /// Searches `pos` (given back unchanged) and returns the move to play,
    /// or `None` if the side to move has none. `report` is called after
    /// each finished iteration. A root with more moves than the move
    /// budget allows is an error.
    ///
    /// The time limits hold from the start: the root's moves are generated
    /// (at most the budget) and, if the hard limit has passed, the first
    /// one is returned unsearched.
    pub fn search(
        &mut self,
        pos: &mut Position,
        limits: Limits,
        report: &mut dyn FnMut(&Report),
    ) -> Result<Option<Move>, TooManyMoves> {
        self.start = Instant::now();
        self.limits = limits;
        self.nodes = 0;
        self.seldepth = 0;
        self.work = 0;
        self.aborted = false;
        let mut root = Vec::new();
        legal_moves(pos, &mut root)?;
        if let Some(only) = &self.limits.root_moves {
            root.retain(|m| only.contains(m));
        }
        let Some(&first) = root.first() else {
            return Ok(None);
        };
        if self.out_of_time() {
            return Ok(Some(first));
        }
        let mut best = first;
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 / 2)
            .clamp(1, MAX_PLY as u32 / 2);
        for depth in 1..=max_depth {
            let (score, found) = self.root(pos, depth as i32, &mut root);
            if let Some(m) = found {
                best = m;
            }
            if self.aborted && found.is_none() {
                break;
            }
            let pv = self.principal_variation(pos, best, depth as usize);
            report(&Report {
                depth,
                seldepth: self.seldepth as u32,
                hashfull: self.hashfull(),
                score,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                pv,
                complete: !self.aborted,
            });
            let soft_out = self.limits.soft_time.is_some_and(|t| self.start.elapsed() >= t);
            if self.aborted || soft_out || score.abs() > MATE - MAX_PLY as i32 {
                break;
            }
        }
        Ok(Some(best))
    }

    /// One iteration at the root. Returns its score and the best move if
    /// at least one move was searched to the end.
    fn root(&mut self, pos: &mut Position, depth: i32, root: &mut [Move]) -> (i32, Option<Move>) {
        let side = pos.side;
        let tt_move = self.probe(pos).and_then(|e| e.best);
        let mut keys: Vec<i32> = root.iter().map(|m| self.order_key(pos, m, tt_move, 0)).collect();
        sort_by_keys(root, &mut keys);
        self.charge(root.len());
        let (mut alpha, beta) = (-INF, INF);
        let mut best = None;
        let n = root.len() as i32;
        for m in root.iter() {
            let undo = pos.play_unchecked(m);
            let score = -self.negamax(pos, depth - 1, 1, -beta, -alpha, n);
            pos.unplay(&undo);
            if self.aborted {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some(*m);
            }
        }
        // The best move goes first next time.
        if let Some(b) = best
            && let Some(i) = root.iter().position(|m| *m == b)
        {
            root[..=i].rotate_right(1);
        }
        if let Some(b) = best
            && !self.aborted
        {
            self.store(pos, depth, alpha, Bound::Exact, Some(b));
        }
        debug_assert_eq!(pos.side, side);
        (alpha, best)
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        parent_moves: i32,
    ) -> i32 {
        if let Some(o) = pos.outcome {
            return outcome_score(o, pos.side, ply);
        }
        if depth <= 0 || ply >= MAX_PLY - MAX_QUIESCENCE - 1 {
            return self.quiescence(pos, ply, 0, alpha, beta, parent_moves);
        }
        self.count_node();
        if self.aborted {
            return 0;
        }
        let entry = self.probe(pos);
        if let Some(e) = entry
            && i32::from(e.depth) >= depth
        {
            let s = from_table(e.score, ply);
            match e.bound {
                Bound::Exact => return s,
                Bound::Lower if s >= beta => return s,
                Bound::Upper if s <= alpha => return s,
                _ => {}
            }
        }
        let mut moves = self.take_moves(ply);
        if legal_moves(pos, &mut moves).is_err() {
            // Past the move budget: scored as it stands.
            self.moves[ply] = moves;
            return self.values.material(pos, pos.side);
        }
        self.charge(moves.len());
        if moves.is_empty() {
            self.moves[ply] = moves;
            return outcome_score(pos.no_moves_outcome(), pos.side, ply);
        }
        let tt_move = entry.and_then(|e| e.best);
        let mut keys = std::mem::take(&mut self.scores[ply]);
        keys.clear();
        keys.extend(moves.iter().map(|m| self.order_key(pos, m, tt_move, ply)));
        let n = moves.len() as i32;
        let alpha0 = alpha;
        let mut best_score = -INF;
        let mut best = None;
        for i in 0..moves.len() {
            next_best(&mut moves, &mut keys, i);
            let m = moves[i];
            let undo = pos.play_unchecked(&m);
            let score = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, n);
            pos.unplay(&undo);
            if self.aborted {
                break;
            }
            if score > best_score {
                best_score = score;
                best = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !takes_enemy(pos, &m) {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                }
                break;
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = keys;
        if self.aborted {
            return 0;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store_at(pos, depth, best_score, bound, best, ply);
        best_score
    }

    /// Captures only, after the side to move may "stand pat" on the static
    /// evaluation.
    fn quiescence(
        &mut self,
        pos: &mut Position,
        ply: usize,
        qply: usize,
        mut alpha: i32,
        beta: i32,
        parent_moves: i32,
    ) -> i32 {
        if let Some(o) = pos.outcome {
            return outcome_score(o, pos.side, ply);
        }
        self.count_node();
        self.seldepth = self.seldepth.max(ply);
        if self.aborted {
            return 0;
        }
        let mut moves = self.take_moves(ply);
        if legal_moves(pos, &mut moves).is_err() {
            self.moves[ply] = moves;
            return self.values.material(pos, pos.side);
        }
        self.charge(moves.len());
        if moves.is_empty() {
            self.moves[ply] = moves;
            return outcome_score(pos.no_moves_outcome(), pos.side, ply);
        }
        let n = moves.len() as i32;
        let stand = self.values.material(pos, pos.side) + MOBILITY_WEIGHT * (n - parent_moves);
        if stand >= beta || qply >= MAX_QUIESCENCE || ply + 1 >= MAX_PLY {
            self.moves[ply] = moves;
            return stand;
        }
        alpha = alpha.max(stand);
        let mut keys = std::mem::take(&mut self.scores[ply]);
        keys.clear();
        // Only captures (and shots) are searched; the rest keep key 0.
        moves.retain(|m| self.gain(pos, m) > 0);
        keys.extend(moves.iter().map(|m| self.gain(pos, m)));
        let mut best = stand;
        for i in 0..moves.len() {
            next_best(&mut moves, &mut keys, i);
            let m = moves[i];
            let undo = pos.play_unchecked(&m);
            let score = -self.quiescence(pos, ply + 1, qply + 1, -beta, -alpha, n);
            pos.unplay(&undo);
            if self.aborted {
                break;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = keys;
        best
    }

    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(NODES_PER_CHECK) {
            let out_of_nodes = self.limits.nodes.is_some_and(|n| self.nodes >= n);
            if out_of_nodes || self.out_of_time() {
                self.aborted = true;
            }
        }
    }

    /// Counts `moves` generated, and reads the clock once enough were
    /// since the last time, so that nodes with many moves do not run
    /// past the limit between two node checks.
    fn charge(&mut self, moves: usize) {
        self.work += moves;
        if self.work >= MOVES_PER_CHECK {
            self.work = 0;
            if self.out_of_time() {
                self.aborted = true;
            }
        }
    }

    /// Whether the hard time limit has passed or a stop was asked for.
    fn out_of_time(&self) -> bool {
        self.limits.hard_time.is_some_and(|t| self.start.elapsed() >= t) || self.stop.load(Ordering::Relaxed)
    }

    fn take_moves(&mut self, ply: usize) -> Vec<Move> {
        while self.moves.len() <= ply {
            self.moves.push(Vec::new());
            self.scores.push(Vec::new());
        }
        std::mem::take(&mut self.moves[ply])
    }

    /// Material the move wins at once: the enemies on its landings and
    /// shot squares, and what promoting adds.
    fn gain(&self, pos: &Position, m: &Move) -> i32 {
        let side = pos.side;
        let mut g = 0;
        let mut seen = [crate::board::NO_SQUARE; 10];
        let mut n = 0;
        for &sq in m.landings().iter().chain(m.shots()) {
            if seen[..n].contains(&sq) {
                continue;
            }
            if n < seen.len() {
                seen[n] = sq;
                n += 1;
            }
            let c = pos.cells[usize::from(sq)];
            if c != 0 && cell_colour(c) != side && sq != m.from {
                g += self.values.of(cell_type(c));
            }
        }
        if matches!(m.promotion, Promotion::Promote | Promotion::PromoteWithChain) {
            let ty = cell_type(pos.cells[usize::from(m.from)]);
            if let Some(p) = pos.rules.types[usize::from(ty)].promotes_to {
                g += (self.values.of(p) - self.values.of(ty)).max(0);
            }
        }
        g
    }

    /// Higher is searched first: the table's move, then gains (victim
    /// value, less a tenth of the mover's), then killers, then the rest.
    fn order_key(&self, pos: &Position, m: &Move, tt_move: Option<Move>, ply: usize) -> i32 {
        if tt_move == Some(*m) {
            return i32::MAX;
        }
        let g = self.gain(pos, m);
        if g > 0 {
            let mover = self.values.of(cell_type(pos.cells[usize::from(m.from)]));
            return 1_000_000 + g * 10 - mover;
        }
        let k = &self.killers[ply.min(MAX_PLY)];
        if k[0] == Some(*m) {
            500_000
        } else if k[1] == Some(*m) {
            400_000
        } else {
            0
        }
    }

    /// The key of a position in the table: its hash, and what the previous
    /// move captured (rules may depend on it).
    fn key(pos: &Position) -> u64 {
        let mut k = pos.hash;
        for &(sq, ty) in pos.last_captures() {
            k ^= mix(u64::from(sq) << 16 | u64::from(ty));
        }
        k
    }

    fn probe(&self, pos: &Position) -> Option<Entry> {
        let key = Self::key(pos);
        self.table[(key % self.table.len() as u64) as usize].filter(|e| e.key == key)
    }

    fn store(&mut self, pos: &Position, depth: i32, score: i32, bound: Bound, best: Option<Move>) {
        self.store_at(pos, depth, score, bound, best, 0);
    }

    fn store_at(&mut self, pos: &Position, depth: i32, score: i32, bound: Bound, best: Option<Move>, ply: usize) {
        let key = Self::key(pos);
        let slot = (key % self.table.len() as u64) as usize;
        if let Some(old) = self.table[slot]
            && old.key == key
            && i32::from(old.depth) > depth
        {
            return;
        }
        self.table[slot] = Some(Entry {
            key,
            best,
            score: to_table(score, ply),
            depth: depth.clamp(0, 127) as i8,
            bound,
        });
    }

    /// The best move, then the table's best moves while they are legal.
    fn principal_variation(&self, pos: &mut Position, best: Move, max: usize) -> Vec<Move> {
        let mut pv = vec![best];
        let mut undos = vec![pos.play_unchecked(&best)];
        let mut moves = Vec::new();
        while pv.len() < max {
            let Some(m) = self.probe(pos).and_then(|e| e.best) else {
                break;
            };
            if legal_moves(pos, &mut moves).is_err() || !moves.contains(&m) {
                break;
            }
            pv.push(m);
            undos.push(pos.play_unchecked(&m));
        }
        while let Some(u) = undos.pop() {
            pos.unplay(&u);
        }
        pv
    }
}

/// The score of a finished game for `side`, preferring quick wins.
fn outcome_score(o: Outcome, side: Colour, ply: usize) -> i32 {
    let black = match o.black {
        Result3::Win => 1,
        Result3::Loss => -1,
        Result3::Draw => 0,
    };
    let for_side = if side == Colour::Black { black } else { -black };
    for_side * (MATE - ply as i32)
}

/// Mate scores are stored relative to the node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE - MAX_PLY as i32 {
        score + ply as i32
    } else if score < -(MATE - MAX_PLY as i32) {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE - MAX_PLY as i32 {
        score - ply as i32
    } else if score < -(MATE - MAX_PLY as i32) {
        score + ply as i32
    } else {
        score
    }
}

/// Whether `m` lands or shoots on an enemy of the side to move (a range
/// capture's swept pieces are not looked at).
pub(crate) fn takes_enemy(pos: &Position, m: &Move) -> bool {
    m.landings().iter().chain(m.shots()).any(|&sq| {
        let c = pos.cells[usize::from(sq)];
        c != 0 && cell_colour(c) != pos.side && sq != m.from
    })
}

/// Moves the highest-keyed of `moves[i..]` to `i`.
fn pick_best(moves: &mut [Move], keys: &mut [i32], i: usize) {
    let mut b = i;
    for j in i + 1..moves.len() {
        if keys[j] > keys[b] {
            b = j;
        }
    }
    moves.swap(i, b);
    keys.swap(i, b);
}

/// Puts the move to search `i`th at `i`: the first [`PICKED`] are picked
/// one at a time ([`pick_best`]), then the rest are sorted at once, so a
/// node costs O(n log n) however many of its n moves are searched.
fn next_best(moves: &mut [Move], keys: &mut [i32], i: usize) {
    match i.cmp(&PICKED) {
        std::cmp::Ordering::Less => pick_best(moves, keys, i),
        std::cmp::Ordering::Equal => sort_by_keys(&mut moves[i..], &mut keys[i..]),
        std::cmp::Ordering::Greater => {}
    }
}

/// Sorts `moves` by `keys`, highest first, in O(n log n); moves of equal
/// keys keep their order.
fn sort_by_keys(moves: &mut [Move], keys: &mut [i32]) {
    let mut both: Vec<(i32, Move)> = keys.iter().copied().zip(moves.iter().copied()).collect();
    both.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
    for (i, (k, m)) in both.into_iter().enumerate() {
        keys[i] = k;
        moves[i] = m;
    }
}

/// SplitMix64's finaliser: spreads a small number over 64 bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
