//! Move text: the canonical notation and, for variants with SFEN letters,
//! USI. Parsing always resolves against the legal moves of a position, so a
//! parsed move is a legal move or an error that says why not.
//!
//! Canonical form: the origin, then each landing square preceded by `x` if
//! it captures there and `-` if not, each followed by `*SQUARE` for every
//! shot fired after that landing, then `+` (promotes), `+&` (promotes, and
//! promotes the rule file's `also_promote` pieces with it) or `=` (declines
//! a possible promotion). Examples: `c4-c5`, `f5xf6xf7` (lion double
//! capture), `f5xf6-f5` (igui), `f5-f6-f5` (pass), `c8-c9+`, `d2-e3*e4*e5`
//! (two shots after the move).

use crate::board::{Geometry, Square};
use crate::diagnostics::{Diagnostic, Report, Source};
use crate::movegen::{Move, Promotion, chain_candidates, legal_moves};
use crate::position::Position;
use crate::position::{parse_usi_square, usi_square};
use crate::ruleset::Ruleset;
use std::ops::Range;

/// Canonical text of a legal move of `pos` (docs/notation.md).
///
#[doc = include_str!("../docs/examples/notation_1.md")]
pub fn move_text(pos: &Position, m: &Move) -> String {
    let geo = &pos.rules().geometry;
    if let Some(ty) = m.drop {
        // A drop: the piece's code, `*`, the square (`P*e5`).
        return format!(
            "{}*{}",
            pos.rules().types[usize::from(ty)].code,
            geo.square_name(m.to())
        );
    }
    let mut s = geo.square_name(m.from);
    let captures = captures_at(pos, m);
    for (i, &sq) in m.landings().iter().enumerate() {
        s.push(if captures[i] { 'x' } else { '-' });
        s.push_str(&geo.square_name(sq));
        for t in m.shots_after(i) {
            s.push('*');
            s.push_str(&geo.square_name(t));
        }
    }
    s.push_str(match m.promotion {
        Promotion::Promote => "+",
        Promotion::PromoteWithChain => "+&",
        Promotion::Decline => "=",
        Promotion::Revert => "-",
        Promotion::None => "",
    });
    if m.promotion == Promotion::PromoteWithChain {
        // A choice per piece names the pieces that promote along.
        let (candidates, per_piece) = chain_candidates(pos, m.from);
        if per_piece {
            let chosen: Vec<String> = candidates
                .iter()
                .enumerate()
                .filter(|(i, _)| m.chain >> i & 1 == 1)
                .map(|(_, &sq)| geo.square_name(sq))
                .collect();
            s.push_str(&chosen.join(","));
        }
    }
    s
}

/// USI text (`7g7f`, `7g7f+`, lion `7g6f5e`) of a move, if it has at most
/// two landings and no shots, on a board of at most 26 ranks.
pub fn usi_text(geo: &Geometry, m: &Move) -> Option<String> {
    if m.len > 2 || m.n_shots > 0 || m.promotion == Promotion::PromoteWithChain || geo.height > 26 {
        return None;
    }
    let mut s = usi_square(geo, m.from);
    if m.drop.is_some() {
        return None;
    }
    for &sq in m.landings() {
        s.push_str(&usi_square(geo, sq));
    }
    match m.promotion {
        Promotion::Promote => s.push('+'),
        Promotion::Revert => s.push('-'),
        _ => {}
    }
    Some(s)
}

/// The notations a move can be read or written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    Native,
    /// Lishogi's USI, for variants whose rule file has an `[sfen]` table.
    Usi,
}

impl Notation {
    /// Checks that the variant of `rules` can be written in this notation:
    /// USI needs an `[sfen]` table and at most 26 ranks (one letter each).
    pub fn check(self, rules: &Ruleset) -> Result<(), String> {
        match self {
            Notation::Native => Ok(()),
            Notation::Usi if has_usi(rules) => Ok(()),
            Notation::Usi => Err(format!(
                "variant `{}` has no USI notation ({}): use --notation native",
                rules.id,
                if rules.sfen.is_none() {
                    "its rule file has no [sfen] table"
                } else {
                    "its board has more than 26 ranks, and a USI rank is one letter"
                }
            )),
        }
    }
}

fn has_usi(rules: &Ruleset) -> bool {
    rules.sfen.is_some() && rules.geometry.height <= 26
}

