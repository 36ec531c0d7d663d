//! Static evaluation. [`evaluate`] needs no move generation: material
//! (board and hands) from piece values, plus positional terms worked out
//! once from the rules ([`eval_terms`](self::terms)): empty-board reach
//! per square, nearness to the promotion zone, and royal safety from the
//! enemy pieces standing near each royal.
//!
//! Values come from the rule file's `value` key; a piece without one is
//! valued by its mobility on an empty board, so a new rule file plays
//! without tuning. Nothing here names a piece or a variant.
//!
//! Working the mobility out walks each kind's paths, so it is bounded: at
//! most [`VALUE_PATHS`] paths over all kinds (each kind gets an equal
//! share, at least [`KIND_PATHS`]), so that an engine given a rule file
//! of a thousand kinds answers at once. A kind with more paths than its
//! share is valued by the squares its first paths reach.

use crate::board::{Colour, Square};
use crate::position::{Cell, HAND_ENTRY, Position, cell, cell_colour, cell_type};
use crate::ruleset::{Ruleset, TypeId};

#[path = "eval_terms.rs"]
pub mod terms;

/// Paths walked at most, over all kinds, to value those without `value`:
/// far more than any bundled variant needs (a few hundred thousand for
/// Taikyoku's 300 kinds), a fraction of a second.
pub const VALUE_PATHS: usize = 4_000_000;
/// Paths each kind may walk at least, whatever the number of kinds.
pub const KIND_PATHS: usize = 2_000;

/// The value of every piece type of a ruleset.
#[derive(Clone, Debug)]
pub struct PieceValues {
    /// `by_type[ty]`.
    pub by_type: Vec<i32>,
}

impl PieceValues {
    /// Values from the rule file, with the mobility default where absent.
    pub fn new(rules: &Ruleset) -> PieceValues {
        let share = (VALUE_PATHS / rules.kinds.len().max(1)).max(KIND_PATHS);
        let by_kind: Vec<i32> = (0..rules.kinds.len())
            .map(|k| rules.kinds[k].value.unwrap_or_else(|| value_from(rules, k, share)))
            .collect();
        let by_type = rules.types.iter().map(|t| by_kind[t.kind]).collect();
        PieceValues { by_type }
    }

    #[inline]
    pub fn of(&self, ty: TypeId) -> i32 {
        self.by_type[usize::from(ty)]
    }

    /// Material of `side` minus that of its opponent.
    pub fn material(&self, pos: &Position, side: Colour) -> i32 {
        let (mine, theirs) = (&pos.counts[side.index()], &pos.counts[side.opposite().index()]);
        let mut sum = 0i32;
        for (ty, &v) in self.by_type.iter().enumerate() {
            sum += v * (i32::from(mine[ty]) - i32::from(theirs[ty]));
        }
        sum
    }
}

/// Royals followed per side by the safety term; more are not looked at.
pub const ROYALS_FOLLOWED: usize = 4;

/// An enemy piece within this many squares (Chebyshev) of a royal counts
/// against that royal's safety.
pub const ROYAL_RADIUS: i32 = 2;

/// Share of an enemy piece's value, in 1/256ths, that it costs the side
/// whose royal it stands next to (distance 1) or two squares from
/// (distance 2), divided by the number of royals that side has.
pub const ROYAL_THREAT: [i32; 3] = [0, 16, 6];

/// Everything the evaluation needs, worked out once per ruleset.
#[derive(Clone, Debug)]
pub struct Evaluator {
    values: PieceValues,
    /// `bonus[colour][type * squares + sq]`.
    bonus: [Vec<i16>; 2],
    royal: Vec<bool>,
    squares: usize,
    width: i32,
    /// `(type, value)` of the types a hand can hold.
    hand: Vec<(TypeId, i32)>,
}

impl Evaluator {
    /// The evaluator of `rules`: its piece values and positional tables.
    pub fn new(rules: &Ruleset) -> Evaluator {
        let values = PieceValues::new(rules);
        let t = terms::tables(rules, &values.by_type);
        let hand = rules.drops.as_ref().map_or_else(Vec::new, |d| {
            d.hand_types.iter().map(|&ty| (ty, values.of(ty))).collect()
        });
        Evaluator {
            values,
            bonus: t.bonus,
            royal: t.royal,
            squares: rules.geometry.len(),
            width: rules.geometry.width as i32,
            hand,
        }
    }

