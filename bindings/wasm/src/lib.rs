//! gunbai for JavaScript: the raw WebAssembly exports behind the npm
//! package's `index.js` (docs/wasm.md, bindings/wasm/README.md).
//!
//! This crate only translates types: JavaScript strings and numbers in,
//! JSON text or plain values out. Every rule is decided by the gunbai
//! library; nothing here knows a variant. An error is thrown as a string
//! holding a JSON object `{message, diagnostics}` that `index.js` turns
//! into a `GunbaiError`; nothing here panics on any input (a panic would
//! be a trap, which the package reports as a bug).
//!
//! The limits of the JavaScript door, beside the library's own (the move
//! budget, the rule file's bounds): a rule file of at most
//! [`MAX_RULES_BYTES`], position text of at most [`MAX_TEXT_BYTES`], a game
//! of at most [`MAX_PLIES`] moves on one board, a search table of at most
//! [`MAX_TABLE_MB`].

mod convert;

use convert::{Failure, diagnostics_json, outcome_json, parse_colour, parse_convention, parse_notation};
use gunbai::board::{Colour, Square};
use gunbai::compile::{OptionOverride, compile};
use gunbai::diagnostics::Source;
use gunbai::diagram::move_map;
use gunbai::dsl::OptionValue;
use gunbai::movegen::{Move, Promotion, in_check, legal_moves};
use gunbai::notation::{parse_move, usi_move, write_move};
use gunbai::perft::perft;
use gunbai::play::Undo;
use gunbai::position::Position;
use gunbai::render::svg::{BoardView, board_view_svg, move_map_labels_svg};
use gunbai::render::{english_name, option_text, option_values, piece_label};
use gunbai::ruleset::Ruleset;
use gunbai::search::{Limits, Searcher};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use wasm_bindgen::prelude::*;

/// The largest rule-file text accepted (the CLI's limit for a file).
pub const MAX_RULES_BYTES: usize = gunbai::rules::MAX_FILE_BYTES as usize;
/// The largest position text or SFEN accepted.
pub const MAX_TEXT_BYTES: usize = 1 << 20;
/// The most moves one board may have pushed.
pub const MAX_PLIES: usize = 10_000;
/// The largest search table (MiB); wasm32 has 4 GiB of memory in all.
pub const MAX_TABLE_MB: u32 = 512;
/// Boards with a longer side draw a piece's diagram in a window of this
/// many squares around it rather than whole (as the playground does).
const DIAGRAM_RADIUS: i32 = 8;
const WHOLE_DIAGRAM_SIDE: u32 = 16;

type Res<T> = Result<T, String>;

/// The bundled variants: `[{name, title, files, ranks, options}]` as JSON.
#[wasm_bindgen(js_name = variantsJson)]
pub fn variants_json() -> Res<String> {
    let mut out = Vec::new();
    for name in gunbai::rules::bundled_names() {
        let v = Variant::bundled(name)?;
        out.push(v.info());
    }
    Ok(Value::Array(out).to_string())
}

/// Sets the move budget: the most legal moves one position may have
/// (1 to 10,000,000; default 1,000,000), for every board from now on.
#[wasm_bindgen(js_name = setMoveBudget)]
pub fn set_move_budget(limit: f64) -> Res<()> {
    let n = if limit.is_finite() && limit >= 0.0 && limit.fract() == 0.0 && limit <= 1e15 {
        limit as usize
    } else {
        return Err(Failure::message(format!("the move budget is a whole number of moves, not {limit}")).into());
    };
    gunbai::movegen::set_move_limit(n).map_err(|e| Failure::message(e).into())
}

/// The move budget in force.
#[wasm_bindgen(js_name = moveBudget)]
pub fn move_budget() -> f64 {
    gunbai::movegen::move_limit() as f64
}

