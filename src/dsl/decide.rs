//! The promotion decision: a rule file's two promotion conditions, `must`
//! and `may`, as one three-way answer per move ([`Decision`]).
//!
//! For each mover type whose two conditions, once folded for that type
//! (`dsl::specialise`), read nothing but the colour, the move's origin and
//! destination and how many pieces it captured (compared with constants,
//! `captures > 0`), the answers are worked out when the rules are
//! compiled, two bits for every colour, origin, destination and capture
//! count that can differ ([`DecisionTable`]; a dimension the conditions do
//! not read has stride 0). Types whose tables are equal share one, and a
//! type that cannot promote has the table that always says no. Judging a
//! move is then one load. A type whose conditions also ask what the move
//! captured (`captured(SET)`) gets a table for the paths that take no
//! piece, where the answer is false. Other types and paths, and tables
//! over a size bound (large boards), judge the two conditions.
//!
//! Building a table judges the conditions once per class of squares that
//! every square table, pair table and `stuck_at` of the conditions treats
//! alike (in Chu, an origin in the zone or not), not once per square.

use super::flat::Test;
use super::lower::{Board, Probe};
use super::{Expr, Facts, PairTable, PieceRef, SquareRef, SquareTable, eval};
use crate::board::{Colour, Square};

/// What a finished path may do about promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decision {
    /// It does not promote.
    No,
    /// It may promote or decline.
    May,
    /// It promotes.
    Must,
}

impl Decision {
    /// `must` decides first: a move that must promote need not be allowed
    /// to by `may`.
    pub(crate) fn of(must: bool, may: impl FnOnce() -> bool) -> Decision {
        if must {
            Decision::Must
        } else if may() {
            Decision::May
        } else {
            Decision::No
        }
    }
}

/// The promotion decision of every mover type.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Decider {
    /// For each type, its table in `tables`, or `JUDGE`.
    by_type: Box<[u16]>,
    tables: Box<[DecisionTable]>,
}

/// The type's conditions are judged for each move.
const JUDGE: u16 = u16::MAX;

/// Entries of one table, at two bits each (128 kB): a Chu or Dai-dai
/// table over both squares and two capture counts fits, a 36 x 36 board's
/// does not.
const MAX_TABLE_ENTRIES: usize = 1 << 20;
/// Entries worked out for one rule set, which bounds the memory and the
/// time that compiling spends on tables.
const MAX_BUILT_ENTRIES: usize = 1 << 22;
/// Capture counts a table tells apart at most (`captures > 6`).
const MAX_LEVELS: i64 = 8;

/// One decision for every colour, origin, destination and capture count.
#[derive(Clone, Debug, PartialEq)]
struct DecisionTable {
    /// Strides of the colour, the origin and the destination (0: the
    /// conditions do not read it).
    colour: u32,
    from: u32,
    to: u32,
    /// Capture counts told apart; a count is clamped to `levels - 1`.
    levels: u32,
    /// The table holds for the paths that take no piece (by moving,
    /// sweeping or shooting) only, where `captured(SET)` is false (Ko's
    /// `in_zone(to) or captured(special_merit)`): others are judged.
    quiet: bool,
    /// Two bits per entry, `Decision as u64`.
    bits: Box<[u64]>,
}

impl DecisionTable {
    /// The decision for a move of `colour` from `from` to `to` that
    /// captured `captures()` pieces (asked only when the table reads it).
    #[inline]
    fn get(&self, colour: Colour, from: Square, to: Square, captures: impl FnOnce() -> i32) -> Option<Decision> {
        let captures = if self.levels > 1 {
            captures().clamp(0, self.levels as i32 - 1) as u32
        } else {
            0
        };
        self.at(self.row_start(colour, from) + u32::from(to) * self.to + captures)
    }

    /// Where the decisions of a move of `colour` from `from` start.
    #[inline]
    fn row_start(&self, colour: Colour, from: Square) -> u32 {
        colour.index() as u32 * self.colour + u32::from(from) * self.from
    }

    /// Entry `i`. Squares come from the board, so the index is in the
    /// table; one beyond it would be judged.
    #[inline]
    fn at(&self, i: u32) -> Option<Decision> {
        let i = i as usize;
        let word = self.bits.get(i >> 5)?;
        Some(match word >> ((i & 31) * 2) & 3 {
            0 => Decision::No,
            1 => Decision::May,
            _ => Decision::Must,
        })
    }
}

/// The decisions of a table for one mover type, colour and origin: what
/// every path of one piece shares, looked up once for the piece.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DecisionRow<'a> {
    table: &'a DecisionTable,
    start: u32,
}

