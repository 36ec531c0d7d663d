//! Playing games through engine protocols: XBoard/CECP v2 ([`xboard`]),
//! USI ([`usi`]), and a referee that runs two engines against each other
//! ([`referee`]). Each keeps a [`Game`]: the ruleset, the position and its
//! moves, and the searcher.
//!
//! The protocols read lines and write lines; the search and the rules are
//! the library's. Nothing here knows a variant: XBoard's name for one comes
//! from its rule file (`xboard = ...`).

pub mod atsi;
pub mod betza;
pub mod clock;
pub mod input;
pub mod lines;
pub mod referee;
pub mod usi;
pub mod xboard;
pub mod xboard_setup;

use crate::board::{Colour, Geometry, Square};
use crate::movegen::{MAX_LEGS, Move, Promotion, legal_moves};
use crate::notation::{move_text, parse_move};
use crate::play::Undo;
use crate::position::{EndReason, Outcome, Position};
use crate::ruleset::{Result3, Ruleset};
use crate::search::Searcher;
use crate::unstable::record::pgn::captures_at;
pub use crate::unstable::record::pgn::xboard_legs;
use std::sync::Arc;

/// A game in progress: the position, the moves played (with what is
/// needed to take them back) and the engine's searcher.
pub struct Game {
    pub pos: Position,
    pub moves: Vec<(Move, Undo)>,
    pub searcher: Searcher,
}

impl Game {
    pub fn new(rules: Arc<Ruleset>, table_mb: usize) -> Game {
        let pos = Position::start(rules);
        let searcher = Searcher::new(&pos, table_mb);
        Game {
            pos,
            moves: Vec::new(),
            searcher,
        }
    }

    /// Starts again from `pos` (keeps what the searcher learnt only if the
    /// ruleset is the same).
    pub fn reset(&mut self, pos: Position) {
        self.pos = pos;
        self.moves.clear();
    }

    pub fn rules(&self) -> &Arc<Ruleset> {
        self.pos.rules()
    }

    pub fn play(&mut self, m: Move) {
        let undo = self.pos.play_unchecked(&m);
        self.moves.push((m, undo));
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        match self.moves.pop() {
            Some((_, u)) => {
                self.pos.unplay(&u);
                true
            }
            None => false,
        }
    }

    /// The result if the game is over.
    pub fn result(&self) -> Option<Outcome> {
        self.pos.result()
    }
}

/// A move in XBoard's coordinate notation, as HaChu writes it: the origin,
/// each intermediate landing that captures (a leg ends there, `f5f6,f6f7`),
/// and the destination; landings on empty squares on the way are left out
/// (a lion's two steps to an empty square is `f5f7`, a pass `f5f5`). `+`
/// follows a promotion. In variants whose moves have side effects on the
/// way (shots, auras) every landing is a leg; moves XBoard cannot express
/// at all (shots, promoting others along) use gunbai's own text.
pub fn xboard_move(pos: &Position, m: &Move) -> String {
    if let Some(ty) = m.dropped() {
        let rules = pos.rules();
        return format!(
            "{}@{}",
            xboard_setup::drop_letter(rules, ty),
            rules.geometry.square_name(m.to())
        );
    }
    if m.n_shots > 0 || m.promotion == Promotion::PromoteWithChain {
        return move_text(pos, m);
    }
    let geo = &pos.rules().geometry;
    let squares = xboard_legs(pos, m);
    let mut s = String::new();
    for pair in squares.windows(2) {
        if !s.is_empty() {
            s.push(',');
        }
        s.push_str(&geo.square_name(pair[0]));
        s.push_str(&geo.square_name(pair[1]));
    }
    if m.promotion == Promotion::Promote {
        s.push('+');
    }
    s
}

/// Reads a move in XBoard's notation (or, failing that, gunbai's native or
/// USI text) and finds it among the legal moves. A move written with
/// every landing as a leg is matched exactly; otherwise the legs must be
/// the move's capturing landings, and of several paths with the same
/// effect the shortest is taken.
pub fn parse_xboard_move(pos: &Position, text: &str) -> Result<Move, String> {
    let t = text.trim();
    let mut legal = Vec::new();
    legal_moves(pos, &mut legal).map_err(|e| e.to_string())?;
    if t == NULL_MOVE {
        return pass(pos, legal).ok_or_else(|| "no piece can pass (a null move returns a piece to its square)".into());
    }
    if let Some((letter, square)) = t.split_once('@') {
        return parse_xboard_drop(pos, letter, square, legal).ok_or_else(|| "not a legal drop".into());
    }
    if let Some(squares) = xboard_squares(&pos.rules().geometry, t) {
        let (promote, decline) = (t.ends_with('+'), t.ends_with('='));
        legal.retain(|m| {
            m.from == squares[0]
                && m.n_shots == 0
                && match m.promotion {
                    Promotion::Promote => promote,
                    Promotion::Decline => !promote,
                    Promotion::None => !promote && !decline,
                    Promotion::PromoteWithChain => false,
                    // Flipping is implied by the rules, never written.
                    Promotion::Revert => !promote && !decline,
                }
        });
        if let Some(m) = legal.iter().find(|m| m.landings() == &squares[1..]) {
            return Ok(*m);
        }
        let (to, waypoints) = (squares[squares.len() - 1], &squares[1..squares.len() - 1]);
        let found = legal
            .iter()
            .filter(|m| {
                let ls = m.landings();
                m.to() == to
                    && ls[..ls.len() - 1]
                        .iter()
                        .copied()
                        .filter(|&sq| captures_at(pos, m, sq))
                        .eq(waypoints.iter().copied())
            })
            .min_by_key(|m| m.len);
        if let Some(m) = found {
            return Ok(*m);
        }
    }
    parse_move(pos, t).map_err(|r| {
        r.diagnostics
            .first()
            .map(|d| d.message.clone())
            .unwrap_or_else(|| "not a legal move".into())
    })
}

