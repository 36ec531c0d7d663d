//! The board-diagram text shared by the rule file's `[setup]` and the
//! position format: ranks from the top down, separated by newlines or `/`;
//! squares separated by spaces or commas; `.` one empty square, a number a
//! run of empty squares, a piece code upper-case for Black and lower-case
//! for White, prefixed by `+` for a promoted piece. And the hand text
//! shared by `[setup] hand` and the position format's `[...]`.

use super::Checker;
use crate::board::{Colour, Geometry, Square};
use crate::diagnostics::{Diagnostic, MAX_REPORTED, did_you_mean, omitted};
use crate::rules::file::RuleFile;
use crate::ruleset::{Drops, HAND_COUNT_RANGE, Hands, Kind, PieceType, TypeId, add_to_hand};
use std::ops::Range;

/// One square's content as read from a board text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BoardToken {
    Empty,
    Piece(Colour, TypeId),
}

/// Parses a board text. `lookup` resolves an upper-cased code (with its
/// `+`) to a type. Errors carry spans relative to `text`.
pub(crate) fn parse_board(
    text: &str,
    geo: &Geometry,
    lookup: &dyn Fn(&str) -> Option<TypeId>,
    codes: &dyn Fn() -> Vec<String>,
) -> Result<Vec<BoardToken>, Vec<Diagnostic>> {
    let (board, errors) = read_board(text, geo, lookup, codes, &|_| None);
    if errors.is_empty() { Ok(board) } else { Err(errors) }
}

