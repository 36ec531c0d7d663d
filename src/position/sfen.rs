//! Lishogi-style SFEN and USI squares, for variants whose rule file gives
//! SFEN letters. Ranks are letters from the top (`a`), files are numbers
//! from the right (`1`), as seen by the first player.

use super::text::split_fields;
use super::{HAND_COUNT_RANGE, Hands, LastMove, Position, add_to_hand, cell};
use crate::board::{Colour, Geometry, Square};
use crate::diagnostics::{Diagnostic, Report, Source};
use crate::ruleset::{Ruleset, TypeId};
use std::sync::Arc;

/// A USI square name (`7f`). Ranks past the 26th have no letter and are
/// written `?` (the notation checks refuse USI on such boards).
pub fn usi_square(geo: &Geometry, sq: Square) -> String {
    let (x, y) = geo.xy(sq);
    let from_top = (geo.height as i32 - 1 - y) as u8;
    let rank = if from_top < 26 { (b'a' + from_top) as char } else { '?' };
    format!("{}{}", geo.width as i32 - x, rank)
}

/// Parses a USI square name.
pub fn parse_usi_square(geo: &Geometry, text: &str) -> Option<Square> {
    let split = text.find(|c: char| !c.is_ascii_digit())?;
    let (num, rank) = text.split_at(split);
    let file: i32 = num.parse().ok()?;
    let mut rc = rank.chars();
    let r = rc.next()?;
    if rc.next().is_some() || !r.is_ascii_lowercase() || num.starts_with('0') {
        return None;
    }
    let y = geo.height as i32 - 1 - (r as i32 - 'a' as i32);
    geo.square(geo.width as i32 - file, y)
}

fn err(text: &str, span: std::ops::Range<usize>, msg: impl Into<String>) -> Report {
    Report {
        source: Source::new("sfen", text),
        diagnostics: vec![Diagnostic::error(span, msg)],
    }
}

