//! Reading a request: its body, keyword values, query values, option
//! values and squares, and the error replies for what does not read.

use super::{Reply, Request};
use crate::board::Square;
use crate::compile::OptionOverride;
use crate::diagnostics::Report;
use crate::render::json;
use serde_json::Value;
use std::collections::BTreeMap;

/// A keyword-valued key: absent means the first of `table`.
pub(super) fn keyword<T: Copy>(key: &str, given: Option<&str>, table: &[(&str, T)]) -> Result<T, Reply> {
    let Some(word) = given else {
        return Ok(table[0].1);
    };
    table
        .iter()
        .find(|(name, _)| *name == word)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<String> = table.iter().map(|(n, _)| format!("`{n}`")).collect();
            Reply::error(400, format!("`{key}` is one of {}, not `{word}`", names.join(", ")))
        })
}

/// Decodes `%XX` escapes and `+` of a query value; None if it is not
/// valid UTF-8 afterwards.
pub(super) fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

pub(super) fn parse(body: &[u8]) -> Result<Request, Reply> {
    if body.is_empty() {
        return Err(Reply::error(400, "the request body must be a JSON object"));
    }
    serde_json::from_slice(body).map_err(|e| Reply::error(400, format!("bad request body: {e}")))
}

/// Option values as overrides: JSON booleans and strings.
pub(super) fn overrides(options: &BTreeMap<String, Value>) -> Result<Vec<OptionOverride>, Reply> {
    options
        .iter()
        .map(|(name, v)| {
            let value = match v {
                Value::Bool(b) => b.to_string(),
                Value::String(s) => s.clone(),
                other => {
                    return Err(Reply::error(
                        400,
                        format!("option `{name}`: a value is true, false or a string, not {other}"),
                    ));
                }
            };
            Ok(OptionOverride {
                name: name.clone(),
                value,
            })
        })
        .collect()
}

/// Rules that do not compile: 422 with every diagnostic.
pub(super) fn invalid_rules(report: &Report) -> Reply {
    Reply::error(422, format!("the rules have errors: {}", first_message(report)))
        .with("diagnostics", Value::Array(json::diagnostics(report)))
}

/// A position or SFEN that does not read.
pub(super) fn bad_input(report: &Report, what: &str) -> Reply {
    Reply::error(400, format!("{what} cannot be read: {}", first_message(report)))
        .with("diagnostics", Value::Array(json::diagnostics(report)))
}

pub(super) fn first_message(report: &Report) -> String {
    report
        .diagnostics
        .first()
        .map_or_else(|| "unknown error".to_string(), |d| d.message.clone())
}

pub(super) fn square(geo: &crate::board::Geometry, name: &str) -> Result<Square, Reply> {
    geo.parse_square(name).ok_or_else(|| {
        Reply::error(
            400,
            format!("`{name}` is not a square of this {}x{} board", geo.width, geo.height),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::svg::Labels;

    #[test]
    fn query_values_are_percent_decoded() {
        assert_eq!(percent_decode("my%20variant").as_deref(), Some("my variant"));
        assert_eq!(percent_decode("a+b%2Fc").as_deref(), Some("a b/c"));
        assert_eq!(percent_decode("%E8%BB%8D").as_deref(), Some("軍"));
        assert_eq!(percent_decode("100%").as_deref(), Some("100%"));
        assert_eq!(percent_decode("%zz"), None);
        assert_eq!(percent_decode("%ff"), None);
    }

    #[test]
    fn keywords_default_to_the_first_and_name_the_others() {
        let table = [("names", Labels::Names), ("codes", Labels::Codes)];
        assert_eq!(keyword("labels", None, &table).unwrap(), Labels::Names);
        assert_eq!(keyword("labels", Some("codes"), &table).unwrap(), Labels::Codes);
        let e = keyword("labels", Some("kanji"), &table).unwrap_err();
        assert_eq!(e.status, 400);
        assert_eq!(e.body["error"], "`labels` is one of `names`, `codes`, not `kanji`");
    }
}
