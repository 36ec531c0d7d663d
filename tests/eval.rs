//! Piece values in the bundled rule files: every kind has one, and each
//! published value of scripts/data/piece-values.tsv (HaChu 0.21's tables,
//! Fairy-Stockfish's shogi values) is the one the rule file carries.

use gunbai::unstable::rules::{bundled_names, load_variant};

#[test]
fn every_kind_of_every_bundled_rule_file_has_a_value() {
    for variant in bundled_names() {
        let rules = load_variant(variant, &[]).expect("bundled");
        for kind in &rules.kinds {
            assert!(kind.value.is_some(), "{variant}: {} has no value", kind.id);
        }
    }
}

#[test]
fn published_values_are_the_rule_files_values() {
    let table = include_str!("../scripts/data/piece-values.tsv");
    let mut checked = 0;
    for line in table.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let (variant, piece, value) = (f[0], f[1], f[2].parse::<i32>().expect("a number"));
        let rules = load_variant(variant, &[]).expect("bundled");
        let kind = match piece.strip_prefix("id:") {
            Some(id) => rules.kinds.iter().find(|k| k.id == id),
            None => rules.kinds.iter().find(|k| k.code == piece),
        };
        // Rows naming a Chu kind another variant lacks are skipped by the
        // script too.
        if let Some(kind) = kind {
            assert_eq!(kind.value, Some(value), "{variant} {piece}");
            checked += 1;
        }
    }
    assert!(checked > 150, "only {checked} rows matched a kind");
}

/// HaChu's Chu table values the lion at 1000 and the free king at 600: a
/// lion is worth more than a free king (gunbai's old mobility values had
/// it the other way round, and it gave its lion for a pawn).
#[test]
fn chu_lion_is_worth_more_than_a_free_king() {
    let rules = load_variant("chu", &[]).expect("bundled");
    let value = |id: &str| rules.kinds.iter().find(|k| k.id == id).and_then(|k| k.value).expect(id);
    assert_eq!(value("lion"), 1000);
    assert_eq!(value("free_king"), 600);
    assert!(value("lion") > value("free_king"));
}
