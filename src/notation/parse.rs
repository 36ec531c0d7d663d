//! Reading a move: the written form is matched against the legal moves
//! of the position, so a parsed move is legal or an error that says why
//! not, pointing at the token that is wrong.

use super::written::{TextError, read_native, read_usi};
use super::{Notation, captures_at, has_usi, japanese, move_text, western, write_move};
use crate::board::Square;
use crate::diagnostics::{Diagnostic, Report, Source};
use crate::movegen::{Move, Promotion, chain_candidates, legal_moves};
use crate::position::Position;
use crate::position::parse_usi_square;
use std::ops::Range;

/// Plays moves given as text, one after the other, as `--moves` does. An
/// error points at the failing move within the whole list, whose source is
/// named `what`.
///
#[doc = include_str!("../../docs/examples/notation_2.md")]
pub fn play_moves(pos: &mut Position, moves: &[impl AsRef<str>], what: &str) -> Result<(), Report> {
    each_move(pos, moves, what, |pos, m| {
        pos.play_unchecked(&m);
    })
    .map_err(|(_, report)| report)
}

/// Reads moves given as text, each in the position the ones before it
/// lead to, and gives `pos` back unchanged: the moves of a line, read
/// once. An error is the index of the move that does not read and a
/// report pointing at it within the whole list, whose source is named
/// `what`.
pub fn parse_line(pos: &mut Position, moves: &[impl AsRef<str>], what: &str) -> Result<Vec<Move>, (usize, Report)> {
    let mut line = Vec::with_capacity(moves.len());
    let mut undos = Vec::with_capacity(moves.len());
    let read = each_move(pos, moves, what, |pos, m| {
        undos.push(pos.play_unchecked(&m));
        line.push(m);
    });
    while let Some(u) = undos.pop() {
        pos.unplay(&u);
    }
    read.map(|()| line)
}

/// Reads each move in turn and hands it to `played`, which plays it.
fn each_move(
    pos: &mut Position,
    moves: &[impl AsRef<str>],
    what: &str,
    mut played: impl FnMut(&mut Position, Move),
) -> Result<(), (usize, Report)> {
    let all: Vec<&str> = moves.iter().map(|m| m.as_ref()).collect();
    let mut offset = 0;
    for (i, text) in all.iter().enumerate() {
        match parse_move(pos, text) {
            Ok(m) => played(pos, m),
            Err(mut report) => {
                for d in &mut report.diagnostics {
                    d.span = offset + d.span.start..offset + d.span.end;
                }
                report.source = Source::new(what, all.join(" "));
                return Err((i, report));
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
#[doc = include_str!("../../docs/examples/notation_3.md")]
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, Report> {
    let t = text.trim();
    if t.chars().any(is_japanese) {
        return by_text(pos, text, Notation::Japanese);
    }
    // Western text starts with a piece's abbreviation (upper case) or is
    // a pass. A drop (`S*a5`) may be native or Western (on a board of ten
    // files or more, lishogi's numeric Western writes file 10 as `a`):
    // native text, gunbai's own, is read first.
    let western = t == "--" || t.trim_start_matches('+').starts_with(|c: char| c.is_ascii_uppercase());
    if western && !t.contains('*') {
        return by_text(pos, text, Notation::Western);
    }
    // A drop onto a square native text names stays native, legal or not.
    let native_square = t
        .split_once('*')
        .is_some_and(|(_, sq)| pos.rules().geometry.parse_square(sq.trim_end_matches('+')).is_some());
    match parse_drop(pos, text) {
        Some(Ok(m)) => return Ok(m),
        Some(Err(e)) if !western || native_square => return Err(e),
        Some(Err(e)) => return by_text(pos, text, Notation::Western).map_err(|_| e),
        None if western => return by_text(pos, text, Notation::Western),
        None => {}
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
    legal_moves(pos, &mut legal).map_err(|e| error(text, whole.clone(), e.to_string()))?;
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
    if let Err(e) = legal_moves(pos, &mut legal) {
        return Some(Err(error(text, 0..text.len().max(1), e.to_string())));
    }
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

/// Reads Western or Japanese text by matching it against what each legal
/// move is written as; an error lists the legal moves in that notation.
fn by_text(pos: &Position, text: &str, notation: Notation) -> Result<Move, Report> {
    let t = text.trim();
    let lead = text.len() - text.trim_start().len();
    let whole = lead..lead + t.len().max(1);
    let mut legal = Vec::new();
    legal_moves(pos, &mut legal).map_err(|e| error(text, whole.clone(), e.to_string()))?;
    let found = match notation {
        Notation::Japanese => japanese::read(pos, &legal, t),
        _ => western::read(pos, &legal, t),
    };
    if let Some(m) = found {
        return Ok(m);
    }
    let (what, check) = match notation {
        Notation::Japanese => ("Japanese", Notation::Japanese.check(pos.rules())),
        _ => ("Western", Notation::Western.check(pos.rules())),
    };
    if let Err(e) = check {
        return Err(error(
            text,
            whole,
            format!("`{t}` looks like {what} move text, but {e}"),
        ));
    }
    let mut all: Vec<String> = legal.iter().map(|m| write_move(pos, m, notation)).collect();
    all.sort();
    all.dedup();
    let help = if pos.outcome().is_some() {
        "the game is over: there are no legal moves".to_string()
    } else {
        let shown: Vec<&str> = all.iter().take(12).map(|s| s.as_str()).collect();
        format!(
            "legal moves in {what} text: {}{}",
            shown.join(" "),
            if all.len() > 12 { " ..." } else { "" }
        )
    };
    Err(Report {
        source: Source::new("move", text),
        diagnostics: vec![
            Diagnostic::error(
                whole,
                format!("`{t}` is not a legal move in this position (read as {what} text)"),
            )
            .with_help(help),
        ],
    })
}

fn error(text: &str, span: Range<usize>, msg: impl Into<String>) -> Report {
    Report {
        source: Source::new("move", text),
        diagnostics: vec![Diagnostic::error(span, msg)],
    }
}

/// A character only Japanese move text has: kanji, kana, the ideographic
/// space or a full-width form (`７六歩`, `同　歩`). Other non-ASCII text
/// (a stray bidi mark, say) is read as native text, whose errors point at
/// the character.
fn is_japanese(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}')
}
