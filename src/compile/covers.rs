//! The built-in kind set `promotes_upward`: the types whose promoted form can
//! make every move they can make, from any square and whatever stands
//! around. Declining to promote can never help such a piece, which is why
//! some engines (HaChu) do not offer it; a rule file can say the same with
//! `mover is promotes_upward` in `[promotion] must`.
//!
//! The test is structural and conservative: a move counts as covered only
//! when the promoted kind has a move of the same shape that reaches at least
//! as far and may capture at least as much. It reads compiled programs and
//! owns nothing else.

use super::movement::Programs;
use crate::board::Colour;
use crate::board::Offset;
use crate::dsl::TypeSet;
use crate::rules::file::RuleFile;
use crate::ruleset::{CaptureMode, Leg, LegMode, Offsets, Pass, PieceType, Program, TypeId};

/// The name conditions use for the set.
pub(super) const NAME: &str = "promotes_upward";

/// A range capture: whether passed pieces are captured, and whether the
/// mover's own ones are spared (`captures_passed`, `spares_own`).
type Sweep = (bool, bool);

/// One single-leg way of moving: along `dir` up to `reach` squares through
/// empty squares (a step has reach 1), or a jump straight to an offset.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Atom {
    Ray {
        dir: Offset,
        reach: u8,
        capture: CaptureMode,
        pass: Pass,
        sweep: Sweep,
    },
    Jump {
        to: Offset,
        capture: CaptureMode,
        only_over_own: bool,
        sweep: Sweep,
    },
}

fn capture_covers(big: CaptureMode, small: CaptureMode) -> bool {
    big == CaptureMode::May || big == small
}

impl Atom {
    fn covers(self, other: Atom) -> bool {
        match (self, other) {
            (
                Atom::Ray {
                    dir,
                    reach,
                    capture,
                    pass,
                    sweep,
                },
                Atom::Ray {
                    dir: d2,
                    reach: r2,
                    capture: c2,
                    pass: p2,
                    sweep: s2,
                },
            ) => dir == d2 && reach >= r2 && capture_covers(capture, c2) && pass.covers(p2) && sweep == s2,
            (
                Atom::Jump {
                    to,
                    capture,
                    only_over_own,
                    sweep,
                },
                Atom::Jump {
                    to: t2,
                    capture: c2,
                    only_over_own: o2,
                    sweep: s2,
                },
            ) => to == t2 && capture_covers(capture, c2) && (!only_over_own || o2) && sweep == s2,
            // A jump to a neighbouring square is a step, and the other way round.
            (
                Atom::Jump { to, capture, .. },
                Atom::Ray {
                    dir,
                    reach: 1,
                    capture: c2,
                    ..
                },
            )
            | (Atom::Ray { dir, capture, .. }, Atom::Jump { to, capture: c2, .. }) => {
                to == dir && to.dx.abs() <= 1 && to.dy.abs() <= 1 && capture_covers(capture, c2)
            }
            _ => false,
        }
    }
}

/// The single-leg ways of moving that a leg offers on its own. A hop
/// offers none here: it is covered only by the same move (see `covers`).
fn atoms(leg: &Leg, offsets: &Offsets, out: &mut Vec<Atom>) {
    if leg.hop.is_some() {
        return;
    }
    for &o in &leg.offsets {
        let off = offsets.list[usize::from(o)];
        out.push(match leg.mode {
            LegMode::Step => Atom::Ray {
                dir: off,
                reach: 1,
                capture: leg.capture,
                pass: Pass::NONE,
                sweep: (false, false),
            },
            LegMode::Slide { max } => Atom::Ray {
                dir: off,
                reach: max.unwrap_or(u8::MAX),
                capture: leg.capture,
                pass: leg.pass,
                sweep: (leg.captures_passed, leg.spares_own),
            },
            LegMode::Jump => Atom::Jump {
                to: off,
                capture: leg.capture,
                only_over_own: leg.only_over_own,
                sweep: (leg.captures_passed, leg.spares_own),
            },
            // Its captures depend on the position (restrictions are judged
            // for it even in protection), so it is relied on to cover
            // nothing, and is covered only by the same move (see `covers`).
            LegMode::Anywhere => continue,
        });
    }
}

/// Can a piece moving by `big` make every move one moving by `small` can?
/// `conditional[i]` marks alternatives that exist only under a `when`: they
/// are never relied on to cover, and one in `small` is covered only by an
/// identical unconditional alternative.
pub(super) fn covers(
    offsets: &Offsets,
    big: &[Program],
    big_conditional: &[bool],
    small: &[Program],
    small_conditional: &[bool],
) -> bool {
    let mut have = Vec::new();
    for (p, &cond) in big.iter().zip(big_conditional) {
        // A multi-leg move that may stop after its first leg offers that
        // leg alone too (a lion's single step).
        if !cond && (p.legs.len() == 1 || p.legs[0].can_stop_after) {
            atoms(&p.legs[0], offsets, &mut have);
        }
    }
    let mut need = Vec::new();
    for (p, &cond) in small.iter().zip(small_conditional) {
        if p.legs.iter().any(|l| l.over_lower.is_some()) {
            // A range jump depends on ranks, which the test does not
            // compare: never counted as covered.
            return false;
        } else if p.legs.len() == 1 && !cond && p.legs[0].mode != LegMode::Anywhere && p.legs[0].hop.is_none() {
            need.clear();
            atoms(&p.legs[0], offsets, &mut need);
            if !need.iter().all(|n| have.iter().any(|h| h.covers(*n))) {
                return false;
            }
        } else if !big.iter().zip(big_conditional).any(|(q, &c)| !c && p.legs == q.legs) {
            return false;
        }
    }
    true
}

/// The built-in kind set `promotes_upward`, judged on Black's programs
/// (White's are their mirror image).
pub(super) fn promotes_upward(f: &RuleFile, types: &[PieceType], offsets: &Offsets, programs: &Programs) -> TypeSet {
    let mut upward = TypeSet::with_capacity(types.len());
    let progs = &programs[Colour::Black.index()];
    let conditional = |k: usize| -> Vec<bool> { f.pieces[k].moves.iter().map(|m| m.when.is_some()).collect() };
    for (t, ty) in types.iter().enumerate() {
        let Some(up) = ty.promotes_to else { continue };
        let (small, big) = (ty.kind, types[usize::from(up)].kind);
        let aligned = |k: usize| progs[k].len() == f.pieces[k].moves.len();
        if aligned(small)
            && aligned(big)
            && covers(
                offsets,
                &progs[big],
                &conditional(big),
                &progs[small],
                &conditional(small),
            )
        {
            upward.insert(t as TypeId);
        }
    }
    upward
}
