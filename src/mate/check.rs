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
//! searched again (`settle_from_the_end`); those still undecided are
//! followed along the line (`follow`): a line built from the line's own
//! moves is checked for them the same way.

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
    let found = walk(pos, line, line, config, stop, &mut table, &mut undos, 0);
    while let Some(u) = undos.pop() {
        pos.unplay(&u);
    }
    (pos.spared, pos.outcome) = saved;
    found
}

/// `guide` is the line a defence left undecided is followed along
/// (`follow`): `line` itself, or, within a line `follow` built, that line
/// before its closing search and the outer line's moves after it.
#[allow(clippy::too_many_arguments)]
fn walk(
    pos: &mut Position,
    line: &[Move],
    guide: &[Move],
    config: &Config,
    stop: Option<&AtomicBool>,
    table: &mut Table,
    undos: &mut Vec<crate::play::Undo>,
    depth: u32,
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
            let back = Back {
                line: guide,
                config: &alt_config,
                stop,
                royals,
                start,
                depth,
            };
            settle_from_the_end(pos, undos, &back, table, &mut report)?;
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

/// What the second pass reads: the line, the alternatives' settings, and
/// how deep it is within lines followed for a defence (`follow`).
struct Back<'a> {
    /// The line to follow (`walk`'s guide).
    line: &'a [Move],
    config: &'a Config,
    stop: Option<&'a AtomicBool>,
    royals: &'a crate::dsl::TypeSet,
    start: Instant,
    depth: u32,
}

impl Back<'_> {
    /// The time left (`None`: no limit), zero when stopped.
    fn time_left(&self) -> Option<Duration> {
        if self.stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed)) {
            return Some(Duration::ZERO);
        }
        self.config.time.map(|t| t.saturating_sub(self.start.elapsed()))
    }
}

/// How many lines within lines `follow` may build (a followed line's own
/// undecided defences are followed in turn, to this depth).
const FOLLOW_DEPTH: u32 = 2;
/// At each attacker's ply of a followed line, a quicker mate is looked
/// for within this many plies and nodes.
const SHORTCUT_PLIES: u32 = 7;
const SHORTCUT_NODES: u64 = 200;
/// Where the line's move cannot be played, the attacker's own move is
/// the one after which most of the line's next moves (up to this many)
/// can.
const REPAIR_WINDOW: usize = 64;

