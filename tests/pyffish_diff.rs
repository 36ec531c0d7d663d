//! Differential test against Fairy-Stockfish's Python binding, pyffish
//! 0.0.90 (PyPI; `.ci/install-python` puts it in `target/py-venv`), driven
//! through `scripts/pyffish-oracle.py`. Each row pairs a gunbai variant (a
//! bundled name or a rule-file path, with options and a preset) with a
//! pyffish variant (a built-in name, or `variants.ini` text it loads). For
//! each row: random games from the start position, and on every position of
//! them, compared call by call:
//!   - the legal moves (pyffish's UCI moves; gunbai's written in the same
//!     coordinates, drops with Fairy-Stockfish's piece letters);
//!   - perft 1..=3 at the start, 1..=2 after (pyffish has no perft: the
//!     script counts by pushing every move, a few milliseconds a call;
//!     gunbai counts with `Convention::Fsf`);
//!   - the game result: `is_immediate_game_end`, then `is_optional_game_end`,
//!     then `game_result` when no move is legal, against gunbai's outcome of
//!     the position (or its `no_moves` result), as win / draw / loss for the
//!     side to move. A game stops where it ends.
//!
//! Expected values are pyffish's, never gunbai's. The CI sample is small; a
//! larger run is
//!     GUNBAI_PYFFISH_GAMES=20 GUNBAI_PYFFISH_PLIES=80 GUNBAI_PYFFISH_DEPTH=3 \
//!         cargo test --release --test pyffish_diff
//! (`GUNBAI_PYFFISH_DEPTH` is the perft depth on every position;
//! `GUNBAI_PYFFISH_SEED` changes the games). A test never skips: without the venv it fails and
//! says how to make it.
//!
//! To add a row: a `Row` constant and a `#[test]` calling `check`. A
//! converted rule file (`gunbai import-fsf`) is a row with `gunbai` set to
//! its path (relative to the crate root) and `pyffish` to the same ini text
//! (`Pyffish::IniFile`).

mod common;
use common::{Rng, env_or};
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::movegen::Move;
use gunbai::unstable::notation::{Notation, parse_move, write_move};
use gunbai::unstable::perft::{Convention, convention_moves, perft};
use gunbai::unstable::position::Position;
use gunbai::unstable::ruleset::Result3;
use gunbai::unstable::ruleset::Ruleset;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Arc;

/// The pyffish side of a row.
#[derive(Clone, Copy)]
enum Pyffish {
    /// A variant pyffish knows (`pyffish.variants()`).
    Named(&'static str),
    /// A variant defined by `variants.ini` text in a file (path relative to
    /// the crate root): the section's name and the file.
    IniFile(&'static str, &'static str),
}

/// How gunbai's board moves are written for the comparison.
#[derive(Clone, Copy, PartialEq)]
enum Marks {
    /// Promotion `+` and demotion `-` marks as gunbai writes them.
    Keep,
    /// Without a trailing `+` / `-`, on both sides: for variants where the
    /// two programs call opposite sides of a piece "promoted" (Micro), and
    /// every such move is forced anyway.
    Ignore,
}

/// One comparison: a gunbai variant and the pyffish variant that should
/// play it move for move.
struct Row {
    /// A bundled name or a rule-file path relative to the crate root.
    gunbai: &'static str,
    /// `--preset` (None: the rule file's defaults).
    preset: Option<&'static str>,
    /// `--option NAME=VALUE`s, applied after the preset.
    options: &'static [&'static str],
    pyffish: Pyffish,
    /// Drop tokens: gunbai's (`G`, `+G`) to pyffish's (`+R`, `R`). A drop not
    /// listed uses the rule file's `[sfen]` letter, upper case.
    drops: &'static [(&'static str, &'static str)],
    marks: Marks,
    /// Perft depth on every position, and on the start position of each
    /// game (pyffish takes milliseconds per call, so depth 3 everywhere is
    /// for a larger run: `GUNBAI_PYFFISH_DEPTH` sets both).
    depth: u32,
    start_depth: u32,
    /// Games and plies per game in the CI sample.
    games: usize,
    plies: usize,
}

const ROW: Row = Row {
    gunbai: "",
    preset: None,
    options: &[],
    pyffish: Pyffish::Named(""),
    drops: &[],
    marks: Marks::Keep,
    depth: 2,
    start_depth: 3,
    games: 2,
    plies: 12,
};

