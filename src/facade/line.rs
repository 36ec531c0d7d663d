//! [`check_line`]: is a claimed mating line sound? The façade over
//! `gunbai mate --check-line` (docs/mate.md, "Checking a claimed line").

use super::engine::{AttackerMoves, DefenderHand, mate_error};
use super::error::{Error, ErrorKind};
use super::{Move, Position};
use crate::mate::MAX_PLIES;
use web_time::Duration;

pub use crate::mate::{DEFAULT_ALTERNATIVE_NODES, LineVerdict};

/// A claimed line: move texts (native, USI or any notation gunbai reads)
/// separated by whitespace, one text a ply, or moves.
#[derive(Clone, Copy, Debug)]
pub enum Line<'a> {
    Text(&'a str),
    Texts(&'a [&'a str]),
    Moves(&'a [Move]),
}

impl<'a> From<&'a str> for Line<'a> {
    fn from(text: &'a str) -> Line<'a> {
        Line::Text(text)
    }
}

impl<'a> From<&'a [&'a str]> for Line<'a> {
    fn from(texts: &'a [&'a str]) -> Line<'a> {
        Line::Texts(texts)
    }
}

impl<'a> From<&'a [Move]> for Line<'a> {
    fn from(moves: &'a [Move]) -> Line<'a> {
        Line::Moves(moves)
    }
}

impl<'a> From<&'a Vec<Move>> for Line<'a> {
    fn from(moves: &'a Vec<Move>) -> Line<'a> {
        Line::Moves(moves)
    }
}

/// The claim and the limits of [`check_line`]: the fields of
/// [`super::MateLimits`], with the claim defaulting to the line's length
/// and the node budget given to each alternative defence.
/// `LineLimits::default()` is tsume (every attacking move checks), the
/// line's length, 100,000 nodes an alternative, 60 s in all and a 64 MiB
/// table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineLimits {
    pub moves: AttackerMoves,
    /// The claimed mate length in plies (at most 2047); `None`: the line's
    /// length.
    pub max_plies: Option<u32>,
    /// The whole check's time.
    pub time: Option<Duration>,
    /// Each alternative defence's node budget; `None`:
    /// [`DEFAULT_ALTERNATIVE_NODES`].
    pub nodes: Option<u64>,
    /// The table every search of the check shares, in MiB.
    pub hash_mb: usize,
    /// Under [`DefenderHand::Rest`] the defender's hand is filled before
    /// the line is read (its drops come from there).
    pub defender_hand: DefenderHand,
}

impl Default for LineLimits {
    fn default() -> LineLimits {
        let m = super::MateLimits::default();
        LineLimits {
            moves: m.moves,
            max_plies: None,
            time: m.time,
            nodes: None,
            hash_mb: m.hash_mb,
            defender_hand: m.defender_hand,
        }
    }
}

/// One defender's ply of the line and what its other defences came to.
/// Its moves are legal in the position before the ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defence {
    /// The ply, counted from 1 (a defender's ply is even).
    pub ply: u32,
    /// The line's defence.
    pub played: Move,
    /// Plies the claim leaves after a defence here.
    pub left: u32,
    /// The other legal defences.
    pub alternatives: u32,
    /// Of them, mated within `left`.
    pub mated: u32,
    /// The longest of those mates: the defence, its length in plies after
    /// it, and whether that length is proven shortest.
    pub longest: Option<(Move, u32, bool)>,
    /// The line's defence is not the longest resistance: `longest` is
    /// proven longer than what the line takes from here.
    pub stronger: bool,
    /// Defences proven not mated within `left`.
    pub escapes: Vec<Move>,
    /// Defences not decided within their node budget.
    pub undecided: Vec<Move>,
    /// Defences not searched (the time ran out).
    pub unchecked: u32,
}

/// What [`check_line`] found.
#[derive(Clone, Debug)]
pub struct LineReport {
    pub verdict: LineVerdict,
    /// The line's moves (read from its text).
    pub line: Vec<Move>,
    /// The claimed length in plies.
    pub claimed: u32,
    /// Plies of the line walked.
    pub walked: u32,
    /// The ply (from 1) the verdict points at: the illegal or
    /// non-checking move, or the defender's ply with an escape.
    pub at: Option<u32>,
    /// The line ends in mate (`None` when not walked to its end).
    pub ends_in_mate: Option<bool>,
    /// Every defender's ply walked, in order.
    pub defences: Vec<Defence>,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The position the line plays from, where its moves can be played
    /// (for their text, [`Position::move_text`]): the one given, with the
    /// defender holding the rest of the set under [`DefenderHand::Rest`],
    /// and an attacker set up without a royal playing on (docs/mate.md).
    pub start: Position,
}

