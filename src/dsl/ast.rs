//! The compiled condition: the places a condition is used in, what it can
//! refer to, and the resolved expression tree (`Expr`). Nothing here holds
//! a name: kinds are type sets, options are folded constants.

use super::TypeSet;
use crate::board::{Colour, Square};

/// Where a condition is used, which decides the names it may mention.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// A capture restriction: judged once per captured piece of a move.
    Capture,
    /// A promotion condition: judged for a finished move path.
    Promotion,
    /// A victory condition: judged for one side after a move.
    Side,
    /// A move's `when`: judged for a piece before it moves.
    Move,
    /// A shot: `shooter` (where it stands to shoot) and `target`.
    Shot,
    /// One piece on the board (`piece`), e.g. for demotions.
    Piece,
    /// A drop from the hand: `mover` is the dropped piece, `to` its square.
    Drop,
}

impl Place {
    /// Every place, for messages that say where a name exists.
    pub const ALL: [Place; 7] = [
        Place::Capture,
        Place::Promotion,
        Place::Side,
        Place::Move,
        Place::Shot,
        Place::Piece,
        Place::Drop,
    ];

    /// The place as the rule file names it, for messages.
    pub fn describe(self) -> &'static str {
        match self {
            Place::Capture => "capture (`forbid_capture`)",
            Place::Promotion => "promotion (`may`, `must`)",
            Place::Side => "side (`loses_when`, `wins_when`)",
            Place::Move => "move (`when`)",
            Place::Shot => "shot",
            Place::Piece => "piece",
            Place::Drop => "drop (`[drops] forbid`)",
        }
    }

    pub(super) fn describe_with_article(self) -> String {
        let d = self.describe();
        let article = if d.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {d}")
    }
}

/// How "within n" is measured by the `*_near` functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// max(|dx|, |dy|) <= n: a square area.
    Chebyshev,
    /// |dx| + |dy| <= n.
    Manhattan,
    /// On one of the eight lines, at most n squares away.
    Lines,
}

/// A piece that a condition can talk about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceRef {
    /// The moving piece, as it was when the move began.
    Mover,
    /// The piece being captured.
    Victim,
    /// The piece captured by the leg before the victim's, if any.
    Bridge,
    /// The piece that made the previous move, as it was before it moved.
    LastMover,
}

/// A square that a condition can talk about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareRef {
    /// Where the move began.
    From,
    /// Where the move ends.
    To,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// A compiled, fully resolved expression. Booleans, integers and squares are
