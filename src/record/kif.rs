//! KIF, the Japanese game-record format: standard shogi's (`７六歩(77)`,
//! `同　歩(23)`, `５五角打`, `成`/`不成`, `手合割：平手` or a board diagram
//! with hands) and lishogi's Chu dialect (`7八獅子 （←8九）`, `仝`, a lion's
//! two steps as `一歩目`/`二歩目` lines, `（居食い）`, `(じっと)`). Piece
//! names and board glyphs are the rule file's `records` data; a board wider
//! than 9 files is written in the Chu dialect. Reading accepts both
//! dialects (docs/records.md).

use super::{GameResult, Reading, Record, Start, Termination, Wanted, lines};
use crate::board::{Colour, Geometry, Square};
use crate::diagnostics::Report;
use crate::movegen::{Move, Promotion};
use crate::notation::{KANJI_DIGITS, full_width, kanji_number};
use crate::position::Position;
use crate::ruleset::{Ruleset, TypeId};
use std::sync::Arc;

/// Whether text looks like KIF: a KIF header, move-list line or board.
pub fn sniff(text: &str) -> bool {
    let head: String = text.chars().take(4096).collect();
    ["手合割", "手数----", "先手：", "後手：", "開始日時", "一歩目", "の持駒"]
        .iter()
        .any(|k| head.contains(k))
}

/// The candidate whose board has as many ranks as the text's diagram
/// (without one: wider than 9 files for the Chu dialect, else 9x9), if
/// exactly one has.
pub fn variant_of(text: &str, candidates: &[Arc<Ruleset>]) -> Option<String> {
    let ranks = text.lines().filter(|l| l.trim_start().starts_with('|')).count();
    // Without a diagram: the Chu dialect's origin mark `（←` says a board
    // wider than 9 files, else standard shogi's 9 ranks.
    let fits = |r: &Ruleset| match ranks {
        0 if text.contains("（←") => wide(&r.geometry),
        0 => r.geometry.height == 9 && !wide(&r.geometry),
        n => r.geometry.height as usize == n,
    };
    let fit: Vec<&Arc<Ruleset>> = candidates.iter().filter(|r| fits(r) && names(r).is_ok()).collect();
    match fit.as_slice() {
        [one] => Some(one.id.clone()),
        _ => None,
    }
}

/// A variant's KIF names: per type, its move name and board glyph.
struct Names {
    moves: Vec<String>,
    board: Vec<String>,
}

fn names(rules: &Ruleset) -> Result<Names, String> {
    let mut moves = Vec::new();
    let mut board = Vec::new();
    for (i, t) in rules.types.iter().enumerate() {
        let kind = &rules.kinds[t.kind].records;
        let (m, b) = match t.promoted_from {
            Some(k) => {
                let origin = &rules.kinds[k].records;
                (
                    origin.kif_promoted.clone().or_else(|| kind.kif.clone()),
                    origin
                        .kif_board_promoted
                        .clone()
                        .or_else(|| kind.kif_board.clone())
                        .or_else(|| kind.kif.clone()),
                )
            }
            None => (kind.kif.clone(), kind.kif_board.clone().or_else(|| kind.kif.clone())),
        };
        match (m, b) {
            (Some(m), Some(b)) => {
                moves.push(m);
                board.push(b);
            }
            _ => {
                return Err(format!(
                    "variant `{}` has no KIF name for `{}` (type {i}): its rule file gives no `records.kif`",
                    rules.id, rules.types[i].code
                ));
            }
        }
    }
    Ok(Names { moves, board })
}

/// Wide boards (more than 9 files) are written in lishogi's Chu dialect.
fn wide(geo: &Geometry) -> bool {
    geo.width > 9
}

/// (file, rank) as KIF counts them: files from the right, ranks from the top.
fn file_rank(geo: &Geometry, sq: Square) -> (u32, u32) {
    let (x, y) = geo.xy(sq);
    (geo.width - x as u32, geo.height - y as u32)
}

fn square_of(geo: &Geometry, file: u32, rank: u32) -> Option<Square> {
    if file == 0 || rank == 0 || file > geo.width || rank > geo.height {
        return None;
    }
    geo.square((geo.width - file) as i32, (geo.height - rank) as i32)
}

