//! The stateless functions with pyffish's names and argument order: each
//! takes a variant name, a position (native text or SFEN) and a list of
//! moves played from it (native text or USI), and answers. Moves come
//! back in gunbai's native text (docs/notation.md); `get_san` also writes
//! USI. Game values are pyffish's: `VALUE_MATE` for a win of the side to
//! move, `-VALUE_MATE` for its loss, `VALUE_DRAW`.

use crate::errors::{GameOverError, UnsupportedError, error_of, limit, raise};
use crate::{MAX_PERFT_DEPTH, bounded, keep, move_list, play_all, position, variant};
use gunbai::{Colour, Notation, Outcome, Position, Variant};
use pyo3::prelude::*;

/// A win for the side to move, as pyffish scores it.
pub const VALUE_MATE: i32 = 32000;
/// A draw.
pub const VALUE_DRAW: i32 = 0;
/// What `validate_fen` returns for a position that reads.
pub const FEN_OK: i32 = 1;
/// What `validate_fen` returns for one that does not.
pub const FEN_INVALID: i32 = -1;

fn no_chess960(chess960: bool) -> PyResult<()> {
    if chess960 {
        let msg = "chess960 castling does not exist in the shogi family: leave chess960 False";
        return Err(error_of(UnsupportedError::new_err(msg), "unsupported", msg));
    }
    Ok(())
}

/// The position after `moves`.
fn after(name: &str, fen: &str, moves: &Bound<'_, PyAny>) -> PyResult<Position> {
    let v = variant(name)?;
    let mut pos = position(&v, fen)?;
    play_all(&mut pos, &move_list(moves)?)?;
    Ok(pos)
}

/// The notation named `notation` (the names of `gunbai::Notation::ALL`,
/// as `--notation` takes them); none: native text.
pub(crate) fn parse_notation(notation: Option<&str>) -> PyResult<Notation> {
    match notation {
        None => Ok(Notation::Native),
        Some(name) => Notation::by_name(name).ok_or_else(|| {
            limit(format!(
                "notation `{}`: one of {}",
                name.chars().take(40).collect::<String>(),
                Notation::ALL.map(|n| format!("\"{}\"", n.name())).join(", ")
            ))
        }),
    }
}

/// The legal moves' native texts, sorted (as `gunbai moves` lists them).
pub(crate) fn sorted_texts(pos: &Position, moves: &[gunbai::Move]) -> PyResult<Vec<String>> {
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        out.push(pos.move_text(m, Notation::Native).map_err(|e| raise(&e))?);
    }
    out.sort_unstable();
    Ok(out)
}

/// An outcome as a value for the side to move.
pub(crate) fn value(pos: &Position, o: &Outcome) -> i32 {
    match o.winner {
        None => VALUE_DRAW,
        Some(w) if w == pos.side_to_move() => VALUE_MATE,
        Some(_) => -VALUE_MATE,
    }
}

pub(crate) fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::Black => "black",
        _ => "white",
    }
}

/// The names of the variants: the bundled rule files' ids (cheap: nothing
/// is compiled), then those loaded by `load_variant_config`, sorted.
#[pyfunction]
fn variants() -> Vec<String> {
    let mut names: Vec<String> = Variant::bundled_names().into_iter().map(String::from).collect();
    names.extend(crate::loaded_names());
    names
}

/// The start position of `variant` as native position text (which every
/// function here reads, as it reads an SFEN).
#[pyfunction]
fn start_fen(variant: &str) -> PyResult<String> {
    Ok(crate::variant(variant)?.start().to_text())
}

/// The legal moves after `moves` from `fen`, in gunbai's native text,
/// sorted. A finished game has none.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn legal_moves(variant: &str, fen: &str, moves: &Bound<'_, PyAny>, chess960: bool) -> PyResult<Vec<String>> {
    no_chess960(chess960)?;
    let pos = after(variant, fen, moves)?;
    let legal = pos.legal_moves().map_err(|e| raise(&e))?;
    sorted_texts(&pos, &legal)
}

/// The position after `moves` from `fen`, as native text, or as an SFEN
/// with `sfen=True` (variants that have one).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, sfen = false))]
fn get_fen(variant: &str, fen: &str, moves: &Bound<'_, PyAny>, chess960: bool, sfen: bool) -> PyResult<String> {
    no_chess960(chess960)?;
    let pos = after(variant, fen, moves)?;
    if sfen {
        pos.to_sfen().ok_or_else(|| {
            let msg = format!("variant `{variant}` has no SFEN form: ask for its native text (sfen=False)");
            error_of(UnsupportedError::new_err(msg.clone()), "unsupported", &msg)
        })
    } else {
        Ok(pos.to_text())
    }
}

