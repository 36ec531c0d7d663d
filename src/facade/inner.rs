//! From the façade's types to the interpreter's own, for what the façade
//! does not offer yet and the bindings need (bindings/wasm: a piece type's
//! label, diagrams with code labels or a window, the `--format json`
//! shapes; docs/wasm.md lists them). What these return is the
//! interpreter's inside: no stability promise (docs/library.md).

use super::{Position, Variant};
use crate::ruleset::Ruleset;
use std::sync::Arc;

impl Variant {
    /// The compiled rules (unstable: `ruleset::Ruleset`).
    ///
    /// ```
    /// let name = gunbai::Variant::bundled_names()[0];
    /// let v = gunbai::Variant::bundled(name).unwrap();
    /// assert_eq!(v.unstable_rules().id, v.name());
    /// ```
    pub fn unstable_rules(&self) -> &Arc<Ruleset> {
        self.rules()
    }
}

impl Position {
    /// The interpreter's position (unstable: `position::Position`).
    ///
    /// ```
    /// let name = gunbai::Variant::bundled_names()[0];
    /// let p = gunbai::Variant::bundled(name).unwrap().start();
    /// assert_eq!(p.unstable_position().to_text(), p.to_text());
    /// ```
    pub fn unstable_position(&self) -> &crate::position::Position {
        self.inner()
    }
}
