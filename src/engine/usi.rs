//! The USI protocol (as used by shogi GUIs and lishogi's tools) for
//! variants whose rule file has an SFEN form: positions are lishogi SFEN,
//! moves lishogi's USI text (a lion's double move as three squares).
//!
//! A reader thread forwards commands, so that `stop` and `quit` end a
//! running search at once.

use super::Game;
use crate::notation::{Notation, parse_move, write_move};
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::search::{Limits, MATE, MAX_PLY, Report};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

const MEMORY_MB: usize = 64;

/// Runs the protocol until `quit` or the end of input.
pub fn run<R: BufRead + Send + 'static>(input: R, out: &mut dyn Write, rules: Arc<Ruleset>) -> io::Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    let thinking = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<String>();
    {
        let (stop, thinking) = (stop.clone(), thinking.clone());
        std::thread::spawn(move || {
            for line in input.lines() {
                let Ok(line) = line else { break };
                let word = line.split_whitespace().next().unwrap_or("");
                if thinking.load(Ordering::SeqCst) && (word == "stop" || word == "quit") {
                    stop.store(true, Ordering::SeqCst);
                }
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
    }
    let mut game = Game::new(rules.clone(), MEMORY_MB);
    game.searcher.set_stop_flag(stop.clone());
    while let Ok(line) = rx.recv() {
        let line = line.trim();
        let (cmd, rest) = line.split_once(' ').map_or((line, ""), |(c, r)| (c, r.trim()));
        match cmd {
            "usi" => {
                writeln!(out, "id name gunbai {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the gunbai authors")?;
                writeln!(out, "usiok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "usinewgame" => game.searcher.clear(),
            "setoption" | "ponderhit" | "gameover" | "" => {}
            "position" => {
                if let Err(e) = set_position(&mut game, &rules, rest) {
                    writeln!(out, "info string error: {e}")?;
                }
            }
            "go" => {
                if rules.sfen.is_none() {
                    writeln!(out, "info string error: this variant has no SFEN/USI form")?;
                }
                let limits = go_limits(rest, game.pos.side_to_move() == rules.first);
                stop.store(false, Ordering::SeqCst);
                thinking.store(true, Ordering::SeqCst);
                let mut infos = Vec::new();
                let start = game.pos.clone();
                let best = {
                    let Game { pos, searcher, .. } = &mut game;
                    searcher.search(pos, limits, &mut |r: &Report| infos.push(info_line(&start, r)))
                };
                thinking.store(false, Ordering::SeqCst);
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
            _ => writeln!(out, "info string error: unknown command `{line}`")?,
        }
        out.flush()?;
    }
    Ok(())
}

/// `startpos [moves ...]` or `sfen <SFEN> [moves ...]`.
fn set_position(game: &mut Game, rules: &Arc<Ruleset>, rest: &str) -> Result<(), String> {
    let (setup, moves) = match rest.split_once(" moves") {
        Some((s, m)) => (s.trim(), m.trim()),
        None => (rest.trim(), ""),
    };
    let pos = if setup == "startpos" {
        Position::start(rules.clone())
    } else if let Some(sfen) = setup.strip_prefix("sfen") {
        Position::from_sfen(rules.clone(), sfen.trim())
            .map_err(|r| r.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default())?
    } else {
        return Err(format!("expected `startpos` or `sfen ...`, got `{setup}`"));
    };
    game.reset(pos);
    for m in moves.split_whitespace() {
        let mv = parse_move(&game.pos, m).map_err(|r| {
            format!(
                "move `{m}`: {}",
                r.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default()
            )
        })?;
        game.play(mv);
    }
    Ok(())
}

/// Search limits from `go`'s arguments.
fn go_limits(rest: &str, first_to_move: bool) -> Limits {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let get = |k: &str| {
        words
            .iter()
            .position(|w| *w == k)
            .and_then(|i| words.get(i + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let mut l = Limits::default();
    if let Some(d) = get("depth") {
        l.depth = Some(d.clamp(1, MAX_PLY as u64 / 2) as u32);
    }
    if let Some(n) = get("nodes") {
        l.nodes = Some(n);
    }
    let margin = 50;
    if let Some(t) = get("movetime") {
        let t = Duration::from_millis(t.saturating_sub(margin).max(10));
        l.soft_time = Some(t);
        l.hard_time = Some(t);
    } else if !words.contains(&"infinite") {
        let (time, inc) = if first_to_move {
            ("btime", "binc")
        } else {
            ("wtime", "winc")
        };
        let left = get(time).unwrap_or(0);
        let inc = get(inc).unwrap_or(0);
        let byoyomi = get("byoyomi").unwrap_or(0);
        if left + inc + byoyomi > 0 {
            let budget = left / 35 + inc * 3 / 4 + byoyomi;
            let cap = (left + byoyomi).saturating_sub(margin) / 2 + byoyomi / 2;
            let hard = budget.min(cap).max(10);
            l.hard_time = Some(Duration::from_millis(hard));
            l.soft_time = Some(Duration::from_millis(hard / 2));
        } else if l.depth.is_none() && l.nodes.is_none() {
            l.depth = Some(4);
        }
    }
    l
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
