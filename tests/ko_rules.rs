//! Ko shogi rule scenarios.
//!
//! Each test builds a small position that isolates one rule of the
//! project's rules reference (`shared/reference/ko-shogi.md`, cited as §
//! and Q) and asserts which moves are legal or what playing one does. The
//! expectations come from the reference text, not from what the
//! interpreter happens to do. Snapshots (`tests/snapshots/ko_rules__*.snap`)
//! list the full legal moves of the key piece for a reviewer to check by
//! hand.
//!
//! Positions are written as piece lists (`"G a1, g s19, LB j10"`: upper
//! case Black, lower case White, `+CODE` a promoted piece under its
//! original code, e.g. `+BN` a roaming assault) and turned into gunbai's
//! native position text by [`board`]. Codes are those of rules/ko.toml
//! (§3.3's, plus the promoted kinds' own). The generals stand on a1
//! (Black) and s19 (White) unless a test needs them elsewhere.
//!
//! Move text (docs/notation.md): landings joined by `-` or `x` (capture),
//! shots `*SQUARE` after the landing they follow, then `+` (promotes), `+&`
//! (promotes, and the clerk's side promotes its advance and rear guards
//! too, §8.7) or `=` (declines).

use gunbai::unstable::board::Colour::{self, Black, White};
use gunbai::unstable::position::{EndReason, Position};
use gunbai::unstable::ruleset::Ruleset;
use std::collections::BTreeSet;

mod common;
use common::*;
use std::sync::Arc;

// ---------------------------------------------------------------------------
// Helpers

fn rules(opts: &[&str]) -> Arc<Ruleset> {
    variant_with("ko", opts)
}

/// A position from a piece list like `"G a1, g s19, +BN j10"` and the side
/// to move (`b`/`w`).
fn position(opts: &[&str], pieces: &str, side: &str) -> Position {
    with_kills(opts, pieces, side, "")
}

/// The same with a kill history (`b:CODE,...;w:CODE,...`: the kinds each
/// side has lost, kept only for the kinds a rule asks about).
fn with_kills(opts: &[&str], pieces: &str, side: &str, killed: &str) -> Position {
    let mut rest = side.to_string();
    if !killed.is_empty() {
        rest.push_str(&format!(" - {killed}"));
    }
    pieces_position(rules(opts), pieces, &rest)
}

/// The squares shot at by the one-shot moves written `{landings}*SQUARE`.
fn single_shots(pos: &Position, landings: &str) -> Vec<String> {
    let prefix = format!("{landings}*");
    let mut v: Vec<String> = all_moves(pos)
        .into_iter()
        .filter_map(|m| m.strip_prefix(&prefix).map(str::to_string))
        .filter(|rest| !rest.contains(['*', '-', 'x', '+', '=']))
        .collect();
    v.sort();
    v
}

/// Does some legal move of the piece on `from` shoot at `target`?
fn shoots_at(pos: &Position, from: &str, target: &str) -> bool {
    let (from, target) = (sq(pos, from), sq(pos, target));
    legal(pos)
        .iter()
        .any(|m| m.from() == from && m.shots().contains(&target))
}

/// Whether `colour` has lost a piece of kind `code` (unpromoted type).
fn was_killed(pos: &Position, colour: Colour, code: &str) -> bool {
    let ty = pos
        .rules()
        .type_by_code(code)
        .unwrap_or_else(|| panic!("no type {code}"));
    pos.was_killed(colour, ty)
}

/// The winner after the last move: `None` = the game goes on,
/// `Some(None)` = a draw.
fn winner(pos: &Position) -> Option<Option<Colour>> {
    pos.outcome().map(|o| o.winner())
}

/// The (dx, dy) of a move's final landing from its origin (board view).
fn offset(m: &str) -> (i32, i32) {
    let body = m.split('*').next().unwrap();
    let squares: Vec<&str> = body
        .split(['-', 'x', '+', '=', '&'])
        .filter(|s| !s.is_empty())
        .collect();
    let xy = |s: &str| (i32::from(s.as_bytes()[0] - b'a'), s[1..].parse::<i32>().unwrap());
    let (a, b) = (xy(squares[0]), xy(squares[squares.len() - 1]));
    (b.0 - a.0, b.1 - a.1)
}

/// Number of landings of a move text (without shots).
fn landings(m: &str) -> usize {
    m.split('*').next().unwrap().matches(['-', 'x']).count()
}

// ---------------------------------------------------------------------------
// The option list: every option of rules/ko.toml is one of §15's and is
// exercised below, each value at least once.

#[test]
fn the_options_are_those_of_the_reference_checklist() {
    let r = rules(&[]);
    let names: Vec<&str> = r.options.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "aura_metric",
            "banner_and_drum_substitutes",
            "cannon_blockers_any_colour",
            "cannon_screens",
            "chief_of_staff_side_range",
            "clerk_chain_per_piece",
            "flame_burns_on_creation",
            "flame_intermediate_landings",
            "monk_shot_range",
            "net_freeze_mode",
            "no_legal_move",
            "priest_shot_range",
            "single_promotion",
            "thunderclap_path",
        ],
        "§15: a new option needs its tests here"
    );
    // Every value of every option compiles.
    for o in [
        "aura_metric=lines",
        "aura_metric=manhattan",
        "banner_and_drum_substitutes=true",
        "cannon_blockers_any_colour=false",
        "cannon_screens=exactly_one",
        "chief_of_staff_side_range=true",
        "clerk_chain_per_piece=true",
        "flame_burns_on_creation=false",
        "flame_intermediate_landings=false",
        "monk_shot_range=1",
        "net_freeze_mode=whole_line",
        "net_freeze_mode=until_friendly",
        "priest_shot_range=1",
        "single_promotion=false",
        "thunderclap_path=2-2-1-perpendicular",
        "no_legal_move=loss",
    ] {
        rules(&[o]);
    }
}

// ---------------------------------------------------------------------------
// §4 General rules of movement and capture

#[test]
fn s4_1_one_piece_moves_and_there_is_no_pass() {
    // §4.1: a turn moves exactly one piece; no pass. A lone general has
    // its 8 steps and nothing else.
    let pos = position(&[], "G j10, g s19", "b");
    let moves = all_moves(&pos);
    assert_eq!(moves.len(), 8, "{moves:?}");
    assert!(moves.iter().all(|m| landings(m) == 1));
}

#[test]
fn s4_2_no_piece_ends_on_a_friendly_piece() {
    let pos = position(&[], "G j10, g s19, P j11, P k11", "b");
    assert_illegal(&pos, "j10-j11", "§4.2 friendly piece");
    assert_illegal(&pos, "j10-k11", "§4.2 friendly piece");
    assert_legal(&pos, "j10-i11", "§4.1 an empty neighbour");
}

#[test]
fn s4_3_displacement_capture() {
    // §4.3: ending a move on an enemy kills it; the kill is recorded.
    let mut pos = position(&[], "G j10, g s19, mt j11", "b");
    play(&mut pos, "j10xj11");
    assert_eq!(code_at(&pos, "j11").as_deref(), Some("G"));
    assert!(was_killed(&pos, White, "MT"), "§10 the middle troop was killed");
}

#[test]
fn s4_3_priests_kill_by_moving_only_priestly_pieces() {
    // §4.3, Q21: Taoist priest j10 jumps to the second point of each line.
    // The White monk (l12), fog (h12) and lamp (h8) may be killed by
    // moving; the White pawn (j12) and general (l8) may not, though they
    // stand on its jump points. Shooting has no such restriction (Q21):
    // from h10 the pawn on j12 is 2 away on a diagonal.
    let pos = position(&[], "G a1, g s19, TP j10, sm l12, +tp h12, +sm h8, p j12, g l8", "b");
    assert_legal(&pos, "j10xl12", "§4.3 a priest may kill a monk by moving");
    assert_legal(&pos, "j10xh12", "§4.3 ... a five-li fog");
    assert_legal(&pos, "j10xh8", "§4.3 ... a holy lamp");
    assert_illegal(&pos, "j10xj12", "§4.3 not a pawn by moving");
    assert_illegal(&pos, "j10xl8", "§4.3 not a general by moving");
    assert_legal(&pos, "j10-h10*j12", "Q21 a priest may shoot any enemy");
    for code in ["SM", "+TP", "+SM"] {
        // The same restriction for the monk, the fog and the lamp.
        let pos = position(&[], &format!("G a1, g s19, {code} j10, p j12, tp l12"), "b");
        assert!(
            !moves_from(&pos, "j10").iter().any(|m| m.starts_with("j10xj12")),
            "{code}: §4.3 no kill of a pawn by moving"
        );
        assert!(
            moves_from(&pos, "j10").iter().any(|m| m.starts_with("j10xl12")),
            "{code}: §4.3 may kill a priest by moving"
        );
    }
}

#[test]
fn s4_3_chariot_types_cannot_kill_a_heavenly_fortress_by_moving() {
    // §4.3: chariot, chariot unit, gun carriage and divine carriage may not
    // land on a heavenly fortress (White +su on j12). Other pieces may (the
    // elephant on h10, diagonally), and chariots may kill a shield unit.
    for code in ["CH", "CU", "+CN", "+FC"] {
        let pos = position(&[], &format!("G a1, g s19, {code} j10, +su j12, EL h10"), "b");
        let m = moves_from(&pos, "j10");
        assert!(
            !m.iter().any(|m| m.starts_with("j10xj12")),
            "{code}: §4.3 may not kill the fortress: {m:?}"
        );
        assert!(
            !m.iter().any(|m| m.starts_with("j10-j13")),
            "{code}: §4.4 the fortress still blocks"
        );
        assert!(m.contains(&"j10-j11".to_string()));
        assert_legal(&pos, "h10xj12", "§4.3 an elephant may kill the fortress");
        let pos = position(&[], &format!("G a1, g s19, {code} j10, su j12"), "b");
        assert!(
            moves_from(&pos, "j10").iter().any(|m| m.starts_with("j10xj12")),
            "{code}: §4.3 a shield unit is not a fortress"
        );
    }
}

#[test]
fn s4_4_slides_stop_at_the_first_piece_and_jumps_leap() {
    // §4.4: the chariot walks 1-5 points and stops at the first piece,
    // which it may kill if it is an enemy; a cavalryman jumps over pieces.
    let pos = position(&[], "G a1, g s19, CH j10, p j13, P h10", "b");
    let m = moves_from(&pos, "j10");
    assert_eq!(
        m,
        [
            "j10-i10", "j10-j11", "j10-j12", "j10-j5", "j10-j6", "j10-j7", "j10-j8", "j10-j9", "j10-k10", "j10-l10",
            "j10-m10", "j10-n10", "j10-o10", "j10xj13"
        ],
        "§6.8 chariot: 1-5 points orthogonally; h10 is Black's, j13 White's"
    );
    let pos = position(
        &[],
        "G a1, g s19, CM j10, P j11, P i10, P k10, P j9, P i11, P k11, P i9, P k9",
        "b",
    );
    assert_eq!(
        moves_from(&pos, "j10").len(),
        8,
        "§4.4 a jump ignores the points between"
    );
}

#[test]
fn s4_6_no_check_even_a_general_may_walk_into_danger() {
    // §4.6: no check rule. The general may step next to the enemy general,
    // and even next to its own poison flame, which kills it (§8.1).
    let pos = position(&[], "G j10, g j12, +EN l10", "b");
    assert_legal(&pos, "j10-j11", "§4.6 next to the enemy general");
    let mut pos = position(&[], "G j10, g s19, +EN l10", "b");
    assert_legal(&pos, "j10-k10", "§4.6 next to its own flame");
    play(&mut pos, "j10-k10");
    assert_eq!(code_at(&pos, "k10"), None, "§8.1 burnt, friendly fire");
    assert!(was_killed(&pos, Black, "G"), "§11 friendly fire counts as a kill");
}

