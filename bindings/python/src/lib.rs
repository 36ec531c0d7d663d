//! gunbai for Python: the `gunbai` module (docs/python.md,
//! bindings/python/README.md), built by maturin.
//!
//! This crate only translates types: Python strings, lists and numbers
//! in, strings, lists, tuples and small classes out. It calls gunbai's
//! façade and nothing else (`Variant`, `Position`, `Engine`, `perft`,
//! `mate`, `check_line`); every rule is decided by the library and nothing here knows a
//! variant. Two layers:
//!   - the stateless functions with pyffish's names and argument order
//!     (`stateless.rs`): a variant name, a position text or SFEN and a
//!     list of moves in, an answer out;
//!   - `Board`, `Move`, `Engine` (`board.rs`): a game that pushes and
//!     pops, moves as objects with their legs, perft, diagrams, search.
//!
//! Every bad input raises a `GunbaiError` subclass (`errors.rs`), a wrong
//! type a `TypeError`, text that is not valid Unicode a
//! `UnicodeEncodeError`; nothing panics. The limits of the Python door,
//! beside the library's own (the move budget, the rule file's 4 MiB and
//! bounds): [`MAX_TEXT_BYTES`] of position text, [`MAX_MOVE_BYTES`] per
//! move, [`MAX_PLIES`] moves in a list or on a board, [`MAX_LOADED`]
//! variants loaded, [`MAX_PERFT_DEPTH`], and the search and mate limits
//! in `board.rs`. Long calls (perft, search, mate, check_line) release the GIL, and
//! perft and search stop at Ctrl-C (`KeyboardInterrupt`).

mod board;
mod errors;
mod stateless;

use errors::{limit, raise};
use gunbai::{Position, Variant};
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

/// The longest position text or SFEN accepted.
pub const MAX_TEXT_BYTES: usize = 1 << 20;
/// The longest move text accepted.
pub const MAX_MOVE_BYTES: usize = 1024;
/// The most moves in one list, or pushed on one board.
pub const MAX_PLIES: usize = 10_000;
/// The most variants `load_variant_config` keeps (beside the bundled ones).
pub const MAX_LOADED: usize = 1_000;
/// The deepest perft.
pub const MAX_PERFT_DEPTH: u32 = 32;

/// The variants used so far, by name: the bundled ones compiled on first
/// use, the loaded ones, and both with the options `set_option` set.
struct Registry {
    variants: HashMap<String, Variant>,
    /// How many entries are not bundled names.
    loaded: usize,
}

static REGISTRY: Mutex<Option<Registry>> = Mutex::new(None);

fn registry() -> MutexGuard<'static, Option<Registry>> {
    // A poisoned lock only means a panic elsewhere; the map is still whole.
    REGISTRY.lock().unwrap_or_else(|e| e.into_inner())
}

/// The variant by name: loaded (or with options set) first, else bundled.
pub(crate) fn variant(name: &str) -> PyResult<Variant> {
    if name.len() > MAX_MOVE_BYTES {
        return Err(limit(format!("a variant name is at most {MAX_MOVE_BYTES} bytes")));
    }
    let mut guard = registry();
    let reg = guard.get_or_insert_with(|| Registry {
        variants: HashMap::new(),
        loaded: 0,
    });
    if let Some(v) = reg.variants.get(name) {
        return Ok(v.clone());
    }
    let v = Variant::bundled(name).map_err(|e| raise(&e))?;
    reg.variants.insert(name.to_string(), v.clone());
    Ok(v)
}

/// Keeps `v` under `name`, replacing what was there.
pub(crate) fn keep(name: &str, v: Variant) -> PyResult<()> {
    let bundled = Variant::bundled_names().contains(&name);
    let mut guard = registry();
    let reg = guard.get_or_insert_with(|| Registry {
        variants: HashMap::new(),
        loaded: 0,
    });
    let new = !reg.variants.contains_key(name) && !bundled;
    if new && reg.loaded >= MAX_LOADED {
        return Err(limit(format!(
            "{MAX_LOADED} variants are loaded already, the most one process keeps"
        )));
    }
    reg.loaded += usize::from(new);
    reg.variants.insert(name.to_string(), v);
    Ok(())
}

/// The names of the loaded variants that are not bundled, sorted.
pub(crate) fn loaded_names() -> Vec<String> {
    let bundled = Variant::bundled_names();
    let guard = registry();
    let mut names: Vec<String> = guard
        .as_ref()
        .map(|r| {
            r.variants
                .keys()
                .filter(|k| !bundled.contains(&k.as_str()))
                .cloned()
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Checks a text's length.
pub(crate) fn bounded<'a>(text: &'a str, what: &str, max: usize) -> PyResult<&'a str> {
    if text.len() > max {
        return Err(limit(format!(
            "{what} has {} bytes; the most accepted is {max}",
            text.len()
        )));
    }
    Ok(text)
}

/// A position from native text or an SFEN: native text (it has commas, or
/// the variant has no SFEN form) first.
pub(crate) fn position(v: &Variant, fen: &str) -> PyResult<Position> {
    bounded(fen, "the position text", MAX_TEXT_BYTES)?;
    match Position::from_text(v, fen) {
        Ok(p) => Ok(p),
        Err(native) => {
            if v.has_usi() && !fen.contains(',') {
                Position::from_sfen(v, fen).map_err(|e| raise(&e))
            } else {
                Err(raise(&native))
            }
        }
    }
}

/// A list of move texts: a list or tuple of str (not a str itself), at
/// most [`MAX_PLIES`] long, each at most [`MAX_MOVE_BYTES`].
pub(crate) fn move_list(moves: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if moves.is_instance_of::<PyString>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "moves is a list of move texts, not one string: write [\"e3-e4\"]",
        ));
    }
    let n = moves.len()?;
    if n > MAX_PLIES {
        return Err(limit(format!("{n} moves; a list has at most {MAX_PLIES}")));
    }
    let mut out = Vec::with_capacity(n);
    for item in moves.try_iter()? {
        let item = item?;
        let text: String = item.extract()?;
        bounded(&text, "a move", MAX_MOVE_BYTES)?;
        out.push(text);
    }
    Ok(out)
}

/// Plays `moves` on `pos`.
pub(crate) fn play_all(pos: &mut Position, moves: &[String]) -> PyResult<()> {
    for (i, m) in moves.iter().enumerate() {
        pos.play_text(m).map_err(|e| {
            let err = raise(&e);
            Python::attach(|py| {
                let note = format!("(move {} of the list: `{m}`)", i + 1);
                let _ = err.value(py).call_method1("add_note", (note,));
            });
            err
        })?;
    }
    Ok(())
}

/// The library's version.
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// The module.
#[pymodule]
#[pyo3(name = "gunbai")]
fn gunbai_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    stateless::register(m)?;
    board::register(m)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_TEXT_BYTES", MAX_TEXT_BYTES)?;
    m.add("MAX_MOVE_BYTES", MAX_MOVE_BYTES)?;
    m.add("MAX_PLIES", MAX_PLIES)?;
    m.add("MAX_LOADED", MAX_LOADED)?;
    m.add("MAX_PERFT_DEPTH", MAX_PERFT_DEPTH)?;
    Ok(())
}
