//! Lowering compiled conditions for the board they run on: a boolean part
//! of a condition that reads only one square of the move (`in_zone(to)`,
//! `rank(to) == ranks`, `not in_zone(from)`) becomes a table of one bit
//! per colour and square (`Expr::SquareIn`), so judging it is one load.
//! This runs once the geometry and the promotion zone are known, after a
//! whole condition is folded for each type of its mover and victim
//! (`dsl::specialise`).

use super::{Expr, Facts, Metric, PairTable, PieceFact, PieceRef, Protection, SquareRef, SquareTable, TypeSet, eval};
use crate::board::{Colour, Geometry, Square};

/// What square tables are computed from.
pub(crate) struct Board<'a> {
    pub geo: &'a Geometry,
    /// The promotion zone, `zone[colour][square]`, if the variant has one.
    pub zone: Option<&'a [Vec<bool>; 2]>,
    /// Every piece type, for conditions folded per type.
    pub types: &'a [super::TypeFacts],
    /// `stuck_at` for a colour, a type and a square, where known.
    pub stuck: Option<&'a dyn Fn(Colour, u16, Square) -> bool>,
}

/// Lowers a whole condition: folds it for each type of the piece it is
/// about, turns the square-only parts of each result into tables, and
/// flattens what is left into a branching program.
pub(crate) fn lower_condition(e: &mut Expr, board: &Board) {
    super::specialise::specialise(e, board.types, &mut |x| {
        lower(x, board);
        super::flat::flatten(x);
    });
}

/// Lowers a condition in a boolean position (a whole condition, or an
/// operand of `and`, `or`, `not`, `if`).
fn lower(e: &mut Expr, board: &Board) {
    let mut only = None;
    if reads_one_square(e, &mut only)
        && let Some(r) = only
    {
        let original = std::mem::replace(e, Expr::Const(0));
        *e = Expr::SquareIn(r, Box::new(table(original, board)));
        return;
    }
    match e {
        Expr::Not(x) => lower(x, board),
        Expr::And(items) | Expr::Or(items) => {
            items.iter_mut().for_each(|x| lower(x, board));
            if matches!(e, Expr::Or(_)) {
                merge_sets(e);
            }
            pair_squares(e, board);
            let (Expr::And(items) | Expr::Or(items)) = e else {
                return;
            };
            // Conditions have no side effects, so `and`/`or` may ask the
            // cheap questions first and stop before the dear ones.
            items.sort_by_key(cost);
        }
        Expr::If(b) => {
            lower(&mut b.0, board);
            lower(&mut b.1, board);
            lower(&mut b.2, board);
        }
        _ => {}
    }
}

/// In an `or`, `captured(A) or captured(B)` is `captured(A + B)` and
/// `mover is A or mover is B` is `mover is A + B`: one test instead of
/// several. One pass, whatever the number of operands.
fn merge_sets(e: &mut Expr) {
    let Expr::Or(items) = e else { return };
    let mut out: Vec<Expr> = Vec::with_capacity(items.len());
    // Where the first `captured` and the first `r is` of each piece went.
    let mut captured: Option<usize> = None;
    let mut is: Vec<(PieceRef, usize)> = Vec::new();
    for x in std::mem::take(items) {
        let into = match &x {
            Expr::CapturedKind(_) => captured,
            Expr::PieceIs(r, _) => is.iter().find(|(p, _)| p == r).map(|&(_, i)| i),
            _ => None,
        };
        match (into.and_then(|i| out.get_mut(i)), x) {
            (Some(Expr::CapturedKind(a)), Expr::CapturedKind(b)) | (Some(Expr::PieceIs(_, a)), Expr::PieceIs(_, b)) => {
                a.union_with(&b)
            }
            (_, x) => {
                match &x {
                    Expr::CapturedKind(_) => captured = Some(out.len()),
                    Expr::PieceIs(r, _) => is.push((*r, out.len())),
                    _ => {}
                }
                out.push(x);
            }
        }
    }
    *e = if out.len() == 1 {
        out.pop().unwrap_or(Expr::Const(0))
    } else {
        Expr::Or(out)
    };
}

/// Boards up to this many squares get tables over both squares of a move
/// (2 x 400 x 400 bits = 40 kB each).
const MAX_PAIR_SQUARES: usize = 400;

