//! Helpers shared by the scenario tests (`<variant>_rules.rs`) and the
//! diagram tests: positions from piece lists, legal moves as canonical
//! text, playing moves, reading squares, the renderer's arrows.

#![allow(dead_code)]

use gunbai::unstable::board::{Colour, Square};
use gunbai::unstable::movegen::{Move, legal_moves};
use gunbai::unstable::notation::{move_text, parse_move};
use gunbai::unstable::position::Position;

pub fn sq(pos: &Position, name: &str) -> Square {
    pos.rules()
        .geometry
        .parse_square(name)
        .unwrap_or_else(|| panic!("bad square {name}"))
}

pub fn legal(pos: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    legal_moves(pos, &mut v).unwrap();
    v
}

/// Sorted canonical texts of every legal move.
pub fn all_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = legal(pos).iter().map(|m| move_text(pos, m)).collect();
    v.sort();
    v
}

/// Sorted canonical texts of the legal moves starting on `from`.
pub fn moves_from(pos: &Position, from: &str) -> Vec<String> {
    let from = sq(pos, from);
    let mut v: Vec<String> = legal(pos)
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| move_text(pos, m))
        .collect();
    v.sort();
    v
}

/// Is `text` (canonical form) a legal move? Also checks that `parse_move`
/// agrees with the generated list.
pub fn is_legal(pos: &Position, text: &str) -> bool {
    let listed = all_moves(pos).iter().any(|m| m == text);
    match parse_move(pos, text) {
        Ok(m) => {
            assert!(listed, "parse_move accepted `{text}`, which is not listed");
            assert_eq!(move_text(pos, &m), text, "parse_move picked another move");
        }
        Err(_) => assert!(!listed, "`{text}` is listed but parse_move rejects it"),
    }
    listed
}

#[track_caller]
pub fn assert_legal(pos: &Position, text: &str, why: &str) {
    assert!(
        is_legal(pos, text),
        "`{text}` should be legal ({why}) in\n  {}\nmoves: {:?}",
        pos.to_text(),
        all_moves(pos)
    );
}

#[track_caller]
pub fn assert_illegal(pos: &Position, text: &str, why: &str) {
    assert!(
        !is_legal(pos, text),
        "`{text}` should be illegal ({why}) in\n  {}",
        pos.to_text()
    );
}

/// Plays a legal move given in canonical text.
#[track_caller]
pub fn play(pos: &mut Position, text: &str) {
    let m = parse_move(pos, text).unwrap_or_else(|e| panic!("`{text}` in {}:\n{e}", pos.to_text()));
    assert_eq!(move_text(pos, &m), text);
    pos.play_unchecked(&m);
}

/// The code of the piece on a square (lower case for White), if any.
pub fn code_at(pos: &Position, name: &str) -> Option<String> {
    pos.piece_at(sq(pos, name)).map(|(c, ty)| {
        let code = pos.rules().types[usize::from(ty)].code.clone();
        if c == Colour::Black {
            code
        } else {
            code.to_ascii_lowercase()
        }
    })
}

/// A snapshot body: the position, then one move per line.
pub fn listing(pos: &Position, moves: &[String]) -> String {
    format!("{}\n{} moves\n{}", pos.to_text(), moves.len(), moves.join("\n"))
}

/// The native board text of a `size`x`size` board for a piece list like
/// `"K a1, k l12, +KN f6"`.
pub fn board_text(size: usize, pieces: &str) -> String {
    board_text_rect(size, size, pieces)
}

