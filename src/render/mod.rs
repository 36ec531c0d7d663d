//! Output for people and tools: pictures of pieces and boards (SVG), the
//! rule book (HTML), move-list snapshots for CI, and JSON for scripts.
//!
//! Everything here reads a `Ruleset`, a `Position` or a `MoveMap` and
//! builds text. Nothing here changes a position or decides a rule: the
//! moves and results it shows come from `movegen` and `play`.

pub mod board;
pub mod book;
pub mod json;
pub mod snapshot;
pub mod svg;

use crate::board::{Colour, Square};
use crate::dsl::OptionValue;
use crate::position::{EndReason, Outcome, Position};
use crate::ruleset::{Ruleset, TypeId};

/// Name keys tried, in order, for the label drawn on a piece: the kanji
/// of the historical sources first, the piece code last.
pub const LABEL_SCRIPTS: [&str; 4] = ["ja", "zh-Hant", "zh-Hans", "kanji"];

/// The text drawn on a piece of type `ty`: its kind's name in the first of
/// [`LABEL_SCRIPTS`] the rule file gives, else the type's code.
pub fn piece_label(rules: &Ruleset, ty: TypeId) -> String {
    let kind = rules.kind_of(ty);
    LABEL_SCRIPTS
        .iter()
        .find_map(|key| kind.names.get(*key))
        .filter(|name| !name.trim().is_empty())
        .cloned()
        .unwrap_or_else(|| rules.types[usize::from(ty)].code.clone())
}

/// Whether a text has CJK ideographs (or kana), which are drawn in a CJK
/// font and stacked top to bottom on a piece.
pub fn is_ideographic(text: &str) -> bool {
    // U+2E80 starts the CJK radicals; kana and ideographs come after.
    text.chars().any(|c| c >= '\u{2E80}')
}

/// The kind's English name, if the rule file gives one, else its id.
pub fn english_name(rules: &Ruleset, kind: usize) -> &str {
    let k = &rules.kinds[kind];
    k.names.get("en").map_or(k.id.as_str(), |n| n.as_str())
}

/// How a game ended, in words: `black wins (loses_when)`,
/// `draw (repetition)`, `white wins (wins_when bare_king)`, and
/// `draw (both sides met loses_when)` when one move left both sides
/// meeting it (`[victory] both_lose`, two bare kings).
pub fn outcome_text(rules: &Ruleset, o: &Outcome) -> String {
    match (o.winner(), o.reason) {
        (None, EndReason::Lost) => "draw (both sides met loses_when)".to_string(),
        (Some(c), reason) => format!("{c} wins ({})", reason_text(rules, reason)),
        (None, reason) => format!("draw ({})", reason_text(rules, reason)),
    }
}

/// Why a game ended, in the rule file's terms.
pub fn reason_text(rules: &Ruleset, reason: EndReason) -> String {
    match reason {
        EndReason::Lost => "loses_when".to_string(),
        EndReason::Won(i) => match rules.victory.wins.get(usize::from(i)) {
            Some(w) => format!("wins_when {}", w.id),
            None => "wins_when".to_string(),
        },
        EndReason::Answered => "answered win".to_string(),
        EndReason::Repetition => "repetition".to_string(),
        EndReason::NoMoves => "no legal moves".to_string(),
        EndReason::MoveLimit => "move limit".to_string(),
    }
}

/// An option's value as the command line writes it (`true`, `after`).
pub fn option_text(v: &OptionValue) -> String {
    match v {
        OptionValue::Bool(b) => b.to_string(),
        OptionValue::Enum { value, .. } => value.clone(),
    }
}

/// The values an option takes, as the command line writes them.
pub fn option_values(v: &OptionValue) -> Vec<String> {
    match v {
        OptionValue::Bool(_) => vec!["true".to_string(), "false".to_string()],
        OptionValue::Enum { allowed, .. } => allowed.clone(),
    }
}

/// Every piece on the board, in square order (for pictures and JSON).
pub fn pieces(pos: &Position) -> Vec<(Square, Colour, TypeId)> {
    let len = pos.rules().geometry.len();
    (0..len)
        .filter_map(|i| {
            let sq = Square::try_from(i).ok()?;
            pos.piece_at(sq).map(|(colour, ty)| (sq, colour, ty))
        })
        .collect()
}
