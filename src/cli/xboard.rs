//! `gunbai xboard`: the XBoard/WinBoard engine protocol on stdin/stdout.

use super::Failure;
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::engine::clock::Caps;
use gunbai::unstable::engine::xboard::{self, Offered};
use gunbai::unstable::rules::{bundled_names, load_variant};
use gunbai::unstable::ruleset::Ruleset;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "Variants are announced under XBoard's names where the rule file gives one\n(`xboard = ...`), else under their ids. Rule options are engine options; --preset and\n--option set them from the start (for every offered variant that has the preset or option;\nVARIANT.NAME=VALUE for one variant), and the GUI may change them. See docs/engine.md.\n\nExamples:\n  gunbai xboard\n  gunbai xboard chu my_variant.toml\n  gunbai xboard chu --preset lishogi\n  xboard -fcp 'gunbai xboard chu --preset hachu' -variant chu"
)]
pub struct Args {
    /// Bundled names or rule files (default: every bundled variant).
    variants: Vec<String>,
    /// Set a rule option: NAME=VALUE for every offered variant that has it, VARIANT.NAME=VALUE for
    /// one; the flag may repeat.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<OptionOverride>,
    /// Use a named preset of the rule files (`gunbai options VARIANT` lists them), for every offered
    /// variant that has it; `--option`s win over it.
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
}

/// The overrides among `all` that `rules` has, named `ID.NAME`.
fn applying(rules: &Ruleset, all: &[OptionOverride]) -> Vec<OptionOverride> {
    let preset = gunbai::unstable::compile::PRESET;
    all.iter()
        .filter_map(|o| {
            let name = match o.name.split_once('.') {
                Some((id, name)) if id == rules.id => name,
                Some(_) => return None,
                None => o.name.as_str(),
            };
            let has = if name == preset {
                rules.presets.iter().any(|p| p.name == o.value)
            } else {
                rules.options.contains_key(name)
            };
            has.then(|| OptionOverride {
                name: format!("{}.{name}", rules.id),
                value: o.value.clone(),
            })
        })
        .collect()
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let specs: Vec<String> = if a.variants.is_empty() {
        bundled_names().iter().map(|s| s.to_string()).collect()
    } else {
        a.variants
    };
    let all = OptionOverride::with_preset(a.preset.as_deref(), &a.options);
    let mut used = vec![false; all.len()];
    let mut offered = Vec::new();
    for spec in specs {
        let plain = load_variant(&spec, &[])?;
        let overrides = applying(&plain, &all);
        for (i, o) in all.iter().enumerate() {
            used[i] |= !applying(&plain, std::slice::from_ref(o)).is_empty();
        }
        let rules = if overrides.is_empty() {
            plain
        } else {
            load_variant(&spec, &overrides)?
        };
        offered.push(Offered { spec, rules, overrides });
    }
    if let Some(i) = used.iter().position(|u| !u) {
        let o = &all[i];
        return Err(Failure::Message(format!(
            "no offered variant has {} `{}`; `gunbai options VARIANT` lists a variant's options and presets",
            if o.name.ends_with(gunbai::unstable::compile::PRESET) {
                "the preset"
            } else {
                "the option"
            },
            if o.name.ends_with(gunbai::unstable::compile::PRESET) {
                o.value.clone()
            } else {
                o.name.clone()
            },
        )));
    }
    let name = format!("gunbai {}", env!("CARGO_PKG_VERSION"));
    let stdin = std::io::BufReader::new(std::io::stdin());
    xboard::run(stdin, &mut super::stdout::Stdout, offered, &name, Caps::default()).map_err(Failure::Write)?;
    Ok(ExitCode::SUCCESS)
}
