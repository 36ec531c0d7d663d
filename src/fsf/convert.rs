//! A resolved Fairy-Stockfish variant as a gunbai rule file.
//!
//! Each FSF setting either becomes part of the file (with a comment that
//! names the key), is refused with an error naming the key and the line
//! that set it (or the built-in parent it came from), or is converted
//! approximately with a warning. Settings that only concern display or
//! FSF's own search (`pieceToCharTable`, `pieceValueMg`...) are listed in
//! the file's header as not converted. Unknown keys are errors.

use super::betza::{self, Walk};
use super::builtins::{self, Builtins};
use super::ini::Section;
use super::state::{Origin, PieceRef, State, Value};
use crate::diagnostics::{Diagnostic, Report, Severity, Source, did_you_mean};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;

/// A converted section.
pub struct Converted {
    /// The variant id of the rule file.
    pub id: String,
    /// The rule file.
    pub text: String,
    /// What was converted approximately, against the ini.
    pub warnings: Report,
}

/// The first line of every converted file (also how `--out` knows a file
/// it may replace).
pub const MARK: &str = "# Converted by gunbai import-fsf";

/// Keys the conversion reads.
const READ: &[&str] = &[
    "startFen",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionRank",
    "piecePromotionOnCapture",
    "mandatoryPawnPromotion",
    "mandatoryPiecePromotion",
    "pieceDemotion",
    "pieceDrops",
    "capturesToHand",
    "dropLoop",
    "dropPromoted",
    "dropNoDoubledCount",
    "immobilityIllegal",
    "shogiPawnDropMateIllegal",
    "stalemateValue",
    "checkmateValue",
    "extinctionValue",
    "extinctionPseudoRoyal",
    "extinctionPieceCount",
    "extinctionOpponentPieceCount",
    "extinctionClaim",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "whiteFlag",
    "blackFlag",
    "flagPieceCount",
    "flagPieceBlockedWin",
    "flagMove",
    "flagPieceSafe",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "nFoldValueAbsolute",
    "perpetualCheckIllegal",
    "castling",
    "doubleStep",
    "checkCounting",
    "promotedPieceType",
    "dropNoDoubled",
    "extinctionPieceTypes",
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
];

/// Keys that change nothing in the rules: display, GUI and engine tuning.
const DISPLAY: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
];

/// FSF rule keys gunbai cannot express yet, each with the values under
/// which it changes nothing (FSF's default first).
const UNSUPPORTED: &[(&str, &[&str])] = &[
    ("chess960", &["false"]),
    ("twoBoards", &["false"]),
    ("pawnTypes", &["-", "", "p"]),
    ("promotionPawnTypes", &["-", "", "p"]),
    ("promotionPawnTypesWhite", &["-", "", "p"]),
    ("promotionPawnTypesBlack", &["-", "", "p"]),
    ("promotionPieceTypes", &["-", ""]),
    ("promotionPieceTypesWhite", &["-", ""]),
    ("promotionPieceTypesBlack", &["-", ""]),
    ("sittuyinPromotion", &["false"]),
    ("promotionLimit", &[""]),
    ("blastOnCapture", &["false"]),
    ("blastImmuneTypes", &["-", ""]),
    ("mutuallyImmuneTypes", &["-", ""]),
    ("petrifyOnCaptureTypes", &["-", ""]),
    ("petrifyBlastPieces", &["false"]),
    ("doubleStepRegionWhite", &["-", ""]),
    ("doubleStepRegionBlack", &["-", ""]),
    ("tripleStepRegionWhite", &["-", ""]),
    ("tripleStepRegionBlack", &["-", ""]),
    ("enPassantRegion", &["-", ""]),
    ("enPassantRegionWhite", &["-", ""]),
    ("enPassantRegionBlack", &["-", ""]),
    ("enPassantTypes", &["-", ""]),
    ("enPassantTypesWhite", &["-", ""]),
    ("enPassantTypesBlack", &["-", ""]),
    ("castlingDroppedPiece", &["false"]),
    ("castlingKingsideFile", &[]),
    ("castlingQueensideFile", &[]),
    ("castlingRank", &[]),
    ("castlingKingFile", &[]),
    ("castlingKingPiece", &[]),
    ("castlingKingPieceWhite", &[]),
    ("castlingKingPieceBlack", &[]),
    ("castlingRookKingsideFile", &[]),
    ("castlingRookQueensideFile", &[]),
    ("castlingRookPieces", &[]),
    ("castlingRookPiecesWhite", &[]),
    ("castlingRookPiecesBlack", &[]),
    ("castlingRookPiece", &[]),
    ("oppositeCastling", &["false"]),
    ("checking", &["true"]),
    ("dropChecks", &["true"]),
    ("mustCapture", &["false"]),
    ("mustDrop", &["false"]),
    ("mustDropType", &["*"]),
    ("firstRankPawnDrops", &["false"]),
    ("promotionZonePawnDrops", &["false"]),
    ("enclosingDrop", &["none"]),
    ("enclosingDropStart", &["-", ""]),
    ("dropRegionWhite", &[]),
    ("dropRegionBlack", &[]),
    ("whiteDropRegion", &[]),
    ("blackDropRegion", &[]),
    ("dropOnTop", &["false"]),
    ("sittuyinRookDrop", &["false"]),
    ("dropOppositeColoredBishop", &["false"]),
    ("gating", &["false"]),
    ("wallingRule", &["none"]),
    ("wallingRegion", &[]),
    ("wallingRegionWhite", &[]),
    ("wallingRegionBlack", &[]),
    ("wallOrMove", &["false"]),
    ("seirawanGating", &["false"]),
    ("cambodianMoves", &["false"]),
    ("diagonalLines", &["-", ""]),
    ("pass", &["false"]),
    ("passWhite", &["false"]),
    ("passBlack", &["false"]),
    ("passOnStalemate", &["false"]),
    ("passOnStalemateWhite", &["false"]),
    ("passOnStalemateBlack", &["false"]),
    ("makpongRule", &["false"]),
    ("flyingGeneral", &["false"]),
    ("soldierPromotionRank", &["1"]),
    ("flipEnclosedPieces", &["none"]),
    ("nMoveRuleTypes", &[]),
    ("nMoveRuleTypesWhite", &[]),
    ("nMoveRuleTypesBlack", &[]),
    ("moveRepetitionIllegal", &["false"]),
    ("chasingRule", &["none"]),
    ("stalematePieceCount", &["false"]),
    ("shatarMateRule", &["false"]),
    ("bikjangRule", &["false"]),
    ("dupleCheck", &["false"]),
    ("connectN", &["0"]),
    ("connectPieceTypes", &[]),
    ("connectHorizontal", &[]),
    ("connectVertical", &[]),
    ("connectDiagonal", &[]),
    ("connectRegion1White", &["-", ""]),
    ("connectRegion2White", &["-", ""]),
    ("connectRegion1Black", &["-", ""]),
    ("connectRegion2Black", &["-", ""]),
    ("connectNxN", &["0"]),
    ("collinearN", &["0"]),
    ("connectValue", &[]),
    ("materialCounting", &["none"]),
    ("adjudicateFullBoard", &["false"]),
    ("countingRule", &["none"]),
    ("castlingWins", &["-", ""]),
    ("doubleStepRank", &[]),
    ("doubleStepRankMin", &[]),
];