impl DecisionRow<'_> {
    /// The decision for a path to `to` that captured `captures` pieces
    /// (by moving or sweeping) and shot none, as
    /// [`Decider::decide`] gives it; `None`: judge the conditions.
    #[inline]
    pub(crate) fn get(&self, to: Square, captures: i32) -> Option<Decision> {
        let t = self.table;
        if t.quiet && captures != 0 {
            return None;
        }
        let captures = if t.levels > 1 {
            captures.clamp(0, t.levels as i32 - 1) as u32
        } else {
            0
        };
        t.at(self.start + u32::from(to) * t.to + captures)
    }
}

impl Decider {
    /// The decision for a path of a mover of type `ty` and `colour` from
    /// `from` to `to`: from the type's table, or `judge`d (`must` and
    /// `may` evaluated). `captures` counts the pieces the path captured,
    /// `quiet` says whether it took none at all (shots included).
    #[inline]
    pub(crate) fn decide(
        &self,
        ty: u16,
        (colour, from, to): (Colour, Square, Square),
        captures: impl FnOnce() -> i32,
        quiet: impl FnOnce() -> bool,
        judge: impl FnOnce() -> Decision,
    ) -> Decision {
        let table = self
            .by_type
            .get(usize::from(ty))
            .and_then(|&i| self.tables.get(usize::from(i)));
        let found = match table {
            Some(t) if !t.quiet || quiet() => t.get(colour, from, to, captures),
            _ => None,
        };
        found.unwrap_or_else(judge)
    }

    /// The table row of a mover of type `ty` and `colour` from `from`,
    /// for [`DecisionRow::get`]; `None` where the type is judged.
    pub(crate) fn row(&self, ty: u16, colour: Colour, from: Square) -> Option<DecisionRow<'_>> {
        let table = self.tables.get(usize::from(*self.by_type.get(usize::from(ty))?))?;
        Some(DecisionRow {
            table,
            start: table.row_start(colour, from),
        })
    }

    /// How many types are judged rather than looked up (for tests).
    #[cfg(test)]
    pub(crate) fn judged_types(&self) -> usize {
        self.by_type.iter().filter(|&&i| i == JUDGE).count()
    }
}

/// The decision as the two conditions give it.
pub(crate) fn judge<F: Facts>(must: &Expr, may: &Expr, f: &F) -> Decision {
    Decision::of(eval(must, f) != 0, || eval(may, f) != 0)
}

/// A part of a condition that reads a square through a table: squares
/// it answers alike for are alike to the condition.
#[derive(Clone, Copy)]
enum Leaf<'a> {
    Table(SquareRef, &'a SquareTable),
    Stuck(SquareRef),
}

/// What a condition folded for one type reads, when it can be tabled.
#[derive(Default)]
struct Reads<'a> {
    colour: bool,
    from: bool,
    to: bool,
    /// Whether the mover's type matters beyond the folding (`stuck_at`).
    mover: bool,
    /// Capture counts that can answer differently (0: not read).
    levels: i64,
    /// The parts that read a square through a table...
    leaves: Vec<Leaf<'a>>,
    /// ...unless some part reads a square otherwise (`distance(from, to)`):
    /// then every square is its own class.
    opaque: bool,
    /// For paths that take no piece: `captured(SET)` is false, `captures`
    /// is 0.
    quiet: bool,
}

impl<'a> Reads<'a> {
    fn square(&mut self, r: SquareRef) {
        match r {
            SquareRef::From => self.from = true,
            SquareRef::To => self.to = true,
        }
    }

    fn leaf(&mut self, leaf: Leaf<'a>) -> bool {
        self.colour = true;
        let (Leaf::Table(r, _) | Leaf::Stuck(r)) = leaf;
        self.square(r);
        self.leaves.push(leaf);
        true
    }

    /// A table over both squares is its one-square parts joined: squares
    /// its parts answer alike for, it answers alike for.
    fn pair(&mut self, t: &'a PairTable) -> bool {
        self.colour = true;
        self.from = true;
        self.to = true;
        t.parts.iter().all(|x| match x {
            Expr::SquareIn(r, t) => self.leaf(Leaf::Table(*r, t)),
            _ => false,
        })
    }

    /// `captures OP k`: counts above `k + 1` answer as `k + 1` does.
    fn captures(&mut self, k: i32) -> bool {
        if !self.quiet {
            self.levels = self.levels.max(i64::from(k) + 2);
        }
        self.levels <= MAX_LEVELS
    }

