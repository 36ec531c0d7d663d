//! gunbai: a rules interpreter for the great historical shogi variants.
//!
//! A variant is a rule file (TOML) under `rules/`. It is loaded, checked and
//! compiled into rules; positions are made from them and played on by one
//! generic interpreter. See `ARCHITECTURE.md` for the map.
//!
//! **The façade** (the items at the crate root, docs/library.md) is the
//! stable API: [`Variant`] (rules, bundled or from TOML text, with options),
//! [`Position`] (legal moves, play and take back, text and SFEN, outcome),
//! [`Move`] in every [`Notation`], [`perft()`], [`Engine`]/[`search()`],
//! [`mate()`], diagrams, and one [`Error`] with diagnostics. The modules are
//! the interpreter's inside, for the command line, the server, the fuzz
//! targets and the tests, with no stability promise.
//!
//! Load the bundled Chu shogi rules, count the moves of its start position,
//! play one and take it back:
//!
#![doc = include_str!("../docs/examples/lib_1.md")]
//!
//! Features: `cli` (default) is the command line's (threads, filesystem,
//! terminal, HTTP, engine protocols); without it the core builds for
//! `wasm32-unknown-unknown`.

mod facade;
mod judge;
mod moves;

pub mod unstable;

use unstable::{
    board, compile, diagnostics, diagram, dsl, mate, movegen, notation, perft, play, position, render, rules, ruleset,
    search,
};

pub use facade::{
    AttackerMoves, BoardStyle, Colour, Convention, DEFAULT_ALTERNATIVE_NODES, Defence, DefenderHand, Diagnostic,
    Engine, Error, ErrorKind, InHand, Legs, Limits, Line, LineLimits, LineReport, LineVerdict, MateLimits, MateReport,
    Move, Notation, Outcome, Piece, PieceKind, Position, Promotion, Reason, Score, SearchReport, Severity, Step,
    StepKind, Variant, VariantOption, Verdict, check_line, mate, perft, search,
};

/// The Rust examples of docs/library.md, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/library.md")]
pub struct LibraryTour;
