//! Hops over a screen (`hop = "beyond"` / `"behind"`, `screen_not`,
//! `victim_not`, `range`), shown on `tests/data/toy/hoppers.toml`, a 5x5
//! toy: every expected move list and perft count is worked out by hand from
//! docs/rule-files.md ("Hopping over a screen"), the working in comments.
//! Files a-e run left to right, ranks 1-5 bottom to top; upper case is
//! Black, who moves first. The toy has no check rule: a move may leave the
//! king attacked, so every move counted is pseudo-legal and legal.

mod common;

use gunbai::perft::{Convention, perft};
use gunbai::position::Position;
use std::sync::Arc;

const HOPPERS: &str = include_str!("data/toy/hoppers.toml");

fn rules() -> Arc<gunbai::ruleset::Ruleset> {
    common::compile_text("hoppers.toml", HOPPERS, &[])
}

fn moves_from(position: &str, sq: &str) -> Vec<String> {
    common::moves_from(&Position::from_text(rules(), position).expect("position"), sq)
}

#[test]
fn a_cannon_captures_only_over_exactly_one_screen() {
    // Cannon a1; White pawn a4 and king a5 above it; Black king e1.
    // Up: a2, a3 quietly; a4 is the first piece, the screen; beyond it the
    // king a5 is captured. Right: b1, c1, d1; the own king e1 is a screen
    // with nothing beyond.
    assert_eq!(
        moves_from("k,4/p,4/5/5/C,3,K b", "a1"),
        ["a1-a2", "a1-a3", "a1-b1", "a1-c1", "a1-d1", "a1xa5"]
    );
    // Without the pawn the king a5 is the first piece: a screen with
    // nothing beyond, so no capture (`pass_over = 1` took it: issue 27).
    assert_eq!(
        moves_from("k,4/5/5/5/C,3,K b", "a1"),
        ["a1-a2", "a1-a3", "a1-a4", "a1-b1", "a1-c1", "a1-d1"]
    );
    // Two pieces between: the first is the screen, the second ends the
    // line (own pawn a3 over the White pawn a4: a4 is taken, not a5).
    assert_eq!(
        moves_from("k,4/p,4/P,4/5/C,3,K b", "a1"),
        ["a1-a2", "a1-b1", "a1-c1", "a1-d1", "a1xa4"]
    );
}

#[test]
fn a_vao_is_the_diagonal_cannon() {
    // Vao c3. NE: own pawn d4 is the screen, White pawn e5 beyond: c3xe5.
    // NW: b4 quietly; the king a5 is a screen with nothing beyond. SW: the
    // White pawn b2 is a screen, a1 beyond is empty (capture only). SE: d2
    // quietly; the own king e1 ends it.
    assert_eq!(
        moves_from("k,3,p/3,P,1/2,V,2/1,p,3/4,K b", "c3"),
        ["c3-b4", "c3-d2", "c3xe5"]
    );
}

#[test]
fn a_korean_cannon_may_not_hop_over_or_take_its_own_kind() {
    // Korean cannon c1 under its own pawn c3: it hops the pawn to c4 (it
    // moves beyond a screen too) and stops at the White Korean cannon c5,
    // which it may not take. Left: nothing to hop. Right: the own king e1
    // is a screen with nothing beyond.
    assert_eq!(moves_from("k,1,kc,2/5/2,P,2/5/2,KC,1,K b", "c1"), ["c1-c4"]);
    // A White pawn on c5 instead may be taken.
    assert_eq!(moves_from("k,1,p,2/5/2,P,2/5/2,KC,1,K b", "c1"), ["c1-c4", "c1xc5"]);
    // A Korean cannon (of either side) is no screen: nothing up the file.
    assert_eq!(moves_from("k,1,p,2/5/2,kc,2/5/2,KC,1,K b", "c1"), Vec::<String>::new());
    assert_eq!(moves_from("k,1,p,2/5/2,KC,2/5/2,KC,1,K b", "c1"), Vec::<String>::new());
}

#[test]
fn a_grasshopper_lands_right_behind_the_first_piece() {
    // Grasshopper c3; own pawn c4, White pawns b4 and e3, White king a5,
    // own king e1. N: over c4 to c5. NW: over b4 onto the king a5. E: d3
    // empty, over e3, the edge behind. SE: d2 empty, over the own king e1,
    // the edge behind. NE (d4, e5), S, SW, W: no piece, no move.
    assert_eq!(moves_from("k,4/1,p,P,2/2,G,1,p/5/4,K b", "c3"), ["c3-c5", "c3xa5"]);
    // Hurdles two squares off with the edge right behind them: own pawns
    // c5 (N) and a3 (W), the White king a5 (NW), the White pawn e1 (SE);
    // the own king e4 is on none of its lines. No move.
    assert_eq!(moves_from("k,1,P,2/4,K/P,1,G,2/5/4,p b", "c3"), Vec::<String>::new());
}

#[test]
fn a_hop_with_range_2_hops_a_neighbour_only() {
    // Short hopper c3 (`range = 2`, Betza pB2): NE over the White pawn d4
    // to the empty e5; SW over its own pawn b2 to the empty a1. NW: b4 is
    // empty, so the king a5 at range 2 cannot be a screen with a landing.
    // SE: d2 empty, the own king e1 two away.
    assert_eq!(moves_from("k,4/3,p,1/2,S,2/1,P,3/4,K b", "c3"), ["c3-a1", "c3-e5"]);
}