// ---------------------------------------------------------------------------
// §5, §6 Multi-move pieces

#[test]
fn s6_1_thunderclap_exact_2_2_1_path() {
    // §6.1, Q5: exactly five orthogonal steps, 2 + 2 + 1, turning 90°
    // after each pair: 4 x 2 x 2 = 16 paths, one per destination
    // (±1,±2), (±2,±1), (±2,±3), (±3,±2).
    let pos = position(&[], "G a1, g s19, +DR j10", "b");
    let m = moves_from(&pos, "j10");
    assert_eq!(m.len(), 16);
    assert!(m.iter().all(|m| landings(m) == 5), "§6.1 all 5 steps are compulsory");
    let dest: BTreeSet<(i32, i32)> = m.iter().map(|m| offset(m)).collect();
    let mut want = BTreeSet::new();
    for (a, b) in [(1, 2), (2, 1), (2, 3), (3, 2)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            want.insert((a * sx, b * sy));
        }
    }
    assert_eq!(dest, want);
    // The reference's example: (+1,+2) via (+1,0),(+2,0),(+2,+1),(+2,+2).
    assert_legal(&pos, "j10-k10-l10-l11-l12-k12", "§6.1 example path");
    assert_illegal(&pos, "j10-k10", "§6.1 may not stop early");
    assert_illegal(&pos, "j10-k10-l10-l11-l12", "§6.1 may not stop after 4");
    assert_illegal(&pos, "j10-k10-l10-m10-n10-n11", "Q5 turns after every 2 steps");
    assert_illegal(&pos, "j10-k10-l10-k10-j10-j11", "Q5 no 180° turn");
    insta::assert_snapshot!("thunderclap_empty_board_j10", listing(&pos, &m));
}

#[test]
fn s6_1_thunderclap_kills_on_every_landing_and_is_blocked_by_friends() {
    // §6.1: each step lands on an empty point or an enemy (killed): up to
    // five kills. A friendly piece on the path forbids the path.
    let pos = position(&[], "G a1, g s19, +DR j10, p k10, p l10, p l11, p l12, p k12", "b");
    assert_legal(&pos, "j10xk10xl10xl11xl12xk12", "§6.1 five kills in one turn");
    let pos = position(&[], "G a1, g s19, +DR j10, P l10", "b");
    let m = moves_from(&pos, "j10");
    assert_eq!(m.len(), 12, "the 4 paths starting to the right pass l10: {m:?}");
    // Cornered with no complete path: it cannot move at all.
    let pos = position(&[], "G s1, g s19, +DR a1, P a2, P b1", "b");
    assert!(moves_from(&pos, "a1").is_empty());
    let pos = position(&[], "G s1, g s19, +DR a1, P c1", "b");
    // Only F first: a1-a2-a3, then right b3-c3, then F or B: c4 or c2.
    assert_eq!(moves_from(&pos, "a1"), ["a1-a2-a3-b3-c3-c2", "a1-a2-a3-b3-c3-c4"]);
}

#[test]
fn s6_1_roaming_assault_up_to_five_kills_in_one_direction() {
    // §6.1: 1-5 steps along one orthogonal direction, stopping at will,
    // killing every enemy landed on; it never turns.
    let pos = position(&[], "G a1, g s19, +BN j10", "b");
    assert_eq!(moves_from(&pos, "j10").len(), 20, "4 directions x 1-5 steps");
    assert_illegal(&pos, "j10-j11-k11", "§6.1 same direction");
    assert_illegal(&pos, "j10-j11-j12-j13-j14-j15-j16", "at most 5 steps");
    let pos = position(
        &[],
        "G a1, g s19, +BN j10, p j11, p j12, p j13, p j14, p j15, p j16",
        "b",
    );
    assert_legal(&pos, "j10xj11xj12xj13xj14xj15", "§6.1 five kills in a line");
    assert_legal(&pos, "j10xj11xj12", "§6.1 it may stop whenever it likes");
    let pos = position(&[], "G a1, g s19, +BN j10, p j11, P j13", "b");
    let up: Vec<String> = moves_from(&pos, "j10")
        .into_iter()
        .filter(|m| m.starts_with("j10xj11") || m.starts_with("j10-j11"))
        .collect();
    assert_eq!(up, ["j10xj11", "j10xj11-j12"], "§6.1 no friendly piece on the way");
    let pos = position(
        &[],
        "G a1, g s19, +BN j10, p j11, p j12, p j13, p j14, p j15, p j16",
        "b",
    );
    insta::assert_snapshot!(
        "roaming_assault_line_of_enemies",
        listing(&pos, &moves_from(&pos, "j10"))
    );
}

#[test]
fn s6_8_cavalry_second_jump_keeps_the_long_leg_or_returns_home() {
    // §6.8: a knight jump, then optionally a second one with the same
    // long leg (same axis, same sign) or straight back to the origin.
    // On an empty board: 8 + 8 x 2 + 8 = 32 paths.
    let pos = position(&[], "G a1, g s19, CV j8", "b");
    let m = moves_from(&pos, "j8");
    assert_eq!(m.len(), 32, "{m:?}");
    assert_legal(&pos, "j8-k10-l12", "(1,2) then (1,2)");
    assert_legal(&pos, "j8-k10-j12", "(1,2) then (-1,2): same long leg");
    assert_legal(&pos, "j8-k10-j8", "back to the origin");
    assert_illegal(&pos, "j8-k10-m11", "(1,2) then (2,1): another long leg");
    assert_illegal(&pos, "j8-k10-l8", "(1,2) then (1,-2): the long leg reversed");
    assert_legal(&pos, "j8-l9-n10", "(2,1) then (2,1)");
    assert_legal(&pos, "j8-l9-n8", "(2,1) then (2,-1)");
    assert_illegal(&pos, "j8-l9-m11", "(2,1) then (1,2)");
    let two: BTreeSet<(i32, i32)> = m.iter().filter(|m| landings(m) == 2).map(|m| offset(m)).collect();
    let mut want = BTreeSet::from([(0, 0)]);
    for (a, b) in [(2, 4), (4, 2), (0, 4), (4, 0)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            want.insert((a * sx, b * sy));
        }
    }
    assert_eq!(two, want, "§6.8 the diagram's ② points, and home");
    let pos = position(&[], "G a1, g s19, CV j8, p k10", "b");
    assert_legal(&pos, "j8xk10-j8", "§6.8 igui");
    assert_legal(&pos, "j8xk10-l12", "kills on the first landing and goes on");
    insta::assert_snapshot!("cavalry_j8_enemy_on_k10", listing(&pos, &moves_from(&pos, "j8")));
}

#[test]
fn s6_8_winged_horse_two_free_knight_jumps() {
    // §6.8: up to two knight jumps, completely free: 8 + 8 x 8 = 72.
    let pos = position(&[], "G a1, g s19, +CV j8", "b");
    let m = moves_from(&pos, "j8");
    assert_eq!(m.len(), 72);
    assert_legal(&pos, "j8-k10-m11", "free second jump");
    assert_legal(&pos, "j8-k10-l8", "free second jump");
    assert_legal(&pos, "j8-k10-j8", "Q17 back to the start: a pass");
    let pos = position(&[], "G a1, g s19, +CV j8, p k10, p m11", "b");
    assert_legal(&pos, "j8xk10xm11", "kills on both landings");
}

#[test]
fn q17_double_movers_may_return_to_the_start_only_through_an_empty_point() {
    // Q17: banner and drums (+SO), master at arms (+CK), five-li fog (+TP)
    // and holy lamp (+SM) make up to two moves; returning to the start is
    // a pass if the intermediate point was empty, igui if it held an enemy
    // (killed), and impossible through a friendly piece.
    for (code, mid, via) in [
        ("+SO", "j9", "l10"),
        ("+CK", "k9", "j10"),
        ("+TP", "j10", "l10"),
        ("+SM", "j10", "l10"),
    ] {
        let pos = position(&[], &format!("G a1, g s19, {code} j8"), "b");
        let m = moves_from(&pos, "j8");
        assert_eq!(m.len(), 72, "{code}: 8 first moves, 8 second moves after each");
        assert_legal(&pos, &format!("j8-{mid}-j8"), "Q17 pass through an empty point");
        let pos = position(&[], &format!("G a1, g s19, {code} j8, P {mid}, tp {via}"), "b");
        assert!(
            !moves_from(&pos, "j8")
                .iter()
                .any(|m| m.starts_with(&format!("j8-{mid}"))),
            "{code}: no move through a friendly piece"
        );
        assert_legal(
            &pos,
            &format!("j8x{via}-j8"),
            "igui (the White priest may be killed by all four)",
        );
    }
    let pos = position(&[], "G a1, g s19, +SO j8", "b");
    insta::assert_snapshot!(
        "banner_and_drums_empty_board_j8",
        listing(&pos, &moves_from(&pos, "j8"))
    );
}

#[test]
fn s5_1_wrestler_is_a_lion() {
    // §5.1: 8 steps, 16 jumps, 8 x 8 second steps (igui / jitto included).
    let pos = position(&[], "G a1, g s19, WR j8", "b");
    assert_eq!(moves_from(&pos, "j8").len(), 88);
    assert_legal(&pos, "j8-j9-j8", "§5.1 jitto");
    let pos = position(&[], "G a1, g s19, WR j8, p j9, p j10", "b");
    assert_legal(&pos, "j8xj9-j8", "§5.1 igui");
    assert_legal(&pos, "j8xj9xj10", "§5.1 two kills");
    assert_legal(&pos, "j8xj10", "§5.1 jump");
}

#[test]
fn s6_3_winged_tiger_and_war_hawk_double_steps() {
    // §6.3: the winged tiger adds a second diagonal step after a diagonal
    // step; the war hawk a second orthogonal step after an orthogonal one.
    let pos = position(&[], "G a1, g s19, +QM j8, p k9", "b");
    assert_legal(&pos, "j8xk9-l10", "winged tiger: diagonal, diagonal");
    assert_legal(&pos, "j8xk9-j8", "winged tiger: igui");
    assert_legal(&pos, "j8xk9-j10", "winged tiger: to (0,2)");
    assert_illegal(&pos, "j8xk9-k10", "winged tiger: no orthogonal second step");
    let pos = position(&[], "G a1, g s19, +CE j8, p j9", "b");
    assert_legal(&pos, "j8xj9-j10", "war hawk: orthogonal, orthogonal");
    assert_legal(&pos, "j8xj9-k9", "war hawk: to (1,1)");
    assert_legal(&pos, "j8xj9-j8", "war hawk: igui");
    assert_illegal(&pos, "j8xj9-k10", "war hawk: no diagonal second step");
}

#[test]
fn option_chief_of_staff_side_range() {
    // Q7, §6.3: six steps by default; the original's unlimited sideways
    // walk with chief_of_staff_side_range=true.
    let pos = position(&[], "G a1, g s19, CS j8", "b");
    assert_eq!(
        moves_from(&pos, "j8"),
        ["j8-i7", "j8-i9", "j8-j7", "j8-j9", "j8-k7", "j8-k9"]
    );
    let pos = position(&["chief_of_staff_side_range=true"], "G a1, g s19, CS j8", "b");
    let m = moves_from(&pos, "j8");
    assert_eq!(m.len(), 6 + 18, "plus the whole of rank 8: {m:?}");
    assert_legal(&pos, "j8-a8", "Q7 sideways any distance");
    assert_legal(&pos, "j8-s8", "Q7 sideways any distance");
}

