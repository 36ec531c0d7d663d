//! Western and Japanese move text (docs/notation.md#western,
//! docs/notation.md#japanese) against shogiops: tools/oracle/notation.mjs
//! played random Chu and shogi games and wrote each move's USI, Western
//! (`P-76`), Western-engine (`P-7f`) and Japanese (`７六歩`) text into
//! tests/data/notation/*.tsv. gunbai replays the USI moves and must write
//! every move as shogiops did, and read each text back to a move with the
//! same effect.

use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::movegen::{Move, legal_moves};
use gunbai::unstable::notation::{Notation, parse_move, write_move};
use gunbai::unstable::position::Position;
use gunbai::unstable::rules::load_variant;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// Chu as lishogi plays it (the `lishogi` preset's options), as shogiops
/// made the games.
const LISHOGI: &[&str] = &[
    "protection_judged=after_counting_captured",
    "counterstrike_allows_recapture=true",
    "counterstrike_first_step=true",
    "repetition=lishogi",
    "bare_king_rule=true",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The board, side and hands after `m`: what a move does, whichever path.
fn effect(pos: &Position, m: &Move) -> String {
    let mut p = pos.clone();
    p.play_unchecked(m);
    let sfen = p.to_sfen().expect("an SFEN");
    let fields: Vec<&str> = sfen.split_whitespace().collect();
    let hands = if pos.rules().drops.is_some() { fields[2] } else { "" };
    format!("{} {} {hands}", fields[0], fields[1])
}

fn check_fixture(variant: &str, file: &str, options: &[&str]) -> usize {
    let options: Vec<OptionOverride> = options.iter().map(|s| s.parse().expect("NAME=VALUE")).collect();
    let rules = load_variant(variant, &options).unwrap();
    let path = root().join("tests/data/notation").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut pos = Position::start(rules.clone());
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        let at = format!("{}:{}", path.display(), n + 1);
        if line.starts_with("# game") {
            pos = Position::start(rules.clone());
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 4, "{at}: four columns");
        let m = parse_move(&pos, cols[0]).unwrap_or_else(|r| panic!("{at}: {r:?}"));
        for (notation, want) in [
            (Notation::WesternNumeric, cols[1]),
            (Notation::Western, cols[2]),
            (Notation::Japanese, cols[3]),
        ] {
            assert_eq!(
                write_move(&pos, &m, notation),
                want,
                "{at}: {notation:?} of {}",
                cols[0]
            );
            let back = parse_move(&pos, want).unwrap_or_else(|r| panic!("{at}: reading `{want}`: {r:?}"));
            assert_eq!(effect(&pos, &back), effect(&pos, &m), "{at}: `{want}` reads back");
        }
        let short = write_move(&pos, &m, Notation::WesternShort);
        let back = parse_move(&pos, &short).unwrap_or_else(|r| panic!("{at}: reading `{short}`: {r:?}"));
        assert_eq!(effect(&pos, &back), effect(&pos, &m), "{at}: `{short}` reads back");
        pos.play_unchecked(&m);
        checked += 1;
    }
    checked
}

#[test]
fn chu_moves_are_written_as_shogiops_writes_them() {
    let n = check_fixture("chu", "chu.tsv", LISHOGI);
    assert!(n > 250, "{n} moves checked");
}

#[test]
fn shogi_moves_are_written_as_shogiops_writes_them() {
    let n = check_fixture("shogi", "shogi.tsv", &[]);
    assert!(n > 250, "{n} moves checked");
}

