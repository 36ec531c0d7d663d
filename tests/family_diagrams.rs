//! Sho and Wa shogi pieces on an empty board against their diagrams from
//! HaChu's piece tables (tests/tables/{sho,wa}_hachu.txt, drawn by
//! tools/hachu-tables.py from HaChu's per-ray ranges, not from gunbai), and
//! Tenjiku's against the reference's §5 (tests/tables/tenjiku_reference.txt,
//! drawn by tools/tenjiku-tables.py from the reference's words).

use gunbai::unstable::board::Colour;
use gunbai::unstable::diagram::move_map;
use gunbai::unstable::rules::load_variant;

/// `(piece, grid)` blocks; a grid runs to the next blank line.
fn table(text: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if let Some(piece) = lines[i].strip_prefix("piece: ") {
            let g = lines[i..].iter().position(|l| *l == "grid:").expect("grid:") + i + 1;
            let end = lines[g..]
                .iter()
                .position(|l| l.is_empty())
                .map_or(lines.len(), |e| e + g);
            blocks.push((piece.trim().to_string(), lines[g..end].join("\n") + "\n"));
            i = end;
        } else {
            i += 1;
        }
    }
    blocks
}

fn check(variant: &str, text: &str, centre: &str) {
    let rules = load_variant(variant, &[]).expect("bundled rule file");
    let blocks = table(text);
    assert_eq!(blocks.len(), rules.kinds.len(), "{variant}: one block per kind");
    let centre = rules.geometry.parse_square(centre).expect("centre");
    let mut mismatches = Vec::new();
    for (piece, want) in &blocks {
        let radius = (want.lines().count() as i32 - 1) / 2;
        let kind = rules
            .kinds
            .iter()
            .position(|k| k.id == *piece)
            .unwrap_or_else(|| panic!("{variant}: unknown kind {piece}"));
        for colour in Colour::BOTH {
            let got =
                move_map(&rules, rules.unpromoted_type(kind), colour, centre).render(&rules, colour, Some(radius));
            if got != *want {
                mismatches.push(format!("{piece} ({colour}):\nexpected\n{want}got\n{got}"));
            }
        }
    }
    assert!(mismatches.is_empty(), "{variant}:\n{}", mismatches.join("\n"));
}

#[test]
fn every_sho_piece_matches_hachus_diagram() {
    check("sho", include_str!("tables/sho_hachu.txt"), "e5");
}

#[test]
fn every_wa_piece_matches_hachus_diagram() {
    check("wa", include_str!("tables/wa_hachu.txt"), "f6");
}

#[test]
fn every_tenjiku_piece_matches_the_reference() {
    check("tenjiku", include_str!("tables/tenjiku_reference.txt"), "h8");
}
