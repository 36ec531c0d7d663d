//! A generic game-tree search for any rule file: iterative deepening with
//! aspiration windows, principal-variation search (negamax, alpha-beta),
//! a bucketed transposition table of compact entries (module `tt`), null-move
//! pruning, late-move reductions, an extension when a royal is attacked,
//! staged move ordering (hash move, captures by victim less attacker,
//! killers, countermove, quiet moves by history), and a quiescence search
//! over the noisy moves with stand-pat, delta pruning, table probes, an
//! exchange estimate that drops captures losing the capturer
//! (`loses_material`) and, from its third ply, recaptures only.
//!
//! It plays through the move generator's door ([`noisy_moves`],
//! [`quiet_moves`]: the legal moves in two parts), `Position::play` and
//! `unplay` only, so every rule the interpreter knows (lion trading, shots,
//! auras, repetition, kill-history wins) is obeyed in the tree too. A node
//! lists its quiet moves only when no noisy move (or the hash move) cut it
//! off; quiescence never lists them. Nothing here is specific to a
//! variant: the evaluation is material from the rule file's piece values
//! ([`eval`]), and what the techniques need to know of a variant is read
//! from its rules ([`NullMove`]). The loop clones no position and allocates
//! only when it first reaches a new ply.
//!
//! Every position's work is at most O(n log n) in its n moves: the first
//! few moves to search are picked one by one (most nodes cut off there),
//! the rest are sorted once. The clock is read every few nodes and after
//! every few thousand moves generated, so a position with a huge number of
//! moves does not hold the search past its time. A position in the tree
//! with more moves than the move budget allows is scored by its material
//! alone; at the root it is an error.

pub mod eval;
mod tt;

use crate::board::Colour;
use crate::movegen::{
    Move, Promotion, TooManyMoves, Walker, attacked_among, is_noisy, legal_moves, noisy_moves, quiet_moves,
};
use crate::position::{Outcome, Position, cell, cell_colour, cell_type};
use crate::ruleset::{Result3, Ruleset, TypeId};
use eval::PieceValues;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tt::{EXACT, LOWER, Table, UPPER, fingerprint};
use web_time::{Duration, Instant};

/// A won game: scores above `MATE - MAX_PLY` are wins in `MATE - score` plies.
pub const MATE: i32 = 1_000_000;
/// Deepest ply the search reaches (main search plus quiescence).
pub const MAX_PLY: usize = 128;
const INF: i32 = MATE + 1;
/// Plies of captures the quiescence search follows at most.
const MAX_QUIESCENCE: usize = 8;
/// From this ply of the quiescence search on, only recaptures (moves that
/// land where the previous move ended) are followed: the exchange on one
/// square is resolved, new fights are not opened. Without it a position
/// with dozens of captures on each side (the giant variants' long-range
/// pieces) grows a tree of dozens to the eighth power.
const QUIESCENCE_RECAPTURES: usize = 3;
/// Moves of a node picked one at a time, best first, before the rest are
/// sorted at once: a cut-off usually comes among the first.
const PICKED: usize = 8;
/// Nodes between two readings of the clock.
const NODES_PER_CHECK: u64 = 32;
/// Moves generated between two readings of the clock.
const MOVES_PER_CHECK: usize = 4096;
/// Half-width of the first aspiration window, in evaluation units (a
/// pawn-like piece is worth about 100).
const ASPIRATION: i32 = 40;
/// Iterations before this depth search the whole window.
const ASPIRATION_FROM: u32 = 4;
/// Quiescence skips a capture whose gain cannot lift the stand-pat score
/// to within this margin of alpha.
const DELTA_MARGIN: i32 = 150;
/// Entries of the history and countermove tables (a power of two): they
/// are indexed by a hash of side, piece type and square, so that their
/// size does not grow with the board.
const ORDER_ENTRIES: usize = 1 << 16;
/// History scores stay below this (they are halved when one would pass).
const HISTORY_MAX: i32 = 1 << 20;

