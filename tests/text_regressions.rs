//! Regression tests for issue 9's notation and play cases: squares past
//! file `z`, doubly promoted codes, moves that kill more than eight pieces,
//! Ko's demotion order, the `effects` convention's set of captures, SFEN
//! given where native text is expected, move errors that point at the
//! failing move, XBoard's comma form, USI on a variant without it, and the
//! checked `Position::play`.
//!
//! Expected values come from the rules reference (shared/reference/) and
//! docs/notation.md, never from gunbai's own output.

use gunbai::unstable::notation::{move_text, parse_move, play_moves};
use gunbai::unstable::perft::{Convention, perft};
use gunbai::unstable::position::Position;
use gunbai::unstable::rules::load_variant;

mod cli_common;
mod common;

/// Runs gunbai: whether it succeeded, its stdout and its stderr.
fn gunbai(args: &[&str]) -> (bool, String, String) {
    let out = cli_common::gunbai(args);
    (out.status.success(), cli_common::stdout(&out), cli_common::stderr(&out))
}

/// A position from a piece list (`"R x5, r aa9"`), Black to move, on a
/// 36x36 variant (Taikyoku's size): a king, a rook-like slider and a
/// lion-like double stepper, enough to make captures on every file.
fn giant_position(pieces: &str) -> Position {
    let rules = common::compile_text("giant36.toml", include_str!("data/giant36.toml"), &[]);
    common::pieces_position(rules, pieces, "b")
}

#[test]
fn moves_on_files_x_and_beyond_z_round_trip_on_a_36x36_board() {
    // Files: x is the 24th, aa the 27th, aj the 36th (docs/notation.md).
    let pos = giant_position("R x5, r x9, TW w20, r x21, r x22, R aa30, r aj30, TW ai35, k aj36, K a1, r b36");
    let moves = common::legal(&pos);
    assert!(moves.len() > 100, "{}", moves.len());
    for m in &moves {
        let text = move_text(&pos, m);
        let back = parse_move(&pos, &text).unwrap_or_else(|e| panic!("`{text}`:\n{e}"));
        assert_eq!(&back, m, "`{text}` read back as another move");
    }
    let texts: Vec<String> = moves.iter().map(|m| move_text(&pos, m)).collect();
    for expected in [
        "x5xx9",
        "x5-x8",
        "x5-w5",
        "w20xx21xx22",
        "w20xx21-w20",
        "aa30xaj30",
        "aa30-ab30",
        "ai35xaj36",
    ] {
        assert!(
            texts.iter().any(|t| t == expected),
            "`{expected}` missing from {texts:?}"
        );
    }
    // XBoard's form: no capture mark; `x` before a digit is the file x.
    let m = parse_move(&pos, "x5x9").expect("x5 to x9 in XBoard form");
    assert_eq!(move_text(&pos, &m), "x5xx9");
    let m = parse_move(&pos, "w20x21,x21x22").expect("two legs in XBoard form");
    assert_eq!(move_text(&pos, &m), "w20xx21xx22");
}

#[test]
fn the_last_move_field_reads_squares_on_file_x() {
    let mut pos = giant_position("R x5, r x9, TW w20, r x21, r x22, K a1, k aj36");
    play_moves(&mut pos, &["w20xx21xx22"], "--moves").expect("legal");
    let text = pos.to_text();
    assert!(text.ends_with(" w TW-x22xR@x21xR@x22"), "{text}");
    let back = Position::from_text(pos.rules().clone(), &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.to_text(), text);
    assert_eq!(back.last_captures().len(), 2);
}

const REPROMOTE: &str = include_str!("data/toy/repro.toml");

#[test]
fn doubly_promoted_codes_round_trip_through_position_text_and_sfen() {
    let rules = common::compile_text("repro.toml", REPROMOTE, &[]);
    // A scout promoted twice (`++SC`, a flyer) and a plain flyer (`FY`),
    // each of either colour.
    let text = "2,k,2/++sc,4/++SC,FY,fy,2/5/K,4 b -";
    let pos = Position::from_text(rules.clone(), text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pos.to_text(), text);
    let a4 = pos.rules().geometry.parse_square("a4").unwrap();
    let (_, ty) = pos.piece_at(a4).expect("a piece on a4");
    assert_eq!(pos.rules().types[usize::from(ty)].code, "++SC");
    let sfen = pos.to_sfen().expect("every kind has a letter");
    assert_eq!(sfen, "2k2/++s4/++SFf2/5/K4 b - 1");
    let back = Position::from_sfen(rules.clone(), &sfen).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.to_text(), text);
    // Three steps is one too many.
    assert!(Position::from_sfen(rules, "2k2/+++s4/5/5/K4 b - 1").is_err());
}

