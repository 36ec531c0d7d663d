//! `gunbai book`: a browsable HTML rule book of a variant.

use super::Failure;
use super::files::{self, Existing};
use gunbai::compile::OptionOverride;
use gunbai::render;
use gunbai::rules::load_variant;
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
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<OptionOverride>,
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
    let rules = load_variant(&a.variant, &a.options)?;
    let dir = a.out.unwrap_or_else(|| PathBuf::from(format!("book-{}", rules.id)));
    let path = dir.join("index.html");
    let ours = match files::existing(&path)? {
        Existing::Absent => true,
        Existing::File(Some(text)) => text.contains(render::book::GENERATOR),
        Existing::File(None) | Existing::Other(_) => false,
    };
    if !ours && !a.force {
        return Err(files::refuse("a file", &[path.display().to_string()]));
    }
    std::fs::create_dir_all(&dir).map_err(|e| Failure::Output(format!("cannot create `{}`: {e}", dir.display())))?;
    files::write_atomic(
        &path,
        &render::book::book_html_with(
            &rules,
            match a.labels {
                LabelArg::Names => render::svg::Labels::Names,
                LabelArg::Codes => render::svg::Labels::Codes,
            },
        ),
    )?;
    outln!("wrote {} ({} piece kinds)", path.display(), rules.kinds.len());
    Ok(ExitCode::SUCCESS)
}
