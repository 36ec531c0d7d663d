//! Game records: a game as data ([`Record`]: variant, start position,
//! moves, result, header, comments) and the formats it is read from and
//! written to ([`Format`], one entry each in [`FORMATS`]).
//!
//! A reader resolves every move against the legal moves of the position it
//! is played in, so a read record holds only legal moves; a move that is
//! not legal is an error naming its number, the line and column of its
//! text, and why. Records are files from strangers: [`decode`] takes bytes
//! (UTF-8, or Shift_JIS as older KIF programs write), and [`read`] refuses
//! more than [`MAX_RECORD_BYTES`] of text or [`MAX_RECORD_MOVES`] moves
//! before any parsing. docs/records.md describes the formats.
//!
//! Adding a format: a variant of [`Format`], a module with `read` and
//! `write`, and one [`FormatInfo`] in [`FORMATS`].

pub mod csa;
pub mod kif;
pub mod moves;
pub mod pgn;
pub mod tsfen;

use crate::board::{Colour, Square};
use crate::diagnostics::{Diagnostic, Report, Source};
use crate::movegen::{Move, Promotion, legal_moves};
use crate::notation::Notation;
use crate::position::{Cell, Position, cell};
use crate::ruleset::{Hands, Ruleset, TypeId};
use std::ops::Range;
use std::sync::Arc;

/// The most bytes of record text [`read`] accepts (8 MiB: a Chu game of
/// the longest lishogi allows is well under 100 KiB).
pub const MAX_RECORD_BYTES: usize = 8 << 20;
/// The most moves a record may hold.
pub const MAX_RECORD_MOVES: usize = 20_000;

/// A game: where it started, the moves played, how it ended.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// The variant's id (`shogi`, `chu`).
    pub variant: String,
    /// The rule preset the game was played under, if the record says.
    pub preset: Option<String>,
    /// Rule options (name, value) the game was played under.
    pub options: Vec<(String, String)>,
    /// The start position; `None`: the variant's setup.
    pub start: Option<Start>,
    /// The moves, each legal in the position it was played in.
    pub moves: Vec<Move>,
    /// How the game ended, if the record says.
    pub result: Option<GameResult>,
    /// Header lines as (key, value), in the record's order.
    pub headers: Vec<(String, String)>,
    /// Comments as (number of moves played before it, text).
    pub comments: Vec<(usize, String)>,
}

/// A start position: every square, the pieces in hand, the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// By square index: colour and type of the piece there.
    pub board: Vec<Option<(Colour, TypeId)>>,
    /// Pieces in hand per colour as (type, count).
    pub hands: Hands,
    pub side: Colour,
}

impl Start {
    /// The start of `pos` (its board, hands and side to move).
    pub fn of(pos: &Position) -> Start {
        let rules = pos.rules();
        let board = (0..rules.geometry.len() as Square).map(|sq| pos.piece_at(sq)).collect();
        let hands = Colour::BOTH.map(|c| {
            (0..rules.types.len() as TypeId)
                .filter_map(|t| Some((t, pos.in_hand(c, t))).filter(|&(_, n)| n > 0))
                .collect()
        });
        Start {
            board,
            hands,
            side: pos.side_to_move(),
        }
    }

    /// The position this start describes, judged.
    pub fn position(&self, rules: Arc<Ruleset>) -> Position {
        let cells: Vec<Cell> = (0..rules.geometry.len())
            .map(|i| match self.board.get(i).copied().flatten() {
                Some((c, t)) if usize::from(t) < rules.types.len() => cell(c, t),
                _ => 0,
            })
            .collect();
        Position::from_start(rules, cells, self.side, &self.hands)
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winner; `None`: a draw, or unknown for [`Termination::Abort`].
    pub winner: Option<Colour>,
    pub termination: Termination,
}

/// Why a game ended, as records say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    Resignation,
    /// The loser has no legal move (checkmate, stalemate where it loses).
    Checkmate,
    Repetition,
    /// An entering-king declaration (KIF 入玉勝ち, CSA %KACHI).
    Impasse,
    Timeout,
    IllegalMove,
    /// Stopped without a result (KIF 中断, CSA %CHUDAN).
    Abort,
    /// The rules' move limit, or a draw by agreement.
    Draw,
}

