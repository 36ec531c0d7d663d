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

/// Canonical text of a legal move of `pos`.
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
    let mover = pos.piece_at(m.from).map(|(c, _)| c);
    let mut s = geo.square_name(m.from);
    let mut seen: [Square; crate::movegen::MAX_LEGS] = [crate::board::NO_SQUARE; crate::movegen::MAX_LEGS];
    for (i, &sq) in m.landings().iter().enumerate() {
        let captures =
            sq != m.from && !seen[..i].contains(&sq) && pos.piece_at(sq).is_some_and(|(c, _)| Some(c) != mover);
        seen[i] = sq;
        s.push(if captures { 'x' } else { '-' });
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
/// two landings and no shots.
pub fn usi_text(geo: &Geometry, m: &Move) -> Option<String> {
    if m.len > 2 || m.n_shots > 0 || m.promotion == Promotion::PromoteWithChain {
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
    Usi,
}

/// Writes a move in the chosen notation (USI falls back to native text for
/// moves USI cannot express).
pub fn write_move(pos: &Position, m: &Move, notation: Notation) -> String {
    match notation {
        Notation::Native => move_text(pos, m),
        // USI belongs to variants with an SFEN form; others keep native text.
        Notation::Usi if pos.rules().sfen.is_some() => usi_drop_text(pos, m)
            .or_else(|| usi_text(&pos.rules().geometry, m))
            .unwrap_or_else(|| move_text(pos, m)),
        Notation::Usi => move_text(pos, m),
    }
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

fn error(text: &str, span: std::ops::Range<usize>, msg: impl Into<String>) -> Report {
    Report {
        source: Source::new("move", text),
        diagnostics: vec![Diagnostic::error(span, msg)],
    }
}

/// Reads a move in either notation and finds it among the legal moves.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, Report> {
    if let Some(drop) = parse_drop(pos, text) {
        return drop;
    }
    let geo = &pos.rules().geometry;
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
    let parsed = split_squares(geo, body).or_else(|| split_usi(geo, body).map(|s| (s, Vec::new())));
    let Some((squares, shots)) = parsed else {
        return Err(error(
            text,
            0..text.len().max(1),
            format!("`{t}` is not a move: expected squares like `c4-c5`, `f5xf6xf7` or USI `7g7f`"),
        ));
    };
    if squares.len() < 2 {
        return Err(error(
            text,
            0..text.len().max(1),
            "a move needs an origin and at least one landing square",
        ));
    }
    let mut legal = Vec::new();
    legal_moves(pos, &mut legal);
    let (from, landings) = (squares[0], &squares[1..]);
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
            (None, Promotion::Decline) => !t.contains(['-', 'x']),
            // The reverting is implied by the rules: the suffix may be left out.
            (None, Promotion::Revert) => true,
            (None, _) => false,
        })
        .collect();
    match (chosen.first(), candidates.is_empty()) {
        (Some(m), _) => {
            // Written separators (`-` / `x`) must say where the move captures.
            let canonical = move_text(pos, m);
            let separators = if m.promotion == Promotion::Revert {
                canonical.strip_suffix('-').unwrap_or(&canonical)
            } else {
                &canonical
            };
            let wanted: Vec<char> = separators.chars().filter(|c| matches!(c, '-' | 'x')).collect();
            let given: Vec<char> = body.chars().filter(|c| matches!(c, '-' | 'x')).collect();
            if !given.is_empty() && given != wanted {
                let shown = canonical.trim_end_matches(['+', '=', '&']);
                let d = Diagnostic::error(
                    0..text.len().max(1),
                    format!("`{t}` marks captures wrongly: `x` before a square where the move captures, `-` elsewhere"),
                )
                .with_help(format!("did you mean `{shown}`?"));
                return Err(Report {
                    source: Source::new("move", text),
                    diagnostics: vec![d],
                });
            }
            Ok(***m)
        }
        (None, false) => {
            let has_choice = candidates.iter().any(|m| m.promotion == Promotion::Decline);
            let msg = if has_choice && promo.is_none() {
                format!("`{t}` can promote: add `+` to promote or `=` to decline")
            } else if candidates.iter().all(|m| m.promotion == Promotion::None) {
                format!("`{t}`: this move cannot promote")
            } else {
                format!("`{t}`: promotion is compulsory here, write `+`")
            };
            Err(error(text, 0..text.len().max(1), msg))
        }
        (None, true) => {
            let mut from_here: Vec<String> = legal
                .iter()
                .filter(|m| m.from == from)
                .map(|m| move_text(pos, m))
                .collect();
            from_here.sort();
            let help = if pos.outcome().is_some() {
                "the game is over: there are no legal moves".to_string()
            } else if from_here.is_empty() {
                match pos.piece_at(from) {
                    None => format!("there is no piece on {}", geo.square_name(from)),
                    Some((c, _)) if c != pos.side_to_move() => {
                        format!("the piece on {} is not the side to move's", geo.square_name(from))
                    }
                    Some(_) => format!("the piece on {} has no legal move", geo.square_name(from)),
                }
            } else {
                let shown: Vec<&str> = from_here.iter().take(12).map(|s| s.as_str()).collect();
                format!(
                    "legal moves from {}: {}{}",
                    geo.square_name(from),
                    shown.join(" "),
                    if from_here.len() > 12 { " ..." } else { "" }
                )
            };
            Err(Report {
                source: Source::new("move", text),
                diagnostics: vec![
                    Diagnostic::error(
                        0..text.len().max(1),
                        format!("`{t}` is not a legal move in this position"),
                    )
                    .with_help(help),
                ],
            })
        }
    }
}

/// Squares of a native move text, and its shots as (landing index, square).
/// Shots of a move text: (index of the landing they follow, square).
type Shots = Vec<(usize, Square)>;

fn split_squares(geo: &Geometry, body: &str) -> Option<(Vec<Square>, Shots)> {
    let mut out = Vec::new();
    let mut shots = Vec::new();
    for (i, part) in body.split(['-', 'x']).enumerate() {
        let mut pieces = part.split('*');
        out.push(geo.parse_square(pieces.next()?)?);
        for shot in pieces {
            if i == 0 {
                return None;
            }
            shots.push((i - 1, geo.parse_square(shot)?));
        }
    }
    Some((out, shots))
}

fn split_usi(geo: &Geometry, body: &str) -> Option<Vec<Square>> {
    let mut out = Vec::new();
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start || i >= b.len() {
            return None;
        }
        // The rank letter: step over a whole character, so that a
        // non-ASCII one is rejected rather than split.
        i += body[i..].chars().next().map_or(1, char::len_utf8);
        out.push(parse_usi_square(geo, &body[start..i])?);
    }
    Some(out)
}