#[test]
fn option_thunderclap_path_has_one_value() {
    // Q5: the only value, 2-2-1-perpendicular, is the default (tested above).
    let pos = position(&["thunderclap_path=2-2-1-perpendicular"], "G a1, g s19, +DR j10", "b");
    assert_eq!(moves_from(&pos, "j10").len(), 16);
}

// ---------------------------------------------------------------------------
// §7 Shooting

#[test]
fn s7_2_a_shooter_shoots_after_moving_along_a_clear_line() {
    // §7.2.1, §7.3: the longbow (range 3) steps, then may shoot the first
    // piece on one of its eight lines, if it is an enemy within range.
    let pos = position(&[], "G a1, g s19, LB j10, p k13", "b");
    assert_eq!(
        moves_from(&pos, "j10"),
        ["j10-i11", "j10-i11*k13", "j10-i9", "j10-k11", "j10-k11*k13", "j10-k9"],
        "from k11 (file) and i11 (diagonal) k13 is 2 away"
    );
    // A friendly piece stops the line (and is never a target, §7.5).
    let pos = position(&[], "G a1, g s19, LB j10, p k13, P k12", "b");
    assert_eq!(single_shots(&pos, "j10-k11"), Vec::<String>::new());
    assert_eq!(single_shots(&pos, "j10-i11"), ["k13"]);
    // Range 3: k15 is 4 from k11.
    let pos = position(&[], "G a1, g s19, LB j10, p k15", "b");
    assert!(!moves_from(&pos, "j10").iter().any(|m| m.contains('*')));
    // §7.2.3: a shooter that killed by moving may still shoot.
    let pos = position(&[], "G a1, g s19, LB j10, p k11, p k14", "b");
    assert_legal(&pos, "j10xk11*k14", "§7.2.3 capture, then shoot");
    // §7.2.1: no move, no shot: a hemmed-in longbow cannot shoot j12.
    let pos = position(&[], "G a1, g s19, LB j10, P i11, P k11, P i9, P k9, p j12", "b");
    assert!(moves_from(&pos, "j10").is_empty());
    // §7.2.2: the target is removed and counts as killed; the shooter stays.
    let mut pos = position(&[], "G a1, g s19, LB j10, dr k13", "b");
    play(&mut pos, "j10-k11*k13=");
    assert_eq!(code_at(&pos, "k13"), None);
    assert_eq!(code_at(&pos, "k11").as_deref(), Some("LB"));
    assert!(was_killed(&pos, White, "DR"), "§7.2.2 a shot kills");
}

#[test]
fn s7_4_an_immune_piece_still_blocks_the_line() {
    // §7.4 notes: the White chariot k12 is immune to the longbow and stops
    // its shot up the k-file; k13 stays reachable along i11's diagonal.
    let pos = position(&[], "G a1, g s19, LB j10, ch k12, p k13", "b");
    assert_eq!(single_shots(&pos, "j10-k11"), Vec::<String>::new());
    assert_eq!(single_shots(&pos, "j10-i11"), ["k13"]);
}

#[test]
fn s7_4_target_matrix() {
    // §7.4: which shooter may shoot which target, and "a shooter keeps its
    // restrictions after promotion" (the promoted rows), "defence depends
    // on the target's current kind" (+cu millenary, +sh shield unit).
    // Black shooter on j10, White target on j12; a Black pawn on j8 keeps
    // the divine carriage from walking 7 points away from a fog target.
    let shooters = [
        ("LB", "longbow"),
        ("+LB", "longbow cavalry"),
        ("CB", "crossbow"),
        ("+CB", "crossbow cavalry"),
        ("CN", "cannon"),
        ("+CN", "gun carriage"),
        ("FC", "Frankish cannon"),
        ("+FC", "divine carriage"),
        ("TP", "Taoist priest"),
        ("+TP", "five-li fog"),
        ("SM", "spiritual monk"),
        ("+SM", "holy lamp"),
    ];
    let targets = [
        "g", "p", "ch", "cu", "+cn", "+fc", "sh", "su", "+su", "+tp", "+cu", "+sh",
    ];
    // Columns as `targets`: Y may shoot, . may not.
    let bow = "YY........Y.";
    let gun = "YYYYYYY...Y.";
    let priest = "YYYYYYYYYYYY";
    let want: Vec<(&str, &str)> = shooters
        .iter()
        .map(|(code, _)| {
            let row = match *code {
                "LB" | "+LB" | "CB" | "+CB" => bow,
                "CN" | "+CN" | "FC" | "+FC" => gun,
                _ => priest,
            };
            (*code, row)
        })
        .collect();
    let mut table = format!("{:<5} {}\n", "", targets.map(|t| format!("{t:>4}")).join(""));
    let mut bad = Vec::new();
    for (code, row) in &want {
        let mut line = format!("{code:<5} ");
        for (i, t) in targets.iter().enumerate() {
            let pos = position(&[], &format!("G a1, {code} j10, {t} j12, P j8"), "b");
            let got = shoots_at(&pos, "j10", "j12");
            line.push_str(&format!("{:>4}", if got { "Y" } else { "." }));
            let expected = row.as_bytes()[i] == b'Y';
            if got != expected {
                bad.push(format!("{code} -> {t}: got {got}, §7.4 says {expected}"));
            }
        }
        table.push_str(line.trim_end());
        table.push('\n');
    }
    assert!(bad.is_empty(), "{}\n{table}", bad.join("\n"));
    insta::assert_snapshot!("shooting_target_matrix", table);
}

#[test]
fn s7_3_cannon_fires_over_pieces_but_not_over_shield_units_fortresses_fogs() {
    // §7.3, Q3 (cannon_screens=any): from k11 the cannon may hit any of the
    // White pawns k12, k13, k14 (range 5), hopping optional.
    let pos = position(&[], "G a1, g s19, CN j10, p k12, p k13, p k14", "b");
    assert_eq!(single_shots(&pos, "j10-k11"), ["k12", "k13", "k14"]);
    // Over pieces of either colour.
    let pos = position(&[], "G a1, g s19, CN j10, P k12, p k13", "b");
    assert_eq!(single_shots(&pos, "j10-k11"), ["k13"]);
    // Not over a shield unit, heavenly fortress or five-li fog of either
    // colour (option cannon_blockers_any_colour=true, the default). A White
    // fog would silence the cannon altogether (§8.2): only Black's is tried.
    for screen in ["su", "SU", "+su", "+SU", "+TP"] {
        let pos = position(&[], &format!("G a1, g s19, CN j10, {screen} k12, p k13"), "b");
        assert_eq!(
            single_shots(&pos, "j10-k11"),
            Vec::<String>::new(),
            "{screen} screens the cannon"
        );
    }
    // The gun carriage shoots the same way (from k10 after its walk).
    let pos = position(&[], "G a1, g s19, +CN j10, P k12, p k13, su k14, p k15", "b");
    assert_eq!(single_shots(&pos, "j10-k10"), ["k13"]);
    let pos = position(&[], "G a1, g s19, CN j10, p k12, p k13, p k14", "b");
    insta::assert_snapshot!("cannon_any_screens", listing(&pos, &moves_from(&pos, "j10")));
}

#[test]
fn option_cannon_screens_exactly_one() {
    // Q3 (b): exactly one piece between cannon and target, as in xiangqi.
    let opts = ["cannon_screens=exactly_one"];
    let pos = position(&opts, "G a1, g s19, CN j10, p k12, p k13, p k14", "b");
    assert_eq!(single_shots(&pos, "j10-k11"), ["k13"]);
    let pos = position(&opts, "G a1, g s19, CN j10, P k12, p k13", "b");
    assert_eq!(single_shots(&pos, "j10-k11"), ["k13"], "a screen of either colour");
    let pos = position(&opts, "G a1, g s19, CN j10, p k13", "b");
    assert_eq!(
        single_shots(&pos, "j10-k11"),
        Vec::<String>::new(),
        "no screen, no shot"
    );
    let pos = position(&opts, "G a1, g s19, CN j10, SU k12, p k13", "b");
    assert_eq!(
        single_shots(&pos, "j10-k11"),
        Vec::<String>::new(),
        "a shield unit is no screen"
    );
    let pos = position(&opts, "G a1, g s19, CN j10, p k12, p k13, p k14", "b");
    insta::assert_snapshot!("cannon_exactly_one_screen", listing(&pos, &moves_from(&pos, "j10")));
}

#[test]
fn option_cannon_blockers_any_colour_false() {
    // Q3, §15: with cannon_blockers_any_colour=false only enemy shield
    // units, fortresses and fogs stop cannon shots: the cannon fires over
    // Black's own shield unit, fortress and fog.
    let opts = ["cannon_blockers_any_colour=false"];
    for screen in ["SU", "+SU", "+TP"] {
        let pos = position(&opts, &format!("G a1, g s19, CN j10, {screen} k12, p k13"), "b");
        assert_eq!(single_shots(&pos, "j10-k11"), ["k13"], "{screen}: own piece, no screen");
    }
    for screen in ["su", "+su"] {
        let pos = position(&opts, &format!("G a1, g s19, CN j10, {screen} k12, p k13"), "b");
        assert_eq!(
            single_shots(&pos, "j10-k11"),
            Vec::<String>::new(),
            "{screen}: enemy, screens"
        );
    }
    // They are still never targets (§7.4), and the gun carriage follows
    // the same option.
    let pos = position(&opts, "G a1, g s19, +CN j10, +SU k12, p k13, su k14, p k15", "b");
    assert_eq!(single_shots(&pos, "j10-k10"), ["k13"]);
}

#[test]
fn s7_2_frankish_cannon_fires_two_shots_the_second_on_the_board_the_first_left() {
    // §7.1, §7.2.4: two shots from the same point, range 7, clear line; the
    // second may hit the piece behind the first victim.
    let pos = position(&[], "G a1, g s19, FC j10, p k13, p k14, p m11", "b");
    assert_eq!(single_shots(&pos, "j10-k11"), ["k13", "m11"]);
    assert_legal(
        &pos,
        "j10-k11*k13*k14",
        "§7.2.4 the second shot sees past the first victim",
    );
    assert_legal(&pos, "j10-k11*k13*m11", "two shots on two lines");
    assert_legal(&pos, "j10-k11*m11*k13", "in either order");
    assert_illegal(&pos, "j10-k11*k14", "k13 stands in the way");
    assert_illegal(&pos, "j10-k11*k13*k14*m11", "at most two shots");
    insta::assert_snapshot!("frankish_cannon_two_shots", listing(&pos, &moves_from(&pos, "j10")));
    // The divine carriage shoots as the Frankish cannon (§6.7).
    let pos = position(&[], "G a1, g s19, +FC j10, p j13, p j14", "b");
    assert_legal(&pos, "j10-j11*j13*j14", "divine carriage: two shots");
}

#[test]
fn s7_2_fog_and_lamp_shoot_after_each_of_their_moves() {
    // §7.2.5, Q4: a shot after the first jump and one after the second.
    for code in ["+TP", "+SM"] {
        let pos = position(&[], &format!("G a1, g s19, {code} j6, p j9, p l11"), "b");
        assert_legal(&pos, "j6-j8*j9-l10*l11", "a shot after each move");
        assert_legal(&pos, "j6-j8*j9-l10", "after the first only");
        assert_legal(&pos, "j6-j8-l10*l11", "after the second only");
        assert_legal(&pos, "j6-j8*j9", "a shot, then stop");
        assert!(
            !moves_from(&pos, "j6").iter().any(|m| m.matches('*').count() > 2),
            "{code}: one shot per move"
        );
    }
    let pos = position(&[], "G a1, g s19, +TP j6, p j9, p l11", "b");
    insta::assert_snapshot!("fog_shoots_after_each_move", listing(&pos, &moves_from(&pos, "j6")));
}

