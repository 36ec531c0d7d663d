//! The USI protocol (as used by shogi GUIs and lishogi's tools) for
//! variants whose rule file has an SFEN form: positions are lishogi SFEN,
//! moves lishogi's USI text (a lion's double move as three squares).
//!
//! A reader thread forwards commands ([`input::spawn_reader`]: lines of
//! bounded length, a bounded queue), so that `stop` and `quit` end a
//! running search at once. Every number goes through [`input`]'s parsers
//! (saturating or refused); a line that cannot be read, a bad number or a
//! refused `position` is an `info string error: ...` line, and after a
//! refused `position` a `go` answers `bestmove resign` rather than search
//! the previous position.

use super::Game;
use super::clock::Caps;
use super::input::{self, Line, shown};
use crate::notation::{Notation, parse_move, write_move};
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::search::{Limits, MATE, MAX_PLY, Report, Searcher};
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Transposition-table megabytes unless `USI_Hash` says otherwise.
const MEMORY_MB: usize = 64;
/// The largest `USI_Hash` (the search's own cap).
const MAX_MEMORY_MB: usize = 4096;

/// Runs the protocol until `quit` or the end of input, within `caps`.
pub fn run<R: BufRead + Send + 'static>(
    input: R,
    out: &mut dyn Write,
    rules: Arc<Ruleset>,
    caps: Caps,
) -> io::Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    let thinking = Arc::new(AtomicBool::new(false));
    // The input has ended, and the search running is one only `stop` ends
    // (`go infinite`): no `stop` can come any more, so the end stops it.
    let ended = Arc::new(AtomicBool::new(false));
    let endless = Arc::new(AtomicBool::new(false));
    let rx = {
        let (stop, thinking, ended, endless) = (stop.clone(), thinking.clone(), ended.clone(), endless.clone());
        input::spawn_reader(input, move |line: Option<&str>| {
            let Some(line) = line else {
                ended.store(true, Ordering::SeqCst);
                if endless.load(Ordering::SeqCst) {
                    stop.store(true, Ordering::SeqCst);
                }
                return;
            };
            let word = line.split_whitespace().next().unwrap_or("");
            if thinking.load(Ordering::SeqCst) && (word == "stop" || word == "quit") {
                stop.store(true, Ordering::SeqCst);
            }
        })
    };
    let max_mb = MAX_MEMORY_MB.min(caps.table_mb);
    let mut game = Game::new(rules.clone(), MEMORY_MB.min(max_mb));
    game.searcher.set_stop_flag(stop.clone());
    // False after a refused `position`: `go` then has nothing to search.
    let mut have_position = true;
    while let Ok(line) = rx.recv() {
        let line = match line {
            Line::Text(t) => t,
            bad => {
                writeln!(out, "info string error: unreadable line: {}", input::refusal(&bad))?;
                out.flush()?;
                continue;
            }
        };
        let line = line.trim();
        let (cmd, rest) = line.split_once(' ').map_or((line, ""), |(c, r)| (c, r.trim()));
        match cmd {
            "usi" => {
                writeln!(out, "id name gunbai {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the gunbai authors")?;
                writeln!(
                    out,
                    "option name USI_Hash type spin default {MEMORY_MB} min 1 max {max_mb}"
                )?;
                writeln!(out, "usiok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "usinewgame" => game.searcher.clear(),
            "setoption" => {
                if let Err(e) = set_option(&mut game, rest, max_mb) {
                    writeln!(out, "info string error: {}", shown(e.as_bytes()))?;
                }
                game.searcher.set_stop_flag(stop.clone());
            }
            "ponderhit" | "gameover" | "" => {}
            "position" => match set_position(&rules, rest) {
                Ok((pos, played)) => {
                    game.reset(pos);
                    game.moves = played;
                    have_position = true;
                }
                Err(e) => {
                    have_position = false;
                    writeln!(out, "info string error: {}", shown(e.as_bytes()))?;
                }
            },
            "go" if !have_position => {
                // Searching the previous position would answer a move for
                // a game the GUI is no longer playing.
                writeln!(
                    out,
                    "info string error: no position to search: the last `position` was refused"
                )?;
                writeln!(out, "bestmove resign")?;
            }
            "go" if rest.split_whitespace().next() == Some("mate") && rules.sfen.is_some() => {
                stop.store(false, Ordering::SeqCst);
                thinking.store(true, Ordering::SeqCst);
                let answer = go_mate(&mut game.pos, rest, &stop, &caps);
                thinking.store(false, Ordering::SeqCst);
                writeln!(out, "{answer}")?;
            }
            "go" => {
                let (limits, bad) = go_limits(rest, game.pos.side_to_move() == rules.first);
                for b in bad {
                    writeln!(out, "info string error: go: {}", shown(b.as_bytes()))?;
                }
                let unbounded = limits.depth.is_none() && limits.nodes.is_none() && limits.hard_time.is_none();
                // In this order, so that an end of input read meanwhile
                // is seen here or stops the search from the reader.
                stop.store(false, Ordering::SeqCst);
                endless.store(unbounded, Ordering::SeqCst);
                if unbounded && ended.load(Ordering::SeqCst) {
                    stop.store(true, Ordering::SeqCst);
                }
                thinking.store(true, Ordering::SeqCst);
                let mut infos = Vec::new();
                let start = game.pos.clone();
                let best = {
                    let Game { pos, searcher, .. } = &mut game;
                    searcher.search(pos, caps.apply(limits), &mut |r: &Report| {
                        infos.push(info_line(&start, r))
                    })
                };
                thinking.store(false, Ordering::SeqCst);
                endless.store(false, Ordering::SeqCst);
                for i in infos {
                    writeln!(out, "{i}")?;
                }
                match best {
                    Ok(Some(m)) => writeln!(out, "bestmove {}", write_move(&game.pos, &m, Notation::Usi))?,
                    Ok(None) => writeln!(out, "bestmove resign")?,
                    Err(e) => {
                        writeln!(out, "info string error: {e}")?;
                        writeln!(out, "bestmove resign")?;
                    }
                }
            }
            "stop" => {}
            "quit" => break,
            _ => writeln!(out, "info string error: unknown command `{}`", shown(line.as_bytes()))?,
        }
        out.flush()?;
    }
    Ok(())
}

/// `setoption name USI_Hash value N`: a new table of N megabytes (at most
/// `max_mb`), smaller with an error when N cannot be allocated. Other
/// options (a GUI's `USI_Ponder` and the like) are ignored.
fn set_option(game: &mut Game, rest: &str, max_mb: usize) -> Result<(), String> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let ["name", "USI_Hash", "value", value] = words[..] else {
        return Ok(());
    };
    let mb = input::count(value).map_err(|e| format!("USI_Hash: {e}"))?;
    if mb == 0 {
        return Err("USI_Hash: the size must be 1 MB or more".into());
    }
    let want = usize::try_from(mb).unwrap_or(usize::MAX).min(max_mb);
    // The old table goes first, so that the two never add up.
    game.searcher = Searcher::with_table(&game.pos, 1).0;
    let (searcher, got) = Searcher::with_table(&game.pos, want);
    game.searcher = searcher;
    if got < want {
        return Err(format!("USI_Hash: {want} MB are not available; using {got} MB"));
    }
    Ok(())
}

