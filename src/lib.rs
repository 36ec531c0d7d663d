//! gunbai: a rules interpreter for the great historical shogi variants.
//!
//! A variant is a rule file (TOML) under `rules/`. It is loaded, checked and
//! compiled into a [`ruleset::Ruleset`]; positions are made from it and
//! played on by one generic interpreter. See `ARCHITECTURE.md` for the map.
//!
//! Load the bundled Chu shogi rules, count the moves of its start position,
//! play one and take it back:
//!
#![doc = include_str!("../docs/examples/lib_1.md")]
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
pub mod fsf;
mod judge;
pub mod mate;
pub mod movegen;
mod moves;
pub mod notation;
pub mod perft;
pub mod play;
pub mod position;
pub mod render;
pub mod rules;
pub mod ruleset;
pub mod search;
pub mod serve;
