//! Fairy-Stockfish's `variants.ini` as text: sections `[name]` or
//! `[name:parent]`, then `key = value` lines, read the way FSF reads them.
//! A line that starts with `#` or `;` is a comment (only at its very
//! start, as in FSF); lines before the first section are ignored; a key
//! is the text before the first `=` without trailing spaces; a value is
//! the rest, trimmed. Unlike FSF, a line that is neither a section, a
//! comment, blank nor `key = value` is an error, not skipped.
//!
//! The reader is one pass over the text and keeps byte spans, so that
//! every later error points at a line. The input is bounded by the caller
//! (the CLI reads at most [`crate::rules::MAX_FILE_BYTES`]); nothing here
//! allocates more than a few words per line.

use crate::diagnostics::Diagnostic;
use std::ops::Range;

/// One `key = value` line.
#[derive(Clone, Debug)]
pub struct Entry {
    pub key: String,
    pub value: String,
    /// The whole line, for diagnostics.
    pub span: Range<usize>,
}

/// One section with its lines in file order.
#[derive(Clone, Debug)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    /// The header line.
    pub span: Range<usize>,
    pub entries: Vec<Entry>,
}

impl Section {
    /// The last line that sets `key` (FSF keeps the last one).
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().rev().find(|e| e.key == key)
    }
}

/// Reads every section of `text`. Errors name the line.
pub fn parse(text: &str) -> Result<Vec<Section>, Vec<Diagnostic>> {
    let mut sections: Vec<Section> = Vec::new();
    let mut errors = Vec::new();
    let mut start = 0;
    for raw in text.split_inclusive('\n') {
        let span = start..start + raw.trim_end_matches(['\n', '\r']).len();
        start += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        if let Some(rest) = line.strip_prefix('[') {
            match rest.split_once(']') {
                Some((head, _)) => {
                    let (name, parent) = match head.split_once(':') {
                        Some((n, p)) => (n, Some(p.to_string())),
                        None => (head, None),
                    };
                    if name.is_empty() {
                        errors.push(Diagnostic::error(
                            span,
                            "a section needs a name: `[name]` or `[name:parent]`",
                        ));
                        continue;
                    }
                    sections.push(Section {
                        name: name.to_string(),
                        parent,
                        span,
                        entries: Vec::new(),
                    });
                }
                None => errors.push(
                    Diagnostic::error(span, "a section header needs its closing `]`")
                        .with_help("write `[name]` or `[name:parent]`"),
                ),
            }
            continue;
        }
        let Some(section) = sections.last_mut() else {
            continue; // FSF skips everything before the first section
        };
        if line.starts_with('#') || line.starts_with(';') || line.trim().is_empty() {
            continue;
        }
        match line.split_once('=') {
            Some((key, value)) if !key.trim_end_matches(' ').is_empty() => section.entries.push(Entry {
                key: key.trim_end_matches(' ').to_string(),
                value: value.trim().to_string(),
                span,
            }),
            _ => errors.push(Diagnostic::error(span, "not a `key = value` line").with_help(
                "comments start with `#` or `;` at the start of the line; Fairy-Stockfish ignores such a line",
            )),
        }
    }
    if errors.is_empty() { Ok(sections) } else { Err(errors) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_keys_and_comments() {
        let text = "# head\nx = 1\n[a]\nk = v \n; c\n#c\n\n[b:a]\r\nk2=  w\n";
        let s = parse(text).unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].name, "a");
        assert_eq!(s[0].entries.len(), 1);
        assert_eq!(s[0].entries[0].value, "v");
        assert_eq!(s[1].parent.as_deref(), Some("a"));
        assert_eq!(s[1].get("k2").unwrap().value, "w");
    }

    #[test]
    fn bad_lines_are_errors() {
        assert!(parse("[a]\nnot a pair\n").is_err());
        assert!(parse("[a\n").is_err());
        assert!(parse("[]\n").is_err());
        assert!(parse("[a]\n= v\n").is_err());
    }
}