/// `startpos [moves ...]` or `sfen <SFEN> [moves ...]`: the position and
/// the moves played to it, or why not (the game is left as it was).
type Played = Vec<(crate::movegen::Move, crate::play::Undo)>;
fn set_position(rules: &Arc<Ruleset>, rest: &str) -> Result<(Position, Played), String> {
    let (setup, moves) = match rest.split_once(" moves") {
        Some((s, m)) => (s.trim(), m.trim()),
        None => (rest.trim(), ""),
    };
    let mut pos = if setup == "startpos" {
        Position::start(rules.clone())
    } else if let Some(sfen) = setup.strip_prefix("sfen") {
        Position::from_sfen(rules.clone(), sfen.trim())
            .map_err(|r| r.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default())?
    } else {
        return Err(format!("expected `startpos` or `sfen ...`, got `{setup}`"));
    };
    let mut played = Vec::new();
    for m in moves.split_whitespace() {
        let mv = parse_move(&pos, m).map_err(|r| {
            format!(
                "move `{m}`: {}",
                r.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default()
            )
        })?;
        let undo = pos.play_unchecked(&mv);
        played.push((mv, undo));
    }
    Ok((pos, played))
}

/// Search limits from `go`'s arguments, and an error for each number that
/// does not read (that limit is then left out). Every time is capped at
/// [`input::MAX_SECONDS`], so the sums below cannot overflow.
fn go_limits(rest: &str, first_to_move: bool) -> (Limits, Vec<String>) {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let mut bad = Vec::new();
    let mut get = |k: &str, read: fn(&str) -> Result<Duration, String>| {
        let i = words.iter().position(|w| *w == k)?;
        match words.get(i + 1).map(|v| read(v)) {
            Some(Ok(v)) => Some(v),
            Some(Err(e)) => {
                bad.push(format!("{k}: {e}"));
                None
            }
            None => {
                bad.push(format!("{k}: no value"));
                None
            }
        }
    };
    // Counts ride in a Duration of as many milliseconds.
    let count = |v: &str| input::count(v).map(Duration::from_millis);
    let mut l = Limits::default();
    if let Some(d) = get("depth", count) {
        l.depth = Some(d.as_millis().clamp(1, MAX_PLY as u128 / 2) as u32);
    }
    if let Some(n) = get("nodes", count) {
        l.nodes = Some(u64::try_from(n.as_millis()).unwrap_or(u64::MAX));
    }
    let margin = Duration::from_millis(50);
    let least = Duration::from_millis(10);
    if let Some(t) = get("movetime", input::millis) {
        let t = t.saturating_sub(margin).max(least);
        l.soft_time = Some(t);
        l.hard_time = Some(t);
    } else if !words.contains(&"infinite") {
        let (time, inc) = if first_to_move {
            ("btime", "binc")
        } else {
            ("wtime", "winc")
        };
        let left = get(time, input::millis).unwrap_or_default();
        let inc = get(inc, input::millis).unwrap_or_default();
        let byoyomi = get("byoyomi", input::millis).unwrap_or_default();
        if !(left + inc + byoyomi).is_zero() {
            let (soft, hard) = super::clock::allocate(left, inc, byoyomi, None, 0);
            l.hard_time = Some(hard);
            l.soft_time = Some(soft);
        } else if l.depth.is_none() && l.nodes.is_none() {
            l.depth = Some(4);
        }
    }
    (l, bad)
}