fn square_text(geo: &Geometry, sq: Square) -> String {
    let (f, r) = file_rank(geo, sq);
    if wide(geo) {
        format!("{f}{}", kanji_number(r))
    } else {
        format!("{}{}", full_width(f), kanji_number(r))
    }
}

/// Writes a record as KIF.
pub fn write(record: &Record, rules: &Arc<Ruleset>) -> Result<String, String> {
    let names = names(rules)?;
    let geo = &rules.geometry;
    let mut out = String::new();
    for (k, v) in &record.headers {
        if !k.contains(['\n', '\r', '：']) && !v.contains(['\n', '\r']) {
            out.push_str(&format!("{k}：{v}\n"));
        }
    }
    let start = record.start_position(rules);
    let is_setup = record
        .start
        .as_ref()
        .is_none_or(|s| *s == Start::of(&Position::start(rules.clone())));
    if is_setup && !wide(geo) {
        out.push_str("手合割：平手\n");
    } else {
        out.push_str(&diagram(&start, &names));
    }
    out.push_str("手数----指手---------消費時間--\n");
    let mut pos = start;
    let mut last_to: Option<Square> = None;
    for (c, text) in record.comments.iter().filter(|(n, _)| *n == 0) {
        let _ = c;
        push_comment(&mut out, text);
    }
    for (i, m) in record.moves.iter().enumerate() {
        let n = i + 1;
        for line in move_lines(&pos, m, &names, last_to)? {
            out.push_str(&format!("{n:>4} {line}\n"));
        }
        last_to = Some(m.to());
        pos.play_unchecked(m);
        for (_, text) in record.comments.iter().filter(|(k, _)| *k == n) {
            push_comment(&mut out, text);
        }
    }
    if let Some(r) = &record.result {
        let n = record.moves.len();
        let word = match r.termination {
            Termination::Resignation => "投了",
            Termination::Checkmate => "詰み",
            Termination::Repetition => "千日手",
            Termination::Impasse => "入玉勝ち",
            Termination::Timeout => "切れ負け",
            Termination::IllegalMove => {
                if r.winner == Some(pos.side_to_move()) {
                    "反則勝ち"
                } else {
                    "反則負け"
                }
            }
            Termination::Abort => "中断",
            Termination::Draw => "持将棋",
        };
        out.push_str(&format!("{:>4} {word}\n", n + 1));
        let side = |c: Colour| if c == Colour::Black { "先手" } else { "後手" };
        match r.winner {
            Some(w) => out.push_str(&format!("まで{n}手で{}の勝ち\n", side(w))),
            None if r.termination == Termination::Abort => out.push_str(&format!("まで{n}手で中断\n")),
            None => out.push_str(&format!("まで{n}手で引き分け\n")),
        }
    }
    Ok(out)
}

fn push_comment(out: &mut String, text: &str) {
    for line in text.lines() {
        out.push('*');
        out.push_str(line);
        out.push('\n');
    }
}

