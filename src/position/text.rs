//! The native position text: `<board> <side> <last>`.
//!
//! * board: ranks from the top down separated by `/`, squares separated by
//!   `,`; a number is a run of empty squares; codes upper case for Black,
//!   lower case for White, `+` before the original code of a promoted piece.
//! * side: `b` or `w`.
//! * last (optional, default `-`): what the previous move did, for rules
//!   that depend on it: `-`, or `MOVER-TO` followed by `xCODE@SQUARE` for
//!   each captured piece, e.g. `+KN-f7xLN@f7` ... `MOVER`/`TO` may be `?`.

use super::{Hands, LastMove, Position, cell};
use crate::board::{Colour, Square};
use crate::compile::{BoardToken, parse_board, parse_hand};
use crate::diagnostics::{Diagnostic, Report, Source};
use crate::ruleset::{Ruleset, TypeId};
use std::sync::Arc;

/// A position text that could not be read.
pub type PositionError = Report;

fn error(text: &str, what: &str, span: std::ops::Range<usize>, msg: String) -> PositionError {
    Report {
        source: Source::new(what, text),
        diagnostics: vec![Diagnostic::error(span, msg)],
    }
}

impl Position {
    /// Reads a position in the native text format, unjudged
    /// ([`Position::from_text`] judges it).
    pub(crate) fn read_text(rules: Arc<Ruleset>, text: &str) -> Result<Position, PositionError> {
        let what = "position";
        let fields: Vec<(usize, &str)> = split_fields(text);
        let Some(&(board_start, board_field)) = fields.first() else {
            return Err(error(text, what, 0..1, "empty position".into()));
        };
        // Pieces in hand follow the board in brackets: `...[2P,s]`.
        let (board, hands) = match board_field.split_once('[') {
            Some((b, h)) => {
                let at = board_start + b.len() + 1;
                let Some(h) = h.strip_suffix(']') else {
                    return Err(error(
                        text,
                        what,
                        at - 1..board_start + board_field.len(),
                        "`[` of the hands needs a closing `]`".into(),
                    ));
                };
                let hands =
                    parse_hands(&rules, h).map_err(|(r, msg)| error(text, what, at + r.start..at + r.end, msg))?;
                (b, hands)
            }
            None => (board_field, [Vec::new(), Vec::new()]),
        };
        let lookup = |code: &str| rules.type_by_code(code);
        let codes = || rules.types.iter().map(|t| t.code.clone()).collect::<Vec<_>>();
        let parsed = parse_board(board, &rules.geometry, &lookup, &codes);
        if parsed.is_err()
            && let Some(msg) = sfen_hint(&rules, text, board)
        {
            return Err(error(text, what, board_start..board_start + board.len(), msg));
        }
        let tokens = parsed.map_err(|errs| Report {
            source: Source::new(what, text),
            diagnostics: errs
                .into_iter()
                .map(|mut d| {
                    d.span = board_start + d.span.start..board_start + d.span.end;
                    d
                })
                .collect(),
        })?;
        let side = match fields.get(1) {
            None => rules.first,
            Some((_, "b")) => Colour::Black,
            Some((_, "w")) => Colour::White,
            Some((s, other)) => {
                return Err(error(
                    text,
                    what,
                    *s..*s + other.len(),
                    format!("side to move must be `b` or `w`, not `{other}`"),
                ));
            }
        };
        let (last, last_kills) = match fields.get(2) {
            None | Some((_, "-")) => (LastMove::default(), Vec::new()),
            Some((s, field)) => {
                parse_last(&rules, field).map_err(|(span, msg)| error(text, what, s + span.start..s + span.end, msg))?
            }
        };
        let mut killed = [[0u64; 4]; 2];
        if let Some(&(s, field)) = fields.get(3) {
            killed = parse_killed(&rules, field)
                .map_err(|(span, msg)| error(text, what, s + span.start..s + span.end, msg))?;
        }
        if let Some((s, extra)) = fields.get(4) {
            return Err(error(
                text,
                what,
                *s..*s + extra.len(),
                "unexpected text after the position".into(),
            ));
        }
        let cells = tokens
            .iter()
            .map(|t| match t {
                BoardToken::Empty => 0,
                BoardToken::Piece(c, ty) => cell(*c, *ty),
            })
            .collect();
        let mut pos = Position::from_parts(rules, cells, side, last, last_kills).with_hands(&hands);
        pos.killed = killed;
        Ok(pos)
    }

