//! JSON for scripts and editors (`--format json`): diagnostics, the legal
//! moves of a position, and perft counts. The shapes are documented in
//! `docs/ci.md`; add fields rather than change them.

use super::{outcome_text, pieces, reason_text};
use crate::board::Colour;
use crate::diagnostics::{Report, Severity};
use crate::position::{Outcome, Position};
use serde_json::{Value, json};

/// Every diagnostic of a report, one object each:
/// `{file, severity, line, column, end_line, end_column, message, help}`.
pub fn diagnostics(report: &Report) -> Vec<Value> {
    report
        .diagnostics
        .iter()
        .map(|d| {
            let at = report.source.location(&d.span);
            json!({
                "file": report.source.name,
                "severity": match d.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                },
                "line": at.line,
                "column": at.column,
                "end_line": at.end_line,
                "end_column": at.end_column,
                "message": d.message,
                "help": d.help,
            })
        })
        .collect()
}

/// An error that points nowhere in a file (an unreadable file), in the
/// same shape as [`diagnostics`], with null positions.
pub fn file_error(file: &str, message: &str) -> Value {
    json!({
        "file": file,
        "severity": "error",
        "line": null,
        "column": null,
        "end_line": null,
        "end_column": null,
        "message": message,
        "help": null,
    })
}

/// A game's end: `{winner, reason, text}` (winner null for a draw), or
/// null while the game goes on.
pub fn outcome(pos: &Position, o: Option<Outcome>) -> Value {
    let rules = pos.rules();
    match o {
        None => Value::Null,
        Some(o) => json!({
            "winner": o.winner().map(|c| c.to_string()),
            "reason": reason_text(rules, o.reason),
            "text": outcome_text(rules, &o),
        }),
    }
}

/// A position and its legal moves (already written in the chosen
/// notation and sorted): `{variant, position, sfen, side_to_move, moves,
/// outcome}`.
pub fn moves(pos: &Position, moves: &[String]) -> Value {
    json!({
        "variant": pos.rules().id,
        "position": pos.to_text(),
        "sfen": pos.to_sfen(),
        "side_to_move": pos.side_to_move().to_string(),
        "moves": moves,
        "outcome": outcome(pos, pos.result()),
    })
}

/// A position: `{variant, position, sfen, side_to_move, pieces: [{square,
/// colour, code, kind}], hands, outcome}`, pieces in square order; `hands`
/// is `{black, white}`, each a list of `{code, kind, count}` in the rule
/// file's order of hand types, or null in a variant without drops.
pub fn position(pos: &Position) -> Value {
    let rules = pos.rules();
    let pieces: Vec<Value> = pieces(pos)
        .into_iter()
        .map(|(sq, colour, ty)| {
            json!({
                "square": rules.geometry.square_name(sq),
                "colour": colour.to_string(),
                "code": rules.types[usize::from(ty)].code,
                "kind": rules.kind_of(ty).id,
            })
        })
        .collect();
    json!({
        "variant": rules.id,
        "position": pos.to_text(),
        "sfen": pos.to_sfen(),
        "side_to_move": pos.side_to_move().to_string(),
        "pieces": pieces,
        "hands": hands(pos),
        "outcome": outcome(pos, pos.result()),
    })
}

/// Both hands, for [`position`]: null without drops.
fn hands(pos: &Position) -> Value {
    let rules = pos.rules();
    let Some(drops) = rules.drops.as_ref() else {
        return Value::Null;
    };
    let hand = |colour| -> Vec<Value> {
        drops
            .hand_types
            .iter()
            .filter(|&&ty| pos.in_hand(colour, ty) > 0)
            .map(|&ty| {
                json!({
                    "code": rules.types[usize::from(ty)].code,
                    "kind": rules.kind_of(ty).id,
                    "count": pos.in_hand(colour, ty),
                })
            })
            .collect()
    };
    json!({"black": hand(Colour::Black), "white": hand(Colour::White)})
}

/// Perft totals per depth: `{variant, position, convention, depths:
/// [{depth, nodes}]}`.
pub fn perft(pos: &Position, convention: &str, counts: &[(u32, u64)]) -> Value {
    let depths: Vec<Value> = counts.iter().map(|(d, n)| json!({"depth": d, "nodes": n})).collect();
    json!({
        "variant": pos.rules().id,
        "position": pos.to_text(),
        "convention": convention,
        "depths": depths,
    })
}

/// Perft divided by root move: `{variant, position, convention, depth,
/// moves: [{move, nodes}], total}`. At depth 0 there are no rows and the
/// total is 1, the position itself.
pub fn divide(pos: &Position, convention: &str, depth: u32, rows: &[(String, u64)]) -> Value {
    let moves: Vec<Value> = rows.iter().map(|(m, n)| json!({"move": m, "nodes": n})).collect();
    json!({
        "variant": pos.rules().id,
        "position": pos.to_text(),
        "convention": convention,
        "depth": depth,
        "moves": moves,
        "total": if depth == 0 { 1 } else { rows.iter().map(|r| r.1).sum::<u64>() },
    })
}
