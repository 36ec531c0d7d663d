//! Compiles hands and drops (`[drops]`), the royals that may not be left
//! attacked (`[victory] check`), and the table of squares where a piece
//! would have no move (for `stuck_at`).

use super::Checker;
use super::conditions::Context;
use super::movement::Programs;
use crate::board::{Colour, NO_SQUARE};
use crate::diagnostics::Diagnostic;
use crate::dsl::{Place, TypeSet};
use crate::rules::file::RuleFile;
use crate::ruleset::*;

impl Checker<'_> {
    /// `[drops]`: where captured pieces go, which drops are forbidden;
    /// `None` without drops, or where `enabled` folds to false.
    pub(super) fn drops(&mut self, f: &RuleFile, cx: &Context, kinds: &[Kind], types: &[PieceType]) -> Option<Drops> {
        let d = f.drops.as_ref()?;
        // Compiled either way, so that a reading's mistakes show in both.
        let enabled = d.enabled.as_ref().is_none_or(|t| self.options_condition(t));
        let forbid = d.forbid.as_ref().map(|t| self.condition(t, cx, Place::Drop));
        // The kind each kind's captured pieces become in hand.
        let mut hand_of: Vec<usize> = (0..kinds.len()).collect();
        let find = |id: &str| kinds.iter().position(|k| k.id == id);
        for (from, to) in &d.hand_kind {
            let (a, b) = (find(from.get_ref()), find(to.get_ref()));
            for (name, found) in [(from, a), (to, b)] {
                if found.is_none() {
                    let d = Diagnostic::error(name.span(), format!("unknown piece `{}`", name.get_ref()))
                        .suggest(name.get_ref(), kinds.iter().map(|k| k.id.as_str()));
                    self.push(d);
                }
            }
            if let (Some(a), Some(b)) = (a, b) {
                hand_of[a] = b;
            }
        }
        let to_hand: Vec<Option<TypeId>> = types
            .iter()
            .map(|t| {
                let base = t.promoted_from.unwrap_or(t.kind);
                Some(hand_of[base] as TypeId)
            })
            .collect();
        let mut hand_types: Vec<TypeId> = to_hand.iter().flatten().copied().collect();
        hand_types.sort_unstable();
        hand_types.dedup();
        let promoted_drops = d
            .promoted_drops
            .as_ref()
            .map_or_else(TypeSet::default, |t| self.kind_set(t, cx));
        let n = types.len();
        let hand_keys = (0..2 * n * HAND_KEYS)
            .map(|i| {
                if i % HAND_KEYS == 0 {
                    0
                } else {
                    super::splitmix((i as u64).wrapping_mul(0x9E6C_63D0_676A_9A99) ^ 0x0dd_ba11)
                }
            })
            .collect();
        enabled.then_some(Drops {
            forbid,
            to_hand,
            hand_types,
            promoted_drops,
            hand_keys,
        })
    }

    /// `[victory] check`: the pieces a move may not leave attacked.
    /// Without it, or where `check_when` folds to false, none.
    pub(super) fn royals(&mut self, f: &RuleFile, cx: &Context) -> Option<TypeSet> {
        let set = f.victory.check.as_ref().map(|t| self.kind_set(t, cx));
        let applies = f.victory.check_when.as_ref().is_none_or(|t| self.option_flag(t, cx));
        if let (None, Some(t)) = (&f.victory.check, &f.victory.check_when) {
            self.err(t.span(), "`check_when` needs `check`: it says when `check` applies");
        }
        set.filter(|_| applies)
    }

    /// `[victory] check_up_to`: how many pieces of `check` a side may have
    /// for the check rule to apply (unlimited unless set).
    pub(super) fn check_up_to(&mut self, f: &RuleFile) -> usize {
        let Some(n) = &f.victory.check_up_to else {
            return usize::MAX;
        };
        if f.victory.check.is_none() {
            self.err(n.span(), "`check_up_to` needs `check`: it limits when `check` applies");
        }
        match usize::try_from(*n.get_ref()) {
            Ok(v) if v >= 1 => v,
            _ => {
                self.err(n.span(), "`check_up_to` must be 1 or more");
                usize::MAX
            }
        }
    }
}

/// `stuck[colour][kind * squares + sq]`: no first leg of any of the kind's
/// movement alternatives reaches a square of the board from `sq`.
pub(super) fn stuck_table(programs: &Programs, offsets: &Offsets, squares: usize) -> [Vec<bool>; 2] {
    Colour::BOTH.map(|colour| {
        let mut out = Vec::with_capacity(programs[colour.index()].len() * squares);
        for progs in &programs[colour.index()] {
            for sq in 0..squares {
                let moves = progs.iter().any(|p| {
                    p.legs.first().is_some_and(|l| {
                        l.offsets.iter().any(|&o| {
                            let to = offsets.target(o, sq as u16);
                            // A hop needs a square for its screen and one beyond.
                            to != NO_SQUARE && (l.hop.is_none() || offsets.target(o, to) != NO_SQUARE)
                        })
                    })
                });
                out.push(!moves);
            }
        }
        out
    })
}
