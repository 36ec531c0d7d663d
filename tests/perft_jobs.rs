//! A perft spread as jobs: `--split` writes them, GNU parallel runs them
//! (`--jobs -` on its blocks of lines, `--job` on single lines), `--sum`
//! adds the results; the sum must equal the direct count. GNU parallel is
//! a Debian package (.ci/packages.d/perft).

mod cli_common;

use cli_common::{gunbai, stderr, stdout, temp_dir};
use std::process::Command;

fn sh(script: &str, dir: &std::path::Path) -> std::process::Output {
    Command::new("bash")
        .arg("-c")
        .arg(format!("set -euo pipefail; {script}"))
        .current_dir(dir)
        .env("GUNBAI", env!("CARGO_BIN_EXE_gunbai"))
        .output()
        .expect("bash runs")
}

fn last_line(o: &std::process::Output) -> String {
    stdout(o).lines().last().unwrap_or_default().to_string()
}

#[test]
fn jobs_run_by_gnu_parallel_add_up_to_the_direct_count() {
    let dir = temp_dir("perft-jobs", "parallel");
    // Under Chu's default forbid-repeat rule, depth 4 loses the leaves
    // that recreate the start position: the jobs must carry the moves
    // before them, not just their position, to count the same.
    let direct = gunbai(&["perft", "chu", "4"]);
    assert!(direct.status.success(), "{}", stderr(&direct));
    let o = sh(
        "\"$GUNBAI\" perft chu 4 --split 2 > jobs.txt
         test \"$(wc -l < jobs.txt)\" = 1296
         parallel --will-cite --pipe -N 200 \"$GUNBAI\" perft --threads 1 --hash 4 --jobs - < jobs.txt > results.txt
         \"$GUNBAI\" perft --sum results.txt",
        &dir,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("{}\n", last_line(&direct)));
    // Each job as its own process, with --job.
    let o = sh(
        "\"$GUNBAI\" perft chu 3 --split 1 > jobs1.txt
         parallel --will-cite -a jobs1.txt \"$GUNBAI\" perft --threads 1 --job {} | \"$GUNBAI\" perft --sum",
        &dir,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // shogiops' count (tests/perft.rs).
    assert_eq!(stdout(&o), "3\t52599\n");
}

#[test]
fn the_sum_refuses_missing_and_foreign_results() {
    let dir = temp_dir("perft-jobs", "refuse");
    let o = sh(
        "\"$GUNBAI\" perft chu 3 --split 1 > jobs.txt
         head -5 jobs.txt | \"$GUNBAI\" perft --jobs - > some.txt
         \"$GUNBAI\" perft --sum some.txt",
        &dir,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("31 of 36 jobs have no result"), "{}", stderr(&o));
    let o = sh(
        "\"$GUNBAI\" perft chu 3 --split 1 > a-jobs.txt
         \"$GUNBAI\" perft chu 2 --split 1 > b-jobs.txt
         head -1 a-jobs.txt | \"$GUNBAI\" perft --jobs - > a.txt
         head -1 b-jobs.txt | \"$GUNBAI\" perft --jobs - > b.txt
         \"$GUNBAI\" perft --sum a.txt b.txt",
        &dir,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("b.txt:1: result of another split"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_job_that_does_not_lead_to_its_position_is_refused() {
    let split = gunbai(&["perft", "chu", "3", "--split", "1"]);
    let jobs: Vec<serde_json::Value> = stdout(&split)
        .lines()
        .take(2)
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    // The first job's position with the second job's moves.
    let mut edited = jobs[0].clone();
    edited["moves"] = jobs[1]["moves"].clone();
    let edited = edited.to_string();
    let o = gunbai(&["perft", "--job", &edited]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("not to the position it names"), "{}", stderr(&o));
    let o = gunbai(&["perft", "--job", "{\"split\": 1}"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a perft job line"), "{}", stderr(&o));
    let o = gunbai(&["perft", "chu", "3", "--split", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("must be less than DEPTH"), "{}", stderr(&o));
}
