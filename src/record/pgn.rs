//! XBoard's PGN (docs/records.md#pgn): the seven tag roster, `Variant` as
//! XBoard names the variant, `FEN`/`SetUp` for another start in XBoard's
//! FEN, and movetext in the SAN XBoard writes and reads back (`Nf5`, `bxb6`,
//! `Gde2`, `Bxh8+`, `Bxh8=`, `B@e5`, `+Bxi9`, a lion's `Nxe8-f7` and
//! `Nxc8xb8`, its pass `Nxg4`).
//!
//! XBoard's piece letters are the SFEN letters of the rule file (`[sfen]`):
//! a promoted piece is `+` and its original letter, a pawn (`P`) moves
//! without its letter, and a capture is `x`. A variant without an XBoard
//! name or SFEN letters is written with gunbai's own move text, and its
//! `Variant` tag says so: `gunbai:ID`.

use super::{GameResult, Reading, Record, Start, Termination, error, error_help, lines};
use crate::board::{Colour, Square};
use crate::diagnostics::Report;
use crate::movegen::{Move, Promotion, legal_moves};
use crate::notation::{move_text, parse_move};
use crate::position::Position;
use crate::ruleset::{Ruleset, TypeId};
use std::collections::HashMap;
use std::sync::Arc;

/// The `Variant` tag's prefix for a variant XBoard does not know (its
/// moves are in gunbai's own notation).
pub const GUNBAI_VARIANT: &str = "gunbai:";

/// Whether text looks like PGN: its first non-empty line is a tag.
pub fn sniff(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.starts_with('[') && l.ends_with(']') && l.contains(" \""))
}

/// The variant the `Variant` tag names: a candidate whose XBoard name or
/// id it is (`gunbai:ID` names the id). No tag: none (chess PGN).
pub fn variant_of(text: &str, candidates: &[Arc<Ruleset>]) -> Option<String> {
    let v = tags(text).into_iter().find(|(k, _)| k == "Variant")?.1;
    if let Some(id) = v.strip_prefix(GUNBAI_VARIANT) {
        return Some(id.to_string());
    }
    let fit: Vec<&Arc<Ruleset>> = candidates
        .iter()
        .filter(|r| r.xboard_name.as_deref() == Some(v.as_str()))
        .collect();
    match fit.as_slice() {
        [one] => Some(one.id.clone()),
        _ => candidates.iter().find(|r| r.id == v).map(|r| r.id.clone()),
    }
}

/// The tags of the first game in `text`, as (name, value).
pub fn tags(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (_, l) in lines(text) {
        let l = l.trim();
        if l.is_empty() || l.starts_with('%') {
            continue;
        }
        match parse_tag(l) {
            Some(t) => out.push(t),
            None => break,
        }
    }
    out
}

/// `[Name "value"]`: the name and the unescaped value.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut v = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            v.extend(chars.next());
        } else {
            v.push(c);
        }
    }
    Some((name.to_string(), v))
}

/// Whether `rules` is written in SAN: XBoard knows it, and its pieces
/// have SFEN letters (its start writes as SFEN).
pub fn speaks_san(rules: &Arc<Ruleset>) -> bool {
    rules.xboard_name.is_some() && Position::start(rules.clone()).to_sfen().is_some()
}

/// XBoard's letter of a piece type: `+` per promotion step, then the
/// original kind's SFEN letter, upper case.
fn letter(rules: &Ruleset, ty: TypeId) -> String {
    let t = &rules.types[usize::from(ty)];
    let kind = t.promoted_from.unwrap_or(t.kind);
    let steps = t.code.bytes().take_while(|&b| b == b'+').count();
    let l = rules
        .sfen
        .as_ref()
        .and_then(|f| f.letters.get(kind).copied().flatten())
        .unwrap_or('?');
    let mut s = "+".repeat(steps);
    s.push(l.to_ascii_uppercase());
    s
}

/// Whether `m` captures on `sq`, one of its landings.
pub(crate) fn captures_at(pos: &Position, m: &Move, sq: Square) -> bool {
    sq != m.from && pos.piece_at(sq).is_some_and(|(c, _)| c != pos.side_to_move())
}

/// The squares XBoard sees a move visit: the origin, the landings that
/// end a leg (every landing in a variant with effects; otherwise those
/// where it captures) and the destination.
pub fn xboard_legs(pos: &Position, m: &Move) -> Vec<Square> {
    let every = pos.rules().has_effects;
    let last = m.landings().len() - 1;
    let mut out = vec![m.from];
    for (i, &sq) in m.landings().iter().enumerate() {
        if i == last || every || captures_at(pos, m, sq) {
            out.push(sq);
        }
    }
    out
}

