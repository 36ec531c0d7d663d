//! Time management: how long to think about one move, from the time
//! control and the time left.

use crate::search::Limits;
use std::time::Duration;

/// A time control as the GUI set it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// No limit given: think to a fixed depth.
    None,
    /// `moves` moves in `base` (0: the whole game), `inc` added per move.
    Conventional { moves: u32, base: Duration, inc: Duration },
    /// A fixed time per move (`st`).
    PerMove(Duration),
}

/// What the engine knows when it must move.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub control: TimeControl,
    /// The engine's remaining time, as last reported by the GUI.
    pub left: Option<Duration>,
    /// Moves the engine has made since the game started.
    pub moves_made: u32,
    /// Deepest search (`sd`).
    pub depth: Option<u32>,
}

/// Kept back from every budget for process and pipe latency.
const MARGIN: Duration = Duration::from_millis(30);
/// Time kept in hand under a conventional control (at most a quarter of
/// what is left): never planned for, so latency comes out of it.
const RESERVE: Duration = Duration::from_millis(500);
/// Moves a game is expected to last for the engine when the control does
/// not say (sudden death): the moves still to come are planned as
/// `EXPECTED_MOVES − moves made / 2`, never fewer than [`LEAST_TO_GO`], so
/// the share grows as the game goes on and the increment carries the end.
pub const EXPECTED_MOVES: u32 = 45;
/// The fewest moves planned for under sudden death.
pub const LEAST_TO_GO: u32 = 20;
/// The soft limit is this many tenths of the target time (an iteration is
/// not started after it: the next one usually costs several times the
/// last); the hard limit is [`HARD_TARGETS`] targets.
const SOFT_TENTHS: u32 = 5;
/// The hard limit in targets, and at most a [`HARD_SHARE`]th of the
/// spendable time.
const HARD_TARGETS: u32 = 3;
const HARD_SHARE: u32 = 4;

/// The soft and hard limits for one move from `left` on the clock, the
/// increment `inc` added after each move, `byoyomi` per move once `left` is
/// spent, `to_go` moves until the next time control (`None`: sudden death)
/// and `made` moves made so far.
///
/// Target = what can be spent (left less the reserve) shared over the
/// moves to go, plus nine tenths of the increment and the byoyomi; the
/// search stops starting iterations at half the target and stops at once
/// at three targets, never more than a quarter of what can be spent (plus
/// the byoyomi) less the latency margin. The target falls with the clock,
/// so the time left converges to a few increments rather than to a block
/// kept unused (the old rule, 35 moves and half the increment, ended
/// 15 s + 0.2 s games with 5–7 s left at depth 2).
pub fn allocate(
    left: Duration,
    inc: Duration,
    byoyomi: Duration,
    to_go: Option<u32>,
    made: u32,
) -> (Duration, Duration) {
    let to_go = to_go
        .unwrap_or_else(|| EXPECTED_MOVES.saturating_sub(made / 2).max(LEAST_TO_GO))
        .max(1);
    let spendable = left.saturating_sub(RESERVE.min(left / 4));
    let target = spendable / to_go + inc * 9 / 10 + byoyomi;
    let cap = spendable / HARD_SHARE + byoyomi;
    let least = Duration::from_millis(5);
    let hard = (target * HARD_TARGETS).min(cap).saturating_sub(MARGIN).max(least);
    let soft = (target * SOFT_TENTHS / 10).min(hard);
    (soft, hard)
}
/// Depth searched without any time control.
const DEFAULT_DEPTH: u32 = 4;

impl Clock {
    pub fn new() -> Clock {
        Clock {
            control: TimeControl::None,
            left: None,
            moves_made: 0,
            depth: None,
        }
    }

    /// The search limits for the next move.
    pub fn limits(&self) -> Limits {
        let mut l = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        match self.control {
            TimeControl::None => {
                if self.left.is_none() {
                    l.depth = Some(self.depth.unwrap_or(DEFAULT_DEPTH));
                    return l;
                }
                let left = self.left.unwrap_or_default();
                let share = left / 40;
                l.soft_time = Some(share / 2);
                l.hard_time = Some(share.min(left.saturating_sub(MARGIN)));
            }
            TimeControl::PerMove(t) => {
                let t = t.saturating_sub(MARGIN).max(Duration::from_millis(10));
                l.soft_time = Some(t);
                l.hard_time = Some(t);
            }
            TimeControl::Conventional { moves, base, inc } => {
                let left = self.left.unwrap_or(base);
                let to_go = (moves > 0).then(|| moves - self.moves_made % moves);
                let (soft, hard) = allocate(left, inc, Duration::ZERO, to_go, self.moves_made);
                l.soft_time = Some(soft);
                l.hard_time = Some(hard);
            }
        }
        l
    }
}

