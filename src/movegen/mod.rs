//! The interpreter's move generator: walks each piece's compiled movement
//! programs over the board, with the shots a shooter may fire on the way,
//! then applies the rule file's promotion conditions, capture restrictions,
//! freezing lines and the repetition rule.
//!
//! It never asks what a piece is called, only what its program says. The
//! hot path allocates nothing: paths live in fixed arrays and moves are
//! pushed into a caller-owned buffer. (Shooting conditions and mid-move
//! effects, which only some variants have, build a scratch board.)

mod check;
mod door;
mod effects;
mod enemy_rows;
mod facts;
mod gives_check;
mod paths;
mod rare;
mod sweep;
mod walker;

pub use crate::moves::{
    MAX_LEGS, MAX_MOVE_LIMIT, MAX_MOVES, MAX_SHOTS, Move, Promotion, TooManyMoves, move_limit, set_move_limit,
};
pub(crate) use check::{attacked, attacked_at, attacks_an_enemy};
pub use check::{attacked_among, in_check, threatened_among};
pub use door::{is_noisy, noisy_moves, quiet_moves};
pub(crate) use effects::on_board;
pub(crate) use facts::{BoardView, DropFacts, PathFacts, PointFacts, SideFacts, ignoring_drop_mates};
pub use gives_check::{CheckFilter, checking_moves};
pub use paths::chain_candidates;
pub(crate) use walker::{Walker, walk_piece_at};

use crate::board::{Colour, NO_SQUARE, Square};
use crate::dsl::{TypeSet, eval};
use crate::position::{Position, cell_colour, cell_type};
use crate::ruleset::{FreezeMode, RepetitionPolicy};

/// Squares whose pieces cannot move this turn: each is seen along a
/// freezing line of an enemy source.
fn frozen(pos: &Position) -> Vec<bool> {
    let rules = &*pos.rules;
    let mut out = vec![false; pos.cells.len()];
    for sq in pos.occupied() {
        let c = pos.cells[usize::from(sq)];
        let owner = cell_colour(c);
        for z in rules.effects.freezes.iter().filter(|z| z.source.contains(cell_type(c))) {
            for &o in &z.lines[owner.index()] {
                let mut t = sq;
                loop {
                    t = rules.offsets.target(o, t);
                    if t == NO_SQUARE {
                        break;
                    }
                    let v = pos.cells[usize::from(t)];
                    if v == 0 {
                        continue;
                    }
                    let enemy = cell_colour(v) != owner;
                    if enemy {
                        out[usize::from(t)] = true;
                    }
                    match z.mode {
                        FreezeMode::FirstPiece => break,
                        FreezeMode::UntilFriendly if !enemy => break,
                        _ => {}
                    }
                }
            }
        }
    }
    out
}

/// Is the piece on `sq` frozen (it cannot move this turn)?
pub fn is_frozen(pos: &Position, sq: Square) -> bool {
    !pos.rules.effects.freezes.is_empty() && frozen(pos)[usize::from(sq)]
}

/// Every legal move of the side to move, in generation order.
///
/// This is the one place every list of moves comes from, so the move
/// budget is kept here: a position with more than [`move_limit`] moves
/// (counted before the filters that keep royals safe and forbid
/// repetitions) is an error, and `out` is left empty.
///
#[doc = include_str!("../../docs/examples/movegen_mod_1.md")]
pub fn legal_moves(pos: &Position, out: &mut Vec<Move>) -> Result<(), TooManyMoves> {
    legal_part::<ALL>(pos, out, None)
}

/// The legal moves of the side to move that take an enemy piece of a type
/// in `set`, in generation order: those of the pieces that attack one
/// ([`attacked_among`]'s judgment: could land on its square) whose path
/// takes one (by landing on it, igui's return included) or captures by
/// range. The other pieces are not walked and the other moves not made,
/// so that "can the attacker take the last royal now?" (the mate solver)
/// costs a fraction of [`legal_moves`]. No drops, and no shots or burns:
/// in a variant with effects a piece may take without landing, which this
/// does not look for. Kept to the move budget on its own, as
/// [`noisy_moves`] is.
pub fn legal_captures_of(pos: &Position, set: &TypeSet, out: &mut Vec<Move>) -> Result<(), TooManyMoves> {
    out.clear();
    let side = pos.side;
    // The pieces that attack one (each listed once; more than the array
    // holds: every piece is walked).
    let mut from = [NO_SQUARE; 32];
    let mut n = 0;
    let mut overflow = false;
    for sq in pos.pieces(side.opposite()) {
        if set.contains(cell_type(pos.cells[usize::from(sq)])) {
            check::attackers_at(pos, &pos.cells, side, sq, 1, |a| {
                if !from[..n].contains(&a) {
                    if n == from.len() {
                        overflow = true;
                        return true;
                    }
                    from[n] = a;
                    n += 1;
                }
                false
            });
        }
    }
    if n == 0 && !overflow {
        return Ok(());
    }
    let takes = Takes {
        set,
        from: (!overflow).then_some(&from[..n]),
    };
    legal_part::<TAKES>(pos, out, Some(&takes))
}

