//! The USI protocol (as used by shogi GUIs and lishogi's tools) for
//! variants whose rule file has an SFEN form: positions are lishogi SFEN,
//! moves lishogi's USI text (a lion's double move as three squares).
//!
//! A reader thread forwards commands ([`input::spawn_reader`]: lines of
//! bounded length, a bounded queue), so that `stop`, `ponderhit` and
//! `quit` reach a running search at once. The reader numbers the `go`s it
//! reads and notes which one each `stop` and `ponderhit` answers, so a
//! `stop` read before its search has even started still ends it. Every
//! number goes through [`input`]'s parsers (saturating or refused); a line
//! that cannot be read, a bad number, an unknown option or value, a
//! `setoption` read while a search runs, or a refused `position` is an
//! `info string error: ...` line (the setting stays as it was), and after
//! a refused `position` a `go` answers `bestmove resign` rather than
//! search the previous position.
//!
//! Options: `USI_Hash`, `USI_Ponder`, `MultiPV` (1 to
//! [`super::lines::MAX_LINES`]), `USI_Variant` (the bundled variants with an
//! SFEN form, and the one the session started with), every rule option of
//! the variant (a check box or a combo) and `preset` (the rule file's
//! presets). `go infinite` and `go ponder` answer `bestmove` only after
//! `stop` (or `ponderhit` and the search it starts), even when the search
//! ends sooner.

use super::Game;
use super::clock::Caps;
use super::input::{self, Line, shown};
use super::lines::{MAX_LINES, search_lines};
use crate::compile::{OptionOverride, PRESET, compile};
use crate::dsl::OptionValue;
use crate::notation::{Notation, parse_move, write_move};
use crate::position::Position;
use crate::rules::{bundled_names, load_variant, variant_source};
use crate::ruleset::Ruleset;
use crate::search::{Limits, MATE, MAX_PLY, Report, Searcher};
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Transposition-table megabytes unless `USI_Hash` says otherwise.
const MEMORY_MB: usize = 64;
/// The largest `USI_Hash` (the search's own cap).
const MAX_MEMORY_MB: usize = 4096;

/// What the reader thread tells the command loop, shared between them.
#[derive(Default)]
struct Watch {
    stop: Arc<AtomicBool>,
    /// A search is running.
    thinking: AtomicBool,
    /// `go`s read so far (the reader's count).
    gos: AtomicU64,
    /// The number of the `go` the last `stop` answered (0: none).
    stop_for: AtomicU64,
    /// The number of the `go` the last `ponderhit` answered.
    hit_for: AtomicU64,
    /// The number of the last `go ponder` read.
    ponder_go: AtomicU64,
    /// The number of the last `go infinite` or `go ponder` read.
    endless_go: AtomicU64,
    /// `quit` was read.
    quit: AtomicBool,
    /// The input has ended.
    ended: AtomicBool,
    /// The running search is one only `stop` ends (`go infinite`, `go
    /// ponder`): at the end of the input no `stop` can come, so the end
    /// stops it.
    endless: AtomicBool,
    /// For each `setoption` line read, in order: whether a search was
    /// running or waiting to run when it was read.
    setoption_busy: Mutex<VecDeque<bool>>,
}

impl Watch {
    /// Sees each line as the reader reads it (`None`: the end).
    fn see(&self, line: Option<&str>) {
        let Some(line) = line else {
            self.ended.store(true, Ordering::SeqCst);
            if self.endless.load(Ordering::SeqCst) {
                self.stop.store(true, Ordering::SeqCst);
            }
            return;
        };
        let mut words = line.split_whitespace();
        let gos = self.gos.load(Ordering::SeqCst);
        match words.next() {
            Some("go") => {
                self.gos.store(gos + 1, Ordering::SeqCst);
                let words: Vec<&str> = words.collect();
                if words.contains(&"ponder") {
                    self.ponder_go.store(gos + 1, Ordering::SeqCst);
                }
                if words.contains(&"ponder") || words.contains(&"infinite") {
                    self.endless_go.store(gos + 1, Ordering::SeqCst);
                }
            }
            Some("stop") => {
                self.stop_for.store(gos, Ordering::SeqCst);
                if self.thinking.load(Ordering::SeqCst) {
                    self.stop.store(true, Ordering::SeqCst);
                }
            }
            Some("ponderhit") => {
                self.hit_for.store(gos, Ordering::SeqCst);
                if self.thinking.load(Ordering::SeqCst) && self.ponder_go.load(Ordering::SeqCst) == gos {
                    self.stop.store(true, Ordering::SeqCst);
                }
            }
            Some("quit") => {
                self.quit.store(true, Ordering::SeqCst);
                if self.thinking.load(Ordering::SeqCst) {
                    self.stop.store(true, Ordering::SeqCst);
                }
            }
            Some("setoption") => {
                // Busy: a search runs, or an endless one read is not
                // stopped yet.
                let busy = self.thinking.load(Ordering::SeqCst)
                    || self.stop_for.load(Ordering::SeqCst) < self.endless_go.load(Ordering::SeqCst);
                if let Ok(mut q) = self.setoption_busy.lock() {
                    q.push_back(busy);
                }
            }
            _ => {}
        }
    }

