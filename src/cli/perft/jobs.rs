//! `perft --split`, `--job`, `--jobs` and `--sum`: a perft spread as
//! independent jobs (the formats are in [`gunbai::unstable::perft::jobs`]).

use super::{ConventionArg, counter};
use crate::cli::{Failure, PositionArgs, fail};
use clap::ValueEnum;
use gunbai::unstable::notation::play_moves;
use gunbai::unstable::perft::Counter;
use gunbai::unstable::perft::jobs::{Job, Sum, fingerprint, for_each_split};
use gunbai::unstable::position::Position;
use gunbai::unstable::rules::load_variant;
use gunbai::unstable::ruleset::Ruleset;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// The longest job or result line read (a job holds its moves, a few
/// dozen bytes each).
const MAX_LINE: u64 = 1 << 20;

/// Writes the positions `at` plies below `p` as job lines.
pub fn split(
    args: &PositionArgs,
    p: &mut Position,
    conv: ConventionArg,
    depth: u32,
    at: u32,
    threads: usize,
) -> Result<ExitCode, Failure> {
    if at >= depth {
        return Err(fail(format!(
            "--split {at}: must be less than DEPTH ({depth}), so that each job has plies left to count"
        )));
    }
    let options: Vec<String> = args
        .overrides()
        .iter()
        .map(|o| format!("{}={}", o.name, o.value))
        .collect();
    let start_moves: Vec<String> = args
        .moves
        .iter()
        .flat_map(|list| list.split_whitespace())
        .map(str::to_string)
        .collect();
    let of = counter(conv.convention(), threads, 0)?.count(p, at, &|_, _| ())?;
    let split = fingerprint(&[
        &args.variant,
        &options.join(" "),
        args.position.as_deref().unwrap_or("-"),
        args.sfen.as_deref().unwrap_or("-"),
        &start_moves.join(" "),
        conv.name(),
        &depth.to_string(),
        &at.to_string(),
    ]);
    let mut job = 0;
    for_each_split(p, at, conv.convention(), &mut |pos, path| {
        job += 1;
        let line = Job {
            split: split.clone(),
            job,
            of,
            variant: args.variant.clone(),
            options: options.clone(),
            position: args.position.clone(),
            sfen: args.sfen.clone(),
            moves: start_moves.iter().chain(path).cloned().collect(),
            convention: conv.name().to_string(),
            depth: depth - at,
            total_depth: depth,
            at: pos.to_text(),
        };
        outln!("{}", line.to_line());
        Ok::<(), Failure>(())
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Counts the job in `line`.
pub fn run_one(line: &str, threads: usize, hash: usize) -> Result<ExitCode, Failure> {
    let mut counters = Counters {
        threads,
        hash,
        cached: None,
        rules: None,
    };
    let job = Job::from_line(line).map_err(|e| fail(format!("--job: {e}")))?;
    let n = counters.count(&job).map_err(|e| in_job(e, "--job"))?;
    outln!("{}", job.result_line(n));
    Ok(ExitCode::SUCCESS)
}

/// Counts every job line of `file` in turn.
pub fn run_file(file: &Path, threads: usize, hash: usize) -> Result<ExitCode, Failure> {
    let mut counters = Counters {
        threads,
        hash,
        cached: None,
        rules: None,
    };
    for_each_line(file, &mut |line, at| {
        if line.trim().is_empty() {
            return Ok(());
        }
        let job = Job::from_line(line).map_err(|e| fail(format!("{at}: {e}")))?;
        let n = counters.count(&job).map_err(|e| in_job(e, &at))?;
        outln!("{}", job.result_line(n));
        Ok(())
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Adds the result lines of `files` (stdin without files).
pub fn sum(files: &[PathBuf]) -> Result<ExitCode, Failure> {
    let stdin = [PathBuf::from("-")];
    let mut total = Sum::default();
    for file in if files.is_empty() { &stdin[..] } else { files } {
        for_each_line(file, &mut |line, at| {
            total.add(line).map_err(|e| fail(format!("{at}: {e}")))
        })?;
    }
    let (depth, n) = total.finish().map_err(|e| fail(format!("--sum: {e}")))?;
    outln!("{depth}\t{n}");
    Ok(ExitCode::SUCCESS)
}

/// A variant and its options, as a job names them.
type RulesSpec = (String, Vec<String>);

/// The counter for the jobs of one run, made again only when a job asks
/// for another convention (its table is reused from job to job: keys that
/// depend on the game before a job's position say so, so this is exact).
struct Counters {
    threads: usize,
    hash: usize,
    cached: Option<(String, Counter)>,
    /// The last rule set, by (variant, options).
    rules: Option<(RulesSpec, Arc<Ruleset>)>,
}

impl Counters {
    fn count(&mut self, job: &Job) -> Result<u64, Failure> {
        let conv = ConventionArg::from_str(&job.convention, false)
            .map_err(|_| fail(format!("unknown convention {:?}", job.convention)))?;
        if self.cached.as_ref().is_none_or(|(name, _)| *name != job.convention) {
            self.cached = Some((
                job.convention.clone(),
                counter(conv.convention(), self.threads, self.hash)?,
            ));
        }
        let pos = self.position(job)?;
        let Some((_, counter)) = &self.cached else {
            unreachable!("just set")
        };
        if pos.to_text() != job.at {
            return Err(fail(format!(
                "the job's moves lead to {}, not to the position it names ({}): another rule file or gunbai version?",
                pos.to_text(),
                job.at
            )));
        }
        Ok(counter.count(&pos, job.depth, &|_, _| ())?)
    }
}

impl Counters {
    /// The job's position: its start and moves, on a rule set compiled
    /// once for all the jobs with the same variant and options.
    fn position(&mut self, job: &Job) -> Result<Position, Failure> {
        let spec = (job.variant.clone(), job.options.clone());
        let rules = match &self.rules {
            Some((s, rules)) if *s == spec => rules.clone(),
            _ => {
                let options = job
                    .options
                    .iter()
                    .map(|o| o.parse())
                    .collect::<Result<Vec<_>, String>>()
                    .map_err(fail)?;
                let rules = load_variant(&job.variant, &options)?;
                self.rules = Some((spec, rules.clone()));
                rules
            }
        };
        let mut pos = match (&job.position, &job.sfen) {
            (Some(text), _) => Position::from_text(rules, text)?,
            (None, Some(sfen)) => Position::from_sfen(rules, sfen)?,
            (None, None) => Position::start(rules),
        };
        play_moves(&mut pos, &job.moves, "the job's moves")?;
        Ok(pos)
    }
}

/// Says which job a failure is about.
fn in_job(e: Failure, at: &str) -> Failure {
    match e {
        Failure::Message(m) => fail(format!("{at}: {m}")),
        other => other,
    }
}

/// Calls `f` with each line of `file` (`-`: stdin) and its place
/// (`FILE:LINE`), refusing lines over [`MAX_LINE`] bytes.
fn for_each_line(file: &Path, f: &mut dyn FnMut(&str, String) -> Result<(), Failure>) -> Result<(), Failure> {
    let name = file.display().to_string();
    let input: Box<dyn Read> = if name == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(file).map_err(|e| fail(format!("{name}: cannot read: {e}")))?)
    };
    let mut reader = BufReader::new(input);
    let mut buf = Vec::new();
    for number in 1.. {
        buf.clear();
        let read = (&mut reader)
            .take(MAX_LINE + 1)
            .read_until(b'\n', &mut buf)
            .map_err(|e| fail(format!("{name}:{number}: cannot read: {e}")))?;
        if read == 0 {
            break;
        }
        if buf.len() as u64 > MAX_LINE {
            return Err(fail(format!("{name}:{number}: line longer than {MAX_LINE} bytes")));
        }
        let line = std::str::from_utf8(&buf).map_err(|_| fail(format!("{name}:{number}: not UTF-8")))?;
        f(line, format!("{name}:{number}"))?;
    }
    Ok(())
}
