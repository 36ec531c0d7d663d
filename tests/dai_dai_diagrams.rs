//! Every Dai-dai piece's moves on an empty board, checked against the seed
//! 003 movement diagrams (transcribed in tests/tables/dai_dai_seed003.txt;
//! where the seed draws no diagram the table holds one drawn from the seed's
//! prose or from the rules reference, shared/reference/dai-dai-shogi.md §6)
//! and snapshotted over the whole board from the centre and from a corner.
//!
//! The seed's drawing convention is not the renderer's. The table's header
//! (HOW THE TEST COMPARES) documents the mapping that [`to_seed_symbols`]
//! applies to the renderer's output before comparing:
//! - `□` (first landing of a multi-leg move) becomes `■`: the seed's
//!   colours for the lion's and lion dog's distance classes are lost;
//! - a run of arrows along a ray that stops inside the grid is a limited
//!   range, which the seed draws with `●`;
//! - for the hook movers, outward arrows on the lines become the seed's
//!   `╋` / `╳`, and squares reached only after the turn become `↱`; the seed
//!   leaves those blank, so [`expected_grid`] fills them from the seed's
//!   prose (a turn at any empty square).

use gunbai::unstable::board::Colour;
use gunbai::unstable::diagram::move_map;
use gunbai::unstable::ruleset::{LegMode, Ruleset};
use std::sync::Arc;

mod common;
use common::{DIRECTIONS, arrow, is_arrow, kind_diagrams};

fn dai_dai() -> Arc<Ruleset> {
    gunbai::unstable::rules::load_variant("dai_dai", &[]).expect("bundled dai_dai compiles")
}

type Grid = Vec<Vec<String>>;

struct Block {
    piece: String,
    source: String,
    part: Option<String>,
    grid: Grid,
}

fn parse_grid(lines: &[&str]) -> Grid {
    lines
        .iter()
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

fn seed_table() -> Vec<Block> {
    let text = include_str!("tables/dai_dai_seed003.txt");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(piece) = lines[i].strip_prefix("piece: ") else {
            i += 1;
            continue;
        };
        let (mut source, mut part) = (String::new(), None);
        let mut j = i + 1;
        while lines[j] != "grid:" {
            if let Some(s) = lines[j].strip_prefix("source: ") {
                source = s.trim().to_string();
            }
            if let Some(p) = lines[j].strip_prefix("part: ") {
                part = Some(p.trim().to_string());
            }
            j += 1;
        }
        let start = j + 1;
        let mut end = start;
        while end < lines.len() && !lines[end].trim().is_empty() {
            end += 1;
        }
        let grid = parse_grid(&lines[start..end]);
        let n = grid.len();
        assert!(
            n % 2 == 1 && grid.iter().all(|r| r.len() == n),
            "{piece}: grid must be NxN, N odd"
        );
        assert_eq!(grid[n / 2][n / 2], "*", "{piece}: centre");
        blocks.push(Block {
            piece: piece.trim().to_string(),
            source,
            part,
            grid,
        });
        i = end;
    }
    blocks
}

/// The hook lines a grid is drawn with: `╋` (orthogonal) or `╳` (diagonal).
fn hook_symbol(grid: &Grid) -> Option<&'static str> {
    let has = |s| grid.iter().flatten().any(|c| c == s);
    if has("╋") {
        Some("╋")
    } else if has("╳") {
        Some("╳")
    } else {
        None
    }
}

/// `Some(direction)` if (dx, dy) lies on a line through the centre that the
/// hook symbol draws.
fn on_hook_line(hook: &str, dx: i32, dy: i32) -> Option<(i32, i32)> {
    let on = match hook {
        "╋" => (dx == 0) != (dy == 0),
        _ => dx != 0 && dx.abs() == dy.abs(),
    };
    on.then_some((dx.signum(), dy.signum()))
}