    /// Whether `e` reads only what a table can index, recording what.
    fn expr(&mut self, e: &'a Expr) -> bool {
        match e {
            Expr::Const(_) => true,
            Expr::Square(r) => {
                self.opaque = true;
                self.square(*r);
                true
            }
            Expr::Cmp(_, b) => match &**b {
                (Expr::Captures, Expr::Const(k)) | (Expr::Const(k), Expr::Captures) => self.captures(*k),
                (x, y) => self.expr(x) && self.expr(y),
            },
            Expr::Not(x) => self.expr(x),
            Expr::InZone(x) | Expr::Rank(x) => {
                self.colour = true;
                self.expr(x)
            }
            Expr::StuckAt(x) => {
                self.mover = true;
                match &**x {
                    Expr::Square(r) => self.leaf(Leaf::Stuck(*r)),
                    x => {
                        self.colour = true;
                        self.expr(x)
                    }
                }
            }
            Expr::And(items) | Expr::Or(items) => items.iter().all(|x| self.expr(x)),
            Expr::If(b) => self.expr(&b.0) && self.expr(&b.1) && self.expr(&b.2),
            Expr::Add(b) | Expr::Sub(b) | Expr::Mul(b) | Expr::Distance(b) => self.expr(&b.0) && self.expr(&b.1),
            Expr::SquareIn(r, t) => self.leaf(Leaf::Table(*r, t)),
            Expr::SquarePair(t) => self.pair(t),
            Expr::CapturedKind(_) => self.quiet,
            Expr::Flat(p) => p.ops.iter().all(|op| match &op.test {
                Test::Table(r, t) => self.leaf(Leaf::Table(*r, t)),
                Test::Pair(t) => self.pair(t),
                Test::Captures(_, k) => self.captures(*k),
                Test::Other(e) => self.expr(e),
                Test::CapturedKind(_) => self.quiet,
                Test::PieceIs(..) | Test::Count { .. } | Test::Killed { .. } => false,
            }),
            _ => false,
        }
    }

    /// The classes of squares, as `r`, that every leaf answers alike for
    /// (in both colours): each square's class, and one square of each.
    fn classes(&self, r: SquareRef, board: &Board, ty: u16) -> (Vec<usize>, Vec<Square>) {
        let squares = board.geo.len() as Square;
        let mut reps: Vec<Square> = Vec::new();
        let read = match r {
            SquareRef::From => self.from,
            SquareRef::To => self.to,
        };
        if !read {
            return (vec![0; usize::from(squares)], vec![0]);
        }
        if self.opaque {
            return ((0..usize::from(squares)).collect(), (0..squares).collect());
        }
        let mut seen: std::collections::HashMap<Vec<bool>, usize> = std::collections::HashMap::new();
        let class = (0..squares)
            .map(|sq| {
                let mut key = Vec::new();
                for colour in Colour::BOTH {
                    for leaf in &self.leaves {
                        match *leaf {
                            Leaf::Table(q, t) if q == r => key.push(t.get(colour, sq)),
                            Leaf::Stuck(q) if q == r => {
                                key.push(board.stuck.is_some_and(|stuck| stuck(colour, ty, sq)))
                            }
                            _ => {}
                        }
                    }
                }
                *seen.entry(key).or_insert_with(|| {
                    reps.push(sq);
                    reps.len() - 1
                })
            })
            .collect();
        (class, reps)
    }
}

/// The condition to judge for a mover of type `ty`.
fn for_mover(e: &Expr, ty: u16) -> &Expr {
    match e {
        Expr::ByPiece(PieceRef::Mover, t) => t.pick(Some(ty)),
        _ => e,
    }
}

/// The same condition: often the same folded result, else an equal one.
fn same(a: &Expr, b: &Expr) -> bool {
    std::ptr::eq(a, b) || a == b
}

