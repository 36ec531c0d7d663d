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
//!
//! Between commands the engine may think in the background: in `analyze`
//! mode (until `exit`) it searches the position without end, printing
//! its thinking, and after its own move with pondering on (`hard`, until
//! `easy`) it searches the position after the reply it expects (what it
//! learns stays in the table). Any line read stops that search; the
//! reader counts the lines it has read, so a line read before the search
//! starts stops it too. `exclude MOVE` / `include MOVE` (and `all`) keep
//! moves out of the root of the next searches in this position.
//!
//! The option features carry the current values (a combo's marked `*`);
//! the `-reset` button `Refresh options` has them sent again after a preset
//! changed some.

use super::clock::{Caps, Clock, TimeControl};
use super::input::{self, Line, shown};
use super::xboard_setup::{read_fen, setup_commands};
use super::{Game, parse_xboard_move, result_reason, result_token, xboard_legs, xboard_move};
use crate::board::Square;
use crate::compile::{OptionOverride, compile};
use crate::dsl::OptionValue;
use crate::movegen::{Move, Promotion, legal_moves};
use crate::position::Position;
use crate::rules::variant_source;
use crate::ruleset::Ruleset;
use crate::search::{Limits, MATE, MAX_PLY, Searcher};
use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The `-reset` button that has the options announced again with their
/// current values (after a preset changed some of them).
const REFRESH: &str = "Refresh options";

