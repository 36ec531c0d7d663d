//! Arbitrary bytes as an ATSI command stream (src/engine/atsi.rs), fed to
//! the engine loop in memory with a tiny budget (64 nodes a search, a 1 MB
//! table) on Taikyoku: the session never panics and every reply is UTF-8
//! text whose lines hold no control characters.

#![no_main]

use gunbai::unstable::engine::atsi::run;
use gunbai::unstable::engine::clock::Caps;
use gunbai::unstable::ruleset::Ruleset;
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, LazyLock};

static RULES: LazyLock<Arc<Ruleset>> =
    LazyLock::new(|| gunbai::unstable::rules::load_variant("taikyoku", &[]).expect("bundled variant compiles"));

fuzz_target!(|data: &[u8]| {
    let caps = Caps {
        nodes: Some(64),
        table_mb: 1,
    };
    let mut out = Vec::new();
    run(std::io::Cursor::new(data.to_vec()), &mut out, RULES.clone(), caps).expect("writing to memory succeeds");
    let text = std::str::from_utf8(&out).expect("replies are UTF-8");
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "a control character in the replies: {text:?}"
    );
});