impl Position {
    /// Reads an SFEN, unjudged ([`Position::from_sfen`] judges it).
    pub(crate) fn read_sfen(rules: Arc<Ruleset>, text: &str) -> Result<Position, Report> {
        let Some(fmt) = rules.sfen.clone() else {
            return Err(err(
                text,
                0..text.len().max(1),
                format!("variant `{}` defines no SFEN format", rules.id),
            ));
        };
        let geo = rules.geometry.clone();
        let fields = split_fields(text);
        let Some(&(_, board)) = fields.first() else {
            return Err(err(text, 0..1, "empty SFEN"));
        };
        let mut cells = vec![0; geo.len()];
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != geo.height as usize {
            return Err(err(
                text,
                0..board.len(),
                format!("expected {} ranks, found {}", geo.height, rows.len()),
            ));
        }
        let mut offset = 0;
        for (ri, row) in rows.iter().enumerate() {
            let y = geo.height as i32 - 1 - ri as i32;
            let mut x = 0i32;
            let b = row.as_bytes();
            let mut i = 0;
            while i < b.len() {
                let at = offset + i;
                if b[i].is_ascii_digit() {
                    let start = i;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    // A run too long for the rank (or for an i32) makes
                    // the rank too long, which is reported below.
                    let run = row[start..i].parse::<i32>().unwrap_or(i32::MAX);
                    x = x.saturating_add(run);
                    continue;
                }
                // One `+` per promotion step (`++` under `repromote`, a
                // gunbai extension: lishogi's variants promote once).
                let mut steps = 0;
                while b.get(i) == Some(&b'+') {
                    steps += 1;
                    i += 1;
                }
                // A whole character, so that a non-ASCII one is quoted as
                // written (letters themselves are ASCII).
                let Some(ch) = row.get(i..).and_then(|r| r.chars().next()) else {
                    return Err(err(text, at..at + 1, "`+` must be followed by a piece letter"));
                };
                let colour = if ch.is_ascii_uppercase() {
                    Colour::Black
                } else {
                    Colour::White
                };
                let kind = fmt.letters.iter().position(|l| *l == Some(ch.to_ascii_lowercase()));
                let Some(kind) = kind else {
                    return Err(err(
                        text,
                        at..offset + i + ch.len_utf8(),
                        format!("unknown SFEN piece letter `{ch}`"),
                    ));
                };
                let mut ty: TypeId = rules.unpromoted_type(kind);
                for _ in 0..steps {
                    match rules.types[usize::from(ty)].promotes_to {
                        Some(t) => ty = t,
                        None => {
                            let pluses = "+".repeat(steps);
                            return Err(err(
                                text,
                                at..offset + i + 1,
                                format!("there is no `{pluses}{ch}`: `{ch}` does not promote that often"),
                            ));
                        }
                    }
                }
                let Some(sq) = geo.square(x, y) else {
                    return Err(err(text, offset..offset + row.len(), "rank is too long"));
                };
                cells[usize::from(sq)] = cell(colour, ty);
                x += 1;
                i += 1;
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
        let side = match fields.get(1) {
            None | Some((_, "b")) => Colour::Black,
            Some((_, "w")) => Colour::White,
            Some((s, o)) => {
                return Err(err(text, *s..*s + o.len(), "side to move must be `b` or `w`"));
            }
        };
        let mut last_kills = Vec::new();
        let mut hands: Hands = [Vec::new(), Vec::new()];
        if rules.drops.is_some() {
            // With drops, the third field is the pieces in hand.
            if let Some(&(s, f)) = fields.get(2)
                && f != "-"
            {
                hands =
                    parse_hands(&rules, &fmt.letters, f).map_err(|(r, msg)| err(text, s + r.start..s + r.end, msg))?;
            }
        } else if let Some(&(s, f)) = fields.get(2)
            && f != "-"
        {
            let sq =
                parse_usi_square(&geo, f).ok_or_else(|| err(text, s..s + f.len(), format!("`{f}` is not a square")))?;
            let ty = fmt.last_capture_of.as_ref().and_then(|set| set.iter().next());
            let Some(ty) = ty else {
                return Err(err(
                    text,
                    s..s + f.len(),
                    "this variant's SFEN has no last-capture field",
                ));
            };
            last_kills.push((sq, ty));
        }
        if let Some(&(s, n)) = fields.get(3)
            && n.parse::<u32>().is_err()
        {
            return Err(err(text, s..s + n.len(), "move number must be a number"));
        }
        if let Some(&(s, x)) = fields.get(4) {
            return Err(err(text, s..s + x.len(), "unexpected text after the SFEN"));
        }
        Ok(Position::from_parts(rules, cells, side, LastMove::default(), last_kills).with_hands(&hands))
    }

    /// Writes the position as SFEN, if the variant has SFEN letters for all
    /// its pieces on the board.
    pub fn to_sfen(&self) -> Option<String> {
        let fmt = self.rules.sfen.as_ref()?;
        let geo = &self.rules.geometry;
        let mut rows = Vec::new();
        for y in (0..geo.height as i32).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for x in 0..geo.width as i32 {
                let sq = geo.square(x, y)?;
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some((col, ty)) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let t = &self.rules.types[usize::from(ty)];
                        // One `+` per promotion step, as in the type's code.
                        let kind = t.promoted_from.unwrap_or(t.kind);
                        let steps = t.code.bytes().take_while(|&b| b == b'+').count();
                        let l = fmt.letters[kind]?;
                        for _ in 0..steps {
                            row.push('+');
                        }
                        row.push(if col == Colour::Black {
                            l.to_ascii_uppercase()
                        } else {
                            l
                        });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let last = match &fmt.last_capture_of {
            _ if self.rules.drops.is_some() => self.sfen_hands(&fmt.letters)?,
            Some(set) => {
                let mover_in_set = self.last.mover.is_some_and(|m| set.contains(m));
                self.last_captures()
                    .iter()
                    .find(|(_, ty)| set.contains(*ty) && !mover_in_set)
                    .map(|(sq, _)| usi_square(geo, *sq))
                    .unwrap_or_else(|| "-".into())
            }
            None => "-".into(),
        };
        Some(format!("{} {} {} 1", rows.join("/"), self.side.letter(), last))
    }
}

/// Reads an SFEN hand field (`2Pp`: two black pawns, one white pawn).
fn parse_hands(
    rules: &Ruleset,
    letters: &[Option<char>],
    field: &str,
) -> Result<Hands, (std::ops::Range<usize>, String)> {
    let mut hands: Hands = [Vec::new(), Vec::new()];
    let hand_types = rules.drops.as_ref().map(|d| d.hand_types.as_slice()).unwrap_or(&[]);
    let b = field.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let n: u16 = if i == start {
            1
        } else {
            match field[start..i].parse::<u16>() {
                Ok(n) if n > 0 => n,
                _ => return Err((start..i, HAND_COUNT_RANGE.into())),
            }
        };
        let Some(ch) = field[i..].chars().next() else {
            return Err((start..i, "a hand count must be followed by a piece letter".into()));
        };
        let at = i..i + ch.len_utf8();
        let colour = if ch.is_ascii_uppercase() {
            Colour::Black
        } else {
            Colour::White
        };
        let kind = letters.iter().position(|l| *l == Some(ch.to_ascii_lowercase()));
        let ty = kind
            .map(|k| rules.unpromoted_type(k))
            .filter(|t| hand_types.contains(t));
        let Some(ty) = ty else {
            return Err((at, format!("`{ch}` is not a piece that can be in hand")));
        };
        add_to_hand(&mut hands, colour, ty, n).map_err(|e| (start..at.end, e))?;
        i = at.end;
    }
    Ok(hands)
}

impl Position {
    /// The SFEN hand field: Black's pieces, then White's, most valuable
    /// (last declared hand kind) first; `-` when both hands are empty.
    fn sfen_hands(&self, letters: &[Option<char>]) -> Option<String> {
        let drops = self.rules.drops.as_ref()?;
        let mut out = String::new();
        for colour in Colour::BOTH {
            for &ty in &drops.hand_types {
                let n = self.in_hand(colour, ty);
                if n == 0 {
                    continue;
                }
                let l = letters[self.rules.types[usize::from(ty)].kind]?;
                if n > 1 {
                    out.push_str(&n.to_string());
                }
                out.push(if colour == Colour::Black {
                    l.to_ascii_uppercase()
                } else {
                    l
                });
            }
        }
        Some(if out.is_empty() { "-".into() } else { out })
    }
}
