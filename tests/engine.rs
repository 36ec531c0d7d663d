//! The engine protocols and the match referee, driven through the binary:
//! XBoard (CECP v2) and USI sessions, highlights compared with HaChu's, a
//! short refereed game against HaChu, and a game in a real XBoard under
//! Xvfb (Debian packages `hachu`, `xboard`, `xvfb`: .ci/packages.d/engine).

use gunbai::unstable::engine::parse_xboard_move;
use gunbai::unstable::notation::parse_move;
use gunbai::unstable::position::Position;
use gunbai::unstable::rules::load_variant;
use std::io::Write;
use std::process::{Command, Stdio};

const GUNBAI: &str = env!("CARGO_BIN_EXE_gunbai");
const HACHU: &str = "/usr/games/hachu";

/// Starts `gunbai ARGS` with stdin and stdout piped (stderr dropped).
fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(GUNBAI)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("gunbai runs")
}

/// Runs `gunbai ARGS` with `input` on stdin; returns stdout and success.
fn session(args: &[&str], input: &str) -> (String, bool) {
    let mut child = spawn(args);
    // A session refused before the protocol (a bad `--preset`) may exit
    // before it reads its input: then the write fails, and the output and
    // status say what happened.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    (String::from_utf8_lossy(&out.stdout).into_owned(), out.status.success())
}

#[test]
fn xboard_handshake_announces_variants_under_xboard_names_and_answers_ping() {
    let (out, ok) = session(&["xboard"], "xboard\nprotover 2\nping 7\nquit\n");
    assert!(ok);
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("feature done=0"), "{first}");
    assert!(first.contains("usermove=1") && first.contains("setboard=1") && first.contains("highlight=1"));
    // XBoard's names where the rule file gives one (wa is `wa-shogi`), the
    // others by id.
    let variants = first
        .split("variants=\"")
        .nth(1)
        .and_then(|v| v.split('"').next())
        .unwrap();
    let names: Vec<&str> = variants.split(',').collect();
    for name in ["chu", "dai", "dai_dai", "ko", "sho", "shogi", "wa-shogi"] {
        assert!(names.contains(&name), "{name} missing from {first}");
    }
    assert!(!names.contains(&"wa"), "{first}");
    assert!(out.contains(
        "feature option=\"chu.repetition -combo *forbid_repeat /// xboard /// sennichite4 /// lishogi /// hachu\""
    ));
    assert!(out.contains("feature done=1\n"));
    assert!(out.contains("pong 7\n"));
}

#[test]
fn xboard_answers_bad_input_with_errors_and_goes_on() {
    let input = "xboard\nprotover 2\nnew\nvariant chu\nforce\nusermove f4f7\nfrobnicate\nlevel x y\nsd -3\n\
                 setboard not a position\nvariant nonesuch\nundo\nusermove zz99\nlift q99\n\u{7f}\u{0}\nping 1\nquit\n";
    let (out, ok) = session(&["xboard", "chu"], input);
    assert!(ok, "{out}");
    assert!(out.contains("Illegal move ("), "{out}");
    assert!(out.contains("): f4f7\n"), "{out}");
    assert!(out.contains("Error (unknown command): frobnicate"), "{out}");
    assert!(out.contains("Error (bad parameters): level x y"), "{out}");
    assert!(out.contains("Error (bad parameters): sd -3"), "{out}");
    assert!(out.contains("Error (illegal position): not a position"), "{out}");
    assert!(out.contains("Error (unknown variant): nonesuch"), "{out}");
    assert!(out.contains("Error (command not legal now): undo"), "{out}");
    assert!(out.contains("): zz99"), "{out}");
    assert!(out.contains("pong 1"), "{out}");
}

#[test]
fn xboard_replies_with_a_legal_move() {
    let input = "xboard\nprotover 2\nnew\nvariant chu\nsd 2\npost\nusermove f4f5\nping 2\nquit\n";
    let (out, ok) = session(&["xboard", "chu"], input);
    assert!(ok);
    let reply = out.lines().find_map(|l| l.strip_prefix("move ")).expect("a move");
    let rules = load_variant("chu", &[]).unwrap();
    let mut pos = Position::start(rules);
    let first = parse_move(&pos, "f4-f5").unwrap();
    pos.play(&first).expect("a legal move");
    assert!(parse_xboard_move(&pos, reply).is_ok(), "{reply} is legal after f4f5");
    // Thinking output: depth, score, time, nodes, then the move first.
    let think = out.lines().find(|l| l.starts_with("2 ")).expect("depth-2 line");
    let fields: Vec<&str> = think.split_whitespace().collect();
    assert!(
        fields.len() >= 5 && fields[1..4].iter().all(|f| f.parse::<i64>().is_ok()),
        "{think}"
    );
    assert_eq!(out.lines().last(), Some("pong 2"));
}

/// Both expected maps are HaChu 0.21's answers to the same commands
/// (`lift f3` at the start; `lift f5` after f4f5 e9e8 f5f6 e8e7 f3f4 e7e6
/// f4f5 a9a8, where the lion may capture the pawn on e6 and go on, cyan,
/// and may pass, red on its own square).
#[test]
fn xboard_lift_highlights_match_hachu() {
    let (out, _) = session(&["xboard", "chu"], "new\nvariant chu\nforce\nlift f3\nquit\n");
    assert!(
        out.contains("highlight 12/12/12/12/12/12/12/4YYYY4/12/12/3Y8/12\n"),
        "{out}"
    );
    let moves = ["f4f5", "e9e8", "f5f6", "e8e7", "f3f4", "e7e6", "f4f5", "a9a8"];
    let mut input = String::from("new\nvariant chu\nforce\n");
    for m in moves {
        input.push_str(&format!("usermove {m}\n"));
    }
    input.push_str("lift f5\nput e6\nquit\n");
    let (out, _) = session(&["xboard", "chu"], &input);
    assert!(
        out.contains("highlight 12/12/12/12/12/3YYYYY4/3YC1YY4/4YRYY4/5Y6/5Y6/12/12\n"),
        "{out}"
    );
    // After putting the lion on the pawn it may capture, the second leg.
    let second = out
        .lines()
        .filter(|l| l.starts_with("highlight"))
        .nth(1)
        .expect("second-leg map");
    assert!(second.contains('Y') || second.contains('R'), "{second}");
}

#[test]
fn xboard_accepts_hachu_style_multi_leg_moves() {
    let rules = load_variant("chu", &[]).unwrap();
    let mut pos = Position::start(rules);
    for m in ["f4f5", "e9e8", "f5f6", "e8e7", "f3f4", "e7e6", "f4f5", "a9a8"] {
        let mv = parse_xboard_move(&pos, m).unwrap();
        pos.play(&mv).expect("a legal move");
    }
    // Capture on e6 and return (igui), capture and go on, pass, two steps.
    for text in ["f5e6,e6f5", "f5e6,e6d7", "f5f5", "f5h7", "f5e6"] {
        assert!(parse_xboard_move(&pos, text).is_ok(), "{text}");
    }
    assert!(parse_xboard_move(&pos, "f5f8").is_err());
}

