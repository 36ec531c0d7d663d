//! Game records (src/record/, docs/records.md): KIF and CSA written by
//! another program (cshogi, scripts/records-cshogi.py, fixtures in
//! tests/records/shogi) are read to that program's moves and final SFEN;
//! what gunbai writes reads back to the same moves, in gunbai and in
//! cshogi; hostile records (tests/records/hostile) are clear errors.

use gunbai::unstable::notation::usi_move;
use gunbai::unstable::record::{self, Format, MAX_RECORD_BYTES, MAX_RECORD_MOVES};
use gunbai::unstable::rules::load_variant;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn gunbai(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("gunbai runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The USI moves and final SFEN (without its move number) of a record.
fn usi_and_sfen(path: &Path, format: Format) -> (Vec<String>, String) {
    usi_and_sfen_of("shogi", path, format)
}

fn usi_and_sfen_of(variant: &str, path: &Path, format: Format) -> (Vec<String>, String) {
    let rules = load_variant(variant, &[]).unwrap();
    let bytes = std::fs::read(path).unwrap();
    let name = path.display().to_string();
    let text = record::decode(&name, &bytes).unwrap();
    let rec = record::read(format, &name, &text, &rules).unwrap_or_else(|r| panic!("{name}: {r:?}"));
    let mut pos = rec.start_position(&rules);
    let mut usi = Vec::new();
    for m in &rec.moves {
        usi.push(usi_move(&pos, m).unwrap());
        pos.play_unchecked(m);
    }
    (usi, sfen_board(&pos.to_sfen().unwrap()))
}

fn sfen_board(sfen: &str) -> String {
    sfen.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}

fn fixtures() -> Vec<PathBuf> {
    fixtures_in("shogi")
}

fn fixtures_in(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("tests/records").join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "expect"))
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no fixtures in tests/records/{dir}");
    v
}

#[test]
fn cshogi_records_read_to_cshogi_moves_and_sfen() {
    for expect in fixtures() {
        let text = std::fs::read_to_string(&expect).unwrap();
        let mut lines = text.lines();
        let moves: Vec<String> = lines.next().unwrap().split_whitespace().map(String::from).collect();
        let sfen = sfen_board(lines.next().unwrap());
        for (ext, format) in [("kif", Format::Kif), ("csa", Format::Csa)] {
            let path = expect.with_extension(ext);
            let (usi, end) = usi_and_sfen(&path, format);
            assert_eq!(usi, moves, "{}", path.display());
            assert_eq!(end, sfen, "{}", path.display());
        }
    }
}

/// Chu games shogiops wrote in lishogi's KIF dialect
/// (tools/oracle/records-chu.mjs): gunbai reads them to shogiops' moves
/// and final SFEN, finds the variant from the text, and reads back what it
/// writes of them to the same moves.
#[test]
fn shogiops_chu_kif_reads_to_shogiops_moves_and_sfen() {
    let rules = load_variant("chu", &[]).unwrap();
    for expect in fixtures_in("chu") {
        let text = std::fs::read_to_string(&expect).unwrap();
        let mut lines = text.lines();
        let moves: Vec<String> = lines.next().unwrap().split_whitespace().map(String::from).collect();
        let sfen = sfen_board(lines.next().unwrap());
        let path = expect.with_extension("kif");
        let (usi, end) = usi_and_sfen_of("chu", &path, Format::Kif);
        assert_eq!(usi, moves, "{}", path.display());
        assert_eq!(
            end.split_whitespace().take(2).collect::<Vec<_>>(),
            sfen.split_whitespace().take(2).collect::<Vec<_>>(),
            "{}",
            path.display()
        );
        let kif = std::fs::read_to_string(&path).unwrap();
        let rec = record::read(Format::Kif, "kif", &kif, &rules).unwrap();
        let written = record::write(Format::Kif, &rec, &rules).unwrap();
        assert_eq!(
            record::read(Format::Kif, "w", &written, &rules).unwrap().moves,
            rec.moves
        );
        let p = path.display().to_string();
        let (code, out, err) = gunbai(&["replay", &p]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("(chu)"), "the variant is found from the text: {out}");
    }
}