/// The board diagram with hands and side to move.
fn diagram(pos: &Position, names: &Names) -> String {
    let rules = pos.rules();
    let geo = &rules.geometry;
    let wide = wide(geo);
    let cellw = if wide { 3 } else { 2 };
    let mut out = String::new();
    let hand = |c: Colour| -> String {
        let parts: Vec<String> = (0..rules.types.len() as TypeId)
            .filter(|&t| pos.in_hand(c, t) > 0)
            .map(|t| {
                let n = u32::from(pos.in_hand(c, t));
                let g = &names.board[usize::from(t)];
                if n > 1 {
                    format!("{g}{}", kanji_number(n))
                } else {
                    g.clone()
                }
            })
            .collect();
        if parts.is_empty() {
            "なし".into()
        } else {
            parts.join(" ") + " "
        }
    };
    if rules.drops.is_some() {
        out.push_str(&format!("後手の持駒：{}\n", hand(Colour::White)));
    }
    let mut ruler = String::new();
    for f in (1..=geo.width).rev() {
        if wide && f < 10 {
            ruler.push_str(&format!(" {} ", full_width(f)));
        } else {
            ruler.push_str(&format!(" {}", full_width(f)));
        }
    }
    out.push_str(&format!("{}{}\n", if wide { "" } else { " " }, ruler.trim_end()));
    let sep = format!("+{}+\n", "-".repeat(geo.width as usize * (cellw + 1)));
    out.push_str(&sep);
    for r in 1..=geo.height {
        out.push('|');
        for f in (1..=geo.width).rev() {
            let cell = match square_of(geo, f, r).and_then(|sq| pos.piece_at(sq)) {
                None => "・".to_string(),
                Some((c, t)) => {
                    let v = if c == Colour::White { "v" } else { "" };
                    format!("{v}{}", names.board[usize::from(t)])
                }
            };
            // Glyphs are full-width (two columns), `v` one.
            let cols: usize = cell.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
            let pad = (cellw * 2 - 1).saturating_sub(cols).min(4);
            let pad = if wide {
                pad.saturating_sub(1)
            } else {
                pad.saturating_sub(1).min(1)
            };
            out.push_str(&" ".repeat(pad));
            out.push_str(&cell);
        }
        out.push_str(&format!("|{}\n", kanji_number(r)));
    }
    out.push_str(&sep);
    if rules.drops.is_some() {
        out.push_str(&format!("先手の持駒：{}\n", hand(Colour::Black)));
    }
    if pos.side_to_move() == Colour::White {
        out.push_str("後手番\n");
    }
    out
}

/// The line(s) of one move.
fn move_lines(pos: &Position, m: &Move, names: &Names, last_to: Option<Square>) -> Result<Vec<String>, String> {
    let geo = &pos.rules().geometry;
    let wide = wide(geo);
    if let Some(t) = m.drop {
        return Ok(vec![format!(
            "{}{}打",
            square_text(geo, m.to()),
            names.board[usize::from(t)]
        )]);
    }
    let Some((_, ty)) = pos.piece_at(m.from) else {
        return Err("a move from an empty square".into());
    };
    let name = &names.moves[usize::from(ty)];
    let same = |sq: Square| {
        if last_to == Some(sq) {
            if wide { "仝".to_string() } else { "同　".to_string() }
        } else {
            square_text(geo, sq)
        }
    };
    let origin = |sq: Square| {
        if wide {
            format!(" （←{}）", square_text(geo, sq))
        } else {
            let (f, r) = file_rank(geo, sq);
            format!("({f}{r})")
        }
    };
    // A declined promotion is written as no promotion, as shogiops and
    // cshogi write it (cshogi's reader does not know `不成`); reading
    // accepts `不成` too.
    let promo = match m.promotion {
        Promotion::Promote | Promotion::PromoteWithChain => "成",
        _ => "",
    };
    if m.n_shots > 0 || m.len > 2 {
        return Err(format!("KIF cannot write a move with {} steps or shots", m.len));
    }
    if m.len == 1 {
        return Ok(vec![format!("{}{name}{promo}{}", same(m.to()), origin(m.from))]);
    }
    let (mid, to) = (m.landings()[0], m.landings()[1]);
    let how = if to == m.from {
        if pos.piece_at(mid).is_some() {
            "（居食い）"
        } else {
            "(じっと)"
        }
    } else {
        ""
    };
    Ok(vec![
        format!("一歩目 {}{name}{}", same(mid), origin(m.from)),
        format!("二歩目 {}{name}{how}{promo}{}", same(to), origin(mid)),
    ])
}

