//! Perft of the Ko shogi start position (rules reference
//! shared/reference/ko-shogi.md §3.3 setup, default options), with the
//! depth-1 count derived by hand from the setup, kind by kind, and the
//! depth-2 count derived from it.
//!
//! Counting convention: `paths` (gunbai's default, docs/notation.md): every
//! legal path is a move, so a wrestler's pass and a cavalry's return to
//! its start are moves, and `+`/`=` are two moves.

use gunbai::unstable::board::Colour;
use gunbai::unstable::notation::move_text;
use gunbai::unstable::perft::{Convention, divide, perft};
use gunbai::unstable::position::Position;
use std::collections::BTreeMap;

mod common;
use common::{moves_by_kind, setup_rotated_count, text_perft, variant_start};

fn start(options: &[&str]) -> Position {
    variant_start("ko", options)
}

#[test]
fn start_position_has_90_pieces_a_side_in_the_reference_setup() {
    // §1, §3: 90 pieces a side; White's array is Black's rotated 180°.
    let pos = start(&[]);
    let r = pos.rules().clone();
    let geo = &r.geometry;
    assert_eq!(setup_rotated_count(&pos), [90, 90]);
    let kind = |s: &str| {
        r.kind_of(pos.piece_at(geo.parse_square(s).unwrap()).unwrap().1)
            .id
            .clone()
    };
    // §3.1: the staff officer and the Taoist priest on the owner's right.
    assert_eq!(kind("k1"), "staff_officer");
    assert_eq!(kind("i1"), "clerk");
    assert_eq!(kind("r1"), "taoist_priest");
    assert_eq!(kind("i19"), "staff_officer", "White's right is Black's left");
    assert_eq!(kind("b19"), "taoist_priest");
    // §3.2.1: the two cavalry on the edge points of rank 4.
    assert_eq!(kind("a4"), "cavalry");
    assert_eq!(kind("s16"), "cavalry");
    assert_eq!(pos.side_to_move(), Colour::Black, "§1 Black moves first");
}

#[test]
fn depth_one_tally_by_kind_derived_from_the_setup() {
    // Black's 228 first moves, derived by hand from the §3.3 setup and the
    // §6 moves. Nothing can shoot yet: the nearest enemy within any range
    // is White's vanguard j13, and no shooter can reach a line to it.
    // Every kind missing from the list is hemmed in by its own pieces
    // (general, middle troop, banner, drum, staff officer, clerk, priests,
    // advance and rear guards, Frankish cannon).
    let expected: BTreeMap<String, usize> = [
        // Chariots c6 e6 g6 i6 k6 m6 o6 q6: 1-5 points up to rank 11, and
        // one point back to rank 5 (rank 4 is occupied). 8 x 6.
        ("chariot", 48),
        // Shields d6 f6 h6 l6 n6 p6: all four diagonal steps are free.
        ("shield", 24),
        // Elephants (diagonal slides): a3 b4 c5 (d6 stops); e3 d4 c5 f4 g5;
        // i3 h4 g5 j4 k5; k3 j4 i5 l4 m5; o3 n4 m5 p4 q5; s3 r4 q5.
        ("elephant", 20),
        // Chariot units a6, s6: up the empty edge file to rank 13 (7), the
        // capture of White's chariot unit on rank 14 in White's camp, with
        // or without promotion (2), back to rank 5 (1). 2 x 10.
        ("chariot_unit", 20),
        // Six pawns on rank 5: back and both sides (forward is rank 6,
        // occupied). 6 x 3.
        ("pawn", 18),
        // Cavalrymen c4 ... q4: only the two knight jumps to rank 5 are free
        // (a5/e5, c5/g5, ...; ranks 2, 3 and 6 are occupied). 8 x 2.
        ("cavalryman", 16),
        // Shield units b6 j6 r6: four diagonal steps (rank 6 blocks the
        // sideways slide). 3 x 4.
        ("shield_unit", 12),
        // Patrol units b5 j5 r5: down one point (rank 3 stops the slide;
        // rank 6 blocks up) and the two sideways steps. 3 x 3.
        ("patrol_unit", 9),
        // Crossbows c3 g3 m3 q3: the two forward diagonals to rank 4 (rank 2
        // behind them is occupied there). 4 x 2.
        ("crossbow", 8),
        // Longbows: d3 to c2 and e2; h3 to g2; l3 to m2; p3 to o2 and q2.
        ("longbow", 6),
        // Cannons: b3 to c2; f3 to e2 and g2; n3 to m2 and o2; r3 to q2.
        ("cannon", 6),
        // Wrestlers g1, m1: the step to g2 (m2), the pass g1-g2-g1, and the
        // jump to e2 (o2): every other point within 2 is occupied.
        ("wrestler", 6),
        // Vanguard j7: 1-5 points forward, j8 to j12 (White's vanguard j13
        // is 6 away).
        ("vanguard", 5),
        // Aides f1, n1: FL/FR steps to e2, g2 (m2, o2).
        ("aide", 4),
        // Chiefs of staff d1, p1: diagonal steps to c2, e2 (o2, q2).
        ("chief_of_staff", 4),
        // Millenaries f2, n2: sideways slides of one point each (e2, g2 /
        // m2, o2), the next points being occupied.
        ("millenary", 4),
        // Quartermasters d2, p2: sideways slides to c2, e2 / o2, q2.
        ("quartermaster", 4),
        // Cavalry a4: the jump to c5, then no second jump keeping its long
        // leg (e6, e4 are Black's) but the return to a4: a4-c5, a4-c5-a4.
        // The same from s4.
        ("cavalry", 4),
        // Aides-de-camp h1, l1: g2, m2.
        ("aide_de_camp", 2),
        // Sentries h2, l2: sideways to g2, m2.
        ("sentry", 2),
        // Staffs e1, o1: forward to e2, o2.
        ("staff", 2),
        // Engineers c1, q1: forward to c2, q2.
        ("engineer", 2),
        // Centurias b2, r2: the sideways step to c2, q2.
        ("centuria", 2),
    ]
    .into_iter()
    .map(|(k, n)| (k.to_string(), n))
    .collect();
    let pos = start(&[]);
    let tally = moves_by_kind(&pos);
    assert_eq!(tally, expected);
    assert_eq!(tally.values().sum::<usize>(), 228);
    let table: String = tally.iter().map(|(k, n)| format!("{k}\t{n}\n")).collect();
    insta::assert_snapshot!("ko_start_depth1_by_kind", table);
}

