//! Deep perft: threads and the transposition table count exactly what one
//! thread without a table counts, and the start counts agree with lishogi's
//! shogiops (tools/oracle, as in tests/perft.rs).

mod cli_common;

use cli_common::{gunbai, stderr, stdout};
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::perft::{Convention, Counter, perft};
use gunbai::unstable::position::Position;

fn variant(name: &str, options: &[&str]) -> std::sync::Arc<gunbai::unstable::ruleset::Ruleset> {
    let o: Vec<OptionOverride> = options.iter().map(|s| s.parse().expect("NAME=VALUE")).collect();
    gunbai::unstable::rules::load_variant(name, &o).expect("bundled variant compiles")
}

fn counter(conv: Convention, threads: usize, mb: usize) -> Counter {
    Counter::new(conv).threads(threads).unwrap().hash_mb(mb).unwrap()
}

#[test]
fn chu_depth_4_with_threads_and_table_matches_shogiops() {
    // shogiops counts 2,134,748 (tests/perft.rs); sennichite4 keeps the
    // repeated positions as shogiops does.
    let pos = Position::start(variant("chu", &["repetition=sennichite4"]));
    for (threads, mb) in [(2, 0), (1, 4), (2, 4)] {
        let n = counter(Convention::Paths, threads, mb)
            .count(&pos, 4, &|_, _| ())
            .unwrap();
        assert_eq!(n, 2_134_748, "{threads} threads, {mb} MiB");
    }
    let pos = Position::start(variant("chu", &[]));
    assert_eq!(
        counter(Convention::Shogiops, 2, 4).count(&pos, 4, &|_, _| ()).unwrap(),
        2_134_748
    );
}

/// Small positions where pieces can go back and forth, so that the
/// forbid-repeat rule removes many moves deep in the tree: the table must
/// not carry a count from one path to another where the history differs.
#[test]
fn table_counts_equal_plain_counts_under_the_repetition_rule() {
    let cases = [
        ("chu", "11,k/12/12/12/12/12/12/12/12/12/12/K,11 b", 7),
        ("chu", "11,k/12/12/12/12/12/5,LN,6/12/12/12/12/K,11 b", 4),
        ("chu", "10,G,k/12/12/12/12/12/12/12/12/12/12/K,g,10 b", 6),
    ];
    for (name, text, depth) in cases {
        let mut pos = Position::from_text(variant(name, &[]), text).expect("position");
        let plain = perft(&mut pos, depth, Convention::Paths).unwrap();
        // 1 MiB: small enough that entries are replaced all the time.
        for threads in [1, 2] {
            let deep = counter(Convention::Paths, threads, 1)
                .count(&pos, depth, &|_, _| ())
                .unwrap();
            assert_eq!(deep, plain, "{text} depth {depth}, {threads} threads");
        }
    }
}

#[test]
fn the_command_counts_the_same_with_threads_and_a_table() {
    // shogiops: 36, 1296, 52599 (tests/perft.rs).
    let o = gunbai(&["perft", "chu", "3", "--threads", "2", "--hash", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "1\t36\n2\t1296\n3\t52599\n");
    // Divide lines come sorted by move text, whatever order threads finish in.
    let o = gunbai(&["perft", "chu", "2", "--divide", "--threads", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let rows: Vec<&str> = text.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(rows.len(), 36);
    let mut sorted = rows.clone();
    sorted.sort();
    assert_eq!(rows, sorted);
    assert!(text.ends_with("\nmoves\t36\ntotal\t1296\n"), "{text}");
}

#[test]
fn an_impossible_table_size_is_a_clear_error() {
    let o = gunbai(&["perft", "chu", "2", "--hash", "18446744073709551615"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--hash"), "{}", stderr(&o));
}