impl Termination {
    /// Whether the rules themselves decide this ending, so that a replay
    /// can check it against the position.
    pub fn judged_by_rules(&self) -> bool {
        matches!(self, Termination::Checkmate | Termination::Repetition)
    }
}

/// The record formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// KIF: standard shogi and lishogi's Chu dialect.
    Kif,
    /// CSA: standard shogi (variants whose pieces have CSA codes).
    Csa,
    /// XBoard's PGN: SAN for the variants XBoard knows.
    Pgn,
    /// TSFEN: a position only (a game's start), either dialect.
    Tsfen,
    /// A move list, one move a line, in any [`Notation`] gunbai reads;
    /// written in the one asked for ([`write_in`]).
    Moves,
}

/// A reader: record text, the name to quote in errors, the rules.
pub type ReadFn = fn(&str, &str, &Arc<Ruleset>) -> Result<Record, Report>;
/// A writer: the record, its rules; an error says what the format cannot
/// express.
pub type WriteFn = fn(&Record, &Arc<Ruleset>) -> Result<String, String>;

/// One format's registration: names, file extensions, how to recognise
/// its text, and its reader and writer.
pub struct FormatInfo {
    pub format: Format,
    /// The `--from`/`--to` name.
    pub name: &'static str,
    /// File extensions, lower case, without the dot.
    pub extensions: &'static [&'static str],
    /// Whether text looks like this format (for input without a known
    /// extension).
    pub sniff: fn(&str) -> bool,
    /// The variant the text is of, when the format says (a Chu KIF's
    /// 12-rank board; CSA is standard shogi's).
    pub variant_of: fn(&str, &[Arc<Ruleset>]) -> Option<String>,
    /// Text a bundled rule file has when it may be of this format (the
    /// candidates `variant_of` chooses from): `kif =` for KIF's names.
    pub rule_file_has: &'static str,
    pub read: ReadFn,
    pub write: WriteFn,
}

/// Every format, in the order `--from`/`--to` list them.
pub static FORMATS: &[FormatInfo] = &[
    FormatInfo {
        format: Format::Kif,
        name: "kif",
        extensions: &["kif", "kifu"],
        sniff: kif::sniff,
        variant_of: kif::variant_of,
        rule_file_has: "kif =",
        read: kif::read,
        write: kif::write,
    },
    FormatInfo {
        format: Format::Csa,
        name: "csa",
        extensions: &["csa"],
        sniff: csa::sniff,
        variant_of: csa::variant_of,
        rule_file_has: "csa =",
        read: csa::read,
        write: csa::write,
    },
    FormatInfo {
        format: Format::Pgn,
        name: "pgn",
        extensions: &["pgn"],
        sniff: pgn::sniff,
        variant_of: pgn::variant_of,
        rule_file_has: "xboard =",
        read: pgn::read,
        write: pgn::write,
    },
    FormatInfo {
        format: Format::Tsfen,
        name: "tsfen",
        extensions: &["tsfen"],
        sniff: tsfen::sniff,
        variant_of: tsfen::variant_of,
        rule_file_has: "[tsfen]",
        read: tsfen::read,
        write: tsfen::write,
    },
    FormatInfo {
        format: Format::Moves,
        name: "moves",
        extensions: &["moves"],
        sniff: moves::sniff,
        variant_of: moves::variant_of,
        rule_file_has: "",
        read: moves::read,
        write: moves::write,
    },
];

