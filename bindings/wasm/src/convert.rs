//! Type translation: keywords from JavaScript to gunbai's enums, and
//! gunbai's reports, outcomes, positions and search reports to JSON.

use gunbai::board::{Colour, Geometry, Square};
use gunbai::diagnostics::{Report, Severity, hides_text};
use gunbai::movegen::Move;
use gunbai::notation::{Notation, write_move};
use gunbai::perft::Convention;
use gunbai::position::Position;
use gunbai::render::svg::Labels;
use gunbai::render::{outcome_text, reason_text};
use gunbai::ruleset::{Result3, Ruleset, TypeId};
use gunbai::search::{MATE, MAX_PLY, Report as SearchReport};
use serde_json::{Value, json};

/// An error for JavaScript: a message and the diagnostics behind it.
pub struct Failure {
    message: String,
    diagnostics: Vec<Value>,
}

impl Failure {
    pub fn message(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            diagnostics: Vec::new(),
        }
    }

    /// `what`, then the report's first message; every diagnostic kept.
    pub fn report(what: &str, report: &Report) -> Failure {
        let first = report
            .diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
            .or(report.diagnostics.first());
        let message = match first {
            Some(d) => {
                let at = report.source.location(&d.span);
                format!(
                    "{what}: {}:{}:{}: {}",
                    report.source.name, at.line, at.column, d.message
                )
            }
            None => what.to_string(),
        };
        Failure {
            message,
            diagnostics: diagnostics_json(report),
        }
    }
}

impl From<Failure> for String {
    fn from(f: Failure) -> String {
        json!({"message": f.message, "diagnostics": f.diagnostics}).to_string()
    }
}

/// Every diagnostic of a report: `{file, severity, line, column, endLine,
/// endColumn, message, hint}` (lines and columns from 1; `hint` may be
/// null).
pub fn diagnostics_json(report: &Report) -> Vec<Value> {
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
                "endLine": at.end_line,
                "endColumn": at.end_column,
                "message": d.message,
                "hint": d.help,
            })
        })
        .collect()
}