/// The version of the gunbai library inside.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// A compiled variant: its rule text, the option values set, the rules.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Variant {
    /// Where the text came from (`rules/chu.toml`, or the caller's name).
    file: String,
    text: Arc<str>,
    overrides: Vec<OptionOverride>,
    rules: Arc<Ruleset>,
    /// Warnings of the compile, as JSON diagnostics.
    warnings: Vec<Value>,
}

impl Variant {
    fn compile(file: String, text: Arc<str>, overrides: Vec<OptionOverride>) -> Res<Variant> {
        let source = Source::new(file.clone(), text.to_string());
        match compile(&source, &overrides) {
            Ok(c) => Ok(Variant {
                file,
                text,
                overrides,
                rules: Arc::new(c.ruleset),
                warnings: diagnostics_json(&c.warnings),
            }),
            Err(report) => Err(Failure::report("the rules have errors", &report).into()),
        }
    }

    fn bundled(name: &str) -> Res<Variant> {
        let Some(text) = gunbai::rules::bundled(name) else {
            let names = gunbai::rules::bundled_names();
            let hint = gunbai::diagnostics::did_you_mean(name, names.iter().copied())
                .map(|n| format!(" Did you mean `{n}`?"))
                .unwrap_or_default();
            return Err(Failure::message(format!(
                "unknown variant `{}`: the bundled variants are {}.{hint}",
                convert::shown(name),
                names.join(", ")
            ))
            .into());
        };
        Variant::compile(format!("rules/{name}.toml"), Arc::from(text), Vec::new())
    }

    fn info(&self) -> Value {
        let r = &self.rules;
        let options: Vec<Value> = r
            .options
            .iter()
            .map(|(name, o)| {
                json!({
                    "name": name,
                    "type": match o.default { OptionValue::Bool(_) => "bool", OptionValue::Enum { .. } => "enum" },
                    "value": option_text(&o.value),
                    "default": option_text(&o.default),
                    "help": o.doc,
                    "choices": option_values(&o.default),
                })
            })
            .collect();
        json!({
            "name": r.id,
            "title": r.names.get("en").cloned().unwrap_or_else(|| r.id.clone()),
            "file": self.file,
            "files": r.geometry.width,
            "ranks": r.geometry.height,
            "usi": convert::has_usi(r),
            "drops": r.drops.is_some(),
            "options": options,
        })
    }
}

#[wasm_bindgen]
impl Variant {
    /// A bundled variant by name (`chu`); see `variantsJson`.
    #[wasm_bindgen(js_name = bundled)]
    pub fn js_bundled(name: &str) -> Res<Variant> {
        Variant::bundled(name)
    }

    /// A variant from rule-file text; `file` names it in diagnostics.
    #[wasm_bindgen(js_name = fromToml)]
    pub fn from_toml(text: &str, file: Option<String>) -> Res<Variant> {
        if text.len() > MAX_RULES_BYTES {
            return Err(Failure::message(format!(
                "the rule file has {} bytes; a rule file is at most {MAX_RULES_BYTES} bytes",
                text.len()
            ))
            .into());
        }
        let file = file.unwrap_or_else(|| "rules.toml".into());
        if file.len() > 1024 {
            return Err(Failure::message("the file name is longer than 1024 bytes").into());
        }
        Variant::compile(file, Arc::from(text), Vec::new())
    }

    /// `{name, title, file, files, ranks, usi, drops, options}` as JSON.
    #[wasm_bindgen(js_name = infoJson)]
    pub fn info_json(&self) -> String {
        self.info().to_string()
    }

    /// The compile's warnings as JSON diagnostics.
    #[wasm_bindgen(js_name = warningsJson)]
    pub fn warnings_json(&self) -> String {
        Value::Array(self.warnings.clone()).to_string()
    }

    /// The rule-file text.
    #[wasm_bindgen(js_name = rulesText)]
    pub fn rules_text(&self) -> String {
        self.text.to_string()
    }