/// HaChu writes every move that ends on its own square (a lion's pass) as
/// CECP's null move `@@@@` (its MoveToText), and XBoard hands that on to
/// the other engine: a pass, not an illegal move, where a piece can pass.
#[test]
fn xboard_null_move_is_read_as_a_pass() {
    let rules = load_variant("chu", &[]).unwrap();
    let mut pos = Position::start(rules);
    // At the start no piece with a lion's power has an empty neighbour.
    assert!(parse_xboard_move(&pos, "@@@@").is_err());
    for m in ["f4f5", "e9e8", "f5f6", "e8e7", "f3f4", "e7e6", "f4f5", "a9a8"] {
        let mv = parse_xboard_move(&pos, m).unwrap();
        pos.play(&mv).expect("a legal move");
    }
    let board = |p: &Position| p.to_text().split(' ').next().unwrap().to_string();
    let before = board(&pos);
    let m = parse_xboard_move(&pos, "@@@@").expect("the lion on f5 may pass");
    let f5 = pos.rules().geometry.parse_square("f5").unwrap();
    assert_eq!((m.from(), m.to()), (f5, f5));
    pos.play(&m).expect("a legal move");
    assert_eq!(board(&pos), before, "a pass leaves the board as it was");
    // In a real session too.
    let mut input = String::from("xboard\nprotover 2\nnew\nvariant chu\nforce\nusermove @@@@\n");
    for m in ["f4f5", "e9e8", "f5f6", "e8e7", "f3f4", "e7e6", "f4f5", "a9a8", "@@@@"] {
        input.push_str(&format!("usermove {m}\n"));
    }
    input.push_str("quit\n");
    let (out, ok) = session(&["xboard", "chu"], &input);
    assert!(ok, "{out}");
    assert_eq!(out.matches("Illegal move").count(), 1, "only the first @@@@: {out}");
}

/// How long a live session waits for a line it expects: generous, since
/// the test may run on a loaded machine; a hang fails here rather than
/// hanging the suite.
const PATIENCE: std::time::Duration = std::time::Duration::from_secs(120);

/// A running `gunbai` session driven like a GUI: it writes commands and
/// waits for the protocol event that makes the next command meaningful
/// (an `info` line, a `bestmove`), never for a fixed time, so that a
/// loaded machine makes the test slower but not flaky.
struct Live {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
    /// Every line read so far.
    seen: Vec<String>,
}

impl Live {
    fn start(args: &[&str]) -> Live {
        let mut child = spawn(args);
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Live {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    /// Reads until a line for which `want` holds (returned), failing with
    /// the transcript after [`PATIENCE`] or at the end of the output.
    fn wait_for(&mut self, what: &str, want: impl Fn(&str) -> bool) -> String {
        let deadline = std::time::Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if want(&line) {
                        return line;
                    }
                }
                Err(e) => panic!("no {what} ({e:?}); the session said:\n{}", self.seen.join("\n")),
            }
        }
    }

    /// Closes the input and returns the whole output and success.
    fn finish(mut self) -> (String, bool) {
        drop(self.stdin.take());
        let status = self.child.wait().unwrap();
        self.seen.extend(self.lines.iter());
        let mut out = self.seen.join("\n");
        out.push('\n');
        (out, status.success())
    }
}

/// The moves of a USI `info ... multipv N ... pv MOVES` line at `depth`:
/// (N, first move).
fn multipv_lines(out: &str, depth: u32) -> Vec<(u32, String)> {
    out.lines()
        .filter(|l| l.starts_with(&format!("info depth {depth} ")))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let after = |k: &str| words[words.iter().position(|w| *w == k).expect(k) + 1];
            (after("multipv").parse().unwrap(), after("pv").to_string())
        })
        .collect()
}

/// A GUI's session: every kind of `setoption` (a spin, a check, a combo,
/// the variant, a rule option, a preset) is accepted without an error,
/// `USI_Variant` switches the rule file (its own options are announced
/// at the next `usi`), and MultiPV 3 gives three lines of distinct first
/// moves at each depth, each a legal move of the new variant.
#[test]
fn usi_gui_session_sets_every_kind_of_option() {
    let input = "usi\nsetoption name USI_Hash value 8\nsetoption name USI_Ponder value true\n\
                 setoption name repetition value xboard\nsetoption name USI_Variant value minishogi\n\
                 usi\nsetoption name MultiPV value 3\nisready\nusinewgame\nposition startpos\ngo depth 2\n\
                 setoption name USI_Variant value dobutsu\nsetoption name preset value fsf\n\
                 setoption name preset value none\nposition startpos\ngo depth 1\nquit\n";
    let (out, ok) = session(&["usi", "chu"], input);
    assert!(ok, "{out}");
    assert!(!out.contains("error"), "{out}");
    assert!(
        out.contains("option name USI_Variant type combo default chu var chu "),
        "{out}"
    );
    assert!(out.contains(" var minishogi"), "{out}");
    assert!(
        out.contains("option name repetition type combo default forbid_repeat"),
        "{out}"
    );
    assert!(
        out.contains("option name MultiPV type spin default 1 min 1 max "),
        "{out}"
    );
    assert!(out.contains("option name USI_Ponder type check default false"), "{out}");
    assert_eq!(out.matches("usiok").count(), 2, "{out}");
    let minishogi = load_variant("minishogi", &[]).unwrap();
    let start = Position::start(minishogi);
    for depth in [1, 2] {
        let lines = multipv_lines(&out, depth);
        let first_three: Vec<u32> = lines.iter().take(3).map(|(n, _)| *n).collect();
        assert_eq!(first_three, [1, 2, 3], "depth {depth}: {out}");
        let moves: std::collections::BTreeSet<&str> = lines.iter().take(3).map(|(_, m)| m.as_str()).collect();
        assert_eq!(moves.len(), 3, "three distinct moves at depth {depth}: {out}");
        for m in moves {
            assert!(parse_move(&start, m).is_ok(), "{m} is a minishogi move: {out}");
        }
    }
    let answers: Vec<&str> = out.lines().filter_map(|l| l.strip_prefix("bestmove ")).collect();
    assert_eq!(answers.len(), 2, "{out}");
    assert!(parse_move(&start, answers[0]).is_ok(), "{out}");
    let dobutsu = Position::start(load_variant("dobutsu", &[]).unwrap());
    assert!(parse_move(&dobutsu, answers[1]).is_ok(), "{out}");
    // Every info line has the fields a GUI shows.
    for l in out.lines().filter(|l| l.starts_with("info depth")) {
        for k in [
            " seldepth ",
            " multipv ",
            " score ",
            " nodes ",
            " nps ",
            " hashfull ",
            " time ",
            " pv ",
        ] {
            assert!(l.contains(k), "{k} in {l}");
        }
    }
}

