//! The JSON bodies of the game endpoints: a position with its history and
//! options (`/api/position`, `/api/play`) and the legal moves
//! (`/api/moves`).

use super::{Budget, Game, MAX_MOVES, Reply};
use crate::board::{Colour, Square};
use crate::dsl::OptionValue;
use crate::movegen::{Promotion, TooManyMoves, legal_moves};
use crate::notation::{move_text, usi_move};
use crate::position::Position;
use crate::render::svg::{BoardView, Labels, board_view_svg};
use crate::render::{english_name, json, option_text, piece_label};
use crate::ruleset::Ruleset;
use serde_json::{Value, json};

pub(super) fn title(rules: &Ruleset) -> String {
    rules.names.get("en").cloned().unwrap_or_else(|| rules.id.clone())
}

/// The board, the game so far and the rule options: `/api/position`.
pub(super) fn position_json(game: &Game, flip: bool, labels: Labels) -> Value {
    let pos = &game.pos;
    let rules = pos.rules();
    let geo = &rules.geometry;
    let mut pieces = Vec::new();
    let mut list = Vec::new();
    for sq in 0..geo.len() as Square {
        if let Some((colour, ty)) = pos.piece_at(sq) {
            pieces.push((sq, colour, ty));
            list.push(json!({
                "square": geo.square_name(sq),
                "colour": colour.to_string(),
                "code": rules.types[usize::from(ty)].code,
                "name": english_name(rules, rules.types[usize::from(ty)].kind),
            }));
        }
    }
    let last: Vec<Square> = game
        .last
        .map(|m| std::iter::once(m.from).chain(m.landings().iter().copied()).collect())
        .unwrap_or_default();
    let view = BoardView {
        view: if flip { Colour::White } else { Colour::Black },
        labels,
        last_move: last.clone(),
        hit_areas: true,
    };
    let history: Vec<Value> = game
        .played
        .iter()
        .enumerate()
        .map(|(i, (text, usi))| json!({"ply": i + 1, "text": text, "usi": usi}))
        .collect();
    let options: Vec<Value> = rules
        .options
        .iter()
        .map(|(name, o)| {
            let (kind, values) = match &o.default {
                OptionValue::Bool(_) => ("bool", Value::Null),
                OptionValue::Enum { allowed, .. } => ("enum", json!(allowed)),
            };
            json!({
                "name": name,
                "type": kind,
                "value": option_json(&o.value),
                "default": option_json(&o.default),
                "values": values,
                "doc": o.doc,
            })
        })
        .collect();
    // Pieces in hand, for variants with drops: per side, each held type.
    let hands = rules.drops.as_ref().map(|drops| {
        let side = |colour: Colour| -> Vec<Value> {
            drops
                .hand_types
                .iter()
                .filter_map(|&ty| {
                    let n = pos.in_hand(colour, ty);
                    (n > 0).then(|| {
                        json!({
                            "code": rules.types[usize::from(ty)].code,
                            "label": match labels {
                                Labels::Names => piece_label(rules, ty),
                                Labels::Codes => rules.types[usize::from(ty)].code.clone(),
                            },
                            "name": english_name(rules, rules.types[usize::from(ty)].kind),
                            "count": n,
                        })
                    })
                })
                .collect()
        };
        json!({"black": side(Colour::Black), "white": side(Colour::White)})
    });
    json!({
        "variant": rules.id,
        "title": title(rules),
        "hands": hands,
        "files": geo.width,
        "ranks": geo.height,
        "usi": rules.sfen.is_some(),
        "side_to_move": pos.side_to_move().to_string(),
        "ply": game.played.len(),
        "position": pos.to_text(),
        "sfen": pos.to_sfen(),
        "outcome": json::outcome(pos, pos.result()),
        "history": history,
        "last_move": last.iter().map(|&s| geo.square_name(s)).collect::<Vec<_>>(),
        "pieces": list,
        "options": options,
        "svg": board_view_svg(rules, &pieces, &view),
    })
}

fn option_json(v: &OptionValue) -> Value {
    match v {
        OptionValue::Bool(b) => json!(b),
        OptionValue::Enum { .. } => json!(option_text(v)),
    }
}

/// The legal moves (of one piece, with `from`), each with the squares a
/// page needs to choose it step by step: `/api/moves`. A position over the
/// library's move budget, or with more than [`MAX_MOVES`] moves, is refused
/// (422).
pub(super) fn moves_json(pos: &mut Position, from: Option<Square>, budget: &Budget) -> Result<Value, Reply> {
    let mut moves = Vec::new();
    legal_moves(pos, &mut moves).map_err(|e: TooManyMoves| Reply::error(422, e.to_string()))?;
    if moves.len() > MAX_MOVES {
        return Err(Reply::error(
            422,
            format!(
                "this position has {} legal moves; the playground lists at most {MAX_MOVES}",
                moves.len()
            ),
        ));
    }
    let geo = pos.rules().geometry.clone();
    let name = |s: Square| geo.square_name(s);
    let mut out = Vec::new();
    for m in moves.iter().filter(|m| from.is_none_or(|f| m.from == f)) {
        budget.check()?;
        let mut steps = Vec::new();
        for (i, &sq) in m.landings().iter().enumerate() {
            steps.push(json!({"square": name(sq), "kind": "land"}));
            for t in m.shots_after(i) {
                steps.push(json!({"square": name(t), "kind": "shot"}));
            }
        }
        let text = move_text(pos, m);
        let usi = usi_move(pos, m);
        // What the move removes, shots and effects included: play it and
        // take it back.
        let undo = pos.play_unchecked(m);
        let captures: Vec<String> = pos.last_captures().iter().map(|&(s, _)| name(s)).collect();
        pos.unplay(&undo);
        out.push(json!({
            "text": text,
            "usi": usi,
            "from": name(m.from),
            "steps": steps,
            "captures": captures,
            "promotion": match m.promotion {
                Promotion::None => "none",
                Promotion::Promote => "promote",
                Promotion::PromoteWithChain => "promote_with_chain",
                Promotion::Decline => "decline",
                Promotion::Revert => "revert",
            },
            // A drop: the code of the type placed, and of the piece in hand
            // it comes from (they differ for a piece dropped promoted).
            "drop": m.dropped().map(|ty| pos.rules().types[usize::from(ty)].code.clone()),
            "hand": m
                .dropped()
                .map(|ty| pos.rules().types[usize::from(pos.rules().origin(ty))].code.clone()),
        }));
    }
    Ok(json!({
        "side_to_move": pos.side_to_move().to_string(),
        "count": out.len(),
        "moves": out,
    }))
}
