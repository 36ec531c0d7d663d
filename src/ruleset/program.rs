//! Movement programs: a piece kind's alternatives as sequences of legs,
//! and the shared table of board offsets they walk.

use crate::board::{Geometry, NO_SQUARE, Offset, Square};
use crate::dsl::{Expr, TypeSet};

/// How a leg chooses its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegMode {
    /// One square in each listed direction.
    Step,
    /// Along each listed direction through empty squares, up to `max`
    /// squares (`None`: unlimited).
    Slide { max: Option<u8> },
    /// Straight to each listed offset, whatever stands between.
    Jump,
    /// To any square of the board but the one it starts from, whatever
    /// stands between (a universal leaper). Its captures must pass the
    /// capture restrictions even when judging protection (see
    /// `movegen::attacked`).
    Anywhere,
}

/// How the walker walks a leg, chosen once when the leg is compiled
/// ([`LegWalk::of`]) so that the common walks (`Leap`, `Slide`) test
/// nothing on each square for what only rare legs do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegWalk {
    /// A step or a jump: one square per offset, whatever stands between.
    Leap,
    /// A straight jump that may pass only over empty squares and own
    /// pieces (`only_over_own`).
    LeapOverOwn,
    /// A straight jump that captures the pieces it passes over
    /// (`captures_passed`).
    SweepingLeap,
    /// A slide that ends at the first piece, after at most `max` squares
    /// (`u8::MAX`: unlimited; no board is that wide).
    Slide { max: u8 },
    /// A slide that may pass over pieces (`pass_over`, `pass_within`),
    /// capturing them with `captures_passed`.
    PassingSlide,
    /// A slide that may pass over pieces of lower rank (`over_lower_rank`),
    /// capturing them with `captures_passed`.
    RangeJump,
    /// A leap to any square (`anywhere`).
    Anywhere,
    /// A slide that must hop over exactly one piece, the screen (`hop`).
    Hop,
}

impl LegWalk {
    /// The walk of a leg with these keys.
    pub fn of(
        mode: LegMode,
        only_over_own: bool,
        pass: Pass,
        over_lower: Option<RankJump>,
        sweeps: bool,
        hops: bool,
    ) -> LegWalk {
        match mode {
            LegMode::Slide { .. } if hops => LegWalk::Hop,
            LegMode::Anywhere => LegWalk::Anywhere,
            LegMode::Jump if sweeps => LegWalk::SweepingLeap,
            LegMode::Jump if only_over_own => LegWalk::LeapOverOwn,
            LegMode::Step | LegMode::Jump => LegWalk::Leap,
            LegMode::Slide { .. } if over_lower.is_some() => LegWalk::RangeJump,
            LegMode::Slide { .. } if pass != Pass::NONE => LegWalk::PassingSlide,
            LegMode::Slide { max } => LegWalk::Slide {
                max: max.unwrap_or(u8::MAX),
            },
        }
    }
}

/// What a leg may land on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureMode {
    /// An empty square or an enemy (captured).
    May,
    /// Only an empty square.
    Never,
    /// Only an enemy (captured).
    Must,
}

/// How a leg's direction relates to the previous leg's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    Any,
    Same,
    Reverse,
    /// Same or reverse: the piece stays on one line.
    Line,
    Perpendicular,
    /// The same longer component as the previous offset, with the same sign
    /// (a knight's jump followed by one towards the same side of its long
    /// leg: (1,2) then (1,2) or (-1,2)).
    SameMajor,
}

pub const RELATION_NAMES: [(&str, Relation); 6] = [
    ("any", Relation::Any),
    ("same", Relation::Same),
    ("reverse", Relation::Reverse),
    ("line", Relation::Line),
    ("perpendicular", Relation::Perpendicular),
    ("same_major", Relation::SameMajor),
];

