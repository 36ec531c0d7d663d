//! Type translation: keywords from JavaScript to gunbai's enums, and
//! gunbai's errors, diagnostics and search reports to JSON.

use gunbai::unstable::diagnostics::hides_text;
use gunbai::unstable::render::svg::Labels;
use gunbai::{
    Colour, Convention, Diagnostic, Error, LineReport, MateReport, Move, Notation, Position, Score, SearchReport,
    Severity, Variant,
};
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

    /// `what`, then where the first error is and what it says; every
    /// diagnostic kept.
    pub fn of(what: &str, e: &Error) -> Failure {
        let ds = e.diagnostics();
        let first = ds.iter().find(|d| d.severity == Severity::Error).or(ds.first());
        let message = match first {
            Some(d) => format!("{what}: {}:{}:{}: {}", d.origin, d.line, d.column, d.message),
            None => format!("{what}: {}", too_many_text(e.message())),
        };
        Failure {
            message,
            diagnostics: diagnostics_json(ds),
        }
    }

    /// An error whose message stands alone (no "what" before it).
    pub fn plain(e: &Error) -> Failure {
        Failure {
            message: too_many_text(e.message()),
            diagnostics: diagnostics_json(e.diagnostics()),
        }
    }
}

impl From<Failure> for String {
    fn from(f: Failure) -> String {
        json!({"message": f.message, "diagnostics": f.diagnostics}).to_string()
    }
}

/// The move budget's message names the JavaScript call that raises it.
fn too_many_text(message: &str) -> String {
    message.replace("`gunbai --move-budget N`", "`setMoveBudget(n)`")
}

/// Every diagnostic: `{file, severity, line, column, endLine, endColumn,
/// message, hint}` (lines and columns from 1; `hint` may be null).
pub fn diagnostics_json(ds: &[Diagnostic]) -> Vec<Value> {
    ds.iter()
        .map(|d| {
            json!({
                "file": d.origin,
                "severity": match d.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                },
                "line": d.line,
                "column": d.column,
                "endLine": d.end_line,
                "endColumn": d.end_column,
                "message": d.message,
                "hint": d.hint,
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
pub fn parse_notation(given: Option<&str>, variant: &Variant) -> Result<Notation, Failure> {
    let names = Notation::ALL.map(|n| (n.name(), n));
    let n = keyword("the notation", given, &names)?;
    n.check(variant.unstable_rules())
        .map_err(|e| Failure::message(e.replace("--notation", "notation")))?;
    Ok(n)
}

/// A move's text in `notation`, which the caller has checked the variant
/// has.
pub fn text(pos: &Position, m: &Move, notation: Notation) -> String {
    pos.move_text(m, notation).unwrap_or_default()
}

/// A move in USI, or None for a variant without it.
pub fn usi(pos: &Position, m: &Move) -> Option<String> {
    pos.move_text(m, Notation::Usi).ok()
}

/// The moves of `line` from `pos`, each written where it is played, in
/// native text and USI.
fn line_texts(pos: &Position, line: &[Move]) -> (Vec<String>, Vec<Option<String>>) {
    let mut p = pos.clone();
    let mut native = Vec::with_capacity(line.len());
    let mut usis = Vec::with_capacity(line.len());
    for m in line {
        native.push(text(&p, m, Notation::Native));
        usis.push(usi(&p, m));
        if p.play(m).is_err() {
            break;
        }
    }
    (native, usis)
}

/// A mate search's answer, the line written from `pos` (the search's
/// start), where an attacker set up without a royal plays on as in the
/// search.
pub fn mate_json(pos: &Position, r: &MateReport) -> Value {
    let mut from = pos.clone();
    from.spare_royalless();
    let (line, line_usi) = line_texts(&from, &r.line);
    json!({
        "result": r.verdict.as_str(),
        "plies": r.plies,
        "line": line,
        "lineUsi": line_usi,
        "shortest": r.shortest,
        "nodes": r.nodes,
        "timeMs": r.elapsed.as_secs_f64() * 1000.0,
        "start": r.start,
    })
}

/// What `check_line` found: each move in native text and USI, written in
/// the position it is played from.
pub fn line_json(r: &LineReport) -> Value {
    let mut p = r.start.clone();
    let mut defences = Vec::with_capacity(r.defences.len());
    let mut next = r.defences.iter().peekable();
    let (mut line, mut line_usi) = (Vec::new(), Vec::new());
    let texts = |p: &Position, ms: &[Move]| -> (Vec<String>, Vec<Option<String>>) {
        ms.iter().map(|m| (text(p, m, Notation::Native), usi(p, m))).unzip()
    };
    for m in &r.line {
        if let Some(d) = next.next_if(|d| d.ply as usize == line.len() + 1) {
            let (escapes, escapes_usi) = texts(&p, &d.escapes);
            let (undecided, undecided_usi) = texts(&p, &d.undecided);
            defences.push(json!({
                "ply": d.ply,
                "move": text(&p, &d.played, Notation::Native),
                "moveUsi": usi(&p, &d.played),
                "left": d.left,
                "alternatives": d.alternatives,
                "mated": d.mated,
                "longest": d.longest.map(|(m, plies, shortest)| json!({
                    "move": text(&p, &m, Notation::Native),
                    "moveUsi": usi(&p, &m),
                    "plies": plies,
                    "shortest": shortest,
                })),
                "stronger": d.stronger,
                "escapes": escapes,
                "escapesUsi": escapes_usi,
                "undecided": undecided,
                "undecidedUsi": undecided_usi,
                "unchecked": d.unchecked,
            }));
        }
        line.push(text(&p, m, Notation::Native));
        line_usi.push(usi(&p, m));
        if p.play(m).is_err() {
            break;
        }
    }
    json!({
        "result": r.verdict.as_str(),
        "claimed": r.claimed,
        "plies": r.line.len(),
        "walked": r.walked,
        "at": r.at,
        "endsInMate": r.ends_in_mate,
        "line": line,
        "lineUsi": line_usi,
        "defences": defences,
        "nodes": r.nodes,
        "timeMs": r.elapsed.as_secs_f64() * 1000.0,
    })
}

/// A search's answer: the move to play, the nodes of the whole call and
/// every iteration's report.
pub fn search_json(pos: &Position, last: Option<&SearchReport>, iterations: &[SearchReport]) -> Value {
    let its: Vec<Value> = iterations
        .iter()
        .map(|r| {
            let (pv, pv_usi) = line_texts(pos, &r.pv);
            let (score, mate) = match r.score {
                Score::Value(v) => (v, None),
                // As the search scores it: a mate in n plies is worth
                // 1,000,000 - n to the side that mates.
                Score::Mate(n) => (if n > 0 { 1_000_000 - n } else { -1_000_000 - n }, Some(n)),
            };
            json!({
                "depth": r.depth,
                "score": score,
                "mate": mate,
                "nodes": r.nodes,
                "timeMs": r.elapsed.as_secs_f64() * 1000.0,
                "pv": pv,
                "pvUsi": pv_usi,
                "complete": r.complete,
            })
        })
        .collect();
    let best = last.and_then(|r| r.pv.first());
    json!({
        "best": best.map(|m| text(pos, m, Notation::Native)),
        "bestUsi": best.and_then(|m| usi(pos, m)),
        "nodes": last.map_or(0, |r| r.nodes),
        "iterations": its,
    })
}