/// Writes a move in the chosen notation. A move that USI cannot express
/// (more than two landings, shots) is written in native text; a variant
/// without USI (see [`Notation::check`]) is written in native text too.
pub fn write_move(pos: &Position, m: &Move, notation: Notation) -> String {
    match notation {
        Notation::Usi => usi_move(pos, m).unwrap_or_else(|| move_text(pos, m)),
        Notation::Native => move_text(pos, m),
    }
}

/// USI text of a move or drop (`7g7f`, `8h2b+`, `P*5e`), if the variant
/// has USI and USI can express the move.
pub fn usi_move(pos: &Position, m: &Move) -> Option<String> {
    if !has_usi(pos.rules()) {
        return None;
    }
    usi_drop_text(pos, m).or_else(|| usi_text(&pos.rules().geometry, m))
}

/// USI text of a drop (`P*5e`; `+P*5e` for a piece dropped promoted),
/// with the piece's SFEN letter in upper case.
fn usi_drop_text(pos: &Position, m: &Move) -> Option<String> {
    let rules = pos.rules();
    let t = &rules.types[usize::from(m.drop?)];
    let (kind, plus) = match t.promoted_from {
        Some(k) => (k, "+"),
        None => (t.kind, ""),
    };
    let letter = rules.sfen.as_ref()?.letters[kind]?.to_ascii_uppercase();
    Some(format!("{plus}{letter}*{}", usi_square(&rules.geometry, m.to())))
}

/// Reads a drop (`P*e5`, `P*5e`, `+P*5e`), if the text is one.
fn parse_drop(pos: &Position, text: &str) -> Option<Result<Move, Report>> {
    let rules = pos.rules();
    rules.drops.as_ref()?;
    let t = text.trim();
    let (code, square) = t.split_once('*')?;
    let geo = &rules.geometry;
    if geo.parse_square(code).is_some() {
        return None;
    }
    let to = geo.parse_square(square).or_else(|| parse_usi_square(geo, square));
    // A code, or an SFEN letter (upper or lower case), with `+` if promoted.
    let by_letter = || {
        let (plus, letter) = match code.strip_prefix('+') {
            Some(l) => (true, l),
            None => (false, code),
        };
        let mut chars = letter.chars();
        let c = chars.next()?.to_ascii_lowercase();
        if chars.next().is_some() {
            return None;
        }
        let kind = rules.sfen.as_ref()?.letters.iter().position(|l| *l == Some(c))?;
        let base = rules.unpromoted_type(kind);
        if plus {
            rules.types[usize::from(base)].promotes_to
        } else {
            Some(base)
        }
    };
    let ty = rules.type_by_code(code).or_else(by_letter);
    let (Some(ty), Some(to)) = (ty, to) else {
        return Some(Err(error(
            text,
            0..text.len().max(1),
            format!("`{t}` is not a drop: expected a piece and a square, like `P*e5` or USI `P*5e`"),
        )));
    };
    let mut legal = Vec::new();
    legal_moves(pos, &mut legal);
    Some(match legal.iter().find(|m| m.drop == Some(ty) && m.to() == to) {
        Some(m) => Ok(*m),
        None => {
            let held = pos.in_hand(pos.side_to_move(), rules.origin(ty));
            let help = if held == 0 {
                format!(
                    "the side to move has no {} in hand",
                    rules.types[usize::from(rules.origin(ty))].code
                )
            } else {
                "the variant's drop rules forbid it, or it leaves a royal attacked".to_string()
            };
            Err(Report {
                source: Source::new("move", text),
                diagnostics: vec![
                    Diagnostic::error(
                        0..text.len().max(1),
                        format!("`{t}` is not a legal drop in this position"),
                    )
                    .with_help(help),
                ],
            })
        }
    })
}

fn error(text: &str, span: Range<usize>, msg: impl Into<String>) -> Report {
    Report {
        source: Source::new("move", text),
        diagnostics: vec![Diagnostic::error(span, msg)],
    }
}

/// Plays moves given as text, one after the other, as `--moves` does. An
/// error points at the failing move within the whole list, whose source is
/// named `what`.
///
#[doc = include_str!("../docs/examples/notation_2.md")]
pub fn play_moves(pos: &mut Position, moves: &[impl AsRef<str>], what: &str) -> Result<(), Report> {
    let all: Vec<&str> = moves.iter().map(|m| m.as_ref()).collect();
    let mut offset = 0;
    for text in &all {
        match parse_move(pos, text) {
            Ok(m) => {
                pos.play_unchecked(&m);
            }
            Err(mut report) => {
                for d in &mut report.diagnostics {
                    d.span = offset + d.span.start..offset + d.span.end;
                }
                report.source = Source::new(what, all.join(" "));
                return Err(report);
            }
        }
        offset += text.len() + 1;
    }
    Ok(())
}