/// The most one session of a protocol may spend: nodes per search and
/// transposition-table megabytes. The command-line engines have no node
/// cap and tables up to 4 GB; a fuzz target drives the same loops with a
/// tiny budget.
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    pub nodes: Option<u64>,
    pub table_mb: usize,
}

impl Caps {
    /// `limits`, with the node cap applied.
    pub fn apply(&self, mut limits: Limits) -> Limits {
        if let Some(cap) = self.nodes {
            limits.nodes = Some(limits.nodes.map_or(cap, |n| n.min(cap)));
        }
        limits
    }
}

impl Default for Caps {
    fn default() -> Self {
        Caps {
            nodes: None,
            table_mb: 4096,
        }
    }
}

impl Default for Clock {
    fn default() -> Self {
        Clock::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_minute_plus_one_second_leaves_time_in_hand() {
        let mut c = Clock::new();
        c.control = TimeControl::Conventional {
            moves: 0,
            base: Duration::from_secs(60),
            inc: Duration::from_secs(1),
        };
        c.left = Some(Duration::from_millis(300));
        let l = c.limits();
        assert!(l.hard_time.unwrap() < Duration::from_millis(300));
        c.left = Some(Duration::from_secs(60));
        let l = c.limits();
        assert!(l.hard_time.unwrap() <= Duration::from_secs(20));
        assert!(l.hard_time.unwrap() >= Duration::from_secs(1));
    }

    /// Plays a sudden-death game on the clock alone: every move takes
    /// `spend` of its limits, the increment comes after it. Returns the
    /// time left after each move, or `None` once the clock ran out.
    fn play_out(
        base: Duration,
        inc: Duration,
        moves: u32,
        spend: fn(Duration, Duration) -> Duration,
    ) -> Option<Vec<Duration>> {
        let mut left = base;
        let mut seen = Vec::new();
        for made in 0..moves {
            let (soft, hard) = allocate(left, inc, Duration::ZERO, None, made);
            assert!(soft <= hard, "soft {soft:?} above hard {hard:?}");
            left = left.checked_sub(spend(soft, hard) + MARGIN)? + inc;
            seen.push(left);
        }
        Some(seen)
    }

    /// Even a search that always runs to its hard limit (plus the latency
    /// margin) never loses on time with an increment, over a game far
    /// longer than planned. (Without one no rule can promise it: every
    /// move costs at least the latency.)
    #[test]
    fn always_using_the_hard_limit_never_flags() {
        for (base, inc) in [(20_000, 300), (15_000, 200), (60_000, 1_000), (5_000, 100)] {
            let (base, inc) = (Duration::from_millis(base), Duration::from_millis(inc));
            assert!(play_out(base, inc, 400, |_, hard| hard).is_some(), "{base:?}+{inc:?}");
        }
    }

    /// A search that stops between its soft and hard limits spends the
    /// clock down to a few increments within the planned game length,
    /// instead of ending with a third of it unused (20 s + 0.3 s: the old
    /// rule kept about 35 × 0.15 s + 1 s).
    #[test]
    fn the_clock_is_used_by_the_expected_game_length() {
        let (base, inc) = (Duration::from_secs(20), Duration::from_millis(300));
        let left = play_out(base, inc, 150, |soft, hard| (soft + hard) / 2).expect("no flag");
        let at = |m: usize| left[m - 1];
        assert!(at(30) < base * 3 / 4, "after 30 moves: {:?}", at(30));
        assert!(at(150) < Duration::from_secs(4), "after 150 moves: {:?}", at(150));
        // The increment alone sustains the play at the end.
        assert!(at(150) > RESERVE / 2, "after 150 moves: {:?}", at(150));
    }

    #[test]
    fn caps_lower_the_node_limit_and_never_raise_it() {
        let caps = Caps {
            nodes: Some(64),
            table_mb: 1,
        };
        let mut l = Limits::default();
        assert_eq!(caps.apply(l.clone()).nodes, Some(64));
        l.nodes = Some(10);
        assert_eq!(caps.apply(l.clone()).nodes, Some(10));
        l.nodes = Some(1000);
        assert_eq!(caps.apply(l.clone()).nodes, Some(64));
        assert_eq!(Caps::default().apply(l).nodes, Some(1000));
    }

    #[test]
    fn fixed_time_per_move_is_obeyed() {
        let mut c = Clock::new();
        c.control = TimeControl::PerMove(Duration::from_secs(2));
        assert!(c.limits().hard_time.unwrap() <= Duration::from_secs(2));
    }
}
