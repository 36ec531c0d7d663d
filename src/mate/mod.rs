//! A mate solver for any rule file: depth-limited df-pn (proof-number
//! search with thresholds, Nagai's MID) over a transposition table of
//! proof and disproof numbers.
//!
//! The side to move attacks. It wins when the game, as the rule file
//! judges it, ends in the defender's loss: every royal taken, a bare king,
//! a kill history, or no legal move where that loses. A *mate in N* is N
//! plies after which the defender is to move and either has no move (and
//! that loses) or every move it has lets the attacker win at once (Chu's
//! mate: the last royal cannot escape capture). "Check" is the crate's
//! attack test ([`attacked_among`]): a royal of the defender (`[victory]
//! check`, else `[repetition] check`) could be taken next move.
//!
//! Conventions ([`Config`]): under [`AttackerMoves::Checks`] (the tsume
//! rule) every attacking move gives check, or wins at once; under
//! [`AttackerMoves::Any`] any move is allowed (mate-in-N). The defender
//! always resists longest, and the attacker mates shortest: limits of 1,
//! 3, 7, 15, ... plies are searched first, each within a node budget, then
//! the whole `max_plies`; a first proof is shortened by searching again
//! within two plies less, until that search fails or reaches a limit
//! already refuted (or the limits run out: the mate is then reported as
//! not proven shortest).
//!
//! Nodes are positions with a number of plies left (`rem`). A proof holds
//! for any node with at least its length left, a disproof for any node
//! with at most its depth left. The proof and disproof numbers of an
//! unsolved search are kept with the plies it had left, and bound another
//! limit's numbers only where they are sure to: fewer plies never make a
//! mate easier to prove, more plies never make it easier to refute. A move that repeats a position of the
//! current line is never part of a shortest mate (the plies to mate fall
//! with every attacking move of a shortest strategy), so it counts as
//! refuted; a disproof that rests on such a repetition depends on the line
//! (the graph-history interaction) and is never stored in the table, so
//! another line reaching the same position searches it again. The rest of
//! what a position's future depends on (the previous move where a rule
//! reads it, the kill history, a pending win) is in the table key
//! (`perft::key::key`).
//!
//! It plays through `legal_moves`, `play_unchecked` and `unplay` only:
//! no position is copied, the move and child lists are buffers kept per
//! ply, and the table (`table.rs`) is allocated once, within its size.
//! Time, nodes and a stop flag bound the run.

mod check;
mod hand;
mod table;

pub use check::{DEFAULT_ALTERNATIVE_NODES, DefencePly, LineCheck, LineVerdict, check_line};
pub use hand::give_defender_the_rest;

use crate::board::Colour;
use crate::dsl::{Expr, TypeSet};
use crate::judge::judge_losses;
use crate::movegen::{CheckFilter, Move, attacked_among, legal_captures_of, legal_moves};
use crate::moves::{MAX_LEGS, MAX_SHOTS};
use crate::perft::key::{HistoryUse, key};
use crate::position::{Position, cell_colour, cell_type};
use std::sync::atomic::{AtomicBool, Ordering};
use table::{Found, Table};
use web_time::{Duration, Instant};

/// The most plies a mate may have (`Config::max_plies` is capped here).
pub const MAX_PLIES: u32 = 2047;
/// The prelude's budget (`search`): nodes per ply of the limit.
const PRELUDE_NODES: u64 = 1_000;
/// "Infinite" proof or disproof number: a solved node.
const INF: u32 = u32::MAX / 2;

/// Which moves the attacker may make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttackerMoves {
    /// Every move gives check or wins at once (tsume problems).
    Checks,
    /// Any legal move (mate-in-N).
    Any,
}

/// What to solve and within which limits.
#[derive(Clone, Debug)]
pub struct Config {
    pub moves: AttackerMoves,
    /// Longest mate looked for, in plies (attacker and defender moves;
    /// capped at [`MAX_PLIES`]).
    pub max_plies: u32,
    /// Stop after this much time.
    pub time: Option<Duration>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Size of the transposition table, in MiB.
    pub hash_mb: usize,
    /// The pieces the defender holds in hand.
    pub defender_hand: DefenderHand,
}

