//! The type checker: walks the parse tree of a condition against its
//! [`Scope`], resolves every name (pieces, squares, kinds, options) and
//! builds the [`Expr`], reporting each mistake once with its span.
//! The builtin functions are in `builtins.rs`.

use super::builtins::names_in;
use super::syntax::{Rule, join_or};
use super::{CmpOp, Expr, OptionValue, PieceRef, Place, Scope, SquareRef, TypeSet};
use crate::diagnostics::Diagnostic;
use pest::iterators::Pair;
use std::ops::Range;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ty {
    Bool,
    Int,
    Square,
    Piece,
    /// Only produced by `opt.NAME` for enumerated options, and by string
    /// literals; compared at compile time.
    Str,
    /// The type of something already reported as an error: it fits
    /// anywhere, so one mistake gives one message.
    Error,
}

impl Ty {
    pub(super) fn name(self) -> &'static str {
        match self {
            Ty::Bool => "a boolean",
            Ty::Int => "a number",
            Ty::Square => "a square",
            Ty::Piece => "a piece",
            Ty::Str => "a text value",
            Ty::Error => "an erroneous value",
        }
    }
}

/// A value during compilation: either known now (folded) or an expression.
pub(super) struct Typed {
    pub(super) ty: Ty,
    pub(super) expr: Expr,
    /// Set for folded string values.
    text: Option<String>,
}

impl Typed {
    pub(super) fn new(ty: Ty, expr: Expr) -> Self {
        Typed { ty, expr, text: None }
    }
}

/// The checker's state while one condition is compiled.
pub(super) struct Compiler<'s, 'a> {
    pub(super) scope: &'s Scope<'a>,
    pub(super) base: usize,
    pub(super) errors: Vec<Diagnostic>,
}

pub(super) const ERROR: Typed = Typed {
    ty: Ty::Error,
    expr: Expr::Const(0),
    text: None,
};

impl Compiler<'_, '_> {
    pub(super) fn span(&self, p: &Pair<Rule>) -> Range<usize> {
        let s = p.as_span();
        self.base + s.start()..self.base + s.end()
    }

    pub(super) fn err(&mut self, span: Range<usize>, msg: impl Into<String>) -> Typed {
        self.errors.push(Diagnostic::error(span, msg));
        ERROR
    }

    pub(super) fn expect(&mut self, t: Typed, want: Ty, span: Range<usize>) -> Expr {
        if t.ty != want && t.ty != Ty::Error {
            self.err(span, format!("expected {}, found {}", want.name(), t.ty.name()));
        }
        t.expr
    }

