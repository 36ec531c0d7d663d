//! The Pythonic layer: `Board` (a game that pushes and pops), `Move` (a
//! legal move with its legs), `Outcome`, `Engine` (a search that releases
//! the GIL and can be stopped), and the long calls' plumbing: perft and
//! search run on a worker thread while the calling thread, without the
//! GIL, watches for Ctrl-C.
//!
//! Limits: a search's depth at most [`MAX_SEARCH_DEPTH`], its time at most
//! [`MAX_SECONDS`] (10 s when no limit is given), a table of 1 to
//! [`MAX_TABLE_MB`] MiB; a mate search's or a line check's time at most
//! [`MAX_SECONDS`] (60 s by default), its length at most [`MAX_MATE_PLIES`].

use crate::errors::{GameOverError, error_of, limit, raise};
use crate::stateless::{colour_name, value};
use crate::{MAX_MOVE_BYTES, MAX_PERFT_DEPTH, MAX_PLIES, MAX_TEXT_BYTES, bounded, move_list, play_all, position};
use gunbai::{BoardStyle, Colour, Convention, Limits, MateLimits, Notation, Position, Promotion, StepKind};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The deepest search iteration.
pub const MAX_SEARCH_DEPTH: u32 = 64;
/// The longest search or mate search, in seconds.
pub const MAX_SECONDS: f64 = 86_400.0;
/// The largest search table, in MiB.
pub const MAX_TABLE_MB: usize = 4096;
/// The longest mate looked for, in plies.
pub const MAX_MATE_PLIES: u32 = 2047;
/// A search with no limit stops after this many seconds.
const DEFAULT_SEARCH_SECONDS: u64 = 10;
/// Perft below this depth is one library call; above, the root moves are
/// counted one by one, so that Ctrl-C stops it between them.
const SPLIT_DEPTH: u32 = 3;

pub(crate) fn parse_convention(text: &str) -> PyResult<Convention> {
    match text {
        "paths" => Ok(Convention::Paths),
        "effects" => Ok(Convention::Effects),
        "shogiops" => Ok(Convention::Shogiops),
        "fsf" => Ok(Convention::Fsf),
        other => Err(limit(format!(
            "convention `{}`: one of \"paths\", \"effects\", \"shogiops\", \"fsf\"",
            other.chars().take(40).collect::<String>()
        ))),
    }
}

pub(crate) fn parse_colour(text: &str) -> PyResult<Colour> {
    match text {
        "black" | "b" => Ok(Colour::Black),
        "white" | "w" => Ok(Colour::White),
        other => Err(limit(format!(
            "colour `{}`: \"black\" or \"white\"",
            other.chars().take(40).collect::<String>()
        ))),
    }
}

fn seconds(s: f64, what: &str) -> PyResult<Duration> {
    if !(s.is_finite() && (0.0..=MAX_SECONDS).contains(&s)) {
        return Err(limit(format!("{what} {s}: from 0 to {MAX_SECONDS} seconds")));
    }
    Ok(Duration::from_secs_f64(s))
}

/// A mate's length within [`MAX_MATE_PLIES`].
fn mate_plies(n: u32) -> PyResult<u32> {
    if n > MAX_MATE_PLIES {
        return Err(limit(format!("max_plies {n}: at most {MAX_MATE_PLIES}")));
    }
    Ok(n)
}

/// A table size within 1 to [`MAX_TABLE_MB`].
fn table_mb(mb: usize) -> PyResult<usize> {
    if !(1..=MAX_TABLE_MB).contains(&mb) {
        return Err(limit(format!("hash_mb {mb}: from 1 to {MAX_TABLE_MB}")));
    }
    Ok(mb)
}

/// The defender's hand: `"as-given"` (the position's) or `"rest"`
/// (standard tsume shogi: also every piece of the set neither on the
/// board nor in a hand), as `gunbai mate --defender-hand`.
fn defender_hand(name: &str) -> PyResult<gunbai::DefenderHand> {
    match name {
        "as-given" => Ok(gunbai::DefenderHand::AsGiven),
        "rest" => Ok(gunbai::DefenderHand::Rest),
        _ => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "defender_hand {:?}: \"as-given\" or \"rest\"",
            name.chars().take(40).collect::<String>()
        ))),
    }
}

/// The tsume rule (`any_moves=False`: every attacking move checks) or not.
fn attacker_moves(any_moves: bool) -> gunbai::AttackerMoves {
    if any_moves {
        gunbai::AttackerMoves::Any
    } else {
        gunbai::AttackerMoves::Checks
    }
}

