//! Rule files: their typed form ([`file`](mod@file)), the bundled ones embedded in the
//! binary, and resolving a variant argument (a bundled name or a path).

pub mod file;

use crate::compile::{OptionOverride, compile};
use crate::diagnostics::{Report, Source, did_you_mean};
use crate::ruleset::Ruleset;
use std::sync::Arc;

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// Names of the bundled variants.
pub fn bundled_names() -> Vec<&'static str> {
    BUNDLED.iter().map(|(n, _)| *n).collect()
}

/// The text of a bundled rule file.
pub fn bundled(name: &str) -> Option<&'static str> {
    BUNDLED.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Why a variant could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// Not a bundled name and not a readable file.
    NotFound(String),
    /// The file was read but has errors.
    Invalid(Report),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::NotFound(m) => f.write_str(m),
            LoadError::Invalid(r) => write!(f, "{r}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// Reads the source of a variant: a bundled name (`chu`) or, with the
/// `cli` feature (the filesystem is the command line's), a path to a
/// `.toml` file.
pub fn variant_source(spec: &str) -> Result<Source, LoadError> {
    if let Some(text) = bundled(spec) {
        return Ok(Source::new(format!("rules/{spec}.toml"), text));
    }
    #[cfg(feature = "cli")]
    {
        let looks_like_path = spec.ends_with(".toml") || spec.contains('/') || spec.contains('\\');
        match read_capped(spec) {
            Ok(text) => return Ok(Source::new(spec, text)),
            Err(e) if looks_like_path || e.kind() != std::io::ErrorKind::NotFound => {
                return Err(LoadError::NotFound(format!("cannot read rule file `{spec}`: {e}")));
            }
            Err(_) => {}
        }
    }
    Err(unknown_variant(spec))
}

/// The error for a name that is not bundled (nor, with the `cli` feature,
/// a file), with the bundled names and the nearest of them.
fn unknown_variant(spec: &str) -> LoadError {
    let names = bundled_names();
    let hint = match did_you_mean(spec, names.iter().copied()) {
        Some(n) => format!(" Did you mean `{n}`?"),
        None => String::new(),
    };
    let or_path = if cfg!(feature = "cli") {
        ", or give a path to a .toml rule file"
    } else {
        ""
    };
    LoadError::NotFound(format!(
        "unknown variant `{spec}`: bundled variants are {}{or_path}.{hint}",
        names.join(", ")
    ))
}

/// The largest rule file read, in bytes. The bundled files are under
/// 100 kB; the cap keeps a wrong path (`/dev/zero`, a log file) from being
/// read without bound.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// Reads a rule file, at most [`MAX_FILE_BYTES`] of it: a longer file, or
/// one that is not UTF-8, is an error.
#[cfg(feature = "cli")]
fn read_capped(path: &str) -> std::io::Result<String> {
    use std::io::{Error, ErrorKind, Read};
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Error::new(
            ErrorKind::InvalidData,
            format!("larger than the limit of {} MiB for a rule file", MAX_FILE_BYTES >> 20),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        Error::new(
            ErrorKind::InvalidData,
            format!("not UTF-8 text (byte {} is invalid)", e.utf8_error().valid_up_to()),
        )
    })
}

/// Loads and compiles a variant with a preset (`[presets.NAME]`) and
/// option overrides; the overrides win over the preset's values.
pub fn load_variant_preset(
    spec: &str,
    preset: Option<&str>,
    overrides: &[OptionOverride],
) -> Result<Arc<Ruleset>, LoadError> {
    load_variant(spec, &OptionOverride::with_preset(preset, overrides))
}

/// Loads and compiles a variant with option overrides.
pub fn load_variant(spec: &str, overrides: &[OptionOverride]) -> Result<Arc<Ruleset>, LoadError> {
    let src = variant_source(spec)?;
    compile(&src, overrides)
        .map(|c| Arc::new(c.ruleset))
        .map_err(LoadError::Invalid)
}
