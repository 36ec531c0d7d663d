//! ATSI v0, the engine protocol of taikyoku-shogi.github.io
//! (`src/lib/atsi/GameHost.ts`; docs/atsi.md), for variants whose rule
//! file has a `[tsfen]` table. The host speaks first; every line is a
//! command and its space-separated arguments:
//!
//! - host → engine: `atsiinit v0`, `identify`, `player 0|1` (0 is sente,
//!   gunbai's Black), `time BASE INCREMENT` (seconds), `startgame
//!   initial|TSFEN`, `opmove START [STEP…] END MYTIME OPTIME`, `setparam
//!   NAME VALUE`, `win`/`loss`/`draw`, `quit`;
//! - engine → host: `atsiok`, `info "NAME" "DESCRIPTION" "AUTHOR"
//!   "VERSION"`, `param NAME int DEFAULT MIN MAX`, `move START [STEP…]
//!   END`, `eval CENTIPAWNS`, `resign`, `log TEXT`.
//!
//! A square is the file counted from the right (`1`–`36`) and the rank from
//! the top (`a`–`z`, then `aa`–`jj`). A move's steps are the squares a
//! lion-like move lands on before its end. The host promotes every piece
//! that may promote (it has no way to decline), so a move read is played
//! promoting when it can, and a move this engine chooses is sent promoting
//! when it can.
//!
//! Lines are read through [`input::LineReader`] (bounded length); a
//! line that cannot be read, an unknown command, a refused position or
//! move is a `log error: ...` line, never the end of the session.

use super::Game;
use super::input::{self, Line, shown};
use crate::board::{Colour, Geometry, Square};
use crate::movegen::{Move, Promotion, legal_moves};
use crate::position::{Position, TsfenDialect};
use crate::ruleset::Ruleset;
use crate::search::Limits;
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::time::Duration;

/// The protocol version this speaks.
const VERSION: &str = "v0";
/// Transposition-table megabytes unless `setparam hash` says otherwise.
const MEMORY_MB: usize = 64;
const MAX_MEMORY_MB: usize = 4096;
/// The deepest `setparam depth` (0: by the clock).
const MAX_DEPTH: i64 = 64;

/// Session state besides the game.
struct Session {
    initialised: bool,
    /// The side this engine plays (`player`).
    me: Colour,
    base: Duration,
    increment: Duration,
    /// Time left on this engine's clock, as the host last said.
    left: Option<Duration>,
    /// Fixed search depth (`setparam depth`), else by the clock.
    depth: Option<u32>,
    /// A game is being played (after `startgame`, until a result).
    playing: bool,
}