#[test]
fn white_has_the_same_228_first_moves_rotated() {
    // White's array is Black's rotated: with White to move it has 228 too.
    let mut pos = start(&[]);
    let m = gunbai::unstable::notation::parse_move(&pos, "c6-c7").expect("legal");
    pos.play_unchecked(&m);
    assert_eq!(perft(&mut pos, 1, Convention::Paths).unwrap(), 228);
}

#[test]
fn start_position_perft_depth_1_and_2() {
    // Depth 2: White has 228 replies to every Black move except those that
    // change what White's facing pieces can do:
    // - a chariot to rank 10 / 11 shortens the walk of the White chariot on
    //   the same file (which captures it instead of going past): -1 / -2,
    //   8 files: -24;
    // - the vanguard to j9 ... j12 shortens White's vanguard's walk from
    //   j13 (5 points): -1 -2 -3 -4 = -10;
    // - the chariot unit a6 (the same for s6): White's a14 has 10 moves
    //   (a13..a7, a6 killing it with +/= in its camp, a15).
    //   a6-a5: a6 is now empty and in White's camp (+/=), and a5 is a
    //   capture with +/=: 12 (+2). a6-a7 ... a6-a13: the walk ends on the
    //   Black piece: 8, 7, 6, 5, 4, 3, 2 (-2 ... -8). a6xa14 (+ or =):
    //   White's chariot unit is gone (-10), but White's shield unit b14 may
    //   kill on a14 by its sideways slide and White's cannon f17 may step
    //   to e18 and shoot a14 over d17, c16 and b15 (§7.3): -8 each.
    //   2 x (2 - 2 - 3 - 4 - 5 - 6 - 7 - 8 - 8 - 8) = -98;
    // - the shield unit b6 to a7 (r6 to s7) stops White's chariot unit
    //   a14 (s14) at a7: a13..a8 and the capture on a7: -2 each, -4.
    // 228 x 228 - 24 - 10 - 98 - 4 = 51848.
    let mut pos = start(&[]);
    let counts: Vec<u64> = (1..=2)
        .map(|d| perft(&mut pos, d, Convention::Paths).unwrap())
        .collect();
    assert_eq!(counts, [228, 51848]);
    let below: BTreeMap<String, u64> = divide(&mut pos, 2, Convention::Paths)
        .unwrap()
        .into_iter()
        .filter(|(_, n)| *n != 228)
        .map(|(m, n)| (move_text(&pos, &m), n))
        .collect();
    let mut expected: BTreeMap<String, u64> = BTreeMap::new();
    for f in ["c", "e", "g", "i", "k", "m", "o", "q"] {
        expected.insert(format!("{f}6-{f}10"), 227);
        expected.insert(format!("{f}6-{f}11"), 226);
    }
    for (to, n) in [("j9", 227), ("j10", 226), ("j11", 225), ("j12", 224)] {
        expected.insert(format!("j7-{to}"), n);
    }
    for f in ["a", "s"] {
        expected.insert(format!("{f}6-{f}5"), 230);
        for (r, n) in [(7, 226), (8, 225), (9, 224), (10, 223), (11, 222), (12, 221), (13, 220)] {
            expected.insert(format!("{f}6-{f}{r}"), n);
        }
        expected.insert(format!("{f}6x{f}14+"), 220);
        expected.insert(format!("{f}6x{f}14="), 220);
    }
    expected.insert("b6-a7".into(), 226);
    expected.insert("r6-s7".into(), 226);
    assert_eq!(below, expected);
    let text = format!(
        "convention paths, default options\n1\t{}\n2\t{}\n",
        counts[0], counts[1]
    );
    insta::assert_snapshot!("ko_start_perft", text);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in a debug build: run with --release")]
fn start_position_perft_depth_3() {
    // Measured: about 2 s in a release build (CI's `cargo test --release`),
    // about 18 s in a debug build, where it is skipped.
    let mut pos = start(&[]);
    let n = perft(&mut pos, 3, Convention::Paths).unwrap();
    assert_eq!(n, 11_911_321);
    insta::assert_snapshot!(
        "ko_start_perft_3",
        format!("convention paths, default options\n3\t{n}\n")
    );
}

#[test]
fn the_priest_killed_demotion_follows_the_shots_perft() {
    // §12: a White five-li fog (l10) may shoot the Black Taoist priest
    // (m11) after its first jump and the Black thunderclap (n14) after its
    // second; the thunderclap then dies as a thunderclap, not as a drum,
    // and Black's pawn e5 keeps its forward step (§8.5, §8.6, §10). The
    // counts are an independent implementation's (issue 22).
    let text = "19/19/19/19/19/13,+DR,5/19/19/12,TP,6/11,+tp,7/19/19/19/19/4,P,14/19/19/19/19 w -";
    assert_eq!(text_perft("ko", text, 2), [158, 3000]);
}
