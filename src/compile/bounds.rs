//! Bounds on what move generation may produce that need the compiled
//! effects: a shooter's paths times the shots it may fire along them. The
//! paths alone are bounded in `movement` (`MAX_PATHS`), before effects are
//! compiled; this pass counts the shots on top, against the same limit, so
//! that no rule file can make `legal_moves` list billions of moves from one
//! square (two shots over any piece after each of two legs on 36x36).

use super::Checker;
use super::movement::{MAX_PATHS, moves_bound, paths_bound};
use crate::dsl::Expr;
use crate::moves::MAX_SHOTS;
use crate::rules::file::RuleFile;
use crate::ruleset::{Over, Ruleset, Shooting};

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
                rules.shooting.get(k).and_then(Option::as_ref),
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
}