/// `move` (any notation gunbai reads) as gunbai writes it: native text,
/// or `notation` (`"usi"`, `"western"`, `"western-numeric"`,
/// `"western-short"`, `"japanese"`: the names `--notation` takes).
#[pyfunction]
#[pyo3(signature = (variant, fen, r#move, chess960 = false, notation = None))]
fn get_san(variant: &str, fen: &str, r#move: &str, chess960: bool, notation: Option<&str>) -> PyResult<String> {
    no_chess960(chess960)?;
    let notation = parse_notation(notation)?;
    let v = crate::variant(variant)?;
    let pos = position(&v, fen)?;
    bounded(r#move, "a move", crate::MAX_MOVE_BYTES)?;
    let m = pos.parse_move(r#move).map_err(|e| raise(&e))?;
    pos.move_text(&m, notation).map_err(|e| raise(&e))
}

/// Each of `moves`, played in turn from `fen`, as `get_san` writes it.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, notation = None))]
fn get_san_moves(
    variant: &str,
    fen: &str,
    moves: &Bound<'_, PyAny>,
    chess960: bool,
    notation: Option<&str>,
) -> PyResult<Vec<String>> {
    no_chess960(chess960)?;
    let notation = parse_notation(notation)?;
    let v = crate::variant(variant)?;
    let mut pos = position(&v, fen)?;
    let list = move_list(moves)?;
    let mut out = Vec::with_capacity(list.len());
    for text in &list {
        let m = pos.parse_move(text).map_err(|e| raise(&e))?;
        out.push(pos.move_text(&m, notation).map_err(|e| raise(&e))?);
        pos.play(&m).map_err(|e| raise(&e))?;
    }
    Ok(out)
}

/// Whether the side to move after `moves` is in check: one of its royals
/// (or the rule file's `check` pieces) is attacked. False in a variant
/// without either.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn gives_check(variant: &str, fen: &str, moves: &Bound<'_, PyAny>, chess960: bool) -> PyResult<bool> {
    no_chess960(chess960)?;
    Ok(after(variant, fen, moves)?.in_check())
}

/// Whether `move`, after `moves`, removes an enemy piece (landing on it,
/// passing it, shooting it, or by a rule's effect).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, r#move, chess960 = false))]
fn is_capture(variant: &str, fen: &str, moves: &Bound<'_, PyAny>, r#move: &str, chess960: bool) -> PyResult<bool> {
    no_chess960(chess960)?;
    let pos = after(variant, fen, moves)?;
    bounded(r#move, "a move", crate::MAX_MOVE_BYTES)?;
    let m = pos.parse_move(r#move).map_err(|e| raise(&e))?;
    Ok(pos.is_capture(&m))
}

/// The result of the finished game after `moves`, for the side to move:
/// `VALUE_MATE`, `-VALUE_MATE` or `VALUE_DRAW`. A game that is not over
/// raises `GameOverError`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn game_result(variant: &str, fen: &str, moves: &Bound<'_, PyAny>, chess960: bool) -> PyResult<i32> {
    no_chess960(chess960)?;
    let pos = after(variant, fen, moves)?;
    match pos.outcome() {
        Some(o) => Ok(value(&pos, &o)),
        None => {
            let msg = "the game is not over: the side to move has legal moves and no rule ended it";
            Err(error_of(GameOverError::new_err(msg), "game_not_over", msg))
        }
    }
}

/// `(True, value)` when the game after `moves` is over by the rules (a
/// royal captured or mated, a rule file's win, repetition, the move limit,
/// no legal move), else `(False, 0)`. gunbai ends a game the moment a
/// rule says so, checkmate included.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn is_immediate_game_end(variant: &str, fen: &str, moves: &Bound<'_, PyAny>, chess960: bool) -> PyResult<(bool, i32)> {
    no_chess960(chess960)?;
    let pos = after(variant, fen, moves)?;
    Ok(match pos.outcome() {
        Some(o) => (true, value(&pos, &o)),
        None => (false, VALUE_DRAW),
    })
}

/// Always `(False, 0)`: no end is claimed by a player in gunbai (every
/// rule, repetition included, ends the game itself). The arguments are
/// still read, so bad input raises as elsewhere.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn is_optional_game_end(variant: &str, fen: &str, moves: &Bound<'_, PyAny>, chess960: bool) -> PyResult<(bool, i32)> {
    no_chess960(chess960)?;
    after(variant, fen, moves)?;
    Ok((false, VALUE_DRAW))
}

/// `FEN_OK` (1) when `fen` reads as a position of `variant` (native text
/// or SFEN), else `FEN_INVALID` (-1). An unknown variant raises.
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960 = false))]
fn validate_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<i32> {
    no_chess960(chess960)?;
    let v = crate::variant(variant)?;
    Ok(if position(&v, fen).is_ok() { FEN_OK } else { FEN_INVALID })
}

