//! `rules/cannonshogi.toml` against pyffish 0.0.90 (Fairy-Stockfish's
//! Python binding, from the virtualenv `.ci/install-python` makes), which
//! loads Cannon shogi from `tests/data/fsf/cannonshogi.ini` (Fairy-Stockfish's
//! definition, written from its facts; pyffish does not build it in).
//! Random games from the start position: on every position the legal
//! moves (USI) and perft 1 and 2 must agree, and perft 3 on every
//! `DEEP_EVERY`th position whose perft 2 is small enough (pyffish has no
//! perft of its own: the script counts by listing moves, about 25 s for
//! the start position's depth 3). Moves and
//! positions go to both sides as the same USI move list.
//!
//! A larger sample: `GUNBAI_PYFFISH_GAMES=10 GUNBAI_PYFFISH_PLIES=80
//! cargo test --release --test pyffish_cannonshogi`. The test never skips:
//! without the virtualenv it fails and says how to make it.

mod common;

use common::Rng;
use gunbai::movegen::Move;
use gunbai::notation::{Notation, parse_move, write_move};
use gunbai::perft::{Convention, convention_moves, perft};
use gunbai::position::Position;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// Depth 3 on the start position and then on every this many positions,
/// where perft 2 is at most `DEEP_MAX_LEAVES` (pyffish counts about 8,000
/// leaves a second: the start position's 216,600 take 25 s).
const DEEP_EVERY: usize = 10;
const DEEP_MAX_LEAVES: u64 = 4_000;

/// pyffish's legal moves ignore repetition, and it has no rule against a
/// soldier drop that mates here: gunbai's `--convention fsf`.
const CONV: Convention = Convention::Fsf;

/// The script `scripts/pyffish-moves.py`, running.
struct Pyffish {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Pyffish {
    fn start() -> Pyffish {
        let python = format!("{ROOT}/target/py-venv/bin/python");
        assert!(
            std::path::Path::new(&python).exists(),
            "{python} is missing: run .ci/install-python (it installs pyffish from PyPI)"
        );
        let mut child = Command::new(python)
            .arg(format!("{ROOT}/scripts/pyffish-moves.py"))
            .args(["cannonshogi", "9", "9"])
            .arg(format!("{ROOT}/tests/data/fsf/cannonshogi.ini"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("running scripts/pyffish-moves.py");
        let input = child.stdin.take().expect("piped stdin");
        let output = BufReader::new(child.stdout.take().expect("piped stdout"));
        Pyffish { child, input, output }
    }

    /// The sorted legal moves after `moves`, and perft 1 to `depth`.
    fn ask(&mut self, moves: &[String], depth: u32) -> (Vec<String>, Vec<u64>) {
        writeln!(self.input, "{depth}\t{}", moves.join(" ")).expect("write to pyffish");
        self.input.flush().expect("flush");
        let mut line = String::new();
        let n = self.output.read_line(&mut line).expect("read from pyffish");
        assert!(n > 0, "pyffish closed its output");
        let (legal, counts) = line.trim_end_matches('\n').split_once('\t').expect("MOVES<TAB>COUNTS");
        (
            legal.split_whitespace().map(str::to_string).collect(),
            counts.split_whitespace().map(|c| c.parse().expect("a count")).collect(),
        )
    }
}

impl Drop for Pyffish {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn usi_moves(pos: &mut Position) -> Vec<String> {
    let mut moves: Vec<Move> = Vec::new();
    convention_moves(pos, CONV, &mut moves).unwrap();
    let mut out: Vec<String> = moves.iter().map(|m| write_move(pos, m, Notation::Usi)).collect();
    out.sort();
    out
}

#[test]
fn cannonshogi_random_games_agree_with_pyffish() {
    let games = env_or("GUNBAI_PYFFISH_GAMES", 2);
    let plies = env_or("GUNBAI_PYFFISH_PLIES", 40);
    let rules = gunbai::rules::load_variant("cannonshogi", &[]).expect("bundled variant compiles");
    let mut py = Pyffish::start();
    let mut rng = Rng(0x5EED_CA77_0715_0001);
    let (mut compared, mut deep, mut captures_seen) = (0usize, 0usize, 0usize);
    for _ in 0..games {
        let mut pos = Position::start(rules.clone());
        let mut played: Vec<String> = Vec::new();
        for _ in 0..plies {
            let (theirs, mut counts) = py.ask(&played, 2);
            // Perft 3 where pyffish can count it in reasonable time.
            let depth = if compared % DEEP_EVERY == 0 && counts[1] <= DEEP_MAX_LEAVES {
                counts = py.ask(&played, 3).1;
                3
            } else {
                2
            };
            let ours = usi_moves(&mut pos);
            let sfen = pos.to_sfen().unwrap_or_default();
            let context = || format!("after `{}` (sfen {sfen})", played.join(" "));
            assert_eq!(ours, theirs, "legal moves differ, {}", context());
            for (d, &nodes) in (1..=depth).zip(&counts) {
                assert_eq!(
                    perft(&mut pos, d, CONV).unwrap(),
                    nodes,
                    "perft {d} differs, {}",
                    context()
                );
            }
            compared += 1;
            deep += usize::from(depth == 3);
            if theirs.is_empty() {
                break;
            }
            // Prefer captures now and then, so that pieces reach hands and
            // hops over screens happen.
            let captures: Vec<&String> = theirs
                .iter()
                .filter(|m| {
                    parse_move(&pos, m).is_ok_and(|mv| {
                        let text = write_move(&pos, &mv, Notation::Native);
                        text.contains('x')
                    })
                })
                .collect();
            let pick = if !captures.is_empty() && rng.below(3) == 0 {
                captures[rng.below(captures.len())].clone()
            } else {
                theirs[rng.below(theirs.len())].clone()
            };
            let m = parse_move(&pos, &pick).unwrap_or_else(|e| panic!("{}: `{pick}`: {e:?}", context()));
            captures_seen += usize::from(!captures.is_empty());
            pos.play_unchecked(&m);
            played.push(pick);
        }
    }
    assert!(compared >= games * 10, "only {compared} positions compared");
    assert!(deep >= 2, "perft 3 compared on {deep} positions only");
    assert!(captures_seen > 0, "no position with a capture was compared");
}
