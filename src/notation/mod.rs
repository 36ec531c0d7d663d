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

mod japanese;
mod parse;
mod western;
mod write;
mod written;

pub(crate) use japanese::{KANJI_DIGITS, full_width, kanji_number};

pub use parse::{parse_line, parse_move, play_moves};
pub use write::{move_text, usi_move, usi_text, write_move};

use crate::movegen::Move;
use crate::position::Position;
use crate::ruleset::Ruleset;

/// The notations a move can be read or written in. Every door that takes
/// a notation (the CLI's `--notation`, the façade's
/// `Position::move_text`, the Python and JavaScript bindings) takes this
/// type or its [`Notation::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    Native,
    /// Lishogi's USI, for variants whose rule file has an `[sfen]` table.
    Usi,
    /// Western (Hodges) text as shogiops writes it: `P-7f`, `Lnx7g-6f`.
    Western,
    /// Western with lishogi's numeric squares: `P-76`.
    WesternNumeric,
    /// Western, one entry per distinct effect: a lion's step through an
    /// empty square is written as the jump it equals (`Ln-9g`).
    WesternShort,
    /// Japanese move text: `７六歩`, `同　歩成`, `７七・６六獅`.
    Japanese,
}

impl Notation {
    /// Every notation, in the order lists show them.
    pub const ALL: [Notation; 6] = [
        Notation::Native,
        Notation::Usi,
        Notation::Western,
        Notation::WesternNumeric,
        Notation::WesternShort,
        Notation::Japanese,
    ];

    /// Its name, the same at every door (`--notation`, the bindings'
    /// `notation` argument): `native`, `usi`, `western`,
    /// `western-numeric`, `western-short`, `japanese`.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Native => "native",
            Notation::Usi => "usi",
            Notation::Western => "western",
            Notation::WesternNumeric => "western-numeric",
            Notation::WesternShort => "western-short",
            Notation::Japanese => "japanese",
        }
    }

    /// One line saying what it writes, with an example (for help texts).
    pub fn summary(self) -> &'static str {
        match self {
            Notation::Native => "gunbai's own text (`f4-f5`, `f5xf6xf7`)",
            Notation::Usi => "lishogi's USI (`7i7h`); variants with an [sfen] table",
            Notation::Western => "Western (Hodges) as shogiops writes it (`P-7f`, `Lnx7g-6f`)",
            Notation::WesternNumeric => "Western with lishogi's numeric squares (`P-76`)",
            Notation::WesternShort => "Western, one entry per distinct effect (`Ln-9g` for each way there)",
            Notation::Japanese => "Japanese (`７六歩`, `同　歩成`, `７七・６六獅`)",
        }
    }

    /// The notation named `name` (case-insensitive; `_` for `-` too).
    pub fn by_name(name: &str) -> Option<Notation> {
        let name = name.trim().replace('_', "-");
        Notation::ALL.into_iter().find(|n| n.name().eq_ignore_ascii_case(&name))
    }

    /// The names of every notation, for messages: `native, usi, …`.
    pub fn names() -> String {
        Notation::ALL.map(Notation::name).join(", ")
    }

    /// Checks that the variant of `rules` can be written in this notation:
    /// USI needs an `[sfen]` table and at most 26 ranks (one letter each);
    /// Western at most 26 ranks (35 files); Japanese a name for every
    /// piece.
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
            Notation::Western | Notation::WesternNumeric | Notation::WesternShort => {
                if western::fits(&rules.geometry) {
                    Ok(())
                } else {
                    Err(format!(
                        "variant `{}` has no Western notation: its board is larger than 35 files or 26 ranks, and a Western rank is one letter; use --notation native",
                        rules.id
                    ))
                }
            }
            Notation::Japanese => match japanese::missing_name(rules) {
                None => Ok(()),
                Some(code) => Err(format!(
                    "variant `{}` has no Japanese notation: its rule file gives `{code}` no Japanese name (`records.kif` or `records.ja`); use --notation native",
                    rules.id
                )),
            },
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

impl std::fmt::Display for Notation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Notation {
    type Err = String;
    /// [`Notation::by_name`]; an unknown name is an error listing them.
    fn from_str(s: &str) -> Result<Notation, String> {
        Notation::by_name(s).ok_or_else(|| format!("unknown notation `{s}`: use one of {}", Notation::names()))
    }
}

#[cfg(test)]
mod tests {
    use super::Notation;

    #[test]
    fn every_notation_reads_back_from_its_name() {
        for n in Notation::ALL {
            assert_eq!(Notation::by_name(n.name()), Some(n));
            assert_eq!(n.name().parse::<Notation>(), Ok(n));
        }
        assert_eq!(Notation::by_name("Western_Short"), Some(Notation::WesternShort));
        let err = "hodges".parse::<Notation>().unwrap_err();
        assert!(
            err.contains("`hodges`") && err.contains("western-numeric, western-short"),
            "{err}"
        );
    }
}
