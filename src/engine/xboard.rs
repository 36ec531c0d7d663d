//! The XBoard/WinBoard engine protocol (CECP version 2) for any rule file.
//!
//! Commands are read from a line source by a reader thread
//! ([`input::spawn_reader`]: lines of bounded length, a bounded queue), so
//! that `?`, `force`, `new`, `result` and `quit` stop a running search.
//! Every reply goes to the writer. Unknown or malformed input (a line that
//! is not UTF-8 or too long, a number out of range) gets `Error (...):
//! ...` and the session goes on, an illegal move `Illegal move: ...`;
//! every number goes through [`input`]'s parsers, which saturate or
//! refuse. A refused `option` leaves the settings as they were. Nothing
//! the GUI sends can make it panic or hang.

use super::clock::{Caps, Clock, TimeControl};
use super::input::{self, Line, shown};
use super::xboard_setup::{read_fen, setup_commands};
use super::{Game, parse_xboard_move, result_reason, result_token, xboard_legs, xboard_move};
use crate::board::Square;
use crate::compile::{OptionOverride, compile};
use crate::dsl::OptionValue;
use crate::movegen::{Promotion, legal_moves};
use crate::position::Position;
use crate::rules::variant_source;
use crate::ruleset::Ruleset;
use crate::search::{MATE, MAX_PLY, Searcher};
use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A variant the engine offers: how the user named it, and its ruleset.
#[derive(Clone)]
pub struct Offered {
    /// The bundled name or path it was loaded from.
    pub spec: String,
    pub rules: Arc<Ruleset>,
}

impl Offered {
    /// The name announced to and expected from the GUI: XBoard's own
    /// name where the rule file gives one, else the rule file's id.
    pub fn xboard_name(&self) -> &str {
        self.rules.xboard_name.as_deref().unwrap_or(&self.rules.id)
    }
}

/// Transposition-table size when the GUI sends no `memory`.
const DEFAULT_MEMORY_MB: usize = 64;
/// Lines that stop a running search.
const INTERRUPTS: [&str; 6] = ["?", "force", "new", "result", "quit", "exit"];

/// Runs the protocol until `quit` or the end of input, within `caps`.
pub fn run<R: BufRead + Send + 'static>(
    input: R,
    out: &mut dyn Write,
    offered: Vec<Offered>,
    name: &str,
    caps: Caps,
) -> io::Result<()> {
    let Some(first) = offered.first().cloned() else {
        return writeln!(out, "Error (no variants): nothing to play");
    };
    let stop = Arc::new(AtomicBool::new(false));
    let interrupt: Arc<Mutex<Option<String>>> = Arc::new(Mutex::new(None));
    let thinking = Arc::new(AtomicBool::new(false));
    let rx = {
        let (stop, interrupt, thinking) = (stop.clone(), interrupt.clone(), thinking.clone());
        input::spawn_reader(input, move |line: Option<&str>| {
            let word = line.and_then(|l| l.split_whitespace().next()).unwrap_or("");
            if thinking.load(Ordering::SeqCst) && INTERRUPTS.contains(&word) {
                if let Ok(mut i) = interrupt.lock() {
                    *i = Some(word.to_string());
                }
                stop.store(true, Ordering::SeqCst);
            }
        })
    };
    let memory = DEFAULT_MEMORY_MB.min(caps.table_mb);
    let mut e = Engine {
        offered: offered.clone(),
        current: first.clone(),
        memory,
        game: Game::new(first.rules.clone(), memory),
        caps,
        overrides: Vec::new(),
        compiled: HashMap::new(),
        force: false,
        engine_side_first: false,
        clock: Clock::new(),
        post: false,
        lifted: Vec::new(),
        stop,
        interrupt,
        thinking,
        name: name.to_string(),
    };
    e.share_stop();
    while let Ok(line) = rx.recv() {
        let go_on = match line {
            Line::Text(t) => e.command(t.trim(), out)?,
            bad => {
                writeln!(out, "Error (unreadable line): {}", input::refusal(&bad))?;
                true
            }
        };
        if !go_on {
            break;
        }
        out.flush()?;
    }
    Ok(())
}