    pub(super) fn expr(&mut self, p: Pair<Rule>) -> Typed {
        let span = self.span(&p);
        match p.as_rule() {
            Rule::expr | Rule::not_expr | Rule::atom | Rule::arg => match p.into_inner().next() {
                Some(inner) => self.expr(inner),
                None => self.err(span, "empty expression"),
            },
            Rule::paren => match p.into_inner().next() {
                Some(inner) => self.expr(inner),
                None => self.err(span, "empty parentheses"),
            },
            Rule::if_expr => {
                let mut parts: Vec<Pair<Rule>> = p.into_inner().filter(|q| q.as_rule() == Rule::expr).collect();
                if parts.len() != 3 {
                    return self.err(span, "malformed if-expression");
                }
                let e = parts.pop().unwrap_or_else(|| unreachable!());
                let t = parts.pop().unwrap_or_else(|| unreachable!());
                let c = parts.pop().unwrap_or_else(|| unreachable!());
                let cs = self.span(&c);
                let cond = self.expr(c);
                let cond = self.expect(cond, Ty::Bool, cs);
                let ts = self.span(&t);
                let then = self.expr(t);
                let else_ = self.expr(e);
                if then.ty != else_.ty {
                    return self.err(
                        ts,
                        format!(
                            "both branches must have the same type ({} vs {})",
                            then.ty.name(),
                            else_.ty.name()
                        ),
                    );
                }
                Typed::new(then.ty, Expr::If(Box::new((cond, then.expr, else_.expr))))
            }
            Rule::or_expr | Rule::and_expr => {
                let is_or = p.as_rule() == Rule::or_expr;
                let items: Vec<Pair<Rule>> = p
                    .into_inner()
                    .filter(|q| !matches!(q.as_rule(), Rule::kw_and | Rule::kw_or))
                    .collect();
                if items.len() == 1 {
                    let only = items.into_iter().next().unwrap_or_else(|| unreachable!());
                    return self.expr(only);
                }
                let mut out = Vec::new();
                for it in items {
                    let s = self.span(&it);
                    let t = self.expr(it);
                    out.push(self.expect(t, Ty::Bool, s));
                }
                Typed::new(Ty::Bool, if is_or { Expr::Or(out) } else { Expr::And(out) })
            }
            Rule::negation => {
                let Some(inner) = p.into_inner().find(|q| q.as_rule() == Rule::not_expr) else {
                    return self.err(span, "`not` needs an operand");
                };
                let s = self.span(&inner);
                let t = self.expr(inner);
                let e = self.expect(t, Ty::Bool, s);
                Typed::new(Ty::Bool, Expr::Not(Box::new(e)))
            }
            Rule::relation => self.relation(p),
            Rule::product => {
                let mut it = p.into_inner();
                let Some(first) = it.next() else {
                    return self.err(span, "empty expression");
                };
                let fs = self.span(&first);
                let mut acc = self.expr(first);
                while let (Some(_), Some(rhs)) = (it.next(), it.next()) {
                    let rs = self.span(&rhs);
                    let a = self.expect(acc, Ty::Int, fs.clone());
                    let r = self.expr(rhs);
                    let b = self.expect(r, Ty::Int, rs);
                    acc = Typed::new(Ty::Int, Expr::Mul(Box::new((a, b))));
                }
                acc
            }
            Rule::sum => {
                let mut it = p.into_inner();
                let Some(first) = it.next() else {
                    return self.err(span, "empty expression");
                };
                let fs = self.span(&first);
                let mut acc = self.expr(first);
                while let (Some(op), Some(rhs)) = (it.next(), it.next()) {
                    let rs = self.span(&rhs);
                    let a = self.expect(acc, Ty::Int, fs.clone());
                    let r = self.expr(rhs);
                    let b = self.expect(r, Ty::Int, rs);
                    let pair = Box::new((a, b));
                    acc = Typed::new(
                        Ty::Int,
                        if op.as_str() == "+" {
                            Expr::Add(pair)
                        } else {
                            Expr::Sub(pair)
                        },
                    );
                }
                acc
            }
            Rule::literal => {
                let Some(inner) = p.into_inner().next() else {
                    return self.err(span, "empty literal");
                };
                match inner.as_rule() {
                    Rule::int => match inner.as_str().parse::<i32>() {
                        Ok(v) => Typed::new(Ty::Int, Expr::Const(v)),
                        Err(_) => self.err(span, "number too large"),
                    },
                    Rule::boolean => Typed::new(Ty::Bool, Expr::Const(i32::from(inner.as_str() == "true"))),
                    _ => {
                        let text = inner
                            .into_inner()
                            .next()
                            .map(|s| s.as_str().to_string())
                            .unwrap_or_default();
                        Typed {
                            ty: Ty::Str,
                            expr: Expr::Const(0),
                            text: Some(text),
                        }
                    }
                }
            }
            Rule::path => self.path(p),
            Rule::call => self.call(p),
            Rule::kind_list => self.err(
                span,
                "a list of kinds can only follow `is`/`was` or be a function argument",
            ),
            _ => self.err(span, "unexpected syntax"),
        }
    }

    fn relation(&mut self, p: Pair<Rule>) -> Typed {
        let mut it = p.into_inner();
        let Some(lhs) = it.next() else { return ERROR };
        let ls = self.span(&lhs);
        let Some(op) = it.next() else {
            return self.expr(lhs);
        };
        let Some(rhs) = it.next() else { return ERROR };
        let rs = self.span(&rhs);
        let left = self.expr(lhs);
        if left.ty == Ty::Error {
            return ERROR;
        }
        match op.as_rule() {
            Rule::kind_op => {
                let was = op.as_str() == "was";
                let piece = match (&left.ty, &left.expr) {
                    (Ty::Piece, Expr::PieceSquare(r)) => *r,
                    _ => {
                        return self.err(
                            ls,
                            format!("`{}` needs a piece on its left, found {}", op.as_str(), left.ty.name()),
                        );
                    }
                };
                let set = self.kind_set(rhs, was);
                Typed::new(
                    Ty::Bool,
                    if was {
                        Expr::PieceWas(piece, set)
                    } else {
                        Expr::PieceIs(piece, set)
                    },
                )
            }
            _ => {
                let right = self.expr(rhs);
                if right.ty == Ty::Error {
                    return ERROR;
                }
                let cmp = match op.as_str() {
                    "==" => CmpOp::Eq,
                    "!=" => CmpOp::Ne,
                    "<" => CmpOp::Lt,
                    "<=" => CmpOp::Le,
                    ">" => CmpOp::Gt,
                    _ => CmpOp::Ge,
                };
                if left.ty == Ty::Str || right.ty == Ty::Str {
                    return self.compare_text(left, right, cmp, ls, rs);
                }
                if left.ty != right.ty {
                    return self.err(
                        rs,
                        format!("cannot compare {} with {}", left.ty.name(), right.ty.name()),
                    );
                }
                match left.ty {
                    Ty::Int => {}
                    Ty::Bool | Ty::Square if matches!(cmp, CmpOp::Eq | CmpOp::Ne) => {}
                    Ty::Piece => {
                        return self.err(
                            rs,
                            "pieces cannot be compared; compare their `.square`, or test a kind with `is`",
                        );
                    }
                    t => {
                        return self.err(rs, format!("{} can only be compared with == or !=", t.name()));
                    }
                }
                let (a, b) = if left.ty == Ty::Piece {
                    match (left.expr, right.expr) {
                        (Expr::PieceSquare(x), Expr::PieceSquare(y)) => (Expr::PieceSquare(x), Expr::PieceSquare(y)),
                        (a, b) => (a, b),
                    }
                } else {
                    (left.expr, right.expr)
                };
                Typed::new(Ty::Bool, Expr::Cmp(cmp, Box::new((a, b))))
            }
        }
    }

