//! A referee for engine matches: runs two XBoard (CECP v2) engines as
//! child processes over pipes, keeps their clocks, checks every move they
//! make against gunbai's own legal moves, and writes an XBoard PGN record
//! ([`play_match`], moves in SAN) that [`replay`] reads back and replays.
//!
//! A move an engine makes that gunbai finds illegal, an engine that
//! rejects a move gunbai finds legal, a crash and a time forfeit all end
//! the game and are recorded in its `Termination` tag.
//!
//! An engine cannot wedge the referee (`Player`): each runs in a process
//! group of its own, read through [`input::spawn_reader`] (lines of at most
//! [`input::MAX_LINE`] bytes, at most [`input::QUEUE`] lines queued, the
//! sender blocked beyond), written to without blocking, and waited for only
//! until a deadline, which is checked before every line taken from the
//! queue, so a flood of lines cannot hold it off. When the game ends, the
//! whole group is killed: a shell between the referee and the engine, or
//! a child the engine left behind, goes with it.

use super::input::{self, Line, shown};
use super::{parse_xboard_move, result_token, xboard_move};
use crate::compile::OptionOverride;
use crate::movegen::Move;
use crate::notation::{move_text, parse_move};
use crate::position::Position;
use crate::rules::load_variant;
use crate::ruleset::Ruleset;
use crate::unstable::record::{GameResult, Record, Termination, pgn};
use rustix::process::{Pid, Signal, WaitId, WaitIdOptions, kill_process_group, waitid};
use std::io::{BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// What `gunbai match` was asked to do.
#[derive(Debug, Clone)]
pub struct MatchArgs {
    /// The variant (bundled name or rule file), as the referee knows it;
    /// required unless replaying.
    pub variant: Option<String>,
    /// The two engines' shell commands.
    pub engines: Vec<String>,
    pub games: u32,
    /// Time control: `BASE+INC` in seconds for the whole game.
    pub tc: String,
    /// A fixed time per move in seconds instead of `tc`.
    pub st: Option<f64>,
    /// Plies after which a game is adjudicated a draw.
    pub max_moves: u32,
    /// Rule options for the referee, also sent to the engines.
    pub options: Vec<OptionOverride>,
    /// Print the engines' protocol traffic to stderr.
    pub verbose: bool,
    /// A fixed search depth for both engines (CECP `sd`), with the clock
    /// still kept: with a clock too long to matter, games that do not
    /// depend on the machine's load.
    pub depth: Option<u32>,
    /// Openings: each a line of moves in gunbai's notation, played
    /// before the engines take over. Games `2k` and `2k+1` play opening
    /// `k` (cycling), the engines in both colours.
    pub openings: Vec<String>,
}

/// How one game ended.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The engines' commands, first player first.
    pub first: String,
    pub second: String,
    /// The names the engines give themselves (XBoard `feature
    /// myname="…"`), where they do.
    pub names: [Option<String>; 2],
    pub moves: Vec<String>,
    pub result: &'static str,
    pub termination: String,
    /// Whether it ended by the rules or the move limit (not by a fault).
    pub normal: bool,
}

/// The marker a record starts with; a file that has it was written by the
/// referee (and may be replaced by the next match).
pub const RECORD_MARK: &str = "[Event \"gunbai match\"]";

/// What a match produced: its record and how many games ended by a fault.
pub struct MatchResult {
    pub record: String,
    pub faults: u32,
}