fn info_line(pos: &Position, r: &Report) -> String {
    let score = if r.score.abs() > MATE - MAX_PLY as i32 {
        let plies = MATE - r.score.abs();
        format!("mate {}", if r.score > 0 { plies } else { -plies })
    } else {
        format!("cp {}", r.score)
    };
    let mut p = pos.clone();
    let mut pv = Vec::new();
    for m in &r.pv {
        pv.push(write_move(&p, m, Notation::Usi));
        p.play_unchecked(m);
    }
    format!(
        "info depth {} score {score} nodes {} time {} pv {}",
        r.depth,
        r.nodes,
        r.elapsed.as_millis(),
        pv.join(" ")
    )
}

/// `go mate <milliseconds | infinite>` (without a time: 60 s): the mate
/// solver ([`crate::mate`], tsume rule), answered as `checkmate <moves>`,
/// `checkmate nomate` (none within 255 plies) or `checkmate timeout`,
/// within the session's `caps` (nodes, table size).
fn go_mate(pos: &mut Position, rest: &str, stop: &AtomicBool, caps: &Caps) -> String {
    let mut config = crate::mate::Config::default();
    config.nodes = caps.nodes;
    config.hash_mb = config.hash_mb.min(caps.table_mb);
    match rest.split_whitespace().nth(1) {
        Some("infinite") => config.time = None,
        Some(ms) => config.time = ms.parse().ok().map(Duration::from_millis).or(config.time),
        None => {}
    }
    let found = match crate::mate::solve(pos, &config, Some(stop)) {
        Ok(found) => found,
        Err(e) => return format!("info string error: {e}\ncheckmate nomate"),
    };
    match found.verdict {
        crate::mate::Verdict::Mate => {
            let mut p = pos.clone();
            crate::mate::spare_royalless(&mut p);
            let mut line = Vec::new();
            for m in &found.line {
                line.push(write_move(&p, m, Notation::Usi));
                p.play_unchecked(m);
            }
            format!("checkmate {}", line.join(" "))
        }
        crate::mate::Verdict::NoMate => "checkmate nomate".to_string(),
        crate::mate::Verdict::Unknown => "checkmate timeout".to_string(),
    }
}