    /// Writes the position in the native text format, which
    /// [`Position::from_text`] reads back to the same position.
    pub fn to_text(&self) -> String {
        let geo = &self.rules.geometry;
        let mut ranks = Vec::new();
        for y in (0..geo.height as i32).rev() {
            let mut items: Vec<String> = Vec::new();
            let mut empty = 0;
            for x in 0..geo.width as i32 {
                let sq = geo.square(x, y).unwrap_or(0);
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some((col, ty)) => {
                        if empty > 0 {
                            items.push(empty.to_string());
                            empty = 0;
                        }
                        let code = &self.rules.types[usize::from(ty)].code;
                        items.push(if col == Colour::Black {
                            code.clone()
                        } else {
                            code.to_ascii_lowercase()
                        });
                    }
                }
            }
            if empty > 0 {
                items.push(empty.to_string());
            }
            ranks.push(items.join(","));
        }
        let kills = self.killed_text();
        let tail = if kills.is_empty() {
            String::new()
        } else {
            format!(" {kills}")
        };
        format!(
            "{}{} {} {}{tail}",
            ranks.join("/"),
            self.hands_text(),
            self.side.letter(),
            self.last_text()
        )
    }

    /// The hands as `[2P,s]` (Black's upper case, then White's), empty
    /// when no piece is in hand.
    fn hands_text(&self) -> String {
        let Some(drops) = &self.rules.drops else {
            return String::new();
        };
        let mut items = Vec::new();
        for colour in Colour::BOTH {
            for &ty in &drops.hand_types {
                let n = self.in_hand(colour, ty);
                if n == 0 {
                    continue;
                }
                let code = &self.rules.types[usize::from(ty)].code;
                let code = if colour == Colour::Black {
                    code.clone()
                } else {
                    code.to_ascii_lowercase()
                };
                items.push(if n > 1 { format!("{n}{code}") } else { code });
            }
        }
        if items.is_empty() {
            String::new()
        } else {
            format!("[{}]", items.join(","))
        }
    }

    /// The kill history field: `b:CODE,CODE;w:CODE`, empty if nothing.
    fn killed_text(&self) -> String {
        let mut parts = Vec::new();
        for colour in Colour::BOTH {
            let codes: Vec<String> = (0..self.rules.types.len().min(256) as TypeId)
                .filter(|&t| self.was_killed(colour, t))
                .map(|t| self.rules.types[usize::from(t)].code.clone())
                .collect();
            if !codes.is_empty() {
                parts.push(format!("{}:{}", colour.letter(), codes.join(",")));
            }
        }
        parts.join(";")
    }

    fn last_text(&self) -> String {
        let l = &self.last;
        if l.mover.is_none() && l.to.is_none() && self.last_captures().is_empty() {
            return "-".into();
        }
        let geo = &self.rules.geometry;
        let code = |ty: TypeId| self.rules.types[usize::from(ty)].code.clone();
        let mut s = format!(
            "{}-{}",
            l.mover.map(code).unwrap_or_else(|| "?".into()),
            l.to.map(|t| geo.square_name(t)).unwrap_or_else(|| "?".into())
        );
        for (sq, ty) in self.last_captures() {
            s.push_str(&format!("x{}@{}", code(*ty), geo.square_name(*sq)));
        }
        s
    }
}

