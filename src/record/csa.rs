//! CSA (the Computer Shogi Association's record format), placeholder.
use super::Record;
use crate::diagnostics::Report;
use crate::ruleset::Ruleset;
use std::sync::Arc;
pub fn sniff(_: &str) -> bool {
    false
}
pub fn variant_of(_: &str, _: &[Arc<Ruleset>]) -> Option<String> {
    None
}
pub fn read(text: &str, name: &str, _: &Arc<Ruleset>) -> Result<Record, Report> {
    Err(super::error(name, text, 0..0, "CSA is not read yet"))
}
pub fn write(_: &Record, _: &Arc<Ruleset>) -> Result<String, String> {
    Err("CSA is not written yet".into())
}
