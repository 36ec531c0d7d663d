//! What `gunbai xboard` tells a GUI about a variant XBoard does not know
//! (the rule file's `xboard_parent`): a `setup` command with the piece
//! letters, board size, hand size, parent variant and start position, and
//! a `piece` command with the XBetza moves of every piece that has one
//! (CECP's `setup (PIECETOCHAR) WxH+S_PARENT FEN`, `piece ID PIECEDESC`).
//!
//! XBoard knows a piece by one of its piece slots (65 a side besides the
//! king's) and a letter, optionally followed by `'` or `!`. Every piece
//! type a game can reach gets a slot: unpromoted types first (those that
//! go to the hand first, since only the first slots can be held), then
//! promoted types as `^X` (the promoted form of X, written `+X` in the
//! FEN); a royal the rules keep out of check takes XBoard's king slot.

use super::betza::xbetza;
use crate::position::Position;
use crate::ruleset::{Ruleset, TypeId};
use std::sync::Arc;

/// XBoard's piece slots a side, the king's not counted.
const SLOTS: usize = 65;
/// The largest board XBoard 4.9 holds (common.h `BOARD_FILES`,
/// `BOARD_RANKS`): columns, the two of each side's hand included, and rows.
const MAX_COLUMNS: usize = 16;
const MAX_ROWS: usize = 17;

/// Whether XBoard can hold a board of `files` x `ranks` with `held` hand
/// types; a larger one stops it ("Recompile to support this BOARD_RANKS or
/// BOARD_FILES!"), so gunbai says so instead of sending `setup`.
fn board_fits(files: usize, ranks: usize, held: usize) -> Result<(), String> {
    let columns = files + if held > 0 { 4 } else { 0 };
    // Hands longer than the board add rows (XBoard's dead ranks).
    let rows = ranks.max(held);
    if columns > MAX_COLUMNS || rows > MAX_ROWS {
        return Err(format!(
            "a {files}x{ranks} board is larger than XBoard's {MAX_COLUMNS} columns (hands included) and {MAX_ROWS} rows"
        ));
    }
    Ok(())
}

/// Letter suffixes XBoard accepts after a piece letter.
const SUFFIXES: [&str; 3] = ["", "'", "!"];

/// The lines to send after `variant` for a variant XBoard does not know;
/// empty for one it knows. `Err` says why XBoard cannot show it (a board
/// larger than XBoard holds, with or without `xboard_parent`).
pub fn setup_commands(rules: &Arc<Ruleset>) -> Result<Vec<String>, String> {
    let geo = &rules.geometry;
    let hand_types = rules.drops.as_ref().map_or(0, |d| d.hand_types.len());
    board_fits(geo.width as usize, geo.height as usize, hand_types)?;
    let Some(parent) = &rules.xboard_parent else {
        return Ok(Vec::new());
    };
    let letters = piece_letters(rules)?;
    let pos = Position::start(rules.clone());
    let first = rules.first;

    let mut table = [String::new(), String::new()];
    let slots = &letters.slots;
    for (side, text) in table.iter_mut().enumerate() {
        let case = |s: &str| if side == 0 { s.to_string() } else { s.to_lowercase() };
        for &ty in slots {
            match rules.types[usize::from(ty)].promoted_from {
                None => text.push_str(&case(&letters.of(ty))),
                Some(_) => {
                    text.push('^');
                    text.push_str(&case(&letters.of(letters.origin(rules, ty))));
                }
            }
        }
        // At least five slots: XBoard wants a table of 12 or more.
        for _ in slots.len()..5 {
            text.push('.');
        }
        text.push_str(&match letters.king {
            Some(k) => case(&letters.of(k)),
            None => ".".into(),
        });
    }

    let mut fen = String::new();
    for y in (0..geo.height as i32).rev() {
        let mut empty = 0;
        for x in 0..geo.width as i32 {
            let piece = geo.square(x, y).and_then(|sq| pos.piece_at(sq));
            let Some((c, ty)) = piece else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                fen.push_str(&empty.to_string());
                empty = 0;
            }
            let text = letters.fen(rules, ty);
            fen.push_str(&if c == first { text } else { text.to_lowercase() });
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if y > 0 {
            fen.push('/');
        }
    }
    let hand = letters.held;
    if hand > 0 {
        // The starting hands as XBoard's holdings, one letter a piece,
        // the side that moves first upper case.
        let mut held = String::new();
        for colour in [first, first.opposite()] {
            for &(ty, n) in &rules.setup_hands[colour.index()] {
                let text = letters.fen(rules, ty);
                let text = if colour == first { text } else { text.to_lowercase() };
                for _ in 0..n {
                    held.push_str(&text);
                }
            }
        }
        fen.push_str(&format!("[{}]", if held.is_empty() { "-" } else { &held }));
    }
    let mut out = vec![format!(
        "setup ({}{}) {}x{}+{}_{} {} w 0 1",
        table[0], table[1], geo.width, geo.height, hand, parent, fen
    )];
    for ty in slots.iter().copied().chain(letters.king) {
        let kind = rules.types[usize::from(ty)].kind;
        if let Some(desc) = xbetza(rules, kind) {
            out.push(format!("piece {}& {desc}", letters.fen(rules, ty)));
        }
    }
    Ok(out)
}

