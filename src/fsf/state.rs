//! A Fairy-Stockfish variant's settings as FSF builds them from a section
//! and its parents: each section is applied over its parent's settings in
//! FSF's order (board size, then the pieces in FSF's type order, then
//! everything else), with piece letters resolved against the pieces known
//! at that point, as FSF does. Values keep where they came from, so that
//! an error names the line (or the built-in parent) that set them.

use super::builtins::Builtins;
use super::ini::{Entry, Section};
use crate::diagnostics::Diagnostic;
use std::collections::BTreeMap;
use std::ops::Range;

/// Where a value was set: a line of the user's file, or a built-in parent.
#[derive(Clone, Debug)]
pub enum Origin {
    Line(Range<usize>),
    Builtin(String),
}

/// A raw value and where it was set.
#[derive(Clone, Debug)]
pub struct Value {
    pub text: String,
    pub origin: Origin,
}

/// One side of a per-colour piece setting: a type, or FSF's `*` (any piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceRef {
    Type(usize),
    All,
}

/// The settings of one variant.
#[derive(Clone, Debug)]
pub struct State {
    pub max_rank: i32,
    pub max_file: i32,
    /// Letter (lower case) of each piece type in the game, by type index.
    pub letters: Vec<Option<char>>,
    /// Betza of custom types (and of the royal type when redefined), by type index.
    pub custom: Vec<Option<Value>>,
    /// `promotedPieceType`, by type index.
    pub promoted: Vec<Option<usize>>,
    pub drop_no_doubled: Option<usize>,
    /// `extinctionPieceTypes`: the types, or `*`.
    pub extinction: Vec<PieceRef>,
    pub flag_piece: [Option<PieceRef>; 2],
    /// Every other key's last value.
    pub values: BTreeMap<String, Value>,
}

/// Keys read as piece letters when their section is applied.
const LETTER_KEYS: &[&str] = &[
    "promotedPieceType",
    "dropNoDoubled",
    "extinctionPieceTypes",
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
];

impl State {
    /// FSF's settings for a section without a parent: its defaults, no pieces.
    pub fn empty(types: usize) -> Self {
        State {
            max_rank: 8,
            max_file: 8,
            letters: vec![None; types],
            custom: vec![None; types],
            promoted: vec![None; types],
            drop_no_doubled: None,
            extinction: Vec::new(),
            flag_piece: [Some(PieceRef::All), Some(PieceRef::All)],
            values: BTreeMap::new(),
        }
    }

    /// The type whose letter is `c` (either case).
    pub fn type_of(&self, c: char) -> Option<usize> {
        let c = c.to_ascii_lowercase();
        self.letters.iter().position(|&l| l == Some(c))
    }