/// The SAN of `m` in `pos`, whose legal moves are `legal`.
pub fn san(pos: &Position, m: &Move, legal: &[Move]) -> String {
    let rules = pos.rules();
    let geo = &rules.geometry;
    if let Some(ty) = m.dropped() {
        return format!("{}@{}", letter(rules, ty), geo.square_name(m.to()));
    }
    if m.n_shots > 0 || m.promotion == Promotion::PromoteWithChain {
        return move_text(pos, m);
    }
    let Some((_, ty)) = pos.piece_at(m.from) else {
        return move_text(pos, m);
    };
    let l = letter(rules, ty);
    let squares = xboard_legs(pos, m);
    let to = m.to();
    let took = captures_at(pos, m, to);
    let mut s = String::new();
    let pawn = l == "P";
    if pawn {
        if took || squares.len() > 2 {
            s.push_str(&file_of(geo, m.from));
        }
    } else {
        s.push_str(&l);
        // Other pieces of the type that can go there too.
        let others: Vec<Square> = legal
            .iter()
            .filter(|o| {
                o.drop.is_none() && o.from != m.from && o.to() == to && pos.piece_at(o.from).map(|p| p.1) == Some(ty)
            })
            .map(|o| o.from)
            .collect();
        if !others.is_empty() {
            let (fx, fy) = geo.xy(m.from);
            let same_file = others.iter().any(|&o| geo.xy(o).0 == fx);
            let same_rank = others.iter().any(|&o| geo.xy(o).1 == fy);
            if !same_file {
                s.push_str(&file_of(geo, m.from));
            } else if !same_rank {
                s.push_str(&(fy + 1).to_string());
            } else {
                s.push_str(&geo.square_name(m.from));
            }
        }
    }
    let waypoints = &squares[1..squares.len() - 1];
    for &w in waypoints {
        s.push('x');
        s.push_str(&geo.square_name(w));
    }
    // A piece that ends where it started without a capture on the way (a
    // lion's pass) finds its own square taken: XBoard writes `Nxg4`.
    if took || (waypoints.is_empty() && to == m.from) {
        s.push('x');
    } else if !waypoints.is_empty() {
        s.push('-');
    }
    s.push_str(&geo.square_name(to));
    match m.promotion {
        Promotion::Promote => s.push('+'),
        Promotion::Decline => s.push('='),
        _ => {}
    }
    s
}

fn file_of(geo: &crate::board::Geometry, sq: Square) -> String {
    let name = geo.square_name(sq);
    name.trim_end_matches(|c: char| c.is_ascii_digit()).to_string()
}

/// The move text of `m` in `pos` as this variant's PGN writes it.
fn write_move(pos: &Position, m: &Move, legal: &[Move], san_mode: bool) -> String {
    if san_mode {
        san(pos, m, legal)
    } else {
        move_text(pos, m)
    }
}

/// The `Variant` tag of `rules`.
pub fn variant_tag(rules: &Arc<Ruleset>) -> String {
    match (&rules.xboard_name, speaks_san(rules)) {
        (Some(x), true) => x.clone(),
        _ => format!("{GUNBAI_VARIANT}{}", rules.id),
    }
}

/// XBoard's FEN of `start`: the SFEN board, the hands in brackets (each
/// piece once per count) for a variant with drops, `w` when the first
/// player is to move, `0` and the move number.
pub fn xboard_fen(start: &Start, rules: &Arc<Ruleset>) -> Option<String> {
    let sfen = start.position(rules.clone()).to_sfen()?;
    let mut f = sfen.split_whitespace();
    let (board, side, hand) = (f.next()?, f.next()?, f.next().unwrap_or("-"));
    let side = if (side == "b") == (rules.first == Colour::Black) {
        "w"
    } else {
        "b"
    };
    let mut s = board.to_string();
    if rules.drops.is_some() {
        s.push('[');
        let mut n = 0usize;
        let mut any = false;
        for c in hand.chars() {
            if let Some(d) = c.to_digit(10) {
                n = n * 10 + d as usize;
            } else if c != '-' {
                for _ in 0..n.max(1) {
                    s.push(c);
                }
                any = true;
                n = 0;
            }
        }
        if !any {
            s.push('-');
        }
        s.push(']');
    }
    Some(format!("{s} {side} 0 1"))
}

