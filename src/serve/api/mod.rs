//! The JSON API behind the playground (`/api/...`), as plain functions from
//! a request to a reply, so that tests can call it without a socket. The
//! shapes are documented in `docs/api.md`; add fields rather than change
//! them.
//!
//! The API keeps no game state: every request carries its game (a variant
//! or rule-file text, option values, an optional start position, the moves
//! played) and the server replays it. Compiled rule sets are cached by
//! their text and options. Rule-file text comes only from the bundled
//! files, the files named on the command line (read once at start-up) or
//! the request body: nothing in a request names a path.

mod body;
mod request;

use body::{moves_json, position_json, title};
use request::{bad_input, first_message, invalid_rules, keyword, overrides, parse, percent_decode, square};

use crate::board::Colour;
use crate::compile::compile;
use crate::diagnostics::Source;
use crate::diagram::move_map;
use crate::movegen::Move;
use crate::notation::{move_text, parse_move, usi_move};
use crate::position::Position;
use crate::render::svg::{Labels, move_map_labels_svg};
use crate::render::{english_name, json, piece_label};
use crate::ruleset::Ruleset;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The largest request body: a rule file of the CLI's largest size
/// ([`crate::rules::MAX_FILE_BYTES`], 4 MiB) with room for the JSON around it.
pub const MAX_BODY: usize = 5 << 20;
/// Most moves one game may carry.
pub const MAX_PLIES: usize = 4000;
/// Most legal moves `/api/moves` lists for one position (the bundled
/// variants have at most a few thousand).
pub const MAX_MOVES: usize = 20_000;
/// Compiled rule sets kept for reuse.
const CACHE_SIZE: usize = 32;
/// Rule-file text the cache keeps, all entries together.
const CACHE_BYTES: usize = 16 << 20;
/// Boards with a longer side draw a piece's diagram in a window of this
/// many squares around it rather than whole.
const DIAGRAM_RADIUS: i32 = 8;
const WHOLE_DIAGRAM_SIDE: u32 = 16;

/// A reply: an HTTP status and a JSON body. Errors are
/// `{"error": MESSAGE, ...}` with more fields where they help.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub body: Value,
}

impl Reply {
    fn ok(body: Value) -> Reply {
        Reply { status: 200, body }
    }
    /// An error reply with a message.
    pub fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply {
            status,
            body: json!({ "error": message.into() }),
        }
    }
    fn with(mut self, key: &str, value: Value) -> Reply {
        if let Value::Object(m) = &mut self.body {
            m.insert(key.to_string(), value);
        }
        self
    }
}

/// How long a request may compute. The work checks it between plies and
/// moves, and stops with a 503 once it is spent or stopped.
#[derive(Clone, Debug)]
pub struct Budget {
    deadline: Option<Instant>,
    /// What the request was allowed, for the answer once it is spent.
    allowed: Duration,
    stopped: Arc<AtomicBool>,
}

impl Budget {
    /// No limit (tests, and requests that only read).
    pub fn unlimited() -> Budget {
        Budget {
            deadline: None,
            allowed: Duration::MAX,
            stopped: Arc::new(AtomicBool::new(false)),
        }
    }
    /// Spent `allowed` from now.
    pub fn within(allowed: Duration) -> Budget {
        Budget {
            deadline: Instant::now().checked_add(allowed),
            allowed,
            ..Budget::unlimited()
        }
    }
    /// Spends the budget now: the work stops at its next check.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
    }
    /// The answer to a request whose budget ran out.
    pub fn spent_reply(&self) -> Reply {
        Reply::error(
            503,
            format!(
                "this request needs more than the {} s a request may compute: fewer moves, a smaller position or simpler rules",
                self.allowed.as_secs()
            ),
        )
    }
    fn check(&self) -> Result<(), Reply> {
        let late = self.deadline.is_some_and(|d| Instant::now() >= d);
        if late || self.stopped.load(Ordering::Relaxed) {
            Err(self.spent_reply())
        } else {
            Ok(())
        }
    }
}