/// What [`legal_captures_of`] lists: the moves that take a piece of `set`,
/// of the pieces on `from` (all when `None`).
struct Takes<'a> {
    set: &'a TypeSet,
    from: Option<&'a [Square]>,
}

/// Every move of the side to move before the filters that keep royals
/// safe and forbid repetitions: what a piece "aims at" when move text
/// tells pieces of one name apart (docs/notation.md#western), as
/// shogiops judges it.
pub(crate) fn pseudo_legal_moves(pos: &Position, out: &mut Vec<Move>) -> Result<(), TooManyMoves> {
    out.clear();
    if pos.outcome.is_some() {
        return Ok(());
    }
    generate::<false, ALL>(pos, out, move_limit(), None).map(|_| ())
}

/// The legal moves of `PART` ([`ALL`], [`NOISY`], [`QUIET`] or [`TAKES`]
/// of `takes`): those [`generate`] lists, through the filters that keep
/// royals safe and forbid repetitions (each judges one move at a time, so
/// a part is filtered as the whole list would be).
fn legal_part<const PART: u8>(pos: &Position, out: &mut Vec<Move>, takes: Option<&Takes>) -> Result<(), TooManyMoves> {
    out.clear();
    if pos.outcome.is_some() {
        return Ok(());
    }
    generate::<false, PART>(pos, out, move_limit(), takes)?;
    let rules = &*pos.rules;
    if let Some(royals) = &rules.royals {
        check::keep_royals_safe(pos, royals, out);
    }
    if let Some(scan) = RepetitionScan::of(pos) {
        keep_unrepeated(pos, scan, out);
    }
    Ok(())
}

/// How many moves [`legal_moves`] lists, counted without listing most of
/// them where that gives the same number (`scratch` is its buffer
/// otherwise).
///
/// The list is the paths of each piece (made moves by `push_path`, those
/// of a kind with overlapping alternatives merged), then the drops, then
/// two filters. Without royals to keep safe and with a repetition rule
/// that cannot bite here ([`RepetitionScan::of`]), neither filter removes
/// a move, so the number is what `push_path` pushes: a [`paths::Tally`]
/// counts those pushes one for one, and only the pieces whose paths are
/// merged, and the drops, are listed (in `scratch`) and counted by length.
///
/// The budget is the same as [`legal_moves`]'s. (Kept out of line: inlined
/// into perft's loop, it lost the walker's inlining, 1.5 % more instructions.)
#[inline(never)]
pub(crate) fn legal_move_count(pos: &Position, scratch: &mut Vec<Move>) -> Result<usize, TooManyMoves> {
    if pos.rules.royals.is_some() || RepetitionScan::of(pos).is_some() {
        legal_moves(pos, scratch)?;
        return Ok(scratch.len());
    }
    scratch.clear();
    if pos.outcome.is_some() {
        return Ok(0);
    }
    Ok(generate::<true, ALL>(pos, scratch, move_limit(), None)? + scratch.len())
}

/// Which of a position's moves [`generate`] lists: all, or only the noisy
/// or the quiet ones ([`door`]), or those that take a piece of a set
/// ([`legal_captures_of`]).
const ALL: u8 = 0;
const NOISY: u8 = 1;
const QUIET: u8 = 2;
const TAKES: u8 = 3;