/// The position an XBoard FEN describes, through the SFEN reader.
fn read_fen(fen: &str, rules: &Arc<Ruleset>) -> Result<Position, String> {
    let mut f = fen.split_whitespace();
    let board = f.next().ok_or("an empty FEN")?;
    let side = f.next().unwrap_or("w");
    let (board, hand) = match board.split_once('[') {
        Some((b, h)) => (b, h.strip_suffix(']').ok_or("a hand `[` without `]`")?),
        None => (board, ""),
    };
    let mut counts: Vec<(char, usize)> = Vec::new();
    for c in hand.chars().filter(|&c| c != '-') {
        if !c.is_ascii_alphabetic() {
            return Err(format!("`{c}` in the hand is not a piece letter"));
        }
        match counts.iter_mut().find(|(l, _)| *l == c) {
            Some((_, n)) => *n += 1,
            None => counts.push((c, 1)),
        }
    }
    let hand: String = if counts.is_empty() {
        "-".into()
    } else {
        counts
            .iter()
            .map(|&(c, n)| if n > 1 { format!("{n}{c}") } else { c.to_string() })
            .collect()
    };
    let first = match side {
        "w" => true,
        "b" => false,
        _ => return Err(format!("side `{side}`: XBoard's FEN has `w` or `b`")),
    };
    let sfen_side = if first == (rules.first == Colour::Black) {
        "b"
    } else {
        "w"
    };
    Position::from_sfen(rules.clone(), &format!("{board} {sfen_side} {hand} 1"))
        .map_err(|r| r.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default())
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ")
}

/// The result token of a result (`1-0`: the first player won).
fn result_token(r: Option<&GameResult>, rules: &Ruleset) -> &'static str {
    match r {
        None => "*",
        Some(GameResult {
            termination: Termination::Abort,
            winner: None,
        }) => "*",
        Some(GameResult { winner: None, .. }) => "1/2-1/2",
        Some(GameResult { winner: Some(w), .. }) if *w == rules.first => "1-0",
        Some(_) => "0-1",
    }
}

/// The PGN `Termination` value of a termination.
fn termination_text(t: &Termination) -> &'static str {
    match t {
        Termination::Timeout => "time forfeit",
        Termination::IllegalMove => "rules infraction",
        Termination::Abort => "unterminated",
        _ => "normal",
    }
}

/// Writes the record as PGN. Headers named as PGN tags are written as
/// such (KIF's and CSA's player names as `White`/`Black`); the others
/// follow the roster.
pub fn write(record: &Record, rules: &Arc<Ruleset>) -> Result<String, String> {
    let header = |keys: &[&str]| {
        record
            .headers
            .iter()
            .find(|(k, _)| keys.contains(&k.as_str()))
            .map(|(_, v)| v.clone())
    };
    let result = result_token(record.result.as_ref(), rules);
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), header(&["Event", "棋戦"]).unwrap_or_else(|| "?".into())),
        ("Site".into(), header(&["Site", "場所"]).unwrap_or_else(|| "?".into())),
        ("Date".into(), header(&["Date"]).unwrap_or_else(|| "????.??.??".into())),
        ("Round".into(), header(&["Round"]).unwrap_or_else(|| "?".into())),
        (
            "White".into(),
            header(&["White", "先手", "下手", "N+"]).unwrap_or_else(|| "?".into()),
        ),
        (
            "Black".into(),
            header(&["Black", "後手", "上手", "N-"]).unwrap_or_else(|| "?".into()),
        ),
        ("Result".into(), result.into()),
        ("Variant".into(), variant_tag(rules)),
    ];
    let setup = Start::of(&Position::start(rules.clone()));
    if let Some(s) = record.start.as_ref().filter(|s| **s != setup) {
        let fen = xboard_fen(s, rules).ok_or_else(|| {
            format!(
                "variant `{}` has no SFEN letters ([sfen] in its rule file), so its start cannot be a FEN",
                rules.id
            )
        })?;
        tags.push(("SetUp".into(), "1".into()));
        tags.push(("FEN".into(), fen));
    }
    let own = [
        "Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "SetUp", "FEN",
    ];
    for (k, v) in &record.headers {
        let is_tag_name = !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if is_tag_name && !own.contains(&k.as_str()) && !tags.iter().any(|(t, _)| t == k) {
            tags.push((k.clone(), v.clone()));
        }
    }
    if let Some(r) = &record.result
        && !tags.iter().any(|(t, _)| t == "Termination")
    {
        tags.push(("Termination".into(), termination_text(&r.termination).into()));
    }
    let mut out = String::new();
    for (k, v) in &tags {
        out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    }
    out.push('\n');
    let san_mode = speaks_san(rules);
    let mut pos = record.start_position(rules);
    let mut legal = Vec::new();
    let mut line = String::new();
    let mut words: Vec<String> = Vec::new();
    let first_moves = pos.side_to_move() == rules.first;
    for (i, m) in record.moves.iter().enumerate() {
        legal_moves(&pos, &mut legal).map_err(|e| e.to_string())?;
        let ply = i + usize::from(!first_moves);
        if ply % 2 == 0 {
            words.push(format!("{}.", ply / 2 + 1));
        } else if i == 0 {
            words.push(format!("{}...", ply / 2 + 1));
        }
        words.push(write_move(&pos, m, &legal, san_mode));
        pos.play_unchecked(m);
    }
    words.push(result.into());
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    Ok(out)
}