/// A variant the engine offers: how the user named it, and its ruleset.
#[derive(Clone)]
pub struct Offered {
    /// The bundled name or path it was loaded from.
    pub spec: String,
    /// Compiled with `overrides`.
    pub rules: Arc<Ruleset>,
    /// The rule options it was loaded with (the command line's `--preset`
    /// and `--option`), named `ID.NAME`: an `option` command from the GUI
    /// changes them like the ones it set itself.
    pub overrides: Vec<OptionOverride>,
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

/// What the reader tells the command loop while a search runs.
struct Watch {
    stop: Arc<AtomicBool>,
    interrupt: Mutex<Option<String>>,
    thinking: AtomicBool,
    /// A background search runs (analysis or pondering): every line but
    /// `.` stops it.
    background: AtomicBool,
    /// Text lines read so far.
    seen: AtomicU64,
}

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
    let watch = Arc::new(Watch {
        stop: Arc::new(AtomicBool::new(false)),
        interrupt: Mutex::new(None),
        thinking: AtomicBool::new(false),
        background: AtomicBool::new(false),
        seen: AtomicU64::new(0),
    });
    let rx = {
        let watch = watch.clone();
        input::spawn_reader(input, move |line: Option<&str>| {
            let Some(line) = line else {
                // No line can come to stop a background search.
                if watch.background.load(Ordering::SeqCst) {
                    watch.stop.store(true, Ordering::SeqCst);
                }
                watch.seen.fetch_add(1, Ordering::SeqCst);
                return;
            };
            watch.seen.fetch_add(1, Ordering::SeqCst);
            let word = line.split_whitespace().next().unwrap_or("");
            if watch.background.load(Ordering::SeqCst) && word != "." {
                watch.stop.store(true, Ordering::SeqCst);
            } else if watch.thinking.load(Ordering::SeqCst) && INTERRUPTS.contains(&word) {
                if let Ok(mut i) = watch.interrupt.lock() {
                    *i = Some(word.to_string());
                }
                watch.stop.store(true, Ordering::SeqCst);
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
        overrides: offered.iter().flat_map(|o| o.overrides.iter().cloned()).collect(),
        compiled: HashMap::new(),
        force: false,
        engine_side_first: false,
        clock: Clock::new(),
        post: false,
        lifted: Vec::new(),
        watch,
        handled: 0,
        analysing: false,
        ponder: false,
        ponder_on: None,
        expected_reply: None,
        excluded: Vec::new(),
        excluded_at: 0,
        name: name.to_string(),
    };
    e.share_stop();
    while let Ok(line) = rx.recv() {
        let go_on = match line {
            Line::Text(t) => {
                e.handled += 1;
                e.command(t.trim(), out)?
            }
            bad => {
                writeln!(out, "Error (unreadable line): {}", input::refusal(&bad))?;
                true
            }
        };
        if !go_on {
            break;
        }
        out.flush()?;
        e.background(out)?;
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
    watch: Arc<Watch>,
    /// Text lines handled so far (the reader's `seen` counts them read).
    handled: u64,
    /// In `analyze` mode.
    analysing: bool,
    /// Pondering is on (`hard`).
    ponder: bool,
    /// After our move with pondering on: the position to ponder is this
    /// one after the expected reply (if any), not yet pondered.
    ponder_on: Option<Option<Move>>,
    /// The reply the last search expected to our move.
    expected_reply: Option<Move>,
    /// Root moves `exclude` keeps out of analysis, in the position whose
    /// hash is `excluded_at` (another position forgets them).
    excluded: Vec<Move>,
    excluded_at: u64,
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
            "" | "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics" | "draw"
            | "hint" | "bk" | "." => {}
            "hard" => self.ponder = true,
            "easy" => {
                self.ponder = false;
                self.ponder_on = None;
            }
            "analyze" => {
                self.analysing = true;
                self.force = true;
            }
            "exclude" | "include" => self.exclude(cmd == "exclude", rest, out)?,
            "post" => self.post = true,
            "nopost" => self.post = false,
            "protover" => self.features(out)?,
            "quit" => return Ok(false),
            // `exit` leaves analysis; outside it, it ends the session
            // (as before: some GUIs end engines with it).
            "exit" if self.analysing => self.analysing = false,
            "exit" => return Ok(false),
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
            "feature done=0 myname=\"{}\" setboard=1 usermove=1 sigint=0 sigterm=0 ping=1 highlight=1 colors=0 memory=1 reuse=1 analyze=1 exclude=1 variants=\"{}\"",
            self.name,
            names.join(",")
        )?;
        self.option_features(out)
    }

    /// Every rule option of every offered variant with its current value
    /// (as compiled with the `option`s accepted so far: a preset changes
    /// the options it sets), the refresh button, then `feature done=1`.
    /// CECP (engine-intf, "option"): a combo's current choice is marked
    /// with `*`; redefining an option is defined only after the GUI purged
    /// its list through a `-reset` option, which is what the refresh
    /// button is: XBoard forgets the options and sends `option REFRESH`,
    /// answered by this list again.
    fn option_features(&self, out: &mut dyn Write) -> io::Result<()> {
        let combo = |full: &str, current: &str, choices: &mut dyn Iterator<Item = &str>| {
            let marked: Vec<String> = choices
                .map(|c| if c == current { format!("*{c}") } else { c.to_string() })
                .collect();
            format!("feature option=\"{full} -combo {}\"", marked.join(" /// "))
        };
        for o in &self.offered {
            let rules = self.compiled.get(&o.rules.id).unwrap_or(&o.rules);
            for (name, info) in &rules.options {
                let full = rules.qualified_option(name);
                match &info.value {
                    OptionValue::Bool(b) => writeln!(out, "feature option=\"{full} -check {}\"", u8::from(*b))?,
                    OptionValue::Enum { value, allowed } => {
                        // The current value first if the choices lack it.
                        let missing = (!allowed.contains(value)).then_some(value.as_str());
                        let mut choices = missing.into_iter().chain(allowed.iter().map(String::as_str));
                        writeln!(out, "{}", combo(&full, value, &mut choices))?
                    }
                }
            }
            if !rules.presets.is_empty() {
                // `VARIANT.preset`: `none`, or one of the rule file's presets
                // (the options set one by one win over it).
                let full = rules.qualified_option(crate::compile::PRESET);
                let chosen = rules.preset.as_deref().unwrap_or("none");
                let mut choices = std::iter::once("none").chain(rules.presets.iter().map(|p| p.name.as_str()));
                writeln!(out, "{}", combo(&full, chosen, &mut choices))?;
            }
        }
        writeln!(out, "feature option=\"{REFRESH} -reset\"")?;
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
        self.game.searcher.set_stop_flag(self.watch.stop.clone());
    }

    /// `option VARIANT.NAME=VALUE`: the variant is compiled with it (and
    /// the options accepted before) at once; a value the rule file
    /// refuses is answered with an error and dropped, so the settings stay
    /// as they were.
    fn option(&mut self, rest: &str, out: &mut dyn Write) -> io::Result<()> {
        if rest == REFRESH {
            return self.option_features(out);
        }
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
        self.watch.stop.store(false, Ordering::SeqCst);
        if let Ok(mut i) = self.watch.interrupt.lock() {
            *i = None;
        }
        self.watch.thinking.store(true, Ordering::SeqCst);
        let limits = self.caps.apply(self.clock.limits());
        let (best, lost, _) = self.search(limits, self.post, out);
        self.watch.thinking.store(false, Ordering::SeqCst);
        let best = best?;
        let interrupted = self.watch.interrupt.lock().ok().and_then(|mut i| i.take());
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
        if !self.report_end(out)? && self.ponder {
            self.ponder_on = Some(self.expected_reply.take());
        }
        Ok(())
    }

    /// Searches the game's position within `limits`, writing the thinking
    /// lines as each depth ends when `post`. Returns the search's answer,
    /// whether every move loses at once, and the principal variation.
    fn search(&mut self, limits: Limits, post: bool, out: &mut dyn Write) -> (io::Result<Searched>, bool, Vec<Move>) {
        let mut lost = false;
        let mut pv = Vec::new();
        let mut failed = None;
        let pos_for_text = self.game.pos.clone();
        let best = {
            let mut report = |r: &crate::search::Report| {
                lost = r.complete && r.score <= -(MATE - 2);
                pv = r.pv.clone();
                if post && failed.is_none() {
                    let line = format!(
                        "{} {} {} {} {}",
                        r.depth,
                        xboard_score(r.score),
                        r.elapsed.as_millis() / 10,
                        r.nodes,
                        pv_text(&pos_for_text, &r.pv).join(" ")
                    );
                    if let Err(e) = writeln!(out, "{line}").and_then(|_| out.flush()) {
                        failed = Some(e);
                    }
                }
            };
            let Game { pos, searcher, .. } = &mut self.game;
            searcher.search(pos, limits, &mut report)
        };
        self.expected_reply = pv.get(1).copied();
        let result = match failed {
            Some(e) => Err(e),
            None => Ok(best.map_err(|e| e.to_string())),
        };
        (result, lost, pv)
    }

    /// Thinks between commands while no line waits: analysis (its thinking
    /// printed) or pondering after our move, each until a line is read.
    fn background(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let analysing = self.analysing && self.game.result().is_none();
        let ponder = if analysing { None } else { self.ponder_on.take() };
        if !analysing && ponder.is_none() {
            return Ok(());
        }
        self.watch.stop.store(false, Ordering::SeqCst);
        self.watch.background.store(true, Ordering::SeqCst);
        if self.watch.seen.load(Ordering::SeqCst) > self.handled {
            // A line already waits: it comes first.
            self.watch.background.store(false, Ordering::SeqCst);
            return Ok(());
        }
        let mut limits = Limits::default();
        if analysing {
            limits.root_moves = self.root_moves();
            let (best, _, _) = self.search(self.caps.apply(limits), true, out);
            if let Err(e) = best? {
                writeln!(out, "Error (cannot search): {e}")?;
            }
        } else if let Some(expected) = ponder {
            // Ponder the position after the reply we expect (or ours, if
            // none is known): the table keeps what is found.
            let undo = expected.map(|m| self.game.pos.play_unchecked(&m));
            let (best, _, _) = self.search(self.caps.apply(limits), false, out);
            if let Some(u) = undo {
                self.game.pos.unplay(&u);
            }
            best?.ok();
        }
        self.watch.background.store(false, Ordering::SeqCst);
        self.watch.stop.store(false, Ordering::SeqCst);
        Ok(())
    }

    /// The root moves left after `exclude`: `None` when none is excluded.
    fn root_moves(&mut self) -> Option<Vec<Move>> {
        if self.excluded_at != self.game.pos.hash {
            self.excluded.clear();
        }
        if self.excluded.is_empty() {
            return None;
        }
        let mut moves = Vec::new();
        let _ = legal_moves(&self.game.pos, &mut moves);
        moves.retain(|m| !self.excluded.contains(m));
        Some(moves)
    }

    /// `exclude MOVE` / `include MOVE` / `exclude all` / `include all`:
    /// which root moves analysis leaves out, in this position only.
    fn exclude(&mut self, exclude: bool, rest: &str, out: &mut dyn Write) -> io::Result<()> {
        if self.excluded_at != self.game.pos.hash {
            self.excluded.clear();
            self.excluded_at = self.game.pos.hash;
        }
        if rest == "all" {
            self.excluded.clear();
            if exclude {
                let _ = legal_moves(&self.game.pos, &mut self.excluded);
            }
            return Ok(());
        }
        match parse_xboard_move(&self.game.pos, rest) {
            Ok(m) => {
                self.excluded.retain(|x| *x != m);
                if exclude {
                    self.excluded.push(m);
                }
                Ok(())
            }
            Err(why) => bad_parameters(
                out,
                &format!("{} {rest}", if exclude { "exclude" } else { "include" }),
                &why,
            ),
        }
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

/// A search's answer: the move (none: no legal move), or why it failed.
type Searched = Result<Option<Move>, String>;

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
fn pv_text(pos: &Position, pv: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for m in pv {
        out.push(xboard_move(&p, m));
        p.play_unchecked(m);
    }
    out
}
