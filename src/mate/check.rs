//! Checking a claimed mating line: is every attacking move legal (and a
//! check, under the tsume rule), is every other defence also mated within
//! the plies the claim leaves, and does the line end in mate?
//!
//! Each alternative defence is searched by the solver within the plies the
//! claim has left after it, with its own node budget, so that one hard
//! alternative cannot take the whole run; all of them share one table
//! (proofs and disproofs hold whatever the root, for the same attacker).
//! A line left undecided is then walked back from its end, its own
//! positions put in the table as proofs, and the undecided defences
//! searched again (`settle_from_the_end`).

use super::table::Found;
use super::{Config, INF, MAX_PLIES, MateError, Solver, Table, Verdict, node_key, search, spare_royalless};
use crate::board::Colour;
use crate::movegen::{Move, attacked_among, legal_moves};
use crate::position::Position;
use std::sync::atomic::AtomicBool;
use web_time::{Duration, Instant};

/// The node budget of each alternative defence when [`Config::nodes`] is
/// not given.
pub const DEFAULT_ALTERNATIVE_NODES: u64 = 100_000;

/// What [`check_line`] concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineVerdict {
    /// Every other defence is mated within the claim, and the line ends
    /// in mate.
    Verified,
    /// No defence escapes and the line ends in mate, but some
    /// alternatives were not decided within their budget.
    Undecided,
    /// A defence other than the line's is not mated within the plies the
    /// claim leaves (proven): the claim is a cook or the problem unsound.
    Refuted,
    /// The line is played out without a refutation but does not end in
    /// mate.
    NotMate,
    /// An attacking move of the line gives no check (tsume rule).
    NoCheck,
    /// A move of the line is not legal, or the game is over before it.
    Illegal,
    /// The time ran out (or the stop flag was set) before the end.
    Unknown,
}

impl LineVerdict {
    /// `verified`, `undecided`, `refuted`, `not_mate`, `no_check`,
    /// `illegal` or `unknown`.
    pub fn as_str(self) -> &'static str {
        match self {
            LineVerdict::Verified => "verified",
            LineVerdict::Undecided => "undecided",
            LineVerdict::Refuted => "refuted",
            LineVerdict::NotMate => "not_mate",
            LineVerdict::NoCheck => "no_check",
            LineVerdict::Illegal => "illegal",
            LineVerdict::Unknown => "unknown",
        }
    }
}

/// One defender's ply of the line and what its alternatives came to.
#[derive(Clone, Debug)]
pub struct DefencePly {
    /// The ply, counted from 1 (a defender's ply is even).
    pub ply: u32,
    /// The line's defence.
    pub played: Move,
    /// Plies the claim leaves after a defence here (the claim minus
    /// `ply`).
    pub left: u32,
    /// The other legal defences.
    pub alternatives: u32,
    /// Of them, mated within `left`.
    pub mated: u32,
    /// The longest of those mates (in plies after the defence), its
    /// defence, and whether its length is proven shortest.
    pub longest: Option<(Move, u32, bool)>,
    /// Defences proven not mated within `left`.
    pub escapes: Vec<Move>,
    /// Defences not decided within the budget, with the root's proof and
    /// disproof numbers where the search had them.
    pub undecided: Vec<(Move, Option<(u32, u32)>)>,
    /// Defences not searched (the time ran out).
    pub unchecked: u32,
}

impl DefencePly {
    /// Counts what the search of the alternative `alt` found.
    fn record(&mut self, alt: Move, answer: Answer) {
        match answer.verdict {
            Verdict::Mate => {
                self.mated += 1;
                let plies = answer.plies.unwrap_or(0);
                if self.longest.is_none_or(|(_, p, _)| plies > p) {
                    self.longest = Some((alt, plies, answer.shortest));
                }
            }
            Verdict::NoMate => self.escapes.push(alt),
            Verdict::Unknown => self.undecided.push((alt, answer.root)),
        }
    }

    /// An alternative is mated, proven shortest, in more plies than the
    /// line takes from here (`line_left`): the line's defence is not the
    /// longest resistance.
    pub fn stronger_defence(&self, line_left: u32) -> Option<(Move, u32)> {
        self.longest
            .filter(|&(_, plies, shortest)| shortest && plies > line_left)
            .map(|(m, plies, _)| (m, plies))
    }
}

