//! Conditions specialised for the piece they are about. Most conditions
//! ask what the mover (or the victim) is: `mover is step_one and
//! captured(upper_merit)`, `not target is [armoured, fortified]`. The type
//! of that piece is known before the condition is judged, so the compiler
//! folds each condition once per type (`mover is SET` becomes a constant)
//! and keeps the distinct results: judging is then one table load and a
//! much smaller condition, often a constant ([`Expr::ByPiece`]).

use super::fold::simplify;
use super::{Expr, PieceRef};

/// What folding a condition for a piece type needs to know of each type.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TypeFacts {
    /// The type before promotion (itself if unpromoted).
    pub origin: u16,
    pub promoted: bool,
}

/// One condition folded for each type of one piece it mentions
/// (`Expr::ByPiece`).
#[derive(Clone, Debug, PartialEq)]
pub struct PieceTable {
    /// For each type, then for "no such piece", the index of its condition
    /// in `exprs`.
    pub(crate) index: Box<[u16]>,
    pub(crate) exprs: Box<[Expr]>,
}

impl PieceTable {
    /// The condition to judge when the piece has type `ty` (`None`: the
    /// piece does not exist, e.g. no victim).
    #[inline]
    pub(crate) fn pick(&self, ty: Option<u16>) -> &Expr {
        let last = self.index.len() - 1;
        let i = ty.map_or(last, |t| usize::from(t).min(last));
        &self.exprs[usize::from(self.index[i])]
    }
}

/// The pieces a condition is specialised for, outermost first.
const PIECES: [PieceRef; 2] = [PieceRef::Mover, PieceRef::Victim];

/// Specialises a whole condition for the mover's type, then each result
/// for the victim's, where the condition mentions them; `finish` runs on
/// every distinct result (the square tables of `dsl::lower`).
pub(crate) fn specialise(e: &mut Expr, types: &[TypeFacts], finish: &mut dyn FnMut(&mut Expr)) {
    specialise_from(e, types, 0, finish);
}

fn specialise_from(e: &mut Expr, types: &[TypeFacts], level: usize, finish: &mut dyn FnMut(&mut Expr)) {
    let Some(&r) = PIECES.get(level) else {
        finish(e);
        return;
    };
    // More types than an index can name: judge the condition as written.
    if !mentions(e, r) || types.len() >= usize::from(u16::MAX) {
        specialise_from(e, types, level + 1, finish);
        return;
    }
    let mut exprs: Vec<Expr> = Vec::new();
    let mut index = Vec::with_capacity(types.len() + 1);
    let each = (0..types.len()).map(|t| Some(t as u16)).chain([None]);
    for ty in each {
        let folded = simplify(substitute(e.clone(), r, ty.map(|t| (t, types[usize::from(t)]))));
        let i = match exprs.iter().position(|x| *x == folded) {
            Some(i) => i,
            None => {
                exprs.push(folded);
                exprs.len() - 1
            }
        };
        index.push(i as u16);
    }
    for x in &mut exprs {
        specialise_from(x, types, level + 1, finish);
    }
    *e = if exprs.len() == 1 {
        exprs.pop().unwrap_or(Expr::Const(0))
    } else {
        Expr::ByPiece(
            r,
            Box::new(PieceTable {
                index: index.into_boxed_slice(),
                exprs: exprs.into_boxed_slice(),
            }),
        )
    };
}

/// Does the condition ask what type the piece is?
fn mentions(e: &Expr, r: PieceRef) -> bool {
    let mut found = false;
    super::fold::visit(e, &mut |x| {
        found |= matches!(x, Expr::PieceIs(p, _) | Expr::PieceWas(p, _) | Expr::PiecePromoted(p) if *p == r);
    });
    found
}

/// The condition with every question about the piece's type answered, for
/// a piece of type `ty` (`None`: no such piece, which is nothing, has no
/// square and is not ours).
fn substitute(e: Expr, r: PieceRef, ty: Option<(u16, TypeFacts)>) -> Expr {
    let sub = |x: Expr| substitute(x, r, ty);
    let sub2 = |b: Box<(Expr, Expr)>| {
        let (x, y) = *b;
        Box::new((sub(x), sub(y)))
    };
    let bool_const = |b: bool| Expr::Const(i32::from(b));
    match e {
        Expr::PieceIs(p, set) if p == r => bool_const(ty.is_some_and(|(t, _)| set.contains(t))),
        Expr::PieceWas(p, set) if p == r => bool_const(ty.is_some_and(|(_, f)| set.contains(f.origin))),
        Expr::PiecePromoted(p) if p == r => bool_const(ty.is_some_and(|(_, f)| f.promoted)),
        // The mover is always the side's own; a victim may be either.
        Expr::PieceOwn(p) if p == r && (ty.is_none() || r == PieceRef::Mover) => bool_const(ty.is_some()),
        Expr::PieceSquare(p) if p == r && ty.is_none() => Expr::Const(-1),
        Expr::Not(x) => Expr::Not(Box::new(sub(*x))),
        Expr::And(items) => Expr::And(items.into_iter().map(sub).collect()),
        Expr::Or(items) => Expr::Or(items.into_iter().map(sub).collect()),
        Expr::If(b) => {
            let (c, t, f) = *b;
            Expr::If(Box::new((sub(c), sub(t), sub(f))))
        }
        Expr::Cmp(op, b) => Expr::Cmp(op, sub2(b)),
        Expr::Add(b) => Expr::Add(sub2(b)),
        Expr::Mul(b) => Expr::Mul(sub2(b)),
        Expr::Sub(b) => Expr::Sub(sub2(b)),
        Expr::Distance(b) => Expr::Distance(sub2(b)),
        Expr::InZone(x) => Expr::InZone(Box::new(sub(*x))),
        Expr::Rank(x) => Expr::Rank(Box::new(sub(*x))),
        Expr::LastCapturedAt(x) => Expr::LastCapturedAt(Box::new(sub(*x))),
        Expr::StuckAt(x) => Expr::StuckAt(Box::new(sub(*x))),
        Expr::OwnOnFile(x, set, count) => Expr::OwnOnFile(Box::new(sub(*x)), set, count),
        Expr::Near {
            enemy,
            metric,
            set,
            args,
        } => Expr::Near {
            enemy,
            metric,
            set,
            args: sub2(args),
        },
        other => other,
    }
}