/// One message instead of a diagnostic per square when a board that does
/// not read as native text is an SFEN board (no `,` between squares).
fn sfen_hint(rules: &Arc<Ruleset>, text: &str, board: &str) -> Option<String> {
    if rules.geometry.width < 2 || board.contains(',') || !board.contains(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    Some(if rules.sfen.is_none() {
        format!(
            "this looks like SFEN, which variant `{}` does not have: native position text separates squares with `,` (`3,k,4`)",
            rules.id
        )
    } else if Position::from_sfen(rules.clone(), text).is_ok() {
        "this is SFEN: pass it with `--sfen` (native position text separates squares with `,`)".to_string()
    } else {
        "this looks like SFEN, but it does not read as SFEN either: native position text separates squares with `,` (`3,k,4`); SFEN goes to `--sfen`".to_string()
    })
}

/// Splits on spaces, keeping each field's byte offset.
pub(super) fn split_fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

/// Reads the kill history field (`b:CODE,CODE;w:CODE`).
fn parse_killed(rules: &Ruleset, field: &str) -> Result<[[u64; 4]; 2], (std::ops::Range<usize>, String)> {
    let mut out = [[0u64; 4]; 2];
    let mut offset = 0;
    for part in field.split(';') {
        let (side, codes) = part.split_once(':').ok_or((
            offset..offset + part.len().max(1),
            "expected `b:CODE,...` or `w:CODE,...`".to_string(),
        ))?;
        let colour = match side {
            "b" => Colour::Black,
            "w" => Colour::White,
            _ => {
                return Err((
                    offset..offset + side.len().max(1),
                    format!("side must be `b` or `w`, not `{side}`"),
                ));
            }
        };
        let mut at = offset + side.len() + 1;
        for code in codes.split(',') {
            let ty = rules
                .type_by_code(code)
                .ok_or((at..at + code.len().max(1), format!("unknown piece code `{code}`")))?;
            if ty >= 256 || rules.tracked_kills[usize::from(ty >> 6)] >> (ty & 63) & 1 == 0 {
                return Err((
                    at..at + code.len(),
                    format!("no rule of this variant asks whether `{code}` was killed"),
                ));
            }
            out[colour.index()][usize::from(ty >> 6)] |= 1 << (ty & 63);
            at += code.len() + 1;
        }
        offset += part.len() + 1;
    }
    Ok(out)
}

type LastKills = Vec<(Square, TypeId)>;

/// The end of the square name starting at `at` (letters, then digits).
fn square_end(text: &str, at: usize) -> usize {
    let b = text.as_bytes();
    let mut i = at;
    while i < b.len() && b[i].is_ascii_lowercase() {
        i += 1;
    }
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    i
}

/// Reads `MOVER-TO` and its `xCODE@SQUARE` captures. It reads from left
/// to right, so a file `x` in a square (boards of 24 files or more) is not
/// taken for the `x` before a capture.
fn parse_last(rules: &Ruleset, field: &str) -> Result<(LastMove, LastKills), (std::ops::Range<usize>, String)> {
    let geo = &rules.geometry;
    let mut last = LastMove::default();
    let mut kills = Vec::new();
    let (mover, rest) = field
        .split_once('-')
        .ok_or((0..field.len().max(1), "expected `MOVER-SQUARE` (or `-`)".to_string()))?;
    if mover != "?" {
        last.mover = Some(
            rules
                .type_by_code(mover)
                .ok_or((0..mover.len().max(1), format!("unknown piece code `{mover}`")))?,
        );
    }
    let mut at = mover.len() + 1;
    if rest.starts_with('?') {
        at += 1;
    } else {
        let end = square_end(field, at);
        let to = &field[at..end];
        last.to = Some(
            geo.parse_square(to)
                .ok_or((at..end.max(at + 1), format!("`{to}` is not a square of this board")))?,
        );
        at = end;
    }
    while at < field.len() {
        if field.as_bytes()[at] != b'x' {
            return Err((at..field.len(), "expected `xCODE@SQUARE`".to_string()));
        }
        let start = at + 1;
        let Some(rel) = field[start..].find('@') else {
            return Err((start..field.len().max(start + 1), "expected `xCODE@SQUARE`".to_string()));
        };
        let code = &field[start..start + rel];
        let ty = rules
            .type_by_code(code)
            .ok_or((start..start + rel.max(1), format!("unknown piece code `{code}`")))?;
        let sq_at = start + rel + 1;
        let end = square_end(field, sq_at);
        let name = &field[sq_at..end];
        let sq = geo.parse_square(name).ok_or((
            sq_at..end.max(sq_at + 1),
            format!("`{name}` is not a square of this board"),
        ))?;
        kills.push((sq, ty));
        at = end;
    }
    Ok((last, kills))
}

/// Reads the hands inside `[...]` ([`parse_hand`]): the codes of the
/// types a hand of this variant can hold.
fn parse_hands(rules: &Ruleset, field: &str) -> Result<Hands, (std::ops::Range<usize>, String)> {
    let Some(drops) = &rules.drops else {
        return Err((0..field.len().max(1), "this variant has no hands".into()));
    };
    parse_hand(field, &|code| {
        rules.type_by_code(code).filter(|t| drops.hand_types.contains(t))
    })
}
