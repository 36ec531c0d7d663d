//! TSFEN, the Taikyoku community's position text, in its two dialects
//! (docs/notation.md#tsfen). The piece codes of each dialect are data: the
//! rule file's `[tsfen]` table (`Ruleset::tsfen`).
//!
//! - `tsg` (taikyoku-shogi.github.io, `src/lib/tsfen.ts`): two fields,
//!   board and move counter (plies played; even: sente moves). Ranks from
//!   the top, `/`-separated; cells `,`-separated, each a run of empty
//!   squares (a number) or a code with an optional run length (`p36`);
//!   lower case is sente (gunbai's Black).
//! - `jh85` (jh85/taikyokushogi, `tsfen.py`): board, side (`b`/`w`) and
//!   move number; ranks as in FEN, a code of one letter bare and a longer
//!   one in parentheses (`(CP)`); upper case is Black.
//!
//! Neither dialect marks promotion: a promoted piece is written by the code
//! of the kind it became, and read back as that kind unpromoted (as both
//! programs do). Neither records the last move or the kill history.

use super::{LastMove, Position, cell, text::split_fields};
use crate::board::Colour;
use crate::diagnostics::{Diagnostic, Report, Source};
use crate::ruleset::Ruleset;
use std::ops::Range;
use std::sync::Arc;

/// The longest TSFEN read, in bytes: a 36x36 board in either dialect is
/// under 10 KiB, so anything longer is not a position.
pub const MAX_TSFEN_LEN: usize = 64 * 1024;

/// The TSFEN dialects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TsfenDialect {
    /// taikyoku-shogi.github.io.
    Tsg,
    /// jh85/taikyokushogi.
    Jh85,
}

impl TsfenDialect {
    /// The dialect's name as the command line and the rule file spell it.
    pub fn name(self) -> &'static str {
        match self {
            TsfenDialect::Tsg => "tsg",
            TsfenDialect::Jh85 => "jh85",
        }
    }
    /// Reads a dialect name.
    pub fn parse(name: &str) -> Option<TsfenDialect> {
        match name {
            "tsg" => Some(TsfenDialect::Tsg),
            "jh85" => Some(TsfenDialect::Jh85),
            _ => None,
        }
    }
    /// The dialect's codes (by kind) in `rules`, if the rule file has them.
    pub fn codes(self, rules: &Ruleset) -> Option<&[String]> {
        match self {
            TsfenDialect::Tsg => rules.tsfen.tsg.as_deref(),
            TsfenDialect::Jh85 => rules.tsfen.jh85.as_deref(),
        }
    }
}

fn err(text: &str, span: Range<usize>, msg: impl Into<String>) -> Report {
    Report {
        source: Source::new("tsfen", text),
        diagnostics: vec![Diagnostic::error(span, msg)],
    }
}

/// What a TSFEN said besides the board: its dialect and its move counter
/// (tsg: plies played; jh85: the move number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TsfenInfo {
    pub dialect: TsfenDialect,
    pub counter: u32,
}

impl TsfenInfo {
    /// Plies played since the game's start by the counter: tsg's counter
    /// itself, jh85's two a move number (and one more with White to move).
    pub fn plies(&self, side: Colour) -> u32 {
        match self.dialect {
            TsfenDialect::Tsg => self.counter,
            TsfenDialect::Jh85 => self
                .counter
                .saturating_sub(1)
                .saturating_mul(2)
                .saturating_add(u32::from(side == Colour::White)),
        }
    }
}

