//! Perft speed on each bundled variant's start position (nodes per second
//! are reported as throughput). Each variant is measured at the deepest
//! depth whose tree stays under a node budget, so that the largest
//! variants finish too.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gunbai::unstable::perft::{Convention, perft};
use gunbai::unstable::position::Position;
use std::hint::black_box;

/// Largest tree measured, in leaf nodes.
const BUDGET: u64 = 3_000_000;

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for name in gunbai::unstable::rules::bundled_names() {
        let rules = gunbai::unstable::rules::load_variant(name, &[]).expect("bundled rule file compiles");
        let mut pos = Position::start(rules);
        // The deepest depth under the budget (growth is estimated from the
        // last two depths, so no tree far over it is ever walked).
        let (mut depth, mut nodes) = (1, perft(&mut pos, 1, Convention::Paths).unwrap());
        while nodes.saturating_mul(nodes.max(1)) / perft(&mut pos, depth.max(2) - 1, Convention::Paths).unwrap().max(1)
            < BUDGET
            && depth < 6
        {
            depth += 1;
            nodes = perft(&mut pos, depth, Convention::Paths).unwrap();
        }
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/start/depth{depth}"), |b| {
            b.iter(|| perft(black_box(&mut pos), depth, Convention::Paths).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