/// The operands of an `and` (or an `or`) that are square tables, when
/// some read `from` and others `to` (`not in_zone(from) and in_zone(to)`),
/// become one table over both squares: one load instead of several.
fn pair_squares(e: &mut Expr, board: &Board) {
    let squares = board.geo.len();
    let (all, items) = match e {
        Expr::And(items) => (true, items),
        Expr::Or(items) => (false, items),
        _ => return,
    };
    let reads = |r: SquareRef| items.iter().any(|x| matches!(x, Expr::SquareIn(q, _) if *q == r));
    if squares > MAX_PAIR_SQUARES || !reads(SquareRef::From) || !reads(SquareRef::To) {
        return;
    }
    let (parts, mut rest): (Vec<Expr>, Vec<Expr>) = std::mem::take(items)
        .into_iter()
        .partition(|x| matches!(x, Expr::SquareIn(..)));
    // The parts on each square joined first, then every pair.
    let side = |colour: Colour, r: SquareRef| -> Vec<bool> {
        (0..squares as Square)
            .map(|sq| {
                let mut on = parts.iter().filter_map(|x| match x {
                    Expr::SquareIn(q, t) if *q == r => Some(t.get(colour, sq)),
                    _ => None,
                });
                if all { on.all(|b| b) } else { on.any(|b| b) }
            })
            .collect()
    };
    let mut bits = vec![0u64; (2 * squares * squares).div_ceil(64)];
    for colour in Colour::BOTH {
        let (on_from, on_to) = (side(colour, SquareRef::From), side(colour, SquareRef::To));
        for (from, &f) in on_from.iter().enumerate() {
            let row = (colour.index() * squares + from) * squares;
            for (to, &t) in on_to.iter().enumerate() {
                if if all { f && t } else { f || t } {
                    let i = row + to;
                    bits[i >> 6] |= 1 << (i & 63);
                }
            }
        }
    }
    rest.push(Expr::SquarePair(Box::new(PairTable {
        squares,
        bits: bits.into_boxed_slice(),
        parts: parts.into_boxed_slice(),
        all,
    })));
    *e = if rest.len() == 1 {
        rest.pop().unwrap_or(Expr::Const(0))
    } else if all {
        Expr::And(rest)
    } else {
        Expr::Or(rest)
    };
}

/// A rough price of judging an expression: table loads, then facts of the
/// move, then whole-board questions, then those that copy the board.
fn cost(e: &Expr) -> u32 {
    match e {
        Expr::Const(_) | Expr::SquareIn(..) | Expr::SquarePair(_) => 0,
        Expr::Square(_)
        | Expr::Captures
        | Expr::PieceIs(..)
        | Expr::PieceWas(..)
        | Expr::PieceSquare(_)
        | Expr::PiecePromoted(_)
        | Expr::PieceOwn(_)
        | Expr::Killed { .. }
        | Expr::StuckAt(_) => 1,
        Expr::MovesOn | Expr::RangeMove => 1,
        Expr::Protected { .. }
        | Expr::GivesMate
        | Expr::InZoneUnattacked(..)
        | Expr::EnemyInCheck
        | Expr::InCheck
        | Expr::CountNear { .. } => 100,
        Expr::Not(x) | Expr::InZone(x) | Expr::Rank(x) | Expr::LastCapturedAt(x) => cost(x) + 1,
        Expr::And(items) | Expr::Or(items) => items.iter().map(cost).sum(),
        Expr::If(b) => cost(&b.0) + cost(&b.1).max(cost(&b.2)),
        Expr::Cmp(_, b) | Expr::Add(b) | Expr::Sub(b) | Expr::Mul(b) | Expr::Distance(b) => cost(&b.0) + cost(&b.1) + 1,
        _ => 10,
    }
}