/// The pieces the defender holds in hand (drop variants).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DefenderHand {
    /// The position's hands, as given.
    #[default]
    AsGiven,
    /// Standard tsume shogi: also every piece of the set neither on the
    /// board nor in a hand ([`give_defender_the_rest`]); an error in a
    /// variant without drops.
    Rest,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            moves: AttackerMoves::Checks,
            max_plies: 255,
            time: Some(Duration::from_secs(60)),
            nodes: None,
            hash_mb: 64,
            defender_hand: DefenderHand::AsGiven,
        }
    }
}

/// The answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The attacker mates (the line proves it).
    Mate,
    /// No mate within `max_plies`.
    NoMate,
    /// The limits ran out first.
    Unknown,
}

impl Verdict {
    /// `mate`, `no_mate` or `unknown`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Mate => "mate",
            Verdict::NoMate => "no_mate",
            Verdict::Unknown => "unknown",
        }
    }
}

/// What [`solve`] found.
#[derive(Clone, Debug)]
pub struct Solution {
    pub verdict: Verdict,
    /// The mate's length in plies (for [`Verdict::Mate`]).
    pub plies: Option<u32>,
    /// The main line: the attacker's shortest mate against the defender's
    /// longest resistance, ending with the mating move.
    pub line: Vec<Move>,
    /// The length is proven shortest (a search within two plies less
    /// failed, or was refuted before). False when the limits ran out
    /// while shortening.
    pub shortest: bool,
    /// The root's proof and disproof numbers when the limits ran out
    /// before any mate was found ([`Verdict::Unknown`]): how far the
    /// search was from a proof and from a disproof.
    pub root: Option<(u32, u32)>,
    /// Nodes searched (positions expanded, including immediate-win scans).
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Why [`solve`] could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateError {
    /// The game is already over in the given position.
    GameOver,
    /// The tsume rule needs to know what check is, and the rule file names
    /// no royal kinds (`[victory] check` or `[repetition] check`).
    NoCheck,
    /// The table could not be allocated.
    Table(String),
    /// [`DefenderHand::Rest`] in a variant without hands.
    Hand(String),
}

impl std::fmt::Display for MateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MateError::GameOver => f.write_str("the game is already over in this position"),
            MateError::NoCheck => f.write_str(
                "the rule file names no royal kinds ([victory] check or [repetition] check), so no move gives check; \
                 allow any attacking move instead (--any-move)",
            ),
            MateError::Table(m) | MateError::Hand(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for MateError {}

/// Looks for a mate by the side to move in `pos` (given back unchanged,
/// but for the defender's hand under [`DefenderHand::Rest`], which stays
/// filled: the line plays from there). `stop`, when set from another
/// thread, ends the search (unknown).
///
#[doc = include_str!("../../docs/examples/mate_1.md")]
pub fn solve(pos: &mut Position, config: &Config, stop: Option<&AtomicBool>) -> Result<Solution, MateError> {
    if config.defender_hand == DefenderHand::Rest {
        give_defender_the_rest(pos).map_err(MateError::Hand)?;
    }
    let saved = (pos.spared, pos.outcome);
    if pos.spared.is_none() {
        spare_royalless(pos);
    }
    let rules = pos.rules.clone();
    let royals = rules.royals.as_ref().unwrap_or(&rules.check_set);
    let found = match Table::new(config.hash_mb) {
        Ok(mut table) => search(pos, config, stop, royals, &mut table),
        Err(e) => Err(MateError::Table(e)),
    };
    (pos.spared, pos.outcome) = saved;
    found
}

/// The solver's convention for a side set up without a royal (the
/// attacker of most mate problems): it does not lose for having none, and
/// plays on. If exactly one side of `pos` has no piece of the royal kinds
/// (`[victory] check`, else `[repetition] check`) and the position was
/// judged lost for it, that side is spared `loses_when` from now on, in
/// this position and the moves played from it. Returns the spared side.
///
/// [`solve`] applies it to the root; call it before playing moves that
/// lead to the position to solve.
pub fn spare_royalless(pos: &mut Position) -> Option<Colour> {
    let rules = pos.rules.clone();
    let royals = rules.royals.as_ref().unwrap_or(&rules.check_set);
    if royals.is_empty() || pos.spared.is_some() {
        return None;
    }
    let has_royal = |c: Colour| {
        pos.pieces(c)
            .any(|sq| royals.contains(cell_type(pos.cells[usize::from(sq)])))
    };
    let side = match (has_royal(Colour::Black), has_royal(Colour::White)) {
        (false, true) => Colour::Black,
        (true, false) => Colour::White,
        _ => return None,
    };
    if pos.outcome.is_some_and(|o| o.winner() != Some(side.opposite())) {
        return None;
    }
    pos.spared = Some(side);
    pos.outcome = judge_losses(pos);
    Some(side)
}

fn search(
    pos: &mut Position,
    config: &Config,
    stop: Option<&AtomicBool>,
    royals: &TypeSet,
    table: &mut Table,
) -> Result<Solution, MateError> {
    if pos.outcome.is_some() {
        return Err(MateError::GameOver);
    }
    let mut s = Solver::new(pos, config, stop, royals, table)?;
    let mut found = Solution {
        verdict: Verdict::Unknown,
        plies: None,
        line: Vec::new(),
        shortest: false,
        root: None,
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    s.grow(0);
    let mut max = config.max_plies.min(MAX_PLIES) as i32;
    if max % 2 == 0 {
        max -= 1;
    }
    s.count_node();
    if let Some(m) = s.winning_move(pos, 0) {
        // The defender has already left its last royal to be taken: the
        // capture is the whole line.
        found.verdict = Verdict::Mate;
        found.plies = Some(1);
        found.line = vec![m];
        found.shortest = true;
    } else {
        // A prelude of limits of 1, 3, 7, 15, ... plies (2^k - 1), each
        // within a budget of `PRELUDE_NODES` per ply of the limit: a
        // failed limit proves there is no mate within it (`low`), so a
        // short mate is found, and proven shortest, without a search of
        // the whole limit. The first limit the budget cannot decide ends
        // the prelude, and the whole limit `max` is searched for any mate
        // (far cheaper for a long mate than deepening the limit all the
        // way). A mate found is then shortened (searched again within two
        // plies less) until that fails or reaches `low`.
        let mut low = -1;
        let mut limit = 1.min(max);
        let mut prelude = true;
        loop {
            if max < 1 {
                found.verdict = Verdict::NoMate;
                break;
            }
            s.cap = if prelude && limit < max {
                s.nodes.saturating_add(PRELUDE_NODES * (limit as u64 + 1))
            } else {
                u64::MAX
            };
            let n = s.mid(pos, 0, limit, true, INF, INF);
            if s.capped {
                // Nothing found after the budget ran out was stored.
                (s.aborted, s.capped, prelude, limit) = (false, false, false, max);
                continue;
            }
            if s.aborted {
                if found.verdict == Verdict::Unknown {
                    found.root = Some((n.pn, n.dn));
                }
                break;
            }
            if n.pn != 0 {
                // No mate within `limit`.
                low = limit;
                if found.verdict == Verdict::Mate {
                    // The last proof was the shortest.
                    found.shortest = true;
                    break;
                }
                if limit >= max {
                    found.verdict = Verdict::NoMate;
                    break;
                }
                limit = if prelude { (limit * 2 + 1).min(max) } else { max };
                continue;
            }
            prelude = false;
            let len = i32::from(n.len);
            found.verdict = Verdict::Mate;
            found.plies = Some(len as u32);
            found.line = s.main_line(pos, len);
            if len - 2 <= low {
                found.shortest = true;
                break;
            }
            limit = len - 2;
        }
    }
    found.nodes = s.nodes;
    found.elapsed = s.start.elapsed();
    Ok(found)
}

/// A node's numbers: proof and disproof numbers, the mate's length when
/// proven, and whether a disproof rests on a repetition of the line.
#[derive(Clone, Copy, Debug)]
struct Numbers {
    pn: u32,
    dn: u32,
    len: i16,
    rep: bool,
}

const PROVEN: Numbers = Numbers {
    pn: 0,
    dn: INF,
    len: 0,
    rep: false,
};
const DISPROVEN: Numbers = Numbers {
    pn: INF,
    dn: 0,
    len: 0,
    rep: false,
};
const UNKNOWN: Numbers = Numbers {
    pn: 1,
    dn: 1,
    len: 0,
    rep: false,
};

fn proven(len: i32) -> Numbers {
    Numbers {
        len: len as i16,
        ..PROVEN
    }
}

/// A move of an expanded node and the numbers of the node it leads to.
#[derive(Clone, Copy)]
struct Child {
    mv: Move,
    n: Numbers,
}

struct Solver<'a> {
    table: &'a mut Table,
    attacker: Colour,
    /// The defender's royals, when every attacking move must give check.
    checks: Option<TypeSet>,
    /// Only taking the defender's last royals can end the game at once: no
    /// effects, no `wins_when` that the options leave alive (a condition
    /// folded to false, as a disabled bare-king rule, never fires), and
    /// royals named (every bundled
    /// `loses_when` without effects counts the royals, `[victory] check`
    /// or `[repetition] check`). A move that wins must then land or shoot
    /// on every royal the defender has left (or sweep a line).
    wins_by_capture: bool,
    /// The defender's royals (`[victory] check`, else `[repetition] check`).
    royals: TypeSet,
    /// Per ply: the legal moves, and the expanded node's children.
    moves: Vec<Vec<Move>>,
    children: Vec<Vec<Child>>,
    /// Length of the game history at the root: the line starts there.
    root_history: usize,
    nodes: u64,
    start: Instant,
    time: Option<Duration>,
    node_limit: Option<u64>,
    stop: Option<&'a AtomicBool>,
    aborted: bool,
    /// The node count at which the current root search gives up (the
    /// prelude's budget), and whether it did.
    cap: u64,
    capped: bool,
}

impl<'a> Solver<'a> {
    /// A solver for the side to move in `pos`, over `table` (which may
    /// hold what earlier solvers of the same attacker found: proofs and
    /// disproofs hold whatever the root).
    fn new(
        pos: &Position,
        config: &Config,
        stop: Option<&'a AtomicBool>,
        royals: &TypeSet,
        table: &'a mut Table,
    ) -> Result<Solver<'a>, MateError> {
        let checks = match config.moves {
            AttackerMoves::Any => None,
            AttackerMoves::Checks if royals.is_empty() => return Err(MateError::NoCheck),
            AttackerMoves::Checks => Some(royals.clone()),
        };
        Ok(Solver {
            table,
            attacker: pos.side,
            checks,
            wins_by_capture: !pos.rules.has_effects
                && pos
                    .rules
                    .victory
                    .wins
                    .iter()
                    .all(|w| matches!(w.condition, Expr::Const(0)))
                && !royals.is_empty(),
            royals: royals.clone(),
            moves: Vec::new(),
            children: Vec::new(),
            root_history: pos.history.len(),
            nodes: 0,
            start: Instant::now(),
            time: config.time,
            node_limit: config.nodes,
            stop,
            aborted: false,
            cap: u64::MAX,
            capped: false,
        })
    }

    fn grow(&mut self, ply: usize) {
        while self.moves.len() <= ply + 1 {
            self.moves.push(Vec::new());
            self.children.push(Vec::new());
        }
    }

    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            let out_of_time = self.time.is_some_and(|t| self.start.elapsed() >= t);
            let out_of_nodes = self.node_limit.is_some_and(|n| self.nodes >= n);
            if out_of_time || out_of_nodes || self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                self.aborted = true;
            } else if self.nodes >= self.cap {
                self.aborted = true;
                self.capped = true;
            }
        }
    }

    /// Did the last move end the game in the attacker's favour?
    fn won(&self, pos: &Position) -> bool {
        pos.outcome.is_some_and(|o| o.winner() == Some(self.attacker))
    }

    /// An attacking move (the attacker is to move) that wins at once.
    /// Counted as a node by the callers that scan a node of their own
    /// (not the scan of a defender's reply that leaves a royal en prise,
    /// part of expanding the defender's node).
    fn winning_move(&mut self, pos: &mut Position, ply: usize) -> Option<Move> {
        let mut moves = std::mem::take(&mut self.moves[ply]);
        // Where only taking the last royals wins, only the moves that take
        // one (or capture by range) are listed.
        let listed = if self.wins_by_capture {
            legal_captures_of(pos, &self.royals, &mut moves)
        } else {
            legal_moves(pos, &mut moves)
        };
        if listed.is_err() {
            // Over the move budget: the search cannot decide this node.
            self.aborted = true;
            self.moves[ply] = moves;
            return None;
        }
        let defender = self.attacker.opposite();
        let royals_left: u32 = self.royals.iter().map(|ty| u32::from(pos.count(defender, ty))).sum();
        let mut found = None;
        for m in &moves {
            if self.wins_by_capture && m.sweep == 0 && royals_taken(pos, m, &self.royals) < royals_left {
                continue;
            }
            let undo = pos.play_unchecked(m);
            let won = self.won(pos);
            pos.unplay(&undo);
            if won {
                found = Some(*m);
                break;
            }
        }
        self.moves[ply] = moves;
        found
    }

    /// Does the position after the last move repeat one of the line?
    fn repeats(&self, pos: &Position) -> bool {
        pos.history
            .get(self.root_history..)
            .is_some_and(|h| h.contains(&pos.hash))
    }

    /// The numbers the table gives a node with `rem` plies left: a proof
    /// short enough, a disproof deep enough, else the last open numbers
    /// of any depth.
    fn look_up(&mut self, pos: &Position, rem: i32) -> Numbers {
        match self.table.get(node_key(pos)) {
            Some(e) if i32::from(e.proof) <= rem => proven(i32::from(e.proof)),
            Some(e) if i32::from(e.disproof) >= rem => DISPROVEN,
            // Open numbers of another limit bound this one's only one way:
            // with fewer plies a mate is no easier to prove, with more no
            // easier to refute.
            Some(e) => Numbers {
                pn: if i32::from(e.open_rem) >= rem { e.pn } else { 1 },
                dn: if i32::from(e.open_rem) <= rem && e.open_rem >= 0 {
                    e.dn
                } else {
                    1
                },
                ..UNKNOWN
            },
            None => UNKNOWN,
        }
    }

    /// Lists the node's children in `children[ply]` with their numbers.
    /// Returns the node's numbers if the expansion alone decides it.
    fn expand(&mut self, pos: &mut Position, ply: usize, rem: i32, or: bool) -> Option<Numbers> {
        self.grow(ply);
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut kids = std::mem::take(&mut self.children[ply]);
        if legal_moves(pos, &mut moves).is_err() {
            // Over the move budget: the answer is unknown, and nothing
            // found from here on is stored.
            self.aborted = true;
            self.moves[ply] = moves;
            self.children[ply] = kids;
            return Some(UNKNOWN);
        }
        kids.clear();
        let mut decided = None;
        if moves.is_empty() {
            let o = pos.no_moves_outcome();
            decided = Some(match (o.winner() == Some(self.attacker), or) {
                (true, false) => proven(0),
                (true, true) => proven(-1),
                (false, _) => DISPROVEN,
            });
        }
        let defender = self.attacker.opposite();
        // Under the tsume rule, moves that cannot give check (nor win at
        // once) are not even played.
        let filter = self.checks.as_ref().filter(|_| or).map(|c| CheckFilter::new(pos, c));
        for m in &moves {
            if decided.is_some() {
                break;
            }
            if filter.as_ref().is_some_and(|f| !f.may_check(pos, m)) {
                continue;
            }
            let undo = pos.play_unchecked(m);
            let n = if pos.outcome.is_some() {
                match (self.won(pos), or) {
                    (true, true) => proven(-2),
                    (true, false) => proven(-1),
                    (false, _) => DISPROVEN,
                }
            } else if or && self.checks.as_ref().is_some_and(|c| !attacked_among(pos, defender, c)) {
                pos.unplay(&undo);
                continue;
            } else if self.repeats(pos) {
                Numbers { rep: true, ..DISPROVEN }
            } else if or && rem < 1 {
                DISPROVEN
            } else if !or && rem <= 1 {
                // The attacker, to move with no plies to spare, must win at once.
                self.count_node();
                match self.winning_move(pos, ply + 1) {
                    Some(_) => proven(-1),
                    None => DISPROVEN,
                }
            } else if !or && self.wins_by_capture {
                // A reply that leaves a royal to be taken (legal where
                // check need not be answered) is judged now, not given
                // proof number 1 and expanded later: the defender's
                // proof number then counts only its real defences. (The
                // scan finds the royals' attackers first: none, no scan.)
                match self.winning_move(pos, ply + 1) {
                    Some(_) => proven(-1),
                    None => self.look_up(pos, rem - 1),
                }
            } else {
                self.look_up(pos, rem - 1)
            };
            pos.unplay(&undo);
            kids.push(Child { mv: *m, n });
            if or && n.pn == 0 && n.len == -2 {
                decided = Some(proven(-1));
            } else if !or && n.dn == 0 {
                decided = Some(n);
            }
        }
        self.moves[ply] = moves;
        self.children[ply] = kids;
        if decided.is_none() && or && self.children[ply].is_empty() {
            decided = Some(DISPROVEN);
        }
        decided
    }

    /// Searches the node until its numbers reach a threshold, stores them
    /// and returns them.
    fn mid(&mut self, pos: &mut Position, ply: usize, rem: i32, or: bool, thpn: u32, thdn: u32) -> Numbers {
        self.count_node();
        let work = self.nodes;
        let result = match self.expand(pos, ply, rem, or) {
            Some(n) => n,
            None => {
                let mut kids = std::mem::take(&mut self.children[ply]);
                let n = loop {
                    let n = summarize(&kids, or);
                    if n.pn == 0 || n.dn == 0 || n.pn >= thpn || n.dn >= thdn || self.aborted {
                        break n;
                    }
                    let (best, second) = select(&kids, or);
                    let c = kids[best];
                    let (cpn, cdn) = if or {
                        (thpn.min(beyond(second)), add(thdn - n.dn, c.n.dn))
                    } else {
                        (add(thpn - n.pn, c.n.pn), thdn.min(beyond(second)))
                    };
                    let undo = pos.play_unchecked(&c.mv);
                    let r = self.mid(pos, ply + 1, rem - 1, !or, cpn, cdn);
                    pos.unplay(&undo);
                    kids[best].n = r;
                };
                self.children[ply] = kids;
                n
            }
        };
        if !(self.aborted || result.dn == 0 && result.rep) {
            let found = if result.pn == 0 {
                Found::Proof(result.len)
            } else if result.dn == 0 {
                Found::Disproof(rem as i16)
            } else {
                Found::Open {
                    pn: result.pn,
                    dn: result.dn,
                    rem: rem as i16,
                }
            };
            let work = (self.nodes - work + 1).min(u64::from(u32::MAX)) as u32;
            self.table.put(node_key(pos), found, work);
        }
        result
    }

    /// The main line of a node proven within `len` plies: at the
    /// attacker's turn the shortest proven move, at the defender's the
    /// longest resisting one, until the defender is mated.
    fn main_line(&mut self, pos: &mut Position, len: i32) -> Vec<Move> {
        let mut line = Vec::new();
        let mut undos = Vec::new();
        let (mut rem, mut or, mut left) = (len, true, len);
        while line.len() < len.max(0) as usize && !self.aborted {
            if !or && left <= 0 {
                break;
            }
            let ply = line.len();
            let mut pick = self.pick(pos, ply, rem, or);
            if pick.is_none() {
                // Lost from the table: prove the node again.
                self.mid(pos, ply, rem, or, INF, INF);
                pick = self.pick(pos, ply, rem, or);
            }
            let Some(c) = pick else { break };
            line.push(c.mv);
            undos.push(pos.play_unchecked(&c.mv));
            left = i32::from(c.n.len);
            rem -= 1;
            or = !or;
        }
        while let Some(u) = undos.pop() {
            pos.unplay(&u);
        }
        line
    }

    fn pick(&mut self, pos: &mut Position, ply: usize, rem: i32, or: bool) -> Option<Child> {
        self.expand(pos, ply, rem, or);
        let proven = self.children[ply].iter().filter(|c| c.n.pn == 0);
        if or {
            proven.min_by_key(|c| c.n.len).copied()
        } else {
            // The first of the longest, in move order.
            proven.rev().max_by_key(|c| c.n.len).copied()
        }
    }
}