    /// Starts search number `go`: stopped at once if its `stop` (or, for
    /// the pondering part, its `ponderhit`), or for an endless search a
    /// `quit` or the end of the input, has already been read.
    fn begin(&self, go: u64, endless: bool, pondering: bool) {
        self.stop.store(false, Ordering::SeqCst);
        self.endless.store(endless, Ordering::SeqCst);
        self.thinking.store(true, Ordering::SeqCst);
        if self.stopped(go)
            || (pondering && self.hit_for.load(Ordering::SeqCst) >= go)
            || (endless && (self.ended.load(Ordering::SeqCst) || self.quit.load(Ordering::SeqCst)))
        {
            self.stop.store(true, Ordering::SeqCst);
        }
    }

    fn end(&self) {
        self.thinking.store(false, Ordering::SeqCst);
        self.endless.store(false, Ordering::SeqCst);
    }

    /// Whether search number `go` has been told to stop.
    fn stopped(&self, go: u64) -> bool {
        self.stop_for.load(Ordering::SeqCst) >= go
    }
}

/// How the session was started: the variant as named (a bundled name or a
/// rule file) and the options it was loaded with.
#[derive(Clone, Debug, Default)]
pub struct Start {
    pub spec: String,
    pub overrides: Vec<OptionOverride>,
}

/// Runs the protocol until `quit` or the end of input, within `caps`, for
/// `rules` (a bundled variant, under its id).
pub fn run<R: BufRead + Send + 'static>(
    input: R,
    out: &mut dyn Write,
    rules: Arc<Ruleset>,
    caps: Caps,
) -> io::Result<()> {
    let start = Start {
        spec: rules.id.clone(),
        overrides: Vec::new(),
    };
    run_from(input, out, rules, start, caps)
}

/// Runs the protocol for `rules`, loaded as `start` says (so that rule
/// options can be set again from its source).
pub fn run_from<R: BufRead + Send + 'static>(
    input: R,
    out: &mut dyn Write,
    rules: Arc<Ruleset>,
    start: Start,
    caps: Caps,
) -> io::Result<()> {
    let watch = Arc::new(Watch::default());
    let rx = {
        let watch = watch.clone();
        input::spawn_reader(input, move |line: Option<&str>| watch.see(line))
    };
    let max_mb = MAX_MEMORY_MB.min(caps.table_mb);
    let hash_mb = MEMORY_MB.min(max_mb);
    let mut s = Session {
        game: Game::new(rules.clone(), hash_mb),
        rules,
        start,
        variants: None,
        hash_mb,
        max_mb,
        multipv: 1,
        ponder: false,
        have_position: true,
        gos: 0,
        pending: None,
        caps,
        watch,
    };
    s.game.searcher.set_stop_flag(s.watch.stop.clone());
    while let Ok(line) = rx.recv() {
        let line = match line {
            Line::Text(t) => t,
            bad => {
                writeln!(out, "info string error: unreadable line: {}", input::refusal(&bad))?;
                out.flush()?;
                continue;
            }
        };
        if !s.command(line.trim(), out)? {
            break;
        }
        out.flush()?;
    }
    s.flush_pending(out)?;
    out.flush()
}

/// One USI session's state.
struct Session {
    game: Game,
    rules: Arc<Ruleset>,
    start: Start,
    /// The variants `USI_Variant` offers, found at the first `usi`.
    variants: Option<Vec<String>>,
    hash_mb: usize,
    max_mb: usize,
    multipv: usize,
    ponder: bool,
    /// False after a refused `position`: `go` then has nothing to search.
    have_position: bool,
    /// `go`s handled so far.
    gos: u64,
    /// The `bestmove` of an endless search that ended before its `stop`,
    /// and whether it was pondering (a `ponderhit` then answers it too).
    pending: Option<(String, bool)>,
    caps: Caps,
    watch: Arc<Watch>,
}