/// A token of movetext: its text and byte range.
struct Token<'a> {
    text: &'a str,
    at: usize,
}

/// Splits movetext (from byte `from` of `text`) into tokens, skipping
/// comments (`{…}`, `;…`), variations (`(…)`), NAGs (`$1`) and escape
/// lines (`%`); comments are kept with the number of tokens before them.
/// Stops at a tag line after movetext (the next game).
fn tokens<'a>(
    text: &'a str,
    from: usize,
    comments: &mut Vec<(usize, String)>,
) -> Result<Vec<Token<'a>>, (usize, String)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = from;
    let mut depth = 0usize;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if line_start && (c == b'%' || (c == b'[' && !out.is_empty())) {
            if c == b'[' {
                break;
            }
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        line_start = c == b'\n';
        match c {
            b'{' => {
                let end = text[i..]
                    .find('}')
                    .map(|e| i + e)
                    .ok_or((i, "a comment `{` that never ends".to_string()))?;
                if depth == 0 {
                    comments.push((out.len(), text[i + 1..end].trim().to_string()));
                }
                i = end + 1;
            }
            b';' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' => {
                depth = depth.checked_sub(1).ok_or((i, "a `)` without its `(`".to_string()))?;
                i += 1;
            }
            _ if c.is_ascii_whitespace() => i += 1,
            _ => {
                let start = i;
                while i < b.len() && !b[i].is_ascii_whitespace() && !matches!(b[i], b'{' | b'(' | b')' | b';') {
                    i += 1;
                }
                if depth == 0 && b[start] != b'$' {
                    out.push(Token {
                        text: &text[start..i],
                        at: start,
                    });
                }
            }
        }
    }
    if depth > 0 {
        return Err((text.len(), "a variation `(` that never ends".into()));
    }
    Ok(out)
}

/// The move number prefix of a token (`12.`, `12...`) removed.
fn strip_number(t: &str) -> &str {
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && t[digits..].starts_with('.') {
        t[digits..].trim_start_matches('.')
    } else {
        t
    }
}