/// What gunbai writes, gunbai and cshogi read back to the same moves.
#[test]
fn written_records_read_back_in_gunbai_and_cshogi() {
    let python = root().join("target/py-venv/bin/python");
    assert!(
        python.exists(),
        "target/py-venv is missing: run .ci/install-python (scripts/test does)"
    );
    let rules = load_variant("shogi", &[]).unwrap();
    let dir = std::env::temp_dir().join(format!("gunbai-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for expect in fixtures() {
        let moves = std::fs::read_to_string(&expect)
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .to_string();
        let kif = expect.with_extension("kif");
        let text = record::decode("kif", &std::fs::read(&kif).unwrap()).unwrap();
        let rec = record::read(Format::Kif, "kif", &text, &rules).unwrap();
        for (format, ext) in [(Format::Kif, "kif"), (Format::Csa, "csa")] {
            let written = record::write(format, &rec, &rules).unwrap();
            let back = record::read(format, "written", &written, &rules).unwrap();
            assert_eq!(back.moves, rec.moves, "gunbai reads its own {ext} back");
            assert_eq!(back.result, rec.result, "{ext} keeps the result");
            let file = dir.join(format!("game.{ext}"));
            std::fs::write(&file, &written).unwrap();
            let script = format!(
                "import cshogi, cshogi.{m}\n\
                 g = cshogi.{m}.Parser.parse_str(open({f:?}, encoding='utf-8').read())\n\
                 g = g[0] if isinstance(g, list) else g\n\
                 print(' '.join(cshogi.move_to_usi(x) for x in g.moves))",
                m = ext.to_uppercase(),
                f = file.display().to_string()
            );
            let out = Command::new(&python).args(["-c", &script]).output().unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            assert_eq!(
                String::from_utf8_lossy(&out.stdout).trim(),
                moves,
                "cshogi reads gunbai's {ext}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Chu in lishogi's KIF dialect: a lion's double move (two lines), igui
/// and a pass, written and read back.
#[test]
fn chu_kif_round_trip_with_lion_moves() {
    let rules = load_variant("chu", &[]).unwrap();
    let mut pos = gunbai::unstable::position::Position::start(rules.clone());
    // A lion's step, double move, pass (`g6-g7-g6`), igui (`g7xg8-g7`),
    // and a move to the previous move's square (`仝`).
    let texts = [
        "f4-f5", "a9-a8", "f3-f4", "a8-a7", "f4-g5-g6", "a7-a6", "g6-g7-g6", "g9-g8", "g6-g7", "l9-l8", "g7xg8-g7",
        "a6-a5", "a4xa5",
    ];
    let mut moves = Vec::new();
    for t in texts {
        let m = gunbai::unstable::notation::parse_move(&pos, t).unwrap_or_else(|e| panic!("{t}: {e:?}"));
        pos.play_unchecked(&m);
        moves.push(m);
    }
    let rec = record::Record {
        variant: "chu".into(),
        moves,
        ..Default::default()
    };
    let written = record::write(Format::Kif, &rec, &rules).unwrap();
    for part in ["一歩目", "二歩目", "（居食い）", "(じっと)", "仝"] {
        assert!(written.contains(part), "{part} in {written}");
    }
    let back = record::read(Format::Kif, "chu.kif", &written, &rules).unwrap();
    assert_eq!(back.moves, rec.moves, "{written}");
}

#[test]
fn replay_reports_the_first_illegal_move() {
    let (code, _, err) = gunbai(&["replay", "tests/records/hostile/illegal_move.kif"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("illegal_move.kif:5:") && err.contains("move 3"), "{err}");
}

#[test]
fn malformed_records_are_errors_with_line_and_column() {
    for (file, want) in [
        ("bad_piece.kif", "bad_piece.kif:4:"),
        ("bad_move.csa", "bad_move.csa:5:"),
        ("not_text.kif", "neither UTF-8 nor Shift_JIS"),
    ] {
        let path = format!("tests/records/hostile/{file}");
        let (code, _, err) = gunbai(&["replay", &path, "shogi"]);
        assert_eq!(code, 2, "{file}: {err}");
        assert!(err.contains(want), "{file}: {err}");
        assert!(!err.contains("panicked"), "{file}: {err}");
    }
}

#[test]
fn limits_at_the_door() {
    let rules = load_variant("shogi", &[]).unwrap();
    let huge = "*".repeat(MAX_RECORD_BYTES + 1);
    assert!(record::read(Format::Kif, "huge", &huge, &rules).is_err());
    assert!(record::decode("huge", huge.as_bytes()).is_err());
    // More moves than the limit: knights shuffle back and forth (the
    // repetition rule ends that game first, which is an error too).
    let mut text = String::from("手合割：平手\n手数----指手---------消費時間--\n");
    for i in 0..MAX_RECORD_MOVES + 2 {
        text.push_str(match i % 4 {
            0 => "９八香(99)\n",
            1 => "１二香(11)\n",
            2 => "９九香(98)\n",
            _ => "１一香(12)\n",
        });
    }
    let e = record::read(Format::Kif, "long", &text, &rules).unwrap_err();
    assert!(format!("{e:?}").contains("illegal") || format!("{e:?}").contains("at most"));
}

#[test]
fn convert_never_overwrites_without_force() {
    let dir = std::env::temp_dir().join(format!("gunbai-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("game.csa");
    std::fs::write(&out, "mine").unwrap();
    let o = out.display().to_string();
    let (code, _, err) = gunbai(&["convert", "--to", "csa", "tests/records/shogi/cshogi-1.kif", "-o", &o]);
    assert_eq!(code, 2, "a refused overwrite is exit 2 (docs/cli.md): {err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "mine");
    let (code, _, err) = gunbai(&[
        "convert",
        "--to",
        "csa",
        "tests/records/shogi/cshogi-1.kif",
        "-o",
        &o,
        "--force",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&out).unwrap().starts_with("V2.2"));
    let _ = std::fs::remove_dir_all(&dir);
}
