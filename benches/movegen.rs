//! The move generator's figures from issue 11 (docs/performance.md, "Move
//! generation"): Chu perft(4).unwrap() under the effects and paths conventions,
//! Ko perft(3).unwrap(), Dai-dai perft(4).unwrap() and Shogi perft(4).unwrap(), from each start
//! position, single-threaded. Run by hand with `cargo bench --bench
//! movegen`; CI does not run benchmarks.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gunbai::unstable::perft::{Convention, perft};
use gunbai::unstable::position::Position;
use std::hint::black_box;

/// (variant, depth, convention, label).
const FIGURES: &[(&str, u32, Convention, &str)] = &[
    ("chu", 4, Convention::Effects, "chu/effects/4"),
    ("chu", 4, Convention::Paths, "chu/paths/4"),
    ("ko", 3, Convention::Paths, "ko/paths/3"),
    ("dai_dai", 4, Convention::Paths, "dai_dai/paths/4"),
    ("shogi", 4, Convention::Paths, "shogi/paths/4"),
];

fn bench_movegen(c: &mut Criterion) {
    // `cargo test --all-targets` (CI) runs benches once without `--bench`:
    // a shallow smoke run there, the real depths only under `cargo bench`.
    let benching = std::env::args().any(|a| a == "--bench");
    let mut group = c.benchmark_group("movegen");
    group.sample_size(10);
    for &(name, full_depth, conv, label) in FIGURES {
        let depth = if benching { full_depth } else { 2 };
        let rules = gunbai::unstable::rules::load_variant(name, &[]).expect("bundled rule file compiles");
        let mut pos = Position::start(rules);
        let leaves = perft(&mut pos, depth, conv).unwrap();
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(label, |b| b.iter(|| perft(black_box(&mut pos), depth, conv).unwrap()));
    }
    group.finish();
}

criterion_group!(benches, bench_movegen);
criterion_main!(benches);