    /// The piece values (for move ordering and exchange estimates).
    pub fn values(&self) -> &PieceValues {
        &self.values
    }

    /// The value of a piece of type `ty`.
    #[inline]
    pub fn value(&self, ty: TypeId) -> i32 {
        self.values.of(ty)
    }

    /// The positional bonus of `colour`'s `ty` on `sq` (reach and
    /// promotion zone).
    #[inline]
    pub fn square_bonus(&self, colour: Colour, ty: TypeId, sq: Square) -> i32 {
        i32::from(self.bonus[colour.index()][usize::from(ty) * self.squares + usize::from(sq)])
    }

    /// Whether pieces of type `ty` are royal (their safety is scored).
    pub fn is_royal(&self, ty: TypeId) -> bool {
        self.royal[usize::from(ty)]
    }
}

/// The static score of `pos` from the side to move's point of view, in
/// centipawns: material on the board and in hand, square bonuses, royal
/// safety. O(pieces × royals); no move is generated. The search keeps the
/// same score incrementally ([`EvalState`]).
pub fn evaluate(pos: &Position, ev: &Evaluator) -> i32 {
    EvalState::full(pos, ev).score(pos.side)
}

/// The evaluation's parts for one position, kept from move to move: a
/// child's state is its parent's plus what the squares the move changed
/// (the position's journal since the parent) add and remove, so a node
/// costs O(squares changed × royals) instead of O(pieces × royals). A move
/// that changes a royal's square (or takes or makes a royal) is scored
/// from scratch, since every piece's nearness to it changes.
#[derive(Clone, Copy, Debug, Default)]
pub struct EvalState {
    /// Per colour: every term of its pieces on the board (value, square
    /// bonus, threat to the enemy royals).
    board: [i32; 2],
    /// Per colour: the value of its pieces in hand.
    hand: [i32; 2],
    /// Per colour: its first [`ROYALS_FOLLOWED`] royals' squares, and how
    /// many royals it has.
    royals: [[Square; ROYALS_FOLLOWED]; 2],
    n_royals: [usize; 2],
    /// The position's journal length when this state was made.
    journal: usize,
}

impl EvalState {
    /// The state of `pos`, from scratch.
    pub fn full(pos: &Position, ev: &Evaluator) -> EvalState {
        let mut st = EvalState {
            journal: pos.journal.len(),
            ..EvalState::default()
        };
        for sq in pos.occupied() {
            let c = pos.cells[usize::from(sq)];
            let (col, ty) = (cell_colour(c), cell_type(c));
            let i = col.index();
            if ev.royal[usize::from(ty)] {
                if st.n_royals[i] < ROYALS_FOLLOWED {
                    st.royals[i][st.n_royals[i]] = sq;
                }
                st.n_royals[i] += 1;
            }
        }
        for sq in pos.occupied() {
            let c = pos.cells[usize::from(sq)];
            st.board[cell_colour(c).index()] += st.piece(ev, sq, c);
        }
        st.hand = hand_values(pos, ev);
        st
    }

    /// The state of `pos`, a descendant of the position `self` was made
    /// for (moves played since, none taken back past it).
    pub fn after(&self, pos: &Position, ev: &Evaluator) -> EvalState {
        let changed = pos.journal.get(self.journal..).unwrap_or(&[]);
        let mut st = EvalState {
            journal: pos.journal.len(),
            ..*self
        };
        let mut hand = false;
        for (i, &(sq, old)) in changed.iter().enumerate() {
            if sq >= HAND_ENTRY {
                hand = true;
                continue;
            }
            // A square set twice counts once: from its first old content
            // to what stands there now.
            if changed[..i].iter().any(|&(s, _)| s == sq) {
                continue;
            }
            let new = pos.cells[usize::from(sq)];
            let royal = |c: Cell| c != 0 && ev.royal[usize::from(cell_type(c))];
            if royal(old) || royal(new) {
                return EvalState::full(pos, ev);
            }
            if old != 0 {
                st.board[cell_colour(old).index()] -= st.piece(ev, sq, old);
            }
            if new != 0 {
                st.board[cell_colour(new).index()] += st.piece(ev, sq, new);
            }
        }
        if hand {
            st.hand = hand_values(pos, ev);
        }
        st
    }

