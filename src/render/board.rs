//! The board as plain text: one line per rank from the top, piece codes
//! (upper case Black, lower case White), `.` for an empty square, rank
//! numbers on the left and file letters underneath. In a variant with
//! drops, White's hand is written above the board and Black's below it,
//! each next to its owner's side.

use crate::board::Colour;
use crate::position::Position;

/// Draws a position's board, seen from Black's side.
pub fn board_text(p: &Position) -> String {
    let rules = p.rules();
    let geo = &rules.geometry;
    let w = rules.types.iter().map(|t| t.code.len()).max().unwrap_or(1).max(2) + 1;
    let mut s = String::new();
    if let Some(hand) = hand_line(p, Colour::White) {
        s.push_str(&hand);
    }
    for y in (0..geo.height as i32).rev() {
        s.push_str(&format!("{:>3} ", y + 1));
        let mut row = String::new();
        for x in 0..geo.width as i32 {
            let cell = match geo.square(x, y).and_then(|sq| p.piece_at(sq)) {
                None => ".".to_string(),
                Some((c, ty)) => {
                    let code = &rules.types[usize::from(ty)].code;
                    match c {
                        Colour::Black => code.clone(),
                        Colour::White => code.to_ascii_lowercase(),
                    }
                }
            };
            row.push_str(&format!("{cell:<w$}"));
        }
        s.push_str(row.trim_end());
        s.push('\n');
    }
    let mut files = String::from("    ");
    for x in 0..geo.width as i32 {
        let name = geo.square(x, 0).map(|sq| geo.square_name(sq)).unwrap_or_default();
        files.push_str(&format!("{:<w$}", name.trim_end_matches(|c: char| c.is_ascii_digit())));
    }
    s.push_str(files.trim_end());
    s.push('\n');
    if let Some(hand) = hand_line(p, Colour::Black) {
        s.push_str(&hand);
    }
    s
}

/// `in hand, black: B, 2P` (codes as on the board, in the order of the
/// rule file's hand types; `-` for an empty hand), or None in a variant
/// without drops.
fn hand_line(p: &Position, colour: Colour) -> Option<String> {
    let rules = p.rules();
    let drops = rules.drops.as_ref()?;
    let items: Vec<String> = drops
        .hand_types
        .iter()
        .filter_map(|&ty| {
            let n = p.in_hand(colour, ty);
            let code = &rules.types[usize::from(ty)].code;
            let code = match colour {
                Colour::Black => code.clone(),
                Colour::White => code.to_ascii_lowercase(),
            };
            match n {
                0 => None,
                1 => Some(code),
                n => Some(format!("{n}{code}")),
            }
        })
        .collect();
    let list = if items.is_empty() {
        "-".to_string()
    } else {
        items.join(", ")
    };
    Some(format!("in hand, {colour}: {list}\n"))
}
