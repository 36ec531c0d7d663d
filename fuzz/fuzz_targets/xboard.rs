//! Arbitrary bytes as an XBoard (CECP) command stream, fed to the engine
//! loop in memory with a tiny budget (64 nodes a search, a 1 MB table),
//! offering Chu, shogi, Ko (moves with effects) and Wa (a variant XBoard
//! learns from gunbai): the session never panics, and every reply is UTF-8
//! text whose lines hold no control characters (what the engine echoes is
//! escaped).

#![no_main]

use gunbai::unstable::engine::clock::Caps;
use gunbai::unstable::engine::xboard::{Offered, run};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

static OFFERED: LazyLock<Vec<Offered>> = LazyLock::new(|| {
    ["chu", "shogi", "ko", "wa"]
        .iter()
        .map(|spec| Offered {
            spec: spec.to_string(),
            overrides: Vec::new(),
            rules: gunbai::unstable::rules::load_variant(spec, &[]).expect("bundled variant compiles"),
        })
        .collect()
});

fuzz_target!(|data: &[u8]| {
    let caps = Caps {
        nodes: Some(64),
        table_mb: 1,
    };
    let mut out = Vec::new();
    let input = std::io::Cursor::new(data.to_vec());
    run(input, &mut out, OFFERED.clone(), "fuzz", caps).expect("writing to memory succeeds");
    let text = std::str::from_utf8(&out).expect("replies are UTF-8");
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "a control character in the replies: {text:?}"
    );
});
