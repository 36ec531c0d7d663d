//! Judging the game: the outcome of a position made from outside (the
//! setup, position text, SFEN) and of every move played: `loses_when` for
//! both sides and `both_lose`, `wins_when` and answerable wins, repetition
//! outcomes, and the result when the side to move has no move.
//!
//! It sits above the move generator (conditions about a side may ask
//! whether squares are attacked) and below `play`, which calls it after
//! each move.

use crate::board::{Colour, Square};
use crate::diagnostics::Report;
use crate::dsl::eval;
use crate::movegen::SideFacts;
use crate::position::{Cell, EndReason, HAND_ENTRY, Outcome, Position, PositionError};
use crate::ruleset::{BothLose, RepetitionPolicy, Result3, Ruleset};
use std::sync::Arc;

impl Position {
    /// The variant's starting position.
    ///
    #[doc = include_str!("../docs/examples/position_mod_1.md")]
    pub fn start(rules: Arc<Ruleset>) -> Position {
        Position::setup_of(rules).judged()
    }

    /// Reads a position in the native text format (docs/notation.md). An
    /// error points at the field or square that is wrong.
    ///
    #[doc = include_str!("../docs/examples/position_text_1.md")]
    pub fn from_text(rules: Arc<Ruleset>, text: &str) -> Result<Position, PositionError> {
        Position::read_text(rules, text).map(Position::judged)
    }

    /// Reads an SFEN (`board side last-capture movenumber`), for variants
    /// whose rule file has an `[sfen]` table.
    ///
    #[doc = include_str!("../docs/examples/position_sfen_1.md")]
    pub fn from_sfen(rules: Arc<Ruleset>, text: &str) -> Result<Position, Report> {
        Position::read_sfen(rules, text).map(Position::judged)
    }

    /// A position from a record's start: board cells, side to move and
    /// hands, judged.
    pub(crate) fn from_start(
        rules: Arc<Ruleset>,
        cells: Vec<crate::position::Cell>,
        side: crate::board::Colour,
        hands: &crate::ruleset::Hands,
    ) -> Position {
        Position::from_parts(rules, cells, side, Default::default(), Vec::new())
            .with_hands(hands)
            .judged()
    }

    /// Reads a TSFEN in either dialect (docs/notation.md#tsfen), judged,
    /// with what it said of its dialect and move counter.
    pub fn from_tsfen(rules: Arc<Ruleset>, text: &str) -> Result<(Position, crate::position::TsfenInfo), Report> {
        Position::read_tsfen(rules, text).map(|(p, info)| (p.judged(), info))
    }

    /// A position made from outside, with the outcome its board already
    /// has (a side may have lost before any move).
    fn judged(mut self) -> Position {
        self.outcome = judge_losses(&self).or_else(|| self.judge_turn_wins());
        self
    }

    /// The wins judged for the side to move (`judged = "to_move"`): the
    /// first that holds for it.
    fn judge_turn_wins(&self) -> Option<Outcome> {
        let rules = &*self.rules;
        let facts = SideFacts {
            pos: self,
            side: self.side,
        };
        let i = rules
            .victory
            .wins
            .iter()
            .position(|w| w.to_move && eval(&w.condition, &facts) != 0)?;
        Some(Outcome::for_side(self.side, Result3::Win, EndReason::Won(i as u8)))
    }