    /// The squares of `side`'s royals, if it has at most
    /// [`ROYALS_FOLLOWED`] (else `None`: not all are followed).
    pub fn royals(&self, side: Colour) -> Option<&[Square]> {
        let i = side.index();
        (self.n_royals[i] <= ROYALS_FOLLOWED).then(|| &self.royals[i][..self.n_royals[i]])
    }

    /// The score for `side`.
    pub fn score(&self, side: Colour) -> i32 {
        let (me, other) = (side.index(), side.opposite().index());
        self.board[me] + self.hand[me] - self.board[other] - self.hand[other]
    }

    /// What the piece `c` on `sq` adds to its side: value, square bonus
    /// and, if it is not royal, its threat to the enemy royals.
    fn piece(&self, ev: &Evaluator, sq: Square, c: Cell) -> i32 {
        let (col, ty) = (cell_colour(c), cell_type(c));
        let mut v = ev.values.of(ty) + ev.square_bonus(col, ty, sq);
        if ev.royal[usize::from(ty)] {
            return v;
        }
        let enemy = col.opposite().index();
        let followed = self.n_royals[enemy].min(ROYALS_FOLLOWED);
        if followed == 0 {
            return v;
        }
        let w = ev.width;
        let (a, mut threat) = (i32::from(sq), 0);
        for &r in &self.royals[enemy][..followed] {
            let b = i32::from(r);
            let d = ((a % w) - (b % w)).abs().max((a / w - b / w).abs());
            if d <= ROYAL_RADIUS {
                threat += ROYAL_THREAT[d as usize];
            }
        }
        if threat > 0 {
            v += ev.values.of(ty) * threat / 256 / self.n_royals[enemy] as i32;
        }
        v
    }
}

/// Per colour, the value of its pieces in hand.
fn hand_values(pos: &Position, ev: &Evaluator) -> [i32; 2] {
    let mut hand = [0; 2];
    for &(ty, v) in &ev.hand {
        for col in Colour::BOTH {
            hand[col.index()] += v * i32::from(pos.hands[col.index()][usize::from(ty)]);
        }
    }
    hand
}

/// A kind's default value: `100 × n^0.75`, with `n` the squares it reaches
/// from the centre of an empty board (at least one). The power below one
/// keeps long-range pieces from swamping the rest, as piece-value tables
/// of the chess family do (a queen is worth about three knights, not the
/// four its square count would say).
pub fn default_value(rules: &Ruleset, kind: usize) -> i32 {
    value_from(rules, kind, usize::MAX)
}

