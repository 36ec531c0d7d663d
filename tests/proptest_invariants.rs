//! Property tests over random games of every bundled variant.
//!
//! A game is a list of choices, each an index into the legal moves of the
//! position it is played in, so proptest shrinks a failure to a short game
//! with small choices. Along the game and at its end:
//!
//! * a position written as text and read back writes the same text and has
//!   the same legal moves (after every ply);
//! * every legal move's text, native and USI, reads back as that move;
//! * the position seen from the other side (rotated 180°, colours, side to
//!   move, last move and kill history swapped) has as many legal moves;
//! * SFEN, where the variant has it, reads back to the same SFEN and the
//!   same legal moves.
//!
//! `tests/invariants.rs` walks fixed seeded games instead; this file
//! covers more positions and shrinks what it finds. A few regression cases
//! from fuzzing (`fuzz/`) sit at the end.

use gunbai::unstable::compile::OptionOverride;
use gunbai::unstable::dsl::OptionValue;
use gunbai::unstable::movegen::{Move, legal_moves};
use gunbai::unstable::notation::{move_text, parse_move, usi_text};
use gunbai::unstable::position::Position;
use gunbai::unstable::ruleset::{RepetitionPolicy, Ruleset};
use proptest::prelude::*;
use proptest::sample::Index;
use std::sync::{Arc, OnceLock};

/// Plies per game at most: enough to reach captures, promotions and
/// lion trades, few enough that the file runs in seconds.
const MAX_PLIES: usize = 80;

/// Each bundled variant, under options where the repetition rule forbids
/// no move: a position read from text has no history, so only then are
/// its legal moves exactly those of the played position.
fn variants() -> &'static [(&'static str, Arc<Ruleset>)] {
    static VARIANTS: OnceLock<Vec<(&'static str, Arc<Ruleset>)>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        gunbai::unstable::rules::bundled_names()
            .into_iter()
            .map(|name| (name, without_forbidden_repeats(name)))
            .collect()
    })
}

/// The variant with the first text-option value whose repetition policy
/// forbids nothing (or its defaults, if they already do).
fn without_forbidden_repeats(name: &str) -> Arc<Ruleset> {
    let rules = gunbai::unstable::rules::load_variant(name, &[]).expect("bundled variant compiles");
    if rules.repetition != RepetitionPolicy::ForbidUnlessInCheck {
        return rules;
    }
    for (option, info) in &rules.options {
        let OptionValue::Enum { allowed, .. } = &info.value else {
            continue;
        };
        for value in allowed {
            let o = OptionOverride {
                name: option.clone(),
                value: value.clone(),
            };
            if let Ok(r) = gunbai::unstable::rules::load_variant(name, &[o])
                && r.repetition != RepetitionPolicy::ForbidUnlessInCheck
            {
                return r;
            }
        }
    }
    panic!("{name}: no option value turns off forbidden repeats");
}

fn legal(pos: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    legal_moves(pos, &mut v).unwrap();
    v
}

/// Both lists hold the same moves.
fn same_moves(a: &[Move], b: &[Move]) -> bool {
    a.len() == b.len() && a.iter().all(|m| b.contains(m)) && b.iter().all(|m| a.contains(m))
}

/// Plays a game from the start, one choice per ply, until the choices run
/// out or the game has no legal move. Checks the text round trip after
/// every ply.
fn play(rules: &Arc<Ruleset>, choices: &[Index]) -> Result<Position, TestCaseError> {
    let mut pos = Position::start(rules.clone());
    for choice in choices {
        let moves = legal(&pos);
        if moves.is_empty() {
            break;
        }
        let m = moves[choice.index(moves.len())];
        let before = pos.to_text();
        pos.play_unchecked(&m);
        let text = pos.to_text();
        let back = Position::from_text(rules.clone(), &text)
            .map_err(|e| TestCaseError::fail(format!("own text does not read: {text}\n{e}")))?;
        prop_assert_eq!(back.to_text(), text.clone(), "text round trip");
        // A game that ended by repetition has no moves; read back, it has.
        if pos.outcome().is_none() {
            prop_assert!(
                same_moves(&legal(&pos), &legal(&back)),
                "after {} from {}: the position read back from {} has other moves",
                move_text(&Position::from_text(rules.clone(), &before).expect("read"), &m),
                before,
                text
            );
        }
    }
    Ok(pos)
}

