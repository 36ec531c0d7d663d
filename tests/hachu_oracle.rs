//! Differential test against HaChu (H. G. Muller's engine, Debian package
//! `hachu`, run as a separate program over the XBoard protocol).
//!
//! Random games are played from the start position with gunbai's legal
//! moves, and each move is also played in HaChu (`usermove`). On every
//! position, each piece of the side to move is lifted (`lift SQUARE`), and
//! HaChu's `highlight` map of its destinations is compared with gunbai's
//! legal moves from that square:
//!
//! - `Y` / `R`: a one-landing move to an empty / occupied square;
//! - `M`: a one-landing move there that promotes;
//! - `C`: the first landing of a two-landing (lion-type) move. For each such
//!   square the second landings are asked too (`put` the piece there and
//!   `lift` again), so every path of a lion-type move is checked.
//!
//! The sample run by `cargo test` is small (the CI budget); a larger one is
//! `GUNBAI_HACHU_GAMES=40 GUNBAI_HACHU_PLIES=150 cargo test --release --test
//! hachu_oracle -- --nocapture` (see tools/README.md). `GUNBAI_HACHU_SEED`
//! picks other games. HaChu missing is a failure, never a skip:
//! `.ci/packages.d/hachu` installs it.

use gunbai::unstable::board::Square;
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::movegen::{Move, Promotion, in_check, legal_moves};
use gunbai::unstable::position::Position;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

mod common;
use common::Rng;

const HACHU: &str = "/usr/games/hachu";

/// One HaChu process, driven line by line. Every command is followed by a
/// `ping`, and its answer is everything up to the matching `pong`.
struct HaChu {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    pings: u32,
}

impl HaChu {
    fn start(variant: &str) -> HaChu {
        let mut child = Command::new(HACHU)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("cannot run {HACHU} ({e}): install the Debian package `hachu` (bash .ci/install-packages)")
            });
        let input = child.stdin.take().expect("piped stdin");
        let output = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut h = HaChu {
            child,
            input,
            output,
            pings: 0,
        };
        for line in ["xboard", "protover 2", "memory 16", "new"] {
            h.send(line);
        }
        h.send(&format!("variant {variant}"));
        h.send("force");
        h.answer();
        h
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("HaChu reads its input");
    }

    /// The non-debug lines HaChu printed since the last sync.
    fn answer(&mut self) -> Vec<String> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.send(&format!("ping {}", self.pings));
        self.input.flush().expect("flush");
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self.output.read_line(&mut line).expect("HaChu output");
            assert!(n > 0, "HaChu exited unexpectedly; last lines: {lines:?}");
            let line = line.trim_end().to_string();
            if line == pong {
                return lines;
            }
            if !line.starts_with('#') && !line.starts_with("Error") {
                lines.push(line);
            }
        }
    }

    /// Plays a move; false if HaChu calls it illegal.
    fn usermove(&mut self, text: &str) -> bool {
        self.send(&format!("usermove {text}"));
        !self.answer().iter().any(|l| l.starts_with("Illegal move"))
    }

    /// The highlight map for a lift: square name -> letter.
    fn lift(&mut self, square: &str, files: i32) -> BTreeMap<String, char> {
        self.send(&format!("lift {square}"));
        let lines = self.answer();
        let mut map = BTreeMap::new();
        if let Some(fen) = lines.iter().find_map(|l| l.strip_prefix("highlight ")) {
            let rows: Vec<&str> = fen.split('/').collect();
            let ranks = rows.len() as i32;
            for (i, row) in rows.iter().enumerate() {
                let rank = ranks - i as i32;
                let mut file = 0;
                let mut digits = 0;
                for c in row.chars() {
                    if let Some(d) = c.to_digit(10) {
                        digits = digits * 10 + d as i32;
                        continue;
                    }
                    file += digits;
                    digits = 0;
                    assert!(file < files, "highlight row wider than the board: {fen}");
                    map.insert(format!("{}{}", (b'a' + file as u8) as char, rank), c);
                    file += 1;
                }
            }
        }
        map
    }
}

impl Drop for HaChu {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// The move in XBoard text: `e5e6`, a two-landing move `e5e6,e6e7`, `+` to
/// promote (no suffix declines). HaChu writes a two-landing move through an
/// empty square as the jump it equals; a pass (out and back through an
/// empty square) has no text here (`None`).
fn xboard_text(pos: &Position, m: &Move) -> Option<String> {
    let name = |s: Square| pos.rules().geometry.square_name(s);
    let mut landings = m.landings();
    if let [first, second] = landings
        && pos.piece_at(*first).is_none()
    {
        if *second == m.from() {
            return None;
        }
        landings = &m.landings()[1..];
    }
    let mut text = String::new();
    let mut at = m.from();
    for (i, &l) in landings.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&name(at));
        text.push_str(&name(l));
        at = l;
    }
    if matches!(m.promotion(), Promotion::Promote | Promotion::PromoteWithChain) {
        text.push('+');
    }
    Some(text)
}

fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) => v.parse().unwrap_or_else(|_| panic!("{name}={v}: expected a number")),
        Err(_) => default,
    }
}

/// What gunbai says HaChu should highlight for the piece on `from`, and the
/// second landings of its two-landing moves by first landing.
struct Expected {
    single: BTreeSet<Square>,
    promoting: BTreeSet<Square>,
    first_legs: BTreeMap<Square, BTreeSet<Square>>,
}

fn expected(pos: &Position, moves: &[Move], from: Square) -> Expected {
    let mut e = Expected {
        single: BTreeSet::new(),
        promoting: BTreeSet::new(),
        first_legs: BTreeMap::new(),
    };
    for m in moves.iter().filter(|m| m.from() == from) {
        match m.landings() {
            [to] => {
                e.single.insert(*to);
                if m.promotion() == Promotion::Promote {
                    e.promoting.insert(*to);
                }
            }
            // HaChu lists a two-landing move only when its first landing
            // captures: through an empty square it is the same as a jump
            // (or, back home, a pass), which it lists once.
            [first, second] if pos.piece_at(*first).is_none() => {
                // A pass is not compared (see `compare`).
                if *second != from {
                    e.single.insert(*second);
                }
            }
            [first, second] => {
                e.first_legs.entry(*first).or_default().insert(*second);
            }
            other => panic!("a move with {} landings: HaChu has no text for it", other.len()),
        }
    }
    e
}

/// Compares one piece's destinations; returns the differences in words.
fn compare(pos: &Position, hachu: &mut HaChu, moves: &[Move], from: Square) -> Vec<String> {
    let geo = &pos.rules().geometry;
    let name = |s: Square| geo.square_name(s);
    let files = geo.width as i32;
    let e = expected(pos, moves, from);
    // HaChu reads a lift of a piece without moves as the second half of a
    // two-landing move when the square is the last `put` one; point `put`
    // elsewhere first.
    let elsewhere = if from == 0 { 1 } else { 0 };
    hachu.send(&format!("put {}", name(elsewhere)));
    let got = hachu.lift(&name(from), files);
    let mut diffs = Vec::new();
    let mut want: BTreeSet<String> = e.single.iter().map(|&s| name(s)).collect();
    want.extend(e.first_legs.keys().map(|&s| name(s)));
    // HaChu writes a pass as a move to the origin itself. It does not
    // always offer one where gunbai does (seen in Dai, a lion with empty
    // neighbours that could pass two moves earlier; the cause is not
    // identified), so passes are left out of the comparison: the origin is
    // dropped from HaChu's map. Its move list also keeps rejected moves as
    // null moves from square 0 to square 0, so a lift there shows that square.
    let mut got = got;
    got.remove(&name(from));
    let have: BTreeSet<String> = got.keys().cloned().collect();
    if want != have {
        diffs.push(format!(
            "{}: destinations differ: gunbai only {:?}, HaChu only {:?}",
            name(from),
            want.difference(&have).collect::<Vec<_>>(),
            have.difference(&want).collect::<Vec<_>>()
        ));
        return diffs;
    }
    // HaChu remembers a deferral: a piece that declined to promote on
    // entering the zone is not offered promotion again by later moves inside
    // it (a pawn: until the last rank). gunbai's rule files have no memory of
    // declined promotions, so a promotion gunbai offers on a move that starts
    // in the zone may be missing in HaChu.
    let deferred_before = pos
        .rules()
        .promotion
        .as_ref()
        .is_some_and(|p| p.zone[pos.side_to_move().index()][usize::from(from)]);
    for (sq_name, &letter) in &got {
        let sq = geo.parse_square(sq_name).expect("a board square");
        let ok = match letter {
            // Later letters overwrite earlier ones in HaChu's map: `C` is
            // written for every two-landing move, `M` for every promotion.
            'C' => e.first_legs.contains_key(&sq),
            'M' => e.promoting.contains(&sq),
            'Y' | 'R' => {
                e.single.contains(&sq)
                    && (!e.promoting.contains(&sq) || deferred_before)
                    && !e.first_legs.contains_key(&sq)
                    && (letter == 'R') == pos.piece_at(sq).is_some()
            }
            _ => false,
        };
        if !ok {
            diffs.push(format!("{}: HaChu marks {sq_name} `{letter}`", name(from)));
        }
    }
    // Second landings: put the lifted piece on the first landing and lift
    // it there.
    for (first, seconds) in &e.first_legs {
        hachu.send(&format!("put {}", name(*first)));
        let got = hachu.lift(&name(*first), files);
        let have: BTreeSet<String> = got.keys().cloned().collect();
        let want: BTreeSet<String> = seconds.iter().map(|&s| name(s)).collect();
        if want != have {
            diffs.push(format!(
                "{} via {}: second landings differ: gunbai only {:?}, HaChu only {:?}",
                name(from),
                name(*first),
                want.difference(&have).collect::<Vec<_>>(),
                have.difference(&want).collect::<Vec<_>>()
            ));
        }
    }
    diffs
}