/// One compiled leg, for one colour.
#[derive(Clone, Debug, PartialEq)]
pub struct Leg {
    pub mode: LegMode,
    /// How the walker walks it (derived from the fields below).
    pub walk: LegWalk,
    /// Each landing is judged after it is made: a leap to anywhere's
    /// capture restrictions, `unattacked`.
    pub judged: bool,
    /// Offset indices (into [`Offsets`]) in board terms.
    pub offsets: Vec<u8>,
    pub relation: Relation,
    /// For relations other than `Any`: allowed offsets by previous offset.
    pub follow: Vec<Vec<u8>>,
    pub capture: CaptureMode,
    /// A jump that may pass only over empty squares and own pieces.
    pub only_over_own: bool,
    /// A slide that may pass over pieces: how many, and on how many first
    /// squares ([`Pass::NONE`]: an ordinary slide).
    pub pass: Pass,
    /// A range capture: the pieces the slide (or straight jump) passes over
    /// are captured.
    pub captures_passed: bool,
    /// With `captures_passed`: the mover's own pieces passed over stay.
    pub spares_own: bool,
    /// With `captures_passed` over lower ranks: the slide may also end on
    /// an own piece of lower rank, taking it.
    pub lands_on_own: bool,
    /// A slide that may pass over pieces of lower rank (a range jump).
    pub over_lower: Option<RankJump>,
    /// The move may end after this leg.
    pub can_stop_after: bool,
    /// The leg may land only where no enemy piece could land after the
    /// move (`unattacked`).
    pub unattacked: bool,
    /// A hop: the slide must pass exactly one piece, its screen (boxed:
    /// rare, and kept out of the way of the legs that do not hop).
    pub hop: Option<Box<Hop>>,
}

/// A slide that must pass exactly one piece of either side (the screen),
/// which stays where it is, and lands only beyond it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hop {
    /// Only the square right behind the screen (`"behind"`); otherwise
    /// every square beyond it up to and including the next piece
    /// (`"beyond"`).
    pub behind: bool,
    /// Types that may not be the screen (`screen_not`; empty: any).
    pub screen_not: TypeSet,
    /// Types the hop may not capture (`victim_not`; empty: any).
    pub victim_not: TypeSet,
}

impl Hop {
    /// Whether any kind is excluded as screen or victim.
    pub fn excludes(&self) -> bool {
        !self.screen_not.is_empty() || !self.victim_not.is_empty()
    }
}

/// How a slide may pass over pieces standing on its line (they are not
/// affected): jump-then-slide moves and slides that pass up to N pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pass {
    /// Most pieces passed over (0: none).
    pub pieces: u8,
    /// Pieces may be passed over only on the first `within` squares.
    pub within: u8,
}

impl Pass {
    pub const NONE: Pass = Pass { pieces: 0, within: 0 };

    /// Whether a slide that has passed `passed` pieces and stands on its
    /// `n`-th square (1-based), which is occupied, may go on past it.
    #[inline]
    pub fn may_pass(self, passed: u8, n: u8) -> bool {
        passed < self.pieces && n <= self.within
    }

    /// Whether this one may pass everything `other` may.
    pub fn covers(self, other: Pass) -> bool {
        self.pieces >= other.pieces && self.within >= other.within
    }
}

/// How a range-jumping slide treats the squares beyond the pieces it passes
/// over (pieces of either side whose rank is lower than the mover's; they
/// stay on the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankJump {
    /// Beyond a passed piece, only enemies of lower rank may be captured
    /// (otherwise any enemy, up to the first piece it cannot pass).
    pub beyond_lower_only: bool,
    /// Beyond a passed piece, empty squares may be landed on.
    pub beyond_empty: bool,
    /// With `captures_passed`: the first piece on the line, before any is
    /// passed, may be captured whatever its rank (`first_any`).
    pub first_any: bool,
}

/// A movement alternative: a sequence of legs.
#[derive(Clone, Debug)]
pub struct Program {
    pub legs: Vec<Leg>,
    /// A move is its origin and destination only: paths to the same square
    /// are one move, a path back to the origin none (`per_destination`).
    pub per_destination: bool,
    /// Judged before the piece moves; `None`: always available.
    pub when: Option<Expr>,
}

/// Every distinct board offset used by any leg, with neighbour tables.
#[derive(Clone, Debug)]
pub struct Offsets {
    pub list: Vec<Offset>,
    /// `next[o * squares + sq]`: the square reached from `sq` by offset `o`.
    pub next: Vec<Square>,
    pub squares: usize,
}

impl Offsets {
    #[inline]
    pub fn target(&self, offset: u8, sq: Square) -> Square {
        self.next[usize::from(offset) * self.squares + usize::from(sq)]
    }
    pub(crate) fn intern(&mut self, geo: &Geometry, off: Offset) -> u8 {
        if let Some(i) = self.list.iter().position(|o| *o == off) {
            return i as u8;
        }
        self.list.push(off);
        for sq in 0..geo.len() as Square {
            self.next.push(geo.shift(sq, off).unwrap_or(NO_SQUARE));
        }
        (self.list.len() - 1) as u8
    }
}
