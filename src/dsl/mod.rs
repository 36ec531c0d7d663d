//! The condition language: parsing (pest), type checking and compilation
//! into a resolved expression tree, and its evaluation.
//!
//! A condition is parsed against a [`Scope`] that says which names exist in
//! the place the condition is used (a capture restriction sees `mover`,
//! `victim`, `bridge`; a promotion condition sees `mover`, `from`, `to`,
//! ...). Every identifier is resolved here, options are folded to constants,
//! and kind names become type sets: evaluation touches no string.

mod eval;

pub use eval::{Facts, PieceFact, eval};

use crate::diagnostics::{Diagnostic, did_you_mean};
use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;
use std::collections::BTreeMap;
use std::ops::Range;

#[derive(Parser)]
#[grammar = "../grammar/condition.pest"]
struct ConditionParser;

/// A set of compiled piece types, as a bitset over type ids.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TypeSet {
    bits: Vec<u64>,
}

impl TypeSet {
    pub fn with_capacity(types: usize) -> Self {
        TypeSet {
            bits: vec![0; types.div_ceil(64).max(1)],
        }
    }
    pub fn insert(&mut self, ty: u16) {
        let i = usize::from(ty >> 6);
        if i >= self.bits.len() {
            self.bits.resize(i + 1, 0);
        }
        self.bits[i] |= 1 << (ty & 63);
    }
    #[inline]
    pub fn contains(&self, ty: u16) -> bool {
        self.bits
            .get(usize::from(ty >> 6))
            .is_some_and(|w| w >> (ty & 63) & 1 == 1)
    }
    pub fn union_with(&mut self, other: &TypeSet) {
        if other.bits.len() > self.bits.len() {
            self.bits.resize(other.bits.len(), 0);
        }
        for (a, b) in self.bits.iter_mut().zip(&other.bits) {
            *a |= b;
        }
    }
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|w| *w == 0)
    }
    /// Whether any type of this set is marked in a fixed 256-type bitset.
    #[inline]
    pub fn meets(&self, flags: &[u64; 4]) -> bool {
        self.bits.iter().zip(flags).any(|(a, b)| a & b != 0)
    }
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.bits.iter().enumerate().flat_map(|(i, w)| {
            (0..64)
                .filter(move |b| w >> b & 1 == 1)
                .map(move |b| (i * 64 + b) as u16)
        })
    }
}

/// Where a condition is used, which decides the names it may mention.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
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

    fn describe_with_article(self) -> String {
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
    /// The mover, standing on the square, would have no move even on an
    /// empty board.
    StuckAt(Box<Expr>),
    /// A piece of the set, of our side, stands in our promotion zone and
    /// no enemy piece attacks it.
    InZoneUnattacked(TypeSet),
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
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
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
    fn name(self) -> &'static str {
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

/// An option value as the compiler sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Bool(bool),
    Enum { value: String, allowed: Vec<String> },
}

/// Everything a condition may refer to, resolved to compiled ids.
pub struct Scope<'a> {
    pub place: Place,
    /// Kind ids and tags -> the types they denote (current kind).
    pub kinds: &'a BTreeMap<String, TypeSet>,
    /// Kind ids -> the types whose kind before promotion is that kind.
    pub origins: &'a BTreeMap<String, TypeSet>,
    /// The type set of every type.
    pub all_types: &'a TypeSet,
    pub options: &'a BTreeMap<String, OptionValue>,
    pub files: i32,
    pub ranks: i32,
}

/// A value during compilation: either known now (folded) or an expression.
struct Typed {
    ty: Ty,
    expr: Expr,
    /// Set for folded string values.
    text: Option<String>,
}

impl Typed {
    fn new(ty: Ty, expr: Expr) -> Self {
        Typed { ty, expr, text: None }
    }
}

/// Compiles a condition whose text starts at byte `base` in its file.
/// Returns the expression, or every error found (spans are file offsets).
pub fn compile(text: &str, base: usize, scope: &Scope) -> Result<Expr, Vec<Diagnostic>> {
    compile_typed(text, base, scope, Ty::Bool)
}

/// Compiles a number-valued expression (e.g. a shooting range).
pub fn compile_number(text: &str, base: usize, scope: &Scope) -> Result<Expr, Vec<Diagnostic>> {
    compile_typed(text, base, scope, Ty::Int)
}