    /// Sets a rule option (`true`, `false` or an enum value) and compiles
    /// again; on an error the variant keeps its old options.
    #[wasm_bindgen(js_name = setOption)]
    pub fn set_option(&mut self, name: &str, value: &str) -> Res<()> {
        let mut overrides: Vec<OptionOverride> = self.overrides.iter().filter(|o| o.name != name).cloned().collect();
        overrides.push(OptionOverride {
            name: name.to_string(),
            value: value.to_string(),
        });
        *self = Variant::compile(self.file.clone(), self.text.clone(), overrides)?;
        Ok(())
    }

    /// A copy with the same options (boards keep the rules they were made
    /// with; a copy lets one variant's options change independently).
    #[wasm_bindgen(js_name = clone)]
    pub fn js_clone(&self) -> Variant {
        self.clone()
    }

    /// The pieces: `[{code, name, label, promoted}]` as JSON, every type.
    #[wasm_bindgen(js_name = piecesJson)]
    pub fn pieces_json(&self) -> String {
        let r = &self.rules;
        let list: Vec<Value> = (0..r.types.len())
            .map(|i| {
                let t = &r.types[i];
                let ty = convert::type_id(i);
                json!({
                    "code": t.code,
                    "name": english_name(r, t.kind),
                    "label": piece_label(r, ty),
                    "promoted": t.promoted_from.is_some(),
                })
            })
            .collect();
        Value::Array(list).to_string()
    }

    /// The moves of the piece coded `code` from the middle of an empty
    /// board, as an SVG picture (`colour`: black or white; `labels`: names
    /// or codes).
    #[wasm_bindgen(js_name = pieceDiagramSvg)]
    pub fn piece_diagram_svg(&self, code: &str, colour: Option<String>, labels: Option<String>) -> Res<String> {
        let r = &self.rules;
        let ty = r.type_by_code(code).ok_or_else(|| {
            let codes: Vec<&str> = r.types.iter().map(|t| t.code.as_str()).collect();
            let hint = gunbai::diagnostics::did_you_mean(code, codes.iter().copied())
                .map(|c| format!(" Did you mean `{c}`?"))
                .unwrap_or_default();
            Failure::message(format!(
                "no piece coded `{}` in `{}`.{hint}",
                convert::shown(code),
                r.id
            ))
        })?;
        let colour = parse_colour(colour.as_deref())?;
        let labels = convert::parse_labels(labels.as_deref())?;
        let geo = &r.geometry;
        let origin = geo
            .square((geo.width as i32 - 1) / 2, (geo.height as i32 - 1) / 2)
            .unwrap_or(0);
        let radius = (geo.width.max(geo.height) > WHOLE_DIAGRAM_SIDE).then_some(DIAGRAM_RADIUS);
        let map = move_map(r, ty, colour, origin);
        Ok(move_map_labels_svg(r, ty, colour, &map, radius, labels))
    }
}

/// A game: a position and the moves pushed on it (for `pop`), with a
/// searcher made on first use.
#[wasm_bindgen]
pub struct Board {
    pos: Position,
    played: Vec<(Move, Undo)>,
    searcher: Option<Searcher>,
    /// The search table's size in MiB.
    table_mb: u32,
}

impl Board {
    fn at(pos: Position) -> Board {
        Board {
            pos,
            played: Vec::new(),
            searcher: None,
            table_mb: 16,
        }
    }

    fn parse(&self, text: &str) -> Res<Move> {
        if text.len() > MAX_TEXT_BYTES {
            return Err(Failure::message("a move is at most 1 MiB of text").into());
        }
        parse_move(&self.pos, text)
            .map_err(|e| Failure::report(&format!("`{}` cannot be played", convert::shown(text)), &e).into())
    }

    fn moves(&self) -> Res<Vec<Move>> {
        let mut moves = Vec::new();
        legal_moves(&self.pos, &mut moves).map_err(convert::too_many)?;
        Ok(moves)
    }

