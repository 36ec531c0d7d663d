//! TSFEN in both dialects (docs/notation.md#tsfen): the start positions
//! equal the strings the dialects' own programs publish
//! (tests/data/tsfen/README.md), both round-trip, promotion is written as
//! each source writes it, and hostile text is an error, never a panic.

use gunbai::unstable::board::Colour;
use gunbai::unstable::position::{MAX_TSFEN_LEN, Position, TsfenDialect};

mod cli_common;
mod common;
use cli_common::{gunbai, stderr, stdout};
use common::*;

const TSG_START: &str = include_str!("data/tsfen/tsg_initial.tsfen");
const JH85_START: &str = include_str!("data/tsfen/jh85_start.tsfen");

fn read(text: &str) -> Position {
    let (pos, _) = Position::from_tsfen(variant_with("taikyoku", &[]), text).unwrap_or_else(|e| panic!("{e}"));
    pos
}

fn read_err(text: &str) -> String {
    match Position::from_tsfen(variant_with("taikyoku", &[]), text) {
        Ok(_) => panic!("accepted {text:.80}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn the_start_is_taikyoku_shogi_github_io_s_initial_tsfen() {
    let start = variant_start("taikyoku", &[]);
    assert_eq!(start.to_tsfen(TsfenDialect::Tsg, 0).as_deref(), Some(TSG_START.trim()));
    assert_eq!(read(TSG_START.trim()).to_text(), start.to_text());
}

#[test]
fn the_jh85_start_differs_from_the_tsg_start_only_on_the_twelfth_ranks() {
    let start = variant_start("taikyoku", &[]);
    let jh85 = read(JH85_START.trim());
    // The string jh85's program writes is read and written back unchanged.
    assert_eq!(jh85.to_tsfen(TsfenDialect::Jh85, 0).as_deref(), Some(JH85_START.trim()));
    let geo = &start.rules().geometry;
    let mut differ = Vec::new();
    for y in 0..36 {
        for x in 0..36 {
            let sq = geo.square(x, y).unwrap();
            let code = |p: &Position| {
                p.piece_at(sq)
                    .map(|(c, t)| (c, p.rules().types[usize::from(t)].code.clone()))
            };
            if code(&start) != code(&jh85) {
                differ.push(geo.square_name(sq));
                // Only dogs (D) and go-betweens (GB) move.
                for p in [&start, &jh85] {
                    assert!(matches!(code(p), None | Some((_, _))));
                    if let Some((_, c)) = code(p) {
                        assert!(c == "D" || c == "GB", "{c} on {}", geo.square_name(sq));
                    }
                }
            }
        }
    }
    // Black's 12th rank is rank 12, White's rank 25.
    assert!(!differ.is_empty());
    assert!(
        differ.iter().all(|s| s.ends_with("12") || s.ends_with("25")),
        "{differ:?}"
    );
}

#[test]
fn both_dialects_round_trip_after_moves_with_the_counter() {
    let mut pos = variant_start("taikyoku", &[]);
    let mut plies = 0;
    // Moves that do not promote (a promotion is not read back: see below).
    for _ in 0..7 {
        let quiet: Vec<String> = all_moves(&pos)
            .into_iter()
            .filter(|m| !m.ends_with(['+', '=']))
            .collect();
        play(&mut pos, &quiet[plies * 13 % quiet.len()]);
        plies += 1;
    }
    assert_eq!(pos.side_to_move(), Colour::White);
    for dialect in [TsfenDialect::Tsg, TsfenDialect::Jh85] {
        let text = pos.to_tsfen(dialect, plies as u32).unwrap();
        let (back, info) = Position::from_tsfen(pos.rules().clone(), &text).unwrap();
        assert_eq!(info.dialect, dialect);
        assert_eq!(info.plies(back.side_to_move()), 7, "{dialect:?}");
        assert_eq!(
            back.to_text(),
            pos.to_text().split(' ').take(2).collect::<Vec<_>>().join(" ") + " -"
        );
    }
    // tsg: the counter is the plies, odd with gote (White) to move.
    assert!(pos.to_tsfen(TsfenDialect::Tsg, 7).unwrap().ends_with(" 7"));
    // jh85: move number 4, White to move.
    assert!(pos.to_tsfen(TsfenDialect::Jh85, 7).unwrap().ends_with(" w 4"));
}

#[test]
fn a_promoted_piece_is_written_as_the_kind_it_became() {
    // Both sources promote the pawn to a gold general: pieces.csv `P ... GLG`,
    // jh85's PIECE_DEFS `('P', 'Pawn', 'fW', 'G')`.
    let pos = variant_position("taikyoku", &[], "K a1, CP b1, k aj36, cp ai36, +P e20", "b");
    let tsg = pos.to_tsfen(TsfenDialect::Tsg, 0).unwrap();
    let jh85 = pos.to_tsfen(TsfenDialect::Jh85, 0).unwrap();
    let rank = |t: &str, r: usize| t.split(' ').next().unwrap().split('/').nth(36 - r).unwrap().to_string();
    assert_eq!(rank(&tsg, 20), "4,glg,31");
    assert_eq!(rank(&jh85, 20), "4G31");
    // Read back, it is a gold general, unpromoted (as both programs read it).
    for text in [&tsg, &jh85] {
        assert_eq!(code_at(&read(text), "e20").as_deref(), Some("GLG"));
    }
}

#[test]
fn hostile_tsfen_is_an_error_that_says_what() {
    let long = "p".repeat(MAX_TSFEN_LEN + 1);
    let cases: &[(&str, &str)] = &[
        (&long, "the limit is"),
        ("", "empty TSFEN"),
        ("36 0", "expected 36 ranks, found 1"),
        ("a b c d", "a TSFEN has 2 fields"),
        (&TSG_START.trim().replace(" 0", " x"), "must be a number"),
        (&TSG_START.trim().replace(" 0", " -1"), "must be a number"),
        (&TSG_START.trim().replace("p36", "p37"), "rank is too long"),
        (&TSG_START.trim().replace("p36", "p99999999999999"), "rank is too long"),
        (&TSG_START.trim().replace("p36", "p35"), "rank has 35 squares"),
        (&TSG_START.trim().replace("p36", "Pp36"), "is not a TSFEN cell"),
        (&TSG_START.trim().replace("p36", "zz36"), "unknown tsg TSFEN piece `zz`"),
        (&TSG_START.trim().replace("p36", "p,,35"), "is not a TSFEN cell"),
        (&TSG_START.trim().replace("p36", "é36"), "is not a TSFEN cell"),
        (
            &JH85_START.trim().replace(" b 1", " x 1"),
            "side to move must be `b` or `w`",
        ),
        (&JH85_START.trim().replacen("(ts)l/", "(ts)(l/", 1), "without its `)`"),
        (&JH85_START.trim().replace("(cp)", "()"), "unknown jh85 TSFEN piece ``"),
        (&JH85_START.trim().replace("(cp)", "é"), "unexpected `é`"),
        (
            &JH85_START.trim().replace("(cp)", "(zz)"),
            "unknown jh85 TSFEN piece `zz`",
        ),
    ];
    for (text, want) in cases {
        let e = read_err(text);
        assert!(e.contains(want), "{text:.60}: {e}");
    }
    // A variant without a [tsfen] table says so.
    let e = Position::from_tsfen(variant_with("chu", &[]), "12/12 0")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("no TSFEN in the tsg dialect"), "{e}");
}

#[test]
fn the_command_line_reads_and_shows_tsfen() {
    let o = gunbai(&["show", "taikyoku", "--tsfen", TSG_START.trim()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains(&format!(
        "tsfen jh85: {}",
        variant_start("taikyoku", &[]).to_tsfen(TsfenDialect::Jh85, 0).unwrap()
    )));
    let o = gunbai(&["show", "taikyoku", "--tsfen", "36 0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("expected 36 ranks"), "{}", stderr(&o));
}

#[test]
fn tsfen_codes_are_checked_in_the_rule_file() {
    let tiny = include_str!("data/toy/tiny.toml");
    let check = |table: &str| {
        let text = format!("{tiny}\n[tsfen]\n{table}\n");
        match gunbai::unstable::compile::compile(&gunbai::unstable::diagnostics::Source::new("t.toml", &text), &[]) {
            Ok(_) => String::new(),
            Err(r) => r.to_string(),
        }
    };
    assert_eq!(check("tsg = {}\njh85 = {}"), "");
    assert!(check("tsg = { nosuch = \"X\" }").contains("unknown piece `nosuch`"));
    assert!(check("tsg = { scout = \"P2\" }").contains("upper-case ASCII letters only"));
    assert!(check("jh85 = { scout = \"(P)\" }").contains("letters and digits"));
    assert!(check("tsg = { scout = \"K\" }").contains("is used by both"));
    assert!(check("dialect = {}").contains("unknown field `dialect`"));
}
