//! Perft speed on each bundled variant's start position (nodes per second
//! are reported as throughput).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gunbai::perft::{Convention, perft};
use gunbai::position::Position;
use std::hint::black_box;

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for name in gunbai::rules::bundled_names() {
        let rules = gunbai::rules::load_variant(name, &[]).expect("bundled rule file compiles");
        for depth in [3, 4] {
            let mut pos = Position::start(rules.clone());
            let nodes = perft(&mut pos, depth, Convention::Paths);
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(format!("{name}/start/depth{depth}"), |b| {
                b.iter(|| perft(black_box(&mut pos), depth, Convention::Paths))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