/// How deeply a condition may nest: open parentheses, plus the `if`s,
/// `not`s and `+`/`-` terms that enclose a point of the text. The parser and
/// every walk over a compiled condition recurse once per level, so the
/// bound keeps hostile text from overflowing the stack.
pub const MAX_NESTING: usize = 64;

fn compile_typed(text: &str, base: usize, scope: &Scope, want: Ty) -> Result<Expr, Vec<Diagnostic>> {
    if let Some(at) = too_deep(text) {
        let d = Diagnostic::error(
            base + at..base + at + 1,
            format!(
                "condition nests too deeply (more than {MAX_NESTING} levels of parentheses, `if`, `not` and `+`/`-`)"
            ),
        )
        .with_help("write it flatter: `and`/`or` chains and comparisons do not nest");
        return Err(vec![d]);
    }
    let pairs = ConditionParser::parse(Rule::condition, text).map_err(|e| {
        let (start, end) = match e.location {
            pest::error::InputLocation::Pos(p) => (p, p + 1),
            pest::error::InputLocation::Span((s, e)) => (s, e),
        };
        let msg = match &e.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } => {
                let mut wanted: Vec<String> = positives.iter().filter_map(describe_rule).collect();
                // Literal brackets are not rules, so pest does not list them.
                for (open, close) in [('(', "`)`"), ('[', "`]`")] {
                    if unclosed(text, start, open) {
                        wanted.push(close.to_string());
                    }
                }
                if blank(text) {
                    "empty condition".to_string()
                } else if wanted.is_empty() {
                    "syntax error in condition".to_string()
                } else {
                    format!("syntax error in condition: expected {}", join_or(&wanted))
                }
            }
            pest::error::ErrorVariant::CustomError { message } => message.clone(),
        };
        let d = Diagnostic::error(base + start..base + end.max(start + 1), msg);
        vec![match syntax_hint(text, start) {
            Some(h) => d.with_help(h),
            None => d,
        }]
    })?;
    let mut c = Compiler {
        scope,
        base,
        errors: Vec::new(),
    };
    let root = pairs.into_iter().next().and_then(|p| p.into_inner().next());
    let Some(root) = root else {
        return Err(vec![Diagnostic::error(base..base + 1, "empty condition")]);
    };
    let span = c.span(&root);
    let typed = c.expr(root);
    if c.errors.is_empty() && typed.ty != want {
        let msg = if want == Ty::Bool {
            format!("a condition must be true or false, this is {}", typed.ty.name())
        } else {
            format!("expected {}, this is {}", want.name(), typed.ty.name())
        };
        c.errors.push(Diagnostic::error(span, msg));
    }
    if c.errors.is_empty() {
        Ok(simplify(typed.expr))
    } else {
        Err(c.errors)
    }
}

/// Where a condition first nests deeper than [`MAX_NESTING`], without
/// parsing it (the parser itself recurses). The measure is an upper bound
/// on the syntax tree's depth: each open parenthesis is a level, and within
/// one, every `if` (its `else` runs to the closing parenthesis) and each
/// `not` or `+`/`-` of the current operand (until `and`, `or`, `then`,
/// `else` or `,` ends it).
fn too_deep(text: &str) -> Option<usize> {
    #[derive(Default)]
    struct Level {
        ifs: usize,
        run: usize,
    }
    let bytes = text.as_bytes();
    let (mut levels, mut here, mut depth) = (Vec::new(), Level::default(), 0usize);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let start = i;
        i += 1;
        match b {
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' => {
                while i < bytes.len() && bytes[i] != b'"' {
                    i += 1;
                }
                i += 1;
            }
            b'(' => {
                levels.push(std::mem::take(&mut here));
                depth += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1 + here.ifs + here.run);
                here = levels.pop().unwrap_or_default();
            }
            b'+' | b'-' => {
                here.run += 1;
                depth += 1;
            }
            b',' => {
                depth -= here.ifs + here.run;
                here = Level::default();
            }
            b if b.is_ascii_alphanumeric() || b == b'_' => {
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                match &text[start..i] {
                    "if" => {
                        here.ifs += 1;
                        depth += 1;
                    }
                    "not" => {
                        here.run += 1;
                        depth += 1;
                    }
                    "and" | "or" | "then" | "else" => {
                        depth -= here.run;
                        here.run = 0;
                    }
                    _ => {}
                }
            }
            _ => {}
        }
        if depth > MAX_NESTING {
            return Some(start);
        }
    }
    None
}

