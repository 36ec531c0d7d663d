//! The condition language: parsing (pest), type checking and compilation
//! into a resolved expression tree, and its evaluation.
//!
//! A condition is parsed against a `Scope` that says which names exist in
//! the place the condition is used (a capture restriction sees `mover`,
//! `victim`, `bridge`; a promotion condition sees `mover`, `from`, `to`,
//! ...). Every identifier is resolved here, options are folded to constants,
//! and kind names become type sets: evaluation touches no string.
//!
//! - `syntax.rs`: the pest binding and syntax-error messages;
//! - `ast.rs`: places, references and the compiled `Expr`;
//! - `check.rs`, `builtins.rs`: the type checker and the builtin functions;
//! - `fold.rs`: constant folding and analyses of compiled conditions;
//! - `lower.rs`: square-only parts of a condition as per-square tables;
//! - `specialise.rs`: conditions folded for each type of the mover and
//!   the victim;
//! - `flat.rs`: boolean conditions as flat branching programs;
//! - `decide.rs`: the promotion conditions as one three-way answer, tabled
//!   per type where they read only the move's squares and captures;
//! - `eval.rs`: evaluation over the `Facts` trait;
//! - `typeset.rs`: the `TypeSet` bitset.

mod ast;
mod builtins;
mod check;
mod decide;
mod eval;
mod flat;
mod fold;
mod lower;
mod specialise;
mod syntax;
mod typeset;

pub(crate) use ast::Place;
pub use ast::{CmpOp, Expr, Metric, OptionValue, PairTable, PieceRef, Protection, SquareRef, SquareTable};
pub use decide::Decider;
pub(crate) use decide::{Decision, DecisionRow, decider, judge};
pub(crate) use eval::{Facts, PieceFact, eval};
pub(crate) use fold::{killed_sets, mentioned_options, reads_last_move, victim_guard};
pub(crate) use lower::{Board, lower_condition};
pub(crate) use specialise::TypeFacts;
pub use typeset::TypeSet;

use crate::diagnostics::Diagnostic;
use check::{Compiler, Ty};
use std::collections::BTreeMap;

/// Everything a condition may refer to, resolved to compiled ids.
pub(crate) struct Scope<'a> {
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

/// Compiles a condition whose text starts at byte `base` in its file.
/// Returns the expression, or every error found (spans are file offsets).
pub(crate) fn compile(text: &str, base: usize, scope: &Scope) -> Result<Expr, Vec<Diagnostic>> {
    compile_typed(text, base, scope, Ty::Bool)
}

/// Compiles a number-valued expression (e.g. a shooting range).
pub(crate) fn compile_number(text: &str, base: usize, scope: &Scope) -> Result<Expr, Vec<Diagnostic>> {
    compile_typed(text, base, scope, Ty::Int)
}

/// How deeply a condition may nest: open parentheses, plus the `if`s,
/// `not`s and `+`/`-`/`*` terms that enclose a point of the text. The parser and
/// every walk over a compiled condition recurse once per level, so the
/// bound keeps hostile text from overflowing the stack.
pub(crate) const MAX_NESTING: usize = 64;

fn compile_typed(text: &str, base: usize, scope: &Scope, want: Ty) -> Result<Expr, Vec<Diagnostic>> {
    let Some(root) = syntax::parse(text, base)? else {
        return Err(vec![Diagnostic::error(base..base + 1, "empty condition")]);
    };
    let mut c = Compiler {
        scope,
        base,
        errors: Vec::new(),
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
        Ok(fold::simplify(typed.expr))
    } else {
        Err(c.errors)
    }
}

#[cfg(test)]
mod tests;
