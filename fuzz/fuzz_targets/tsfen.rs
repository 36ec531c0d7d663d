//! Arbitrary text as a TSFEN (either dialect), on Taikyoku: reading never
//! panics, an error's spans lie inside the text, and a position that reads
//! writes back, in the dialect it was read in, to a TSFEN that reads to
//! the same position.

#![no_main]

use gunbai::unstable::position::Position;
use gunbai::unstable::ruleset::Ruleset;
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, LazyLock};

static RULES: LazyLock<Arc<Ruleset>> =
    LazyLock::new(|| gunbai::unstable::rules::load_variant("taikyoku", &[]).expect("bundled variant compiles"));

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Position::from_tsfen(RULES.clone(), text) {
        Err(report) => {
            for d in &report.diagnostics {
                assert!(d.span.start <= d.span.end && d.span.start <= text.len(), "span inside");
            }
        }
        Ok((pos, info)) => {
            let plies = info.plies(pos.side_to_move());
            if let Some(written) = pos.to_tsfen(info.dialect, plies) {
                let (back, _) = Position::from_tsfen(RULES.clone(), &written)
                    .unwrap_or_else(|e| panic!("own TSFEN `{written}` does not read: {e:?}"));
                assert_eq!(back.to_tsfen(info.dialect, plies), Some(written), "TSFEN round trip");
            }
        }
    }
});