/// Reads a move in native text (also XBoard's `f5f6` and `f5f6,f6f7`
/// forms) or USI, and finds it among the legal moves. Errors point at the
/// token that is wrong.
///
#[doc = include_str!("../docs/examples/notation_3.md")]
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, Report> {
    if let Some(drop) = parse_drop(pos, text) {
        return drop;
    }
    let rules = pos.rules();
    let geo = &rules.geometry;
    let lead = text.len() - text.trim_start().len();
    let t = text.trim();
    let mut chain_list: Option<&str> = None;
    let (body, promo) = if let Some((b, list)) = t.split_once("+&") {
        chain_list = Some(list);
        (b, Some(Promotion::PromoteWithChain))
    } else if let Some(b) = t.strip_suffix('+') {
        (b, Some(Promotion::Promote))
    } else if let Some(b) = t.strip_suffix('=') {
        (b, Some(Promotion::Decline))
    } else if let Some(b) = t.strip_suffix('-') {
        (b, Some(Promotion::Revert))
    } else {
        (t, None)
    };
    let whole = lead..lead + t.len().max(1);
    let shift = |(span, msg): TextError| error(text, lead + span.start..lead + span.end, msg);
    let written = if body.starts_with(|c: char| c.is_ascii_digit()) {
        if !has_usi(rules) {
            return Err(error(
                text,
                whole,
                format!(
                    "`{t}` looks like USI, but variant `{}` has no USI notation: write squares like `c4-c5`",
                    rules.id
                ),
            ));
        }
        read_usi(geo, body).map_err(shift)?
    } else {
        read_native(geo, body).map_err(shift)?
    };
    let squares: Vec<Square> = written.squares.iter().map(|(s, _)| *s).collect();
    if squares.len() < 2 {
        return Err(error(
            text,
            whole,
            "a move needs an origin and at least one landing square",
        ));
    }
    let mut legal = Vec::new();
    legal_moves(pos, &mut legal);
    let (from, landings) = (squares[0], &squares[1..]);
    let shots = &written.shots;
    let candidates: Vec<&Move> = legal
        .iter()
        .filter(|m| {
            m.from == from
                && m.landings() == landings
                && m.n_shots as usize == shots.len()
                && shots
                    .iter()
                    .enumerate()
                    .all(|(j, &(after, sq))| m.shots[j] == sq && usize::from(m.shot_after[j]) == after)
        })
        .collect();
    let chosen: Vec<&&Move> = candidates
        .iter()
        .filter(|m| match (promo, m.promotion) {
            (Some(Promotion::PromoteWithChain), Promotion::PromoteWithChain) => {
                let (candidates, _) = chain_candidates(pos, m.from);
                let all = ((1u32 << candidates.len()) - 1) as u16;
                match chain_list.filter(|l| !l.is_empty()) {
                    None => m.chain == all,
                    Some(list) => {
                        let mut mask = 0u16;
                        for name in list.split(',') {
                            match geo
                                .parse_square(name)
                                .and_then(|sq| candidates.iter().position(|&c| c == sq))
                            {
                                Some(i) => mask |= 1 << i,
                                None => return false,
                            }
                        }
                        m.chain == mask
                    }
                }
            }
            (Some(wanted), actual) => wanted == actual,
            (None, Promotion::None) => true,
            // USI has no decline marker: a plain USI move declines.
            (None, Promotion::Decline) => written.usi,
            // The reverting is implied by the rules: the suffix may be left out.
            (None, Promotion::Revert) => true,
            (None, _) => false,
        })
        .collect();
    match (chosen.first(), candidates.is_empty()) {
        (Some(m), _) => {
            // Written capture marks (`-` / `x`) must say where the move
            // captures; landings written without one (XBoard) are not checked.
            let captures = captures_at(pos, m);
            for (i, mark) in written.marks.iter().enumerate() {
                if let Some((mark, at)) = *mark
                    && (mark == 'x') != captures[i]
                {
                    let shown = move_text(pos, m);
                    let shown = shown.trim_end_matches(['+', '=', '&']);
                    let d = Diagnostic::error(
                        lead + at..lead + at + 1,
                        if mark == 'x' {
                            format!("`{t}` marks a capture where the move captures nothing")
                        } else {
                            format!("`{t}` captures here: write `x` before the square, `-` where it captures nothing")
                        },
                    )
                    .with_help(format!("did you mean `{shown}`?"));
                    return Err(Report {
                        source: Source::new("move", text),
                        diagnostics: vec![d],
                    });
                }
            }
            Ok(***m)
        }
        (None, false) => {
            let has_choice = candidates.iter().any(|m| m.promotion == Promotion::Decline);
            let end = lead + t.len();
            let suffix = lead + body.len()..end.max(lead + body.len() + 1);
            let (span, msg) = if has_choice && promo.is_none() {
                (
                    suffix,
                    format!("`{t}` can promote: add `+` to promote or `=` to decline"),
                )
            } else if candidates.iter().all(|m| m.promotion == Promotion::None) {
                (suffix, format!("`{t}`: this move cannot promote"))
            } else {
                (suffix, format!("`{t}`: promotion is compulsory here, write `+`"))
            };
            Err(error(text, span, msg))
        }
        (None, true) => {
            let mut from_here: Vec<String> = legal
                .iter()
                .filter(|m| m.from == from)
                .map(|m| move_text(pos, m))
                .collect();
            from_here.sort();
            let origin_span = written.squares[0].1.clone();
            let (span, help) = if pos.outcome().is_some() {
                (whole, "the game is over: there are no legal moves".to_string())
            } else if from_here.is_empty() {
                let help = match pos.piece_at(from) {
                    None => format!("there is no piece on {}", geo.square_name(from)),
                    Some((c, _)) if c != pos.side_to_move() => {
                        format!("the piece on {} is not the side to move's", geo.square_name(from))
                    }
                    Some(_) => format!("the piece on {} has no legal move", geo.square_name(from)),
                };
                (lead + origin_span.start..lead + origin_span.end, help)
            } else {
                let shown: Vec<&str> = from_here.iter().take(12).map(|s| s.as_str()).collect();
                let help = format!(
                    "legal moves from {}: {}{}",
                    geo.square_name(from),
                    shown.join(" "),
                    if from_here.len() > 12 { " ..." } else { "" }
                );
                (whole, help)
            };
            Err(Report {
                source: Source::new("move", text),
                diagnostics: vec![
                    Diagnostic::error(span, format!("`{t}` is not a legal move in this position")).with_help(help),
                ],
            })
        }
    }
}