/// Plays the match (progress and the final score go to stderr). After
/// each game `after_game` gets the record of the games played so far (the
/// CLI writes it to `--out`, so a long match loses at most the game in
/// play); an error from it stops the match.
pub fn play_match(
    args: &MatchArgs,
    after_game: &mut dyn FnMut(&str) -> Result<(), String>,
) -> Result<MatchResult, String> {
    let variant = args.variant.clone().ok_or("give a variant")?;
    if args.engines.len() != 2 {
        return Err("give exactly two --engine commands".into());
    }
    let rules = load_variant(&variant, &args.options).map_err(|e| e.to_string())?;
    let control = match args.st {
        Some(s) if s > 0.0 && s < 1e5 => Control::PerMove(Duration::from_secs_f64(s)),
        Some(_) => return Err("--st must be a positive number of seconds".into()),
        None => parse_tc(&args.tc).ok_or("--tc must look like 60+1 (seconds + increment)")?,
    };
    if args.depth.is_some_and(|d| d == 0 || d > 99) {
        return Err("--depth must be 1 to 99".into());
    }
    for (i, line) in args.openings.iter().enumerate() {
        opening(&rules, line).map_err(|e| format!("opening {} `{line}`: {e}", i + 1))?;
    }
    let started = std::time::SystemTime::now();
    let mut records = Vec::new();
    let mut score = [0.0f64; 2];
    let mut faults = 0;
    for g in 0..args.games {
        let (a, b) = if g % 2 == 0 { (0, 1) } else { (1, 0) };
        let open = (!args.openings.is_empty()).then(|| args.openings[(g as usize / 2) % args.openings.len()].as_str());
        let rec = play_game(&rules, args, [&args.engines[a], &args.engines[b]], control, open);
        let (fa, fb) = match rec.result {
            "1-0" => (1.0, 0.0),
            "0-1" => (0.0, 1.0),
            _ => (0.5, 0.5),
        };
        score[a] += fa;
        score[b] += fb;
        if !rec.normal {
            faults += 1;
        }
        eprintln!(
            "game {}: {} vs {}: {} ({}), {} plies; score {} - {}",
            g + 1,
            rec.first,
            rec.second,
            rec.result,
            rec.termination,
            rec.moves.len(),
            score[0],
            score[1]
        );
        records.push(rec);
        after_game(&write_record(&rules, args, &records, &pgn_date(started)))?;
    }
    eprintln!(
        "final: {} {} - {} {} ({} games, {} ended by a fault)",
        args.engines[0], score[0], score[1], args.engines[1], args.games, faults
    );
    Ok(MatchResult {
        record: write_record(&rules, args, &records, &pgn_date(started)),
        faults,
    })
}

#[derive(Clone, Copy, Debug)]
enum Control {
    Game { base: Duration, inc: Duration },
    PerMove(Duration),
}

fn parse_tc(tc: &str) -> Option<Control> {
    let (b, i) = tc.split_once('+').unwrap_or((tc, "0"));
    let (b, i) = (b.trim().parse::<f64>().ok()?, i.trim().parse::<f64>().ok()?);
    if !(0.0..1e6).contains(&b) || !(0.0..1e5).contains(&i) || b + i <= 0.0 {
        return None;
    }
    Some(Control::Game {
        base: Duration::from_secs_f64(b),
        inc: Duration::from_secs_f64(i),
    })
}

/// A running engine: its process (the leader of a process group of its
/// own), its input, and its output lines.
struct Player {
    name: String,
    /// The engine's own name, from `feature myname="…"`.
    myname: Option<String>,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    verbose: bool,
}

/// How long an engine told to `quit` has to go by itself before its
/// process group is killed.
const QUIT_GRACE: Duration = Duration::from_secs(2);

