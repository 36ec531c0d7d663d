//! Arbitrary text as a rule file: compiling never panics, every error
//! points into the text, and a file that compiles can be played.

#![no_main]

use gunbai::unstable::compile::compile;
use gunbai::unstable::diagnostics::Source;
use gunbai::unstable::movegen::legal_moves;
use gunbai::unstable::notation::{move_text, parse_move};
use gunbai::unstable::position::Position;
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let source = Source::new("fuzz.toml", text);
    match compile(&source, &[]) {
        Err(report) => {
            assert!(report.has_errors(), "a failed compile reports an error");
            for d in &report.diagnostics {
                assert!(d.span.start <= text.len().max(1), "span {:?} inside the text", d.span);
            }
            let _ = report.to_string();
        }
        Ok(compiled) => {
            let _ = compiled.warnings.to_string();
            // Play a few plies of the compiled variant from its start.
            let rules = Arc::new(compiled.ruleset);
            let mut pos = Position::start(rules.clone());
            let mut moves = Vec::new();
            for ply in 0..4 {
                moves.clear();
                let _ = legal_moves(&pos, &mut moves);
                let Some(m) = moves.get(ply * 7 % moves.len().max(1)).copied() else {
                    break;
                };
                let t = move_text(&pos, &m);
                assert_eq!(parse_move(&pos, &t).ok(), Some(m), "move text round trip: {t}");
                let text = pos.to_text();
                let back = Position::from_text(rules.clone(), &text).expect("own position text parses");
                assert_eq!(back.to_text(), text);
                if let Some(sfen) = pos.to_sfen() {
                    let back = Position::from_sfen(rules.clone(), &sfen).expect("own SFEN parses");
                    assert_eq!(back.to_sfen().as_deref(), Some(sfen.as_str()));
                }
                let undo = pos.play_unchecked(&m);
                pos.unplay(&undo);
                assert_eq!(pos.to_text(), text, "unplay restores");
                pos.play_unchecked(&m);
            }
        }
    }
});
