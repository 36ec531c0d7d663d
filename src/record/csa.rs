//! CSA, the Computer Shogi Association's record format (version 2.2):
//! `N+`/`N-` names, `$KEY:VALUE` headers, the start as `PI` (the setup,
//! optionally with pieces removed: `PI82HI`) or `P1`..`P9` rows and `P+`/`P-`
//! pieces (`00` for in hand), `+`/`-` for the side to move, moves as
//! `+7776FU` (the piece code after the move, so a promotion is written as
//! the promoted code) and `+0055KA` (a drop), `T` times, `'` comments and
//! `%` endings. Several statements may share a line, separated by `,`.
//! Piece codes are the rule file's `records.csa` data; boards of at most 9
//! files and ranks (docs/records.md).

use super::{GameResult, Reading, Record, Start, Termination, Wanted, error, error_help, lines};
use crate::board::{Colour, Geometry, Square};
use crate::diagnostics::Report;
use crate::movegen::Promotion;
use crate::position::Position;
use crate::ruleset::{Ruleset, TypeId};
use std::sync::Arc;

/// Whether text looks like CSA.
pub fn sniff(text: &str) -> bool {
    text.lines().take(200).any(|l| {
        let l = l.trim();
        l.starts_with("V2") || l == "PI" || l.starts_with("P1") || l.starts_with("N+") || l.starts_with("+7776")
    })
}

/// The candidate with CSA codes for every piece and a board of the text's
/// size (9 ranks), if exactly one has.
pub fn variant_of(_: &str, candidates: &[Arc<Ruleset>]) -> Option<String> {
    let fit: Vec<&Arc<Ruleset>> = candidates
        .iter()
        .filter(|r| r.geometry.width == 9 && r.geometry.height == 9 && codes(r).is_ok())
        .collect();
    match fit.as_slice() {
        [one] => Some(one.id.clone()),
        _ => None,
    }
}

/// Each type's CSA code.
fn codes(rules: &Ruleset) -> Result<Vec<String>, String> {
    if rules.geometry.width > 9 || rules.geometry.height > 9 {
        return Err(format!(
            "variant `{}`'s board is larger than CSA's 9x9 squares",
            rules.id
        ));
    }
    rules
        .types
        .iter()
        .map(|t| {
            let kind = &rules.kinds[t.kind].records;
            let code = match t.promoted_from {
                Some(k) => rules.kinds[k].records.csa_promoted.clone().or_else(|| kind.csa.clone()),
                None => kind.csa.clone(),
            };
            code.filter(|c| c.len() == 2 && c.chars().all(|c| c.is_ascii_uppercase()))
                .ok_or_else(|| {
                    format!(
                        "variant `{}` has no CSA code for `{}`: its rule file gives no two-letter `records.csa`",
                        rules.id, t.code
                    )
                })
        })
        .collect()
}

fn square_of(geo: &Geometry, file: u32, rank: u32) -> Option<Square> {
    if file == 0 || rank == 0 || file > geo.width || rank > geo.height {
        return None;
    }
    geo.square((geo.width - file) as i32, (geo.height - rank) as i32)
}

fn digits(geo: &Geometry, sq: Square) -> String {
    let (x, y) = geo.xy(sq);
    format!("{}{}", geo.width as i32 - x, geo.height as i32 - y)
}

fn sign(c: Colour) -> char {
    if c == Colour::Black { '+' } else { '-' }
}

