//! The grammar binding: the pest parser for `grammar/condition.pest`, the
//! nesting bound checked before it runs, and the mapping of pest's errors
//! to diagnostics with hints. It builds no expression.

use super::MAX_NESTING;
use crate::diagnostics::Diagnostic;
use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "../grammar/condition.pest"]
struct ConditionParser;

/// Parses a condition whose text starts at byte `base` in its file, down to
/// the root expression (or the diagnostics for a syntax error).
pub(super) fn parse(text: &str, base: usize) -> Result<Option<Pair<'_, Rule>>, Vec<Diagnostic>> {
    if let Some(at) = too_deep(text) {
        let d = Diagnostic::error(
            base + at..base + at + 1,
            format!(
                "condition nests too deeply (more than {MAX_NESTING} levels of parentheses, `if`, `not` and `+`/`-`/`*`)"
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
    let root = pairs.into_iter().next().and_then(|p| p.into_inner().next());
    Ok(root)
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
            b'+' | b'-' | b'*' => {
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
            Rule::expr
            | Rule::or_expr
            | Rule::and_expr
            | Rule::not_expr
            | Rule::relation
            | Rule::sum
            | Rule::product
            | Rule::atom => "an expression",
            Rule::cmp_op => "a comparison",
            Rule::kind_op => "`is` or `was`",
            Rule::add_op => "`+` or `-`",
            Rule::mul_op => "`*`",
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

pub(super) fn join_or(items: &[String]) -> String {
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