/// Runs `f` on a worker thread without the GIL while this thread checks
/// for signals every 50 ms; on one (Ctrl-C) it sets `stop`, waits for the
/// worker and raises the signal's exception. Where no thread can be
/// started, `f` runs here.
fn interruptible<R: Send>(py: Python<'_>, stop: &AtomicBool, f: impl FnOnce() -> R + Send) -> PyResult<R> {
    let slot = Mutex::new(Some(f));
    let slot_ref = &slot;
    py.detach(|| {
        std::thread::scope(|s| {
            let (tx, rx) = std::sync::mpsc::channel();
            let task = move || {
                let f = slot_ref.lock().ok().and_then(|mut g| g.take());
                if let Some(f) = f {
                    let _ = tx.send(f());
                }
            };
            let Ok(worker) = std::thread::Builder::new().spawn_scoped(s, task) else {
                // No thread to be had: run here, without the watch.
                let f = slot.lock().ok().and_then(|mut g| g.take());
                return match f {
                    Some(f) => Ok(f()),
                    None => Err(bug()),
                };
            };
            loop {
                match rx.recv_timeout(Duration::from_millis(50)) {
                    Ok(r) => {
                        let _ = worker.join();
                        return Ok(r);
                    }
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            stop.store(true, Ordering::Relaxed);
                            let _ = worker.join();
                            return Err(e);
                        }
                    }
                    Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                        let _ = worker.join();
                        return Err(bug());
                    }
                }
            }
        })
    })
}

fn bug() -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err(
        "gunbai: the worker thread ended without an answer (a bug: please report it)",
    )
}

/// Perft, stoppable between root moves (the `paths` convention, whose
/// count is the sum over the root moves).
fn split_perft(pos: &Position, depth: u32, conv: Convention, stop: &AtomicBool) -> Result<Option<u64>, gunbai::Error> {
    if depth <= SPLIT_DEPTH || conv != Convention::Paths {
        return gunbai::perft(pos, depth, conv).map(Some);
    }
    let mut p = pos.clone();
    let mut total = 0u64;
    for m in pos.legal_moves()? {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        p.play(&m)?;
        match split_perft(&p, depth - 1, conv, stop)? {
            Some(n) => total += n,
            None => return Ok(None),
        }
        p.unplay();
    }
    Ok(Some(total))
}

pub(crate) fn run_perft(py: Python<'_>, pos: &Position, depth: u32, conv: Convention) -> PyResult<u64> {
    if depth > MAX_PERFT_DEPTH {
        return Err(limit(format!("perft depth {depth}: at most {MAX_PERFT_DEPTH}")));
    }
    let stop = AtomicBool::new(false);
    match interruptible(py, &stop, || split_perft(pos, depth, conv, &stop))? {
        Ok(Some(n)) => Ok(n),
        Ok(None) => Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("perft stopped")),
        Err(e) => Err(raise(&e)),
    }
}

/// A legal move of the position it came from: its text, and what it does
/// (read lazily). Equal to its native text as a `str`.
#[pyclass(module = "gunbai", frozen)]
pub struct Move {
    m: gunbai::Move,
    /// The position it is legal in (shared by the moves of one list).
    pos: Arc<Position>,
    text: String,
}

impl Move {
    fn new(m: gunbai::Move, pos: &Arc<Position>) -> PyResult<Move> {
        let text = pos.move_text(&m, Notation::Native).map_err(|e| raise(&e))?;
        Ok(Move {
            m,
            pos: pos.clone(),
            text,
        })
    }
}

#[pymethods]
impl Move {
    /// The native text (docs/notation.md): `e3-e4`, `P*e5`, `f5xf6-f5`.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    /// The USI text (lishogi's), or None for a variant without USI.
    #[getter]
    fn usi(&self) -> Option<String> {
        self.pos.move_text(&self.m, Notation::Usi).ok()
    }

    /// The square the piece starts on (None for a drop).
    #[getter(from_square)]
    fn origin(&self) -> Option<String> {
        (!self.m.is_drop()).then(|| self.pos.legs(&self.m).from)
    }

    /// The last square the piece lands on.
    #[getter]
    fn to_square(&self) -> Option<String> {
        let legs = self.pos.legs(&self.m);
        legs.steps
            .iter()
            .rev()
            .find(|s| s.kind == StepKind::Land)
            .map(|s| s.square.clone())
    }

