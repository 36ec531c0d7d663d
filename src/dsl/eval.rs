//! Evaluation of compiled conditions against the facts of a position and a
//! move. The evaluator is generic over [`Facts`], so each caller gets a
//! monomorphised, allocation-free walk.

use super::flat::{Flat, Test, YES};
use super::{CmpOp, Expr, PairTable, PieceRef, SquareRef};
use crate::board::{Colour, NO_SQUARE, Square};

/// What a condition knows about one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PieceFact {
    pub ty: u16,
    /// The type this piece had before promotion (itself if unpromoted).
    pub origin: u16,
    pub square: Square,
    pub promoted: bool,
    /// It belongs to the side of the piece the condition is about (the
    /// mover, the shooter, the judged piece or side).
    pub own: bool,
}

/// The questions a condition can ask. Implemented by the interpreter for
/// each place a condition is judged.
pub(crate) trait Facts {
    fn piece(&self, r: PieceRef) -> Option<PieceFact>;
    /// The piece's type alone (`piece(r).ty`), which conditions folded per
    /// type (`Expr::ByPiece`) and `r is SET` ask on every judgment.
    #[inline]
    fn piece_type(&self, r: PieceRef) -> Option<u16> {
        self.piece(r).map(|p| p.ty)
    }
    fn square(&self, r: SquareRef) -> Option<Square>;
    fn captures(&self) -> i32;
    /// The farthest rank (counted from our side) of any landing of the move
    /// being judged; -1 without one.
    fn farthest_rank(&self) -> i32 {
        -1
    }
    /// The move being judged ends with a range jump (an
    /// `over_lower_rank` slide).
    fn range_move(&self) -> bool {
        false
    }
    fn distance(&self, a: Square, b: Square) -> i32;
    fn in_zone(&self, sq: Square) -> bool;
    fn rank(&self, sq: Square) -> i32;
    fn count(&self, enemy: bool, set: &super::TypeSet) -> i32;
    fn last_captured(&self, set: &super::TypeSet) -> bool;
    fn last_captured_at(&self, sq: Square) -> bool;
    fn protected(&self, piece: PieceRef, when: super::Protection) -> bool;
    fn killed(&self, enemy: bool, set: &super::TypeSet) -> bool;
    /// Is a piece of `set` (ours or the enemy's) within `dist` of `sq`?
    fn near(&self, enemy: bool, sq: Square, dist: i32, metric: super::Metric, set: &super::TypeSet) -> bool;
    /// Does the move being judged kill a piece of the set?
    fn captured_kind(&self, set: &super::TypeSet) -> bool;
    /// How many pieces of `set` of our side stand on the file of `sq`?
    fn own_count_on_file(&self, _sq: Square, _set: &super::TypeSet) -> i32 {
        0
    }
    /// Does the move being judged checkmate the other side?
    fn gives_mate(&self) -> bool {
        false
    }
    /// Does the move land again after the landing whose capture is judged?
    fn moves_on(&self) -> bool {
        false
    }
    /// Would the mover, standing on `sq`, have no move on an empty board?
    fn stuck_at(&self, _sq: Square) -> bool {
        false
    }
    /// The side the condition is about (the mover's, the judged piece's or
    /// side's): square tables (`Expr::SquareIn`) are read for it. `None`
    /// evaluates the condition as written.
    fn colour(&self) -> Option<Colour> {
        None
    }
    /// How many pieces of `set` our side (or the enemy) holds in hand.
    fn in_hand(&self, _enemy: bool, _set: &super::TypeSet) -> i32 {
        0
    }
    /// How many pieces of `set` of our side stand in our promotion zone?
    fn count_in_zone(&self, _set: &super::TypeSet) -> i32 {
        0
    }
    /// Are the enemy's royals attacked?
    fn enemy_in_check(&self) -> bool {
        false
    }
    /// Are our royals attacked?
    fn in_check(&self) -> bool {
        false
    }
    /// How many pieces of `set` of our side (of the enemy's, with `enemy`)
    /// could never move again where they stand?
    fn count_stuck(&self, _enemy: bool, _set: &super::TypeSet) -> i32 {
        0
    }
    /// How many pieces of `set` of our side (of the enemy's, with `enemy`)
    /// stand within `dist` (Chebyshev) of a piece of the other side in
    /// `near`?
    fn count_near(&self, _enemy: bool, _set: &super::TypeSet, _dist: i32, _near: &super::TypeSet) -> i32 {
        0
    }
    /// Does a piece of `set` of our side (of the enemy's, with `enemy`)
    /// stand in its side's promotion zone, unattacked?
    fn in_zone_unattacked(&self, _enemy: bool, _set: &super::TypeSet) -> bool {
        false
    }
}