/// Writes a record as CSA.
pub fn write(record: &Record, rules: &Arc<Ruleset>) -> Result<String, String> {
    let codes = codes(rules)?;
    let geo = &rules.geometry;
    let mut out = String::from("V2.2\n");
    for (k, v) in &record.headers {
        let clean = |s: &str| !s.contains(['\n', '\r']);
        match k.as_str() {
            "先手" | "下手" | "N+" if clean(v) => out.push_str(&format!("N+{v}\n")),
            "後手" | "上手" | "N-" if clean(v) => out.push_str(&format!("N-{v}\n")),
            _ if clean(k) && clean(v) && k.starts_with('$') => out.push_str(&format!("{k}:{v}\n")),
            _ => {}
        }
    }
    let setup = Start::of(&Position::start(rules.clone()));
    match &record.start {
        Some(s) if *s != setup => {
            for r in 1..=geo.height {
                out.push_str(&format!("P{r}"));
                for f in (1..=geo.width).rev() {
                    let piece = square_of(geo, f, r).and_then(|sq| s.board.get(usize::from(sq)).copied().flatten());
                    match piece {
                        None => out.push_str(" * "),
                        Some((c, t)) => {
                            out.push(sign(c));
                            out.push_str(&codes[usize::from(t)]);
                        }
                    }
                }
                out.push('\n');
            }
            for c in Colour::BOTH {
                let hand = &s.hands[c.index()];
                if !hand.is_empty() {
                    out.push_str(&format!("P{}", sign(c)));
                    for &(t, n) in hand {
                        for _ in 0..n {
                            out.push_str(&format!("00{}", codes[usize::from(t)]));
                        }
                    }
                    out.push('\n');
                }
            }
            out.push(sign(s.side));
            out.push('\n');
        }
        _ => {
            out.push_str("PI\n");
            out.push(sign(rules.first));
            out.push('\n');
        }
    }
    for (_, text) in record.comments.iter().filter(|(n, _)| *n == 0) {
        push_comment(&mut out, text);
    }
    let mut pos = record.start_position(rules);
    for (i, m) in record.moves.iter().enumerate() {
        if m.len != 1 || m.n_shots > 0 {
            return Err(format!("CSA cannot write move {} (more than one step)", i + 1));
        }
        let side = sign(pos.side_to_move());
        let (from, ty) = match m.drop {
            Some(t) => ("00".to_string(), t),
            None => {
                let (_, t) = pos.piece_at(m.from).ok_or("a move from an empty square")?;
                let after = match m.promotion {
                    Promotion::Promote | Promotion::PromoteWithChain => {
                        rules.types[usize::from(t)].promotes_to.unwrap_or(t)
                    }
                    _ => t,
                };
                (digits(geo, m.from), after)
            }
        };
        out.push_str(&format!(
            "{side}{from}{}{}\n",
            digits(geo, m.to()),
            codes[usize::from(ty)]
        ));
        pos.play_unchecked(m);
        for (_, text) in record.comments.iter().filter(|(k, _)| *k == i + 1) {
            push_comment(&mut out, text);
        }
    }
    if let Some(r) = &record.result {
        let word = match r.termination {
            Termination::Resignation => "%TORYO".to_string(),
            Termination::Checkmate => "%TSUMI".to_string(),
            Termination::Repetition => "%SENNICHITE".to_string(),
            Termination::Impasse => "%KACHI".to_string(),
            Termination::Timeout => "%TIME_UP".to_string(),
            Termination::IllegalMove => match r.winner {
                Some(w) => format!("%{}ILLEGAL_ACTION", sign(w.opposite())),
                None => "%ILLEGAL_MOVE".to_string(),
            },
            Termination::Abort => "%CHUDAN".to_string(),
            Termination::Draw => "%HIKIWAKE".to_string(),
        };
        out.push_str(&word);
        out.push('\n');
    }
    Ok(out)
}

fn push_comment(out: &mut String, text: &str) {
    for line in text.lines() {
        out.push('\'');
        out.push_str(line);
        out.push('\n');
    }
}

