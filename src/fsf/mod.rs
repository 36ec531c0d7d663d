//! `gunbai import-fsf`: Fairy-Stockfish `variants.ini` sections as gunbai
//! rule files ([docs/import-fsf.md](../../docs/import-fsf.md)).
//!
//! - `ini.rs` reads the ini text into sections with spans;
//! - `builtins.rs` holds FSF's named pieces and the built-in variants a
//!   section may inherit from, read from the data file
//!   `rules/fsf-builtins.ini`;
//! - `state.rs` applies a section over its parents as FSF does;
//! - `betza.rs` reads FSF's Betza subset;
//! - `convert.rs` turns the settings into a commented rule file, refusing
//!   (an error naming the key and line) what gunbai cannot express, and
//!   warning where it converts approximately.
//!
//! The result is compiled before it is returned, so a conversion never
//! hands out a file gunbai would refuse.

mod betza;
mod builtins;
mod convert;
mod ini;
mod state;

use crate::diagnostics::{Diagnostic, Report, Source};

pub use convert::{Converted, MARK};

/// A section of a variants.ini, for listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionInfo {
    pub name: String,
    pub parent: Option<String>,
    /// 1-based line of its header.
    pub line: usize,
}

/// The sections of `source`, in file order.
pub fn sections(source: &Source) -> Result<Vec<SectionInfo>, Report> {
    let parsed = ini::parse(&source.text).map_err(|d| report(source, d))?;
    Ok(parsed
        .into_iter()
        .map(|s| SectionInfo {
            line: source.line_col(s.span.start).0,
            name: s.name,
            parent: s.parent,
        })
        .collect())
}

/// The names of FSF's built-in variants that a section may inherit from.
pub fn builtin_parents() -> Vec<&'static str> {
    builtins::get().map(|b| b.public_names()).unwrap_or_default()
}

/// Converts the section `name` of `source` into a gunbai rule file.
pub fn convert(source: &Source, name: &str) -> Result<Converted, Report> {
    let parsed = ini::parse(&source.text).map_err(|d| report(source, d))?;
    convert::convert(source, &parsed, name).map_err(|d| report(source, d))
}

fn report(source: &Source, mut diagnostics: Vec<Diagnostic>) -> Report {
    crate::diagnostics::cap(&mut diagnostics);
    Report {
        source: source.clone(),
        diagnostics,
    }
}