/// The XBoard letter of each type that can appear, and its slot.
struct PieceLetters {
    /// Letter (with suffix) by type; empty for types that never appear.
    by_type: Vec<String>,
    /// Types in slot order (the king's slot apart).
    slots: Vec<TypeId>,
    /// How many of the first slots are types that can be in hand.
    held: usize,
    king: Option<TypeId>,
}

impl PieceLetters {
    fn of(&self, ty: TypeId) -> String {
        self.by_type[usize::from(ty)].clone()
    }

    /// The unpromoted type a promoted type came from.
    fn origin(&self, rules: &Ruleset, ty: TypeId) -> TypeId {
        let from = rules.types[usize::from(ty)].promoted_from;
        rules
            .types
            .iter()
            .position(|t| t.promoted_from.is_none() && Some(t.kind) == from)
            .map_or(ty, |i| i as TypeId)
    }

    /// The type as written in XBoard's FEN: `X`, or `+X` when promoted.
    fn fen(&self, rules: &Ruleset, ty: TypeId) -> String {
        match rules.types[usize::from(ty)].promoted_from {
            None => self.of(ty),
            Some(_) => format!("+{}", self.of(self.origin(rules, ty))),
        }
    }
}

/// Gives every type a game can reach (from the setup, by promotion) a
/// letter and a slot.
fn piece_letters(rules: &Ruleset) -> Result<PieceLetters, String> {
    let n = rules.types.len();
    let mut reach = vec![false; n];
    for &(_, _, ty) in &rules.setup {
        reach[usize::from(ty)] = true;
    }
    for &(ty, _) in rules.setup_hands.iter().flatten() {
        reach[usize::from(ty)] = true;
    }
    // Promotion only ever goes forward along `promotes_to`.
    let mut changed = true;
    while changed {
        changed = false;
        for t in 0..n {
            if let Some(p) = rules.types[t].promotes_to
                && reach[t]
                && !reach[usize::from(p)]
            {
                reach[usize::from(p)] = true;
                changed = true;
            }
        }
    }
    // XBoard has one level of promotion, `+X` over an unpromoted X: each
    // promoted type needs an unpromoted type of the kind it came from, and
    // no other promoted type from the same one.
    let mut promoted_over = vec![false; n];
    for t in 0..n {
        let Some(from) = rules.types[t].promoted_from else {
            continue;
        };
        if !reach[t] {
            continue;
        }
        let origin = rules
            .types
            .iter()
            .position(|o| o.promoted_from.is_none() && o.kind == from);
        match origin {
            Some(o) if !promoted_over[o] => {
                promoted_over[o] = true;
                reach[o] = true;
            }
            _ => {
                return Err(format!(
                    "`{}` is a second promotion XBoard cannot write",
                    rules.types[t].code
                ));
            }
        }
    }
    let king = rules
        .royals
        .as_ref()
        .and_then(|r| (0..n).find(|&t| reach[t] && r.contains(t as TypeId) && rules.types[t].promoted_from.is_none()));
    let hand: Vec<TypeId> = rules.drops.as_ref().map(|d| d.hand_types.clone()).unwrap_or_default();
    let mut slots: Vec<TypeId> = hand
        .iter()
        .copied()
        .filter(|&t| reach[usize::from(t)] && Some(usize::from(t)) != king)
        .collect();
    let held = slots.len();
    for pass_promoted in [false, true] {
        for (t, &reachable) in reach.iter().enumerate() {
            let ty = t as TypeId;
            if reachable
                && Some(t) != king
                && rules.types[t].promoted_from.is_some() == pass_promoted
                && !slots.contains(&ty)
            {
                slots.push(ty);
            }
        }
    }
    if slots.len() > SLOTS {
        return Err(format!(
            "{} piece types can appear, and XBoard has {SLOTS} piece slots a side",
            slots.len() + usize::from(king.is_some())
        ));
    }
    // Letters: the code's letters in turn, then any; each with a suffix.
    let mut by_type = vec![String::new(); n];
    let mut used: Vec<String> = Vec::new();
    let unpromoted = king.into_iter().chain(slots.iter().map(|&t| usize::from(t)));
    for t in unpromoted.filter(|&t| rules.types[t].promoted_from.is_none()) {
        let code: Vec<char> = rules.types[t]
            .code
            .chars()
            .filter(char::is_ascii_alphabetic)
            .map(|c| c.to_ascii_uppercase())
            .collect();
        let letters = code.iter().copied().chain('A'..='Z');
        let pick = SUFFIXES
            .iter()
            .flat_map(|s| letters.clone().map(move |l| format!("{l}{s}")))
            .find(|id| !used.contains(id));
        let Some(id) = pick else {
            return Err("more pieces than XBoard has letters".into());
        };
        used.push(id.clone());
        by_type[t] = id;
    }
    Ok(PieceLetters {
        by_type,
        slots,
        held,
        king: king.map(|k| k as TypeId),
    })
}