/// `go infinite` thinks until `stop` (sent later) and then answers one
/// `bestmove`; `go ponder` with `ponderhit` goes on on the engine's clock
/// and answers one `bestmove`; a `stop` read before its search starts
/// still ends it.
#[test]
fn usi_go_infinite_stop_and_ponderhit() {
    let mut live = Live::start(&["usi", "minishogi"]);
    live.send("usi\nposition startpos\ngo infinite\n");
    // Still searching at depth 2: the search goes on until `stop`.
    live.wait_for("depth 2 of go infinite", |l| l.starts_with("info depth 2 "));
    live.send("stop\n");
    live.wait_for("bestmove after stop", |l| l.starts_with("bestmove "));
    live.send("position startpos moves 5e4d\ngo ponder btime 300 wtime 300 byoyomi 200\n");
    // Pondering has begun (a ponderhit may come at any time in a real
    // game, but then this test would not know what it tested).
    live.wait_for("info of go ponder", |l| l.starts_with("info depth 1 "));
    let answered = live.seen.iter().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(answered, 1, "no bestmove before ponderhit: {:?}", live.seen);
    live.send("ponderhit\n");
    live.wait_for("bestmove after ponderhit", |l| l.starts_with("bestmove "));
    // `stop` read before its search starts still ends it.
    live.send("go infinite\nstop\nisready\nquit\n");
    let (out, ok) = live.finish();
    assert!(ok, "{out}");
    let answers: Vec<&str> = out.lines().filter_map(|l| l.strip_prefix("bestmove ")).collect();
    assert_eq!(answers.len(), 3, "{out}");
    let rules = load_variant("minishogi", &[]).unwrap();
    let start = Position::start(rules);
    assert!(parse_move(&start, answers[0]).is_ok(), "{out}");
    let mut after = start.clone();
    after.play(&parse_move(&start, "5e4d").unwrap()).unwrap();
    assert!(parse_move(&after, answers[1]).is_ok(), "{out}");
    assert!(out.trim_end().ends_with("readyok"), "{out}");
}

/// Hostile USI input: unknown option names and values, a MultiPV far past
/// the cap, a variant that is not offered, a malformed `setoption`, and a
/// `setoption` sent while a search runs each get an `info string error`
/// line; the session goes on and answers every `go`.
#[test]
fn usi_refuses_bad_options_with_error_lines() {
    let mut live = Live::start(&["usi", "chu"]);
    live.send(
        "usi\nsetoption name Bogus value 1\nsetoption name MultiPV value 99999999999999999999999\n\
         setoption name MultiPV value 0\nsetoption name MultiPV value 100000\n\
         setoption name USI_Variant value ../../etc/passwd\nsetoption name USI_Hash value -5\n\
         setoption name USI_Ponder value maybe\nsetoption name repetition value bogus\n\
         setoption name bare_king_rule value 2\nsetoption name preset value nothere\nsetoption\n\
         position startpos\ngo infinite\n",
    );
    live.wait_for("info of go infinite", |l| l.starts_with("info depth 1 "));
    // Refused however soon it is read after `go infinite` (the reader
    // judges it busy until its `stop`), answered once the search ended.
    live.send("setoption name MultiPV value 2\nstop\nposition startpos\ngo depth 1\nquit\n");
    let (out, ok) = live.finish();
    assert!(ok, "{out}");
    assert_eq!(out.matches("info string error: ").count(), 12, "{out}");
    assert!(out.contains("unknown option `Bogus`"), "{out}");
    assert!(out.contains("not while searching"), "{out}");
    assert!(out.contains("USI_Variant: `../../etc/passwd` is not offered"), "{out}");
    assert_eq!(out.matches("bestmove ").count(), 2, "{out}");
    // MultiPV stayed 1: one line per depth.
    assert!(
        out.lines()
            .filter(|l| l.starts_with("info depth 1 "))
            .all(|l| l.contains(" multipv 1 ")),
        "{out}"
    );
}

/// A line of XBoard thinking output (`DEPTH SCORE TIME NODES PV...`).
fn is_thinking(line: &str) -> bool {
    line.split_whitespace().next().is_some_and(|w| w.parse::<u32>().is_ok())
}

/// XBoard analysis: thinking lines without a move; `exclude all` then
/// `include MOVE` leaves that one move to analyse; `exit` leaves analysis
/// and the session goes on (`ping`). A `ping` after the exclusions marks
/// where they hold: every command is answered in order, and each line
/// read stops the analysis, which starts again after it.
#[test]
fn xboard_analyze_with_exclusions() {
    let mut live = Live::start(&["xboard", "chu"]);
    live.send("xboard\nprotover 2\nnew\nvariant chu\nforce\nusermove f4f5\npost\nanalyze\n");
    live.wait_for("unrestricted analysis", is_thinking);
    live.send("exclude all\ninclude f9f8\nping 3\n");
    live.wait_for("pong 3", |l| l == "pong 3");
    live.wait_for("analysis of f9f8 alone", is_thinking);
    let pong = live.seen.iter().position(|l| l == "pong 3").unwrap();
    let (before, after) = live.seen.split_at(pong);
    assert!(before.iter().any(|l| is_thinking(l)), "{before:?}");
    // Once f9f8 alone is allowed every line starts with it.
    let restricted: Vec<&String> = after.iter().filter(|l| is_thinking(l)).collect();
    assert!(
        restricted.iter().all(|l| l.split_whitespace().nth(4) == Some("f9f8")),
        "{after:?}"
    );
    // Excluding every move leaves nothing to analyse, and no error.
    live.send("exclude f9f8\nexit\nping 4\nquit\n");
    let (out, ok) = live.finish();
    assert!(ok, "{out}");
    assert!(out.contains("analyze=1") && out.contains("exclude=1"), "{out}");
    assert!(out.contains("pong 4"), "{out}");
    assert!(
        !out.lines().any(|l| l.starts_with("move ") || l.starts_with("Error")),
        "{out}"
    );
}

#[test]
fn usi_session_returns_a_legal_bestmove() {
    let input = "usi\nisready\nusinewgame\nposition startpos moves 7i7h\ngo depth 2\nquit\n";
    let (out, ok) = session(&["usi", "chu"], input);
    assert!(ok);
    assert!(out.contains("usiok\n") && out.contains("readyok\n"), "{out}");
    let best = out.lines().find_map(|l| l.strip_prefix("bestmove ")).expect("bestmove");
    let rules = load_variant("chu", &[]).unwrap();
    let mut pos = Position::start(rules);
    let first = parse_move(&pos, "7i7h").unwrap();
    pos.play(&first).expect("a legal move");
    assert!(parse_move(&pos, best).is_ok(), "{best}");
    assert!(out.contains("info depth 2 seldepth "), "{out}");
}