/// Reads a KIF record.
pub fn read(text: &str, name: &str, rules: &Arc<Ruleset>) -> Result<Record, Report> {
    let names_table = names(rules).map_err(|e| err(name, text, 0..0, e))?;
    let mut glyphs: Vec<(String, TypeId)> = Vec::new();
    for t in 0..rules.types.len() {
        glyphs.push((names_table.board[t].clone(), t as TypeId));
        glyphs.push((names_table.moves[t].clone(), t as TypeId));
    }
    // Longest first, so that `成銀` is not read as `成`.
    // A glyph several types share (`馬`: a promoted bishop and the horse
    // kind) reads as the promoted one, which is what a game can reach.
    glyphs.sort_by_key(|(g, t)| {
        (
            std::cmp::Reverse(g.chars().count()),
            rules.types[usize::from(*t)].promoted_from.is_none(),
        )
    });
    let geo = rules.geometry.clone();
    let mut record = Record {
        variant: rules.id.clone(),
        ..Record::default()
    };
    let all: Vec<(usize, &str)> = lines(text).collect();
    // The header: everything before the first move line.
    let mut board: Vec<Option<(Colour, TypeId)>> = vec![None; geo.len()];
    let mut board_rows = 0u32;
    let mut hands: crate::ruleset::Hands = [Vec::new(), Vec::new()];
    let mut side = rules.first;
    let mut has_diagram = false;
    let mut first_move = all.len();
    for (li, &(at, line)) in all.iter().enumerate() {
        let t = line.trim_start_matches([' ', '　']);
        let lead = line.len() - t.len();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if t.starts_with("手数") {
            first_move = li + 1;
            break;
        }
        if t.starts_with(|c: char| c.is_ascii_digit()) && !t.contains('：') && !t.contains(':') {
            first_move = li;
            break;
        }
        if let Some(c) = t.strip_prefix('*') {
            record.comments.push((0, c.to_string()));
            continue;
        }
        if t.starts_with('|') {
            has_diagram = true;
            board_rows += 1;
            if board_rows > geo.height {
                return Err(err(
                    name,
                    text,
                    at..at + line.len(),
                    format!("the board has more than {} ranks", geo.height),
                ));
            }
            read_row(name, text, at + lead, t, board_rows, &geo, &glyphs, &mut board)?;
            continue;
        }
        if t.starts_with('+') || t.starts_with(['１', '２', '３', '４', '５', '６', '７', '８', '９', '1']) {
            continue;
        }
        if t.starts_with("後手番") || t.starts_with("上手番") {
            side = Colour::White;
            continue;
        }
        if t.starts_with("先手番") || t.starts_with("下手番") {
            side = Colour::Black;
            continue;
        }
        let Some((key, value)) = t.split_once('：').or_else(|| t.split_once(':')) else {
            return Err(err_help(
                name,
                text,
                at + lead..at + line.len(),
                format!("`{t}` is neither a header (`key：value`) nor a move"),
                "a KIF header line is `key：value`; moves follow the `手数----指手--` line",
            ));
        };
        let value = value.trim_matches([' ', '　']);
        let vat = at + line.len() - value.len();
        match key {
            "後手の持駒" | "上手の持駒" => hands[1] = read_hand(name, text, vat, value, &glyphs)?,
            "先手の持駒" | "下手の持駒" => hands[0] = read_hand(name, text, vat, value, &glyphs)?,
            "手合割" => {
                if !(value.is_empty() || value == "平手") {
                    return Err(err_help(
                        name,
                        text,
                        vat..vat + value.len(),
                        format!("gunbai reads no handicap `{value}`"),
                        "write the start position as a board diagram (`|v香v桂...|一` lines) instead",
                    ));
                }
            }
            _ => record.headers.push((key.to_string(), value.to_string())),
        }
    }
    if has_diagram {
        if board_rows != geo.height {
            return Err(err(
                name,
                text,
                0..0,
                format!(
                    "the board diagram has {board_rows} ranks, variant `{}` has {}",
                    rules.id, geo.height
                ),
            ));
        }
        record.start = Some(Start { board, hands, side });
    } else if side != rules.first || hands.iter().any(|h| !h.is_empty()) {
        let mut s = Start::of(&Position::start(rules.clone()));
        s.side = side;
        s.hands = hands;
        record.start = Some(s);
    }
    let pos = record.start_position(rules);
    let mut reading = Reading {
        name,
        text,
        pos,
        moves: Vec::new(),
    };
    let mut pending: Option<(Wanted, std::ops::Range<usize>)> = None;
    let mut last_to: Option<Square> = None;
    for &(at, line) in &all[first_move.min(all.len())..] {
        let t = line.trim_start_matches([' ', '　']);
        let lead = line.len() - t.len();
        let span = at + lead..at + line.len();
        if t.is_empty() || t.starts_with('#') || t.starts_with('&') {
            continue;
        }
        if t.starts_with("変化") {
            break; // Variations: only the main line is read.
        }
        if let Some(c) = t.strip_prefix('*') {
            record.comments.push((reading.moves.len(), c.to_string()));
            continue;
        }
        if let Some(rest) = t.strip_prefix("まで") {
            if let Some(r) = summary(rest) {
                record.result = Some(GameResult {
                    termination: record
                        .result
                        .as_ref()
                        .map_or(Termination::Resignation, |r| r.termination.clone()),
                    ..r
                });
            }
            continue;
        }
        // The move number, then the move.
        let body = t
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim_start_matches([' ', '　']);
        let body_at = at + line.len() - body.len();
        let body = body.trim_start_matches(['▲', '△', '☗', '☖']);
        let body_at2 = at + line.len() - body.len();
        let _ = body_at;
        if let Some(term) = termination(body, reading.pos.side_to_move()) {
            record.result = Some(term);
            break;
        }
        let (step, body) = if let Some(b) = body.strip_prefix("一歩目") {
            (1, b.trim_start())
        } else if let Some(b) = body.strip_prefix("二歩目") {
            (2, b.trim_start())
        } else {
            (0, body)
        };
        let bat = at + line.len() - body.len();
        let _ = body_at2;
        let parsed = parse_move(body, &geo, &glyphs, last_to)
            .map_err(|(r, msg)| err(name, text, bat + r.start..bat + r.end, msg))?;
        match step {
            1 => {
                let mut w = parsed.wanted;
                w.landings = vec![parsed.to];
                pending = Some((w, span));
            }
            2 => {
                let Some((mut w, first)) = pending.take() else {
                    return Err(err(
                        name,
                        text,
                        span,
                        "`二歩目` (second step) without a `一歩目` line before it",
                    ));
                };
                // The second step's origin is the first step's square
                // (shogiops may write `仝` for a first step that is not).
                if let Some(mid) = parsed.wanted.from {
                    w.landings = vec![mid];
                }
                w.landings.push(parsed.to);
                w.promote = parsed.wanted.promote;
                reading.play(&w, first.start..span.end)?;
                last_to = Some(parsed.to);
            }
            _ => {
                if pending.is_some() {
                    return Err(err(
                        name,
                        text,
                        span,
                        "a `一歩目` (first step) line must be followed by its `二歩目` line",
                    ));
                }
                let mut w = parsed.wanted;
                w.landings = vec![parsed.to];
                reading.play(&w, span)?;
                last_to = Some(parsed.to);
            }
        }
    }
    if let Some((_, span)) = pending {
        return Err(err(
            name,
            text,
            span,
            "a `一歩目` (first step) line must be followed by its `二歩目` line",
        ));
    }
    record.moves = reading.moves;
    Ok(record)
}