/// Reads a position in the FEN [`setup_commands`] writes (XBoard sends it
/// back with `setboard`): `None` if the variant has no XBoard description
/// or the text is not such a FEN.
pub fn read_fen(rules: &Arc<Ruleset>, fen: &str) -> Option<Result<Position, String>> {
    rules.xboard_parent.as_ref()?;
    let letters = piece_letters(rules).ok()?;
    let mut fields = fen.split_whitespace();
    let board = fields.next()?;
    let (board, hand) = match board.split_once('[') {
        Some((b, h)) => (b, h.trim_end_matches(']')),
        None => (board, ""),
    };
    let side = match fields.next() {
        Some("w") | None => rules.first,
        Some("b") => rules.first.opposite(),
        Some(_) => return None,
    };
    let first = rules.first;
    let code = |ty: TypeId, upper: bool| {
        let c = &rules.types[usize::from(ty)].code;
        if upper == (first == crate::board::Colour::Black) {
            c.to_uppercase()
        } else {
            c.to_lowercase()
        }
    };
    let mut text = String::new();
    for (i, rank) in board.split('/').enumerate() {
        if i > 0 {
            text.push('/');
        }
        let mut squares: Vec<String> = Vec::new();
        let mut chars = rank.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut n = d;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n.checked_mul(10)?.checked_add(d)?;
                    chars.next();
                }
                squares.push(n.to_string());
                continue;
            }
            let promoted = c == '+';
            let c = if promoted { chars.next()? } else { c };
            let mut id = c.to_ascii_uppercase().to_string();
            if let Some(&s) = chars.peek()
                && (s == '\'' || s == '!')
            {
                id.push(s);
                chars.next();
            }
            let ty = letters.type_of(rules, &id, promoted)?;
            squares.push(code(ty, c.is_ascii_uppercase()));
        }
        text.push_str(&squares.join(","));
    }
    if !hand.is_empty() && hand != "-" {
        let mut held: Vec<(String, u32)> = Vec::new();
        let mut chars = hand.chars().peekable();
        while let Some(c) = chars.next() {
            let mut id = c.to_ascii_uppercase().to_string();
            if let Some(&s) = chars.peek()
                && (s == '\'' || s == '!')
            {
                id.push(s);
                chars.next();
            }
            let code = code(letters.type_of(rules, &id, false)?, c.is_ascii_uppercase());
            match held.iter_mut().find(|(k, _)| *k == code) {
                Some((_, n)) => *n += 1,
                None => held.push((code, 1)),
            }
        }
        let parts: Vec<String> = held
            .iter()
            .map(|(k, n)| if *n > 1 { format!("{n}{k}") } else { k.clone() })
            .collect();
        text.push_str(&format!("[{}]", parts.join(",")));
    }
    text.push_str(if side == crate::board::Colour::Black {
        " b"
    } else {
        " w"
    });
    Some(
        Position::from_text(rules.clone(), &text)
            .map_err(|r| r.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default()),
    )
}

impl PieceLetters {
    /// The type an XBoard letter (with its suffix) stands for.
    fn type_of(&self, rules: &Ruleset, id: &str, promoted: bool) -> Option<TypeId> {
        let base = self.by_type.iter().position(|l| l == id)? as TypeId;
        if !promoted {
            return Some(base);
        }
        self.slots
            .iter()
            .copied()
            .find(|&t| rules.types[usize::from(t)].promoted_from.is_some() && self.origin(rules, t) == base)
    }
}

/// The letter XBoard writes a piece type with in a drop (`P@e5`): the one
/// [`setup_commands`] gave it, or for a variant XBoard knows, its code.
pub fn drop_letter(rules: &Ruleset, ty: TypeId) -> String {
    let given = rules
        .xboard_parent
        .as_ref()
        .and_then(|_| piece_letters(rules).ok())
        .map(|l| l.of(ty))
        .filter(|l| !l.is_empty());
    given.unwrap_or_else(|| rules.types[usize::from(ty)].code.to_uppercase())
}

/// The type a drop's letter stands for (either case).
pub fn drop_type(rules: &Ruleset, letter: &str) -> Option<TypeId> {
    let up = letter.to_uppercase();
    let hand = &rules.drops.as_ref()?.hand_types;
    hand.iter().copied().find(|&t| drop_letter(rules, t) == up)
}