    /// A raw value, if any section set it.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.values.get(key)
    }

    /// Applies one section over these settings. `builtin` names the
    /// section when it is one of the built-ins (its values then have no
    /// line in the user's file).
    pub fn apply(&mut self, b: &Builtins, section: &Section, builtin: bool, errors: &mut Vec<Diagnostic>) {
        let origin = |e: &Entry| {
            if builtin {
                Origin::Builtin(section.name.clone())
            } else {
                Origin::Line(e.span.clone())
            }
        };
        let mut err = |e: &Entry, msg: String| {
            let span = if builtin { section.span.clone() } else { e.span.clone() };
            errors.push(Diagnostic::error(span, msg));
        };
        for (key, target) in [("maxRank", 0), ("maxFile", 1)] {
            if let Some(e) = section.get(key) {
                match parse_size(&e.value, target == 1) {
                    Some(n) if (1..=if target == 1 { 12 } else { 10 }).contains(&n) => {
                        if target == 0 {
                            self.max_rank = n
                        } else {
                            self.max_file = n
                        }
                    }
                    _ => err(
                        e,
                        format!(
                            "`{key} = {}`: Fairy-Stockfish takes 1 to {} {} (a number{})",
                            e.value,
                            if target == 1 { 12 } else { 10 },
                            if target == 1 { "files" } else { "ranks" },
                            if target == 1 { " or a letter a..l" } else { "" }
                        ),
                    ),
                }
            }
        }
        for (t, piece) in b.pieces.iter().enumerate() {
            let Some(e) = section.get(&piece.name) else { continue };
            if e.value.is_empty() {
                continue; // FSF leaves the piece as it was
            }
            let first = e.value.chars().next().unwrap_or('-');
            if first.is_ascii_alphabetic() {
                let c = first.to_ascii_lowercase();
                if let Some(other) = self.type_of(c) {
                    self.letters[other] = None;
                }
                self.letters[t] = Some(c);
                let betza = e.value.get(2..).unwrap_or("");
                if piece.custom || t == b.royal {
                    if e.value.len() > 1 {
                        self.custom[t] = Some(Value {
                            text: betza.to_string(),
                            origin: origin(e),
                        });
                    } else if t == b.royal {
                        self.custom[t] = None;
                    } else {
                        err(
                            e,
                            format!(
                                "`{} = {}`: a custom piece needs its moves: `{}`",
                                piece.name,
                                e.value,
                                example(&piece.name)
                            ),
                        );
                    }
                }
            } else if first == '-' {
                self.letters[t] = None;
            } else {
                err(
                    e,
                    format!(
                        "`{} = {}`: a piece letter must be an ASCII letter, or `-` to remove the piece",
                        piece.name, e.value
                    ),
                );
            }
        }
        for e in &section.entries {
            if b.piece_index(&e.key).is_some() || e.key == "maxRank" || e.key == "maxFile" {
                continue;
            }
            if LETTER_KEYS.contains(&e.key.as_str()) {
                continue;
            }
            self.values.insert(
                e.key.clone(),
                Value {
                    text: e.value.clone(),
                    origin: origin(e),
                },
            );
        }
        // The keys that name pieces, against the letters of this section.
        if let Some(e) = section.get("promotedPieceType") {
            for pair in e.value.split_whitespace() {
                let mut cs = pair.chars();
                let (from, colon, to) = (cs.next(), cs.next(), cs.next());
                let to_type = match to {
                    Some('-') => Some(None),
                    Some(c) => self.type_of(c).map(Some),
                    None => None,
                };
                match (from.and_then(|c| self.type_of(c)), colon, to_type, cs.next()) {
                    (Some(f), Some(':'), Some(t), None) => self.promoted[f] = t,
                    _ => {
                        err(
                            e,
                            format!(
                                "`promotedPieceType`: `{pair}` is not `letter:letter` with letters of this variant's pieces (or `-` after the colon)"
                            ),
                        );
                        break;
                    }
                }
            }
        }
        if let Some(e) = section.get("dropNoDoubled") {
            match self.piece_set(&e.value) {
                Some(set) if set.len() <= 1 => {
                    self.drop_no_doubled = set.first().and_then(|p| match p {
                        PieceRef::Type(t) => Some(*t),
                        PieceRef::All => None,
                    })
                }
                _ => err(
                    e,
                    format!(
                        "`dropNoDoubled = {}`: one piece letter of this variant, or `-`",
                        e.value
                    ),
                ),
            }
        }
        if let Some(e) = section.get("extinctionPieceTypes") {
            match self.piece_set(&e.value) {
                Some(set) => self.extinction = set,
                None => err(
                    e,
                    format!(
                        "`extinctionPieceTypes = {}`: letters of this variant's pieces, `*` for all, or `-`",
                        e.value
                    ),
                ),
            }
        }
        for (key, sides) in [
            ("flagPiece", [0, 1]),
            ("flagPieceWhite", [0, 0]),
            ("flagPieceBlack", [1, 1]),
        ] {
            if let Some(e) = section.get(key) {
                match self.piece_set(&e.value) {
                    Some(set) if set.len() <= 1 => {
                        for s in sides {
                            self.flag_piece[s] = set.first().copied();
                        }
                    }
                    _ => err(
                        e,
                        format!("`{key} = {}`: one piece letter of this variant, or `*`", e.value),
                    ),
                }
            }
        }
    }

    /// A piece set as FSF reads one: letters until one it does not know;
    /// `*` is every piece, `-` none. `None` when a letter is unknown.
    fn piece_set(&self, text: &str) -> Option<Vec<PieceRef>> {
        let mut out = Vec::new();
        for c in text.chars().filter(|c| !c.is_whitespace()) {
            match c {
                '-' => break,
                '*' => out.push(PieceRef::All),
                c => out.push(PieceRef::Type(self.type_of(c)?)),
            }
        }
        Some(out)
    }
}

/// What a custom piece line looks like, for a hint.
fn example(name: &str) -> String {
    format!("{name} = a:fWfF")
}

/// A board dimension as FSF reads it: a number, or for files a letter.
fn parse_size(text: &str, file: bool) -> Option<i32> {
    let t = text.trim();
    if let Ok(n) = t.parse::<i32>() {
        return Some(n);
    }
    let mut cs = t.chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) if file && c.is_ascii_lowercase() => Some(c as i32 - 'a' as i32 + 1),
        _ => None,
    }
}