/// A rule file the server offers by name.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The name a request uses (`chu`, or a file's stem).
    pub name: String,
    /// The file name shown in diagnostics (`rules/chu.toml`).
    pub file: String,
    pub text: String,
    pub bundled: bool,
}

/// The variants offered and the compiled-rules cache.
pub struct Api {
    variants: Vec<Variant>,
    cache: Mutex<VecDeque<(String, Arc<Ruleset>)>>,
    /// How long one computing request may take ([`Api::with_time_budget`]).
    time_budget: Duration,
}

/// Everything a request may carry; each endpoint reads what it needs and
/// unknown keys are errors.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Request {
    /// A variant by name (see `/api/variants`).
    variant: Option<String>,
    /// Rule-file text, instead of `variant`.
    rules: Option<String>,
    /// The file name diagnostics show for `rules`.
    name: Option<String>,
    #[serde(default)]
    options: BTreeMap<String, Value>,
    /// Start from this native position text instead of the setup.
    position: Option<String>,
    /// Start from this SFEN instead of the setup.
    sfen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    /// `/api/play`: the move to play.
    #[serde(rename = "move")]
    play: Option<String>,
    /// `/api/moves`: only the moves of the piece on this square.
    from: Option<String>,
    /// `/api/diagram`: a piece code.
    piece: Option<String>,
    /// `/api/diagram`: `black` (default) or `white`.
    colour: Option<String>,
    /// `/api/position`: draw the board from White's side.
    #[serde(default)]
    flip: bool,
    /// `/api/position`, `/api/play`, `/api/diagram`: `names` (default) or `codes`.
    labels: Option<String>,
}

/// A replayed game.
struct Game {
    pos: Position,
    /// Each move played: canonical text and USI.
    played: Vec<(String, Option<String>)>,
    last: Option<Move>,
}

impl Api {
    /// An API offering the bundled variants and `extra` files (name, file
    /// name, text), read by the caller.
    pub fn new(extra: Vec<(String, String, String)>) -> Api {
        let mut variants: Vec<Variant> = crate::rules::BUNDLED
            .iter()
            .map(|(name, text)| Variant {
                name: name.to_string(),
                file: format!("rules/{name}.toml"),
                text: text.to_string(),
                bundled: true,
            })
            .collect();
        for (name, file, text) in extra {
            // A file named like a bundled variant (or another file) gets a
            // suffix rather than hiding it.
            let mut unique = name.clone();
            let mut n = 2;
            while variants.iter().any(|v| v.name == unique) {
                unique = format!("{name}-{n}");
                n += 1;
            }
            variants.push(Variant {
                name: unique,
                file,
                text,
                bundled: false,
            });
        }
        Api {
            variants,
            cache: Mutex::new(VecDeque::new()),
            time_budget: super::limits::TIME_BUDGET,
        }
    }

    /// The same API with another time budget per computing request than
    /// [`super::limits::TIME_BUDGET`] (`gunbai serve --time-budget`).
    pub fn with_time_budget(mut self, time_budget: Duration) -> Api {
        self.time_budget = time_budget;
        self
    }

    /// How long one computing request may take.
    pub fn time_budget(&self) -> Duration {
        self.time_budget
    }

    /// The variants offered.
    pub fn variants(&self) -> &[Variant] {
        &self.variants
    }

