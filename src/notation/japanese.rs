//! Japanese move text, as lishogi shows it and shogiops writes it
//! (docs/notation.md#japanese): the square (`７六`, the file in full-width
//! digits from the right, the rank in kanji from the top) or `同　` for the
//! previous move's square, the piece's name, a relative word where another
//! piece of the same name reaches the square (`右`, `左`, `直`, `上`, `引`,
//! `寄`, `跳`, `中`), then `成` or `不成`; a drop adds `打` where a piece
//! on the board could also move there. A lion's double move is
//! `７七・６六獅`, igui `７七居喰い`, a pass `じっと`.

use super::captures_at;
use super::western::Aims;
use crate::board::{Colour, Geometry, Square};
use crate::movegen::{Move, Promotion};
use crate::position::Position;
use crate::ruleset::{JaRelative, Ruleset, TypeId};

/// Kanji digits, `〇` to `九`.
pub(crate) const KANJI_DIGITS: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// A number in kanji, as ranks and counts are written (`十二`, `二十`).
pub(crate) fn kanji_number(n: u32) -> String {
    let mut s = String::new();
    if n >= 20 {
        s.push(KANJI_DIGITS[(n / 10 % 10) as usize]);
    }
    if n >= 10 {
        s.push('十');
    }
    if !n.is_multiple_of(10) || n == 0 {
        s.push(KANJI_DIGITS[(n % 10) as usize]);
    }
    s
}

/// A number in full-width digits (`１２`).
pub(crate) fn full_width(n: u32) -> String {
    n.to_string()
        .chars()
        .map(|c| char::from_u32(c as u32 + 0xFEE0).unwrap_or(c))
        .collect()
}

/// The Japanese move-text name of a piece type: for a promoted piece its
/// origin's `kif_promoted`, else its kind's `ja`, `kif_board` or `kif`.
pub(crate) fn name(rules: &Ruleset, ty: TypeId) -> Option<&str> {
    let t = &rules.types[usize::from(ty)];
    let kind = &rules.kinds[t.kind].records;
    t.promoted_from
        .and_then(|k| rules.kinds[k].records.kif_promoted.as_deref())
        .or(kind.ja.as_deref())
        .or(kind.kif_board.as_deref())
        .or(kind.kif.as_deref())
}

/// The first piece type without a Japanese name, if any.
pub(super) fn missing_name(rules: &Ruleset) -> Option<&str> {
    (0..rules.types.len() as TypeId)
        .find(|&t| name(rules, t).is_none())
        .map(|t| rules.types[usize::from(t)].code.as_str())
}

/// (file from the right, rank from the top), both from 1.
fn file_rank(geo: &Geometry, sq: Square) -> (u32, u32) {
    let (x, y) = geo.xy(sq);
    (geo.width - x as u32, geo.height - y as u32)
}

fn square(geo: &Geometry, sq: Square) -> String {
    let (f, r) = file_rank(geo, sq);
    format!("{}{}", full_width(f), kanji_number(r))
}

/// Japanese text of a legal move of `pos`, or `None` if it cannot be
/// written (a piece without a Japanese name, shots, a promotion that takes
/// others along). `same`: write `同　` for the previous move's square;
/// `drop_mark`: write `打` on every drop.
pub(super) fn write(pos: &Position, m: &Move, same: bool, drop_mark: bool, aims: &Aims) -> Option<String> {
    let rules = pos.rules();
    let geo = &rules.geometry;
    if m.n_shots > 0 || m.promotion == Promotion::PromoteWithChain {
        return None;
    }
    if let Some(ty) = m.drop {
        let n = name(rules, ty)?;
        let mark = drop_mark || !aims.others(pos, None, m.to(), |t| name(rules, t) == Some(n)).is_empty();
        return Some(format!("{}{n}{}", square(geo, m.to()), if mark { "打" } else { "" }));
    }
    let (colour, ty) = pos.piece_at(m.from)?;
    let n = name(rules, ty)?;
    let others = aims.others(pos, Some(m.from), m.to(), |t| name(rules, t) == Some(n));
    let relative = if others.is_empty() {
        String::new()
    } else {
        let rel = rules.kinds[rules.types[usize::from(ty)].kind].records.ja_relative;
        disambiguate(geo, rel, colour, m.from, m.to(), &others)
    };
    let landings = m.landings();
    if landings.len() > 1 {
        let captures = captures_at(pos, m);
        if m.to() == m.from {
            return Some(match landings.len() == 2 && captures[0] {
                true => format!("{}居喰い", square(geo, landings[0])),
                false if captures.iter().all(|c| !c) => "じっと".to_string(),
                false => return None,
            });
        }
        let path: Vec<String> = landings.iter().map(|&s| square(geo, s)).collect();
        return Some(format!("{}{n}{relative}", path.join("・")));
    }
    let dest = if same && pos.last_move().to == Some(m.to()) {
        "同　".to_string()
    } else {
        square(geo, m.to())
    };
    let promo = match m.promotion {
        Promotion::Promote => "成",
        Promotion::Decline => "不成",
        _ => "",
    };
    Some(format!("{dest}{n}{relative}{promo}"))
}