    fn compare_text(&mut self, left: Typed, right: Typed, cmp: CmpOp, ls: Range<usize>, rs: Range<usize>) -> Typed {
        if !matches!(cmp, CmpOp::Eq | CmpOp::Ne) {
            return self.err(rs, "text values can only be compared with == or !=");
        }
        let (Some(a), Some(b)) = (&left.text, &right.text) else {
            let d = Diagnostic::error(
                rs,
                format!("cannot compare {} with {}", left.ty.name(), right.ty.name()),
            )
            .with_help("text is compared with a text option's value: `opt.NAME == \"value\"`");
            self.errors.push(d);
            return ERROR;
        };
        // One side may be an option: check the literal against its values.
        if let Expr::Const(n) = left.expr
            && n > 0
        {
            self.check_allowed(&left, b, rs.clone());
        }
        if let Expr::Const(n) = right.expr
            && n > 0
        {
            self.check_allowed(&right, a, ls);
        }
        let equal = a == b;
        Typed::new(
            Ty::Bool,
            Expr::Const(i32::from(if cmp == CmpOp::Eq { equal } else { !equal })),
        )
    }

    fn check_allowed(&mut self, option: &Typed, literal: &str, span: Range<usize>) {
        let Expr::Const(idx) = option.expr else {
            return;
        };
        let Some((_, OptionValue::Enum { allowed, .. })) = self.scope.options.iter().nth((idx - 1) as usize) else {
            return;
        };
        if !allowed.iter().any(|a| a == literal) {
            let d = Diagnostic::error(
                span,
                format!(
                    "`{literal}` is not a value of this option (values: {})",
                    allowed.join(", ")
                ),
            )
            .suggest(literal, allowed.iter().map(|s| s.as_str()));
            self.errors.push(d);
        }
    }

    pub(super) fn kind_set(&mut self, p: Pair<Rule>, origin: bool) -> TypeSet {
        let mut set = TypeSet::with_capacity(0);
        let names: Vec<Pair<Rule>> = match p.as_rule() {
            Rule::kind_set => p
                .into_inner()
                .flat_map(|q| {
                    if q.as_rule() == Rule::kind_list {
                        q.into_inner().collect::<Vec<_>>()
                    } else {
                        vec![q]
                    }
                })
                .collect(),
            Rule::kind_list => p.into_inner().collect(),
            _ => vec![p],
        };
        for n in names {
            let span = self.span(&n);
            let name = n.as_str();
            match name {
                "any" => set.union_with(self.scope.all_types),
                "none" => {}
                _ => {
                    let table = if origin { self.scope.origins } else { self.scope.kinds };
                    match table.get(name) {
                        Some(s) => set.union_with(s),
                        None if origin && self.scope.kinds.contains_key(name) => {
                            let d = Diagnostic::error(span, format!("`was` takes piece kinds, and `{name}` is a tag"))
                                .with_help(format!(
                                    "`was` tests the kind before promotion; test a tag with `is {name}`, or list the kinds"
                                ));
                            self.errors.push(d);
                        }
                        None => {
                            let what = if origin { "piece kind" } else { "piece kind or tag" };
                            let d = Diagnostic::error(span, format!("unknown {what} `{name}`"))
                                .suggest(name, table.keys().map(|k| k.as_str()));
                            self.errors.push(d);
                        }
                    }
                }
            }
        }
        set
    }

    fn piece_name(&self, name: &str) -> Option<PieceRef> {
        match (self.scope.place, name) {
            (Place::Capture | Place::Promotion | Place::Move | Place::Drop, "mover") => Some(PieceRef::Mover),
            (Place::Shot, "shooter") | (Place::Piece, "piece") => Some(PieceRef::Mover),
            (Place::Shot, "target") => Some(PieceRef::Victim),
            (Place::Capture, "victim") => Some(PieceRef::Victim),
            (Place::Capture, "bridge") => Some(PieceRef::Bridge),
            (Place::Capture | Place::Promotion | Place::Move, "last.mover") => Some(PieceRef::LastMover),
            _ => None,
        }
    }