/// FSF's result of a game end for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Res {
    Win,
    Loss,
    Draw,
    NoValue,
}

impl Res {
    fn text(self) -> &'static str {
        match self {
            Res::Win => "win",
            Res::Loss => "loss",
            Res::Draw => "draw",
            Res::NoValue => "none",
        }
    }
}

/// One piece type as it will be written.
struct Kind {
    fsf: usize,
    id: String,
    code: char,
    moves: Vec<String>,
    /// Owner-relative first steps, for stuck squares.
    first_steps: Vec<(i32, i32)>,
    betza: String,
}

struct Cx<'a> {
    b: &'a Builtins,
    st: State,
    header: Range<usize>,
    errors: Vec<Diagnostic>,
    warnings: Vec<Diagnostic>,
    /// Header comment lines: what was not converted.
    notes: Vec<String>,
}

impl Cx<'_> {
    fn span(&self, v: &Value) -> Range<usize> {
        match &v.origin {
            Origin::Line(s) => s.clone(),
            Origin::Builtin(_) => self.header.clone(),
        }
    }

    /// " (from the built-in `x`)" for inherited values, for messages.
    fn whence(v: &Value) -> String {
        match &v.origin {
            Origin::Line(_) => String::new(),
            Origin::Builtin(name) => format!(
                " (inherited from Fairy-Stockfish's built-in `{}`)",
                name.trim_start_matches('*')
            ),
        }
    }

    fn error_at(&mut self, key: &str, msg: impl Into<String>) {
        let (span, whence) = match self.st.get(key).cloned() {
            Some(v) => (self.span(&v), Self::whence(&v)),
            None => (self.header.clone(), String::new()),
        };
        self.errors
            .push(Diagnostic::error(span, format!("{}{whence}", msg.into())));
    }

    fn warn_at(&mut self, key: &str, msg: impl Into<String>) {
        let (span, whence) = match self.st.get(key).cloned() {
            Some(v) => (self.span(&v), Self::whence(&v)),
            None => (self.header.clone(), String::new()),
        };
        self.warnings
            .push(Diagnostic::warning(span, format!("{}{whence}", msg.into())));
    }

    fn text(&self, key: &str) -> Option<String> {
        self.st.get(key).map(|v| v.text.clone())
    }

    fn bool(&mut self, key: &str, default: bool) -> bool {
        match self.text(key).as_deref() {
            None => default,
            Some("true") => true,
            Some("false") => false,
            Some(other) => {
                self.error_at(
                    key,
                    format!("`{key} = {other}`: Fairy-Stockfish takes `true` or `false`"),
                );
                default
            }
        }
    }

    fn int(&mut self, key: &str, default: i64) -> i64 {
        match self.text(key) {
            None => default,
            Some(t) => match t.parse::<i64>() {
                Ok(n) if (0..=1_000_000).contains(&n) => n,
                _ => {
                    self.error_at(key, format!("`{key} = {t}`: a whole number from 0 to 1000000"));
                    default
                }
            },
        }
    }

    fn result(&mut self, key: &str, default: Res) -> Res {
        match self.text(key).as_deref() {
            None => default,
            Some("win") => Res::Win,
            Some("loss") => Res::Loss,
            Some("draw") => Res::Draw,
            Some("none") => Res::NoValue,
            Some(other) => {
                self.error_at(key, format!("`{key} = {other}`: one of win, loss, draw, none"));
                default
            }
        }
    }

    /// A region as FSF reads a bitboard, restricted to the board: bit
    /// `rank * files + file`.
    fn region(&mut self, key: &str) -> Option<u128> {
        let text = self.text(key)?;
        let (files, ranks) = (self.st.max_file, self.st.max_rank);
        let mut bits: u128 = 0;
        let mut set = |f: i32, r: i32| {
            if (0..files).contains(&f) && (0..ranks).contains(&r) {
                bits |= 1 << (r * files + f);
            }
        };
        for token in text.split_whitespace() {
            if token == "-" {
                break;
            }
            let mut cs = token.chars();
            let first = cs.next().unwrap_or('-');
            let rest: String = cs.collect();
            let number = |s: &str| s.parse::<i32>().ok().filter(|n| (1..=12).contains(n));
            if first == '*' {
                if let Some(r) = number(&rest) {
                    (0..files).for_each(|f| set(f, r - 1));
                    continue;
                }
            } else if first.is_ascii_alphabetic() {
                let f = first.to_ascii_lowercase() as i32 - 'a' as i32;
                if rest == "*" {
                    (0..ranks).for_each(|r| set(f, r));
                    continue;
                } else if let Some(r) = number(&rest) {
                    set(f, r - 1);
                    continue;
                }
            }
            self.error_at(
                key,
                format!("`{key}`: `{token}` is not a square (`c3`), a rank (`*3`) or a file (`c*`)"),
            );
            return None;
        }
        Some(bits)
    }

    /// The far `k` ranks of each side, as regions.
    fn far_ranks(&self, k: i32) -> (u128, u128) {
        let (files, ranks) = (self.st.max_file, self.st.max_rank);
        let mut white = 0u128;
        let mut black = 0u128;
        for r in 0..k {
            for f in 0..files {
                white |= 1 << ((ranks - 1 - r) * files + f);
                black |= 1 << (r * files + f);
            }
        }
        (white, black)
    }

    /// `k` when the regions are each side's far `k` ranks, 0 when both are empty.
    fn zone_depth(&self, white: u128, black: u128) -> Option<i32> {
        if white == 0 && black == 0 {
            return Some(0);
        }
        (1..=self.st.max_rank).find(|&k| self.far_ranks(k) == (white, black))
    }
}