/// A `position` that is refused (a bad move, a bad setup) leaves no
/// position to search: `go` answers an error and `bestmove resign` rather
/// than a move for the previous position, until a `position` is accepted.
#[test]
fn usi_go_after_a_refused_position_resigns() {
    let input = "usi\nposition startpos moves 7i7h zz99\ngo depth 1\nposition bogus\ngo depth 1\n\
                 position startpos moves 7i7h\ngo depth 1\nquit\n";
    let (out, ok) = session(&["usi", "chu"], input);
    assert!(ok, "{out}");
    let answers: Vec<&str> = out.lines().filter_map(|l| l.strip_prefix("bestmove ")).collect();
    assert_eq!(answers.len(), 3, "{out}");
    assert_eq!(answers[..2], ["resign", "resign"], "{out}");
    let rules = load_variant("chu", &[]).unwrap();
    let mut pos = Position::start(rules);
    let first = parse_move(&pos, "7i7h").unwrap();
    pos.play(&first).expect("a legal move");
    assert!(parse_move(&pos, answers[2]).is_ok(), "{out}");
    assert_eq!(out.matches("no position to search").count(), 2, "{out}");
}

/// A refused `option` value is dropped: later options and `new` work
/// without errors (before, the bad value stayed and every later load
/// answered an error and fell back to the defaults).
#[test]
fn xboard_refused_option_does_not_poison_later_commands() {
    let input = "xboard\nprotover 2\noption chu.repetition=bogus\noption chu.bare_king_rule=1\n\
                 option chu.repetition=sennichite4\nnew\nvariant chu\nsd 1\ngo\nping 9\nquit\n";
    let (out, ok) = session(&["xboard", "chu"], input);
    assert!(ok, "{out}");
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("Error")).collect();
    assert_eq!(errors.len(), 1, "{out}");
    assert!(
        errors[0].starts_with("Error (bad option): chu.repetition=bogus: "),
        "{out}"
    );
    assert!(out.lines().any(|l| l.starts_with("move ")), "{out}");
    assert!(out.contains("pong 9"), "{out}");
}

/// A short refereed game against HaChu: every move either side makes must
/// be legal for the other, nobody may crash or lose on time; the record
/// must replay.
#[test]
fn refereed_game_against_hachu_has_no_faults() {
    refereed_match_against_hachu("chu", 2, 40);
}

/// The same in Dai shogi (HaChu's `variant dai`): one game of 30 plies.
#[test]
fn refereed_dai_game_against_hachu_has_no_faults() {
    refereed_match_against_hachu("dai", 1, 30);
}

