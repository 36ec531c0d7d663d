//! Counting and thinking: [`perft`], the [`Engine`] that searches for a
//! move, and the [`mate`] solver.

use super::error::{Error, ErrorKind};
use super::{Convention, Move, Position};
use crate::search::{self, MATE, MAX_PLY, Searcher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Duration;

/// Counts the leaves of the legal-move tree `depth` plies deep, as
/// `convention` counts moves (single-threaded).
///
#[doc = include_str!("../../docs/examples/facade_perft.md")]
pub fn perft(pos: &Position, depth: u32, convention: Convention) -> Result<u64, Error> {
    let mut p = pos.inner().clone();
    Ok(crate::perft::perft(&mut p, depth, convention)?)
}

/// When a search stops; `Limits::default()` has none but the deepest
/// iteration the search has (64 plies).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this much time (no iteration starts after half of it).
    pub time: Option<Duration>,
}

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Material and mobility, in the rule file's piece values.
    Value(i32),
    /// A forced win (positive) or loss (negative) in this many plies.
    Mate(i32),
}

/// What one iteration of the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// The iteration's depth in plies.
    pub depth: u32,
    pub score: Score,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The principal variation, starting with the move to play.
    pub pv: Vec<Move>,
    /// Every root move was searched (the iteration was not cut short).
    pub complete: bool,
}

/// A searcher for one variant: iterative deepening alpha-beta with a
/// transposition table that lasts between searches of a game.
///
#[doc = include_str!("../../docs/examples/facade_engine.md")]
pub struct Engine {
    searcher: Searcher,
    rules: Arc<crate::ruleset::Ruleset>,
}

impl Engine {
    /// An engine for positions of `pos`'s variant with a transposition
    /// table of about `table_mb` MiB (1 to 4096; less when that much
    /// memory cannot be had).
    ///
    #[doc = include_str!("../../docs/examples/facade_engine.md")]
    pub fn new(pos: &Position, table_mb: usize) -> Engine {
        Engine {
            searcher: Searcher::with_table(pos.inner(), table_mb).0,
            rules: pos.inner().rules().clone(),
        }
    }

    /// Searches `pos` within `limits`. `on_report` is called after each
    /// iteration; returning `false` stops the search there. Returns the
    /// last report (its `pv[0]` is the move to play), or `None` when the
    /// side to move has no move. A position of another variant is
    /// [`ErrorKind::InvalidArgument`].
    ///
    #[doc = include_str!("../../docs/examples/facade_engine.md")]
    pub fn search(
        &mut self,
        pos: &Position,
        limits: Limits,
        on_report: &mut dyn FnMut(&SearchReport) -> bool,
    ) -> Result<Option<SearchReport>, Error> {
        if !Arc::ptr_eq(&self.rules, pos.inner().rules()) {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "the engine was made for another variant (or other rule options)",
            ));
        }
        let stop = self.searcher.stop_flag();
        stop.store(false, Ordering::Relaxed);
        let inner = search::Limits {
            depth: limits.depth,
            nodes: limits.nodes,
            soft_time: limits.time.map(|t| t / 2),
            hard_time: limits.time,
            ..search::Limits::default()
        };
        let mut last: Option<SearchReport> = None;
        let mut p = pos.inner().clone();
        let best = self.searcher.search(&mut p, inner, &mut |r| {
            let report = SearchReport {
                depth: r.depth,
                score: score(r.score),
                nodes: r.nodes,
                elapsed: r.elapsed,
                pv: r.pv.iter().copied().map(Move).collect(),
                complete: r.complete,
            };
            if !on_report(&report) {
                stop.store(true, Ordering::Relaxed);
            }
            last = Some(report);
        })?;
        Ok(best.map(|m| match last {
            Some(r) if r.pv.first() == Some(&Move(m)) => r,
            // Stopped before an iteration finished: the move alone.
            _ => SearchReport {
                depth: 0,
                score: Score::Value(0),
                nodes: self.searcher.nodes(),
                elapsed: Duration::ZERO,
                pv: vec![Move(m)],
                complete: false,
            },
        }))
    }

    /// A flag that stops a running search when set from another thread.
    ///
    #[doc = include_str!("../../docs/examples/facade_engine.md")]
    pub fn stop_handle(&self) -> Arc<AtomicBool> {
        self.searcher.stop_flag()
    }

    /// Forgets what was learnt (for a new game).
    ///
    #[doc = include_str!("../../docs/examples/facade_engine.md")]
    pub fn clear(&mut self) {
        self.searcher.clear();
    }
}

fn score(s: i32) -> Score {
    let bound = MATE - MAX_PLY as i32;
    if s > bound {
        Score::Mate(MATE - s)
    } else if s < -bound {
        Score::Mate(-(MATE + s))
    } else {
        Score::Value(s)
    }
}

/// Searches `pos` once with a fresh 16 MiB engine ([`Engine::search`]
/// with no per-iteration reports).
///
#[doc = include_str!("../../docs/examples/facade_engine.md")]
pub fn search(pos: &Position, limits: Limits) -> Result<Option<SearchReport>, Error> {
    Engine::new(pos, 16).search(pos, limits, &mut |_| true)
}

pub use crate::mate::{AttackerMoves, Config as MateLimits, DefenderHand, Verdict};

/// What the [`mate`] solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateReport {
    pub verdict: Verdict,
    /// The mate's length in plies, for [`Verdict::Mate`].
    pub plies: Option<u32>,
    /// The attacker's shortest mate against the longest defence.
    pub line: Vec<Move>,
    /// The length is proven shortest.
    pub shortest: bool,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The position the line plays from, as position text, when it is not
    /// the one given: under [`DefenderHand::Rest`] the defender holds the
    /// rest of the set.
    pub start: Option<String>,
}

/// Looks for a mate by the side to move (df-pn), as `gunbai mate` does;
/// `MateLimits::default()` is tsume (every attacking move checks), 255
/// plies, 60 s and a 64 MiB table.
/// Limits it cannot meet (a table too large, checks in a variant without
/// royals) are errors.
///
#[doc = include_str!("../../docs/examples/facade_mate.md")]
pub fn mate(pos: &Position, limits: &MateLimits) -> Result<MateReport, Error> {
    let mut p = pos.inner().clone();
    let s = crate::mate::solve(&mut p, limits, None).map_err(mate_error)?;
    Ok(MateReport {
        verdict: s.verdict,
        plies: s.plies,
        line: s.line.into_iter().map(Move).collect(),
        shortest: s.shortest,
        nodes: s.nodes,
        elapsed: s.elapsed,
        start: (limits.defender_hand != DefenderHand::AsGiven).then(|| p.to_text()),
    })
}

/// The façade's error for a mate search that cannot start.
pub(super) fn mate_error(e: crate::mate::MateError) -> Error {
    let kind = match e {
        crate::mate::MateError::NoCheck => ErrorKind::Unsupported,
        crate::mate::MateError::GameOver => ErrorKind::GameOver,
        crate::mate::MateError::Table(_) => ErrorKind::InvalidArgument,
        crate::mate::MateError::Hand(_) => ErrorKind::Unsupported,
    };
    Error::new(kind, e.to_string())
}
