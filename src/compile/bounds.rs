//! Bounds on what move generation may produce, so that no rule file can
//! make `legal_moves` list billions of moves from one square. The paths
//! alone are bounded when the movement is compiled (`movement`, against
//! [`MAX_PATHS`]); the shots a shooter may fire along them need the
//! compiled effects, so a later pass counts them on top, against the same
//! limit (two shots over any piece after each of two legs on 36x36).
//! The walk plan's table of how far each plain ray may go is bounded here
//! too ([`MAX_ROOM_BYTES`]).

use super::Checker;
use crate::board::Geometry;
use crate::dsl::Expr;
use crate::moves::MAX_SHOTS;
use crate::rules::file::RuleFile;
use crate::ruleset::{LegMode, Offsets, Over, Program, Relation, Ruleset, Shooting};

/// Most paths a piece's moves may produce from one square, on its board:
/// more is an error, since generating (and listing) them would take
/// unbounded time and memory. Six unlimited slides in a row on 9x9 would
/// be about 10^12.
pub(super) const MAX_PATHS: u64 = 100_000;
/// Above this many paths from one square, `validate` warns: a hook mover on
/// a 36x36 board makes about 10,000, a lion 80.
pub(super) const WARN_PATHS: u64 = 10_000;

/// Most bytes the walk plan's `room` table may take
/// (`ruleset/walk_plan.rs`): one byte per square for each distinct
/// (offset, reach) pair of the plain one-leg programs
/// ([`Program::plain_ray`]). Taikyoku needs 74 pairs on 36x36, 96 KB; 250
/// offsets with every slide range could need 21 MB.
pub(super) const MAX_ROOM_BYTES: u64 = 512 * 1024;

/// An upper bound on the paths a program produces from one square: per leg,
/// the choices of direction and distance the board allows (a slide goes at
/// most as far as the board is long in its direction), multiplied leg by
/// leg, counting every leg after which the move may stop.
pub(super) fn paths_bound(program: &Program, offsets: &Offsets, geo: &Geometry) -> u64 {
    moves_bound(program, offsets, geo, 1, 1)
}

/// As [`paths_bound`], with each path's landings multiplied by what may
/// follow them: `per_landing` after every landing, `per_end` once where the
/// move stops (the shots a shooter may fire there).
pub(super) fn moves_bound(program: &Program, offsets: &Offsets, geo: &Geometry, per_landing: u64, per_end: u64) -> u64 {
    let reach = |o: u8, mode: LegMode| -> u64 {
        let off = offsets.list[usize::from(o)];
        let along = |d: i8, side: u32| match d.unsigned_abs() {
            0 => u64::MAX,
            d => u64::from(side.saturating_sub(1)) / u64::from(d),
        };
        match mode {
            LegMode::Step | LegMode::Jump => 1,
            LegMode::Anywhere => u64::from(geo.width * geo.height).saturating_sub(1),
            LegMode::Slide { max } => {
                let r = along(off.dx, geo.width).min(along(off.dy, geo.height));
                max.map_or(r, |m| r.min(u64::from(m)))
            }
        }
    };
    let (mut total, mut product) = (0u64, 1u64);
    for (i, leg) in program.legs.iter().enumerate() {
        let choices = |set: &[u8]| set.iter().map(|&o| reach(o, leg.mode)).fold(0u64, u64::saturating_add);
        let n = match program.legs.get(i.wrapping_sub(1)) {
            Some(prev) if leg.relation != Relation::Any => prev
                .offsets
                .iter()
                .map(|&p| choices(&leg.follow[usize::from(p)]))
                .max()
                .unwrap_or(0),
            _ => choices(&leg.offsets),
        };
        product = product.saturating_mul(n).saturating_mul(per_landing);
        if leg.can_stop_after {
            total = total.saturating_add(product.saturating_mul(per_end));
        }
    }
    total
}

/// The most targets one shot may choose among: the shot walker looks along
/// eight lines and keeps at most 64 targets.
const MAX_TARGETS: u64 = 64;

