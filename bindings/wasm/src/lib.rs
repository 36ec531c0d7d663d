//! gunbai for JavaScript: the raw WebAssembly exports behind the npm
//! package's `index.js` (docs/wasm.md, bindings/wasm/README.md).
//!
//! This crate only translates types: JavaScript strings and numbers in,
//! JSON text or plain values out. It calls gunbai's façade (`Variant`,
//! `Position`, `Engine`, `perft`, `mate`, `check_line`, `board_svg_with`), and the interpreter's
//! inside (`gunbai::unstable`) only where the façade has nothing yet: a
//! piece type's label and diagrams with code labels or a window
//! (`render`), the `--format json` shape of a position and its outcome's
//! reason (`render::json`), the move budget (`movegen`). Every rule is decided by
//! the gunbai library; nothing here knows a variant. An error is thrown as
//! a string holding a JSON object `{message, diagnostics}` that `index.js`
//! turns into a `GunbaiError`; nothing here panics on any input (a panic
//! would be a trap, which the package reports as a bug).
//!
//! The limits of the JavaScript door, beside the library's own (the move
//! budget, the rule file's bounds): a rule file of at most
//! [`MAX_RULES_BYTES`], position text of at most [`MAX_TEXT_BYTES`], a game
//! of at most [`MAX_PLIES`] moves on one board, a search table of at most
//! [`MAX_TABLE_MB`], a mate or a claimed line of at most [`MAX_MATE_PLIES`].

mod convert;

use convert::{Failure, diagnostics_json, parse_colour, parse_convention, parse_notation, search_json, text, usi};
use gunbai::unstable::diagram::move_map;
use gunbai::unstable::render::piece_label;
use gunbai::unstable::render::svg::{Labels, move_map_labels_svg};
use gunbai::{BoardStyle, Colour, Engine, Limits, Move, Notation, Position, Promotion, StepKind, perft};
use serde_json::{Value, json};
use std::time::Duration;
use wasm_bindgen::prelude::*;

/// The largest rule-file text accepted (the CLI's limit for a file).
pub const MAX_RULES_BYTES: usize = gunbai::unstable::rules::MAX_FILE_BYTES as usize;
/// The largest position text or SFEN accepted.
pub const MAX_TEXT_BYTES: usize = 1 << 20;
/// The most moves one board may have pushed.
pub const MAX_PLIES: usize = 10_000;
/// The largest search table (MiB); wasm32 has 4 GiB of memory in all.
pub const MAX_TABLE_MB: u32 = 512;
/// The longest mate looked for, or claimed, in plies.
pub const MAX_MATE_PLIES: u32 = 2047;
/// Boards with a longer side draw a piece's diagram in a window of this
/// many squares around it rather than whole (as the playground does).
const DIAGRAM_RADIUS: i32 = 8;
const WHOLE_DIAGRAM_SIDE: u32 = 16;

type Res<T> = Result<T, String>;

/// The message of a panic (a bug in gunbai: none is expected on any
/// input), kept for `index.js`, which sees only the trap that follows.
static PANIC: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

/// Runs when the module is instantiated: panics record their message.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut p) = PANIC.lock() {
            *p = info.to_string();
        }
    }));
}

/// The last panic's message, or an empty string.
#[wasm_bindgen(js_name = lastPanic)]
pub fn last_panic() -> String {
    PANIC.lock().map(|p| p.clone()).unwrap_or_default()
}

/// The bundled variants' names, without compiling them, as JSON.
#[wasm_bindgen(js_name = variantNamesJson)]
pub fn variant_names_json() -> String {
    json!(gunbai::Variant::bundled_names()).to_string()
}

/// The bundled variants: `[{name, title, files, ranks, options}]` as JSON
/// (each rule file compiled).
#[wasm_bindgen(js_name = variantsJson)]
pub fn variants_json() -> Res<String> {
    let mut out = Vec::new();
    for name in gunbai::Variant::bundled_names() {
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
    gunbai::unstable::movegen::set_move_limit(n).map_err(|e| Failure::message(e).into())
}

/// The move budget in force.
#[wasm_bindgen(js_name = moveBudget)]
pub fn move_budget() -> f64 {
    gunbai::unstable::movegen::move_limit() as f64
}

/// The version of the gunbai library inside.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// A compiled variant and the name its rule text goes by.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Variant {
    /// Where the text came from (`rules/chu.toml`, or the caller's name).
    file: String,
    v: gunbai::Variant,
}