/// Whether the expression reads nothing but constants and one square of
/// the move (recorded in `only`), through operations that depend on the
/// square and the colour alone.
fn reads_one_square(e: &Expr, only: &mut Option<SquareRef>) -> bool {
    match e {
        Expr::Const(_) => true,
        Expr::Square(r) => *only.get_or_insert(*r) == *r,
        Expr::Not(x) | Expr::InZone(x) | Expr::Rank(x) => reads_one_square(x, only),
        Expr::And(items) | Expr::Or(items) => items.iter().all(|x| reads_one_square(x, only)),
        Expr::If(b) => reads_one_square(&b.0, only) && reads_one_square(&b.1, only) && reads_one_square(&b.2, only),
        Expr::Cmp(_, b) | Expr::Add(b) | Expr::Sub(b) | Expr::Mul(b) | Expr::Distance(b) => {
            reads_one_square(&b.0, only) && reads_one_square(&b.1, only)
        }
        _ => false,
    }
}

fn table(original: Expr, board: &Board) -> SquareTable {
    let squares = board.geo.len();
    let mut bits = vec![0u64; (2 * squares).div_ceil(64)];
    for colour in Colour::BOTH {
        for sq in 0..squares {
            let probe = Probe::on(board, colour, Some(sq as Square));
            if eval(&original, &probe) != 0 {
                let i = colour.index() * squares + sq;
                bits[i >> 6] |= 1 << (i & 63);
            }
        }
    }
    let none = Probe::on(board, Colour::Black, None);
    let none = eval(&original, &none) != 0;
    SquareTable {
        squares,
        bits: bits.into_boxed_slice(),
        none,
        original,
    }
}

/// The facts of a move as square-only conditions and the tables of
/// `dsl::decide` see them: a colour, the two squares, a capture count and
/// the mover's type. It answers as the interpreter's facts do (the zone and
/// ranks of the side the condition is about).
pub(super) struct Probe<'a, 'b> {
    pub board: &'a Board<'b>,
    pub colour: Colour,
    pub from: Option<Square>,
    pub to: Option<Square>,
    pub captures: i32,
    pub mover: Option<u16>,
}

impl<'a, 'b> Probe<'a, 'b> {
    /// One square, for a condition that reads only it (as `from` or `to`).
    fn on(board: &'a Board<'b>, colour: Colour, square: Option<Square>) -> Self {
        Probe {
            board,
            colour,
            from: square,
            to: square,
            captures: 0,
            mover: None,
        }
    }
}

impl Facts for Probe<'_, '_> {
    fn square(&self, r: SquareRef) -> Option<Square> {
        match r {
            SquareRef::From => self.from,
            SquareRef::To => self.to,
        }
    }
    fn in_zone(&self, sq: Square) -> bool {
        self.board.zone.is_some_and(|z| z[self.colour.index()][usize::from(sq)])
    }
    fn rank(&self, sq: Square) -> i32 {
        self.board.geo.relative_rank(sq, self.colour)
    }
    fn distance(&self, a: Square, b: Square) -> i32 {
        self.board.geo.distance(a, b)
    }
    fn colour(&self) -> Option<Colour> {
        Some(self.colour)
    }
    fn captures(&self) -> i32 {
        self.captures
    }
    fn stuck_at(&self, sq: Square) -> bool {
        match (self.board.stuck, self.mover) {
            (Some(stuck), Some(ty)) => stuck(self.colour, ty, sq),
            _ => false,
        }
    }
    fn piece_type(&self, r: PieceRef) -> Option<u16> {
        self.piece(r).map(|p| p.ty)
    }
    fn piece(&self, r: PieceRef) -> Option<PieceFact> {
        let ty = self.mover.filter(|_| r == PieceRef::Mover)?;
        let t = self.board.types.get(usize::from(ty))?;
        Some(PieceFact {
            ty,
            origin: t.origin,
            square: self.from.unwrap_or(crate::board::NO_SQUARE),
            promoted: t.promoted,
            own: true,
        })
    }
    // A condition these facts are used for asks none of these.
    fn count(&self, _: bool, _: &TypeSet) -> i32 {
        0
    }
    fn last_captured(&self, _: &TypeSet) -> bool {
        false
    }
    fn last_captured_at(&self, _: Square) -> bool {
        false
    }
    fn protected(&self, _: PieceRef, _: Protection) -> bool {
        false
    }
    fn killed(&self, _: bool, _: &TypeSet) -> bool {
        false
    }
    fn near(&self, _: bool, _: Square, _: i32, _: Metric, _: &TypeSet) -> bool {
        false
    }
    fn captured_kind(&self, _: &TypeSet) -> bool {
        false
    }
}