// Ordering keys: the hash move, then noisy moves by gain, then killers and
// the countermove, then quiet moves by history (below `KILLER_KEY`).
const TT_KEY: i32 = i32::MAX;
const NOISY_KEY: i32 = 1 << 30;
const KILLER_KEY: i32 = 1 << 29;

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

/// When a null move (passing the turn) may prune, read from the rules: it
/// assumes that moving is no worse than passing, which fails in zugzwang,
/// most likely with little material on a small board. A side that has a
/// piece able to pass is never in zugzwang (its pass is a legal move), so
/// it gets the null move wherever the game is not already decided.
#[derive(Clone, Debug)]
pub struct NullMove {
    /// `passers[ty]`: a piece of type `ty` can pass (a path of its move
    /// ends on its origin, as a lion's step out and back does, found by
    /// walking its programs on an empty board). A side with one on the
    /// board gets a null move whatever the board's size and its material.
    pub passers: Vec<bool>,
    /// The board is big enough ([`NULL_MOVE_SQUARES`] squares or more).
    pub board_big_enough: bool,
}

/// Boards smaller than this (the 3×4, 5×5 and 5×6 variants) get no null
/// move: their few pieces make zugzwang common.
pub const NULL_MOVE_SQUARES: usize = 49;
/// A side gets a null move only with at least this many pieces besides
/// its royals (on the board and in hand).
pub const NULL_MOVE_PIECES: u32 = 4;
/// Paths walked at most, over all kinds, to find the passers: each kind
/// gets an equal share, at least [`KIND_PASSER_PATHS`] (as the values'
/// walk is bounded, [`eval::VALUE_PATHS`]), so a rule file of a thousand
/// kinds still starts at once.
const PASSER_PATHS: usize = 2_000_000;
const KIND_PASSER_PATHS: usize = 500;

impl NullMove {
    pub fn new(rules: &Ruleset) -> NullMove {
        let geo = &rules.geometry;
        let centre = geo.square(geo.width as i32 / 2, geo.height as i32 / 2);
        let share = (PASSER_PATHS / rules.kinds.len().max(1)).max(KIND_PASSER_PATHS);
        let passes = |kind: usize| {
            let Some(centre) = centre else { return false };
            let mut cells = vec![0; geo.len()];
            cells[usize::from(centre)] = cell(Colour::Black, rules.unpromoted_type(kind));
            let mut paths = 0;
            let mut found = false;
            for prog in &rules.programs[Colour::Black.index()][kind] {
                let mut w = Walker::new(rules, None, &cells, Colour::Black, centre);
                w.walk(prog, 0, centre, 0, &mut |w: &Walker| {
                    found |= w.len > 0 && w.path[w.len - 1] == centre;
                    paths += 1;
                    found || paths >= share
                });
                if found || paths >= share {
                    break;
                }
            }
            found
        };
        let by_kind: Vec<bool> = (0..rules.kinds.len()).map(passes).collect();
        NullMove {
            passers: rules.types.iter().map(|t| by_kind[t.kind]).collect(),
            board_big_enough: geo.len() >= NULL_MOVE_SQUARES,
        }
    }

    /// Whether the side to move of `pos` may try a null move.
    pub fn allowed(&self, pos: &Position) -> bool {
        if pos.pending_win.is_some() {
            return false;
        }
        let side = pos.side.index();
        let counts = &pos.counts[side];
        let mut pieces = 0u32;
        for (ty, &n) in counts.iter().enumerate() {
            if n == 0 {
                continue;
            }
            if self.passers.get(ty).copied().unwrap_or(false) {
                return true;
            }
            if !pos.rules.check_set.contains(ty as crate::ruleset::TypeId) {
                pieces += u32::from(n);
            }
        }
        if !self.board_big_enough {
            return false;
        }
        if let Some(drops) = &pos.rules.drops {
            for &ty in &drops.hand_types {
                pieces += u32::from(pos.in_hand(pos.side, ty));
            }
        }
        pieces >= NULL_MOVE_PIECES
    }
}

