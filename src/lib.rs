//! gunbai: a rules interpreter for the great historical shogi variants.
//!
//! A variant is a rule file (TOML) under `rules/`. It is loaded, checked and
//! compiled into a [`ruleset::Ruleset`]; positions are made from it and
//! played on by one generic interpreter. See `ARCHITECTURE.md` for the map.

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
