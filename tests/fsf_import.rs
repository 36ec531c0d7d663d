//! `gunbai import-fsf` against Fairy-Stockfish itself: every section of
//! `tests/data/fsf/shogi_family.ini` (the shogi family inherited from FSF's
//! built-ins, shogi written out in full, cannon shogi, goro goro plus and
//! made-up sections for each Betza feature) is converted by the gunbai
//! binary and loaded, from the same text, into pyffish
//! (`load_variant_config`, in the virtualenv `.ci/install-python` makes).
//! pyffish plays random games (`tests/data/fsf/pyffish_walk.py`); on every
//! position the legal moves must be the same set, and perft (depth 1
//! everywhere, 2 every fifth ply, 3 at the start) the same counts.
//! Expected values come from pyffish only.

use gunbai::movegen::{Move, legal_moves};
use gunbai::notation::move_text;
use gunbai::position::Position;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

const INI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fsf/shogi_family.ini");
const WALK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fsf/pyffish_walk.py");

fn python() -> String {
    let venv = concat!(env!("CARGO_MANIFEST_DIR"), "/target/py-venv/bin/python");
    assert!(
        std::path::Path::new(venv).exists(),
        "{venv} is missing: run .ci/install-python (it installs pyffish from PyPI)"
    );
    venv.to_string()
}

/// Converts one section with the gunbai binary and loads the rule file.
fn convert(name: &str) -> std::sync::Arc<gunbai::ruleset::Ruleset> {
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fsf-{name}-{}.toml", std::process::id()));
    let _ = std::fs::remove_file(&out);
    let run = Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .args(["import-fsf", INI, name, "--out"])
        .arg(&out)
        .output()
        .expect("gunbai runs");
    assert!(
        run.status.success(),
        "import-fsf {name} failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let rules = gunbai::rules::load_variant(out.to_str().expect("utf-8 path"), &[])
        .unwrap_or_else(|e| panic!("{name}: converted file does not load: {e:?}"));
    let _ = std::fs::remove_file(&out);
    rules
}

/// A gunbai move in Fairy-Stockfish's UCI: `a1a2`, `a1a2+`, `a1a2-`, `P@a2`, `+P@a2`.
fn uci(pos: &Position, m: &Move) -> String {
    let text = move_text(pos, m);
    if let Some((code, to)) = text.split_once('*') {
        return format!("{code}@{to}");
    }
    let cut = text.find(['-', 'x']).unwrap_or_else(|| panic!("unexpected move text {text}"));
    let (from, rest) = (&text[..cut], &text[cut + 1..]);
    let end = rest
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(rest.len());
    assert!(!rest[..end].contains(['-', 'x']), "multi-landing move {text}");
    let suffix = match &rest[end..] {
        "" | "=" => "",
        "+" => "+",
        "-" => "-",
        other => panic!("unexpected suffix {other} in {text}"),
    };
    format!("{from}{}{suffix}", &rest[..end])
}

fn moves(pos: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    legal_moves(pos, &mut v).expect("within the move budget");
    v
}

fn perft(pos: &mut Position, depth: u32) -> u64 {
    let list = moves(pos);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for m in &list {
        let undo = pos.play_unchecked(m);
        n += perft(pos, depth - 1);
        pos.unplay(&undo);
    }
    n
}

/// Plays `sections`' random games in pyffish and checks every position.
fn compare(sections: &[&str], games: u32, plies: u32) {
    let rules: Vec<_> = sections.iter().map(|s| (s.to_string(), convert(s))).collect();
    let mut child = Command::new(python())
        .arg(WALK)
        .arg(INI)
        .args(["7", &games.to_string(), &plies.to_string()])
        .args(sections)
        .stdout(Stdio::piped())
        .spawn()
        .expect("python starts");
    let stdout = child.stdout.take().expect("piped");
    let mut positions = 0;
    for line in BufReader::new(stdout).lines() {
        let line = line.expect("python output");
        let v: serde_json::Value = serde_json::from_str(&line).expect("one JSON line");
        let name = v["variant"].as_str().expect("variant");
        let rules = &rules.iter().find(|(n, _)| n == name).expect("known section").1;
        let mut pos = Position::start(rules.clone());
        let played: Vec<&str> = v["moves"].as_array().expect("moves").iter().map(|m| m.as_str().expect("text")).collect();
        for (i, fsf) in played.iter().enumerate() {
            let list = moves(&pos);
            let m = list
                .iter()
                .find(|m| uci(&pos, m) == *fsf)
                .unwrap_or_else(|| panic!("{name}: pyffish's move {fsf} (ply {i} of {played:?}) is not legal in gunbai"));
            pos.play_unchecked(m);
        }
        let mut ours: Vec<String> = if pos.outcome().is_some() {
            Vec::new()
        } else {
            moves(&pos).iter().map(|m| uci(&pos, m)).collect()
        };
        ours.sort();
        let theirs: Vec<String> = v["legal"].as_array().expect("legal").iter().map(|m| m.as_str().expect("text").to_string()).collect();
        assert_eq!(
            v["ended"].as_bool(),
            Some(pos.outcome().is_some()),
            "{name}: game end after {played:?}"
        );
        assert_eq!(ours, theirs, "{name}: legal moves after {played:?}");
        for (d, want) in v["perft"].as_array().expect("perft").iter().enumerate() {
            let got = perft(&mut pos, d as u32 + 1);
            assert_eq!(Some(got), want.as_u64(), "{name}: perft {} after {played:?}", d + 1);
        }
        positions += 1;
    }
    let status = child.wait().expect("python ends");
    assert!(status.success(), "pyffish_walk.py failed");
    assert!(positions >= sections.len() * games as usize, "too few positions: {positions}");
}

#[test]
fn inherited_shogi_family_agrees_with_pyffish() {
    compare(
        &["fsfshogi", "fsfminishogi", "fsfkyoto", "fsfeuro", "fsfjudkins", "fsfgorogoro", "fsfokisaki"],
        3,
        20,
    );
}

#[test]
fn dobutsu_agrees_with_pyffish() {
    compare(&["fsfdobutsu"], 6, 30);
}

#[test]
fn written_out_and_made_up_pieces_agree_with_pyffish() {
    compare(&["plainshogi", "betzamix"], 3, 20);
}

#[test]
fn hoppers_agree_with_pyffish() {
    compare(&["fsfcannonshogi", "hopmix"], 3, 20);
}