    fn names_here(&self) -> Vec<&'static str> {
        names_in(self.scope.place)
    }

    /// An unknown name: if another place has it, say so (a misspelling
    /// suggestion would mislead); otherwise suggest a near name.
    pub(super) fn unknown_here(&self, span: Range<usize>, msg: String, name: &str) -> Diagnostic {
        let names = self.names_here();
        let head = name.split('.').next().unwrap_or(name);
        let elsewhere: Vec<String> = Place::ALL
            .iter()
            .filter(|p| **p != self.scope.place)
            .filter(|p| names_in(**p).iter().any(|n| *n == name || *n == head))
            .map(|p| p.describe().to_string())
            .collect();
        let d = Diagnostic::error(span, msg);
        let d = if elsewhere.is_empty() {
            d.suggest(name, names.iter().copied())
        } else {
            d.with_help(format!(
                "`{name}` exists only in {} conditions, and this is {} condition",
                join_or(&elsewhere),
                self.scope.place.describe_with_article()
            ))
        };
        d.with_help(format!("names available here: {}", names.join(", ")))
    }

    fn path(&mut self, p: Pair<Rule>) -> Typed {
        let span = self.span(&p);
        let full = p.as_str().to_string();
        if let Some(r) = self.piece_name(&full) {
            return Typed::new(Ty::Piece, Expr::PieceSquare(r));
        }
        if let Some((head, prop)) = full.rsplit_once('.')
            && let Some(r) = self.piece_name(head)
        {
            return match prop {
                "square" => Typed::new(Ty::Square, Expr::PieceSquare(r)),
                "promoted" => Typed::new(Ty::Bool, Expr::PiecePromoted(r)),
                "own" => Typed::new(Ty::Bool, Expr::PieceOwn(r)),
                _ => {
                    let d = Diagnostic::error(span, format!("a piece has no property `{prop}`"))
                        .suggest(prop, ["square", "promoted", "own"]);
                    self.errors.push(d);
                    ERROR
                }
            };
        }
        if let Some(name) = full.strip_prefix("opt.") {
            return match self.scope.options.iter().position(|(k, _)| k == name) {
                Some(i) => match &self.scope.options[name] {
                    OptionValue::Bool(b) => Typed::new(Ty::Bool, Expr::Const(i32::from(*b))),
                    OptionValue::Enum { value, .. } => Typed {
                        ty: Ty::Str,
                        expr: Expr::Const(i as i32 + 1),
                        text: Some(value.clone()),
                    },
                },
                None => {
                    let d = Diagnostic::error(span, format!("unknown option `{name}`"))
                        .suggest(name, self.scope.options.keys().map(|k| k.as_str()));
                    self.errors.push(d);
                    ERROR
                }
            };
        }
        match (self.scope.place, full.as_str()) {
            (_, "files") => Typed::new(Ty::Int, Expr::Const(self.scope.files)),
            (_, "ranks") => Typed::new(Ty::Int, Expr::Const(self.scope.ranks)),
            (Place::Promotion, "from") => Typed::new(Ty::Square, Expr::Square(SquareRef::From)),
            (Place::Promotion | Place::Drop, "to") => Typed::new(Ty::Square, Expr::Square(SquareRef::To)),
            (Place::Drop, "gives_mate") => Typed::new(Ty::Bool, Expr::GivesMate),
            (Place::Capture, "moves_on") => Typed::new(Ty::Bool, Expr::MovesOn),
            (Place::Promotion, "captures") => Typed::new(Ty::Int, Expr::Captures),
            (Place::Promotion, "farthest_rank") => Typed::new(Ty::Int, Expr::FarthestRank),
            (Place::Promotion, "range_move") => Typed::new(Ty::Bool, Expr::RangeMove),
            (Place::Side, "enemy_in_check") => Typed::new(Ty::Bool, Expr::EnemyInCheck),
            (Place::Side, "in_check") => Typed::new(Ty::Bool, Expr::InCheck),
            (Place::Side, "black") => Typed::new(Ty::Bool, Expr::Black),
            _ => {
                let d = self.unknown_here(span, format!("unknown name `{full}` here"), &full);
                self.errors.push(d);
                ERROR
            }
        }
    }

    pub(super) fn kind_by_name(&mut self, name: &str, span: Range<usize>) -> TypeSet {
        match name {
            "any" => self.scope.all_types.clone(),
            "none" => TypeSet::default(),
            _ => match self.scope.kinds.get(name) {
                Some(s) => s.clone(),
                None => {
                    let d = Diagnostic::error(span, format!("unknown piece kind or tag `{name}`"))
                        .suggest(name, self.scope.kinds.keys().map(|k| k.as_str()));
                    self.errors.push(d);
                    TypeSet::default()
                }
            },
        }
    }
}