/// A ply's move lists and their ordering keys.
#[derive(Default)]
struct Frame {
    noisy: Vec<Move>,
    noisy_keys: Vec<i32>,
    quiet: Vec<Move>,
    quiet_keys: Vec<i32>,
    /// [`sort_by_keys`]'s buffer, kept so that sorting allocates nothing
    /// once it has grown.
    sorting: Vec<(i32, u32, Move)>,
}

/// A searcher: its transposition table, ordering tables and move buffers
/// survive between searches of one game.
pub struct Searcher {
    values: PieceValues,
    /// The static evaluation's tables ([`eval::evaluate`]).
    evaluator: eval::Evaluator,
    null_move: NullMove,
    table: Table,
    killers: Vec<[Option<Move>; 2]>,
    /// History scores of quiet moves, by [`order_index`].
    history: Vec<i32>,
    /// The quiet move that refuted a move, by [`order_index`] of that move
    /// (a fingerprint).
    countermoves: Vec<u32>,
    frames: Vec<Frame>,
    /// The evaluation of the position at each ply of the current line,
    /// kept incrementally ([`eval::EvalState`]).
    evals: Vec<eval::EvalState>,
    /// The evaluation's royals are the check set's types (so its royal
    /// squares are those the extension looks at).
    royals_are_checked: bool,
    nodes: u64,
    start: Instant,
    limits: Limits,
    stop: Arc<AtomicBool>,
    aborted: bool,
    /// Moves generated since the clock was last read.
    work: usize,
    /// Null moves tried by the last search (for tests).
    null_tries: u64,
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
        let (table, mb) = Table::new(table_mb);
        let evaluator = eval::Evaluator::new(&pos.rules);
        let rules = &pos.rules;
        let royals_are_checked =
            (0..rules.types.len()).all(|t| evaluator.is_royal(t as TypeId) == rules.check_set.contains(t as TypeId));
        let searcher = Searcher {
            values: evaluator.values().clone(),
            evaluator,
            null_move: NullMove::new(&pos.rules),
            table,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; ORDER_ENTRIES],
            countermoves: vec![0; ORDER_ENTRIES],
            frames: Vec::new(),
            evals: vec![eval::EvalState::default(); MAX_PLY + 1],
            royals_are_checked,
            nodes: 0,
            start: Instant::now(),
            limits: Limits::default(),
            stop: Arc::new(AtomicBool::new(false)),
            aborted: false,
            work: 0,
            null_tries: 0,
            seldepth: 0,
        };
        (searcher, mb)
    }

    /// The bytes of the transposition table.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// How full the transposition table is, in thousandths (USI's
    /// `hashfull`): the share of the first thousand buckets' entries that
    /// the last search wrote.
    pub fn hashfull(&self) -> u32 {
        self.table.permille_full() as u32
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Null moves the last search tried.
    pub fn null_moves_tried(&self) -> u64 {
        self.null_tries
    }

    /// The piece values the evaluation uses.
    pub fn values(&self) -> &PieceValues {
        &self.values
    }

    /// What the null move is allowed from.
    pub fn null_move(&self) -> &NullMove {
        &self.null_move
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
        self.table.clear();
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h = 0);
        self.countermoves.iter_mut().for_each(|c| *c = 0);
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
        self.evals[0] = eval::EvalState::full(pos, &self.evaluator);
        self.work = 0;
        self.null_tries = 0;
        self.aborted = false;
        self.table.new_search();
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 8);
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
        let mut last_score = 0;
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 / 2)
            .clamp(1, MAX_PLY as u32 / 2);
        for depth in 1..=max_depth {
            let (score, found) = self.aspiration(pos, depth, last_score, &mut root);
            if let Some(m) = found {
                best = m;
            }
            if self.aborted && found.is_none() {
                break;
            }
            last_score = score;
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

    /// One iteration in a window around the previous score, widened on the
    /// side it fails until the score falls inside (from
    /// [`ASPIRATION_FROM`] on; before, and for mate scores, the whole
    /// window).
    fn aspiration(&mut self, pos: &mut Position, depth: u32, guess: i32, root: &mut [Move]) -> (i32, Option<Move>) {
        if depth < ASPIRATION_FROM || guess.abs() > MATE - MAX_PLY as i32 {
            return self.root(pos, depth as i32, -INF, INF, root);
        }
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = (guess - delta, guess + delta);
        loop {
            let (score, found) = self.root(pos, depth as i32, alpha, beta, root);
            if self.aborted {
                // A move found inside the window is still the best so far.
                let inside = score > alpha && score < beta;
                return (score, found.filter(|_| inside));
            }
            if score <= alpha {
                alpha = (score - delta).max(-INF);
            } else if score >= beta {
                beta = (score + delta).min(INF);
            } else {
                return (score, found);
            }
            delta = delta.saturating_mul(4);
            if delta > 4 * DELTA_MARGIN * 10 {
                (alpha, beta) = (-INF, INF);
            }
        }
    }

    /// One iteration at the root in the window `alpha..beta`. Returns its
    /// score and the best move if at least one move was searched to the
    /// end with a score above alpha.
    fn root(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        root: &mut [Move],
    ) -> (i32, Option<Move>) {
        let side = pos.side;
        let key = Self::key(pos);
        let tt_best = self.table.probe(key).map_or(0, |e| e.best);
        if depth == 1 {
            let mut keys: Vec<i32> = root.iter().map(|m| self.order_key(pos, m, tt_best, 0)).collect();
            sort_by_keys(root, &mut keys, &mut Vec::new());
            self.charge(root.len());
        }
        let alpha0 = alpha;
        let mut best = None;
        let mut best_score = -INF;
        for (i, m) in root.iter().enumerate() {
            let undo = pos.play_unchecked(m);
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, 1, -beta, -alpha, true)
            } else {
                let s = -self.negamax(pos, depth - 1, 1, -alpha - 1, -alpha, true);
                if s > alpha && s < beta && !self.aborted {
                    -self.negamax(pos, depth - 1, 1, -beta, -alpha, true)
                } else {
                    s
                }
            };
            pos.unplay(&undo);
            if self.aborted {
                break;
            }
            if score > best_score {
                best_score = score;
            }
            if score > alpha {
                alpha = score;
                best = Some(*m);
                if alpha >= beta {
                    break;
                }
            }
        }
        // The best move goes first next time.
        if let Some(b) = best
            && let Some(i) = root.iter().position(|m| *m == b)
        {
            root[..=i].rotate_right(1);
        }
        if !self.aborted {
            let bound = if best_score >= beta {
                LOWER
            } else if best_score > alpha0 {
                EXACT
            } else {
                UPPER
            };
            if let Some(b) = best {
                self.table.store(
                    key,
                    depth,
                    to_table(best_score, 0),
                    bound,
                    fingerprint(&b),
                    !is_noisy(pos, &b),
                );
            }
        }
        debug_assert_eq!(pos.side, side);
        (best_score, best)
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        null_ok: bool,
    ) -> i32 {
        if let Some(o) = pos.outcome {
            return outcome_score(o, pos.side, ply);
        }
        self.enter(pos, ply);
        if ply >= MAX_PLY - MAX_QUIESCENCE - 1 {
            return self.quiescence(pos, ply, 0, alpha, beta);
        }
        // A royal attacked: search a ply deeper (it may be lost, or the
        // attack may be all there is).
        let attacked = self.royal_attacked(pos, ply);
        if attacked {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence(pos, ply, 0, alpha, beta);
        }
        self.count_node();
        if self.aborted {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let key = Self::key(pos);
        let entry = self.table.probe(key);
        if let Some(e) = entry
            && !pv_node
            && i32::from(e.depth) >= depth
        {
            let s = from_table(e.score, ply);
            match e.bound() {
                EXACT => return s,
                LOWER if s >= beta => return s,
                UPPER if s <= alpha => return s,
                _ => {}
            }
        }
        // Null move: if passing still holds beta, a move surely does.
        if null_ok
            && !pv_node
            && !attacked
            && depth >= 3
            && beta.abs() < MATE - MAX_PLY as i32
            && self.null_move.allowed(pos)
            && self.evaluate(pos, ply) >= beta
        {
            self.null_tries += 1;
            let r = 2 + depth / 4;
            let undo = pos.play_null();
            let s = -self.negamax(pos, depth - 1 - r, ply + 1, -beta, -beta + 1, false);
            pos.unplay(&undo);
            if self.aborted {
                return 0;
            }
            if s >= beta {
                return beta;
            }
        }

        let mut frame = self.take_frame(ply);
        if noisy_moves(pos, &mut frame.noisy).is_err() {
            // Past the move budget: scored as it stands.
            self.frames[ply] = frame;
            return self.evaluate(pos, ply);
        }
        self.charge(frame.noisy.len());
        let tt_best = entry.map_or(0, |e| e.best);
        let mut quiet_listed = false;
        if entry.is_some_and(|e| e.best_quiet()) {
            // The hash move is quiet: list the quiet moves now to try it first.
            if quiet_moves(pos, &mut frame.quiet).is_err() {
                self.frames[ply] = frame;
                return self.evaluate(pos, ply);
            }
            self.charge(frame.quiet.len());
            quiet_listed = true;
            if let Some(i) = frame.quiet.iter().position(|m| fingerprint(m) == tt_best) {
                let m = frame.quiet.swap_remove(i);
                frame.noisy.push(m);
            }
        }
        frame.noisy_keys.clear();
        for m in &frame.noisy {
            let k = self.order_key(pos, m, tt_best, ply);
            frame.noisy_keys.push(k);
        }
        let counter = self.countermove(pos);
        let alpha0 = alpha;
        let mut best_score = -INF;
        let mut best = None;
        let mut searched = 0usize;
        // Stage 0: the noisy moves (and the hash move); stage 1: the quiet ones.
        'stages: for stage in 0..2 {
            if stage == 1 {
                if !quiet_listed {
                    if quiet_moves(pos, &mut frame.quiet).is_err() {
                        break 'stages;
                    }
                    self.charge(frame.quiet.len());
                }
                frame.quiet_keys.clear();
                for m in &frame.quiet {
                    let k = self.quiet_key(pos, m, ply, counter);
                    frame.quiet_keys.push(k);
                }
            }
            let n = if stage == 0 {
                frame.noisy.len()
            } else {
                frame.quiet.len()
            };
            for i in 0..n {
                let (m, key_m) = if stage == 0 {
                    next_best(&mut frame.noisy, &mut frame.noisy_keys, &mut frame.sorting, i);
                    (frame.noisy[i], frame.noisy_keys[i])
                } else {
                    next_best(&mut frame.quiet, &mut frame.quiet_keys, &mut frame.sorting, i);
                    (frame.quiet[i], frame.quiet_keys[i])
                };
                let quiet = stage == 1 || key_m != TT_KEY && !is_noisy(pos, &m);
                let undo = pos.play_unchecked(&m);
                let score = if searched == 0 {
                    -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, true)
                } else {
                    // Late quiet moves are searched shallower first.
                    let reduce = if quiet && depth >= 3 && searched >= 3 && !attacked && key_m < KILLER_KEY {
                        1 + i32::from(searched >= 8 && depth >= 5)
                    } else {
                        0
                    };
                    let mut s = -self.negamax(pos, depth - 1 - reduce, ply + 1, -alpha - 1, -alpha, true);
                    if s > alpha && reduce > 0 && !self.aborted {
                        s = -self.negamax(pos, depth - 1, ply + 1, -alpha - 1, -alpha, true);
                    }
                    if s > alpha && s < beta && !self.aborted {
                        s = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, true);
                    }
                    s
                };
                pos.unplay(&undo);
                if self.aborted {
                    break 'stages;
                }
                searched += 1;
                if score > best_score {
                    best_score = score;
                    best = Some(m);
                }
                if score > alpha {
                    alpha = score;
                }
                if alpha >= beta {
                    if quiet {
                        self.reward(pos, &m, ply, depth);
                    }
                    break 'stages;
                }
                if quiet {
                    self.punish(pos, &m, depth);
                }
            }
        }
        self.frames[ply] = frame;
        if self.aborted {
            return 0;
        }
        if searched == 0 {
            if best.is_none() && self.frames[ply].quiet.is_empty() && self.frames[ply].noisy.is_empty() {
                return outcome_score(pos.no_moves_outcome(), pos.side, ply);
            }
            return self.evaluate(pos, ply);
        }
        let bound = if best_score >= beta {
            LOWER
        } else if best_score > alpha0 {
            EXACT
        } else {
            UPPER
        };
        let (fp, best_quiet) = best.map_or((0, false), |b| (fingerprint(&b), !is_noisy(pos, &b)));
        self.table
            .store(key, depth, to_table(best_score, ply), bound, fp, best_quiet);
        best_score
    }

    /// Noisy moves only, after the side to move may "stand pat" on the
    /// static evaluation; a capture that cannot lift the score near alpha
    /// is skipped (delta pruning). Results are kept in the table at depth
    /// 0, below every main-search entry.
    fn quiescence(&mut self, pos: &mut Position, ply: usize, qply: usize, mut alpha: i32, beta: i32) -> i32 {
        if let Some(o) = pos.outcome {
            return outcome_score(o, pos.side, ply);
        }
        self.count_node();
        self.seldepth = self.seldepth.max(ply);
        if self.aborted {
            return 0;
        }
        let key = Self::key(pos);
        let entry = self.table.probe(key);
        if let Some(e) = entry {
            let s = from_table(e.score, ply);
            match e.bound() {
                EXACT => return s,
                LOWER if s >= beta => return s,
                UPPER if s <= alpha => return s,
                _ => {}
            }
        }
        if qply > 0 {
            // (At its first ply, the calling node's state is this one's.)
            self.enter(pos, ply);
        }
        let stand = self.evaluate(pos, ply);
        if stand >= beta || qply >= MAX_QUIESCENCE || ply + 1 >= MAX_PLY {
            return stand;
        }
        let alpha0 = alpha;
        alpha = alpha.max(stand);
        let mut frame = self.take_frame(ply);
        if noisy_moves(pos, &mut frame.noisy).is_err() {
            self.frames[ply] = frame;
            return stand;
        }
        self.charge(frame.noisy.len());
        let tt_best = entry.map_or(0, |e| e.best);
        frame.noisy_keys.clear();
        for m in &frame.noisy {
            let k = self.order_key(pos, m, tt_best, ply);
            frame.noisy_keys.push(k);
        }
        let mut best = stand;
        let mut best_move = None;
        let recapture_on = (qply >= QUIESCENCE_RECAPTURES).then(|| pos.last_move().to);
        for i in 0..frame.noisy.len() {
            next_best(&mut frame.noisy, &mut frame.noisy_keys, &mut frame.sorting, i);
            let m = frame.noisy[i];
            if let Some(last) = recapture_on
                && !last.is_some_and(|t| m.landings().contains(&t))
            {
                continue;
            }
            let gain = self.gain(pos, &m);
            if stand + gain + DELTA_MARGIN <= alpha {
                continue;
            }
            let mover = pos.side;
            let undo = pos.play_unchecked(&m);
            if self.loses_material(pos, &m, gain, mover) {
                pos.unplay(&undo);
                continue;
            }
            let score = -self.quiescence(pos, ply + 1, qply + 1, -beta, -alpha);
            pos.unplay(&undo);
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.frames[ply] = frame;
        if !self.aborted {
            let bound = if best >= beta {
                LOWER
            } else if best > alpha0 && best_move.is_some() {
                EXACT
            } else {
                UPPER
            };
            let fp = best_move.map_or(0, |b| fingerprint(&b));
            self.table.store(key, 0, to_table(best, ply), bound, fp, false);
        }
        best
    }

    /// Whether `m`, just played by `mover`, likely loses material: what
    /// it took (`gain`, every piece its landings, shots and range capture
    /// removed, and its promotion) is worth less than the piece it left on
    /// its destination, and the side to move can land there. One recapture
    /// is all it looks at, so it understands multi-capture moves (their
    /// gain is the sum) without listing the exchange; a move that ended
    /// the game, or left no piece of the mover on its destination (burnt),
    /// is kept. (A full static exchange searched far more, here and in the
    /// ordering: docs/engine.md, "Time to depth".)
    fn loses_material(&self, pos: &Position, m: &Move, gain: i32, mover: Colour) -> bool {
        if pos.outcome.is_some() {
            return false;
        }
        let to = m.to();
        let c = pos.cells[usize::from(to)];
        if c == 0 || cell_colour(c) != mover || gain >= self.values.of(cell_type(c)) {
            return false;
        }
        crate::movegen::attacked(pos, &pos.cells, mover.opposite(), to)
    }

    /// The static evaluation for the side to move, from the state of
    /// `ply` ([`Searcher::enter`]).
    fn evaluate(&self, pos: &Position, ply: usize) -> i32 {
        let e = self.evals[ply].score(pos.side);
        debug_assert_eq!(e, eval::evaluate(pos, &self.evaluator));
        e
    }

    /// Whether a royal of the side to move (`[victory]`'s check set) is
    /// attacked: looked up from the royals' squares the evaluation state
    /// of `ply` follows where its royals are the check set's, else found
    /// on the board.
    fn royal_attacked(&self, pos: &Position, ply: usize) -> bool {
        match self.evals[ply].royals(pos.side) {
            Some(royals) if self.royals_are_checked => royals
                .iter()
                .any(|&sq| crate::movegen::attacked(pos, &pos.cells, pos.side.opposite(), sq)),
            _ => attacked_among(pos, pos.side, &pos.rules.check_set),
        }
    }

    /// Brings the evaluation state of `ply` up to `pos`, from its parent's.
    fn enter(&mut self, pos: &Position, ply: usize) {
        self.evals[ply] = match ply.checked_sub(1) {
            Some(parent) => self.evals[parent].after(pos, &self.evaluator),
            None => eval::EvalState::full(pos, &self.evaluator),
        };
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

    /// The move lists of `ply` (given back by storing into `frames[ply]`).
    fn take_frame(&mut self, ply: usize) -> Frame {
        while self.frames.len() <= ply {
            self.frames.push(Frame::default());
        }
        let mut f = std::mem::take(&mut self.frames[ply]);
        f.noisy.clear();
        f.quiet.clear();
        f
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
        if m.sweep != 0 {
            crate::position::for_swept(pos, m, |_, c| {
                if c != 0 && cell_colour(c) != side {
                    g += self.values.of(cell_type(c));
                }
            });
        }
        if matches!(m.promotion, Promotion::Promote | Promotion::PromoteWithChain) {
            let ty = cell_type(pos.cells[usize::from(m.from)]);
            if let Some(p) = pos.rules.types[usize::from(ty)].promotes_to {
                g += (self.values.of(p) - self.values.of(ty)).max(0);
            }
        }
        g
    }

    /// The ordering key of a move among the noisy ones (and of the root's
    /// moves): the table's move first, then gains (victim value, less a
    /// tenth of the mover's), then the rest.
    fn order_key(&self, pos: &Position, m: &Move, tt_best: u32, ply: usize) -> i32 {
        if tt_best != 0 && fingerprint(m) == tt_best {
            return TT_KEY;
        }
        let g = self.gain(pos, m);
        if g > 0 {
            let mover = self.values.of(mover_type(pos, m));
            return NOISY_KEY + (g * 10 - mover).clamp(-(1 << 28), 1 << 28);
        }
        self.quiet_key(pos, m, ply, 0)
    }

    /// The ordering key of a quiet move: killers, then the countermove,
    /// then its history score.
    fn quiet_key(&self, pos: &Position, m: &Move, ply: usize, counter: u32) -> i32 {
        let k = &self.killers[ply.min(MAX_PLY)];
        if k[0] == Some(*m) {
            KILLER_KEY + 2
        } else if k[1] == Some(*m) {
            KILLER_KEY + 1
        } else if counter != 0 && fingerprint(m) == counter {
            KILLER_KEY
        } else {
            self.history[order_index(pos.side, mover_type(pos, m), m.to(), m.drop.is_some())]
        }
    }

    /// The countermove recorded against the previous move, if any.
    fn countermove(&self, pos: &Position) -> u32 {
        let last = pos.last_move();
        match (last.mover, last.to) {
            (Some(ty), Some(to)) => self.countermoves[order_index(pos.side.opposite(), ty, to, false)],
            _ => 0,
        }
    }

    /// A quiet move cut off: it becomes a killer and the countermove of
    /// the previous move, and its history grows by depth².
    fn reward(&mut self, pos: &Position, m: &Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(*m) {
            k[1] = k[0];
            k[0] = Some(*m);
        }
        let last = pos.last_move();
        if let (Some(ty), Some(to)) = (last.mover, last.to) {
            self.countermoves[order_index(pos.side.opposite(), ty, to, false)] = fingerprint(m);
        }
        let i = order_index(pos.side, mover_type(pos, m), m.to(), m.drop.is_some());
        self.history[i] += depth * depth;
        if self.history[i] >= HISTORY_MAX {
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
    }

    /// A quiet move searched without cutting off loses a little history.
    fn punish(&mut self, pos: &Position, m: &Move, depth: i32) {
        let i = order_index(pos.side, mover_type(pos, m), m.to(), m.drop.is_some());
        self.history[i] = (self.history[i] - depth).max(-HISTORY_MAX);
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

    /// The best move, then the table's best moves while they are legal.
    fn principal_variation(&self, pos: &mut Position, best: Move, max: usize) -> Vec<Move> {
        let mut pv = vec![best];
        let mut undos = vec![pos.play_unchecked(&best)];
        let mut moves = Vec::new();
        while pv.len() < max {
            let Some(fp) = self.table.probe(Self::key(pos)).map(|e| e.best).filter(|&b| b != 0) else {
                break;
            };
            if legal_moves(pos, &mut moves).is_err() {
                break;
            }
            let Some(&m) = moves.iter().find(|m| fingerprint(m) == fp) else {
                break;
            };
            pv.push(m);
            undos.push(pos.play_unchecked(&m));
        }
        while let Some(u) = undos.pop() {
            pos.unplay(&u);
        }
        pv
    }
}

/// The type of the piece that makes `m` (the type dropped, for a drop).
fn mover_type(pos: &Position, m: &Move) -> crate::ruleset::TypeId {
    match m.drop {
        Some(ty) => ty,
        None => cell_type(pos.cells[usize::from(m.from)]),
    }
}

/// Where the history and countermove tables keep a move: a hash of its
/// side, piece type, destination and whether it is a drop.
fn order_index(side: Colour, ty: crate::ruleset::TypeId, to: crate::board::Square, drop: bool) -> usize {
    let h = mix(u64::from(ty) << 20 | u64::from(to) << 2 | (side.index() as u64) << 1 | u64::from(drop));
    (h as usize) & (ORDER_ENTRIES - 1)
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
fn next_best(moves: &mut [Move], keys: &mut [i32], sorting: &mut Vec<(i32, u32, Move)>, i: usize) {
    match i.cmp(&PICKED) {
        std::cmp::Ordering::Less => pick_best(moves, keys, i),
        std::cmp::Ordering::Equal => sort_by_keys(&mut moves[i..], &mut keys[i..], sorting),
        std::cmp::Ordering::Greater => {}
    }
}

/// Sorts `moves` by `keys`, highest first, in O(n log n); moves of equal
/// keys keep their order. `sorting` is the caller's buffer: an unstable
/// sort (which allocates nothing) on the key and the original index gives
/// the stable order, so a node allocates nothing once the buffer has grown.
fn sort_by_keys(moves: &mut [Move], keys: &mut [i32], sorting: &mut Vec<(i32, u32, Move)>) {
    sorting.clear();
    // A node's moves are kept to the move budget, far below u32::MAX.
    sorting.extend(
        keys.iter()
            .zip(moves.iter())
            .enumerate()
            .map(|(i, (&k, &m))| (k, i as u32, m)),
    );
    sorting.sort_unstable_by_key(|&(k, i, _)| (std::cmp::Reverse(k), i));
    for (i, &(k, _, m)) in sorting.iter().enumerate() {
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