    /// Every step in order: `(square, "land")` or `(square, "shot")` (a
    /// shot hits a square from where the piece stands).
    #[getter]
    fn legs(&self) -> Vec<(String, &'static str)> {
        self.pos
            .legs(&self.m)
            .steps
            .into_iter()
            .map(|s| {
                let kind = match s.kind {
                    StepKind::Land => "land",
                    _ => "shot",
                };
                (s.square, kind)
            })
            .collect()
    }

    /// The squares whose pieces the move removes, in the order they die.
    #[getter]
    fn captures(&self) -> Vec<String> {
        self.pos.legs(&self.m).captures
    }

    /// `"none"`, `"promote"`, `"promote_with_chain"`, `"decline"` or `"revert"`.
    #[getter]
    fn promotion(&self) -> &'static str {
        match self.pos.legs(&self.m).promotion {
            Promotion::None => "none",
            Promotion::Promote => "promote",
            Promotion::PromoteWithChain => "promote_with_chain",
            Promotion::Decline => "decline",
            _ => "revert",
        }
    }

    /// For a drop, the code of the piece placed; else None.
    #[getter]
    fn drop(&self) -> Option<String> {
        self.pos.legs(&self.m).drop.map(|d| d.0)
    }

    /// Whether the move drops a piece from the hand.
    #[getter]
    fn is_drop(&self) -> bool {
        self.m.is_drop()
    }

    /// How many times the piece lands (2 for a lion's double move).
    #[getter]
    fn landings(&self) -> usize {
        self.m.landings()
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("Move({:?})", self.text)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.text.hash(&mut h);
        h.finish()
    }

    /// Equal to a move of the same text, or to that text.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if other.is_instance_of::<PyString>() {
            return other.extract::<String>().is_ok_and(|s| s == self.text);
        }
        if let Ok(m) = other.cast::<Move>() {
            return m.get().text == self.text;
        }
        false
    }
}

/// How a game ended.
#[pyclass(module = "gunbai", frozen, get_all)]
pub struct Outcome {
    /// `"black"`, `"white"`, or None for a draw.
    pub winner: Option<String>,
    /// `"lost"` (a side met `loses_when`), `"won"` (a `wins_when`
    /// condition, named by `condition`), `"answered"`, `"repetition"`,
    /// `"no_moves"` or `"move_limit"`.
    pub reason: String,
    /// The `wins_when` condition's id for `"won"`.
    pub condition: Option<String>,
    /// The outcome in words, as `gunbai show` prints it.
    pub text: String,
}

#[pymethods]
impl Outcome {
    fn __repr__(&self) -> String {
        format!("<Outcome {}>", self.text)
    }
    fn __str__(&self) -> String {
        self.text.clone()
    }
}

impl Outcome {
    fn of(o: gunbai::Outcome) -> Outcome {
        use gunbai::Reason;
        let (reason, condition) = match o.reason {
            Reason::Lost => ("lost", None),
            Reason::Won(id) => ("won", Some(id)),
            Reason::Answered => ("answered", None),
            Reason::Repetition => ("repetition", None),
            Reason::NoMoves => ("no_moves", None),
            Reason::MoveLimit => ("move_limit", None),
            _ => ("other", None),
        };
        Outcome {
            winner: o.winner.map(|c| colour_name(c).to_string()),
            reason: reason.to_string(),
            condition,
            text: o.text,
        }
    }
}

/// A game of one variant: a position and the moves pushed on it.
///
/// `Board("chu")` is the start; `fen` is native position text or an SFEN,
/// `moves` a list played from it. Iterating a board gives its legal moves.
#[pyclass(module = "gunbai", skip_from_py_object)]
#[derive(Clone)]
pub struct Board {
    pos: Position,
    /// The native texts of the moves pushed, first first.
    stack: Vec<String>,
}

impl Board {
    fn parse(&self, mv: &Bound<'_, PyAny>) -> PyResult<gunbai::Move> {
        if let Ok(m) = mv.cast::<Move>() {
            let m = m.get();
            let legal = self.pos.legal_moves().map_err(|e| raise(&e))?;
            if !legal.contains(&m.m) {
                let msg = format!("`{}` is not a legal move of this position", m.text);
                return Err(error_of(
                    crate::errors::MoveError::new_err(msg.clone()),
                    "illegal_move",
                    &msg,
                ));
            }
            return Ok(m.m);
        }
        let text: String = mv.extract()?;
        bounded(&text, "a move", MAX_MOVE_BYTES)?;
        self.pos.parse_move(&text).map_err(|e| raise(&e))
    }