impl Position {
    /// Reads a TSFEN, unjudged ([`Position::from_tsfen`] judges it). The
    /// dialect is told by the number of fields: two (board and counter) is
    /// `tsg`, one or three (board, side, move number) is `jh85`.
    pub(crate) fn read_tsfen(rules: Arc<Ruleset>, text: &str) -> Result<(Position, TsfenInfo), Report> {
        if text.len() > MAX_TSFEN_LEN {
            return Err(err(
                "",
                0..0,
                format!("the TSFEN is {} bytes; the limit is {MAX_TSFEN_LEN}", text.len()),
            ));
        }
        let fields = split_fields(text);
        let dialect = match fields.len() {
            0 => return Err(err(text, 0..1, "empty TSFEN")),
            2 => TsfenDialect::Tsg,
            1 | 3 => TsfenDialect::Jh85,
            _ => {
                let (s, f) = fields[3];
                return Err(err(
                    text,
                    s..s + f.len(),
                    "a TSFEN has 2 fields (taikyoku-shogi.github.io: board, move counter) or up to 3 (jh85: board, side, move number)",
                ));
            }
        };
        let Some(codes) = dialect.codes(&rules) else {
            return Err(err(
                text,
                0..text.len(),
                format!(
                    "variant `{}` has no TSFEN in the {} dialect ({} fields): its rule file has no [tsfen] `{}`",
                    rules.id,
                    dialect.name(),
                    fields.len(),
                    dialect.name()
                ),
            ));
        };
        let (board_at, board) = fields[0];
        let geo = &rules.geometry;
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != geo.height as usize {
            return Err(err(
                text,
                board_at..board_at + board.len(),
                format!("expected {} ranks, found {}", geo.height, rows.len()),
            ));
        }
        let mut cells = vec![0; geo.len()];
        let mut offset = board_at;
        for (ri, row) in rows.iter().enumerate() {
            let y = geo.height as i32 - 1 - ri as i32;
            let tokens = match dialect {
                TsfenDialect::Tsg => tsg_tokens(row),
                TsfenDialect::Jh85 => jh85_tokens(row),
            }
            .map_err(|(r, msg)| err(text, offset + r.start..offset + r.end, msg))?;
            let mut x: i32 = 0;
            for Token { at, code, run } in tokens {
                let span = offset + at.start..offset + at.end;
                let Some(code) = code else {
                    x = x.saturating_add(run);
                    continue;
                };
                // Colour by the case of the first letter (after a `+`).
                let lower = code
                    .trim_start_matches('+')
                    .starts_with(|c: char| c.is_ascii_lowercase());
                let colour = match (dialect, lower) {
                    (TsfenDialect::Tsg, true) | (TsfenDialect::Jh85, false) => Colour::Black,
                    _ => Colour::White,
                };
                let upper = code.to_ascii_uppercase();
                let Some(kind) = codes.iter().position(|c| *c == upper) else {
                    return Err(err(
                        text,
                        span,
                        format!("unknown {} TSFEN piece `{code}`", dialect.name()),
                    ));
                };
                let c = cell(colour, rules.unpromoted_type(kind));
                for _ in 0..run {
                    let Some(sq) = geo.square(x, y) else {
                        return Err(err(
                            text,
                            span,
                            format!("rank is too long: a rank has {} squares", geo.width),
                        ));
                    };
                    cells[usize::from(sq)] = c;
                    x += 1;
                }
            }
            if x != geo.width as i32 {
                return Err(err(
                    text,
                    offset..offset + row.len().max(1),
                    format!("rank has {x} squares, expected {}", geo.width),
                ));
            }
            offset += row.len() + 1;
        }
        let number = |(s, n): (usize, &str)| {
            n.parse::<u32>().map_err(|_| {
                err(
                    text,
                    s..s + n.len(),
                    "the move counter must be a number (0 to 4294967295)",
                )
            })
        };
        let (side, counter) = match dialect {
            TsfenDialect::Tsg => {
                let n = number(fields[1])?;
                (
                    if n.is_multiple_of(2) {
                        Colour::Black
                    } else {
                        Colour::White
                    },
                    n,
                )
            }
            TsfenDialect::Jh85 => {
                let side = match fields.get(1) {
                    None | Some((_, "b")) => Colour::Black,
                    Some((_, "w")) => Colour::White,
                    Some(&(s, o)) => return Err(err(text, s..s + o.len(), "side to move must be `b` or `w`")),
                };
                (side, fields.get(2).map(|&f| number(f)).transpose()?.unwrap_or(1))
            }
        };
        let pos = Position::from_parts(rules, cells, side, LastMove::default(), Vec::new());
        Ok((pos, TsfenInfo { dialect, counter }))
    }

