//! The rule files the fuzz targets (fuzz/, a crate of its own that CI does
//! not build) load at start compile, so that a change to the format cannot
//! leave a target that stops on its first input. The `position` target did:
//! its 5x6 file became an error when a piece in the setup had to have an
//! SFEN letter.

use gunbai::unstable::compile::compile;
use gunbai::unstable::diagnostics::Source;

#[test]
fn every_rule_file_a_fuzz_target_loads_compiles() {
    for (name, text) in [
        ("fuzz_mini.toml", include_str!("data/toy/fuzz_mini.toml")),
        ("fuzz_host.toml", include_str!("data/toy/fuzz_host.toml")),
        ("giant36.toml", include_str!("data/giant36.toml")),
    ] {
        if let Err(report) = compile(&Source::new(name, text), &[]) {
            panic!("{name} does not compile: {report:?}");
        }
    }
    for variant in ["chu", "shogi", "minishogi", "kyotoshogi", "dobutsu", "ko", "wa"] {
        assert!(gunbai::unstable::rules::load_variant(variant, &[]).is_ok(), "{variant}");
    }
}