    fn moves(&self, convention: Convention) -> PyResult<Vec<Move>> {
        let legal = self.pos.legal_moves_as(convention).map_err(|e| raise(&e))?;
        let shared = Arc::new(self.pos.clone());
        let mut out = legal
            .into_iter()
            .map(|m| Move::new(m, &shared))
            .collect::<PyResult<Vec<Move>>>()?;
        out.sort_unstable_by(|a, b| a.text.cmp(&b.text));
        Ok(out)
    }

    fn played_from_here(&self) -> PyResult<()> {
        if self.stack.len() >= MAX_PLIES {
            return Err(limit(format!("a board holds at most {MAX_PLIES} moves")));
        }
        Ok(())
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (variant, fen = None, moves = None))]
    fn new(variant: &str, fen: Option<&str>, moves: Option<&Bound<'_, PyAny>>) -> PyResult<Board> {
        let v = crate::variant(variant)?;
        let pos = match fen {
            Some(f) => position(&v, f)?,
            None => v.start(),
        };
        let mut board = Board { pos, stack: Vec::new() };
        if let Some(moves) = moves {
            let list = move_list(moves)?;
            let mut p = board.pos.clone();
            play_all(&mut p, &list)?;
            // Texts as the board writes them (the list may be USI).
            for m in p.moves_played() {
                let text = board.pos.move_text(&m, Notation::Native).map_err(|e| raise(&e))?;
                board.pos.play(&m).map_err(|e| raise(&e))?;
                board.stack.push(text);
            }
        }
        Ok(board)
    }

    /// The variant's id.
    #[getter]
    fn variant(&self) -> String {
        self.pos.variant().name().to_string()
    }

    /// The position as native text (what `start_fen` and `get_fen` give).
    #[getter]
    fn fen(&self) -> String {
        self.pos.to_text()
    }

    /// The position as an SFEN, or None for a variant without one.
    #[getter]
    fn sfen(&self) -> Option<String> {
        self.pos.to_sfen()
    }

    /// The side to move: `"black"` or `"white"`.
    #[getter]
    fn turn(&self) -> &'static str {
        colour_name(self.pos.side_to_move())
    }

    /// The native texts of the moves pushed, first first.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.stack.clone()
    }

    /// The legal moves as `Move` objects, sorted by their text (as `gunbai
    /// moves` lists them); none once the game is over. `convention="fsf"`
    /// lists them as Fairy-Stockfish does (mating pawn drops included,
    /// repetition ignored), as perft's conventions count.
    #[pyo3(signature = (convention = "paths"))]
    fn legal_moves(&self, convention: &str) -> PyResult<Vec<Move>> {
        self.moves(parse_convention(convention)?)
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let list = pyo3::types::PyList::new(py, slf.moves(Convention::Paths)?)?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    /// Reads a move (native text or USI) and returns it if legal here;
    /// anything else raises `MoveError`, saying why.
    fn parse_move(&self, text: &str) -> PyResult<Move> {
        bounded(text, "a move", MAX_MOVE_BYTES)?;
        let m = self.pos.parse_move(text).map_err(|e| raise(&e))?;
        Move::new(m, &Arc::new(self.pos.clone()))
    }

    /// Whether `move` (a `Move` or its text) is legal here.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        match self.parse(r#move) {
            Ok(m) => Ok(self.pos.legal_moves().map_err(|e| raise(&e))?.contains(&m)),
            Err(e) if e.is_instance_of::<crate::errors::GunbaiError>(r#move.py()) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Plays `move` (a `Move` or its text, native or USI) and returns it
    /// as a `Move`. An illegal move raises `MoveError`.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Move> {
        self.played_from_here()?;
        let m = self.parse(r#move)?;
        let before = Arc::new(self.pos.clone());
        let mv = Move::new(m, &before)?;
        self.pos.play(&m).map_err(|e| raise(&e))?;
        self.stack.push(mv.text.clone());
        Ok(mv)
    }

    /// Takes the last move back and returns it (None when no move was
    /// pushed).
    fn pop(&mut self) -> PyResult<Option<Move>> {
        match self.pos.unplay() {
            Some(m) => {
                self.stack.pop();
                Move::new(m, &Arc::new(self.pos.clone())).map(Some)
            }
            None => Ok(None),
        }
    }

    /// Whether `move` would leave the other side in check.
    fn gives_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = self.parse(r#move)?;
        Ok(self.pos.gives_check(&m))
    }

    /// Whether `move` removes an enemy piece.
    fn is_capture(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = self.parse(r#move)?;
        Ok(self.pos.is_capture(&m))
    }

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool {
        self.pos.in_check()
    }

    /// How the game ended, or None while it goes on.
    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome().map(Outcome::of)
    }

    /// Whether the game is over.
    fn is_game_over(&self) -> bool {
        self.pos.outcome().is_some()
    }

    /// The result for the side to move as `game_result` gives it
    /// (`VALUE_MATE`, `-VALUE_MATE`, `VALUE_DRAW`), or None while the game
    /// goes on.
    fn result(&self) -> Option<i32> {
        self.pos.outcome().map(|o| value(&self.pos, &o))
    }

    /// The piece on `square` (named as in move text: `e5`) as
    /// `(colour, code)`, or None for an empty square.
    fn piece_at(&self, square: &str) -> PyResult<Option<(&'static str, String)>> {
        bounded(square, "a square", MAX_MOVE_BYTES)?;
        let p = self.pos.piece_at(square).map_err(|e| raise(&e))?;
        Ok(p.map(|p| (colour_name(p.colour), p.code)))
    }

    /// The pieces in `colour`'s hand: `{code: count}`.
    #[pyo3(signature = (colour = "black"))]
    fn hand<'py>(&self, py: Python<'py>, colour: &str) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for h in self.pos.hand(parse_colour(colour)?) {
            d.set_item(h.code, h.count)?;
        }
        Ok(d)
    }

    /// A copy that pushes and pops on its own.
    fn copy(&self) -> Board {
        self.clone()
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// The board as text, as `gunbai show` prints it.
    fn __str__(&self) -> String {
        self.pos.board_text()
    }

    fn __repr__(&self) -> String {
        format!("Board({:?}, {:?})", self.pos.variant().name(), self.pos.to_text())
    }

    /// The leaves of the legal-move tree `depth` plies deep (`convention`:
    /// `"paths"`, `"effects"`, `"shogiops"`, `"fsf"`), as `gunbai perft`
    /// counts them. Releases the GIL; Ctrl-C stops it.
    #[pyo3(signature = (depth, convention = "paths"))]
    fn perft(&self, py: Python<'_>, depth: u32, convention: &str) -> PyResult<u64> {
        let conv = parse_convention(convention)?;
        run_perft(py, &self.pos, depth, conv)
    }

    /// The board as an SVG picture: `flipped` puts White's side at the
    /// bottom, `codes` labels pieces by code rather than kanji, `hit_areas`
    /// gives every square a `data-sq` area, `last_move` marks the last
    /// move pushed.
    #[pyo3(signature = (flipped = false, codes = false, hit_areas = false, last_move = false))]
    fn svg(&self, flipped: bool, codes: bool, hit_areas: bool, last_move: bool) -> String {
        self.pos.board_svg_with(BoardStyle {
            flipped,
            codes,
            hit_areas,
            mark_last_move: last_move,
        })
    }

    /// Looks for a forced mate by the side to move (df-pn, as `gunbai
    /// mate`): `any_moves=False` is tsume (every attacking move checks);
    /// `defender_hand="rest"` gives the defender every piece of the set
    /// neither on the board nor in a hand (standard tsume shogi), and the
    /// result's `start` is then the position the line plays from.
    /// Releases the GIL; stops at `time` seconds (60 by default).
    #[pyo3(signature = (max_plies = 255, time = 60.0, nodes = None, hash_mb = 64, any_moves = false, defender_hand = "as-given"))]
    #[allow(clippy::too_many_arguments)]
    fn mate(
        &self,
        py: Python<'_>,
        max_plies: u32,
        time: f64,
        nodes: Option<u64>,
        hash_mb: usize,
        any_moves: bool,
        defender_hand: &str,
    ) -> PyResult<MateResult> {
        let limits = MateLimits {
            moves: attacker_moves(any_moves),
            max_plies: mate_plies(max_plies)?,
            time: Some(seconds(time, "time")?),
            nodes,
            hash_mb: table_mb(hash_mb)?,
            defender_hand: self::defender_hand(defender_hand)?,
        };
        let report = py.detach(|| gunbai::mate(&self.pos, &limits)).map_err(|e| raise(&e))?;
        let mut pos = match &report.start {
            Some(text) => Position::from_text(self.pos.variant(), text).map_err(|e| raise(&e))?,
            None => self.pos.clone(),
        };
        // The line plays on where an attacker without a royal does.
        pos.spare_royalless();
        Ok(MateResult {
            verdict: match report.verdict {
                gunbai::Verdict::Mate => "mate",
                gunbai::Verdict::NoMate => "no_mate",
                _ => "unknown",
            }
            .to_string(),
            plies: report.plies,
            line: line_texts(&pos, &report.line)?,
            shortest: report.shortest,
            nodes: report.nodes,
            seconds: report.elapsed.as_secs_f64(),
            start: report.start,
        })
    }

    /// Checks a claimed mating line (`gunbai mate --check-line`): `line`
    /// is a str of move texts separated by spaces or a list of them
    /// (native or USI); every other defence of each defender's ply is
    /// searched for a mate within the plies the claim (`max_plies`, by
    /// default the line's length) leaves, each within `nodes` (100,000 by
    /// default); `time` bounds the whole check. A move that does not read
    /// raises `MoveError` naming its ply. `defender_hand="rest"` fills the
    /// defender's hand first, as in `mate`. Releases the GIL.
    #[pyo3(signature = (line, max_plies = None, time = 60.0, nodes = None, hash_mb = 64, any_moves = false, defender_hand = "as-given"))]
    #[allow(clippy::too_many_arguments)]
    fn check_line(
        &self,
        line: &Bound<'_, PyAny>,
        max_plies: Option<u32>,
        time: f64,
        nodes: Option<u64>,
        hash_mb: usize,
        any_moves: bool,
        defender_hand: &str,
    ) -> PyResult<LineResult> {
        let limits = gunbai::LineLimits {
            moves: attacker_moves(any_moves),
            max_plies: max_plies.map(mate_plies).transpose()?,
            time: Some(seconds(time, "time")?),
            nodes,
            hash_mb: table_mb(hash_mb)?,
            defender_hand: self::defender_hand(defender_hand)?,
        };
        let (text, list) = if line.is_instance_of::<PyString>() {
            let text: String = line.extract()?;
            bounded(&text, "the line", MAX_TEXT_BYTES)?;
            (Some(text), Vec::new())
        } else {
            (None, move_list(line)?)
        };
        let texts: Vec<&str> = list.iter().map(String::as_str).collect();
        let py = line.py();
        let pos = self.pos.clone();
        let report = py
            .detach(|| match &text {
                Some(t) => gunbai::check_line(&pos, t.as_str(), &limits),
                None => gunbai::check_line(&pos, texts.as_slice(), &limits),
            })
            .map_err(|e| raise(&e))?;
        line_result(py, &report)
    }
}

