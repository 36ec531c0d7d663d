//! Differential test against Fairy-Stockfish (Debian package
//! `fairy-stockfish`, run as an external program over its USI protocol;
//! `.ci/packages.d/fsf`). For each variant both programs know: random
//! games from the start position, and on every position of them the legal
//! moves (USI text) and perft 1..3 must agree. Moves and positions go to
//! both programs as the same USI move list from the same start position.
//!
//! The CI sample is small; a larger one is
//!     GUNBAI_FSF_GAMES=20 GUNBAI_FSF_PLIES=60 cargo test --release --test fsf_oracle
//! A test never skips: without the engine it fails and says how to get it.

mod common;
use common::{Rng, env_or};
use gunbai::unstable::movegen::Move;
use gunbai::unstable::notation::{Notation, parse_move, write_move};
use gunbai::unstable::perft::{Convention, convention_moves, perft};
use gunbai::unstable::position::Position;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const ENGINE: &str = "/usr/games/fairy-stockfish";

/// A Fairy-Stockfish process speaking USI, set to one variant.
struct Fsf {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Fsf {
    fn start(variant: &str) -> Fsf {
        let mut child = Command::new(ENGINE)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot run {ENGINE} ({e}): install the Debian package fairy-stockfish (bash .ci/install-packages)"
                )
            });
        let input = child.stdin.take().expect("piped stdin");
        let output = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut fsf = Fsf { child, input, output };
        fsf.send("usi");
        fsf.wait_for("usiok");
        fsf.send(&format!("setoption name UCI_Variant value {variant}"));
        fsf.send("isready");
        fsf.wait_for("readyok");
        fsf
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("write to fairy-stockfish");
        self.input.flush().expect("flush");
    }

    fn read_line(&mut self) -> String {
        let mut line = String::new();
        let n = self.output.read_line(&mut line).expect("read from fairy-stockfish");
        assert!(n > 0, "fairy-stockfish closed its output");
        line.trim_end().to_string()
    }

    fn wait_for(&mut self, word: &str) {
        while self.read_line() != word {}
    }

    /// `go perft depth` after `moves` from the start: the per-move counts
    /// (USI move -> nodes) and the total.
    fn perft(&mut self, moves: &[String], depth: u32) -> (Vec<(String, u64)>, u64) {
        self.send(&format!("position startpos moves {}", moves.join(" ")));
        self.send(&format!("go perft {depth}"));
        let mut divide = Vec::new();
        loop {
            let line = self.read_line();
            if let Some(n) = line.strip_prefix("Nodes searched: ") {
                return (divide, n.trim().parse().expect("node count"));
            }
            if let Some((mv, n)) = line.split_once(": ")
                && let Ok(n) = n.trim().parse::<u64>()
            {
                divide.push((mv.to_string(), n));
            }
        }
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// Fairy-Stockfish's perft generates pawn drops that mate (it scores the
/// mate as the dropper's loss) and ignores repetition: gunbai's
/// `--convention fsf`.
const CONV: Convention = Convention::Fsf;

/// The variant as the Debian package's Fairy-Stockfish (11.1) plays it.
fn rules_like_fsf(variant: &str) -> std::sync::Arc<gunbai::unstable::ruleset::Ruleset> {
    // 11.1 never lets a lion be left attacked, and lets a chick on the far
    // rank stay a chick: dobutsu's `fsf11` preset.
    let preset = (variant == "dobutsu").then_some("fsf11");
    gunbai::unstable::rules::load_variant_preset(variant, preset, &[]).expect("bundled variant compiles")
}

fn usi_moves(pos: &mut Position) -> Vec<String> {
    let mut moves: Vec<Move> = Vec::new();
    convention_moves(pos, CONV, &mut moves).unwrap();
    let mut out: Vec<String> = moves.iter().map(|m| write_move(pos, m, Notation::Usi)).collect();
    out.sort();
    out
}

/// Plays random games and compares every position with the engine.
fn compare(variant: &str, games: usize, plies: usize, depth: u32) -> usize {
    let rules = rules_like_fsf(variant);
    let mut fsf = Fsf::start(variant);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (variant.len() as u64 * 0x1000_0001));
    let mut compared = 0;
    for _ in 0..games {
        let mut pos = Position::start(rules.clone());
        let mut played: Vec<String> = Vec::new();
        for _ in 0..plies {
            let (divide, _) = fsf.perft(&played, 1);
            let mut theirs: Vec<String> = divide.into_iter().map(|(m, _)| m).collect();
            theirs.sort();
            let ours = usi_moves(&mut pos);
            let sfen = pos.to_sfen().unwrap_or_default();
            let context = || format!("{variant}: after `{}` (sfen {sfen})", played.join(" "));
            assert_eq!(ours, theirs, "legal moves differ, {}", context());
            for d in 2..=depth {
                let (_, nodes) = fsf.perft(&played, d);
                assert_eq!(
                    perft(&mut pos, d, CONV).unwrap(),
                    nodes,
                    "perft {d} differs, {}",
                    context()
                );
            }
            compared += 1;
            if theirs.is_empty() {
                break;
            }
            let pick = theirs[rng.below(theirs.len())].clone();
            let m = parse_move(&pos, &pick).unwrap_or_else(|e| panic!("{}: `{pick}`: {e:?}", context()));
            pos.play_unchecked(&m);
            played.push(pick);
        }
    }
    compared
}

fn check_variant(variant: &str) {
    let games = env_or("GUNBAI_FSF_GAMES", 2);
    let plies = env_or("GUNBAI_FSF_PLIES", 12);
    let n = compare(variant, games, plies, 3);
    assert!(n >= games, "{variant}: only {n} positions compared");
}

#[test]
fn shogi_random_games_agree_with_fairy_stockfish() {
    check_variant("shogi");
}

#[test]
fn minishogi_random_games_agree_with_fairy_stockfish() {
    check_variant("minishogi");
}

#[test]
fn kyotoshogi_random_games_agree_with_fairy_stockfish() {
    check_variant("kyotoshogi");
}

#[test]
fn dobutsu_random_games_agree_with_fairy_stockfish() {
    check_variant("dobutsu");
}

#[test]
fn gorogoro_random_games_agree_with_fairy_stockfish() {
    check_variant("gorogoro");
}

#[test]
fn judkins_random_games_agree_with_fairy_stockfish() {
    check_variant("judkins");
}

#[test]
fn euroshogi_random_games_agree_with_fairy_stockfish() {
    check_variant("euroshogi");
}

/// Start perft to depth 4, live from the engine (shogi's start counts are
/// pinned in tests/shogi_rules.rs).
#[test]
fn start_positions_agree_with_fairy_stockfish_to_depth_4() {
    for variant in ["minishogi", "kyotoshogi", "dobutsu", "gorogoro", "judkins", "euroshogi"] {
        let rules = rules_like_fsf(variant);
        let mut fsf = Fsf::start(variant);
        let mut pos = Position::start(rules);
        for d in 1..=4 {
            let (_, nodes) = fsf.perft(&[], d);
            assert_eq!(perft(&mut pos, d, CONV).unwrap(), nodes, "{variant} perft {d}");
        }
    }
}