/// lishogi issue #929's position (Chu start, then `Ln-7h Ln-6e`): every
/// way the lion on 7h reaches the empty 9g is one entry, `Ln-9g`, in the
/// short form, and the long form writes the paths apart.
#[test]
fn the_short_form_has_one_entry_per_distinct_effect() {
    let rules = load_variant("chu", &[]).unwrap();
    let mut pos = Position::start(rules);
    for m in ["Ln-7h", "Ln-6e"] {
        let m = parse_move(&pos, m).unwrap();
        pos.play_unchecked(&m);
    }
    let mut legal = Vec::new();
    legal_moves(&pos, &mut legal).unwrap();
    let text = |m: &Move, n| write_move(&pos, m, n);
    let to_9g: Vec<&Move> = legal
        .iter()
        .filter(|m| text(m, Notation::Western).starts_with("Ln") && text(m, Notation::Western).ends_with("9g"))
        .collect();
    let long: BTreeSet<String> = to_9g.iter().map(|m| text(m, Notation::Western)).collect();
    let short: BTreeSet<String> = to_9g.iter().map(|m| text(m, Notation::WesternShort)).collect();
    assert!(long.len() > 1, "{long:?}");
    assert_eq!(short.into_iter().collect::<Vec<_>>(), ["Ln-9g"]);
    // Every pass is `--`, and reads back to a pass.
    let pass = parse_move(&pos, "--").unwrap();
    assert_eq!(pass.to(), pass.from());
    // Read back, `Ln-9g` is the jump.
    assert_eq!(parse_move(&pos, "Ln-9g").unwrap().landings().len(), 1);
}

#[test]
fn western_and_japanese_errors_list_the_legal_moves() {
    let rules = load_variant("shogi", &[]).unwrap();
    let pos = Position::start(rules);
    let e = format!("{:?}", parse_move(&pos, "P-7e").unwrap_err());
    assert!(
        e.contains("read as Western text") && e.contains("legal moves in Western text: G-3h"),
        "{e}"
    );
    let e = format!("{:?}", parse_move(&pos, "７五歩").unwrap_err());
    assert!(
        e.contains("read as Japanese text") && e.contains("legal moves in Japanese text"),
        "{e}"
    );
}

/// The first game of a shogiops fixture: per move (USI, Western numeric,
/// Western, Japanese).
fn fixture_game(file: &str) -> Vec<[String; 4]> {
    let path = root().join("tests/data/notation").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .skip(1)
        .take_while(|l| !l.starts_with('#'))
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            [c[0], c[1], c[2], c[3]].map(str::to_string)
        })
        .collect()
}

/// The notation's name, as `--notation` and the bindings take it, for
/// each fixture column.
const COLUMNS: [(usize, &str); 4] = [(0, "usi"), (1, "western-numeric"), (2, "western"), (3, "japanese")];

/// The façade takes the one notation type, found by the name every door
/// uses, and writes what shogiops writes.
#[test]
fn the_facade_writes_every_notation_by_its_name() {
    for (variant, file) in [("shogi", "shogi.tsv"), ("chu", "chu.tsv")] {
        let options: Vec<(&str, &str)> = match variant {
            "chu" => LISHOGI.iter().filter_map(|o| o.split_once('=')).collect(),
            _ => Vec::new(),
        };
        let v = gunbai::Variant::bundled(variant)
            .unwrap()
            .with_options(&options)
            .unwrap();
        let mut pos = v.start();
        for (i, row) in fixture_game(file).iter().enumerate() {
            let m = pos.parse_move(&row[0]).unwrap();
            for (col, name) in COLUMNS {
                let n = Notation::by_name(name).unwrap();
                assert_eq!(pos.move_text(&m, n).unwrap(), row[col], "{file} move {}: {name}", i + 1);
            }
            pos.play(&m).unwrap();
        }
    }
}