    fn name(&self, sq: Square) -> String {
        self.pos.rules().geometry.square_name(sq)
    }

    /// Plays `m`, looks, takes it back.
    fn after<T>(&mut self, m: &Move, look: impl FnOnce(&Position) -> T) -> T {
        let undo = self.pos.play_unchecked(m);
        let seen = look(&self.pos);
        self.pos.unplay(&undo);
        seen
    }

    fn details(&mut self, m: &Move) -> Value {
        let mut steps = Vec::new();
        for (i, &sq) in m.landings().iter().enumerate() {
            steps.push(json!({"square": self.name(sq), "kind": "land"}));
            for t in m.shots_after(i) {
                steps.push(json!({"square": self.name(t), "kind": "shot"}));
            }
        }
        let text = write_move(&self.pos, m, gunbai::notation::Notation::Native);
        let usi = usi_move(&self.pos, m);
        let geo = self.pos.rules().geometry.clone();
        let captures: Vec<String> = self.after(m, |p| {
            p.last_captures().iter().map(|&(s, _)| geo.square_name(s)).collect()
        });
        let rules = self.pos.rules().clone();
        let code = |ty: gunbai::ruleset::TypeId| rules.types[usize::from(ty)].code.clone();
        json!({
            "text": text,
            "usi": usi,
            "from": m.dropped().is_none().then(|| self.name(m.from())),
            "to": self.name(m.to()),
            "steps": steps,
            "captures": captures,
            "promotion": match m.promotion() {
                Promotion::None => "none",
                Promotion::Promote => "promote",
                Promotion::PromoteWithChain => "promote_with_chain",
                Promotion::Decline => "decline",
                Promotion::Revert => "revert",
            },
            "drop": m.dropped().map(code),
            "hand": m.dropped().map(|ty| code(rules.origin(ty))),
        })
    }
}