impl Player {
    /// Starts `cmd` under `sh -c`, in a new process group.
    fn start(cmd: &str, verbose: bool) -> Result<Player, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `{cmd}`: {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            // Not reachable with piped stdio; the group is ended all the same.
            let _ = kill_process_group(Pid::from_child(&child), Signal::KILL);
            let _ = child.wait();
            return Err(format!("cannot start `{cmd}`: no pipes"));
        };
        // An engine that stops reading its input must not block the
        // referee: a write that would wait fails instead.
        let blocking = rustix::io::ioctl_fionbio(&stdin, true);
        let player = Player {
            name: cmd.to_string(),
            myname: None,
            child,
            stdin,
            lines: input::spawn_reader(BufReader::new(stdout), |_: Option<&str>| {}),
            verbose,
        };
        blocking.map_err(|e| format!("cannot start `{cmd}`: {e}"))?;
        Ok(player)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        if self.verbose {
            eprintln!("> [{}] {}", self.name, shown(line.as_bytes()));
        }
        match self.stdin.write_all(format!("{line}\n").as_bytes()) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                Err(format!("{} does not read its input", self.name))
            }
            Err(_) => Err(self.gone("closed its input")),
        }
    }

    /// The next line, or why there is none before `deadline`. The deadline
    /// holds however many lines are waiting.
    fn line(&mut self, deadline: Instant) -> Result<String, Wait> {
        let now = Instant::now();
        if now >= deadline {
            return Err(Wait::Timeout);
        }
        match self.lines.recv_timeout(deadline - now) {
            Ok(l) => {
                if self.verbose {
                    eprintln!("< [{}] {}", self.name, input::refusal(&l));
                }
                l.lossy().ok_or(Wait::TooLong)
            }
            Err(RecvTimeoutError::Timeout) => Err(Wait::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Wait::Gone),
        }
    }

    /// Why the engine is gone, from its exit status if it has one within
    /// a second (without reaping it: see [`Drop`]). `sh` exits with 127
    /// when it cannot find the command and 126 when it cannot run it.
    fn gone(&self, otherwise: &str) -> String {
        let pid = Pid::from_child(&self.child);
        let deadline = Instant::now() + Duration::from_secs(1);
        let status = loop {
            let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
            match waitid(WaitId::Pid(pid), options) {
                Ok(Some(s)) => break Some(s),
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
                _ => break None,
            }
        };
        let why = match status {
            Some(s) if s.exit_status() == Some(127) => "not found: the shell cannot find the command".to_string(),
            Some(s) if s.exit_status() == Some(126) => "cannot be run (is it executable?)".to_string(),
            Some(s) => match (s.exit_status(), s.terminating_signal()) {
                (_, Some(sig)) => format!("was killed by signal {sig} (crashed?)"),
                (Some(code), _) => format!("exited with status {code}"),
                _ => "exited".to_string(),
            },
            None => format!("{otherwise} (crashed?)"),
        };
        format!("{} {why}", self.name)
    }

    /// Handshake: `protover 2` and the features up to `done=1`.
    fn handshake(&mut self) -> Result<(), String> {
        self.send("xboard")?;
        self.send("protover 2")?;
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match self.line(deadline) {
                Ok(l) if l.starts_with("feature") => {
                    if let Some(name) = feature_string(&l, "myname") {
                        self.myname = Some(name);
                    }
                    if l.contains("done=1") {
                        return Ok(());
                    }
                }
                Ok(_) => {}
                Err(Wait::Timeout) => return Ok(()), // protocol 1 engine
                Err(Wait::TooLong) => return Err(too_long(&self.name)),
                Err(Wait::Gone) => return Err(self.gone("closed its output during the handshake")),
            }
        }
    }

    /// Asks `ping` and waits for the `pong`, so earlier commands are done.
    fn sync(&mut self, n: u32) -> Result<(), String> {
        self.send(&format!("ping {n}"))?;
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            match self.line(deadline) {
                Ok(l) if l.trim() == format!("pong {n}") => return Ok(()),
                Ok(_) => {}
                Err(Wait::Timeout) => return Err(format!("{} did not answer ping", self.name)),
                Err(Wait::TooLong) => return Err(too_long(&self.name)),
                Err(Wait::Gone) => return Err(self.gone("closed its output")),
            }
        }
    }
}

/// PGN's `Termination` (the PGN standard's 9.8.1 values) of a game;
/// `GunbaiTermination` keeps the referee's own words.
fn pgn_termination(g: &GameRecord) -> &'static str {
    let t = g.termination.as_str();
    if t.ends_with("on time") {
        "time forfeit"
    } else if t.starts_with("adjudicated") {
        "adjudication"
    } else if g.normal {
        "normal"
    } else if t.contains("illegal") {
        "rules infraction"
    } else {
        "abandoned"
    }
}

/// The value of a string feature `key="value"` (or `key=value`) in an
/// XBoard `feature` line: `myname`. Control characters are dropped, and
/// the name is at most 100 characters.
fn feature_string(line: &str, key: &str) -> Option<String> {
    let mut rest = line;
    loop {
        let at = rest.find(key)?;
        let before = rest[..at].chars().next_back();
        let after = &rest[at + key.len()..];
        rest = after;
        if before.is_some_and(|c| !c.is_whitespace()) {
            continue;
        }
        let Some(value) = after.strip_prefix('=') else { continue };
        let value = match value.strip_prefix('"') {
            Some(v) => v.split('"').next().unwrap_or(""),
            None => value.split_whitespace().next().unwrap_or(""),
        };
        let clean: String = value.chars().filter(|c| !c.is_control()).take(100).collect();
        return Some(clean).filter(|s| !s.trim().is_empty());
    }
}