#[test]
fn the_toy_setup_perft_worked_by_hand() {
    // The setup (top to bottom):
    //   c kc k . g      White cannon a5, Korean cannon b5, king c5, grasshopper e5
    //   . .  p . .      White pawn c4
    //   . .  . . .
    //   . .  P . .      Black pawn c2
    //   C KC K . G      Black cannon a1, Korean cannon b1, king c1, grasshopper e1
    //
    // Depth 1, Black:
    //   cannon a1: a2, a3, a4 quietly (a5 ends the file); its hops: a5 is
    //     a screen with nothing beyond, b1 a screen with the own king c1
    //     beyond ............................................... 3
    //   Korean b1: up, the White Korean b5 is no screen; left, a1 is a
    //     screen with the edge beyond; right, over the king c1 to d1, then
    //     the own grasshopper e1 ends it ........................ 1
    //   king c1: b2, d1, d2 (b1, c2 own) ......................... 3
    //   pawn c2: c3 .............................................. 1
    //   grasshopper e1: up, hurdle e5, edge behind; left, hurdle c1, own
    //     Korean b1 behind; up-left, hurdle a5, edge behind ....... 0
    //   total 8.
    //
    // Depth 2: White's replies after each (White's pieces mirror Black's
    // across the middle rank, so with nothing changed it has 8 too:
    // cannon 3, Korean 1 (over the king to d5), king 3, pawn 1):
    //   a1-a2: cannon a4, a3 only, no capture over a2 (a1 empty) ...... 7
    //   a1-a3: cannon a4 only ........................................ 6
    //   a1-a4: cannon none; a4 screens nothing but empty squares ...... 5
    //   b1-d1: the b-file is empty: the Korean b5 still has d5; the
    //     grasshopper's lines are unchanged ......................... 8
    //   c1-b2: Korean b5 down: over the king b2, but the Korean b1
    //     behind may not be taken; grasshopper e5 down-left: over the
    //     king b2 onto the cannon a1 (e5xa1) ........................ 9
    //   c1-d1: nothing changes for White ............................. 8
    //   c1-d2: nothing changes for White (d2 is on none of its lines) . 8
    //   c2-c3: the pawn c4 takes c3; the grasshopper e5 hops the pawn
    //     c3 down-left to b2 ....................................... 9
    //   total 7 + 6 + 5 + 8 + 9 + 8 + 8 + 9 = 60.
    let mut pos = Position::start(rules());
    assert_eq!(perft(&mut pos, 1, Convention::Paths).unwrap(), 8);
    assert_eq!(perft(&mut pos, 2, Convention::Paths).unwrap(), 60);
}

#[test]
fn xbetza_writes_hops_as_fairy_stockfish_defines_cannon_shogi() {
    // Fairy-Stockfish's variants.ini [cannonshogi] and its built-in cannon:
    // u = mRcpR, a = pR, c = mBcpB, i = pB, w = mRpRmFpB2, f = mBpBmWpR2,
    // and the soldier fsW. gunbai writes a diagonal rider of range 2 as
    // F2, which is B2.
    let rules = gunbai::rules::load_variant("cannonshogi", &[]).unwrap();
    let betza = |id: &str| {
        let kind = rules.kinds.iter().position(|k| k.id == id).expect(id);
        gunbai::engine::betza::xbetza(&rules, kind)
    };
    assert_eq!(betza("gold_cannon").as_deref(), Some("mRcpR"));
    assert_eq!(betza("silver_cannon").as_deref(), Some("pR"));
    assert_eq!(betza("copper_cannon").as_deref(), Some("mBcpB"));
    assert_eq!(betza("iron_cannon").as_deref(), Some("pB"));
    assert_eq!(betza("flying_cannon").as_deref(), Some("mRpRmFpF2"));
    assert_eq!(betza("flying_vao").as_deref(), Some("mBpBmWpW2"));
    // The toy's grasshopper is Betza's gQ, which the writer spells as its
    // rook and bishop halves (as it writes a queen `RB`); a Korean
    // cannon's exclusions have no XBetza, so it gets none.
    let toy = rules_toy_kind_betza("grasshopper");
    assert_eq!(toy.as_deref(), Some("gRgB"));
    assert_eq!(rules_toy_kind_betza("korean"), None);
}

fn rules_toy_kind_betza(id: &str) -> Option<String> {
    let rules = rules();
    let kind = rules.kinds.iter().position(|k| k.id == id).expect(id);
    gunbai::engine::betza::xbetza(&rules, kind)
}

#[test]
fn a_diagram_draws_the_screen_and_the_landings_beyond_it() {
    // From c3 of the empty 5x5 board: the cannon slides (arrows) and
    // shows its screens `○` on the four neighbours; the squares beyond are
    // reached by its plain slide too, so they keep the arrows. The Korean
    // cannon and the grasshopper only hop: `◇` beyond each screen, the
    // grasshopper only right behind it.
    let rules = rules();
    let diagram = |id: &str| {
        let kind = rules.kinds.iter().position(|k| k.id == id).expect(id);
        let ty = rules
            .types
            .iter()
            .position(|t| t.kind == kind && t.promoted_from.is_none())
            .unwrap() as u16;
        let origin = rules.geometry.square(2, 2).unwrap();
        gunbai::diagram::move_map(&rules, ty, gunbai::board::Colour::Black, origin).render(
            &rules,
            gunbai::board::Colour::Black,
            None,
        )
    };
    assert_eq!(
        diagram("cannon"),
        ". . ↑ . .\n. . ○ . .\n← ○ * ○ →\n. . ○ . .\n. . ↓ . .\n"
    );
    assert_eq!(
        diagram("korean"),
        ". . ◇ . .\n. . ○ . .\n◇ ○ * ○ ◇\n. . ○ . .\n. . ◇ . .\n"
    );
    assert_eq!(
        diagram("grasshopper"),
        "◇ . ◇ . ◇\n. ○ ○ ○ .\n◇ ○ * ○ ◇\n. ○ ○ ○ .\n◇ . ◇ . ◇\n"
    );
}
