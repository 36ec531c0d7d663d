//! The stable library API, re-exported at the crate root: load a
//! [`Variant`], make a [`Position`], list and play [`Move`]s, read and
//! write them in every [`Notation`], judge the [`Outcome`], count
//! ([`perft`]), think ([`Engine`], [`search`], [`mate`], [`check_line`]) and draw
//! (diagrams as text and SVG). Squares are named as in move text (`f4`),
//! pieces by their codes. docs/library.md is the tour and says what is
//! promised.

mod engine;
mod error;
mod inner;
mod line;
mod position;
mod variant;

pub use crate::board::Colour;
pub use crate::moves::Promotion;
pub use crate::notation::Notation;
pub use crate::perft::Convention;
pub use engine::{
    AttackerMoves, DefenderHand, Engine, Limits, MateLimits, MateReport, Score, SearchReport, Verdict, mate, perft,
    search,
};
pub use error::{Diagnostic, Error, ErrorKind, Severity};
pub use line::{DEFAULT_ALTERNATIVE_NODES, Defence, Line, LineLimits, LineReport, LineVerdict, check_line};
pub use position::{BoardStyle, InHand, Legs, Move, Outcome, Piece, Position, Reason, Step, StepKind};
pub use variant::{PieceKind, Variant, VariantOption};