/// Compiles a rule file's text (TOML, docs/rule-files.md) and makes its
/// variant usable by its id in every function; returns the id. A file
/// with errors raises `RulesError` with every diagnostic (line, column,
/// hint). `origin` names the text in diagnostics.
#[pyfunction]
#[pyo3(signature = (config, origin = "rules.toml"))]
fn load_variant_config(config: &str, origin: &str) -> PyResult<String> {
    bounded(origin, "the origin", crate::MAX_MOVE_BYTES)?;
    let v = Variant::from_toml(config, origin).map_err(|e| raise(&e))?;
    let id = v.name().to_string();
    keep(&id, v)?;
    Ok(id)
}

/// Sets a rule option for every later call: `name` is
/// `"<variant>.<option>"` (`"chu.lion_trading"`), `value` one the option
/// takes (`gunbai options VARIANT` lists them). A bad name or value
/// raises `OptionError`.
#[pyfunction]
fn set_option(name: &str, value: &str) -> PyResult<()> {
    bounded(name, "the option name", crate::MAX_MOVE_BYTES)?;
    bounded(value, "the option value", crate::MAX_MOVE_BYTES)?;
    let Some((vname, option)) = name.split_once('.') else {
        let msg =
            format!("option `{name}`: name it with its variant, as \"<variant>.<option>\" (\"chu.lion_trading\")");
        return Err(error_of(
            crate::errors::OptionError::new_err(msg.clone()),
            "invalid_option",
            &msg,
        ));
    };
    let v = crate::variant(vname)?;
    let set = v.with_options(&[(option, value)]).map_err(|e| raise(&e))?;
    keep(vname, set)
}

/// The rule options of `variant`: a list of dicts with `name`, `value`,
/// `default`, `choices` and `help`.
#[pyfunction]
fn variant_options(py: Python<'_>, variant: &str) -> PyResult<Vec<Py<PyAny>>> {
    let v = crate::variant(variant)?;
    let mut out = Vec::new();
    for o in v.options() {
        let d = pyo3::types::PyDict::new(py);
        d.set_item("name", o.name)?;
        d.set_item("value", o.value)?;
        d.set_item("default", o.default)?;
        d.set_item("choices", o.choices)?;
        d.set_item("help", o.help)?;
        out.push(d.into_any().unbind());
    }
    Ok(out)
}

/// The leaves of the legal-move tree `depth` plies deep after `moves`,
/// as `convention` counts them (`"paths"`, the default and `gunbai
/// perft`'s; `"effects"`, `"shogiops"`, `"fsf"`). Releases the GIL;
/// Ctrl-C stops it. At most `MAX_PERFT_DEPTH`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, depth, convention = "paths"))]
fn perft(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: &Bound<'_, PyAny>,
    depth: u32,
    convention: &str,
) -> PyResult<u64> {
    let conv = crate::board::parse_convention(convention)?;
    if depth > MAX_PERFT_DEPTH {
        return Err(limit(format!("perft depth {depth}: at most {MAX_PERFT_DEPTH}")));
    }
    let pos = after(variant, fen, moves)?;
    crate::board::run_perft(py, &pos, depth, conv)
}

/// The moves of a piece (code, kind id or name) for `colour` (`"black"`
/// or `"white"`) from the middle of an empty board, as an SVG picture
/// (`gunbai diagram --svg`).
#[pyfunction]
#[pyo3(signature = (variant, piece, colour = "black"))]
fn piece_svg(variant: &str, piece: &str, colour: &str) -> PyResult<String> {
    let v = crate::variant(variant)?;
    bounded(piece, "the piece", crate::MAX_MOVE_BYTES)?;
    let c = crate::board::parse_colour(colour)?;
    v.piece_diagram_svg(piece, c).map_err(|e| raise(&e))
}

/// The same move diagram as text, as `gunbai diagram` prints it.
#[pyfunction]
#[pyo3(signature = (variant, piece, colour = "black"))]
fn piece_diagram(variant: &str, piece: &str, colour: &str) -> PyResult<String> {
    let v = crate::variant(variant)?;
    bounded(piece, "the piece", crate::MAX_MOVE_BYTES)?;
    let c = crate::board::parse_colour(colour)?;
    v.piece_diagram_text(piece, c).map_err(|e| raise(&e))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(get_san, m)?)?;
    m.add_function(wrap_pyfunction!(get_san_moves, m)?)?;
    m.add_function(wrap_pyfunction!(gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(game_result, m)?)?;
    m.add_function(wrap_pyfunction!(is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(validate_fen, m)?)?;
    m.add_function(wrap_pyfunction!(load_variant_config, m)?)?;
    m.add_function(wrap_pyfunction!(set_option, m)?)?;
    m.add_function(wrap_pyfunction!(variant_options, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(piece_svg, m)?)?;
    m.add_function(wrap_pyfunction!(piece_diagram, m)?)?;
    m.add("VALUE_MATE", VALUE_MATE)?;
    m.add("VALUE_DRAW", VALUE_DRAW)?;
    m.add("FEN_OK", FEN_OK)?;
    m.add("FEN_INVALID", FEN_INVALID)?;
    Ok(())
}
