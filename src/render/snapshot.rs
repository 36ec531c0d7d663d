//! Move-list snapshots: a file of named positions, one reviewable text per
//! position (its board, text, legal moves and result), and a readable
//! comparison of a fresh snapshot with a stored one.
//!
//! The positions file has one position per line: native position text, or
//! `sfen ` and an SFEN. `#` starts a comment line; blank lines are skipped.
//! `name: ` before a position names it (and its snapshot file);
//! otherwise its line number does.

use super::board::board_text;
use super::{option_text, outcome_text};
use crate::diagnostics::{Diagnostic, Report, Source};
use crate::movegen::{TooManyMoves, legal_moves};
use crate::notation::move_text;
use crate::position::Position;
use crate::ruleset::Ruleset;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::sync::Arc;

/// One position of a positions file.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The snapshot's name: the line's `name:` prefix, or its line number.
    pub name: String,
    /// 1-based line in the positions file.
    pub line: usize,
    pub position: Position,
}

impl Entry {
    /// The snapshot's file name.
    pub fn file_name(&self) -> String {
        format!("{}.txt", self.name)
    }
}

/// Reads every position of a positions file, reporting every bad line at
/// once (positions, names and duplicate names).
pub fn read_positions(rules: &Arc<Ruleset>, source: &Source) -> Result<Vec<Entry>, Report> {
    let mut entries: Vec<Entry> = Vec::new();
    let mut errors: Vec<Diagnostic> = Vec::new();
    let mut offset = 0;
    for (i, raw) in source.text.split_inclusive('\n').enumerate() {
        let line_start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let body = line.trim_start();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        let mut at = line_start + (line.len() - body.len());
        let mut text = body.trim_end();
        let mut name = (i + 1).to_string();
        if let Some((given, rest)) = text.split_once(':') {
            let given_trim = given.trim();
            let name_at = at + (given.len() - given.trim_start().len());
            if !valid_name(given_trim) {
                errors.push(
                    Diagnostic::error(
                        name_at..name_at + given_trim.len().max(1),
                        format!("`{given_trim}` is not a usable snapshot name"),
                    )
                    .with_help("names use letters, digits, `_`, `-` and `.`, and do not start with `.`"),
                );
                continue;
            }
            name = given_trim.to_string();
            let rest_trim = rest.trim_start();
            at += given.len() + 1 + (rest.len() - rest_trim.len());
            text = rest_trim;
        }
        let (parsed, text_at) = match text.strip_prefix("sfen ") {
            Some(sfen) => {
                let sfen_trim = sfen.trim_start();
                let skip = text.len() - sfen_trim.len();
                (Position::from_sfen(rules.clone(), sfen_trim), at + skip)
            }
            None => (Position::from_text(rules.clone(), text), at),
        };
        match parsed {
            Ok(position) => {
                if let Some(first) = entries.iter().find(|e| e.name == name) {
                    errors.push(
                        Diagnostic::error(
                            at..at + text.len().max(1),
                            format!("the name `{name}` is already used on line {}", first.line),
                        )
                        .with_help("give each position its own `name: `"),
                    );
                    continue;
                }
                entries.push(Entry {
                    name,
                    line: i + 1,
                    position,
                });
            }
            Err(report) => errors.extend(report.diagnostics.into_iter().map(|mut d| {
                d.span = text_at + d.span.start..text_at + d.span.end;
                d
            })),
        }
    }
    if errors.is_empty() {
        Ok(entries)
    } else {
        Err(Report {
            source: source.clone(),
            diagnostics: errors,
        })
    }
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// The heading of the move list in a snapshot; the moves follow it, one
/// per line.
const MOVES_HEADING: &str = "legal moves:";

/// The snapshot of one position: the variant and the options that differ
/// from their defaults, the position text (and SFEN), the board, the
/// result if the game is over, and every legal move in canonical
/// notation, sorted. A position with more moves than the move budget
/// allows has no snapshot.
pub fn snapshot_text(entry: &Entry) -> Result<String, TooManyMoves> {
    let pos = &entry.position;
    let rules = pos.rules();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# gunbai snapshot `{}`: review a change here as a rule change",
        entry.name
    );
    let _ = writeln!(out, "variant: {}", rules.id);
    let changed: Vec<String> = rules
        .options
        .iter()
        .filter(|(_, o)| option_text(&o.value) != option_text(&o.default))
        .map(|(name, o)| format!("{name}={}", option_text(&o.value)))
        .collect();
    if !changed.is_empty() {
        let _ = writeln!(out, "options: {}", changed.join(" "));
    }
    let _ = writeln!(out, "position: {}", pos.to_text());
    if let Some(sfen) = pos.to_sfen() {
        let _ = writeln!(out, "sfen: {sfen}");
    }
    let _ = writeln!(out, "to move: {}", pos.side_to_move());
    out.push('\n');
    out.push_str(&board_text(pos));
    out.push('\n');
    let _ = writeln!(
        out,
        "result: {}",
        pos.result()
            .map_or("none (the game goes on)".to_string(), |o| outcome_text(rules, &o))
    );
    let mut moves = Vec::new();
    legal_moves(pos, &mut moves)?;
    let mut texts: Vec<String> = moves.iter().map(|m| move_text(pos, m)).collect();
    texts.sort();
    let _ = writeln!(out, "{MOVES_HEADING} {}", texts.len());
    for t in &texts {
        out.push_str(t);
        out.push('\n');
    }
    Ok(out)
}