/// The oracle process: `scripts/pyffish-oracle.py` in the venv.
struct Oracle {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Oracle {
    fn start() -> Oracle {
        let root = env!("CARGO_MANIFEST_DIR");
        let python = format!("{root}/target/py-venv/bin/python");
        let script = format!("{root}/scripts/pyffish-oracle.py");
        assert!(
            std::path::Path::new(&python).exists(),
            "{python} is missing: run bash .ci/install-python (it installs pyffish 0.0.90 from PyPI)"
        );
        let mut child = Command::new(&python)
            .arg(&script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run {python} {script}: {e}"));
        let input = child.stdin.take().expect("piped stdin");
        let output = BufReader::new(child.stdout.take().expect("piped stdout"));
        Oracle { child, input, output }
    }

    fn ask(&mut self, request: &Value) -> Value {
        writeln!(self.input, "{request}").expect("write to the pyffish oracle");
        self.input.flush().expect("flush");
        let mut line = String::new();
        let n = self.output.read_line(&mut line).expect("read from the pyffish oracle");
        assert!(n > 0, "the pyffish oracle closed its output (see its error above)");
        let answer: Value = serde_json::from_str(&line).expect("the oracle answers JSON");
        if let Some(e) = answer.get("error") {
            panic!("pyffish failed on {request}: {e}");
        }
        answer
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn load(row: &Row) -> Arc<Ruleset> {
    let spec = if std::path::Path::new(row.gunbai).is_absolute() {
        row.gunbai.to_string()
    } else if row.gunbai.contains('/') {
        format!("{}/{}", env!("CARGO_MANIFEST_DIR"), row.gunbai)
    } else {
        row.gunbai.to_string()
    };
    let options: Vec<OptionOverride> = row.options.iter().map(|o| o.parse().expect("NAME=VALUE")).collect();
    gunbai::unstable::rules::load_variant_preset(&spec, row.preset, &options)
        .unwrap_or_else(|e| panic!("{}: does not load: {e}", row.gunbai))
}

/// gunbai's native move text in pyffish's UCI form: the same squares
/// (files from `a` on Black's left, ranks from 1 on Black's side), no
/// landing marks, `=` (declined promotion) left out, drops as `P@e5` with
/// pyffish's letter.
fn to_uci(rules: &Ruleset, row: &Row, native: &str) -> String {
    if let Some((piece, square)) = native.split_once('*') {
        let token = match row.drops.iter().find(|(ours, _)| *ours == piece) {
            Some((_, theirs)) => theirs.to_string(),
            None => {
                let (plus, code) = piece.strip_prefix('+').map_or(("", piece), |c| ("+", c));
                let letter = rules
                    .kinds
                    .iter()
                    .position(|k| k.code == code)
                    .and_then(|k| rules.sfen.as_ref()?.letters.get(k).copied().flatten())
                    .unwrap_or_else(|| {
                        panic!(
                            "{}: no pyffish letter for the drop `{native}`: add it to the row's `drops`",
                            row.gunbai
                        )
                    });
                format!("{plus}{}", letter.to_ascii_uppercase())
            }
        };
        return format!("{token}@{square}");
    }
    // A single-landing move: origin, mark, landing, suffix.
    let body = native.trim_end_matches(['+', '=', '-', '&']);
    let suffix = &native[body.len()..];
    let cut = body[1..].find(['-', 'x']).map(|i| i + 1);
    let mut out = match cut {
        Some(i) => format!("{}{}", &body[..i], &body[i + 1..]),
        None => body.to_string(),
    };
    match suffix {
        "=" | "" => {}
        _ if row.marks == Marks::Ignore => {}
        s => out.push_str(s),
    }
    out
}

/// pyffish's move as compared (without a trailing mark under `Marks::Ignore`).
fn normal_theirs(row: &Row, m: &str) -> String {
    if row.marks == Marks::Ignore && !m.contains('@') {
        m.trim_end_matches(['+', '-']).to_string()
    } else {
        m.to_string()
    }
}

/// gunbai's moves under the Fairy-Stockfish convention, each with its
/// compared text, sorted by it.
fn our_moves(rules: &Ruleset, row: &Row, pos: &mut Position) -> Vec<(String, Move)> {
    let mut moves: Vec<Move> = Vec::new();
    convention_moves(pos, Convention::Fsf, &mut moves).expect("within the move budget");
    let mut out: Vec<(String, Move)> = moves
        .into_iter()
        .map(|m| (to_uci(rules, row, &write_move(pos, &m, Notation::Native)), m))
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// A result for the side to move: 1 win, 0 draw, -1 loss.
fn sign(value: &Value) -> i64 {
    value.as_i64().expect("a pyffish value").signum()
}

fn their_result(answer: &Value) -> Option<i64> {
    let end = |key: &str| {
        let pair = answer[key].as_array().expect("[bool, value]");
        pair[0].as_bool().expect("bool").then(|| sign(&pair[1]))
    };
    end("immediate")
        .or_else(|| end("optional"))
        .or_else(|| answer["result"].is_number().then(|| sign(&answer["result"])))
}

fn our_result(pos: &Position, no_moves: bool) -> Option<i64> {
    let outcome = pos.outcome().or_else(|| no_moves.then(|| pos.no_moves_outcome()))?;
    let for_black = match outcome.black {
        Result3::Win => 1,
        Result3::Draw => 0,
        Result3::Loss => -1,
    };
    Some(if pos.side_to_move() == gunbai::unstable::board::Colour::Black {
        for_black
    } else {
        -for_black
    })
}

/// Plays the row's random games; returns how many positions were compared.
fn check(row: &Row) -> usize {
    let rules = load(row);
    let games = env_or("GUNBAI_PYFFISH_GAMES", row.games);
    let plies = env_or("GUNBAI_PYFFISH_PLIES", row.plies);
    let depths = match std::env::var("GUNBAI_PYFFISH_DEPTH").ok().and_then(|v| v.parse().ok()) {
        Some(d) => (d, d),
        None => (row.start_depth, row.depth),
    };
    let seed = env_or("GUNBAI_PYFFISH_SEED", 0) as u64;
    let (variant, ini) = match row.pyffish {
        Pyffish::Named(name) => (name, None),
        Pyffish::IniFile(name, path) => {
            let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
            (name, Some(text))
        }
    };
    let mut oracle = Oracle::start();
    let mut rng =
        Rng(0x9E37_79B9_7F4A_7C15 ^ (row.gunbai.len() as u64 * 0x1000_0001) ^ seed.wrapping_mul(0xD1B5_4A32_D192_ED03));
    let mut compared = 0;
    for game in 0..games {
        let mut pos = Position::start(rules.clone());
        let mut played: Vec<String> = Vec::new();
        for ply in 0..plies {
            let depth = if ply == 0 { depths.0 } else { depths.1 };
            let answer = oracle.ask(&json!({
                "variant": variant, "ini": ini, "moves": played, "depth": depth,
            }));
            let theirs_raw: Vec<String> = serde_json::from_value(answer["legal"].clone()).expect("legal moves");
            let mut theirs: Vec<(String, String)> =
                theirs_raw.into_iter().map(|m| (normal_theirs(row, &m), m)).collect();
            theirs.sort();
            let ours = our_moves(&rules, row, &mut pos);
            let sfen = pos.to_sfen().unwrap_or_else(|| pos.to_text());
            let context = || {
                format!(
                    "{} vs pyffish {variant}, game {game}: after `{}` ({sfen})",
                    row.gunbai,
                    played.join(" ")
                )
            };
            let ours_text: Vec<&str> = ours.iter().map(|(t, _)| t.as_str()).collect();
            let theirs_text: Vec<&str> = theirs.iter().map(|(t, _)| t.as_str()).collect();
            assert_eq!(ours_text, theirs_text, "legal moves differ, {}", context());
            let their_end = their_result(&answer);
            let our_end = our_result(&pos, ours.is_empty());
            assert_eq!(
                our_end,
                their_end,
                "game results differ (1 win, 0 draw, -1 loss for the side to move), {}",
                context()
            );
            let counts: Vec<u64> = serde_json::from_value(answer["perft"].clone()).expect("perft counts");
            for (d, nodes) in (1..=depth).zip(counts) {
                assert_eq!(
                    perft(&mut pos, d, Convention::Fsf).unwrap(),
                    nodes,
                    "perft {d} differs, {}",
                    context()
                );
            }
            compared += 1;
            if our_end.is_some() || ours.is_empty() {
                break;
            }
            let i = rng.below(ours.len());
            let m = ours[i].1;
            let text = theirs[i].1.clone();
            pos.play_unchecked(&m);
            played.push(text);
        }
    }
    assert!(compared >= games, "{}: only {compared} positions compared", row.gunbai);
    compared
}

/// A check of the notation bridge itself, independent of pyffish: gunbai's
/// native moves in UCI form for a few hand-picked moves.
#[test]
fn native_moves_are_written_as_pyffish_writes_them() {
    let row = Row { gunbai: "shogi", ..ROW };
    let rules = load(&row);
    let pos = Position::from_sfen(rules.clone(), "4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
    let drop = parse_move(&pos, "P*5e").unwrap();
    assert_eq!(to_uci(&rules, &row, &write_move(&pos, &drop, Notation::Native)), "P@e5");
    let step = parse_move(&pos, "5i5h").unwrap();
    assert_eq!(to_uci(&rules, &row, &write_move(&pos, &step, Notation::Native)), "e1e2");
    let pos = Position::from_sfen(rules.clone(), "4k4/9/4P4/9/9/9/9/9/4K4 b - 1").unwrap();
    let declined = parse_move(&pos, "5c5b").unwrap();
    assert_eq!(
        to_uci(&rules, &row, &write_move(&pos, &declined, Notation::Native)),
        "e7e8"
    );
    let promoted = parse_move(&pos, "5c5b+").unwrap();
    assert_eq!(
        to_uci(&rules, &row, &write_move(&pos, &promoted, Notation::Native)),
        "e7e8+"
    );
}

#[test]
fn shogi_agrees_with_pyffish() {
    check(&Row {
        gunbai: "shogi",
        pyffish: Pyffish::Named("shogi"),
        ..ROW
    });
}

#[test]
fn minishogi_agrees_with_pyffish() {
    check(&Row {
        gunbai: "minishogi",
        pyffish: Pyffish::Named("minishogi"),
        ..ROW
    });
}

#[test]
fn kyotoshogi_agrees_with_pyffish() {
    check(&Row {
        gunbai: "kyotoshogi",
        pyffish: Pyffish::Named("kyotoshogi"),
        ..ROW
    });
}

#[test]
fn euroshogi_agrees_with_pyffish() {
    check(&Row {
        gunbai: "euroshogi",
        pyffish: Pyffish::Named("euroshogi"),
        ..ROW
    });
}

#[test]
fn judkins_agrees_with_pyffish() {
    check(&Row {
        gunbai: "judkins",
        pyffish: Pyffish::Named("judkins"),
        ..ROW
    });
}

#[test]
fn gorogoro_agrees_with_pyffish() {
    check(&Row {
        gunbai: "gorogoro",
        pyffish: Pyffish::Named("gorogoro"),
        ..ROW
    });
}

#[test]
fn dobutsu_agrees_with_pyffish() {
    check(&Row {
        gunbai: "dobutsu",
        preset: Some("fsf"),
        pyffish: Pyffish::Named("dobutsu"),
        games: 4,
        plies: 30,
        ..ROW
    });
}

/// A pyffish variant defined by `variants.ini` text (`load_variant_config`):
/// the mechanism converted rule files use, on minishogi under another name.
#[test]
fn ini_defined_variant_agrees_with_pyffish() {
    check(&Row {
        gunbai: "minishogi",
        pyffish: Pyffish::IniFile("minishogi_ini", "tests/data/pyffish/minishogi.ini"),
        games: 1,
        ..ROW
    });
}

#[test]
fn sho_fsf_preset_agrees_with_pyffish() {
    check(&Row {
        gunbai: "sho",
        preset: Some("fsf"),
        pyffish: Pyffish::Named("shoshogi"),
        ..ROW
    });
}

/// Tori's pieces by Fairy-Stockfish's letters (`rpckcpl/3f3/sssssss/...`).
const TORI_DROPS: &[(&str, &str)] = &[
    ("CR", "C"),
    ("PT", "P"),
    ("LQ", "L"),
    ("RQ", "R"),
    ("FA", "F"),
    ("SW", "S"),
];

#[test]
fn tori_fsf_preset_agrees_with_pyffish() {
    check(&Row {
        gunbai: "tori",
        preset: Some("fsf"),
        pyffish: Pyffish::Named("torishogi"),
        drops: TORI_DROPS,
        ..ROW
    });
}

/// Yari's pieces by Fairy-Stockfish's letters (`rnnkbbr/...`).
const YARI_DROPS: &[(&str, &str)] = &[("P", "P"), ("YN", "N"), ("YB", "B"), ("YR", "R")];

#[test]
fn yari_fsf_preset_agrees_with_pyffish() {
    check(&Row {
        gunbai: "yari",
        preset: Some("fsf"),
        pyffish: Pyffish::Named("yarishogi"),
        drops: YARI_DROPS,
        ..ROW
    });
}

/// Fairy-Stockfish's micro calls the other side of the gold and the
/// silver the base piece (`kb+r+l/...`: a gold is a promoted rook, a
/// silver a promoted lance), so their drops swap sides, and a capture
/// turns a piece over with `+` in one program where the other writes `-`.
const MICRO_DROPS: &[(&str, &str)] = &[
    ("P", "P"),
    ("+P", "+P"),
    ("B", "B"),
    ("+B", "+B"),
    ("G", "+R"),
    ("+G", "R"),
    ("S", "+L"),
    ("+S", "L"),
];

#[test]
fn micro_fsf_preset_agrees_with_pyffish() {
    check(&Row {
        gunbai: "micro",
        preset: Some("fsf"),
        pyffish: Pyffish::Named("micro"),
        drops: MICRO_DROPS,
        marks: Marks::Ignore,
        ..ROW
    });
}

#[test]
fn okisakishogi_agrees_with_pyffish() {
    check(&Row {
        gunbai: "okisakishogi",
        pyffish: Pyffish::Named("okisakishogi"),
        ..ROW
    });
}

/// The first check wins: games end early, so more of them.
#[test]
fn checkshogi_agrees_with_pyffish() {
    check(&Row {
        gunbai: "checkshogi",
        pyffish: Pyffish::Named("checkshogi"),
        games: 4,
        plies: 24,
        ..ROW
    });
}

/// Starting hands (`[setup] hand`) against pyffish's `[LNln]` start FEN.
#[test]
fn gorogoroplus_agrees_with_pyffish() {
    check(&Row {
        gunbai: "gorogoroplus",
        pyffish: Pyffish::IniFile("gorogoroplus", "tests/data/pyffish/gorogoroplus.ini"),
        games: 2,
        plies: 20,
        ..ROW
    });
}

// `gunbai import-fsf` rows: each section of tests/data/fsf/shogi_family.ini
// (the shogi family inherited from Fairy-Stockfish's built-ins, shogi written
// out in full, made-up pieces for each Betza feature, cannon shogi, goro goro
// plus, made-up hoppers) is converted by the gunbai binary when the test
// runs, and pyffish loads the same ini text.

const FSF_INI: &str = "tests/data/fsf/shogi_family.ini";

/// Converts a section of `FSF_INI` with `gunbai import-fsf` into the test's
/// temporary directory; the path lives for the rest of the test run.
fn imported(section: &str) -> &'static str {
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("import-fsf-{section}-{}.toml", std::process::id()));
    let _ = std::fs::remove_file(&out);
    let run = Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["import-fsf", FSF_INI, section, "--out"])
        .arg(&out)
        .output()
        .expect("gunbai runs");
    assert!(
        run.status.success(),
        "import-fsf {section}: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    Box::leak(out.display().to_string().into_boxed_str())
}

fn check_imported(section: &'static str) {
    check(&Row {
        gunbai: imported(section),
        pyffish: Pyffish::IniFile(section, FSF_INI),
        ..ROW
    });
}

#[test]
fn imported_shogi_agrees_with_pyffish() {
    check_imported("fsfshogi");
    check_imported("plainshogi");
}

#[test]
fn imported_small_shogis_agree_with_pyffish() {
    for section in [
        "fsfminishogi",
        "fsfkyoto",
        "fsfjudkins",
        "fsfgorogoro",
        "fsfgorogoroplus",
        "fsfdobutsu",
    ] {
        check_imported(section);
    }
}

#[test]
fn imported_larger_shogis_agree_with_pyffish() {
    check_imported("fsfeuro");
    check_imported("fsfokisaki");
}

#[test]
fn imported_betza_and_hoppers_agree_with_pyffish() {
    for section in ["betzamix", "fsfcannonshogi", "hopmix"] {
        check_imported(section);
    }
}