/// Converts the section `name`.
pub fn convert(source: &Source, sections: &[Section], name: &str) -> Result<Converted, Vec<Diagnostic>> {
    let b = builtins::get().map_err(|e| vec![Diagnostic::error(0..0, e)])?;
    let Some(index) = sections.iter().position(|s| s.name == name) else {
        let names: Vec<&str> = sections.iter().map(|s| s.name.as_str()).collect();
        let hint = match did_you_mean(name, names.iter().copied()) {
            Some(n) => format!("did you mean `{n}`?"),
            None => format!("the sections are: {}", names.join(", ")),
        };
        return Err(vec![
            Diagnostic::error(0..0, format!("no section `[{name}]` in this file")).with_help(hint),
        ]);
    };
    let header = sections[index].span.clone();
    let st = resolve(b, sections, index)?;
    let mut cx = Cx {
        b,
        st,
        header,
        errors: Vec::new(),
        warnings: Vec::new(),
        notes: Vec::new(),
    };
    let text = write(&mut cx, source, &sections[index]);
    if !cx.errors.is_empty() {
        let mut all = cx.errors;
        all.extend(cx.warnings);
        return Err(all);
    }
    let id = variant_id(name);
    // The file must be one gunbai accepts; anything else is a bug here,
    // reported as an error rather than a file that fails later.
    if let Err(r) = crate::compile::compile(&Source::new(format!("{id}.toml"), text.clone()), &[]) {
        let first = r
            .diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
            .map(|d| d.message.clone())
            .unwrap_or_default();
        return Err(vec![Diagnostic::error(
            cx.header,
            format!(
                "the converted rule file does not compile ({first}); this is a bug in import-fsf, please report it"
            ),
        )]);
    }
    Ok(Converted {
        id,
        text,
        warnings: Report {
            source: source.clone(),
            diagnostics: cx.warnings,
        },
    })
}

/// One link of an inheritance chain.
#[derive(Clone, Copy)]
enum Link {
    User(usize),
    Builtin(usize),
}

/// Applies the section and its parents, root first. Each parent must come
/// before its child (as FSF requires), so a chain can neither loop nor be
/// longer than the file: the walk is linear.
fn resolve(b: &Builtins, sections: &[Section], index: usize) -> Result<State, Vec<Diagnostic>> {
    // Where each name is first defined: FSF keeps the first of two.
    let mut first: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (i, s) in sections.iter().enumerate() {
        first.entry(s.name.as_str()).or_insert(i);
    }
    let mut chain = vec![Link::User(index)];
    let mut at = Link::User(index);
    loop {
        let next = match at {
            Link::User(i) => {
                let section = &sections[i];
                if first.get(section.name.as_str()).is_some_and(|&f| f < i)
                    || b.public_names().contains(&section.name.as_str())
                {
                    return Err(vec![Diagnostic::error(
                        section.span.clone(),
                        format!(
                            "section `[{}]` is already defined (earlier, or as a Fairy-Stockfish built-in); Fairy-Stockfish keeps the first",
                            section.name
                        ),
                    )]);
                }
                let Some(parent) = section.parent.as_deref() else { break };
                match first.get(parent) {
                    Some(&p) if p < i => Link::User(p),
                    Some(_) => {
                        return Err(vec![Diagnostic::error(
                            section.span.clone(),
                            format!(
                                "parent `{parent}` is not defined before this section; Fairy-Stockfish needs a parent defined first"
                            ),
                        )]);
                    }
                    None => match b.variant(parent).filter(|_| !parent.starts_with('*')) {
                        Some(j) => Link::Builtin(j),
                        None => {
                            let known = b.public_names();
                            return Err(vec![
                                Diagnostic::error(
                                    section.span.clone(),
                                    format!("unknown parent `{parent}`: not an earlier section, nor a built-in variant import-fsf knows"),
                                )
                                .suggest(parent, known.iter().copied())
                                .with_help(format!("built-in parents: {}", known.join(", "))),
                            ]);
                        }
                    },
                }
            }
            Link::Builtin(j) => {
                let Some(parent) = b.variants[j].parent.as_deref() else {
                    break;
                };
                match b.variant(parent) {
                    Some(p) if p < j => Link::Builtin(p),
                    _ => {
                        return Err(vec![Diagnostic::error(
                            0..0,
                            "gunbai's rules/fsf-builtins.ini is broken: a parent after its child",
                        )]);
                    }
                }
            }
        };
        chain.push(next);
        at = next;
    }
    let mut st = State::empty(b.pieces.len());
    let mut errors = Vec::new();
    for link in chain.iter().rev() {
        match *link {
            Link::User(i) => st.apply(b, &sections[i], false, &mut errors),
            Link::Builtin(j) => st.apply(b, &b.variants[j], true, &mut errors),
        }
    }
    if errors.is_empty() { Ok(st) } else { Err(errors) }
}

/// A rule-file id from a section name: lower case, other characters `_`.
fn variant_id(name: &str) -> String {
    let id: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if id.chars().any(|c| c.is_ascii_alphanumeric()) {
        id
    } else {
        "fsf_variant".into()
    }
}

/// A kind id from FSF's piece name: `shogiPawn` → `shogi_pawn`.
fn kind_id(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// gunbai's direction name for a unit offset.
fn direction(dx: i8, dy: i8) -> Option<&'static str> {
    Some(match (dx, dy) {
        (0, 1) => "F",
        (0, -1) => "B",
        (-1, 0) => "L",
        (1, 0) => "R",
        (-1, 1) => "FL",
        (1, 1) => "FR",
        (-1, -1) => "BL",
        (1, -1) => "BR",
        _ => return None,
    })
}

/// Direction order in the written lists.
const ORDER: [(i8, i8); 8] = [(0, 1), (0, -1), (-1, 0), (1, 0), (-1, 1), (1, 1), (-1, -1), (1, -1)];

