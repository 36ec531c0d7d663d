//! Every Taikyoku piece's moves on an empty board, checked against the
//! movement column of tests/tables/taikyoku_pieces.txt (transcribed from
//! the rules reference, shared/reference/taikyoku-shogi.md §3 and
//! taikyoku-pieces.tsv), and the reference's other readings (§7.3, the
//! table's `alt` lines) under their options.
//!
//! The table's movement text is read here by a small reader of its own,
//! independent of scripts/gen-taikyoku, which writes the rule file from the
//! same table. On an empty board the pass-over and range-capture moves are
//! plain slides; tests/taikyoku_rules.rs checks them among pieces.

use gunbai::unstable::board::{Colour, Geometry, Square};
use gunbai::unstable::diagram::move_map;
use gunbai::unstable::ruleset::Ruleset;
use std::collections::BTreeSet;
use std::sync::Arc;

// Only its direction words are used here.
mod common;
mod giant_tables;
use giant_tables::directions;

struct Kind {
    id: String,
    code: String,
    count: u32,
    movement: String,
    promotes_to: Option<String>,
}

fn table() -> (Vec<Kind>, Vec<(String, String)>) {
    let mut kinds = Vec::new();
    let mut alts = Vec::new();
    for line in include_str!("tables/taikyoku_pieces.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f[0] == "alt" {
            alts.push((f[1].to_string(), f[2].to_string()));
            continue;
        }
        assert_eq!(f.len(), 8, "table line: {line}");
        kinds.push(Kind {
            id: f[0].to_string(),
            code: f[3].to_string(),
            count: f[4].parse().expect("count"),
            movement: f[5].to_string(),
            promotes_to: (f[6] != "-").then(|| f[6].to_string()),
        });
    }
    (kinds, alts)
}

fn load(options: &[(&str, &str)]) -> Arc<Ruleset> {
    let opts: Vec<_> = options
        .iter()
        .map(|(k, v)| format!("{k}={v}").parse().expect("option"))
        .collect();
    gunbai::unstable::rules::load_variant("taikyoku", &opts).expect("bundled taikyoku compiles")
}

fn numbers(t: &str) -> Vec<i32> {
    match t.strip_prefix("+-") {
        Some(n) => {
            let n: i32 = n.parse().expect("number");
            vec![n, -n]
        }
        None => vec![t.parse().expect("number")],
    }
}

/// The squares a piece moving by `movement` reaches from (x, y) on an
/// empty board, for Black (forward = up).
fn expected(geo: &Geometry, movement: &str, x: i32, y: i32) -> BTreeSet<Square> {
    let mut out = BTreeSet::new();
    let ray = |out: &mut BTreeSet<Square>, x: i32, y: i32, (dx, dy): (i32, i32), max: i32| {
        for n in 1..=max {
            match geo.square(x + dx * n, y + dy * n) {
                Some(s) => {
                    out.insert(s);
                }
                None => break,
            }
        }
    };
    for clause in movement.split(';').map(str::trim).filter(|c| !c.is_empty()) {
        let words: Vec<&str> = clause.split_whitespace().collect();
        let dirs_until = |from: usize| -> Vec<(i32, i32)> {
            words[from..]
                .iter()
                .take_while(|w| w.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()))
                .flat_map(|w| directions(w))
                .collect()
        };
        let limit = words
            .iter()
            .find_map(|w| w.strip_prefix("<="))
            .map(|n| n.parse::<i32>().expect("limit"));
        match words[0] {
            "step" => dirs_until(1).into_iter().for_each(|d| ray(&mut out, x, y, d, 1)),
            "slide" | "range-capture" | "pass-over-3" => dirs_until(1)
                .into_iter()
                .for_each(|d| ray(&mut out, x, y, d, limit.unwrap_or(99))),
            // On an empty board a jump-then-slide is a slide.
            "along" => dirs_until(1).into_iter().for_each(|d| ray(&mut out, x, y, d, 99)),
            "igui" => {}
            "lion" => {
                for dy in -2..=2 {
                    for dx in -2..=2 {
                        if let Some(s) = geo.square(x + dx, y + dy)
                            && (dx, dy) != (0, 0)
                        {
                            out.insert(s);
                        }
                    }
                }
            }
            "hook" => {
                let first: Vec<(i32, i32)> = if words[1] == "FL" {
                    directions("FL").into_iter().chain(directions("FR")).collect()
                } else {
                    directions(words[1])
                };
                for (dx, dy) in first {
                    for n in 1..99 {
                        let Some(s) = geo.square(x + dx * n, y + dy * n) else {
                            break;
                        };
                        out.insert(s);
                        // One 90-degree turn, on to the board's edge.
                        for turn in [(-dy, dx), (dy, -dx)] {
                            ray(&mut out, x + dx * n, y + dy * n, turn, 99);
                        }
                    }
                }
            }
            "jump" if clause.contains("then optionally slide on") => {
                // Wooden dove: to the 3rd diagonal square, then up to 2 more.
                for d in directions("DIAG") {
                    for n in 3..=5 {
                        if let Some(s) = geo.square(x + d.0 * n, y + d.1 * n) {
                            out.insert(s);
                        }
                    }
                }
            }
            "jump" => {
                for pair in clause.split('(').skip(1) {
                    let pair = pair.split(')').next().expect("pair");
                    let (a, b) = pair.split_once(',').expect("offset");
                    for dx in numbers(a) {
                        for dy in numbers(b) {
                            if let Some(s) = geo.square(x + dx, y + dy) {
                                out.insert(s);
                            }
                        }
                    }
                }
            }
            other => panic!("unknown movement clause `{other}` in `{clause}`"),
        }
    }
    out
}

