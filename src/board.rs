//! Board geometry: squares, colours, directions and their names.
//!
//! Owns the mapping between coordinates and dense square indices. It knows
//! nothing about pieces or rules.

use std::fmt;

/// Largest board side the interpreter supports (the largest historical
/// variant is 36x36).
pub const MAX_SIDE: u32 = 36;

/// A square index: `y * width + x`, with `x` the file from the first
/// player's left and `y` the rank from the first player's side.
pub type Square = u16;

/// Marks "no square" in the dense neighbour tables.
pub const NO_SQUARE: Square = u16::MAX;

/// One of the two sides. Black moves first and starts at rank 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    pub fn opposite(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    pub const BOTH: [Colour; 2] = [Colour::Black, Colour::White];
    /// The letter used in position texts (`b` / `w`).
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'b',
            Colour::White => 'w',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::White => "white",
        })
    }
}

/// An offset relative to the piece's owner: `dy > 0` is forward, `dx > 0`
/// is to the owner's right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Offset {
    pub dx: i8,
    pub dy: i8,
}

impl Offset {
    pub const fn new(dx: i8, dy: i8) -> Self {
        Offset { dx, dy }
    }
    /// The same offset seen from the board, for a piece of `colour`: White's
    /// pieces face the other way, so their offsets are rotated by 180°.
    pub fn for_colour(self, colour: Colour) -> Offset {
        match colour {
            Colour::Black => self,
            Colour::White => Offset::new(-self.dx, -self.dy),
        }
    }
    pub fn reversed(self) -> Offset {
        Offset::new(-self.dx, -self.dy)
    }
    /// Chebyshev length.
    pub fn length(self) -> u8 {
        self.dx.unsigned_abs().max(self.dy.unsigned_abs())
    }
    /// The unit direction of a straight (orthogonal or diagonal) offset.
    pub fn unit(self) -> Offset {
        Offset::new(self.dx.signum(), self.dy.signum())
    }
    pub fn is_perpendicular_to(self, other: Offset) -> bool {
        i32::from(self.dx) * i32::from(other.dx) + i32::from(self.dy) * i32::from(other.dy) == 0
    }
}

/// The eight named one-square directions, relative to the owner.
pub const DIRECTION_NAMES: [(&str, Offset); 8] = [
    ("F", Offset::new(0, 1)),
    ("B", Offset::new(0, -1)),
    ("L", Offset::new(-1, 0)),
    ("R", Offset::new(1, 0)),
    ("FL", Offset::new(-1, 1)),
    ("FR", Offset::new(1, 1)),
    ("BL", Offset::new(-1, -1)),
    ("BR", Offset::new(1, -1)),
];

/// Named groups of directions usable wherever a direction is expected.
pub const DIRECTION_GROUPS: [(&str, &[&str]); 7] = [
    ("all", &["F", "B", "L", "R", "FL", "FR", "BL", "BR"]),
    ("orth", &["F", "B", "L", "R"]),
    ("diag", &["FL", "FR", "BL", "BR"]),
    ("vert", &["F", "B"]),
    ("side", &["L", "R"]),
    ("fdiag", &["FL", "FR"]),
    ("bdiag", &["BL", "BR"]),
];

/// Every name accepted in a direction list, for "did you mean" hints.
pub fn direction_vocabulary() -> Vec<&'static str> {
    DIRECTION_NAMES
        .iter()
        .map(|(n, _)| *n)
        .chain(DIRECTION_GROUPS.iter().map(|(n, _)| *n))
        .collect()
}

/// Resolves one direction name or group name to its offsets.
pub fn resolve_direction(name: &str) -> Option<Vec<Offset>> {
    if let Some((_, o)) = DIRECTION_NAMES.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        return Some(vec![*o]);
    }
    let (_, members) = DIRECTION_GROUPS.iter().find(|(n, _)| n.eq_ignore_ascii_case(name))?;
    Some(members.iter().filter_map(|m| resolve_direction(m)).flatten().collect())
}