/// A piece's gunbai moves from its Betza, or why they cannot be written.
fn piece_moves(betza: &betza::Betza) -> Result<Vec<String>, String> {
    if betza.initial {
        return Err("`i` (moves from the first square only) is not convertible yet".into());
    }
    if betza.skipped.contains(&'e') {
        return Err("`e` (en passant) is not convertible".into());
    }
    // (walk, distance, capture) -> offsets
    let mut groups: BTreeMap<(Walk, i8, u8), Vec<(i8, i8)>> = BTreeMap::new();
    let keys: std::collections::BTreeSet<(Walk, i8, i8)> =
        betza.quiet.keys().chain(betza.capture.keys()).copied().collect();
    for key in keys {
        let (walk, dx, dy) = key;
        let q = betza.quiet.get(&key).copied();
        let c = betza.capture.get(&key).copied();
        if q.is_some() && q == c {
            groups.entry((walk, q.unwrap_or(0), 0)).or_default().push((dx, dy));
        } else {
            if let Some(d) = q {
                groups.entry((walk, d, 1)).or_default().push((dx, dy));
            }
            if let Some(d) = c {
                groups.entry((walk, d, 2)).or_default().push((dx, dy));
            }
        }
    }
    let mut out = Vec::new();
    for ((walk, distance, capture), offsets) in groups {
        let cap = match capture {
            1 => ", capture = \"never\"",
            2 => ", capture = \"must\"",
            _ => "",
        };
        let units: Vec<&str> = ORDER
            .iter()
            .filter(|o| offsets.contains(o))
            .filter_map(|&(dx, dy)| direction(dx, dy))
            .collect();
        let others: Vec<(i8, i8)> = offsets
            .iter()
            .copied()
            .filter(|&(dx, dy)| direction(dx, dy).is_none())
            .collect();
        match walk {
            Walk::Hop => {
                if !others.is_empty() {
                    return Err("hoppers along leaps longer than one square are not convertible yet".into());
                }
                // FSF's distance: 0 any, 1 right behind the screen (`g`), more: at most that many squares, the screen's included.
                let how = match distance {
                    1 => "hop = \"behind\"".to_string(),
                    0 => "hop = \"beyond\"".to_string(),
                    d => format!("hop = \"beyond\", range = {d}"),
                };
                out.push(format!("{{ slide = {}, {how}{cap} }}", quote(&units.join(" "))));
            }
            Walk::Step if distance < 0 => {
                return Err("lame leapers (`n`) are not convertible yet".into());
            }
            Walk::Step => {
                if !units.is_empty() {
                    out.push(format!("{{ step = {}{cap} }}", quote(&units.join(" "))));
                }
                if !others.is_empty() {
                    let list: Vec<String> = others.iter().map(|(dx, dy)| format!("[{dx}, {dy}]")).collect();
                    out.push(format!("{{ jump = [{}]{cap} }}", list.join(", ")));
                }
            }
            Walk::Slide => {
                if !others.is_empty() {
                    return Err(
                        "riders of leaps longer than one square (`NN`, `DD`...) are not convertible yet".into(),
                    );
                }
                let range = if distance > 0 {
                    format!(", range = {distance}")
                } else {
                    String::new()
                };
                out.push(format!("{{ slide = {}{range}{cap} }}", quote(&units.join(" "))));
            }
        }
    }
    Ok(out)
}

/// The first step of every move, owner-relative, for stuck squares.
fn first_steps(betza: &betza::Betza) -> Vec<(i32, i32)> {
    let mut out: Vec<(i32, i32)> = Vec::new();
    for &(walk, dx, dy) in betza.quiet.keys().chain(betza.capture.keys()) {
        let step = match walk {
            Walk::Step => (dx as i32, dy as i32),
            Walk::Slide | Walk::Hop => (dx as i32, dy as i32),
        };
        if !out.contains(&step) {
            out.push(step);
        }
    }
    out
}

/// The start position: board rows (top first) as gunbai tokens, hand text, who moves first.
struct Start {
    rows: Vec<Vec<String>>,
    black_first: bool,
    types: Vec<usize>,
    promoted: Vec<usize>,
    /// The hands in `[setup] hand` syntax (`2P,l`), empty for none.
    hand: String,
}

fn read_fen(cx: &mut Cx) -> Option<Start> {
    let fen = cx
        .text("startFen")
        .unwrap_or_else(|| "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into());
    let mut fields = fen.split_whitespace();
    let board = fields.next().unwrap_or("");
    let side = fields.next().unwrap_or("w");
    let (board, hand) = match board.split_once('[') {
        Some((b, h)) => (b, Some(h.trim_end_matches(']'))),
        None => (board, None),
    };
    let bad = |cx: &mut Cx, msg: String| {
        cx.error_at("startFen", format!("`startFen`: {msg}"));
        None
    };
    // Pieces in hand: letters, repeated for more than one (`[LNln]`).
    let mut hands: Vec<(usize, char, u32)> = Vec::new();
    for c in hand.unwrap_or("").chars().filter(|&c| c != '-') {
        let Some(t) = cx.st.type_of(c).filter(|_| c.is_ascii_alphabetic()) else {
            return bad(cx, format!("`{c}` in the hand is not a piece letter of this variant"));
        };
        match hands.iter_mut().find(|(_, l, _)| *l == c) {
            Some(entry) if entry.2 >= 65_535 => {
                return bad(cx, format!("more than 65535 `{c}` in hand, the most gunbai holds"));
            }
            Some(entry) => entry.2 += 1,
            None => hands.push((t, c, 1)),
        }
    }
    let black_first = match side {
        "w" => true,
        "b" => false,
        other => return bad(cx, format!("the side to move is `{other}`, not `w` or `b`")),
    };
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() as i32 != cx.st.max_rank {
        return bad(
            cx,
            format!("{} ranks for a board of {} (maxRank)", ranks.len(), cx.st.max_rank),
        );
    }
    let mut rows = Vec::new();
    let mut types: Vec<usize> = hands.iter().map(|h| h.0).collect();
    let mut promoted = Vec::new();
    for (i, rank) in ranks.iter().enumerate() {
        let mut row: Vec<String> = Vec::new();
        let mut chars = rank.chars().peekable();
        let mut plus = false;
        while let Some(c) = chars.next() {
            if row.len() as i32 > cx.st.max_file {
                break;
            }
            if c.is_ascii_digit() {
                let mut n = c.to_digit(10).unwrap_or(0);
                if let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n * 10 + d;
                    chars.next();
                }
                if n as i32 > cx.st.max_file {
                    return bad(
                        cx,
                        format!(
                            "rank {} from the top has {n} empty squares on a board {} files wide",
                            i + 1,
                            cx.st.max_file
                        ),
                    );
                }
                row.extend((0..n).map(|_| ".".to_string()));
            } else if c == '+' {
                plus = true;
            } else if let Some(t) = cx.st.type_of(c).filter(|_| c.is_ascii_alphabetic()) {
                if plus && cx.st.promoted[t].is_none() {
                    return bad(
                        cx,
                        format!("`+{c}`: this piece has no promoted form (promotedPieceType)"),
                    );
                }
                if plus {
                    promoted.push(t);
                }
                types.push(t);
                row.push(format!("{}{c}", if plus { "+" } else { "" }));
                plus = false;
            } else {
                return bad(
                    cx,
                    format!(
                        "`{c}` in rank {} from the top is not a piece letter of this variant",
                        i + 1
                    ),
                );
            }
        }
        if row.len() as i32 != cx.st.max_file {
            return bad(
                cx,
                format!(
                    "rank {} from the top has {} squares, not {} (maxFile)",
                    i + 1,
                    row.len(),
                    cx.st.max_file
                ),
            );
        }
        rows.push(row);
    }
    let rest: Vec<&str> = fields.collect();
    if rest.iter().any(|f| f.parse::<u32>().is_err() && *f != "-") {
        cx.warn_at(
            "startFen",
            format!(
                "`startFen`: fields after the side to move (`{}`) are not converted",
                rest.join(" ")
            ),
        );
    }
    let hand = hands
        .iter()
        .map(|&(_, c, n)| if n > 1 { format!("{n}{c}") } else { c.to_string() })
        .collect::<Vec<_>>()
        .join(",");
    Some(Start {
        rows,
        black_first,
        types,
        promoted,
        hand,
    })
}