#[test]
fn option_priest_shot_range() {
    // Q6: Taoist priest and five-li fog shoot 2 points (default) or 1. The
    // pawn j12 is 2 from the landings h10, j10 and l10.
    let pos = position(&[], "G a1, g s19, TP j8, p j12", "b");
    assert_eq!(
        moves_from(&pos, "j8")
            .iter()
            .filter(|m| m.contains('*'))
            .collect::<Vec<_>>(),
        ["j8-h10*j12", "j8-j10*j12", "j8-l10*j12"]
    );
    let pos = position(&["priest_shot_range=1"], "G a1, g s19, TP j8, p j12", "b");
    assert!(!moves_from(&pos, "j8").iter().any(|m| m.contains('*')));
    let pos = position(&["priest_shot_range=1"], "G a1, g s19, TP j8, p j11", "b");
    assert_legal(&pos, "j8-j10*j11", "range 1");
    // The fog: from j8 (after j6) the pawn j10 is 2 away.
    let pos = position(&[], "G a1, g s19, +TP j4, p j10", "b");
    assert_legal(&pos, "j4-j6-j8*j10", "the fog shoots as the priest");
    let pos = position(&["priest_shot_range=1"], "G a1, g s19, +TP j4, p j10", "b");
    assert_illegal(&pos, "j4-j6-j8*j10", "the fog shoots as the priest");
}

#[test]
fn option_monk_shot_range() {
    // Q6: spiritual monk and holy lamp shoot 5 points (default) or 1. From
    // j10 the pawn j15 is 5 away (no other landing of j8 sees it).
    let pos = position(&[], "G a1, g s19, SM j8, p j15", "b");
    assert_eq!(
        moves_from(&pos, "j8")
            .iter()
            .filter(|m| m.contains('*'))
            .collect::<Vec<_>>(),
        ["j8-j10*j15"]
    );
    let pos = position(&["monk_shot_range=1"], "G a1, g s19, SM j8, p j15", "b");
    assert!(!moves_from(&pos, "j8").iter().any(|m| m.contains('*')));
    let pos = position(&["monk_shot_range=1"], "G a1, g s19, SM j8, p j11", "b");
    assert_legal(&pos, "j8-j10*j11", "range 1");
    let pos = position(&[], "G a1, g s19, +SM j4, p j13", "b");
    assert_legal(&pos, "j4-j6-j8*j13", "the lamp shoots as the monk");
    let pos = position(&["monk_shot_range=1"], "G a1, g s19, +SM j4, p j13", "b");
    assert_illegal(&pos, "j4-j6-j8*j13", "the lamp shoots as the monk");
}

// ---------------------------------------------------------------------------
// §8.2 Five-li fog: bows and guns within 5 points cannot shoot

#[test]
fn s8_2_fog_silences_enemy_bows_and_guns_within_5_points() {
    // §8.2, Q11 (aura_metric=chebyshev): the White fog n14 is within 5 of
    // both landings k11 (3,3) and i11 (5,3): the longbow cannot shoot k13.
    // The fog itself is immune to the bow (§7.4) though on k11's diagonal.
    let pos = position(&[], "G a1, g s19, LB j10, p k13, +tp n14", "b");
    assert!(!moves_from(&pos, "j10").iter().any(|m| m.contains('*')), "§8.2");
    // A Black fog does not silence Black shooters (Q20: enemy only).
    let pos = position(&[], "G a1, g s19, LB j10, p k13, +TP n14", "b");
    assert_eq!(single_shots(&pos, "j10-k11"), ["k13"]);
    assert_eq!(single_shots(&pos, "j10-i11"), ["k13"]);
    // Each gun-type shooter is silenced the same way.
    for code in ["+LB", "CB", "+CB", "CN", "+CN", "FC", "+FC"] {
        // (The Black pawn j8 keeps the divine carriage from walking to j5,
        // 7 from the fog.)
        let pos = position(&[], &format!("G a1, g s19, {code} j10, p j12, +tp m12, P j8"), "b");
        assert!(
            !moves_from(&pos, "j10").iter().any(|m| m.contains('*')),
            "{code}: §8.2 silenced"
        );
    }
    // Priest-type shooters are not affected.
    for code in ["TP", "+TP", "SM", "+SM"] {
        let pos = position(&[], &format!("G a1, g s19, {code} j8, p j12, +tp l12"), "b");
        assert!(shoots_at(&pos, "j8", "j12"), "{code}: §8.2 not affected");
    }
}

#[test]
fn s8_2_fog_suppression_is_judged_at_the_moment_of_the_shot() {
    // §7.5: the longbow kills the fog k11 by moving onto it; from there it
    // may shoot (the fog is gone). From i11 the fog would still be near.
    let pos = position(&[], "G a1, g s19, LB j10, +tp k11, p k14, p i13", "b");
    assert_legal(&pos, "j10xk11*k14", "§7.5 the fog is dead when the shot is fired");
    assert_legal(&pos, "j10xk11*i13", "§7.5");
    assert_illegal(&pos, "j10-i11*i13", "§8.2 i11 is next to the fog");
}

#[test]
fn option_aura_metric_for_fog_suppression() {
    // Q11: the White fog n14 is (3,3) from k11 and (5,3) from i11.
    // chebyshev: both within 5; lines: only k11 (a diagonal); manhattan:
    // neither (6 and 8).
    for (metric, want) in [
        ("chebyshev", vec![]),
        ("lines", vec!["j10-i11*k13"]),
        ("manhattan", vec!["j10-i11*k13", "j10-k11*k13"]),
    ] {
        let pos = position(
            &[&format!("aura_metric={metric}")],
            "G a1, g s19, LB j10, p k13, +tp n14",
            "b",
        );
        let shots: Vec<String> = moves_from(&pos, "j10")
            .into_iter()
            .filter(|m| m.contains('*'))
            .collect();
        assert_eq!(shots, want, "aura_metric={metric}");
    }
    // The fog o14 is (4,3) from k11, off the eight lines: only chebyshev
    // silences the longbow there.
    for (metric, want) in [
        ("chebyshev", vec!["j10-i11*k13"]),
        ("lines", vec!["j10-i11*k13", "j10-k11*k13"]),
        ("manhattan", vec!["j10-i11*k13", "j10-k11*k13"]),
    ] {
        let pos = position(
            &[&format!("aura_metric={metric}")],
            "G a1, g s19, LB j10, p k13, +tp o14",
            "b",
        );
        let shots: Vec<String> = moves_from(&pos, "j10")
            .into_iter()
            .filter(|m| m.contains('*'))
            .collect();
        assert_eq!(shots, want, "aura_metric={metric}, fog o14");
    }
}

#[test]
fn s7_4_frankish_cannon_may_shoot_a_fog_6_or_7_points_away() {
    // §7.4, §8.2: from i11 the fog i17 is 6 away, i18 is 7: the Frankish
    // cannon is not silenced and may shoot it.
    let pos = position(&[], "G a1, g s19, FC j10, +tp i17", "b");
    assert_legal(&pos, "j10-i11*i17", "§7.4 a fog 6 points away");
    let pos = position(&[], "G a1, g s19, FC j10, +tp i18", "b");
    assert_legal(&pos, "j10-i11*i18", "§7.4 a fog 7 points away");
    // i16 is 5 from i11: silenced there; from i9 it is 7 away again.
    let pos = position(&[], "G a1, g s19, FC j10, +tp i16", "b");
    assert_eq!(single_shots(&pos, "j10-i11"), Vec::<String>::new(), "5 away: silenced");
    assert_legal(&pos, "j10-i9*i16", "§7.4 7 points away");
    // §8.2 "provided no other enemy fog suppresses them": e13 is 4 from i11.
    let pos = position(&[], "G a1, g s19, FC j10, +tp i17, +tp e13", "b");
    assert_illegal(&pos, "j10-i11*i17", "§8.2 another fog within 5");
    // The divine carriage: from i10 the fog i17 is 7 away.
    let pos = position(&[], "G a1, g s19, +FC j10, +tp i17", "b");
    assert_legal(&pos, "j10-i10*i17", "§7.4 divine carriage, 7 points");
    // The cannon's range is 5: it never reaches a fog from outside its aura.
    let pos = position(&[], "G a1, g s19, CN j10, +tp i17", "b");
    assert!(!moves_from(&pos, "j10").iter().any(|m| m.contains('*')));
    // Whatever the aura metric, a fog within 5 points on a line stays out
    // of bounds for guns (§7.4 "no within 5"): with manhattan the fog n14
    // does not silence the Frankish cannon on k11, which may shoot k13 but
    // not the fog, 3 points away on its diagonal.
    let pos = position(&["aura_metric=manhattan"], "G a1, g s19, FC j10, p k13, +tp n14", "b");
    assert_legal(&pos, "j10-k11*k13", "not silenced (Manhattan 6)");
    assert_illegal(&pos, "j10-k11*n14", "§7.4 a fog within 5 is never a gun's target");
}

// ---------------------------------------------------------------------------
// §8.1 Poison flame

#[test]
fn s8_1_a_piece_that_lands_next_to_a_flame_dies_and_its_capture_stands() {
    // §8.1 case 1: the Black chariot kills the White pawn l10, next to the
    // White flame m10, and dies there.
    let mut pos = position(&[], "G a1, g s19, CH j10, p l10, +en m10", "b");
    play(&mut pos, "j10xl10");
    assert_eq!(
        code_at(&pos, "l10"),
        None,
        "the pawn was killed, then the chariot burnt"
    );
    assert_eq!(
        code_at(&pos, "m10").as_deref(),
        Some("+en"),
        "burning costs the flame nothing"
    );
    // Points passed by a slide do not count (§8.1, Q12): j11 to o11 passes
    // l11, m11, n11 (all next to m10) and survives on o11.
    let mut pos = position(&[], "G a1, g s19, CH j11, +en m10", "b");
    play(&mut pos, "j11-o11");
    assert_eq!(code_at(&pos, "o11").as_deref(), Some("CH"));
    // The general, the priests: everyone burns (§8.1 "even ... the general").
    for (code, from) in [("G", "j10"), ("TP", "j9"), ("SM", "j9"), ("+SM", "j9")] {
        let mut pos = position(&[], &format!("g s19, {code} {from}, +en j12"), "b");
        play(&mut pos, &format!("{from}-j11"));
        assert_eq!(code_at(&pos, "j11"), None, "{code} burnt");
    }
}

#[test]
fn s8_1_a_moving_flame_burns_every_neighbour_of_either_colour() {
    // §8.1 case 2: the Black flame steps j10-j11; the White pawn i12 and the
    // Black pawn k12 (both next to j11) die; j13 (2 away) survives.
    let mut pos = position(&[], "G a1, g s19, +EN j10, p i12, P k12, p j13", "b");
    play(&mut pos, "j10-j11");
    assert_eq!(code_at(&pos, "i12"), None);
    assert_eq!(code_at(&pos, "k12"), None, "friendly fire (§8.1 either colour)");
    assert_eq!(code_at(&pos, "j13").as_deref(), Some("p"));
    assert_eq!(code_at(&pos, "j11").as_deref(), Some("+EN"));
}

#[test]
fn s8_1_flame_meets_flame_only_the_moving_one_dies() {
    // §8.1 case 3, Q12(c): the Black flame arrives on j11 next to the White
    // flame k12; it first burns the White pawn i12, then dies; k12 stays.
    let mut pos = position(&[], "G a1, g s19, +EN j10, +en k12, p i12", "b");
    play(&mut pos, "j10-j11");
    assert_eq!(code_at(&pos, "i12"), None, "Q12(c) burns the others first");
    assert_eq!(code_at(&pos, "j11"), None, "§8.1 the moving flame dies");
    assert_eq!(
        code_at(&pos, "k12").as_deref(),
        Some("+en"),
        "§8.1 the standing flame survives"
    );
}

