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

/// The seeds of the record doors' fuzz targets (fuzz/seeds/record,
/// fuzz/seeds/tsfen), through what the targets do: decoding, sniffing and
/// every format's reader under shogi, Chu and Taikyoku; no panic, an
/// error inside the text, a record that reads replays legally.
#[test]
fn record_and_tsfen_seeds_read_as_the_fuzz_targets_do() {
    use gunbai::unstable::record::{self, FORMATS};
    let rules: Vec<_> = ["shogi", "chu", "taikyoku"]
        .iter()
        .map(|v| gunbai::unstable::rules::load_variant(v, &[]).unwrap())
        .collect();
    let mut read = 0;
    for dir in ["fuzz/seeds/record", "fuzz/seeds/tsfen"] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let Ok(text) = record::decode("seed", &std::fs::read(&path).unwrap()) else {
                continue;
            };
            let _ = record::Format::sniff(&text);
            for info in FORMATS {
                let _ = (info.variant_of)(&text, &rules);
                for r in &rules {
                    match record::read_game(info.format, "seed", &text, r) {
                        Ok(rec) => {
                            rec.replay(r).unwrap();
                            read += 1;
                        }
                        Err(e) => {
                            for d in &e.into_report().diagnostics {
                                assert!(d.span.end <= text.len() + 3, "{}: span inside", path.display());
                            }
                        }
                    }
                }
            }
        }
    }
    // The seeds are records: most read under some variant.
    assert!(read >= 6, "{read} seeds read");
}