/// Runs the protocol on `input` until `quit` or the end of input.
pub fn run<R: BufRead>(input: R, out: &mut dyn Write, rules: Arc<Ruleset>, caps: super::clock::Caps) -> io::Result<()> {
    let mut lines = input::LineReader::new(input, input::MAX_LINE);
    let max_mb = MAX_MEMORY_MB.min(caps.table_mb);
    let mut game = Game::new(rules.clone(), MEMORY_MB.min(max_mb));
    let mut s = Session {
        initialised: false,
        me: Colour::Black,
        base: Duration::ZERO,
        increment: Duration::ZERO,
        left: None,
        depth: None,
        playing: false,
    };
    while let Some(line) = lines.next_line()? {
        let line = match line {
            Line::Text(t) => t,
            bad => {
                writeln!(out, "log error: unreadable line: {}", input::refusal(&bad))?;
                out.flush()?;
                continue;
            }
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            continue;
        };
        if !s.initialised {
            match (cmd, args) {
                ("atsiinit", [v]) if *v == VERSION || *v == "v00" => {
                    s.initialised = true;
                    writeln!(out, "atsiok")?;
                }
                ("atsiinit", _) => writeln!(
                    out,
                    "log error: unsupported ATSI version `{}`: this engine speaks {VERSION}",
                    shown(args.join(" ").as_bytes())
                )?,
                ("quit", _) => break,
                _ => writeln!(
                    out,
                    "log error: `{}` before `atsiinit {VERSION}`",
                    shown(cmd.as_bytes())
                )?,
            }
            out.flush()?;
            continue;
        }
        match cmd {
            "atsiinit" => writeln!(out, "atsiok")?,
            "identify" => {
                writeln!(
                    out,
                    "info \"gunbai\" \"rules interpreter for the shogi family ({})\" \"the gunbai authors\" \"{}\"",
                    rules.id,
                    env!("CARGO_PKG_VERSION")
                )?;
                writeln!(out, "param hash int {MEMORY_MB} 1 {max_mb}")?;
                writeln!(out, "param depth int 0 0 {MAX_DEPTH}")?;
            }
            "player" => match args {
                ["0"] => s.me = Colour::Black,
                ["1"] => s.me = Colour::White,
                _ => writeln!(out, "log error: player: expected 0 (sente) or 1 (gote)")?,
            },
            "time" => match args {
                [base] | [base, _] => match (clock(base), args.get(1).map_or(Ok(Duration::ZERO), |i| clock(i))) {
                    (Ok(b), Ok(i)) => {
                        s.base = b;
                        s.increment = i;
                        s.left = Some(b);
                    }
                    (Err(e), _) | (_, Err(e)) => writeln!(out, "log error: time: {e}")?,
                },
                _ => writeln!(out, "log error: time: expected BASE [INCREMENT] in seconds")?,
            },
            "setparam" => {
                if let Err(e) = set_param(&mut game, &mut s, args, max_mb) {
                    writeln!(out, "log error: setparam: {e}")?;
                }
            }
            "startgame" => {
                let text = line.trim_start().strip_prefix("startgame").unwrap_or("").trim();
                match start_position(&rules, text) {
                    Ok(pos) => {
                        game.reset(pos);
                        game.searcher.clear();
                        s.left = Some(s.base);
                        s.playing = true;
                        reply(out, &mut game, &mut s, &caps)?;
                    }
                    Err(e) => writeln!(out, "log error: startgame: {}", shown(e.as_bytes()))?,
                }
            }
            "opmove" => {
                if !s.playing {
                    writeln!(
                        out,
                        "log error: opmove: no game is being played (send `startgame` first)"
                    )?;
                } else if game.pos.side_to_move() == s.me {
                    writeln!(out, "log error: opmove: it is this engine's turn, not the opponent's")?;
                } else {
                    // The last two arguments are the clocks: mine, the opponent's.
                    let (squares, clocks) = args.split_at(args.len().saturating_sub(2));
                    match read_move(&game.pos, squares) {
                        Ok(m) => {
                            if let Some(Ok(t)) = clocks.first().map(|t| clock(t)) {
                                s.left = Some(t);
                            }
                            game.play(m);
                            reply(out, &mut game, &mut s, &caps)?;
                        }
                        Err(e) => writeln!(out, "log error: opmove: {}", shown(e.as_bytes()))?,
                    }
                }
            }
            "win" | "loss" | "draw" => {
                s.playing = false;
                if let Some(t) = game.pos.to_tsfen(TsfenDialect::Tsg, game.moves.len() as u32) {
                    writeln!(out, "log TSFEN: {t}")?;
                }
            }
            "quit" => break,
            // The host's own messages, should an engine's be echoed back.
            "info" | "param" | "eval" | "log" => {}
            _ => writeln!(out, "log error: unknown command `{}`", shown(cmd.as_bytes()))?,
        }
        out.flush()?;
    }
    out.flush()
}

/// A clock value in seconds; a negative one (a clock past zero) is none.
fn clock(text: &str) -> Result<Duration, String> {
    match text.strip_prefix('-') {
        Some(rest) => input::seconds(rest).map(|_| Duration::ZERO),
        None => input::seconds(text),
    }
}

/// `setparam hash MB` or `setparam depth N` (0: by the clock).
fn set_param(game: &mut Game, s: &mut Session, args: &[&str], max_mb: usize) -> Result<(), String> {
    match args {
        ["hash", value] => {
            let mb = input::count(value)?;
            if mb == 0 {
                return Err("hash: the size must be 1 MB or more".into());
            }
            let want = usize::try_from(mb).unwrap_or(usize::MAX).min(max_mb);
            game.searcher = crate::search::Searcher::with_table(&game.pos, 1).0;
            let (searcher, got) = crate::search::Searcher::with_table(&game.pos, want);
            game.searcher = searcher;
            if got < want {
                return Err(format!("hash: {want} MB are not available; using {got} MB"));
            }
            Ok(())
        }
        ["depth", value] => {
            let d = input::integer(value)?;
            if !(0..=MAX_DEPTH).contains(&d) {
                return Err(format!("depth: expected 0 to {MAX_DEPTH}"));
            }
            s.depth = (d > 0).then_some(d as u32);
            Ok(())
        }
        [name, _] => Err(format!(
            "unknown parameter `{}` (known: hash, depth)",
            shown(name.as_bytes())
        )),
        _ => Err("expected NAME VALUE".into()),
    }
}

/// `initial` or a TSFEN (either dialect).
fn start_position(rules: &Arc<Ruleset>, text: &str) -> Result<Position, String> {
    if text == "initial" {
        return Ok(Position::start(rules.clone()));
    }
    Position::from_tsfen(rules.clone(), text)
        .map(|(p, _)| p)
        .map_err(|r| r.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default())
}

