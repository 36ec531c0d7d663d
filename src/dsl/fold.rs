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
    match e {
        Expr::Killed { set, .. } => f(set),
        Expr::Not(x)
        | Expr::InZone(x)
        | Expr::Rank(x)
        | Expr::LastCapturedAt(x)
        | Expr::OwnOnFile(x, _, _)
        | Expr::StuckAt(x) => killed_sets(x, f),
        Expr::And(v) | Expr::Or(v) => v.iter().for_each(|x| killed_sets(x, f)),
        Expr::If(b) => {
            killed_sets(&b.0, f);
            killed_sets(&b.1, f);
            killed_sets(&b.2, f);
        }
        Expr::Cmp(_, b) | Expr::Add(b) | Expr::Sub(b) | Expr::Distance(b) | Expr::Near { args: b, .. } => {
            killed_sets(&b.0, f);
            killed_sets(&b.1, f);
        }
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