#[wasm_bindgen]
impl Board {
    /// The start position of `variant`.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &Variant) -> Board {
        Board::at(Position::start(variant.rules.clone()))
    }

    /// A position in gunbai's native text.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(variant: &Variant, text: &str) -> Res<Board> {
        convert::text_size(text, "the position text")?;
        Position::from_text(variant.rules.clone(), text)
            .map(Board::at)
            .map_err(|e| Failure::report("the position text cannot be read", &e).into())
    }

    /// A position in lishogi's SFEN (variants with an `[sfen]` table).
    #[wasm_bindgen(js_name = fromSfen)]
    pub fn from_sfen(variant: &Variant, text: &str) -> Res<Board> {
        convert::text_size(text, "the SFEN")?;
        if variant.rules.sfen.is_none() {
            return Err(Failure::message(format!(
                "variant `{}` has no SFEN form: give its native position text instead",
                variant.rules.id
            ))
            .into());
        }
        Position::from_sfen(variant.rules.clone(), text)
            .map(Board::at)
            .map_err(|e| Failure::report("the SFEN cannot be read", &e).into())
    }

    /// The legal moves, in `notation` (`native`, the default, or `usi`),
    /// sorted by gunbai's text, as a JSON array.
    #[wasm_bindgen(js_name = legalMovesJson)]
    pub fn legal_moves_json(&self, notation: Option<String>) -> Res<String> {
        let notation = parse_notation(notation.as_deref(), self.pos.rules())?;
        let mut moves = self.moves()?;
        moves.sort_by_cached_key(|m| write_move(&self.pos, m, gunbai::notation::Notation::Native));
        let texts: Vec<String> = moves.iter().map(|m| write_move(&self.pos, m, notation)).collect();
        Ok(json!(texts).to_string())
    }

    /// The number of legal moves.
    #[wasm_bindgen(js_name = legalMoveCount)]
    pub fn legal_move_count(&self) -> Res<u32> {
        Ok(u32::try_from(self.moves()?.len()).unwrap_or(u32::MAX))
    }

    /// Every legal move (of the piece on `from` only, if given) with its
    /// steps, captures, promotion and drop, as JSON.
    #[wasm_bindgen(js_name = legalMoveDetailsJson)]
    pub fn legal_move_details_json(&mut self, from: Option<String>) -> Res<String> {
        let from = match from {
            None => None,
            Some(s) => Some(convert::square(&self.pos.rules().geometry, &s)?),
        };
        let mut moves = self.moves()?;
        moves.retain(|m| from.is_none_or(|f| m.dropped().is_none() && m.from() == f));
        let mut out: Vec<Value> = moves.iter().map(|m| self.details(m)).collect();
        out.sort_by(|a, b| a["text"].as_str().cmp(&b["text"].as_str()));
        Ok(Value::Array(out).to_string())
    }

    /// Plays a move (native text or USI); returns its details as JSON.
    pub fn push(&mut self, text: &str) -> Res<String> {
        if self.played.len() >= MAX_PLIES {
            return Err(Failure::message(format!("a board takes at most {MAX_PLIES} moves")).into());
        }
        let m = self.parse(text)?;
        let details = self.details(&m);
        let undo = self.pos.play_unchecked(&m);
        self.played.push((m, undo));
        Ok(details.to_string())
    }

    /// Takes back the last move pushed; returns its native text, or
    /// undefined when none is left.
    pub fn pop(&mut self) -> Option<String> {
        let (m, undo) = self.played.pop()?;
        self.pos.unplay(&undo);
        Some(write_move(&self.pos, &m, gunbai::notation::Notation::Native))
    }

    /// The moves pushed so far, in native text, as JSON.
    #[wasm_bindgen(js_name = historyJson)]
    pub fn history_json(&mut self) -> String {
        // Each move is written in the position it was played from: take
        // them all back, then replay them.
        let played = std::mem::take(&mut self.played);
        for (_, undo) in played.iter().rev() {
            self.pos.unplay(undo);
        }
        let mut texts = Vec::with_capacity(played.len());
        for (m, _) in &played {
            texts.push(write_move(&self.pos, m, gunbai::notation::Notation::Native));
            let undo = self.pos.play_unchecked(m);
            self.played.push((*m, undo));
        }
        json!(texts).to_string()
    }

    /// The position in native text.
    pub fn position(&self) -> String {
        self.pos.to_text()
    }

    /// The position as SFEN, or undefined for a variant without one.
    pub fn sfen(&self) -> Option<String> {
        self.pos.to_sfen()
    }

    /// `black` or `white`.
    #[wasm_bindgen(js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        self.pos.side_to_move().to_string()
    }

    /// The game's result as JSON (`null` while it goes on).
    #[wasm_bindgen(js_name = resultJson)]
    pub fn result_json(&self) -> String {
        outcome_json(&self.pos).to_string()
    }

    /// Does the move capture anything (shots and effects included)?
    #[wasm_bindgen(js_name = isCapture)]
    pub fn is_capture(&mut self, text: &str) -> Res<bool> {
        let m = self.parse(text)?;
        Ok(self.after(&m, |p| !p.last_captures().is_empty()))
    }

    /// Does the move leave a royal of the other side attacked?
    #[wasm_bindgen(js_name = givesCheck)]
    pub fn gives_check(&mut self, text: &str) -> Res<bool> {
        let m = self.parse(text)?;
        Ok(self.after(&m, |p| in_check(p, p.side_to_move())))
    }

    /// A move (any notation gunbai reads) written in `notation`.
    #[wasm_bindgen(js_name = moveText)]
    pub fn move_text(&self, text: &str, notation: Option<String>) -> Res<String> {
        let notation = parse_notation(notation.as_deref(), self.pos.rules())?;
        let m = self.parse(text)?;
        Ok(write_move(&self.pos, &m, notation))
    }

    /// Perft: the leaves of the legal-move tree `depth` plies deep, under
    /// a counting convention (`paths`, the default, `effects`, `shogiops`
    /// or `fsf`), on one thread.
    pub fn perft(&mut self, depth: u32, convention: Option<String>) -> Res<u64> {
        let conv = parse_convention(convention.as_deref())?;
        perft(&mut self.pos, depth, conv).map_err(|e| convert::too_many(e).into())
    }

    /// The board as an SVG picture: `flip` draws it from White's side,
    /// `labels` is names or codes, `marks` marks the last move pushed and
    /// gives every square a `data-sq` hit area (as the playground draws
    /// it; without, the picture is `gunbai show --svg`'s).
    #[wasm_bindgen(js_name = boardSvg)]
    pub fn board_svg(&self, flip: bool, labels: Option<String>, marks: bool) -> Res<String> {
        let rules = self.pos.rules();
        let labels = convert::parse_labels(labels.as_deref())?;
        let pieces = gunbai::render::pieces(&self.pos);
        let last = match self.played.last() {
            Some((m, _)) if marks => std::iter::once(m.from()).chain(m.landings().iter().copied()).collect(),
            _ => Vec::new(),
        };
        let view = BoardView {
            view: if flip { Colour::White } else { Colour::Black },
            labels,
            last_move: last,
            hit_areas: marks,
        };
        Ok(board_view_svg(rules, &pieces, &view))
    }

    /// The pieces on the board and in hand as JSON: `{pieces: [{square,
    /// colour, code, name}], hands: {black, white} | null}`.
    #[wasm_bindgen(js_name = piecesJson)]
    pub fn pieces_json(&self) -> String {
        convert::pieces_json(&self.pos).to_string()
    }

    /// The search table's size in MiB (1 to 512, default 16); it takes
    /// effect at the next search of a board that has not searched yet, or
    /// after `clearSearch`.
    #[wasm_bindgen(js_name = setSearchTable)]
    pub fn set_search_table(&mut self, mb: u32) -> Res<()> {
        if !(1..=MAX_TABLE_MB).contains(&mb) {
            return Err(Failure::message(format!("the search table is 1 to {MAX_TABLE_MB} MiB, not {mb}")).into());
        }
        self.table_mb = mb;
        self.searcher = None;
        Ok(())
    }

    /// Forgets what the search learnt (its table is made anew).
    #[wasm_bindgen(js_name = clearSearch)]
    pub fn clear_search(&mut self) {
        self.searcher = None;
    }

    /// Searches the position for at most `depth` plies (1 to 64), `ms`
    /// milliseconds and about `nodes` nodes (0: no limit; at least one
    /// limit is required); returns JSON `{best, bestUsi, nodes, iterations:
    /// [{depth, score, mate, nodes, timeMs, pv, pvUsi, complete}]}`.
    pub fn search(&mut self, depth: u32, ms: f64, nodes: f64) -> Res<String> {
        if depth == 0 && ms <= 0.0 && nodes <= 0.0 {
            return Err(Failure::message("give the search a depth, a time or a node limit").into());
        }
        let limits = Limits {
            depth: (depth > 0).then_some(depth.min(64)),
            soft_time: None,
            hard_time: (ms > 0.0 && ms.is_finite()).then(|| Duration::from_secs_f64((ms / 1000.0).min(86_400.0))),
            nodes: (nodes > 0.0).then_some(nodes.min(1e18) as u64),
        };
        let searcher = self
            .searcher
            .get_or_insert_with(|| Searcher::with_table(&self.pos, self.table_mb as usize).0);
        let mut iterations = Vec::new();
        let pos = &mut self.pos;
        let best = {
            let mut report = |r: &gunbai::search::Report| iterations.push(r.clone());
            searcher.search(pos, limits, &mut report).map_err(convert::too_many)?
        };
        let mut out = convert::search_json(pos, best, &iterations);
        out["nodes"] = json!(searcher.nodes());
        Ok(out.to_string())
    }
}