/// If it is this engine's turn in a game not over, searches and sends its
/// move (or `resign` when it has none).
fn reply(out: &mut dyn Write, game: &mut Game, s: &mut Session, caps: &super::clock::Caps) -> io::Result<()> {
    if game.pos.side_to_move() != s.me {
        return Ok(());
    }
    if let Some(o) = game.result() {
        s.playing = false;
        writeln!(out, "log game over: {}", crate::render::outcome_text(game.rules(), &o))?;
        return Ok(());
    }
    let limits = match s.depth {
        Some(d) => Limits {
            depth: Some(d),
            ..Limits::default()
        },
        None => {
            let left = s.left.unwrap_or(Duration::from_secs(10));
            let hard = (left / 40 + s.increment * 3 / 4).max(Duration::from_millis(20));
            Limits {
                soft_time: Some(hard / 2),
                hard_time: Some(hard),
                ..Limits::default()
            }
        }
    };
    let mut last_score = None;
    let best = {
        let Game { pos, searcher, .. } = game;
        searcher.search(pos, caps.apply(limits), &mut |r| last_score = Some(r.score))
    };
    match best {
        Ok(Some(m)) => {
            let m = promoting(&game.pos, m);
            writeln!(out, "move {}", move_text(&game.pos, &m))?;
            if let Some(score) = last_score {
                // From sente's point of view.
                let sign = if s.me == Colour::Black { 1 } else { -1 };
                writeln!(out, "eval {}", score.saturating_mul(sign))?;
            }
            game.play(m);
        }
        Ok(None) => {
            s.playing = false;
            writeln!(out, "resign")?;
        }
        Err(e) => {
            s.playing = false;
            writeln!(out, "log error: {e}")?;
            writeln!(out, "resign")?;
        }
    }
    Ok(())
}

/// The promoting version of `m`, if there is one (the host promotes
/// whenever it can).
fn promoting(pos: &Position, m: Move) -> Move {
    if m.promotion != Promotion::Decline {
        return m;
    }
    let mut legal = Vec::new();
    if legal_moves(pos, &mut legal).is_err() {
        return m;
    }
    legal
        .into_iter()
        .find(|l| l.from == m.from && l.landings() == m.landings() && l.promotion == Promotion::Promote)
        .unwrap_or(m)
}

/// An ATSI square: file from the right, rank letter(s) from the top.
pub fn atsi_square(geo: &Geometry, sq: Square) -> String {
    let (x, y) = geo.xy(sq);
    let file = geo.width as i32 - x;
    let rank = geo.height as i32 - 1 - y;
    let letter = char::from(b'a' + (rank % 26) as u8);
    let repeat = (rank / 26 + 1) as usize;
    format!("{file}{}", letter.to_string().repeat(repeat))
}

/// Reads an ATSI square (`36a`, `1jj`).
pub fn parse_atsi_square(geo: &Geometry, text: &str) -> Option<Square> {
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (file, rank) = text.split_at(digits);
    let file: i32 = file.parse().ok().filter(|f| (1..=geo.width as i32).contains(f))?;
    let first = rank.chars().next().filter(|c| c.is_ascii_lowercase())?;
    if !rank.chars().all(|c| c == first) || rank.len() > 2 {
        return None;
    }
    let r = (first as u8 - b'a') as i32 + 26 * (rank.len() as i32 - 1);
    geo.square(geo.width as i32 - file, geo.height as i32 - 1 - r)
}

/// A move as ATSI writes it: the origin, each landing before the last
/// (the steps), and the last landing.
pub fn move_text(pos: &Position, m: &Move) -> String {
    let geo = &pos.rules().geometry;
    std::iter::once(m.from)
        .chain(m.landings().iter().copied())
        .map(|sq| atsi_square(geo, sq))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Finds the legal move `START [STEP…] END` says, promoting if it can.
pub fn read_move(pos: &Position, squares: &[&str]) -> Result<Move, String> {
    let geo = &pos.rules().geometry;
    if squares.len() < 2 {
        return Err("expected START [STEP...] END MYTIME OPTIME".into());
    }
    if squares.len() > crate::movegen::MAX_LEGS + 1 {
        return Err(format!("a move has at most {} steps", crate::movegen::MAX_LEGS - 1));
    }
    let mut path = Vec::with_capacity(squares.len());
    for s in squares {
        path.push(parse_atsi_square(geo, s).ok_or_else(|| format!("`{s}` is not a square of this board"))?);
    }
    let mut legal = Vec::new();
    legal_moves(pos, &mut legal).map_err(|e| e.to_string())?;
    let (from, landings) = (path[0], &path[1..]);
    let matching: Vec<&Move> = legal
        .iter()
        .filter(|m| m.drop.is_none() && m.from == from && m.landings() == landings)
        .collect();
    matching
        .iter()
        .find(|m| m.promotion == Promotion::Promote)
        .or_else(|| matching.first())
        .map(|m| **m)
        .ok_or_else(|| format!("`{}` is not a legal move in this position", squares.join(" ")))
}
