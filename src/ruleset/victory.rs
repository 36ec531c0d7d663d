//! How a game ends: losing and winning conditions, no legal move, the move
//! limit and repetition.

use crate::dsl::Expr;

/// The result of a game for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result3 {
    Win,
    Loss,
    Draw,
}

#[derive(Clone, Debug)]
pub struct Win {
    pub id: String,
    pub condition: Expr,
    pub answerable: bool,
    /// Judged for the side to move after each move (and in a position
    /// set up or read), instead of for the side that has just moved.
    pub to_move: bool,
}

/// When both sides meet the losing condition after one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BothLose {
    Draw,
    MoverLoses,
}

#[derive(Clone, Debug)]
pub struct Victory {
    pub both_lose: BothLose,
    pub loses_when: Expr,
    /// What "no legal move" means for the side to move.
    pub no_moves: Result3,
    /// What "no legal move" means when none of the side's royals
    /// (`royals`, from `[victory] check`) is attacked: stalemate. `None`:
    /// as `no_moves`.
    pub stalemate: Option<Result3>,
    pub wins: Vec<Win>,
    /// A draw once this many moves were counted (`[victory.move_limit]`).
    pub move_limit: Option<MoveLimit>,
}

/// The game is drawn once `plies` moves in a row were counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveLimit {
    pub plies: u32,
    pub counts: MoveCount,
}

/// Which moves a [`MoveLimit`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveCount {
    /// Every move since the start (or the position text).
    All,
    /// The moves since the last capture or promotion.
    Quiet,
}

/// What repeating a position does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionPolicy {
    /// Repetition has no effect.
    Ignore,
    /// A move may not create the `forbidden_occurrence`th occurrence of a
    /// position (with the same side to move), unless the mover is in check.
    ForbidUnlessInCheck,
    /// A move may not create the `forbidden_occurrence`th occurrence of a
    /// position, in check or not.
    Forbid,
    /// The fourth occurrence of a position ends the game: the side that
    /// gave check with every one of its moves since the previous occurrence
    /// (a perpetual checker) loses; otherwise the side that created the
    /// repetition loses.
    CreatorLoses,
    /// The fourth occurrence of a position is a draw.
    DrawFourfold,
    /// The fourth occurrence of a position is a draw, unless one side gave
    /// check with every one of its moves since the previous occurrence:
    /// that perpetual checker loses (shogi's sennichite).
    DrawUnlessPerpetualCheck,
    /// The fourth occurrence of a position is a draw, unless the side that
    /// created it gave check with every one of its moves since the first
    /// occurrence: that side loses (lishogi's perpetual check: the other
    /// side's checks never decide).
    DrawUnlessCreatorPerpetual,
}

pub const REPETITION_POLICIES: [(&str, RepetitionPolicy); 7] = [
    ("ignore", RepetitionPolicy::Ignore),
    ("forbid-unless-in-check", RepetitionPolicy::ForbidUnlessInCheck),
    ("forbid", RepetitionPolicy::Forbid),
    ("creator-loses", RepetitionPolicy::CreatorLoses),
    ("draw-fourfold", RepetitionPolicy::DrawFourfold),
    (
        "draw-unless-perpetual-check",
        RepetitionPolicy::DrawUnlessPerpetualCheck,
    ),
    (
        "draw-unless-creator-perpetual",
        RepetitionPolicy::DrawUnlessCreatorPerpetual,
    ),
];