    /// Judges the position after `mover` moved: losses, answerable wins,
    /// wins, repetition. Returns the outcome and the pending win.
    pub(crate) fn judge_after_move(&self, mover: Colour) -> (Option<Outcome>, Option<(Colour, u8)>) {
        if let Some(mut o) = judge_losses(self) {
            if o.black == Result3::Draw && self.rules.victory.both_lose == BothLose::MoverLoses {
                o = Outcome::for_side(mover, Result3::Loss, EndReason::Lost);
            }
            return (Some(o), None);
        }
        let rules = &*self.rules;
        let facts = SideFacts { pos: self, side: mover };
        if let Some((winner, idx)) = self.pending_win
            && winner != mover
        {
            let answered = eval(&rules.victory.wins[usize::from(idx)].condition, &facts) != 0;
            let outcome = if answered {
                Outcome::for_side(mover, Result3::Draw, EndReason::Answered)
            } else {
                Outcome::for_side(winner, Result3::Win, EndReason::Won(idx))
            };
            return (Some(outcome), None);
        }
        let mut pending = None;
        for (i, w) in rules.victory.wins.iter().enumerate() {
            if !w.to_move && eval(&w.condition, &facts) != 0 {
                if w.answerable {
                    pending = Some((mover, i as u8));
                    break;
                }
                return (
                    Some(Outcome::for_side(mover, Result3::Win, EndReason::Won(i as u8))),
                    None,
                );
            }
        }
        let outcome = self
            .judge_turn_wins()
            .or_else(|| self.judge_repetition(mover))
            .or_else(|| self.judge_move_limit(mover));
        (outcome, pending)
    }

    /// A draw once `[victory.move_limit]`'s count of moves is reached.
    fn judge_move_limit(&self, mover: Colour) -> Option<Outcome> {
        let limit = self.rules.victory.move_limit?;
        (self.counted_plies >= limit.plies).then(|| Outcome::for_side(mover, Result3::Draw, EndReason::MoveLimit))
    }

    /// The outcome that repeating a position has under the repetition policy.
    fn judge_repetition(&self, mover: Colour) -> Option<Outcome> {
        let rules = &*self.rules;
        match rules.repetition {
            RepetitionPolicy::Ignore | RepetitionPolicy::ForbidUnlessInCheck | RepetitionPolicy::Forbid => None,
            RepetitionPolicy::DrawFourfold => (self.occurrences() >= usize::from(rules.ending_occurrence))
                .then(|| Outcome::for_side(mover, Result3::Draw, EndReason::Repetition)),
            RepetitionPolicy::DrawUnlessPerpetualCheck => {
                // A perpetual checker loses; otherwise a draw.
                let (by_mover, by_other) = self.perpetual_checks()?;
                Some(if by_mover {
                    Outcome::for_side(mover, Result3::Loss, EndReason::Repetition)
                } else if by_other {
                    Outcome::for_side(mover.opposite(), Result3::Loss, EndReason::Repetition)
                } else {
                    Outcome::for_side(mover, Result3::Draw, EndReason::Repetition)
                })
            }
            RepetitionPolicy::DrawUnlessCreatorPerpetual => {
                // Only the creator's checks count: every one of its moves
                // from the one that made the first occurrence on (none made
                // it when that was the game's first position).
                if self.occurrences() < usize::from(rules.ending_occurrence) {
                    return None;
                }
                let first = (0..self.history.len()).position(|i| self.occurred_at(i))?;
                let n = self.checks.len();
                let checked_throughout = first.checked_sub(1).is_some_and(|made| {
                    (made..n)
                        .filter(|i| (n - 1 - i).is_multiple_of(2))
                        .all(|i| self.checks.get(i) == Some(&true))
                });
                Some(if checked_throughout {
                    Outcome::for_side(mover, Result3::Loss, EndReason::Repetition)
                } else {
                    Outcome::for_side(mover, Result3::Draw, EndReason::Repetition)
                })
            }
            RepetitionPolicy::CreatorLoses => {
                // The fourth occurrence ends the game. A side that gave
                // check with every one of its moves since the previous
                // occurrence is a perpetual checker and loses; otherwise
                // the side that created the repetition (the mover) loses.
                let (by_mover, by_other) = self.perpetual_checks()?;
                let loser = if by_other && !by_mover { mover.opposite() } else { mover };
                Some(Outcome::for_side(loser, Result3::Loss, EndReason::Repetition))
            }
        }
    }