    /// Writes the position as TSFEN in `dialect`, if the rule file has it
    /// and the position has no pieces in hand. `plies`: moves played since
    /// the game's start (tsg's counter, made to agree with the side to
    /// move; jh85's move number is `plies / 2 + 1`).
    pub fn to_tsfen(&self, dialect: TsfenDialect, plies: u32) -> Option<String> {
        let codes = dialect.codes(&self.rules)?;
        if self.hands.iter().flatten().any(|&n| n > 0) {
            return None;
        }
        let geo = &self.rules.geometry;
        let mut rows = Vec::with_capacity(geo.height as usize);
        for y in (0..geo.height as i32).rev() {
            // (code as written, run length); an empty code is empty squares.
            let mut runs: Vec<(String, u32)> = Vec::new();
            for x in 0..geo.width as i32 {
                let piece = geo.square(x, y).and_then(|sq| self.piece_at(sq));
                let written = match piece {
                    None => String::new(),
                    Some((colour, ty)) => {
                        let code = &codes[self.rules.types[usize::from(ty)].kind];
                        let lower = match dialect {
                            TsfenDialect::Tsg => colour == Colour::Black,
                            TsfenDialect::Jh85 => colour == Colour::White,
                        };
                        if lower { code.to_ascii_lowercase() } else { code.clone() }
                    }
                };
                match runs.last_mut() {
                    // jh85 has run lengths for empty squares only.
                    Some((c, n)) if *c == written && (written.is_empty() || dialect == TsfenDialect::Tsg) => *n += 1,
                    _ => runs.push((written, 1)),
                }
            }
            let row = match dialect {
                TsfenDialect::Tsg => runs
                    .iter()
                    .map(|(c, n)| match (c.is_empty(), *n) {
                        (true, n) => n.to_string(),
                        (false, 1) => c.clone(),
                        (false, n) => format!("{c}{n}"),
                    })
                    .collect::<Vec<_>>()
                    .join(","),
                TsfenDialect::Jh85 => runs
                    .iter()
                    .map(|(c, n)| {
                        if c.is_empty() {
                            n.to_string()
                        } else if c.len() == 1 {
                            c.clone()
                        } else {
                            format!("({c})")
                        }
                    })
                    .collect(),
            };
            rows.push(row);
        }
        let board = rows.join("/");
        Some(match dialect {
            TsfenDialect::Tsg => {
                let black = self.side == Colour::Black;
                let counter = if plies.is_multiple_of(2) == black {
                    plies
                } else {
                    plies.saturating_add(1)
                };
                format!("{board} {counter}")
            }
            TsfenDialect::Jh85 => format!("{board} {} {}", self.side.letter(), plies / 2 + 1),
        })
    }
}

/// One token of a rank: a piece code (as written) or empty squares
/// (`None`), repeated `run` times, at byte range `at` of the rank.
struct Token<'a> {
    at: Range<usize>,
    code: Option<&'a str>,
    run: i32,
}

/// A run length as written; one too long for any rank saturates, and the
/// rank is then reported too long.
fn run_length(digits: &str) -> i32 {
    digits.parse::<i32>().unwrap_or(i32::MAX)
}

/// taikyoku-shogi.github.io: `,`-separated cells, each all digits or
/// letters of one case followed by optional digits.
fn tsg_tokens(row: &str) -> Result<Vec<Token<'_>>, (Range<usize>, String)> {
    let mut out = Vec::new();
    let mut start = 0;
    for cell in row.split(',') {
        let at = start..start + cell.len().max(1);
        start += cell.len() + 1;
        let letters = cell.len() - cell.trim_start_matches(|c: char| c.is_ascii_alphabetic()).len();
        let (code, digits) = cell.split_at(letters);
        let one_case = code.chars().all(|c| c.is_ascii_lowercase()) || code.chars().all(|c| c.is_ascii_uppercase());
        if !digits.bytes().all(|b| b.is_ascii_digit()) || !one_case || cell.is_empty() {
            return Err((
                at,
                format!(
                    "`{cell}` is not a TSFEN cell: expected a number of empty squares or a piece code with an optional count, like `p36`"
                ),
            ));
        }
        if code.is_empty() {
            out.push(Token {
                at,
                code: None,
                run: run_length(digits),
            });
        } else {
            let run = if digits.is_empty() { 1 } else { run_length(digits) };
            out.push(Token {
                at,
                code: Some(code),
                run,
            });
        }
    }
    Ok(out)
}

/// jh85: FEN-like; digits are empty squares, a letter is a piece, and
/// `(CODE)` is a piece of a longer code.
fn jh85_tokens(row: &str) -> Result<Vec<Token<'_>>, (Range<usize>, String)> {
    let mut out = Vec::new();
    let b = row.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if b[i].is_ascii_digit() {
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push(Token {
                at: start..i,
                code: None,
                run: run_length(&row[start..i]),
            });
        } else if b[i] == b'(' {
            let Some(len) = row[i..].find(')') else {
                return Err((start..row.len(), "`(` without its `)`".into()));
            };
            i += len + 1;
            out.push(Token {
                at: start..i,
                code: Some(&row[start + 1..i - 1]),
                run: 1,
            });
        } else if b[i].is_ascii_alphabetic() {
            i += 1;
            out.push(Token {
                at: start..i,
                code: Some(&row[start..i]),
                run: 1,
            });
        } else {
            let ch = row[i..].chars().next().unwrap_or('?');
            return Err((
                start..start + ch.len_utf8(),
                format!("unexpected `{ch}`: expected a digit, a letter or `(`"),
            ));
        }
    }
    Ok(out)
}