/// all evaluated as `i32` (false = 0, no square = -1).
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Const(i32),
    Not(Box<Expr>),
    And(Vec<Expr>),
    Or(Vec<Expr>),
    If(Box<(Expr, Expr, Expr)>),
    Cmp(CmpOp, Box<(Expr, Expr)>),
    Add(Box<(Expr, Expr)>),
    /// `a * b` (saturating).
    Mul(Box<(Expr, Expr)>),
    Sub(Box<(Expr, Expr)>),
    /// The piece exists and its current type is in the set.
    PieceIs(PieceRef, TypeSet),
    /// The piece exists and its type before promotion is in the set.
    PieceWas(PieceRef, TypeSet),
    PieceSquare(PieceRef),
    PiecePromoted(PieceRef),
    /// The piece belongs to the side the condition is about.
    PieceOwn(PieceRef),
    Square(SquareRef),
    Captures,
    /// The farthest rank, counted from the mover's side, of any landing of
    /// the move (the destination and every landing before it).
    FarthestRank,
    /// The move ends with a range jump (an `over_lower_rank` slide).
    RangeMove,
    Distance(Box<(Expr, Expr)>),
    InZone(Box<Expr>),
    Rank(Box<Expr>),
    Count {
        enemy: bool,
        set: TypeSet,
    },
    LastCaptured(TypeSet),
    LastCapturedAt(Box<Expr>),
    /// A piece of the set, of our side (or the enemy's), has been killed
    /// while it was of that type (the identity rule: a promoted piece is
    /// another identity).
    Killed {
        enemy: bool,
        set: TypeSet,
    },
    /// This move kills a piece of the set (by moving onto it or shooting).
    CapturedKind(TypeSet),
    /// A piece of the set, of our side or the enemy's, stands within a
    /// distance of a square.
    Near {
        enemy: bool,
        metric: Metric,
        set: TypeSet,
        args: Box<(Expr, Expr)>,
    },
    Protected {
        piece: PieceRef,
        when: Protection,
    },
    /// A piece of the set, of our side, stands on the file of the square.
    /// `own_on_file` (false) or `own_count_on_file` (true).
    OwnOnFile(Box<Expr>, TypeSet, bool),
    /// The move (a drop) checkmates the other side: it is left with no
    /// legal move while in check.
    GivesMate,
    /// The move lands again after the landing whose capture is judged
    /// (capture place: the victim was taken on a step the move goes on
    /// from, such as a lion-type move's first step).
    MovesOn,
    /// The mover, standing on the square, would have no move even on an
    /// empty board.
    StuckAt(Box<Expr>),
    /// A piece of the set, of our side (of the enemy's with `true`: an
    /// enemy piece in the enemy's zone that we do not attack), stands in
    /// its side's promotion zone and no piece of the other side attacks it.
    InZoneUnattacked(bool, TypeSet),
    /// How many pieces of the set our side (or the enemy) holds in hand.
    InHand {
        enemy: bool,
        set: TypeSet,
    },
    /// How many pieces of the set of our side stand in our promotion zone.
    CountInZone(TypeSet),
    /// The enemy's royals are attacked (side place: the judged side gives
    /// check).
    EnemyInCheck,
    /// Our royals are attacked (side place: the judged side is in check).
    InCheck,
    /// How many pieces of the set of our side (or the enemy's) stand where
    /// they could never move again (`stuck_at`: no first leg stays on the
    /// board, as a pawn on the last rank).
    CountStuck {
        enemy: bool,
        set: TypeSet,
    },
    /// How many pieces of the first set, of our side (or the enemy's),
    /// stand within a Chebyshev distance of a piece of the other side in
    /// the second set.
    CountNear {
        enemy: bool,
        sets: Box<(TypeSet, TypeSet)>,
        dist: Box<Expr>,
    },
    /// Our side is Black (the side written in upper case).
    Black,
    /// A condition on one square of the move alone (`in_zone(to)`,
    /// `rank(from) == 1`, ...), worked out when the rules are compiled for
    /// every square and colour (`dsl::lower`).
    SquareIn(SquareRef, Box<SquareTable>),
    /// A condition folded, when the rules are compiled, for each type the
    /// piece may have (`dsl::specialise`): judging it picks the folded
    /// condition for the piece's type.
    ByPiece(PieceRef, Box<super::specialise::PieceTable>),
    /// A boolean condition as a flat branching program (`dsl::flat`).
    Flat(Box<super::flat::Flat>),
    /// Square tables on `from` and on `to` joined by `and` (or `or`),
    /// worked out for every pair of squares (`dsl::lower`).
    SquarePair(Box<PairTable>),
}

/// A condition on one square, as a bit per colour and square.
#[derive(Clone, Debug, PartialEq)]
pub struct SquareTable {
    /// Squares on the board: Black's bits come first, then White's.
    pub(crate) squares: usize,
    pub(crate) bits: Box<[u64]>,
    /// The value when the square does not exist (a path with no landing).
    pub(crate) none: bool,
    /// The condition as written, for facts that do not tell their colour.
    pub(crate) original: Expr,
}

impl SquareTable {
    #[inline]
    pub(crate) fn get(&self, colour: Colour, sq: Square) -> bool {
        let i = colour.index() * self.squares + usize::from(sq);
        self.bits.get(i >> 6).is_some_and(|w| w >> (i & 63) & 1 == 1)
    }
}

/// A condition on the two squares of a move, as a bit per colour, origin
/// and destination.
#[derive(Clone, Debug, PartialEq)]
pub struct PairTable {
    pub(crate) squares: usize,
    pub(crate) bits: Box<[u64]>,
    /// The tables it joins (each `Expr::SquareIn`), for facts without a
    /// colour or without one of the squares.
    pub(crate) parts: Box<[Expr]>,
    /// `and` (true) or `or` (false) of the parts.
    pub(crate) all: bool,
}

impl PairTable {
    #[inline]
    pub(crate) fn get(&self, colour: Colour, from: Square, to: Square) -> bool {
        let i = (colour.index() * self.squares + usize::from(from)) * self.squares + usize::from(to);
        self.bits.get(i >> 6).is_some_and(|w| w >> (i & 63) & 1 == 1)
    }
}

/// When protection of a square is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protection {
    /// On the position after the move: pieces it captured are gone.
    After,
    /// On the position after the move, but pieces the move captured still
    /// count as protectors (they no longer block lines).
    AfterCountingCaptured,
    /// On the position before the move.
    Before,
    /// On the position before the move with the mover lifted off its
    /// origin: pieces whose line the mover blocked count (x-ray).
    BeforeXray,
}

/// An option value as the compiler sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Bool(bool),
    Enum { value: String, allowed: Vec<String> },
}
