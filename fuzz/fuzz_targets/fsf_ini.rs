//! Arbitrary text as a Fairy-Stockfish variants.ini for `gunbai import-fsf`:
//! the sections are listed, the first few converted (each inheriting from
//! the file or FSF's built-ins), and a converted file (which the converter
//! has compiled) plays a few moves. Every failure must be a report.

#![no_main]

use gunbai::unstable::diagnostics::Source;
use gunbai::unstable::fsf;
use gunbai::unstable::movegen::legal_moves;
use gunbai::unstable::position::Position;
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let source = Source::new("fuzz.ini", text);
    let Ok(sections) = fsf::sections(&source) else {
        return;
    };
    for s in sections.iter().take(4) {
        match fsf::convert(&source, &s.name) {
            Err(report) => {
                assert!(report.has_errors());
                let _ = report.to_string();
            }
            Ok(converted) => {
                let compiled = gunbai::unstable::compile::compile(&Source::new("c.toml", converted.text.as_str()), &[])
                    .expect("import-fsf returns only files that compile");
                let mut pos = Position::start(Arc::new(compiled.ruleset));
                let mut moves = Vec::new();
                for ply in 0..4 {
                    moves.clear();
                    let _ = legal_moves(&pos, &mut moves);
                    let Some(m) = moves.get(ply * 7 % moves.len().max(1)).copied() else {
                        break;
                    };
                    pos.play_unchecked(&m);
                }
            }
        }
    }
});