#[test]
fn option_flame_burns_on_creation() {
    // §8.1 case 4, Q12(b): the engineer enters the camp on j14 and
    // promotes; the pieces next to j14 burn at once (default) or not.
    let pieces = "G a1, g s19, EN j13, p k15, P i14";
    let mut pos = position(&[], pieces, "b");
    play(&mut pos, "j13-j14+");
    assert_eq!(code_at(&pos, "j14").as_deref(), Some("+EN"));
    assert_eq!(code_at(&pos, "k15"), None, "Q12(b) burnt on creation");
    assert_eq!(code_at(&pos, "i14"), None, "Q12(b) friendly fire");
    let mut pos = position(&["flame_burns_on_creation=false"], pieces, "b");
    play(&mut pos, "j13-j14+");
    assert_eq!(code_at(&pos, "k15").as_deref(), Some("p"), "not burnt on creation");
    assert_eq!(code_at(&pos, "i14").as_deref(), Some("P"));
    // ... but what comes next to it later does burn.
    play(&mut pos, "k15-k14");
    assert_eq!(code_at(&pos, "k14"), None);
    // Declining keeps an engineer, which burns nothing.
    let mut pos = position(&[], pieces, "b");
    play(&mut pos, "j13-j14=");
    assert_eq!(code_at(&pos, "k15").as_deref(), Some("p"));
}

#[test]
fn option_flame_intermediate_landings() {
    // Q12(a): the roaming assault walks up the j-file past the White flame
    // k13. j12, j13 and j14 are next to it.
    let pieces = "G a1, g s19, +BN j10, +en k13";
    let up = |pos: &Position| -> Vec<String> {
        moves_from(pos, "j10")
            .into_iter()
            .filter(|m| m.starts_with("j10-j11"))
            .collect()
    };
    // Default: an intermediate landing next to the flame kills the piece
    // and ends its turn: it cannot go past j12.
    let pos = position(&[], pieces, "b");
    assert_eq!(up(&pos), ["j10-j11", "j10-j11-j12"]);
    let mut burnt = pos.clone();
    play(&mut burnt, "j10-j11-j12");
    assert_eq!(code_at(&burnt, "j12"), None, "burnt on j12");
    // Off: only the final landing counts.
    let pos = position(&["flame_intermediate_landings=false"], pieces, "b");
    assert_eq!(
        up(&pos),
        [
            "j10-j11",
            "j10-j11-j12",
            "j10-j11-j12-j13",
            "j10-j11-j12-j13-j14",
            "j10-j11-j12-j13-j14-j15"
        ]
    );
    let mut through = pos.clone();
    play(&mut through, "j10-j11-j12-j13-j14-j15");
    assert_eq!(
        code_at(&through, "j15").as_deref(),
        Some("+BN"),
        "passed the flame alive"
    );
    let mut stop = pos.clone();
    play(&mut stop, "j10-j11-j12-j13");
    assert_eq!(code_at(&stop, "j13"), None, "the final landing still burns");
}

#[test]
fn s8_1_a_flame_can_be_killed_by_moving_onto_it_or_by_shooting() {
    // §8.1 last bullet. The chariot lands on the flame (killing it) and is
    // not burnt; the longbow shoots it from 2 points away.
    let mut pos = position(&[], "G a1, g s19, CH j10, +en j13", "b");
    play(&mut pos, "j10xj13");
    assert_eq!(code_at(&pos, "j13").as_deref(), Some("CH"));
    let pos = position(&[], "G a1, g s19, LB j10, +en k13", "b");
    assert_legal(&pos, "j10-k11*k13", "§8.1 shoot the flame");
    assert_legal(&pos, "j10-i11*k13", "§8.1 shoot the flame");
    // §12: a shooter that lands next to a flame dies before it can shoot.
    let pos = position(&[], "G a1, g s19, LB j10, +en l12, p k14", "b");
    assert_legal(&pos, "j10-k11", "it may still go there, and die");
    assert_illegal(&pos, "j10-k11*k14", "§12 burnt on landing, no shot");
}

// ---------------------------------------------------------------------------
// §8.3 Holy lamp

#[test]
fn s8_3_a_priest_cannot_promote_within_5_points_of_an_enemy_lamp() {
    // §8.3, §9.3: the Taoist priest j12 jumps into the camp (rank 14); the
    // White lamp p19 is 6 from j14 and h14 (no effect), 5 from l14.
    let pos = position(&[], "G a1, g s19, TP j12, +sm p19", "b");
    let m: Vec<String> = moves_from(&pos, "j12")
        .into_iter()
        .filter(|m| m.contains("14"))
        .collect();
    assert_eq!(
        m,
        ["j12-h14+", "j12-h14=", "j12-j14+", "j12-j14=", "j12-l14"],
        "§8.3 no promotion on l14"
    );
    // The monk and other pieces are not concerned (the rule is the priest's).
    let pos = position(&[], "G a1, g s19, SM j12, +sm p19", "b");
    assert_legal(&pos, "j12-l14+", "§8.3 only the Taoist priest");
    // aura_metric: l14-p19 is (4,5), off the lines, Manhattan 9.
    for metric in ["lines", "manhattan"] {
        let pos = position(&[&format!("aura_metric={metric}")], "G a1, g s19, TP j12, +sm p19", "b");
        assert_legal(&pos, "j12-l14+", metric);
    }
    let pos = position(&["aura_metric=lines"], "G a1, g s19, TP j12, +sm p18", "b");
    assert_illegal(&pos, "j12-l14+", "lines: p18 is on l14's diagonal, 4 away");
    assert_legal(&pos, "j12-j14+", "lines: p18 is (6,4) from j14");
    let pos = position(&["aura_metric=manhattan"], "G a1, g s19, TP j12, +sm l18", "b");
    assert_illegal(&pos, "j12-l14+", "manhattan: l18 is 4 away");
    assert_legal(&pos, "j12-h14+", "manhattan: l18 is (4,4) from h14, 8");
}

#[test]
fn s12_a_priest_that_shoots_the_lamp_may_promote() {
    // §12: shots (step 3) come before promotion decisions (step 4). The
    // priest jumps to j14 (in the camp) and shoots the White lamp j16, 2
    // away: no lamp is left within 5 points, so it may promote (§8.3).
    let pos = position(&[], "G a1, g s19, TP j12, +sm j16", "b");
    assert_legal(&pos, "j12-j14*j16+", "§12 the lamp is dead when promotion is decided");
    assert_legal(&pos, "j12-j14*j16=", "§12");
}

#[test]
fn s8_3_a_fog_near_an_enemy_lamp_is_demoted() {
    // §8.3: the fog j8 jumps j10 (6 from the lamp j16), then j12 (4 away):
    // at the end of that move it is a Taoist priest again.
    let mut pos = position(&[], "G a1, g s19, +TP j8, +sm j16", "b");
    play(&mut pos, "j8-j10-j12");
    assert_eq!(code_at(&pos, "j12").as_deref(), Some("TP"), "§8.3 demoted");
    // The lamp moves next to a fog: the fog is demoted (White's turn).
    let mut pos = position(&[], "G a1, g s19, +TP j10, +sm j18", "w");
    play(&mut pos, "j18-j16-j14");
    assert_eq!(code_at(&pos, "j10").as_deref(), Some("TP"), "§8.3 the lamp came near");
    // A lamp created by promotion: the White monk enters White's camp on
    // j6, 3 from the Black fog j3.
    let mut pos = position(&[], "G a1, g s19, +TP j3, sm j8", "w");
    play(&mut pos, "j8-j6+");
    assert_eq!(code_at(&pos, "j6").as_deref(), Some("+sm"));
    assert_eq!(code_at(&pos, "j3").as_deref(), Some("TP"), "§8.3 created near the fog");
    // Only enemy lamps (Q20): a Black lamp leaves a Black fog alone.
    let mut pos = position(&[], "G a1, g s19, +TP j8, +SM j16", "b");
    play(&mut pos, "j8-j10-j12");
    assert_eq!(code_at(&pos, "j12").as_deref(), Some("+TP"));
}

#[test]
fn s8_3_a_fog_demoted_on_its_first_move_loses_its_second() {
    // §8.3 [REC]: j9-j11 ends 5 from the lamp j16: the fog becomes a priest
    // and its turn ends (it may still shoot, as a priest, from j11).
    let pos = position(&[], "G a1, g s19, +TP j9, +sm j16, p j13", "b");
    let m = moves_from(&pos, "j9");
    assert!(m.contains(&"j9-j11".to_string()));
    assert!(
        m.contains(&"j9-j11*j13".to_string()),
        "§7.2 a shot from where it stands"
    );
    assert!(
        !m.iter()
            .any(|m| m.starts_with("j9-j11-") || m.starts_with("j9-j11*j13-")),
        "no second move after the demotion: {m:?}"
    );
    assert_legal(&pos, "j9-h9-f9", "far from the lamp it keeps both moves");
    insta::assert_snapshot!("fog_demoted_on_first_move", listing(&pos, &m));
}

#[test]
fn s9_3_a_demoted_fog_may_promote_again_away_from_the_lamp() {
    // §9.3 last bullet: the fog n12 jumps l12, then j12, 5 from the White
    // lamp e10: demoted. Next turn the priest jumps into the camp on l14,
    // 7 from the lamp, and may promote again; h14 is (3,4) from it: not.
    let mut pos = position(&[], "G a1, g s19, +TP n12, +sm e10", "b");
    play(&mut pos, "n12-l12-j12");
    assert_eq!(code_at(&pos, "j12").as_deref(), Some("TP"));
    play(&mut pos, "s19-s18");
    assert_legal(&pos, "j12-l14+", "§9.3 a demoted piece may promote again");
    assert_illegal(&pos, "j12-h14+", "§8.3 still within 5 of the lamp");
}

// ---------------------------------------------------------------------------
// §8.4 Nets

/// The squares of `pieces` (as listed) whose piece has no legal move.
fn frozen(pos: &Position, squares: &[&str]) -> Vec<String> {
    squares
        .iter()
        .filter(|s| moves_from(pos, s).is_empty())
        .map(|s| s.to_string())
        .collect()
}

#[test]
fn option_net_freeze_mode_skyward_net() {
    // §8.4, Q1: the Black skyward net j10 looks along L (f10, then e10
    // behind it), R (Black pawn l10, then White n10), FL (g13) and FR
    // (m13). j13 (F), j7 (B), g7 (BL), m7 (BR) are not on its lines.
    let pieces = "G a1, g s19, +AG j10, p f10, p e10, P l10, p n10, p g13, p m13, p j13, p j7, p g7, p m7";
    let white = ["f10", "e10", "n10", "g13", "m13", "j13", "j7", "g7", "m7"];
    for (mode, want) in [
        ("first_piece", vec!["f10", "g13", "m13"]),
        ("whole_line", vec!["f10", "e10", "n10", "g13", "m13"]),
        ("until_friendly", vec!["f10", "e10", "g13", "m13"]),
    ] {
        let pos = position(&[&format!("net_freeze_mode={mode}")], pieces, "w");
        assert_eq!(frozen(&pos, &white), want, "net_freeze_mode={mode}");
    }
}