/// The same position seen from the other side, as text: the board rotated
/// by 180° with colours swapped, the other side to move, and the last move
/// and kill history mirrored.
/// `2P,s]` -> `[S,2p]`: each side's items change case and Black's come
/// first, as gunbai writes them.
fn swap_hands(h: &str) -> String {
    let items: Vec<String> = h.trim_end_matches(']').split(',').map(swap_each).collect();
    let (black, white): (Vec<String>, Vec<String>) = items
        .into_iter()
        .partition(|i| i.chars().any(|c| c.is_ascii_uppercase()));
    format!("[{}]", [black, white].concat().join(","))
}

fn swap_each(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}

fn mirrored_text(pos: &Position) -> String {
    let geo = &pos.rules().geometry;
    let text = pos.to_text();
    let fields: Vec<&str> = text.split(' ').collect();
    let swap_case = |t: &str| {
        if t.chars().any(|c| c.is_ascii_uppercase()) {
            t.to_ascii_lowercase()
        } else {
            t.to_ascii_uppercase()
        }
    };
    // Hands (`[2P,s]` after the board) change sides with the colours.
    let (board_only, hands) = match fields[0].split_once('[') {
        Some((b, h)) => (b, swap_hands(h)),
        None => (fields[0], String::new()),
    };
    let board: Vec<String> = board_only
        .split('/')
        .rev()
        .map(|r| r.split(',').rev().map(swap_case).collect::<Vec<_>>().join(","))
        .collect();
    let side = if fields[1] == "b" { "w" } else { "b" };
    // Square names in the last-move field follow `-` and `@`.
    let mirror_square = |s: &str| match geo.parse_square(s) {
        Some(sq) => {
            let (x, y) = geo.xy(sq);
            let m = geo
                .square(geo.width as i32 - 1 - x, geo.height as i32 - 1 - y)
                .expect("on the board");
            geo.square_name(m)
        }
        None => s.to_string(),
    };
    let last = fields.get(2).map_or("-".to_string(), |l| {
        if *l == "-" {
            return "-".to_string();
        }
        let mut out = String::new();
        for (i, part) in l.split('@').enumerate() {
            if i > 0 {
                out.push('@');
            }
            // `MOVER-TOxCODE` or `SQUARExCODE`: mirror the square (letters,
            // then digits: a file may itself be `x` on wide boards).
            let (mover, rest) = part.split_once('-').map_or(("", part), |(m, r)| (m, r));
            let letters = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_lowercase()).len();
            let digits = rest[letters..].len() - rest[letters..].trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let (square, tail) = rest.split_at(letters + digits);
            if part.contains('-') {
                out.push_str(mover);
                out.push('-');
            }
            out.push_str(&mirror_square(square));
            out.push_str(tail);
        }
        out
    });
    let kills = fields.get(3).map(|k| {
        k.split(';')
            .map(|part| match part.split_once(':') {
                Some(("b", codes)) => format!("w:{codes}"),
                Some(("w", codes)) => format!("b:{codes}"),
                _ => part.to_string(),
            })
            .collect::<Vec<_>>()
            .join(";")
    });
    let mut out = format!("{}{hands} {side} {last}", board.join("/"));
    if let Some(k) = kills {
        out.push(' ');
        out.push_str(&k);
    }
    out
}

/// 64 games per property, so that `cargo test` stays fast; set
/// `PROPTEST_CASES` for a deeper run.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