/// Builds the decision of every type from the lowered `must` and `may`;
/// `promotable(ty)` says whether a type can promote at all.
pub(crate) fn decider(must: &Expr, may: &Expr, board: &Board, promotable: &dyn Fn(u16) -> bool) -> Decider {
    let mut tables: Vec<DecisionTable> = Vec::new();
    // The conditions each table was worked out from, whether for quiet
    // paths, and for which type when the table depends on it.
    let mut made: Vec<(&Expr, &Expr, bool, Option<u16>, u16)> = Vec::new();
    let mut budget = MAX_BUILT_ENTRIES;
    let n_types = board.types.len().min(usize::from(JUDGE));
    let mut tabled = |ty: u16, paths_quiet: bool, tables: &mut Vec<DecisionTable>| -> u16 {
        let (m, y) = (for_mover(must, ty), for_mover(may, ty));
        let mut reads = Reads {
            quiet: paths_quiet,
            ..Reads::default()
        };
        if !(reads.expr(m) && reads.expr(y)) {
            return JUDGE;
        }
        let owner = reads.mover.then_some(ty);
        if let Some(&(.., i)) = made
            .iter()
            .find(|(pm, py, q, o, _)| *q == paths_quiet && *o == owner && same(pm, m) && same(py, y))
        {
            return i;
        }
        let Some(t) = table(m, y, ty, &reads, board, &mut budget) else {
            return JUDGE;
        };
        let i = intern(t, tables);
        made.push((m, y, paths_quiet, owner, i));
        i
    };
    let by_type = (0..n_types as u16)
        .map(|ty| {
            if !promotable(ty) {
                return intern(fixed(Decision::No), &mut tables);
            }
            match tabled(ty, false, &mut tables) {
                JUDGE => tabled(ty, true, &mut tables),
                i => i,
            }
        })
        .collect();
    Decider {
        by_type,
        tables: tables.into_boxed_slice(),
    }
}

/// The index of a table equal to `t`, added if there is none yet.
fn intern(t: DecisionTable, tables: &mut Vec<DecisionTable>) -> u16 {
    match tables.iter().position(|x| *x == t) {
        Some(i) => i as u16,
        None if tables.len() < usize::from(JUDGE) => {
            tables.push(t);
            (tables.len() - 1) as u16
        }
        None => JUDGE,
    }
}

/// The table that gives one answer whatever the move.
fn fixed(d: Decision) -> DecisionTable {
    DecisionTable {
        colour: 0,
        from: 0,
        to: 0,
        levels: 1,
        quiet: false,
        bits: Box::new([d as u64]),
    }
}

/// Works out one table, if it fits the bounds.
fn table(must: &Expr, may: &Expr, ty: u16, reads: &Reads, board: &Board, budget: &mut usize) -> Option<DecisionTable> {
    let squares = board.geo.len();
    let dim = |read: bool, n: usize| if read { n } else { 1 };
    let levels = reads.levels.max(1) as usize;
    let (n_to, n_from, n_colour) = (dim(reads.to, squares), dim(reads.from, squares), dim(reads.colour, 2));
    let entries = levels.checked_mul(n_to)?.checked_mul(n_from)?.checked_mul(n_colour)?;
    if entries > MAX_TABLE_ENTRIES || entries > *budget {
        return None;
    }
    *budget -= entries;
    // The conditions judged once per class of origin and of destination.
    let (from_class, from_reps) = reads.classes(SquareRef::From, board, ty);
    let (to_class, to_reps) = reads.classes(SquareRef::To, board, ty);
    let mut bits = Vec::with_capacity(entries.div_ceil(32));
    let (mut word, mut filled) = (0u64, 0);
    for colour in &Colour::BOTH[..n_colour] {
        // For each class of origin, the decisions along its row (every
        // destination, then every capture count).
        let rows: Vec<Vec<Decision>> = from_reps
            .iter()
            .map(|&from| {
                let decided: Vec<Decision> = to_reps
                    .iter()
                    .flat_map(|&to| (0..levels).map(move |captures| (to, captures)))
                    .map(|(to, captures)| {
                        let probe = Probe {
                            board,
                            colour: *colour,
                            from: Some(from),
                            to: Some(to),
                            captures: captures as i32,
                            mover: Some(ty),
                        };
                        judge(must, may, &probe)
                    })
                    .collect();
                to_class[..n_to]
                    .iter()
                    .flat_map(|&c| decided[c * levels..(c + 1) * levels].iter().copied())
                    .collect()
            })
            .collect();
        for &class in &from_class[..n_from] {
            for &d in &rows[class] {
                word |= (d as u64) << (filled * 2);
                filled += 1;
                if filled == 32 {
                    bits.push(word);
                    (word, filled) = (0, 0);
                }
            }
        }
    }
    if filled > 0 {
        bits.push(word);
    }
    let stride = |read: bool, s: usize| if read { s as u32 } else { 0 };
    Some(DecisionTable {
        colour: stride(reads.colour, levels * n_to * n_from),
        from: stride(reads.from, levels * n_to),
        to: stride(reads.to, levels),
        levels: levels as u32,
        quiet: reads.quiet,
        bits: bits.into_boxed_slice(),
    })
}