/// Plays `games` random games of up to `plies` plies in both programs and
/// compares every piece's moves on every position. Returns the number of
/// positions compared; panics with a report listing the differences.
fn differential(variant: &str, hachu_variant: &str, options: &[&str], games: u64, plies: u64) -> usize {
    let overrides: Vec<OptionOverride> = options.iter().map(|o| o.parse().expect("NAME=VALUE")).collect();
    let rules = gunbai::unstable::rules::load_variant(variant, &overrides).expect("bundled rule file compiles");
    let seed = env_number("GUNBAI_HACHU_SEED", 1);
    let mut report = Vec::new();
    let mut positions = 0;
    for game in 0..games {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (seed << 16) ^ (game + 1));
        let mut hachu = HaChu::start(hachu_variant);
        let mut pos = Position::start(rules.clone());
        let mut record: Vec<String> = Vec::new();
        let mut moves = Vec::new();
        for _ in 0..plies {
            moves.clear();
            legal_moves(&pos, &mut moves).unwrap();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            let side = pos.side_to_move();
            let geo = &rules.geometry;
            // Where the side to move could take an enemy royal, HaChu lists
            // no moves at all (its root search ends the game there; gunbai
            // plays on until a royal is captured). The games below never
            // leave a royal attacked, so that never happens.
            assert!(!in_check(&pos, side.opposite()), "a royal was left en prise");
            positions += 1;
            let mut diffs = Vec::new();
            for sq in 0..geo.len() as Square {
                if matches!(pos.piece_at(sq), Some((c, _)) if c == side) {
                    diffs.extend(compare(&pos, &mut hachu, &moves, sq));
                }
            }
            if !diffs.is_empty() {
                report.push(format!(
                    "game {game} (seed {seed}) after {} plies [{}]\n  {}\n  {}",
                    record.len(),
                    record.join(" "),
                    pos.to_text(),
                    diffs.join("\n  ")
                ));
                break;
            }
            // The next move: one with an XBoard text that leaves no royal of
            // the mover attacked. Promoting on a move that starts in the
            // zone is avoided: HaChu refuses it to a piece that declined
            // earlier (see `compare`), which gunbai does not track.
            let zone = rules.promotion.as_ref().map(|p| &p.zone[side.index()]);
            moves.retain(|m| {
                let in_zone = zone.is_some_and(|z| z[usize::from(m.from())]);
                if in_zone && m.promotion() == Promotion::Promote {
                    return false;
                }
                let undo = pos.play_unchecked(m);
                let safe = !in_check(&pos, side);
                pos.unplay(&undo);
                safe && xboard_text(&pos, m).is_some()
            });
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let text = xboard_text(&pos, &m).expect("kept only moves with a text");
            if !hachu.usermove(&text) {
                report.push(format!(
                    "game {game} (seed {seed}): HaChu rejects {text} after [{}]\n  {}",
                    record.join(" "),
                    pos.to_text()
                ));
                break;
            }
            record.push(text);
            pos.play_unchecked(&m);
        }
    }
    assert!(
        report.is_empty(),
        "{variant}: {} of {games} games differ from HaChu:\n{}",
        report.len(),
        report.join("\n")
    );
    positions
}

fn sample() -> (u64, u64) {
    (
        env_number("GUNBAI_HACHU_GAMES", 2),
        env_number("GUNBAI_HACHU_PLIES", 60),
    )
}

#[test]
fn dai_destinations_agree_with_hachu() {
    let (games, plies) = sample();
    let n = differential("dai", "dai", &[], games, plies);
    eprintln!("dai: {n} positions agree with HaChu");
    assert!(n >= 2 * 20, "the sample compares at least a few dozen positions ({n})");
}

#[test]
fn chu_destinations_agree_with_hachu() {
    let (games, plies) = sample();
    let n = differential("chu", "chu", &[], games, plies);
    eprintln!("chu: {n} positions agree with HaChu");
    assert!(n >= 2 * 20, "the sample compares at least a few dozen positions ({n})");
}

#[test]
fn wa_destinations_agree_with_hachu() {
    let (games, plies) = sample();
    // HaChu forbids repeating a position ('Allow repeats' off).
    let n = differential("wa", "wa-shogi", &["repetition=forbid_repeat"], games, plies);
    eprintln!("wa: {n} positions agree with HaChu");
    assert!(n >= 2 * 20, "the sample compares at least a few dozen positions ({n})");
}