/// The native texts of what `check_line` found: the line's moves, and
/// each defence's moves in the position before its ply.
fn line_result(py: Python<'_>, r: &gunbai::LineReport) -> PyResult<LineResult> {
    let mut p = r.start.clone();
    let mut line = Vec::with_capacity(r.line.len());
    let mut defences = Vec::with_capacity(r.defences.len());
    let mut next = r.defences.iter().peekable();
    let text = |p: &Position, m: &gunbai::Move| p.move_text(m, Notation::Native).map_err(|e| raise(&e));
    for m in &r.line {
        if let Some(d) = next.next_if(|d| d.ply as usize == line.len() + 1) {
            let texts = |ms: &[gunbai::Move]| ms.iter().map(|m| text(&p, m)).collect::<PyResult<Vec<String>>>();
            let defence = LineDefence {
                ply: d.ply,
                r#move: text(&p, &d.played)?,
                left: d.left,
                alternatives: d.alternatives,
                mated: d.mated,
                longest: match &d.longest {
                    Some((m, plies, shortest)) => Some((text(&p, m)?, *plies, *shortest)),
                    None => None,
                },
                stronger: d.stronger,
                escapes: texts(&d.escapes)?,
                undecided: texts(&d.undecided)?,
                unchecked: d.unchecked,
            };
            defences.push(Py::new(py, defence)?);
        }
        line.push(text(&p, m)?);
        if p.play(m).is_err() {
            // Past an illegal move (a line of `Move`s) nothing is written.
            break;
        }
    }
    Ok(LineResult {
        verdict: r.verdict.as_str().to_string(),
        at: r.at,
        claimed: r.claimed,
        walked: r.walked,
        ends_in_mate: r.ends_in_mate,
        line,
        defences,
        nodes: r.nodes,
        seconds: r.elapsed.as_secs_f64(),
    })
}

