//! Which moves may give check: a filter that answers, for a move of the
//! side to move, "this move cannot leave a royal of the other side
//! attacked, nor end the game in the mover's favour", without playing it.
//!
//! A mate solver under the tsume rule, and a search that extends or
//! orders checks, would otherwise play every move and ask the attack test
//! ([`super::attacked_among`]). The filter over-approximates and never
//! misses: what it passes is played and tested as before, what it drops
//! cannot check. [`checking_moves`] is the two together: exactly the legal
//! moves after which a royal of the other side is attacked.
//!
//! It is derived from the compiled programs, once per rule set
//! ([`CheckTables`](crate::ruleset::CheckTables)): per colour and type, the one-leg attacks it has (the
//! reverse attack rays of [`crate::ruleset::AttackRays`]), and how far its
//! other programs (several legs, jumps over own pieces) can reach. Per
//! position ([`CheckFilter::new`]) it notes, for each royal of the other
//! side, the squares whose vacating opens a slider's line on it (a
//! discovered attack), and the walked pieces near enough to reach it.
//! A move may then check only if
//! - it takes something, shoots, sweeps or promotes others along (it may
//!   end the game: always passed);
//! - its piece, on its landing (and as what it becomes there), attacks a
//!   royal along one of its rays with the squares between empty after the
//!   move, or could reach it by a walked program;
//! - it vacates a square of a discovered attack;
//! - it vacates or fills a square within reach of a walked piece that is
//!   within reach of a royal.
//!
//! Everything the tables cannot decide cheaply passes every move (the
//! conservative fallback): effects (shots, auras, burning), freezing,
//! hops over screens, `wins_when` rules the options leave alive,
//! `loses_when` conditions that read more than the loser's own pieces and
//! kill history, walked programs with a `when` or a judged landing or an
//! unbounded reach (hook moves, range jumps, leaps to anywhere), a royal
//! already attacked, more royals than the filter keeps, and a repetition
//! policy under which the mover could win by repeating (the other side's
//! last move gave check).

use crate::board::{NO_SQUARE, Square};
use crate::dsl::TypeSet;
use crate::moves::{Move, Promotion, TooManyMoves};
use crate::position::{Position, cell_colour, cell_type, placed_cell};
use crate::ruleset::{RepetitionPolicy, UNBOUNDED};

/// Royals of the other side the filter keeps track of; with more, every
/// move passes.
const MAX_ROYALS: usize = 8;
/// Squares of discovered attacks and walked pieces near a royal kept per
/// position; with more, every move passes.
const MAX_NOTES: usize = 24;

/// The filter for one position: which moves of the side to move may give
/// check ([`CheckFilter::may_check`]). Built without allocating.
pub struct CheckFilter {
    /// Every move passes.
    all: bool,
    royals: [Square; MAX_ROYALS],
    n_royals: usize,
    /// Squares whose vacating opens a line on a royal.
    discover: [Square; MAX_NOTES],
    n_discover: usize,
    /// Walked pieces of the mover within reach of a royal, and their reach.
    near: [(Square, u32); MAX_NOTES],
    n_near: usize,
}