fn square_of(v: i32) -> Option<Square> {
    if v < 0 { None } else { Some(v as Square) }
}

/// Evaluates an expression; booleans are 0/1, a missing square is -1.
/// A condition folded per type picks the one for its piece's type first;
/// constants and square tables, the commonest conditions once lowered,
/// are answered where the caller stands, without a call.
#[inline(always)]
pub(crate) fn eval<F: Facts>(e: &Expr, f: &F) -> i32 {
    let e = match e {
        Expr::ByPiece(r, t) => t.pick(f.piece_type(*r)),
        _ => e,
    };
    if let Expr::Flat(p) = e {
        return run(p, f);
    }
    match leaf(e, f) {
        Some(v) => v,
        None => node(e, f),
    }
}

/// Judges a flat condition: one test after another, each choosing the
/// next, until one leads to the end.
#[inline(never)]
fn run<F: Facts>(p: &Flat, f: &F) -> i32 {
    let mut i = p.entry;
    while let Some(op) = p.ops.get(usize::from(i)) {
        let holds = match &op.test {
            Test::Table(r, t) => match f.colour() {
                Some(c) => f.square(*r).map_or(t.none, |s| t.get(c, s)),
                None => eval(&t.original, f) != 0,
            },
            Test::Pair(t) => pair(t, f),
            Test::Captures(cmp, k) => compare(*cmp, f.captures(), *k),
            Test::Count { enemy, set, op, k } => compare(*op, f.count(*enemy, set), *k),
            Test::PieceIs(r, set) => f.piece_type(*r).is_some_and(|t| set.contains(t)),
            Test::CapturedKind(set) => f.captured_kind(set),
            Test::Killed { enemy, set } => f.killed(*enemy, set),
            Test::Other(e) => eval(e, f) != 0,
        };
        i = if holds { op.yes } else { op.no };
    }
    i32::from(i == YES)
}

/// A condition on both squares of the move: one load, or its parts
/// judged one by one when the facts lack a colour or a square.
#[inline]
fn pair<F: Facts>(t: &PairTable, f: &F) -> bool {
    match (f.colour(), f.square(SquareRef::From), f.square(SquareRef::To)) {
        (Some(c), Some(from), Some(to)) => t.get(c, from, to),
        _ if t.all => t.parts.iter().all(|x| eval(x, f) != 0),
        _ => t.parts.iter().any(|x| eval(x, f) != 0),
    }
}

#[inline(always)]
fn leaf<F: Facts>(e: &Expr, f: &F) -> Option<i32> {
    match e {
        Expr::Const(v) => Some(*v),
        Expr::SquareIn(r, t) => f
            .colour()
            .map(|c| i32::from(f.square(*r).map_or(t.none, |s| t.get(c, s)))),
        _ => None,
    }
}