/// The choices one shooting opportunity offers: no shot, or one to `shots`
/// shots, each at one of the targets the lines may hold.
fn choices_per_opportunity(s: &Shooting) -> u64 {
    let per_line = match (&s.over, &s.range) {
        // Without passing pieces, or past exactly one, one target a line.
        (Over::Never | Over::ExactlyOne, _) => 1,
        (Over::Any, Expr::Const(r)) => u64::try_from(*r).unwrap_or(0),
        // A range that depends on the position: anything up to the cap.
        (Over::Any, _) => MAX_TARGETS,
    };
    let targets = (8 * per_line).min(MAX_TARGETS);
    let shots = u32::from(s.shots).min(MAX_SHOTS as u32);
    (0..=shots)
        .map(|j| targets.saturating_pow(j))
        .fold(0u64, u64::saturating_add)
}

impl Checker<'_> {
    /// Every shooter's moves from one square, shots included, stay within
    /// [`MAX_PATHS`]. A piece whose paths alone pass it is reported by
    /// `movement` already.
    pub(super) fn shots_within_limit(&mut self, f: &RuleFile, rules: &Ruleset) {
        let geo = &rules.geometry;
        for (k, p) in f.pieces.iter().enumerate() {
            let (Some(s), Some(progs)) = (
                rules.effects.shooting.get(k).and_then(Option::as_ref),
                rules.programs[crate::board::Colour::Black.index()].get(k),
            ) else {
                continue;
            };
            let paths = progs
                .iter()
                .map(|prog| paths_bound(prog, &rules.offsets, geo))
                .fold(0u64, u64::saturating_add);
            if paths > MAX_PATHS {
                continue;
            }
            let c = choices_per_opportunity(s);
            let (per_landing, per_end) = if s.each_leg { (c, 1) } else { (1, c) };
            let moves = progs
                .iter()
                .map(|prog| moves_bound(prog, &rules.offsets, geo, per_landing, per_end))
                .fold(0u64, u64::saturating_add);
            if moves > MAX_PATHS {
                let span = p.shoot.as_ref().map_or_else(|| p.id.span(), |s| s.range.span());
                self.push(
                    crate::diagnostics::Diagnostic::error(
                        span,
                        format!(
                            "piece `{}` can make up to {moves} different moves with their shots from one square on this board; the limit is {MAX_PATHS}",
                            p.id.get_ref()
                        ),
                    )
                    .with_help("fire fewer `shots`, only at the end of the move (`after = \"end\"`), not `over = \"any\"` piece, or over a shorter `range`"),
                );
            }
        }
    }

    /// The walk plan's `room` table stays within [`MAX_ROOM_BYTES`]: the
    /// distinct (offset, reach) pairs of plain one-leg programs, counted
    /// piece by piece in file order, so the piece that passes the limit
    /// is named.
    pub(super) fn walk_plan_within_limit(&mut self, f: &RuleFile, rules: &Ruleset) {
        let squares = rules.geometry.len() as u64;
        let mut pairs = std::collections::BTreeSet::new();
        for (k, p) in f.pieces.iter().enumerate() {
            for prog in rules.programs.iter().filter_map(|side| side.get(k)).flatten() {
                if let (Some(reach), [leg]) = (prog.plain_ray(), &prog.legs[..]) {
                    pairs.extend(leg.offsets.iter().map(|&o| (o, reach)));
                }
            }
            let bytes = pairs.len() as u64 * squares;
            if bytes > MAX_ROOM_BYTES {
                self.push(
                    crate::diagnostics::Diagnostic::error(
                        p.id.span(),
                        format!(
                            "piece `{}` brings the single-leg moves to {} different (direction, range) pairs, whose table on this board takes {bytes} bytes; the limit is {MAX_ROOM_BYTES}",
                            p.id.get_ref(),
                            pairs.len()
                        ),
                    )
                    .with_help("give slides fewer different `range` values, or fewer distinct `jump` offsets"),
                );
                return;
            }
        }
    }
}
