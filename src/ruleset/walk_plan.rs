//! The walk plan: each type's programs, per colour, in the order the
//! walker takes them, with every run of plain one-leg programs merged into
//! one list of rays that the walker follows in one loop, and how far each
//! offset may go from each square. Derived from the programs on first use.
//!
//! Each run of rays is kept once per edge class of squares (squares that
//! are as near to each edge, up to [`MAX_NEAR`]) with the rays whose first
//! step leaves the board dropped: most rays end at once, on an own piece,
//! and then neither the edge nor the reach is looked up.

use super::{CaptureMode, LegWalk, Program, Ruleset};
use crate::board::{Colour, Geometry, Square};

/// Each type's programs as the walker takes them, per colour
/// ([`Ruleset::walk_plan`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct WalkPlan {
    /// Per cell (a piece's type and colour), where its steps are in
    /// `steps`: a walk finds them with one lookup.
    by_cell: Vec<(u32, u32)>,
    /// Every piece's steps, in program order.
    steps: Vec<PlanStep>,
    /// For a piece whose steps are one run of rays, and each edge class:
    /// that run's list (`pieces[cell * n_classes + class]`; its `first`
    /// is [`MIXED`] for the other pieces).
    pieces: Vec<OnlyRays>,
    n_classes: usize,
    /// Each square's edge class.
    class: Vec<u8>,
    /// For the run of rays [`PlanStep::Rays`]`(at)` and the edge class
    /// `c`, where its list is in `rays`: `lists[at + c]`.
    lists: Vec<(u32, u32)>,
    rays: Vec<Ray>,
    /// For each (offset, reach) some ray has, one row of squares: how many
    /// times the offset may be repeated from the square, up to the reach,
    /// and stay on the board.
    room: Vec<u8>,
}

/// One step of a type's plan.
#[derive(Clone, Copy, Debug)]
pub(crate) enum PlanStep {
    /// Consecutive plain one-leg programs ([`Program::plain_ray`]), their
    /// offsets in program order: where its lists are in
    /// `WalkPlan::lists` ([`WalkPlan::rays`]).
    Rays(u32),
    /// Any other program, by its index in the kind's list.
    Program(usize),
}

/// The rays of a piece whose steps are one run of rays, from the squares
/// of one edge class ([`WalkPlan::only_rays`]).
#[derive(Clone, Copy, Debug, Default)]
struct OnlyRays {
    /// Where they are in [`WalkPlan::rays`].
    first: u32,
    end: u32,
    /// Their first squares as bits, bit `i` for the square `from + low +
    /// i`; 0 if they are not tested so ([`first_squares`]).
    firsts: u64,
    low: i16,
}

/// What [`WalkPlan::only_rays`] answers: a piece's rays from a square, and
/// their first squares as bits ([`OnlyRays::firsts`], from `from + low`).
pub(crate) struct PieceRays<'a> {
    pub(crate) rays: &'a [Ray],
    pub(crate) firsts: u64,
    pub(crate) low: i16,
}

/// How many rays a piece needs for its first squares to be tested at
/// once ([`OnlyRays::firsts`]): the test costs about what looking at two
/// of them does, and is lost when the piece can move.
const MASKED_RAYS: usize = 3;

/// The start of [`WalkPlan::pieces`] for a piece with steps other than
/// one run of rays.
const MIXED: u32 = u32::MAX;

/// How near to an edge (in squares) the edge classes tell apart: a ray
/// whose first step goes further along an axis is looked up in
/// [`WalkPlan::room`] before it is followed ([`Ray::CHECK`]).
const MAX_NEAR: u32 = 3;

/// One direction of a plain one-leg program: a step or jump (reach 1) or
/// a slide that ends at the first piece or at its reach (both in
/// [`WalkPlan::room`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ray {
    /// The change of square index one offset makes (squares are numbered
    /// rank by rank, so within the board it is the same everywhere).
    pub(crate) delta: i16,
    /// [`Ray::TO_EMPTY`], [`Ray::TO_ENEMY`], [`Ray::SLIDES`],
    /// [`Ray::CHECK`].
    pub(crate) flags: u8,
    /// Where its row of [`WalkPlan::room`] starts.
    pub(crate) room_row: u32,
}

impl Ray {
    /// It may land on an empty square (its capture mode is not `Must`).
    pub(crate) const TO_EMPTY: u8 = 1;
    /// It may land on an enemy (its capture mode is not `Never`).
    pub(crate) const TO_ENEMY: u8 = 2;
    /// Its reach is more than one square: past an empty first square, its
    /// room says how far it goes.
    pub(crate) const SLIDES: u8 = 4;
    /// Its first step may leave the board from a square of the class it is
    /// listed for: its room is looked up first.
    pub(crate) const CHECK: u8 = 8;
}