impl Session {
    /// Handles one command; false ends the session.
    fn command(&mut self, line: &str, out: &mut dyn Write) -> io::Result<bool> {
        let (cmd, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(c, r)| (c, r.trim()));
        if cmd == "setoption" {
            // Popped for every `setoption` line, as the reader pushed.
            let busy = self.watch.setoption_busy.lock().ok().and_then(|mut q| q.pop_front());
            if busy == Some(true) {
                self.flush_pending(out)?;
                writeln!(
                    out,
                    "info string error: setoption {}: not while searching; send it after `bestmove`",
                    shown(rest.as_bytes())
                )?;
                return Ok(true);
            }
        }
        match cmd {
            "stop" | "ponderhit" => self.flush_pending(out)?,
            "isready" | "" => {}
            _ => self.flush_pending(out)?,
        }
        match cmd {
            "usi" => self.identify(out)?,
            "isready" => writeln!(out, "readyok")?,
            "usinewgame" => self.game.searcher.clear(),
            "setoption" => {
                if let Err(e) = self.set_option(rest) {
                    writeln!(out, "info string error: {}", shown(e.as_bytes()))?;
                }
                self.game.searcher.set_stop_flag(self.watch.stop.clone());
            }
            "ponderhit" | "gameover" | "stop" | "" => {}
            "position" => match set_position(&self.rules, rest) {
                Ok((pos, played)) => {
                    self.game.reset(pos);
                    self.game.moves = played;
                    self.have_position = true;
                }
                Err(e) => {
                    self.have_position = false;
                    writeln!(out, "info string error: {}", shown(e.as_bytes()))?;
                }
            },
            "go" => {
                self.gos += 1;
                self.go(rest, out)?;
            }
            "quit" => return Ok(false),
            _ => writeln!(out, "info string error: unknown command `{}`", shown(line.as_bytes()))?,
        }
        Ok(true)
    }

    /// Prints the `bestmove` an endless search left waiting for its `stop`.
    fn flush_pending(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Some((answer, _)) = self.pending.take() {
            writeln!(out, "{answer}")?;
        }
        Ok(())
    }

