//! Arbitrary text as a condition, in every place a rule file can hold one.
//!
//! The first byte picks the place; the rest is spliced into a small host
//! rule file as a TOML literal string, so the whole pipeline runs: parse,
//! type check, option folding, spans mapped into the file, and (if it
//! compiles) evaluation while playing a few moves from positions where
//! pieces capture, promote and answer a previous capture.

#![no_main]

use gunbai::unstable::compile::compile;
use gunbai::unstable::diagnostics::Source;
use gunbai::unstable::movegen::legal_moves;
use gunbai::unstable::position::Position;
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

/// Chu's vocabulary on a 6x6 board: lions, pawns that promote, a royal
/// tag, a true/false option and a text option.
const HOST: &str = include_str!("../../tests/data/toy/fuzz_host.toml");

/// Where the condition goes: the text in the host that is replaced, and
/// what goes before and after the condition.
const PLACES: [(&str, &str, &str); 7] = [
    ("loses_when = \"count(royal) == 0\"", "loses_when = ", ""),
    ("condition = \"opt.flag\"", "condition = ", ""),
    ("may = \"in_zone(to)\"", "may = ", ""),
    ("may = \"in_zone(to)\"", "may = \"in_zone(to)\"\nmust = ", ""),
    (
        "moves = [{ step = \"all\" }]",
        "moves = [{ step = \"all\", when = ",
        " }]",
    ),
    ("zone_ranks = 2", "zone_ranks = 2\nrepromote = ", ""),
    (
        "forbid_capture = \"victim is lion and not mover is lion and last.captured(lion)\"",
        "forbid_capture = ",
        "",
    ),
];

/// Positions where conditions are asked about captures, promotion, lions
/// and the last move.
const POSITIONS: [&str; 3] = [
    "2,k,3/6/1,p,1,p,2/2,LN,3/6/2,K,3 b",
    "2,k,3/2,P,3/6/1,ln,g,3/1,G,4/K,5 b G-c3xLN@c3",
    "k,5/ln,5/6/1,p,4/1,LN,4/K,5 w LN-b2xP@b3",
];

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(cond) = std::str::from_utf8(rest) else {
        return;
    };
    if cond.contains("'''") {
        return;
    }
    let (old, before, after) = PLACES[usize::from(which) % PLACES.len()];
    let text = HOST.replacen(old, &format!("{before}'''{cond}'''{after}"), 1);
    let source = Source::new("fuzz.toml", text.as_str());
    match compile(&source, &[]) {
        Err(report) => {
            assert!(report.has_errors());
            let _ = report.to_string();
        }
        Ok(compiled) => {
            let rules = Arc::new(compiled.ruleset);
            let mut moves = Vec::new();
            for p in POSITIONS {
                let Ok(mut pos) = Position::from_text(rules.clone(), p) else {
                    continue;
                };
                for ply in 0..3 {
                    moves.clear();
                    let _ = legal_moves(&pos, &mut moves);
                    let Some(m) = moves.get(ply * 13 % moves.len().max(1)).copied() else {
                        break;
                    };
                    pos.play_unchecked(&m);
                }
            }
        }
    }
});