/// The UTC day of `t` as PGN writes a date: `2026.12.07`.
fn pgn_date(t: std::time::SystemTime) -> String {
    let secs = t.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian (year, month, day) of `days` since 1970-01-01
/// (Howard Hinnant's `civil_from_days` algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

fn too_long(name: &str) -> String {
    format!("{name} sent a line longer than {} bytes", input::MAX_LINE)
}

/// The reaper: `quit`, a moment to leave, then the whole process group is
/// killed (whatever the engine left behind goes too). The child is reaped
/// only after the kill, so its id, which is the group's, cannot have been
/// reused by then.
impl Drop for Player {
    fn drop(&mut self) {
        let _ = self.stdin.write_all(b"quit\n");
        let deadline = Instant::now() + QUIT_GRACE;
        // Its output ends when it (and all it started) have gone; lines
        // still coming are dropped.
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            if self.lines.recv_timeout(left).is_err() {
                break;
            }
        }
        let _ = kill_process_group(Pid::from_child(&self.child), Signal::KILL);
        let _ = self.child.wait();
    }
}

enum Wait {
    Timeout,
    /// A line longer than [`input::MAX_LINE`] (perhaps one that never ends).
    TooLong,
    Gone,
}

fn xboard_name(rules: &Ruleset) -> &str {
    rules.xboard_name.as_deref().unwrap_or(&rules.id)
}

/// The moves of an opening line, played from the start.
fn opening(rules: &Arc<Ruleset>, line: &str) -> Result<Vec<Move>, String> {
    let mut pos = Position::start(rules.clone());
    let mut moves = Vec::new();
    for tok in line.split_whitespace() {
        if pos.result().is_some() {
            return Err(format!("the game is over before `{tok}`"));
        }
        let m = parse_move(&pos, tok).map_err(|r| {
            let why = r.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default();
            format!("`{tok}` is not legal: {why}")
        })?;
        pos.play_unchecked(&m);
        moves.push(m);
    }
    if pos.result().is_some() {
        return Err("the game is over after it".into());
    }
    Ok(moves)
}