/// The squares the rule file lets a Black piece of `kind` reach from (x, y).
fn drawn(rules: &Ruleset, kind: &str, x: i32, y: i32) -> BTreeSet<Square> {
    let geo = &rules.geometry;
    let k = rules.find_kind(kind).unwrap_or_else(|| panic!("no kind {kind}"));
    let map = move_map(
        rules,
        rules.unpromoted_type(k),
        Colour::Black,
        geo.square(x, y).expect("square"),
    );
    (0..geo.len() as Square)
        .filter(|&s| map.marks[usize::from(s)].is_some())
        .collect()
}

/// Where the piece is tried: the centre, near a corner, and on an edge.
const ORIGINS: [(i32, i32); 3] = [(17, 17), (1, 2), (35, 20)];

fn mismatches(rules: &Ruleset, kind: &str, movement: &str) -> Vec<String> {
    let geo = &rules.geometry;
    let mut out = Vec::new();
    for (x, y) in ORIGINS {
        let want = expected(geo, movement, x, y);
        let got = drawn(rules, kind, x, y);
        if want != got {
            let names = |s: &BTreeSet<Square>| s.iter().map(|&q| geo.square_name(q)).collect::<Vec<_>>().join(" ");
            out.push(format!(
                "{kind} from {}: missing [{}], extra [{}]",
                geo.square_name(geo.square(x, y).expect("square")),
                names(&want.difference(&got).copied().collect()),
                names(&got.difference(&want).copied().collect()),
            ));
        }
    }
    out
}

#[test]
fn every_kind_moves_as_the_reference_table_says() {
    let (kinds, _) = table();
    assert_eq!(kinds.len(), 301, "301 kinds (§1)");
    let rules = load(&[]);
    let bad: Vec<String> = kinds
        .iter()
        .flat_map(|k| mismatches(&rules, &k.id, &k.movement))
        .collect();
    assert!(bad.is_empty(), "{} mismatches:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn every_other_reading_of_section_7_3_moves_as_the_table_says() {
    let (kinds, alts) = table();
    assert_eq!(alts.len(), 22, "one row per piece of §7.3");
    let mut bad = Vec::new();
    for (code, movement) in &alts {
        let kind = kinds.iter().find(|k| &k.code == code).expect("alt code names a kind");
        let option = format!("alt_{}", code.to_lowercase());
        let rules = load(&[(&option, "mb")]);
        let movement = if movement == "-" { "" } else { movement.as_str() };
        bad.extend(mismatches(&rules, &kind.id, movement));
    }
    assert!(bad.is_empty(), "{} mismatches:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn codes_promotions_and_counts_match_the_table() {
    let (kinds, _) = table();
    let rules = load(&[]);
    let pos = gunbai::unstable::position::Position::start(rules.clone());
    let mut total = 0;
    for k in &kinds {
        let kind = rules.find_kind(&k.id).expect("kind");
        assert_eq!(rules.kinds[kind].code, k.code, "{}: code", k.id);
        let promotes = rules.kinds[kind].promotes_to.map(|p| rules.kinds[p].id.clone());
        assert_eq!(promotes, k.promotes_to, "{}: promotes to", k.id);
        let ty = rules.unpromoted_type(kind);
        let on_board = (0..rules.geometry.len() as Square)
            .filter(|&s| pos.piece_at(s).is_some_and(|(c, t)| c == Colour::Black && t == ty))
            .count();
        assert_eq!(on_board as u32, k.count, "{}: pieces at the start", k.id);
        total += k.count;
    }
    assert_eq!(total, 402, "402 pieces a side (§1)");
}
