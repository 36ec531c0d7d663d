//! Invariants checked along seeded random games of every bundled variant:
//! make/unmake restores the position, the incremental hash equals a fresh
//! one, position text and move text round-trip, and the legal moves of a
//! position do not depend on which side of the board it is seen from.

use gunbai::unstable::movegen::{Move, legal_moves};
use gunbai::unstable::notation::{move_text, parse_move};
use gunbai::unstable::position::Position;
use gunbai::unstable::ruleset::RepetitionPolicy;

mod common;
use common::Rng;

/// The same position seen from the other side: rotated 180°, colours
/// swapped, the other side to move.
fn mirrored(pos: &Position) -> Position {
    let text = pos.to_text();
    let mut fields = text.split(' ');
    let (board, hands) = split_hands(fields.next().unwrap_or(""));
    let side = if fields.next() == Some("b") { "w" } else { "b" };
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|r| {
            r.split(',')
                .rev()
                .map(|t| {
                    if t.chars().any(|c| c.is_ascii_uppercase()) {
                        t.to_ascii_lowercase()
                    } else {
                        t.to_ascii_uppercase()
                    }
                })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    Position::from_text(pos.rules().clone(), &format!("{}{hands} {side}", ranks.join("/")))
        .expect("mirrored text parses")
}

/// The board and the hands (`[2P,s]`, with the sides swapped).
fn split_hands(board: &str) -> (&str, String) {
    match board.split_once('[') {
        Some((b, h)) => {
            let swapped: String = h
                .chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect();
            // Black's items first, as gunbai writes them.
            let items: Vec<&str> = swapped.trim_end_matches(']').split(',').collect();
            let (black, white): (Vec<&str>, Vec<&str>) = items
                .into_iter()
                .partition(|i| i.chars().any(|c| c.is_ascii_uppercase()));
            (b, format!("[{}]", [black, white].concat().join(",")))
        }
        None => (board, String::new()),
    }
}

fn legal(pos: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    legal_moves(pos, &mut v).unwrap();
    v
}

/// How many moves of a position have their text and unplay checked.
const CHECKED: usize = 24;

#[test]
fn random_games_keep_every_invariant() {
    for name in gunbai::unstable::rules::bundled_names() {
        let rules = gunbai::unstable::rules::load_variant(name, &[]).expect("bundled compiles");
        let history_matters = rules.repetition == RepetitionPolicy::ForbidUnlessInCheck;
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        // The largest boards (625 and 1,296 squares, several hundred moves
        // a position) get one short game.
        let big = rules.geometry.len() > 500;
        let (games, plies) = if big { (1, 24) } else { (6, 160) };
        for _game in 0..games {
            let mut pos = Position::start(rules.clone());
            for ply in 0..plies {
                let moves = legal(&pos);
                if moves.is_empty() {
                    break;
                }
                let text = pos.to_text();
                let fresh = Position::from_text(rules.clone(), &text).expect("own text parses");
                assert_eq!(fresh.to_text(), text, "position text round trip");
                assert_eq!(fresh.hash(), pos.hash(), "incremental hash = fresh hash at {text}");
                // A position text carries no game history, so a re-parsed
                // position may allow moves that the history forbids.
                let fresh_moves = legal(&fresh);
                assert!(
                    moves.iter().all(|m| fresh_moves.contains(m)),
                    "re-parsed position keeps every move: {text}"
                );
                if !history_matters {
                    assert_eq!(
                        fresh_moves.len(),
                        moves.len(),
                        "re-parsed position has the same moves: {text}"
                    );
                }
                if let Some(sfen) = pos.to_sfen() {
                    let back = Position::from_sfen(rules.clone(), &sfen).expect("own SFEN parses");
                    assert_eq!(back.to_sfen().as_deref(), Some(sfen.as_str()), "SFEN round trip");
                }
                // Without history or last move, seen from the other side.
                let bare_text: String = text.split(' ').take(2).collect::<Vec<_>>().join(" ");
                let bare = Position::from_text(rules.clone(), &bare_text).expect("own text parses");
                assert_eq!(
                    legal(&mirrored(&bare)).len(),
                    legal(&bare).len(),
                    "colour mirror of {bare_text}"
                );
                // Each move's text is read back (which generates every
                // legal move again) and the move is played and undone, for
                // at most CHECKED moves a position: all of them where there
                // are fewer, else every k-th, starting one further on each
                // ply. Every position of the game is still visited; checking
                // all ~250 moves of each Tenjiku or Ko position made this
                // test 150 s of CI time for moves much like the checked ones.
                let every = moves.len().div_ceil(CHECKED).max(1);
                for m in moves.iter().skip(ply % every).step_by(every) {
                    let t = move_text(&pos, m);
                    assert_eq!(
                        parse_move(&pos, &t).ok().as_ref(),
                        Some(m),
                        "move text round trip: {t} in {text}"
                    );
                    let mut after = pos.clone();
                    let undo = after.play_unchecked(m);
                    after.unplay(&undo);
                    assert_eq!(after.to_text(), text, "unplay restores after {t}");
                    assert_eq!(after.hash(), pos.hash(), "unplay restores the hash after {t}");
                }
                let m = moves[rng.below(moves.len())];
                pos.play_unchecked(&m);
            }
        }
    }
}

/// The moves a repetition-forbidding rule set keeps are those of the same
/// position under `open` (no repetition filter) minus the ones that, played,
/// make a position that occurred `forbidden_occurrence - 1` times before
/// with the same side to move (unless the mover is in check, under
/// `forbid-unless-in-check`). The game shuffles pieces back and forth so
/// that repetitions come up, and captures now and then (drops follow in
/// variants that have them). Returns how many moves the filter refused.
fn repetition_filter_agrees(name: &str, forbid: &str, open: &str) -> usize {
    let load = |opt: &str| {
        let o: gunbai::unstable::compile::OptionOverride = format!("repetition={opt}").parse().expect("option");
        gunbai::unstable::rules::load_variant(name, &[o]).expect("bundled rules compile")
    };
    let (rf, ro) = (load(forbid), load(open));
    let earlier = usize::from(rf.forbidden_occurrence) - 1;
    let exempt = rf.repetition == RepetitionPolicy::ForbidUnlessInCheck;
    let (mut pf, mut po) = (Position::start(rf), Position::start(ro));
    let (mut kept, mut all) = (Vec::new(), Vec::new());
    // Hashes of the positions before each move played, oldest first.
    let mut history: Vec<u64> = Vec::new();
    let mut played: Vec<Move> = Vec::new();
    let mut refused = 0;
    for ply in 0..160usize {
        legal_moves(&pf, &mut kept).unwrap();
        legal_moves(&po, &mut all).unwrap();
        let in_check = gunbai::unstable::movegen::in_check(&po, po.side_to_move());
        let mut expected = Vec::new();
        for m in &all {
            let undo = po.play_unchecked(m);
            let h = po.hash();
            po.unplay(&undo);
            let seen = history.iter().rev().step_by(2).filter(|&&o| o == h).count();
            if seen < earlier || exempt && in_check {
                expected.push(*m);
            } else {
                refused += 1;
            }
        }
        assert_eq!(kept, expected, "{name} after {ply} plies");
        if kept.is_empty() {
            break;
        }
        let back = played.len().checked_sub(2).map(|i| played[i]);
        let reverses =
            |m: &&Move| back.is_some_and(|b| m.dropped().is_none() && m.from() == b.to() && m.to() == b.from());
        let captures = |m: &&Move| m.landings().iter().any(|&s| pf.piece_at(s).is_some());
        let pick = match ply % 24 {
            12 => kept.iter().find(captures),
            0 => None,
            _ => kept.iter().find(reverses),
        };
        let m = *pick.unwrap_or(&kept[ply * 7919 % kept.len()]);
        history.push(po.hash());
        pf.play_unchecked(&m);
        po.play_unchecked(&m);
        played.push(m);
    }
    refused
}

#[test]
fn repetition_filter_agrees_with_playing_every_move() {
    // Chu: any repetition, no drops; Yari: the third occurrence, with drops.
    for (name, forbid, open) in [
        ("chu", "forbid_repeat", "sennichite4"),
        ("yari", "third_forbidden", "ignore"),
    ] {
        let refused = repetition_filter_agrees(name, forbid, open);
        assert!(refused > 0, "{name}: no move was refused, so the filter was not tested");
    }
}
