//! The engine protocols and the match referee, driven through the binary:
//! XBoard (CECP v2) and USI sessions, highlights compared with HaChu's, a
//! short refereed game against HaChu, and a game in a real XBoard under
//! Xvfb (Debian packages `hachu`, `xboard`, `xvfb`: .ci/packages.d/engine).

use gunbai::engine::parse_xboard_move;
use gunbai::notation::parse_move;
use gunbai::position::Position;
use gunbai::rules::load_variant;
use std::io::Write;
use std::process::{Command, Stdio};

const GUNBAI: &str = env!("CARGO_BIN_EXE_gunbai");
const HACHU: &str = "/usr/games/hachu";

/// Runs `gunbai ARGS` with `input` on stdin; returns stdout and success.
fn session(args: &[&str], input: &str) -> (String, bool) {
    let mut child = Command::new(GUNBAI)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gunbai runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
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
    assert!(out.contains("feature option=\"chu.repetition -combo forbid_repeat /// xboard /// sennichite4\""));
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
    assert!(out.contains("info depth 2 score cp "), "{out}");
}

/// A short refereed game against HaChu: every move either side makes must
/// be legal for the other, nobody may crash or lose on time; the record
/// must replay.
#[test]
fn refereed_game_against_hachu_has_no_faults() {
    let dir = std::env::temp_dir().join(format!("gunbai-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("chu.pgn");
    let me = format!("{GUNBAI} xboard chu");
    let status = Command::new(GUNBAI)
        .args([
            "match", "chu", "--engine", &me, "--engine", HACHU, "--games", "2", "--tc", "20+0.2",
        ])
        .args(["--max-moves", "40", "--out", record.to_str().unwrap()])
        .status()
        .unwrap();
    assert!(status.success(), "a game ended by a fault");
    let text = std::fs::read_to_string(&record).unwrap();
    assert_eq!(text.matches("[Event ").count(), 2);
    assert!(!text.contains("fault:"), "{text}");
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
    let dir = std::env::temp_dir().join(format!("gunbai-xboard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("xboard.pgn");
    let me = format!("{GUNBAI} xboard chu");
    let status = Command::new("timeout")
        .args(["150", "xvfb-run", "-a", "/usr/games/xboard"])
        .args([
            "-fcp",
            &me,
            "-fd",
            dir.to_str().unwrap(),
            "-scp",
            HACHU,
            "-sd",
            dir.to_str().unwrap(),
        ])
        .args(["-variant", "chu", "-matchGames", "1", "-tc", "0:40", "-inc", "0.5"])
        .args([
            "-adjudicateDrawMoves",
            "20",
            "-autoCallFlag",
            "true",
            "-popupExitMessage",
            "false",
        ])
        .args(["-saveGameFile", pgn.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("xvfb-run and xboard are installed (.ci/packages.d/engine)");
    assert!(status.success(), "xboard exited with {status}");
    let text = std::fs::read_to_string(&pgn).expect("xboard saved the game");
    assert!(text.contains("[White \"gunbai"), "{text}");
    assert!(text.contains("[Variant \"chu\"]"), "{text}");
    let result = text.lines().find(|l| l.starts_with("[Result ")).expect("a result");
    assert!(!result.contains('*'), "unfinished: {text}");
    for bad in ["on time", "llegal", "forfeit", "crash", "disconnect"] {
        assert!(!text.contains(bad), "{bad}: {text}");
    }
    std::fs::remove_dir_all(&dir).ok();
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