use super::{error as err, error_help as err_help};

struct Parsed {
    wanted: Wanted,
    to: Square,
}

/// Reads a Japanese square (`７六`, `76`, `12一`, `3十二`) at the start of
/// `s`: the square and the bytes read.
fn read_square(s: &str, geo: &Geometry) -> Option<(u32, u32, usize)> {
    let mut file = 0u32;
    let mut used = 0;
    for c in s.chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            '０'..='９' => c as u32 - '０' as u32,
            _ => break,
        };
        file = file.checked_mul(10)?.checked_add(d)?;
        used += c.len_utf8();
        if used > 6 {
            return None;
        }
    }
    if used == 0 {
        return None;
    }
    let (rank, n) = read_kanji_number(&s[used..])?;
    let _ = geo;
    Some((file, rank, used + n))
}

fn read_kanji_number(s: &str) -> Option<(u32, usize)> {
    let mut total = 0u32;
    let mut digit = 0u32;
    let mut used = 0;
    for c in s.chars() {
        if c == '十' {
            total += if digit == 0 { 10 } else { digit * 10 };
            digit = 0;
        } else if let Some(d) = KANJI_DIGITS.iter().position(|&k| k == c).filter(|&d| d > 0) {
            if digit != 0 {
                break;
            }
            digit = d as u32;
        } else {
            break;
        }
        used += c.len_utf8();
        if used > 9 {
            return None;
        }
    }
    (used > 0).then_some((total + digit, used))
}