impl Format {
    /// Its registration.
    pub fn info(self) -> &'static FormatInfo {
        FORMATS.iter().find(|f| f.format == self).unwrap_or(&FORMATS[0])
    }
    /// The format named `name` (`kif`), case-insensitive.
    pub fn by_name(name: &str) -> Option<Format> {
        FORMATS
            .iter()
            .find(|f| f.name.eq_ignore_ascii_case(name))
            .map(|f| f.format)
    }
    /// The format of a file with this extension.
    pub fn by_extension(ext: &str) -> Option<Format> {
        FORMATS
            .iter()
            .find(|f| f.extensions.iter().any(|e| e.eq_ignore_ascii_case(ext)))
            .map(|f| f.format)
    }
    /// The first format whose text `text` looks like.
    pub fn sniff(text: &str) -> Option<Format> {
        FORMATS.iter().find(|f| (f.sniff)(text)).map(|f| f.format)
    }
    /// The names of every format, for messages.
    pub fn names() -> String {
        FORMATS.iter().map(|f| f.name).collect::<Vec<_>>().join(", ")
    }
}

/// Record bytes as text: UTF-8 (a byte-order mark is dropped) or, when
/// they are not UTF-8, Shift_JIS (the encoding of `.kif` files from older
/// programs). Neither is an error naming the first byte that is wrong.
pub fn decode(name: &str, bytes: &[u8]) -> Result<String, Report> {
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(too_big(name, bytes.len()));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let utf8_error = match std::str::from_utf8(bytes) {
        Ok(text) => return Ok(text.to_owned()),
        Err(e) => e,
    };
    if let Some(text) = encoding_rs::SHIFT_JIS.decode_without_bom_handling_and_without_replacement(bytes) {
        return Ok(text.into_owned());
    }
    let at = utf8_error.valid_up_to();
    let shown = String::from_utf8_lossy(bytes).into_owned();
    // The span of the bad byte in the lossy text: the valid prefix is
    // unchanged, and the bad byte became one U+FFFD (3 bytes).
    Err(Report {
        source: Source::new(name, shown),
        diagnostics: vec![
            Diagnostic::error(at..at + 3, format!("byte {at} is neither UTF-8 nor Shift_JIS text"))
                .with_help("save the record as UTF-8 (or Shift_JIS, as older KIF programs do)"),
        ],
    })
}

fn too_big(name: &str, len: usize) -> Report {
    Report {
        source: Source::new(name, ""),
        diagnostics: vec![
            Diagnostic::error(
                0..0,
                format!("the record is {len} bytes: more than the {MAX_RECORD_BYTES} a record may have"),
            )
            .with_help("split the file into one record per game"),
        ],
    }
}

/// Reads a record of `format` from `text` (named `name` in errors) for
/// `rules`, after the size check at the door.
pub fn read(format: Format, name: &str, text: &str, rules: &Arc<Ruleset>) -> Result<Record, Report> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(too_big(name, text.len()));
    }
    (format.info().read)(text, name, rules)
}

/// Why a record could not be read: an illegal move (what `gunbai
/// replay` looks for) or text that is not a record of the format.
#[derive(Debug)]
pub enum ReadError {
    /// A move the rules do not allow where it is played.
    IllegalMove(Report),
    /// Anything else: the text is not a readable record.
    Unreadable(Report),
}

impl ReadError {
    /// The report, whichever the kind.
    pub fn into_report(self) -> Report {
        match self {
            ReadError::IllegalMove(r) | ReadError::Unreadable(r) => r,
        }
    }
}