#[inline(never)]
fn node<F: Facts>(e: &Expr, f: &F) -> i32 {
    match e {
        Expr::Const(v) => *v,
        Expr::Not(x) => i32::from(eval(x, f) == 0),
        Expr::And(items) => i32::from(items.iter().all(|x| eval(x, f) != 0)),
        Expr::Or(items) => i32::from(items.iter().any(|x| eval(x, f) != 0)),
        Expr::If(b) => {
            if eval(&b.0, f) != 0 {
                eval(&b.1, f)
            } else {
                eval(&b.2, f)
            }
        }
        Expr::Cmp(op, b) => i32::from(compare(*op, eval(&b.0, f), eval(&b.1, f))),
        Expr::Add(b) => eval(&b.0, f).saturating_add(eval(&b.1, f)),
        Expr::Sub(b) => eval(&b.0, f).saturating_sub(eval(&b.1, f)),
        Expr::Mul(b) => eval(&b.0, f).saturating_mul(eval(&b.1, f)),
        Expr::PieceIs(r, set) => i32::from(f.piece_type(*r).is_some_and(|t| set.contains(t))),
        Expr::PieceWas(r, set) => i32::from(f.piece(*r).is_some_and(|p| set.contains(p.origin))),
        Expr::PieceSquare(r) => f
            .piece(*r)
            .map_or(-1, |p| if p.square == NO_SQUARE { -1 } else { i32::from(p.square) }),
        Expr::PiecePromoted(r) => i32::from(f.piece(*r).is_some_and(|p| p.promoted)),
        Expr::PieceOwn(r) => i32::from(f.piece(*r).is_some_and(|p| p.own)),
        Expr::Square(r) => f.square(*r).map_or(-1, i32::from),
        Expr::Captures => f.captures(),
        Expr::FarthestRank => f.farthest_rank(),
        Expr::RangeMove => i32::from(f.range_move()),
        Expr::Distance(b) => match (square_of(eval(&b.0, f)), square_of(eval(&b.1, f))) {
            (Some(a), Some(c)) => f.distance(a, c),
            _ => -1,
        },
        Expr::InZone(x) => i32::from(square_of(eval(x, f)).is_some_and(|s| f.in_zone(s))),
        Expr::Rank(x) => square_of(eval(x, f)).map_or(-1, |s| f.rank(s)),
        Expr::Count { enemy, set } => f.count(*enemy, set),
        Expr::LastCaptured(set) => i32::from(f.last_captured(set)),
        Expr::LastCapturedAt(x) => i32::from(square_of(eval(x, f)).is_some_and(|s| f.last_captured_at(s))),
        Expr::Protected { piece, when } => i32::from(f.protected(*piece, *when)),
        Expr::Killed { enemy, set } => i32::from(f.killed(*enemy, set)),
        Expr::CapturedKind(set) => i32::from(f.captured_kind(set)),
        Expr::Near {
            enemy,
            metric,
            set,
            args,
        } => {
            let dist = eval(&args.1, f);
            i32::from(square_of(eval(&args.0, f)).is_some_and(|s| f.near(*enemy, s, dist, *metric, set)))
        }
        Expr::OwnOnFile(x, set, count) => {
            let n = square_of(eval(x, f)).map_or(0, |s| f.own_count_on_file(s, set));
            if *count { n } else { i32::from(n > 0) }
        }
        Expr::GivesMate => i32::from(f.gives_mate()),
        Expr::MovesOn => i32::from(f.moves_on()),
        Expr::InZoneUnattacked(enemy, set) => i32::from(f.in_zone_unattacked(*enemy, set)),
        Expr::InHand { enemy, set } => f.in_hand(*enemy, set),
        Expr::CountInZone(set) => f.count_in_zone(set),
        Expr::EnemyInCheck => i32::from(f.enemy_in_check()),
        Expr::InCheck => i32::from(f.in_check()),
        Expr::CountStuck { enemy, set } => f.count_stuck(*enemy, set),
        Expr::CountNear { enemy, sets, dist } => f.count_near(*enemy, &sets.0, eval(dist, f), &sets.1),
        Expr::Black => i32::from(f.colour() == Some(Colour::Black)),
        Expr::SquareIn(r, t) => match f.colour() {
            Some(c) => i32::from(f.square(*r).map_or(t.none, |s| t.get(c, s))),
            None => eval(&t.original, f),
        },
        Expr::StuckAt(x) => i32::from(square_of(eval(x, f)).is_some_and(|s| f.stuck_at(s))),
        Expr::ByPiece(r, t) => eval(t.pick(f.piece_type(*r)), f),
        Expr::Flat(p) => run(p, f),
        Expr::SquarePair(t) => i32::from(pair(t, f)),
    }
}

/// A comparison's result (shared with constant folding).
pub(super) fn compare(op: CmpOp, x: i32, y: i32) -> bool {
    match op {
        CmpOp::Eq => x == y,
        CmpOp::Ne => x != y,
        CmpOp::Lt => x < y,
        CmpOp::Le => x <= y,
        CmpOp::Gt => x > y,
        CmpOp::Ge => x >= y,
    }
}