/// Reads the first game of a PGN text.
pub fn read(text: &str, name: &str, rules: &Arc<Ruleset>) -> Result<Record, Report> {
    let mut record = Record {
        variant: rules.id.clone(),
        ..Record::default()
    };
    let mut body = text.len();
    for (at, l) in lines(text) {
        let t = l.trim();
        if t.is_empty() || t.starts_with('%') {
            continue;
        }
        if t.starts_with('[') {
            let (k, v) = parse_tag(t)
                .ok_or_else(|| error_help(name, text, at..at + l.len(), "not a tag", "a tag is `[Name \"value\"]`"))?;
            record.headers.push((k, v));
            continue;
        }
        body = at;
        break;
    }
    let tag = |k: &str| record.headers.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let (fen, tagged_result, term) = (tag("FEN"), tag("Result"), tag("Termination"));
    let players = [tag("White"), tag("Black")];
    let pos = match fen {
        Some(fen) => {
            let at = text.find(&fen).unwrap_or(0);
            let p = read_fen(&fen, rules).map_err(|why| {
                error_help(
                    name,
                    text,
                    at..at + fen.len(),
                    format!("the FEN is not a position of `{}`: {why}", rules.id),
                    "XBoard's FEN: the SFEN board, the hands in brackets, `w` or `b`",
                )
            })?;
            record.start = Some(Start::of(&p));
            p
        }
        None => Position::start(rules.clone()),
    };
    for (player, key) in players.into_iter().zip(["先手", "後手"]) {
        if let Some(x) = player {
            record.headers.push((key.into(), x));
        }
    }
    let mut comments = Vec::new();
    let toks = tokens(text, body, &mut comments).map_err(|(at, why)| error(name, text, at..at + 1, why))?;
    let mut reading = Reading {
        name,
        text,
        pos,
        moves: Vec::new(),
    };
    let san_mode = speaks_san(rules);
    let mut legal = Vec::new();
    let mut result_token: Option<&str> = None;
    let mut played_at_token = Vec::with_capacity(toks.len());
    for tok in &toks {
        played_at_token.push(reading.moves.len());
        let t = strip_number(tok.text);
        if t.is_empty() {
            continue;
        }
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&t) {
            result_token = Some(t);
            break;
        }
        let t = t.trim_end_matches(['!', '?', '#']);
        let span = tok.at..tok.at + tok.text.len();
        let n = reading.moves.len() + 1;
        legal_moves(&reading.pos, &mut legal)
            .map_err(|e| reading.illegal(span.clone(), n, tok.text, &e.to_string()))?;
        let found = find_move(&reading.pos, t, &legal, san_mode);
        match found {
            Some(m) => reading.push(m, span)?,
            None => {
                let why = if legal.is_empty() {
                    super::not_legal_reason(&reading.pos)
                } else {
                    "no legal move is written so".into()
                };
                return Err(reading.illegal(span, n, tok.text, &why));
            }
        }
    }
    record.comments = comments
        .into_iter()
        .map(|(i, c)| (played_at_token.get(i).copied().unwrap_or(reading.moves.len()), c))
        .collect();
    let token = result_token.map(str::to_string).or(tagged_result);
    let end = reading.pos.outcome();
    let term = term.unwrap_or_default().to_ascii_lowercase();
    record.result = match token.as_deref() {
        Some("1-0") | Some("0-1") | Some("1/2-1/2") => {
            let winner = match token.as_deref() {
                Some("1-0") => Some(rules.first),
                Some("0-1") => Some(rules.first.opposite()),
                _ => None,
            };
            let termination = match (term.as_str(), end) {
                ("time forfeit", _) => Termination::Timeout,
                ("rules infraction", _) => Termination::IllegalMove,
                (_, Some(o)) if o.reason == crate::position::EndReason::Repetition => Termination::Repetition,
                (_, Some(_)) => Termination::Checkmate,
                _ if winner.is_none() => Termination::Draw,
                _ => Termination::Resignation,
            };
            Some(GameResult { winner, termination })
        }
        _ => None,
    };
    record.moves = reading.moves;
    Ok(record)
}

/// The legal move `t` writes: its SAN (or, for a variant without SAN,
/// gunbai's text), else gunbai's or USI text (`f3f5`, `f7xe8-f7`).
fn find_move(pos: &Position, t: &str, legal: &[Move], san_mode: bool) -> Option<Move> {
    if san_mode {
        // Only the moves to the square the text ends with: writing every
        // legal move's SAN would cost the square of their number.
        let geo = &pos.rules().geometry;
        let bare = t.trim_end_matches(['+', '=']);
        let digits = bare.len() - bare.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let head = &bare[..bare.len() - digits];
        let letters = head.len() - head.trim_end_matches(|c: char| c.is_ascii_lowercase()).len();
        // `xb2`: the `x` of a capture, or a file on a wide board.
        let to = (1..=letters.min(3))
            .rev()
            .find_map(|k| geo.parse_square(&bare[bare.len() - digits - k..]));
        let mut by_san: HashMap<String, Move> = HashMap::new();
        for m in legal.iter().filter(|m| Some(m.to()) == to) {
            let s = san(pos, m, legal);
            let keep = by_san.get(&s).is_none_or(|o| m.len < o.len);
            if keep {
                by_san.insert(s, *m);
            }
        }
        if let Some(m) = by_san.get(t) {
            return Some(*m);
        }
    }
    parse_move(pos, t).ok().filter(|m| legal.contains(m))
}

/// The legal move of `pos` a PGN move token writes (XBoard's SAN, or
/// gunbai's or USI text), for readers of bare move lists.
pub fn parse_token(pos: &Position, text: &str) -> Option<Move> {
    let mut legal = Vec::new();
    legal_moves(pos, &mut legal).ok()?;
    find_move(
        pos,
        text.trim_end_matches(['!', '?', '#']),
        &legal,
        speaks_san(pos.rules()),
    )
}