fn ko(text: &str) -> Position {
    Position::from_text(load_variant("ko", &[]).expect("ko"), text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_move_that_kills_more_than_eight_pieces_records_every_kill() {
    // §8.7: when the clerk promotes, every enemy poison flame dies. Ten
    // White flames on rank 17, two files apart (no flame is next to
    // another or to anything else).
    let pieces = "G a1, g s19, CK c13, pf a17, pf c17, pf e17, pf g17, pf i17, pf k17, pf m17, pf o17, pf q17, pf s17";
    let mut pos = common::variant_position("ko", &[], pieces, "b");
    play_moves(&mut pos, &["c13-c15+"], "--moves").expect("the clerk promotes");
    let kills = pos.last_captures();
    assert_eq!(kills.len(), 10, "{}", pos.to_text());
    let text = pos.to_text();
    assert_eq!(text.matches("xPF@").count(), 10, "{text}");
    let back = ko(&text);
    assert_eq!(back.to_text(), text);
    assert_eq!(back.last_captures(), kills);
}

#[test]
fn ko_lamp_demotes_an_enemy_fog_at_its_landing_before_shooting() {
    // Issue 9 case 9b: Black holy lamp j5, White five-li fog j12, White
    // roaming assault a18. The lamp lands on j7, within 5 of the fog, which
    // reverts to a Taoist priest there (§8.3) before the lamp's shot kills
    // it; the priest's death then demotes the roaming assault (§8.6). The
    // reference's rules give 88 / 3,591.
    let text = "19/+bn,18/19/19/19/19/19/9,+tp,9/19/19/19/19/19/19/9,+SM,9/19/19/19/19 b -";
    let mut pos = ko(text);
    assert_eq!(perft(&mut pos, 1, Convention::Paths).unwrap(), 88);
    assert_eq!(perft(&mut pos, 2, Convention::Paths).unwrap(), 3591);
    play_moves(&mut pos, &["j5-j7*j12"], "--moves").expect("legal");
    let after = pos.to_text();
    assert!(after.ends_with(" w +SM-j7xTP@j12 w:TP"), "{after}");
    assert!(
        after.starts_with("19/bn,18/"),
        "the roaming assault reverts to banner: {after}"
    );
}

#[test]
fn effects_convention_counts_a_capture_revisited_by_the_path_once() {
    // Issue 9 case 9c: the lion dog's `e5xe6-e7-e6` takes the same pawn as
    // `e5xe6`; as a set of captured squares they are one effect.
    let rules = load_variant("dai_dai", &[]).expect("dai_dai");
    let text = "16,k/17/17/17/17/17/17/17/17/17/17/4,p,12/4,LD,12/17/17/17/K,16 b";
    let mut pos = Position::from_text(rules, text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(perft(&mut pos, 1, Convention::Effects).unwrap(), 31);
}

#[test]
fn an_sfen_given_as_position_text_gets_one_line_that_names_sfen() {
    let sfen = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";
    let err = Position::from_text(load_variant("chu", &[]).unwrap(), sfen).unwrap_err();
    assert_eq!(err.diagnostics.len(), 1, "{err}");
    assert!(err.diagnostics[0].message.contains("--sfen"), "{err}");
    let (ok, _, stderr) = gunbai(&["moves", "chu", "--position", sfen]);
    assert!(!ok);
    assert_eq!(stderr.lines().filter(|l| l.contains("error")).count(), 1, "{stderr}");
    assert!(stderr.contains("this is SFEN: pass it with `--sfen`"), "{stderr}");
}

#[test]
fn a_bad_move_error_points_at_the_failing_move_and_token() {
    // The third move is illegal: the error is at column 13 of the list.
    let (ok, _, stderr) = gunbai(&["moves", "chu", "--moves", "f4-f5 g9-g8 a4-a6"]);
    assert!(!ok);
    assert!(
        stderr.starts_with("--moves:1:13: error: `a4-a6` is not a legal move"),
        "{stderr}"
    );
    // A wrong capture mark: the caret is under the `-`.
    let lion = "11,k/12/12/12/2,P,9/5,p,6/5,p,6/5,LN,6/12/12/12/K,11 b";
    let mut pos = Position::from_text(load_variant("chu", &[]).unwrap(), lion).unwrap();
    let err = play_moves(&mut pos, &["f5-f6"], "--moves").unwrap_err();
    assert_eq!(err.diagnostics[0].span, 2..3, "{err}");
    // A square that is not on the board: the caret is under it.
    let err = play_moves(&mut pos, &["a1-b2", "f5xf6xm7"], "--moves").unwrap_err();
    assert_eq!(err.diagnostics[0].span, 6 + 6..6 + 8, "{err}");
}

#[test]
fn xboard_comma_form_reads_a_multi_leg_move() {
    let lion = "11,k/12/12/12/2,P,9/5,p,6/5,p,6/5,LN,6/12/12/12/K,11 b";
    let pos = Position::from_text(load_variant("chu", &[]).unwrap(), lion).unwrap();
    let native = parse_move(&pos, "f5xf6xf7").expect("lion double capture");
    assert_eq!(parse_move(&pos, "f5f6,f6f7").expect("XBoard form"), native);
    assert_eq!(parse_move(&pos, "f5xf6,f6xf7").expect("marked legs"), native);
    // Each leg starts where the previous one ended.
    let err = parse_move(&pos, "f5f6,f7f8").unwrap_err();
    assert!(err.diagnostics[0].message.contains("expected `f6`"), "{err}");
}

#[test]
fn usi_notation_on_a_variant_without_usi_is_an_error() {
    let (ok, stdout, stderr) = gunbai(&["moves", "ko", "--notation", "usi"]);
    assert!(!ok, "{stdout}");
    assert!(stderr.contains("has no USI notation"), "{stderr}");
    let (ok, _, _) = gunbai(&["moves", "chu", "--notation", "usi"]);
    assert!(ok);
}

#[test]
fn checked_play_refuses_a_move_of_another_position() {
    let rules = load_variant("chu", &[]).unwrap();
    let mut pos = Position::start(rules);
    let first = common::legal(&pos)[0];
    let undo = pos.play(&first).expect("a legal move");
    let (hash, text) = (pos.hash(), pos.to_text());
    // The same move is Black's; White is to move now.
    assert!(pos.play(&first).is_err());
    assert_eq!((pos.hash(), pos.to_text()), (hash, text));
    pos.unplay(&undo);
    assert_eq!(pos.to_text(), Position::start(pos.rules().clone()).to_text());
}

/// Found by the `sfen` fuzz target: a hand letter given twice added up past
/// the bound a count was read with (1000), so the SFEN the position wrote
/// back (`1163n`) did not read. A type given twice adds up, in SFEN and in
/// position text, within what a hand count holds (docs/notation.md).
#[test]
fn hand_entries_of_one_type_add_up_and_every_hand_read_is_written_back_readably() {
    let rules = load_variant("shogi", &[]).unwrap();
    let pos = Position::from_sfen(rules.clone(), "4k4/9/9/9/9/9/9/9/4K4 b 99P1000n163n 1").unwrap();
    let sfen = pos.to_sfen().unwrap();
    assert_eq!(sfen, "4k4/9/9/9/9/9/9/9/4K4 b 99P1163n 1");
    assert_eq!(
        Position::from_sfen(rules.clone(), &sfen).unwrap().to_sfen().unwrap(),
        sfen
    );
    let text = Position::from_text(rules.clone(), "4,k,4/9/9/9/9/9/9/9/4,K,4[P,2P,40000p,25535p] b -").unwrap();
    assert_eq!(text.to_text(), "4,k,4/9/9/9/9/9/9/9/4,K,4[3P,65535p] b -");
    for bad in ["4k4/9/9/9/9/9/9/9/4K4 b 65535PP 1", "4k4/9/9/9/9/9/9/9/4K4 b 65536P 1"] {
        let err = Position::from_sfen(rules.clone(), bad).unwrap_err();
        assert!(
            format!("{err:?}").contains("a hand holds 1 to 65535 pieces of a kind"),
            "{bad}: {err:?}"
        );
    }
    assert!(Position::from_text(rules, "4,k,4/9/9/9/9/9/9/9/4,K,4[65535P,P] b -").is_err());
}

#[test]
fn an_unknown_non_ascii_sfen_letter_is_quoted_as_written() {
    // A letter the rule file does not define is named in the error as the
    // character it is, not as its first byte read as Latin-1.
    let rules = load_variant("shogi", &[]).unwrap();
    for (bad, letter) in [("é", 'é'), ("\u{5409}", '\u{5409}')] {
        let sfen = format!("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGS{bad}L b - 1");
        let err = Position::from_sfen(rules.clone(), &sfen).unwrap_err();
        let d = &err.diagnostics[0];
        assert_eq!(d.message, format!("unknown SFEN piece letter `{letter}`"), "{err}");
        assert_eq!(&sfen[d.span.clone()], bad, "{err}");
    }
}