    /// Answers one API request: `path` is the URL path with its query,
    /// `body` the request body (at most [`MAX_BODY`] bytes; the caller
    /// enforces it), `budget` how long it may compute.
    pub fn handle(&self, method: &str, path: &str, body: &[u8], budget: &Budget) -> Reply {
        let (route, query) = path.split_once('?').unwrap_or((path, ""));
        let b = budget;
        let reply = match (method, route) {
            ("GET", "/api/variants") => Ok(self.list()),
            ("GET", "/api/rules") => self.rules_text(query),
            ("POST", "/api/position") => parse(body).and_then(|r| self.position(&r, b)),
            ("POST", "/api/moves") => parse(body).and_then(|r| self.moves(&r, b)),
            ("POST", "/api/play") => parse(body).and_then(|r| self.play(&r, b)),
            ("POST", "/api/check") => parse(body).and_then(|r| self.check(&r)),
            ("POST", "/api/diagram") => parse(body).and_then(|r| self.diagram(&r, b)),
            (
                _,
                "/api/variants" | "/api/rules" | "/api/position" | "/api/moves" | "/api/play" | "/api/check"
                | "/api/diagram",
            ) => Err(Reply::error(405, format!("{route} does not take {method}"))),
            _ => Err(Reply::error(
                404,
                format!(
                    "no API endpoint {route}: there are /api/variants, /api/rules, /api/position, /api/moves, /api/play, /api/check, /api/diagram (see docs/api.md)"
                ),
            )),
        };
        reply.unwrap_or_else(|e| e)
    }

    fn list(&self) -> Reply {
        let variants: Vec<Value> = self
            .variants
            .iter()
            .map(|v| json!({"name": v.name, "file": v.file, "bundled": v.bundled}))
            .collect();
        Reply::ok(json!({
            "variants": variants,
            "limits": {
                "max_body": MAX_BODY,
                "max_rules": crate::rules::MAX_FILE_BYTES,
                "max_plies": MAX_PLIES,
                "max_moves": MAX_MOVES,
                "max_side": crate::board::MAX_SIDE,
                "time_budget_ms": u64::try_from(self.time_budget.as_millis()).unwrap_or(u64::MAX),
            },
        }))
    }

    fn rules_text(&self, query: &str) -> Result<Reply, Reply> {
        let name = query
            .split('&')
            .find_map(|kv| kv.strip_prefix("variant="))
            .ok_or_else(|| Reply::error(400, "give the variant: /api/rules?variant=NAME"))?;
        let name = percent_decode(name)
            .ok_or_else(|| Reply::error(400, "the variant name is not valid UTF-8 once decoded"))?;
        let v = self.variant(&name)?;
        Ok(Reply::ok(json!({"name": v.name, "file": v.file, "text": v.text})))
    }

    fn variant(&self, name: &str) -> Result<&Variant, Reply> {
        self.variants.iter().find(|v| v.name == name).ok_or_else(|| {
            let names: Vec<&str> = self.variants.iter().map(|v| v.name.as_str()).collect();
            Reply::error(
                404,
                format!("unknown variant `{name}`: the server offers {}", names.join(", ")),
            )
        })
    }

    /// The request's rule-file source: a named variant or inline text.
    fn source(&self, r: &Request) -> Result<Source, Reply> {
        match (&r.variant, &r.rules) {
            (Some(_), Some(_)) => Err(Reply::error(400, "give either `variant` or `rules`, not both")),
            (Some(name), None) => {
                let v = self.variant(name)?;
                Ok(Source::new(v.file.clone(), v.text.clone()))
            }
            (None, Some(text)) if text.len() as u64 > crate::rules::MAX_FILE_BYTES => Err(Reply::error(
                413,
                format!(
                    "the rule file has {} bytes; a rule file is at most {} bytes",
                    text.len(),
                    crate::rules::MAX_FILE_BYTES
                ),
            )),
            (None, Some(text)) => Ok(Source::new(
                r.name.clone().unwrap_or_else(|| "rules.toml".into()),
                text.clone(),
            )),
            (None, None) => Err(Reply::error(
                400,
                "give `variant` (a name from /api/variants) or `rules` (rule-file text)",
            )),
        }
    }

