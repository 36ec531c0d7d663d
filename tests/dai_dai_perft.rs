//! Perft of the Dai-dai start position (rules reference
//! shared/reference/dai-dai-shogi.md §4 setup, default options), with the
//! depth-1 count derived by hand from the setup, piece group by piece group.
//!
//! Counting convention: `paths` (gunbai's default, docs/notation.md): every
//! legal path is a move, so a lion's pass is one move.

use gunbai::unstable::notation::move_text;
use gunbai::unstable::perft::{Convention, divide, perft};
use gunbai::unstable::position::Position;
use std::collections::BTreeMap;

mod common;
use common::{moves_by_kind, setup_rotated_count, variant_start};

fn start(options: &[&str]) -> Position {
    variant_start("dai_dai", options)
}

#[test]
fn start_position_has_96_pieces_a_side_in_the_reference_setup() {
    // §1, §4: 96 pieces a side; White's array is Black's rotated 180°.
    let pos = start(&[]);
    let r = pos.rules().clone();
    let geo = &r.geometry;
    assert_eq!(setup_rotated_count(&pos), [96, 96]);
    // The setup is left/right asymmetric (§4): e.g. the left chariot stands
    // on a5, the right chariot on q5.
    let code = |s: &str| {
        r.types[usize::from(pos.piece_at(geo.parse_square(s).unwrap()).unwrap().1)]
            .code
            .clone()
    };
    assert_eq!(code("a5"), "LC");
    assert_eq!(code("q5"), "RC");
    assert_eq!(
        code("h1"),
        "LG",
        "the left general stands on its owner's left of the king"
    );
    assert_eq!(code("i1"), "K");
}

#[test]
fn depth_one_tally_by_kind_derived_from_the_setup() {
    // Black's 59 first moves, derived by hand from the §4 setup (every other
    // Black piece has no move: it is hemmed in by its own pieces). Squares
    // named are Black's.
    let expected: BTreeMap<String, usize> = [
        // 17 pawns on rank 6 step to rank 7, except f6 and l6, blocked by
        // the howling dogs on f7 and l7.
        ("pawn", 15),
        // Each howling dog ranges forward f8, f9, f10 and captures White's
        // howling dog on f11 (the same on the l-file); its back step lands
        // on its own pawn.
        ("howling_dog", 8),
        // Lion c2: its only empty neighbour is c3 (b3 holds the vertical
        // mover), so: c2-c3, the pass c2-c3-c2 (every other square next to
        // c3 is Black's), and the jumps to the empty a3 and e3.
        ("lion", 4),
        // Lion dog o2: only its forward line starts on an empty square
        // (o3); o4 holds the southern barbarian, so o2-o3 and the pass
        // o2-o3-o2; every jump lands on a friend.
        ("lion_dog", 2),
        // a2-a3 and q2-q3 (a4 and q4 are occupied; behind them a1, q1).
        ("reverse_chariot", 2),
        // Phoenix g2: the step to g3; its diagonal jumps land on e4 (wood
        // general) and i4 (golden bird).
        ("phoenix", 1),
        // Blue dragon a4: back up to 2, to a3 (a2 holds the reverse chariot).
        ("blue_dragon", 1),
        // White tiger q4: back to q3 (its back range is unlimited; q2 stops it).
        ("white_tiger", 1),
        // Vertical mover b3: sideways steps to a3 and c3.
        ("vertical_mover", 2),
        // Fragrant elephant b4: back-diagonal range to a3 and c3 (d2 stops it).
        ("fragrant_elephant", 2),
        // White elephant p4: back-diagonal range to o3 and q3.
        ("white_elephant", 2),
        // Old kite b2: forward-diagonal steps to a3 and c3.
        ("old_kite", 2),
        // Old rat d2: forward-diagonal range to c3 and e3 (b4, f4 occupied).
        ("old_rat", 2),
        // Prancing stag e2: the forward step to e3.
        ("prancing_stag", 1),
        // Cat sword f2: e3 and g3.
        ("cat_sword", 2),
        // Water buffalo f3: sideways range to e3 and g3 (d3, h3 occupied).
        ("water_buffalo", 2),
        // Gold generals h2 and j2: the forward-diagonal steps to g3 and k3.
        ("gold_general", 2),
        // Rushing bird l2: forward-diagonal range to k3 and m3.
        ("rushing_bird", 2),
        // Flying horse l3: sideways steps to k3 and m3.
        ("flying_horse", 2),
        // Blind monkey n2: diagonal steps to m3 and o3.
        ("blind_monkey", 2),
        // Enchanted badger n3: sideways range to m3 and o3.
        ("enchanted_badger", 2),
    ]
    .into_iter()
    .map(|(k, n)| (k.to_string(), n))
    .collect();
    let pos = start(&[]);
    let tally = moves_by_kind(&pos);
    assert_eq!(tally, expected);
    assert_eq!(tally.values().sum::<usize>(), 59);
    let table: String = tally.iter().map(|(k, n)| format!("{k}\t{n}\n")).collect();
    insta::assert_snapshot!("dai_dai_start_depth1_by_kind", table);
}

#[test]
fn start_position_perft_depth_1_and_2() {
    // Depth 1: 59 (the tally above). Depth 2: White's array is Black's
    // rotated, so it too has 59 replies, except after
    // - a howling-dog move, which changes what White's facing dog can do:
    //   after f7-f8 / f7-f9 / f7-f10 it has 3 / 2 / 1 moves instead of 4
    //   (it captures the Black dog where it now stands); after f7xf11 it
    //   is gone (-4) but White's f12 pawn may capture on f11 (+1). The same
    //   on the l-file: -2 x (1 + 2 + 3 + 3) = -18;
    // - a Black pass (the lion's c2-c3-c2, the lion dog's o2-o3-o2), after
    //   which White's two passes would recreate the start position with
    //   Black to move, which the default repetition rule forbids: -2 x 2.
    // 59 x 59 - 18 - 4 = 3459.
    let mut pos = start(&[]);
    let counts: Vec<u64> = (1..=2)
        .map(|d| perft(&mut pos, d, Convention::Paths).unwrap())
        .collect();
    assert_eq!(counts, [59, 3459]);
    let below: BTreeMap<String, u64> = divide(&mut pos, 2, Convention::Paths)
        .unwrap()
        .into_iter()
        .filter(|(_, n)| *n != 59)
        .map(|(m, n)| (move_text(&pos, &m), n))
        .collect();
    let expected: BTreeMap<String, u64> = [
        ("c2-c3-c2", 57),
        ("o2-o3-o2", 57),
        ("f7-f8", 58),
        ("f7-f9", 57),
        ("f7-f10", 56),
        ("f7xf11", 56),
        ("l7-l8", 58),
        ("l7-l9", 57),
        ("l7-l10", 56),
        ("l7xl11", 56),
    ]
    .into_iter()
    .map(|(m, n)| (m.to_string(), n))
    .collect();
    assert_eq!(below, expected);
    // Without the repetition ban the passes keep all 59 replies.
    let mut free = start(&["repetition=sennichite4"]);
    assert_eq!(perft(&mut free, 2, Convention::Paths).unwrap(), 3459 + 4);
    let text = format!(
        "convention paths, default options\n1\t{}\n2\t{}\nrepetition=sennichite4: 2\t{}\n",
        counts[0],
        counts[1],
        3459 + 4
    );
    insta::assert_snapshot!("dai_dai_start_perft", text);
}