#[test]
fn s8_4_earthward_net_freezes_sideways_and_backward_diagonals() {
    // §8.4: L, R, BL, BR. g7 and m7 are on its back diagonals, f10 on its
    // left; g13, m13 (forward diagonals) and j7 (straight back) are not.
    let pos = position(&[], "G a1, g s19, +RG j10, p f10, p g13, p m13, p j7, p g7, p m7", "w");
    assert_eq!(
        frozen(&pos, &["f10", "g13", "m13", "j7", "g7", "m7"]),
        ["f10", "g7", "m7"]
    );
}

#[test]
fn s8_4_a_white_net_freezes_along_white_s_own_directions() {
    // §1.1: directions are the owner's. White's forward diagonals point
    // towards rank 1, so the White skyward net j10 freezes g7 and m7.
    let pos = position(&[], "G a1, g s19, +ag j10, P f10, P g13, P m13, P g7, P m7", "b");
    assert_eq!(frozen(&pos, &["f10", "g13", "m13", "g7", "m7"]), ["f10", "g7", "m7"]);
}

#[test]
fn s8_4_nets_freeze_each_other_and_frozen_pieces_keep_their_passive_powers() {
    // §8.4: nets of both sides freeze each other; a frozen net still
    // freezes. The Black net j10 and the White net f10 share rank 10.
    let pieces = "G a1, g s19, +AG j10, +ag f10";
    let pos = position(&[], pieces, "b");
    assert!(moves_from(&pos, "j10").is_empty(), "Black's net is frozen");
    let pos = position(&[], pieces, "w");
    assert!(moves_from(&pos, "f10").is_empty(), "White's net is frozen");
    // §7.2.6: a frozen shooter cannot shoot (it cannot move).
    let pos = position(&[], "G a1, g s19, LB j10, +ag f10, p k12", "b");
    assert!(moves_from(&pos, "j10").is_empty());
    // A frozen flame still burns (§8.4 passive abilities).
    let mut pos = position(&[], "G a1, g s19, +EN j10, +ag f10, p k12", "w");
    play(&mut pos, "k12-k11");
    assert_eq!(code_at(&pos, "k11"), None, "burnt by the frozen flame");
}

#[test]
fn s8_4_freezing_is_recomputed_after_every_move() {
    // §8.4: the White pawn g10 stands between the net j10's left line and
    // f10. Once it steps away, f10 is the first piece on the line.
    let mut pos = position(&[], "G a1, g s19, +AG j10, p h10, p f10", "w");
    assert_eq!(frozen(&pos, &["h10", "f10"]), ["h10"]);
    play(&mut pos, "f10-f9");
    play(&mut pos, "a1-b1");
    assert_eq!(frozen(&pos, &["h10", "f9"]), ["h10"]);
    let mut pos = position(&[], "G a1, g s19, +AG j10, p h10, p f10", "b");
    play(&mut pos, "j10-j9");
    assert!(frozen(&pos, &["h10", "f10"]).is_empty(), "the net left rank 10");
}

// ---------------------------------------------------------------------------
// §8.5 Drum and pawns

#[test]
fn s8_5_pawns_lose_their_forward_step_once_the_drum_is_killed() {
    let pos = position(&[], "G a1, g s19, P j10, PU l10", "b");
    assert_eq!(moves_from(&pos, "j10"), ["j10-i10", "j10-j11", "j10-j9", "j10-k10"]);
    let pos = with_kills(&[], "G a1, g s19, P j10, PU l10", "b", "b:DR");
    assert_eq!(
        moves_from(&pos, "j10"),
        ["j10-i10", "j10-j9", "j10-k10"],
        "§8.5 no forward step"
    );
    assert_legal(&pos, "l10-l11", "§8.5 pawns only, not patrol units");
    // White's pawns step towards rank 1.
    let pos = with_kills(&[], "G a1, g s19, p j10", "w", "w:DR");
    assert_eq!(moves_from(&pos, "j10"), ["j10-i10", "j10-j11", "j10-k10"]);
    // Black's drum does not concern White's pawns.
    let pos = with_kills(&[], "G a1, g s19, p j10", "w", "b:DR");
    assert!(moves_from(&pos, "j10").contains(&"j10-j9".to_string()));
}

#[test]
fn s10_killing_a_thunderclap_does_not_stop_the_pawns() {
    // §8.5, §10: the drum promoted to thunderclap and died as one.
    let mut pos = position(&[], "G a1, g s19, +DR j10, P p5, ch e10", "w");
    play(&mut pos, "e10xj10");
    assert!(!was_killed(&pos, Black, "DR"));
    assert_legal(&pos, "p5-p6", "§8.5 the drum was not killed as a drum");
}

#[test]
fn s8_5_a_thunderclap_demoted_to_drum_then_killed_stops_the_pawns() {
    // §8.5: White kills the Taoist priest (§8.6 demotes the thunderclap to
    // a drum), then kills the drum.
    let mut pos = position(&[], "G a1, g s19, +DR j10, TP a10, P p5, ch e10, ch a15", "w");
    play(&mut pos, "a15xa10");
    assert_eq!(code_at(&pos, "j10").as_deref(), Some("DR"), "§8.6 demoted at once");
    play(&mut pos, "a1-b1");
    play(&mut pos, "e10xj10=");
    assert!(was_killed(&pos, Black, "DR"));
    assert_illegal(&pos, "p5-p6", "§8.5 the drum died as a drum");
}

#[test]
fn option_banner_and_drum_substitutes_for_the_pawns() {
    // Q9: with the option, a banner and drums on the board keeps the pawns'
    // forward step after the drum's death.
    let on = ["banner_and_drum_substitutes=true"];
    let pos = with_kills(&on, "G a1, g s19, P j10, +SO c3", "b", "b:DR");
    assert_legal(&pos, "j10-j11", "Q9 the banner and drums stands in for the drum");
    let pos = with_kills(&on, "G a1, g s19, P j10", "b", "b:DR");
    assert_illegal(&pos, "j10-j11", "Q9 no banner and drums on the board");
    let pos = with_kills(&[], "G a1, g s19, P j10, +SO c3", "b", "b:DR");
    assert_illegal(&pos, "j10-j11", "Q9 off by default");
}

// ---------------------------------------------------------------------------
// §8.6 Taoist priest -> banner and drum

#[test]
fn s8_6_banner_and_drum_cannot_promote_once_the_priest_is_killed() {
    for code in ["BN", "DR"] {
        let pos = position(&[], &format!("G a1, g s19, {code} i13"), "b");
        assert_legal(&pos, "i13-j14+", "§9.2 camp entry");
        let pos = with_kills(&[], &format!("G a1, g s19, {code} i13"), "b", "b:TP");
        assert_illegal(&pos, "i13-j14+", "§8.6 the priest is dead");
        assert_legal(&pos, "i13-j14", "it still moves");
        // Nor by a capture trigger (§9.3).
        let pos = with_kills(&[], &format!("G a1, g s19, {code} i9, dr j10"), "b", "b:TP");
        assert_legal(&pos, "i9xj10", "§8.6 no promotion by merit either");
        assert_illegal(&pos, "i9xj10+", "§8.6");
    }
}

#[test]
fn s8_6_the_priest_s_death_demotes_roaming_assault_and_thunderclap() {
    let mut pos = position(&[], "G a1, g s19, +BN j10, +DR l10, TP a10, ch a15", "w");
    play(&mut pos, "a15xa10");
    assert!(was_killed(&pos, Black, "TP"));
    assert_eq!(
        code_at(&pos, "j10").as_deref(),
        Some("BN"),
        "§8.6 roaming assault -> banner"
    );
    assert_eq!(code_at(&pos, "l10").as_deref(), Some("DR"), "§8.6 thunderclap -> drum");
    // A priest killed by shooting counts the same (Q15): the White longbow
    // steps to b9 and shoots it.
    let mut pos = position(&[], "G a1, g s19, +BN j10, TP a10, lb c10", "w");
    play(&mut pos, "c10-b9*a10");
    assert_eq!(code_at(&pos, "j10").as_deref(), Some("BN"));
}

#[test]
fn s12_the_priest_killed_demotion_waits_for_every_shot() {
    // §12: the lamp/fog demotion is judged at each landing (step 2), the
    // priest-killed one only once the move and its shots are done (step
    // 5). The White fog jumps l10-l12, shoots the Black priest m11, jumps
    // on to l14 and shoots the thunderclap n14: it dies as a thunderclap,
    // not as a drum (§10), so the pawns keep their forward step (§8.5).
    let mut pos = position(&[], "G a1, g s19, +DR n14, TP m11, +tp l10, P e5", "w");
    play(&mut pos, "l10-l12*m11-l14*n14");
    assert!(was_killed(&pos, Black, "TP"));
    assert!(!was_killed(&pos, Black, "DR"), "§12 killed before the demotion");
    assert_legal(&pos, "e5-e6", "§8.5 the drum was not killed as a drum");
    // Not shot, the thunderclap is demoted once the move is done.
    let mut pos = position(&[], "G a1, g s19, +DR n14, TP m11, +tp l10, P e5", "w");
    play(&mut pos, "l10-l12*m11-l14");
    assert_eq!(
        code_at(&pos, "n14").as_deref(),
        Some("DR"),
        "§8.6 demoted after the move"
    );
}

#[test]
fn s10_killing_a_fog_is_not_killing_the_priest() {
    // §8.6, §10: the priest had promoted to five-li fog and dies as one.
    let mut pos = position(&[], "G a1, g s19, +BN j10, +TP a10, ch a15, BN c13", "w");
    play(&mut pos, "a15xa10");
    assert!(!was_killed(&pos, Black, "TP"));
    assert_eq!(code_at(&pos, "j10").as_deref(), Some("+BN"), "§8.6 no demotion");
    assert_legal(&pos, "c13-d14+", "§10 the banner may still promote");
}

#[test]
fn s8_6_a_fog_demoted_to_priest_then_killed_is_a_priest_killed() {
    // §8.6: the White lamp comes within 5 of the Black fog c10 (demoting
    // it), then kills the priest by moving onto it (priests may kill each
    // other, §4.3).
    let mut pos = position(&[], "G a1, g s19, +BN j10, +TP c10, +sm c18", "w");
    play(&mut pos, "c18-c16-c14");
    assert_eq!(code_at(&pos, "c10").as_deref(), Some("TP"), "§8.3");
    play(&mut pos, "a1-b1");
    play(&mut pos, "c14-c12xc10");
    assert!(was_killed(&pos, Black, "TP"));
    assert_eq!(code_at(&pos, "j10").as_deref(), Some("BN"), "§8.6 demoted");
}

// ---------------------------------------------------------------------------
// §8.7 Clerk promotion