/// Variant name and a game: proptest shrinks both.
fn games() -> impl Strategy<Value = (usize, Vec<Index>)> {
    (0..variants().len(), prop::collection::vec(any::<Index>(), 0..MAX_PLIES))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn position_text_round_trips_and_keeps_the_moves((v, choices) in games()) {
        let (_, rules) = &variants()[v];
        play(rules, &choices)?;
    }

    #[test]
    fn every_legal_move_text_reads_back_as_that_move((v, choices) in games()) {
        let (_, rules) = &variants()[v];
        let pos = play(rules, &choices)?;
        let usi = rules.sfen.is_some();
        for m in legal(&pos) {
            let t = move_text(&pos, &m);
            prop_assert_eq!(parse_move(&pos, &t).ok(), Some(m), "native text {} in {}", t, pos.to_text());
            if usi && let Some(u) = usi_text(&rules.geometry, &m) {
                prop_assert_eq!(parse_move(&pos, &u).ok(), Some(m), "USI text {} in {}", u, pos.to_text());
            }
        }
    }

    #[test]
    fn the_mirrored_position_has_as_many_moves((v, choices) in games()) {
        let (_, rules) = &variants()[v];
        let pos = play(rules, &choices)?;
        // Both read from text, so neither has a game history.
        let text = pos.to_text();
        let here = Position::from_text(rules.clone(), &text).expect("own text reads");
        let mirror = mirrored_text(&pos);
        let there = Position::from_text(rules.clone(), &mirror)
            .map_err(|e| TestCaseError::fail(format!("mirrored text does not read: {mirror}\n{e}")))?;
        prop_assert_eq!(here.outcome().is_some(), there.outcome().is_some(), "{} vs {}", text, mirror);
        prop_assert_eq!(legal(&here).len(), legal(&there).len(), "{} vs {}", text, mirror);
        // Mirroring twice gives the position back.
        prop_assert_eq!(mirrored_text(&there), text);
    }

    #[test]
    fn sfen_round_trips_and_keeps_the_moves((v, choices) in games()) {
        let (_, rules) = &variants()[v];
        let pos = play(rules, &choices)?;
        if let Some(sfen) = pos.to_sfen() {
            let back = Position::from_sfen(rules.clone(), &sfen)
                .map_err(|e| TestCaseError::fail(format!("own SFEN does not read: {sfen}\n{e}")))?;
            prop_assert_eq!(back.to_sfen(), Some(sfen.clone()));
            // SFEN keeps the board, the side and the last capture that
            // rules ask about, so the moves are those of the position
            // read from its text.
            let text = Position::from_text(rules.clone(), &pos.to_text()).expect("own text reads");
            prop_assert!(same_moves(&legal(&back), &legal(&text)), "SFEN {} has other moves", sfen);
        }
    }
}

/// The bundled Chu rules with their defaults.
fn chu() -> Arc<Ruleset> {
    gunbai::unstable::rules::load_variant("chu", &[]).expect("chu compiles")
}

/// Fuzzing found these: bad text must be an error, never a panic.
mod regressions {
    use super::*;

    #[test]
    fn a_usi_rank_letter_that_is_not_ascii_is_an_error() {
        // `1ɞ8h…`: the byte after `1` starts a two-byte character.
        let pos = Position::start(chu());
        assert!(parse_move(&pos, "1\u{25e}8h70he10d").is_err());
    }

    #[test]
    fn a_rank_number_too_large_for_the_board_is_an_error() {
        let pos = Position::start(chu());
        assert!(parse_move(&pos, "a2147483648-a1").is_err());
        assert!(parse_move(&pos, "a4294967296-a1").is_err());
    }

    #[test]
    fn an_sfen_run_of_empty_squares_too_large_is_an_error() {
        let rules = chu();
        let err = Position::from_sfen(rules.clone(), "1k2147483647/12/12/12/12/12/12/12/12/12/12/12 b - 1")
            .expect_err("rank too long");
        assert!(err.to_string().contains("sfen:1:1:"), "{err}");
        assert!(Position::from_sfen(rules, "99999999999/12/12/12/12/12/12/12/12/12/12/12 b - 1").is_err());
    }
}