/// Checks the claim that `line`, played from `pos` (the side to move
/// attacking), mates within `limits.max_plies` plies against any defence,
/// as `gunbai mate --check-line` does: every other defence of each
/// defender's ply is searched for a mate within the plies the claim
/// leaves. A move text that does not read is [`ErrorKind::IllegalMove`]
/// naming its ply; a line or claim over 2047 plies is
/// [`ErrorKind::InvalidArgument`]; the other errors are [`super::mate`]'s.
/// A move given as a [`Move`] that is not legal where it is played is the
/// verdict [`LineVerdict::Illegal`].
///
#[doc = include_str!("../../docs/examples/facade_check_line.md")]
pub fn check_line<'a>(pos: &Position, line: impl Into<Line<'a>>, limits: &LineLimits) -> Result<LineReport, Error> {
    let line = line.into();
    let too_long = |what: &str, n: usize| {
        Error::new(
            ErrorKind::InvalidArgument,
            format!("{what} of {n} plies: at most {MAX_PLIES}"),
        )
    };
    let plies = match line {
        Line::Text(t) => t.split_whitespace().count(),
        Line::Texts(t) => t.len(),
        Line::Moves(m) => m.len(),
    };
    if plies > MAX_PLIES as usize {
        return Err(too_long("a line", plies));
    }
    if let Some(n) = limits.max_plies.filter(|&n| n > MAX_PLIES) {
        return Err(too_long("a claim", n as usize));
    }
    let mut p = pos.inner().clone();
    if limits.defender_hand == DefenderHand::Rest {
        crate::mate::give_defender_the_rest(&mut p).map_err(|e| mate_error(crate::mate::MateError::Hand(e)))?;
    }
    // An attacker set up without a royal plays on (docs/mate.md), as the
    // solver has it; a game over even so has no line to read.
    crate::mate::spare_royalless(&mut p);
    if p.outcome.is_some() {
        return Err(mate_error(crate::mate::MateError::GameOver));
    }
    let moves: Vec<crate::moves::Move> = match line {
        Line::Moves(m) => m.iter().map(|m| m.0).collect(),
        Line::Text(t) => read(&mut p, &t.split_whitespace().collect::<Vec<_>>())?,
        Line::Texts(t) => read(&mut p, t)?,
    };
    let config = crate::mate::Config {
        moves: limits.moves,
        max_plies: limits.max_plies.unwrap_or(moves.len() as u32),
        time: limits.time,
        nodes: Some(limits.nodes.unwrap_or(DEFAULT_ALTERNATIVE_NODES)),
        hash_mb: limits.hash_mb,
        defender_hand: DefenderHand::AsGiven,
    };
    let found = crate::mate::check_line(&mut p, &moves, &config, None).map_err(mate_error)?;
    let defences = found
        .defences
        .iter()
        .map(|d| Defence {
            ply: d.ply,
            played: Move(d.played),
            left: d.left,
            alternatives: d.alternatives,
            mated: d.mated,
            longest: d.longest.map(|(m, n, shortest)| (Move(m), n, shortest)),
            stronger: d.stronger_defence((moves.len() as u32).saturating_sub(d.ply)).is_some(),
            escapes: d.escapes.iter().copied().map(Move).collect(),
            undecided: d.undecided.iter().map(|u| Move(u.0)).collect(),
            unchecked: d.unchecked,
        })
        .collect();
    Ok(LineReport {
        verdict: found.verdict,
        line: moves.into_iter().map(Move).collect(),
        claimed: found.claimed,
        walked: found.walked,
        at: found.at,
        ends_in_mate: found.ends_in_mate,
        defences,
        nodes: found.nodes,
        elapsed: found.elapsed,
        start: Position::wrap(pos.variant(), p),
    })
}

/// The moves of a line's texts, read in turn from `pos`; a text that does
/// not read is an error naming its ply.
fn read(pos: &mut crate::position::Position, texts: &[&str]) -> Result<Vec<crate::moves::Move>, Error> {
    crate::notation::parse_line(pos, texts, "line").map_err(|(i, mut report)| {
        for d in &mut report.diagnostics {
            d.message = format!("ply {}: {}", i + 1, d.message);
        }
        Error::from_report(ErrorKind::IllegalMove, &report)
    })
}