/// Maps the renderer's symbols to the seed's (see the module comment).
fn to_seed_symbols(mut g: Grid, hook: Option<&str>) -> Grid {
    let n = g.len() as i32;
    let h = n / 2;
    let cell = |dx: i32, dy: i32| ((h - dy) as usize, (h + dx) as usize);
    for row in g.iter_mut() {
        for c in row.iter_mut() {
            if c == "□" {
                *c = "■".to_string();
            }
        }
    }
    if let Some(hook) = hook {
        for dy in -h..=h {
            for dx in -h..=h {
                let (r, c) = cell(dx, dy);
                if !is_arrow(&g[r][c]) {
                    continue;
                }
                g[r][c] = match on_hook_line(hook, dx, dy) {
                    Some((ux, uy)) if g[r][c] == arrow(ux, uy) => hook.to_string(),
                    _ => "↱".to_string(),
                };
            }
        }
        return g;
    }
    for d in DIRECTIONS {
        let run = (1..=h)
            .take_while(|&k| {
                let (r, c) = cell(d.0 * k, d.1 * k);
                g[r][c] == arrow(d.0, d.1)
            })
            .count() as i32;
        if run > 0 && run < h {
            for k in 1..=run {
                let (r, c) = cell(d.0 * k, d.1 * k);
                g[r][c] = "●".to_string();
            }
        }
    }
    g
}

/// The seed's grid, with the squares a hook mover reaches after its turn
/// (blank in the seed) filled from its prose: any empty square on the way
/// may be the turn, so the hook mover reaches every square off its lines
/// and the goblin every square off its lines of its own colour.
fn expected_grid(seed: &Grid) -> Grid {
    let Some(hook) = hook_symbol(seed) else {
        return seed.clone();
    };
    let h = (seed.len() / 2) as i32;
    let mut g = seed.clone();
    for dy in -h..=h {
        for dx in -h..=h {
            let (r, c) = ((h - dy) as usize, (h + dx) as usize);
            let reached =
                (dx, dy) != (0, 0) && on_hook_line(hook, dx, dy).is_none() && (hook == "╋" || (dx + dy) % 2 == 0);
            if reached {
                assert_eq!(g[r][c], ".", "the seed draws only the hook lines");
                g[r][c] = "↱".to_string();
            }
        }
    }
    g
}

/// The ruleset with this kind's movement cut down to one part of a split
/// seed diagram.
fn part_rules(rules: &Ruleset, kind: usize, part: Option<&str>) -> Ruleset {
    let mut r = rules.clone();
    let keep = |has_slide: bool| match part {
        Some("slides") => has_slide,
        Some("no-slides") => !has_slide,
        _ => true,
    };
    for side in r.programs.iter_mut() {
        side[kind].retain(|p| keep(p.legs.iter().any(|l| matches!(l.mode, LegMode::Slide { .. }))));
    }
    r
}

fn drawn(rules: &Ruleset, kind: usize, colour: Colour, radius: i32, hook: Option<&str>) -> Grid {
    let centre = rules.geometry.parse_square("i9").expect("i9");
    let map = move_map(rules, rules.unpromoted_type(kind), colour, centre);
    let text = map.render(rules, colour, Some(radius));
    to_seed_symbols(parse_grid(&text.lines().collect::<Vec<_>>()), hook)
}

fn show(g: &Grid) -> String {
    g.iter().map(|r| r.join(" ") + "\n").collect()
}

