//! A perft spread over machines: the jobs one split writes, the result
//! lines the jobs print, and their sum.
//!
//! A job is one JSON line that holds everything needed to count it with
//! nothing else at hand but gunbai and the rule file: the variant and its
//! options, the start (setup, position text or SFEN), every move from
//! there (the game's moves and the path of the split), the convention and
//! the depth left; `at` is the position text the moves lead to, checked
//! when the job runs. The moves rather than the position alone, because
//! under a repetition rule a count depends on the positions before. The
//! `split` fingerprint and `job`/`of` numbers let the sum check that every
//! job of one split was counted exactly once.

use super::key::mix;
use super::{Convention, convention_moves, forget_end};
use crate::movegen::TooManyMoves;
use crate::notation::{Notation, write_move};
use crate::position::Position;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// One job of a split.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Job {
    /// The fingerprint of the split ([`fingerprint`]).
    pub split: String,
    /// This job's number, from 1.
    pub job: u64,
    /// How many jobs the split made.
    pub of: u64,
    /// A bundled variant name or a rule-file path.
    pub variant: String,
    /// `NAME=VALUE` rule options.
    pub options: Vec<String>,
    /// The start as native position text (None: the variant's setup).
    pub position: Option<String>,
    /// The start as SFEN.
    pub sfen: Option<String>,
    /// The moves from the start to this job's position.
    pub moves: Vec<String>,
    /// The counting convention's name.
    pub convention: String,
    /// Plies left to count from this job's position.
    pub depth: u32,
    /// The depth of the whole perft (for the sum's output).
    pub total_depth: u32,
    /// The position text the moves lead to.
    pub at: String,
}

impl Job {
    /// The job as one line of JSON (no newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a job line.
    pub fn from_line(line: &str) -> Result<Job, String> {
        serde_json::from_str(line.trim()).map_err(|e| format!("not a perft job line: {e}"))
    }

    /// The result line of this job: `split<TAB>job/of<TAB>total_depth<TAB>count`.
    pub fn result_line(&self, count: u64) -> String {
        format!(
            "{}\t{}/{}\t{}\t{count}",
            self.split, self.job, self.of, self.total_depth
        )
    }
}

/// A fingerprint of what a split counts (everything but the job's own
/// path), so that results of different splits are never added.
pub fn fingerprint(parts: &[&str]) -> String {
    let mut h = 0u64;
    for part in parts {
        for b in part.bytes() {
            h = mix(h ^ u64::from(b));
        }
        h = mix(h ^ 0x100);
    }
    format!("{h:016x}")
}

/// What [`for_each_split`] calls: a position and the moves to it.
pub type Visit<'a, E> = dyn FnMut(&Position, &[String]) -> Result<(), E> + 'a;

/// Calls `visit` with each position `depth` plies below `pos` (as the
/// convention counts them, so there are perft(`depth`) of them) and the
/// native text of the moves that lead there, in generation order.
pub fn for_each_split<E: From<TooManyMoves>>(
    pos: &mut Position,
    depth: u32,
    conv: Convention,
    visit: &mut Visit<E>,
) -> Result<(), E> {
    fn walk<E: From<TooManyMoves>>(
        pos: &mut Position,
        depth: u32,
        conv: Convention,
        path: &mut Vec<String>,
        visit: &mut Visit<E>,
    ) -> Result<(), E> {
        if depth == 0 {
            return visit(pos, path);
        }
        let mut moves = Vec::new();
        convention_moves(pos, conv, &mut moves)?;
        for m in &moves {
            path.push(write_move(pos, m, Notation::Native));
            let undo = pos.play_unchecked(m);
            forget_end(pos, conv);
            let r = walk(pos, depth - 1, conv, path, visit);
            pos.unplay(&undo);
            path.pop();
            r?;
        }
        Ok(())
    }
    walk(pos, depth, conv, &mut Vec::new(), visit)
}

/// Adds result lines.
#[derive(Default)]
pub struct Sum {
    split: Option<(String, u64, u32)>,
    seen: HashSet<u64>,
    total: u64,
}

impl Sum {
    /// Takes one result line (blank lines are skipped).
    pub fn add(&mut self, line: &str) -> Result<(), String> {
        let line = line.trim();
        if line.is_empty() {
            return Ok(());
        }
        let bad = || format!("not a perft job result (split<TAB>job/of<TAB>depth<TAB>count): {line:?}");
        let f: Vec<&str> = line.split('\t').collect();
        let [split, numbers, depth, count] = f[..] else {
            return Err(bad());
        };
        let (job, of) = numbers.split_once('/').ok_or_else(bad)?;
        let (job, of): (u64, u64) = (job.parse().map_err(|_| bad())?, of.parse().map_err(|_| bad())?);
        let depth: u32 = depth.parse().map_err(|_| bad())?;
        let count: u64 = count.parse().map_err(|_| bad())?;
        if job == 0 || job > of {
            return Err(format!("job {job}/{of}: no such job"));
        }
        let this = (split.to_string(), of, depth);
        match &self.split {
            None => self.split = Some(this),
            Some(first) if *first != this => {
                return Err(format!(
                    "result of another split: {split} ({of} jobs, depth {depth}), but the first was {} ({} jobs, depth {})",
                    first.0, first.1, first.2
                ));
            }
            Some(_) => {}
        }
        if !self.seen.insert(job) {
            return Err(format!("job {job}/{of} counted twice"));
        }
        self.total = self.total.checked_add(count).ok_or("the sum overflows 64 bits")?;
        Ok(())
    }

    /// The perft's depth and total, once every job of the split is in.
    pub fn finish(&self) -> Result<(u32, u64), String> {
        let Some((_, of, depth)) = &self.split else {
            return Err("no job results to add".into());
        };
        if self.seen.len() as u64 != *of {
            let missing: Vec<String> = (1..=*of)
                .filter(|j| !self.seen.contains(j))
                .take(10)
                .map(|j| j.to_string())
                .collect();
            return Err(format!(
                "{} of {of} jobs have no result (missing: {}{})",
                *of - self.seen.len() as u64,
                missing.join(", "),
                if *of - (self.seen.len() as u64) > 10 {
                    ", ..."
                } else {
                    ""
                }
            ));
        }
        Ok((*depth, self.total))
    }
}

#[cfg(test)]
mod tests {
    use super::Sum;

    #[test]
    fn the_sum_needs_every_job_once_from_one_split() {
        let mut s = Sum::default();
        s.add("ab\t1/2\t4\t10").unwrap();
        assert!(s.finish().unwrap_err().contains("missing: 2"));
        assert!(s.add("ab\t1/2\t4\t10").unwrap_err().contains("twice"));
        assert!(s.add("cd\t2/2\t4\t10").unwrap_err().contains("another split"));
        assert!(s.add("ab\t3/2\t4\t10").is_err());
        assert!(s.add("ab 2/2 4 10").is_err());
        s.add("ab\t2/2\t4\t32").unwrap();
        assert_eq!(s.finish(), Ok((4, 42)));
    }
}
