//! Arbitrary bytes as a game record, through every door `gunbai replay`
//! and `gunbai convert` open: decoding (UTF-8 or Shift_JIS), format
//! sniffing, and each format's reader (KIF, CSA, PGN, TSFEN, move lists) under shogi,
//! Chu and Taikyoku. Reading never panics; an error's spans lie inside the
//! text; a record that reads replays legally, and what a format writes of
//! it reads back to the same moves.

#![no_main]

use gunbai::unstable::record::{self, FORMATS};
use gunbai::unstable::ruleset::Ruleset;
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, LazyLock};

static RULES: LazyLock<Vec<Arc<Ruleset>>> = LazyLock::new(|| {
    ["shogi", "chu", "taikyoku"]
        .iter()
        .map(|v| gunbai::unstable::rules::load_variant(v, &[]).expect("bundled variant compiles"))
        .collect()
});

fuzz_target!(|data: &[u8]| {
    let Ok(text) = record::decode("fuzz", data) else {
        return;
    };
    let _ = record::Format::sniff(&text);
    for info in FORMATS {
        let _ = (info.variant_of)(&text, &RULES);
        for rules in RULES.iter() {
            let rec = match record::read_game(info.format, "fuzz", &text, rules) {
                Ok(r) => r,
                Err(e) => {
                    for d in &e.into_report().diagnostics {
                        assert!(
                            d.span.start <= d.span.end && d.span.end <= text.len() + 3,
                            "span inside"
                        );
                    }
                    continue;
                }
            };
            rec.replay(rules).expect("a record that reads is legal");
            for out in FORMATS {
                let Ok(written) = record::write(out.format, &rec, rules) else {
                    continue;
                };
                if let Ok(back) = record::read(out.format, "written", &written, rules)
                    && !back.moves.is_empty()
                {
                    assert_eq!(back.moves, rec.moves, "{} writes what it reads back", out.name);
                }
            }
        }
    }
});
