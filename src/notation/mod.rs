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

mod parse;
mod write;
mod written;

pub use parse::{parse_move, play_moves};
pub use write::{move_text, usi_move, usi_text, write_move};

use crate::movegen::Move;
use crate::position::Position;
use crate::ruleset::Ruleset;

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