/// For each landing of `m`, whether it captures there (a piece stands
/// there at the start of the move, and the square is neither the origin nor
/// a square landed on earlier in the move: an enemy, or an own piece a
/// range capture may end on), or on the way there (a range capture).
fn captures_at(pos: &Position, m: &Move) -> [bool; crate::movegen::MAX_LEGS] {
    let mover = pos.piece_at(m.from).map(|(c, _)| c);
    let mut out = [false; crate::movegen::MAX_LEGS];
    let landings = m.landings();
    for (i, &sq) in landings.iter().enumerate() {
        out[i] = sq != m.from
            && !landings[..i].contains(&sq)
            && pos.piece_at(sq).is_some()
            // A range capture takes the pieces it passes over.
            || m.sweeps_to(i)
                && m.squares_before(&pos.rules().geometry, i).any(|s| {
                    s != m.from
                        && pos
                            .piece_at(s)
                            .is_some_and(|(c, _)| !(m.sweep_spares_own() && Some(c) == mover))
                });
    }
    out
}

/// A span in a move text and what is wrong there.
type TextError = (Range<usize>, String);

/// A move as written, before it is matched against the legal moves.
struct Written {
    /// The origin, then every landing, each with its span.
    squares: Vec<(Square, Range<usize>)>,
    /// For each landing: the capture mark written before it and where, or
    /// `None` (XBoard's and USI's forms have none).
    marks: Vec<Option<(char, usize)>>,
    /// Shots: (index of the landing they follow, square).
    shots: Vec<(usize, Square)>,
    usi: bool,
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
fn read_native(geo: &Geometry, body: &str) -> Result<Written, TextError> {
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
fn read_usi(geo: &Geometry, body: &str) -> Result<Written, TextError> {
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
