//! Shooting, killing auras, freezing lines, demotions, promotion effects
//! and kill history, shown on a tiny rule file written here (no real
//! variant is named). Each test builds a small position and checks the
//! legal moves and the result of playing one.

mod common;

use common::{code_at, moves_from, play};
use gunbai::unstable::position::Position;

const VARIANT: &str = include_str!("data/toy/effects.toml");

/// A position from a list like "K a1, k g7, A d4, s d6" (Black to move).
fn position(options: &[&str], pieces: &str) -> Position {
    common::toy_position("effects.toml", VARIANT, options, 7, pieces)
}

#[test]
fn a_shooter_shoots_after_moving_along_a_clear_line() {
    // The archer on d2 steps to c3 or e3, then may shoot the first piece
    // within 3 on any of its eight lines, if that piece is an enemy it may
    // target. A shield is immune to it (and still blocks the line).
    let pos = position(&[], "K a1, k g7, A d2, s e6");
    let m = moves_from(&pos, "d2");
    assert_eq!(
        m,
        ["d2-c1", "d2-c3", "d2-e1", "d2-e3"],
        "the shield on e6 is immune; the king on g7 is 4 away"
    );
    let pos = position(&[], "K a1, k g7, A d2, w e6, w e5");
    let m = moves_from(&pos, "d2");
    // e5 is the first piece up the file from e3 and up the diagonal from
    // c3; e6 behind it cannot be reached.
    assert_eq!(m, ["d2-c1", "d2-c3", "d2-c3*e5", "d2-e1", "d2-e3", "d2-e3*e5"]);
}

#[test]
fn shooting_kills_without_moving_and_counts_as_a_kill() {
    let mut pos = position(&[], "K a1, k f6, A d2, w e5");
    play(&mut pos, "d2-e3*e5");
    assert_eq!(code_at(&pos, "e5"), None, "the wall was shot");
    assert_eq!(
        code_at(&pos, "e3").as_deref(),
        Some("A"),
        "the archer stays where it moved"
    );
    let mut pos = position(&[], "K a1, k e6, A d2");
    play(&mut pos, "d2-e3*e6");
    let o = pos.outcome().expect("the king was shot");
    assert_eq!(o.winner(), Some(gunbai::unstable::board::Colour::Black));
}

#[test]
fn a_cannon_fires_over_pieces_but_not_over_walls() {
    let pos = position(&[], "K a1, k g7, C d2, s e4, s e5, w c4, s c5");
    let m = moves_from(&pos, "d2");
    for hit in ["d2-e3*e4", "d2-e3*e5", "d2-c3*c4"] {
        assert!(m.contains(&hit.to_string()), "{hit} in {m:?}");
    }
    assert!(!m.contains(&"d2-c3*c5".to_string()), "a wall screens the cannon: {m:?}");
}

#[test]
fn two_shots_in_a_row_and_suppression_near_an_enemy_lamp() {
    let pos = position(&[], "K a1, k g7, G d2, s e4, s e5");
    let m = moves_from(&pos, "d2");
    assert!(
        m.contains(&"d2-e3*e4*e5".to_string()),
        "the second shot sees past the first victim: {m:?}"
    );
    assert!(!m.contains(&"d2-e3*e5".to_string()), "{m:?}");
    // An enemy lamp within 2 of the gunner's square stops it shooting.
    let pos = position(&[], "K a1, k g7, G d2, s e4, l g4");
    let m = moves_from(&pos, "d2");
    // From e3 (2 from the lamp) no shot; from e1 (3 away) and c3 it shoots.
    assert_eq!(m, ["d2-c1", "d2-c3", "d2-c3*g7", "d2-e1", "d2-e1*e4", "d2-e3"]);
}

#[test]
fn a_two_leg_shooter_may_shoot_after_each_leg() {
    let pos = position(&[], "K a1, k g7, M c2, s c5, s e5");
    let m = moves_from(&pos, "c2");
    assert!(m.contains(&"c2-c4*c5-e4*e5".to_string()), "{m:?}");
    assert!(m.contains(&"c2-c4*c5".to_string()), "{m:?}");
    assert!(m.contains(&"c2-c4-e4*e5".to_string()), "{m:?}");
}

#[test]
fn landing_next_to_a_flame_kills_the_mover() {
    let mut pos = position(&[], "K a1, k g7, S c2, f e3");
    play(&mut pos, "c2-d2");
    assert_eq!(
        code_at(&pos, "d2"),
        None,
        "the shield burnt on d2 (next to the flame on e3)"
    );
    assert_eq!(code_at(&pos, "e3").as_deref(), Some("f"), "the flame stays");
}

#[test]
fn an_intermediate_landing_next_to_a_flame_ends_the_move() {
    let pos = position(&[], "K a1, k g7, RU c2, f d4");
    let m = moves_from(&pos, "c2");
    assert_eq!(
        m,
        ["c2-c3"],
        "c3 is next to d4: the runner dies there and goes no farther"
    );
    let pos = position(&["burn_intermediate=false"], "K a1, k g7, RU c2, f d4");
    let m = moves_from(&pos, "c2");
    assert_eq!(m, ["c2-c3", "c2-c3-c4", "c2-c3-c4-c5"]);
}