/// Only whitespace and comments.
fn blank(text: &str) -> bool {
    text.lines()
        .all(|l| l.split('#').next().unwrap_or("").trim().is_empty())
}

/// Whether an `open` bracket before byte `at` is still open there
/// (outside text literals and comments).
fn unclosed(text: &str, at: usize, open: char) -> bool {
    let close = if open == '(' { ')' } else { ']' };
    let (mut depth, mut in_text, mut in_comment) = (0i32, false, false);
    for (i, ch) in text.char_indices() {
        if i >= at {
            break;
        }
        match ch {
            '\n' => in_comment = false,
            _ if in_comment => {}
            '"' => in_text = !in_text,
            _ if in_text => {}
            '#' => in_comment = true,
            c if c == open => depth += 1,
            c if c == close => depth -= 1,
            _ => {}
        }
    }
    depth > 0
}

/// What the writer probably meant, from the text where parsing stopped.
fn syntax_hint(text: &str, at: usize) -> Option<String> {
    let rest = text.get(at..)?.trim_start();
    let hint = if rest.starts_with("&&") {
        "write `and` instead of `&&`"
    } else if rest.starts_with("||") {
        "write `or` instead of `||`"
    } else if rest.starts_with('=') && !rest.starts_with("==") {
        "write `==` to compare"
    } else if rest.starts_with('!') && !rest.starts_with("!=") {
        "write `not` instead of `!`"
    } else if ["==", "!=", "<", ">"].iter().any(|op| rest.starts_with(op)) && text[..at].contains(['=', '<', '>']) {
        "comparisons do not chain: join two comparisons with `and`"
    } else if rest.starts_with("if") && !rest[2..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
        "`if` can only start a whole expression: put it in parentheses, `x and (if c then a else b)`"
    } else {
        return None;
    };
    Some(hint.to_string())
}

fn describe_rule(r: &Rule) -> Option<String> {
    Some(
        match r {
            Rule::expr | Rule::or_expr | Rule::and_expr | Rule::not_expr | Rule::relation | Rule::sum | Rule::atom => {
                "an expression"
            }
            Rule::cmp_op => "a comparison",
            Rule::kind_op => "`is` or `was`",
            Rule::add_op => "`+` or `-`",
            Rule::kw_and => "`and`",
            Rule::kw_or => "`or`",
            Rule::kw_then => "`then`",
            Rule::kw_else => "`else`",
            Rule::kind_set | Rule::kind_list => "a kind or a [list] of kinds",
            Rule::ident | Rule::path => "a name",
            Rule::EOI => "end of condition",
            Rule::arg => "an argument",
            _ => return None,
        }
        .to_string(),
    )
}

fn join_or(items: &[String]) -> String {
    let mut v: Vec<&String> = items.iter().collect();
    v.dedup();
    match v.len() {
        0 => String::new(),
        1 => v[0].clone(),
        n => format!(
            "{} or {}",
            v[..n - 1].iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", "),
            v[n - 1]
        ),
    }
}

struct Compiler<'s, 'a> {
    scope: &'s Scope<'a>,
    base: usize,
    errors: Vec<Diagnostic>,
}

const ERROR: Typed = Typed {
    ty: Ty::Error,
    expr: Expr::Const(0),
    text: None,
};

impl Compiler<'_, '_> {
    fn span(&self, p: &Pair<Rule>) -> Range<usize> {
        let s = p.as_span();
        self.base + s.start()..self.base + s.end()
    }

    fn err(&mut self, span: Range<usize>, msg: impl Into<String>) -> Typed {
        self.errors.push(Diagnostic::error(span, msg));
        ERROR
    }

    fn expect(&mut self, t: Typed, want: Ty, span: Range<usize>) -> Expr {
        if t.ty != want && t.ty != Ty::Error {
            self.err(span, format!("expected {}, found {}", want.name(), t.ty.name()));
        }
        t.expr
    }