/// What `Board.check_line` found.
#[pyclass(module = "gunbai", frozen, get_all)]
pub struct LineResult {
    /// `"verified"` (every other defence is mated within the claim and
    /// the line ends in mate), `"undecided"` (no defence escapes, some were
    /// not decided within `nodes`), `"refuted"` (a defence escapes the
    /// claim), `"not_mate"`, `"no_check"` (an attacking move gives no
    /// check), `"illegal"` or `"unknown"` (the time ran out).
    pub verdict: String,
    /// The ply (from 1) the verdict points at: the escape's ply, or the
    /// move that gives no check.
    pub at: Option<u32>,
    /// The claimed length in plies.
    pub claimed: u32,
    /// Plies of the line walked.
    pub walked: u32,
    /// The line ends in mate (None when not walked to its end).
    pub ends_in_mate: Option<bool>,
    /// The line's moves, native texts.
    pub line: Vec<String>,
    /// Every defender's ply walked, in order.
    pub defences: Vec<Py<LineDefence>>,
    pub nodes: u64,
    pub seconds: f64,
}

#[pymethods]
impl LineResult {
    fn __repr__(&self) -> String {
        let at = self.at.map(|a| format!(" at ply {a}")).unwrap_or_default();
        format!(
            "<LineResult {}{at} claimed={} {}>",
            self.verdict,
            self.claimed,
            self.line.join(" ")
        )
    }
}

