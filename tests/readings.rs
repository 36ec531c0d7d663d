//! The readings where Fairy-Stockfish (pyffish 0.0.90) and gunbai's
//! default sources disagree, each an option value and part of an `fsf`
//! preset (issue 27), and the preset mechanism itself. Expected values are
//! pyffish's answers on the same positions (asked with `legal_moves`,
//! `is_optional_game_end`), or the published rules' counts; never gunbai's.

mod common;

use gunbai::unstable::movegen::legal_moves;
use gunbai::unstable::position::Position;
use gunbai::unstable::ruleset::Result3;

fn at(variant: &str, preset: Option<&str>, options: &[&str], text: &str) -> Position {
    let overrides: Vec<gunbai::unstable::compile::OptionOverride> =
        options.iter().map(|o| o.parse().unwrap()).collect();
    let rules =
        gunbai::unstable::rules::load_variant_preset(variant, preset, &overrides).unwrap_or_else(|e| panic!("{e}"));
    Position::from_text(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays moves (native, XBoard or USI text) separated by spaces.
fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let m = gunbai::unstable::notation::parse_move(pos, text)
            .unwrap_or_else(|e| panic!("`{text}` in {}: {e:?}", pos.to_text()));
        pos.play_unchecked(&m);
    }
}

fn count(pos: &Position) -> usize {
    let mut v = Vec::new();
    legal_moves(pos, &mut v).unwrap();
    v.len()
}

/// Sho: pyffish's shoshogi has 5 moves here (the gold is pinned to a lone
/// king); without a check rule (HaChu, the default) there are 9.
#[test]
fn sho_lone_royal_may_not_be_left_in_check_under_fsf() {
    let text = "4,k,4/9/9/9/4,r,4/9/9/4,G,4/4,K,4 b";
    assert_eq!(count(&at("sho", None, &[], text)), 9);
    assert_eq!(count(&at("sho", Some("fsf"), &[], text)), 5);
    // With a crown prince beside the king neither is protected: pyffish
    // lists 11 moves for '4k4/9/9/9/4r4/9/9/4G4/4K+E3 w'.
    assert_eq!(
        count(&at("sho", Some("fsf"), &[], "4,k,4/9/9/9/4,r,4/9/9/4,G,4/4,K,CP,3 b")),
        11
    );
    // Promoting a drunk elephant does not answer a check: pyffish gives the
    // king's 4 moves only for '4k4/4E4/9/9/4r4/9/9/9/4K4 w'.
    assert_eq!(
        count(&at("sho", Some("fsf"), &[], "4,k,4/4,DE,4/9/9/4,r,4/9/9/9/4,K,4 b")),
        4
    );
}

/// Dobutsu: the published rules (and pyffish 0.0.90) let the lion be left
/// attacked: 5 moves; Fairy-Stockfish 11.1 (`fsf11`) 4.
#[test]
fn dobutsu_lion_may_be_left_attacked_by_default() {
    let sfen = "1l1/c2/3/1L1 b - 1";
    let load = |preset| {
        let rules = gunbai::unstable::rules::load_variant_preset("dobutsu", preset, &[]).unwrap();
        Position::from_sfen(rules, sfen).unwrap()
    };
    assert_eq!(count(&load(None)), 5);
    assert_eq!(count(&load(Some("fsf11"))), 4);
}

/// pyffish: after these moves White's a4a3 leaves Black's lion on the far
/// rank unattacked, and Black has won (`is_immediate_game_end` gives
/// +32000 for Black to move); the published rules wait for Black's move.
#[test]
fn dobutsu_try_any_time_under_fsf() {
    let moves = "b1a2 b3b2 c1c2 C*b1 a2b1 b4b3 C*a3 a4a3 b1a2 a3a4 c2c1 b2b1+ a2a3 b3b2 a3b4 a4a3";
    for (preset, over) in [(None, false), (Some("fsf"), true)] {
        let rules = gunbai::unstable::rules::load_variant_preset("dobutsu", preset, &[]).unwrap();
        let mut pos = Position::start(rules);
        play(&mut pos, moves);
        assert_eq!(
            pos.outcome().map(|o| o.black),
            over.then_some(Result3::Win),
            "{preset:?}"
        );
    }
}