    fn expr(&mut self, p: Pair<Rule>) -> Typed {
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

    fn kind_set(&mut self, p: Pair<Rule>, origin: bool) -> TypeSet {
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
    fn unknown_here(&self, span: Range<usize>, msg: String, name: &str) -> Diagnostic {
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
            (Place::Promotion, "captures") => Typed::new(Ty::Int, Expr::Captures),
            _ => {
                let d = self.unknown_here(span, format!("unknown name `{full}` here"), &full);
                self.errors.push(d);
                ERROR
            }
        }
    }

    fn call(&mut self, p: Pair<Rule>) -> Typed {
        let span = self.span(&p);
        let mut it = p.into_inner();
        let Some(name_pair) = it.next() else {
            return ERROR;
        };
        let name = name_pair.as_str().to_string();
        let args: Vec<Pair<Rule>> = it.collect();
        let place = self.scope.place;
        let mover_place = matches!(
            place,
            Place::Capture | Place::Promotion | Place::Move | Place::Shot | Place::Piece | Place::Drop
        );
        let arity = |c: &mut Self, n: usize| -> bool {
            if args.len() != n {
                c.err(
                    span.clone(),
                    format!(
                        "`{name}` takes {n} argument{}, found {}",
                        if n == 1 { "" } else { "s" },
                        args.len()
                    ),
                );
                false
            } else {
                true
            }
        };
        match name.as_str() {
            "count" | "enemy_count" | "last.captured" | "killed" | "enemy_killed" | "captured"
            | "in_zone_unattacked"
                if (name != "captured" || place == Place::Promotion)
                    && (name != "in_zone_unattacked" || place == Place::Side) =>
            {
                if !arity(self, 1) {
                    return ERROR;
                }
                let arg = args.into_iter().next().unwrap_or_else(|| unreachable!());
                let inner = arg.into_inner().next();
                let set = match inner {
                    Some(q) if q.as_rule() == Rule::kind_list => self.kind_set(q, false),
                    Some(q) => {
                        // A bare name: take the path text as a kind name.
                        let text = q.as_str().trim().to_string();
                        let qs = self.span(&q);
                        if text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                            self.kind_by_name(&text, qs)
                        } else {
                            self.err(qs, "expected a kind, a tag or a [list] of them");
                            TypeSet::default()
                        }
                    }
                    None => TypeSet::default(),
                };
                match name.as_str() {
                    "last.captured" => Typed::new(Ty::Bool, Expr::LastCaptured(set)),
                    "in_zone_unattacked" => Typed::new(Ty::Bool, Expr::InZoneUnattacked(set)),
                    "captured" => Typed::new(Ty::Bool, Expr::CapturedKind(set)),
                    "killed" | "enemy_killed" => {
                        if set.iter().any(|t| t >= 256) {
                            self.err(span.clone(), "kill history is kept for the first 256 piece types only");
                        }
                        Typed::new(
                            Ty::Bool,
                            Expr::Killed {
                                enemy: name == "enemy_killed",
                                set,
                            },
                        )
                    }
                    n => Typed::new(
                        Ty::Int,
                        Expr::Count {
                            enemy: n == "enemy_count",
                            set,
                        },
                    ),
                }
            }
            "last.captured_at" | "in_zone" | "rank" if mover_place => {
                if !arity(self, 1) {
                    return ERROR;
                }
                let a = args.into_iter().next().unwrap_or_else(|| unreachable!());
                let s = self.span(&a);
                let t = self.expr(a);
                let e = self.expect(t, Ty::Square, s);
                match name.as_str() {
                    "last.captured_at" => Typed::new(Ty::Bool, Expr::LastCapturedAt(Box::new(e))),
                    "in_zone" => Typed::new(Ty::Bool, Expr::InZone(Box::new(e))),
                    _ => Typed::new(Ty::Int, Expr::Rank(Box::new(e))),
                }
            }
            "enemy_near"
            | "own_near"
            | "enemy_near_manhattan"
            | "own_near_manhattan"
            | "enemy_on_lines"
            | "own_on_lines"
                if place != Place::Side =>
            {
                // NAME(square, distance, kinds)
                if !arity(self, 3) {
                    return ERROR;
                }
                let mut it = args.into_iter();
                let (Some(a), Some(b), Some(c)) = (it.next(), it.next(), it.next()) else {
                    return ERROR;
                };
                let (sa, sb) = (self.span(&a), self.span(&b));
                let ta = self.expr(a);
                let sq = self.expect(ta, Ty::Square, sa);
                let tb = self.expr(b);
                let dist = self.expect(tb, Ty::Int, sb);
                let set = self.kind_argument(c);
                let metric = if name.ends_with("manhattan") {
                    Metric::Manhattan
                } else if name.ends_with("lines") {
                    Metric::Lines
                } else {
                    Metric::Chebyshev
                };
                Typed::new(
                    Ty::Bool,
                    Expr::Near {
                        enemy: name.starts_with("enemy"),
                        metric,
                        set,
                        args: Box::new((sq, dist)),
                    },
                )
            }
            "own_on_file" | "own_count_on_file" if mover_place => {
                // own_on_file(square, kinds), own_count_on_file(square, kinds)
                if !arity(self, 2) {
                    return ERROR;
                }
                let mut it = args.into_iter();
                let (Some(a), Some(c)) = (it.next(), it.next()) else {
                    return ERROR;
                };
                let sa = self.span(&a);
                let ta = self.expr(a);
                let sq = self.expect(ta, Ty::Square, sa);
                let set = self.kind_argument(c);
                if name == "own_count_on_file" {
                    Typed::new(Ty::Int, Expr::OwnOnFile(Box::new(sq), set, true))
                } else {
                    Typed::new(Ty::Bool, Expr::OwnOnFile(Box::new(sq), set, false))
                }
            }
            "stuck_at" if matches!(place, Place::Promotion | Place::Drop) => {
                if !arity(self, 1) {
                    return ERROR;
                }
                let a = args.into_iter().next().unwrap_or_else(|| unreachable!());
                let s = self.span(&a);
                let t = self.expr(a);
                let e = self.expect(t, Ty::Square, s);
                Typed::new(Ty::Bool, Expr::StuckAt(Box::new(e)))
            }
            "distance" if mover_place => {
                if !arity(self, 2) {
                    return ERROR;
                }
                let mut v = Vec::new();
                for a in args {
                    let s = self.span(&a);
                    let t = self.expr(a);
                    v.push(self.expect(t, Ty::Square, s));
                }
                let b = v.pop().unwrap_or(Expr::Const(-1));
                let a = v.pop().unwrap_or(Expr::Const(-1));
                Typed::new(Ty::Int, Expr::Distance(Box::new((a, b))))
            }
            "protected_after" | "protected_before" | "protected_after_counting_captured" if place == Place::Capture => {
                if !arity(self, 1) {
                    return ERROR;
                }
                let a = args.into_iter().next().unwrap_or_else(|| unreachable!());
                let s = self.span(&a);
                let t = self.expr(a);
                match (t.ty, t.expr) {
                    (Ty::Piece, Expr::PieceSquare(PieceRef::Victim)) => Typed::new(
                        Ty::Bool,
                        Expr::Protected {
                            piece: PieceRef::Victim,
                            when: match name.as_str() {
                                "protected_after" => Protection::After,
                                "protected_before" => Protection::Before,
                                _ => Protection::AfterCountingCaptured,
                            },
                        },
                    ),
                    (Ty::Error, _) => ERROR,
                    _ => self.err(s, format!("`{name}` judges the captured piece: write `{name}(victim)`")),
                }
            }
            _ => {
                let d = self.unknown_here(span, format!("unknown function `{name}` here"), &name);
                self.errors.push(d);
                ERROR
            }
        }
    }