/// [`default_value`] from at most `max_paths` of the kind's paths.
fn value_from(rules: &Ruleset, kind: usize, max_paths: usize) -> i32 {
    let geo = &rules.geometry;
    let Some(centre) = geo.square(geo.width as i32 / 2, geo.height as i32 / 2) else {
        return 100;
    };
    // Every square a path lands on, as `diagram::move_map` marks them.
    let mut cells = vec![0; geo.len()];
    cells[usize::from(centre)] = cell(Colour::Black, rules.unpromoted_type(kind));
    let mut reached = vec![false; geo.len()];
    let mut paths = 0;
    terms::landings(rules, kind, &cells, centre, &mut paths, max_paths, &mut |sq| {
        reached[usize::from(sq)] = true;
    });
    let n = reached.iter().filter(|&&r| r).count().max(1);
    (100.0 * (n as f64).powf(0.75)).round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::legal_moves;
    use crate::position::LastMove;

    /// `pos` turned half round with the colours swapped: the same game
    /// seen from the other side. `side` is the mirror's side to move.
    fn mirrored(pos: &Position, side: Colour) -> Position {
        let n = pos.cells.len();
        let cells = (0..n)
            .map(|sq| match pos.cells[n - 1 - sq] {
                0 => 0,
                c => cell(cell_colour(c).opposite(), cell_type(c)),
            })
            .collect();
        let mut m = Position::from_parts(pos.rules.clone(), cells, side, LastMove::default(), Vec::new());
        m.hands = [pos.hands[1].clone(), pos.hands[0].clone()];
        m
    }

    /// Positions a few plies into each bundled variant (first, middle and
    /// last of the legal moves, in turn), so that pieces stand off their
    /// setup squares and hands fill where captures come.
    fn sample_positions(variant: &str) -> Vec<Position> {
        let rules = crate::rules::load_variant(variant, &[]).expect("bundled");
        let mut pos = Position::start(rules);
        let mut out = vec![pos.clone()];
        let mut moves = Vec::new();
        for ply in 0..12 {
            if legal_moves(&pos, &mut moves).is_err() || moves.is_empty() {
                break;
            }
            let m = moves[[0, moves.len() / 2, moves.len() - 1][ply % 3]];
            pos.play_unchecked(&m);
            out.push(pos.clone());
        }
        out
    }

    /// The evaluation favours neither colour: a position and its mirror
    /// (board turned, colours swapped) score the same for the side that
    /// plays the same pieces, and the negation for the other side.
    #[test]
    fn mirrored_positions_score_alike() {
        for variant in crate::rules::bundled_names() {
            let ev = Evaluator::new(&crate::rules::load_variant(variant, &[]).expect("bundled"));
            for pos in sample_positions(variant) {
                let e = evaluate(&pos, &ev);
                let same_pieces = mirrored(&pos, pos.side.opposite());
                let other_pieces = mirrored(&pos, pos.side);
                assert_eq!(evaluate(&same_pieces, &ev), e, "{variant}");
                assert_eq!(evaluate(&other_pieces, &ev), -e, "{variant}");
            }
        }
    }

    /// The incremental state agrees with a full evaluation after every
    /// legal move of positions along a game of every bundled variant (its
    /// captures, promotions, drops, lion and range moves), and after a
    /// chain of moves.
    #[test]
    fn incremental_state_matches_a_full_evaluation() {
        for variant in crate::rules::bundled_names() {
            let rules = crate::rules::load_variant(variant, &[]).expect("bundled");
            let ev = Evaluator::new(&rules);
            let mut pos = Position::start(rules);
            let mut chain = EvalState::full(&pos, &ev);
            let mut moves = Vec::new();
            for ply in 0..40 {
                if legal_moves(&pos, &mut moves).is_err() || moves.is_empty() || pos.outcome.is_some() {
                    break;
                }
                let parent = EvalState::full(&pos, &ev);
                for m in moves.iter().step_by(1 + moves.len() / 200) {
                    let undo = pos.play_unchecked(m);
                    let full = EvalState::full(&pos, &ev);
                    let inc = parent.after(&pos, &ev);
                    for side in Colour::BOTH {
                        assert_eq!(inc.score(side), full.score(side), "{variant} ply {ply}");
                    }
                    pos.unplay(&undo);
                }
                // Prefer a capture, so that the chain sees material change.
                let m = moves
                    .iter()
                    .copied()
                    .find(|m| {
                        m.landings()
                            .iter()
                            .any(|&sq| pos.cells[usize::from(sq)] != 0 && sq != m.from)
                    })
                    .unwrap_or(moves[(ply * 7) % moves.len()]);
                pos.play_unchecked(&m);
                chain = chain.after(&pos, &ev);
                assert_eq!(chain.score(pos.side), evaluate(&pos, &ev), "{variant} ply {ply}");
            }
        }
    }

    /// The bound on the paths walked never cuts a bundled variant's derived
    /// values short: each kind's share gives the value from every path.
    #[test]
    fn bundled_values_are_worked_out_from_every_path() {
        for variant in crate::rules::bundled_names() {
            let rules = crate::rules::load_variant(variant, &[]).expect("bundled");
            let share = (VALUE_PATHS / rules.kinds.len().max(1)).max(KIND_PATHS);
            for (k, kind) in rules.kinds.iter().enumerate() {
                assert_eq!(
                    value_from(&rules, k, share),
                    default_value(&rules, k),
                    "{variant} {}",
                    kind.id
                );
            }
        }
    }
}