/// The relative word(s) that tell the moving piece from `others` of its
/// name that reach `to` too, in the Japan Shogi Association's scheme as
/// shogiops applies it.
fn disambiguate(
    geo: &Geometry,
    rel: Option<JaRelative>,
    colour: Colour,
    from: Square,
    to: Square,
    others: &[Square],
) -> String {
    // Files from the right and ranks from the top, from 0.
    let fr = |s: Square| {
        let (f, r) = file_rank(geo, s);
        (f as i32 - 1, r as i32 - 1)
    };
    let black = colour == Colour::Black;
    let ((my_file, my_rank), (to_file, to_rank)) = (fr(from), fr(to));
    let (up, down) = (my_rank > to_rank, my_rank < to_rank);
    let vertical = || {
        if up == down {
            "寄"
        } else if (black && up) || (!black && down) {
            if rel == Some(JaRelative::Advance) { "行" } else { "上" }
        } else {
            "引"
        }
    };
    let side = |right: bool, left: bool| {
        if left == right {
            "中"
        } else if (black && right) || (!black && left) {
            "右"
        } else {
            "左"
        }
    };
    if rel == Some(JaRelative::Straight)
        && my_file == to_file
        && black == up
        && others.iter().any(|&o| fr(o).1 == my_rank)
    {
        return "直".into();
    }
    if rel == Some(JaRelative::Lion) && my_file == to_file && others.iter().any(|&o| geo.distance(o, from) == 1) {
        return if geo.distance(from, to) == 2 { "跳" } else { "直" }.into();
    }
    if !others.iter().any(|&o| {
        let r = fr(o).1;
        (r < to_rank) == down && (r > to_rank) == up
    }) {
        return vertical().into();
    }
    let files: Vec<i32> = others.iter().map(|&o| fr(o).0).collect();
    let (rightest, leftest) = (
        files.iter().copied().min().unwrap_or(my_file),
        files.iter().copied().max().unwrap_or(my_file),
    );
    if rightest > my_file || leftest < my_file || (others.len() == 2 && rightest < my_file && leftest > my_file) {
        return side(rightest > my_file, leftest < my_file).into();
    }
    format!("{}{}", side(rightest >= my_file, leftest <= my_file), vertical())
}

/// The legal move that `text` names in Japanese move text (with or
/// without `同`, spaces ignored, `打` optional). Where several do (a pass),
/// the one with fewest landings.
pub(super) fn read(pos: &Position, legal: &[Move], text: &str) -> Option<Move> {
    let plain = |s: &str| s.chars().filter(|c| !matches!(c, ' ' | '　')).collect::<String>();
    let wanted = plain(text);
    let aims = Aims::of(pos);
    let mut best: Option<&Move> = None;
    for m in legal {
        let hit = [(true, false), (false, false), (false, true)]
            .into_iter()
            .any(|(same, mark)| write(pos, m, same, mark, &aims).is_some_and(|t| plain(&t) == wanted));
        if hit && best.is_none_or(|b| m.len < b.len) {
            best = Some(m);
        }
    }
    best.copied()
}
