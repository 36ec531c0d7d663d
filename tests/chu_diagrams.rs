//! Every Chu piece's moves on an empty board, checked against the seed 002
//! movement diagrams (transcribed in tests/tables/chu_seed002.txt; where the
//! seed's diagram is blank the table holds the reference's move list) and
//! snapshotted over the whole board from the centre and from a corner.

use gunbai::unstable::board::Colour;
use gunbai::unstable::diagram::move_map;
use gunbai::unstable::ruleset::Ruleset;
use std::sync::Arc;

mod common;
use common::kind_diagrams;

fn chu() -> Arc<Ruleset> {
    gunbai::unstable::rules::load_variant("chu", &[]).expect("bundled chu compiles")
}

struct Block {
    piece: String,
    source: String,
    grid: String,
}

fn seed_table() -> Vec<Block> {
    let text = include_str!("tables/chu_seed002.txt");
    let mut blocks = Vec::new();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let mut i = 0;
    while i < lines.len() {
        if let Some(piece) = lines[i].strip_prefix("piece: ") {
            let mut source = String::new();
            let mut j = i + 1;
            while j < lines.len() && lines[j] != "grid:" {
                if let Some(s) = lines[j].strip_prefix("source: ") {
                    source = s.trim().to_string();
                }
                j += 1;
            }
            let grid: Vec<&str> = lines[j + 1..j + 6].to_vec();
            blocks.push(Block {
                piece: piece.trim().to_string(),
                source,
                grid: grid.join("\n") + "\n",
            });
            i = j + 6;
        } else {
            i += 1;
        }
    }
    blocks
}

#[test]
fn every_chu_kind_matches_its_seed_or_reference_diagram() {
    let rules = chu();
    let table = seed_table();
    assert_eq!(table.len(), rules.kinds.len(), "one table block per kind");
    let centre = rules.geometry.parse_square("f6").expect("f6");
    let mut mismatches = Vec::new();
    for b in &table {
        let kind = rules
            .kinds
            .iter()
            .position(|k| k.id == b.piece)
            .unwrap_or_else(|| panic!("unknown kind {}", b.piece));
        for colour in Colour::BOTH {
            // The table draws the owner's view; White's must look the same.
            let map = move_map(&rules, rules.unpromoted_type(kind), colour, centre);
            let drawn = map.render(&rules, colour, Some(2));
            if drawn != b.grid {
                mismatches.push(format!(
                    "{} ({}, {colour}):\nexpected\n{}got\n{}",
                    b.piece, b.source, b.grid, drawn
                ));
            }
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    let from_seed = table.iter().filter(|b| b.source == "seed002").count();
    assert_eq!(from_seed, 8, "seed 002 draws 8 kinds' diagrams");
}

#[test]
fn every_chu_kind_on_an_empty_board() {
    let rules = chu();
    for (k, kind) in rules.kinds.iter().enumerate() {
        let text = kind_diagrams(&rules, k, &["f6", "a1"]);
        insta::assert_snapshot!(format!("chu_{}", kind.id), text);
    }
}

#[test]
fn promoted_types_move_as_their_kind() {
    // A rook promoted from a gold moves exactly like a rook (§2.2).
    let rules = chu();
    let sq = rules.geometry.parse_square("f6").expect("f6");
    for (t, ty) in rules.types.iter().enumerate() {
        if ty.promoted_from.is_some() {
            let promoted = move_map(&rules, t as u16, Colour::Black, sq);
            let plain = move_map(&rules, rules.unpromoted_type(ty.kind), Colour::Black, sq);
            assert_eq!(promoted.marks, plain.marks, "{}", ty.code);
        }
    }
}
