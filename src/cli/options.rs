//! `gunbai options`: the rule options of a variant, their values, defaults
//! and help.

use super::{Failure, FormatArg, print_json};
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::render::{option_text, option_values as values};
use gunbai::unstable::rules::load_variant;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "Lists each option as NAME = VALUE, the values it takes, its default and its help\n(which names its source). Set one with --option NAME=VALUE on any command; given here,\nVALUE shows as the current value. Then the rule file's presets: named option sets, each\nwith its values and help; --preset NAME selects one on any command, and --option values\ngiven with it win over it.\n\nWith --format json: {variant, options: [{name, values, default, value, help}],\npresets: [{name, options: {NAME: VALUE}, help}], preset}.\n\nExamples:\n  gunbai options chu\n  gunbai options chu --option repetition=xboard\n  gunbai options ko --format json\n  gunbai options yari --preset fsf"
)]
pub struct Args {
    /// Variant: a bundled name or a path to a .toml rule file.
    variant: String,
    /// Set a rule option: NAME=VALUE (`gunbai options VARIANT` lists them); the flag may repeat.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<OptionOverride>,
    /// Use a named preset of the rule file (`gunbai options VARIANT` lists them); `--option`s win over it.
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
    /// Output: text for people, json for scripts (shapes below and in docs/ci.md).
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let rules = load_variant(
        &a.variant,
        &OptionOverride::with_preset(a.preset.as_deref(), &a.options),
    )?;
    if a.format == FormatArg::Json {
        let list: Vec<serde_json::Value> = rules
            .options
            .iter()
            .map(|(name, o)| {
                serde_json::json!({
                    "name": name,
                    "values": values(&o.default),
                    "default": option_text(&o.default),
                    "value": option_text(&o.value),
                    "help": o.doc,
                })
            })
            .collect();
        let presets: Vec<serde_json::Value> = rules
            .presets
            .iter()
            .map(|p| {
                let options: serde_json::Map<String, serde_json::Value> =
                    p.options.iter().map(|(n, v)| (n.clone(), v.clone().into())).collect();
                serde_json::json!({"name": p.name, "options": options, "help": p.doc})
            })
            .collect();
        print_json(
            &serde_json::json!({"variant": rules.id, "options": list, "presets": presets, "preset": rules.preset}),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    if rules.options.is_empty() {
        outln!("variant `{}` has no options", rules.id);
        return Ok(ExitCode::SUCCESS);
    }
    for (i, (name, o)) in rules.options.iter().enumerate() {
        if i > 0 {
            outln!();
        }
        outln!("{name} = {}", option_text(&o.value));
        outln!(
            "  values: {}; default: {}",
            values(&o.default).join(", "),
            option_text(&o.default)
        );
        for line in wrap(&o.doc, 76) {
            outln!("  {line}");
        }
    }
    for p in &rules.presets {
        let chosen = if rules.preset.as_deref() == Some(p.name.as_str()) {
            " (chosen)"
        } else {
            ""
        };
        let set: Vec<String> = p.options.iter().map(|(n, v)| format!("{n}={v}")).collect();
        // A preset that sets nothing says so (the defaults already are its
        // source's reading) rather than ending its line in a bare colon.
        let set = if set.is_empty() {
            "(every option at its default)".to_string()
        } else {
            set.join(" ")
        };
        outln!();
        outln!("preset {}{chosen}: {set}", p.name);
        for line in wrap(&p.doc, 76) {
            outln!("  {line}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Splits text into lines of at most `width` characters at spaces (a
/// longer word gets a line of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