    /// `usi`: the engine's name and its options.
    fn identify(&mut self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "id name gunbai {}", env!("CARGO_PKG_VERSION"))?;
        writeln!(out, "id author the gunbai authors")?;
        writeln!(
            out,
            "option name USI_Hash type spin default {MEMORY_MB} min 1 max {}",
            self.max_mb
        )?;
        writeln!(out, "option name USI_Ponder type check default false")?;
        writeln!(out, "option name MultiPV type spin default 1 min 1 max {MAX_LINES}")?;
        let variants = self.variants().join(" var ");
        writeln!(
            out,
            "option name USI_Variant type combo default {} var {variants}",
            self.start.spec
        )?;
        for (name, info) in &self.rules.options {
            match &info.default {
                OptionValue::Bool(b) => writeln!(out, "option name {name} type check default {b}")?,
                OptionValue::Enum { value, allowed } => {
                    writeln!(
                        out,
                        "option name {name} type combo default {value} var {}",
                        allowed.join(" var ")
                    )?;
                }
            }
        }
        if !self.rules.presets.is_empty() {
            let names: Vec<&str> = self.rules.presets.iter().map(|p| p.name.as_str()).collect();
            writeln!(
                out,
                "option name {PRESET} type combo default none var none var {}",
                names.join(" var ")
            )?;
        }
        writeln!(out, "usiok")
    }

    /// The variants `USI_Variant` may name: the session's own, then every
    /// bundled variant with an SFEN form (compiled once, at the first ask).
    fn variants(&mut self) -> &[String] {
        self.variants.get_or_insert_with(|| {
            let mut names = vec![self.start.spec.clone()];
            for n in bundled_names() {
                if n != self.start.spec && load_variant(n, &[]).is_ok_and(|r| r.sfen.is_some()) {
                    names.push(n.to_string());
                }
            }
            names
        })
    }

    /// `setoption name NAME [value VALUE]`: the setting changes, or an
    /// error says why not and it stays as it was.
    fn set_option(&mut self, rest: &str) -> Result<(), String> {
        let Some(after) = rest.strip_prefix("name") else {
            return Err("setoption: expected `setoption name NAME value VALUE`".into());
        };
        let (name, value) = match after.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (after.trim(), ""),
        };
        let check = |v: &str| match v {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(format!("{name}: expected true or false, got `{v}`")),
        };
        match name {
            "USI_Hash" => self.set_hash(value),
            "USI_Ponder" => check(value).map(|b| self.ponder = b),
            "MultiPV" => {
                let n = input::count(value).map_err(|e| format!("MultiPV: {e}"))?;
                if n == 0 || n > MAX_LINES as u64 {
                    return Err(format!("MultiPV: {n} is not between 1 and {MAX_LINES}"));
                }
                self.multipv = n as usize;
                Ok(())
            }
            "USI_Variant" => self.set_variant(value),
            _ if name == PRESET => {
                let mut overrides: Vec<OptionOverride> = self
                    .start
                    .overrides
                    .iter()
                    .filter(|o| o.name != PRESET)
                    .cloned()
                    .collect();
                if value != "none" {
                    overrides.insert(0, OptionOverride::preset(value));
                }
                self.recompile(overrides).map_err(|e| format!("{PRESET}: {e}"))
            }
            _ => {
                let Some(info) = self.rules.options.get(name) else {
                    return Err(format!(
                        "unknown option `{name}` (see the `option` lines that answer `usi`)"
                    ));
                };
                if matches!(info.value, OptionValue::Bool(_)) {
                    check(value)?;
                }
                let mut overrides: Vec<OptionOverride> = self
                    .start
                    .overrides
                    .iter()
                    .filter(|o| o.name != name)
                    .cloned()
                    .collect();
                overrides.push(OptionOverride {
                    name: name.to_string(),
                    value: value.to_string(),
                });
                self.recompile(overrides).map_err(|e| format!("{name}: {e}"))
            }
        }
    }

    /// `USI_Hash`: a new table of N megabytes (at most the session's cap),
    /// smaller with an error when N cannot be allocated.
    fn set_hash(&mut self, value: &str) -> Result<(), String> {
        let mb = input::count(value).map_err(|e| format!("USI_Hash: {e}"))?;
        if mb == 0 {
            return Err("USI_Hash: the size must be 1 MB or more".into());
        }
        let want = usize::try_from(mb).unwrap_or(usize::MAX).min(self.max_mb);
        // The old table goes first, so that the two never add up.
        self.game.searcher = Searcher::with_table(&self.game.pos, 1).0;
        let (searcher, got) = Searcher::with_table(&self.game.pos, want);
        self.game.searcher = searcher;
        self.hash_mb = got;
        if got < want {
            return Err(format!("USI_Hash: {want} MB are not available; using {got} MB"));
        }
        Ok(())
    }

    /// `USI_Variant`: another of the offered variants, with its default
    /// options, at its start position.
    fn set_variant(&mut self, value: &str) -> Result<(), String> {
        if !self.variants().iter().any(|v| v == value) {
            return Err(format!(
                "USI_Variant: `{value}` is not offered (see `option name USI_Variant` in the answer to `usi`)"
            ));
        }
        let overrides = if value == self.start.spec {
            self.start.overrides.clone()
        } else {
            Vec::new()
        };
        let rules = load_variant(value, &overrides).map_err(|e| format!("USI_Variant: {e}"))?;
        self.start = Start {
            spec: value.to_string(),
            overrides,
        };
        self.use_rules(rules);
        Ok(())
    }

    /// The variant compiled again from its source with `overrides`.
    fn recompile(&mut self, overrides: Vec<OptionOverride>) -> Result<(), String> {
        let src = variant_source(&self.start.spec).map_err(|e| e.to_string())?;
        let compiled = compile(&src, &overrides).map_err(|r| {
            r.diagnostics
                .first()
                .map(|d| d.message.clone())
                .unwrap_or_else(|| "refused".into())
        })?;
        if compiled.ruleset.sfen.is_none() {
            return Err("with this value the variant has no SFEN form".into());
        }
        self.start.overrides = overrides;
        self.use_rules(Arc::new(compiled.ruleset));
        Ok(())
    }

    /// Plays `rules` from now on, from their start position.
    fn use_rules(&mut self, rules: Arc<Ruleset>) {
        self.rules = rules.clone();
        self.game = Game::new(rules, self.hash_mb);
        self.game.searcher.set_stop_flag(self.watch.stop.clone());
        self.have_position = true;
    }

    /// `go ...`: searches and answers `bestmove` (for `go infinite` and
    /// `go ponder`, once the `stop` or `ponderhit` has come).
    fn go(&mut self, rest: &str, out: &mut dyn Write) -> io::Result<()> {
        let go = self.gos;
        if !self.have_position {
            // Searching the previous position would answer a move for
            // a game the GUI is no longer playing.
            writeln!(
                out,
                "info string error: no position to search: the last `position` was refused"
            )?;
            return writeln!(out, "bestmove resign");
        }
        if rest.split_whitespace().next() == Some("mate") {
            self.watch.begin(go, false, false);
            let answer = go_mate(&mut self.game.pos, rest, &self.watch.stop, &self.caps);
            self.watch.end();
            return writeln!(out, "{answer}");
        }
        let first_to_move = self.game.pos.side_to_move() == self.rules.first;
        let (limits, bad) = go_limits(rest, first_to_move);
        for b in bad {
            writeln!(out, "info string error: go: {}", shown(b.as_bytes()))?;
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        let pondering = words.contains(&"ponder");
        let infinite = words.contains(&"infinite");
        if pondering {
            // Think on the opponent's time until `ponderhit` or `stop`.
            let endless = Limits {
                root_moves: limits.root_moves.clone(),
                ..Limits::default()
            };
            let best = self.search(go, endless, true, true, out)?;
            if !self.watch.stopped(go) && self.watch.hit_for.load(Ordering::SeqCst) >= go {
                // The move was played: search on, now on our clock (the
                // table keeps what pondering found).
                let best = self.search(go, limits, false, false, out)?;
                return self.answer(best, out);
            }
            return self.answer_endless(go, best, true, out);
        }
        let unbounded = limits.depth.is_none() && limits.nodes.is_none() && limits.hard_time.is_none();
        let best = self.search(go, limits, unbounded, false, out)?;
        if infinite {
            return self.answer_endless(go, best, false, out);
        }
        self.answer(best, out)
    }

    /// An endless search's answer: now if it was stopped, else held back
    /// until its `stop` (or `ponderhit`).
    fn answer_endless(&mut self, go: u64, best: Searched, pondering: bool, out: &mut dyn Write) -> io::Result<()> {
        let hit = pondering && self.watch.hit_for.load(Ordering::SeqCst) >= go;
        if self.watch.stopped(go) || hit || self.watch.ended.load(Ordering::SeqCst) {
            return self.answer(best, out);
        }
        let mut text = Vec::new();
        self.answer(best, &mut text)?;
        let text = String::from_utf8_lossy(&text).trim_end().to_string();
        self.pending = Some((text, pondering));
        Ok(())
    }

    fn answer(&self, best: Searched, out: &mut dyn Write) -> io::Result<()> {
        match best {
            Ok(Some(m)) => writeln!(out, "bestmove {}", write_move(&self.game.pos, &m, Notation::Usi)),
            Ok(None) => writeln!(out, "bestmove resign"),
            Err(e) => {
                writeln!(out, "info string error: {e}")?;
                writeln!(out, "bestmove resign")
            }
        }
    }

    /// One search of `go` number `go`, its `info` lines written as each
    /// depth ends.
    fn search(
        &mut self,
        go: u64,
        limits: Limits,
        endless: bool,
        pondering: bool,
        out: &mut dyn Write,
    ) -> io::Result<Searched> {
        self.watch.begin(go, endless, pondering);
        let start = self.game.pos.clone();
        let mut failed = None;
        let Game { pos, searcher, .. } = &mut self.game;
        let best = search_lines(searcher, pos, self.caps.apply(limits), self.multipv, &mut |i, r| {
            if failed.is_none()
                && let Err(e) = writeln!(out, "{}", info_line(&start, i, r)).and_then(|_| out.flush())
            {
                failed = Some(e);
            }
        });
        self.watch.end();
        if let Some(e) = failed {
            return Err(e);
        }
        Ok(best.map_err(|e| e.to_string()))
    }
}

/// A search's outcome: the move, none (no legal move), or why it could not.
type Searched = Result<Option<crate::movegen::Move>, String>;

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

/// `info depth D seldepth S multipv I score cp X | mate N nodes N nps N
/// hashfull H time MS pv ...` for line `line` of a search from `pos`.
fn info_line(pos: &Position, line: usize, r: &Report) -> String {
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
    let millis = r.elapsed.as_millis();
    let nps = u128::from(r.nodes) * 1000 / millis.max(1);
    format!(
        "info depth {} seldepth {} multipv {line} score {score} nodes {} nps {nps} hashfull {} time {millis} pv {}",
        r.depth,
        r.seldepth.max(r.depth),
        r.nodes,
        r.hashfull,
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