#[test]
fn s8_7_clerk_promotion_chain_and_enemy_flames() {
    // §8.7, Q16: the clerk j13 enters the camp. `+&` also promotes every
    // Black advance guard (a5) and rear guard (s5), wherever they are; every
    // White poison flame (p15) dies whether or not the chain is taken;
    // Black's own flame (c5) lives.
    let pieces = "G j1, g j19, CK j13, AG a5, RG s5, +EN c5, +en p15, p d8";
    let pos = position(&[], pieces, "b");
    let m = moves_from(&pos, "j13");
    assert_eq!(
        m,
        [
            "j13-h13",
            "j13-i12",
            "j13-i14+",
            "j13-i14+&",
            "j13-i14=",
            "j13-j11",
            "j13-j15+",
            "j13-j15+&",
            "j13-j15=",
            "j13-k12",
            "j13-k14+",
            "j13-k14+&",
            "j13-k14=",
            "j13-l13"
        ]
    );
    insta::assert_snapshot!("clerk_chain", listing(&pos, &m));
    let mut chain = pos.clone();
    play(&mut chain, "j13-j15+&");
    assert_eq!(code_at(&chain, "j15").as_deref(), Some("+CK"), "master at arms");
    assert_eq!(
        code_at(&chain, "a5").as_deref(),
        Some("+AG"),
        "§8.7 skyward net, outside the camp"
    );
    assert_eq!(code_at(&chain, "s5").as_deref(), Some("+RG"), "§8.7 earthward net");
    assert_eq!(code_at(&chain, "p15"), None, "§8.7 enemy flames die");
    assert_eq!(code_at(&chain, "c5").as_deref(), Some("+EN"), "§8.7 own flames live");
    // §9.1 passive abilities apply at once: the new net a5 freezes d8, the
    // first piece on its forward-right diagonal (b6, c7, d8).
    assert!(moves_from(&chain, "d8").is_empty(), "§12 step 6 nets recomputed");
    let mut alone = pos.clone();
    play(&mut alone, "j13-j15+");
    assert_eq!(
        code_at(&alone, "a5").as_deref(),
        Some("AG"),
        "Q16 the chain is a choice"
    );
    assert_eq!(code_at(&alone, "p15"), None, "§8.7 enemy flames die anyway");
    let mut declined = pos.clone();
    play(&mut declined, "j13-j15=");
    assert_eq!(
        code_at(&declined, "p15").as_deref(),
        Some("+en"),
        "no promotion, no effect"
    );
    // No advance or rear guard left: no `+&`.
    let pos = position(&[], "G j1, g j19, CK j13", "b");
    assert_legal(&pos, "j13-j15+", "");
    assert_illegal(&pos, "j13-j15+&", "§8.7 nothing to promote with it");
    // A clerk promoting by a capture trigger (§9.2: it kills the drum).
    let pos = position(&[], "G j1, g j19, CK j13, AG a5, dr i12", "b");
    assert_legal(&pos, "j13xi12+&", "§8.7 'by zone entry or by a capture trigger'");
}

/// The clerk j13's promoting moves to j15, sorted.
fn promotions_j13_j15(pos: &Position) -> Vec<String> {
    let mut chains: Vec<String> = moves_from(pos, "j13")
        .into_iter()
        .filter(|m| m.starts_with("j13-j15+"))
        .collect();
    chains.sort();
    chains
}

#[test]
fn option_clerk_chain_per_piece() {
    // Q16: with clerk_chain_per_piece=true each advance and rear guard is
    // a separate choice: the move names the pieces that promote along.
    let pos = position(
        &["clerk_chain_per_piece=true"],
        "G j1, g j19, CK j13, AG a5, RG s5",
        "b",
    );
    let chains = promotions_j13_j15(&pos);
    assert_eq!(
        chains,
        ["j13-j15+", "j13-j15+&a5", "j13-j15+&a5,s5", "j13-j15+&s5"],
        "none, a5, s5, both"
    );
    let mut one = pos.clone();
    play(&mut one, "j13-j15+&a5");
    assert_eq!(code_at(&one, "a5").as_deref(), Some("+AG"), "a5 promoted along");
    assert_eq!(code_at(&one, "s5").as_deref(), Some("RG"), "s5 did not");
    // The default: one choice for both.
    let pos = position(&[], "G j1, g j19, CK j13, AG a5, RG s5", "b");
    let chains = promotions_j13_j15(&pos);
    assert_eq!(chains, ["j13-j15+", "j13-j15+&"]);
    // Only the clerk's side's guards promote along: one choice, a5.
    let pos = position(
        &["clerk_chain_per_piece=true"],
        "G j1, g j19, CK j13, AG a5, ag s15, rg a15",
        "b",
    );
    let chains = promotions_j13_j15(&pos);
    assert_eq!(chains, ["j13-j15+", "j13-j15+&a5"], "§8.7 its side's guards");
}

// ---------------------------------------------------------------------------
// §9 Promotion

#[test]
fn s9_2_camp_entry_and_moves_within_the_camp_but_not_leaving_it() {
    // §9.2.1, Q14: the aide steps F, FL, FR, L, R, B.
    let pos = position(&[], "G a1, g s19, AI j13", "b");
    let m = moves_from(&pos, "j13");
    assert_eq!(
        m,
        [
            "j13-i13", "j13-i14+", "j13-i14=", "j13-j12", "j13-j14+", "j13-j14=", "j13-k13", "j13-k14+", "j13-k14="
        ],
        "§9.1 optional: promote or decline on entering"
    );
    insta::assert_snapshot!("promotion_entering_the_camp", listing(&pos, &m));
    let pos = position(&[], "G a1, g s19, AI j15", "b");
    assert!(
        moves_from(&pos, "j15")
            .iter()
            .all(|m| m.ends_with('+') || m.ends_with('=')),
        "§9.2.1 moving within the camp"
    );
    assert_legal(&pos, "j15-j14+", "a step back, still in the camp");
    let pos = position(&[], "G a1, g s19, AI j14", "b");
    assert_legal(&pos, "j14-j13", "leaving the camp");
    assert_illegal(&pos, "j14-j13+", "Q14 leaving gives no promotion");
    // White's camp is ranks 1-6.
    let pos = position(&[], "G a1, g s19, ai j7", "w");
    assert_legal(&pos, "j7-j6+", "White enters its promotion zone");
}

#[test]
fn s9_2_only_the_final_point_counts() {
    // Q14: the cavalry's intermediate landing k14 is in the camp; back on
    // j12 it is outside.
    let pos = position(&[], "G a1, g s19, CV j12", "b");
    assert_legal(&pos, "j12-k14-j12", "a return through the camp");
    assert_illegal(&pos, "j12-k14-j12+", "Q14 intermediate points do not count");
    assert_legal(&pos, "j12-k14+", "");
    assert_legal(&pos, "j12-k14-l16+", "");
    assert_legal(&pos, "j12-l13-n14+", "");
}

#[test]
fn s9_1_general_wrestler_elephant_never_promote() {
    for code in ["G", "WR", "EL"] {
        let pos = position(&[], &format!("G a1, g s19, {code} j13"), "b");
        let m = moves_from(&pos, "j13");
        assert!(!m.is_empty());
        assert!(!m.iter().any(|m| m.ends_with('+') || m.ends_with('=')), "{code}: {m:?}");
    }
    // Not even by a capture trigger.
    let pos = position(&[], "G a1, g s19, EL h8, dr j10", "b");
    assert_eq!(
        moves_from(&pos, "h8")
            .into_iter()
            .filter(|m| m.contains("j10"))
            .collect::<Vec<_>>(),
        ["h8xj10"]
    );
}

#[test]
fn option_single_promotion() {
    // Q13: a cavalry obtained by promotion (+CM) does not promote again by
    // default; the starting cavalry (CV) does.
    let pos = position(&[], "G a1, g s19, +CM j12, CV p12", "b");
    assert_legal(&pos, "j12-k14", "");
    assert_illegal(&pos, "j12-k14+", "Q13 promotes at most once");
    assert_legal(&pos, "p12-q14+", "§3.2 the starting cavalry is unpromoted");
    // Off: promotion chains (cavalryman -> cavalry -> winged horse).
    let mut pos = position(&["single_promotion=false"], "G a1, g s19, +CM j12", "b");
    assert_legal(&pos, "j12-k14=", "");
    play(&mut pos, "j12-k14+");
    let (_, ty) = pos.piece_at(sq(&pos, "k14")).expect("a piece on k14");
    assert_eq!(pos.rules().kind_of(ty).id, "winged_horse");
    // Also chariot unit -> millenary -> dragon ascending.
    let pos = position(&["single_promotion=false"], "G a1, g s19, +CU j13", "b");
    assert_legal(&pos, "j13-j14+", "Q13 off: a millenary from a chariot unit promotes");
    let pos = position(&[], "G a1, g s19, +CU j13", "b");
    assert_illegal(&pos, "j13-j14+", "Q13");
}

#[test]
fn s9_2_special_merit_any_promotable_piece_that_kills_a_command_piece() {
    // §9.2.2 (Q19): a kill of the general, middle troop, governor, banner
    // or drum lets any promotable killer promote, anywhere.
    for victim in ["g", "mt", "+mt", "bn", "dr"] {
        let pos = position(&[], &format!("G a1, CH j8, {victim} j10"), "b");
        assert_legal(&pos, "j8xj10+", victim);
        assert_legal(&pos, "j8xj10=", victim);
    }
    // Not a roaming assault (§10: it is not the banner) nor a thunderclap,
    // for a piece that is not a step-one piece.
    for victim in ["+bn", "+dr"] {
        let pos = position(&[], &format!("G a1, g s19, CH j8, {victim} j10"), "b");
        assert_eq!(
            moves_from(&pos, "j8")
                .into_iter()
                .filter(|m| m.contains("j10"))
                .collect::<Vec<_>>(),
            ["j8xj10"],
            "{victim}"
        );
    }
}

#[test]
fn s9_2_upper_merit_a_step_one_piece_that_kills_a_great_warrior() {
    // §9.2.2: roaming assault, thunderclap, wrestler, dragon ascending
    // killed by a step-one piece (here a pawn, an aide, a shield).
    for victim in ["+bn", "+dr", "wr", "+mi"] {
        for killer in ["P", "AI", "SH"] {
            let to = if killer == "SH" { "k10" } else { "j10" };
            let pos = position(&[], &format!("G a1, g s19, {killer} j9, {victim} {to}"), "b");
            assert_legal(&pos, &format!("j9x{to}+"), &format!("{killer} kills {victim}"));
        }
        // A chariot is not a step-one piece.
        let pos = position(&[], &format!("G a1, g s19, CH j8, {victim} j10"), "b");
        assert_illegal(&pos, "j8xj10+", &format!("CH kills {victim}: no merit"));
    }
}

#[test]
fn s9_2_lesser_merit_a_cavalryman_that_kills_the_frankish_cannon() {
    let pos = position(&[], "G a1, g s19, CM j8, fc k10", "b");
    assert_legal(&pos, "j8xk10+", "§9.2.2 lesser merit");
    // §10: a divine carriage is not a Frankish cannon.
    let pos = position(&[], "G a1, g s19, CM j8, +fc k10", "b");
    assert_illegal(&pos, "j8xk10+", "§10 identity rule");
    // Only the cavalryman (唯马变): a crossbow (a step-one piece) killing
    // the Frankish cannon has no merit.
    let pos = position(&[], "G a1, g s19, CB j8, fc k9", "b");
    assert_legal(&pos, "j8xk9", "");
    assert_illegal(&pos, "j8xk9+", "§9.2.2 only the cavalryman");
}

#[test]
fn q15_a_kill_by_shooting_is_a_capture_trigger() {
    // Q15: the longbow shoots the White general (special merit) or the
    // White wrestler (upper merit; the longbow is a step-one piece).
    let pos = position(&[], "G a1, LB j10, g k13", "b");
    assert_legal(&pos, "j10-k11*k13+", "Q15 special merit by shooting");
    assert_legal(&pos, "j10-k11*k13=", "");
    let pos = position(&[], "G a1, g s19, LB j10, wr k13", "b");
    assert_legal(&pos, "j10-k11*k13+", "Q15 upper merit by shooting");
    // The Frankish cannon shoots the drum, 6 away.
    let pos = position(&[], "G a1, g s19, FC j10, dr k17", "b");
    assert_legal(&pos, "j10-k11*k17+", "Q15 special merit, range 7");
    // A promoted shooter does not promote again (Q13).
    let pos = position(&[], "G a1, +LB j10, g k14", "b");
    assert_legal(&pos, "j10-k12*k14", "");
    assert_illegal(&pos, "j10-k12*k14+", "Q13");
}

// ---------------------------------------------------------------------------
// §10, §11 Identity rule and victory