thread_local! {
    /// Set by [`Reading::illegal`]: the reader's error is an illegal move.
    /// The readers share [`Reading`] but return a plain [`Report`]; the
    /// kind travels beside it to [`read_game`].
    static ILLEGAL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// [`read`], telling an illegal move from an unreadable record.
pub fn read_game(format: Format, name: &str, text: &str, rules: &Arc<Ruleset>) -> Result<Record, ReadError> {
    ILLEGAL.with(|f| f.set(false));
    let r = read(format, name, text, rules);
    let illegal = ILLEGAL.with(|f| f.replace(false));
    r.map_err(|e| {
        if illegal {
            ReadError::IllegalMove(e)
        } else {
            ReadError::Unreadable(e)
        }
    })
}

/// Writes `record` in `format`.
pub fn write(format: Format, record: &Record, rules: &Arc<Ruleset>) -> Result<String, String> {
    (format.info().write)(record, rules)
}

/// Writes `record` in `format` with its moves in `notation`: only a move
/// list ([`Format::Moves`]) has a choice; KIF, CSA and PGN have their own
/// move text, and TSFEN none, so for them a notation other than
/// [`Notation::Native`] is an error saying so.
pub fn write_in(format: Format, record: &Record, rules: &Arc<Ruleset>, notation: Notation) -> Result<String, String> {
    match format {
        Format::Moves => moves::write_in(record, rules, notation),
        _ if notation == Notation::Native => write(format, record, rules),
        _ => Err(format!(
            "{} has its own move text: a notation (here `{notation}`) is for the `moves` format",
            format.info().name
        )),
    }
}

impl Record {
    /// The position the game started from.
    pub fn start_position(&self, rules: &Arc<Ruleset>) -> Position {
        match &self.start {
            Some(s) => s.position(rules.clone()),
            None => Position::start(rules.clone()),
        }
    }

    /// Plays the record's moves from its start, checking each: the first
    /// move that is not legal is `Err((index, why))`. The position after
    /// the last move otherwise.
    pub fn replay(&self, rules: &Arc<Ruleset>) -> Result<Position, (usize, String)> {
        let mut pos = self.start_position(rules);
        let mut legal = Vec::new();
        for (i, m) in self.moves.iter().enumerate() {
            if let Err(e) = legal_moves(&pos, &mut legal) {
                return Err((i, e.to_string()));
            }
            if !legal.contains(m) {
                return Err((i, not_legal_reason(&pos)));
            }
            pos.play_unchecked(m);
        }
        Ok(pos)
    }

    /// Checks the record's result against the position its moves end in
    /// (`end`): a game the rules ended must be recorded with that winner,
    /// and an ending the rules judge (checkmate, repetition) must have
    /// happened. `Err` says what disagrees.
    pub fn check_result(&self, end: &Position) -> Result<(), String> {
        let over = end.outcome();
        match (&self.result, over) {
            (Some(r), Some(o)) if r.termination != Termination::Abort && r.winner != o.winner() => Err(format!(
                "the record says {}, but the rules end the game with {}",
                describe_winner(r.winner),
                describe_winner(o.winner())
            )),
            (Some(r), None) if r.termination.judged_by_rules() => Err(format!(
                "the record ends by {:?}, but the game is not over after its last move",
                r.termination
            )),
            _ => Ok(()),
        }
    }
}

fn describe_winner(w: Option<Colour>) -> &'static str {
    match w {
        Some(Colour::Black) => "a win for Black (sente)",
        Some(Colour::White) => "a win for White (gote)",
        None => "a draw",
    }
}

fn not_legal_reason(pos: &Position) -> String {
    match pos.outcome() {
        Some(o) => format!("the game is already over ({:?})", o.reason),
        None => "it is not a legal move here".into(),
    }
}

/// A move as a record writes it, to be found among the legal moves.
#[derive(Clone, Debug, Default)]
pub(crate) struct Wanted {
    /// Origin square (`None` for a drop).
    pub from: Option<Square>,
    /// Landings in order (one for an ordinary move, two for a lion's).
    pub landings: Vec<Square>,
    /// The dropped type, for a drop.
    pub drop: Option<TypeId>,
    /// `Some(true)`: promotes; `Some(false)`: declines explicitly; `None`:
    /// no promotion written (declines, or no choice).
    pub promote: Option<bool>,
    /// The types the record says moved (any of them fits).
    pub movers: Vec<TypeId>,
}