/// Kings walking to and fro: pyffish ends each game at the occurrence
/// given, with the result for the side to move.
fn shuffle(variant: &str, text: &str, cycle: &str, plies: usize) -> (usize, Option<Result3>) {
    let mut pos = at(variant, Some("fsf"), &[], text);
    let cycle: Vec<&str> = cycle.split_whitespace().collect();
    for ply in 0..plies {
        play(&mut pos, cycle[ply % cycle.len()]);
        if let Some(o) = pos.outcome() {
            let black_to_move = pos.side_to_move() == gunbai::unstable::board::Colour::Black;
            let mine = match (o.black, black_to_move) {
                (r, true) => r,
                (Result3::Win, false) => Result3::Loss,
                (Result3::Loss, false) => Result3::Win,
                (Result3::Draw, false) => Result3::Draw,
            };
            return (ply + 1, Some(mine));
        }
    }
    (plies, None)
}

#[test]
fn tori_fsf_fourfold_repetition_loses_for_its_maker() {
    // pyffish: 12 plies, (True, 32000) for the side to move.
    let got = shuffle("tori", "3,ph,3/7/7/7/7/7/3,PH,3 b", "d1-c1 d7-c7 c1-d1 c7-d7", 20);
    assert_eq!(got, (12, Some(Result3::Win)));
}

#[test]
fn yari_fsf_threefold_repetition_draws_and_perpetual_check_loses() {
    // pyffish: 8 plies, (True, 0).
    let got = shuffle("yari", "3,k,3/7/7/7/7/7/7/7/3,K,3 b", "d1-c1 d9-c9 c1-d1 c9-d9", 20);
    assert_eq!(got, (8, Some(Result3::Draw)));
    // pyffish: 8 plies, (True, -32000): the checker (to move) loses.
    let got = shuffle("yari", "3,k,3/+YR,6/7/7/7/7/7/7/3,K,3 b", "a8-a9 d9-d8 a9-a8 d8-d9", 20);
    assert_eq!(got, (8, Some(Result3::Loss)));
    // ShogiVar's default forbids the third occurrence instead.
    let mut pos = at("yari", None, &[], "3,k,3/7/7/7/7/7/7/7/3,K,3 b");
    play(&mut pos, "d1-c1 d9-c9 c1-d1 c9-d9 d1-c1 d9-c9 c1-d1");
    assert_eq!(pos.outcome(), None);
    assert_eq!(count(&pos), 4, "c9-d9 would make the third occurrence");
}

#[test]
fn yari_stalemate_is_a_loss_under_fsf() {
    // Black's king on a1, not attacked, with a2, b1 and b2 covered by White's
    // rooks (promoted yari rooks) on b9 and g2: no move. pyffish, on
    // '1+r1k3/7/7/7/7/7/7/6+r/K6[] w': no legal move, game_result -32000.
    for (preset, want) in [(None, Result3::Draw), (Some("fsf"), Result3::Loss)] {
        let pos = at("yari", preset, &[], "1,+yr,1,k,3/7/7/7/7/7/7/6,+yr/K,6 b");
        assert_eq!(count(&pos), 0);
        assert_eq!(pos.no_moves_outcome().black, want, "{preset:?}");
    }
}

#[test]
fn micro_fsf_fourfold_repetition_draws() {
    // pyffish: 12 plies, (True, 0); the default (ShogiVar) has no rule.
    let got = shuffle("micro", "k,3/4/4/4/3,K b", "d1-c1 a5-b5 c1-d1 b5-a5", 20);
    assert_eq!(got, (12, Some(Result3::Draw)));
    let mut pos = at("micro", None, &[], "k,3/4/4/4/3,K b");
    play(
        &mut pos,
        "d1-c1 a5-b5 c1-d1 b5-a5 d1-c1 a5-b5 c1-d1 b5-a5 d1-c1 a5-b5 c1-d1 b5-a5",
    );
    assert_eq!(pos.outcome(), None);
}

#[test]
fn explicit_options_win_over_the_preset() {
    let rules = gunbai::unstable::rules::load_variant_preset("yari", Some("fsf"), &["stalemate=draw".parse().unwrap()])
        .unwrap();
    assert_eq!(rules.preset.as_deref(), Some("fsf"));
    let value = |name: &str| gunbai::unstable::render::option_text(&rules.options[name].value);
    assert_eq!(value("stalemate"), "draw");
    assert_eq!(value("repetition"), "fsf");
}

#[test]
fn an_unknown_preset_is_an_error_with_a_hint() {
    let err = gunbai::unstable::rules::load_variant_preset("yari", Some("fs"), &[])
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown preset `fs` for variant `yari`"), "{err}");
    assert!(err.contains("did you mean `fsf`?"), "{err}");
}