#[test]
fn every_dai_dai_kind_matches_its_seed_or_reference_diagram() {
    let rules = dai_dai();
    let table = seed_table();
    let mut mismatches = Vec::new();
    let mut unions: Vec<(usize, Grid)> = Vec::new();
    for b in &table {
        let kind = rules
            .kinds
            .iter()
            .position(|k| k.id == b.piece)
            .unwrap_or_else(|| panic!("unknown kind {}", b.piece));
        if b.part.as_deref() == Some("union") {
            match unions.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, g)) => {
                    for (r, row) in b.grid.iter().enumerate() {
                        for (c, s) in row.iter().enumerate() {
                            if s != "." {
                                assert!(g[r][c] == "." || g[r][c] == *s, "{}: union parts disagree", b.piece);
                                g[r][c] = s.clone();
                            }
                        }
                    }
                }
                None => unions.push((kind, b.grid.clone())),
            }
            continue;
        }
        let r = part_rules(&rules, kind, b.part.as_deref());
        let expected = expected_grid(&b.grid);
        let radius = (b.grid.len() / 2) as i32;
        for colour in Colour::BOTH {
            // The table draws the owner's view; White's must look the same.
            let got = drawn(&r, kind, colour, radius, hook_symbol(&b.grid));
            if got != expected {
                mismatches.push(format!(
                    "{} ({}{}, {colour}):\nexpected\n{}got\n{}",
                    b.piece,
                    b.source,
                    b.part.as_ref().map(|p| format!(", part {p}")).unwrap_or_default(),
                    show(&expected),
                    show(&got)
                ));
            }
        }
    }
    for (kind, expected) in &unions {
        let radius = (expected.len() / 2) as i32;
        for colour in Colour::BOTH {
            let got = drawn(&rules, *kind, colour, radius, None);
            if got != *expected {
                mismatches.push(format!(
                    "{} (seed003, union of parts, {colour}):\nexpected\n{}got\n{}",
                    rules.kinds[*kind].id,
                    show(expected),
                    show(&got)
                ));
            }
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn the_table_covers_every_kind_and_every_seed_diagram() {
    let rules = dai_dai();
    let table = seed_table();
    let count = |s: &str| table.iter().filter(|b| b.source == s).count();
    // 27 diagrams in the seed: 23 kinds, the lion and the lion dog drawn
    // twice, the great elephant and the furious fiend in two parts each.
    assert_eq!(count("seed003"), 27, "seed 003 draws 27 diagrams");
    assert_eq!(count("seed003-prose"), 3, "kirin, phoenix, poisonous snake");
    assert_eq!(count("reference"), 42);
    assert_eq!(table.len(), 72);
    for k in &rules.kinds {
        assert!(table.iter().any(|b| b.piece == k.id), "{} has no diagram", k.id);
    }
    let mut seed_kinds: Vec<&str> = table
        .iter()
        .filter(|b| b.source == "seed003")
        .map(|b| b.piece.as_str())
        .collect();
    seed_kinds.sort();
    seed_kinds.dedup();
    assert_eq!(seed_kinds.len(), 23);
    // The two copies of the lion and of the lion dog are the same grid.
    for piece in ["lion", "lion_dog"] {
        let copies: Vec<&Grid> = table.iter().filter(|b| b.piece == piece).map(|b| &b.grid).collect();
        assert_eq!(copies.len(), 2, "{piece}");
        assert_eq!(copies[0], copies[1], "{piece}: the seed's two copies differ");
    }
    // Every seed grid is left-right symmetric, as the flattening recovered it.
    for b in table.iter().filter(|b| b.source == "seed003") {
        for row in &b.grid {
            let mirrored: Vec<String> = row
                .iter()
                .rev()
                .map(|s| {
                    let m = match s.as_str() {
                        "↖" => "↗",
                        "↗" => "↖",
                        "←" => "→",
                        "→" => "←",
                        "↙" => "↘",
                        "↘" => "↙",
                        other => other,
                    };
                    m.to_string()
                })
                .collect();
            assert_eq!(&mirrored, row, "{}: not left-right symmetric", b.piece);
        }
    }
}

#[test]
fn every_dai_dai_kind_on_an_empty_board() {
    let rules = dai_dai();
    for (k, kind) in rules.kinds.iter().enumerate() {
        let text = kind_diagrams(&rules, k, &["i9", "a1"]);
        insta::assert_snapshot!(format!("dai_dai_{}", kind.id), text);
    }
}

#[test]
fn promoted_types_move_as_their_kind() {
    // A lion dog promoted from a western barbarian moves exactly like a
    // lion dog (§3.6, §7.2).
    let rules = dai_dai();
    let sq = rules.geometry.parse_square("i9").expect("i9");
    let mut promoted = 0;
    for (t, ty) in rules.types.iter().enumerate() {
        if ty.promoted_from.is_some() {
            promoted += 1;
            let p = move_map(&rules, t as u16, Colour::Black, sq);
            let plain = move_map(&rules, rules.unpromoted_type(ty.kind), Colour::Black, sq);
            assert_eq!(p.marks, plain.marks, "{}", ty.code);
            assert_eq!(p.paths, plain.paths, "{}", ty.code);
        }
    }
    assert_eq!(promoted, 21, "21 promotable kinds, one promoted type each (§7.1)");
}