/// Writes the rule file; errors and warnings go into `cx`.
fn write(cx: &mut Cx, source: &Source, section: &Section) -> String {
    let b = cx.b;
    // Every key must be known.
    let mut known: Vec<&str> = READ.iter().chain(DISPLAY).copied().collect();
    known.extend(["maxRank", "maxFile"]);
    known.extend(UNSUPPORTED.iter().map(|(k, _)| *k));
    let keys: Vec<(String, Value)> = cx.st.values.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    for (key, v) in &keys {
        if READ.contains(&key.as_str()) {
            continue;
        }
        if DISPLAY.contains(&key.as_str()) {
            cx.notes
                .push(format!("{key} = {} (display or engine tuning only)", v.text));
            continue;
        }
        if let Some((_, harmless)) = UNSUPPORTED.iter().find(|(k, _)| k == key) {
            if !harmless.contains(&v.text.as_str()) {
                cx.error_at(
                    key,
                    format!(
                        "`{key} = {}`: gunbai cannot express this Fairy-Stockfish rule yet",
                        v.text
                    ),
                );
            }
            continue;
        }
        if key.starts_with("mobilityRegion") {
            if v.text != "-" && !v.text.is_empty() {
                cx.error_at(
                    key,
                    format!("`{key}`: regions a piece may not leave are not convertible yet"),
                );
            }
            continue;
        }
        let mut d = Diagnostic::error(cx.span(v), format!("unknown key `{key}`{}", Cx::whence(v)));
        // A hint for the first ones only: a hostile file may hold a million.
        if cx.errors.len() < 100 {
            d = d.suggest(
                key,
                known.iter().copied().chain(b.pieces.iter().map(|p| p.name.as_str())),
            );
        }
        cx.errors.push(d);
    }
    if cx.bool("checkCounting", false) {
        cx.error_at(
            "checkCounting",
            "`checkCounting`: winning by a number of checks is not convertible yet",
        );
    }
    if cx.bool("extinctionPseudoRoyal", false) {
        cx.error_at(
            "extinctionPseudoRoyal",
            "`extinctionPseudoRoyal`: a last piece that becomes royal is not convertible yet",
        );
    }
    if cx.bool("dropLoop", false) {
        cx.error_at(
            "dropLoop",
            "`dropLoop`: captured promoted pieces kept promoted in hand are not convertible yet",
        );
    }
    let Some(start) = read_fen(cx) else {
        return String::new();
    };

    // The kinds: every type the start position has, and what they promote to.
    let mut reach: Vec<usize> = Vec::new();
    let mut todo = start.types.clone();
    while let Some(t) = todo.pop() {
        if reach.contains(&t) {
            continue;
        }
        reach.push(t);
        if let Some(p) = cx.st.promoted[t]
            && cx.st.letters[p].is_some()
        {
            todo.push(p);
        }
    }
    reach.sort_unstable();
    for (t, l) in cx.st.letters.clone().iter().enumerate() {
        if let Some(l) = l
            && !reach.contains(&t)
        {
            cx.notes.push(format!(
                "{} = {l} (no start square and no promotion reaches it)",
                b.pieces[t].name
            ));
        }
    }
    let demotion = cx.bool("pieceDemotion", false);
    let mut kinds: Vec<Kind> = Vec::new();
    for &t in &reach {
        let piece = &b.pieces[t];
        let (text, key) = match &cx.st.custom[t] {
            Some(v) => (v.text.clone(), piece.name.clone()),
            None => (piece.betza.clone(), piece.name.clone()),
        };
        if t == b.chess_pawn {
            cx.error_at(&key, format!("`{key}`: the chess pawn (double step, en passant, promotion by choice) is not convertible; define it as a custom piece"));
            continue;
        }
        let parsed = betza::read(&text);
        let skipped: Vec<char> = parsed.skipped.iter().copied().filter(|&c| c != 'e').collect();
        if !skipped.is_empty() {
            let list: String = skipped.iter().collect();
            let msg = format!("`{key}`: Betza `{text}`: Fairy-Stockfish skips `{list}`, and so does this conversion");
            match cx.st.custom[t].clone().or_else(|| cx.st.get(&key).cloned()) {
                Some(v) => cx.warnings.push(Diagnostic::warning(cx.span(&v), msg)),
                None => cx.warnings.push(Diagnostic::warning(cx.header.clone(), msg)),
            }
        }
        let moves = match piece_moves(&parsed) {
            Ok(m) => m,
            Err(why) => {
                let letter = cx.st.letters[t].unwrap_or('?');
                match cx.st.custom[t].clone().or_else(|| cx.st.get(&key).cloned()) {
                    Some(v) => {
                        let span = cx.span(&v);
                        cx.errors.push(Diagnostic::error(
                            span,
                            format!("`{key}` (`{letter}`, Betza `{text}`): {why}{}", Cx::whence(&v)),
                        ))
                    }
                    None => cx.errors.push(Diagnostic::error(
                        cx.header.clone(),
                        format!("Fairy-Stockfish's `{key}` (`{letter}`, Betza `{text}`): {why}"),
                    )),
                }
                continue;
            }
        };
        kinds.push(Kind {
            fsf: t,
            id: kind_id(&piece.name),
            code: cx.st.letters[t].unwrap_or('x').to_ascii_uppercase(),
            first_steps: first_steps(&parsed),
            moves,
            betza: text,
        });
    }
    let id_of = |t: usize| kinds.iter().find(|k| k.fsf == t).map(|k| k.id.clone());
    let royal = id_of(b.royal);

    // Promotion.
    let region_w = cx.region("promotionRegionWhite");
    let region_b = cx.region("promotionRegionBlack");
    let (white, black) = match (region_w, region_b) {
        (Some(w), Some(bl)) => (w, bl),
        (w, bl) => {
            let (dw, db) = cx.far_ranks(1);
            (w.unwrap_or(dw), bl.unwrap_or(db))
        }
    };
    let (white, black) = match cx.text("promotionRank") {
        Some(t) if region_w.is_none() && region_b.is_none() => match t.parse::<i32>() {
            Ok(r) if (1..=cx.st.max_rank).contains(&r) => cx.far_ranks(cx.st.max_rank - r + 1),
            _ => {
                cx.error_at("promotionRank", format!("`promotionRank = {t}`: a rank of the board"));
                (white, black)
            }
        },
        _ => (white, black),
    };
    let promoting: Vec<usize> = reach
        .iter()
        .copied()
        .filter(|&t| cx.st.promoted[t].is_some_and(|p| reach.contains(&p)))
        .collect();
    let zone = cx.zone_depth(white, black);
    let on_capture = cx.bool("piecePromotionOnCapture", false);
    let mandatory = cx.bool("mandatoryPiecePromotion", false);
    let immobility = cx.bool("immobilityIllegal", false);
    let _ = cx.bool("mandatoryPawnPromotion", true);
    for &t in &promoting {
        let target = cx.st.promoted[t].unwrap_or(t);
        if !demotion && cx.st.promoted[target].is_some_and(|p| reach.contains(&p) && p != t) {
            cx.error_at(
                "promotedPieceType",
                format!("`promotedPieceType`: {} promotes to {}, which promotes again; a promoted piece promoting again is not convertible yet", b.pieces[t].name, b.pieces[target].name),
            );
        }
    }
    let mut promotion = String::new();
    if !promoting.is_empty() {
        match zone {
            None => cx.error_at(
                "promotionRegionWhite",
                "`promotionRegionWhite`/`promotionRegionBlack`: gunbai's promotion zone is each side's far ranks, the same number for both; these regions are not",
            ),
            Some(0) => cx.notes.push("promotedPieceType: the promotion regions are empty, so nothing promotes".into()),
            Some(k) => {
                let all = k == cx.st.max_rank;
                let base = if all { "true".to_string() } else { "in_zone(from) or in_zone(to)".to_string() };
                let may = if on_capture {
                    if all { "captures > 0".to_string() } else { format!("captures > 0 and ({base})") }
                } else {
                    base.clone()
                };
                let _ = writeln!(promotion, "\n# promotionRegionWhite/Black: the far {k} rank(s); promotedPieceType; piecePromotionOnCapture = {on_capture}; mandatoryPiecePromotion = {mandatory}; immobilityIllegal = {immobility}; pieceDemotion = {demotion}");
                let _ = writeln!(promotion, "[promotion]\nzone_ranks = {k}\nmay = {}", quote(&may));
                if demotion {
                    if !all || !mandatory {
                        cx.error_at("pieceDemotion", "`pieceDemotion`: gunbai converts demotion only with the whole board as the zone and mandatoryPiecePromotion = true");
                    }
                    if on_capture {
                        let _ = writeln!(promotion, "must = {}\nrevert_when = {}", quote(&may), quote(&may));
                    } else {
                        let _ = writeln!(promotion, "must = {}\nrevert_on_move = true", quote(&may));
                    }
                } else {
                    let mut must: Vec<String> = Vec::new();
                    if mandatory {
                        must.push(if may.contains(' ') { format!("({may})") } else { may.clone() });
                    }
                    if immobility {
                        must.push("stuck_at(to)".into());
                    }
                    if !must.is_empty() {
                        let _ = writeln!(promotion, "must = {}", quote(&must.join(" or ")));
                    }
                }
            }
        }
    }
    // immobilityIllegal forbids moving where a piece has no move; gunbai
    // forces promotion there, so every such square must be one it promotes on.
    if immobility {
        let (files, ranks) = (cx.st.max_file, cx.st.max_rank);
        let depth = zone.unwrap_or(0);
        let mut trapped: Vec<String> = Vec::new();
        for k in &kinds {
            let can_promote = promoting.contains(&k.fsf) && depth > 0 && !on_capture;
            let stuck_outside_zone = (0..ranks).any(|r| {
                (0..files).any(|f| {
                    let stuck = !k
                        .first_steps
                        .iter()
                        .any(|&(dx, dy)| (0..files).contains(&(f + dx)) && (0..ranks).contains(&(r + dy)));
                    stuck && !(can_promote && r >= ranks - depth)
                })
            });
            if stuck_outside_zone && !k.first_steps.is_empty() {
                trapped.push(k.id.clone());
            }
        }
        for id in trapped {
            cx.error_at(
                "immobilityIllegal",
                format!("`immobilityIllegal`: {id} could move where it has no move and cannot promote there; gunbai cannot forbid such a move yet"),
            );
        }
    }

    // Drops.
    let drops_on = cx.bool("pieceDrops", false);
    let to_hand = cx.bool("capturesToHand", false);
    let mut drops = String::new();
    if drops_on != to_hand {
        cx.error_at(
            if drops_on { "pieceDrops" } else { "capturesToHand" },
            "gunbai converts drops only with both pieceDrops and capturesToHand (captured pieces join the captor's hand)",
        );
    } else if drops_on {
        let mut forbid: Vec<String> = Vec::new();
        if immobility {
            forbid.push("stuck_at(to)".into());
        }
        let count = cx.int("dropNoDoubledCount", 1);
        if let Some(id) = cx.st.drop_no_doubled.and_then(id_of) {
            forbid.push(if count <= 1 {
                format!("(mover is {id} and own_on_file(to, {id}))")
            } else {
                format!("(mover is {id} and own_count_on_file(to, {id}) >= {count})")
            });
        }
        if cx.bool("shogiPawnDropMateIllegal", false)
            && let Some(id) = id_of(b.drop_mate_pawn)
        {
            forbid.push(format!("(mover is {id} and gives_mate)"));
        }
        let _ = writeln!(
            drops,
            "\n# pieceDrops, capturesToHand; immobilityIllegal = {immobility}; dropNoDoubled (count {count}); shogiPawnDropMateIllegal; dropPromoted\n[drops]"
        );
        if !forbid.is_empty() {
            let _ = writeln!(drops, "forbid = {}", quote(&forbid.join(" or ")));
        }
        if cx.bool("dropPromoted", false) {
            let list: Vec<String> = promoting.iter().filter_map(|&t| id_of(t)).collect();
            if !list.is_empty() {
                let _ = writeln!(drops, "promoted_drops = {}", quote(&format!("[{}]", list.join(", "))));
            }
        }
    }

    // Victory.
    let checkmate = cx.result("checkmateValue", Res::Loss);
    let stalemate = cx.result("stalemateValue", Res::Draw);
    let extinction = cx.result("extinctionValue", Res::NoValue);
    let mut loses: Vec<String> = Vec::new();
    if let Some(k) = &royal {
        loses.push(format!("count({k}) == 0"));
    }
    let mut extinct_ids: Vec<String> = Vec::new();
    if extinction != Res::NoValue {
        if extinction != Res::Loss {
            cx.error_at(
                "extinctionValue",
                format!(
                    "`extinctionValue = {}`: only `loss` is convertible yet",
                    extinction.text()
                ),
            );
        }
        if cx.int("extinctionPieceCount", 0) != 0
            || cx.int("extinctionOpponentPieceCount", 0) != 0
            || cx.bool("extinctionClaim", false)
        {
            cx.error_at(
                "extinctionPieceCount",
                "extinction with piece counts or claims is not convertible yet",
            );
        }
        for p in cx.st.extinction.clone() {
            match p {
                PieceRef::All => extinct_ids.push("any".into()),
                PieceRef::Type(t) => match id_of(t) {
                    Some(id) => extinct_ids.push(id),
                    None => cx.error_at(
                        "extinctionPieceTypes",
                        format!("`extinctionPieceTypes`: {} is never on the board, so Fairy-Stockfish ends the game at once", b.pieces[t].name),
                    ),
                },
            }
        }
        for id in &extinct_ids {
            loses.push(format!("count({id}) == 0"));
        }
    }
    let mut flag_wins = String::new();
    // Capture the flag.
    let mut flag_w = cx.region("flagRegionWhite").or_else(|| cx.region("whiteFlag"));
    let mut flag_b = cx.region("flagRegionBlack").or_else(|| cx.region("blackFlag"));
    if let Some(both) = cx.region("flagRegion") {
        flag_w = flag_w.or(Some(both));
        flag_b = flag_b.or(Some(both));
    }
    let (flag_w, flag_b) = (flag_w.unwrap_or(0), flag_b.unwrap_or(0));
    if flag_w != 0 || flag_b != 0 {
        let safe = cx.bool("flagPieceSafe", false);
        let flag_move = cx.bool("flagMove", false);
        let count = cx.int("flagPieceCount", 1);
        let blocked = cx.bool("flagPieceBlockedWin", false);
        let piece = match cx.st.flag_piece {
            [Some(PieceRef::Type(a)), Some(PieceRef::Type(c))] if a == c => id_of(a),
            _ => None,
        };
        match (piece, zone) {
            (Some(id), Some(k)) if safe && !flag_move && count == 1 && !blocked && k > 0 && cx.far_ranks(k) == (flag_w, flag_b) => {
                let _ = writeln!(
                    flag_wins,
                    "\n# flagPiece, flagRegionWhite/Black (the promotion zone), flagPieceSafe: reaching the far rank(s) unattacked wins\n[[victory.wins_when]]\nid = \"flag\"\ncondition = {}",
                    quote(&format!("in_zone_unattacked({id})"))
                );
                // Fairy-Stockfish judges the flag on every position: the
                // other side's move that leaves such a piece unattacked
                // loses at once (pyffish 0.0.90).
                loses.push(format!("enemy_in_zone_unattacked({id})"));
            }
            _ => cx.error_at(
                "flagRegionWhite",
                "capture the flag is convertible only with one flag piece type, flagPieceSafe = true, no flagMove, flagPieceCount 1, and flag regions equal to the promotion zone",
            ),
        }
    }
    let mut victory = String::new();
    let _ = writeln!(
        victory,
        "\n# checkmateValue = {}; stalemateValue = {}; extinctionValue = {}; the royal piece is Fairy-Stockfish's king\n[victory]",
        checkmate.text(),
        stalemate.text(),
        extinction.text()
    );
    let _ = writeln!(
        victory,
        "loses_when = {}",
        quote(&if loses.is_empty() {
            "false".to_string()
        } else {
            loses.join(" or ")
        })
    );
    let res = |r: Res| match r {
        Res::Win => "win",
        Res::Draw => "draw",
        _ => "loss",
    };
    for (key, r) in [("checkmateValue", checkmate), ("stalemateValue", stalemate)] {
        if r == Res::NoValue {
            cx.error_at(key, format!("`{key} = none` is not convertible"));
        }
    }
    if let Some(k) = &royal {
        let _ = writeln!(victory, "no_moves = \"{}\"\ncheck = {}", res(checkmate), quote(k));
        if stalemate != checkmate {
            let _ = writeln!(victory, "stalemate = \"{}\"", res(stalemate));
        }
    } else {
        let _ = writeln!(victory, "no_moves = \"{}\"", res(stalemate));
    }
    victory.push_str(&flag_wins);
    // Repetition and the n-move rule.
    let n_fold = cx.int("nFoldRule", 3);
    let n_value = cx.result("nFoldValue", Res::Draw);
    let absolute = cx.bool("nFoldValueAbsolute", false);
    let perpetual = cx.bool("perpetualCheckIllegal", false);
    let check_set = royal
        .clone()
        .or_else(|| (extinct_ids.len() == 1 && extinct_ids[0] != "any").then(|| extinct_ids[0].clone()));
    let policy = match (n_value, absolute, perpetual) {
        (Res::Draw, _, true) => "draw-unless-perpetual-check",
        (Res::Draw, _, false) => "draw-fourfold",
        (Res::Win, false, _) => "creator-loses",
        _ => {
            cx.warn_at(
                "nFoldValue",
                format!("`nFoldValue = {}`{}: gunbai has no such repetition result; converted as a draw (unless perpetual check)", n_value.text(), if absolute { " (absolute)" } else { "" }),
            );
            "draw-unless-perpetual-check"
        }
    };
    if n_fold != 4 && n_fold != 0 {
        cx.warn_at(
            "nFoldRule",
            format!("`nFoldRule = {n_fold}`: gunbai's repetition results come at the fourth occurrence; converted as fourfold"),
        );
    }
    let mut options = String::new();
    let mut repetition = String::new();
    match &check_set {
        Some(k) if n_fold != 0 => {
            let _ = writeln!(
                options,
                "\n# nFoldRule = {n_fold}; nFoldValue = {}; nFoldValueAbsolute = {absolute}; perpetualCheckIllegal = {perpetual}\n[options.repetition]\ndefault = \"fsf\"\nvalues = [\"fsf\", \"ignore\"]\ndoc = {}",
                n_value.text(),
                quote(&format!(
                    "fsf: Fairy-Stockfish's repetition rule for this section ({policy}). ignore: repetition has no effect."
                ))
            );
            let _ = writeln!(
                repetition,
                "\n[repetition]\noption = \"repetition\"\npolicies = {{ fsf = \"{policy}\", ignore = \"ignore\" }}\ncheck = {}",
                quote(k)
            );
        }
        _ => cx
            .notes
            .push("nFoldRule: no royal piece to judge perpetual check by; repetition is not converted".into()),
    }
    let n_move = cx.int("nMoveRule", 50);
    if n_move > 0 {
        cx.warn_at(
            "nMoveRule",
            format!("`nMoveRule = {n_move}`: converted as a draw after {} plies without a capture or promotion; Fairy-Stockfish also restarts the count on pawn moves", 2 * n_move),
        );
        let _ = writeln!(
            victory,
            "\n# nMoveRule = {n_move}\n[victory.move_limit]\nplies = {}\ncounts = \"quiet\"",
            2 * n_move
        );
    }
    let castling_rook = cx.st.letters[b.castling_rook].is_some();
    if cx.bool("castling", true) && castling_rook && royal.is_some() {
        cx.error_at(
            "castling",
            "`castling = true` with a king and a rook: castling is not convertible; set `castling = false`",
        );
    }
    let _ = cx.bool("doubleStep", true);

    // The file.
    let mut out = String::new();
    let parent = section.parent.as_deref().map(|p| format!(":{p}")).unwrap_or_default();
    let _ = writeln!(out, "{MARK} from {}, section [{}{parent}].", source.name, section.name);
    let _ = writeln!(
        out,
        "# Fairy-Stockfish's reading of the section, its parents applied first; each part"
    );
    let _ = writeln!(
        out,
        "# names the keys it comes from. Regenerate rather than edit by hand."
    );
    if !cx.notes.is_empty() {
        let _ = writeln!(out, "# Not converted:");
        for n in &cx.notes {
            let _ = writeln!(out, "#   {}", n.replace(['\n', '\r'], " "));
        }
    }
    let id = variant_id(&section.name);
    let _ = writeln!(out, "\n[variant]\nid = {}", quote(&id));
    let _ = writeln!(out, "names = {{ en = {} }}", quote(&section.name));
    let _ = writeln!(
        out,
        "sources = [{}]",
        quote(&format!(
            "Fairy-Stockfish variants.ini section [{}{parent}] ({})",
            section.name, source.name
        ))
    );
    let _ = writeln!(
        out,
        "\n# maxFile, maxRank\n[board]\nfiles = {}\nranks = {}",
        cx.st.max_file, cx.st.max_rank
    );
    out.push_str(&options);
    for k in &kinds {
        let piece = &b.pieces[k.fsf];
        let _ = writeln!(
            out,
            "\n# {} = {}{}",
            piece.name,
            k.code.to_ascii_lowercase(),
            if piece.custom || cx.st.custom[k.fsf].is_some() {
                format!(":{}", k.betza)
            } else {
                format!(" (Betza {})", k.betza)
            }
        );
        let _ = writeln!(out, "[[piece]]\nid = {}\ncode = \"{}\"", quote(&k.id), k.code);
        let _ = writeln!(out, "moves = [{}]", k.moves.join(", "));
        if let Some(p) = cx.st.promoted[k.fsf]
            .and_then(id_of)
            .filter(|_| promoting.contains(&k.fsf))
        {
            let _ = writeln!(out, "promotes_to = {}", quote(&p));
        }
    }
    let _ = writeln!(
        out,
        "\n# startFen\n[setup]\nfirst = \"{}\"\nboard = \"\"\"",
        if start.black_first { "black" } else { "white" }
    );
    for row in &start.rows {
        let _ = writeln!(out, "{}", row.join(" "));
    }
    let _ = writeln!(out, "\"\"\"");
    if !start.hand.is_empty() {
        if !drops_on {
            cx.error_at(
                "startFen",
                "`startFen`: pieces in hand without pieceDrops are not convertible",
            );
        }
        let _ = writeln!(out, "hand = {}", quote(&start.hand));
    }
    let _ = start.promoted;
    out.push_str(&promotion);
    out.push_str(&drops);
    out.push_str(&victory);
    out.push_str(&repetition);
    let letters: Vec<String> = kinds
        .iter()
        .map(|k| format!("{} = \"{}\"", k.id, k.code.to_ascii_lowercase()))
        .collect();
    let _ = writeln!(
        out,
        "\n# The piece letters, for SFEN and USI\n[sfen]\nletters = {{ {} }}",
        letters.join(", ")
    );
    out
}