    /// A kind argument: a bracketed list of kinds or tags, or one name.
    fn kind_argument(&mut self, arg: Pair<'_, Rule>) -> TypeSet {
        match arg.into_inner().next() {
            Some(q) if q.as_rule() == Rule::kind_list => self.kind_set(q, false),
            Some(q) => {
                let qs = self.span(&q);
                let text = q.as_str().trim().to_string();
                self.kind_by_name(&text, qs)
            }
            None => TypeSet::default(),
        }
    }

    fn kind_by_name(&mut self, name: &str, span: Range<usize>) -> TypeSet {
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

/// The names a condition may use in a place.
fn names_in(place: Place) -> Vec<&'static str> {
    let mut v = vec![
        "opt.NAME",
        "files",
        "ranks",
        "count",
        "enemy_count",
        "last.captured",
        "killed",
        "enemy_killed",
        "enemy_near",
        "own_near",
    ];
    match place {
        Place::Capture => v.extend([
            "last.captured_at",
            "mover",
            "victim",
            "bridge",
            "last.mover",
            "distance",
            "in_zone",
            "rank",
            "protected_after",
            "protected_before",
            "protected_after_counting_captured",
            "own_on_file",
            "own_count_on_file",
        ]),
        Place::Promotion => v.extend([
            "captured",
            "last.captured_at",
            "mover",
            "from",
            "to",
            "captures",
            "last.mover",
            "distance",
            "in_zone",
            "rank",
            "stuck_at",
            "own_on_file",
            "own_count_on_file",
        ]),
        Place::Move => v.extend([
            "last.captured_at",
            "mover",
            "last.mover",
            "distance",
            "in_zone",
            "rank",
            "own_on_file",
            "own_count_on_file",
        ]),
        Place::Shot => v.extend([
            "shooter",
            "target",
            "distance",
            "in_zone",
            "rank",
            "own_on_file",
            "own_count_on_file",
        ]),
        Place::Piece => v.extend([
            "piece",
            "distance",
            "in_zone",
            "rank",
            "own_on_file",
            "own_count_on_file",
        ]),
        Place::Drop => v.extend([
            "mover",
            "to",
            "gives_mate",
            "stuck_at",
            "own_on_file",
            "own_count_on_file",
            "distance",
            "in_zone",
            "rank",
        ]),
        Place::Side => v.push("in_zone_unattacked"),
    }
    v
}

/// Constant folding: options are already constants, so whole branches of a
/// rule (e.g. a disabled option) disappear before evaluation.
fn simplify(e: Expr) -> Expr {
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
                (Expr::Const(a), Expr::Const(c)) => {
                    let e = Expr::Cmp(op, Box::new((Expr::Const(a), Expr::Const(c))));
                    Expr::Const(eval::eval(&e, &NoFacts))
                }
                (x, y) => Expr::Cmp(op, Box::new((x, y))),
            }
        }
        other => other,
    }
}

