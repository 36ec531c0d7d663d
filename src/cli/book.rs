//! `gunbai book`: a browsable HTML rule book of a variant.

use super::Failure;
use super::files;
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::render;
use gunbai::unstable::rules::load_variant;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "Writes DIR/index.html (default DIR: book-<variant id>): the variant's names, the setup\nas a board, the options table, the capture restrictions, and for every piece kind its\nnames in every script, code, promotion, notes and move diagram (inline SVG). The page\nis self-contained; open it in any browser. An index.html that gunbai did not write is\nrefused (exit 2) unless --force; the page is written atomically.\n\nExamples:\n  gunbai book chu\n  gunbai book my_variant.toml --out site/my_variant\n  gunbai book chu --option repetition=xboard --out /tmp/chu-book\n  gunbai book taikyoku --labels codes"
)]
pub struct Args {
    /// Variant: a bundled name or a path to a .toml rule file.
    variant: String,
    /// Directory to write index.html into (created if missing).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Replace an index.html that gunbai did not write.
    #[arg(long)]
    force: bool,
    /// Set a rule option: NAME=VALUE (`gunbai options VARIANT` lists them); the flag may repeat.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<OptionOverride>,
    /// Use a named preset of the rule file (`gunbai options VARIANT` lists them); `--option`s win over it.
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
    /// How pieces are labelled on boards and diagrams: `names` (kanji) or
    /// `codes` (`LN`, `+P`: for readers without a CJK font).
    #[arg(long, value_enum, default_value_t = LabelArg::Names)]
    labels: LabelArg,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum LabelArg {
    Names,
    Codes,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let rules = load_variant(
        &a.variant,
        &OptionOverride::with_preset(a.preset.as_deref(), &a.options),
    )?;
    let dir = a.out.unwrap_or_else(|| PathBuf::from(format!("book-{}", rules.id)));
    let path = dir.join("index.html");
    // The mark is in the page's head: only the start of the file is read.
    let mode = files::mode_for(&path, a.force, |path| {
        let start = files::head(path, 1024)?;
        Ok(start
            .windows(render::book::GENERATOR.len())
            .any(|w| w == render::book::GENERATOR.as_bytes()))
    })?;
    std::fs::create_dir_all(&dir).map_err(|e| Failure::Output(format!("cannot create `{}`: {e}", dir.display())))?;
    let labels = match a.labels {
        LabelArg::Names => render::svg::Labels::Names,
        LabelArg::Codes => render::svg::Labels::Codes,
    };
    files::write_atomic(&path, &render::book::book_html_with(&rules, labels), mode)?;
    outln!("wrote {} ({} piece kinds)", path.display(), rules.kinds.len());
    Ok(ExitCode::SUCCESS)
}