/// Plays one game; `cmds[0]` plays the first player's side (from the
/// first ply after the opening that is its own).
fn play_game(
    rules: &Arc<Ruleset>,
    args: &MatchArgs,
    cmds: [&String; 2],
    control: Control,
    open: Option<&str>,
) -> GameRecord {
    let mut rec = GameRecord {
        first: cmds[0].clone(),
        second: cmds[1].clone(),
        names: [None, None],
        moves: Vec::new(),
        result: "*",
        termination: String::new(),
        normal: false,
    };
    let mut players = Vec::new();
    for (i, cmd) in cmds.iter().enumerate() {
        match Player::start(cmd, args.verbose)
            .and_then(|mut p| setup(&mut p, rules, args, control, i as u32).map(|_| p))
        {
            Ok(p) => {
                rec.names[i] = p.myname.clone();
                players.push(p)
            }
            Err(e) => {
                // A side that cannot start loses.
                rec.result = if i == 0 { "0-1" } else { "1-0" };
                rec.termination = format!("fault: {e}");
                return rec;
            }
        }
    }
    let mut pos = Position::start(rules.clone());
    let mut clocks = match control {
        Control::Game { base, .. } => [base, base],
        Control::PerMove(t) => [t, t],
    };
    let mut last: Option<String> = None;
    let mut ply = 0usize;
    // The opening, checked by `play_match`, to both engines in force mode.
    for m in open
        .map(|l| opening(rules, l))
        .transpose()
        .ok()
        .flatten()
        .unwrap_or_default()
    {
        let text = xboard_move(&pos, &m);
        for (i, p) in players.iter_mut().enumerate() {
            if let Err(e) = p.send(&format!("usermove {text}")) {
                return fault(rec, i, e);
            }
        }
        rec.moves.push(move_text(&pos, &m));
        pos.play_unchecked(&m);
        ply += 1;
    }
    loop {
        if let Some(o) = pos.result() {
            rec.result = result_token(&o);
            rec.termination = format!("rules: {}", super::result_reason(&o));
            rec.normal = true;
            return rec;
        }
        if ply as u32 >= args.max_moves {
            rec.result = "1/2-1/2";
            rec.termination = format!("adjudicated: move limit of {} plies", args.max_moves);
            rec.normal = true;
            return rec;
        }
        let me = ply % 2;
        let (mine, theirs) = (clocks[me], clocks[1 - me]);
        let mover = &mut players[me];
        let sent = (|| {
            if let Some(m) = &last {
                mover.send(&format!("usermove {m}"))?;
            }
            if let Control::Game { .. } = control {
                mover.send(&format!("time {}", mine.as_millis() / 10))?;
                mover.send(&format!("otim {}", theirs.as_millis() / 10))?;
            }
            mover.send("go")
        })();
        if let Err(e) = sent {
            return fault(rec, me, e);
        }
        let start = Instant::now();
        // Slack for process scheduling on a loaded machine.
        let grace = Duration::from_millis(500);
        let deadline = start + mine + grace;
        // A multi-leg move may come as one `move` per leg, each but the
        // last ending with a comma (CECP); the legs are joined.
        let mut legs = String::new();
        let text = loop {
            match mover.line(deadline) {
                Ok(l) => {
                    let l = l.trim();
                    if let Some(m) = l.strip_prefix("move ") {
                        legs.push_str(m.trim());
                        if legs.ends_with(',') {
                            continue;
                        }
                        break Answer::Move(std::mem::take(&mut legs));
                    }
                    if l.starts_with("Illegal move") {
                        break Answer::Fault(format!("{} refused a move gunbai finds legal: {l}", mover.name));
                    }
                    if l == "resign" || l.starts_with("tellics resign") {
                        break Answer::Resign(String::new());
                    }
                    // A result claim (CECP `RESULT {COMMENT}`): HaChu
                    // resigns this way (`1-0 {resign}`) and then waits, so
                    // a referee that ignored it would call the loss a loss
                    // on time.
                    if let Some((result, comment)) = result_claim(l) {
                        let mine = if me == 0 { "0-1" } else { "1-0" };
                        if result == mine {
                            break Answer::Resign(comment);
                        }
                        break Answer::Fault(format!(
                            "{} claimed {result}{comment}, which the rules do not give",
                            mover.name
                        ));
                    }
                }
                Err(Wait::Timeout) => break Answer::Fault(format!("{} lost on time", mover.name)),
                Err(Wait::TooLong) => break Answer::Fault(too_long(&mover.name)),
                Err(Wait::Gone) => break Answer::Fault(mover.gone("closed its output")),
            }
        };
        let used = start.elapsed();
        let text = match text {
            Answer::Move(t) => t,
            Answer::Resign(comment) => {
                rec.result = if me == 0 { "0-1" } else { "1-0" };
                rec.termination = format!("{} resigned{comment}", mover.name);
                rec.normal = true;
                return rec;
            }
            Answer::Fault(e) => return fault(rec, me, e),
        };
        match control {
            Control::Game { inc, .. } => {
                if used > clocks[me] + grace {
                    return fault(rec, me, format!("{} lost on time", players[me].name));
                }
                clocks[me] = clocks[me].saturating_sub(used) + inc;
            }
            Control::PerMove(_) => {}
        }
        if let Err(e) = players[me].send("force") {
            return fault(rec, me, e);
        }
        let m = match parse_xboard_move(&pos, &text) {
            Ok(m) => m,
            Err(why) => {
                let e = format!(
                    "{} played `{text}`, which gunbai finds illegal: {why}",
                    players[me].name
                );
                return fault(rec, me, e);
            }
        };
        rec.moves.push(move_text(&pos, &m));
        last = Some(xboard_move(&pos, &m));
        pos.play_unchecked(&m);
        ply += 1;
    }
}

/// A CECP result claim, `1-0`, `0-1` or `1/2-1/2` and a `{comment}`: the
/// result and the comment (with a leading space, or empty).
fn result_claim(line: &str) -> Option<(&'static str, String)> {
    let (token, rest) = line.split_once(' ').unwrap_or((line, ""));
    let result = ["1-0", "0-1", "1/2-1/2"].into_iter().find(|r| *r == token)?;
    let rest = rest.trim();
    let comment = if rest.is_empty() {
        String::new()
    } else {
        format!(" {rest}")
    };
    Some((result, comment))
}

