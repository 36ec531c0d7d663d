//! XBoard PGN (src/record/pgn.rs, docs/records.md#pgn) against XBoard
//! itself: PGN XBoard wrote (tests/records/pgn/, made by XBoard 4.9 under
//! Xvfb from games it played or loaded; see tests/records/pgn/README.md)
//! reads, and gunbai writes its moves back in the same SAN, token for
//! token; and PGN gunbai writes loads in XBoard, which saves the same
//! moves again.

use gunbai::unstable::record::{self, Format, ReadError};
use gunbai::unstable::rules::load_variant;
use std::path::Path;
use std::process::Command;

/// The SAN tokens of a PGN's first game: no tags, move numbers, comments
/// or result.
fn san_tokens(pgn: &str) -> Vec<String> {
    let mut body = String::new();
    let mut seen_moves = false;
    for l in pgn.lines() {
        let t = l.trim();
        if t.starts_with('[') {
            if seen_moves {
                break;
            }
            continue;
        }
        if !t.is_empty() {
            seen_moves = true;
        }
        body.push_str(t);
        body.push(' ');
    }
    let mut out = Vec::new();
    let mut depth = 0;
    let mut word = String::new();
    for c in body.chars().chain([' ']) {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth > 0 => {}
            c if c.is_whitespace() => {
                let w = std::mem::take(&mut word);
                if ["1-0", "0-1", "1/2-1/2", "*"].contains(&w.as_str()) {
                    continue;
                }
                let w = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                if !w.is_empty() {
                    out.push(w.to_string());
                }
            }
            c => word.push(c),
        }
    }
    out
}

fn read_pgn(variant: &str, text: &str) -> record::Record {
    let rules = load_variant(variant, &[]).unwrap();
    record::read(Format::Pgn, "pgn", text, &rules).unwrap_or_else(|r| panic!("{r:?}"))
}

#[test]
fn pgn_xboard_wrote_reads_and_writes_back_in_xboard_s_san() {
    for (file, variant, plies) in [
        ("xboard-shogi-gunbai.pgn", "shogi", 32),
        ("xboard-shogi-decline.pgn", "shogi", 6),
        ("xboard-shogi-promoted.pgn", "shogi", 5),
        ("xboard-chu-lion.pgn", "chu", 12),
        ("xboard-chu-hachu.pgn", "chu", 43),
    ] {
        let text = std::fs::read_to_string(Path::new("tests/records/pgn").join(file)).unwrap();
        let rec = read_pgn(variant, &text);
        assert_eq!(rec.moves.len(), plies, "{file}");
        let rules = load_variant(variant, &[]).unwrap();
        let written = record::write(Format::Pgn, &rec, &rules).unwrap();
        assert_eq!(san_tokens(&written), san_tokens(&text), "{file}: {written}");
        assert!(written.contains(&format!("[Variant \"{variant}\"]")), "{written}");
    }
}

#[test]
fn pgn_lion_moves_are_xboard_s() {
    // XBoard's own SAN for a lion's igui, a double capture, a capture and
    // step, and a two-step jump through an empty square (Nxd8).
    let text = std::fs::read_to_string("tests/records/pgn/xboard-chu-lion.pgn").unwrap();
    let toks = san_tokens(&text);
    for want in ["Nxe8-f7", "Nxd8", "Nxc8xb8", "Nxa8-a9"] {
        assert!(toks.iter().any(|t| t == want), "{want} in {toks:?}");
    }
    let rec = read_pgn("chu", &text);
    let lion_moves: Vec<usize> = rec.moves.iter().map(|m| m.landings().len()).collect();
    // Nxe8-f7 lands twice (e8, f7); Nxc8xb8 twice; Nxa8-a9 twice.
    assert_eq!(lion_moves[4], 2);
    assert_eq!(lion_moves[8], 2);
    assert_eq!(lion_moves[10], 2);
}

