//! Prints every bundled kind's value as derived from its mobility (the
//! evaluation's default when a rule file gives none): `variant<TAB>kind
//! id<TAB>value`, one line each. `scripts/piece-values` reads it to fill
//! the `value`s no published table gives.

use gunbai::unstable::rules::{bundled_names, load_variant};
use gunbai::unstable::search::eval::default_value;

fn main() {
    for variant in bundled_names() {
        let Ok(rules) = load_variant(variant, &[]) else {
            eprintln!("{variant}: does not load");
            std::process::exit(2);
        };
        for (k, kind) in rules.kinds.iter().enumerate() {
            println!("{variant}\t{}\t{}", kind.id, default_value(&rules, k));
        }
    }
}