impl Program {
    /// The reach of this program's one leg (1 for a step or jump, else the
    /// slide's range, `u8::MAX` unlimited) if it is plain: no `when`, a leap
    /// or slide that passes nothing, judges nothing and may end the move.
    pub(crate) fn plain_ray(&self) -> Option<u8> {
        let [leg] = &self.legs[..] else { return None };
        if self.when.is_some() || !leg.can_stop_after || leg.judged {
            return None;
        }
        match leg.walk {
            LegWalk::Leap => Some(1),
            LegWalk::Slide { max } => Some(max),
            _ => None,
        }
    }
}

/// Each square's edge class, and one square of each class: squares are in
/// one class when they are as near to each edge, counted up to
/// [`MAX_NEAR`] (at most 7 kinds of column by 7 kinds of row).
fn edge_classes(geo: &Geometry) -> (Vec<u8>, Vec<Square>) {
    let near = |at: u32, len: u32| (at.min(MAX_NEAR), (len - 1 - at).min(MAX_NEAR));
    let mut ids = std::collections::BTreeMap::new();
    let mut members = Vec::new();
    let mut class = Vec::with_capacity(geo.len());
    for y in 0..geo.height {
        for x in 0..geo.width {
            let sq = (y * geo.width + x) as Square;
            let id = *ids.entry((near(x, geo.width), near(y, geo.height))).or_insert_with(|| {
                members.push(sq);
                members.len() - 1
            });
            class.push(id as u8);
        }
    }
    (class, members)
}

/// The first squares of `rays` as bits from the lowest (bit `i`: `low +
/// i` from the origin), or 0 if they span more than 64 squares or one is
/// [`Ray::CHECK`]ed (its first square may be off the board), or if there
/// are fewer than [`MASKED_RAYS`].
fn first_squares(rays: &[Ray]) -> (u64, i16) {
    if rays.len() < MASKED_RAYS {
        return (0, 0);
    }
    let low = rays.iter().map(|r| r.delta).min().unwrap_or(0);
    let mut bits = 0u64;
    for r in rays {
        let at = i32::from(r.delta) - i32::from(low);
        if r.flags & Ray::CHECK != 0 || at >= 64 {
            return (0, 0);
        }
        bits |= 1 << at;
    }
    (bits, low)
}

impl WalkPlan {
    fn build(rules: &Ruleset) -> WalkPlan {
        let offsets = &rules.offsets;
        let geo = &rules.geometry;
        let width = geo.width as i16;
        let (class, members) = edge_classes(geo);
        let mut out = WalkPlan {
            class,
            n_classes: members.len(),
            ..WalkPlan::default()
        };
        // Where the row of `room` for (offset, reach) starts, once a ray
        // has them.
        let mut rows = std::collections::BTreeMap::new();
        let mut room_row = |o: u8, reach: u8, room: &mut Vec<u8>| -> u32 {
            *rows.entry((o, reach)).or_insert_with(|| {
                let at = room.len() as u32;
                let off = offsets.list[usize::from(o)];
                // Along one axis: how many times `d` may be added to `at`
                // and stay in `0..len`.
                let axis = |at: u32, d: i8, len: u32| -> u32 {
                    match d {
                        0 => u8::MAX.into(),
                        1 => len - 1 - at,
                        -1 => at,
                        d if d > 0 => (len - 1 - at) / d as u32,
                        d => at / u32::from(d.unsigned_abs()),
                    }
                };
                for y in 0..geo.height {
                    let along_y = axis(y, off.dy, geo.height);
                    let reach = u32::from(reach);
                    room.extend((0..geo.width).map(|x| axis(x, off.dx, geo.width).min(along_y).min(reach) as u8));
                }
                at
            })
        };
        // Per colour and kind, where its steps are in `out.steps`.
        let mut kinds: [Vec<(u32, u32)>; 2] = Default::default();
        for colour in Colour::BOTH {
            for programs in &rules.programs[colour.index()] {
                let first = out.steps.len() as u32;
                let mut run = Vec::new();
                for (i, prog) in programs.iter().enumerate() {
                    let Some(reach) = prog.plain_ray() else {
                        out.push_run(&mut run, &members);
                        out.steps.push(PlanStep::Program(i));
                        continue;
                    };
                    let leg = &prog.legs[0];
                    run.extend(leg.offsets.iter().map(|&o| {
                        let off = offsets.list[usize::from(o)];
                        let far = u32::from(off.dx.unsigned_abs().max(off.dy.unsigned_abs())) > MAX_NEAR;
                        let flags = [
                            (leg.capture != CaptureMode::Must, Ray::TO_EMPTY),
                            (leg.capture != CaptureMode::Never, Ray::TO_ENEMY),
                            (reach > 1, Ray::SLIDES),
                            (far, Ray::CHECK),
                        ];
                        Ray {
                            delta: i16::from(off.dx) + i16::from(off.dy) * width,
                            flags: flags.iter().filter(|f| f.0).fold(0, |all, f| all | f.1),
                            room_row: room_row(o, reach, &mut out.room),
                        }
                    }));
                }
                out.push_run(&mut run, &members);
                kinds[colour.index()].push((first, out.steps.len() as u32));
            }
        }
        let cells = 2 * rules.types.len() + 2;
        out.by_cell = vec![(0, 0); cells];
        let mixed = OnlyRays {
            first: MIXED,
            ..OnlyRays::default()
        };
        out.pieces = vec![mixed; cells * out.n_classes];
        for (ty, t) in rules.types.iter().enumerate() {
            for colour in Colour::BOTH {
                // The index of the cell of this type and colour
                // (`position::cell`: type + 1, shifted, and the colour bit).
                let at = (ty + 1) << 1 | colour.index();
                let (first, end) = kinds[colour.index()][t.kind];
                out.by_cell[at] = (first, end);
                let only = match out.steps[first as usize..end as usize] {
                    [] => Some(None),
                    [PlanStep::Rays(run)] => Some(Some(run as usize)),
                    _ => None,
                };
                if let Some(run) = only {
                    for class in 0..out.n_classes {
                        let (first, end) = run.map_or((0, 0), |run| out.lists[run + class]);
                        let rays = &out.rays[first as usize..end as usize];
                        let (firsts, low) = first_squares(rays);
                        out.pieces[at * out.n_classes + class] = OnlyRays {
                            first,
                            end,
                            firsts,
                            low,
                        };
                    }
                }
            }
        }
        out
    }