/// The legal move of `pos` that `w` describes, or why there is none.
pub(crate) fn resolve(pos: &Position, w: &Wanted) -> Result<Move, String> {
    let mut legal = Vec::new();
    legal_moves(pos, &mut legal).map_err(|e| e.to_string())?;
    if legal.is_empty() {
        return Err(not_legal_reason(pos));
    }
    let geo = &pos.rules().geometry;
    if let Some(from) = w.from {
        match pos.piece_at(from) {
            None => return Err(format!("there is no piece on {}", geo.square_name(from))),
            Some((c, _)) if c != pos.side_to_move() => {
                return Err(format!("the piece on {} is not the mover's", geo.square_name(from)));
            }
            Some((_, t)) if !w.movers.is_empty() && !w.movers.contains(&t) => {
                return Err(format!(
                    "the piece on {} is a {}, not the piece the record names",
                    geo.square_name(from),
                    pos.rules().kind_of(t).id
                ));
            }
            _ => {}
        }
    }
    let fits = |m: &&Move| {
        m.drop == w.drop
            && (w.drop.is_some() || Some(m.from) == w.from)
            && m.landings() == w.landings.as_slice()
            && m.n_shots == 0
    };
    let mut found: Vec<&Move> = legal.iter().filter(fits).collect();
    if found.is_empty() {
        return Err("no legal move goes there".into());
    }
    found.retain(|m| match w.promote {
        Some(true) => matches!(m.promotion, Promotion::Promote | Promotion::PromoteWithChain),
        Some(false) => matches!(m.promotion, Promotion::Decline | Promotion::None),
        None => matches!(m.promotion, Promotion::Decline | Promotion::None),
    });
    match found.as_slice() {
        [m] => Ok(**m),
        [] if w.promote == Some(true) => Err("this move may not promote".into()),
        [] => Err("this move must promote (write 成)".into()),
        [m, ..] => Ok(**m),
    }
}

/// Reading state shared by the readers: the position, the moves so far,
/// and the move-count limit.
pub(crate) struct Reading<'a> {
    pub name: &'a str,
    pub text: &'a str,
    pub pos: Position,
    pub moves: Vec<Move>,
}

impl Reading<'_> {
    /// An error at `span` of the text.
    pub fn error(&self, span: Range<usize>, msg: impl Into<String>) -> Report {
        error(self.name, self.text, span, msg)
    }

    /// Finds and plays the move `w` written at `span`.
    pub fn play(&mut self, w: &Wanted, span: Range<usize>) -> Result<(), Report> {
        if self.moves.len() >= MAX_RECORD_MOVES {
            return Err(self.error(
                span,
                format!("more than {MAX_RECORD_MOVES} moves: a record may have at most that many"),
            ));
        }
        let n = self.moves.len() + 1;
        let m = resolve(&self.pos, w).map_err(|why| {
            let t = self.text.get(span.clone()).unwrap_or("");
            self.illegal(span.clone(), n, t, &why)
        })?;
        self.push(m, span)
    }

    /// Plays `m`, a legal move written at `span`, within the move limit.
    pub fn push(&mut self, m: Move, span: Range<usize>) -> Result<(), Report> {
        if self.moves.len() >= MAX_RECORD_MOVES {
            return Err(self.error(
                span,
                format!("more than {MAX_RECORD_MOVES} moves: a record may have at most that many"),
            ));
        }
        self.pos.play_unchecked(&m);
        self.moves.push(m);
        Ok(())
    }

    /// The error for move `n`, written `t` at `span`, that is illegal
    /// because of `why` ([`read_game`] tells it from other errors).
    pub fn illegal(&self, span: Range<usize>, n: usize, t: &str, why: &str) -> Report {
        ILLEGAL.with(|f| f.set(true));
        self.error(span, format!("move {n} (`{}`) is illegal: {why}", t.trim()))
    }
}

/// An error at `span` of the record text `text` named `name` (its message
/// bounded by [`Diagnostic::error`]: a 10^6-character token makes a short
/// message, while the span still points at all of it).
pub(crate) fn error(name: &str, text: &str, span: Range<usize>, msg: impl Into<String>) -> Report {
    Report {
        source: Source::new(name, text),
        diagnostics: vec![Diagnostic::error(span, msg)],
    }
}

/// [`error`] with a hint.
pub(crate) fn error_help(
    name: &str,
    text: &str,
    span: Range<usize>,
    msg: impl Into<String>,
    help: impl Into<String>,
) -> Report {
    let mut r = error(name, text, span, msg);
    r.diagnostics[0] = r.diagnostics[0].clone().with_help(help);
    r
}

/// The byte range of each line of `text` (without its line break).
pub(crate) fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    text.split_inclusive('\n').map(move |l| {
        let start = at;
        at += l.len();
        (start, l.trim_end_matches(['\n', '\r']))
    })
}
