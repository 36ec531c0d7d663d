//! Dai shogi pieces on an empty board: the eight Dai pieces against their
//! diagrams transcribed from HaChu's piece table (tests/tables/dai_hachu.txt),
//! and every piece Dai shares with Chu moving exactly as in Chu.

use gunbai::unstable::board::Colour;
use gunbai::unstable::diagram::move_map;
use gunbai::unstable::rules::load_variant;

struct Block {
    piece: String,
    grid: String,
}

fn table() -> Vec<Block> {
    let text = include_str!("tables/dai_hachu.txt");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if let Some(piece) = lines[i].strip_prefix("piece: ") {
            let g = lines[i..].iter().position(|l| *l == "grid:").expect("grid:") + i;
            blocks.push(Block {
                piece: piece.trim().to_string(),
                grid: lines[g + 1..g + 8].join("\n") + "\n",
            });
            i = g + 8;
        } else {
            i += 1;
        }
    }
    blocks
}

#[test]
fn every_dai_piece_matches_hachus_diagram() {
    let rules = load_variant("dai", &[]).expect("dai");
    let chu = load_variant("chu", &[]).expect("chu");
    let blocks = table();
    // One block for each kind Dai adds to Chu's.
    let added: Vec<&str> = rules
        .kinds
        .iter()
        .map(|k| k.id.as_str())
        .filter(|id| !chu.kinds.iter().any(|c| c.id == *id))
        .collect();
    let mut in_table: Vec<&str> = blocks.iter().map(|b| b.piece.as_str()).collect();
    in_table.sort();
    let mut added_sorted = added.clone();
    added_sorted.sort();
    assert_eq!(in_table, added_sorted, "one table block per piece Dai adds");
    let centre = rules.geometry.parse_square("h8").expect("h8");
    let mut mismatches = Vec::new();
    for b in &blocks {
        let kind = rules.kinds.iter().position(|k| k.id == b.piece).expect("kind");
        for colour in Colour::BOTH {
            let drawn = move_map(&rules, rules.unpromoted_type(kind), colour, centre).render(&rules, colour, Some(3));
            if drawn != b.grid {
                mismatches.push(format!("{} ({colour}):\nexpected\n{}got\n{}", b.piece, b.grid, drawn));
            }
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn pieces_shared_with_chu_move_as_in_chu() {
    let dai = load_variant("dai", &[]).expect("dai");
    let chu = load_variant("chu", &[]).expect("chu");
    let (d, c) = (
        dai.geometry.parse_square("h8").expect("h8"),
        chu.geometry.parse_square("f6").expect("f6"),
    );
    let mut shared = 0;
    for (k, kind) in chu.kinds.iter().enumerate() {
        let dk = dai
            .kinds
            .iter()
            .position(|x| x.id == kind.id)
            .expect("Dai has every Chu piece");
        let a = move_map(&dai, dai.unpromoted_type(dk), Colour::Black, d).render(&dai, Colour::Black, Some(5));
        let b = move_map(&chu, chu.unpromoted_type(k), Colour::Black, c).render(&chu, Colour::Black, Some(5));
        assert_eq!(a, b, "{} moves as in Chu", kind.id);
        // Promotions are Chu's too.
        let target =
            |r: &gunbai::unstable::ruleset::Ruleset, k: usize| r.kinds[k].promotes_to.map(|t| r.kinds[t].id.clone());
        assert_eq!(target(&dai, dk), target(&chu, k), "{} promotes as in Chu", kind.id);
        shared += 1;
    }
    assert_eq!(shared, 30);
}