/// What the engine to move answered.
enum Answer {
    Move(String),
    /// A resignation, or a result claim giving the game to the opponent
    /// (its comment, with a leading space, or empty).
    Resign(String),
    Fault(String),
}

/// The side at fault loses.
fn fault(mut rec: GameRecord, side: usize, why: String) -> GameRecord {
    rec.result = if side == 0 { "0-1" } else { "1-0" };
    rec.termination = format!("fault: {why}");
    rec.normal = false;
    rec
}

fn setup(p: &mut Player, rules: &Ruleset, args: &MatchArgs, control: Control, n: u32) -> Result<(), String> {
    p.handshake()?;
    p.send("memory 16")?;
    for o in &args.options {
        let name = o.name.strip_prefix(&format!("{}.", rules.id)).unwrap_or(&o.name);
        p.send(&format!("option {}={}", rules.qualified_option(name), o.value))?;
    }
    p.send("new")?;
    p.send(&format!("variant {}", xboard_name(rules)))?;
    p.send("force")?;
    p.send("easy")?;
    if let Some(d) = args.depth {
        p.send(&format!("sd {d}"))?;
    }
    match control {
        Control::Game { base, inc } => {
            let secs = base.as_secs();
            p.send(&format!("level 0 {}:{:02} {}", secs / 60, secs % 60, inc.as_secs_f64()))?;
        }
        // CECP's `st` is whole seconds; a fraction is sent as such (gunbai
        // reads it), a whole number as an integer (as other engines expect).
        Control::PerMove(t) => {
            let secs = t.as_secs_f64();
            if secs.fract() == 0.0 {
                p.send(&format!("st {}", secs as u64))?
            } else {
                p.send(&format!("st {secs}"))?
            }
        }
    }
    p.sync(n + 1)
}

/// The record of the match: one XBoard PGN game per game
/// (src/record/pgn.rs), its moves in SAN, with the time control, the rule
/// options, the variant as the referee loaded it and why the game ended.
/// `Date` is the UTC day the match started; `White`/`Black` the names the
/// engines gave themselves (their commands where they gave none), the
/// commands in `WhiteCommand`/`BlackCommand`.
fn write_record(rules: &Arc<Ruleset>, args: &MatchArgs, games: &[GameRecord], date: &str) -> String {
    let mut s = String::new();
    let tc = match args.st {
        Some(st) => format!("st {st}"),
        None => args.tc.clone(),
    };
    let options: Vec<String> = args.options.iter().map(|o| format!("{}={}", o.name, o.value)).collect();
    for (i, g) in games.iter().enumerate() {
        let mut pos = Position::start(rules.clone());
        let mut moves = Vec::new();
        for t in &g.moves {
            // Every move was checked when it was played.
            let Ok(m) = parse_move(&pos, t) else { break };
            pos.play_unchecked(&m);
            moves.push(m);
        }
        let winner = match g.result {
            "1-0" => Some(Some(rules.first)),
            "0-1" => Some(Some(rules.first.opposite())),
            "1/2-1/2" => Some(None),
            _ => None,
        };
        let termination = if g.termination.ends_with("on time") {
            Termination::Timeout
        } else if g.normal {
            Termination::Checkmate
        } else {
            Termination::IllegalMove
        };
        let headers = [
            ("Event", "gunbai match".to_string()),
            ("Date", date.to_string()),
            ("Round", (i + 1).to_string()),
            ("White", g.names[0].clone().unwrap_or_else(|| g.first.clone())),
            ("Black", g.names[1].clone().unwrap_or_else(|| g.second.clone())),
            ("WhiteCommand", g.first.clone()),
            ("BlackCommand", g.second.clone()),
            ("TimeControl", tc.clone()),
            (
                "GunbaiVariant",
                args.variant.clone().unwrap_or_else(|| rules.id.clone()),
            ),
            ("Options", options.join(" ")),
            ("Termination", pgn_termination(g).to_string()),
            ("GunbaiTermination", g.termination.clone()),
        ];
        let record = Record {
            variant: rules.id.clone(),
            moves,
            result: winner.map(|winner| GameResult { winner, termination }),
            headers: headers.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            ..Record::default()
        };
        match pgn::write(&record, rules) {
            Ok(text) => s.push_str(&text),
            Err(why) => s.push_str(&format!(
                "[Event \"gunbai match\"]\n[Round \"{}\"]\n{{{why}}}\n*\n\n",
                i + 1
            )),
        }
    }
    s
}