impl CheckFilter {
    /// The filter for the side to move of `pos` against the other side's
    /// pieces of `royals`.
    pub fn new(pos: &Position, royals: &TypeSet) -> CheckFilter {
        let mut f = CheckFilter {
            all: true,
            royals: [NO_SQUARE; MAX_ROYALS],
            n_royals: 0,
            discover: [NO_SQUARE; MAX_NOTES],
            n_discover: 0,
            near: [(NO_SQUARE, 0); MAX_NOTES],
            n_near: 0,
        };
        let rules = &*pos.rules;
        let tables = rules.check_tables();
        let side = pos.side;
        let enemy = side.opposite();
        if !tables.usable || pos.pending_win.is_some() {
            return f;
        }
        // Under these policies the mover wins by repeating when the other
        // side checked perpetually; only the other side's last move having
        // given no check rules that out cheaply.
        if matches!(
            rules.repetition,
            RepetitionPolicy::CreatorLoses | RepetitionPolicy::DrawUnlessPerpetualCheck
        ) && pos.checks.last() != Some(&false)
        {
            return f;
        }
        for sq in pos.pieces(enemy) {
            if royals.contains(cell_type(pos.cells[usize::from(sq)])) {
                if f.n_royals == MAX_ROYALS || super::attacked(pos, &pos.cells, side, sq) {
                    return f;
                }
                f.royals[f.n_royals] = sq;
                f.n_royals += 1;
            }
        }
        let geo = &rules.geometry;
        // Walked pieces within reach of a royal.
        for sq in pos.pieces(side) {
            let reach = tables.walked[side.index()][usize::from(cell_type(pos.cells[usize::from(sq)]))];
            if reach == 0 {
                continue;
            }
            if reach == UNBOUNDED {
                return f;
            }
            if f.royals[..f.n_royals]
                .iter()
                .any(|&k| geo.distance(k, sq) as u32 <= reach)
            {
                if f.n_near == MAX_NOTES {
                    return f;
                }
                f.near[f.n_near] = (sq, reach);
                f.n_near += 1;
            }
        }
        // Discovered attacks: along each ray back from a royal, a piece of
        // the mover's side, then one of the ray's types within its reach.
        let attack = rules.attack_rays();
        let squares = rules.offsets.squares;
        for &k in &f.royals[..f.n_royals] {
            for ray in &attack.rays[side.index()] {
                if ray.reach < 2 {
                    continue;
                }
                let back = &attack.back[usize::from(ray.offset) * squares..][..squares];
                let (mut sq, mut screen) = (k, NO_SQUARE);
                for _ in 0..ray.reach {
                    sq = back[usize::from(sq)];
                    if sq == NO_SQUARE {
                        break;
                    }
                    let c = pos.cells[usize::from(sq)];
                    if c == 0 {
                        continue;
                    }
                    if cell_colour(c) != side {
                        break;
                    }
                    if screen != NO_SQUARE {
                        if ray.types.contains(cell_type(c)) && !f.discover[..f.n_discover].contains(&screen) {
                            if f.n_discover == MAX_NOTES {
                                return f;
                            }
                            f.discover[f.n_discover] = screen;
                            f.n_discover += 1;
                        }
                        break;
                    }
                    screen = sq;
                }
            }
        }
        f.all = false;
        f
    }

    /// Whether every move passes (the tables cannot decide here).
    pub fn passes_all(&self) -> bool {
        self.all
    }

    /// May `m`, a legal move of the side to move of `pos` (the position
    /// the filter was built for), leave a royal of the other side
    /// attacked or end the game? False only where it cannot.
    #[inline]
    pub fn may_check(&self, pos: &Position, m: &Move) -> bool {
        if self.all || m.sweep != 0 || m.n_shots != 0 || m.promotion == Promotion::PromoteWithChain {
            return true;
        }
        let (vacated, placed) = match m.drop {
            Some(ty) => (NO_SQUARE, crate::position::cell(pos.side, ty)),
            None => {
                if m.landings()
                    .iter()
                    .any(|&sq| sq != m.from && pos.cells[usize::from(sq)] != 0)
                {
                    return true;
                }
                (m.from, placed_cell(pos, m))
            }
        };
        let to = m.to();
        let rules = &*pos.rules;
        let geo = &rules.geometry;
        let near = |a: Square, s: Square, reach: u32| a != NO_SQUARE && geo.distance(a, s) as u32 <= reach;
        // A walked piece that moves is judged from its landing below.
        if self.near[..self.n_near]
            .iter()
            .any(|&(s, reach)| s != vacated && (near(vacated, s, reach) || near(to, s, reach)))
        {
            return true;
        }
        if vacated != NO_SQUARE && self.discover[..self.n_discover].contains(&vacated) {
            return true;
        }
        // The piece on its landing.
        let tables = rules.check_tables();
        let c = pos.side.index();
        let ty = usize::from(cell_type(placed));
        let reach = tables.walked[c][ty];
        let attack = rules.attack_rays();
        let squares = rules.offsets.squares;
        let (tx, ty_) = geo.xy(to);
        for &k in &self.royals[..self.n_royals] {
            if reach != 0 && near(to, k, reach) {
                return true;
            }
            let (kx, ky) = geo.xy(k);
            let (ddx, ddy) = (kx - tx, ky - ty_);
            for &r in &tables.rays[c][ty] {
                let ray = &attack.rays[c][usize::from(r)];
                let (dx, dy) = tables.deltas[usize::from(ray.offset)];
                // `k = to + steps * (dx, dy)` for some 1 <= steps <= reach?
                let steps = if dx != 0 { ddx / dx } else { ddy / dy };
                if steps < 1 || steps > i32::from(ray.reach) || steps * dx != ddx || steps * dy != ddy {
                    continue;
                }
                let back = &attack.back[usize::from(ray.offset) * squares..][..squares];
                let mut sq = k;
                let mut open = true;
                for _ in 1..steps {
                    sq = back[usize::from(sq)];
                    if sq == NO_SQUARE || sq != vacated && pos.cells[usize::from(sq)] != 0 {
                        open = false;
                        break;
                    }
                }
                if open {
                    return true;
                }
            }
        }
        false
    }
}