/// Reads a CSA record.
pub fn read(text: &str, name: &str, rules: &Arc<Ruleset>) -> Result<Record, Report> {
    let codes = codes(rules).map_err(|e| error(name, text, 0..0, e))?;
    let geo = rules.geometry.clone();
    // A code several types share (a promoted bishop and the horse kind)
    // reads as the promoted one, which is what a game can reach.
    let mut order: Vec<TypeId> = (0..codes.len() as TypeId).collect();
    order.sort_by_key(|&t| rules.types[usize::from(t)].promoted_from.is_none());
    let code_of = |s: &str| order.iter().copied().find(|&t| codes[usize::from(t)] == s);
    let mut record = Record {
        variant: rules.id.clone(),
        ..Record::default()
    };
    let setup = Start::of(&Position::start(rules.clone()));
    let mut start: Option<Start> = None;
    let mut side_seen = false;
    let mut reading: Option<Reading> = None;
    for (at, line) in lines(text) {
        let mut offset = 0;
        for stmt in line.split(',') {
            let sat = at + offset;
            offset += stmt.len() + 1;
            let st = stmt.trim_end();
            let span = sat..sat + st.len().max(1);
            if st.is_empty() {
                continue;
            }
            if let Some(c) = st.strip_prefix('\'') {
                let n = reading.as_ref().map_or(0, |r| r.moves.len());
                record.comments.push((n, c.to_string()));
                continue;
            }
            if st.starts_with('V') || st.starts_with('T') {
                continue;
            }
            if let Some(v) = st.strip_prefix("N+") {
                record.headers.push(("先手".into(), v.to_string()));
                continue;
            }
            if let Some(v) = st.strip_prefix("N-") {
                record.headers.push(("後手".into(), v.to_string()));
                continue;
            }
            if st.starts_with('$') {
                let (k, v) = st.split_once(':').unwrap_or((st, ""));
                record.headers.push((k.to_string(), v.to_string()));
                continue;
            }
            if let Some(rest) = st.strip_prefix('%') {
                let to_move = reading.as_ref().map_or(rules.first, |r| r.pos.side_to_move());
                record.result = Some(ending(rest, to_move).ok_or_else(|| {
                    error_help(name, text, span.clone(), format!("unknown ending `{st}`"), "CSA endings: %TORYO, %CHUDAN, %SENNICHITE, %TIME_UP, %ILLEGAL_MOVE, %JISHOGI, %KACHI, %HIKIWAKE, %TSUMI")
                })?);
                continue;
            }
            if reading.is_none() && st.starts_with('P') {
                let s = start.get_or_insert_with(|| Start {
                    board: vec![None; geo.len()],
                    hands: [Vec::new(), Vec::new()],
                    side: rules.first,
                });
                read_p(st, sat, s, &setup, &geo, &code_of).map_err(|(r, m)| error(name, text, r, m))?;
                continue;
            }
            if (st == "+" || st == "-") && reading.is_none() {
                let s = start.get_or_insert_with(|| setup.clone());
                s.side = if st == "+" { Colour::Black } else { Colour::White };
                side_seen = true;
                continue;
            }
            if st.starts_with(['+', '-']) {
                if reading.is_none() {
                    let mut s = start.clone().unwrap_or_else(|| setup.clone());
                    if !side_seen {
                        s.side = rules.first;
                    }
                    let pos = s.position(rules.clone());
                    record.start = (s != setup).then_some(s);
                    reading = Some(Reading {
                        name,
                        text,
                        pos,
                        moves: Vec::new(),
                    });
                }
                let Some(r) = reading.as_mut() else { continue };
                let mover = if st.starts_with('+') {
                    Colour::Black
                } else {
                    Colour::White
                };
                if st.len() != 7 || !st.is_ascii() {
                    return Err(error_help(
                        name,
                        text,
                        span,
                        format!("`{st}` is not a CSA move"),
                        "a move is a sign, origin, destination and piece code: `+7776FU` (origin `00` for a drop)",
                    ));
                }
                if mover != r.pos.side_to_move() {
                    let n = r.moves.len() + 1;
                    return Err(error(
                        name,
                        text,
                        span,
                        format!("move {n} (`{st}`) is illegal: it is the other side's turn"),
                    ));
                }
                let num = |s: &str| s.parse::<u32>().ok();
                let (Some(ff), Some(fr), Some(tf), Some(tr)) =
                    (num(&st[1..2]), num(&st[2..3]), num(&st[3..4]), num(&st[4..5]))
                else {
                    return Err(error(name, text, span, format!("`{st}`: squares are two digits each")));
                };
                let Some(after) = code_of(&st[5..7]) else {
                    return Err(error(
                        name,
                        text,
                        sat + 5..sat + 7,
                        format!("`{}` is not a piece code of this variant", &st[5..7]),
                    ));
                };
                let to = square_of(&geo, tf, tr)
                    .ok_or_else(|| error(name, text, sat + 3..sat + 5, "not a square of the board"))?;
                let mut w = Wanted {
                    landings: vec![to],
                    ..Wanted::default()
                };
                if ff == 0 && fr == 0 {
                    w.drop = Some(after);
                } else {
                    let from = square_of(&geo, ff, fr)
                        .ok_or_else(|| error(name, text, sat + 1..sat + 3, "not a square of the board"))?;
                    w.from = Some(from);
                    let before = r.pos.piece_at(from).map(|(_, t)| t);
                    let promotes =
                        before.is_some_and(|b| b != after && rules.types[usize::from(b)].promotes_to == Some(after));
                    w.promote = Some(promotes);
                    w.movers = if promotes {
                        before.into_iter().collect()
                    } else {
                        vec![after]
                    };
                }
                r.play(&w, span)?;
                continue;
            }
            return Err(error_help(
                name,
                text,
                span,
                format!("`{st}` is not a CSA statement"),
                "CSA lines start with V, N, $, P, +, -, T, % or '",
            ));
        }
    }
    match reading {
        Some(r) => record.moves = r.moves,
        None => {
            if let Some(s) = start {
                record.start = (s != setup).then_some(s);
            }
        }
    }
    Ok(record)
}

type Spanned = (std::ops::Range<usize>, String);

