//! Perft of the Dai shogi start position against HaChu's move generator,
//! and the `promotes_upward` kind set against HaChu's piece table.
//!
//! The expected counts come from HaChu 0.21 (H. G. Muller), not from gunbai:
//! its generator with every deferral of promotion allowed and moves of the
//! same effect counted once (gunbai's `effects` convention) gives 71, 5,041
//! and 25,421,252 at depth 4; its native count, which offers no deferral to
//! a piece whose promoted form can do all it can, gives 357,836 at depth 3
//! and 25,400,968 at depth 4. HaChu's generator does not apply a repetition
//! rule, so the depth-4 counts are compared with `repetition=sennichite4`
//! (a repetition only ends a game at its fourth occurrence). The default,
//! `forbid_repeat`, removes the ply-4 moves that recreate an earlier
//! position (1,636 in the `effects` count: 25,419,616 remain).

use gunbai::unstable::perft::{Convention, perft};
use gunbai::unstable::position::Position;

mod common;

fn start(options: &[&str]) -> Position {
    common::variant_start("dai", options)
}

#[test]
fn start_position_has_65_pieces_a_side() {
    let pos = start(&[]);
    let mut count = [0; 2];
    for (_, colour, _) in &pos.rules().setup {
        count[colour.index()] += 1;
    }
    assert_eq!(count, [65, 65], "Dai shogi: 65 pieces a side");
}

#[test]
fn perft_with_every_deferral_matches_hachu_to_depth_2() {
    let mut pos = start(&[]);
    assert_eq!(perft(&mut pos, 1, Convention::Effects).unwrap(), 71);
    assert_eq!(perft(&mut pos, 2, Convention::Effects).unwrap(), 5_041);
}

#[test]
fn perft_with_every_deferral_matches_hachu_at_depth_4() {
    let mut pos = start(&["repetition=sennichite4"]);
    assert_eq!(perft(&mut pos, 4, Convention::Effects).unwrap(), 25_421_252);
}

#[test]
fn hachu_native_count_offers_no_useless_deferral_at_depth_3() {
    let mut pos = start(&["defer_only_when_useful=true"]);
    assert_eq!(perft(&mut pos, 3, Convention::Effects).unwrap(), 357_836);
}

#[test]
fn hachu_native_count_at_depth_4() {
    let mut pos = start(&["defer_only_when_useful=true", "repetition=sennichite4"]);
    assert_eq!(perft(&mut pos, 4, Convention::Effects).unwrap(), 25_400_968);
}

#[test]
fn forbid_repeat_removes_the_moves_that_repeat_at_depth_4() {
    // Depth 3 cannot repeat a position with the same side to move; depth 4
    // can (both sides move out and back, or both lions pass). The difference
    // is exactly the ply-4 moves that recreate an earlier position.
    let mut forbid = start(&[]);
    let mut allow = start(&["repetition=sennichite4"]);
    assert_eq!(
        perft(&mut forbid, 3, Convention::Effects).unwrap(),
        perft(&mut allow, 3, Convention::Effects).unwrap()
    );
    let start_hash = allow.hash();
    let mut repeats = 0;
    let mut walk = |pos: &mut Position| {
        // Every ply-4 move whose result has the start position's hash.
        let mut m1 = Vec::new();
        gunbai::unstable::movegen::legal_moves(pos, &mut m1).unwrap();
        for a in &m1 {
            let ua = pos.play_unchecked(a);
            let mut m2 = Vec::new();
            gunbai::unstable::movegen::legal_moves(pos, &mut m2).unwrap();
            for b in &m2 {
                let ub = pos.play_unchecked(b);
                let ply2_hash = pos.hash();
                let mut m3 = Vec::new();
                gunbai::unstable::movegen::legal_moves(pos, &mut m3).unwrap();
                for c in &m3 {
                    // Only a move back to the first move's origin, or a
                    // pass, can start a way back to an earlier position.
                    if c.to() != a.from() && c.to() != c.from() {
                        continue;
                    }
                    let uc = pos.play_unchecked(c);
                    let mut m4 = Vec::new();
                    gunbai::unstable::movegen::legal_moves(pos, &mut m4).unwrap();
                    for d in &m4 {
                        let ud = pos.play_unchecked(d);
                        if pos.hash() == start_hash || pos.hash() == ply2_hash {
                            repeats += 1;
                        }
                        pos.unplay(&ud);
                    }
                    pos.unplay(&uc);
                }
                pos.unplay(&ub);
            }
            pos.unplay(&ua);
        }
    };
    walk(&mut allow);
    assert!(repeats > 0);
    assert_eq!(
        perft(&mut allow, 4, Convention::Paths).unwrap() - perft(&mut forbid, 4, Convention::Paths).unwrap(),
        repeats
    );
}

#[test]
fn promotes_upward_is_hachus_upward_compatible_set() {
    // HaChu's piece table (ranges per ray): a piece is offered no deferral
    // when every ray of its promoted form reaches at least as far in the
    // same way. That holds for these Dai kinds and no others. Each kind is
    // put on h10, just outside the zone, and moved into it.
    let upward = [
        "P", "L", "RV", "DE", "BT", "KN", "B", "R", "DH", "DK", "EW", "AB", "I", "SG",
    ];
    let rules = gunbai::unstable::rules::load_variant("dai", &["defer_only_when_useful=true".parse().expect("option")])
        .expect("dai");
    let mut checked = 0;
    for ty in &rules.types {
        if ty.promoted_from.is_some() || ty.promotes_to.is_none() {
            continue;
        }
        let code = &ty.code;
        let text = format!("k,14/15/15/15/15/7,{code},7/15/15/15/15/15/15/15/15/14,K b -");
        let pos = Position::from_text(rules.clone(), &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut moves = Vec::new();
        gunbai::unstable::movegen::legal_moves(&pos, &mut moves).unwrap();
        let from = rules.geometry.parse_square("h10").expect("h10");
        let into_zone: Vec<_> = moves
            .iter()
            .filter(|m| m.from() == from && rules.geometry.xy(m.to()).1 >= 10)
            .collect();
        assert!(!into_zone.is_empty(), "{code} can enter the zone from h10");
        let declines = into_zone
            .iter()
            .any(|m| m.promotion() == gunbai::unstable::movegen::Promotion::Decline);
        assert_eq!(
            declines,
            !upward.contains(&code.as_str()),
            "{code}: deferral offered = {declines}"
        );
        checked += 1;
    }
    assert_eq!(checked, 26, "every Dai kind that promotes (18 Chu edges, 8 new pieces)");
}