    /// Compiles (or finds in the cache) the request's rules with its
    /// option values.
    fn ruleset(&self, r: &Request) -> Result<Arc<Ruleset>, Reply> {
        let source = self.source(r)?;
        let overrides = overrides(&r.options)?;
        let mut key = source.text.clone();
        for o in &overrides {
            key.push_str(&format!("\0{}={}", o.name, o.value));
        }
        if let Some(hit) = self.lock().iter().find(|(k, _)| *k == key) {
            return Ok(hit.1.clone());
        }
        let rules = compile(&source, &overrides)
            .map(|c| Arc::new(c.ruleset))
            .map_err(|report| invalid_rules(&report))?;
        let mut cache = self.lock();
        let bytes = |c: &VecDeque<(String, Arc<Ruleset>)>| c.iter().map(|(k, _)| k.len()).sum::<usize>();
        while !cache.is_empty() && (cache.len() >= CACHE_SIZE || bytes(&cache) + key.len() > CACHE_BYTES) {
            cache.pop_front();
        }
        cache.push_back((key, rules.clone()));
        Ok(rules)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<(String, Arc<Ruleset>)>> {
        // A panic elsewhere cannot leave the cache half-written (each
        // change is one push or pop), so a poisoned lock is still usable.
        self.cache.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Replays the request's game.
    fn game(&self, r: &Request, budget: &Budget) -> Result<Game, Reply> {
        let rules = self.ruleset(r)?;
        budget.check()?;
        if r.moves.len() > MAX_PLIES {
            return Err(Reply::error(
                413,
                format!("{} moves: a game may carry at most {MAX_PLIES}", r.moves.len()),
            ));
        }
        let mut pos = match (&r.position, &r.sfen) {
            (Some(_), Some(_)) => return Err(Reply::error(400, "give either `position` or `sfen`, not both")),
            (Some(text), None) => Position::from_text(rules, text).map_err(|e| bad_input(&e, "the position text"))?,
            (None, Some(text)) => {
                if rules.sfen.is_none() {
                    return Err(Reply::error(
                        400,
                        format!("variant `{}` has no SFEN form: give `position` instead", rules.id),
                    ));
                }
                Position::from_sfen(rules, text).map_err(|e| bad_input(&e, "the SFEN"))?
            }
            (None, None) => Position::start(rules),
        };
        let mut played = Vec::with_capacity(r.moves.len());
        let mut last = None;
        for (i, text) in r.moves.iter().enumerate() {
            budget.check()?;
            let m = parse_move(&pos, text).map_err(|e| {
                Reply::error(
                    422,
                    format!("move {} `{text}` cannot be played: {}", i + 1, first_message(&e)),
                )
                .with("ply", json!(i))
            })?;
            played.push((move_text(&pos, &m), usi_move(&pos, &m)));
            pos.play_unchecked(&m);
            last = Some(m);
        }
        Ok(Game { pos, played, last })
    }

    fn position(&self, r: &Request, budget: &Budget) -> Result<Reply, Reply> {
        let labels = labels(r)?;
        let game = self.game(r, budget)?;
        Ok(Reply::ok(position_json(&game, r.flip, labels)))
    }

    fn moves(&self, r: &Request, budget: &Budget) -> Result<Reply, Reply> {
        let mut game = self.game(r, budget)?;
        let from = match &r.from {
            None => None,
            Some(s) => Some(square(&game.pos.rules().geometry, s)?),
        };
        moves_json(&mut game.pos, from, budget).map(Reply::ok)
    }

    fn play(&self, r: &Request, budget: &Budget) -> Result<Reply, Reply> {
        let Some(text) = &r.play else {
            return Err(Reply::error(400, "give the `move` to play"));
        };
        if r.moves.len() >= MAX_PLIES {
            return Err(Reply::error(413, format!("a game may carry at most {MAX_PLIES} moves")));
        }
        let labels = labels(r)?;
        let mut game = self.game(r, budget)?;
        budget.check()?;
        let m = parse_move(&game.pos, text)
            .map_err(|e| Reply::error(422, format!("`{text}` cannot be played: {}", first_message(&e))))?;
        let played = move_text(&game.pos, &m);
        game.played.push((played.clone(), usi_move(&game.pos, &m)));
        game.pos.play_unchecked(&m);
        game.last = Some(m);
        let mut body = position_json(&game, r.flip, labels);
        body["played"] = json!(played);
        Ok(Reply::ok(body))
    }

    fn check(&self, r: &Request) -> Result<Reply, Reply> {
        let source = self.source(r)?;
        let overrides = overrides(&r.options)?;
        Ok(Reply::ok(match compile(&source, &overrides) {
            Ok(c) => {
                let rules = c.ruleset;
                json!({
                    "ok": true,
                    "variant": rules.id,
                    "title": title(&rules),
                    "files": rules.geometry.width,
                    "ranks": rules.geometry.height,
                    "diagnostics": json::diagnostics(&c.warnings),
                })
            }
            Err(report) => json!({"ok": false, "diagnostics": json::diagnostics(&report)}),
        }))
    }

    fn diagram(&self, r: &Request, budget: &Budget) -> Result<Reply, Reply> {
        let rules = self.ruleset(r)?;
        budget.check()?;
        let Some(code) = &r.piece else {
            return Err(Reply::error(
                400,
                "give the `piece` code (as in /api/position's pieces)",
            ));
        };
        let ty = rules.type_by_code(code).ok_or_else(|| {
            let codes: Vec<&str> = rules.types.iter().map(|t| t.code.as_str()).collect();
            let hint = crate::diagnostics::did_you_mean(code, codes.iter().copied())
                .map(|c| format!(" Did you mean `{c}`?"))
                .unwrap_or_default();
            Reply::error(404, format!("no piece coded `{code}` in `{}`.{hint}", rules.id))
        })?;
        let colour = keyword(
            "colour",
            r.colour.as_deref(),
            &[("black", Colour::Black), ("white", Colour::White)],
        )?;
        let labels = labels(r)?;
        let geo = &rules.geometry;
        let origin = geo
            .square((geo.width as i32 - 1) / 2, (geo.height as i32 - 1) / 2)
            .unwrap_or(0);
        let radius = (geo.width.max(geo.height) > WHOLE_DIAGRAM_SIDE).then_some(DIAGRAM_RADIUS);
        let map = move_map(&rules, ty, colour, origin);
        let t = &rules.types[usize::from(ty)];
        let kind = t.kind;
        let piece = |ty: crate::ruleset::TypeId| {
            json!({
                "code": rules.types[usize::from(ty)].code,
                "label": piece_label(&rules, ty),
                "name": english_name(&rules, rules.types[usize::from(ty)].kind),
            })
        };
        Ok(Reply::ok(json!({
            "code": t.code,
            "label": piece_label(&rules, ty),
            "name": english_name(&rules, kind),
            "names": rules.kinds[kind].names,
            "doc": rules.kinds[kind].doc,
            "promotes_to": t.promotes_to.map(piece),
            "promoted_from": t.promoted_from.map(|k| piece(rules.unpromoted_type(k))),
            "paths": map.paths,
            "text": map.render(&rules, colour, radius),
            "svg": move_map_labels_svg(&rules, ty, colour, &map, radius, labels),
        })))
    }
}

/// The request's `labels`: `names` (default) or `codes`.
fn labels(r: &Request) -> Result<Labels, Reply> {
    keyword(
        "labels",
        r.labels.as_deref(),
        &[("names", Labels::Names), ("codes", Labels::Codes)],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_named_like_a_bundled_variant_gets_a_suffix() {
        let taken = crate::rules::bundled_names()[0];
        let api = Api::new(vec![(taken.into(), format!("x/{taken}.toml"), String::new())]);
        let names: Vec<&str> = api.variants().iter().map(|v| v.name.as_str()).collect();
        let suffixed = format!("{taken}-2");
        assert!(
            names.contains(&taken) && names.contains(&suffixed.as_str()),
            "{names:?}"
        );
    }
}