    /// At the `ending_occurrence`th (by default fourth) occurrence of the
    /// current position: whether the side
    /// that just moved, and whether the other side, gave check with every
    /// one of its moves since the previous occurrence. `None` before.
    fn perpetual_checks(&self) -> Option<(bool, bool)> {
        if self.occurrences() < usize::from(self.rules.ending_occurrence) {
            return None;
        }
        let start = (0..self.history.len()).rposition(|i| self.occurred_at(i))?;
        // Moves start..n were played since; the last was the mover's.
        let n = self.checks.len();
        let all_checks = |by_mover: bool| {
            (start..n)
                .filter(|i| (n - 1 - i).is_multiple_of(2) == by_mover)
                .all(|i| self.checks.get(i) == Some(&true))
        };
        Some((all_checks(true), all_checks(false)))
    }

    /// How often the current position (with its side to move) has occurred
    /// in this game, counting now.
    fn occurrences(&self) -> usize {
        1 + (0..self.history.len()).filter(|&i| self.occurred_at(i)).count()
    }

    /// Whether the earlier position `history[i]` is this one: the hash
    /// matches, and so does every square and hand count that changed since
    /// (the hash is only a filter: two positions may share one).
    pub(crate) fn occurred_at(&self, i: usize) -> bool {
        self.history.get(i) == Some(&self.hash) && self.same_as_earlier(i)
    }

    /// Whether the board and hands now are as they were at the earlier
    /// position `history[i]` (its side to move aside): every square and
    /// hand count the journal changed since then has its old content back.
    /// True when the journal does not reach back that far.
    fn same_as_earlier(&self, i: usize) -> bool {
        let Some(changes) = self.history_journal.get(i).and_then(|&mark| self.journal.get(mark..)) else {
            return true;
        };
        // The content then of each square or hand changed since: the old
        // content its first change recorded.
        let mut first: Vec<(Square, usize, Cell)> =
            changes.iter().enumerate().map(|(j, &(k, old))| (k, j, old)).collect();
        first.sort_unstable();
        first.dedup_by_key(|e| e.0);
        first.iter().all(|&(key, _, then)| {
            let now = if key >= HAND_ENTRY {
                let colour = usize::from(key >> 14 & 1);
                self.hands[colour].get(usize::from(key & 0x3fff)).copied()
            } else {
                self.cells.get(usize::from(key)).copied()
            };
            now == Some(then)
        })
    }

    /// The game's result: the outcome of the last move, or, when the side
    /// to move has no legal move, the rule file's `no_moves` result.
    pub fn result(&self) -> Option<Outcome> {
        self.outcome.or_else(|| {
            let mut moves = Vec::new();
            // More moves than the budget allows are still moves.
            let listed = crate::movegen::legal_moves(self, &mut moves);
            (listed.is_ok() && moves.is_empty()).then(|| self.no_moves_outcome())
        })
    }

    /// The result for the side to move when it has no legal move: the
    /// `stalemate` result if the rules give one and no move of the other
    /// side could remove one of the side's royals, else `no_moves`.
    pub fn no_moves_outcome(&self) -> Outcome {
        let victory = &self.rules.victory;
        let result = match (victory.stalemate, &self.rules.royals) {
            (Some(stalemate), Some(royals)) if !crate::movegen::threatened_among(self, self.side, royals) => stalemate,
            _ => victory.no_moves,
        };
        Outcome::for_side(self.side, result, EndReason::NoMoves)
    }
}

/// Applies `loses_when` to both sides (but a `spared` one): one loser
/// loses, both is a draw.
pub(crate) fn judge_losses(pos: &Position) -> Option<Outcome> {
    let rules = &pos.rules;
    let lost = |side| pos.spared != Some(side) && eval(&rules.victory.loses_when, &SideFacts { pos, side }) != 0;
    match (lost(Colour::Black), lost(Colour::White)) {
        (true, true) => Some(Outcome {
            black: Result3::Draw,
            reason: EndReason::Lost,
        }),
        (true, false) => Some(Outcome::for_side(Colour::Black, Result3::Loss, EndReason::Lost)),
        (false, true) => Some(Outcome::for_side(Colour::White, Result3::Loss, EndReason::Lost)),
        (false, false) => None,
    }
}
