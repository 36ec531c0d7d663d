//! The `effects` convention's merging: moves with the same effect count
//! once, the first of them in generation order standing for the rest.
//!
//! Two moves have the same effect when they agree on: the origin, the
//! final square, the set of squares where they capture (a landing on an
//! enemy piece; a path that comes back to a square it captured on
//! captures there once, so `e5xe6-e7-e6` and `e5xe6` take the same piece),
//! which landings a range capture reached (`Move::sweep`: it takes what it
//! passed, so a range capture and a jump over the same pieces differ) and
//! which pieces it took (two paths into one square along different lines
//! take different pieces), the
//! shots (as a multiset), the promotion choice, the pieces that promote
//! along (`chain`), and for a drop the type dropped.
//!
//! Which moves need comparing at all. Call a move *simple* when it has one
//! landing and fires no shots. A simple move is nothing but its origin,
//! final square, promotion, chain, range capture bits and drop: its path is
//! that one square, its shot arrays are empty. Its capture set is a
//! function of the same fields ({final square} when an enemy stands there,
//! else {}). So two simple moves with the same effect are the same `Move`,
//! and `legal_moves` yields a move once (the paths that two alternatives of
//! an `overlapping` kind both produce are merged there). Simple moves
//! therefore never merge with each other, only with a longer path or a
//! shooting move, and only of the same origin (it is in the effect). A
//! drop's origin is the empty square it drops on, never the origin of a
//! move on the board, and drops are simple, so drops never merge.
//! `legal_moves` walks one piece at a time and its later filters only
//! remove moves, so a piece's moves come as one run of equal origins: only
//! the runs that hold a move that is not simple are compared, within
//! themselves.
//!
//! Within such a run only moves with the same final square can merge: the
//! moves are chained by final square through a table indexed by square,
//! and only the squares two or more moves end on compare the rest of the
//! effect. Nothing is allocated once the scratch buffers have grown to the
//! largest run.

use crate::board::{NO_SQUARE, Square};
use crate::movegen::{MAX_LEGS, MAX_SHOTS, Move, Promotion};
use crate::position::{Position, cell_colour, for_swept};

/// Reusable buffers for [`merge_same_effects`].
#[derive(Default)]
pub(crate) struct Scratch {
    /// By square: the last move of the run so far that ends there (an
    /// index in the run), or [`NONE`]. Every entry is `NONE` between runs.
    last_to: Vec<u32>,
    /// By index in the run: the move before it that ends on the same
    /// square, or [`NONE`].
    earlier: Vec<u32>,
    /// The final squares two or more moves of the run end on.
    shared: Vec<Square>,
    /// A group's rest of the effect, with the index in the run.
    rest: Vec<(Rest, u32)>,
    /// Which moves of the list are merged into an earlier one.
    gone: Vec<bool>,
}

/// The largest group of moves to one square compared pair by pair.
const PAIRWISE_MAX: usize = 16;

/// No move (in [`Scratch::last_to`] and [`Scratch::earlier`]).
const NONE: u32 = u32::MAX;

/// The effect of a move of the run beyond its final square: the promotion
/// choice, the chain, the range capture bits, the square farthest from the
/// final one that the range capture took ([`NO_SQUARE`] if none), the
/// sorted captured squares (padded with [`NO_SQUARE`]) and the sorted shots.
type Rest = (Promotion, u16, u8, Square, [Square; MAX_LEGS], [Square; MAX_SHOTS]);