/// Facts for folding constants: never consulted, since constant
/// expressions ask nothing.
struct NoFacts;

impl Facts for NoFacts {
    fn piece(&self, _: PieceRef) -> Option<PieceFact> {
        None
    }
    fn square(&self, _: SquareRef) -> Option<crate::board::Square> {
        None
    }
    fn captures(&self) -> i32 {
        0
    }
    fn distance(&self, _: crate::board::Square, _: crate::board::Square) -> i32 {
        0
    }
    fn in_zone(&self, _: crate::board::Square) -> bool {
        false
    }
    fn rank(&self, _: crate::board::Square) -> i32 {
        0
    }
    fn count(&self, _: bool, _: &TypeSet) -> i32 {
        0
    }
    fn last_captured(&self, _: &TypeSet) -> bool {
        false
    }
    fn last_captured_at(&self, _: crate::board::Square) -> bool {
        false
    }
    fn protected(&self, _: PieceRef, _: Protection) -> bool {
        false
    }
    fn killed(&self, _: bool, _: &TypeSet) -> bool {
        false
    }
    fn near(&self, _: bool, _: crate::board::Square, _: i32, _: Metric, _: &TypeSet) -> bool {
        false
    }
    fn captured_kind(&self, _: &TypeSet) -> bool {
        false
    }
}

/// Calls `f` with every kind set a condition asks `killed`/`enemy_killed`
/// about.
pub fn killed_sets(e: &Expr, f: &mut dyn FnMut(&TypeSet)) {
    visit(e, &mut |x| {
        if let Expr::Killed { set, .. } = x {
            f(set)
        }
    });
}

/// Whether a condition reads the previous move (`last.mover`,
/// `last.captured`, `last.captured_at`): a perft table must then tell
/// positions apart by it.
pub fn reads_last_move(e: &Expr) -> bool {
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
fn visit(e: &Expr, f: &mut dyn FnMut(&Expr)) {
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
        Expr::Cmp(_, b) | Expr::Add(b) | Expr::Sub(b) | Expr::Distance(b) | Expr::Near { args: b, .. } => {
            visit(&b.0, f);
            visit(&b.1, f);
        }
        _ => {}
    }
}

/// The types a condition can possibly be true for as a victim, if the
/// condition requires `victim is SET` at its top level; `None` if any
/// victim could matter. Used to skip restrictions cheaply.
pub fn victim_guard(e: &Expr) -> Option<TypeSet> {
    match e {
        Expr::PieceIs(PieceRef::Victim, set) => Some(set.clone()),
        Expr::And(items) => items.iter().find_map(victim_guard),
        Expr::Const(0) => Some(TypeSet::default()),
        _ => None,
    }
}

/// Names of options a condition text mentions (for "option never read").
pub fn mentioned_options(text: &str) -> Vec<String> {
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

/// Nearest name among candidates (re-exported for the compiler).
pub fn nearest<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    did_you_mean(wrong, candidates)
}

#[cfg(test)]
mod tests;