/// One defender's ply of a checked line: its other defences, native texts
/// in the position before the ply.
#[pyclass(module = "gunbai", frozen, get_all)]
pub struct LineDefence {
    /// The ply, counted from 1 (a defender's ply is even).
    pub ply: u32,
    /// The line's defence.
    pub r#move: String,
    /// Plies the claim leaves after a defence here.
    pub left: u32,
    /// The other legal defences.
    pub alternatives: u32,
    /// Of them, mated within `left`.
    pub mated: u32,
    /// The longest of those mates: `(move, plies, shortest)`, or None.
    pub longest: Option<(String, u32, bool)>,
    /// `longest` is proven longer than what the line takes from here: the
    /// line's defence is not the longest resistance.
    pub stronger: bool,
    /// Defences proven not mated within `left`.
    pub escapes: Vec<String>,
    /// Defences not decided within the node budget.
    pub undecided: Vec<String>,
    /// Defences not searched (the time ran out).
    pub unchecked: u32,
}

#[pymethods]
impl LineDefence {
    fn __repr__(&self) -> String {
        format!(
            "<LineDefence ply {} {}: {} of {} mated, escapes [{}]>",
            self.ply,
            self.r#move,
            self.mated,
            self.alternatives,
            self.escapes.join(" ")
        )
    }
}

/// The native texts of a line of moves played from `pos`.
fn line_texts(pos: &Position, line: &[gunbai::Move]) -> PyResult<Vec<String>> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for m in line {
        out.push(p.move_text(m, Notation::Native).map_err(|e| raise(&e))?);
        p.play(m).map_err(|e| raise(&e))?;
    }
    Ok(out)
}

/// What `Board.mate` found.
#[pyclass(module = "gunbai", frozen, get_all)]
pub struct MateResult {
    /// `"mate"`, `"no_mate"` (none within `max_plies`) or `"unknown"`
    /// (the limits ran out first).
    pub verdict: String,
    /// The mate's length in plies, for `"mate"`.
    pub plies: Option<u32>,
    /// The attacker's mate against the longest defence, native texts.
    pub line: Vec<String>,
    /// The length is proven shortest.
    pub shortest: bool,
    pub nodes: u64,
    pub seconds: f64,
    /// Under `defender_hand="rest"`, the position the line plays from
    /// (position text: the defender holding the rest of the set); else
    /// None.
    pub start: Option<String>,
}

#[pymethods]
impl MateResult {
    fn __repr__(&self) -> String {
        format!("<MateResult {} {}>", self.verdict, self.line.join(" "))
    }
}

/// What `Engine.search` found: the move to play and how it scores.
#[pyclass(module = "gunbai", frozen, get_all)]
pub struct SearchResult {
    /// The move to play (native text).
    pub best: String,
    /// The score in the rule file's piece values from the side to move's
    /// view, or None when the search found a mate.
    pub score: Option<i32>,
    /// Plies to a forced mate: positive when the side to move mates,
    /// negative when it is mated; None without one.
    pub mate: Option<i32>,
    /// The principal variation, starting with `best` (native texts).
    pub pv: Vec<String>,
    /// The last completed iteration's depth (0 when stopped before one).
    pub depth: u32,
    pub nodes: u64,
    pub seconds: f64,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        let score = match (self.score, self.mate) {
            (_, Some(n)) => format!("mate={n}"),
            (Some(v), None) => format!("score={v}"),
            (None, None) => String::new(),
        };
        format!(
            "<SearchResult best={} {score} depth={} pv={}>",
            self.best,
            self.depth,
            self.pv.join(" ")
        )
    }
}

