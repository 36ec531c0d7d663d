//! Arbitrary text as an SFEN followed by USI moves, as `--sfen S --moves M`
//! and USI's `position sfen S moves M` read them, on the bundled variants
//! with hands and drops (shogi, minishogi, Kyoto shogi with its flipping
//! pieces and either-side-up drops, Dobutsu shogi) and on Chu: reading
//! never panics, an error points inside the text, a position that reads
//! writes back to the same SFEN, and a move that reads is legal, plays,
//! unplays, and writes back to itself.
//!
//! The first line is the SFEN; the rest, split on whitespace, are moves
//! played one after another while they read.

#![no_main]

use gunbai::unstable::diagnostics::Report;
use gunbai::unstable::movegen::legal_moves;
use gunbai::unstable::notation::{move_text, parse_move, usi_move};
use gunbai::unstable::position::Position;
use gunbai::unstable::ruleset::Ruleset;
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, LazyLock};

const VARIANTS: [&str; 5] = ["shogi", "minishogi", "kyotoshogi", "dobutsu", "chu"];

static RULES: LazyLock<Vec<Arc<Ruleset>>> = LazyLock::new(|| {
    VARIANTS
        .iter()
        .map(|v| gunbai::unstable::rules::load_variant(v, &[]).expect("bundled variant compiles"))
        .collect()
});

/// At most this many moves are read after the SFEN.
const MAX_MOVES: usize = 16;

fn spans_inside(report: &Report, len: usize) {
    for d in &report.diagnostics {
        assert!(
            d.span.start <= d.span.end && d.span.start <= len,
            "span inside the text"
        );
    }
}

/// The SFEN of `pos` reads back to the same SFEN and position.
fn round_trip(pos: &Position) {
    let sfen = pos.to_sfen().expect("a variant with [sfen] writes SFEN");
    let back = Position::from_sfen(pos.rules().clone(), &sfen)
        .unwrap_or_else(|e| panic!("own SFEN `{sfen}` does not read: {e:?}"));
    assert_eq!(back.to_sfen().as_deref(), Some(sfen.as_str()), "SFEN round trip");
    assert_eq!(
        back.to_text(),
        Position::from_text(pos.rules().clone(), &back.to_text())
            .expect("own text reads")
            .to_text()
    );
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (sfen, moves) = text.split_once('\n').unwrap_or((text, ""));
    for rules in RULES.iter() {
        let mut pos = match Position::from_sfen(rules.clone(), sfen) {
            Ok(pos) => pos,
            Err(report) => {
                spans_inside(&report, sfen.len());
                continue;
            }
        };
        round_trip(&pos);
        for word in moves.split_whitespace().take(MAX_MOVES) {
            let m = match parse_move(&pos, word) {
                Ok(m) => m,
                Err(report) => {
                    spans_inside(&report, word.len());
                    break;
                }
            };
            let mut legal = Vec::new();
            let _ = legal_moves(&pos, &mut legal);
            assert!(legal.contains(&m), "a parsed move is legal: {word}");
            assert_eq!(
                parse_move(&pos, &move_text(&pos, &m)).ok(),
                Some(m),
                "canonical text reads back"
            );
            if let Some(usi) = usi_move(&pos, &m) {
                assert_eq!(parse_move(&pos, &usi).ok(), Some(m), "USI text reads back: {usi}");
            }
            let before = pos.to_sfen();
            let mut after = pos.clone();
            let undo = after.play_unchecked(&m);
            after.unplay(&undo);
            assert_eq!(after.to_sfen(), before, "unplay restores");
            if pos.play(&m).is_err() {
                break;
            }
            round_trip(&pos);
        }
    }
});
