//! The interpreter's inside, for the command line, the server, the fuzz
//! targets, the benchmarks and the tests: **no stability promise**. These
//! modules change whenever the interpreter does; programs that embed
//! gunbai use the façade at the crate root (docs/library.md).
//!
//! The files stay where they were (`src/movegen/`, …); this module only
//! gives them their public path, `gunbai::unstable::movegen`. Inside the
//! crate they are also `crate::movegen` and so on.

#[path = "board.rs"]
pub mod board;
#[path = "compile/mod.rs"]
pub mod compile;
#[path = "diagnostics.rs"]
pub mod diagnostics;
#[path = "diagram.rs"]
pub mod diagram;
#[path = "dsl/mod.rs"]
pub mod dsl;
#[cfg(feature = "cli")]
#[path = "engine/mod.rs"]
pub mod engine;
#[path = "fsf/mod.rs"]
pub mod fsf;
#[path = "mate/mod.rs"]
pub mod mate;
#[path = "movegen/mod.rs"]
pub mod movegen;
#[path = "notation/mod.rs"]
pub mod notation;
#[path = "perft/mod.rs"]
pub mod perft;
#[path = "play/mod.rs"]
pub mod play;
#[path = "position/mod.rs"]
pub mod position;
#[path = "record/mod.rs"]
pub mod record;
#[path = "render/mod.rs"]
pub mod render;
#[path = "rules/mod.rs"]
pub mod rules;
#[path = "ruleset/mod.rs"]
pub mod ruleset;
#[path = "search/mod.rs"]
pub mod search;
#[cfg(feature = "cli")]
#[path = "serve/mod.rs"]
pub mod serve;
