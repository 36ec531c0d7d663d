//! The search's door into move generation: a position's legal moves in two
//! disjoint parts, the *noisy* ones (those that take or promote) and the
//! *quiet* rest, each listed without listing the other.
//!
//! A quiescence search needs only the noisy part, and a node that cuts off
//! on a capture never lists its quiet moves (drops above all, the most
//! numerous moves of a drop variant, are never listed for the noisy part).
//! The pieces' paths are still walked for both parts (the walk decides
//! what a path takes); what a part saves is everything after the walk:
//! promotion choices, the royal-safety and repetition filters, and the
//! list itself.
//!
//! Together the parts are [`super::legal_moves`], as sets and without a
//! move in both (the property test below checks it on random games of
//! every bundled variant). Each part is kept to the move budget on its
//! own, so a position whose whole list is over the budget may still
//! list a part.

use super::paths::Sink;
use super::{NOISY, QUIET, legal_part};
use crate::moves::{Move, Promotion, TooManyMoves};
use crate::position::{Position, cell_type};

/// The legal moves of the side to move that take something or promote
/// ([`is_noisy`]), in generation order.
pub fn noisy_moves(pos: &Position, out: &mut Vec<Move>) -> Result<(), TooManyMoves> {
    legal_part::<NOISY>(pos, out, None)
}

/// The legal moves of the side to move that [`noisy_moves`] does not
/// list, in generation order: drops, and the moves that neither take nor
/// promote.
pub fn quiet_moves(pos: &Position, out: &mut Vec<Move>) -> Result<(), TooManyMoves> {
    legal_part::<QUIET>(pos, out, None)
}

/// Whether `m`, a move of `pos`'s side to move, is noisy: it lands on a
/// piece (other than its own origin, as igui's return does), captures by
/// range, shoots, or promotes; and in a variant with effects, its mover is
/// the source of a kill aura (moving it may burn, which only playing the
/// move would tell). Drops, declined promotions and reverting moves are
/// quiet unless they take.
#[inline]
pub fn is_noisy(pos: &Position, m: &Move) -> bool {
    if m.drop.is_some() {
        return false;
    }
    if m.sweep != 0 || m.n_shots != 0 || matches!(m.promotion, Promotion::Promote | Promotion::PromoteWithChain) {
        return true;
    }
    if m.landings()
        .iter()
        .any(|&sq| sq != m.from && pos.cells[usize::from(sq)] != 0)
    {
        return true;
    }
    let rules = &*pos.rules;
    rules.has_effects && {
        let ty = cell_type(pos.cells[usize::from(m.from)]);
        rules.effects.auras.iter().any(|a| a.source.contains(ty))
    }
}

/// A [`Sink`] that keeps one part of the moves pushed to it.
pub(super) struct Part<'a> {
    pos: &'a Position,
    out: &'a mut Vec<Move>,
    noisy: bool,
}

impl<'a> Part<'a> {
    pub(super) fn new(pos: &'a Position, out: &'a mut Vec<Move>, noisy: bool) -> Part<'a> {
        Part { pos, out, noisy }
    }
}

