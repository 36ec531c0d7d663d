//! What gunbai knows of Fairy-Stockfish without being told, read from the
//! data file `rules/fsf-builtins.ini` (embedded): FSF's named piece types
//! in FSF's order with their Betza, the roles some of them play in FSF's
//! rules, and the built-in variants a section may inherit from. Keeping
//! them as data keeps every piece and variant name out of `src/`.

use super::ini::{self, Section};
use std::sync::OnceLock;

/// The embedded data file.
pub const TEXT: &str = include_str!("../../rules/fsf-builtins.ini");

/// One named piece type.
#[derive(Clone, Debug)]
pub struct PieceType {
    /// FSF's name, which is also its key in an ini (`shogiPawn`).
    pub name: String,
    /// Its moves; empty for a custom piece (the ini gives them).
    pub betza: String,
    /// A `customPieceN` slot.
    pub custom: bool,
}

/// The parsed data file.
#[derive(Debug)]
pub struct Builtins {
    pub pieces: Vec<PieceType>,
    /// The royal type (FSF's king), whose moves a section may redefine.
    pub royal: usize,
    /// The chess pawn (double step, en passant, promotion by choice).
    pub chess_pawn: usize,
    /// The rook type of castling.
    pub castling_rook: usize,
    /// The type `shogiPawnDropMateIllegal` is about.
    pub drop_mate_pawn: usize,
    /// Built-in variants, in file order (a parent comes before its children).
    pub variants: Vec<Section>,
}

impl Builtins {
    /// The index of the type named `name`.
    pub fn piece_index(&self, name: &str) -> Option<usize> {
        self.pieces.iter().position(|p| p.name == name)
    }

    /// A built-in variant that a user section may inherit from.
    pub fn variant(&self, name: &str) -> Option<usize> {
        self.variants.iter().position(|s| s.name == name)
    }

    /// The names a user section may inherit from.
    pub fn public_names(&self) -> Vec<&str> {
        self.variants
            .iter()
            .map(|s| s.name.as_str())
            .filter(|n| !n.starts_with('*'))
            .collect()
    }
}

/// The built-ins, parsed once. An error means the data file is broken
/// (a test keeps it from happening); it is reported, never a panic.
pub fn get() -> Result<&'static Builtins, String> {
    static CELL: OnceLock<Result<Builtins, String>> = OnceLock::new();
    CELL.get_or_init(load).as_ref().map_err(Clone::clone)
}

fn load() -> Result<Builtins, String> {
    let broken = |what: &str| format!("gunbai's rules/fsf-builtins.ini is broken: {what}");
    let sections = ini::parse(TEXT).map_err(|_| broken("it does not parse"))?;
    let mut pieces = Vec::new();
    let mut roles: Vec<(String, String)> = Vec::new();
    let mut variants = Vec::new();
    for s in sections {
        match s.name.as_str() {
            "*pieces" => {
                for e in &s.entries {
                    pieces.push(PieceType {
                        custom: e.key.starts_with("customPiece"),
                        name: e.key.clone(),
                        betza: e.value.clone(),
                    })
                }
            }
            "*roles" => roles.extend(s.entries.iter().map(|e| (e.key.clone(), e.value.clone()))),
            _ => variants.push(s),
        }
    }
    let role = |r: &str| {
        roles
            .iter()
            .find(|(k, _)| k == r)
            .and_then(|(_, v)| pieces.iter().position(|p: &PieceType| &p.name == v))
            .ok_or_else(|| broken(&format!("no role `{r}`")))
    };
    Ok(Builtins {
        royal: role("royal")?,
        chess_pawn: role("chessPawn")?,
        castling_rook: role("castlingRook")?,
        drop_mate_pawn: role("dropMatePawn")?,
        pieces,
        variants,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn data_file_loads() {
        let b = super::get().unwrap();
        assert_eq!(b.pieces.iter().filter(|p| p.custom).count(), 25);
        assert!(b.public_names().len() >= 10);
        for v in &b.variants {
            if let Some(p) = &v.parent {
                let at = b.variant(p).expect("parent defined");
                assert!(at < b.variant(&v.name).unwrap(), "parent before child");
            }
        }
    }
}