/// The shape of a board and the dense tables derived from it.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub width: u32,
    pub height: u32,
}

impl Geometry {
    pub fn new(width: u32, height: u32) -> Self {
        Geometry { width, height }
    }
    pub fn len(&self) -> usize {
        (self.width * self.height) as usize
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn square(&self, x: i32, y: i32) -> Option<Square> {
        if x < 0 || y < 0 || x >= self.width as i32 || y >= self.height as i32 {
            None
        } else {
            Some((y as u32 * self.width + x as u32) as Square)
        }
    }
    pub fn xy(&self, sq: Square) -> (i32, i32) {
        let s = u32::from(sq);
        ((s % self.width) as i32, (s / self.width) as i32)
    }
    /// Board-absolute neighbour of `sq` by `off`, if on the board.
    pub fn shift(&self, sq: Square, off: Offset) -> Option<Square> {
        let (x, y) = self.xy(sq);
        self.square(x + i32::from(off.dx), y + i32::from(off.dy))
    }
    /// Chebyshev distance between two squares.
    pub fn distance(&self, a: Square, b: Square) -> i32 {
        let (ax, ay) = self.xy(a);
        let (bx, by) = self.xy(b);
        (ax - bx).abs().max((ay - by).abs())
    }
    /// Rank counted from `colour`'s own side, starting at 1.
    pub fn relative_rank(&self, sq: Square, colour: Colour) -> i32 {
        let (_, y) = self.xy(sq);
        match colour {
            Colour::Black => y + 1,
            Colour::White => self.height as i32 - y,
        }
    }
    /// Algebraic name: files `a`..`z`, then `aa`, `ab`, ...; ranks from 1.
    pub fn square_name(&self, sq: Square) -> String {
        let (x, y) = self.xy(sq);
        format!("{}{}", file_name(x as u32), y + 1)
    }
    /// Parses an algebraic square name.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        let split = text.find(|c: char| c.is_ascii_digit())?;
        let (letters, digits) = text.split_at(split);
        if letters.is_empty() || !letters.chars().all(|c| c.is_ascii_lowercase()) {
            return None;
        }
        if !digits.chars().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let x = parse_file_name(letters)?;
        // At least 1 (no leading zero), and small enough that `y - 1`
        // cannot overflow.
        let y: i32 = digits.parse().ok()?;
        self.square(x as i32, y - 1)
    }
}

fn file_name(mut x: u32) -> String {
    // Spreadsheet-style: a..z, aa..az, ...
    let mut out = Vec::new();
    loop {
        out.push(b'a' + (x % 26) as u8);
        if x < 26 {
            break;
        }
        x = x / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

fn parse_file_name(letters: &str) -> Option<u32> {
    let mut value: u32 = 0;
    for (i, b) in letters.bytes().enumerate() {
        let digit = u32::from(b - b'a');
        value = if i == 0 { digit } else { (value + 1) * 26 + digit };
        if value > 10_000 {
            return None;
        }
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip_on_the_largest_board() {
        let g = Geometry::new(MAX_SIDE, MAX_SIDE);
        for sq in 0..g.len() as Square {
            assert_eq!(g.parse_square(&g.square_name(sq)), Some(sq));
        }
        assert_eq!(g.square_name(g.square(26, 0).unwrap()), "aa1");
        assert_eq!(g.square_name(g.square(35, 35).unwrap()), "aj36");
    }

    #[test]
    fn malformed_square_names_are_rejected() {
        let g = Geometry::new(12, 12);
        for bad in ["", "a", "1", "a0", "m1", "a13", "A1", "a01", "a1x"] {
            assert_eq!(g.parse_square(bad), None, "{bad}");
        }
    }

    #[test]
    fn white_offsets_are_rotated() {
        assert_eq!(Offset::new(1, 2).for_colour(Colour::White), Offset::new(-1, -2));
    }
}
