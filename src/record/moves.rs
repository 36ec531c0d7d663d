//! A move list: the plainest record, one move per line in any notation
//! gunbai reads (native, USI, Western, Japanese; docs/notation.md), and
//! written in the one [`Notation`] asked for (`gunbai convert --to moves
//! --notation western`).
//!
//! Read: `#` lines are comments; a line `start: TEXT` before the first
//! move gives the start as native position text; a line of ASCII text may
//! hold several moves separated by spaces (a Japanese move has spaces of
//! its own, `同　歩`, so a line with other characters is one move).

use super::{Reading, Record, Start, error, error_help, lines};
use crate::diagnostics::Report;
use crate::movegen::{Move, legal_moves};
use crate::notation::{Notation, parse_move, write_move};
use crate::position::Position;
use crate::ruleset::Ruleset;
use std::sync::Arc;

/// The line that gives another start than the variant's setup.
const START: &str = "start:";

/// Never guessed from text: a move list is named by `--from moves` or its
/// `.moves` extension.
pub fn sniff(_text: &str) -> bool {
    false
}

/// A move list does not say its variant.
pub fn variant_of(_text: &str, _candidates: &[Arc<Ruleset>]) -> Option<String> {
    None
}

pub fn read(text: &str, name: &str, rules: &Arc<Ruleset>) -> Result<Record, Report> {
    let mut record = Record {
        variant: rules.id.clone(),
        ..Record::default()
    };
    let mut reading = Reading {
        name,
        text,
        pos: Position::start(rules.clone()),
        moves: Vec::new(),
    };
    let mut legal = Vec::new();
    for (at, line) in lines(text) {
        let trimmed = line.trim();
        let lead = line.len() - line.trim_start().len();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(c) = trimmed.strip_prefix('#') {
            record.comments.push((reading.moves.len(), c.trim().to_string()));
            continue;
        }
        if let Some(start) = trimmed.strip_prefix(START) {
            let span = at + lead..at + line.len();
            if !reading.moves.is_empty() || record.start.is_some() {
                return Err(error(name, text, span, "`start:` comes before the first move, once"));
            }
            let pos = Position::read_text(rules.clone(), start.trim()).map_err(|r| {
                let why = r.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default();
                error_help(
                    name,
                    text,
                    span.clone(),
                    format!("the start is not a position of `{}`: {why}", rules.id),
                    "write it as `gunbai show` prints its `position:` line",
                )
            })?;
            record.start = Some(Start::of(&pos));
            reading.pos = pos;
            continue;
        }
        let tokens: Vec<(usize, &str)> = if trimmed.is_ascii() {
            let base = line.as_ptr() as usize;
            trimmed
                .split_ascii_whitespace()
                .map(|t| (at + (t.as_ptr() as usize - base), t))
                .collect()
        } else {
            vec![(at + lead, trimmed)]
        };
        for (start, t) in tokens {
            let span = start..start + t.len();
            let n = reading.moves.len() + 1;
            legal_moves(&reading.pos, &mut legal).map_err(|e| reading.illegal(span.clone(), n, t, &e.to_string()))?;
            let m = parse_move(&reading.pos, t).map_err(|r| {
                let why = if legal.is_empty() {
                    super::not_legal_reason(&reading.pos)
                } else {
                    r.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default()
                };
                reading.illegal(span.clone(), n, t, &why)
            })?;
            reading.push(m, span)?;
        }
    }
    record.moves = reading.moves;
    Ok(record)
}

/// [`write_in`] in native text.
pub fn write(record: &Record, rules: &Arc<Ruleset>) -> Result<String, String> {
    write_in(record, rules, Notation::Native)
}

/// The record's moves, one a line, in `notation`, after a `start:` line
/// when it starts from another position than the setup (a KIF's diagram
/// of the setup is the setup).
pub fn write_in(record: &Record, rules: &Arc<Ruleset>, notation: Notation) -> Result<String, String> {
    notation.check(rules)?;
    let mut pos = record.start_position(rules);
    let mut out = String::new();
    let setup = Start::of(&Position::start(rules.clone()));
    if record.start.as_ref().is_some_and(|s| *s != setup) {
        out.push_str(&format!("{START} {}\n", pos.to_text()));
    }
    let mut legal: Vec<Move> = Vec::new();
    for (i, m) in record.moves.iter().enumerate() {
        legal_moves(&pos, &mut legal).map_err(|e| e.to_string())?;
        if !legal.contains(m) {
            return Err(format!("move {} is not legal where it is played", i + 1));
        }
        out.push_str(&write_move(&pos, m, notation));
        out.push('\n');
        pos.play_unchecked(m);
    }
    Ok(out)
}