type Spanned = (std::ops::Range<usize>, String);

/// The piece name or glyph `rest` starts with (the longest, as `glyphs`
/// is sorted longest first), and its type.
fn glyph_at<'g>(glyphs: &'g [(String, TypeId)], rest: &str) -> Option<&'g (String, TypeId)> {
    glyphs
        .iter()
        .find(|(g, _)| !g.is_empty() && rest.starts_with(g.as_str()))
}

fn parse_move(
    s: &str,
    geo: &Geometry,
    glyphs: &[(String, TypeId)],
    last_to: Option<Square>,
) -> Result<Parsed, Spanned> {
    let mut i;
    let to = if let Some(rest) = s.strip_prefix('同').or_else(|| s.strip_prefix('仝')) {
        i = s.len() - rest.trim_start_matches([' ', '　']).len();
        last_to.ok_or((0..i, "`同`/`仝` (the same square) with no move before it".to_string()))?
    } else {
        let (f, r, n) = read_square(s, geo).ok_or((
            0..s.len().min(3),
            "expected a square such as `７六` or `7八`".to_string(),
        ))?;
        i = n;
        square_of(geo, f, r).ok_or((
            0..n,
            format!("square {f},{r} is not on the {}x{} board", geo.width, geo.height),
        ))?
    };
    let rest = &s[i..];
    let Some((glyph, _)) = glyph_at(glyphs, rest) else {
        let shown: String = rest.chars().take(3).collect();
        return Err((
            i..i + shown.len(),
            format!("`{shown}` is not a piece name of this variant"),
        ));
    };
    let movers: Vec<TypeId> = glyphs.iter().filter(|(g, _)| g == glyph).map(|(_, t)| *t).collect();
    i += glyph.len();
    let mut w = Wanted {
        movers,
        ..Wanted::default()
    };
    let mut rest = &s[i..];
    for (word, promote) in [("不成", Some(false)), ("生", Some(false)), ("成", Some(true))] {
        if let Some(r) = rest.strip_prefix(word) {
            w.promote = promote;
            rest = r;
            break;
        }
    }
    for skip in ["（居食い）", "(居食い)", "(じっと)", "（じっと）"] {
        if let Some(r) = rest.strip_prefix(skip) {
            rest = r;
        }
    }
    if let Some(r) = rest.strip_prefix('打') {
        w.drop = w.movers.first().copied();
        w.movers.clear();
        let _ = r;
        return Ok(Parsed { wanted: w, to });
    }
    let at = s.len() - rest.len();
    let r = rest.trim_start_matches([' ', '　']);
    let at = at + rest.len() - r.len();
    let from = if let Some(o) = r.strip_prefix("（←").or_else(|| r.strip_prefix("(←")) {
        let (f, rk, _) =
            read_square(o, geo).ok_or((at..s.len(), "expected the origin square after `←`".to_string()))?;
        square_of(geo, f, rk)
    } else if let Some(o) = r.strip_prefix('(') {
        let digits: Vec<u32> = o
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .filter_map(|c| c.to_digit(10))
            .collect();
        match digits.as_slice() {
            [f, rk] => square_of(geo, *f, *rk),
            _ => None,
        }
    } else if r.is_empty() {
        // No origin: a drop written without `打`.
        w.drop = w.movers.first().copied();
        w.movers.clear();
        return Ok(Parsed { wanted: w, to });
    } else {
        None
    };
    let from = from.ok_or((at..s.len(), "expected the origin, as `(77)` or `（←7八）`".to_string()))?;
    w.from = Some(from);
    Ok(Parsed { wanted: w, to })
}