/// As [`board_text`], for a board of `files` x `ranks`.
pub fn board_text_rect(files: usize, ranks: usize, pieces: &str) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; files]; ranks];
    for item in pieces.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (code, sq) = item
            .split_once(' ')
            .unwrap_or_else(|| panic!("`{item}`: expected `CODE square`"));
        // Files `a`..`z`, then `aa`..`aj` (36 files).
        let letters = sq.bytes().take_while(u8::is_ascii_lowercase).count();
        let file = match sq.as_bytes()[..letters] {
            [f] => usize::from(f - b'a'),
            [b'a', f] => 26 + usize::from(f - b'a'),
            _ => panic!("bad square {sq}"),
        };
        let rank: usize = sq[letters..].parse().unwrap_or_else(|_| panic!("bad square {sq}"));
        assert!(file < files && (1..=ranks).contains(&rank), "bad square {sq}");
        let cell = &mut grid[rank - 1][file];
        assert!(cell.is_none(), "two pieces on {sq}");
        *cell = Some(code.to_string());
    }
    let mut rows = Vec::new();
    for rank in (0..ranks).rev() {
        let mut items = Vec::new();
        let mut empty = 0;
        for cell in &grid[rank] {
            match cell {
                None => empty += 1,
                Some(code) => {
                    if empty > 0 {
                        items.push(empty.to_string());
                        empty = 0;
                    }
                    items.push(code.clone());
                }
            }
        }
        if empty > 0 {
            items.push(empty.to_string());
        }
        rows.push(items.join(","));
    }
    rows.join("/")
}

/// A position of `rules` from a piece list on its board (see
/// [`board_text`]), followed by `rest` of the position text: the side to
/// move and any later fields (`b -`, `w f5`, `b - w:K`).
pub fn pieces_position(
    rules: std::sync::Arc<gunbai::unstable::ruleset::Ruleset>,
    pieces: &str,
    rest: &str,
) -> Position {
    let (files, ranks) = (rules.geometry.width as usize, rules.geometry.height as usize);
    let text = format!("{} {rest}", board_text_rect(files, ranks, pieces));
    Position::from_text(rules, &text).unwrap_or_else(|e| panic!("{text}:\n{e}"))
}

/// The start position of a bundled variant with options (`NAME=VALUE`).
pub fn variant_start(variant: &str, opts: &[&str]) -> Position {
    Position::start(variant_with(variant, opts))
}

/// The side to move's legal moves, counted by the kind (id) of the mover.
pub fn moves_by_kind(pos: &Position) -> std::collections::BTreeMap<String, usize> {
    let mut tally = std::collections::BTreeMap::new();
    for m in &legal(pos) {
        let (_, ty) = pos.piece_at(m.from()).expect("a piece on the origin");
        *tally.entry(pos.rules().kind_of(ty).id.clone()).or_insert(0) += 1;
    }
    tally
}

/// The pieces of each side in the variant's setup, having checked that
/// White's array is Black's rotated 180°.
#[track_caller]
pub fn setup_rotated_count(pos: &Position) -> [usize; 2] {
    let r = pos.rules();
    let geo = &r.geometry;
    let mut count = [0; 2];
    for (sq, colour, ty) in &r.setup {
        count[colour.index()] += 1;
        let (x, y) = geo.xy(*sq);
        let rotated = geo
            .square(geo.width as i32 - 1 - x, geo.height as i32 - 1 - y)
            .expect("on the board");
        let other = pos.piece_at(rotated).expect("the rotated square is occupied");
        assert_ne!(other.0, *colour);
        assert_eq!(other.1, *ty, "White = Black rotated 180°");
    }
    count
}