/// How many of the defender's royals (the pieces of `royals` not of the
/// side to move) `m` lands or shoots on; each square counts once.
fn royals_taken(pos: &Position, m: &Move, royals: &TypeSet) -> u32 {
    // At most every landing and shot: no overflow.
    let mut seen = [crate::board::NO_SQUARE; MAX_LEGS + MAX_SHOTS];
    let mut n = 0;
    for &sq in m.landings().iter().chain(m.shots()) {
        let c = pos.cells[usize::from(sq)];
        if sq == m.from || c == 0 || cell_colour(c) == pos.side || !royals.contains(cell_type(c)) {
            continue;
        }
        if !seen[..n].contains(&sq) {
            seen[n] = sq;
            n += 1;
        }
    }
    n as u32
}

/// The node's key: the position and what its future depends on.
fn node_key(pos: &Position) -> u64 {
    key(pos, u32::MAX, HistoryUse::Ignored, 0, 0, &[])
}

/// `a + b`, kept below `INF` unless one of them is `INF`.
fn add(a: u32, b: u32) -> u32 {
    if a >= INF || b >= INF {
        INF
    } else {
        a.saturating_add(b).min(INF - 1)
    }
}

/// The threshold a child is searched to, against the second-best
/// sibling's number: one above it (Nagai's df-pn). The 1+epsilon trick of
/// Pawlewicz and Lew (a quarter above) was measured and is not used: on
/// kinu01 of the Chu sample it took 343,883 nodes against 92,006, since
/// with a limit on the plies each deeper stay re-expands more of the
/// child's subtree than the switches it saves.
fn beyond(second: u32) -> u32 {
    if second >= INF {
        INF
    } else {
        second.saturating_add(1).min(INF - 1)
    }
}

