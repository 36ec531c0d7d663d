//! The board as plain text: one line per rank from the top, piece codes
//! (upper case Black, lower case White), `.` for an empty square, rank
//! numbers on the left and file letters underneath.

use crate::board::Colour;
use crate::position::Position;

/// Draws a position's board, seen from Black's side.
pub fn board_text(p: &Position) -> String {
    let rules = p.rules();
    let geo = &rules.geometry;
    let w = rules.types.iter().map(|t| t.code.len()).max().unwrap_or(1).max(2) + 1;
    let mut s = String::new();
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
    s
}
