//! The written form of a move, before it is matched against the legal
//! moves: native text (with XBoard's forms) and USI squares.

use crate::board::{Geometry, Square};
use crate::position::parse_usi_square;
use std::ops::Range;

/// A span in a move text and what is wrong there.
pub(super) type TextError = (Range<usize>, String);

/// A move as written, before it is matched against the legal moves.
pub(super) struct Written {
    /// The origin, then every landing, each with its span.
    pub(super) squares: Vec<(Square, Range<usize>)>,
    /// For each landing: the capture mark written before it and where, or
    /// `None` (XBoard's and USI's forms have none).
    pub(super) marks: Vec<Option<(char, usize)>>,
    /// Shots: (index of the landing they follow, square).
    pub(super) shots: Vec<(usize, Square)>,
    pub(super) usi: bool,
}

/// Reads one native square (`f5`, `aa12`) at byte `at`: its letters, then
/// its rank number. Returns the square and where it ends.
fn square_at(geo: &Geometry, body: &str, at: usize) -> Result<(Square, usize), TextError> {
    let b = body.as_bytes();
    let mut i = at;
    while i < b.len() && b[i].is_ascii_lowercase() {
        i += 1;
    }
    let letters_end = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if at == letters_end || letters_end == i {
        // Show the whole word that should have been a square.
        let mut end = i;
        while end < b.len() && b[end].is_ascii_alphanumeric() {
            end += 1;
        }
        let end = end.max(at + body[at..].chars().next().map_or(1, char::len_utf8));
        let end = end.min(body.len()).max(at);
        let word = &body[at..end];
        let msg = if word.is_empty() {
            "expected a square like `c4` here".to_string()
        } else {
            format!("`{word}` is not a square: a square is its file letters, then its rank number (`c4`, `aa12`)")
        };
        return Err((at..end.max(at + 1), msg));
    }
    let word = &body[at..i];
    match geo.parse_square(word) {
        Some(sq) => Ok((sq, i)),
        None => Err((
            at..i,
            format!("`{word}` is not a square of this {}x{} board", geo.width, geo.height),
        )),
    }
}

/// Reads native move text: `f5xf6-f5`, shots `d2-e3*e4`, and XBoard's
/// `f5f6` and `f5f6,f6f7`. A square always ends with its rank number, so
/// after a square `-` and `x` are capture marks, except that an `x` right
/// before a digit is the file `x` of a separator-less landing (`f5x6`).
pub(super) fn read_native(geo: &Geometry, body: &str) -> Result<Written, TextError> {
    let b = body.as_bytes();
    let (origin, mut i) = square_at(geo, body, 0)?;
    let mut w = Written {
        squares: vec![(origin, 0..i)],
        marks: Vec::new(),
        shots: Vec::new(),
        usi: false,
    };
    while i < b.len() {
        let c = b[i];
        let next_is_digit = b.get(i + 1).is_some_and(u8::is_ascii_digit);
        let (mark, at) = match c {
            b'-' => (Some(('-', i)), i + 1),
            b'x' if !next_is_digit => (Some(('x', i)), i + 1),
            b'*' => {
                if w.marks.is_empty() {
                    return Err((i..i + 1, "a shot `*SQUARE` follows a landing, not the origin".into()));
                }
                let (sq, end) = square_at(geo, body, i + 1)?;
                w.shots.push((w.marks.len() - 1, sq));
                i = end;
                continue;
            }
            b',' => {
                // XBoard's next leg: it starts where the previous one ended.
                let (sq, end) = square_at(geo, body, i + 1)?;
                let (prev, _) = w.squares[w.squares.len() - 1];
                if sq != prev {
                    return Err((
                        i + 1..end,
                        format!(
                            "each leg starts where the previous one ended: expected `{}`",
                            geo.square_name(prev)
                        ),
                    ));
                }
                if end >= b.len() || !(b[end] == b'-' || b[end].is_ascii_lowercase()) {
                    return Err((end..end + 1, "expected the leg's landing square here".into()));
                }
                i = end;
                continue;
            }
            c if c.is_ascii_lowercase() => (None, i),
            _ => {
                let ch = body[i..].chars().next().unwrap_or(' ');
                return Err((
                    i..i + ch.len_utf8(),
                    format!(
                        "unexpected `{ch}`: expected `-` or `x` and a square, `*` and a shot square, or `,` and the next leg"
                    ),
                ));
            }
        };
        let (sq, end) = square_at(geo, body, at)?;
        w.squares.push((sq, at..end));
        w.marks.push(mark);
        i = end;
    }
    Ok(w)
}

/// Reads a USI move: squares like `7g`, at most three.
pub(super) fn read_usi(geo: &Geometry, body: &str) -> Result<Written, TextError> {
    let b = body.as_bytes();
    let mut w = Written {
        squares: Vec::new(),
        marks: Vec::new(),
        shots: Vec::new(),
        usi: true,
    };
    let mut i = 0;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        // The rank letter: step over a whole character, so that a
        // non-ASCII one is rejected rather than split.
        let letter = body[i..].chars().next();
        i += letter.map_or(0, char::len_utf8);
        let word = &body[start..i];
        let Some(sq) = (i > start + 1 && letter.is_some_and(|c| c.is_ascii_lowercase()))
            .then(|| parse_usi_square(geo, word))
            .flatten()
        else {
            return Err((
                start..i.max(start + 1),
                format!(
                    "`{word}` is not a USI square of this board (file number from the right, rank letter from the top: `7g`)"
                ),
            ));
        };
        if !w.squares.is_empty() {
            w.marks.push(None);
        }
        w.squares.push((sq, start..i));
    }
    Ok(w)
}