impl Variant {
    fn bundled(name: &str) -> Res<Variant> {
        match gunbai::Variant::bundled(name) {
            Ok(v) => Ok(Variant {
                file: format!("rules/{name}.toml"),
                v,
            }),
            Err(e) => Err(Failure::plain(&e).into()),
        }
    }

    fn info(&self) -> Value {
        let v = &self.v;
        let options: Vec<Value> = v
            .options()
            .into_iter()
            .map(|o| {
                let boolean = o.choices == ["true", "false"];
                json!({
                    "name": o.name,
                    "type": if boolean { "bool" } else { "enum" },
                    "value": o.value,
                    "default": o.default,
                    "help": o.help,
                    "choices": o.choices,
                })
            })
            .collect();
        json!({
            "name": v.name(),
            "title": v.title(),
            "file": self.file,
            "files": v.files(),
            "ranks": v.ranks(),
            "usi": v.has_usi(),
            "drops": v.has_drops(),
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
        match gunbai::Variant::from_toml(text, &file) {
            Ok(v) => Ok(Variant { file, v }),
            Err(e) => Err(Failure::of("the rules have errors", &e).into()),
        }
    }

    /// `{name, title, file, files, ranks, usi, drops, options}` as JSON.
    #[wasm_bindgen(js_name = infoJson)]
    pub fn info_json(&self) -> String {
        self.info().to_string()
    }

    /// The compile's warnings as JSON diagnostics.
    #[wasm_bindgen(js_name = warningsJson)]
    pub fn warnings_json(&self) -> String {
        Value::Array(diagnostics_json(self.v.warnings())).to_string()
    }

    /// The rule-file text.
    #[wasm_bindgen(js_name = rulesText)]
    pub fn rules_text(&self) -> String {
        self.v.rules_text().to_string()
    }

    /// Sets a rule option (`true`, `false` or an enum value) and compiles
    /// again; on an error the variant keeps its old options.
    #[wasm_bindgen(js_name = setOption)]
    pub fn set_option(&mut self, name: &str, value: &str) -> Res<()> {
        self.v = self
            .v
            .with_options(&[(name, value)])
            .map_err(|e| Failure::of("the option cannot be set", &e))?;
        Ok(())
    }

    /// A copy with the same options (boards keep the rules they were made
    /// with; a copy lets one variant's options change independently).
    #[wasm_bindgen(js_name = clone)]
    pub fn js_clone(&self) -> Variant {
        self.clone()
    }

    /// The pieces: `[{code, id, name, label, promoted}]` as JSON, every type.
    #[wasm_bindgen(js_name = piecesJson)]
    pub fn pieces_json(&self) -> String {
        let rules = self.v.unstable_rules();
        let list: Vec<Value> = self
            .v
            .piece_kinds()
            .into_iter()
            .map(|k| {
                let label = rules.type_by_code(&k.code).map(|ty| piece_label(rules, ty));
                json!({
                    "code": k.code,
                    "id": k.id,
                    "name": k.name,
                    "label": label,
                    "promoted": k.promoted,
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
        let colour = parse_colour(colour.as_deref())?;
        let labels = convert::parse_labels(labels.as_deref())?;
        // The façade's picture checks the piece (code or kind id, with a
        // hint); it has no labels or window, so the picture is drawn here.
        self.v
            .piece_diagram_svg(code, colour)
            .map_err(|e| Failure::message(e.message().replace(code, &convert::shown(code))))?;
        let r = self.v.unstable_rules();
        let Some(ty) = r
            .type_by_code(code)
            .or_else(|| r.find_kind(code).map(|k| r.unpromoted_type(k)))
        else {
            return Err(Failure::message(format!("no piece `{}`", convert::shown(code))).into());
        };
        let geo = &r.geometry;
        let origin = geo
            .square((geo.width as i32 - 1) / 2, (geo.height as i32 - 1) / 2)
            .unwrap_or(0);
        let radius = (geo.width.max(geo.height) > WHOLE_DIAGRAM_SIDE).then_some(DIAGRAM_RADIUS);
        let map = move_map(r, ty, colour, origin);
        Ok(move_map_labels_svg(r, ty, colour, &map, radius, labels))
    }
}

/// A game: a position and the moves pushed on it, with a search engine
/// made on first use.
#[wasm_bindgen]
pub struct Board {
    pos: Position,
    variant: gunbai::Variant,
    engine: Option<Engine>,
    /// The search table's size in MiB.
    table_mb: u32,
    /// Moves pushed (the façade keeps them; this counts them).
    plies: usize,
}

impl Board {
    fn at(variant: &gunbai::Variant, pos: Position) -> Board {
        Board {
            pos,
            variant: variant.clone(),
            engine: None,
            table_mb: 16,
            plies: 0,
        }
    }

    fn parse(&self, text: &str) -> Res<Move> {
        if text.len() > MAX_TEXT_BYTES {
            return Err(Failure::message("a move is at most 1 MiB of text").into());
        }
        self.pos
            .parse_move(text)
            .map_err(|e| Failure::of(&format!("`{}` cannot be played", convert::shown(text)), &e).into())
    }

    fn moves(&self) -> Res<Vec<Move>> {
        self.pos.legal_moves().map_err(|e| Failure::plain(&e).into())
    }

    /// The legal moves, sorted by their native text (as the CLI lists them).
    fn sorted_moves(&self) -> Res<Vec<(String, Move)>> {
        let mut moves: Vec<(String, Move)> = self
            .moves()?
            .into_iter()
            .map(|m| (text(&self.pos, &m, Notation::Native), m))
            .collect();
        moves.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(moves)
    }

    fn details(&self, m: &Move) -> Value {
        let legs = self.pos.legs(m);
        let steps: Vec<Value> = legs
            .steps
            .iter()
            .map(|s| {
                json!({"square": s.square, "kind": match s.kind {
                    StepKind::Land => "land",
                    _ => "shot",
                }})
            })
            .collect();
        let to = legs
            .steps
            .iter()
            .rev()
            .find(|s| s.kind == StepKind::Land)
            .map(|s| s.square.clone());
        json!({
            "text": text(&self.pos, m, Notation::Native),
            "usi": usi(&self.pos, m),
            "from": (!m.is_drop()).then_some(&legs.from),
            "to": to,
            "steps": steps,
            "captures": legs.captures,
            "promotion": match legs.promotion {
                Promotion::None => "none",
                Promotion::Promote => "promote",
                Promotion::PromoteWithChain => "promote_with_chain",
                Promotion::Decline => "decline",
                Promotion::Revert => "revert",
            },
            "drop": legs.drop.as_ref().map(|d| &d.0),
            "hand": legs.drop.as_ref().map(|d| &d.1),
        })
    }
}

#[wasm_bindgen]
impl Board {
    /// The start position of `variant`.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &Variant) -> Board {
        Board::at(&variant.v, variant.v.start())
    }

    /// A position in gunbai's native text.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(variant: &Variant, text: &str) -> Res<Board> {
        convert::text_size(text, "the position text")?;
        Position::from_text(&variant.v, text)
            .map(|p| Board::at(&variant.v, p))
            .map_err(|e| Failure::of("the position text cannot be read", &e).into())
    }

    /// A position in lishogi's SFEN (variants with an `[sfen]` table).
    #[wasm_bindgen(js_name = fromSfen)]
    pub fn from_sfen(variant: &Variant, text: &str) -> Res<Board> {
        convert::text_size(text, "the SFEN")?;
        if variant.v.unstable_rules().sfen.is_none() {
            return Err(Failure::message(format!(
                "variant `{}` has no SFEN form: give its native position text instead",
                variant.v.name()
            ))
            .into());
        }
        Position::from_sfen(&variant.v, text)
            .map(|p| Board::at(&variant.v, p))
            .map_err(|e| Failure::of("the SFEN cannot be read", &e).into())
    }

    /// The legal moves, in `notation` (`native`, the default, `usi`,
    /// `western`, `western-numeric`, `western-short` or `japanese`),
    /// sorted by gunbai's text, as a JSON array.
    #[wasm_bindgen(js_name = legalMovesJson)]
    pub fn legal_moves_json(&self, notation: Option<String>) -> Res<String> {
        let notation = parse_notation(notation.as_deref(), &self.variant)?;
        let texts: Vec<String> = self
            .sorted_moves()?
            .into_iter()
            .map(|(native, m)| match notation {
                Notation::Native => native,
                _ => text(&self.pos, &m, notation),
            })
            .collect();
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
    pub fn legal_move_details_json(&self, from: Option<String>) -> Res<String> {
        if let Some(sq) = &from {
            let geo = &self.variant.unstable_rules().geometry;
            if geo.parse_square(sq).is_none() {
                return Err(Failure::message(format!(
                    "`{}` is not a square of this {}x{} board",
                    convert::shown(sq),
                    geo.width,
                    geo.height
                ))
                .into());
            }
        }
        let mut out = Vec::new();
        for (_, m) in self.sorted_moves()? {
            let d = self.details(&m);
            if from.as_ref().is_none_or(|f| d["from"].as_str() == Some(f)) {
                out.push(d);
            }
        }
        Ok(Value::Array(out).to_string())
    }

    /// Plays a move (native text or USI); returns its details as JSON.
    pub fn push(&mut self, text: &str) -> Res<String> {
        if self.plies >= MAX_PLIES {
            return Err(Failure::message(format!("a board takes at most {MAX_PLIES} moves")).into());
        }
        let m = self.parse(text)?;
        let details = self.details(&m);
        self.pos
            .play(&m)
            .map_err(|e| Failure::of(&format!("`{}` cannot be played", convert::shown(text)), &e))?;
        self.plies += 1;
        Ok(details.to_string())
    }

    /// Takes back the last move pushed; returns its native text, or
    /// undefined when none is left.
    pub fn pop(&mut self) -> Option<String> {
        let m = self.pos.unplay()?;
        self.plies -= 1;
        Some(text(&self.pos, &m, Notation::Native))
    }

    /// The moves pushed so far, in native text, as JSON.
    #[wasm_bindgen(js_name = historyJson)]
    pub fn history_json(&self) -> String {
        // Each move is written in the position it was played from.
        let played = self.pos.moves_played();
        let mut p = self.pos.clone();
        while p.unplay().is_some() {}
        let mut texts = Vec::with_capacity(played.len());
        for m in &played {
            texts.push(text(&p, m, Notation::Native));
            if p.play(m).is_err() {
                break;
            }
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

    /// The game's result as JSON (`null` while it goes on): `{result,
    /// winner, reason, text}`, `result` `1-0` when the first player
    /// (Black) wins, `0-1`, `1/2-1/2`.
    #[wasm_bindgen(js_name = resultJson)]
    pub fn result_json(&self) -> String {
        let Some(o) = self.pos.outcome() else {
            return "null".into();
        };
        // The reason in the words of `--format json` (the façade's is an enum).
        let inner = self.pos.unstable_position();
        let shown = gunbai::unstable::render::json::outcome(inner, inner.result());
        json!({
            "result": match o.winner {
                Some(Colour::Black) => "1-0",
                Some(Colour::White) => "0-1",
                None => "1/2-1/2",
            },
            "winner": o.winner.map(|c| c.to_string()),
            "reason": shown["reason"],
            "text": o.text,
        })
        .to_string()
    }

    /// Does the move capture an enemy piece (shots and effects included)?
    #[wasm_bindgen(js_name = isCapture)]
    pub fn is_capture(&self, text: &str) -> Res<bool> {
        let m = self.parse(text)?;
        Ok(self.pos.is_capture(&m))
    }

    /// Does the move leave a royal of the other side attacked?
    #[wasm_bindgen(js_name = givesCheck)]
    pub fn gives_check(&self, text: &str) -> Res<bool> {
        let m = self.parse(text)?;
        Ok(self.pos.gives_check(&m))
    }

    /// A move (any notation gunbai reads) written in `notation`.
    #[wasm_bindgen(js_name = moveText)]
    pub fn move_text(&self, text: &str, notation: Option<String>) -> Res<String> {
        let notation = parse_notation(notation.as_deref(), &self.variant)?;
        let m = self.parse(text)?;
        self.pos.move_text(&m, notation).map_err(|e| Failure::plain(&e).into())
    }

    /// Perft: the leaves of the legal-move tree `depth` plies deep, under
    /// a counting convention (`paths`, the default, `effects`, `shogiops`
    /// or `fsf`), on one thread.
    pub fn perft(&self, depth: u32, convention: Option<String>) -> Res<u64> {
        let conv = parse_convention(convention.as_deref())?;
        perft(&self.pos, depth, conv).map_err(|e| Failure::plain(&e).into())
    }

    /// The board as an SVG picture: `flip` draws it from White's side,
    /// `labels` is names or codes, `marks` marks the last move pushed and
    /// gives every square a `data-sq` hit area (as the playground draws
    /// it; without, the picture is `gunbai show --svg`'s).
    #[wasm_bindgen(js_name = boardSvg)]
    pub fn board_svg(&self, flip: bool, labels: Option<String>, marks: bool) -> Res<String> {
        let labels = convert::parse_labels(labels.as_deref())?;
        Ok(self.pos.board_svg_with(BoardStyle {
            flipped: flip,
            codes: labels == Labels::Codes,
            hit_areas: marks,
            mark_last_move: marks,
        }))
    }

    /// The pieces on the board and in hand as JSON, as `gunbai show
    /// --format json` gives them.
    #[wasm_bindgen(js_name = piecesJson)]
    pub fn pieces_json(&self) -> String {
        gunbai::unstable::render::json::position(self.pos.unstable_position()).to_string()
    }

    /// The search table's size in MiB (1 to 512, default 16); a new table
    /// is made at the next search.
    #[wasm_bindgen(js_name = setSearchTable)]
    pub fn set_search_table(&mut self, mb: u32) -> Res<()> {
        if !(1..=MAX_TABLE_MB).contains(&mb) {
            return Err(Failure::message(format!("the search table is 1 to {MAX_TABLE_MB} MiB, not {mb}")).into());
        }
        self.table_mb = mb;
        self.engine = None;
        Ok(())
    }

    /// Forgets what the search learnt (its table is made anew).
    #[wasm_bindgen(js_name = clearSearch)]
    pub fn clear_search(&mut self) {
        self.engine = None;
    }

    /// Searches the position for at most `depth` plies (1 to 64), `ms`
    /// milliseconds (no iteration starts after half of them) and about
    /// `nodes` nodes (0: no limit; at least one limit is required);
    /// returns JSON `{best, bestUsi, nodes, iterations: [{depth, score,
    /// mate, nodes, timeMs, pv, pvUsi, complete}]}`.
    pub fn search(&mut self, depth: u32, ms: f64, nodes: f64) -> Res<String> {
        if depth == 0 && ms <= 0.0 && nodes <= 0.0 {
            return Err(Failure::message("give the search a depth, a time or a node limit").into());
        }
        let limits = Limits {
            depth: (depth > 0).then_some(depth.min(64)),
            time: (ms > 0.0 && ms.is_finite()).then(|| Duration::from_secs_f64((ms / 1000.0).min(86_400.0))),
            nodes: (nodes > 0.0).then_some(nodes.min(1e18) as u64),
        };
        let pos = &self.pos;
        let table_mb = self.table_mb as usize;
        let engine = self.engine.get_or_insert_with(|| Engine::new(pos, table_mb));
        let mut iterations = Vec::new();
        let last = engine
            .search(pos, limits, &mut |r| {
                iterations.push(r.clone());
                true
            })
            .map_err(|e| Failure::plain(&e))?;
        Ok(search_json(pos, last.as_ref(), &iterations).to_string())
    }

    /// Looks for a forced mate by the side to move (df-pn, as `gunbai
    /// mate`) within `max_plies` plies (at most 2047), `ms` milliseconds
    /// (0: 60 s) and about `nodes` nodes (0: no limit), in the search
    /// table's size; `any_moves` lifts the tsume rule (every attacking
    /// move checks); `defender_hand` `"rest"` gives the defender every
    /// piece of the set neither on the board nor in a hand (standard tsume
    /// shogi; `"as-given"` or absent: the position's hands). Returns JSON
    /// `{result, plies, line, lineUsi, shortest, nodes, timeMs, start}`
    /// (`start`: under `"rest"`, the position text the line plays from,
    /// else null).
    pub fn mate(
        &self,
        max_plies: u32,
        ms: f64,
        nodes: f64,
        any_moves: bool,
        defender_hand: Option<String>,
    ) -> Res<String> {
        let limits = gunbai::MateLimits {
            moves: attacker_moves(any_moves),
            max_plies: mate_plies(max_plies)?,
            time: Some(mate_time(ms)),
            nodes: (nodes > 0.0).then_some(nodes.min(1e18) as u64),
            hash_mb: self.table_mb as usize,
            defender_hand: hand(defender_hand.as_deref())?,
        };
        let r = gunbai::mate(&self.pos, &limits).map_err(|e| Failure::plain(&e))?;
        let start = match &r.start {
            Some(text) => Position::from_text(self.pos.variant(), text).map_err(|e| Failure::plain(&e))?,
            None => self.pos.clone(),
        };
        Ok(convert::mate_json(&start, &r).to_string())
    }

    /// Checks a claimed mating line (`gunbai mate --check-line`): `line`
    /// holds move texts (native or USI) separated by spaces; every other
    /// defence of each defender's ply is searched for a mate within the
    /// plies the claim (`max_plies`, 0: the line's length) leaves, each
    /// within `nodes` nodes (0: 100,000), the whole check within `ms`
    /// milliseconds (0: 60 s). Returns JSON `{result, claimed, plies,
    /// walked, at, endsInMate, line, lineUsi, defences: [{ply, move,
    /// moveUsi, left, alternatives, mated, longest: {move, moveUsi, plies,
    /// shortest} | null, stronger, escapes, escapesUsi, undecided,
    /// undecidedUsi, unchecked}], nodes, timeMs}`. `defender_hand` as in
    /// `mate`: under `"rest"` the hand is filled before the line is read.
    #[wasm_bindgen(js_name = checkLine)]
    pub fn check_line(
        &self,
        line: &str,
        max_plies: u32,
        ms: f64,
        nodes: f64,
        any_moves: bool,
        defender_hand: Option<String>,
    ) -> Res<String> {
        convert::text_size(line, "the line")?;
        let limits = gunbai::LineLimits {
            moves: attacker_moves(any_moves),
            max_plies: (max_plies > 0).then_some(max_plies),
            time: Some(mate_time(ms)),
            nodes: (nodes > 0.0).then_some(nodes.min(1e18) as u64),
            hash_mb: self.table_mb as usize,
            defender_hand: hand(defender_hand.as_deref())?,
        };
        let r =
            gunbai::check_line(&self.pos, line, &limits).map_err(|e| Failure::of("the line cannot be checked", &e))?;
        Ok(convert::line_json(&r).to_string())
    }
}

/// The defender's hand: `"as-given"` (or absent) or `"rest"`, as
/// `gunbai mate --defender-hand`.
fn hand(name: Option<&str>) -> Res<gunbai::DefenderHand> {
    match name {
        None | Some("as-given") => Ok(gunbai::DefenderHand::AsGiven),
        Some("rest") => Ok(gunbai::DefenderHand::Rest),
        Some(other) => {
            let shown: String = other.chars().take(40).collect();
            Err(Failure::message(format!("defender hand {shown:?}: \"as-given\" or \"rest\"")).into())
        }
    }
}

/// The tsume rule (every attacking move checks) unless `any_moves`.
fn attacker_moves(any_moves: bool) -> gunbai::AttackerMoves {
    if any_moves {
        gunbai::AttackerMoves::Any
    } else {
        gunbai::AttackerMoves::Checks
    }
}

/// A mate's length, at most 2047 plies.
fn mate_plies(n: u32) -> Res<u32> {
    if n > MAX_MATE_PLIES {
        return Err(Failure::message(format!("a mate is at most {MAX_MATE_PLIES} plies, not {n}")).into());
    }
    Ok(n)
}

/// A mate search's time: `ms` milliseconds, 60 s when not positive, at
/// most a day.
fn mate_time(ms: f64) -> Duration {
    if ms > 0.0 && ms.is_finite() {
        Duration::from_secs_f64((ms / 1000.0).min(86_400.0))
    } else {
        Duration::from_secs(60)
    }
}
