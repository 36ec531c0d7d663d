//! Arbitrary bytes as a USI command stream, fed to the engine loop in
//! memory with a tiny budget (64 nodes a search, a 1 MB table), on Chu
//! or minishogi (first byte): the session never panics, every reply is
//! UTF-8 text whose lines hold no control characters, and every `go` is
//! answered by exactly one `bestmove`.

#![no_main]

use gunbai::unstable::engine::clock::Caps;
use gunbai::unstable::engine::usi::run;
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

static RULES: LazyLock<Vec<std::sync::Arc<gunbai::unstable::ruleset::Ruleset>>> = LazyLock::new(|| {
    ["chu", "minishogi"]
        .iter()
        .map(|spec| gunbai::unstable::rules::load_variant(spec, &[]).expect("bundled variant compiles"))
        .collect()
});

fuzz_target!(|data: &[u8]| {
    let Some((&which, commands)) = data.split_first() else {
        return;
    };
    let rules = RULES[usize::from(which) % RULES.len()].clone();
    let caps = Caps {
        nodes: Some(64),
        table_mb: 1,
    };
    let mut out = Vec::new();
    run(std::io::Cursor::new(commands.to_vec()), &mut out, rules, caps).expect("writing to memory succeeds");
    let text = std::str::from_utf8(&out).expect("replies are UTF-8");
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "a control character in the replies: {text:?}"
    );
    // The commands the loop reads, up to a `quit`, as it splits them.
    let mut gos = 0;
    for line in commands.split(|&b| b == b'\n') {
        if line.len() > 65536 {
            continue;
        }
        let Ok(line) = std::str::from_utf8(line.strip_suffix(b"\r").unwrap_or(line)) else {
            continue;
        };
        let line = line.trim();
        let cmd = line.split_once(' ').map_or(line, |(c, _)| c);
        match cmd {
            "quit" => break,
            "go" => gos += 1,
            _ => {}
        }
    }
    let answers = text.lines().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(answers, gos, "one bestmove per go: {text:?}");
});
