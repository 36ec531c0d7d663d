//! Analyses of compiled conditions: constant folding (`simplify`), the
//! kill-history sets (`killed_sets`), the victim guard of a restriction,
//! and the option names a condition text mentions.

use super::eval::compare;
use super::{Expr, PieceRef, TypeSet};

/// Constant folding: options are already constants, so whole branches of a
/// rule (e.g. a disabled option) disappear before evaluation.
pub(super) fn simplify(e: Expr) -> Expr {
    match e {
        Expr::Not(inner) => match simplify(*inner) {
            Expr::Const(v) => Expr::Const(i32::from(v == 0)),
            x => Expr::Not(Box::new(x)),
        },
        Expr::And(items) => {
            let mut out = Vec::new();
            for i in items {
                match simplify(i) {
                    Expr::Const(0) => return Expr::Const(0),
                    Expr::Const(_) => {}
                    x => out.push(x),
                }
            }
            match out.len() {
                0 => Expr::Const(1),
                1 => out.pop().unwrap_or(Expr::Const(1)),
                _ => Expr::And(out),
            }
        }
        Expr::Or(items) => {
            let mut out = Vec::new();
            for i in items {
                match simplify(i) {
                    Expr::Const(0) => {}
                    Expr::Const(_) => return Expr::Const(1),
                    x => out.push(x),
                }
            }
            match out.len() {
                0 => Expr::Const(0),
                1 => out.pop().unwrap_or(Expr::Const(0)),
                _ => Expr::Or(out),
            }
        }
        Expr::If(b) => {
            let (c, t, f) = *b;
            match simplify(c) {
                Expr::Const(0) => simplify(f),
                Expr::Const(_) => simplify(t),
                c => Expr::If(Box::new((c, simplify(t), simplify(f)))),
            }
        }
        Expr::Cmp(op, b) => {
            let (x, y) = *b;
            match (simplify(x), simplify(y)) {
                (Expr::Const(a), Expr::Const(c)) => Expr::Const(i32::from(compare(op, a, c))),
                (x, y) => Expr::Cmp(op, Box::new((x, y))),
            }
        }
        other => other,
    }
}

/// Calls `f` with every kind set a condition asks `killed`/`enemy_killed`
/// about.
pub(crate) fn killed_sets(e: &Expr, f: &mut dyn FnMut(&TypeSet)) {
    visit(e, &mut |x| {
        if let Expr::Killed { set, .. } = x {
            f(set)
        }
    });
}

/// Whether a condition reads the previous move (`last.mover`,
/// `last.captured`, `last.captured_at`): a perft table must then tell
/// positions apart by it.
pub(crate) fn reads_last_move(e: &Expr) -> bool {
    let mut reads = false;
    visit(e, &mut |x| {
        reads |= matches!(
            x,
            Expr::LastCaptured(_)
                | Expr::LastCapturedAt(_)
                | Expr::PieceIs(PieceRef::LastMover, _)
                | Expr::PieceWas(PieceRef::LastMover, _)
                | Expr::PieceSquare(PieceRef::LastMover)
                | Expr::PiecePromoted(PieceRef::LastMover)
                | Expr::PieceOwn(PieceRef::LastMover)
                | Expr::Protected {
                    piece: PieceRef::LastMover,
                    ..
                }
        )
    });
    reads
}

/// Calls `f` with `e` and every expression inside it.
pub(super) fn visit(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    match e {
        Expr::Not(x)
        | Expr::InZone(x)
        | Expr::Rank(x)
        | Expr::LastCapturedAt(x)
        | Expr::OwnOnFile(x, _, _)
        | Expr::StuckAt(x) => visit(x, f),
        Expr::And(v) | Expr::Or(v) => v.iter().for_each(|x| visit(x, f)),
        Expr::If(b) => {
            visit(&b.0, f);
            visit(&b.1, f);
            visit(&b.2, f);
        }
        Expr::Cmp(_, b)
        | Expr::Add(b)
        | Expr::Sub(b)
        | Expr::Mul(b)
        | Expr::Distance(b)
        | Expr::Near { args: b, .. } => {
            visit(&b.0, f);
            visit(&b.1, f);
        }
        Expr::ByPiece(_, t) => t.exprs.iter().for_each(|x| visit(x, f)),
        Expr::SquarePair(t) => t.parts.iter().for_each(|x| visit(x, f)),
        Expr::Flat(p) => p.ops.iter().for_each(|op| match &op.test {
            super::flat::Test::Table(_, t) => visit(&t.original, f),
            super::flat::Test::Pair(t) => t.parts.iter().for_each(|x| visit(x, f)),
            super::flat::Test::Other(x) => visit(x, f),
            _ => {}
        }),
        _ => {}
    }
}

/// The types a condition can possibly be true for as a victim, if the
/// condition requires `victim is SET` at its top level; `None` if any
/// victim could matter. Used to skip restrictions cheaply.
pub(crate) fn victim_guard(e: &Expr) -> Option<TypeSet> {
    match e {
        Expr::PieceIs(PieceRef::Victim, set) => Some(set.clone()),
        Expr::And(items) => items.iter().find_map(victim_guard),
        Expr::Const(0) => Some(TypeSet::default()),
        _ => None,
    }
}

/// Names of options a condition text mentions (for "option never read").
pub(crate) fn mentioned_options(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("opt.") {
        let tail = &rest[i + 4..];
        let end = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(tail.len());
        out.push(tail[..end].to_string());
        rest = &tail[end..];
    }
    out
}