    /// Adds the run of rays `run` (emptied) to the steps, listed once for
    /// each edge class with the rays that leave the board at once from its
    /// squares (`members`, one square of each) left out.
    fn push_run(&mut self, run: &mut Vec<Ray>, members: &[Square]) {
        if run.is_empty() {
            return;
        }
        self.steps.push(PlanStep::Rays(self.lists.len() as u32));
        for &sq in members {
            let first = self.rays.len() as u32;
            let room = &self.room;
            let on_board = |r: &&Ray| {
                r.flags & Ray::CHECK != 0 || room.get(r.room_row as usize + usize::from(sq)).is_some_and(|&n| n > 0)
            };
            self.rays.extend(run.iter().filter(on_board));
            self.lists.push((first, self.rays.len() as u32));
        }
        run.clear();
    }

    /// The steps of a piece `c` (its type and colour).
    #[inline]
    pub(crate) fn steps(&self, c: u16) -> &[PlanStep] {
        let (first, end) = self.by_cell.get(usize::from(c)).copied().unwrap_or_default();
        self.steps.get(first as usize..end as usize).unwrap_or_default()
    }

    /// The edge class of `sq` ([`WalkPlan::rays`], [`WalkPlan::only_rays`]).
    #[inline]
    pub(crate) fn class(&self, sq: Square) -> usize {
        self.class.get(usize::from(sq)).copied().unwrap_or_default().into()
    }

    /// The rays of the run that [`PlanStep::Rays`] names, from a square of
    /// edge class `class`: those whose first step stays on the board (or
    /// is [`Ray::CHECK`]ed).
    #[inline]
    pub(crate) fn rays(&self, run: u32, class: usize) -> &[Ray] {
        let (first, end) = self.lists.get(run as usize + class).copied().unwrap_or_default();
        self.rays.get(first as usize..end as usize).unwrap_or_default()
    }

    /// The rays of piece `c` from a square of edge class `class`, as
    /// [`WalkPlan::rays`] lists them, if its steps are one run of rays (or
    /// none): one lookup instead of the steps' two.
    #[inline]
    pub(crate) fn only_rays(&self, c: u16, class: usize) -> Option<PieceRays<'_>> {
        let p = self.pieces.get(usize::from(c) * self.n_classes + class)?;
        if p.first == MIXED {
            return None;
        }
        Some(PieceRays {
            rays: self.rays.get(p.first as usize..p.end as usize)?,
            firsts: p.firsts,
            low: p.low,
        })
    }

    /// How many squares `ray` may go from `sq`: up to its reach, and on
    /// the board.
    #[inline]
    pub(crate) fn room(&self, ray: &Ray, sq: Square) -> u8 {
        self.room
            .get(ray.room_row as usize + usize::from(sq))
            .copied()
            .unwrap_or(0)
    }
}