/// Keeps the first move of each effect in `moves` (the moves of `pos`, as
/// `legal_moves` yields them), in generation order.
pub(crate) fn merge_same_effects(pos: &Position, moves: &mut Vec<Move>, scratch: &mut Scratch) {
    let mut merged = false;
    // Every run before `next` is done. Most moves are simple: the scan
    // looks for the next one that is not, then for the ends of its run.
    let mut next = 0;
    while let Some(k) = moves[next..].iter().position(|m| !is_simple(m)) {
        let i = next + k;
        let from = moves[i].from;
        let start = moves[next..i]
            .iter()
            .rposition(|m| m.from != from)
            .map_or(next, |p| next + p + 1);
        let end = moves[i..]
            .iter()
            .position(|m| m.from != from)
            .map_or(moves.len(), |p| i + p);
        if !merged {
            scratch.gone.clear();
            scratch.gone.resize(moves.len(), false);
            merged = true;
        }
        mark_run(pos, &moves[start..end], start, scratch);
        next = end;
    }
    if merged {
        let gone = &scratch.gone;
        let mut kept = 0;
        for i in 0..moves.len() {
            if !gone[i] {
                moves[kept] = moves[i];
                kept += 1;
            }
        }
        moves.truncate(kept);
    }
}

/// Whether the move is simple (see the module comment): it can merge only
/// with a move that is not.
fn is_simple(m: &Move) -> bool {
    m.len == 1 && m.n_shots == 0
}

/// Marks in `scratch.gone` (from `offset` on) every move of `run`, one
/// piece's moves, whose effect an earlier move of the run has. The moves
/// are chained by final square through a table indexed by square (no
/// sort), and only squares that two or more moves end on are compared.
fn mark_run(pos: &Position, run: &[Move], offset: usize, scratch: &mut Scratch) {
    let Scratch {
        last_to,
        earlier,
        shared,
        rest,
        gone,
    } = scratch;
    if last_to.len() < pos.cells.len() {
        last_to.resize(pos.cells.len(), NONE);
    }
    earlier.clear();
    shared.clear();
    // A run is one piece's paths times its promotion choices (compile
    // bounds the paths), far below `NONE`.
    for (i, m) in run.iter().enumerate() {
        let to = m.to();
        let before = last_to[usize::from(to)];
        if before != NONE && earlier[before as usize] == NONE {
            shared.push(to);
        }
        earlier.push(before);
        last_to[usize::from(to)] = i as u32;
    }
    let mover = pos.cells[usize::from(run[0].from)];
    for &to in shared.iter() {
        rest.clear();
        let mut i = last_to[usize::from(to)];
        while i != NONE {
            rest.push((rest_of(pos, mover, &run[i as usize]), i));
            i = earlier[i as usize];
        }
        // `rest` runs backwards in generation order: a move goes when a
        // move after it in `rest` has its effect. Groups are a few paths
        // to one square; a large one is sorted instead.
        if rest.len() <= PAIRWISE_MAX {
            for w in 0..rest.len() {
                if rest[w + 1..].iter().any(|r| r.0 == rest[w].0) {
                    gone[offset + rest[w].1 as usize] = true;
                }
            }
        } else {
            // Equal effects in generation order: the first stays.
            rest.sort_unstable();
            for w in 1..rest.len() {
                if rest[w].0 == rest[w - 1].0 {
                    gone[offset + rest[w].1 as usize] = true;
                }
            }
        }
    }
    for m in run {
        last_to[usize::from(m.to())] = NONE;
    }
}