/// Reads a board text as far as it can: the squares it could place (a
/// rank of the wrong length is placed from its left), and every error.
/// `code_of` gives the code of a piece id, for a board written in ids.
fn read_board(
    text: &str,
    geo: &Geometry,
    lookup: &dyn Fn(&str) -> Option<TypeId>,
    codes: &dyn Fn() -> Vec<String>,
    code_of: &dyn Fn(&str) -> Option<String>,
) -> (Vec<BoardToken>, Vec<Diagnostic>) {
    let mut errors = Errors::default();
    // Ranks that already have an error for one of their squares: their
    // length is not reported again.
    let mut bad_rows: Vec<usize> = Vec::new();
    let mut known: Option<Vec<String>> = None;
    let mut rows: Vec<Vec<(BoardToken, Range<usize>)>> = Vec::new();
    let mut row: Vec<(BoardToken, Range<usize>)> = Vec::new();
    let mut row_spans: Vec<Range<usize>> = Vec::new();
    let mut row_start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut any_in_row = false;
    while i <= bytes.len() {
        let c = if i < bytes.len() { bytes[i] } else { b'/' };
        if c == b'/' || c == b'\n' {
            // The end of the text closes a rank only if something is in
            // it, or if a `/` asks for it (`k/` has an empty last rank).
            let at_end = i == bytes.len();
            if any_in_row || (c == b'/' && !at_end) || (at_end && text.ends_with('/')) {
                rows.push(std::mem::take(&mut row));
                row_spans.push(row_start..i);
            }
            any_in_row = false;
            i += 1;
            row_start = i;
            continue;
        }
        if c == b' ' || c == b',' || c == b'\t' || c == b'\r' {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !matches!(bytes[i], b' ' | b',' | b'\t' | b'\r' | b'\n' | b'/') {
            i += 1;
        }
        let word = &text[start..i];
        let span = start..i;
        any_in_row = true;
        if word == "." {
            row.push((BoardToken::Empty, span));
        } else if word.bytes().all(|b| b.is_ascii_digit()) {
            match word.parse::<u32>() {
                Ok(n) if n >= 1 && n <= geo.width => {
                    for _ in 0..n {
                        row.push((BoardToken::Empty, span.clone()));
                    }
                }
                _ => {
                    bad_rows.push(rows.len());
                    errors.push(Diagnostic::error(
                        span,
                        format!("`{word}`: a run of empty squares must be between 1 and {}", geo.width),
                    ))
                }
            }
        } else {
            // `+` once per promotion step (`++S` under `repromote`).
            let body = word.trim_start_matches('+');
            let colour = if !body.is_empty() && body.chars().all(|c| c.is_ascii_uppercase()) {
                Some(Colour::Black)
            } else if !body.is_empty() && body.chars().all(|c| c.is_ascii_lowercase()) {
                Some(Colour::White)
            } else {
                None
            };
            match (colour, lookup(&word.to_ascii_uppercase())) {
                (Some(col), Some(ty)) => row.push((BoardToken::Piece(col, ty), span)),
                (None, _) => {
                    row.push((BoardToken::Empty, span.clone()));
                    errors.push(Diagnostic::error(
                        span,
                        format!("`{word}`: a piece code is all upper case (Black) or all lower case (White)"),
                    ))
                }
                (Some(_), None) => {
                    // Keep counting the square so that one bad code does
                    // not also report a wrong rank length.
                    row.push((BoardToken::Empty, span.clone()));
                    if !errors.would_keep() {
                        errors.push(Diagnostic::error(span, ""));
                        continue;
                    }
                    let known = known.get_or_insert_with(|| {
                        let mut k = codes();
                        k.dedup();
                        k
                    });
                    let upper = word.to_ascii_uppercase();
                    let d = Diagnostic::error(span, format!("unknown piece code `{word}`"));
                    let d = match (upper.strip_prefix('+'), code_of(&word.to_ascii_lowercase())) {
                        (_, Some(code)) => d.with_help(format!(
                            "`{word}` is a piece id: a board is written in piece codes, here `{code}` (Black) or `{}` (White)",
                            code.to_ascii_lowercase()
                        )),
                        (Some(base), _) if known.iter().any(|k| k == base) => {
                            d.with_help(format!("`{base}` does not promote, so there is no `{upper}`"))
                        }
                        _ => match did_you_mean(&upper, known.iter().map(|s| s.as_str())) {
                            // A one-letter code is one edit from every
                            // other: list the codes instead of guessing.
                            Some(best) if upper.trim_start_matches('+').len() >= 2 => {
                                d.with_help(format!("did you mean `{best}`?"))
                            }
                            _ if known.len() <= 40 => d.with_help(format!("the codes are {}", known.join(" "))),
                            _ => d.with_help("a board is written in piece codes, the `code` keys of the rule file's [[piece]] tables"),
                        },
                    };
                    errors.push(d)
                }
            }
        }
    }
    // Ignore a trailing empty row produced by a final newline.
    while rows.last().is_some_and(|r| r.is_empty()) && rows.len() > geo.height as usize {
        rows.pop();
        row_spans.pop();
    }
    bad_rows.dedup();
    let mut bad = bad_rows.into_iter().peekable();
    let wrong: Vec<usize> = (0..rows.len())
        .filter(|&i| {
            while bad.next_if(|&b| b < i).is_some() {}
            rows[i].len() != geo.width as usize && bad.peek() != Some(&i)
        })
        .collect();
    let widths: Vec<usize> = rows.iter().map(|r| r.len()).collect();
    let same_width = widths.windows(2).all(|w| w[0] == w[1]);
    if (rows.len() != geo.height as usize || !wrong.is_empty()) && same_width && !rows.is_empty() {
        // A setup drawn for another board: say it once, not per rank.
        errors.push(
            Diagnostic::error(
                0..text.len().max(1),
                format!(
                    "this board is {} files by {} ranks, but [board] says {} by {}",
                    widths[0],
                    rows.len(),
                    geo.width,
                    geo.height
                ),
            )
            .with_help("draw one rank per line (top rank first), one square per file"),
        );
    } else {
        if rows.len() != geo.height as usize {
            errors.push(Diagnostic::error(
                0..text.len().max(1),
                format!("expected {} ranks, found {}", geo.height, rows.len()),
            ));
        }
        if let Some(&first) = wrong.first() {
            let s = &row_spans[first];
            let span = if s.is_empty() { s.start..s.start + 1 } else { s.clone() };
            let d = Diagnostic::error(
                span,
                format!(
                    "expected {} squares in this rank, found {}",
                    geo.width,
                    rows[first].len()
                ),
            );
            errors.push(match wrong.len() - 1 {
                0 => d,
                n => d.with_help(format!(
                    "{n} more rank{} of this board {} the wrong length",
                    if n == 1 { "" } else { "s" },
                    if n == 1 { "has" } else { "have" }
                )),
            });
        }
    }
    let mut out = vec![BoardToken::Empty; geo.len()];
    for (ri, r) in rows.iter().enumerate() {
        let y = geo.height as i32 - 1 - ri as i32;
        for (x, (tok, _)) in r.iter().enumerate() {
            if let Some(sq) = geo.square(x as i32, y) {
                out[usize::from(sq)] = *tok;
            }
        }
    }
    (out, errors.finish())
}

/// Reads a hand text: comma-separated `[COUNT]CODE`, upper case for
/// Black, lower case for White (`R,2P,p`). `lookup` resolves a code to a
/// type a hand can hold. A code given twice adds up. Errors carry spans
/// relative to `text`; the first one ends the reading.
pub(crate) fn parse_hand(text: &str, lookup: &dyn Fn(&str) -> Option<TypeId>) -> Result<Hands, (Range<usize>, String)> {
    let mut hands: Hands = [Vec::new(), Vec::new()];
    let mut offset = 0;
    for item in text.split(',') {
        let span = offset..offset + item.len();
        offset += item.len() + 1;
        // Spaces around an item are allowed (`L, N` in a rule file).
        let lead = item.len() - item.trim_start().len();
        let item = item.trim();
        let span = span.start + lead..span.start + lead + item.len();
        if item.is_empty() {
            continue;
        }
        let digits = item.len() - item.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let (num, code) = item.split_at(digits);
        let n: u16 = if num.is_empty() {
            1
        } else {
            match num.parse::<u16>() {
                Ok(n) if n > 0 => n,
                _ => return Err((span, HAND_COUNT_RANGE.into())),
            }
        };
        let letters = || code.chars().filter(|c| c.is_ascii_alphabetic());
        let colour = if letters().next().is_some() && letters().all(|c| c.is_ascii_uppercase()) {
            Colour::Black
        } else if letters().next().is_some() && letters().all(|c| c.is_ascii_lowercase()) {
            Colour::White
        } else {
            return Err((
                span,
                format!("`{item}`: a piece code in hand is all upper case (Black) or all lower case (White)"),
            ));
        };
        match lookup(code) {
            Some(ty) => add_to_hand(&mut hands, colour, ty, n).map_err(|e| (span, e))?,
            None if code.starts_with('+') => {
                return Err((
                    span,
                    format!("`{code}` is not a piece that can be in hand: a hand holds pieces unpromoted"),
                ));
            }
            None => return Err((span, format!("`{code}` is not a piece that can be in hand"))),
        }
    }
    Ok(hands)
}

/// A board's errors, the first [`MAX_REPORTED`] of them: a huge board of
/// unknown codes costs no more than a small one.
#[derive(Default)]
struct Errors {
    list: Vec<Diagnostic>,
    dropped: Option<(Range<usize>, usize)>,
}

impl Errors {
    fn push(&mut self, d: Diagnostic) {
        if self.list.len() < MAX_REPORTED {
            self.list.push(d);
        } else {
            self.dropped.get_or_insert((d.span, 0)).1 += 1;
        }
    }

    fn would_keep(&self) -> bool {
        self.list.len() < MAX_REPORTED
    }

    fn finish(mut self) -> Vec<Diagnostic> {
        if let Some((span, n)) = self.dropped {
            self.list.push(omitted(span, n, 0));
        }
        self.list
    }
}

pub(super) fn setup(
    c: &mut Checker,
    f: &RuleFile,
    geo: &Geometry,
    kinds: &[Kind],
    types: &[PieceType],
) -> Vec<(Square, Colour, TypeId)> {
    let base = c.content_start(&f.setup.board);
    let by_code: std::collections::HashMap<&str, TypeId> = types
        .iter()
        .enumerate()
        .rev()
        .map(|(i, t)| (t.code.as_str(), i as TypeId))
        .collect();
    let lookup = |code: &str| by_code.get(code).copied();
    let codes = || types.iter().map(|t| t.code.clone()).collect::<Vec<_>>();
    // A setup with errors still places what it could, so that its pieces
    // do not also get "not in the setup" warnings. (With errors, no
    // ruleset is built from it.)
    let code_of = |id: &str| kinds.iter().find(|k| k.id == id).map(|k| k.code.clone());
    // A hand written after the board (`...[P]`) is reported by `hands`.
    let board = f.setup.board.get_ref();
    let board = board.split_once('[').map_or(board.as_str(), |(b, _)| b);
    let (tokens, errs) = read_board(board, geo, &lookup, &codes, &code_of);
    for mut d in errs {
        d.span = base + d.span.start..base + d.span.end;
        c.push(d);
    }
    tokens
        .iter()
        .enumerate()
        .filter_map(|(sq, t)| match t {
            BoardToken::Piece(col, ty) => Some((sq as Square, *col, *ty)),
            BoardToken::Empty => None,
        })
        .collect()
}

/// `[setup] hand`: the pieces in hand at the start. It needs drops, and
/// names only types a hand can hold.
pub(super) fn hands(c: &mut Checker, f: &RuleFile, types: &[PieceType], drops: Option<&Drops>) -> Hands {
    let none: Hands = [Vec::new(), Vec::new()];
    if f.setup.board.get_ref().contains('[') {
        let base = c.content_start(&f.setup.board);
        let at = base + f.setup.board.get_ref().find('[').unwrap_or(0);
        c.push(
            Diagnostic::error(at..at + 1, "the board text has no hands")
                .with_help("write the pieces in hand as `hand = \"R,2P,p\"` in [setup]"),
        );
    }
    let Some(text) = &f.setup.hand else { return none };
    let Some(drops) = drops else {
        let msg = if f.drops.is_some() {
            "a starting hand needs drops, and [drops] `enabled` is false for these options"
        } else {
            "a starting hand needs drops: this file has no [drops] table"
        };
        c.err(text.span(), msg);
        return none;
    };
    let holdable = |code: &str| {
        types
            .iter()
            .position(|t| t.code.eq_ignore_ascii_case(code))
            .map(|i| i as TypeId)
            .filter(|t| drops.hand_types.contains(t))
    };
    match parse_hand(text.get_ref(), &holdable) {
        Ok(hands) => hands,
        Err((span, msg)) => {
            let base = c.content_start(text);
            let codes: Vec<&str> = drops
                .hand_types
                .iter()
                .map(|&t| types[usize::from(t)].code.as_str())
                .collect();
            let d = Diagnostic::error(base + span.start..base + span.end, msg);
            c.push(if codes.len() <= 40 {
                d.with_help(format!("a hand can hold {}", codes.join(" ")))
            } else {
                d
            });
            none
        }
    }
}

/// `[setup] first`: the side that moves first.
pub(super) fn first(c: &mut Checker, f: &RuleFile) -> Colour {
    match f.setup.first.get_ref().as_str() {
        "black" => Colour::Black,
        "white" => Colour::White,
        other => {
            c.err(
                f.setup.first.span(),
                format!("`first` must be `black` or `white`, not `{other}`"),
            );
            Colour::Black
        }
    }
}