impl Ruleset {
    /// The walk plan, built on first use.
    #[inline]
    pub(crate) fn walk_plan(&self) -> &WalkPlan {
        self.walk_plan.get_or_init(|| WalkPlan::build(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::NO_SQUARE;
    use crate::position::cell;
    use crate::ruleset::TypeId;

    /// What the plan should hold for one piece from one square, found the
    /// slow way: its programs in order, every run of plain ones as the
    /// rays whose first step (through the neighbour table) is on the
    /// board, each with how far it goes and what it may land on.
    #[derive(Debug, PartialEq)]
    enum Expected {
        Rays(Vec<(Vec<Square>, bool, bool)>),
        Program(usize),
    }

    fn expected(rules: &Ruleset, colour: Colour, ty: TypeId, from: Square) -> Vec<Expected> {
        let kind = rules.types[usize::from(ty)].kind;
        let mut out = Vec::new();
        for (i, prog) in rules.programs[colour.index()][kind].iter().enumerate() {
            let Some(reach) = prog.plain_ray() else {
                out.push(Expected::Program(i));
                continue;
            };
            let leg = &prog.legs[0];
            let rays = leg.offsets.iter().filter_map(|&o| {
                let mut squares = Vec::new();
                let mut sq = from;
                while squares.len() < usize::from(reach) {
                    sq = rules.offsets.target(o, sq);
                    if sq == NO_SQUARE {
                        break;
                    }
                    squares.push(sq);
                }
                let lands = (leg.capture != CaptureMode::Must, leg.capture != CaptureMode::Never);
                (!squares.is_empty()).then_some((squares, lands.0, lands.1))
            });
            match out.last_mut() {
                Some(Expected::Rays(run)) => run.extend(rays),
                _ => out.push(Expected::Rays(rays.collect())),
            }
        }
        out
    }

    /// The plan of every piece from every square of every bundled variant
    /// lists its programs in order, and its rays as the neighbour table
    /// follows them (the rays leaving the board at once left out, unless
    /// checked), with their room.
    #[test]
    fn the_plan_follows_the_programs_and_the_neighbour_table() {
        for (variant, _) in crate::rules::BUNDLED {
            let rules = crate::rules::load_variant(variant, &[]).expect("bundled variant compiles");
            let plan = rules.walk_plan();
            let mut checked = 0;
            for colour in Colour::BOTH {
                for ty in 0..rules.types.len() as TypeId {
                    for from in 0..rules.geometry.len() as Square {
                        let class = plan.class(from);
                        let c = cell(colour, ty);
                        if let Some(PieceRays { rays, firsts, low }) = plan.only_rays(c, class) {
                            // The bits name the rays' first squares.
                            if firsts != 0 {
                                let mut bits = 0u64;
                                for r in rays {
                                    bits |= 1 << (r.delta - low);
                                }
                                assert_eq!(bits, firsts, "{variant} type {ty} from {from}");
                            }
                            let run = match plan.steps(c) {
                                [] => &[][..],
                                &[PlanStep::Rays(run)] => plan.rays(run, class),
                                _ => panic!("{variant}: only rays for a piece with programs"),
                            };
                            assert_eq!(rays, run, "{variant} type {ty} from {from}");
                        } else {
                            assert!(plan.steps(c).len() > 1 || matches!(plan.steps(c), [PlanStep::Program(_)]));
                        }
                        let found: Vec<Expected> = plan
                            .steps(c)
                            .iter()
                            .map(|step| match *step {
                                PlanStep::Program(i) => Expected::Program(i),
                                PlanStep::Rays(run) => Expected::Rays(
                                    plan.rays(run, class)
                                        .iter()
                                        .filter(|r| plan.room(r, from) > 0)
                                        .map(|r| {
                                            let mut sq = from;
                                            let squares = (0..plan.room(r, from))
                                                .map(|_| {
                                                    sq = sq.wrapping_add_signed(r.delta);
                                                    sq
                                                })
                                                .collect();
                                            (squares, r.flags & Ray::TO_EMPTY != 0, r.flags & Ray::TO_ENEMY != 0)
                                        })
                                        .collect(),
                                ),
                            })
                            .collect();
                        assert_eq!(
                            found,
                            expected(&rules, colour, ty, from),
                            "{variant} type {ty} from {from}"
                        );
                        // Only rays marked to be checked may leave the
                        // board at once; a ray slides only if marked so.
                        for step in plan.steps(c) {
                            if let &PlanStep::Rays(run) = step {
                                for r in plan.rays(run, class) {
                                    assert!(plan.room(r, from) > 0 || r.flags & Ray::CHECK != 0, "{variant}");
                                    assert!(plan.room(r, from) <= 1 || r.flags & Ray::SLIDES != 0, "{variant}");
                                }
                            }
                        }
                        checked += 1;
                    }
                }
            }
            assert!(checked > 0, "{variant} has pieces");
        }
    }
}
