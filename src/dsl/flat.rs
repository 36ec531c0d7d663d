//! Conditions as flat branching programs. A boolean condition made of
//! `and`, `or`, `not` and `if` becomes a list of tests, each naming the
//! test to go to when it holds and when it does not, the way a compiler
//! lowers short-circuit operators to jumps. Judging it is a loop over
//! simple tests (a square-table load, `captures > n`, `mover is SET`)
//! instead of a recursive walk with a call per node.

use super::{CmpOp, Expr, PairTable, PieceRef, SquareRef, SquareTable, TypeSet};

/// Where a test sends the judgment: another test (its index), or the end.
pub(crate) const YES: u16 = u16::MAX;
pub(crate) const NO: u16 = u16::MAX - 1;

/// A flattened boolean condition.
#[derive(Clone, Debug, PartialEq)]
pub struct Flat {
    pub(crate) ops: Box<[Op]>,
    /// The first test, or `YES`/`NO`.
    pub(crate) entry: u16,
}

impl Flat {
    /// Whether every test reads only the judged side's own piece counts
    /// and the kill history, and `other` accepts each test judged as a
    /// whole (the may-give-check filter asks whether the other side's
    /// move that takes nothing can change it).
    pub(crate) fn reads_only_own_counts(&self, other: impl Fn(&Expr) -> bool) -> bool {
        self.ops.iter().all(|op| match &op.test {
            Test::Count { enemy: false, .. } | Test::Killed { .. } => true,
            Test::Other(e) => other(e),
            _ => false,
        })
    }
}

/// One test and where each answer leads.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Op {
    pub test: Test,
    pub yes: u16,
    pub no: u16,
}

/// The tests a flat condition is made of: the common ones inline, any
/// other expression judged as a whole (true when not 0).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Test {
    Table(SquareRef, Box<SquareTable>),
    Pair(Box<PairTable>),
    Captures(CmpOp, i32),
    /// `count(SET) OP k` (or `enemy_count`).
    Count {
        enemy: bool,
        set: TypeSet,
        op: CmpOp,
        k: i32,
    },
    PieceIs(PieceRef, TypeSet),
    CapturedKind(TypeSet),
    Killed {
        enemy: bool,
        set: TypeSet,
    },
    Other(Expr),
}

/// Flattens a lowered boolean condition whose top is `and`, `or`, `not`
/// or `if`, or one of the simple tests (`count(royal) == 0`, a victory
/// condition judged after every move; `captures > 0`); other shapes are
/// judged as they are.
pub(crate) fn flatten(e: &mut Expr) {
    if !matches!(e, Expr::And(_) | Expr::Or(_) | Expr::Not(_) | Expr::If(_)) && simple(e).is_none() {
        return;
    }
    let mut ops = Vec::new();
    let original = std::mem::replace(e, Expr::Const(0));
    match emit(&original, YES, NO, &mut ops) {
        Some(entry) => {
            *e = Expr::Flat(Box::new(Flat {
                ops: ops.into_boxed_slice(),
                entry,
            }))
        }
        // Too many tests for the index: judged as written.
        None => *e = original,
    }
}

/// Emits the tests of `e`, which go on to `yes` when it holds and to `no`
/// otherwise; returns where judging `e` starts. Operands are emitted last
/// first, so each knows where it goes next.
fn emit(e: &Expr, yes: u16, no: u16, ops: &mut Vec<Op>) -> Option<u16> {
    Some(match e {
        Expr::Const(v) => {
            if *v != 0 {
                yes
            } else {
                no
            }
        }
        Expr::Not(x) => emit(x, no, yes, ops)?,
        Expr::And(items) => {
            let mut next = yes;
            for x in items.iter().rev() {
                next = emit(x, next, no, ops)?;
            }
            next
        }
        Expr::Or(items) => {
            let mut next = no;
            for x in items.iter().rev() {
                next = emit(x, yes, next, ops)?;
            }
            next
        }
        Expr::If(b) => {
            let then = emit(&b.1, yes, no, ops)?;
            let otherwise = emit(&b.2, yes, no, ops)?;
            emit(&b.0, then, otherwise, ops)?
        }
        _ => {
            let test = match e {
                Expr::SquareIn(r, t) => Test::Table(*r, t.clone()),
                Expr::SquarePair(t) => Test::Pair(t.clone()),
                other => simple(other).unwrap_or_else(|| Test::Other(other.clone())),
            };
            let at = u16::try_from(ops.len()).ok().filter(|&i| i < NO)?;
            ops.push(Op { test, yes, no });
            at
        }
    })
}

/// The test an expression is when it is one of the simple ones a flat
/// program judges inline.
fn simple(e: &Expr) -> Option<Test> {
    Some(match e {
        Expr::Cmp(op, b) => match &**b {
            (Expr::Captures, Expr::Const(k)) => Test::Captures(*op, *k),
            (Expr::Count { enemy, set }, Expr::Const(k)) => Test::Count {
                enemy: *enemy,
                set: set.clone(),
                op: *op,
                k: *k,
            },
            _ => return None,
        },
        Expr::PieceIs(r, set) => Test::PieceIs(*r, set.clone()),
        Expr::CapturedKind(set) => Test::CapturedKind(set.clone()),
        Expr::Killed { enemy, set } => Test::Killed {
            enemy: *enemy,
            set: set.clone(),
        },
        _ => return None,
    })
}