fn gunbai_cli(args: &[&str], stdin: &str) -> (bool, String, String) {
    use std::io::Write as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `gunbai convert --to moves --notation NAME` writes a game's moves as
/// shogiops does, and a move list in any notation reads back (`--from
/// moves`) to the same game.
#[test]
fn convert_writes_and_reads_move_lists_in_every_notation() {
    for (variant, file, preset) in [("shogi", "shogi.tsv", None), ("chu", "chu.tsv", Some("lishogi"))] {
        let game = fixture_game(file);
        let mut rules = vec!["--from", "moves", "--variant", variant];
        if let Some(p) = preset {
            rules.extend(["--preset", p]);
        }
        for (col, name) in COLUMNS {
            let usi: String = game.iter().map(|r| format!("{}\n", r[0])).collect();
            let want: String = game.iter().map(|r| format!("{}\n", r[col])).collect();
            let mut args = vec!["convert", "--to", "moves", "--notation", name, "-"];
            args.extend(&rules);
            let (ok, out, err) = gunbai_cli(&args, &usi);
            assert!(ok, "{file} {name}: {err}");
            assert_eq!(out, want, "{file}: written in {name}");
            // Read back in that notation, written as USI again.
            let mut args = vec!["convert", "--to", "moves", "--notation", "usi", "-"];
            args.extend(&rules);
            let (ok, out, err) = gunbai_cli(&args, &want);
            assert!(ok, "{file}: reading {name}: {err}");
            assert_eq!(out, usi, "{file}: {name} read back");
        }
    }
    // KIF, CSA and PGN have their own move text.
    let (ok, _, err) = gunbai_cli(
        &[
            "convert",
            "--to",
            "kif",
            "--notation",
            "western",
            "--from",
            "moves",
            "--variant",
            "shogi",
            "-",
        ],
        "7g7f\n",
    );
    assert!(
        !ok && err.contains("a notation (here `western`) is for the `moves` format"),
        "{err}"
    );
}

/// `gunbai analyse --notation NAME` writes the moves played as shogiops
/// does.
#[test]
fn analyse_writes_the_moves_played_in_the_notation_asked() {
    let game = fixture_game("shogi.tsv");
    let dir = std::env::temp_dir().join(format!("gunbai-notation-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.txt");
    let usi: Vec<&str> = game.iter().take(6).map(|r| r[0].as_str()).collect();
    std::fs::write(&path, usi.join(" ")).unwrap();
    for (col, name) in COLUMNS {
        let played = analysed(&[path.to_str().unwrap(), "--notation", name]);
        let want: Vec<&str> = game.iter().take(6).map(|r| r[col].as_str()).collect();
        assert_eq!(played, want, "{name}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The moves `gunbai analyse shogi ARGS --depth 1` analyses, as written.
fn analysed(args: &[&str]) -> Vec<String> {
    let mut all = vec!["analyse", "shogi"];
    all.extend(args);
    all.extend(["--depth", "1", "--format", "json"]);
    let (ok, out, err) = gunbai_cli(&all, "");
    assert!(ok, "{args:?}: {err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let moves = v["moves"].as_array().unwrap();
    moves.iter().map(|m| m["move"].as_str().unwrap().to_string()).collect()
}

/// `gunbai analyse` reads KIF and CSA at the record door (Shift_JIS KIF
/// included): the moves it analyses are the ones cshogi saw
/// (tests/records/shogi, docs/records.md#test-data).
#[test]
fn analyse_reads_kif_and_csa_records() {
    let expect = std::fs::read_to_string(root().join("tests/records/shogi/cshogi-1.expect")).unwrap();
    let usi: Vec<&str> = expect.lines().next().unwrap().split_whitespace().collect();
    for ext in ["kif", "csa"] {
        let path = root().join(format!("tests/records/shogi/cshogi-1.{ext}"));
        assert_eq!(analysed(&[path.to_str().unwrap()]), usi, "{ext}");
    }
}

/// A move list starts from the setup unless a `start:` line says
/// otherwise: a Chu KIF (whose diagram is the setup) writes none, and a
/// list with another start reads and writes it.
#[test]
fn move_lists_write_a_start_only_when_it_is_not_the_setup() {
    let kif = root().join("tests/records/chu/shogiops-1.kif");
    let (ok, out, err) = gunbai_cli(
        &["convert", "--to", "moves", kif.to_str().unwrap(), "--preset", "lishogi"],
        "",
    );
    assert!(ok, "{err}");
    assert!(!out.contains("start:"), "{out}");
    // Kings on a1 and a9 (position text of docs/notation.md), White's
    // king steps to b8.
    let list = "start: k,8/9/9/9/9/9/9/9/K,8 w -\na9-b8\n";
    let args = ["convert", "--from", "moves", "--variant", "shogi", "--to", "moves", "-"];
    let (ok, out, err) = gunbai_cli(&args, list);
    assert!(ok, "{err}");
    assert_eq!(out, list);
    let (ok, _, err) = gunbai_cli(&args, "7g7f\nstart: k,8/9/9/9/9/9/9/9/K,8 b\n");
    assert!(
        !ok && err.contains("-:2:1: error: `start:` comes before the first move, once"),
        "{err}"
    );
}