#[allow(clippy::too_many_arguments)]
fn read_row(
    name: &str,
    text: &str,
    at: usize,
    line: &str,
    rank: u32,
    geo: &Geometry,
    glyphs: &[(String, TypeId)],
    board: &mut [Option<(Colour, TypeId)>],
) -> Result<(), Report> {
    let inner = &line[1..];
    let end = inner.find('|').unwrap_or(inner.len());
    let row = &inner[..end];
    let mut file = geo.width;
    let mut i = 0;
    let mut white = false;
    while i < row.len() {
        let rest = &row[i..];
        let c = rest.chars().next().unwrap_or(' ');
        if c == ' ' || c == '　' {
            i += c.len_utf8();
            continue;
        }
        if c == 'v' || c == 'V' {
            white = true;
            i += 1;
            continue;
        }
        if file == 0 {
            return Err(err(
                name,
                text,
                at + 1 + i..at + 1 + row.len(),
                format!("rank {rank} has more than {} squares", geo.width),
            ));
        }
        if c == '・' {
            file -= 1;
            white = false;
            i += c.len_utf8();
            continue;
        }
        let Some((g, t)) = glyph_at(glyphs, rest) else {
            return Err(err(
                name,
                text,
                at + 1 + i..at + 1 + i + c.len_utf8(),
                format!("`{c}` is not a piece of this variant's KIF board"),
            ));
        };
        if let Some(sq) = square_of(geo, file, rank) {
            board[usize::from(sq)] = Some((if white { Colour::White } else { Colour::Black }, *t));
        }
        file -= 1;
        white = false;
        i += g.len();
    }
    if file != 0 {
        return Err(err(
            name,
            text,
            at..at + line.len(),
            format!("rank {rank} has {} squares, expected {}", geo.width - file, geo.width),
        ));
    }
    Ok(())
}

fn read_hand(
    name: &str,
    text: &str,
    at: usize,
    value: &str,
    glyphs: &[(String, TypeId)],
) -> Result<Vec<(TypeId, u16)>, Report> {
    let mut hand: Vec<(TypeId, u16)> = Vec::new();
    if value.is_empty() || value == "なし" {
        return Ok(hand);
    }
    let mut i = 0;
    while i < value.len() {
        let rest = &value[i..];
        let c = rest.chars().next().unwrap_or(' ');
        if c == ' ' || c == '　' {
            i += c.len_utf8();
            continue;
        }
        let Some((g, t)) = glyph_at(glyphs, rest) else {
            return Err(err(
                name,
                text,
                at + i..at + i + c.len_utf8(),
                format!("`{c}` is not a piece this variant holds in hand"),
            ));
        };
        i += g.len();
        let (n, used) = read_kanji_number(&value[i..]).unwrap_or((1, 0));
        i += used;
        if n > 99 {
            return Err(err(name, text, at..at + value.len(), "a hand count is at most 99"));
        }
        match hand.iter_mut().find(|(ht, _)| ht == t) {
            Some((_, k)) => *k = k.saturating_add(n as u16),
            None => hand.push((*t, n as u16)),
        }
    }
    Ok(hand)
}

/// A termination word (`投了`) as the result, given the side to move.
fn termination(body: &str, to_move: Colour) -> Option<GameResult> {
    let other = Some(to_move.opposite());
    let (winner, termination) = match body.split_whitespace().next().unwrap_or("") {
        "投了" => (other, Termination::Resignation),
        "詰み" => (other, Termination::Checkmate),
        "千日手" => (None, Termination::Repetition),
        "持将棋" | "引き分け" => (None, Termination::Draw),
        "切れ負け" | "時間切れ" => (other, Termination::Timeout),
        "反則負け" => (other, Termination::IllegalMove),
        "反則勝ち" => (Some(to_move), Termination::IllegalMove),
        "入玉勝ち" => (Some(to_move), Termination::Impasse),
        "中断" => (None, Termination::Abort),
        _ => return None,
    };
    Some(GameResult { winner, termination })
}

/// The `まで64手で先手の勝ち` line's result (the termination is the move
/// list's).
fn summary(rest: &str) -> Option<GameResult> {
    let winner = if rest.contains("先手の") || rest.contains("下手の") {
        Some(Colour::Black)
    } else if rest.contains("後手の") || rest.contains("上手の") {
        Some(Colour::White)
    } else {
        None
    };
    let termination = if rest.contains("中断") {
        Termination::Abort
    } else if rest.contains("千日手") {
        Termination::Repetition
    } else if winner.is_none() {
        Termination::Draw
    } else {
        Termination::Resignation
    };
    Some(GameResult { winner, termination })
}