/// Replays every game of a record: each move must be legal, and a game
/// that ended by the rules must end there with the recorded result.
/// Returns the number of games.
pub fn replay(path: &str) -> Result<usize, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut games = 0;
    for game in split_games(&text) {
        games += 1;
        replay_game(path, game).map_err(|e| format!("{path}: game {games}: {e}"))?;
    }
    Ok(games)
}

/// The games of a PGN file: each begins with the tag line after the
/// previous game's movetext.
fn split_games(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut start, mut at, mut moves_seen) = (0, 0, false);
    for line in text.split_inclusive('\n') {
        let l = line.trim();
        if l.starts_with('[') && moves_seen {
            out.push(&text[start..at]);
            start = at;
            moves_seen = false;
        } else if !l.is_empty() && !l.starts_with('[') {
            moves_seen = true;
        }
        at += line.len();
    }
    if !text[start..].trim().is_empty() {
        out.push(&text[start..]);
    }
    out
}

fn replay_game(path: &str, text: &str) -> Result<(), String> {
    let tags = pgn::tags(text);
    let tag = |k: &str| tags.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    let variant = tag("GunbaiVariant")
        .or_else(|| tag("Variant").map(|v| v.strip_prefix(pgn::GUNBAI_VARIANT).unwrap_or(v)))
        .ok_or("no Variant tag")?;
    let options: Vec<OptionOverride> = tag("Options")
        .unwrap_or("")
        .split_whitespace()
        .map(|o| o.parse::<OptionOverride>())
        .collect::<Result<_, _>>()?;
    let rules = load_variant(variant, &options).map_err(|e| e.to_string())?;
    let rec = pgn::read(text, path, &rules)
        .map_err(|r| r.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default())?;
    let pos = rec
        .replay(&rules)
        .map_err(|(i, why)| format!("move {} is not legal: {why}", i + 1))?;
    let result = tag("Result").unwrap_or("*");
    // Records before `GunbaiTermination` had the referee's words in
    // `Termination`.
    let by_rules = tag("GunbaiTermination")
        .or_else(|| tag("Termination"))
        .is_some_and(|t| t.starts_with("rules"));
    match pos.result() {
        Some(o) if by_rules && result_token(&o) != result => Err(format!(
            "the rules give {} but the record says {result}",
            result_token(&o)
        )),
        None if by_rules => Err("the record says the rules ended the game, but it goes on".into()),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::{civil_from_days, feature_string};

    /// Days since 1970-01-01 from Python's `datetime.date` subtraction.
    #[test]
    fn days_become_gregorian_dates() {
        for (days, ymd) in [
            (0, (1970, 1, 1)),
            (11_016, (2000, 2, 29)),
            (11_017, (2000, 3, 1)),
            (20_794, (2026, 12, 7)),
            (-1, (1969, 12, 31)),
            (47_540, (2100, 2, 28)),
        ] {
            assert_eq!(civil_from_days(days), ymd, "{days}");
        }
    }

    #[test]
    fn myname_is_read_from_a_feature_line() {
        let l = r#"feature done=0 myname="HaChu 0.21" setboard=1"#;
        assert_eq!(feature_string(l, "myname").as_deref(), Some("HaChu 0.21"));
        assert_eq!(
            feature_string("feature myname=Bare ping=1", "myname").as_deref(),
            Some("Bare")
        );
        assert_eq!(feature_string("feature notmyname=\"x\" ping=1", "myname"), None);
        assert_eq!(feature_string("feature myname=\"\"", "myname"), None);
        assert_eq!(
            feature_string("feature myname=\"a\u{1b}[31mb\"", "myname").as_deref(),
            Some("a[31mb")
        );
    }
}