struct Engine {
    offered: Vec<Offered>,
    current: Offered,
    memory: usize,
    game: Game,
    caps: Caps,
    /// `option` settings that were accepted, applied when a variant is
    /// (re)loaded.
    overrides: Vec<OptionOverride>,
    /// Each variant's ruleset compiled with its accepted options, by rule
    /// file id (absent: the options are the defaults).
    compiled: HashMap<String, Arc<Ruleset>>,
    force: bool,
    /// The engine plays the first player (XBoard's white).
    engine_side_first: bool,
    clock: Clock,
    post: bool,
    /// The squares of a move being entered in the GUI (`lift`, `put`).
    lifted: Vec<Square>,
    stop: Arc<AtomicBool>,
    interrupt: Arc<Mutex<Option<String>>>,
    thinking: Arc<AtomicBool>,
    name: String,
}

impl Engine {
    /// Handles one command; false ends the session.
    fn command(&mut self, line: &str, out: &mut dyn Write) -> io::Result<bool> {
        let (cmd, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        match cmd {
            "" | "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer" | "name" | "rating"
            | "ics" | "draw" | "hint" | "bk" => {}
            "post" => self.post = true,
            "nopost" => self.post = false,
            "protover" => self.features(out)?,
            "quit" | "exit" => return Ok(false),
            "new" => {
                self.load(self.current.clone());
                self.force = false;
                self.engine_side_first = false;
                self.clock = Clock::new();
                self.game.searcher.clear();
            }
            "variant" => match self
                .offered
                .iter()
                .find(|o| o.xboard_name() == rest || o.rules.id == rest)
            {
                Some(o) => {
                    let o = o.clone();
                    self.load(o);
                    self.describe_variant(out)?;
                }
                None => writeln!(out, "Error (unknown variant): {}", shown(rest.as_bytes()))?,
            },
            "force" => self.force = true,
            "go" => {
                self.force = false;
                self.engine_side_first = self.game.pos.side_to_move() == self.game.rules().first;
                self.think(out)?;
            }
            "playother" => {
                self.force = false;
                self.engine_side_first = self.game.pos.side_to_move() != self.game.rules().first;
            }
            "white" | "black" => {}
            "usermove" => self.user_move(rest, out)?,
            "setboard" => self.setboard(rest, out)?,
            "undo" => {
                if !self.game.undo() {
                    writeln!(out, "Error (command not legal now): undo")?;
                }
            }
            "remove" => {
                if self.game.moves.len() < 2 {
                    writeln!(out, "Error (command not legal now): remove")?;
                } else {
                    self.game.undo();
                    self.game.undo();
                }
            }
            "result" => self.force = true,
            "level" => match parse_level(rest) {
                Ok(c) => self.clock.control = c,
                Err(why) => bad_parameters(out, line, &why)?,
            },
            "st" => match input::seconds(rest) {
                Ok(t) if !t.is_zero() => self.clock.control = TimeControl::PerMove(t),
                Ok(_) => bad_parameters(out, line, "the time must be more than 0")?,
                Err(why) => bad_parameters(out, line, &why)?,
            },
            "sd" => match input::count(rest) {
                Ok(d) if d >= 1 => self.clock.depth = Some(d.min(MAX_PLY as u64 / 2) as u32),
                Ok(_) => bad_parameters(out, line, "the depth must be 1 or more")?,
                Err(why) => bad_parameters(out, line, &why)?,
            },
            "time" => match input::centis(rest) {
                Ok(t) => self.clock.left = Some(t),
                Err(why) => bad_parameters(out, line, &why)?,
            },
            "otim" => {
                if let Err(why) = input::centis(rest) {
                    bad_parameters(out, line, &why)?;
                }
            }
            "ping" => writeln!(out, "pong {}", shown(rest.as_bytes()))?,
            "?" => {}
            "memory" => match input::count(rest) {
                Ok(mb) if mb >= 1 => self.memory(mb, rest, out)?,
                Ok(_) => bad_parameters(out, line, "the size must be 1 MB or more")?,
                Err(why) => bad_parameters(out, line, &why)?,
            },
            "cores" | "egtpath" => {}
            "option" => self.option(rest, out)?,
            "lift" => self.lift(rest, out)?,
            "put" => self.put(rest, out)?,
            "hover" => {}
            _ => {
                // Protocol version 1 GUIs send moves without `usermove`.
                if parse_xboard_move(&self.game.pos, line).is_ok() {
                    self.user_move(line, out)?;
                } else {
                    writeln!(out, "Error (unknown command): {}", shown(line.as_bytes()))?;
                }
            }
        }
        Ok(true)
    }

    fn features(&self, out: &mut dyn Write) -> io::Result<()> {
        let names: Vec<&str> = self.offered.iter().map(|o| o.xboard_name()).collect();
        writeln!(
            out,
            "feature done=0 myname=\"{}\" setboard=1 usermove=1 sigint=0 sigterm=0 ping=1 highlight=1 colors=0 memory=1 reuse=1 analyze=0 variants=\"{}\"",
            self.name,
            names.join(",")
        )?;
        for o in &self.offered {
            for (name, info) in &o.rules.options {
                let full = o.rules.qualified_option(name);
                match &info.value {
                    OptionValue::Bool(b) => writeln!(out, "feature option=\"{full} -check {}\"", u8::from(*b))?,
                    OptionValue::Enum { value, allowed } => {
                        let mut choices = vec![value.clone()];
                        choices.extend(allowed.iter().filter(|a| *a != value).cloned());
                        writeln!(out, "feature option=\"{full} -combo {}\"", choices.join(" /// "))?
                    }
                }
            }
            if !o.rules.presets.is_empty() {
                // `VARIANT.preset`: `none`, or one of the rule file's presets
                // (the options set one by one win over it).
                let full = o.rules.qualified_option(crate::compile::PRESET);
                let chosen = o.rules.preset.clone().unwrap_or_else(|| "none".into());
                let mut choices = vec![chosen.clone()];
                choices.extend(
                    std::iter::once("none".to_string())
                        .chain(o.rules.presets.iter().map(|p| p.name.clone()))
                        .filter(|p| *p != chosen),
                );
                writeln!(out, "feature option=\"{full} -combo {}\"", choices.join(" /// "))?;
            }
        }
        writeln!(out, "feature done=1")
    }

    /// Switches to a variant (as compiled with the options accepted so
    /// far) at its start position.
    fn load(&mut self, o: Offered) {
        let rules = self.compiled.get(&o.rules.id).unwrap_or(&o.rules).clone();
        let same = Arc::ptr_eq(&rules, self.game.rules());
        self.current = o;
        if same {
            self.game.reset(Position::start(rules));
        } else {
            self.game = Game::new(rules, self.memory);
            self.share_stop();
        }
        self.lifted.clear();
    }

    /// A new transposition table of `mb` megabytes (at most the caps'):
    /// when that much cannot be allocated, a smaller one and an error.
    fn memory(&mut self, mb: u64, text: &str, out: &mut dyn Write) -> io::Result<()> {
        let want = usize::try_from(mb)
            .unwrap_or(usize::MAX)
            .min(self.caps.table_mb)
            .min(4096);
        // The old table goes first, so that the two never add up.
        self.game.searcher = Searcher::with_table(&self.game.pos, 1).0;
        let (searcher, got) = Searcher::with_table(&self.game.pos, want);
        self.game.searcher = searcher;
        self.memory = got;
        self.share_stop();
        if got < want {
            writeln!(
                out,
                "Error (cannot allocate): memory {}: {want} MB are not available; using {got} MB",
                shown(text.as_bytes())
            )?;
        }
        Ok(())
    }

    /// For a variant XBoard does not know: its board, pieces and moves
    /// ([`super::xboard_setup`]).
    fn describe_variant(&self, out: &mut dyn Write) -> io::Result<()> {
        match setup_commands(self.game.rules()) {
            Ok(lines) => lines.iter().try_for_each(|l| writeln!(out, "{l}")),
            Err(why) => writeln!(out, "telluser gunbai cannot describe this variant to XBoard: {why}"),
        }
    }

    fn share_stop(&mut self) {
        self.game.searcher.set_stop_flag(self.stop.clone());
    }

    /// `option VARIANT.NAME=VALUE`: the variant is compiled with it (and
    /// the options accepted before) at once; a value the rule file
    /// refuses is answered with an error and dropped, so the settings stay
    /// as they were.
    fn option(&mut self, rest: &str, out: &mut dyn Write) -> io::Result<()> {
        let Ok(mut ov) = rest.parse::<OptionOverride>() else {
            return bad_parameters(out, &format!("option {rest}"), "expected option NAME=VALUE");
        };
        let Some(o) = self
            .offered
            .iter()
            .find(|o| ov.name.strip_prefix(&o.rules.id).is_some_and(|n| n.starts_with('.')))
            .cloned()
        else {
            return bad_parameters(out, &format!("option {rest}"), "no variant offered has this option");
        };
        if ov.value == "1" || ov.value == "0" {
            // Check boxes arrive as 1 / 0.
            let is_bool = o
                .rules
                .options
                .get(&ov.name[o.rules.id.len() + 1..])
                .is_some_and(|i| matches!(i.value, OptionValue::Bool(_)));
            if is_bool {
                ov.value = if ov.value == "1" { "true".into() } else { "false".into() };
            }
        }
        let prefix = format!("{}.", o.rules.id);
        let mut mine: Vec<OptionOverride> = self
            .overrides
            .iter()
            .filter(|x| x.name.starts_with(&prefix) && x.name != ov.name)
            .cloned()
            .collect();
        // `VARIANT.preset=none` takes the preset away.
        let unset = ov.value == "none" && ov.name[o.rules.id.len() + 1..] == *crate::compile::PRESET;
        if !unset {
            mine.push(ov.clone());
        }
        let compiled = variant_source(&o.spec).map_err(|e| e.to_string()).and_then(|src| {
            compile(&src, &mine).map_err(|r| {
                r.diagnostics
                    .first()
                    .map(|d| d.message.clone())
                    .unwrap_or_else(|| "refused".into())
            })
        });
        match compiled {
            Ok(c) => {
                self.overrides.retain(|x| x.name != ov.name);
                if !unset {
                    self.overrides.push(ov);
                }
                self.compiled.insert(o.rules.id.clone(), Arc::new(c.ruleset));
                let current = self.current.clone();
                self.load(current);
                Ok(())
            }
            Err(why) => writeln!(
                out,
                "Error (bad option): {}: {}; the option keeps its value",
                shown(rest.as_bytes()),
                shown(why.as_bytes())
            ),
        }
    }

    fn user_move(&mut self, text: &str, out: &mut dyn Write) -> io::Result<()> {
        self.lifted.clear();
        if self.game.pos.outcome().is_some() {
            return writeln!(out, "Illegal move (the game is over): {}", shown(text.as_bytes()));
        }
        match parse_xboard_move(&self.game.pos, text) {
            Ok(m) => {
                self.game.play(m);
                if self.report_end(out)? {
                    return Ok(());
                }
                if !self.force && self.engine_to_move() {
                    self.think(out)?;
                }
                Ok(())
            }
            Err(why) => writeln!(
                out,
                "Illegal move ({}): {}",
                shown(why.as_bytes()),
                shown(text.as_bytes())
            ),
        }
    }

    fn engine_to_move(&self) -> bool {
        (self.game.pos.side_to_move() == self.game.rules().first) == self.engine_side_first
    }

    /// Prints the result line if the game is over; true if it is.
    fn report_end(&mut self, out: &mut dyn Write) -> io::Result<bool> {
        match self.game.result() {
            Some(o) => {
                writeln!(out, "{} {{{}}}", result_token(&o), result_reason(&o))?;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    fn think(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.report_end(out)? {
            return Ok(());
        }
        self.stop.store(false, Ordering::SeqCst);
        if let Ok(mut i) = self.interrupt.lock() {
            *i = None;
        }
        self.thinking.store(true, Ordering::SeqCst);
        let limits = self.caps.apply(self.clock.limits());
        let post = self.post;
        let mut lines = Vec::new();
        let mut lost = false;
        let pos_for_text = self.game.pos.clone();
        let best = {
            let mut report = |r: &crate::search::Report| {
                lost = r.complete && r.score <= -(MATE - 2);
                if post {
                    let pv: Vec<String> = pv_text(&pos_for_text, &r.pv);
                    lines.push(format!(
                        "{} {} {} {} {}",
                        r.depth,
                        xboard_score(r.score),
                        r.elapsed.as_millis() / 10,
                        r.nodes,
                        pv.join(" ")
                    ));
                }
            };
            let Game { pos, searcher, .. } = &mut self.game;
            searcher.search(pos, limits, &mut report)
        };
        self.thinking.store(false, Ordering::SeqCst);
        for l in lines {
            writeln!(out, "{l}")?;
        }
        let interrupted = self.interrupt.lock().ok().and_then(|mut i| i.take());
        if interrupted.as_deref().is_some_and(|w| w != "?") {
            // Stopped by force/new/result/quit: the move is not played.
            return Ok(());
        }
        let best = match best {
            Ok(best) => best,
            Err(e) => return writeln!(out, "Error (cannot search): {e}"),
        };
        let Some(m) = best else {
            return self.report_end(out).map(|_| ());
        };
        if lost {
            // Every move lets the opponent end the game at once (a royal
            // is lost whatever we do): resign rather than play a move that
            // GUIs with a check rule (XBoard's Chu) call illegal.
            self.force = true;
            return writeln!(out, "resign");
        }
        writeln!(out, "move {}", xboard_move(&self.game.pos, &m))?;
        self.game.play(m);
        self.clock.moves_made += 1;
        self.report_end(out)?;
        Ok(())
    }

    fn setboard(&mut self, text: &str, out: &mut dyn Write) -> io::Result<()> {
        let rules = self.game.rules().clone();
        let pos = match read_fen(&rules, text) {
            Some(p) => p.map_err(|why| why.to_string()),
            None => Position::from_text(rules.clone(), text)
                .or_else(|_| Position::from_sfen(rules, text))
                .map_err(|r| r.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default()),
        };
        match pos {
            Ok(p) => {
                self.game.reset(p);
                Ok(())
            }
            Err(why) => {
                writeln!(out, "tellusererror Illegal position: {}", shown(why.as_bytes()))?;
                writeln!(out, "Error (illegal position): {}", shown(text.as_bytes()))
            }
        }
    }

    fn lift(&mut self, rest: &str, out: &mut dyn Write) -> io::Result<()> {
        let geo = &self.game.rules().geometry;
        let Some(sq) = geo.parse_square(rest.trim_end_matches(',')) else {
            return writeln!(out, "Error (bad square): lift {}", shown(rest.as_bytes()));
        };
        self.lifted = vec![sq];
        self.highlight(out)
    }

    fn put(&mut self, rest: &str, out: &mut dyn Write) -> io::Result<()> {
        let geo = &self.game.rules().geometry;
        let Some(sq) = geo.parse_square(rest.trim_end_matches(',')) else {
            return writeln!(out, "Error (bad square): put {}", shown(rest.as_bytes()));
        };
        if self.lifted.is_empty() {
            return Ok(());
        }
        self.lifted.push(sq);
        // Only moves that go on from here need another highlight.
        let mut moves = Vec::new();
        // (Past the move budget there is nothing to highlight.)
        let _ = legal_moves(&self.game.pos, &mut moves);
        let pos = &self.game.pos;
        let goes_on = moves.iter().any(|m| {
            let legs = xboard_legs(pos, m);
            legs.len() > self.lifted.len() && legs.starts_with(&self.lifted)
        });
        if goes_on { self.highlight(out) } else { Ok(()) }
    }

    /// Marks where the piece being entered may go next, as HaChu does:
    /// cyan where the move may go on (a capture a lion may continue from),
    /// magenta where it may promote, red for a capture or for the origin
    /// (a pass), yellow for any other destination.
    fn highlight(&self, out: &mut dyn Write) -> io::Result<()> {
        let pos = &self.game.pos;
        let geo = &pos.rules().geometry;
        let mut moves = Vec::new();
        let _ = legal_moves(pos, &mut moves);
        let done = self.lifted.len();
        let from = self.lifted[0];
        let mut marks = vec![None::<char>; geo.len()];
        for m in &moves {
            let legs = xboard_legs(pos, m);
            if legs.len() <= done || !legs.starts_with(&self.lifted) {
                continue;
            }
            let t = legs[done];
            let capture = t != from && pos.piece_at(t).is_some_and(|(c, _)| c != pos.side_to_move());
            let mark = if legs.len() > done + 1 {
                'C'
            } else if m.promotion == Promotion::Decline {
                'M'
            } else if capture || t == from {
                'R'
            } else {
                'Y'
            };
            let rank = |k: char| "YRMC".find(k).unwrap_or(0);
            let slot = &mut marks[usize::from(t)];
            if slot.is_none_or(|old| rank(mark) > rank(old)) {
                *slot = Some(mark);
            }
        }
        let mut fen = String::new();
        for y in (0..geo.height as i32).rev() {
            let mut empty = 0;
            for x in 0..geo.width as i32 {
                let Some(sq) = geo.square(x, y) else { continue };
                match marks[usize::from(sq)] {
                    Some(k) => {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        fen.push(k);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            if y > 0 {
                fen.push('/');
            }
        }
        writeln!(out, "highlight {fen}")
    }
}

/// `Error (bad parameters): COMMAND (WHY)`.
fn bad_parameters(out: &mut dyn Write, command: &str, why: &str) -> io::Result<()> {
    writeln!(
        out,
        "Error (bad parameters): {} ({})",
        shown(command.as_bytes()),
        shown(why.as_bytes())
    )
}

/// `level MPS BASE INC`: BASE in minutes (a fraction allowed) or
/// `min:sec`, INC in seconds. Every number saturates
/// ([`input::MAX_SECONDS`], MPS at `u32::MAX`).
fn parse_level(rest: &str) -> Result<TimeControl, String> {
    let parts: Vec<&str> = rest.split_whitespace().collect();
    let [mps, base, inc] = parts[..] else {
        return Err("expected level MPS BASE INC".into());
    };
    let moves = u32::try_from(input::count(mps)?).unwrap_or(u32::MAX);
    let base = match base.split_once(':') {
        Some((m, s)) => {
            let secs = input::count(m)?.saturating_mul(60).saturating_add(input::count(s)?);
            Duration::from_secs(secs.min(input::MAX_SECONDS))
        }
        None => input::seconds(base)?
            .saturating_mul(60)
            .min(Duration::from_secs(input::MAX_SECONDS)),
    };
    Ok(TimeControl::Conventional {
        moves,
        base,
        inc: input::seconds(inc)?,
    })
}

/// Scores in centipawns; mates as XBoard's 100000 + moves convention.
fn xboard_score(score: i32) -> i32 {
    if score > MATE - MAX_PLY as i32 {
        100_000 + (MATE - score + 1) / 2
    } else if score < -(MATE - MAX_PLY as i32) {
        -100_000 - (MATE + score + 1) / 2
    } else {
        score
    }
}

/// The principal variation in XBoard's notation.
fn pv_text(pos: &Position, pv: &[crate::movegen::Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for m in pv {
        out.push(xboard_move(&p, m));
        p.play_unchecked(m);
    }
    out
}