/// A `P` statement: `PI` (setup minus pieces), `P1`..`P9` rows, `P+`/`P-`.
fn read_p(
    st: &str,
    at: usize,
    s: &mut Start,
    setup: &Start,
    geo: &Geometry,
    code_of: &dyn Fn(&str) -> Option<TypeId>,
) -> Result<(), Spanned> {
    let whole = at..at + st.len();
    if !st.is_ascii() {
        return Err((whole, "a `P` line is ASCII".into()));
    }
    if let Some(rest) = st.strip_prefix("PI") {
        *s = setup.clone();
        for (i, chunk) in rest.as_bytes().chunks(4).enumerate() {
            let c = std::str::from_utf8(chunk).unwrap_or("");
            let sq = (chunk.len() == 4)
                .then(|| square_of(geo, c[0..1].parse().ok()?, c[1..2].parse().ok()?))
                .flatten()
                .ok_or((
                    at + 2 + i * 4..at + 2 + i * 4 + chunk.len(),
                    format!("`{c}`: expected a square and a piece code to remove"),
                ))?;
            s.board[usize::from(sq)] = None;
        }
        return Ok(());
    }
    if let Some(rest) = st.strip_prefix("P+").or_else(|| st.strip_prefix("P-")) {
        let colour = if st.as_bytes()[1] == b'+' {
            Colour::Black
        } else {
            Colour::White
        };
        for (i, chunk) in rest.as_bytes().chunks(4).enumerate() {
            let c = std::str::from_utf8(chunk).unwrap_or("");
            let span = at + 2 + i * 4..at + 2 + i * 4 + chunk.len();
            if chunk.len() != 4 {
                return Err((span, format!("`{c}`: expected a square and a piece code")));
            }
            let t = code_of(&c[2..4]).ok_or((
                span.clone(),
                format!("`{}` is not a piece code of this variant", &c[2..4]),
            ))?;
            if &c[0..2] == "00" {
                let hand = &mut s.hands[colour.index()];
                match hand.iter_mut().find(|(ht, _)| *ht == t) {
                    Some((_, n)) if *n < 999 => *n += 1,
                    Some(_) => return Err((span, "too many pieces in hand".into())),
                    None => hand.push((t, 1)),
                }
            } else {
                let sq = square_of(geo, c[0..1].parse().unwrap_or(0), c[1..2].parse().unwrap_or(0))
                    .ok_or((span.clone(), format!("`{}` is not a square", &c[0..2])))?;
                s.board[usize::from(sq)] = Some((colour, t));
            }
        }
        return Ok(());
    }
    let rank: u32 = st
        .get(1..2)
        .and_then(|r| r.parse().ok())
        .filter(|&r| r >= 1 && r <= geo.height)
        .ok_or((whole.clone(), format!("`{st}`: expected P1 to P{}", geo.height)))?;
    let cells = &st[2..];
    if cells.len() != 3 * geo.width as usize {
        return Err((
            whole,
            format!("rank {rank} must have {} squares of 3 characters", geo.width),
        ));
    }
    for (i, chunk) in cells.as_bytes().chunks(3).enumerate() {
        let c = std::str::from_utf8(chunk).unwrap_or("");
        let file = geo.width - i as u32;
        let sq = square_of(geo, file, rank).ok_or((whole.clone(), "not a square".to_string()))?;
        s.board[usize::from(sq)] = match c {
            " * " => None,
            _ => {
                let colour = match &c[0..1] {
                    "+" => Colour::Black,
                    "-" => Colour::White,
                    _ => {
                        return Err((
                            at + 2 + i * 3..at + 5 + i * 3,
                            format!("`{c}`: expected ` * ` or a sign and a piece code"),
                        ));
                    }
                };
                let t = code_of(&c[1..3]).ok_or((
                    at + 2 + i * 3..at + 5 + i * 3,
                    format!("`{}` is not a piece code of this variant", &c[1..3]),
                ))?;
                Some((colour, t))
            }
        };
    }
    Ok(())
}

/// A `%` ending, given the side to move.
fn ending(word: &str, to_move: Colour) -> Option<GameResult> {
    let other = Some(to_move.opposite());
    let (winner, termination) = match word {
        "TORYO" => (other, Termination::Resignation),
        "TSUMI" => (Some(to_move.opposite()), Termination::Checkmate),
        "SENNICHITE" => (None, Termination::Repetition),
        "TIME_UP" => (other, Termination::Timeout),
        "ILLEGAL_MOVE" => (other, Termination::IllegalMove),
        "+ILLEGAL_ACTION" => (Some(Colour::White), Termination::IllegalMove),
        "-ILLEGAL_ACTION" => (Some(Colour::Black), Termination::IllegalMove),
        "JISHOGI" | "HIKIWAKE" | "MAX_MOVES" => (None, Termination::Draw),
        "KACHI" => (Some(to_move), Termination::Impasse),
        "CHUDAN" | "FUZUMI" | "MATTA" | "ERROR" => (None, Termination::Abort),
        _ => return None,
    };
    Some(GameResult { winner, termination })
}