/// The moves of the side to move before the filters: each piece's paths
/// (pushed to `out`, or with `COUNT` counted and returned, but for a kind
/// whose alternatives overlap), then the drops (pushed). `PART` keeps all
/// of them ([`ALL`], perft's and [`legal_moves`]' case), or only the noisy
/// or the quiet ones ([`door::is_noisy`]): those are judged as each move
/// is pushed, so no list of the others is made (drops are quiet).
///
/// More than `limit` of them is an error, with `out` cleared. The list is
/// compared after each piece and each drop type, not each move, so that
/// the hot path pays nothing: one piece adds at most its compiled path
/// bound (`compile::bounds`) times the few promotion choices of a path,
/// and a path's chain promotions, the one choice that multiplies, stop at
/// the limit (`paths::push_choices`). So a list never grows much past the
/// limit. Counted moves hold no memory and are compared once, at the end
/// (comparing them after each piece cost Chu's perft 8 % more
/// instructions): their work is the walk's, bounded by the paths limit
/// per piece.
#[inline(always)]
fn generate<const COUNT: bool, const PART: u8>(
    pos: &Position,
    out: &mut Vec<Move>,
    limit: usize,
    takes: Option<&Takes>,
) -> Result<usize, TooManyMoves> {
    let over = |out: &mut Vec<Move>| {
        out.clear();
        out.shrink_to(MOVES_KEPT);
        Err(TooManyMoves { limit })
    };
    let rules = &*pos.rules;
    let side = pos.side;
    let frozen = if rules.effects.freezes.iter().all(|z| !effects::on_board(pos, &z.source)) {
        Vec::new()
    } else {
        frozen(pos)
    };
    // Where the aura sources stand, so that a landing looks only at them.
    let mut sources = [NO_SQUARE; 16];
    let mut n_sources = 0;
    let mut sources_listed = rules.has_effects && !rules.effects.auras.is_empty();
    // (The piece counts say when none stands, as Ko's flames mostly do.)
    if sources_listed && rules.effects.auras.iter().any(|a| effects::on_board(pos, &a.source)) {
        for sq in pos.occupied() {
            let c = pos.cells[usize::from(sq)];
            if rules.effects.auras.iter().any(|a| a.source.contains(cell_type(c))) {
                if n_sources == sources.len() {
                    sources_listed = false;
                    break;
                }
                sources[n_sources] = sq;
                n_sources += 1;
            }
        }
    }
    let aura_sources = sources_listed.then_some(&sources[..n_sources]);
    let mut walker = walker::playing(pos, aura_sources);
    let mut tally = paths::Tally(0);
    for sq in pos.pieces(side) {
        if PART == TAKES && takes.is_some_and(|t| t.from.is_some_and(|f| !f.contains(&sq))) {
            continue;
        }
        if !walker.start(sq) || frozen.get(usize::from(sq)) == Some(&true) {
            continue;
        }
        let c = pos.cells[usize::from(sq)];
        let overlapping = rules.overlapping[rules.types[usize::from(cell_type(c))].kind];
        // Most pieces have no move: what their paths share is worked
        // out at the first one.
        let mut mover = None;
        if COUNT && !overlapping {
            let mut emit = |w: &Walker| {
                let mover = mover.get_or_insert_with(|| paths::Mover::new(pos, sq));
                paths::push_path(pos, w, mover, &mut tally);
                false
            };
            walker.walk_piece(&mut emit);
            continue;
        }
        let start = out.len();
        if PART == ALL {
            let mut emit = |w: &Walker| {
                let mover = mover.get_or_insert_with(|| paths::Mover::new(pos, sq));
                paths::push_path(pos, w, mover, out);
                false
            };
            walker.walk_piece(&mut emit);
        } else if PART == TAKES {
            let mut emit = |w: &Walker| {
                if takes.is_some_and(|t| path_takes(w, side, t.set)) {
                    let mover = mover.get_or_insert_with(|| paths::Mover::new(pos, sq));
                    paths::push_path(pos, w, mover, out);
                }
                false
            };
            walker.walk_piece(&mut emit);
        } else {
            let mut part = door::Part::new(pos, out, PART == NOISY);
            let mut emit = |w: &Walker| {
                let mover = mover.get_or_insert_with(|| paths::Mover::new(pos, sq));
                paths::push_path(pos, w, mover, &mut part);
                false
            };
            walker.walk_piece(&mut emit);
        }
        if overlapping {
            // The same path from two alternatives is one move.
            out[start..].sort_unstable_by_key(paths::move_key);
            let mut kept = start;
            for i in start..out.len() {
                if i == start || out[i] != out[kept - 1] {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
        if out.len() > limit {
            return over(out);
        }
    }
    if PART != NOISY && PART != TAKES && rules.drops.is_some() && !push_drops(pos, out, limit)
        || tally.0 + out.len() > limit
    {
        return over(out);
    }
    Ok(tally.0)
}

/// Whether the walked path takes an enemy (of `side`) piece of a type in
/// `set` on one of its landings, or captures by range.
#[inline]
fn path_takes(w: &Walker, side: Colour, set: &TypeSet) -> bool {
    (0..w.len).any(|i| {
        let v = w.victims[i];
        w.swept[i] != 0 || v != 0 && cell_colour(v) != side && set.contains(cell_type(v))
    })
}

/// The capacity a list of moves keeps after an error: a position's usual
/// moves, not the limit's worth.
const MOVES_KEPT: usize = 4096;

/// What the repetition rule needs to look at among the moves of a
/// position, when it can remove any.
#[derive(Clone, Copy)]
struct RepetitionScan {
    /// Earlier occurrences that make a move's position forbidden.
    earlier: usize,
    /// Only capturing moves can recreate an earlier position.
    quiet_cannot_repeat: bool,
}

impl RepetitionScan {
    /// `None` when the rule cannot remove a move of `pos`: it forbids
    /// nothing, or too few earlier positions exist (see [`keep_unrepeated`]).
    fn of(pos: &Position) -> Option<RepetitionScan> {
        let rules = &*pos.rules;
        if !matches!(
            rules.repetition,
            RepetitionPolicy::ForbidUnlessInCheck | RepetitionPolicy::Forbid
        ) {
            return None;
        }
        let earlier = usize::from(rules.forbidden_occurrence) - 1;
        if pos.history.len().div_ceil(2) < earlier {
            return None;
        }
        let other = pos.side_hash[pos.side.opposite().index()];
        let quiet_cannot_repeat = !rules.has_effects
            && pos
                .history_own
                .iter()
                .rev()
                .step_by(2)
                .filter(|&&h| h == other)
                .take(earlier)
                .count()
                < earlier;
        if quiet_cannot_repeat && rules.drops.is_none() {
            return None;
        }
        Some(RepetitionScan {
            earlier,
            quiet_cannot_repeat,
        })
    }
}

/// Removes the moves that would create the `forbidden_occurrence`th
/// occurrence of a position (unless the mover is in check, under
/// `forbid-unless-in-check`). The position after a move has the other
/// side to move, as every second earlier one has.
///
/// A hash match is only a candidate: the move is played on a copy and its
/// position compared with the earlier one square by square
/// (`Position::occurred_at`), so two positions that share a hash are not
/// taken for a repetition.
///
/// Most moves need no hash: without effects, a move that captures nothing
/// leaves the other side's pieces (board and hand) as they stand, so it can
/// recreate only an earlier position in which they stood the same
/// (`Position::history_own`). When fewer such positions than needed exist,
/// only capturing moves are looked at, and without drops not even those:
/// then no move adds a piece to the board, so a capture leaves fewer
/// pieces than every earlier position had.
fn keep_unrepeated(pos: &Position, scan: RepetitionScan, out: &mut Vec<Move>) {
    let rules = &*pos.rules;
    let side = pos.side;
    let RepetitionScan {
        earlier,
        quiet_cannot_repeat,
    } = scan;
    let exempt_in_check = rules.repetition == RepetitionPolicy::ForbidUnlessInCheck;
    let mut check: Option<bool> = None;
    out.retain(|m| {
        if quiet_cannot_repeat && !captures(pos, m) {
            return true;
        }
        // (Compile refuses these policies in variants with effects, the
        // only ones whose next hash is not known without playing.)
        let Some(h) = crate::position::hash_after(pos, m) else {
            return true;
        };
        // The hash filters: too few matches, no repetition.
        let seen = pos
            .history
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&old| old == h)
            .take(earlier)
            .count();
        if seen < earlier || !repeats(pos, m, h, earlier) {
            return true;
        }
        exempt_in_check && *check.get_or_insert_with(|| in_check(pos, side))
    });
}

/// Whether the position after `m` (whose hash is `h`) is the same as at
/// least `earlier` earlier positions with the other side to move,
/// compared square by square: the rare check behind a hash match, on a
/// copy of the position.
#[cold]
#[inline(never)]
fn repeats(pos: &Position, m: &Move, h: u64, earlier: usize) -> bool {
    let mut after = pos.clone();
    after.play_unchecked(m);
    (0..pos.history.len())
        .rev()
        .step_by(2)
        .filter(|&i| pos.history[i] == h && after.occurred_at(i))
        .take(earlier)
        .count()
        >= earlier
}

/// Does `m` capture a piece (by landing or by passing)?
fn captures(pos: &Position, m: &Move) -> bool {
    m.sweep != 0
        || m.drop.is_none()
            && m.landings().iter().any(|&sq| {
                let c = pos.cells[usize::from(sq)];
                c != 0 && cell_colour(c) != pos.side
            })
}

/// Every drop the side to move may make: each type in its hand on each
/// empty square (promoted too, for `promoted_drops`), unless `[drops]
/// forbid` holds. False, with the drops of one type too many pushed, when
/// `out` would hold more than `limit` moves.
fn push_drops(pos: &Position, out: &mut Vec<Move>, limit: usize) -> bool {
    let rules = &*pos.rules;
    let Some(drops) = &rules.drops else { return true };
    let side = pos.side;
    for &ty in &drops.hand_types {
        if out.len() > limit {
            return false;
        }
        if pos.in_hand(side, ty) == 0 {
            continue;
        }
        let promoted = if drops.promoted_drops.contains(ty) {
            rules.types[usize::from(ty)].promotes_to
        } else {
            None
        };
        for sq in pos.empty_squares() {
            for placed in [Some(ty), promoted].into_iter().flatten() {
                let facts = DropFacts {
                    pos,
                    colour: side,
                    ty: placed,
                    to: sq,
                };
                if drops.forbid.as_ref().is_some_and(|f| eval(f, &facts) != 0) {
                    continue;
                }
                out.push(Move::dropping(placed, sq));
            }
        }
    }
    out.len() <= limit
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What [`compare`] met: positions where a filter removed a move, or
    /// where moves were merged or dropped (so the count had to list them).
    #[derive(Default)]
    struct Seen {
        positions: usize,
        royal_filtered: usize,
        repetition_filtered: usize,
        merged: usize,
        drops: usize,
    }

    /// Plays `games` random games of `plies` from the start of `variant`,
    /// each side taking back its previous quiet step whenever it can (so
    /// that positions repeat), and checks on every position that the count
    /// is the list's length.
    fn compare(variant: &str, games: u64, plies: usize, seen: &mut Seen) {
        let rules = crate::rules::load_variant(variant, &[]).expect("bundled");
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let (mut moves, mut unfiltered, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..games {
            let mut pos = crate::position::Position::start(rules.clone());
            let mut played: Vec<Move> = Vec::new();
            for ply in 0..plies {
                legal_moves(&pos, &mut moves).unwrap();
                let count = legal_move_count(&pos, &mut scratch).unwrap();
                assert_eq!(count, moves.len(), "{variant}: {}", pos.to_text());
                seen.positions += 1;
                unfiltered.clear();
                if pos.outcome.is_none() {
                    generate::<false, ALL>(&pos, &mut unfiltered, usize::MAX, None)
                        .expect("bundled variants stay within the budget");
                }
                if unfiltered.len() > moves.len() {
                    if pos.rules.royals.is_some() && in_check(&pos, pos.side) {
                        seen.royal_filtered += 1;
                    } else if RepetitionScan::of(&pos).is_some() {
                        seen.repetition_filtered += 1;
                    }
                }
                seen.merged += usize::from(pos.rules.overlapping.iter().any(|&o| o));
                seen.drops += moves.iter().filter(|m| m.drop.is_some()).count();
                if moves.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let back = ply.checked_sub(2).map(|i| played[i]).and_then(|p| {
                    moves
                        .iter()
                        .find(|m| m.drop.is_none() && m.len == 1 && m.from == p.to() && m.to() == p.from)
                });
                let m = match back {
                    Some(&m) if seed >> 62 != 0 => m,
                    _ => moves[(seed >> 33) as usize % moves.len()],
                };
                played.push(m);
                pos.play_unchecked(&m);
            }
        }
    }

    #[test]
    fn counted_moves_are_as_many_as_listed_ones() {
        // Every bundled variant (src/ names none): royals kept safe,
        // repetitions forbidden, overlapping alternatives, drops.
        let mut seen = Seen::default();
        for variant in crate::rules::bundled_names() {
            compare(variant, 2, 80, &mut seen);
        }
        assert!(seen.positions > 1000, "{} positions", seen.positions);
        assert!(seen.royal_filtered > 10, "{} in check", seen.royal_filtered);
        assert!(
            seen.repetition_filtered > 10,
            "{} with repetitions",
            seen.repetition_filtered
        );
        assert!(seen.merged > 100, "{} with overlapping kinds", seen.merged);
        assert!(seen.drops > 1000, "{} drops", seen.drops);
    }
}