impl Sink for Part<'_> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        if is_noisy(self.pos, &m) == self.noisy {
            self.out.push(m);
        }
    }
    fn len(&self) -> usize {
        self.out.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::{legal_captures_of, legal_moves};
    use crate::position::cell_colour;
    use std::collections::HashSet;

    /// On random games of every bundled variant (src/ names none), the
    /// noisy and quiet parts are disjoint, hold no move twice, and make up
    /// `legal_moves` exactly; the noisy part is what `is_noisy` picks out
    /// of the whole list. And (without effects) `legal_captures_of` lists,
    /// in generation order, legal moves that take a piece of its set (or
    /// sweep), among them every move ending on one: of every type, and of
    /// the royals.
    #[test]
    fn noisy_and_quiet_moves_partition_the_legal_moves() {
        let (mut all, mut noisy, mut quiet, mut taking) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut positions, mut with_noisy, mut with_quiet, mut royal_takes) = (0, 0, 0, 0);
        for variant in crate::rules::bundled_names() {
            let rules = crate::rules::load_variant(variant, &[]).expect("bundled");
            let mut every_type = crate::dsl::TypeSet::with_capacity(rules.types.len());
            for ty in 0..rules.types.len() {
                every_type.insert(ty as u16);
            }
            let mut seed = 0x9e37_79b9_7f4a_7c15_u64 ^ variant.len() as u64;
            for _ in 0..2 {
                let mut pos = crate::position::Position::start(rules.clone());
                for _ in 0..60 {
                    legal_moves(&pos, &mut all).unwrap();
                    noisy_moves(&pos, &mut noisy).unwrap();
                    quiet_moves(&pos, &mut quiet).unwrap();
                    let text = pos.to_text();
                    let n: HashSet<Move> = noisy.iter().copied().collect();
                    let q: HashSet<Move> = quiet.iter().copied().collect();
                    assert_eq!(n.len(), noisy.len(), "{variant}: a noisy move twice in {text}");
                    assert_eq!(q.len(), quiet.len(), "{variant}: a quiet move twice in {text}");
                    assert!(n.is_disjoint(&q), "{variant}: a move in both parts in {text}");
                    let a: HashSet<Move> = all.iter().copied().collect();
                    assert_eq!(n.len() + q.len(), all.len(), "{variant}: {text}");
                    assert_eq!(a, &n | &q, "{variant}: {text}");
                    let picked: Vec<Move> = all.iter().copied().filter(|m| is_noisy(&pos, m)).collect();
                    assert_eq!(picked, noisy, "{variant}: {text}");
                    for set in [&every_type, &rules.check_set] {
                        if rules.has_effects {
                            break;
                        }
                        legal_captures_of(&pos, set, &mut taking).unwrap();
                        let takes = |m: &Move| {
                            m.sweep != 0
                                || m.landings().iter().any(|&sq| {
                                    let c = pos.cells[usize::from(sq)];
                                    sq != m.from && c != 0 && cell_colour(c) != pos.side && set.contains(cell_type(c))
                                })
                        };
                        let ends_on = |m: &Move| {
                            let c = pos.cells[usize::from(m.to())];
                            c != 0 && cell_colour(c) != pos.side && set.contains(cell_type(c))
                        };
                        let order: Vec<Move> = all.iter().copied().filter(|m| taking.contains(m)).collect();
                        assert_eq!(
                            order, taking,
                            "{variant}: a capture not legal, or out of order, in {text}"
                        );
                        assert!(taking.iter().all(takes), "{variant}: a move taking none in {text}");
                        for m in all.iter().filter(|m| ends_on(m)) {
                            assert!(taking.contains(m), "{variant}: {m:?} missing in {text}");
                        }
                        royal_takes += usize::from(std::ptr::eq(set, &rules.check_set) && !taking.is_empty());
                    }
                    positions += 1;
                    with_noisy += usize::from(!noisy.is_empty());
                    with_quiet += usize::from(!quiet.is_empty());
                    if all.is_empty() {
                        break;
                    }
                    seed = seed
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    // Captures are played more often than chance would, so
                    // that games reach the middle game's exchanges.
                    let pick = if !noisy.is_empty() && seed >> 62 == 0 {
                        noisy[(seed >> 33) as usize % noisy.len()]
                    } else {
                        all[(seed >> 33) as usize % all.len()]
                    };
                    pos.play_unchecked(&pick);
                }
            }
        }
        assert!(positions > 1000, "{positions} positions");
        assert!(with_noisy > 500, "{with_noisy} positions with noisy moves");
        assert!(with_quiet > 1000, "{with_quiet} positions with quiet moves");
        assert!(royal_takes > 20, "{royal_takes} positions where a royal can be taken");
    }
}