/// What [`check_line`] found.
#[derive(Clone, Debug)]
pub struct LineCheck {
    pub verdict: LineVerdict,
    /// The claimed length (`Config::max_plies`).
    pub claimed: u32,
    /// Plies of the line walked.
    pub walked: u32,
    /// The ply (from 1) the verdict points at: the illegal or
    /// non-checking move, or the defender's ply with an escape.
    pub at: Option<u32>,
    /// Every defender's ply walked, in order.
    pub defences: Vec<DefencePly>,
    /// The line ends in mate (`None` when not walked to its end).
    pub ends_in_mate: Option<bool>,
    /// Nodes of every search together.
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Checks the claim that `line`, played from `pos` (side to move
/// attacking), is a mate within `config.max_plies` plies against any
/// defence. `config.nodes` is each alternative defence's node budget
/// ([`DEFAULT_ALTERNATIVE_NODES`] when `None`), `config.time` the whole
/// check's; the one table (`config.hash_mb`) serves every search. The
/// walk stops at the first illegal or non-checking move, and after the
/// first defender's ply with an escape (every alternative of that ply is
/// still searched). `pos` is given back unchanged (but for the defender's
/// hand under [`super::DefenderHand::Rest`], filled before the line is
/// played, as in [`super::solve`]). A line longer than [`MAX_PLIES`] is
/// [`LineVerdict::Illegal`] at its ply `MAX_PLIES + 1`.
pub fn check_line(
    pos: &mut Position,
    line: &[Move],
    config: &Config,
    stop: Option<&AtomicBool>,
) -> Result<LineCheck, MateError> {
    if config.defender_hand == super::DefenderHand::Rest {
        super::give_defender_the_rest(pos).map_err(MateError::Hand)?;
    }
    let saved = (pos.spared, pos.outcome);
    if pos.spared.is_none() {
        spare_royalless(pos);
    }
    let mut table = Table::new(config.hash_mb).map_err(MateError::Table)?;
    let mut undos = Vec::new();
    let found = walk(pos, line, config, stop, &mut table, &mut undos);
    while let Some(u) = undos.pop() {
        pos.unplay(&u);
    }
    (pos.spared, pos.outcome) = saved;
    found
}

fn walk(
    pos: &mut Position,
    line: &[Move],
    config: &Config,
    stop: Option<&AtomicBool>,
    table: &mut Table,
    undos: &mut Vec<crate::play::Undo>,
) -> Result<LineCheck, MateError> {
    let start = Instant::now();
    let rules = pos.rules.clone();
    let royals = rules.royals.as_ref().unwrap_or(&rules.check_set);
    if config.moves == super::AttackerMoves::Checks && royals.is_empty() {
        return Err(MateError::NoCheck);
    }
    if pos.outcome.is_some() {
        return Err(MateError::GameOver);
    }
    let attacker = pos.side;
    let claimed = config.max_plies.min(MAX_PLIES);
    let alt_config = Config {
        nodes: Some(config.nodes.unwrap_or(DEFAULT_ALTERNATIVE_NODES)),
        ..config.clone()
    };
    let mut report = LineCheck {
        verdict: LineVerdict::Unknown,
        claimed,
        walked: 0,
        at: None,
        defences: Vec::new(),
        ends_in_mate: None,
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    let out_of_time = || {
        config.time.is_some_and(|t| start.elapsed() >= t)
            || stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
    };
    let mut moves = Vec::new();
    for (i, m) in line.iter().enumerate() {
        let ply = i as u32 + 1;
        if ply > MAX_PLIES || pos.outcome.is_some() || legal_moves(pos, &mut moves).is_err() || !moves.contains(m) {
            report.verdict = LineVerdict::Illegal;
            report.at = Some(ply);
            break;
        }
        let attacking = pos.side == attacker;
        if !attacking {
            if out_of_time() {
                break;
            }
            let mut d = DefencePly {
                ply,
                played: *m,
                left: claimed.saturating_sub(ply),
                alternatives: 0,
                mated: 0,
                longest: None,
                escapes: Vec::new(),
                undecided: Vec::new(),
                unchecked: 0,
            };
            for alt in moves.iter().filter(|a| *a != m) {
                d.alternatives += 1;
                let left_time = config.time.map(|t| t.saturating_sub(start.elapsed()));
                if out_of_time() || left_time.is_some_and(|t| t.is_zero()) {
                    d.unchecked += 1;
                    continue;
                }
                let answer = try_alternative(pos, alt, d.left, left_time, &alt_config, stop, royals, table)?;
                report.nodes = report.nodes.saturating_add(answer.nodes);
                d.record(*alt, answer);
            }
            let refuted = !d.escapes.is_empty();
            let cut = d.unchecked > 0;
            report.defences.push(d);
            if refuted {
                report.verdict = LineVerdict::Refuted;
                report.at = Some(ply);
                break;
            }
            if cut {
                break;
            }
        }
        let undo = pos.play_unchecked(m);
        undos.push(undo);
        report.walked = ply;
        if attacking
            && config.moves == super::AttackerMoves::Checks
            && pos.outcome.is_none_or(|o| o.winner() != Some(attacker))
            && !attacked_among(pos, attacker.opposite(), royals)
        {
            report.verdict = LineVerdict::NoCheck;
            report.at = Some(ply);
            break;
        }
    }
    if report.at.is_none() && report.walked as usize == line.len() {
        let mated = mated(pos, attacker, config, stop, royals, table)?;
        report.ends_in_mate = Some(mated);
        let undecided = report.defences.iter().any(|d| !d.undecided.is_empty());
        report.verdict = match (mated, undecided) {
            (false, _) => LineVerdict::NotMate,
            (true, true) => LineVerdict::Undecided,
            (true, false) => LineVerdict::Verified,
        };
        if report.verdict == LineVerdict::Undecided {
            settle_from_the_end(pos, undos, &alt_config, stop, royals, table, &mut report, start)?;
        }
    }
    report.elapsed = start.elapsed();
    Ok(report)
}

/// What the search of one alternative defence found.
struct Answer {
    verdict: Verdict,
    plies: Option<u32>,
    shortest: bool,
    root: Option<(u32, u32)>,
    nodes: u64,
}

/// Plays the defence `alt` and searches the position after it for a mate
/// within `left` plies (`config`'s node budget, at most `time`).
#[allow(clippy::too_many_arguments)]
fn try_alternative(
    pos: &mut Position,
    alt: &Move,
    left: u32,
    time: Option<Duration>,
    config: &Config,
    stop: Option<&AtomicBool>,
    royals: &crate::dsl::TypeSet,
    table: &mut Table,
) -> Result<Answer, MateError> {
    let attacker = pos.side.opposite();
    let undo = pos.play_unchecked(alt);
    let sub = Config {
        max_plies: left,
        time,
        ..config.clone()
    };
    let decided = |verdict| Answer {
        verdict,
        plies: Some(0).filter(|_| verdict == Verdict::Mate),
        shortest: true,
        root: None,
        nodes: 0,
    };
    let answer = match pos.outcome {
        Some(o) if o.winner() == Some(attacker) => Ok(decided(Verdict::Mate)),
        Some(_) => Ok(decided(Verdict::NoMate)),
        None => search(pos, &sub, stop, royals, table).map(|s| Answer {
            verdict: s.verdict,
            plies: s.plies,
            shortest: s.shortest,
            root: s.root,
            nodes: s.nodes,
        }),
    };
    pos.unplay(&undo);
    answer
}

/// The second pass of a line whose every defence is mated or undecided
/// (`pos` at the line's end, `undos` the line's plies): the line is walked
/// back, and each of its positions from which every other defence is
/// mated is put in the table as a proof within the plies the line takes
/// from it (the line's end first, a mate in 0). The undecided defences
/// are searched again, the last first, with those proofs: one that comes
/// back into the line within its plies is then mated. An undecided
/// defence left, or an escape, ends the proofs (the positions before it
/// are not proven), not the walk.
#[allow(clippy::too_many_arguments)]
fn settle_from_the_end(
    pos: &mut Position,
    undos: &mut Vec<crate::play::Undo>,
    config: &Config,
    stop: Option<&AtomicBool>,
    royals: &crate::dsl::TypeSet,
    table: &mut Table,
    report: &mut LineCheck,
    start: Instant,
) -> Result<(), MateError> {
    let length = undos.len();
    let mut proving = true;
    table.put(node_key(pos), Found::Proof(0), u32::MAX);
    while let Some(undo) = undos.pop() {
        pos.unplay(&undo);
        let ply = undos.len() as u32 + 1;
        if let Some(d) = report.defences.iter_mut().find(|d| d.ply == ply) {
            for (alt, root) in std::mem::take(&mut d.undecided) {
                let time = config.time.map(|t| t.saturating_sub(start.elapsed()));
                if time.is_some_and(|t| t.is_zero())
                    || stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
                {
                    d.undecided.push((alt, root));
                    continue;
                }
                let answer = try_alternative(pos, &alt, d.left, time, config, stop, royals, table)?;
                report.nodes = report.nodes.saturating_add(answer.nodes);
                d.record(alt, answer);
            }
            if !d.escapes.is_empty() {
                report.verdict = LineVerdict::Refuted;
                report.at = Some(ply);
            }
            proving &= d.undecided.is_empty() && d.escapes.is_empty();
        }
        if proving {
            let plies = (length + 1 - ply as usize).min(i16::MAX as usize) as i16;
            table.put(node_key(pos), Found::Proof(plies), u32::MAX);
        }
    }
    if report.verdict == LineVerdict::Undecided && report.defences.iter().all(|d| d.undecided.is_empty()) {
        report.verdict = LineVerdict::Verified;
    }
    Ok(())
}

/// Is the defender, to move in `pos`, mated: the game won by the
/// attacker, or no move that does not let the attacker win at once?
fn mated(
    pos: &mut Position,
    attacker: Colour,
    config: &Config,
    stop: Option<&AtomicBool>,
    royals: &crate::dsl::TypeSet,
    table: &mut Table,
) -> Result<bool, MateError> {
    if let Some(o) = pos.outcome {
        return Ok(o.winner() == Some(attacker));
    }
    if pos.side == attacker {
        return Ok(false);
    }
    let sub = Config {
        time: None,
        nodes: None,
        ..config.clone()
    };
    let mut s = Solver::new(pos, &sub, stop, royals, table)?;
    s.attacker = attacker;
    // The defender's node with no ply left: every reply must let the
    // attacker win at once.
    let n = s.mid(pos, 0, 0, false, INF, INF);
    Ok(n.pn == 0 && !s.aborted)
}