/// The second pass of a line whose every defence is mated or undecided
/// (`pos` at the line's end, `undos` the line's plies): the line is walked
/// back, and each of its positions from which every other defence is
/// mated is put in the table as a proof within the plies the line takes
/// from it (the line's end first, a mate in 0). The undecided defences
/// are searched again, the last first, with those proofs: one that comes
/// back into the line within its plies is then mated. An undecided
/// defence left, or an escape, ends the proofs (the positions before it
/// are not proven), not the walk. A defence the search leaves undecided
/// is then followed along the line (`follow`), but in lines followed
/// [`FOLLOW_DEPTH`] deep.
fn settle_from_the_end(
    pos: &mut Position,
    undos: &mut Vec<crate::play::Undo>,
    back: &Back,
    table: &mut Table,
    report: &mut LineCheck,
) -> Result<(), MateError> {
    let length = undos.len();
    let mut proving = true;
    table.put(node_key(pos), Found::Proof(0), u32::MAX);
    while let Some(undo) = undos.pop() {
        pos.unplay(&undo);
        let ply = undos.len() as u32 + 1;
        if let Some(d) = report.defences.iter_mut().find(|d| d.ply == ply) {
            for (alt, root) in std::mem::take(&mut d.undecided) {
                let time = back.time_left();
                if time.is_some_and(|t| t.is_zero()) {
                    d.undecided.push((alt, root));
                    continue;
                }
                let mut answer = try_alternative(pos, &alt, d.left, time, back.config, back.stop, back.royals, table)?;
                report.nodes = report.nodes.saturating_add(answer.nodes);
                if answer.verdict == Verdict::Unknown && back.depth < FOLLOW_DEPTH {
                    let (plies, nodes) = follow(pos, &alt, ply, d.left, back, table)?;
                    report.nodes = report.nodes.saturating_add(nodes);
                    if plies.is_some() {
                        answer = Answer {
                            verdict: Verdict::Mate,
                            plies,
                            shortest: false,
                            root: None,
                            nodes: 0,
                        };
                    }
                }
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

/// Tries to prove the defence `alt`, played instead of the line's at
/// `ply` (`pos` the position before it), mated within `left` plies by
/// following the line: the defender plays the line's defences, the
/// attacker the line's moves where they can be played and where not a
/// move after which the line's next moves can (a piece taken that stood
/// in the way, a piece put back on the line's road), and at each
/// attacker's ply a short search looks for a quicker mate. The line so
/// built is then checked as a claim of `left` plies (`walk`: every other
/// defence along it searched, its own positions proofs). The attacker's
/// first move, the answer to `alt`, is the likeliest to be wrong: up to
/// [`FIRST_CHOICES`] of them are tried. Returns the length of a line
/// verified, and the nodes spent.
fn follow(
    pos: &mut Position,
    alt: &Move,
    ply: u32,
    left: u32,
    back: &Back,
    table: &mut Table,
) -> Result<(Option<u32>, u64), MateError> {
    // (A defence of a built line's closing search may lie past its guide.)
    let rest = back.line.get(ply as usize - 1..).unwrap_or(&[]);
    let alt_undo = pos.play_unchecked(alt);
    let mut nodes = 0u64;
    let mut tried: Vec<Vec<Move>> = Vec::new();
    let mut verified = None;
    for choice in 0..FIRST_CHOICES {
        let (built, guide) = match build(pos, rest, alt, left, choice, back, table) {
            Ok((Some(found), n)) => {
                nodes = nodes.saturating_add(n);
                found
            }
            Ok((None, n)) => {
                nodes = nodes.saturating_add(n);
                continue;
            }
            Err(e) => {
                pos.unplay(&alt_undo);
                return Err(e);
            }
        };
        if tried.contains(&built) {
            continue;
        }
        let config = Config {
            max_plies: left,
            time: back.time_left(),
            ..back.config.clone()
        };
        let mut inner = Vec::new();
        let checked = walk(
            pos,
            &built,
            &guide,
            &config,
            back.stop,
            table,
            &mut inner,
            back.depth + 1,
        );
        while let Some(u) = inner.pop() {
            pos.unplay(&u);
        }
        match checked {
            Ok(c) => {
                nodes = nodes.saturating_add(c.nodes);
                if c.verdict == LineVerdict::Verified {
                    verified = Some(built.len() as u32);
                    break;
                }
            }
            Err(e) => {
                pos.unplay(&alt_undo);
                return Err(e);
            }
        }
        tried.push(built);
    }
    pos.unplay(&alt_undo);
    Ok((verified, nodes))
}

/// How many answers to the defence `follow` tries.
const FIRST_CHOICES: usize = 3;

/// A line `build` made, and the guide its own undecided defences are
/// followed along.
type Built = (Vec<Move>, Vec<Move>);

/// Builds the line `follow` checks, from `pos` (the attacker to move,
/// after the defence `alt`; `rest` the line from the defence `alt`
/// replaced), the first repair taking the `choice`-th candidate. Returns
/// the line when it ends in a win within `left` plies, and the nodes
/// spent; `pos` is given back unchanged.
fn build(
    pos: &mut Position,
    rest: &[Move],
    alt: &Move,
    left: u32,
    choice: usize,
    back: &Back,
    table: &mut Table,
) -> Result<(Option<Built>, u64), MateError> {
    let attacker = pos.side;
    let mut undos = Vec::new();
    let mut built = Vec::new();
    let mut nodes = 0u64;
    let mut moves = Vec::new();
    let mut next = 0;
    let mut ends = false;
    let mut first = true;
    let mut followed = usize::MAX;
    let found = loop {
        if pos.outcome.is_some() {
            ends = pos.outcome.is_some_and(|o| o.winner() == Some(attacker));
            break Ok(());
        }
        let rem = left.saturating_sub(built.len() as u32);
        if rem == 0 || back.time_left().is_some_and(|t| t.is_zero()) {
            break Ok(());
        }
        if legal_moves(pos, &mut moves).is_err() {
            break Ok(());
        }
        let m = if pos.side == attacker {
            let sub = Config {
                max_plies: rem.min(SHORTCUT_PLIES),
                nodes: Some(SHORTCUT_NODES),
                time: back.time_left(),
                ..back.config.clone()
            };
            let s = match search(pos, &sub, back.stop, back.royals, table) {
                Ok(s) => s,
                Err(e) => break Err(e),
            };
            nodes = nodes.saturating_add(s.nodes);
            if s.verdict == Verdict::Mate {
                followed = built.len();
                built.extend(s.line);
                ends = true;
                break Ok(());
            }
            // The line's next move is the attacker's at odd offsets (the
            // first, `rest[0]`, is the defence `alt` replaced).
            let line_move = rest.get(next).filter(|_| next % 2 == 1);
            match line_move.filter(|m| moves.contains(m) && checks_after(pos, m, attacker, back)) {
                Some(m) => {
                    next += 1;
                    *m
                }
                None => {
                    let skip = usize::from(line_move.is_some());
                    let from = (next + skip).min(rest.len());
                    let pick = if first { choice } else { 0 };
                    first = false;
                    let Some(m) = repair(pos, &moves, &rest[from..], alt, attacker, back, pick) else {
                        break Ok(());
                    };
                    next += skip;
                    m
                }
            }
        } else {
            match rest.get(next).filter(|m| next % 2 == 0 && moves.contains(m)) {
                Some(m) => {
                    next += 1;
                    *m
                }
                None => break Ok(()),
            }
        };
        undos.push(pos.play_unchecked(&m));
        built.push(m);
    };
    while let Some(u) = undos.pop() {
        pos.unplay(&u);
    }
    // The guide: what was followed, then the line from where it stopped.
    let mut guide = built[..followed.min(built.len())].to_vec();
    guide.extend_from_slice(&rest[next.min(rest.len())..]);
    found.map(|()| ((ends && built.len() as u32 <= left).then_some((built, guide)), nodes))
}

/// Does the attacker's `m` give check (or win), where every attacking
/// move must (the tsume rule)?
fn checks_after(pos: &mut Position, m: &Move, attacker: Colour, back: &Back) -> bool {
    if back.config.moves != super::AttackerMoves::Checks {
        return true;
    }
    let undo = pos.play_unchecked(m);
    let ok = pos.outcome.is_some_and(|o| o.winner() == Some(attacker))
        || attacked_among(pos, attacker.opposite(), back.royals);
    pos.unplay(&undo);
    ok
}

/// The `pick`-th of the attacker's moves, of `moves`, ranked: first those
/// landing where `alt` did (taking the piece that stood in the way), then
/// by how many of `rest`'s moves can be played in turn after them (at
/// most [`REPAIR_WINDOW`]), then in move order. Only moves after which
/// the line's next move can be played count.
fn repair(
    pos: &mut Position,
    moves: &[Move],
    rest: &[Move],
    alt: &Move,
    attacker: Colour,
    back: &Back,
    pick: usize,
) -> Option<Move> {
    let alt_to = alt.landings().last().copied();
    let mut ranked: Vec<(bool, usize, usize)> = Vec::new();
    let mut buf = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        if !checks_after(pos, m, attacker, back) {
            continue;
        }
        let undo = pos.play_unchecked(m);
        let n = replayable(pos, rest, attacker, back, &mut buf);
        pos.unplay(&undo);
        if n > 0 {
            ranked.push((m.landings().last().copied() == alt_to, n, i));
        }
    }
    ranked.sort_by(|a, b| (b.0, b.1).cmp(&(a.0, a.1)).then(a.2.cmp(&b.2)));
    ranked.get(pick).map(|&(_, _, i)| moves[i])
}

/// How many of `rest`'s moves can be played in turn from `pos` (each
/// legal, each attacking move a check where it must be), at most
/// [`REPAIR_WINDOW`].
fn replayable(pos: &mut Position, rest: &[Move], attacker: Colour, back: &Back, buf: &mut Vec<Move>) -> usize {
    let mut undos = Vec::new();
    for m in rest.iter().take(REPAIR_WINDOW) {
        if pos.outcome.is_some() || legal_moves(pos, buf).is_err() || !buf.contains(m) {
            break;
        }
        if pos.side == attacker && !checks_after(pos, m, attacker, back) {
            break;
        }
        undos.push(pos.play_unchecked(m));
    }
    let n = undos.len();
    while let Some(u) = undos.pop() {
        pos.unplay(&u);
    }
    n
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