#[test]
fn an_arriving_flame_burns_its_neighbours_and_dies_next_to_another_flame() {
    let mut pos = position(&[], "K a1, k g7, F c3, s d5, s b5, f e5");
    play(&mut pos, "c3-c4");
    assert_eq!(code_at(&pos, "d5"), None);
    assert_eq!(code_at(&pos, "b5"), None);
    assert_eq!(code_at(&pos, "c4").as_deref(), Some("F"));
    let mut pos = position(&[], "K a1, k g7, F c3, s c5, f d5");
    play(&mut pos, "c3-c4");
    assert_eq!(code_at(&pos, "c5"), None, "burns the others first");
    assert_eq!(code_at(&pos, "c4"), None, "then dies: the moving flame");
    assert_eq!(code_at(&pos, "d5").as_deref(), Some("f"), "the standing flame survives");
}

#[test]
fn an_enemies_only_aura_spares_its_own_side() {
    // By default a flame burns its own side too.
    let mut pos = position(&[], "K a1, k g7, S c2, F e3");
    play(&mut pos, "c2-d2");
    assert_eq!(code_at(&pos, "d2"), None, "burnt by its own flame");
    // Harming enemies only: an own piece may stand next to it...
    let mut pos = position(&["burn_enemies_only=true"], "K a1, k g7, S c2, F e3");
    play(&mut pos, "c2-d2");
    assert_eq!(code_at(&pos, "d2").as_deref(), Some("S"), "its own flame spares it");
    // ...an enemy landing next to it still dies (passive burning)...
    let mut pos = position(&["burn_enemies_only=true"], "K a1, k g7, S c2, f e3");
    play(&mut pos, "c2-d2");
    assert_eq!(code_at(&pos, "d2"), None, "an enemy flame burns it");
    // ...and an arriving flame burns only enemies, and dies only next to an
    // enemy flame.
    let mut pos = position(&["burn_enemies_only=true"], "K a1, k g7, F c3, S d5, s b5, F b4");
    play(&mut pos, "c3-c4");
    assert_eq!(code_at(&pos, "d5").as_deref(), Some("S"), "own neighbour spared");
    assert_eq!(code_at(&pos, "b5"), None, "enemy neighbour burnt");
    assert_eq!(
        code_at(&pos, "c4").as_deref(),
        Some("F"),
        "an own flame nearby does not kill it"
    );
}

#[test]
fn nets_freeze_the_first_enemy_on_their_lines() {
    for (mode, frozen_far) in [("first_piece", false), ("whole_line", true), ("until_friendly", true)] {
        let pos = position(&[&format!("freeze_mode={mode}")], "K a1, k g7, n a4, S c4, S e4");
        assert!(
            moves_from(&pos, "c4").is_empty(),
            "{mode}: the first piece on the line is frozen"
        );
        assert_eq!(moves_from(&pos, "e4").is_empty(), frozen_far, "{mode}");
    }
    let pos = position(&["freeze_mode=until_friendly"], "K a1, k g7, n a4, s c4, S e4");
    assert!(
        !moves_from(&pos, "e4").is_empty(),
        "a piece of the net's own side ends its line"
    );
}

#[test]
fn demotion_near_an_enemy_lamp_and_no_promotion_there() {
    let mut pos = position(&[], "K a1, k g7, +V c4, l f6");
    play(&mut pos, "c4-d4");
    assert_eq!(
        code_at(&pos, "d4").as_deref(),
        Some("V"),
        "the caster demoted: a lamp is within 2 of d4"
    );
    let pos = position(&[], "K a1, k a7, V e6, l f5");
    assert_eq!(
        moves_from(&pos, "e6"),
        ["e6-d6", "e6-e5", "e6-e7", "e6-f6"],
        "no promotion near the lamp"
    );
    let pos = position(&[], "K a1, k a7, V c6");
    assert!(moves_from(&pos, "c6").contains(&"c6-c7+".to_string()));
}

#[test]
fn promoting_a_clerk_kills_enemy_flames_and_may_promote_recruits_with_it() {
    let pos = position(&[], "K a1, k g7, Q c6, R e2, f a4");
    let m = moves_from(&pos, "c6");
    assert_eq!(m, ["c6-c7+", "c6-c7+&", "c6-c7="]);
    let mut with = pos.clone();
    play(&mut with, "c6-c7+&");
    assert_eq!(code_at(&with, "a4"), None, "enemy flames die");
    assert_eq!(
        code_at(&with, "e2").as_deref(),
        Some("+R"),
        "the recruit promoted with it"
    );
    let mut without = pos.clone();
    play(&mut without, "c6-c7+");
    assert_eq!(code_at(&without, "e2").as_deref(), Some("R"));
    assert_eq!(code_at(&without, "a4"), None);
}

#[test]
fn kill_history_is_kept_and_written_in_the_position_text() {
    // Victory is by kill history (killed(king)); the history round-trips.
    let mut pos = position(&[], "K a1, k e6, A d2");
    play(&mut pos, "d2-e3*e6");
    let text = pos.to_text();
    assert!(text.ends_with("w:K"), "{text}");
    let back = Position::from_text(pos.rules().clone(), &text).expect("own text");
    assert!(back.outcome().is_some());
}

#[test]
fn when_both_sides_lose_the_mover_loses() {
    // Black's flame arrives on d4, next to both kings, and burns both: with
    // both sides lost at once, the rule file says the side that moved loses.
    let mut pos = position(&[], "K c3, k e5, F d3");
    play(&mut pos, "d3-d4");
    let o = pos.outcome().expect("both kings burnt");
    assert_eq!(o.winner(), Some(gunbai::unstable::board::Colour::White));
}
