//! Writing a move: canonical text, and USI where the variant has it.

use super::western::{self, Aims};
use super::{Notation, captures_at, has_usi, japanese};
use crate::board::Geometry;
use crate::movegen::{Move, Promotion, chain_candidates};
use crate::position::Position;
use crate::position::usi_square;

/// Canonical text of a legal move of `pos` (docs/notation.md).
///
#[doc = include_str!("../../docs/examples/notation_1.md")]
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
    s.push_str(promotion_suffix(m.promotion));
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

/// The mark a move's promotion choice ends in: `+`, `+&`, `=` (declined),
/// `-` (reverts), or nothing.
pub(super) fn promotion_suffix(p: Promotion) -> &'static str {
    match p {
        Promotion::Promote => "+",
        Promotion::PromoteWithChain => "+&",
        Promotion::Decline => "=",
        Promotion::Revert => "-",
        Promotion::None => "",
    }
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

/// Writes a move in the chosen notation. A move that USI cannot express
/// (more than two landings, shots) is written in native text; a variant
/// without USI (see [`Notation::check`]) is written in native text too.
///
/// Western and Japanese text tell a piece from others of its name that
/// reach the same square, so each call lists what the side to move's
/// pieces aim at; a move Japanese cannot express (shots) is written in
/// native text.
pub fn write_move(pos: &Position, m: &Move, notation: Notation) -> String {
    let western = |numeric, short| {
        western::write(
            pos,
            m,
            western::Style {
                numeric,
                short,
                origin: false,
            },
            &Aims::of(pos),
        )
    };
    match notation {
        Notation::Usi => usi_move(pos, m).unwrap_or_else(|| move_text(pos, m)),
        Notation::Native => move_text(pos, m),
        Notation::Western => western(false, false),
        Notation::WesternNumeric => western(true, false),
        Notation::WesternShort => western(false, true),
        Notation::Japanese => japanese::write(pos, m, true, false, &Aims::of(pos)).unwrap_or_else(|| move_text(pos, m)),
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