/// The promotion, chain, range capture bits, captured squares and shots
/// of `m`, a move of the piece in cell `mover`, each set sorted.
fn rest_of(pos: &Position, mover: crate::position::Cell, m: &Move) -> Rest {
    // Kept sorted as it fills; a square the path captured on earlier is
    // already in it.
    let mut caps = [NO_SQUARE; MAX_LEGS];
    let mut n = 0;
    for &sq in m.landings() {
        let c = pos.cells[usize::from(sq)];
        if sq != m.from && c != 0 && cell_colour(c) != cell_colour(mover) && !caps[..n].contains(&sq) {
            let at = caps[..n].partition_point(|&x| x < sq);
            caps.copy_within(at..n, at + 1);
            caps[at] = sq;
            n += 1;
        }
    }
    let mut shots = [NO_SQUARE; MAX_SHOTS];
    let fired = m.shots();
    if !fired.is_empty() {
        shots[..fired.len()].copy_from_slice(fired);
        shots[..fired.len()].sort_unstable();
    }
    // Only a move's last leg may sweep (compile/leg.rs), along one line
    // into the final square, taking every piece on it it does not spare:
    // with the same final square, the farthest square taken decides which
    // pieces were taken, where the bits alone do not.
    let mut farthest = (0, NO_SQUARE);
    if m.sweep != 0 {
        let geo = &pos.rules.geometry;
        for_swept(pos, m, |sq, _| farthest = farthest.max((geo.distance(sq, m.to()), sq)));
    }
    (m.promotion, m.chain, m.sweep, farthest.1, caps, shots)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::legal_moves;

    /// The whole effect, origin and drop included: the plain definition.
    type Key = (
        Square,
        Square,
        [Square; MAX_LEGS],
        u8,
        Vec<Square>,
        Promotion,
        u16,
        [Square; MAX_SHOTS],
        Option<u16>,
    );

    fn key(pos: &Position, m: &Move) -> Key {
        let mover = pos.piece_at(m.from).map(|(c, _)| c);
        let mut caps = [NO_SQUARE; MAX_LEGS];
        for (i, &sq) in m.landings().iter().enumerate() {
            if sq != m.from
                && !m.landings()[..i].contains(&sq)
                && pos.piece_at(sq).is_some_and(|(c, _)| Some(c) != mover)
            {
                caps[i] = sq;
            }
        }
        caps.sort_unstable();
        let mut shots = m.shots;
        shots.sort_unstable();
        let mut swept = Vec::new();
        for_swept(pos, m, |sq, _| swept.push(sq));
        swept.sort_unstable();
        (
            m.from,
            m.to(),
            caps,
            m.sweep,
            swept,
            m.promotion,
            m.chain,
            shots,
            m.drop,
        )
    }

    /// Every move compared with every other: sorted by the whole key
    /// (stably, so the first of each effect in generation order stays),
    /// the first of each key kept, back in generation order.
    fn plain(pos: &Position, moves: &[Move]) -> Vec<Move> {
        let mut keyed: Vec<(Key, usize)> = moves.iter().enumerate().map(|(i, m)| (key(pos, m), i)).collect();
        keyed.sort_by(|a, b| a.0.cmp(&b.0));
        keyed.dedup_by(|a, b| a.0 == b.0);
        let mut kept: Vec<usize> = keyed.into_iter().map(|k| k.1).collect();
        kept.sort_unstable();
        kept.into_iter().map(|i| moves[i]).collect()
    }

    /// What [`compare`] met.
    #[derive(Default)]
    struct Seen {
        /// Moves merged into an earlier one.
        merged: usize,
        /// Moves that shoot (not simple, so compared).
        shooting: usize,
        /// Range captures.
        sweeping: usize,
        /// Drops.
        dropping: usize,
    }

    /// Plays `games` random games of `plies` from the start of `variant`,
    /// and checks the fast merging against the plain one on every
    /// position.
    fn compare(variant: &str, games: u64, plies: usize) -> Seen {
        let rules = crate::rules::load_variant(variant, &[]).expect("bundled");
        let mut scratch = Scratch::default();
        let mut seen = Seen::default();
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..games {
            let mut pos = Position::start(rules.clone());
            for _ in 0..plies {
                let mut moves = Vec::new();
                legal_moves(&pos, &mut moves).unwrap();
                if moves.is_empty() {
                    break;
                }
                let expected = plain(&pos, &moves);
                let mut fast = moves.clone();
                merge_same_effects(&pos, &mut fast, &mut scratch);
                assert_eq!(fast, expected, "{variant}: {}", pos.to_text());
                seen.merged += moves.len() - fast.len();
                seen.shooting += moves.iter().filter(|m| m.n_shots > 0).count();
                seen.sweeping += moves.iter().filter(|m| m.sweep != 0).count();
                seen.dropping += moves.iter().filter(|m| m.drop.is_some()).count();
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let m = moves[(seed >> 33) as usize % moves.len()];
                pos.play_unchecked(&m);
            }
        }
        seen
    }

    /// The moves of a position of a toy rule file, and the number of them
    /// both mergings drop (checked equal).
    fn toy_merged(name: &str, text: &str, board: &str) -> usize {
        let src = crate::diagnostics::Source::new(name, text);
        let rules = std::sync::Arc::new(crate::compile::compile(&src, &[]).expect("toy compiles").ruleset);
        let pos = Position::from_text(rules, board).expect("toy position");
        let mut moves = Vec::new();
        legal_moves(&pos, &mut moves).unwrap();
        let expected = plain(&pos, &moves);
        let mut fast = moves.clone();
        merge_same_effects(&pos, &mut fast, &mut Scratch::default());
        assert_eq!(fast, expected, "{name}: {board}");
        moves.len() - fast.len()
    }

    #[test]
    fn range_captures_that_take_different_pieces_stay_apart() {
        // The hooker on d4 steps to c5, e5, c3 or e3, then jumps two
        // squares orthogonally, taking what it leaps: 16 paths to 12 empty
        // squares. Worked by hand: c5-e5 takes d5 and e3-e5 takes e4 (one
        // final square, the same range capture bits, no landing captures:
        // two effects); e5-e3 takes e4, c3-e3 nothing; e5-c5 takes d5,
        // c3-c5 nothing; c5-c3 and e3-c3 take nothing (one effect). So
        // exactly one move merges.
        let toy = include_str!("../../tests/data/toy/sweep_merge.toml");
        assert_eq!(toy_merged("sweep_merge.toml", toy, "6,k/7/3,p,3/3,X,p,2/7/7/K,6 b"), 1);
    }

    #[test]
    fn one_landing_moves_that_shoot_are_compared() {
        // A gunner (two shots) stepping to e3 may shoot e4 then f4 or f4
        // then e4: one effect, though every move of the gunner has one
        // landing.
        let effects = include_str!("../../tests/data/toy/effects.toml");
        assert!(toy_merged("effects.toml", effects, "6,k/7/7/4,s,s,1/7/3,G,3/K,6 b") > 0);
    }

    #[test]
    fn many_paths_to_one_square_are_sorted_and_compared() {
        // A piece of three free king steps reaches a square next to it by
        // dozens of paths over an empty board, one effect: more than
        // PAIRWISE_MAX to one square.
        let tiny = include_str!("../../tests/data/toy/tiny.toml");
        let scout = tiny.find("  { step = \"F\" },").expect("the scout's moves");
        let end = tiny[scout..].find("\n]").expect("their end") + scout;
        let wanderer = format!(
            "{}  {{ legs = [{{ step = \"all\" }}, {{ step = \"all\" }}, {{ step = \"all\" }}] }},{}",
            &tiny[..scout],
            &tiny[end..]
        );
        assert!(toy_merged("wanderer.toml", &wanderer, "2,k,2/5/2,S,2/5/K,4 b") > PAIRWISE_MAX);
    }

    #[test]
    fn fast_merging_keeps_the_moves_the_plain_one_keeps() {
        // Every bundled variant (src/ names none): lion-type pieces,
        // shooters, range captures, drops.
        let mut total = Seen::default();
        let mut with_merges = 0;
        for variant in crate::rules::bundled_names() {
            let seen = compare(variant, 3, 120);
            with_merges += usize::from(seen.merged > 500);
            total.merged += seen.merged;
            total.shooting += seen.shooting;
            total.sweeping += seen.sweeping;
            total.dropping += seen.dropping;
        }
        assert!(with_merges >= 5, "{with_merges} variants with merges");
        assert!(total.shooting > 100, "{} shooting moves", total.shooting);
        assert!(total.sweeping > 100, "{} range captures", total.sweeping);
        assert!(total.dropping > 1000, "{} drops", total.dropping);
    }
}
