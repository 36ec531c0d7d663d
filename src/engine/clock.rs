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
/// Time kept in hand under a conventional control.
const RESERVE: Duration = Duration::from_secs(1);
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
                let to_go = if moves > 0 { moves - self.moves_made % moves } else { 35 };
                // A reserve of up to a second is never planned for: process
                // and pipe latency come out of it, and the increment comes
                // only after the move.
                let spendable = left.saturating_sub(RESERVE.min(left / 2));
                let budget = spendable / to_go.max(1) + inc / 2;
                let hard = budget
                    .min(spendable / 2)
                    .saturating_sub(MARGIN)
                    .max(Duration::from_millis(5));
                l.soft_time = Some(hard / 2);
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