/// A position of a bundled variant from a piece list (see [`board_text`]),
/// the side to move (`b`/`w`) and options (`NAME=VALUE`), with no last move.
pub fn variant_position(variant: &str, opts: &[&str], pieces: &str, side: &str) -> Position {
    pieces_position(variant_with(variant, opts), pieces, &format!("{side} -"))
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// A count from the environment (a larger sample of a random test), or
/// `default`.
pub fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// A rule file given as text (a test's toy variant), compiled with options
/// given as `NAME=VALUE` texts; panics with the diagnostics if it fails.
pub fn compile_text(name: &str, text: &str, opts: &[&str]) -> std::sync::Arc<gunbai::unstable::ruleset::Ruleset> {
    let overrides: Vec<gunbai::unstable::compile::OptionOverride> =
        opts.iter().map(|s| s.parse().expect("NAME=VALUE")).collect();
    std::sync::Arc::new(
        gunbai::unstable::compile::compile(&gunbai::unstable::diagnostics::Source::new(name, text), &overrides)
            .unwrap_or_else(|r| panic!("{r}"))
            .ruleset,
    )
}

/// A position of a toy rule file given as text (see [`compile_text`]) on
/// its `size`x`size` board, from a piece list (see [`board_text`]), Black
/// to move.
pub fn toy_position(name: &str, text: &str, opts: &[&str], size: usize, pieces: &str) -> Position {
    let board = format!("{} b", board_text(size, pieces));
    Position::from_text(compile_text(name, text, opts), &board).unwrap_or_else(|e| panic!("{board}:\n{e}"))
}

/// A bundled variant with options given as `NAME=VALUE` texts.
pub fn variant_with(name: &str, opts: &[&str]) -> std::sync::Arc<gunbai::unstable::ruleset::Ruleset> {
    let overrides: Vec<gunbai::unstable::compile::OptionOverride> = opts
        .iter()
        .map(|o| o.parse().unwrap_or_else(|e| panic!("{e}")))
        .collect();
    gunbai::unstable::rules::load_variant(name, &overrides)
        .unwrap_or_else(|e| panic!("loading {name} with {opts:?}: {e}"))
}

/// The number of Black and White pieces on the board.
pub fn pieces_per_side(pos: &Position) -> (usize, usize) {
    let text = pos.to_text();
    let board = text.split(' ').next().unwrap_or_default();
    let count = |upper: bool| {
        board
            .split(['/', ','])
            .filter(|t| {
                t.trim_start_matches('+')
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == upper)
            })
            .count()
    };
    (count(true), count(false))
}

/// The eight directions (dx, dy) of the owner's frame, forward first, then
/// clockwise.
pub const DIRECTIONS: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// The arrow the renderer draws a slide in direction (dx, dy) of the
/// owner's frame with.
pub fn arrow(dx: i32, dy: i32) -> &'static str {
    match (dx, dy) {
        (0, 1) => "↑",
        (1, 1) => "↗",
        (1, 0) => "→",
        (1, -1) => "↘",
        (0, -1) => "↓",
        (-1, -1) => "↙",
        (-1, 0) => "←",
        _ => "↖",
    }
}

/// Whether a diagram cell is one of the renderer's slide arrows.
pub fn is_arrow(cell: &str) -> bool {
    DIRECTIONS.iter().any(|&(dx, dy)| arrow(dx, dy) == cell)
}

/// The moves of kind `kind` (unpromoted, Black's) drawn from each of
/// `squares` on an empty board, each under a line with its path count:
/// the body of a diagram snapshot.
pub fn kind_diagrams(rules: &gunbai::unstable::ruleset::Ruleset, kind: usize, squares: &[&str]) -> String {
    let ty = rules.unpromoted_type(kind);
    let mut text = String::new();
    for sq in squares {
        let from = rules.geometry.parse_square(sq).expect("square");
        let map = gunbai::unstable::diagram::move_map(rules, ty, Colour::Black, from);
        text.push_str(&format!(
            "{} from {sq}: {} move paths\n",
            rules.kinds[kind].id, map.paths
        ));
        text.push_str(&map.render(rules, Colour::Black, None));
        text.push('\n');
    }
    text
}

/// Perft (paths) at depths 1 to `depth` of a bundled variant's position
/// given as native position text.
pub fn text_perft(variant: &str, text: &str, depth: u32) -> Vec<u64> {
    let rules = gunbai::unstable::rules::load_variant(variant, &[]).expect("bundled variant compiles");
    let mut pos = Position::from_text(rules, text).unwrap_or_else(|e| panic!("{text}:\n{e}"));
    (1..=depth)
        .map(|d| gunbai::unstable::perft::perft(&mut pos, d, gunbai::unstable::perft::Convention::Paths).unwrap())
        .collect()
}

/// One SFEN rank from its cells, file 9 (or the first) to the last: a piece's
/// SFEN text, or "" for an empty square (a run of empties is its count).
pub fn sfen_rank<S: AsRef<str>>(cells: &[S]) -> String {
    let mut s = String::new();
    let mut empty = 0;
    for c in cells {
        let c = c.as_ref();
        if c.is_empty() {
            empty += 1;
        } else {
            if empty > 0 {
                s.push_str(&empty.to_string());
                empty = 0;
            }
            s.push_str(c);
        }
    }
    if empty > 0 {
        s.push_str(&empty.to_string());
    }
    s
}
