//! gunbai: a rules interpreter for the great historical shogi variants.
//!
//! A variant is a rule file (TOML) under `rules/`. It is loaded, checked and
//! compiled into a [`ruleset::Ruleset`]; positions are made from it and
//! played on by one generic interpreter. See `ARCHITECTURE.md` for the map.
//!
//! Load the bundled Chu shogi rules, count the moves of its start position,
//! play one and take it back:
//!
//! ```
//! use gunbai::movegen::legal_moves;
//! use gunbai::notation::{move_text, parse_move};
//! use gunbai::perft::{Convention, perft};
//! use gunbai::position::Position;
//! use gunbai::rules::load_variant;
//!
//! let rules = load_variant("chu", &[]).expect("bundled chu compiles");
//! let mut pos = Position::start(rules);
//!
//! let mut moves = Vec::new();
//! legal_moves(&pos, &mut moves);
//! assert_eq!(moves.len(), 36);
//!
//! // shogiops' counts for the Chu start position.
//! assert_eq!(perft(&mut pos, 1, Convention::Paths), 36);
//! assert_eq!(perft(&mut pos, 2, Convention::Paths), 1296);
//!
//! // Moves are read and written as text (docs/notation.md).
//! let m = parse_move(&pos, "f4-f5").expect("a legal move");
//! assert_eq!(move_text(&pos, &m), "f4-f5");
//! let undo = pos.play(&m).expect("legal");
//! assert_eq!(pos.side_to_move(), gunbai::board::Colour::White);
//! pos.unplay(&undo);
//! ```
//!
//! The API boundary: [`rules::load_variant`] and [`compile::compile`] make
//! a [`ruleset::Ruleset`]; [`position::Position`] (`start`, `from_text`,
//! `from_sfen`, `play`, `play_unchecked`, `unplay`) holds a game;
//! [`movegen::legal_moves`], [`notation`], [`perft`], [`diagram`] and
//! [`render`] read positions. A [`movegen::Move`] is made only by the
//! move generator or by [`notation::parse_move`].

pub mod board;
pub mod compile;
pub mod diagnostics;
pub mod diagram;
pub mod dsl;
pub mod engine;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod play;
pub mod position;
pub mod render;
pub mod rules;
pub mod ruleset;
pub mod search;
pub mod serve;