#[test]
fn pgn_an_illegal_move_is_a_typed_error_naming_its_number() {
    let rules = load_variant("shogi", &[]).unwrap();
    let text = "[Variant \"shogi\"]\n\n1. c4 g6 2. Bxh9 *\n";
    match record::read_game(Format::Pgn, "bad.pgn", text, &rules) {
        Err(ReadError::IllegalMove(r)) => assert!(r.diagnostics[0].message.contains("move 3 (`Bxh9`)")),
        other => panic!("{other:?}"),
    }
    match record::read_game(
        Format::Pgn,
        "bad.pgn",
        "[Variant \"shogi\"]\n\n1. c4 {never closed\n",
        &rules,
    ) {
        Err(ReadError::Unreadable(_)) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn tsfen_is_a_record_format_of_a_position() {
    let rules = load_variant("taikyoku", &[]).unwrap();
    for (file, text) in [
        ("tsg", include_str!("data/tsfen/tsg_initial.tsfen")),
        ("jh85", include_str!("data/tsfen/jh85_start.tsfen")),
    ] {
        assert_eq!(Format::sniff(text), Some(Format::Tsfen), "{file}");
        let rec = record::read(Format::Tsfen, file, text, &rules).unwrap_or_else(|r| panic!("{r:?}"));
        assert!(rec.moves.is_empty());
        let written = record::write(Format::Tsfen, &rec, &rules).unwrap();
        assert_eq!(written.trim(), text.trim(), "{file}: the published text, written back");
    }
}

/// XBoard loads `pgn` and saves it again (two resigning engines play a
/// one-game match from it): the PGN XBoard saved.
fn xboard_round_trip(variant: &str, pgn: &str) -> String {
    let dir = std::env::temp_dir().join(format!("gunbai-pgn-{}-{variant}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("in.pgn");
    let output = dir.join("out.pgn");
    std::fs::write(&input, pgn).unwrap();
    let _ = std::fs::remove_file(&output);
    let engine = std::fs::canonicalize("tests/data/xboard/resigner.sh").unwrap();
    let status = Command::new("xvfb-run")
        .arg("-a")
        .arg("/usr/games/xboard")
        .args(["-settingsFile", dir.join("xboard.rc").to_str().unwrap()])
        .args(["-saveSettingsOnExit", "false", "-popupExitMessage", "false", "-xponder"])
        .args(["-variant", variant, "-mg", "1"])
        .args(["-fcp", engine.to_str().unwrap(), "-scp", engine.to_str().unwrap()])
        .args(["-fd", dir.to_str().unwrap(), "-sd", dir.to_str().unwrap()])
        .args([
            "-lgf",
            input.to_str().unwrap(),
            "-lgi",
            "1",
            "-sgf",
            output.to_str().unwrap(),
        ])
        .status()
        .expect("xvfb-run and XBoard (.ci/install-packages: xboard, xvfb)");
    assert!(status.success(), "xboard: {status}");
    let saved = std::fs::read_to_string(&output).expect("XBoard saved the game");
    let _ = std::fs::remove_dir_all(&dir);
    saved
}

#[test]
fn pgn_gunbai_wrote_loads_in_xboard_with_the_same_moves() {
    for (variant, kif) in [
        ("shogi", "tests/records/shogi/cshogi-1.kif"),
        ("chu", "tests/records/chu/shogiops-1.kif"),
    ] {
        let rules = load_variant(variant, &[]).unwrap();
        let text = record::decode(kif, &std::fs::read(kif).unwrap()).unwrap();
        let rec = record::read(Format::Kif, kif, &text, &rules).unwrap();
        let ours = record::write(Format::Pgn, &rec, &rules).unwrap();
        let theirs = xboard_round_trip(variant, &ours);
        assert_eq!(
            san_tokens(&theirs),
            san_tokens(&ours),
            "{variant}: XBoard saved\n{theirs}"
        );
    }
}
