//! `gunbai diagram`: a piece's moves on an empty board, as text or SVG.

use super::{Failure, fail, files};
use gunbai::unstable::board::Colour;
use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::render;
use gunbai::unstable::rules::load_variant;
use gunbai::unstable::ruleset::{Ruleset, TypeId};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "Symbols: arrows slide, ● step, □ first step of a multi-leg (lion-type) move,\n■ jump or later leg, ○ a hop's screen, ◇ where the hop lands beyond it, * the piece. The SVG draws the same marks (slides as lines with\narrows), the piece's kanji on its square, and a legend.\n\nExamples:\n  gunbai diagram chu lion --radius 2\n  gunbai diagram chu 角鷹\n  gunbai diagram chu HF --square a1\n  gunbai diagram chu lion --svg lion.svg\n  gunbai diagram chu king --radius 2 --svg -"
)]
pub struct Args {
    /// Variant: a bundled name or a path to a .toml rule file.
    variant: String,
    /// The piece: id, code (promoted: +CODE) or any of its names.
    piece: String,
    /// The square to draw from (default: near the centre).
    #[arg(long)]
    square: Option<String>,
    /// Draw for the second player (White) instead of Black.
    #[arg(long)]
    white: bool,
    /// Draw only this many squares around the piece.
    #[arg(long)]
    radius: Option<i32>,
    /// Number the squares of multi-leg moves by the earliest leg that lands there (①–⑥).
    #[arg(long)]
    numbered: bool,
    /// Also write an SVG picture to FILE (`-`: print the SVG instead of the text diagram).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Set a rule option: NAME=VALUE (`gunbai options VARIANT` lists them); the flag may repeat.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<OptionOverride>,
    /// Use a named preset of the rule file (`gunbai options VARIANT` lists them); `--option`s win over it.
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let rules = load_variant(
        &a.variant,
        &OptionOverride::with_preset(a.preset.as_deref(), &a.options),
    )?;
    let ty = find_piece(&rules, &a.piece)?;
    let geo = &rules.geometry;
    let sq = match &a.square {
        Some(s) => geo.parse_square(s).ok_or_else(|| {
            fail(format!(
                "`{s}` is not a square of this {}x{} board",
                geo.width, geo.height
            ))
        })?,
        None => geo
            .square((geo.width as i32 - 1) / 2, (geo.height as i32 - 1) / 2)
            .unwrap_or(0),
    };
    let colour = if a.white { Colour::White } else { Colour::Black };
    let map = gunbai::unstable::diagram::move_map(&rules, ty, colour, sq);
    if let Some(path) = &a.svg {
        let picture = render::svg::move_map_svg(&rules, ty, colour, &map, a.radius);
        if path.as_os_str() == "-" {
            out!("{picture}");
            return Ok(ExitCode::SUCCESS);
        }
        files::write_atomic(path, &picture, files::Mode::Replace)?;
        note!("wrote {}", path.display());
    }
    let kind = rules.kind_of(ty);
    outln!(
        "{} ({}) from {}, {}:",
        kind.id,
        rules.types[usize::from(ty)].code,
        geo.square_name(sq),
        colour
    );
    out!("{}", map.render_with(&rules, colour, a.radius, a.numbered));
    outln!("{} move paths on an empty board", map.paths);
    Ok(ExitCode::SUCCESS)
}

/// A piece type by code (`+P` for a promoted one), id or name.
fn find_piece(rules: &Ruleset, piece: &str) -> Result<TypeId, Failure> {
    rules
        .type_by_code(piece)
        .or_else(|| rules.find_kind(piece).map(|k| rules.unpromoted_type(k)))
        .ok_or_else(|| {
            let names: Vec<&str> = rules.kinds.iter().map(|k| k.id.as_str()).collect();
            let hint = gunbai::unstable::diagnostics::did_you_mean(piece, names.iter().copied())
                .map(|n| format!(" Did you mean `{n}`?"))
                .unwrap_or_default();
            fail(format!("unknown piece `{piece}` in variant `{}`.{hint}", rules.id))
        })
}