fn refereed_match_against_hachu(variant: &str, games: u32, plies: u32) {
    let dir = std::env::temp_dir().join(format!("gunbai-match-{variant}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join(format!("{variant}.pgn"));
    let me = format!("{GUNBAI} xboard {variant}");
    let today = || {
        let out = Command::new("date").args(["-u", "+%Y.%m.%d"]).output().unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    let day_before = today();
    let status = Command::new(GUNBAI)
        .args(["match", variant, "--engine", &me, "--engine", HACHU, "--tc", "20+0.2"])
        .args(["--games", &games.to_string(), "--max-moves", &plies.to_string()])
        .args(["--out", record.to_str().unwrap()])
        .status()
        .unwrap();
    assert!(status.success(), "a game ended by a fault");
    let text = std::fs::read_to_string(&record).unwrap();
    assert_eq!(text.matches("[Event ").count(), games as usize);
    // XBoard PGN: `Variant` is XBoard's name (or `gunbai:ID` where the
    // moves are gunbai's notation); the referee's own spec is kept too.
    assert!(text.contains(&format!("[GunbaiVariant \"{variant}\"]")), "{text}");
    assert!(!text.contains("fault:"), "{text}");
    // The engines' own names (`feature myname=`), their commands beside,
    // and the UTC day the match started (as `date -u` says).
    assert!(text.contains("[White \"gunbai "), "{text}");
    assert!(text.contains("[Black \"HaChu 0.21\"]"), "{text}");
    assert!(text.contains(&format!("[WhiteCommand \"{me}\"]")), "{text}");
    assert!(text.contains(&format!("[BlackCommand \"{HACHU}\"]")), "{text}");
    let dates: Vec<&str> = text.lines().filter(|l| l.starts_with("[Date ")).collect();
    assert_eq!(dates.len(), games as usize, "{text}");
    let (day_after, day_before) = (today(), day_before);
    assert!(
        dates
            .iter()
            .all(|d| *d == format!("[Date \"{day_before}\"]") || *d == format!("[Date \"{day_after}\"]")),
        "{dates:?}"
    );
    let replay = Command::new(GUNBAI)
        .args(["match", "--replay", record.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(replay.status.success(), "{}", String::from_utf8_lossy(&replay.stderr));
    std::fs::remove_dir_all(&dir).ok();
}

/// XBoard itself as the referee, headless: gunbai against HaChu in Chu,
/// adjudicated a draw after 20 moves unless decided earlier. XBoard
/// judges the moves with its own Chu rules, and the saved PGN must show a
/// game that ended normally (no time forfeit, no illegal move).
#[test]
fn real_xboard_game_finishes_normally() {
    let me = format!("{GUNBAI} xboard chu");
    let text = xboard_game(
        "chu",
        &me,
        HACHU,
        &["-tc", "0:40", "-inc", "0.5", "-adjudicateDrawMoves", "20"],
    );
    assert!(text.contains("[White \"gunbai"), "{text}");
    let result = text.lines().find(|l| l.starts_with("[Result ")).expect("a result");
    assert!(!result.contains('*'), "unfinished: {text}");
}

/// Plays one game in a headless XBoard (`first` and `second` are engine
/// commands, `more` XBoard options) and returns the saved PGN, checked for
/// the variant and for no fault (time, illegal move, crash).
fn xboard_game(variant: &str, first: &str, second: &str, more: &[&str]) -> String {
    let dir = std::env::temp_dir().join(format!("gunbai-xboard-{variant}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("game.pgn");
    let d = dir.to_str().unwrap();
    let status = Command::new("timeout")
        .args(["150", "xvfb-run", "-a", "/usr/games/xboard"])
        .args(["-fcp", first, "-fd", d, "-scp", second, "-sd", d])
        .args(["-variant", variant, "-matchGames", "1"])
        .args(more)
        .args(["-autoCallFlag", "true", "-popupExitMessage", "false"])
        .args(["-saveGameFile", pgn.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("xvfb-run and xboard are installed (.ci/packages.d/engine)");
    assert!(status.success(), "xboard exited with {status}");
    let text = std::fs::read_to_string(&pgn).expect("xboard saved the game");
    std::fs::remove_dir_all(&dir).ok();
    // XBoard's own record names the variant as XBoard does.
    assert!(text.contains(&format!("[Variant \"{variant}\"]")), "{text}");
    for bad in ["on time", "llegal", "invalid", "forfeit", "crash", "disconnect"] {
        assert!(!text.contains(bad), "{bad}: {text}");
    }
    text
}

/// White's king on a12 is attacked along the a-file and the b-file is held:
/// whatever White plays, Black captures the king. With no check rule the
/// move would be legal, but XBoard's Chu rules call leaving the king
/// attacked illegal (a forfeit), so the engine resigns instead.
#[test]
fn xboard_resigns_when_every_move_loses_the_king() {
    let input =
        "new\nvariant chu\nforce\nsetboard k,11/12/12/12/11,p/12/12/12/12/R,11/1,R,10/11,K w\ngo\nping 3\nquit\n";
    let (out, ok) = session(&["xboard", "chu"], input);
    assert!(ok);
    assert!(out.contains("resign\n"), "{out}");
    assert!(!out.contains("move "), "{out}");
}

// ---------------------------------------------------------------------
// XBetza: gunbai's `piece` descriptions against HaChu's and
// Fairy-Stockfish's, compared as the moves they describe.

/// One move of an XBetza description: offset (owner's view, forward is
/// +y), range (0: unlimited) and mode (`m` moves only, `c` captures
/// only, ` ` both).
type BetzaMove = (i8, i8, u8, char);

/// The moves an XBetza text describes, as XBoard 4.9 reads the subset
/// engines send for shogi pieces: atoms W F D A H G N C Z K Q R B with a
/// range, direction modifiers f b l r v s (two perpendicular letters
/// name one diagonal or, on oblique atoms, one leap: `fr` the wide one,
/// `rf` the narrow one; a doubled letter or a lone one on an oblique
/// atom the two narrow leaps, `fs`/`bs` the wide ones), modes m and c.
/// Fairy-Stockfish's drop suffix (`@5`, `f@5`) is ignored. Overlapping
/// ranges in one direction and mode keep the longest.
fn betza_moves(desc: &str) -> std::collections::BTreeSet<BetzaMove> {
    let mut best: std::collections::BTreeMap<(i8, i8, char), u8> = Default::default();
    let chars: Vec<char> = desc.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            i += 1;
        }
        let prefix: String = chars[start..i].iter().collect();
        let atom = chars.get(i).copied().unwrap_or('?');
        i += 1;
        let digits_from = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let digits: String = chars[digits_from..i].iter().collect();
        if atom == '@' {
            continue;
        }
        let mode = if prefix.contains('m') {
            'm'
        } else if prefix.contains('c') {
            'c'
        } else {
            ' '
        };
        let dirs: String = prefix.chars().filter(|c| "fblrvs".contains(*c)).collect();
        let (legs, mut range): (Vec<(i8, i8)>, u8) = match atom {
            'W' => (vec![(0, 1)], 1),
            'R' => (vec![(0, 1)], 0),
            'D' => (vec![(0, 2)], 1),
            'H' => (vec![(0, 3)], 1),
            'F' => (vec![(1, 1)], 1),
            'B' => (vec![(1, 1)], 0),
            'A' => (vec![(2, 2)], 1),
            'G' => (vec![(3, 3)], 1),
            'N' => (vec![(1, 2)], 1),
            'C' => (vec![(1, 3)], 1),
            'Z' => (vec![(2, 3)], 1),
            'K' => (vec![(0, 1), (1, 1)], 1),
            'Q' => (vec![(0, 1), (1, 1)], 0),
            other => panic!("atom {other} in {desc}"),
        };
        if !digits.is_empty() {
            range = digits.parse().unwrap();
        }
        for (a, b) in legs {
            for (dx, dy) in betza_directions(a, b, &dirs) {
                let r = best.entry((dx, dy, mode)).or_insert(range);
                if *r != 0 && (range == 0 || range > *r) {
                    *r = range;
                }
            }
        }
    }
    best.into_iter().map(|((dx, dy, m), r)| (dx, dy, r, m)).collect()
}

/// The offsets of atom (a, b) (a ≤ b, as (0,1), (1,1), (1,2)) that the
/// direction letters select.
fn betza_directions(a: i8, b: i8, dirs: &str) -> Vec<(i8, i8)> {
    let mut all: Vec<(i8, i8)> = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [-1, 1] {
            for sy in [-1, 1] {
                if !all.contains(&(x * sx, y * sy)) {
                    all.push((x * sx, y * sy));
                }
            }
        }
    }
    if dirs.is_empty() {
        return all;
    }
    let side = |c: char, (x, y): (i8, i8)| match c {
        'f' => y > 0,
        'b' => y < 0,
        'l' => x < 0,
        'r' => x > 0,
        'v' => x == 0 || (y.abs() > x.abs() && a != b),
        's' => y == 0 || (x.abs() > y.abs() && a != b),
        _ => false,
    };
    let oblique = a != 0 && a != b;
    let diagonal = a == b;
    let cs: Vec<char> = dirs.chars().collect();
    let mut keep: Vec<(i8, i8)> = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        let next = cs.get(i + 1).copied();
        let vertical = |c: char| c == 'f' || c == 'b';
        let horizontal = |c: char| c == 'l' || c == 'r';
        let pick: Vec<(i8, i8)> = if oblique {
            match next {
                Some(n) if n == c => {
                    i += 1;
                    all.iter()
                        .copied()
                        .filter(|&d| side(c, d) && narrow_along(c, d))
                        .collect()
                }
                Some('s') if vertical(c) => {
                    i += 1;
                    all.iter()
                        .copied()
                        .filter(|&d| side(c, d) && !narrow_along(c, d))
                        .collect()
                }
                Some(n) if (vertical(c) && horizontal(n)) || (horizontal(c) && vertical(n)) => {
                    i += 1;
                    // The first letter's side, the second's direction as
                    // the short component: `fr` (2,1), `rf` (1,2).
                    all.iter()
                        .copied()
                        .filter(|&d| side(c, d) && side(n, d) && !narrow_along(c, d))
                        .collect()
                }
                _ if c == 'v' || c == 's' => all.iter().copied().filter(|&d| side(c, d)).collect(),
                _ => all
                    .iter()
                    .copied()
                    .filter(|&d| side(c, d) && narrow_along(c, d))
                    .collect(),
            }
        } else if diagonal {
            match next {
                Some(n) if (vertical(c) && horizontal(n)) || (horizontal(c) && vertical(n)) => {
                    i += 1;
                    all.iter().copied().filter(|&d| side(c, d) && side(n, d)).collect()
                }
                _ => all.iter().copied().filter(|&d| side(c, d)).collect(),
            }
        } else {
            all.iter().copied().filter(|&d| side(c, d)).collect()
        };
        keep.extend(pick);
        i += 1;
    }
    all.retain(|d| keep.contains(d));
    all
}

/// Is leap `d` long along the axis `c` names (f/b: vertical, l/r: sideways)?
fn narrow_along(c: char, (x, y): (i8, i8)) -> bool {
    if c == 'f' || c == 'b' {
        y.abs() > x.abs()
    } else {
        x.abs() > y.abs()
    }
}

/// Sends `input` to an XBoard engine and returns what it said within
/// `wait` (engines that ignore the end of input are killed).
fn engine_output(cmd: &str, input: &str, wait: std::time::Duration) -> String {
    let mut child = Command::new(cmd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{cmd} runs (.ci/packages.d): {e}"));
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    std::thread::sleep(wait);
    stdin.write_all(b"quit\n").ok();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// From an engine's `setup ... FEN` and `piece ID DESC` lines: for each
/// described piece that stands in the FEN (or is `+` of one that does),
/// gunbai's kind at the same square (promoted where `+`) and the text.
fn described_pieces(
    rules: &std::sync::Arc<gunbai::unstable::ruleset::Ruleset>,
    out: &str,
) -> Vec<(usize, String, String)> {
    let setup = out.lines().find(|l| l.starts_with("setup ")).expect("a setup line");
    let fen = setup.split_whitespace().nth(3).expect("a FEN");
    let fen = fen.split('[').next().unwrap();
    let start = Position::start(rules.clone());
    let geo = &rules.geometry;
    let mut kind_of: std::collections::BTreeMap<String, usize> = Default::default();
    for (r, rank) in fen.split('/').enumerate() {
        let y = geo.height as i32 - 1 - r as i32;
        let mut x = 0;
        let cs: Vec<char> = rank.chars().collect();
        let mut i = 0;
        while i < cs.len() {
            if cs[i].is_ascii_digit() {
                let mut n = 0;
                while i < cs.len() && cs[i].is_ascii_digit() {
                    n = n * 10 + cs[i].to_digit(10).unwrap() as i32;
                    i += 1;
                }
                x += n;
                continue;
            }
            let promoted = cs[i] == '+';
            if promoted {
                i += 1;
            }
            let mut id = cs[i].to_string();
            i += 1;
            if i < cs.len() && (cs[i] == '\'' || cs[i] == '!') {
                id.push(cs[i]);
                i += 1;
            }
            let sq = geo.square(x, y).unwrap();
            let (_, ty) = start
                .piece_at(sq)
                .unwrap_or_else(|| panic!("{id} on an empty square of gunbai's setup"));
            let ty = &rules.types[usize::from(ty)];
            if id.chars().next().unwrap().is_ascii_uppercase() {
                // `+X` stands on the square of a promoted X: X is its origin.
                let kind = if promoted {
                    ty.promoted_from.expect("promoted")
                } else {
                    ty.kind
                };
                let old = kind_of.insert(id.clone(), kind);
                assert!(old.is_none_or(|k| k == kind), "{id} stands for two kinds");
            }
            x += 1;
        }
    }
    let mut found = Vec::new();
    for line in out.lines().filter(|l| l.starts_with("piece ")) {
        let mut f = line.split_whitespace().skip(1);
        let (id, desc) = (f.next().unwrap().trim_end_matches('&'), f.next().unwrap());
        let (promoted, base) = match id.strip_prefix('+') {
            Some(b) => (true, b),
            None => (false, id),
        };
        let Some(&kind) = kind_of.get(base) else { continue };
        let kind = if promoted {
            let ty = rules
                .types
                .iter()
                .find(|t| t.kind == kind && t.promoted_from.is_none())
                .unwrap();
            rules.types[usize::from(ty.promotes_to.expect("promotes"))].kind
        } else {
            kind
        };
        found.push((kind, id.to_string(), desc.to_string()));
    }
    found
}

fn assert_same_moves(variant: &str, engine: &str, out: &str, at_least: usize) {
    let rules = load_variant(variant, &[]).unwrap();
    let pieces = described_pieces(&rules, out);
    assert!(
        pieces.len() >= at_least,
        "{engine} described {} {variant} pieces: {out}",
        pieces.len()
    );
    for (kind, id, theirs) in pieces {
        let name = &rules.kinds[kind].id;
        let ours = gunbai::unstable::engine::betza::xbetza(&rules, kind)
            .unwrap_or_else(|| panic!("{variant} {name}: no XBetza, {engine} says {theirs}"));
        assert_eq!(
            betza_moves(&ours),
            betza_moves(&theirs),
            "{variant} {name} ({engine}'s {id}): gunbai {ours}, {engine} {theirs}"
        );
    }
}

#[test]
fn betza_reader_follows_xboard_direction_words() {
    // A shogi knight both ways, a gold, a wa-shogi promoted horse.
    assert_eq!(betza_moves("ffN"), betza_moves("fN"));
    assert_eq!(betza_moves("ffN").len(), 2);
    assert_eq!(betza_moves("WfF"), betza_moves("fsWbWfF"));
    assert_eq!(betza_moves("vN"), betza_moves("ffNbbN"));
    assert_ne!(betza_moves("fsN"), betza_moves("ffN"));
    assert_eq!(betza_moves("K"), betza_moves("WF"));
    assert_eq!(betza_moves("fRfW"), betza_moves("fR"));
    assert_ne!(betza_moves("fR"), betza_moves("fW2"));
}

#[test]
fn xbetza_matches_hachu_for_wa_shogi() {
    let out = engine_output(
        HACHU,
        "xboard\nprotover 2\nnew\nvariant wa-shogi\n",
        std::time::Duration::from_millis(1500),
    );
    // Every wa-shogi piece HaChu describes, promoted ones too.
    assert_same_moves("wa", "HaChu", &out, 25);
}

#[test]
fn xbetza_matches_fairy_stockfish_for_small_shogi_variants() {
    for (variant, at_least) in [
        ("minishogi", 10),
        ("kyotoshogi", 9),
        ("judkins", 11),
        ("euroshogi", 10),
        ("dobutsu", 5),
    ] {
        let out = engine_output(
            "/usr/games/fairy-stockfish",
            &format!("xboard\nprotover 2\nnew\nvariant {variant}\n"),
            std::time::Duration::from_millis(700),
        );
        assert_same_moves(variant, "Fairy-Stockfish", &out, at_least);
    }
}

/// A variant XBoard does not know, described by gunbai's `setup` and
/// `piece` commands, played gunbai against gunbai with XBoard's own
/// legality testing on (every wa-shogi piece has an XBetza description).
#[test]
fn real_xboard_plays_a_variant_it_learns_from_gunbai() {
    let me = format!("{GUNBAI} xboard wa");
    let text = xboard_game(
        "wa-shogi",
        &me,
        &me,
        &["-tc", "0:30", "-inc", "0.2", "-adjudicateDrawMoves", "6"],
    );
    // XBoard took gunbai's start position: wa-shogi's 11x11 board.
    let fen = text.lines().find(|l| l.starts_with("[FEN ")).expect("the setup FEN");
    assert_eq!(fen.matches('/').count(), 10, "{fen}");
    assert!(text.contains("{Xboard adjudication: long game} 1/2-1/2"), "{text}");
}

#[test]
fn xboard_drops_are_written_and_read_as_piece_at_square() {
    use gunbai::unstable::engine::{parse_xboard_move, xboard_move};
    // Black (moving first) has a pawn and a rook in hand; e5 is empty.
    let rules = load_variant("shogi", &[]).unwrap();
    let pos = Position::from_text(
        rules,
        "l,n,s,g,k,g,s,n,l/1,r,5,b,1/p,p,p,p,1,p,p,p,p/9/9/9/P,P,P,P,1,P,P,P,P/1,B,5,1,1/L,N,S,G,K,G,S,N,L[R,P,p] b",
    )
    .unwrap();
    let m = parse_xboard_move(&pos, "P@e5").expect("a legal pawn drop");
    assert_eq!(
        m.dropped()
            .map(|t| pos.rules().types[usize::from(t)].code.clone())
            .as_deref(),
        Some("P")
    );
    assert_eq!(xboard_move(&pos, &m), "P@e5");
    assert_eq!(xboard_move(&pos, &parse_xboard_move(&pos, "R@e5").unwrap()), "R@e5");
    // A pawn on a file that has one of Black's pawns is no legal drop (nifu).
    assert!(parse_xboard_move(&pos, "P@a5").is_err());
    assert!(parse_xboard_move(&pos, "G@e5").is_err(), "no gold in hand");
    // Through the protocol: the drop is accepted, and a reply comes back.
    let input = "new\nvariant shogi\nforce\nusermove 7g7f\nusermove 3c3d\nusermove 8h2b+\nusermove 3a2b\nusermove B@e5\nusermove P@e5\nsd 1\ngo\nquit\n";
    let (out, ok) = session(&["xboard", "shogi"], input);
    assert!(ok);
    assert_eq!(out.matches("Illegal move").count(), 1, "only P@e5 on the bishop: {out}");
    assert!(out.contains("Illegal move (not a legal drop): P@e5"), "{out}");
    assert!(out.contains("move "), "{out}");
}

#[test]
fn usi_drops_are_read_and_played() {
    // After 1.P-7f P-3d 2.Bx2b+ Sx2b Black drops the bishop back; then a
    // position where White's only men are a king and two rooks in hand.
    let input = "usi\nisready\nposition startpos moves 7g7f 3c3d 8h2b+ 3a2b B*5e\ngo depth 1\nposition sfen 8k/9/9/9/9/9/9/9/K8 w 2r 1\ngo depth 1\nquit\n";
    let (out, ok) = session(&["usi", "shogi"], input);
    assert!(ok);
    assert!(!out.contains("error"), "{out}");
    let best: Vec<&str> = out.lines().filter(|l| l.starts_with("bestmove ")).collect();
    assert_eq!(best.len(), 2, "{out}");
    // White's king on 1a can step, or a rook goes down from the hand.
    let last = best[1].trim_start_matches("bestmove ");
    assert!(
        last.starts_with("R*") || ["2a", "1b", "2b"].iter().any(|t| last == format!("1a{t}")),
        "{out}"
    );
}

/// XBoard 4.9 holds at most 16 columns (hands included) and 17 rows
/// (common.h `BOARD_FILES`, `BOARD_RANKS`); a larger `setup` stops it with
/// "Recompile to support this BOARD_RANKS or BOARD_FILES!" (seen with Ko's
/// 19x19), so gunbai declines such boards. Heian's 9x8 goes under shogi.
#[test]
fn xboard_setup_declines_boards_larger_than_xboard_holds() {
    let setup = |v: &str| {
        let rules = load_variant(v, &[]).expect(v);
        gunbai::unstable::engine::xboard_setup::setup_commands(&rules)
    };
    for v in ["ko", "maka_dai_dai", "tai", "taikyoku"] {
        assert!(setup(v).is_err(), "{v}");
    }
    let ko = setup("ko").unwrap_err();
    assert!(ko.contains("19x19 board is larger than XBoard's 16 columns"), "{ko}");
    let heian = setup("heian").expect("heian fits");
    assert!(
        heian[0].contains(") 9x8+0_shogi lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL w"),
        "{heian:?}"
    );
    assert!(setup("dai").is_ok(), "15x15 fits");
}

/// `gunbai analyse`: the rook left where a pawn takes it (move 7, `1e1d`,
/// answered by `1c1d`) is marked `??`; JSON has one entry per move; an
/// illegal move or a record longer than `--max-moves` is refused (exit 2)
/// naming what is wrong.
#[test]
fn analyse_marks_a_hanging_rook_and_refuses_bad_records() {
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/analyse/minishogi.txt");
    let run = |args: &[&str]| {
        let out = Command::new(GUNBAI).args(args).output().expect("gunbai runs");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
            out.status.code(),
        )
    };
    let (text, _, code) = run(&["analyse", "minishogi", game, "--depth", "2"]);
    assert_eq!(code, Some(0), "{text}");
    let marked: Vec<&str> = text.lines().filter(|l| l.contains("??")).collect();
    assert_eq!(marked.len(), 1, "{text}");
    assert!(marked[0].trim_start().starts_with("7. 1e1d??"), "{text}");
    let (json, _, code) = run(&["analyse", "minishogi", game, "--depth", "2", "--format", "json"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let moves = v["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 8, "{json}");
    assert_eq!(moves[6]["move"], "1e1d");
    assert_eq!(moves[6]["mark"], "??");
    let (_, err, code) = run(&["analyse", "minishogi", game, "--max-moves", "3"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("has 8 moves, more than --max-moves 3"), "{err}");
    let dir = std::env::temp_dir().join(format!("gunbai-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "4e4d 2a2b 9z9z\n").unwrap();
    let (_, err, code) = run(&["analyse", "minishogi", bad.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("move 3 (`9z9z`) is not legal here"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn xboard_takes_preset_and_options_on_its_command_line() {
    // `gunbai xboard chu --preset hachu`: the engine starts with HaChu's
    // options (a pawn or lance reaching the last rank must promote) and
    // announces them as the current values; `--option` wins over the
    // preset.
    let input = "xboard\nprotover 2\nquit\n";
    let (out, ok) = session(&["xboard", "chu", "--preset", "hachu"], input);
    assert!(ok, "{out}");
    assert!(out.contains("feature option=\"chu.preset -combo none /// "), "{out}");
    assert!(out.contains(" /// *hachu"), "{out}");
    assert!(
        out.contains("feature option=\"chu.last_rank_forced_promotion -check 1\""),
        "{out}"
    );
    assert!(
        out.contains(
            "feature option=\"chu.repetition -combo forbid_repeat /// xboard /// sennichite4 /// lishogi /// *hachu\""
        ),
        "{out}"
    );
    let args = [
        "xboard",
        "chu",
        "--preset",
        "hachu",
        "--option",
        "last_rank_forced_promotion=false",
    ];
    let (out, ok) = session(&args, input);
    assert!(ok, "{out}");
    assert!(
        out.contains("feature option=\"chu.last_rank_forced_promotion -check 0\""),
        "{out}"
    );
    // A preset no offered variant has is an error before the protocol.
    let (out, ok) = session(&["xboard", "shogi", "--preset", "lishogi"], input);
    assert!(!ok, "{out}");
}

/// The option features name each option's current value as CECP's
/// engine-intf ("option" feature) asks: a combo's current choice marked
/// with `*`, in a list whose order stays put. After the GUI set a preset
/// (here lishogi's, which sets `repetition` to `lishogi` in
/// rules/chu.toml), the options announced again, at a new `protover` or
/// through the `-reset` button the spec defines for redefining options,
/// carry the values the engine now plays with.
#[test]
fn xboard_announces_the_current_option_values_again() {
    let input = "xboard\nprotover 2\noption chu.preset=lishogi\nping 1\noption Refresh options\nping 2\n\
                 protover 2\nquit\n";
    let (out, ok) = session(&["xboard", "chu"], input);
    assert!(ok, "{out}");
    assert!(!out.contains("Error"), "{out}");
    let (first, rest) = out.split_once("pong 1\n").unwrap();
    let (refreshed, again) = rest.split_once("pong 2\n").unwrap();
    let repetition = |value: &str| {
        let choices = ["forbid_repeat", "xboard", "sennichite4", "lishogi", "hachu"]
            .map(|c| if c == value { format!("*{c}") } else { c.to_string() });
        format!("feature option=\"chu.repetition -combo {}\"\n", choices.join(" /// "))
    };
    assert!(first.contains(&repetition("forbid_repeat")), "{first}");
    assert!(
        first.contains("feature option=\"chu.preset -combo *none /// "),
        "{first}"
    );
    assert!(first.contains("feature option=\"Refresh options -reset\"\n"), "{first}");
    let lishogi = repetition("lishogi");
    for announced in [refreshed, again] {
        for needle in [
            lishogi.as_str(),
            "feature option=\"chu.preset -combo none /// ",
            " /// *lishogi",
            "feature option=\"chu.move_cap -check 1\"\n",
            "feature option=\"Refresh options -reset\"\n",
        ] {
            assert!(announced.contains(needle), "{needle} in {announced}");
        }
        assert!(announced.trim_end().ends_with("feature done=1"), "{announced}");
    }
    assert!(first.contains("feature option=\"chu.move_cap -check 0\"\n"), "{first}");
}

/// Two bare kings under lishogi's rules are a draw (shogiops and
/// scalashogi judge it from the position alone; docs/variants.md): both
/// sides meet `loses_when` at once. The result names that, not a bare
/// `loses_when` that reads like a loss, in XBoard's result comment and in
/// the command line's words.
#[test]
fn two_bare_kings_name_the_rule_that_drew() {
    let board = "7k4/12/12/12/10K1/12/12/12/12/12/12/12";
    let input = format!(
        "xboard\nprotover 2\noption chu.preset=lishogi\nnew\nvariant chu\nforce\nsetboard {board} w\ngo\nping 1\nquit\n"
    );
    let (out, ok) = session(&["xboard", "chu"], &input);
    assert!(ok, "{out}");
    assert!(
        out.contains("1/2-1/2 {both sides met the loss condition: draw}\n"),
        "{out}"
    );
    let sfen = format!("{board} w - 1");
    let (out, ok) = session(&["show", "chu", "--sfen", &sfen, "--preset", "lishogi"], "");
    assert!(ok, "{out}");
    assert!(out.ends_with("game over: draw (both sides met loses_when)\n"), "{out}");
}

/// A result claim (CECP `RESULT {COMMENT}`) is how HaChu resigns: it says
/// `1-0 {resign}` or `0-1 {resign}` and then waits. The referee takes a
/// claim that gives the game to the opponent as a resignation (it used to
/// ignore it and later call HaChu's lost positions losses on time), and a
/// claim the rules do not give as a fault of the claimant.
#[test]
fn the_referee_takes_a_result_claim_against_oneself_as_resignation() {
    let rogue = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/engines/rogue.sh");
    // The claimant plays first; its opponent never answers.
    for (mode, status, termination) in [
        ("lose", 0, "resigned {resign}"),
        ("win", 1, "claimed 1-0 {mate}, which the rules do not give"),
    ] {
        let out = Command::new(GUNBAI)
            .args(["match", "chu", "--games", "1", "--st", "0.5"])
            .args(["--engine", &format!("sh {rogue} {mode}")])
            .args(["--engine", &format!("sh {rogue} silent")])
            .output()
            .expect("gunbai runs");
        let record = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(status), "{mode}: {stderr}");
        assert!(record.contains("[Result \"0-1\"]"), "{record}");
        assert!(record.contains(termination), "{record}");
    }
}

/// With `--out`, the record is written after every game, not only at the
/// end: a match stopped half-way keeps the games it played. The first
/// engine copies the record file when its third game begins (it resigns
/// at once; its opponent never answers and loses game 2 on time).
#[test]
fn the_match_record_is_written_after_every_game() {
    let rogue = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/engines/rogue.sh");
    let dir = std::env::temp_dir().join(format!("gunbai-per-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (record, copy) = (dir.join("match.pgn"), dir.join("copy.pgn"));
    let out = Command::new(GUNBAI)
        .args(["match", "chu", "--games", "3", "--st", "0.3"])
        .args([
            "--engine",
            &format!("sh {rogue} snapshot {} {}", record.display(), copy.display()),
        ])
        .args(["--engine", &format!("sh {rogue} silent")])
        .args(["--out", record.to_str().unwrap()])
        .output()
        .expect("gunbai runs");
    // Game 2's loss on time is a fault: exit 1.
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let during = std::fs::read_to_string(&copy).expect("the record existed when game 3 began");
    assert_eq!(during.matches("[Event ").count(), 2, "{during}");
    assert!(
        during.contains("[Round \"2\"]") && !during.contains("[Round \"3\"]"),
        "{during}"
    );
    let after = std::fs::read_to_string(&record).unwrap();
    assert_eq!(after.matches("[Event ").count(), 3, "{after}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Every legal move of the flipping drop variants (and shogi), written as
/// XBoard text, reads back as itself, along a fixed pseudo-random game of
/// each. Kyoto and micro shogi's drops of a piece on its other face
/// (`+P@b1`) did not: the referee of `scripts/selfplay-smoke` called
/// gunbai's own legal drop illegal.
#[test]
fn xboard_moves_of_drop_variants_read_back_as_themselves() {
    use gunbai::unstable::engine::{parse_xboard_move, xboard_move};
    use gunbai::unstable::movegen::legal_moves;
    for variant in ["kyotoshogi", "micro", "shogi"] {
        let mut pos = Position::start(load_variant(variant, &[]).unwrap());
        let mut moves = Vec::new();
        for ply in 0..80usize {
            legal_moves(&pos, &mut moves).unwrap();
            if moves.is_empty() || pos.result().is_some() {
                break;
            }
            for m in &moves {
                let text = xboard_move(&pos, m);
                assert_eq!(
                    parse_xboard_move(&pos, &text).as_ref(),
                    Ok(m),
                    "{variant} ply {ply}: {text}"
                );
            }
            let m = moves[(ply * 7919 + 13) % moves.len()];
            pos.play_unchecked(&m);
        }
    }
}