/// Caller text quoted in a message: at most 64 characters, with the
/// characters that hide or reorder text escaped.
pub fn shown(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == 64 {
            out.push('…');
            break;
        }
        if hides_text(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// The move budget's error, naming the JavaScript call that raises it.
pub fn too_many(e: gunbai::movegen::TooManyMoves) -> Failure {
    Failure::message(e.to_string().replace("`gunbai --move-budget N`", "`setMoveBudget(n)`"))
}

pub fn text_size(text: &str, what: &str) -> Result<(), Failure> {
    if text.len() > crate::MAX_TEXT_BYTES {
        return Err(Failure::message(format!(
            "{what} has {} bytes; at most {} are read",
            text.len(),
            crate::MAX_TEXT_BYTES
        )));
    }
    Ok(())
}

fn keyword<T: Copy>(what: &str, given: Option<&str>, table: &[(&str, T)]) -> Result<T, Failure> {
    let Some(word) = given else {
        return Ok(table[0].1);
    };
    table.iter().find(|(n, _)| *n == word).map(|(_, v)| *v).ok_or_else(|| {
        let names: Vec<String> = table.iter().map(|(n, _)| format!("`{n}`")).collect();
        Failure::message(format!("{what} is one of {}, not `{}`", names.join(", "), shown(word)))
    })
}

pub fn parse_colour(given: Option<&str>) -> Result<Colour, Failure> {
    keyword(
        "the colour",
        given,
        &[("black", Colour::Black), ("white", Colour::White)],
    )
}

pub fn parse_labels(given: Option<&str>) -> Result<Labels, Failure> {
    keyword(
        "the labels",
        given,
        &[("names", Labels::Names), ("codes", Labels::Codes)],
    )
}

pub fn parse_convention(given: Option<&str>) -> Result<Convention, Failure> {
    keyword(
        "the perft convention",
        given,
        &[
            ("paths", Convention::Paths),
            ("effects", Convention::Effects),
            ("shogiops", Convention::Shogiops),
            ("fsf", Convention::Fsf),
        ],
    )
}

/// A notation the variant can be written in.
pub fn parse_notation(given: Option<&str>, rules: &Ruleset) -> Result<Notation, Failure> {
    let n = keyword(
        "the notation",
        given,
        &[("native", Notation::Native), ("usi", Notation::Usi)],
    )?;
    n.check(rules)
        .map_err(|e| Failure::message(e.replace("--notation", "notation")))?;
    Ok(n)
}

pub fn has_usi(rules: &Ruleset) -> bool {
    Notation::Usi.check(rules).is_ok()
}

pub fn square(geo: &Geometry, name: &str) -> Result<Square, Failure> {
    geo.parse_square(name).ok_or_else(|| {
        Failure::message(format!(
            "`{}` is not a square of this {}x{} board",
            shown(name),
            geo.width,
            geo.height
        ))
    })
}

pub fn type_id(i: usize) -> TypeId {
    TypeId::try_from(i).unwrap_or(TypeId::MAX)
}

/// `{result, winner, reason, text}`: `result` is `1-0` when the first
/// player (Black) wins, `0-1`, `1/2-1/2`; null while the game goes on.
pub fn outcome_json(pos: &Position) -> Value {
    let rules = pos.rules();
    match pos.result() {
        None => Value::Null,
        Some(o) => json!({
            "result": match o.black {
                Result3::Win => "1-0",
                Result3::Loss => "0-1",
                Result3::Draw => "1/2-1/2",
            },
            "winner": o.winner().map(|c| c.to_string()),
            "reason": reason_text(rules, o.reason),
            "text": outcome_text(rules, &o),
        }),
    }
}

/// The board and hands as `gunbai show --format json` gives them.
pub fn pieces_json(pos: &Position) -> Value {
    gunbai::render::json::position(pos)
}

/// The moves of `line` from `pos`, each written where it is played, in
/// native text and USI (`pos` is given back as it was).
fn line_texts(pos: &mut Position, line: &[Move]) -> (Vec<String>, Vec<Option<String>>) {
    let mut native = Vec::with_capacity(line.len());
    let mut usi = Vec::with_capacity(line.len());
    let mut undos = Vec::with_capacity(line.len());
    for m in line {
        native.push(write_move(pos, m, Notation::Native));
        usi.push(gunbai::notation::usi_move(pos, m));
        undos.push(pos.play_unchecked(m));
    }
    for u in undos.iter().rev() {
        pos.unplay(u);
    }
    (native, usi)
}

/// A search's answer: the move to play and every iteration's report.
pub fn search_json(pos: &mut Position, best: Option<Move>, iterations: &[SearchReport]) -> Value {
    let its: Vec<Value> = iterations
        .iter()
        .map(|r| {
            let (pv, pv_usi) = line_texts(pos, &r.pv);
            // Mate scores as plies to mate, from the side to move: positive
            // when it mates.
            let mate = (r.score.abs() > MATE - MAX_PLY as i32).then(|| {
                let plies = MATE - r.score.abs();
                if r.score > 0 { plies } else { -plies }
            });
            json!({
                "depth": r.depth,
                "score": r.score,
                "mate": mate,
                "nodes": r.nodes,
                "timeMs": r.elapsed.as_secs_f64() * 1000.0,
                "pv": pv,
                "pvUsi": pv_usi,
                "complete": r.complete,
            })
        })
        .collect();
    let (best_text, best_usi) = match best {
        Some(m) => (
            Some(write_move(pos, &m, Notation::Native)),
            gunbai::notation::usi_move(pos, &m),
        ),
        None => (None, None),
    };
    json!({"best": best_text, "bestUsi": best_usi, "iterations": its})
}