/// A search engine for one variant (iterative deepening alpha-beta with a
/// table kept between searches). `Engine(board, hash_mb=16)`; `search`
/// releases the GIL, `stop()` from another thread ends it early, and
/// Ctrl-C stops it.
#[pyclass(module = "gunbai", frozen)]
pub struct Engine {
    inner: Mutex<gunbai::Engine>,
    stop: Arc<AtomicBool>,
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (board, hash_mb = 16))]
    fn new(board: PyRef<'_, Board>, hash_mb: usize) -> PyResult<Engine> {
        if !(1..=MAX_TABLE_MB).contains(&hash_mb) {
            return Err(limit(format!("hash_mb {hash_mb}: from 1 to {MAX_TABLE_MB}")));
        }
        let engine = gunbai::Engine::new(&board.pos, hash_mb);
        let stop = engine.stop_handle();
        Ok(Engine {
            inner: Mutex::new(engine),
            stop,
        })
    }

    /// Searches `board`'s position (of the engine's variant) to `depth`
    /// plies (at most 64), about `nodes` nodes or `time` seconds, whichever
    /// comes first; with no limit, 10 seconds. A finished game raises
    /// `GameOverError`.
    #[pyo3(signature = (board, depth = None, nodes = None, time = None))]
    fn search(
        &self,
        py: Python<'_>,
        board: PyRef<'_, Board>,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
    ) -> PyResult<SearchResult> {
        if let Some(d) = depth
            && !(1..=MAX_SEARCH_DEPTH).contains(&d)
        {
            return Err(limit(format!("depth {d}: from 1 to {MAX_SEARCH_DEPTH}")));
        }
        let time = match time {
            Some(t) => Some(seconds(t, "time")?),
            None if depth.is_none() && nodes.is_none() => Some(Duration::from_secs(DEFAULT_SEARCH_SECONDS)),
            None => None,
        };
        let limits = Limits { depth, nodes, time };
        let pos = board.pos.clone();
        drop(board);
        let Ok(mut guard) = self.inner.try_lock() else {
            return Err(limit("this engine is searching already (in another thread)"));
        };
        let engine: &mut gunbai::Engine = &mut guard;
        let report =
            interruptible(py, &self.stop, || engine.search(&pos, limits, &mut |_| true))?.map_err(|e| raise(&e))?;
        let Some(r) = report else {
            let msg = "the side to move has no move: the game is over";
            return Err(error_of(GameOverError::new_err(msg), "game_over", msg));
        };
        let pv = line_texts(&pos, &r.pv)?;
        let (score, mate) = match r.score {
            gunbai::Score::Value(v) => (Some(v), None),
            gunbai::Score::Mate(n) => (None, Some(n)),
        };
        Ok(SearchResult {
            best: pv.first().cloned().unwrap_or_default(),
            score,
            mate,
            pv,
            depth: r.depth,
            nodes: r.nodes,
            seconds: r.elapsed.as_secs_f64(),
        })
    }

    /// Stops a running search (from another thread); it returns the best
    /// move found so far.
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Forgets what was learnt (for a new game).
    fn clear(&self) -> PyResult<()> {
        match self.inner.try_lock() {
            Ok(mut e) => {
                e.clear();
                Ok(())
            }
            Err(_) => Err(limit("this engine is searching (in another thread)")),
        }
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Board>()?;
    m.add_class::<Move>()?;
    m.add_class::<Outcome>()?;
    m.add_class::<Engine>()?;
    m.add_class::<SearchResult>()?;
    m.add_class::<MateResult>()?;
    m.add_class::<LineResult>()?;
    m.add_class::<LineDefence>()?;
    m.add("MAX_SEARCH_DEPTH", MAX_SEARCH_DEPTH)?;
    m.add("MAX_TABLE_MB", MAX_TABLE_MB)?;
    m.add("MAX_MATE_PLIES", MAX_MATE_PLIES)?;
    m.add("MAX_SECONDS", MAX_SECONDS)?;
    Ok(())
}