/// The legal moves of the side to move after which a piece of the other
/// side in `royals` is attacked ([`super::attacked_among`]), in generation
/// order: the legal moves the [`CheckFilter`] passes, played and tested
/// (`pos` is given back unchanged).
pub fn checking_moves(pos: &mut Position, royals: &TypeSet, out: &mut Vec<Move>) -> Result<(), TooManyMoves> {
    super::legal_moves(pos, out)?;
    let filter = CheckFilter::new(pos, royals);
    let defender = pos.side.opposite();
    out.retain(|m| {
        if !filter.may_check(pos, m) {
            return false;
        }
        let undo = pos.play_unchecked(m);
        let check = super::attacked_among(pos, defender, royals);
        pos.unplay(&undo);
        check
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::{attacked_among, legal_moves};

    /// On random games of every bundled variant (src/ names none; among
    /// them drops, range capture and burning, shots, multi-leg and hook
    /// moves), the filter passes every legal move that leaves a royal of
    /// the other side attacked or wins at once (found by playing each
    /// move and asking the attack test), and `checking_moves` is exactly
    /// the moves that leave one attacked. Checks and captures are played
    /// more often than chance would, so that games reach positions with
    /// kings under attack.
    #[test]
    fn the_filter_never_misses_a_check_and_checking_moves_are_exact() {
        let (mut all, mut checks) = (Vec::new(), Vec::new());
        let (mut positions, mut decided, mut with_checks) = (0usize, 0usize, 0usize);
        let (mut moves_seen, mut dropped, mut in_decided) = (0usize, 0usize, 0usize);
        for variant in crate::rules::bundled_names() {
            let rules = crate::rules::load_variant(variant, &[]).expect("bundled");
            let royals = rules.royals.clone().unwrap_or_else(|| rules.check_set.clone());
            if royals.is_empty() {
                continue;
            }
            let mut seed = 0x2545_f491_4f6c_dd1d_u64 ^ variant.len() as u64;
            let mut variant_decided = 0;
            for _ in 0..3 {
                let mut pos = crate::position::Position::start(rules.clone());
                for _ in 0..70 {
                    if pos.outcome.is_some() || legal_moves(&pos, &mut all).is_err() || all.is_empty() {
                        break;
                    }
                    let filter = CheckFilter::new(&pos, &royals);
                    let defender = pos.side.opposite();
                    let mut exact = Vec::new();
                    let text = pos.to_text();
                    for m in &all {
                        let passes = filter.may_check(&pos, m);
                        let undo = pos.play_unchecked(m);
                        let check = attacked_among(&pos, defender, &royals);
                        let wins = pos.outcome.is_some_and(|o| o.winner() == Some(defender.opposite()));
                        pos.unplay(&undo);
                        assert!(passes || !check && !wins, "{variant}: {m:?} checks in {text}");
                        if check {
                            exact.push(*m);
                        }
                        moves_seen += 1;
                        dropped += usize::from(!passes);
                    }
                    checking_moves(&mut pos, &royals, &mut checks).unwrap();
                    assert_eq!(checks, exact, "{variant}: {text}");
                    assert_eq!(pos.to_text(), text, "{variant}: the position is given back");
                    positions += 1;
                    decided += usize::from(!filter.passes_all());
                    if !filter.passes_all() {
                        in_decided += all.len();
                        variant_decided += 1;
                    }
                    with_checks += usize::from(!exact.is_empty());
                    seed = seed
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    let pick = if !exact.is_empty() && seed >> 62 == 0 {
                        exact[(seed >> 33) as usize % exact.len()]
                    } else {
                        all[(seed >> 33) as usize % all.len()]
                    };
                    pos.play_unchecked(&pick);
                }
            }
            eprintln!("{variant}: the filter decided in {variant_decided} positions");
        }
        eprintln!(
            "{positions} positions, the filter decided in {decided}, {with_checks} with checks; it dropped {dropped} of {moves_seen} moves, {in_decided} in the positions it decided"
        );
        assert!(positions > 1000, "{positions} positions");
        assert!(
            decided > positions / 2,
            "the filter decided in {decided} of {positions} positions"
        );
        assert!(with_checks > 200, "{with_checks} positions with checks");
        assert!(dropped > in_decided / 2, "dropped {dropped} of {in_decided} moves");
    }
}
