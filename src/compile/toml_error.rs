//! A rule file that is not valid TOML, or does not fit the format's
//! tables: serde's error turned into one diagnostic that names the table
//! or key the file should hold, with a "did you mean" for a misspelt key.

use super::suggest_name;
use crate::diagnostics::{Diagnostic, Report, Source};

/// The report for a file that serde could not read.
pub(super) fn report(source: &Source, e: &toml::de::Error) -> Report {
    // serde reports a missing top-level table with an empty span.
    if let Some(d) = e
        .span()
        .is_none_or(|s| s.is_empty())
        .then(|| unknown_field_in("missing field `", e.message()))
        .flatten()
        .and_then(|table| missing_table(&source.text, &table))
    {
        return Report {
            source: source.clone(),
            diagnostics: vec![d],
        };
    }
    let span = e.span().unwrap_or(0..1);
    // serde names Rust types; say what the file should hold.
    let msg = e
        .message()
        .trim()
        .replace("expected u32", "expected a whole number, 0 or more")
        .replace("expected a sequence", "expected an array");
    let mut d = Diagnostic::error(span, msg.clone());
    if let Some(field) = unknown_field(&msg) {
        let expected = expected_fields(&msg);
        d = suggest_name(d, &field, expected.iter().map(|s| s.as_str()));
    }
    Report {
        source: source.clone(),
        diagnostics: vec![d],
    }
}

fn unknown_field(msg: &str) -> Option<String> {
    unknown_field_in("unknown field `", msg)
}

fn unknown_field_in(prefix: &str, msg: &str) -> Option<String> {
    let rest = msg.split(prefix).nth(1)?;
    Some(rest.split('`').next()?.to_string())
}

/// The tables every rule file needs, with what goes in each.
const REQUIRED_TABLES: [(&str, &str); 4] = [
    ("variant", "`id = \"name\"`"),
    ("board", "`files = 9` and `ranks = 9`"),
    ("setup", "`board = \"\"\"...\"\"\"`, one line per rank"),
    ("victory", "`loses_when = \"...\"` and `no_moves = \"loss\"`"),
];

/// A required table the file lacks: said at the end of the file, where it
/// can be added, with what it holds.
fn missing_table(text: &str, table: &str) -> Option<Diagnostic> {
    let (_, holds) = REQUIRED_TABLES.iter().find(|(t, _)| *t == table)?;
    let end = text.trim_end().len();
    let at = text[..end].rfind('\n').map_or(0, |i| i + 1);
    let present: Vec<String> = REQUIRED_TABLES
        .iter()
        .filter(|(t, _)| *t != table)
        .map(|(t, _)| format!("[{t}]"))
        .collect();
    Some(
        Diagnostic::error(at..end.max(at + 1), format!("the file has no `[{table}]` table")).with_help(format!(
            "every rule file needs `[{table}]` (with {holds}) as well as {}",
            present.join(", ")
        )),
    )
}

fn expected_fields(msg: &str) -> Vec<String> {
    msg.split("expected")
        .nth(1)
        .map(|s| s.split('`').skip(1).step_by(2).map(|x| x.to_string()).collect())
        .unwrap_or_default()
}