/// CECP's null move. HaChu writes any move that ends on its own origin
/// (a lion's pass, `f5f5`) this way, and reads it back as any such move;
/// XBoard passes it on to the other engine as it is.
const NULL_MOVE: &str = "@@@@";

/// A legal move that changes nothing on the board: a piece that comes back
/// to its square without capturing, shooting or promoting. Every such move
/// leads to the same position; the one with the fewest landings is taken
/// (`legal`: the moves of `pos`).
fn pass(pos: &Position, legal: Vec<Move>) -> Option<Move> {
    legal
        .into_iter()
        .filter(|m| {
            m.dropped().is_none()
                && m.to() == m.from
                && m.n_shots == 0
                && m.sweep == 0
                && matches!(m.promotion, Promotion::None | Promotion::Decline)
                && !m.landings().iter().any(|&sq| captures_at(pos, m, sq))
        })
        .min_by_key(|m| (m.len, m.promotion != Promotion::None))
}

/// A drop in XBoard's text, `P@e5` (`legal`: the moves of `pos`).
fn parse_xboard_drop(pos: &Position, letter: &str, square: &str, legal: Vec<Move>) -> Option<Move> {
    let to = pos.rules().geometry.parse_square(square)?;
    match xboard_setup::drop_type(pos.rules(), letter) {
        Some(ty) => legal.into_iter().find(|m| m.dropped() == Some(ty) && m.to() == to),
        // A drop of a type no hand holds as such (a piece dropped on its
        // other face, `+P@b1`, where pieces flip): the legal drop that
        // `xboard_move` writes so.
        None => legal.into_iter().find(|m| {
            m.dropped().is_some() && m.to() == to && {
                let text = xboard_move(pos, m);
                text.split_once('@')
                    .is_some_and(|(l, _)| l.eq_ignore_ascii_case(letter))
            }
        }),
    }
}

/// The squares of `a1b2,b2c3+`: origin then each landing, checking that
/// each leg starts where the previous one ended.
fn xboard_squares(geo: &Geometry, text: &str) -> Option<Vec<Square>> {
    let body = text.trim_end_matches(['+', '=']);
    let mut out: Vec<Square> = Vec::new();
    for leg in body.split(',') {
        let (a, b) = split_two_squares(geo, leg)?;
        match out.last() {
            None => out.push(a),
            Some(&prev) if prev == a => {}
            Some(_) => return None,
        }
        out.push(b);
    }
    (out.len() >= 2 && out.len() <= MAX_LEGS + 1).then_some(out)
}

/// `f5f6` → (f5, f6): the split point is where the second file's letters
/// start after the first square's digits.
fn split_two_squares(geo: &Geometry, leg: &str) -> Option<(Square, Square)> {
    let bytes = leg.as_bytes();
    let first_digit = bytes.iter().position(|b| b.is_ascii_digit())?;
    let second_letter = first_digit + bytes[first_digit..].iter().position(|b| b.is_ascii_alphabetic())?;
    let (a, b) = leg.split_at(second_letter);
    Some((geo.parse_square(a)?, geo.parse_square(b)?))
}

/// A PGN result token: `1-0` when the first player (XBoard's "white") wins.
pub fn result_token(o: &Outcome) -> &'static str {
    match o.black {
        Result3::Win => "1-0",
        Result3::Loss => "0-1",
        Result3::Draw => "1/2-1/2",
    }
}

/// Why the game ended, in words.
pub fn result_reason(o: &Outcome) -> String {
    let winner = match o.winner() {
        Some(Colour::Black) => "first player wins",
        Some(Colour::White) => "second player wins",
        None => "draw",
    };
    let why = match o.reason {
        EndReason::Lost if o.winner().is_none() => "both sides met the loss condition",
        EndReason::Lost => "loss condition met",
        EndReason::Won(_) => "win condition met",
        EndReason::Answered => "win answered in kind",
        EndReason::Repetition => "repetition",
        EndReason::NoMoves => "no legal moves",
        EndReason::MoveLimit => "move limit",
    };
    format!("{why}: {winner}")
}
