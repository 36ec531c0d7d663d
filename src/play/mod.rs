//! Playing a move and taking it back: captures, promotion, the
//! previous-move record and the history for repetition; the effects of a
//! turn (`effects`) in variants that have them. After each move the result
//! is judged (`crate::judge`).

mod effects;

use crate::board::Colour;
use crate::movegen::in_check;
use crate::moves::{MAX_LEGS, Move, Promotion};
use crate::position::{HAND_ENTRY, LastMove, Outcome, Position, cell, cell_type, placed_cell, victims};
use crate::ruleset::{MoveCount, RepetitionPolicy};

/// What is needed to take a move back. The squares a move changed are
/// kept in the position's journal; this records where its entries start.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    journal: usize,
    side: Colour,
    last: LastMove,
    /// The kill log's length before the move.
    kills: u32,
    hash: u64,
    side_hash: [u64; 2],
    outcome: Option<Outcome>,
    pending_win: Option<(Colour, u8)>,
    killed: [[u64; 4]; 2],
    counted_plies: u32,
}

/// A move given to [`Position::play`] that is not legal in the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove;

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the move is not legal in this position")
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// Plays `m` if it is one of this position's legal moves, and returns
    /// what [`Position::unplay`] needs to take it back. An illegal move
    /// leaves the position unchanged. This generates the legal moves to
    /// check: for moves that come from [`crate::movegen::legal_moves`] or
    /// [`crate::notation::parse_move`] on this position, use
    /// [`Position::play_unchecked`]. A position with more moves than the
    /// move budget allows has none it can check, so every move is refused.
    ///
    #[doc = include_str!("../../docs/examples/play_1.md")]
    pub fn play(&mut self, m: &Move) -> Result<Undo, IllegalMove> {
        let mut legal = Vec::new();
        if crate::movegen::legal_moves(self, &mut legal).is_ok() && legal.contains(m) {
            Ok(self.play_unchecked(m))
        } else {
            Err(IllegalMove)
        }
    }

    /// Plays a move that [`crate::movegen::legal_moves`] generated for this
    /// position (or [`crate::notation::parse_move`] read for it), without
    /// checking. Any other move leaves the position in an unspecified
    /// (though memory-safe) state: counts, hash and outcome may no longer
    /// agree with the board. Use [`Position::play`] for moves from elsewhere.
    pub fn play_unchecked(&mut self, m: &Move) -> Undo {
        let undo = self.begin_turn();
        let side = self.side;
        if let Some(ty) = m.drop {
            // A drop: from the hand onto the empty square.
            self.change_hand(side, self.rules.origin(ty), -1);
            self.set(m.to(), cell(side, ty));
            self.last = LastMove {
                mover: Some(ty),
                to: Some(m.to()),
                first_kill: self.kill_log.len() as u32,
                n_kills: 0,
            };
            return self.finish_move(side, undo, false);
        }
        let moving = self.cells[usize::from(m.from)];
        let first_kill = self.kill_log.len();
        if self.rules.has_effects {
            self.play_with_effects(m, moving);
        } else {
            let placed = placed_cell(self, m);
            let mut caps = [(0, 0); MAX_LEGS];
            let n = victims(self, m, &mut caps);
            self.set(m.from, 0);
            self.kill_swept(m);
            for &(sq, _) in &caps[..n] {
                self.kill(sq);
            }
            self.set(m.to(), placed);
        }
        // Rules judged during the move still saw the previous move.
        self.last = LastMove {
            mover: Some(cell_type(moving)),
            to: Some(m.to()),
            first_kill: first_kill as u32,
            n_kills: (self.kill_log.len() - first_kill) as u32,
        };
        let progress =
            self.kill_log.len() > first_kill || matches!(m.promotion, Promotion::Promote | Promotion::PromoteWithChain);
        self.finish_move(side, undo, progress)
    }

    /// The end of every move: the other side moves next, the move limit
    /// counts it (`progress`: it captured or promoted), and the result is
    /// judged.
    fn finish_move(&mut self, side: Colour, undo: Undo, progress: bool) -> Undo {
        self.hash ^= self.rules.zobrist_side;
        self.side = side.opposite();
        if let Some(limit) = self.rules.victory.move_limit {
            self.counted_plies = match limit.counts {
                MoveCount::Quiet if progress => 0,
                _ => self.counted_plies.saturating_add(1),
            };
        }
        if matches!(
            self.rules.repetition,
            RepetitionPolicy::CreatorLoses
                | RepetitionPolicy::DrawUnlessPerpetualCheck
                | RepetitionPolicy::DrawUnlessCreatorPerpetual
        ) {
            let gave_check = in_check(self, side.opposite())
                || (self.rules.attacks_count_as_check
                    && self
                        .last
                        .to
                        .is_some_and(|to| crate::movegen::attacks_an_enemy(self, to)));
            self.checks.push(gave_check);
        }
        let (outcome, pending) = self.judge_after_move(side);
        self.outcome = outcome;
        self.pending_win = pending;
        undo
    }

    /// What taking back the turn about to be played needs; the position
    /// so far goes into the history.
    fn begin_turn(&mut self) -> Undo {
        let undo = Undo {
            journal: self.journal.len(),
            side: self.side,
            last: self.last,
            kills: self.kill_log.len() as u32,
            hash: self.hash,
            side_hash: self.side_hash,
            outcome: self.outcome,
            pending_win: self.pending_win,
            killed: self.killed,
            counted_plies: self.counted_plies,
        };
        self.history.push(self.hash);
        self.history_journal.push(self.journal.len());
        self.history_own.push(self.side_hash[self.side.index()]);
        undo
    }

    /// Passes the turn without moving (a search's null move, never a move
    /// of the game): the other side is to move, the previous move is
    /// forgotten (it took nothing), and nothing is judged. Taken back with
    /// [`Position::unplay`]. Only for a position whose game is not over.
    pub fn play_null(&mut self) -> Undo {
        let undo = self.begin_turn();
        self.last = LastMove {
            mover: None,
            to: None,
            first_kill: self.kill_log.len() as u32,
            n_kills: 0,
        };
        self.hash ^= self.rules.zobrist_side;
        self.side = self.side.opposite();
        if matches!(
            self.rules.repetition,
            RepetitionPolicy::CreatorLoses
                | RepetitionPolicy::DrawUnlessPerpetualCheck
                | RepetitionPolicy::DrawUnlessCreatorPerpetual
        ) {
            self.checks.push(false);
        }
        undo
    }

    /// Takes back the move that produced `undo` (the last one played).
    pub fn unplay(&mut self, undo: &Undo) {
        while self.journal.len() > undo.journal {
            let Some((sq, old)) = self.journal.pop() else { break };
            if sq >= HAND_ENTRY {
                let colour = if sq >> 14 & 1 == 1 {
                    Colour::White
                } else {
                    Colour::Black
                };
                self.hands[colour.index()][usize::from(sq & 0x3fff)] = old;
                continue;
            }
            self.put(sq, old);
        }
        self.side = undo.side;
        self.last = undo.last;
        self.kill_log.truncate(undo.kills as usize);
        self.hash = undo.hash;
        self.side_hash = undo.side_hash;
        self.outcome = undo.outcome;
        self.pending_win = undo.pending_win;
        self.killed = undo.killed;
        self.counted_plies = undo.counted_plies;
        self.history.pop();
        self.history_journal.pop();
        self.history_own.pop();
        self.checks.truncate(self.history.len());
    }
}