/// A snapshot split into its description and its moves.
struct Parts<'a> {
    head: Vec<&'a str>,
    moves: BTreeSet<&'a str>,
}

fn parts(text: &str) -> Parts<'_> {
    let mut head = Vec::new();
    let mut moves = BTreeSet::new();
    let mut in_moves = false;
    for line in text.lines() {
        if in_moves {
            if !line.trim().is_empty() {
                moves.insert(line.trim());
            }
        } else if line.starts_with(MOVES_HEADING) {
            in_moves = true;
        } else {
            head.push(line);
        }
    }
    Parts { head, moves }
}

/// How a fresh snapshot differs from the stored one, in words: the moves
/// added and removed, then any other changed lines. `None` if they are
/// the same.
pub fn difference(stored: &str, fresh: &str) -> Option<String> {
    if stored == fresh {
        return None;
    }
    let old = parts(stored);
    let new = parts(fresh);
    let added: Vec<&str> = new.moves.difference(&old.moves).copied().collect();
    let removed: Vec<&str> = old.moves.difference(&new.moves).copied().collect();
    let mut out = String::new();
    if !added.is_empty() || !removed.is_empty() {
        let _ = writeln!(
            out,
            "  moves: {} now, {} before: {} added, {} removed",
            new.moves.len(),
            old.moves.len(),
            added.len(),
            removed.len()
        );
        for m in &added {
            let _ = writeln!(out, "  + {m}");
        }
        for m in &removed {
            let _ = writeln!(out, "  - {m}");
        }
    }
    let old_lines: BTreeSet<&str> = old.head.iter().copied().collect();
    let new_lines: BTreeSet<&str> = new.head.iter().copied().collect();
    let gone: Vec<&str> = old.head.iter().copied().filter(|l| !new_lines.contains(l)).collect();
    let came: Vec<&str> = new.head.iter().copied().filter(|l| !old_lines.contains(l)).collect();
    if !gone.is_empty() || !came.is_empty() {
        out.push_str("  other lines:\n");
        for l in &gone {
            let _ = writeln!(out, "  - {l}");
        }
        for l in &came {
            let _ = writeln!(out, "  + {l}");
        }
    }
    if out.is_empty() {
        // Same lines in another order or with other spacing.
        out.push_str("  the text differs only in layout\n");
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::difference;

    const STORED: &str = "variant: v\nresult: none (the game goes on)\nlegal moves: 2\na1-a2\na1-b2\n";

    #[test]
    fn same_snapshots_have_no_difference() {
        assert_eq!(difference(STORED, STORED), None);
    }

    #[test]
    fn moves_added_and_removed_are_listed() {
        let fresh = "variant: v\nresult: none (the game goes on)\nlegal moves: 2\na1-a2\na1-b1\n";
        assert_eq!(
            difference(STORED, fresh).as_deref(),
            Some("  moves: 2 now, 2 before: 1 added, 1 removed\n  + a1-b1\n  - a1-b2\n")
        );
    }

    #[test]
    fn other_changed_lines_are_shown() {
        let fresh = "variant: v\nresult: black wins (loses_when)\nlegal moves: 0\n";
        let diff = difference(STORED, fresh).expect("differs");
        assert!(diff.contains("2 before: 0 added, 2 removed"), "{diff}");
        assert!(
            diff.ends_with(
                "  other lines:\n  - result: none (the game goes on)\n  + result: black wins (loses_when)\n"
            ),
            "{diff}"
        );
    }
}