/// A node's numbers from its children's: at the attacker's turn (`or`)
/// the smallest proof number and the sum of disproof numbers, at the
/// defender's the other way round.
fn summarize(kids: &[Child], or: bool) -> Numbers {
    let (mut pn, mut dn) = if or { (INF, 0) } else { (0, INF) };
    let mut len: Option<i16> = None;
    for c in kids {
        let n = c.n;
        if or {
            pn = pn.min(n.pn);
            dn = add(dn, n.dn);
            if n.pn == 0 {
                len = Some(len.map_or(n.len, |l| l.min(n.len)));
            }
        } else {
            pn = add(pn, n.pn);
            dn = dn.min(n.dn);
            len = Some(len.map_or(n.len, |l| l.max(n.len)));
        }
    }
    // A disproof rests on a repetition if, at the attacker's turn, any
    // refutation does, and at the defender's, every refutation does.
    let rep = if or {
        kids.iter().any(|c| c.n.rep)
    } else {
        !kids.iter().any(|c| c.n.dn == 0 && !c.n.rep)
    };
    Numbers {
        pn,
        dn,
        len: len.map_or(0, |l| l.saturating_add(1)),
        rep: rep && dn == 0,
    }
}

/// The child to search (smallest proof number at the attacker's turn,
/// smallest disproof number at the defender's; the first on ties) and the
/// second smallest number.
fn select(kids: &[Child], or: bool) -> (usize, u32) {
    let num = |c: &Child| if or { c.n.pn } else { c.n.dn };
    let (mut best, mut first, mut second) = (0, INF, INF);
    for (i, c) in kids.iter().enumerate() {
        let v = num(c);
        if v < first {
            second = first;
            first = v;
            best = i;
        } else if v < second {
            second = v;
        }
    }
    (best, second)
}
