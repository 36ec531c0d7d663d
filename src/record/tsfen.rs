//! TSFEN as a record format: a position and nothing else
//! (docs/records.md#tsfen). Read in either dialect (as `--tsfen` reads it,
//! src/position/tsfen.rs), it is a record of no moves starting there;
//! written, it is the record's start, in the dialect it was read in, else
//! `tsg`, else `jh85` (whichever the rule file has codes for).

use super::{Record, Start, error_help, lines};
use crate::diagnostics::{Report, Source};
use crate::position::{Position, TsfenDialect};
use crate::ruleset::Ruleset;
use std::sync::Arc;

/// The header keeping the dialect a TSFEN was read in.
const DIALECT: &str = "TSFEN dialect";
/// The header keeping its move counter.
const COUNTER: &str = "TSFEN counter";

/// The one non-empty line of the text, and where it starts.
fn only_line(text: &str) -> Option<(usize, &str)> {
    let mut found = lines(text).filter(|(_, l)| !l.trim().is_empty());
    let (at, l) = found.next()?;
    if found.next().is_some() {
        return None;
    }
    let lead = l.len() - l.trim_start().len();
    Some((at + lead, l.trim()))
}

/// Whether text looks like a TSFEN: one line of ranks separated by `/`,
/// with at most three fields.
pub fn sniff(text: &str) -> bool {
    only_line(text).is_some_and(|(_, l)| {
        l.contains('/')
            && l.split_whitespace().count() <= 3
            && !l.contains(['[', ']', '"', ':', '|'])
            && l.chars().all(|c| c.is_ascii_graphic() || c == ' ')
    })
}

/// The one candidate (a rule file with a `[tsfen]` table) the text reads
/// as a position of.
pub fn variant_of(text: &str, candidates: &[Arc<Ruleset>]) -> Option<String> {
    let (_, l) = only_line(text)?;
    let fit: Vec<&Arc<Ruleset>> = candidates
        .iter()
        .filter(|r| Position::from_tsfen((*r).clone(), l).is_ok())
        .collect();
    match fit.as_slice() {
        [one] => Some(one.id.clone()),
        _ => None,
    }
}

/// Reads the TSFEN as a record of no moves.
pub fn read(text: &str, name: &str, rules: &Arc<Ruleset>) -> Result<Record, Report> {
    let Some((at, line)) = only_line(text) else {
        return Err(error_help(
            name,
            text,
            0..text.len().min(1),
            "a TSFEN record is one line",
            "put the position alone in the file",
        ));
    };
    let (pos, info) = Position::from_tsfen(rules.clone(), line).map_err(|mut r| {
        for d in &mut r.diagnostics {
            d.span = d.span.start.saturating_add(at)..d.span.end.saturating_add(at);
        }
        r.source = Source::new(name, text);
        r
    })?;
    Ok(Record {
        variant: rules.id.clone(),
        start: Some(Start::of(&pos)),
        headers: vec![
            (DIALECT.into(), info.dialect.name().into()),
            (COUNTER.into(), info.counter.to_string()),
        ],
        ..Record::default()
    })
}

/// Writes the record's start as TSFEN (its moves are not written).
pub fn write(record: &Record, rules: &Arc<Ruleset>) -> Result<String, String> {
    let header = |k: &str| record.headers.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    let dialect = header(DIALECT)
        .and_then(TsfenDialect::parse)
        .filter(|d| d.codes(rules).is_some())
        .or_else(|| {
            [TsfenDialect::Tsg, TsfenDialect::Jh85]
                .into_iter()
                .find(|d| d.codes(rules).is_some())
        })
        .ok_or_else(|| format!("variant `{}` has no TSFEN codes ([tsfen] in its rule file)", rules.id))?;
    let pos = record.start_position(rules);
    let counter: u32 = header(COUNTER).and_then(|c| c.parse().ok()).unwrap_or(match dialect {
        TsfenDialect::Tsg => 0,
        TsfenDialect::Jh85 => 1,
    });
    // Back to plies, as `to_tsfen` takes them.
    let plies = match dialect {
        TsfenDialect::Tsg => counter,
        TsfenDialect::Jh85 => crate::position::TsfenInfo { dialect, counter }.plies(pos.side_to_move()),
    };
    let text = pos.to_tsfen(dialect, plies).ok_or("TSFEN cannot hold pieces in hand")?;
    Ok(format!("{text}\n"))
}