#[test]
fn s11_the_general_alone_is_not_enough() {
    let mut pos = position(&[], "G a1, CH j8, g j10, mt j18, bn k18", "b");
    play(&mut pos, "j8xj10=");
    assert!(was_killed(&pos, White, "G"));
    assert_eq!(
        winner(&pos),
        None,
        "§11 the game goes on while the middle troop and banner live"
    );
}

#[test]
fn s11_general_and_middle_troop() {
    let mut pos = with_kills(&[], "G a1, CH j8, mt j10, bn k18", "b", "w:G");
    play(&mut pos, "j8xj10=");
    assert_eq!(winner(&pos), Some(Some(Black)), "§11 general and middle troop killed");
    // In either order.
    let mut pos = with_kills(&[], "G a1, CH j8, g j10, bn k18", "b", "w:MT");
    play(&mut pos, "j8xj10=");
    assert_eq!(winner(&pos), Some(Some(Black)));
}

#[test]
fn s11_general_and_banner_unless_a_governor_stands() {
    // General dead, no governor: killing the banner wins.
    let mut pos = with_kills(&[], "G a1, CH j8, bn j10, mt k18", "b", "w:G");
    play(&mut pos, "j8xj10=");
    assert_eq!(winner(&pos), Some(Some(Black)), "§11 banner killed, no governor");
    // With a governor on the board the banner's death does not lose...
    let mut pos = with_kills(&[], "G a1, CH j8, bn j10, +mt k18", "b", "w:G");
    play(&mut pos, "j8xj10=");
    assert_eq!(winner(&pos), None, "§11 the governor saves");
    // ... until the governor is killed.
    let mut pos = with_kills(&[], "G a1, CH j8, +mt j10", "b", "w:G,BN");
    play(&mut pos, "j8xj10=");
    assert_eq!(winner(&pos), Some(Some(Black)), "§11 governor killed");
    // The governor killed alone wins too once the general is dead, even
    // with the banner alive.
    let mut pos = with_kills(&[], "G a1, CH j8, +mt j10, bn k18", "b", "w:G");
    play(&mut pos, "j8xj10=");
    assert_eq!(winner(&pos), Some(Some(Black)), "§11 governor_killed");
}

#[test]
fn s11_a_governor_created_after_the_banner_died_still_saves() {
    // §11 [REC]: White's banner is dead; its middle troop promotes on j6;
    // then its general is killed: not lost.
    let mut pos = with_kills(&[], "G a1, CH s14, mt j7, g s19", "w", "w:BN");
    play(&mut pos, "j7-j6+");
    assert_eq!(code_at(&pos, "j6").as_deref(), Some("+mt"));
    play(&mut pos, "s14xs19+");
    assert!(was_killed(&pos, White, "G"));
    assert_eq!(winner(&pos), None, "§11 a governor created later saves the side");
}

#[test]
fn s10_killing_a_roaming_assault_is_not_killing_the_banner() {
    // §10, §11: general dead, middle troop alive, banner promoted to
    // roaming assault: killing the roaming assault does not end the game;
    // killing the banner as a banner would.
    let mut pos = with_kills(&[], "G a1, CH j8, +bn j10, mt k18", "b", "w:G");
    play(&mut pos, "j8xj10");
    assert!(!was_killed(&pos, White, "BN"));
    assert_eq!(winner(&pos), None, "§10 not the banner");
}

#[test]
fn option_banner_and_drum_substitutes_for_the_banner() {
    // Q9: with the option a living banner and drums counts as the banner.
    let on = ["banner_and_drum_substitutes=true"];
    let mut pos = with_kills(&on, "G a1, CH j8, g j10, +so k18, mt k17", "b", "w:BN");
    play(&mut pos, "j8xj10=");
    assert_eq!(winner(&pos), None, "Q9 the banner and drums stands in");
    let mut pos = with_kills(&[], "G a1, CH j8, g j10, +so k18, mt k17", "b", "w:BN");
    play(&mut pos, "j8xj10=");
    assert_eq!(winner(&pos), Some(Some(Black)), "Q9 off: the banner is dead");
}

#[test]
fn s11_friendly_fire_counts() {
    // §11: a general burnt by its own flame is killed.
    let mut pos = with_kills(&[], "G j10, g s19, +EN l10", "b", "b:MT");
    play(&mut pos, "j10-k10");
    assert_eq!(winner(&pos), Some(Some(White)), "§11 friendly fire");
}

#[test]
fn s11_when_both_sides_lose_at_once_the_mover_loses() {
    // §11 [REC]: the Black flame steps to j11 next to both generals; both
    // middle troops are already dead; both sides meet the losing condition
    // on the same move: Black, the mover, loses.
    let mut pos = with_kills(&[], "+EN j10, G i12, g k12", "b", "b:MT;w:MT");
    play(&mut pos, "j10-j11");
    assert!(was_killed(&pos, Black, "G") && was_killed(&pos, White, "G"));
    let o = pos.outcome().expect("the game is over");
    assert_eq!(o.winner(), Some(White), "§11 both_lose = mover loses");
    assert_eq!(o.reason, EndReason::Lost);
}

#[test]
fn s11_a_side_with_no_legal_move_loses() {
    // §11 [REC], Q18 (no_legal_move=loss): White's only piece is frozen.
    let pos = position(&[], "G a1, +AG j10, p f10", "w");
    assert!(all_moves(&pos).is_empty());
    let o = pos.result().expect("no legal move ends the game");
    assert_eq!(o.winner(), Some(Black));
    assert_eq!(o.reason, EndReason::NoMoves);
    let pos = position(&["no_legal_move=loss"], "G a1, +AG j10, p f10", "w");
    assert_eq!(pos.result().map(|o| o.winner()), Some(Some(Black)));
}

// ---------------------------------------------------------------------------
// §12 Order within a turn

#[test]
fn s12_capture_then_shots_then_promotion_then_effects() {
    // The Frankish cannon steps onto the White pawn k11 (kill by moving),
    // shoots the drum k15 and then the pawn k16 behind it (§7.2.4), and may
    // promote for the drum (special merit, Q15).
    let mut pos = position(&[], "G a1, g s19, FC j10, p k11, dr k15, p k16", "b");
    assert_legal(&pos, "j10xk11*k15*k16+", "§12 steps 2-4");
    play(&mut pos, "j10xk11*k15*k16+");
    assert_eq!(code_at(&pos, "k11").as_deref(), Some("+FC"), "divine carriage");
    assert_eq!(code_at(&pos, "k15"), None);
    assert_eq!(code_at(&pos, "k16"), None);
    assert!(was_killed(&pos, White, "DR"));
}

// ---------------------------------------------------------------------------
// More of §7.1, §8.1, §8.3, §9.5

#[test]
fn s7_1_shooting_ranges() {
    // §7.1: longbow 3, crossbow 5, cannon 5, Frankish cannon 7, and their
    // promoted forms the same. A White pawn exactly at the range from the
    // landing is a target; one point farther is not.
    for (code, landing, range) in [
        ("LB", "k11", 3),
        ("CB", "k11", 5),
        ("CN", "k11", 5),
        ("FC", "k11", 7),
        ("+LB", "k12", 3),
        ("+CB", "k12", 5),
        ("+CN", "k10", 5),
        ("+FC", "k10", 7),
    ] {
        let rank: u32 = landing[1..].parse().unwrap();
        for (d, want) in [(range, true), (range + 1, false)] {
            let target = format!("k{}", rank + d);
            let pos = position(&[], &format!("G a1, g s19, {code} j10, p {target}"), "b");
            let got = single_shots(&pos, &format!("j10-{landing}"));
            assert_eq!(got.contains(&target), want, "{code}: a pawn {d} away");
        }
    }
}

#[test]
fn s9_5_promotion_table() {
    // §9.5 (and §2): what each kind promotes to; general, wrestler and
    // elephant never promote (§9.1).
    let r = rules(&[]);
    let table: Vec<(String, Option<String>)> = r
        .kinds
        .iter()
        .take(34)
        .map(|k| (k.id.clone(), k.promotes_to.map(|p| r.kinds[p].id.clone())))
        .collect();
    let want = [
        ("general", None),
        ("middle_troop", Some("governor")),
        ("banner", Some("roaming_assault")),
        ("drum", Some("thunderclap")),
        ("staff_officer", Some("banner_and_drum")),
        ("clerk", Some("master_at_arms")),
        ("aide_de_camp", Some("quartermaster")),
        ("sentry", Some("centuria")),
        ("wrestler", None),
        ("aide", Some("town_brigade")),
        ("staff", Some("village_brigade")),
        ("chief_of_staff", Some("vice_commissioner")),
        ("engineer", Some("poison_flame")),
        ("taoist_priest", Some("five_li_fog")),
        ("spiritual_monk", Some("holy_lamp")),
        ("advance_guard", Some("skyward_net")),
        ("rear_guard", Some("earthward_net")),
        ("millenary", Some("dragon_ascending")),
        ("quartermaster", Some("winged_tiger")),
        ("centuria", Some("war_hawk")),
        ("frankish_cannon", Some("divine_carriage")),
        ("elephant", None),
        ("longbow", Some("longbow_cavalry")),
        ("crossbow", Some("crossbow_cavalry")),
        ("cannon", Some("gun_carriage")),
        ("cavalryman", Some("cavalry")),
        ("cavalry", Some("winged_horse")),
        ("pawn", Some("patrol_unit")),
        ("patrol_unit", Some("commissar")),
        ("shield", Some("shield_unit")),
        ("shield_unit", Some("heavenly_fortress")),
        ("chariot", Some("chariot_unit")),
        ("chariot_unit", Some("millenary")),
        ("vanguard", Some("commissar")),
    ];
    let want: Vec<(String, Option<String>)> = want
        .iter()
        .map(|(k, p)| (k.to_string(), p.map(str::to_string)))
        .collect();
    assert_eq!(table, want);
    assert_eq!(r.kinds.len(), 57, "§2: 34 + 23 kinds");
}

#[test]
fn s8_1_a_multi_mover_dies_on_its_first_landing_next_to_a_flame() {
    // Q12(a) for the thunderclap: its second step lands on l10, next to
    // the White flame m11; it dies there and its charge ends (the
    // compulsory five steps notwithstanding).
    let pos = position(&[], "G a1, g s19, +DR j10, +en m11", "b");
    let m = moves_from(&pos, "j10");
    assert!(m.contains(&"j10-k10-l10".to_string()), "{m:?}");
    assert!(!m.iter().any(|m| m.starts_with("j10-k10-l10-")));
}

#[test]
fn s8_3_a_fog_that_kills_the_lamp_keeps_its_second_move() {
    // §4.3: priests may kill each other by moving. The fog kills the lamp
    // on its first landing: no lamp, no demotion (§8.3), the second jump
    // stays available.
    let pos = position(&[], "G a1, g s19, +TP j8, +sm j10", "b");
    assert_legal(&pos, "j8xj10-j12", "the lamp is dead");
}

#[test]
fn s12_a_fog_is_demoted_on_landing_before_it_shoots() {
    // §8.3 "a fog that moves into the area demotes at the end of that
    // elementary move"; §12 step 2 (demotion check at each landing) comes
    // before step 3 (shots). The fog lands on j11, 2 from the White lamp
    // j13: it is demoted (and loses its second jump, which the generator
    // already applies); then it shoots the lamp (as a priest, range 2).
    let mut pos = position(&[], "G a1, g s19, +TP j9, +sm j13", "b");
    play(&mut pos, "j9-j11*j13");
    assert_eq!(code_at(&pos, "j13"), None, "the lamp was shot");
    assert_eq!(
        code_at(&pos, "j11").as_deref(),
        Some("TP"),
        "§8.3, §12 demoted on landing"
    );
}
